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

	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// naiveGreedy is Algorithm 2 written out as in the paper: at every step the
// norm ‖g_i - ḡ + c‖² of every remaining i, O(N² d). Strict < keeps the
// smallest index on ties.
func naiveGreedy(grads *mat.Dense) []int {
	n, d := grads.Dims()
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			mean[j] += grads.At(i, j)
		}
	}
	for j := range mean {
		mean[j] /= float64(n)
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

// randomGrads returns an n×d matrix of normal entries around a common
// offset, so the centring matters. Ties in Algorithm 2 have probability 0.
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
	// Sizes on both sides of the Gram tile (64 rows) and of its column
	// pieces (256 columns).
	for _, test := range []struct{ n, d int }{
		{1, 1}, {2, 3}, {10, 4}, {57, 20}, {64, 256}, {65, 257}, {128, 7}, {130, 300}, {200, 600},
	} {
		for seed := uint64(0); seed < 2; seed++ {
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

func TestGreedyOrderReusesDst(t *testing.T) {
	g := randomGrads(5, 3, 1)
	dst := make([]int, 2, 10)
	got := GreedyOrder(dst, g)
	if &got[0] != &dst[:1][0] || !slices.Equal(got, naiveGreedy(g)) {
		t.Errorf("GreedyOrder(dst) = %v, not stored in dst", got)
	}
}

func TestGreedyOrderTies(t *testing.T) {
	// Hand-worked: the rows 0, 0, 0, 4 have mean 1, so u = -1, -1, -1, 3.
	// Step 1: ‖u_i‖² = 1, 1, 1, 9 → 0, the smallest index of the tie. Then
	// c = -1: ‖u_i + c‖² = 4, 4, 4 for rows 1, 2, 3 → 1, again a tie. Then
	// c = -2: 9 for row 2, 1 for row 3 → 3. Then 2.
	g := mat.NewDense(4, 1, []float64{0, 0, 0, 4})
	if got, want := GreedyOrder(nil, g), []int{0, 1, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("GreedyOrder = %v, want %v", got, want)
	}
}

func TestGram(t *testing.T) {
	// The tiled rank-k update against direct dot products, exactly
	// symmetric, and the same bits whatever the number of goroutines.
	for _, test := range []struct{ n, d int }{{1, 1}, {63, 255}, {64, 256}, {150, 513}} {
		u := randomGrads(test.n, test.d, 9).RawMatrix()
		run := func(procs int) []float64 {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			g := blas64.General{Rows: test.n, Cols: test.n, Stride: test.n, Data: make([]float64, test.n*test.n)}
			for i := range g.Data {
				g.Data[i] = math.NaN() // every entry must be written
			}
			gram(g, u)
			return g.Data
		}
		g1, g2 := run(1), run(2)
		if !slices.Equal(g1, g2) {
			t.Errorf("n=%d d=%d: GOMAXPROCS 1 and 2 differ", test.n, test.d)
		}
		for i := 0; i < test.n; i++ {
			for j := 0; j < test.n; j++ {
				want := dot(u.Data[i*u.Stride:i*u.Stride+test.d], u.Data[j*u.Stride:j*u.Stride+test.d])
				got := g1[i*test.n+j]
				// Dot products of d terms of size about 3: rounding well
				// below 1e-12 d (1 + |want|).
				if !(math.Abs(got-want) <= 1e-12*(1+math.Abs(want))*float64(test.d)) {
					t.Fatalf("n=%d d=%d: G[%d][%d] = %v, want %v", test.n, test.d, i, j, got, want)
				}
				if g1[j*test.n+i] != got {
					t.Fatalf("n=%d d=%d: G[%d][%d] ≠ G[%d][%d]", test.n, test.d, i, j, j, i)
				}
			}
		}
	}
}

// oneD returns the gradients of the Section 4.1 example, Eq. (4), at x:
// x + σ for the first n/2 components and x - σ for the rest.
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
		if got, want := SigmaStar2(phi2, 0, 0), float64(n*n)/4*sigma*sigma; got != want {
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
	for _, every := range []int{0, 1, 3} {
		g := &Greedy{Every: every}
		period := max(every, 1)
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
			if recomputed != (epoch%period == 0) {
				t.Errorf("Every=%d epoch %d: recomputed = %v", every, epoch, recomputed)
			}
			if recomputed && p.calls-before != p.Len() {
				t.Errorf("Every=%d epoch %d: %d oracle queries, want N = %d", every, epoch, p.calls-before, p.Len())
			}
			if !recomputed && !slices.Equal(order, prev) {
				t.Errorf("Every=%d epoch %d: order changed without recomputation", every, epoch)
			}
			if recomputed {
				want := GreedyOrder(nil, ComponentGrads(nil, p.quad, x))
				if !slices.Equal(order, want) {
					t.Errorf("Every=%d epoch %d: order %v, want %v", every, epoch, order, want)
				}
			}
			prev = order
		}
	}
	if _, err := (&Greedy{Every: -1}).Order(nil, Epoch{X: []float64{1, 2, 3}, Oracle: o}); !errors.Is(err, ErrSetting) {
		t.Errorf("Every = -1: err = %v", err)
	}
}

func TestGreedyUsesOracleNoise(t *testing.T) {
	// Line 2 of Algorithm 2 queries the (noisy) oracle: the order must be
	// GreedyOrder of the oracle's answers, drawn from a twin oracle with the
	// same seed, and differ from the exact gradients' order here.
	p := newQuad(40, 5, 3)
	x := []float64{0.1, 0.2, 0.3, 0.4, 0.5}
	noise := Gaussian{Std: 2}
	got, err := (&Greedy{}).Order(nil, Epoch{X: x, Oracle: NewOracle(p, noise, rand.NewPCG(4, 4))})
	if err != nil {
		t.Fatal(err)
	}
	want := GreedyOrder(nil, OracleGrads(nil, NewOracle(p, noise, rand.NewPCG(4, 4)), x))
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if slices.Equal(got, GreedyOrder(nil, ComponentGrads(nil, p, x))) {
		t.Errorf("noisy and exact orders agree: the noise is not used")
	}
}

// nanAt is a problem whose component gradients are NaN while bad is set.
type nanAt struct {
	quad
	bad bool
}

func (p *nanAt) CompGrad(g []float64, i int, x []float64) {
	p.quad.CompGrad(g, i, x)
	if p.bad && i == 1 {
		g[0] = math.NaN()
	}
}

func TestGreedyNaN(t *testing.T) {
	p := &nanAt{quad: newQuad(4, 2, 1)}
	o := NewOracle(p, nil, nil)
	x := []float64{1, 1}
	g := &Greedy{Every: 5}
	if _, err := g.Order(nil, Epoch{T: 0, X: x, Oracle: o}); err != nil {
		t.Fatal(err)
	}
	p.bad = true
	_, err := g.Order(nil, Epoch{T: 5, X: x, Oracle: o})
	if !errors.Is(err, ErrNaN) {
		t.Errorf("err = %v, want ErrNaN", err)
	}
	// After a failed recomputation the old order is not reused silently.
	if _, err := g.Order(nil, Epoch{T: 6, X: x, Oracle: o}); !errors.Is(err, ErrNaN) {
		t.Errorf("epoch after the failure: err = %v, want ErrNaN", err)
	}
	p.bad = false
	if got, err := g.Order(nil, Epoch{T: 7, X: x, Oracle: o}); err != nil || len(got) != 4 {
		t.Errorf("after recovery: %v, %v", got, err)
	}
}

func TestGreedyNoAlloc(t *testing.T) {
	// After the first epoch the buffers are reused: no allocation per
	// recomputation. N ≤ 64 keeps the Gram product in one tile on the
	// calling goroutine; larger N starts goroutines, which allocate a few
	// bytes, never the N×d matrix.
	p := newQuad(50, 30, 2)
	o := NewOracle(p, nil, nil)
	g := &Greedy{}
	x := make([]float64, 30)
	dst, err := g.Order(nil, Epoch{X: x, Oracle: o})
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(10, func() {
		dst, _ = g.Order(dst, Epoch{T: 1, X: x, Oracle: o})
	})
	if allocs != 0 {
		t.Errorf("%v allocations per recomputation, want 0", allocs)
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

func TestComponentGrads(t *testing.T) {
	p := newQuad(3, 2, 5)
	x := []float64{0.5, -1}
	g := ComponentGrads(nil, p, x)
	want := make([]float64, 2)
	for i := 0; i < 3; i++ {
		p.CompGrad(want, i, x)
		if !slices.Equal(g.RawRowView(i), want) {
			t.Errorf("row %d = %v, want %v", i, g.RawRowView(i), want)
		}
	}
	// An exact oracle answers the same.
	if o := OracleGrads(nil, NewOracle(p, nil, nil), x); !mat.Equal(o, g) {
		t.Errorf("exact oracle rows differ from ComponentGrads")
	}
	// A dst of the right shape is filled in place.
	dst := mat.NewDense(3, 2, nil)
	if got := ComponentGrads(dst, p, x); got != dst || !mat.Equal(dst, g) {
		t.Errorf("ComponentGrads(dst) did not fill dst")
	}
	defer func() {
		if r := recover(); r != "ordering: gradient matrix has the wrong shape" {
			t.Errorf("wrong-size dst: recovered %v", r)
		}
	}()
	ComponentGrads(mat.NewDense(2, 2, nil), p, x)
}

func ExampleGreedyOrder() {
	// Gradients of the Section 4.1 example at x = 0 with σ = 1: two
	// components pull up, two pull down. Greedy alternates, so every
	// prefix sum of the centred gradients stays within σ.
	g := mat.NewDense(4, 1, []float64{1, 1, -1, -1})
	order := GreedyOrder(nil, g)
	phi2, _ := Phi2(nil, g, order)
	fmt.Println(order, phi2)
	fmt.Printf("σ*² = %.4g\n", SigmaStar2(phi2, 0, 0))
	// Output:
	// [0 2 1 3] [1 0 1 0]
	// σ*² = 1
}

// curved is f_i(x) = Σ_j (w_ij x_j²/2 - b_ij x_j) with w_ij in [0.5, 1.5]:
// the centred gradients (w_i - w̄)∘x - (b_i - b̄) change with x, so stale
// and fresh gradients give different greedy orders.
type curved struct{ w, b *mat.Dense }

func newCurved(n, d int, seed uint64) curved {
	rnd := rand.New(rand.NewPCG(seed, 11))
	c := curved{mat.NewDense(n, d, nil), mat.NewDense(n, d, nil)}
	for i := range n {
		for j := range d {
			c.w.Set(i, j, 0.5+rnd.Float64())
			c.b.Set(i, j, rnd.NormFloat64())
		}
	}
	return c
}

func (c curved) Len() int { r, _ := c.w.Dims(); return r }
func (c curved) Dim() int { _, d := c.w.Dims(); return d }
func (c curved) CompFunc(i int, x []float64) float64 {
	var s float64
	for j, v := range x {
		s += c.w.At(i, j)*v*v/2 - c.b.At(i, j)*v
	}
	return s
}
func (c curved) CompGrad(g []float64, i int, x []float64) {
	for j, v := range x {
		g[j] = c.w.At(i, j)*v - c.b.At(i, j)
	}
}

// staleWatch passes every observed gradient on to a StaleGreedy and keeps
// a copy of the latest gradient of each component.
type staleWatch struct {
	*StaleGreedy
	seen   *mat.Dense
	epochs []*mat.Dense // seen at the end of each epoch
	last   int
}

func (w *staleWatch) Order(dst []int, e Epoch) ([]int, error) {
	if e.T > 0 {
		w.epochs = append(w.epochs, mat.DenseCopyOf(w.seen))
	}
	return w.StaleGreedy.Order(dst, e)
}

func (w *staleWatch) Observe(t, pos, i int, g []float64) {
	w.StaleGreedy.Observe(t, pos, i, g)
	copy(w.seen.RawRowView(i), g)
}

// TestStaleGreedy checks that StaleGreedy's order of epoch t+1 is the
// greedy order of the gradients observed in epoch t (and of the latest
// observed ones when it recomputes only every 2 epochs), and that of epoch
// 0 is the greedy order at x_0.
func TestStaleGreedy(t *testing.T) {
	const n, d = 20, 6
	p := newCurved(n, d, 1)
	x0 := make([]float64, d)
	for j := range x0 {
		x0[j] = 3
	}
	for _, every := range []int{1, 2} {
		w := &staleWatch{StaleGreedy: &StaleGreedy{Every: every}, seen: mat.NewDense(n, d, nil)}
		h := &History{KeepOrder: true}
		if _, err := Run(p, x0, w, &Settings{Epochs: 5, Step: Constant(0.05), Recorder: h, SkipEval: true}); err != nil {
			t.Fatal(err)
		}
		want := GreedyOrder(nil, ComponentGrads(nil, p, x0))
		fresh := 0
		for e, r := range h.Records[1:] {
			if e > 0 && e%every == 0 {
				want = GreedyOrder(nil, w.epochs[e-1])
				fresh = e
			}
			if !slices.Equal(r.Order, want) {
				t.Errorf("every %d, epoch %d: order %v, want the greedy order of epoch %d's gradients %v", every, e, r.Order, fresh-1, want)
			}
		}
	}
	// The orders differ from those at x_t: stale gradients matter here.
	g := &Greedy{}
	h := &History{KeepOrder: true}
	if _, err := Run(p, x0, g, &Settings{Epochs: 3, Step: Constant(0.05), Recorder: h, SkipEval: true}); err != nil {
		t.Fatal(err)
	}
	ws := &staleWatch{StaleGreedy: &StaleGreedy{}, seen: mat.NewDense(n, d, nil)}
	hs := &History{KeepOrder: true}
	if _, err := Run(p, x0, ws, &Settings{Epochs: 3, Step: Constant(0.05), Recorder: hs, SkipEval: true}); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(h.Records[3].Order, hs.Records[3].Order) {
		t.Error("stale and fresh greedy agree in epoch 2: the test problem does not tell them apart")
	}
}

// TestStaleGreedyPartial checks that components an epoch does not visit
// keep their last gradient: after the in-place centring of the selection,
// their rows get the mean back.
func TestStaleGreedyPartial(t *testing.T) {
	const n, d = 12, 4
	p := newCurved(n, d, 2)
	x0 := []float64{1, -1, 2, 0.5}
	o := NewOracle(p, nil, nil)
	s := &StaleGreedy{}
	if _, err := s.Order(nil, Epoch{T: 0, X: x0, Oracle: o}); err != nil {
		t.Fatal(err)
	}
	g := ComponentGrads(nil, p, x0)
	x1 := []float64{0, 1, -2, 3}
	g1 := make([]float64, d)
	for _, i := range []int{0, 3, 4, 9} {
		p.CompGrad(g1, i, x1)
		s.Observe(0, 0, i, g1)
		g.SetRow(i, g1)
	}
	got, err := s.Order(nil, Epoch{T: 1, X: x1, Oracle: o})
	if err != nil {
		t.Fatal(err)
	}
	if want := GreedyOrder(nil, g); !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	// An epoch that observes nothing: every row gets the mean back.
	again, err := s.Order(nil, Epoch{T: 2, X: x1, Oracle: o})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(again, got) {
		t.Errorf("order %v after an epoch with no observations, want %v", again, got)
	}
}

// to32 returns m rounded to float32.
func to32(m *mat.Dense) blas32.General {
	r, c := m.Dims()
	out := blas32.General{Rows: r, Cols: c, Stride: c, Data: make([]float32, r*c)}
	for i := range r {
		for j := range c {
			out.Data[i*c+j] = float32(m.At(i, j))
		}
	}
	return out
}

func TestGreedyOrder32(t *testing.T) {
	// The float32 path (float32 storage and Gram matrix, float64 mean and
	// selection) chooses orders whose σ*², measured in float64 on the
	// float64 gradients, is GreedyOrder's to 1e-6 relative: orders may
	// differ only where rounding decides a near-tie. The fixtures: random
	// Gaussian rows on both sides of the tile sizes, a low-rank-plus-noise
	// matrix (where σ*² depends strongly on the order), the 1-D example of
	// Section 4.1 (exact ties) and rows with a large common mean (where
	// centring before rounding matters).
	type fixture struct {
		name string
		g    *mat.Dense
	}
	var fixtures []fixture
	for _, s := range []struct{ n, d int }{{1, 1}, {10, 4}, {65, 257}, {130, 300}, {300, 1000}} {
		fixtures = append(fixtures, fixture{fmt.Sprintf("random %d×%d", s.n, s.d), randomGrads(s.n, s.d, 5)})
	}
	fixtures = append(fixtures,
		fixture{"low rank 200×2000", lowRank(200, 2000, 5, 0.3, 2)},
		fixture{"1-D example n=64", oneD(64, 1.5, 0.25)},
	)
	shifted := randomGrads(100, 50, 8)
	shifted.Apply(func(_, _ int, v float64) float64 { return v + 1e3 }, shifted)
	fixtures = append(fixtures, fixture{"mean 1e3", shifted})
	for _, f := range fixtures {
		g32 := to32(f.g)
		before := slices.Clone(g32.Data)
		got := GreedyOrder32(nil, g32)
		if !slices.Equal(g32.Data, before) {
			t.Errorf("%s: GreedyOrder32 modified its input", f.name)
		}
		if err := checkPerm(got, len(before)/max(g32.Cols, 1)); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		// A mean larger than the spread (randomGrads has an offset, and
		// "mean 1e3") takes the centred copy, the others the Gram identity.
		var sel greedySelector
		sel.order32(nil, g32, false)
		mean, spread := meanAndSpread(f.g)
		if copied := sel.u32 != nil; copied != (mean > spread) {
			t.Errorf("%s: ‖ḡ‖² = %.3g, spread %.3g: centred a copy: %t", f.name, mean, spread, copied)
		}
		want := GreedyOrder(nil, f.g)
		s32, s64 := sigmaOf(t, f.g, got), sigmaOf(t, f.g, want)
		if math.Abs(s32-s64) > 1e-6*s64 {
			t.Errorf("%s: σ*² float32 path %v, float64 path %v (relative %.2g)", f.name, s32, s64, math.Abs(s32-s64)/s64)
		}
	}
}

func TestGreedyFloat32Orderer(t *testing.T) {
	// Greedy stores its oracle's gradients in float32: its σ*² is
	// GreedyOrder's on the same gradients to 1e-6 relative, and an answer
	// that overflows float32 is an ErrNaN, not a silent Inf.
	p := newQuad(150, 40, 3)
	o := NewOracle(p, nil, nil)
	x := make([]float64, 40)
	for i := range x {
		x[i] = float64(i%7) - 3
	}
	got, err := (&Greedy{}).Order(nil, Epoch{X: x, Oracle: o})
	if err != nil {
		t.Fatal(err)
	}
	g := OracleGrads(nil, o, x)
	s32, s64 := sigmaOf(t, g, got), sigmaOf(t, g, GreedyOrder(nil, g))
	if math.Abs(s32-s64) > 1e-6*s64 {
		t.Errorf("σ*² Greedy %v, GreedyOrder %v", s32, s64)
	}
	huge := NewOracle(timesQuad{p, 1e300}, nil, nil)
	if _, err := (&Greedy{}).Order(nil, Epoch{X: x, Oracle: huge}); !errors.Is(err, ErrNaN) {
		t.Errorf("gradients of 1e300: error %v, want ErrNaN", err)
	}
}

// timesQuad multiplies a problem's gradients by s.
type timesQuad struct {
	quad
	s float64
}

func (p timesQuad) CompGrad(g []float64, i int, x []float64) {
	p.quad.CompGrad(g, i, x)
	for j := range g {
		g[j] *= p.s
	}
}

// meanAndSpread returns ‖ḡ‖² and (1/N)Σ‖g_i - ḡ‖² of the rows of g.
func meanAndSpread(g *mat.Dense) (mean, spread float64) {
	n, d := g.Dims()
	m := rowMean(nil, g)
	for _, v := range m {
		mean += v * v
	}
	for i := range n {
		for j := range d {
			u := g.At(i, j) - m[j]
			spread += u * u
		}
	}
	return mean, spread / float64(n)
}

// TestGreedyPhi2 checks Greedy.Phi2 against Phi2 on the exact gradients
// of the recomputation, for greedy's order and for other permutations,
// and its errors.
func TestGreedyPhi2(t *testing.T) {
	p := newQuad(30, 4, 5)
	o := NewOracle(p, nil, nil)
	g := &Greedy{}
	if _, err := g.Phi2(nil, []int{0}); err == nil {
		t.Error("Phi2 before an order: no error")
	}
	x := []float64{1, -2, 0.5, 3}
	order, err := g.Order(nil, Epoch{X: x, Oracle: o})
	if err != nil {
		t.Fatal(err)
	}
	grads := ComponentGrads(nil, p, x)
	rev := slices.Clone(order)
	slices.Reverse(rev)
	for _, r := range [][]int{order, rev, rand.New(rand.NewPCG(2, 0)).Perm(30)} {
		got, err := g.Phi2(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Phi2(nil, grads, r)
		if err != nil {
			t.Fatal(err)
		}
		scale := slices.Max(want)
		for k := range want {
			// The Gram matrix is float32: agree to its rounding.
			if math.Abs(got[k]-want[k]) > 1e-5*scale {
				t.Errorf("order %v: φ²[%d] = %v, want %v", r[:3], k, got[k], want[k])
			}
		}
	}
	if _, err := g.Phi2(nil, []int{0, 0}); !errors.Is(err, ErrIndex) {
		t.Errorf("Phi2 of a non-permutation: err = %v, want ErrIndex", err)
	}
}
