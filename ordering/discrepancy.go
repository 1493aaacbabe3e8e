// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// DiscrepancyReport is the herding (discrepancy) report of an order r of a
// gradient matrix with centred rows u_i = g_i - ḡ: the prefix sums
//
//	S_k = Σ_{l ≤ k} u_{r_l},  k = 1..n,
//
// measured in the 2-norm (the φ_{r,k} of Assumption 4) and in the
// ∞-norm (the herding discrepancy of Lu et al.'s GraB analysis).
type DiscrepancyReport struct {
	// Phi2[k-1] is ‖S_k‖², φ²_{r,k}, as Phi2 returns it.
	Phi2 []float64
	// Inf[k-1] is ‖S_k‖_∞.
	Inf []float64
	// SigmaStar2 is max_k ‖S_k‖², σ*² with M* = 0 (SigmaStar2 of Phi2).
	SigmaStar2 float64
	// MaxInf is max_k ‖S_k‖_∞.
	MaxInf float64
}

// Discrepancy returns the herding report of the order r of the rows of
// grads (any sequence of row indices: repeats and omissions are measured
// as given). Its Phi2 curve is Phi2's, bit for bit: both are views of one
// prefix-sum kernel. It returns an error if grads is nil, or if r is empty
// or holds an index outside the rows.
func Discrepancy(grads *mat.Dense, r []int) (DiscrepancyReport, error) {
	if err := checkGrads(grads); err != nil {
		return DiscrepancyReport{}, err
	}
	if len(r) == 0 {
		return DiscrepancyReport{}, fmt.Errorf("ordering: %w: discrepancy of an empty order", ErrEmpty)
	}
	if err := checkRows(grads, r); err != nil {
		return DiscrepancyReport{}, err
	}
	h := DiscrepancyReport{Phi2: make([]float64, len(r)), Inf: make([]float64, len(r))}
	prefixSums(h.Phi2, h.Inf, grads, r)
	for _, v := range h.Inf {
		h.MaxInf = math.Max(h.MaxInf, v)
	}
	h.SigmaStar2 = SigmaStar2(h.Phi2, 0, 0)
	return h, nil
}
