// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/goodorder/goodorder/ordering"
)

func benchTwoLevel(b *testing.B, d int) (*TwoLevel, []float64) {
	p, err := NewTwoLevel(TwoLevelConfig{D: d, M: 10, SigmaTop: 1})
	if err != nil {
		b.Fatal(err)
	}
	return p, randPoint(rand.New(rand.NewPCG(1, 1)), d, 1)
}

// benchCompGrad runs a sub-benchmark of CompGrad for each dimension in ds,
// on the problem and point newProblem returns, cycling through the
// components.
func benchCompGrad(b *testing.B, ds []int, newProblem func(b *testing.B, d int) (ordering.Problem, []float64)) {
	for _, d := range ds {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			p, x := newProblem(b, d)
			g := make([]float64, d)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p.CompGrad(g, i, x)
				i = (i + 1) % p.Len()
			}
		})
	}
}

func BenchmarkTwoLevelCompGrad(b *testing.B) {
	benchCompGrad(b, []int{20, 200}, func(b *testing.B, d int) (ordering.Problem, []float64) {
		return benchTwoLevel(b, d)
	})
}

func BenchmarkTwoLevelStep(b *testing.B) {
	for _, d := range []int{20, 200} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			p, x := benchTwoLevel(b, d)
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				p.Step(x, 1e-3, k)
				k = (k + 1) % p.Len()
			}
		})
	}
}

// BenchmarkTwoLevelSteps runs one epoch (all N·m components in turn) of
// in-place steps per iteration and reports the rate in steps/s.
func BenchmarkTwoLevelSteps(b *testing.B) {
	for _, d := range []int{20, 200} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			p, x := benchTwoLevel(b, d)
			seq := rand.New(rand.NewPCG(3, 3)).Perm(p.Len())
			b.ReportAllocs()
			steps := 0
			for b.Loop() {
				p.Steps(x, 1e-3, seq)
				steps += len(seq)
			}
			b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

func BenchmarkHeteroQuadraticCompGrad(b *testing.B) {
	benchCompGrad(b, []int{20, 200}, func(b *testing.B, d int) (ordering.Problem, []float64) {
		p, err := NewHeteroQuadratic(HeteroQuadraticConfig{N: 64, D: d, Sigma2: 1, M: 0.25, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		return p, randPoint(rand.New(rand.NewPCG(4, 4)), d, 1)
	})
}

func BenchmarkLogisticCompGrad(b *testing.B) {
	benchCompGrad(b, []int{10, 100}, func(b *testing.B, d int) (ordering.Problem, []float64) {
		a, y, err := TwoBlobs(256, d, 2, 1)
		if err != nil {
			b.Fatal(err)
		}
		p, err := NewLogistic(a, y, 0.01)
		if err != nil {
			b.Fatal(err)
		}
		return p, randPoint(rand.New(rand.NewPCG(2, 2)), d, 0.1)
	})
}
