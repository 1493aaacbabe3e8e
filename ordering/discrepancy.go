// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Herding is the discrepancy report of an order r of a gradient matrix
// with centred rows u_i = g_i - ḡ: the prefix sums
//
//	S_k = Σ_{l ≤ k} u_{r_l},  k = 1..n,
//
// measured in the 2-norm (the φ_{r,k} of Assumption 4) and in the
// ∞-norm (the herding discrepancy of Lu et al.'s GraB analysis).
type Herding struct {
	// Phi2[k-1] is ‖S_k‖², φ²_{r,k}.
	Phi2 []float64
	// Inf[k-1] is ‖S_k‖_∞.
	Inf []float64
	// SigmaStar2 is max_k ‖S_k‖², σ*² with M* = 0.
	SigmaStar2 float64
	// MaxInf is max_k ‖S_k‖_∞.
	MaxInf float64
}

// Discrepancy returns the herding report of the order r of the rows of
// grads (any sequence of row indices: repeats and omissions are measured
// as given). It returns an error if r is empty or holds an index outside
// the rows.
func Discrepancy(grads *mat.Dense, r []int) (*Herding, error) {
	n, d := grads.Dims()
	if len(r) == 0 {
		return nil, fmt.Errorf("ordering: %w: discrepancy of an empty order", ErrEmpty)
	}
	for k, i := range r {
		if i < 0 || i >= n {
			return nil, fmt.Errorf("ordering: %w: position %d holds %d, want [0, %d)", ErrIndex, k, i, n)
		}
	}
	mean := rowMean(nil, grads)
	raw := grads.RawMatrix()
	s := make([]float64, d)
	h := &Herding{Phi2: make([]float64, len(r)), Inf: make([]float64, len(r))}
	for k, i := range r {
		row := raw.Data[i*raw.Stride : i*raw.Stride+d]
		var n2, inf float64
		for j, v := range row {
			s[j] += v - mean[j]
			n2 += s[j] * s[j]
			inf = math.Max(inf, math.Abs(s[j]))
		}
		h.Phi2[k], h.Inf[k] = n2, inf
		h.SigmaStar2 = math.Max(h.SigmaStar2, n2)
		h.MaxInf = math.Max(h.MaxInf, inf)
	}
	return h, nil
}
