// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
)

func TestTwoLevelDefaults(t *testing.T) {
	t.Parallel()
	p, err := NewTwoLevel(TwoLevelConfig{M: 8, SigmaTop: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Section 6.2: d = 20, λ = 0.2, two top-level functions, σ_low = 10.
	if p.Dim() != 20 || p.Lambda() != 0.2 || p.N() != 2 || p.SigmaLow() != 10 {
		t.Errorf("defaults: d = %d, λ = %v, N = %d, σ_low = %v; want 20, 0.2, 2, 10", p.Dim(), p.Lambda(), p.N(), p.SigmaLow())
	}
	if p.M() != 8 || p.SigmaTop() != 2 || p.Len() != 16 {
		t.Errorf("m = %d, σ_top = %v, Len = %d; want 8, 2, 16", p.M(), p.SigmaTop(), p.Len())
	}
}

// TestTwoLevelZeros checks that λ = 0 and σ_low = 0 can be asked for,
// and that asking for zero beside a non-zero value is an error.
func TestTwoLevelZeros(t *testing.T) {
	t.Parallel()
	p, err := NewTwoLevel(TwoLevelConfig{M: 4, SigmaTop: 1, ZeroLambda: true, ZeroSigmaLow: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.Lambda() != 0 || p.SigmaLow() != 0 || p.SigmaLow2() != 0 {
		t.Errorf("λ = %v, σ_low = %v, σ_low² = %v; want 0, 0, 0", p.Lambda(), p.SigmaLow(), p.SigmaLow2())
	}
	for _, c := range []TwoLevelConfig{
		{M: 4, Lambda: 0.1, ZeroLambda: true},
		{M: 4, SigmaLow: 3, ZeroSigmaLow: true},
	} {
		if _, err := NewTwoLevel(c); !errors.Is(err, ordering.ErrSetting) {
			t.Errorf("%+v: err = %v, want ErrSetting", c, err)
		}
	}
}

// TestTwoLevelShifts checks the sign pattern of Section 6.2 directly:
// ∇h_{i,j}(0) = (s_i σ_top + t_j σ_low) 1.
func TestTwoLevelShifts(t *testing.T) {
	t.Parallel()
	p, err := NewTwoLevel(TwoLevelConfig{D: 3, N: 4, M: 6, SigmaTop: 1, SigmaLow: 10})
	if err != nil {
		t.Fatal(err)
	}
	g := make([]float64, 3)
	zero := make([]float64, 3)
	for i := 0; i < 4; i++ {
		for j := 0; j < 6; j++ {
			s, tt := 1.0, 10.0
			if i >= 2 {
				s = -1
			}
			if j >= 3 {
				tt = -10
			}
			p.CompGrad(g, i*6+j, zero)
			for _, v := range g {
				if v != s+tt {
					t.Errorf("∇h_{%d,%d}(0) = %v, want %v 1", i, j, g, s+tt)
					break
				}
			}
		}
	}
}

// TestTwoLevelEigen checks L and μ against the eigenvalues of the dense
// Hessian A + λI.
func TestTwoLevelEigen(t *testing.T) {
	t.Parallel()
	for _, d := range []int{1, 2, 5, 20} {
		p, err := NewTwoLevel(TwoLevelConfig{D: d, M: 2})
		if err != nil {
			t.Fatal(err)
		}
		h := mat.NewSymDense(d, nil)
		for k := 0; k < d; k++ {
			h.SetSym(k, k, 2+p.Lambda())
			if k > 0 {
				h.SetSym(k, k-1, -1)
			}
		}
		var eig mat.EigenSym
		if !eig.Factorize(h, false) {
			t.Fatalf("d = %d: eigendecomposition failed", d)
		}
		vals := eig.Values(nil) // ascending
		if !scalar.EqualWithinAbs(p.Mu(), vals[0], 1e-12) || !scalar.EqualWithinAbs(p.L(), vals[d-1], 1e-12) {
			t.Errorf("d = %d: μ, L = %v, %v; eigenvalues %v, %v", d, p.Mu(), p.L(), vals[0], vals[d-1])
		}
	}
}

// TestTwoLevelHeterogeneity measures the (σ², M = 0) of every level at
// random points: the deviations are constant, so the measured value must
// equal SigmaTop2, SigmaLow2 and SigmaFull2 up to rounding.
func TestTwoLevelHeterogeneity(t *testing.T) {
	t.Parallel()
	p, err := NewTwoLevel(TwoLevelConfig{D: 7, N: 4, M: 6, SigmaTop: 3, SigmaLow: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.SigmaTop2(), 7*9.0; got != want {
		t.Errorf("SigmaTop2 = %v, want d σ_top² = %v", got, want)
	}
	if got, want := p.SigmaLow2(), 7*0.25; got != want {
		t.Errorf("SigmaLow2 = %v, want d σ_low² = %v", got, want)
	}
	rnd := rand.New(rand.NewPCG(11, 12))
	for trial := 0; trial < 5; trial++ {
		x := randPoint(rnd, 7, 3)
		if v, _ := ordering.Heterogeneity(ordering.ComponentGrads(nil, p.Top(), x)); !scalar.EqualWithinRel(v, p.SigmaTop2(), 1e-10) {
			t.Errorf("top level: measured σ² = %v, SigmaTop2 = %v", v, p.SigmaTop2())
		}
		all := ordering.ComponentGrads(nil, p, x)
		if v, _ := ordering.Heterogeneity(all); !scalar.EqualWithinRel(v, p.SigmaFull2(), 1e-10) {
			t.Errorf("all components: measured σ² = %v, SigmaFull2 = %v", v, p.SigmaFull2())
		}
		for i := 0; i < p.N(); i++ {
			low := all.Slice(i*p.M(), (i+1)*p.M(), 0, p.Dim()).(*mat.Dense)
			if v, _ := ordering.Heterogeneity(low); !scalar.EqualWithinRel(v, p.SigmaLow2(), 1e-10) {
				t.Errorf("low level %d: measured σ² = %v, SigmaLow2 = %v", i, v, p.SigmaLow2())
			}
		}
	}
}

// TestTwoLevelTopIsMeanOfLow checks f_i = (1/m) Σ_j h_{i,j} through
// ordering.Batched.
func TestTwoLevelTopIsMeanOfLow(t *testing.T) {
	t.Parallel()
	p, err := NewTwoLevel(TwoLevelConfig{D: 5, N: 4, M: 4, SigmaTop: 2, SigmaLow: 1})
	if err != nil {
		t.Fatal(err)
	}
	batches := make([][]int, p.N())
	for i := range batches {
		for j := 0; j < p.M(); j++ {
			batches[i] = append(batches[i], i*p.M()+j)
		}
	}
	b, err := ordering.NewBatched(p, batches)
	if err != nil {
		t.Fatal(err)
	}
	top := p.Top()
	if top.Len() != p.N() || top.Dim() != p.Dim() {
		t.Fatalf("Top: Len, Dim = %d, %d; want %d, %d", top.Len(), top.Dim(), p.N(), p.Dim())
	}
	rnd := rand.New(rand.NewPCG(13, 14))
	g, gb := make([]float64, 5), make([]float64, 5)
	for trial := 0; trial < 5; trial++ {
		x := randPoint(rnd, 5, 2)
		for i := 0; i < p.N(); i++ {
			if f, fb := top.CompFunc(i, x), b.CompFunc(i, x); !scalar.EqualWithinAbsOrRel(f, fb, 1e-12, 1e-12) {
				t.Errorf("f_%d = %v, mean of its h = %v", i, f, fb)
			}
			top.CompGrad(g, i, x)
			b.CompGrad(gb, i, x)
			if !floats.EqualApprox(g, gb, 1e-12) {
				t.Errorf("∇f_%d = %v, mean of its ∇h = %v", i, g, gb)
			}
		}
	}
}

func TestTwoLevelTopPanics(t *testing.T) {
	t.Parallel()
	p, err := NewTwoLevel(TwoLevelConfig{M: 2})
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, p.Dim())
	for _, i := range []int{-1, p.N()} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Top().CompGrad(%d) did not panic", i)
				}
			}()
			p.Top().CompGrad(x, i, x)
		}()
	}
}

// stepMatches reports whether Step on component k from x agrees with the
// update x - γ ∇h_k(x) computed through CompGrad, and Steps with one
// component with Step bit for bit.
func stepMatches(p *TwoLevel, x []float64, gamma float64, k int) (got, want []float64, ok bool) {
	g := make([]float64, len(x))
	p.CompGrad(g, k, x)
	want = append([]float64(nil), x...)
	floats.AddScaled(want, -gamma, g)
	got = append([]float64(nil), x...)
	p.Step(got, gamma, k)
	again := append([]float64(nil), x...)
	p.Steps(again, gamma, []int{k})
	// The two forms round differently: each entry is a sum of four terms of
	// size at most max(|x|, γ|∇h|), so they agree within a few ε of that.
	scale := floats.Norm(x, math.Inf(1)) + gamma*floats.Norm(g, math.Inf(1))
	return got, want, floats.EqualApprox(got, want, 1e-14*(1+scale)) && floats.Equal(got, again)
}

func TestTwoLevelStep(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(15, 16))
	for _, d := range []int{1, 2, 3, 20} {
		p, err := NewTwoLevel(TwoLevelConfig{D: d, N: 4, M: 6, SigmaTop: 2})
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < p.Len(); k++ {
			gamma := 1.1 * math.Pow(2, -float64(1+rnd.IntN(20))) // the grid of Section 6.2
			x := randPoint(rnd, d, 5)
			if got, want, ok := stepMatches(p, x, gamma, k); !ok {
				t.Errorf("d = %d, k = %d, γ = %v: Step gives %v, want %v", d, k, gamma, got, want)
			}
		}
	}
}

// TestTwoLevelSteps checks that Steps over a sequence equals Step for each
// entry in turn, bit for bit.
func TestTwoLevelSteps(t *testing.T) {
	t.Parallel()
	p, err := NewTwoLevel(TwoLevelConfig{D: 6, N: 2, M: 4, SigmaTop: 1})
	if err != nil {
		t.Fatal(err)
	}
	seq := []int{0, 5, 3, 3, 7, 1, 2, 6, 4}
	x := randPoint(rand.New(rand.NewPCG(17, 18)), 6, 1)
	y := append([]float64(nil), x...)
	p.Steps(x, 0.05, seq)
	for _, k := range seq {
		p.Step(y, 0.05, k)
	}
	if !floats.Equal(x, y) {
		t.Errorf("Steps gives %v, Step in turn %v", x, y)
	}
}

func FuzzTwoLevelStep(f *testing.F) {
	f.Add(uint8(20), uint16(3), 0.01, uint64(1))
	f.Add(uint8(1), uint16(0), 0.5, uint64(2))
	f.Add(uint8(2), uint16(7), 1.1, uint64(3))
	f.Fuzz(func(t *testing.T, d uint8, k uint16, gamma float64, seed uint64) {
		if d == 0 || !(gamma > 0 && gamma < 10) {
			t.Skip()
		}
		p, err := NewTwoLevel(TwoLevelConfig{D: int(d), N: 2, M: 4, SigmaTop: 1})
		if err != nil {
			t.Fatal(err)
		}
		x := randPoint(rand.New(rand.NewPCG(seed, 0)), int(d), 3)
		kk := int(k) % p.Len()
		if got, want, ok := stepMatches(p, x, gamma, kk); !ok {
			t.Errorf("d = %d, k = %d, γ = %v: Step gives %v, want %v", d, kk, gamma, got, want)
		}
	})
}
