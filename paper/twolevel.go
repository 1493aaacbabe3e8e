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
	"strconv"
	"strings"
	"sync"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
)

// # The claim

// twoLevelID is the claim's id.
const twoLevelID = "two-level-figure"

var twoLevelClaim = Claim{
	ID:    twoLevelID,
	Where: "Figure 1, Section 6.2",
	Statement: "On the two-level quadratic (d = 20, λ = 0.2, N = 2, σ_low = 10), the ratio of the steps two-level " +
		"1-shuffling needs to reach ‖x‖₂ < 0.2 to the steps standard shuffling needs, each with its learning rate " +
		"tuned over 1.1·{2^-1, …, 2^-20} by the mean of 3 runs: \"as the value of σ_top grows, two-level shuffling " +
		"clearly outperforms simple shuffling\".",
	Quote:        "\"as the value of σ_top grows, two-level shuffling clearly outperforms simple shuffling\" (Figure 1)",
	Rule:         &twoLevelRule,
	Registration: "Registered again on 2026-12-01, after its pass on base seed 1001 (reproduced: the geometric-mean ratios at the largest σ_top 0.405 [0.265, 0.621] against 0.8, and the fall 0.273 [0.135, 0.552], at 3 runs per cell), when two independent whole reads weighed its parts as weak: 3 runs per cell, t with 2 degrees of freedom, below the plan's need of 4, registered at 3 because the first plan's default-scale budget was then full. The plan now allows the 4 (a run costs about 26 s at the default scale). Only the runs per cell and the seed change; the rule, judging code and protocol are as registered, and the paper's 3-run reading stays beside. Known: the seed-1001 pass read reproduced, and the falls part was unsettled at exploratory seed 3.",
	Run:          claimRun(TwoLevelConfig{}.At, TwoLevelConfig.Run, (*TwoLevelResult).Outcome),
}

// twoLevelSentence is Figure 1's sentence (orderings-paper.tex line 521).
const twoLevelSentence = "as the value of σ_top grows, two-level shuffling clearly outperforms simple shuffling"

// twoLevelRule is the claim's rule: Figure 1's sentence read as a clear
// win at the largest σ_top and a fall from the smallest, each on the
// geometric mean over m of the cells' steps ratios (twoLevelGeoInterval),
// whose intervals narrow with the runs per cell (TwoLevelConfig.Runs).
// The per-cell reading of the paper's 3 runs is reported beside.
var twoLevelRule = Rule{Claim: twoLevelID, Parts: []RulePart{
	{
		Name: "two-level-figure-below", Sentence: twoLevelSentence, Tex: 521,
		Statistic: "at the largest σ_top, the geometric mean over m of the cells' steps ratios, two-level over standard shuffling at each method's tuned rate; delta-method t-interval over the runs",
		Test:      Superiority, Side: Below, Threshold: twoLevelClearly,
	},
	{
		Name: "two-level-figure-falls", Sentence: twoLevelSentence, Tex: 521,
		Statistic: "that geometric mean over the smallest σ_top's; delta-method t-interval over the runs",
		Test:      Superiority, Side: Below, Threshold: 1,
	},
}}

// # The config

// TwoLevelConfig is the protocol of the two-level shuffling experiment of
// Section 6.2 (Figure 1). Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run. The defaults are the paper's protocol where the paper states it, and our
// choice where it is silent (marked "not in the paper").
type TwoLevelConfig struct {
	// SigmaTops are the σ_top values (rows of the figure). Default
	// {0, 1, 2, 5, 10, 20, 50, 100} (not in the paper).
	SigmaTops []float64
	// Ms are the numbers m of low-level functions per top-level function
	// (columns). Each must be even. Default {2, 4, 8, 16, 32, 64, 128} (not
	// in the paper).
	Ms []int
	// SigmaLow is σ_low. Default 10, as in the paper; 0 set after At
	// makes the low-level functions of each f_i equal.
	SigmaLow float64
	// D is the dimension. Default 20, as in the paper.
	D int
	// Lambda is the regulariser λ. Default 0.2, as in the paper; 0 set
	// after At makes f only convex.
	Lambda float64
	// N is the number of top-level functions; it must be even. Default 2,
	// as in the paper.
	N int
	// K is the K of two-level K-shuffling. Default 1, the case of Figure 1.
	K int
	// Steps are the learning rates tuned over. Default 1.1·2^-k for
	// k = 1..20, as in the paper.
	Steps []float64
	// TuneRuns is the number of tuning runs per learning rate in every
	// cell; the best learning rate minimises their mean steps. Default 3,
	// as in the paper ("based on performance over 3 runs"). The paper's
	// own reading (tuned on 3 runs per rate, the point ratios) is
	// reported beside, from the first 3 tuning runs of each rate.
	TuneRuns int
	// Runs is the number of judged runs per method in every cell: fresh
	// runs (a seed stream apart from the tuning's) at the learning rate
	// the tuning chose, the n of every interval the verdict judges (t
	// with Runs-1 degrees of freedom), and the knob the power analysis
	// sets for the confirmatory pass. Default 3.
	Runs int
	// Budget is the number of gradient steps after which a run counts as
	// not converged. Default 10^6 (not in the paper).
	Budget int
	// Target is the radius: a run has converged when ‖x‖₂ < Target.
	// Default 0.2, as in the paper.
	Target float64
	// X0 is the value of every coordinate of the starting point. Default 1,
	// the all-ones vector (not in the paper).
	X0 float64
	// PerStep tests the target after every step instead of at the end of
	// each epoch (default, not in the paper). Tested after every step, a
	// noisy run can enter the ball by a lucky step, since the noise points
	// along the all-ones vector; at epoch ends the shuffled noise has
	// cancelled.
	PerStep bool
}

// At returns c with its zero fields set to the two-level protocol at scale
// s: the paper's full protocol at Default and Full, a small grid at Smoke.
func (c TwoLevelConfig) At(s Scale) TwoLevelConfig {
	return atScale(c, s, map[Scale]TwoLevelConfig{
		Smoke: {SigmaTops: []float64{0, 100}, Ms: []int{4, 16}, Steps: twoLevelSteps(1)[:10], TuneRuns: 2, Runs: 2, Budget: 100_000},
	})
}

// quick tunes each cell's step over 2 runs (the default scale: 3).
func (c *TwoLevelConfig) quick() { c.TuneRuns = 2 }

// fill sets the zero fields to their defaults.
func (c *TwoLevelConfig) fill() {
	pd := problems.TwoLevelConfig{D: c.D, Lambda: c.Lambda, N: c.N, SigmaLow: c.SigmaLow}.WithDefaults()
	c.D, c.Lambda, c.N, c.SigmaLow = pd.D, pd.Lambda, pd.N, pd.SigmaLow
	fillZero(c, TwoLevelConfig{
		SigmaTops: []float64{0, 1, 2, 5, 10, 20, 50, 100}, Ms: []int{2, 4, 8, 16, 32, 64, 128},
		K: 1, Steps: twoLevelSteps(1), TuneRuns: 3, Runs: 3, Budget: 1_000_000, Target: 0.2, X0: 1,
	})
}

// errGrid is wrapped by the errors of an invalid two-level protocol.
var errGrid = errors.New("invalid experiment grid")

// validate returns an error wrapping errGrid and naming the first field of
// c out of range.
func (c *TwoLevelConfig) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("paper: %w: "+format, append([]any{errGrid}, args...)...)
	}
	switch {
	case len(c.SigmaTops) == 0:
		return bad("no σ_top values")
	case len(c.Ms) == 0:
		return bad("no m values")
	case len(c.Steps) == 0:
		return bad("no learning rates")
	case c.N < 2 || c.N%2 != 0:
		return bad("N = %d, want an even number >= 2", c.N)
	case c.K < 1:
		return bad("K = %d, want >= 1", c.K)
	case c.Runs < 1 || c.TuneRuns < 1:
		return bad("Runs = %d and TuneRuns = %d, want both >= 1", c.Runs, c.TuneRuns)
	case c.Budget < 1:
		return bad("Budget = %d, want >= 1", c.Budget)
	case c.D < 1:
		return bad("D = %d, want >= 1", c.D)
	case !(c.Target > 0) || math.IsInf(c.Target, 0):
		return bad("Target = %v, want positive and finite", c.Target)
	case !(c.SigmaLow >= 0) || math.IsInf(c.SigmaLow, 0):
		return bad("σ_low = %v, want >= 0 and finite", c.SigmaLow)
	case !(c.Lambda >= 0) || math.IsInf(c.Lambda, 0):
		return bad("λ = %v, want >= 0 and finite", c.Lambda)
	case math.IsNaN(c.X0) || math.IsInf(c.X0, 0):
		return bad("X0 = %v, want finite", c.X0)
	}
	for _, s := range c.SigmaTops {
		if !(s >= 0) || math.IsInf(s, 0) {
			return bad("σ_top = %v, want >= 0 and finite", s)
		}
	}
	for _, m := range c.Ms {
		if m < 2 || m%2 != 0 {
			return bad("m = %d, want an even number >= 2 (half the low-level functions add σ_low, half subtract it)", m)
		}
		if c.K > m {
			return bad("K = %d > m = %d", c.K, m)
		}
	}
	for _, g := range c.Steps {
		if !(g > 0) || math.IsInf(g, 0) {
			return bad("learning rate %v, want positive and finite", g)
		}
	}
	return nil
}

// # The run

// Methods compared in the two-level experiment, in the order of
// TwoLevelCell.Methods.
const (
	twoLevelShuffling = iota // two-level K-shuffling, Algorithm 3
	standardShuffling        // standard shuffling (m copies of each f_i)
	numMethods
)

// twoLevelMethods names the methods of the two-level experiment.
var twoLevelMethods = []string{"two-level", "standard"}

// TwoLevelResult is the full table of the two-level experiment.
type TwoLevelResult struct {
	Config TwoLevelConfig
	// Methods names the methods, indexing TwoLevelCell.Methods.
	Methods []string
	// Cells holds one cell per (σ_top, m), row-major: Cells[i*len(Ms)+j]
	// is SigmaTops[i], Ms[j].
	Cells []TwoLevelCell
	// Work is the number of gradient steps executed, converged or not.
	Work int64
}

// Cell returns the cell of SigmaTops[i] and Ms[j].
func (r *TwoLevelResult) Cell(i, j int) *TwoLevelCell {
	return &r.Cells[i*len(r.Config.Ms)+j]
}

// TwoLevelCell is the outcome of one (σ_top, m) pair.
type TwoLevelCell struct {
	// SigmaTop is σ_top and M the number of low-level functions per
	// top-level one.
	SigmaTop float64
	M        int
	// Methods[0] is two-level shuffling, Methods[1] standard shuffling
	// (TwoLevelResult.Methods names them).
	Methods [2]TwoLevelMethod
	// Ratio is the mean steps of two-level shuffling's judged runs divided
	// by standard shuffling's; NaN if a judged run of either did not
	// converge.
	Ratio float64 `json:"-"`
}

// firstRuns returns a copy of cell whose methods keep the first n runs of
// each learning rate, summarised (its Ratio that of their tuned means).
func (cell *TwoLevelCell) firstRuns(n int, lrs []float64) TwoLevelCell {
	out := TwoLevelCell{SigmaTop: cell.SigmaTop, M: cell.M}
	for k := range cell.Methods {
		mo := &out.Methods[k]
		for _, runs := range cell.Methods[k].Steps {
			mo.Steps = append(mo.Steps, runs[:min(n, len(runs))])
		}
		mo.summarise(lrs)
	}
	out.Ratio = out.Methods[twoLevelShuffling].BestMean / out.Methods[standardShuffling].BestMean
	if math.IsInf(out.Methods[twoLevelShuffling].BestMean, 1) || math.IsInf(out.Methods[standardShuffling].BestMean, 1) {
		out.Ratio = math.NaN()
	}
	return out
}

// chosenRate returns the index of the learning rate method mo's tuning
// chose: its best rate, or, if no rate had every tuning run converge, the
// rate whose mean steps is the smallest with each run that did not
// converge counted as budget steps; -1 if it has no runs.
func (mo *TwoLevelMethod) chosenRate(budget int) int {
	if mo.Best >= 0 {
		return mo.Best
	}
	least, at := math.Inf(1), -1
	for lr, runs := range mo.Steps {
		if len(runs) == 0 {
			continue
		}
		sum := 0.0
		for _, s := range runs {
			if s == notConverged {
				s = budget
			}
			sum += float64(s)
		}
		if m := sum / float64(len(runs)); m < least {
			least, at = m, lr
		}
	}
	return at
}

// censoredSteps returns the step counts of method k's judged runs (fresh
// seeds, at the learning rate its tuning chose), and, if some did not
// converge within the budget (censored), a lower bound on them: each run
// that did not converge counted as budget steps (it needs more, or
// diverged). Nil if the method has no judged runs.
func (cell *TwoLevelCell) censoredSteps(k, budget int) (xs []float64, censored bool) {
	for _, s := range cell.Methods[k].Judged {
		v := float64(s)
		if s == notConverged {
			v, censored = float64(budget), true
		}
		xs = append(xs, v)
	}
	return xs, censored
}

// stepsInterval returns Fieller's 95% interval (ratioIntervalIndependent)
// of the cell's ratio of mean steps at each method's best rate, two-level
// over standard: the runs of the two methods have their own seeds, so the
// samples are independent, not paired; t with the runs' n-1 degrees of
// freedom. It is the ratio's spread from the runs alone, not from the
// choice of the best rate (the smallest of several noisy means). Its
// lower end is at least 0. A method that did not converge within the
// budget at any rate has its steps bounded from below (censoredSteps), so
// the interval is one-sided: standard shuffling's gives only the upper
// end (the lower is 0), two-level shuffling's only the lower (the upper
// is infinite). It is unbounded if neither method converged, a method
// has no runs or fewer than two, or standard shuffling's mean is not
// shown to differ from 0.
func (cell *TwoLevelCell) stepsInterval(budget int) Interval {
	a, ca := cell.censoredSteps(twoLevelShuffling, budget)
	b, cb := cell.censoredSteps(standardShuffling, budget)
	if a == nil || b == nil || (ca && cb) {
		return Interval{Mean: math.NaN(), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}
	}
	iv := ratioIntervalIndependent(a, b)
	// Step counts are positive, so is their ratio: Fieller's set below 0
	// (a numerator whose own interval reaches 0) is cut at 0.
	iv.Lo = math.Max(iv.Lo, 0)
	switch {
	case ca:
		iv.Hi = math.Inf(1)
	case cb:
		iv.Lo = 0
	}
	return iv
}

// logRatioVar returns log of the cell's ratio of mean steps and its
// delta-method variance, (se_a/ā)² + (se_b/b̄)², and the fewer runs of
// the two methods, with a method that never converged counted by
// censoredSteps: bound is +1 if standard shuffling's steps are only
// bounded below (lr is then an upper bound), -1 if two-level
// shuffling's are (a lower bound), else 0. ok is false if a method has
// no runs or neither converged.
func (cell *TwoLevelCell) logRatioVar(budget int) (lr, v float64, n, bound int, ok bool) {
	a, ca := cell.censoredSteps(twoLevelShuffling, budget)
	b, cb := cell.censoredSteps(standardShuffling, budget)
	if a == nil || b == nil || (ca && cb) {
		return 0, 0, 0, 0, false
	}
	switch {
	case ca:
		bound = -1
	case cb:
		bound = 1
	}
	ma, sa := meanSE(a)
	mb, sb := meanSE(b)
	return math.Log(ma / mb), (sa/ma)*(sa/ma) + (sb/mb)*(sb/mb), min(len(a), len(b)), bound, true
}

// twoLevelGeoInterval returns the 95% interval of the geometric mean over
// m of a row's ratios, and of the quotient of two rows' geometric means
// (row over base; base nil for one row): the mean over the cells of the
// log ratios, with the delta-method variance Σ_j v_j / J² of the
// independent cells (logRatioVar; the base row's added), a t-interval
// with the runs' n-1 degrees of freedom (the fewest any term has:
// conservative), exponentiated. A cell where a method never converged
// within budget enters with its one-sided bound (logRatioVar): a term
// bounded only from above (from below) leaves the interval only its
// upper (lower) end, the other at 0 (infinite). Unbounded if a cell has
// no runs, fewer than two, neither method converged, or terms bounded
// from either side meet.
func twoLevelGeoInterval(row, base []*TwoLevelCell, budget int) Interval {
	iv := Interval{Mean: math.NaN(), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}
	m, v, n := 0.0, 0.0, math.MaxInt
	upper, lower := false, false
	for sign, cells := range [][]*TwoLevelCell{row, base} {
		for _, cell := range cells {
			lr, vr, nr, bound, ok := cell.logRatioVar(budget)
			if !ok {
				return iv
			}
			j := float64(len(cells))
			if sign == 1 {
				lr, bound = -lr, -bound
			}
			m, v, n = m+lr/j, v+vr/(j*j), min(n, nr)
			upper, lower = upper || bound > 0, lower || bound < 0
		}
	}
	iv.Mean, iv.N = math.Exp(m), n
	if n < 2 {
		iv.Lo, iv.Hi = 0, math.Inf(1)
		return iv
	}
	h := tCrit(n-1, conf95) * math.Sqrt(v)
	iv.Lo, iv.Hi = math.Exp(m-h), math.Exp(m+h)
	if upper {
		iv.Lo = 0
	}
	if lower {
		iv.Hi = math.Inf(1)
	}
	return iv
}

// TwoLevelMethod is one method's outcome in one cell.
type TwoLevelMethod struct {
	// Steps[k][r] is the number of gradient steps run r with learning rate
	// Steps[k] of the config needed, or -1 if it did not reach the target within the budget or
	// diverged.
	Steps [][]int
	// Mean[k] is the mean of Steps[k] over the runs, +Inf if any run did
	// not converge.
	Mean []float64 `json:"-"`
	// Best is the index of the best learning rate (smallest mean; ties go
	// to the larger rate), -1 if none converged in every run.
	Best int
	// BestMean is Mean[Best], +Inf if Best is -1.
	BestMean float64 `json:"-"`
	// Judged[r] is the number of gradient steps judged run r needed, or
	// -1 as in Steps: Runs runs of their own seeds (a stream apart from
	// the tuning's) at the learning rate the tuning chose (chosenRate).
	// Nil if the method has no tuning runs.
	Judged []int
}

// Run runs the two-level shuffling experiment of Section 6.2: for
// each (σ_top, m), each method and each learning rate, Runs runs of
// Algorithm 1 on the two-level quadratic from the all-X0 point, counting
// gradient steps until ‖x‖₂ < Target. It runs one σ_top row at a time and
// caches each finished row in env's cache, so an interrupted call resumes.
// env.Progress, if set, is told the (cell, method, learning rate) units
// done.
//
// The result is bit-identical for any env.Workers: every run draws its
// randomness from a seed derived from env.Seed and its parameters (not its
// place in the grid, so that a sub-grid gives the same runs).
func (c TwoLevelConfig) Run(ctx context.Context, env *Env) (*TwoLevelResult, error) {
	env = env.orDefault()
	if err := c.validate(); err != nil {
		return nil, err
	}
	workers := env.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := len(c.SigmaTops) * len(c.Ms) * int(numMethods) * len(c.Steps)
	perRow := total / len(c.SigmaTops)
	res := &TwoLevelResult{Config: c, Methods: slices.Clone(twoLevelMethods)}
	for i, st := range c.SigmaTops {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row := c
		row.SigmaTops = []float64{st}
		// Workers do not change results, so they are not part of the key.
		key := struct {
			Config TwoLevelConfig
			Seed   uint64
		}{row, env.Seed}
		r, err := cached(env, "two-level-row", []string{"runTwoLevelGrid", "runTwoLevelJudged", "numMethods"}, key, (*TwoLevelResult).checkSteps, func() (*TwoLevelResult, error) {
			r, err := runTwoLevelGrid(ctx, row, env.Seed, workers, func(done, _ int) { env.progress(i*perRow+done, total) })
			if err != nil {
				return nil, err
			}
			return r, runTwoLevelJudged(ctx, r, env.Seed)
		})
		if err != nil {
			return nil, err
		}
		env.progress((i+1)*perRow, total)
		res.Cells = append(res.Cells, r.Cells...)
		res.Work += r.Work
	}
	res.Summarise()
	return res, nil
}

// checkSteps returns an error if r is nil or not a grid of the shape of
// its config as runTwoLevelGrid returns it (before Summarise): a cell per
// (σ_top, m) in order, and per method and learning rate Runs step counts,
// each a count or notConverged.
func (r *TwoLevelResult) checkSteps() error {
	id := twoLevelID
	if r == nil {
		return errResult(id, "nil")
	}
	c := r.Config
	if len(c.SigmaTops) == 0 || len(c.Ms) == 0 || len(c.Steps) == 0 {
		return errResult(id, "an empty grid: %d σ_top, %d m, %d learning rates", len(c.SigmaTops), len(c.Ms), len(c.Steps))
	}
	if len(r.Cells) != len(c.SigmaTops)*len(c.Ms) {
		return errResult(id, "%d cells, want %d σ_top × %d m", len(r.Cells), len(c.SigmaTops), len(c.Ms))
	}
	if !slices.Equal(r.Methods, twoLevelMethods) {
		return errResult(id, "methods %q, want %q", r.Methods, twoLevelMethods)
	}
	for k, cell := range r.Cells {
		if st, m := c.SigmaTops[k/len(c.Ms)], c.Ms[k%len(c.Ms)]; cell.SigmaTop != st || cell.M != m {
			return errResult(id, "cell %d is σ_top = %g, m = %d, want %g and %d", k, cell.SigmaTop, cell.M, st, m)
		}
		for m, mo := range cell.Methods {
			if len(mo.Judged) != c.Runs || slices.ContainsFunc(mo.Judged, func(s int) bool { return s < 0 && s != notConverged }) {
				return errResult(id, "cell %d, %s: judged runs %v, want %d step counts", k, r.Methods[m], mo.Judged, c.Runs)
			}
			if len(mo.Steps) != len(c.Steps) {
				return errResult(id, "cell %d, %s: %d learning rates, want %d", k, r.Methods[m], len(mo.Steps), len(c.Steps))
			}
			for lr, runs := range mo.Steps {
				if len(runs) != c.TuneRuns {
					return errResult(id, "cell %d, %s, learning rate %d: %d tuning runs, want %d", k, r.Methods[m], lr, len(runs), c.TuneRuns)
				}
				for _, s := range runs {
					if s < 0 && s != notConverged {
						return errResult(id, "cell %d, %s, learning rate %d: %d steps", k, r.Methods[m], lr, s)
					}
				}
			}
		}
	}
	return nil
}

// runTwoLevelGrid runs the grid of c, a filled and valid config, with
// workers goroutines. progress, if not nil, is called after each (cell,
// method, learning rate) unit with the units done and the total; it may be
// called from several goroutines, never at once.
func runTwoLevelGrid(ctx context.Context, c TwoLevelConfig, seed uint64, workers int, progress func(done, total int)) (*TwoLevelResult, error) {
	res := &TwoLevelResult{Config: c, Methods: slices.Clone(twoLevelMethods), Cells: make([]TwoLevelCell, len(c.SigmaTops)*len(c.Ms))}
	type unit struct{ cell, method, lr int }
	var units []unit
	for i, st := range c.SigmaTops {
		for j, m := range c.Ms {
			k := i*len(c.Ms) + j
			cell := &res.Cells[k]
			cell.SigmaTop, cell.M = st, m
			for meth := range cell.Methods {
				mo := &cell.Methods[meth]
				mo.Steps = make([][]int, len(c.Steps))
				for lr := range c.Steps {
					units = append(units, unit{k, meth, lr})
				}
			}
		}
	}

	jobs := make(chan unit)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		done     int
		firstErr error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range jobs {
				cell := &res.Cells[u.cell]
				steps, work, err := runUnit(ctx, &c, seed, cell.SigmaTop, cell.M, u.method, u.lr)
				mu.Lock()
				res.Work += work
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				cell.Methods[u.method].Steps[u.lr] = steps
				done++
				if progress != nil && err == nil {
					progress(done, len(units))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, u := range units {
		select {
		case jobs <- u:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.Summarise()
	return res, nil
}

// Summarise computes the means, the best learning rates and the ratios
// from the steps of every run. TwoLevelConfig.Run calls it; call it again after
// decoding a result from JSON, which keeps only the steps.
func (r *TwoLevelResult) Summarise() {
	for k := range r.Cells {
		cell := &r.Cells[k]
		for meth := range cell.Methods {
			cell.Methods[meth].summarise(r.Config.Steps)
		}
		cell.Ratio = math.NaN()
		a, ca := cell.censoredSteps(twoLevelShuffling, r.Config.Budget)
		b, cb := cell.censoredSteps(standardShuffling, r.Config.Budget)
		if len(a) > 0 && len(b) > 0 && !ca && !cb {
			cell.Ratio = sampleMean(a) / sampleMean(b)
		}
	}
}

func (mo *TwoLevelMethod) summarise(lrs []float64) {
	mo.Mean = make([]float64, len(mo.Steps))
	mo.Best, mo.BestMean = -1, math.Inf(1)
	for k, runs := range mo.Steps {
		sum := 0.0
		for _, s := range runs {
			if s == notConverged {
				sum = math.Inf(1)
				break
			}
			sum += float64(s)
		}
		mo.Mean[k] = sum / float64(len(runs))
		// Ties go to the larger learning rate.
		if mo.Mean[k] < mo.BestMean || (mo.Mean[k] == mo.BestMean && mo.Best >= 0 && lrs[k] > lrs[mo.Best]) {
			mo.Best, mo.BestMean = k, mo.Mean[k]
		}
	}
}

// problem returns the two-level quadratic of the filled config c with m
// low-level functions per top-level one and σ_top = sigmaTop. After fill a
// zero σ_low or λ is a zero asked for, not the default.
func (c *TwoLevelConfig) problem(m int, sigmaTop float64) (*problems.TwoLevel, error) {
	return problems.NewTwoLevel(problems.TwoLevelConfig{
		D: c.D, Lambda: c.Lambda, ZeroLambda: c.Lambda == 0, N: c.N, M: m,
		SigmaTop: sigmaTop, SigmaLow: c.SigmaLow, ZeroSigmaLow: c.SigmaLow == 0,
	})
}

// runUnit runs the Runs runs of one (cell, method, learning rate).
func runUnit(ctx context.Context, c *TwoLevelConfig, seed uint64, sigmaTop float64, m, method, lr int) (steps []int, work int64, err error) {
	p, err := c.problem(m, sigmaTop)
	if err != nil {
		return nil, 0, fmt.Errorf("paper: %w", err)
	}
	steps = make([]int, c.TuneRuns)
	x := make([]float64, c.D)
	var order []int
	for run := range steps {
		if err := ctx.Err(); err != nil {
			return nil, work, err
		}
		// The run's own stream: its parameters, not its place in the grid.
		seed := mixSeed(seed, streamTwoLevel, math.Float64bits(sigmaTop), uint64(m), uint64(method), math.Float64bits(c.Steps[lr]), uint64(run))
		var o ordering.Orderer
		if method == twoLevelShuffling {
			o, err = ordering.NewKShuffle(c.N, m, c.K, seed)
		} else {
			o, err = ordering.NewStandardShuffle(c.N, m, seed)
		}
		if err != nil {
			return nil, work, fmt.Errorf("paper: %w", err)
		}
		for j := range x {
			x[j] = c.X0
		}
		var done int
		steps[run], done = converge(p, o, x, order, c.Steps[lr], c.Budget, c.Target*c.Target, c.PerStep)
		work += int64(done)
	}
	return steps, work, nil
}

// runTwoLevelJudged runs the judged runs of every cell and method of r, a
// tuned grid: c.Runs runs at the learning rate the tuning chose
// (chosenRate), each seeded from seed, a stream of its own
// (streamTwoLevelJudged), the cell and the method, so that no judged run
// is a tuning run. It fills the methods' Judged and summarises r.
func runTwoLevelJudged(ctx context.Context, r *TwoLevelResult, seed uint64) error {
	c := &r.Config
	x := make([]float64, c.D)
	var order []int
	for k := range r.Cells {
		cell := &r.Cells[k]
		p, err := c.problem(cell.M, cell.SigmaTop)
		if err != nil {
			return fmt.Errorf("paper: %w", err)
		}
		for meth := range cell.Methods {
			mo := &cell.Methods[meth]
			mo.summarise(c.Steps)
			lr := mo.chosenRate(c.Budget)
			mo.Judged = make([]int, c.Runs)
			for run := range mo.Judged {
				if err := ctx.Err(); err != nil {
					return err
				}
				s := mixSeed(seed, streamTwoLevelJudged, math.Float64bits(cell.SigmaTop), uint64(cell.M), uint64(meth), uint64(run))
				var o ordering.Orderer
				if meth == twoLevelShuffling {
					o, err = ordering.NewKShuffle(c.N, cell.M, c.K, s)
				} else {
					o, err = ordering.NewStandardShuffle(c.N, cell.M, s)
				}
				if err != nil {
					return fmt.Errorf("paper: %w", err)
				}
				for j := range x {
					x[j] = c.X0
				}
				var done int
				mo.Judged[run], done = converge(p, o, x, order, c.Steps[lr], c.Budget, c.Target*c.Target, c.PerStep)
				r.Work += int64(done)
			}
		}
	}
	r.Summarise()
	return nil
}

// # The outcome

// predictTwoLevelRatio returns the ratio of the epochs two-level
// K-shuffling needs to the epochs standard shuffling needs according to the
// corollary's rates (kshuffle-bound and normalshuffle-bound), each the
// smallest T at which the rate falls below eps. The rates are O-expressions
// without their constants, so the ratio is indicative only.
func predictTwoLevelRatio(p *problems.TwoLevel, k int, f0, eps float64) (float64, error) {
	c := ordering.TwoLevelConstants{
		L: p.L(), F0: f0, SigmaTop2: p.SigmaTop2(), SigmaLow2: p.SigmaLow2(),
		// All h_{i,j} about f: the shift s_i σ_top + t_j σ_low has mean
		// square σ_top² + σ_low² per coordinate, so the paper's bound
		// σ_full² ≤ σ_top² + σ_low² holds with equality.
		SigmaFull2: p.SigmaTop2() + p.SigmaLow2(),
		N:          p.N(), M: p.M(),
	}
	two, err := epochsTo(func(t int) (float64, error) { c.T = t; return ordering.KShufflingRate(c, k) }, eps)
	if err != nil {
		return 0, err
	}
	std, err := epochsTo(func(t int) (float64, error) { c.T = t; return ordering.StandardShufflingRate(c) }, eps)
	if err != nil {
		return 0, err
	}
	return float64(two) / float64(std), nil
}

// twoLevelClearly is the threshold of the two-level verdict: "clearly
// outperforms" is read as a geometric-mean ratio over m below 0.8 at the
// largest σ_top, judged on its 95% interval since 2026-11-26 (see the
// rule history); the threshold has not changed.
const twoLevelClearly = 0.8

// twoLevelPaperRuns is the paper's number of runs per learning rate and
// cell ("based on performance over 3 runs", Section 6.2): its per-cell
// reading is reported beside the verdict, from the first
// twoLevelPaperRuns runs of each rate.
const twoLevelPaperRuns = 3

// TwoLevelFindings is what the two-level-figure claim shows: the measured
// and predicted ratios of two-level to standard shuffling per (σ_top, m),
// and Figure 1's statement judged by the threshold Clearly.
type TwoLevelFindings struct {
	// Ratios[i][j] is the measured ratio of the best mean steps of
	// two-level shuffling to standard shuffling's at SigmaTops[i], Ms[j]
	// (NaN if either never converged), and Predicted[i][j] the ratio of
	// the epochs the corollary's rates take (predictTwoLevelRatio).
	Ratios, Predicted [][]float64
	// GeoMeans[i] and PredictedGeoMeans[i] are the geometric means over m
	// of Ratios[i] and Predicted[i].
	GeoMeans, PredictedGeoMeans []float64
	// Intervals[i][j] is the 95% Fieller interval of Ratios[i][j]
	// (TwoLevelCell.stepsInterval), and GeoIntervals[i] that of
	// GeoMeans[i] (twoLevelGeoInterval); FallIv is the interval of the
	// largest σ_top's geometric mean over the smallest's.
	Intervals    [][]Interval
	GeoIntervals []Interval
	FallIv       Interval
	// Wins is the number of cells of the largest σ_top's row where
	// two-level shuffling is faster on the point ratio (below 1), Shown
	// those where its interval lies below 1 and Lost those where it lies
	// above 1; reported, not judged (the paper's sentence states a trend
	// in σ_top, not a share of the m).
	Wins, Shown, Lost int
	// PaperRuns, PaperRatios and PaperWins are the paper's reading of the
	// largest σ_top's row: each method tuned on the first PaperRuns runs
	// of each rate (twoLevelPaperRuns, or Runs if fewer), the ratio of the
	// tuned means per m (NaN where either never converged), and the cells
	// where it is below 1 or only two-level shuffling converged; reported
	// beside, not judged. With Runs =
	// PaperRuns they are Ratios' last row and Wins.
	PaperRuns   int
	PaperRatios []float64
	PaperWins   int
	// Clearly is the geometric-mean ratio at the largest σ_top to be
	// below.
	Clearly float64
	// Converged is false if a method in a cell of the smallest or the
	// largest σ_top's row never converged (reported); Censored counts
	// those cells where one method converged and the other did not, whose
	// ratio then has a one-sided interval (the budget bounds the other's
	// steps from below: TwoLevelCell.stepsInterval), and Neither those
	// where neither converged, which make the claim not checkable.
	Converged         bool
	Censored, Neither int
	// Below and Falls are the parts: the geometric mean at the largest
	// σ_top below Clearly (Reproduced if GeoIntervals' interval lies below
	// it, NotReproduced if above, else Inconclusive), and below that at the
	// smallest σ_top (FallIv below 1, above 1, or spanning). Clear is set
	// if both are Reproduced.
	Below, Falls Verdict
	Clear        bool
	// Agree is set if the predicted geometric means fall from the smallest
	// to the largest σ_top as the measured ones do (or rise as they do);
	// reported, not judged.
	Agree bool
	// Judgement is twoLevelRule's judgement: Below and Falls are its
	// parts' verdicts and Verdict its combine. A part whose interval has a
	// cell where neither method converged measured nothing (N = 0): not
	// checkable.
	Judgement Judgement
	Verdict   Verdict
}

// Findings returns what the claim shows: the measured ratios against
// Figure 1's statement and the corollary's predicted ratios. It returns an
// error if res is not of the shape of its config.
func (res *TwoLevelResult) Findings() (*TwoLevelFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	f := &TwoLevelFindings{Clearly: twoLevelClearly,
		Ratios: make([][]float64, len(c.SigmaTops)), Predicted: make([][]float64, len(c.SigmaTops)), Intervals: make([][]Interval, len(c.SigmaTops))}
	rows := make([][]*TwoLevelCell, len(c.SigmaTops))
	for i, st := range c.SigmaTops {
		f.Ratios[i] = make([]float64, len(c.Ms))
		f.Predicted[i] = make([]float64, len(c.Ms))
		for j, m := range c.Ms {
			f.Ratios[i][j] = res.Cell(i, j).Ratio
			f.Intervals[i] = append(f.Intervals[i], res.Cell(i, j).stepsInterval(c.Budget))
			rows[i] = append(rows[i], res.Cell(i, j))
			p, err := c.problem(m, st)
			if err != nil {
				return nil, err
			}
			x0 := make([]float64, c.D)
			for k := range x0 {
				x0[k] = c.X0
			}
			// Target ‖x‖ < r; ‖∇f(x)‖ ≥ μ‖x‖, so the rates are asked for
			// ‖∇f‖² below (μ r)².
			eps := math.Pow(p.Mu()*c.Target, 2)
			f.Predicted[i][j], err = predictTwoLevelRatio(p, c.K, p.Func(x0), eps)
			if err != nil {
				return nil, err
			}
		}
		f.GeoMeans = append(f.GeoMeans, geoMean(f.Ratios[i]))
		f.GeoIntervals = append(f.GeoIntervals, twoLevelGeoInterval(rows[i], nil, c.Budget))
		f.PredictedGeoMeans = append(f.PredictedGeoMeans, geoMean(f.Predicted[i]))
	}
	last := len(c.SigmaTops) - 1
	top, bottom := f.GeoMeans[last], f.GeoMeans[0]
	for j, r := range f.Ratios[last] {
		// A cell where standard shuffling never converged counts as a win
		// on the point ratio if even its bound is below 1.
		if r < 1 || (math.IsNaN(r) && !math.IsInf(f.Intervals[last][j].Hi, 0) && f.Intervals[last][j].Mean < 1) {
			f.Wins++
		}
		switch f.Intervals[last][j].Against(1) {
		case Below:
			f.Shown++
		case Above:
			f.Lost++
		}
	}
	f.PaperRuns = min(twoLevelPaperRuns, c.TuneRuns)
	for _, cell := range rows[last] {
		pc := cell.firstRuns(f.PaperRuns, c.Steps)
		f.PaperRatios = append(f.PaperRatios, pc.Ratio)
		// A cell where only two-level shuffling converged is its win.
		if pc.Ratio < 1 || math.IsNaN(pc.Ratio) && !math.IsInf(pc.Methods[twoLevelShuffling].BestMean, 1) {
			f.PaperWins++
		}
	}
	f.FallIv = twoLevelGeoInterval(rows[last], rows[0], c.Budget)
	f.Converged = !math.IsNaN(top) && !math.IsNaN(bottom)
	for _, i := range []int{0, last} {
		for _, cell := range rows[i] {
			_, ca := cell.censoredSteps(twoLevelShuffling, c.Budget)
			_, cb := cell.censoredSteps(standardShuffling, c.Budget)
			switch {
			case ca && cb:
				f.Neither++
			case ca || cb:
				f.Censored++
			}
		}
		if last == 0 {
			break
		}
	}
	j, err := twoLevelRule.Judge(Measures{
		"two-level-figure-below": {twoLevelMeasure(f.GeoIntervals[last], twoLevelClearly)},
		"two-level-figure-falls": {twoLevelMeasure(f.FallIv, 1)},
	}, nil)
	if err != nil {
		return nil, err
	}
	f.Judgement = j
	f.Below, f.Falls = j.Parts[0].Verdict, j.Parts[1].Verdict
	f.Clear = f.Below == Reproduced && f.Falls == Reproduced
	f.Agree = (f.PredictedGeoMeans[last] < f.PredictedGeoMeans[0]) == (top < bottom)
	f.Verdict = j.Verdict
	return f, nil
}

// Outcome renders the findings: the verdict and the checks from the
// rule's judgement, the words, a row per σ_top, the measured and
// predicted ratio heatmaps and the learning-rate chart. It returns an
// error if res is not of the shape of its config.
func (res *TwoLevelResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	out := &Outcome{}
	out.judged(&twoLevelRule, f.Judgement)
	out.addCheck("two-level-figure-converged", f.Neither == 0, "cells of the smallest and the largest σ_top's rows where neither method converged within %d steps: %d; where one did not (its steps bounded below by the budget, a one-sided interval): %d", c.Budget, f.Neither, f.Censored)
	res.charts(out, f)
	last := len(c.SigmaTops) - 1
	out.Summary = f.summary(c)
	out.Key = Key{Name: "geometric-mean steps ratio at the largest σ_top", Value: f.GeoMeans[last]}
	out.Decides = &Decider{Name: fmt.Sprintf("steps, two-level over standard shuffling, geometric mean over m at σ_top = %g", c.SigmaTops[last]), Ours: fmt.Sprintf("%s (%s judged per method); faster in %d of %d cells on the paper's %d-run reading", f.GeoIntervals[last].Plain(), nOf(c.Runs, "run"), f.PaperWins, len(c.Ms), f.PaperRuns),
		Paper: fmt.Sprintf("\"clearly outperforms\" (our rule: below %g, and below the smallest σ_top's)", twoLevelClearly)}
	out.Brief = fmt.Sprintf("two-level over standard shuffling's steps, geometric mean over m: %s at σ_top = %g, %s at %g; %d-run cells faster: %d of %d (paper: better as σ_top grows)", f.GeoIntervals[0].Plain(), c.SigmaTops[0], f.GeoIntervals[last].Plain(), c.SigmaTops[last], f.PaperRuns, f.PaperWins, len(c.Ms))
	out.Rows = f.rows(c)
	out.Details = f.details(res)
	out.Protocol = f.protocol(c)
	return out, nil
}

// twoLevelTicks returns the heatmaps' ticks: the m and the σ_top.
func twoLevelTicks(c TwoLevelConfig) (xt, yt []string) {
	for _, m := range c.Ms {
		xt = append(xt, strconv.Itoa(m))
	}
	for _, st := range c.SigmaTops {
		yt = append(yt, strconv.FormatFloat(st, 'g', -1, 64))
	}
	return xt, yt
}

// charts adds the measured and predicted ratio heatmaps and the
// learning-rate chart to out.
func (res *TwoLevelResult) charts(out *Outcome, f *TwoLevelFindings) {
	c := res.Config
	xt, yt := twoLevelTicks(c)
	ratio := &chart.Heatmap{Title: fmt.Sprintf("Steps to ‖x‖ < %g: two-level / standard shuffling (measured on %s per method at its tuned rate, fresh seeds; second line: their 95%% Fieller interval, ∞ where unbounded)", c.Target, nOf(c.Runs, "judged run")),
		XLabel: "m", YLabel: "σ top", XTicks: xt, YTicks: yt, Values: f.Ratios, Center: 1,
		ValueLabel: "steps, two-level / standard", HatchLabel: "the interval spans 1", Runs: c.Runs}
	for i := range c.SigmaTops {
		notes, marks := make([]string, len(c.Ms)), make([]bool, len(c.Ms))
		for j := range c.Ms {
			if iv := f.Intervals[i][j]; iv.Bounded() {
				notes[j] = sigApart(iv.Lo, 1) + "–" + sigApart(iv.Hi, 1)
				marks[j] = iv.Against(1) == Spans
			} else if !math.IsNaN(iv.Mean) {
				// Fieller's interval is unbounded when the denominator's
				// mean is not shown away from 0: short enough for a cell.
				notes[j], marks[j] = "to ∞", true
				if !math.IsInf(iv.Lo, 0) && !math.IsNaN(iv.Lo) {
					notes[j] = fmt.Sprintf("%.2g–∞", iv.Lo)
				}
			}
		}
		ratio.Notes, ratio.Hatched = append(ratio.Notes, notes), append(ratio.Hatched, marks)
	}
	out.addChart("two-level-ratio", "two-level-ratio", ratio)
	out.addChart("two-level-theory", "two-level-theory", &chart.Heatmap{Title: "Epochs to the target by the corollary's rates: two-level / standard",
		XLabel: "m", YLabel: "σ top", XTicks: xt, YTicks: yt, Values: f.Predicted, Center: 1,
		ValueLabel: "epochs, two-level / standard"})
	// The learning rates of both methods in the cell with the largest
	// σ_top and m.
	cell := res.Cell(len(c.SigmaTops)-1, len(c.Ms)-1)
	lr := &chart.LineChart{
		Title:  fmt.Sprintf("Mean steps to the target vs learning rate, σ top = %g, m = %d, K = %d", cell.SigmaTop, cell.M, c.K),
		XLabel: "learning rate", YLabel: "mean steps (runs that all converged)", LogX: true, LogY: true,
		InfLabel: "a run did not converge (a row per method, in its colour)",
	}
	for meth, name := range res.Methods {
		// The band runs from the fewest to the most steps of the runs at
		// a rate where all converged.
		m := cell.Methods[meth]
		lo, hi := make([]float64, len(m.Steps)), make([]float64, len(m.Steps))
		for k, runs := range m.Steps {
			lo[k], hi[k] = math.Inf(1), math.Inf(-1)
			for _, st := range runs {
				if st < 0 {
					lo[k], hi[k] = math.NaN(), math.NaN()
					break
				}
				lo[k], hi[k] = math.Min(lo[k], float64(st)), math.Max(hi[k], float64(st))
			}
		}
		lr.Series = append(lr.Series, chart.Series{Name: fmt.Sprintf("%s (band: least to most steps of the %s)", name, nOf(c.TuneRuns, "tuning run")), X: c.Steps, Y: m.Mean, Lo: lo, Hi: hi, Markers: true, Runs: c.TuneRuns})
	}
	out.addChart("two-level-lr", "two-level-lr", lr)
}

// summary returns the claim's summary: the two parts on their intervals,
// and the per-cell reading beside.
func (f *TwoLevelFindings) summary(c TwoLevelConfig) string {
	last := len(c.SigmaTops) - 1
	var sum string
	if f.Neither == 0 {
		sum = fmt.Sprintf("geometric-mean ratio over m (95%% t-intervals, %s per method at the rate tuned on runs of their own): %s at σ_top = %g, %s at σ_top = %g, below %g: %v; their quotient %s, below 1: %v; combine over the two parts: %v; beside it, not judged: at the largest σ_top two-level shuffling is faster in %d of %d cells on the paper's reading (tuned on %s per rate, point ratios), shown faster (Fieller interval below 1, %s) in %d, shown slower in %d",
			nOf(c.Runs, "run"), f.GeoIntervals[0].Plain(), c.SigmaTops[0], f.GeoIntervals[last].Plain(), c.SigmaTops[last], f.Clearly, f.Below, f.FallIv.Plain(), f.Falls, f.Verdict, f.PaperWins, len(c.Ms), nOf(f.PaperRuns, "run"), nOf(c.Runs, "run"), f.Shown, f.Lost)
		if f.Censored > 0 {
			sum += fmt.Sprintf("; in %d cells of those rows one method did not converge within %d steps: its steps are bounded below by the budget, so the ratio has a one-sided interval", f.Censored, c.Budget)
		}
	} else {
		sum = fmt.Sprintf("in %d cells of the smallest or the largest σ_top's rows neither method converged within %d steps: a geometric mean over such a row measures nothing, and its parts are not checkable (below %g: %v; the fall: %v); combine: %v", f.Neither, c.Budget, f.Clearly, f.Below, f.Falls, f.Verdict)
	}
	return sum
}

// rows returns a row per σ_top: its cells' ratios and geometric mean.
func (f *TwoLevelFindings) rows(c TwoLevelConfig) []Row {
	xt, _ := twoLevelTicks(c)
	var rows []Row
	for i, st := range c.SigmaTops {
		rows = append(rows, Row{
			Quantity: fmt.Sprintf("σ_top = %g: ratio per m (%s)", st, strings.Join(xt, ", ")),
			Paper:    paperTrend(i, len(c.SigmaTops)),
			Ours:     fmt.Sprintf("%s (geo. mean %s)", twoLevelIntervals(f.Intervals[i]), f.GeoIntervals[i].Plain()),
		})
	}
	return rows
}

// details returns the work done, the theory's prediction and the noise
// of the rows near 1, in words.
func (f *TwoLevelFindings) details(res *TwoLevelResult) string {
	c := res.Config
	last := len(c.SigmaTops) - 1
	measured, gm := f.Ratios, f.GeoMeans
	bottom := gm[0]
	var b strings.Builder
	pgTop, pgBottom := f.PredictedGeoMeans[last], f.PredictedGeoMeans[0]
	fmt.Fprintf(&b, "%d gradient steps in all.\n\n", res.Work)
	fmt.Fprintf(&b, "Theory (second heatmap): the corollary's rates for two-level 1-shuffling and standard shuffling, each solved for the epochs at which the rate falls below (μ·%g)², with σ² = d·coefficient² and the constants the O-notation hides dropped. ", c.Target)
	fmt.Fprintf(&b, "They predict a geometric-mean ratio of %.2f at σ_top = %g and %.2f at σ_top = %g. ", pgBottom, c.SigmaTops[0], pgTop, c.SigmaTops[len(c.SigmaTops)-1])
	// Agree compares point estimates: the part that judges the fall
	// with its interval is named beside, so that the sentence is not read
	// as the fall shown.
	if f.Agree {
		fmt.Fprintf(&b, "The direction agrees with the point estimates of the measured geometric means at the smallest and the largest σ_top (%.2f and %.2f); whether the measured fall is shown, with its interval, is the part two-level-figure-falls: %v. ", bottom, gm[last], f.Falls)
	} else {
		fmt.Fprintf(&b, "The direction disagrees with the point estimates of the measured geometric means at the smallest and the largest σ_top (%.2f and %.2f); the part two-level-figure-falls judges the fall with its interval: %v. ", bottom, gm[last], f.Falls)
	}
	if pgBottom > 1.25 && bottom < 1.25 {
		b.WriteString("The level does not: at small σ_top the bound predicts two-level shuffling to be slower, because splitting its σ* bound adds a low-level term that standard shuffling's bound lacks, while the measured ratio stays near 1. An upper bound need not be tight, so this is a looseness of the bound rather than a contradiction.\n")
	}
	// The rows whose geometric mean is within twoLevelClearly of 1: how far
	// their cells scatter.
	lo, hi := math.Inf(1), math.Inf(-1)
	var tops []string
	for i, st := range c.SigmaTops {
		if gm[i] > twoLevelClearly && gm[i] < 1/twoLevelClearly {
			tops = append(tops, fmt.Sprint(st))
			for _, v := range measured[i] {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if len(tops) > 0 {
		fmt.Fprintf(&b, "\nIn the %d rows whose geometric mean is within a factor %.2g of 1 (σ_top = %s), the cells range from %.2f to %.2f: with %d judged runs per method the mean is itself noisy.", len(tops), 1/twoLevelClearly, strings.Join(tops, ", "), lo, hi, c.Runs)
	}
	return b.String()
}

// protocol returns the claim's protocol lines.
func (f *TwoLevelFindings) protocol(c TwoLevelConfig) []string {
	xt, yt := twoLevelTicks(c)
	return []string{
		fmt.Sprintf("x₀ = %g·1 (all-ones); the paper does not state x₀.", c.X0),
		fmt.Sprintf("Grid σ_top ∈ {%s}, m ∈ {%s}; the paper shows a grid but does not list it.", strings.Join(yt, ", "), strings.Join(xt, ", ")),
		fmt.Sprintf("A run that has not reached the target after %d gradient steps (or whose ‖x‖² exceeds 1e16) counts as not converged; in the tuning a learning rate qualifies only if all %d tuning runs converge, and a method with no qualifying rate is judged at the rate whose mean, each run not converged counted as %d steps, is smallest. A method with a judged run not converged has its steps bounded below by the budget (that run counted as the budget), so the cell's ratio, and any geometric mean it enters, has a one-sided interval: an upper end only where standard shuffling did not converge, a lower end only where two-level shuffling did not. Only a cell of the judged rows (the smallest and the largest σ_top) where neither converged makes the claim not checkable.", c.Budget, c.TuneRuns, c.Budget),
		"The target is tested at the end of each epoch (N·m steps); tested after every step, a noisy run can enter the ball by a lucky step since the noise points along 1.",
		"Ties between learning rates with the same mean go to the larger rate.",
		fmt.Sprintf("Verdict: the paper's sentence (tex line 521) \"as the value of σ_top grows, two-level shuffling clearly outperforms simple shuffling\" read as two parts, each on 95%% intervals and combined (combine): the geometric-mean ratio over m at the largest σ_top below %g (twoLevelClearly: \"clearly outperforms\"), and its quotient by the smallest σ_top's below 1 (\"as σ_top grows\"), each holding if its interval lies below the threshold, failing if above, else unsettled. "+
			"A geometric mean, and the quotient of two, has the delta-method interval of the mean of the cells' log ratios (each cell's runs independent, the methods' runs having their own seeds), t with %d degrees of freedom (%s per method, the config's Runs at this section's scale; the confirmatory pass runs the registered number). Each method's learning rate is tuned over the grid on %s per rate (the paper's protocol tunes on 3), of a seed stream of their own, and the judged runs are fresh runs at that rate, so the intervals carry no choice of the best rate on their own noise. "+
			"Reported beside, not judged: the paper's per-cell reading (each method tuned on the first %s per rate, as the paper's 3 runs; faster in how many cells of the largest σ_top on the point ratios) and each cell's Fieller interval for the ratio of two independent means.", twoLevelClearly, max(c.Runs-1, 0), nOf(c.Runs, "judged run"), nOf(c.TuneRuns, "tuning run"), nOf(twoLevelPaperRuns, "tuning run")),
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, issue 38): the learning rates are tuned on runs of a seed stream of their own and the verdict judges fresh runs at them; the referee found each method's rate tuned on the same 3 runs the interval was made of (the minimum of 20 noisy means, biased). The paper's 3-run reading, now the tuning runs', is reported beside.",
		"Changed before the confirmatory pass (2026-11-29, issue 38, on the exploratory seeds 1-5, where it never held): the part \"two-level shuffling shown faster in at least 75% of the largest σ_top's cells\" (6 of 7 Fieller intervals below 1, t with 2 degrees of freedom, many unbounded) left the verdict, a design no plausible result settles with 3 runs; it is reported beside. Chosen from the paper's sentence, which states a trend in σ_top and a clear win at large σ_top, not a share of the m; the remaining parts and the threshold 0.8 are unchanged.",
		"Rule history: changed on 2026-11-26 (issue 28, the independent referee's read), after the results were known (reproduced: geometric means 1.01 and 0.40, two-level faster in 6 of 7 cells on the point ratios). Before, the three parts were judged on point ratios and ANDed (reproduced if all held, else not reproduced); the cells' intervals were shown (a normal delta-method interval with 3 runs), not judged. The thresholds 0.8 and 75% are unchanged.",
		"Rule history: on 2026-11-26 (a second independent referee's read), after the results were known (inconclusive at seed 1; every cell converged), a method that never converges in a judged cell gives a one-sided interval (the budget bounds its steps from below); before, any such cell made the claim not checkable, so a standard shuffling too slow to converge, which favours the paper, could only worsen the verdict.",
		"Changed when the rule became a value (2026-11-29, before the confirmatory pass): a cell where neither method converged makes the parts whose geometric mean it enters not checkable; before, such a cell in either judged row made the whole claim not checkable.",
		"Every run has its own seed derived from the base seed and its (σ_top, m, method, learning rate, run).",
	}
}

// twoLevelIntervals formats a row's cell intervals, "0.41 [0.30, 0.55]",
// joined by commas.
func twoLevelIntervals(ivs []Interval) string {
	var parts []string
	for _, iv := range ivs {
		parts = append(parts, iv.Plain())
	}
	return strings.Join(parts, ", ")
}

// twoLevelMeasure returns the measure of a twoLevelGeoInterval iv against
// x, with its one-sided p-values of lying below x (holds) and above it
// (fails): the t statistic of log x minus the log mean, over the standard
// error the interval's half-width implies; both 1 where the interval is
// unbounded or has fewer than two runs.
func twoLevelMeasure(iv Interval, x float64) Measure {
	m := Measure{Iv: iv, HasP: true, PHold: 1, PFail: 1}
	if iv.N < 2 || !iv.Bounded() || !(iv.Lo > 0) {
		return m
	}
	se := (math.Log(iv.Hi) - math.Log(iv.Lo)) / 2 / tCrit(iv.N-1, conf95)
	l := Interval{Mean: math.Log(iv.Mean), SE: se, N: iv.N}
	m.PHold, m.PFail = l.PBelow(math.Log(x)), l.PAbove(math.Log(x))
	return m
}

func paperTrend(i, n int) string {
	switch {
	case i == n-1:
		return "two-level clearly better (< 1)"
	case i == 0:
		return "no clear winner"
	}
	return "shown in Figure 1"
}

// check returns an error if r is nil, its cells do not have the shape of
// its config (see checkSteps), or it has not been summarised.
func (r *TwoLevelResult) check() error {
	id := twoLevelID
	if err := r.checkSteps(); err != nil {
		return err
	}
	c := r.Config
	for k := range r.Cells {
		for m, mo := range r.Cells[k].Methods {
			if len(mo.Mean) != len(c.Steps) {
				return errResult(id, "cell %d, %s: %d mean steps for %d learning rates (call Summarise after decoding)", k, r.Methods[m], len(mo.Mean), len(c.Steps))
			}
		}
	}
	return nil
}
