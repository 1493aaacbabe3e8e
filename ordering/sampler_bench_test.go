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

	"gonum.org/v1/gonum/blas/blas32"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems/nn"
)

// The MNIST MLP's training loop at batch 64: 60,000 examples of 784
// values (synthetic: the time does not depend on the values) in 938
// batches, the MLP 784-128-10 (d = 101,770), plain SGD at rate benchRate.
const (
	benchExamples = 60000
	benchDim      = 784
	benchBatch    = 64
	benchRate     = 0.01
	// benchExampleBatches is the number of batches BenchmarkSamplerPerExample
	// takes an epoch over (12,800 examples): the cost of an observation does
	// not depend on n, and Next's O(n) falls on each observation alike.
	benchExampleBatches = 200
)

// benchBatches are the batch sizes BenchmarkSampler times: the sampler's
// cost is per observed gradient (one a batch), the step's per example, so
// the overhead falls as the batch grows. The orders marked heavy run at
// benchBatch only.
var benchBatches = []int{benchBatch, 256}

// BenchmarkSampler times a Sampler riding on a training loop of its own,
// the MNIST MLP's (d = 101,770) at batch 64 (and 256, benchBatches), for
// each order of benchOrders, with one observation per batch: the
// sampler's components are the 938 batches (at batch 64), each gradient
// observed standing for a batch of examples. BenchmarkSamplerPerExample
// is the other granularity, GraB's, one observation per example.
//
// The loop is float32 end to end, as a user's float32 training loop is:
// float32 weights, the batch's float32 gradient (nn.MLPWorkspace32's
// LossGrad, which reads the weights and writes the gradient without a
// conversion), a float32 SGD update (Saxpy, w -= γ g), and Observe32 of
// the gradient read in place. No conversion is made outside the timed
// parts: the weights are converted to float32 once, before the clock
// starts, and the orders that keep float64 sums (mean-balance,
// pair-balance) widen the float32 gradient inside their Observe32, on the
// sampler's clock. Every iteration is one epoch of 938 steps (at batch
// 64), each the step (LossGrad and the update) followed by Observe32 of
// the batch's gradient, and ends with Next, which builds the next epoch's
// order from the observations (StaleGreedy's reorder included). It
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
// Run it alone, on a quiet machine, with OpenBLAS (the step's share
// depends on its speed) and a few counts (the step's time varies from run
// to run); make bench-sampler does, and puts PyTorch's same rules beside:
//
//	OPENBLAS_CORETYPE=Haswell go test -tags openblas ./ordering -run='^$' -bench='^BenchmarkSampler$' -benchtime=3x -count=5
//
// -short skips it (it holds 190 MB of data and, for stale-greedy, a
// 763 MB gradient matrix).
func BenchmarkSampler(b *testing.B) {
	if testing.Short() {
		b.Skip("190 MB of data, up to 763 MB of stored gradients")
	}
	net, err := nn.NewMLP(benchDim, 128, 10)
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
	logBLAS(b)
	b.ReportAllocs()
	w := initWeights32(net)
	ws := nn.NewMLPWorkspace32(net, batch)
	g := make([]float32, len(w))
	s := newBenchSampler(b, o, n)
	seq, err := s.Next(nil)
	if err != nil {
		b.Fatal(err)
	}
	var step, sampler time.Duration
	for b.Loop() {
		for _, k := range seq {
			lo, hi := k*batch, (k+1)*batch
			t0 := time.Now()
			sgdStep32(ws, g, w, x[lo*benchDim:hi*benchDim], y[lo:hi])
			t1 := time.Now()
			step += t1.Sub(t0)
			if err := s.Observe32(k, g); err != nil {
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
	// The heap the sampler holds: the live heap with it, less the live
	// heap once it is dropped.
	var with, without runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&with)
	runtime.KeepAlive(s)
	s = nil // and its orderer, which only it holds
	runtime.GC()
	runtime.ReadMemStats(&without)
	b.ReportMetric(float64(int64(with.HeapAlloc)-int64(without.HeapAlloc)), "heap-B")
}

// BenchmarkSamplerPerExample times a Sampler that orders examples, GraB's
// setting (its and grab-sampler's sampler.step(per_sample_grads)): each
// step of BenchmarkSampler's float32 loop at batch 64 also computes the
// gradient of each of its 64 examples' own loss (nn.MLPWorkspace32's
// ExampleGrads, one more forward and backward pass of the batch and an
// outer product per layer and example) and observes each with Observe32,
// 64 observations a step. The sampler's components are the examples of
// benchExampleBatches batches, 12,800; each step's examples are the next
// 64 of the epoch's order, gathered into a batch off the clock (a data
// loader's work). Every iteration is one epoch of 200 steps and Next. It
// reports, per example,
//
//	step-ns/example      the step (LossGrad and update) / 64
//	grads-ns/example     the per-example gradients, less the Observe32
//	                     calls made inside ExampleGrads / 64
//	sampler-ns/example   the 64 Observe32 and the share of Next / 64
//	grads-%              100 · grads / step
//	overhead-%           100 · sampler / step
//
// The clock is read around each Observe32, 128 readings a step, which
// fall on the grads and sampler parts. Each per-example gradient is formed
// in one buffer of d and observed before the next is formed, where
// PyTorch's vmap materialises the batch's 64 · d values (make
// bench-sampler prints both). The orders marked heavy are not run
// (StaleGreedy would store 12,800 gradients of d, 10 GB). Run it as
// BenchmarkSampler:
//
//	OPENBLAS_CORETYPE=Haswell go test -tags openblas ./ordering -run='^$' -bench='^BenchmarkSamplerPerExample$' -benchtime=3x -count=5
//
// -short skips it.
func BenchmarkSamplerPerExample(b *testing.B) {
	if testing.Short() {
		b.Skip("190 MB of data")
	}
	net, err := nn.NewMLP(benchDim, 128, 10)
	if err != nil {
		b.Fatal(err)
	}
	x, y := mnistShaped()
	n := benchExampleBatches * benchBatch
	x, y = x[:n*benchDim], y[:n]
	for _, o := range benchOrders {
		if o.heavy {
			continue
		}
		b.Run(fmt.Sprintf("%s/batch=%d", o.name, benchBatch), func(b *testing.B) {
			benchPerExample(b, o, net, x, y)
		})
	}
}

// benchPerExample is BenchmarkSamplerPerExample for order o over the
// examples x, y.
func benchPerExample(b *testing.B, o benchOrder, net *nn.MLP, x []float32, y []uint8) {
	n := len(y)
	logBLAS(b)
	b.ReportAllocs()
	w := initWeights32(net)
	ws := nn.NewMLPWorkspace32(net, benchBatch)
	g := make([]float32, len(w))
	bx, by := make([]float32, benchBatch*benchDim), make([]uint8, benchBatch)
	s := newBenchSampler(b, o, n)
	seq, err := s.Next(nil)
	if err != nil {
		b.Fatal(err)
	}
	var step, grads, sampler time.Duration
	var idx []int // the step's examples
	var obsErr error
	observe := func(i int, g []float32) {
		t := time.Now()
		if err := s.Observe32(idx[i], g); err != nil && obsErr == nil {
			obsErr = err
		}
		sampler += time.Since(t)
	}
	for b.Loop() {
		for lo := 0; lo < n; lo += benchBatch {
			idx = seq[lo : lo+benchBatch]
			for j, i := range idx {
				copy(bx[j*benchDim:(j+1)*benchDim], x[i*benchDim:(i+1)*benchDim])
				by[j] = y[i]
			}
			before := sampler
			t0 := time.Now()
			ws.ExampleGrads(w, bx, by, observe)
			t1 := time.Now()
			if obsErr != nil {
				b.Fatal(obsErr)
			}
			grads += t1.Sub(t0) - (sampler - before)
			sgdStep32(ws, g, w, bx, by)
			step += time.Since(t1)
		}
		t0 := time.Now()
		if seq, err = s.Next(seq); err != nil {
			b.Fatal(err)
		}
		sampler += time.Since(t0)
	}
	examples := float64(b.N) * float64(n)
	b.ReportMetric(float64(step.Nanoseconds())/examples, "step-ns/example")
	b.ReportMetric(float64(grads.Nanoseconds())/examples, "grads-ns/example")
	b.ReportMetric(float64(sampler.Nanoseconds())/examples, "sampler-ns/example")
	b.ReportMetric(100*float64(grads)/float64(step), "grads-%")
	b.ReportMetric(100*float64(sampler)/float64(step), "overhead-%")
}

// logBLAS logs the build's BLAS and OpenBLAS's kernel (a benchmark's log
// is always printed), which scripts/torch_balance.py reads.
func logBLAS(b *testing.B) {
	b.Logf("BLAS %s, OpenBLAS kernel %q", ordering.BLAS, ordering.BLASKernel())
}

// initWeights32 returns the MLP's initialisation from seed 1 in float32,
// the one conversion of the float32 loop, made before any clock starts.
func initWeights32(net *nn.MLP) []float32 {
	w64 := make([]float64, net.NumParams())
	net.Init(w64, 1)
	w := make([]float32, len(w64))
	for i, v := range w64 {
		w[i] = float32(v)
	}
	return w
}

// sgdStep32 is the float32 loop's training step: the batch's gradient
// into g, then w -= benchRate · g.
func sgdStep32(ws *nn.MLPWorkspace32, g, w, x []float32, y []uint8) {
	ws.LossGrad(g, w, x, y)
	blas32.Implementation().Saxpy(len(w), -benchRate, g, 1, w, 1)
}

// benchOrder is an order of the sampler benchmarks, made by make for n
// components: a row of benchOrders.
type benchOrder struct {
	name  string
	heavy bool // timed per batch at benchBatch only, never per example
	make  func(n int) (ordering.Orderer, error)
}

// benchSettings are the balancing orders' settings in the benchmarks.
var benchSettings = ordering.BalanceSettings{Seed: 1}

// benchOrders are the orders the sampler benchmarks time, one row each:
// adding an order is adding its row.
var benchOrders = []benchOrder{
	{"rr", false, func(n int) (ordering.Orderer, error) { return ordering.NewRR(n, 1) }},
	{"flipflop", false, func(n int) (ordering.Orderer, error) { return ordering.NewFlipFlop(n, 1) }},
	{"mean-balance", false, func(n int) (ordering.Orderer, error) { return ordering.NewMeanBalance(n, benchSettings) }},
	{"mean-balance-32", false, func(n int) (ordering.Orderer, error) { return ordering.NewMeanBalance32(n, benchSettings) }},
	{"pair-balance", false, func(n int) (ordering.Orderer, error) { return ordering.NewPairBalance(n, benchSettings) }},
	{"pair-balance-32", false, func(n int) (ordering.Orderer, error) { return ordering.NewPairBalance32(n, benchSettings) }},
	{"stale-sketch-k=1024", true, func(int) (ordering.Orderer, error) {
		return &ordering.SketchedGreedy{K: 1024, Seed: 1, Stale: true}, nil
	}},
	{"stale-greedy", true, func(int) (ordering.Orderer, error) { return &ordering.StaleGreedy{}, nil }},
}

// newBenchSampler returns a sampler of a new o over n components; it is
// the benchmarks' one call of NewSampler.
func newBenchSampler(b *testing.B, o benchOrder, n int) *ordering.Sampler {
	b.Helper()
	ord, err := o.make(n)
	if err != nil {
		b.Fatal(err)
	}
	s, err := ordering.NewSampler(ord, n)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// mnistShaped returns benchExamples synthetic examples of MNIST's shape,
// 784 values in [0, 1) and labels in [0, 10).
func mnistShaped() ([]float32, []uint8) {
	rnd := rand.New(rand.NewPCG(1, 2))
	x, y := make([]float32, benchExamples*benchDim), make([]uint8, benchExamples)
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
		if o.name == "flipflop" {
			continue
		}
		b.Run(o.name, func(b *testing.B) {
			b.ReportAllocs()
			s := newBenchSampler(b, o, n)
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
