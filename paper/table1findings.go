// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// This file judges one setting of Table 1 (the claims table-1,
// table-1-fashion, table-1-cifar10 and table-1-study share it): the
// findings as data, then the words. The statistics are verdict.go's.

// Part is the finding on one part of a statement.
type Part int

const (
	// PartInconclusive means the interval settles the part neither way.
	PartInconclusive Part = iota
	// PartHolds means the part is shown to hold.
	PartHolds
	// PartFails means the part is shown not to hold.
	PartFails
)

// String returns the part's finding as the report writes it.
func (p Part) String() string {
	switch p {
	case PartInconclusive:
		return "inconclusive"
	case PartHolds:
		return "holds"
	case PartFails:
		return "fails"
	}
	return fmt.Sprintf("Part(%d)", int(p))
}

// verdict returns the part as a verdict for combine.
func (p Part) verdict() Verdict {
	switch p {
	case PartHolds:
		return Reproduced
	case PartFails:
		return NotReproduced
	}
	return Inconclusive
}

// partOf returns PartHolds if holds, else PartFails if fails, else
// PartInconclusive.
func partOf(holds, fails bool) Part {
	switch {
	case holds:
		return PartHolds
	case fails:
		return PartFails
	}
	return PartInconclusive
}

// The paper's two sentences Table 1's claims judge (Section 6.1, the last
// sentence of the paragraph that begins "We now train a ResNet-18"): "While the Greedy algorithm is
// able to obtain similar accuracy to RR with standard batching, it
// significantly outperforms RR when same-class batching is used."
const (
	table1SentenceStandard  = "the Greedy algorithm is able to obtain similar accuracy to RR with standard batching"
	table1SentenceSameClass = "it significantly outperforms RR when same-class batching is used"
)

// The thresholds of our reading of Table 1, reported beside the verdicts
// (the table1Rule text says when the verdicts' margin last changed).
const (
	// table1Hurt is the loss from same-class batching that our reading
	// "same-class batching makes random reshuffling lose accuracy" (not
	// a sentence of the paper) is said against: the 95% interval of RR
	// standard − RR same-class above it, below it or spanning it. It is
	// reported beside the verdict of every Table 1 claim, table-1-study's
	// too, and judges nothing.
	table1Hurt = 1.0
	// table1Recovery is the share of RR's loss that our reading "greedy
	// wins most of that loss back" (not a sentence of the paper; Table
	// 1's share is 0.78) is said against: Fieller's 95% interval of gain
	// / loss above it, below it or spanning it. Reported beside the
	// verdict of every Table 1 claim, not judged.
	table1Recovery = 0.5
)

// table1PaperRecovery is the paper's recovery, (88.43 − 73.46) /
// (92.72 − 73.46) in the reading of its text.
const table1PaperRecovery = (88.43 - 73.46) / (92.72 - 73.46)

// table1Similar is the equivalence margin of "similar accuracy", in
// percent of RR's test error: greedy − RR under standard batching, as a
// share of RR's error, within ±table1Similar (two one-sided tests). It is
// the paper's own resolution carried to each setting: the standard error
// of its standard-batching gap, √(0.54² + 0.16²) = 0.56 point, over its
// RR's test error, 100 − 92.72 = 7.28 points, about 7.74%: a gap the
// paper's Table 1 could not tell from its tie at one standard error, on
// the scale of the setting's error (0.44 point where RR errs 5.7%, 1.0
// where it errs 12.9%). Rounded to two decimals, as the rule prints it.
var table1Similar = math.Round(100*100*math.Hypot(table1Paper["greedy"][0][1], table1Paper["RR"][0][1])/(100-table1Paper["RR"][0][0])) / 100

// table1PaperSimilar is the paper's standard-batching gap as a share of
// its RR's test error, in percent: (92.67 − 92.72) / 7.28; and
// table1PaperGain its same-class gain as a share of its RR's same-class
// error: (88.43 − 73.46) / 26.54.
var (
	table1PaperSimilar = 100 * (table1Paper["greedy"][0][0] - table1Paper["RR"][0][0]) / (100 - table1Paper["RR"][0][0])
	table1PaperGain    = 100 * (table1Paper["greedy"][1][0] - table1Paper["RR"][1][0]) / (100 - table1Paper["RR"][1][0])
)

// relativeInterval returns the t-based 95% interval of 100 (a_s − b_s) /
// (1 − b_s) over the pairs s: a's gain over b in accuracy (fractions) as
// a percentage of b's error. A pair where b errs nowhere gives NaN,
// which leaves the interval unbounded.
func relativeInterval(a, b []float64) Interval {
	if len(a) != len(b) {
		panic("paper: paired samples of different lengths")
	}
	d := make([]float64, len(a))
	for s := range d {
		d[s] = 100 * (a[s] - b[s]) / (1 - b[s])
	}
	return tInterval(d)
}

// Table1Findings is what one setting of Table 1 shows: paired gaps of the
// final test accuracy over seeds, in points, with t-based 95% intervals
// (tInterval), and the paper's two sentences judged by them.
type Table1Findings struct {
	// Seeds is the number of paired runs per gap.
	Seeds int
	// Tie is greedy − RR under standard batching in points (the paper:
	// −0.05), and Similar the same gap as a percentage of RR's test error
	// (the paper: −0.69%). Standard judges table1SentenceStandard: it
	// holds if Similar lies within ±table1Similar (TOST), fails if wholly
	// beyond it, else is inconclusive. "Similar" is an equality, so a
	// greedy better by more than the margin fails it too.
	Tie, Similar Interval
	Standard     Part
	// Gain is greedy − RR under same-class batching in points (the paper:
	// +14.97), and GainRel the same gap as a percentage of RR's
	// same-class test error (the paper: +56.4%). SameClass judges
	// table1SentenceSameClass: it holds if GainRel lies wholly above
	// +table1Similar (better by more than "similar" allows), fails if it
	// lies wholly below it
	// (shown no larger than a tie), else is inconclusive; monotone in the
	// gain.
	Gain, GainRel Interval
	SameClass     Part
	// Loss is RR's loss from same-class batching, RR standard − RR
	// same-class (the paper: +19.26), and Hurts whether it lies above
	// table1Hurt (holds), below it (fails) or spans it. Recovery is
	// Fieller's interval of the share of that loss greedy wins back,
	// gain / loss paired by seed (the paper: 0.78; unbounded where Loss
	// spans 0), and Recovers whether it lies above table1Recovery, below
	// it or spans it. They are our reading, reported beside the verdict
	// of every Table 1 claim (table-1-study's too), never judged.
	Loss     Interval
	Hurts    Part
	Recovery Interval
	Recovers Part
	// OrderOnly is greedy − RR fixed and Recut is RR − RR fixed under
	// standard batching: the control tells the order's effect from the
	// re-cutting of batches. HasControl is false without RR fixed runs.
	OrderOnly, Recut Interval
	HasControl       bool
	// Verdict judges the paper's two sentences: combine(Standard,
	// SameClass); NotCheckable, with Reason, if there is no greedy run or
	// a single seed (no interval).
	Verdict Verdict
	Reason  string
	// judgement is the paper's sentences judged by the claim's rule.
	judgement Judgement
	// MLP is the sanity check of the training code where it applies (an
	// MLP on MNIST with RR and standard batching), nil elsewhere; it is
	// not a part of the verdict.
	MLP *Table1MLPCheck
	// Reading is which reading of the paper's table the runs support,
	// set by Table1Result.Findings where greedy ran (nil elsewhere); it
	// is reported beside the verdict, not a part of it.
	Reading *Table1Reading
}

// Table1MLPCheck is the sanity check of the training code: RR with
// standard batching, an MLP on MNIST, reaches Accuracy percent test
// accuracy; with Train training images (0: all) of at least
// table1MLPTrain it must exceed table1MLPAccuracy (Required).
type Table1MLPCheck struct {
	Accuracy float64
	Train    int
	Required bool
	OK       bool
}

// table1RuleOf returns the rule of the Table 1 claim id (table-1,
// table-1-fashion, table-1-cifar10): the paper's two sentences, each
// judged on greedy − RR's final test accuracy in one batching. The three
// claims' rules differ only in their names.
func table1RuleOf(id string) Rule {
	const paired = "paired over seeds (run s of every cell shares its initialisation), t-based 95% interval"
	return Rule{Claim: id, Parts: []RulePart{
		{Name: id + "-standard", Sentence: table1SentenceStandard, Tex: 488, Statistic: "greedy − RR under standard batching, final test accuracy, as a percentage of RR's test error (100 (acc_greedy − acc_RR) / (1 − acc_RR) per seed), " + paired,
			Test: Equivalence, Lo: -table1Similar, Hi: table1Similar},
		{Name: id + "-same-class", Sentence: table1SentenceSameClass, Tex: 488, Statistic: "greedy − RR under same-class batching, final test accuracy, as a percentage of RR's same-class test error (100 (acc_greedy − acc_RR) / (1 − acc_RR) per seed), " + paired + ", shown above the margin of \"similar\"",
			Test: Superiority, Side: Above, Threshold: table1Similar},
	}}
}

// The rules of the three Table 1 claims.
var (
	table1ClaimRule   = table1RuleOf(table1ID)
	table1FashionRule = table1RuleOf(table1FashionID)
	table1CIFAR10Rule = table1RuleOf(table1CIFAR10ID)
)

// table1RuleFor returns the rule of the Table 1 claim id, table-1's for
// an id of none of them.
func table1RuleFor(id string) *Rule {
	switch id {
	case table1FashionID:
		return &table1FashionRule
	case table1CIFAR10ID:
		return &table1CIFAR10Rule
	}
	return &table1ClaimRule
}

// table1Judge returns the findings of main, the runs of RR and greedy on
// both batchings, and control, the runs of RR fixed under standard
// batching (nil if none). Without greedy among main's orders, or with
// one seed, the verdicts are NotCheckable.
func table1Judge(main, control *Table1Result) Table1Findings {
	acc := func(r *Table1Result, order, batching string) []float64 { return r.accs(order, batching, finalAcc) }
	rrT, rrS := acc(main, "RR", "standard"), acc(main, "RR", "same-class")
	f := Table1Findings{Seeds: len(rrT), Loss: pairedInterval(rrT, rrS, 100)}
	if !slices.Contains(main.Config.Orders, "greedy") {
		f.Reason = fmt.Sprintf("greedy is not among the orders %q", main.Config.Orders)
	} else {
		grT := acc(main, "greedy", "standard")
		f.Loss, f.Gain, f.Recovery = main.gaps(finalAcc)
		f.GainRel = relativeInterval(acc(main, "greedy", "same-class"), rrS)
		f.Tie, f.Similar = pairedInterval(grT, rrT, 100), relativeInterval(grT, rrT)
		if control != nil {
			fx := acc(control, "RR fixed", "standard")
			f.OrderOnly, f.Recut, f.HasControl = pairedInterval(grT, fx, 100), pairedInterval(rrT, fx, 100), true
		}
	}
	f.judge(table1IDOf(main.Config.Dataset))
	return f
}

// measure returns iv as the measure labelled label, measuring nothing (N
// = 0) where f has no verdict (no greedy, or one seed).
func (f *Table1Findings) measure(label string, iv Interval) Measure {
	if f.Reason != "" {
		iv = Interval{}
	}
	return Measure{Label: label, Iv: iv}
}

// measures returns f's quantities as the measures of the rule of the
// Table 1 claim id.
func (f *Table1Findings) measures(id string) Measures {
	return Measures{id + "-standard": {f.measure("", f.Similar)}, id + "-same-class": {f.measure("", f.GainRel)}}
}

// studyMeasures returns f's quantities as the measures of table-1-study's
// rule, each labelled label (the setting's name): the paper's two
// sentences, as table-1's rule judges them.
func (f *Table1Findings) studyMeasures(label string) Measures {
	return Measures{"table-1-study-standard": {f.measure(label, f.Similar)}, "table-1-study-same-class": {f.measure(label, f.GainRel)}}
}

// mustJudge returns r's judgement of m; a rule of this package that
// cannot judge the measures its claim gives it is a bug.
func mustJudge(r *Rule, m Measures) Judgement {
	j, err := r.Judge(m, nil)
	if err != nil {
		panic(err)
	}
	return j
}

// partOfVerdict returns the Part of a part's verdict.
func partOfVerdict(v Verdict) Part {
	return partOf(v == Reproduced, v == NotReproduced)
}

// judge sets the parts and the verdict of f from its intervals: the
// paper's sentences by the rule of the Table 1 claim id; our reading
// (Hurts, Recovers) against its thresholds, beside the verdict.
func (f *Table1Findings) judge(id string) {
	if f.Seeds < 2 && f.Reason == "" {
		f.Reason = "one seed gives no interval"
	}
	j := mustJudge(table1RuleFor(id), f.measures(id))
	f.Standard, f.SameClass, f.Verdict = partOfVerdict(j.Parts[0].Verdict), partOfVerdict(j.Parts[1].Verdict), j.Verdict
	f.judgement = j
	f.Hurts = partOf(f.Loss.Above(table1Hurt), f.Loss.Below(table1Hurt))
	f.Recovers = partOf(f.Recovery.Above(table1Recovery), f.Recovery.Below(table1Recovery))
	if f.Reason != "" {
		// The intervals are reported; their parts are settled by nothing.
		f.Standard, f.SameClass, f.Hurts, f.Recovers = PartInconclusive, PartInconclusive, PartInconclusive, PartInconclusive
	}
}

// sentences returns the parts of the paper's two sentences as verdicts.
func (f Table1Findings) sentences() []Verdict {
	return []Verdict{f.Standard.verdict(), f.SameClass.verdict()}
}

// gaps returns RR standard − RR same-class (the loss) and greedy − RR
// under same-class batching (the gain), paired over seeds, in points of
// the accuracy of each run's curve that at picks, and Fieller's interval
// of the recovery, gain / loss.
func (r *Table1Result) gaps(at func(acc []float64) float64) (loss, gain, recovery Interval) {
	acc := func(order, batching string) []float64 { return r.accs(order, batching, at) }
	rrT, rrS, grS := acc("RR", "standard"), acc("RR", "same-class"), acc("greedy", "same-class")
	g, l := make([]float64, len(rrS)), make([]float64, len(rrS))
	for s := range g {
		g[s], l[s] = grS[s]-rrS[s], rrT[s]-rrS[s]
	}
	return pairedInterval(rrT, rrS, 100), pairedInterval(grS, rrS, 100), ratioInterval(g, l)
}

// sideWords says where iv lies against x in words.
func sideWords(iv Interval, x float64, unit string) string {
	switch iv.Against(x) {
	case Above:
		return fmt.Sprintf("above %g%s", x, unit)
	case Below:
		return fmt.Sprintf("below %g%s", x, unit)
	}
	return fmt.Sprintf("spanning %g%s", x, unit)
}

// lossWords says what the interval of RR's loss shows: against 0 and
// against table1Hurt.
func (f Table1Findings) lossWords() string {
	switch {
	case f.Loss.Above(table1Hurt):
		return fmt.Sprintf("a loss shown above %g point", table1Hurt)
	case f.Loss.Above(0) && f.Loss.Below(table1Hurt):
		return fmt.Sprintf("a loss shown above 0 and below %g point", table1Hurt)
	case f.Loss.Above(0):
		return fmt.Sprintf("a loss shown above 0, spanning %g point", table1Hurt)
	case f.Loss.Below(0):
		return "a gain for RR: same-class batching helps it here"
	}
	return "an interval spanning 0: no loss shown"
}

// recoveryWords says what the recovery's interval shows.
func (f Table1Findings) recoveryWords() string {
	if !f.Recovery.Bounded() {
		return fmt.Sprintf("the recovery (greedy's gain / RR's loss) is not measured: RR's loss is not shown to differ from 0, so its Fieller interval is unbounded (paper %.2f)", table1PaperRecovery)
	}
	w := fmt.Sprintf("the recovery (greedy's gain / RR's loss) is %s (Fieller, n = %d; paper %.2f), %s", f.Recovery, f.Recovery.N, table1PaperRecovery, sideWords(f.Recovery, table1Recovery, ""))
	if f.Loss.Below(0) {
		w += ", a ratio over a negative loss: RR has nothing to recover here"
	}
	return w
}

// text returns the findings in words: the paper's two sentences, each
// with its interval and what it shows, then RR's loss and greedy's
// recovery beside them, and why the verdict is what it is.
func (f Table1Findings) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "paired over seeds (n = %d), 95%% t-intervals of final test accuracy, in points (the standard-batching gap also as a share of RR's test error): ", f.Seeds)
	if f.Tie.N == 0 { // no greedy runs
		fmt.Fprintf(&b, "same-class batching costs RR %s (paper +19.26); not checkable: %s", f.Loss, f.Reason)
		return b.String()
	}
	fmt.Fprintf(&b, "\"%s\": greedy − RR %s (paper −0.05), %s%% of RR's test error (paper %+.2f%%), within ±%.2f%% (TOST): %s; ", table1SentenceStandard, f.Tie, f.Similar, table1PaperSimilar, table1Similar, f.Standard)
	fmt.Fprintf(&b, "\"%s\": greedy − RR %s (paper +14.97), %s%% of RR's test error (paper %+.1f%%), %s: %s", table1SentenceSameClass, f.Gain, f.GainRel, table1PaperGain, sideWords(f.GainRel, table1Similar, "%"), f.SameClass)
	fmt.Fprintf(&b, ". Our reading, beside the verdict and not judged: same-class batching costs RR %s (paper +19.26), %s; %s", f.Loss, f.lossWords(), f.recoveryWords())
	if f.HasControl {
		fmt.Fprintf(&b, "; control on greedy's fixed standard batches: greedy − RR fixed %s (the order alone), RR − RR fixed %s (re-cutting the batches every epoch)", f.OrderOnly, f.Recut)
	}
	switch f.Verdict {
	case NotCheckable:
		b.WriteString(". Not checkable: " + f.Reason)
	case Inconclusive:
		var open []string
		if f.Standard == PartInconclusive {
			open = append(open, "the standard-batching tie")
		}
		if f.SameClass == PartInconclusive {
			open = append(open, "greedy's same-class gain")
		}
		b.WriteString(". Inconclusive: " + strings.Join(open, " and ") + " not settled by these seeds")
	}
	return b.String()
}

// brief returns the report's one-line brief of the paper's two sentences:
// the two gaps with their intervals and the paper's numbers.
func (f Table1Findings) brief() string {
	if f.Tie.N == 0 {
		return "not checkable: " + f.Reason
	}
	return fmt.Sprintf("greedy − RR in %% of RR's error: same-class %s (paper %+.1f), standard %s (paper %+.2f), margin ±%.2f; in points %+.2f and %+.2f (paper +14.97, −0.05); n = %d seeds",
		f.GainRel, table1PaperGain, f.Similar, table1PaperSimilar, table1Similar, f.Gain.Mean, f.Tie.Mean, f.Seeds)
}

// table1RuleText states the verdict rule of table-1, table-1-fashion and
// table-1-cifar10, and when it last changed, for the protocol lists.
func table1RuleText() string {
	return fmt.Sprintf("Verdict rule: the paper's two sentences of Section 6.1 (the last sentence of the paragraph that begins \"We now train a ResNet-18\"), \"%s\" and \"%s\", each judged on final test accuracy, paired over seeds (run s of every cell shares its initialisation), by t-based 95%% intervals. "+
		"Standard batching: greedy − RR as a percentage of RR's test error (100 (acc_greedy − acc_RR) / (1 − acc_RR), per seed) holds if it lies within ±%.2f%% (two one-sided tests at 2.5%%; \"similar\" is an equality, so a gap wholly beyond either end fails), inconclusive otherwise. "+
		"%s "+
		"Same-class batching: greedy − RR as a percentage of RR's same-class test error holds if it lies above +%.2f%%, fails if it lies below it (a gain \"similar\" would allow is no outperformance), inconclusive otherwise. "+
		"The two parts are combined by the report's one rule (reproduced if both hold, not reproduced if both fail, partly reproduced if one holds and one fails, inconclusive if either is unsettled, whatever the other shows). "+
		"RR's loss from same-class batching (against %g point) and greedy's recovery of it (Fieller's interval of gain / loss against %g) are reported beside the verdict and do not gate it. "+
		"%s "+
		"Before, the rule was changed twice on 2026-11-26, each time after the earlier results of these claims were known. First (issue 28); before it, written on 2026-11-24, also after results were known: the claim counted as tested only where the interval of RR's loss lay above %g point (below it: \"not tested\"), and the same-class part held in size only with a point recovery of at least %g; both were preconditions of ours, not the paper's, and hid a same-class gain shown above 0. Before 2026-11-24 the gaps were judged by multiples of their standard error. "+
		"Then (referee A's item 7, the same day), after the results were known (at seed 1 table-1 inconclusive, its same-class gain +0.70 [+0.19, +1.21] holding above 0, which then spanned +0.5; table-1-fashion inconclusive, +3.31 [+2.51, +4.11] holding either way): the same-class part held if greedy − RR lay above 0 and failed below 0 or within ±%g point, so a gain of [+0.1, +0.4], which the margin called a tie, held; since, it held above +%g point and failed below it.",
		table1SentenceStandard, table1SentenceSameClass, table1Similar, table1SimilarWhy, table1Similar, table1Hurt, table1Recovery, table1SimilarChange, table1Hurt, table1Recovery, 0.5, 0.5)
}

// table1SimilarWhy says where the margin of "similar accuracy" comes from;
// table-1-study's rule text says it too.
const table1SimilarWhy = "The margin is the paper's own resolution carried to each setting: the paper gives none for \"similar\", and its standard-batching gap, −0.05 point over 3 runs with standard errors 0.54 and 0.16, has a standard error of √(0.54² + 0.16²) = 0.56 point, 7.74% of its RR's test error (100 − 92.72 = 7.28 points); \"similar\" is a gap the paper's Table 1 could not tell from its own tie at one standard error, as a share of the setting's error (a harder data set's larger error allows a larger gap in points). The paper's own gap is −0.69% with that standard error: its 3 runs could not show it within the margin either."

// table1SimilarChange says when and why the margin of "similar accuracy"
// last changed, and what was known then; table-1-study's rule text says
// it too.
const table1SimilarChange = "Changed on 2026-11-30, after the confirmatory passes (table-1 on base seed 1001: reproduced; table-1-fashion on 1001 and table-1-study on 1002: inconclusive), when an independent referee weighed the standard part of every Table 1 claim as weak: its margin was ±0.5 point, set on 2026-11-22 as a round half point derived neither from the paper nor from a power analysis, the same in points whatever the setting's error (the MNIST MLP errs 2.7-5.7%, the Fashion-MNIST CNN 10-13%), which 3 to 5 runs on Fashion-MNIST could not settle. " +
	"The same-class part was shown above +0.5 point, the old tie margin; it now uses the same margin in the same units (greedy − RR over RR's same-class error above +7.74%), so that no gain counts both as \"similar\" and as an outperformance (a second referee read, before any run on the new seeds, found a 0.6-1.0 point gain on Fashion-MNIST would have been both). " +
	"Known when the margin was chosen, the passes' gaps in points: standard batching, table-1 +0.17 [+0.02, +0.32] (at the default scale of that pass RR errs about 4.1%, so the new margin is about 0.32 point: the upper end, about 7.9% of RR's error, lies just past it), table-1-fashion +0.82 [+0.09, +1.54] (about 12.9%, 1.0 point: its estimate, outside the old band, lies inside the new one), the study's MNIST MLP −0.09 [−0.24, +0.07] (about 2.7%, 0.21 point) and Fashion-MNIST CNN +0.24 [−0.03, +0.51] (about 10.4%, 0.81 point); same-class batching, table-1 +0.87 [+0.66, +1.07], table-1-fashion +1.99 [+0.93, +3.05] (RR's same-class error about 13.5%: about 1.04 point), the study's +0.87 [+0.54, +1.19] (about 4.1%: 0.32 point) and +2.67 [+1.77, +3.57] (about 13.5%: 1.04 point). " +
	"Read at the new margins, about: table-1 would most likely read unsettled (its standard gap's upper end just past the margin), not hold; table-1-fashion stay unsettled (both parts: its same-class gain, about +14.8% [+6.9, +22.7] of RR's error, spans the threshold); the study's seed-1002 pass stay unsettled (its MNIST standard gap's lower end lies beyond the margin), and its seed-1001 pass, under its earlier protocol, would hold. The claims are registered again on new seeds; those passes are reported beside, as exploratory."
