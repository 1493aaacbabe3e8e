// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"math"
	"strings"
	"testing"
)

// fakeTable1Seeds returns a Table 1 result of five seeds whose final test
// accuracies, in points, are base plus the given offsets with a seed
// noise of ±noise: rrS for RR under same-class batching, grS and grT for
// greedy under same-class and standard batching; RR standard is base.
func fakeTable1Seeds(base, rrS, grS, grT, noise float64) *Table1Result {
	jitter := []float64{-1, 0.5, 0, 1, -0.5}
	r := &Table1Result{Config: Table1Config{Seeds: len(jitter), Epochs: 1, Orders: []string{"RR", "greedy"}, Batchings: table1Batchings}, Batchings: table1Batchings}
	off := map[string][2]float64{"RR": {0, rrS}, "greedy": {grT, grS}}
	for _, order := range r.Config.Orders {
		var cells [][]Table1Run
		for b := range table1Batchings {
			var runs []Table1Run
			for s, j := range jitter {
				// Greedy's noise is another draw than RR's: its sign
				// alternates with the seed.
				if order == "greedy" && s%2 == 1 {
					j = -j
				}
				acc := (base + off[order][b] + noise*j) / 100
				runs = append(runs, Table1Run{Order: order, Batching: table1Batchings[b], TestAcc: []float64{0.1, acc}, TrainLoss: []float64{2, 1}})
			}
			cells = append(cells, runs)
		}
		r.Runs = append(r.Runs, cells)
	}
	return r
}

// TestTable1Judge checks each verdict of the Table 1 rule (the paper's
// two sentences, Verdict) on a result made to give it, and our reading
// beside it (RR's loss, Hurts, and greedy's recovery, Recovers), which
// never moves the verdict: every branch is reachable, so the rule can
// fail.
func TestTable1Judge(t *testing.T) {
	for _, test := range []struct {
		name                 string
		rrS, grS, grT, noise float64
		want                 Verdict
		hurts, recovers      Part
	}{
		{"paper's regime", -19, -4, 0, 0.1, Reproduced, PartHolds, PartHolds},
		// The paper's sentence does not ask for a size: a small recovery
		// is a finding beside the verdict.
		{"small recovery", -19, -15, 0, 0.1, Reproduced, PartHolds, PartFails},
		{"no gain, no tie", -19, -19, 3, 0.1, NotReproduced, PartHolds, PartFails},
		{"gain, standard loss", -19, -4, -3, 0.1, PartlyReproduced, PartHolds, PartHolds},
		{"greedy far better under standard batching too", -19, -4, 3, 0.1, PartlyReproduced, PartHolds, PartHolds},
		// No loss for RR does not gate the paper's sentences: greedy's
		// gain of 2 points is shown.
		{"no loss to recover", 0, 2, 0, 0.1, Reproduced, PartFails, PartInconclusive},
		{"noisy", -19, -15, 0, 6, Inconclusive, PartHolds, PartFails},
		{"noisy, paper's gain", -19, -4, 0, 6, Inconclusive, PartHolds, PartInconclusive},
		{"gains unsettled", -1.2, 0, 0, 1, Inconclusive, PartHolds, PartInconclusive},
		{"everything fails", -0.5, -3.5, 3, 0.1, NotReproduced, PartFails, PartFails},
	} {
		f := table1Judge(fakeTable1Seeds(90, test.rrS, test.grS, test.grT, test.noise), nil)
		if f.Verdict != test.want || f.Hurts != test.hurts || f.Recovers != test.recovers {
			t.Errorf("%s: verdict %v, hurts %v, recovers %v; want %v, %v, %v (%s)", test.name, f.Verdict, f.Hurts, f.Recovers, test.want, test.hurts, test.recovers, f.text())
		}
	}
	// One seed: no interval, so neither rule can judge.
	one := fakeTable1Seeds(90, -19, -4, 0, 0.1)
	for o := range one.Runs {
		for b := range one.Runs[o] {
			one.Runs[o][b] = one.Runs[o][b][:1]
		}
	}
	one.Config.Seeds = 1
	if f := table1Judge(one, nil); f.Verdict != NotCheckable || f.Hurts != PartInconclusive || f.Recovers != PartInconclusive {
		t.Errorf("one seed: %v, %v, %v; want not checkable", f.Verdict, f.Hurts, f.Recovers)
	}
	// Without greedy: not checkable, and the findings say why.
	r := fakeTable1Seeds(90, -19, -4, 0, 0.1)
	r.Config.Orders, r.Runs = []string{"RR"}, r.Runs[:1]
	f, err := r.Findings()
	if err != nil || f.Verdict != NotCheckable || !strings.Contains(f.text(), "greedy is not among") {
		t.Errorf("no greedy: %v, %v", f, err)
	}
	if out, err := r.Outcome(); err != nil || out.Verdict != NotCheckable {
		t.Errorf("no greedy: outcome %v, %v", out, err)
	}
	if _, err := (*Table1Result)(nil).Findings(); err == nil {
		t.Error("nil result: no error")
	}
}

// partRank orders a part's findings.
var partRank = map[Part]int{PartFails: 0, PartInconclusive: 1, PartHolds: 2}

// TestTable1JudgeMonotone checks that a better number never gives a worse
// finding: a larger same-class gain, a standard-batching gap nearer 0, a
// larger loss for RR or a larger recovery never lowers a part, nor the
// best or worst verdict combine leaves open.
func TestTable1JudgeMonotone(t *testing.T) {
	type state struct {
		parts       [4]int
		worst, best int
	}
	of := func(f Table1Findings) state {
		w, b := combineRange(f.sentences()...)
		return state{[4]int{partRank[f.SameClass], partRank[f.Standard], partRank[f.Hurts], partRank[f.Recovers]}, verdictRank[w], verdictRank[b]}
	}
	worse := func(a, b state) bool { // b worse than a somewhere
		for k := range a.parts {
			if b.parts[k] < a.parts[k] {
				return true
			}
		}
		return b.worst < a.worst || b.best < a.best
	}
	for _, noise := range []float64{0.1, 1, 3} {
		// A larger same-class gain (greedy same-class up, RR fixed).
		var prev *state
		for gain := -5.0; gain <= 25; gain += 0.25 {
			s := of(table1Judge(fakeTable1Seeds(90, -19, -19+gain, 0, noise), nil))
			if prev != nil && worse(*prev, s) {
				t.Errorf("noise %g: gain %g gives %+v, worse than a smaller gain's %+v", noise, gain, s, *prev)
			}
			prev = &s
		}
		// A standard-batching gap nearer 0, from either side.
		for _, sign := range []float64{-1, 1} {
			prev = nil
			for gap := 4.0; gap >= 0; gap -= 0.125 {
				s := of(table1Judge(fakeTable1Seeds(90, -19, -4, sign*gap, noise), nil))
				if prev != nil && worse(*prev, s) {
					t.Errorf("noise %g: standard gap %g gives %+v, worse than a larger gap's %+v", noise, sign*gap, s, *prev)
				}
				prev = &s
			}
		}
		// A larger loss for RR with greedy's recovery fixed at 0.78: the
		// loss part and the recovery's interval only tighten.
		prev = nil
		for loss := 0.0; loss <= 25; loss += 0.25 {
			s := of(table1Judge(fakeTable1Seeds(90, -loss, -loss+0.78*loss, 0, noise), nil))
			s.parts[0], s.worst, s.best = 0, 0, 0 // the gain grows too; its part is tested above
			if prev != nil && worse(*prev, s) {
				t.Errorf("noise %g: loss %g gives %+v, worse than a smaller loss's %+v", noise, loss, s, *prev)
			}
			prev = &s
		}
	}
}

func TestTable1SameClassMargin(t *testing.T) {
	// "Significantly outperforms" needs a gain, as a share of RR's
	// same-class error, shown above the margin of "similar" (7.74%): a
	// gain shown above 0 but below the margin is no more than "similar"
	// allows and fails; one across the margin is unsettled. Monotone.
	iv := func(lo, hi float64) Interval { return Interval{Mean: (lo + hi) / 2, Lo: lo, Hi: hi, N: 3} }
	for _, tc := range []struct {
		gain Interval
		want Part
	}{
		{iv(1, 7), PartFails},
		{iv(-3, 3), PartFails},
		{iv(2, 12), PartInconclusive},
		{iv(7, 9), PartInconclusive},
		{iv(7.8, 13), PartHolds},
		{iv(18.6, 30.4), PartHolds},
	} {
		f := Table1Findings{Seeds: 3, Gain: iv(0, 1), GainRel: tc.gain, Tie: iv(-0.2, 0.2), Similar: iv(-2, 2)}
		f.judge(table1ID)
		if f.SameClass != tc.want {
			t.Errorf("gain %v%%: same-class part %v, want %v", tc.gain, f.SameClass, tc.want)
		}
	}
}

func TestTable1ReadingDecided(t *testing.T) {
	// Findings decides which reading of the paper's table the runs
	// support; Outcome only writes it.
	for _, tc := range []struct {
		name          string
		rrS, grS, grT float64
		final         string
		during        bool
		words         string
	}{
		{"greedy wins under same-class batching only", -19, -4, 0, table1ReadsText, true, "support the text's reading"},
		{"greedy wins under standard batching only", -19, -19, 3, table1ReadsHeaders, false, "support the printed headers"},
		{"greedy wins under both", -19, -4, 3, table1ReadsNeither, false, "do not tell the two readings apart"},
	} {
		r := fakeTable1Seeds(90, tc.rrS, tc.grS, tc.grT, 0.1)
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.Reading == nil || f.Reading.Final != tc.final || f.Reading.During != tc.during {
			t.Errorf("%s: reading %+v, want %q, during %v", tc.name, f.Reading, tc.final, tc.during)
			continue
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.Details, tc.words) {
			t.Errorf("%s: details without %q: %s", tc.name, tc.words, out.Details)
		}
	}
	r := fakeTable1Seeds(90, -19, -4, 0, 0.1)
	r.Config.Orders, r.Runs = []string{"RR"}, r.Runs[:1]
	if f, err := r.Findings(); err != nil || f.Reading != nil {
		t.Errorf("no greedy: reading %+v, %v; want none", f, err)
	}
}

// TestTable1Rules checks the rules of the Table 1 claims and the study as
// values: each claim declares its own (its names), and every part holds
// and fails on a made-up interval, and is unsettled on one across its
// threshold: the standard-batching gap inside ±7.74% of RR's error holds
// and a greedy better by more than the margin fails ("similar" is an
// equality), the
// same-class gain shown above +0.5 holds and one shown below it fails;
// table-1-study judges the same two sentences, over its settings.
func TestTable1Rules(t *testing.T) {
	for _, c := range []struct {
		claim Claim
		rule  *Rule
	}{{table1Claim, &table1ClaimRule}, {table1FashionClaim, &table1FashionRule}, {table1CIFAR10Claim, &table1CIFAR10Rule}, {table1StudyClaim, &table1StudyRule}} {
		if c.claim.Rule != c.rule || c.rule.Claim != c.claim.ID || c.rule.check() != nil {
			t.Errorf("%s: rule %p (%s, %v), want its own, well formed", c.claim.ID, c.claim.Rule, c.rule.Claim, c.rule.check())
		}
		for _, line := range c.rule.Text() {
			if strings.Contains(line, "%!") {
				t.Errorf("%s: rule text %q: a bad format verb", c.claim.ID, line)
			}
		}
	}
	iv := func(lo, hi float64) Interval {
		return Interval{Mean: (lo + hi) / 2, Lo: lo, Hi: hi, SE: (hi - lo) / 4, N: 5}
	}
	for _, tc := range []struct {
		rule *Rule
		part string
		iv   Interval
		want Verdict
	}{
		// The standard part's margin is ±7.74% of RR's test error.
		{&table1FashionRule, "table-1-fashion-standard", iv(-3, 4), Reproduced},
		{&table1FashionRule, "table-1-fashion-standard", iv(-7.7, 7.7), Reproduced},
		{&table1FashionRule, "table-1-fashion-standard", iv(8, 12), NotReproduced},
		{&table1FashionRule, "table-1-fashion-standard", iv(-9, 2), Inconclusive},
		{&table1FashionRule, "table-1-fashion-standard", iv(0.5, 7.8), Inconclusive},
		// The same-class part in % of RR's same-class error, above the
		// same margin: a gain "similar" allows is no outperformance.
		{&table1FashionRule, "table-1-fashion-same-class", iv(8, 13), Reproduced},
		{&table1FashionRule, "table-1-fashion-same-class", iv(1, 7), NotReproduced},
		{&table1StudyRule, "table-1-study-same-class", iv(8, 13), Reproduced},
		{&table1StudyRule, "table-1-study-same-class", iv(1, 7), NotReproduced},
		{&table1StudyRule, "table-1-study-same-class", iv(3, 9), Inconclusive},
		{&table1StudyRule, "table-1-study-standard", iv(-0.3, 4.9), Reproduced},
		{&table1StudyRule, "table-1-study-standard", iv(-12, -8), NotReproduced},
		{&table1StudyRule, "table-1-study-standard", iv(-9.1, 2.4), Inconclusive},
	} {
		m := Measures{}
		for _, p := range tc.rule.Parts {
			m[p.Name] = []Measure{{Iv: iv(-0.1, 0.1)}}
		}
		m[tc.part] = []Measure{{Iv: tc.iv}}
		j, err := tc.rule.Judge(m, nil)
		if err != nil {
			t.Fatal(err)
		}
		if pj, _ := j.Part(tc.part); pj.Verdict != tc.want {
			t.Errorf("%s on %v: %v, want %v", tc.part, tc.iv, pj.Verdict, tc.want)
		}
	}
	// A part over the settings fails where one setting fails it, holds
	// where every setting holds it, and is unsettled where one setting is.
	for _, tc := range []struct {
		b          Interval
		part, want Verdict
	}{{iv(1, 4), NotReproduced, PartlyReproduced}, {iv(8, 9), Reproduced, Reproduced}, {iv(3, 9), Inconclusive, Inconclusive}} {
		m := Measures{"table-1-study-same-class": {{Label: "A", Iv: iv(12, 16)}, {Label: "B", Iv: tc.b}},
			"table-1-study-standard": {{Label: "A", Iv: iv(-0.1, 0.1)}, {Label: "B", Iv: iv(-0.1, 0.1)}}}
		j, err := table1StudyRule.Judge(m, nil)
		if pj, _ := j.Part("table-1-study-same-class"); err != nil || pj.Verdict != tc.part || j.Verdict != tc.want {
			t.Errorf("one setting's same-class gain %v: %+v, %v; want the part %v, the whole %v", tc.b, j, err, tc.part, tc.want)
		}
	}
}

// TestPaperParts checks the paper's own runs judged by table-1-cifar10's
// rule: its standard-batching gap (−0.05 point, standard error √(0.54² +
// 0.16²) over 3 runs, both over its RR's error, 7.28 points: −0.69% with
// a standard error of 7.74%, the margin) spans the margin, its same-class
// gain (+14.97) holds, and no other claim has the paper's runs.
func TestPaperParts(t *testing.T) {
	parts, ok := PaperParts(table1CIFAR10ID)
	if !ok || len(parts) != 2 {
		t.Fatalf("table-1-cifar10: %v, %d parts; want its 2", ok, len(parts))
	}
	std, sc := parts[0], parts[1]
	k := 100 / (100 - 92.72)
	mean, se := -0.05*k, math.Hypot(0.54, 0.16)*k
	if q := std.Quantities[0]; std.Verdict != Inconclusive || math.Abs(float64(q.Mean)-mean) > 1e-9 || math.Abs(float64(q.SE)-se) > 1e-12 || q.N != 3 {
		t.Errorf("standard: %v %+v, want inconclusive, %v with SE %v over 3 runs", std.Verdict, q, mean, se)
	}
	if table1Similar != 7.74 || math.Abs(se-table1Similar) > 0.005 {
		t.Errorf("the margin of similar accuracy %v, want the paper's standard error of its gap over its RR's error, %v, to two decimals", table1Similar, se)
	}
	if q, want := sc.Quantities[0], 14.97*100/(100-73.46); sc.Verdict != Reproduced || math.Abs(float64(q.Mean)-want) > 1e-9 {
		t.Errorf("same-class: %v %+v, want reproduced at +14.97 points, %v%% of RR's same-class error", sc.Verdict, q, want)
	}
	for _, id := range []string{table1ID, table1FashionID, table1StudyID} {
		if _, ok := PaperParts(id); ok {
			t.Errorf("%s: has the paper's runs; Table 1 is CIFAR-10's", id)
		}
	}
}
