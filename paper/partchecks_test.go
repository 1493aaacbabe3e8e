// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"testing"
)

// checksOf returns the outcome's checks by name.
func checksOf(out *Outcome) map[string]bool {
	m := make(map[string]bool)
	for _, c := range out.Checks {
		m[c.Name] = c.OK
	}
	return m
}

// TestVerdictPartChecks checks that the claims whose verdict has parts
// record a check per part, named the same whatever the result, holding
// where the part holds and failing where it fails, so that a seed where
// the verdict flips names the part that failed; and that the checks do
// not change the verdict.
func TestVerdictPartChecks(t *testing.T) {
	holds := fakeTable1Seeds(90, -19, -4, 0, 0.1)    // every part holds
	fails := fakeTable1Seeds(90, -0.5, -3.5, 3, 0.1) // every part fails
	for _, test := range []struct {
		r  *Table1Result
		ok bool
	}{{holds, true}, {fails, false}} {
		test.r.Config.Dataset, test.r.Config.Model = "mnist", "mlp"
		f, err := test.r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		out, err := test.r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != f.Verdict {
			t.Errorf("table-1: outcome %v, findings %v", out.Verdict, f.Verdict)
		}
		ch := checksOf(out)
		for _, name := range []string{"table-1-standard", "table-1-same-class"} {
			if ok, seen := ch[name]; !seen || ok != test.ok {
				t.Errorf("table-1 (%v): check %s made %v, holds %v; want %v", f.Verdict, name, seen, ok, test.ok)
			}
		}
		// table-1-study, over one setting of this result.
		s := &Table1StudyResult{Config: Table1StudyConfig{Grid: []float64{0.1}, BatchSizes: []int{64}, Momenta: []float64{0}, Multipliers: []float64{1}, SweepSeeds: 3}}
		s.Config.Settings = append(s.Config.Settings, Table1Config{Dataset: "mnist", Model: "mlp", Epochs: 1, Milestones: []float64{0.5}})
		s.Settings = append(s.Settings, fakeStudySetting(test.r))
		sw := *test.r
		sw.Config.Milestones = []float64{0.5}
		s.Sweep = []Table1SweepCell{{BatchSize: 64, Multiplier: 1, Result: &sw}}
		sout, err := s.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		ch = checksOf(sout)
		for _, name := range []string{"table-1-study-standard", "table-1-study-same-class"} {
			if ok, seen := ch[name]; !seen || ok != test.ok {
				t.Errorf("table-1-study (%v): check %s made %v, holds %v; want %v", sout.Verdict, name, seen, ok, test.ok)
			}
		}
	}
	// The claims that run in seconds at the smoke scale: each check as
	// its finding says.
	for _, test := range []struct {
		id    string
		names []string
		parts func() ([]bool, Verdict, *Outcome)
	}{
		{"mishchenko-lemma1", []string{"mishchenko-lemma1-deviation"}, func() ([]bool, Verdict, *Outcome) {
			res, err := Lemma1Config{}.At(Smoke).Run(context.Background(), nil)
			f, out := findingsOf[*Lemma1Findings](t, res, err)
			return []bool{f.Holds}, f.Verdict, out
		}},
		{"appendix-c-lower-bound", []string{"appendix-c-lower-bound"}, func() ([]bool, Verdict, *Outcome) {
			res, err := AppendixCConfig{}.At(Smoke).Run(context.Background(), nil)
			f, out := findingsOf[*AppendixCFindings](t, res, err)
			return []bool{f.Holds}, f.Verdict, out
		}},
		{"multi-level", []string{"multi-level-bound", "multi-level-benefit"}, func() ([]bool, Verdict, *Outcome) {
			res, err := MultiLevelConfig{}.At(Smoke).Run(context.Background(), nil)
			f, out := findingsOf[*MultiLevelFindings](t, res, err)
			return []bool{f.Bound == Reproduced, f.Benefit == Reproduced}, f.Verdict, out
		}},
		{"two-level-k", []string{"two-level-k-top", "two-level-k-low", "two-level-k-sqrt-m"}, func() ([]bool, Verdict, *Outcome) {
			res, err := TwoLevelKConfig{}.At(Smoke).Run(context.Background(), nil)
			f, out := findingsOf[*TwoLevelKFindings](t, res, err)
			return []bool{f.TopPart == Reproduced, f.LowPart == Reproduced, f.RootPart == Reproduced}, f.Verdict, out
		}},
		{"sgd-internally", []string{"sgd-internally-trade-off", "sgd-internally-combination"}, func() ([]bool, Verdict, *Outcome) {
			res, err := SGDInternallyConfig{}.At(Smoke).Run(context.Background(), nil)
			f, out := findingsOf[*SGDInternallyFindings](t, res, err)
			return []bool{f.TradeOff == Reproduced, f.Combination == Reproduced}, f.Verdict, out
		}},
		{"two-level-figure", []string{"two-level-figure-below", "two-level-figure-falls"}, func() ([]bool, Verdict, *Outcome) {
			res, err := TwoLevelConfig{}.At(Smoke).Run(context.Background(), nil)
			f, out := findingsOf[*TwoLevelFindings](t, res, err)
			return []bool{f.Below == Reproduced, f.Falls == Reproduced}, f.Verdict, out
		}},
	} {
		parts, v, out := test.parts()
		if out.Verdict != v {
			t.Errorf("%s: outcome %v, findings %v", test.id, out.Verdict, v)
		}
		ch := checksOf(out)
		for i, name := range test.names {
			if ok, seen := ch[name]; !seen || ok != parts[i] {
				t.Errorf("%s: check %s made %v, holds %v; want %v", test.id, name, seen, ok, parts[i])
			}
		}
	}
}

// findingsOutcome is a claim's result: its Findings decide, its Outcome
// renders.
type findingsOutcome[F any] interface {
	Findings() (F, error)
	Outcome() (*Outcome, error)
}

// findingsOf returns the Findings and the Outcome of res, a result that
// err (from its run) says was made, failing t on any error.
func findingsOf[F any, R findingsOutcome[F]](t *testing.T, res R, err error) (F, *Outcome) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	out, err := res.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	return f, out
}
