// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"

	"github.com/goodorder/goodorder/ordering"
)

// fullProblem is a problem with its own Func and Grad, as every problem of
// this package is.
type fullProblem interface {
	ordering.Problem
	ordering.Funcer
	ordering.Gradienter
}

// testProblems returns every problem of the package in a few settings.
func testProblems(t *testing.T) map[string]fullProblem {
	t.Helper()
	ps := make(map[string]fullProblem)
	must := func(name string, p fullProblem, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ps[name] = p
	}
	tl, err := NewTwoLevel(TwoLevelConfig{M: 4, SigmaTop: 3})
	must("TwoLevel default", tl, err)
	must("TwoLevel top", tl.Top(), nil)
	tl, err = NewTwoLevel(TwoLevelConfig{D: 1, N: 4, M: 2, SigmaTop: 1, SigmaLow: 0.5, Lambda: 1})
	must("TwoLevel d=1", tl, err)
	tl, err = NewTwoLevel(TwoLevelConfig{D: 2, N: 2, M: 6, SigmaTop: 0.25})
	must("TwoLevel d=2", tl, err)
	one, err := NewOneD(6, 2)
	must("OneD", one, err)
	hq, err := NewHeteroQuadratic(HeteroQuadraticConfig{N: 8, D: 5, L: 3, Mu: 0.1, Sigma2: 2, M: 0.25, Seed: 1})
	must("HeteroQuadratic", hq, err)
	hq, err = NewHeteroQuadratic(HeteroQuadraticConfig{N: 3, D: 2, Sigma2: 1, Seed: 2})
	must("HeteroQuadratic M=0", hq, err)
	a, y, err := TwoBlobs(12, 4, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	lg, err := NewLogistic(a, y, 0.1)
	must("Logistic", lg, err)
	lg, err = NewLogistic([][]float64{{30, -20}, {-25, 40}}, []float64{1, -1}, 0)
	must("Logistic large margins", lg, err)
	return ps
}

// randPoint returns a point with standard normal entries scaled by s.
func randPoint(rnd *rand.Rand, d int, s float64) []float64 {
	x := make([]float64, d)
	for j := range x {
		x[j] = s * rnd.NormFloat64()
	}
	return x
}

// fdTol is the tolerance of a central difference with fd's step h = 6e-6:
// the truncation error h²/6 |f”'| vanishes for the quadratics and is below
// 1e-10 for the logistic loss (|f”'| ≤ ‖a‖³/10 with ‖a‖ ≤ 50 here, times
// ‖w‖ ≤ 10), and the rounding error is about ε|f|/h ≈ 4e-11 |f|. 1e-6
// relative to the size of f leaves a wide margin over both.
func fdTol(f float64) float64 { return 1e-6 * (1 + math.Abs(f)) }

func TestGradientsFiniteDifference(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	settings := &fd.Settings{Formula: fd.Central}
	for name, p := range testProblems(t) {
		d := p.Dim()
		grad := make([]float64, d)
		for trial := 0; trial < 5; trial++ {
			x := randPoint(rnd, d, 2)
			for i := 0; i < p.Len(); i++ {
				want := fd.Gradient(nil, func(x []float64) float64 { return p.CompFunc(i, x) }, x, settings)
				p.CompGrad(grad, i, x)
				tol := fdTol(p.CompFunc(i, x))
				if !floats.EqualApprox(grad, want, tol) {
					t.Errorf("%s: CompGrad(%d) = %v, central difference %v", name, i, grad, want)
				}
			}
			want := fd.Gradient(nil, p.Func, x, settings)
			p.Grad(grad, x)
			if !floats.EqualApprox(grad, want, fdTol(p.Func(x))) {
				t.Errorf("%s: Grad = %v, central difference %v", name, grad, want)
			}
		}
	}
}

func TestFuncGradAreMeans(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(3, 4))
	for name, p := range testProblems(t) {
		n, d := p.Len(), p.Dim()
		g := make([]float64, d)
		for trial := 0; trial < 5; trial++ {
			x := randPoint(rnd, d, 3)
			var fsum float64
			gsum := make([]float64, d)
			for i := 0; i < n; i++ {
				fsum += p.CompFunc(i, x)
				p.CompGrad(g, i, x)
				floats.Add(gsum, g)
			}
			fmean := fsum / float64(n)
			floats.Scale(1/float64(n), gsum)
			// Sums of n terms of size |f_i| lose about n ε max|f_i|.
			if f := p.Func(x); !scalar.EqualWithinAbsOrRel(f, fmean, 1e-10, 1e-10) {
				t.Errorf("%s: Func = %v, mean of CompFunc %v", name, f, fmean)
			}
			p.Grad(g, x)
			if !floats.EqualApprox(g, gsum, 1e-10*(1+floats.Norm(gsum, math.Inf(1)))) {
				t.Errorf("%s: Grad = %v, mean of CompGrad %v", name, g, gsum)
			}
		}
	}
}

// minimizerProblem has a known minimiser and least value.
type minimizerProblem interface {
	fullProblem
	Minimizer() []float64
	MinValue() float64
}

func TestMinimizer(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(5, 6))
	for name, p := range testProblems(t) {
		mp, ok := p.(minimizerProblem)
		if !ok {
			continue
		}
		xs := mp.Minimizer()
		g := make([]float64, p.Dim())
		mp.Grad(g, xs)
		if n := floats.Norm(g, 2); n > 1e-12 {
			t.Errorf("%s: ‖∇f(x*)‖ = %v, want 0", name, n)
		}
		fs := mp.Func(xs)
		if !scalar.EqualWithinAbsOrRel(fs, mp.MinValue(), 1e-12, 1e-12) {
			t.Errorf("%s: f(x*) = %v, MinValue %v", name, fs, mp.MinValue())
		}
		for trial := 0; trial < 10; trial++ {
			if f := mp.Func(randPoint(rnd, p.Dim(), 1)); f < fs {
				t.Errorf("%s: f = %v below f(x*) = %v", name, f, fs)
			}
		}
	}
}

// smoothProblem documents L and μ.
type smoothProblem interface {
	fullProblem
	L() float64
	Mu() float64
}

// compLProblem documents a smoothness constant L_i per component.
type compLProblem interface {
	CompL(i int) float64
}

// TestSmoothness checks Assumption 1 with the documented L on random pairs
// of points: ‖∇f_i(u) - ∇f_i(v)‖ ≤ L_i ‖u - v‖ with L_i = CompL(i) where a
// problem documents one (Logistic) and L otherwise, L_i ≤ L, and, as f is
// μ-strongly convex, <∇f(u) - ∇f(v), u - v> ≥ μ ‖u - v‖².
func TestSmoothness(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(7, 8))
	for name, p := range testProblems(t) {
		sp, ok := p.(smoothProblem)
		if !ok {
			continue
		}
		d := p.Dim()
		gu, gv, dg := make([]float64, d), make([]float64, d), make([]float64, d)
		for trial := 0; trial < 20; trial++ {
			u, v := randPoint(rnd, d, 1), randPoint(rnd, d, 1)
			dx := floats.SubTo(make([]float64, d), u, v)
			for i := 0; i < p.Len(); i++ {
				li := sp.L()
				if cp, ok := p.(compLProblem); ok {
					li = cp.CompL(i)
					if li > sp.L() {
						t.Errorf("%s: L_%d = %v > L = %v", name, i, li, sp.L())
					}
				}
				p.CompGrad(gu, i, u)
				p.CompGrad(gv, i, v)
				floats.SubTo(dg, gu, gv)
				if l, r := floats.Norm(dg, 2), li*floats.Norm(dx, 2); l > r*(1+1e-12) {
					t.Errorf("%s: component %d: ‖Δ∇f_i‖ = %v > L_i ‖Δx‖ = %v", name, i, l, r)
				}
			}
			p.Grad(gu, u)
			p.Grad(gv, v)
			floats.SubTo(dg, gu, gv)
			if l, r := floats.Dot(dg, dx), sp.Mu()*floats.Dot(dx, dx); l < r*(1-1e-12) {
				t.Errorf("%s: <Δ∇f, Δx> = %v < μ ‖Δx‖² = %v", name, l, r)
			}
		}
	}
}

// checkErr reports whether err is non-nil, wraps want and names the value.
func checkErr(t *testing.T, name string, err, want error, value string) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%s: no error, want %v", name, want)
	case !errors.Is(err, want):
		t.Errorf("%s: error %q does not wrap %v", name, err, want)
	case value != "" && !strings.Contains(err.Error(), value):
		t.Errorf("%s: error %q does not name %q", name, err, value)
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	for _, test := range []struct {
		name  string
		make  func() error
		want  error
		value string
	}{
		{"TwoLevel d<0", twoLevelErr(TwoLevelConfig{D: -1, M: 2}), ordering.ErrSetting, "d = -1"},
		{"TwoLevel λ<0", twoLevelErr(TwoLevelConfig{Lambda: -0.5, M: 2}), ordering.ErrSetting, "-0.5"},
		{"TwoLevel λ NaN", twoLevelErr(TwoLevelConfig{Lambda: nan, M: 2}), ordering.ErrSetting, "NaN"},
		{"TwoLevel odd N", twoLevelErr(TwoLevelConfig{N: 3, M: 2}), ordering.ErrSetting, "N = 3"},
		{"TwoLevel negative N", twoLevelErr(TwoLevelConfig{N: -2, M: 2}), ordering.ErrSetting, "N = -2"},
		{"TwoLevel no m", twoLevelErr(TwoLevelConfig{}), ordering.ErrSetting, "m = 0"},
		{"TwoLevel odd m", twoLevelErr(TwoLevelConfig{M: 5}), ordering.ErrSetting, "m = 5"},
		{"TwoLevel σ_top<0", twoLevelErr(TwoLevelConfig{M: 2, SigmaTop: -1}), ordering.ErrSetting, "σ_top = -1"},
		{"TwoLevel σ_top Inf", twoLevelErr(TwoLevelConfig{M: 2, SigmaTop: inf}), ordering.ErrSetting, "+Inf"},
		{"TwoLevel σ_low<0", twoLevelErr(TwoLevelConfig{M: 2, SigmaLow: -3}), ordering.ErrSetting, "σ_low = -3"},
		{"TwoLevel overflow", twoLevelErr(TwoLevelConfig{N: 2, M: math.MaxInt - 1}), ordering.ErrSetting, "want at most 2^28 components"},

		{"OneD odd", oneDErr(3, 1), ordering.ErrSetting, "N = 3"},
		{"OneD zero", oneDErr(0, 1), ordering.ErrSetting, "N = 0"},
		{"OneD σ<0", oneDErr(2, -1), ordering.ErrSetting, "σ = -1"},
		{"OneD σ NaN", oneDErr(2, nan), ordering.ErrSetting, "NaN"},

		{"Hetero d=1", heteroErr(HeteroQuadraticConfig{D: 1}), ordering.ErrSetting, "d = 1"},
		{"Hetero N=1", heteroErr(HeteroQuadraticConfig{N: 1}), ordering.ErrSetting, "N = 1"},
		{"Hetero odd N with M", heteroErr(HeteroQuadraticConfig{N: 5, M: 0.1}), ordering.ErrSetting, "N = 5"},
		{"Hetero N=2 with M and σ²", heteroErr(HeteroQuadraticConfig{N: 2, M: 0.1, Sigma2: 1}), ordering.ErrSetting, "N = 2"},
		{"Hetero M=1", heteroErr(HeteroQuadraticConfig{M: 1}), ordering.ErrSetting, "M = 1"},
		{"Hetero M<0", heteroErr(HeteroQuadraticConfig{M: -0.1}), ordering.ErrSetting, "M = -0.1"},
		{"Hetero σ²<0", heteroErr(HeteroQuadraticConfig{Sigma2: -2}), ordering.ErrSetting, "σ² = -2"},
		{"Hetero σ² Inf", heteroErr(HeteroQuadraticConfig{Sigma2: inf}), ordering.ErrSetting, "+Inf"},
		{"Hetero L<0", heteroErr(HeteroQuadraticConfig{L: -1, Mu: 0.1}), ordering.ErrSetting, "L = -1"},
		{"Hetero L NaN", heteroErr(HeteroQuadraticConfig{L: nan}), ordering.ErrSetting, "L = NaN"},
		{"Hetero μ>L̄", heteroErr(HeteroQuadraticConfig{L: 1, Mu: 0.9, M: 0.25}), ordering.ErrSetting, "μ = 0.9"},
		{"Hetero μ<0", heteroErr(HeteroQuadraticConfig{Mu: -0.1}), ordering.ErrSetting, "μ = -0.1"},

		{"Logistic no rows", logisticErr(nil, nil, 0), ordering.ErrEmpty, ""},
		{"Logistic empty rows", logisticErr([][]float64{{}}, []float64{1}, 0), ordering.ErrEmpty, "length 0"},
		{"Logistic ragged", logisticErr([][]float64{{1, 2}, {3}}, []float64{1, -1}, 0), ordering.ErrDim, "row 1 has length 1"},
		{"Logistic labels", logisticErr([][]float64{{1}, {2}}, []float64{1}, 0), ordering.ErrDim, "1 labels"},
		{"Logistic label 0", logisticErr([][]float64{{1}, {2}}, []float64{1, 0}, 0), ordering.ErrSetting, "label 1 is 0"},
		{"Logistic label NaN", logisticErr([][]float64{{1}, {2}}, []float64{nan, 1}, 0), ordering.ErrSetting, "label 0 is NaN"},
		{"Logistic NaN data", logisticErr([][]float64{{1}, {nan}}, []float64{1, -1}, 0), ordering.ErrNaN, "data[1][0] = NaN"},
		{"Logistic Inf data", logisticErr([][]float64{{inf, 1}}, []float64{1}, 0), ordering.ErrNaN, "data[0][0] = +Inf"},
		{"Logistic overflow", logisticErr([][]float64{{1e200, 1e200}}, []float64{1}, 0), ordering.ErrNaN, "row 0"},
		{"Logistic λ<0", logisticErr([][]float64{{1}}, []float64{1}, -1), ordering.ErrSetting, "λ = -1"},
		{"Logistic λ Inf", logisticErr([][]float64{{1}}, []float64{1}, inf), ordering.ErrSetting, "+Inf"},

		{"TwoBlobs n=0", blobsErr(0, 1, 1), ordering.ErrSetting, "n = 0"},
		{"TwoBlobs d=0", blobsErr(1, 0, 1), ordering.ErrSetting, "d = 0"},
		{"TwoBlobs sep<0", blobsErr(1, 1, -1), ordering.ErrSetting, "-1"},
		{"TwoBlobs sep NaN", blobsErr(1, 1, nan), ordering.ErrSetting, "NaN"},
	} {
		checkErr(t, test.name, test.make(), test.want, test.value)
	}
}

func twoLevelErr(c TwoLevelConfig) func() error {
	return func() error { _, err := NewTwoLevel(c); return err }
}

func oneDErr(n int, sigma float64) func() error {
	return func() error { _, err := NewOneD(n, sigma); return err }
}

func heteroErr(c HeteroQuadraticConfig) func() error {
	return func() error { _, err := NewHeteroQuadratic(c); return err }
}

func logisticErr(a [][]float64, y []float64, lambda float64) func() error {
	return func() error { _, err := NewLogistic(a, y, lambda); return err }
}

func blobsErr(n, d int, sep float64) func() error {
	return func() error { _, _, err := TwoBlobs(n, d, sep, 1); return err }
}

// TestDeterministic checks that the seeded constructors give bit-identical
// problems for the same seed and different ones for another seed.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	x := []float64{0.5, -1, 2, 0.25}
	build := func(seed uint64) (float64, float64) {
		hq, err := NewHeteroQuadratic(HeteroQuadraticConfig{N: 6, D: 4, Sigma2: 1, M: 0.5, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		a, y, err := TwoBlobs(6, 4, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		lg, err := NewLogistic(a, y, 0.1)
		if err != nil {
			t.Fatal(err)
		}
		return hq.CompFunc(3, x), lg.Func(x)
	}
	h1, l1 := build(9)
	h2, l2 := build(9)
	h3, l3 := build(10)
	if h1 != h2 || l1 != l2 {
		t.Errorf("same seed: HeteroQuadratic %v, %v; Logistic %v, %v", h1, h2, l1, l2)
	}
	if h1 == h3 || l1 == l3 {
		t.Errorf("seeds 9 and 10 give the same problem: %v, %v", fmt.Sprint(h1, l1), fmt.Sprint(h3, l3))
	}
}
