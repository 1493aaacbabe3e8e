// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"slices"
	"testing"
)

func TestTwoLevelKSmoke(t *testing.T) {
	// At σ_top/σ_low = 100 two-level 1-shuffling needs about half of
	// standard shuffling's steps even with m = 4 and 4 runs, far beyond
	// the noise of the smoke scale.
	out := claimSmokeHolds(t, twoLevelKID, []Verdict{Reproduced, PartlyReproduced}, "two-level-k-top")
	if len(out.Figures) != 3 {
		t.Errorf("figures %q, want the steps, theory and switches heatmaps", out.Figures)
	}
}

func TestTwoLevelKDefaults(t *testing.T) {
	for _, test := range []struct {
		m    int
		want []int
	}{
		{4, []int{1, 2, 3, 4}},
		{16, []int{1, 2, 3, 4, 8, 16}},
		{36, []int{1, 2, 5, 6, 18, 36}},
		{64, []int{1, 2, 3, 8, 32, 64}},
	} {
		if got := twoLevelKDefaultKs(test.m); !slices.Equal(got, test.want) {
			t.Errorf("m = %d: Ks %v, want %v", test.m, got, test.want)
		}
	}
	for n, want := range map[int]int{0: 0, 1: 1, 3: 1, 4: 2, 15: 3, 16: 4, 17: 4, 1 << 40: 1 << 20} {
		if got := isqrt(n); got != want {
			t.Errorf("isqrt(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestTwoLevelKSwitches(t *testing.T) {
	// A K-shuffling selects N·m/K top-level blocks an epoch; the blocks of
	// one round differ, so an epoch has at most N·m/K switches and at
	// least m/K fewer (each round's first block may continue the last
	// block before it, in the previous round or epoch).
	c := TwoLevelKConfig{M: 16, Ratios: []float64{0.1, 1, 10}, Ks: []int{1, 4, 16}, Runs: 3, Steps: twoLevelSteps(1)}.At(Default)
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	c = res.Config
	for _, cell := range res.Cells {
		if cell.Epochs <= 0 {
			t.Fatalf("%g, %s: %d epochs", cell.Ratio, cell.Method, cell.Epochs)
		}
		per := cell.Switches / float64(cell.Epochs)
		lo, hi := 1.0, float64(c.N*c.M)
		if cell.K > 0 {
			blocks := float64(c.N * c.M / cell.K)
			lo, hi = blocks-float64(c.M/cell.K), blocks
		}
		if per < lo-1e-9 || per > hi+1e-9 {
			t.Errorf("%g, %s: %.3g switches per epoch, want in [%g, %g]", cell.Ratio, cell.Method, per, lo, hi)
		}
	}
}

func TestTwoLevelKRejectMalformed(t *testing.T) {
	good, err := TwoLevelKConfig{M: 4, Ratios: []float64{0.1, 1, 10}, Runs: 2, Steps: twoLevelSteps(1)}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rejectsMalformed(t, good, (*TwoLevelKResult).Outcome, map[string]func(r *TwoLevelKResult){
		"no cells":       func(r *TwoLevelKResult) { r.Cells = nil },
		"short cells":    func(r *TwoLevelKResult) { r.Cells = r.Cells[1:] },
		"no standard":    func(r *TwoLevelKResult) { r.Methods[0] = "other" },
		"renamed K":      func(r *TwoLevelKResult) { r.Cells[2].Method = "K = 7" },
		"step too large": func(r *TwoLevelKResult) { r.Cells[1].Step = len(r.Config.Steps) },
		"no ratios":      func(r *TwoLevelKResult) { r.Config.Ratios = nil },
	})
	for _, c := range []TwoLevelKConfig{
		{N: 3}, {M: 8}, {M: 9}, {SigmaFull: -1}, {Ratios: []float64{0.1, 10}}, {Ratios: []float64{1, 10}},
		{Ratios: []float64{0, 1, 2}}, {Ks: []int{1, 2, 16}}, {Ks: []int{1, 4, 16, 17}}, {Steps: []float64{0}},
		{Runs: -1}, {Target: 100}, {X0: -0.01},
	} {
		if _, err := c.At(Default).Run(context.Background(), nil); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}
