// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems_test

import (
	"fmt"
	"log"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

func ExampleNewTwoLevel() {
	// The problem of Section 6.2 with m = 4 low-level functions per
	// top-level function and σ_top = 2.
	p, err := problems.NewTwoLevel(problems.TwoLevelConfig{M: 4, SigmaTop: 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("N = %d, m = %d, d = %d, components %d\n", p.N(), p.M(), p.Dim(), p.Len())
	fmt.Printf("L = %.4g, μ = %.4g\n", p.L(), p.Mu())
	fmt.Printf("σ²: top %.4g, low %.4g, all %.4g\n", p.SigmaTop2(), p.SigmaLow2(), p.SigmaFull2())

	// One epoch of standard gradient steps in place.
	x := make([]float64, p.Dim())
	x[0] = 1
	p.Steps(x, 0.01, []int{0, 4, 1, 5, 2, 6, 3, 7})
	fmt.Printf("f(x) = %.4g\n", p.Func(x))
	// Output:
	// N = 2, m = 4, d = 20, components 8
	// L = 4.178, μ = 0.2223
	// σ²: top 80, low 2000, all 2080
	// f(x) = 0.7541
}

func ExampleOneD() {
	p, err := problems.NewOneD(8, 1)
	if err != nil {
		log.Fatal(err)
	}
	// φ² does not depend on x for this problem; measure σ*² (M* = 0) of
	// both orders of Section 4.1 at x = 3.
	grads := ordering.ComponentGrads(nil, p, []float64{3})
	for _, o := range []struct {
		name  string
		order []int
	}{
		{"alternating", p.AlternatingOrder()},
		{"sorted", p.SortedOrder()},
	} {
		phi2, err := ordering.Phi2(nil, grads, o.order)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s %v: σ*² = %.4g\n", o.name, o.order, ordering.SigmaStar2(phi2, 0, 0))
	}
	// Output:
	// alternating [0 4 1 5 2 6 3 7]: σ*² = 1
	// sorted [0 1 2 3 4 5 6 7]: σ*² = 16
}

func ExampleNewHeteroQuadratic() {
	p, err := problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{
		N: 10, D: 4, L: 2, Mu: 0.1, Sigma2: 3, M: 0.25, Seed: 1,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("L = %.4g, μ = %.4g, components %.4g-strongly convex\n", p.L(), p.Mu(), p.CompMu())
	// Assumption 5 holds with equality at every point.
	x := []float64{1, -2, 0.5, 3}
	v, g2 := ordering.Heterogeneity(ordering.ComponentGrads(nil, p, x))
	fmt.Printf("(1/N) Σ ‖∇f_i - ∇f‖² = %.4g, σ² + M ‖∇f‖² = %.4g\n", v, p.Sigma2()+p.M()*g2)
	// Output:
	// L = 2, μ = 0.1, components 0.05-strongly convex
	// (1/N) Σ ‖∇f_i - ∇f‖² = 7.937, σ² + M ‖∇f‖² = 7.937
}

func ExampleNewLogistic() {
	a, y, err := problems.TwoBlobs(100, 2, 4, 1)
	if err != nil {
		log.Fatal(err)
	}
	p, err := problems.NewLogistic(a, y, 0.01)
	if err != nil {
		log.Fatal(err)
	}
	// A few epochs of incremental gradient descent with step 1/L.
	w := make([]float64, p.Dim())
	g := make([]float64, p.Dim())
	fmt.Printf("f(0) = %.4g\n", p.Func(w))
	for epoch := 0; epoch < 5; epoch++ {
		for i := 0; i < p.Len(); i++ {
			p.CompGrad(g, i, w)
			for j := range w {
				w[j] -= g[j] / p.L()
			}
		}
	}
	fmt.Printf("after 5 epochs f = %.4g, μ = %.4g\n", p.Func(w), p.Mu())
	// Output:
	// f(0) = 0.6931
	// after 5 epochs f = 0.1053, μ = 0.01
}
