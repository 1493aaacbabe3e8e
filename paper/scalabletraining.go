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
	Quote: "an efficient order, one without greedy's full gradient pass every epoch, trains as well as greedy (final test accuracy not worse by more than Table 1's \"similar\" margin, 7.74% of greedy's test error), on our MNIST stand-in for Table 1's setting",
	Rule:  &scalableTrainingRule,
	Run:   claimRun(scalableTrainingConfig, Table1Config.Run, (*Table1Result).ScalableTrainingOutcome),
	Registration: "Registered again on 2026-12-01, after its pass on base seed 1004 (inconclusive: sketched greedy −2.69 [−7.11, +1.74]% of greedy's test error, its Holm-level lower end below −7.74%; mean balance −25.1 [−30.0, −20.1]% and pair balance −25.9 [−32.2, −19.6]%; stale greedy, then beside, trained as at the passes on 1001 and 1002: its gaps at those passes were not kept in the results file, and a pass prints only its verdict, so none was seen; the report's quick-scale section showed it at +0.42 [−2.46, +3.30]%, seed 1, 3 runs), when both independent referee reads of the whole registration weighed scalable-training-same-accuracy as weak for one reason: a \"met\" could come only from sketched greedy, which still takes Algorithm 2's full gradient pass every epoch, the cost tex:490 calls computationally expensive and Section 7 (tex:531) asks efficient algorithms to avoid, so the goal's sentence claimed more than a met would show. The sentence now says what efficient means (no full gradient pass every epoch), and the orders run that it covers are judged (Table 1's slow update order, Algorithm 2 every few epochs, is covered too and not run here): stale greedy (Algorithm 2 on the gradients the previous epoch's steps computed, one full pass at epoch 0 only, O(N d) memory), mean balance and pair balance (GraB's online orders from the steps' own gradients, O(d) memory). Sketched greedy is reported beside, not judged. " +
		"Stale greedy returns to the Holm family: it was set beside on 2026-11-29, before the first pass, as \"a kind of Section 7's slow update\"; a referee read of a first draft of this registration (which left it beside, before any run) found that untrue, since that update is Algorithm 2 with its full pass every few epochs (table-1's slow update order), while stale greedy takes no pass after epoch 0. Known at this registration: on the exploratory seeds 1 to 5 (3 runs each, this code) stale greedy reads −2.57% to +1.50% of greedy's test error (its Holm-adjusted p-value at most 2.5% at seeds 1 and 3), mean balance −18.6% to −22.4% and pair balance −20.1% to −24.9%; the goal reads met at seeds 1 and 3, inconclusive at 2, 4 and 5. So the change moves the goal towards met, through stale greedy, where the draft moved it away, and at the registered runs a met is likely. Stale greedy still runs Algorithm 2's selection every epoch (O(N²) on the Gram matrix, O(N d) memory) and the report gives each order's wall time beside the verdict: a met says no order with the full pass every epoch is needed for greedy's accuracy here, not that stale greedy is cheap. The margin, the test and the training protocol are unchanged; the runs per cell are set below by the power. " +
		"The earlier registration's text, kept as it was (its reading of stale greedy as \"a kind of that slow update\" is untrue, as said above): Registered again on 2026-11-30 for its text and seed alone (its rule, judging code, protocol and runs are those of its pass on base seed 1002, goal met), on base seed 1004, when an independent referee's read of the whole registration weighed scalable-training-same-accuracy as weak: at base seed 1002 RR's and greedy's runs are table-1's confirmatory pass's (this section said so), and that pass was committed before this claim's seed-1002 registration, so greedy's half of every judged pair was known when it was registered. A registration earlier that day on base seed 1003 was withdrawn before any run: table-1-study's pass on base seed 1003 (ba56604) had trained MNIST MLPs from the same starting weights as this claim's runs at that seed (the run seeds derive from the base seed and the run alone; the study holds out 10,000 images and trains at its own rates, so no run is shared outright), its results known. No pass of any claim sharing this claim's run seeds has used base seed 1004 (NextSeed). What \"efficient\" means here, which the section did not say: sketched greedy keeps a sketch of the gradients, not the n gradients, and orders in less arithmetic than Algorithm 2, but still takes its full gradient pass at the epoch's start point, the cost tex:490 names; mean and pair balance order online from the training steps' own gradients, with no extra pass. (Corrected after the pass on base seed 1004, wording only: the statistic read \"stale greedy and Section 7's slow update beside\", as if two orders; one is reported, stale greedy, a kind of that slow update.) So far only sketched greedy has met the goal (the balances fall about 20% of greedy's test error short at every seed), so a \"goal met\" shows an order cheaper in memory and arithmetic than Algorithm 2, not one that avoids its gradient pass. The same read found \"one rule\" with Table 1's \"similar accuracy\" only half true: the margin is Table 1's, the test one-sided (non-inferiority) where Table 1's tie is an equivalence; the statistic now says so. Known at this registration: the seed-1002 pass read goal met (sketched greedy above −7.74% of greedy's test error at Holm's level). " +
		"The earlier registration's text, kept as it was: Registered again on 2026-11-30, after its pass on base seed 1001 (goal met: sketched greedy's mean accuracy over the epochs +0.13 [−0.21, +0.48] points against −0.5, its lower end at Holm's level −0.479), when an independent referee read of the whole registration weighed scalable-training-same-accuracy as weak: Section 7's \"the same accuracy\" was judged at −0.5 point of the mean accuracy over the epochs, Table 1's \"similar accuracy\" at ±7.74% of RR's test error on the final accuracy, one kind of statement judged two ways. It is now Table 1's rule, one-sided: the final accuracy minus greedy's as a share of greedy's test error, above −7.74%. " +
		"Known then, at the default scale the claim is registered at: the exploratory seeds' reading went from goal met at 5 of 5 (the old rule) to inconclusive at 5 of 5 (the new), so the change goes against the goal; there greedy errs about 3.5 points under same-class batching, so −7.74% of it is about 0.27 point, about twice as strict as the old 0.5 point; sketched greedy's gap at seed 1 is +1.44 [−10.3, +13.2]% (3 runs). A default-scale run at base seed 1001 outside the pass, judged by the new rule (its runs are not exactly the pass's: its mean gap +0.11 [−0.25, +0.46] points against the pass's +0.13 [−0.21, +0.48]), reads sketched greedy +1.83 [−7.58, +11.24]%, unsettled: the seed-1001 pass would most likely read inconclusive. The numbers quoted first on this day (final gaps −0.04 [−0.52, +0.45] points and so on, greedy's error about 6 points) were the quick scale's (6,000 images), the committed report's, not the registered scale's. At base seed 1002, RR's and greedy's runs are table-1's confirmatory pass's (the seed derivation has no claim id, and the cache is keyed on the run's inputs): only the efficient orders' runs are new. The power below pools the seeds' spread (sd 3.68% of greedy's error); the seeds' own sds range from 1.5 to 5.2, and at 5.2 the registered 7 runs give about 0.7. Fixed before the pass, after a referee read of this registration (sound, its wording wrong); the rule, seed and runs are unchanged.",
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

// scalableTrainingMargin is the non-inferiority margin, in percent of
// greedy's test error, by which an efficient order's final test accuracy
// may fall short of greedy's and still count as obtaining its accuracy:
// Table 1's margin of "similar accuracy" (table1Similar, the paper's
// standard error of its standard-batching gap over RR's test error,
// 7.74%), so that Section 7's "the same accuracy" and Section 6.1's
// "similar accuracy" are judged by one rule, one-sided here because
// "obtaining" greedy's accuracy is not hurt by a better one. Since
// 2026-11-30; before, 0.5 points of the mean test accuracy over the
// epochs (see the protocol's history).
var scalableTrainingMargin = table1Similar

// scalableTrainingBeside are the orders reported beside the goal and not
// judged, each with why it is not one of the efficient algorithms Section
// 7 (orderings-paper.tex line 531) asks for. Sketched greedy orders from a
// sketch of the gradients but still takes Algorithm 2's full gradient pass
// at every epoch's start, the cost tex:490 names ("requires computing a
// full gradient which is computationally expensive"); it is beside since
// 2026-12-01. The judged orders take no such pass after epoch 0: stale
// greedy (ordering.StaleGreedy) orders from the gradients the previous
// epoch's steps computed, querying the oracle at x_0 once, and mean and
// pair balance order online from the steps' own gradients. Stale greedy
// was beside from 2026-11-29 to 2026-12-01, as "a kind of Section 7's slow
// update", which it is not: that update is Algorithm 2 with its full pass
// every few epochs (the slow update order of table-1).
var scalableTrainingBeside = map[string]string{
	"sketched greedy": "still takes Algorithm 2's full gradient pass",
}

// ScalableTrainingGap is an efficient order's final test accuracy against
// greedy's under same-class batching, paired by seed.
type ScalableTrainingGap struct {
	// Order names the efficient order; Gap is its final test accuracy
	// (finalAcc) minus greedy's as a percentage of greedy's test error,
	// 100 (acc − acc_greedy)/(1 − acc_greedy) per seed (relativeInterval),
	// with its t-based 95% interval over the seeds: the gap judged, in
	// Table 1's units.
	Order string
	Gap   Interval
	// Final is the final accuracy's gap in points and Mean the mean
	// accuracy over epochs 1..T's (meanAcc), both paired by seed: reported
	// beside Gap, not judged (Mean was the judged gap until 2026-11-30).
	Final, Mean Interval
	// Holds is set if the order is shown to obtain greedy's accuracy,
	// a non-inferiority test: its one-sided p-value of "the gap above
	// -ScalableTrainingFindings.Margin", Holm-adjusted over the
	// efficient orders, is at most 2.5% (alone: the interval lies wholly
	// above -Margin), however far above. Fails is set if
	// it is shown not to: the interval lies wholly below -Margin. Neither
	// is set otherwise (the interval spans -Margin): unsettled. A larger
	// gap never gives a worse state.
	Holds, Fails bool
	// Beside marks an order reported beside the goal, not judged
	// (scalableTrainingBeside): its Holds is its own test's, unadjusted.
	// Why says why it is not judged.
	Beside bool
	Why    string
}

// scalableTrainingRule is the claim's rule: a goal of ours, one part,
// "an efficient order" obtains greedy's accuracy: for some efficient
// order, its gap to greedy judged by non-inferiority, Holm over the
// efficient orders.
var scalableTrainingRule = Rule{Claim: scalableTrainingID, Goal: true, Parts: []RulePart{{
	Name:      "scalable-training-same-accuracy",
	Sentence:  "An efficient order (one without Algorithm 2's full gradient pass at every epoch, which tex:490 calls computationally expensive) obtains the accuracy of Algorithm 2's (greedy's) under same-class batching, after Section 7's \"Finding efficient algorithms for finding good orders obtaining the same accuracy is therefore grounds for future work\" (orderings-paper.tex line 531)",
	Statistic: "an efficient order's (stale greedy, Algorithm 2 on the gradients the previous epoch's steps computed, with a full gradient pass at epoch 0 only; mean balance and pair balance, GraB's online orders from the steps' own gradients, with none; beside and not judged: sketched greedy, which orders from a sketch but still takes the full pass every epoch, the cost tex:490 names) final test accuracy minus greedy's as a percentage of greedy's test error, 100 (acc − acc_greedy)/(1 − acc_greedy), under same-class batching, paired by seed, t-based 95% interval, one per efficient order; the margin is Table 1's \"similar accuracy\" margin (the paper's standard error of its standard-batching gap over its RR's test error), the same margin, judged one-sided here (\"the same accuracy\" read as no worse than \"similar\": an efficient order more accurate than greedy never fails), where Table 1's tie under standard batching is two-sided (an equivalence); the gap in points and the mean accuracy over the epochs reported beside",
	Test:      NonInferiority, Side: Above, Threshold: -scalableTrainingMargin, Each: Some,
}}}

// scalableTrainingJudge returns the states of a gap iv against the
// non-inferiority margin m, as the rule's part judges it: holds if iv
// lies wholly above -m, fails if wholly below it, neither if it spans -m.
func scalableTrainingJudge(iv Interval, m float64) (holds, fails bool) {
	p := scalableTrainingRule.Parts[0]
	p.Threshold = -m
	return p.side(iv)
}

// ScalableTrainingFindings is what the scalable-training claim shows: each
// efficient order against greedy under same-class batching.
type ScalableTrainingFindings struct {
	// Gaps are the efficient orders' gaps, in the config's order.
	Gaps []ScalableTrainingGap
	// Margin is the non-inferiority margin in percent of greedy's test
	// error (scalableTrainingMargin).
	Margin float64
	// MetFrom is the smallest margin, in percent of greedy's test error, at which some gap's
	// interval would lie above -margin (the smallest -Lo, at least 0;
	// read on the intervals, before Holm): the verdict's sensitivity to
	// the margin, reported, not judged. FailsBelow is the margin below
	// which every gap would fail (the smallest -Hi), 0 if not every one
	// would at any margin ≥ 0.
	MetFrom, FailsBelow float64
	// Checkable is set if greedy ran with at least two seeds; Met is set
	// if it is and some gap holds (Holm over the efficient orders).
	Checkable, Met bool
	// Verdict is scalableTrainingRule's: NotCheckable if not Checkable,
	// else GoalMet if Met, GoalNotMet if every judged gap fails, Inconclusive
	// otherwise; judgement is the rule's judgement it comes from.
	Verdict   Verdict
	judgement Judgement
}

// judgedGaps returns the number of efficient orders the goal judges.
func (f *ScalableTrainingFindings) judgedGaps() int {
	n := 0
	for _, g := range f.Gaps {
		if !g.Beside {
			n++
		}
	}
	return n
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
	f := &ScalableTrainingFindings{Margin: scalableTrainingMargin, Checkable: hasGreedy && c.Seeds > 1, MetFrom: math.Inf(1), FailsBelow: math.Inf(1)}
	var ms []Measure
	if hasGreedy && slices.Contains(r.Batchings, "same-class") {
		for _, order := range c.Orders {
			if order == "greedy" || order == "RR" {
				continue
			}
			iv := relativeInterval(r.accs(order, "same-class", finalAcc), r.accs("greedy", "same-class", finalAcc))
			why, beside := scalableTrainingBeside[order]
			f.Gaps = append(f.Gaps, ScalableTrainingGap{Order: order, Gap: iv, Beside: beside, Why: why,
				Final: pairedInterval(r.accs(order, "same-class", finalAcc), r.accs("greedy", "same-class", finalAcc), 100),
				Mean:  pairedInterval(r.accs(order, "same-class", meanAcc), r.accs("greedy", "same-class", meanAcc), 100)})
			if beside {
				continue
			}
			f.MetFrom, f.FailsBelow = math.Min(f.MetFrom, -iv.Lo), math.Min(f.FailsBelow, -iv.Hi)
			if !f.Checkable {
				iv = Interval{} // one seed: no interval, nothing measured
			}
			ms = append(ms, Measure{Label: order, Iv: iv})
		}
	}
	if len(ms) == 0 {
		ms = []Measure{{Label: "no efficient order against greedy"}}
		f.MetFrom, f.FailsBelow = 0, 0
	}
	f.MetFrom, f.FailsBelow = math.Max(f.MetFrom, 0), math.Max(f.FailsBelow, 0)
	j, err := scalableTrainingRule.Judge(Measures{scalableTrainingRule.Parts[0].Name: ms}, nil)
	if err != nil {
		return nil, err
	}
	k := 0
	for i := range f.Gaps {
		g := &f.Gaps[i]
		if g.Beside {
			if f.Checkable {
				g.Holds, g.Fails = scalableTrainingRule.Parts[0].side(g.Gap)
			}
			continue
		}
		_, fails := scalableTrainingRule.Parts[0].side(ms[k].Iv)
		g.Holds, g.Fails = j.Parts[0].Holds[k], fails
		k++
	}
	f.judgement, f.Verdict = j, j.Verdict
	f.Met = f.Verdict == GoalMet
	return f, nil
}

// scalableTrainingSensitivity says how the verdict depends on the margin.
func scalableTrainingSensitivity(f *ScalableTrainingFindings) string {
	s := fmt.Sprintf("Sensitivity to the margin (reported, not judged; read on the intervals, before Holm): on these runs some efficient order's interval lies above −margin with any margin above %.2f%% of greedy's test error", f.MetFrom)
	if f.FailsBelow > 0 {
		return s + fmt.Sprintf(", and the goal would be not met (every order shown worse) with any margin below %.2f%%.", f.FailsBelow)
	}
	return s + "; no margin would make it not met."
}

// ScalableTrainingOutcome renders the findings and builds the table and
// charts of a Table1Config.Run result with the scalable orders; the
// verdict is scalableTrainingRule's (ScalableTrainingFindings). It
// returns an error if r is not of the shape of its config.
func (r *Table1Result) ScalableTrainingOutcome() (*Outcome, error) {
	f, err := r.ScalableTrainingFindings()
	if err != nil {
		return nil, err
	}
	c := r.Config
	out := Outcome{}
	out.judged(&scalableTrainingRule, f.judgement)
	r.addScalableTrainingCharts(&out)
	var summary []string
	best, most := "none", math.Inf(-1)
	for _, g := range f.Gaps {
		word := "unsettled"
		switch {
		case g.Holds && g.Beside:
			word = fmt.Sprintf("shown above −%g%% by its own 95%% interval, outside the judged orders' Holm family: not worse by the margin", f.Margin)
		case g.Holds:
			word = fmt.Sprintf("shown above −%g%% after Holm over the orders: not worse by the margin", f.Margin)
		case g.Fails:
			word = fmt.Sprintf("shown below −%g%%: worse by more than the margin", f.Margin)
		}
		if g.Beside {
			summary = append(summary, fmt.Sprintf("%s, beside and not judged (%s), %s%% (%s; in points %s; mean accuracy over the epochs %s)", g.Order, g.Why, g.Gap, word, g.Final, g.Mean))
			continue
		}
		summary = append(summary, fmt.Sprintf("%s %s%% (%s; in points %s, mean accuracy over the epochs %s, not judged)", g.Order, g.Gap, word, g.Final, g.Mean))
		if g.Gap.Lo > most {
			best, most = fmt.Sprintf("%s %s%% (%+.2f points)", g.Order, g.Gap, g.Final.Mean), g.Gap.Lo
		}
	}
	out.Summary = fmt.Sprintf("same-class batching, final test accuracy minus greedy's as a share of greedy's test error (judged; paired by seed, 95%% t-intervals, n = %d; non-inferiority margin %g%%, Table 1's \"similar\"): ", c.Seeds, f.Margin) + strings.Join(summary, ", ")
	out.Brief = fmt.Sprintf("same-class batching, final accuracy minus greedy's in %% of greedy's error, best efficient order (highest lower end) %s, %d seeds (goal: some order above −%g%%, Holm)", best, c.Seeds, f.Margin)
	out.Decides = &Decider{Name: "same-class batching, final accuracy minus greedy's in % of greedy's test error, best efficient order", Ours: best, Paper: fmt.Sprintf("some order above −%g%%", f.Margin), Chart: "scalable-training-same-class"}
	out.Protocol = scalableTrainingProtocol(f, c.Seeds)
	return &out, nil
}

// addScalableTrainingCharts adds the test-accuracy chart of each
// batching to out, with a row and a wall time per order.
func (r *Table1Result) addScalableTrainingCharts(out *Outcome) {
	c := r.Config
	epochs := ints(seq(c.Epochs + 1))
	for _, batching := range r.Batchings {
		acc := &chart.LineChart{
			Title:  fmt.Sprintf("Test accuracy with %s batching, %s %s (mean of %s, band: min to max)", batching, table1DataName(c.Dataset), table1Model(c), nOf(c.Seeds, "run")),
			XLabel: "epoch", YLabel: "test accuracy (%)",
		}
		for _, order := range c.Orders {
			mean, lo, hi := table1Curve(r.runs(order, batching), func(run Table1Run) []float64 { return run.TestAcc }, 100)
			acc.Series = append(acc.Series, chart.Series{Name: order, X: epochs, Y: mean, Lo: lo, Hi: hi, Runs: c.Seeds})
			cell, _ := r.cell(order, batching)
			ours := fmt.Sprintf("final %.2f (SE %.2f, n = %d)", cell.Mean, cell.SE, c.Seeds)
			out.Timings = append(out.Timings, Row{Quantity: fmt.Sprintf("%s, %s batching: mean wall time of a run", order, batching), Paper: "-", Ours: fmt.Sprintf("%.1f s", cell.Seconds)})
			if order != "RR" {
				g, se := r.pairedGap(order, "RR", batching, meanAcc)
				ours += fmt.Sprintf("; mean accuracy over epochs vs RR %+.2f ± %.2f (SE, n = %d)", g, se, c.Seeds)
			}
			out.Rows = append(out.Rows, Row{Quantity: fmt.Sprintf("%s, %s batching", order, batching), Paper: "-", Ours: ours})
		}
		var paper map[string]float64
		if c.Dataset == "mnist" && c.Model == "mlp" {
			paper = table1PaperFinal(batching)
		}
		panels := accuracyPanels(acc, c.Epochs/2, paper)
		noteHiddenPanelBands(panels, "min-to-max band", true)
		for _, pc := range panels.Panels {
			seedSpreadNote(pc)
		}
		out.addChart("scalable-training-"+batching, "Test accuracy, scalable orders, "+batching+" batching", panels)
	}
}

// scalableTrainingProtocol returns the claim's protocol lines.
func scalableTrainingProtocol(f *ScalableTrainingFindings, seeds int) []string {
	return []string{
		"The protocol of table-1 (see there), with these orders. Sketched greedy: CountSketch to k = 1024 of the batch gradients at x_t (an extra pass, O(N k) memory); stale greedy: Algorithm 2 on the gradients the previous epoch's steps computed (no extra pass after the first, O(N d) memory); mean and pair balance: GraB's online orders from the steps' gradients (O(d) memory).",
		"Under standard batching every order but RR orders batches cut once from a random permutation.",
		fmt.Sprintf("Verdict (a goal of ours, not a claim of the paper; \"obtaining the same accuracy\" is the paper's Section 7 words): under same-class batching, each efficient order's final test accuracy minus greedy's as a percentage of greedy's test error, 100 (acc − acc_greedy)/(1 − acc_greedy), paired by seed, with its t-based 95%% interval over the %d seeds. An order obtains greedy's accuracy if its one-sided p-value of \"worse by less than %g%%\", Holm-adjusted over the %d efficient orders, is at most 2.5%% (a non-inferiority test; alone, the interval lies wholly above −%g%%; a gap above +%g%% counts as obtaining it too); it is shown not to if the interval lies wholly below −%g%%; otherwise it is unsettled. The goal's words are \"an efficient order\", so the goal is met if some efficient order obtains it, not met if every one is shown not to, inconclusive otherwise. A larger gap never gives a worse verdict. The margin, %g%%, is Table 1's margin of \"similar accuracy\" (table-1's rule), derived from the standard errors Table 1 states: its standard-batching gap's, √(0.54² + 0.16²) = 0.56 point, over its RR's test error, 7.28 points; \"the same accuracy\" here and \"similar accuracy\" there are one kind of statement, judged by one rule.", seeds, f.Margin, f.judgedGaps(), f.Margin, f.Margin, f.Margin, f.Margin),
		"Changed on 2026-11-30, after the confirmatory pass on base seed 1001 (goal met: sketched greedy's mean accuracy over the epochs +0.13 [−0.21, +0.48] points, its lower end at Holm's level −0.479 against −0.5), when an independent referee read of the whole registration weighed the part as weak: \"same accuracy\" was judged at −0.5 point of the mean accuracy over the epochs while Table 1's \"similar accuracy\" is judged at ±7.74% of RR's test error on the final accuracy, one kind of statement judged two ways. It is now Table 1's rule, one-sided: the final accuracy (Table 1's and Section 7's measure) as a share of greedy's test error, above −7.74%. Known then, at the default scale the claim is registered at: the exploratory seeds' reading went from goal met at 5 of 5 (the old rule) to inconclusive at 5 of 5 (the new), so the change goes against the goal; there greedy errs about 3.5 points under same-class batching, so −7.74% of it is about 0.27 point, about twice as strict as the old 0.5 point; sketched greedy's gap at seed 1 is +1.44 [−10.3, +13.2]% (3 runs). A default-scale run at base seed 1001 outside the pass, judged by the new rule (its runs are not exactly the pass's: its mean gap +0.11 [−0.25, +0.46] points against the pass's +0.13 [−0.21, +0.48]), reads sketched greedy +1.83 [−7.58, +11.24]%, unsettled: the seed-1001 pass would most likely read inconclusive. The numbers quoted first on this day (final gaps −0.04 [−0.52, +0.45] points and so on, greedy's error about 6 points) were the quick scale's (6,000 images), the committed report's, not the registered scale's. At base seed 1002, RR's and greedy's runs are table-1's confirmatory pass's (the seed derivation has no claim id, and the cache is keyed on the run's inputs): only the efficient orders' runs are new. The power below pools the seeds' spread (sd 3.68% of greedy's error); the seeds' own sds range from 1.5 to 5.2, and at 5.2 the registered 7 runs give about 0.7. The claim is registered again on new seeds at the runs its power needs.",

		"Changed on 2026-12-01, after the confirmatory pass on base seed 1004 (inconclusive), at two referee reads: sketched greedy is reported beside the goal and not judged, as it still takes Algorithm 2's full gradient pass every epoch (tex:490); the efficient orders judged are stale greedy, mean balance and pair balance, which take none after epoch 0. Before, the Holm family was sketched greedy, mean and pair balance; sketched greedy was the only one to have held (at base seeds 1001 and 1002). Stale greedy returns to the family (see the next line): on the exploratory seeds it reads −2.57% to +1.50% of greedy's test error, and the goal met at seeds 1 and 3.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, the second referee read), and undone on 2026-12-01: stale greedy was reported beside the goal and not judged, read as the kind of slow update Section 7 already showed (\"running this algorithm every few epochs\"); it is not that update (Algorithm 2 with its full pass every few epochs), as it takes no pass after epoch 0; before, it was one of the four efficient orders of the Holm family (at seed 1 it held).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, issue 38): the goal became \"for some efficient order\" (Holm over the efficient orders), its own words \"an efficient order obtains the accuracy\"; before, every efficient order had to obtain it. The referee found the rule stronger than the goal's sentence (at seed 1 sketched and stale greedy held, mean and pair balance were unsettled: inconclusive under the old rule).",
		"Until 2026-11-30 the measure judged was the mean test accuracy over epochs 1 to T (the area under the accuracy curve), declared in the claim's first commit on 2026-11-22, before its own runs, but after table-1's default-scale runs had shown final accuracies tied while greedy led in the mean over the epochs; the final accuracy was shown beside. Since, the final accuracy is judged and the mean over the epochs shown beside.",
		"Rule history: until 2026-11-26 the goal was met iff every efficient order's mean gap was at least −2 standard errors of the paired gap (a normal z reading, \"not worse\", with no margin and no test that it is equal). On 2026-11-26, after the referee read the verdicts (issue 28) and after the results were known (in the report of that day, sketched greedy +0.06 ± 0.04, stale greedy −0.11 ± 0.01, mean balance −1.82 ± 0.38, pair balance −1.85 ± 0.36 points, ± one SE, n = 3), it became: the interval within ±0.5 points (TOST) or wholly above +0.5, fails wholly below −0.5. Later on 2026-11-26, again after those results were known, a second referee found that rule not monotone (a gap of [+0.1, +0.9] was unsettled where [−0.4, +0.4] held), and it became the non-inferiority rule above; at seed 1 both read sketched and stale greedy as holding and mean and pair balance as unsettled (inconclusive).",
		scalableTrainingSensitivity(f),
	}
}
