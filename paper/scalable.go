// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
	"github.com/goodorder/goodorder/problems/dataset"
	"github.com/goodorder/goodorder/problems/nn"
)

// # The claim

// scalableID is the claim's id.
const scalableID = "scalable-orderings"

// Beyond the paper: orderings that scale. The greedy chooser of Algorithm
// 2 needs every component's gradient at x_t (an extra pass) and O(N d)
// memory; online balancing (GraB) needs O(d) and no extra pass; a sketch
// brings the greedy selection's O(N² d) down to O(N² k). ScalableConfig
// measures what each reaches on fixed gradient matrices, in σ*², cost
// (multiply-adds and memory, which do not depend on the machine) and time.
// It answers the paper's Section 7 ("Future Work").
var scalableClaim = Claim{
	ID:    scalableID,
	Where: "Beyond the paper: Section 7 (Future Work)",
	Goal:  true,
	Statement: "\"... running this algorithm at epoch is costly ... Finding efficient algorithms for finding good orders " +
		"obtaining the same accuracy is therefore grounds for future work.\" We check whether the sketched greedy order " +
		"(CountSketch to k = 1024) reaches the σ*² of Algorithm 2 within 10% on the MNIST MLP's batch gradients with at least 20 times fewer multiply-adds, " +
		"and how online balancing (GraB) and random orders compare.",
	Quote:        "a cheaper order (sketched greedy, which still takes greedy's gradient pass) reaches greedy's σ*² within 10% with at least 20 times fewer multiply-adds",
	Rule:         &scalableRule,
	Registration: "Amended on 2026-12-01, text only, when a referee's read of the whole registration found the change behind the registration on base seed 1002 unstated: at that registration (commit 40f6ee5, 2026-11-29, after the pass on base seed 1001, goal not met by the ratio part), the judged part scalable-sketch-cost (at least 20 times fewer multiply-adds at k = 1024) became the precondition above, as it is an exact count from each matrix's size and k that every input satisfies by construction, so it could not fail as a judged part either; the ratio part was unchanged. A precondition our setup states is the regime the goal asks about; as it holds by construction on these matrices it turns no verdict into \"not tested\", and the pass on base seed 1002 read goal not met, as the one on 1001 had. Its rule, runs, seed and judging code are unchanged.",
	// The ratio's margin is measured from 1, the exact greedy's σ*².
	MarginFrom: map[string]float64{scalableRatioPart: 1},
	Run:        claimRun(ScalableConfig{}.At, ScalableConfig.Run, (*ScalableResult).Outcome),
}

// # The config

// ScalableConfig is the protocol of the scalable-orderings experiment. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type ScalableConfig struct {
	// MNISTTrain is the number of MNIST training images whose same-class
	// batches of 64 give the network's gradient matrices. Default 0: all
	// 60,000, 942 batches.
	MNISTTrain int
	// Snapshots are the epochs of an RR run (same-class batches, the MLP
	// 784-128-10, momentum 0.9, learning rate 0.01) at which the batch
	// gradients are taken. Default {0, 1, 5}.
	Snapshots []int
	// Ks are the sketch dimensions. Default {64, 256, 1024, 4096}.
	Ks []int
	// Passes is the number of offline balancing passes (epochs on the
	// fixed matrix), each starting from the previous order. Default 5.
	Passes int
	// RRDraws is the number of random orders averaged for RR. Default 20.
	RRDraws int
	// SketchDraws is the number of independent sketches per matrix and
	// sketch dimension, each from its own seed: the goal is judged on the
	// t-interval of their σ*² ratios. At least 2. Default 5.
	SketchDraws int
	// OneDNs and OneDEpochs set the online comparison on the 1-D example
	// of Section 4.1. Defaults {8, 64, 512} and 6.
	OneDNs     []int
	OneDEpochs int
}

// At returns c with its zero fields set to the protocol at scale
// s.
func (c ScalableConfig) At(s Scale) ScalableConfig {
	return atScale(c, s, map[Scale]ScalableConfig{
		Smoke: {MNISTTrain: 3000, Snapshots: []int{0, 1}, Ks: []int{64, 1024}, Passes: 3, RRDraws: 5, OneDNs: []int{8, 64}, OneDEpochs: 4},
		Full:  {Snapshots: []int{0, 1, 3, 10}, Ks: []int{64, 256, 1024, 4096, 16384}, Passes: 10, RRDraws: 50, SketchDraws: 10, OneDNs: []int{8, 64, 512, 4096}, OneDEpochs: 10},
	})
}

// quick measures on 15,000 MNIST images (the default scale: all 60,000)
// with 10 random orders' draws (20).
func (c *ScalableConfig) quick() { c.MNISTTrain, c.RRDraws = 15000, 10 }

// fill sets the zero fields to their defaults.
func (c *ScalableConfig) fill() {
	fillZero(c, ScalableConfig{
		Snapshots: []int{0, 1, 5}, Ks: []int{64, 256, 1024, 4096}, Passes: 5, RRDraws: 20, SketchDraws: 5,
		OneDNs: []int{8, 64, 512}, OneDEpochs: 6,
	})
}

var _ dataReader = ScalableConfig{}

// dataSets names the data set the runs of c read: MNIST (dataReader).
func (c ScalableConfig) dataSets() []string {
	return []string{"mnist"}
}

// validate returns an error naming the first field of c out of range.
func (c *ScalableConfig) validate() error {
	switch {
	case c.MNISTTrain < 0:
		return fmt.Errorf("paper: scalable-orderings with %d MNIST images, want >= 0 (0: all)", c.MNISTTrain)
	case c.Passes < 1 || c.RRDraws < 1 || c.OneDEpochs < 1:
		return fmt.Errorf("paper: scalable-orderings with %d passes, %d random draws and %d 1-D epochs, want all >= 1", c.Passes, c.RRDraws, c.OneDEpochs)
	case c.SketchDraws < 2:
		return fmt.Errorf("paper: scalable-orderings with %d sketch draws, want >= 2 (one draw gives no interval)", c.SketchDraws)
	case !slices.IsSorted(c.Snapshots) || len(c.Snapshots) > 0 && c.Snapshots[0] < 0:
		return fmt.Errorf("paper: scalable-orderings snapshots %v, want increasing epochs >= 0", c.Snapshots)
	}
	if err := checkInts(scalableID, "sketch dimension k", c.Ks, 1, math.MaxInt); err != nil {
		return err
	}
	// problems.NewOneD checks every n.
	return nil
}

// # The run

// ScalableMethod is one ordering method measured on one gradient matrix.
type ScalableMethod struct {
	// Name names the method.
	Name string
	// SigmaStar2 is σ*² (M* = 0) of the order it chose (for RR and the
	// sketches, the mean over the draws), and Ratio that over the exact
	// greedy's.
	SigmaStar2, Ratio float64
	// Ratios are, for a sketched greedy order, the σ*² ratio of each
	// independent sketch (ScalableConfig.SketchDraws), in draw order;
	// nil for the other methods.
	Ratios []float64 `json:",omitempty"`
	// Seconds is the wall time to choose the order from the matrix (for
	// the balancing methods, all passes; for the sketches, the mean over
	// the draws), and Bytes the memory it needs beyond the matrix.
	Seconds float64
	Bytes   int64
	// MulAdds is the number of multiply-adds to choose the order, the
	// leading terms of its formula (see scalableCost): unlike Seconds it
	// does not depend on the machine.
	MulAdds float64
}

// ScalableMatrix is the comparison on one gradient matrix.
type ScalableMatrix struct {
	// Name names the matrix, N and D are its rows (the components) and
	// columns, and Methods are the methods measured on it, the exact
	// greedy first.
	Name    string
	N, D    int
	Methods []ScalableMethod
}

// ScalableOneD is σ*² of the orders an online method chose in each epoch
// of Algorithm 1 on the 1-D example with n components.
type ScalableOneD struct {
	// N is the number of components and Method names the online method.
	N      int
	Method string
	// SigmaStar2[t] is σ*² of the order of epoch t.
	SigmaStar2 []float64
	// Runs are further runs of a random method (RR), each from its own
	// seed, for the chart's band; the findings use SigmaStar2 only.
	Runs [][]float64 `json:",omitempty"`
}

// scalableOneDRuns is the number of RR runs the 1-D chart's band spans,
// SigmaStar2's included.
const scalableOneDRuns = 10

// ScalableResult holds the scalable-orderings experiment.
type ScalableResult struct {
	Config   ScalableConfig
	Matrices []ScalableMatrix
	OneD     []ScalableOneD
}

// exact returns the exact greedy order's row of every matrix of r, or an
// error if r has no matrices, a matrix without that row, or a 1-D run
// without epochs.
func (r *ScalableResult) exact() ([]ScalableMethod, error) {
	if r == nil || len(r.Matrices) == 0 {
		return nil, errResult(scalableID, "no gradient matrices")
	}
	exactOf := make([]ScalableMethod, len(r.Matrices))
	for mi, m := range r.Matrices {
		names := make([]string, len(m.Methods))
		for i, meth := range m.Methods {
			names[i] = meth.Name
		}
		e, err := orderIndex(scalableID, names, scalableExact)
		if err != nil {
			return nil, err
		}
		exactOf[mi] = m.Methods[e]
	}
	for _, o := range r.OneD {
		if len(o.SigmaStar2) == 0 {
			return nil, errResult(scalableID, "1-D example, n = %d, %s: no epochs", o.N, o.Method)
		}
	}
	return exactOf, nil
}

// check returns the error of exact.
func (r *ScalableResult) check() error {
	_, err := r.exact()
	return err
}

// Run runs the experiment, or returns it from env's cache: the
// methods on the MNIST MLP's batch gradient matrices and on the paper's
// problems, and the online methods on the 1-D example.
func (c ScalableConfig) Run(ctx context.Context, env *Env) (*ScalableResult, error) {
	return runCached(ctx, env, scalableID, "runScalable", c, runScalable)
}

// runScalable runs the experiment; env.Progress is told of each matrix
// built, each compared and the 1-D runs.
func runScalable(ctx context.Context, env *Env, c ScalableConfig) (*ScalableResult, error) {
	seed := env.Seed
	res := &ScalableResult{Config: c}
	nMats := 2 + len(c.Snapshots)
	done, total := 0, 2*nMats+1
	step := func() {
		done++
		env.progress(done, total)
	}
	env.progress(0, total)
	// One matrix at a time: an MNIST matrix takes 767 MB at the default
	// scale, and the exact greedy order a centred copy of it.
	err := scalableMatrices(ctx, c, seed, func(name string, g *mat.Dense) error {
		step()
		if err := ctx.Err(); err != nil {
			return err
		}
		sm, err := compareOrders(ctx, c, len(res.Matrices), name, g, seed)
		if err != nil {
			return err
		}
		res.Matrices = append(res.Matrices, sm)
		step()
		return nil
	})
	if err != nil {
		return nil, err
	}
	if res.OneD, err = runBalance1D(ctx, c.OneDNs, c.OneDEpochs, seed); err != nil {
		return nil, err
	}
	step()
	return res, nil
}

// scalableMatrices builds the gradient matrices of the experiment in
// turn, calling each with the name and the matrix, which it drops
// afterwards (a matrix is not kept while the next is built), and stops at
// the first error.
func scalableMatrices(ctx context.Context, c ScalableConfig, seed uint64, each func(name string, g *mat.Dense) error) error {
	// The paper's problems at a start point away from the optimum.
	hq, err := problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{N: 1024, D: 100, L: 1, Mu: 0.1, Sigma2: 1, Seed: mixSeed(seed, streamScalableProblem)})
	if err != nil {
		return err
	}
	x := hq.Minimizer()
	floats.AddConst(1, x)
	if err := each("heterogeneous quadratic, n = 1024, d = 100", ordering.ComponentGrads(nil, hq, x)); err != nil {
		return err
	}
	tl, err := problems.NewTwoLevel(problems.TwoLevelConfig{N: 2, M: 128, SigmaTop: 10, SigmaLow: 10}.WithDefaults())
	if err != nil {
		return err
	}
	if err := each("two-level quadratic, N·m = 256, d = 20", ordering.ComponentGrads(nil, tl, constant(tl.Dim(), 1))); err != nil {
		return err
	}

	// Reading and decoding MNIST takes a second or two and does not look
	// at ctx.
	train, err := interruptible(ctx, func() (*dataset.Set, error) {
		train, _, err := dataset.MNIST()
		return train, err
	})
	if err != nil {
		return err
	}
	if c.MNISTTrain > 0 && c.MNISTTrain < train.N {
		idx := newRand(seed, streamScalableSubset).Perm(train.N)[:c.MNISTTrain]
		if train, err = train.Subset(idx); err != nil {
			return err
		}
	}
	labels := make([]int, train.N)
	for i, l := range train.Labels {
		labels[i] = int(l)
	}
	batches, err := ordering.SameClassBatches(labels, 64, mixSeed(seed, streamScalableBatches))
	if err != nil {
		return err
	}
	net, err := nn.NewMLP(784, 128, 10)
	if err != nil {
		return err
	}
	p, err := nn.NewBatchProblem(net, train.Pixels, train.Labels, batches)
	if err != nil {
		return err
	}
	w := make([]float64, net.NumParams())
	net.Init(w, mixSeed(seed, streamScalableInit))
	rr, err := ordering.NewRR(p.Len(), mixSeed(seed, streamScalableTraining))
	if err != nil {
		return err
	}
	epoch := 0
	for _, snap := range c.Snapshots {
		if snap > epoch {
			r, err := ordering.Run(p, w, rr, &ordering.Settings{Epochs: snap - epoch, Step: ordering.Constant(0.01), Momentum: 0.9, SkipEval: true, Context: ctx})
			if err != nil {
				return err
			}
			w, epoch = r.X, snap
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := componentGrads(ctx, p, w)
		if err != nil {
			return err
		}
		if err := each(fmt.Sprintf("MNIST MLP same-class batch gradients after %d epochs of RR, N = %d, d = %d", snap, p.Len(), p.Dim()), g); err != nil {
			return err
		}
		// Free the matrix (dead from here) and the exact greedy order's
		// copy of it before the next is built: at the heap's pace the
		// garbage collector would keep them beside it.
		runtime.GC()
	}
	return nil
}

// componentGrads returns ordering.ComponentGrads(nil, p, x), computed row
// by row in the same order (so with the same bits), or ctx's error once
// ctx is done: on a network's batches it takes seconds.
func componentGrads(ctx context.Context, p ordering.Problem, x []float64) (*mat.Dense, error) {
	g := mat.NewDense(p.Len(), p.Dim(), nil)
	for i := range p.Len() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p.CompGrad(g.RawRowView(i), i, x)
	}
	return g, nil
}

// compareOrders measures every method on matrix mi (its index in the
// run's order). It stops with ctx's error before each method, balancing
// pass and random draw once ctx is done. Each sketch dimension is drawn
// c.SketchDraws times, draw j of matrix mi from the seed
// mixSeed(seed, streamScalableSketch, k, mi, j): independent across
// draws and matrices.
func compareOrders(ctx context.Context, c ScalableConfig, mi int, name string, g *mat.Dense, seed uint64) (ScalableMatrix, error) {
	n, d := g.Dims()
	sm := ScalableMatrix{Name: name, N: n, D: d}
	sigma := func(r []int) (float64, error) {
		h, err := ordering.Discrepancy(g, r)
		if err != nil {
			return 0, err
		}
		return h.SigmaStar2, nil
	}
	add := func(name string, cost scalableCost, choose func() ([]int, error)) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		start := time.Now()
		r, err := interruptible(ctx, choose)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		s, err := sigma(r)
		if err != nil {
			return err
		}
		sm.Methods = append(sm.Methods, ScalableMethod{Name: name, SigmaStar2: s, Seconds: secs, Bytes: cost.bytes, MulAdds: cost.mulAdds})
		return nil
	}
	if err := add(scalableExact, greedyCost(n, d), func() ([]int, error) { return ordering.GreedyOrder(nil, g), nil }); err != nil {
		return sm, err
	}
	for _, k := range c.Ks {
		if k >= d {
			continue
		}
		var draws []ScalableMethod
		for j := range c.SketchDraws {
			sketchSeed := mixSeed(seed, streamScalableSketch, uint64(k), uint64(mi), uint64(j))
			if err := add(fmt.Sprintf("sketched greedy, k = %d", k), sketchedCost(n, d, k), func() ([]int, error) {
				return ordering.SketchedGreedyOrder(nil, g, k, sketchSeed)
			}); err != nil {
				return sm, err
			}
			draws = append(draws, sm.Methods[len(sm.Methods)-1])
			sm.Methods = sm.Methods[:len(sm.Methods)-1]
		}
		// One row for the draws: the mean σ*² and wall time, each
		// draw's σ*² kept (as a ratio below).
		row := draws[0]
		row.SigmaStar2, row.Seconds = 0, 0
		row.Ratios = make([]float64, len(draws))
		for j, dr := range draws {
			row.SigmaStar2 += dr.SigmaStar2 / float64(len(draws))
			row.Seconds += dr.Seconds / float64(len(draws))
			row.Ratios[j] = dr.SigmaStar2
		}
		sm.Methods = append(sm.Methods, row)
	}
	start := newRand(seed, streamScalableBalance).Perm(n)
	for _, b := range []struct {
		name    string
		vectors int // vectors of length d kept
		pass    func(dst []int, g *mat.Dense, start []int, s ordering.BalanceSettings) ([]int, error)
	}{
		{"mean balance", 3, ordering.MeanBalanceOrder},
		{"pair balance", 2, ordering.PairBalanceOrder},
	} {
		if err := add(fmt.Sprintf("%s, %d passes", b.name, c.Passes), balanceCost(n, d, b.vectors, c.Passes), func() ([]int, error) {
			r := append([]int(nil), start...)
			for range c.Passes {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
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
	// The draws come from one stream in order; their σ*² are measured in
	// parallel and summed in draw order, so the mean does not depend on
	// the number of goroutines. The time is that of drawing an order.
	rnd := newRand(seed, streamScalableRR)
	t0 := time.Now()
	perms := make([][]int, c.RRDraws)
	for i := range perms {
		perms[i] = rnd.Perm(n)
	}
	drawSecs := time.Since(t0).Seconds() / float64(c.RRDraws)
	sigmas := make([]float64, c.RRDraws)
	errs := make([]error, c.RRDraws)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), c.RRDraws) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(perms); i = int(next.Add(1) - 1) {
				if errs[i] = ctx.Err(); errs[i] != nil {
					return
				}
				sigmas[i], errs[i] = sigma(perms[i])
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return sm, err
	}
	if err := errors.Join(errs...); err != nil {
		return sm, err
	}
	var mean float64
	for _, s := range sigmas {
		mean += s / float64(c.RRDraws)
	}
	sm.Methods = append(sm.Methods, ScalableMethod{Name: fmt.Sprintf("random reshuffling (mean of %d; shuffle-once, FlipFlop alike)", c.RRDraws),
		SigmaStar2: mean, Seconds: drawSecs, Bytes: 8 * int64(n), MulAdds: float64(n)})
	exact := sm.Methods[0].SigmaStar2
	for i := range sm.Methods {
		sm.Methods[i].Ratio = sm.Methods[i].SigmaStar2 / exact
		for j := range sm.Methods[i].Ratios {
			sm.Methods[i].Ratios[j] /= exact
		}
	}
	return sm, nil
}

// scalableCost is the machine-independent cost of choosing an order from
// an N×d gradient matrix: the memory beyond the matrix, in bytes, and the
// multiply-adds, counted by the leading terms of the method's formula (not
// as BLAS schedules them: a symmetric product may do half).
type scalableCost struct {
	bytes   int64
	mulAdds float64
}

// greedyCost is the exact greedy order's (Algorithm 2 through the Gram
// matrix): a centred copy and the N×N Gram matrix in float64, and
//
//	N·d (centring) + N²·d (the Gram matrix) + N² (the selection)
//
// multiply-adds.
func greedyCost(n, d int) scalableCost {
	nf, df := float64(n), float64(d)
	return scalableCost{bytes: 8 * (int64(n)*int64(d) + int64(n)*int64(n)), mulAdds: nf*df + nf*nf*df + nf*nf}
}

// sketchedCost is the sketched greedy order's at sketch dimension k: the
// N×k sketch and the N×N Gram matrix in float64 and CountSketch's hashes
// and signs (12 bytes per coordinate), and
//
//	N·d (the sketch) + N²·k (the Gram matrix) + N² (the selection)
//
// multiply-adds.
func sketchedCost(n, d, k int) scalableCost {
	nf, df, kf := float64(n), float64(d), float64(k)
	return scalableCost{bytes: 8*(int64(n)*int64(k)+int64(n)*int64(n)) + 12*int64(d), mulAdds: nf*df + nf*nf*kf + nf*nf}
}

// balanceCost is that of passes offline balancing passes keeping vectors
// float64 vectors of length d: each component costs an inner product and
// an update,
//
//	passes · 2·N·d
//
// multiply-adds.
func balanceCost(n, d, vectors, passes int) scalableCost {
	return scalableCost{bytes: 8 * int64(vectors) * int64(d), mulAdds: 2 * float64(passes) * float64(n) * float64(d)}
}

// balance1DMethods name the online methods of RunBalance1D.
var balance1DMethods = []string{"RR", "greedy", "mean balance (sorted start)", "mean balance (random start)", "pair balance (random start)"}

// runBalance1D runs Algorithm 1 on the 1-D example of Section 4.1 (σ = 1,
// x_0 = 1, γ = 0.1/n) for every n in ns and every method of
// balance1DMethods, for epochs epochs, and returns σ*² (M* = 0) of each
// epoch's order. The balancing methods see the gradients of the steps
// (stale within the epoch); greedy queries them at x_t.
func runBalance1D(ctx context.Context, ns []int, epochs int, seed uint64) ([]ScalableOneD, error) {
	var out []ScalableOneD
	for _, n := range ns {
		p, err := problems.NewOneD(n, 1)
		if err != nil {
			return nil, err
		}
		random := newRand(seed, streamScalableOneD, uint64(n), 0).Perm(n)
		for _, name := range balance1DMethods {
			var o ordering.Orderer
			switch name {
			case "RR":
				o, err = ordering.NewRR(n, mixSeed(seed, streamScalableOneD, uint64(n), 1))
			case "greedy":
				o = &ordering.Greedy{}
			case "mean balance (sorted start)":
				o, err = ordering.NewMeanBalance(n, ordering.BalanceSettings{Start: p.SortedOrder(), FirstEpochRunningMean: true})
			case "mean balance (random start)":
				o, err = ordering.NewMeanBalance(n, ordering.BalanceSettings{Start: random, FirstEpochRunningMean: true})
			case "pair balance (random start)":
				o, err = ordering.NewPairBalance(n, ordering.BalanceSettings{Start: random})
			}
			if err != nil {
				return nil, err
			}
			tr := &ordering.SigmaTracker{Problem: p}
			if _, err := ordering.Run(p, []float64{1}, o, &ordering.Settings{Epochs: epochs, Step: ordering.Constant(0.1 / float64(n)), Recorder: tr, SkipEval: true, Context: ctx}); err != nil {
				return nil, err
			}
			od := ScalableOneD{N: n, Method: name, SigmaStar2: append([]float64(nil), tr.MaxPhi2...)}
			for r := 1; name == "RR" && r < scalableOneDRuns; r++ {
				o, err := ordering.NewRR(n, mixSeed(seed, streamScalableOneD, uint64(n), 1, uint64(r)))
				if err != nil {
					return nil, err
				}
				tr := &ordering.SigmaTracker{Problem: p}
				if _, err := ordering.Run(p, []float64{1}, o, &ordering.Settings{Epochs: epochs, Step: ordering.Constant(0.1 / float64(n)), Recorder: tr, SkipEval: true, Context: ctx}); err != nil {
					return nil, err
				}
				od.Runs = append(od.Runs, append([]float64(nil), tr.MaxPhi2...))
			}
			out = append(out, od)
		}
	}
	return out, nil
}

// # The outcome

// scalableExact names the reference method, the exact greedy order.
const scalableExact = "greedy (exact)"

// scalableOneDTol is the relative rounding allowed when greedy's σ*² on
// the 1-D example is checked to equal σ² = 1.
const scalableOneDTol = 1e-9

// scalableGoalK is the sketch dimension whose σ*² and cost the verdict
// checks, with the goals of the issue: within scalableGoalRatio of
// greedy's σ*², with scalableGoalCost times fewer multiply-adds. The
// verdict does not look at wall times, which depend on the machine.
const (
	scalableGoalK     = 1024
	scalableGoalRatio = 1.1
	scalableGoalCost  = 20
)

// scalableRatioPart is the name of scalableRule's part.
const scalableRatioPart = "scalable-sketch-ratio"

// scalableCostSetup is scalableRule's precondition: the cost, an exact
// count that follows from a matrix's size and k, says whether the setup
// is the regime the goal asks about, so it is a precondition of our setup
// (not met: not tested), not a judged part.
var scalableCostSetup = fmt.Sprintf("at k = %d the sketched greedy needs at least %d times fewer multiply-adds than Algorithm 2 on every MNIST matrix (an exact count of each formula's leading terms, from the matrix's size and k: the regime the goal asks about, not a measurement)", scalableGoalK, scalableGoalCost)

// scalableRule is the goal's rule, a question of ours (Section 7 asks
// for efficient orders, with no threshold): on every MNIST matrix the
// sketched greedy's σ*² within 10% of the exact greedy's, an upper bound
// (non-inferiority: a smaller ratio never fails), in a setup where the
// sketch needs at least 20 times fewer multiply-adds (scalableCostSetup).
var scalableRule = Rule{Claim: scalableID, Goal: true, Parts: []RulePart{
	{
		Name:      scalableRatioPart,
		Sentence:  fmt.Sprintf("The sketched greedy order (k = %d) reaches the σ*² of Algorithm 2 within 10%% on every MNIST batch-gradient matrix.", scalableGoalK),
		Statistic: fmt.Sprintf("per MNIST matrix, the sketched greedy's σ*² at k = %d over the exact greedy's (which has no randomness), t-based 95%% interval over the independent sketches", scalableGoalK),
		Test:      NonInferiority, Side: Below, Threshold: scalableGoalRatio,
	},
}, Setup: []string{scalableCostSetup}}

// ScalableGoal is the goal on one MNIST matrix: the sketched greedy order
// at k = ScalableFindings.K against the exact greedy order.
type ScalableGoal struct {
	// Matrix names the matrix. Ratio is the sketch's σ*² over the exact
	// greedy's with its t-based 95% interval over the independent
	// sketches (N draws; the exact greedy's σ*² has no randomness), Fewer
	// how many times fewer multiply-adds it needs and LessMemory how many
	// times less memory (both exact counts).
	Matrix            string
	Ratio             Interval
	Fewer, LessMemory float64
	// Met is set if the goal holds on the matrix: the ratio's interval
	// lies wholly below ScalableFindings.GoalRatio, in the setup the goal
	// asks about (Fewer at least GoalCost). Failed is set if the interval
	// lies wholly above GoalRatio there. Neither is set otherwise: the
	// interval spans GoalRatio (unsettled), or Fewer is below GoalCost
	// (not tested).
	Met, Failed bool
}

// scalableJudge returns the states of the goal on one matrix by
// scalableRule: met if the ratio holds where the setup is the goal's
// (fewer at least scalableGoalCost), failed if it fails there, neither
// otherwise. A smaller ratio or more multiply-adds saved never gives a
// worse state.
func scalableJudge(iv Interval, fewer float64) (met, failed bool) {
	if fewer < scalableGoalCost {
		return false, false
	}
	return scalableRule.Parts[0].side(iv)
}

// ScalableFindings is what the scalable-orderings experiment shows: the
// goal on every MNIST matrix, judged by its thresholds, and whether greedy
// finds σ*² = σ² on the 1-D example. Wall times are not part of it: they
// depend on the machine.
type ScalableFindings struct {
	// K is the sketch dimension the goal is checked at; GoalRatio the
	// largest σ*² over the exact greedy's and GoalCost the fewest times
	// fewer multiply-adds.
	K         int
	GoalRatio float64
	GoalCost  int
	// Goals are the goal per MNIST matrix; Met is set if there is one
	// and every one is met, Failed if some one failed.
	Goals       []ScalableGoal
	Met, Failed bool
	// OneD is set if the 1-D example ran; GreedyOneD is then set if
	// greedy's order has σ*² = σ² = 1 (within a relative scalableOneDTol)
	// in every epoch and n (Section 4.1).
	OneD, GreedyOneD bool
	// Judgement is what scalableRule finds on the MNIST matrices, and
	// Verdict its verdict: NotCheckable if there is no MNIST matrix, else
	// GoalMet if Met, GoalNotMet if Failed, Inconclusive otherwise.
	Judgement Judgement
	Verdict   Verdict
}

// Findings returns what the experiment shows. It returns an error if r has
// no matrices or a matrix without the exact greedy order's row.
func (r *ScalableResult) Findings() (*ScalableFindings, error) {
	exactOf, err := r.exact()
	if err != nil {
		return nil, err
	}
	f := &ScalableFindings{K: scalableGoalK, GoalRatio: scalableGoalRatio, GoalCost: scalableGoalCost, Met: true}
	ms := Measures{}
	costs := true
	for mi, m := range r.Matrices {
		exact := exactOf[mi]
		for _, meth := range m.Methods {
			if strings.HasPrefix(m.Name, "MNIST") && meth.Name == fmt.Sprintf("sketched greedy, k = %d", scalableGoalK) {
				g := ScalableGoal{Matrix: m.Name, Ratio: tInterval(meth.Ratios), Fewer: exact.MulAdds / meth.MulAdds, LessMemory: float64(exact.Bytes) / float64(meth.Bytes)}
				g.Met, g.Failed = scalableJudge(g.Ratio, g.Fewer)
				f.Met = f.Met && g.Met
				f.Failed = f.Failed || g.Failed
				f.Goals = append(f.Goals, g)
				label := scalableMatrixLabel(m.Name)
				ms[scalableRatioPart] = append(ms[scalableRatioPart], Measure{Label: label, Iv: g.Ratio})
				costs = costs && g.Fewer >= scalableGoalCost
			}
		}
	}
	f.Met = f.Met && len(f.Goals) > 0
	if len(f.Goals) == 0 {
		// Nothing measured: the parts are not checkable.
		none := Measure{Label: "no MNIST matrix", Iv: Interval{Mean: math.NaN(), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}, HasP: true, PHold: 1, PFail: 1}
		ms[scalableRatioPart] = []Measure{none}
	}
	if f.Judgement, err = scalableRule.Judge(ms, map[string]bool{scalableCostSetup: costs}); err != nil {
		return nil, err
	}
	f.Verdict = f.Judgement.Verdict
	if f.OneD = len(r.OneD) > 0; f.OneD {
		f.GreedyOneD = true
		for _, o := range r.OneD {
			if o.Method == "greedy" {
				for _, v := range o.SigmaStar2 {
					f.GreedyOneD = f.GreedyOneD && v < 1+scalableOneDTol
				}
			}
		}
	}
	return f, nil
}

// scalableRatioText formats a σ*² ratio's interval over the sketches:
// "1.22× [1.19, 1.25], n = 5", or "1.22× [unbounded], n = 1".
func scalableRatioText(iv Interval) string {
	if !iv.Bounded() {
		return fmt.Sprintf("%.3g× [unbounded], n = %d", iv.Mean, iv.N)
	}
	return fmt.Sprintf("%.3g× [%.3g, %.3g], n = %d", iv.Mean, iv.Lo, iv.Hi, iv.N)
}

// Outcome renders the findings and builds the table and charts of the
// scalable-orderings experiment: the verdict and a check per part of
// scalableRule, the rows, and the charts. Wall times and the speed-ups
// they give go to the outcome's Timings only. It returns an error if r has
// no matrices or a matrix without the exact greedy order's row.
func (r *ScalableResult) Outcome() (*Outcome, error) {
	f, err := r.Findings()
	if err != nil {
		return nil, err
	}
	var out Outcome
	out.judged(&scalableRule, f.Judgement)
	if err := r.matrixCharts(&out, f); err != nil {
		return nil, err
	}
	r.oneDChart(&out, f)
	goal := make([]string, len(f.Goals))
	ratios := make([]string, len(f.Goals))
	draws := 0
	for i, g := range f.Goals {
		word := "unsettled"
		switch {
		case g.Met:
			word = "met"
		case g.Failed:
			word = "not met"
		}
		goal[i] = fmt.Sprintf("%s: σ*² %s, %.0f× fewer multiply-adds, %.0f× less memory (%s)", scalablePanelTitle(epochsPlural(g.Matrix)), scalableRatioText(g.Ratio), g.Fewer, g.LessMemory, word)
		ratios[i] = strings.TrimSuffix(scalableRatioText(g.Ratio), fmt.Sprintf(", n = %d", g.Ratio.N))
		draws = g.Ratio.N
	}
	oneD := ""
	if f.OneD {
		word := "shown"
		if !f.GreedyOneD {
			word = "not so (σ*² above 1 in some epoch or n)"
		}
		oneD = "; beside the goal, not judged: greedy's order has σ*² = σ² = 1 on the 1-D example of Section 4.1 in every epoch and n: " + word
	}
	out.Summary = fmt.Sprintf("sketched greedy at k = %d on the MNIST batch-gradient matrices, σ*² over the exact greedy's with its 95%% t-interval over independent sketches: %s (goal: interval below %.1f× with ≥ %d× fewer multiply-adds)%s",
		f.K, strings.Join(goal, "; "), f.GoalRatio, f.GoalCost, oneD)
	out.Brief = fmt.Sprintf("sketched greedy at k = %d on MNIST gradient matrices, %d sketches each: σ*² %s greedy's (goal: below %.1f× with ≥ %d× fewer multiply-adds)", f.K, draws, strings.Join(ratios, ", "), f.GoalRatio, f.GoalCost)
	out.Decides = &Decider{Name: fmt.Sprintf("σ*² of sketched greedy (k = %d) over greedy's, per gradient matrix", f.K), Ours: strings.Join(ratios, ", "), Paper: fmt.Sprintf("below %.1f× with ≥ %d× fewer multiply-adds", f.GoalRatio, f.GoalCost)}
	out.Protocol = scalableProtocol(r.Config)
	out.Details = "The exact greedy order is the reference (ratio 1); random orders sit far above it on structured gradients. Read the sketch rows for the cost–quality trade-off and the balancing rows for what O(d) memory buys."
	return &out, nil
}

// matrixCharts adds a row and a timing per matrix and method, and the
// chart of σ*² against multiply-adds on the MNIST matrices.
func (r *ScalableResult) matrixCharts(out *Outcome, f *ScalableFindings) error {
	exactOf, err := r.exact()
	if err != nil {
		return err
	}
	orderings := &chart.Panels{}
	// Random reshuffling, far above and far left of the others, is named
	// in the title instead of drawn: its points would squash the others
	// into a corner.
	var rrRatios []string
	for mi, m := range r.Matrices {
		exact := exactOf[mi]
		name := epochsPlural(m.Name)
		sc := &chart.LineChart{
			Title: scalablePanelTitle(name),
			// In billions, so that the tick labels are short ("0.1", "10").
			XLabel: "10⁹ multiply-adds", YLabel: "σ*² / exact greedy's", LogX: true, LogY: true,
		}
		xlo, xhi := math.Inf(1), math.Inf(-1)
		for k, meth := range m.Methods {
			ser := chart.Series{Name: meth.Name, X: []float64{math.Max(meth.MulAdds, 1) / 1e9}, Y: []float64{meth.Ratio}, Points: true, Colour: k + 1, Runs: max(1, len(meth.Ratios))}
			ratio := fmt.Sprintf("%.3g × greedy's", meth.Ratio)
			if len(meth.Ratios) > 0 {
				// The sketches: the mean over the draws with its 95%
				// t-interval, drawn as an error bar.
				iv := tInterval(meth.Ratios)
				ratio = fmt.Sprintf("mean of %d sketches; %.3g × greedy's", len(meth.Ratios), iv.Mean)
				if iv.Bounded() {
					ratio += fmt.Sprintf(", 95%% t-interval [%.3g, %.3g]", iv.Lo, iv.Hi)
				}
				if iv.Bounded() {
					ser.Name = fmt.Sprintf("%s (mean of %d, bar: 95%% t-interval)", meth.Name, len(meth.Ratios))
					ser.Lo, ser.Hi = []float64{iv.Lo}, []float64{iv.Hi}
				} else if len(meth.Ratios) > 1 {
					ser.NoSpread = "the sketches' ratios are equal: no t-interval"
				}
			}
			switch {
			case !strings.HasPrefix(meth.Name, "random reshuffling"):
				sc.Series = append(sc.Series, ser)
				xlo, xhi = math.Min(xlo, ser.X[0]), math.Max(xhi, ser.X[0])
			case strings.HasPrefix(m.Name, "MNIST"):
				rrRatios = append(rrRatios, fmt.Sprintf("%.3g", meth.Ratio))
			}
			out.Rows = append(out.Rows, Row{
				Quantity: fmt.Sprintf("%s: %s", name, meth.Name),
				Paper:    "-",
				Ours:     fmt.Sprintf("σ*² %.4g (%s), %.3g multiply-adds (%.3g× fewer than greedy's), %s", meth.SigmaStar2, ratio, meth.MulAdds, exact.MulAdds/meth.MulAdds, fmtBytes(meth.Bytes)),
			})
			out.Timings = append(out.Timings, Row{
				Quantity: fmt.Sprintf("%s: %s: wall time to choose the order; speed-up over exact greedy", name, meth.Name),
				Paper:    "-",
				Ours:     fmt.Sprintf("%.3g s; %.3g×", meth.Seconds, exact.Seconds/meth.Seconds),
			})
		}
		if strings.HasPrefix(m.Name, "MNIST") {
			if len(orderings.Panels) > 0 {
				sc.YLabel = ""
			}
			sc.Series = append(sc.Series, chart.Series{Name: fmt.Sprintf("goal: sketched greedy, k = %d, below %g", f.K, f.GoalRatio),
				X: []float64{xlo, xhi}, Y: []float64{f.GoalRatio, f.GoalRatio}, Dashed: true, Colour: len(m.Methods) + 1})
			seedSpreadNote(sc)
			orderings.Panels = append(orderings.Panels, sc)
			orderings.Title = fmt.Sprintf("σ*² against multiply-adds to order, %s", scalableMatrixKind(name))
		}
	}
	if len(orderings.Panels) > 0 {
		if len(rrRatios) > 0 {
			orderings.Title += "; random reshuffling, off the chart: " + strings.Join(rrRatios, ", ")
		}
		out.addChart("scalable-orderings", "Orders on MNIST's batch-gradient matrices: σ*² and multiply-adds", orderings)
	}
	return nil
}

// oneDChart adds the rows and the chart of the online orders on the 1-D
// example of Section 4.1, if it ran.
func (r *ScalableResult) oneDChart(out *Outcome, f *ScalableFindings) {
	if f.OneD {
		last := r.OneD[len(r.OneD)-1].N
		lc := &chart.LineChart{
			Title:  fmt.Sprintf("Online orders on the 1-D example of Section 4.1, n = %d: σ*² of each epoch's order (σ = 1)", last),
			XLabel: "epoch", YLabel: "σ*²", LogY: true, IntegerX: true,
		}
		for _, o := range r.OneD {
			if o.N == last {
				lc.Series = append(lc.Series, oneDSeries(o))
			}
			ours := shortFloats(o.SigmaStar2)
			if len(o.Runs) > 0 {
				// The chart's line: the median over the runs.
				med, lo, hi, n := oneDMedian(o)
				ours = fmt.Sprintf("median of %d runs: %s (least: %s; largest: %s)", n, shortFloats(med), shortFloats(lo), shortFloats(hi))
			}
			out.Rows = append(out.Rows, Row{
				Quantity: fmt.Sprintf("1-D example, n = %d, %s: σ*² per epoch", o.N, o.Method),
				Paper:    "alternating order: σ² = 1; random: ≥ n/256",
				Ours:     ours,
			})
		}
		out.addChart("scalable-oned", "Online orders on the 1-D example", lc)
	}
}

// scalableProtocol returns the protocol lines of c: the matrices, σ*²,
// the cost, the sketches, the rule and its history, the 1-D example.
func scalableProtocol(c ScalableConfig) []string {
	return []string{
		fmt.Sprintf("Matrices: component gradients of a heterogeneous quadratic (n = 1024, d = 100) at x* + 1, of the two-level quadratic (σ_top = σ_low = 10) at 1, and the same-class batch gradients of the MNIST MLP 784-128-10 (%s training images, batches of 64) after %v epochs of RR with momentum 0.9 and learning rate 0.01.", countText(c.MNISTTrain, "all 60,000"), c.Snapshots),
		fmt.Sprintf("σ*² is max_k ‖Σ_{l≤k} (g_{r_l} - ḡ)‖² (M* = 0, ordering.Discrepancy). Balancing: %d offline passes from one random order, each pass starting from the last (the epochs of GraB on a fixed matrix, with the exact mean).", c.Passes),
		"Cost is measured without a clock: multiply-adds are the leading terms of each method's formula (exact greedy N·d + N²·d + N², sketched greedy N·d + N²·k + N², a balancing pass 2·N·d, a random order N), counted as written, not as BLAS schedules them; memory is the extra state the method keeps beyond the gradient matrix (the exact greedy: a centred copy and the N×N Gram matrix). Wall times (all cores for the Gram matrices and sketches, one run each) and the speed-ups over exact greedy they give depend on the machine: the reproduce command writes them, with the machine and the command, to the timings file (figures/results/timings.json), not here.",
		fmt.Sprintf("Sketches: each sketch dimension is drawn %d times per matrix, each from its own seed (mixed from the base seed, the stream, k, the matrix and the draw), so the draws are independent within and across matrices; a row gives their mean σ*².", c.SketchDraws),
		"Verdict (a goal of ours, not a claim of the paper): goal met if the ratio holds on every MNIST matrix, not met if it fails on one, inconclusive otherwise, not tested if the setup is not the regime the goal asks about (the cost below); a smaller ratio or more multiply-adds saved never gives a worse verdict. " + strings.Join(scalableRule.Text(), " "),
		"Changed after the confirmatory pass on base seed 1001 (goal not met there: the ratio part failed, the cost part held), as the third referee read, made before that pass, asked: the cost, an exact count every input of this setup satisfies by construction, is a precondition of our setup, no longer a judged part (a check no input can fail is not a check); the claim is registered again on new seeds (base seed 1002).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (issue 38): the rule is declared as data (scalableRule), the cost a part of its own (scalable-sketch-cost; before, one check joined it to the ratio), and greedy's σ*² on the 1-D example is no longer a check (it was never part of the verdict). An exact count of 20 times fewer multiply-adds was then unsettled, not met (since the change below, at least 20 times is the precondition).",
		"Rule history: until 2026-11-26 the goal was met iff on every MNIST matrix one sketch's σ*² ratio, a point estimate, was at most 1.1 (the same sketch seed for the three matrices, so not independent); the report of that day read 1.22, 1.19 and 1.25: goal not met. It changed on 2026-11-26, after those results were known, when a referee found a point estimate judged against a threshold: the interval over independent sketches replaced it.",
		fmt.Sprintf("1-D example: Algorithm 1 online (σ = 1, x₀ = 1, γ = 0.1/n, %d epochs); the balancing orders see the stale gradients of the steps, greedy queries them at x_t. Whether greedy's order has σ*² = σ² = 1 there (the alternating order of Section 4.1) is said beside the goal, not judged.", c.OneDEpochs),
	}
}

// scalableMatrixLabel is a short name of an MNIST matrix for the list of
// interval tests: "MNIST matrix after 1 epoch of RR".
func scalableMatrixLabel(name string) string {
	return "MNIST matrix " + scalablePanelTitle(epochsPlural(name))
}

// epochsPlural writes "after 1 epoch", not "after 1 epochs", in a matrix's
// name (the runs name their matrices "after %d epochs").
func epochsPlural(name string) string {
	return strings.Replace(name, " after 1 epochs ", " after 1 epoch ", 1)
}

// scalablePanelTitle is the title of an MNIST matrix's panel: its epochs
// of RR ("after 1 epoch of RR", "at initialisation"), or the name.
func scalablePanelTitle(name string) string {
	i := strings.Index(name, " after ")
	if i < 0 {
		return name
	}
	t := name[i+1:]
	if j := strings.Index(t, ","); j >= 0 {
		t = t[:j]
	}
	if strings.HasPrefix(t, "after 0 epochs") {
		return "at initialisation"
	}
	return t
}

// scalableMatrixKind is an MNIST matrix's name without its epochs: "MNIST
// MLP same-class batch gradients, N = 942, d = 101770".
func scalableMatrixKind(name string) string {
	i := strings.Index(name, " after ")
	if i < 0 {
		return name
	}
	rest := ""
	if j := strings.Index(name[i:], ","); j >= 0 {
		rest = name[i+j:]
	}
	return name[:i] + rest
}

// oneDSeries is the 1-D chart's line of o: σ*² per epoch, or for a method
// with further runs (RR) the median over the runs with a band from the
// least to the largest.
func oneDSeries(o ScalableOneD) chart.Series {
	x := ints(seq(len(o.SigmaStar2)))
	if len(o.Runs) == 0 {
		return chart.Series{Name: o.Method, X: x, Y: o.SigmaStar2}
	}
	med, lo, hi, n := oneDMedian(o)
	return chart.Series{Name: fmt.Sprintf("%s (median of %d runs, band: least to largest)", o.Method, n), X: x, Y: med, Lo: lo, Hi: hi, Runs: n}
}

// oneDMedian returns, per epoch, the median, least and largest σ*² of
// o's runs (its first and o.Runs), and their number.
func oneDMedian(o ScalableOneD) (med, lo, hi []float64, n int) {
	runs := append([][]float64{o.SigmaStar2}, o.Runs...)
	med, lo, hi = make([]float64, len(o.SigmaStar2)), make([]float64, len(o.SigmaStar2)), make([]float64, len(o.SigmaStar2))
	col := make([]float64, len(runs))
	for t := range med {
		for r, run := range runs {
			col[r] = run[t]
		}
		slices.Sort(col)
		med[t], lo[t], hi[t] = stat.Quantile(0.5, stat.Empirical, col, nil), col[0], col[len(col)-1]
	}
	return med, lo, hi, len(runs)
}
