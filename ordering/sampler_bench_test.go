// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems/nn"
)

// The MNIST MLP's training loop at batch 64: 60,000 examples of 784
// values (synthetic: the time does not depend on the values) in 938
// batches, the MLP 784-128-10 (d = 101,770).
const (
	benchExamples = 60000
	benchBatch    = 64
)

// benchBatches are the batch sizes BenchmarkSampler times: the sampler's
// cost is per observed gradient (one a batch), the step's per example, so
// the overhead falls as the batch grows. The orders marked heavy run at
// benchBatch only.
var benchBatches = []int{benchBatch, 256}

// BenchmarkSampler times a Sampler riding on a training loop of its own,
// the MNIST MLP's (d = 101,770) at batch 64 (and 256, benchBatches), for
// each order: every iteration is one epoch of 938 steps (at batch 64),
// each a step of the loop (LossGrad of a batch and the SGD update)
// followed by Observe32 of the batch's gradient in float32, and ends with
// Next, which builds the next epoch's order from the observations
// (StaleGreedy's reorder included). The sampler's components are the
// batches, so each gradient observed stands for a batch of examples. It
// reports, per example,
//
//	step-ns/example      the loop's step (LossGrad and update) / batch
//	sampler-ns/example   Observe32 and the share of Next / batch
//	overhead-%           100 · sampler / step
//
// and the memory of the sampler and its order,
//
//	heap-B    the live heap it holds after the epochs (with it, less
//	          without it, each after a GC)
//	state-B   the length of its saved state (MarshalBinary)
//
// whose formulas per order are in Sampler's doc comment. The float32
// copy of the loop's float64 gradient is not timed (a float32 loop has
// it already); mean-balance-f64 observes the float64 gradient itself.
// The goal (issue 31) is an overhead of at most 5%. Run it alone, on a
// quiet machine, with OpenBLAS (the
// step's share depends on its speed) and a few counts (the step's time
// varies from run to run):
//
//	OPENBLAS_CORETYPE=Haswell go test -tags openblas ./ordering -run='^$' -bench='Sampler$' -benchtime=3x -count=5
//
// -short skips it (it holds 190 MB of data and, for stale-greedy, a
// 763 MB gradient matrix).
func BenchmarkSampler(b *testing.B) {
	if testing.Short() {
		b.Skip("190 MB of data, up to 763 MB of stored gradients")
	}
	net, err := nn.NewMLP(784, 128, 10)
	if err != nil {
		b.Fatal(err)
	}
	x, y := mnistShaped()
	for _, o := range benchOrders {
		for _, batch := range benchBatches {
			if batch != benchBatch && o.heavy {
				continue
			}
			b.Run(fmt.Sprintf("%s/batch=%d", o.name, batch), func(b *testing.B) {
				benchSampler(b, o, net, x, y, batch)
			})
		}
	}
}

// benchSampler is BenchmarkSampler for order o at batch size batch.
func benchSampler(b *testing.B, o benchOrder, net *nn.MLP, x []float32, y []uint8, batch int) {
	n := benchExamples / batch
	{
		{
			b.Logf("BLAS %s, OpenBLAS kernel %q", ordering.BLAS, ordering.BLASKernel())
			b.ReportAllocs()
			w := make([]float64, net.NumParams())
			net.Init(w, 1)
			ws := net.NewWorkspace(batch)
			g := make([]float64, len(w))
			g32 := make([]float32, len(w))
			s, _ := newBenchSampler(b, o, n)
			seq, err := s.Next(nil)
			if err != nil {
				b.Fatal(err)
			}
			var step, sampler time.Duration
			const d = 784
			for b.Loop() {
				for _, k := range seq {
					lo, hi := k*batch, (k+1)*batch
					t0 := time.Now()
					ws.LossGrad(g, w, x[lo*d:hi*d], y[lo:hi])
					for j, v := range g {
						w[j] -= 0.01 * v
					}
					t1 := time.Now()
					step += t1.Sub(t0)
					if o.f64 {
						err = s.Observe(k, g)
					} else {
						// The conversion is the benchmark's, not the
						// loop's step nor the sampler's: untimed.
						for j, v := range g {
							g32[j] = float32(v)
						}
						t1 = time.Now()
						err = s.Observe32(k, g32)
					}
					if err != nil {
						b.Fatal(err)
					}
					sampler += time.Since(t1)
				}
				t0 := time.Now()
				if seq, err = s.Next(seq); err != nil {
					b.Fatal(err)
				}
				sampler += time.Since(t0)
			}
			examples := float64(b.N) * float64(n*batch)
			b.ReportMetric(float64(step.Nanoseconds())/examples, "step-ns/example")
			b.ReportMetric(float64(sampler.Nanoseconds())/examples, "sampler-ns/example")
			b.ReportMetric(100*float64(sampler)/float64(step), "overhead-%")
			state, err := s.MarshalBinary()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(state)), "state-B")
			state = nil
			// The heap the sampler holds: the live heap with it, less the
			// live heap once it is dropped.
			var with, without runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&with)
			runtime.KeepAlive(s)
			s = nil // and its orderer, which only it holds
			runtime.GC()
			runtime.ReadMemStats(&without)
			b.ReportMetric(float64(int64(with.HeapAlloc)-int64(without.HeapAlloc)), "heap-B")
		}
	}
}

// benchOrder is an order of the sampler benchmarks; f64 observes float64
// gradients.
type benchOrder struct {
	name  string
	f64   bool
	heavy bool // timed at benchBatch only
	make  func(n int) (ordering.Orderer, error)
}

var benchOrders = []benchOrder{
	{"rr", false, false, func(n int) (ordering.Orderer, error) { return ordering.NewRR(n, 1) }},
	{"flipflop", false, false, func(n int) (ordering.Orderer, error) { return ordering.NewFlipFlop(n, 1) }},
	{"mean-balance", false, false, func(n int) (ordering.Orderer, error) {
		return ordering.NewMeanBalance(n, ordering.BalanceSettings{Seed: 1})
	}},
	{"mean-balance-f64", true, false, func(n int) (ordering.Orderer, error) {
		return ordering.NewMeanBalance(n, ordering.BalanceSettings{Seed: 1})
	}},
	{"pair-balance", false, false, func(n int) (ordering.Orderer, error) {
		return ordering.NewPairBalance(n, ordering.BalanceSettings{Seed: 1})
	}},
	{"pair-balance-32", false, false, func(n int) (ordering.Orderer, error) {
		return ordering.NewPairBalance32(n, ordering.BalanceSettings{Seed: 1})
	}},
	{"stale-sketch-k=1024", false, true, func(int) (ordering.Orderer, error) {
		return &ordering.SketchedGreedy{K: 1024, Seed: 1, Stale: true}, nil
	}},
	{"stale-greedy", false, true, func(int) (ordering.Orderer, error) { return &ordering.StaleGreedy{}, nil }},
}

// newBenchSampler returns a sampler of a new o over n components, and the
// orderer.
func newBenchSampler(b *testing.B, o benchOrder, n int) (*ordering.Sampler, ordering.Orderer) {
	b.Helper()
	ord, err := o.make(n)
	if err != nil {
		b.Fatal(err)
	}
	s, err := ordering.NewSampler(ord, n)
	if err != nil {
		b.Fatal(err)
	}
	return s, ord
}

// mnistShaped returns benchExamples synthetic examples of MNIST's shape,
// 784 values in [0, 1) and labels in [0, 10).
func mnistShaped() ([]float32, []uint8) {
	rnd := rand.New(rand.NewPCG(1, 2))
	x, y := make([]float32, benchExamples*784), make([]uint8, benchExamples)
	for i := range x {
		x[i] = rnd.Float32()
	}
	for i := range y {
		y[i] = uint8(rnd.IntN(10))
	}
	return x, y
}

// BenchmarkSamplerObserve times Observe32 alone for each order that
// learns, on float32 gradients of the MNIST MLP's d = 101,770 (checks
// included), in ns per coordinate: the sampler's part of
// BenchmarkSampler without the training step, steadier on a busy
// machine.
func BenchmarkSamplerObserve(b *testing.B) {
	const n, d = 64, 101770
	// Distinct gradients: equal ones would centre to rounding errors,
	// whose products are subnormal numbers and slow.
	gs := make([][]float32, 8)
	rnd := rand.New(rand.NewPCG(1, 3))
	for k := range gs {
		gs[k] = make([]float32, d)
		for j := range gs[k] {
			gs[k][j] = float32(rnd.NormFloat64())
		}
	}
	for _, o := range benchOrders {
		if o.f64 || o.name == "flipflop" {
			continue
		}
		b.Run(o.name, func(b *testing.B) {
			b.ReportAllocs()
			s, _ := newBenchSampler(b, o, n)
			var seq []int
			var err error
			k := n
			for b.Loop() {
				if k == n {
					b.StopTimer()
					if seq, err = s.Next(seq); err != nil {
						b.Fatal(err)
					}
					k = 0
					b.StartTimer()
				}
				if err := s.Observe32(seq[k], gs[seq[k]%len(gs)]); err != nil {
					b.Fatal(err)
				}
				k++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/d, "ns/coordinate")
		})
	}
}
