// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
	"github.com/goodorder/goodorder/problems/dataset"
	"github.com/goodorder/goodorder/problems/nn"
)

// # The claim

// loaderShufflesID is the claim's id.
const loaderShufflesID = "loader-shuffles"

// Beyond the paper: the orders real data loaders produce. Loaders read
// shards and shuffle at two levels, the structure of Section 5; they judge
// their shuffles by index statistics. This claim judges them by the
// paper's measure, σ*² (Assumption 4), and Lemma 2's bound, and checks
// whether σ*² predicts which loader settings cost convergence.
var loaderShufflesClaim = Claim{
	ID:    loaderShufflesID,
	Where: "Beyond the paper: Section 5 (two-level shuffling, Lemma 2) applied to data loaders",
	Goal:  true,
	Statement: "The shuffles of real data loaders (mosaicml streaming's py1s, py2s, py1br and py1e, FFCV's quasi-random order, " +
		"grain's window shuffle, CorgiPile, shard-level shuffle-once) are two-level orders. We check whether the paper's σ*² " +
		"tells the loader settings that cost convergence from those that do not, on MNIST stored sorted by class (shards not exchangeable) " +
		"and in a random order (exchangeable): every trained setting whose E σ*² is not shown above 1.25 times RR's is shown not worse than RR by more than 0.05 in final training loss " +
		"(its final training loss minus RR's shown below 0.05, about a fifth of RR's own final loss, non-inferiority: a setting shown worse by less still holds, and is named), and every setting whose E σ*² is shown above 1.25 times RR's is shown worse by more than 0.05 (not met if one is shown to cost less), " +
		"each part holding only if every one of its settings does (2.5% one-sided each) and failing if one setting fails (2.5% over the part's settings, Bonferroni); " +
		"how E σ*² ranks the settings by their loss gap on the sorted storage is reported beside, with a ranker by the knob alone, not judged.",
	Quote: "σ*² tells the data loaders' shuffles that cost convergence from those that do not",
	Run:   claimRun(LoaderShufflesConfig{}.At, LoaderShufflesConfig.Run, (*LoaderShufflesResult).Outcome),
	Rule:  &loaderShufflesRule,
	Registration: "Registered again on 2026-11-30, after its pass on base seed 1002 (goal not met), when an independent referee read of the registration weighed loader-shuffles-unflagged as weak: its margin, 0.15, was about 60% of RR's own mean final loss, so a setting half again as bad as RR counted as not worse; the margin of both loss parts is now 0.05, about a fifth of RR's mean final loss on the exploratory seeds (0.24), our choice. " +
		"Known then, from the seed-1002 pass: at 0.05 its two unflagged settings shown worse than RR (shard-level shuffle-once +0.031 [+0.005, +0.057], CorgiPile at 32 on the sorted storage +0.033 [+0.009, +0.058]) would be unsettled, not hold (against the goal); of the flagged settings, six lay wholly below 0.15 and failed the overflagged part there (streaming py1s and py2s at 16, py1e at 16 and 32, CorgiPile at 16, FFCV at 32), while against 0.05 only streaming py1s and py2s at 16 do, the others unsettled or shown above it (towards the goal); the goal read not met either way. " +
		"The ranking part was then unchanged (ρ shown above 0.8, power 0.13: about 391 settings would settle it, not more runs). A first draft of this registration also read the ranking as ρ shown above 0; the referee's read found that unsound (lowered after ρ's interval [0.65, 0.94] was seen, and met by construction, the flagged and cleared settings being far apart), and it was withdrawn before any run. " +
		"Registered again on 2026-11-30, after its pass on base seed 1003 (goal not met: overflagged failed at streaming py1s and py2s at 16, unflagged unsettled, ρ 0.91 [0.74, 0.97] over 22 settings, unsettled against 0.8). A registration of the same day on base seed 1004 (commit 7ccb6b6) added every shuffle at knobs 2, 4 and 8 on the sorted storage; a referee read of it, before any run, found that the ranking part then tested the knob (a ranker knowing only the knob and that the grain window is worst reached ρ 0.945 at seed 1, σ*² 0.955; across the shuffles at one knob σ*²'s ρ was 0.46 to 0.71), and it was withdrawn (17658fb). A second registration (bc2a13a), on the seed-1003 pass's settings, was read before any run too: on those 22 settings the same holds (a ranker by the knob alone reaches ρ 0.74 to 0.87 over the exploratory seeds and the three passes, σ*² 0.81 to 0.91, the threshold 0.8 between; within the knobs at seed 1, σ*²'s ρ across the shuffles is 0.45, 0.71 and 0.43 at knobs 1, 16 and 32, as this claim now reports them), so a ranking shown above 0.8 would not show that σ*² ranks anything the knob does not, and the read weighed the part unsound. The ranking is therefore no longer a part: it is reported beside the verdict with the knob-alone ranker's ρ and σ*²'s ρ within each knob, and the goal is judged by its two loss parts. A ranking that could decide would need many shuffles at each knob (order-matters' strata of at least 11 settings; 7 or 8 here). " +
		"The two loss parts change as both reads asked: each is an intersection over its settings (it holds only if every setting holds, each at 2.5%, unadjusted), and fails if one setting fails, a union that was not adjusted; the failing end of each setting's t-interval is now at the one-sided 2.5%/k point, k the part's settings (Bonferroni: 12 unflagged and 18 flagged at the last pass), as two-level-k's K = √m part reads its ratios; and the overflagged part's holding side is no longer Holm-adjusted over the family, which an intersection does not need (as the unflagged part's never was). The first only moves a failing setting to unsettled, the second a flagged setting's cost to shown where it lies above the margin at 2.5%: both towards the goal. Known then: re-judged so, the seed-1003 pass's overflagged part still fails at py1s and py2s at 16 (upper ends about +0.007 and −0.003 against 0.05) where at 95% three settings failed, and its verdict stays not met. TestJudgeLoaders gives a flagged setting below the margin at 95% only, and an unflagged one above it at 95% only, as unsettled. " +
		"What the plan below does not model, said now. Its power lines are computed at the one-sided 2.5% failing level, not the 2.5%/k now registered (power.go does not see the adjustment), so they overstate the chance of settling a part by failing; the unflagged part's need is set by streaming py1br at 32 on the sorted storage, which σ*² left unflagged at 1 of the 5 exploratory seeds and flagged at all three passes, so the likelier reading is that the part holds or stays unsettled; the expected half-widths below are the holding ends', the failing ends about 1.5 times wider. The passes show each base seed's true gap moving by about the margin (the grain window shuffle on the random storage: +0.048, −0.003 and −0.055 at base seeds 1003, 1001 and 1002, within-pass standard errors about 0.009), because each base seed draws its own MNIST subset and sorted order: a verdict is conditional on base seed 1004's data, not a statement about the loaders in general. The overflagged part's expected failure rests on py1s and py2s at 16, whose E σ*² is measured on one assignment of shards to nodes (a run seed of its own) while each training run draws its own assignment, so their flags leave out the spread between assignments; the eight base seeds so far (the five exploratory and the three passes) flagged both every time. The rule's margins, the runs per cell (100) and the settings are unchanged; the seed is the next one, 1004. " +
		"A third read of this registration, before any run (2 weak of 2), asked for more, answered here. The lists of settings the report names (shown worse, flagged in vain, unsettled) and the number that decides now read each setting at its part's ends, not at 95% (on the seed-1003 data the 95% reading named py1e at 32 as flagged in vain, which the part calls unsettled); and the ranking's statistic no longer gates whether the claim is checkable. Taking the ranking out moves the claim towards the goal: goal met no longer needs ρ shown above 0.8, which no seed or pass showed. " +
		"The unflagged part's power lines (2170 runs, 0.11 at 100) are the failing route through py1br at 32, unflagged at 1 of the 8 base seeds so far; re-judged by this rule the passes' unflagged parts held at 1 of 3 (1001; 1002 and 1003 unsettled, within-pass standard errors 0.006 to 0.014), and a setting whose true gap on a base seed lies near 0.05 is settled by no n: the part most likely reads unsettled or holds. Either part's failing side can read a false not met at up to 2.5%, up to about 5% for the claim. The claim's power below (every part settling) is the unflagged part's; the claim's verdict itself is expected to settle, as not met, through the overflagged part (power 1.00 at the observed effects, about 0.99 or more at its Bonferroni ends). A fourth read, before any run (1 sound, 1 weak), found the judging code needing no change; the report's lists and its deciding line were made to read at the parts' ends, and its summary now counts σ*²'s flags by storage and knob. " +
		"σ*² flags every sorted-storage setting at knobs 1 and 16 and none on the random storage: it tells the shuffles apart only at knob 32 (at the seed-1003 pass it flagged py1br, py1e and FFCV there). A classifier by storage and knob alone would read both loss parts as σ*² does on that pass's data, so the informative settings are knob 32's, and the report says so beside the verdict only through its tables. The exploratory record this registration was written from was committed in 9e79bd1, just after d7249f6 (a checkout had dropped it from that commit).",
}

// The thresholds of the claim's goal: loaderMargin fixed before any run,
// loaderLossMargin changed after the confirmatory passes (its comment
// says when).
const (
	// loaderMargin is the non-inferiority margin on E σ*²: a setting is as
	// good as RR if the 95% interval of its E σ*² over RR's lies wholly
	// below loaderMargin, and σ*² flags it if the interval lies wholly
	// above loaderMargin.
	loaderMargin = 1.25
	// loaderPerms permutations of the one-sided stratified permutation
	// test (stratifiedSpearman, strata: the storage) of the Spearman
	// correlation between the trained settings' E σ*² ratio and their
	// mean final training-loss gap are drawn from the fixed seed
	// loaderPermSeed; loaderBoot replicates of its stratified bootstrap
	// interval (stratifiedBootstrap) from loaderBootSeed.
	loaderPerms    = 9999
	loaderPermSeed = 0x6c73 // "ls"
	loaderBoot     = 9999
	loaderBootSeed = 0x6c62 // "lb"
	// loaderMinTrained is the least number of trained settings (besides
	// RR) for the goal to be judged.
	loaderMinTrained = 3
	// loaderLossMargin is the non-inferiority margin on a setting's final
	// training loss minus RR's (paired over the seeds): a setting σ*²
	// does not flag is not worse than RR if the 95% interval of that gap
	// lies wholly below it. Since 2026-11-30 it is about a fifth of RR's
	// own mean final loss on the exploratory seeds 1-5 (0.24): a setting
	// whose loss is more than a fifth above RR's costs convergence, the
	// least cost we count: our choice.
	// Before, 0.15, about 60% of RR's loss, under which a setting half
	// again as bad as RR counted as not worse. With fewer seeds the
	// intervals widen and the part is unsettled, never met.
	loaderLossMargin = 0.05
)

// LoaderMargin and LoaderLossMargin are the goal's thresholds for the
// notebooks: σ*² flags a setting whose E σ*²/RR's interval lies above
// LoaderMargin, and the parts judge a setting's final training loss
// minus RR's against LoaderLossMargin.
const (
	LoaderMargin     = loaderMargin
	LoaderLossMargin = loaderLossMargin
)

// loaderShufflesRule is the goal's rule. σ*² flags a setting if E
// σ*²/RR's interval lies above loaderMargin. The settings it does not flag
// must each be shown not worse than RR (non-inferiority at
// loaderLossMargin: less data widens the intervals and leaves the part
// unsettled, never met); the settings it flags must be shown to cost more
// than that margin in final training loss, and one shown to cost less
// fails it. Each part holds only if every one of its settings holds
// (ruleAlpha each: an intersection) and fails if one fails, its failing
// ends at ruleAlpha over its settings (Bonferroni, loaderFailEnd). How
// E σ*² ranks the settings by their cost is reported beside, not judged:
// on the settings trained, the knob alone ranks them about as well. The parts' quantities are selected by σ*² alone: a part
// with none selected (every setting flagged, or none) measured nothing and
// is not checkable (the goal then at best inconclusive): σ*² cannot be
// shown to tell the settings apart where it puts all on one side.
var loaderShufflesRule = Rule{Claim: loaderShufflesID, Goal: true, Parts: []RulePart{
	{Name: "loader-shuffles-unflagged", Sentence: "every trained setting whose E σ*² is not shown above 1.25 times RR's is shown not worse than RR by more than 0.05 (about a fifth of RR's own final loss) in final training loss",
		Statistic: "final training loss minus RR's of each setting σ*² does not flag (E σ*²/RR's delta-method interval not wholly above 1.25), paired t-interval over the seeds, its upper end the one-sided 2.5% point (the part holds only if every setting holds: an intersection, unadjusted) and its lower end the one-sided 2.5%/k point, k the part's settings (one setting shown above fails the part: Bonferroni over them)",
		Test:      NonInferiority, Side: Below, Threshold: loaderLossMargin, Each: Every},
	{Name: "loader-shuffles-overflagged", Sentence: "every setting whose E σ*² is shown above 1.25 times RR's is shown worse than RR by more than the unflagged part's margin",
		Statistic: "final training loss minus RR's of each setting σ*² flags, paired t-interval over the seeds, against the unflagged part's margin: a flag holds where the cost is shown above it and fails where the gap is shown below it (σ*² flagged a setting that costs less than the margin), the interval's lower end the one-sided 2.5% point (the part holds only if every setting holds: an intersection, unadjusted) and its upper end the one-sided 2.5%/k point, k the part's settings (one setting shown below fails the part: Bonferroni over them)",
		Test:      Superiority, Side: Above, Threshold: loaderLossMargin, Each: Every},
}}

// The shuffles, by name. Each family has a knob swept over
// LoaderShufflesConfig.Knobs; RR and shard-level shuffle-once have none.
const (
	loaderRR        = "RR (streaming naive, grain index shuffle)"
	loaderShardOnce = "shard-level shuffle-once"
)

// loaderFamilies are the shuffles with a knob, and what the knob is: a
// number of canonical nodes, or a block, window or buffer size in shards.
var loaderFamilies = []struct{ name, knob string }{
	{"streaming py1s", "canonical nodes"},
	{"streaming py2s", "canonical nodes"},
	{"streaming py1br", "block, in shards"},
	{"streaming py1e", "block, in shards"},
	{"FFCV quasi-random", "buffer, in pages (shards)"},
	{"grain window shuffle", "window, in shards"},
	{"CorgiPile", "buffer, in blocks (shards)"},
}

// # The config

// LoaderShufflesConfig is the protocol of the loader-shuffles claim. Its
// At method sets the defaults (each is stated in its field's comment); Run
// uses every field as it is, so a field set to zero after At is zero, or
// an error from Run.
type LoaderShufflesConfig struct {
	// ShardSize is the number of components in a shard (a page for FFCV,
	// a block for CorgiPile). Default 4.
	ShardSize int
	// Knobs are the values of each shuffle's knob: canonical nodes for
	// py1s and py2s, and the block, window or buffer size in shards for the
	// others. Default {1, 2, 4, 8, 16, 32}.
	Knobs []int
	// NearKnobs are the knobs, each one of Knobs after the first, at
	// which every family is also trained on MNIST stored sorted by class,
	// so that the rule's parts see settings near σ*²'s threshold: on the
	// exploratory seeds 1-5 at the default scale their E σ*²/RR's there
	// lie between 1.7 and 2.3 (knob 16; grain's window 7.8) and between
	// 0.97 and 1.46 (knob 32), where the smallest knob's are 3.1 to 9.5.
	// Default {16, 32}.
	NearKnobs []int
	// Draws is the number of orders drawn per setting for E σ*². Default
	// 1000.
	Draws int
	// TwoLevelN is the number of shards of the two-level problem
	// (problems.TwoLevel with N = TwoLevelN top-level functions of m =
	// ShardSize low-level functions, its default d and λ), SigmaTop its
	// σ_top on the data whose shards are not exchangeable (σ_top = 0 on
	// the exchangeable one) and SigmaLow its σ_low. Defaults 32, 10, 10.
	TwoLevelN          int
	SigmaTop, SigmaLow float64
	// MNISTTrain and MNISTTest are the numbers of MNIST training and test
	// images used (random subsets). Defaults 1024 and 1000.
	MNISTTrain, MNISTTest int
	// Batch is the size of the same-class batches, the components of the
	// MNIST problem, and Hidden the hidden units of the MLP 784-Hidden-10.
	// Defaults 8 and 32.
	Batch, Hidden int
	// Snapshot is the number of epochs of RR (from the initialisation of
	// seed 0) after which the MNIST batch gradients are taken. Default 1.
	Snapshot int
	// Epochs, Seeds, LR and Momentum set the training runs: epochs per
	// run, seeds per order, the constant learning rate and the heavy-ball
	// momentum. Defaults 6, 5, 0.01 and 0.9.
	Epochs, Seeds int
	LR, Momentum  float64
}

// At returns c with its zero fields set to the protocol at scale s.
func (c LoaderShufflesConfig) At(s Scale) LoaderShufflesConfig {
	return atScale(c, s, map[Scale]LoaderShufflesConfig{
		Smoke: {Knobs: []int{1, 4}, NearKnobs: []int{4}, Draws: 100, TwoLevelN: 8, MNISTTrain: 256, MNISTTest: 200, Hidden: 16, Epochs: 2, Seeds: 2},
		Full:  {Knobs: []int{1, 2, 4, 8, 16, 32, 64}, NearKnobs: []int{32, 64}, Draws: 4000, TwoLevelN: 64, MNISTTrain: 2048, Epochs: 10, Seeds: 10},
	})
}

// fill sets the zero fields to their defaults.
func (c *LoaderShufflesConfig) fill() {
	fillZero(c, LoaderShufflesConfig{
		ShardSize: 4, Knobs: []int{1, 2, 4, 8, 16, 32}, NearKnobs: []int{16, 32}, Draws: 1000, TwoLevelN: 32, SigmaTop: 10, SigmaLow: 10,
		MNISTTrain: 1024, MNISTTest: 1000, Batch: 8, Hidden: 32, Snapshot: 1, Epochs: 6, Seeds: 5, LR: 0.01, Momentum: 0.9,
	})
}

var _ dataReader = LoaderShufflesConfig{}

// dataSets names the data set the runs of c read: MNIST (dataReader).
func (c LoaderShufflesConfig) dataSets() []string {
	return []string{"mnist"}
}

// validate returns an error naming the first field of c out of range.
func (c *LoaderShufflesConfig) validate() error {
	switch {
	case c.ShardSize < 2:
		return fmt.Errorf("paper: loader-shuffles with shard size %d, want >= 2 (Lemma 2 needs m >= 2)", c.ShardSize)
	case len(c.Knobs) == 0 || !slices.IsSorted(c.Knobs):
		return fmt.Errorf("paper: loader-shuffles with knobs %v, want at least one, increasing", c.Knobs)
	case c.Draws < 2:
		return fmt.Errorf("paper: loader-shuffles with %d draws, want >= 2", c.Draws)
	case c.TwoLevelN < 2:
		return fmt.Errorf("paper: loader-shuffles with %d two-level shards, want >= 2", c.TwoLevelN)
	case !(c.SigmaTop > 0) || !(c.SigmaLow > 0) || math.IsInf(c.SigmaTop, 0) || math.IsInf(c.SigmaLow, 0):
		return fmt.Errorf("paper: loader-shuffles with σ_top = %v and σ_low = %v, want both finite and > 0", c.SigmaTop, c.SigmaLow)
	case c.MNISTTrain < 2*c.ShardSize || c.MNISTTest < 1:
		return fmt.Errorf("paper: loader-shuffles with %d training and %d test images, want >= 2·shard size and >= 1", c.MNISTTrain, c.MNISTTest)
	case c.Batch < 1 || c.Hidden < 1:
		return fmt.Errorf("paper: loader-shuffles with batch %d and %d hidden units, want both >= 1", c.Batch, c.Hidden)
	case c.Snapshot < 0 || c.Epochs < 1 || c.Seeds < 1:
		return fmt.Errorf("paper: loader-shuffles with snapshot %d, %d epochs and %d seeds, want >= 0, >= 1 and >= 1", c.Snapshot, c.Epochs, c.Seeds)
	case !(c.LR > 0) || math.IsInf(c.LR, 0) || !(c.Momentum >= 0 && c.Momentum < 1):
		return fmt.Errorf("paper: loader-shuffles with learning rate %v and momentum %v, want > 0 and in [0, 1)", c.LR, c.Momentum)
	}
	// The near knobs are measured knobs after the first, increasing.
	if !slices.IsSorted(c.NearKnobs) || slices.ContainsFunc(c.NearKnobs, func(k int) bool { return k == c.Knobs[0] || !slices.Contains(c.Knobs, k) }) ||
		len(slices.Compact(slices.Clone(c.NearKnobs))) != len(c.NearKnobs) {
		return fmt.Errorf("paper: loader-shuffles with near knobs %v, want distinct increasing knobs of %v after the first", c.NearKnobs, c.Knobs)
	}
	// Every knob must fit the smallest data set: at least 1 and at most
	// its number of shards.
	return checkInts(loaderShufflesID, "knob", c.Knobs, 1, c.TwoLevelN)
}

// # The run

// LoaderShufflesSetting is one shuffle at one knob value on one data set.
type LoaderShufflesSetting struct {
	// Shuffle names the shuffle and Knob is its knob value (0 for RR and
	// shard-level shuffle-once).
	Shuffle string
	Knob    int
	// Stats are the Monte Carlo statistics of φ²_{r,k} over the drawn
	// orders: Stats.MaxMean is E σ*² (M* = 0) and Stats.MaxOfMean max_k E
	// φ².
	Stats *Phi2Stats
	// Bound is Lemma 2's bound on E σ*² (TwoLevelSigmaStar2 with the
	// shards as top-level functions and K = m) where the shuffle is
	// two-level K-shuffling with random permutations at both levels (py1s
	// and py2s on one node, quasi-random and CorgiPile with a buffer of one
	// shard), else 0.
	Bound float64
}

// LoaderShufflesData is one data set: its gradient matrix, stored in
// shards, and every setting measured on it.
type LoaderShufflesData struct {
	// Name names the data set; Exchangeable is set if its shards are
	// exchangeable (random storage order) or have equal means (σ_top = 0).
	Name         string
	Exchangeable bool
	// N and D are the components and their dimension; Shards is N /
	// ShardSize.
	N, D, Shards int
	// SigmaTop2 is (1/Shards) Σ_i ‖∇f_i - ∇f‖² over the shard means and
	// SigmaLow2 the largest over shards of the mean ‖∇h_{i,j} - ∇f_i‖²
	// within a shard: the Assumption 5 constants (M = 0) of Lemma 2.
	SigmaTop2, SigmaLow2 float64
	// Settings are RR first, then every family at every knob, then
	// shard-level shuffle-once.
	Settings []LoaderShufflesSetting
}

// LoaderShufflesTraining is the training of one order on MNIST.
type LoaderShufflesTraining struct {
	// Shuffle and Knob name the order, as in LoaderShufflesSetting, and
	// Sorted is set if the batches are stored sorted by class, else in the
	// random order of the claim's fourth data set. RR is trained once
	// (Sorted set): its orders do not depend on the storage.
	Shuffle string
	Knob    int
	Sorted  bool
	// Loss[s][t] is the training loss and Acc[s][t] the test accuracy (a
	// fraction) of seed s after epoch t (t = 0: the initialisation).
	Loss, Acc [][]float64
}

// LoaderShufflesResult holds the loader-shuffles claim's measurements.
type LoaderShufflesResult struct {
	Config   LoaderShufflesConfig
	Data     []LoaderShufflesData
	Training []LoaderShufflesTraining
}

// check returns an error if res is nil or not of the shape of its config.
func (res *LoaderShufflesResult) check() error {
	if res == nil || len(res.Data) != 4 {
		return errResult(loaderShufflesID, "want 4 data sets")
	}
	want := 2 + len(loaderFamilies)*len(res.Config.Knobs)
	for _, d := range res.Data {
		if len(d.Settings) != want {
			return errResult(loaderShufflesID, "%s has %d settings, want %d", d.Name, len(d.Settings), want)
		}
		for _, s := range d.Settings {
			if s.Stats == nil || len(s.Stats.Mean) != d.N || d.N < 2 {
				return errResult(loaderShufflesID, "%s, %s: no statistics", d.Name, s.Shuffle)
			}
		}
	}
	if want := len(loaderTrained(res.Config)); len(res.Training) != want {
		return errResult(loaderShufflesID, "%d trained orders, want %d", len(res.Training), want)
	}
	for _, t := range res.Training {
		if len(t.Loss) != res.Config.Seeds || len(t.Acc) != res.Config.Seeds {
			return errResult(loaderShufflesID, "%s trained with %d seeds, want %d", t.Shuffle, len(t.Loss), res.Config.Seeds)
		}
		for s := range t.Loss {
			if len(t.Loss[s]) != res.Config.Epochs+1 || len(t.Acc[s]) != res.Config.Epochs+1 {
				return errResult(loaderShufflesID, "%s, seed %d: %d epochs, want %d", t.Shuffle, s, len(t.Loss[s])-1, res.Config.Epochs)
			}
		}
	}
	return nil
}

// Run measures E σ*² of every shuffle setting on the four data sets and
// trains the MNIST MLP with RR, with shard-level shuffle-once and every
// family at its smallest knob on MNIST stored sorted by class and in a
// random order, and with every family at each of NearKnobs on the sorted
// storage. It returns the result from env's cache if it is there.
func (c LoaderShufflesConfig) Run(ctx context.Context, env *Env) (*LoaderShufflesResult, error) {
	return runCached(ctx, env, loaderShufflesID, "runLoaderShuffles", c, runLoaderShuffles)
}

// loaderMNIST is the MNIST problem of the claim: the training subset, its
// same-class batches (stored sorted by class), the random storage order
// (stored position p holds batch perm[p]) and the test subset.
type loaderMNIST struct {
	net         *nn.MLP
	train, test *dataset.Set
	batches     [][]int
	perm        []int
}

func runLoaderShuffles(ctx context.Context, env *Env, c LoaderShufflesConfig) (*LoaderShufflesResult, error) {
	seed := env.Seed
	res := &LoaderShufflesResult{Config: c}
	total := 5 + len(loaderTrained(c))
	done := 0
	step := func() { done++; env.progress(done, total) }
	env.progress(0, total)

	// The two-level problem: shards are its top-level functions, stored
	// one after the other (flat index i·m + j).
	for _, top := range []float64{c.SigmaTop, 0} {
		p, err := problems.NewTwoLevel(problems.TwoLevelConfig{N: c.TwoLevelN, M: c.ShardSize, SigmaTop: top, SigmaLow: c.SigmaLow}.WithDefaults())
		if err != nil {
			return nil, err
		}
		g := ordering.ComponentGrads(nil, p, constant(p.Dim(), 1))
		name := fmt.Sprintf("two-level quadratic, σ_top = %g, σ_low = %g (shards not exchangeable)", top, c.SigmaLow)
		if top == 0 {
			name = fmt.Sprintf("two-level quadratic, σ_top = 0, σ_low = %g (shards exchangeable)", c.SigmaLow)
		}
		d, err := loaderMeasure(ctx, env, c, name, top == 0, g, seed, uint64(len(res.Data)))
		if err != nil {
			return nil, err
		}
		res.Data = append(res.Data, d)
		step()
	}

	m, err := loaderLoadMNIST(ctx, c, seed)
	if err != nil {
		return nil, err
	}
	p, err := nn.NewBatchProblem(m.net, m.train.Pixels, m.train.Labels, m.batches)
	if err != nil {
		return nil, err
	}
	w := make([]float64, m.net.NumParams())
	m.net.Init(w, mixSeed(seed, streamLoaderInit, 0))
	if c.Snapshot > 0 {
		rr, err := ordering.NewRR(p.Len(), mixSeed(seed, streamLoaderSnapshot))
		if err != nil {
			return nil, err
		}
		r, err := ordering.Run(p, w, rr, &ordering.Settings{Epochs: c.Snapshot, Step: ordering.Constant(c.LR), Momentum: c.Momentum, SkipEval: true, Context: ctx})
		if err != nil {
			return nil, err
		}
		w = r.X
	}
	sorted := mat.NewDense(p.Len(), p.Dim(), nil)
	for i := range p.Len() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p.CompGrad(sorted.RawRowView(i), i, w)
	}
	step()
	// Random storage: the same batches, stored in a random order.
	m.perm = newRand(seed, streamLoaderStorage).Perm(p.Len())
	n, dim := sorted.Dims()
	shuffled := mat.NewDense(n, dim, nil)
	for pos, i := range m.perm {
		shuffled.SetRow(pos, sorted.RawRowView(i))
	}
	for _, ds := range []struct {
		name  string
		exch  bool
		grads *mat.Dense
	}{
		{fmt.Sprintf("MNIST MLP same-class batch gradients, stored sorted by class (shards not exchangeable), N = %d, d = %d", n, dim), false, sorted},
		{fmt.Sprintf("MNIST MLP same-class batch gradients, stored in random order (shards exchangeable), N = %d, d = %d", n, dim), true, shuffled},
	} {
		d, err := loaderMeasure(ctx, env, c, ds.name, ds.exch, ds.grads, seed, uint64(len(res.Data)))
		if err != nil {
			return nil, err
		}
		res.Data = append(res.Data, d)
		step()
	}
	runtime.GC()
	if res.Training, err = loaderTrain(ctx, env, c, m, seed, step); err != nil {
		return nil, err
	}
	return res, nil
}

// loaderLoadMNIST loads the MNIST subsets and cuts the training subset
// into same-class batches, keeping a multiple of ShardSize of them (the
// first, in class order), so that every shard is full.
func loaderLoadMNIST(ctx context.Context, c LoaderShufflesConfig, seed uint64) (*loaderMNIST, error) {
	type sets struct{ train, test *dataset.Set }
	s, err := interruptible(ctx, func() (sets, error) {
		train, test, err := dataset.MNIST()
		return sets{train, test}, err
	})
	if err != nil {
		return nil, err
	}
	train, test := s.train, s.test
	if c.MNISTTrain < train.N {
		if train, err = train.Subset(newRand(seed, streamLoaderSubset, 0).Perm(train.N)[:c.MNISTTrain]); err != nil {
			return nil, err
		}
	}
	if c.MNISTTest < test.N {
		if test, err = test.Subset(newRand(seed, streamLoaderSubset, 1).Perm(test.N)[:c.MNISTTest]); err != nil {
			return nil, err
		}
	}
	labels := make([]int, train.N)
	for i, l := range train.Labels {
		labels[i] = int(l)
	}
	batches, err := ordering.SameClassBatches(labels, c.Batch, mixSeed(seed, streamLoaderBatches))
	if err != nil {
		return nil, err
	}
	keep := len(batches) / c.ShardSize * c.ShardSize
	if keep < 2*c.ShardSize {
		return nil, fmt.Errorf("paper: loader-shuffles: %d same-class batches of %d, want at least 2 shards of %d", len(batches), c.Batch, c.ShardSize)
	}
	net, err := nn.NewMLP(train.Dim(), c.Hidden, train.Classes)
	if err != nil {
		return nil, err
	}
	return &loaderMNIST{net: net, train: train, test: test, batches: batches[:keep]}, nil
}

// loaderOrder returns the order of the named shuffle at knob k over n
// components in shards of size, seeded by seed.
func loaderOrder(name string, k, n, size int, seed uint64) (ordering.Orderer, error) {
	shards, err := ordering.UniformShards(n, size)
	if err != nil {
		return nil, err
	}
	switch name {
	case loaderRR:
		return ordering.NewRR(n, seed)
	case loaderShardOnce:
		return ordering.NewShardShuffleOnce(shards, seed)
	case "streaming py1s":
		return ordering.NewStreamingShuffle(ordering.StreamingPy1s, shards, k, 0, seed)
	case "streaming py2s":
		return ordering.NewStreamingShuffle(ordering.StreamingPy2s, shards, k, 0, seed)
	case "streaming py1br":
		return ordering.NewStreamingShuffle(ordering.StreamingPy1br, shards, 1, k*size, seed)
	case "streaming py1e":
		return ordering.NewStreamingShuffle(ordering.StreamingPy1e, shards, 1, k*size, seed)
	case "FFCV quasi-random":
		return ordering.NewQuasiRandom(shards, k, seed)
	case "grain window shuffle":
		return ordering.NewWindowShuffle(n, k*size, seed)
	case "CorgiPile":
		return ordering.NewCorgiPile(shards, k, seed)
	}
	return nil, fmt.Errorf("paper: loader-shuffles: unknown shuffle %q", name)
}

// loaderTwoLevel reports whether the named shuffle at knob k is two-level
// K-shuffling with K = m and random permutations at both levels, where
// Lemma 2 applies with the shards as top-level functions.
func loaderTwoLevel(name string, k int) bool {
	switch name {
	case "streaming py1s", "streaming py2s", "FFCV quasi-random", "CorgiPile":
		return k == 1
	}
	return false
}

// loaderMeasure measures every setting on the gradient matrix g, whose
// rows are the components in their stored order.
func loaderMeasure(ctx context.Context, env *Env, c LoaderShufflesConfig, name string, exch bool, g *mat.Dense, seed, data uint64) (LoaderShufflesData, error) {
	n, dim := g.Dims()
	d := LoaderShufflesData{Name: name, Exchangeable: exch, N: n, D: dim, Shards: n / c.ShardSize}
	d.SigmaTop2, d.SigmaLow2 = loaderShardConstants(g, c.ShardSize)
	gram := centredGram(g)
	type job struct {
		name string
		k    int
	}
	jobs := []job{{loaderRR, 0}}
	for _, f := range loaderFamilies {
		for _, k := range c.Knobs {
			jobs = append(jobs, job{f.name, k})
		}
	}
	jobs = append(jobs, job{loaderShardOnce, 0})
	d.Settings = make([]LoaderShufflesSetting, len(jobs))
	errs := make([]error, len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(env.workers(), len(jobs)) {
		wg.Go(func() {
			for j := int(next.Add(1) - 1); j < len(jobs); j = int(next.Add(1) - 1) {
				jb := jobs[j]
				fam := uint64(slices.IndexFunc(loaderFamilies, func(f struct{ name, knob string }) bool { return f.name == jb.name }) + 2)
				s := mixSeed(seed, streamLoaderOrders, data, fam, uint64(jb.k))
				var o ordering.Orderer
				var draw func(dst []int, t int) ([]int, error)
				if jb.name == loaderShardOnce {
					// One order per run: E σ*² is over the runs' seeds.
					draw = func(dst []int, t int) ([]int, error) {
						o, err := loaderOrder(jb.name, 0, n, c.ShardSize, mixSeed(s, uint64(t)))
						if err != nil {
							return dst, err
						}
						return o.Order(dst, ordering.Epoch{})
					}
				} else {
					var err error
					if o, err = loaderOrder(jb.name, jb.k, n, c.ShardSize, s); err != nil {
						errs[j] = err
						return
					}
					draw = func(dst []int, t int) ([]int, error) { return o.Order(dst, ordering.Epoch{T: t}) }
				}
				st, err := gramPhi2Stats(ctx, gram, n, draw, c.Draws)
				if err != nil {
					errs[j] = err
					return
				}
				set := LoaderShufflesSetting{Shuffle: jb.name, Knob: jb.k, Stats: st}
				if loaderTwoLevel(jb.name, jb.k) {
					if set.Bound, err = ordering.TwoLevelSigmaStar2(d.SigmaTop2, d.SigmaLow2, d.Shards, c.ShardSize, c.ShardSize); err != nil {
						errs[j] = err
						return
					}
				}
				d.Settings[j] = set
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return d, err
	}
	return d, errors.Join(errs...)
}

// loaderShardConstants returns Lemma 2's constants for the rows of g cut
// into consecutive shards of size rows: σ_top² = (1/N) Σ_i ‖ḡ_i - ḡ‖² over
// the shard means ḡ_i, and σ_low² = max_i (1/size) Σ_j ‖g_{i,j} - ḡ_i‖².
func loaderShardConstants(g *mat.Dense, size int) (top2, low2 float64) {
	n, d := g.Dims()
	shards := n / size
	mean := make([]float64, d)
	sm := make([]float64, d)
	for i := range n {
		for j, v := range g.RawRowView(i) {
			mean[j] += v / float64(n)
		}
	}
	for s := range shards {
		clear(sm)
		for i := s * size; i < (s+1)*size; i++ {
			for j, v := range g.RawRowView(i) {
				sm[j] += v / float64(size)
			}
		}
		var t, l float64
		for j := range sm {
			t += (sm[j] - mean[j]) * (sm[j] - mean[j])
		}
		for i := s * size; i < (s+1)*size; i++ {
			for j, v := range g.RawRowView(i) {
				l += (v - sm[j]) * (v - sm[j])
			}
		}
		top2 += t / float64(shards)
		low2 = math.Max(low2, l/float64(size))
	}
	return top2, low2
}

// centredGram returns the n×n Gram matrix of the rows of g centred on
// their mean, as a flat row-major slice.
func centredGram(g *mat.Dense) []float64 {
	n, d := g.Dims()
	mean := make([]float64, d)
	for i := range n {
		for j, v := range g.RawRowView(i) {
			mean[j] += v / float64(n)
		}
	}
	c := mat.NewDense(n, d, nil)
	for i := range n {
		row := c.RawRowView(i)
		for j, v := range g.RawRowView(i) {
			row[j] = v - mean[j]
		}
	}
	var k mat.Dense
	k.Mul(c, c.T())
	out := make([]float64, n*n)
	for i := range n {
		copy(out[i*n:(i+1)*n], k.RawRowView(i))
	}
	return out
}

// gramPhi2Stats is samplePhi2 from the centred Gram matrix: φ²_{r,k} =
// φ²_{r,k-1} + K[r_k, r_k] + 2 Σ_{l<k} K[r_k, r_l], O(n²) per order
// instead of O(n d). Every order must be a permutation of [0, n).
func gramPhi2Stats(ctx context.Context, gram []float64, n int, draw func(dst []int, t int) ([]int, error), trials int) (*Phi2Stats, error) {
	mean, m2 := make([]float64, n), make([]float64, n)
	var maxMean, maxM2 float64
	welford := func(mean, m2 *float64, v float64, t int) {
		d := v - *mean
		*mean += d / float64(t+1)
		*m2 += d * (v - *mean)
	}
	var r []int
	var err error
	for t := range trials {
		if t%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if r, err = draw(r, t); err != nil {
			return nil, err
		}
		if len(r) != n {
			return nil, fmt.Errorf("paper: loader-shuffles: order of length %d, want %d", len(r), n)
		}
		var s, mx float64
		for k, p := range r {
			row := gram[p*n : (p+1)*n]
			acc := row[p]
			for _, q := range r[:k] {
				acc += 2 * row[q]
			}
			s += acc
			welford(&mean[k], &m2[k], s, t)
			mx = math.Max(mx, s)
		}
		welford(&maxMean, &maxM2, mx, t)
	}
	nt := float64(trials)
	se := func(m2 float64) float64 { return math.Sqrt(m2 / (nt - 1) / nt) }
	st := &Phi2Stats{Trials: trials, Mean: mean, SE: make([]float64, n), MaxMean: maxMean, MaxSE: se(maxM2)}
	for k := range m2 {
		st.SE[k] = se(m2[k])
	}
	return st, nil
}

// loaderTrained are the orders trained: RR, then for each storage
// (sorted by class, random) shard-level shuffle-once and every family at
// the smallest knob, then on the sorted storage every family at each of
// NearKnobs (last, so that the others keep their seeds).
func loaderTrained(c LoaderShufflesConfig) []LoaderShufflesTraining {
	out := []LoaderShufflesTraining{{Shuffle: loaderRR, Sorted: true}}
	for _, sorted := range []bool{true, false} {
		out = append(out, LoaderShufflesTraining{Shuffle: loaderShardOnce, Sorted: sorted})
		for _, f := range loaderFamilies {
			out = append(out, LoaderShufflesTraining{Shuffle: f.name, Knob: c.Knobs[0], Sorted: sorted})
		}
	}
	for _, k := range c.NearKnobs {
		for _, f := range loaderFamilies {
			out = append(out, LoaderShufflesTraining{Shuffle: f.name, Knob: k, Sorted: true})
		}
	}
	return out
}

// loaderTrain trains the MLP on MNIST stored sorted by class with every
// trained order and seed, in parallel over env's workers.
func loaderTrain(ctx context.Context, env *Env, c LoaderShufflesConfig, m *loaderMNIST, seed uint64, step func()) ([]LoaderShufflesTraining, error) {
	out := loaderTrained(c)
	for i := range out {
		out[i].Loss = make([][]float64, c.Seeds)
		out[i].Acc = make([][]float64, c.Seeds)
	}
	type job struct{ o, s int }
	var jobs []job
	for o := range out {
		for s := range c.Seeds {
			jobs = append(jobs, job{o, s})
		}
	}
	errs := make([]error, len(jobs))
	left := make([]atomic.Int64, len(out))
	for o := range left {
		left[o].Store(int64(c.Seeds))
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(env.workers(), len(jobs)) {
		wg.Go(func() {
			for j := int(next.Add(1) - 1); j < len(jobs); j = int(next.Add(1) - 1) {
				jb := jobs[j]
				t := &out[jb.o]
				t.Loss[jb.s], t.Acc[jb.s], errs[j] = loaderTrainOne(ctx, c, m, t, seed, jb.o, jb.s)
				if errs[j] != nil {
					return
				}
				if left[jb.o].Add(-1) == 0 {
					step()
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// loaderTrainOne trains one order with one seed and returns the training
// loss and test accuracy after every epoch. Every order of one seed starts
// from the same initialisation, so the runs are paired.
func loaderTrainOne(ctx context.Context, c LoaderShufflesConfig, m *loaderMNIST, t *LoaderShufflesTraining, seed uint64, o, s int) (loss, acc []float64, err error) {
	name, k := t.Shuffle, t.Knob
	batches := m.batches
	if !t.Sorted {
		batches = make([][]int, len(m.perm))
		for pos, i := range m.perm {
			batches[pos] = m.batches[i]
		}
	}
	p, err := nn.NewBatchProblem(m.net, m.train.Pixels, m.train.Labels, batches)
	if err != nil {
		return nil, nil, err
	}
	w := make([]float64, m.net.NumParams())
	m.net.Init(w, mixSeed(seed, streamLoaderInit, 1, uint64(s)))
	ord, err := loaderOrder(name, k, p.Len(), c.ShardSize, mixSeed(seed, streamLoaderTrain, uint64(o), uint64(s)))
	if err != nil {
		return nil, nil, err
	}
	record := ordering.RecorderFunc(func(r *ordering.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		a, _, err := nn.Evaluate(m.net, r.X, m.test.Pixels, m.test.Labels)
		if err != nil {
			return err
		}
		_, l, err := nn.Evaluate(m.net, r.X, m.train.Pixels, m.train.Labels)
		if err != nil {
			return err
		}
		if math.IsNaN(l) || math.IsInf(l, 0) {
			return fmt.Errorf("paper: loader-shuffles: %s diverged (training loss %v after epoch %d)", name, l, r.Epoch)
		}
		loss, acc = append(loss, l), append(acc, a)
		return nil
	})
	_, err = ordering.Run(p, w, ord, &ordering.Settings{Epochs: c.Epochs, Step: ordering.Constant(c.LR), Momentum: c.Momentum,
		Recorder: record, SkipEval: true, Context: ctx})
	return loss, acc, err
}

// # The outcome

// LoaderRatio is E σ*² of one setting over RR's on one data set.
type LoaderRatio struct {
	// Knob is the setting's knob value; Ratio its E σ*² over RR's, with
	// the 95% interval [Lo, Hi] (delta method on the two Monte Carlo
	// means); MaxOfMean is max_k E φ²_{r,k} over RR's.
	Knob             int
	Ratio, Lo, Hi    float64
	Draws            int // the orders E σ*² is the mean over
	MaxOfMean        float64
	Bound, BoundOver float64 // Lemma 2's bound (0: not two-level) and bound / E σ*²
	// Worse is set if Lo > loaderMargin (σ*² flags the setting), Same if
	// Hi < loaderMargin (as good as RR, or better).
	Worse, Same bool
}

// LoaderFamily is one shuffle's sweep on one data set.
type LoaderFamily struct {
	// Shuffle and Knob name the shuffle and its knob.
	Shuffle, Knob string
	// Ratios are per knob value, in the config's order.
	Ratios []LoaderRatio
	// SameFrom is the smallest knob value from which every larger one in
	// the sweep is as good as RR (Same), 0 if there is none.
	SameFrom int
}

// sameKnobs returns the knobs of the sweep at which the shuffle's E σ*² is
// as good as RR's (LoaderRatio.Same), in the sweep's order.
func (fam LoaderFamily) sameKnobs() []int {
	var ks []int
	for _, r := range fam.Ratios {
		if r.Same {
			ks = append(ks, r.Knob)
		}
	}
	return ks
}

// LoaderData is what one data set shows.
type LoaderData struct {
	// Name names the data set and Exchangeable is set if its shards are.
	Name         string
	Exchangeable bool
	// RR is RR's E σ*² and ShardOnce shard-level shuffle-once's ratio.
	RR        float64
	ShardOnce LoaderRatio
	// Families are the swept shuffles, in loaderFamilies' order.
	Families []LoaderFamily
	// BoundHolds is set if E σ*² is within Lemma 2's bound in every
	// two-level setting.
	BoundHolds bool
}

// LoaderTrained is one trained order against RR.
type LoaderTrained struct {
	// Shuffle and Knob name the order, and Sorted is set if it ran on
	// MNIST stored sorted by class, else in the random order.
	Shuffle string
	Knob    int
	Sorted  bool
	// Sigma is its E σ*² ratio to RR's on the same data.
	Sigma LoaderRatio
	// Loss is the paired interval of its final training loss minus RR's
	// over the seeds, Acc that of its final test accuracy minus RR's, in
	// points.
	Loss, Acc Interval
	// Costs is set if Holm's step-down at ruleAlpha over the family of
	// every trained setting's cost p-value (loaderCostFamily) rejects "no
	// cost"; Flagged if σ*² flags the setting (Sigma.Worse), Cleared if
	// σ*² calls it as good as RR (Sigma.Same).
	Costs, Flagged, Cleared bool
	// CostP is its Holm-adjusted cost p-value.
	CostP float64
}

// loaderCostP returns t's p-value of a cost: twice the smaller of the
// one-sided p-values of "loss above RR's" (Loss.PAbove(0)) and "accuracy
// below RR's" (Acc.PBelow(0)), at most 1 (Bonferroni over the two: a
// cost is either), 1 if neither is defined.
func (t LoaderTrained) loaderCostP() float64 {
	p := math.Min(t.Loss.PAbove(0), t.Acc.PBelow(0))
	if math.IsNaN(p) {
		return 1
	}
	return math.Min(1, 2*p)
}

// loaderCostFamily sets Costs and CostP of every trained setting in ts:
// the cost p-values (loaderCostP) of every setting form one family, and a
// setting costs if Holm's step-down (holm) rejects its null at ruleAlpha,
// the rule's one-sided level: whatever the dependence, the chance of at
// least one false "costs" among the settings is at most ruleAlpha.
func loaderCostFamily(ts []LoaderTrained) {
	p := make([]float64, len(ts))
	for i, t := range ts {
		p[i] = t.loaderCostP()
	}
	adj, rej := holm(p, ruleAlpha)
	for i := range ts {
		ts[i].Costs, ts[i].CostP = rej[i], adj[i]
	}
}

// LoaderShufflesFindings is what the loader-shuffles claim shows.
type LoaderShufflesFindings struct {
	// Data are the four data sets, in the result's order.
	Data []LoaderData
	// Trained are the trained orders besides RR.
	Trained []LoaderTrained
	// Unflagged names the trained settings σ*² does not flag whose final
	// loss gap to RR's is shown above loaderLossMargin (shown worse than
	// RR by more than the margin: the unflagged part fails),
	// UnflaggedOpen those σ*² does not flag whose gap is not shown below
	// the margin (unsettled), Overflagged those σ*² flags whose loss is
	// shown below RR's, and Unsettled those σ*² flags whose cost is
	// neither shown nor ruled out (all read from the rule's judgement).
	Unflagged, UnflaggedOpen, Overflagged, Unsettled []string
	// Rank is Spearman's ρ of the E σ*² ratio and the mean final loss gap
	// over the settings trained on MNIST sorted by class, reported
	// beside the verdict and not judged, with its 95% bootstrap
	// percentile interval and the
	// one-sided bootstrap p-values RankPAbove and RankPBelow of its lying
	// above and below orderMattersLevel; SpearmanSorted is its point
	// value and SortedN its settings. Test is the stratified permutation
	// test (strata: the storage) of a positive within-storage ρ over both
	// storages and Spearman that ρ pooled over them, shown only.
	Rank                   Interval
	RankPAbove, RankPBelow float64
	SpearmanSorted         float64
	SortedN                int
	Test                   StratifiedTest
	Spearman               float64
	// Checkable is set if there are at least two seeds and
	// loaderMinTrained trained settings; if not, every part measured
	// nothing (NotCheckable).
	// Met is set if the rule (loaderShufflesRule) finds the goal met.
	Checkable, Met bool
	// Verdict is the rule's.
	Verdict Verdict
	// judgement is the rule's judgement of the findings.
	judgement Judgement
}

// loaderRatio returns setting s's E σ*² over rr's.
func loaderRatio(s, rr LoaderShufflesSetting) LoaderRatio {
	a, b := s.Stats.MaxMean, rr.Stats.MaxMean
	r := a / b
	se := r * math.Hypot(s.Stats.MaxSE/a, rr.Stats.MaxSE/b)
	mo, _ := s.Stats.MaxOfMean()
	mr, _ := rr.Stats.MaxOfMean()
	lr := LoaderRatio{Knob: s.Knob, Ratio: r, Lo: r - z95*se, Hi: r + z95*se, Draws: s.Stats.Trials, MaxOfMean: mo / mr, Bound: s.Bound}
	if s.Bound > 0 {
		lr.BoundOver = s.Bound / a
	}
	lr.Worse = lr.Lo > loaderMargin
	lr.Same = lr.Hi < loaderMargin
	return lr
}

// Findings returns what the claim shows. It returns an error if res is
// nil or not of the shape of its config.
func (res *LoaderShufflesResult) Findings() (*LoaderShufflesFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	f := &LoaderShufflesFindings{}
	for _, d := range res.Data {
		ld, err := loaderDataFindings(c, d)
		if err != nil {
			return nil, err
		}
		f.Data = append(f.Data, ld)
	}
	// The trained orders, against RR, on MNIST sorted by class (the third
	// data set) or in a random order (the fourth).
	var rrRun *LoaderShufflesTraining
	for i := range res.Training {
		if res.Training[i].Shuffle == loaderRR {
			rrRun = &res.Training[i]
		}
	}
	if rrRun == nil {
		return nil, errResult(loaderShufflesID, "no RR training")
	}
	last := func(v [][]float64, scale float64) []float64 {
		out := make([]float64, len(v))
		for s, x := range v {
			out[s] = scale * x[len(x)-1]
		}
		return out
	}
	var ratios, gaps []float64
	for _, t := range res.Training {
		if t.Shuffle == loaderRR {
			continue
		}
		data := res.Data[3]
		if t.Sorted {
			data = res.Data[2]
		}
		set, err := loaderSetting(data, t.Shuffle, t.Knob)
		if err != nil {
			return nil, err
		}
		rrSet, err := loaderSetting(data, loaderRR, 0)
		if err != nil {
			return nil, err
		}
		lt := LoaderTrained{Shuffle: t.Shuffle, Knob: t.Knob, Sorted: t.Sorted, Sigma: loaderRatio(set, rrSet),
			Loss: pairedInterval(last(t.Loss, 1), last(rrRun.Loss, 1), 1),
			Acc:  pairedInterval(last(t.Acc, 1), last(rrRun.Acc, 1), 100)}
		lt.Flagged, lt.Cleared = lt.Sigma.Worse, lt.Sigma.Same
		f.Trained = append(f.Trained, lt)
		ratios, gaps = append(ratios, lt.Sigma.Ratio), append(gaps, lt.Loss.Mean)
	}
	loaderCostFamily(f.Trained)
	if err := judgeLoaders(f, c.Seeds, ratios, gaps); err != nil {
		return nil, err
	}
	return f, nil
}

// loaderFailEnd returns the t-interval iv with its failing end at the
// one-sided level ruleAlpha/k, Bonferroni over a part's k settings: its
// lower end where the part holds below its threshold (holds is Below),
// its upper end where it holds above. The holding end is iv's, at
// ruleAlpha. iv is returned as it is with fewer than two runs, no
// standard error or k below 2.
func loaderFailEnd(iv Interval, k int, holds Side) Interval {
	if iv.N < 2 || k < 2 || !(iv.SE >= 0) {
		return iv
	}
	h := tCrit(iv.N-1, 1-2*ruleAlpha/float64(k)) * iv.SE
	if holds == Below {
		iv.Lo = iv.Mean - h
	} else {
		iv.Hi = iv.Mean + h
	}
	return iv
}

// judgeLoaders judges the trained settings (ratios and gaps in f.Trained's
// order, their Costs set by loaderCostFamily) by loaderShufflesRule: the
// ranking on the sorted storage (and the stratified test over both,
// shown), the measures of each part, the verdict, and the settings each
// part finds against the goal. It returns an error if the rule cannot
// judge them.
func judgeLoaders(f *LoaderShufflesFindings, seeds int, ratios, gaps []float64) error {
	var strata, one []string
	var sr, sg []float64
	for i, t := range f.Trained {
		strata = append(strata, t.storage())
		if t.Sorted {
			sr, sg, one = append(sr, ratios[i]), append(sg, gaps[i]), append(one, t.storage())
		}
	}
	f.Spearman = spearman(ratios, gaps)
	f.Test = stratifiedSpearman(ratios, gaps, strata, loaderPerms, loaderPermSeed)
	f.SpearmanSorted, f.SortedN = math.NaN(), len(sr)
	if len(sr) >= 2 {
		f.SpearmanSorted = spearman(sr, sg)
	}
	f.Rank, f.RankPAbove, f.RankPBelow = stratifiedBootstrap(sr, sg, one, orderMattersLevel, loaderBoot, loaderBootSeed)
	// What the loss parts need: two seeds for an interval, and enough
	// settings; the ranking, reported only, gates nothing.
	f.Checkable = seeds >= 2 && len(f.Trained) >= loaderMinTrained
	m := Measures{}
	var unflagged, flagged []LoaderTrained
	for _, t := range f.Trained {
		if t.Flagged {
			flagged = append(flagged, t)
		} else {
			unflagged = append(unflagged, t)
		}
	}
	// Each part is an intersection over its settings: it holds only if
	// every setting holds, at 2.5% each, and fails if one setting fails,
	// a union whose level is Bonferroni's over the part's settings.
	for _, t := range unflagged {
		m["loader-shuffles-unflagged"] = append(m["loader-shuffles-unflagged"], Measure{Label: t.name(), Iv: loaderFailEnd(t.Loss, len(unflagged), Below),
			Note: fmt.Sprintf("E σ*²/RR %.3g [%.3g, %.3g]; 95%% interval %s", t.Sigma.Ratio, t.Sigma.Lo, t.Sigma.Hi, t.Loss.Plain())})
	}
	for _, t := range flagged {
		m["loader-shuffles-overflagged"] = append(m["loader-shuffles-overflagged"], Measure{Label: t.name(), Iv: loaderFailEnd(t.Loss, len(flagged), Above)})
	}
	// A part with no setting selected measured nothing.
	nothing := Measure{Label: "no setting selected", Iv: Interval{Mean: math.NaN(), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}, HasP: true, PHold: 1, PFail: 1}
	for _, p := range loaderShufflesRule.Parts {
		if len(m[p.Name]) == 0 {
			m[p.Name] = []Measure{nothing}
		}
		if !f.Checkable {
			for k := range m[p.Name] {
				m[p.Name][k].Iv.N, m[p.Name][k].PHold, m[p.Name][k].PFail = 0, 1, 1
			}
		}
	}
	j, err := loaderShufflesRule.Judge(m, nil)
	if err != nil {
		return err
	}
	f.judgement, f.Verdict, f.Met = j, j.Verdict, j.Verdict == GoalMet
	f.Unflagged, f.UnflaggedOpen, f.Overflagged, f.Unsettled = nil, nil, nil, nil
	// The lists read each setting as its part does: its failing end at
	// the part's Bonferroni level, its holding end at 2.5%.
	un, _ := j.Part("loader-shuffles-unflagged")
	for k, t := range unflagged {
		switch {
		case un.Measures[k].Iv.Against(loaderLossMargin) == Above:
			f.Unflagged = append(f.Unflagged, t.name())
		case !un.Holds[k]:
			f.UnflaggedOpen = append(f.UnflaggedOpen, t.name())
		}
	}
	over, _ := j.Part("loader-shuffles-overflagged")
	for k, t := range flagged {
		switch {
		case over.Measures[k].Iv.Against(loaderLossMargin) == Below:
			f.Overflagged = append(f.Overflagged, t.name())
		case !over.Holds[k]:
			f.Unsettled = append(f.Unsettled, t.name())
		}
	}
	return nil
}

// interval returns r as an interval: its ratio and 95% delta-method
// interval (normal, not a t-interval: SE NaN, so it gives no t p-value),
// N the draws it rests on.
func (r LoaderRatio) interval() Interval {
	return Interval{Mean: r.Ratio, SE: math.NaN(), Lo: r.Lo, Hi: r.Hi, N: r.Draws}
}

// storage names the storage a trained setting ran on.
func (t LoaderTrained) storage() string {
	if t.Sorted {
		return "sorted by class"
	}
	return "random order"
}

// name names a trained setting with its storage.
func (t LoaderTrained) name() string {
	return loaderSettingName(t.Shuffle, t.Knob) + " (" + t.storage() + ")"
}

// loaderSettingName names a setting: the shuffle and its knob, if any.
func loaderSettingName(shuffle string, k int) string {
	if k == 0 {
		return shuffle
	}
	return fmt.Sprintf("%s, %d", shuffle, k)
}

// loaderSetting returns the named setting of d.
func loaderSetting(d LoaderShufflesData, shuffle string, k int) (LoaderShufflesSetting, error) {
	for _, s := range d.Settings {
		if s.Shuffle == shuffle && s.Knob == k {
			return s, nil
		}
	}
	return LoaderShufflesSetting{}, errResult(loaderShufflesID, "%s has no setting %s", d.Name, loaderSettingName(shuffle, k))
}

// loaderDataFindings returns what data set d shows.
func loaderDataFindings(c LoaderShufflesConfig, d LoaderShufflesData) (LoaderData, error) {
	rr, err := loaderSetting(d, loaderRR, 0)
	if err != nil {
		return LoaderData{}, err
	}
	once, err := loaderSetting(d, loaderShardOnce, 0)
	if err != nil {
		return LoaderData{}, err
	}
	ld := LoaderData{Name: d.Name, Exchangeable: d.Exchangeable, RR: rr.Stats.MaxMean, ShardOnce: loaderRatio(once, rr), BoundHolds: true}
	for _, fam := range loaderFamilies {
		lf := LoaderFamily{Shuffle: fam.name, Knob: fam.knob}
		for _, k := range c.Knobs {
			s, err := loaderSetting(d, fam.name, k)
			if err != nil {
				return LoaderData{}, err
			}
			r := loaderRatio(s, rr)
			if s.Bound > 0 && s.Stats.MaxMean > s.Bound {
				ld.BoundHolds = false
			}
			lf.Ratios = append(lf.Ratios, r)
		}
		for i := len(lf.Ratios) - 1; i >= 0 && lf.Ratios[i].Same; i-- {
			lf.SameFrom = lf.Ratios[i].Knob
		}
		ld.Families = append(ld.Families, lf)
	}
	return ld, nil
}

// Outcome renders the findings: the verdict, a row per data set and
// shuffle, the table answering which settings cost convergence, and the
// charts. It returns an error if res is nil or not of the shape of its
// config.
func (res *LoaderShufflesResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	out := Outcome{}
	out.judged(&loaderShufflesRule, f.judgement)
	loaderRows(&out, c, f)
	nFlagged := countFlagged(f.Trained)
	out.Summary = fmt.Sprintf("On MNIST stored sorted by class or in a random order, %d of %d trained loader settings cost convergence against RR (Holm over the settings' cost tests at %g one-sided); "+
		"of the %d σ*² does not flag (E σ*²/RR's interval not above %g), %d shown worse than RR by more than %g in final training loss and %d not shown within it (unsettled); of the %d σ*² flags (interval above %g), %d shown to cost less than %g (flagged in vain), %d whose cost is unsettled against it; "+
		"each part's failing ends at 2.5%% over its settings (Bonferroni); σ*² flags, by storage and knob, %s (where it flags all or none of a group, storage and knob alone would flag the same); "+
		"Spearman ρ on the sorted storage %s (reported, not judged; %s); %s: %s",
		countCosts(f.Trained), len(f.Trained), ruleAlpha, len(f.Trained)-nFlagged, loaderMargin, len(f.Unflagged), loaderLossMargin, len(f.UnflaggedOpen), nFlagged, loaderMargin, len(f.Overflagged), loaderLossMargin, len(f.Unsettled), loaderFlagsByKnob(f), loaderRankText(f), loaderRankWithin(f), loaderTestText(f.Test), f.Verdict)
	out.Brief = fmt.Sprintf("unflagged (E σ*²/RR not > %g): %d worse than RR by > %g, %d open; flagged: %d cost < %g, %d open; ρ on sorted storage %s (not judged)",
		loaderMargin, len(f.Unflagged), loaderLossMargin, len(f.UnflaggedOpen), len(f.Overflagged), loaderLossMargin, len(f.Unsettled), loaderRankText(f))
	out.Key = Key{Name: "Spearman(E σ*² ratio, loss gap), MNIST sorted by class", Value: f.SpearmanSorted}
	// Either part can decide it: a setting σ*² does not flag shown worse
	// than RR by more than the margin, or one it flags shown to cost
	// less (each at its part's ends).
	out.Decides = &Decider{Name: fmt.Sprintf("settings σ*² does not flag shown worse than RR by more than %g, and settings it flags shown to cost less (flagged in vain)", loaderLossMargin),
		Ours:  fmt.Sprintf("%d of %d unflagged, %d of %d flagged", len(f.Unflagged), len(f.Trained)-nFlagged, len(f.Overflagged), nFlagged),
		Paper: "our goal: none of either"}
	out.Details = loaderTable(c, f)
	out.Protocol = loaderProtocol(res, f)
	if err := loaderCharts(&out, res, f); err != nil {
		return nil, err
	}
	return &out, nil
}

// loaderRows adds to out a row per data set and shuffle (E σ*²/RR's over
// the knobs) and one per trained setting (its cost against RR and its σ*²).
func loaderRows(out *Outcome, c LoaderShufflesConfig, f *LoaderShufflesFindings) {
	knobs := joinInts(c.Knobs)
	for di, d := range f.Data {
		for _, fam := range d.Families {
			var parts, maxes []string
			bound := "beyond the paper"
			for _, r := range fam.Ratios {
				parts = append(parts, fmt.Sprintf("%.3g [%.3g, %.3g]", r.Ratio, r.Lo, r.Hi))
				maxes = append(maxes, fmt.Sprintf("%.3g", r.MaxOfMean))
				if r.Bound > 0 {
					bound = fmt.Sprintf("Lemma 2 at %d: E σ*² ≤ %.4g (bound/measured %.2f)", r.Knob, r.Bound, r.BoundOver)
				}
			}
			sameText := "at no knob"
			if same := fam.sameKnobs(); len(same) > 0 {
				sameText = "at " + joinInts(same)
			}
			out.Rows = append(out.Rows, Row{
				Quantity: fmt.Sprintf("%s: %s (%s %s): E σ*²/RR's", loaderDataShort(di), fam.Shuffle, fam.Knob, knobs),
				Paper:    bound,
				Ours:     fmt.Sprintf("%s (max_k E φ² over RR's: %s); shown below %g× RR's (as good as RR, or better) %s", strings.Join(parts, ", "), strings.Join(maxes, ", "), loaderMargin, sameText),
			})
		}
		out.Rows = append(out.Rows, Row{
			Quantity: fmt.Sprintf("%s: %s: E σ*²/RR's (RR's E σ*² = %.4g)", loaderDataShort(di), loaderShardOnce, d.RR),
			Paper:    "beyond the paper",
			Ours:     fmt.Sprintf("%.3g [%.3g, %.3g]", d.ShardOnce.Ratio, d.ShardOnce.Lo, d.ShardOnce.Hi),
		})
	}
	for _, t := range f.Trained {
		out.Rows = append(out.Rows, Row{
			Quantity: fmt.Sprintf("MNIST, trained: %s: final loss and test accuracy minus RR's (95%% paired t)", t.name()),
			Paper:    fmt.Sprintf("goal: σ*² flags (E σ*²/RR shown > %g) ⇒ costs; not flagged ⇒ loss gap shown < %g; flagged and shown to cost < %g: not met", loaderMargin, loaderLossMargin, loaderLossMargin),
			Ours:     fmt.Sprintf("loss %s, accuracy %s points; E σ*²/RR %.3g [%.3g, %.3g]; cost %s (Holm p %.2g), flagged %v, cleared %v", t.Loss, t.Acc, t.Sigma.Ratio, t.Sigma.Lo, t.Sigma.Hi, map[bool]string{true: "shown", false: "not shown"}[t.Costs], t.CostP, t.Flagged, t.Cleared),
		})
	}
}

// loaderProtocol returns the claim's protocol lines.
func loaderProtocol(res *LoaderShufflesResult, f *LoaderShufflesFindings) []string {
	c := res.Config
	return []string{
		fmt.Sprintf("Shards of %d components (pages for FFCV, blocks for CorgiPile); knobs %s: canonical nodes for py1s and py2s, "+
			"the block, window or buffer size in shards for the others; py1br, py1e, quasi-random, window and CorgiPile run on one node.", c.ShardSize, joinInts(c.Knobs)),
		fmt.Sprintf("Data: problems.TwoLevel with %d shards of m = %d, σ_low = %g and σ_top = %g (not exchangeable) or 0 (exchangeable), gradients at x = 1; "+
			"the MNIST MLP 784-%d-10's gradients of %d same-class batches of %d from %d training images, after %d epoch(s) of RR, stored sorted by class or in a random order.",
			c.TwoLevelN, c.ShardSize, c.SigmaLow, c.SigmaTop, c.Hidden, res.Data[2].N, c.Batch, c.MNISTTrain, c.Snapshot),
		fmt.Sprintf("E σ*² (M* = 0) is the mean of max_k φ²_{r,k} over %d orders per setting (over %d run seeds for shard-level shuffle-once, which repeats its order); "+
			"its ratio to RR's has a 95%% delta-method interval. Non-inferiority margin %g: a setting is as good as RR if the interval lies below %g, and σ*² flags it if the interval lies above %g.",
			c.Draws, c.Draws, loaderMargin, loaderMargin, loaderMargin),
		"Lemma 2's bound is TwoLevelSigmaStar2 with the shards as top-level functions and K = m, for the settings that are two-level K-shuffling with random permutations at both levels " +
			"(py1s and py2s on one node, quasi-random and CorgiPile with a buffer of one shard); σ_top² and σ_low² are measured from the gradients (M = 0).",
		fmt.Sprintf("Training: RR, and shard-level shuffle-once and every shuffle at knob %d on MNIST stored sorted by class and in the random order, and every shuffle at knobs %s on the sorted storage (near σ*²'s threshold); %d epochs, %d seeds (each seed one initialisation for every order), learning rate %g, momentum %g; "+
			"RR is trained once, as its orders do not depend on the storage. A setting's p-value of a cost is twice the smaller of its one-sided paired t p-values over the seeds of a final training loss above RR's and a test accuracy below (Bonferroni over the two); "+
			"it costs convergence if Holm's step-down at %g one-sided over the %d trained settings' p-values rejects \"no cost\". "+
			"The rule's parts select their settings by σ*² alone: each setting σ*² does not flag (E σ*²/RR's interval not wholly above %g) must have its final training loss minus RR's shown below %g (non-inferiority, paired t-interval: every one, each at 2.5%% one-sided, an intersection needing no adjustment; one shown above fails the part, read at 2.5%% over the part's settings, Bonferroni), "+
			"and each setting σ*² flags must have it shown above that margin, the same way; a part with no setting selected measured nothing (not checkable, and the goal at best inconclusive): with every setting (or none) flagged σ*² has nothing to tell apart.",
			c.Knobs[0], joinInts(c.NearKnobs), c.Epochs, c.Seeds, c.LR, c.Momentum, ruleAlpha, len(f.Trained), loaderMargin, loaderLossMargin),
		fmt.Sprintf("Ranking, reported and not judged since 2026-11-30: Spearman's ρ of the E σ*² ratio and the mean loss gap over the %d settings trained on MNIST sorted by class, its interval the percentile interval of %d bootstrap replicates resampling the settings (a fixed seed), against %g, order-matters' threshold for \"ranks\" "+
			"(not shown with fewer than %d settings, order-matters' least stratum), beside the ρ of a ranker by the knob alone and σ*²'s ρ within each knob. Only the sorted storage is shown: there the shards are not exchangeable and the costs lie; on the random storage every ratio is near 1 and the gaps are seed noise. "+
			"Shown, not judged: the stratified permutation test of a positive within-storage ρ over both storages (%d permutations; points per storage: %s) and ρ pooled over both (%.2f). With fewer than 2 seeds or %d trained settings, nothing is measured (not checkable).",
			f.SortedN, loaderBoot, orderMattersLevel, orderMattersStratumMin, loaderPerms, strataCounts(f.Test), f.Spearman, loaderMinTrained),
		fmt.Sprintf("Changed on 2026-11-30, after the confirmatory pass on base seed 1002 (goal not met), when an independent referee read of the registration weighed the unflagged part as weak: its margin, 0.15, was about 60%% of RR's own mean final loss on the exploratory seeds (0.24), so that a setting half again as bad as RR counted as not worse. "+
			"The margin of both loss parts is now %g, about a fifth of that loss, our choice of the least cost we count. "+
			"Known when changed, from that pass: the two unflagged settings shown worse than RR, shard-level shuffle-once +0.031 [+0.005, +0.057] and CorgiPile at 32 on the sorted storage +0.033 [+0.009, +0.058], would be unsettled against %g, not hold (against the goal); and of the flagged settings, six lay wholly below 0.15 and failed the overflagged part there (streaming py1s and py2s at 16, py1e at 16 and 32, CorgiPile at 16, FFCV at 32), while against %g only streaming py1s and py2s at 16 do, the others unsettled or shown above it (towards the goal). The goal read not met either way. The claim is registered again on new seeds.",
			loaderLossMargin, loaderLossMargin, loaderLossMargin),
		"Rule history: the first default-scale run trained on MNIST sorted by class only and asked for no unflagged cost and Spearman ≥ 0.5; " +
			"every trained setting cost convergence, their E σ*² ratios were near 3 with ties, Spearman 0.45: goal not met. " +
			"The rule then gained the random storage and its second part (every flagged setting is shown to cost); the thresholds (1.25, 0.5) are unchanged. " +
			"On 2026-11-26, after the referee read the verdicts (issue 28), the ranking became the stratified permutation test within each storage at one-sided 0.05 (pooling the storages mixes two groups: Simpson's paradox), a flagged setting counted against the goal only if shown not to cost (TOST within ±5% of RR's loss and ±0.5 points), " +
			"a costly setting only if σ*² is shown not to flag it, and the settings' three tests each (loss, accuracy, TOST) became one Holm family at 5%.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (the rule declared as data, judged by the generic tests): Holm at 2.5% one-sided, not 5%, over one cost p-value per setting (twice the smaller of its loss and accuracy tests), not over its three tests; " +
			"a flagged setting fails the goal if its loss is shown below RR's, no longer if shown within the TOST margins (now unsettled); the ranking holds at permutation p ≤ 0.025, not < 0.05, and fails if its stratified bootstrap interval lies below 0, not at the opposite permutation p < 0.05; " +
			"a part with no setting selected, and too few seeds or settings, are not checkable (before: too few settings was inconclusive).",
		fmt.Sprintf("Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29): the unflagged part judges every setting σ*² does not flag by non-inferiority, its final training loss minus RR's shown below %g (95%% paired t-interval over the seeds), so that fewer seeds leave it unsettled, not met "+
			"(before: every setting shown to cost, loss or accuracy, after Holm, needed E σ*²/RR shown above %g; fewer seeds showed fewer costs and so made it easier to meet). The margin is about an eighth of the smallest cost σ*² flagged on those seeds (+1.14) and under the spread of RR's own final loss over them (0.16 to 0.37). That spread is between seeds, not of the paired gaps the part judges, whose intervals are far narrower: the margin is our choice, and a setting shown worse than RR by less than it holds and is named (said 2026-11-30, after the third referee read; the rule is unchanged). The same day the part's sentence, registered as \"is shown not worse than RR\" (PREREGISTRATION.md), came to read \"... not worse than RR by more than 0.15 in final training loss\", what its test always judged: wording only, which the registered hash leaves out.", 0.15, loaderMargin),
		fmt.Sprintf("Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, after the second referee read and the near-threshold settings' first run at seed 1): the overflagged part judges each flagged setting's final training loss minus RR's against the unflagged part's margin %g, holding where shown above it and failing where shown below it, so that σ*² flagging a setting that costs nothing fails the goal (before: a cost shown above 0, with its p-value the smaller of the loss and accuracy tests doubled, failing only where the loss was shown below RR's: a zero-cost flag stayed unsettled however many seeds ran).", 0.15),
		fmt.Sprintf("Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29): the trained settings gained every shuffle at knobs %s on the sorted storage, whose E σ*²/RR's lie near the threshold, chosen from the measured σ*² alone (before: the smallest knob only, ratios 3 to 9 sorted and below 1.25 random: no setting near the threshold).", joinInts(c.NearKnobs)),
		fmt.Sprintf("Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29): the ranking reads \"ranks\" as order-matters does, ρ's bootstrap interval above %g, and is judged on the sorted storage only, where the costs lie (before: the mean of the two storages' ρ, met at a stratified permutation p ≤ 0.025 for ρ > 0).", orderMattersLevel),
		"py1s and py2s fix which shards each canonical node holds for the whole run; their E σ*² is over the epochs of one run (one run seed per setting), " +
			"so it is conditional on that assignment, which is why their curves need not fall monotonically with the number of nodes.",
		"The loaders' algorithms are reproduced from their documentation and code (see ordering's loader orders for the reading of each), with this package's generator: their distribution, not their bits.",
	}
}

// loaderFlagsByKnob says how many settings σ*² flags in each group of
// storage and knob ("sorted by class: knob 1 8 of 8, ..."; shard-level
// shuffle-once, knob 0, with the smallest knob), so that a reader sees
// where σ*² splits the settings otherwise than their storage and knob.
func loaderFlagsByKnob(f *LoaderShufflesFindings) string {
	var words []string
	for _, sorted := range []bool{true, false} {
		knobs, by := loaderByKnob(f.Trained, sorted)
		if len(knobs) == 0 {
			continue
		}
		var g []string
		for _, k := range knobs {
			flagged := 0
			for _, t := range by[k] {
				if t.Flagged {
					flagged++
				}
			}
			g = append(g, fmt.Sprintf("knob %d %d of %d", k, flagged, len(by[k])))
		}
		words = append(words, map[bool]string{true: "sorted by class", false: "random order"}[sorted]+": "+strings.Join(g, ", "))
	}
	return strings.Join(words, "; ")
}

// loaderByKnob groups the trained settings on one storage (sorted by
// class or not) by knob, shard-level shuffle-once (knob 0) with the
// smallest knob, 1: the knobs in increasing order and each one's
// settings in ts's order.
func loaderByKnob(ts []LoaderTrained, sorted bool) ([]int, map[int][]LoaderTrained) {
	by := map[int][]LoaderTrained{}
	var knobs []int
	for _, t := range ts {
		if t.Sorted != sorted {
			continue
		}
		k := max(t.Knob, 1)
		if len(by[k]) == 0 {
			knobs = append(knobs, k)
		}
		by[k] = append(by[k], t)
	}
	slices.Sort(knobs)
	return knobs, by
}

// loaderRankText gives the reported ranking's ρ and its interval.
func loaderRankText(f *LoaderShufflesFindings) string {
	return fmt.Sprintf("%.2f [%.2f, %.2f] (%d settings)", f.SpearmanSorted, f.Rank.Lo, f.Rank.Hi, f.SortedN)
}

// loaderRankWithin says Spearman's ρ of the E σ*² ratio and the mean
// loss gap within the settings σ*² flags and within the others, on the
// sorted storage (the pooled ρ can come from the two groups lying apart
// alone: REFEREE, Simpson), the ρ of a ranker by the knob alone, and
// σ*²'s ρ across the shuffles at each knob (7 or 8 settings each: too
// few to read alone), all beside the pooled ρ, none judged.
func loaderRankWithin(f *LoaderShufflesFindings) string {
	var words []string
	for _, flagged := range []bool{true, false} {
		var r, g []float64
		for _, t := range f.Trained {
			if t.Sorted && t.Flagged == flagged {
				r, g = append(r, t.Sigma.Ratio), append(g, t.Loss.Mean)
			}
		}
		name := map[bool]string{true: "flagged", false: "not flagged"}[flagged]
		if len(r) < 3 {
			words = append(words, fmt.Sprintf("%s: %d settings, too few", name, len(r)))
			continue
		}
		words = append(words, fmt.Sprintf("%s %.2f (%d settings)", name, spearman(r, g), len(r)))
	}
	// A ranker that never computes σ*²: the smaller the knob the larger
	// the cost (shard-level shuffle-once, knob 0, with the smallest), and
	// σ*² across the shuffles at one knob.
	knobs, by := loaderByKnob(f.Trained, true)
	var score, gap []float64
	var within []string
	for _, k := range knobs {
		var r, g []float64
		for _, t := range by[k] {
			r, g = append(r, t.Sigma.Ratio), append(g, t.Loss.Mean)
			score = append(score, -float64(k))
		}
		gap = append(gap, g...)
		if len(r) >= 3 {
			within = append(within, fmt.Sprintf("%d: %.2f (%d)", k, spearman(r, g), len(r)))
		}
	}
	if len(score) >= 3 {
		words = append(words, fmt.Sprintf("a ranker by the knob alone %.2f", spearman(score, gap)))
	}
	if len(within) > 0 {
		words = append(words, "σ*²'s ρ across the shuffles at each knob (settings in brackets; too few each to read alone) "+strings.Join(within, ", "))
	}
	return "beside it, on the sorted storage: σ*²'s ρ within the groups " + strings.Join(words, "; ")
}

// loaderTestText says what the stratified test t shows: ρ per storage,
// their mean with its p-values, and ρ pooled.
func loaderTestText(t StratifiedTest) string {
	var per []string
	for k, name := range t.Strata {
		per = append(per, fmt.Sprintf("%s %.2f (%d settings)", name, t.Rho[k], t.N[k]))
	}
	return fmt.Sprintf("Spearman ρ within each storage %s, mean %.2f (stratified permutation test, one-sided p = %.3g for a positive and %.3g for a negative correlation); pooled over both storages %.2f (neither judged)",
		strings.Join(per, ", "), t.Stat, t.P, t.PLow, t.Pooled)
}

// countFlagged returns how many trained settings σ*² flags.
func countFlagged(ts []LoaderTrained) int {
	n := 0
	for _, t := range ts {
		if t.Flagged {
			n++
		}
	}
	return n
}

// countCosts returns how many trained settings cost convergence.
func countCosts(ts []LoaderTrained) int {
	n := 0
	for _, t := range ts {
		if t.Costs {
			n++
		}
	}
	return n
}

// loaderDataShort names data set i briefly.
func loaderDataShort(i int) string {
	return [...]string{"two-level, σ_top > 0", "two-level, σ_top = 0", "MNIST sorted by class", "MNIST random order"}[i]
}

// loaderTable is the table answering the claim's question: which loader
// settings cost convergence, by how much σ*² predicts it, and the knob
// from which each shuffle is as good as RR.
func loaderTable(c LoaderShufflesConfig, f *LoaderShufflesFindings) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Which loader settings cost convergence (MNIST, each shuffle at knob %d, %d seeds, final loss and test accuracy minus RR's with 95%% paired t-intervals), "+
		"how σ*² judges them (flags: E σ*²/RR's interval above %g; clears: below %g), and the knobs of %s at which each shuffle's E σ*² is as good as RR's "+
		"(interval below %g× RR's) on each data set. "+
		"\"costs\" reads shown where the setting's loss or accuracy is shown worse than RR's after Holm over every trained setting's cost test (%g one-sided), "+
		"\"not after Holm\" where its own test alone would show it but Holm's family does not, with the adjusted p, and \"not shown\" otherwise; the goal's parts judge the gaps against the margin %g instead. "+
		"The last four columns list the knobs at which each shuffle's E σ*² is shown below %g× RR's (as good as RR, or better):\n\n",
		c.Knobs[0], c.Seeds, loaderMargin, loaderMargin, joinInts(c.Knobs), loaderMargin, ruleAlpha, loaderLossMargin, loaderMargin)
	b.WriteString("| shuffle (knob) | sorted: E σ*²/RR | sorted: loss − RR | sorted: accuracy − RR (points) | sorted: costs (Holm) / σ*² flags | " +
		"random: E σ*²/RR | random: loss − RR | random: accuracy − RR (points) | random: costs (Holm) / σ*² clears | " +
		"knobs as good as RR: MNIST sorted | MNIST random | two-level σ_top > 0 | two-level σ_top = 0 |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	sameFrom := func(d LoaderData, shuffle string) string {
		if shuffle == loaderShardOnce {
			if d.ShardOnce.Same {
				return "as good (no knob)"
			}
			return "not shown (no knob)"
		}
		for _, fam := range d.Families {
			if fam.Shuffle == shuffle {
				ks := fam.sameKnobs()
				if len(ks) == 0 {
					return "none of " + joinInts(c.Knobs)
				}
				return joinInts(ks)
			}
		}
		return "—"
	}
	yesNo := func(v bool) string {
		if v {
			return "yes"
		}
		return "no"
	}
	costs := func(t *LoaderTrained) string {
		switch {
		case t.Costs:
			return "shown"
		case t.loaderCostP() < ruleAlpha:
			return fmt.Sprintf("not after Holm (p %.2g)", t.CostP)
		}
		return "not shown"
	}
	for _, t := range f.Trained {
		if !t.Sorted {
			continue
		}
		var r *LoaderTrained
		for i := range f.Trained {
			if u := &f.Trained[i]; !u.Sorted && u.Shuffle == t.Shuffle && u.Knob == t.Knob {
				r = u
			}
		}
		if r == nil {
			continue
		}
		name := t.Shuffle
		if t.Knob > 0 {
			name = fmt.Sprintf("%s (%s %d)", t.Shuffle, loaderKnobName(t.Shuffle), t.Knob)
		}
		fmt.Fprintf(&b, "| %s | %.3g [%.3g, %.3g] | %s | %s | %s / %s | %.3g [%.3g, %.3g] | %s | %s | %s / %s | %s | %s | %s | %s |\n",
			name, t.Sigma.Ratio, t.Sigma.Lo, t.Sigma.Hi, t.Loss, t.Acc, costs(&t), yesNo(t.Flagged),
			r.Sigma.Ratio, r.Sigma.Lo, r.Sigma.Hi, r.Loss, r.Acc, costs(r), yesNo(r.Cleared),
			sameFrom(f.Data[2], t.Shuffle), sameFrom(f.Data[3], t.Shuffle), sameFrom(f.Data[0], t.Shuffle), sameFrom(f.Data[1], t.Shuffle))
	}
	if len(c.NearKnobs) > 0 {
		fmt.Fprintf(&b, "\nEvery shuffle at knobs %s, near σ*²'s threshold, trained on MNIST sorted by class only:\n\n", joinInts(c.NearKnobs))
		b.WriteString("| shuffle (knob) | E σ*²/RR | loss − RR | accuracy − RR (points) | costs (Holm) / σ*² flags |\n|---|---|---|---|---|\n")
		for _, t := range f.Trained {
			if t.Sorted && t.Knob != 0 && t.Knob != c.Knobs[0] {
				fmt.Fprintf(&b, "| %s (%s %d) | %.3g [%.3g, %.3g] | %s | %s | %s / %s |\n", t.Shuffle, loaderKnobName(t.Shuffle), t.Knob,
					t.Sigma.Ratio, t.Sigma.Lo, t.Sigma.Hi, t.Loss, t.Acc, costs(&t), yesNo(t.Flagged))
			}
		}
	}
	fmt.Fprintf(&b, "\nSpearman correlation of the E σ*² ratio and the mean final-loss gap over the settings trained on MNIST sorted by class (reported, not judged): %s; over all %d trained settings: %s. ",
		loaderRankText(f), len(f.Trained), loaderTestText(f.Test))
	if len(f.Unflagged) > 0 {
		fmt.Fprintf(&b, "Settings σ*² does not flag whose final training loss is shown above RR's by more than %g (the interval's lower end at 2.5%% over those settings, Bonferroni): %s. ", loaderLossMargin, strings.Join(f.Unflagged, "; "))
	}
	if len(f.UnflaggedOpen) > 0 {
		fmt.Fprintf(&b, "Settings σ*² does not flag whose loss gap to RR is not shown below %g (unsettled): %s. ", loaderLossMargin, strings.Join(f.UnflaggedOpen, "; "))
	}
	if len(f.Unflagged) == 0 && len(f.UnflaggedOpen) == 0 {
		fmt.Fprintf(&b, "Every setting σ*² does not flag is shown within %g of RR's final training loss. ", loaderLossMargin)
	}
	// Not worse by the margin is not "as good": those shown worse than RR
	// all the same are named.
	var worse []string
	for _, t := range f.Trained {
		if !t.Flagged && t.Loss.Above(0) && t.Loss.Below(loaderLossMargin) {
			worse = append(worse, fmt.Sprintf("%s %+.3f [%+.3f, %+.3f]", t.name(), t.Loss.Mean, t.Loss.Lo, t.Loss.Hi))
		}
	}
	if len(worse) > 0 {
		fmt.Fprintf(&b, "Settings σ*² does not flag whose final training loss is shown above RR's, by less than the margin %g (held by the margin alone): %s. ", loaderLossMargin, strings.Join(worse, "; "))
	}
	if len(f.Overflagged) > 0 {
		fmt.Fprintf(&b, "Settings σ*² flags whose final training loss is shown less than %g above RR's (the interval's upper end at 2.5%% over the flagged settings, Bonferroni): %s. ", loaderLossMargin, strings.Join(f.Overflagged, "; "))
	}
	if len(f.Unsettled) > 0 {
		fmt.Fprintf(&b, "Settings σ*² flags whose loss gap is neither shown above the margin %g (its lower end at 2.5%%) nor below it (its upper end at 2.5%% over the flagged settings, Bonferroni): unsettled: %s. ", loaderLossMargin, strings.Join(f.Unsettled, "; "))
	}
	if len(f.Overflagged) == 0 && len(f.Unsettled) == 0 {
		fmt.Fprintf(&b, "Every setting σ*² flags is shown to cost more than %g in final training loss. ", loaderLossMargin)
	}
	for _, d := range f.Data {
		if !d.BoundHolds {
			fmt.Fprintf(&b, "On %s, E σ*² exceeds Lemma 2's bound in a two-level setting. ", d.Name)
		}
	}
	return b.String()
}

// loaderColours are the palette colours (chart.Series.Colour) of the
// shuffles, one per name in every loader chart: within each panel of
// loaderPanels the colours are far apart.
var loaderColours = map[string]int{
	"streaming py1s":       1,  // blue
	"streaming py2s":       2,  // vermillion
	"streaming py1br":      3,  // bluish green
	"streaming py1e":       4,  // reddish purple
	"FFCV quasi-random":    8,  // orange
	"grain window shuffle": 9,  // sky blue
	loaderRR:               7,  // black
	"CorgiPile":            10, // wine
	loaderShardOnce:        5,  // indigo
}

// loaderShade are the shuffles whose colour is a shade of another's
// (orange of py2s's vermillion, sky blue of py1s's blue, wine of py1e's
// reddish purple): their lines carry markers, so that no two shuffles
// look alike in a shared legend (chart.NearColour).
var loaderShade = map[string]bool{"FFCV quasi-random": true, "grain window shuffle": true, "CorgiPile": true}

// loaderMarginColour is the colour of the margin line.
const loaderMarginColour = 6 // olive

// loaderShort is a shuffle's short name, for the herding curves' legend.
func loaderShort(shuffle string) string {
	switch shuffle {
	case loaderRR:
		return loaderRR
	case loaderShardOnce:
		return "shard-once"
	}
	return strings.TrimPrefix(strings.TrimSuffix(strings.TrimSuffix(shuffle, " quasi-random"), " window shuffle"), "streaming ")
}

// loaderChartText is a data set's name in a chart: "σ top", not the
// markup "σ_top".
func loaderChartText(i int) string {
	return strings.ReplaceAll(loaderDataShort(i), "σ_top", "σ top")
}

// loaderPanels splits the shuffles of a chart into panels of at most three
// (the shuffles of the training charts, with shard-level shuffle-once, or
// the families of the σ*² charts, without it), so that no panel overlaps
// more than four bands, RR's included.
func loaderPanels(shardOnce bool) [][]string {
	if shardOnce {
		return [][]string{
			{"streaming py1s", "streaming py2s", "streaming py1br"},
			{"streaming py1e", "FFCV quasi-random", "grain window shuffle"},
			{"CorgiPile", loaderShardOnce},
		}
	}
	return [][]string{
		{"streaming py1s", "streaming py2s"},
		{"streaming py1br", "streaming py1e"},
		{"FFCV quasi-random", "grain window shuffle", "CorgiPile"},
	}
}

// KnobChart returns the herding curves E φ²ᵣ,ₖ on the result's data set
// data (0: two-level, σ_top > 0; 1: two-level, σ_top = 0; 2: MNIST sorted
// by class; 3: MNIST in a random order) of every shuffle at knob k, with
// RR's and shard-level shuffle-once's, and a line of text giving each
// shuffle's E σ*² over RR's at k. It returns an error if res is not a
// valid result, data is out of range or k is not one of the config's
// knobs.
func (res *LoaderShufflesResult) KnobChart(data, k int) (*chart.LineChart, string, error) {
	if err := res.check(); err != nil {
		return nil, "", err
	}
	if data < 0 || data >= len(res.Data) {
		return nil, "", fmt.Errorf("paper: loader-shuffles: data set %d, want in [0, %d)", data, len(res.Data))
	}
	if !slices.Contains(res.Config.Knobs, k) {
		return nil, "", fmt.Errorf("paper: loader-shuffles: knob %d, want one of %v", k, res.Config.Knobs)
	}
	d := res.Data[data]
	rr, err := loaderSetting(d, loaderRR, 0)
	if err != nil {
		return nil, "", err
	}
	n := d.N - 1
	ks := oneTo(n)
	hc := &chart.LineChart{
		Title:  fmt.Sprintf("Herding curves E φ²ᵣ,ₖ, %s, knob %d (95%% bands, most no wider than a line)", loaderChartText(data), k),
		XLabel: "k (k = N, where φ² = 0, left out)", YLabel: "E φ²ᵣ,ₖ", LogY: true,
	}
	var text []string
	for _, s := range d.Settings {
		if s.Knob != k && s.Shuffle != loaderRR && s.Shuffle != loaderShardOnce {
			continue
		}
		lo, hi := band(s.Stats.Mean[:n], s.Stats.SE[:n], z95)
		for i := range lo {
			lo[i] = math.Max(lo[i], s.Stats.Mean[i]/10)
		}
		hc.Series = append(hc.Series, chart.Series{Name: loaderShort(s.Shuffle), X: ks, Y: s.Stats.Mean[:n], Lo: lo, Hi: hi,
			Dashed: s.Shuffle == loaderRR, Colour: loaderColours[s.Shuffle], Markers: loaderShade[s.Shuffle], Runs: s.Stats.Trials})
		if s.Shuffle != loaderRR {
			text = append(text, fmt.Sprintf("%s %.3g", strings.TrimPrefix(s.Shuffle, "streaming "), loaderRatio(s, rr).Ratio))
		}
	}
	// Curves within loaderHerdingMerge of each other at every k lie on one
	// another: one line, named after all of them.
	hc.Series = mergeClose(hc.Series, math.Log, loaderHerdingMerge, fmt.Sprintf("within %g%% of its line", 100*loaderHerdingMerge))
	// The drawn line goes by its shuffle's name in the claim's other
	// charts, the lines within it by their short names.
	full := map[string]string{}
	for _, s := range d.Settings {
		full[loaderShort(s.Shuffle)] = s.Shuffle
	}
	for k, s := range hc.Series {
		first, rest, _ := strings.Cut(s.Name, ";")
		if rest != "" {
			rest = ";" + rest
		}
		if f, ok := full[first]; ok {
			hc.Series[k].Name = f + rest
		}
	}
	seedSpreadShown(hc)
	return hc, fmt.Sprintf("E σ*² over RR's at knob %d: %s", k, strings.Join(text, ", ")), nil
}

// loaderHerdingMerge is how close (in the logarithm: about a relative
// difference) herding curves must be at every k to be drawn as one line.
const loaderHerdingMerge = 0.1

// loaderKnobName returns what the knob of shuffle is.
func loaderKnobName(shuffle string) string {
	for _, f := range loaderFamilies {
		if f.name == shuffle {
			return f.knob
		}
	}
	return "no knob"
}

// loaderCharts adds the claim's charts: E σ*²/RR's against the knob on
// each data set, the herding curves at the smallest knob on MNIST sorted
// by class, and the training curves. The σ*² and training charts are rows
// of panels of a few shuffles each (loaderPanels), RR in every one, on one
// y range, each shuffle in its colour (loaderColours).
func loaderCharts(out *Outcome, res *LoaderShufflesResult, f *LoaderShufflesFindings) error {
	c := res.Config
	xs := make([]float64, len(c.Knobs))
	for i, k := range c.Knobs {
		xs[i] = float64(k)
	}
	margin := fmt.Sprintf("margin %g", loaderMargin)
	for di, d := range f.Data {
		var ss []chart.Series
		for _, fam := range d.Families {
			y, lo, hi := make([]float64, len(fam.Ratios)), make([]float64, len(fam.Ratios)), make([]float64, len(fam.Ratios))
			for i, r := range fam.Ratios {
				y[i], lo[i], hi[i] = r.Ratio, math.Max(r.Lo, r.Ratio/10), r.Hi
			}
			ss = append(ss, chart.Series{Name: fam.Shuffle, X: xs, Y: y, Lo: lo, Hi: hi, Colour: loaderColours[fam.Shuffle], Markers: loaderShade[fam.Shuffle], Runs: c.Draws})
		}
		refs := []chart.Series{
			{Name: loaderRR, X: xs, Y: constant(len(xs), 1), Dashed: true, Colour: loaderColours[loaderRR]},
			{Name: margin, X: xs, Y: constant(len(xs), loaderMargin), Dashed: true, Colour: loaderMarginColour},
		}
		// The widest band, relative to its value: where every band is
		// within ±10%, a steep line leaves it a pixel or two on either
		// side, and the title says so.
		widest := 0.0
		for _, s := range ss {
			for i := range s.Y {
				widest = math.Max(widest, math.Max(s.Hi[i]/s.Y[i]-1, 1-s.Lo[i]/s.Y[i]))
			}
		}
		bands := "95% bands"
		if widest < 0.1 {
			bands = fmt.Sprintf("95%% bands, each within ±%g%% of its line: about a line's width where the lines are steep", ceil2(100*widest))
		}
		p := loaderPanelsOf(fmt.Sprintf("E σ*² over RR's, %s (%s)", loaderChartText(di), bands), ss, refs, loaderPanels(false), true, true)
		for _, pc := range p.Panels {
			pc.XLabel = "knob"
		}
		p.Panels[0].YLabel = "E σ*² / RR's"
		out.addChart(fmt.Sprintf("loader-shuffles-sigma-%d", di), "E σ*² of loader shuffles over RR's: "+loaderDataShort(di), p)
	}
	// The herding curves: E φ²_{r,k} at the smallest knob, sorted MNIST.
	hc, _, err := res.KnobChart(2, c.Knobs[0])
	if err != nil {
		return err
	}
	out.addChart("loader-shuffles-herding", "Herding curves of loader shuffles on MNIST sorted by class", hc)
	for _, ch := range []struct {
		which   string
		sorted  bool
		storage string
	}{{"loss", true, "sorted"}, {"accuracy", true, "sorted"}, {"loss", false, "random"}, {"accuracy", false, "random"}} {
		which := ch.which
		storage := "MNIST stored sorted by class"
		if !ch.sorted {
			storage = "MNIST stored in a random order"
		}
		title, ylabel := fmt.Sprintf("Training loss, %s, knob %d (mean of %d seeds, band min to max)", storage, c.Knobs[0], c.Seeds), "training loss"
		if which == "accuracy" {
			title, ylabel = fmt.Sprintf("Test accuracy, %s, knob %d (mean of %d seeds, band min to max)", storage, c.Knobs[0], c.Seeds), "test accuracy (%)"
		}
		ep := make([]float64, c.Epochs)
		for t := range ep {
			ep[t] = float64(t + 1)
		}
		var ss []chart.Series
		var rr chart.Series
		for _, t := range res.Training {
			if (t.Sorted != ch.sorted && t.Shuffle != loaderRR) || (t.Knob != 0 && t.Knob != c.Knobs[0]) {
				continue
			}
			v := t.Loss
			scale := 1.0
			if which == "accuracy" {
				v, scale = t.Acc, 100
			}
			s := chart.Series{Name: t.Shuffle, X: ep, Y: make([]float64, c.Epochs), Lo: make([]float64, c.Epochs), Hi: make([]float64, c.Epochs),
				Dashed: t.Shuffle == loaderRR, Colour: loaderColours[t.Shuffle], Runs: len(v),
				// Markers set it apart from CorgiPile, dark as well, in
				// their panel, and the shades from the colour they are
				// a shade of.
				Markers: t.Shuffle == loaderShardOnce || loaderShade[t.Shuffle]}
			for e := range s.Y {
				col := make([]float64, len(v))
				for i := range v {
					col[i] = scale * v[i][e+1]
				}
				s.Y[e], _ = meanSE(col)
				s.Lo[e], s.Hi[e] = slices.Min(col), slices.Max(col)
			}
			if t.Shuffle == loaderRR {
				rr = s
				continue
			}
			ss = append(ss, s)
		}
		p := loaderPanelsOf(title, ss, []chart.Series{rr}, loaderPanels(true), false, which == "loss")
		for _, pc := range p.Panels {
			pc.XLabel, pc.IntegerX = "epoch", true
		}
		p.Panels[0].YLabel = ylabel
		out.addChart("loader-shuffles-"+which+"-"+ch.storage, "Training with loader shuffles, "+storage+": "+which, p)
	}
	return nil
}

// loaderPanelsOf returns the panels titled title of the series ss, one
// panel per group of names (the panel's title), each with the reference
// lines refs first (drawn under the series, first in the legend), with a
// log x axis if logX, and a log y axis if logY and the values and bands of
// all panels span more than loaderPanelLogSpan (all panels alike; a
// narrower range reads better on linear ticks). Each panel fits its y axis
// to its own series (and the chart's title says so: chart.Panels).
func loaderPanelsOf(title string, ss, refs []chart.Series, groups [][]string, logX, logY bool) *chart.Panels {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range slices.Concat(ss, refs) {
		for _, v := range slices.Concat(s.Y, s.Lo, s.Hi) {
			if !math.IsNaN(v) && !math.IsInf(v, 0) && v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	logY = logY && hi > loaderPanelLogSpan*lo
	p := &chart.Panels{Title: title}
	for _, g := range groups {
		pc := &chart.LineChart{Title: loaderPanelTitle(g), LogX: logX, LogY: logY}
		pc.Series = slices.Clone(refs)
		for _, s := range ss {
			if slices.Contains(g, s.Name) {
				pc.Series = append(pc.Series, s)
			}
		}
		seedSpreadShown(pc)
		p.Panels = append(p.Panels, pc)
	}
	return p
}

// loaderPanelLogSpan is the factor the panels' values must span for a log
// y axis: over a decade and a half, so that its ticks are whole decades or
// 1-2-5 steps, not every tenth of a decade.
const loaderPanelLogSpan = 30

// loaderPanelTitle names a panel after its shuffles, short.
func loaderPanelTitle(names []string) string {
	short := make([]string, len(names))
	for i, n := range names {
		short[i] = loaderShort(n)
	}
	return strings.Join(short, ", ")
}
