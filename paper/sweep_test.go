// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"reflect"
	"testing"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

func TestSweep(t *testing.T) {
	p, err := problems.NewTwoLevel(problems.TwoLevelConfig{M: 4, SigmaTop: 1, SigmaLow: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Step 0.6 diverges (above 2/L ≈ 0.46); the others converge.
	steps := []float64{0.6, 0.2, 0.05, 0.001}
	arms := func() []sweepArm {
		var a []sweepArm
		for i, g := range steps {
			a = append(a, sweepArm{step: constantStep(g), orderer: func(run int) (ordering.Orderer, error) {
				return ordering.NewKShuffle(2, 4, 1, mixSeed(7, uint64(i), uint64(run)))
			}})
		}
		return a
	}
	s := sweepSettings{X0: 1, Runs: 3, Epochs: 400, Target2: 0.01}
	one, err := sweep(context.Background(), p, arms(), s, 1)
	if err != nil {
		t.Fatal(err)
	}
	three, err := sweep(context.Background(), p, arms(), s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Error("the curves depend on the number of workers")
	}
	// Every arm but the diverged one stops at the first epoch at which one
	// of them is below the target.
	end := len(one[1].X2) - 1
	if !one[0].Diverged || len(one[0].X2)-1 >= end {
		t.Errorf("step %g: diverged %v after %d epochs", steps[0], one[0].Diverged, len(one[0].X2)-1)
	}
	reached := false
	for i, c := range one[1:] {
		if len(c.X2) != end+1 || len(c.Avg) != end+1 || len(c.AvgSE) != end+1 || len(c.Switches) != end+1 || c.Diverged {
			t.Errorf("step %g: %d epochs (diverged %v), want all stopped at %d", steps[i+1], len(c.X2)-1, c.Diverged, end)
			continue
		}
		for k, x2 := range c.X2[:end] {
			if x2 < s.Target2 {
				t.Errorf("step %g: below the target at epoch %d, before the stop at %d", steps[i+1], k, end)
			}
		}
		reached = reached || c.X2[end] < s.Target2
	}
	if !reached || end == s.Epochs {
		t.Errorf("stopped after %d epochs, none below the target: %v", end, reached)
	}
	for i := range one {
		if one[i].X2[0] != 20 || one[i].Switches[0] != 0 || one[i].Switches[1] < 1 {
			t.Errorf("step %g: starts at ‖x₀‖² = %v with %v and %v switches, want 20, 0 and >= 1", steps[i], one[i].X2[0], one[i].Switches[0], one[i].Switches[1])
		}
	}
	// Without a target every arm that does not diverge runs every epoch.
	s.Target2 = 0
	all, err := sweep(context.Background(), p, arms()[1:], s, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range all {
		if len(c.X2) != s.Epochs+1 {
			t.Errorf("no target, step %g: %d epochs, want %d", steps[i+1], len(c.X2)-1, s.Epochs)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sweep(ctx, p, arms(), s, 2); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}
