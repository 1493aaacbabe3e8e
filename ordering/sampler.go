// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// Sampler drives an Orderer from a training loop of one's own, in place of
// Run: the loop asks for each epoch's sequence, computes the gradients of
// the examples (or fixed batches: the components are whatever the loop
// indexes) in that sequence, hands each one to the sampler as it is
// computed, and takes its steps with its own network, optimiser and
// checkpoints:
//
//	s, err := ordering.NewSampler(o, n)
//	for epoch := range epochs {
//		seq, err := s.Next(seq) // r_t
//		for k, i := range seq {
//			g := gradient(i)           // the loop's own
//			err := s.ObserveAt32(k, g) // or ObserveAt, ObserveBatchAt, ObserveBatchAt32
//			step(g)
//		}
//	}
//
// The orders that learn from the steps' gradients (StaleGreedy,
// SketchedGreedy with Stale, MeanBalance, MeanBalance32, PairBalance,
// PairBalance32, or
// any Observer)
// build the next sequence from what they were shown; the others (RR,
// Incremental, ShuffleOnce, SGD, FlipFlop, the two-level and multi-level
// orders) ignore the gradients and cost only the checks of the position.
// An order that needs an oracle (Greedy, SketchedGreedy without Stale)
// cannot be driven this way: NewSampler returns its Uses error.
//
// # The contract
//
// Next starts epoch t (0 for its first call) and returns r_t. Within the
// epoch, the gradients are observed in the order of r_t, each entry at
// most once, keyed by their position in r_t or by their component:
//
//   - ObserveAt, ObserveAt32, ObserveBatchAt and ObserveBatchAt32 take
//     the position, as an Observer is shown it: a position after the next
//     one skips those between, and a component that repeats in r_t (SGD's
//     draws) is observed at the position given. A loop that walks r_t
//     (for k, i := range seq) should use them.
//   - Observe, Observe32, ObserveBatch and ObserveBatch32 take the
//     component, for a loop that knows only which components it computed
//     (a loader that yields indices, or shuffles within a batch):
//     observing component i takes the first position of i in r_t after
//     the last position observed (ObserveBatch says how a batch is read).
//     The first of them in an epoch indexes r_t for it.
//
// The two may be mixed within an epoch. Entries may be skipped (a last
// batch dropped, say); a skipped entry is not observed, and the learning
// orders place a component they did not see in the middle of the next
// order, in its order in r_t (the balancing orders), or keep its last
// gradient (the greedy ones). The gradient is read during the call and
// not retained: the sampler copies nothing, and an order copies only what
// it keeps (a row of StaleGreedy's matrix, a sketch, the first gradient
// of a pair of PairBalance). float32 gradients are read in place by the
// package's orders; an Observer from outside the package gets a float64
// copy.
//
// The first gradient fixes the length d. A gradient of another length, a
// position outside r_t or before Pos (observed or skipped already), an
// index outside [0, n), or a component not in r_t or observed already
// (after the last position observed) returns an error naming the value
// and wrapping ErrDim or ErrIndex, and an observation before the first
// Next one wrapping ErrNoEpoch;
// a gradient with a NaN or infinite entry returns an error wrapping ErrNaN
// (and, for PairBalance32 and MeanBalance32, one with a finite entry of
// magnitude 2^99 or more once rounded to float32, ErrRange) if the order learns from it
// (orders that learn nothing do not read the gradients).
// A call that returns an error observes nothing and leaves the sampler as
// it was, a batch included.
//
// # Saving and restoring
//
// MarshalBinary saves the sampler's state (the epoch, the position in it,
// its sequence and the order's own state: its random stream, its running
// sums, its stored gradients) and UnmarshalBinary restores it into a
// sampler made by NewSampler with an orderer made the same way (the same
// constructor, n and settings): the restored sampler continues with the
// same sequences, bit for bit, as the one saved. A checkpoint saved part
// way through an epoch resumes at Pos of Sequence. The orderers of this
// package can be saved, except Greedy and the oracle-driven SketchedGreedy
// (which a sampler does not drive); an orderer from outside the package
// can be saved if it implements encoding.BinaryMarshaler and
// encoding.BinaryUnmarshaler.
//
// A saved state is versioned and carries its length and a CRC-32C
// checksum of all its bytes: a truncated state, or one with any bit
// flipped, is refused, whatever it would decode to. On restore the order
// checks its state against the sampler's: the sequence is one the order
// can serve (a permutation of n for the orders that serve permutations,
// Incremental's and ShuffleOnce's own sequence, FlipFlop's permutation or
// its reverse, SGD's length), the position lies within it, and a
// balancing order serves that sequence and has placed only components
// from the positions before it. A state that fails returns an error
// wrapping ErrState that names the fault, and leaves the sampler and its
// order as they were (an orderer from outside the package restores its own
// state, and may leave it changed). States saved before version 2 (the
// first release of the Sampler, without length or checksum) are refused
// with an "unsupported state version" error: save again with this one.
//
// # Cost
//
// Observing a gradient costs the checks of its position or index (O(1),
// and for the first component-keyed observation of an epoch, O(L + n) to
// index r_t) and what the order does with it; the orders that learn
// nothing do not read it. The balancing orders make passes over vectors
// of d, bound by the bytes they move: on amd64 with AVX2 in assembly
// (package internal/vec), elsewhere in Go loops, with the same results
// (where the compiler may fuse multiply-adds, GOAMD64=v3, MeanBalance's
// and PairBalance's inner products and MeanBalance's update run in Go,
// compiled as Run's are). Per gradient of length d they make
//
//	MeanBalance    two passes: <s, c>, c = g - m (reading s, the centre m and g),
//	               then s += ε c and the epoch's sum += g (reading the four, writing s
//	               and the sum): 64 bytes moved per coordinate of a float32 gradient,
//	               72 of a float64 one
//	PairBalance    one pass for the first of a pair (its copy, in float64), two for the
//	               second (<s, a - b>, then s += ε (a - b)): 30 bytes per coordinate
//	               per gradient (float32), 36 (float64)
//	PairBalance32  PairBalance's passes on float32 vectors: 18 bytes per coordinate per
//	               gradient (float32)
//	MeanBalance32  <s, c> as PairBalance32's inner product, then s += ε c and the sum
//	               += g in one pass on float32 vectors: 36 bytes per coordinate per
//	               gradient (float32)
//	StaleGreedy    two: the finiteness check, and the copy into its float64 row
//	SketchedGreedy (Stale)  two: the check, and the sketch
//
// MeanBalance and PairBalance keep their running sums in float64, so that
// float32 and float64 observations of the same values give the same
// orders, bit for bit, and Run's; PairBalance32 and MeanBalance32 keep
// theirs in float32, as GraB's PyTorch code does, for about half the bytes. A balancing order reads
// the finiteness of a gradient off <s, c>, which a NaN or infinite entry
// makes NaN or infinite, at no cost per coordinate (the first gradient of
// an epoch, and of a pair, is checked in a pass of its own, or in its
// copy). The cost is per gradient observed, one a batch, against a
// training step of about 6Bd floating-point operations on a batch of B
// examples: its share of the step falls as 1/B. BenchmarkSampler (make
// bench-sampler) measures the share on the MNIST MLP, beside the same
// rule in PyTorch; README.md gives the figures, with the machine and the
// setting they were measured in. Run shows its gradients to the orders'
// Observe, which makes the same passes, so the Sampler gives Run's bits.
//
// Next costs the order's Order: O(N) for the orders that learn nothing and
// the balancing orders; for StaleGreedy, Algorithm 2 on its N stored
// gradients: their Gram matrix, N²d/2 multiply-adds in float64 BLAS, and
// O(N²) for the choice; for stale SketchedGreedy, the same with sketches
// of K in place of d. On the MLP's N = 938 batches that is 4.5·10¹⁰
// multiply-adds an epoch for StaleGreedy, several times the epoch's
// training, and 4.5·10⁸ for SketchedGreedy at K = 1024: StaleGreedy is
// the exact order, at greedy's price; SketchedGreedy with Stale is the
// affordable one.
//
// The sampler keeps 8L bytes for an epoch of L entries (the sequence),
// 4L + 4n more over n components once a component-keyed method is used
// (the positions of each component in it), and up to 32B for a batch of
// B (the rows' positions);
// the orders keep, in bytes, with N = n and K = min(K, d),
//
//	RR, SGD, StandardShuffle   none (a random stream)
//	FlipFlop, SGDInternal      8n (a permutation)
//	MeanBalance                24d + 17n (three float64 vectors of d)
//	PairBalance                16d + 17n (two)
//	PairBalance32              8d + 17n (two float32 vectors)
//	MeanBalance32              12d + 17n (three float32 vectors)
//	StaleGreedy                8Nd + 8N² + 8d + 18N (the gradients, their Gram matrix)
//	SketchedGreedy (Stale)     8NK + 8N² + 12d + 8K + 18N (the sketches, theirs, the sketch's tables)
//
// BenchmarkSampler measures them on the MNIST MLP (d = 101,770, N = 938
// batches of 64): 0.85 MB for PairBalance32, 1.7 MB for PairBalance,
// 2.5 MB for MeanBalance, 16 MB for SketchedGreedy at K = 1024, 771 MB
// for StaleGreedy. The saved state (MarshalBinary) is about as large,
// less the Gram matrices and the sketch's tables, which are rebuilt.
//
// A Sampler is not safe for concurrent use.
type Sampler struct {
	o     Orderer
	obs   Observer        // o, if it learns from the gradients
	obs32 observer32      // o, if it reads float32 gradients in place
	chk   checkedObserver // o, if it checks the gradients' finiteness itself
	rows  rowChecker      // o, if it takes only some finite gradients
	n     int
	t     int   // the current epoch, -1 before the first Next
	seq   []int // r_t
	pos   int   // the next position that may be observed
	d     int   // the gradient length, 0 until the first observation
	// The positions of component i in r_t are at[first[i]:first[i+1]],
	// increasing, once indexed (by the first component-keyed observation
	// of the epoch).
	first, at []int32
	indexed   bool
	g64       []float64  // float32 gradients converted for an Observer from outside
	batch     []batchRow // the rows of a batch by position
}

// ErrNoEpoch is wrapped by the error of a gradient shown to a Sampler
// before its first Next.
var ErrNoEpoch = errors.New("no epoch started")

// observer32 is implemented by the package's orders that learn from
// float32 gradients read in place.
type observer32 interface {
	observe32(t, pos, i int, grad []float32)
}

// checkedObserver is implemented by the package's orders that check the
// finiteness of a gradient in the pass that first reads it: the methods
// observe it and return true, or return false and change nothing the
// order saves if an entry is not finite.
type checkedObserver interface {
	observeChecked(t, pos, i int, grad []float64) bool
	observeChecked32(t, pos, i int, grad []float32) bool
}

// rowChecker is implemented by the package's orders that take only some
// finite gradients (PairBalance32: entries below 2^99 in magnitude): the
// Sampler checks each row, the gradient of component i at epoch t and
// position pos, with checkRow32 or checkRow64 in place of finite, which
// return nil or the row's error.
type rowChecker interface {
	checkRow32(i, t, pos int, g []float32) error
	checkRow64(i, t, pos int, g []float64) error
}

// dimChecker is implemented by orders whose buffers grow with the
// gradient length d: checkDim returns an error if n components of length d
// could not be held.
type dimChecker interface {
	checkDim(n, d int) error
}

// NewSampler returns a sampler driving o over n components (examples or
// fixed batches). The orders made for a number of components (NewRR(n,
// seed), NewPairBalance32(n, ...), ...) must have been made for n; the
// greedy family and orders from outside the package learn n from the
// sampler, which is why it is given here. NewSampler returns an error
// wrapping ErrSetting if o is nil, n is not in [1, 2^28], or o was made
// for another number of components, naming both, and o's Uses error if it
// needs an oracle.
func NewSampler(o Orderer, n int) (*Sampler, error) {
	if o == nil {
		return nil, fmt.Errorf("ordering: %w: sampler of a nil orderer", ErrSetting)
	}
	if err := checkComponents("sampler", n); err != nil {
		return nil, err
	}
	if z, ok := o.(madeFor); ok {
		if m := z.components(); m != 0 && m != n {
			return nil, fmt.Errorf("ordering: %w: sampler over n = %d components of %T made for %d", ErrSetting, n, o, m)
		}
	}
	if err := Uses(o, Available{Observe: true}); err != nil {
		return nil, err
	}
	s := &Sampler{o: o, n: n, t: -1}
	s.obs, _ = o.(Observer)
	s.obs32, _ = o.(observer32)
	s.chk, _ = o.(checkedObserver)
	s.rows, _ = o.(rowChecker)
	return s, nil
}

// Next starts the next epoch, t = 0 for the first call, and stores its
// sequence r_t in dst, resized as needed, and returns it. The learning
// orders build r_t from the gradients observed in epoch t-1. It returns an
// error, and dst emptied, if the orderer returns one or its sequence is
// empty or holds an index outside [0, n); the sampler should then not be
// used further.
func (s *Sampler) Next(dst []int) ([]int, error) {
	t := s.t + 1
	seq, err := s.o.Order(s.seq[:0], Epoch{T: t, N: s.n})
	if err != nil {
		return dst[:0], fmt.Errorf("ordering: epoch %d: %w", t, err)
	}
	if err := s.start(t, seq); err != nil {
		return dst[:0], err
	}
	return append(dst[:0], s.seq...), nil
}

// start makes seq the sequence of epoch t, at position 0, or returns an
// error if it is empty, too long or holds an index outside [0, n).
func (s *Sampler) start(t int, seq []int) error {
	if len(seq) == 0 {
		return fmt.Errorf("ordering: %w: epoch %d has an empty sequence", ErrEmpty, t)
	}
	if len(seq) > maxLen {
		return fmt.Errorf("ordering: %w: epoch %d has %d entries, want at most 2^28", ErrSetting, t, len(seq))
	}
	for k, i := range seq {
		if i < 0 || i >= s.n {
			return fmt.Errorf("ordering: %w: epoch %d, position %d holds %d, want [0, %d)", ErrIndex, t, k, i, s.n)
		}
	}
	s.seq, s.t, s.pos = seq, t, 0
	s.indexed = false
	return nil
}

// index builds the positions of each component in the current sequence,
// which the component-keyed methods read: only when one is first used in
// an epoch, so that a loop that observes by position never pays for them.
func (s *Sampler) index() {
	s.first = slices.Grow(s.first[:0], s.n+1)[:s.n+1]
	clear(s.first)
	for _, i := range s.seq {
		s.first[i+1]++
	}
	for i := 0; i < s.n; i++ {
		s.first[i+1] += s.first[i]
	}
	s.at = slices.Grow(s.at[:0], len(s.seq))[:len(s.seq)]
	// fill[i] = first[i] + (positions of i placed so far), kept in first
	// shifted down by one, then restored.
	for k, i := range s.seq {
		s.at[s.first[i]] = int32(k)
		s.first[i]++
	}
	for i := s.n; i > 0; i-- {
		s.first[i] = s.first[i-1]
	}
	s.first[0] = 0
	s.indexed = true
}

// Epoch returns the current epoch t, -1 before the first Next.
func (s *Sampler) Epoch() int { return s.t }

// Pos returns the position in the current sequence after the last one
// observed: where a loop resumed from a checkpoint continues.
func (s *Sampler) Pos() int { return s.pos }

// Sequence stores the current epoch's sequence in dst, resized as needed,
// and returns it (empty before the first Next).
func (s *Sampler) Sequence(dst []int) []int { return append(dst[:0], s.seq...) }

// locate returns the position at which component i would be observed
// with a gradient of length d, starting the search at position from, or
// an error.
func (s *Sampler) locate(i, d, from int) (int, error) {
	if err := s.checkGrad(d, "of component", i); err != nil {
		return 0, err
	}
	if i < 0 || i >= s.n {
		return 0, fmt.Errorf("ordering: %w: component %d, want [0, %d)", ErrIndex, i, s.n)
	}
	if !s.indexed {
		s.index()
	}
	at := s.at[s.first[i]:s.first[i+1]]
	if len(at) == 0 {
		return 0, fmt.Errorf("ordering: %w: component %d is not in the sequence of epoch %d", ErrIndex, i, s.t)
	}
	k := sort.Search(len(at), func(k int) bool { return int(at[k]) >= from })
	if k == len(at) {
		return 0, fmt.Errorf("ordering: %w: component %d (at position %d of epoch %d) observed already or out of order: the next position is %d", ErrIndex, i, at[len(at)-1], s.t, from)
	}
	return int(at[k]), nil
}

// checkGrad returns the error of a gradient of length d, the gradient
// "of component" i or "at position" i (where, i), observed before the
// first epoch, empty, or of another length than the first one's; nil if
// there is none.
func (s *Sampler) checkGrad(d int, where string, i int) error {
	switch {
	case s.t < 0:
		return fmt.Errorf("ordering: %w: gradient %s %d observed before the first epoch: call Next first", ErrNoEpoch, where, i)
	case d == 0:
		return fmt.Errorf("ordering: %w: empty gradient %s %d", ErrDim, where, i)
	case s.d != 0 && d != s.d:
		return fmt.Errorf("ordering: %w: gradient %s %d has length %d, want d = %d (the first gradient's)", ErrDim, where, i, d, s.d)
	}
	return nil
}

// setDim fixes d at the first observation, or returns the error of an
// order that cannot hold gradients of length d.
func (s *Sampler) setDim(d int) error {
	if s.d != 0 {
		return nil
	}
	if c, ok := s.obs.(dimChecker); ok {
		if err := c.checkDim(s.n, d); err != nil {
			return err
		}
	}
	s.d = d
	return nil
}

// Observe shows the sampler the gradient of component i, computed at the
// current iterate, in float64, at the first position of i after the last
// one observed. See Sampler for the errors. ObserveAt, keyed by the
// position, is the one to use where the loop knows it.
func (s *Sampler) Observe(i int, grad []float64) error {
	idx := [1]int{i}
	return observeRows(s, idx[:], grad)
}

// Observe32 is Observe for a float32 gradient.
func (s *Sampler) Observe32(i int, grad []float32) error {
	idx := [1]int{i}
	return observeRows(s, idx[:], grad)
}

// ObserveBatch shows the sampler the gradients of the components idx,
// the rows of the row-major len(idx)×d matrix grads, as Observe does one
// by one, in the order of their positions in the sequence: idx may list
// them in another order (a loader that shuffles within a batch). The
// positions are read, of the readings that exist, as
//
//   - the next entries of the sequence (from Pos), idx in their order;
//   - the next entries, in another order;
//   - idx in the sequence's order, entries skipped (as by Observe);
//   - each component at its first positions from Pos, in any order.
//
// A component repeated in idx takes its positions in the order of its
// rows. Only a sequence in which components repeat (SGD's) can be read
// two ways, and the first reading is taken: a loop that skips entries of
// such a sequence should give its batches in the sequence's order.
// ObserveBatch returns an error, and observes none of the rows, if idx is
// empty, len(grads) is not a multiple of len(idx), a row has no position,
// or a row would fail Observe.
func (s *Sampler) ObserveBatch(idx []int, grads []float64) error {
	return observeRows(s, idx, grads)
}

// ObserveBatch32 is ObserveBatch for float32 gradients.
func (s *Sampler) ObserveBatch32(idx []int, grads []float32) error {
	return observeRows(s, idx, grads)
}

// ObserveAt shows the sampler the gradient at position pos of the
// current sequence (of component seq[pos], for the seq Next returned),
// computed at the current iterate, in float64. Positions are observed in
// increasing order: pos is Pos or after it, the positions between them
// skipped. ObserveAt returns an error wrapping ErrIndex, naming pos and
// the positions it may take, if pos is before Pos (observed or skipped
// already) or outside the sequence, and one wrapping ErrNoEpoch before
// the first Next; see Sampler for the others.
func (s *Sampler) ObserveAt(pos int, grad []float64) error {
	return observeAt(s, pos, 1, grad)
}

// ObserveAt32 is ObserveAt for a float32 gradient.
func (s *Sampler) ObserveAt32(pos int, grad []float32) error {
	return observeAt(s, pos, 1, grad)
}

// ObserveBatchAt shows the sampler the gradients at the b positions pos,
// pos+1, ..., pos+b-1 of the current sequence, the rows of the row-major
// b×d matrix grads, as ObserveAt does one by one. It returns an error,
// and observes none of the rows, if b < 1, len(grads) is not a multiple
// of b, the positions are not all in the sequence from Pos on, or a row
// would fail ObserveAt.
func (s *Sampler) ObserveBatchAt(pos, b int, grads []float64) error {
	return observeAt(s, pos, b, grads)
}

// ObserveBatchAt32 is ObserveBatchAt for float32 gradients.
func (s *Sampler) ObserveBatchAt32(pos, b int, grads []float32) error {
	return observeAt(s, pos, b, grads)
}

// observeAt checks the b rows of grads for the positions pos, ...,
// pos+b-1, then shows them to the order.
func observeAt[T float32 | float64](s *Sampler, pos, b int, grads []T) error {
	if b < 1 {
		return fmt.Errorf("ordering: %w: batch of %d positions, want at least 1", ErrEmpty, b)
	}
	if len(grads)%b != 0 {
		return fmt.Errorf("ordering: %w: %d gradient values for %d positions, want a multiple", ErrDim, len(grads), b)
	}
	d := len(grads) / b
	if err := s.checkGrad(d, "at position", pos); err != nil {
		return err
	}
	if pos < s.pos || pos > len(s.seq)-b {
		return s.errPos(pos, b)
	}
	rows := s.batch[:0]
	for k := range b {
		rows = append(rows, batchRow{k, pos + k})
	}
	s.batch = rows
	return showRows(s, rows, grads, d)
}

// errPos returns the error of a batch of b positions from pos that are
// not all in the current sequence from Pos on.
func (s *Sampler) errPos(pos, b int) error {
	what, want := fmt.Sprintf("position %d", pos), "a position"
	if b > 1 {
		what, want = fmt.Sprintf("batch of %d positions from %d", b, pos), "a first position"
	}
	var why string
	switch {
	case pos < 0 || pos >= len(s.seq):
		why = fmt.Sprintf("outside its %d entries", len(s.seq))
	case pos < s.pos:
		why = "observed or skipped already"
	default:
		why = fmt.Sprintf("running past its %d entries", len(s.seq))
	}
	lo, hi := s.pos, len(s.seq)-b+1
	switch {
	case lo == len(s.seq):
		return fmt.Errorf("ordering: %w: %s of epoch %d %s, and none left from Pos = %d: call Next", ErrIndex, what, s.t, why, lo)
	case lo >= hi:
		return fmt.Errorf("ordering: %w: %s of epoch %d %s, and only %d left from Pos = %d", ErrIndex, what, s.t, why, len(s.seq)-lo, lo)
	}
	return fmt.Errorf("ordering: %w: %s of epoch %d %s: want %s in [%d, %d)", ErrIndex, what, s.t, why, want, lo, hi)
}

// observeRows finds the positions of the rows of grads for the
// components idx, then shows them to the order.
func observeRows[T float32 | float64](s *Sampler, idx []int, grads []T) error {
	if len(idx) == 0 {
		return fmt.Errorf("ordering: %w: batch of no components", ErrEmpty)
	}
	if len(grads)%len(idx) != 0 {
		return fmt.Errorf("ordering: %w: %d gradient values for %d components, want a multiple", ErrDim, len(grads), len(idx))
	}
	d := len(grads) / len(idx)
	rows, err := s.positions(idx, d)
	if err != nil {
		return err
	}
	return showRows(s, rows, grads, d)
}

// showRows checks every row of grads, each of length d, at the positions
// rows gives them, increasing, then shows them to the order in that
// order.
func showRows[T float32 | float64](s *Sampler, rows []batchRow, grads []T, d int) error {
	// Check every row before observing any, so that an error leaves the
	// sampler as it was. An order that checks the finiteness of a
	// gradient in its own first pass over it (the balancing orders) is
	// left the first row's check, once d is fixed: it changes nothing if
	// the check fails, and the rows after it are checked here, before any
	// is observed.
	fused := s.chk != nil && s.d == d
	if s.obs != nil {
		for k, r := range rows {
			if !(fused && k == 0) {
				if err := checkRow(s, s.seq[r.pos], r.pos, grads[r.row*d:r.row*d+d]); err != nil {
					return err
				}
			}
		}
	}
	if err := s.setDim(d); err != nil {
		return err
	}
	for _, r := range rows {
		i, g := s.seq[r.pos], grads[r.row*d:r.row*d+d]
		switch {
		case s.chk != nil:
			// Only an unchecked first row can fail.
			if !observeChecked(s.chk, s.t, r.pos, i, g) {
				// The order's pass and checkRow judge alike.
				if err := checkRow(s, i, r.pos, g); err != nil {
					return err
				}
				return errNotFinite(i, s.t, r.pos)
			}
		case s.obs != nil:
			observeOne(s, r.pos, i, g)
		}
		s.pos = r.pos + 1
	}
	return nil
}

// batchRow is a row of a batch and the position at which it is
// observed.
type batchRow struct{ row, pos int }

// positions returns the rows of a batch of the components idx, with
// their gradients of length d, and their positions, in increasing order
// of position, or the error of a row that has no position. It reads the
// positions (see ObserveBatch) in idx's order, each the first of its
// component after the previous row's, or else each component at its first
// positions from Pos (a component that repeats in idx takes its positions
// in the order of its rows); it takes the first reading whose positions
// are the next ones to observe, or else the first that exists.
func (s *Sampler) positions(idx []int, d int) ([]batchRow, error) {
	rows := s.batch[:0]
	from := s.pos
	var err error
	for k, i := range idx {
		var pos int
		if pos, err = s.locate(i, d, from); err != nil {
			break
		}
		rows = append(rows, batchRow{k, pos})
		from = pos + 1
	}
	s.batch = rows
	inOrder := err == nil
	if inOrder && (len(rows) == 1 || s.fromPos(rows)) {
		return rows, nil // the only reading, or the first
	}
	// The reading by component, in a buffer of its own.
	byComp := s.batch[len(rows):len(rows)]
	for k := range idx {
		byComp = append(byComp, batchRow{row: k})
	}
	slices.SortStableFunc(byComp, func(a, b batchRow) int { return cmp.Compare(idx[a.row], idx[b.row]) })
	var errComp error
	for k, r := range byComp {
		from := s.pos
		if k > 0 && idx[byComp[k-1].row] == idx[r.row] {
			from = byComp[k-1].pos + 1
		}
		if byComp[k].pos, errComp = s.locate(idx[r.row], d, from); errComp != nil {
			break
		}
	}
	s.batch = append(s.batch[:len(rows)], byComp...)
	if errComp == nil {
		slices.SortFunc(byComp, func(a, b batchRow) int { return cmp.Compare(a.pos, b.pos) })
	}
	switch {
	case errComp == nil && (s.fromPos(byComp) || !inOrder):
		return byComp, nil
	case inOrder:
		return rows, nil
	}
	return nil, errComp
}

// fromPos reports whether the positions of rows, increasing, are the next
// ones to observe: Pos, Pos+1, ...
func (s *Sampler) fromPos(rows []batchRow) bool {
	return rows[0].pos == s.pos && rows[len(rows)-1].pos-rows[0].pos == len(rows)-1
}

// checkRow returns the error of gradient g of component i at position pos
// if the order does not take it (it is not finite, or out of the order's
// range: rowChecker), nil if it does.
func checkRow[T float32 | float64](s *Sampler, i, pos int, g []T) error {
	if s.rows == nil {
		if finite(g) {
			return nil
		}
		return errNotFinite(i, s.t, pos)
	}
	switch g := any(g).(type) {
	case []float64:
		return s.rows.checkRow64(i, s.t, pos, g)
	case []float32:
		return s.rows.checkRow32(i, s.t, pos, g)
	}
	panic("unreachable")
}

// errNotFinite returns the error of a gradient with a NaN or infinite
// entry.
func errNotFinite(i, t, pos int) error {
	return fmt.Errorf("ordering: %w: gradient of component %d at epoch %d, position %d", ErrNaN, i, t, pos)
}

// observeChecked shows a gradient not yet checked to an order that
// checks it, and reports whether it was finite (and so observed).
func observeChecked[T float32 | float64](o checkedObserver, t, pos, i int, g []T) bool {
	switch g := any(g).(type) {
	case []float64:
		return o.observeChecked(t, pos, i, g)
	case []float32:
		return o.observeChecked32(t, pos, i, g)
	}
	panic("unreachable")
}

// observeOne shows one checked gradient to the order: a float32 one in
// place to the package's orders, a copy to an Observer from outside.
func observeOne[T float32 | float64](s *Sampler, pos, i int, g []T) {
	switch g := any(g).(type) {
	case []float64:
		s.obs.Observe(s.t, pos, i, g)
	case []float32:
		if s.obs32 != nil {
			s.obs32.observe32(s.t, pos, i, g)
			return
		}
		s.g64 = slices.Grow(s.g64[:0], len(g))[:len(g)]
		copyTo64(s.g64, g)
		s.obs.Observe(s.t, pos, i, s.g64)
	}
}

// finite reports whether every element of s is finite, as isFinite does
// for float64, without a branch per element: v - v is 0 for a finite v
// and NaN otherwise, and four running sums of them, which the processor
// overlaps, are 0 unless one is NaN. It was a third of the sampler's time
// on the MLP with a branch per element.
func finite[T float32 | float64](s []T) bool {
	var a0, a1, a2, a3 T
	j := 0
	for ; j+4 <= len(s); j += 4 {
		v := s[j : j+4 : j+4]
		a0 += v[0] - v[0]
		a1 += v[1] - v[1]
		a2 += v[2] - v[2]
		a3 += v[3] - v[3]
	}
	for ; j < len(s); j++ {
		a0 += s[j] - s[j]
	}
	return (a0+a1)+(a2+a3) == 0
}
