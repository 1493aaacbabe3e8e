// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
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
		{"needs more", paper.ClaimPower{Parts: []paper.PartPower{part(false, 9, 3)}}, 9, "needs 9 runs per cell"},
		{"needs fewer", paper.ClaimPower{Parts: []paper.PartPower{part(false, 2, 3)}}, 3, "needs 3 runs per cell"},
		{"other units", paper.ClaimPower{Parts: []paper.PartPower{part(false, 171, 16)}}, 3, "count other units"},
		{"no plan", paper.ClaimPower{Parts: []paper.PartPower{part(false, 0, 3)}}, 3 * maxRunsFactor, "no run count computable"},
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
