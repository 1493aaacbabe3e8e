// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// The shape of the MNIST MLP's same-class batch gradients: 942 batches of
// 64 and 101,770 parameters (784-128-10). The matrix takes 767 MB; run
//
//	go test ./ordering -run='^$' -bench='Scalable' -benchtime=1x
//
// -short skips it.
const scalableN, scalableD = 942, 101770

// BenchmarkScalable times, on one 942 × 101,770 matrix in one run: the
// Gram matrix alone, the exact greedy order (GreedyOrder: centred copy,
// Gram, selection), the sketched greedy order at k = 256, 1024 and 4096,
// and the offline mean and pair balancing passes. Each reports σ*² of its
// order over the exact greedy's (sigma2/exact) on a structured matrix of
// the same shape (rank 20 plus noise), whose σ*² depends on the order.
func BenchmarkScalable(b *testing.B) {
	if testing.Short() {
		b.Skip("767 MB matrix")
	}
	g := lowRank(scalableN, scalableD, 20, 0.01, 1)
	exact := GreedyOrder(nil, g)
	sigma := func(r []int) float64 {
		h, err := Discrepancy(g, r)
		if err != nil {
			b.Fatal(err)
		}
		return h.SigmaStar2
	}
	exactSigma := sigma(exact)
	b.Run("gram", func(b *testing.B) {
		u := g.RawMatrix()
		gm := blas64.General{Rows: scalableN, Cols: scalableN, Stride: scalableN, Data: make([]float64, scalableN*scalableN)}
		for b.Loop() {
			gram(gm, u)
		}
	})
	b.Run("exact", func(b *testing.B) {
		var r []int
		for b.Loop() {
			r = GreedyOrder(r, g)
		}
		b.ReportMetric(1, "sigma2/exact")
	})
	for _, k := range []int{256, 1024, 4096} {
		b.Run(fmt.Sprintf("sketch-k=%d", k), func(b *testing.B) {
			var r []int
			for b.Loop() {
				var err error
				if r, err = SketchedGreedyOrder(r, g, k, 1); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(sigma(r)/exactSigma, "sigma2/exact")
		})
	}
	for _, name := range []string{"mean-balance", "pair-balance"} {
		b.Run(name, func(b *testing.B) {
			var r []int
			for b.Loop() {
				var err error
				if name == "mean-balance" {
					r, err = MeanBalanceOrder(r, g, nil, BalanceSettings{})
				} else {
					r, err = PairBalanceOrder(r, g, nil, BalanceSettings{})
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(sigma(r)/exactSigma, "sigma2/exact")
		})
	}
}

// BenchmarkObserve times the online balancing orders' work per observed
// gradient of dimension d, to compare with the cost of computing it.
func BenchmarkObserve(b *testing.B) {
	const n, d = 64, 101770
	g := lowRank(n, 1000, 5, 0.1, 2)
	grad := make([]float64, d)
	for j := range grad {
		grad[j] = g.At(j%n, j%1000)
	}
	mb, _ := NewMeanBalance(n, BalanceSettings{})
	pb, _ := NewPairBalance(n, BalanceSettings{})
	for _, o := range []struct {
		name string
		obs  Observer
	}{{"mean-balance", mb}, {"pair-balance", pb}, {"stale-greedy", &StaleGreedy{grads: mat.NewDense(n, d, nil)}}} {
		b.Run(o.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				o.obs.Observe(1, i, i%n, grad)
				i++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/d, "ns/coordinate")
		})
	}
}
