// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"testing"
	"time"

	"gonum.org/v1/gonum/blas/blas64"
)

// The shape of the MNIST MLP's same-class batch gradients: 942 batches of
// 64 and 101,770 parameters (784-128-10). The matrix takes 767 MB, and the
// benchmark holds up to three of them; run it alone, once:
//
//	go test ./ordering -run='^$' -bench='Greedy942' -benchtime=1x
//
// -short skips it.
const scalableN, scalableD = 942, 101770

// BenchmarkGreedy942 times, on one 942 × 101,770 matrix in one run: the
// Gram matrix alone (gram); the exact greedy order offline (exact:
// GreedyOrder, which centres a copy, then Gram and selection) and as an
// Orderer (exact-orderer: Greedy, which queries the N gradients from an
// oracle and centres them in place); the sketched greedy order offline at
// k = 256, 1024 and 4096 and as a streaming Orderer at k = 1024; and one
// offline pass of mean and pair balancing. Each order reports its σ*²
// over the exact greedy's (sigma2/exact) on this matrix, which is
// structured (rank 20 plus noise with about 5% of the energy) so that σ*²
// depends on the order: a random order's σ*² is about 40 times the exact
// greedy's (identity-sigma2/exact).
func BenchmarkGreedy942(b *testing.B) {
	if testing.Short() {
		b.Skip("767 MB matrix")
	}
	g := lowRank(scalableN, scalableD, 20, 0.3, 1)
	exact := GreedyOrder(nil, g)
	sigma := func(r []int) float64 {
		h, err := Discrepancy(g, r)
		if err != nil {
			b.Fatal(err)
		}
		return h.SigmaStar2
	}
	exactSigma := sigma(exact)
	report := func(b *testing.B, r []int) { b.ReportMetric(sigma(r)/exactSigma, "sigma2/exact") }
	orderer := func(b *testing.B, o Orderer) {
		oracle := NewOracle(linear{g}, nil, nil)
		x := make([]float64, scalableD)
		var r []int
		for b.Loop() {
			var err error
			if r, err = o.Order(r, Epoch{X: x, Oracle: oracle}); err != nil {
				b.Fatal(err)
			}
		}
		report(b, r)
	}
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
		report(b, r)
		// The rows are exchangeable, so the identity is a random order.
		b.ReportMetric(sigma(identity(nil, scalableN))/exactSigma, "identity-sigma2/exact")
	})
	b.Run("exact-orderer", func(b *testing.B) { orderer(b, &Greedy{}) })
	for _, k := range []int{256, 1024, 4096} {
		b.Run(fmt.Sprintf("sketch-k=%d", k), func(b *testing.B) {
			var r []int
			for b.Loop() {
				var err error
				if r, err = SketchedGreedyOrder(r, g, k, 1); err != nil {
					b.Fatal(err)
				}
			}
			report(b, r)
		})
	}
	b.Run("sketch-orderer-k=1024", func(b *testing.B) { orderer(b, &SketchedGreedy{K: 1024, Seed: 1}) })
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
			report(b, r)
		})
	}
}

// lsq is least squares, f_i(x) = (a_i·x - y_i)²/2, whose gradient
// a_i (a_i·x - y_i) costs two passes over d: about the cheapest gradient
// a problem can have.
type lsq struct{ a [][]float64 }

func (l lsq) Len() int                            { return len(l.a) }
func (l lsq) Dim() int                            { return len(l.a[0]) }
func (l lsq) CompFunc(i int, x []float64) float64 { r := dot(l.a[i], x) - 1; return r * r / 2 }
func (l lsq) CompGrad(g []float64, i int, x []float64) {
	r := dot(l.a[i], x) - 1
	for j, v := range l.a[i] {
		g[j] = r * v
	}
}

// BenchmarkObserve times the online orders' work per observed gradient of
// dimension d = 101,770 (the MNIST MLP's) beside the cost of computing the
// cheapest gradient, least squares: each iteration computes one gradient
// and observes it, timed apart, and reports both in ns per coordinate and
// their ratio (observe/grad), which bounds the ordering's overhead on any
// problem from above. Timing both in the same loop keeps the ratio fair on
// a shared machine.
func BenchmarkObserve(b *testing.B) {
	const n, d = 64, 101770
	p := lsq{make([][]float64, n)}
	x := make([]float64, d)
	for i := range p.a {
		p.a[i] = make([]float64, d)
		for j := range p.a[i] {
			p.a[i][j] = float64((i*j)%7) - 3
		}
	}
	for j := range x {
		x[j] = float64(j%5) * 1e-3
	}
	mb, _ := NewMeanBalance(n, BalanceSettings{})
	pb, _ := NewPairBalance(n, BalanceSettings{})
	sg := &StaleGreedy{}
	if _, err := sg.Order(nil, Epoch{X: x, Oracle: NewOracle(p, nil, nil)}); err != nil {
		b.Fatal(err)
	}
	ss := &SketchedGreedy{K: 1024, Stale: true}
	if _, err := ss.Order(nil, Epoch{X: x, Oracle: NewOracle(p, nil, nil)}); err != nil {
		b.Fatal(err)
	}
	for _, o := range []struct {
		name string
		obs  Observer
	}{{"mean-balance", mb}, {"pair-balance", pb}, {"stale-greedy", sg}, {"stale-sketch-k=1024", ss}} {
		b.Run(o.name, func(b *testing.B) {
			g := make([]float64, d)
			var tg, to time.Duration
			i := 0
			for b.Loop() {
				t0 := time.Now()
				p.CompGrad(g, i%n, x)
				t1 := time.Now()
				o.obs.Observe(1, i, i%n, g)
				to += time.Since(t1)
				tg += t1.Sub(t0)
				i++
			}
			b.ReportMetric(float64(to.Nanoseconds())/float64(b.N)/d, "ns/coordinate")
			b.ReportMetric(float64(tg.Nanoseconds())/float64(b.N)/d, "grad-ns/coordinate")
			b.ReportMetric(float64(to)/float64(tg), "observe/grad")
		})
	}
}
