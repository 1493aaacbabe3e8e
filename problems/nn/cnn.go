// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// CNNConfig is the architecture of a CNN: two blocks of a valid K×K
// convolution, ReLU and 2×2 max pooling, then a dense hidden layer with
// ReLU and a dense output layer. Zero fields take the defaults, which fit
// MNIST.
type CNNConfig struct {
	// C, H and W are the channels, height and width of the input.
	// Defaults 1, 28, 28.
	C, H, W int
	// K is the side of the convolution kernels. Default 5.
	K int
	// Conv1 and Conv2 are the numbers of filters. Defaults 8 and 16.
	Conv1, Conv2 int
	// Hidden is the width of the dense hidden layer. Default 64.
	Hidden int
	// Classes is the number of classes. Default 10.
	Classes int
}

// CNN is a small convolutional network without batch normalisation:
// conv-ReLU-pool, conv-ReLU-pool, dense-ReLU, dense, softmax cross-entropy.
//
// The parameter vector w holds, in order, the filters of the first
// convolution (Conv1 × C × K × K, row-major) and their biases (Conv1), the
// same for the second convolution (Conv2 × Conv1 × K × K, Conv2), then the
// dense layers as in MLP (weights out × in row-major, then biases), the
// first taking the pooled maps flattened channel-major.
type CNN struct {
	c CNNConfig
	// Derived sizes: the output sides of the convolutions (o1, o2) and of
	// the poolings (p1, p2), the flattened features, and the offsets of
	// each parameter block in w.
	o1, p1, o2, p2, flat       int
	offW1, offB1, offW2, offB2 int
	head                       *MLP // the dense layers, parameters from offHead on
	offHead, n                 int
}

var _ Net = (*CNN)(nil)

// NewCNN returns a CNN with the architecture c. It returns an error naming
// the value if the input is too small for the two blocks, a size is not
// positive or above 4096, or the network would have more than 2^27
// parameters or buffers of more than 2^28 values for one example, which
// could not be allocated reasonably.
func NewCNN(c CNNConfig) (*CNN, error) {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.C, 1)
	def(&c.H, 28)
	def(&c.W, 28)
	def(&c.K, 5)
	def(&c.Conv1, 8)
	def(&c.Conv2, 16)
	def(&c.Hidden, 64)
	def(&c.Classes, 10)
	for _, v := range []int{c.C, c.H, c.W, c.K, c.Conv1, c.Conv2, c.Hidden} {
		if v < 1 || v > 1<<12 {
			return nil, fmt.Errorf("nn: CNN config %+v: sizes must be 1 to 4096", c)
		}
	}
	if c.H != c.W {
		return nil, fmt.Errorf("nn: CNN input %d×%d, want a square image", c.H, c.W)
	}
	m := &CNN{c: c}
	m.o1 = c.H - c.K + 1
	m.p1 = m.o1 / 2
	m.o2 = m.p1 - c.K + 1
	m.p2 = m.o2 / 2
	if m.o1 < 2 || m.p2 < 1 {
		return nil, fmt.Errorf("nn: CNN input %d×%d too small for two %d×%d convolutions with pooling", c.H, c.W, c.K, c.K)
	}
	m.flat = c.Conv2 * m.p2 * m.p2
	head, err := NewMLP(m.flat, c.Hidden, c.Classes)
	if err != nil {
		return nil, err
	}
	m.head = head
	m.offW1 = 0
	m.offB1 = c.Conv1 * c.C * c.K * c.K
	m.offW2 = m.offB1 + c.Conv1
	m.offB2 = m.offW2 + c.Conv2*c.Conv1*c.K*c.K
	m.offHead = m.offB2 + c.Conv2
	m.n = m.offHead + head.NumParams()
	if m.n > maxParams {
		return nil, fmt.Errorf("nn: CNN config %+v has %d parameters, want at most 2^27", c, m.n)
	}
	if largestBatch(m) < 1 {
		return nil, fmt.Errorf("nn: CNN config %+v needs buffers of more than 2^28 values for one example", c)
	}
	return m, nil
}

// Config returns the architecture with its defaults filled in.
func (m *CNN) Config() CNNConfig { return m.c }

// NumParams implements Net.
func (m *CNN) NumParams() int { return m.n }

// InDim implements Net.
func (m *CNN) InDim() int { return m.c.C * m.c.H * m.c.W }

// Classes implements Net.
func (m *CNN) Classes() int { return m.c.Classes }

// Init implements Net with PyTorch's defaults for Conv2d and Linear:
// uniform in ±1/√fan_in.
func (m *CNN) Init(w []float64, seed uint64) {
	if len(w) != m.n {
		panic("nn: wrong parameter length")
	}
	rnd := rand.New(rand.NewPCG(seed, 0x636e6e))
	fill := func(lo, hi, fanIn int) {
		bound := 1 / math.Sqrt(float64(fanIn))
		for i := lo; i < hi; i++ {
			w[i] = bound * (2*rnd.Float64() - 1)
		}
	}
	k2 := m.c.K * m.c.K
	fill(m.offW1, m.offW2, m.c.C*k2)
	fill(m.offW2, m.offHead, m.c.Conv1*k2)
	m.head.Init(w[m.offHead:], seed)
}

// NewWorkspace implements Net. Like the MLP's, it splits a batch between
// two goroutines in a fixed way. It panics with "nn: workspace for an
// empty batch" if maxBatch < 1 and with "nn: workspace too large" if the
// buffers for maxBatch examples would exceed 2^28 values (1 GiB).
func (m *CNN) NewWorkspace(maxBatch int) Workspace {
	checkWorkspace(m, maxBatch)
	ws := &cnnWorkspace{m: m, sharded: newSharded(m, maxBatch, cnnMinShard)}
	for k := range ws.shards {
		ws.shard = append(ws.shard, m.newShard(ws.capacity(k)))
	}
	return ws
}

// cnnMinShard is the smallest number of examples a goroutine works on.
const cnnMinShard = 4

type cnnWorkspace struct {
	sharded
	m     *CNN
	shard []*cnnShard
}

// cnnShard holds the buffers of one goroutine.
type cnnShard struct {
	col1, col2 []float32 // im2col of one example: (C·K²) × o1², (Conv1·K²) × o2²
	z1, z2     []float32 // batch × pre-activations of the convolutions
	pool1      []float32 // batch × Conv1 × p1²
	arg1, arg2 []int32   // batch × argmax positions of the poolings
	feat       []float32 // batch × flat, the head's input
	dfeat      []float32 // batch × flat
	dz2, dp1   []float32 // one example's gradients
	dcol2      []float32
	dz1        []float32
	g32        []float32
	head       *mlpShard
}

func (m *CNN) newShard(batch int) *cnnShard {
	c := m.c
	k2 := c.K * c.K
	return &cnnShard{
		col1:  make([]float32, c.C*k2*m.o1*m.o1),
		col2:  make([]float32, c.Conv1*k2*m.o2*m.o2),
		z1:    make([]float32, batch*c.Conv1*m.o1*m.o1),
		z2:    make([]float32, batch*c.Conv2*m.o2*m.o2),
		pool1: make([]float32, batch*c.Conv1*m.p1*m.p1),
		arg1:  make([]int32, batch*c.Conv1*m.p1*m.p1),
		arg2:  make([]int32, batch*m.flat),
		feat:  make([]float32, batch*m.flat),
		dfeat: make([]float32, batch*m.flat),
		dz2:   make([]float32, c.Conv2*m.o2*m.o2),
		dp1:   make([]float32, c.Conv1*m.p1*m.p1),
		dcol2: make([]float32, c.Conv1*k2*m.o2*m.o2),
		dz1:   make([]float32, c.Conv1*m.o1*m.o1),
		g32:   make([]float32, m.n),
		head:  newMLPShard(m.head, batch),
	}
}

// im2col stores in col the (ch·K²) × o² matrix of the K×K patches of the
// ch maps of side s in x, row (c, ki, kj), column (oi, oj).
func im2col(col, x []float32, ch, s, k, o int) {
	r := 0
	for c := 0; c < ch; c++ {
		for ki := 0; ki < k; ki++ {
			for kj := 0; kj < k; kj++ {
				row := col[r*o*o : (r+1)*o*o]
				for oi := 0; oi < o; oi++ {
					src := x[c*s*s+(oi+ki)*s+kj:]
					copy(row[oi*o:(oi+1)*o], src[:o])
				}
				r++
			}
		}
	}
}

// col2im adds the patch gradients dcol back onto the maps dx (cleared
// first), the adjoint of im2col.
func col2im(dx, dcol []float32, ch, s, k, o int) {
	clear(dx)
	r := 0
	for c := 0; c < ch; c++ {
		for ki := 0; ki < k; ki++ {
			for kj := 0; kj < k; kj++ {
				row := dcol[r*o*o : (r+1)*o*o]
				for oi := 0; oi < o; oi++ {
					dst := dx[c*s*s+(oi+ki)*s+kj:]
					for oj, v := range row[oi*o : (oi+1)*o] {
						dst[oj] += v
					}
				}
				r++
			}
		}
	}
}

// reluPool applies ReLU to the ch maps of side o in z and max-pools them
// 2×2 into out (side o/2), recording the position of each maximum.
func reluPool(out []float32, arg []int32, z []float32, ch, o int) {
	p := o / 2
	for c := 0; c < ch; c++ {
		for i := 0; i < p; i++ {
			for j := 0; j < p; j++ {
				best, at := float32(0), int32(-1)
				for di := 0; di < 2; di++ {
					for dj := 0; dj < 2; dj++ {
						pos := c*o*o + (2*i+di)*o + 2*j + dj
						if v := z[pos]; v > best {
							best, at = v, int32(pos)
						}
					}
				}
				out[c*p*p+i*p+j] = best
				arg[c*p*p+i*p+j] = at
			}
		}
	}
}

// conv computes z = W·col + b for f filters over o² positions.
func conv(z, w, b, col []float32, f, rows, o2 int) {
	for i := 0; i < f; i++ {
		for j := range z[i*o2 : (i+1)*o2] {
			z[i*o2+j] = b[i]
		}
	}
	blas32.Implementation().Sgemm(blas.NoTrans, blas.NoTrans, f, o2, rows, 1, w, rows, col, o2, 1, z, o2)
}

// features runs the convolutional blocks on example e of x into sh.feat.
func (m *CNN) features(sh *cnnShard, w []float32, x []float32, e int) {
	c := m.c
	k2 := c.K * c.K
	in := x[e*m.InDim() : (e+1)*m.InDim()]
	z1 := sh.z1[e*c.Conv1*m.o1*m.o1 : (e+1)*c.Conv1*m.o1*m.o1]
	im2col(sh.col1, in, c.C, c.H, c.K, m.o1)
	conv(z1, w[m.offW1:m.offB1], w[m.offB1:m.offW2], sh.col1, c.Conv1, c.C*k2, m.o1*m.o1)
	np1 := c.Conv1 * m.p1 * m.p1
	p1 := sh.pool1[e*np1 : (e+1)*np1]
	reluPool(p1, sh.arg1[e*np1:(e+1)*np1], z1, c.Conv1, m.o1)
	z2 := sh.z2[e*c.Conv2*m.o2*m.o2 : (e+1)*c.Conv2*m.o2*m.o2]
	im2col(sh.col2, p1, c.Conv1, m.p1, c.K, m.o2)
	conv(z2, w[m.offW2:m.offB2], w[m.offB2:m.offHead], sh.col2, c.Conv2, c.Conv1*k2, m.o2*m.o2)
	reluPool(sh.feat[e*m.flat:(e+1)*m.flat], sh.arg2[e*m.flat:(e+1)*m.flat], z2, c.Conv2, m.o2)
}

// forwardBackward is MLP.forwardBackward for the CNN.
func (m *CNN) forwardBackward(sh *cnnShard, w []float32, x []float32, y []uint8, total int, back bool) (float64, int) {
	b := len(y)
	for e := 0; e < b; e++ {
		m.features(sh, w, x, e)
	}
	hw := w[m.offHead:]
	loss, correct := m.head.forwardBackward(sh.head, hw, sh.feat[:b*m.flat], y, total, back)
	if !back {
		return loss, correct
	}
	copy(sh.g32[m.offHead:], sh.head.g32)
	// The gradient with respect to the head's input, from its first
	// layer's delta (left in the head shard's first activation buffer).
	m.head.inputGrad(sh.head, hw, sh.dfeat[:b*m.flat], b)
	c := m.c
	k2 := c.K * c.K
	gW1, gB1 := sh.g32[m.offW1:m.offB1], sh.g32[m.offB1:m.offW2]
	gW2, gB2 := sh.g32[m.offW2:m.offB2], sh.g32[m.offB2:m.offHead]
	clear(sh.g32[:m.offHead])
	o2sq, o1sq := m.o2*m.o2, m.o1*m.o1
	np1 := c.Conv1 * m.p1 * m.p1
	for e := 0; e < b; e++ {
		// Unpool the feature gradient onto the second convolution's
		// maxima (ReLU's mask: a pooled 0 came from no positive input).
		clear(sh.dz2)
		for i, at := range sh.arg2[e*m.flat : (e+1)*m.flat] {
			if at >= 0 {
				sh.dz2[at] = sh.dfeat[e*m.flat+i]
			}
		}
		p1 := sh.pool1[e*np1 : (e+1)*np1]
		im2col(sh.col2, p1, c.Conv1, m.p1, c.K, m.o2)
		// gW2 += dz2 · col2ᵀ, gB2 += row sums of dz2.
		blas32.Implementation().Sgemm(blas.NoTrans, blas.Trans, c.Conv2, c.Conv1*k2, o2sq, 1, sh.dz2, o2sq, sh.col2, o2sq, 1, gW2, c.Conv1*k2)
		for f := 0; f < c.Conv2; f++ {
			for _, v := range sh.dz2[f*o2sq : (f+1)*o2sq] {
				gB2[f] += v
			}
		}
		// dcol2 = W2ᵀ · dz2, back onto the pooled maps.
		blas32.Implementation().Sgemm(blas.Trans, blas.NoTrans, c.Conv1*k2, o2sq, c.Conv2, 1, w[m.offW2:m.offB2], c.Conv1*k2, sh.dz2, o2sq, 0, sh.dcol2, o2sq)
		col2im(sh.dp1, sh.dcol2, c.Conv1, m.p1, c.K, m.o2)
		clear(sh.dz1)
		for i, at := range sh.arg1[e*np1 : (e+1)*np1] {
			if at >= 0 {
				sh.dz1[at] = sh.dp1[i]
			}
		}
		im2col(sh.col1, x[e*m.InDim():(e+1)*m.InDim()], c.C, c.H, c.K, m.o1)
		blas32.Implementation().Sgemm(blas.NoTrans, blas.Trans, c.Conv1, c.C*k2, o1sq, 1, sh.dz1, o1sq, sh.col1, o1sq, 1, gW1, c.C*k2)
		for f := 0; f < c.Conv1; f++ {
			for _, v := range sh.dz1[f*o1sq : (f+1)*o1sq] {
				gB1[f] += v
			}
		}
	}
	return loss, correct
}

func (ws *cnnWorkspace) eval(grad, w []float64, x []float32, y []uint8) (float64, int) {
	b := ws.begin(grad, w, x, y)
	d := ws.m.InDim()
	loss, correct := ws.run(b, func(k, lo, hi int) (float64, int) {
		return ws.m.forwardBackward(ws.shard[k], ws.w32, x[lo*d:hi*d], y[lo:hi], b, grad != nil)
	})
	if grad != nil {
		ws.sumGrads(grad, b, func(k int) []float32 { return ws.shard[k].g32 })
	}
	return loss, correct
}

// LossGrad implements Workspace.
func (ws *cnnWorkspace) LossGrad(grad, w []float64, x []float32, y []uint8) float64 {
	loss, _ := ws.eval(grad, w, x, y)
	return loss
}

// Score implements Workspace.
func (ws *cnnWorkspace) Score(w []float64, x []float32, y []uint8) (float64, int) {
	return ws.eval(nil, w, x, y)
}

// Predict implements Workspace.
func (ws *cnnWorkspace) Predict(dst []uint8, w []float64, x []float32) []uint8 {
	b := ws.begin(nil, w, x, nil)
	dst = append(dst[:0], make([]uint8, b)...)
	m, sh := ws.m, ws.shard[0]
	d := m.InDim()
	per := len(sh.feat) / m.flat
	k := m.Classes()
	for lo := 0; lo < b; lo += per {
		hi := min(b, lo+per)
		for e := lo; e < hi; e++ {
			m.features(sh, ws.w32, x[lo*d:hi*d], e-lo)
		}
		m.head.logits(sh.head, ws.w32[m.offHead:], sh.feat[:(hi-lo)*m.flat], hi-lo)
		z := sh.head.z[len(sh.head.z)-1]
		argmaxRows(dst[lo:hi], z, k)
	}
	return dst
}
