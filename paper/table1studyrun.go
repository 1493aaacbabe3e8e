// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems/dataset"
)

// This file holds the Table 1 study's protocol, runs and findings, which
// the claims table-1-study and order-matters share.

// table1StudyID is the claim's id.
const table1StudyID = "table-1-study"

// table1StudyMinutes is about what a fresh paper-scale run of the study
// takes on the 2-core development machine with OpenBLAS, stated where it
// is skipped: 3,705 s were measured for the protocol before 2026-11-26
// (while other jobs kept the load at 5 to 9); the protocol of 2026-11-26
// (each order tuned on two seeds of its own; greedy also at its own
// rates, which are RR's at seed 1 and so reused) added 80 tuning runs,
// 2,821 s from the cache of the others (load 3 to 8): some 110 minutes
// in all.
const table1StudyMinutes = 110

// table1StudyFixedMinutes is about what the claim's study at its fixed
// rates (table1StudyRates) takes on the same machine: its judged runs,
// about 2,900 s by the times of the tuned study's confirmatory runs, and
// the sweep's 216 MNIST runs, about 2,200 s.
const table1StudyFixedMinutes = 85

// table1StudySkip skips claim id, the study or a claim on a study's runs
// that take about minutes, at the default scale, whose time budget it
// does not fit, and wherever Fashion-MNIST is not installed; the reason
// ends with the command that runs it.
func table1StudySkip(s Scale, id string, minutes int) string {
	if _, err := dataset.FashionMNISTDir(); err != nil {
		return err.Error()
	}
	if s != Default {
		return ""
	}
	return fmt.Sprintf("runs at the paper scale only (about %d minutes on 2 cores): go run -tags openblas ./paper/reproduce -scale paper -only %s",
		minutes, id)
}

// # The config

// Table1StudyConfig is the protocol of the table-1-study claim: for each
// setting, the learning rate of each order (RR and greedy) and batching is
// tuned on images held out of the training set, by the mean final
// validation accuracy over TuneSeeds seeds; RR and greedy then train at
// RR's rates, and greedy also at its own, on the rest of the training set
// and are scored on the test set, which the tuning never reads. A sweep
// around the first setting's rates for RR (batch size, momentum, learning
// rate) looks for where the paper's regime appears. Its At method sets the
// defaults (each is stated in its field's comment); Run uses every field as
// it is, so a field set to zero after At is zero, or an error from Run.
type Table1StudyConfig struct {
	// Settings are the protocols studied: data set, model, epochs, batch
	// size, momentum and schedule. The study sets their learning rates,
	// orders, seeds, batchings, Holdout and Validate. Default table-1's
	// MNIST MLP at the default scale and table-1-fashion's Fashion-MNIST
	// CNN at the paper scale.
	Settings []Table1Config
	// Grid are the learning rates tuned over, the same for both
	// batchings. Default 0.003, 0.01, 0.03, 0.1 and 0.3.
	Grid []float64
	// Holdout is the number of training images held out for the tuning:
	// the last ones of the training set. Default 10,000.
	Holdout int
	// TuneSeeds is the number of runs per order, batching and learning
	// rate in the tuning; the rate with the best mean final validation
	// accuracy wins (a rate where a run diverged never does). The
	// tuning's runs have a base seed of their own, drawn from the study's
	// (streamTable1Tune), so no judged run is a tuning run. Default 2; at
	// least 2.
	TuneSeeds int
	// Seeds is the number of runs per order and batching at the tuned
	// rates. Default 5.
	Seeds int
	// BatchSizes, Momenta and Multipliers span the sweep around
	// Settings[0]: each batch size, each momentum (0 means none) and each
	// multiple of RR's tuned learning rates. Defaults 16, 64 and 256; 0 and
	// 0.9; 1, 3 and 10.
	BatchSizes  []int
	Momenta     []float64
	Multipliers []float64
	// SweepSeeds is the number of runs per order and batching in each
	// setting of the sweep. Default 3. Zero after At runs no sweep: the
	// confirmatory pass (Env.JudgedOnly) sets it, since the sweep is
	// reported beside the verdict and not judged.
	SweepSeeds int
}

// At returns c with its zero fields set to the study's protocol at scale
// s: the paper scale's at Default and Paper (the claim runs at the paper
// scale only), a seconds-long version at Smoke. So At(Default) is not a
// default-scale run of minutes: it trains about 370 runs, table1StudyMinutes
// (about 100) minutes on 2 cores with OpenBLAS unless they are cached; run it
// with an Env whose CachedOnly is set to read only cached runs, or at
// Smoke to try the code.
func (c Table1StudyConfig) At(s Scale) Table1StudyConfig {
	return atScale(c, s, map[Scale]Table1StudyConfig{
		Smoke: {
			Settings: []Table1Config{Table1Config{Train: 1000, Test: 500, Holdout: 500}.At(Smoke)},
			Grid:     []float64{0.01, 0.1}, Holdout: 500, TuneSeeds: 2, Seeds: 2,
			BatchSizes: []int{64}, Momenta: []float64{0, 0.9}, Multipliers: []float64{1}, SweepSeeds: 2,
		},
	})
}

// fill sets the defaults of the zero fields.
func (c *Table1StudyConfig) fill() {
	fillZero(c, Table1StudyConfig{
		Grid: []float64{0.003, 0.01, 0.03, 0.1, 0.3}, Holdout: 10000, TuneSeeds: 2, Seeds: 5,
		BatchSizes: []int{16, 64, 256}, Momenta: []float64{0, 0.9}, Multipliers: []float64{1, 3, 10}, SweepSeeds: 3,
	})
	if len(c.Settings) == 0 {
		c.Settings = []Table1Config{Table1Config{}.At(Default), Table1Config{Dataset: fashionMNIST}.At(Full)}
	}
}

// table1StudyRates are the learning rates the claim's exploratory pass
// (base seed 1, each order tuned on two seeds of held-out images over
// 0.003 to 0.3) chose in both settings, for both orders: 0.03 under
// standard batching, 0.01 under same-class batching. They are fixed
// since 2026-11-29, before the confirmatory pass on base seed 1002, so
// that the pass trains the judged runs only (the tuning was about half
// of the study's two hours): the paper, too, fixes Table 1's rates (0.1
// and 0.01) and tunes none.
var table1StudyRates = [][2]float64{{0.03, 0.01}, {0.03, 0.01}}

// Table1StudyFixedConfig is the protocol of the table-1-study claim: the
// study (Study) at learning rates fixed in advance, tuning nothing. Rates
// are the rates of setting i under standard and same-class batching
// (Rates[i][0] and Rates[i][1]), for both orders; Study's Grid and
// TuneSeeds are zero. order-matters keeps the tuned study
// (Table1StudyConfig), whose settings and sweep its points are.
type Table1StudyFixedConfig struct {
	Study Table1StudyConfig
	Rates [][2]float64
}

// table1StudyConfig is the table-1-study claim's protocol at scale s:
// the study's at s, at the rates its exploratory tuning chose
// (table1StudyRates).
func table1StudyConfig(s Scale) Table1StudyFixedConfig {
	c := Table1StudyConfig{}.At(s)
	c.Grid, c.TuneSeeds = nil, 0
	return Table1StudyFixedConfig{Study: c, Rates: slices.Clone(table1StudyRates[:len(c.Settings)])}
}

// At returns the table-1-study claim's protocol at scale s, whatever c
// holds: the study's protocol at s at the rates fixed in advance
// (table1StudyRates).
func (Table1StudyFixedConfig) At(s Scale) Table1StudyFixedConfig { return table1StudyConfig(s) }

// Run trains the study at the fixed rates: Table1StudyConfig's Run
// without its tuning.
func (c Table1StudyFixedConfig) Run(ctx context.Context, env *Env) (*Table1StudyResult, error) {
	return c.Study.run(ctx, env, c.Rates)
}

func (c *Table1StudyFixedConfig) runs() int     { return c.Study.Seeds }
func (c *Table1StudyFixedConfig) setRuns(n int) { c.Study.Seeds = n }
func (c *Table1StudyFixedConfig) judgedOnly()   { c.Study.judgedOnly() }

// validate returns an error naming the first field of c out of range.
func (c *Table1StudyConfig) validate() error { return c.validateAt(nil) }

// validateAt returns an error naming the first field of c, or of rates,
// out of range: rates, if any, are fixed rates per setting (the study
// then has no grid or tuning seeds).
func (c *Table1StudyConfig) validateAt(rates [][2]float64) error {
	switch {
	case len(c.Settings) == 0:
		return fmt.Errorf("paper: %s with no settings", table1StudyID)
	case rates != nil && len(rates) != len(c.Settings):
		return fmt.Errorf("paper: %s fixes the rates of %d settings for %d settings", table1StudyID, len(rates), len(c.Settings))
	case rates != nil && (len(c.Grid) > 0 || c.TuneSeeds != 0):
		return fmt.Errorf("paper: %s fixes its rates and tunes over %d learning rates on %d seeds, want neither", table1StudyID, len(c.Grid), c.TuneSeeds)
	case rates == nil && len(c.Grid) < 2:
		return fmt.Errorf("paper: %s tunes over %d learning rates, want >= 2", table1StudyID, len(c.Grid))
	case c.Holdout < 1:
		return fmt.Errorf("paper: %s holds out %d images, want >= 1", table1StudyID, c.Holdout)
	case rates == nil && c.TuneSeeds < 2:
		return fmt.Errorf("paper: %s with %d tuning seeds, want >= 2 (a mean over seeds, not one draw, picks a rate)", table1StudyID, c.TuneSeeds)
	case c.Seeds < 2 || c.SweepSeeds < 0:
		return fmt.Errorf("paper: %s with %d and %d sweep seeds, want >= 2 (an interval needs two) and >= 0 (0: no sweep)", table1StudyID, c.Seeds, c.SweepSeeds)
	case len(c.Momenta) == 0 || len(c.Multipliers) == 0:
		return fmt.Errorf("paper: %s sweeps %d momenta and %d multipliers, want >= 1 each", table1StudyID, len(c.Momenta), len(c.Multipliers))
	}
	for _, lr := range c.Grid {
		if !(lr > 0) || math.IsInf(lr, 1) {
			return fmt.Errorf("paper: %s learning rate %v in the grid, want positive and finite", table1StudyID, lr)
		}
	}
	for i, r := range rates {
		for _, lr := range r {
			if !(lr > 0) || math.IsInf(lr, 1) {
				return fmt.Errorf("paper: %s fixed learning rate %v of setting %d, want positive and finite", table1StudyID, lr, i)
			}
		}
	}
	for _, m := range c.Multipliers {
		if !(m > 0) || math.IsInf(m, 1) {
			return fmt.Errorf("paper: %s learning-rate multiplier %v, want positive and finite", table1StudyID, m)
		}
	}
	if err := checkInts(table1StudyID, "batch size", c.BatchSizes, 1, math.MaxInt); err != nil {
		return err
	}
	for i, s := range c.Settings {
		s.Holdout, s.Seeds = c.Holdout, c.Seeds
		for _, m := range c.Momenta {
			s.Momentum = m
			if err := s.validate(); err != nil {
				return fmt.Errorf("paper: %s setting %d: %w", table1StudyID, i, err)
			}
		}
	}
	return nil
}

// # The run

// table1StudyOrders are the orders the study tunes, each on its own.
var table1StudyOrders = []string{"RR", "greedy"}

// Table1TuneCell is the tuning of one order at one learning rate under
// one batching: the final validation accuracy, in [0, 1], of each tuning
// seed, or Diverged if a run's loss stopped being finite.
type Table1TuneCell struct {
	Order    string
	Batching string
	LR       float64
	ValAcc   []float64 `json:",omitempty"`
	Diverged bool      `json:",omitempty"`
}

// Table1StudySetting is the study of one setting: the tuning grid of
// each order and batching, RR's tuned rates (LRStandard, LRSameClass)
// and greedy's (GreedyStandard, GreedySameClass), the runs of RR and
// greedy at RR's rates on both batchings (Main), RR of the fixed standard
// batches greedy orders at RR's rates (Control), and greedy at its own
// rates on both batchings (Own; its runs are Main's greedy runs where
// both its rates are RR's, the cache key holding both).
type Table1StudySetting struct {
	Tuning                          []Table1TuneCell
	LRStandard, LRSameClass         float64
	GreedyStandard, GreedySameClass float64
	Main, Control, Own              *Table1Result
}

// tunedRates returns the rate of the grid with the best mean final
// validation accuracy over the tuning seeds of order under each batching
// among cells, the first of equal means; a diverged cell never wins. ok
// is false if every rate diverged under a batching.
func tunedRates(cells []Table1TuneCell, order string) (standard, sameClass float64, ok bool) {
	best := map[string]float64{}
	bestAcc := map[string]float64{}
	for _, cell := range cells {
		if cell.Order != order || cell.Diverged || len(cell.ValAcc) == 0 {
			continue
		}
		m, _ := meanSE(cell.ValAcc)
		if a, seen := bestAcc[cell.Batching]; !seen || m > a {
			best[cell.Batching], bestAcc[cell.Batching] = cell.LR, m
		}
	}
	standard, ok1 := best["standard"]
	sameClass, ok2 := best["same-class"]
	return standard, sameClass, ok1 && ok2
}

// Table1SweepCell is one setting of the sweep: RR and greedy on both
// batchings, or Diverged if a run's loss stopped being finite.
type Table1SweepCell struct {
	BatchSize  int
	Momentum   float64
	Multiplier float64
	Result     *Table1Result `json:",omitempty"`
	Diverged   bool          `json:",omitempty"`
}

// Table1StudyResult holds every run of the table-1-study claim.
type Table1StudyResult struct {
	Config Table1StudyConfig
	// Rates are the rates fixed in advance (Table1StudyFixedConfig), or
	// none where the study tuned them.
	Rates [][2]float64 `json:",omitempty"`
	// Settings[i] is the study of Config.Settings[i].
	Settings []Table1StudySetting
	// Sweep holds the sweep around Config.Settings[0], batch size
	// slowest, then momentum, then multiplier.
	Sweep []Table1SweepCell
}

// Run tunes, trains and sweeps. Every training run is table-1's, cached
// under its own inputs, so an interrupted study resumes and the runs the
// sweep shares with the tuned comparison (the same batch size, momentum
// and rates) train once.
func (c Table1StudyConfig) Run(ctx context.Context, env *Env) (*Table1StudyResult, error) {
	return c.run(ctx, env, nil)
}

// run is Run, tuning each setting's rates, or at the fixed rates if rates
// are not nil (Table1StudyFixedConfig).
func (c Table1StudyConfig) run(ctx context.Context, env *Env, rates [][2]float64) (*Table1StudyResult, error) {
	env = env.orDefault()
	if err := c.validateAt(rates); err != nil {
		return nil, err
	}
	res := &Table1StudyResult{Config: c, Rates: rates}
	// Per setting: the tuning of each order and batching, RR and greedy
	// at RR's rates, the control, and greedy at its own rates (cached
	// runs where they are RR's); then the sweep.
	total := len(c.Settings)*(len(table1StudyOrders)*len(table1Batchings)*len(c.Grid)*c.TuneSeeds+7*c.Seeds) + len(c.BatchSizes)*len(c.Momenta)*len(c.Multipliers)*4*c.SweepSeeds
	// Each Table1Config.Run reports its own runs; the study's progress
	// counts them on from the runs done before it.
	done, outer := 0, env.Progress
	progress := func(d int) {
		if outer != nil {
			outer(d, total)
		}
	}
	env.Progress = func(d, _ int) { progress(done + d) }
	defer func() { env.Progress = outer }()
	// The tuning trains runs of its own: its base seed is drawn from
	// env.Seed (streamTable1Tune), so that its runs (the training subset,
	// initialisation and orders of each) are independent of the judged
	// runs, none of which is one whose held-out score chose its rate.
	// (Until 2026-11-26, tuning seed s was judged run s of the same
	// cell.) Its reuse of cached runs counts as env's.
	tuneEnv := &Env{Seed: mixSeed(env.Seed, streamTable1Tune), Workers: env.Workers, FigDir: env.FigDir, CacheDir: env.CacheDir,
		Fresh: env.Fresh, CachedOnly: env.CachedOnly, CIFAR10: env.CIFAR10, Progress: env.Progress, Warn: env.warn}
	defer func() { env.reused.Add(tuneEnv.reused.Load()) }()
	runIn := func(e *Env, t Table1Config) (*Table1Result, error) {
		r, err := t.runAnyOrders(ctx, e)
		// A diverged tuning or sweep setting counts as done: the study
		// goes on without it.
		if err == nil || table1Diverged(err) {
			done += len(t.Orders) * len(t.Batchings) * t.Seeds
			progress(done)
		}
		return r, err
	}
	run := func(t Table1Config) (*Table1Result, error) { return runIn(env, t) }
	for i, s := range c.Settings {
		s.Holdout, s.Batchings = c.Holdout, slices.Clone(table1Batchings)
		var st Table1StudySetting
		// Each order and batching is tuned on its own runs, so a rate
		// that diverges under one leaves the others' cells standing. With
		// fixed rates the grid is empty.
		for _, lr := range c.Grid {
			for _, order := range table1StudyOrders {
				for _, b := range table1Batchings {
					t := s
					t.Validate, t.Orders, t.Batchings, t.Seeds, t.LRStandard, t.LRSameClass = true, []string{order}, []string{b}, c.TuneSeeds, lr, lr
					r, err := runIn(tuneEnv, t)
					diverged := table1Diverged(err)
					if err != nil && !diverged {
						return nil, err
					}
					cell := Table1TuneCell{Order: order, Batching: b, LR: lr, Diverged: diverged}
					if !diverged {
						cell.ValAcc = r.accs(order, b, finalAcc)
					}
					st.Tuning = append(st.Tuning, cell)
				}
			}
		}
		var ok, okGreedy bool
		st.LRStandard, st.LRSameClass, ok = tunedRates(st.Tuning, "RR")
		st.GreedyStandard, st.GreedySameClass, okGreedy = tunedRates(st.Tuning, "greedy")
		if rates != nil {
			st.LRStandard, st.LRSameClass = rates[i][0], rates[i][1]
			st.GreedyStandard, st.GreedySameClass = st.LRStandard, st.LRSameClass
			ok, okGreedy = true, true
		}
		if !ok || !okGreedy {
			return nil, fmt.Errorf("paper: %s: every learning rate of the grid %v diverged for an order under a batching", table1StudyID, c.Grid)
		}
		m := s
		m.Orders, m.Seeds, m.LRStandard, m.LRSameClass = []string{"RR", "greedy"}, c.Seeds, st.LRStandard, st.LRSameClass
		var err error
		if st.Main, err = run(m); err != nil {
			return nil, err
		}
		ctl := m
		ctl.Orders, ctl.Batchings = []string{"RR fixed"}, []string{"standard"}
		if st.Control, err = run(ctl); err != nil {
			return nil, err
		}
		own := m
		own.Orders, own.LRStandard, own.LRSameClass = []string{"greedy"}, st.GreedyStandard, st.GreedySameClass
		if st.Own, err = run(own); err != nil {
			return nil, err
		}
		res.Settings = append(res.Settings, st)
	}
	if c.SweepSeeds == 0 {
		return res, nil
	}
	base := c.Settings[0]
	base.Holdout, base.Batchings, base.Orders, base.Seeds = c.Holdout, slices.Clone(table1Batchings), []string{"RR", "greedy"}, c.SweepSeeds
	for _, bs := range c.BatchSizes {
		for _, mom := range c.Momenta {
			for _, mult := range c.Multipliers {
				t := base
				t.BatchSize, t.Momentum = bs, mom
				t.LRStandard, t.LRSameClass = mult*res.Settings[0].LRStandard, mult*res.Settings[0].LRSameClass
				r, err := run(t)
				diverged := table1Diverged(err)
				if err != nil && !diverged {
					return nil, err
				}
				res.Sweep = append(res.Sweep, Table1SweepCell{BatchSize: bs, Momentum: mom, Multiplier: mult, Result: r, Diverged: diverged})
			}
		}
	}
	return res, nil
}

// table1Diverged reports whether err is a run's divergence: its training
// loss no longer finite after an epoch (errDiverged), or a gradient no
// longer finite within one (ordering.ErrNaN), whichever comes first.
func table1Diverged(err error) bool {
	return errors.Is(err, errDiverged) || errors.Is(err, ordering.ErrNaN)
}

// sweepCells returns the number of the sweep's settings: none without
// sweep seeds.
func (c *Table1StudyConfig) sweepCells() int {
	if c.SweepSeeds == 0 {
		return 0
	}
	return len(c.BatchSizes) * len(c.Momenta) * len(c.Multipliers)
}

// judgedOnly drops the sweep, which the study reports beside its verdict
// and does not judge.
func (c *Table1StudyConfig) judgedOnly() { c.SweepSeeds = 0 }

// check returns an error if r is nil or not of the shape of its config.
func (r *Table1StudyResult) check() error {
	if r == nil {
		return errResult(table1StudyID, "nil")
	}
	c := r.Config
	if len(r.Settings) != len(c.Settings) || len(r.Sweep) != c.sweepCells() {
		return errResult(table1StudyID, "%d settings and %d sweep cells for %d and %d", len(r.Settings), len(r.Sweep), len(c.Settings), c.sweepCells())
	}
	for i, s := range r.Settings {
		if len(s.Tuning) != len(table1StudyOrders)*len(table1Batchings)*len(c.Grid) || s.Main == nil || s.Control == nil || s.Own == nil {
			return errResult(table1StudyID, "setting %d: %d tuning cells for a grid of %d, or no runs", i, len(s.Tuning), len(c.Grid))
		}
		for _, res := range []*Table1Result{s.Main, s.Control, s.Own} {
			if err := res.check(table1StudyID); err != nil {
				return err
			}
		}
		if err := s.Main.checkTable(table1StudyID); err != nil {
			return err
		}
		if !slices.Equal(s.Own.Batchings, table1Batchings) || len(s.Own.runs("greedy", "standard")) != len(s.Main.runs("RR", "standard")) {
			return errResult(table1StudyID, "setting %d: greedy at its own rates with batchings %q and %d seeds, want %q and %d", i, s.Own.Batchings, len(s.Own.runs("greedy", "standard")), table1Batchings, len(s.Main.runs("RR", "standard")))
		}
	}
	for i, cell := range r.Sweep {
		if cell.Diverged != (cell.Result == nil) {
			return errResult(table1StudyID, "sweep cell %d: diverged %v with result %v", i, cell.Diverged, cell.Result != nil)
		}
		if cell.Result != nil {
			if err := cell.Result.check(table1StudyID); err != nil {
				return err
			}
		}
	}
	return nil
}

// # The findings

// table1Regime is the loss from same-class batching, in points, that a
// sweep setting's interval must lie above to count as the paper's regime
// (the paper's loss is 19.26).
const table1Regime = 5

// table1SweepAt picks the accuracy the sweep is judged at: after the last
// epoch, the one the paper's Table 1 reports, declared here in code on
// 2026-11-26 (after earlier results of the sweep were known). The accuracy
// before the first decay of the learning rate is shown beside, not
// judged. (Until 2026-11-26 a setting counted if either epoch passed, on
// point means: a choice after the run between two chances.)
var table1SweepAt = finalAcc

// Table1SweepFindings is what one setting of the sweep shows: RR's loss
// from same-class batching, greedy's gain on RR under it and greedy's
// recovery of the loss, paired over the sweep's seeds, after the last
// epoch (judged) and before the first decay of the learning rate (shown).
type Table1SweepFindings struct {
	BatchSize               int
	Momentum, Multiplier    float64
	LRStandard, LRSameClass float64
	// Diverged is set if a run's loss stopped being finite; the gaps are
	// then zero.
	Diverged bool
	// Loss and Gain are RR standard − RR same-class and greedy − RR under
	// same-class batching, in points, with t-based 95% intervals;
	// Recovery is Fieller's interval of gain / loss (ratioInterval). The
	// Early ones are at the epoch before the first decay.
	Loss, Gain, Recovery                Interval
	LossEarly, GainEarly, RecoveryEarly Interval
	// Regime says whether Loss lies above table1Regime (holds), below it
	// (fails) or spans it; Recovers whether Recovery lies above
	// table1Recovery, below it, or spans it (or is unbounded). Both are
	// judged after the last epoch only (table1SweepAt).
	Regime, Recovers Part
}

// Table1StudyRates names the learning rates a verdict of the study is
// judged at.
type Table1StudyRates int

const (
	// AtRRRates is RR and greedy at RR's tuned rates: greedy runs at
	// rates chosen for another order, which is conservative for greedy
	// (and the paper's practice of one pair of rates for both orders).
	AtRRRates Table1StudyRates = iota
	// AtOwnRates is each order at its own tuned rates: RR at RR's, greedy
	// at greedy's, so neither runs at a rate chosen for the other.
	AtOwnRates
)

// String returns the rates as the report writes them.
func (r Table1StudyRates) String() string {
	switch r {
	case AtRRRates:
		return "at RR's tuned rates (both orders)"
	case AtOwnRates:
		return "at each order's own tuned rates"
	}
	return fmt.Sprintf("Table1StudyRates(%d)", int(r))
}

// table1StudyHead is the rates whose verdict heads the study's summary
// and is its Verdict; the verdict at the other rates is reported beside
// it. Declared on 2026-11-26, before the runs at the new protocol (each
// order tuned on the held-out split with two seeds): each order at its own
// rates, because that comparison favours neither order, which is what the
// tuning is for (issue 28, item 7); at RR's rates greedy runs at rates
// chosen for RR, a comparison tilted towards RR, so it is kept beside as
// the conservative reading for greedy.
var table1StudyHead = AtOwnRates

// table1StudyRule is the study's rule: the paper's two sentences of
// line 488, as table-1's rule judges them for its setting, each part over
// every setting of the study (a quantity per setting), at the rates that
// head (table1StudyHead). Our reading of Table 1 (RR's loss from
// same-class batching, greedy's recovery of it), which the paper does not
// state, is reported beside the verdict, not judged.
var table1StudyRule = Rule{Claim: table1StudyID, Parts: []RulePart{
	{Name: "table-1-study-standard", Sentence: table1SentenceStandard, Tex: 488,
		Statistic: "greedy − RR under standard batching, final test accuracy, as a percentage of RR's test error (100 (acc_greedy − acc_RR) / (1 − acc_RR) per seed), paired over seeds, t-based 95% interval, one per setting",
		Test:      Equivalence, Lo: -table1Similar, Hi: table1Similar},
	{Name: "table-1-study-same-class", Sentence: table1SentenceSameClass, Tex: 488,
		Statistic: "greedy − RR under same-class batching, final test accuracy, as a percentage of RR's same-class test error (100 (acc_greedy − acc_RR) / (1 − acc_RR) per seed), paired over seeds, t-based 95% interval, one per setting, shown above the margin of \"similar\"",
		Test:      Superiority, Side: Above, Threshold: table1Similar},
}}

// Table1StudyVerdict is the study's verdict at one choice of rates:
// table1StudyRule's over the settings (each part a quantity per setting:
// the standard-batching tie, greedy's same-class gain), with Worst and
// Best the verdicts the unsettled parts leave open (combineRange).
type Table1StudyVerdict struct {
	Rates                Table1StudyRates
	Verdict, Worst, Best Verdict
}

// table1StudyCombine returns the verdict at rates over the settings'
// findings, named names, and the rule's judgement it comes from.
func table1StudyCombine(rates Table1StudyRates, names []string, settings []Table1Findings) (Table1StudyVerdict, Judgement) {
	m := Measures{}
	for i := range settings {
		for name, ms := range settings[i].studyMeasures(names[i]) {
			m[name] = append(m[name], ms...)
		}
	}
	j := mustJudge(&table1StudyRule, m)
	parts := make([]Verdict, len(j.Parts))
	for k, pj := range j.Parts {
		parts[k] = pj.Verdict
	}
	v := Table1StudyVerdict{Rates: rates, Verdict: j.Verdict}
	v.Worst, v.Best = combineRange(parts...)
	return v, j
}

// Table1StudyFindings is what the study shows, per setting and over the
// sweep, with the verdict on the study's statement at both choices of
// rates and the one that heads.
type Table1StudyFindings struct {
	// Names are the settings' names ("MNIST MLP", ...); Settings their
	// findings at RR's tuned rates, with the control; Tuned RR's rates
	// (standard, same-class).
	Names    []string
	Settings []Table1Findings
	Tuned    [][2]float64
	// Own are the findings of each setting at each order's own rates: RR
	// at RR's (Main's RR runs), greedy at greedy's (Own), paired by seed
	// (run s of every cell starts from the same initialisation), without
	// the control (RR fixed ran at RR's rates). OwnTuned are greedy's
	// tuned rates (standard, same-class).
	Own      []Table1Findings
	OwnTuned [][2]float64
	Sweep    []Table1SweepFindings
	// AtRR and AtOwn are the verdicts at RR's rates and at each order's
	// own; Head is the one table1StudyHead declares, whose Verdict, Worst
	// and Best are the study's. Agree is false if the two verdicts
	// differ.
	AtRR, AtOwn          Table1StudyVerdict
	Head                 Table1StudyRates
	Agree                bool
	Verdict, Worst, Best Verdict
	// judgement is the rule's judgement at the rates that head.
	judgement Judgement
}

// headFindings returns the settings' findings at the rates that head.
func (f *Table1StudyFindings) headFindings() []Table1Findings {
	if f.Head == AtOwnRates {
		return f.Own
	}
	return f.Settings
}

// atOwnRates returns the runs of s at each order's own rates: Main's RR
// runs and Own's greedy runs, as one result of both orders.
func (s Table1StudySetting) atOwnRates() *Table1Result {
	r := &Table1Result{Config: s.Main.Config, Batchings: slices.Clone(table1Batchings)}
	r.Config.Orders, r.Config.Batchings = []string{"RR", "greedy"}, slices.Clone(table1Batchings)
	for _, o := range []struct {
		res   *Table1Result
		order string
	}{{s.Main, "RR"}, {s.Own, "greedy"}} {
		var cells [][]Table1Run
		for _, b := range table1Batchings {
			cells = append(cells, o.res.runs(o.order, b))
		}
		r.Runs = append(r.Runs, cells)
	}
	return r
}

// Findings returns what the study shows. It returns an error if r is not
// of the shape of its config.
func (r *Table1StudyResult) Findings() (*Table1StudyFindings, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	f := &Table1StudyFindings{Head: table1StudyHead}
	for i, s := range r.Settings {
		f.Names = append(f.Names, table1DataName(r.Config.Settings[i].Dataset)+" "+table1Model(r.Config.Settings[i]))
		f.Settings = append(f.Settings, table1Judge(s.Main, s.Control))
		f.Tuned = append(f.Tuned, [2]float64{s.LRStandard, s.LRSameClass})
		f.Own = append(f.Own, table1Judge(s.atOwnRates(), nil))
		f.OwnTuned = append(f.OwnTuned, [2]float64{s.GreedyStandard, s.GreedySameClass})
	}
	var atRR, atOwn Judgement
	f.AtRR, atRR = table1StudyCombine(AtRRRates, f.Names, f.Settings)
	f.AtOwn, atOwn = table1StudyCombine(AtOwnRates, f.Names, f.Own)
	f.Agree = f.AtRR.Verdict == f.AtOwn.Verdict
	head := f.AtRR
	f.judgement = atRR
	if f.Head == AtOwnRates {
		head, f.judgement = f.AtOwn, atOwn
	}
	f.Verdict, f.Worst, f.Best = head.Verdict, head.Worst, head.Best
	for _, cell := range r.Sweep {
		sf := Table1SweepFindings{BatchSize: cell.BatchSize, Momentum: cell.Momentum, Multiplier: cell.Multiplier, Diverged: cell.Diverged,
			LRStandard: cell.Multiplier * r.Settings[0].LRStandard, LRSameClass: cell.Multiplier * r.Settings[0].LRSameClass}
		if !cell.Diverged {
			early := func(acc []float64) float64 { return acc[min(cell.Result.Config.milestones()[0], len(acc)-1)] }
			sf.Loss, sf.Gain, sf.Recovery = cell.Result.gaps(table1SweepAt)
			sf.LossEarly, sf.GainEarly, sf.RecoveryEarly = cell.Result.gaps(early)
			sf.Regime = partOf(sf.Loss.Above(table1Regime), sf.Loss.Below(table1Regime))
			sf.Recovers = partOf(sf.Recovery.Above(table1Recovery), sf.Recovery.Below(table1Recovery))
		}
		f.Sweep = append(f.Sweep, sf)
	}
	return f, nil
}

// name returns the sweep setting's name as the report writes it.
func (f Table1SweepFindings) name() string {
	return fmt.Sprintf("batch %d, momentum %g, %g× RR's tuned rates", f.BatchSize, f.Momentum, f.Multiplier)
}
