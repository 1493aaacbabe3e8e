// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper"
)

func TestRuleLines(t *testing.T) {
	protocol := []string{
		"problems.TwoLevel with N = 2.",
		"Verdict: reproduced iff x.",
		"Rule history: changed after the results were known.",
		"Thresholds: the verdict holds if y.",
		"Goal (ours): z.",
		"Steps: 0.5 of the limit.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5: the bound became a part.",
		"Verdict: met iff w. Changed before the confirmatory pass: the goal can fail.",
		"Changed after the confirmatory pass on base seed 1001 (reproduced there): the verdict's part became exact.",
		"Verdict rule: holds within ±0.5. This rule was changed twice on 2026-11-26, after the results were known.",
	}
	rule, history := ruleLines(protocol)
	if want := []string{protocol[1], protocol[3], protocol[4], protocol[7], protocol[9]}; !slices.Equal(rule, want) {
		t.Errorf("rule = %q, want %q", rule, want)
	}
	if want := []string{protocol[2], protocol[6], "Changed before the confirmatory pass: the goal can fail.", protocol[8], "This rule was changed twice on 2026-11-26, after the results were known."}; !slices.Equal(history, want) {
		t.Errorf("history = %q, want %q", history, want)
	}
}

// TestClaimLine checks that every claim prints its id, place and
// Statement, and a goal of ours says so.
func TestClaimLine(t *testing.T) {
	for _, c := range paper.Claims() {
		got := claimLine(c)
		if !strings.HasPrefix(got, "CLAIM "+c.ID+" (") || !strings.HasSuffix(got, c.Statement) || !strings.Contains(got, c.Where) {
			t.Errorf("claimLine(%s) = %q: want its id, place and statement", c.ID, got)
		}
		if c.Goal != strings.Contains(got, "a goal of ours") {
			t.Errorf("claimLine(%s) = %q: Goal is %v", c.ID, got, c.Goal)
		}
	}
}

// TestEveryClaimStatesARule checks that the rule Rule prints is there for
// every claim a notebook checks: its rule value's text, or for a claim
// without one, a rule entry of its outcome's protocol.
// It reads the committed results (figures/results), not a run.
func TestEveryClaimStatesARule(t *testing.T) {
	read := 0
	for _, id := range paper.IDs() {
		r, err := Saved(id)
		if err != nil || r == nil || r.Outcome == nil {
			continue
		}
		read++
		// A claim whose rule is a value prints its text (Rule.Text).
		if c, ok := paper.Lookup(id); ok && c.Rule != nil {
			if len(c.Rule.Text()) == 0 {
				t.Errorf("claim %s: its rule value has no text: Rule would print none", id)
			}
			continue
		}
		if rule, _ := ruleLines(r.Outcome.Protocol); len(rule) == 0 {
			t.Errorf("claim %s: no protocol entry states its rule (Verdict..., Goal... or naming the verdict): Rule would print none", id)
		}
	}
	if read == 0 {
		t.Fatal("no committed result read from figures/results")
	}
}

func TestSeedsLine(t *testing.T) {
	code, err := paper.JudgeCode("two-level-figure")
	if err != nil {
		t.Fatal(err)
	}
	r := &paper.Robustness{
		Scale: "default",
		Seeds: []uint64{1, 2},
		Claims: []paper.ClaimSeeds{
			{ID: "two-level-figure", Verdicts: []paper.Verdict{paper.Reproduced, paper.Inconclusive}, Code: code},
			{ID: "theorem-1", Verdicts: []paper.Verdict{paper.Reproduced, paper.Reproduced}, Code: "old"},
		},
		Costly: []paper.Row{{Quantity: "table-1", Ours: "too slow"}},
	}
	for _, test := range []struct {
		id    string
		quick bool
		want  string
	}{
		{"two-level-figure", false, "SEEDS two-level-figure: reproduced at seed 1, inconclusive at seed 2 (the report's robustness pass, default scale)"},
		// The quick scale tunes two-level-figure over fewer runs.
		{"two-level-figure", true, "SEEDS two-level-figure: reproduced at seed 1, inconclusive at seed 2 (the report's robustness pass, default scale; this notebook runs the quick scale, smaller than the pass's protocol for this claim, so its own verdict above is not one of these draws)"},
		{"theorem-1", true, "SEEDS theorem-1: reproduced at seed 1, reproduced at seed 2 (the report's robustness pass, default scale; judged by an earlier version of the claim's judging code (paper.JudgeCode differs))"},
		{"table-1", false, "SEEDS table-1: one seed only; the robustness pass leaves it out (too slow)"},
		{"remark-4", false, "SEEDS remark-4: one seed only; the robustness pass has no record of it"},
	} {
		if got := seedsLine(test.id, r, test.quick); got != test.want {
			t.Errorf("seedsLine(%s) = %q, want %q", test.id, got, test.want)
		}
	}
}

// TestQuickLine checks the line Claim prints under the statement at the
// quick scale: it names the fields the quick scale changes, as
// paper.QuickChanges finds them, and there is none for a claim the quick
// scale runs as the default scale does.
func TestQuickLine(t *testing.T) {
	ch := paper.QuickChanges("two-level-figure")
	if len(ch) != 1 || ch[0] != "TuneRuns 3 → 2" {
		t.Errorf("QuickChanges(two-level-figure) = %q, want [TuneRuns 3 → 2]", ch)
	}
	if got, want := quickLine("two-level-figure", ch), "QUICK two-level-figure: this notebook runs the quick scale, which differs from the protocol above in TuneRuns 3 → 2 (the default scale's, which the report's seeds and confirmatory passes run)"; got != want {
		t.Errorf("quickLine = %q, want %q", got, want)
	}
	if ch := paper.QuickChanges("theorem-1"); len(ch) != 0 || quickLine("theorem-1", ch) != "" {
		t.Errorf("theorem-1: changes %q, want none and no line", ch)
	}
}
