// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// MLPWorkspace32 evaluates an MLP in float32 end to end, for a training
// loop that keeps its weights in float32: LossGrad reads float32 weights
// and writes a float32 gradient, without a Workspace's conversions (w to
// float32 on the way in, the gradient to float64 on the way out), and
// ExampleGrads gives the gradient of each example's own loss, one at a
// time, for an order of examples that observes them (GraB's setting).
//
// A batch is split between goroutines as a Workspace splits it, so
// LossGrad's results do not depend on GOMAXPROCS; ExampleGrads runs on
// the calling goroutine. An MLPWorkspace32 is not safe for concurrent
// use.
type MLPWorkspace32 struct {
	sharded
	m     *MLP
	shard []*mlpShard
	ex    *mlpShard   // ExampleGrads' buffers, for a whole batch
	delta [][]float32 // delta[l]: batch × sizes[l+1], dLoss/dz of layer l
}

// NewMLPWorkspace32 returns a float32 workspace of m for batches of up to
// maxBatch examples. It panics with "nn: nil Net" if m is nil, and
// otherwise as m.NewWorkspace does.
func NewMLPWorkspace32(m *MLP, maxBatch int) *MLPWorkspace32 {
	// A function, not a method of MLP, and check32 apart from
	// sharded.begin: the paper's run cache hashes the code its runs reach,
	// which takes in begin and every method of a reached type (MLP) that
	// no code of the module calls; so the float32 path leaves the keys of
	// the cached runs as they were.
	checkNet(m)
	checkWorkspace(m, maxBatch)
	ws := &MLPWorkspace32{m: m, sharded: newSharded(m, maxBatch, mlpMinShard), ex: newMLPShard(m, maxBatch)}
	// sharded's float32 copy of float64 weights is not used: the weights
	// are float32 already.
	ws.w32 = nil
	for k := range ws.shards {
		ws.shard = append(ws.shard, newMLPShard(m, ws.capacity(k)))
	}
	for l := 0; l+1 < len(m.sizes); l++ {
		ws.delta = append(ws.delta, make([]float32, maxBatch*m.sizes[l+1]))
	}
	return ws
}

// LossGrad returns the mean cross-entropy loss of the examples (the rows
// of x, InDim values each, with labels y) at the float32 weights w and, if
// grad is not nil, stores the gradient of that mean in grad, in float32.
// Its arithmetic is a Workspace's, the sum of two goroutines' parts of a
// batch (batches of 2·64 examples and more with OpenBLAS, 2·16 in pure
// Go) taken in float32 where a Workspace takes it in float64. It panics
// if the sizes disagree, a label is out of range or the batch exceeds the
// workspace.
func (ws *MLPWorkspace32) LossGrad(grad, w []float32, x []float32, y []uint8) float64 {
	b := check32(&ws.sharded, len(w), grad != nil && len(grad) != ws.n, x, y)
	d := ws.m.sizes[0]
	// Shard 0 writes its part straight into grad: with one shard, the
	// whole gradient, with no copy.
	own := ws.shard[0].g32
	if grad != nil {
		ws.shard[0].g32 = grad
		defer func() { ws.shard[0].g32 = own }()
	}
	loss, _ := ws.run(b, func(k, lo, hi int) (float64, int) {
		return ws.m.forwardBackward(ws.shard[k], w, x[lo*d:hi*d], y[lo:hi], b, grad != nil)
	})
	if grad == nil {
		return loss
	}
	for k := 1; k < ws.shards; k++ {
		if lo, hi := ws.split(k, b); lo == hi {
			continue
		}
		for i, v := range ws.shard[k].g32 {
			grad[i] += v
		}
	}
	return loss
}

// ExampleGrads calls f(i, g) for each example i of the batch x, y, in
// order, with g the gradient at the float32 weights w of example i's own
// loss (not divided by the batch size), and returns the batch's mean
// loss. It takes one forward and one backward pass of the batch, as
// LossGrad does, keeping every layer's deltas, then forms each example's
// gradient from them: a weight matrix's part is the outer product of the
// layer's delta and input for the example, a bias's the delta. g is
// reused from one call of f to the next; f must not keep it. It panics as
// LossGrad does.
func (ws *MLPWorkspace32) ExampleGrads(w []float32, x []float32, y []uint8, f func(i int, g []float32)) float64 {
	b := check32(&ws.sharded, len(w), false, x, y)
	m, sh := ws.m, ws.ex
	L := len(m.sizes) - 1
	m.logits(sh, w, x, b)
	// Softmax cross-entropy: the last delta is softmax(z) - e_y, of each
	// example's own loss.
	k := m.sizes[L]
	z := sh.z[L-1][:b*k]
	last := ws.delta[L-1][:b*k]
	var loss float64
	for i := 0; i < b; i++ {
		row := z[i*k : (i+1)*k]
		mx := row[0]
		for _, v := range row[1:] {
			mx = max(mx, v)
		}
		var sum float64
		for _, v := range row {
			sum += math.Exp(float64(v - mx))
		}
		lse := float64(mx) + math.Log(sum)
		loss += lse - float64(row[y[i]])
		out := last[i*k : (i+1)*k]
		for j, v := range row {
			out[j] = float32(math.Exp(float64(v) - lse))
		}
		out[y[i]]--
	}
	// delta[l-1] = (delta[l] · W_l) ⊙ [z[l-1] > 0]
	for l := L - 1; l > 0; l-- {
		nin, nout := m.sizes[l], m.sizes[l+1]
		W := w[m.off[l] : m.off[l]+nout*nin]
		dp := ws.delta[l-1][:b*nin]
		blas32.Implementation().Sgemm(blas.NoTrans, blas.NoTrans, b, nin, nout, 1, ws.delta[l][:b*nout], nout, W, nin, 0, dp, nin)
		for i, v := range sh.z[l-1][:b*nin] {
			if v <= 0 {
				dp[i] = 0
			}
		}
	}
	g := sh.g32
	for i := 0; i < b; i++ {
		for l := 0; l < L; l++ {
			nin, nout := m.sizes[l], m.sizes[l+1]
			var prev []float32
			if l == 0 {
				prev = x[i*nin : (i+1)*nin]
			} else {
				prev = sh.a[l-1][i*nin : (i+1)*nin]
			}
			dl := ws.delta[l][i*nout : (i+1)*nout]
			// gW = dl ⊗ prev, a product of inner dimension 1.
			gW := g[m.off[l] : m.off[l]+nout*nin]
			blas32.Implementation().Sgemm(blas.NoTrans, blas.NoTrans, nout, nin, 1, 1, dl, 1, prev, nin, 0, gW, nin)
			copy(g[m.off[l]+nout*nin:m.off[l]+nout*nin+nout], dl)
		}
		f(i, g)
	}
	return loss / float64(b)
}

// check32 makes sharded.begin's checks of an evaluation with nw weights,
// badGrad reporting a gradient of the wrong length, and returns the batch
// size. It panics on sizes that disagree or a label out of range, with
// begin's messages. (begin keeps its own copy until the changes that move
// the cache's keys land: see NewMLPWorkspace32.)
func check32(s *sharded, nw int, badGrad bool, x []float32, y []uint8) int {
	if nw != s.n || len(x)%s.in != 0 || badGrad {
		panic("nn: wrong parameter, gradient or input length")
	}
	b := len(x) / s.in
	if b > s.max || b == 0 || (y != nil && len(y) != b) {
		panic("nn: batch size does not match the labels or exceeds the workspace")
	}
	for _, l := range y {
		if int(l) >= s.classes {
			panic("nn: label out of range")
		}
	}
	return b
}
