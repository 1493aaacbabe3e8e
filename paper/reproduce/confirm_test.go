// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper"
)

// TestPlanRuns checks the registered runs: the scale's where every part is
// settled, the power analysis's need where it is more, and the scale's,
// said so, where a part's intervals count other units than the runs.
func TestPlanRuns(t *testing.T) {
	part := func(settled bool, need, n int) paper.PartPower {
		return paper.PartPower{Name: "p", Settled: settled, Need: need, Quantities: []paper.PowerNeed{{N: n, Need: need}}}
	}
	for _, tc := range []struct {
		name string
		cp   paper.ClaimPower
		want int
		says string
	}{
		{"settled", paper.ClaimPower{Parts: []paper.PartPower{part(true, 0, 3)}}, 3, "Every part settled"},
		{"settled, exact", paper.ClaimPower{Parts: []paper.PartPower{part(true, 2, 3)}}, 3, "The scale's 3 runs give every part"},
		// A part settled at every seed may still need more runs for its
		// share of the claim's power.
		{"settled, needs more", paper.ClaimPower{Parts: []paper.PartPower{part(true, 7, 3)}}, 7, "7 runs per cell (the scale has 3), set by p"},
		{"needs more", paper.ClaimPower{Parts: []paper.PartPower{part(false, 9, 3)}}, 9, "9 runs per cell"},
		{"needs fewer", paper.ClaimPower{Parts: []paper.PartPower{part(false, 2, 3)}}, 3, "Unsettled or flipping on the exploratory seeds: p"},
		{"other units", paper.ClaimPower{Parts: []paper.PartPower{part(false, 171, 16)}}, 3, "count other units"},
		{"other units, settled", paper.ClaimPower{Parts: []paper.PartPower{part(true, 171, 16)}}, 3, "Every part settled"},
		{"no plan", paper.ClaimPower{Parts: []paper.PartPower{part(false, 0, 3)}}, 3 * maxRunsFactor, "No run count computable for p"},
	} {
		got, why := planRuns(tc.cp, 3)
		if got != tc.want || !strings.Contains(why, tc.says) {
			t.Errorf("%s: %d runs (%s), want %d saying %q", tc.name, got, why, tc.want, tc.says)
		}
	}
}

// TestFitBudget checks that needs over the budget are scaled down to fit
// it, never below a claim's scale runs, and said so.
func TestFitBudget(t *testing.T) {
	budget := confirmBudget[paper.Default]
	plans := []*plannedClaim{
		{id: "a", scale: paper.Default, runs: 3, need: 30, perRun: budget / 20},
		{id: "b", scale: paper.Default, runs: 5, need: 5, perRun: 1},
	}
	fitBudget(plans)
	a, b := plans[0], plans[1]
	if b.registeredAt != 5 {
		t.Errorf("settled claim registered at %d, want its 5", b.registeredAt)
	}
	if cost := a.perRun*float64(a.registeredAt) + b.perRun*float64(b.registeredAt); cost > budget || a.registeredAt < 3 || a.registeredAt >= 30 {
		t.Errorf("over budget: %d runs, cost %.0f s against %.0f", a.registeredAt, cost, budget)
	}
	if !strings.Contains(a.why, "budget allows") {
		t.Errorf("the cut is not said: %q", a.why)
	}
}

// TestFitBudgetSettleFirst checks that a claim whose whole need fits
// beside the others gets it, while one whose need the budget cannot meet
// keeps its scale's runs and takes what is left.
func TestFitBudgetSettleFirst(t *testing.T) {
	budget := confirmBudget[paper.Paper]
	per := budget / 20
	plans := []*plannedClaim{
		{id: "far", scale: paper.Paper, runs: 3, need: 40, perRun: per},
		{id: "near", scale: paper.Paper, runs: 5, need: 9, perRun: per},
	}
	fitBudget(plans)
	far, near := plans[0], plans[1]
	if near.registeredAt != 9 {
		t.Errorf("the claim whose need fits: registered %d, want its need 9", near.registeredAt)
	}
	// 20 runs' worth: 8 at the scales' runs, 4 more to settle near,
	// and the 8 left to far.
	if cost := per * float64(far.registeredAt+near.registeredAt); cost > budget || far.registeredAt != 11 {
		t.Errorf("the far claim: registered %d (cost %.0f s against %.0f), want 11 (what is left)", far.registeredAt, cost, budget)
	}
	if !strings.Contains(far.why, "budget allows") || strings.Contains(near.why, "budget allows") {
		t.Errorf("the cut is said of the wrong claim: far %q, near %q", far.why, near.why)
	}
}

// TestFitBudgetOver checks that a scale whose own runs cost more than its
// budget registers them, no fewer, and says it is over.
func TestFitBudgetOver(t *testing.T) {
	budget := confirmBudget[paper.Paper]
	plans := []*plannedClaim{{id: "a", scale: paper.Paper, runs: 3, need: 160, perRun: budget / 2}}
	words := fitBudget(plans)
	if plans[0].registeredAt != 3 || !strings.Contains(words, "over it") || !strings.Contains(plans[0].why, "over its budget with every claim at the scale's own runs") {
		t.Errorf("registered %d (%s; %s), want the scale's 3 and the overrun said", plans[0].registeredAt, words, plans[0].why)
	}
	if !strings.Contains(plans[0].why, "capped at 20 times the scale's runs, 60") {
		t.Errorf("the need's cap is not said: %s", plans[0].why)
	}
}

// TestPowerWordsHalfWidth checks that a part the registered runs are
// unlikely to settle gets its expected half-width, and one they settle
// does not.
func TestPowerWordsHalfWidth(t *testing.T) {
	q := func(eff float64) paper.PowerNeed {
		return paper.PowerNeed{Label: "standard", N: 3, Seeds: 1, Effect: paper.Float(eff), SD: 1.3, Alpha: 0.025, Equivalence: true}
	}
	cp := paper.ClaimPower{Parts: []paper.PartPower{
		{Name: "tie", All: true, Quantities: []paper.PowerNeed{q(0.1)}},
		{Name: "gain", All: true, Quantities: []paper.PowerNeed{{N: 3, Seeds: 1, Effect: 3, SD: 1, Alpha: 0.025}}},
	}}
	got := powerWords(cp, 7, 3)
	want := fmt.Sprintf("tie (standard) ±%.2g", 2.4469*1.3/math.Sqrt(7))
	if !strings.Contains(got, want) || strings.Contains(got, "gain (") {
		t.Errorf("power words %q: want the tie's half-width %q, not the gain's", got, want)
	}
	if got := powerWords(paper.ClaimPower{Parts: cp.Parts[1:]}, 7, 3); strings.Contains(got, "half-width") {
		t.Errorf("a part settled at even odds or better gets a half-width: %q", got)
	}
}

// TestConfirmOutOfPass checks that a registered claim the pass leaves out
// (outOfPass) is not run unless -only names it, and says why.
func TestConfirmOutOfPass(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "PREREGISTRATION.md")
	var b bytes.Buffer
	r := paper.Registered{ID: "order-matters", Scale: paper.Paper, Runs: 5, Seed: paper.ConfirmSeed, Code: "changed"}
	if err := paper.WriteRegistration(&b, []paper.Registered{r}, nil, "Budget: none."); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(reg, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-confirm", "-scale", "paper", "-registration", reg, "-figures", dir, "-report", filepath.Join(dir, "REPORT.md"), "-cache", filepath.Join(dir, "cache")}
	var out, errOut strings.Builder
	if code := run(context.Background(), args, &out, &errOut); code != 2 || !strings.Contains(out.String(), "order-matters: not run: its points are a tuned study") {
		t.Errorf("without -only: exit %d, stdout %q, stderr %q; want 2 and order-matters not run, with why", code, out.String(), errOut.String())
	}
	// Named, it is run: here its registered hash is not the code's, so
	// the pass refuses it before any run.
	out.Reset()
	errOut.Reset()
	if code := run(context.Background(), append(args, "-only", "order-matters"), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "changed since the registration") {
		t.Errorf("with -only order-matters: exit %d, stdout %q, stderr %q; want 1, refused as changed", code, out.String(), errOut.String())
	}
}
