// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"math"
	"slices"
	"testing"
)

// TestRunMomentum checks Momentum and WeightDecay against a hand loop of
// PyTorch's SGD update (v ← μv + g + λx, x ← x - γv), with and without
// batching.
func TestRunMomentum(t *testing.T) {
	p := newQuad(5, 3, 3)
	x0 := []float64{1, -2, 3}
	order := fixed{4, 0, 3, 1, 2}
	for _, test := range []struct {
		mu, wd float64
		batch  int
	}{
		{0.9, 0, 1},
		{0.9, 0.01, 1},
		{0.5, 0.1, 2},
		{0, 0.1, 2},
		{0, 0.1, 1},
	} {
		const gamma = 0.05
		res, err := Run(p, x0, order, &Settings{Epochs: 3, Step: Constant(gamma), BatchSize: test.batch, Momentum: test.mu, WeightDecay: test.wd})
		if err != nil {
			t.Fatal(err)
		}
		want := slices.Clone(x0)
		v := make([]float64, 3)
		g := make([]float64, 3)
		for range 3 {
			for lo := 0; lo < len(order); lo += test.batch {
				hi := min(lo+test.batch, len(order))
				acc := make([]float64, 3)
				for _, i := range order[lo:hi] {
					p.CompGrad(g, i, want)
					for j := range acc {
						acc[j] += g[j] / float64(hi-lo)
					}
				}
				for j := range want {
					v[j] = test.mu*v[j] + acc[j] + test.wd*want[j]
					want[j] -= gamma * v[j]
				}
			}
		}
		for j := range want {
			if math.Abs(res.X[j]-want[j]) > 1e-13 {
				t.Errorf("μ=%v λ=%v B=%d: X = %v, want %v", test.mu, test.wd, test.batch, res.X, want)
				break
			}
		}
	}
}

// observed records what Run shows an Observer.
type observed struct {
	fixed
	pos, idx []int
	first    []float64
}

func (o *observed) Observe(t, pos, i int, grad []float64) {
	o.pos = append(o.pos, pos)
	o.idx = append(o.idx, i)
	if t == 0 && pos == 0 {
		o.first = slices.Clone(grad)
	}
}

func TestRunObserver(t *testing.T) {
	p := newQuad(4, 2, 4)
	x0 := []float64{0.3, -0.7}
	for _, batch := range []int{1, 3} {
		o := &observed{fixed: fixed{2, 0, 3, 1, 2}}
		_, err := Run(p, x0, o, &Settings{Epochs: 2, Step: Constant(0.1), BatchSize: batch})
		if err != nil {
			t.Fatal(err)
		}
		wantIdx := []int{2, 0, 3, 1, 2, 2, 0, 3, 1, 2}
		wantPos := []int{0, 1, 2, 3, 4, 0, 1, 2, 3, 4}
		if !slices.Equal(o.idx, wantIdx) || !slices.Equal(o.pos, wantPos) {
			t.Errorf("batch %d: observed components %v at %v, want %v at %v", batch, o.idx, o.pos, wantIdx, wantPos)
		}
		g := make([]float64, 2)
		p.CompGrad(g, 2, x0)
		if !slices.Equal(o.first, g) {
			t.Errorf("batch %d: first observed gradient %v, want ∇f_2(x0) = %v", batch, o.first, g)
		}
	}
}

func TestRunMomentumErrors(t *testing.T) {
	p := newQuad(3, 2, 5)
	for _, s := range []Settings{
		{Epochs: 1, Step: Constant(0.1), Momentum: 1},
		{Epochs: 1, Step: Constant(0.1), Momentum: -0.1},
		{Epochs: 1, Step: Constant(0.1), Momentum: math.NaN()},
		{Epochs: 1, Step: Constant(0.1), WeightDecay: -1},
		{Epochs: 1, Step: Constant(0.1), WeightDecay: math.Inf(1)},
	} {
		_, err := Run(p, []float64{0, 0}, fixed{0, 1, 2}, &s)
		if !errors.Is(err, ErrSetting) {
			t.Errorf("Momentum %v, WeightDecay %v: err = %v, want ErrSetting", s.Momentum, s.WeightDecay, err)
		}
	}
}

// batchQuad is quad with a BatchGrad that counts its calls.
type batchQuad struct {
	quad
	calls *int
}

func (q batchQuad) BatchGrad(grad []float64, idx []int, x []float64) {
	*q.calls++
	g := make([]float64, len(grad))
	clear(grad)
	for _, i := range idx {
		q.CompGrad(g, i, x)
		for j, v := range g {
			grad[j] += v / float64(len(idx))
		}
	}
}

func TestRunBatchGradienter(t *testing.T) {
	var calls int
	p := batchQuad{newQuad(5, 3, 6), &calls}
	x0 := []float64{1, 2, 3}
	order := fixed{0, 1, 2, 3, 4}
	for _, mu := range []float64{0, 0.9} {
		calls = 0
		s := Settings{Epochs: 2, Step: Constant(0.1), BatchSize: 2, Momentum: mu}
		got, err := Run(p, x0, order, &s)
		if err != nil {
			t.Fatal(err)
		}
		// Two full batches per epoch use BatchGrad, the last single
		// component does not.
		if calls != 4 {
			t.Errorf("μ = %v: BatchGrad called %d times, want 4", mu, calls)
		}
		want, err := Run(p.quad, x0, order, &s)
		if err != nil {
			t.Fatal(err)
		}
		for j := range want.X {
			if math.Abs(got.X[j]-want.X[j]) > 1e-14 {
				t.Errorf("μ = %v: X = %v with BatchGrad, %v without", mu, got.X, want.X)
				break
			}
		}
	}
	calls = 0
	if _, err := Run(p, x0, &observed{fixed: order}, &Settings{Epochs: 1, Step: Constant(0.1), BatchSize: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(p, x0, order, &Settings{Epochs: 1, Step: Constant(0.1), BatchSize: 2, Noise: Gaussian{Std: 0.1}}); err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Errorf("BatchGrad called %d times with an Observer or oracle noise, want 0", calls)
	}
}
