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
	"github.com/goodorder/goodorder/problems"
)

// # The claim

// twoLevelLemmaID is the claim's id.
const twoLevelLemmaID = "two-level-lemma"

var twoLevelLemmaClaim = Claim{
	ID:    twoLevelLemmaID,
	Where: "Lemma 2, Appendix B",
	Statement: "For two-level K-shuffling with random permutations at both levels, " +
		"E φ²_{r,k} ≤ 3m(1 + N(1 - (K-1)/(m-1)))σ_low² + 2NK²σ_top² for every k, " +
		"so E σ*² ∈ O(NK²σ_top² + (m + N(m-K))σ_low²).",
	Quote: "E φ²_{r,k} ≤ 3m(1 + N(1 - (K-1)/(m-1)))σ_low² + 2NK²σ_top² for two-level K-shuffling",
	Rule:  &twoLevelLemmaRule,
	Run:   claimRun(TwoLevelLemmaConfig{}.At, TwoLevelLemmaConfig.Run, (*TwoLevelLemmaResult).Outcome),
	// The rate part's margin is measured from the O(·)'s exponent 1.
	Known:      "two-level-lemma-rate's value was known from the exploratory seeds when it was registered",
	MarginFrom: map[string]float64{"two-level-lemma-rate": 1},
	Registration: "Registered a third time on 2026-11-30, after its confirmatory pass on base seed 1002 (reproduced: exponent 0.977 [0.976, 0.977]), when an independent referee's read of the whole registration weighed two-level-lemma-rate as weak on two counts. First, the O(·) names N, m, σ_low, K and σ_top, and only K and σ_top vary here (N = 2, m = 16, σ_low = 10), which the section did not say: the part's statistic now says it, and that the part reads the O(·) along K and σ_top only. Second, the slope was taken against the expression with its two terms' constants equal, while the O(·) leaves them free, so the slope depended on constants the statement does not fix: E σ*² = 8NK²σ_top² + (m + N(m − K))σ_low², which is in the O(·), would have read about 1.33 over our configurations and failed. " +
		"The slope is now taken at the ratio of the two terms' constants that fits best, from 1/100 to 100 (profiledLogSlope); the slope with equal constants is reported beside. A test on the default grid shows the change: 8NK²σ_top² + (m + N(m − K))σ_low² and NK²σ_top² + 8(m + N(m − K))σ_low² read 1.00 and hold, and E σ*² growing as K³σ_top² reads 1.11 to 1.15 and fails (its constant 1/4 to 1 of the other term's). Known at this registration: on the exploratory seeds 1 to 5 the new exponent reads 0.926 to 0.927 (upper ends at most 0.927), at the fitted ratio 0.72, so the new pass tests the part's judgement, not a close call; the max-k part is unchanged. " +
		"Its earlier registration's text, kept as it was: Registered again on 2026-11-30, after its confirmatory pass on base seed 1001 (reproduced), when an independent referee's read weighed the two-level-lemma-sigma part as weak: it judged E max_k φ²_{r,k} against the bound with the proof's constants, while the statement is an O(·), which names no constant, so a failure there would not contradict it. " +
		"The part became two-level-lemma-rate, the O(·) read scale-free: the exponent of E max_k φ² in the O(·)'s expression across the configurations, shown below 1.1; E max_k φ² over the proof's bound is reported beside. Its value was known from the earlier passes (E max over the expression 0.49 to 0.86 across the configurations, an exponent near 0.98), so the new pass tests the part's judgement, not a close call.",
}

// twoLevelLemmaRateTol is how far above 1 the exponent of E σ*² in the
// O(·)'s expression may lie and still read as within the O(·): the
// tolerance of every fitted exponent here (theorem1NoiseTol,
// omegaSlopeTol).
const twoLevelLemmaRateTol = 0.1

// twoLevelLemmaRule is the claim's rule: Lemma 2's bound on the proof's
// quantity, every k's E φ²_{r,k}, a bound judged whatever its slack on
// the measured over the bound in every configuration (boundWorst); and
// the statement's O(·) on E σ*² = E max_k φ²_{r,k}, read scale-free, as
// the exponent of E σ*² in the O(·)'s expression across the
// configurations (Rate), shown below 1 + twoLevelLemmaRateTol.
var twoLevelLemmaRule = Rule{Claim: twoLevelLemmaID, Parts: []RulePart{
	{
		Name: "two-level-lemma-max-k", Tex: 665,
		Sentence:  "E φ²_{r,k} ≤ 3m(1 + N(1 − (K−1)/(m−1)))σ_low² + 2NK²σ_top² (the last line of Lemma 2's proof, every k)",
		Statistic: "every configuration's and k's E φ²_{r,k} over the bound, the largest: the largest mean, lower and upper end of the 95% normal intervals (mean ± 1.96 SE over the orders)",
		Test:      Bound, Side: Below, Threshold: 1,
	},
	{
		Name: "two-level-lemma-rate", Tex: 443,
		Sentence:  "E σ*²(π) ∈ O(NK²σ_top² + (m + N(m − K))σ_low²)",
		Statistic: "the least-squares slope of ln E max_k φ²_{r,k} (E σ*² of one order) against ln(NK²σ_top² + r(m + N(m − K))σ_low²), the O(·)'s expression in Assumption 5's constants, over the configurations, where r, the ratio of the two terms' constants, which the O(·) leaves free, is the one of 401 ratios spaced evenly in log from 1/100 to 100 that fits best (least residual sum of squares), with the slope's 95% normal interval given r from the Monte Carlo standard errors (the delta method): an O(·) names no constant, so it is read scale-free, E σ*² growing no faster than the expression across configurations that span it over three decades, whatever the terms' constants (with r fixed at 1, E σ*² = 8NK²σ_top² + (m + N(m − K))σ_low², which is in the O(·), would give a slope of about 1.33 over our configurations); our reading, the slope shown below 1 + 0.1, so that E σ*² growing as K³σ_top² in place of K²σ_top² fails it (a slope of about 1.11 to 1.15 at its best r where the K³ term's constant is 1/4 to 1 of the other's). N = 2, m = 16 and σ_low = 10 are fixed and only K and σ_top vary, so the part reads the O(·) along K and σ_top only, not its dependence on N, m or σ_low. The slope with r = 1 and E max_k φ² over the bound with the proof's constants are reported beside, not judged",
		Test:      NonInferiority, Side: Below, Threshold: 1 + twoLevelLemmaRateTol,
	},
}}

// # The config

// TwoLevelLemmaConfig is the protocol of the two-level-lemma claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type TwoLevelLemmaConfig struct {
	// N, M and SigmaLow set up problems.TwoLevel (with its default d and
	// λ). Defaults 2, 16 and 10; σ_low = 0 set after At makes the
	// low-level functions of each f_i equal.
	N, M     int
	SigmaLow float64
	// Ks are the K of K-shuffling and SigmaTops the σ_top. Defaults
	// {1, 2, 4, 8, 16} and {0, 1, 10, 100}.
	Ks        []int
	SigmaTops []float64
	// Trials is the number of orders drawn per configuration. Default
	// 50,000.
	Trials int
}

// At returns c with its zero fields set to the two-level-lemma protocol at scale
// s.
func (c TwoLevelLemmaConfig) At(s Scale) TwoLevelLemmaConfig {
	return atScale(c, s, map[Scale]TwoLevelLemmaConfig{
		Smoke: {M: 8, Ks: []int{1, 8}, SigmaTops: []float64{0, 10}, Trials: 1000},
		Full:  {M: 32, Ks: []int{1, 2, 4, 8, 16, 32}, Trials: 200000},
	})
}

// fill sets the zero fields to their defaults.
func (c *TwoLevelLemmaConfig) fill() {
	c.SigmaLow = problems.TwoLevelConfig{SigmaLow: c.SigmaLow}.WithDefaults().SigmaLow
	fillZero(c, TwoLevelLemmaConfig{N: 2, M: 16, Ks: []int{1, 2, 4, 8, 16}, SigmaTops: []float64{0, 1, 10, 100}, Trials: 50000})
}

// validate returns an error naming the first field of c out of range.
func (c *TwoLevelLemmaConfig) validate() error {
	switch {
	case len(c.Ks) == 0 || len(c.SigmaTops) == 0:
		return fmt.Errorf("paper: two-level-lemma with K %v and σ_top %v, want at least one of each", c.Ks, c.SigmaTops)
	case c.Trials < 2:
		return fmt.Errorf("paper: two-level-lemma with %d trials, want >= 2", c.Trials)
	case c.N < 2 || c.N%2 != 0:
		// problems.NewTwoLevel would take 0 for its default.
		return fmt.Errorf("paper: two-level-lemma with N = %d, want an even number >= 2", c.N)
	case c.M < 2 || c.M%2 != 0:
		return fmt.Errorf("paper: two-level-lemma with m = %d, want an even number >= 2", c.M)
	}
	if err := checkInts(twoLevelLemmaID, "K", c.Ks, 1, c.M); err != nil {
		return err
	}
	// problems.NewTwoLevel checks N, m and the σ.
	return nil
}

// # The run

// TwoLevelLemmaRow is one (K, σ_top) configuration.
type TwoLevelLemmaRow struct {
	// K is the K of two-level K-shuffling and SigmaTop is σ_top.
	K        int
	SigmaTop float64
	// TwoLevel and Standard are the Monte Carlo statistics of φ² under
	// two-level K-shuffling and standard shuffling.
	TwoLevel, Standard *Phi2Stats
	// Bound is Appendix B's constant (TwoLevelSigmaStar2), and Order the
	// statement's O(·) expression NK²σ_top² + (m + N(m − K))σ_low²
	// (TwoLevelSigmaStar2Order), both in Assumption 5's constants;
	// OrderTop is the expression's first term, NK²σ_top².
	Bound, Order, OrderTop float64
}

// TwoLevelLemmaResult holds every configuration of the two-level-lemma
// claim.
type TwoLevelLemmaResult struct {
	Config TwoLevelLemmaConfig
	// Rows holds one row per (σ_top, K), σ_top-major.
	Rows []TwoLevelLemmaRow
}

// check returns an error if res has no rows or a row without statistics.
func (res *TwoLevelLemmaResult) check() error {
	if res == nil || len(res.Rows) == 0 || len(res.Config.Ks) == 0 || len(res.Config.SigmaTops) == 0 {
		return errResult(twoLevelLemmaID, "no rows")
	}
	for _, r := range res.Rows {
		if r.TwoLevel == nil || r.Standard == nil || len(r.TwoLevel.Mean) < 2 || len(r.Standard.Mean) != len(r.TwoLevel.Mean) {
			return errResult(twoLevelLemmaID, "K = %d, σ_top = %g has no statistics or too few k", r.K, r.SigmaTop)
		}
	}
	return nil
}

// Run measures E φ²_{r,k} of two-level K-shuffling and of
// standard shuffling on the two-level quadratic for every configuration
// of c. The component deviations of the quadratic do not depend on x, so
// the gradients are taken at x = 1 (all ones). It returns the rows from
// env's cache if they are there.
func (c TwoLevelLemmaConfig) Run(ctx context.Context, env *Env) (*TwoLevelLemmaResult, error) {
	return runCached(ctx, env, twoLevelLemmaID, "runTwoLevelLemma", c, runTwoLevelLemma)
}

func runTwoLevelLemma(ctx context.Context, env *Env, c TwoLevelLemmaConfig) (*TwoLevelLemmaResult, error) {
	seed := env.Seed
	var rows []TwoLevelLemmaRow
	for _, top := range c.SigmaTops {
		p, err := problems.NewTwoLevel(problems.TwoLevelConfig{N: c.N, M: c.M, SigmaTop: top, SigmaLow: c.SigmaLow, ZeroSigmaLow: c.SigmaLow == 0}.WithDefaults())
		if err != nil {
			return nil, err
		}
		g := ordering.ComponentGrads(nil, p, constant(p.Dim(), 1))
		std, err := ordering.NewStandardShuffle(p.N(), p.M(), mixSeed(seed, streamLemma2Standard, math.Float64bits(top)))
		if err != nil {
			return nil, err
		}
		stdStats, err := samplePhi2(ctx, g, std, c.Trials)
		if err != nil {
			return nil, err
		}
		for _, k := range c.Ks {
			two, err := ordering.NewKShuffle(p.N(), p.M(), k, mixSeed(seed, streamLemma2KShuffle, math.Float64bits(top), uint64(k)))
			if err != nil {
				return nil, err
			}
			st, err := samplePhi2(ctx, g, two, c.Trials)
			if err != nil {
				return nil, err
			}
			bound, err := ordering.TwoLevelSigmaStar2(p.SigmaTop2(), p.SigmaLow2(), p.N(), p.M(), k)
			if err != nil {
				return nil, err
			}
			order, err := ordering.TwoLevelSigmaStar2Order(p.SigmaTop2(), p.SigmaLow2(), p.N(), p.M(), k)
			if err != nil {
				return nil, err
			}
			orderTop, err := ordering.TwoLevelSigmaStar2Order(p.SigmaTop2(), 0, p.N(), p.M(), k)
			if err != nil {
				return nil, err
			}
			rows = append(rows, TwoLevelLemmaRow{K: k, SigmaTop: top, TwoLevel: st, Standard: stdStats, Bound: bound, Order: order, OrderTop: orderTop})
		}
	}
	return &TwoLevelLemmaResult{Config: c, Rows: rows}, nil
}

// # The outcome

// TwoLevelLemmaFindings is what the two-level-lemma claim shows: max_k
// E φ²_{r,k} of two-level K-shuffling against Lemma 2's bound in every
// configuration.
type TwoLevelLemmaFindings struct {
	// Max[i] is max_k E φ²_{r,k} of two-level shuffling in the result's
	// i-th row and Standard[i] that of standard shuffling.
	Max, Standard []float64
	// Holds is set if Max is within the bound in every row, and MaxHolds if
	// E max_k φ²_{r,k}, the expected σ*² of one order, is too (point
	// estimates, reported, not judged); MinSlack is the smallest
	// bound/Max and MaxSlack the smallest bound/E max_k φ².
	Holds, MaxHolds    bool
	MinSlack, MaxSlack float64
	// The smaller of MinSlack and MaxSlack is said beside the verdict.
	// Lemma 2's bound is the statement, so it is judged whatever its
	// slack: a looser bound never reads worse. (From 2026-11-26 07:45 to 08:55 a bound not
	// approached made the verdict NotTested: referee C.) Its slack stays
	// near 4 on every setting: the measured max_k E φ² sits near a
	// quarter of the bound's 3m(1+N(…))σ_low² + 2NK²σ_top² (the rows fall
	// 4.19, 4.05, 4.00 as σ_top grows), a floor of the lemma's constants,
	// so the check can fail only if the lemma or our code is wrong.
	// MaxPart is the verdict of twoLevelLemmaRule's bound part on the 95%
	// normal intervals (mean ± 1.96 SE over Trials orders: thousands of
	// draws, so z): Reproduced if every k's interval lies below the
	// bound in every row, NotReproduced if some interval lies wholly
	// above it, else Inconclusive. EMaxPart is the verdict of its rate
	// part on Rate: Reproduced if its interval lies below
	// 1 + twoLevelLemmaRateTol, NotReproduced if above, else Inconclusive.
	MaxPart, EMaxPart Verdict
	// Rate is the exponent of E max_k φ² in the O(·)'s expression across
	// the rows, its two terms weighted by the ratio of their constants
	// that fits best, Ratio (profiledLogSlope: NK²σ_top² + Ratio·(m +
	// N(m − K))σ_low²), with its 95% normal interval given Ratio; RateEqual
	// is the exponent with the terms' constants equal (Ratio 1), reported
	// beside. MinOrderRatio and MaxOrderRatio are the least and largest
	// E max_k φ² over the expression with equal constants.
	Rate, RateEqual              Interval
	Ratio                        float64
	MinOrderRatio, MaxOrderRatio float64
	// P is the larger of the two parts' p-values of holding: the bound
	// part's is an intersection-union test, the largest over the rows
	// and k of each interval's one-sided p-value of lying below the
	// bound (Interval.PBelow).
	P float64
	// Figure indexes the result's rows: the first K at the largest σ_top,
	// where two-level shuffling should help most.
	Figure int
	// Judgement is twoLevelLemmaRule's judgement, and Verdict its combine
	// of MaxPart and EMaxPart: the lemma states its bound on E σ*²,
	// E max_k φ², which is at least max_k E φ², the quantity its proof
	// bounds.
	Judgement Judgement
	Verdict   Verdict
}

// Findings returns what the claim shows. It returns an error if res has no
// rows or a row without statistics.
func (res *TwoLevelLemmaResult) Findings() (*TwoLevelLemmaFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	f := &TwoLevelLemmaFindings{Holds: true, MaxHolds: true, MinSlack: math.Inf(1), MaxSlack: math.Inf(1), MinOrderRatio: math.Inf(1), MaxOrderRatio: math.Inf(-1)}
	var maxIvs []Interval
	var maxBounds, orders, tops, lows, emax, emaxSE []float64
	for i, r := range res.Rows {
		for k := range r.TwoLevel.Mean {
			maxIvs = append(maxIvs, mcInterval(r.TwoLevel.Mean[k], r.TwoLevel.SE[k], r.TwoLevel.Trials))
			maxBounds = append(maxBounds, r.Bound)
		}
		orders, emax, emaxSE = append(orders, r.Order), append(emax, r.TwoLevel.MaxMean), append(emaxSE, r.TwoLevel.MaxSE)
		tops, lows = append(tops, r.OrderTop), append(lows, r.Order-r.OrderTop)
		f.MinOrderRatio, f.MaxOrderRatio = math.Min(f.MinOrderRatio, r.TwoLevel.MaxMean/r.Order), math.Max(f.MaxOrderRatio, r.TwoLevel.MaxMean/r.Order)
		f.MaxSlack = math.Min(f.MaxSlack, r.Bound/r.TwoLevel.MaxMean)
		m, _ := r.TwoLevel.MaxOfMean()
		sm, _ := r.Standard.MaxOfMean()
		f.Max, f.Standard = append(f.Max, m), append(f.Standard, sm)
		f.Holds = f.Holds && m <= r.Bound
		f.MaxHolds = f.MaxHolds && r.TwoLevel.MaxMean <= r.Bound
		f.MinSlack = math.Min(f.MinSlack, r.Bound/m)
		if r.K == c.Ks[0] && r.SigmaTop == c.SigmaTops[len(c.SigmaTops)-1] {
			f.Figure = i
		}
	}
	confs := fmt.Sprintf("the largest over %d configurations", len(res.Rows))
	maxM := boundWorst(confs+" and their k", maxIvs, maxBounds, fmt.Sprintf("smallest bound/measured on the means %.3g", f.MinSlack))
	f.Rate, f.Ratio = profiledLogSlope(tops, lows, emax, emaxSE, c.Trials)
	f.RateEqual = logSlopeInterval(orders, emax, emaxSE, c.Trials)
	rateM := Measure{Label: fmt.Sprintf("exponent over %d configurations", len(res.Rows)), Iv: f.Rate,
		Note: fmt.Sprintf("the terms' constants' ratio fitted %.3g; with equal constants the exponent is %.3f and E max_k φ² over the expression %.2f to %.2f; over the proof's bound, smallest bound/measured %.3g, reported, not judged", f.Ratio, f.RateEqual.Mean, f.MinOrderRatio, f.MaxOrderRatio, f.MaxSlack)}
	j, err := twoLevelLemmaRule.Judge(Measures{"two-level-lemma-max-k": {maxM}, "two-level-lemma-rate": {rateM}}, nil)
	if err != nil {
		return nil, err
	}
	f.Judgement, f.Verdict = j, j.Verdict
	f.MaxPart, f.EMaxPart = j.Parts[0].Verdict, j.Parts[1].Verdict
	f.P = math.Max(j.Parts[0].P[0], j.Parts[1].P[0])
	return f, nil
}

// Outcome renders the findings: the verdict and its words, a row per
// configuration and the chart. It returns an error if res has no rows or a
// row without statistics.
func (res *TwoLevelLemmaResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c, rows := res.Config, res.Rows
	out := Outcome{}
	out.judged(&twoLevelLemmaRule, f.Judgement)
	allHold, holdsMax, minSlack := f.Holds, f.MaxHolds, f.MinSlack
	for i, r := range rows {
		m, sm := f.Max[i], f.Standard[i]
		out.Rows = append(out.Rows, Row{
			Quantity: fmt.Sprintf("K = %d, σ_top = %g: max_k E φ² (two-level; standard)", r.K, r.SigmaTop),
			Paper:    fmt.Sprintf("≤ %.4g", r.Bound),
			Ours:     fmt.Sprintf("%.4g (bound/measured %.2f); standard %.4g; E max_k φ² %.4g", m, r.Bound/m, sm, r.TwoLevel.MaxMean),
		})
	}
	// The figure: K = 1 at the largest σ_top, where two-level shuffling
	// should help most.
	out.addChart("two-level-lemma", "Lemma 2: E φ² of two-level shuffling", twoLevelLemmaChart(c, rows[f.Figure]))
	out.Summary = fmt.Sprintf("max_k E φ²_{r,k} ≤ 3m(1+N(1-(K-1)/(m-1)))σ_low² + 2NK²σ_top² in all %d configurations: %v (smallest bound/measured %.2f), on 95%% intervals %v; "+
		"E σ*² = E max_k φ² in O(NK²σ_top² + (m + N(m-K))σ_low²): its exponent in that expression across the configurations, at the ratio of the two terms' constants that fits best (%.2g), %v (below %g): %v; "+
		"reported, not judged: with the terms' constants equal the exponent is %.2f and E max_k φ² over the expression %.2f to %.2f; E max_k φ² below the proof's bound too: %v (smallest bound/measured %.2f)", len(rows), allHold, minSlack, f.MaxPart, f.Ratio, f.Rate, 1+twoLevelLemmaRateTol, f.EMaxPart, f.RateEqual.Mean, f.MinOrderRatio, f.MaxOrderRatio, holdsMax, f.MaxSlack)
	out.Key = Key{Name: "smallest bound/measured", Value: minSlack}
	out.Decides = &Decider{Name: "smallest bound/measured of max_k E φ²_{r,k}", Ours: fmt.Sprintf("%.2f", minSlack), Paper: "≥ 1"}
	out.Brief = fmt.Sprintf("max_k E φ² under Lemma 2's bound in %s %d configurations (slack ≥ %.2f); E σ*²'s exponent in the O(·)'s expression %v: %v", allText(allHold), len(rows), minSlack, f.Rate, f.EMaxPart)
	fm, fs := f.Max[f.Figure], f.Standard[f.Figure]
	out.Details = fmt.Sprintf("At σ_top = %g, K = %d two-level shuffling has max_k E φ² = %.4g against %.4g for standard shuffling (ratio %.2f): "+
		"interleaving the top-level functions one step at a time cancels their large shifts. "+
		"Lemma 2 states an O(·) on E σ*², the expectation of the largest φ² of one order, E max_k φ²_{r,k}; its proof bounds each E φ²_{r,k}, so max_k E φ²_{r,k}, which is smaller, with explicit constants. The verdict judges the proof's line with its constants and the statement's O(·) by its rate, which names no constant.",
		rows[f.Figure].SigmaTop, rows[f.Figure].K, fm, fs, fm/fs)
	out.Protocol = []string{
		fmt.Sprintf("problems.TwoLevel with N = %d, m = %d, σ_low = %g and its default d and λ; K ∈ {%s}, σ_top ∈ {%s}.", c.N, c.M, c.SigmaLow, joinInts(c.Ks), joinFloats(c.SigmaTops)),
		"σ_top² and σ_low² in the bound are d·σ_top² and d·σ_low² (the Assumption 5 constants of the quadratic, with equality).",
		fmt.Sprintf("%d orders per configuration; the component deviations do not depend on x, so the gradients are taken at x = 1.", c.Trials),
		fmt.Sprintf("Verdict: combine over two parts. The proof's line: max_k E φ²_{r,k} (every k's E φ²_{r,k}) under the bound in every configuration, judged on the 95%% intervals (mean ± 1.96 SE over the %d orders: normal, as the draws are thousands): it holds if every interval lies below the bound, fails if some interval lies wholly above it, else is inconclusive; judged whatever the slack, the slack said beside the verdict (from 07:45 to 08:55 on 2026-11-26 a bound 10 times above every measured value made the verdict not tested, so that a looser bound read worse: referee C). The slack sits near 4 in every configuration: the lemma's constants put the bound about four times above the measured max_k E φ², so this part fails only if the lemma or our code is wrong. The statement's O(·): the least-squares exponent of E max_k φ²_{r,k} in NK²σ_top² + r(m + N(m − K))σ_low² across the configurations, r (the ratio of the two terms' constants, which the O(·) leaves free) the one from 1/100 to 100 that fits best, 95%% normal interval from the Monte Carlo standard errors given r, holds if it lies below %g, fails if above; N, m and σ_low are fixed, so it reads the O(·) along K and σ_top only. Reproduced if both hold, not reproduced if both fail, partly reproduced if one holds and one fails.", c.Trials, 1+twoLevelLemmaRateTol),
		"Changed after the confirmatory pass on base seed 1001 (reproduced there), when a referee weighed the second part as weak (the O(·) names no constant, so E max_k φ² judged against the proof's constants is a stronger statement than the paper's): the part judges the O(·)'s rate, scale-free; before, it judged E max_k φ² under the bound with the proof's constants, now reported beside. The claim is registered again on new seeds. " +
			"Changed again after the confirmatory pass on base seed 1002 (reproduced there, exponent 0.977 [0.976, 0.977]), when a referee weighed the part as weak: with the two terms' constants taken equal, the exponent depends on constants the O(·) leaves free (E σ*² = 8NK²σ_top² + (m + N(m − K))σ_low², in the O(·), would read 1.33 over these configurations and fail); the exponent is now taken at the ratio of the terms' constants that fits best, and the one with equal constants is reported beside. The claim is registered again on new seeds.",
		"Rule history: on 2026-11-26 (issue 28's referee read), after results were known (reproduced), the two parts became tri-state on their intervals and are combined (combine); before, they were point estimates ANDed, so one failing part gave not reproduced where combine gives partly reproduced. " +
			"Earlier on 2026-11-26 (issue 28), after results were known (reproduced, with E max_k φ² below the bound as well), E max_k φ², the statement's E σ*², joined the verdict; before, it judged max_k E φ², the proof's quantity, alone and reported E max beside it.",
	}
	return &out, nil
}

// twoLevelLemmaChart draws E φ²_{r,k} against k in the figure's row fig
// of a run of c: two-level and standard shuffling with their 95% bands,
// and Lemma 2's bound.
func twoLevelLemmaChart(c TwoLevelLemmaConfig, fig TwoLevelLemmaRow) *chart.LineChart {
	// φ²_{r,n} is 0 up to rounding for every permutation; it is left out
	// so that the log axis shows the rest.
	n := len(fig.TwoLevel.Mean) - 1
	ks := oneTo(n)
	tlo, thi := band(fig.TwoLevel.Mean[:n], fig.TwoLevel.SE[:n], z95)
	slo, shi := band(fig.Standard.Mean[:n], fig.Standard.SE[:n], z95)
	lc := &chart.LineChart{
		Title: fmt.Sprintf("E φ²ᵣ,ₖ, N = %d, m = %d, σ top = %g, σ low = %g, K = %d",
			c.N, c.M, fig.SigmaTop, c.SigmaLow, fig.K),
		XLabel: "k (k = N·m, where φ² = 0, left out)", YLabel: "E φ²ᵣ,ₖ", LogY: true,
		Series: []chart.Series{
			{X: ks, Y: fig.TwoLevel.Mean[:n], Lo: tlo, Hi: thi, Runs: fig.TwoLevel.Trials},
			{X: ks, Y: fig.Standard.Mean[:n], Lo: slo, Hi: shi, Runs: fig.Standard.Trials},
			{Name: "Lemma 2 bound on two-level shuffling (Appendix B; not a bound on standard shuffling)", X: ks, Y: constant(n, fig.Bound), Dashed: true},
		},
	}
	for i, name := range []string{fmt.Sprintf("two-level %d-shuffling", fig.K), "standard shuffling"} {
		noteBand(lc, i, name, fmt.Sprintf("mean of %d orders, 95%% band", lc.Series[i].Runs))
	}
	return lc
}
