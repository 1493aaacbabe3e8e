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
	// FirstEpochRunningMean makes mean balancing (MeanBalance,
	// MeanBalance32) centre each gradient of epoch 0, which has no
	// previous epoch's mean, on the mean of the gradients observed so far
	// in that epoch (0 for the first): our own rule, and the default
	// before this field existed. Default false: epoch 0's gradients are
	// centred on zero (balanced as they are), as GraB (Lu et al.),
	// grab-sampler and CD-GraB's mean balancing do. GraB's
	// orderedsampler/meanbalance.py also adds the centred gradients, not
	// the gradients, into the next epoch's mean; we do not copy that
	// (the next mean is the mean of the gradients in both settings). Pair
	// balancing has no mean and ignores the field.
	FirstEpochRunningMean bool
}

// balancer holds what the balancing orders share: the sign rule and the
// order being built (each keeps its running sum in its own type).
type balancer struct {
	n     int
	set   BalanceSettings
	rnd   *rand.Rand
	src   *rand.PCG // rnd's source, for the saved state
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

// reset starts building a new order.
func (b *balancer) reset() {
	b.maxSC = 0
	if len(b.next) != b.n {
		b.next = make([]int, b.n)
		b.seen = make([]bool, b.n)
	}
	clear(b.seen)
	b.left, b.right = 0, b.n-1
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
// zero, or with BalanceSettings.FirstEpochRunningMean on the mean of the
// gradients observed so far in that epoch), gives the centred gradient c
// a sign ε by BalanceSettings.Rule against the running sum s
// (deterministic: ε = +1 if <s, c> ≤ 0), adds ε c to s, and places the
// component at the front of the next order in visit order if ε = +1, at
// its back in reverse visit order if ε = -1; the order of epoch t+1 is
// the result.
// Epoch 0 uses BalanceSettings.Start or a random permutation. It keeps
// three vectors of length d: O(d) memory.
//
// MeanBalance needs the gradients of the steps: use it with Run, which
// calls Observe for every component's gradient (under Settings.BatchSize
// batching too: an Observer turns off a BatchGradienter's one-pass
// batches), or a Sampler. If an epoch
// does not visit every component, the components it missed go in the
// middle of the next order. A gradient with a NaN or infinite entry is
// not observed (Run fails on it; Err returns its error). A MeanBalance is
// not safe for concurrent use.
type MeanBalance struct{ meanBalance[float64] }

// MeanBalance32 is MeanBalance with its running sum and its means in
// float32, as GraB's PyTorch code keeps them in the gradients' type: 12d
// bytes against 24d. The inner product of the sign takes its terms and 16
// partial sums in float64 (as PairBalance32's), the rest of the
// arithmetic of each coordinate is in float32, so its orders are
// MeanBalance's wherever no sign's inner product lies within the rounding
// of the sums (about 1e-7 relative) of 0, and bit for bit where the
// gradients, their sums and means are exact in float32; a float64
// gradient is rounded to float32 first. An observation takes two passes
// (AVX2 loops on amd64): the sign's inner product reads the running sum,
// the centre and the gradient; the update reads them again, writes the
// running sum and adds the gradient to this epoch's sum, which it reads
// and writes: 36 bytes a coordinate of a float32 gradient (in epoch 0
// with FirstEpochRunningMean, a third pass forms the centre).
//
// Its sums stay finite if every gradient entry is below 2^99 (about
// 6.3e29) in magnitude once rounded to float32 and n is at most 2^27: a
// gradient with a larger or non-finite entry is rejected, as
// PairBalance32 rejects one. It keeps 12d + 17n bytes for gradients of
// length d over n components. The remarks on Run and missed components
// of MeanBalance apply. A MeanBalance32 is not safe for concurrent use.
type MeanBalance32 struct{ meanBalance[float32] }

// meanBalance is mean balancing with its vectors of length d in S: the
// implementation of MeanBalance and MeanBalance32.
type meanBalance[S float32 | float64] struct {
	b balancer
	s []S // the running signed sum
	// prevMean is the mean gradient of the previous epoch; zero until
	// there is one (in epoch 0 of MeanBalance32 with
	// FirstEpochRunningMean, the running mean, the centre).
	prevMean  []S
	curMean   []S  // running sum of this epoch's gradients
	count     int  // gradients observed this epoch
	started   bool // an order is being built
	havePrev  bool // prevMean holds a full epoch's mean
	lastOrder []int
	err       error // a gradient rejected by Observe
}

var (
	_ Orderer  = (*MeanBalance)(nil)
	_ Observer = (*MeanBalance)(nil)
	_ User     = (*MeanBalance)(nil)
	_ Orderer  = (*MeanBalance32)(nil)
	_ Observer = (*MeanBalance32)(nil)
	_ User     = (*MeanBalance32)(nil)
)

// NewMeanBalance returns mean balancing of n components. It returns an
// error if n <= 0, n > 2^28 (an order that could not be allocated) or
// s.Start is not a permutation of [0, n).
func NewMeanBalance(n int, s BalanceSettings) (*MeanBalance, error) {
	b, err := newBalancer("mean balance", n, s)
	if err != nil {
		return nil, err
	}
	return &MeanBalance{meanBalance[float64]{b: b}}, nil
}

// mean32MaxN is the most components MeanBalance32 takes: its running sum,
// of at most that many centred gradients of magnitude at most 2^100,
// stays below 2^127 < math.MaxFloat32.
const mean32MaxN = 1 << 27

// NewMeanBalance32 returns mean balancing of n components in float32. It
// returns an error if n <= 0, n > 2^27 or s.Start is not a permutation of
// [0, n).
func NewMeanBalance32(n int, s BalanceSettings) (*MeanBalance32, error) {
	const name = "mean balance (float32)"
	if n > mean32MaxN {
		return nil, fmt.Errorf("ordering: %w: %s over n = %d components, want at most 2^27", ErrSetting, name, n)
	}
	b, err := newBalancer(name, n, s)
	if err != nil {
		return nil, err
	}
	return &MeanBalance32{meanBalance[float32]{b: b}}, nil
}

// name is the order's name in errors.
func (m *meanBalance[S]) name() string {
	if is32[S]() {
		return "mean balance (float32)"
	}
	return "mean balance"
}

// Order implements Orderer. It returns the error of a gradient rejected
// by Observe, if there was one.
func (m *meanBalance[S]) Order(dst []int, e Epoch) ([]int, error) {
	if m.err != nil {
		return dst[:0], m.err
	}
	if err := checkLen(m.name(), m.b.n, e); err != nil {
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
func (m *meanBalance[S]) endEpoch() {
	if m.count > 0 {
		for j, v := range m.curMean {
			m.prevMean[j] = S(float64(v) / float64(m.count))
		}
		m.havePrev = true
	}
	m.started = false
	m.count = 0
}

// Observe implements Observer. A gradient the order does not take (a NaN
// or infinite entry; for MeanBalance32 also one of magnitude 2^99 or
// more) is not observed, and the next Order returns its error (Run asks
// for no order after its last epoch; Err returns the error then).
func (m *meanBalance[S]) Observe(t, pos, i int, grad []float64) {
	if m.err == nil && !meanObserve(m, i, grad) {
		m.err = gradCheck[S](m.name(), i, t, pos, grad)
	}
}

// Err returns the error of a gradient rejected by Observe, nil if there
// was none.
func (m *meanBalance[S]) Err() error { return m.err }

// Uses implements User: mean balancing builds each order from the
// gradients of the previous epoch's steps.
func (m *meanBalance[S]) Uses(has Available) error {
	return needs(m.name(), has, Available{Observe: true})
}

// observeChecked implements checkedObserver.
func (m *meanBalance[S]) observeChecked(_, _, i int, grad []float64) bool {
	return meanObserve(m, i, grad)
}

// observeChecked32 implements checkedObserver.
func (m *meanBalance[S]) observeChecked32(_, _, i int, grad []float32) bool {
	return meanObserve(m, i, grad)
}

// checkRow32 and checkRow64 implement rowChecker: the Sampler's check of
// the rows of a batch before any is observed.
func (m *MeanBalance32) checkRow32(i, t, pos int, g []float32) error {
	return gradCheck[float32](m.name(), i, t, pos, g)
}
func (m *MeanBalance32) checkRow64(i, t, pos int, g []float64) error {
	return gradCheck[float32](m.name(), i, t, pos, g)
}

// meanObserve shows mean balancing the gradient of component i, read in
// place. It returns false, and changes nothing the order saves, if the
// order does not take grad (takes).
func meanObserve[S, T float32 | float64](m *meanBalance[S], i int, grad []T) bool {
	d := len(grad)
	if !m.started {
		// Once an epoch: a pass of its own, before the buffers change.
		if !takes[S](grad) {
			return false
		}
		m.b.reset()
		if len(m.s) != d {
			m.s, m.prevMean, m.curMean = make([]S, d), make([]S, d), make([]S, d)
			m.havePrev = false
		}
		clear(m.s)
		clear(m.curMean)
		if !m.havePrev {
			clear(m.prevMean)
		}
		m.started = true
	}
	// The centre: the stale mean (zero in epoch 0), or in epoch 0 with
	// FirstEpochRunningMean the running mean so far.
	centre, scale := m.prevMean, 1.0
	if !m.havePrev {
		scale = 0
		if m.b.set.FirstEpochRunningMean && m.count > 0 {
			centre, scale = m.curMean, 1/float64(m.count)
		}
	}
	if is32[S]() && scale != 1 {
		// MeanBalance32's loops take no scale: the centre is zero
		// (prevMean, cleared) or the running mean, stored in prevMean.
		if scale != 0 {
			scaleInto(m.prevMean, m.curMean, scale)
		}
		centre, scale = m.prevMean, 1
	}
	sc, ok := meanDot(m.s, centre, grad, scale)
	if !ok {
		return false
	}
	eps := m.b.signOf(sc)
	meanUpdateS(m.s, centre, m.curMean, grad, eps, scale)
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
// remarks on Run, missed components and non-finite gradients of
// MeanBalance apply.
type PairBalance struct{ pairBalance[float64] }

// PairBalance32 is PairBalance with its running sum and the kept first
// gradient of a pair in float32, as GraB's and CD-GraB's PyTorch code
// keeps them in the gradients' type: half PairBalance's memory and 18
// bytes moved per coordinate of a float32 gradient against 30
// (BenchmarkSampler measures its share of a training step; README.md gives
// the figures).
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
type PairBalance32 struct{ pairBalance[float32] }

// pairBalance is pair balancing with its vectors of length d in S: the
// implementation of PairBalance and PairBalance32.
type pairBalance[S float32 | float64] struct {
	b         balancer
	s         []S // the running signed sum
	pending   []S // the first gradient of a pair
	pendingI  int // its component, -1 if none
	started   bool
	lastOrder []int
	err       error // a gradient rejected by Observe
}

var (
	_ Orderer  = (*PairBalance)(nil)
	_ Observer = (*PairBalance)(nil)
	_ User     = (*PairBalance)(nil)
	_ Orderer  = (*PairBalance32)(nil)
	_ Observer = (*PairBalance32)(nil)
	_ User     = (*PairBalance32)(nil)
)

// NewPairBalance returns pair balancing of n components. It returns an
// error if n <= 0, n > 2^28 (an order that could not be allocated) or
// s.Start is not a permutation of [0, n).
func NewPairBalance(n int, s BalanceSettings) (*PairBalance, error) {
	p, err := newPairBalance[float64](n, s)
	if err != nil {
		return nil, err
	}
	return &PairBalance{p}, nil
}

// NewPairBalance32 returns pair balancing of n components in float32. It
// returns an error if n <= 0, n > 2^28 or s.Start is not a permutation of
// [0, n).
func NewPairBalance32(n int, s BalanceSettings) (*PairBalance32, error) {
	p, err := newPairBalance[float32](n, s)
	if err != nil {
		return nil, err
	}
	return &PairBalance32{p}, nil
}

// newPairBalance returns pair balancing of n components in S.
func newPairBalance[S float32 | float64](n int, s BalanceSettings) (pairBalance[S], error) {
	p := pairBalance[S]{pendingI: -1}
	// Mean balancing's option, which pair balancing ignores, is not part
	// of its state: a saved state restores whatever the option.
	s.FirstEpochRunningMean = false
	var err error
	p.b, err = newBalancer(p.name(), n, s)
	return p, err
}

// name is the order's name in errors.
func (p *pairBalance[S]) name() string {
	if is32[S]() {
		return "pair balance (float32)"
	}
	return "pair balance"
}

// Order implements Orderer. It returns the error of a gradient rejected
// by Observe, if there was one.
func (p *pairBalance[S]) Order(dst []int, e Epoch) ([]int, error) {
	if p.err != nil {
		return dst[:0], p.err
	}
	if err := checkLen(p.name(), p.b.n, e); err != nil {
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

// flush places an unpaired last gradient by its own sign: <s, g>, each
// product and the sum in float64, then s += ε g in S.
func (p *pairBalance[S]) flush() {
	if p.pendingI < 0 {
		return
	}
	var sc float64
	for j, v := range p.pending {
		sc += float64(float64(p.s[j]) * float64(v))
	}
	eps := p.b.signOf(sc)
	e := S(eps)
	for j, v := range p.pending {
		p.s[j] += S(e * v)
	}
	p.b.place(p.pendingI, eps)
	p.pendingI = -1
}

// Observe implements Observer. A gradient the order does not take (a NaN
// or infinite entry; for PairBalance32 also one of magnitude 2^99 or
// more) is not observed, and the next Order returns its error (Run asks
// for no order after its last epoch, and its results do not depend on
// one; Err returns the error then).
func (p *pairBalance[S]) Observe(t, pos, i int, grad []float64) {
	if p.err == nil && !pairObserve(p, i, grad) {
		p.err = gradCheck[S](p.name(), i, t, pos, grad)
	}
}

// Err returns the error of a gradient rejected by Observe, nil if there
// was none.
func (p *pairBalance[S]) Err() error { return p.err }

// Uses implements User: pair balancing builds each order from the
// gradients of the previous epoch's steps.
func (p *pairBalance[S]) Uses(has Available) error {
	return needs(p.name(), has, Available{Observe: true})
}

// observeChecked implements checkedObserver.
func (p *pairBalance[S]) observeChecked(_, _, i int, grad []float64) bool {
	return pairObserve(p, i, grad)
}

// observeChecked32 implements checkedObserver.
func (p *pairBalance[S]) observeChecked32(_, _, i int, grad []float32) bool {
	return pairObserve(p, i, grad)
}

// checkRow32 and checkRow64 implement rowChecker: the Sampler's check of
// the rows of a batch before any is observed.
func (p *PairBalance32) checkRow32(i, t, pos int, g []float32) error {
	return gradCheck[float32](p.name(), i, t, pos, g)
}
func (p *PairBalance32) checkRow64(i, t, pos int, g []float64) error {
	return gradCheck[float32](p.name(), i, t, pos, g)
}

// pairObserve shows pair balancing the gradient of component i, read in
// place. It returns false, and changes nothing (but the buffer of the
// first of a pair when none is pending, which is not part of the state),
// if the order does not take grad (takes).
func pairObserve[S, T float32 | float64](p *pairBalance[S], i int, grad []T) bool {
	d := len(grad)
	if !p.started {
		// Once an epoch: a pass of its own, before the buffers change.
		if !takes[S](grad) {
			return false
		}
		p.b.reset()
		if len(p.s) != d {
			p.s, p.pending = make([]S, d), make([]S, d)
		}
		clear(p.s)
		p.pendingI = -1
		p.started = true
	}
	if p.pendingI < 0 {
		if !pairCopy(p.pending, grad) {
			return false
		}
		p.pendingI = i
		return true
	}
	sc, ok := pairDot(p.s, p.pending, grad)
	if !ok {
		return false
	}
	eps := p.b.signOf(sc)
	pairUpdateS(p.s, p.pending, grad, eps)
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
// a permutation of the rows, and one wrapping ErrNaN, naming the row, if
// a row has a NaN or infinite entry.
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
	m.s, m.prevMean, m.curMean, m.havePrev = make([]float64, d), rowMean(nil, grads), make([]float64, d), true
	raw := grads.RawMatrix()
	for k, i := range start {
		m.Observe(0, k, i, raw.Data[i*raw.Stride:i*raw.Stride+d])
	}
	if m.err != nil {
		return dst, m.err
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
	if p.err != nil {
		return dst, p.err
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
