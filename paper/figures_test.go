// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"testing"

	"github.com/goodorder/goodorder/paper/chart"
)

// TestChartsPassCheck runs every claim that runs at the smoke scale and
// checks each of its charts with chart.Check (plot share, distinct series,
// data span, no point on the frame, no title over an axis's label, every
// series visibly drawn, the spread of several runs shown or NoSpread
// saying why, no text clipped or over another, no markup, one look per
// name across panels); TestCheck and TestCheckRules in package chart show
// that Check fails charts that break each rule. Each Run also fails an
// outcome whose verdict is not its rule's judgement (judgedRuns).
func TestChartsPassCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every claim at the smoke scale")
	}
	for _, c := range Claims() {
		env := &Env{Seed: 1, FigDir: t.TempDir()}
		if why := c.Skipped(Smoke, env); why != "" {
			t.Logf("%s skipped: %s", c.ID, why)
			continue
		}
		out, err := c.Run(context.Background(), Smoke, env)
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		for _, f := range out.Charts {
			if err := chart.Check(f.Chart); err != nil {
				t.Errorf("%s: %s: %v", c.ID, f.Base, err)
			}
		}
	}
}

// TestCheckJudged checks that CheckJudged fails an outcome whose verdict
// is another judgement's than its claim's rule's.
func TestCheckJudged(t *testing.T) {
	rule := &Rule{Claim: "c", Parts: []RulePart{{Name: "trade-off"}}}
	beside := &Rule{Claim: "c", Parts: []RulePart{{Name: "combination"}}}
	c := Claim{ID: "c", Rule: rule}
	judge := func(r *Rule, v Verdict) Judgement {
		return Judgement{Verdict: v, Parts: []PartJudgement{{Part: r.Parts[0], Verdict: v}}}
	}
	var good Outcome
	good.judged(beside, judge(beside, Reproduced))
	good.judged(rule, judge(rule, Inconclusive))
	if err := c.CheckJudged(&good); err != nil {
		t.Errorf("the rule's judgement last: %v", err)
	}
	var swapped Outcome
	swapped.judged(rule, judge(rule, Inconclusive))
	swapped.judged(beside, judge(beside, Reproduced))
	if err := c.CheckJudged(&swapped); !errors.Is(err, ErrJudged) {
		t.Errorf("another judgement last: %v, want ErrJudged", err)
	}
	edited := good
	edited.Verdict = Reproduced
	if err := c.CheckJudged(&edited); !errors.Is(err, ErrJudged) {
		t.Errorf("a verdict set after the judgement: %v, want ErrJudged", err)
	}
	if err := c.CheckJudged(&Outcome{Verdict: Reproduced}); !errors.Is(err, ErrJudged) {
		t.Errorf("no judgement: %v, want ErrJudged", err)
	}
	// A registered claim's Run checks its outcome; a probe's nil outcome
	// passes through.
	runs := func(out *Outcome) Claim {
		c.Run = func(context.Context, Scale, *Env) (*Outcome, error) { return out, nil }
		return judgedRuns([]Claim{c})[0]
	}
	if _, err := runs(&swapped).Run(context.Background(), Smoke, nil); !errors.Is(err, ErrJudged) {
		t.Errorf("Run of another judgement last: %v, want ErrJudged", err)
	}
	if out, err := runs(&good).Run(context.Background(), Smoke, nil); err != nil || out != &good {
		t.Errorf("Run of the rule's judgement: %v, %v, want the outcome", out, err)
	}
	if out, err := runs(nil).Run(context.Background(), Smoke, nil); err != nil || out != nil {
		t.Errorf("Run of a probe: %v, %v, want nil, nil", out, err)
	}
}
