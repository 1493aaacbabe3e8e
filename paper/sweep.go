// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

// This file holds the sweeps the two-level claims (two-level-k,
// sgd-internally) share: arms of runs of Algorithm 1 on the two-level
// quadratic, each run with its own order and seed, advanced epoch by epoch
// so that the mean over the runs is known after every epoch.

// sweepArm is one arm of a sweep: runs whose run r takes its orders from
// orderer(r) and the step step(t) in epoch t (t = 0, 1, ...).
type sweepArm struct {
	orderer func(run int) (ordering.Orderer, error)
	step    func(t int) float64
}

// constantStep returns the step function of a constant step.
func constantStep(gamma float64) func(int) float64 {
	return func(int) float64 { return gamma }
}

// sweepCurves is what a sweep measured of one arm, at the start of each
// epoch t (t = 0 is x_0). X2[t] and Switches[t] are the means over the
// runs of ‖x_t‖² and of the number of top-level switches so far: the
// steps whose top-level function differs from the previous step's, the
// first step of a run counting as one. Avg[t] and AvgSE[t] are the mean
// over the runs of the running average (1/(t+1)) Σ_{s≤t} ‖∇f(x_s)‖² (the
// left side of Theorem 1 for the horizon T = t+1) and its standard error.
type sweepCurves struct {
	X2, Switches, Avg, AvgSE []float64
	// Diverged reports that the mean ‖x_t‖² left 1e16 (divergeNorm2) at
	// the last epoch of the curves.
	Diverged bool
}

// sweepSettings are the sizes of a sweep.
type sweepSettings struct {
	// X0 is the value of every coordinate of the start.
	X0 float64
	// Runs is the number of runs per arm and Epochs the most epochs run.
	Runs, Epochs int
	// Target2, if positive, stops the sweep at the first epoch T at which
	// some arm's mean ‖x_T‖² is below it: the epochs to the target of the
	// best arm.
	Target2 float64
}

// sweep runs the arms on p with s.Runs runs each and returns their
// curves. The arms advance together, an epoch at a time, workers arms at
// once. An arm stops when its mean diverges; with a target, every arm stops
// at the first epoch at which any arm reaches it, and its curves end
// there. The curves do not depend on workers: each arm's runs are seeded
// by its orderer and stepped alone.
func sweep(ctx context.Context, p *problems.TwoLevel, arms []sweepArm, s sweepSettings, workers int) ([]sweepCurves, error) {
	states := make([]*sweepState, len(arms))
	for a, arm := range arms {
		st, err := newSweepState(p, arm, s)
		if err != nil {
			return nil, err
		}
		states[a] = st
	}
	reached := false
	for t := 0; t < s.Epochs && !reached; t++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var (
			next atomic.Int64
			mu   sync.Mutex
			fail error
			wg   sync.WaitGroup
		)
		for range max(1, min(workers, len(arms))) {
			wg.Go(func() {
				for {
					a := int(next.Add(1) - 1)
					if a >= len(states) {
						return
					}
					if err := states[a].epoch(t); err != nil {
						mu.Lock()
						fail = cmp.Or(fail, err)
						mu.Unlock()
						return
					}
				}
			})
		}
		wg.Wait()
		if fail != nil {
			return nil, fail
		}
		for _, st := range states {
			c := &st.curves
			reached = reached || !c.Diverged && c.X2[len(c.X2)-1] < s.Target2
		}
	}
	curves := make([]sweepCurves, len(arms))
	for a, st := range states {
		curves[a] = st.curves
	}
	return curves, nil
}

// sweepState is an arm in the middle of a sweep.
type sweepState struct {
	p        *problems.TwoLevel
	arm      sweepArm
	xs       [][]float64
	ords     []ordering.Orderer
	last     []int // the top-level function of each run's last step
	switches float64
	sums     []float64 // each run's Σ_{s≤t} ‖∇f(x_s)‖²
	avg      []float64 // each run's average of ‖∇f‖² so far, for record
	g        []float64
	order    []int
	curves   sweepCurves
}

func newSweepState(p *problems.TwoLevel, arm sweepArm, s sweepSettings) (*sweepState, error) {
	st := &sweepState{
		p: p, arm: arm,
		xs:   make([][]float64, s.Runs),
		ords: make([]ordering.Orderer, s.Runs),
		last: make([]int, s.Runs),
		sums: make([]float64, s.Runs),
		avg:  make([]float64, s.Runs),
		g:    make([]float64, p.Dim()),
	}
	for r := range st.xs {
		var err error
		if st.ords[r], err = arm.orderer(r); err != nil {
			return nil, err
		}
		st.xs[r] = constant(p.Dim(), s.X0)
		st.last[r] = -1
	}
	st.record()
	return st, nil
}

// record appends the means at the current iterates to the curves.
func (st *sweepState) record() {
	c := &st.curves
	var x2 float64
	for r, x := range st.xs {
		st.p.Grad(st.g, x)
		x2 += norm2(x)
		st.sums[r] += norm2(st.g)
		st.avg[r] = st.sums[r] / float64(len(c.X2)+1)
	}
	n := float64(len(st.xs))
	mean, se := meanSE(st.avg)
	c.X2 = append(c.X2, x2/n)
	c.Switches = append(c.Switches, st.switches/n)
	c.Avg = append(c.Avg, mean)
	c.AvgSE = append(c.AvgSE, se)
	if !(x2/n < divergeNorm2) {
		c.Diverged = true
	}
}

// epoch runs epoch t of every run of the arm, unless it has diverged.
func (st *sweepState) epoch(t int) error {
	if st.curves.Diverged {
		return nil
	}
	gamma, m := st.arm.step(t), st.p.M()
	for r, x := range st.xs {
		var err error
		if st.order, err = st.ords[r].Order(st.order[:0], ordering.Epoch{T: t}); err != nil {
			return err
		}
		for _, k := range st.order {
			if top := k / m; top != st.last[r] {
				st.switches++
				st.last[r] = top
			}
		}
		st.p.Steps(x, gamma, st.order)
	}
	st.record()
	return nil
}

// halvings returns the step grid top·2^(-k/perOctave), k = 0..n-1:
// perOctave steps per halving.
func halvings(top float64, perOctave, n int) []float64 {
	s := make([]float64, n)
	for k := range s {
		s[k] = top * math.Exp2(-float64(k)/float64(perOctave))
	}
	return s
}

// epochsTo returns the smallest T with rate(T) <= eps, for a rate that
// decreases in T.
func epochsTo(rate func(int) (float64, error), eps float64) (int, error) {
	lo, hi := 0, 1
	for {
		r, err := rate(hi)
		if err != nil {
			return 0, err
		}
		if r <= eps {
			break
		}
		if hi > math.MaxInt/4 {
			return 0, fmt.Errorf("paper: rate does not fall below %v", eps)
		}
		lo, hi = hi, 2*hi
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		r, err := rate(mid)
		if err != nil {
			return 0, err
		}
		if r <= eps {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi, nil
}

func norm2(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v * v
	}
	return s
}

// divergeNorm2 is the squared norm beyond which a run is declared diverged.
const divergeNorm2 = 1e16

// twoLevelSteps returns 1.1·2^(-k/perOctave) over Section 6.2's range,
// 1.1·2^-1 to 1.1·2^-20.
func twoLevelSteps(perOctave int) []float64 {
	return halvings(1.1/2, perOctave, 19*perOctave+1)
}
