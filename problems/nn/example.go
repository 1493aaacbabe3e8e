// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"errors"
	"fmt"

	"github.com/goodorder/goodorder/ordering"
)

// ExampleProblem is a data set as an ordering.Problem with one component
// per example, for the standard batching of Section 6.1: its BatchGrad
// evaluates a minibatch in one pass of the network, so that ordering.Run
// with Settings.BatchSize > 1 takes the steps of consecutive examples of
// an order. BatchProblem is the other batching: fixed batches as the
// components, for the orders that order batches.
type ExampleProblem struct {
	net Net
	ws  Workspace
	x   []float32 // the examples, rows of net.InDim() values
	y   []uint8
	bx  []float32 // the gathered batch
	by  []uint8
}

var _ ordering.BatchGradienter = (*ExampleProblem)(nil)

// NewExampleProblem returns the examples x (rows of net.InDim() values)
// with labels y, evaluated in batches of at most maxBatch examples. It
// returns an error if the sizes disagree, there are no examples, maxBatch
// < 1 or a label is not below net.Classes().
func NewExampleProblem(net Net, x []float32, y []uint8, maxBatch int) (*ExampleProblem, error) {
	d := net.InDim()
	switch {
	case len(x) != len(y)*d:
		return nil, fmt.Errorf("nn: %d input values for %d labels of %d values each", len(x), len(y), d)
	case len(y) == 0:
		return nil, errors.New("nn: no examples")
	case maxBatch < 1:
		return nil, fmt.Errorf("nn: batches of at most %d examples, want >= 1", maxBatch)
	}
	for i, l := range y {
		if int(l) >= net.Classes() {
			return nil, fmt.Errorf("nn: example %d has label %d, want < %d", i, l, net.Classes())
		}
	}
	return &ExampleProblem{net: net, ws: net.NewWorkspace(maxBatch), x: x, y: y}, nil
}

// Len returns the number of examples.
func (p *ExampleProblem) Len() int { return len(p.y) }

// Dim returns the number of parameters.
func (p *ExampleProblem) Dim() int { return p.net.NumParams() }

// gather copies the examples idx next to each other.
func (p *ExampleProblem) gather(idx []int) {
	d := p.net.InDim()
	p.bx, p.by = p.bx[:0], p.by[:0]
	for _, i := range idx {
		p.bx = append(p.bx, p.x[i*d:(i+1)*d]...)
		p.by = append(p.by, p.y[i])
	}
}

// CompFunc returns the loss of example i at w.
func (p *ExampleProblem) CompFunc(i int, w []float64) float64 {
	p.gather([]int{i})
	return p.ws.LossGrad(nil, w, p.bx, p.by)
}

// CompGrad stores the gradient of the loss of example i at w in grad.
func (p *ExampleProblem) CompGrad(grad []float64, i int, w []float64) {
	p.gather([]int{i})
	p.ws.LossGrad(grad, w, p.bx, p.by)
}

// BatchGrad stores the mean gradient of the examples idx at w in grad, in
// one pass of the network; len(idx) must not exceed the maxBatch of
// NewExampleProblem.
func (p *ExampleProblem) BatchGrad(grad []float64, idx []int, w []float64) {
	p.gather(idx)
	p.ws.LossGrad(grad, w, p.bx, p.by)
}
