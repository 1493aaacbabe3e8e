// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// naiveGreedy is Algorithm 2 written out: for every step, the norm of
// u_i + c for every remaining i, O(N² d).
func naiveGreedy(grads *mat.Dense) []int {
	n, d := grads.Dims()
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			mean[j] += grads.At(i, j) / float64(n)
		}
	}
	c := make([]float64, d)
	used := make([]bool, n)
	var order []int
	for k := 0; k < n; k++ {
		best, bestV := -1, math.Inf(1)
		for i := 0; i < n; i++ {
			if used[i] {
				continue
			}
			v := 0.0
			for j := 0; j < d; j++ {
				w := grads.At(i, j) - mean[j] + c[j]
				v += w * w
			}
			if v < bestV {
				best, bestV = i, v
			}
		}
		used[best] = true
		order = append(order, best)
		for j := 0; j < d; j++ {
			c[j] += grads.At(best, j) - mean[j]
		}
	}
	return order
}

func randomGrads(n, d int, seed uint64) *mat.Dense {
	rnd := rand.New(rand.NewPCG(seed, 3))
	m := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			m.Set(i, j, rnd.NormFloat64()+float64(j%3))
		}
	}
	return m
}

func TestGreedyOrderMatchesNaive(t *testing.T) {
	for _, test := range []struct{ n, d int }{{1, 1}, {2, 3}, {10, 4}, {57, 20}, {128, 7}} {
		for seed := uint64(0); seed < 3; seed++ {
			g := randomGrads(test.n, test.d, seed)
			before := mat.DenseCopyOf(g)
			got := GreedyOrder(nil, g)
			want := naiveGreedy(g)
			if !slices.Equal(got, want) {
				t.Errorf("n=%d d=%d seed %d: GreedyOrder %v, naive %v", test.n, test.d, seed, got, want)
			}
			if !mat.Equal(g, before) {
				t.Errorf("n=%d d=%d: GreedyOrder modified its input", test.n, test.d)
			}
		}
	}
}

// oneD returns the gradients of the Section 4.1 example at x: x + σ for the
// first n/2 components and x - σ for the rest.
func oneD(n int, sigma, x float64) *mat.Dense {
	m := mat.NewDense(n, 1, nil)
	for i := 0; i < n; i++ {
		if i < n/2 {
			m.Set(i, 0, x+sigma)
		} else {
			m.Set(i, 0, x-sigma)
		}
	}
	return m
}

func TestGreedyFindsAlternatingOrder(t *testing.T) {
	// Section 4.1: the greedy chooser finds an alternating order, whose σ*²
	// (M* = 0) is exactly σ², against (n/2)² σ² for the sorted order.
	for _, n := range []int{2, 4, 10, 64, 1000} {
		const sigma = 1.5
		g := oneD(n, sigma, 0.25) // dyadic values: every sum is exact
		order := GreedyOrder(nil, g)
		phi2, err := Phi2(nil, g, order)
		if err != nil {
			t.Fatal(err)
		}
		if got := SigmaStar2(phi2, 0, 0); got != sigma*sigma {
			t.Errorf("n=%d: greedy σ*² = %v, want σ² = %v", n, got, sigma*sigma)
		}
		for k := 1; k < n; k++ {
			if (order[k] < n/2) == (order[k-1] < n/2) {
				t.Errorf("n=%d: greedy order does not alternate at %d: %v", n, k, order)
				break
			}
		}
		sorted := make([]int, n)
		for i := range sorted {
			sorted[i] = i
		}
		phi2, _ = Phi2(nil, g, sorted)
		if got, want := SigmaStar2(phi2, 0, 0), float64(n*n)/4*sigma*sigma; math.Abs(got-want) > 1e-9*want {
			t.Errorf("n=%d: sorted σ*² = %v, want n²σ²/4 = %v", n, got, want)
		}
	}
}

// countingProblem counts gradient queries.
type countingProblem struct {
	quad
	calls int
}

func (c *countingProblem) CompGrad(g []float64, i int, x []float64) {
	c.calls++
	c.quad.CompGrad(g, i, x)
}

func TestGreedySlowUpdate(t *testing.T) {
	p := &countingProblem{quad: newQuad(6, 3, 11)}
	o := NewOracle(p, nil, nil)
	g := &Greedy{Every: 3}
	x := []float64{1, 2, 3}
	var prev []int
	for epoch := 0; epoch < 7; epoch++ {
		before := p.calls
		x[0] += 0.5 // the point moves, so a recomputed order may change
		order, err := g.Order(nil, Epoch{T: epoch, X: x, Oracle: o})
		if err != nil {
			t.Fatal(err)
		}
		recomputed := p.calls > before
		if recomputed != (epoch%3 == 0) {
			t.Errorf("epoch %d: recomputed = %v", epoch, recomputed)
		}
		if !recomputed && !slices.Equal(order, prev) {
			t.Errorf("epoch %d: order changed without recomputation", epoch)
		}
		if recomputed {
			want := GreedyOrder(nil, ComponentGrads(nil, p, x))
			if !slices.Equal(order, want) {
				t.Errorf("epoch %d: order %v, want %v", epoch, order, want)
			}
		}
		prev = order
	}
	if _, err := (&Greedy{Every: -1}).Order(nil, Epoch{X: x, Oracle: o}); !errors.Is(err, ErrSetting) {
		t.Errorf("Every = -1: err = %v", err)
	}
}

func TestGreedyNaN(t *testing.T) {
	p := quad{b: [][]float64{{0}, {math.NaN()}}}
	_, err := (&Greedy{}).Order(nil, Epoch{X: []float64{1}, Oracle: NewOracle(p, nil, nil)})
	if !errors.Is(err, ErrNaN) {
		t.Errorf("err = %v, want ErrNaN", err)
	}
}

func TestGreedyRunDeterministicAcrossProcs(t *testing.T) {
	// The Gram product runs in parallel; the trajectory must not depend
	// on GOMAXPROCS.
	p := newQuad(300, 40, 12)
	run := func(procs int) []float64 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		res, err := Run(p, make([]float64, 40), &Greedy{}, &Settings{
			Epochs: 3, Step: Constant(0.01), Noise: Gaussian{Std: 0.1}, Seed: 5,
		})
		if err != nil {
			t.Fatal(err)
		}
		return res.X
	}
	if a, b := run(1), run(2); !slices.Equal(a, b) {
		t.Errorf("GOMAXPROCS 1 and 2 give different iterates")
	}
}

func ExampleGreedyOrder() {
	// Gradients of the Section 4.1 example at x = 0 with σ = 1: two
	// components pull up, two pull down.
	g := mat.NewDense(4, 1, []float64{1, 1, -1, -1})
	order := GreedyOrder(nil, g)
	phi2, _ := Phi2(nil, g, order)
	fmt.Println(order, phi2, SigmaStar2(phi2, 0, 0))
	// Output: [0 2 1 3] [1 0 1 0] 1
}
