// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas/gonum"
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

// CIFARConfig returns the architecture this module uses for CIFAR-10's
// 32×32 colour images: the LeNet-5 of PyTorch's CIFAR-10 tutorial
// ("Training a classifier": 5×5 convolutions of 6 and 16 filters, a dense
// layer of 120) without its second dense layer of 84, which a CNN does not
// have, and like every network here without batch normalisation. It has
// 52,202 parameters. It is chosen for its cost: an epoch of CIFAR-10 takes
// seconds on two cores (BenchmarkCIFARCNNEpoch), where the paper's
// ResNet-18, with nearly a thousand times the multiply-adds per image
// (0.56·10^9 against 0.64·10^6), is out of reach, and widths of 16, 32
// and 128 take 3 times its CPU time with OpenBLAS, 4 times in pure Go.
func CIFARConfig() CNNConfig {
	return CNNConfig{C: 3, H: 32, W: 32, K: 5, Conv1: 6, Conv2: 16, Hidden: 120, Classes: 10}
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

// MulAdds returns the number of multiply-adds of the forward pass of one
// image in the convolutions and dense layers, the bulk of its cost (the
// backward pass takes about twice as many):
//
//	o1² · Conv1 · C · K²  +  o2² · Conv2 · Conv1 · K²  +  flat · Hidden  +  Hidden · Classes
//
// with o1 and o2 the sides of the convolutions' outputs and flat the
// flattened features. The default is 337,024 (24²·8·25 + 8²·16·8·25 +
// 256·64 + 64·10) and CIFARConfig's 642,000.
func (m *CNN) MulAdds() int {
	c := m.c
	k2 := c.K * c.K
	return m.o1*m.o1*c.Conv1*c.C*k2 + m.o2*m.o2*c.Conv2*c.Conv1*k2 + m.flat*c.Hidden + c.Hidden*c.Classes
}

// Init implements Net with PyTorch's defaults for Conv2d and Linear:
// uniform in ±1/√fan_in.
func (m *CNN) Init(w []float64, seed uint64) {
	if len(w) != m.n {
		panic("nn: wrong parameter length")
	}
	rnd := rand.New(rand.NewPCG(seed, cnnStream))
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
// two goroutines in a fixed way; each runs its part of the batch through
// every layer at once, in a few matrix products per layer and pass (see
// conv). It panics
// with "nn: workspace for an empty batch" if maxBatch < 1 and with
// "nn: workspace too large" if the buffers for maxBatch examples would
// exceed 2^28 values (1 GiB).
func (m *CNN) NewWorkspace(maxBatch int) Workspace { return newConvWorkspace(m, maxBatch) }

// cnnShard holds the buffers of one goroutine for a batch of b examples.
// The maps are stored channel, row, column, example: the examples
// innermost, so that a convolution is a few products of its filters with
// the im2col matrix of the whole batch at a block of output positions
// (see conv), and im2col, col2im and the pooling work on runs of b or
// more values.
type cnnShard struct {
	x    []float32 // C × H × W × b, the input
	z1   []float32 // Conv1 × o1 × o1 × b pre-activations, then their gradient
	p1   []float32 // Conv1 × p1 × p1 × b pooled maps
	dp1  []float32 // their gradient
	arg1 []uint8   // the place of each maximum in its pooling window
	z2   []float32 // Conv2 × o2 × o2 × b, then the gradient
	p2   []float32 // Conv2 × p2 × p2 × b, then the gradient
	arg2 []uint8
	// feat is the head's input, b × flat: p2 transposed, each example's
	// maps channel-major as the parameter layout says. dfeat is its
	// gradient.
	feat, dfeat []float32
	col         []float32 // a block of an im2col matrix
	// wt and gwt hold a convolution's filters and their gradient
	// transposed, acc one value per example for unpool.
	wt, gwt, acc []float32
	g32          []float32
	head         *mlpShard
}

func (m *CNN) newShard(batch int) *cnnShard {
	c := m.c
	k2 := c.K * c.K
	o1, o2 := m.o1*m.o1, m.o2*m.o2
	return &cnnShard{
		x:     make([]float32, batch*m.InDim()),
		z1:    make([]float32, c.Conv1*o1*batch),
		p1:    make([]float32, c.Conv1*m.p1*m.p1*batch),
		dp1:   make([]float32, c.Conv1*m.p1*m.p1*batch),
		arg1:  make([]uint8, c.Conv1*m.p1*m.p1*batch),
		z2:    make([]float32, c.Conv2*o2*batch),
		p2:    make([]float32, m.flat*batch),
		arg2:  make([]uint8, m.flat*batch),
		feat:  make([]float32, m.flat*batch),
		dfeat: make([]float32, m.flat*batch),
		col:   make([]float32, max(colBlockLen(c.C*k2, o1, batch), colBlockLen(c.Conv1*k2, o2, batch))),
		wt:    make([]float32, max(c.C, c.Conv2)*k2*c.Conv1),
		gwt:   make([]float32, max(c.C, c.Conv2)*k2*c.Conv1),
		acc:   make([]float32, batch),
		g32:   make([]float32, m.n),
		head:  newMLPShard(m.head, batch),
	}
}

// colBlock is the number of values of the im2col block conv aims at: 256
// KiB, which stays in a core's L2 cache between im2col and the product.
// With the whole im2col matrix of a half batch of 64 (1.8 MiB for the
// MNIST CNN's first convolution, 7.5 MiB for CIFARConfig's) OpenBLAS ran
// at 8 to 22 G multiply-adds per second, with blocks of 60 to 230 KiB at
// 60 to 72. Of 2^14 to 2^22 values, 2^16 gave the least CPU time per
// epoch or nearly in both builds, for the MNIST and CIFAR-10 CNNs.
const colBlock = 1 << 16

// blockPositions returns the number of output positions of a block of an
// im2col matrix of rows rows for n examples.
func blockPositions(rows, n int) int { return max(1, colBlock/(rows*n)) }

// colBlockLen returns the values of the largest block of an im2col matrix
// of rows rows over positions output positions of n or fewer examples:
// colBlock or less for blocks of several positions, rows·n for one.
func colBlockLen(rows, positions, n int) int {
	return min(rows*positions*n, max(colBlock, rows*n))
}

// patchRuns calls run(i, j, l) for each run of the (ch·k²) × ((p1-p0)·n)
// block at the output positions p0 to p1 of the im2col matrix of the ch
// maps of side s of n examples (examples innermost), o = s-k+1: row
// (c, ki, kj), column (oi, oj, e) for position p = oi·o + oj. The l values
// of the block from i on are those of the maps from j on: the positions of
// one output row in a row of the block are a run of the maps. im2col and
// its adjoint col2im walk the same runs.
func patchRuns(ch, s, k, n, p0, p1 int, run func(i, j, l int)) {
	o := s - k + 1
	width := (p1 - p0) * n
	r := 0
	for c := 0; c < ch; c++ {
		for ki := 0; ki < k; ki++ {
			for kj := 0; kj < k; kj++ {
				for p := p0; p < p1; {
					oi, oj := p/o, p%o
					end := min(p1, (oi+1)*o) // the end of output row oi
					run(r*width+(p-p0)*n, ((c*s+oi+ki)*s+kj+oj)*n, (end-p)*n)
					p = end
				}
				r++
			}
		}
	}
}

// im2col stores in col the (ch·k²) × ((p1-p0)·n) block at the output
// positions p0 to p1 of the im2col matrix of the ch maps of side s of n
// examples in x (see patchRuns). Its rows are runs of x.
func im2col(col, x []float32, ch, s, k, n, p0, p1 int) {
	patchRuns(ch, s, k, n, p0, p1, func(i, j, l int) { copy(col[i:i+l], x[j:]) })
}

// col2im adds to dx the patch gradients of the block dcol of positions p0
// to p1 at their places, the adjoint of im2col. It adds with gonum's
// assembly axpy in every build, twice as fast as a loop in Go: its runs
// of at most o·n values are too short to pay for a call of OpenBLAS
// through cgo.
func col2im(dx, dcol []float32, ch, s, k, n, p0, p1 int) {
	patchRuns(ch, s, k, n, p0, p1, func(i, j, l int) {
		gonum.Implementation{}.Saxpy(l, 1, dcol[i:i+l], 1, dx[j:], 1)
	})
}

// conv stores in z (f × o·o·n, o = s-k+1) the valid convolution, without
// bias, of the ch maps of side s of n examples in x (examples innermost)
// with the f filters w (f × ch·k², row-major). It forms the im2col matrix
// a block of output positions at a time, in col, and multiplies it while
// it is in the cache: one product per block, a few per batch.
func conv(z, x, w, col []float32, ch, s, k, f, n int) {
	o := s - k + 1
	rows, cols := ch*k*k, o*o*n
	step := blockPositions(rows, n)
	for p0 := 0; p0 < o*o; p0 += step {
		p1 := min(o*o, p0+step)
		width := (p1 - p0) * n
		im2col(col, x, ch, s, k, n, p0, p1)
		sgemmNN(f, width, rows, w, rows, col, width, z[p0*n:], cols)
	}
}

// convBackward is the adjoint of conv: from dz, the gradient of z, it
// stores in gw the gradient of the filters w and, if dx is not nil, in dx
// that of the maps x: gwᵀ = col · dzᵀ summed over the blocks, and dcol =
// wᵀ · dz for each block, added onto dx by col2im. The filters and their
// gradient are transposed (in wt and gwt): OpenBLAS is faster with the
// long im2col side first.
func convBackward(gw, dx, dz, x, w, col, wt, gwt []float32, ch, s, k, f, n int) {
	o := s - k + 1
	rows, cols := ch*k*k, o*o*n
	if dx != nil {
		clear(dx[:ch*s*s*n])
		transpose(wt, w, f, rows)
	}
	step := blockPositions(rows, n)
	for p0 := 0; p0 < o*o; p0 += step {
		p1 := min(o*o, p0+step)
		width := (p1 - p0) * n
		im2col(col, x, ch, s, k, n, p0, p1)
		beta := float32(1)
		if p0 == 0 {
			beta = 0
		}
		sgemmNT(rows, f, width, col, width, dz[p0*n:], cols, beta, gwt, f)
		if dx != nil {
			sgemmNN(rows, width, f, wt, f, dz[p0*n:], cols, col, width)
			col2im(dx, col, ch, s, k, n, p0, p1)
		}
	}
	transpose(gw, gwt, rows, f)
}

// noMax marks a pooling window whose entries are all at most 0: ReLU
// makes its output 0 and no gradient flows back through it.
const noMax = 4

// reluPool adds the bias of each channel to the ch maps of side o of n
// examples in z (examples innermost), applies ReLU and max-pools them 2×2
// into out (side o/2), storing in arg the place of each maximum in its
// window, 0 to 3 in row order (the first of equal ones), or noMax.
func reluPool(out []float32, arg []uint8, z, bias []float32, ch, o, n int) {
	p := o / 2
	for c := 0; c < ch; c++ {
		bc := bias[c]
		for i := 0; i < p; i++ {
			for j := 0; j < p; j++ {
				at := ((c*o+2*i)*o + 2*j) * n
				z00, z01 := z[at:at+n], z[at+n:at+2*n]
				z10, z11 := z[at+o*n:at+o*n+n], z[at+o*n+n:at+o*n+2*n]
				poolRuns(out[((c*p+i)*p+j)*n:][:n], arg[((c*p+i)*p+j)*n:][:n], z00, z01, z10, z11, bc)
			}
		}
	}
}

// poolRuns is reluPool's inner loop over the examples, a function of its
// own so that its values fit in registers.
func poolRuns(dst []float32, pos []uint8, z00, z01, z10, z11 []float32, bc float32) {
	z00, z01, z10, z11 = z00[:len(dst)], z01[:len(dst)], z10[:len(dst)], z11[:len(dst)]
	pos = pos[:len(dst)]
	for e := range dst {
		// ReLU'd floats order as their bits: comparing integers lets the
		// compiler choose without branches, which random maxima would
		// mispredict.
		v0, v1 := reluBits(z00[e]+bc), reluBits(z01[e]+bc)
		v2, v3 := reluBits(z10[e]+bc), reluBits(z11[e]+bc)
		a0, a1 := uint32(0), uint32(2) // not uint8: CMOV has no byte form
		if v1 > v0 {
			a0 = 1
		}
		if v3 > v2 {
			a1 = 3
		}
		m0, m1 := max(v0, v1), max(v2, v3)
		if m1 > m0 {
			a0 = a1
		}
		best := max(m0, m1)
		if best == 0 {
			a0 = noMax
		}
		dst[e] = math.Float32frombits(uint32(best))
		pos[e] = uint8(a0)
	}
}

// reluBits returns the bits of max(v, 0) as an int32, which orders
// non-negative floats as their values (a NaN above all or at 0).
func reluBits(v float32) int32 { return max(int32(math.Float32bits(v)), 0) }

// unpool is the adjoint of reluPool: it stores in dz (side o) the
// gradient dout of the pooled maps at the maxima arg and zeros elsewhere,
// and in db[c] the sum of channel c's gradient, the bias gradient. acc
// holds n values, sums for each example: one running sum would make
// each addition wait for the one before.
func unpool(dz, db, dout []float32, arg []uint8, acc []float32, ch, o, n int) {
	p := o / 2
	clear(dz[:ch*o*o*n])
	acc = acc[:n]
	// The offsets of the four places of a window from its first.
	off := [8]int{0, n, o * n, o*n + n}
	for c := 0; c < ch; c++ {
		clear(acc)
		for i := 0; i < p; i++ {
			for j := 0; j < p; j++ {
				win := dz[((c*o+2*i)*o+2*j)*n:][:o*n+2*n]
				pos := arg[((c*p+i)*p+j)*n:][:n]
				src := dout[((c*p+i)*p+j)*n:][:len(pos)]
				sum := acc[:len(pos)]
				for e, a := range pos {
					// noMax writes a zero over a zero.
					g := math.Float32frombits(math.Float32bits(src[e]) & mask(a != noMax))
					win[off[a&7]+e] = g
					sum[e] += g
				}
			}
		}
		var s float32
		for _, v := range acc {
			s += v
		}
		db[c] = s
	}
}

// mask returns all ones if b, else 0.
func mask(b bool) uint32 {
	var m uint32
	if b {
		m = 1
	}
	return -m
}

// features runs the convolutional blocks on the n examples x into
// sh.feat, leaving in sh what the backward pass needs.
func (m *CNN) features(sh *cnnShard, w []float32, x []float32, n int) {
	c := m.c
	transpose(sh.x, x, n, m.InDim())
	conv(sh.z1, sh.x, w[m.offW1:m.offB1], sh.col, c.C, c.H, c.K, c.Conv1, n)
	reluPool(sh.p1, sh.arg1, sh.z1, w[m.offB1:m.offW2], c.Conv1, m.o1, n)
	conv(sh.z2, sh.p1, w[m.offW2:m.offB2], sh.col, c.Conv1, m.p1, c.K, c.Conv2, n)
	reluPool(sh.p2, sh.arg2, sh.z2, w[m.offB2:m.offHead], c.Conv2, m.o2, n)
	transpose(sh.feat, sh.p2, m.flat, n)
}

// forwardBackward is MLP.forwardBackward for the CNN.
func (m *CNN) forwardBackward(sh *cnnShard, w []float32, x []float32, y []uint8, total int, back bool) (float64, int) {
	b := len(y)
	m.features(sh, w, x, b)
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
	g := sh.g32
	// The second block: dp2 (in p2), dz2 (in z2) and the bias gradient,
	// then the filters' gradient and dp1.
	transpose(sh.p2, sh.dfeat, b, m.flat)
	unpool(sh.z2, g[m.offB2:m.offHead], sh.p2, sh.arg2, sh.acc, c.Conv2, m.o2, b)
	convBackward(g[m.offW2:m.offB2], sh.dp1, sh.z2, sh.p1, w[m.offW2:m.offB2], sh.col, sh.wt, sh.gwt, c.Conv1, m.p1, c.K, c.Conv2, b)
	// The first block: dz1 (in z1), the gradients of the bias and filters.
	unpool(sh.z1, g[m.offB1:m.offW2], sh.dp1, sh.arg1, sh.acc, c.Conv1, m.o1, b)
	convBackward(g[m.offW1:m.offB1], nil, sh.z1, sh.x, w[m.offW1:m.offB1], sh.col, sh.wt, sh.gwt, c.C, c.H, c.K, c.Conv1, b)
	return loss, correct
}

// logits runs the n examples x through the network into the head's
// logits, n × Classes, and returns them.
func (m *CNN) logits(sh *cnnShard, w, x []float32, n int) []float32 {
	m.features(sh, w, x, n)
	m.head.logits(sh.head, w[m.offHead:], sh.feat[:n*m.flat], n)
	return sh.head.z[len(sh.head.z)-1]
}

func (sh *cnnShard) grad() []float32 { return sh.g32 }

// cnnMinShard is the smallest number of examples a goroutine of a CNN or
// DeepCNN workspace works on.
const cnnMinShard = 4

// gradShard is the buffers of one goroutine of a convWorkspace, which
// hold its part of a batch's gradient.
type gradShard interface{ grad() []float32 }

// convNet is a network whose Workspace is a convWorkspace with shards
// of type S, the buffers of one goroutine: CNN and DeepCNN.
type convNet[S gradShard] interface {
	Net
	// newShard returns the buffers for batch examples.
	newShard(batch int) S
	// forwardBackward evaluates the examples x, labels y, a part of a
	// batch of total examples: it returns their summed loss and the
	// number of correct predictions and, if back, stores in sh.grad()
	// their part of the gradient of the batch's mean loss.
	forwardBackward(sh S, w, x []float32, y []uint8, total int, back bool) (float64, int)
	// logits returns the logits of the n examples x, n × Classes.
	logits(sh S, w, x []float32, n int) []float32
}

// convWorkspace is the Workspace of a convNet: like the MLP's, it splits
// a batch between two goroutines in a fixed way and sums their gradients
// in a fixed order.
type convWorkspace[S gradShard] struct {
	sharded
	net   convNet[S]
	shard []S
}

// newConvWorkspace returns a workspace of net for batches of up to
// maxBatch examples. It panics as CNN.NewWorkspace says.
func newConvWorkspace[S gradShard](net convNet[S], maxBatch int) *convWorkspace[S] {
	checkWorkspace(net, maxBatch)
	ws := &convWorkspace[S]{net: net, sharded: newSharded(net, maxBatch, cnnMinShard)}
	for k := range ws.shards {
		ws.shard = append(ws.shard, net.newShard(ws.capacity(k)))
	}
	return ws
}

func (ws *convWorkspace[S]) eval(grad, w []float64, x []float32, y []uint8) (float64, int) {
	b := ws.begin(grad, w, x, y)
	d := ws.in
	loss, correct := ws.run(b, func(k, lo, hi int) (float64, int) {
		return ws.net.forwardBackward(ws.shard[k], ws.w32, x[lo*d:hi*d], y[lo:hi], b, grad != nil)
	})
	if grad != nil {
		ws.sumGrads(grad, b, func(k int) []float32 { return ws.shard[k].grad() })
	}
	return loss, correct
}

// LossGrad implements Workspace.
func (ws *convWorkspace[S]) LossGrad(grad, w []float64, x []float32, y []uint8) float64 {
	loss, _ := ws.eval(grad, w, x, y)
	return loss
}

// Score implements Workspace.
func (ws *convWorkspace[S]) Score(w []float64, x []float32, y []uint8) (float64, int) {
	return ws.eval(nil, w, x, y)
}

// Predict implements Workspace. It runs the examples on the first shard,
// as many at a time as it holds.
func (ws *convWorkspace[S]) Predict(dst []uint8, w []float64, x []float32) []uint8 {
	b := ws.begin(nil, w, x, nil)
	dst = append(dst[:0], make([]uint8, b)...)
	d, per := ws.in, ws.capacity(0)
	for lo := 0; lo < b; lo += per {
		hi := min(b, lo+per)
		argmaxRows(dst[lo:hi], ws.net.logits(ws.shard[0], ws.w32, x[lo*d:hi*d], hi-lo), ws.classes)
	}
	return dst
}
