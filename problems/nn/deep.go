// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// DeepCNNConfig is the architecture of a DeepCNN: Stages stages of Convs
// 3×3 convolutions with padding 1 and ReLU, the first stage with Width
// filters and each next stage with twice as many as the one before, 2×2
// max pooling between stages, then global average pooling and a dense
// output layer. Zero fields take the defaults, which fit MNIST and
// Fashion-MNIST; C: 3, H: 32, W: 32 fit CIFAR-10.
type DeepCNNConfig struct {
	// C, H and W are the channels, height and width of the input.
	// Defaults 1, 28, 28.
	C, H, W int
	// Width is the number of filters of the first stage. Default 16.
	Width int
	// Stages is the number of stages. Default 3.
	Stages int
	// Convs is the number of convolutions of each stage. Default 2.
	Convs int
	// Residual adds to each convolution but the first of a stage its
	// input, an identity skip connection: h ← ReLU(h + conv(h) + b).
	// Default false.
	Residual bool
	// Classes is the number of classes. Default 10.
	Classes int
}

// DeepCNN is a VGG-style convolutional network without batch
// normalisation, closer to the paper's ResNet-18 without batch norm than
// CNN: with the defaults, on 28×28 images,
//
//	conv 3×3 (16), conv 3×3 (16), max pool 2×2     28×28 → 14×14
//	conv 3×3 (32), conv 3×3 (32), max pool 2×2     14×14 → 7×7
//	conv 3×3 (64), conv 3×3 (64), global average   7×7 → 1×1
//	dense 64 → 10, softmax cross-entropy
//
// each convolution with padding 1, a bias and ReLU. It has 72,442
// parameters and takes 7.34·10^6 multiply-adds per image forward, 22
// times the default CNN's; on 32×32×3 images 72,730 and 9.88·10^6, 15
// times CIFARConfig's (see MulAdds). The paper's ResNet-18 takes 0.56·10^9.
//
// The parameter vector w holds, for each convolution in order, its
// filters (out × in × 3 × 3, row-major) and their biases (out), then the
// dense layer as in MLP (weights classes × out row-major, then biases).
type DeepCNN struct {
	c      DeepCNNConfig
	layers []deepLayer
	head   *MLP // the dense layer, parameters from offHead on
	// width is the number of maps of the last convolution.
	width, offHead, n int
}

// deepLayer is a convolution of a DeepCNN.
type deepLayer struct {
	cin, cout int // maps in and out
	s         int // side of the maps in and out (padding 1)
	offW      int // offset of the filters in w
	offB      int // offset of the biases in w
	pool      bool
	skip      bool // adds its input (cin = cout)
}

var _ Net = (*DeepCNN)(nil)

// NewDeepCNN returns a DeepCNN with the architecture c. It returns an
// error naming the value if a size is not positive or above 4096 (the
// filters of the last stage included), there are more than 8 stages, the
// image is not square or too small for its poolings, or the network would
// have more than 2^27 parameters or buffers of more than 2^28 values for
// one example, which could not be allocated reasonably.
func NewDeepCNN(c DeepCNNConfig) (*DeepCNN, error) {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.C, 1)
	def(&c.H, 28)
	def(&c.W, 28)
	def(&c.Width, 16)
	def(&c.Stages, 3)
	def(&c.Convs, 2)
	def(&c.Classes, 10)
	for _, v := range []int{c.C, c.H, c.W, c.Width, c.Convs, c.Classes} {
		if v < 1 || v > 1<<12 {
			return nil, fmt.Errorf("nn: DeepCNN config %+v: sizes must be 1 to 4096", c)
		}
	}
	if c.Stages < 1 || c.Stages > 8 || c.Width<<(c.Stages-1) > 1<<12 {
		return nil, fmt.Errorf("nn: DeepCNN config %+v: want 1 to 8 stages of at most 4096 filters", c)
	}
	if c.Classes < 2 {
		return nil, fmt.Errorf("nn: DeepCNN config %+v: want 2 or more classes", c)
	}
	if c.H != c.W {
		return nil, fmt.Errorf("nn: DeepCNN input %d×%d, want a square image", c.H, c.W)
	}
	if c.H>>(c.Stages-1) < 1 {
		return nil, fmt.Errorf("nn: DeepCNN input %d×%d too small for %d stages with pooling between them", c.H, c.W, c.Stages)
	}
	m := &DeepCNN{c: c}
	cin, s := c.C, c.H
	for st := range c.Stages {
		cout := c.Width << st
		for k := range c.Convs {
			l := deepLayer{cin: cin, cout: cout, s: s, offW: m.n, skip: c.Residual && k > 0}
			l.offB = l.offW + cout*cin*9
			m.n = l.offB + cout
			l.pool = k == c.Convs-1 && st < c.Stages-1
			m.layers = append(m.layers, l)
			cin = cout
		}
		if st < c.Stages-1 {
			s /= 2
		}
		if m.n > maxParams {
			return nil, fmt.Errorf("nn: DeepCNN config %+v has %d parameters or more, want at most 2^27", c, m.n)
		}
	}
	m.width = cin
	head, err := NewMLP(m.width, c.Classes)
	if err != nil {
		return nil, err
	}
	m.head = head
	m.offHead = m.n
	m.n += head.NumParams()
	if m.n > maxParams {
		return nil, fmt.Errorf("nn: DeepCNN config %+v has %d parameters, want at most 2^27", c, m.n)
	}
	if largestBatch(m) < 1 {
		return nil, fmt.Errorf("nn: DeepCNN config %+v needs buffers of more than 2^28 values for one example", c)
	}
	return m, nil
}

// Config returns the architecture with its defaults filled in.
func (m *DeepCNN) Config() DeepCNNConfig { return m.c }

// NumParams implements Net.
func (m *DeepCNN) NumParams() int { return m.n }

// InDim implements Net.
func (m *DeepCNN) InDim() int { return m.c.C * m.c.H * m.c.W }

// Classes implements Net.
func (m *DeepCNN) Classes() int { return m.c.Classes }

// MulAdds returns the number of multiply-adds of the forward pass of one
// image in the convolutions and the dense layer, the bulk of its cost
// (the backward pass takes about twice as many):
//
//	Σ_l s_l² · out_l · in_l · 9  +  width · classes
//
// over the convolutions l, of side s_l. The default is 7,338,880 for
// 28×28×1 images and 9,880,192 for 32×32×3.
func (m *DeepCNN) MulAdds() int {
	n := 0
	for _, l := range m.layers {
		n += l.s * l.s * l.cout * l.cin * 9
	}
	return n + m.width*m.c.Classes
}

// Init implements Net with He's initialisation for the convolutions
// (He et al. 2015, "Delving deep into rectifiers"): filters normal with
// standard deviation √(2/fan_in), fan_in = in·9, biases 0, which keeps the
// scale of the maps from layer to layer through ReLU where PyTorch's
// default would divide their variance by 6 at each convolution; the dense
// layer as in MLP, PyTorch's default.
func (m *DeepCNN) Init(w []float64, seed uint64) {
	if len(w) != m.n {
		panic("nn: wrong parameter length")
	}
	rnd := rand.New(rand.NewPCG(seed, deepStream))
	for _, l := range m.layers {
		sd := math.Sqrt(2 / float64(l.cin*9))
		for i := l.offW; i < l.offB; i++ {
			w[i] = sd * rnd.NormFloat64()
		}
		clear(w[l.offB : l.offB+l.cout])
	}
	m.head.Init(w[m.offHead:], seed)
}

// NewWorkspace implements Net. It splits a batch between two goroutines
// in a fixed way as the CNN's does, and runs each half batch through each
// convolution at once with CNN's im2col blocks and products. It panics
// with "nn: workspace for an empty batch" if maxBatch < 1 and with
// "nn: workspace too large" if the buffers for maxBatch examples would
// exceed 2^28 values (1 GiB).
func (m *DeepCNN) NewWorkspace(maxBatch int) Workspace { return newConvWorkspace(m, maxBatch) }

// deepShard holds the buffers of one goroutine for a batch of b examples,
// its maps stored channel, row, column, example as in cnnShard.
type deepShard struct {
	// x[l] is the input of convolution l with a border of zeros, in ×
	// (s+2) × (s+2) × b: a valid convolution of it is the convolution
	// with padding 1.
	x [][]float32
	// z[l] holds the out × s × s × b outputs of convolution l, with its
	// bias and skip added except before pooling, then their gradient.
	z   [][]float32
	arg [][]uint8 // for the convolutions followed by pooling
	// tmp holds the input transposed, the pooled maps, and their
	// gradients; dx the gradient of a padded input.
	tmp, dx []float32
	// gap holds the averages, width × b, then their gradient; feat, the
	// head's input, is gap transposed, dfeat its gradient.
	gap, feat, dfeat []float32
	col, wt, gwt     []float32
	acc              []float32
	g32              []float32
	head             *mlpShard
}

// deepSizes returns the values of the largest buffers of a DeepCNN
// shard for b examples: tmp, dx, col (for one column if b is 1), and the
// filters transposed.
func (m *DeepCNN) deepSizes(b int) (tmp, dx, col, wt int) {
	tmp = m.InDim() * b
	for _, l := range m.layers {
		if l.pool {
			tmp = max(tmp, l.cout*(l.s/2)*(l.s/2)*b)
		}
		dx = max(dx, l.cin*(l.s+2)*(l.s+2)*b)
		col = max(col, colBlockLen(l.cin*9, l.s*l.s, b))
		wt = max(wt, l.cin*9*l.cout)
	}
	return tmp, dx, col, wt
}

func (m *DeepCNN) newShard(b int) *deepShard {
	tmp, dx, col, wt := m.deepSizes(b)
	sh := &deepShard{
		tmp:   make([]float32, tmp),
		dx:    make([]float32, dx),
		gap:   make([]float32, m.width*b),
		feat:  make([]float32, m.width*b),
		dfeat: make([]float32, m.width*b),
		col:   make([]float32, col),
		wt:    make([]float32, wt),
		gwt:   make([]float32, wt),
		acc:   make([]float32, b),
		g32:   make([]float32, m.n),
		head:  newMLPShard(m.head, b),
	}
	for _, l := range m.layers {
		sh.x = append(sh.x, make([]float32, l.cin*(l.s+2)*(l.s+2)*b))
		sh.z = append(sh.z, make([]float32, l.cout*l.s*l.s*b))
		var arg []uint8
		if l.pool {
			arg = make([]uint8, l.cout*(l.s/2)*(l.s/2)*b)
		}
		sh.arg = append(sh.arg, arg)
	}
	return sh
}

// interiorRuns calls run(i, j, l) for each row of the ch maps of side s
// of n examples (examples innermost): the l = s·n values from i on in the
// maps are those from j on in the same maps with a border of one zero,
// of side s+2.
func interiorRuns(ch, s, n int, run func(i, j, l int)) {
	for c := 0; c < ch; c++ {
		for r := 0; r < s; r++ {
			run((c*s+r)*s*n, ((c*(s+2)+r+1)*(s+2)+1)*n, s*n)
		}
	}
}

// pad stores in dst the ch maps of side s of n examples in src with a
// border of zeros, side s+2; if relu, it stores max(v, 0) for each v.
func pad(dst, src []float32, ch, s, n int, relu bool) {
	clear(dst[:ch*(s+2)*(s+2)*n])
	interiorRuns(ch, s, n, func(i, j, l int) {
		if !relu {
			copy(dst[j:j+l], src[i:i+l])
			return
		}
		out := dst[j : j+l]
		for k, v := range src[i : i+l] {
			out[k] = max(v, 0)
		}
	})
}

// features runs the convolutions on the n examples x into sh.feat,
// leaving in sh what the backward pass needs.
func (m *DeepCNN) features(sh *deepShard, w, x []float32, n int) {
	c := m.c
	transpose(sh.tmp, x, n, m.InDim())
	pad(sh.x[0], sh.tmp, c.C, c.H, n, false)
	last := len(m.layers) - 1
	for i, l := range m.layers {
		z, s := sh.z[i], l.s
		conv(z, sh.x[i], w[l.offW:l.offB], sh.col, l.cin, s+2, 3, l.cout, n)
		if l.skip {
			interiorRuns(l.cin, s, n, func(i0, j, k int) { addTo(z[i0:i0+k], sh.x[i][j:j+k]) })
		}
		bias := w[l.offB : l.offB+l.cout]
		if l.pool {
			reluPool(sh.tmp, sh.arg[i], z, bias, l.cout, s, n)
			pad(sh.x[i+1], sh.tmp, l.cout, s/2, n, false)
			continue
		}
		for ch, bc := range bias {
			for k := range z[ch*s*s*n : (ch+1)*s*s*n] {
				z[ch*s*s*n+k] += bc
			}
		}
		if i < last {
			pad(sh.x[i+1], z, l.cout, s, n, true)
			continue
		}
		// Global average pooling of the ReLU'd maps, into gap (width ×
		// n) and feat (n × width).
		scale := 1 / float32(s*s)
		for ch := range l.cout {
			acc := sh.acc[:n]
			clear(acc)
			for p := range s * s {
				for e, v := range z[(ch*s*s+p)*n:][:n] {
					acc[e] += max(v, 0)
				}
			}
			for e, v := range acc {
				sh.gap[ch*n+e] = v * scale
			}
		}
		transpose(sh.feat, sh.gap, m.width, n)
	}
}

// addTo adds src to dst.
func addTo(dst, src []float32) {
	src = src[:len(dst)]
	for i, v := range src {
		dst[i] += v
	}
}

// reluBackward stores in z, the ch outputs of side s of n examples of a
// convolution (bias included), their gradient: that of ReLU(z), da, where
// z > 0, else 0; and in db[c] the sum of channel c's gradient. da is the
// inside of dx, maps of side s+2, plus skip if not nil (maps of side s).
// acc holds n sums, as in unpool.
func reluBackward(z, db, dx, skip, acc []float32, ch, s, n int) {
	acc = acc[:n]
	for c := 0; c < ch; c++ {
		clear(acc)
		for r := 0; r < s; r++ {
			at := (c*s + r) * s * n
			zr := z[at : at+s*n]
			dr := dx[((c*(s+2)+r+1)*(s+2)+1)*n:][:len(zr)]
			var sr []float32
			if skip != nil {
				sr = skip[at:][:len(zr)]
			}
			for j := 0; j < s; j++ {
				for e := range acc {
					k := j*n + e
					var g float32
					if zr[k] > 0 {
						g = dr[k]
						if sr != nil {
							g += sr[k]
						}
					}
					zr[k] = g
					acc[e] += g
				}
			}
		}
		var sum float32
		for _, v := range acc {
			sum += v
		}
		db[c] = sum
	}
}

// forwardBackward is MLP.forwardBackward for the DeepCNN.
func (m *DeepCNN) forwardBackward(sh *deepShard, w, x []float32, y []uint8, total int, back bool) (float64, int) {
	b := len(y)
	m.features(sh, w, x, b)
	hw := w[m.offHead:]
	loss, correct := m.head.forwardBackward(sh.head, hw, sh.feat[:b*m.width], y, total, back)
	if !back {
		return loss, correct
	}
	g := sh.g32
	copy(g[m.offHead:], sh.head.g32)
	m.head.inputGrad(sh.head, hw, sh.dfeat[:b*m.width], b)
	transpose(sh.gap, sh.dfeat, b, m.width)
	// The last convolution: the gradient of the averages spread over the
	// positions where its output is positive.
	L := len(m.layers) - 1
	l := m.layers[L]
	s := l.s
	z := sh.z[L]
	scale := 1 / float32(s*s)
	for ch := range l.cout {
		acc := sh.acc[:b]
		clear(acc)
		dg := sh.gap[ch*b:][:b]
		for p := range s * s {
			zp := z[(ch*s*s+p)*b:][:b]
			for e, v := range zp {
				var d float32
				if v > 0 {
					d = dg[e] * scale
				}
				zp[e] = d
				acc[e] += d
			}
		}
		var sum float32
		for _, v := range acc {
			sum += v
		}
		g[l.offB+ch] = sum
	}
	for i := L; ; i-- {
		l := m.layers[i]
		// z[i] holds the gradient of convolution i's output.
		var dx []float32
		if i > 0 {
			dx = sh.dx
		}
		convBackward(g[l.offW:l.offB], dx, sh.z[i], sh.x[i], w[l.offW:l.offB], sh.col, sh.wt, sh.gwt, l.cin, l.s+2, 3, l.cout, b)
		if i == 0 {
			break
		}
		p := m.layers[i-1]
		if p.pool {
			// The gradient of the pooled maps, then of z[i-1].
			interiorRuns(l.cin, l.s, b, func(i0, j, k int) { copy(sh.tmp[i0:i0+k], dx[j:j+k]) })
			unpool(sh.z[i-1], g[p.offB:p.offB+p.cout], sh.tmp, sh.arg[i-1], sh.acc, p.cout, p.s, b)
			continue
		}
		var skip []float32
		if l.skip {
			skip = sh.z[i]
		}
		reluBackward(sh.z[i-1], g[p.offB:p.offB+p.cout], dx, skip, sh.acc, p.cout, p.s, b)
	}
	return loss, correct
}

// logits runs the n examples x through the network into the head's
// logits, n × Classes, and returns them.
func (m *DeepCNN) logits(sh *deepShard, w, x []float32, n int) []float32 {
	m.features(sh, w, x, n)
	m.head.logits(sh.head, w[m.offHead:], sh.feat[:n*m.width], n)
	return sh.head.z[len(sh.head.z)-1]
}

func (sh *deepShard) grad() []float32 { return sh.g32 }
