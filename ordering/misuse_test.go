// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/internal/misuse"
)

// TestMisuse checks the edges of the package's API: nil or empty inputs,
// sizes that could not be allocated and constants too extreme for float64
// return an error naming the value, and misuse panics with its documented
// message. TestOrdersErrors and TestBoundErrors cover the plain range
// checks.
func TestMisuse(t *testing.T) {
	const huge = 1 << 40
	panics := func(f func()) func() error { return func() error { f(); return nil } }
	p := newQuad(3, 2, 1)
	x := []float64{1, 2}
	empty := quad{}                  // N = 0
	flat := quad{b: [][]float64{{}}} // d = 0
	var zero mat.Dense               // no rows: only the zero value has none
	one := Theorem1Constants{L: 1, F0: 1, N: 1, T: 1}
	with := func(f func(*Theorem1Constants)) Theorem1Constants {
		c := one
		f(&c)
		return c
	}
	maxStep := func(c Theorem1Constants) func() error {
		return func() error { _, err := Theorem1MaxStep(c); return err }
	}
	tuned := func(c Theorem1Constants) func() error {
		return func() error { _, err := Theorem1TunedStep(c); return err }
	}

	misuse.Run(t, []misuse.Case{
		// A nil gradient matrix: an error where the function returns one,
		// else a documented panic.
		{Name: "Phi2 nil", Call: func() error { _, err := Phi2(nil, nil, []int{0}); return err }, Err: "gradient matrix is nil"},
		{Name: "SampleBias nil", Call: func() error { _, _, err := SampleBias(nil, []int{0}); return err }, Err: "gradient matrix is nil"},
		{Name: "Discrepancy nil", Call: func() error { _, err := Discrepancy(nil, []int{0}); return err }, Err: "gradient matrix is nil"},
		{Name: "SketchedGreedyOrder nil", Call: func() error { _, err := SketchedGreedyOrder(nil, nil, 2, 1); return err }, Err: "gradient matrix is nil"},
		{Name: "MeanBalanceOrder nil", Call: func() error { _, err := MeanBalanceOrder(nil, nil, nil, BalanceSettings{}); return err }, Err: "gradient matrix is nil"},
		{Name: "PairBalanceOrder nil", Call: func() error { _, err := PairBalanceOrder(nil, nil, nil, BalanceSettings{}); return err }, Err: "gradient matrix is nil"},
		{Name: "GreedyOrder nil", Call: panics(func() { GreedyOrder(nil, nil) }), Panic: "ordering: nil gradient matrix"},
		{Name: "Heterogeneity nil", Call: panics(func() { Heterogeneity(nil) }), Panic: "ordering: nil gradient matrix"},

		// An empty gradient matrix: no NaN.
		{Name: "Heterogeneity empty", Call: panics(func() { Heterogeneity(&zero) }), Panic: "ordering: empty gradient matrix"},
		{Name: "Phi2 empty", Call: func() error { _, err := Phi2(nil, &zero, []int{0}); return err }, Err: "sequence position 0 holds 0, want [0, 0)"},
		{Name: "SampleBias empty", Call: func() error { _, _, err := SampleBias(&zero, []int{0}); return err }, Err: "sequence position 0 holds 0, want [0, 0)"},
		{Name: "MeanBalanceOrder empty", Call: func() error { _, err := MeanBalanceOrder(nil, &zero, nil, BalanceSettings{}); return err }, Err: "mean balance over n = 0 components"},

		// Nil oracles and problems, and problems with no components.
		{Name: "NoiseEstimate nil", Call: func() error { _, _, err := NoiseEstimate(nil, [][]float64{x}, 1); return err }, Err: "oracle is nil"},
		{Name: "NoiseEstimate nil problem", Call: func() error { _, _, err := NoiseEstimate(NewOracle(nil, nil, nil), [][]float64{x}, 1); return err }, Err: "oracle has a nil problem"},
		{Name: "NoiseEstimate N=0", Call: func() error { _, _, err := NoiseEstimate(NewOracle(empty, nil, nil), [][]float64{x}, 1); return err }, Err: "problem has N = 0 components"},
		{Name: "NewBatched nil", Call: func() error { _, err := NewBatched(nil, [][]int{{0}}); return err }, Err: "NewBatched of a nil problem"},
		{Name: "SigmaTracker{} Record", Call: func() error { return new(SigmaTracker).Record(&Record{X: x}) }, Err: "SigmaTracker has a nil Problem"},
		{Name: "SigmaTracker{} in Run", Call: func() error {
			_, err := Run(p, x, fixed{0, 1, 2}, &Settings{Epochs: 1, Step: Constant(0.1), Recorder: &SigmaTracker{}})
			return err
		}, Err: "SigmaTracker has a nil Problem"},
		{Name: "Run nil problem", Call: func() error { _, err := Run(nil, x, fixed{0}, &Settings{Epochs: 1, Step: Constant(0.1)}); return err }, Err: "ordering: invalid setting: nil problem"},
		{Name: "Run nil orderer", Call: func() error { _, err := Run(p, x, nil, &Settings{Epochs: 1, Step: Constant(0.1)}); return err }, Err: "nil orderer"},
		// d = 0: named before the first epoch, not a panic inside gonum.
		{Name: "Run d=0 Greedy", Call: func() error {
			_, err := Run(flat, nil, &Greedy{}, &Settings{Epochs: 1, Step: Constant(0.1)})
			return err
		}, Err: "problem has dimension d = 0, want d > 0"},
		{Name: "Run d=0 StaleGreedy", Call: func() error {
			_, err := Run(flat, nil, &StaleGreedy{}, &Settings{Epochs: 1, Step: Constant(0.1)})
			return err
		}, Err: "problem has dimension d = 0, want d > 0"},
		// Greedy orders whose N×N Gram matrix or N×d gradients could not
		// be allocated: an error naming the size, before any allocation.
		{Name: "Greedy N=2^15+1", Call: func() error {
			_, err := (&Greedy{}).Order(nil, Epoch{X: []float64{0}, Oracle: NewOracle(sized{1<<15 + 1, 1}, nil, nil)})
			return err
		}, Err: "greedy of N = 32769 components, want at most 2^15"},
		{Name: "StaleGreedy N·d=2^31+", Call: func() error {
			_, err := (&StaleGreedy{}).Order(nil, Epoch{X: make([]float64, 1<<17), Oracle: NewOracle(sized{1 << 15, 1 << 17}, nil, nil)})
			return err
		}, Err: "stale greedy of N·d = 32768·131072 gradient entries, want at most 2^31"},
		{Name: "GreedyOrder N=2^15+1", Call: panics(func() { GreedyOrder(nil, mat.NewDense(1<<15+1, 1, nil)) }), Panic: "ordering: greedy order of more than 2^15 rows"},
		{Name: "GreedyOrder32 N=2^15+1", Call: panics(func() {
			GreedyOrder32(nil, blas32.General{Rows: 1<<15 + 1, Cols: 1, Stride: 1, Data: make([]float32, 1<<15+1)})
		}), Panic: "ordering: greedy order of more than 2^15 rows"},
		{Name: "SketchedGreedy N=2^15+1", Call: func() error {
			_, err := (&SketchedGreedy{K: 1}).Order(nil, Epoch{X: []float64{0, 0}, Oracle: NewOracle(sized{1<<15 + 1, 2}, nil, nil)})
			return err
		}, Err: "sketched greedy of N = 32769 components"},
		{Name: "Func N=0", Call: panics(func() { Func(empty, []float64{1}) }), Panic: "ordering: problem with no components"},
		{Name: "Grad N=0", Call: panics(func() { Grad(nil, empty, []float64{1}) }), Panic: "ordering: problem with no components"},
		{Name: "ComponentGrads N=0", Call: panics(func() { ComponentGrads(nil, empty, []float64{1}) }), Panic: "ordering: problem with no components"},
		{Name: "ComponentGrads d=0", Call: panics(func() { ComponentGrads(nil, flat, nil) }), Panic: "ordering: problem of dimension 0"},

		// Constants too extreme for float64: an error, not a step of 0.
		{Name: "MaxStep L=1e300 n=2^40", Call: maxStep(with(func(c *Theorem1Constants) { c.L, c.N = 1e300, huge })), Err: "L = 1e+300, n = 1099511627776, M* = 0 and P = 0 give the step limit 1/(8 L (n + n M* + P)) = 0"},
		{Name: "MaxStep L=1e-320", Call: maxStep(with(func(c *Theorem1Constants) { c.L = 1e-320 })), Err: "L = 1e-320, n = 1, M* = 0 and P = 0 give the step limit 1/(8 L (n + n M* + P)) = +Inf"},
		{Name: "MaxStep M*=MaxFloat64", Call: maxStep(with(func(c *Theorem1Constants) { c.MStar, c.N = math.MaxFloat64, 2 })), Err: "M* = 1.7976931348623157e+308"},
		{Name: "Bound L=1e-320", Call: func() error {
			_, err := Theorem1Bound(with(func(c *Theorem1Constants) { c.L = 1e-320 }), 1)
			return err
		}, Err: "L = 1e-320"},
		{Name: "TunedStep L=1e300 n=2^40", Call: tuned(with(func(c *Theorem1Constants) { c.L, c.N = 1e300, huge })), Err: "L = 1e+300, n = 1099511627776"},
		{Name: "TunedStep σ*²=1e308", Call: tuned(with(func(c *Theorem1Constants) { c.SigmaStar2 = 1e308 })), Err: "constants {L:1 F0:1 Zeta2:0 P:0 SigmaStar2:1e+308 MStar:0 N:1 T:1} give the tuned step 0"},
		{Name: "TunedStep ζ²=1e308", Call: tuned(with(func(c *Theorem1Constants) { c.Zeta2 = 1e308 })), Err: "Zeta2:1e+308"},
		// The step, about 1e-50/L = 1e-350, underflows.
		{Name: "ProofTunedStep underflow", Call: func() error {
			_, err := Theorem1ProofTunedStep(with(func(c *Theorem1Constants) { c.L, c.F0, c.Zeta2 = 1e300, 1e-300, 1e100 }))
			return err
		}, Err: "constants {L:1e+300 F0:1e-300 Zeta2:1e+100 P:0 SigmaStar2:0 MStar:0 N:1 T:1} give the tuned step 0"},

		// Sizes that could not be allocated.
		{Name: "RR n=2^40", Call: func() error { _, err := NewRR(huge, 1); return err }, Err: "RR over n = 1099511627776 components, want at most 2^28"},
		{Name: "Incremental n=2^40", Call: func() error { _, err := NewIncremental(huge, nil); return err }, Err: "Incremental over n = 1099511627776 components, want at most 2^28"},
		{Name: "ShuffleOnce n=2^40", Call: func() error { _, err := NewShuffleOnce(huge, 1); return err }, Err: "ShuffleOnce over n = 1099511627776 components, want at most 2^28"},
		{Name: "SGD n=2^40", Call: func() error { _, err := NewSGD(huge, 1, 1); return err }, Err: "SGD over n = 1099511627776 components, want at most 2^28"},
		{Name: "SGD length=2^40", Call: func() error { _, err := NewSGD(2, huge, 1); return err }, Err: "SGD with length = 1099511627776 draws per epoch, want in [0, 2^28]"},
		{Name: "StandardShuffle N·m=2^40", Call: func() error { _, err := NewStandardShuffle(1<<20, 1<<20, 1); return err }, Err: "StandardShuffle with N·m = 1048576·1048576 components, want at most 2^28"},
		{Name: "SGDInternal N·m=2^40", Call: func() error { _, err := NewSGDInternal(1<<20, 1<<20, 1); return err }, Err: "SGDInternal with N·m = 1048576·1048576 components, want at most 2^28"},
		{Name: "KShuffle N·m=2^40", Call: func() error { _, err := NewKShuffle(1<<20, 1<<20, 1, 1); return err }, Err: "KShuffle with N·m = 1048576·1048576 components, want at most 2^28"},
		{Name: "MultiLevel 2^10·2^10·2^10", Call: func() error { _, err := NewMultiLevel([]int{1 << 10, 1 << 10, 1 << 10}, []int{1, 1}, 1); return err }, Err: "MultiLevel sizes [1024 1024 1024]: more than 2^28 components"},
		{Name: "MeanBalance n=2^40", Call: func() error { _, err := NewMeanBalance(huge, BalanceSettings{}); return err }, Err: "mean balance over n = 1099511627776 components, want at most 2^28"},
		{Name: "PairBalance n=2^40", Call: func() error { _, err := NewPairBalance(huge, BalanceSettings{}); return err }, Err: "pair balance over n = 1099511627776 components, want at most 2^28"},
		{Name: "FlipFlop n=2^40", Call: func() error { _, err := NewFlipFlop(huge, 1); return err }, Err: "FlipFlop over n = 1099511627776 components, want at most 2^28"},
		{Name: "CountSketch d=2^40", Call: func() error { _, err := NewCountSketch(huge, 4, 1); return err }, Err: "CountSketch from dimension 1099511627776 to 4, want both at most 2^28"},
		{Name: "CountSketch k=2^40", Call: func() error { _, err := NewCountSketch(4, huge, 1); return err }, Err: "CountSketch from dimension 4 to 1099511627776, want both at most 2^28"},
	})
}

// sized is a problem of n components of dimension d whose gradients are 0,
// which allocates nothing.
type sized struct{ n, d int }

func (s sized) Len() int                                 { return s.n }
func (s sized) Dim() int                                 { return s.d }
func (s sized) CompFunc(int, []float64) float64          { return 0 }
func (s sized) CompGrad(g []float64, _ int, _ []float64) { clear(g) }
