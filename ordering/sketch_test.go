// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCountSketchUnbiased checks E<Sa, Sb> = <a, b> over independent
// sketches. The variance of one estimate is at most 2‖a‖²‖b‖²/k, so the
// mean of T estimates is within 5 standard deviations, 5·sqrt(2/(kT))
// ‖a‖‖b‖, except with probability below 1e-6.
func TestCountSketchUnbiased(t *testing.T) {
	const d, k, trials = 50, 8, 4000
	rnd := rand.New(rand.NewPCG(1, 1))
	a, b := make([]float64, d), make([]float64, d)
	for j := range a {
		a[j], b[j] = rnd.NormFloat64(), rnd.NormFloat64()+0.5*a[j]
	}
	var mean float64
	for s := range trials {
		cs, err := NewCountSketch(d, k, uint64(s))
		if err != nil {
			t.Fatal(err)
		}
		mean += dot(cs.Apply(nil, a), cs.Apply(nil, b)) / trials
	}
	want := dot(a, b)
	tol := 5 * math.Sqrt(2.0/(k*trials)) * math.Sqrt(dot(a, a)*dot(b, b))
	if math.Abs(mean-want) > tol {
		t.Errorf("mean sketched inner product %v, exact %v (tolerance %v)", mean, want, tol)
	}
	if _, err := NewCountSketch(0, 3, 1); err == nil {
		t.Error("d = 0: no error")
	}
}

// lowRank returns an n×d matrix of rank r plus small noise: structured
// gradients like those of a network's batches.
func lowRank(n, d, r int, noise float64, seed uint64) *mat.Dense {
	rnd := rand.New(rand.NewPCG(seed, 7))
	u, v := mat.NewDense(n, r, nil), mat.NewDense(r, d, nil)
	for i := range n {
		for j := range r {
			u.Set(i, j, rnd.NormFloat64())
		}
	}
	for i := range r {
		for j := range d {
			v.Set(i, j, rnd.NormFloat64()/float64(i+1))
		}
	}
	g := mat.NewDense(n, d, nil)
	g.Mul(u, v)
	for i := range n {
		for j := range d {
			g.Set(i, j, g.At(i, j)+noise*rnd.NormFloat64())
		}
	}
	return g
}

func sigmaOf(t *testing.T, g *mat.Dense, r []int) float64 {
	t.Helper()
	h, err := Discrepancy(g, r)
	if err != nil {
		t.Fatal(err)
	}
	return h.SigmaStar2
}

// TestSketchedGreedyApproaches checks on a fixed structured matrix and
// seed that the sketched greedy's σ*² comes down to the exact greedy's as
// k grows. The values were measured (not derived): the check is the
// trend and the end point within 10%.
func TestSketchedGreedyApproaches(t *testing.T) {
	g := lowRank(300, 2000, 10, 0.05, 3)
	exact := sigmaOf(t, g, GreedyOrder(nil, g))
	var ratios []float64
	for _, k := range []int{2, 16, 128, 1024} {
		r, err := SketchedGreedyOrder(nil, g, k, 5)
		if err != nil {
			t.Fatal(err)
		}
		if !isPerm(r, 300) {
			t.Fatalf("k = %d: not a permutation", k)
		}
		ratios = append(ratios, sigmaOf(t, g, r)/exact)
	}
	t.Logf("σ*² sketched / exact at k = 2, 16, 128, 1024: %.3g", ratios)
	if last := ratios[len(ratios)-1]; !(ratios[0] > last) || math.Abs(last-1) > 0.1 {
		t.Errorf("ratios to the exact greedy %.3g: want a decrease to within 1.1", ratios)
	}
	// k >= d is the exact greedy.
	r, _ := SketchedGreedyOrder(nil, g, 5000, 5)
	if !slices.Equal(r, GreedyOrder(nil, g)) {
		t.Error("k >= d differs from GreedyOrder")
	}
	if _, err := SketchedGreedyOrder(nil, g, 0, 1); err == nil {
		t.Error("k = 0: no error")
	}
}

// linear is f_i(x) = <b_i, x>: constant gradients b_i, so stale and
// fresh gradients agree.
type linear struct{ b *mat.Dense }

func (l linear) Len() int { r, _ := l.b.Dims(); return r }
func (l linear) Dim() int { _, c := l.b.Dims(); return c }
func (l linear) CompFunc(i int, x []float64) float64 {
	return dot(l.b.RawRowView(i), x)
}
func (l linear) CompGrad(g []float64, i int, _ []float64) { copy(g, l.b.RawRowView(i)) }

func TestStaleAndSketchedGreedyInRun(t *testing.T) {
	g := lowRank(40, 30, 3, 0.1, 4)
	p := linear{g}
	want := GreedyOrder(nil, g)
	for _, o := range []Orderer{&StaleGreedy{}, &StaleGreedy{Every: 3}, &SketchedGreedy{K: 64, Seed: 1}, &SketchedGreedy{K: 64, Seed: 1, Stale: true}} {
		for e, r := range runOrders(t, p, o, 4) {
			if !slices.Equal(r, want) {
				t.Errorf("%T epoch %d: %v, want the greedy order of the constant gradients %v", o, e, r, want)
			}
		}
	}
	sk := &SketchedGreedy{K: 8, Seed: 2, Every: 2}
	for e, r := range runOrders(t, p, sk, 4) {
		if !isPerm(r, 40) {
			t.Errorf("sketched K = 8, epoch %d: not a permutation", e)
		}
	}
	if _, err := (&SketchedGreedy{}).Order(nil, Epoch{Oracle: NewOracle(p, nil, nil)}); err == nil {
		t.Error("K = 0: no error")
	}
}

func FuzzSketchedGreedy(f *testing.F) {
	f.Add(uint8(10), uint8(5), uint8(3), uint64(1))
	f.Fuzz(func(t *testing.T, n8, d8, k8 uint8, seed uint64) {
		n, d, k := int(n8%50)+1, int(d8%30)+1, int(k8%40)+1
		g := lowRank(n, d, 2, 0.5, seed)
		r, err := SketchedGreedyOrder(nil, g, k, seed)
		if err != nil || !isPerm(r, n) {
			t.Fatalf("n=%d d=%d k=%d: %v, %v", n, d, k, err, r)
		}
	})
}

// TestSketchedGreedyDeterministic checks that the sketched greedy order
// depends only on the seed: the same under GOMAXPROCS 1 and 2 (the sketch
// and the Gram matrix are computed in parallel) and in repeated calls.
func TestSketchedGreedyDeterministic(t *testing.T) {
	g := lowRank(200, 3000, 5, 0.2, 8)
	orders := make([][]int, 0, 3)
	for _, procs := range []int{1, 2, 2} {
		func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			r, err := SketchedGreedyOrder(nil, g, 64, 3)
			if err != nil {
				t.Fatal(err)
			}
			orders = append(orders, r)
		}()
	}
	if !slices.Equal(orders[0], orders[1]) || !slices.Equal(orders[1], orders[2]) {
		t.Error("GOMAXPROCS 1 and 2, or two calls, give different orders")
	}
	other, _ := SketchedGreedyOrder(nil, g, 64, 4)
	if slices.Equal(other, orders[0]) {
		t.Error("seeds 3 and 4 give the same order")
	}
}

// ExampleSketchedGreedyOrder orders the 1-D example of Section 4.1 padded
// to 100 coordinates (gradients ±1 in the first, 0 elsewhere) from a
// 4-dimensional CountSketch: the sketch keeps the first coordinate up to
// its sign, and the greedy order alternates, σ*² = σ² = 1.
func ExampleSketchedGreedyOrder() {
	g := mat.NewDense(8, 100, nil)
	for i := range 8 {
		g.Set(i, 0, 1)
		if i >= 4 {
			g.Set(i, 0, -1)
		}
	}
	r, err := SketchedGreedyOrder(nil, g, 4, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	h, _ := Discrepancy(g, r)
	fmt.Printf("%v σ*² %.4g\n", r, h.SigmaStar2)
	// Output:
	// [0 4 1 5 2 6 3 7] σ*² 1
}

// TestSketchedGreedyStale checks that the stale sketched greedy with
// K >= d (no sketch) chooses StaleGreedy's orders from the same observed
// gradients, on a problem whose centred gradients change with x, and
// that with K < d it gives permutations, the same in two runs.
func TestSketchedGreedyStale(t *testing.T) {
	const n, d = 20, 6
	p := newCurved(n, d, 1)
	x0 := make([]float64, d)
	for j := range x0 {
		x0[j] = 3
	}
	run := func(o Orderer) [][]int {
		h := &History{KeepOrder: true}
		if _, err := Run(p, x0, o, &Settings{Epochs: 5, Step: Constant(0.05), Recorder: h, SkipEval: true}); err != nil {
			t.Fatal(err)
		}
		var orders [][]int
		for _, r := range h.Records[1:] {
			orders = append(orders, r.Order)
		}
		return orders
	}
	for _, every := range []int{1, 2} {
		want := run(&StaleGreedy{Every: every})
		got := run(&SketchedGreedy{K: d, Stale: true, Every: every})
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("every %d: stale sketched greedy with K = d chose %v, StaleGreedy %v", every, got, want)
		}
	}
	a := run(&SketchedGreedy{K: 3, Seed: 2, Stale: true})
	b := run(&SketchedGreedy{K: 3, Seed: 2, Stale: true})
	for e, r := range a {
		if !isPerm(r, n) || !slices.Equal(r, b[e]) {
			t.Errorf("K = 3, epoch %d: orders %v and %v, want the same permutation", e, r, b[e])
		}
	}
}
