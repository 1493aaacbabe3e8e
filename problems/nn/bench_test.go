// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"testing"
	"time"

	"github.com/goodorder/goodorder/ordering"
)

// mnistShaped returns 60,000 synthetic examples of MNIST's shape (784
// values, 10 classes): the speed of the network does not depend on the
// values.
func mnistShaped() ([]float32, []uint8) { return synthetic(60000, 784, 10, 1) }

// sgdEpoch runs one epoch of plain SGD (γ = 0.01) over x in consecutive
// batches of 64.
func sgdEpoch(net Net, w []float64, x []float32, y []uint8) {
	ws := net.NewWorkspace(64)
	g := make([]float64, len(w))
	d := net.InDim()
	for lo := 0; lo < len(y); lo += 64 {
		hi := min(lo+64, len(y))
		ws.LossGrad(g, w, x[lo*d:hi*d], y[lo:hi])
		for i, v := range g {
			w[i] -= 0.01 * v
		}
	}
}

// benchEpoch times epochs of plain SGD of net over x and y from its
// initialisation with seed 1, in a sub-benchmark named after the build's
// BLAS (ordering.BLAS), so that scripts/torch_*.py can tell the builds
// apart (make bench-nn).
func benchEpoch(b *testing.B, net Net, x []float32, y []uint8) {
	w := make([]float64, net.NumParams())
	net.Init(w, 1)
	b.Run(ordering.BLAS, func(b *testing.B) {
		// A benchmark's log is always printed: the kernel beside the time.
		b.Logf("BLAS %s, OpenBLAS kernel %q", ordering.BLAS, ordering.BLASKernel())
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sgdEpoch(net, w, x, y)
		}
		reportEpoch(b, cpu)
	})
}

// startCPU returns the CPU time used so far, or a negative value where it
// is not known.
func startCPU() time.Duration {
	if t, ok := cpuTime(); ok {
		return t
	}
	return -1
}

// reportEpoch reports the seconds per epoch of a benchmark whose every
// iteration is an epoch and, from the CPU time at its start (startCPU),
// the CPU seconds per epoch of the process, all goroutines together:
// another program on the machine adds to the wall time, much less to the
// CPU time.
func reportEpoch(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/epoch")
	if t, ok := cpuTime(); ok && cpu0 >= 0 {
		b.ReportMetric((t-cpu0).Seconds()/float64(b.N), "cpu-s/epoch")
	}
}

// BenchmarkMLPEpoch times one epoch of the MLP 784-128-10 at batch 64:
// 938 steps of LossGrad and a plain SGD update, the work of one epoch of
// standard batching.
func BenchmarkMLPEpoch(b *testing.B) {
	x, y := mnistShaped()
	m, _ := NewMLP(784, 128, 10)
	benchEpoch(b, m, x, y)
}

// BenchmarkBatchGrads times what the greedy chooser does once per epoch
// on MNIST's same-class batches: all 942 batch gradients (batches), then
// the whole recomputation of the exact greedy order (greedy: the gradients
// into float32 storage, the Gram matrix and the selection). Compare with
// BenchmarkMLPEpoch: a pass of batch gradients should cost no more than
// an epoch of training.
func BenchmarkBatchGrads(b *testing.B) {
	x, y := mnistShaped()
	labels := make([]int, len(y))
	for i, l := range y {
		labels[i] = int(l)
	}
	batches, _ := ordering.SameClassBatches(labels, 64, 1)
	m, _ := NewMLP(784, 128, 10)
	p, err := NewBatchProblem(m, x, y, batches)
	if err != nil {
		b.Fatal(err)
	}
	w := make([]float64, m.NumParams())
	m.Init(w, 1)
	b.Run(ordering.BLAS+"/batches", func(b *testing.B) {
		g := make([]float64, p.Dim())
		for b.Loop() {
			for i := range p.Len() {
				p.CompGrad(g, i, w)
			}
		}
		b.ReportMetric(float64(p.Len()), "batches")
	})
	b.Run(ordering.BLAS+"/greedy", func(b *testing.B) {
		o := ordering.NewOracle(p, nil, nil)
		var g ordering.Greedy
		var order []int
		for b.Loop() {
			var err error
			if order, err = g.Order(order, ordering.Epoch{X: w, Oracle: o}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCNNEpoch times one epoch of the default CNN on MNIST-shaped
// data at batch 64 (scripts/torch_cnn.py is the same network in PyTorch).
func BenchmarkCNNEpoch(b *testing.B) {
	x, y := mnistShaped()
	m, _ := NewCNN(CNNConfig{})
	benchEpoch(b, m, x, y)
}

// BenchmarkCIFARCNNEpoch times one epoch of CIFARConfig's CNN over
// 50,000 synthetic images of CIFAR-10's shape (32×32×3) at batch 64, the
// cost of an epoch of CIFAR-10's training set.
func BenchmarkCIFARCNNEpoch(b *testing.B) {
	x, y := synthetic(50000, 3*32*32, 10, 1)
	m, err := NewCNN(CIFARConfig())
	if err != nil {
		b.Fatal(err)
	}
	benchEpoch(b, m, x, y)
}

// BenchmarkDeepCNNEpoch times one epoch of the default DeepCNN on
// MNIST-shaped data at batch 64 (scripts/torch_cnn.py --deep is the same
// network in PyTorch). It takes 7,338,880 multiply-adds per image
// forward, 21.8 times BenchmarkCNNEpoch's network (MulAdds).
func BenchmarkDeepCNNEpoch(b *testing.B) {
	x, y := mnistShaped()
	m, err := NewDeepCNN(DeepCNNConfig{})
	if err != nil {
		b.Fatal(err)
	}
	benchEpoch(b, m, x, y)
}

// BenchmarkCIFARDeepCNNEpoch times one epoch of the default DeepCNN on
// 50,000 synthetic images of CIFAR-10's shape at batch 64 (torch_cnn.py
// --deep --cifar). It takes 9,880,192 multiply-adds per image forward,
// 15.4 times BenchmarkCIFARCNNEpoch's network.
func BenchmarkCIFARDeepCNNEpoch(b *testing.B) {
	x, y := synthetic(50000, 3*32*32, 10, 1)
	m, err := NewDeepCNN(DeepCNNConfig{C: 3, H: 32, W: 32})
	if err != nil {
		b.Fatal(err)
	}
	benchEpoch(b, m, x, y)
}

// BenchmarkCNNSteps times the steps of the default CNN for one
// goroutine's half of a batch of 64, as an epoch runs them 1,876 times:
// those of the first block forward and backward, and the backward pass of
// the second convolution (with its col2im).
func BenchmarkCNNSteps(b *testing.B) {
	m, _ := NewCNN(CNNConfig{})
	const n = 32
	c := m.c
	sh := m.newShard(n)
	x, _ := synthetic(n, m.InDim(), 10, 1)
	w := make([]float64, m.NumParams())
	m.Init(w, 1)
	w32 := make([]float32, len(w))
	for i, v := range w {
		w32[i] = float32(v)
	}
	m.features(sh, w32, x, n)
	for i := range sh.z1 {
		sh.z1[i] = float32((i*7919)%1000)/1000 - 0.5 // maxima in random places
	}
	g := make([]float32, m.n)
	for _, s := range []struct {
		name string
		f    func()
	}{
		{"transpose", func() { transpose(sh.x, x, n, m.InDim()) }},
		{"conv1", func() { conv(sh.z1, sh.x, w32[m.offW1:], sh.col, c.C, c.H, c.K, c.Conv1, n) }},
		{"reluPool1", func() { reluPool(sh.p1, sh.arg1, sh.z1, w32[m.offB1:], c.Conv1, m.o1, n) }},
		{"unpool1", func() { unpool(sh.z1, g[m.offB1:], sh.dp1, sh.arg1, sh.acc, c.Conv1, m.o1, n) }},
		{"conv1Backward", func() {
			convBackward(g[m.offW1:m.offB1], nil, sh.z1, sh.x, w32[m.offW1:m.offB1], sh.col, sh.wt, sh.gwt, c.C, c.H, c.K, c.Conv1, n)
		}},
		{"conv2Backward", func() {
			convBackward(g[m.offW2:m.offB2], sh.dp1, sh.z2, sh.p1, w32[m.offW2:m.offB2], sh.col, sh.wt, sh.gwt, c.Conv1, m.p1, c.K, c.Conv2, n)
		}},
	} {
		b.Run(s.name, func(b *testing.B) {
			for b.Loop() {
				s.f()
			}
		})
	}
}
