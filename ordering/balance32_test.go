// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refPair32Dot is pair32Dot's sum, term by term in the order the doc
// states, and inRange32's verdict on b.
func refPair32Dot[T float32 | float64](s, a []float32, b []T) (float64, bool) {
	var l [16]float64
	m := len(b) &^ 15
	for j := 0; j < m; j++ {
		l[j%16] += float64(float64(s[j]) * float64(a[j]-float32(b[j])))
	}
	var q [4]float64
	for k := range q {
		q[k] = (l[k] + l[k+8]) + (l[k+4] + l[k+12])
	}
	for j := m; j < len(b); j++ {
		q[0] += float64(float64(s[j]) * float64(a[j]-float32(b[j])))
	}
	return (q[0] + q[1]) + (q[2] + q[3]), inRange32(b)
}

// TestPair32Kernels: PairBalance32's kernels, with the AVX2 loops where
// the processor has them and with the Go loops, give the reference's
// bits, and reject an entry that is NaN, infinite or of magnitude 2^99 or
// more anywhere (the tail beyond a multiple of 8 included), and take one
// just below 2^99.
func TestPair32Kernels(t *testing.T) {
	defer func(v bool) { useAVX2 = v }(useAVX2)
	bads := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0x1p99, -0x1p99, 1e38}
	below := float64(math.Nextafter32(0x1p99, 0))
	for _, vec := range []bool{useAVX2, false} {
		useAVX2 = vec
		rnd := rand.New(rand.NewPCG(3, 4))
		for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 23, 32, 37, 64, 101, 1030} {
			for bad := -2; bad < len(bads); bad++ {
				s := kernelVec[float32](rnd, n, 0)
				a := kernelVec[float32](rnd, n, 0)
				b := kernelVec[float32](rnd, n, 0)
				for j := range s {
					s[j] *= 100
				}
				if n > 0 && bad >= -1 {
					v := below
					if bad >= 0 {
						v = bads[bad]
					}
					b[rnd.IntN(n)] = float32(v)
				}
				want, wantOK := refPair32Dot(s, a, b)
				if (bad < 0 || n == 0) != wantOK {
					t.Fatalf("n = %d, bad = %d: inRange32 = %v", n, bad, wantOK)
				}
				got, ok := pair32Dot(s, a, b)
				if ok != wantOK || (ok && math.Float64bits(got) != math.Float64bits(want)) {
					t.Errorf("AVX2 %v: pair32Dot, n = %d, bad = %d: %v, %v, want %v, %v", vec, n, bad, got, ok, want, wantOK)
				}
				b64 := make([]float64, n)
				for j, v := range b {
					b64[j] = float64(v)
				}
				if got, ok := pair32Dot(s, a, b64); ok != wantOK || (ok && math.Float64bits(got) != math.Float64bits(want)) {
					t.Errorf("AVX2 %v: pair32Dot of float64, n = %d, bad = %d: %v, %v, want %v, %v", vec, n, bad, got, ok, want, wantOK)
				}
				dst := make([]float32, n)
				if ok := copyRange32(dst, b); ok != wantOK || !slices.Equal(math32Bits(dst), math32Bits(b)) {
					t.Errorf("AVX2 %v: copyRange32, n = %d, bad = %d: %v, want %v, or not a copy", vec, n, bad, ok, wantOK)
				}
				dst = make([]float32, n)
				if ok := copyRange32(dst, b64); ok != wantOK || !slices.Equal(math32Bits(dst), math32Bits(b)) {
					t.Errorf("AVX2 %v: copyRange32 of float64, n = %d, bad = %d: %v, want %v, or not a copy", vec, n, bad, ok, wantOK)
				}
				if !wantOK {
					continue
				}
				for _, eps := range []float64{1, -1} {
					got, want := slices.Clone(s), slices.Clone(s)
					pair32Update(got, a, b, eps)
					for j := range want {
						want[j] += float32(float32(eps) * (a[j] - b[j]))
					}
					if !slices.Equal(math32Bits(got), math32Bits(want)) {
						t.Errorf("AVX2 %v: pair32Update, n = %d, ε = %v: not the reference's bits", vec, n, eps)
					}
					got = slices.Clone(s)
					pair32Update(got, a, b64, eps)
					if !slices.Equal(math32Bits(got), math32Bits(want)) {
						t.Errorf("AVX2 %v: pair32Update of float64, n = %d, ε = %v: not the reference's bits", vec, n, eps)
					}
				}
			}
		}
		if !vec {
			break
		}
	}
}

// TestPair32KernelsFloat64: float64 gradients whose values are not
// float32 ones are rounded first, in the vector loops and in Go: the
// kernels give the bits of the float32 gradient of their roundings.
func TestPair32KernelsFloat64(t *testing.T) {
	defer func(v bool) { useAVX2 = v }(useAVX2)
	for _, vec := range []bool{useAVX2, false} {
		useAVX2 = vec
		rnd := rand.New(rand.NewPCG(5, 6))
		for _, n := range []int{1, 8, 16, 37, 1030} {
			s := kernelVec[float32](rnd, n, 0)
			a := kernelVec[float32](rnd, n, 0)
			b64 := kernelVec[float64](rnd, n, 0)
			b32 := make([]float32, n)
			exact := 0
			for j, v := range b64 {
				b32[j] = float32(v)
				if float64(b32[j]) == v {
					exact++
				}
			}
			if exact == n {
				t.Fatalf("n = %d: every value a float32", n)
			}
			got, ok := pair32Dot(s, a, b64)
			want, _ := pair32Dot(s, a, b32)
			if !ok || math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("AVX2 %v, n = %d: pair32Dot of float64 %v, %v, of its rounding %v", vec, n, got, ok, want)
			}
			u1, u2 := slices.Clone(s), slices.Clone(s)
			pair32Update(u1, a, b64, -1)
			pair32Update(u2, a, b32, -1)
			c1, c2 := make([]float32, n), make([]float32, n)
			copyRange32(c1, b64)
			copyRange32(c2, b32)
			if !slices.Equal(math32Bits(u1), math32Bits(u2)) || !slices.Equal(math32Bits(c1), math32Bits(c2)) {
				t.Errorf("AVX2 %v, n = %d: pair32Update or copyRange32 of float64 not that of its rounding", vec, n)
			}
		}
		if !vec {
			break
		}
	}
}

// TestPair32RangeFloat64: a float64 gradient is judged on its float32
// rounding, in the vector loops and in Go: 2^99 - 2^73 rounds to 2^99 and
// is rejected, 2^99 - 2^76 is a float32 below 2^99 and taken, 1e300
// rounds to +Inf.
func TestPair32RangeFloat64(t *testing.T) {
	defer func(v bool) { useAVX2 = v }(useAVX2)
	for _, vec := range []bool{useAVX2, false} {
		useAVX2 = vec
		for _, c := range []struct {
			v  float64
			ok bool
		}{{0x1p99 - 0x1p73, false}, {0x1p99 - 0x1p76, true}, {-(0x1p99 - 0x1p76), true}, {1e300, false}, {math.NaN(), false}} {
			for _, at := range []int{0, 9, 16, 31, 33} {
				b := make([]float64, 34)
				b[at] = c.v
				s, a, dst := make([]float32, 34), make([]float32, 34), make([]float32, 34)
				if _, ok := pair32Dot(s, a, b); ok != c.ok {
					t.Errorf("AVX2 %v: pair32Dot with %v at %d: in range %v, want %v", vec, c.v, at, ok, c.ok)
				}
				if ok := copyRange32(dst, b); ok != c.ok {
					t.Errorf("AVX2 %v: copyRange32 with %v at %d: in range %v, want %v", vec, c.v, at, ok, c.ok)
				}
			}
		}
		if !vec {
			break
		}
	}
}

func math32Bits(s []float32) []uint32 {
	b := make([]uint32, len(s))
	for j, v := range s {
		b[j] = math.Float32bits(v)
	}
	return b
}

// pair32Grads returns n gradients of length d with float32 values, their
// mean not 0, different in every epoch t.
func pair32Grads(n, d, t int) [][]float64 {
	rnd := rand.New(rand.NewPCG(uint64(t), 11))
	g := make([][]float64, n)
	for i := range g {
		g[i] = make([]float64, d)
		for j := range g[i] {
			g[i][j] = float64(float32(rnd.NormFloat64() + 0.3))
		}
	}
	return g
}

// pair32Run drives o through a Sampler over n components for the given
// epochs on pair32Grads of length d, observed in float32, skipping the
// entries k of epoch e where skip says so (nil: none), and returns every
// epoch's sequence, the next one, and the length of the saved state.
func pair32Run(t *testing.T, o Orderer, n, d, epochs int, skip func(e, k int) bool) ([][]int, int) {
	t.Helper()
	s, err := NewSampler(o, n)
	if err != nil {
		t.Fatal(err)
	}
	var seqs [][]int
	var seq []int
	g32 := make([]float32, d)
	for e := range epochs {
		if seq, err = s.Next(seq); err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, slices.Clone(seq))
		grads := pair32Grads(n, d, e)
		for k, i := range seq {
			if skip != nil && skip(e, k) {
				continue
			}
			for j, v := range grads[i] {
				g32[j] = float32(v)
			}
			if err := s.Observe32(i, g32); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seq, err = s.Next(nil); err != nil {
		t.Fatal(err)
	}
	state, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return append(seqs, seq), len(state)
}

// TestPairBalance32MatchesPairBalance: on gradients whose signs' inner
// products are far from 0 relative to float32's rounding (random ones of
// length 1,000), PairBalance32 builds PairBalance's orders, epoch after
// epoch, observed in float32 through a Sampler; its saved state is a
// little over half PairBalance's. A rule that differs (the sign of the
// inner product flipped) builds other orders.
func TestPairBalance32MatchesPairBalance(t *testing.T) {
	const n, d, epochs = 64, 1000, 4
	run := func(o Orderer) ([][]int, int) { return pair32Run(t, o, n, d, epochs, nil) }
	p64, err := NewPairBalance(n, BalanceSettings{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	p32, err := NewPairBalance32(n, BalanceSettings{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	want, size64 := run(p64)
	got, size32 := run(p32)
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("PairBalance32's orders %v, PairBalance's %v", got, want)
	}
	if size32 > size64*6/10 {
		t.Errorf("PairBalance32's saved state %d bytes, PairBalance's %d", size32, size64)
	}
	// The check can fail: with ties to -1 the first pair of every epoch
	// (signed against a zero sum) goes the other way.
	p32b, _ := NewPairBalance32(n, BalanceSettings{Seed: 9, Strict: true})
	if other, _ := run(p32b); slices.EqualFunc(other, want, slices.Equal) {
		t.Error("PairBalance32 with ties to -1 built the same orders: the check cannot fail")
	}
}

// TestPairBalance32OddAndSkipped: with an odd number of components (the
// last gradient of every epoch placed by its own sign, flush) and with
// entries skipped, PairBalance32 builds PairBalance's orders. With 55 of
// the 63 observed, the flushed component's sign decides its side, the 8
// missed going in the middle: a flush that signed the other way fails.
func TestPairBalance32OddAndSkipped(t *testing.T) {
	const n, d, epochs = 63, 40, 4
	run := func(o Orderer, skip func(e, k int) bool) [][]int {
		seqs, _ := pair32Run(t, o, n, d, epochs, skip)
		return seqs
	}
	for _, c := range []struct {
		name string
		skip func(e, k int) bool
	}{
		{"odd n", func(e, k int) bool { return false }},
		{"entries skipped", func(e, k int) bool { return k%8 == 5 }},
	} {
		p64, _ := NewPairBalance(n, BalanceSettings{Seed: 4})
		p32, _ := NewPairBalance32(n, BalanceSettings{Seed: 4})
		want, got := run(p64, c.skip), run(p32, c.skip)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: PairBalance32's orders %v, PairBalance's %v", c.name, got, want)
		}
	}
}

// TestPairBalance32Range: a gradient with an entry of magnitude 2^99 or
// more is rejected with an error naming the entry, at the start of an
// epoch (the first and a later one, whose check is the order's own), as
// the first and as the second of a pair, and in a batch, through a
// Sampler (which is left as it was) and through Run (whose next epoch
// fails, and Err says it after the last); one just below is taken. The
// gradients are long enough for the vector loops (37 entries: 32 in them).
func TestPairBalance32Range(t *testing.T) {
	const n, d = 4, 37
	good := func(i int) []float32 {
		g := make([]float32, d)
		for j := range g {
			g[j] = float32(math.Sin(float64(1 + i*d + j)))
		}
		return g
	}
	for _, epoch := range []int{0, 1} {
		for _, at := range []int{0, 1, 2} {
			for _, v := range []float32{math.Nextafter32(0x1p99, 0), 0x1p99, -0x1p99, float32(math.Inf(1))} {
				o, _ := NewPairBalance32(n, BalanceSettings{Seed: 1})
				s, _ := NewSampler(o, n)
				seq, _ := s.Next(nil)
				if epoch == 1 {
					for k, i := range seq {
						if err := s.Observe32(i, good(k)); err != nil {
							t.Fatal(err)
						}
					}
					seq, _ = s.Next(seq)
				}
				for k, i := range seq[:at] {
					if err := s.Observe32(i, good(k)); err != nil {
						t.Fatal(err)
					}
				}
				before, _ := s.MarshalBinary()
				g := good(at)
				bad := d - 1 - 7*at // in the vector loops but for at = 0
				g[bad] = v
				err := s.Observe32(seq[at], g)
				after, _ := s.MarshalBinary()
				if math.Abs(float64(v)) < 0x1p99 {
					if err != nil {
						t.Errorf("epoch %d: entry %v at position %d: %v", epoch, v, at, err)
					}
					continue
				}
				// A finite entry is out of range, an infinite one not
				// finite.
				want, text := ErrRange, "2^99"
				if math.IsInf(float64(v), 0) {
					want, text = ErrNaN, "+Inf"
				}
				if name := fmt.Sprintf("entry %d is %g", bad, float64(v)); !errors.Is(err, want) || !strings.Contains(err.Error(), text) || !strings.Contains(err.Error(), name) {
					t.Errorf("epoch %d: entry %v at position %d: %v, want %v naming %s and %q", epoch, v, at, err, want, text, name)
				}
				if !bytes.Equal(before, after) {
					t.Errorf("epoch %d: entry %v at position %d: the rejected gradient changed the state", epoch, v, at)
				}
				// In a batch of two, the bad one second: neither is observed.
				rows := append(good(at), g...)
				if err := s.ObserveBatch32(seq[at:at+2], rows); !errors.Is(err, want) {
					t.Errorf("epoch %d: entry %v in a batch: %v, want %v", epoch, v, err, want)
				}
				if after2, _ := s.MarshalBinary(); !bytes.Equal(before, after2) {
					t.Errorf("epoch %d: entry %v in a batch: the state changed", epoch, v)
				}
			}
		}
	}
	// Run: the gradient of a quadratic with a huge centre, in the first of
	// two epochs (the second's Order fails) and in the only one (Err).
	for _, epochs := range []int{2, 1} {
		q := newQuad(n, 3, 1)
		q.b[2][1] = 0x1p100
		o, _ := NewPairBalance32(n, BalanceSettings{Seed: 1})
		x0 := []float64{0, 0, 0}
		_, err := Run(q, x0, o, &Settings{Epochs: epochs, Step: Constant(1e-3), SkipEval: true})
		if epochs == 1 {
			if err != nil {
				t.Errorf("Run of one epoch: %v (its results do not depend on the next order)", err)
			}
			err = o.Err()
		}
		if !errors.Is(err, ErrRange) || !strings.Contains(err.Error(), "2^99") || !strings.Contains(err.Error(), "entry 1 is") {
			t.Errorf("Run of %d epochs with an entry of 2^100: %v, want ErrRange naming 2^99 and entry 1", epochs, err)
		}
	}
}

// TestBalanceStateNotPermutation: a saved balancing order whose built
// order is not a permutation is refused, and a PairBalance32 that failed
// through Observe is usable again once a good state is restored into it.
func TestBalanceStateNotPermutation(t *testing.T) {
	const n = 4
	byName := func(name string) samplerOrder {
		k := slices.IndexFunc(samplerOrders, func(o samplerOrder) bool { return o.name == name })
		if k < 0 {
			t.Fatalf("no sampler order %q", name)
		}
		return samplerOrders[k]
	}
	for _, name := range []string{"mean-balance", "mean-balance-32", "pair-balance", "pair-balance-32"} {
		o := byName(name)
		ord, err := o.make(n)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := NewSampler(ord, n)
		if _, err := s.Next(nil); err != nil {
			t.Fatal(err)
		}
		switch ord := ord.(type) {
		case *MeanBalance:
			ord.lastOrder = []int{0, 0, 1, 2}
		case *MeanBalance32:
			ord.lastOrder = []int{0, 0, 1, 2}
		case *PairBalance:
			ord.lastOrder = []int{0, 0, 1, 2}
		case *PairBalance32:
			ord.lastOrder = []int{0, 0, 1, 2}
		}
		state, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		fresh := newTestSampler(t, o, n)
		if err := fresh.UnmarshalBinary(state); !errors.Is(err, ErrState) || !strings.Contains(err.Error(), "order") {
			t.Errorf("%s: order [0 0 1 2] restored: %v, want ErrState", o.name, err)
		}
	}
	good := newTestSampler(t, byName("pair-balance-32"), n)
	if _, err := good.Next(nil); err != nil {
		t.Fatal(err)
	}
	state, _ := good.MarshalBinary()
	o, _ := NewPairBalance32(n, BalanceSettings{Seed: 5})
	o.Observe(0, 0, 1, []float64{0x1p100})
	if o.Err() == nil {
		t.Fatal("no error from an entry of 2^100")
	}
	s, _ := NewSampler(o, n)
	if err := s.UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Next(nil); err != nil || o.Err() != nil {
		t.Errorf("restored over an error: Next %v, Err %v", err, o.Err())
	}
}
