// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// samplerOrder names a constructor of a fresh orderer over n components,
// so that a run can be resumed with an orderer made the same way.
type samplerOrder struct {
	name  string
	learn bool // it learns from the gradients
	make  func(n int) (Orderer, error)
}

// samplerOrders are the orders a sampler drives: every learning order
// and one of each kind of the others. n must be a multiple of 4 for the
// two-level ones.
var samplerOrders = []samplerOrder{
	{"stale-greedy", true, func(int) (Orderer, error) { return &StaleGreedy{}, nil }},
	{"stale-greedy-every2", true, func(int) (Orderer, error) { return &StaleGreedy{Every: 2}, nil }},
	{"stale-sketch", true, func(int) (Orderer, error) { return &SketchedGreedy{K: 3, Seed: 5, Stale: true}, nil }},
	{"mean-balance", true, func(n int) (Orderer, error) { return NewMeanBalance(n, BalanceSettings{Seed: 5}) }},
	{"mean-balance-prob", true, func(n int) (Orderer, error) {
		return NewMeanBalance(n, BalanceSettings{Seed: 5, Rule: Probabilistic})
	}},
	{"mean-balance-running", true, func(n int) (Orderer, error) {
		return NewMeanBalance(n, BalanceSettings{Seed: 5, FirstEpochRunningMean: true})
	}},
	{"mean-balance-32", true, func(n int) (Orderer, error) { return NewMeanBalance32(n, BalanceSettings{Seed: 5}) }},
	{"mean-balance-32-running", true, func(n int) (Orderer, error) {
		return NewMeanBalance32(n, BalanceSettings{Seed: 5, FirstEpochRunningMean: true})
	}},
	{"pair-balance", true, func(n int) (Orderer, error) { return NewPairBalance(n, BalanceSettings{Seed: 5}) }},
	{"pair-balance-32", true, func(n int) (Orderer, error) { return NewPairBalance32(n, BalanceSettings{Seed: 5}) }},
	{"flipflop", false, func(n int) (Orderer, error) { return NewFlipFlop(n, 5) }},
	{"rr", false, func(n int) (Orderer, error) { return NewRR(n, 5) }},
	{"incremental", false, func(n int) (Orderer, error) { return NewIncremental(n, nil) }},
	{"shuffle-once", false, func(n int) (Orderer, error) { return NewShuffleOnce(n, 5) }},
	{"sgd", false, func(n int) (Orderer, error) { return NewSGD(n, 0, 5) }},
	{"standard-shuffle", false, func(n int) (Orderer, error) { return NewStandardShuffle(n/4, 4, 5) }},
	{"sgd-internal", false, func(n int) (Orderer, error) { return NewSGDInternal(n/4, 4, 5) }},
	{"kshuffle", false, func(n int) (Orderer, error) { return NewKShuffle(n/4, 4, 2, 5) }},
}

func newTestSampler(t testing.TB, o samplerOrder, n int) *Sampler {
	t.Helper()
	ord, err := o.make(n)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSampler(ord, n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// loop is a training loop of one's own on the quad problem: plain SGD,
// observing every gradient in float64 or float32 (rounded first, so that
// both see the same values), one at a time or in batches of three.
type loop struct {
	q     quad
	x     []float64
	round bool // round the gradients to float32 values
	f32   bool // observe them through the float32 methods
	batch int
	one   bool // observe a batch's rows one by one
	rev   bool // observe a batch's rows in reverse (a loader's shuffle)
	g     []float64
	rows  []float64
	rows2 []float32
	idx   []int

	at     bool     // observe by position (ObserveAt and its kin)
	save   bool     // save the sampler's state after each batch, in states
	states [][]byte // the states saved
}

func newLoop(q quad, f32 bool, batch int) *loop {
	d := q.Dim()
	l := &loop{q: q, x: make([]float64, d), round: f32, f32: f32, batch: batch, g: make([]float64, d)}
	for j := range l.x {
		l.x[j] = 1
	}
	return l
}

// run takes the steps of seq from position from to position to, observing
// their gradients.
func (l *loop) run(t *testing.T, s *Sampler, seq []int, from, to int) {
	t.Helper()
	d := l.q.Dim()
	for lo := from; lo < to; lo += l.batch {
		hi := min(lo+l.batch, to)
		l.idx, l.rows, l.rows2 = l.idx[:0], l.rows[:0], l.rows2[:0]
		for _, i := range seq[lo:hi] {
			l.q.CompGrad(l.g, i, l.x)
			for j := range l.g {
				if l.round {
					l.g[j] = float64(float32(l.g[j]))
				}
			}
			l.idx = append(l.idx, i)
			l.rows = append(l.rows, l.g...)
			for _, v := range l.g {
				l.rows2 = append(l.rows2, float32(v))
			}
		}
		idx, rows, rows2 := l.idx, l.rows, l.rows2
		if l.rev {
			idx, rows, rows2 = reverseRows(idx, 1), reverseRows(rows, d), reverseRows(rows2, d)
		}
		var err error
		switch {
		case l.at && (l.batch == 1 || l.one) && l.f32:
			for k := range l.idx {
				if err = s.ObserveAt32(lo+k, l.rows2[k*d:k*d+d]); err != nil {
					break
				}
			}
		case l.at && (l.batch == 1 || l.one):
			for k := range l.idx {
				if err = s.ObserveAt(lo+k, l.rows[k*d:k*d+d]); err != nil {
					break
				}
			}
		case l.at && l.f32:
			err = s.ObserveBatchAt32(lo, len(l.idx), l.rows2)
		case l.at:
			err = s.ObserveBatchAt(lo, len(l.idx), l.rows)
		case (l.batch == 1 || l.one) && l.f32:
			for k, i := range l.idx {
				if err = s.Observe32(i, l.rows2[k*d:k*d+d]); err != nil {
					break
				}
			}
		case l.batch == 1 || l.one:
			for k, i := range l.idx {
				if err = s.Observe(i, l.rows[k*d:k*d+d]); err != nil {
					break
				}
			}
		case l.f32:
			err = s.ObserveBatch32(idx, rows2)
		default:
			err = s.ObserveBatch(idx, rows)
		}
		if err != nil {
			t.Fatal(err)
		}
		if l.save {
			state, err := s.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			l.states = append(l.states, state)
		}
		for k := range l.idx {
			for j := range d {
				l.x[j] -= 0.05 * l.rows[k*d+j] / float64(len(l.idx))
			}
		}
	}
}

// reverseRows returns the rows of d entries of s in reverse order, in a
// new slice.
func reverseRows[T any](s []T, d int) []T {
	r := make([]T, 0, len(s))
	for k := len(s) - d; k >= 0; k -= d {
		r = append(r, s[k:k+d]...)
	}
	return r
}

// TestSamplerMatchesRun: orders that never read the oracle give, driven
// by a sampler in a plain loop, the orders and iterates of Run.
func TestSamplerMatchesRun(t *testing.T) {
	const n, d, epochs = 12, 5, 6
	q := newQuad(n, d, 3)
	for _, o := range samplerOrders {
		if strings.HasPrefix(o.name, "stale") {
			continue // epoch 0 asks Run's oracle, the sampler's is the identity
		}
		ord, err := o.make(n)
		if err != nil {
			t.Fatal(err)
		}
		h := &History{KeepOrder: true}
		x0 := make([]float64, d)
		for j := range x0 {
			x0[j] = 1
		}
		res, err := Run(q, x0, ord, &Settings{Epochs: epochs, Step: Constant(0.05), Recorder: h, SkipEval: true})
		if err != nil {
			t.Fatal(err)
		}
		s := newTestSampler(t, o, n)
		l := newLoop(q, false, 1)
		var seq []int
		for e := range epochs {
			if seq, err = s.Next(seq); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(seq, h.Records[e+1].Order) {
				t.Fatalf("%s: epoch %d: sampler %v, Run %v", o.name, e, seq, h.Records[e+1].Order)
			}
			l.run(t, s, seq, 0, len(seq))
		}
		if !slices.Equal(l.x, res.X) {
			t.Errorf("%s: sampler loop ends at %v, Run at %v", o.name, l.x, res.X)
		}
	}
}

// TestSamplerStaleNoOracle: without an oracle StaleGreedy's epoch 0 is the
// identity and epoch 1 is GreedyOrder of the gradients observed in epoch
// 0; stale SketchedGreedy's is SketchedGreedyOrder of them.
func TestSamplerStaleNoOracle(t *testing.T) {
	const n, d = 9, 6
	g := lowRank(n, d, 2, 0.3, 4)
	for _, test := range []struct {
		o    Orderer
		want []int
	}{
		{&StaleGreedy{}, GreedyOrder(nil, g)},
		{&SketchedGreedy{K: 4, Seed: 2, Stale: true}, func() []int {
			r, err := SketchedGreedyOrder(nil, g, 4, 2)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}()},
	} {
		s, err := NewSampler(test.o, n)
		if err != nil {
			t.Fatal(err)
		}
		seq, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(seq, identity(nil, n)) {
			t.Errorf("%T: epoch 0 %v, want the identity", test.o, seq)
		}
		for _, i := range seq {
			if err := s.Observe(i, g.RawRowView(i)); err != nil {
				t.Fatal(err)
			}
		}
		if seq, err = s.Next(seq); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(seq, test.want) {
			t.Errorf("%T: epoch 1 %v, want %v", test.o, seq, test.want)
		}
	}
	// Start replaces the identity of epoch 0; a Start that is not a
	// permutation is an error naming it.
	start := []int{8, 7, 6, 5, 4, 3, 2, 1, 0}
	for _, o := range []Orderer{&StaleGreedy{Start: start}, &SketchedGreedy{K: 4, Stale: true, Start: start}} {
		s, err := NewSampler(o, n)
		if err != nil {
			t.Fatal(err)
		}
		if seq, err := s.Next(nil); err != nil || !slices.Equal(seq, start) {
			t.Errorf("%T with Start: epoch 0 %v (%v), want %v", o, seq, err, start)
		}
	}
	for _, o := range []Orderer{&StaleGreedy{Start: []int{0, 0}}, &SketchedGreedy{K: 4, Stale: true, Start: start[1:]}} {
		s, err := NewSampler(o, n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Next(nil); !errors.Is(err, ErrIndex) || !strings.Contains(err.Error(), "start") {
			t.Errorf("%T with a bad Start: %v, want ErrIndex naming the start", o, err)
		}
	}
	if _, err := NewSampler(&Greedy{}, n); !errors.Is(err, ErrSetting) {
		t.Errorf("sampler of Greedy: %v, want ErrSetting", err)
	}
	if _, err := NewSampler(&SketchedGreedy{K: 2}, n); !errors.Is(err, ErrSetting) {
		t.Errorf("sampler of SketchedGreedy without Stale: %v, want ErrSetting", err)
	}
}

// samplerRun drives s over epochs epochs of the loop l, and returns every
// epoch's sequence.
func samplerRun(t *testing.T, s *Sampler, l *loop, epochs int) [][]int {
	t.Helper()
	var seqs [][]int
	for range epochs {
		seq, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, seq)
		l.run(t, s, seq, 0, len(seq))
	}
	return seqs
}

// TestSamplerFloat32AndBatches: float32 gradients read in place and
// batches give the orders of the same values observed one by one in
// float64.
func TestSamplerFloat32AndBatches(t *testing.T) {
	const n, d, epochs = 12, 5, 5
	q := newQuad(n, d, 8)
	for _, o := range samplerOrders {
		for _, batch := range []int{1, 3} {
			var want [][]int
			for k, v := range []struct{ f32, one, rev bool }{
				{false, true, false}, {true, true, false}, {false, false, false}, {true, false, false},
				{false, false, true}, {true, false, true},
			} {
				// Every loop rounds the gradients to float32 values; the
				// first observes them in float64, one by one. A batch
				// given in reverse is observed in the sequence's order.
				l := newLoop(q, true, batch)
				l.f32, l.one, l.rev = v.f32, v.one, v.rev
				got := samplerRun(t, newTestSampler(t, o, n), l, epochs)
				if k == 0 {
					want = got
					continue
				}
				for e := range got {
					if !slices.Equal(got[e], want[e]) {
						t.Errorf("%s, batch %d, float32 %v, one by one %v, reversed %v: epoch %d %v, want %v", o.name, batch, v.f32, v.one, v.rev, e, got[e], want[e])
					}
				}
			}
		}
	}
}

// TestSamplerResume stops a run at every epoch boundary (before and
// after Next) and at every position of an epoch, saves the sampler and the
// iterate, restores them into a sampler of a freshly made orderer, and
// checks that the resumed run's sequences and final iterate equal the
// uninterrupted run's, bit for bit.
func TestSamplerResume(t *testing.T) {
	const n, d, epochs = 12, 5, 4
	q := newQuad(n, d, 11)
	for _, o := range samplerOrders {
		for _, v := range []struct {
			f32   bool
			batch int
			at    bool // observed by position
		}{{false, 1, false}, {true, 3, false}, {true, 3, true}} {
			ref := newLoop(q, v.f32, v.batch)
			ref.at = v.at
			want := samplerRun(t, newTestSampler(t, o, n), ref, epochs)
			// A stop at (e, k): in epoch e after the steps up to
			// position k; k = -1 is before epoch e's Next.
			for e := range epochs {
				for k := -1; k <= len(want[e]); k++ {
					if k > 0 && k%v.batch != 0 && k != len(want[e]) {
						continue
					}
					s := newTestSampler(t, o, n)
					l := newLoop(q, v.f32, v.batch)
					l.at = v.at
					got := samplerRun(t, s, l, e)
					if k >= 0 {
						seq, err := s.Next(nil)
						if err != nil {
							t.Fatal(err)
						}
						got = append(got, seq)
						l.run(t, s, seq, 0, k)
					}
					state, err := s.MarshalBinary()
					if err != nil {
						t.Fatalf("%s: %v", o.name, err)
					}
					x := slices.Clone(l.x)
					// Resume in a new sampler of a new orderer.
					r := newTestSampler(t, o, n)
					if err := r.UnmarshalBinary(state); err != nil {
						t.Fatalf("%s stopped at epoch %d, position %d: %v", o.name, e, k, err)
					}
					again, err := r.MarshalBinary()
					if err != nil || !bytes.Equal(again, state) {
						t.Fatalf("%s: state saved again differs (%v)", o.name, err)
					}
					l2 := newLoop(q, v.f32, v.batch)
					l2.at = v.at
					copy(l2.x, x)
					if k >= 0 {
						if r.Epoch() != e || r.Pos() != k {
							t.Fatalf("%s: resumed at epoch %d, position %d, want %d, %d", o.name, r.Epoch(), r.Pos(), e, k)
						}
						seq := r.Sequence(nil)
						l2.run(t, r, seq, r.Pos(), len(seq))
					}
					for len(got) < epochs {
						seq, err := r.Next(nil)
						if err != nil {
							t.Fatal(err)
						}
						got = append(got, seq)
						l2.run(t, r, seq, 0, len(seq))
					}
					for ep := range got {
						if !slices.Equal(got[ep], want[ep]) {
							t.Fatalf("%s (float32 %v, batch %d, by position %v) stopped at epoch %d, position %d: epoch %d %v, want %v",
								o.name, v.f32, v.batch, v.at, e, k, ep, got[ep], want[ep])
						}
					}
					if !slices.Equal(l2.x, ref.x) {
						t.Fatalf("%s stopped at epoch %d, position %d: final iterate %v, want %v", o.name, e, k, l2.x, ref.x)
					}
				}
			}
		}
	}
}

// TestSamplerMisuse: every misuse returns an error naming the value, and
// leaves the sampler as it was (its saved state unchanged).
func TestSamplerMisuse(t *testing.T) {
	const n, d = 6, 3
	good := []float64{1, 2, 3}
	for _, o := range []samplerOrder{samplerOrders[3], samplerOrders[0], samplerOrders[8]} {
		s := newTestSampler(t, o, n)
		if err := s.Observe(0, good); !errors.Is(err, ErrNoEpoch) || !strings.Contains(err.Error(), "call Next") {
			t.Errorf("%s: observe before Next: %v", o.name, err)
		}
		seq, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Observe(seq[0], good); err != nil {
			t.Fatal(err)
		}
		before, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		nan := []float64{1, math.NaN(), 3}
		for _, test := range []struct {
			name string
			err  error
			want error
			text string
		}{
			{"wrong length", s.Observe(seq[1], []float64{1, 2}), ErrDim, "length 2"},
			{"empty gradient", s.Observe(seq[1], nil), ErrDim, "empty"},
			{"index above", s.Observe(n, good), ErrIndex, "component 6"},
			{"index below", s.Observe(-1, good), ErrIndex, "component -1"},
			{"twice", s.Observe(seq[0], good), ErrIndex, fmt.Sprintf("component %d", seq[0])},
			{"empty batch", s.ObserveBatch(nil, good), ErrEmpty, "no components"},
			{"batch not a multiple", s.ObserveBatch(seq[1:3], good), ErrDim, "3 gradient values for 2"},
			{"batch with one observed already", s.ObserveBatch([]int{seq[1], seq[0]}, []float64{1, 2, 3, 1, 2, 3}), ErrIndex, fmt.Sprintf("component %d", seq[0])},
			{"batch with one twice", s.ObserveBatch([]int{seq[2], seq[1], seq[2]}, []float64{1, 2, 3, 1, 2, 3, 1, 2, 3}), ErrIndex, fmt.Sprintf("component %d", seq[2])},
			{"float32 wrong length", s.Observe32(seq[5], []float32{1}), ErrDim, "length 1"},
		} {
			if !errors.Is(test.err, test.want) || !strings.Contains(test.err.Error(), test.text) {
				t.Errorf("%s: %s: %v, want %v naming %q", o.name, test.name, test.err, test.want, test.text)
			}
		}
		if after, err := s.MarshalBinary(); err != nil || !bytes.Equal(before, after) {
			t.Errorf("%s: failed observations changed the state (%v)", o.name, err)
		}
		err = s.Observe(seq[1], nan)
		if o.learn != (err != nil) || (err != nil && (!errors.Is(err, ErrNaN) || !strings.Contains(err.Error(), fmt.Sprintf("component %d", seq[1])))) {
			t.Errorf("%s: NaN gradient: %v (it learns: %v)", o.name, err, o.learn)
		}
		if o.learn {
			err = s.ObserveBatch(seq[1:3], []float64{1, 2, 3, 1, math.Inf(1), 3})
			if !errors.Is(err, ErrNaN) {
				t.Errorf("%s: batch with an infinite row: %v", o.name, err)
			}
			after, err := s.MarshalBinary()
			if err != nil || !bytes.Equal(before, after) {
				t.Errorf("%s: failed observations changed the state (%v)", o.name, err)
			}
		}
	}
	// A component the epoch does not hold.
	inc, err := NewIncremental(4, []int{0, 1, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSampler(inc, 4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Next(nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Observe(2, good); !errors.Is(err, ErrIndex) || !strings.Contains(err.Error(), "component 2 is not in") {
		t.Errorf("component not in the epoch: %v", err)
	}
	// A repeated component is observed at each of its positions, once.
	for k, i := range []int{1, 1} {
		if err := s.Observe(i, good); err != nil {
			t.Errorf("observation %d of the repeated component: %v", k, err)
		}
	}
	if s.Pos() != 3 {
		t.Errorf("position %d after skipping 0 and observing 1 twice, want 3", s.Pos())
	}
	if err := s.Observe(1, good); !errors.Is(err, ErrIndex) {
		t.Errorf("third observation of a component held twice: %v", err)
	}
	for _, bad := range []struct {
		o Orderer
		n int
	}{{nil, 3}, {inc, 0}, {inc, 1<<28 + 1}} {
		if _, err := NewSampler(bad.o, bad.n); !errors.Is(err, ErrSetting) {
			t.Errorf("NewSampler(%v, %d): %v, want ErrSetting", bad.o, bad.n, err)
		}
	}
}

// TestNewSamplerSize: an order made for n components cannot be driven
// over another number (issue 39: NewPairBalance32(8, ...) over 9 never
// served component 8); the orders that learn n from the sampler can.
func TestNewSamplerSize(t *testing.T) {
	const n = 8
	orders := append([]samplerOrder{
		{"streaming", false, func(int) (Orderer, error) { return NewStreamingShuffle(StreamingPy1s, []int{4, 4}, 1, 2, 5) }},
		{"quasi-random", false, func(int) (Orderer, error) { return NewQuasiRandom([]int{4, 4}, 1, 5) }},
		{"window", false, func(n int) (Orderer, error) { return NewWindowShuffle(n, 3, 5) }},
		{"corgipile", false, func(int) (Orderer, error) { return NewCorgiPile([]int{4, 4}, 1, 5) }},
		{"shard-shuffle-once", false, func(int) (Orderer, error) { return NewShardShuffleOnce([]int{4, 4}, 5) }},
	}, samplerOrders...)
	for _, o := range orders {
		ord, err := o.make(n)
		if err != nil {
			t.Fatalf("%s: %v", o.name, err)
		}
		if _, err := NewSampler(ord, n); err != nil {
			t.Errorf("%s over its own n = %d: %v", o.name, n, err)
		}
		_, err = NewSampler(ord, n+1)
		_, learnsN := ord.(*StaleGreedy)
		if _, ok := ord.(*SketchedGreedy); ok {
			learnsN = true
		}
		switch {
		case learnsN && err != nil:
			t.Errorf("%s, which learnsN n from the sampler, over n = %d: %v", o.name, n+1, err)
		case !learnsN && (!errors.Is(err, ErrSetting) || !strings.Contains(err.Error(), "n = 9") || !strings.Contains(err.Error(), "made for 8")):
			t.Errorf("%s made for %d, over n = %d: %v, want ErrSetting naming both", o.name, n, n+1, err)
		}
	}
}

// recorder is an Orderer of a fixed sequence that records the positions
// and components it is shown.
type recorder struct {
	seq []int
	got [][2]int
}

func (r *recorder) Order(dst []int, _ Epoch) ([]int, error) { return append(dst[:0], r.seq...), nil }
func (r *recorder) Observe(_, pos, i int, _ []float64) {
	r.got = append(r.got, [2]int{pos, i})
}

// TestSamplerBatchOrder: a batch whose components are listed out of the
// sequence's order (a loader that shuffles within a batch) is observed in
// the order of its positions, read as ObserveBatch says.
func TestSamplerBatchOrder(t *testing.T) {
	seq := []int{1, 3, 5, 5, 1, 1, 5, 4}
	for _, test := range []struct {
		name   string
		before []int // observed first, one by one
		batch  []int
		want   []int // the positions observed, in order; nil: an error
	}{
		{"in order", nil, []int{1, 3, 5}, []int{0, 1, 2}},
		{"shuffled", nil, []int{5, 3, 1}, []int{0, 1, 2}},
		{"in order after a skip", nil, []int{3, 5}, []int{1, 2}},
		{"shuffled after a skip", nil, []int{5, 3}, []int{1, 2}},
		{"a component twice", []int{1, 3}, []int{5, 5}, []int{2, 3}},
		{"shuffled, a component twice", []int{1, 3, 5}, []int{1, 5, 1}, []int{3, 4, 5}},
		{"next entries first", nil, []int{3, 1}, []int{0, 1}},
		{"in order with skips", []int{1, 3}, []int{5, 1, 1}, []int{2, 4, 5}},
		{"a component past its last position", []int{1, 3, 5, 5, 1, 1}, []int{4, 3}, nil},
		{"a component more times than held", nil, []int{4, 4}, nil},
		{"a component observed already", []int{1, 3}, []int{5, 3}, nil},
	} {
		r := &recorder{seq: seq}
		s, err := NewSampler(r, 6)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Next(nil); err != nil {
			t.Fatal(err)
		}
		for _, i := range test.before {
			if err := s.Observe(i, []float64{1}); err != nil {
				t.Fatal(err)
			}
		}
		r.got = nil
		pos := s.Pos()
		err = s.ObserveBatch(test.batch, make([]float64, len(test.batch)))
		if test.want == nil {
			if !errors.Is(err, ErrIndex) || len(r.got) != 0 || s.Pos() != pos {
				t.Errorf("%s: %v, observed %v, position %d, want ErrIndex, nothing observed, position %d", test.name, err, r.got, s.Pos(), pos)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", test.name, err)
			continue
		}
		var want [][2]int
		for _, p := range test.want {
			want = append(want, [2]int{p, seq[p]})
		}
		if !slices.Equal(r.got, want) || s.Pos() != test.want[len(test.want)-1]+1 {
			t.Errorf("%s: observed %v, position %d, want %v, position %d", test.name, r.got, s.Pos(), want, test.want[len(test.want)-1]+1)
		}
	}
}
