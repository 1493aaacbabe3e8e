// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
)

// # The claim

// lemma1ID is the claim's id.
const lemma1ID = "mishchenko-lemma1"

var lemma1Claim = Claim{
	ID:    lemma1ID,
	Where: "Beyond the paper: the lemma Remark 4 cites (Lemma 1 of Mishchenko et al.), an implementation check",
	Goal:  true,
	Statement: "For a uniformly random permutation r, E φ²_{r,k}(x) = k(n-k)/(n-1) σ² (σ² the heterogeneity at x; Mishchenko et al.: equality, this paper quotes ≤), " +
		"so random reshuffling satisfies Assumption 4 in expectation with σ*² = nσ².",
	Quote: "for a random permutation E φ²_{r,k} = k(n-k)/(n-1) σ² (Lemma 1 of Mishchenko et al.)",
	Run:   claimRun(Lemma1Config{}.At, Lemma1Config.Run, (*Lemma1Result).Outcome),
	Rule:  &lemma1Rule,
	Registration: "Registered again on 2026-11-30, after its confirmatory pass on base seed 1001 (goal met), when an independent referee's read of that pass found its ±2% margin too wide to catch the likeliest implementation slip, (n-k)/n in place of (n-k)/(n-1), off by 1/n (1.56% at n = 64): " +
		"the margin is now ±1%, about four times the Monte Carlo's 95% half-width (±0.24%), its statistic, runs and parts unchanged; " +
		"a tightening made knowing that the superseded pass's intervals lay within ±0.6%, so the new pass tests that the part can be judged at the narrower margin, not a closer call.",
}

// lemma1Rule is the claim's rule, a goal of ours: Lemma 1 of Mishchenko
// et al., which the paper cites at line 299, is an equality, judged by
// equivalence (TOST) within ±lemma1Margin at every k < n (k = n, where
// both are 0, is not judged). It checks our φ² and permutations against
// the cited lemma; the paper's own sentence of line 299, a "≤", is
// remark-4's part remark4-rr, judged one-sided. Changed before the
// confirmatory pass (2026-11-29): the referee read the equality, which is
// the cited paper's and not this paper's, as no statement of this paper,
// so the claim became a goal of ours, its rule otherwise the same.
var lemma1Rule = Rule{
	Claim: lemma1ID,
	Goal:  true,
	Parts: []RulePart{{
		Name:      "mishchenko-lemma1-deviation",
		Sentence:  "Our implementation check: for a uniformly random permutation r, our Monte Carlo E φ²_{r,k}/k² equals (n-k)/(k(n-1)) σ², the equality of Lemma 1 of Mishchenko et al. (2020), which the paper cites at line 299 for its \"≤\" (M = 0, σ² the heterogeneity at x)",
		Statistic: "per k < n, the Monte Carlo E φ²_{r,k}/(k(n-k)/(n-1)σ²) - 1, 95% normal interval over the permutations",
		Test:      Equivalence, Lo: -lemma1Margin, Hi: lemma1Margin,
	}},
}

// lemma1Margin is the claim's equivalence margin, relative: ±1%, about
// four times the Monte Carlo's 95% half-width at its 200,000 draws
// (±0.24% at n = 64), and below the likeliest slip of an implementation,
// (n-k)/n in place of (n-k)/(n-1), which is off by 1/n (1.56% at n =
// 64). Since 2026-11-30, after the confirmatory pass on base seed 1001
// (before, remark-4's ±2%, equalityMargin, which that slip would pass).
const lemma1Margin = 0.01

// # The config

// Lemma1Config is the protocol of the mishchenko-lemma1 claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type Lemma1Config struct {
	// N is the number of components, D the dimension. Defaults 64 and 10.
	N, D int
	// Trials is the number of random permutations. Default 200,000.
	Trials int
	// Tolerance is a deviation in standard errors between the Monte Carlo
	// mean and the formula; since 2026-11-26 it is reported, not judged
	// (the verdict is an equivalence test, see Lemma1Findings). Default 5: for each k
	// the Monte Carlo mean of many draws is close to normal, so
	// |mean - E| / SE exceeds 5 with probability 5.7e-7; over at most a
	// thousand k the chance of a false alarm is below 1e-3 even if the k
	// were independent.
	Tolerance float64
}

// At returns c with its zero fields set to the mishchenko-lemma1 protocol at scale
// s.
func (c Lemma1Config) At(s Scale) Lemma1Config {
	return atScale(c, s, map[Scale]Lemma1Config{
		Smoke: {N: 16, D: 5, Trials: 2000},
		Full:  {N: 256, D: 20, Trials: 1000000},
	})
}

// fill sets the zero fields to their defaults.
func (c *Lemma1Config) fill() {
	fillZero(c, Lemma1Config{N: 64, D: 10, Trials: 200000, Tolerance: 5})
}

// validate returns an error naming the first field of c out of range.
func (c *Lemma1Config) validate() error {
	switch {
	case c.N < 2 || c.D < 1:
		return fmt.Errorf("paper: mishchenko-lemma1 with n = %d and d = %d, want n >= 2 and d >= 1", c.N, c.D)
	case c.Trials < 2:
		return fmt.Errorf("paper: mishchenko-lemma1 with %d trials, want >= 2", c.Trials)
	case !(c.Tolerance > 0):
		return fmt.Errorf("paper: mishchenko-lemma1 tolerance %v, want > 0", c.Tolerance)
	}
	return nil
}

// # The run

// Lemma1Result is the Monte Carlo check of Lemma 1 of Mishchenko et al.
type Lemma1Result struct {
	Config Lemma1Config
	Sigma2 float64
	Stats  *Phi2Stats
	// Want[k-1] is k(n-k)/(n-1) σ².
	Want []float64
	// Worst is the largest |mean - want| in standard errors, over the k
	// where the deviation exceeds rounding, and WorstK is its k.
	Worst  float64
	WorstK int
}

// check returns an error if res is nil or not of the shape of its config.
func (res *Lemma1Result) check() error {
	if res == nil || res.Stats == nil {
		return errResult(lemma1ID, "no statistics")
	}
	c, st := res.Config, res.Stats
	if c.N < 1 || len(st.Mean) != c.N || len(st.SE) != c.N || len(res.Want) != c.N {
		return errResult(lemma1ID, "%d means, %d standard errors and %d formula values, want n = %d", len(st.Mean), len(st.SE), len(res.Want), c.N)
	}
	return nil
}

// Run draws a random gradient matrix and compares the Monte Carlo
// mean of φ²_{r,k} over random permutations with ExpectedPhi2RR, or
// returns the comparison from env's cache.
func (c Lemma1Config) Run(ctx context.Context, env *Env) (*Lemma1Result, error) {
	return runCached(ctx, env, lemma1ID, "runLemma1", c, runLemma1)
}

func runLemma1(ctx context.Context, env *Env, c Lemma1Config) (*Lemma1Result, error) {
	seed := env.Seed
	rnd := newRand(seed, streamLemma1Grads)
	g := randomGrads(c.N, c.D, rnd)
	sigma2, _ := ordering.Heterogeneity(g)
	rr, err := ordering.NewRR(c.N, mixSeed(seed, streamLemma1RR))
	if err != nil {
		return nil, err
	}
	st, err := samplePhi2(ctx, g, rr, c.Trials)
	if err != nil {
		return nil, err
	}
	res := &Lemma1Result{Config: c, Sigma2: sigma2, Stats: st, Want: make([]float64, c.N)}
	for k := 1; k <= c.N; k++ {
		w, err := ordering.ExpectedPhi2RR(sigma2, c.N, k)
		if err != nil {
			return nil, err
		}
		res.Want[k-1] = w
		// At k = n, φ² is rounding (about 1e-28) with an even smaller
		// standard error: deviations below 1e-9·nσ² are rounding.
		if dev := math.Abs(st.Mean[k-1]-w) - 1e-9*sigma2*float64(c.N); dev > 0 && st.SE[k-1] > 0 {
			if z := dev / st.SE[k-1]; z > res.Worst {
				res.Worst, res.WorstK = z, k
			}
		}
	}
	return res, nil
}

// # The outcome

// Lemma1Findings is what the mishchenko-lemma1 claim shows: random
// reshuffling's Monte Carlo E φ²_{r,k} against k(n-k)/(n-1)σ².
type Lemma1Findings struct {
	// Z is the largest deviation over k in standard errors (at K), and
	// Tolerance the config's tolerance: reported, not judged.
	Z, Tolerance float64
	K            int
	// Rel is, for each k < n, the relative deviation E φ²_{r,k} /
	// (k(n-k)/(n-1)σ²) - 1 with its 95% normal interval (mean ± 1.96 SE
	// over the Trials draws, N = Trials: thousands of draws, so z is
	// fine). Margin is the equivalence margin (lemma1Margin). Holds is
	// set if every interval lies within ±Margin (TOST at 2.5% each side,
	// Interval.Within); Differs if some interval lies wholly outside it
	// (shown to differ by more than the margin), at KDiffers.
	Rel            []Interval
	Margin         float64
	Holds, Differs bool
	KDiffers       int
	// MaxRel is the largest relative deviation over k < n.
	MaxRel float64
	// P is the p-value of Holds as one intersection-union test: the
	// largest over k < n of each interval's equivalence p-value
	// (Interval.PWithin at Margin), below 0.025 exactly when every
	// interval lies within ±Margin.
	P float64
	// Judgement is what lemma1Rule finds, and Verdict its verdict:
	// Reproduced if Holds, NotReproduced if Differs, else Inconclusive
	// (an interval wider than the margin).
	Judgement Judgement
	Verdict   Verdict
}

// Findings returns what the claim shows. It returns an error if res is not
// of the shape of its config.
func (res *Lemma1Result) Findings() (*Lemma1Findings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	f := &Lemma1Findings{Z: res.Worst, K: res.WorstK, Tolerance: c.Tolerance, Margin: lemma1Margin, Holds: true}
	var ms []Measure
	for k := range c.N - 1 {
		w := res.Want[k]
		m, se := res.Stats.Mean[k]/w-1, res.Stats.SE[k]/w
		iv := mcInterval(m, se, c.Trials)
		if !(w > 0) {
			iv.Lo, iv.Hi = math.Inf(-1), math.Inf(1)
		}
		f.Rel = append(f.Rel, iv)
		ms = append(ms, Measure{Label: fmt.Sprintf("k = %d", k+1), Iv: iv})
		if !f.Differs && (iv.Lo > f.Margin || iv.Hi < -f.Margin) {
			f.Differs, f.KDiffers = true, k+1
		}
		f.MaxRel = math.Max(f.MaxRel, math.Abs(m))
		f.P = math.Max(f.P, iv.PWithin(f.Margin))
	}
	j, err := lemma1Rule.Judge(Measures{"mishchenko-lemma1-deviation": ms}, nil)
	if err != nil {
		return nil, err
	}
	f.Judgement, f.Verdict, f.Holds = j, j.Verdict, j.Holds("mishchenko-lemma1-deviation")
	return f, nil
}

// Outcome renders the findings: the verdict and its words, the rows and
// the chart. It returns an error if res is not of the shape of its config.
func (res *Lemma1Result) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	st := res.Stats
	ks := oneTo(c.N)
	lo, hi := band(st.Mean, st.SE, z95)
	maxRel := f.MaxRel
	var out Outcome
	out.judged(&lemma1Rule, f.Judgement)
	lc := &chart.LineChart{
		Title:  fmt.Sprintf("Random reshuffling, n = %d, d = %d: E φ²ᵣ,ₖ against Lemma 1 of Mishchenko et al.", c.N, c.D),
		XLabel: "k", YLabel: "E φ²ᵣ,ₖ",
		Series: []chart.Series{
			{X: ks, Y: st.Mean, Lo: lo, Hi: hi, Runs: c.Trials},
			{Name: "k(n-k)/(n-1) σ²", X: ks, Y: res.Want, Dashed: true},
		},
	}
	noteBand(lc, 0, fmt.Sprintf("Monte Carlo mean of %d permutations", c.Trials), "95% band")
	out.addChart("mishchenko-lemma1", "Lemma 1 of Mishchenko et al.", lc)
	out.Summary = fmt.Sprintf("Monte Carlo E φ²_{r,k} shown within ±%g%% of k(n-k)/(n-1)σ² at every k < n: %v (95%% intervals over %d draws; largest relative deviation %.2g, %.2f standard errors at k = %d)",
		100*f.Margin, f.Holds, c.Trials, maxRel, res.Worst, res.WorstK)
	out.Key = Key{Name: "largest relative deviation from k(n-k)/(n-1)σ²", Value: maxRel}
	out.Decides = &Decider{Name: "largest relative deviation of E φ²_{r,k} from k(n-k)/(n-1)σ²", Ours: fmt.Sprintf("%.2g", maxRel), Paper: fmt.Sprintf("0 (equality; our margin ±%g%%)", 100*f.Margin)}
	out.Brief = fmt.Sprintf("Monte Carlo E φ²_{r,k} shown within ±%g%% of k(n-k)/(n-1)σ² at every k < n: %v (Mishchenko et al.: equality (this paper quotes ≤); largest relative deviation %.2g)", 100*f.Margin, f.Holds, maxRel)
	if f.Differs {
		out.Brief += fmt.Sprintf("; shown to differ by more than %g%% at k = %d", 100*f.Margin, f.KDiffers)
	}
	peak := (c.N + 1) / 2
	out.Rows = []Row{
		{Quantity: fmt.Sprintf("E φ²_{r,k} at k = %d", peak), Paper: fmt.Sprintf("%.4g", res.Want[peak-1]),
			Ours: fmt.Sprintf("%.4g ± %.2g", st.Mean[peak-1], z95*st.SE[peak-1])},
		{Quantity: "largest deviation over k", Paper: "0", Ours: fmt.Sprintf("%.2f standard errors (k = %d)", res.Worst, res.WorstK)},
		{Quantity: "max_k E φ²_{r,k} / (nσ²)", Paper: "≤ 1 (Remark 4: σ*² = nσ²); exactly ⌈n/2⌉⌊n/2⌋/(n(n-1)) ≈ 1/4",
			Ours: func() string { m, _ := st.MaxOfMean(); return fmt.Sprintf("%.4f", m/(float64(c.N)*res.Sigma2)) }()},
		{Quantity: "E max_k φ²_{r,k} / (nσ²) (expected σ*² of one permutation)", Paper: "(not stated)",
			Ours: fmt.Sprintf("%.4f ± %.2g", st.MaxMean/(float64(c.N)*res.Sigma2), z95*st.MaxSE/(float64(c.N)*res.Sigma2))},
	}
	out.Details = "Remark 4 uses the lemma for σ*² = nσ² in expectation, bounding E φ²_{r,k} for each k. " +
		"The expected largest φ² of one permutation, the σ*² a single epoch sees, is larger than max_k E φ²_{r,k} but still of order nσ²."
	out.Protocol = []string{
		fmt.Sprintf("One random gradient matrix, n = %d, d = %d, rows = μ + diag(1, ..., d)·z; σ² is its heterogeneity (Assumption 5 with equality, M = 0).", c.N, c.D),
		fmt.Sprintf("%d uniformly random permutations; the 95%% band is ±1.96 standard errors.", c.Trials),
		fmt.Sprintf("Verdict: an equivalence test (TOST), as Lemma 1 is an equality: reproduced iff, at every k < n, the 95%% interval of E φ²_{r,k}/(k(n-k)/(n-1)σ²) - 1 (mean ± 1.96 SE over the %d draws; normal, not t, as the draws are thousands) lies within ±%g%%; not reproduced iff some interval lies wholly outside ±%g%%; else inconclusive. k = n, where both are 0, is not judged.", c.Trials, 100*f.Margin, 100*f.Margin),
		fmt.Sprintf("Changed after the confirmatory pass on base seed 1001 (goal met there), when an independent referee's read of it (2026-11-30) found the ±2%% margin about eight times the Monte Carlo's precision and too wide to catch the likeliest slip of an implementation, (n-k)/n in place of (n-k)/(n-1), off by 1/n (1.56%% at n = 64): the margin is ±%g%%, the claim's own (before ±2%%, remark-4's). The claim is registered again on new seeds.", 100*lemma1Margin),
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, the second referee read): the claim became a goal of ours, an implementation check (goal met / not met), its rule otherwise the same: the equality is the cited paper's, and this paper's own sentence at line 299 is a \"≤\", judged one-sided by remark-4's remark4-rr.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5: the statement judged is Mishchenko et al.'s Lemma 1, the equality the paper cites at line 299, quoted as the cited paper's statement; before, the part quoted line 299's \"≤\" while it tested the equality, and remark-4's remark4-rr judges that \"≤\" one-sided; the referee found one inequality judged two ways (issue 38's referee, row 11). The test (then equivalence within ±2%) was unchanged.",
		fmt.Sprintf("Rule history: changed on 2026-11-26 (issue 28's referee read), after the results were known (reproduced); before, the verdict was reproduced iff every |mean - formula| was within %g standard errors, which judges an equality by \"not different\" (a wide interval passed it).", c.Tolerance),
	}
	return &out, nil
}
