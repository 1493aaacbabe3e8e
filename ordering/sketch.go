// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"gonum.org/v1/gonum/mat"
)

// CountSketch is a sparse random linear map from R^d to R^k (Charikar,
// Chen and Farach-Colton, 2002): coordinate j of a vector is added, with a
// random sign, to one random bucket of k. It preserves inner products in
// expectation, E<Sa, Sb> = <a, b>, with variance at most 2‖a‖²‖b‖²/k, and
// costs O(d) per vector and O(d) memory for its hash tables.
type CountSketch struct {
	k      int
	bucket []int32
	sign   []float64
}

// NewCountSketch returns a seeded CountSketch from R^d to R^k. It returns
// an error if d or k is not positive, or above 2^28 (tables or sketches
// that could not be allocated).
func NewCountSketch(d, k int, seed uint64) (*CountSketch, error) {
	if d > maxLen || k > maxLen {
		return nil, fmt.Errorf("ordering: %w: CountSketch from dimension %d to %d, want both at most 2^28", ErrSetting, d, k)
	}
	if d <= 0 || k <= 0 {
		return nil, fmt.Errorf("ordering: %w: CountSketch from dimension %d to %d, want both positive", ErrSetting, d, k)
	}
	rnd := rand.New(rand.NewPCG(seed, sketchStream))
	s := &CountSketch{k: k, bucket: make([]int32, d), sign: make([]float64, d)}
	for j := range s.bucket {
		u := rnd.Uint64()
		s.bucket[j] = int32(u % uint64(k))
		s.sign[j] = 1
		if u>>63 == 1 {
			s.sign[j] = -1
		}
	}
	return s, nil
}

// Apply stores the sketch of g (length d) in dst (length k), overwriting
// it, and returns dst; a nil dst allocates.
func (s *CountSketch) Apply(dst, g []float64) []float64 { return applySketch(s, dst, g) }

// applySketch is Apply for a float64 or float32 g, read in place; the
// sums are in float64 either way.
func applySketch[T float32 | float64](s *CountSketch, dst []float64, g []T) []float64 {
	if len(g) != len(s.bucket) {
		panic("ordering: CountSketch of a vector of the wrong length")
	}
	if dst == nil {
		dst = make([]float64, s.k)
	}
	clear(dst[:s.k])
	for j, v := range g {
		dst[s.bucket[j]] += s.sign[j] * float64(v)
	}
	return dst
}

// sketchRows stores the sketch of every row of grads in the rows of dst
// (N × k), using all cores on disjoint rows.
func (s *CountSketch) sketchRows(dst, grads *mat.Dense) {
	n, d := grads.Dims()
	raw, out := grads.RawMatrix(), dst.RawMatrix()
	workers := min(runtime.GOMAXPROCS(0), n)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				s.Apply(out.Data[i*out.Stride:i*out.Stride+s.k], raw.Data[i*raw.Stride:i*raw.Stride+d])
			}
		}()
	}
	wg.Wait()
}

// SketchedGreedyOrder stores in dst, resized as needed, the order
// Algorithm 2 chooses for the rows of grads after a CountSketch (seeded by
// seed) to k dimensions, and returns it. The sketch is linear, so the
// centred sketched rows are the sketches of the centred rows, and the
// greedy selection sees every inner product <u_i, u_j> up to the sketch's
// error. It costs O(N d) for the sketch and O(N² k) for the Gram matrix of
// the sketch, against O(N² d) for GreedyOrder, and O(N k) memory beyond
// grads. With k >= d it is GreedyOrder. It returns an error if grads is
// nil or k <= 0.
func SketchedGreedyOrder(dst []int, grads *mat.Dense, k int, seed uint64) ([]int, error) {
	if err := checkGrads(grads); err != nil {
		return dst, err
	}
	n, d := grads.Dims()
	if k <= 0 {
		return dst, fmt.Errorf("ordering: %w: sketch dimension k = %d, want > 0", ErrSetting, k)
	}
	if err := checkGreedySize("sketched greedy", n, min(k, d)); err != nil {
		return dst, err
	}
	if k >= d {
		return GreedyOrder(dst, grads), nil
	}
	s, err := NewCountSketch(d, k, seed)
	if err != nil {
		return dst, err
	}
	sk := mat.NewDense(n, k, nil)
	s.sketchRows(sk, grads)
	var sel greedySelector
	return sel.order(dst, sk, true), nil
}

// SketchedGreedy is Algorithm 2 on sketched gradients. At a
// recomputation it queries the oracle for every component gradient at
// x_t, one at a time, and keeps only its CountSketch to K dimensions, so
// that it needs O(N K + d) memory instead of Greedy's O(N d) and
// O(N d + N² K) time instead of O(N² d). With Every = k > 1 it recomputes
// the order every k epochs, as Greedy does.
//
// With Stale set it makes no extra pass, like StaleGreedy: it sketches the
// gradients the steps of each epoch computed, which Run shows it through
// Observe (O(d) per gradient), and orders the next epoch from them; a
// component not visited keeps its last sketch. In epoch 0, with nothing
// observed yet, it queries the oracle at x_0 once. Without Stale, Observe
// does nothing.
//
// With Stale and without an oracle (driven by a Sampler, with Epoch.N
// set) it makes no extra pass at all, as StaleGreedy: epoch 0 is Start
// (default the identity), the sketch is made at the first observed
// gradient, and the components not yet observed have zero rows.
//
// A SketchedGreedy keeps state between epochs and is not safe for
// concurrent use.
type SketchedGreedy struct {
	// K is the sketch dimension. It must be positive.
	K int
	// Seed seeds the sketch (one sketch for the whole run).
	Seed uint64
	// Every is the number of epochs an order is kept. Default 1.
	Every int
	// Stale sketches the gradients of the steps instead of querying the
	// oracle at x_t. Default false.
	Stale bool
	// Start is StaleGreedy's Start: the order before any gradient was
	// observed, without an oracle. Default nil: the identity.
	Start []int

	sketch *CountSketch
	d      int // dimension of the gradients sketched
	n      int // N of the last epoch without an oracle, 0 with one
	rows   staleRows
	g      []float64
	order  []int
}

var (
	_ Orderer  = (*SketchedGreedy)(nil)
	_ Observer = (*SketchedGreedy)(nil)
)

// Order implements Orderer. It returns an error if K <= 0, Every < 0 or
// a gradient is not finite, or, without an oracle, if Stale is not set or
// e.N is not positive.
func (s *SketchedGreedy) Order(dst []int, e Epoch) ([]int, error) {
	if s.K <= 0 {
		return dst, fmt.Errorf("ordering: %w: sketched greedy with K = %d, want > 0", ErrSetting, s.K)
	}
	if e.Oracle == nil {
		if !s.Stale {
			return dst[:0], fmt.Errorf("ordering: %w: sketched greedy without Stale needs an oracle", ErrSetting)
		}
		var err error
		s.order, err = s.rows.observedOrder(s.order, &s.n, "sketched greedy", s.Every, s.Start, e)
		return append(dst[:0], s.order...), err
	}
	every, n, d, err := greedyStart("sketched greedy", s.Every, e)
	if err != nil {
		return dst, err
	}
	k := min(s.K, d)
	if err := checkGreedySize("sketched greedy", n, k); err != nil {
		return dst, err
	}
	fill := !s.Stale
	if s.sketch == nil || s.d != d || s.sketch.k != k {
		if s.sketch, err = NewCountSketch(d, k, s.Seed); err != nil {
			return dst, err
		}
		s.d = d
		s.g = make([]float64, d)
		s.rows.m = nil
	}
	if s.rows.resize(n, k) {
		s.order = s.order[:0]
		fill = true
	}
	if len(s.order) == n && e.T%every != 0 {
		return append(dst[:0], s.order...), nil
	}
	if fill {
		if len(s.g) != d {
			s.g = make([]float64, d) // a restored state holds none
		}
		for i := 0; i < n; i++ {
			e.Oracle.Grad(s.g, i, e.X)
			s.put(i, s.g)
		}
	}
	var bad int
	if s.order, bad = s.rows.order(s.order); bad >= 0 {
		return dst, fmt.Errorf("ordering: %w: gradient of component %d at epoch %d (sketched)", ErrNaN, bad, e.T)
	}
	return append(dst[:0], s.order...), nil
}

// put stores the sketch of g as the row of component i; with K >= d, g
// itself, so that the order is Greedy's.
func (s *SketchedGreedy) put(i int, g []float64) { sketchPut(s, i, g) }

// sketchPut is put for a float64 or float32 g.
func sketchPut[T float32 | float64](s *SketchedGreedy, i int, g []T) {
	row := s.rows.row(i, s.sketch.k)
	if row == nil {
		return
	}
	if s.sketch.k == s.d {
		copyTo64(row, g)
		return
	}
	applySketch(s.sketch, row, g)
}

// Observe implements Observer. With Stale set it sketches the gradient of
// component i into its row; otherwise it does nothing.
func (s *SketchedGreedy) Observe(_, _, i int, grad []float64) { sketchObserve(s, i, grad) }

// observe32 implements observer32.
func (s *SketchedGreedy) observe32(_, _, i int, grad []float32) { sketchObserve(s, i, grad) }

// sketchObserve is Observe for a float64 or float32 gradient. Without an
// oracle the first gradient makes the sketch and sizes the rows.
func sketchObserve[T float32 | float64](s *SketchedGreedy, i int, grad []T) {
	if !s.Stale {
		return
	}
	if s.rows.m == nil && s.n > 0 && s.checkDim(s.n, len(grad)) == nil {
		k := min(s.K, len(grad))
		if s.sketch == nil || s.d != len(grad) || s.sketch.k != k {
			sk, err := NewCountSketch(len(grad), k, s.Seed)
			if err != nil {
				return
			}
			s.sketch, s.d = sk, len(grad)
		}
		s.rows.resize(s.n, k)
	}
	if s.sketch == nil || len(grad) != s.d {
		return
	}
	sketchPut(s, i, grad)
}

// checkDim implements dimChecker: the sketch and the N×min(K, d) rows must
// fit.
func (s *SketchedGreedy) checkDim(n, d int) error {
	if s.K <= 0 {
		return fmt.Errorf("ordering: %w: sketched greedy with K = %d, want > 0", ErrSetting, s.K)
	}
	if d > maxLen {
		return fmt.Errorf("ordering: %w: sketched greedy of gradients of length %d, want at most 2^28", ErrSetting, d)
	}
	return checkGreedySize("sketched greedy", n, min(s.K, d))
}

// dimsOr0 returns the dimensions of m, or 0, 0 for nil.
func dimsOr0(m *mat.Dense) (int, int) {
	if m == nil {
		return 0, 0
	}
	return m.Dims()
}
