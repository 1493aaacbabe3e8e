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
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
	"github.com/goodorder/goodorder/problems/dataset"
)

// # The claim

// coordinatedID is the claim's id.
const coordinatedID = "coordinated-orders"

var coordinatedClaim = Claim{
	ID:    coordinatedID,
	Where: "Beyond the paper: Section 5's workers, after CD-GraB (Cooper et al., NeurIPS 2023)",
	Goal:  true,
	Statement: "With W workers of data-parallel SGD, coordinating their orders (CD-GraB: the W gradients of each step pair-balanced together) " +
		"gives a combined order whose herding is below distributed random reshuffling's (D-RR) by a margin that grows with W, " +
		"and a faster fall of the training loss at equal steps (the claims of CD-GraB's paper), on MNIST logistic regression, W = 4, 16, 64; " +
		"the paper's two-level quadratic (the workers as its top level), where CD-GraB's signs can cancel the components' deviations exactly, is shown beside as an implementation check.",
	Quote:     "coordinated orders (CD-GraB) herd below D-RR by a margin that grows with W, and lower the excess loss by more than Table 1's margin (7.74%), on MNIST",
	Run:       claimRun(CoordinatedConfig{}.At, CoordinatedConfig.Run, (*CoordinatedResult).Outcome),
	Rule:      &coordinatedRule,
	Criterion: "our rule, on MNIST: each D-RR/CD-GraB herding ratio shown above 1 (superiority), its growth from the smallest W to the largest above 1, and each excess-loss ratio (f − f*, f* the problem's least value) above 1/(1 − 0.0774) = 1.084: an excess loss lower by more than Table 1's margin, 7.74% (since 2026-12-01, base seed 1004; before it 1%, and before 2026-11-30 any amount); the two-level quadratic's rows are reported, not judged; the section gives each W's ratio",
	Known:     "the loss part's least size, Table 1's margin, was set when the exploratory seeds' and the earlier passes' excess-loss gaps were known (at W = 64 about 0.03 in log, below its 0.0806: at those seeds the part reads not met there)",
	LeastSizeText: map[string]func(float64) string{
		coordCheck(coordMNIST, "loss"): func(x float64) string {
			return fmt.Sprintf("%.4f in log (an excess loss %.2f%% lower)", x, 100*(1-math.Exp(-x)))
		},
	},
	Registration: "Registered again on 2026-12-01, on base seed 1004, after its pass on base seed 1003 (goal met, every part holding), when an independent referee's whole read weighed four parts weak. " +
		"Three were the two-level quadratic's: there every component's gradient deviation is one of four multiples of the all-ones vector (±σ_top ± σ_low, the same at every x), each with its exact opposite, so CD-GraB's balanced signs can cancel them exactly, and do after its first epochs (herding about 1e-15 by epoch 9): its herding and loss gaps hold by the problem's construction, not as evidence of the goal, and its growth part measures how the first, not yet cancelled epochs scale with W, which says nothing of CD-GraB where the deviations move with x. Its parts are gone: its rows are reported beside as an implementation check, not judged, and the goal is judged on MNIST alone, where the gradients depend on x. " +
		"The fourth was coordinated-mnist-loss: its excess-loss unit had been registered after a not met, knowing it would then read met (its code written before those values were computed), at a 1% least size not argued for that unit. The unit stays (convergence is measured in f − f*), and the least size is now argued by the rule of the report's Table 1 comparisons: a difference between two orders counts as one order doing better only beyond Table 1's margin, 7.74% (one standard error of the paper's standard-batching gap, √(0.54² + 0.16²) = 0.56 point, as a share of RR's test error, 7.28 points: the paper's own resolution, read from the column its .tex heads \"Same-Class\", a slip of the paper's listed in the report), the margin by which table-1-same-class reads \"outperforms\" and scalable-training \"as well as\"; here CD-GraB's excess loss must be shown lower by more than that share, a log gap above −ln(1 − 0.0774) = 0.0806 (rounded to four decimals). The margin is the resolution of a 3-run test-accuracy table on CIFAR-10, carried to the excess training loss of a logistic regression as a share, not a noise level of this problem: what it sets is how large a relative gain counts, the size table-1-same-class and scalable-training use too; other parts compare orders at other sizes of their own (coordinated-mnist-herding and coordinated-mnist-growth, two-level-k's K = 1 and K = m parts, two-level-figure-falls, multi-level-benefit and sgd-internally-trade-off at any amount, two-level-figure at 0.8, two-level-k's K = √m at 1.1, scalable-orderings at 10%, loader-shuffles at 0.05 in final training loss, about a fifth of RR's) (corrected after this claim's pass, wording only, at a seventh whole read: it read \"one rule of the report's\" and \"one size for every comparison of orders here\", which those parts contradict). " +
		"Known at this registration: at the exploratory seeds 1 to 5 (5 runs per cell) MNIST's excess-loss gap was 2.04 to 2.36 at W = 4, 0.49 to 0.76 at W = 16 and 0.028 to 0.039 at W = 64 (upper ends at most 0.061), and at the pass on base seed 1003 (51 runs per cell) 0.0307 [0.0265, 0.0350] at W = 64: at the new least size the part, and with it the goal, reads not met at W = 64 at every one of them (the robustness pass by this code: goal not met at 5 of 5 seeds, the growth part unsettled at 4 of them). The change moves the seed-1003 pass's goal from met to not met, and the exploratory seeds' from inconclusive (the growth parts unsettled) to not met, and was registered knowing that: at W = 64 the gap lies well below the least size at every seed and pass (about two to three half-widths at the exploratory seeds' 5 runs, about ten at the 51-run pass; corrected after this claim's pass on base seed 1004, wording only: it read \"about ten half-widths below the least size at every seed and pass\"), so this part's verdict at the new seed is all but certain in advance, and its pass confirms the herding and growth parts more than it tests this one. The herding and growth parts on MNIST and the step sizes are unchanged; the runs per cell go from 51 to 44, the plan's need with the exploratory seeds judged by this rule (set by coordinated-mnist-growth). " +
		"The earlier registration's text, kept as it was: Registered again on 2026-12-01, on base seed 1003 (on which no run has been made: a registration on it for a text alone was withdrawn before any run), after its pass on base seed 1002 (goal not met, by coordinated-mnist-loss alone), when two independent referee reads of the whole registration weighed coordinated-mnist-loss as weak: one least size on the mean log loss served two problems with unlike floors (the quadratic's least value is 0; MNIST's logistic loss, near 0.4 by epoch 10, has a least value far above 0), so on MNIST the 1% asked a larger share of the loss that could still fall; and its sentence did not name the 1%, so \"does not hold\" read as if the loss did not fall faster, though it was shown lower at every W. (A read also said the part had settled \"not met\" at every seed and pass, so that the verdict was known in advance; that is no ground for the change, which is as predictable, below.) " +
		"The loss parts now judge the excess loss f − f* (f* the problem's least value: 0 on the quadratic; on MNIST the least value of each seed's regularised logistic regression, found by Newton's method to a gradient norm of 1e-10, problems.Logistic.Minimize), at the same nominal least size, 0.01 (an excess loss about 1% lower in geometric mean over the epochs), and their sentence names it. Convergence is measured in f − f*, and the unit is one for both problems; on the quadratic nothing changes. The least size was not argued afresh for the new unit: it stays the round 1% share, now of the excess, and in loss terms it is a lower bar, 15 to 17 times lower at W = 64 and 42 to 75 times at W = 4 and 16 on the exploratory seeds (there MNIST's excess is about a sixteenth of the loss at W = 64): the gap of about 3% of the excess at W = 64 is 0.16% to 0.24% of the loss, about the ×1.0017 a referee of the seed-1001 pass called practically nil in the loss. The loss's own ratio is reported beside each judged row, not judged. The herding and growth parts, the runs per cell (51, the plan's need, set by coordinated-mnist-growth) and the step sizes are unchanged. " +
		"Known at this registration: the change was made on the referees' grounds, its code written before its values were computed; then the exploratory seeds 1 to 5 (robustness pass, this code, 5 runs per cell) gave MNIST's excess-loss gap 2.04 to 2.36 at W = 4, 0.49 to 0.76 at W = 16 and 0.028 to 0.039 at W = 64 (lower ends 0.0115 to 0.0166), above 0.01 at every seed and W, where the old unit's pass on base seed 1002 read 0.047, 0.0095 and 0.0016: the change moves the part from not met to met, and was registered knowing that; its verdict at 51 runs is as predictable as the old one's was. At those seeds the claim reads inconclusive, by the two growth parts (two-level at 5 of 5 seeds, MNIST at 4 of 5), which 5 runs per cell do not settle (both held in the passes on base seeds 1001 and 1002 at 45 and 51 runs); the herding parts held at every seed. On the quadratic the loss gap (×10⁴ and more) comes from CD-GraB's combined prefix sums cancelling to rounding. " +
		"The earlier registration's text, kept as it was: Amended on 2026-11-30, after its pass on base seed 1002 (goal not met, by coordinated-mnist-loss alone: MNIST at W = 64 0.0016 [0.0013, 0.0018], below 0.01; at W = 16 0.0095 [0.0086, 0.0103], across it; at W = 4 0.047 [0.043, 0.051]; every other part holding), when an independent referee's read of the whole registration weighed coordinated-mnist-loss as weak: what was known when its least size was set was in the claim's protocol text (coordinated.go, committed before that pass), not in this section. It is added here; the rule, runs, seed and judging code are unchanged, and the pass stands. " +
		"History of the loss parts' least size: until 2026-11-30 the loss parts were judged above 0. After the confirmatory pass on base seed 1001 (goal met, 45 runs per cell), an independent referee weighed coordinated-mnist-loss as weak: a practically nil difference in the right direction met it (MNIST at W = 64: ×1.0017 [1.0015, 1.0020]). The least size became 0.01 (a loss about 1% lower in geometric mean over the epochs, e^0.01 = 1.01005), chosen when that pass's MNIST loss ratios were known: ×1.045 at W = 4, ×1.0099 [1.0088, 1.0110] at W = 16, ×1.0017 at W = 64, so at 0.01 that pass would have read not met (W = 64 below it, W = 16 across it); the two-level loss ratios lay above ×4,600 at their lower ends. The threshold was chosen knowing the goal would then most likely fail on MNIST. One least size serves both problems, whose losses have unlike floors (the quadratic's minimum is 0, MNIST's logistic loss stays near 0.4), so on MNIST it asks a larger share of the loss that can still fall. The part's sentence does not name the 1%: where it reads \"does not hold\", the MNIST loss was still shown lower under CD-GraB at every W in both passes (every lower end above 0), by less than 1% at W = 64. The step sizes judged were chosen by hand on the tuning seed, after a first run at smaller ones where the order's effect did not show (the protocol text says so); no judged run is a tuning run.",
}

// coordinatedRule is the goal's rule, from CD-GraB's claims (its rule as
// in the claim's first commit, which came after a first run at other step
// sizes, on the tuning seed, chose the step sizes judged; no judged run
// is a tuning run): per problem, with 95% paired t-intervals over the
// seeds, CD-GraB's combined herding is below D-RR's at every W, the
// margin grows with W, and CD-GraB's training loss falls faster at every
// W by more than coordLossLeast; on MNIST alone (coordJudged). Met if
// every interval lies above its threshold, not met if one lies below it.
var coordinatedRule = Rule{Claim: coordinatedID, Goal: true, Parts: coordinatedParts()}

// coordinatedParts returns the rule's parts: per problem, herding, growth
// and loss, named coordinated-<problem>-<kind>.
func coordinatedParts() []RulePart {
	var parts []RulePart
	for _, p := range coordJudged {
		for _, k := range []struct{ what, sentence, stat string }{
			{"herding", "CD-GraB's combined herding is below D-RR's, at every W",
				"log of D-RR's mean combined herding (∞-norm, epochs 1..E-1) over CD-GraB's, 95% paired t-interval over the seeds"},
			{"growth", "the margin grows with W",
				"that log ratio at the largest W minus at the smallest, 95% paired t-interval over the seeds"},
			{"loss", "CD-GraB's training loss falls faster at equal steps, at every W: its excess loss f − f* lower by more than Table 1's margin, 7.74%",
				"mean over epochs 1..E of log(f(x_e) − f*), D-RR's minus CD-GraB's (f* the least value of each seed's regularised logistic regression, by Newton's method), 95% paired t-interval over the seeds; the threshold is −ln(1 − 0.0774), rounded"},
		} {
			parts = append(parts, RulePart{Name: coordCheck(p, k.what), Sentence: p + ": " + k.sentence, Statistic: k.stat,
				Test: Superiority, Side: Above, Threshold: coordThreshold(k.what), Each: Every})
		}
	}
	return parts
}

// coordJudged are the problems whose parts the rule judges: MNIST alone.
// On the two-level quadratic every component's gradient deviation is the
// same at every x (its f_i differ by linear terms), so CD-GraB's combined
// prefix sums cancel to rounding after its first epochs and its herding
// and loss gaps hold by the problem's construction: its rows are an
// implementation check, reported beside and not judged (since
// 2026-12-01).
var coordJudged = []string{coordMNIST}

// coordLossLeast is the least relevant size of "CD-GraB's training loss
// falls faster": D-RR's mean log excess loss (f − f*) over the epochs
// minus CD-GraB's above −ln(1 − table1Similar/100) = 0.0806, CD-GraB's
// excess lower by more than 7.74% in geometric mean over the epochs. It
// is Table 1's margin (table1Similar), the paper's own resolution of a
// difference between two orders, which scalable-training and table-1
// apply to the test error and this part to the excess loss: an excess
// lower by less is one the paper's Table 1 could not tell from a tie.
// Until 2026-12-01 it was 0.01 (about 1% lower), a round share not
// argued for the excess-loss unit. Rounded to four decimals, as the rule
// prints it.
var coordLossLeast = math.Round(-math.Log1p(-table1Similar/100)*1e4) / 1e4

// coordThreshold is the threshold of the parts of kind what: herding and
// growth shown above 0, the loss above coordLossLeast.
func coordThreshold(what string) float64 {
	if what == "loss" {
		return coordLossLeast
	}
	return 0
}

// coordCheck is the name of problem p's part of kind what.
func coordCheck(p, what string) string {
	return fmt.Sprintf("coordinated-%s-%s", strings.ToLower(p), what)
}

// # The config

// CoordinatedConfig is the protocol of the coordinated-orders claim. Its
// At method sets the defaults (each is stated in its field's comment); Run
// uses every field as it is, so a field set to zero after At is zero, or
// an error from Run.
type CoordinatedConfig struct {
	// Workers are the numbers of workers W, even (the two-level quadratic
	// has an even number of top-level functions), increasing. Default 4,
	// 16, 64.
	Workers []int
	// Seeds is the number of seeds of every cell, paired across the
	// methods (same data split, start and epoch-0 orders). Default 5.
	Seeds int
	// Epochs is the number of epochs of every run. Default 10.
	Epochs int

	// TwoLevelM is the number of examples (low-level functions) per worker
	// on the two-level quadratic; it must be even. Default 64.
	TwoLevelM int
	// TwoLevelD is its dimension d. Default 20 (Section 6.2's).
	TwoLevelD int
	// SigmaTop and SigmaLow are its shifts σ_top and σ_low. Defaults 5
	// and 10 (σ_low is Section 6.2's).
	SigmaTop, SigmaLow float64
	// TwoLevelGamma is the step size γ of the parallel steps on it, from
	// x₀ = 1 (all ones). Default 0.1.
	TwoLevelGamma float64

	// MNISTN is the number of MNIST training images, split at random
	// across the W workers; every W must divide it, and it must be at
	// least 2W. A negative value skips MNIST. Default 4096.
	MNISTN int
	// MNISTTest is the number of test images the accuracy is measured on
	// (the first ones). Default 10,000 (all).
	MNISTTest int
	// MNISTGamma and MNISTLambda are the step size of the parallel steps
	// (from w = 0) and the regulariser λ of the logistic regression.
	// Defaults 4 and 1e-4.
	MNISTGamma, MNISTLambda float64

	// FirstTwoLevelGamma and FirstMNISTGamma are the step sizes of the
	// claim's first run, before TwoLevelGamma and MNISTGamma were chosen
	// on its verdict at the tuning seed (coordTuneSeed): Run also runs the
	// config at them and at the chosen ones on the tuning seed, shown
	// beside and not judged (CoordinatedResult.First and Tuning). Both
	// zero skips those runs. Defaults 0.02 and 1.
	FirstTwoLevelGamma, FirstMNISTGamma float64
}

// At returns c with its zero fields set to the coordinated-orders protocol
// at scale s.
func (c CoordinatedConfig) At(s Scale) CoordinatedConfig {
	return atScale(c, s, map[Scale]CoordinatedConfig{
		Smoke: {Workers: []int{2, 4}, Seeds: 2, Epochs: 3, TwoLevelM: 16, MNISTN: 256, MNISTTest: 500},
		Full:  {Workers: []int{4, 8, 16, 32, 64}, Seeds: 10, Epochs: 30, TwoLevelM: 128, MNISTN: 8192},
	})
}

// quick runs 3 seeds (the default scale: 5) on 2,048 MNIST images (4,096).
func (c *CoordinatedConfig) quick() { c.Seeds, c.MNISTN = 3, 2048 }

// fill sets the zero fields to their defaults.
func (c *CoordinatedConfig) fill() {
	fillZero(c, CoordinatedConfig{
		Workers: []int{4, 16, 64}, Seeds: 5, Epochs: 10,
		TwoLevelM: 64, TwoLevelD: 20, SigmaTop: 5, SigmaLow: 10, TwoLevelGamma: 0.1,
		MNISTN: 4096, MNISTTest: 10000, MNISTGamma: 4, MNISTLambda: 1e-4,
		FirstTwoLevelGamma: 0.02, FirstMNISTGamma: 1,
	})
}

var _ dataReader = CoordinatedConfig{}

// dataSets names the data set the runs of c read: MNIST unless MNISTN < 0
// (dataReader).
func (c CoordinatedConfig) dataSets() []string {
	if c.MNISTN >= 0 {
		return []string{"mnist"}
	}
	return nil
}

// validate returns an error naming the first field of c out of range.
func (c *CoordinatedConfig) validate() error {
	pos := func(v float64) bool { return v > 0 && !math.IsInf(v, 0) }
	switch {
	case len(c.Workers) == 0:
		return fmt.Errorf("paper: %s with no W, want at least one", coordinatedID)
	case !slices.IsSorted(c.Workers) || len(slices.Compact(slices.Clone(c.Workers))) != len(c.Workers):
		return fmt.Errorf("paper: %s with W = %v, want increasing", coordinatedID, c.Workers)
	case c.Seeds < 1 || c.Epochs < 1:
		return fmt.Errorf("paper: %s with %d seeds and %d epochs, want both >= 1", coordinatedID, c.Seeds, c.Epochs)
	case c.TwoLevelD < 1:
		return fmt.Errorf("paper: %s with d = %d on the two-level quadratic, want >= 1", coordinatedID, c.TwoLevelD)
	case c.TwoLevelM < 2 || c.TwoLevelM%2 != 0:
		return fmt.Errorf("paper: %s with m = %d examples per worker on the two-level quadratic, want even and >= 2", coordinatedID, c.TwoLevelM)
	case !pos(c.TwoLevelGamma) || !pos(c.MNISTGamma):
		return fmt.Errorf("paper: %s with step sizes %v (two-level) and %v (MNIST), want positive and finite", coordinatedID, c.TwoLevelGamma, c.MNISTGamma)
	case (c.FirstTwoLevelGamma != 0 || c.FirstMNISTGamma != 0) && (!pos(c.FirstTwoLevelGamma) || !pos(c.FirstMNISTGamma)):
		return fmt.Errorf("paper: %s with first-run step sizes %v (two-level) and %v (MNIST), want both positive and finite, or both 0", coordinatedID, c.FirstTwoLevelGamma, c.FirstMNISTGamma)
	case c.MNISTLambda < 0 || math.IsInf(c.MNISTLambda, 0) || math.IsNaN(c.MNISTLambda):
		return fmt.Errorf("paper: %s with λ = %v, want finite and >= 0", coordinatedID, c.MNISTLambda)
	case c.MNISTN >= 0 && c.MNISTTest < 1:
		return fmt.Errorf("paper: %s with %d MNIST test images, want >= 1", coordinatedID, c.MNISTTest)
	}
	if err := checkInts(coordinatedID, "W", c.Workers, 2, 1<<12); err != nil {
		return err
	}
	for _, w := range c.Workers {
		if w%2 != 0 {
			return fmt.Errorf("paper: %s with W = %d, want even (the two-level quadratic's top level)", coordinatedID, w)
		}
		if c.MNISTN >= 0 && (c.MNISTN%w != 0 || c.MNISTN < 2*w) {
			return fmt.Errorf("paper: %s with %d MNIST images and W = %d, want a multiple of W of at least 2W", coordinatedID, c.MNISTN, w)
		}
	}
	// problems.NewTwoLevel checks d and the σs.
	return nil
}

// # The run

// The problems and methods of the claim, by name.
const (
	coordTwoLevel = "two-level"
	coordMNIST    = "MNIST"

	// coordShuffling is the paper's two-level shuffling (Algorithm 3 with
	// K = 1) over the W·n examples, run sequentially: the seed paper's
	// setting beside CD-GraB's.
	coordShuffling = "two-level shuffling"
)

// coordinatedMethods are the methods of every cell, in the charts' order.
var coordinatedMethods = []string{ordering.DRR.String(), ordering.IDGraB.String(), ordering.CDGraB.String(), coordShuffling}

// CoordinatedRun is one run: a method on one problem with W workers and
// one seed.
type CoordinatedRun struct {
	// Problem is "two-level" or "MNIST"; Method is "D-RR", "ID-GraB",
	// "CD-GraB" or "two-level shuffling"; Workers is W and Seed the seed's
	// index.
	Problem, Method string
	Workers, Seed   int
	// HerdingInf[e] and SigmaStar2[e] are the herding of epoch e's order
	// at x_e, the point it starts from: max_k ‖S_k‖_∞ and max_k ‖S_k‖²
	// (σ*², M* = 0, the square of the herding in the 2-norm) of the prefix
	// sums S_k of the centred gradients, averaged over the workers at each
	// parallel step (ordering.CombinedDiscrepancy); for two-level
	// shuffling, of the W·n sequential steps, divided by W (so that a
	// round of W sequential steps of γ/W compares with a parallel step of
	// γ).
	HerdingInf, SigmaStar2 []float64
	// Loss[e] is the training loss f(x_e), e = 0..Epochs (x_0 the start),
	// and FStar the least value f* of the unit's problem: 0 on the
	// two-level quadratic (MinValue), Newton's method's on MNIST's
	// logistic regression (problems.Logistic.Minimize), the same for the
	// methods of a unit. The loss parts judge the excess loss f − f*.
	Loss  []float64
	FStar float64
	// TestAcc[e] is the test accuracy of x_e in percent (MNIST; nil on the
	// two-level quadratic).
	TestAcc []float64
	// EpochBytes is what the method sends between machines in an epoch
	// beyond the gradients' all-reduce, in float64
	// (ordering.WorkerOrders.EpochBytes; 0 for two-level shuffling, which
	// runs on one machine).
	EpochBytes int64
}

// CoordinatedResult holds the coordinated-orders claim's measurements.
type CoordinatedResult struct {
	Config CoordinatedConfig
	// Problems are the problems that ran: "two-level", and "MNIST" unless
	// MNISTN < 0.
	Problems []string
	// Dims are their dimensions d.
	Dims []int
	// Runs holds every run.
	Runs []CoordinatedRun
	// BaseSeed is the base seed Runs were drawn from: coordJudgeSeed of
	// the Env's seed for the judged runs, coordTuneSeed for First and
	// Tuning.
	BaseSeed uint64
	// First is the same config run at the first run's step sizes
	// (Config.FirstTwoLevelGamma and FirstMNISTGamma) on the tuning seed,
	// and Tuning the config as judged on the tuning seed: the runs that
	// chose the step sizes, shown beside, not judged. Both are nil if the
	// first run's step sizes are 0.
	First, Tuning *CoordinatedResult `json:",omitempty"`
}

// coordTuneSeed is the base seed the step sizes judged were chosen on: the
// claim's first run, at the default scale and base seed 1, and its rerun
// at the chosen step sizes. Whatever the Env's seed, the tuning runs are
// drawn from it and the judged runs from coordJudgeSeed of the Env's seed,
// so that no judged run is a tuning run.
const coordTuneSeed = 1

// coordJudgeSeed returns the base seed of the judged runs at the Env's
// seed base: a stream of its own, so that the judged runs at base seed 1
// are not the tuning runs drawn from base seed 1.
func coordJudgeSeed(base uint64) uint64 { return mixSeed(base, streamCoordinatedJudged) }

// check returns an error if res is nil or a run of the config is missing
// or not of its length.
func (res *CoordinatedResult) check() error {
	if res == nil || len(res.Problems) == 0 || len(res.Dims) != len(res.Problems) {
		return errResult(coordinatedID, "no problems")
	}
	c := res.Config
	if want := len(res.Problems) * len(c.Workers) * c.Seeds * len(coordinatedMethods); len(res.Runs) != want {
		return errResult(coordinatedID, "%d runs, want %d", len(res.Runs), want)
	}
	for _, p := range res.Problems {
		for _, w := range c.Workers {
			for _, m := range coordinatedMethods {
				runs := res.runs(p, w, m)
				if len(runs) != c.Seeds {
					return errResult(coordinatedID, "%s W = %d %s has %d runs, want %d", p, w, m, len(runs), c.Seeds)
				}
				for _, r := range runs {
					if len(r.HerdingInf) != c.Epochs || len(r.SigmaStar2) != c.Epochs || len(r.Loss) != c.Epochs+1 ||
						(p == coordMNIST) != (len(r.TestAcc) == c.Epochs+1) {
						return errResult(coordinatedID, "%s W = %d %s seed %d has curves of lengths %d, %d, %d, %d for %d epochs",
							p, w, m, r.Seed, len(r.HerdingInf), len(r.SigmaStar2), len(r.Loss), len(r.TestAcc), c.Epochs)
					}
					// The logistic loss with λ > 0 has f* > 0: a zero is a
					// result from before f* was recorded.
					if math.IsNaN(r.FStar) || math.IsInf(r.FStar, 0) || r.FStar < 0 || (p == coordMNIST && r.FStar == 0) || slices.ContainsFunc(r.Loss[1:], func(l float64) bool { return !(l > r.FStar) }) {
						return errResult(coordinatedID, "%s W = %d %s seed %d has f* = %v against losses %v: want 0 ≤ f* (above 0 on MNIST) below every loss after the start", p, w, m, r.Seed, r.FStar, r.Loss)
					}
				}
			}
		}
	}
	return nil
}

// runs returns the runs of problem p, W = w and method m, by seed.
func (res *CoordinatedResult) runs(p string, w int, m string) []CoordinatedRun {
	var out []CoordinatedRun
	for _, r := range res.Runs {
		if r.Problem == p && r.Workers == w && r.Method == m {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b CoordinatedRun) int { return a.Seed - b.Seed })
	return out
}

// Run runs every method on every problem, W and seed of c, or returns the
// runs from env's cache. Each epoch it measures the herding of the epoch's
// orders at its start x_e from the W·n exact component gradients there,
// then runs the epoch: n parallel steps x ← x - γ (1/W) Σ_w ∇f_{w,π_w(t)}(x)
// for D-RR, ID-GraB and CD-GraB (which observe those gradients), W·n
// sequential steps x ← x - (γ/W) ∇f_{r_k}(x) for two-level shuffling.
// Seed s of a cell fixes the MNIST split and the epoch-0 orders, shared by
// the methods; the runs are bit-identical whatever env.Workers. The judged
// runs are drawn from the base seed coordJudgeSeed(env.Seed).
//
// If the first run's step sizes are set, it also runs, on the tuning seed
// coordTuneSeed whatever env.Seed, the config at them and at the chosen
// step sizes (each cached under its own config and seed), and returns
// those runs as First and Tuning.
func (c CoordinatedConfig) Run(ctx context.Context, env *Env) (*CoordinatedResult, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	env = env.orDefault()
	at := func(c CoordinatedConfig, base uint64) (*CoordinatedResult, error) {
		// env at another base seed; its reuse of cached runs counts as
		// env's.
		e := &Env{Seed: base, Workers: env.Workers, FigDir: env.FigDir, CacheDir: env.CacheDir, Fresh: env.Fresh,
			CachedOnly: env.CachedOnly, CIFAR10: env.CIFAR10, Progress: env.Progress, Warn: env.warn}
		res, err := runCached(ctx, e, coordinatedID, "runCoordinated", c, runCoordinated)
		env.reused.Add(e.reused.Load())
		if err != nil {
			return nil, err
		}
		r := *res
		r.BaseSeed = base
		return &r, nil
	}
	tuned := c
	tuned.FirstTwoLevelGamma, tuned.FirstMNISTGamma = 0, 0
	res, err := at(tuned, coordJudgeSeed(env.Seed))
	if err != nil || c.FirstTwoLevelGamma == 0 {
		return res, err
	}
	first := tuned
	first.TwoLevelGamma, first.MNISTGamma = c.FirstTwoLevelGamma, c.FirstMNISTGamma
	if res.First, err = at(first, coordTuneSeed); err != nil {
		return nil, err
	}
	if res.Tuning, err = at(tuned, coordTuneSeed); err != nil {
		return nil, err
	}
	res.Config = c
	return res, nil
}

// coordUnit is one cell and seed, whose runs of every method share their
// problem.
type coordUnit struct {
	problem string
	w, seed int
}

func runCoordinated(ctx context.Context, env *Env, c CoordinatedConfig) (*CoordinatedResult, error) {
	res := &CoordinatedResult{Config: c, Problems: []string{coordTwoLevel}}
	two := map[int]*problems.TwoLevel{}
	for _, w := range c.Workers {
		// ZeroSigmaLow: a σ_low of 0 set after At is 0, not problems' default.
		p, err := problems.NewTwoLevel(problems.TwoLevelConfig{D: c.TwoLevelD, N: w, M: c.TwoLevelM, SigmaTop: c.SigmaTop, SigmaLow: c.SigmaLow, ZeroSigmaLow: c.SigmaLow == 0})
		if err != nil {
			return nil, err
		}
		two[w] = p
	}
	res.Dims = []int{c.TwoLevelD}
	var mn *coordMNISTData
	if c.MNISTN >= 0 {
		var err error
		if mn, err = interruptible(ctx, func() (*coordMNISTData, error) { return loadCoordMNIST(c) }); err != nil {
			return nil, err
		}
		res.Problems = append(res.Problems, coordMNIST)
		res.Dims = append(res.Dims, mn.d)
	}
	var units []coordUnit
	for _, p := range res.Problems {
		for _, w := range c.Workers {
			for s := 0; s < c.Seeds; s++ {
				units = append(units, coordUnit{p, w, s})
			}
		}
	}
	nm := len(coordinatedMethods)
	res.Runs = make([]CoordinatedRun, len(units)*nm)
	err := forEachUnit(ctx, env, len(units), func(i int) error {
		u := units[i]
		seed := mixSeed(env.Seed, streamCoordinated, uint64(u.w), uint64(u.seed))
		var (
			p     coordProblem
			test  func(x []float64) float64
			fstar float64
		)
		if u.problem == coordTwoLevel {
			p, fstar = two[u.w], two[u.w].MinValue()
		} else {
			// One problem serves the methods of the unit: built once, and
			// dropped after.
			lp, err := mn.problem(c, seed)
			if err != nil {
				return err
			}
			p, test = lp, mn.accuracy
			if _, fstar, err = lp.Minimize(); err != nil {
				return fmt.Errorf("paper: %s, MNIST W = %d, seed %d: %w", coordinatedID, u.w, u.seed, err)
			}
		}
		for k, m := range coordinatedMethods {
			r, err := coordinatedRun(ctx, c, u, m, p, test, seed)
			if err != nil {
				return err
			}
			r.FStar = fstar
			res.Runs[i*nm+k] = r
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// forEachUnit calls f(0), ..., f(n-1) on env's workers, stopping at the
// first error or when ctx is done, and reports progress.
func forEachUnit(ctx context.Context, env *Env, n int, f func(i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		done     int
		firstErr error
	)
	for range min(env.workers(), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				err := f(i)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				done++
				env.progress(done, n)
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range n {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// coordProblem is what a run needs of its problem: the components, worker
// w's example j at index w·n + j, and f.
type coordProblem interface {
	ordering.Problem
	Func(x []float64) float64
}

// coordinatedRun runs method on p with u.w workers for c.Epochs
// epochs; test, if not nil, gives the test accuracy of a point.
func coordinatedRun(ctx context.Context, c CoordinatedConfig, u coordUnit, method string, p coordProblem, test func([]float64) float64, seed uint64) (CoordinatedRun, error) {
	run := CoordinatedRun{Problem: u.problem, Method: method, Workers: u.w, Seed: u.seed}
	N, d, w := p.Len(), p.Dim(), u.w
	n := N / w
	x := make([]float64, d)
	gamma := c.MNISTGamma
	if u.problem == coordTwoLevel {
		gamma = c.TwoLevelGamma
		for j := range x {
			x[j] = 1
		}
	}
	var (
		par  *ordering.WorkerOrders
		seq  *ordering.MultiLevel
		err  error
		flat []int
	)
	if method == coordShuffling {
		if seq, err = ordering.NewKShuffle(w, n, 1, seed); err != nil {
			return run, err
		}
	} else {
		wm := map[string]ordering.WorkerMethod{"D-RR": ordering.DRR, "ID-GraB": ordering.IDGraB, "CD-GraB": ordering.CDGraB}[method]
		if par, err = ordering.NewWorkerOrders(wm, w, n, seed); err != nil {
			return run, err
		}
		run.EpochBytes = par.EpochBytes(d, 8)
	}
	record := func() {
		run.Loss = append(run.Loss, p.Func(x))
		if test != nil {
			run.TestAcc = append(run.TestAcc, test(x))
		}
	}
	record()
	var (
		grads  *mat.Dense
		orders [][]int
		step   = make([][]float64, w)
		mean   = make([]float64, d)
	)
	for k := range step {
		step[k] = make([]float64, d)
	}
	for e := 0; e < c.Epochs; e++ {
		if err := ctx.Err(); err != nil {
			return run, err
		}
		grads = ordering.ComponentGrads(grads, p, x)
		var h ordering.DiscrepancyReport
		if seq != nil {
			if flat, err = seq.Order(flat, ordering.Epoch{T: e, X: x}); err != nil {
				return run, err
			}
			if h, err = ordering.Discrepancy(grads, flat); err != nil {
				return run, err
			}
			h.MaxInf /= float64(w)
			h.SigmaStar2 /= float64(w * w)
		} else {
			orders = par.Orders(orders)
			if h, err = ordering.CombinedDiscrepancy(grads, orders); err != nil {
				return run, err
			}
		}
		run.HerdingInf = append(run.HerdingInf, h.MaxInf)
		run.SigmaStar2 = append(run.SigmaStar2, h.SigmaStar2)
		if seq != nil {
			g := step[0]
			for _, i := range flat {
				p.CompGrad(g, i, x)
				for j, v := range g {
					x[j] -= gamma / float64(w) * v
				}
			}
		} else {
			for t := 0; t < n; t++ {
				clear(mean)
				for k := range step {
					p.CompGrad(step[k], k*n+orders[k][t], x)
					for j, v := range step[k] {
						mean[j] += v
					}
				}
				if err := par.Observe(step); err != nil {
					return run, fmt.Errorf("paper: %s %s W = %d: %w", u.problem, method, w, err)
				}
				for j, v := range mean {
					x[j] -= gamma * v / float64(w)
				}
			}
		}
		record()
	}
	return run, nil
}

// coordMNISTData is the MNIST data of the claim: the training set, and the
// test images as features (see coordFeatures) with their ±1 labels.
type coordMNISTData struct {
	d     int
	train *dataset.Set
	test  [][]float64
	testY []float64
}

// coordFeatures returns image i of s as the claim's features (pixels in
// [0, 1] and a bias 1, scaled to unit norm, so that every component of
// the logistic regression is (1/4 + λ)-smooth) and its label: +1 for the
// digits 0-4, -1 for 5-9.
func coordFeatures(s *dataset.Set, i int) ([]float64, float64) {
	img := s.Image(i)
	r := make([]float64, len(img)+1)
	ss := 1.0
	for j, v := range img {
		r[j] = float64(v)
		ss += r[j] * r[j]
	}
	r[len(img)] = 1
	norm := math.Sqrt(ss)
	for j := range r {
		r[j] /= norm
	}
	if s.Labels[i] < 5 {
		return r, 1
	}
	return r, -1
}

// loadCoordMNIST reads MNIST.
func loadCoordMNIST(c CoordinatedConfig) (*coordMNISTData, error) {
	train, test, err := dataset.MNIST()
	if err != nil {
		return nil, err
	}
	if c.MNISTN > train.N {
		return nil, fmt.Errorf("paper: %s with %d MNIST images, the set has %d", coordinatedID, c.MNISTN, train.N)
	}
	m := &coordMNISTData{d: train.Dim() + 1, train: train}
	nt := min(c.MNISTTest, test.N)
	m.test, m.testY = make([][]float64, nt), make([]float64, nt)
	for i := range nt {
		m.test[i], m.testY[i] = coordFeatures(test, i)
	}
	return m, nil
}

// problem returns the logistic regression over the config's MNISTN
// training images chosen and split by seed: row w·n + j is worker w's
// example j.
func (m *coordMNISTData) problem(c CoordinatedConfig, seed uint64) (*problems.Logistic, error) {
	idx := newRand(seed, streamCoordinated, 1).Perm(m.train.N)[:c.MNISTN]
	a, y := make([][]float64, len(idx)), make([]float64, len(idx))
	for k, i := range idx {
		a[k], y[k] = coordFeatures(m.train, i)
	}
	return problems.NewLogistic(a, y, c.MNISTLambda)
}

// accuracy returns the test accuracy of w in percent.
func (m *coordMNISTData) accuracy(w []float64) float64 {
	right := 0
	for i, r := range m.test {
		var z float64
		for j, v := range r {
			z += v * w[j]
		}
		if (z >= 0) == (m.testY[i] > 0) {
			right++
		}
	}
	return 100 * float64(right) / float64(len(m.test))
}

// # The outcome

// The goal, from CD-GraB's claims (its rule as in the claim's first
// commit, which came after a first run at other step sizes, on the tuning
// seed, chose the step sizes judged; no judged run is a tuning run): with
// 95% paired
// intervals over the seeds, per problem,
//   - at every W, CD-GraB's combined herding (∞-norm, the log of its mean
//     over epochs 1..E-1; epoch 0's orders are shared) is below D-RR's;
//   - the margin (the log ratio D-RR/CD-GraB) grows with W: it is larger
//     at the largest W than at the smallest;
//   - at every W, CD-GraB's training loss falls faster at equal steps: the
//     mean over epochs 1..E of log(f(x_e) − f*), D-RR's minus CD-GraB's,
//     is above coordLossLeast.
// The goal is met if every interval lies above its threshold (0, and
// coordLossLeast for the loss), not met if one lies below it, and
// inconclusive otherwise.

// coordinatedFrom is the first epoch whose orders the herding gap counts:
// epoch 0's are shared by the methods.
const coordinatedFrom = 1

// CoordinatedGap is one check of the goal: a paired interval over the
// seeds that the goal wants above its threshold (coordThreshold).
type CoordinatedGap struct {
	// Problem and What name the check: "herding" (log of D-RR's mean
	// herding over CD-GraB's, at W = Workers), "growth" (that log ratio at
	// the largest W minus at the smallest; Workers is the largest) or
	// "loss" (mean over epochs of log(f − f*), D-RR's minus CD-GraB's).
	Problem, What string
	Workers       int
	// Interval is the paired 95% interval over the seeds.
	Interval Interval
	// Holds is set if the interval lies above its part's threshold
	// (coordThreshold), Refuted if it lies below it.
	Holds, Refuted bool
	// Judged is set if the rule judges the gap (its problem is in
	// coordJudged); the others are reported beside.
	Judged bool
}

// CoordinatedFindings is what the coordinated-orders claim shows.
type CoordinatedFindings struct {
	// Gaps are the checks, by problem, then herding by W, growth, loss by
	// W.
	Gaps []CoordinatedGap
	// Checkable is set if there are at least two seeds and two epochs; Met
	// is set if the rule (coordinatedRule) finds the goal met, Refuted if
	// it finds it not met.
	Checkable, Met, Refuted bool
	// Verdict is the rule's: NotCheckable if not Checkable, GoalMet if
	// every gap holds, GoalNotMet if one is refuted, else Inconclusive.
	Verdict Verdict
	// First and Tuning are what the same rule finds on the tuning seed at
	// the first run's step sizes and at the chosen ones
	// (CoordinatedResult.First and Tuning), nil if they did not run:
	// shown beside, not judged (the step sizes judged were chosen on
	// them).
	First, Tuning *CoordinatedFindings

	// rule is the rule judged (coordinatedRule's parts of the problems
	// that ran) and judgement what it found.
	rule      *Rule
	judgement Judgement
}

// meanLogHerding returns, per seed, the log of the mean herding (∞-norm)
// over epochs coordinatedFrom.. of runs.
func meanLogHerding(runs []CoordinatedRun) []float64 {
	v := make([]float64, len(runs))
	for s, r := range runs {
		h := r.HerdingInf[min(coordinatedFrom, len(r.HerdingInf)-1):]
		var sum float64
		for _, x := range h {
			sum += x
		}
		v[s] = math.Log(sum / float64(len(h)))
	}
	return v
}

// meanLogLoss returns, per seed, the mean of log(f(x_e) − f*) over epochs
// 1..E (check makes every f(x_e) − f* positive).
func meanLogLoss(runs []CoordinatedRun) []float64 {
	v := make([]float64, len(runs))
	for s, r := range runs {
		var sum float64
		for _, l := range r.Loss[1:] {
			sum += math.Log(l - r.FStar)
		}
		v[s] = sum / float64(len(r.Loss)-1)
	}
	return v
}

// Findings returns what the result shows. It returns an error if res is
// not of the shape of its config.
func (res *CoordinatedResult) Findings() (*CoordinatedFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	f := &CoordinatedFindings{Checkable: c.Seeds > 1 && c.Epochs > coordinatedFrom}
	add := func(p, what string, w int, iv Interval) {
		th := coordThreshold(what)
		g := CoordinatedGap{Problem: p, What: what, Workers: w, Interval: iv, Holds: iv.Above(th), Refuted: iv.Below(th), Judged: slices.Contains(coordJudged, p)}
		f.Gaps = append(f.Gaps, g)
	}
	drr, cd := ordering.DRR.String(), ordering.CDGraB.String()
	for _, p := range res.Problems {
		logRatio := map[int][]float64{}
		for _, w := range c.Workers {
			a, b := meanLogHerding(res.runs(p, w, drr)), meanLogHerding(res.runs(p, w, cd))
			add(p, "herding", w, pairedInterval(a, b, 1))
			logRatio[w] = make([]float64, len(a))
			for s := range a {
				logRatio[w][s] = a[s] - b[s]
			}
		}
		if len(c.Workers) > 1 {
			lo, hi := c.Workers[0], c.Workers[len(c.Workers)-1]
			add(p, "growth", hi, pairedInterval(logRatio[hi], logRatio[lo], 1))
		}
		for _, w := range c.Workers {
			add(p, "loss", w, pairedInterval(meanLogLoss(res.runs(p, w, drr)), meanLogLoss(res.runs(p, w, cd)), 1))
		}
	}
	if err := f.judge(res.Problems); err != nil {
		return nil, err
	}
	for _, t := range []struct {
		res *CoordinatedResult
		f   **CoordinatedFindings
	}{{res.First, &f.First}, {res.Tuning, &f.Tuning}} {
		if t.res != nil {
			var err error
			if *t.f, err = t.res.Findings(); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

// judge judges f's gaps by the rule's parts of the problems that ran
// (coordinatedRule), with nothing measured if f is not Checkable, and sets
// the verdict, Met and Refuted from the judgement; where no judged problem
// ran (coordJudged), the verdict is NotCheckable.
func (f *CoordinatedFindings) judge(problems []string) error {
	r := coordinatedRule
	r.Parts = nil
	m := Measures{}
	for _, p := range coordinatedRule.Parts {
		for _, g := range f.Gaps {
			if coordCheck(g.Problem, g.What) != p.Name {
				continue
			}
			iv := g.Interval
			if !f.Checkable {
				iv.N = 0
			}
			m[p.Name] = append(m[p.Name], Measure{Label: fmt.Sprintf("W = %d", g.Workers), Iv: iv})
		}
		if len(m[p.Name]) > 0 {
			r.Parts = append(r.Parts, p)
		}
	}
	if len(r.Parts) == 0 {
		// No judged problem ran (MNISTN < 0): nothing is judged.
		f.rule, f.judgement = &r, Judgement{Verdict: NotCheckable}
		f.Verdict = NotCheckable
		return nil
	}
	j, err := r.Judge(m, nil)
	if err != nil {
		return err
	}
	f.rule, f.judgement = &r, j
	f.Verdict, f.Met, f.Refuted = j.Verdict, j.Verdict == GoalMet, j.Verdict == GoalNotMet
	return nil
}

// curveMean returns the mean over runs of the curve of each, elementwise.
func curveMean(runs []CoordinatedRun, curve func(CoordinatedRun) []float64) []float64 {
	var m []float64
	for _, r := range runs {
		v := curve(r)
		if m == nil {
			m = make([]float64, len(v))
		}
		for i, x := range v {
			m[i] += x / float64(len(runs))
		}
	}
	return m
}

// gapText formats a gap's interval as a ratio: exp of its log interval.
// Threshold returns the log ratio g's interval must lie above for its
// part to hold: 0 for herding and growth, coordLossLeast for the loss.
func (g CoordinatedGap) Threshold() float64 { return coordThreshold(g.What) }

func (g CoordinatedGap) gapText() string {
	iv := g.Interval
	return fmt.Sprintf("×%.4g [%.4g, %.4g]", math.Exp(iv.Mean), math.Exp(iv.Lo), math.Exp(iv.Hi))
}

// Outcome renders the findings: the herding, σ*², loss and accuracy of
// every method, the checks, and the charts. It returns an error if res is
// not of the shape of its config.
func (res *CoordinatedResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	out := &Outcome{}
	out.judged(f.rule, f.judgement)
	res.addMethodRows(out)
	var summary []string
	for _, g := range f.Gaps {
		ours := g.gapText() + "; " + coordHolds(g)
		if g.What == "loss" {
			// The loss itself beside the judged excess: the unit judged
			// until 2026-12-01, where a 1% least size is a larger share.
			logF := func(runs []CoordinatedRun) []float64 {
				v := make([]float64, len(runs))
				for s, r := range runs {
					for _, l := range r.Loss[1:] {
						v[s] += math.Log(l) / float64(len(r.Loss)-1)
					}
				}
				return v
			}
			iv := pairedInterval(logF(res.runs(g.Problem, g.Workers, ordering.DRR.String())), logF(res.runs(g.Problem, g.Workers, ordering.CDGraB.String())), 1)
			ours += fmt.Sprintf("; the loss f itself, not judged: ×%.4g [%.4g, %.4g]", math.Exp(iv.Mean), math.Exp(iv.Lo), math.Exp(iv.Hi))
		}
		goal := coordGoal[g.What]
		if !g.Judged {
			goal = "not judged: an implementation check (here CD-GraB's prefix sums cancel exactly); " + goal
		}
		out.Rows = append(out.Rows, Row{Quantity: coordGapQuantity(g, c), Paper: goal, Ours: ours})
		summary = append(summary, fmt.Sprintf("%s %s W=%d %s", g.Problem, g.What, g.Workers, g.gapText()))
	}
	if len(f.Gaps) > 0 {
		last := f.Gaps[len(f.Gaps)-1]
		out.Key = Key{Name: fmt.Sprintf("%s excess-loss ratio D-RR/CD-GraB at the largest W", last.Problem), Value: math.Exp(last.Interval.Mean)}
	}
	out.Summary = fmt.Sprintf("D-RR over CD-GraB, 95%% paired intervals, n = %d: ", c.Seeds) + strings.Join(summary, "; ")
	res.addTuningRows(out, f)
	out.Summary += fmt.Sprintf(". Every run judged is held out: the step sizes were chosen on the tuning seed's runs (base seed %d, shown in the rows, not judged), and the judged runs draw from a base seed of their own", coordTuneSeed)
	brief := coordBrief(f, c)
	out.Brief = fmt.Sprintf("D-RR/CD-GraB, W = %d, %d seeds, %s: %s (MNIST: >1; loss >1.084)", c.Workers[len(c.Workers)-1], c.Seeds, strings.Join(res.Problems, ", "), brief)
	out.Decides = &Decider{Name: fmt.Sprintf("D-RR over CD-GraB, W = %d (%s)", c.Workers[len(c.Workers)-1], strings.Join(res.Problems, ", ")), Ours: brief, Paper: "above 1, growing with W; the excess-loss ratio above 1/(1 − 0.0774) = 1.084; on MNIST"}
	res.addCoordinatedCharts(out)
	out.Protocol = res.coordProtocol()
	return out, nil
}

// coordGoal says what the goal wants of each kind of gap.
var coordGoal = map[string]string{
	"herding": "CD-GraB's combined herding below D-RR's: ratio > 1",
	"growth":  "the margin grows with W: > 1",
	"loss":    "a faster fall of CD-GraB's loss at equal steps: excess loss f − f* lower by more than 7.74%, ratio > 1.084",
}

// coordGapQuantity names gap g in its row.
func coordGapQuantity(g CoordinatedGap, c CoordinatedConfig) string {
	switch g.What {
	case "herding":
		return fmt.Sprintf("%s, W = %d: D-RR's herding over CD-GraB's (epochs %d-%d, paired by seed)", g.Problem, g.Workers, coordinatedFrom, c.Epochs-1)
	case "growth":
		return fmt.Sprintf("%s: that ratio at W = %d over at W = %d", g.Problem, g.Workers, c.Workers[0])
	}
	return fmt.Sprintf("%s, W = %d: D-RR's excess training loss f − f* over CD-GraB's (geometric mean over epochs 1-%d)", g.Problem, g.Workers, c.Epochs)
}

// addMethodRows adds a row per problem, W and method: its herding, σ*²,
// loss, accuracy and bytes sent, means over the seeds.
func (res *CoordinatedResult) addMethodRows(out *Outcome) {
	c := res.Config
	last := c.Epochs
	for pi, p := range res.Problems {
		for _, w := range c.Workers {
			for _, m := range coordinatedMethods {
				runs := res.runs(p, w, m)
				h := curveMean(runs, func(r CoordinatedRun) []float64 { return r.HerdingInf })
				s2 := curveMean(runs, func(r CoordinatedRun) []float64 { return r.SigmaStar2 })
				loss := curveMean(runs, func(r CoordinatedRun) []float64 { return r.Loss })
				ours := fmt.Sprintf("herding ∞ %.3g, 2-norm %.3g, σ*² %.3g (epoch %d); loss %.4g (epoch %d)",
					h[last-1], math.Sqrt(s2[last-1]), s2[last-1], last-1, loss[last], last)
				if p == coordMNIST {
					ours += fmt.Sprintf(", test accuracy %.2f%%", curveMean(runs, func(r CoordinatedRun) []float64 { return r.TestAcc })[last])
				}
				ours += fmt.Sprintf("; %s per epoch sent (d = %d, float64)", fmtBytes(runs[0].EpochBytes), res.Dims[pi])
				out.Rows = append(out.Rows, Row{Quantity: fmt.Sprintf("%s, W = %d, %s (mean of %d seeds)", p, w, m, len(runs)), Paper: "-", Ours: ours})
			}
		}
	}
}

// coordBrief is the brief's numbers: per kind at the largest W, the
// problems in order, with intervals but for the loss (its intervals are in
// the rows), and the growth part's state.
func coordBrief(f *CoordinatedFindings, c CoordinatedConfig) string {
	var brief []string
	for _, what := range []string{"herding", "growth", "loss"} {
		var ivs []string
		for _, g := range f.Gaps {
			if g.What != what || g.Workers != c.Workers[len(c.Workers)-1] {
				continue
			}
			switch what {
			case "loss":
				ivs = append(ivs, fmt.Sprintf("×%.4g", math.Exp(g.Interval.Mean)))
			case "growth":
				state := "unsettled"
				if g.Holds || g.Refuted {
					state = coordHolds(g)
				}
				ivs = append(ivs, g.gapText()+" "+state)
			default:
				ivs = append(ivs, g.gapText())
			}
		}
		if what == "growth" {
			what = fmt.Sprintf("growth from W = %d:", c.Workers[0])
		}
		if len(ivs) > 0 {
			brief = append(brief, what+" "+strings.Join(ivs, ", "))
		}
	}
	return strings.Join(brief, "; ")
}

// coordProtocol returns the protocol's lines.
func (res *CoordinatedResult) coordProtocol() []string {
	c := res.Config
	return []string{
		fmt.Sprintf("Data-parallel SGD with W workers of n examples each: each step every worker takes its next example and x moves by γ times the mean of the W gradients; n steps an epoch, %d epochs, %d seeds per W, paired across methods (same start, MNIST split and epoch-0 orders).", c.Epochs, c.Seeds),
		"D-RR: each worker reshuffles on its own. ID-GraB: each worker pair-balances its own gradients (ordering.PairBalance), alone. CD-GraB: the pair differences of the W workers are signed in turn against one shared running sum (ordering.WorkerOrders); it sends ⌊n/2⌋·W·(8d + 1) bytes an epoch (each worker's pair difference to the server, a sign back), the others nothing beyond the gradients' all-reduce.",
		fmt.Sprintf("Two-level quadratic (Section 6.2): d = %d, λ = 0.2, W top-level functions (the workers) with σ_top = %g, m = %d low-level functions each with σ_low = %g, x₀ = 1, γ = %g.", c.TwoLevelD, c.SigmaTop, c.TwoLevelM, c.SigmaLow, c.TwoLevelGamma),
		fmt.Sprintf("MNIST: logistic regression (digits 0-4 against 5-9, pixels in [0, 1] and a bias, each row scaled to unit norm, λ = %g) on %d training images drawn and split at random across the workers per seed, from w = 0, γ = %g; test accuracy on the first %d test images.", c.MNISTLambda, c.MNISTN, c.MNISTGamma, c.MNISTTest),
		fmt.Sprintf("Tuning: the step sizes judged, γ = %g (two-level) and %g (MNIST), were chosen by hand on the tuning seed (the default scale's base seed %d), after the claim's first run there with γ = %g and %g was inconclusive (in the words of its record, the losses had not left their deterministic descent in 10 epochs: f fell alike under every order; at the larger step sizes the order's noise shows in the loss). Both step sizes stay below 1/L of a component (L ≈ 4.2 on the two-level quadratic, ≤ 1/4 + λ on MNIST's unit rows). The tuning seed's runs at both pairs of step sizes are rerun beside, whatever the base seed (shown, not judged); every judged run draws from a base seed of its own derived from the pass's base seed, so no judged run at any base seed, 1 included, is a tuning run. Changed before the confirmatory pass: until then the judged runs at base seed 1 were the tuning runs.", c.TwoLevelGamma, c.MNISTGamma, coordTuneSeed, c.FirstTwoLevelGamma, c.FirstMNISTGamma),
		"Herding of an epoch's combined order at its start x_e: the prefix sums S_k of the worker-averaged centred gradients of steps 1..k (exact gradients at x_e), max_k ‖S_k‖_∞ and σ*² = max_k ‖S_k‖² (the 2-norm herding squared).",
		"Beside them, the seed paper's two-level shuffling (Algorithm 3, K = 1, the workers as top level) in its own setting: sequential steps of γ/W over all W·n examples, one at a time, instead of averaged parallel steps; its herding is over its W·n sequential prefixes, divided by W. In the paper's setting the top-level shifts σ_top enter every step's prefix sum; in CD-GraB's they cancel within each parallel step (the workers' f_i average to f), so only the low-level order matters there.",
		"Goal (ours, from CD-GraB's claims; its rule as in the claim's first commit, which came after the first run and chose the step sizes), judged on MNIST: with 95% paired t-intervals over the seeds, at every W the log of D-RR's mean herding (∞-norm, epochs 1..E-1; epoch 0's orders are shared) over CD-GraB's is above 0, that log ratio at the largest W minus at the smallest is above 0 (the margin grows with W), and at every W the mean over epochs of log(f(x_e) − f*), D-RR's minus CD-GraB's, is above −ln(1 − 0.0774) = 0.0806 (CD-GraB's loss falls faster at equal steps: its excess over the problem's least value f* lower by more than Table 1's margin, 7.74%, in geometric mean over the epochs; f* is the least value of each seed's logistic regression, found by Newton's method to a gradient norm of 1e-10). Goal met if every interval is above its threshold, not met if one is below it, else inconclusive. " +
			"The two-level quadratic's rows, the same gaps (there f* = 0), are reported and not judged since 2026-12-01: its components' gradient deviations are the same at every x, so CD-GraB's combined prefix sums cancel to rounding after its first epochs and its gaps hold by the problem's construction (an implementation check of CD-GraB's cancellation, not evidence for the goal). The loss part's least size became Table 1's margin the same day (it was 0.01, a round share not argued for the excess unit), when the exploratory seeds' MNIST gaps were known (about 0.03 at W = 64, below it). " +
			"The loss parts' least size changed on 2026-11-30, after the confirmatory pass on base seed 1001 (goal met), when an independent referee weighed coordinated-mnist-loss as weak: judged above 0, a practically nil difference in the right direction met it (MNIST at W = 64: ×1.0017 [1.0015, 1.0020] over 45 paired seeds). Known when 0.01 was chosen: that pass's MNIST loss ratios, ×1.045 at W = 4, ×1.0099 [1.0088, 1.0110] at W = 16 and ×1.0017 at W = 64, so at the new threshold that pass would read not met (W = 64 below it, W = 16 across it); the two-level loss ratios' point estimates are above ×6,000 and their lower ends above ×4,600. The claim is registered again on new seeds. " +
			"The loss parts' unit changed on 2026-12-01, after the confirmatory pass on base seed 1002 (goal not met, by coordinated-mnist-loss alone), when two independent referee reads weighed that part as weak: one least size on log f served two problems with unlike floors (the quadratic's least value is 0; MNIST's logistic loss, near 0.4 by epoch 10, has a least value far above 0), so on MNIST the 1% was a larger share of the loss that could still fall, and the part's sentence did not name the 1%. The parts now judge the excess loss f − f* at the same least size, and the sentence names it; on the quadratic, where f* = 0, nothing changes. The claim is registered again on new seeds.",
	}
}

// addTuningRows adds the rows of the tuning seed's runs, at the first run's
// step sizes and at the chosen ones, shown beside and not judged.
func (res *CoordinatedResult) addTuningRows(out *Outcome, f *CoordinatedFindings) {
	c := res.Config
	for _, t := range []struct {
		f     *CoordinatedFindings
		label string
	}{
		{f.First, fmt.Sprintf("the first run's γ = %g (two-level) and %g (MNIST)", c.FirstTwoLevelGamma, c.FirstMNISTGamma)},
		{f.Tuning, fmt.Sprintf("the chosen γ = %g (two-level) and %g (MNIST)", c.TwoLevelGamma, c.MNISTGamma)},
	} {
		if t.f == nil {
			continue
		}
		for _, p := range res.Problems {
			for _, what := range []string{"herding", "growth", "loss"} {
				var detail []string
				for _, g := range t.f.Gaps {
					if g.Problem == p && g.What == what {
						detail = append(detail, fmt.Sprintf("W = %d %s %s", g.Workers, g.gapText(), coordHolds(g)))
					}
				}
				if len(detail) > 0 {
					out.Rows = append(out.Rows, Row{Quantity: fmt.Sprintf("%s, D-RR over CD-GraB (%s), tuning seed (base seed %d) at %s: chose the step sizes, not judged", p, coordWhat[what], coordTuneSeed, t.label), Paper: "-", Ours: strings.Join(detail, "; ")})
				}
			}
		}
	}
}

// coordWhat says what each kind of gap measures.
var coordWhat = map[string]string{
	"herding": "mean combined herding, epochs 1..E-1",
	"growth":  "that ratio at the largest W over at the smallest",
	"loss":    "geometric mean of the excess training loss f − f* over epochs 1..E",
}

// coordHolds says whether a gap holds, is refuted or neither.
func coordHolds(g CoordinatedGap) string {
	switch {
	case g.Holds:
		return "holds"
	case g.Refuted:
		return "refuted"
	}
	return "not shown"
}

// addCoordinatedCharts adds per problem the herding against W; σ*² per
// epoch at the largest W; CD-GraB's training loss over D-RR's per epoch at
// every W; and, at the smallest W, where the orders differ most, the
// training loss and MNIST's test accuracy over the epochs. Each line is
// the mean over the seeds (geometric for herding and the loss ratio) in a
// band from the smallest to the largest seed's value.
func (res *CoordinatedResult) addCoordinatedCharts(out *Outcome) {
	c := res.Config
	wmin, wmax := c.Workers[0], c.Workers[len(c.Workers)-1]
	epochs := ints(seq(c.Epochs + 1))
	seeds := fmt.Sprintf("mean of %d seeds, band min to max", c.Seeds)
	for _, p := range res.Problems {
		herd := &chart.LineChart{
			Title:  fmt.Sprintf("Combined herding, %s, epochs %d-%d (geometric %s)", p, coordinatedFrom, c.Epochs-1, seeds),
			XLabel: "workers W", YLabel: "maxₖ ‖Sₖ‖∞ (mean over epochs)", LogX: true, LogY: true,
		}
		sigma := &chart.LineChart{
			Title:  fmt.Sprintf("σ*² of the combined order, %s, W = %d (%s)", p, wmax, seeds),
			XLabel: "epoch", YLabel: "σ*² = maxₖ ‖Sₖ‖²", LogY: true, IntegerX: true,
		}
		ratio := &chart.LineChart{
			Title:  fmt.Sprintf("CD-GraB's excess training loss over D-RR's, %s (geometric %s)", p, seeds),
			XLabel: "epoch", YLabel: "f(xₑ) − f*, CD-GraB / D-RR", LogY: true, IntegerX: true,
		}
		loss := &chart.LineChart{
			Title:  fmt.Sprintf("Training loss, %s, W = %d (%s)", p, wmin, seeds),
			XLabel: "epoch", YLabel: "f(xₑ)", LogY: true, IntegerX: true,
		}
		acc := &chart.LineChart{
			Title:  fmt.Sprintf("Test accuracy, %s, W = %d (%s)", p, wmin, seeds),
			XLabel: "epoch", YLabel: "test accuracy (%)", IntegerX: true,
		}
		for k, m := range coordinatedMethods {
			y, lo, hi := make([]float64, len(c.Workers)), make([]float64, len(c.Workers)), make([]float64, len(c.Workers))
			for i, w := range c.Workers {
				lh := meanLogHerding(res.runs(p, w, m))
				y[i], lo[i], hi[i] = logSeedRange(lh)
			}
			dashed := m == coordShuffling
			herd.Series = append(herd.Series, chart.Series{Name: m, X: ints(c.Workers), Y: y, Lo: lo, Hi: hi, Markers: true, Dashed: dashed, Colour: k + 1, Runs: c.Seeds})
			sigma.Series = append(sigma.Series, seedSeries(m, epochs[:c.Epochs], res.runs(p, wmax, m), func(r CoordinatedRun) []float64 { return r.SigmaStar2 }, dashed, k+1))
			sigma.Series[k].Markers = true
			runs := res.runs(p, wmin, m)
			loss.Series = append(loss.Series, seedSeries(m, epochs, runs, func(r CoordinatedRun) []float64 { return r.Loss }, dashed, k+1))
			if p == coordMNIST {
				acc.Series = append(acc.Series, seedSeries(m, epochs, runs, func(r CoordinatedRun) []float64 { return r.TestAcc }, dashed, k+1))
			}
		}
		if floor, ok := coordFloor(sigma); ok {
			sigma.YLabel = fmt.Sprintf("σ*² = maxₖ ‖Sₖ‖² (floored at %g)", floor)
			sigma.Series = append(sigma.Series, chart.Series{Name: fmt.Sprintf("floor %g: values below it (rounding zero) drawn on it", floor), X: epochs[:c.Epochs], Y: constant(c.Epochs, floor), Dashed: true, Colour: len(coordinatedMethods) + 3})
		}
		for i, w := range c.Workers {
			drr, cd := res.runs(p, w, ordering.DRR.String()), res.runs(p, w, ordering.CDGraB.String())
			y, lo, hi := make([]float64, c.Epochs+1), make([]float64, c.Epochs+1), make([]float64, c.Epochs+1)
			for e := range y {
				v := make([]float64, len(drr))
				for s := range drr {
					v[s] = math.Log((cd[s].Loss[e] - cd[s].FStar) / (drr[s].Loss[e] - drr[s].FStar))
				}
				y[e], lo[e], hi[e] = logSeedRange(v)
			}
			// Colours after the methods' and the floor's: a colour names
			// a method in the claim's other charts, not a W.
			ratio.Series = append(ratio.Series, chart.Series{Name: fmt.Sprintf("W = %d", w), X: epochs, Y: y, Lo: lo, Hi: hi, Markers: true, Runs: c.Seeds, Colour: len(coordinatedMethods) + 1 + i + i/2})
		}
		for _, lc := range []*chart.LineChart{herd, sigma, ratio, loss, acc} {
			seedSpreadShown(lc)
		}
		base := "coordinated-" + strings.ToLower(p)
		out.addChart(base+"-herding", "Combined herding against W, "+p, herd)
		out.addChart(base+"-sigma", fmt.Sprintf("σ*² per epoch, %s, W = %d", p, wmax), sigma)
		out.addChart(base+"-loss-ratio", "CD-GraB's excess training loss over D-RR's, "+p, ratio)
		out.addChart(base+"-loss", fmt.Sprintf("Training loss, %s, W = %d", p, wmin), loss)
		if p == coordMNIST {
			out.addChart(base+"-accuracy", fmt.Sprintf("Test accuracy, %s, W = %d", p, wmin), acc)
		}
	}
}

// seedSeries is the series named name of the mean over runs of curve at
// xs, in a band from the smallest to the largest run's value, in the
// colour-th colour.
func seedSeries(name string, xs []float64, runs []CoordinatedRun, curve func(CoordinatedRun) []float64, dashed bool, colour int) chart.Series {
	s := chart.Series{Name: name, X: xs, Y: curveMean(runs, curve), Dashed: dashed, Colour: colour, Runs: len(runs)}
	s.Lo, s.Hi = make([]float64, len(xs)), make([]float64, len(xs))
	for i := range xs {
		s.Lo[i], s.Hi[i] = math.Inf(1), math.Inf(-1)
		for _, r := range runs {
			v := curve(r)[i]
			s.Lo[i], s.Hi[i] = math.Min(s.Lo[i], v), math.Max(s.Hi[i], v)
		}
	}
	return s
}

// logSeedRange returns exp of the mean of the logs v, and exp of their
// smallest and largest: a geometric mean over seeds and its min-max band.
func logSeedRange(v []float64) (mean, lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range v {
		mean += x / float64(len(v))
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return math.Exp(mean), math.Exp(lo), math.Exp(hi)
}

// coordFloorSpan is how many decades below its largest value a σ*² chart
// draws: CD-GraB's σ*² on the two-level quadratic reaches rounding zero
// (about 1e-27 against 1e3), which would squash the other orders into one
// band at the top of a log axis.
const coordFloorSpan = 6

// coordFloor raises every value (line and band) of c below a floor of
// coordFloorSpan decades under its largest value, a power of ten, to the
// floor, and returns the floor and whether a value was below it.
func coordFloor(c *chart.LineChart) (float64, bool) {
	top := math.Inf(-1)
	for _, s := range c.Series {
		for _, v := range slices.Concat(s.Y, s.Hi) {
			top = math.Max(top, v)
		}
	}
	floor := math.Pow10(int(math.Floor(math.Log10(top))) - coordFloorSpan)
	if !(floor > 0) || math.IsInf(floor, 0) {
		return 0, false
	}
	below := false
	for _, s := range c.Series {
		for _, v := range [][]float64{s.Y, s.Lo, s.Hi} {
			for i := range v {
				if v[i] < floor {
					v[i], below = floor, true
				}
			}
		}
	}
	return floor, below
}
