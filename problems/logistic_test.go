// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
)

// TestSoftplusSigmoid checks the stable forms against closed forms:
// log(1+e^z) = z + log(1+e^-z), and s(z) = 1 - s(-z).
func TestSoftplusSigmoid(t *testing.T) {
	t.Parallel()
	for _, test := range []struct{ z, sp, sig float64 }{
		{0, math.Ln2, 0.5},
		{1, math.Log(1 + math.E), 1 / (1 + 1/math.E)},
		{-1, math.Log(1 + 1/math.E), 1 / (1 + math.E)},
		{40, 40 + math.Exp(-40), 1 - math.Exp(-40)},
		{-40, math.Exp(-40), math.Exp(-40)}, // log1p(e^-40) = e^-40 in float64; s(-40) ≈ e^-40 (1 - e^-40)
		{800, 800, 1},                       // exp(800) overflows in the naive form
		{-800, 0, 0},
	} {
		if sp := softplus(test.z); !scalar.EqualWithinRel(sp, test.sp, 1e-15) && sp != test.sp {
			t.Errorf("softplus(%v) = %v, want %v", test.z, sp, test.sp)
		}
		if sig := sigmoid(test.z); !scalar.EqualWithinRel(sig, test.sig, 1e-15) && sig != test.sig {
			t.Errorf("sigmoid(%v) = %v, want %v", test.z, sig, test.sig)
		}
	}
}

// TestLogisticCompL checks that L_i is tight: at w = 0, s(1-s) = 1/4, so
// the curvature of f_i along a_i is exactly ‖a_i‖²/4 + λ. A central
// difference of the gradient is exact for the λ part and has error h²/6 ×
// |third derivative| ≤ 1e-10 for the loss with h = 1e-5 / ‖a_i‖.
func TestLogisticCompL(t *testing.T) {
	t.Parallel()
	a, y, err := TwoBlobs(10, 3, 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewLogistic(a, y, 0.3)
	if err != nil {
		t.Fatal(err)
	}
	var lmax float64
	gp, gm := make([]float64, 3), make([]float64, 3)
	for i, row := range a {
		norm := floats.Norm(row, 2)
		h := 1e-5 / norm
		wp, wm := make([]float64, 3), make([]float64, 3)
		floats.AddScaled(wp, h, row)
		floats.AddScaled(wm, -h, row)
		p.CompGrad(gp, i, wp)
		p.CompGrad(gm, i, wm)
		floats.Sub(gp, gm)
		curv := floats.Dot(gp, row) / (2 * h * norm * norm)
		if !scalar.EqualWithinRel(curv, p.CompL(i), 1e-6) {
			t.Errorf("row %d: curvature along a_i at 0 = %v, L_i = %v", i, curv, p.CompL(i))
		}
		lmax = math.Max(lmax, p.CompL(i))
	}
	if p.L() != lmax || p.Mu() != 0.3 || p.Lambda() != 0.3 {
		t.Errorf("L, μ, λ = %v, %v, %v; want %v, 0.3, 0.3", p.L(), p.Mu(), p.Lambda(), lmax)
	}
}

// TestLogisticCopies checks that the problem does not share the caller's
// data.
func TestLogisticCopies(t *testing.T) {
	t.Parallel()
	a := [][]float64{{1, 2}, {-1, 0.5}}
	y := []float64{1, -1}
	p, err := NewLogistic(a, y, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := []float64{0.3, -0.7}
	before := p.Func(w)
	a[0][0], y[1] = 100, 1
	if after := p.Func(w); after != before {
		t.Errorf("Func changed from %v to %v after the caller's data changed", before, after)
	}
}

// TestTwoBlobs checks the shape, the labels and the class means. Each class
// mean of the n/2·d entries y_i a_ij is sep/(2√d) with standard deviation
// 1/√(n d/2) = 0.0158 for n = 2000, d = 4; 5 standard deviations is 0.08.
func TestTwoBlobs(t *testing.T) {
	t.Parallel()
	const n, d, sep = 2000, 4, 3.0
	a, y, err := TwoBlobs(n, d, sep, 42)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != n || len(y) != n {
		t.Fatalf("%d rows, %d labels; want %d", len(a), len(y), n)
	}
	var sumPos, sumNeg float64
	for i, row := range a {
		if len(row) != d {
			t.Fatalf("row %d has length %d, want %d", i, len(row), d)
		}
		want := 1.0
		if i%2 == 1 {
			want = -1
		}
		if y[i] != want {
			t.Fatalf("label %d = %v, want %v", i, y[i], want)
		}
		if y[i] > 0 {
			sumPos += floats.Sum(row)
		} else {
			sumNeg += floats.Sum(row)
		}
	}
	mu := sep / (2 * math.Sqrt(d))
	const tol = 0.08
	if got := sumPos / (n / 2 * d); math.Abs(got-mu) > tol {
		t.Errorf("class +1 mean entry %v, want %v ± %v", got, mu, tol)
	}
	if got := sumNeg / (n / 2 * d); math.Abs(got+mu) > tol {
		t.Errorf("class -1 mean entry %v, want %v ± %v", got, -mu, tol)
	}
	// Appending to a row must not run into the next one.
	if cap(a[0]) != d {
		t.Errorf("row capacity %d, want %d", cap(a[0]), d)
	}
}

// TestLogisticMinimize checks Newton's method against the optimality
// condition on overlapping blobs with λ > 0, and that it reports an error
// where λ = 0 (with separable classes f has no minimiser).
func TestLogisticMinimize(t *testing.T) {
	t.Parallel()
	a, y, err := TwoBlobs(40, 5, 0.5, 7)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewLogistic(a, y, 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	w, f, err := p.Minimize()
	if err != nil {
		t.Fatal(err)
	}
	g := make([]float64, p.Dim())
	p.Grad(g, w)
	if n := floats.Norm(g, 2); n > 1e-9 {
		t.Errorf("‖∇f(w*)‖ = %v", n)
	}
	if f != p.Func(w) {
		t.Errorf("f %v, f(w*) %v", f, p.Func(w))
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		x := slices.Clone(w)
		for j := range x {
			x[j] += 0.1 * rnd.NormFloat64()
		}
		if fx := p.Func(x); fx < f {
			t.Errorf("f = %v below f(w*) = %v", fx, f)
		}
	}
	// Far-apart blobs without a regulariser: the loss falls to 0 only at
	// infinity, and λ = 0 is refused.
	a, y, err = TwoBlobs(20, 2, 50, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p, err = NewLogistic(a, y, 0); err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.Minimize(); err == nil {
		t.Error("λ = 0: no error")
	}
}
