// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSamplerObserveAt: observing by position (ObserveAt, ObserveAt32,
// ObserveBatchAt, ObserveBatchAt32) gives the sequences, the saved states
// after every batch and the final iterate of observing by component, bit
// for bit, for every order, and never builds the component index.
func TestSamplerObserveAt(t *testing.T) {
	const n, d, epochs = 12, 5, 5
	q := newQuad(n, d, 8)
	for _, o := range samplerOrders {
		for _, v := range []struct {
			f32   bool
			batch int
			one   bool
		}{{false, 1, false}, {true, 1, false}, {false, 3, false}, {true, 3, false}, {true, 3, true}} {
			run := func(at bool) (*Sampler, *loop, [][]int) {
				l := newLoop(q, v.f32, v.batch)
				l.one, l.at, l.save = v.one, at, true
				s := newTestSampler(t, o, n)
				return s, l, samplerRun(t, s, l, epochs)
			}
			_, byComp, want := run(false)
			s, byPos, got := run(true)
			name := o.name + ", float32 " + strconv.FormatBool(v.f32) + ", batch " + strconv.Itoa(v.batch)
			for e := range want {
				if !slices.Equal(got[e], want[e]) {
					t.Errorf("%s: epoch %d by position %v, by component %v", name, e, got[e], want[e])
				}
			}
			if len(byPos.states) != len(byComp.states) || len(byPos.states) == 0 {
				t.Fatalf("%s: %d states saved by position, %d by component", name, len(byPos.states), len(byComp.states))
			}
			for k := range byPos.states {
				if !bytes.Equal(byPos.states[k], byComp.states[k]) {
					t.Errorf("%s: saved state %d by position differs from the one by component", name, k)
					break
				}
			}
			if !slices.Equal(byPos.x, byComp.x) {
				t.Errorf("%s: final iterate by position %v, by component %v", name, byPos.x, byComp.x)
			}
			if s.first != nil || s.at != nil || s.indexed {
				t.Errorf("%s: observing by position built the component index", name)
			}
		}
	}
}

// TestSamplerObserveAtSkip: skipping positions by ObserveAt (a position
// after the next one) equals skipping them by Observe, for every order.
// Only the last position of a component is skipped, so that Observe's
// reading (the first position of the component after the last observed)
// is the same position for the orders whose sequences repeat components.
func TestSamplerObserveAtSkip(t *testing.T) {
	const n, d, epochs = 12, 5, 4
	q := newQuad(n, d, 3)
	for _, o := range samplerOrders {
		for _, f32 := range []bool{false, true} {
			var states [2][][]byte
			var seqs [2][][]int
			var skipped [2]int
			var x [2][]float64
			for k, at := range []bool{false, true} {
				s := newTestSampler(t, o, n)
				l := newLoop(q, f32, 1)
				for range epochs {
					seq, err := s.Next(nil)
					if err != nil {
						t.Fatal(err)
					}
					seqs[k] = append(seqs[k], seq)
					for p, i := range seq {
						if (p%4 == 1 || p == len(seq)-1) && !slices.Contains(seq[p+1:], i) {
							skipped[k]++
							continue
						}
						l.q.CompGrad(l.g, i, l.x)
						g32 := make([]float32, d)
						for j, v := range l.g {
							g32[j] = float32(v)
							l.g[j] = float64(g32[j])
						}
						switch {
						case at && f32:
							err = s.ObserveAt32(p, g32)
						case at:
							err = s.ObserveAt(p, l.g)
						case f32:
							err = s.Observe32(i, g32)
						default:
							err = s.Observe(i, l.g)
						}
						if err != nil {
							t.Fatalf("%s: position %d: %v", o.name, p, err)
						}
						if s.Pos() != p+1 {
							t.Fatalf("%s (by position %v): position %d observed, Pos %d", o.name, at, p, s.Pos())
						}
						state, err := s.MarshalBinary()
						if err != nil {
							t.Fatal(err)
						}
						states[k] = append(states[k], state)
						for j := range l.x {
							l.x[j] -= 0.05 * l.g[j]
						}
					}
				}
				x[k] = l.x
			}
			if skipped[1] == 0 || skipped[0] != skipped[1] {
				t.Fatalf("%s: %d and %d positions skipped, want the same, some", o.name, skipped[0], skipped[1])
			}
			for e := range seqs[0] {
				if !slices.Equal(seqs[0][e], seqs[1][e]) {
					t.Errorf("%s, float32 %v: epoch %d skipping by component %v, by position %v", o.name, f32, e, seqs[0][e], seqs[1][e])
				}
			}
			if !slices.EqualFunc(states[0], states[1], bytes.Equal) {
				t.Errorf("%s, float32 %v: the states saved skipping by component and by position differ", o.name, f32)
			}
			if !slices.Equal(x[0], x[1]) {
				t.Errorf("%s, float32 %v: final iterate by component %v, by position %v", o.name, f32, x[0], x[1])
			}
		}
	}
}

// TestSamplerObserveAtRepeats: in a sequence that repeats a component
// (SGD's draws), ObserveAt observes the position given, where Observe
// takes the first position of the component; the two may be mixed.
func TestSamplerObserveAtRepeats(t *testing.T) {
	const n = 6
	sgd, err := NewSGD(n, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	seq, err := sgd.Order(nil, Epoch{N: n})
	if err != nil {
		t.Fatal(err)
	}
	// The first component drawn twice, at p1 < p2.
	p1, p2 := -1, -1
	for p := range seq {
		if q := slices.Index(seq[p+1:], seq[p]); q >= 0 {
			p1, p2 = p, p+1+q
			break
		}
	}
	if p1 < 0 {
		t.Fatalf("SGD's draws %v repeat no component: choose another seed", seq)
	}
	i := seq[p2]
	g := []float64{1}
	for _, test := range []struct {
		name string
		do   func(s *Sampler) error
		want [][2]int // positions and components observed
		pos  int
	}{
		{"ObserveAt the second", func(s *Sampler) error { return s.ObserveAt(p2, g) }, [][2]int{{p2, i}}, p2 + 1},
		{"Observe the component", func(s *Sampler) error { return s.Observe(i, g) }, [][2]int{{p1, i}}, p1 + 1},
		{"ObserveAt both", func(s *Sampler) error {
			if err := s.ObserveAt(p1, g); err != nil {
				return err
			}
			return s.ObserveAt32(p2, []float32{1})
		}, [][2]int{{p1, i}, {p2, i}}, p2 + 1},
		{"ObserveAt the first, then Observe", func(s *Sampler) error {
			if err := s.ObserveAt(p1, g); err != nil {
				return err
			}
			return s.Observe(i, g)
		}, [][2]int{{p1, i}, {p2, i}}, p2 + 1},
		{"ObserveBatchAt all", func(s *Sampler) error { return s.ObserveBatchAt(0, len(seq), make([]float64, len(seq))) }, func() [][2]int {
			var w [][2]int
			for p, i := range seq {
				w = append(w, [2]int{p, i})
			}
			return w
		}(), len(seq)},
	} {
		r := &recorder{seq: seq}
		s, err := NewSampler(r, n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Next(nil); err != nil {
			t.Fatal(err)
		}
		if err := test.do(s); err != nil {
			t.Errorf("%s (sequence %v): %v", test.name, seq, err)
			continue
		}
		if !slices.Equal(r.got, test.want) || s.Pos() != test.pos {
			t.Errorf("%s (sequence %v): observed %v, Pos %d, want %v, Pos %d", test.name, seq, r.got, s.Pos(), test.want, test.pos)
		}
	}
	// Mixed on a sequence whose components repeat: each method takes up
	// where the other left.
	r := &recorder{seq: []int{1, 3, 5, 5, 1, 1, 5, 4}}
	s, err := NewSampler(r, 6)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Next(nil); err != nil {
		t.Fatal(err)
	}
	for k, f := range []func() error{
		func() error { return s.ObserveAt(2, g) },
		func() error { return s.Observe(5, g) },
		func() error { return s.ObserveAt(5, g) },
		func() error { return s.Observe(5, g) },
		func() error { return s.ObserveBatchAt(7, 1, g) },
	} {
		if err := f(); err != nil {
			t.Fatalf("mixed, call %d: %v", k, err)
		}
	}
	if want := [][2]int{{2, 5}, {3, 5}, {5, 1}, {6, 5}, {7, 4}}; !slices.Equal(r.got, want) {
		t.Errorf("mixed: observed %v, want %v", r.got, want)
	}
}

// TestSamplerObserveAtMisuse: every misuse of the position-keyed methods
// returns an error naming the position and the positions it may take, and
// leaves the sampler as it was (its saved state unchanged).
func TestSamplerObserveAtMisuse(t *testing.T) {
	const n = 6
	good := []float64{1, 2, 3}
	for _, o := range []samplerOrder{samplerOrders[3], samplerOrders[0], samplerOrders[9], samplerOrders[13]} {
		s := newTestSampler(t, o, n)
		for _, err := range []error{s.ObserveAt(0, good), s.ObserveBatchAt32(0, 1, []float32{1, 2, 3})} {
			if !errors.Is(err, ErrNoEpoch) || !strings.Contains(err.Error(), "position 0") || !strings.Contains(err.Error(), "call Next") {
				t.Errorf("%s: observe before Next: %v", o.name, err)
			}
		}
		seq, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ObserveAt(1, good); err != nil { // position 0 skipped
			t.Fatal(err)
		}
		before, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range []struct {
			name string
			err  error
			want error
			text []string
		}{
			{"skipped already", s.ObserveAt(0, good), ErrIndex, []string{"position 0 ", "skipped already", "[2, 6)"}},
			{"observed already", s.ObserveAt(1, good), ErrIndex, []string{"position 1 ", "observed", "[2, 6)"}},
			{"below", s.ObserveAt(-1, good), ErrIndex, []string{"position -1 ", "outside its 6 entries", "[2, 6)"}},
			{"past the end", s.ObserveAt32(6, []float32{1, 2, 3}), ErrIndex, []string{"position 6 ", "outside its 6 entries", "[2, 6)"}},
			{"batch past the end", s.ObserveBatchAt(4, 3, slices.Repeat(good, 3)), ErrIndex, []string{"batch of 3 positions from 4", "running past its 6 entries", "[2, 4)"}},
			{"batch skipped already", s.ObserveBatchAt(1, 2, slices.Repeat(good, 2)), ErrIndex, []string{"batch of 2 positions from 1", "skipped already", "[2, 5)"}},
			{"empty batch", s.ObserveBatchAt(2, 0, nil), ErrEmpty, []string{"0 positions"}},
			{"negative batch", s.ObserveBatchAt32(2, -1, nil), ErrEmpty, []string{"-1 positions"}},
			{"batch not a multiple", s.ObserveBatchAt(2, 2, good), ErrDim, []string{"3 gradient values for 2"}},
			{"wrong length", s.ObserveAt(2, []float64{1, 2}), ErrDim, []string{"position 2", "length 2"}},
			{"empty gradient", s.ObserveAt(2, nil), ErrDim, []string{"position 2", "empty"}},
			{"float32 wrong length", s.ObserveAt32(3, []float32{1}), ErrDim, []string{"position 3", "length 1"}},
		} {
			if !errors.Is(test.err, test.want) {
				t.Errorf("%s: %s: %v, want %v", o.name, test.name, test.err, test.want)
				continue
			}
			for _, text := range test.text {
				if !strings.Contains(test.err.Error(), text) {
					t.Errorf("%s: %s: %v, want it naming %q", o.name, test.name, test.err, text)
				}
			}
		}
		if after, err := s.MarshalBinary(); err != nil || !bytes.Equal(before, after) {
			t.Errorf("%s: failed observations changed the state (%v)", o.name, err)
		}
		nan := []float64{1, math.NaN(), 3}
		err = s.ObserveAt(2, nan)
		if o.learn != (err != nil) || (err != nil && (!errors.Is(err, ErrNaN) || !strings.Contains(err.Error(), "position 2") ||
			!strings.Contains(err.Error(), "component "+strconv.Itoa(seq[2])))) {
			t.Errorf("%s: NaN gradient: %v (it learns: %v)", o.name, err, o.learn)
		}
		if o.learn {
			err = s.ObserveBatchAt32(2, 2, []float32{1, 2, 3, 1, float32(math.Inf(1)), 3})
			if !errors.Is(err, ErrNaN) || !strings.Contains(err.Error(), "position 3") {
				t.Errorf("%s: batch with an infinite second row: %v", o.name, err)
			}
			if after, err := s.MarshalBinary(); err != nil || !bytes.Equal(before, after) {
				t.Errorf("%s: failed observations changed the state (%v)", o.name, err)
			}
		}
		// The rest of the epoch (from 3 if the NaN gradient was taken) but
		// its last position, a batch past it, the last position, then a
		// position past the end.
		from := s.Pos()
		if err := s.ObserveBatchAt(from, n-1-from, slices.Repeat(good, n-1-from)); err != nil {
			t.Fatalf("%s: the positions from %d: %v", o.name, from, err)
		}
		if err := s.ObserveBatchAt(n-1, 2, slices.Repeat(good, 2)); !errors.Is(err, ErrIndex) ||
			!strings.Contains(err.Error(), "batch of 2 positions from 5") || !strings.Contains(err.Error(), "only 1 left from Pos = 5") {
			t.Errorf("%s: a batch of 2 at the last position: %v", o.name, err)
		}
		if err := s.ObserveAt(n-1, good); err != nil {
			t.Fatalf("%s: the last position: %v", o.name, err)
		}
		if err := s.ObserveAt(5, good); !errors.Is(err, ErrIndex) || !strings.Contains(err.Error(), "none left from Pos = 6: call Next") {
			t.Errorf("%s: position 5 of an epoch observed to its end: %v", o.name, err)
		}
	}
}

// TestSamplerObserveAtAllocs: once an epoch has fixed the buffers,
// observing by position allocates nothing.
func TestSamplerObserveAtAllocs(t *testing.T) {
	const n, d = 64, 8
	g := make([]float32, 2*d)
	for j := range g {
		g[j] = float32(j%5) - 2
	}
	for _, o := range []samplerOrder{samplerOrders[9], samplerOrders[11]} {
		s := newTestSampler(t, o, n)
		for range 2 {
			if _, err := s.Next(nil); err != nil {
				t.Fatal(err)
			}
			if err := s.ObserveBatchAt32(0, n/4, slices.Repeat(g[:d], n/4)); err != nil {
				t.Fatal(err)
			}
		}
		pos := n / 4 // 11 runs of 3 positions follow
		allocs := testing.AllocsPerRun(10, func() {
			if err := s.ObserveAt32(pos, g[:d]); err != nil {
				t.Fatal(err)
			}
			if err := s.ObserveBatchAt32(pos+1, 2, g); err != nil {
				t.Fatal(err)
			}
			pos += 3
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per ObserveAt32 and ObserveBatchAt32, want 0", o.name, allocs)
		}
	}
}
