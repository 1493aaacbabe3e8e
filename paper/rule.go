// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// This file declares a claim's rule as a value: its parts, each a sentence
// judged by one test on the 95% intervals of named quantities, and the
// one generic path that derives from it the parts' and the claim's
// verdicts (Judge), the check lines and interval tests of the outcome
// (Outcome.judged), the rule's text for the report, the notebooks and the
// registration (Rule.Text), and the hash a registration records
// (Rule.Hash). A claim keeps what is its own: its runs, the measures its
// findings compute, its charts.

// Test is the kind of test a part of a rule makes on the 95% intervals
// of its quantities.
type Test int

const (
	// Superiority: the quantity lies on Side of Threshold, a difference
	// the statement needs shown.
	Superiority Test = iota + 1
	// NonInferiority: the quantity lies on Side of Threshold, a margin:
	// the test of an upper bound ("at most", O(·), "the same bound"),
	// which a better result never fails.
	NonInferiority
	// Equivalence: the quantity lies within (Lo, Hi), the two one-sided
	// tests (TOST) of an equality within a stated margin.
	Equivalence
	// Bound: a proven inequality, the quantity on Side of Threshold,
	// judged whatever its slack; the slack is said beside (Measure.Note),
	// never a gate.
	Bound
)

// String returns the test's name as the rule's text writes it.
func (t Test) String() string {
	switch t {
	case Superiority:
		return "superiority"
	case NonInferiority:
		return "non-inferiority"
	case Equivalence:
		return "equivalence"
	case Bound:
		return "bound"
	}
	return fmt.Sprintf("Test(%d)", int(t))
}

// Each says how a part judged on several quantities (cells, settings)
// combines them.
type Each int

const (
	// Every: the part holds if every quantity holds, and fails if some
	// quantity fails (an intersection: no multiplicity adjustment).
	Every Each = iota
	// Some: "for some", the part holds if some quantity holds after
	// Holm's step-down over the part's quantities at the one-sided level
	// ruleAlpha, and fails if every quantity fails.
	Some
)

// ruleAlpha is the one-sided level of every test of a rule: a 95%
// interval leaves 2.5% outside each end, so a quantity alone holds at
// this level exactly when its interval lies on the holding side; a
// family is Holm-adjusted to it.
const ruleAlpha = (1 - conf95) / 2

// One reading of "ranks" for every goal that judges a ranking
// (order-matters, loader-shuffles): Spearman's ρ shown above
// orderMattersLevel, a strong agreement, in strata of at least
// orderMattersStratumMin points.
const (
	orderMattersLevel      = 0.8
	orderMattersStratumMin = 11
)

// RulePart is one part of a claim's rule: one sentence judged by one test.
type RulePart struct {
	// Name is the check's name ("two-level-k-sqrt-m"), the name the
	// notebooks print CHECK lines by.
	Name string
	// Sentence is the sentence judged, in the paper's words, or ours for
	// a question of ours.
	Sentence string
	// Tex is the sentence's line in the paper's source
	// (orderings-paper.tex); 0 for a question of ours.
	Tex int
	// Statistic says what is measured and how its interval is made.
	Statistic string
	// Test is the test made.
	Test Test
	// Side is where the quantity must lie, Below or Above Threshold
	// (Superiority, NonInferiority, Bound).
	Side Side
	// Threshold is the threshold, margin or bound (Superiority,
	// NonInferiority, Bound).
	Threshold float64
	// Lo and Hi are the band of an Equivalence.
	Lo, Hi float64
	// Each says how the part's quantities combine.
	Each Each
	// Family, if not "", names a family of parts whose quantities are
	// Holm-adjusted together at ruleAlpha (the quantities need
	// p-values).
	Family string
}

// Rule is a claim's rule: the value the registration records and hashes,
// and from which the verdict, the check lines and the rule's text are
// derived.
type Rule struct {
	// Claim is the claim's id.
	Claim string
	// Goal marks a question of ours: the verdicts are GoalMet,
	// GoalNotMet or Inconclusive, never the paper's words.
	Goal bool
	// Parts are the rule's parts, combined by the one combine rule
	// (combine), or for a goal met when every part holds and not met when
	// some part fails.
	Parts []RulePart
	// Setup names the preconditions of our own setup (not the paper's):
	// one that does not hold makes the claim NotTested
	// (preconditionVerdict), the parts still reported.
	Setup []string
}

// Measure is one quantity a part is judged on.
type Measure struct {
	// Label says which quantity ("σ_low = 10"); "" for a part's only one.
	Label string
	// Iv is its 95% interval (t, Fieller, bootstrap). An interval with
	// N = 0 measured nothing: a part whose quantities all have N = 0 is
	// NotCheckable.
	Iv Interval
	// PHold and PFail, if HasP, are the one-sided p-values of "holds" and
	// "fails" (bootstrap, permutation); without HasP they are derived
	// from Iv as a t-interval. They are needed only where Holm applies
	// (a Family, or Some over several quantities).
	HasP         bool
	PHold, PFail float64
	// Note is said beside the quantity, not judged (a bound's slack).
	Note string
}

// Measures are a claim's measures by part name.
type Measures map[string][]Measure

// Judgement is what a rule finds on a claim's measures.
type Judgement struct {
	Verdict Verdict
	// Parts are the parts' findings, in the rule's order.
	Parts []PartJudgement
	// Setup names the preconditions of our setup that did not hold.
	Setup []string
}

// PartJudgement is a part's verdict and the quantities it rests on.
type PartJudgement struct {
	Part     RulePart
	Verdict  Verdict
	Measures []Measure
	// Holds says which quantities hold, P their p-values of "holds"
	// (Holm-adjusted where Holm applies, NaN where none is derivable).
	Holds []bool
	P     []float64
}

// ErrRule is wrapped by the error of a rule that cannot judge its
// measures.
var ErrRule = errors.New("paper: rule")

// Holds reports whether the part named name holds.
func (j Judgement) Holds(name string) bool {
	for _, p := range j.Parts {
		if p.Part.Name == name {
			return p.Verdict == Reproduced
		}
	}
	return false
}

// Part returns the finding of the part named name, and whether there is
// one.
func (j Judgement) Part(name string) (PartJudgement, bool) {
	for _, p := range j.Parts {
		if p.Part.Name == name {
			return p, true
		}
	}
	return PartJudgement{}, false
}

// side returns whether iv lies on part p's holding side and whether it
// lies wholly on the failing side (for an Equivalence, holding is inside
// the band, failing wholly outside it).
func (p *RulePart) side(iv Interval) (holds, fails bool) {
	if p.Test == Equivalence {
		holds = iv.Lo > p.Lo && iv.Hi < p.Hi
		fails = iv.Against(p.Hi) == Above || iv.Against(p.Lo) == Below
		return holds, fails
	}
	s := iv.Against(p.Threshold)
	return s == p.Side, s != Spans && s != p.Side
}

// pHold returns the one-sided p-value of "m holds" for part p: m's own if
// it has one, else derived from its interval as a t-interval, NaN if the
// interval is not one (SE NaN).
func (p *RulePart) pHold(m Measure) float64 {
	switch {
	case m.HasP:
		return m.PHold
	case m.Iv.N > 0 && m.Iv.Lo == m.Iv.Hi && !math.IsInf(m.Iv.Lo, 0):
		// An exact quantity (a point: no sampling error) holds or
		// fails with certainty.
		if holds, _ := p.side(m.Iv); holds {
			return 0
		}
		return 1
	case math.IsNaN(m.Iv.SE):
		return math.NaN()
	case p.Test == Equivalence:
		return math.Max(m.Iv.PAbove(p.Lo), m.Iv.PBelow(p.Hi))
	case p.Side == Below:
		return m.Iv.PBelow(p.Threshold)
	}
	return m.Iv.PAbove(p.Threshold)
}

// check returns an error naming what is malformed in r.
func (r *Rule) check() error {
	if r.Claim == "" || len(r.Parts) == 0 {
		return fmt.Errorf("%w %q: no claim or no parts", ErrRule, r.Claim)
	}
	seen := map[string]bool{}
	for _, p := range r.Parts {
		switch {
		case p.Name == "" || seen[p.Name]:
			return fmt.Errorf("%w %s: part name %q empty or repeated", ErrRule, r.Claim, p.Name)
		case p.Test < Superiority || p.Test > Bound:
			return fmt.Errorf("%w %s: part %s has no test", ErrRule, r.Claim, p.Name)
		case p.Test == Equivalence && !(p.Lo < p.Hi):
			return fmt.Errorf("%w %s: part %s: equivalence band (%g, %g) empty", ErrRule, r.Claim, p.Name, p.Lo, p.Hi)
		case p.Test != Equivalence && p.Side != Below && p.Side != Above:
			return fmt.Errorf("%w %s: part %s has no side", ErrRule, r.Claim, p.Name)
		case p.Test != Equivalence && math.IsNaN(p.Threshold):
			return fmt.Errorf("%w %s: part %s: threshold NaN", ErrRule, r.Claim, p.Name)
		}
		seen[p.Name] = true
	}
	return nil
}

// Judge returns the verdict of every part of r on the measures m and of
// the whole, with setup saying whether each precondition of r.Setup held.
//
// A quantity alone holds when its interval lies on the holding side and
// fails when it lies wholly on the other. Where Holm applies (a part of a
// Family, whose quantities are adjusted together with the family's other
// parts', or Some over several quantities) a quantity holds when its
// Holm-adjusted p-value of "holds" is at most ruleAlpha; failing still
// reads the interval. A part of Every holds when all its quantities hold
// and fails when one fails; a part of Some holds when one holds and fails
// when all fail; otherwise it is Inconclusive, and NotCheckable if none of
// its quantities measured anything (N = 0). The whole is combine's verdict
// of the parts (for a goal: GoalMet if every part holds, GoalNotMet if one
// fails), NotTested if a precondition did not hold.
//
// It returns an error naming the part with no measures, a measure named
// for no part, a precondition not given or given but not declared, or a
// quantity that Holm needs a p-value for and that has none.
func (r *Rule) Judge(m Measures, setup map[string]bool) (Judgement, error) {
	if err := r.check(); err != nil {
		return Judgement{}, err
	}
	for name := range m {
		if !slices.ContainsFunc(r.Parts, func(p RulePart) bool { return p.Name == name }) {
			return Judgement{}, fmt.Errorf("%w %s: measures for %q, which is no part", ErrRule, r.Claim, name)
		}
	}
	for name := range setup {
		if !slices.Contains(r.Setup, name) {
			return Judgement{}, fmt.Errorf("%w %s: precondition %q not declared", ErrRule, r.Claim, name)
		}
	}
	j := Judgement{}
	for _, name := range r.Setup {
		ok, given := setup[name]
		if !given {
			return Judgement{}, fmt.Errorf("%w %s: precondition %q not given", ErrRule, r.Claim, name)
		}
		if !ok {
			j.Setup = append(j.Setup, name)
		}
	}
	// The quantities' holds, alone or under Holm.
	j.Parts = make([]PartJudgement, len(r.Parts))
	families := map[string][][2]int{}
	for i, p := range r.Parts {
		ms := m[p.Name]
		if len(ms) == 0 {
			return Judgement{}, fmt.Errorf("%w %s: part %s has no measures", ErrRule, r.Claim, p.Name)
		}
		pj := PartJudgement{Part: p, Measures: ms, Holds: make([]bool, len(ms)), P: make([]float64, len(ms))}
		for k, q := range ms {
			pj.Holds[k], _ = p.side(q.Iv)
			pj.P[k] = p.pHold(q)
		}
		j.Parts[i] = pj
		key := ""
		switch {
		case p.Family != "":
			key = "family " + p.Family
		case p.Each == Some && len(ms) > 1:
			key = "part " + p.Name
		}
		if key != "" {
			for k := range ms {
				families[key] = append(families[key], [2]int{i, k})
			}
		}
	}
	keys := make([]string, 0, len(families))
	for k := range families {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		at := families[key]
		ps := make([]float64, len(at))
		for x, ik := range at {
			pj := &j.Parts[ik[0]]
			if math.IsNaN(pj.P[ik[1]]) {
				return Judgement{}, fmt.Errorf("%w %s: part %s, quantity %q: Holm (%s) needs a p-value and it has none", ErrRule, r.Claim, pj.Part.Name, pj.Measures[ik[1]].Label, key)
			}
			ps[x] = pj.P[ik[1]]
		}
		adj, reject := holm(ps, ruleAlpha)
		for x, ik := range at {
			pj := &j.Parts[ik[0]]
			pj.P[ik[1]], pj.Holds[ik[1]] = adj[x], reject[x]
		}
	}
	verdicts := make([]Verdict, len(j.Parts))
	for i := range j.Parts {
		pj := &j.Parts[i]
		pj.Verdict = pj.Part.verdict(pj.Measures, pj.Holds)
		verdicts[i] = pj.Verdict
	}
	worst, best := combineRange(verdicts...)
	switch {
	case len(j.Setup) > 0:
		j.Verdict = NotTested
	case !r.Goal:
		j.Verdict = combine(verdicts...)
	case worst == NotTested || worst == NotCheckable:
		j.Verdict = worst
	case worst == Reproduced:
		j.Verdict = GoalMet
	case best != Reproduced:
		j.Verdict = GoalNotMet
	default:
		j.Verdict = Inconclusive
	}
	return j, nil
}

// verdict returns the part's verdict from its quantities and which of
// them hold.
func (p *RulePart) verdict(ms []Measure, holds []bool) Verdict {
	if !slices.ContainsFunc(ms, func(m Measure) bool { return m.Iv.N > 0 }) {
		return NotCheckable
	}
	nHold, nFail := 0, 0
	for k, m := range ms {
		if _, fails := p.side(m.Iv); fails {
			nFail++
		}
		if holds[k] {
			nHold++
		}
	}
	switch {
	case p.Each == Every && nFail > 0, p.Each == Some && nFail == len(ms):
		return NotReproduced
	case p.Each == Every && nHold == len(ms), p.Each == Some && nHold > 0:
		return Reproduced
	}
	return Inconclusive
}

// judged sets o's verdict from j, one check per part (its name, whether it
// holds, and each quantity's interval against the test) and the interval
// tests of the report's family (one per quantity that has a p-value, with
// the p-value the part's verdict rests on).
func (o *Outcome) judged(r *Rule, j Judgement) {
	o.Verdict, o.Judgement = j.Verdict, &j
	for _, pj := range j.Parts {
		p := pj.Part
		var qs []string
		for k, m := range pj.Measures {
			s := m.Iv.Text()
			if m.Label != "" {
				s = m.Label + ": " + s
			}
			if m.Note != "" {
				s += " (" + m.Note + ")"
			}
			qs = append(qs, s)
			name := p.Name + ": " + p.Statistic
			if m.Label != "" {
				name += ", " + m.Label
			}
			// A quantity with no p-value (a Fieller interval, a point)
			// is judged by its interval and joins no family of tests.
			if !math.IsNaN(pj.P[k]) {
				o.addTest(name+" "+p.condition(), pj.P[k], pj.Holds[k])
			}
		}
		o.addCheck(p.Name, pj.Verdict == Reproduced, "%s: %s; %s: %v", p.Statistic, strings.Join(qs, "; "), p.condition(), r.word(pj.Verdict))
		o.Checks[len(o.Checks)-1].Unsettled = pj.Verdict == Inconclusive
	}
	if len(j.Setup) > 0 {
		o.addCheck("setup", false, "our setup's preconditions not met: %s: not tested", strings.Join(j.Setup, ", "))
	}
}

// word returns the part verdict v in the rule's words: a goal's part
// holds or not, never "reproduced".
func (r *Rule) word(v Verdict) string {
	if !r.Goal {
		return v.String()
	}
	switch v {
	case Reproduced:
		return "met"
	case NotReproduced:
		return "not met"
	}
	return v.String()
}

// condition returns the part's test in words: "shown below 1.25
// (non-inferiority)".
func (p *RulePart) condition() string {
	var s string
	if p.Test == Equivalence {
		s = fmt.Sprintf("shown within (%s, %s)", num(p.Lo), num(p.Hi))
	} else {
		s = fmt.Sprintf("shown %s %s", strings.ToLower(p.Side.String()), num(p.Threshold))
	}
	s += " (" + p.Test.String()
	switch {
	case p.Family != "":
		s += ", Holm over family " + p.Family
	case p.Each == Some:
		s += ", for some quantity, Holm over them"
	}
	return s + ")"
}

// num formats a threshold in the fewest digits that give it back.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Text returns the rule as lines, one per part and one per precondition,
// for the report, the notebooks and the registration.
func (r *Rule) Text() []string {
	var lines []string
	for _, p := range r.Parts {
		src := "our own question"
		if p.Tex > 0 {
			src = fmt.Sprintf("orderings-paper.tex line %d", p.Tex)
		}
		var fails string
		switch {
		case p.Test == Equivalence:
			fails = "fails if it lies wholly outside"
		case p.Side == Below:
			fails = "fails if it lies wholly above"
		default:
			fails = "fails if it lies wholly below"
		}
		each := "the quantity"
		switch {
		case p.Each == Some:
			each = fmt.Sprintf("some quantity (Holm over them, family-wise %g one-sided)", ruleAlpha)
		case p.Family != "":
			each = fmt.Sprintf("every quantity (Holm over family %s, family-wise %g one-sided)", p.Family, ruleAlpha)
		}
		// A statistic that sets its interval's ends itself ("its lower end
		// the 0.5% point") is not read at 95%.
		level := "95% intervals"
		if strings.Contains(p.Statistic, "% point") || strings.Contains(p.Statistic, "%/k point") {
			level = "its intervals' ends as the statistic sets them"
		}
		lines = append(lines, fmt.Sprintf("%s: %q (%s). Statistic: %s. Test: %s: holds if %s is %s, %s; %s.",
			p.Name, p.Sentence, src, p.Statistic, p.Test, each, strings.TrimPrefix(p.condition(), "shown "), fails, level))
	}
	if len(r.Setup) > 0 {
		lines = append(lines, "Our setup's preconditions (the claim is not tested if any does not hold): "+strings.Join(r.Setup, "; ")+".")
	}
	return lines
}

// Hash returns the hash of the rule's value: its claim, goal, setup and
// every part's name, test, side, threshold, band, combination and family,
// not the wording of its sentences and statistics, so that a fixed typo
// moves nothing. Sixteen hex digits of SHA-256.
func (r *Rule) Hash() string {
	var b strings.Builder
	fmt.Fprintf(&b, "claim %q goal %t setup %q\n", r.Claim, r.Goal, r.Setup)
	for _, p := range r.Parts {
		fmt.Fprintf(&b, "part %q test %d side %d threshold %s band %s %s each %d family %q tex %d\n",
			p.Name, p.Test, p.Side, num(p.Threshold), num(p.Lo), num(p.Hi), p.Each, p.Family, p.Tex)
	}
	h := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(h[:8])
}

// ErrJudged is wrapped by the error of an outcome whose verdict is not
// its claim's rule's (Claim.CheckJudged).
var ErrJudged = errors.New("paper: verdict not the rule's")

// CheckJudged returns an error wrapping ErrJudged if out, an outcome of c,
// does not carry the judgement of c's rule as its verdict: its Judgement
// must judge the parts of c.Rule, in order, and its Verdict must be that
// judgement's. The verdict is derived from Findings, which the judging
// hash covers, and copied by Outcome, which it does not cover: this
// catches an Outcome that copies another judgement last (sgd-internally
// words its combination's beside its verdict). A claim without a rule
// value passes. Every registered claim's Run calls it (judgedRuns).
func (c Claim) CheckJudged(out *Outcome) error {
	if c.Rule == nil {
		return nil
	}
	j := out.Judgement
	if j == nil {
		return fmt.Errorf("%w: %s's outcome has no judgement", ErrJudged, c.ID)
	}
	names := make([]string, len(j.Parts))
	for i, p := range j.Parts {
		names[i] = p.Part.Name
	}
	want := make([]string, len(c.Rule.Parts))
	for i, p := range c.Rule.Parts {
		want[i] = p.Name
	}
	if !slices.Equal(names, want) {
		return fmt.Errorf("%w: %s's outcome judges the parts %q, want its rule's %q", ErrJudged, c.ID, names, want)
	}
	if out.Verdict != j.Verdict {
		return fmt.Errorf("%w: %s's outcome says %v, its rule's judgement %v", ErrJudged, c.ID, out.Verdict, j.Verdict)
	}
	return nil
}
