// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"
)

// PairBalance32 is PairBalance with its running sum and the kept first
// gradient of a pair in float32, as GraB's and CD-GraB's PyTorch code
// keeps them in the gradients' type: half PairBalance's memory and 18
// bytes moved per coordinate of a float32 gradient against 30, which on
// the MNIST MLP brings the balancing under 5% of a training step at batch
// 64 (BenchmarkSampler; see Sampler's Cost).
//
// The rule is PairBalance's; the arithmetic of each coordinate is in
// float32 but for the inner product of the sign, whose terms and 16
// partial sums are in float64, so its orders are PairBalance's wherever
// no sign's inner product lies within the rounding of the running sum
// (about 1e-7 relative) of 0; they are not PairBalance's bit for bit, and
// a float64 gradient is rounded to float32 first.
//
// Its running sum stays finite if every gradient entry is below 2^99
// (about 6.3e29) in magnitude once rounded to float32: a gradient with a
// larger or non-finite entry is rejected (a Sampler returns an error
// wrapping ErrRange, or ErrNaN for a NaN or infinite entry, and observes
// nothing; with Run, the next Order, and Err, return that error). It
// keeps 8d + 17n bytes for gradients of length d over n components.
//
// Use it through a Sampler (float32 gradients are read in place) or Run.
// A PairBalance32 is not safe for concurrent use.
type PairBalance32 struct {
	b         balancer  // the sign rule and the order being built (its float64 sum unused)
	s         []float32 // the running signed sum
	pending   []float32 // the first gradient of a pair
	pendingI  int       // its component, -1 if none
	started   bool
	lastOrder []int
	err       error // a gradient out of range, shown through Observe
}

var (
	_ Orderer  = (*PairBalance32)(nil)
	_ Observer = (*PairBalance32)(nil)
	_ User     = (*PairBalance32)(nil)
)

// pair32Limit is the magnitude below which PairBalance32 takes gradient
// entries: a pair's difference is below 2^100, and the running sum, over
// at most 2^27 pairs (2^28 components) and the odd last gradient, below
// 2^127 < math.MaxFloat32.
const pair32Limit = 0x1p99

// NewPairBalance32 returns pair balancing of n components in float32. It
// returns an error if n <= 0, n > 2^28 or s.Start is not a permutation of
// [0, n).
func NewPairBalance32(n int, s BalanceSettings) (*PairBalance32, error) {
	b, err := newBalancer("pair balance (float32)", n, s)
	if err != nil {
		return nil, err
	}
	return &PairBalance32{b: b, pendingI: -1}, nil
}

// Order implements Orderer. It returns the error of a gradient out of
// range shown through Observe, if there was one.
func (p *PairBalance32) Order(dst []int, e Epoch) ([]int, error) {
	if p.err != nil {
		return dst[:0], p.err
	}
	if err := checkLen("pair balance (float32)", p.b.n, e); err != nil {
		return dst[:0], err
	}
	if p.started {
		p.flush32()
		p.lastOrder = p.b.finish(p.lastOrder, p.lastOrder)
		p.started = false
	}
	if p.lastOrder == nil {
		p.lastOrder = p.b.first(p.lastOrder)
	}
	return append(dst[:0], p.lastOrder...), nil
}

// flush32 places an unpaired last gradient by its own sign.
func (p *PairBalance32) flush32() {
	if p.pendingI < 0 {
		return
	}
	var sc float64
	for j, v := range p.pending {
		sc += float64(float64(p.s[j]) * float64(v))
	}
	eps := p.b.signOf(sc)
	e := float32(eps)
	for j, v := range p.pending {
		p.s[j] += float32(e * v)
	}
	p.b.place(p.pendingI, eps)
	p.pendingI = -1
}

// Observe implements Observer. A gradient with an entry of magnitude
// 2^99 or more is not observed, and the next Order returns its error (Run
// asks for no order after its last epoch, and its results do not depend
// on one; Err returns the error then).
func (p *PairBalance32) Observe(t, pos, i int, grad []float64) {
	if p.err == nil && !pair32Observe(p, i, grad) {
		p.err = pair32Check(i, t, pos, grad)
	}
}

// Err returns the error of a gradient out of range shown through Observe,
// nil if there was none.
func (p *PairBalance32) Err() error { return p.err }

// pair32Check returns nil if PairBalance32 takes grad, the gradient of
// component i at epoch t, position pos (inRange32), or its error, naming
// the first entry out of range.
func pair32Check[T float32 | float64](i, t, pos int, grad []T) error {
	for j, v := range grad {
		switch {
		case inRange32(grad[j : j+1 : j+1]):
		case math.IsNaN(float64(v)) || math.IsInf(float64(v), 0):
			return fmt.Errorf("ordering: %w: gradient of component %d at epoch %d, position %d: entry %d is %g", ErrNaN, i, t, pos, j, float64(v))
		default:
			return fmt.Errorf("ordering: %w: gradient of component %d at epoch %d, position %d: entry %d is %g, of magnitude 2^99 (6.3e29) or more once rounded to float32, beyond pair balance's float32 range", ErrRange, i, t, pos, j, float64(v))
		}
	}
	return nil
}

// observeChecked implements checkedObserver.
func (p *PairBalance32) observeChecked(_, _, i int, grad []float64) bool {
	return pair32Observe(p, i, grad)
}

// observeChecked32 implements checkedObserver.
func (p *PairBalance32) observeChecked32(_, _, i int, grad []float32) bool {
	return pair32Observe(p, i, grad)
}

// checkRow32 and checkRow64 implement rowChecker: the Sampler's check of
// the rows of a batch before any is observed.
func (p *PairBalance32) checkRow32(i, t, pos int, g []float32) error {
	return pair32Check(i, t, pos, g)
}
func (p *PairBalance32) checkRow64(i, t, pos int, g []float64) error {
	return pair32Check(i, t, pos, g)
}

// Uses implements User: PairBalance32 builds each order from the
// gradients of the previous epoch's steps.
func (p *PairBalance32) Uses(has Available) error {
	return needs("pair balance (float32)", has, Available{Observe: true})
}

// pair32Observe shows PairBalance32 the gradient of component i. It
// returns false, and changes nothing (but the buffer of the first of a
// pair when none is pending, which is not part of the state), if an entry
// is out of range.
func pair32Observe[T float32 | float64](p *PairBalance32, i int, grad []T) bool {
	d := len(grad)
	if !p.started {
		// Once an epoch: a pass of its own, before the buffers change.
		if !inRange32(grad) {
			return false
		}
		p.b.reset(0) // the order being built; the sum is p.s
		if len(p.s) != d {
			p.s, p.pending = make([]float32, d), make([]float32, d)
		}
		clear(p.s)
		p.pendingI = -1
		p.started = true
	}
	if p.pendingI < 0 {
		if !copyRange32(p.pending, grad) {
			return false
		}
		p.pendingI = i
		return true
	}
	sc, ok := pair32Dot(p.s, p.pending, grad)
	if !ok {
		return false
	}
	eps := p.b.signOf(sc)
	pair32Update(p.s, p.pending, grad, eps)
	a, b := p.pendingI, i
	if eps < 0 {
		a, b = b, a
	}
	p.b.place(a, 1)
	p.b.place(b, -1)
	p.pendingI = -1
	return true
}

// inRange32 reports whether every entry of g, rounded to float32, is
// finite and below pair32Limit in magnitude.
func inRange32[T float32 | float64](g []T) bool {
	for _, v := range g {
		if !(math.Abs(float64(float32(v))) < pair32Limit) {
			return false
		}
	}
	return true
}

// The kernels of PairBalance32. On amd64 with AVX2, the gradients'
// leading multiple of 16 entries (8 for the copy) go through
// the assembly loops of internal/vec, which do each element's arithmetic
// as the Go loops here do and keep the 16 partial sums of pair32Dot in
// the lanes of four registers, so the results are the same bits on every
// path.

// copyRange32 copies src into dst, rounding float64 to float32, and
// reports whether every entry of src was in range (inRange32).
func copyRange32[T float32 | float64](dst []float32, src []T) bool {
	n := len(src)
	dst = dst[:n]
	ok := true
	if m := n &^ 7; m > 0 {
		if done, okv := copyRange32Vec(dst[:m], src[:m]); done {
			dst, src, ok = dst[m:], src[m:], okv
		}
	}
	for j, v := range src {
		dst[j] = float32(v)
	}
	return inRange32(src) && ok
}

// pair32Dot returns <s, a - b>, each term float64(s_j)·float64(a_j -
// b_j), the difference in float32 (b rounded to float32 first), the
// product and the sum in float64: term j added to partial sum j mod 16
// over the leading multiple of 16 terms, the sums k, k+4, k+8 and k+12
// then added as (k + (k+8)) + ((k+4) + (k+12)), the rest of the terms
// added to the first of the four, and the four summed as (0+1)+(2+3). It
// also returns whether every entry of b is in range (inRange32).
func pair32Dot[T float32 | float64](s, a []float32, b []T) (float64, bool) {
	n := len(b)
	s, a = s[:n], a[:n]
	m := n &^ 15
	var l [16]float64
	ok := true
	if done, okv := pair32DotVec(&l, s[:m], a[:m], b[:m]); done {
		ok = okv
	} else {
		for j := 0; j < m; j += 16 {
			s, a, b := s[j:j+16:j+16], a[j:j+16:j+16], b[j:j+16:j+16]
			for k := range l {
				l[k] += float64(float64(s[k]) * float64(a[k]-float32(b[k])))
			}
		}
		ok = inRange32(b[:m])
	}
	var q [4]float64
	for k := range q {
		q[k] = (l[k] + l[k+8]) + (l[k+4] + l[k+12])
	}
	for j := m; j < n; j++ {
		q[0] += float64(float64(s[j]) * float64(a[j]-float32(b[j])))
	}
	return (q[0] + q[1]) + (q[2] + q[3]), ok && inRange32(b[m:])
}

// pair32Update does s_j += eps (a_j - b_j), element by element, in
// float32 (b rounded to float32 first; eps is ±1, so the product is
// exact). The conversions of products here and in pair32Dot keep the
// compiler from fusing a multiply and an add, which the assembly loops do
// not do either.
func pair32Update[T float32 | float64](s, a []float32, b []T, eps float64) {
	n := len(b)
	s, a = s[:n], a[:n]
	e := float32(eps)
	if m := n &^ 15; pair32UpdateVec(s[:m], a[:m], b[:m], e) {
		s, a, b = s[m:], a[m:], b[m:]
	}
	for j, v := range b {
		s[j] += float32(e * (a[j] - float32(v)))
	}
}
