// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestDiscrepancy(t *testing.T) {
	// Hand-computed prefix sums of the centred rows.
	for _, test := range []struct {
		rows     []float64 // one column
		d        int
		r        []int
		phi2     []float64
		inf      []float64
		sig, max float64
	}{
		// Rows 1, -1, 3, -3 (mean 0) in order: prefix sums 1, 0, 3, 0.
		{rows: []float64{1, -1, 3, -3}, d: 1, r: []int{0, 1, 2, 3}, phi2: []float64{1, 0, 9, 0}, inf: []float64{1, 0, 3, 0}, sig: 9, max: 3},
		// Mean 1: centred 0, -2, 2, 0; order 2, 1: sums 2, 0.
		{rows: []float64{1, -1, 3, 1}, d: 1, r: []int{2, 1}, phi2: []float64{4, 0}, inf: []float64{2, 0}, sig: 4, max: 2},
		// Two columns (rows (1,2), (-1,-2)), a repeat: sums (1,2), (2,4).
		{rows: []float64{1, 2, -1, -2}, d: 2, r: []int{0, 0}, phi2: []float64{5, 20}, inf: []float64{2, 4}, sig: 20, max: 4},
	} {
		g := mat.NewDense(len(test.rows)/test.d, test.d, test.rows)
		h, err := Discrepancy(g, test.r)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(h.Phi2, test.phi2) || !slices.Equal(h.Inf, test.inf) || h.SigmaStar2 != test.sig || h.MaxInf != test.max {
			t.Errorf("rows %v, order %v: report %+v, want φ² %v, ∞ %v, σ*² %v, max ∞ %v",
				test.rows, test.r, h, test.phi2, test.inf, test.sig, test.max)
		}
	}
}

// TestDiscrepancyIsPhi2 checks that the 2-norm curve is Phi2's bit for
// bit, and σ*² is SigmaStar2 of it, on a random matrix and order.
func TestDiscrepancyIsPhi2(t *testing.T) {
	g := lowRank(20, 6, 2, 0.3, 5)
	r := rand.New(rand.NewPCG(1, 1)).Perm(20)
	h, err := Discrepancy(g, r)
	if err != nil {
		t.Fatal(err)
	}
	phi, _ := Phi2(nil, g, r)
	if !slices.Equal(phi, h.Phi2) {
		t.Errorf("φ² %v, Phi2 %v", h.Phi2, phi)
	}
	if s := SigmaStar2(phi, 0, 0); s != h.SigmaStar2 {
		t.Errorf("σ*² %v, SigmaStar2 %v", h.SigmaStar2, s)
	}
	for k, v := range h.Inf {
		// ‖S‖_∞ ≤ ‖S‖_2 ≤ sqrt(d) ‖S‖_∞.
		if v*v > h.Phi2[k]*(1+1e-12) || h.Phi2[k] > 6*v*v*(1+1e-12) {
			t.Errorf("k = %d: ‖S‖_∞ = %v and ‖S‖² = %v violate the norm inequalities", k+1, v, h.Phi2[k])
		}
	}
	for _, test := range []struct {
		r    []int
		want error
	}{{nil, ErrEmpty}, {[]int{20}, ErrIndex}, {[]int{0, -1}, ErrIndex}} {
		if _, err := Discrepancy(g, test.r); !errors.Is(err, test.want) {
			t.Errorf("order %v: error %v, want %v", test.r, err, test.want)
		}
	}
}

// ExampleDiscrepancy compares the sorted and the alternating order of the
// 1-D example of Section 4.1 with n = 8 and σ = 1 (gradients ±1 about the
// mean): σ*² is n²/4 = 16 and σ² = 1.
func ExampleDiscrepancy() {
	g := mat.NewDense(8, 1, []float64{1, 1, 1, 1, -1, -1, -1, -1})
	for _, r := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {0, 4, 1, 5, 2, 6, 3, 7}} {
		h, err := Discrepancy(g, r)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("order %v: σ*² %.4g, max ∞-norm %.4g\n", r, h.SigmaStar2, h.MaxInf)
	}
	// Output:
	// order [0 1 2 3 4 5 6 7]: σ*² 16, max ∞-norm 4
	// order [0 4 1 5 2 6 3 7]: σ*² 1, max ∞-norm 1
}
