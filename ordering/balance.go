// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Online balancing orders (GraB: Lu, Guo and De Sa, NeurIPS 2022; pair
// balance: Cooper et al., CD-GraB, NeurIPS 2023) build r_{t+1} while epoch
// t runs, from the gradients its steps compute (stale by up to an epoch),
// with O(d) extra memory instead of the greedy chooser's extra pass and
// O(N d) memory. Each arriving vector c (a centred gradient, or the
// difference of a pair) gets a sign ε that keeps the running sum
// s = Σ ε c small:
//
//	ε = +1 if <s, c> ≤ 0 (then ‖s + c‖ ≤ ‖s - c‖), else -1,
//
// and the components with ε = +1 go to the front of the next order in
// visit order, those with ε = -1 to the back in reverse visit order.
// Herding theory (Harvey and Samadi; Lu et al.) bounds the prefix sums of
// the resulting order, and so σ*², by the largest ‖s‖ seen.

// SignRule chooses the sign of a vector c given the running sum s.
type SignRule int

const (
	// Deterministic gives ε = +1 if <s, c> ≤ 0 (or < 0, see Strict).
	Deterministic SignRule = iota
	// Probabilistic is the self-balancing walk of Alweiss, Liu and Sawhney
	// (2021): ε = +1 with probability ½ - <s, c>/(2C), clipped to [0, 1],
	// with C the largest |<s, c>| seen so far in the epoch (our choice:
	// the walk's theory takes C from a bound on ‖c‖ that is not known
	// online).
	Probabilistic
)

// BalanceSettings configures the balancing orders. The zero value is the
// deterministic rule with ties to +1.
type BalanceSettings struct {
	// Rule is the sign rule. Default Deterministic.
	Rule SignRule
	// Strict makes the deterministic rule ε = +1 only if <s, c> < 0, so
	// that ties (such as the first vector, s = 0) go to -1. Default false:
	// ties go to +1, ε = +1 if <s, c> ≤ 0.
	Strict bool
	// Seed seeds the first epoch's random permutation (when no Start is
	// given) and the probabilistic rule.
	Seed uint64
	// Start, if not nil, is the order of the first epoch, a permutation
	// of [0, N); default a random permutation.
	Start []int
}

// balancer holds what both balancing orders share: the sign rule, the
// running sum and the order being built.
type balancer struct {
	n     int
	set   BalanceSettings
	rnd   *rand.Rand
	src   *rand.PCG // rnd's source, for the saved state
	s     []float64 // running signed sum
	maxSC float64   // largest |<s, c>| this epoch (probabilistic rule)
	next  []int     // the order being built
	seen  []bool    // components placed in next
	left  int       // next free position at the front
	right int       // next free position at the back
}

func newBalancer(name string, n int, set BalanceSettings) (balancer, error) {
	if err := checkMaxComponents(name, n); err != nil {
		return balancer{}, err
	}
	if n <= 0 {
		return balancer{}, fmt.Errorf("ordering: %w: %s over n = %d components, want n > 0", ErrSetting, name, n)
	}
	if set.Rule != Deterministic && set.Rule != Probabilistic {
		return balancer{}, fmt.Errorf("ordering: %w: %s sign rule %d", ErrSetting, name, set.Rule)
	}
	if set.Start != nil {
		if err := checkPerm(set.Start, n); err != nil {
			return balancer{}, fmt.Errorf("ordering: %s start: %w", name, err)
		}
		set.Start = append([]int(nil), set.Start...)
	}
	rnd, src := newRand(set.Seed, balanceStream)
	return balancer{n: n, set: set, rnd: rnd, src: src}, nil
}

// checkPerm returns an error if p is not a permutation of [0, n).
func checkPerm(p []int, n int) error {
	if len(p) != n {
		return fmt.Errorf("%w: %d entries, want a permutation of [0, %d)", ErrIndex, len(p), n)
	}
	seen := make([]bool, n)
	for k, i := range p {
		if i < 0 || i >= n || seen[i] {
			return fmt.Errorf("%w: entry %d is %d, want a permutation of [0, %d)", ErrIndex, k, i, n)
		}
		seen[i] = true
	}
	return nil
}

// first returns the order of the first epoch.
func (b *balancer) first(dst []int) []int {
	if b.set.Start != nil {
		return append(dst[:0], b.set.Start...)
	}
	dst = identity(dst, b.n)
	shuffle(b.rnd, dst)
	return dst
}

// reset starts building a new order for vectors of dimension d.
func (b *balancer) reset(d int) {
	if len(b.s) != d {
		b.s = make([]float64, d)
	}
	clear(b.s)
	b.maxSC = 0
	if len(b.next) != b.n {
		b.next = make([]int, b.n)
		b.seen = make([]bool, b.n)
	}
	clear(b.seen)
	b.left, b.right = 0, b.n-1
}

// sign returns the sign of c against the running sum and adds ε c to it.
func (b *balancer) sign(c []float64) float64 {
	eps := b.signOf(dot(b.s, c))
	for j, v := range c {
		b.s[j] += eps * v
	}
	return eps
}

// signOf returns the sign ε for the inner product sc = <s, c>.
func (b *balancer) signOf(sc float64) float64 {
	eps := 1.0
	switch b.set.Rule {
	case Deterministic:
		if sc > 0 || (b.set.Strict && sc == 0) {
			eps = -1
		}
	case Probabilistic:
		b.maxSC = math.Max(b.maxSC, math.Abs(sc))
		p := 0.5
		if b.maxSC > 0 {
			p = 0.5 - sc/(2*b.maxSC)
		}
		if b.rnd.Float64() >= p {
			eps = -1
		}
	}
	return eps
}

// place puts component i at the front (ε = +1) or the back of the order
// being built; a component already placed in this epoch is ignored.
func (b *balancer) place(i int, eps float64) {
	if i < 0 || i >= b.n || b.seen[i] {
		return
	}
	b.seen[i] = true
	if eps > 0 {
		b.next[b.left] = i
		b.left++
	} else {
		b.next[b.right] = i
		b.right--
	}
}

// finish returns the order built, with any component not placed (not
// visited in the epoch) in the middle, in its order in prev, the epoch's
// order, a permutation of [0, N) (nil: in increasing order), so that the
// result is always a permutation of [0, N) and an epoch ended early does
// not put a sorted run (a class, on data stored class by class) in the
// next order. It marks them placed.
func (b *balancer) finish(dst, prev []int) []int {
	for k := range b.n {
		i := k
		if prev != nil {
			i = prev[k]
		}
		if !b.seen[i] {
			b.seen[i] = true
			b.next[b.left] = i
			b.left++
		}
	}
	return append(dst[:0], b.next...)
}

// MeanBalance is GraB's online mean balancing. In epoch t it centres each
// gradient it observes on the mean gradient of epoch t-1 (in epoch 0, on
// the mean of the gradients observed so far in that epoch, 0 for the
// first), gives the centred gradient c a sign ε by BalanceSettings.Rule
// against the running sum s (deterministic: ε = +1 if <s, c> ≤ 0), adds
// ε c to s, and places the component at the front of the next order in
// visit order if ε = +1, at its back in reverse visit order if ε = -1;
// the order of epoch t+1 is the result.
// Epoch 0 uses BalanceSettings.Start or a random permutation. It keeps
// three vectors of length d: O(d) memory.
//
// MeanBalance needs the gradients of the steps: use it with Run, which
// calls Observe for every component's gradient (under Settings.BatchSize
// batching too: an Observer turns off a BatchGradienter's one-pass
// batches). If an epoch
// does not visit every component, the components it missed go in the
// middle of the next order, in their order in the epoch's. A MeanBalance
// is not safe for concurrent use.
type MeanBalance struct {
	b         balancer
	prevMean  []float64 // mean gradient of the previous epoch
	curMean   []float64 // running sum of this epoch's gradients
	count     int       // gradients observed this epoch
	started   bool      // an order is being built
	havePrev  bool      // prevMean holds a full epoch's mean
	lastOrder []int
}

var (
	_ Orderer  = (*MeanBalance)(nil)
	_ Observer = (*MeanBalance)(nil)
)

// NewMeanBalance returns mean balancing of n components. It returns an
// error if n <= 0, n > 2^28 (an order that could not be allocated) or
// s.Start is not a permutation of [0, n).
func NewMeanBalance(n int, s BalanceSettings) (*MeanBalance, error) {
	b, err := newBalancer("mean balance", n, s)
	if err != nil {
		return nil, err
	}
	return &MeanBalance{b: b}, nil
}

// Order implements Orderer.
func (m *MeanBalance) Order(dst []int, e Epoch) ([]int, error) {
	if err := checkLen("mean balance", m.b.n, e); err != nil {
		return dst[:0], err
	}
	if m.started {
		m.lastOrder = m.b.finish(m.lastOrder, m.lastOrder)
		m.endEpoch()
	}
	if m.lastOrder == nil {
		m.lastOrder = m.b.first(m.lastOrder)
	}
	return append(dst[:0], m.lastOrder...), nil
}

// endEpoch makes this epoch's mean the stale mean of the next.
func (m *MeanBalance) endEpoch() {
	if m.count > 0 {
		for j, v := range m.curMean {
			m.prevMean[j] = v / float64(m.count)
		}
		m.havePrev = true
	}
	m.started = false
	m.count = 0
}

// Observe implements Observer.
func (m *MeanBalance) Observe(_, _, i int, grad []float64) { meanObserve(m, i, grad) }

// observeChecked implements checkedObserver.
func (m *MeanBalance) observeChecked(_, _, i int, grad []float64) bool {
	return meanObserveFused(m, i, grad)
}

// observeChecked32 implements checkedObserver.
func (m *MeanBalance) observeChecked32(_, _, i int, grad []float32) bool {
	return meanObserveFused(m, i, grad)
}

// meanObserve is MeanBalance's Observe for float64 or float32 gradients,
// which it reads in place (the arithmetic is in float64 either way). It
// is Run's (through Observe), with the plain loops: the paper's cached
// runs hash its code (paper/cachecode.go), so it is kept as it was when
// they ran. A Sampler uses meanObserveFused, which gives the same bits
// faster.
func meanObserve[T float32 | float64](m *MeanBalance, i int, grad []T) {
	d := len(grad)
	if !m.started {
		m.b.reset(d)
		if len(m.prevMean) != d {
			m.prevMean, m.curMean = make([]float64, d), make([]float64, d)
			m.havePrev = false
		}
		clear(m.curMean)
		m.started = true
	}
	// The centre: the stale mean, or in epoch 0 the running mean so far.
	centre, scale := m.prevMean, 1.0
	if !m.havePrev {
		centre = m.curMean
		if m.count > 0 {
			scale = 1 / float64(m.count)
		} else {
			scale = 0
		}
	}
	// One pass for <s, c> (c = g - scale·centre, not stored), then one
	// for s += ε c and the running sum: two passes over four vectors, the
	// least memory traffic the rule allows.
	s, centre, cur := m.b.s[:d], centre[:d], m.curMean[:d] // no bounds checks below
	eps := m.b.signOf(dotDiff(s, grad, centre, scale))
	for j, v := range grad {
		s[j] += eps * (float64(v) - scale*centre[j])
		cur[j] += float64(v)
	}
	m.count++
	m.b.place(i, eps)
}

// meanObserveFused is meanObserve, the same bits, with the passes of
// balance_kernel.go: the finiteness of grad is read off the sign's inner
// product, and the second pass is unrolled. It returns false, and changes
// nothing, if grad is not finite.
func meanObserveFused[T float32 | float64](m *MeanBalance, i int, grad []T) bool {
	d := len(grad)
	if !m.started {
		// Once an epoch: a pass of its own, before the buffers change.
		if !finite(grad) {
			return false
		}
		m.b.reset(d)
		if len(m.prevMean) != d {
			m.prevMean, m.curMean = make([]float64, d), make([]float64, d)
			m.havePrev = false
		}
		clear(m.curMean)
		m.started = true
	}
	centre, scale := m.prevMean, 1.0
	if !m.havePrev {
		centre = m.curMean
		if m.count > 0 {
			scale = 1 / float64(m.count)
		} else {
			scale = 0
		}
	}
	sc, ok := dotDiffFinite(m.b.s, grad, centre, scale)
	if !ok {
		return false
	}
	eps := m.b.signOf(sc)
	meanUpdate(m.b.s, centre, m.curMean, grad, eps, scale)
	m.count++
	m.b.place(i, eps)
	return true
}

// PairBalance is the pair balancing of CD-GraB: it needs no mean. In epoch
// t it takes the observed gradients two at a time, signs the difference
// g_a - g_b of each pair against the running sum, and puts a at the front
// and b at the back if the sign is +1, the other way round if -1. An odd
// last gradient is placed by its own sign against the running sum
// (uncentred). Epoch 0 uses BalanceSettings.Start or a random
// permutation. It keeps two vectors of length d: O(d) memory. The
// remarks on Run and missed components of MeanBalance apply.
type PairBalance struct {
	b         balancer
	pending   []float64 // the first gradient of a pair
	pendingI  int       // its component, -1 if none
	started   bool
	lastOrder []int
}

var (
	_ Orderer  = (*PairBalance)(nil)
	_ Observer = (*PairBalance)(nil)
)

// NewPairBalance returns pair balancing of n components. It returns an
// error if n <= 0, n > 2^28 (an order that could not be allocated) or
// s.Start is not a permutation of [0, n).
func NewPairBalance(n int, s BalanceSettings) (*PairBalance, error) {
	b, err := newBalancer("pair balance", n, s)
	if err != nil {
		return nil, err
	}
	return &PairBalance{b: b, pendingI: -1}, nil
}

// Order implements Orderer.
func (p *PairBalance) Order(dst []int, e Epoch) ([]int, error) {
	if err := checkLen("pair balance", p.b.n, e); err != nil {
		return dst[:0], err
	}
	if p.started {
		p.flush()
		p.lastOrder = p.b.finish(p.lastOrder, p.lastOrder)
		p.started = false
	}
	if p.lastOrder == nil {
		p.lastOrder = p.b.first(p.lastOrder)
	}
	return append(dst[:0], p.lastOrder...), nil
}

// flush places an unpaired last gradient by its own sign.
func (p *PairBalance) flush() {
	if p.pendingI >= 0 {
		p.b.place(p.pendingI, p.b.sign(p.pending))
		p.pendingI = -1
	}
}

// Observe implements Observer.
func (p *PairBalance) Observe(_, _, i int, grad []float64) { pairObserve(p, i, grad) }

// observeChecked implements checkedObserver.
func (p *PairBalance) observeChecked(_, _, i int, grad []float64) bool {
	return pairObserveFused(p, i, grad)
}

// observeChecked32 implements checkedObserver.
func (p *PairBalance) observeChecked32(_, _, i int, grad []float32) bool {
	return pairObserveFused(p, i, grad)
}

// pairObserve is PairBalance's Observe for float64 or float32 gradients;
// the first of a pair is kept in float64. It is Run's, kept as it was
// for the paper's cached runs, as meanObserve is; a Sampler uses
// pairObserveFused.
func pairObserve[T float32 | float64](p *PairBalance, i int, grad []T) {
	d := len(grad)
	if !p.started {
		p.b.reset(d)
		if len(p.pending) != d {
			p.pending = make([]float64, d)
		}
		p.pendingI = -1
		p.started = true
	}
	if p.pendingI < 0 {
		copyTo64(p.pending, grad)
		p.pendingI = i
		return
	}
	// Fused: <s, pending - g>, then s += ε (pending - g).
	s, pending := p.b.s[:d], p.pending[:d] // no bounds checks below
	eps := p.b.signOf(dotDiff(s, pending, grad, 1))
	for j, v := range grad {
		s[j] += eps * (pending[j] - float64(v))
	}
	a, b := p.pendingI, i
	if eps < 0 {
		a, b = b, a
	}
	p.b.place(a, 1)
	p.b.place(b, -1)
	p.pendingI = -1
}

// pairObserveFused is pairObserve, the same bits, with the passes of
// balance_kernel.go: the first of a pair is checked while it is copied,
// the second's finiteness is read off the sign's inner product, and the
// update is unrolled. It returns false, and changes nothing (but the
// buffer of the first of a pair when none is pending, which is not part of
// the state), if grad is not finite.
func pairObserveFused[T float32 | float64](p *PairBalance, i int, grad []T) bool {
	d := len(grad)
	if !p.started {
		// Once an epoch: a pass of its own, before the buffers change.
		if !finite(grad) {
			return false
		}
		p.b.reset(d)
		if len(p.pending) != d {
			p.pending = make([]float64, d)
		}
		p.pendingI = -1
		p.started = true
	}
	if p.pendingI < 0 {
		if !copyFinite(p.pending, grad) {
			return false
		}
		p.pendingI = i
		return true
	}
	sc, ok := diffDotFinite(p.b.s, p.pending, grad)
	if !ok {
		return false
	}
	eps := p.b.signOf(sc)
	pairUpdate(p.b.s, p.pending, grad, eps)
	a, b := p.pendingI, i
	if eps < 0 {
		a, b = b, a
	}
	p.b.place(a, 1)
	p.b.place(b, -1)
	p.pendingI = -1
	return true
}

// MeanBalanceOrder stores in dst, resized as needed, the order mean
// balancing builds from one pass over the rows of grads in the order
// start (nil: 0, 1, ..., N-1), centring every row on the exact mean of the
// rows (offline, the mean is known), and returns it. It is MeanBalance
// observing the rows with the exact mean as its stale mean, so the two
// round alike. Repeated calls, each
// starting from the previous result, are balancing over several epochs on
// a fixed gradient matrix; dst may be start. It returns an error if
// grads is nil, has no rows or more than 2^28 of them, or if start is not
// a permutation of the rows.
func MeanBalanceOrder(dst []int, grads *mat.Dense, start []int, s BalanceSettings) ([]int, error) {
	if err := checkGrads(grads); err != nil {
		return dst, err
	}
	n, d := grads.Dims()
	s.Start = nil
	m, err := NewMeanBalance(n, s)
	if err != nil {
		return dst, err
	}
	if start == nil {
		start = identity(nil, n)
	} else if err := checkPerm(start, n); err != nil {
		return dst, fmt.Errorf("ordering: mean balance start: %w", err)
	}
	// Offline the mean is known: it is the online order's stale mean,
	// exact.
	m.prevMean, m.curMean, m.havePrev = rowMean(nil, grads), make([]float64, d), true
	raw := grads.RawMatrix()
	for k, i := range start {
		m.Observe(0, k, i, raw.Data[i*raw.Stride:i*raw.Stride+d])
	}
	return m.b.finish(dst, nil), nil
}

// PairBalanceOrder is MeanBalanceOrder for pair balancing (no mean).
func PairBalanceOrder(dst []int, grads *mat.Dense, start []int, s BalanceSettings) ([]int, error) {
	if err := checkGrads(grads); err != nil {
		return dst, err
	}
	n, _ := grads.Dims()
	s.Start = nil
	p, err := NewPairBalance(n, s)
	if err != nil {
		return dst, err
	}
	if start == nil {
		start = identity(nil, n)
	} else if err := checkPerm(start, n); err != nil {
		return dst, fmt.Errorf("ordering: pair balance start: %w", err)
	}
	raw := grads.RawMatrix()
	d := raw.Cols
	for k, i := range start {
		p.Observe(0, k, i, raw.Data[i*raw.Stride:i*raw.Stride+d])
	}
	p.flush()
	return p.b.finish(dst, nil), nil
}

// dotDiff returns <s, a - scale·b> with four partial sums, which lets the
// processor overlap the additions (a single running sum waits for each
// one); the grouping is fixed, so the result is reproducible.
//
// a or b may be float32 (a gradient read in place); the arithmetic is in
// float64, so for float64 vectors the result is the same bits.
func dotDiff[A, B float32 | float64](s []float64, a []A, b []B, scale float64) float64 {
	var s0, s1, s2, s3 float64
	n := len(a)
	j := 0
	for ; j+4 <= n; j += 4 {
		// Slices of four let the compiler drop the bounds checks.
		s, a, b := s[j:j+4:j+4], a[j:j+4:j+4], b[j:j+4:j+4]
		s0 += s[0] * (float64(a[0]) - scale*float64(b[0]))
		s1 += s[1] * (float64(a[1]) - scale*float64(b[1]))
		s2 += s[2] * (float64(a[2]) - scale*float64(b[2]))
		s3 += s[3] * (float64(a[3]) - scale*float64(b[3]))
	}
	for ; j < n; j++ {
		s0 += s[j] * (float64(a[j]) - scale*float64(b[j]))
	}
	return (s0 + s1) + (s2 + s3)
}

// copyTo64 copies src into dst, converting float32 to float64.
func copyTo64[T float32 | float64](dst []float64, src []T) {
	if s, ok := any(src).([]float64); ok {
		copy(dst, s)
		return
	}
	for j, v := range src {
		dst[j] = float64(v)
	}
}
