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

// Net is a classifier whose parameters are one flat vector w.
type Net interface {
	// NumParams returns the length of w.
	NumParams() int
	// InDim returns the number of input values of an example.
	InDim() int
	// Classes returns the number of classes.
	Classes() int
	// Init stores a random initialisation drawn from seed in w.
	Init(w []float64, seed uint64)
	// NewWorkspace returns buffers for batches of up to maxBatch examples.
	NewWorkspace(maxBatch int) Workspace
}

// Workspace evaluates a Net. It is not safe for concurrent use; use one
// per goroutine.
type Workspace interface {
	// LossGrad returns the mean cross-entropy loss of the examples (the
	// rows of x, InDim values each, with labels y) at w and, if grad is
	// not nil, stores the gradient of that mean in grad. It panics if the
	// sizes disagree or the batch exceeds the workspace.
	LossGrad(grad, w []float64, x []float32, y []uint8) float64
	// Predict stores the most likely class of each row of x in dst,
	// resized as needed, and returns it.
	Predict(dst []uint8, w []float64, x []float32) []uint8
	// Score returns the mean loss of the examples at w and the number
	// whose most likely class is their label, in one forward pass.
	Score(w []float64, x []float32, y []uint8) (loss float64, correct int)
}

// MLP is a multilayer perceptron: dense layers with ReLU between them and
// a softmax cross-entropy loss on the last, without batch normalisation.
//
// The parameter vector w holds the layers in order, each as its weight
// matrix (out × in, row-major) followed by its bias (out).
type MLP struct {
	sizes []int
	off   []int // off[l] is the offset of layer l's weights in w
	n     int
}

var _ Net = (*MLP)(nil)

// NewMLP returns an MLP with the given layer sizes, input first and
// classes last, such as NewMLP(784, 128, 10). It returns an error naming
// the value for fewer than two sizes, a size below 1 (or 2 for the
// classes) or above 2^20, or more than 2^27 parameters in all (a 1 GiB
// parameter vector), which could not be allocated reasonably.
func NewMLP(sizes ...int) (*MLP, error) {
	if len(sizes) < 2 {
		return nil, fmt.Errorf("nn: MLP with sizes %v, want an input and an output size at least", sizes)
	}
	for i, s := range sizes {
		if s < 1 || (i == len(sizes)-1 && s < 2) || s > 1<<20 {
			return nil, fmt.Errorf("nn: MLP layer %d of size %d in %v, want 1 to 2^20 (2 or more classes)", i, s, sizes)
		}
	}
	m := &MLP{sizes: append([]int(nil), sizes...)}
	for l := 0; l+1 < len(sizes); l++ {
		m.off = append(m.off, m.n)
		// Each term is at most 2^40 + 2^20: the sum cannot overflow
		// before it passes maxParams.
		m.n += sizes[l+1]*sizes[l] + sizes[l+1]
		if m.n > maxParams {
			return nil, fmt.Errorf("nn: MLP with sizes %v has more than 2^27 parameters (%d in its first %d layers)", sizes, m.n, l+1)
		}
	}
	return m, nil
}

// Sizes returns the layer sizes.
func (m *MLP) Sizes() []int { return append([]int(nil), m.sizes...) }

// NumParams implements Net.
func (m *MLP) NumParams() int { return m.n }

// InDim implements Net.
func (m *MLP) InDim() int { return m.sizes[0] }

// Classes implements Net.
func (m *MLP) Classes() int { return m.sizes[len(m.sizes)-1] }

// Init implements Net with PyTorch's default for nn.Linear: weights and
// biases uniform in ±1/√in.
func (m *MLP) Init(w []float64, seed uint64) {
	if len(w) != m.n {
		panic("nn: wrong parameter length")
	}
	rnd := rand.New(rand.NewPCG(seed, mlpStream))
	for l := 0; l+1 < len(m.sizes); l++ {
		in, out := m.sizes[l], m.sizes[l+1]
		bound := 1 / math.Sqrt(float64(in))
		for i := m.off[l]; i < m.off[l]+out*in+out; i++ {
			w[i] = bound * (2*rnd.Float64() - 1)
		}
	}
}

// NewWorkspace implements Net. The workspace splits a batch between up to
// GOMAXPROCS goroutines in a fixed way and sums their gradients in a fixed
// order, so its results do not depend on the number of cores. It panics
// with "nn: workspace for an empty batch" if maxBatch < 1 and with
// "nn: workspace too large" if the buffers for maxBatch examples would
// exceed 2^28 values (1 GiB).
func (m *MLP) NewWorkspace(maxBatch int) Workspace {
	checkWorkspace(m, maxBatch)
	ws := &mlpWorkspace{m: m, sharded: newSharded(m, maxBatch, mlpMinShard)}
	for k := range ws.shards {
		ws.shard = append(ws.shard, newMLPShard(m, ws.capacity(k)))
	}
	return ws
}

type mlpWorkspace struct {
	sharded
	m     *MLP
	shard []*mlpShard
}

// mlpShard holds the buffers of one goroutine.
type mlpShard struct {
	z   [][]float32 // z[l]: batch × sizes[l+1] pre-activations (logits last)
	a   [][]float32 // a[l]: activations, a[0] unused (the input)
	g32 []float32   // gradient
	dt  []float32   // a transposed delta
}

func newMLPShard(m *MLP, batch int) *mlpShard {
	s := &mlpShard{g32: make([]float32, m.n)}
	widest := 0
	for l := 0; l+1 < len(m.sizes); l++ {
		widest = max(widest, m.sizes[l+1])
		s.z = append(s.z, make([]float32, batch*m.sizes[l+1]))
		s.a = append(s.a, make([]float32, batch*m.sizes[l+1]))
	}
	s.dt = make([]float32, batch*widest)
	return s
}

// LossGrad implements Workspace.
func (ws *mlpWorkspace) LossGrad(grad, w []float64, x []float32, y []uint8) float64 {
	loss, _ := ws.eval(grad, w, x, y)
	return loss
}

// Score implements Workspace.
func (ws *mlpWorkspace) Score(w []float64, x []float32, y []uint8) (loss float64, correct int) {
	return ws.eval(nil, w, x, y)
}

// eval returns the mean loss and the number of correct predictions and,
// if grad is not nil, stores the gradient of the mean loss in grad.
func (ws *mlpWorkspace) eval(grad, w []float64, x []float32, y []uint8) (float64, int) {
	b := ws.begin(grad, w, x, y)
	d := ws.m.sizes[0]
	loss, correct := ws.run(b, func(k, lo, hi int) (float64, int) {
		return ws.m.forwardBackward(ws.shard[k], ws.w32, x[lo*d:hi*d], y[lo:hi], b, grad != nil)
	})
	if grad != nil {
		ws.sumGrads(grad, b, func(k int) []float32 { return ws.shard[k].g32 })
	}
	return loss, correct
}

// forwardBackward evaluates the examples x, labels y, a part of a batch
// of total examples: it returns their summed loss and the number of
// correct predictions and, if back, stores in sh.g32 their part of the
// gradient of the batch's mean loss.
func (m *MLP) forwardBackward(sh *mlpShard, w []float32, x []float32, y []uint8, total int, back bool) (float64, int) {
	L := len(m.sizes) - 1
	b := len(y)
	m.logits(sh, w, x, b)
	// Softmax cross-entropy on the logits, in place: z becomes dLoss/dz.
	k := m.sizes[L]
	z := sh.z[L-1][:b*k]
	var loss float64
	correct := 0
	scale := float32(1) / float32(total)
	for i := 0; i < b; i++ {
		row := z[i*k : (i+1)*k]
		mx, best := row[0], 0
		for j, v := range row[1:] {
			if v > mx {
				mx, best = v, j+1
			}
		}
		if best == int(y[i]) {
			correct++
		}
		var sum float64
		for _, v := range row {
			sum += math.Exp(float64(v - mx))
		}
		lse := float64(mx) + math.Log(sum)
		loss += lse - float64(row[y[i]])
		if back {
			for j, v := range row {
				row[j] = float32(math.Exp(float64(v)-lse)) * scale
			}
			row[y[i]] -= scale
		}
	}
	if !back {
		return loss, correct
	}
	delta := z
	for l := L - 1; l >= 0; l-- {
		nin, nout := m.sizes[l], m.sizes[l+1]
		var prev []float32
		if l == 0 {
			prev = x
		} else {
			prev = sh.a[l-1][:b*nin]
		}
		gW := sh.g32[m.off[l] : m.off[l]+nout*nin]
		gb := sh.g32[m.off[l]+nout*nin : m.off[l]+nout*nin+nout]
		// gW = deltaᵀ · prev, with deltaᵀ formed first: gonum's kernel
		// for two untransposed operands runs on its vector axpy, about
		// twice as fast as its kernel for a transposed first operand.
		dt := sh.dt[:nout*b]
		transpose(dt, delta, b, nout)
		blas32.Implementation().Sgemm(blas.NoTrans, blas.NoTrans, nout, nin, b, 1, dt, b, prev, nin, 0, gW, nin)
		clear(gb)
		for i := 0; i < b; i++ {
			for j, v := range delta[i*nout : (i+1)*nout] {
				gb[j] += v
			}
		}
		if l == 0 {
			break
		}
		// delta_prev = (delta · W) ⊙ [z_prev > 0]
		W := w[m.off[l] : m.off[l]+nout*nin]
		dp := sh.a[l-1][:b*nin] // the activations are no longer needed
		blas32.Implementation().Sgemm(blas.NoTrans, blas.NoTrans, b, nin, nout, 1, delta, nout, W, nin, 0, dp, nin)
		zp := sh.z[l-1][:b*nin]
		for i, v := range zp {
			if v <= 0 {
				dp[i] = 0
			}
		}
		delta = dp
	}
	return loss, correct
}

// Predict implements Workspace.
func (ws *mlpWorkspace) Predict(dst []uint8, w []float64, x []float32) []uint8 {
	b := ws.begin(nil, w, x, nil)
	dst = append(dst[:0], make([]uint8, b)...)
	m := ws.m
	sh := ws.shard[0]
	d := m.sizes[0]
	for lo := 0; lo < b; lo += len(sh.z[0]) / m.sizes[1] {
		hi := min(b, lo+len(sh.z[0])/m.sizes[1])
		m.logits(sh, ws.w32, x[lo*d:hi*d], hi-lo)
		k := m.Classes()
		z := sh.z[len(sh.z)-1]
		argmaxRows(dst[lo:hi], z, k)
	}
	return dst
}

// logits runs the forward pass of b examples into sh.z[L-1].
func (m *MLP) logits(sh *mlpShard, w []float32, x []float32, b int) {
	L := len(m.sizes) - 1
	in := x
	for l := 0; l < L; l++ {
		nin, nout := m.sizes[l], m.sizes[l+1]
		W := w[m.off[l] : m.off[l]+nout*nin]
		bias := w[m.off[l]+nout*nin : m.off[l]+nout*nin+nout]
		z := sh.z[l][:b*nout]
		for i := 0; i < b; i++ {
			copy(z[i*nout:(i+1)*nout], bias)
		}
		blas32.Implementation().Sgemm(blas.NoTrans, blas.Trans, b, nout, nin, 1, in, nin, W, nin, 1, z, nout)
		if l < L-1 {
			a := sh.a[l][:b*nout]
			for i, v := range z {
				a[i] = max(v, 0)
			}
			in = a
		}
	}
}

// inputGrad stores in dst (b × sizes[0]) the gradient of the batch's mean
// loss with respect to the inputs, after a forwardBackward with back set:
// the first layer's delta (left in sh.a[0], or in sh.z[0] for a single
// layer) times its weights.
func (m *MLP) inputGrad(sh *mlpShard, w []float32, dst []float32, b int) {
	nin, nout := m.sizes[0], m.sizes[1]
	delta := sh.z[0][:b*nout]
	if len(m.sizes) > 2 {
		delta = sh.a[0][:b*nout]
	}
	blas32.Implementation().Sgemm(blas.NoTrans, blas.NoTrans, b, nin, nout, 1, delta, nout, w[:nout*nin], nin, 0, dst, nin)
}

// argmaxRows stores in dst[i] the index of the largest entry of row i of
// the row-major matrix z with k columns (the first on ties).
func argmaxRows(dst []uint8, z []float32, k int) {
	for i := range dst {
		row := z[i*k : (i+1)*k]
		best := 0
		for j, v := range row {
			if v > row[best] {
				best = j
			}
		}
		dst[i] = uint8(best)
	}
}

// transpose stores in dst the transpose (c × r) of the r × c row-major
// matrix src. It goes through src by strips of 8 rows, so that it writes
// runs of 8 values and reads 8 rows in step.
func transpose(dst, src []float32, r, c int) {
	for i0 := 0; i0 < r; i0 += 8 {
		i1 := min(r, i0+8)
		for j := 0; j < c; j++ {
			out := dst[j*r+i0 : j*r+i1]
			for k := range out {
				out[k] = src[(i0+k)*c+j]
			}
		}
	}
}
