// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// quad is the problem f_i(x) = ½‖x‖² - <b_i, x>, so ∇f_i(x) = x - b_i and
// ∇f(x) = x - mean(b).
type quad struct {
	b [][]float64
}

func (q quad) Len() int { return len(q.b) }
func (q quad) Dim() int {
	if len(q.b) == 0 {
		return 1
	}
	return len(q.b[0])
}
func (q quad) CompFunc(i int, x []float64) float64 {
	var s float64
	for j, v := range x {
		s += 0.5*v*v - q.b[i][j]*v
	}
	return s
}
func (q quad) CompGrad(g []float64, i int, x []float64) {
	for j, v := range x {
		g[j] = v - q.b[i][j]
	}
}

func newQuad(n, d int, seed uint64) quad {
	rnd := rand.New(rand.NewPCG(seed, 1))
	b := make([][]float64, n)
	for i := range b {
		b[i] = make([]float64, d)
		for j := range b[i] {
			b[i][j] = rnd.NormFloat64()
		}
	}
	return quad{b: b}
}

// fixed is an Orderer returning the same sequence every epoch.
type fixed []int

func (f fixed) Order(dst []int, _ Epoch) ([]int, error) { return append(dst[:0], f...), nil }

// shuffled is a minimal seeded reshuffler, so that the engine tests do not
// depend on the strategies under test elsewhere.
type shuffled struct{ rnd *rand.Rand }

func (s shuffled) Order(dst []int, e Epoch) ([]int, error) {
	n := e.Oracle.Problem().Len()
	dst = dst[:0]
	for i := 0; i < n; i++ {
		dst = append(dst, i)
	}
	s.rnd.Shuffle(n, func(i, j int) { dst[i], dst[j] = dst[j], dst[i] })
	return dst, nil
}

func TestRunMatchesHandLoop(t *testing.T) {
	p := newQuad(5, 3, 1)
	x0 := []float64{1, -2, 3}
	order := fixed{4, 0, 3, 1, 2, 2}
	const gamma = 0.1
	res, err := Run(p, x0, order, &Settings{Epochs: 3, Step: Constant(gamma)})
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(x0)
	g := make([]float64, 3)
	for range 3 {
		for _, i := range order {
			p.CompGrad(g, i, want)
			for j := range want {
				want[j] -= gamma * g[j]
			}
		}
	}
	if !slices.Equal(res.X, want) {
		t.Errorf("X = %v, want %v", res.X, want)
	}
	if res.Steps != 18 || res.Epochs != 3 {
		t.Errorf("Steps, Epochs = %d, %d, want 18, 3", res.Steps, res.Epochs)
	}
	if !slices.Equal(x0, []float64{1, -2, 3}) {
		t.Errorf("x0 modified: %v", x0)
	}
}

func TestRunBatching(t *testing.T) {
	p := newQuad(5, 2, 2)
	x0 := []float64{0.5, 0.5}
	order := fixed{0, 1, 2, 3, 4}
	const gamma = 0.3
	res, err := Run(p, x0, order, &Settings{Epochs: 2, Step: Constant(gamma), BatchSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(x0)
	g := make([]float64, 2)
	for range 2 {
		for _, chunk := range [][]int{{0, 1}, {2, 3}, {4}} {
			acc := make([]float64, 2)
			for _, i := range chunk {
				p.CompGrad(g, i, want)
				acc[0] += g[0]
				acc[1] += g[1]
			}
			for j := range want {
				want[j] -= gamma * acc[j] / float64(len(chunk))
			}
		}
	}
	for j := range want {
		if math.Abs(res.X[j]-want[j]) > 1e-14 {
			t.Errorf("X = %v, want %v", res.X, want)
		}
	}
	if res.Steps != 6 {
		t.Errorf("Steps = %d, want 6", res.Steps)
	}
}

func TestRunRecords(t *testing.T) {
	p := newQuad(4, 2, 3)
	h := &History{KeepX: true, KeepOrder: true}
	_, err := Run(p, []float64{1, 1}, fixed{3, 2, 1, 0}, &Settings{Epochs: 3, Step: Constant(0.1), Recorder: h})
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Records) != 4 {
		t.Fatalf("got %d records, want 4", len(h.Records))
	}
	for k, r := range h.Records {
		if r.Epoch != k || r.Steps != 4*k {
			t.Errorf("record %d: Epoch, Steps = %d, %d", k, r.Epoch, r.Steps)
		}
		if got := Func(p, r.X); got != r.F {
			t.Errorf("record %d: F = %v, want f(X) = %v", k, r.F, got)
		}
		g := Grad(nil, p, r.X)
		if got := dot(g, g); got != r.GradNorm2 {
			t.Errorf("record %d: GradNorm2 = %v, want %v", k, r.GradNorm2, got)
		}
		if (k == 0) != (r.Order == nil) {
			t.Errorf("record %d: Order = %v", k, r.Order)
		}
	}
	// f decreases on this strongly convex problem with a small step.
	if !(h.Records[3].F < h.Records[0].F) {
		t.Errorf("f did not decrease: %v -> %v", h.Records[0].F, h.Records[3].F)
	}
}

func TestRunStop(t *testing.T) {
	p := newQuad(3, 1, 4)
	stopAt := 2
	rec := RecorderFunc(func(r *Record) error {
		if r.Epoch == stopAt {
			return Stop
		}
		return nil
	})
	res, err := Run(p, []float64{1}, fixed{0, 1, 2}, &Settings{Epochs: 10, Step: Constant(0.1), Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	if res.Epochs != stopAt {
		t.Errorf("Epochs = %d, want %d", res.Epochs, stopAt)
	}
	boom := errors.New("boom")
	_, err = Run(p, []float64{1}, fixed{0}, &Settings{Epochs: 10, Step: Constant(0.1),
		Recorder: RecorderFunc(func(*Record) error { return boom })})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v, want boom", err)
	}
}

func TestRunDeterministic(t *testing.T) {
	p := newQuad(20, 4, 5)
	run := func(seed uint64) []float64 {
		o := shuffled{rand.New(rand.NewPCG(seed, 9))}
		res, err := Run(p, []float64{1, 2, 3, 4}, o, &Settings{
			Epochs: 5, Step: Constant(0.05), Noise: Gaussian{Std: 0.3}, Seed: seed,
		})
		if err != nil {
			t.Fatal(err)
		}
		return res.X
	}
	a, b, c := run(7), run(7), run(8)
	if !slices.Equal(a, b) {
		t.Errorf("same seed, different results: %v, %v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("different seeds, same results: %v", a)
	}
}

func TestGaussianNoiseMoments(t *testing.T) {
	// The oracle noise must have zero mean and E‖ξ‖² = d Std² (Assumption 2
	// with ζ² = d Std², P = 0).
	p := newQuad(1, 5, 6)
	const std = 0.7
	o := NewOracle(p, Gaussian{Std: std}, rand.NewPCG(1, 2))
	x := []float64{1, 2, 3, 4, 5}
	exact := make([]float64, 5)
	p.CompGrad(exact, 0, x)
	g := make([]float64, 5)
	const samples = 20000
	var sumSq float64
	mean := make([]float64, 5)
	for range samples {
		o.Grad(g, 0, x)
		for j := range g {
			xi := g[j] - exact[j]
			mean[j] += xi / samples
			sumSq += xi * xi / samples
		}
	}
	// Each mean coordinate has standard error std/√samples ≈ 0.005; allow 5
	// standard errors. ‖ξ‖²/Std² is χ²(5) with variance 10, so the mean of
	// ‖ξ‖² has standard error Std²·√(10/samples); allow 5 of them.
	for j, m := range mean {
		if math.Abs(m) > 5*std/math.Sqrt(samples) {
			t.Errorf("noise mean[%d] = %v, want ≈ 0", j, m)
		}
	}
	want := 5 * std * std
	if tol := 5 * std * std * math.Sqrt(10.0/samples); math.Abs(sumSq-want) > tol {
		t.Errorf("E‖ξ‖² = %v, want %v ± %v", sumSq, want, tol)
	}
}

func TestRunErrors(t *testing.T) {
	p := newQuad(3, 2, 7)
	x0 := []float64{1, 1}
	nan := quad{b: [][]float64{{math.NaN(), 0}}}
	for _, test := range []struct {
		name string
		p    Problem
		x0   []float64
		o    Orderer
		s    *Settings
		want error
	}{
		{"nil settings", p, x0, fixed{0}, nil, ErrSetting},
		{"no components", quad{}, []float64{0}, fixed{0}, &Settings{Epochs: 1, Step: Constant(1)}, ErrEmpty},
		{"zero dimension", quad{b: [][]float64{{}}}, nil, fixed{0}, &Settings{Epochs: 1, Step: Constant(1)}, ErrDim},
		{"dimension", p, []float64{1}, fixed{0}, &Settings{Epochs: 1, Step: Constant(1)}, ErrDim},
		{"NaN x0", p, []float64{math.NaN(), 1}, fixed{0}, &Settings{Epochs: 1, Step: Constant(1)}, ErrNaN},
		{"epochs", p, x0, fixed{0}, &Settings{Step: Constant(1)}, ErrSetting},
		{"no step", p, x0, fixed{0}, &Settings{Epochs: 1}, ErrStep},
		{"zero step", p, x0, fixed{0}, &Settings{Epochs: 1, Step: Constant(0)}, ErrStep},
		{"negative step", p, x0, fixed{0}, &Settings{Epochs: 1, Step: Constant(-0.1)}, ErrStep},
		{"NaN step", p, x0, fixed{0}, &Settings{Epochs: 1, Step: Constant(math.NaN())}, ErrStep},
		{"Inf step", p, x0, fixed{0}, &Settings{Epochs: 1, Step: Constant(math.Inf(1))}, ErrStep},
		{"batch", p, x0, fixed{0}, &Settings{Epochs: 1, Step: Constant(1), BatchSize: -1}, ErrSetting},
		{"empty order", p, x0, fixed{}, &Settings{Epochs: 1, Step: Constant(1)}, ErrEmpty},
		{"index high", p, x0, fixed{0, 3}, &Settings{Epochs: 1, Step: Constant(1)}, ErrIndex},
		{"index negative", p, x0, fixed{-1}, &Settings{Epochs: 1, Step: Constant(1)}, ErrIndex},
		{"NaN gradient", nan, x0, fixed{0}, &Settings{Epochs: 1, Step: Constant(1)}, ErrNaN},
		{"divergence", p, x0, fixed{0, 1, 2}, &Settings{Epochs: 2000, Step: Constant(3)}, ErrNaN},
	} {
		_, err := Run(test.p, test.x0, test.o, test.s)
		if !errors.Is(err, test.want) {
			t.Errorf("%s: err = %v, want %v", test.name, err, test.want)
		}
	}
}

func TestBatched(t *testing.T) {
	p := newQuad(5, 2, 8)
	b, err := NewBatched(p, [][]int{{0, 1}, {2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{0.3, -0.2}
	g := make([]float64, 2)
	b.CompGrad(g, 1, x)
	want := make([]float64, 2)
	tmp := make([]float64, 2)
	for _, i := range []int{2, 3, 4} {
		p.CompGrad(tmp, i, x)
		want[0] += tmp[0] / 3
		want[1] += tmp[1] / 3
	}
	for j := range g {
		if math.Abs(g[j]-want[j]) > 1e-15 {
			t.Errorf("batch gradient = %v, want %v", g, want)
		}
	}
	if got, want := b.CompFunc(0, x), (p.CompFunc(0, x)+p.CompFunc(1, x))/2; math.Abs(got-want) > 1e-15 {
		t.Errorf("batch value = %v, want %v", got, want)
	}
	for _, bad := range [][][]int{nil, {{0}, {}}, {{5}}, {{-1}}} {
		if _, err := NewBatched(p, bad); err == nil {
			t.Errorf("NewBatched(%v): no error", bad)
		}
	}
}

func TestPiecewise(t *testing.T) {
	s := Piecewise{Initial: 0.1, Factor: 0.1, Milestones: []int{80, 120, 160}}
	for _, test := range []struct {
		t    int
		want float64
	}{{0, 0.1}, {79, 0.1}, {80, 0.1 * 0.1}, {120, 0.1 * 0.1 * 0.1}, {199, 0.1 * 0.1 * 0.1 * 0.1}} {
		if got := s.Step(test.t, 0); math.Abs(got-test.want) > 1e-15*test.want {
			t.Errorf("Step(%d) = %v, want %v", test.t, got, test.want)
		}
	}
}

// cancelling is a problem that cancels a context at its gradient call
// number at (counting from 1).
type cancelling struct {
	quad
	calls, at int
	cancel    func()
}

func (c *cancelling) CompGrad(g []float64, i int, x []float64) {
	c.calls++
	if c.calls == c.at {
		c.cancel()
	}
	c.quad.CompGrad(g, i, x)
}

// TestRunContext checks that a run whose context is done returns the
// context's error: at once, before any step, if it is done at the start;
// within cancelCheck steps, part way through an epoch, if it is cancelled
// then.
func TestRunContext(t *testing.T) {
	p := newQuad(1000, 2, 3)
	order := make(fixed, 1000)
	for i := range order {
		order[i] = i
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(p, []float64{1, 1}, order, &Settings{Epochs: 3, Step: Constant(1e-3), SkipEval: true, Context: ctx})
	if !errors.Is(err, context.Canceled) || res.Steps != 0 {
		t.Errorf("cancelled at the start: err %v after %d steps, want %v after 0", err, res.Steps, context.Canceled)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	c := &cancelling{quad: p, at: 500, cancel: cancel}
	res, err = Run(c, []float64{1, 1}, order, &Settings{Epochs: 3, Step: Constant(1e-3), SkipEval: true, Context: ctx})
	if !errors.Is(err, context.Canceled) || res.Steps < 500 || res.Steps > 500+cancelCheck || res.Epochs != 0 {
		t.Errorf("cancelled at step 500: err %v after %d steps and %d epochs, want %v within %d steps, in epoch 0", err, res.Steps, res.Epochs, context.Canceled, cancelCheck)
	}
}
