// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
)

// # The claim

// scalableTrainingID is the claim's id.
const scalableTrainingID = "scalable-training"

// scalableTrainingClaim answers the paper's Section 7 ("Future Work") in
// the setting of Table 1. It shares table-1's runs: Table1Config.Run caches each
// run under exactly its inputs, so RR and greedy are trained once for both
// claims.
var scalableTrainingClaim = Claim{
	ID:    scalableTrainingID,
	Where: "Beyond the paper: Section 7 and the setting of Table 1",
	Goal:  true,
	Statement: "Training with an efficient order should obtain the accuracy of Algorithm 2's (the paper's future work): " +
		"the setting of Table 1 (MNIST MLP) with RR, greedy, sketched greedy, stale greedy, mean balance and pair balance.",
	Run: claimRun(scalableTrainingConfig, Table1Config.Run, (*Table1Result).ScalableTrainingOutcome),
}

// # The config

// scalableTrainingOrders are the orders of the scalable-training claim.
var scalableTrainingOrders = []string{"RR", "greedy", "sketched greedy", "stale greedy", "mean balance", "pair balance"}

// scalableTrainingConfig returns the scalable-training protocol at scale
// s: Table 1's at the same scale with RR, greedy and the scalable orders
// of package ordering.
func scalableTrainingConfig(s Scale) Table1Config {
	return Table1Config{Orders: slices.Clone(scalableTrainingOrders)}.At(s)
}

// # The run

// The run is Table1Config.Run with scalableTrainingConfig's config: each run is
// cached under exactly its inputs, so the RR and greedy runs come from
// table-1's.

// # The outcome

// scalableTrainingSEs is the number of standard errors an efficient
// order's mean accuracy may fall below greedy's and still count as equal.
const scalableTrainingSEs = 2

// ScalableTrainingGap is an efficient order's mean test accuracy over the
// epochs against greedy's under same-class batching, paired by seed.
type ScalableTrainingGap struct {
	// Order names the efficient order; Gap is its mean accuracy minus
	// greedy's, in points, and SE the standard error of the paired gap.
	// Holds is set if Gap is at least -ScalableTrainingFindings.SEs·SE.
	Order   string
	Gap, SE float64
	Holds   bool
}

// ScalableTrainingFindings is what the scalable-training claim shows: each
// efficient order against greedy under same-class batching.
type ScalableTrainingFindings struct {
	// Gaps are the efficient orders' gaps, in the config's order.
	Gaps []ScalableTrainingGap
	// SEs is the number of standard errors an order may fall below
	// greedy and still count as equal (scalableTrainingSEs).
	SEs float64
	// Checkable is set if greedy ran with at least two seeds; Met is set
	// if it is and every gap holds.
	Checkable, Met bool
	// Verdict is NotCheckable if not Checkable, else GoalMet if Met, else
	// GoalNotMet.
	Verdict Verdict
}

// ScalableTrainingFindings returns what a Table1Config.Run result with the
// scalable orders shows. It returns an error if r is not of the shape of
// its config.
func (r *Table1Result) ScalableTrainingFindings() (*ScalableTrainingFindings, error) {
	if err := r.check(scalableTrainingID); err != nil {
		return nil, err
	}
	if err := r.checkTable(scalableTrainingID); err != nil {
		return nil, err
	}
	c := r.Config
	hasGreedy := slices.Contains(c.Orders, "greedy")
	f := &ScalableTrainingFindings{SEs: scalableTrainingSEs, Checkable: hasGreedy && c.Seeds > 1}
	f.Met = f.Checkable
	if hasGreedy && slices.Contains(r.Batchings, "same-class") {
		for _, order := range c.Orders {
			if order == "greedy" || order == "RR" {
				continue
			}
			m, se := r.pairedGap(order, "greedy", "same-class", meanAcc)
			g := ScalableTrainingGap{Order: order, Gap: m, SE: se, Holds: m >= -scalableTrainingSEs*se}
			f.Met = f.Met && g.Holds
			f.Gaps = append(f.Gaps, g)
		}
	}
	f.Verdict = goalOf(f.Met)
	if !f.Checkable {
		f.Verdict = NotCheckable
	}
	return f, nil
}

// ScalableTrainingOutcome renders the findings and builds the table and
// charts of a Table1Config.Run result with the scalable orders. The
// verdict is goal met if, under same-class batching, every efficient
// order's mean accuracy over the epochs is within scalableTrainingSEs
// standard errors of greedy's or above it. It returns an error if r is not
// of the shape of its config.
func (r *Table1Result) ScalableTrainingOutcome() (*Outcome, error) {
	f, err := r.ScalableTrainingFindings()
	if err != nil {
		return nil, err
	}
	c := r.Config
	out := Outcome{Verdict: f.Verdict}
	epochs := ints(seq(c.Epochs + 1))
	for _, batching := range r.Batchings {
		acc := &chart.LineChart{
			Title:  fmt.Sprintf("Test accuracy with %s batching, %s %s (mean of %s, band: min to max)", batching, table1DataName(c.Dataset), table1Model(c), nOf(c.Seeds, "run")),
			XLabel: "epoch", YLabel: "test accuracy (%)",
		}
		for _, order := range c.Orders {
			mean, lo, hi := table1Curve(r.runs(order, batching), func(run Table1Run) []float64 { return run.TestAcc }, 100)
			acc.Series = append(acc.Series, chart.Series{Name: order, X: epochs, Y: mean, Lo: lo, Hi: hi})
			cell, _ := r.cell(order, batching)
			ours := fmt.Sprintf("final %.2f (%.2f)", cell.Mean, cell.SE)
			out.Timings = append(out.Timings, Row{Quantity: fmt.Sprintf("%s, %s batching: mean wall time of a run", order, batching), Paper: "-", Ours: fmt.Sprintf("%.1f s", cell.Seconds)})
			if order != "RR" {
				g, se := r.pairedGap(order, "RR", batching, meanAcc)
				ours += fmt.Sprintf("; mean accuracy over epochs vs RR %+.2f ± %.2f", g, se)
			}
			out.Rows = append(out.Rows, Row{Quantity: fmt.Sprintf("%s, %s batching", order, batching), Paper: "-", Ours: ours})
		}
		var paper map[string]float64
		if c.Dataset == "mnist" && c.Model == "mlp" {
			paper = table1PaperFinal(batching)
		}
		out.addChart("scalable-training-"+batching, "Test accuracy, scalable orders, "+batching+" batching", accuracyPanels(acc, c.Epochs/2, paper))
	}
	var summary []string
	for _, g := range f.Gaps {
		summary = append(summary, fmt.Sprintf("%s %+.2f ± %.2f", g.Order, g.Gap, g.SE))
	}
	out.Summary = "same-class batching, mean test accuracy over the epochs against greedy's (points, paired by seed): " + strings.Join(summary, ", ")
	worst, least := "none", math.Inf(1)
	for _, g := range f.Gaps {
		if g.Gap < least {
			worst, least = fmt.Sprintf("%s %+.2f ± %.2f", g.Order, g.Gap, g.SE), g.Gap
		}
	}
	out.Brief = fmt.Sprintf("same-class batching, mean accuracy against greedy's, worst efficient order %s points, %d seeds (goal: ≥ −%g SE)", worst, c.Seeds, f.SEs)
	out.Protocol = []string{
		"The protocol of table-1 (see there), with these orders. Sketched greedy: CountSketch to k = 1024 of the batch gradients at x_t (an extra pass, O(N k) memory); stale greedy: Algorithm 2 on the gradients the previous epoch's steps computed (no extra pass after the first, O(N d) memory); mean and pair balance: GraB's online orders from the steps' gradients (O(d) memory).",
		"Under standard batching every order but RR orders batches cut once from a random permutation.",
		fmt.Sprintf("Verdict (a goal of ours, not a claim of the paper): goal met iff, under same-class batching, every efficient order's mean test accuracy over the epochs is at least greedy's minus %g standard errors of the paired gap (scalableTrainingSEs).", f.SEs),
	}
	return &out, nil
}
