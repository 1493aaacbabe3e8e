// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// tIv returns the t-interval of the values v.
func tIv(v ...float64) Interval { return tInterval(v) }

// TestRuleJudge checks every test kind on a quantity that holds, one that
// fails and one that settles neither, and the ways parts combine.
func TestRuleJudge(t *testing.T) {
	nonInf := RulePart{Name: "ni", Test: NonInferiority, Side: Below, Threshold: 1.25}
	sup := RulePart{Name: "sup", Test: Superiority, Side: Above, Threshold: 0}
	eq := RulePart{Name: "eq", Test: Equivalence, Lo: -0.5, Hi: 0.5}
	bound := RulePart{Name: "bound", Test: Bound, Side: Below, Threshold: 1}
	some := RulePart{Name: "some", Test: Superiority, Side: Above, Threshold: 0, Each: Some}
	every := RulePart{Name: "every", Test: Superiority, Side: Above, Threshold: 0}
	one := func(p RulePart, ivs ...Interval) (*Rule, Measures) {
		var ms []Measure
		for _, iv := range ivs {
			ms = append(ms, Measure{Iv: iv})
		}
		return &Rule{Claim: "c", Parts: []RulePart{p}}, Measures{p.Name: ms}
	}
	for _, tc := range []struct {
		name string
		p    RulePart
		ivs  []Interval
		want Verdict
	}{
		// A K 40% faster than the margin's side never fails an upper bound.
		{"non-inferiority 40% faster", nonInf, []Interval{tIv(0.58, 0.6, 0.62)}, Reproduced},
		{"non-inferiority 40% slower", nonInf, []Interval{tIv(1.38, 1.4, 1.42)}, NotReproduced},
		{"non-inferiority spans", nonInf, []Interval{tIv(1.0, 1.3, 1.5)}, Inconclusive},
		{"superiority holds", sup, []Interval{tIv(1, 1.1, 1.2)}, Reproduced},
		{"superiority fails", sup, []Interval{tIv(-1, -1.1, -1.2)}, NotReproduced},
		{"superiority spans", sup, []Interval{tIv(-1, 1)}, Inconclusive},
		{"equivalence holds", eq, []Interval{tIv(-0.1, 0, 0.1)}, Reproduced},
		{"equivalence fails above", eq, []Interval{tIv(0.9, 1, 1.1)}, NotReproduced},
		{"equivalence fails below", eq, []Interval{tIv(-0.9, -1, -1.1)}, NotReproduced},
		{"equivalence wide", eq, []Interval{tIv(-3, 3)}, Inconclusive},
		// A bound is judged whatever its slack: far below holds.
		{"bound far below", bound, []Interval{tIv(0.001, 0.0011, 0.0012)}, Reproduced},
		{"bound above", bound, []Interval{tIv(2, 2.1, 2.2)}, NotReproduced},
		{"every: one fails", every, []Interval{tIv(1, 1.1, 1.2), tIv(-1, -1.1, -1.2)}, NotReproduced},
		{"every: one spans", every, []Interval{tIv(1, 1.1, 1.2), tIv(-1, 1)}, Inconclusive},
		{"every: all hold", every, []Interval{tIv(1, 1.1, 1.2), tIv(2, 2.1, 2.2)}, Reproduced},
		{"some: one holds", some, []Interval{tIv(1, 1.1, 1.2), tIv(-1, -1.1, -1.2)}, Reproduced},
		{"some: all fail", some, []Interval{tIv(-1, -1.1, -1.2), tIv(-2, -2.1, -2.2)}, NotReproduced},
		{"some: one spans, one fails", some, []Interval{tIv(-1, 1), tIv(-1, -1.1, -1.2)}, Inconclusive},
		{"nothing measured", sup, []Interval{{Mean: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}}, NotCheckable},
	} {
		r, m := one(tc.p, tc.ivs...)
		j, err := r.Judge(m, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if j.Verdict != tc.want {
			t.Errorf("%s: verdict %v, want %v", tc.name, j.Verdict, tc.want)
		}
	}
}

// TestRuleSomeHolm checks that "for some" over several quantities is
// Holm-adjusted: three quantities each just holding alone at 2.5% do not
// make the part hold, one holding well does.
func TestRuleSomeHolm(t *testing.T) {
	p := RulePart{Name: "some", Test: Superiority, Side: Above, Threshold: 0, Each: Some}
	r := &Rule{Claim: "c", Parts: []RulePart{p}}
	just := Measure{Iv: Interval{Mean: 1, Lo: 0.01, Hi: 2, N: 5}, HasP: true, PHold: 0.02, PFail: 0.98}
	j, err := r.Judge(Measures{"some": {just, just, just}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if j.Verdict != Inconclusive {
		t.Errorf("three p = 0.02 under Holm: %v, want inconclusive", j.Verdict)
	}
	if pj := j.Parts[0]; math.Abs(pj.P[0]-0.06) > 1e-12 {
		t.Errorf("adjusted p %v, want 0.06", pj.P[0])
	}
	well := just
	well.PHold = 0.001
	j, err = r.Judge(Measures{"some": {just, just, well}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if j.Verdict != Reproduced {
		t.Errorf("one p = 0.001 under Holm: %v, want reproduced", j.Verdict)
	}
	// A quantity without a p-value (a Fieller interval) cannot be
	// Holm-adjusted: an error, not a silent pass.
	fieller := Measure{Iv: Interval{Mean: 1, SE: math.NaN(), Lo: 0.5, Hi: 2, N: 3}}
	if _, err := r.Judge(Measures{"some": {fieller, fieller}}, nil); !errors.Is(err, ErrRule) {
		t.Errorf("Holm without p-values: error %v, want ErrRule", err)
	}
}

// TestRuleCombine checks the whole: the one combine rule, a goal's words,
// and a precondition of our setup.
func TestRuleCombine(t *testing.T) {
	a := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0}
	b := RulePart{Name: "b", Test: Superiority, Side: Above, Threshold: 0}
	holds, fails, spans := tIv(1, 1.1, 1.2), tIv(-1, -1.1, -1.2), tIv(-1, 1)
	for _, tc := range []struct {
		name  string
		goal  bool
		a, b  Interval
		setup bool
		want  Verdict
	}{
		{"both hold", false, holds, holds, true, Reproduced},
		{"one fails", false, holds, fails, true, PartlyReproduced},
		{"both fail", false, fails, fails, true, NotReproduced},
		{"one spans", false, holds, spans, true, Inconclusive},
		{"setup missed", false, holds, holds, false, NotTested},
		{"goal met", true, holds, holds, true, GoalMet},
		{"goal not met", true, holds, fails, true, GoalNotMet},
		{"goal open", true, holds, spans, true, Inconclusive},
	} {
		r := &Rule{Claim: "c", Goal: tc.goal, Parts: []RulePart{a, b}, Setup: []string{"noise as set"}}
		j, err := r.Judge(Measures{"a": {{Iv: tc.a}}, "b": {{Iv: tc.b}}}, map[string]bool{"noise as set": tc.setup})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if j.Verdict != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, j.Verdict, tc.want)
		}
		if j.Holds("a") != (tc.a == holds) {
			t.Errorf("%s: Holds(a) = %t", tc.name, j.Holds("a"))
		}
	}
}

// TestRuleFamily checks that parts of one family are Holm-adjusted
// together.
func TestRuleFamily(t *testing.T) {
	a := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0, Family: "f"}
	b := a
	b.Name = "b"
	m := Measure{Iv: Interval{Mean: 1, Lo: 0.1, Hi: 2, N: 5}, HasP: true, PHold: 0.02}
	r := &Rule{Claim: "c", Parts: []RulePart{a, b}}
	j, err := r.Judge(Measures{"a": {m}, "b": {m}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if j.Holds("a") || j.Holds("b") {
		t.Errorf("two p = 0.02 in one family hold: %v", j.Parts)
	}
	a.Family, b.Family = "", ""
	r.Parts = []RulePart{a, b}
	if j, _ = r.Judge(Measures{"a": {m}, "b": {m}}, nil); !j.Holds("a") || !j.Holds("b") {
		t.Errorf("two intervals above 0 alone do not hold: %v", j.Parts)
	}
}

// TestRuleErrors checks that a rule that cannot judge its measures says
// what is wrong.
func TestRuleErrors(t *testing.T) {
	p := RulePart{Name: "a", Test: Superiority, Side: Above}
	m := Measures{"a": {{Iv: tIv(1, 2)}}}
	for _, tc := range []struct {
		name  string
		r     Rule
		m     Measures
		setup map[string]bool
		want  string
	}{
		{"no parts", Rule{Claim: "c"}, m, nil, "no parts"},
		{"no test", Rule{Claim: "c", Parts: []RulePart{{Name: "a", Side: Above}}}, m, nil, "no test"},
		{"no side", Rule{Claim: "c", Parts: []RulePart{{Name: "a", Test: Bound}}}, m, nil, "no side"},
		{"empty band", Rule{Claim: "c", Parts: []RulePart{{Name: "a", Test: Equivalence, Lo: 1, Hi: 1}}}, m, nil, "band"},
		{"repeated", Rule{Claim: "c", Parts: []RulePart{p, p}}, m, nil, "repeated"},
		{"no measures", Rule{Claim: "c", Parts: []RulePart{p}}, Measures{}, nil, "no measures"},
		{"stray measure", Rule{Claim: "c", Parts: []RulePart{p}}, Measures{"a": m["a"], "b": m["a"]}, nil, `"b"`},
		{"setup not given", Rule{Claim: "c", Parts: []RulePart{p}, Setup: []string{"s"}}, m, nil, `"s" not given`},
		{"setup not declared", Rule{Claim: "c", Parts: []RulePart{p}}, m, map[string]bool{"s": true}, `"s" not declared`},
	} {
		_, err := tc.r.Judge(tc.m, tc.setup)
		if !errors.Is(err, ErrRule) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want ErrRule naming %s", tc.name, err, tc.want)
		}
	}
}

// TestRuleHash checks that the hash moves with the rule's value and not
// with its wording.
func TestRuleHash(t *testing.T) {
	r := Rule{Claim: "c", Parts: []RulePart{{Name: "a", Sentence: "the same bound", Statistic: "steps", Test: NonInferiority, Side: Below, Threshold: 1.25}}}
	h := r.Hash()
	worded := r
	worded.Parts = []RulePart{r.Parts[0]}
	worded.Parts[0].Sentence, worded.Parts[0].Statistic = "the same bound (typo fixed)", "steps over standard"
	if worded.Hash() != h {
		t.Errorf("a wording change moved the hash")
	}
	for name, mut := range map[string]func(p *RulePart){
		"threshold": func(p *RulePart) { p.Threshold = 1.2 },
		"test":      func(p *RulePart) { p.Test = Superiority },
		"side":      func(p *RulePart) { p.Side = Above },
		"each":      func(p *RulePart) { p.Each = Some },
		"family":    func(p *RulePart) { p.Family = "f" },
		"tex":       func(p *RulePart) { p.Tex = 12 },
	} {
		m := r
		m.Parts = []RulePart{r.Parts[0]}
		mut(&m.Parts[0])
		if m.Hash() == h {
			t.Errorf("changing the %s left the hash as it was", name)
		}
	}
}

// TestOutcomeJudged checks that an outcome takes its verdict, a check per
// part and a test per quantity from the judgement.
func TestOutcomeJudged(t *testing.T) {
	r := &Rule{Claim: "c", Goal: true, Parts: []RulePart{
		{Name: "a", Statistic: "gain", Test: Superiority, Side: Above, Threshold: 0},
		{Name: "b", Statistic: "ratio", Test: NonInferiority, Side: Below, Threshold: 1.25, Each: Some},
	}}
	j, err := r.Judge(Measures{
		"a": {{Iv: tIv(1, 1.1, 1.2)}},
		"b": {{Label: "x", Iv: tIv(0.5, 0.6, 0.7)}, {Label: "y", Iv: tIv(2, 2.1, 2.2), Note: "slack 2×"}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out Outcome
	out.judged(r, j)
	// A Fieller interval has no p-value: judged, but no test.
	fr := &Rule{Claim: "c", Parts: []RulePart{{Name: "f", Test: Superiority, Side: Above, Threshold: 1}}}
	fj, err := fr.Judge(Measures{"f": {{Iv: Interval{Mean: 2, SE: math.NaN(), Lo: 1.5, Hi: 3, N: 3}}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var fo Outcome
	fo.judged(fr, fj)
	if fo.Verdict != Reproduced || len(fo.Tests) != 0 {
		t.Errorf("Fieller interval: %v with %d tests, want reproduced with none (no p-value to test)", fo.Verdict, len(fo.Tests))
	}
	if out.Verdict != GoalMet || len(out.Checks) != 2 || len(out.Tests) != 3 {
		t.Fatalf("verdict %v, %d checks, %d tests; want goal met, 2, 3", out.Verdict, len(out.Checks), len(out.Tests))
	}
	if c := out.Checks[1]; c.Name != "b" || !c.OK || !strings.Contains(c.Detail, "slack 2×") || !strings.Contains(c.Detail, ": met") {
		t.Errorf("check b: %+v", c)
	}
	if out.Checks[0].Unsettled || out.Checks[1].Unsettled {
		t.Errorf("settled parts marked unsettled: %+v", out.Checks)
	}
	// A part the run settles neither way is marked unsettled (the
	// notebooks' CHECK line says so), a refuted one is not.
	var uo Outcome
	uj, err := fr.Judge(Measures{"f": {{Iv: Interval{Mean: 1.2, SE: math.NaN(), Lo: 0.5, Hi: 2, N: 3}}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	uo.judged(fr, uj)
	if c := uo.Checks[0]; c.OK || !c.Unsettled {
		t.Errorf("interval across the threshold: %+v, want not OK and unsettled", c)
	}
	var no Outcome
	nj, err := fr.Judge(Measures{"f": {{Iv: Interval{Mean: 0.5, SE: math.NaN(), Lo: 0.2, Hi: 0.8, N: 3}}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	no.judged(fr, nj)
	if c := no.Checks[0]; c.OK || c.Unsettled {
		t.Errorf("interval below the threshold: %+v, want refuted, not unsettled", c)
	}
	for _, line := range r.Text() {
		if strings.Contains(line, "reproduced") {
			t.Errorf("a goal's rule text says reproduced: %s", line)
		}
	}
	if !strings.Contains(r.Text()[1], "some quantity") {
		t.Errorf("rule text of a Some part: %s", r.Text()[1])
	}
}

// TestRuleExactP checks that an exact quantity (a point interval) has p 0
// where it holds and 1 where it does not, so that a family keeps a hold
// no sampling error can undo.
func TestRuleExactP(t *testing.T) {
	p := RulePart{Name: "b", Test: Bound, Side: Below, Threshold: 1, Each: Some}
	r := &Rule{Claim: "c", Parts: []RulePart{p}}
	point := func(x float64) Measure { return Measure{Iv: Interval{Mean: x, SE: math.NaN(), Lo: x, Hi: x, N: 1}} }
	j, err := r.Judge(Measures{"b": {point(0.5), point(2)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pj := j.Parts[0]; j.Verdict != Reproduced || pj.P[0] != 0 || pj.P[1] != 1 {
		t.Errorf("exact points 0.5 and 2 below 1 for some: %v, p %v", j.Verdict, pj.P)
	}
}
