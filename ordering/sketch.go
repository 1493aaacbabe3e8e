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

// sketchStream is the second word of the PCG seed of CountSketch.
const sketchStream = 0x736b65746368

// NewCountSketch returns a seeded CountSketch from R^d to R^k. It returns
// an error if d or k is not positive.
func NewCountSketch(d, k int, seed uint64) (*CountSketch, error) {
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
func (s *CountSketch) Apply(dst, g []float64) []float64 {
	if len(g) != len(s.bucket) {
		panic("ordering: CountSketch of a vector of the wrong length")
	}
	if dst == nil {
		dst = make([]float64, s.k)
	}
	clear(dst[:s.k])
	for j, v := range g {
		dst[s.bucket[j]] += s.sign[j] * v
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
// grads. With k >= d it is GreedyOrder. It returns an error if k <= 0.
func SketchedGreedyOrder(dst []int, grads *mat.Dense, k int, seed uint64) ([]int, error) {
	n, d := grads.Dims()
	if k <= 0 {
		return dst, fmt.Errorf("ordering: %w: sketch dimension k = %d, want > 0", ErrSetting, k)
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

// SketchedGreedy is Algorithm 2 on sketched gradients: at a recomputation
// it queries the oracle for every component gradient at x_t, one at a
// time, and keeps only its CountSketch to K dimensions, so that it needs
// O(N K + d) memory instead of Greedy's O(N d) and O(N d + N² K) time
// instead of O(N² d). With Every = k > 1 it recomputes the order every k
// epochs, as Greedy does. A SketchedGreedy keeps state between epochs and
// is not safe for concurrent use.
type SketchedGreedy struct {
	// K is the sketch dimension. It must be positive.
	K int
	// Seed seeds the sketch (one sketch for the whole run).
	Seed uint64
	// Every is the number of epochs an order is kept. Default 1.
	Every int

	sketch *CountSketch
	sk     *mat.Dense
	g      []float64
	order  []int
	sel    greedySelector
}

var _ Orderer = (*SketchedGreedy)(nil)

// Order implements Orderer. It returns an error if K <= 0, Every < 0 or
// an oracle gradient is not finite. It panics if e.Oracle is nil.
func (s *SketchedGreedy) Order(dst []int, e Epoch) ([]int, error) {
	every := s.Every
	if every == 0 {
		every = 1
	}
	if every < 0 || s.K <= 0 {
		return dst, fmt.Errorf("ordering: %w: sketched greedy with K = %d, Every = %d", ErrSetting, s.K, s.Every)
	}
	if e.Oracle == nil {
		panic("ordering: sketched greedy order without an oracle")
	}
	p := e.Oracle.Problem()
	n, d := p.Len(), p.Dim()
	if len(s.order) == n && e.T%every != 0 {
		return append(dst[:0], s.order...), nil
	}
	k := min(s.K, d)
	if s.sketch == nil || len(s.sketch.bucket) != d || s.sketch.k != k {
		var err error
		if s.sketch, err = NewCountSketch(d, k, s.Seed); err != nil {
			return dst, err
		}
		s.g = make([]float64, d)
	}
	if r, c := dimsOr0(s.sk); r != n || c != k {
		s.sk = mat.NewDense(n, k, nil)
	}
	raw := s.sk.RawMatrix()
	for i := 0; i < n; i++ {
		e.Oracle.Grad(s.g, i, e.X)
		if !isFinite(s.g) {
			s.order = s.order[:0]
			return dst, fmt.Errorf("ordering: %w: oracle gradient of component %d at epoch %d", ErrNaN, i, e.T)
		}
		if k == d {
			copy(raw.Data[i*raw.Stride:i*raw.Stride+k], s.g)
		} else {
			s.sketch.Apply(raw.Data[i*raw.Stride:i*raw.Stride+k], s.g)
		}
	}
	s.order = s.sel.order(s.order, s.sk, true)
	return append(dst[:0], s.order...), nil
}

// dimsOr0 returns the dimensions of m, or 0, 0 for nil.
func dimsOr0(m *mat.Dense) (int, int) {
	if m == nil {
		return 0, 0
	}
	return m.Dims()
}
