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

// Orders across workers (Cooper, Guo, Pham, Yuan, Ruan, Lu and De Sa,
// "CD-GraB: Coordinating Distributed Example Orders for Provably
// Accelerated Training", NeurIPS 2023). In data-parallel SGD W workers
// each hold n examples; at step t every worker w takes the example
// π_w(t) of its order of the epoch, and the model moves by the mean of
// the W gradients:
//
//	x_{t+1} = x_t - γ (1/W) Σ_w ∇f_{w, π_w(t)}(x_t).
//
// What the epoch's path depends on is then the combined order, the
// sequence of the W-tuples (π_1(t), ..., π_W(t)), and its herding is that
// of the prefix sums of the averaged centred gradients (CombinedDiscrepancy).
// WorkerOrders gives the W orders of every epoch by one of three methods:
// each worker reshuffling on its own (D-RR), each balancing its own
// gradients (ID-GraB), or the W gradients of every step balanced together
// (CD-GraB).

// WorkerMethod is how the workers order their examples.
type WorkerMethod int

const (
	// DRR is distributed random reshuffling: every worker draws a fresh
	// uniformly random permutation of its examples each epoch, on its own.
	DRR WorkerMethod = iota
	// IDGraB is independent balancing: every worker runs PairBalance on
	// its own gradients, alone; nothing is sent between workers.
	IDGraB
	// CDGraB is coordinated balancing: the gradients of a step pair
	// (steps 2k and 2k+1) of all W workers are balanced together, online,
	// by pair balancing with one running sum s shared by the workers. For
	// w = 1, ..., W in turn the difference c_w = g_{w,2k} - g_{w,2k+1} of
	// worker w's pair gets the sign
	//
	//	ε_w = +1 if <s, c_w> ≤ 0 (then ‖s + c_w‖ ≤ ‖s - c_w‖), else -1,
	//
	// s += ε_w c_w, and worker w puts the example of its pair with the
	// sign +1 at position k of its next order and the other at position
	// n-1-k (Algorithm 2 of Cooper et al.). Centring on any vector shared
	// by the pair, such as a stale mean, cancels in the difference, so
	// this is pair balancing of the stale-mean-centred gradients, and no
	// mean is needed or sent. With n odd the example of the last, unpaired
	// step goes to the middle position of the next order.
	CDGraB
)

// String returns the method's name as the CD-GraB paper writes it.
func (m WorkerMethod) String() string {
	switch m {
	case DRR:
		return "D-RR"
	case IDGraB:
		return "ID-GraB"
	case CDGraB:
		return "CD-GraB"
	}
	return fmt.Sprintf("WorkerMethod(%d)", int(m))
}

// WorkerOrders simulates, in one process, the orders of W workers of
// data-parallel SGD, each holding n examples numbered 0..n-1. Drive it as
// a training loop does: Orders gives the W orders of the epoch about to
// run; for t = 0..n-1 Observe takes the W gradients of step t (worker w's
// gradient of its example orders[w][t]); the next call of Orders ends the
// epoch and gives the next orders. Epoch 0's orders are uniformly random
// permutations drawn from the seed, the same for every method, so that
// the methods compare on a shared start. The same method, sizes, seed and
// gradients give the same orders, bit for bit.
//
// With microbatches (B examples per worker and training step, all at one
// model point), a step of the loop is B steps here: Observe the B examples'
// gradients one after another, in microbatch order. With B even, CD-GraB
// then pairs the examples inside each microbatch, as CD-GraB's own
// microbatch code does (see the package doc, "Reproducing GraB,
// grab-sampler and CD-GraB").
//
// A WorkerOrders is not safe for concurrent use.
type WorkerOrders struct {
	method WorkerMethod
	w, n   int
	rnds   []*rand.Rand   // one per worker: epoch 0, and every epoch of D-RR
	pairs  []*PairBalance // ID-GraB: one per worker
	bals   []balancer     // CD-GraB: the next order of each worker
	s      []float64      // CD-GraB: the running sum shared by the workers
	first  [][]float64    // CD-GraB: each worker's first gradient of the pair
	orders [][]int        // the orders of the epoch running
	epoch  int            // the epoch running, -1 before the first Orders
	step   int            // steps observed in the epoch running
	d      int            // the gradients' length, 0 before the first
}

// NewWorkerOrders returns the orders of w workers of n examples each by
// method, seeded by seed. It returns an error wrapping ErrSetting, naming
// the value, if method is not DRR, IDGraB or CDGraB, w < 1, n < 1 or w·n
// is above 2^28.
func NewWorkerOrders(method WorkerMethod, w, n int, seed uint64) (*WorkerOrders, error) {
	switch {
	case method != DRR && method != IDGraB && method != CDGraB:
		return nil, fmt.Errorf("ordering: %w: worker orders with method %d, want DRR, IDGraB or CDGraB", ErrSetting, int(method))
	case w < 1 || n < 1:
		return nil, fmt.Errorf("ordering: %w: %v orders of W = %d workers with n = %d examples each, want both >= 1", ErrSetting, method, w, n)
	case w > maxLen/n:
		return nil, fmt.Errorf("ordering: %w: %v orders of W·n = %d·%d examples, want at most 2^28", ErrSetting, method, w, n)
	}
	o := &WorkerOrders{method: method, w: w, n: n, epoch: -1, rnds: make([]*rand.Rand, w), orders: make([][]int, w)}
	for k := range o.rnds {
		o.rnds[k] = rand.New(rand.NewPCG(seed, workerStream+uint64(k)))
		o.orders[k] = identity(nil, n)
		shuffle(o.rnds[k], o.orders[k])
	}
	switch method {
	case IDGraB:
		o.pairs = make([]*PairBalance, w)
		for k := range o.pairs {
			p, err := NewPairBalance(n, BalanceSettings{Start: o.orders[k]})
			if err != nil {
				return nil, err
			}
			o.pairs[k] = p
		}
	case CDGraB:
		o.bals = make([]balancer, w)
		o.first = make([][]float64, w)
		for k := range o.bals {
			b, err := newBalancer("CD-GraB", n, BalanceSettings{})
			if err != nil {
				return nil, err
			}
			o.bals[k] = b
		}
	}
	return o, nil
}

// workerStream is the PCG stream of worker 0's random permutations; worker
// w uses workerStream + w.
const workerStream = 0x776f726b6572 // "worker"

// Method returns the method of the orders.
func (o *WorkerOrders) Method() WorkerMethod { return o.method }

// Workers returns W, the number of workers.
func (o *WorkerOrders) Workers() int { return o.w }

// Len returns n, the number of examples each worker holds.
func (o *WorkerOrders) Len() int { return o.n }

// Orders ends the epoch running, if any, and stores in dst, resized as
// needed, the W orders of the next: dst[w] is worker w's permutation of
// [0, n). The slices of dst are reused if they have the capacity; the
// orders are copies, which the caller may modify. An epoch may end before
// its n steps: the balancing methods place the examples not observed in
// the middle of the next order (see MeanBalance).
func (o *WorkerOrders) Orders(dst [][]int) [][]int {
	if o.epoch >= 0 {
		o.next()
	}
	o.epoch++
	o.step = 0
	if cap(dst) < o.w {
		dst = append(dst[:cap(dst)], make([][]int, o.w-cap(dst))...)
	}
	dst = dst[:o.w]
	for k := range dst {
		dst[k] = append(dst[k][:0], o.orders[k]...)
	}
	return dst
}

// next builds the orders of the next epoch from the one that ran.
func (o *WorkerOrders) next() {
	switch o.method {
	case DRR:
		for k, r := range o.rnds {
			shuffle(r, o.orders[k])
		}
	case IDGraB:
		for k, p := range o.pairs {
			// Order's only error is a problem of another size: there is none.
			o.orders[k], _ = p.Order(o.orders[k], Epoch{T: o.epoch + 1})
		}
	case CDGraB:
		if o.step == 0 {
			return // nothing observed: the orders stay
		}
		if o.step%2 == 1 {
			// The unpaired last step: the middle position when n is odd.
			for k := range o.bals {
				o.bals[k].place(o.orders[k][o.step-1], 1)
			}
		}
		for k := range o.bals {
			o.orders[k] = o.bals[k].finish(o.orders[k], o.orders[k])
		}
	}
}

// Observe takes the gradients of the next step of the epoch: grads[w] is
// worker w's gradient of its example Orders gave at this step, all of one
// length d. The gradients are read, not kept. It returns an error, and
// observes nothing, if Orders has not been called (ErrSetting), the epoch
// has had its n steps (ErrIndex), grads does not hold W gradients of one
// positive length, the length of the previous steps' (ErrDim), or a value
// is NaN or infinite (ErrNaN); the error names the value.
func (o *WorkerOrders) Observe(grads [][]float64) error {
	if err := o.checkStep(grads); err != nil {
		return err
	}
	t := o.step
	switch o.method {
	case IDGraB:
		for k, p := range o.pairs {
			p.Observe(o.epoch, t, o.orders[k][t], grads[k])
		}
	case CDGraB:
		o.cdStep(t, grads)
	}
	o.step++
	return nil
}

// checkStep returns the error of Observe for grads at the step running.
func (o *WorkerOrders) checkStep(grads [][]float64) error {
	switch {
	case o.epoch < 0:
		return fmt.Errorf("ordering: %w: %v Observe before the first Orders", ErrSetting, o.method)
	case o.step >= o.n:
		return fmt.Errorf("ordering: %w: %v step %d of an epoch of n = %d steps; call Orders to start the next epoch", ErrIndex, o.method, o.step, o.n)
	case len(grads) != o.w:
		return fmt.Errorf("ordering: %w: %v step with %d gradients, want one per worker, W = %d", ErrDim, o.method, len(grads), o.w)
	}
	d := o.d
	if d == 0 {
		d = len(grads[0])
	}
	for k, g := range grads {
		if len(g) != d || d == 0 {
			return fmt.Errorf("ordering: %w: %v worker %d gradient of length %d, want %d > 0", ErrDim, o.method, k, len(g), d)
		}
	}
	for k, g := range grads {
		for j, v := range g {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("ordering: %w: %v worker %d gradient[%d] = %v at step %d", ErrNaN, o.method, k, j, v, o.step)
			}
		}
	}
	o.d = d
	return nil
}

// cdStep is CD-GraB's work at step t: keep the first gradient of each
// worker's pair, or sign the pair differences of the W workers in turn
// against the shared running sum and place their examples.
func (o *WorkerOrders) cdStep(t int, grads [][]float64) {
	if t == 0 {
		if len(o.s) != o.d {
			o.s = make([]float64, o.d)
		}
		clear(o.s)
		for k := range o.bals {
			o.bals[k].reset() // positions only: s is shared
		}
	}
	if t%2 == 0 {
		for k, g := range grads {
			o.first[k] = append(o.first[k][:0], g...)
		}
		return
	}
	for k, g := range grads {
		a := o.first[k]
		eps := 1.0
		if dotDiff(o.s, a, g, 1) > 0 {
			eps = -1
		}
		for j, v := range g {
			o.s[j] += eps * (a[j] - v)
		}
		plus, minus := o.orders[k][t-1], o.orders[k][t]
		if eps < 0 {
			plus, minus = minus, plus
		}
		o.bals[k].place(plus, 1)
		o.bals[k].place(minus, -1)
	}
}

// EpochBytes returns the bytes the method sends between machines in one
// epoch of n steps, beyond the all-reduce of the gradients that every
// step of data-parallel SGD does anyway, for gradients of d values of
// elem bytes each (8 for float64, 4 for float32):
//
//	D-RR, ID-GraB: 0 (each worker orders what it holds, alone);
//	CD-GraB:       ⌊n/2⌋·W·(d·elem + 1).
//
// At every second step each CD-GraB worker sends its pair difference (d
// values) to the server that runs the balancing, which sends back its sign
// (one byte); the server holds the running sum, d values. (CD-GraB's own
// code all-gathers the differences instead, so that every worker computes
// every sign: each worker then receives (W-1)·d values per pair.) A step
// sends EpochBytes/n on average. It panics if d < 0 or elem < 0.
func (o *WorkerOrders) EpochBytes(d, elem int) int64 {
	if d < 0 || elem < 0 {
		panic("ordering: EpochBytes with a negative size")
	}
	if o.method != CDGraB {
		return 0
	}
	return int64(o.n/2) * int64(o.w) * (int64(d)*int64(elem) + 1)
}

// CombinedDiscrepancy returns the herding report of the combined order of
// W workers: grads holds the W·n component gradients at one point x,
// worker w's example j at row w·n + j (the flat index of problems.TwoLevel
// with the workers as its top level), and orders[w] is worker w's order,
// a permutation of [0, n). Step t's vector is the mean of the W gradients
// the workers take at t,
//
//	v_t = (1/W) Σ_w g_{w, orders[w][t]},  t = 1..n,
//
// and the report is Discrepancy's of the sequence v_1, ..., v_n: the
// prefix sums S_k = Σ_{t ≤ k} (v_t - v̄), with v̄ the mean of all W·n rows,
// in the ∞- and 2-norm, and σ*² = max_k ‖S_k‖² of the combined order (M*
// = 0). S_k is the distance, per unit step size and to first order, of
// the parallel run's k-th iterate from that of full-gradient steps. It
// returns an error if grads is nil or its rows are not W·n for W =
// len(orders) > 0, or if an order is not a permutation of [0, n).
func CombinedDiscrepancy(grads *mat.Dense, orders [][]int) (DiscrepancyReport, error) {
	if err := checkGrads(grads); err != nil {
		return DiscrepancyReport{}, err
	}
	rows, d := grads.Dims()
	w := len(orders)
	if w == 0 {
		return DiscrepancyReport{}, fmt.Errorf("ordering: %w: combined discrepancy of no workers", ErrEmpty)
	}
	n := len(orders[0])
	if n == 0 || rows != w*n {
		return DiscrepancyReport{}, fmt.Errorf("ordering: %w: combined discrepancy of W = %d orders of %d examples over %d rows, want W·n rows", ErrDim, w, n, rows)
	}
	for k, r := range orders {
		if err := checkPerm(r, n); err != nil {
			return DiscrepancyReport{}, fmt.Errorf("ordering: combined discrepancy order of worker %d: %w", k, err)
		}
	}
	v := mat.NewDense(n, d, nil)
	raw, vr := grads.RawMatrix(), v.RawMatrix()
	for t := 0; t < n; t++ {
		dst := vr.Data[t*vr.Stride : t*vr.Stride+d]
		for k, r := range orders {
			i := k*n + r[t]
			for j, g := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
				dst[j] += g
			}
		}
		for j := range dst {
			dst[j] /= float64(w)
		}
	}
	return Discrepancy(v, identity(nil, n))
}
