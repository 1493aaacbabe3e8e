// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func benchTwoLevel(b *testing.B, d int) (*TwoLevel, []float64) {
	p, err := NewTwoLevel(TwoLevelConfig{D: d, M: 10, SigmaTop: 1})
	if err != nil {
		b.Fatal(err)
	}
	return p, randPoint(rand.New(rand.NewPCG(1, 1)), d, 1)
}

func BenchmarkTwoLevelCompGrad(b *testing.B) {
	for _, d := range []int{20, 200} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			p, x := benchTwoLevel(b, d)
			g := make([]float64, d)
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				p.CompGrad(g, k, x)
				k = (k + 1) % p.Len()
			}
		})
	}
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
	for _, d := range []int{20, 200} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			p, err := NewHeteroQuadratic(HeteroQuadraticConfig{N: 64, D: d, Sigma2: 1, M: 0.25, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			x := randPoint(rand.New(rand.NewPCG(4, 4)), d, 1)
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

func BenchmarkLogisticCompGrad(b *testing.B) {
	for _, d := range []int{10, 100} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			a, y, err := TwoBlobs(256, d, 2, 1)
			if err != nil {
				b.Fatal(err)
			}
			p, err := NewLogistic(a, y, 0.01)
			if err != nil {
				b.Fatal(err)
			}
			w := randPoint(rand.New(rand.NewPCG(2, 2)), d, 0.1)
			g := make([]float64, d)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p.CompGrad(g, i, w)
				i = (i + 1) % p.Len()
			}
		})
	}
}
