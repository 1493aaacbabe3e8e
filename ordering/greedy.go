// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/mat"
)

// Greedy is the greedy order chooser of Algorithm 2. At the start of epoch
// t it queries the oracle for every component gradient g_i at x_t (line 2
// of the algorithm, so the answers carry the oracle's noise), centres them
// on their mean, u_i = g_i - ḡ, and builds the order one entry at a time,
//
//	r_k = argmin_{i not yet chosen} ‖u_i + c‖²,  c = Σ_{l<k} u_{r_l},
//
// which greedily keeps every prefix sum φ_{r,k}(x_t) of Assumption 4
// small. With Every = k > 1 it recomputes the order only in the epochs t
// that are multiples of k (and whenever it holds no order for the
// problem's N) and reuses it in between, the paper's "slow update"
// (Section 6.1, Table 1).
//
// A recomputation costs N oracle queries, O(N d + N²) memory and O(N² d)
// time in one symmetric rank-k update plus O(N²) for the selection. The
// gradients are stored in float32 (half the memory of float64: 383 MB for
// the 942 × 101,770 batch gradients of the MNIST MLP), their mean is
// accumulated in float64 and subtracted before rounding, the Gram matrix
// of the centred rows is a float32 rank-k update (as numpy's and
// PyTorch's float32 greedy code computes it), and the selection sums in
// float64; see GreedyOrder32. The buffers are kept between epochs, so only
// the first recomputation allocates.
//
// A Greedy keeps state between epochs and is not safe for concurrent use.
type Greedy struct {
	// Every is the number of epochs an order is kept. Default 1.
	Every int

	grads []float32 // N×d oracle gradients, centred in place
	row   []float64 // one oracle answer
	order []int
	sel   greedySelector
}

var _ Orderer = (*Greedy)(nil)

// Order implements Orderer. It returns an error if Every is negative or
// if an oracle gradient is not finite or overflows float32. It panics if
// e.Oracle is nil.
func (g *Greedy) Order(dst []int, e Epoch) ([]int, error) {
	every, n, d, err := greedyStart("greedy", g.Every, e)
	if err != nil {
		return dst, err
	}
	if err := checkGreedySize("greedy", n, d); err != nil {
		return dst, err
	}
	if len(g.order) != n || e.T%every == 0 {
		g.grads = slices.Grow(g.grads[:0], n*d)[:n*d]
		g.row = slices.Grow(g.row[:0], d)[:d]
		mean := slices.Grow(g.sel.mean[:0], d)[:d]
		g.sel.mean = mean
		clear(mean)
		for i := range n {
			e.Oracle.Grad(g.row, i, e.X)
			if !fitsFloat32(g.row) {
				// Forget the old order: it must not be reused as if current.
				g.order = g.order[:0]
				return dst, fmt.Errorf("ordering: %w: oracle gradient of component %d at epoch %d (not finite in float32)", ErrNaN, i, e.T)
			}
			out := g.grads[i*d : i*d+d]
			for j, v := range g.row {
				mean[j] += v
				out[j] = float32(v)
			}
		}
		// Divide rather than multiply by 1/N: the mean is then exact
		// whenever it is representable, as rowMean's.
		for j := range mean {
			mean[j] /= float64(n)
		}
		// The gradients are queried afresh for every recomputation, so
		// they can be centred in place.
		g.order = g.sel.order32(g.order, blas32.General{Rows: n, Cols: d, Stride: d, Data: g.grads}, true)
	}
	return append(dst[:0], g.order...), nil
}

// Phi2 returns in dst the curve φ²_{r,k}, k = 1..N, of Assumption 4 for
// the order r over the oracle gradients of g's last recomputation, the
// ones its current order was chosen from:
//
//	φ²_{r,k} = ‖Σ_{i≤k} (g_{r_i} - ḡ)‖²,
//
// whose maximum is r's σ*² for M* = 0 at that epoch's x_t. It reads the
// Gram matrix of the recomputation, so it costs O(N²) and no oracle query:
// a cheap way to compare g's order with any other on the same gradients,
// such as a random permutation, the order random reshuffling would take.
// It returns an error if g holds no order or r is not a permutation of
// [N].
func (g *Greedy) Phi2(dst []float64, r []int) ([]float64, error) {
	n := len(g.order)
	if n == 0 {
		return dst, fmt.Errorf("ordering: greedy Phi2 before an order was computed")
	}
	if err := checkPerm(r, n); err != nil {
		return dst, fmt.Errorf("ordering: greedy Phi2 order: %w", err)
	}
	return gramPhi2(dst, g.sel.g32, n, r), nil
}

// StaleGreedy is Algorithm 2 on stale gradients, with no extra pass: the
// order of epoch t+1 is chosen from the gradients the steps of epoch t
// computed (each at the iterate of its step), which Run shows it through
// Observe; a component the epoch did not visit keeps its last gradient.
// In epoch 0, with nothing observed yet, it queries the oracle at x_0 like
// Greedy (one extra pass, once). With Every = k > 1 it recomputes the
// order every k epochs from the latest gradients.
//
// It keeps one N×d matrix of gradients, which the selection centres in
// place; the rows the following epochs do not overwrite get the mean back
// before the next selection (exact up to one rounding). So it needs
// O(N d + N²) memory, as Greedy does, and no oracle queries after epoch 0.
//
// Under Settings.BatchSize batching Run shows it every component's
// gradient, so it computes them one by one even for a BatchGradienter
// (whose one-pass batches an Observer turns off).
//
// Without an oracle (driven by a Sampler, with Epoch.N set) it makes no
// extra pass at all: epoch 0, with nothing observed, is Start (default
// the identity 0, 1, ..., N-1), the matrix is made at the first observed
// gradient, and the components not yet observed have zero rows. A
// StaleGreedy is not safe for concurrent use.
type StaleGreedy struct {
	// Every is the number of epochs an order is kept. Default 1.
	Every int
	// Start, if not nil, is the order of the epochs before any gradient
	// was observed when there is no oracle, a permutation of [0, N), such
	// as a random one: data stored class by class make the identity a bad
	// first order. Default nil: the identity. With an oracle it is not
	// used.
	Start []int

	n     int // N of the last epoch without an oracle, 0 with one
	rows  staleRows
	order []int
}

var (
	_ Orderer  = (*StaleGreedy)(nil)
	_ Observer = (*StaleGreedy)(nil)
)

// Order implements Orderer. It returns an error if Every is negative or a
// gradient is not finite, or, without an oracle, if e.N is not positive.
func (s *StaleGreedy) Order(dst []int, e Epoch) ([]int, error) {
	if e.Oracle == nil {
		var err error
		s.order, err = s.rows.observedOrder(s.order, &s.n, "stale greedy", s.Every, s.Start, e)
		return append(dst[:0], s.order...), err
	}
	every, n, d, err := greedyStart("stale greedy", s.Every, e)
	if err != nil {
		return dst, err
	}
	if err := checkGreedySize("stale greedy", n, d); err != nil {
		return dst, err
	}
	if s.rows.resize(n, d) {
		OracleGrads(s.rows.m, e.Oracle, e.X)
		s.order = s.order[:0]
	}
	if len(s.order) == n && e.T%every != 0 {
		return append(dst[:0], s.order...), nil
	}
	var bad int
	if s.order, bad = s.rows.order(s.order); bad >= 0 {
		return dst, fmt.Errorf("ordering: %w: stored gradient of component %d at epoch %d", ErrNaN, bad, e.T)
	}
	return append(dst[:0], s.order...), nil
}

// Observe implements Observer: it stores the gradient of component i.
func (s *StaleGreedy) Observe(_, _, i int, grad []float64) { staleStore(s, i, grad) }

// observe32 implements observer32.
func (s *StaleGreedy) observe32(_, _, i int, grad []float32) { staleStore(s, i, grad) }

// staleStore is StaleGreedy's Observe for float64 or float32 gradients.
// Without an oracle the first gradient sizes the matrix.
func staleStore[T float32 | float64](s *StaleGreedy, i int, grad []T) {
	if s.rows.m == nil && s.n > 0 && len(grad) > 0 && checkGreedySize("", s.n, len(grad)) == nil {
		s.rows.resize(s.n, len(grad))
	}
	if row := s.rows.row(i, len(grad)); row != nil {
		copyTo64(row, grad)
	}
}

// checkDim implements dimChecker: the N×d matrix must fit.
func (s *StaleGreedy) checkDim(n, d int) error { return checkGreedySize("stale greedy", n, d) }

// everyOf returns Every with its default, 1, or an error if it is
// negative.
func everyOf(name string, every int) (int, error) {
	switch {
	case every == 0:
		return 1, nil
	case every < 0:
		return 0, fmt.Errorf("ordering: %w: %s Every = %d, want >= 1", ErrSetting, name, every)
	}
	return every, nil
}

// greedyStart is the start of the greedy family's Order: the number of
// epochs an order is kept (everyOf), and the size n×d of e's problem. It
// panics if e.Oracle is nil.
func greedyStart(name string, every int, e Epoch) (ev, n, d int, err error) {
	if ev, err = everyOf(name, every); err != nil {
		return 0, 0, 0, err
	}
	if e.Oracle == nil {
		panic("ordering: " + name + " order without an oracle")
	}
	p := e.Oracle.Problem()
	return ev, p.Len(), p.Dim(), nil
}

// staleRows holds the latest vector (gradient or sketch) of each of N
// components for the stale orders, and chooses Algorithm 2's order of
// them. The selection centres the matrix in place, to need no second
// copy; rows not written again before the next selection get the mean
// back then (exact up to one rounding).
type staleRows struct {
	m       *mat.Dense
	fresh   []bool // row i written since the last selection
	centred bool   // the last selection centred the rows not fresh
	sel     greedySelector
}

// resize makes the matrix n×c and reports whether it was reallocated (and
// so holds zeros).
func (s *staleRows) resize(n, c int) bool {
	if r, cc := dimsOr0(s.m); r == n && cc == c {
		return false
	}
	s.m = mat.NewDense(n, c, nil)
	s.fresh = make([]bool, n)
	s.centred = false
	return true
}

// row returns the row of component i for writing, or nil if there is no
// matrix, i is out of range or the row's length is not c.
func (s *staleRows) row(i, c int) []float64 {
	if s.m == nil {
		return nil
	}
	if r, cc := s.m.Dims(); i < 0 || i >= r || c != cc {
		return nil
	}
	s.fresh[i] = true
	return s.m.RawRowView(i)
}

// observedOrder is the Order of a stale order without an oracle (see
// StaleGreedy), named name, keeping its order every epochs: it takes N
// from e into *n (forgetting the rows and the order if it changed) and
// returns start (nil: the identity) until a row was stored, then
// Algorithm 2's order of the rows. dst is the order kept.
func (s *staleRows) observedOrder(dst []int, n *int, name string, every int, start []int, e Epoch) ([]int, error) {
	every, err := everyOf(name, every)
	if err != nil {
		return dst[:0], err
	}
	if e.N <= 0 {
		return dst[:0], fmt.Errorf("ordering: %w: %s without an oracle over N = %d components (Epoch.N), want N > 0", ErrSetting, name, e.N)
	}
	if err := checkGreedySize(name, e.N, 0); err != nil {
		return dst[:0], err
	}
	if start != nil {
		if err := checkPerm(start, e.N); err != nil {
			return dst[:0], fmt.Errorf("ordering: %s start: %w", name, err)
		}
	}
	if *n != e.N {
		*n = e.N
		s.m = nil
		dst = dst[:0]
	}
	switch {
	case s.m == nil && start != nil:
		return append(dst[:0], start...), nil
	case s.m == nil:
		return identity(dst, e.N), nil
	case len(dst) == e.N && e.T%every != 0:
		return dst, nil
	}
	dst, bad := s.order(dst)
	if bad >= 0 {
		return dst, fmt.Errorf("ordering: %w: stored gradient of component %d at epoch %d", ErrNaN, bad, e.T)
	}
	return dst, nil
}

// order returns Algorithm 2's order of the rows in dst, and -1; or dst
// emptied and the first row that is not finite.
func (s *staleRows) order(dst []int) ([]int, int) {
	raw := s.m.RawMatrix()
	n, c := raw.Rows, raw.Cols
	for i := 0; i < n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+c]
		if s.centred && !s.fresh[i] {
			for j, m := range s.sel.mean {
				row[j] += m
			}
		}
		s.fresh[i] = true
	}
	s.centred = false
	for i := 0; i < n; i++ {
		if !isFinite(raw.Data[i*raw.Stride : i*raw.Stride+c]) {
			return dst[:0], i
		}
	}
	dst = s.sel.order(dst, s.m, true)
	s.centred = true
	clear(s.fresh)
	return dst, -1
}

// GreedyOrder stores in dst, resized as needed, the order Algorithm 2
// chooses for the component gradients in the rows of grads, and returns
// it. With u_i the rows centred on their mean and c the sum of the u's
// chosen so far, the next entry minimises
//
//	‖u_i + c‖² = ‖u_i‖² + 2<u_i, c> + ‖c‖²
//
// over the rows not yet chosen; ties go to the smallest index. ‖c‖² is the
// same for every candidate, and <u_i, c> is updated in O(N) per step from
// a row of the Gram matrix U Uᵀ, so the selection takes O(N²) time after
// one symmetric rank-k update, O(N² d). That update does as many
// multiply-adds as the naive loop of separate norms, N(N+1)/2·d, but as
// BLAS calls on tiles that stay in cache, in parallel, while the naive
// loop streams every remaining row from memory at every step.
//
// GreedyOrder does not modify grads: it centres a copy, which is more
// accurate than centring the Gram matrix algebraically when ‖ḡ‖ is large
// against the spread of the rows. It uses O(N d + N²) memory. If grads has
// a NaN or infinite entry the result is still a permutation of [0, N) but
// carries no meaning; Greedy checks its oracle's answers instead. It panics
// if grads is nil, or has more than 2^15 rows (its N×N Gram matrix would
// take 8 GiB or more).
func GreedyOrder(dst []int, grads *mat.Dense) []int {
	mustGrads(grads)
	if r, _ := grads.Dims(); r > maxGreedyRows {
		panic(errGreedyRows)
	}
	var s greedySelector
	return s.order(dst, grads, false)
}

// errGreedyRows is the panic of GreedyOrder and GreedyOrder32 for a matrix
// whose N×N Gram matrix could not be allocated.
const errGreedyRows = "ordering: greedy order of more than 2^15 rows"

// GreedyOrder32 is GreedyOrder for float32 gradients, the storage of
// large gradient matrices (half the memory of float64). The Gram matrix
// is a float32 rank-k update (BLAS Ssyrk on tiles, through OpenBLAS in the
// openblas build), centred through the Gram identity in float64 (or, when
// the rows' mean is large against their spread, computed again from rows
// centred in float64 and rounded once), and the selection sums in float64. Rounding in float32 can decide near-ties differently from
// GreedyOrder; the orders' σ*² agree to about 1e-6 relative (the tests'
// fixtures).
//
// GreedyOrder32 does not modify grads. It uses O(N²) memory, and O(N d)
// more for a centred copy when the mean is large. It panics if
// grads.Stride < grads.Cols, if its Data is shorter than its shape needs,
// or if it has more than 2^15 rows.
func GreedyOrder32(dst []int, grads blas32.General) []int {
	if grads.Rows < 0 || grads.Cols < 0 || grads.Stride < grads.Cols ||
		(grads.Rows > 0 && len(grads.Data) < (grads.Rows-1)*grads.Stride+grads.Cols) {
		panic("ordering: bad float32 gradient matrix shape")
	}
	if grads.Rows > maxGreedyRows {
		panic(errGreedyRows)
	}
	var s greedySelector
	return s.order32(dst, grads, false)
}
