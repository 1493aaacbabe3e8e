// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
)

// heteroLHS returns (1/N) Σ_i ‖∇f_i(x) - ∇f(x)‖² and ‖∇f(x)‖², with plain
// loops.
func heteroLHS(p *HeteroQuadratic, x []float64) (v, g2 float64) {
	d := p.Dim()
	g, gi := make([]float64, d), make([]float64, d)
	p.Grad(g, x)
	for i := 0; i < p.Len(); i++ {
		p.CompGrad(gi, i, x)
		for k := range gi {
			v += (gi[k] - g[k]) * (gi[k] - g[k])
		}
	}
	return v / float64(p.Len()), floats.Dot(g, g)
}

// checkHetero checks Assumption 5 with equality at x: the two sides differ
// only by rounding, a few ε relative to the terms summed.
func checkHetero(t *testing.T, p *HeteroQuadratic, x []float64) {
	t.Helper()
	v, g2 := heteroLHS(p, x)
	want := p.Sigma2() + p.M()*g2
	if !scalar.EqualWithinAbsOrRel(v, want, 1e-9, 1e-9) {
		t.Errorf("N = %d, σ² = %v, M = %v: (1/N) Σ ‖∇f_i - ∇f‖² = %v, want σ² + M‖∇f‖² = %v", p.Len(), p.Sigma2(), p.M(), v, want)
	}
}

func TestHeteroQuadraticExact(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(31, 32))
	for _, c := range []HeteroQuadraticConfig{
		{},
		{N: 2, D: 2, Sigma2: 1},
		{N: 3, D: 3, Sigma2: 4, Seed: 1},
		{N: 2, D: 2, M: 0.5},
		{N: 4, D: 3, Sigma2: 0.1, M: 0.9, Seed: 2},
		{N: 100, D: 10, L: 50, Mu: 0.5, Sigma2: 20, M: 0.3, Seed: 3},
	} {
		p, err := NewHeteroQuadratic(c)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if p.Sigma2() != c.Sigma2 || p.M() != c.M {
			t.Errorf("%+v: (σ², M) = (%v, %v)", c, p.Sigma2(), p.M())
		}
		wantL, wantMu := c.L, c.Mu
		if wantL == 0 {
			wantL = 1
		}
		if wantMu == 0 {
			wantMu = wantL / 100
		}
		if !scalar.EqualWithinRel(p.L(), wantL, 1e-14) || p.Mu() != wantMu {
			t.Errorf("%+v: L, μ = %v, %v; want %v, %v", c, p.L(), p.Mu(), wantL, wantMu)
		}
		a := p.Curvatures()
		if a[0] != p.Mu() || !scalar.EqualWithinRel((1+math.Sqrt(p.M()))*a[len(a)-1], p.L(), 1e-14) {
			t.Errorf("%+v: curvatures %v do not span [μ, L/(1+√M)]", c, a)
		}
		if want := (1 - math.Sqrt(p.M())) * p.Mu(); p.CompMu() != want {
			t.Errorf("%+v: CompMu = %v, want %v", c, p.CompMu(), want)
		}
		// At x*, ∇f = 0 and the deviations are -δ_i, of mean square σ².
		checkHetero(t, p, p.Minimizer())
		for trial := 0; trial < 10; trial++ {
			checkHetero(t, p, randPoint(rnd, p.Dim(), math.Pow(10, float64(trial%4-1))))
		}
	}
}

func FuzzHeteroQuadratic(f *testing.F) {
	f.Add(uint8(8), uint8(4), 1.0, 0.01, 1.0, 0.5, uint64(1))
	f.Add(uint8(2), uint8(2), 0.0, 0.0, 3.0, 0.0, uint64(2))
	f.Add(uint8(4), uint8(9), 10.0, 5.0, 0.0, 0.99, uint64(3))
	f.Add(uint8(3), uint8(1), 1.0, 0.5, 1.0, 0.1, uint64(4))
	f.Fuzz(func(t *testing.T, n, d uint8, l, mu, sigma2, m float64, seed uint64) {
		// Keep the scale where 1e-9 relative rounding is meaningful.
		if math.Abs(l) > 1e6 || math.Abs(sigma2) > 1e6 || (mu != 0 && math.Abs(mu) < 1e-6) {
			t.Skip()
		}
		p, err := NewHeteroQuadratic(HeteroQuadraticConfig{N: int(n), D: int(d), L: l, Mu: mu, Sigma2: sigma2, M: m, Seed: seed})
		if err != nil {
			return
		}
		if !(p.L() > 0) || !(p.Mu() > 0) || p.Mu()*(1+math.Sqrt(p.M())) > p.L()*(1+1e-12) {
			t.Fatalf("L = %v, μ = %v, M = %v", p.L(), p.Mu(), p.M())
		}
		checkHetero(t, p, randPoint(rand.New(rand.NewPCG(seed, 1)), p.Dim(), 1))
	})
}
