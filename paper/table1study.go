// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
)

// # The claim

// table1StudyClaim is Table 1's mechanism at learning rates tuned on
// held-out images; its protocol, runs and findings are in
// table1studyrun.go, shared with order-matters.
var table1StudyClaim = Claim{
	ID:    table1StudyID,
	Where: "Section 6.1, Table 1, at learning rates fixed in advance from a tuning on held-out data (its mechanism reported beside, not judged)",
	Statement: "Section 6.1 (orderings-paper.tex line 488): \"While the Greedy algorithm is able to obtain similar accuracy to RR with standard batching, " +
		"it significantly outperforms RR when same-class batching is used\"; Table 1 (lines 493-501, read as the text reads it; the mean of 3 runs, " +
		"standard errors in parentheses): RR 92.72 (0.16) and greedy 92.67 (0.54) with standard batching, RR 73.46 (0.34) and greedy 88.43 (0.07) with " +
		"same-class batching, which the paper uses because the variance σ² \"is not necessarily large enough for us to observe a large gap " +
		"in practice especially due to mini-batching\" (line 480). The verdict judges the paper's two sentences in every setting of the study, as table-1's rule does for its setting. " +
		"Our reading, reported beside the verdict and not judged (the paper states no such sentence): same-class batching makes random reshuffling " +
		"lose accuracy (a loss above 1 point; Table 1's 19.26), and the greedy order of Algorithm 2 wins most of that loss back (a recovery above 0.5; Table 1's " +
		"(88.43 - 73.46)/(92.72 - 73.46) = 0.78).",
	Quote: "\"While the Greedy algorithm is able to obtain similar accuracy to RR with standard batching, it significantly outperforms RR when same-class batching is used\" (Section 6.1; Table 1, its columns read exchanged, a slip of the paper's listed in the report: 92.67% against RR's 92.72% with standard batching, 88.43% against 73.46% with same-class batching), at learning rates fixed in advance from a tuning on held-out data",
	Rule:  &table1StudyRule,
	Registration: "Its protocol since 2026-11-29: the study at learning rates fixed in advance (0.03 under standard and 0.01 under same-class batching, both orders, both settings; Table1StudyFixedConfig), tuning none; before, every run of the claim tuned them on held-out images. " +
		table1StudyFixedNote + " At the registration on base seed 1002 the power, planned from the seed-1001 pass's measures at each order's own tuned rates, was off for the standard-batching part: at the fixed pair its Fashion-MNIST gap (+0.19, sd 0.35) needs about 20 runs per cell for 90% power, and at 5 its interval's expected half-width is ±0.44 (power about 0). This paragraph was drafted after the seed-1002 pass had begun, answering an independent read of the change, when six of the pass's Fashion-MNIST RR runs had finished (their final accuracies were seen; no greedy run's), and committed about 25 minutes later, when every MNIST run, every Fashion-MNIST RR run, the five Fashion-MNIST greedy standard-batching runs and three of the five same-class ones had finished (by the run cache's times); no gap of the pass was computed or seen before then, and its numbers are the read's, from the seed-1001 runs. Its hash, seed and runs are those registered before the pass, so no verdict could move. Corrected after the pass: this sentence had said that no greedy run had finished when the paragraph was added, true when it was drafted, not when it was committed. Registered a third time on 2026-11-30 (base seed 1003), after the seed-1002 pass, when the margin of \"similar accuracy\" changed for every Table 1 claim to ±7.74% of RR's test error (it was ±0.5 point), and the same-class threshold to the same margin (it was +0.5 point): see the rule text for what was known. Its power below is planned from the committed exploratory run at the fixed rates (base seed 1) alone, so \"every exploratory seed\" below is that one run. The seed-1002 pass, at the same fixed rates, had a wider MNIST spread (sd about 4.6% of RR's error) and gap (−3.3%): at them, the registered 9 runs give the MNIST standard gap a half-width of about ±3.5% and the part a power of about 0.7, not the 0.96 below (5 runs: about ±5.7% and 0.3). At the new margin the seed-1001 pass (its earlier protocol) would hold, the seed-1002 pass stay unsettled.",
	Run:  claimRun(table1StudyConfig, Table1StudyFixedConfig.Run, (*Table1StudyResult).Outcome),
	Skip: func(s Scale, _ *Env) string { return table1StudySkip(s, table1StudyID, table1StudyFixedMinutes) },
}

// # The outcome

// Outcome renders the findings: the verdict and its words, a row per
// setting and per sweep setting, the tuning grids and the sweep's maps.
// It judges nothing: table1StudyRule judges the findings' measures.
func (r *Table1StudyResult) Outcome() (*Outcome, error) {
	f, err := r.Findings()
	if err != nil {
		return nil, err
	}
	c := r.Config
	out := &Outcome{}
	out.judged(&table1StudyRule, f.judgement)
	head := f.headFindings()
	var parts, briefs, short []string
	for i := range f.Settings {
		parts = append(parts, f.settingText(i))
		briefs = append(briefs, fmt.Sprintf("%s same-class %s, standard %s", f.Names[i], head[i].Gain, head[i].Tie))
		// The brief names a setting by its data set alone.
		short = append(short, fmt.Sprintf("%s same-class %s, standard %s", strings.Fields(f.Names[i])[0], head[i].Gain, head[i].Tie))
		out.Rows = append(out.Rows, r.tuningRows(i, f.Names[i])...)
		out.Rows = append(out.Rows, r.settingRows(f, i)...)
		// Rates fixed in advance have no tuning to draw.
		if len(r.Settings[i].Tuning) > 0 {
			out.addChart(fmt.Sprintf("%s-tuning-%d", table1StudyID, i+1), "Tuning on held-out images, "+f.Names[i], r.tuningChart(i, f.Names[i]))
		}
	}
	out.Decides = &Decider{Name: fmt.Sprintf("greedy − RR, points %s (95%% t)", f.Head), Ours: strings.Join(briefs, "; "),
		Paper: fmt.Sprintf("same-class +14.97 (%+.1f%%), standard −0.05 (%+.2f%%) (our rule, in %% of RR's error: above +%.2f; within ±%.2f)", table1PaperGain, table1PaperSimilar, table1Similar, table1Similar)}
	out.Brief = fmt.Sprintf("greedy − RR %s: %s (paper +14.97, −0.05); n = %d seeds",
		f.Head, strings.Join(short, "; "), c.Seeds)
	out.Summary = f.verdictText() + " " + strings.Join(parts, ". ") + "."
	if r.Config.SweepSeeds > 0 {
		rows, sweep := r.sweepText(f)
		out.Rows = append(out.Rows, rows...)
		out.Summary += " Beyond the paper's settings, " + sweep
		r.addSweepCharts(out, f)
	}
	out.Protocol = r.protocol(f)
	if r.Rates != nil {
		r.fixedWords(out)
	}
	return out, nil
}

// fixedRatesWords are the words of a tuned study's outcome, each with its
// words at rates fixed in advance (Table1StudyFixedConfig), the longer
// first: there each order's rates are RR's, fixed before the runs.
var fixedRatesWords = []string{
	"at each order's own tuned rates, which are RR's for both orders", "at the rates fixed in advance for both orders",
	"at each order's own tuned rates", "at the fixed rates (both orders)",
	"at RR's tuned rates (both orders)", "at RR's fixed rates (both orders)",
	"RR's tuned rates", "RR's fixed rates",
	"tuned learning rate", "learning rate fixed in advance",
}

// fixedWords rewords out, the outcome of a study at fixed rates, where
// the words of a tuned study would say it tuned (fixedRatesWords).
func (r *Table1StudyResult) fixedWords(out *Outcome) {
	rw := strings.NewReplacer(fixedRatesWords...)
	out.Summary, out.Brief = rw.Replace(out.Summary), rw.Replace(out.Brief)
	if out.Decides != nil {
		out.Decides.Name, out.Decides.Ours = rw.Replace(out.Decides.Name), rw.Replace(out.Decides.Ours)
	}
	for i := range out.Rows {
		out.Rows[i].Quantity = rw.Replace(out.Rows[i].Quantity)
	}
	for i := range out.Protocol {
		out.Protocol[i] = rw.Replace(out.Protocol[i])
	}
}

// settingText returns setting i's findings in words, at the rates that
// head and, beside them, at the others (said once where they are the
// same runs).
func (f *Table1StudyFindings) settingText(i int) string {
	s, own := f.Settings[i], f.Own[i]
	atRR := fmt.Sprintf("at RR's tuned rates %g (standard) and %g (same-class) for both orders: %s, %s", f.Tuned[i][0], f.Tuned[i][1], s.Verdict, s.text())
	atOwn := fmt.Sprintf("at each order's own tuned rates (RR %g and %g, greedy %g and %g): %s, %s", f.Tuned[i][0], f.Tuned[i][1], f.OwnTuned[i][0], f.OwnTuned[i][1], own.Verdict, own.text())
	switch {
	case f.OwnTuned[i] == f.Tuned[i]:
		// Greedy's tuned rates are RR's: its runs at its own rates are
		// those at RR's (Own's runs are Main's), so the two readings are
		// one, said once, with the control.
		return fmt.Sprintf("%s at each order's own tuned rates, which are RR's for both orders (%g standard, %g same-class), so that the reading at RR's rates is the same, on the same runs: %s, %s", f.Names[i], f.Tuned[i][0], f.Tuned[i][1], s.Verdict, s.text())
	case f.Head == AtOwnRates:
		return fmt.Sprintf("%s %s. Beside it, %s", f.Names[i], atOwn, atRR)
	}
	return fmt.Sprintf("%s %s. Beside it, %s", f.Names[i], atRR, atOwn)
}

// settingRows returns setting i's rows: the tuned rates, the cells'
// accuracies, and each part of the rule at both choices of rates.
func (r *Table1StudyResult) settingRows(f *Table1StudyFindings, i int) []Row {
	s, name := f.Settings[i], f.Names[i]
	st := r.Settings[i]
	acc := func(res *Table1Result, order, b string) float64 { c, _ := res.cell(order, b); return c.Mean }
	rows := []Row{
		{Quantity: name + ": tuned learning rate, standard; same-class: RR's; greedy's", Paper: "0.1; 0.01 for both orders (not tuned)", Ours: fmt.Sprintf("RR %g; %g. greedy %g; %g", f.Tuned[i][0], f.Tuned[i][1], f.OwnTuned[i][0], f.OwnTuned[i][1])},
		{Quantity: name + ": final test accuracy % at RR's rates, RR standard; RR same-class; greedy same-class; greedy standard; RR fixed standard", Paper: "92.72; 73.46; 88.43; 92.67; (not run)",
			Ours: fmt.Sprintf("%.2f; %.2f; %.2f; %.2f; %.2f", acc(st.Main, "RR", "standard"), acc(st.Main, "RR", "same-class"), acc(st.Main, "greedy", "same-class"), acc(st.Main, "greedy", "standard"), acc(st.Control, "RR fixed", "standard"))},
		{Quantity: name + ": final test accuracy % of greedy at its own rates, same-class; standard", Paper: "(not run)", Ours: fmt.Sprintf("%.2f; %.2f", acc(st.Own, "greedy", "same-class"), acc(st.Own, "greedy", "standard"))},
		{Quantity: name + fmt.Sprintf(": Our reading (not judged): RR's loss from same-class batching, points (95%% interval, n = %d), against %g", s.Loss.N, table1Hurt), Paper: "+19.26 (Table 1, not a sentence of the paper)", Ours: fmt.Sprintf("%s, %s", s.Loss, sideWords(s.Loss, table1Hurt, " point"))},
	}
	for _, at := range []struct {
		rates Table1StudyRates
		j     Table1Findings
	}{{AtRRRates, s}, {AtOwnRates, f.Own[i]}} {
		w := at.rates.String()
		switch {
		case f.OwnTuned[i] == f.Tuned[i] && at.rates != f.Head:
			// Greedy's rates are RR's: the same runs, read once.
			continue
		case f.OwnTuned[i] == f.Tuned[i]:
			w += ", heads the verdict (greedy's rates are RR's: the same runs)"
		case at.rates == f.Head:
			w += ", heads the verdict"
		}
		rows = append(rows,
			Row{Quantity: name + fmt.Sprintf(", %s: greedy − RR, same-class, points and %% of RR's test error, above +%.2f%% (the paper: \"significantly outperforms\", line 488)", w, table1Similar), Paper: fmt.Sprintf("+14.97, %+.1f%% (\"significantly outperforms\")", table1PaperGain), Ours: fmt.Sprintf("%s, %s%%: %s", at.j.Gain, at.j.GainRel, at.j.SameClass)},
			Row{Quantity: name + fmt.Sprintf(", %s: greedy − RR, standard, points and %% of RR's test error, within ±%.2f%% (the paper: \"similar accuracy\", line 488)", w, table1Similar), Paper: fmt.Sprintf("−0.05, %+.2f%% (\"similar accuracy\")", table1PaperSimilar), Ours: fmt.Sprintf("%s, %s%%: %s", at.j.Tie, at.j.Similar, at.j.Standard)},
			Row{Quantity: name + fmt.Sprintf(", %s: Our reading (not judged): greedy's recovery of RR's loss (Fieller's 95%% interval), against %g", w, table1Recovery), Paper: fmt.Sprintf("%.2f (from Table 1, not a sentence of the paper)", table1PaperRecovery), Ours: fmt.Sprintf("%s, %s", at.j.Recovery, sideWords(at.j.Recovery, table1Recovery, ""))},
		)
	}
	return append(rows,
		Row{Quantity: name + ": control at RR's rates, greedy − RR fixed; RR − RR fixed (standard)", Paper: "(not run)", Ours: fmt.Sprintf("%s; %s", s.OrderOnly, s.Recut)},
		Row{Quantity: name + ": verdict of the setting, " + f.Head.String() + " (heads); beside it, " + otherRates(f.Head).String(), Paper: "-",
			Ours: fmt.Sprintf("%s; %s", f.headFindings()[i].Verdict, table1StudyOther(f, i).Verdict)},
	)
}

// sweepText returns a row per sweep setting and the sweep in words.
func (r *Table1StudyResult) sweepText(f *Table1StudyFindings) ([]Row, string) {
	var rows []Row
	var regime, spans []string
	for _, sf := range f.Sweep {
		ours := "diverged"
		if !sf.Diverged {
			ours = fmt.Sprintf("after the last epoch (read against the paper's regime, not judged): RR loss %s, %s: %s; greedy gain %s; recovery %s, %s: %s. Before the first decay (shown, not judged): loss %s, gain %s, recovery %s",
				sf.Loss, sideWords(sf.Loss, table1Regime, " points"), sf.Regime, sf.Gain, sf.Recovery, sideWords(sf.Recovery, table1Recovery, ""), sf.Recovers, sf.LossEarly, sf.GainEarly, sf.RecoveryEarly)
		}
		rows = append(rows, Row{Quantity: "sweep, " + f.Names[0] + ", " + sf.name(), Paper: "(not run)", Ours: ours})
		switch {
		case sf.Diverged:
		case sf.Regime == PartHolds:
			w := "greedy's recovery not settled against " + fmt.Sprint(table1Recovery)
			switch sf.Recovers {
			case PartHolds:
				w = fmt.Sprintf("greedy's recovery %s, above %g", sf.Recovery, table1Recovery)
			case PartFails:
				w = fmt.Sprintf("greedy's recovery %s, below %g", sf.Recovery, table1Recovery)
			}
			regime = append(regime, sf.name()+" ("+w+")")
		case sf.Regime == PartInconclusive:
			spans = append(spans, sf.name())
		}
	}
	at := "nowhere"
	if len(regime) > 0 {
		at = "at " + strings.Join(regime, "; ")
	}
	sweep := fmt.Sprintf("the sweep (%s, %d settings, %d seeds, read after the last epoch, not judged) shows RR's loss from same-class batching above %d points %s", f.Names[0], len(f.Sweep), r.Config.SweepSeeds, table1Regime, at)
	if len(spans) > 0 {
		sweep += fmt.Sprintf("; its interval spans %d points at %s", table1Regime, strings.Join(spans, "; "))
	}
	return rows, sweep
}

// verdictText returns the study's verdict in words: the paper's two
// sentences, at the rates that head and, beside it, at the others.
func (f *Table1StudyFindings) verdictText() string {
	headV, otherV := f.AtOwn, f.AtRR
	if f.Head == AtRRRates {
		headV, otherV = f.AtRR, f.AtOwn
	}
	v := fmt.Sprintf("The paper's two sentences of line 488, greedy − RR, as a share of RR's test error, within ±%.2f%% under standard batching and above +%.2f%% under same-class batching, each part over the %d settings, combined by the report's one rule, %s, which heads (its rule declared before the confirmatory pass; the runs shown here may be the tuned study's): %s; %s, beside it: %s. Our reading (RR's loss against %g point, greedy's recovery against %g) is reported beside, not judged.",
		table1Similar, table1Similar, len(f.Settings), headV.Rates, table1StudyVerdictWords(headV), otherV.Rates, table1StudyVerdictWords(otherV), table1Hurt, table1Recovery)
	if !f.Agree {
		v += fmt.Sprintf(" The two disagree: the study's verdict is the one %s, %s; %s it would be %s.", headV.Rates, headV.Verdict, otherV.Rates, otherV.Verdict)
	}
	return v
}

// protocol returns the study's protocol lines.
func (r *Table1StudyResult) protocol(f *Table1StudyFindings) []string {
	c := r.Config
	sweep := "No sweep in this run: the sweep is reported beside the verdict and not judged, so the confirmatory pass (Env.JudgedOnly) leaves it out."
	if c.SweepSeeds > 0 {
		sweep = fmt.Sprintf("Sweep around %s: batch sizes %s, momenta %s, %s times RR's tuned rates of the setting (not greedy's); RR and greedy under both batchings, %d seeds. Judged after the last epoch (declared in code, table1SweepAt, on 2026-11-26, after earlier results of the sweep were known, when until then a setting counted if either epoch passed, on point means; the last epoch is the one the paper's Table 1 reports, not the one that passes more often): a setting is in the paper's regime if the 95%% interval of RR's loss lies above %d points, and greedy recovers if Fieller's interval of its recovery lies above %g. The accuracy before the first decay of the learning rate is shown beside, not judged. The sweep is reported beside the verdict, not combined into it.",
			f.Names[0], joinInts(c.BatchSizes), joinFloats(c.Momenta), joinFloats(c.Multipliers), c.SweepSeeds, table1Regime, table1Recovery)
	}
	lines := []string{
		"The paper's tuning: Section 6.1 sets the initial learning rate to 0.1 for standard batching and 0.01 for same-class batching, the same for RR and greedy, and says nothing of tuning them; the paper has no appendix on hyper-parameters, and the only tuning it states is Section 6.2's (each order's rate over a grid, on 3 runs), not Table 1's.",
		r.tuningText(),
	}
	return append(append(lines, r.ratesText(f)...), table1StudyRuleText(), sweep,
		"A run whose training loss stops being finite ends its setting's runs, which are then reported as diverged.")
}

// ratesText states the runs at the study's rates and which verdict
// heads: at tuned rates, or at rates fixed in advance, where the two
// readings are one.
func (r *Table1StudyResult) ratesText(f *Table1StudyFindings) []string {
	c := r.Config
	if r.Rates != nil {
		return []string{fmt.Sprintf("At the fixed rates: RR and greedy under both batchings and RR fixed under standard batching, %d seeds, trained on the training images not held out and scored on the test set. The last %d training images are still held out, though nothing is tuned on them, so that every run trains on the images the tuned protocol's runs trained on and compares with the earlier passes. With one pair of rates for both orders, the readings at each order's own rates and at RR's rates are the same runs and the same verdict (table1StudyHead still names the first); the rest of each setting's protocol is table-1's (momentum, schedule, epochs, batch size: see the table-1 and table-1-fashion sections, whose rates 0.1 and 0.01 are the paper's).", c.Seeds, c.Holdout)}
	}
	return []string{fmt.Sprintf("At the tuned rates: RR and greedy at RR's rates under both batchings and RR fixed under standard batching at RR's rates, and greedy at its own rates under both batchings (the same runs where both of greedy's rates are RR's), %d seeds, trained on the training images not held out and scored on the test set, which the tuning never reads; the rest of each setting's protocol is table-1's (momentum, schedule, epochs, batch size: see the table-1 and table-1-fashion sections, whose untuned rates 0.1 and 0.01 are the paper's).", c.Seeds),
		fmt.Sprintf("Which verdict heads: the verdict %s heads the summary and is the study's (declared in code, table1StudyHead, on 2026-11-26, before the runs at this protocol): neither order then runs at a rate chosen for the other. The verdict %s, where greedy runs at rates chosen for RR (conservative for greedy, and the paper's practice of one pair of rates for both orders), is reported beside it; where the two disagree the summary says so. The control (RR fixed) and the sweep are at RR's rates.", f.Head, otherRates(f.Head))}
}

// tuningText states how the study's rates were chosen: tuned in this run,
// or fixed in advance at the rates the exploratory tuning chose.
func (r *Table1StudyResult) tuningText() string {
	c := r.Config
	tuning := fmt.Sprintf("for each setting, each order (%s) and each batching on its own runs, the final accuracy on the last %d training images, held out (they never train), over the learning rates %s, %d seeds each; each order's best rate per batching is the one with the best mean over the seeds, a rate where a run diverged never wins. The tuning's runs (training subset, initialisation, orders) come from a base seed of their own, so no judged run is one whose held-out score chose its rate. Until 2026-11-26 only RR was tuned, on 1 seed that was also judged run 1 of every cell, and greedy ran at RR's rates only.", strings.Join(table1StudyOrders, " and "), c.Holdout, joinFloats(c.Grid), c.TuneSeeds)
	if r.Rates == nil {
		return "Tuning (since 2026-11-26): " + tuning
	}
	var fixed []string
	for i, rt := range r.Rates {
		fixed = append(fixed, fmt.Sprintf("%s %g (standard) and %g (same-class)", table1DataName(c.Settings[i].Dataset)+" "+table1Model(c.Settings[i]), rt[0], rt[1]))
	}
	tuned := Table1StudyConfig{}.At(Paper)
	return fmt.Sprintf("Rates fixed in advance: %s, for both orders and batchings as listed, no run of this protocol tuning any. They are the rates the exploratory pass's tuning chose (base seed 1, over the learning rates %s, %d seeds each, each order and batching on its own runs, by the mean final accuracy on the last %d training images, held out). %s",
		strings.Join(fixed, "; "), joinFloats(tuned.Grid), tuned.TuneSeeds, tuned.Holdout, table1StudyFixedNote)
}

// table1StudyFixedNote says when and why table-1-study's rates were
// fixed, and what was known then; the registration says it too (the
// claim's Registration).
const table1StudyFixedNote = "Fixed on 2026-11-29, before the confirmatory pass on base seed 1002, because the tuned protocol's confirmatory pass (base seed 1001) took about 2 h 6 min, over the 2 hours the paper-scale part may take, about half of it tuning (amended on 2026-12-01 at a referee's read, and corrected the same day at the next ones: the 3,840 s that confirm.json records for that claim's pass are the second leg of a pass resumed from the run cache, after a first leg that stopped on a diverging tuning run (commit 1ac97d8) and that commit c461bba's message puts at 62 minutes, the commits' times allowing it to be longer, so the pass took over 2 hours in all; with table-1-fashion's pass that day, 2,291 s, the paper-scale part came to well over 2 hours); the paper, too, fixes Table 1's rates (0.1 and 0.01) and tunes none, and its 0.1 is not used because RR on Fashion-MNIST reached 48.8% held-out accuracy at 0.1 in the exploratory tuning. Known when they were fixed: the seed-1001 pass's own tuning chose the same rates except greedy's on Fashion-MNIST under standard batching, 0.01 (held-out 90.56% against 90.54% at 0.03), so its standard-batching gap (+0.30, greedy at 0.01 against RR at 0.03) is not this protocol's comparison; at the fixed pair (both 0.03) the same seed-1001 runs give +0.19 (sd 0.35 over 5 paired runs). Seeds 1 and 1001 pooled, and RR's rates for both orders, give 0.03 too."

// table1StudyRuleText states the study's verdict rule, and when it last
// changed, for the protocol list.
func table1StudyRuleText() string {
	return fmt.Sprintf("Verdict rule: the paper's two sentences of Section 6.1 (orderings-paper.tex line 488), \"%s\" and \"%s\", judged in each setting as table-1's rule judges them, paired over seeds with t-based 95%% intervals of final test accuracy: standard batching holds if greedy − RR, as a percentage of RR's test error (100 (acc_greedy − acc_RR) / (1 − acc_RR) per seed), lies within ±%.2f%% (two one-sided tests), fails if wholly beyond; same-class batching holds if greedy − RR, as a percentage of RR's same-class test error, lies above +%.2f%%, fails if below. %s "+
		"Each part is judged over the settings (a quantity per setting): it holds if it holds in every setting, fails if it fails in one, and is unsettled otherwise (a setting with no interval, one seed or no greedy, leaves it unsettled); the two parts are combined by the report's one rule: reproduced if both hold, not reproduced if both fail, partly reproduced if one holds and one fails, inconclusive if either is unsettled. "+
		"Our reading, reported beside the verdict and not judged (the paper states no such sentence): RR's loss from same-class batching (RR standard − RR same-class, t-interval) against %g point, and greedy's recovery of it (Fieller's interval of greedy − RR same-class over RR's loss, paired by seed; unbounded where the loss's interval spans 0) against %g. "+
		"%s "+
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29): the rule judged three parts, RR's loss above %g point, greedy's recovery above %g (our reading, which the paper does not state) and the standard-batching tie, and not the paper's same-class sentence; the referee found that parts the paper never states drove the verdict of a paper statement while the paper's own same-class sentence was no part, so the same-class sentence is now a part and our reading is reported beside. "+
		"Changed before the confirmatory pass, earlier the same day (the rule declared as a value): before, every part of every setting was combined as a part of its own, so a setting where all held beside one where all failed read partly reproduced, and a setting with no interval was left out. "+
		"Changed on 2026-11-26 (issue 28), after earlier results were known: before, the recovery was compared with %g as a point estimate, a setting not showing the loss was \"not tested\" and left out, and the settings' verdicts were combined as the common verdict or else \"partly reproduced\".",
		table1SentenceStandard, table1SentenceSameClass, table1Similar, table1Similar, table1SimilarWhy, table1Hurt, table1Recovery, table1SimilarChange, table1Hurt, table1Recovery, table1Recovery)
}

// tuningChart draws each order's mean validation accuracy over the
// tuning seeds against the learning rate, one line per order and
// batching, for setting i.
func (r *Table1StudyResult) tuningChart(i int, name string) chart.Chart {
	lc := &chart.LineChart{
		Title:  fmt.Sprintf("Tuning, %s: final accuracy on %d held-out images (mean of %s, band: min to max)", name, r.Config.Holdout, nOf(r.Config.TuneSeeds, "seed")),
		XLabel: "learning rate", YLabel: "validation accuracy (%)", LogX: true,
	}
	for _, order := range table1StudyOrders {
		for _, b := range table1Batchings {
			var x, y, lo, hi []float64
			runs := 0
			for _, cell := range r.Settings[i].Tuning {
				if cell.Order != order || cell.Batching != b {
					continue
				}
				x = append(x, cell.LR)
				// A diverged rate is +Inf: a triangle at the top of the plot.
				y = append(y, tuneCellMean(cell))
				l, h := tuneCellRange(cell)
				lo, hi = append(lo, l), append(hi, h)
				runs = max(runs, len(cell.ValAcc))
			}
			lc.Series = append(lc.Series, chart.Series{Name: fmt.Sprintf("%s, %s batching (tuned: %g)", order, b, r.tuned(i, order, b)), X: x, Y: y, Lo: lo, Hi: hi, Markers: true, Runs: runs})
		}
	}
	lc.InfLabel = "diverged"
	noteHiddenBands(lc, "min-to-max band", true)
	return lc
}

// tuneCellMean returns the cell's mean validation accuracy in percent,
// +Inf if it diverged.
func tuneCellMean(cell Table1TuneCell) float64 {
	if cell.Diverged {
		return math.Inf(1)
	}
	m, _ := meanSE(cell.ValAcc)
	return 100 * m
}

// tuneCellRange returns the least and largest validation accuracy of the
// cell's seeds in percent, NaN if it diverged.
func tuneCellRange(cell Table1TuneCell) (lo, hi float64) {
	if cell.Diverged || len(cell.ValAcc) == 0 {
		return math.NaN(), math.NaN()
	}
	return 100 * slices.Min(cell.ValAcc), 100 * slices.Max(cell.ValAcc)
}

// tuningRows returns the tuning table of setting i: a row per order and
// batching, the mean validation accuracy at each rate of the grid.
func (r *Table1StudyResult) tuningRows(i int, name string) []Row {
	if len(r.Settings[i].Tuning) == 0 {
		s := r.Settings[i]
		return []Row{{
			Quantity: fmt.Sprintf("%s: learning rates, standard; same-class (both orders), fixed in advance at the exploratory tuning's", name),
			Paper:    "0.1; 0.01 for both orders (not tuned)",
			Ours:     fmt.Sprintf("%g; %g", s.LRStandard, s.LRSameClass),
		}}
	}
	var rows []Row
	for _, order := range table1StudyOrders {
		for _, b := range table1Batchings {
			var v []string
			for _, cell := range r.Settings[i].Tuning {
				if cell.Order != order || cell.Batching != b {
					continue
				}
				w := "diverged"
				if !cell.Diverged {
					w = fmt.Sprintf("%.2f", tuneCellMean(cell))
				}
				v = append(v, fmt.Sprintf("%g: %s", cell.LR, w))
			}
			rows = append(rows, Row{
				Quantity: fmt.Sprintf("%s: tuning, %s, %s batching: mean final validation accuracy %% over %d seeds, per learning rate", name, order, b, r.Config.TuneSeeds),
				Paper:    "(not tuned)",
				Ours:     fmt.Sprintf("%s; tuned %g", strings.Join(v, "; "), r.tuned(i, order, b)),
			})
		}
	}
	return rows
}

// tuned returns order's tuned learning rate in setting i under batching b.
func (r *Table1StudyResult) tuned(i int, order, b string) float64 {
	s := r.Settings[i]
	switch {
	case order == "greedy" && b == "standard":
		return s.GreedyStandard
	case order == "greedy":
		return s.GreedySameClass
	case b == "standard":
		return s.LRStandard
	}
	return s.LRSameClass
}

// otherRates returns the rates that do not head when rates do.
func otherRates(rates Table1StudyRates) Table1StudyRates {
	if rates == AtOwnRates {
		return AtRRRates
	}
	return AtOwnRates
}

// table1StudyOther returns setting i's findings at the rates that do not
// head.
func table1StudyOther(f *Table1StudyFindings, i int) Table1Findings {
	if f.Head == AtOwnRates {
		return f.Settings[i]
	}
	return f.Own[i]
}

// table1StudyVerdictWords returns a verdict of the study in words, with
// the range an inconclusive one leaves open.
func table1StudyVerdictWords(v Table1StudyVerdict) string {
	if v.Verdict == Inconclusive {
		return fmt.Sprintf("inconclusive, at worst %s and at best %s", v.Worst, v.Best)
	}
	return v.Verdict.String()
}

// addSweepCharts adds the sweep's maps to out: RR's loss and greedy's
// recovery after the last epoch, the epoch the rule judges, each with the
// epoch before the first decay beside it. Every map is coloured about the
// rule's threshold, red above it (the paper's direction: RR loses, greedy
// wins back), blue below, and hatches the cells whose 95% interval spans
// the threshold.
func (r *Table1StudyResult) addSweepCharts(out *Outcome, f *Table1StudyFindings) {
	c := r.Config
	data := fmt.Sprintf("%s, %d seeds", f.Names[0], c.SweepSeeds)
	recovery := func(iv Interval) float64 {
		if !iv.Bounded() {
			return math.NaN()
		}
		return iv.Mean
	}
	for _, m := range []struct {
		base, title, value string
		of                 func(Table1SweepFindings) Interval
		at                 func(Interval) float64
		center             float64
	}{
		{"loss", "RR's loss from same-class batching after the last epoch (not judged; n/a: diverged)", "points RR loses", func(sf Table1SweepFindings) Interval { return sf.Loss }, nil, table1Regime},
		{"loss-early", "RR's loss from same-class batching before the first decay (not judged; n/a: diverged)", "points RR loses", func(sf Table1SweepFindings) Interval { return sf.LossEarly }, nil, table1Regime},
		{"recovery", "Greedy's recovery of RR's same-class loss after the last epoch (not judged; n/a: unbounded, the loss's interval spans 0, or diverged)", "share greedy wins back", func(sf Table1SweepFindings) Interval { return sf.Recovery }, recovery, table1Recovery},
		{"recovery-early", "Greedy's recovery of RR's same-class loss before the first decay (not judged; n/a: unbounded or diverged)", "share greedy wins back", func(sf Table1SweepFindings) Interval { return sf.RecoveryEarly }, recovery, table1Recovery},
	} {
		h := r.sweepChart(f, m.of, m.at, m.center)
		h.Title = m.title + ", " + data
		h.ValueLabel = m.value
		h.HatchLabel = fmt.Sprintf("the 95%% interval spans %g", m.center)
		out.addChart(table1StudyID+"-sweep-"+m.base, m.title, h)
	}
}

// sweepChart draws one interval of each sweep setting as a map, its mean
// (or at of it, if at is not nil) coloured about center with the interval
// under it, hatched where the interval spans center: a row per batch size and momentum, a column per
// multiple of the tuned rates. Diverged settings are missing.
func (r *Table1StudyResult) sweepChart(f *Table1StudyFindings, of func(Table1SweepFindings) Interval, at func(Interval) float64, center float64) *chart.Heatmap {
	c := r.Config
	xl := "multiple of RR's tuned learning rates"
	if r.Rates != nil {
		xl = "multiple of the learning rates fixed in advance"
	}
	h := &chart.Heatmap{XLabel: xl, YLabel: "batch size, momentum", LinearColor: true, Format: "%.1f", Center: center, Runs: c.SweepSeeds}
	if center < 1 {
		h.Format = "%.2f"
	}
	// Under each cell's value, its 95% interval, each end apart from 0
	// where it is not 0 (-0.0089 is not "-0.0").
	end := func(v float64) string {
		s := fmt.Sprintf(h.Format, v)
		if x, err := strconv.ParseFloat(s, 64); err == nil && x == 0 && v != 0 {
			return sigApart(v, 0)
		}
		return s
	}
	for _, m := range c.Multipliers {
		h.XTicks = append(h.XTicks, fmt.Sprintf("%g×", m))
	}
	k := 0
	for _, bs := range c.BatchSizes {
		for _, mom := range c.Momenta {
			h.YTicks = append(h.YTicks, fmt.Sprintf("%d, %g", bs, mom))
			row := make([]float64, len(c.Multipliers))
			marks := make([]bool, len(c.Multipliers))
			notes := make([]string, len(c.Multipliers))
			for j := range row {
				row[j] = math.NaN()
				if sf := f.Sweep[k]; !sf.Diverged {
					iv := of(sf)
					row[j] = iv.Mean
					if at != nil {
						row[j] = at(iv)
					}
					marks[j] = !math.IsNaN(row[j]) && iv.Against(center) == Spans
					if !math.IsNaN(row[j]) {
						notes[j] = "[" + end(iv.Lo) + ", " + end(iv.Hi) + "]"
					}
				}
				k++
			}
			h.Values = append(h.Values, row)
			h.Hatched = append(h.Hatched, marks)
			h.Notes = append(h.Notes, notes)
		}
	}
	return h
}
