// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Problem is a finite sum f(x) = (1/N) Σ_i f_i(x) of N component functions
// on R^d, the object of Eq. (1) of the paper.
//
// Implementations need not be safe for concurrent use; the engine calls them
// from one goroutine.
type Problem interface {
	// Len returns N, the number of components.
	Len() int
	// Dim returns d, the dimension of x.
	Dim() int
	// CompFunc returns f_i(x).
	CompFunc(i int, x []float64) float64
	// CompGrad stores ∇f_i(x) in grad, which has length Dim.
	CompGrad(grad []float64, i int, x []float64)
}

// Funcer is implemented by problems that evaluate f(x) faster than the
// average of their components.
type Funcer interface {
	Func(x []float64) float64
}

// Gradienter is implemented by problems that evaluate ∇f(x) faster than the
// average of their component gradients.
type Gradienter interface {
	Grad(grad, x []float64)
}

// BatchGradienter is implemented by problems that compute the mean
// gradient of several components faster together than one at a time, as a
// neural network does for a minibatch of examples. Run uses it for the
// steps of standard batching (Settings.BatchSize > 1) when the oracle has
// no noise and the orderer is not an Observer, which needs every
// component's gradient.
type BatchGradienter interface {
	// BatchGrad stores (1/|idx|) Σ_{i in idx} ∇f_i(x) in grad, which has
	// length Dim. idx is not empty and may repeat components.
	BatchGrad(grad []float64, idx []int, x []float64)
}

// Func returns f(x) = (1/N) Σ_i f_i(x), using p's Func method if it has one.
// It panics if p has no components (f would be NaN).
func Func(p Problem, x []float64) float64 {
	mustComponents(p.Len())
	if f, ok := p.(Funcer); ok {
		return f.Func(x)
	}
	n := p.Len()
	var sum float64
	for i := 0; i < n; i++ {
		sum += p.CompFunc(i, x)
	}
	return sum / float64(n)
}

// Grad stores ∇f(x) = (1/N) Σ_i ∇f_i(x) in grad and returns it, using p's
// Grad method if it has one. A nil grad is allocated. It panics if p has
// no components (∇f would be NaN).
func Grad(grad []float64, p Problem, x []float64) []float64 {
	mustComponents(p.Len())
	if grad == nil {
		grad = make([]float64, p.Dim())
	}
	if g, ok := p.(Gradienter); ok {
		g.Grad(grad, x)
		return grad
	}
	for j := range grad {
		grad[j] = 0
	}
	tmp := make([]float64, len(grad))
	n := p.Len()
	for i := 0; i < n; i++ {
		p.CompGrad(tmp, i, x)
		for j, v := range tmp {
			grad[j] += v
		}
	}
	inv := 1 / float64(n)
	for j := range grad {
		grad[j] *= inv
	}
	return grad
}

// Noise is the zero-mean oracle noise ξ of Assumption 2: the oracle answers
// ∇F_i(x, ξ) = ∇f_i(x) + ξ with ξ ~ D_i(x).
type Noise interface {
	// Perturb adds one draw of ξ ~ D_i(x) to grad, using rnd as the only
	// source of randomness.
	Perturb(grad []float64, i int, x []float64, rnd *rand.Rand)
}

// Gaussian is isotropic Gaussian oracle noise ξ ~ N(0, Std² I). It satisfies
// Assumption 2 with
//
//	ζ² = d Std²,  P = 0.
type Gaussian struct {
	Std float64
}

// Perturb implements Noise.
func (g Gaussian) Perturb(grad []float64, _ int, _ []float64, rnd *rand.Rand) {
	for j := range grad {
		grad[j] += g.Std * rnd.NormFloat64()
	}
}

// Oracle is the gradient oracle of Algorithm 1: it answers the gradient of a
// component, plus noise if the oracle is noisy. It is not safe for
// concurrent use.
type Oracle struct {
	p     Problem
	noise Noise
	rnd   *rand.Rand
}

// NewOracle returns an oracle for p. A nil noise gives exact gradients; src
// seeds the noise and may be nil only if noise is nil.
func NewOracle(p Problem, noise Noise, src rand.Source) *Oracle {
	o := &Oracle{p: p, noise: noise}
	if noise != nil {
		if src == nil {
			panic("ordering: noisy oracle without a random source")
		}
		o.rnd = rand.New(src)
	}
	return o
}

// Problem returns the problem the oracle answers for.
func (o *Oracle) Problem() Problem { return o.p }

// Noisy reports whether the oracle adds noise.
func (o *Oracle) Noisy() bool { return o.noise != nil }

// Grad stores the oracle's answer for component i at x in grad.
func (o *Oracle) Grad(grad []float64, i int, x []float64) {
	o.p.CompGrad(grad, i, x)
	if o.noise != nil {
		o.noise.Perturb(grad, i, x, o.rnd)
	}
}

// Batched is the problem whose components are fixed minibatches of another
// problem's components: component b is the mean of the base components
// listed in batch b. With batches of equal size that partition the base
// components, Batched has the same f as the base problem.
//
// Batched is not safe for concurrent use.
type Batched struct {
	base    Problem
	batches [][]int
	tmp     []float64
}

// NewBatched returns the batched view of p. It returns an error if p is
// nil, there are no batches, a batch is empty, or an index is outside
// [0, p.Len()). The batches are copied.
func NewBatched(p Problem, batches [][]int) (*Batched, error) {
	if p == nil {
		return nil, fmt.Errorf("ordering: %w: NewBatched of a nil problem", ErrSetting)
	}
	if len(batches) == 0 {
		return nil, fmt.Errorf("ordering: %w: no batches", ErrEmpty)
	}
	n := p.Len()
	cp := make([][]int, len(batches))
	for b, batch := range batches {
		if len(batch) == 0 {
			return nil, fmt.Errorf("ordering: %w: batch %d has no elements", ErrEmpty, b)
		}
		for _, i := range batch {
			if i < 0 || i >= n {
				return nil, fmt.Errorf("ordering: %w: batch %d holds index %d, want [0, %d)", ErrIndex, b, i, n)
			}
		}
		cp[b] = append([]int(nil), batch...)
	}
	return &Batched{base: p, batches: cp, tmp: make([]float64, p.Dim())}, nil
}

// Base returns the problem whose components are batched.
func (b *Batched) Base() Problem { return b.base }

// Batch returns the base indices of batch i. It must not be modified.
func (b *Batched) Batch(i int) []int { return b.batches[i] }

// Len returns the number of batches.
func (b *Batched) Len() int { return len(b.batches) }

// Dim returns the dimension of the base problem.
func (b *Batched) Dim() int { return b.base.Dim() }

// CompFunc returns the mean of the base components in batch i.
func (b *Batched) CompFunc(i int, x []float64) float64 {
	var sum float64
	for _, j := range b.batches[i] {
		sum += b.base.CompFunc(j, x)
	}
	return sum / float64(len(b.batches[i]))
}

// CompGrad stores the mean gradient of the base components in batch i.
func (b *Batched) CompGrad(grad []float64, i int, x []float64) {
	for k := range grad {
		grad[k] = 0
	}
	for _, j := range b.batches[i] {
		b.base.CompGrad(b.tmp, j, x)
		for k, v := range b.tmp {
			grad[k] += v
		}
	}
	inv := 1 / float64(len(b.batches[i]))
	for k := range grad {
		grad[k] *= inv
	}
}

// Errors returned for bad input. They are wrapped with the offending value.
var (
	ErrEmpty   = errors.New("empty input")
	ErrIndex   = errors.New("index out of range")
	ErrDim     = errors.New("dimension mismatch")
	ErrNaN     = errors.New("non-finite value")
	ErrRange   = errors.New("value out of range") // finite, beyond what an order's arithmetic holds
	ErrStep    = errors.New("invalid step size")
	ErrSetting = errors.New("invalid setting")
)

// isFinite reports whether every element of s is finite. v - v is 0 for
// a finite v and NaN for ±Inf and NaN: one subtraction and a predictable
// branch per element, where math.IsNaN and math.IsInf take several (the
// engine checks every step's gradient).
func isFinite(s []float64) bool {
	for _, v := range s {
		if v-v != 0 {
			return false
		}
	}
	return true
}
