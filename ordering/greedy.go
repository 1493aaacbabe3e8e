// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Greedy is the greedy order chooser of Algorithm 2. At the start of an
// epoch it queries the oracle for every component gradient g_i at x_t,
// centres them, u_i = g_i - ḡ, and builds the order one entry at a time,
//
//	r_k = argmin_{i not yet chosen} ‖u_i + c‖²,  c = Σ_{l<k} u_{r_l},
//
// which greedily keeps every prefix sum φ_{r,k}(x_t) small. With Every = k
// > 1 it recomputes the order only every k epochs and reuses it in between,
// the paper's "slow update".
//
// The cost of a recomputation is N oracle queries, O(N d) memory for the
// gradients (centred in place) and O(N²) for their Gram matrix, O(N² d) time in one BLAS
// matrix product and O(N²) time for the selection (see GreedyOrder).
type Greedy struct {
	// Every is the number of epochs an order is kept. Default 1.
	Every int

	grads *mat.Dense
	order []int
	sel   greedySelector
}

var _ Orderer = (*Greedy)(nil)

// Order implements Orderer. It returns an error if an oracle gradient is
// not finite, or if Every is negative.
func (g *Greedy) Order(dst []int, e Epoch) ([]int, error) {
	every := g.Every
	if every == 0 {
		every = 1
	}
	if every < 0 {
		return dst, fmt.Errorf("ordering: %w: greedy Every = %d, want >= 1", ErrSetting, g.Every)
	}
	if e.Oracle == nil {
		panic("ordering: greedy order without an oracle")
	}
	p := e.Oracle.Problem()
	n, d := p.Len(), p.Dim()
	if g.order == nil || len(g.order) != n || e.T%every == 0 {
		if g.grads == nil {
			g.grads = mat.NewDense(n, d, nil)
		} else if r, c := g.grads.Dims(); r != n || c != d {
			g.grads = mat.NewDense(n, d, nil)
		}
		raw := g.grads.RawMatrix()
		for i := 0; i < n; i++ {
			row := raw.Data[i*raw.Stride : i*raw.Stride+d]
			e.Oracle.Grad(row, i, e.X)
			if !isFinite(row) {
				return dst, fmt.Errorf("ordering: %w: gradient of component %d at epoch %d", ErrNaN, i, e.T)
			}
		}
		// The gradients are recomputed before every use, so they can be
		// centred in place.
		g.order = g.sel.order(g.order, g.grads, true)
	}
	return append(dst[:0], g.order...), nil
}

// GreedyOrder returns in dst the order Algorithm 2 chooses for the
// component gradients in the rows of grads, without modifying grads: with
// u_i the centred rows and c the sum of the u's chosen so far, the next
// entry minimises
//
//	‖u_i + c‖² = ‖u_i‖² + 2<u_i, c> + ‖c‖²
//
// over the rows not yet chosen; ties go to the smallest index. The inner
// products come from one Gram matrix U Uᵀ computed with a BLAS matrix
// product, and <u_i, c> is updated in O(N) per step, so the time is that
// of the product plus O(N²), not the O(N² d) of separate norms.
func GreedyOrder(dst []int, grads *mat.Dense) []int {
	var s greedySelector
	return s.order(dst, grads, false)
}

// greedySelector holds the buffers of GreedyOrder between calls.
type greedySelector struct {
	u, gram mat.Dense
	mean    []float64
	dots    []float64
	used    []bool
}

// order returns Algorithm 2's order for the rows of grads. If own is set,
// grads is the caller's scratch and is centred in place, saving a copy.
func (s *greedySelector) order(dst []int, grads *mat.Dense, own bool) []int {
	n, d := grads.Dims()
	dst = dst[:0]
	if n == 0 {
		return dst
	}
	// Centre the gradients (a copy, unless the caller hands them over):
	// more accurate than centring the Gram matrix algebraically when ‖ḡ‖
	// is large against the spread.
	u := grads
	if !own {
		if r, c := s.u.Dims(); r != n || c != d {
			s.u.Reset()
			s.u.ReuseAs(n, d)
		}
		s.u.Copy(grads)
		u = &s.u
	}
	s.mean = append(s.mean[:0], make([]float64, d)...)
	raw := u.RawMatrix()
	for i := 0; i < n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+d]
		for j, v := range row {
			s.mean[j] += v
		}
	}
	inv := 1 / float64(n)
	for j := range s.mean {
		s.mean[j] *= inv
	}
	for i := 0; i < n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+d]
		for j := range row {
			row[j] -= s.mean[j]
		}
	}
	if r, _ := s.gram.Dims(); r != n {
		s.gram.Reset()
		s.gram.ReuseAs(n, n)
	}
	g := s.gram.RawMatrix()
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, raw, raw, 0, g)

	// dots[i] = ‖u_i‖² + 2<u_i, c>; ‖c‖² is the same for every candidate.
	s.dots = append(s.dots[:0], make([]float64, n)...)
	s.used = append(s.used[:0], make([]bool, n)...)
	for i := 0; i < n; i++ {
		s.dots[i] = g.Data[i*g.Stride+i]
	}
	for k := 0; k < n; k++ {
		best := -1
		for i, used := range s.used {
			if !used && (best < 0 || s.dots[i] < s.dots[best]) {
				best = i
			}
		}
		s.used[best] = true
		dst = append(dst, best)
		row := g.Data[best*g.Stride : best*g.Stride+n]
		for i, v := range row {
			s.dots[i] += 2 * v
		}
	}
	return dst
}
