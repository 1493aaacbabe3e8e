// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Epoch is what an Orderer may look at when it chooses r_t.
type Epoch struct {
	// T is the 0-based index of the epoch about to run.
	T int
	// X is x_t, the iterate at the start of the epoch. It must not be
	// modified.
	X []float64
	// Oracle answers component gradients, with the run's oracle noise.
	// Orderers that query it at X (such as Greedy) see the same oracle as
	// the steps.
	Oracle *Oracle
	// N is the number of components. Run sets it to the problem's Len; a
	// Sampler, which has no oracle, sets it to the n it was made with, so
	// that an orderer learning N from the problem (StaleGreedy, stale
	// SketchedGreedy) can run without an oracle.
	N int
}

// Orderer chooses the update sequence r_t of Algorithm 1 for each epoch.
// Entries are component indices in [0, N); the sequence may have any
// positive length n and may repeat or omit components.
type Orderer interface {
	// Order stores r_t in dst, resized as needed, and returns it.
	Order(dst []int, e Epoch) ([]int, error)
}

// Observer is implemented by orderers that learn from the gradients the
// steps compute, such as the online balancing orders that build r_{t+1}
// from the stale gradients of epoch t instead of an extra pass. Run calls
// Observe for every oracle gradient it computes in epoch t, in the order
// of r_t, after that epoch's Order call: pos is the position in r_t and i
// = r_{t,pos} the component. grad is the oracle's answer at the iterate of
// that step; it must not be modified or retained after Observe returns.
type Observer interface {
	Observe(t, pos, i int, grad []float64)
}

// StepSize is the step size γ of Algorithm 1, possibly varying with the
// epoch t (0-based) and the step i within the epoch (0-based).
type StepSize interface {
	Step(t, i int) float64
}

// Constant is a constant step size.
type Constant float64

// Step implements StepSize.
func (c Constant) Step(_, _ int) float64 { return float64(c) }

// StepFunc adapts a function to the StepSize interface.
type StepFunc func(t, i int) float64

// Step implements StepSize.
func (f StepFunc) Step(t, i int) float64 { return f(t, i) }

// Piecewise is a step size that starts at Initial and is multiplied by
// Factor at the start of each epoch listed in Milestones, like the paper's
// schedule (0.1, decayed by 0.1 after epochs 80, 120 and 160).
type Piecewise struct {
	Initial    float64
	Factor     float64
	Milestones []int
}

// Step implements StepSize.
func (p Piecewise) Step(t, _ int) float64 {
	g := p.Initial
	for _, m := range p.Milestones {
		if t >= m {
			g *= p.Factor
		}
	}
	return g
}

// Record is what the engine reports after each epoch.
type Record struct {
	// Epoch is t: 0 for the starting point x_0, then 1, ..., T for the
	// iterate after each epoch.
	Epoch int
	// Steps is the number of gradient steps taken so far.
	Steps int
	// X is x_t. It is reused by the engine: copy it to keep it.
	X []float64
	// F is f(x_t) and GradNorm2 is ‖∇f(x_t)‖², both NaN when
	// Settings.SkipEval is set.
	F, GradNorm2 float64
	// Order is r_t, the sequence used in the epoch that produced x_t (nil
	// for epoch 0). It is reused by the engine: copy it to keep it.
	Order []int
}

// Recorder receives a Record after each epoch. Returning Stop ends the run
// without error; any other error ends it with that error.
type Recorder interface {
	Record(r *Record) error
}

// RecorderFunc adapts a function to the Recorder interface.
type RecorderFunc func(r *Record) error

// Record implements Recorder.
func (f RecorderFunc) Record(r *Record) error { return f(r) }

// Stop is returned by a Recorder to end a run early without error.
var Stop = errors.New("ordering: stop")

// History is a Recorder that keeps every record. X and Order are kept only
// if KeepX and KeepOrder are set.
type History struct {
	KeepX     bool
	KeepOrder bool
	Records   []Record
}

// Record implements Recorder.
func (h *History) Record(r *Record) error {
	c := *r
	c.X, c.Order = nil, nil
	if h.KeepX {
		c.X = append([]float64(nil), r.X...)
	}
	if h.KeepOrder && r.Order != nil {
		c.Order = append([]int(nil), r.Order...)
	}
	h.Records = append(h.Records, c)
	return nil
}

// Settings configures Run. Epochs and Step must be set; the other fields
// have defaults. A nil *Settings is the zero Settings, so Run reports the
// missing Epochs and Step.
type Settings struct {
	// Epochs is T, the number of epochs. It must be positive.
	Epochs int
	// Step is γ. It must be set and give positive finite values.
	Step StepSize
	// BatchSize makes each step use the mean oracle gradient of this many
	// consecutive entries of r_t (the last step of an epoch may use
	// fewer). Default 1: one component per step, as in Algorithm 1.
	// Random reshuffling with BatchSize B is the paper's standard batching.
	BatchSize int
	// Noise is the oracle noise. Default nil: exact gradients.
	Noise Noise
	// Seed seeds the oracle noise. Default 0.
	Seed uint64
	// Recorder receives a record of x_0 and of each epoch. Default nil.
	Recorder Recorder
	// SkipEval skips computing f(x_t) and ‖∇f(x_t)‖² after each epoch,
	// which costs a pass over all components. Default false.
	SkipEval bool
	// Momentum is the heavy-ball coefficient μ in [0, 1), in the
	// convention of PyTorch's SGD: with g the step's gradient (plus the
	// weight decay term), v ← μ v + g and x ← x - γ v, v starting at 0.
	// Default 0: plain Algorithm 1.
	Momentum float64
	// WeightDecay λ >= 0 adds λ x to every step's gradient (an L2 penalty
	// λ/2 ‖x‖² on f, which the recorded f and ‖∇f‖² do not include).
	// Default 0.
	WeightDecay float64
	// Context, if not nil, stops the run when it is done: Run returns its
	// error and the iterate so far. It is checked before every epoch and
	// every cancelCheck steps, so a long epoch stops part way. Default
	// nil: the run is not cancellable.
	Context context.Context
}

// cancelCheck is the number of steps between two checks of
// Settings.Context: a step is at least a gradient, so the check's cost
// (a lock) is negligible, and a step takes well under a millisecond for
// the problems of this module.
const cancelCheck = 16

// Result is the outcome of Run.
type Result struct {
	// X is the final iterate.
	X []float64
	// Epochs is the number of epochs run, less than Settings.Epochs if the
	// Recorder stopped the run.
	Epochs int
	// Steps is the number of gradient steps taken.
	Steps int
}

// Run runs Algorithm 1 (epoch-based gradient descent) on p from x0 for
// s.Epochs epochs, asking o for the sequence r_t of each epoch:
//
//	x_t^{i+1} = x_t^i - γ ∇F_{r_{t,i}}(x_t^i, ξ),  i = 1..n.
//
// It returns an error, and the iterate so far, if an input is invalid (a
// nil problem or orderer, N = 0, d = 0, len(x0) ≠ d, a missing or
// non-positive step size, an empty sequence or an index outside [0, N)) or
// if a gradient or iterate is not finite. It never modifies x0.
func Run(p Problem, x0 []float64, o Orderer, s *Settings) (*Result, error) {
	if s == nil {
		s = &Settings{}
	}
	switch {
	case p == nil:
		return nil, fmt.Errorf("ordering: %w: nil problem", ErrSetting)
	case o == nil:
		return nil, fmt.Errorf("ordering: %w: nil orderer", ErrSetting)
	}
	n, d := p.Len(), p.Dim()
	switch {
	case n <= 0:
		return nil, fmt.Errorf("ordering: %w: problem has N = %d components", ErrEmpty, n)
	case d <= 0:
		return nil, fmt.Errorf("ordering: %w: problem has dimension d = %d, want d > 0", ErrDim, d)
	case len(x0) != d:
		return nil, fmt.Errorf("ordering: %w: len(x0) = %d, problem dimension %d", ErrDim, len(x0), d)
	case !isFinite(x0):
		return nil, fmt.Errorf("ordering: %w: x0 has a non-finite entry", ErrNaN)
	case s.Epochs <= 0:
		return nil, fmt.Errorf("ordering: %w: Epochs = %d, want > 0", ErrSetting, s.Epochs)
	case s.Step == nil:
		return nil, fmt.Errorf("ordering: %w: no step size", ErrStep)
	case s.BatchSize < 0:
		return nil, fmt.Errorf("ordering: %w: BatchSize = %d, want >= 0", ErrSetting, s.BatchSize)
	case !(s.Momentum >= 0 && s.Momentum < 1):
		return nil, fmt.Errorf("ordering: %w: Momentum = %v, want in [0, 1)", ErrSetting, s.Momentum)
	case !(s.WeightDecay >= 0) || math.IsInf(s.WeightDecay, 1):
		return nil, fmt.Errorf("ordering: %w: WeightDecay = %v, want finite and >= 0", ErrSetting, s.WeightDecay)
	}
	// Run gives an orderer everything; the check is there so that an
	// orderer's needs are stated in one place, before the first epoch.
	if err := Uses(o, Available{Oracle: true, Observe: true}); err != nil {
		return nil, err
	}
	e := newEngine(p, x0, o, s)
	if stop, err := e.record(nil); stop || err != nil {
		return e.res, err
	}
	var order []int
	for t := 0; t < s.Epochs; t++ {
		if err := e.cancelled(); err != nil {
			return e.res, err
		}
		var err error
		if order, err = e.order(order, t); err != nil {
			return e.res, err
		}
		for step, lo := 0, 0; lo < len(order); step, lo = step+1, lo+e.batch {
			if step%cancelCheck == cancelCheck-1 {
				if err := e.cancelled(); err != nil {
					return e.res, err
				}
			}
			gamma := s.Step.Step(t, step)
			if !(gamma > 0) || math.IsInf(gamma, 1) {
				return e.res, fmt.Errorf("ordering: %w: γ = %v at epoch %d, step %d, want positive and finite", ErrStep, gamma, t, step)
			}
			batch := order[lo:min(lo+e.batch, len(order))]
			cnt := e.gradient(t, lo, batch)
			if !isFinite(e.acc) {
				return e.res, fmt.Errorf("ordering: %w: gradient at epoch %d, step %d (components %v)", ErrNaN, t, step, batch)
			}
			e.update(gamma, cnt)
			e.res.Steps++
		}
		if !isFinite(e.x) {
			return e.res, fmt.Errorf("ordering: %w: iterate after epoch %d (the run diverged)", ErrNaN, t)
		}
		e.res.Epochs++
		if stop, err := e.record(order); stop || err != nil {
			return e.res, err
		}
	}
	return e.res, nil
}

// engine is the state of one Run: the iterate, the oracle and the buffers
// of its three steps, gradient (the oracle's answer for a step's
// components), update (the step of plain, momentum or weight-decay SGD)
// and record (the Record after each epoch).
type engine struct {
	p      Problem
	o      Orderer
	s      *Settings
	n      int
	batch  int // components per step
	oracle *Oracle
	obs    Observer        // o, if it observes the steps' gradients
	bg     BatchGradienter // p, if it evaluates a batch at once and may
	x      []float64       // the iterate
	xt     []float64       // x_t, given to the orderer
	g, acc []float64       // one gradient; the sum of a step's gradients
	vel    []float64       // the momentum buffer, nil without momentum
	res    *Result
	rec    *Record
}

// cancelled returns the error of Settings.Context, nil if it is nil or
// not done.
func (e *engine) cancelled() error {
	if e.s.Context == nil {
		return nil
	}
	return e.s.Context.Err()
}

// newEngine returns the engine of a run with valid inputs.
func newEngine(p Problem, x0 []float64, o Orderer, s *Settings) *engine {
	d := p.Dim()
	e := &engine{p: p, o: o, s: s, n: p.Len(), batch: max(1, s.BatchSize)}
	var src rand.Source
	if s.Noise != nil {
		src = rand.NewPCG(s.Seed, noiseStream)
	}
	e.oracle = NewOracle(p, s.Noise, src)
	e.x = append([]float64(nil), x0...)
	e.xt, e.g, e.acc = make([]float64, d), make([]float64, d), make([]float64, d)
	if s.Momentum > 0 {
		e.vel = make([]float64, d)
	}
	e.obs, _ = o.(Observer)
	e.bg, _ = p.(BatchGradienter)
	if s.Noise != nil || e.obs != nil {
		// A noisy oracle or an observer needs every component's gradient.
		e.bg = nil
	}
	e.res = &Result{X: e.x}
	e.rec = &Record{X: e.x}
	return e
}

// order asks the orderer for r_t, stored in dst, and checks it.
func (e *engine) order(dst []int, t int) ([]int, error) {
	copy(e.xt, e.x)
	order, err := e.o.Order(dst[:0], Epoch{T: t, X: e.xt, Oracle: e.oracle, N: e.n})
	if err != nil {
		return order, fmt.Errorf("ordering: epoch %d: %w", t, err)
	}
	if len(order) == 0 {
		return order, fmt.Errorf("ordering: %w: epoch %d has an empty sequence", ErrEmpty, t)
	}
	for k, i := range order {
		if i < 0 || i >= e.n {
			return order, fmt.Errorf("ordering: %w: epoch %d, position %d holds %d, want [0, %d)", ErrIndex, t, k, i, e.n)
		}
	}
	return order, nil
}

// gradient stores in e.acc the gradients of the components of one step,
// which start at position lo of epoch t's order, showing each to the
// observer, and returns the count to divide e.acc by for their mean (1 if
// the problem evaluated the batch's mean at once).
func (e *engine) gradient(t, lo int, batch []int) float64 {
	switch {
	case len(batch) == 1:
		e.oracle.Grad(e.acc, batch[0], e.x)
		if e.obs != nil {
			e.obs.Observe(t, lo, batch[0], e.acc)
		}
		return 1
	case e.bg != nil:
		e.bg.BatchGrad(e.acc, batch, e.x)
		return 1
	}
	clear(e.acc)
	for k, i := range batch {
		e.oracle.Grad(e.g, i, e.x)
		if e.obs != nil {
			e.obs.Observe(t, lo+k, i, e.g)
		}
		for j, v := range e.g {
			e.acc[j] += v
		}
	}
	return float64(len(batch))
}

// update takes the step x ← x - γ·(mean gradient), e.acc/cnt, with
// momentum and weight decay if the settings ask for them.
func (e *engine) update(gamma, cnt float64) {
	x, acc := e.x, e.acc
	mu, wd := e.s.Momentum, e.s.WeightDecay
	switch {
	case e.vel != nil && cnt == 1:
		// The same as below without the division by 1 (v/1 is v, so
		// the bits are the same): a division per parameter and step is
		// the slowest operation of the loop.
		for j, v := range acc {
			e.vel[j] = mu*e.vel[j] + v + wd*x[j]
			x[j] -= gamma * e.vel[j]
		}
	case e.vel != nil:
		// PyTorch's SGD: the decay term joins the mean gradient before
		// the momentum buffer.
		for j, v := range acc {
			e.vel[j] = mu*e.vel[j] + v/cnt + wd*x[j]
			x[j] -= gamma * e.vel[j]
		}
	case wd > 0:
		for j, v := range acc {
			x[j] -= gamma * (v/cnt + wd*x[j])
		}
	default:
		gamma /= cnt
		for j, v := range acc {
			x[j] -= gamma * v
		}
	}
}

// record gives the Recorder the record of the epochs run so far, order
// being the last epoch's (nil before the first). It reports whether the
// Recorder asked to stop.
func (e *engine) record(order []int) (stop bool, err error) {
	if e.s.Recorder == nil {
		return false, nil
	}
	r := e.rec
	r.Epoch, r.Steps, r.Order = e.res.Epochs, e.res.Steps, order
	r.F, r.GradNorm2 = math.NaN(), math.NaN()
	if !e.s.SkipEval {
		r.F = Func(e.p, e.x)
		Grad(e.g, e.p, e.x)
		r.GradNorm2 = dot(e.g, e.g)
	}
	err = e.s.Recorder.Record(r)
	if errors.Is(err, Stop) {
		return true, nil
	}
	return false, err
}

func dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
