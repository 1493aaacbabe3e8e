// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"math"
	"testing"

	"github.com/goodorder/goodorder/internal/misuse"
)

// TestMisuse checks the edges of the package's API: settings whose
// gradients would overflow or whose sizes could not be allocated return an
// error naming the value, and misuse panics with its documented message.
// TestConfigErrors covers the plain range checks.
func TestMisuse(t *testing.T) {
	x := []float64{1, 2}
	hetero := func(c HeteroQuadraticConfig) func() error {
		return func() error { _, err := NewHeteroQuadratic(c); return err }
	}
	twoLevel := func(c TwoLevelConfig) func() error {
		return func() error { _, err := NewTwoLevel(c); return err }
	}
	oneD := func(n int, sigma float64) func() error {
		return func() error { _, err := NewOneD(n, sigma); return err }
	}
	panics := func(f func()) func() error { return func() error { f(); return nil } }
	tl, err := NewTwoLevel(TwoLevelConfig{M: 2})
	if err != nil {
		t.Fatal(err)
	}
	od, err := NewOneD(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	big := math.MaxFloat64 / 1.5

	misuse.Run(t, []misuse.Case{
		// Gradients that overflow.
		{Name: "Hetero σ²=1e308", Call: hetero(HeteroQuadraticConfig{Sigma2: 1e308}), Err: "σ² = 1e+308 and N = 16: squared gradient norms would overflow, want σ² <= 2.74e+303"},
		{Name: "Hetero σ²=1e300 N=1e4", Call: hetero(HeteroQuadraticConfig{Sigma2: 1e300, N: 10000, D: 2}), Err: "σ² = 1e+300 and N = 10000"},
		{Name: "TwoLevel σ_top=1e200", Call: twoLevel(TwoLevelConfig{M: 2, SigmaTop: 1e200}), Err: "σ_top = 1e+200, σ_low = 10, d = 20 and N·m = 4: squared gradient norms would overflow"},
		{Name: "TwoLevel σ_top+σ_low=Inf", Call: twoLevel(TwoLevelConfig{M: 2, SigmaTop: big, SigmaLow: big}), Err: "squared gradient norms would overflow"},
		{Name: "OneD σ=1e200", Call: oneD(2, 1e200), Err: "σ = 1e+200 and N = 2: squared gradient norms would overflow"},

		// Sizes that could not be allocated.
		{Name: "Hetero N·d=2^40", Call: hetero(HeteroQuadraticConfig{N: 1 << 30, D: 1 << 10}), Err: "N·d = 1073741824·1024, want at most 2^28 values"},
		{Name: "TwoLevel N·m=2^40", Call: twoLevel(TwoLevelConfig{N: 1 << 20, M: 1 << 20}), Err: "N·m = 1048576·1048576, want at most 2^28 components"},
		{Name: "TwoBlobs n·d=2^40", Call: func() error { _, _, err := TwoBlobs(1<<20, 1<<20, 1, 1); return err }, Err: "n·d = 1048576·1048576, want at most 2^28 values"},

		// Misuse.
		{Name: "zero Logistic Func", Call: panics(func() { new(Logistic).Func(x) }), Panic: "problems: Logistic not made by NewLogistic"},
		{Name: "zero Logistic Grad", Call: panics(func() { new(Logistic).Grad(make([]float64, 2), x) }), Panic: "problems: Logistic not made by NewLogistic"},
		{Name: "OneD index", Call: panics(func() { od.CompFunc(2, x) }), Panic: "problems: component index out of range"},
		{Name: "TwoLevelTop index", Call: panics(func() { tl.Top().CompFunc(2, x) }), Panic: "problems: top-level index out of range"},
	})
}

// TestLargeSigma2 checks that the largest σ² NewHeteroQuadratic accepts
// gives finite gradients at the origin and the minimiser, whose sums of
// squares over N² terms (an epoch's prefix sums) stay finite.
func TestLargeSigma2(t *testing.T) {
	const n = 16
	p, err := NewHeteroQuadratic(HeteroQuadraticConfig{N: n, Sigma2: maxSquare(n) / n})
	if err != nil {
		t.Fatal(err)
	}
	g := make([]float64, p.Dim())
	for _, x := range [][]float64{make([]float64, p.Dim()), p.Minimizer()} {
		var ss float64
		for i := range n {
			p.CompGrad(g, i, x)
			for _, v := range g {
				ss += v * v
			}
		}
		if !(ss*n < math.MaxFloat64) {
			t.Errorf("at %v: N·Σ_i ‖∇f_i‖² = %v·%v overflows", x, n, ss)
		}
	}
}
