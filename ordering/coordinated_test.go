// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

var workerMethods = []WorkerMethod{DRR, IDGraB, CDGraB}

// runWorkers drives o for epochs epochs over the fixed gradient matrix g
// (worker w's example j at row w·n + j) and returns the orders of every
// epoch, the last one's included (epochs+1 in all).
func runWorkers(t *testing.T, o *WorkerOrders, g *mat.Dense, epochs int) [][][]int {
	t.Helper()
	w, n := o.Workers(), o.Len()
	var all [][][]int
	grads := make([][]float64, w)
	for e := 0; e <= epochs; e++ {
		orders := o.Orders(nil)
		all = append(all, orders)
		if e == epochs {
			break
		}
		for s := 0; s < n; s++ {
			for k := range grads {
				grads[k] = g.RawRowView(k*n + orders[k][s])
			}
			if err := o.Observe(grads); err != nil {
				t.Fatal(err)
			}
		}
	}
	return all
}

// antiGrads returns gradients of W workers of n examples in dimension d
// whose workers are anti-correlated: worker w's example j is
// (-1)^w·u_j + noise, with u_j random, so that the workers' gradients at a
// step cancel only if the workers take matching examples with opposite
// signs, which only coordination can arrange.
func antiGrads(w, n, d int, seed uint64) *mat.Dense {
	rnd := rand.New(rand.NewPCG(seed, 1))
	u := make([]float64, n*d)
	for i := range u {
		u[i] = rnd.NormFloat64()
	}
	g := mat.NewDense(w*n, d, nil)
	for k := 0; k < w; k++ {
		sign := 1.0
		if k%2 == 1 {
			sign = -1
		}
		for j := 0; j < n; j++ {
			for c := 0; c < d; c++ {
				g.Set(k*n+j, c, sign*u[j*d+c]+0.1*rnd.NormFloat64())
			}
		}
	}
	return g
}

func TestWorkerOrdersPermutations(t *testing.T) {
	for _, m := range workerMethods {
		for _, sz := range []struct{ w, n int }{{1, 1}, {1, 7}, {3, 1}, {4, 9}, {5, 16}} {
			o, err := NewWorkerOrders(m, sz.w, sz.n, 3)
			if err != nil {
				t.Fatal(err)
			}
			g := antiGrads(sz.w, sz.n, 3, 1)
			for e, orders := range runWorkers(t, o, g, 4) {
				if len(orders) != sz.w {
					t.Fatalf("%v W=%d n=%d epoch %d: %d orders", m, sz.w, sz.n, e, len(orders))
				}
				for k, r := range orders {
					if err := checkPerm(r, sz.n); err != nil {
						t.Errorf("%v W=%d n=%d epoch %d worker %d: %v", m, sz.w, sz.n, e, k, err)
					}
				}
			}
		}
	}
}

func TestWorkerOrdersDeterministic(t *testing.T) {
	g := antiGrads(4, 10, 5, 2)
	for _, m := range workerMethods {
		run := func(seed uint64) [][][]int {
			o, err := NewWorkerOrders(m, 4, 10, seed)
			if err != nil {
				t.Fatal(err)
			}
			return runWorkers(t, o, g, 5)
		}
		a, b, c := run(7), run(7), run(8)
		if !slices.EqualFunc(a, b, func(x, y [][]int) bool { return slices.EqualFunc(x, y, slices.Equal) }) {
			t.Errorf("%v: same seed, different orders", m)
		}
		if slices.EqualFunc(a, c, func(x, y [][]int) bool { return slices.EqualFunc(x, y, slices.Equal) }) {
			t.Errorf("%v: seeds 7 and 8 give the same orders", m)
		}
		// Epoch 0 is shared by the methods.
		d, err := NewWorkerOrders(DRR, 4, 10, 7)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(a[0], d.Orders(nil), slices.Equal) {
			t.Errorf("%v: epoch 0 differs from D-RR's", m)
		}
	}
}

// TestCoordinationHelps is the case where coordination must help: workers
// with anti-correlated gradients. D-RR's combined prefix sums are a
// random walk; ID-GraB balances each worker alone, and the workers' own
// balanced orders need not cancel one another; CD-GraB signs the W pair
// differences of a step against one running sum. After a few epochs on a
// fixed matrix, CD-GraB's combined herding (∞-norm and σ*²) must be below
// both others', on every seed.
func TestCoordinationHelps(t *testing.T) {
	const w, n, d, epochs = 8, 64, 4, 6
	for seed := uint64(0); seed < 5; seed++ {
		g := antiGrads(w, n, d, seed)
		herd := map[WorkerMethod]DiscrepancyReport{}
		for _, m := range workerMethods {
			o, err := NewWorkerOrders(m, w, n, seed)
			if err != nil {
				t.Fatal(err)
			}
			all := runWorkers(t, o, g, epochs)
			h, err := CombinedDiscrepancy(g, all[epochs])
			if err != nil {
				t.Fatal(err)
			}
			herd[m] = h
		}
		cd := herd[CDGraB]
		t.Logf("seed %d: herding D-RR %.3g, ID-GraB %.3g, CD-GraB %.3g", seed, herd[DRR].MaxInf, herd[IDGraB].MaxInf, cd.MaxInf)
		for _, m := range []WorkerMethod{DRR, IDGraB} {
			if !(cd.MaxInf < herd[m].MaxInf) || !(cd.SigmaStar2 < herd[m].SigmaStar2) {
				t.Errorf("seed %d: CD-GraB herding %.3g (σ*² %.3g), %v's %.3g (σ*² %.3g): want CD-GraB's smaller",
					seed, cd.MaxInf, cd.SigmaStar2, m, herd[m].MaxInf, herd[m].SigmaStar2)
			}
		}
	}
}

// TestCombinedDiscrepancyOneWorker checks that one worker's combined
// discrepancy is Discrepancy of its order.
func TestCombinedDiscrepancyOneWorker(t *testing.T) {
	g := antiGrads(1, 12, 3, 4)
	r := []int{3, 1, 4, 0, 5, 9, 2, 6, 11, 8, 7, 10}
	a, err := CombinedDiscrepancy(g, [][]int{r})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Discrepancy(g, r)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(a.MaxInf-b.MaxInf) > 1e-12*b.MaxInf || math.Abs(a.SigmaStar2-b.SigmaStar2) > 1e-12*b.SigmaStar2 {
		t.Errorf("one worker: combined %v, %v; Discrepancy %v, %v", a.MaxInf, a.SigmaStar2, b.MaxInf, b.SigmaStar2)
	}
	// Two workers with exactly opposite gradients cancel at every step
	// when they take matching examples: zero herding.
	g2 := mat.NewDense(24, 3, nil)
	for i := 0; i < 12; i++ {
		for c := 0; c < 3; c++ {
			g2.Set(i, c, g.At(i, c))
			g2.Set(12+i, c, -g.At(i, c))
		}
	}
	h, err := CombinedDiscrepancy(g2, [][]int{r, r})
	if err != nil {
		t.Fatal(err)
	}
	if h.MaxInf > 1e-12 {
		t.Errorf("opposite workers in step: herding %v, want 0", h.MaxInf)
	}
}

func TestWorkerOrdersMisuse(t *testing.T) {
	for _, c := range []struct {
		m    WorkerMethod
		w, n int
	}{{WorkerMethod(7), 2, 2}, {DRR, 0, 4}, {IDGraB, 2, 0}, {CDGraB, -1, 3}, {CDGraB, 1 << 15, 1 << 14}} {
		if _, err := NewWorkerOrders(c.m, c.w, c.n, 0); !errors.Is(err, ErrSetting) {
			t.Errorf("NewWorkerOrders(%v, %d, %d): error %v, want ErrSetting", c.m, c.w, c.n, err)
		}
	}
	for _, m := range workerMethods {
		o, err := NewWorkerOrders(m, 2, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		ok := [][]float64{{1, 2}, {3, 4}}
		if err := o.Observe(ok); !errors.Is(err, ErrSetting) {
			t.Errorf("%v: Observe before Orders: %v, want ErrSetting", m, err)
		}
		o.Orders(nil)
		for _, c := range []struct {
			grads [][]float64
			want  error
		}{
			{[][]float64{{1, 2}}, ErrDim},
			{[][]float64{{1, 2}, {3}}, ErrDim},
			{[][]float64{{}, {}}, ErrDim},
			{[][]float64{{1, math.NaN()}, {3, 4}}, ErrNaN},
			{[][]float64{{1, 2}, {math.Inf(1), 4}}, ErrNaN},
		} {
			if err := o.Observe(c.grads); !errors.Is(err, c.want) {
				t.Errorf("%v: Observe(%v): %v, want %v", m, c.grads, err, c.want)
			}
		}
		for range 2 {
			if err := o.Observe(ok); err != nil {
				t.Fatal(err)
			}
		}
		if err := o.Observe(ok); !errors.Is(err, ErrIndex) {
			t.Errorf("%v: third step of an epoch of 2: %v, want ErrIndex", m, err)
		}
		o.Orders(nil)
		if err := o.Observe([][]float64{{1, 2, 3}, {3, 4, 5}}); !errors.Is(err, ErrDim) {
			t.Errorf("%v: gradient length changed: %v, want ErrDim", m, err)
		}
	}
	g := antiGrads(2, 3, 2, 0)
	for _, c := range []struct {
		g      *mat.Dense
		orders [][]int
		want   error
	}{
		{nil, [][]int{{0, 1, 2}}, ErrEmpty},
		{g, nil, ErrEmpty},
		{g, [][]int{{0, 1, 2}}, ErrDim},
		{g, [][]int{{0, 1, 2}, {0, 1, 1}}, ErrIndex},
	} {
		if _, err := CombinedDiscrepancy(c.g, c.orders); !errors.Is(err, c.want) {
			t.Errorf("CombinedDiscrepancy(%v): %v, want %v", c.orders, err, c.want)
		}
	}
}

func TestWorkerOrdersEpochBytes(t *testing.T) {
	for _, c := range []struct {
		m          WorkerMethod
		w, n, d, e int
		want       int64
	}{
		{DRR, 4, 10, 100, 8, 0},
		{IDGraB, 4, 10, 100, 8, 0},
		{CDGraB, 4, 10, 100, 8, 5 * 4 * 801}, // 5 pairs, 4 workers, d·8 + a sign byte
		{CDGraB, 4, 11, 100, 4, 5 * 4 * 401},
	} {
		o, err := NewWorkerOrders(c.m, c.w, c.n, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := o.EpochBytes(c.d, c.e); got != c.want {
			t.Errorf("%v W=%d n=%d d=%d: %d bytes, want %d", c.m, c.w, c.n, c.d, got, c.want)
		}
	}
}

// FuzzWorkerOrders checks that every method gives every worker a
// permutation in every epoch, for any sizes, seed and gradients, and
// epochs cut short.
func FuzzWorkerOrders(f *testing.F) {
	f.Add(uint8(2), uint8(3), uint8(5), uint64(1), uint8(4), uint8(2))
	f.Add(uint8(0), uint8(1), uint8(1), uint64(0), uint8(0), uint8(0))
	f.Fuzz(func(t *testing.T, method, w, n uint8, seed uint64, cut, d uint8) {
		m := WorkerMethod(method % 3)
		W, N, D := int(w%9)+1, int(n%17)+1, int(d%4)+1
		o, err := NewWorkerOrders(m, W, N, seed)
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(seed, 2))
		grads := make([][]float64, W)
		for k := range grads {
			grads[k] = make([]float64, D)
		}
		var orders [][]int
		for e := range 4 {
			orders = o.Orders(orders)
			for k, r := range orders {
				if err := checkPerm(r, N); err != nil {
					t.Fatalf("%v W=%d n=%d epoch %d worker %d: %v", m, W, N, e, k, err)
				}
			}
			steps := N
			if e == 1 {
				steps = int(cut) % (N + 1) // an epoch cut short
			}
			for range steps {
				for k := range grads {
					for j := range grads[k] {
						grads[k][j] = rnd.NormFloat64()
					}
				}
				if err := o.Observe(grads); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
