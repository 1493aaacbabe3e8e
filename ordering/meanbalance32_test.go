// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestMeanBalance32MatchesMeanBalance: on random gradients of length
// 1,000 (signs' inner products far from 0 relative to float32's
// rounding), MeanBalance32 builds MeanBalance's orders epoch after epoch,
// observed in float32 through a Sampler, with either centring of epoch 0
// and with entries skipped; its saved state is about half MeanBalance's.
// A rule that differs (ties to -1) builds other orders.
func TestMeanBalance32MatchesMeanBalance(t *testing.T) {
	const n, d, epochs = 64, 1000, 4
	for _, c := range []struct {
		name string
		set  BalanceSettings
		skip func(e, k int) bool
	}{
		{"zero centre", BalanceSettings{Seed: 9}, nil},
		{"running mean", BalanceSettings{Seed: 9, FirstEpochRunningMean: true}, nil},
		{"entries skipped", BalanceSettings{Seed: 9}, func(e, k int) bool { return k%8 == 5 }},
	} {
		m64, err := NewMeanBalance(n, c.set)
		if err != nil {
			t.Fatal(err)
		}
		m32, err := NewMeanBalance32(n, c.set)
		if err != nil {
			t.Fatal(err)
		}
		want, size64 := pair32Run(t, m64, n, d, epochs, c.skip)
		got, size32 := pair32Run(t, m32, n, d, epochs, c.skip)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: MeanBalance32's orders %v, MeanBalance's %v", c.name, got, want)
		}
		if size32 > size64*6/10 {
			t.Errorf("%s: MeanBalance32's saved state %d bytes, MeanBalance's %d", c.name, size32, size64)
		}
		set := c.set
		set.Strict = true
		m32b, _ := NewMeanBalance32(n, set)
		if other, _ := pair32Run(t, m32b, n, d, epochs, c.skip); slices.EqualFunc(other, want, slices.Equal) {
			t.Errorf("%s: MeanBalance32 with ties to -1 built the same orders: the check cannot fail", c.name)
		}
	}
}

// TestMeanBalance32Exact: on small integer gradients with n = 8 (their
// sums, means and centred values exact in float32, so every inner
// product is exact, ties included), MeanBalance32 builds MeanBalance's
// orders bit for bit, over 6 epochs, by either rule.
func TestMeanBalance32Exact(t *testing.T) {
	const n, d, epochs = 8, 5, 6
	rnd := rand.New(rand.NewPCG(3, 4))
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = float64(rnd.IntN(9) - 4)
		}
	}
	// run observes the fixed rows through a Sampler, every epoch.
	run := func(o Orderer) [][]int {
		s, err := NewSampler(o, n)
		if err != nil {
			t.Fatal(err)
		}
		var seqs [][]int
		for range epochs {
			seq, err := s.Next(nil)
			if err != nil {
				t.Fatal(err)
			}
			seqs = append(seqs, seq)
			for _, i := range seq {
				if err := s.Observe(i, rows[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		return seqs
	}
	for _, set := range []BalanceSettings{{Seed: 2}, {Seed: 2, Rule: Probabilistic}, {Seed: 2, Strict: true}} {
		m64, _ := NewMeanBalance(n, set)
		m32, _ := NewMeanBalance32(n, set)
		want, got := run(m64), run(m32)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%+v: MeanBalance32's orders %v, MeanBalance's %v", set, got, want)
		}
	}
}

// TestMeanBalance32Range: a gradient with an entry of magnitude 2^99 or
// more, or not finite, is rejected with ErrNaN naming the entry, through a
// Sampler (which observes nothing) and through Observe (Err and the next
// Order); one just below 2^99 is taken. NewMeanBalance32 refuses n above
// 2^27.
func TestMeanBalance32Range(t *testing.T) {
	const n, d = 4, 37
	for _, v := range []float32{math.Nextafter32(0x1p99, 0), 0x1p99, -0x1p99, float32(math.NaN())} {
		taken := math.Abs(float64(v)) < 0x1p99
		want := ErrRange // a finite entry beyond the float32 range
		if math.IsNaN(float64(v)) {
			want = ErrNaN
		}
		for _, epoch := range []int{0, 1} {
			o, _ := NewMeanBalance32(n, BalanceSettings{Seed: 1})
			s, _ := NewSampler(o, n)
			g := make([]float32, d)
			seq, _ := s.Next(nil)
			if epoch == 1 {
				for _, i := range seq {
					if err := s.Observe32(i, g); err != nil {
						t.Fatal(err)
					}
				}
				seq, _ = s.Next(nil)
			}
			g[d-1] = v
			err := s.Observe32(seq[0], g)
			if taken != (err == nil) || (err != nil && (!errors.Is(err, want) || !strings.Contains(err.Error(), "entry 36"))) {
				t.Errorf("epoch %d, entry %v: Observe32 = %v", epoch, v, err)
			}
		}
		o, _ := NewMeanBalance32(n, BalanceSettings{Seed: 1})
		g := make([]float64, d)
		g[3] = float64(v)
		o.Observe(0, 0, 2, g)
		if err := o.Err(); taken != (err == nil) || (err != nil && !errors.Is(err, want)) {
			t.Errorf("entry %v: Err after Observe = %v", v, err)
		}
		if _, err := o.Order(nil, Epoch{T: 1}); taken != (err == nil) {
			t.Errorf("entry %v: Order after Observe = %v", v, err)
		}
	}
	if _, err := NewMeanBalance32(1<<27+1, BalanceSettings{}); !errors.Is(err, ErrSetting) {
		t.Errorf("NewMeanBalance32(2^27+1) = %v, want ErrSetting", err)
	}
}

// TestMean32Update: mean32Update gives the bits of its element-by-element
// rule (s += ε (g - c), cur += g, in float32), for float32 and float64
// gradients, on lengths around its vector loops' 16, with the vector
// loops where there are and without; meanDot is <s, g - c>.
func TestMean32Update(t *testing.T) {
	defer func(v bool) { useAVX2 = v }(useAVX2)
	for _, vec := range []bool{useAVX2, false} {
		useAVX2 = vec
		checkMean32[float32](t, vec)
		checkMean32[float64](t, vec)
		if !vec {
			break
		}
	}
}

func checkMean32[G float32 | float64](t *testing.T, vec bool) {
	rnd := rand.New(rand.NewPCG(5, 6))
	same := func(a, b []float32) bool {
		return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
	}
	for _, n := range []int{0, 1, 15, 16, 17, 33, 100} {
		s, c, cur := kernelVec[float32](rnd, n, 0), kernelVec[float32](rnd, n, 0), kernelVec[float32](rnd, n, 0)
		g := kernelVec[G](rnd, n, 0)
		for _, eps := range []float64{1, -1} {
			s1, cur1 := slices.Clone(s), slices.Clone(cur)
			mean32Update(s1, c, cur1, g, eps)
			s2, cur2 := slices.Clone(s), slices.Clone(cur)
			for j, v := range g {
				x := float32(v)
				s2[j] += float32(float32(eps) * (x - c[j]))
				cur2[j] += x
			}
			if !same(s1, s2) || !same(cur1, cur2) {
				t.Errorf("AVX2 %v, %T, n = %d, ε = %v: not the element rule's bits", vec, g, n, eps)
			}
		}
		sc, ok := meanDot(s, c, g, 1)
		var want float64
		for j := range g {
			want += float64(s[j]) * float64(float32(g[j])-c[j])
		}
		if !ok || math.Abs(sc-want) > 1e-9*(1+math.Abs(want)) {
			t.Errorf("AVX2 %v, %T, n = %d: meanDot %v, %v, want %v", vec, g, n, sc, ok, want)
		}
	}
}

// refMeanNext is the order epoch 0 of mean balancing builds from the
// gradients grads of the components idx, visited in that order, as
// GraB's, grab-sampler's and CD-GraB's mean balancing build it (running
// false: centred on zero, there being no previous mean), or as our
// FirstEpochRunningMean does (the mean of the gradients before it):
// ε = +1 if <s, c> ≤ 0, +1 to the front in visit order, -1 to the back in
// reverse visit order.
func refMeanNext(idx []int, grads [][]float64, running bool) []int {
	d := len(grads[0])
	s, sum := make([]float64, d), make([]float64, d)
	next := make([]int, len(idx))
	l, r := 0, len(idx)-1
	for k, g := range grads {
		c := slices.Clone(g)
		if running && k > 0 {
			for j := range c {
				c[j] -= sum[j] / float64(k)
			}
		}
		var sc float64
		for j := range c {
			sc += s[j] * c[j]
		}
		eps := 1.0
		if sc > 0 {
			eps = -1
		}
		for j := range c {
			s[j] += eps * c[j]
			sum[j] += g[j]
		}
		if eps > 0 {
			next[l], l = idx[k], l+1
		} else {
			next[r], r = idx[k], r-1
		}
	}
	return next
}

// TestMeanBalanceFirstEpochCentre: on n = 8 gradients of length 3 whose
// mean is far from 0, the order epoch 0 builds is the reference's for
// each centring (zero by default, the running mean with
// FirstEpochRunningMean), for MeanBalance and MeanBalance32 (exact here:
// integer gradients) through a Sampler, and the two centrings build
// different orders, so each comparison can fail.
func TestMeanBalanceFirstEpochCentre(t *testing.T) {
	const n = 8
	start := []int{3, 0, 6, 1, 7, 4, 2, 5}
	grads := [][]float64{ // component i's gradient, mean (2.5, -1.75, 1)
		{3, -1, 2}, {1, -3, 0}, {4, -2, 1}, {2, 0, 3},
		{5, -4, -1}, {0, -1, 2}, {3, -2, 0}, {2, -1, 1},
	}
	visit := make([][]float64, n)
	for k, i := range start {
		visit[k] = grads[i]
	}
	zero, running := refMeanNext(start, visit, false), refMeanNext(start, visit, true)
	if slices.Equal(zero, running) {
		t.Fatalf("both centrings build %v: the test cannot tell them apart", zero)
	}
	for _, c := range []struct {
		name    string
		running bool
		want    []int
		f32     bool
	}{
		{"zero", false, zero, false},
		{"running mean", true, running, false},
		{"zero, float32", false, zero, true},
	} {
		set := BalanceSettings{Start: start, FirstEpochRunningMean: c.running}
		var o Orderer
		if c.f32 {
			o, _ = NewMeanBalance32(n, set)
		} else {
			o, _ = NewMeanBalance(n, set)
		}
		s, _ := NewSampler(o, n)
		seq, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range seq {
			if err := s.Observe(i, grads[i]); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := s.Next(nil); !slices.Equal(got, c.want) {
			t.Errorf("%s: epoch 1 %v, want %v (zero centre %v, running mean %v)", c.name, got, c.want, zero, running)
		}
	}
}
