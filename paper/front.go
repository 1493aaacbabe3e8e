// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
)

// This file writes the front of the report: the verdict of each claim in
// the seeds' words, the section "What we found" rendered from the results,
// and the count of the interval tests the report makes, controlled as a
// family.

// briefMaxWords is the most words an Outcome's Brief may have: "about 30".
const briefMaxWords = 35

// IntervalTest is one interval test a verdict rests on: what it tests,
// the p-value of its "holds" (the chance of an interval at least as far
// on the holding side if the statement tested were false), and whether
// the claim's rule counted it as holding.
type IntervalTest struct {
	Name  string  `json:"name"`
	P     float64 `json:"p"`
	Holds bool    `json:"holds"`
}

// addTest records an interval test of o.
func (o *Outcome) addTest(name string, p float64, holds bool) {
	o.Tests = append(o.Tests, IntervalTest{Name: name, P: p, Holds: holds})
}

// familyAlpha is the family-wise level at which the report controls its
// interval tests (Holm).
const familyAlpha = 0.05

// holmUnkeptMark is written beside the verdict of a claim that rests on
// a "holds" Holm's step-down over the report's family does not keep.
const holmUnkeptMark = " (rests on a hold Holm does not keep)"

// restsOnHolds reports whether verdict v rests on its claim's holds: a
// claim reproduced, partly reproduced or whose goal is met would read
// worse without them.
func restsOnHolds(v Verdict) bool {
	return v == Reproduced || v == PartlyReproduced || v == GoalMet
}

// headline is the verdict of claim id in the report: the seeds' word
// where the robustness pass reran it ("reproduced in 5 of 5 seeds", or
// "flips: ..." first), else the one draw's verdict marked as one draw,
// saying so where the pass's verdicts were judged by an earlier rule
// (ClaimSeeds.Stale) or the one draw perhaps was (Result.RuleNote).
func headline(id string, r *Result, rob *Robustness) string {
	cs, stale := rob.current(id)
	if stale {
		return fmt.Sprintf("%s (one draw, seed %d; the seeds pass predates the claim's current rule)", r.Outcome.Verdict, r.Seed)
	}
	if cs != nil {
		h := cs.Headline(rob.Seeds)
		if !SameProtocol(id, rob.Scale, r.Scale) {
			h += " (" + rob.Scale + " scale)"
		}
		return h
	}
	if n := r.RuleNote(); n != "" {
		return fmt.Sprintf("%s (one draw, seed %d, %s)", r.Outcome.Verdict, r.Seed, n)
	}
	return fmt.Sprintf("%s (one draw, seed %d)", r.Outcome.Verdict, r.Seed)
}

// seedsVerdict returns the verdict of claim id that the report heads
// with: the most common over the seeds of the pass, or the one draw's;
// and whether it flips over the seeds.
func seedsVerdict(id string, r *Result, rob *Robustness) (v Verdict, flips bool) {
	if cs, _ := rob.current(id); cs != nil {
		k, v := cs.Stable()
		return v, k < len(cs.Verdicts)
	}
	return r.Outcome.Verdict, false
}

// writeFound writes the section "What we found": the few results a reader
// should leave with, rendered from the results: the paper's statements by
// verdict, each one not reproduced in every seed named with its brief, the
// goals beyond the paper, the slips and the family of interval tests.
func writeFound(b *bytes.Buffer, results []*Result, rob *Robustness, conf *Confirmation) {
	fmt.Fprintf(b, "## What we found\n\n")
	if l := confirmFlips(results, rob, conf); l != "" {
		fmt.Fprintf(b, "- %s\n", l)
	}
	fam := familyOf(results)
	cfam := confirmFamilyOf(conf)
	var held, notRun []string
	var doubt, goals, doubtConfirmed []string
	judged := 0
	for i, c := range registry {
		r := results[i]
		if r == nil || r.Outcome == nil {
			notRun = append(notRun, c.ID)
			continue
		}
		v, flips := seedsVerdict(c.ID, r, rob)
		brief := r.Outcome.Brief
		if brief == "" {
			brief = r.Outcome.Verdict.String()
		}
		// The mark goes beside any verdict the headline names that rests
		// on a hold Holm drops: the seeds' (v), or the report's own draw
		// (seed 1, whose tests the family holds) when the seeds flip.
		mark := ""
		if fam.unkept[c.ID] && (restsOnHolds(v) || restsOnHolds(r.Outcome.Verdict)) {
			mark = holmUnkeptMark
		}
		brief = quickNote(c.ID, r) + brief
		line := fmt.Sprintf("[%s](#%s), %s%s: %s", c.ID, anchor(c.ID), headline(c.ID, r, rob), mark, brief)
		if brief == r.Outcome.Verdict.String() {
			line = fmt.Sprintf("[%s](#%s), %s%s", c.ID, anchor(c.ID), headline(c.ID, r, rob), mark)
		}
		switch {
		case c.Goal || v == GoalMet || v == GoalNotMet:
			goals = append(goals, line)
		case v == Reproduced && !flips:
			judged++
			held = append(held, fmt.Sprintf("[%s](#%s)%s", c.ID, anchor(c.ID), mark))
		default:
			judged++
			doubt = append(doubt, line)
			if cr := conf.find(c.ID); cr != nil && cr.Current() && cr.Verdict == Reproduced {
				doubtConfirmed = append(doubtConfirmed, fmt.Sprintf("[%s](#%s)%s", c.ID, anchor(c.ID), cfam.mark(cr)))
			}
		}
	}
	fmt.Fprintf(b, "- On the exploratory seeds, on which the rules were developed: of the %d claims we checked against the paper (some judge the same sentence in different settings), %d are reproduced (in every seed of the robustness pass where it ran, else in one draw): %s.\n", judged, len(held), strings.Join(held, ", "))
	if len(doubt) > 0 {
		confirmed := "none of them"
		if len(doubtConfirmed) > 0 {
			confirmed = fmt.Sprintf("%d of them: %s", len(doubtConfirmed), strings.Join(doubtConfirmed, ", "))
		}
		fmt.Fprintf(b, "- %d are not reproduced in every exploratory seed, or not settled there (the confirmatory pass, whose answers lead the tables above, reproduces %s); read these first:\n", len(doubt), confirmed)
		for _, l := range doubt {
			fmt.Fprintf(b, "  - %s\n", l)
		}
	}
	if len(goals) > 0 {
		fmt.Fprintf(b, "- Goals of ours beyond the paper:\n")
		for _, l := range goals {
			fmt.Fprintf(b, "  - %s\n", l)
		}
	}
	if len(notRun) > 0 {
		fmt.Fprintf(b, "- Not run: %s.\n", strings.Join(notRun, ", "))
	}
	fmt.Fprintf(b, "- The paper's text has %d slips that a reader reproducing it meets ([Slips in the paper](#slips-in-the-paper)).\n", len(slips))
	if fam.n > 0 {
		fmt.Fprintf(b, "- %s\n", fam.text())
	}
	b.WriteString("\n")
}

// family is the report's interval tests as one family.
type family struct {
	n, holds, kept int
	claims         int
	dropped        []droppedTest   // the holds Holm does not keep
	none           []string        // the claims run that record no test
	unkept         map[string]bool // the ids of the claims with a hold Holm does not keep
}

// familyOf collects the interval tests of the results (Outcome.Tests) and
// controls them with Holm's step-down (holm) at familyAlpha: a "holds" is
// kept if its adjusted p-value is at most familyAlpha.
func familyOf(results []*Result) family {
	f := family{unkept: map[string]bool{}}
	var p []float64
	var names, ids []string
	var claims []Claim
	var holds []bool
	for i, r := range results {
		if r == nil || r.Outcome == nil {
			continue
		}
		if len(r.Outcome.Tests) == 0 {
			f.none = append(f.none, registry[i].ID)
			continue
		}
		f.claims++
		for _, t := range r.Outcome.Tests {
			p = append(p, t.P)
			names = append(names, t.Name)
			ids = append(ids, registry[i].ID)
			claims = append(claims, registry[i])
			holds = append(holds, t.Holds)
		}
	}
	f.n = len(p)
	_, reject := holm(p, familyAlpha)
	for i, h := range holds {
		if !h {
			continue
		}
		f.holds++
		if reject[i] {
			f.kept++
		} else {
			f.dropped = append(f.dropped, droppedTest{claim: claims[i], test: names[i], p: p[i]})
			f.unkept[ids[i]] = true
		}
	}
	return f
}

// droppedTest is a "holds" Holm's control over the report's family does
// not keep: its claim and the test's name (IntervalTest.Name).
type droppedTest struct {
	claim Claim
	test  string
	p     float64
}

// bootFloorP is the smallest p-value of a bootstrap of 999 replicates,
// 1/(999+1), which no interval can take lower.
const bootFloorP = 1.0 / 1000

// droppedText names the dropped tests briefly, by claim and part, each
// part with its quantities: "theorem-1-noise (theorem1-noise-slopes: ζ RR,
// ζ IG)"; a test whose name its claim's rule does not give back
// (testParts) is named whole.
func droppedText(dropped []droppedTest) string {
	var out []string
	for k := 0; k < len(dropped); {
		c := dropped[k].claim
		var parts []string
		labels := map[string][]string{}
		for ; k < len(dropped) && dropped[k].claim.ID == c.ID; k++ {
			part, label, _, ok := testParts(c, dropped[k].test)
			if !ok {
				part, label = dropped[k].test, ""
			}
			if _, seen := labels[part]; !seen {
				parts = append(parts, part)
				labels[part] = nil
			}
			if label != "" {
				labels[part] = append(labels[part], label)
			}
		}
		for i, part := range parts {
			switch l := labels[part]; {
			case len(l) > droppedLabelsMax:
				parts[i] = fmt.Sprintf("%s: %d quantities", part, len(l))
			case len(l) > 0:
				parts[i] = part + ": " + strings.Join(l, ", ")
			}
		}
		out = append(out, fmt.Sprintf("%s (%s)", c.ID, strings.Join(parts, "; ")))
	}
	return strings.Join(out, "; ")
}

// droppedLabelsMax is the most quantities of a part droppedText names;
// a part with more gives their number.
const droppedLabelsMax = 3

// testParts splits the name of an interval test of claim c, as its rule
// writes it (part, statistic, the quantity's label, the condition:
// Outcome.judged), into the part's name, the quantity's label ("" for a
// part's only quantity) and the condition. ok is false where the name is
// not one c's rule writes today (a result made under older wording).
func testParts(c Claim, name string) (part, label, cond string, ok bool) {
	if c.Rule == nil {
		return "", "", "", false
	}
	for i := range c.Rule.Parts {
		p := &c.Rule.Parts[i]
		rest, found := strings.CutPrefix(name, p.Name+": "+p.Statistic)
		if !found {
			continue
		}
		rest, found = strings.CutSuffix(rest, " "+p.condition())
		if !found {
			continue
		}
		if rest != "" {
			label, found = strings.CutPrefix(rest, ", ")
			if !found {
				continue
			}
		}
		return p.Name, label, p.condition(), true
	}
	return "", "", "", false
}

// text says how many interval tests the report makes and what Holm's
// control leaves of their "holds".
func (f family) text() string {
	s := fmt.Sprintf("The report makes %d interval tests in the %d claims that record them; %d of them hold by their claims' rules. "+
		"Controlled as one family with Holm's step-down at %g, %d of the %d holds stand, so the chance that any of those is a false \"holds\" is at most %g",
		f.n, f.claims, f.holds, familyAlpha, f.kept, f.holds, familyAlpha)
	if len(f.dropped) > 0 {
		s += fmt.Sprintf("; not kept (%d; each listed under [Many tests, one report](#many-tests-one-report)): %s", len(f.dropped), droppedText(f.dropped))
	}
	s += "."
	floor := 0
	for _, d := range f.dropped {
		if math.Abs(d.p-bootFloorP) < 1e-12 {
			floor++
		}
	}
	if floor > 0 {
		s += fmt.Sprintf(" %d of those not kept have p = %g, the smallest p-value a bootstrap of 999 replicates gives, above Holm's threshold at their rank: they cannot be kept however far their intervals lie from their thresholds, a limit of the replicates, not weak evidence.", floor, bootFloorP)
	}
	if len(f.none) > 0 {
		s += fmt.Sprintf(" Claims that record no interval test (judged by exact algebra, on point estimates or tolerances in standard errors, or not recording theirs yet): %s.", strings.Join(f.none, ", "))
	}
	return s
}

// writeTests writes the report's section on its interval tests as a
// family.
func writeTests(b *bytes.Buffer, results []*Result) {
	fmt.Fprintf(b, "\n## Many tests, one report\n\n")
	f := familyOf(results)
	if f.n == 0 {
		fmt.Fprintf(b, "No claim's result records its interval tests yet.\n")
		return
	}
	fmt.Fprintf(b, "%s Each test's p-value is that of its \"holds\" (a difference shown, an interval on one side of its threshold, or an equivalence shown by TOST); Holm's adjustment holds whatever the dependence between the tests.\n\n", f.text())
	fmt.Fprintf(b, "Each claim's section states its parts' statistics; a test is named here by its part, its quantity and its condition.\n\n")
	fmt.Fprintf(b, "| claim | test | p | holds by the claim's rule |\n|---|---|---|---|\n")
	for i, r := range results {
		if r == nil || r.Outcome == nil {
			continue
		}
		for _, t := range r.Outcome.Tests {
			name := t.Name
			if part, label, cond, ok := testParts(registry[i], t.Name); ok {
				name = part
				if label != "" {
					name += ", " + label
				}
				name += ": " + cond
			}
			fmt.Fprintf(b, "| [%s](#%s) | %s | %.3g | %v |\n", registry[i].ID, anchor(registry[i].ID), cellText(name), t.P, t.Holds)
		}
	}
}

// Decider is the one number that decides a claim's verdict, as the
// report's front table shows it beside the paper's number.
type Decider struct {
	// Name says what the number is: "greedy − RR, same-class (points)".
	Name string `json:"name"`
	// Ours is the number with its 95% interval where it has one, written
	// as the claim's section writes it: "+0.70 [+0.19, +1.21]".
	Ours string `json:"ours"`
	// Paper is the paper's number for it ("+14.97", "≥ 1"), or for a goal
	// of ours the goal's threshold; "" where there is none.
	Paper string `json:"paper,omitempty"`
	// Chart is the base name of the chart that shows the number; "" means
	// the outcome's first figure.
	Chart string `json:"chart,omitempty"`
}

// frontHeading and goalsHeading head the report's two front tables: the
// paper's statements, then our goals beyond the paper.
const (
	frontHeading = "## Do the paper's statements hold?"
	goalsHeading = "## Our goals beyond the paper"
)

// frontDecidesLabel begins the line of a claim's section that repeats the
// front table's number (Outcome.Decides).
const frontDecidesLabel = "**The number that decides it:**"

// frontAnswers maps a verdict to the front table's answer: whether the
// paper's statement holds, or our goal is met, in plain words.
var frontAnswers = map[Verdict]string{
	Reproduced:       "holds",
	NotReproduced:    "does not hold",
	PartlyReproduced: "holds in part",
	GoalMet:          "goal met",
	GoalNotMet:       "goal not met",
	Inconclusive:     "unsettled",
	NotTested:        "not tested (a precondition of ours fails)",
	NotCheckable:     "not checkable",
}

// frontAnswer returns the answer of the front table for claim c with
// result r: the seeds' verdict in plain words with how many seeds say it
// ("holds (5 of 5 seeds)"), "unsettled (flips: ...)" where the verdict
// flips over the seeds, "(one draw)" for a claim outside the robustness
// pass, and a dagger where it rests on a hold Holm's control over the
// report does not keep.
func frontAnswer(c Claim, r *Result, rob *Robustness, fam family) string {
	v, flips := seedsVerdict(c.ID, r, rob)
	dagger := ""
	if fam.unkept[c.ID] && (restsOnHolds(v) || restsOnHolds(r.Outcome.Verdict)) {
		dagger = " †"
	}
	cs, stale := rob.current(c.ID)
	if cs == nil || stale {
		switch n := r.RuleNote(); {
		case cs == nil && n != "" && n == c.Superseded:
			return fmt.Sprintf("%s (one draw, by a superseded design or rule: its section says which)%s", frontAnswers[v], dagger)
		case cs == nil && n != "":
			return fmt.Sprintf("%s (one draw, perhaps by an earlier rule)%s", frontAnswers[v], dagger)
		}
		return fmt.Sprintf("%s (one draw)%s", frontAnswers[v], dagger)
	}
	n := len(cs.Verdicts)
	if !flips {
		return fmt.Sprintf("%s (%d of %d seeds)%s", frontAnswers[v], n, n, dagger)
	}
	good, word := Reproduced, "holds"
	if c.Goal {
		good, word = GoalMet, "goal met"
	}
	k := 0
	for _, s := range cs.Verdicts {
		if s == good {
			k++
		}
	}
	return fmt.Sprintf("unsettled (flips: %s in %d of %d seeds)%s", word, k, n, dagger)
}

// writeFront writes the front of the report: one table of the paper's
// statements and one of our goals, a row a claim, with the statement in
// short, our answer, the number that decides it beside the paper's, and
// its chart (linked relative to the report through rel). The detail of
// each row is in its claim's section, which its first cell links to.
func writeFront(b *bytes.Buffer, results []*Result, rob *Robustness, conf *Confirmation, regs []Registered, rel string) {
	fam := familyOf(results)
	cfam := confirmFamilyOf(conf)
	daggers, cdaggers := 0, 0
	table := func(goals bool) {
		if l := confirmCount(conf, regs, goals); l != "" {
			if shared := sharedSentences(conf, regs, goals); shared != "" {
				l += " " + shared
			}
			b.WriteString(l + "\n\n")
		}
		b.WriteString(frontCount(results, rob, goals))
		fmt.Fprintf(b, "\n\n| %s | where | confirmatory answer | exploratory answer | the number that decides it (exploratory) | %s | chart |\n|---|---|---|---|---|---|---|\n",
			map[bool]string{false: "the paper says", true: "our goal"}[goals], map[bool]string{false: "the paper's", true: "goal"}[goals])
		for i, c := range registry {
			if c.Goal != goals {
				continue
			}
			answer, number, paper, fig := "not run", "", "", ""
			if r := results[i]; r != nil && r.Outcome != nil {
				answer = frontAnswer(c, r, rob, fam)
				if strings.HasSuffix(answer, "†") {
					daggers++
				}
				if d := r.Outcome.Decides; d != nil {
					number, paper, fig = d.Name+": "+d.Ours, d.Paper, d.Chart
				} else if r.Outcome.Brief != "" {
					// A result saved before outcomes named their deciding
					// number (a paper-scale claim not rerun since): its
					// brief, which states the number, marked as such.
					number = "saved before this table (make reproduce-paper names the number), its brief: " + r.Outcome.Brief
				}
				if number != "" && r.RuleNote() != "" {
					number = "of the result judged by an earlier rule or design (not the registered one): " + number
				}
				if number != "" {
					number = quickNote(c.ID, r) + number
				}
				if fig == "" && len(r.Outcome.Figures) > 0 {
					fig = r.Outcome.Figures[0]
				}
			}
			// Our rule beside the paper's number, where there is one.
			if paper == "" {
				paper = "—"
			} else if c.Criterion != "" {
				paper += " (" + c.Criterion + ")"
			}
			if fig != "" {
				fig = fmt.Sprintf("[%s](%s/%s.png)", fig, rel, fig)
			}
			quote := c.Quote
			if quote == "" {
				quote = c.Statement
			}
			confirm := confirmAnswer(c, conf, regs)
			if m := cfam.mark(conf.find(c.ID)); m != "" {
				confirm += m
				cdaggers++
			}
			fmt.Fprintf(b, "| [%s](#%s): %s | %s | %s | %s | %s | %s | %s |\n", c.ID, anchor(c.ID), cellText(quote), cellText(c.Where), cellText(confirm), cellText(answer), cellText(number), cellText(paper), fig)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "%s\n\n", frontHeading)
	fmt.Fprintf(b, "Each row is a statement of the paper we check, in its words, and our answers: holds, does not hold, or unsettled (the runs settle it neither way at the claim's thresholds). The confirmatory answer is the registered rule's on %s, which no run of the claim had used (where another claim's earlier pass on that seed had trained from the same starting weights, the claim's section of the registration says so), at the registered runs per cell ([PREREGISTRATION.md](PREREGISTRATION.md)); the exploratory answer is over the seeds of the robustness pass (\"flips\" where they disagree) or in one draw, on which the rules were developed. ", confirmSeedsText(regs))
	fmt.Fprintf(b, "The number is the one the claim's verdict turns on, with its 95%% interval where it has one, as its section writes it; the claim's name links to the section, which has the rule and the rest of the statistics.\n\n")
	table(false)
	fmt.Fprintf(b, "%s\n\n", goalsHeading)
	fmt.Fprintf(b, "Questions of ours the paper does not state (goal met, not met, or unsettled), kept apart from the paper's statements.\n\n")
	table(true)
	if daggers > 0 {
		fmt.Fprintf(b, "† Rests on a \"holds\" that Holm's control over the report's %d interval tests does not keep ([Many tests, one report](#many-tests-one-report)).\n\n", fam.n)
	}
	if cfam.n > 0 {
		if cdaggers > 0 {
			b.WriteString("‡ Rests on a \"holds\" of the confirmatory pass that Holm's control over the pass's tests does not keep. ")
		}
		b.WriteString(cfam.text() + "\n\n")
	}
}

// confirmFamily is the confirmatory pass's tests as one family: every
// quantity of every part of the current confirmatory results.
type confirmFamily struct {
	n, withP, derived, holds, kept int
	// noP names the parts whose quantities have no p-value: none saved
	// and none derivable from the interval (a bootstrap or Fieller
	// interval saved before the p-values were); they are left out of the
	// family, and a hold among them is not controlled.
	noP    []string
	unkept map[string]bool // the ids of the claims with a hold Holm does not keep
	drop   []string        // the holds Holm does not keep: "claim (part: label)"
}

// mark returns " ‡" for confirmatory result r if its verdict rests on a
// "holds" that f's Holm control does not keep, "" otherwise (or for nil).
func (f confirmFamily) mark(r *Confirmed) string {
	if r == nil || !f.unkept[r.ID] || !restsOnHolds(r.Verdict) {
		return ""
	}
	return " ‡"
}

// confirmFamilyOf collects the quantities of conf's current results and
// controls their "holds" with Holm's step-down at familyAlpha, each with
// its saved p-value (Quantity.P) or, without one, the p-value its part
// derives from the saved interval (RulePart.pHold: exact, or a
// t-interval); a quantity with neither is named, not counted.
func confirmFamilyOf(conf *Confirmation) confirmFamily {
	f := confirmFamily{unkept: map[string]bool{}}
	if conf == nil {
		return f
	}
	type test struct {
		id, name string
		holds    bool
	}
	var ps []float64
	var tests []test
	for _, c := range registry {
		r := conf.find(c.ID)
		if r == nil || !r.Current() {
			continue
		}
		for _, sp := range r.Parts {
			p := rulePart(c, sp.Name)
			if p == nil {
				continue
			}
			missing := false
			for _, q := range sp.Quantities {
				iv := q.Interval()
				if iv.N == 0 {
					continue // measured nothing
				}
				f.n++
				pv := math.NaN()
				if q.P != nil {
					pv = float64(*q.P)
				} else if pv = p.pHold(Measure{Iv: iv}); !math.IsNaN(pv) {
					f.derived++
				}
				if math.IsNaN(pv) {
					missing = true
					continue
				}
				holds, _ := p.side(iv)
				name := sp.Name
				if q.Label != "" {
					name += ": " + q.Label
				}
				ps, tests = append(ps, pv), append(tests, test{id: c.ID, name: name, holds: holds})
			}
			if missing {
				f.noP = append(f.noP, c.ID+" ("+sp.Name+")")
			}
		}
	}
	f.withP = len(ps)
	_, reject := holm(ps, familyAlpha)
	for i, t := range tests {
		if !t.holds {
			continue
		}
		f.holds++
		if reject[i] {
			f.kept++
			continue
		}
		f.unkept[t.id] = true
		f.drop = append(f.drop, fmt.Sprintf("%s (%s)", t.id, t.name))
	}
	return f
}

// text says what Holm's control over the confirmatory pass's tests keeps.
func (f confirmFamily) text() string {
	s := fmt.Sprintf("The confirmatory pass's current results make %d interval tests; %d of them have a p-value (%d derived from the saved interval as its part derives one: exact or a t-interval), and %d of those hold. "+
		"Controlled as one family with Holm's step-down at %g, %d of the %d holds stand", f.n, f.withP, f.derived, f.holds, familyAlpha, f.kept, f.holds)
	if len(f.drop) > 0 {
		s += fmt.Sprintf("; not kept (%d): %s", len(f.drop), strings.Join(f.drop, "; "))
	}
	s += "."
	if len(f.noP) > 0 {
		s += fmt.Sprintf(" Left out, their p-values neither saved nor derivable from the saved interval (an interval of a pass saved before p-values were, of a kind whose saved ends give no p-value: a bootstrap, a Fieller interval, or one made of several normal and Welch intervals; the next pass saves them): %s.", strings.Join(f.noP, ", "))
	}
	return s
}

// answerTally counts a front table's answers by verdict.
type answerTally struct{ pos, neg, part, open, other int }

// add counts v: holds (reproduced, goal met), does not hold, holds in
// part, unsettled, or not tested or not checkable.
func (t *answerTally) add(v Verdict) {
	switch v {
	case Reproduced, GoalMet:
		t.pos++
	case NotReproduced, GoalNotMet:
		t.neg++
	case PartlyReproduced:
		t.part++
	case Inconclusive:
		t.open++
	default:
		t.other++
	}
}

// words returns the counts in words, yes and no naming the answers and
// unsettled the phrase of the unsettled ones.
func (t answerTally) words(yes, no, unsettled string) []string {
	w := []string{fmt.Sprintf("%d %s", t.pos, yes)}
	if t.part > 0 {
		w = append(w, fmt.Sprintf("%d hold in part", t.part))
	}
	w = append(w, fmt.Sprintf("%d %s", t.neg, no), unsettled)
	if t.other > 0 {
		w = append(w, fmt.Sprintf("%d not tested or not checkable", t.other))
	}
	return w
}

// answerWords returns what a front table counts and its answers' words.
func answerWords(goals bool) (what, yes, no string) {
	if goals {
		return "goals of ours", "met", "not met"
	}
	return "statements of the paper", "hold", "do not hold"
}

// confirmCount returns the sentence above a front table that counts its
// claims' confirmatory answers (the paper's statements, or our goals):
// those registered, by the answer of their current confirmatory run, and
// those not yet run or judged by a rule since changed; "" if none is
// registered.
func confirmCount(conf *Confirmation, regs []Registered, goals bool) string {
	what, yes, no := answerWords(goals)
	var t answerTally
	var reg, pending, stale, nparts int
	for _, c := range registry {
		if c.Goal != goals || !slices.ContainsFunc(regs, func(g Registered) bool { return g.ID == c.ID }) {
			continue
		}
		reg++
		switch r := conf.find(c.ID); {
		case r == nil:
			pending++
		case !r.Current():
			stale++
		default:
			t.add(r.Verdict)
			if c.Rule != nil {
				nparts += len(c.Rule.Parts)
			}
		}
	}
	if reg == 0 {
		return ""
	}
	parts := t.words(yes, no, fmt.Sprintf("%d unsettled", t.open))
	if pending > 0 {
		parts = append(parts, fmt.Sprintf("%d not yet run", pending))
	}
	if stale > 0 {
		parts = append(parts, fmt.Sprintf("%d exploratory again (registered again since)", stale))
	}
	return fmt.Sprintf("**Confirmatory pass (%s, the registered runs): of the %d %s registered, %s.** The %d rule parts of those run are each judged at %g%% one-sided, not as one family: were every one false, at most about %.2f would be expected to read \"holds\" by chance ([PREREGISTRATION.md](PREREGISTRATION.md) says more).", confirmSeedsText(regs), reg, what, strings.Join(parts, ", "), nparts, 100*ruleAlpha, float64(nparts)*ruleAlpha)
}

// sharedSentences returns the sentence after the confirmatory count that
// says which registered statements judge one sentence of the paper (the
// .tex line of their rule's first part) in several settings, with each
// one's confirmatory answer, and how many sentences the statements are:
// a count of statements counts such a sentence once per setting. "" for
// goals, or where no two statements share a sentence.
func sharedSentences(conf *Confirmation, regs []Registered, goals bool) string {
	if goals {
		return ""
	}
	var lines []int
	byLine := map[int][]string{}
	for _, c := range registry {
		if c.Goal || c.Rule == nil || len(c.Rule.Parts) == 0 || c.Rule.Parts[0].Tex == 0 || !slices.ContainsFunc(regs, func(g Registered) bool { return g.ID == c.ID }) {
			continue
		}
		line := c.Rule.Parts[0].Tex
		answer := "not yet run"
		switch r := conf.find(c.ID); {
		case r == nil:
		case !r.Current():
			answer = "exploratory again"
		default:
			answer = frontAnswers[r.Verdict]
		}
		if _, ok := byLine[line]; !ok {
			lines = append(lines, line)
		}
		byLine[line] = append(byLine[line], fmt.Sprintf("%s (%s)", c.ID, answer))
	}
	var shared []string
	statements := 0
	for _, l := range lines {
		statements += len(byLine[l])
		if len(byLine[l]) > 1 {
			shared = append(shared, fmt.Sprintf("the sentence of line %d by %s", l, strings.Join(byLine[l], ", ")))
		}
	}
	if len(shared) == 0 {
		return ""
	}
	return fmt.Sprintf("Some statements judge one sentence of the paper in several settings, %s: the %d statements are %d sentences of the paper.", strings.Join(shared, "; "), statements, len(lines))
}

// confirmSeedsText names the base seeds of the registered confirmatory
// passes: "base seed 1001", or, where a claim was registered again after
// its rule changed, "base seed 1001 (1002 for loader-shuffles, ...)".
func confirmSeedsText(regs []Registered) string {
	var again []string
	for _, r := range regs {
		if r.Seed != ConfirmSeed {
			again = append(again, fmt.Sprintf("%d for %s", r.Seed, r.ID))
		}
	}
	s := fmt.Sprintf("base seed %d", ConfirmSeed)
	if len(again) > 0 {
		s += fmt.Sprintf(" (%s, registered again after a change to its rule, code or protocol, or because its seed's runs were not new)", strings.Join(again, ", "))
	}
	return s
}

// frontCount returns the sentence above a front table: how many of its
// claims (the paper's statements, or our goals) were run, and how many of
// those have each answer, flips counted among the unsettled.
func frontCount(results []*Result, rob *Robustness, goals bool) string {
	what, yes, no := answerWords(goals)
	var t answerTally
	var run, notRun, flip int
	for i, c := range registry {
		if c.Goal != goals {
			continue
		}
		r := results[i]
		if r == nil || r.Outcome == nil {
			notRun++
			continue
		}
		run++
		v, flips := seedsVerdict(c.ID, r, rob)
		if flips {
			t.open++
			flip++
			continue
		}
		t.add(v)
	}
	parts := t.words(yes, no, fmt.Sprintf("%d unsettled (%d of them flip between seeds)", t.open, flip))
	s := fmt.Sprintf("**Exploratory (the seeds the rules were developed on): of the %d %s we ran, %s.**", run, what, strings.Join(parts, ", "))
	if notRun > 0 {
		s += fmt.Sprintf(" Not run: %d.", notRun)
	}
	return s
}

// confirmAnswer returns the confirmatory answer of claim c: the
// confirmatory pass's verdict in plain words with its runs ("holds (seed
// 1001, 12 runs per cell)"), each part's intervals, what an unsettled
// part's interval excludes and the runs that would settle it, and the
// verdict of every pass under a superseded registration; or why there is
// none: not registered, not
// yet run, or judged by a rule since changed (then the claim is
// exploratory until a new pass on new seeds).
func confirmAnswer(c Claim, conf *Confirmation, regs []Registered) string {
	r := conf.find(c.ID)
	registered := slices.ContainsFunc(regs, func(g Registered) bool { return g.ID == c.ID })
	switch {
	case r != nil && !r.Current():
		return fmt.Sprintf("exploratory: registered again after its confirmatory run (%s then); needs a pass on its new seed", frontAnswers[r.Verdict])
	case r != nil:
		s := fmt.Sprintf("%s (one draw: seed %d, %d runs per cell%s%s)", frontAnswers[r.Verdict], r.Seed, r.Runs, runsNote(c), knownNote(c))
		if p := frontPartsText(c, r); p != "" {
			s += ": " + p
		}
		if u := unsettledText(c, r); u != "" {
			s += "; " + u
		}
		for _, e := range r.Earlier {
			s += fmt.Sprintf("; %s on seed %d under its superseded registration (exploratory now)", frontAnswers[e.Verdict], e.Seed)
		}
		return s
	case registered:
		return "registered, not yet run"
	}
	return "not registered"
}

// someHolmPart reports whether sp is a "for some" part of claim c's rule
// over several quantities, Holm-adjusted.
func someHolmPart(c Claim, sp SeedPart) bool {
	p := rulePart(c, sp.Name)
	return p != nil && p.Each == Some && len(sp.Quantities) > 1
}

// knownNote returns claim c's Known as a parenthetical's tail, "" if it
// has none.
func knownNote(c Claim) string {
	if c.Known == "" {
		return ""
	}
	return "; " + c.Known
}

// runsNote returns claim c's RunsNote as a parenthetical's tail, "" if
// it has none.
func runsNote(c Claim) string {
	if c.RunsNote == "" {
		return ""
	}
	return ": " + c.RunsNote
}

// frontPartsMax is how many quantities of a part the front names, and
// frontAllMax how many a result may have in all for the front to name
// those of its parts that hold too.
const (
	frontPartsMax = 3
	frontAllMax   = 4
)

// frontPartsText returns the parts of claim c's confirmatory result that
// did not hold, those that held where the result has at most frontAllMax
// quantities in all, and the "for some" parts that held on one quantity after
// Holm (that one, with its end at Holm's level: holmEnd), the holding
// parts with quantities that hold by their margin alone (marginOnlyText), each with its
// first frontPartsMax quantities' intervals,
// failing ones first (partQuantities: "order-matters-rank does not hold:
// +0.15 [-0.25, +0.50] (n = 36, not runs)"), "" if every part held; an
// unsettled part is left to unsettledText, which gives its interval with
// what it excludes.
func frontPartsText(c Claim, r *Confirmed) string {
	total := 0
	for _, sp := range r.Parts {
		total += len(sp.Quantities)
	}
	var parts []string
	for _, sp := range r.Parts {
		switch {
		case sp.Verdict == NotReproduced || sp.Verdict == GoalNotMet:
			parts = append(parts, fmt.Sprintf("%s does not hold: %s", sp.Name, partQuantities(c, r, sp, frontPartsMax)))
		case (sp.Verdict == Reproduced || sp.Verdict == GoalMet) && someHolmPart(c, sp):
			// A "for some" part holds on its best quantity after Holm:
			// that one, with its end at Holm's level.
			p := rulePart(c, sp.Name)
			q := orderedQuantities(p, sp)[0]
			best := quantityText(r, q) + holmEnd(p, q, len(sp.Quantities))
			parts = append(parts, fmt.Sprintf("%s holds on %s (best of %d)", sp.Name, best, len(sp.Quantities)))
		case total <= frontAllMax && (sp.Verdict == Reproduced || sp.Verdict == GoalMet):
			// Few quantities in all: each holding part with its own.
			s := fmt.Sprintf("%s holds: %s", sp.Name, partQuantities(c, r, sp, frontPartsMax))
			if m := marginOnlyText(c, sp); m != "" {
				s += "; " + m
			}
			parts = append(parts, s)
		default:
			// A part that holds with quantities shown worse than its
			// reference says so: the margin alone carries them.
			if m := marginOnlyText(c, sp); m != "" {
				parts = append(parts, fmt.Sprintf("%s holds, %s", sp.Name, m))
			}
		}
	}
	return strings.Join(parts, "; ")
}

// confirmFlips returns the sentence that names the claims whose
// confirmatory verdict differs from their exploratory one (unsettled where
// the exploratory seeds disagree), or from an earlier confirmatory pass
// under an old rule, "" if none does.
func confirmFlips(results []*Result, rob *Robustness, conf *Confirmation) string {
	var flips []string
	for i, c := range registry {
		r, cr := results[i], conf.find(c.ID)
		if r == nil || r.Outcome == nil || cr == nil || !cr.Current() {
			continue
		}
		// The exploratory answer of a claim whose seeds disagree is
		// unsettled (the front's "unsettled (flips: ...)"), whatever most
		// of its seeds say.
		v, seedsFlip := seedsVerdict(c.ID, r, rob)
		was := v.String()
		if seedsFlip {
			was = fmt.Sprintf("unsettled (flips: %s in most seeds)", v)
		}
		if seedsFlip || v != cr.Verdict {
			why := ""
			if r.RuleNote() != "" {
				why = "; the exploratory verdict was judged by an earlier rule or design, so the change need not be the seeds'"
			}
			flips = append(flips, fmt.Sprintf("[%s](#%s) (exploratory %s, confirmatory %s%s)", c.ID, anchor(c.ID), was, cr.Verdict, why))
		}
		for _, e := range cr.Earlier {
			if e.Verdict != cr.Verdict {
				flips = append(flips, fmt.Sprintf("[%s](#%s) (confirmatory %s on seed %d under its old rule, %s on seed %d under the rule registered again)", c.ID, anchor(c.ID), e.Verdict, e.Seed, cr.Verdict, cr.Seed))
			}
		}
	}
	if len(flips) == 0 {
		return ""
	}
	return fmt.Sprintf("The confirmatory pass changed %d verdicts from the exploratory ones or from an earlier confirmatory pass: %s.", len(flips), strings.Join(flips, "; "))
}
