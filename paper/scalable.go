// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
	"github.com/goodorder/goodorder/problems/dataset"
	"github.com/goodorder/goodorder/problems/nn"
)

// Beyond the paper: orderings that scale. The greedy chooser of Algorithm
// 2 needs every component's gradient at x_t (an extra pass) and O(N d)
// memory; online balancing (GraB) needs O(d) and no extra pass; a sketch
// brings the greedy selection's O(N² d) down to O(N² k). ScalableConfig
// measures what each reaches on fixed gradient matrices, in σ*², time and
// memory.

// ScalableConfig is the protocol of the scalable-orderings experiment.
type ScalableConfig struct {
	// MNISTTrain is the number of MNIST training images whose same-class
	// batches of 64 give the network's gradient matrices (0: all 60,000,
	// 942 batches).
	MNISTTrain int
	// Snapshots are the epochs of an RR run (same-class batches, the MLP
	// 784-128-10, momentum 0.9, learning rate 0.01) at which the batch
	// gradients are taken.
	Snapshots []int
	// Ks are the sketch dimensions.
	Ks []int
	// Passes is the number of offline balancing passes (epochs on the
	// fixed matrix), each starting from the previous order.
	Passes int
	// RRDraws is the number of random orders averaged for RR.
	RRDraws int
	// OneDNs and OneDEpochs set the online comparison on the 1-D example
	// of Section 4.1.
	OneDNs     []int
	OneDEpochs int
}

// ScalableScale returns the protocol at a scale.
func ScalableScale(s Scale) ScalableConfig {
	switch s {
	case Smoke:
		return ScalableConfig{MNISTTrain: 3000, Snapshots: []int{0, 1}, Ks: []int{64, 1024}, Passes: 3, RRDraws: 5, OneDNs: []int{8, 64}, OneDEpochs: 4}
	case Full:
		return ScalableConfig{Snapshots: []int{0, 1, 3, 10}, Ks: []int{64, 256, 1024, 4096, 16384}, Passes: 10, RRDraws: 50, OneDNs: []int{8, 64, 512, 4096}, OneDEpochs: 10}
	}
	return ScalableConfig{Snapshots: []int{0, 1, 5}, Ks: []int{64, 256, 1024, 4096}, Passes: 5, RRDraws: 20, OneDNs: []int{8, 64, 512}, OneDEpochs: 6}
}

// ScalableMethod is one ordering method measured on one gradient matrix.
type ScalableMethod struct {
	Name string
	// SigmaStar2 is σ*² (M* = 0) of the order it chose (for RR, the mean
	// over the draws), and Ratio that over the exact greedy's.
	SigmaStar2, Ratio float64
	// Seconds is the wall time to choose the order from the matrix (for
	// the balancing methods, all passes), and Bytes the memory it needs
	// beyond the matrix.
	Seconds float64
	Bytes   int64
}

// ScalableMatrix is the comparison on one gradient matrix.
type ScalableMatrix struct {
	Name    string
	N, D    int
	Methods []ScalableMethod
}

// ScalableOneD is σ*² of the orders an online method chose in each epoch
// of Algorithm 1 on the 1-D example with n components.
type ScalableOneD struct {
	N      int
	Method string
	// SigmaStar2[t] is σ*² of the order of epoch t.
	SigmaStar2 []float64
}

// ScalableResult holds the scalable-orderings experiment.
type ScalableResult struct {
	Config   ScalableConfig
	Matrices []ScalableMatrix
	OneD     []ScalableOneD
}

// RunScalable runs the experiment: the methods on the MNIST MLP's batch
// gradient matrices and on the paper's problems, and the online methods
// on the 1-D example.
func RunScalable(ctx context.Context, c ScalableConfig, seed uint64) (*ScalableResult, error) {
	res := &ScalableResult{Config: c}
	mats, err := scalableMatrices(ctx, c, seed)
	if err != nil {
		return nil, err
	}
	for _, m := range mats {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sm, err := compareOrders(c, m.name, m.g, seed)
		if err != nil {
			return nil, err
		}
		res.Matrices = append(res.Matrices, sm)
	}
	if res.OneD, err = RunBalance1D(c.OneDNs, c.OneDEpochs, seed); err != nil {
		return nil, err
	}
	return res, nil
}

type namedMatrix struct {
	name string
	g    *mat.Dense
}

// scalableMatrices returns the gradient matrices of the experiment.
func scalableMatrices(ctx context.Context, c ScalableConfig, seed uint64) ([]namedMatrix, error) {
	var out []namedMatrix
	// The paper's problems at a start point away from the optimum.
	hq, err := problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{N: 1024, D: 100, L: 1, Mu: 0.1, Sigma2: 1, Seed: seed})
	if err != nil {
		return nil, err
	}
	x := hq.Minimizer()
	for i := range x {
		x[i]++
	}
	out = append(out, namedMatrix{"heterogeneous quadratic, n = 1024, d = 100", ordering.ComponentGrads(nil, hq, x)})
	tl, err := problems.NewTwoLevel(problems.TwoLevelConfig{N: 2, M: 128, SigmaTop: 10, SigmaLow: 10}.WithDefaults())
	if err != nil {
		return nil, err
	}
	out = append(out, namedMatrix{"two-level quadratic, N·m = 256, d = 20", ordering.ComponentGrads(nil, tl, constant(tl.Dim(), 1))})

	train, _, err := dataset.MNIST()
	if err != nil {
		return nil, err
	}
	if c.MNISTTrain > 0 && c.MNISTTrain < train.N {
		idx := rand.New(rand.NewPCG(seed, 0x7363616c65)).Perm(train.N)[:c.MNISTTrain]
		if train, err = train.Subset(idx); err != nil {
			return nil, err
		}
	}
	labels := make([]int, train.N)
	for i, l := range train.Labels {
		labels[i] = int(l)
	}
	batches, err := ordering.SameClassBatches(labels, 64, seed)
	if err != nil {
		return nil, err
	}
	net, err := nn.NewMLP(784, 128, 10)
	if err != nil {
		return nil, err
	}
	p, err := nn.NewBatchProblem(net, train.Pixels, train.Labels, batches)
	if err != nil {
		return nil, err
	}
	w := make([]float64, net.NumParams())
	net.Init(w, seed)
	rr, err := ordering.NewRR(p.Len(), seed)
	if err != nil {
		return nil, err
	}
	epoch := 0
	for _, snap := range c.Snapshots {
		if snap > epoch {
			r, err := ordering.Run(p, w, rr, &ordering.Settings{Epochs: snap - epoch, Step: ordering.Constant(0.01), Momentum: 0.9, SkipEval: true})
			if err != nil {
				return nil, err
			}
			w, epoch = r.X, snap
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = append(out, namedMatrix{fmt.Sprintf("MNIST MLP same-class batch gradients after %d epochs of RR, N = %d, d = %d", snap, p.Len(), p.Dim()), ordering.ComponentGrads(nil, p, w)})
	}
	return out, nil
}

// compareOrders measures every method on one matrix.
func compareOrders(c ScalableConfig, name string, g *mat.Dense, seed uint64) (ScalableMatrix, error) {
	n, d := g.Dims()
	sm := ScalableMatrix{Name: name, N: n, D: d}
	sigma := func(r []int) (float64, error) {
		h, err := ordering.Discrepancy(g, r)
		if err != nil {
			return 0, err
		}
		return h.SigmaStar2, nil
	}
	add := func(name string, bytes int64, choose func() ([]int, error)) error {
		start := time.Now()
		r, err := choose()
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		s, err := sigma(r)
		if err != nil {
			return err
		}
		sm.Methods = append(sm.Methods, ScalableMethod{Name: name, SigmaStar2: s, Seconds: secs, Bytes: bytes})
		return nil
	}
	const f64 = 8
	nd, n2 := int64(n)*int64(d), int64(n)*int64(n)
	if err := add("greedy (exact)", f64*(nd+n2), func() ([]int, error) { return ordering.GreedyOrder(nil, g), nil }); err != nil {
		return sm, err
	}
	for _, k := range c.Ks {
		if k >= d {
			continue
		}
		kk := k
		if err := add(fmt.Sprintf("sketched greedy, k = %d", k), f64*(int64(n)*int64(kk)+n2)+12*int64(d), func() ([]int, error) {
			return ordering.SketchedGreedyOrder(nil, g, kk, seed)
		}); err != nil {
			return sm, err
		}
	}
	start := rand.New(rand.NewPCG(seed, 0x62616c)).Perm(n)
	for _, b := range []struct {
		name  string
		bytes int64
		pass  func(dst []int, g *mat.Dense, start []int, s ordering.BalanceSettings) ([]int, error)
	}{
		{"mean balance", 3 * f64 * int64(d), ordering.MeanBalanceOrder},
		{"pair balance", 2 * f64 * int64(d), ordering.PairBalanceOrder},
	} {
		if err := add(fmt.Sprintf("%s, %d passes", b.name, c.Passes), b.bytes, func() ([]int, error) {
			r := append([]int(nil), start...)
			for range c.Passes {
				var err error
				if r, err = b.pass(r[:0:0], g, r, ordering.BalanceSettings{}); err != nil {
					return nil, err
				}
			}
			return r, nil
		}); err != nil {
			return sm, err
		}
	}
	// Random orders: RR, shuffle-once and FlipFlop all draw uniformly
	// random permutations (FlipFlop's reversed epochs have the same σ*²
	// on a fixed matrix: the prefix sums of the reverse are minus the
	// suffix sums), so one mean over draws stands for the three.
	rnd := rand.New(rand.NewPCG(seed, 0x7272))
	t0 := time.Now()
	var mean float64
	for range c.RRDraws {
		s, err := sigma(rnd.Perm(n))
		if err != nil {
			return sm, err
		}
		mean += s / float64(c.RRDraws)
	}
	sm.Methods = append(sm.Methods, ScalableMethod{Name: fmt.Sprintf("random reshuffling (mean of %d; shuffle-once, FlipFlop alike)", c.RRDraws),
		SigmaStar2: mean, Seconds: time.Since(t0).Seconds() / float64(c.RRDraws), Bytes: f64 * int64(n)})
	exact := sm.Methods[0].SigmaStar2
	for i := range sm.Methods {
		sm.Methods[i].Ratio = sm.Methods[i].SigmaStar2 / exact
	}
	return sm, nil
}

// Balance1DMethods name the online methods of RunBalance1D.
var Balance1DMethods = []string{"RR", "greedy", "mean balance (sorted start)", "mean balance (random start)", "pair balance (random start)"}

// RunBalance1D runs Algorithm 1 on the 1-D example of Section 4.1 (σ = 1,
// x_0 = 1, γ = 0.1/n) for every n in ns and every method of
// Balance1DMethods, for epochs epochs, and returns σ*² (M* = 0) of each
// epoch's order. The balancing methods see the gradients of the steps
// (stale within the epoch); greedy queries them at x_t.
func RunBalance1D(ns []int, epochs int, seed uint64) ([]ScalableOneD, error) {
	var out []ScalableOneD
	for _, n := range ns {
		p, err := problems.NewOneD(n, 1)
		if err != nil {
			return nil, err
		}
		random := rand.New(rand.NewPCG(seed, uint64(n))).Perm(n)
		for _, name := range Balance1DMethods {
			var o ordering.Orderer
			switch name {
			case "RR":
				o, err = ordering.NewRR(n, seed)
			case "greedy":
				o = &ordering.Greedy{}
			case "mean balance (sorted start)":
				o, err = ordering.NewMeanBalance(n, ordering.BalanceSettings{Start: p.SortedOrder()})
			case "mean balance (random start)":
				o, err = ordering.NewMeanBalance(n, ordering.BalanceSettings{Start: random})
			case "pair balance (random start)":
				o, err = ordering.NewPairBalance(n, ordering.BalanceSettings{Start: random})
			}
			if err != nil {
				return nil, err
			}
			tr := &ordering.SigmaTracker{Problem: p}
			if _, err := ordering.Run(p, []float64{1}, o, &ordering.Settings{Epochs: epochs, Step: ordering.Constant(0.1 / float64(n)), Recorder: tr, SkipEval: true}); err != nil {
				return nil, err
			}
			out = append(out, ScalableOneD{N: n, Method: name, SigmaStar2: append([]float64(nil), tr.MaxPhi2...)})
		}
	}
	return out, nil
}

// fmtBytes formats a byte count.
func fmtBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.2f GB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}
