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

// scalableTrainingMargin is the equivalence margin, in points of mean test
// accuracy over the epochs, within which an efficient order's accuracy
// counts as greedy's: half a point, about the standard deviation over
// seeds of Table 1's cells (0.54 and 0.72 points under standard batching),
// and far inside the 3 to 5 points the paper calls "a small impact on
// accuracy" of the slow update, which "the same accuracy" of Section 7 is
// set against.
const scalableTrainingMargin = 0.5

// ScalableTrainingGap is an efficient order's mean test accuracy over the
// epochs against greedy's under same-class batching, paired by seed.
type ScalableTrainingGap struct {
	// Order names the efficient order; Gap is its mean accuracy minus
	// greedy's, in points, paired by seed, with its t-based 95% interval
	// over the seeds.
	Order string
	Gap   Interval
	// Holds is set if the order is shown to obtain greedy's accuracy: the
	// interval lies within ±ScalableTrainingFindings.Margin (TOST, each
	// one-sided test at 2.5%), or wholly above +Margin (more than
	// greedy's). Fails is set if it is shown not to: the interval lies
	// wholly below -Margin. Neither is set otherwise (the interval spans
	// -Margin, or reaches past +Margin from within): unsettled.
	Holds, Fails bool
}

// ScalableTrainingFindings is what the scalable-training claim shows: each
// efficient order against greedy under same-class batching.
type ScalableTrainingFindings struct {
	// Gaps are the efficient orders' gaps, in the config's order.
	Gaps []ScalableTrainingGap
	// Margin is the equivalence margin in points
	// (scalableTrainingMargin).
	Margin float64
	// Checkable is set if greedy ran with at least two seeds; Met is set
	// if it is and every gap holds.
	Checkable, Met bool
	// Verdict is NotCheckable if not Checkable, else GoalMet if Met,
	// GoalNotMet if some gap fails, Inconclusive otherwise.
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
	f := &ScalableTrainingFindings{Margin: scalableTrainingMargin, Checkable: hasGreedy && c.Seeds > 1}
	f.Met = f.Checkable
	failed := false
	if hasGreedy && slices.Contains(r.Batchings, "same-class") {
		for _, order := range c.Orders {
			if order == "greedy" || order == "RR" {
				continue
			}
			iv := pairedInterval(r.accs(order, "same-class", meanAcc), r.accs("greedy", "same-class", meanAcc), 100)
			g := ScalableTrainingGap{Order: order, Gap: iv,
				Holds: iv.Within(scalableTrainingMargin) || iv.Above(scalableTrainingMargin),
				Fails: iv.Below(-scalableTrainingMargin)}
			f.Met = f.Met && g.Holds
			failed = failed || g.Fails
			f.Gaps = append(f.Gaps, g)
		}
	}
	switch {
	case !f.Checkable:
		f.Verdict = NotCheckable
	case f.Met:
		f.Verdict = GoalMet
	case failed:
		f.Verdict = GoalNotMet
	default:
		f.Verdict = Inconclusive
	}
	return f, nil
}

// ScalableTrainingOutcome renders the findings and builds the table and
// charts of a Table1Config.Run result with the scalable orders. The
// verdict is goal met if, under same-class batching, every efficient
// order's mean accuracy over the epochs is shown within
// scalableTrainingMargin points of greedy's (TOST) or above it, not met
// if one is shown below it by more, inconclusive otherwise. It returns an error if r is not
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
		word := "unsettled"
		switch {
		case g.Holds && g.Gap.Above(f.Margin):
			word = "above greedy's"
		case g.Holds:
			word = "equal within the margin"
		case g.Fails:
			word = "below greedy's by more than the margin"
		}
		summary = append(summary, fmt.Sprintf("%s %s (%s)", g.Order, g.Gap, word))
		out.addTest(fmt.Sprintf("%s − greedy, mean accuracy, within ±%g points (TOST) or above +%g", g.Order, f.Margin, f.Margin), math.Min(g.Gap.PWithin(f.Margin), g.Gap.PAbove(f.Margin)), g.Holds)
	}
	out.Summary = fmt.Sprintf("same-class batching, mean test accuracy over the epochs minus greedy's (points, paired by seed, 95%% t-intervals; margin ±%g): ", f.Margin) + strings.Join(summary, ", ")
	worst, least := "none", math.Inf(1)
	for _, g := range f.Gaps {
		if g.Gap.Mean < least {
			worst, least = fmt.Sprintf("%s %s", g.Order, g.Gap), g.Gap.Mean
		}
	}
	out.Brief = fmt.Sprintf("same-class batching, mean accuracy against greedy's, worst efficient order %s points, %d seeds (goal: within ±%g points, TOST, or above)", worst, c.Seeds, f.Margin)
	out.Protocol = []string{
		"The protocol of table-1 (see there), with these orders. Sketched greedy: CountSketch to k = 1024 of the batch gradients at x_t (an extra pass, O(N k) memory); stale greedy: Algorithm 2 on the gradients the previous epoch's steps computed (no extra pass after the first, O(N d) memory); mean and pair balance: GraB's online orders from the steps' gradients (O(d) memory).",
		"Under standard batching every order but RR orders batches cut once from a random permutation.",
		fmt.Sprintf("Verdict (a goal of ours, not a claim of the paper; \"obtaining the same accuracy\" is the paper's Section 7 words): under same-class batching, each efficient order's mean test accuracy over the epochs minus greedy's, paired by seed, with its t-based 95%% interval over the %d seeds. An order obtains greedy's accuracy if the interval lies within ±%g points (two one-sided tests, TOST, each at 2.5%%) or wholly above +%g (more than greedy's); it is shown not to if the interval lies wholly below −%g; otherwise it is unsettled. Goal met if every efficient order obtains it, not met if one is shown not to, inconclusive otherwise. The margin, %g points, is about the standard deviation over seeds of Table 1's cells and far inside the 3 to 5 points the paper calls a small impact of the slow update.", c.Seeds, f.Margin, f.Margin, f.Margin, f.Margin),
		fmt.Sprintf("Rule history: until 2026-11-26 the goal was met iff every efficient order's mean gap was at least −2 standard errors of the paired gap (a normal z reading, \"not worse\", with no margin and no test that it is equal). It changed on 2026-11-26, after the referee read the verdicts (issue 28) and after the results were known (in the report of that day, sketched greedy +0.06 ± 0.04, stale greedy −0.11 ± 0.01, mean balance −1.82 ± 0.38, pair balance −1.85 ± 0.36 points, ± one SE): \"obtain the accuracy\" means equal, which a wide interval around 0 does not show. The margin of %g points was chosen then; with a margin of 1 point mean and pair balance would be unsettled (inconclusive) instead of shown below.", f.Margin),
	}
	return &out, nil
}
