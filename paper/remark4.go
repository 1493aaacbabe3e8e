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
	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
)

// # The claim

// remark4ID is the claim's id.
const remark4ID = "remark-4"

var remark4Claim = Claim{
	ID:    remark4ID,
	Where: "Remark 4 (bounds on σ*), Section 3.3",
	Statement: "Under Assumption 5 with (σ², M), every order satisfies φ²_{r,k}(x)/k² ≤ (n/k)σ² + (nM/k)‖∇f(x)‖², so Assumption 4 holds with σ*² = n²σ² and M* = nM; " +
		"for random reshuffling E φ²_{r,k}/k² ≤ (n-k)/(k(n-1)) (σ² + M‖∇f(x)‖²) (Lemma 1 of Mishchenko et al.), which allows σ*² = nσ² and M* = M.",
	Quote: "every order satisfies φ²_{r,k}/k² ≤ (n/k)σ² + (nM/k)‖∇f‖² (which gives σ*² = n²σ², M* = nM, reported beside); random reshuffling's E φ²_{r,k} within Lemma 1's bound (which allows σ*² = nσ², M* = M, reported beside)",
	Run:   claimRun(Remark4Config{}.At, Remark4Config.Run, (*Remark4Result).Outcome),
	Rule:  &remark4Rule,
	// Each of these parts' quantities is its setting's largest upper end
	// over the points and k (remark4Rule).
	Selected: map[string]string{"remark4-rr": "its setting's points and k"},
	Registration: "Registered a seventh time on 2026-12-01, after its pass on base seed 1006 (reproduced), when an independent referee's read of the whole registration weighed remark4-worst-case as weak: its statistic is at most (n−k)/n ≤ (n−1)/n for any input meeting Assumption 5, so no data fails it, and the problem's points reach only about half the bound (slack 2×), though a known input reaches (n−1)/n; REFEREE.md asks a check whose every input satisfies it by construction for an input where it could fail. " +
		"The part now judges the same orders on two more inputs as well, the one-outlier inputs: n component gradients whose deviations from ∇f are one (n−1)v and n−1 times −v, with (1/n)Σ‖∇f_i − ∇f‖² = 1, once with ∇f = 0 (Assumption 5 with σ² = 1, M = 0) and once with ∇f = e_1 (σ² = 0, M = 1, so that the M term and the centring of the gradients carry the bound), both with equality. On each, an order putting the outlier first reaches (n−1)/n = 0.9375 at n = 16: a slip in the φ², centring, M term or order code that inflates the statistic by more than n/(n−1) (about 7% in the statistic's units) fails the part there (a 15% slip fails it in TestRemark4Findings, at n = 8, where the most is 14.3%), where at the problem's points, about half the bound, it would not. The part still checks a proven inequality and our code, not a sample: the inputs are deterministic, and their value is exact. Its test, threshold and the other part are unchanged. The registered hashes cover the judging code (Findings) and the config, not the code that measures a run, so a later change to the inputs' construction would move no registered hash (as for every claim here). Fixed before the pass, after a referee read of this registration: the second input, with the M term, was added (the first read left the M term tight only at the points). " +
		"Known at this registration: on the exploratory seeds 1 to 5 (robustness pass, this code) the claim reads reproduced at every seed, the worst case 0.9375 (the one-outlier inputs, every seed alike) and RR's largest excess over Lemma 1's bound 1.99 to 2.96 standard errors; every earlier pass read reproduced. " +
		"The earlier registration's text, kept as it was: Registered a sixth time on 2026-11-30, after its pass on base seed 1005 (reproduced), when a referee read before that pass weighed remark4-sigma-star as weak for the reason remark4-rr-constants was taken out: tex:298's \"Therefore, Assumption 4 holds with σ*² = n²σ², M* = nM\" follows from the worst case by the same kind of algebra (φ² ≤ kn(σ² + M‖∇f‖²) gives φ² − k²nM‖∇f‖² ≤ knσ² ≤ n²σ²), so it held wherever remark4-worst-case held and was no second test, and at σ² = 0 it was 0 by construction (σ*² is floored at 0). The part is gone: σ*²/(n²σ²) is reported beside as implied by the judged worst case, as remark4-rr-constants' sentence is by remark4-rr. Known: it held in every pass. " +
		"The worst case itself is a check of a proven inequality, as theorem-1's is: the gradient deviations d_i sum to 0, so φ²_{r,k} = ‖Σ_{i≤k} d_i‖² = ‖Σ_{i>k} d_i‖² is at most k(n−k)/n Σ‖d_i‖², and under the checked precondition (Assumption 5) the statistic is at most (n−k)/n ≤ (n−1)/n; it fails only through wrong φ² or order code, not on data (said at this registration, after a referee read weighed it as weak for that reason; the rule is unchanged). " +
		"Registered a fifth time on 2026-11-30, after its pass on base seed 1004 (reproduced), when a referee read before that pass weighed remark4-rr-constants as weak again (implied by remark4-rr within the same 2%, its one tight point our setup's equality): the part is gone, and the sentence it judged (tex:299, \"this allows σ*² = nσ² and M* = M\") is reported beside as the remark's algebra from Lemma 1's bound, which remark4-rr judges. The texts below are the earlier registrations', kept as they were. " +
		"Registered again on 2026-11-29, after its confirmatory pass on base seed 1001 (reproduced), when an independent referee's read of that pass found remark4-rr-constants' printed closest call a placeholder 0 [0, 0] at k = n, where φ² = 0 exactly: " +
		"the part now measures the exact (negative) excess there. Its rule's value, other parts and runs are unchanged; the placeholder held, so no verdict can move: the new pass makes the printed quantities measurements. " +
		"Registered a fourth time on 2026-11-30, after its pass on base seed 1003 (reproduced), when the next referee read weighed remark4-rr-constants as weak again: the remark's algebra cannot fail on data; the part now judges the Monte Carlo E φ²_{r,k} against nσ² + k²M‖∇f‖², in that bound's units, by non-inferiority within 2% (as remark4-rr judges Lemma 1's bound), and the algebra is reported beside. The part holds whenever remark4-rr holds (Lemma 1's bound lies below the stated one, so it is the sentence's own quantity judged on the same means, not a second test); its one tight point is our setup's equality (σ² = 0, k = 1), where only a φ² or a Monte Carlo gone wrong fails it. " +
		"Superseded by the fourth registration (the part's text below is the third's, kept as it was registered): registered a third time on 2026-11-30, after its pass on base seed 1002 (reproduced), when the next referee read weighed remark4-rr-constants as weak: its Monte Carlo excess was measured in units of n(σ² + M‖∇f‖²), not of the bound nσ² + k²M‖∇f‖² the sentence states, so its 2% margin was 32% of that bound at the one tight point, which meets it by construction. " +
		"The sentence (tex:299, \"this allows σ*² = nσ² and M* = M\") is the remark's algebra from Lemma 1's bound, so the part now judges that step exactly: Lemma 1's bound on E φ²_{r,k} never above nσ² + k²M‖∇f‖², in units of the latter, at every point and k (tight at σ² = 0, k = 1); the Monte Carlo E φ²_{r,k} against Lemma 1's bound stays remark4-rr, and its excess over nσ² + k²M‖∇f‖² is reported beside in the stated bound's units. Known to hold from the earlier passes' values (the algebra holds at every k), so the new pass tests the part's judgement, not a close call.",
}

// remark4Rule is the claim's rule: the worst case of every order (exact,
// a bound judged whatever its slack), and random
// reshuffling's Monte Carlo against Lemma 1's bound, its "≤" judged by
// non-inferiority within 2% (the bound is attained here, so no interval
// could lie below it). σ*² = nσ², M* = M follows from that bound and
// σ*² = n²σ², M* = nM from the worst case, each reported beside (since
// 2026-11-30). Assumption 5 at the points, the
// inequality the remark assumes, is our setup's precondition; equality,
// our construction and the reason the Monte Carlo part needs its 2%
// margin, is reported beside.
var remark4Rule = Rule{
	Claim: remark4ID,
	Parts: []RulePart{{
		Name:      "remark4-worst-case",
		Sentence:  "Assumption 5 yields φ²_{r,k}(x)/k² ≤ (n/k)σ² + (nM/k)‖∇f(x)‖²",
		Tex:       298,
		Statistic: "per order, the largest φ²_{r,k}/(k n (σ² + M‖∇f‖²)) over the settings, points and k, and over the two one-outlier inputs (one deviation (n−1)v, the others −v; one with σ² alone, one with the M term alone), where any order putting the outlier first reaches (n−1)/n, the most any input can give (exact: the interval is the value itself)",
		Test:      Bound, Side: Below, Threshold: 1 + remark4Rounding,
	}, {
		Name:      "remark4-rr",
		Sentence:  "for random shuffling E φ²_{r,k}/k² ≤ (n-k)/(k(n-1)) (σ² + M‖∇f(x)‖²)",
		Tex:       299,
		Statistic: "per setting, the Monte Carlo E φ²_{r,k}/bound - 1 at the point and k with the largest upper end (and the largest lower end), 95% normal interval over the draws; p the largest over the setting's points and k",
		Test:      NonInferiority, Side: Below, Threshold: equalityMargin,
	}},
	Setup: []string{"Assumption 5 at every point"},
}

// remark4Worst returns the measures that stand for a group of quantities
// under an "every quantity below" part: the one with the largest upper end
// and, if another, the one with the largest lower end, each with the
// group's largest p of "holds" (an intersection-union test). The part
// holds on them exactly when every quantity's interval lies below, and
// fails exactly when one lies wholly above.
func remark4Worst(label string, ivs []Interval, labels []string, ps []float64) []Measure {
	hi, lo := 0, 0
	p := 0.0
	for i, iv := range ivs {
		if iv.Hi > ivs[hi].Hi {
			hi = i
		}
		if iv.Lo > ivs[lo].Lo {
			lo = i
		}
		p = math.Max(p, ps[i])
	}
	ms := []Measure{{Label: label + ", " + labels[hi], Iv: ivs[hi], HasP: true, PHold: p, PFail: 1 - p, Note: fmt.Sprintf("largest upper end of %d", len(ivs))}}
	if lo != hi {
		ms = append(ms, Measure{Label: label + ", " + labels[lo], Iv: ivs[lo], HasP: true, PHold: p, PFail: 1 - p, Note: fmt.Sprintf("largest lower end of %d", len(ivs))})
	}
	return ms
}

// remark4Exact returns the degenerate interval of an exact quantity x
// over n cases.
func remark4Exact(x float64, n int) Interval { return Interval{Mean: x, Lo: x, Hi: x, N: n} }

// Thresholds of the verdict, quoted in the protocol.
const (
	// remark4Rounding is the relative slack allowed for rounding in the
	// inequalities that hold exactly (the worst-case bound, Assumption 5
	// with equality).
	remark4Rounding = 1e-9
)

// # The config

// Remark4Setting is one pair (σ², M) of Assumption 5.
type Remark4Setting struct {
	Sigma2, M float64
}

// Remark4Config is the protocol of the remark-4 claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type Remark4Config struct {
	// N, D, L and Mu set up problems.HeteroQuadratic, one per setting.
	// Defaults 16, 6, 1 and 0.1.
	N, D  int
	L, Mu float64
	// Settings are the (σ², M) of Assumption 5, which the problem meets
	// with equality. Default (1, 0), (1, 0.2) and (0, 0.2).
	Settings []Remark4Setting
	// Points is the number of points x per setting, from x* outwards
	// along a random direction, with ‖∇f(x)‖² evenly spread from 0 to
	// 4·max(1, σ²/M) (from the first step out if σ² = 0). Default 5.
	Points int
	// RandomOrders is the number of uniformly random permutations checked
	// against the worst-case bound at each point. Default 500.
	RandomOrders int
	// Trials is the number of random permutations of the Monte Carlo of
	// E φ²_{r,k}. Default 200,000 (20,000 until 2026-11-26: too few to
	// show every mean within 2% of a bound it attains).
	Trials int
	// Tolerance is the excess, in standard errors, of that Monte Carlo
	// mean over Lemma 1's bound that the report points out (reported,
	// not judged: the parts are judged on intervals against the 2%
	// margin, equalityMargin). Default 5.
	Tolerance float64
}

// At returns c with its zero fields set to the remark-4 protocol at scale
// s.
func (c Remark4Config) At(s Scale) Remark4Config {
	return atScale(c, s, map[Scale]Remark4Config{
		Smoke: {N: 8, D: 4, Points: 3, RandomOrders: 50, Trials: 2000},
		Full:  {N: 64, D: 16, Points: 9, RandomOrders: 5000, Trials: 200000},
	})
}

// fill sets the zero fields to their defaults.
func (c *Remark4Config) fill() {
	fillZero(c, Remark4Config{
		N: 16, D: 6, L: 1, Mu: 0.1,
		Settings: []Remark4Setting{{Sigma2: 1, M: 0}, {Sigma2: 1, M: 0.2}, {Sigma2: 0, M: 0.2}},
		Points:   5, RandomOrders: 500, Trials: 200000, Tolerance: 5,
	})
}

// validate returns an error naming the first field of c out of range.
func (c *Remark4Config) validate() error {
	id := remark4ID
	switch {
	case c.N < 4 || c.N%2 != 0 || c.D < 2:
		return fmt.Errorf("paper: %s with n = %d and d = %d, want n >= 4 even and d >= 2", id, c.N, c.D)
	case !(c.Mu > 0 && c.Mu <= c.L) || math.IsInf(c.L, 0):
		return fmt.Errorf("paper: %s with L = %v and μ = %v, want 0 < μ <= L finite", id, c.L, c.Mu)
	case len(c.Settings) == 0:
		return fmt.Errorf("paper: %s with no (σ², M) setting, want at least one", id)
	case c.Points < 2 || c.RandomOrders < 1 || c.Trials < 2:
		return fmt.Errorf("paper: %s with %d points, %d random orders and %d trials, want >= 2, >= 1 and >= 2", id, c.Points, c.RandomOrders, c.Trials)
	case !(c.Tolerance > 0):
		return fmt.Errorf("paper: %s tolerance %v, want > 0", id, c.Tolerance)
	}
	for _, s := range c.Settings {
		if !(s.Sigma2 >= 0) || math.IsInf(s.Sigma2, 0) || !(s.M >= 0 && s.M < 1) || s.Sigma2+s.M == 0 {
			return fmt.Errorf("paper: %s setting σ² = %v, M = %v, want σ² >= 0 finite, M in [0, 1), not both 0", id, s.Sigma2, s.M)
		}
		if c.Mu > c.L/(1+math.Sqrt(s.M)) {
			return fmt.Errorf("paper: %s with μ = %v and M = %v, want μ <= L/(1+√M)", id, c.Mu, s.M)
		}
	}
	return nil
}

// remark4Orders names the fixed orders checked against the worst case at
// every point, beside the random permutations: the identity, the
// components sorted by the projection of their gradient at x on its
// leading principal direction (the prefix sums grow as in the bad order
// of Section 4.1), the same reversed, and Algorithm 2's greedy order.
var remark4Orders = []string{"identity", "sorted", "sorted reversed", "greedy", "RR (largest of the draws)"}

// # The run

// Remark4Point is the measurements at one point x.
type Remark4Point struct {
	// GradNorm2 is ‖∇f(x)‖² and Hetero the measured (1/n) Σ ‖∇f_i - ∇f‖².
	GradNorm2, Hetero float64
	// Worst[o] is max_k φ²_{r,k}(x) / (k n (σ² + M‖∇f‖²)) of order o of
	// Remark4Result.Orders (the largest over the draws for RR): Remark 4's
	// inequality says ≤ 1.
	Worst []float64
	// SigmaStar2[o] is the order's σ*² for M* = nM, which Remark 4 bounds
	// by n²σ².
	SigmaStar2 []float64
	// Mean and SE are the Monte Carlo E φ²_{r,k} over random permutations,
	// k = 1..n, and Bound[k-1] is k² times Lemma 1's bound on E φ²/k².
	Mean, SE, Bound []float64
}

// Remark4SettingResult holds the points of one setting.
type Remark4SettingResult struct {
	// Setting is the pair (σ², M) and Points the measurements at each
	// point x.
	Setting Remark4Setting
	Points  []Remark4Point
}

// Remark4Result holds the remark-4 claim's measurements.
type Remark4Result struct {
	Config Remark4Config
	// Orders names the fixed orders, indexing Remark4Point.Worst and
	// SigmaStar2.
	Orders   []string
	Settings []Remark4SettingResult
	// Outlier[o] is the largest max_k φ²_{r,k} / (k n (σ² + M‖∇f‖²)) of
	// order o (the largest over the draws for RR) on the two one-outlier
	// inputs (remark4Outlier: one with σ² alone, one with the M term
	// alone), where the worst case comes within a factor (n−1)/n of the
	// bound: the inputs on which a slip in the φ², centring, M term or
	// order code of more than n/(n−1) shows.
	Outlier []float64
}

// Run runs the remark-4 claim, or returns it from env's cache.
func (c Remark4Config) Run(ctx context.Context, env *Env) (*Remark4Result, error) {
	return runCached(ctx, env, remark4ID, "runRemark4", c, runRemark4)
}

func runRemark4(ctx context.Context, env *Env, c Remark4Config) (*Remark4Result, error) {
	seed := env.Seed
	n := c.N
	res := &Remark4Result{Config: c, Orders: slices.Clone(remark4Orders)}
	total, done := len(c.Settings)*c.Points, 0
	for si, st := range c.Settings {
		p, err := problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{N: n, D: c.D, L: c.L, Mu: c.Mu, Sigma2: st.Sigma2, M: st.M, Seed: mixSeed(seed, streamRemark4Problem, uint64(si))})
		if err != nil {
			return nil, err
		}
		rnd := newRand(seed, streamRemark4Direction, uint64(si))
		dir := make([]float64, c.D)
		for j := range dir {
			dir[j] = rnd.NormFloat64()
		}
		gdir := make([]float64, c.D) // ∇f(x* + dir) = Ā dir
		x := p.Minimizer()
		floats.Add(x, dir)
		p.Grad(gdir, x)
		gmax := 4.0
		if st.M > 0 {
			gmax = 4 * math.Max(1, st.Sigma2/st.M)
		}
		sr := Remark4SettingResult{Setting: st}
		for pi := 0; pi < c.Points; pi++ {
			// ‖∇f(x* + s·dir)‖² = s² ‖Ā dir‖². With σ² = 0 every
			// component is stationary at x*, where φ² and its bound are
			// both rounding: the points start one step out.
			frac := float64(pi) / float64(c.Points-1)
			if st.Sigma2 == 0 {
				frac = float64(pi+1) / float64(c.Points)
			}
			s := math.Sqrt(gmax * frac / floats.Dot(gdir, gdir))
			x := p.Minimizer()
			floats.AddScaled(x, s, dir)
			pt, err := measureRemark4(ctx, p, x, st, c, mixSeed(seed, streamRemark4RR, uint64(si), uint64(pi)))
			if err != nil {
				return nil, err
			}
			sr.Points = append(sr.Points, pt)
			done++
			env.progress(done, total)
		}
		res.Settings = append(res.Settings, sr)
	}
	res.Outlier = make([]float64, len(res.Orders))
	for i, mterm := range []bool{false, true} {
		grads, st := remark4Outlier(n, c.D, mterm)
		w, _, err := remark4Measure(grads, st, c, mixSeed(seed, streamRemark4Outlier, uint64(i)))
		if err != nil {
			return nil, err
		}
		for o := range w {
			res.Outlier[o] = math.Max(res.Outlier[o], w[o])
		}
	}
	return res, nil
}

// streamRemark4Outlier is the stream of remark-4's random permutations on
// the one-outlier inputs (its own declaration, so that the other streams'
// code is as it was).
const streamRemark4Outlier = 0x6f75746c // "outl"

// remark4Outlier returns a one-outlier input of n component gradients in
// d dimensions, with their Assumption 5 constants (met with equality):
// the first deviation from ∇f is (n−1)v and every other −v, along the
// first axis, ‖v‖² = 1/(n−1), so that (1/n)Σ‖∇f_i − ∇f‖² = 1. Without
// mterm it has ∇f = 0, σ² = 1 and M = 0; with it, ∇f = e_1, σ² = 0 and
// M = 1, so that the M term and the centring of the gradients carry the
// bound. An order that puts the
// outlier first has φ²_{r,1} = n−1 = (n−1)/n · 1·n·1: the worst case, at
// most (n−k)/n of the bound for any input (the deviations sum to 0),
// comes within a factor (n−1)/n of it here.
func remark4Outlier(n, d int, mterm bool) (*mat.Dense, Remark4Setting) {
	g := mat.NewDense(n, d, nil)
	v := 1 / math.Sqrt(float64(n-1))
	mean, st := 0.0, Remark4Setting{Sigma2: 1, M: 0}
	if mterm {
		mean, st = 1, Remark4Setting{Sigma2: 0, M: 1}
	}
	g.Set(0, 0, mean+float64(n-1)*v)
	for i := 1; i < n; i++ {
		g.Set(i, 0, mean-v)
	}
	return g, st
}

// measureRemark4 measures Remark 4 at x.
func measureRemark4(ctx context.Context, p *problems.HeteroQuadratic, x []float64, st Remark4Setting, c Remark4Config, seed uint64) (Remark4Point, error) {
	n := c.N
	grads := ordering.ComponentGrads(nil, p, x)
	v, g := ordering.Heterogeneity(grads)
	pt := Remark4Point{GradNorm2: g, Hetero: v}
	var err error
	if pt.Worst, pt.SigmaStar2, err = remark4Measure(grads, st, c, seed); err != nil {
		return pt, err
	}
	rr, err := ordering.NewRR(n, mixSeed(seed, 1))
	if err != nil {
		return pt, err
	}
	stats, err := samplePhi2(ctx, grads, rr, c.Trials)
	if err != nil {
		return pt, err
	}
	pt.Mean, pt.SE = stats.Mean, stats.SE
	for k := 1; k <= n; k++ {
		b, err := ordering.ScaledPhi2BoundRR(st.Sigma2, st.M, g, n, k)
		if err != nil {
			return pt, err
		}
		pt.Bound = append(pt.Bound, b*float64(k*k))
	}
	return pt, nil
}

// remark4Measure returns, for each order of remark4Orders on the component
// gradients grads of a problem with Assumption 5's constants st, its
// max_k φ²_{r,k} / (k n (σ² + M‖∇f‖²)) and its σ*² for M* = nM (the
// largest over c.RandomOrders random permutations drawn from seed for
// RR).
func remark4Measure(grads *mat.Dense, st Remark4Setting, c Remark4Config, seed uint64) (worst, ss2 []float64, err error) {
	n, _ := grads.Dims()
	_, g := ordering.Heterogeneity(grads)
	h := st.Sigma2 + st.M*g // Assumption 5's right-hand side
	sorted, err := principalOrder(grads)
	if err != nil {
		return nil, nil, err
	}
	reversed := slices.Clone(sorted)
	slices.Reverse(reversed)
	var phi2 []float64
	measure := func(r []int) (worst, ss2 float64, err error) {
		if phi2, err = ordering.Phi2(phi2, grads, r); err != nil {
			return 0, 0, err
		}
		for k, v := range phi2 {
			if den := float64((k+1)*n) * h; den > 0 {
				worst = math.Max(worst, v/den)
			}
		}
		return worst, ordering.SigmaStar2(phi2, float64(n)*st.M, g), nil
	}
	for _, r := range [][]int{seq(n), sorted, reversed, ordering.GreedyOrder(nil, grads)} {
		w, s, err := measure(r)
		if err != nil {
			return nil, nil, err
		}
		worst, ss2 = append(worst, w), append(ss2, s)
	}
	rr, err := ordering.NewRR(n, seed)
	if err != nil {
		return nil, nil, err
	}
	var r []int
	rw, rs := 0.0, 0.0
	for t := 0; t < c.RandomOrders; t++ {
		if r, err = rr.Order(r, ordering.Epoch{T: t}); err != nil {
			return nil, nil, err
		}
		w, s, err := measure(r)
		if err != nil {
			return nil, nil, err
		}
		rw, rs = math.Max(rw, w), math.Max(rs, s)
	}
	return append(worst, rw), append(ss2, rs), nil
}

// # The outcome

// Remark4Findings is what the remark-4 claim shows: the worst case of
// every order against Remark 4's bound, σ*² against n²σ², and random
// reshuffling's Monte Carlo against Lemma 1 with the M term, each with its
// threshold.
type Remark4Findings struct {
	// WorstByOrder[o] is the largest max_k φ²_{r,k}/(k n (σ² + M‖∇f‖²))
	// of order o (the result's Orders) over the points and settings, and
	// Worst the largest over the orders; WorstHolds if every one is at most
	// 1 up to a relative Rounding.
	// The one-outlier inputs' values (Remark4Result.Outlier) count among
	// each order's, and Outlier is their largest, which should be
	// (n−1)/n: the input on which the bound is nearly attained.
	WorstByOrder []float64
	Worst        float64
	WorstHolds   bool
	Outlier      float64
	// SigmaStar is the largest σ*²/(n²σ²) with M* = nM over the orders,
	// points and settings with σ² > 0; SigmaStarHolds if every σ*² is at
	// most n²σ² up to rounding. SigmaStarSlack is 1/SigmaStar. They are
	// reported beside, not judged (since 2026-11-30): the remark's
	// "Therefore" follows from the worst case, which WorstHolds judges. The slack is over the settings with σ² > 0
	// (NaN with none); where σ² = 0, σ*² ≤ 0 holds exactly when
	// φ²_{r,k} ≤ k²M*‖∇f‖²/… does, which the worst case part judges.
	SigmaStar      float64
	SigmaStarHolds bool
	SigmaStarSlack float64
	// Z is the largest excess of random reshuffling's Monte Carlo
	// E φ²_{r,k} over Lemma 1's bound with the M term, in standard errors
	// (0 if every mean is at or below it), reported; Tolerance the excess
	// the report points out. RRPart judges the remark's "≤" by
	// non-inferiority with the margin HolmMargin (2%): at every point and
	// k, the 95% normal interval of E φ²_{r,k}/bound - 1 (thousands of
	// draws) lying below the margin holds, one lying wholly above it
	// fails (shown above the bound by more than 2%), else unsettled; the
	// part holds if every one holds, fails if one fails, else is
	// inconclusive (monotone: a mean further below the bound never reads
	// worse). Where the bound is 0 up to rounding (φ² = 0 exactly), a
	// mean above rounding fails. RRHolds is RRPart == Reproduced.
	Z, Tolerance float64
	RRPart       Verdict
	RRHolds      bool
	// Constants is the largest (E φ²_{r,k} - k²M‖∇f‖² - nσ²)/(nσ² +
	// k²M‖∇f‖²) of the Monte Carlo means, and Algebra the largest (B_k -
	// k²M‖∇f‖² - nσ²)/(nσ² + k²M‖∇f‖²) of Lemma 1's bound B_k, exact:
	// the remark's σ*² = nσ², M* = M, reported beside and not judged
	// (since 2026-11-30): B_k lies below nσ² + k²M‖∇f‖² for every n ≥ 2
	// and 1 ≤ k ≤ n, so the sentence holds wherever RRPart does.
	Constants, Algebra float64
	// P is the p-value of the Monte Carlo part as one intersection-union
	// test, the claim's test in the report's family (Holm): the largest
	// over the points and k (where the bound is not 0 up to rounding) of
	// the one-sided p-values (Interval.PBelow) of E φ²_{r,k}/bound - 1
	// lying below HolmMargin. The bounds are attained with
	// equality here, so no interval lies below them: the test is one of
	// non-inferiority, "not above the bound by more than HolmMargin".
	P, HolmMargin float64
	// Hetero is the largest |(1/n)Σ‖∇f_i - ∇f‖² - (σ² + M‖∇f‖²)| /
	// max(1, σ² + M‖∇f‖²) at the points. Assumption5 is set if
	// Assumption 5, the remark's hypothesis, holds at every point:
	// (1/n)Σ‖∇f_i - ∇f‖² ≤ σ² + M‖∇f‖² within Rounding·max(1, σ² +
	// M‖∇f‖²) (remark4Rounding); it is the precondition. Exact is set if
	// it holds there with equality within a relative Rounding: our
	// construction, reported beside, not a precondition.
	Hetero      float64
	Assumption5 bool
	Exact       bool
	Rounding    float64
	// Judgement is what remark4Rule finds. Verdict combines (combine)
	// the parts WorstHolds and RRPart.
	// Assumption5 checks our own problem: it is a precondition, not a
	// part, and if it is false the verdict is NotTested. (Until the
	// referee of issue 38, row 10, the precondition was Exact, equality,
	// which the remark does not assume.) The exact
	// parts are settled by rounding; the Monte Carlo part is
	// tri-state (non-inferiority within 2%: the bounds are attained with
	// equality here, so no interval could lie below them). Until
	// 2026-11-26 09:00 the Monte Carlo parts held unless a mean was more
	// than Tolerance standard errors above its bound, so that a noisier
	// Monte Carlo held more easily, and the report's Holm test was the 2%
	// one (referee C).
	Judgement Judgement
	Verdict   Verdict
}

// Findings returns what the claim shows: the worst-case bound for every
// order and point, σ*² ≤ n²σ² with M* = nM, and the Monte Carlo of random
// reshuffling against Lemma 1 with the M term. It returns an error if res
// is not of the shape of its config.
func (res *Remark4Result) Findings() (*Remark4Findings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	n := float64(c.N)
	if _, err := orderIndices(remark4ID, res.Orders, remark4Orders...); err != nil {
		return nil, err
	}
	f := &Remark4Findings{WorstByOrder: make([]float64, len(res.Orders)), WorstHolds: true, SigmaStarHolds: true, Assumption5: true, Exact: true,
		Constants: math.Inf(-1), Algebra: math.Inf(-1), Tolerance: c.Tolerance, Rounding: remark4Rounding, HolmMargin: equalityMargin}
	m := Measures{}
	for _, sr := range res.Settings {
		st := sr.Setting
		label := fmt.Sprintf("σ² = %g, M = %g", st.Sigma2, st.M)
		var rrIvs []Interval
		var rrPs []float64
		var at []string
		for _, pt := range sr.Points {
			h := st.Sigma2 + st.M*pt.GradNorm2
			if rel := math.Abs(pt.Hetero-h) / math.Max(h, math.SmallestNonzeroFloat64); h > 0 && rel > remark4Rounding {
				f.Exact = false
			}
			// The remark's hypothesis is the inequality.
			if !(pt.Hetero <= h+remark4Rounding*math.Max(h, 1)) {
				f.Assumption5 = false
			}
			f.Hetero = math.Max(f.Hetero, math.Abs(pt.Hetero-h)/math.Max(h, 1))
			for o, w := range pt.Worst {
				f.WorstByOrder[o] = math.Max(f.WorstByOrder[o], w)
				f.Worst = math.Max(f.Worst, w)
				f.WorstHolds = f.WorstHolds && w <= 1+remark4Rounding
				ss := pt.SigmaStar2[o]
				if st.Sigma2 > 0 {
					f.SigmaStar = math.Max(f.SigmaStar, ss/(n*n*st.Sigma2))
				}
				f.SigmaStarHolds = f.SigmaStarHolds && ss <= n*n*st.Sigma2*(1+remark4Rounding)+remark4Rounding*n*n*h
			}
			// The remark's "≤" (attained when Assumption 5 holds with
			// equality): Z is the largest excess of a mean over the bound
			// in standard errors, reported; remark4-rr judges the means
			// within equalityMargin below. Excesses below rounding (k = n,
			// where φ² = 0 exactly) are ignored.
			for k := range pt.Mean {
				dev := pt.Mean[k] - pt.Bound[k] - remark4Rounding*n*h
				if dev > 0 {
					z := math.Inf(1)
					if pt.SE[k] > 0 {
						z = dev / pt.SE[k]
					}
					f.Z = math.Max(f.Z, z)
				}
				// σ*² = nσ², M* = M in expectation: E φ²_k - k² M g ≤ nσ²
				// (with equality at k = 1 when σ² = 0).
				kk := float64((k + 1) * (k + 1))
				stated := n*st.Sigma2 + kk*st.M*pt.GradNorm2
				excess := pt.Mean[k] - stated
				alg := pt.Bound[k] - stated
				if stated > 0 {
					excess, alg = excess/stated, alg/stated
					f.Constants = math.Max(f.Constants, excess)
				} else {
					// σ² = 0 at ∇f = 0: the bound and φ² are 0.
					alg = remark4Miss(alg <= remark4Rounding)
				}
				f.Algebra = math.Max(f.Algebra, alg)
				at = append(at, fmt.Sprintf("‖∇f‖² = %.3g, k = %d", pt.GradNorm2, k+1))
				if h > 0 && pt.Bound[k] > remark4Rounding*n*h {
					rel := mcInterval(pt.Mean[k]/pt.Bound[k]-1, pt.SE[k]/pt.Bound[k], c.Trials)
					rrIvs, rrPs = append(rrIvs, rel), append(rrPs, rel.PBelow(f.HolmMargin))
					f.P = math.Max(f.P, rel.PBelow(f.HolmMargin))
				} else {
					// The bound is 0 up to rounding, and so is φ²: 0
					// within rounding, else a miss (+Inf).
					rrIvs, rrPs = append(rrIvs, remark4Exact(remark4Miss(dev <= 0), c.Trials)), append(rrPs, remark4P(dev <= 0))
				}
			}
		}
		m["remark4-rr"] = append(m["remark4-rr"], remark4Worst(label, rrIvs, at, rrPs)...)
	}
	for o, w := range res.Outlier {
		f.WorstByOrder[o] = math.Max(f.WorstByOrder[o], w)
		f.Worst, f.Outlier = math.Max(f.Worst, w), math.Max(f.Outlier, w)
	}
	for o, name := range res.Orders {
		m["remark4-worst-case"] = append(m["remark4-worst-case"], Measure{Label: name, Iv: remark4Exact(f.WorstByOrder[o], len(res.Settings)*c.Points+1), Note: fmt.Sprintf("slack %.3g×", 1/f.WorstByOrder[o])})
	}
	j, err := remark4Rule.Judge(m, map[string]bool{remark4Rule.Setup[0]: f.Assumption5})
	if err != nil {
		return nil, err
	}
	f.Judgement = j
	f.WorstHolds = j.Holds("remark4-worst-case")
	rr, _ := j.Part("remark4-rr")
	f.RRPart = rr.Verdict
	f.RRHolds = f.RRPart == Reproduced
	// With no setting of σ² > 0 there is no ratio: the slack is NaN
	// (σ*² ≤ 0 up to rounding is then tight).
	f.SigmaStarSlack = math.NaN()
	if slices.ContainsFunc(res.Settings, func(sr Remark4SettingResult) bool { return sr.Setting.Sigma2 > 0 }) {
		f.SigmaStarSlack = 1 / f.SigmaStar
	}
	f.Verdict = j.Verdict
	return f, nil
}

// Outcome renders the findings: the verdict from the rule, its words, the
// rows, and the charts of the worst case and of random reshuffling. It
// returns an error if res is not of the shape of its config.
func (res *Remark4Result) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	var out Outcome
	out.judged(&remark4Rule, f.Judgement)
	res.remark4Charts(&out)
	out.addCheck("remark4-assumption5", f.Assumption5, "Assumption 5 at every point (the remark's hypothesis, our setup's precondition), (1/n)Σ‖∇f_i - ∇f‖² ≤ σ² + M‖∇f‖² within %g·max(1, σ² + M‖∇f‖²): %v", remark4Rounding, f.Assumption5)
	out.addCheck("remark4-exact", f.Exact, "Assumption 5 with equality at every point (our construction, reported beside, not a precondition: why the Monte Carlo part needs its %g%% margin), largest deviation %.2g (relative %g allowed)", 100*equalityMargin, f.Hetero, remark4Rounding)
	orders := len(res.Orders) - 1 + c.RandomOrders
	out.Summary = fmt.Sprintf("over %d settings of (σ², M) with %d points each and the two one-outlier inputs, %d orders each: largest φ²_{r,k}/(k n (σ² + M‖∇f‖²)) %.3g (≤ 1; on the one-outlier inputs %.4g, where the most any input can give is (n−1)/n = %.4g), largest σ*²/(n²σ²) with M* = nM %.3g (≤ 1, reported beside, not judged: it follows from the worst case); "+
		"random reshuffling's Monte Carlo E φ²_{r,k} (%d draws) not above (n-k)k/(n-1)(σ² + M‖∇f‖²) by more than %g%% at any point and k (95%% intervals, non-inferiority): %v (largest excess %.2f standard errors); "+
		"σ*² = nσ², M* = M follows from that bound (reported beside, not judged: Lemma 1's bound, exact, at most %+.2g of nσ² + k²M‖∇f‖², the remark's algebra; the Monte Carlo means' largest excess over it %+.3g%%)",
		len(res.Settings), c.Points, orders, f.Worst, f.Outlier, float64(c.N-1)/float64(c.N), f.SigmaStar, c.Trials, 100*f.HolmMargin, f.RRPart, f.Z, f.Algebra, 100*f.Constants)
	out.Key = Key{Name: "RR's largest z above Lemma 1's bound", Value: f.Z}
	out.Decides = &Decider{Name: "largest φ²_{r,k}/(kn(σ² + M‖∇f‖²)) over the orders", Ours: fmt.Sprintf("%.3g", f.Worst), Paper: "≤ 1"}
	out.Brief = fmt.Sprintf("largest φ²_{r,k}/(kn(σ² + M‖∇f‖²)) %.3g over %d orders (paper: ≤ 1); σ*²/(n²σ²) %.3g (slack %.3g×, implied); RR within 2%% of Lemma 1's bound: %v", f.Worst, orders, f.SigmaStar, f.SigmaStarSlack, f.RRPart)
	switch {
	case !f.Assumption5:
		out.Brief = "not tested: our problem misses Assumption 5; " + out.Brief
		out.Summary += fmt.Sprintf("; not tested: our problem misses Assumption 5 (largest deviation %.2g)", f.Hetero)
	case !f.Exact:
		out.Summary += fmt.Sprintf("; beside, not a precondition: Assumption 5 holds, not with equality (largest deviation %.2g), so the Monte Carlo means may lie below Lemma 1's bound", f.Hetero)
	}
	out.Rows = res.remark4Rows(f)
	out.Details = "The worst case φ²_{r,k} ≤ k Σ_{i≤k}‖∇f_{r_i} - ∇f‖² ≤ k n (σ² + M‖∇f‖²) is loose by a factor of about k/n for the sorted order's middle prefix and more for the others; " +
		"random reshuffling sits a factor of order n below it in σ*² and needs only M* = M, not nM, which is why the RR rate has nσ² where the IG rate has n²σ²."
	out.Protocol = remark4Protocol(c)
	return &out, nil
}

// remark4Charts adds the charts of the worst case and of random
// reshuffling with the M term to out.
func (res *Remark4Result) remark4Charts(out *Outcome) {
	c := res.Config
	worstChart := &chart.LineChart{
		Title:  fmt.Sprintf("Remark 4's worst case, n = %d: maxₖ φ²ᵣ,ₖ(x) / (k n (σ² + M‖∇f(x)‖²)) (≤ 1)", c.N),
		XLabel: "‖∇f(x)‖²", YLabel: "maxₖ φ²ᵣ,ₖ / (k n (σ² + M‖∇f‖²))",
	}
	var rrChart *chart.LineChart
	for _, sr := range res.Settings {
		st := sr.Setting
		name := fmt.Sprintf("σ² = %g, M = %g", st.Sigma2, st.M)
		// Each setting's points span its own range of ‖∇f‖² (see
		// runRemark3): the legend says where each line ends.
		lineName := fmt.Sprintf("%s (‖∇f‖² ≤ %.3g)", name, sr.Points[len(sr.Points)-1].GradNorm2)
		gs := make([]float64, len(sr.Points))
		ys := make([][]float64, len(res.Orders))
		for pi, pt := range sr.Points {
			gs[pi] = pt.GradNorm2
			for o, w := range pt.Worst {
				ys[o] = append(ys[o], w)
			}
		}
		for o, oname := range res.Orders {
			if oname == "sorted" || oname == "RR (largest of the draws)" {
				// A setting's colour is its own; its sorted order is a
				// line, RR's largest markers, so that a look means one
				// thing (a dash only marks a line on another's: see
				// uncover, and its name says whose).
				s := chart.Series{Name: lineName + ", " + oname, X: gs, Y: ys[o], Group: name, Points: oname != "sorted"}
				if oname == "RR (largest of the draws)" {
					// The largest over the draws is the worst case the
					// remark bounds, a maximum, not a mean with an error.
					s.Runs, s.NoSpread = c.RandomOrders, fmt.Sprintf("the largest over %d random orders, the worst case the remark bounds, not an estimate of a mean", c.RandomOrders)
				}
				worstChart.Series = append(worstChart.Series, s)
			}
		}
		// RR's largest markers on the sorted line at every point: the
		// noteCovered of addChart leaves series of one setting alone
		// (their names share it), so it is said here.
		sorted := slices.IndexFunc(worstChart.Series, func(s chart.Series) bool { return s.Name == lineName+", sorted" })
		rr := slices.IndexFunc(worstChart.Series, func(s chart.Series) bool { return s.Name == lineName+", RR (largest of the draws)" })
		if sorted >= 0 && rr >= 0 {
			a, b := worstChart.Series[sorted].Y, worstChart.Series[rr].Y
			if len(a) == len(b) && !slices.ContainsFunc(seq(len(a)), func(i int) bool { return math.Abs(a[i]-b[i]) > 1e-9*math.Abs(a[i]) }) {
				worstChart.Series[rr].Name += " (on its sorted line)"
			}
		}
		if rrChart == nil && st.M > 0 && st.Sigma2 > 0 {
			// k = n is left out: there φ² = 0 up to rounding.
			pt := sr.Points[len(sr.Points)-1]
			ks := oneTo(c.N - 1)
			scaled := func(v []float64) []float64 {
				s := make([]float64, len(ks))
				for k := range s {
					s[k] = v[k] / float64((k+1)*(k+1))
				}
				return s
			}
			lo, hi := band(pt.Mean[:len(ks)], pt.SE[:len(ks)], z95)
			lo, hi = scaled(lo), scaled(hi)
			rrChart = &chart.LineChart{
				Title:  fmt.Sprintf("Random reshuffling with M: %s, ‖∇f(x)‖² = %.3g, n = %d", name, pt.GradNorm2, c.N),
				XLabel: "k", YLabel: "E φ²ᵣ,ₖ / k²", LogY: true,
				Series: []chart.Series{
					{X: ks, Y: scaled(pt.Mean), Lo: lo, Hi: hi, Runs: c.Trials},
					{Name: "(n-k)/(k(n-1)) (σ² + M‖∇f‖²)", X: ks, Y: scaled(pt.Bound), Dashed: true},
					{Name: "(nσ² + k²M‖∇f‖²)/k², the remark's σ*² = nσ², M* = M", X: ks, Y: scaled(remarkRRBound(c.N, st.Sigma2, st.M, pt.GradNorm2)), Dashed: true},
				},
			}
		}
	}
	out.addChart("remark-4-worst", "Remark 4: every order under n²σ², nM", worstChart)
	if rrChart != nil {
		noteBand(rrChart, 0, fmt.Sprintf("Monte Carlo of %d permutations", c.Trials), "95% band")
		out.addChart("remark-4-rr", "Remark 4: random reshuffling with the M term", rrChart)
	}
}

// remark4Rows returns the outcome's rows.
func (res *Remark4Result) remark4Rows(f *Remark4Findings) []Row {
	var rows []Row
	for o, name := range res.Orders {
		// The problem's points apart from the one-outlier inputs, which
		// the judged value counts too.
		var points float64
		for _, sr := range res.Settings {
			for _, pt := range sr.Points {
				points = math.Max(points, pt.Worst[o])
			}
		}
		rows = append(rows, Row{
			Quantity: name + ": largest max_k φ²_{r,k} / (k n (σ² + M‖∇f‖²))",
			Paper:    "≤ 1 (Remark 4, any order)",
			Ours:     fmt.Sprintf("%.4g (the problem's points %.4g; the one-outlier inputs %.4g)", f.WorstByOrder[o], points, res.Outlier[o]),
		})
	}
	return append(rows,
		Row{Quantity: "one-outlier inputs (σ² alone; the M term alone): largest max_k φ²_{r,k} / (k n (σ² + M‖∇f‖²)) over the orders", Paper: fmt.Sprintf("≤ 1 (at most (n−1)/n = %.4g for any input)", float64(res.Config.N-1)/float64(res.Config.N)), Ours: fmt.Sprintf("%.4g (counted in each order's row above)", f.Outlier)},
		Row{Quantity: "largest σ*² / (n²σ²) with M* = nM (σ² > 0)", Paper: "≤ 1", Ours: fmt.Sprintf("%.4g (slack %.3g×; reported, not judged: it follows from the worst case above)", f.SigmaStar, f.SigmaStarSlack)},
		Row{Quantity: "RR: largest excess of E φ²_{r,k} over k(n-k)/(n-1)(σ² + M‖∇f‖²) in standard errors", Paper: "≤ 0 (the remark's ≤; attained when Assumption 5 holds with equality)", Ours: fmt.Sprintf("%.2f (reported; the part, not above by more than %g%% on 95%% intervals: %v)", f.Z, 100*f.HolmMargin, f.RRPart)},
		Row{Quantity: "RR: largest (E φ²_{r,k} - k²M‖∇f‖² - nσ²) / (nσ² + k²M‖∇f‖²), Monte Carlo", Paper: "≤ 0 in expectation: σ*² = nσ², M* = M", Ours: fmt.Sprintf("%+.3g (reported, not judged: it follows from the row above and Lemma 1's bound)", f.Constants)},
		Row{Quantity: "Lemma 1's bound B_k against σ*² = nσ², M* = M: largest (B_k - k²M‖∇f‖² - nσ²) / (nσ² + k²M‖∇f‖²)", Paper: "≤ 0 (the remark's algebra)", Ours: fmt.Sprintf("%+.3g (exact, reported beside: it holds for every n ≥ 2, 1 ≤ k ≤ n, as k(n-k)/(n-1) ≤ k and ≤ n)", f.Algebra)},
		Row{Quantity: "Assumption 5 at the points: |(1/n)Σ‖∇f_i - ∇f‖² - (σ² + M‖∇f‖²)| / max(1, σ² + M‖∇f‖²)", Paper: "0 (the problem's construction)", Ours: fmt.Sprintf("%.2g", f.Hetero)},
	)
}

// remark4Protocol returns the claim's protocol lines.
func remark4Protocol(c Remark4Config) []string {
	var settings []string
	for _, s := range c.Settings {
		settings = append(settings, fmt.Sprintf("(%g, %g)", s.Sigma2, s.M))
	}
	return []string{
		fmt.Sprintf("problems.HeteroQuadratic, n = %d, d = %d, L = %g, μ = %g, with (σ², M) ∈ {%s}: Assumption 5 holds with equality at every x.", c.N, c.D, c.L, c.Mu, strings.Join(settings, ", ")),
		fmt.Sprintf("%d points per setting on a random ray from x*, ‖∇f(x)‖² evenly spread from 0 to 4·max(1, σ²/M) so that the M term matters (without x* itself when σ² = 0, where every component gradient is 0 and φ² is rounding).", c.Points),
		fmt.Sprintf("Orders at each point: identity, sorted by the leading principal direction of the gradients at x and its reverse, Algorithm 2's greedy order, and %d uniformly random permutations (the largest ratio reported).", c.RandomOrders),
		fmt.Sprintf("The worst case is judged on two more inputs, the same orders on each: n = %d component gradients whose deviations from ∇f are one (n−1)v and n−1 times −v, ‖v‖² = 1/(n−1), once with ∇f = 0 (Assumption 5 with σ² = 1, M = 0) and once with ∇f = e_1 along v (σ² = 0, M = 1), with equality. The deviations sum to 0, so for any input φ²_{r,k} ≤ k(n−k)/n Σ‖∇f_i − ∇f‖² and the statistic is at most (n−k)/n ≤ (n−1)/n; an order that puts the outlier first reaches (n−1)/n = %.4g at k = 1 on each, so a slip that inflates φ² or deflates the bound by more than n/(n−1) fails the part there, where the problem's points reach about half the bound.", c.N, float64(c.N-1)/float64(c.N)),
		fmt.Sprintf("Random reshuffling: %d permutations per point; the Monte Carlo part judges the remark's \"≤\" against Lemma 1's bound by non-inferiority within %g%% (the bound is attained here): at every point and k the 95%% normal interval of E φ²_{r,k}/bound - 1 below +%g%% holds, wholly above fails, else unsettled; the part holds if every one holds, fails if one fails, else is inconclusive (where the bound is 0 up to %g·n(σ² + M‖∇f‖²), at k = n, φ² is 0 and a mean above rounding fails). σ*² = nσ², M* = M (tex:299, \"this allows\") is the remark's algebra from Lemma 1's bound: B_k = k(n-k)/(n-1)(σ² + M‖∇f‖²) ≤ nσ² + k²M‖∇f‖² for n ≥ 2, 1 ≤ k ≤ n (k(n-k)/(n-1) is at most n and at most k ≤ k²), so it holds wherever the part above holds within its 2%% (at σ² = 0, k = 1 the two bounds are equal); it is reported beside, not judged: the algebra, exact, and the Monte Carlo means' excess over nσ² + k²M‖∇f‖² in its units. The exact inequalities hold within a relative %g. The %g%% margin has mishchenko-lemma1's derivation (its ±1%% on the same Lemma 1 at n = 64): about four times the Monte Carlo's 95%% half-width (about ±0.5%% here, at n = %d) and below the likeliest slip, (n-k)/n for (n-k)/(n-1), off by 1/n = %.3g%% (said on 2026-11-30 after the pass on base seed 1006, when a referee read found the two margins unexplained; neither changed).", c.Trials, 100*equalityMargin, 100*equalityMargin, remark4Rounding, remark4Rounding, 100*equalityMargin, c.N, 100/float64(c.N)),
		"Changed on 2026-12-01, after the confirmatory pass on base seed 1006 (reproduced), when a referee read weighed remark4-worst-case as weak, its inputs reaching about half a bound that no input meeting Assumption 5 can exceed: the part judges two one-outlier inputs too (σ² alone; the M term alone), where the bound is nearly attained ((n−1)/n). The claim is registered again on new seeds.",
		"Before, changed on 2026-11-30, after the confirmatory pass on base seed 1005 (reproduced), when a referee read before that pass weighed remark4-sigma-star as weak: tex:298's \"Therefore, Assumption 4 holds with σ*² = n²σ², M* = nM\" follows from the worst case by algebra (φ² ≤ kn(σ² + M‖∇f‖²) gives φ² − k²nM‖∇f‖² ≤ knσ² ≤ n²σ²), so it held wherever remark4-worst-case held, and at σ² = 0 it was 0 by construction (σ*² is floored at 0): no second test, the reason remark4-rr-constants was taken out. The part is gone: σ*²/(n²σ²) with M* = nM is reported beside as implied by the worst case. Known: it held in every pass. The claim is registered again on new seeds.",
		"Before, changed on 2026-11-30, after the confirmatory pass on base seed 1004 (reproduced), when a fourth referee read, before that pass, weighed remark4-rr-constants as weak a third time: judged on the Monte Carlo means against nσ² + k²M‖∇f‖², it holds whenever remark4-rr holds, within the same 2% (Lemma 1's bound lies below the stated one, equal to it at σ² = 0, k = 1) and its one tight point is our setup's equality, so it was no second test. The part is gone: the sentence is reported beside as implied (the algebra, exact, and the means' excess over the stated bound), as that read asked. Known: it held in every pass. The claim is registered again on new seeds.",
		"Before, changed after the confirmatory pass on base seed 1003 (reproduced there), when the next referee weighed remark4-rr-constants as weak again: the remark's algebra, exact, holds for every input, so a check no data can fail was counted as a confirmatory part; the part now judges the Monte Carlo E φ²_{r,k} against nσ² + k²M‖∇f‖² in that bound's units by non-inferiority within 2%, as remark4-rr judges Lemma 1's bound (the units the earlier referee asked for), and the algebra is reported beside. Known when changed: that pass's largest Monte Carlo excess over the stated bound, reported there. The claim is registered again on new seeds.",
		"Before, changed after the confirmatory pass on base seed 1002 (reproduced there), when a referee weighed remark4-rr-constants as weak: it judged the Monte Carlo excess over nσ² + k²M‖∇f‖² in units of n(σ² + M‖∇f‖²), so its 2% margin was 32% of the stated bound at the one tight point (σ² = 0, k = 1), which meets it by construction; the part now judges the remark's algebra from Lemma 1's bound exactly, in the stated bound's units, and the Monte Carlo excess is reported beside. The claim is registered again on new seeds.",
		"Verdict: combine over the parts every order's worst case (a bound, judged whatever its slack, the slack said beside: the report's one rule for bounds; a check of a proven inequality, as theorem-1's: under Assumption 5 the deviations sum to 0, so φ²_{r,k} ≤ k(n−k)/n Σ‖∇f_i − ∇f‖² and the statistic is at most (n−1)/n, and only wrong φ² or order code fails it) and RR against Lemma 1's bound; σ*² ≤ n²σ² with M* = nM, which follows from the worst case, is reported beside: reproduced if all hold, not reproduced if all fail, else partly reproduced. Assumption 5 at the points (the inequality the remark assumes) checks our own problem: a precondition, and a miss makes the verdict not tested; equality, our construction, is reported beside, not a precondition.",
		"Changed after the confirmatory pass on base seed 1001 (reproduced there), when an independent referee's read of that pass found remark4-rr-constants' printed closest call a placeholder: at k = n, where φ² = 0 exactly, the part measured 0 [0, 0] in place of its exact excess -k²M‖∇f‖²/(n(σ² + M‖∇f‖²)) < 0, which then stood as the largest; it now measures that exact value. The claim is registered again on new seeds; no verdict can move (the placeholder held, and the exact value holds by more).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5: the precondition is Assumption 5 as the paper states it, an inequality, with equality reported beside; before, it was Assumption 5 with equality, so a problem meeting the remark's hypothesis strictly would have read not tested; the referee found that a precondition the paper does not state (issue 38's referee, row 10).",
		"Changed before the confirmatory pass (on the exploratory seeds 1-5): σ*² ≤ n²σ² is a part whatever its slack; before, at 10× slack or more it was reported as \"not approached\", not judged.",
		"Rule history: changed on 2026-11-26 at 09:00 (a third referee's read), after the results were known (reproduced at 20,000 draws; largest excess 2.6 to 3.5 standard errors over the seeds): the Monte Carlo parts held unless a mean was more than 5 standard errors above its bound, so that a noisier Monte Carlo held more easily, while the report's Holm test was the 2% non-inferiority; now the parts are that test, tri-state, and the draws are 200,000 (20,000 could not show every mean within 2%).",
		"Rule history: changed on 2026-11-26 (referee A's read, items 5 and 6), after the results were known (reproduced; σ*²/(n²σ²) at most 0.0735, slack 13.6×): Assumption 5 at the points became a precondition (before, a part of combine) and σ*² ≤ n²σ² is no longer a part when not approached (before, a part whatever its slack).",
		"Rule history: changed on 2026-11-26 (issue 28's referee read), after the results were known (reproduced); before, the RR part was two-sided (every |E φ²_{r,k} - bound| within the tolerance, so a mean well below the remark's \"≤\" bound failed it), and the five parts were ANDed (one failing part gave not reproduced, where combine gives partly reproduced).",
	}
}

// remarkRRBound returns nσ² + k²M‖∇f‖² at k = 1..n: Assumption 4's bound
// on φ²_{r,k} with the constants Remark 4 gives random reshuffling,
// σ*² = nσ² and M* = M.
func remarkRRBound(n int, sigma2, m, gradNorm2 float64) []float64 {
	s := make([]float64, n)
	for k := range s {
		s[k] = float64(n)*sigma2 + float64((k+1)*(k+1))*m*gradNorm2
	}
	return s
}

// check returns an error if r is nil or its slices do not have the shape
// of its config.
func (r *Remark4Result) check() error {
	id := remark4ID
	if r == nil {
		return errResult(id, "nil")
	}
	c := r.Config
	if len(r.Settings) == 0 || c.N < 1 {
		return errResult(id, "%d settings, n = %d", len(r.Settings), c.N)
	}
	for _, s := range r.Settings {
		if len(s.Points) == 0 {
			return errResult(id, "setting (%g, %g) has no points", s.Setting.Sigma2, s.Setting.M)
		}
		for _, p := range s.Points {
			if len(p.Worst) != len(r.Orders) || len(p.SigmaStar2) != len(r.Orders) {
				return errResult(id, "a point has %d and %d order values, want %d", len(p.Worst), len(p.SigmaStar2), len(r.Orders))
			}
			if len(p.Mean) != c.N || len(p.SE) != c.N || len(p.Bound) != c.N {
				return errResult(id, "a point has %d means, %d standard errors and %d bounds, want n = %d", len(p.Mean), len(p.SE), len(p.Bound), c.N)
			}
		}
	}
	if len(r.Outlier) != len(r.Orders) {
		return errResult(id, "the one-outlier inputs have %d order values, want %d", len(r.Outlier), len(r.Orders))
	}
	return nil
}

// remark4Miss returns an exact quantity's value for the Monte Carlo
// parts where the bound is 0 up to rounding: 0 if ok (below the margin),
// +Inf if not (wholly above it).
func remark4Miss(ok bool) float64 {
	if ok {
		return 0
	}
	return math.Inf(1)
}

// remark4P returns the p-value of "holds" of such an exact quantity: 0 if
// ok, else 1.
func remark4P(ok bool) float64 {
	if ok {
		return 0
	}
	return 1
}
