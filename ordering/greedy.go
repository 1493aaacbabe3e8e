// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
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
// A recomputation costs N oracle queries, O(N d + N²) memory (the N×d
// gradients, centred in place, and their N×N Gram matrix) and O(N² d) time
// in one symmetric rank-k update plus O(N²) for the selection; see
// GreedyOrder. The buffers are kept between epochs, so only the first
// recomputation allocates the N×d matrix.
//
// A Greedy keeps state between epochs and is not safe for concurrent use.
type Greedy struct {
	// Every is the number of epochs an order is kept. Default 1.
	Every int

	grads *mat.Dense
	order []int
	sel   greedySelector
}

var _ Orderer = (*Greedy)(nil)

// Order implements Orderer. It returns an error if Every is negative or
// if an oracle gradient is not finite. It panics if e.Oracle is nil.
func (g *Greedy) Order(dst []int, e Epoch) ([]int, error) {
	every, err := everyOf("greedy", g.Every)
	if err != nil {
		return dst, err
	}
	if e.Oracle == nil {
		panic("ordering: greedy order without an oracle")
	}
	p := e.Oracle.Problem()
	n, d := p.Len(), p.Dim()
	if len(g.order) != n || e.T%every == 0 {
		if g.grads == nil {
			g.grads = mat.NewDense(n, d, nil)
		} else if r, c := g.grads.Dims(); r != n || c != d {
			g.grads = mat.NewDense(n, d, nil)
		}
		OracleGrads(g.grads, e.Oracle, e.X)
		raw := g.grads.RawMatrix()
		for i := 0; i < n; i++ {
			if !isFinite(raw.Data[i*raw.Stride : i*raw.Stride+d]) {
				// Forget the old order: it must not be reused as if current.
				g.order = g.order[:0]
				return dst, fmt.Errorf("ordering: %w: oracle gradient of component %d at epoch %d", ErrNaN, i, e.T)
			}
		}
		// The gradients are queried afresh for every recomputation, so
		// they can be centred in place.
		g.order = g.sel.order(g.order, g.grads, true)
	}
	return append(dst[:0], g.order...), nil
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
// Use it without Settings.BatchSize batching over a BatchGradienter (then
// no component gradients are computed). A StaleGreedy is not safe for
// concurrent use.
type StaleGreedy struct {
	// Every is the number of epochs an order is kept. Default 1.
	Every int

	rows  staleRows
	order []int
}

var (
	_ Orderer  = (*StaleGreedy)(nil)
	_ Observer = (*StaleGreedy)(nil)
)

// Order implements Orderer. It returns an error if Every is negative or a
// gradient is not finite. It panics if e.Oracle is nil.
func (s *StaleGreedy) Order(dst []int, e Epoch) ([]int, error) {
	every, err := everyOf("stale greedy", s.Every)
	if err != nil {
		return dst, err
	}
	if e.Oracle == nil {
		panic("ordering: stale greedy order without an oracle")
	}
	p := e.Oracle.Problem()
	n, d := p.Len(), p.Dim()
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
func (s *StaleGreedy) Observe(_, _, i int, grad []float64) {
	if row := s.rows.row(i, len(grad)); row != nil {
		copy(row, grad)
	}
}

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
// carries no meaning; Greedy checks its oracle's answers instead.
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
	// Centre in one pass from grads into u, which is grads itself if own.
	u := grads
	if !own {
		if r, c := s.u.Dims(); r != n || c != d {
			s.u.Reset()
			s.u.ReuseAs(n, d)
		}
		u = &s.u
	}
	s.mean = rowMean(s.mean, grads)
	src, raw := grads.RawMatrix(), u.RawMatrix()
	for i := 0; i < n; i++ {
		in := src.Data[i*src.Stride : i*src.Stride+d]
		out := raw.Data[i*raw.Stride : i*raw.Stride+d]
		for j, v := range in {
			out[j] = v - s.mean[j]
		}
	}
	if r, _ := s.gram.Dims(); r != n {
		s.gram.Reset()
		s.gram.ReuseAs(n, n)
	}
	g := s.gram.RawMatrix()
	gram(g, raw)

	// dots[i] = ‖u_i‖² + 2<u_i, c>; ‖c‖² is the same for every candidate.
	s.dots = slices.Grow(s.dots[:0], n)[:n]
	s.used = slices.Grow(s.used[:0], n)[:n]
	clear(s.used)
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

// The Gram matrix is computed in gramTile×gramTile tiles of its lower
// triangle, each from pieces of gramChunk columns of the rows: the two
// 64×256 float64 pieces a tile multiplies (256 KiB) stay in a core's L2
// cache.
const (
	gramTile  = 64
	gramChunk = 256
)

// gram stores u uᵀ in g, which is u.Rows × u.Rows, computing each inner
// product once, as a symmetric rank-k update (BLAS Dsyrk) does: the tiles
// of the lower triangle are computed with blas64.Syrk on the diagonal and
// blas64.Gemm off it, on GOMAXPROCS goroutines, and each tile is mirrored
// into the upper triangle while it is in cache. Every entry of g is
// written; g is exactly symmetric.
//
// Why not one blas64.Syrk or blas64.Gemm call: in gonum v0.17.0 pure Go,
// Dsyrk is serial and takes each entry as one dot product of whole rows,
// which fall out of cache for long rows, and Dgemm is parallel and blocked
// but computes both triangles. BenchmarkGram measures the three; in one
// run on the 2-core development machine, for N = 1024 and d = 10⁵, Dgemm
// took 12.2 s, Dsyrk 22.3 s and gram 5.3 s (for d = 10³: 138, 91, 56 ms).
//
// Each tile is computed the same way whichever goroutine takes it, so the
// result does not depend on GOMAXPROCS.
func gram(g, u blas64.General) {
	n := u.Rows
	nt := (n + gramTile - 1) / gramTile
	tiles := nt * (nt + 1) / 2
	workers := min(runtime.GOMAXPROCS(0), tiles)
	if workers <= 1 {
		for t := 0; t < tiles; t++ {
			gramTileProduct(g, u, t)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				t := int(next.Add(1) - 1)
				if t >= tiles {
					return
				}
				gramTileProduct(g, u, t)
			}
		})
	}
	wg.Wait()
}

// gramTileProduct computes tile t of the lower triangle of u uᵀ, with the
// tiles numbered row by row: (0,0), (1,0), (1,1), (2,0), ...; and mirrors
// it.
func gramTileProduct(g, u blas64.General, t int) {
	a := 0
	for t > a {
		t -= a + 1
		a++
	}
	i0, j0 := a*gramTile, t*gramTile
	ni, nj := min(gramTile, u.Rows-i0), min(gramTile, u.Rows-j0)
	c := blas64.General{Rows: ni, Cols: nj, Stride: g.Stride, Data: g.Data[i0*g.Stride+j0:]}
	for k := 0; k < u.Cols; k += gramChunk {
		w := min(gramChunk, u.Cols-k)
		beta := 1.0
		if k == 0 {
			beta = 0
		}
		ui := blas64.General{Rows: ni, Cols: w, Stride: u.Stride, Data: u.Data[i0*u.Stride+k:]}
		if i0 == j0 {
			blas64.Syrk(blas.NoTrans, 1, ui, beta, blas64.Symmetric{Uplo: blas.Lower, N: ni, Stride: c.Stride, Data: c.Data})
			continue
		}
		uj := blas64.General{Rows: nj, Cols: w, Stride: u.Stride, Data: u.Data[j0*u.Stride+k:]}
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, ui, uj, beta, c)
	}
	for i := 0; i < ni; i++ {
		jn := nj
		if i0 == j0 {
			jn = i
		}
		for j, v := range c.Data[i*c.Stride : i*c.Stride+jn] {
			g.Data[(j0+j)*g.Stride+i0+i] = v
		}
	}
}
