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
	"testing"
)

// The plain loops of MeanBalance's and PairBalance's updates (Run's path
// before it took the fused passes of balance_kernel.go, the Sampler's
// before that): the references of TestBalanceKernels and
// BenchmarkBalanceKernels.

func refMeanUpdate[T float32 | float64](s, centre, cur []float64, g []T, eps, scale float64) {
	for j, v := range g {
		s[j] += eps * (float64(v) - scale*centre[j])
		cur[j] += float64(v)
	}
}

func refPairUpdate[A, B float32 | float64](s []float64, a []A, b []B, eps float64) {
	for j, v := range b {
		s[j] += eps * (float64(a[j]) - float64(v))
	}
}

// kernelVec returns n random values, with a NaN, +Inf or -Inf at a
// random place (the tail beyond a multiple of four included) if bad is
// 1, 2 or 3.
func kernelVec[T float32 | float64](rnd *rand.Rand, n, bad int) []T {
	v := make([]T, n)
	for j := range v {
		v[j] = T(rnd.NormFloat64())
	}
	if bad > 0 && n > 0 {
		v[rnd.IntN(n)] = T([]float64{math.NaN(), math.Inf(1), math.Inf(-1)}[bad-1])
	}
	return v
}

func sameBits(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) })
}

// checkKernels compares the fused kernels on gradients of type G (and a
// kept first gradient of type P) with the plain loops and finite.
func checkKernels[P, G float32 | float64](t *testing.T, name string) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 13, 64, 101, 1030} {
		for bad := range 4 {
			s := kernelVec[float64](rnd, n, 0)
			centre := kernelVec[float64](rnd, n, 0)
			g := kernelVec[G](rnd, n, bad)
			p := kernelVec[P](rnd, n, 0)
			scale := rnd.Float64()
			wantFinite := finite(g)
			if (bad == 0 || n == 0) != wantFinite {
				t.Fatalf("%s: n = %d, bad = %d: finite = %v", name, n, bad, wantFinite)
			}

			got, ok := dotDiffFinite(s, g, centre, scale)
			want := dotDiff(s, g, centre, scale)
			if ok != wantFinite || (wantFinite && math.Float64bits(got) != math.Float64bits(want)) {
				t.Errorf("%s: dotDiffFinite, n = %d, bad = %d: %v, %v, want %v, %v", name, n, bad, got, ok, want, wantFinite)
			}
			got, ok = diffDotFinite(s, p, g)
			want = dotDiff(s, p, g, 1)
			if ok != wantFinite || (wantFinite && math.Float64bits(got) != math.Float64bits(want)) {
				t.Errorf("%s: diffDotFinite, n = %d, bad = %d: %v, %v, want %v, %v", name, n, bad, got, ok, want, wantFinite)
			}
			if bad > 0 {
				continue
			}
			for _, eps := range []float64{1, -1} {
				// Separate centre and running sum, and in epoch 0 the
				// same vector (the running mean is the centre).
				for _, alias := range []bool{false, true} {
					s1, s2 := slices.Clone(s), slices.Clone(s)
					c1, c2 := slices.Clone(centre), slices.Clone(centre)
					u1, u2 := kernelVec[float64](rnd, n, 0), []float64(nil)
					u2 = slices.Clone(u1)
					if alias {
						c1, c2 = u1, u2
					}
					meanUpdate(s1, c1, u1, g, eps, scale)
					refMeanUpdate(s2, c2, u2, g, eps, scale)
					if !sameBits(s1, s2) || !sameBits(u1, u2) {
						t.Errorf("%s: meanUpdate, n = %d, ε = %v, aliased %v: not the plain loop's bits", name, n, eps, alias)
					}
				}
				s1, s2 := slices.Clone(s), slices.Clone(s)
				pairUpdate(s1, p, g, eps)
				refPairUpdate(s2, p, g, eps)
				if !sameBits(s1, s2) {
					t.Errorf("%s: pairUpdate, n = %d, ε = %v: not the plain loop's bits", name, n, eps)
				}
			}
		}
		for bad := range 4 {
			g := kernelVec[G](rnd, n, bad)
			dst, want := make([]float64, n), make([]float64, n)
			ok := copyFinite(dst, g)
			copyTo64(want, g)
			if ok != finite(g) || !sameBits(dst, want) {
				t.Errorf("%s: copyFinite, n = %d, bad = %d: %v, copied %v", name, n, bad, ok, sameBits(dst, want))
			}
		}
	}
}

// TestBalanceKernels: the fused loops of the balancing orders give the
// plain loops' bits and finite's verdict, on lengths that are and are
// not multiples of their unrolling, with a NaN or an infinity anywhere,
// with the AVX2 loops where the processor has them and with the Go loops.
func TestBalanceKernels(t *testing.T) {
	defer func(v bool) { useAVX2 = v }(useAVX2)
	for _, vec := range []bool{useAVX2, false} {
		useAVX2 = vec
		checkKernels[float64, float64](t, "float64")
		checkKernels[float64, float32](t, "float32 gradient")
		checkKernels[float32, float32](t, "float32")
		checkKernels[float32, float64](t, "float32 kept, float64 gradient")
		if !vec {
			break
		}
	}
}

// TestBalanceKernelsVectorUsed fails if a build for amd64 on a processor
// with AVX2 does not run the assembly loops, which TestBalanceKernels
// would then not check: a kernel for a pair of types the dispatch misses.
func TestBalanceKernelsVectorUsed(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 loops in this build or on this processor")
	}
	s, a, b := make([]float64, 16), make([]float64, 16), make([]float32, 16)
	a32, s32 := make([]float32, 16), make([]float32, 16)
	var l [4]float64
	var l16 [16]float64
	// In a fusingBuild MeanBalance's and PairBalance's inner product and
	// MeanBalance's update run in Go, as Run's do.
	runMatched := !fusingBuild
	for _, c := range []struct {
		name      string
		ok, wants bool
	}{
		{"dotDiff float64, float64", dotDiffVec(&l, s, a, a, 1), runMatched},
		{"dotDiff float64, float32", dotDiffVec(&l, s, a, b, 1), runMatched},
		{"dotDiff float32, float64", dotDiffVec(&l, s, a32, a, 1), runMatched},
		{"meanUpdate float64", meanUpdateVec(s, a, a, a, 1, 1), runMatched},
		{"meanUpdate float32", meanUpdateVec(s, a, a, b, 1, 1), runMatched},
		{"pairUpdate float64", pairUpdateVec(s, a, a, 1), true},
		{"pairUpdate float32", pairUpdateVec(s, a, b, 1), true},
		{"copyFinite float64", vecDone(copyFiniteVec(s, a)), true},
		{"copyFinite float32", vecDone(copyFiniteVec(s, b)), true},
		{"copyRange32 float32", vecDone(copyRange32Vec(s32, a32)), true},
		{"copyRange32 float64", vecDone(copyRange32Vec(s32, a)), true},
		{"pair32Dot float32", vecDone(pair32DotVec(&l16, s32, a32, b)), true},
		{"pair32Dot float64", vecDone(pair32DotVec(&l16, s32, a32, a)), true},
		{"pair32Update float32", pair32UpdateVec(s32, a32, b, 1), true},
		{"pair32Update float64", pair32UpdateVec(s32, a32, a, 1), true},
		{"mean32Update float32", mean32UpdateVec(s32, a32, a32, b, 1), true},
		{"mean32Update float64", mean32UpdateVec(s32, a32, a32, a, 1), true},
	} {
		if c.ok != c.wants {
			t.Errorf("%s: vector loop %v, want %v", c.name, c.ok, c.wants)
		}
	}
}

func vecDone(done, _ bool) bool { return done }

// TestBalanceKernelsOverflow: a finite gradient whose inner product
// with the running sum overflows is finite all the same.
func TestBalanceKernelsOverflow(t *testing.T) {
	s := []float64{1e300, 1e300, 1e300, 1e300, 1e300}
	a := []float64{1e300, 0, 1, -1e300, 2}
	b := []float64{0, 0, 0, 0, 0}
	if sc, ok := dotDiffFinite(s, a, b, 1); !ok || !math.IsNaN(sc) {
		t.Errorf("dotDiffFinite: %v, %v, want NaN (Inf - Inf), true", sc, ok)
	}
	if sc, ok := diffDotFinite(s, b, a); !ok || !math.IsNaN(sc) {
		t.Errorf("diffDotFinite: %v, %v, want NaN, true", sc, ok)
	}
	a[3] = 1
	if sc, ok := dotDiffFinite(s, a, b, 1); !ok || !math.IsInf(sc, 1) {
		t.Errorf("dotDiffFinite: %v, %v, want +Inf, true", sc, ok)
	}
	a[1] = math.NaN()
	if _, ok := dotDiffFinite(s, a, b, 1); ok {
		t.Errorf("dotDiffFinite of a NaN: finite")
	}
}

// TestSamplerObserveRejects: a gradient that is not finite, rejected by
// a balancing order's own pass at the start of an epoch, at the first and
// at the second of a pair, in float64 and float32, leaves the state as it
// was, and the run continues as if it had not been shown.
func TestSamplerObserveRejects(t *testing.T) {
	const n, d, epochs = 6, 5, 3
	grad := func(i, t int) []float64 {
		g := make([]float64, d)
		for j := range g {
			g[j] = float64(float32(math.Sin(float64(1+i*d+j+7*t)) * float64(i+1)))
		}
		return g
	}
	bad := []float64{0, 1, math.NaN(), 3, math.Inf(1)}
	for _, o := range []samplerOrder{samplerOrders[3], samplerOrders[4], samplerOrders[5], samplerOrders[6]} {
		for _, f32 := range []bool{false, true} {
			observe := func(s *Sampler, i int, g []float64) error {
				if !f32 {
					return s.Observe(i, g)
				}
				g32 := make([]float32, len(g))
				for j, v := range g {
					g32[j] = float32(v)
				}
				return s.Observe32(i, g32)
			}
			// rejectAt: the position before which a bad gradient is shown,
			// -1 for none.
			run := func(rejectAt int) [][]int {
				s := newTestSampler(t, o, n)
				var seqs [][]int
				var seq []int
				var err error
				for e := range epochs {
					if seq, err = s.Next(seq); err != nil {
						t.Fatal(err)
					}
					seqs = append(seqs, slices.Clone(seq))
					for k, i := range seq {
						if k == rejectAt {
							before, err := s.MarshalBinary()
							if err != nil {
								t.Fatal(err)
							}
							if err := observe(s, i, bad); !errors.Is(err, ErrNaN) {
								t.Errorf("%s, float32 %v: bad gradient at %d: %v, want ErrNaN", o.name, f32, k, err)
							}
							after, err := s.MarshalBinary()
							if err != nil || !bytes.Equal(before, after) {
								t.Errorf("%s, float32 %v: bad gradient at %d changed the state (%v)", o.name, f32, k, err)
							}
						}
						if err := observe(s, i, grad(i, e)); err != nil {
							t.Fatal(err)
						}
					}
				}
				if seq, err = s.Next(nil); err != nil {
					t.Fatal(err)
				}
				return append(seqs, seq)
			}
			want := run(-1)
			for _, at := range []int{0, 1, 2, 3} {
				if got := run(at); !slices.EqualFunc(got, want, slices.Equal) {
					t.Errorf("%s, float32 %v: bad gradient rejected at %d: sequences %v, want %v", o.name, f32, at, got, want)
				}
			}
		}
	}
}

// BenchmarkBalanceKernels times the balancing orders' work on one
// gradient of the MNIST MLP's d = 101,770, in float32 and float64, with
// the plain loops of before (ref: a finiteness pass, then the order's
// passes) and the fused ones (fused, and PairBalance32's), alternately within one run so that
// a loaded machine slows both alike. It reports ns per coordinate of a
// gradient (a pair's two gradients count as two).
func BenchmarkBalanceKernels(b *testing.B) {
	const d = 101770
	rnd := rand.New(rand.NewPCG(1, 3))
	gs := make([][]float64, 8)
	gs32 := make([][]float32, len(gs))
	for k := range gs {
		gs[k], gs32[k] = make([]float64, d), make([]float32, d)
		for j := range gs[k] {
			gs32[k][j] = float32(rnd.NormFloat64())
			gs[k][j] = float64(gs32[k][j])
		}
	}
	centre := kernelVec[float64](rnd, d, 0)
	for j := range centre {
		centre[j] *= 0.1
	}
	sign := func(sc float64) float64 {
		if sc > 0 {
			return -1
		}
		return 1
	}
	bench := func(name string, f func(k int)) {
		b.Run(name, func(b *testing.B) {
			k := 0
			for b.Loop() {
				f(k % len(gs))
				k++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/d, "ns/coordinate")
		})
	}
	s, cur := make([]float64, d), make([]float64, d)
	pending := make([]float64, d)
	var ok bool
	for _, f64 := range []bool{false, true} {
		typ := "float32"
		if f64 {
			typ = "float64"
		}
		mean := func(g []float64, g32 []float32, fused bool) {
			switch {
			case fused && f64:
				sc, _ := dotDiffFinite(s, g, centre, 1)
				meanUpdate(s, centre, cur, g, sign(sc), 1)
			case fused:
				sc, _ := dotDiffFinite(s, g32, centre, 1)
				meanUpdate(s, centre, cur, g32, sign(sc), 1)
			case f64:
				ok = finite(g)
				refMeanUpdate(s, centre, cur, g, sign(dotDiff(s, g, centre, 1)), 1)
			default:
				ok = finite(g32)
				refMeanUpdate(s, centre, cur, g32, sign(dotDiff(s, g32, centre, 1)), 1)
			}
		}
		// A pair: the first gradient kept, the second signed.
		pair := func(k int, fused bool) {
			a, b := (2*k)%len(gs), (2*k+1)%len(gs)
			switch {
			case fused && f64:
				ok = copyFinite(pending, gs[a])
				sc, _ := diffDotFinite(s, pending, gs[b])
				pairUpdate(s, pending, gs[b], sign(sc))
			case fused:
				ok = copyFinite(pending, gs32[a])
				sc, _ := diffDotFinite(s, pending, gs32[b])
				pairUpdate(s, pending, gs32[b], sign(sc))
			case f64:
				ok = finite(gs[a])
				copyTo64(pending, gs[a])
				ok = finite(gs[b])
				refPairUpdate(s, pending, gs[b], sign(dotDiff(s, pending, gs[b], 1)))
			default:
				ok = finite(gs32[a])
				copyTo64(pending, gs32[a])
				ok = finite(gs32[b])
				refPairUpdate(s, pending, gs32[b], sign(dotDiff(s, pending, gs32[b], 1)))
			}
		}
		for _, fused := range []bool{false, true} {
			name := "ref"
			if fused {
				name = "fused"
			}
			bench("mean-balance/"+typ+"/"+name, func(k int) { mean(gs[k], gs32[k], fused) })
		}
		for _, fused := range []bool{false, true} {
			name := "ref"
			if fused {
				name = "fused"
			}
			// Per gradient: half a pair.
			bench("pair-balance/"+typ+"/"+name, func(k int) {
				if k%2 == 0 {
					pair(k/2, fused)
				}
			})
		}
	}
	// PairBalance32: its float32 state, float32 gradients.
	s32, pending32 := make([]float32, d), make([]float32, d)
	bench("pair-balance-32/float32/fused", func(k int) {
		if k%2 == 0 {
			a, b := (k)%len(gs), (k+1)%len(gs)
			ok = copyRange32(pending32, gs32[a])
			sc, _ := pair32Dot(s32, pending32, gs32[b])
			pair32Update(s32, pending32, gs32[b], sign(sc))
		}
	})
	_ = ok
}
