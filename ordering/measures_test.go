// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestPhi2MatchesDirect(t *testing.T) {
	g := randomGrads(9, 4, 21)
	r := []int{3, 3, 0, 8, 1, 7, 2}
	got, err := Phi2(nil, g, r)
	if err != nil {
		t.Fatal(err)
	}
	n, d := g.Dims()
	for k := 1; k <= len(r); k++ {
		// Direct: Σ_{i≤k} (g_{r_i} - mean), recomputed from scratch.
		want := 0.0
		for j := 0; j < d; j++ {
			mean := 0.0
			for i := 0; i < n; i++ {
				mean += g.At(i, j) / float64(n)
			}
			s := 0.0
			for _, i := range r[:k] {
				s += g.At(i, j) - mean
			}
			want += s * s
		}
		if math.Abs(got[k-1]-want) > 1e-12*(1+want) {
			t.Errorf("φ²_%d = %v, want %v", k, got[k-1], want)
		}
	}
	if _, err := Phi2(nil, g, []int{0, 9}); !errors.Is(err, ErrIndex) {
		t.Errorf("index 9 of 9: err = %v", err)
	}
	if _, err := Phi2(nil, g, []int{-1}); !errors.Is(err, ErrIndex) {
		t.Errorf("index -1: err = %v", err)
	}
}

func TestSigmaStar2(t *testing.T) {
	phi2 := []float64{4, 10, 9}
	// Hand values: with M*‖∇f‖² = 1 the terms are 4-1, 10-4, 9-9 = 3, 6, 0.
	if got := SigmaStar2(phi2, 1, 1); got != 6 {
		t.Errorf("SigmaStar2(M*‖∇f‖² = 1) = %v, want 6", got)
	}
	if got := SigmaStar2(phi2, 0, 5); got != 10 {
		t.Errorf("SigmaStar2(M* = 0) = %v, want 10", got)
	}
	// Clipped at 0 when M* dominates.
	if got := SigmaStar2(phi2, 100, 1); got != 0 {
		t.Errorf("SigmaStar2(M* large) = %v, want 0", got)
	}
}

func TestMishchenkoLemma1MonteCarlo(t *testing.T) {
	// Mishchenko et al., Lemma 1 (used in Remark 3): for a uniformly random
	// permutation, E φ²_{r,k} = k(n-k)/(n-1) σ² with σ² = (1/n)Σ‖g_i - ḡ‖².
	if testing.Short() {
		t.Skip("Monte Carlo")
	}
	const n, d, trials = 12, 3, 40000
	g := randomGrads(n, d, 31)
	sigma2, _ := Heterogeneity(g)
	rnd := rand.New(rand.NewPCG(7, 7))
	sum := make([]float64, n)
	sumSq := make([]float64, n)
	var phi2 []float64
	for range trials {
		phi2, _ = Phi2(phi2, g, rnd.Perm(n))
		for k, v := range phi2 {
			sum[k] += v
			sumSq[k] += v * v
		}
	}
	for k := 1; k <= n; k++ {
		mean := sum[k-1] / trials
		want := float64(k*(n-k)) / float64(n-1) * sigma2
		// Tolerance: 5 standard errors of the Monte Carlo mean, estimated
		// from the sample variance (plus rounding at k = n, where φ² = 0).
		se := math.Sqrt(math.Max(sumSq[k-1]/trials-mean*mean, 0) / trials)
		if math.Abs(mean-want) > 5*se+1e-9 {
			t.Errorf("k=%d: E φ² = %v ± %v, Lemma 1 gives %v", k, mean, se, want)
		}
	}
}

func TestFitSigmaM(t *testing.T) {
	// Points on the line v = 2 + 3g and below it: the fit recovers it.
	g := []float64{0, 1, 2, 5, 0.5, 3}
	v := []float64{2, 5, 8, 17, 1, 6}
	s, m, err := FitSigmaM(v, g)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s-2) > 1e-12 || math.Abs(m-3) > 1e-12 {
		t.Errorf("fit (σ², M) = (%v, %v), want (2, 3)", s, m)
	}
	// A single point at g = 0: M = 0, σ² = v.
	if s, m, _ := FitSigmaM([]float64{4}, []float64{0}); s != 4 || m != 0 {
		t.Errorf("one point: (%v, %v), want (4, 0)", s, m)
	}
	// Decreasing data: the best line is flat.
	if s, m, _ := FitSigmaM([]float64{5, 1}, []float64{0, 10}); s != 5 || m != 0 {
		t.Errorf("decreasing: (%v, %v), want (5, 0)", s, m)
	}
	if got := SigmaForM(v, g, 3); math.Abs(got-2) > 1e-12 {
		t.Errorf("SigmaForM(M = 3) = %v, want 2", got)
	}
	for _, bad := range [][2][]float64{
		{nil, nil},
		{{1}, {1, 2}},
		{{math.NaN()}, {1}},
		{{1}, {-1}},
		{{math.Inf(1)}, {1}},
	} {
		if _, _, err := FitSigmaM(bad[0], bad[1]); err == nil {
			t.Errorf("FitSigmaM(%v, %v): no error", bad[0], bad[1])
		}
	}
}

func TestHeterogeneityAndSampleBias(t *testing.T) {
	// Gradients 1, 3, 5 (d = 1): mean 3, v = (4+0+4)/3, g = 9.
	g := mat.NewDense(3, 1, []float64{1, 3, 5})
	v, gn := Heterogeneity(g)
	if math.Abs(v-8.0/3) > 1e-15 || gn != 9 {
		t.Errorf("Heterogeneity = (%v, %v), want (8/3, 9)", v, gn)
	}
	// A permutation has no sample bias.
	lhs, rhs, err := SampleBias(g, []int{2, 0, 1})
	if err != nil || lhs > 1e-30 || rhs != 9.0/4 {
		t.Errorf("permutation: (%v, %v, %v)", lhs, rhs, err)
	}
	// The subset {0, 0}: mean deviation -2, lhs = 4 > rhs = 2.25.
	lhs, _, _ = SampleBias(g, []int{0, 0})
	if lhs != 4 {
		t.Errorf("subset: lhs = %v, want 4", lhs)
	}
	if _, _, err := SampleBias(g, nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty sequence: err = %v", err)
	}
}

func TestNoiseEstimate(t *testing.T) {
	// Gaussian noise of standard deviation 0.5 in d = 4: ζ² = 4·0.25 = 1,
	// P = 0. Each E‖ξ‖² estimate from S samples has relative standard
	// error √(2/(dS)) ≈ 0.016 for S = 2000; the max over 3 components and
	// the fit add a small upward bias, so allow 10%.
	p := newQuad(3, 4, 41)
	o := NewOracle(p, Gaussian{Std: 0.5}, rand.NewPCG(1, 1))
	points := [][]float64{{0, 0, 0, 0}, {1, 2, 3, 4}, {-3, 1, 0, 2}}
	z, pp, err := NoiseEstimate(o, points, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(z-1) > 0.1 || pp > 0.01 {
		t.Errorf("(ζ², P) = (%v, %v), want about (1, 0)", z, pp)
	}
	if _, _, err := NoiseEstimate(o, [][]float64{{1}}, 10); !errors.Is(err, ErrDim) {
		t.Errorf("wrong dimension: err = %v", err)
	}
	if _, _, err := NoiseEstimate(o, points, 0); !errors.Is(err, ErrSetting) {
		t.Errorf("0 samples: err = %v", err)
	}
}

func TestSigmaTracker(t *testing.T) {
	// The 1-D example as a problem: f_i = x²/2 ± σx, so ∇f_i = x ± σ.
	const sigma = 2.0
	b := [][]float64{{-sigma}, {-sigma}, {sigma}, {sigma}}
	p := quad{b: b}
	h := &History{}
	tr := &SigmaTracker{Problem: p, Next: h}
	// Alternating order: σ*² = σ² in every epoch, at every x.
	_, err := Run(p, []float64{3}, fixed{0, 2, 1, 3}, &Settings{Epochs: 4, Step: Constant(0.1), Recorder: tr})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.SigmaStar2) != 4 || len(h.Records) != 5 {
		t.Fatalf("%d epochs tracked, %d records", len(tr.SigmaStar2), len(h.Records))
	}
	for k, v := range tr.SigmaStar2 {
		if math.Abs(v-sigma*sigma) > 1e-12 {
			t.Errorf("epoch %d: σ*² = %v, want %v", k, v, sigma*sigma)
		}
	}
	if math.Abs(tr.Max-sigma*sigma) > 1e-12 {
		t.Errorf("Max = %v", tr.Max)
	}
}
