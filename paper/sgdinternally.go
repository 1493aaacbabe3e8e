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

// sgdInternallyID is the claim's id.
const sgdInternallyID = "sgd-internally"

var sgdInternallyClaim = Claim{
	ID:    sgdInternallyID,
	Where: "Running SGD internally against shuffling, end of Section 5.3 (Eq. shuffle-just-high-level)",
	Statement: "Running SGD inside each f_i (a random h_{i,j} per visit) has after NmT steps the rate O(L(M*+1)F₀/(mT) + (σ_top LF₀/(√N mT))^{2/3} + σ_low √(LF₀/(NmT))): " +
		"its larger admissible step makes the first terms decay faster while the σ_low term decays slower than under shuffling, so it is preferable early, when T < LF₀√(nM)/σ_low²; " +
		"the best might be to start with SGD internally and a large step and switch to shuffling with a decayed step.",
	Quote:        "running SGD internally is preferable early, shuffling later (the conjecture that starting with SGD internally and switching is best is judged beside by its own test, outside the verdict and the registered parts)",
	Registration: "Amended on 2026-12-01, text only, when two independent whole reads found its history missing from this section: T = 2, the horizon at which SGD internally's lead is judged (\"declared: the first horizon where the two can differ\"), was declared on 2026-11-26 (issue 28), after the results were known; before, the lead was taken at whichever horizon it was largest, a choice made by the data, by more than 3 standard errors. The last horizon, 2000 epochs, was chosen on 2026-11-24 after a first run at 1000 epochs with σ_low ∈ {5, 10, 20}. Both were fixed before the confirmatory pass on base seed 1001, which judged them as registered. The part's second half, shuffling's lead at the last horizon, reads tex:471's \"can be preferred ... at the early stages\" as shuffling ahead later, which the sentence implies rather than states. Its rule, runs, seed and hashes are unchanged.",
	Rule:         &sgdInternallyRule,
	Run:          claimRun(SGDInternallyConfig{}.At, SGDInternallyConfig.Run, (*SGDInternallyResult).Outcome),
}

// The parts of sgdInternallyRule, by their check names.
const (
	sgdInternallyTradeOff        = "sgd-internally-trade-off"
	sgdInternallyCombinationPart = "sgd-internally-combination"
)

// sgdInternallyRule is the claim's rule: the trade-off of the paper's
// discussion of SGD run internally (Section 5.3); the combination is
// judged beside it (sgdInternallyCombinationRule).
// The free-step lead and combination are not parts: the paper places SGD
// internally's advantage in Theorem 1's larger step limit (line 466).
// Nor is the σ_low exponent of the measured crossover: line 471 compares
// bound terms, and the exponent −2 is our derived prediction, reported
// beside the verdict (SGDInternallyFindings.SlopePart).
var sgdInternallyRule = Rule{Claim: sgdInternallyID, Parts: []RulePart{
	{
		Name:      sgdInternallyTradeOff,
		Sentence:  "This can be preferred when the term containing σ_low is much smaller than the other terms. This can especially happen at the early stages of training.",
		Tex:       471,
		Statistic: "under Theorem 1's step limits, per σ_low, the smaller of SGD internally's lead over two-level shuffling at T = 2 (declared: the first horizon where the two can differ) and shuffling's lead over it at the last horizon, each (1/T)Σ‖∇f‖² at the step the tuning runs chose for T, on fresh judged runs (a seed stream of their own), Welch 95% t-intervals over the judged runs; its p-value the larger of the two one-sided ones (intersection-union, t with runs-1 degrees of freedom); the interval reported is [the smaller of the two lower ends, the smaller of the two upper ends] and its mean the smaller of the two means, which may lie near an end (both leads are given beside)",
		Test:      Superiority, Side: Above, Threshold: 0, Each: Some,
	},
}}

// sgdInternallyCombinationRule judges line 473's combination by the
// trade-off's test, reported beside the claim's verdict and not combined
// into it: the sentence is a conjecture ("might be obtained"), which no
// run can show false, and on the exploratory seeds its leads were about 0
// (80% power would take thousands of runs). Changed before the
// confirmatory pass (2026-11-29, the second referee read): before, it was
// the rule's second part.
var sgdInternallyCombinationRule = Rule{Claim: sgdInternallyID, Parts: []RulePart{
	{
		Name:      sgdInternallyCombinationPart,
		Sentence:  "This discussion can point to the fact that the best convergence speed might be obtained by using a combination of these cases, possibly starting with running SGD internally with a large learning rate and gradually switching to shuffling while decaying the learning rate.",
		Tex:       473,
		Statistic: "under Theorem 1's step limits, per σ_low, the smaller of the combination's leads over SGD internally and over shuffling at the last horizon, on the judged runs at the tuning runs' steps, Welch 95% t-intervals over the judged runs; its p-value as the trade-off's",
		Test:      Superiority, Side: Above, Threshold: 0, Each: Some,
	},
}}

// Thresholds of the verdict, quoted in the protocol.
const (
	// sgdInternallySlope is the exponent of σ_low in the predicted
	// crossover, T ∝ σ_low⁻², and sgdInternallySlopeTol the largest
	// distance of the fitted exponent from it.
	sgdInternallySlope    = -2.0
	sgdInternallySlopeTol = 0.5
	// sgdInternallyLeadAt is the horizon T, in epochs, at which SGD
	// internally's lead over shuffling is judged: the first horizon at
	// which the two can differ (at T = 1 both are ‖∇f(x₀)‖²), the
	// paper's "especially at the early stages of training". Declared on
	// 2026-11-26 (issue 28), after the results were known; before, the
	// lead was taken at whichever horizon it was largest (a choice made
	// by the data), by more than 3 standard errors (see the rule
	// history).
	sgdInternallyLeadAt = 2
	// sgdInternallyHorizon is the default horizon in epochs, the last
	// horizon at which the trade-off's end and the combination are
	// judged. Chosen on 2026-11-24 after a first run with a horizon of
	// 1000 epochs and σ_low ∈ {5, 10, 20} (see the rule history).
	sgdInternallyHorizon = 2000
)

// # The config

// SGDInternallyConfig is the protocol of the sgd-internally claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run. none of it is in the paper, which has no experiment on it.
type SGDInternallyConfig struct {
	// N and M set up problems.TwoLevel (with its default d = 20 and
	// λ = 0.2), σ_top = SigmaTop. Defaults 2, 16 and 0: with σ_top = 0
	// the two methods differ only in the low level, where the claim is.
	N, M     int
	SigmaTop float64
	// SigmaLows are the coefficients σ_low, one setting each, increasing.
	// Default {2.5, 5, 10}: 10 is Section 6.2's; the smaller ones move the
	// crossover later than the 4L/μ epochs two-level shuffling needs at its
	// step limit to get going, where the trade-off can show.
	SigmaLows []float64
	// Epochs is the longest horizon T, in epochs of N·m steps. Default
	// 2000.
	Epochs int
	// Runs is the number of runs per step and method, the runs of every
	// cell the verdict compares: the knob a power analysis sets. Every
	// step of a method takes the same orders (common random numbers).
	// Default 12.
	Runs int
	// TheoremGrid is the number of steps tuned over under Theorem 1's
	// limits: the limit of the method times 2^(-k/2), k = 0, 1, ... The
	// limit is 1/(8LN) for SGD internally (n = N steps an epoch, the low
	// level's M = 0) and 1/(8LNm) for two-level shuffling (n = N·m).
	// Default 10.
	TheoremGrid int
	// FreeGrid is the number of steps tuned over without the limits, the
	// same for both methods: 1.1·2^(-1-k), k = 0, 1, ..., Section 6.2's
	// grid. Default 11 (down to 1.1·2^-11).
	FreeGrid int
	// X0 is the value of every coordinate of the start. Default 1.
	X0 float64
}

// At returns c with its zero fields set to the sgd-internally protocol at scale
// s.
func (c SGDInternallyConfig) At(s Scale) SGDInternallyConfig {
	return atScale(c, s, map[Scale]SGDInternallyConfig{
		Smoke: {M: 4, SigmaLows: []float64{10, 20}, Epochs: 200, Runs: 3, TheoremGrid: 6, FreeGrid: 8},
		Full:  {SigmaLows: []float64{1.25, 2.5, 5, 10, 20}, Epochs: 8000, Runs: 50},
	})
}

// fill sets the zero fields to their defaults.
func (c *SGDInternallyConfig) fill() {
	fillZero(c, SGDInternallyConfig{N: 2, M: 16, SigmaLows: []float64{2.5, 5, 10}, Epochs: sgdInternallyHorizon, Runs: 12, TheoremGrid: 10, FreeGrid: 11, X0: 1})
}

// validate returns an error naming the first field of c out of range.
func (c *SGDInternallyConfig) validate() error {
	id := sgdInternallyID
	switch {
	case c.N < 2 || c.N%2 != 0 || c.M < 2 || c.M%2 != 0:
		return fmt.Errorf("paper: %s with N = %d and m = %d, want both even and >= 2", id, c.N, c.M)
	case !(c.SigmaTop >= 0) || math.IsInf(c.SigmaTop, 0):
		return fmt.Errorf("paper: %s with σ_top = %v, want finite and >= 0", id, c.SigmaTop)
	case len(c.SigmaLows) == 0:
		return fmt.Errorf("paper: %s with no σ_low, want at least one", id)
	case c.Epochs < 3 || c.Runs < 1 || c.TheoremGrid < 1 || c.FreeGrid < 1:
		return fmt.Errorf("paper: %s with %d epochs, %d runs and grids of %d and %d steps, want >= 3 epochs and the others >= 1", id, c.Epochs, c.Runs, c.TheoremGrid, c.FreeGrid)
	case math.IsNaN(c.X0) || math.IsInf(c.X0, 0) || c.X0 == 0:
		return fmt.Errorf("paper: %s with x₀ = %v·1, want finite and not 0", id, c.X0)
	}
	for i, s := range c.SigmaLows {
		if !(s > 0) || math.IsInf(s, 0) || (i > 0 && s <= c.SigmaLows[i-1]) {
			return fmt.Errorf("paper: %s with σ_low %v, want finite, > 0 and increasing", id, c.SigmaLows)
		}
	}
	// problems.NewTwoLevel checks that the σ do not overflow.
	return nil
}

// problem returns the two-level quadratic with σ_low = low.
func (c *SGDInternallyConfig) problem(low float64) (*problems.TwoLevel, error) {
	return problems.NewTwoLevel(problems.TwoLevelConfig{N: c.N, M: c.M, SigmaTop: c.SigmaTop, SigmaLow: low})
}

// limits returns Theorem 1's step limits for SGD internally (n = N) and
// for two-level shuffling (n = N·m), both with M* = P = 0.
func (c *SGDInternallyConfig) limits(p *problems.TwoLevel) (internal, shuffling float64, err error) {
	tc := ordering.Theorem1Constants{L: p.L(), N: c.N, T: 1}
	if internal, err = ordering.Theorem1MaxStep(tc); err != nil {
		return 0, 0, err
	}
	tc.N = c.N * c.M
	shuffling, err = ordering.Theorem1MaxStep(tc)
	return internal, shuffling, err
}

// # The run

// SGDInternallyArms are the curves of one step rule. A curve's entry T-1
// is (1/T) Σ_{t<T} ‖∇f(x_t)‖², the left side of Theorem 1, averaged over
// the runs, for T = 1..Epochs; its SE is the standard error over the runs.
type SGDInternallyArms struct {
	// Steps are the steps tuned over: Steps[0] for SGD internally,
	// Steps[1] for two-level shuffling.
	Steps [2][]float64
	// Internal and Shuffling are the smallest curve over the steps at
	// each T (the step tuned for the horizon T), and InternalStep and
	// ShufflingStep the index of that step.
	Internal, Shuffling, InternalSE, ShufflingSE []float64
	InternalStep, ShufflingStep                  []int
	// Combination is SGD internally with the step Large for the claim's
	// Switch epochs, then two-level shuffling with the step Small,
	// shuffling's tuned step for the last horizon; Large is the step of
	// SGD internally's grid that gives the combination the smallest value
	// at the last horizon.
	Combination, CombinationSE []float64
	Large, Small               float64
	// Control is two-level shuffling throughout with the same schedule:
	// its first step, ControlLarge, tuned over shuffling's grid in the
	// same way, then Small. It is nil under Theorem 1's limits, where
	// shuffling's first step cannot be larger than its tuned one.
	Control, ControlSE []float64
	ControlLarge       float64
}

// SGDInternallySetting is one σ_low.
type SGDInternallySetting struct {
	SigmaLow float64
	// Switch is the combination's switching epoch: the crossover under
	// Theorem 1's limits (sgdInternallyCrossover), within [1, Epochs-1].
	Switch int
	// Theorem has the steps within Theorem 1's limits, Free the steps of
	// Section 6.2's grid: the tuning runs.
	Theorem, Free SGDInternallyArms
	// Judged are the runs the verdict's parts are judged on: fresh runs
	// under Theorem 1's limits, on a seed stream of their own
	// (streamSGDInternallyJudged), at the steps the tuning runs (Theorem)
	// chose: at each T the step chosen for T, and the combination with
	// the tuning's Large, Small and Switch. Its Steps, InternalStep,
	// ShufflingStep, Large and Small are the tuning's; it has no Control.
	Judged SGDInternallyArms
}

// SGDInternallyResult holds the sgd-internally claim's measurements.
type SGDInternallyResult struct {
	Config   SGDInternallyConfig
	Settings []SGDInternallySetting
}

// Run runs the sgd-internally claim, or returns it from env's
// cache. Run r of a method is seeded from env.Seed, σ_low, the method and
// r, whatever its step, so that the steps compete on the same orders.
func (c SGDInternallyConfig) Run(ctx context.Context, env *Env) (*SGDInternallyResult, error) {
	return runCached(ctx, env, sgdInternallyID, "runSGDInternally", c, runSGDInternally)
}

// The methods, as the words of their seeds.
const (
	sgdInternalMethod = iota
	sgdShufflingMethod
)

func runSGDInternally(ctx context.Context, env *Env, c SGDInternallyConfig) (*SGDInternallyResult, error) {
	res := &SGDInternallyResult{Config: c}
	settings := sweepSettings{X0: c.X0, Runs: c.Runs, Epochs: c.Epochs}
	for si, low := range c.SigmaLows {
		p, err := c.problem(low)
		if err != nil {
			return nil, err
		}
		orderer := func(method int) func(run int) (ordering.Orderer, error) {
			return func(run int) (ordering.Orderer, error) {
				seed := mixSeed(env.Seed, streamSGDInternally, math.Float64bits(low), uint64(method), uint64(run))
				if method == sgdInternalMethod {
					return ordering.NewSGDInternal(c.N, c.M, seed)
				}
				return ordering.NewKShuffle(c.N, c.M, 1, seed)
			}
		}
		combined := func(at int) func(run int) (ordering.Orderer, error) {
			return func(run int) (ordering.Orderer, error) {
				first, err := orderer(sgdInternalMethod)(run)
				if err != nil {
					return nil, err
				}
				second, err := orderer(sgdShufflingMethod)(run)
				return &switchOrder{first: first, second: second, at: at}, err
			}
		}
		li, ls, err := c.limits(p)
		if err != nil {
			return nil, err
		}
		set := SGDInternallySetting{SigmaLow: low}
		set.Theorem.Steps = [2][]float64{halvings(math.Nextafter(li, 0), 2, c.TheoremGrid), halvings(math.Nextafter(ls, 0), 2, c.TheoremGrid)}
		free := halvings(1.1/2, 1, c.FreeGrid) // 1.1·2^-1, 1.1·2^-2, ...
		set.Free.Steps = [2][]float64{free, free}
		// The tuned curves of both step rules in one sweep.
		var arms []sweepArm
		rules := []*SGDInternallyArms{&set.Theorem, &set.Free}
		for _, a := range rules {
			for method, steps := range a.Steps {
				for _, g := range steps {
					arms = append(arms, sweepArm{orderer: orderer(method), step: constantStep(g)})
				}
			}
		}
		curves, err := sweep(ctx, p, arms, settings, env.workers())
		if err != nil {
			return nil, err
		}
		for _, a := range rules {
			n := len(a.Steps[0])
			a.Internal, a.InternalSE, a.InternalStep = tunedCurve(curves[:n], c.Epochs)
			curves = curves[n:]
			n = len(a.Steps[1])
			a.Shuffling, a.ShufflingSE, a.ShufflingStep = tunedCurve(curves[:n], c.Epochs)
			curves = curves[n:]
		}
		at := min(max(sgdInternallyCrossover(set.Theorem.Internal, set.Theorem.Shuffling), 1), c.Epochs-1)
		set.Switch = at
		// The combinations and the controls: a first step from the grid
		// of SGD internally, or of shuffling, for the epochs before the
		// switch, then shuffling's tuned step for the last horizon.
		arms = arms[:0]
		for _, a := range rules {
			a.Small = a.Steps[1][a.ShufflingStep[c.Epochs-1]]
			for _, g := range a.Steps[0] {
				arms = append(arms, sweepArm{orderer: combined(at), step: twoSteps(g, a.Small, at)})
			}
			if a == &set.Free {
				for _, g := range a.Steps[1] {
					arms = append(arms, sweepArm{orderer: orderer(sgdShufflingMethod), step: twoSteps(g, a.Small, at)})
				}
			}
		}
		if curves, err = sweep(ctx, p, arms, settings, env.workers()); err != nil {
			return nil, err
		}
		for _, a := range rules {
			var i int
			n := len(a.Steps[0])
			a.Combination, a.CombinationSE, i = bestAtEnd(curves[:n], c.Epochs)
			a.Large, curves = a.Steps[0][i], curves[n:]
			if a == &set.Free {
				n = len(a.Steps[1])
				a.Control, a.ControlSE, i = bestAtEnd(curves[:n], c.Epochs)
				a.ControlLarge, curves = a.Steps[1][i], curves[n:]
			}
		}
		// The judged runs: fresh orders at the steps the tuning chose.
		if set.Judged, err = judgeSGDInternally(ctx, env, c, p, low, &set.Theorem, at); err != nil {
			return nil, err
		}
		res.Settings = append(res.Settings, set)
		env.progress(si+1, len(c.SigmaLows))
	}
	return res, nil
}

// judgeSGDInternally returns the judged runs of th, tuned on the tuning
// runs: each method at every step th chose for some horizon, and the
// combination with th's Large and Small switched at at, all on fresh
// orders (streamSGDInternallyJudged); at each T the method's curve is
// that of the step chosen for T.
func judgeSGDInternally(ctx context.Context, env *Env, c SGDInternallyConfig, p *problems.TwoLevel, low float64, th *SGDInternallyArms, at int) (SGDInternallyArms, error) {
	orderer := func(method int) func(run int) (ordering.Orderer, error) {
		return func(run int) (ordering.Orderer, error) {
			seed := mixSeed(env.Seed, streamSGDInternallyJudged, math.Float64bits(low), uint64(method), uint64(run))
			if method == sgdInternalMethod {
				return ordering.NewSGDInternal(c.N, c.M, seed)
			}
			return ordering.NewKShuffle(c.N, c.M, 1, seed)
		}
	}
	combined := func(run int) (ordering.Orderer, error) {
		first, err := orderer(sgdInternalMethod)(run)
		if err != nil {
			return nil, err
		}
		second, err := orderer(sgdShufflingMethod)(run)
		return &switchOrder{first: first, second: second, at: at}, err
	}
	chosen := [2][]int{th.InternalStep, th.ShufflingStep}
	var used [2][]int
	var arms []sweepArm
	for method, idx := range chosen {
		used[method] = slices.Compact(slices.Sorted(slices.Values(idx)))
		for _, k := range used[method] {
			arms = append(arms, sweepArm{orderer: orderer(method), step: constantStep(th.Steps[method][k])})
		}
	}
	arms = append(arms, sweepArm{orderer: combined, step: twoSteps(th.Large, th.Small, at)})
	curves, err := sweep(ctx, p, arms, sweepSettings{X0: c.X0, Runs: c.Runs, Epochs: c.Epochs}, env.workers())
	if err != nil {
		return SGDInternallyArms{}, err
	}
	j := SGDInternallyArms{Steps: th.Steps, InternalStep: th.InternalStep, ShufflingStep: th.ShufflingStep, Large: th.Large, Small: th.Small}
	pick := func(cs []sweepCurves, used, idx []int) (avg, se []float64) {
		avg, se = make([]float64, c.Epochs), make([]float64, c.Epochs)
		for t := range avg {
			cv := cs[slices.Index(used, idx[t])]
			avg[t], se[t] = math.Inf(1), math.Inf(1) // diverged before T
			if t < len(cv.Avg) && !(cv.Diverged && t == len(cv.Avg)-1) {
				avg[t], se[t] = cv.Avg[t], cv.AvgSE[t]
			}
		}
		return avg, se
	}
	n := len(used[0])
	j.Internal, j.InternalSE = pick(curves[:n], used[0], th.InternalStep)
	j.Shuffling, j.ShufflingSE = pick(curves[n:n+len(used[1])], used[1], th.ShufflingStep)
	j.Combination, j.CombinationSE, _ = bestAtEnd(curves[len(curves)-1:], c.Epochs)
	return j, nil
}

// twoSteps returns the step function of large before epoch at and small
// from it on.
func twoSteps(large, small float64, at int) func(int) float64 {
	return func(t int) float64 {
		if t < at {
			return large
		}
		return small
	}
}

// tunedCurve returns, for T = 1..epochs, the smallest over the curves of
// the running average (1/T) Σ_{t<T} ‖∇f(x_t)‖², its standard error, and
// the index of the curve that gives it. A curve that diverged does not
// count from the epoch it diverged at.
func tunedCurve(curves []sweepCurves, epochs int) (best, se []float64, at []int) {
	best, se, at = make([]float64, epochs), make([]float64, epochs), make([]int, epochs)
	for t := range best {
		best[t] = math.Inf(1)
	}
	for i, c := range curves {
		n := len(c.Avg)
		if c.Diverged {
			n--
		}
		for t := range min(n, epochs) {
			if c.Avg[t] < best[t] {
				best[t], se[t], at[t] = c.Avg[t], c.AvgSE[t], i
			}
		}
	}
	return best, se, at
}

// bestAtEnd returns the running averages and standard errors, T =
// 1..epochs, of the curve with the smallest value at the last horizon,
// and its index.
func bestAtEnd(curves []sweepCurves, epochs int) (avg, se []float64, at int) {
	_, _, idx := tunedCurve(curves, epochs)
	at = idx[epochs-1] // 0 if every curve diverged
	c := curves[at]
	avg, se = make([]float64, epochs), make([]float64, epochs)
	for t := range avg {
		avg[t], se[t] = math.Inf(1), math.Inf(1)
		if t < len(c.Avg) {
			avg[t], se[t] = c.Avg[t], c.AvgSE[t]
		}
	}
	return avg, se, at
}

// switchOrder takes its orders from first for the epochs before at, then
// from second.
type switchOrder struct {
	first, second ordering.Orderer
	at            int
}

// Order implements ordering.Orderer.
func (s *switchOrder) Order(dst []int, e ordering.Epoch) ([]int, error) {
	if e.T < s.at {
		return s.first.Order(dst, e)
	}
	return s.second.Order(dst, e)
}

var _ ordering.Orderer = (*switchOrder)(nil)

// sgdInternallyCrossover returns the crossover of two tuned curves
// (entry T-1 for the horizon T): the smallest T >= 2 from which on
// shuffling is at least as good as SGD internally at every horizon; 2 if
// SGD internally is never ahead after the first epoch (at T = 1 both are
// ‖∇f(x₀)‖²), len+1 if it is ahead at the last horizon.
func sgdInternallyCrossover(internal, shuffling []float64) int {
	for t := len(internal) - 1; t >= 1; t-- {
		if internal[t] < shuffling[t] {
			return t + 2
		}
	}
	return 2
}

// # The outcome

// SGDInternallyPredictions are the crossovers the paper's rates predict,
// in epochs, for one σ_low.
type SGDInternallyPredictions struct {
	// Terms and First are where the last term of SGD internally's rate
	// (Eq. shuffle-just-high-level), σ_low √(LF₀/(NmT)), stops being below
	// the last and the first term of the K-shuffling rate with K = 1
	// (Eq. kshuffle-bound), the two terms the paper's sentence names:
	// squaring and cubing,
	//
	//	σ_low √(LF₀/(NmT)) < (σ_low LF₀/(N√m T))^(2/3)  ⇔  T < LF₀ m/(N σ_low²),
	//	σ_low √(LF₀/(NmT)) < L(M*+1)F₀/T               ⇔  T < LF₀ N m (M*+1)²/σ_low²,
	//
	// with M* = 0 here. Terms, the first to end, is where "less than both"
	// ends.
	Terms, First float64
	// Rates is the first T at which the K = 1 rate (kshuffle-bound) is at
	// most SGD internally's rate, as whole epochs (1 if it is so at once):
	// the crossing of the rates themselves, against which the measured
	// crossover is compared.
	Rates float64
	// Paper is the paper's LF₀√(nM)/σ_low², read with n = N and M = m (the
	// paper's M, Section 5.3's heterogeneity constant, is 0 on the
	// quadratic, which would make it 0); it does
	// not follow from the terms above (see the slips) and is shown only
	// beside them.
	Paper float64
}

// predict returns the predicted crossovers for σ_low = low.
func (c *SGDInternallyConfig) predict(low float64) (SGDInternallyPredictions, error) {
	p, err := c.problem(low)
	if err != nil {
		return SGDInternallyPredictions{}, err
	}
	tc := ordering.TwoLevelConstants{L: p.L(), F0: p.Func(constant(p.Dim(), c.X0)), SigmaTop2: p.SigmaTop2(), SigmaLow2: p.SigmaLow2(), N: c.N, M: c.M}
	lf, s2, n, m := tc.L*tc.F0, tc.SigmaLow2, float64(c.N), float64(c.M)
	pr := SGDInternallyPredictions{Paper: lf * math.Sqrt(n*m) / s2, Terms: lf * m / (n * s2), First: lf * n * m * (tc.MStar + 1) * (tc.MStar + 1) / s2}
	t, err := epochsTo(func(t int) (float64, error) {
		tc.T = t
		k, err := ordering.KShufflingRate(tc, 1)
		if err != nil {
			return 0, err
		}
		i, err := ordering.InternalSGDRate(tc)
		// epochsTo asks for the first T with rate <= eps: here the
		// difference against 0.
		return k - i, err
	}, 0)
	pr.Rates = float64(t)
	return pr, err
}

// SGDInternallyCombination is the combination against the tuned methods
// at the last horizon under one step rule: the Welch t-intervals of each
// method's (1/T)Σ‖∇f‖² minus the combination's (positive: the
// combination ahead).
type SGDInternallyCombination struct {
	// Internal, Shuffling and Control are its leads over SGD internally,
	// shuffling and the control (Control's N is 0 where there is no
	// control). Paper is the verdict of "the combination is best" against
	// the two methods the paper names, SGD internally and shuffling: Reproduced if
	// both leads lie above 0, NotReproduced if one lies below 0 (a method
	// shown ahead of it), else Inconclusive. Part is the same with the
	// control too (ours, shown beside the verdict).
	Internal, Shuffling, Control Interval
	Paper, Part                  Verdict
}

// SGDInternallySettingFindings is what one σ_low of the sgd-internally
// claim shows.
type SGDInternallySettingFindings struct {
	// SigmaLow is σ_low and Predicted the crossovers the rates predict.
	SigmaLow  float64
	Predicted SGDInternallyPredictions
	// Lead is the Welch t-interval of shuffling's (1/T)Σ‖∇f‖² minus SGD
	// internally's at the declared horizon T = sgdInternallyLeadAt under
	// Theorem 1's limits (positive: SGD internally ahead), and End the
	// same at the last horizon (negative: shuffling ahead). TradeOff is
	// the setting's verdict on the trade-off at its own 95% intervals:
	// Reproduced if Lead lies above 0 and End below 0 (ahead early,
	// behind at the end), NotReproduced if Lead lies below 0 or End above
	// 0, else Inconclusive. It picks the crossovers the scaling part fits;
	// the part's own verdict controls the family over the σ_low
	// (SGDInternallyFindings.TradeOff).
	Lead, End Interval
	TradeOff  Verdict
	// TradeOffP is the one-sided p-value of the setting's trade-off, the
	// larger of Lead's above 0 and End's below 0 (an intersection-union
	// test; t with Runs-1 degrees of freedom, conservative beside
	// Welch's), and TradeOffHolm the same after Holm's step-down over the
	// σ_low. CombinationP and CombinationHolm are the same for the
	// combination under Theorem 1's limits, the larger of its leads'
	// p-values above 0 over SGD internally and over shuffling.
	TradeOffP, TradeOffHolm, CombinationP, CombinationHolm float64
	// Crossover is the measured crossover under Theorem 1's limits
	// (sgdInternallyCrossover): the first T from which shuffling is at
	// least as good at every horizon on the means, Epochs+1 if it is not
	// at the last. CrossLo and CrossHi are the crossovers with SGD
	// internally's curve moved up and down by the t-quantile of
	// crossoverT times the standard error of the difference at every T:
	// the epochs within which the runs do not resolve it (CrossHi is
	// Epochs+1 if the moved curve never crosses).
	Crossover        int
	CrossLo, CrossHi int
	// Before is SGD internally's largest lead in standard errors under
	// Theorem 1's limits before the crossover, at whichever horizon it
	// is largest: shown, not judged (the horizon is chosen by the data).
	Before SGDInternallyLead
	// FreeLead is Lead with freely tuned steps, and Free the largest lead
	// with free steps over the whole horizon (shown, not judged).
	FreeLead Interval
	Free     SGDInternallyLead
	// Theorem and FreeCombination are the combination at the last horizon
	// under Theorem 1's limits and with free steps.
	Theorem, FreeCombination SGDInternallyCombination
}

// SGDInternallyFindings is what the sgd-internally claim shows: per σ_low,
// the leads, the crossover and the combination, and the four parts of the
// verdict with their thresholds.
type SGDInternallyFindings struct {
	// Settings are the findings per σ_low, in the order of the config's
	// SigmaLows.
	Settings []SGDInternallySettingFindings
	// LeadAt is the declared horizon of the leads (sgdInternallyLeadAt);
	// PredictedSlope and SlopeTol are the predicted exponent of σ_low in
	// the crossover and the largest distance of the fitted one from it.
	LeadAt                   int
	PredictedSlope, SlopeTol float64
	// SigmaLows are the σ_low whose trade-off holds, Crossovers their
	// measured crossovers with CrossLo and CrossHi their ends, Terms and
	// Rates their predicted ones (SGDInternallyPredictions).
	SigmaLows, Crossovers, CrossLo, CrossHi, Terms, Rates []float64
	// TradeOff is the part "SGD internally ahead early, shuffling at the
	// end, for some σ_low" (the paper: it "can be preferred"): Reproduced
	// if Holm's step-down over the settings' TradeOffP rejects some at a
	// family-wise 2.5% one-sided (a setting's TradeOffHolm at most it),
	// NotReproduced if every setting's TradeOff fails, else Inconclusive:
	// sgdInternallyRule's part sgd-internally-trade-off.
	TradeOff Verdict
	// Slope is the fitted exponent of σ_low in the crossover over
	// SigmaLows (NaN with fewer than two) and SlopeIv its interval over
	// the crossovers' ends (sgdInternallySlopeInterval). SlopePart is
	// Reproduced if SlopeIv lies within SlopeTol of PredictedSlope,
	// NotReproduced if it lies wholly outside that band, NotCheckable
	// with fewer than two crossovers, else Inconclusive. It is a finding
	// beside the verdict, not a part of the rule: the exponent is our
	// prediction, not the paper's sentence (line 471 compares bound
	// terms), and with few σ_low and crossovers near the horizon its
	// interval cannot be settled.
	Slope     float64
	SlopeIv   Interval
	SlopePart Verdict
	// Practice is "SGD internally ahead early with freely tuned steps,
	// for some σ_low", on FreeLead as TradeOff on Lead: Reproduced if
	// some FreeLead lies above 0, NotReproduced if every one lies below
	// 0, else Inconclusive. It is a finding beside the verdict, not a
	// part: the paper's argument is about Theorem 1's admissible steps
	// only. Lead is the largest free lead in standard errors over every
	// σ_low and horizon (shown, not judged).
	Practice Verdict
	Lead     SGDInternallyLead
	// Combination is the part "the best convergence speed might be
	// obtained by a combination", under Theorem 1's limits, for some
	// σ_low (as TradeOff): Reproduced if Holm's step-down over the
	// settings' CombinationP rejects some at a family-wise 2.5% (the
	// combination shown ahead of SGD internally and of shuffling at the
	// last horizon), NotReproduced if at every σ_low one of them is shown
	// ahead of it (SGDInternallyCombination.Paper), else Inconclusive.
	// FreeCombination is the same with free steps and the control
	// (SGDInternallyCombination.Part): a finding beside the verdict.
	Combination, FreeCombination Verdict
	// Strongest indexes Settings: the σ_low where SGD internally leads
	// most under Theorem 1's limits before the crossover.
	Strongest int
	// Judgement is what sgdInternallyRule finds, and Verdict its verdict:
	// TradeOff's (the combination is judged beside it).
	Judgement Judgement
	// CombinationJudgement is the combination's, judged beside the
	// verdict (sgdInternallyCombinationRule).
	CombinationJudgement Judgement
	Verdict              Verdict
}

// sgdInternallyAhead returns the Welch t-interval at horizon index t of
// b's curve minus a's (positive: a ahead), over n runs.
func sgdInternallyAhead(a, sa, b, sb []float64, t, n int) Interval {
	return welchInterval(a[t], sa[t], b[t], sb[t], n)
}

// sgdInternallySome returns the verdict of "for some setting" from the
// settings' sides against 0: Reproduced if some lies Above, NotReproduced
// if every one lies Below, else Inconclusive.
func sgdInternallySome(sides []Side) Verdict {
	switch {
	case slices.Contains(sides, Above):
		return Reproduced
	case len(sides) > 0 && !slices.ContainsFunc(sides, func(s Side) bool { return s != Below }):
		return NotReproduced
	}
	return Inconclusive
}

// Findings returns what the claim shows: SGD run internally against
// two-level shuffling over the horizon T, under Theorem 1's step limits and
// with freely tuned steps, the measured crossover beside the predicted
// ones, and the paper's combination. It returns an error if res is not of
// the shape of its config.
func (res *SGDInternallyResult) Findings() (*SGDInternallyFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	E, n := c.Epochs, c.Runs
	at := min(sgdInternallyLeadAt, E) - 1
	f := &SGDInternallyFindings{LeadAt: at + 1, PredictedSlope: sgdInternallySlope, SlopeTol: sgdInternallySlopeTol,
		Strongest: len(res.Settings) / 2, Lead: SGDInternallyLead{Z: math.Inf(-1)}}
	strongest := math.Inf(-1)
	var practice, freeComb []Side
	m := Measures{}
	// The crossovers' bars: Bonferroni over the σ_low, so that the slope's
	// interval covers if every bar does.
	tq := tCrit(max(n-1, 1), 1-(1-conf95)/float64(len(res.Settings)))
	for i, set := range res.Settings {
		// The parts are judged on the judged runs, at the steps the
		// tuning runs chose.
		th, fr := &set.Judged, &set.Free
		pr, err := c.predict(set.SigmaLow)
		if err != nil {
			return nil, err
		}
		sf := SGDInternallySettingFindings{SigmaLow: set.SigmaLow, Predicted: pr, Crossover: sgdInternallyCrossover(th.Internal, th.Shuffling)}
		sf.CrossLo, sf.CrossHi = crossoverBars(th, tq)
		x := sf.Crossover
		sf.Lead = sgdInternallyAhead(th.Internal, th.InternalSE, th.Shuffling, th.ShufflingSE, at, n)
		sf.End = sgdInternallyAhead(th.Internal, th.InternalSE, th.Shuffling, th.ShufflingSE, E-1, n)
		switch lead, end := sf.Lead.Against(0), sf.End.Against(0); {
		case lead == Above && end == Below:
			sf.TradeOff = Reproduced
		case lead == Below || end == Above:
			sf.TradeOff = NotReproduced
		default:
			sf.TradeOff = Inconclusive
		}
		label := fmt.Sprintf("σ_low = %g", set.SigmaLow)
		end := Interval{Mean: -sf.End.Mean, SE: sf.End.SE, N: sf.End.N, Lo: -sf.End.Hi, Hi: -sf.End.Lo}
		m[sgdInternallyTradeOff] = append(m[sgdInternallyTradeOff], sgdInternallyBoth(label, sf.Lead, end))
		sf.TradeOffP = m[sgdInternallyTradeOff][i].PHold
		sf.Before = largestLead(th, set.SigmaLow, min(x, E+1)-1)
		if sf.Before.Z > strongest {
			f.Strongest, strongest = i, sf.Before.Z
		}
		if sf.TradeOff == Reproduced {
			f.SigmaLows, f.Crossovers = append(f.SigmaLows, set.SigmaLow), append(f.Crossovers, float64(x))
			f.CrossLo, f.CrossHi = append(f.CrossLo, float64(sf.CrossLo)), append(f.CrossHi, float64(sf.CrossHi))
			f.Terms, f.Rates = append(f.Terms, pr.Terms), append(f.Rates, pr.Rates)
		}
		sf.FreeLead = sgdInternallyAhead(fr.Internal, fr.InternalSE, fr.Shuffling, fr.ShufflingSE, at, n)
		practice = append(practice, sf.FreeLead.Against(0))
		sf.Free = largestLead(fr, set.SigmaLow, E)
		if sf.Free.Z > f.Lead.Z {
			f.Lead = sf.Free
		}
		sf.Theorem, sf.FreeCombination = combinationOf(th, E, n), combinationOf(fr, E, n)
		m[sgdInternallyCombinationPart] = append(m[sgdInternallyCombinationPart], sgdInternallyBoth(label, sf.Theorem.Internal, sf.Theorem.Shuffling))
		sf.CombinationP = m[sgdInternallyCombinationPart][i].PHold
		freeComb = append(freeComb, sgdInternallySide(sf.FreeCombination.Part))
		f.Settings = append(f.Settings, sf)
	}
	f.Practice = sgdInternallySome(practice)
	f.FreeCombination = sgdInternallySome(freeComb)
	f.Slope = math.NaN()
	f.SlopeIv = Interval{Mean: math.NaN(), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), N: len(f.Crossovers)}
	f.SlopePart = NotCheckable // fewer than two crossovers
	if len(f.Crossovers) >= 2 {
		f.Slope = logSlope(f.SigmaLows, f.Crossovers)
		f.SlopeIv = sgdInternallySlopeInterval(f.SigmaLows, f.CrossLo, f.CrossHi, E)
		f.SlopeIv.Mean = f.Slope
		band := RulePart{Test: Equivalence, Lo: f.PredictedSlope - f.SlopeTol, Hi: f.PredictedSlope + f.SlopeTol}
		switch holds, fails := band.side(f.SlopeIv); {
		case holds:
			f.SlopePart = Reproduced
		case fails:
			f.SlopePart = NotReproduced
		default:
			f.SlopePart = Inconclusive
		}
	}
	cm := Measures{sgdInternallyCombinationPart: m[sgdInternallyCombinationPart]}
	delete(m, sgdInternallyCombinationPart)
	j, err := sgdInternallyRule.Judge(m, nil)
	if err != nil {
		return nil, err
	}
	cj, err := sgdInternallyCombinationRule.Judge(cm, nil)
	if err != nil {
		return nil, err
	}
	trade, _ := j.Part(sgdInternallyTradeOff)
	comb, _ := cj.Part(sgdInternallyCombinationPart)
	for i := range f.Settings {
		f.Settings[i].TradeOffHolm, f.Settings[i].CombinationHolm = trade.P[i], comb.P[i]
		// The measures are the judgement's: the notes say the p-values
		// the part rests on.
		trade.Measures[i].Note += fmt.Sprintf("; p %.2g, Holm-adjusted %.2g", trade.Measures[i].PHold, trade.P[i])
		comb.Measures[i].Note += fmt.Sprintf("; p %.2g, Holm-adjusted %.2g", comb.Measures[i].PHold, comb.P[i])
	}
	f.TradeOff, f.Combination = trade.Verdict, comb.Verdict
	f.Judgement, f.CombinationJudgement, f.Verdict = j, cj, j.Verdict
	return f, nil
}

// sgdInternallyBoth returns the measure of "a and b both above 0" from
// their Welch t-intervals: the interval of the smaller of the two,
// [min(a.Lo, b.Lo), min(a.Hi, b.Hi)], which lies above 0 exactly when
// both do and below 0 when one does, with the p-value of holding the
// larger of the two one-sided ones (an intersection-union test; t with
// N-1 degrees of freedom, conservative beside Welch's), which Holm over
// the σ_low takes.
func sgdInternallyBoth(label string, a, b Interval) Measure {
	return Measure{
		Label: label,
		Iv:    Interval{Mean: math.Min(a.Mean, b.Mean), SE: math.NaN(), N: min(a.N, b.N), Lo: math.Min(a.Lo, b.Lo), Hi: math.Min(a.Hi, b.Hi)},
		HasP:  true,
		PHold: math.Max(a.PAbove(0), b.PAbove(0)),
		PFail: math.Min(a.PBelow(0), b.PBelow(0)),
		Note:  fmt.Sprintf("%s and %s", a.Sig(), b.Sig()),
	}
}

// sgdInternallySide returns the side against 0 that sgdInternallySome
// reads from a verdict: Above if it holds, Below if it fails, else Spans.
func sgdInternallySide(v Verdict) Side {
	switch v {
	case Reproduced:
		return Above
	case NotReproduced:
		return Below
	}
	return Spans
}

// sgdInternallySlopeInterval returns the interval of the least-squares
// slope of log crossover on log σ_low over the crossovers' bars [lo_i,
// hi_i]: the slope is Σ w_i log X_i with w_i = (log σ_i - mean)/Sxx, so
// its smallest and largest values over the bars are at their ends,
//
//	[Σ w_i log(w_i > 0 ? lo_i : hi_i), Σ w_i log(w_i > 0 ? hi_i : lo_i)],
//
// which covers the slope whenever every bar covers its crossover. A bar
// that reaches beyond the horizon (hi_i > epochs) is open: the interval is
// infinite on that side. SE is NaN and N the number of crossovers.
func sgdInternallySlopeInterval(lows, lo, hi []float64, epochs int) Interval {
	k := len(lows)
	iv := Interval{SE: math.NaN(), N: k, Lo: math.Inf(-1), Hi: math.Inf(1)}
	if k < 2 {
		return iv
	}
	mx := 0.0
	for _, s := range lows {
		mx += math.Log(s)
	}
	mx /= float64(k)
	sxx := 0.0
	for _, s := range lows {
		sxx += (math.Log(s) - mx) * (math.Log(s) - mx)
	}
	logEnd := func(v float64) float64 {
		if v > float64(epochs) {
			return math.Inf(1)
		}
		return math.Log(v)
	}
	iv.Lo, iv.Hi = 0, 0
	for i, s := range lows {
		w := (math.Log(s) - mx) / sxx
		l, h := logEnd(lo[i]), logEnd(hi[i])
		if w < 0 {
			l, h = h, l
		}
		// w·(+Inf) with w = 0 adds nothing.
		if w != 0 {
			iv.Lo += w * l
			iv.Hi += w * h
		}
	}
	return iv
}

// combinationOf returns the combination of a against its tuned methods
// (and control, if any) at the horizon E, over n runs.
func combinationOf(a *SGDInternallyArms, E, n int) SGDInternallyCombination {
	lead := func(v, se []float64) Interval {
		return sgdInternallyAhead(a.Combination, a.CombinationSE, v, se, E-1, n)
	}
	cb := SGDInternallyCombination{Internal: lead(a.Internal, a.InternalSE), Shuffling: lead(a.Shuffling, a.ShufflingSE)}
	ivs := []Interval{cb.Internal, cb.Shuffling}
	cb.Paper = sgdInternallyBest(ivs)
	if a.Control != nil {
		cb.Control = lead(a.Control, a.ControlSE)
		ivs = append(ivs, cb.Control)
	}
	cb.Part = sgdInternallyBest(ivs)
	return cb
}

// sgdInternallyBest returns the verdict of "ahead of every one" from the
// leads ivs: Reproduced if every one lies above 0, NotReproduced if some
// lies below 0, else Inconclusive.
func sgdInternallyBest(ivs []Interval) Verdict {
	v := Reproduced
	for _, iv := range ivs {
		switch iv.Against(0) {
		case Below:
			return NotReproduced
		case Spans:
			v = Inconclusive
		}
	}
	return v
}

// combinationText returns cb in words, with the values of a at the
// horizon E: its finding against the two methods in a verdict's words if
// judged, else (free steps) in those of a finding reported beside it.
func combinationText(cb SGDInternallyCombination, a *SGDInternallyArms, E int, judged bool) string {
	paper := cb.Paper.String()
	if !judged {
		paper = shownWords(cb.Paper)
	}
	parts := []string{
		fmt.Sprintf("%s %.3g (lead %s)", "SGD internally", a.Internal[E-1], cb.Internal.Sig()),
		fmt.Sprintf("%s %.3g (lead %s)", "shuffling", a.Shuffling[E-1], cb.Shuffling.Sig()),
	}
	if a.Control != nil {
		parts = append(parts, fmt.Sprintf("%s %.3g (lead %s)", "the control", a.Control[E-1], cb.Control.Sig()))
	}
	text := fmt.Sprintf("%.3g (steps %.3g then %.3g) against %s: %s", a.Combination[E-1], a.Large, a.Small, strings.Join(parts, ", "), paper)
	if a.Control != nil {
		text = fmt.Sprintf("%.3g (steps %.3g then %.3g) against %s: %s against the two methods, %s with the control (not judged)", a.Combination[E-1], a.Large, a.Small, strings.Join(parts, ", "), paper, shownWords(cb.Part))
	}
	if a.Control != nil {
		text += fmt.Sprintf(" (the control's first step %.3g)", a.ControlLarge)
	}
	return text
}

// Outcome renders the findings: the verdict and a check per part of
// sgdInternallyRule, three rows per σ_low, the summary, and the charts of
// the curves and the crossovers. It returns an error if res is not of the
// shape of its config.
func (res *SGDInternallyResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	var out Outcome
	// The combination's check and tests beside, then the verdict's.
	out.judged(&sgdInternallyCombinationRule, f.CombinationJudgement)
	out.judged(&sgdInternallyRule, f.Judgement)
	out.Rows = res.rows(f)
	out.Key = Key{Name: "fitted σ_low exponent of the crossover", Value: f.Slope}
	if len(f.Settings) > 0 {
		sf := f.Settings[f.Strongest]
		// Both leads are judged (an intersection-union test): the weaker
		// of the two decides.
		out.Decides = &Decider{Name: fmt.Sprintf("SGD internally's lead over two-level shuffling under Theorem 1's limits, σ_low = %g, at T = %d and at the last horizon T = %d (both judged; the weaker decides)", sf.SigmaLow, f.LeadAt, c.Epochs), Ours: fmt.Sprintf("%s; %s", sf.Lead, sf.End), Paper: "above 0 at T = 2 and below 0 at the last horizon, for some σ_low", Chart: "sgd-internally-crossover"}
	}
	lead := ""
	if len(f.Settings) > 0 {
		sf := f.Settings[f.Strongest]
		lead = fmt.Sprintf("lead at T = %d %s, at T = %d %s; ", f.LeadAt, sf.Lead, c.Epochs, sf.End)
	}
	out.Brief = fmt.Sprintf("under Theorem 1's limits: %strade-off %v; combination best for some σ_low %v (free steps, not judged: lead %s)",
		lead, f.TradeOff, f.Combination, shownWords(f.Practice))
	out.Summary = sgdInternallySummary(f, c.Runs, c.Epochs)
	res.charts(&out, f)
	out.Details = res.details(f)
	out.Protocol = sgdInternallyProtocol(c, f)
	return &out, nil
}

// rows returns the outcome's three rows per σ_low: the crossover under
// Theorem 1's limits, the lead with free steps, and the combination.
func (res *SGDInternallyResult) rows(f *SGDInternallyFindings) []Row {
	E := res.Config.Epochs
	var rows []Row
	for i, sf := range f.Settings {
		set := &res.Settings[i]
		th, fr := &set.Judged, &set.Free // the judged runs, as the findings
		pr := sf.Predicted
		xs := fmt.Sprintf("%d epochs (runs resolve it within %d to %s)", sf.Crossover, sf.CrossLo, crossEnd(sf.CrossHi, E))
		if sf.Crossover > E {
			xs = fmt.Sprintf("beyond the horizon of %d epochs", E)
		}
		rows = append(rows,
			Row{
				Quantity: fmt.Sprintf("σ_low = %g, Theorem 1's step limits: crossover (shuffling at least as good from T on)", set.SigmaLow),
				Paper:    fmt.Sprintf("the rates (K = 1, constants dropped) cross at %.0f; σ_low's term below both K = 1 terms until LF₀m/(Nσ_low²) = %.3g (below the first until LF₀Nm/σ_low² = %.3g); the paper's LF₀√(nM)/σ_low², n = N, M = m: %.3g (a slip)", pr.Rates, pr.Terms, pr.First, pr.Paper),
				Ours:     fmt.Sprintf("%s; SGD internally's lead at T = %d: %s; at T = %d: %s (trade-off %v at this σ_low alone; Holm over the σ_low: adjusted p %.2g); largest lead before the crossover (not judged): %s; (1/T)Σ‖∇f‖² at T = %d: internal %.3g, shuffling %.3g", xs, f.LeadAt, sf.Lead.Sig(), E, sf.End.Sig(), sf.TradeOff, sf.TradeOffHolm, sf.Before, E, th.Internal[E-1], th.Shuffling[E-1]),
			},
			Row{
				Quantity: fmt.Sprintf("σ_low = %g, steps tuned freely: SGD internally's lead over shuffling at T = %d", set.SigmaLow, f.LeadAt),
				Paper:    "not the paper's statement (its \"especially at the early stages of training\" is said of Theorem 1's admissible steps)",
				Ours:     fmt.Sprintf("%s (%s); largest lead (not judged): %s; at T = %d: internal %.3g, shuffling %.3g", sf.FreeLead.Sig(), sf.FreeLead.Against(0), sf.Free, E, fr.Internal[E-1], fr.Shuffling[E-1]),
			},
			Row{
				Quantity: fmt.Sprintf("σ_low = %g: combination (SGD internally, then shuffling from epoch %d) at T = %d, Theorem 1's limits; free", set.SigmaLow, set.Switch, E),
				Paper:    "under Theorem 1's limits, ahead of SGD internally and shuffling for some σ_low (\"the best convergence speed might be obtained by using a combination\"); free steps and the control: not the paper's",
				Ours:     combinationText(sf.Theorem, th, E, true) + "; free: " + combinationText(sf.FreeCombination, fr, E, false),
			},
		)
	}
	return rows
}

// sgdInternallySummary returns the outcome's summary: the crossovers and
// the exponent, the parts' verdicts, and beside them the free steps.
func sgdInternallySummary(f *SGDInternallyFindings, runs, E int) string {
	lows, measured, ratesT, slope := f.SigmaLows, f.Crossovers, f.Rates, f.Slope
	var each []string
	for i := range measured {
		each = append(each, fmt.Sprintf("σ_low = %g: %.3g epochs, %.3g times the rates' crossing at %.0f", lows[i], measured[i], measured[i]/ratesT[i], ratesT[i]))
	}
	exponent := fmt.Sprintf("with σ_low exponent %.2f, interval %s", slope, f.SlopeIv)
	if math.IsNaN(slope) {
		// A slope needs two σ_low with a crossover.
		exponent = fmt.Sprintf("with no σ_low exponent (it is fitted over the crossovers of the σ_low whose trade-off is shown, %d here; a slope needs 2)", len(measured))
	}
	crossed := fmt.Sprintf("SGD internally is ahead at T = %d and two-level shuffling overtakes it (%s), %s (our prediction -2 ± %g, reported, not judged: %v)",
		f.LeadAt, strings.Join(each, "; "), exponent, f.SlopeTol, f.SlopePart)
	if len(measured) == 0 {
		crossed = fmt.Sprintf("no σ_low shows SGD internally ahead at T = %d and shuffling ahead at T = %d", f.LeadAt, E)
	}
	var freeLeads []string
	for _, sf := range f.Settings {
		freeLeads = append(freeLeads, fmt.Sprintf("σ_low = %g: %s", sf.SigmaLow, sf.FreeLead.Sig()))
	}
	return fmt.Sprintf("under Theorem 1's step limits %s; the trade-off: %v; "+
		"the verdict: the trade-off's, %v. Beside it, judged by the same test and not combined (line 473 is a conjecture, \"might be obtained\"): the combination (SGD internally with a large step, then shuffling with a smaller one) ahead of SGD internally and shuffling at T = %d for some σ_low: %v. "+
		"Beside the verdict, not judged (not the paper's statement): with freely tuned steps, SGD internally's lead over shuffling at T = %d (shuffling's (1/T)Σ‖∇f‖² minus internal's, 95%% Welch t-intervals, %d runs): %s (%s; largest: %s); the combination with free steps against both and shuffling with the same kind of schedule: %s",
		crossed, f.TradeOff, f.Verdict, E, f.Combination, f.LeadAt, runs, strings.Join(freeLeads, "; "), shownWords(f.Practice), f.Lead, shownWords(f.FreeCombination))
}

// charts adds the charts: the curves at the σ_low where SGD internally
// leads most under Theorem 1's limits, and the crossovers against σ_low.
func (res *SGDInternallyResult) charts(out *Outcome, f *SGDInternallyFindings) {
	c := res.Config
	E := c.Epochs
	lows, measured, termsT, ratesT := f.SigmaLows, f.Crossovers, f.Terms, f.Rates
	set := res.Settings[f.Strongest]
	ts := logHorizons(E)
	sample := func(v []float64) []float64 {
		s := make([]float64, len(ts))
		for i, t := range ts {
			s[i] = v[int(t)-1]
		}
		return s
	}
	curveChart := func(a *SGDInternallyArms, rule string) *chart.LineChart {
		series := func(name string, v, se []float64, dashed bool) chart.Series {
			lo, hi := band(v, se, z95)
			return chart.Series{Name: name, X: ts, Y: sample(v), Lo: sample(lo), Hi: sample(hi), Dashed: dashed, Runs: c.Runs}
		}
		lc := &chart.LineChart{
			// No-break spaces keep "σ low = 2.5" on one line.
			Title:  fmt.Sprintf("(1/T)Σ ‖∇f(xₜ)‖² over t < T, steps %s, σ\u00a0low\u00a0=\u00a0%g, N = %d, m = %d: the tuning runs, at each T the best step's mean of %s (95%% bands); the judged runs, fresh, are in the report's table", rule, set.SigmaLow, c.N, c.M, nOf(c.Runs, "run")),
			XLabel: "T (epochs of N·m steps)", YLabel: "(1/T)Σ ‖∇f(xₜ)‖² over t < T", LogX: true, LogY: true,
			Series: []chart.Series{
				series("SGD internally (step tuned per T)", a.Internal, a.InternalSE, false),
				series("two-level shuffling, K = 1 (step tuned per T)", a.Shuffling, a.ShufflingSE, false),
				series(fmt.Sprintf("internal, then shuffling from epoch %d (steps for T = %d)", set.Switch, E), a.Combination, a.CombinationSE, true),
			},
		}
		if a.Control != nil {
			lc.Series = append(lc.Series, series("control: shuffling, same schedule", a.Control, a.ControlSE, true))
		}
		noteHiddenBands(lc, "95% band", true)
		return lc
	}
	out.addChart("sgd-internally-theorem", "SGD internally against shuffling under Theorem 1's step limits", curveChart(&set.Theorem, "within Theorem 1's limits"))
	out.addChart("sgd-internally-free", "SGD internally against shuffling with freely tuned steps", curveChart(&set.Free, "tuned freely"))
	if len(measured) > 0 {
		lo, hi := f.CrossLo, slices.Clone(f.CrossHi)
		// An upper end past the horizon means "beyond it": the bar stops
		// at the horizon and its name says so.
		measuredName := "measured (bar: SGD internally's curve ± t standard errors)"
		for i := range hi {
			if hi[i] > float64(E) {
				hi[i] = float64(E)
				measuredName = fmt.Sprintf("measured (bar: SGD internally's curve ± t SE; an end at %d: beyond)", E)
			}
		}
		// The σ_low whose trade-off does not hold are not drawn (their
		// crossover, if any, is in the rows): the title names them.
		var left []string
		for _, sf := range f.Settings {
			if sf.TradeOff != Reproduced {
				left = append(left, fmt.Sprintf("σ\u00a0low\u00a0=\u00a0%g (trade-off %v)", sf.SigmaLow, sf.TradeOff))
			}
		}
		title := fmt.Sprintf("Epoch from which two-level shuffling is at least as good as SGD internally (Theorem 1's step limits, %s)", nOf(c.Runs, "run"))
		if len(left) > 0 {
			title += "; not drawn (see the rows): " + strings.Join(left, ", ")
		}
		out.addChart("sgd-internally-crossover", "The crossover against σ_low", &chart.LineChart{
			Title:  title,
			XLabel: "σ low", YLabel: "crossover T (epochs)", LogX: true, LogY: true,
			Series: []chart.Series{
				{Name: measuredName, X: lows, Y: measured, Lo: lo, Hi: hi, Points: true, Runs: c.Runs},
				// Markers: one σ_low that shows the trade-off gives lines
				// of one point, which draw nothing.
				{Name: "L·F₀·m/(N·σ low²) (the rates' terms)", X: lows, Y: termsT, Dashed: true, Markers: true},
				{Name: "the rates cross (whole epochs)", X: lows, Y: ratesT, Dashed: true, Markers: true},
			},
		})
	}
}

// details returns the outcome's details: why SGD internally can lead only
// through Theorem 1's step limit, how far the crossovers are from the
// rates', and the combination's ends.
func (res *SGDInternallyResult) details(f *SGDInternallyFindings) string {
	E := res.Config.Epochs
	set := res.Settings[f.Strongest]
	far := make([]string, len(f.Crossovers))
	for i, x := range f.Crossovers {
		far[i] = fmt.Sprintf("%.3g", x/f.Rates[i])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Every component of the two-level quadratic has the same Hessian, so the order changes only the noise; for steps below 1/L, where every contraction factor 1 - γλ is positive, drawing the low level without replacement (shuffling) adds less noise than drawing it with replacement, "+
		"so at the same step SGD internally cannot be ahead in expectation. Its advantage in the paper comes from Theorem 1's step limit, 1/(8LN) for SGD internally against 1/(8LNm) for shuffling (%.3g against %.3g here). ", set.Theorem.Steps[0][0], set.Theorem.Steps[1][0])
	if len(f.Crossovers) > 0 {
		fmt.Fprintf(&b, "Under those limits the crossover comes %s times later than the rates (K = 1 and SGD internally, constants dropped) cross: the rates drop their constants, and on this strongly convex problem the first terms fall exponentially, not like 1/T. "+
			"The paper's own threshold, T < LF₀√(nM)/σ_low², does not follow from its terms (σ_low's term is below both K = 1 terms while T < LF₀m/(Nσ_low²), the earlier of LF₀m/(Nσ_low²) and LF₀Nm(M*+1)²/σ_low²) and is listed among the slips. ", strings.Join(far, ", "))
	}
	fmt.Fprintf(&b, "At σ_low = %g and T = %d the combination ends at %.3g under Theorem 1's limits (shuffling alone %.3g) and at %.3g with free steps, where shuffling with the same kind of schedule ends at %.3g: with free steps SGD internally needs a smaller step than shuffling (%.3g against %.3g, tuned for the last horizon), the opposite of the large first step the paper suggests.",
		set.SigmaLow, E, set.Theorem.Combination[E-1], set.Theorem.Shuffling[E-1], set.Free.Combination[E-1], set.Free.Control[E-1],
		set.Free.Steps[0][set.Free.InternalStep[E-1]], set.Free.Steps[1][set.Free.ShufflingStep[E-1]])
	return b.String()
}

// sgdInternallyProtocol returns the claim's protocol lines: the setup,
// the rule (sgdInternallyRule's text, and how its intervals are made),
// and the rule's history.
func sgdInternallyProtocol(c SGDInternallyConfig, f *SGDInternallyFindings) []string {
	E := c.Epochs
	return []string{
		fmt.Sprintf("This run: σ_low ∈ {%s} and a horizon of %d epochs.", joinFloats(c.SigmaLows), E),
		fmt.Sprintf("problems.TwoLevel (Section 6.2's quadratic, d = 20, λ = 0.2) with N = %d, m = %d, σ_top = %g and σ_low ∈ {%s}; x₀ = %g·1; horizons T = 1..%d epochs of N·m steps.", c.N, c.M, c.SigmaTop, joinFloats(c.SigmaLows), c.X0, E),
		"SGD internally: ordering.SGDInternal (m rounds of a random permutation of the top-level functions, each visit a low-level function drawn with replacement); shuffling: two-level 1-shuffling (Algorithm 3, K = 1), the same top-level rounds with a random permutation of each f_i's low-level functions.",
		fmt.Sprintf("Progress is Theorem 1's left side, (1/T)Σ_{t<T}‖∇f(x_t)‖², the mean over %d runs, with the step tuned for each horizon T: within Theorem 1's limits (the limit times 2^(-k/2), %d steps per method; SGD internally has n = N, shuffling n = N·m, M* = P = 0) or freely (Section 6.2's 1.1·2^(-1-k), %d steps, for both). Every step of a method runs on the same orders.", c.Runs, c.TheoremGrid, c.FreeGrid),
		"Predictions: the measured crossover is compared with the first whole epoch at which the rates themselves (kshuffle-bound with K = 1 and shuffle-just-high-level, constants dropped) cross; beside it, where the σ_low term of shuffle-just-high-level stops being below the last and the first term of kshuffle-bound, LF₀m/(Nσ_low²) and LF₀Nm(M*+1)²/σ_low² (M* = 0), and the paper's T < LF₀√(nM)/σ_low², whose M is Section 5.3's heterogeneity constant (0 on this quadratic, which makes the formula 0) and n the epoch's length, shown read with n = N and M = m instead; it does not follow from those terms. σ_low² there is Assumption 5's constant, d times the coefficient squared; L and F₀ = f(x₀) are the quadratic's.",
		"Combination: SGD internally for the epochs before the switch, then two-level shuffling with its tuned step for the last horizon; the first step is the one of SGD internally's grid that ends lowest at the last horizon, and the switch is the crossover under Theorem 1's limits, for both step rules. With free steps the control is shuffling throughout with the same kind of schedule, its first step tuned over shuffling's grid (under Theorem 1's limits shuffling cannot take a larger first step).",
		"Verdict: combine over the rule's two parts (sgdInternallyRule), each holding, failing or unsettled on 95% intervals. " + strings.Join(sgdInternallyRule.Text(), " "),
		fmt.Sprintf("The rule's intervals: every comparison of two curves at a horizon is Welch's t-interval of the difference of their means over the %d runs (Welch–Satterthwaite degrees of freedom; t, not z, as the runs are few; the tuned curve's standard error is that of the step chosen at that horizon, so the choice of the step is not in it; the combination shares its runs' orders with both methods, and a positive correlation makes Welch's interval conservative). "+
			"A σ_low fails the trade-off where SGD internally is shown behind at T = %d or shown ahead at T = %d, and the combination where SGD internally or shuffling is shown ahead of it at T = %d; a σ_low holds only through Holm over the %d σ_low, so the chance that a \"for some σ_low\" part holds falsely is at most 2.5%%. "+
			"The exponent's bars: each crossover recomputed with SGD internally's curve moved up and down by t standard errors of the difference at every horizon, t at the Bonferroni level 1 - 0.05/(number of σ_low) with %d-1 degrees of freedom; the slope is linear in the log crossovers, so its extremes over the bars are at their ends. "+
			"Beside the verdict, not judged: SGD internally ahead at T = %d with freely tuned steps for some σ_low (at the same step SGD internally cannot be ahead in expectation here), the combination with free steps against both methods and the control (shuffling with the same kind of schedule, ours), and the largest leads in standard errors over all horizons.",
			c.Runs, f.LeadAt, E, E, len(c.SigmaLows), c.Runs, f.LeadAt),
		"Not a part: SGD internally's lead with freely tuned steps, and the combination with them. The paper places SGD internally's advantage in Theorem 1's larger step limit (tex line 466: \"the upper bound on the learning rate in Theorem 1 becomes larger, allowing faster convergence\") and draws the early preference and the combination from the bounds under that limit (lines 471 and 473); no sentence states them for steps outside it.",
		"Tuning and judging: the steps (tuned for each T, and the combination's first step) are chosen on the tuning runs; the trade-off, the crossovers and the combination are judged on fresh runs at those steps, on a seed stream of their own (as many runs, the same horizon), so the choice of the step is not judged on the runs that made it. The curve charts show the tuning runs, the crossover chart and the rows the judged runs; the free steps are tuning runs only (not judged).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, the second referee read): the combination (line 473) is judged by the same test and reported beside the verdict, not combined into it: the sentence is a conjecture (\"might be obtained\") that no run can show false, and its leads on the exploratory seeds were about 0, where 80% power would take thousands of runs per cell; the verdict is the trade-off's (before: the two parts were combined, so the conjecture kept the claim inconclusive).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, issue 38): the parts are judged on fresh runs at the steps the tuning runs chose (before, the steps were tuned on the very runs that were judged; the referee found it). The σ_low exponent of the measured crossover (−2 ± 0.5) left the rule for a finding beside the verdict. The referee found that line 471 compares bound terms algebraically while the part judged our derived exponent of a measured crossover, on only the σ_low whose trade-off shows (2 of 3 at seed 1), with bars past the horizon left open: a design no plausible result settles (−1.55 at seed 1, an interval 2.7 wide against a band 1 wide). Judging it would take at least 4 σ_low with a horizon at least 3 times the largest crossover; the threshold of line 471 itself does not follow from its terms (listed among the slips).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (issue 38): the trade-off and the combination hold for some σ_low only through Holm over the σ_low at a family-wise 2.5% (before: any σ_low at 2.5% each, a family-wise 7.5% with three).",
		"Rule history: the default horizon of 2000 epochs and σ_low ∈ {2.5, 5, 10} were set on 2026-11-24 (sgdInternallyHorizon; the claim's first commit), after a first run with a horizon of 1000 epochs and σ_low ∈ {5, 10, 20} in which at σ_low = 20 no lead of SGD internally could be resolved within the horizon; for the same reason the trade-off part asks for some σ_low, not every. The code's rule has asked for some σ_low since the results were first known; until 2026-11-26 (issue 28) this protocol said \"for every σ_low\", which the code did not do.",
		"Rule history: changed on 2026-11-26 (issue 28, the independent referee's read), after the results were known (partly reproduced: trade-off holds, exponent -2.10 holds, practice and combination fail). Before, a curve counted as ahead where its mean was more than 3 standard errors (a normal z with 12 runs) below the other's; the lead was taken at whichever horizon it was largest (chosen by the data, over up to 2000 horizons) before the measured crossover; the exponent's point estimate was compared with -2 ± 0.5; the four parts were true or false (none unsettled) and gave reproduced if all held, not reproduced if none, else partly. Now: Welch t-intervals at the declared horizons T = 2 and the last, the exponent's interval, and tri-state parts through combine.",
		"Rule history: changed again on 2026-11-26 (a second independent referee's read), after the results were known (partly reproduced at seed 1: trade-off holds, exponent unsettled, practice unsettled, combination fails). The practice part (free steps) left combine for a finding beside the verdict, as the paper's argument concerns Theorem 1's admissible steps only; the combination part, which asked for the combination to beat both methods and, with free steps, our control under both step rules at every σ_low, now asks (the paper: it \"might\" be best) that under Theorem 1's limits it beat SGD internally and shuffling for some σ_low, like the trade-off; the free-step combination and the control are shown beside.",
	}
}

// crossEnd formats a crossover bar's upper end: the epoch, or "beyond
// the horizon" if it is past epochs.
func crossEnd(hi, epochs int) string {
	if hi > epochs {
		return fmt.Sprintf("beyond %d", epochs)
	}
	return fmt.Sprint(hi)
}

// crossoverBars returns the crossovers under Theorem 1's limits
// (sgdInternallyCrossover) of a with SGD internally's curve moved up
// (lo) and down (hi) by tq standard errors of the difference of the two
// means at every horizon: the epochs within which the measured crossover
// is not resolved by the runs. hi is len+1 if the lowered curve is ahead
// at the last horizon.
func crossoverBars(a *SGDInternallyArms, tq float64) (lo, hi int) {
	up, down := make([]float64, len(a.Internal)), make([]float64, len(a.Internal))
	for t, v := range a.Internal {
		d := tq * math.Hypot(a.InternalSE[t], a.ShufflingSE[t])
		up[t], down[t] = v+d, v-d
	}
	// Raised, SGD internally falls behind sooner: the earlier end.
	return sgdInternallyCrossover(up, a.Shuffling), sgdInternallyCrossover(down, a.Shuffling)
}

// zAhead returns by how many standard errors a (mean a, standard error
// sa) is below b: (b - a)/√(sa² + sb²), ±Inf if both errors are 0.
func zAhead(a, sa, b, sb float64) float64 {
	d := math.Sqrt(sa*sa + sb*sb)
	if d == 0 {
		return math.Copysign(math.Inf(1), b-a)
	}
	return (b - a) / d
}

// SGDInternallyLead is SGD internally's largest lead over shuffling in
// standard errors.
type SGDInternallyLead struct {
	// Z is the lead in standard errors (negative: behind), Rel is
	// 1 − internal/shuffling there, At the horizon T, 0 if there is none
	// after the first epoch, and SigmaLow the setting's σ_low.
	Z, Rel, SigmaLow float64
	At               int
}

// String returns the lead in words, as the report writes it.
func (l SGDInternallyLead) String() string {
	switch {
	case l.At == 0:
		return "none after the first epoch"
	case l.Z <= 0:
		return fmt.Sprintf("none, it is behind at every T >= 2 by at least %.2f standard errors", -l.Z)
	}
	return fmt.Sprintf("at most %.2f standard errors (relative %.3g) at T = %d, σ_low = %g", l.Z, l.Rel, l.At, l.SigmaLow)
}

// largestLead returns the horizon T in [2, until] at which SGD internally
// is furthest ahead of shuffling in standard errors.
func largestLead(a *SGDInternallyArms, low float64, until int) SGDInternallyLead {
	l := SGDInternallyLead{Z: math.Inf(-1), SigmaLow: low}
	for t := 1; t < until; t++ {
		if z := zAhead(a.Internal[t], a.InternalSE[t], a.Shuffling[t], a.ShufflingSE[t]); z > l.Z {
			l.Z, l.Rel, l.At = z, 1-a.Internal[t]/a.Shuffling[t], t+1
		}
	}
	return l
}

// logHorizons returns about 20 horizons per decade from 1 to n, without
// repeats, as float64s.
func logHorizons(n int) []float64 {
	var ts []float64
	for k := 0; ; k++ {
		t := math.Round(math.Pow(10, float64(k)/20))
		if t > float64(n) {
			break
		}
		if len(ts) == 0 || t > ts[len(ts)-1] {
			ts = append(ts, t)
		}
	}
	if ts[len(ts)-1] != float64(n) {
		ts = append(ts, float64(n))
	}
	return ts
}

// check returns an error if r is nil or its curves do not have the shape
// of its config.
func (r *SGDInternallyResult) check() error {
	id := sgdInternallyID
	if r == nil {
		return errResult(id, "nil")
	}
	c := r.Config
	if len(r.Settings) == 0 || len(r.Settings) != len(c.SigmaLows) || c.Epochs < 3 {
		return errResult(id, "%d settings for σ_low %v and %d epochs", len(r.Settings), c.SigmaLows, c.Epochs)
	}
	for i, s := range r.Settings {
		if s.Free.Control == nil {
			return errResult(id, "σ_low = %g: no control", s.SigmaLow)
		}
		if s.SigmaLow != c.SigmaLows[i] || s.Switch < 1 || s.Switch >= c.Epochs {
			return errResult(id, "setting %d: σ_low = %g, switch %d, want %g and a switch in [1, %d)", i, s.SigmaLow, s.Switch, c.SigmaLows[i], c.Epochs)
		}
		for _, a := range []SGDInternallyArms{s.Theorem, s.Free, s.Judged} {
			curves := [][]float64{a.Internal, a.Shuffling, a.Combination, a.InternalSE, a.ShufflingSE, a.CombinationSE}
			if a.Control != nil || a.ControlSE != nil {
				curves = append(curves, a.Control, a.ControlSE)
			}
			for _, v := range curves {
				if len(v) != c.Epochs {
					return errResult(id, "σ_low = %g: a curve of %d horizons, want %d", s.SigmaLow, len(v), c.Epochs)
				}
			}
			if len(a.InternalStep) != c.Epochs || len(a.ShufflingStep) != c.Epochs {
				return errResult(id, "σ_low = %g: %d and %d tuned steps, want %d", s.SigmaLow, len(a.InternalStep), len(a.ShufflingStep), c.Epochs)
			}
			for m, steps := range a.Steps {
				idx := a.InternalStep
				if m == 1 {
					idx = a.ShufflingStep
				}
				if len(steps) == 0 || slices.ContainsFunc(idx, func(i int) bool { return i < 0 || i >= len(steps) }) {
					return errResult(id, "σ_low = %g: step indices outside the %d steps", s.SigmaLow, len(steps))
				}
			}
		}
	}
	return nil
}
