// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// refDeepLoss is a plain float64 implementation of the DeepCNN's mean
// loss, written from its definition: 3×3 convolutions with padding 1,
// the skip added before ReLU, 2×2 max pooling (odd sides rounded down),
// global average pooling and the dense layer.
func refDeepLoss(m *DeepCNN, w []float64, x []float32, y []uint8) float64 {
	d := m.InDim()
	var total float64
	for e := range y {
		h := make([]float64, d)
		for i := range h {
			h[i] = float64(x[e*d+i])
		}
		for i, l := range m.layers {
			s := l.s
			z := make([]float64, l.cout*s*s)
			for f := 0; f < l.cout; f++ {
				for r := 0; r < s; r++ {
					for c := 0; c < s; c++ {
						v := w[l.offB+f]
						for ci := 0; ci < l.cin; ci++ {
							for ki := 0; ki < 3; ki++ {
								for kj := 0; kj < 3; kj++ {
									rr, cc := r+ki-1, c+kj-1
									if rr >= 0 && rr < s && cc >= 0 && cc < s {
										v += w[l.offW+((f*l.cin+ci)*3+ki)*3+kj] * h[(ci*s+rr)*s+cc]
									}
								}
							}
						}
						if l.skip {
							v += h[(f*s+r)*s+c]
						}
						z[(f*s+r)*s+c] = math.Max(v, 0)
					}
				}
			}
			switch {
			case l.pool:
				p := s / 2
				h = make([]float64, l.cout*p*p)
				for f := 0; f < l.cout; f++ {
					for r := 0; r < p; r++ {
						for c := 0; c < p; c++ {
							best := 0.0
							for di := 0; di < 2; di++ {
								for dj := 0; dj < 2; dj++ {
									best = math.Max(best, z[(f*s+2*r+di)*s+2*c+dj])
								}
							}
							h[(f*p+r)*p+c] = best
						}
					}
				}
			case i == len(m.layers)-1:
				h = make([]float64, l.cout)
				for f := range h {
					for _, v := range z[f*s*s : (f+1)*s*s] {
						h[f] += v
					}
					h[f] /= float64(s * s)
				}
			default:
				h = z
			}
		}
		total += refHead(m.head, w[m.offHead:], h, y[e])
	}
	return total / float64(len(y))
}

// biased is a DeepCNN whose Init also draws the biases, uniform in
// ±0.1. He's zero biases put the output of a convolution exactly at
// ReLU's kink wherever its inputs are all zero (a corner of the padded
// maps next to ReLU'd zeros), where LossGrad takes ReLU's derivative as
// 0, as PyTorch does, and a central difference half the slope.
type biased struct{ *DeepCNN }

func (m biased) Init(w []float64, seed uint64) {
	m.DeepCNN.Init(w, seed)
	rnd := rand.New(rand.NewPCG(seed, 0))
	for _, l := range m.layers {
		for i := l.offB; i < l.offB+l.cout; i++ {
			w[i] = 0.2*rnd.Float64() - 0.1
		}
	}
}

// TestDeepCNNGradient checks LossGrad against central finite differences
// of refDeepLoss, as TestCNNGradient does for the CNN, on small networks
// with and without skips, one to three stages, odd sides (7 → 3 → 1) and
// one convolution per stage, with biases off ReLU's kink (see biased).
func TestDeepCNNGradient(t *testing.T) {
	for _, c := range []DeepCNNConfig{
		{C: 1, H: 8, W: 8, Width: 2, Stages: 2, Convs: 2, Classes: 3},
		{C: 1, H: 8, W: 8, Width: 2, Stages: 2, Convs: 2, Residual: true, Classes: 3},
		{C: 3, H: 7, W: 7, Width: 2, Stages: 3, Convs: 2, Residual: true, Classes: 4},
		{C: 2, H: 6, W: 6, Width: 3, Stages: 2, Convs: 1, Classes: 3},
		{C: 1, H: 5, W: 5, Width: 2, Stages: 1, Convs: 3, Residual: true, Classes: 2},
	} {
		m, err := NewDeepCNN(c)
		if err != nil {
			t.Fatal(err)
		}
		x, y := synthetic(10, m.InDim(), c.Classes, 3)
		checkLossGrad(t, fmt.Sprintf("%+v", c), biased{m}, 4, x, y, func(w []float64) float64 { return refDeepLoss(m, w, x, y) })
	}
}

// TestDeepCNNBatchGrads checks, on a network whose im2col matrices are
// formed in several blocks (16 maps of 16×16, 18 positions per block for
// the half batch of 24), that the gradient of a batch is the mean of the
// gradients of the parts it is cut into, weighted by their sizes, as
// BatchProblem's batches give them; the parts (16, 5, 27 examples) are
// evaluated by one or two goroutines in blocks other than the batch's.
// The losses agree with refDeepLoss to float32 accuracy; the gradients to
// 1e-5 of their largest entry (float32 sums of a few hundred terms).
func TestDeepCNNBatchGrads(t *testing.T) {
	m, err := NewDeepCNN(DeepCNNConfig{H: 16, W: 16, Stages: 2, Residual: true})
	if err != nil {
		t.Fatal(err)
	}
	const n = 48
	x, y := synthetic(n, m.InDim(), 10, 6)
	w := make([]float64, m.NumParams())
	m.Init(w, 3)
	full := make([]float64, len(w))
	loss := m.NewWorkspace(n).LossGrad(full, w, x, y)
	if r := refDeepLoss(m, w, x, y); math.Abs(loss-r) > 1e-5*r {
		t.Errorf("loss %v, reference %v", loss, r)
	}
	batches := [][]int{seq(16), seq(21)[16:], seq(n)[21:]}
	p, err := NewBatchProblem(m, x, y, batches)
	if err != nil {
		t.Fatal(err)
	}
	sum := make([]float64, len(w))
	g := make([]float64, len(w))
	var sumLoss float64
	for i, b := range batches {
		p.CompGrad(g, i, w)
		for j, v := range g {
			sum[j] += float64(len(b)) / n * v
		}
		sumLoss += float64(len(b)) / n * p.CompFunc(i, w)
	}
	if math.Abs(sumLoss-loss) > 1e-5*loss {
		t.Errorf("weighted mean of the batches' losses %v, loss of the whole %v", sumLoss, loss)
	}
	scale := 0.0
	for _, v := range full {
		scale = math.Max(scale, math.Abs(v))
	}
	bad := 0
	for j := range full {
		if math.Abs(sum[j]-full[j]) > 1e-5*scale {
			bad++
			if bad <= 5 {
				t.Errorf("∂f/∂w[%d]: %.6g for the batch, %.6g from its parts", j, full[j], sum[j])
			}
		}
	}
	if bad > 5 {
		t.Errorf("%d entries of %d differ", bad, len(full))
	}
}

func TestDeepCNNBasics(t *testing.T) {
	m, err := NewDeepCNN(DeepCNNConfig{})
	if err != nil {
		t.Fatal(err)
	}
	// Per convolution out·in·9 + out: 16·1·9+16, 16·16·9+16, 32·16·9+32,
	// 32·32·9+32, 64·32·9+64, 64·64·9+64; then 64·10+10.
	if want := 160 + 2320 + 4640 + 9248 + 18496 + 36928 + 650; m.NumParams() != want {
		t.Errorf("NumParams = %d, want %d", m.NumParams(), want)
	}
	// Per convolution s²·out·in·9 (s = 28, 14, 7), then 64·10.
	if want := 28*28*16*(1+16)*9 + 14*14*32*(16+32)*9 + 7*7*64*(32+64)*9 + 640; m.MulAdds() != want {
		t.Errorf("MulAdds = %d, want %d", m.MulAdds(), want)
	}
	cifar, err := NewDeepCNN(DeepCNNConfig{C: 3, H: 32, W: 32})
	if err != nil {
		t.Fatal(err)
	}
	if want := 72442 + 2*16*9; cifar.NumParams() != want {
		t.Errorf("CIFAR-shaped NumParams = %d, want %d", cifar.NumParams(), want)
	}
	if want := 32*32*16*(3+16)*9 + 16*16*32*(16+32)*9 + 8*8*64*(32+64)*9 + 640; cifar.MulAdds() != want {
		t.Errorf("CIFAR-shaped MulAdds = %d, want %d", cifar.MulAdds(), want)
	}
	want := DeepCNNConfig{C: 1, H: 28, W: 28, Width: 16, Stages: 3, Convs: 2, Classes: 10}
	if c := m.Config(); c != want {
		t.Errorf("Config = %+v, want %+v", c, want)
	}

	x, y := synthetic(40, 784, 10, 5)
	w := make([]float64, m.NumParams())
	m.Init(w, 1)
	ws := m.NewWorkspace(40)
	g1, g2 := make([]float64, len(w)), make([]float64, len(w))
	loss := ws.LossGrad(g1, w, x, y)
	// He's initialisation keeps the maps' scale and the dense layer's
	// small weights make small logits.
	if math.Abs(loss-math.Log(10)) > 0.3 {
		t.Errorf("initial loss %v, want about ln 10", loss)
	}
	l2, correct := ws.Score(w, x, y)
	if l2 != loss {
		t.Errorf("Score loss %v, LossGrad %v", l2, loss)
	}
	checkCorrect(t, ws.Predict(nil, w, x), y, correct)
	prev := runtime.GOMAXPROCS(1)
	m.NewWorkspace(40).LossGrad(g2, w, x, y)
	runtime.GOMAXPROCS(prev)
	if !slices.Equal(g1, g2) {
		t.Error("gradients differ between GOMAXPROCS 1 and 2")
	}
	ws.LossGrad(g2, w, x, y)
	if !slices.Equal(g1, g2) {
		t.Error("gradients differ between calls")
	}

	for _, bad := range []DeepCNNConfig{
		{H: 28, W: 20}, {Stages: 9}, {Width: 1024, Stages: 4}, {H: 3, W: 3, Stages: 3},
		{Classes: 1}, {Convs: -1}, {C: 5000},
	} {
		if _, err := NewDeepCNN(bad); err == nil {
			t.Errorf("NewDeepCNN(%+v): no error", bad)
		}
	}
}

// TestDeepCNNInit checks He's initialisation: reproducible, biases 0,
// each convolution's filters with mean 0 and standard deviation
// √(2/fan_in) within 5 standard errors (for N normal draws the sample
// standard deviation has a relative error of about 1/√(2N) and the mean
// an error of σ/√N), and the dense layer within PyTorch's ±1/√64.
func TestDeepCNNInit(t *testing.T) {
	m, _ := NewDeepCNN(DeepCNNConfig{})
	w := make([]float64, m.NumParams())
	m.Init(w, 7)
	w2 := make([]float64, len(w))
	m.Init(w2, 7)
	if !slices.Equal(w, w2) {
		t.Error("Init is not reproducible")
	}
	m.Init(w2, 8)
	if slices.Equal(w, w2) {
		t.Error("seeds 7 and 8 draw the same weights")
	}
	for i, l := range m.layers {
		f := w[l.offW:l.offB]
		var s, s2 float64
		for _, v := range f {
			s += v
			s2 += v * v
		}
		nf := float64(len(f))
		mean := s / nf
		sd := math.Sqrt(s2/nf - mean*mean)
		want := math.Sqrt(2 / float64(l.cin*9))
		if math.Abs(sd/want-1) > 5/math.Sqrt(2*nf) || math.Abs(mean) > 5*want/math.Sqrt(nf) {
			t.Errorf("convolution %d: filters of mean %.4g and sd %.4g, want 0 and %.4g", i, mean, sd, want)
		}
		for _, v := range w[l.offB : l.offB+l.cout] {
			if v != 0 {
				t.Errorf("convolution %d: bias %v, want 0", i, v)
				break
			}
		}
	}
	for _, v := range w[m.offHead:] {
		if math.Abs(v) > 1/math.Sqrt(64) {
			t.Errorf("dense weight %v outside ±1/8", v)
			break
		}
	}
}

// TestMulAdds checks CNN.MulAdds against the arithmetic of its doc
// comment.
func TestCNNMulAdds(t *testing.T) {
	m, _ := NewCNN(CNNConfig{})
	if want := 24*24*8*25 + 8*8*16*8*25 + 256*64 + 64*10; m.MulAdds() != want {
		t.Errorf("MulAdds = %d, want %d", m.MulAdds(), want)
	}
	// 32 → 28 → 14 → 10 → 5: 28²·6·3·25 + 10²·16·6·25 + 400·120 + 120·10.
	c, _ := NewCNN(CIFARConfig())
	if want := 28*28*6*3*25 + 10*10*16*6*25 + 400*120 + 120*10; c.MulAdds() != want {
		t.Errorf("CIFARConfig MulAdds = %d, want %d", c.MulAdds(), want)
	}
}

// TestDeepCNNTrain trains small DeepCNNs, with and without skips, on a
// learnable synthetic set with ordering.Run (RR over examples in batches
// of 16 with momentum) and checks that they learn it, as TestTrain does
// for the MLP.
func TestDeepCNNTrain(t *testing.T) {
	if testing.Short() {
		t.Skip("training run")
	}
	for _, residual := range []bool{false, true} {
		m, _ := NewDeepCNN(DeepCNNConfig{H: 8, W: 8, Width: 4, Stages: 2, Residual: residual, Classes: 4})
		checkLearns(t, fmt.Sprintf("residual %v", residual), m)
	}
}
