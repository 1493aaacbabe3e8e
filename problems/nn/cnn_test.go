// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"testing"
)

// refConvPool is a plain float64 valid convolution of the ch maps of side
// s in x with f filters of side k (weights w, biases b), then ReLU and 2×2
// max pooling.
func refConvPool(x, w, b []float64, ch, s, f, k int) []float64 {
	o := s - k + 1
	p := o / 2
	z := make([]float64, f*o*o)
	for fi := 0; fi < f; fi++ {
		for i := 0; i < o; i++ {
			for j := 0; j < o; j++ {
				v := b[fi]
				for c := 0; c < ch; c++ {
					for ki := 0; ki < k; ki++ {
						for kj := 0; kj < k; kj++ {
							v += w[((fi*ch+c)*k+ki)*k+kj] * x[c*s*s+(i+ki)*s+j+kj]
						}
					}
				}
				z[fi*o*o+i*o+j] = v
			}
		}
	}
	out := make([]float64, f*p*p)
	for fi := 0; fi < f; fi++ {
		for i := 0; i < p; i++ {
			for j := 0; j < p; j++ {
				best := 0.0
				for di := 0; di < 2; di++ {
					for dj := 0; dj < 2; dj++ {
						best = math.Max(best, z[fi*o*o+(2*i+di)*o+2*j+dj])
					}
				}
				out[fi*p*p+i*p+j] = best
			}
		}
	}
	return out
}

// refCNNLoss is a plain float64 implementation of the CNN's mean loss.
func refCNNLoss(m *CNN, w []float64, x []float32, y []uint8) float64 {
	c := m.c
	d := m.InDim()
	var total float64
	for e := range y {
		in := make([]float64, d)
		for i := range in {
			in[i] = float64(x[e*d+i])
		}
		p1 := refConvPool(in, w[m.offW1:m.offB1], w[m.offB1:m.offW2], c.C, c.H, c.Conv1, c.K)
		p2 := refConvPool(p1, w[m.offW2:m.offB2], w[m.offB2:m.offHead], c.Conv1, m.p1, c.Conv2, c.K)
		total += refHead(m.head, w[m.offHead:], p2, y[e])
	}
	return total / float64(len(y))
}

// refHead is the loss of one example through the dense layers in float64.
func refHead(m *MLP, w []float64, a []float64, label uint8) float64 {
	for l := 0; l+1 < len(m.sizes); l++ {
		nin, nout := m.sizes[l], m.sizes[l+1]
		z := make([]float64, nout)
		for o := range z {
			z[o] = w[m.off[l]+nout*nin+o]
			for i := range a {
				z[o] += w[m.off[l]+o*nin+i] * a[i]
			}
			if l+2 < len(m.sizes) {
				z[o] = math.Max(z[o], 0)
			}
		}
		a = z
	}
	mx := slices.Max(a)
	var s float64
	for _, v := range a {
		s += math.Exp(v - mx)
	}
	return mx + math.Log(s) - a[label]
}

// TestCNNGradient checks LossGrad against central finite differences of
// refCNNLoss, as TestMLPGradient does for the MLP (h = 1e-6, tolerance
// 1e-4 of the largest gradient entry for float32 arithmetic); a pooling
// tie or a ReLU kink within h of the point would spoil a quotient, which
// has a chance of about 1e-6 per coordinate and map entry.
func TestCNNGradient(t *testing.T) {
	// CIFARConfig narrowed, on 16×16 images: its three channels, 5×5
	// kernels and ten classes.
	cifar := CIFARConfig()
	cifar.H, cifar.W, cifar.Conv1, cifar.Conv2, cifar.Hidden = 16, 16, 3, 4, 5
	for _, c := range []CNNConfig{
		{C: 1, H: 12, W: 12, K: 3, Conv1: 2, Conv2: 3, Hidden: 5, Classes: 4},
		{C: 2, H: 10, W: 10, K: 3, Conv1: 3, Conv2: 2, Hidden: 4, Classes: 3},
		cifar,
	} {
		m, err := NewCNN(c)
		if err != nil {
			t.Fatal(err)
		}
		x, y := synthetic(10, m.InDim(), c.Classes, 3)
		checkLossGrad(t, fmt.Sprintf("%+v", c), m, 4, x, y, func(w []float64) float64 { return refCNNLoss(m, w, x, y) })
	}
}

func TestCNNBasics(t *testing.T) {
	m, err := NewCNN(CNNConfig{})
	if err != nil {
		t.Fatal(err)
	}
	// 8·1·25+8 + 16·8·25+16 + 256·64+64 + 64·10+10 parameters.
	if want := 208 + 3216 + 16448 + 650; m.NumParams() != want {
		t.Errorf("NumParams = %d, want %d", m.NumParams(), want)
	}
	x, y := synthetic(40, 784, 10, 5)
	w := make([]float64, m.NumParams())
	m.Init(w, 1)
	ws := m.NewWorkspace(40)
	loss, correct := ws.Score(w, x, y)
	if math.Abs(loss-math.Log(10)) > 0.3 {
		t.Errorf("initial loss %v, want about ln 10", loss)
	}
	pred := ws.Predict(nil, w, x)
	checkCorrect(t, pred, y, correct)
	g1, g2 := make([]float64, len(w)), make([]float64, len(w))
	ws.LossGrad(g1, w, x, y)
	prev := runtime.GOMAXPROCS(1)
	m.NewWorkspace(40).LossGrad(g2, w, x, y)
	runtime.GOMAXPROCS(prev)
	if !slices.Equal(g1, g2) {
		t.Error("gradients differ between GOMAXPROCS 1 and 2")
	}
	for _, bad := range []CNNConfig{{H: 8, W: 8}, {H: 28, W: 20}, {K: -1}} {
		if _, err := NewCNN(bad); err == nil {
			t.Errorf("NewCNN(%+v): no error", bad)
		}
	}
}

func TestCIFARConfig(t *testing.T) {
	m, err := NewCNN(CIFARConfig())
	if err != nil {
		t.Fatal(err)
	}
	// 6·3·25+6 + 16·6·25+16 + 400·120+120 + 120·10+10 parameters, the
	// flattened features being 16 maps of 5×5 (32 → 28 → 14 → 10 → 5).
	if want := 456 + 2416 + 48120 + 1210; m.NumParams() != want {
		t.Errorf("NumParams = %d, want %d", m.NumParams(), want)
	}
	if m.InDim() != 3*32*32 || m.Classes() != 10 {
		t.Errorf("InDim, Classes = %d, %d; want 3072, 10", m.InDim(), m.Classes())
	}
	if c := m.Config(); c != CIFARConfig() {
		t.Errorf("Config = %+v, want CIFARConfig %+v: a field was left to its default", c, CIFARConfig())
	}
}
