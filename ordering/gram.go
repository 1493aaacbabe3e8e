// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// greedySelector holds the buffers of Algorithm 2's selection between
// calls: the centred rows when they are a copy, the Gram matrix, the
// mean and the selection's running sums. Its float64 path serves
// GreedyOrder, the stale orders and the sketched orders; its float32 path
// serves Greedy and GreedyOrder32, whose N×d matrices are the large ones.
type greedySelector struct {
	u    mat.Dense // float64 centred copy (GreedyOrder)
	u32  []float32 // float32 centred copy (GreedyOrder32)
	g64  []float64 // Gram matrix, float64 path
	g32  []float32 // Gram matrix, float32 path
	mean []float64
	dots []float64
	used []bool
}

// order returns Algorithm 2's order for the rows of grads. If own is set,
// grads is the caller's scratch and is centred in place, saving a copy.
func (s *greedySelector) order(dst []int, grads *mat.Dense, own bool) []int {
	n, d := grads.Dims()
	if n == 0 {
		return dst[:0]
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
	s.g64 = slices.Grow(s.g64[:0], n*n)[:n*n]
	gram(blas64.General{Rows: n, Cols: n, Stride: n, Data: s.g64}, raw)
	return choose(dst, s.g64, n, &s.dots, &s.used)
}

// order32 returns Algorithm 2's order for the rows of u, float32. If own
// is set, u is the caller's scratch, whose column means the caller has put
// in s.mean (accumulated in float64): u is centred in place before its
// Gram matrix is computed.
//
// Otherwise u is left as it is: the Gram matrix K of the raw rows is
// double-centred into the centred rows' (in float64, then rounded once),
//
//	<g_i - ḡ, g_j - ḡ> = K_ij - a_i - a_j + ‖ḡ‖²,
//	a_i = <g_i, ḡ> = (1/N) Σ_j K_ij,  ‖ḡ‖² = (1/N) Σ_i a_i,
//
// with no pass over the N×d matrix but the rank-k update: no mean, no
// copy to allocate and write. Its rounding error grows with ‖ḡ‖ against
// the rows' spread, so when ‖ḡ‖² exceeds the spread (1/N)Σ‖g_i - ḡ‖² =
// trace(K)/N - ‖ḡ‖², it computes the mean, centres a copy and computes the
// Gram matrix again. TestGreedyOrder32 has fixtures on both sides.
func (s *greedySelector) order32(dst []int, u blas32.General, own bool) []int {
	n, d := u.Rows, u.Cols
	if n == 0 {
		return dst[:0]
	}
	s.g32 = slices.Grow(s.g32[:0], n*n)[:n*n]
	g := blas32.General{Rows: n, Cols: n, Stride: n, Data: s.g32}
	if own {
		centre32(u, u, s.mean)
		gram32(g, u)
		return choose(dst, s.g32, n, &s.dots, &s.used)
	}
	gram32(g, u)
	s.dots = slices.Grow(s.dots[:0], n)[:n]
	a := s.dots // a_i, before choose reuses the buffer
	var ss, trace float64
	for i := range n {
		var sum float64
		for _, v := range s.g32[i*n : i*n+n] {
			sum += float64(v)
		}
		a[i] = sum / float64(n)
		ss += a[i]
		trace += float64(s.g32[i*n+i])
	}
	ss /= float64(n)
	if spread := trace/float64(n) - ss; ss <= spread {
		for i := range n {
			row := s.g32[i*n : i*n+n]
			for j, v := range row {
				row[j] = float32(float64(v) - a[i] - a[j] + ss)
			}
		}
		return choose(dst, s.g32, n, &s.dots, &s.used)
	}
	s.mean = colMean32(s.mean, u)
	s.u32 = slices.Grow(s.u32[:0], n*d)[:n*d]
	c := blas32.General{Rows: n, Cols: d, Stride: d, Data: s.u32}
	centre32(c, u, s.mean)
	gram32(g, c)
	return choose(dst, s.g32, n, &s.dots, &s.used)
}

// choose appends to dst[:0] the O(N²) selection of Algorithm 2 on the
// N×N Gram matrix g of the centred rows (row-major, stride N). With c the
// sum of the rows chosen so far, it keeps dots[i] = ‖u_i‖² + 2<u_i, c> in
// float64, so the candidates are compared on ‖u_i + c‖² - ‖c‖², and ties
// go to the smallest index. dots and used are its buffers; it does not
// allocate once they have grown.
func choose[T float32 | float64](dst []int, g []T, n int, dots *[]float64, used *[]bool) []int {
	dst = slices.Grow(dst[:0], n)
	d := slices.Grow((*dots)[:0], n)[:n]
	u := slices.Grow((*used)[:0], n)[:n]
	*dots, *used = d, u
	clear(u)
	for i := range d {
		d[i] = float64(g[i*n+i])
	}
	for range n {
		best := -1
		for i, done := range u {
			if !done && (best < 0 || d[i] < d[best]) {
				best = i
			}
		}
		u[best] = true
		dst = append(dst, best)
		for i, v := range g[best*n : best*n+n] {
			d[i] += 2 * float64(v)
		}
	}
	return dst
}

// gramPhi2 stores in dst[:len(r)] the squared norms of the prefix sums of
// the rows r_1, r_2, ... whose n×n float32 Gram matrix g is (row-major,
// stride n):
// ‖Σ_{i≤k} u_{r_i}‖² = ‖Σ_{i<k} u_{r_i}‖² + 2 Σ_{i<k} <u_{r_k}, u_{r_i}> +
// ‖u_{r_k}‖², summed in float64.
func gramPhi2(dst []float64, g []float32, n int, r []int) []float64 {
	dst = slices.Grow(dst[:0], len(r))[:len(r)]
	var s float64
	for k, rk := range r {
		row := g[rk*n : rk*n+n]
		var cross float64
		for _, ri := range r[:k] {
			cross += float64(row[ri])
		}
		s += 2*cross + float64(row[rk])
		dst[k] = s
	}
	return dst
}

// centre32 stores in dst the rows of src minus mean, computed in float64
// and rounded once; dst may be src. Large matrices are split by rows
// between GOMAXPROCS goroutines; each entry is computed the same way
// whichever takes it.
func centre32(dst, src blas32.General, mean []float64) {
	if !worthParallel(src.Rows, src.Cols) {
		centreRows32(dst, src, mean, 0, src.Rows)
		return
	}
	parallelRanges(src.Rows, func(lo, hi int) { centreRows32(dst, src, mean, lo, hi) })
}

func centreRows32(dst, src blas32.General, mean []float64, lo, hi int) {
	for i := lo; i < hi; i++ {
		in := src.Data[i*src.Stride : i*src.Stride+src.Cols]
		out := dst.Data[i*dst.Stride : i*dst.Stride+src.Cols]
		for j, v := range in {
			out[j] = float32(float64(v) - mean[j])
		}
	}
}

// colMean32 stores in dst, resized as needed, the mean of the rows of m,
// accumulated in float64, and returns it. Large matrices are split by
// columns between GOMAXPROCS goroutines, each summing its columns down the
// rows in order, so the result does not depend on their number.
func colMean32(dst []float64, m blas32.General) []float64 {
	dst = slices.Grow(dst[:0], m.Cols)[:m.Cols]
	clear(dst)
	if !worthParallel(m.Cols, m.Rows) {
		colMeans32(dst, m, 0, m.Cols)
		return dst
	}
	parallelRanges(m.Cols, func(lo, hi int) { colMeans32(dst, m, lo, hi) })
	return dst
}

func colMeans32(dst []float64, m blas32.General, lo, hi int) {
	sum := dst[lo:hi]
	for i := 0; i < m.Rows; i++ {
		for j, v := range m.Data[i*m.Stride+lo : i*m.Stride+hi] {
			sum[j] += float64(v)
		}
	}
	for j := range sum {
		sum[j] /= float64(m.Rows)
	}
}

// worthParallel reports whether n ranges of cost entries each are worth
// splitting between goroutines (and their allocations).
func worthParallel(n, cost int) bool {
	return runtime.GOMAXPROCS(0) > 1 && n > 1 && n*cost >= 1<<16
}

// parallelRanges calls f on disjoint ranges [lo, hi) covering [0, n), on
// up to GOMAXPROCS goroutines, and waits for them.
func parallelRanges(n int, f func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*n/workers, (w+1)*n/workers
		wg.Go(func() { f(lo, hi) })
	}
	wg.Wait()
}

// fitsFloat32 reports whether every entry of s is finite and rounds to a
// finite float32.
func fitsFloat32(s []float64) bool {
	for _, v := range s {
		if !(math.Abs(v) <= math.MaxFloat32) {
			return false
		}
	}
	return true
}

// gram stores u uᵀ in g, which is u.Rows × u.Rows, computing each inner
// product once, as a symmetric rank-k update (BLAS Dsyrk) does, in tiles
// (see gramTiles). Every entry of g is written; g is exactly symmetric.
//
// Why not one blas64.Syrk or blas64.Gemm call: in gonum v0.17.0 pure Go,
// Dsyrk is serial and takes each entry as one dot product of whole rows,
// which fall out of cache for long rows, and Dgemm is parallel and blocked
// but computes both triangles. BenchmarkGram measures the three; in one
// run on the 2-core development machine, for N = 1024 and d = 10⁵, Dgemm
// took 12.2 s, Dsyrk 22.3 s and gram 5.3 s (for d = 10³: 138, 91, 56 ms).
// With OpenBLAS, pinned to one thread for determinism, the tiles are what
// spreads the work over the cores.
func gram(g, u blas64.General) {
	gramTiles[float64, rank64](g.Data, g.Stride, u.Data, u.Stride, u.Rows, u.Cols)
}

// gram32 is gram in float32 (BLAS Ssyrk and Sgemm on the tiles).
func gram32(g, u blas32.General) {
	gramTiles[float32, rank32](g.Data, g.Stride, u.Data, u.Stride, u.Rows, u.Cols)
}

// rankK is the two BLAS calls of a Gram tile: c = a aᵀ + beta c (lower
// triangle) and c = a bᵀ + beta c.
type rankK[T float32 | float64] interface {
	syrk(n, k int, a []T, lda int, beta T, c []T, ldc int)
	gemm(m, n, k int, a []T, lda int, b []T, ldb int, beta T, c []T, ldc int)
}

type (
	rank64 struct{}
	rank32 struct{}
)

func (rank64) syrk(n, k int, a []float64, lda int, beta float64, c []float64, ldc int) {
	blas64.Implementation().Dsyrk(blas.Lower, blas.NoTrans, n, k, 1, a, lda, beta, c, ldc)
}

func (rank64) gemm(m, n, k int, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	blas64.Implementation().Dgemm(blas.NoTrans, blas.Trans, m, n, k, 1, a, lda, b, ldb, beta, c, ldc)
}

func (rank32) syrk(n, k int, a []float32, lda int, beta float32, c []float32, ldc int) {
	blas32.Implementation().Ssyrk(blas.Lower, blas.NoTrans, n, k, 1, a, lda, beta, c, ldc)
}

func (rank32) gemm(m, n, k int, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	blas32.Implementation().Sgemm(blas.NoTrans, blas.Trans, m, n, k, 1, a, lda, b, ldb, beta, c, ldc)
}

// gramTiles stores u uᵀ in g (n×n, stride ldg) for the n×d matrix u
// (stride ldu). It computes the lower triangle in gramTile×gramTile tiles,
// each from pieces of gramChunk columns of the rows (the constants depend
// on the BLAS the build uses: small enough for pure Go's tiles to stay in
// cache, whole rows for OpenBLAS, which blocks for its own cache), with
// syrk on the diagonal and gemm off it, on GOMAXPROCS goroutines, and
// mirrors each tile into the upper triangle while it is in cache.
//
// Each tile is computed the same way whichever goroutine takes it, so the
// result does not depend on GOMAXPROCS.
func gramTiles[T float32 | float64, R rankK[T]](g []T, ldg int, u []T, ldu, n, d int) {
	nt := (n + gramTile - 1) / gramTile
	tiles := nt * (nt + 1) / 2
	workers := min(runtime.GOMAXPROCS(0), tiles)
	if workers <= 1 {
		for t := range tiles {
			gramTileProduct[T, R](g, ldg, u, ldu, n, d, t)
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
				gramTileProduct[T, R](g, ldg, u, ldu, n, d, t)
			}
		})
	}
	wg.Wait()
}

// gramTileProduct computes tile t of the lower triangle of u uᵀ, with the
// tiles numbered row by row: (0,0), (1,0), (1,1), (2,0), ...; and mirrors
// it.
func gramTileProduct[T float32 | float64, R rankK[T]](g []T, ldg int, u []T, ldu, n, d, t int) {
	var r R
	a := 0
	for t > a {
		t -= a + 1
		a++
	}
	i0, j0 := a*gramTile, t*gramTile
	ni, nj := min(gramTile, n-i0), min(gramTile, n-j0)
	c := g[i0*ldg+j0:]
	for k := 0; k < d || k == 0; k += gramChunk {
		w := min(gramChunk, d-k)
		var beta T = 1
		if k == 0 {
			beta = 0
		}
		if i0 == j0 {
			r.syrk(ni, w, u[i0*ldu+k:], ldu, beta, c, ldg)
		} else {
			r.gemm(ni, nj, w, u[i0*ldu+k:], ldu, u[j0*ldu+k:], ldu, beta, c, ldg)
		}
	}
	for i := range ni {
		jn := nj
		if i0 == j0 {
			jn = i
		}
		for j, v := range c[i*ldg : i*ldg+jn] {
			g[(j0+j)*ldg+i0+i] = v
		}
	}
}
