// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"slices"
	"strings"
	"testing"
)

// stateHead is the length of a saved state's frame before its payload:
// the magic as a slice, the version and the payload's length.
const stateHead = 8 + len(samplerMagic) + 8 + 8

// midState returns a sampler of order o over n components on the quad
// problem, in epoch 2 after the gradients of the first pos positions of
// its sequence (every one in epochs 0 and 1, but the last skip in epoch 1
// for some orders), and its saved state.
func midState(tb testing.TB, o samplerOrder, k, n, pos int) (*Sampler, []byte) {
	tb.Helper()
	q := newQuad(n, 3, 2)
	s := newTestSampler(tb, o, n)
	g := make([]float64, 3)
	x := []float64{1, 1, 1}
	for e := range 3 {
		seq, err := s.Next(nil)
		if err != nil {
			tb.Fatal(err)
		}
		stop := len(seq)
		switch e {
		case 1:
			stop -= k % 3
		case 2:
			stop = pos
		}
		for _, i := range seq[:stop] {
			q.CompGrad(g, i, x)
			if err := s.Observe(i, g); err != nil {
				tb.Fatal(err)
			}
		}
	}
	state, err := s.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	return s, state
}

// reseal returns a saved state of the payload p: the frame of version
// samplerVersion, p's length and the checksum, so that a test can make a
// payload that passes the frame's checks and must fail the semantic
// ones.
func reseal(p []byte) []byte {
	var e encoder
	e.str(samplerMagic)
	e.int(samplerVersion)
	e.int(len(p))
	e.b = append(e.b, p...)
	return binary.LittleEndian.AppendUint32(e.b, crc32.Checksum(e.b, castagnoli))
}

// payload returns the payload of a saved state.
func payload(state []byte) []byte { return slices.Clone(state[stateHead : len(state)-4]) }

// TestSamplerStateFlips: of every single-bit flip and every truncation
// of the saved states of every order a sampler drives, in mid-epoch,
// none is accepted, each error wraps ErrState, and the samplers, fresh or
// the one saved, are left as they were.
func TestSamplerStateFlips(t *testing.T) {
	const n = 8
	flips, cuts := 0, 0
	for k, o := range samplerOrders {
		s, state := midState(t, o, k, n, 3)
		fresh := newTestSampler(t, o, n)
		empty, err := fresh.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		accepted := 0
		bad := slices.Clone(state)
		for j := range 8 * len(state) {
			bad[j/8] ^= 1 << (j % 8)
			for _, r := range []*Sampler{fresh, s} {
				if err := r.UnmarshalBinary(bad); err == nil {
					accepted++
				} else if !errors.Is(err, ErrState) {
					t.Fatalf("%s: bit %d flipped: %v, want ErrState", o.name, j, err)
				}
			}
			bad[j/8] ^= 1 << (j % 8)
			flips++
		}
		for cut := range len(state) {
			for _, r := range []*Sampler{fresh, s} {
				if err := r.UnmarshalBinary(state[:cut]); err == nil {
					accepted++
				} else if !errors.Is(err, ErrState) {
					t.Fatalf("%s: state cut to %d of %d bytes: %v, want ErrState", o.name, cut, len(state), err)
				}
			}
			cuts++
		}
		for _, r := range []*Sampler{fresh, s} {
			if err := r.UnmarshalBinary(append(slices.Clone(state), 0)); !errors.Is(err, ErrState) {
				t.Errorf("%s: a byte too many: %v, want ErrState", o.name, err)
			}
		}
		if accepted != 0 {
			t.Errorf("%s: %d corrupt states of %d bytes accepted, want 0", o.name, accepted, len(state))
		}
		if now, err := fresh.MarshalBinary(); err != nil || !bytes.Equal(now, empty) {
			t.Errorf("%s: failed restores changed a fresh sampler (%v)", o.name, err)
		}
		if now, err := s.MarshalBinary(); err != nil || !bytes.Equal(now, state) {
			t.Errorf("%s: failed restores changed the sampler saved (%v)", o.name, err)
		}
	}
	if flips == 0 || cuts == 0 {
		t.Fatal("no state tried")
	}
	t.Logf("%d single-bit flips and %d truncations of %d orders' states refused", flips, cuts, len(samplerOrders))
}

// TestSamplerUnmarshalErrors: states of another version, n or order, and
// states whose frame is intact but whose content is inconsistent, return
// errors wrapping ErrState that name the fault, and leave the sampler as
// it was.
func TestSamplerUnmarshalErrors(t *testing.T) {
	const n = 8
	for k, o := range samplerOrders {
		_, state := midState(t, o, k, n, 3)
		fresh := newTestSampler(t, o, n)
		empty, err := fresh.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if err := fresh.UnmarshalBinary(reseal(payload(state))); err != nil {
			t.Fatalf("%s: the state resealed: %v", o.name, err)
		}
		fresh = newTestSampler(t, o, n)
		bigger := newTestSampler(t, o, 2*n)
		if err := bigger.UnmarshalBinary(state); !errors.Is(err, ErrState) || !strings.Contains(err.Error(), "n = 8") {
			t.Errorf("%s: restored into a sampler of another n: %v", o.name, err)
		}
		other := newTestSampler(t, samplerOrders[(k+3)%len(samplerOrders)], n)
		if err := other.UnmarshalBinary(state); !errors.Is(err, ErrState) {
			t.Errorf("%s: restored into another order: %v", o.name, err)
		}
		for _, v := range []int{1, 3} {
			old := slices.Clone(state)
			binary.LittleEndian.PutUint64(old[8+len(samplerMagic):], uint64(v))
			if err := fresh.UnmarshalBinary(old); !errors.Is(err, ErrState) || !strings.Contains(err.Error(), "unsupported state version") {
				t.Errorf("%s: version %d: %v", o.name, v, err)
			}
		}
		// The payload starts with n, the epoch, the position, d and the
		// sequence (its length plus one, then its entries).
		p := payload(state)
		for _, test := range []struct {
			name string
			edit func(p []byte)
			want string
		}{
			{"position past the sequence", func(p []byte) { binary.LittleEndian.PutUint64(p[16:], 9) }, "position 9"},
			{"epoch before the first with a sequence", func(p []byte) { binary.LittleEndian.PutUint64(p[8:], ^uint64(0)) }, "before its first epoch"},
			{"sequence entry out of range", func(p []byte) { binary.LittleEndian.PutUint64(p[40:], n) }, "entry 0 is 8"},
		} {
			bad := slices.Clone(p)
			test.edit(bad)
			if err := fresh.UnmarshalBinary(reseal(bad)); !errors.Is(err, ErrState) || !strings.Contains(err.Error(), test.want) {
				t.Errorf("%s: %s: %v, want ErrState naming %q", o.name, test.name, err, test.want)
			}
		}
		// Two entries of the sequence made equal, or swapped: every order
		// refuses the first (SGD, which draws with replacement, by its
		// random stream only if the entries were equal already), and those
		// whose sequence its state fixes refuse the second.
		seqAt := func(p []byte, k int) []byte { return p[40+8*k:] }
		if o.name != "sgd" {
			dup := slices.Clone(p)
			copy(seqAt(dup, 1)[:8], seqAt(dup, 0)[:8])
			if err := fresh.UnmarshalBinary(reseal(dup)); !errors.Is(err, ErrState) {
				t.Errorf("%s: sequence with a repeated entry: %v, want ErrState", o.name, err)
			}
		}
		swap := slices.Clone(p)
		copy(seqAt(swap, 0)[:8], seqAt(p, 1)[:8])
		copy(seqAt(swap, 1)[:8], seqAt(p, 0)[:8])
		if now, err := fresh.MarshalBinary(); err != nil || !bytes.Equal(now, empty) {
			t.Errorf("%s: failed restores changed the sampler (%v)", o.name, err)
		}
		err = newTestSampler(t, o, n).UnmarshalBinary(reseal(swap))
		switch o.name {
		case "mean-balance", "mean-balance-prob", "pair-balance", "pair-balance-32", "flipflop", "incremental", "shuffle-once":
			if !errors.Is(err, ErrState) {
				t.Errorf("%s: sequence with two entries swapped: %v, want ErrState", o.name, err)
			}
		}
		// The position moved back one: the balancing orders placed a
		// component the sampler has not reached.
		back := slices.Clone(p)
		binary.LittleEndian.PutUint64(back[16:], 2)
		err = newTestSampler(t, o, n).UnmarshalBinary(reseal(back))
		if strings.Contains(o.name, "balance") && (!errors.Is(err, ErrState) || !strings.Contains(err.Error(), "position 2")) {
			t.Errorf("%s: position moved back: %v, want ErrState naming position 2", o.name, err)
		}
	}
	if _, err := (&Sampler{o: fixed{0}}).MarshalBinary(); !errors.Is(err, ErrSetting) {
		t.Errorf("saving an orderer from outside without MarshalBinary: %v", err)
	}
}

// FuzzSamplerUnmarshal: no input makes UnmarshalBinary panic or return
// an error that does not wrap ErrState; an accepted state saves back to
// the same bytes, and the sampler runs on from it: the rest of its epoch
// observed, Next gives a sequence of indices in [0, n), a permutation of
// them for the orders that serve permutations. With seal set, data is
// taken as a payload and framed with a valid checksum, so that the
// fuzzer reaches the semantic checks.
func FuzzSamplerUnmarshal(f *testing.F) {
	const n = 8
	for k, o := range samplerOrders {
		for _, pos := range []int{0, 3} {
			_, state := midState(f, o, k, n, pos)
			f.Add(uint8(k), false, state)
			f.Add(uint8(k), true, payload(state))
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, seal bool, data []byte) {
		o := samplerOrders[int(k)%len(samplerOrders)]
		if seal {
			data = reseal(data)
		}
		s := newTestSampler(t, o, n)
		if err := s.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrState) {
				t.Fatalf("%s: %v, want ErrState", o.name, err)
			}
			return
		}
		again, err := s.MarshalBinary()
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("%s: accepted state saves back differently (%v)", o.name, err)
		}
		g := []float64{1, -1, 0.5}
		for range 2 {
			seq := s.Sequence(nil)
			for _, i := range seq[s.Pos():] {
				_ = s.Observe(i, g) // errors allowed (a d of another length), panics not
			}
			seq, err := s.Next(nil)
			if err != nil {
				return
			}
			if err := checkSeq(seq, n, !slices.Contains([]string{"sgd", "incremental", "sgd-internal"}, o.name)); err != nil {
				t.Fatalf("%s: Next after a restore: %v", o.name, err)
			}
		}
	})
}

// checkSeq returns an error unless seq is a non-empty sequence of indices
// in [0, n), and a permutation of them if perm is set.
func checkSeq(seq []int, n int, perm bool) error {
	if perm {
		return checkPerm(seq, n)
	}
	if len(seq) == 0 {
		return errors.New("empty sequence")
	}
	for k, i := range seq {
		if i < 0 || i >= n {
			return errors.New("entry out of range at " + string(rune('0'+k%10)))
		}
	}
	return nil
}

// TestSamplerEpochEndedEarly: a balancing order places the components an
// epoch did not reach in the middle of the next order in their order in
// the epoch's (not sorted: on data stored class by class a sorted run is
// a class), and a sampler saved after such an epoch restores.
func TestSamplerEpochEndedEarly(t *testing.T) {
	const n = 8
	start := []int{7, 2, 5, 0, 3, 6, 1, 4}
	for _, o := range []samplerOrder{
		{"mean-balance", true, func(n int) (Orderer, error) { return NewMeanBalance(n, BalanceSettings{Start: start}) }},
		{"pair-balance", true, func(n int) (Orderer, error) { return NewPairBalance(n, BalanceSettings{Start: start}) }},
		{"pair-balance-32", true, func(n int) (Orderer, error) { return NewPairBalance32(n, BalanceSettings{Start: start}) }},
	} {
		s := newTestSampler(t, o, n)
		seq, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, i := range seq[:2] {
			if err := s.Observe(i, []float64{float64(k) - 0.5, 1}); err != nil {
				t.Fatal(err)
			}
		}
		next, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		// Two placed at the ends; the six others in a run in start's
		// order.
		at := slices.Index(next, start[2])
		if want := start[2:]; at < 0 || at > 2 || !slices.Equal(next[at:at+len(want)], want) {
			t.Errorf("%s: next order %v, want %v in the middle", o.name, next, want)
		}
		state, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		r := newTestSampler(t, o, n)
		if err := r.UnmarshalBinary(state); err != nil {
			t.Errorf("%s: restoring after an epoch ended early: %v", o.name, err)
		}
	}
}

// TestPairBalanceStateIgnoresMeanOption checks that a pair balancing
// state restores into a pair balancing made with or without mean
// balancing's FirstEpochRunningMean, which it ignores.
func TestPairBalanceStateIgnoresMeanOption(t *testing.T) {
	const n = 8
	saved, _ := NewPairBalance(n, BalanceSettings{Seed: 3, FirstEpochRunningMean: true})
	s, err := NewSampler(saved, n)
	if err != nil {
		t.Fatal(err)
	}
	seq, err := s.Next(nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, i := range seq[:3] {
		if err := s.Observe(i, []float64{float64(k), 1, -2}); err != nil {
			t.Fatal(err)
		}
	}
	state, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	o, _ := NewPairBalance(n, BalanceSettings{Seed: 3})
	r, err := NewSampler(o, n)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.UnmarshalBinary(state); err != nil {
		t.Errorf("a PairBalance state saved with FirstEpochRunningMean set, restored without it: %v", err)
	}
}
