// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
)

// # The claim

// omegaID is the claim's id.
const omegaID = "omega-example"

var omegaClaim = Claim{
	ID:    omegaID,
	Where: "Sections 4.1 and 4.2",
	Statement: "On f_i = x²/2 ± σx the order f_1, f_{n/2+1}, f_2, ... achieves σ*² = σ², while a random order " +
		"has E σ*² ≥ nσ²/256 (Lemma 12 of Rajput et al.): choosing the order can beat random reshuffling by a factor of order n (Section 4.1); " +
		"on this example Algorithm 2 (greedy) is able to find the right order, alternating between f_i with i ≤ n/2 and i > n/2 (Section 4.2).",
	Quote: "\"choosing the right order strictly improves the bound ... over random reshuffling\" (σ*² = σ² against E σ*² ≥ nσ²/256), and greedy \"is able to find the right order\"",
	Run:   claimRun(OmegaConfig{}.At, OmegaConfig.Run, (*OmegaResult).Outcome),
	Rule:  &omegaRule,
	// The order-n part's margin is measured from the exponent 1.
	Known:      "omega-rr-order-n's value was known from the earlier passes when it was registered, and the other parts are exact",
	MarginFrom: map[string]float64{"omega-rr-order-n": 1},
	Criterion:  "our rule: random reshuffling's E σ*² judged of order n, the improvement the bound gives, as a fitted exponent in n shown above 1 − 0.1; the constant 1/256 itself is not approached (over 100× slack: the section gives the least), so it is reported, not judged",
	Registration: "Registered again on 2026-11-29, after its confirmatory pass on base seed 1001 (reproduced, every part holding), when an independent referee's read of that pass found the omega-rr-lower-bound part unable to fail at 7 of its 9 n: " +
		"every order has σ*² ≥ φ²_{r,1} = σ² on this example, at least nσ²/256 for n ≤ 256. The part is now judged at the n above 256 only (512 and 1024 at the default scale), its other parts and runs unchanged; " +
		"a tightening, known to hold at those n in the superseded pass (slack over 100×), so the new pass tests that the part can be judged, not a closer call. " +
		"Registered a third time on 2026-11-30, after its second confirmatory pass on base seed 1002 (reproduced), when the next referee read weighed that part as weak: with a least slack of 199× it is a bound not approached, which ../shared/REFEREE.md reports with its slack and does not count as a test. " +
		"The part became omega-rr-order-n, what the paper draws from the bound (random reshuffling's E σ*² of order n, so that the right order improves Theorem 1's bound by a factor of order n): the fitted exponent of E σ*² in n, shown above 0.9; the bound is reported with its slack beside. Its value was known from the earlier passes' rows (E σ*²/(nσ²) from 0.50 to 0.79, an exponent near 1.08), so the new pass tests the part's judgement, not a close call.",
}

// omegaTrivialN is the largest n at which random reshuffling's bound
// nσ²/256 holds for every order by construction on the example: every
// order has σ*² ≥ φ²_{r,1} = σ² ≥ nσ²/256 there. Its least slack is
// reported over the n above it.
const omegaTrivialN = 256

// omegaSlopeTol is how far below 1 the fitted exponent of random
// reshuffling's E σ*² in n may lie and still read as order n: the
// tolerance of theorem-1-noise's slopes (theorem1NoiseTol). A σ*² of
// order √n fails it.
const omegaSlopeTol = 0.1

// omegaRule is the claim's rule: the alternating order's and greedy's σ*²
// equal to σ² at every n (exact, within rounding), and random
// reshuffling's E σ*² of order n (its fitted exponent in n shown above
// 1 − omegaSlopeTol), what the bound E σ*² ≥ nσ²/256 gives; the bound
// itself, over 100× from any run, is reported with its slack.
var omegaRule = Rule{
	Claim: omegaID,
	Parts: []RulePart{{
		Name:      "omega-alternating",
		Sentence:  "the order f_1, f_{n/2+1}, f_2, f_{n/2+2}, …, f_{n/2}, f_n achieves σ*² = σ²",
		Tex:       354,
		Statistic: "per n, σ*²/σ² - 1 of the alternating order (exact: no interval)",
		Test:      Equivalence, Lo: -omegaRelTol, Hi: omegaRelTol,
	}, {
		Name:      "omega-greedy",
		Sentence:  "when this algorithm is used on the example functions, it is able to find the right order",
		Tex:       380,
		Statistic: "per n, σ*²/σ² - 1 of Algorithm 2's order (exact: no interval)",
		Test:      Equivalence, Lo: -omegaRelTol, Hi: omegaRelTol,
	}, {
		Name:      "omega-rr-order-n",
		Sentence:  "when choosing the order randomly, E σ*² ≥ nσ²/256. Therefore, in this case, choosing the right order strictly improves the bound in Theorem 1 over random reshuffling",
		Tex:       354,
		Statistic: "the least-squares slope of ln(E σ*²/σ²) of random reshuffling against ln n over the configured n, from the Monte Carlo means over the permutations, with its 95% normal interval from their standard errors (the delta method): the bound makes E σ*² of order n, an exponent of 1 (the alternating order's is 0, so the improvement is a factor of order n); our reading, the exponent shown above 1 − 0.1, so that a σ*² of order √n fails. The constant 1/256 is not approached (least slack over 100× at every n): it is reported with its slack, not judged",
		Test:      NonInferiority, Side: Above, Threshold: 1 - omegaSlopeTol,
	}},
}

// # The config

// OmegaConfig is the protocol of the omega-example claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type OmegaConfig struct {
	// Ns are the numbers of components n (even, >= 2). Default 4, 8, ...,
	// 1024.
	Ns []int
	// Sigma is σ of the example. Default 1.
	Sigma float64
	// Trials is the number of random permutations per n. Default 20,000.
	Trials int
	// RunN, Gamma and Epochs set the convergence runs: Algorithm 1 on the
	// example with n = RunN from x_0 = 1 with the constant step
	// γ = Gamma/RunN for Epochs epochs. Defaults 64, 0.5 and 40; a
	// negative RunN skips the runs.
	RunN   int
	Gamma  float64
	Epochs int
}

// At returns c with its zero fields set to the omega-example protocol at scale
// s.
func (c OmegaConfig) At(s Scale) OmegaConfig {
	return atScale(c, s, map[Scale]OmegaConfig{
		Smoke: {Ns: []int{4, 16, 64, 512}, Trials: 200, RunN: 16, Epochs: 10},
		Full:  {Ns: []int{4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}, Trials: 100000, RunN: 256, Epochs: 100},
	})
}

// fill sets the zero fields to their defaults.
func (c *OmegaConfig) fill() {
	fillZero(c, OmegaConfig{
		Ns:    []int{4, 8, 16, 32, 64, 128, 256, 512, 1024},
		Sigma: 1, Trials: 20000, RunN: 64, Gamma: 0.5, Epochs: 40,
	})
}

// validate returns an error naming the first field of c out of range.
func (c *OmegaConfig) validate() error {
	switch {
	case len(c.Ns) == 0:
		return fmt.Errorf("paper: omega-example with no n, want at least one")
	case !(c.Sigma > 0) || math.IsInf(c.Sigma, 0):
		return fmt.Errorf("paper: omega-example with σ = %v, want positive and finite", c.Sigma)
	case c.Trials < 2:
		return fmt.Errorf("paper: omega-example with %d trials, want >= 2", c.Trials)
	case c.RunN >= 0 && (c.RunN < 2 || c.RunN%2 != 0):
		return fmt.Errorf("paper: omega convergence with RunN = %d, want an even number >= 2, or negative to skip the runs", c.RunN)
	case c.RunN >= 0 && (c.Epochs < 1 || !(c.Gamma > 0) || math.IsInf(c.Gamma, 0)):
		return fmt.Errorf("paper: omega convergence with %d epochs and γn = %v, want both positive", c.Epochs, c.Gamma)
	}
	// problems.NewOneD checks every n.
	return nil
}

// # The run

// OmegaRow is σ*² (M* = 0) of every order of the Section 4.1 example at
// one n.
type OmegaRow struct {
	// N is the number of components n.
	N int
	// Alternating, Sorted and Greedy are σ*² of the alternating order, the
	// sorted order and the order of Algorithm 2 (GreedyOrder).
	Alternating, Sorted, Greedy float64
	// RRMean and RRSE are the Monte Carlo mean of σ*² over uniformly random
	// permutations and its standard error.
	RRMean, RRSE float64
	// Lower is the paper's lower bound nσ²/256 on E σ*² of a random order.
	Lower float64
}

// OmegaResult holds the omega-example claim's measurements.
type OmegaResult struct {
	Config OmegaConfig
	// Rows holds one row per n of the config.
	Rows []OmegaRow
	// Convergence holds the convergence runs, nil if RunN < 0.
	Convergence *OmegaConvergence
}

// check returns an error if res has no rows or malformed convergence
// runs.
func (res *OmegaResult) check() error {
	if res == nil || len(res.Rows) == 0 {
		return errResult(omegaID, "no rows")
	}
	conv := res.Convergence
	if conv == nil {
		return nil
	}
	if _, err := orderIndex(omegaID, conv.Orders, "sorted"); err != nil {
		return err
	}
	if len(conv.GradNorm2) != len(conv.Orders) {
		return errResult(omegaID, "%d convergence runs for %d orders", len(conv.GradNorm2), len(conv.Orders))
	}
	for o, g := range conv.GradNorm2 {
		if len(g) < 2 {
			return errResult(omegaID, "convergence run of %q has %d values, want >= 2", conv.Orders[o], len(g))
		}
	}
	return nil
}

// Run measures the Section 4.1 example for every n of c and runs
// Algorithm 1 on it with n = c.RunN under each order (greedy: Algorithm 2
// recomputed every epoch), or returns both from env's cache. The gradient
// deviations ±σ do not depend on x, so the gradients are taken at x = 0.3.
// The random permutations of each n are seeded from env.Seed and n.
func (c OmegaConfig) Run(ctx context.Context, env *Env) (*OmegaResult, error) {
	return runCached(ctx, env, omegaID, "runOmega", c, runOmega)
}

func runOmega(ctx context.Context, env *Env, c OmegaConfig) (*OmegaResult, error) {
	seed := env.Seed
	rows, err := omegaRows(ctx, c, seed)
	if err != nil {
		return nil, err
	}
	conv, err := runOmegaConvergence(ctx, c, seed)
	if err != nil {
		return nil, err
	}
	return &OmegaResult{Config: c, Rows: rows, Convergence: conv}, nil
}

// omegaRows measures σ*² of every order for every n of c.
func omegaRows(ctx context.Context, c OmegaConfig, seed uint64) ([]OmegaRow, error) {
	var rows []OmegaRow
	for _, n := range c.Ns {
		p, err := problems.NewOneD(n, c.Sigma)
		if err != nil {
			return nil, err
		}
		g := ordering.ComponentGrads(nil, p, []float64{0.3})
		row := OmegaRow{N: n}
		for _, o := range []struct {
			dst *float64
			r   []int
		}{
			{&row.Alternating, p.AlternatingOrder()},
			{&row.Sorted, p.SortedOrder()},
			{&row.Greedy, ordering.GreedyOrder(nil, g)},
		} {
			if *o.dst, err = orderSigmaStar2(g, o.r); err != nil {
				return nil, err
			}
		}
		if row.Lower, err = ordering.RandomSigmaStar2Lower(p.Sigma2(), n); err != nil {
			return nil, err
		}
		rr, err := ordering.NewRR(n, mixSeed(seed, streamOmegaRR, uint64(n)))
		if err != nil {
			return nil, err
		}
		st, err := samplePhi2(ctx, g, rr, c.Trials)
		if err != nil {
			return nil, err
		}
		row.RRMean, row.RRSE = st.MaxMean, st.MaxSE
		rows = append(rows, row)
	}
	return rows, nil
}

// omegaOrders names the orders of the convergence runs of the
// omega-example claim.
var omegaOrders = []string{"alternating", "greedy", "random reshuffling", "sorted"}

// omegaColour is each order's colour (chart.Series.Colour) in both of
// the claim's charts, so that a colour names one order in either; the
// paper's lower bound takes the fifth.
var omegaColour = map[string]int{"greedy": 1, "alternating": 2, "random reshuffling": 3, "sorted": 4, "bound": 5}

// OmegaConvergence is Algorithm 1 on the Section 4.1 example under each of
// its orders: alternating, greedy, random reshuffling and sorted.
type OmegaConvergence struct {
	// Orders names the orders, indexing GradNorm2.
	Orders []string
	// N is the number of components n and Gamma the step γ.
	N     int
	Gamma float64
	// GradNorm2[o][t] is ‖∇f(x_t)‖², t = 0..Epochs, under order o.
	GradNorm2 [][]float64
	// RRRuns are further runs of random reshuffling, each from its own
	// seed, for the chart's band: GradNorm2's run is one draw of many.
	// The findings use GradNorm2 only.
	RRRuns [][]float64
}

// omegaRRRuns is the number of random reshuffling runs the convergence
// chart's band spans, GradNorm2's included.
const omegaRRRuns = 10

// Average returns Theorem 1's left-hand side for order o, the mean of
// ‖∇f(x_t)‖² over the epoch starts t = 0..T-1.
func (c *OmegaConvergence) Average(o int) float64 {
	g := c.GradNorm2[o]
	var s float64
	for _, v := range g[:len(g)-1] {
		s += v
	}
	return s / float64(len(g)-1)
}

// runOmegaConvergence runs Algorithm 1 on the example with n = c.RunN under
// each of omegaOrders (random reshuffling seeded from seed). It returns nil
// if c.RunN < 0.
func runOmegaConvergence(ctx context.Context, c OmegaConfig, seed uint64) (*OmegaConvergence, error) {
	if c.RunN < 0 {
		return nil, nil
	}
	p, err := problems.NewOneD(c.RunN, c.Sigma)
	if err != nil {
		return nil, err
	}
	n := p.Len()
	alt, err := ordering.NewIncremental(n, p.AlternatingOrder())
	if err != nil {
		return nil, err
	}
	srt, err := ordering.NewIncremental(n, p.SortedOrder())
	if err != nil {
		return nil, err
	}
	rr, err := ordering.NewRR(n, mixSeed(seed, streamOmegaRun, uint64(n)))
	if err != nil {
		return nil, err
	}
	res := &OmegaConvergence{Orders: slices.Clone(omegaOrders), N: n, Gamma: c.Gamma / float64(n)}
	for _, o := range []ordering.Orderer{alt, &ordering.Greedy{}, rr, srt} {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		h := &ordering.History{}
		_, err := ordering.Run(p, []float64{1}, o, &ordering.Settings{Epochs: c.Epochs, Step: ordering.Constant(res.Gamma), Recorder: h, Context: ctx})
		if err != nil {
			return nil, err
		}
		g := make([]float64, len(h.Records))
		for t, r := range h.Records {
			g[t] = r.GradNorm2
		}
		res.GradNorm2 = append(res.GradNorm2, g)
	}
	for r := 1; r < omegaRRRuns; r++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		o, err := ordering.NewRR(n, mixSeed(seed, streamOmegaRun, uint64(n), uint64(r)))
		if err != nil {
			return nil, err
		}
		h := &ordering.History{}
		if _, err := ordering.Run(p, []float64{1}, o, &ordering.Settings{Epochs: c.Epochs, Step: ordering.Constant(res.Gamma), Recorder: h, Context: ctx}); err != nil {
			return nil, err
		}
		g := make([]float64, len(h.Records))
		for t, rec := range h.Records {
			g[t] = rec.GradNorm2
		}
		res.RRRuns = append(res.RRRuns, g)
	}
	return res, nil
}

// # The outcome

// omegaRelTol is the relative tolerance of the check that a measured σ*²
// equals σ²: the gradients 0.3 ± σ are not exact in binary.
const omegaRelTol = 1e-9 // the protocol text says 1e-9

// omegaEqual reports whether a measured σ*² equals want up to rounding.
func omegaEqual(got, want float64) bool {
	return math.Abs(got-want) <= omegaRelTol*want
}

// OmegaFindings is what the omega-example claim shows: σ*² of the greedy,
// alternating and sorted orders against Section 4.1's values, and random
// reshuffling's against the paper's lower bound nσ²/256, with the
// convergence runs if there are any.
type OmegaFindings struct {
	// AlternatingHolds is set if the alternating order's σ*² equals σ²
	// within a relative RelTol at every n, GreedyHolds if greedy's does,
	// SortedHolds if the sorted order's equals n²σ²/4, and RRHolds if
	// random reshuffling's mean σ*² is at least nσ²/256 at every n (point
	// estimates).
	AlternatingHolds, GreedyHolds, SortedHolds, RRHolds bool
	RelTol                                              float64
	// RRPart is the verdict of omegaRule's omega-rr-order-n on RRSlope:
	// Reproduced if its interval lies above 1 − omegaSlopeTol,
	// NotReproduced if below, else Inconclusive.
	RRPart Verdict
	// RRSlope is the least-squares slope of ln E σ*² of random
	// reshuffling against ln n, with its 95% normal interval from the
	// Monte Carlo standard errors (omegaSlope); N = 0 with fewer than 3 n.
	RRSlope Interval
	// WorstAlternating and WorstGreedy are the largest relative
	// deviations of the alternating and the greedy order's σ*² from σ².
	WorstAlternating, WorstGreedy float64
	// MinRatio and MaxRatio are the least and the largest E σ*²/(nσ²) of
	// random reshuffling over n, and LeastOverLower the least E σ*² over
	// paper's nσ²/256 over the n above omegaTrivialN (+Inf without one):
	// reported, not judged.
	MinRatio, MaxRatio, LeastOverLower float64
	// Convergence is set if the result has convergence runs. SortedSlowest
	// is then set if the sorted order has the largest (1/T)Σ‖∇f(x_t)‖²,
	// and, if the alternating order ran (Alternating), AlternatingFinal
	// and SortedFinal are their final ‖∇f‖².
	Convergence, SortedSlowest, Alternating bool
	AlternatingFinal, SortedFinal           float64
	// Judgement is what omegaRule finds. Verdict combines (combine) the
	// parts AlternatingHolds (the paper's
	// good order), GreedyHolds (Algorithm 2 finds one) and RRPart (random
	// reshuffling's E σ*² of order n): Reproduced if all hold,
	// NotReproduced if all fail, else PartlyReproduced, Inconclusive
	// while RRPart is unsettled. The first two are exact, up to rounding.
	Judgement Judgement
	Verdict   Verdict
}

// Findings returns what the claim shows. It returns an error if res has no
// rows or malformed runs.
func (res *OmegaResult) Findings() (*OmegaFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c, rows, conv := res.Config, res.Rows, res.Convergence
	s2 := c.Sigma * c.Sigma
	f := &OmegaFindings{SortedHolds: true, RRHolds: true, RelTol: omegaRelTol, MinRatio: math.Inf(1), LeastOverLower: math.Inf(1)}
	m := Measures{}
	for _, r := range rows {
		want, err := ordering.AlternatingSigmaStar2(s2, r.N)
		if err != nil {
			return nil, err
		}
		wantSorted, err := ordering.SortedSigmaStar2(s2, r.N)
		if err != nil {
			return nil, err
		}
		f.SortedHolds = f.SortedHolds && omegaEqual(r.Sorted, wantSorted)
		f.RRHolds = f.RRHolds && r.RRMean >= r.Lower
		label := fmt.Sprintf("n = %d", r.N)
		exact := func(x float64) Interval { return Interval{Mean: x, Lo: x, Hi: x, N: 1} }
		m["omega-alternating"] = append(m["omega-alternating"], Measure{Label: label, Iv: exact(r.Alternating/want - 1)})
		m["omega-greedy"] = append(m["omega-greedy"], Measure{Label: label, Iv: exact(r.Greedy/want - 1)})
		if r.N > omegaTrivialN {
			f.LeastOverLower = math.Min(f.LeastOverLower, r.RRMean/r.Lower)
		}
		f.WorstAlternating = math.Max(f.WorstAlternating, math.Abs(r.Alternating-want)/want)
		f.WorstGreedy = math.Max(f.WorstGreedy, math.Abs(r.Greedy-want)/want)
		ratio := r.RRMean / (float64(r.N) * s2)
		f.MinRatio, f.MaxRatio = math.Min(f.MinRatio, ratio), math.Max(f.MaxRatio, ratio)
	}
	f.RRSlope = omegaSlope(rows, c.Trials)
	note := "the paper's nσ²/256 reported, not judged: "
	if math.IsInf(f.LeastOverLower, 1) {
		note += fmt.Sprintf("no n above %d", omegaTrivialN)
	} else {
		note += fmt.Sprintf("least slack %.3g× at n > %d", f.LeastOverLower, omegaTrivialN)
	}
	m["omega-rr-order-n"] = []Measure{{Label: "exponent of E σ*² in n", Iv: f.RRSlope, Note: note}}
	if f.Convergence = conv != nil; f.Convergence {
		sorted, _ := orderIndex(omegaID, conv.Orders, "sorted")
		f.SortedSlowest = true
		for o := range conv.Orders {
			if o != sorted {
				f.SortedSlowest = f.SortedSlowest && conv.Average(o) < conv.Average(sorted)
			}
		}
		if alt := slices.Index(conv.Orders, "alternating"); alt >= 0 {
			a, s := conv.GradNorm2[alt], conv.GradNorm2[sorted]
			f.Alternating, f.AlternatingFinal, f.SortedFinal = true, a[len(a)-1], s[len(s)-1]
		}
	}
	j, err := omegaRule.Judge(m, nil)
	if err != nil {
		return nil, err
	}
	f.Judgement, f.Verdict = j, j.Verdict
	f.AlternatingHolds, f.GreedyHolds, f.RRPart = j.Holds("omega-alternating"), j.Holds("omega-greedy"), j.Parts[2].Verdict
	return f, nil
}

// omegaSlope returns the least-squares slope of ln(RRMean) against ln n
// over rows, with its 95% normal interval from the means' standard errors
// (the delta method: the slope is Σ wᵢ ln RRMeanᵢ, whose variance is
// Σ wᵢ² (SEᵢ/RRMeanᵢ)²); the fit's residuals are the curve's shape, not
// noise, and are not counted. N is trials, 0 (measured nothing) with
// fewer than 3 n or a mean that is not positive.
func omegaSlope(rows []OmegaRow, trials int) Interval {
	if len(rows) < 3 {
		return Interval{Mean: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	var mx float64
	for _, r := range rows {
		if !(r.RRMean > 0) {
			return Interval{Mean: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		}
		mx += math.Log(float64(r.N))
	}
	mx /= float64(len(rows))
	var sxx float64
	for _, r := range rows {
		d := math.Log(float64(r.N)) - mx
		sxx += d * d
	}
	var b, v float64
	for _, r := range rows {
		w := (math.Log(float64(r.N)) - mx) / sxx
		b += w * math.Log(r.RRMean)
		v += w * w * (r.RRSE / r.RRMean) * (r.RRSE / r.RRMean)
	}
	return mcInterval(b, math.Sqrt(v), trials)
}

// Outcome renders the findings: the checks, the verdict and its words, the
// rows, the chart of σ*² against n and, if there are convergence runs,
// their chart. It returns an error if res has no rows or malformed runs.
func (res *OmegaResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c, rows, conv := res.Config, res.Rows, res.Convergence
	var ns, alt, srt, grd, rrm, lo, hi, lb []float64
	for _, r := range rows {
		ns = append(ns, float64(r.N))
		alt, srt, grd = append(alt, r.Alternating), append(srt, r.Sorted), append(grd, r.Greedy)
		rrm, lb = append(rrm, r.RRMean), append(lb, r.Lower)
		lo, hi = append(lo, r.RRMean-z95*r.RRSE), append(hi, r.RRMean+z95*r.RRSE)
	}
	var out Outcome
	out.judged(&omegaRule, f.Judgement)
	minRatio, maxRatio := f.MinRatio, f.MaxRatio
	lc := &chart.LineChart{
		Title:  fmt.Sprintf("σ*² of an order on fᵢ = x²/2 ± σx, σ = %g (M* = 0)", c.Sigma),
		XLabel: "n", YLabel: "σ*²", LogX: true, LogY: true,
		Series: []chart.Series{
			{Name: "sorted (n²σ²/4)", X: ns, Y: srt, Colour: omegaColour["sorted"]},
			{X: ns, Y: rrm, Lo: lo, Hi: hi, Runs: c.Trials, Colour: omegaColour["random reshuffling"]},
			{Name: "paper's lower bound nσ²/256", X: ns, Y: lb, Dashed: true, Colour: omegaColour["bound"]},
			{Name: "alternating", X: ns, Y: alt, Colour: omegaColour["alternating"]},
			{Name: "greedy (Algorithm 2)", X: ns, Y: grd, Points: true, Colour: omegaColour["greedy"]},
		},
	}
	noteBand(lc, 1, "random reshuffling", fmt.Sprintf("mean of %d orders, 95%% band", c.Trials))
	out.addChart("omega-example", "σ*² of orders on the Section 4.1 example", lc)
	if conv != nil {
		omegaConvergenceOutcome(&out, conv, f)
	}
	last := rows[len(rows)-1]
	rrWords := omegaRRWords(f)
	out.Summary = fmt.Sprintf("alternating σ*² = σ² for every n in {%s}: %v; greedy's: %v; random reshuffling's E σ*² is %.2f to %.2f times nσ², "+
		"%.0f to %.0f times the paper's nσ²/256: %s; at n = %d the good order beats it by a factor of %.0f",
		joinInts(c.Ns), f.AlternatingHolds, f.GreedyHolds, minRatio, maxRatio, 256*minRatio, 256*maxRatio, rrWords, last.N, last.RRMean/last.Alternating)
	out.Key = Key{Name: "least E σ*²(RR)/(nσ²)", Value: minRatio}
	out.Decides = &Decider{Name: "largest relative deviation of σ*² from σ², alternating and greedy orders", Ours: fmt.Sprintf("%.1g, %.1g", f.WorstAlternating, f.WorstGreedy), Paper: "0 (σ*² = σ²)"}
	out.Brief = fmt.Sprintf("alternating and greedy σ*² = σ² at every n: %v, %v; RR's E σ*² %.2f to %.2f × nσ², order n (exponent %v, above %g): %v; nσ²/256 not approached", f.AlternatingHolds, f.GreedyHolds, minRatio, maxRatio, f.RRSlope, 1-omegaSlopeTol, f.RRPart)
	out.Rows = []Row{
		{Quantity: "σ*² of the alternating order", Paper: "σ²", Ours: fmt.Sprintf("σ² for every n: %v (largest relative deviation %.1g)", f.AlternatingHolds, f.WorstAlternating)},
		{Quantity: "σ*² of the greedy order (Algorithm 2)", Paper: "finds a good order (σ*² small)", Ours: fmt.Sprintf("σ² for every n: %v (largest relative deviation %.1g)", f.GreedyHolds, f.WorstGreedy)},
		{Quantity: "E σ*² of a random order", Paper: "≥ nσ²/256", Ours: fmt.Sprintf("%.3f·nσ² to %.3f·nσ²: %s", minRatio, maxRatio, rrWords)},
		{Quantity: "σ*² of the sorted order", Paper: "(not stated; Remark 4: ≤ n²σ²)", Ours: fmt.Sprintf("n²σ²/4 for every n: %v", f.SortedHolds)},
	}
	out.Details = "The ratio E σ*²/(nσ²) of random reshuffling settles near a constant as n grows, as for the largest squared value of a random-walk bridge; " +
		"the paper's constant 1/256 is far from tight."
	out.Protocol = omegaProtocol(c)
	if conv != nil {
		out.Protocol = append(out.Protocol, fmt.Sprintf("Convergence: Algorithm 1 on the example with n = %d from x₀ = 1, constant γ = %g/n, %d epochs, exact gradients; greedy recomputed every epoch.", conv.N, c.Gamma, c.Epochs))
	}
	return &out, nil
}

// omegaProtocol returns the claim's protocol lines, without the
// convergence runs'.
func omegaProtocol(c OmegaConfig) []string {
	return []string{
		fmt.Sprintf("n ∈ {%s}, σ = %g; E σ*² of a random order is the mean over %d uniformly random permutations per n (95%% band: ±1.96 standard errors).", joinInts(c.Ns), c.Sigma, c.Trials),
		"σ*² is max_k φ²_{r,k} with M* = 0; the deviations ±σ do not depend on x, so the gradients are taken at x = 0.3.",
		fmt.Sprintf("Equality with σ² is checked up to a relative %g (omegaRelTol; 0.3 ± σ is not exact in binary).", omegaRelTol),
		fmt.Sprintf("Verdict: combine over three parts, the alternating order's σ*² = σ² at every n, greedy's σ*² = σ² at every n, and random reshuffling's E σ*² of order n, what the paper's E σ*² ≥ nσ²/256 gives (the least-squares exponent of E σ*² in n over the configured n, 95%% normal interval from the Monte Carlo standard errors: holds if it lies above %g, fails if below): reproduced if all hold, not reproduced if all fail, else partly reproduced, inconclusive while a part is unsettled. The bound nσ²/256 itself is reported with its least slack, not judged.", 1-omegaSlopeTol),
		"Changed after the confirmatory pass on base seed 1002 (reproduced there, every part holding), when a referee weighed the bound part as weak (a bound with 199× slack is not approached, not a test): the part judges random reshuffling's E σ*² of order n by its exponent in n; before, it judged E σ*² ≥ nσ²/256 at the n above 256. The claim is registered again on new seeds.",
		"Changed after the confirmatory pass on base seed 1001 (reproduced there, every part holding), when a referee found the bound part unable to fail at 7 of its 9 n: random reshuffling's bound is judged at the n above 256 only, where nσ²/256 exceeds σ², the least σ*² any order has here; before, it was judged at every n, and at n ≤ 256 every order meets it by construction. The smoke scale adds n = 512 so that the part can be judged there. The claim is registered again on new seeds.",
		"Changed before the confirmatory pass (on the exploratory seeds 1-5): random reshuffling's lower bound became a part, judged whatever its slack; before, with over 100× slack, it was reported as \"not approached\", not judged (one rule for every claim on a bound).",
		"Rule history: changed on 2026-11-26 (issue 28's referee read), after the results were known (reproduced, random reshuffling 128 to 203 times the bound); before, the verdict was reproduced iff greedy's and the alternating order's σ*² equalled σ² and random reshuffling's mean was at least nσ²/256, all ANDed, so a bound with over 100 times slack counted as a test, and one failing part gave not reproduced where combine gives partly reproduced.",
	}
}

// omegaRRWords says how random reshuffling's E σ*² stands: its exponent
// in n against order n, the part's verdict, and the paper's nσ²/256 with
// its least slack, reported.
func omegaRRWords(f *OmegaFindings) string {
	w := fmt.Sprintf("exponent in n %v (order n: above %g): %v", f.RRSlope, 1-omegaSlopeTol, f.RRPart)
	if math.IsInf(f.LeastOverLower, 1) {
		return w + fmt.Sprintf("; the bound nσ²/256 not read (no n above %d, where it is not true by construction)", omegaTrivialN)
	}
	return w + fmt.Sprintf("; the bound nσ²/256 not approached, least slack %.3g× at n > %d (true by construction below), not judged", f.LeastOverLower, omegaTrivialN)
}

// omegaConvergenceSeries returns the convergence chart's lines: greedy
// first, then the alternating order dashed over it (their runs are equal
// when each σ*² is σ², and the later line would hide the earlier), random
// reshuffling as the median of its runs with a band from the least to the
// largest, then the rest.
func omegaConvergenceSeries(conv *OmegaConvergence) []chart.Series {
	var ss []chart.Series
	idx := func(name string) int { return slices.Index(conv.Orders, name) }
	x := ints(seq(len(conv.GradNorm2[0])))
	grd, alt := idx("greedy"), idx("alternating")
	if grd >= 0 {
		ss = append(ss, chart.Series{Name: "greedy", X: x, Y: conv.GradNorm2[grd], Colour: omegaColour["greedy"]})
	}
	if alt >= 0 {
		name := "alternating"
		if grd >= 0 && floats.EqualApprox(conv.GradNorm2[alt], conv.GradNorm2[grd], 1e-9) {
			name = "alternating (dashed: the same run as greedy's)"
		}
		ss = append(ss, chart.Series{Name: name, X: x, Y: conv.GradNorm2[alt], Dashed: true, Colour: omegaColour["alternating"]})
	}
	for o, name := range conv.Orders {
		if o == grd || o == alt {
			continue
		}
		g := conv.GradNorm2[o]
		if name != "random reshuffling" || len(conv.RRRuns) == 0 {
			ss = append(ss, chart.Series{Name: name, X: x, Y: g, Colour: omegaColour[name]})
			continue
		}
		runs := append([][]float64{g}, conv.RRRuns...)
		med, lo, hi := make([]float64, len(g)), make([]float64, len(g)), make([]float64, len(g))
		col := make([]float64, len(runs))
		for t := range g {
			for r, run := range runs {
				col[r] = run[t]
			}
			slices.Sort(col)
			med[t], lo[t], hi[t] = stat.Quantile(0.5, stat.Empirical, col, nil), col[0], col[len(col)-1]
		}
		ss = append(ss, chart.Series{Name: fmt.Sprintf("random reshuffling (median of %d runs, band: least to largest)", len(runs)), X: x, Y: med, Lo: lo, Hi: hi, Runs: len(runs), Colour: omegaColour[name]})
	}
	return ss
}

// omegaConvergenceOutcome adds the chart, rows and checks of the
// convergence runs conv, whose findings f holds.
func omegaConvergenceOutcome(out *Outcome, conv *OmegaConvergence, f *OmegaFindings) {
	lc := &chart.LineChart{
		Title:  fmt.Sprintf("Algorithm 1 on fᵢ = x²/2 ± σx, n = %d, γ = %.3g", conv.N, conv.Gamma),
		XLabel: "epoch t", YLabel: "‖∇f(xₜ)‖²", LogY: true,
	}
	var avgs []string
	for o, name := range conv.Orders {
		g := conv.GradNorm2[o]
		avgs = append(avgs, fmt.Sprintf("%s %.3g (final %.3g)", name, conv.Average(o), g[len(g)-1]))
	}
	lc.Series = omegaConvergenceSeries(conv)
	out.addChart("omega-convergence", "Algorithm 1 under each order on the Section 4.1 example", lc)
	out.Rows = append(out.Rows, Row{
		Quantity: "(1/T) Σ_t ‖∇f(x_t)‖² of Algorithm 1 under each order",
		Paper:    "Theorem 1: the bound grows with σ*² (sorted largest)",
		Ours:     fmt.Sprintf("%s; sorted slowest: %v", strings.Join(avgs, ", "), f.SortedSlowest),
	})
	out.addCheck("omega-sorted-slowest", f.SortedSlowest, "the order with the largest σ*² has the largest (1/T)Σ‖∇f(x_t)‖²: %s", strings.Join(avgs, ", "))
	if f.Alternating {
		fa, fs := f.AlternatingFinal, f.SortedFinal
		out.addCheck("omega-alternating-faster", fa < fs, "final ‖∇f‖² alternating %.4g < sorted %.4g, ratio %.4g", fa, fs, fs/fa)
	}
}
