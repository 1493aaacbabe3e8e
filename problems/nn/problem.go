// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"

	"github.com/goodorder/goodorder/ordering"
)

// BatchProblem is an ordering.Problem whose components are fixed
// minibatches of a data set: f_i(w) is the mean cross-entropy of batch i,
// so that orderers such as ordering.Greedy order batches, as in the
// paper's Table 1. It copies each batch's examples next to each other
// once, so that evaluating a batch streams memory.
type BatchProblem struct {
	net   Net
	ws    Workspace
	x     [][]float32
	y     [][]uint8
	sizes []int
	total int
}

var (
	_ ordering.Problem = (*BatchProblem)(nil)
	_ ordering.Funcer  = (*BatchProblem)(nil)
)

// NewBatchProblem returns the batches of the examples x (rows of
// net.InDim() values) with labels y. It returns an error naming the value
// if CheckExamples does, if there are no batches, a batch is empty or
// larger than a workspace of net may hold (buffers of 2^28 values), or an
// index is outside the examples. It panics with "nn: nil Net" if net is
// nil.
func NewBatchProblem(net Net, x []float32, y []uint8, batches [][]int) (*BatchProblem, error) {
	if err := CheckExamples(net, x, y); err != nil {
		return nil, err
	}
	d := net.InDim()
	if len(batches) == 0 {
		return nil, fmt.Errorf("nn: no batches")
	}
	p := &BatchProblem{net: net}
	largest, limit := 0, largestBatch(net)
	for bi, b := range batches {
		if len(b) == 0 {
			return nil, fmt.Errorf("nn: batch %d is empty", bi)
		}
		if len(b) > limit {
			return nil, fmt.Errorf("nn: batch %d holds %d examples, want at most %d for this network's buffers", bi, len(b), limit)
		}
		bx := make([]float32, 0, len(b)*d)
		by := make([]uint8, 0, len(b))
		for _, i := range b {
			if i < 0 || i >= len(y) {
				return nil, fmt.Errorf("nn: batch %d holds example %d, want [0, %d)", bi, i, len(y))
			}
			bx = append(bx, x[i*d:(i+1)*d]...)
			by = append(by, y[i])
		}
		p.x, p.y = append(p.x, bx), append(p.y, by)
		p.sizes = append(p.sizes, len(b))
		p.total += len(b)
		largest = max(largest, len(b))
	}
	p.ws = net.NewWorkspace(largest)
	return p, nil
}

// Len returns the number of batches.
func (p *BatchProblem) Len() int { return len(p.x) }

// Dim returns the number of parameters.
func (p *BatchProblem) Dim() int { return p.net.NumParams() }

// BatchSize returns the number of examples in batch i.
func (p *BatchProblem) BatchSize(i int) int { return p.sizes[i] }

// CompFunc returns the mean loss of batch i at w.
func (p *BatchProblem) CompFunc(i int, w []float64) float64 {
	return p.ws.LossGrad(nil, w, p.x[i], p.y[i])
}

// CompGrad stores the gradient of the mean loss of batch i at w in grad.
func (p *BatchProblem) CompGrad(grad []float64, i int, w []float64) {
	p.ws.LossGrad(grad, w, p.x[i], p.y[i])
}

// Func returns f(w) = (1/N) Σ_i f_i(w), the mean over batches of their
// mean losses, as ordering.Func defines it (with unequal batches this is
// not the mean loss over examples). It panics with "nn: BatchProblem not
// made by NewBatchProblem" for the zero BatchProblem, whose mean over no
// batches is not defined.
func (p *BatchProblem) Func(w []float64) float64 {
	if len(p.x) == 0 {
		panic("nn: BatchProblem not made by NewBatchProblem")
	}
	var s float64
	for i := range p.x {
		s += p.CompFunc(i, w)
	}
	return s / float64(len(p.x))
}

// evalChunk is the number of examples Evaluate passes at once.
const evalChunk = 512

// CheckExamples returns an error naming the value if x does not hold
// len(y) examples of net.InDim() values each or a label is not below
// net.Classes(): the checks to make on data from outside before Evaluate
// or a Workspace, which panic on them. It panics with "nn: nil Net" if net
// is nil.
func CheckExamples(net Net, x []float32, y []uint8) error {
	checkNet(net)
	d := net.InDim()
	if len(x) != len(y)*d {
		return fmt.Errorf("nn: %d input values for %d labels of %d values each", len(x), len(y), d)
	}
	for i, l := range y {
		if int(l) >= net.Classes() {
			return fmt.Errorf("nn: example %d has label %d, want < %d", i, l, net.Classes())
		}
	}
	return nil
}

// Evaluate returns the accuracy and the mean loss of net at w on the
// examples x with labels y, and zeros for no examples. It first checks x
// and y with CheckExamples and returns its error, naming the value, for
// data that fail it (a label out of range, lengths that disagree). It
// panics with "nn: nil Net" if net is nil and with "nn: wrong parameter,
// gradient or input length" if w does not hold net.NumParams() values.
func Evaluate(net Net, w []float64, x []float32, y []uint8) (accuracy, loss float64, err error) {
	if err := CheckExamples(net, x, y); err != nil {
		return 0, 0, err
	}
	if len(y) == 0 {
		return 0, 0, nil
	}
	d := net.InDim()
	chunk := min(evalChunk, largestBatch(net))
	ws := net.NewWorkspace(chunk)
	correct := 0
	for lo := 0; lo < len(y); lo += chunk {
		hi := min(lo+chunk, len(y))
		l, c := ws.Score(w, x[lo*d:hi*d], y[lo:hi])
		loss += l * float64(hi-lo)
		correct += c
	}
	return float64(correct) / float64(len(y)), loss / float64(len(y)), nil
}
