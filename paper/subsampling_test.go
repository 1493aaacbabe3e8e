// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"slices"
	"testing"

	"github.com/goodorder/goodorder/ordering"
)

func TestSubsamplingSmoke(t *testing.T) {
	// Every check is exact algebra (bias ≤ M‖∇f‖² for σ² = 0, the stall
	// at the kept components' minimiser), so each holds at the smoke scale.
	claimSmokeHolds(t, subsamplingID, []Verdict{Reproduced}, "subsampling-random-half", "subsampling-multiset", "subsampling-RR", "subsampling-drop-a-class")
}

func TestSubsequence(t *testing.T) {
	const n = 12
	drop := make([]bool, n)
	drop[3], drop[7] = true, true
	for _, test := range []struct {
		drop []bool
		k    int
		want int
	}{
		{nil, 5, 5},
		{drop, 0, n - 2},
		{drop, 4, 4},
	} {
		rr, err := ordering.NewRR(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := &subsequence{o: rr, drop: test.drop, k: test.k}
		for e := range 3 {
			r, err := s.Order(nil, ordering.Epoch{T: e})
			if err != nil {
				t.Fatal(err)
			}
			if len(r) != test.want {
				t.Fatalf("length %d, want %d", len(r), test.want)
			}
			sorted := slices.Sorted(slices.Values(r))
			if len(slices.Compact(sorted)) != len(r) {
				t.Errorf("repeated entries in %v", r)
			}
			for _, i := range r {
				if i < 0 || i >= n || (test.drop != nil && test.drop[i]) {
					t.Errorf("entry %d in %v", i, r)
				}
			}
		}
	}
}

func TestSubsamplingRejectMalformed(t *testing.T) {
	good, err := SubsamplingConfig{N: 8, Epochs: 20, Runs: 1}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rejectsMalformed(t, good, (*SubsamplingResult).Outcome, map[string]func(r *SubsamplingResult){
		"no orders":   func(r *SubsamplingResult) { r.Orders = nil },
		"no runs":     func(r *SubsamplingResult) { r.Orders[1].Runs = nil },
		"short run":   func(r *SubsamplingResult) { r.Orders[0].Runs[0].GradNorm2 = r.Orders[0].Runs[0].GradNorm2[:3] },
		"no biased":   func(r *SubsamplingResult) { r.Orders[3].Name = "other" },
		"short ratio": func(r *SubsamplingResult) { r.Orders[2].Runs[0].BiasRatio = nil },
	})
	for _, c := range []SubsamplingConfig{{N: 6}, {M: 0.3}, {Sigma2: -1}, {Fraction: 1}, {Epochs: -1}} {
		if _, err := c.At(Default).Run(context.Background(), nil); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}
