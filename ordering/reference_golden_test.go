// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Golden orders from the published balancing code (issue 39): the orders
// GraB, grab-sampler and CD-GraB build, transcribed as data, against
// ours. The references, at the commits read:
//
//	GraB        github.com/EugeneLYC/GraB @ 5eafc137c0f4274cec9c27c47e48a9c5043e8d35
//	            src/orderedsampler/sorter/pairbalance.py:58-159 (PairBalance.step),
//	            meanbalance.py:47-112 (MeanBalance), subroutine.py:6-10 (the rule
//	            ‖s+c‖ ≤ ‖s-c‖), src/orderedsampler/__init__.py:104-205 (the sampler);
//	            neurips22/src/dmsort/algo.py:97-145 (the paper's mean balancing,
//	            StaleGradDiscrepencyMinimizationSort)
//	grab-sampler github.com/garywei944/grab-sampler @ bc47db363938e534d93ad09a954039b4a7473f8d
//	            src/grabsampler/sorter/SorterBase.py:14-21 (the rule <s, c> < 0),
//	            PairBalance.py:8-72, MeanBalance.py:9-61, utils/estimator.py:22-50
//	            (StaleMeanEstimator), sampler.py:113-132
//	CD-GraB     github.com/GarlGuo/CD-GraB @ dc056f397925b8974a2ff90057d70550134b41ea
//	            algo.py:10-49 (GraB, mean balancing), algo.py:102-140
//	            (PairBalance_Sorter), d_algo.py:20-76 (CD_GraB, microbatch pairs;
//	            step at 58-66), d_algo.py:79-129 (CD_GraB_SingleGrad),
//	            d_algo.py:162-171 (Independent_PairBalance: ID-GraB)
//
// How the data were made: a throwaway Python transcription of those lines
// (PyTorch 1.13, float32 as in the references), with the model and its
// per-example gradients replaced by fixed gradients (component i's
// gradient is row i in every epoch), the references' first epoch in
// index order (their init_order_random=False, random_first_epoch=False,
// torch.arange; CD_GraB_SingleGrad's torch.randperm replaced by arange),
// and batches of 4 for the samplers that step once per batch. Each want
// holds the orders of epochs 1, 2, ... that the reference built. Where
// two references compute the same orders on a case (GraB's orderedsampler
// and CD-GraB's PairBalance_Sorter; GraB's dmsort and CD-GraB's GraB), the
// transcription checked it and the data are held once.

// refCentring is the MeanBalance setting of the references' centring:
// every reference centres epoch 0 on zero (GraB dmsort algo.py:111,135;
// GraB meanbalance.py:89-90, no mean before the first reset; grab-sampler
// estimator.py:33, the stale mean starts at zero; CD-GraB algo.py:14,36),
// and epoch t > 0 on epoch t-1's mean: the zero value of BalanceSettings
// (FirstEpochRunningMean false).
var refCentring = BalanceSettings{}

// refMatrix returns the rows g as a matrix.
func refMatrix(g [][]float64) *mat.Dense {
	m := mat.NewDense(len(g), len(g[0]), nil)
	for i, r := range g {
		m.SetRow(i, r)
	}
	return m
}

// refSampler returns a Sampler driving o over n components.
func refSampler(t *testing.T, o Orderer, n int) *Sampler {
	t.Helper()
	s, err := NewSampler(o, n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// refSamplerOrders drives o through a Sampler for epochs+1 epochs, showing
// it component i's fixed gradient grads[i] at every step, one at a time
// in float64 (Observe) or, if batch32, in batches of 4 in float32
// (ObserveBatch32, the references' step per batch), and returns the
// orders of epochs 1..epochs.
func refSamplerOrders(t *testing.T, o Orderer, grads [][]float64, epochs int, batch32 bool) [][]int {
	t.Helper()
	n, d := len(grads), len(grads[0])
	s := refSampler(t, o, n)
	var got [][]int
	for e := 0; e <= epochs; e++ {
		seq, err := s.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		if e > 0 {
			got = append(got, seq)
		}
		if e == epochs {
			break
		}
		for k := 0; k < n; k += 4 {
			idx := seq[k:min(k+4, n)]
			if !batch32 {
				for _, i := range idx {
					if err := s.Observe(i, grads[i]); err != nil {
						t.Fatal(err)
					}
				}
				continue
			}
			g := make([]float32, 0, len(idx)*d)
			for _, i := range idx {
				for _, v := range grads[i] {
					g = append(g, float32(v))
				}
			}
			if err := s.ObserveBatch32(idx, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	return got
}

// refOfflineOrders returns the orders of epochs 1..epochs that next builds,
// each from the previous, starting from 0, 1, ..., n-1.
func refOfflineOrders(t *testing.T, grads [][]float64, epochs int, next func(dst []int, g *mat.Dense, start []int) ([]int, error)) [][]int {
	t.Helper()
	g := refMatrix(grads)
	r := identity(nil, len(grads))
	var got [][]int
	for range epochs {
		var err error
		if r, err = next(nil, g, r); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	return got
}

// refPaths returns the orders of epochs 1..epochs that an orderer builds
// through every way a user reaches it: a Sampler (float64 one at a time,
// float32 in batches) and Run. newOrder returns a fresh orderer.
func refPaths(t *testing.T, grads [][]float64, epochs int, newOrder func() Orderer) map[string][][]int {
	t.Helper()
	return map[string][][]int{
		"Sampler.Observe":        refSamplerOrders(t, newOrder(), grads, epochs, false),
		"Sampler.ObserveBatch32": refSamplerOrders(t, newOrder(), grads, epochs, true),
		// runOrders returns the orders Run records, of epochs 0, 1, ...
		"Run": runOrders(t, linear{refMatrix(grads)}, newOrder(), epochs+1)[1:],
	}
}

// refCheckOrders reports the first epoch where got is not want.
func refCheckOrders(t *testing.T, what string, got, want [][]int) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d epochs, want %d", what, len(got), len(want))
		return
	}
	for e := range want {
		if !slices.Equal(got[e], want[e]) {
			t.Errorf("%s: epoch %d order %v, want %v", what, e+1, got[e], want[e])
			return
		}
	}
}

// TestGoldenPairBalance checks PairBalance and PairBalance32 against the
// pair balancing of GraB, CD-GraB (ties <s, c> = 0 to +1: the default)
// and grab-sampler (ties to -1: Strict), through a Sampler, Run and
// PairBalanceOrder. Every case has ties, the first pair's (s = 0) among
// them, so that the other tie rule gives other orders (checked); the odd
// case has GraB's unpaired last gradient, signed alone against the sum
// (pairbalance.py:112-122; grab-sampler and CD-GraB take even n only,
// PairBalance.py:12, algo.py:104).
func TestGoldenPairBalance(t *testing.T) {
	for _, c := range []struct {
		ref    string
		grads  [][]float64
		strict bool
		want   [][]int
	}{
		{"GraB pairbalance.py:105-157 = CD-GraB algo.py:102-140, n = 8", refGradsN8D3, false, refPairGraBN8D3},
		{"grab-sampler PairBalance.py:41-72, n = 8", refGradsN8D3, true, refPairGrabSamplerN8D3},
		{"GraB pairbalance.py:105-157 = CD-GraB algo.py:102-140, n = 16", refGradsN16D4, false, refPairGraBN16D4},
		{"grab-sampler PairBalance.py:41-72, n = 16", refGradsN16D4, true, refPairGrabSamplerN16D4},
		{"GraB pairbalance.py:105-157, odd n = 15", refGradsN15D5, false, refPairGraBN15D5},
	} {
		n, epochs := len(c.grads), len(c.want)
		set := BalanceSettings{Strict: c.strict, Start: identity(nil, n)}
		paths := refPaths(t, c.grads, epochs, func() Orderer {
			p, err := NewPairBalance(n, set)
			if err != nil {
				t.Fatal(err)
			}
			return p
		})
		for k, v := range refPaths(t, c.grads, epochs, func() Orderer {
			p, err := NewPairBalance32(n, set)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}) {
			paths["PairBalance32 "+k] = v
		}
		paths["PairBalanceOrder"] = refOfflineOrders(t, c.grads, epochs, func(dst []int, g *mat.Dense, start []int) ([]int, error) {
			return PairBalanceOrder(dst, g, start, set)
		})
		for k, got := range paths {
			refCheckOrders(t, fmt.Sprintf("%s: %s", c.ref, k), got, c.want)
		}
		// The case must tell the tie rules apart.
		other := set
		other.Strict = !c.strict
		if got := refOfflineOrders(t, c.grads, epochs, func(dst []int, g *mat.Dense, start []int) ([]int, error) {
			return PairBalanceOrder(dst, g, start, other)
		}); slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("%s: Strict = %v gives the same orders: the case does not test the tie rule", c.ref, other.Strict)
		}
	}
}

// refMeanCases are the mean balancing references: GraB's paper code and
// CD-GraB's GraB (the same orders on these cases; ties to +1) and
// grab-sampler's MeanBalance (ties to -1: Strict).
var refMeanCases = []struct {
	ref    string
	grads  [][]float64
	strict bool
	want   [][]int
}{
	{"GraB dmsort algo.py:123-145 = CD-GraB algo.py:10-49, n = 8", refGradsN8D3, false, refMeanGraBN8D3},
	{"grab-sampler MeanBalance.py:22-61, n = 8", refGradsN8D3, true, refMeanGrabSamplerN8D3},
	{"GraB dmsort algo.py:123-145 = CD-GraB algo.py:10-49, n = 16", refGradsN16D4, false, refMeanGraBN16D4},
	{"grab-sampler MeanBalance.py:22-61, n = 16", refGradsN16D4, true, refMeanGrabSamplerN16D4},
}

// TestGoldenMeanBalance checks MeanBalance, with the references'
// centring (refCentring), against their mean balancing through a Sampler
// and Run, from the first epoch on.
func TestGoldenMeanBalance(t *testing.T) {
	for _, c := range refMeanCases {
		n := len(c.grads)
		set := refCentring
		set.Strict, set.Start = c.strict, identity(nil, n)
		for k, got := range refPaths(t, c.grads, len(c.want), func() Orderer {
			m, err := NewMeanBalance(n, set)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}) {
			refCheckOrders(t, fmt.Sprintf("%s: %s", c.ref, k), got, c.want)
		}
	}
}

// TestGoldenMeanBalanceStale checks the references' orders from the
// second epoch on, where they centre on the previous epoch's mean: with
// gradients that do not change, that is the exact mean, MeanBalanceOrder's
// centre. Each order must be MeanBalanceOrder's of the one before, and
// the other tie rule must give another in some epoch.
func TestGoldenMeanBalanceStale(t *testing.T) {
	for _, c := range refMeanCases {
		g := refMatrix(c.grads)
		apart := false
		for e := 1; e < len(c.want); e++ {
			got, err := MeanBalanceOrder(nil, g, c.want[e-1], BalanceSettings{Strict: c.strict})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want[e]) {
				t.Errorf("%s: epoch %d order %v, want %v", c.ref, e+1, got, c.want[e])
			}
			other, err := MeanBalanceOrder(nil, g, c.want[e-1], BalanceSettings{Strict: !c.strict})
			if err != nil {
				t.Fatal(err)
			}
			apart = apart || !slices.Equal(other, c.want[e])
		}
		if !apart {
			t.Errorf("%s: Strict = %v gives the same orders: the case does not test the tie rule", c.ref, !c.strict)
		}
	}
}

// TestGoldenMeanBalanceNotOrderedSampler checks a deviation we keep: GraB's
// orderedsampler MeanBalance adds the centred gradient, not the gradient,
// into the next epoch's mean (meanbalance.py:89-93), so from its third
// epoch on it centres on the difference of two epochs' means (zero here,
// where the gradients do not change) and its orders leave the paper's
// (dmsort algo.py:134-135 adds the gradient before centring). Ours follow
// the paper: the orderedsampler's orders are ours in epochs 1 and 2 and
// not in epoch 3.
func TestGoldenMeanBalanceNotOrderedSampler(t *testing.T) {
	for _, c := range []struct {
		grads           [][]float64
		sampler, papers [][]int
	}{
		{refGradsN8D3, refMeanOrderedSamplerN8D3, refMeanGraBN8D3},
		{refGradsN16D4, refMeanOrderedSamplerN16D4, refMeanGraBN16D4},
	} {
		g := refMatrix(c.grads)
		n := len(c.grads)
		if !slices.Equal(c.sampler[0], c.papers[0]) {
			t.Fatalf("n = %d: the orderedsampler's first order %v is not the paper's %v", n, c.sampler[0], c.papers[0])
		}
		e2, err := MeanBalanceOrder(nil, g, c.sampler[0], BalanceSettings{})
		if err != nil {
			t.Fatal(err)
		}
		e3, err := MeanBalanceOrder(nil, g, e2, BalanceSettings{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(e2, c.sampler[1]) {
			t.Errorf("n = %d: epoch 2 order %v, want the orderedsampler's %v (both centre on epoch 1's mean)", n, e2, c.sampler[1])
		}
		if slices.Equal(e3, c.sampler[2]) || !slices.Equal(e3, c.papers[2]) {
			t.Errorf("n = %d: epoch 3 order %v, want the paper's %v, not the orderedsampler's %v", n, e3, c.papers[2], c.sampler[2])
		}
	}
}

// refWorkerOrders returns the orders of w workers of n examples each by
// method, starting, as the references do (CD-GraB d_algo.py:33, algo.py:110),
// from 0, 1, ..., n-1 on every worker rather than from WorkerOrders'
// seeded permutations.
func refWorkerOrders(t *testing.T, method WorkerMethod, w, n int) *WorkerOrders {
	t.Helper()
	o, err := NewWorkerOrders(method, w, n, 1)
	if err != nil {
		t.Fatal(err)
	}
	for k := range o.orders {
		o.orders[k] = identity(o.orders[k], n)
	}
	for k := range o.pairs {
		if o.pairs[k], err = NewPairBalance(n, BalanceSettings{Start: o.orders[k]}); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// TestGoldenWorkerOrders checks WorkerOrders against CD-GraB's code:
// CD-GraB with one example per worker and step (CD_GraB_SingleGrad),
// CD-GraB with microbatches (CD_GraB, pairs inside a microbatch of 4) and
// ID-GraB (Independent_PairBalance, a PairBalance_Sorter per worker).
// The microbatch variant is WorkerOrders observing the examples of each
// microbatch one after another, in microbatch order: its pairs are then
// the microbatch's (2i, 2i+1), the workers signed in turn for each pair as
// d_algo.py:41-53 does. (d_algo.py:60 signs g_{2i+1} - g_{2i} and puts the
// first of the pair in front on +1: the same signs as ours, which sign
// g_{2i} - g_{2i+1}, with the running sum negated; the same orders.)
func TestGoldenWorkerOrders(t *testing.T) {
	for _, c := range []struct {
		ref    string
		method WorkerMethod
		micro  int
		grads  [][][]float64
		want   [][][]int
	}{
		{"CD-GraB d_algo.py:79-129 (CD_GraB_SingleGrad)", CDGraB, 1, refWorkerGradsW3, refCDGraBW3},
		{"CD-GraB d_algo.py:162-171 with algo.py:102-140 (ID-GraB)", IDGraB, 1, refWorkerGradsW3, refIDGraBW3},
		{"CD-GraB d_algo.py:20-76 (CD_GraB, microbatch 4)", CDGraB, 4, refWorkerGradsW2, refCDGraBMicroW2},
	} {
		w, n := len(c.grads), len(c.grads[0])
		o := refWorkerOrders(t, c.method, w, n)
		var orders [][]int
		step := make([][]float64, w)
		for e := 0; e <= len(c.want); e++ {
			orders = o.Orders(orders)
			if e > 0 {
				for k := range orders {
					if !slices.Equal(orders[k], c.want[e-1][k]) {
						t.Errorf("%s: epoch %d worker %d order %v, want %v", c.ref, e, k, orders[k], c.want[e-1][k])
					}
				}
			}
			if e == len(c.want) {
				break
			}
			for t0 := 0; t0 < n; t0 += c.micro {
				// One training step: the microbatch's examples, observed in turn.
				for s := t0; s < t0+c.micro; s++ {
					for k := range step {
						step[k] = c.grads[k][orders[k][s]]
					}
					if err := o.Observe(step); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// refGradsN8D3 is component i's gradient (row i) in the golden
// cases of n = 8, d = 3: small integers, so that every sum, mean and
// inner product is exact in float32 and float64 and the ties are exact
// ties.
var refGradsN8D3 = [][]float64{
	{2, 0, 1},
	{1, -1, -1},
	{-1, -1, -1},
	{0, 0, -2},
	{-1, 1, 0},
	{-1, -2, 0},
	{0, 0, 0},
	{2, -1, 1},
}

// refPairGraBN8D3 are the orders of epochs 1, 2, ... that GraB's
// orderedsampler PairBalance built (pairbalance.py:105-157,
// subroutine.py:6-10; per example, batches of 4), and CD-GraB's
// PairBalance_Sorter (algo.py:102-140), the same orders, on refGradsN8D3.
var refPairGraBN8D3 = [][]int{
	{0, 2, 4, 6, 7, 5, 3, 1},
	{0, 4, 5, 1, 3, 7, 6, 2},
	{0, 5, 3, 6, 2, 7, 1, 4},
}

// refPairGrabSamplerN8D3 are the orders of epochs 1, 2, ... that
// grab-sampler's PairBalance built (PairBalance.py:41-72,
// SorterBase.py:14-21; steps of 4) on refGradsN8D3.
var refPairGrabSamplerN8D3 = [][]int{
	{1, 3, 5, 7, 6, 4, 2, 0},
	{3, 7, 4, 2, 0, 6, 5, 1},
	{7, 2, 6, 1, 5, 0, 4, 3},
}

// refMeanGraBN8D3 are the orders of epochs 1, 2, ... that GraB's paper code
// built (dmsort algo.py:123-145), and CD-GraB's GraB (algo.py:22-49), the
// same orders, on refGradsN8D3.
var refMeanGraBN8D3 = [][]int{
	{0, 2, 3, 4, 5, 6, 7, 1},
	{0, 2, 3, 5, 6, 7, 1, 4},
	{0, 2, 3, 5, 6, 7, 4, 1},
	{0, 2, 3, 5, 6, 7, 4, 1},
}

// refMeanOrderedSamplerN8D3 are the orders of epochs 1, 2, ... that GraB's
// orderedsampler MeanBalance built (meanbalance.py:47-112; per example,
// batches of 4): the paper's in epochs 1 and 2, not after, on refGradsN8D3.
var refMeanOrderedSamplerN8D3 = [][]int{
	{0, 2, 3, 4, 5, 6, 7, 1},
	{0, 2, 3, 5, 6, 7, 1, 4},
	{0, 2, 3, 6, 4, 1, 7, 5},
	{0, 2, 3, 6, 5, 7, 1, 4},
}

// refMeanGrabSamplerN8D3 are the orders of epochs 1, 2, ... that
// grab-sampler's MeanBalance built (MeanBalance.py:22-61,
// estimator.py:22-50; steps of 4) on refGradsN8D3.
var refMeanGrabSamplerN8D3 = [][]int{
	{1, 7, 6, 5, 4, 3, 2, 0},
	{7, 5, 4, 3, 0, 2, 6, 1},
	{6, 1, 2, 0, 3, 4, 5, 7},
	{7, 5, 4, 3, 0, 2, 1, 6},
}

// refGradsN16D4 is component i's gradient (row i) in the golden
// cases of n = 16, d = 4: small integers, so that every sum, mean and
// inner product is exact in float32 and float64 and the ties are exact
// ties.
var refGradsN16D4 = [][]float64{
	{2, 1, 2, 1},
	{1, 2, -2, 1},
	{1, 1, 2, 2},
	{-2, -2, 2, 0},
	{-1, 0, 2, -1},
	{0, -1, 2, -2},
	{1, 2, 0, -1},
	{-2, 1, 0, 0},
	{1, 1, 2, 1},
	{1, -2, 0, -2},
	{1, 2, 2, -1},
	{2, 0, 0, -1},
	{1, -1, 2, -1},
	{-2, -2, 0, -1},
	{1, 0, 0, 2},
	{2, -2, -2, 2},
}

// refPairGraBN16D4 are the orders of epochs 1, 2, ... that GraB's
// orderedsampler PairBalance built (pairbalance.py:105-157,
// subroutine.py:6-10; per example, batches of 4), and CD-GraB's
// PairBalance_Sorter (algo.py:102-140), the same orders, on refGradsN16D4.
var refPairGraBN16D4 = [][]int{
	{0, 2, 4, 7, 9, 11, 12, 14, 15, 13, 10, 8, 6, 5, 3, 1},
	{0, 7, 9, 12, 15, 10, 5, 1, 3, 6, 8, 13, 14, 11, 4, 2},
	{0, 9, 10, 1, 3, 13, 14, 2, 4, 11, 8, 6, 5, 15, 12, 7},
}

// refPairGrabSamplerN16D4 are the orders of epochs 1, 2, ... that
// grab-sampler's PairBalance built (PairBalance.py:41-72,
// SorterBase.py:14-21; steps of 4) on refGradsN16D4.
var refPairGrabSamplerN16D4 = [][]int{
	{1, 3, 5, 6, 8, 10, 13, 15, 14, 12, 11, 9, 7, 4, 2, 0},
	{3, 6, 10, 15, 12, 11, 7, 2, 0, 4, 9, 14, 13, 8, 5, 1},
	{6, 15, 12, 7, 0, 9, 8, 5, 1, 13, 14, 4, 2, 11, 10, 3},
}

// refMeanGraBN16D4 are the orders of epochs 1, 2, ... that GraB's paper code
// built (dmsort algo.py:123-145), and CD-GraB's GraB (algo.py:22-49), the
// same orders, on refGradsN16D4.
var refMeanGraBN16D4 = [][]int{
	{0, 4, 7, 8, 9, 11, 15, 14, 13, 12, 10, 6, 5, 3, 2, 1},
	{0, 4, 7, 9, 11, 15, 14, 12, 10, 5, 3, 2, 1, 6, 13, 8},
	{0, 4, 7, 9, 11, 15, 10, 3, 2, 6, 13, 8, 1, 5, 12, 14},
	{0, 4, 7, 9, 11, 15, 10, 3, 2, 6, 13, 8, 1, 5, 12, 14},
}

// refMeanOrderedSamplerN16D4 are the orders of epochs 1, 2, ... that GraB's
// orderedsampler MeanBalance built (meanbalance.py:47-112; per example,
// batches of 4): the paper's in epochs 1 and 2, not after, on refGradsN16D4.
var refMeanOrderedSamplerN16D4 = [][]int{
	{0, 4, 7, 8, 9, 11, 15, 14, 13, 12, 10, 6, 5, 3, 2, 1},
	{0, 4, 7, 9, 11, 15, 14, 12, 10, 5, 3, 2, 1, 6, 13, 8},
	{0, 7, 9, 14, 12, 6, 13, 8, 1, 2, 3, 5, 10, 15, 11, 4},
	{0, 7, 9, 14, 12, 6, 13, 8, 1, 2, 3, 5, 10, 15, 11, 4},
}

// refMeanGrabSamplerN16D4 are the orders of epochs 1, 2, ... that
// grab-sampler's MeanBalance built (MeanBalance.py:22-61,
// estimator.py:22-50; steps of 4) on refGradsN16D4.
var refMeanGrabSamplerN16D4 = [][]int{
	{1, 2, 3, 5, 6, 10, 12, 13, 14, 15, 11, 9, 8, 7, 4, 0},
	{2, 5, 6, 13, 14, 11, 0, 4, 7, 8, 9, 15, 12, 10, 3, 1},
	{8, 3, 1, 10, 12, 15, 9, 7, 4, 0, 11, 14, 13, 6, 5, 2},
	{14, 13, 6, 5, 2, 11, 0, 4, 7, 9, 15, 12, 10, 1, 3, 8},
}

// refGradsN15D5 is the odd case, n = 15, d = 5.
var refGradsN15D5 = [][]float64{
	{0, -1, -2, 1, 1},
	{-1, -1, -1, 0, 1},
	{-1, -1, 0, 0, -2},
	{-1, 2, 1, 2, 0},
	{0, 2, -2, 1, -1},
	{-2, 2, 0, 1, 1},
	{0, -2, 2, -1, 2},
	{2, -1, 0, 2, 2},
	{2, -2, 0, 1, -2},
	{2, -1, 0, 1, 0},
	{1, -1, -2, -2, 0},
	{-2, 2, -2, -2, 2},
	{1, -2, 2, 1, 1},
	{1, -2, 0, 1, -2},
	{2, 0, -1, -1, 2},
}

// refPairGraBN15D5 are the orders GraB's orderedsampler PairBalance built on
// refGradsN15D5, its last gradient unpaired and signed alone
// (pairbalance.py:112-122).
var refPairGraBN15D5 = [][]int{
	{0, 2, 5, 7, 9, 11, 13, 14, 12, 10, 8, 6, 4, 3, 1},
	{0, 5, 9, 14, 10, 8, 3, 1, 4, 6, 12, 13, 11, 7, 2},
	{0, 14, 8, 3, 6, 13, 11, 2, 7, 12, 4, 1, 10, 9, 5},
}

// refWorkerGradsW3 is worker w's gradient of its example i (element [w][i]),
// W = 3 workers of n = 8 examples, d = 3.
var refWorkerGradsW3 = [][][]float64{
	{
		{-2, 0, -1},
		{-1, 0, 0},
		{-2, 2, -1},
		{0, -2, -1},
		{1, 2, -2},
		{1, 0, -1},
		{1, 0, -2},
		{2, 0, 0},
	},
	{
		{0, -2, -2},
		{0, -2, -2},
		{0, -1, -1},
		{0, 0, 1},
		{0, 2, 2},
		{0, 1, 0},
		{-2, 2, -1},
		{2, 0, -1},
	},
	{
		{0, 0, -2},
		{2, -1, -2},
		{0, -1, 0},
		{-2, -1, 1},
		{2, -1, 0},
		{-2, 2, 2},
		{-2, -2, 0},
		{-2, 1, 0},
	},
}

// refCDGraBW3 are the orders (element [e][w]: epoch e+1, worker w) that
// CD-GraB's CD_GraB_SingleGrad (d_algo.py:79-129) built on refWorkerGradsW3.
var refCDGraBW3 = [][][]int{
	{
		{0, 2, 5, 7, 6, 4, 3, 1},
		{0, 2, 4, 6, 7, 5, 3, 1},
		{1, 3, 4, 6, 7, 5, 2, 0},
	},
	{
		{0, 5, 4, 3, 1, 6, 7, 2},
		{2, 4, 5, 3, 1, 7, 6, 0},
		{1, 6, 7, 0, 2, 5, 4, 3},
	},
	{
		{0, 4, 1, 2, 7, 6, 3, 5},
		{2, 3, 7, 0, 6, 1, 5, 4},
		{1, 7, 2, 3, 4, 5, 0, 6},
	},
}

// refIDGraBW3 are the orders of ID-GraB, a PairBalance_Sorter
// (algo.py:102-140) per worker as Independent_PairBalance
// (d_algo.py:162-171) has, on refWorkerGradsW3.
var refIDGraBW3 = [][][]int{
	{
		{0, 3, 4, 7, 6, 5, 2, 1},
		{0, 2, 4, 6, 7, 5, 3, 1},
		{0, 2, 4, 7, 6, 5, 3, 1},
	},
	{
		{0, 7, 6, 2, 1, 5, 4, 3},
		{0, 4, 5, 1, 3, 7, 6, 2},
		{0, 4, 5, 3, 1, 6, 7, 2},
	},
	{
		{0, 6, 1, 4, 3, 5, 2, 7},
		{0, 5, 3, 2, 6, 7, 1, 4},
		{0, 3, 1, 7, 2, 6, 5, 4},
	},
}

// refWorkerGradsW2 is the microbatch case: W = 2 workers of n = 16 examples,
// d = 5, microbatches of 4.
var refWorkerGradsW2 = [][][]float64{
	{
		{2, 2, -2, 2, 2},
		{1, -1, -2, 1, 1},
		{-2, -2, -1, -1, 0},
		{-2, 2, 2, 0, -1},
		{2, 2, 0, -2, 0},
		{-2, -1, 0, 2, 2},
		{2, -2, -1, 0, 0},
		{1, 0, -2, -2, -2},
		{0, -2, 2, 2, -2},
		{2, 2, -2, -2, 2},
		{-1, -1, -2, 1, -2},
		{0, -1, 0, -2, 0},
		{0, 1, -1, 0, 2},
		{-2, -2, -1, 2, 1},
		{0, 0, -1, -2, -2},
		{-1, 0, -1, -1, 0},
	},
	{
		{1, 1, -2, -1, 2},
		{2, -1, -1, 0, 0},
		{1, -2, -1, -2, 1},
		{-2, -2, -2, 2, -1},
		{-1, 2, 0, 1, -1},
		{0, 0, -2, 1, 0},
		{-2, 1, -2, 2, 0},
		{2, 0, 2, 0, 0},
		{0, 1, 0, 2, 0},
		{1, -1, 1, -2, -2},
		{1, 1, -1, 0, -1},
		{1, -2, 0, 0, 2},
		{2, 0, 1, 0, 2},
		{0, 0, 2, 2, -2},
		{-2, 1, 0, 0, -1},
		{-1, 2, 0, -1, -1},
	},
}

// refCDGraBMicroW2 are the orders CD-GraB's CD_GraB (d_algo.py:20-76, pairs
// inside a microbatch of 4) built on refWorkerGradsW2.
var refCDGraBMicroW2 = [][][]int{
	{
		{0, 2, 5, 7, 8, 11, 12, 15, 14, 13, 10, 9, 6, 4, 3, 1},
		{1, 2, 4, 6, 9, 10, 12, 14, 15, 13, 11, 8, 7, 5, 3, 0},
	},
	{
		{0, 7, 8, 12, 13, 9, 6, 3, 1, 4, 10, 14, 15, 11, 5, 2},
		{2, 6, 9, 14, 15, 11, 7, 3, 0, 5, 8, 13, 12, 10, 4, 1},
	},
	{
		{0, 8, 9, 6, 4, 10, 11, 2, 5, 15, 14, 1, 3, 13, 12, 7},
		{2, 14, 15, 3, 5, 13, 12, 4, 1, 10, 8, 0, 7, 11, 9, 6},
	},
}
