// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
)

// # The claim

// twoLevelKID is the claim's id.
const twoLevelKID = "two-level-k"

var twoLevelKClaim = Claim{
	ID:    twoLevelKID,
	Where: "Corollary 3 (of Lemma 2) and the discussion after it, Section 5.3",
	Statement: "Two-level K-shuffling has the rate O(L(M*+1)F₀/T + ((Kσ_top + √(m-K)σ_low)LF₀/(√N mT))^{2/3} + (σ_low LF₀/(N√m T))^{2/3}) against standard shuffling's O(L(M*+1)F₀/T + (σ_full LF₀/(√(Nm) T))^{2/3}): " +
		"K = 1 improves on standard shuffling when σ_top ⋙ σ_low, K = m when σ_top ⋘ σ_low, and K = √m matches standard shuffling while cutting communication by √m.",
	Quote: "K = 1 is better when σ_top ⋙ σ_low, K = m when σ_top ⋘ σ_low; \"setting K to √m yields the same bound\" as simple shuffling",
	Rule:  &twoLevelKRule,
	Criterion: "our rule: K = 1 and K = m shown below 1 (superiority); K = √m, at every σ_top/σ_low, its steps over standard shuffling's divided by the ratio the rates themselves give the two (where above 1), shown below 1.1 (non-inferiority: a faster K = √m never fails, the bound being an O(·)); " +
		"the margin 1.1 is the claim's own tie, fixed before its first run: the largest ratio of a method's steps to the fewest for it to count among the best (twoLevelKTie), below one step of the four-per-octave step grid (2^¼ ≈ 1.19); since 2026-11-30 (it was 1.25, a margin with no stated reason)",
	// The steps ratio's margin is measured from 1, standard shuffling's.
	MarginFrom: map[string]float64{"two-level-k-sqrt-m": 1},
	Registration: "Registered again on 2026-11-30, after its pass on base seed 1002 (reproduced), when an independent referee read weighed two-level-k-sqrt-m as weak: it judged only σ_top = σ_low, though the sentence's condition σ_full ∈ Θ(σ_top + σ_low) holds at every ratio of the runs. It now judges every ratio (Every); since Every is the rule value's default, the rule's hash does not show the move from one judged quantity to five, nor the divisor: both are in the judging code, whose hash moved. " +
		"A fixed 1.1 on the raw steps ratio at every ratio would ask more than the paper's own rates: Theorem 1's rate with Lemma 2's σ*² whole, constants dropped, gives K = √m 1.12 times standard shuffling's epochs where σ_low dominates (√(40/32)), 1.06 at σ_top = σ_low (√(72/64)) and 1.00 above, so each steps ratio is divided by that predicted ratio where it is above 1, then shown below 1.1. Other readings of the paper give larger divisors, so looser margins: the corollary's split form (its extra σ_low term kept apart) 2.2 to 2.5, Lemma 2's proof constants about 1.7 to 2.0; 1.12 is the smallest divisor among the paper's rate readings (the sentence read with no divisor at all would be stricter). At σ_top = σ_low the divisor loosens the raw margin from 1.1 to about 1.17; the passes on base seeds 1001 and 1002 (upper ends 1.04) read the same either way. " +
		"Known then, the exploratory seeds' every ratio (robustness.json): the raw steps ratios at σ_top/σ_low = 0.1 were 0.96, 0.87, 1.39, 1.00 and 1.38 (40 runs each, every interval spanning the margin), a geometric mean of 1.10, on the raw margin: without the divisor no run count would plan a hold there; divided, 0.86, 0.78, 1.25, 0.90 and 1.24, and the planned power at 800 runs (the cap) is 0.92. That power pools the seeds as if their spread were the bootstrap's: at 0.1 the five seeds spread more than the bootstrap allows (log sd about 0.22 against about 0.15 at 40 runs), likely from the tuned learning rate landing on different points of the 2^¼ grid, which the bootstrap over judged runs cannot see; two seeds' divided values near 1.25 would fail at 800 runs if their centre were real, so the power is optimistic. At 0.01 the divided values were 1.05, 0.44, 0.90, 1.04 and 0.81. The seed-1002 pass (81 runs) judged σ_top = σ_low alone: 0.89 [0.82, 1.04]. " +
		"Its fail side is not Holm-adjusted (superseded: see the registration on base seed 1004 below): with five ratios each at 2.5%, a true ratio at the margin everywhere fails some ratio by chance up to about 12% of the time. Registered once more before any run on base seed 1003, after that read of this registration (2 sound, 1 weak): this text, the report's worst divided ratio and a test through Findings (TestTwoLevelKRootEvery) were added; the rule, seed and runs are unchanged. Said plainly: when this paragraph was written, a timing run of the whole default-scale pass (a clone of commit dae658d, which registered the rule, with a cache of its own) had already judged this claim's registered pass on base seed 1003 (reproduced); the judgement is dae658d's rule on dae658d's seed and runs, which nothing here changed. " +
		"Registered again on 2026-11-30, after its pass on base seed 1003 (reproduced), when the whole registration's referee read (32 sound, 9 weak, 0 unsound of 41 parts) still weighed two-level-k-sqrt-m as weak, for two reasons, both answered here. First, its failing side was not adjusted (the up to 12% above): each ratio's interval now has its lower end at the 0.5% point of its bootstrap (Bonferroni over the five ratios to 2.5%: one ratio shown above fails the part, a \"for some\") and its upper end at the 97.5% point (the part holds only if every ratio holds, an intersection that needs no adjustment); TestTwoLevelKRootFailBonferroni gives a K = √m slower in all but 1% of the replicates at one ratio, which the 95% interval alone fails, as unsettled, and one slower in every replicate as failing. This can only move a failing ratio to unsettled, which no pass has shown. " +
		"Second, its power was optimistic: the plan below pools the exploratory seeds at 40 runs, where the seeds spread more than the bootstrap allows. Checked before this registration at the registered 800 runs on the exploratory seeds 1-5 (an exploratory run of the claim's code, recorded in paper/testdata/two-level-k-800.txt, not in robustness.json): at every ratio the divided ratios spread between the seeds no more than the bootstrap allows (log sd between the seeds 0.017 to 0.029, the bootstrap's 0.028 to 0.035), so at 800 runs the tuned learning rate's landing adds no spread the interval misses (the planned power below, 0.82, reads each ratio's spread from its interval's width, which the wider lower end now widens with no change in the data: it was 0.92 with the 2.5% lower end; it pools 40-run seeds, which spread more than the bootstrap at 0.1 and would make it optimistic, so the two pull opposite ways, and only the 800-run check, recorded in paper/testdata/two-level-k-800.txt (TestTwoLevelKExplore800 writes it), says it is a floor; five seeds give the between-seed spread 4 degrees of freedom, so that check is weak evidence by itself, and the seed-1003 pass's upper ends, at most 0.97 against 1.1, leave slack); every seed held at every ratio, the largest upper end 1.005 (σ_top/σ_low = 0.01, seed 1) against 1.1, the divided values at 0.1 0.91, 0.86, 0.90, 0.90 and 0.93. Known then, the passes on base seeds 1001, 1002 and 1003, each reproduced (1003's divided upper ends at most 0.97). Also changed in the judging code: Converged checks K = √m and standard shuffling at every ratio (it checked σ_top = σ_low alone), and σ_top = σ_low's interval, computed twice, is computed once. The rule's value, the runs and the protocol are unchanged; the seed is the next one.",
	Run: claimRun(TwoLevelKConfig{}.At, TwoLevelKConfig.Run, (*TwoLevelKResult).Outcome),
}

// twoLevelKRule is the claim's rule: the corollary's three regimes, each
// on the 95% percentile bootstrap intervals of steps ratios over the runs
// (twoLevelKRatioInterval). The K = 1 and K = m parts judge the
// sentence's comparison, "improved rates" and "a better bound by a
// factor of √m or √N" than the standard shuffling of Eq.
// normalshuffle-bound: K's steps over standard shuffling's, below 1
// (faster). Whether K is also the best of the Ks is not what the sentence
// says, and is reported beside (twoLevelKBestNote), not judged.
var twoLevelKRule = Rule{Claim: twoLevelKID, Parts: []RulePart{
	{
		Name: "two-level-k-top", Tex: 462,
		Sentence:  "K-shuffling can yield improved rates [...] when σ_top ⋙ σ_low by setting K = 1",
		Statistic: "at the largest σ_top/σ_low, K = 1's steps over standard shuffling's; 95% percentile bootstrap over the runs",
		Test:      Superiority, Side: Below, Threshold: 1,
	},
	{
		Name: "two-level-k-low", Tex: 462,
		Sentence:  "K-shuffling can yield improved rates [...] when σ_top ⋘ σ_low by setting K = m",
		Statistic: "at the smallest σ_top/σ_low, K = m's steps over standard shuffling's; 95% percentile bootstrap over the runs",
		Test:      Superiority, Side: Below, Threshold: 1,
	},
	{
		Name: "two-level-k-sqrt-m", Tex: 462,
		Sentence:  "setting K to √m yields the same bound when using K-shuffling as when using simple shuffling",
		Statistic: "at every σ_top/σ_low of the runs (σ_top² + σ_low² = σ_full² in each, so σ_full ∈ Θ(σ_top + σ_low), the sentence's condition), K = √m's steps over standard shuffling's, divided by the ratio of the epochs Theorem 1's rate with Lemma 2's σ*² whole (constants dropped) gives the two where it is above 1 (K = √m predicted slower: the same bound read as no slower than the rates themselves say); percentile bootstrap over the runs, its upper end the 97.5% point (the part holds only if every ratio holds: an intersection, unadjusted) and its lower end the 0.5% point (one ratio shown above fails the part: a \"for some\", Bonferroni over the five ratios to 2.5%); every ratio",
		Test:      NonInferiority, Side: Below, Threshold: twoLevelKSame, Each: Every,
	},
}}

// Thresholds of the verdict, quoted in the protocol.
const (
	// twoLevelKTie is the largest ratio of a method's steps to the fewest
	// steps of its regime for it to count among the best: the step grid
	// has four steps per octave and the runs are noisy. Reported, not
	// judged, since 2026-11-29 (the best of the Ks is not the sentence's
	// comparison).
	twoLevelKTie = 1.1
	// twoLevelKSame is the non-inferiority margin of "K = √m yields the
	// same bound": the largest factor by which K = √m may take more steps
	// than standard shuffling (the interval of the ratio below 1.1); a
	// faster K = √m never fails, the paper's bound being an O(·) upper
	// bound. It is the claim's tie, twoLevelKTie, since 2026-11-30: a
	// K = √m that would count among the best beside standard shuffling
	// takes the same steps. Before, 1.25 (fixed before the first run
	// without a stated reason); judged on the interval since 2026-11-26,
	// one-sided since 2026-11-29 (it was the two-sided band [1/1.25,
	// 1.25]).
	twoLevelKSame = twoLevelKTie
)

// # The config

// TwoLevelKConfig is the protocol of the two-level-k claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run. none of
// it is in the paper, which states the corollary without an experiment.
type TwoLevelKConfig struct {
	// N and M set up problems.TwoLevel (with its default d = 20 and
	// λ = 0.2). M must be an even square, so that √m is a K. Defaults 2
	// (as in Section 6.2) and 16.
	N, M int
	// SigmaFull is √(σ_top² + σ_low²) of the coefficients, the same in
	// every regime so that standard shuffling meets the same σ_full
	// throughout. Default 10, the σ_low of Section 6.2.
	SigmaFull float64
	// Ratios are the σ_top/σ_low of the regimes; they must include 1 and
	// values on both sides of it. Default {0.01, 0.1, 1, 10, 100}.
	Ratios []float64
	// Ks are the K of two-level K-shuffling compared with standard
	// shuffling; they must include 1, √m and m. Default 1, 2, √m, m/2, m
	// and the smallest K that does not divide m (its low-level orders are
	// padded with no-ops, Remark 5 after Algorithm 3).
	Ks []int
	// Steps are the learning rates tuned over. Default 1.1·2^(-k/4) for
	// k = 4, ..., 80: the range of Section 6.2's grid with four steps per
	// octave instead of one.
	Steps []float64
	// Runs is the number of runs per learning rate in the tuning, and
	// of the judged runs at the tuned learning rate: the tuning's runs
	// have their own seeds (every learning rate of a method taking the
	// same orders, common random numbers, so that the noise does not pick
	// the learning rate), and the judged runs fresh ones. Default 40.
	Runs int
	// Budget is the number of epochs (N·m steps each) after which a method
	// counts as not converged. Default 5000.
	Budget int
	// Target is the radius of Section 6.2: a method has converged when the
	// mean over its runs of ‖x_T‖² is below Target². Default 0.2.
	Target float64
	// X0 is the value of every coordinate of the start. Default 1, as in
	// the two-level-figure claim.
	X0 float64
}

// At returns c with its zero fields set to the two-level-k protocol at scale
// s.
func (c TwoLevelKConfig) At(s Scale) TwoLevelKConfig {
	return atScale(c, s, map[Scale]TwoLevelKConfig{
		Smoke: {M: 4, Ratios: []float64{0.01, 1, 100}, Runs: 8, Steps: twoLevelSteps(2)},
		Full:  {M: 64, Ratios: []float64{0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100}, Runs: 100},
	})
}

// twoLevelKDefaultKs returns 1, 2, √m, m/2, m and the smallest K that
// does not divide m, sorted and without repeats.
func twoLevelKDefaultKs(m int) []int {
	ks := []int{1, 2, isqrt(m), m / 2, m}
	for k := 2; k < m; k++ {
		if m%k != 0 {
			ks = append(ks, k)
			break
		}
	}
	slices.Sort(ks)
	return slices.Compact(ks)
}

// isqrt returns ⌊√n⌋ for n >= 0.
func isqrt(n int) int {
	r := int(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// fill sets the zero fields to their defaults.
func (c *TwoLevelKConfig) fill() {
	fillZero(c, TwoLevelKConfig{
		N: 2, M: 16, SigmaFull: 10, Ratios: []float64{0.01, 0.1, 1, 10, 100},
		Steps: twoLevelSteps(4), Runs: 40, Budget: 5000, Target: 0.2, X0: 1,
	})
	if c.Ks == nil && c.M > 0 {
		c.Ks = twoLevelKDefaultKs(c.M)
	}
}

// validate returns an error naming the first field of c out of range.
func (c *TwoLevelKConfig) validate() error {
	id := twoLevelKID
	r := isqrt(max(c.M, 0))
	switch {
	case c.N < 2 || c.N%2 != 0:
		return fmt.Errorf("paper: %s with N = %d, want an even number >= 2", id, c.N)
	case c.M < 4 || c.M%2 != 0 || r*r != c.M:
		return fmt.Errorf("paper: %s with m = %d, want an even square >= 4 (K = √m)", id, c.M)
	case !(c.SigmaFull > 0) || math.IsInf(c.SigmaFull, 0):
		return fmt.Errorf("paper: %s with σ_full = %v, want finite and > 0", id, c.SigmaFull)
	case len(c.Steps) == 0 || c.Runs < 1 || c.Budget < 1:
		return fmt.Errorf("paper: %s with %d learning rates, %d runs and a budget of %d epochs, want each >= 1", id, len(c.Steps), c.Runs, c.Budget)
	case !(c.Target > 0) || math.IsNaN(c.X0) || math.IsInf(c.X0, 0) || !(math.Abs(c.X0)*math.Sqrt(twoLevelDim) > c.Target):
		return fmt.Errorf("paper: %s with target %v and x₀ = %v·1, want a target > 0 and a finite x₀ outside it (‖x₀‖ = |x₀|·√%d)", id, c.Target, c.X0, twoLevelDim)
	}
	for _, g := range c.Steps {
		if !(g > 0) || math.IsInf(g, 0) {
			return fmt.Errorf("paper: %s learning rate %v, want finite and > 0", id, g)
		}
	}
	below, one, above := false, false, false
	for _, q := range c.Ratios {
		if !(q > 0) || math.IsInf(q, 0) {
			return fmt.Errorf("paper: %s ratio σ_top/σ_low = %v, want finite and > 0", id, q)
		}
		below, one, above = below || q < 1, one || q == 1, above || q > 1
	}
	if !below || !one || !above {
		return fmt.Errorf("paper: %s ratios %v, want 1 and values below and above it", id, c.Ratios)
	}
	if err := checkInts(id, "K", c.Ks, 1, c.M); err != nil {
		return err
	}
	for _, k := range []int{1, r, c.M} {
		if !slices.Contains(c.Ks, k) {
			return fmt.Errorf("paper: %s with K in %v, want 1, √m = %d and m = %d among them", id, c.Ks, r, c.M)
		}
	}
	// problems.NewTwoLevel checks that the σ do not overflow.
	return nil
}

// twoLevelDim is the dimension d of problems.TwoLevel by default, the d
// of Section 6.2.
const twoLevelDim = 20

// twoLevelKStandard names standard shuffling among the methods.
const twoLevelKStandard = "standard"

// twoLevelKMethod returns the name of two-level K-shuffling.
func twoLevelKMethod(k int) string { return "K = " + strconv.Itoa(k) }

// sigmas returns the coefficients σ_top and σ_low of a regime.
func (c *TwoLevelKConfig) sigmas(ratio float64) (top, low float64) {
	low = c.SigmaFull / math.Hypot(1, ratio)
	return ratio * low, low
}

// problem returns the two-level quadratic of a regime.
func (c *TwoLevelKConfig) problem(ratio float64) (*problems.TwoLevel, error) {
	top, low := c.sigmas(ratio)
	return problems.NewTwoLevel(problems.TwoLevelConfig{N: c.N, M: c.M, SigmaTop: top, SigmaLow: low})
}

// # The run

// TwoLevelKCell is one method in one regime.
type TwoLevelKCell struct {
	// Ratio is the regime's σ_top/σ_low and Method the method's name.
	Ratio  float64
	Method string
	// K is the K of two-level K-shuffling, 0 for standard shuffling.
	K int
	// TuneEpochs is the fewest epochs T after which, for some learning
	// rate, the mean over the tuning's runs of ‖x_T‖² is below Target²;
	// -1 if none got there within the budget. It is the tuning's reading,
	// reported beside the judged one.
	TuneEpochs int
	// Step is the index in Config.Steps of that learning rate (the one
	// with the smallest mean ‖x_T‖² if several got there at T), -1 if
	// none did.
	Step int
	// Epochs is the judged reading: the first epoch T at which the mean
	// over the judged runs (fresh seeds, at learning rate Step) of ‖x_T‖²
	// is below Target²; -1 if Step is -1 or they did not get there within
	// the budget.
	Epochs int
	// Switches is the mean over the judged runs of the top-level switches
	// in the T epochs (the budget's if Epochs is -1 and Step is not): the
	// steps whose top-level function differs from the previous step's,
	// the first step counting; 0 if Step is -1.
	Switches float64
	// Boot are twoLevelKBoot bootstrap replicates of Epochs: the judged
	// runs resampled with replacement (from a fixed seed) and the first
	// epoch at which the mean of ‖x_T‖² over the resample is below
	// Target²; twoLevelKBootOpen where the resample did not get there
	// within the judged runs' twoLevelKBootSpan·TuneEpochs + 1 epochs (or
	// the budget). Empty if Epochs is -1. Recorded since 2026-11-26
	// (issue 28), for the intervals of the step ratios; of the judged
	// runs since 2026-11-29 (issue 38), of the tuning's runs before.
	Boot []int `json:",omitempty"`
}

// The bootstrap of a cell's epochs to the target.
const (
	// twoLevelKBoot is the number of bootstrap replicates per cell.
	twoLevelKBoot = 999
	// twoLevelKBootSpan bounds the rerun of the tuned learning rate:
	// twoLevelKBootSpan times the cell's epochs, plus one.
	twoLevelKBootSpan = 3
	// twoLevelKBootOpen marks a replicate that did not reach the target
	// within the rerun.
	twoLevelKBootOpen = -1
)

// TwoLevelKResult holds the two-level-k claim's measurements.
type TwoLevelKResult struct {
	Config TwoLevelKConfig
	// Methods names the methods: standard shuffling, then the Ks.
	Methods []string
	// Cells holds a cell per (ratio, method), ratio-major.
	Cells []TwoLevelKCell
}

// Run runs the two-level-k claim, or returns it from env's cache.
// Tuning run r of a method is seeded from env.Seed, the regime, the method
// and r, whatever the learning rate (common random numbers, so that the
// noise does not pick the learning rate), and a sub-grid gives the same
// runs; judged run r at the tuned learning rate from a stream of its own
// (streamTwoLevelKJudged), so that no judged run is a tuning run.
func (c TwoLevelKConfig) Run(ctx context.Context, env *Env) (*TwoLevelKResult, error) {
	return runCached(ctx, env, twoLevelKID, "runTwoLevelK", c, runTwoLevelK)
}

func runTwoLevelK(ctx context.Context, env *Env, c TwoLevelKConfig) (*TwoLevelKResult, error) {
	res := &TwoLevelKResult{Config: c, Methods: []string{twoLevelKStandard}}
	for _, k := range c.Ks {
		res.Methods = append(res.Methods, twoLevelKMethod(k))
	}
	ks := append([]int{0}, c.Ks...)
	total, done := len(c.Ratios)*len(ks), 0
	settings := sweepSettings{X0: c.X0, Runs: c.Runs, Epochs: c.Budget, Target2: c.Target * c.Target}
	for _, ratio := range c.Ratios {
		p, err := c.problem(ratio)
		if err != nil {
			return nil, err
		}
		for mi, k := range ks {
			arms := make([]sweepArm, len(c.Steps))
			for si, gamma := range c.Steps {
				arms[si] = sweepArm{step: constantStep(gamma), orderer: func(run int) (ordering.Orderer, error) {
					seed := mixSeed(env.Seed, streamTwoLevelK, math.Float64bits(ratio), uint64(k), uint64(run))
					if k == 0 {
						return ordering.NewStandardShuffle(c.N, c.M, seed)
					}
					return ordering.NewKShuffle(c.N, c.M, k, seed)
				}}
			}
			curves, err := sweep(ctx, p, arms, settings, env.workers())
			if err != nil {
				return nil, err
			}
			cell := TwoLevelKCell{Ratio: ratio, Method: res.Methods[mi], K: k, TuneEpochs: -1, Epochs: -1, Step: -1}
			for si, cv := range curves {
				t := len(cv.X2) - 1
				if cv.Diverged || cv.X2[t] >= settings.Target2 {
					continue
				}
				if cell.Step < 0 || t < cell.TuneEpochs || (t == cell.TuneEpochs && cv.X2[t] < curves[cell.Step].X2[t]) {
					cell.TuneEpochs, cell.Step = t, si
				}
			}
			if cell.Step >= 0 {
				// The judged runs: fresh seeds at the tuned learning rate,
				// run to twoLevelKBootSpan times the tuning's epochs (plus
				// one), and to the budget if their mean is not below the
				// target by then.
				judged := sweepArm{step: constantStep(c.Steps[cell.Step]), orderer: func(run int) (ordering.Orderer, error) {
					seed := mixSeed(env.Seed, streamTwoLevelKJudged, math.Float64bits(ratio), uint64(k), uint64(run))
					if k == 0 {
						return ordering.NewStandardShuffle(c.N, c.M, seed)
					}
					return ordering.NewKShuffle(c.N, c.M, k, seed)
				}}
				span := min(twoLevelKBootSpan*cell.TuneEpochs+1, c.Budget)
				x2, sw, err := twoLevelKRunCurves(ctx, p, judged, sweepSettings{X0: c.X0, Runs: c.Runs, Epochs: span})
				if err != nil {
					return nil, err
				}
				if twoLevelKFirstBelow(x2, settings.Target2) < 0 && span < c.Budget {
					if x2, sw, err = twoLevelKRunCurves(ctx, p, judged, sweepSettings{X0: c.X0, Runs: c.Runs, Epochs: c.Budget}); err != nil {
						return nil, err
					}
				}
				cell.Epochs = twoLevelKFirstBelow(x2, settings.Target2)
				cell.Switches = sw[len(sw)-1]
				if cell.Epochs >= 0 {
					cell.Switches = sw[cell.Epochs]
					cell.Boot = twoLevelKBootstrap(x2, settings.Target2, twoLevelKBoot, mixSeed(env.Seed, streamTwoLevelKJudged, math.Float64bits(ratio), uint64(k), twoLevelKBootWord))
				}
			}
			res.Cells = append(res.Cells, cell)
			done++
			env.progress(done, total)
		}
	}
	return res, nil
}

// twoLevelKBootWord is the last word of a cell's bootstrap seed, beyond
// any run index, so that the bootstrap's stream is not a run's.
const twoLevelKBootWord = 1 << 40

// twoLevelKFirstBelow returns the first epoch t at which the mean over the
// runs of x2[r][t] is below target2, -1 if none is.
func twoLevelKFirstBelow(x2 [][]float64, target2 float64) int {
	if len(x2) == 0 {
		return -1
	}
	for t := range x2[0] {
		sum := 0.0
		for _, x := range x2 {
			sum += x[t]
		}
		if sum/float64(len(x2)) < target2 {
			return t
		}
	}
	return -1
}

// twoLevelKRunCurves runs arm's s.Runs runs for s.Epochs epochs and
// returns each run's ‖x_t‖² at the start of epochs t = 0..s.Epochs,
// x2[r][t], and the mean over the runs of the top-level switches so far,
// sw[t]. A diverged run keeps its last values.
func twoLevelKRunCurves(ctx context.Context, p *problems.TwoLevel, arm sweepArm, s sweepSettings) (x2 [][]float64, sw []float64, err error) {
	st, err := newSweepState(p, arm, s)
	if err != nil {
		return nil, nil, err
	}
	x2 = make([][]float64, s.Runs)
	rec := func() {
		for r, x := range st.xs {
			x2[r] = append(x2[r], norm2(x))
		}
		sw = append(sw, st.curves.Switches[len(st.curves.Switches)-1])
	}
	rec()
	for t := range s.Epochs {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if st.curves.Diverged {
			for r := range x2 {
				x2[r] = append(x2[r], x2[r][len(x2[r])-1])
			}
			sw = append(sw, sw[len(sw)-1])
			continue
		}
		if err := st.epoch(t); err != nil {
			return nil, nil, err
		}
		rec()
	}
	return x2, sw, nil
}

// twoLevelKBootstrap returns b bootstrap replicates of the first epoch at
// which the mean over the runs of x2[r][t] is below target2: each
// resamples the runs with replacement (a PCG source seeded with seed) and
// scans t upward; twoLevelKBootOpen if the resample's mean never gets
// there within the curves.
func twoLevelKBootstrap(x2 [][]float64, target2 float64, b int, seed uint64) []int {
	rnd := rand.New(rand.NewPCG(seed, 0))
	n := len(x2)
	if n == 0 {
		return nil
	}
	idx := make([]int, n)
	out := make([]int, b)
	for i := range out {
		for r := range idx {
			idx[r] = rnd.IntN(n)
		}
		out[i] = twoLevelKBootOpen
		for t := range x2[0] {
			sum := 0.0
			for _, r := range idx {
				sum += x2[r][t]
			}
			if sum/float64(n) < target2 {
				out[i] = t
				break
			}
		}
	}
	return out
}

// # The outcome

// twoLevelKRate returns the rate of Theorem 1 for a method of the
// two-level-k claim, constants dropped, with n = N m and no oracle noise:
// for two-level K-shuffling (k >= 1) with Lemma 2's σ*² (its O-form,
// ordering.TwoLevelSigmaStar2Order) put in whole,
//
//	L (M* + 1) F0 / T + (√(N K² σ_top² + (m + N (m - K)) σ_low²) L F0 / (N m T))^(2/3),
//
// and for standard shuffling (k = 0) with σ*² = N m σ_full² (Remark 4),
// which is ordering.StandardShufflingRate (Eq. normalshuffle-bound). The
// corollary (Eq. kshuffle-bound, ordering.KShufflingRate) splits the
// square root and the 2/3 power of K-shuffling's term into three but not
// standard shuffling's; this keeps both whole, so that the two rates
// differ only by their σ*².
func twoLevelKRate(c ordering.TwoLevelConstants, k int) (float64, error) {
	if k == 0 {
		return ordering.StandardShufflingRate(c)
	}
	s2, err := ordering.TwoLevelSigmaStar2Order(c.SigmaTop2, c.SigmaLow2, c.N, c.M, k)
	if err != nil {
		return 0, err
	}
	return ordering.Theorem1Rate(ordering.Theorem1Constants{L: c.L, F0: c.F0, SigmaStar2: s2, MStar: c.MStar, N: c.N * c.M, T: c.T})
}

// TwoLevelKRegime is what one regime of the two-level-k claim shows. Its
// per-method slices are indexed like TwoLevelKResult.Methods.
type TwoLevelKRegime struct {
	// Ratio is σ_top/σ_low, and Top and Low are σ_top and σ_low.
	Ratio, Top, Low float64
	// Steps are the gradient steps to the target (NaN if not converged)
	// and Switches the top-level switches in them.
	Steps, Switches []float64
	// Predicted and PredictedSplit are the epochs to the rates' target by
	// twoLevelKRate (Lemma 2's σ*² in Theorem 1 whole, like standard
	// shuffling's) and by the corollary as displayed (its σ*² term split).
	Predicted, PredictedSplit []float64
	// OverStandard are each method's steps over standard shuffling's with
	// their 95% bootstrap intervals (twoLevelKRatioInterval).
	OverStandard []Interval
	// Best are the methods within TwoLevelKFindings.Tie of the fewest
	// steps on the means (shown, not judged); PredictedBest and SplitBest the methods with the fewest
	// Predicted and PredictedSplit epochs.
	Best                     []string
	PredictedBest, SplitBest string
}

// TwoLevelKFindings is what the two-level-k claim shows: per regime, the
// steps, switches and predicted epochs of every method, and the three
// regimes of the corollary judged by the thresholds Tie and Same.
type TwoLevelKFindings struct {
	// Methods names the methods, indexing the regimes' per-method values:
	// standard shuffling, then K-shuffling for each K.
	Methods []string
	Regimes []TwoLevelKRegime
	// Tie is the largest ratio of a method's steps to the fewest for it
	// to count among the best (twoLevelKTie), and Same the largest factor
	// by which K = √m's steps may exceed standard shuffling's for it to
	// yield the same bound (twoLevelKSame, a non-inferiority margin).
	Tie, Same float64
	// Top, Low and One index Regimes: the largest and the smallest
	// σ_top/σ_low, and σ_top = σ_low.
	Top, Low, One int
	// TopRatio is K = 1's steps over standard shuffling's at the largest
	// σ_top/σ_low and TopIv its 95% bootstrap interval
	// (twoLevelKRatioInterval). TopPart is the part "K = 1 improves on
	// standard shuffling there" (twoLevelKRule): Reproduced if TopIv lies
	// below 1, NotReproduced if it lies above 1, NotCheckable if neither
	// converged, else Inconclusive. TopHolds is TopPart == Reproduced.
	// Whether K = 1 is also the best of the Ks is reported beside
	// (twoLevelKBestNote), not judged.
	TopRatio float64
	TopIv    Interval
	TopPart  Verdict
	TopHolds bool
	// LowRatio, LowIv, LowPart and LowHolds are the same for K = m at the
	// smallest σ_top/σ_low.
	LowRatio float64
	LowIv    Interval
	LowPart  Verdict
	LowHolds bool
	// RootK is √m (rounded down); StepRatio and CommRatio are K = √m's
	// steps and top-level switches over standard shuffling's at σ_top =
	// σ_low, StepIv the bootstrap interval of StepRatio and CommIv that of
	// CommRatio (StepIv times the ratio of the switches per step, whose
	// noise over thousands of steps and the runs is left out). RootPart is
	// the part (twoLevelKRule): Reproduced if StepIv lies below Same
	// (non-inferiority: the same bound, an upper bound, a faster K = √m
	// never failing it), NotReproduced if its lower end is above Same,
	// NotCheckable if neither converged, else Inconclusive;
	// RootHolds is RootPart == Reproduced. The cut in communication is
	// reported beside, not judged: K = √m selects a top-level function
	// once every √m steps where standard shuffling selects one every step,
	// a cut of √m by construction, and our switches (changes of the
	// top-level function between steps) measure something else (a random
	// order stays on the same function at some of its steps).
	RootK int
	// RootScaled[i] is regime i's K = √m steps ratio over standard
	// shuffling's divided by the rates' own ratio (twoLevelKRootScale),
	// the sqrt-m part's quantity there, and RootWorst the regime whose
	// interval has the largest upper end.
	RootScaled           []Interval
	RootWorst            int
	StepRatio, CommRatio float64
	StepIv, CommIv       Interval
	RootPart             Verdict
	RootHolds            bool
	// Agree and AgreeSplit count the regimes where the method with the
	// fewest Predicted (PredictedSplit) epochs is among the best; not
	// judged (the paper does not claim its rates rank the methods), and
	// RatesAgree is set if Agree is every regime.
	Agree, AgreeSplit int
	RatesAgree        bool
	// Converged is false if some judged cell (K = 1 and standard
	// shuffling at the largest σ_top/σ_low, K = m and standard shuffling
	// at the smallest, K = √m and standard shuffling at every ratio)
	// reached the target for no learning rate within the budget; reported. Such a cell's epochs are bounded below by the
	// budget, so its ratios have one-sided intervals; a part is
	// NotCheckable only where its own method and standard shuffling both
	// never converged.
	Converged bool
	// TuneTop, TuneLow and TuneRoot are K = 1's, K = m's and K = √m's
	// epochs over standard shuffling's in their regimes on the tuning's
	// runs (TwoLevelKCell.TuneEpochs, NaN where either did not converge):
	// the runs that chose the learning rates, reported beside, not judged.
	TuneTop, TuneLow, TuneRoot float64
	// Judgement is twoLevelKRule's judgement of the measures: TopPart,
	// LowPart and RootPart are its parts' verdicts, Verdict its combine.
	Judgement Judgement
	Verdict   Verdict
}

// method returns the index in f.Methods of the named method; the names
// are those of the result, which check has made sure of.
func (f *TwoLevelKFindings) method(name string) int {
	return slices.Index(f.Methods, name)
}

// Findings returns what the claim shows: the best K per regime against
// the corollary's regimes and its rates, and K = √m against standard
// shuffling in steps and in communication. It returns an error if res is
// not of the shape of its config.
func (res *TwoLevelKResult) Findings() (*TwoLevelKFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	f := &TwoLevelKFindings{Methods: res.Methods, Regimes: make([]TwoLevelKRegime, len(c.Ratios)), Tie: twoLevelKTie, Same: twoLevelKSame, RootK: isqrt(c.M)}
	// check has made sure Methods are standard shuffling and the Ks.
	std := f.method(twoLevelKStandard)
	nm := float64(c.N * c.M)
	for i, ratio := range c.Ratios {
		g := &f.Regimes[i]
		g.Ratio = ratio
		g.Top, g.Low = c.sigmas(ratio)
		p, err := c.problem(ratio)
		if err != nil {
			return nil, err
		}
		x0 := constant(p.Dim(), c.X0)
		tc := ordering.TwoLevelConstants{L: p.L(), F0: p.Func(x0), SigmaTop2: p.SigmaTop2(), SigmaLow2: p.SigmaLow2(), SigmaFull2: p.SigmaFull2(), N: c.N, M: c.M}
		// The target ‖x‖ < r gives ‖∇f‖ < L r; ‖∇f‖ ≥ μ‖x‖, so the rates
		// are asked for ‖∇f‖² below (μ r)², as in the two-level-figure
		// claim.
		eps := math.Pow(p.Mu()*c.Target, 2)
		for j := range res.Methods {
			cell := res.Cells[i*len(res.Methods)+j]
			s := math.NaN()
			if cell.Epochs >= 0 {
				s = float64(cell.Epochs) * nm
			}
			g.Steps = append(g.Steps, s)
			g.Switches = append(g.Switches, cell.Switches)
			pe, err := epochsTo(func(t int) (float64, error) {
				tc.T = t
				return twoLevelKRate(tc, cell.K)
			}, eps)
			if err != nil {
				return nil, err
			}
			g.Predicted = append(g.Predicted, float64(pe))
			pe, err = epochsTo(func(t int) (float64, error) {
				tc.T = t
				if cell.K == 0 {
					return ordering.StandardShufflingRate(tc)
				}
				return ordering.KShufflingRate(tc, cell.K)
			}, eps)
			if err != nil {
				return nil, err
			}
			g.PredictedSplit = append(g.PredictedSplit, float64(pe))
		}
		fewest := floatsMin(g.Steps)
		for j, name := range res.Methods {
			if g.Steps[j] <= twoLevelKTie*fewest {
				g.Best = append(g.Best, name)
			}
			if g.PredictedBest == "" || g.Predicted[j] < g.Predicted[f.method(g.PredictedBest)] {
				g.PredictedBest = name
			}
			if g.SplitBest == "" || g.PredictedSplit[j] < g.PredictedSplit[f.method(g.SplitBest)] {
				g.SplitBest = name
			}
		}
	}

	// The checks: the corollary's three regimes.
	for i, q := range c.Ratios {
		if q < c.Ratios[f.Low] {
			f.Low = i
		}
		if q > c.Ratios[f.Top] {
			f.Top = i
		}
		if q == 1 {
			f.One = i
		}
	}
	nMethods := len(res.Methods)
	cellOf := func(regime, method int) *TwoLevelKCell { return &res.Cells[regime*nMethods+method] }
	for i := range f.Regimes {
		for j := range res.Methods {
			f.Regimes[i].OverStandard = append(f.Regimes[i].OverStandard, twoLevelKRatioInterval(cellOf(i, j), cellOf(i, std), c.Runs, c.Budget))
		}
	}
	kOne, kRoot, kM := f.method(twoLevelKMethod(1)), f.method(twoLevelKMethod(f.RootK)), f.method(twoLevelKMethod(c.M))
	gt, gl, g1 := &f.Regimes[f.Top], &f.Regimes[f.Low], &f.Regimes[f.One]
	// Convergence of the judged cells only: K and standard shuffling in
	// each part's regime.
	f.Converged = !math.IsNaN(gt.Steps[kOne]) && !math.IsNaN(gl.Steps[kM])
	for _, g := range f.Regimes {
		f.Converged = f.Converged && !math.IsNaN(g.Steps[kRoot]) && !math.IsNaN(g.Steps[std])
	}
	f.TopRatio, f.TopIv = gt.Steps[kOne]/gt.Steps[std], twoLevelKRatioInterval(cellOf(f.Top, kOne), cellOf(f.Top, std), c.Runs, c.Budget)
	f.LowRatio, f.LowIv = gl.Steps[kM]/gl.Steps[std], twoLevelKRatioInterval(cellOf(f.Low, kM), cellOf(f.Low, std), c.Runs, c.Budget)
	f.StepRatio = g1.Steps[kRoot] / g1.Steps[std]
	f.CommRatio = g1.Switches[kRoot] / g1.Switches[std]
	f.StepIv = twoLevelKRatioInterval(cellOf(f.One, kRoot), cellOf(f.One, std), c.Runs, c.Budget)
	// The switches per step are nearly fixed by the order's structure:
	// the ratio of switches is the ratio of steps times theirs.
	perStep := f.CommRatio / f.StepRatio
	f.CommIv = Interval{Mean: f.CommRatio, SE: math.NaN(), Lo: f.StepIv.Lo * perStep, Hi: f.StepIv.Hi * perStep, N: f.StepIv.N}
	tune := func(i, j int) float64 {
		a, b := cellOf(i, j), cellOf(i, std)
		if a.TuneEpochs < 0 || b.TuneEpochs <= 0 {
			return math.NaN()
		}
		return float64(a.TuneEpochs) / float64(b.TuneEpochs)
	}
	f.TuneTop, f.TuneLow, f.TuneRoot = tune(f.Top, kOne), tune(f.Low, kM), tune(f.One, kRoot)
	m := Measures{
		"two-level-k-top": {twoLevelKBetterMeasure(res, f.Top, kOne, std)},
		"two-level-k-low": {twoLevelKBetterMeasure(res, f.Low, kM, std)},
	}
	// K = √m at every ratio of the runs (σ_top² + σ_low² = σ_full² in
	// each, so σ_full ∈ Θ(σ_top + σ_low), the sentence's condition), its
	// steps ratio over the rates' own (twoLevelKRootScale).
	for i, g := range f.Regimes {
		by := twoLevelKRootScale(g, kRoot, std)
		pHold, pFail := twoLevelKRatioP(cellOf(i, kRoot), cellOf(i, std), twoLevelKSame*by, c.Budget)
		iv := g.OverStandard[kRoot]
		judged := twoLevelKRatioIntervalTails(cellOf(i, kRoot), cellOf(i, std), c.Runs, c.Budget, ruleAlpha/float64(len(f.Regimes)))
		f.RootScaled = append(f.RootScaled, twoLevelKScaled(judged, 1/by))
		if f.RootScaled[i].Hi > f.RootScaled[f.RootWorst].Hi {
			f.RootWorst = i
		}
		ms := Measure{Label: fmt.Sprintf("σ_top/σ_low = %g", g.Ratio), Iv: f.RootScaled[i], HasP: true, PHold: pHold, PFail: pFail,
			Note: fmt.Sprintf("steps over standard shuffling's %s, over the rates' %.3g", iv.Plain(), by)}
		if i == f.One {
			ms.Note += fmt.Sprintf("; beside it, not judged: top-level switches %s of standard shuffling's, times √m = %d: %s", f.CommIv.Plain(), f.RootK, twoLevelKScaled(f.CommIv, float64(f.RootK)).Plain())
		}
		m["two-level-k-sqrt-m"] = append(m["two-level-k-sqrt-m"], ms)
	}
	j, err := twoLevelKRule.Judge(m, nil)
	if err != nil {
		return nil, err
	}
	f.Judgement = j
	for _, p := range j.Parts {
		switch p.Part.Name {
		case "two-level-k-top":
			f.TopPart = p.Verdict
		case "two-level-k-low":
			f.LowPart = p.Verdict
		case "two-level-k-sqrt-m":
			f.RootPart = p.Verdict
		}
	}
	f.TopHolds, f.LowHolds, f.RootHolds = f.TopPart == Reproduced, f.LowPart == Reproduced, f.RootPart == Reproduced
	// Which rate picks the measured best is a finding, not part of the
	// verdict: the paper states the three regimes, not that its rates,
	// constants dropped, rank every method.
	for _, g := range f.Regimes {
		if slices.Contains(g.Best, g.PredictedBest) {
			f.Agree++
		}
		if slices.Contains(g.Best, g.SplitBest) {
			f.AgreeSplit++
		}
	}
	f.RatesAgree = f.Agree == len(f.Regimes)
	f.Verdict = j.Verdict
	return f, nil
}

// twoLevelKRatioInterval returns the 95% percentile bootstrap interval of
// cell a's epochs over cell b's (the ratio of their steps, N·m steps an
// epoch in both): replicate i of a's Boot over replicate i of b's, the
// two cells' runs being independent (their own seeds), the 2.5% and
// 97.5% points of the 999 ratios. A replicate open in a (no crossing in
// the rerun) counts as an infinite ratio, one open in b as 0, which can
// only widen the interval. A cell that did not converge within budget
// epochs for any learning rate (Epochs -1) has its epochs bounded below
// by budget: each of its replicates counts as budget epochs, and the
// interval is one-sided, its upper end infinite where a did not converge
// (a lower bound on the ratio) and its lower end 0 where b did not. Mean
// is the measured ratio (with budget for a cell not converged: a bound),
// SE is NaN and N the runs. Unbounded if neither converged (N then 0:
// nothing measured) or a converged cell has no replicates.
func twoLevelKRatioInterval(a, b *TwoLevelKCell, runs, budget int) Interval {
	return twoLevelKRatioIntervalTails(a, b, runs, budget, (1-conf95)/2)
}

// twoLevelKRatioIntervalTails is twoLevelKRatioInterval with loTail, not
// 2.5%, left below its lower end: the upper end stays the 97.5% point.
// The sqrt-m part, an intersection over the ratios, reads its holding
// side at the upper ends, each at 2.5% (every ratio must hold: no
// adjustment), and its failing side at the lower ends, where one ratio
// shown above fails the part: a "for some" whose level is Bonferroni's,
// 2.5% over the ratios.
func twoLevelKRatioIntervalTails(a, b *TwoLevelKCell, runs, budget int, loTail float64) Interval {
	r, ca, cb := twoLevelKReplicates(a, b, budget)
	iv := Interval{Mean: twoLevelKEpochs(a, budget) / twoLevelKEpochs(b, budget), SE: math.NaN(), N: runs, Lo: math.Inf(-1), Hi: math.Inf(1)}
	if ca && cb {
		// Nothing measured: the part it enters alone is not checkable.
		iv.Mean, iv.N = math.NaN(), 0
	}
	n := len(r)
	if n < 40 {
		return iv
	}
	slices.Sort(r)
	// With n = 999 the 25th and the 975th of the sorted ratios (the 5th
	// for a lower tail of 0.5%).
	lo := int(math.Floor(loTail * float64(n+1)))
	hi := int(math.Ceil((1 + conf95) / 2 * float64(n+1)))
	iv.Lo, iv.Hi = r[max(lo-1, 0)], r[min(hi-1, n-1)]
	if ca {
		iv.Hi = math.Inf(1)
	}
	if cb {
		iv.Lo = 0
	}
	return iv
}

// twoLevelKEpochs returns cell's epochs to the target, or budget if it did
// not converge (a lower bound).
func twoLevelKEpochs(cell *TwoLevelKCell, budget int) float64 {
	if cell.Epochs < 0 {
		return float64(budget)
	}
	return float64(cell.Epochs)
}

// twoLevelKReplicates returns the bootstrap ratios of cell a's epochs over
// cell b's, replicate i of one over replicate i of the other (an open
// replicate in a an infinite ratio, one in b 0), a cell that did not
// converge counting budget epochs in every replicate; ca and cb say which
// did not converge. Nil if neither converged, or a converged cell has no
// replicates.
func twoLevelKReplicates(a, b *TwoLevelKCell, budget int) (r []float64, ca, cb bool) {
	ca, cb = a.Epochs < 0, b.Epochs < 0
	n := min(len(a.Boot), len(b.Boot))
	switch {
	case ca && cb:
		return nil, ca, cb
	case ca:
		n = len(b.Boot)
	case cb:
		n = len(a.Boot)
	}
	at := func(c *TwoLevelKCell, censored bool, i int) int {
		if censored {
			return budget
		}
		return c.Boot[i]
	}
	for i := range n {
		ea, eb := at(a, ca, i), at(b, cb, i)
		switch {
		case ea == twoLevelKBootOpen:
			r = append(r, math.Inf(1))
		case eb == twoLevelKBootOpen:
			r = append(r, 0)
		default:
			r = append(r, float64(ea)/float64(eb))
		}
	}
	return r, ca, cb
}

// twoLevelKRatioP returns the bootstrap p-values of "cell a's epochs over
// cell b's are below x" and "above x": (1 + #{replicate ratios ≥ x}) /
// (1 + B) and its mirror, the replicates paired as in
// twoLevelKRatioInterval (an open replicate in a counts as above every x,
// one in b as below). Both are 1 with fewer than 40 replicates. A cell
// that did not converge within budget epochs (twoLevelKReplicates) makes
// its ratios one-sided bounds, so the p-value that bound cannot show is
// 1: "below" where a did not converge, "above" where b did not.
func twoLevelKRatioP(a, b *TwoLevelKCell, x float64, budget int) (below, above float64) {
	r, ca, cb := twoLevelKReplicates(a, b, budget)
	n := len(r)
	if n < 40 {
		return 1, 1
	}
	hi, lo := 0, 0
	for _, v := range r {
		if v >= x {
			hi++
		}
		if v <= x {
			lo++
		}
	}
	below, above = float64(1+hi)/float64(1+n), float64(1+lo)/float64(1+n)
	if ca {
		below = 1
	}
	if cb {
		above = 1
	}
	return below, above
}

// twoLevelKBetterMeasure returns the measure of "method x improves on
// standard shuffling" in regime i (twoLevelKRule's top and low parts): x's
// steps over standard shuffling's (method std), below 1 if x is faster,
// with its bootstrap interval (twoLevelKRatioInterval) and p-values
// (twoLevelKRatioP), and in its note the best-of-K reading beside it
// (twoLevelKBestNote).
func twoLevelKBetterMeasure(res *TwoLevelKResult, i, x, std int) Measure {
	n := len(res.Methods)
	m := twoLevelKMeasure(&res.Cells[i*n+x], &res.Cells[i*n+std], 1, res.Config, "over standard shuffling")
	m.Note = twoLevelKBestNote(res, i, x, std)
	return m
}

// twoLevelKBestNote returns the best-of-K reading of regime i, reported
// beside the part of method x and not judged: x's steps over the fastest
// other K's (on the means) with its bootstrap interval, and whether some
// K is shown faster than x by more than twoLevelKTie (that interval above
// the tie). Before 2026-11-29 the part required it.
func twoLevelKBestNote(res *TwoLevelKResult, i, x, std int) string {
	n := len(res.Methods)
	c := res.Config
	best := -1
	for j := range n {
		if j == x || j == std {
			continue
		}
		if best < 0 || twoLevelKEpochs(&res.Cells[i*n+j], c.Budget) < twoLevelKEpochs(&res.Cells[i*n+best], c.Budget) {
			best = j
		}
	}
	if best < 0 {
		return ""
	}
	iv := twoLevelKRatioInterval(&res.Cells[i*n+x], &res.Cells[i*n+best], c.Runs, c.Budget)
	shown := "no K shown faster by more than the tie"
	if iv.Against(twoLevelKTie) == Above {
		shown = "a K shown faster by more than the tie"
	}
	return fmt.Sprintf("beside it, not judged (the sentence compares with standard shuffling, not with the other Ks): %s's steps over the fastest other K's (%s) %s, tie %g: %s",
		res.Methods[x], res.Methods[best], iv.Plain(), twoLevelKTie, shown)
}

// twoLevelKMeasure returns the measure of cell a's steps over cell b's
// divided by by: its bootstrap interval and its p-values of lying below
// and above 1.
func twoLevelKMeasure(a, b *TwoLevelKCell, by float64, c TwoLevelKConfig, label string) Measure {
	pHold, pFail := twoLevelKRatioP(a, b, by, c.Budget)
	iv := twoLevelKScaled(twoLevelKRatioInterval(a, b, c.Runs, c.Budget), 1/by)
	return Measure{Label: label, Iv: iv, HasP: true, PHold: pHold, PFail: pFail}
}

// Outcome renders the findings: the verdict and the checks from the
// rule's judgement, the words, a row per regime and the heatmaps of
// steps, predicted epochs and switches, each relative to standard
// shuffling. It returns an error if res is not of the shape of its config.
func (res *TwoLevelKResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	out := &Outcome{}
	out.judged(&twoLevelKRule, f.Judgement)
	res.charts(out, f)
	gt, gl := &f.Regimes[f.Top], &f.Regimes[f.Low]
	out.Key = Key{Name: fmt.Sprintf("K = 1 over standard shuffling's steps at σ_top/σ_low = %g", gt.Ratio), Value: f.TopRatio}
	out.Summary = f.summary(c)
	if !f.Converged {
		out.Summary = fmt.Sprintf("some judged methods did not reach ‖x‖ < %g within %d epochs for any learning rate (their epochs bounded below by the budget: one-sided intervals); ", c.Target, c.Budget) + out.Summary
	}
	gw := &f.Regimes[f.RootWorst]
	out.Brief = fmt.Sprintf("steps over standard shuffling's: K = 1 %s (σ_top/σ_low = %g), K = m %s (%g), K = √m (over the rates') ≤ %s (%g) (paper: better, better, same)",
		f.TopIv.Plain(), gt.Ratio, f.LowIv.Plain(), gl.Ratio, f.RootScaled[f.RootWorst].Plain(), gw.Ratio)
	out.Decides = &Decider{Name: "steps over standard shuffling's (K = √m over the rates' own ratio, its largest over σ_top/σ_low)", Ours: fmt.Sprintf("K = 1 %s, K = m %s, K = √m %s at %g", f.TopIv.Plain(), f.LowIv.Plain(), f.RootScaled[f.RootWorst].Plain(), gw.Ratio), Paper: "K = 1 better, K = m better, K = √m the same (below 1.1)"}

	out.Rows = f.rows()
	out.Details = f.details(c)
	out.Protocol = f.protocol(c)
	return out, nil
}

// charts adds the heatmaps of each method's steps, predicted epochs and
// switches over standard shuffling's, a row per regime, to out.
func (res *TwoLevelKResult) charts(out *Outcome, f *TwoLevelKFindings) {
	c := res.Config
	r := f.RootK
	std := f.method(twoLevelKStandard)
	regimes := f.Regimes
	var xt []string
	for _, k := range c.Ks {
		label := strconv.Itoa(k)
		switch {
		case k == r:
			label += " = √m"
		case k == c.M:
			label += " = m"
		case 2*k == c.M:
			label += " = m/2"
		case c.M%k != 0:
			label += "\n(padded)"
		}
		xt = append(xt, label)
	}
	yt := make([]string, len(c.Ratios))
	heat := func(title, value string, v func(g *TwoLevelKRegime) []float64) *chart.Heatmap {
		h := &chart.Heatmap{Title: title, XLabel: "K", YLabel: "σ top / σ low", XTicks: xt, YTicks: yt, Center: 1, ValueLabel: value}
		for i := range regimes {
			g := &regimes[i]
			yt[i] = strconv.FormatFloat(g.Ratio, 'g', -1, 64)
			vals := v(g)
			row := make([]float64, 0, len(c.Ks))
			for _, k := range c.Ks {
				row = append(row, vals[f.method(twoLevelKMethod(k))]/vals[std])
			}
			h.Values = append(h.Values, row)
		}
		return h
	}
	// The measured maps show each cell's 95% bootstrap interval over the
	// runs (twoLevelKRatioInterval) under its value, hatched where it
	// spans 1; the switches' is the steps' times the cell's switches per
	// step over standard shuffling's, as the findings' CommIv.
	spread := func(h *chart.Heatmap, scale func(g *TwoLevelKRegime, m int) float64) *chart.Heatmap {
		h.Runs, h.HatchLabel = c.Runs, "the interval spans 1"
		for i := range regimes {
			g := &regimes[i]
			notes, marks := make([]string, len(c.Ks)), make([]bool, len(c.Ks))
			for j, k := range c.Ks {
				m := f.method(twoLevelKMethod(k))
				notes[j], marks[j] = twoLevelKNote(twoLevelKScaled(g.OverStandard[m], scale(g, m)))
			}
			h.Notes, h.Hatched = append(h.Notes, notes), append(h.Hatched, marks)
		}
		return h
	}
	out.addChart("two-level-k-steps", "two-level-k-steps", spread(heat(
		fmt.Sprintf("Steps to ‖x‖ < %g (tuned step): two-level K-shuffling / standard shuffling, N = %d, m = %d (second line: 95%% bootstrap interval over %s)", c.Target, c.N, c.M, nOf(c.Runs, "run")),
		"steps, K-shuffling / standard", func(g *TwoLevelKRegime) []float64 { return g.Steps }),
		func(*TwoLevelKRegime, int) float64 { return 1 }))
	out.addChart("two-level-k-theory", "two-level-k-theory", heat(
		"Epochs to the target by Theorem 1 with Lemma 2's σ*² whole (constants dropped): K-shuffling / standard shuffling",
		"epochs, K-shuffling / standard", func(g *TwoLevelKRegime) []float64 { return g.Predicted }))
	out.addChart("two-level-k-switches", "two-level-k-switches", spread(heat(
		fmt.Sprintf("Top-level switches until ‖x‖ < target: K-shuffling / standard shuffling (second line: the steps' 95%% bootstrap interval over %s times the switches per step)", nOf(c.Runs, "run")),
		"switches, K-shuffling / standard", func(g *TwoLevelKRegime) []float64 { return g.Switches }),
		func(g *TwoLevelKRegime, m int) float64 {
			return (g.Switches[m] / g.Switches[std]) / (g.Steps[m] / g.Steps[std])
		}))

}

// summary returns the claim's summary: the three regimes' steps ratios
// and parts, the communication reported beside, and the rates' picks.
func (f *TwoLevelKFindings) summary(c TwoLevelKConfig) string {
	r, regimes := f.RootK, f.Regimes
	std, kRoot := f.method(twoLevelKStandard), f.method(twoLevelKMethod(r))
	gt, gl, g1 := &regimes[f.Top], &regimes[f.Low], &regimes[f.One]
	perStep := func(j int) float64 { return g1.Switches[j] / g1.Steps[j] }
	return fmt.Sprintf("steps ratios with 95%% bootstrap intervals over the %d runs; σ_top/σ_low = %g: best on the means %s, K = 1 takes %s of standard shuffling's steps (corollary: K = 1; %v); σ_top/σ_low = %g: best on the means %s, K = m takes %s (corollary: K = m; %v); "+
		"K = √m (paper: the same bound), judged at every σ_top/σ_low, its steps ratio over the rates' own ratio, below %g (non-inferiority; its intervals from the %.2g%% to the 97.5%% bootstrap point, the failing side Bonferroni over the ratios): %s; %v; at σ_top = σ_low it takes %s of standard shuffling's steps, with %s of its top-level switches, %.2f per step against %.2f, times √m = %d: %s (reported, not judged: the paper's cut by √m in top-level selections holds by construction); combine: %v; not a claim of the paper, so not judged: at this seed, Theorem 1's rate with Lemma 2's σ*² whole, constants dropped, picks a measured best method in %d of %d regimes (the corollary's split form: %d of %d); on the tuning's own runs (they chose the learning rates; not judged): K = 1 %.2f, K = m %.2f, K = √m %.2f of standard shuffling's steps",
		c.Runs, gt.Ratio, strings.Join(gt.Best, ", "), f.TopIv.Plain(), f.TopPart,
		gl.Ratio, strings.Join(gl.Best, ", "), f.LowIv.Plain(), f.LowPart,
		f.Same, 100*ruleAlpha/float64(len(regimes)), f.rootText(), f.RootPart, f.StepIv.Plain(), f.CommIv.Plain(), perStep(kRoot), perStep(std), r, twoLevelKScaled(f.CommIv, float64(r)).Plain(), f.Verdict, f.Agree, len(regimes), f.AgreeSplit, len(regimes), f.TuneTop, f.TuneLow, f.TuneRoot)
}

// rootText lists the sqrt-m part's quantities, "0.1: 0.86 [0.62, 1.18],
// ...".
func (f *TwoLevelKFindings) rootText() string {
	var ts []string
	for i, g := range f.Regimes {
		if i < len(f.RootScaled) {
			ts = append(ts, fmt.Sprintf("%g: %s", g.Ratio, f.RootScaled[i].Plain()))
		}
	}
	return strings.Join(ts, ", ")
}

// rows returns a row per regime, and one for the communication.
func (f *TwoLevelKFindings) rows() []Row {
	regimes := f.Regimes
	std, kRoot := f.method(twoLevelKStandard), f.method(twoLevelKMethod(f.RootK))
	g1 := &regimes[f.One]
	perStep := func(j int) float64 { return g1.Switches[j] / g1.Steps[j] }
	r := f.RootK
	var rows []Row
	paperSays := func(i int) string {
		switch i {
		case f.Top:
			return "K = 1 (σ_top ⋙ σ_low); K = √m the same bound as standard"
		case f.Low:
			return "K = m (σ_top ⋘ σ_low); K = √m the same bound as standard"
		case f.One:
			return "K = √m as good as standard, √m times less communication"
		}
		return "K = √m the same bound as standard (judged at every ratio)"
	}
	for i := range regimes {
		g := &regimes[i]
		var ratios []string
		for j, name := range f.Methods {
			if j != std {
				ratios = append(ratios, fmt.Sprintf("%s: %s", strings.TrimPrefix(name, "K = "), g.OverStandard[j].Plain()))
			}
		}
		rows = append(rows, Row{
			Quantity: fmt.Sprintf("σ_top/σ_low = %g (σ_top = %.3g, σ_low = %.3g): best method on the means; steps over standard shuffling's (%.0f) per K, 95%% bootstrap intervals", g.Ratio, g.Top, g.Low, g.Steps[std]),
			Paper:    fmt.Sprintf("%s; the rates' best (not claimed): %s whole, %s split", paperSays(i), g.PredictedBest, g.SplitBest),
			Ours:     fmt.Sprintf("%s; %s", strings.Join(g.Best, ", "), strings.Join(ratios, ", ")),
		})
	}
	rows = append(rows, Row{
		Quantity: fmt.Sprintf("σ_top = σ_low: top-level switches to the target per step, standard shuffling and K = √m = %d", r),
		Paper:    fmt.Sprintf("communication cut by √m = %d", r),
		Ours:     fmt.Sprintf("%.3f and %.3f per step; %.0f and %.0f in all (ratio %.2f)", perStep(std), perStep(kRoot), g1.Switches[std], g1.Switches[kRoot], f.CommRatio),
	})
	return rows
}

// details returns the rates' picks and the communication, in words.
func (f *TwoLevelKFindings) details(c TwoLevelKConfig) string {
	regimes := f.Regimes
	std, kRoot := f.method(twoLevelKStandard), f.method(twoLevelKMethod(f.RootK))
	g1 := &regimes[f.One]
	perStep := func(j int) float64 { return g1.Switches[j] / g1.Steps[j] }
	r := f.RootK
	var b strings.Builder
	fmt.Fprintf(&b, "Which method the rates pick is not a claim of the paper, so it is reported here and does not enter the verdict. "+
		"Theorem 1 with n = N·m and Lemma 2's σ*² put in whole (N K² σ_top² + (m + N(m − K)) σ_low², constants dropped), as standard shuffling's rate puts in its σ*² = N m σ_full², predicts per regime (the second heatmap, each rate solved for the epochs at which it falls below (μ·%g)²) the best method: %s. ",
		c.Target, regimeList(regimes, func(g TwoLevelKRegime) string { return g.PredictedBest }))
	fmt.Fprintf(&b, "Measured (within %g of the fewest steps): %s. ", f.Tie, regimeList(regimes, func(g TwoLevelKRegime) string { return strings.Join(g.Best, ", ") }))
	fmt.Fprintf(&b, "At this seed that rate picks a measured best method in %d of %d regimes%s. ", f.Agree, len(regimes), f.misses(func(g TwoLevelKRegime) string { return g.PredictedBest }))
	fmt.Fprintf(&b, "The corollary as displayed splits K-shuffling's term by √(a+b) ≤ √a + √b and (a+b)^(2/3) ≤ a^(2/3) + b^(2/3) but leaves standard shuffling's whole, which adds to K-shuffling's rate alone; compared so, its best is %s, among the measured best in %d of %d regimes%s.",
		regimeList(regimes, func(g TwoLevelKRegime) string { return g.SplitBest }), f.AgreeSplit, len(regimes), f.misses(func(g TwoLevelKRegime) string { return g.SplitBest }))
	fmt.Fprintf(&b, "\n\nCommunication: K-shuffling selects a top-level function N·m/K times per epoch, so K = √m makes √m times fewer selections than one per step. "+
		"Counted as switches between consecutive steps, standard shuffling with N = %d already stays on the same top-level function for %.0f%% of its steps (%.3f switches per step against %.3f for K = √m), so at σ_top = σ_low the switches to the target fall by %.2f rather than √m = %d.",
		c.N, 100*(1-perStep(std)), perStep(std), perStep(kRoot), 1/f.CommRatio, r)
	return b.String()
}

// protocol returns the claim's protocol lines.
func (f *TwoLevelKFindings) protocol(c TwoLevelKConfig) []string {
	top := func(q float64) string { t, _ := c.sigmas(q); return fmt.Sprintf("%.3g", t) }
	var tops []string
	for _, q := range c.Ratios {
		tops = append(tops, top(q))
	}
	return []string{
		"Rule history: on 2026-11-24 20:14, after results were known, a fourth part left the verdict: that the rates' best method is among the measured best in every regime (not a claim of the paper), now reported beside it; before, all four parts gave reproduced, none not reproduced, else partly.",
		fmt.Sprintf("%d runs per learning rate in the tuning, every learning rate seeing the same orders (common random numbers), and %d fresh runs judged at the tuned learning rate. The default scale's 40 runs were chosen after a first run with 20, said so: with 20 the standard-shuffling cell moved by about ±20%% from seed to seed and flipped the σ_top ≪ σ_low regime's best K; no threshold was changed.", c.Runs, c.Runs),
		fmt.Sprintf("problems.TwoLevel (Section 6.2's quadratic, d = 20, λ = 0.2) with N = %d, m = %d; σ_top² + σ_low² = %g² in every regime, σ_top/σ_low ∈ {%s} (σ_top ∈ {%s}).", c.N, c.M, c.SigmaFull, joinFloats(c.Ratios), strings.Join(tops, ", ")),
		fmt.Sprintf("Two-level K-shuffling (Algorithm 3, random permutations at both levels) for K ∈ {%s}; a K that does not divide m pads each low-level order with no-ops at random places (Remark 5, after Algorithm 3), which are skipped, so every epoch has N·m steps.", joinInts(c.Ks)),
		fmt.Sprintf("Steps to ‖x‖ < %g from x₀ = %g·1 as in Section 6.2, measured on the mean over %d runs: the first epoch at which the mean of ‖x_T‖² over the runs is below %g². The learning rate is tuned on the tuning's runs (the fewest such epochs over %s; at most %d epochs), and the judged runs, %d of their own seeds (a stream apart from the tuning's), are run at that learning rate to %d times the tuning's epochs (plus one), or to the budget if their mean has not reached the target by then; the tuning's reading is reported beside, not judged.", c.Target, c.X0, c.Runs, c.Target, twoLevelKStepsText(c.Steps), c.Budget, c.Runs, twoLevelKBootSpan),
		fmt.Sprintf("Intervals: every steps ratio has a 95%% percentile bootstrap interval over the judged runs: they are resampled with replacement %d times from a fixed seed, and the first epoch at which the resample's mean ‖x_T‖² is below %g² is found each time; a ratio pairs the replicates of two cells, whose runs are independent. The learning rate is that chosen on the tuning's runs, so the judged runs carry no selection of the best learning rate on their own noise. The switches ratio is the steps ratio's interval times the ratio of the switches per step.", twoLevelKBoot, c.Target),
		fmt.Sprintf("Verdict: combine over three parts, each holding, failing or unsettled on the intervals. K = 1 improves on standard shuffling at the largest σ_top/σ_low (tex: \"K-shuffling can yield improved rates [...] when σ_top ⋙ σ_low by setting K = 1\", \"obtaining a better bound by a factor of √m\" than simple shuffling's): holds if K = 1 is shown faster than standard shuffling (the interval of its steps ratio below 1), fails if standard shuffling is shown faster (above 1), else unsettled; whether K = 1 is also the best of the Ks (no K shown faster by more than a factor %g) is reported beside, not judged. K = m likewise at the smallest. K = √m yields the same bound as standard shuffling at every σ_top/σ_low (tex: \"setting K to √m yields the same bound\", an O(·) upper bound, where σ_full ∈ Θ(σ_top + σ_low), as in every regime here): at each ratio its steps ratio, divided by the ratio Theorem 1's rate with Lemma 2's σ*² whole (constants dropped) gives K = √m and standard shuffling where that is above 1, holds if its interval lies below %g (non-inferiority, the margin %g fixed in code; a faster K = √m never fails); fails if its lower end is above %g; else unsettled; the part holds if every ratio holds, fails if one fails. The paper's \"reduces the communication costs by √m\" holds by construction (K = √m selects a top-level function √m times less often) and is reported beside, not judged: the switches ratio times √m. A method that reaches the target at no learning rate within the budget has its epochs bounded below by the budget: its ratios get one-sided intervals; a ratio of two methods that both never converged measures nothing, and a part is not checkable only where none of its ratios measured anything. Convergence is asked of the judged cells only. Which method the rates pick is reported, not judged: the paper does not claim its rates rank the methods.", twoLevelKTie, twoLevelKSame, twoLevelKSame, twoLevelKSame),
		"Rule history: changed on 2026-11-26 (issue 28, the independent referee's read), after the results were known (reproduced: K = 1 0.20 of standard shuffling's steps at 100, K = m 0.85 at 0.01, K = √m 0.80 with 0.29 of its switches). Before, the parts were judged on point ratios of steps (best within 1.1 of the fewest, below standard shuffling; √m within [1/1.25, 1.25]) and gave reproduced if all three held, not reproduced if none, else partly; the run did not record what an interval needs, so it now reruns each cell's tuned learning rate and records 999 bootstrap replicates (the claim's cache key changed). The thresholds 1.1 and 1.25 are unchanged.",
		"Rule history: on 2026-11-26 (a second independent referee's read), after the results were known (inconclusive at seed 1; switches 0.29 [0.25, 0.40] of standard shuffling's), the communication check became the paper's \"by √m\" (switches times √m within [1/1.25, 1.25], TOST); before, any cut (switches' interval below 1) held. Later that day (a third referee's read) the communication check left the verdict: our switches to the target are K = √m's steps times its switches per step (about 0.36 of standard shuffling's, since a random order with N = 2 stays on its top-level function at about half its steps), so switches × √m ≈ 1.45 × the steps ratio, and the check could hold only if K = √m took 0.80 to 0.86 of standard shuffling's steps: a tighter match would have failed it. The paper's cut by √m counts top-level selections (one every √m steps against one every step), which holds by construction; it is reported, and the part judges the same steps (the same bound). And a method not converged now gives one-sided intervals, convergence being asked of the judged cells only; before, any cell of any regime not converged, even at σ_top/σ_low = 10 which no part judges, made the whole claim not checkable.",
		"Changed on 2026-11-30, after the confirmatory pass on base seed 1002 (reproduced; K = √m 0.89 [0.82, 1.04] at σ_top = σ_low), when an independent referee weighed the K = √m part as weak for judging σ_top = σ_low alone: it now judges every σ_top/σ_low of the runs, each steps ratio divided by the ratio Theorem 1's rate with Lemma 2's σ*² whole (constants dropped) gives K = √m and standard shuffling where that is above 1 (1.12 where σ_low dominates, 1.06 at σ_top = σ_low, 1.00 above), shown below 1.1. Known then: the exploratory seeds' scaled values at σ_top/σ_low = 0.1 (0.78 to 1.25, unsettled at 40 runs); registered at 800 runs per cell on new seeds.",
		"Before, changed on 2026-11-30, after the confirmatory pass on base seed 1001 (reproduced; K = √m 0.94 [0.88, 1.04]), when an independent referee weighed the K = √m part as weak: its margin, 1.25, had no stated reason. It is now the claim's own tie, 1.1, declared before the first run for a method counted among the best, a tighter margin: known when chosen, that pass's interval (upper end 1.04) and the exploratory seeds' upper ends 1.27, 0.96, 1.04, 1.03 and 0.98, which at 1.1 read as at 1.25 (unsettled at seed 1, holding at the others). The claim is registered again on new seeds. Only m = 16 is run: another m is not tried. And only σ_top = σ_low is judged, though the sentence applies at every ratio of the runs (σ_top² + σ_low² = 100 in each): at the others K = √m's steps ratio is reported, not judged (at seed 1 and σ_top/σ_low = 0.01, 1.18 [0.70, 1.33]).",
		"Changed before the confirmatory pass (2026-11-29, issue 38, on the exploratory seeds 1-5): K = √m's part became non-inferiority (its steps ratio shown below 1.25); before, the two-sided band [1/1.25, 1.25] (TOST) failed a K = √m shown more than 25% faster.",
		"Changed when the rule became a value (2026-11-29, before the confirmatory pass): a ratio of two methods that both never converged measures nothing, and a best-K part is judged on its other comparisons (before, its K and standard shuffling both not converged made the part not checkable whatever the others showed); an interval whose lower end is exactly 1.25 is unsettled, as every rule reads an interval touching its threshold.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, issue 38): the K = 1 and K = m parts judge K against standard shuffling only, the comparison of the corollary's sentence (\"improved rates\", \"a better bound by a factor of √m or √N\" than simple shuffling's); the referee found that they also required K to be within the tie 1.1 of every other K, a stronger statement than the sentence. That best-of-K reading is reported beside each part, not judged.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, issue 38): the learning rate is tuned on runs of a seed stream of their own and the verdict judges fresh runs at it; the referee found the learning rate tuned on the same 40 runs whose interval was judged. The tuning's reading is reported beside.",
		"Communication is counted as top-level switches: steps whose top-level function differs from the previous step's (the first step of a run counts).",
	}
}

// twoLevelKNote writes a heatmap cell's interval iv for its second line,
// "0.18–0.25", "0.9–∞" for a one-sided one, "unbounded" for one unbounded
// either way, and reports whether to hatch the cell: iv spans 1. A cell
// without a value (NaN Mean: neither method converged) has neither.
func twoLevelKNote(iv Interval) (string, bool) {
	switch {
	case math.IsNaN(iv.Mean):
		return "", false
	case math.IsNaN(iv.Lo) || math.IsNaN(iv.Hi) || math.IsInf(iv.Lo, -1) && math.IsInf(iv.Hi, 1):
		return "unbounded", true
	case math.IsInf(iv.Hi, 1):
		return sigApart(iv.Lo, 1) + "–∞", iv.Against(1) == Spans
	}
	return sigApart(iv.Lo, 1) + "–" + sigApart(iv.Hi, 1), iv.Against(1) == Spans
}

// twoLevelKRootScale returns the factor the sqrt-m part divides K = √m's
// steps ratio by in regime g: the ratio of the epochs Theorem 1's rate
// with Lemma 2's σ*² whole (constants dropped, TwoLevelKRegime.Predicted)
// gives K = √m and standard shuffling, where above 1 (K = √m predicted
// slower), else 1: "the same bound" is read as no slower than the rates
// themselves say, within the tie.
func twoLevelKRootScale(g TwoLevelKRegime, root, std int) float64 {
	r := g.Predicted[root] / g.Predicted[std]
	if !(r > 1) {
		return 1
	}
	return r
}

// twoLevelKScaled returns iv times by.
func twoLevelKScaled(iv Interval, by float64) Interval {
	iv.Mean, iv.Lo, iv.Hi = iv.Mean*by, iv.Lo*by, iv.Hi*by
	return iv
}

// twoLevelKStepsText describes the learning rates tuned over: the
// default grid by its formula, any other by its size and range.
func twoLevelKStepsText(steps []float64) string {
	if slices.Equal(steps, twoLevelSteps(4)) {
		return fmt.Sprintf("%d learning rates 1.1·2^(-k/4), k = 4..80 (Section 6.2's range, four per octave)", len(steps))
	}
	if len(steps) == 1 {
		return fmt.Sprintf("1 learning rate, %.3g", steps[0])
	}
	return fmt.Sprintf("%d learning rates from %.3g to %.3g", len(steps), slices.Min(steps), slices.Max(steps))
}

// misses returns "" if pick's method is among the measured best in every
// regime, else ", not at " and the regimes where it is not, each with how
// many times the fewest steps it took.
func (f *TwoLevelKFindings) misses(pick func(TwoLevelKRegime) string) string {
	var missed []string
	for _, g := range f.Regimes {
		if name := pick(g); !slices.Contains(g.Best, name) {
			missed = append(missed, fmt.Sprintf("σ_top/σ_low = %g (%s, %.2f times the fewest steps)", g.Ratio, name, g.Steps[f.method(name)]/floatsMin(g.Steps)))
		}
	}
	if len(missed) == 0 {
		return ""
	}
	return ", not at " + strings.Join(missed, "; ")
}

// regimeList formats "ratio: what" for every regime.
func regimeList(regimes []TwoLevelKRegime, what func(TwoLevelKRegime) string) string {
	s := make([]string, len(regimes))
	for i, g := range regimes {
		s[i] = fmt.Sprintf("%g: %s", g.Ratio, what(g))
	}
	return strings.Join(s, "; ")
}

// floatsMin returns the least of v that is not NaN, NaN if there is none.
func floatsMin(v []float64) float64 {
	m := math.NaN()
	for _, x := range v {
		if !math.IsNaN(x) && !(x >= m) {
			m = x
		}
	}
	return m
}

// check returns an error if r is nil or its cells do not have the shape
// of its config.
func (r *TwoLevelKResult) check() error {
	id := twoLevelKID
	if r == nil {
		return errResult(id, "nil")
	}
	c := r.Config
	want := []string{twoLevelKStandard}
	for _, k := range c.Ks {
		want = append(want, twoLevelKMethod(k))
	}
	if !slices.Equal(r.Methods, want) {
		return errResult(id, "methods %q, want %q", r.Methods, want)
	}
	for _, k := range []int{1, isqrt(max(c.M, 0)), c.M} {
		if !slices.Contains(c.Ks, k) {
			return errResult(id, "K in %v, want 1, √m and m = %d among them", c.Ks, c.M)
		}
	}
	if len(c.Ratios) == 0 || len(r.Cells) != len(c.Ratios)*len(r.Methods) {
		return errResult(id, "%d cells for %d ratios and %d methods", len(r.Cells), len(c.Ratios), len(r.Methods))
	}
	for i, cell := range r.Cells {
		q, name := c.Ratios[i/len(r.Methods)], r.Methods[i%len(r.Methods)]
		if cell.Ratio != q || cell.Method != name || (cell.K == 0) != (name == twoLevelKStandard) {
			return errResult(id, "cell %d is %g, %q, want %g, %q", i, cell.Ratio, cell.Method, q, name)
		}
		if cell.Epochs < -1 || cell.TuneEpochs < -1 || cell.Step < -1 || cell.Step >= len(c.Steps) || (cell.TuneEpochs < 0) != (cell.Step < 0) || (cell.Step < 0 && cell.Epochs >= 0) || !(cell.Switches >= 0) {
			return errResult(id, "cell %d: %d epochs judged, %d tuning, step %d, %v switches", i, cell.Epochs, cell.TuneEpochs, cell.Step, cell.Switches)
		}
		if slices.ContainsFunc(cell.Boot, func(e int) bool { return e != twoLevelKBootOpen && (e < 0 || e > c.Budget) }) || (cell.Epochs < 0 && len(cell.Boot) > 0) {
			return errResult(id, "cell %d: bootstrap replicates outside [0, %d] epochs, or replicates of a cell that did not converge", i, c.Budget)
		}
	}
	return nil
}
