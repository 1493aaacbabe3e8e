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
	Known: "two-level-lemma-max-k's value was known from the earlier passes when it was registered",
	Registration: "Registered a sixth time on 2026-12-01, after its confirmatory pass on base seed 1003 (reproduced: slack 4.00 over 24 configurations), when an independent referee's read before that pass, and one after it, weighed two-level-lemma-max-k as weak, among other reasons because its sweep of N sat at K = m, where the bound's N terms vanish and every k's E φ²_{r,k} is one block's partial sum, the same at every N: the sweep checked the line four times over and never how it depends on N. " +
		"The sweep is now every N ∈ {2, 4, 8, 16} with K ∈ {1, 4, 16} and σ_top ∈ {0, 10} (24 configurations, judged with the grid's 20 by the same one part: 44 in all, 38 distinct, as the sweep's six at N = 2 repeat grid configurations with draws of their own). At K < m the bound's terms 3mN(1 − (K−1)/(m−1))σ_low² and 2NK²σ_top² grow linearly in N (the σ_top term at K = m too). What the sweep can show is bounded by the slack: at exploratory seed 1 its K < m rows sit 8 to 9 times under the bound at every N, so it fails only if the measured line outgrows the bound about 8-fold from N = 2 to 16, roughly N² against the bound's N; a growth as N^1.5 would still hold (slack about 2). So it shows the line keeping pace with the bound as N grows, and would catch a bound whose N dependence were off by a factor of about N, not a milder departure. A bound flat in N fails the part in TestSmallTheoryFindings, at m = 4; at the registered m = 16, on seed 1's numbers, it would fail only at K = m, σ_top = 10, N = 16 (about 3% above), through the σ_top term, its K < m rows holding (slack 1.46 to 2.11). Its rule, test and grid are otherwise unchanged. Fixed before the pass, after a referee read of this registration, which found the earlier wording (that faster growth in N than the bound's would fail) overstated. " +
		"Known at this registration: at exploratory seed 1 (the committed result) the smallest bound/measured over the sweep's K < m rows is 8.06, 9.02, 9.12 and 9.07 at N = 2, 4, 8 and 16, the measured line growing with N as the bound does; the exploratory seeds 1 to 5 (robustness pass) all read reproduced, slack 4.00. The claim's deciding value stays the grid's 0.2499 (slack 4.00) at σ_top = 100 and K = m, where φ² at k = m is a block's own sum and does not vary between orders: it is exact, the same at every seed, so the new pass cannot move it and the part checks the proof and our code, not a sample; a theorem's line is judged so, as theorem-1's bound is. The statement's O(·) on E σ*² (tex:443) stays reported, not judged, for the reasons below. " +
		"The earlier registration's text, kept as it was: Registered a fifth time on 2026-11-30 (the third and fourth registrations were withdrawn before any run), after its confirmatory pass on base seed 1002 (reproduced: max-k slack 4.00; rate exponent 0.977 [0.976, 0.977]), when three independent referee reads weighed two-level-lemma-rate as weak: N, m and σ_low were fixed, so the O(·) was read along K and σ_top only, and a slope against the O(·)'s sum of two terms moves with their constants, which the O(·) leaves free. Two registrations that kept a judged rate were withdrawn before any run, both on this seed, 1003: the first on 2026-11-30 (8829e18, reverted in 0e072ed), adding shapes in N and m, weighed unsound (the slope still moved with the constants, and E max_k φ² outgrows max_k E φ² at N ≥ 4); the second later that day (6edd198), taking the slope at the best-fitting ratio of the two terms' constants, weighed weak by two reads (its K³ alternative read only 1.11 to 1.15 against 1.1, and N = 2 cannot show how E σ*² grows with N). " +
		"The rule now judges the proof's line alone (tex:665, every k's E φ²_{r,k} under the stated bound), which is what the claim's quote states, over the K × σ_top grid at N = 2 and over a sweep of N = 2, 4, 8 and 16 at K = m and σ_top = 0 as well, added after a read weighed an N = 2 check weak; at K = m the bound's N term vanishes (the bound is 3mσ_low² at every N), so the sweep checks the line at N up to 16 but not the bound's dependence on N, which a sweep of N at K < m would. Under Remark 3 (tex:279), for a random order Assumption 4 may hold in expectation, its σ*² then bounding max_k E φ²_{r,k}: read so, the statement's O(·) (tex:443) follows from the proof's line with its constants. Read as the expectation of each order's σ*², E max_k φ²_{r,k}, it is reported beside, not judged, with the same sweep, where the O(·)'s expression is mσ_low² whatever N: there, at the exploratory base seed 1 (the committed result; the seeds pass records only the judged part), E max_k φ² over mσ_low² reads 0.87, 1.11, 1.37 and 1.65 at N = 2, 4, 8 and 16 (up 0.24, 0.26 and 0.28 a doubling, as the largest of N blocks' own maxima grows) while max_k E φ² over it stays at 0.27. So on that reading the O(·) needs a factor in N that the proof, which bounds max_k E φ², does not give; whether it stays bounded as N grows this sweep cannot tell, so it is reported, not judged. Known at this registration: the max-k part's statistic, the largest over the K × σ_top grid, came out 0.2499 (slack 4.00) in every pass and exploratory seed, with no width: its largest ratio falls where φ² does not vary between orders (its standard error is 0), so the new pass cannot move it there; on the sweep of N, at exploratory seed 1, max_k E φ² is 0.27 of mσ_low² at every N, about an eleventh of the bound 3mσ_low². The part can fail only if the lemma's proof or our code is wrong. " +
		"Its earlier registration's text, kept as it was: Registered again on 2026-11-30, after its confirmatory pass on base seed 1001 (reproduced), when an independent referee's read weighed the two-level-lemma-sigma part as weak: it judged E max_k φ²_{r,k} against the bound with the proof's constants, while the statement is an O(·), which names no constant, so a failure there would not contradict it. " +
		"The part became two-level-lemma-rate, the O(·) read scale-free: the exponent of E max_k φ² in the O(·)'s expression across the configurations, shown below 1.1; E max_k φ² over the proof's bound is reported beside. Its value was known from the earlier passes (E max over the expression 0.49 to 0.86 across the configurations, an exponent near 0.98), so the new pass tests the part's judgement, not a close call.",
}

// twoLevelLemmaRule is the claim's rule: Lemma 2's bound on the proof's
// quantity, every k's E φ²_{r,k}, a bound judged whatever its slack on
// the measured over the bound in every configuration (boundWorst). The
// statement's O(·) on E σ*² = E max_k φ²_{r,k} is reported beside, not
// judged (TwoLevelLemmaFindings.Rate, .Slip): the proof bounds
// max_k E φ²_{r,k}, and E max_k φ²_{r,k} exceeds it by a factor that
// grows with N, which no finite design can tell from an O(·)'s constant.
var twoLevelLemmaRule = Rule{Claim: twoLevelLemmaID, Parts: []RulePart{
	{
		Name: "two-level-lemma-max-k", Tex: 665,
		Sentence:  "E φ²_{r,k} ≤ 3m(1 + N(1 − (K−1)/(m−1)))σ_low² + 2NK²σ_top² (the last line of Lemma 2's proof, every k)",
		Statistic: "every configuration's and k's E φ²_{r,k} over the bound, the largest: the largest mean, lower and upper end of the 95% normal intervals (mean ± 1.96 SE over the orders); the configurations are K ∈ {1, 2, 4, 8, 16} × σ_top ∈ {0, 1, 10, 100} at N = 2, m = 16, σ_low = 10, and the sweep of N, every N ∈ {2, 4, 8, 16} with K ∈ {1, 4, 16} and σ_top ∈ {0, 10} (m = 16, σ_low = 10)",
		Test:      Bound, Side: Below, Threshold: 1,
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
	// SlipNs, SlipKs and SlipTops are the N, K and σ_top of the sweep of
	// N (m and σ_low as above), every one of each: judged by the proof's
	// line as the grid is, where K < m lets the bound's N term
	// 3mN(1 − (K−1)/(m−1))σ_low² + 2NK²σ_top² grow with N; at K = m and
	// σ_top = 0, where the O(·)'s expression is mσ_low² whatever N, it
	// puts E σ*² = E max_k φ²_{r,k} beside the proof's max_k E φ²_{r,k}
	// (reported). Defaults {2, 4, 8, 16}, {1, m/4, m} and {0, 10}; no N
	// runs no sweep.
	SlipNs   []int
	SlipKs   []int
	SlipTops []float64
}

// At returns c with its zero fields set to the two-level-lemma protocol at scale
// s.
func (c TwoLevelLemmaConfig) At(s Scale) TwoLevelLemmaConfig {
	return atScale(c, s, map[Scale]TwoLevelLemmaConfig{
		Smoke: {M: 8, Ks: []int{1, 8}, SigmaTops: []float64{0, 10}, Trials: 1000, SlipNs: []int{2, 4}, SlipKs: []int{1, 8}, SlipTops: []float64{0}},
		Full:  {M: 32, Ks: []int{1, 2, 4, 8, 16, 32}, Trials: 200000},
	})
}

// fill sets the zero fields to their defaults.
func (c *TwoLevelLemmaConfig) fill() {
	c.SigmaLow = problems.TwoLevelConfig{SigmaLow: c.SigmaLow}.WithDefaults().SigmaLow
	fillZero(c, TwoLevelLemmaConfig{N: 2, M: 16, Ks: []int{1, 2, 4, 8, 16}, SigmaTops: []float64{0, 1, 10, 100}, Trials: 50000, SlipNs: []int{2, 4, 8, 16}, SlipTops: []float64{0, 10}})
	if c.SlipKs == nil {
		c.SlipKs = slices.Compact([]int{1, max(1, c.M/4), c.M})
	}
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
	for _, n := range c.SlipNs {
		if n < 2 || n%2 != 0 {
			return fmt.Errorf("paper: two-level-lemma with a swept N = %d, want an even number >= 2", n)
		}
	}
	switch {
	case len(c.SlipNs) > 0 && len(c.SlipKs) == 0:
		return fmt.Errorf("paper: two-level-lemma sweeps N %v with no K (SlipKs), want at least one", c.SlipNs)
	case len(c.SlipNs) > 0 && len(c.SlipTops) == 0:
		return fmt.Errorf("paper: two-level-lemma sweeps N %v with no σ_top (SlipTops), want at least one", c.SlipNs)
	}
	if err := checkInts(twoLevelLemmaID, "swept K", c.SlipKs, 1, c.M); err != nil {
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
	// (TwoLevelSigmaStar2Order), both in Assumption 5's constants.
	Bound, Order float64
}

// TwoLevelLemmaSlipRow is one (N, K, σ_top) of the sweep of N.
type TwoLevelLemmaSlipRow struct {
	N, K     int
	SigmaTop float64
	// Stats are the Monte Carlo statistics of φ² under two-level
	// K-shuffling, Order the O(·)'s expression and Bound Lemma 2's bound
	// (TwoLevelSigmaStar2), in Assumption 5's constants.
	Stats        *Phi2Stats
	Order, Bound float64
}

// TwoLevelLemmaResult holds every configuration of the two-level-lemma
// claim.
type TwoLevelLemmaResult struct {
	Config TwoLevelLemmaConfig
	// Rows holds one row per (σ_top, K), σ_top-major.
	Rows []TwoLevelLemmaRow
	// Slip holds one row per (N, σ_top, K) of the sweep, N-major, then
	// σ_top.
	Slip []TwoLevelLemmaSlipRow
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
	for _, r := range res.Slip {
		if r.Stats == nil || len(r.Stats.Mean) < 2 || !(r.Order > 0) || !(r.Bound > 0) {
			return errResult(twoLevelLemmaID, "the sweep's N = %d, K = %d, σ_top = %g has no statistics, too few k or no bound", r.N, r.K, r.SigmaTop)
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
			rows = append(rows, TwoLevelLemmaRow{K: k, SigmaTop: top, TwoLevel: st, Standard: stdStats, Bound: bound, Order: order})
		}
	}
	var slip []TwoLevelLemmaSlipRow
	for _, n := range c.SlipNs {
		for _, top := range c.SlipTops {
			p, err := problems.NewTwoLevel(problems.TwoLevelConfig{N: n, M: c.M, SigmaTop: top, SigmaLow: c.SigmaLow, ZeroSigmaLow: c.SigmaLow == 0}.WithDefaults())
			if err != nil {
				return nil, err
			}
			g := ordering.ComponentGrads(nil, p, constant(p.Dim(), 1))
			for _, k := range c.SlipKs {
				o, err := ordering.NewKShuffle(p.N(), p.M(), k, mixSeed(seed, streamLemma2Slip, uint64(n), math.Float64bits(top), uint64(k)))
				if err != nil {
					return nil, err
				}
				st, err := samplePhi2(ctx, g, o, c.Trials)
				if err != nil {
					return nil, err
				}
				order, err := ordering.TwoLevelSigmaStar2Order(p.SigmaTop2(), p.SigmaLow2(), p.N(), p.M(), k)
				if err != nil {
					return nil, err
				}
				bound, err := ordering.TwoLevelSigmaStar2(p.SigmaTop2(), p.SigmaLow2(), p.N(), p.M(), k)
				if err != nil {
					return nil, err
				}
				slip = append(slip, TwoLevelLemmaSlipRow{N: n, K: k, SigmaTop: top, Stats: st, Order: order, Bound: bound})
			}
		}
	}
	return &TwoLevelLemmaResult{Config: c, Rows: rows, Slip: slip}, nil
}

// streamLemma2Slip is the stream of the two-level-lemma sweep's orders
// per (N, σ_top, K) (its own declaration, so that the other streams' code
// is as it was).
const streamLemma2Slip = 0x736c6970 // "slip"

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
	// approached made the verdict NotTested: referee C.) Its smallest
	// slack is 4.00, at σ_top = 100 and K = m, where the measured
	// max_k E φ² is exactly a quarter of the bound; the other rows run up
	// to about 17, and the sweep's K < m rows sit 8 to 9 under it at
	// every N. The check can fail only if the lemma or our code is wrong.
	// MaxPart is the verdict of twoLevelLemmaRule's bound part on the 95%
	// normal intervals (mean ± 1.96 SE over Trials orders: thousands of
	// draws, so z): Reproduced if every k's interval lies below the
	// bound in every row, NotReproduced if some interval lies wholly
	// above it, else Inconclusive.
	MaxPart Verdict
	// Rate is the exponent of E max_k φ² in the O(·)'s expression (its
	// two terms' constants equal) across the rows, with its 95% normal
	// interval (logSlopeInterval), and MinOrderRatio and MaxOrderRatio
	// the least and largest E max_k φ² over the expression: reported,
	// not judged.
	Rate                         Interval
	MinOrderRatio, MaxOrderRatio float64
	// SlipEMax[i] and SlipMaxE[i] are E max_k φ²_{r,k} (E σ*²) and
	// max_k E φ²_{r,k} over the O(·)'s expression in the sweep's i-th
	// row, and SlipEMaxIv[i] the first's 95% normal interval: reported,
	// not judged.
	SlipEMax, SlipMaxE []float64
	SlipEMaxIv         []Interval
	// SlipSlack[j] is the smallest bound/max_k E φ²_{r,k} over the
	// sweep's rows with K < m at N = Config.SlipNs[j] (+Inf if the sweep
	// has no such K), where the bound grows with N: how the proof's line
	// keeps pace as N grows.
	SlipSlack []float64
	// P is the bound part's p-value of holding, an intersection-union
	// test: the largest over the rows and k of each interval's one-sided
	// p-value of lying below the bound (Interval.PBelow).
	P float64
	// Figure indexes the result's rows: the first K at the largest σ_top,
	// where two-level shuffling should help most.
	Figure int
	// Judgement is twoLevelLemmaRule's judgement, and Verdict its
	// verdict, MaxPart's.
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
	var maxBounds, orders, emax, emaxSE []float64
	for i, r := range res.Rows {
		for k := range r.TwoLevel.Mean {
			maxIvs = append(maxIvs, mcInterval(r.TwoLevel.Mean[k], r.TwoLevel.SE[k], r.TwoLevel.Trials))
			maxBounds = append(maxBounds, r.Bound)
		}
		orders, emax, emaxSE = append(orders, r.Order), append(emax, r.TwoLevel.MaxMean), append(emaxSE, r.TwoLevel.MaxSE)
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
	// The sweep's configurations are the proof's line's too, at N up to
	// the sweep's largest.
	for _, r := range res.Slip {
		for k := range r.Stats.Mean {
			maxIvs = append(maxIvs, mcInterval(r.Stats.Mean[k], r.Stats.SE[k], r.Stats.Trials))
			maxBounds = append(maxBounds, r.Bound)
		}
		m, _ := r.Stats.MaxOfMean()
		f.Holds = f.Holds && m <= r.Bound
		f.MinSlack = math.Min(f.MinSlack, r.Bound/m)
	}
	confs := fmt.Sprintf("the largest over %d configurations", len(res.Rows)+len(res.Slip))
	maxM := boundWorst(confs+" and their k", maxIvs, maxBounds, fmt.Sprintf("smallest bound/measured on the means %.3g", f.MinSlack))
	f.Rate = logSlopeInterval(orders, emax, emaxSE, c.Trials)
	f.SlipSlack = make([]float64, len(c.SlipNs))
	for j, n := range c.SlipNs {
		f.SlipSlack[j] = math.Inf(1)
		for _, r := range res.Slip {
			if r.N == n && r.K < c.M {
				m, _ := r.Stats.MaxOfMean()
				f.SlipSlack[j] = math.Min(f.SlipSlack[j], r.Bound/m)
			}
		}
	}
	for _, r := range res.Slip {
		f.SlipEMax = append(f.SlipEMax, r.Stats.MaxMean/r.Order)
		m, _ := r.Stats.MaxOfMean()
		f.SlipMaxE = append(f.SlipMaxE, m/r.Order)
		f.SlipEMaxIv = append(f.SlipEMaxIv, mcInterval(r.Stats.MaxMean/r.Order, r.Stats.MaxSE/r.Order, r.Stats.Trials))
	}
	j, err := twoLevelLemmaRule.Judge(Measures{"two-level-lemma-max-k": {maxM}}, nil)
	if err != nil {
		return nil, err
	}
	f.Judgement, f.Verdict = j, j.Verdict
	f.MaxPart = j.Parts[0].Verdict
	f.P = j.Parts[0].P[0]
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
	// The reported comparison: at K = m and σ_top = 0 the O(·)'s
	// expression is mσ_low² whatever N.
	var flatN []int
	var flatEMax, flatMaxE []float64
	for i, r := range res.Slip {
		m, _ := r.Stats.MaxOfMean()
		out.Rows = append(out.Rows, Row{
			Quantity: fmt.Sprintf("sweep N = %d, K = %d, σ_top = %g: max_k E φ²; reported: E max_k φ² and max_k E φ² over the O(·)'s expression", r.N, r.K, r.SigmaTop),
			Paper:    fmt.Sprintf("≤ %.4g", r.Bound),
			Ours:     fmt.Sprintf("%.4g (bound/measured %.2f); over the expression: E max_k φ² %v, max_k E φ² %.3f", m, r.Bound/m, f.SlipEMaxIv[i], f.SlipMaxE[i]),
		})
		if r.K == c.M && r.SigmaTop == 0 {
			flatN, flatEMax, flatMaxE = append(flatN, r.N), append(flatEMax, f.SlipEMax[i]), append(flatMaxE, f.SlipMaxE[i])
		}
	}
	// The figure: K = 1 at the largest σ_top, where two-level shuffling
	// should help most.
	out.addChart("two-level-lemma", "Lemma 2: E φ² of two-level shuffling", twoLevelLemmaChart(c, rows[f.Figure]))
	out.Summary = fmt.Sprintf("max_k E φ²_{r,k} ≤ 3m(1+N(1-(K-1)/(m-1)))σ_low² + 2NK²σ_top² in all %d configurations: %v (smallest bound/measured %.2f), on 95%% intervals %v; "+
		"on the sweep of N = %s at K < m, where the bound grows with N, the smallest bound/measured %s; "+
		"reported, not judged: the statement's E σ*² = E max_k φ² in O(NK²σ_top² + (m + N(m-K))σ_low²), E max_k φ² over the expression %.2f to %.2f across the grid (its exponent in the expression %v), and, at K = m and σ_top = 0, where the expression is mσ_low² whatever N, E max_k φ² over it %s at N = %s against max_k E φ² over it %s; E max_k φ² below the proof's bound too, on the grid: %v (smallest bound/measured %.2f)", len(rows)+len(res.Slip), allHold, minSlack, f.MaxPart, joinInts(c.SlipNs), slipList(f.SlipSlack), f.MinOrderRatio, f.MaxOrderRatio, f.Rate, slipList(flatEMax), joinInts(flatN), slipList(flatMaxE), holdsMax, f.MaxSlack)
	out.Key = Key{Name: "smallest bound/measured", Value: minSlack}
	out.Decides = &Decider{Name: "smallest bound/measured of max_k E φ²_{r,k}", Ours: fmt.Sprintf("%.2f", minSlack), Paper: "≥ 1"}
	out.Brief = fmt.Sprintf("max_k E φ² under Lemma 2's bound in %s %d configurations, N ≤ %d (slack ≥ %.2f): %v; reported: E σ*²/mσ_low² at K = m %s, N = %s", allText(allHold), len(rows)+len(res.Slip), slices.Max(append([]int{c.N}, c.SlipNs...)), minSlack, f.MaxPart, slipSpan(flatEMax), nSpan(flatN))
	fm, fs := f.Max[f.Figure], f.Standard[f.Figure]
	out.Details = fmt.Sprintf("At σ_top = %g, K = %d two-level shuffling has max_k E φ² = %.4g against %.4g for standard shuffling (ratio %.2f): "+
		"interleaving the top-level functions one step at a time cancels their large shifts. "+
		"Lemma 2 states an O(·) on E σ*², the expectation of the largest φ² of one order, E max_k φ²_{r,k}; its proof bounds each E φ²_{r,k}, so max_k E φ²_{r,k}, which is smaller, with explicit constants. The verdict judges the proof's line with its constants; the statement's O(·) on E σ*² is reported beside: where the O(·)'s expression does not grow with N (K = m, σ_top = 0), E max_k φ² over it grows with N while max_k E φ² over it does not, as the largest of N blocks' own maxima would, so the lemma's O(·) on E σ*² needs more than its proof, which bounds max_k E φ² (a growth that slows, as a log N would, is beyond what a finite sweep can tell from a constant).",
		rows[f.Figure].SigmaTop, rows[f.Figure].K, fm, fs, fm/fs)
	out.Protocol = []string{
		fmt.Sprintf("problems.TwoLevel with N = %d, m = %d, σ_low = %g and its default d and λ; K ∈ {%s}, σ_top ∈ {%s}.", c.N, c.M, c.SigmaLow, joinInts(c.Ks), joinFloats(c.SigmaTops)),
		"σ_top² and σ_low² in the bound are d·σ_top² and d·σ_low² (the Assumption 5 constants of the quadratic, with equality).",
		fmt.Sprintf("%d orders per configuration; the component deviations do not depend on x, so the gradients are taken at x = 1.", c.Trials),
		fmt.Sprintf("Verdict: one part, the proof's line: max_k E φ²_{r,k} (every k's E φ²_{r,k}) under the bound in every configuration, judged on the 95%% intervals (mean ± 1.96 SE over the %d orders: normal, as the draws are thousands): it holds if every interval lies below the bound, fails if some interval lies wholly above it, else is inconclusive; judged whatever the slack, the slack said beside the verdict (from 07:45 to 08:55 on 2026-11-26 a bound 10 times above every measured value made the verdict not tested, so that a looser bound read worse: referee C). The slack is at least 4 in every configuration (the rows give each): the lemma's constants put the bound at least four times above the measured max_k E φ², so this part fails only if the lemma's proof or our code is wrong. The statement's O(·) on E σ*² = E max_k φ²_{r,k} is reported, not judged: E max_k φ² over the expression and its least-squares exponent in it across the configurations (N = %d, m = %d and σ_low = %g fixed), and, on the sweep's rows at K = m and σ_top = 0, E max_k φ² beside max_k E φ², both over the expression. The sweep of N (N ∈ {%s}, K ∈ {%s}, σ_top ∈ {%s}) is judged with the grid: at K < m the bound grows with N, and its smallest bound/measured is said per N.", c.Trials, c.N, c.M, c.SigmaLow, joinInts(c.SlipNs), joinInts(c.SlipKs), joinFloats(c.SlipTops)),
		"Changed after the confirmatory pass on base seed 1001 (reproduced there), when a referee weighed the second part as weak (the O(·) names no constant, so E max_k φ² judged against the proof's constants is a stronger statement than the paper's): the part judges the O(·)'s rate, scale-free; before, it judged E max_k φ² under the bound with the proof's constants, now reported beside. The claim is registered again on new seeds. " +
			"Changed again after the confirmatory pass on base seed 1002 (reproduced there, exponent 0.977 [0.976, 0.977]), when three referee reads weighed the rate part as weak: with N, m and σ_low fixed the O(·) was read along K and σ_top only, and a slope against a sum of two terms moves with their constants, which the O(·) leaves free (8NK²σ_top² + (m + N(m − K))σ_low², inside the O(·), would read 1.33 and fail); taking the slope at the best-fitting ratio of the constants (registered on base seed 1003 and withdrawn before any run) left its K³ alternative at 1.11 to 1.15 against 1.1. The part is no longer judged: an O(·) in N, m and K cannot be told from a constant by a slope over a finite sweep where E σ*² grows as a maximum over N blocks does, and the proof bounds max_k E φ², which the max-k part judges. The exponent and a sweep of N at K = m are reported beside. The claim is registered again on new seeds. " +
			"Changed after the confirmatory pass on base seed 1003 (reproduced there, slack 4.00), when two referee reads weighed the part as weak, its sweep of N sitting at K = m, where the bound's N terms vanish: the sweep is now every N with K ∈ {1, m/4, m} and σ_top ∈ {0, 10}, so that at K < m the bound grows with N; the part's rule is unchanged. The claim is registered again on new seeds.",
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

// slipList writes ratios as "0.87, 1.1, 1.4".
func slipList(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("%.2f", x)
	}
	return strings.Join(s, ", ")
}

// slipSpan writes the first and last of v as "0.87 to 1.65" (one value
// alone as itself).
func slipSpan(v []float64) string {
	switch len(v) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%.3g", v[0])
	}
	return fmt.Sprintf("%.3g to %.3g", v[0], v[len(v)-1])
}

// nSpan writes the first and last of v as "2 to 16".
func nSpan(v []int) string {
	if len(v) == 0 {
		return ""
	}
	return fmt.Sprintf("%d to %d", v[0], v[len(v)-1])
}
