// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"bytes"
	"errors"
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

// TestPairBalance32MatchesPairBalance: on gradients whose signs' inner
// products are far from 0 relative to float32's rounding (random ones of
// length 1,000), PairBalance32 builds PairBalance's orders, epoch after
// epoch, observed in float32 through a Sampler; its saved state is a
// little over half PairBalance's. A rule that differs (the sign of the
// inner product flipped) builds other orders.
func TestPairBalance32MatchesPairBalance(t *testing.T) {
	const n, d, epochs = 64, 1000, 4
	run := func(o Orderer) ([][]int, int) {
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
			for _, i := range seq {
				for j, v := range grads[i] {
					g32[j] = float32(v)
				}
				if err := s.Observe32(i, g32); err != nil {
					t.Fatal(err)
				}
			}
		}
		seq, err = s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		state, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		return append(seqs, seq), len(state)
	}
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

// TestPairBalance32Range: a gradient with an entry of magnitude 2^99 or
// more is rejected with an error naming it, at the start of an epoch, as
// the first and as the second of a pair, and in a batch, through a Sampler
// (which is left as it was) and through Run (whose next epoch fails); one
// just below is taken.
func TestPairBalance32Range(t *testing.T) {
	const n, d = 4, 11
	good := func(i int) []float32 {
		g := make([]float32, d)
		for j := range g {
			g[j] = float32(math.Sin(float64(1 + i*d + j)))
		}
		return g
	}
	for _, at := range []int{0, 1, 2} {
		for _, v := range []float32{math.Nextafter32(0x1p99, 0), 0x1p99, -0x1p99, float32(math.Inf(1))} {
			o, _ := NewPairBalance32(n, BalanceSettings{Seed: 1})
			s, _ := NewSampler(o, n)
			seq, _ := s.Next(nil)
			for k, i := range seq[:at] {
				if err := s.Observe32(i, good(k)); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := s.MarshalBinary()
			g := good(at)
			g[d-1-at] = v
			err := s.Observe32(seq[at], g)
			after, _ := s.MarshalBinary()
			if math.Abs(float64(v)) < 0x1p99 {
				if err != nil {
					t.Errorf("entry %v at position %d: %v", v, at, err)
				}
				continue
			}
			if !errors.Is(err, ErrNaN) || !strings.Contains(err.Error(), "2^99") {
				t.Errorf("entry %v at position %d: %v, want ErrNaN naming 2^99", v, at, err)
			}
			if !bytes.Equal(before, after) {
				t.Errorf("entry %v at position %d: the rejected gradient changed the state", v, at)
			}
			// In a batch of two, the bad one second: neither is observed.
			rows := append(good(at), g...)
			if err := s.ObserveBatch32(seq[at:at+2], rows); !errors.Is(err, ErrNaN) {
				t.Errorf("entry %v in a batch: %v, want ErrNaN", v, err)
			}
			if after2, _ := s.MarshalBinary(); !bytes.Equal(before, after2) {
				t.Errorf("entry %v in a batch: the state changed", v)
			}
		}
	}
	// Run: the gradient of a quadratic with a huge centre.
	q := newQuad(n, 3, 1)
	q.b[2][1] = 0x1p100
	o, _ := NewPairBalance32(n, BalanceSettings{Seed: 1})
	x0 := []float64{0, 0, 0}
	_, err := Run(q, x0, o, &Settings{Epochs: 2, Step: Constant(1e-3), SkipEval: true})
	if !errors.Is(err, ErrNaN) || !strings.Contains(err.Error(), "2^99") {
		t.Errorf("Run with an entry of 2^100: %v, want ErrNaN naming 2^99", err)
	}
}
