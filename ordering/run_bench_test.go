// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering_test

import (
	"testing"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

// BenchmarkRunEpoch runs one epoch of Algorithm 1 (ordering.Run, which
// also evaluates f and ∇f at the start and end) with every order strategy
// on the two-level quadratic (d = 20, N = 2, m = 64: 128 components):
//
//	go test ./ordering -run='^$' -bench=RunEpoch
func BenchmarkRunEpoch(b *testing.B) {
	p, err := problems.NewTwoLevel(problems.TwoLevelConfig{M: 64, SigmaTop: 10})
	if err != nil {
		b.Fatal(err)
	}
	n, m := p.N(), p.M()
	mk := map[string]func() (ordering.Orderer, error){
		"RR":              func() (ordering.Orderer, error) { return ordering.NewRR(p.Len(), 1) },
		"Incremental":     func() (ordering.Orderer, error) { return ordering.NewIncremental(p.Len(), nil) },
		"ShuffleOnce":     func() (ordering.Orderer, error) { return ordering.NewShuffleOnce(p.Len(), 1) },
		"SGD":             func() (ordering.Orderer, error) { return ordering.NewSGD(p.Len(), 0, 1) },
		"Greedy":          func() (ordering.Orderer, error) { return &ordering.Greedy{}, nil },
		"KShuffle":        func() (ordering.Orderer, error) { return ordering.NewKShuffle(n, m, 1, 1) },
		"StandardShuffle": func() (ordering.Orderer, error) { return ordering.NewStandardShuffle(n, m, 1) },
		"SGDInternal":     func() (ordering.Orderer, error) { return ordering.NewSGDInternal(n, m, 1) },
	}
	for _, name := range []string{"RR", "Incremental", "ShuffleOnce", "SGD", "Greedy", "KShuffle", "StandardShuffle", "SGDInternal"} {
		b.Run(name, func(b *testing.B) {
			o, err := mk[name]()
			if err != nil {
				b.Fatal(err)
			}
			x0 := make([]float64, p.Dim())
			for i := range x0 {
				x0[i] = 1
			}
			s := &ordering.Settings{Epochs: 1, Step: ordering.Constant(1e-3), SkipEval: true}
			steps := 0
			b.ReportAllocs()
			for b.Loop() {
				res, err := ordering.Run(p, x0, o, s)
				if err != nil {
					b.Fatal(err)
				}
				steps += res.Steps
			}
			b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}
