// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import "math"

// Size limits. A network or workspace too large to allocate would kill the
// process with an out-of-memory error that no recover can catch, at its
// first use; the constructors reject it up front instead.
const (
	// maxParams bounds the parameters of a network: 2^27, a 1 GiB
	// float64 parameter vector (the MLP 784-128-10 has 101,770).
	maxParams = 1 << 27
	// maxWorkspace bounds the float32 values of a workspace's buffers,
	// those of a whole batch of examples plus those of one: 2^28, 1 GiB.
	maxWorkspace = 1 << 28
)

// Panic messages.
const (
	errNilNet    = "nn: nil Net"
	errWorkspace = "nn: workspace too large"
)

// checkNet panics with errNilNet if net is nil, or a nil *MLP, *CNN or
// *DeepCNN.
func checkNet(net Net) {
	switch m := net.(type) {
	case nil:
		panic(errNilNet)
	case *MLP:
		if m == nil {
			panic(errNilNet)
		}
	case *CNN:
		if m == nil {
			panic(errNilNet)
		}
	case *DeepCNN:
		if m == nil {
			panic(errNilNet)
		}
	}
}

// bufferValues returns the float32 (and int32) values a workspace of net
// holds for each example of a batch and once per goroutine, or zeros for
// a Net of another package.
func bufferValues(net Net) (perExample, fixed int) {
	switch m := net.(type) {
	case *MLP:
		widest := 0
		for _, s := range m.sizes[1:] {
			perExample += 2 * s // pre-activations and activations
			widest = max(widest, s)
		}
		return perExample + widest, m.n
	case *CNN:
		c := m.c
		k2 := c.K * c.K
		o1, o2 := m.o1*m.o1, m.o2*m.o2
		// The input, pre-activations, pooled maps, their gradient and
		// argmax (bytes, counted as values), the head's input and its
		// gradient, unpool's sums, and an im2col block, which holds
		// colBlock values or a column of both im2col matrices; the
		// gradient and filters transposed.
		perExample = m.InDim() + c.Conv1*o1 + 3*c.Conv1*m.p1*m.p1 + c.Conv2*o2 + 4*m.flat + 1 + (c.C+c.Conv1)*k2
		fixed = m.n + 2*max(c.C, c.Conv2)*k2*c.Conv1 + colBlock
		head, _ := bufferValues(m.head)
		return perExample + head, fixed
	case *DeepCNN:
		// Each convolution's padded input, output and argmax; the
		// largest transposed input or pooled maps (tmp) and padded
		// gradient (dx); the averages, the head's input and its
		// gradient; the sums; a column of the widest im2col matrix, the
		// rest of an im2col block being fixed with the gradient and the
		// filters transposed.
		tmp, dx, _, wt := m.deepSizes(1)
		rows := 0
		for _, l := range m.layers {
			perExample += l.cin*(l.s+2)*(l.s+2) + l.cout*l.s*l.s
			if l.pool {
				perExample += l.cout * (l.s / 2) * (l.s / 2)
			}
			rows = max(rows, l.cin*9)
		}
		perExample += tmp + dx + 3*m.width + 1 + rows
		head, _ := bufferValues(m.head)
		return perExample + head, m.n + 2*wt + colBlock
	}
	return 0, 0
}

// largestBatch returns the largest batch a workspace of net may hold
// within maxWorkspace values per goroutine.
func largestBatch(net Net) int {
	perExample, fixed := bufferValues(net)
	if perExample == 0 {
		return math.MaxInt
	}
	return max(0, maxWorkspace-fixed) / perExample
}

// checkWorkspace panics with errWorkspace if a workspace of net for
// batches of maxBatch examples would exceed maxWorkspace values.
func checkWorkspace(net Net, maxBatch int) {
	if maxBatch > largestBatch(net) {
		panic(errWorkspace)
	}
}
