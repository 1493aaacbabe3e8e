// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems/dataset"
	"github.com/goodorder/goodorder/problems/nn"
)

// Table1Config is the protocol of the table-1 claim: Section 6.1's
// comparison of random reshuffling with the greedy order of Algorithm 2
// under standard and same-class batching, scaled down from a ResNet-18 on
// CIFAR-10 for 200 epochs to a small network on MNIST.
type Table1Config struct {
	// Dataset names the data for dataset.Load: "mnist" (default),
	// "fashion-mnist" or "cifar10:<dir>".
	Dataset string
	// Model is "mlp" (default: one hidden layer of Hidden ReLU units, 128
	// by default) or "cnn" (nn.NewCNN's default architecture).
	Model  string
	Hidden int
	// Train and Test are the numbers of training and test images used
	// (0: all). The training images are a random subset drawn with the
	// base seed, the same for every run.
	Train, Test int
	// BatchSize is the minibatch size. Default 64.
	BatchSize int
	// Epochs is the length of every run.
	Epochs int
	// LRStandard and LRSameClass are the initial learning rates of the
	// two batchings (the paper: 0.1 and 0.01). Defaults 0.1 and 0.01.
	LRStandard, LRSameClass float64
	// Milestones are the fractions of Epochs after which the learning
	// rate is multiplied by Decay (the paper: 80, 120 and 160 of 200
	// epochs, by 0.1). Defaults 0.4, 0.6, 0.8 and 0.1.
	Milestones []float64
	Decay      float64
	// Momentum is the heavy-ball coefficient. Default 0.9.
	Momentum float64
	// WeightDecay is the L2 coefficient. Default 0 (the paper states none).
	WeightDecay float64
	// SlowEvery is the number of epochs the "slow update" greedy keeps an
	// order (the paper: 10 of 200 epochs). Default max(2, Epochs/20).
	SlowEvery int
	// Seeds is the number of runs per cell (the paper: 3). Default 3.
	Seeds int
	// Orders are the orders compared, from Table1OrderNames. Default
	// Table1Orders, the paper's three.
	Orders []string `json:",omitempty"`
	// SketchK is the sketch dimension of "sketched greedy". Default 1024.
	SketchK int `json:",omitempty"`
}

// Table1OrderNames are the orders RunTable1 knows: the paper's three, and
// the scalable orders of package ordering (beyond the paper).
var Table1OrderNames = []string{"RR", "greedy", "slow update", "stale greedy", "sketched greedy", "mean balance", "pair balance", "flipflop"}

// orders returns the orders of c.
func (c *Table1Config) orders() []string {
	if c.Orders == nil {
		return Table1Orders
	}
	return c.Orders
}

// table1Orderer returns the orderer named name over n batches.
func table1Orderer(c *Table1Config, name string, n int, seed uint64) (ordering.Orderer, error) {
	switch name {
	case "RR":
		return ordering.NewRR(n, seed)
	case "greedy":
		return &ordering.Greedy{}, nil
	case "slow update":
		return &ordering.Greedy{Every: c.SlowEvery}, nil
	case "stale greedy":
		return &ordering.StaleGreedy{}, nil
	case "sketched greedy":
		k := c.SketchK
		if k == 0 {
			k = 1024
		}
		return &ordering.SketchedGreedy{K: k, Seed: seed}, nil
	case "mean balance":
		return ordering.NewMeanBalance(n, ordering.BalanceSettings{Seed: seed})
	case "pair balance":
		return ordering.NewPairBalance(n, ordering.BalanceSettings{Seed: seed})
	case "flipflop":
		return ordering.NewFlipFlop(n, seed)
	}
	return nil, fmt.Errorf("paper: unknown order %q, want one of %v", name, Table1OrderNames)
}

// Table1Scale returns the table-1 protocol at a scale.
func Table1Scale(s Scale) Table1Config {
	switch s {
	case Smoke:
		return Table1Config{Hidden: 32, Train: 2000, Test: 1000, Epochs: 3, Seeds: 1}
	case Full:
		return Table1Config{Model: "cnn", Train: 20000, Epochs: 15, Seeds: 3}
	}
	return Table1Config{Train: 20000, Epochs: 10, Seeds: 3}
}

// fill sets the defaults of the zero fields.
func (c *Table1Config) fill() {
	if c.Dataset == "" {
		c.Dataset = "mnist"
	}
	if c.Model == "" {
		c.Model = "mlp"
	}
	if c.Model == "mlp" && c.Hidden == 0 {
		c.Hidden = 128
	}
	if c.BatchSize == 0 {
		c.BatchSize = 64
	}
	if c.LRStandard == 0 {
		c.LRStandard = 0.1
	}
	if c.LRSameClass == 0 {
		c.LRSameClass = 0.01
	}
	if c.Milestones == nil {
		c.Milestones = []float64{0.4, 0.6, 0.8}
	}
	if c.Decay == 0 {
		c.Decay = 0.1
	}
	if c.Momentum == 0 {
		c.Momentum = 0.9
	}
	if c.SlowEvery == 0 {
		c.SlowEvery = max(2, c.Epochs/20)
	}
	if c.Seeds == 0 {
		c.Seeds = 3
	}
}

func (c *Table1Config) validate() error {
	switch {
	case c.Model != "mlp" && c.Model != "cnn":
		return fmt.Errorf("paper: table-1 model %q, want mlp or cnn", c.Model)
	case c.Model == "mlp" && c.Hidden < 1:
		return fmt.Errorf("paper: table-1 hidden width %d, want >= 1", c.Hidden)
	case c.Train < 0 || c.Test < 0:
		return fmt.Errorf("paper: table-1 uses %d training and %d test images, want >= 0 (0: all)", c.Train, c.Test)
	case c.BatchSize < 1:
		return fmt.Errorf("paper: table-1 batch size %d, want >= 1", c.BatchSize)
	case c.Epochs < 1:
		return fmt.Errorf("paper: table-1 runs %d epochs, want >= 1", c.Epochs)
	case !(c.LRStandard > 0) || !(c.LRSameClass > 0) || math.IsInf(c.LRStandard, 1) || math.IsInf(c.LRSameClass, 1):
		return fmt.Errorf("paper: table-1 learning rates %v and %v, want positive and finite", c.LRStandard, c.LRSameClass)
	case !(c.Decay > 0) || c.Decay > 1:
		return fmt.Errorf("paper: table-1 decay %v, want in (0, 1]", c.Decay)
	case !(c.Momentum >= 0 && c.Momentum < 1):
		return fmt.Errorf("paper: table-1 momentum %v, want in [0, 1)", c.Momentum)
	case !(c.WeightDecay >= 0) || math.IsInf(c.WeightDecay, 1):
		return fmt.Errorf("paper: table-1 weight decay %v, want finite and >= 0", c.WeightDecay)
	case c.SlowEvery < 1:
		return fmt.Errorf("paper: table-1 slow update every %d epochs, want >= 1", c.SlowEvery)
	case c.Seeds < 1:
		return fmt.Errorf("paper: table-1 with %d seeds, want >= 1", c.Seeds)
	case c.SketchK < 0:
		return fmt.Errorf("paper: table-1 sketch dimension %d, want >= 0 (0: 1024)", c.SketchK)
	case c.Orders != nil && (len(c.Orders) == 0 || c.Orders[0] != "RR"):
		return fmt.Errorf("paper: table-1 orders %v, want RR first (the gaps are measured against it)", c.Orders)
	}
	for _, o := range c.orders() {
		if !slices.Contains(Table1OrderNames, o) {
			return fmt.Errorf("paper: unknown order %q, want one of %v", o, Table1OrderNames)
		}
	}
	for _, m := range c.Milestones {
		if !(m > 0 && m < 1) {
			return fmt.Errorf("paper: table-1 milestone %v, want a fraction of the epochs in (0, 1)", m)
		}
	}
	return nil
}

// milestones returns the epochs at which the learning rate decays.
func (c *Table1Config) milestones() []int {
	var m []int
	for _, f := range c.Milestones {
		m = append(m, int(math.Round(f*float64(c.Epochs))))
	}
	return m
}

// Table1Orders and Table1Batchings name the cells of Table 1: random
// reshuffling, Algorithm 2 every epoch and every SlowEvery epochs ("slow
// update"), under standard and same-class batching.
var (
	Table1Orders    = []string{"RR", "greedy", "slow update"}
	Table1Batchings = []string{"standard", "same-class"}
)

// Table1Run is one training run.
type Table1Run struct {
	Order, Batching string
	Seed            uint64
	// TestAcc[t] and TrainLoss[t] are the test accuracy and the mean
	// training loss at x_t, t = 0 (the initialisation) .. Epochs.
	TestAcc, TrainLoss []float64
	// Seconds is the wall time of the run (not part of the result's
	// identity: everything else is bit-identical for the same seed).
	Seconds float64
}

// Table1Result holds every run of the table-1 claim.
type Table1Result struct {
	Config Table1Config
	// Runs[o][b][s] is the run of order o (of Config.Orders, default
	// Table1Orders), batching b and seed s.
	Runs [][][]Table1Run
	// Params is the number of parameters of the network.
	Params int
	// Batches is the number of same-class batches.
	Batches int
	// Train and Test are the numbers of training and test images used.
	Train, Test int
}

// table1Data is the data of a protocol, loaded once.
type table1Data struct {
	net         nn.Net
	train, test *dataset.Set
	labels      []int
}

func loadTable1Data(c Table1Config, seed uint64) (*table1Data, error) {
	train, test, err := dataset.Load(c.Dataset)
	if err != nil {
		return nil, err
	}
	if c.Train > 0 && c.Train < train.N {
		perm := rand.New(rand.NewPCG(seed, 0x7461626c6531)).Perm(train.N)[:c.Train]
		slices.Sort(perm)
		if train, err = train.Subset(perm); err != nil {
			return nil, err
		}
	}
	if c.Test > 0 && c.Test < test.N {
		idx := make([]int, c.Test)
		for i := range idx {
			idx[i] = i
		}
		if test, err = test.Subset(idx); err != nil {
			return nil, err
		}
	}
	var net nn.Net
	switch c.Model {
	case "mlp":
		net, err = nn.NewMLP(train.Dim(), c.Hidden, train.Classes)
	case "cnn":
		net, err = nn.NewCNN(nn.CNNConfig{C: train.C, H: train.H, W: train.W, Classes: train.Classes})
	}
	if err != nil {
		return nil, err
	}
	labels := make([]int, train.N)
	for i, l := range train.Labels {
		labels[i] = int(l)
	}
	return &table1Data{net: net, train: train, test: test, labels: labels}, nil
}

// RunTable1 trains every run of c: len(c.Orders) × len(Table1Batchings)
// cells of c.Seeds runs each. Run s of every cell starts from the same
// initialisation, drawn from seed and s, so that the cells are compared on
// paired runs. Finished runs are cached in cacheDir ("" disables the
// cache), so an interrupted call resumes and a repeated one is quick.
// progress, if not nil, is told the number of finished runs.
func RunTable1(ctx context.Context, c Table1Config, seed uint64, cacheDir string, progress func(done, total int)) (*Table1Result, error) {
	return runTable1(ctx, &Env{Seed: seed, CacheDir: cacheDir, Progress: progress}, c)
}

func runTable1(ctx context.Context, env *Env, c Table1Config) (*Table1Result, error) {
	c.fill()
	if err := c.validate(); err != nil {
		return nil, err
	}
	var data *table1Data
	load := func() error {
		if data != nil {
			return nil
		}
		var err error
		data, err = loadTable1Data(c, env.Seed)
		return err
	}
	res := &Table1Result{Config: c}
	total := len(c.orders()) * len(Table1Batchings) * c.Seeds
	done := 0
	for o, order := range c.orders() {
		res.Runs = append(res.Runs, make([][]Table1Run, len(Table1Batchings)))
		for b, batching := range Table1Batchings {
			for s := range c.Seeds {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				key := struct {
					Config          Table1Config
					Order, Batching string
					Seed            uint64
					Run             int
				}{c, order, batching, env.Seed, s}
				run, err := cached(env, "table1-run", key, func() (Table1Run, error) {
					if err := load(); err != nil {
						return Table1Run{}, err
					}
					return trainTable1(ctx, c, data, order, batching, mixSeed(env.Seed, 0x7431, uint64(s)))
				})
				if err != nil {
					return nil, fmt.Errorf("paper: table-1 %s, %s batching, run %d: %w", order, batching, s, err)
				}
				res.Runs[o][b] = append(res.Runs[o][b], run)
				done++
				env.progress(done, total)
			}
		}
	}
	if err := load(); err != nil {
		return nil, err
	}
	res.Params = data.net.NumParams()
	res.Train, res.Test = data.train.N, data.test.N
	batches, err := ordering.SameClassBatches(data.labels, c.BatchSize, env.Seed)
	if err != nil {
		return nil, err
	}
	res.Batches = len(batches)
	return res, nil
}

// trainTable1 trains one run. The initialisation and the same-class
// batches depend on seed only; the orders draw from streams of seed.
func trainTable1(ctx context.Context, c Table1Config, d *table1Data, order, batching string, seed uint64) (Table1Run, error) {
	start := time.Now()
	run := Table1Run{Order: order, Batching: batching, Seed: seed}
	w := make([]float64, d.net.NumParams())
	d.net.Init(w, seed)

	var (
		p     ordering.Problem
		o     ordering.Orderer
		batch int
		lr    = c.LRStandard
		err   error
	)
	var batches [][]int
	switch batching {
	case "standard":
		if order == "RR" {
			// The paper's standard batching: consecutive examples of a
			// fresh random permutation each epoch.
			p, err = newExampleProblem(d.net, d.train, c.BatchSize)
			if err != nil {
				return run, err
			}
			if o, err = ordering.NewRR(d.train.N, seed); err != nil {
				return run, err
			}
			batch = c.BatchSize
			break
		}
		// Greedy orders a fixed set of batches, so that an order can be
		// kept for several epochs: consecutive examples of one random
		// permutation.
		perm := rand.New(rand.NewPCG(seed, 0x626174)).Perm(d.train.N)
		batches = ordering.StandardBatches(nil, perm, c.BatchSize)
	case "same-class":
		lr = c.LRSameClass
		if batches, err = ordering.SameClassBatches(d.labels, c.BatchSize, seed); err != nil {
			return run, err
		}
	default:
		panic("paper: unknown batching " + batching)
	}
	if batches != nil {
		if p, err = nn.NewBatchProblem(d.net, d.train.Pixels, d.train.Labels, batches); err != nil {
			return run, err
		}
		if o, err = table1Orderer(&c, order, len(batches), seed); err != nil {
			return run, err
		}
	}
	record := ordering.RecorderFunc(func(r *ordering.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		acc, _ := nn.Evaluate(d.net, r.X, d.test.Pixels, d.test.Labels)
		_, loss := nn.Evaluate(d.net, r.X, d.train.Pixels, d.train.Labels)
		if math.IsNaN(loss) || math.IsInf(loss, 0) {
			return fmt.Errorf("paper: training loss %v after epoch %d (diverged)", loss, r.Epoch)
		}
		run.TestAcc = append(run.TestAcc, acc)
		run.TrainLoss = append(run.TrainLoss, loss)
		return nil
	})
	_, err = ordering.Run(p, w, o, &ordering.Settings{
		Epochs:      c.Epochs,
		Step:        ordering.Piecewise{Initial: lr, Factor: c.Decay, Milestones: c.milestones()},
		BatchSize:   batch,
		Momentum:    c.Momentum,
		WeightDecay: c.WeightDecay,
		Recorder:    record,
		SkipEval:    true,
	})
	if err != nil {
		return run, err
	}
	run.Seconds = time.Since(start).Seconds()
	return run, nil
}

// exampleProblem is the training set as an ordering.Problem with one
// component per example, whose BatchGrad evaluates a minibatch in one
// pass of the network, for standard batching.
type exampleProblem struct {
	net nn.Net
	set *dataset.Set
	ws  nn.Workspace
	x   []float32
	y   []uint8
}

var _ ordering.BatchGradienter = (*exampleProblem)(nil)

func newExampleProblem(net nn.Net, set *dataset.Set, maxBatch int) (*exampleProblem, error) {
	if set.Dim() != net.InDim() {
		return nil, fmt.Errorf("paper: %s has %d values per image, the network takes %d", set.Name, set.Dim(), net.InDim())
	}
	if set.N == 0 {
		return nil, errors.New("paper: empty training set")
	}
	return &exampleProblem{net: net, set: set, ws: net.NewWorkspace(maxBatch)}, nil
}

func (p *exampleProblem) Len() int { return p.set.N }
func (p *exampleProblem) Dim() int { return p.net.NumParams() }

// gather copies the examples idx into the buffers.
func (p *exampleProblem) gather(idx []int) {
	p.x, p.y = p.x[:0], p.y[:0]
	for _, i := range idx {
		p.x = append(p.x, p.set.Image(i)...)
		p.y = append(p.y, p.set.Labels[i])
	}
}

func (p *exampleProblem) CompFunc(i int, w []float64) float64 {
	p.gather([]int{i})
	return p.ws.LossGrad(nil, w, p.x, p.y)
}

func (p *exampleProblem) CompGrad(grad []float64, i int, w []float64) {
	p.gather([]int{i})
	p.ws.LossGrad(grad, w, p.x, p.y)
}

func (p *exampleProblem) BatchGrad(grad []float64, idx []int, w []float64) {
	p.gather(idx)
	p.ws.LossGrad(grad, w, p.x, p.y)
}
