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
	"sync"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

// Methods compared in the two-level experiment, in the order of
// TwoLevelCell.Methods.
const (
	TwoLevelShuffling = iota // two-level K-shuffling, Algorithm 3
	StandardShuffling        // standard shuffling (m copies of each f_i)
	numMethods
)

// MethodNames names the methods of the two-level experiment.
var MethodNames = [numMethods]string{"two-level", "standard"}

// TwoLevelConfig is the protocol of the two-level shuffling experiment of
// Section 6.2 (Figure 1). The zero value of each field means its default;
// the defaults are the paper's protocol where the paper states it, and our
// choice where it is silent (marked "not in the paper").
type TwoLevelConfig struct {
	// SigmaTops are the σ_top values (rows of the figure). Default
	// {0, 1, 2, 5, 10, 20, 50, 100} (not in the paper).
	SigmaTops []float64
	// Ms are the numbers m of low-level functions per top-level function
	// (columns). Each must be even. Default {2, 4, 8, 16, 32, 64, 128} (not
	// in the paper).
	Ms []int
	// SigmaLow is σ_low. Default 10, as in the paper.
	SigmaLow float64
	// D is the dimension. Default 20, as in the paper.
	D int
	// Lambda is the regulariser λ. Default 0.2, as in the paper.
	Lambda float64
	// N is the number of top-level functions; it must be even. Default 2,
	// as in the paper.
	N int
	// K is the K of two-level K-shuffling. Default 1, the case of Figure 1.
	K int
	// Steps are the learning rates tuned over. Default 1.1·2^-k for
	// k = 1..20, as in the paper.
	Steps []float64
	// Runs is the number of runs per learning rate; the best learning rate
	// minimises the mean steps over the runs. Default 3, as in the paper.
	Runs int
	// Budget is the number of gradient steps after which a run counts as
	// not converged. Default 10^6 (not in the paper).
	Budget int
	// Target is the radius: a run has converged when ‖x‖₂ < Target.
	// Default 0.2, as in the paper.
	Target float64
	// X0 is the value of every coordinate of the starting point. Default 1,
	// the all-ones vector (not in the paper).
	X0 float64
	// PerStep tests the target after every step instead of at the end of
	// each epoch (default, not in the paper). Tested after every step, a
	// noisy run can enter the ball by a lucky step, since the noise points
	// along the all-ones vector; at epoch ends the shuffled noise has
	// cancelled.
	PerStep bool
	// Seed seeds every run. Default 0.
	Seed uint64
	// Workers is the number of goroutines. Default GOMAXPROCS. Results do
	// not depend on it.
	Workers int
}

// DefaultTwoLevel returns the default protocol with every field filled in.
func DefaultTwoLevel() TwoLevelConfig {
	var c TwoLevelConfig
	c.fill()
	return c
}

func (c *TwoLevelConfig) fill() {
	if c.SigmaTops == nil {
		c.SigmaTops = []float64{0, 1, 2, 5, 10, 20, 50, 100}
	}
	if c.Ms == nil {
		c.Ms = []int{2, 4, 8, 16, 32, 64, 128}
	}
	pd := problems.TwoLevelConfig{D: c.D, Lambda: c.Lambda, N: c.N, SigmaLow: c.SigmaLow}.WithDefaults()
	c.D, c.Lambda, c.N, c.SigmaLow = pd.D, pd.Lambda, pd.N, pd.SigmaLow
	if c.K == 0 {
		c.K = 1
	}
	if c.Steps == nil {
		c.Steps = make([]float64, 20)
		for k := range c.Steps {
			c.Steps[k] = 1.1 * math.Ldexp(1, -(k+1))
		}
	}
	if c.Runs == 0 {
		c.Runs = 3
	}
	if c.Budget == 0 {
		c.Budget = 1_000_000
	}
	if c.Target == 0 {
		c.Target = 0.2
	}
	if c.X0 == 0 {
		c.X0 = 1
	}
	if c.Workers == 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
}

// ErrGrid is returned for an invalid two-level protocol.
var ErrGrid = errors.New("invalid experiment grid")

func (c *TwoLevelConfig) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("paper: %w: "+format, append([]any{ErrGrid}, args...)...)
	}
	switch {
	case len(c.SigmaTops) == 0:
		return bad("no σ_top values")
	case len(c.Ms) == 0:
		return bad("no m values")
	case len(c.Steps) == 0:
		return bad("no learning rates")
	case c.N < 2 || c.N%2 != 0:
		return bad("N = %d, want an even number >= 2", c.N)
	case c.K < 0:
		return bad("K = %d, want >= 1", c.K)
	case c.Runs < 0:
		return bad("Runs = %d, want >= 1", c.Runs)
	case c.Budget < 0:
		return bad("Budget = %d, want >= 1", c.Budget)
	case c.D < 0:
		return bad("D = %d, want >= 1", c.D)
	case c.Workers < 0:
		return bad("Workers = %d, want >= 1", c.Workers)
	case !(c.Target > 0) || math.IsInf(c.Target, 0):
		return bad("Target = %v, want positive and finite", c.Target)
	case !(c.SigmaLow >= 0) || math.IsInf(c.SigmaLow, 0):
		return bad("σ_low = %v, want >= 0 and finite", c.SigmaLow)
	case !(c.Lambda >= 0) || math.IsInf(c.Lambda, 0):
		return bad("λ = %v, want >= 0 and finite", c.Lambda)
	case math.IsNaN(c.X0) || math.IsInf(c.X0, 0):
		return bad("X0 = %v, want finite", c.X0)
	}
	for _, s := range c.SigmaTops {
		if !(s >= 0) || math.IsInf(s, 0) {
			return bad("σ_top = %v, want >= 0 and finite", s)
		}
	}
	for _, m := range c.Ms {
		if m < 2 || m%2 != 0 {
			return bad("m = %d, want an even number >= 2 (half the low-level functions add σ_low, half subtract it)", m)
		}
		if c.K > m {
			return bad("K = %d > m = %d", c.K, m)
		}
	}
	for _, g := range c.Steps {
		if !(g > 0) || math.IsInf(g, 0) {
			return bad("learning rate %v, want positive and finite", g)
		}
	}
	return nil
}

// TwoLevelResult is the full table of the two-level experiment.
type TwoLevelResult struct {
	Config TwoLevelConfig
	// Cells holds one cell per (σ_top, m), row-major: Cells[i*len(Ms)+j]
	// is SigmaTops[i], Ms[j].
	Cells []TwoLevelCell
	// Work is the number of gradient steps executed, converged or not.
	Work int64
}

// Cell returns the cell of SigmaTops[i] and Ms[j].
func (r *TwoLevelResult) Cell(i, j int) *TwoLevelCell {
	return &r.Cells[i*len(r.Config.Ms)+j]
}

// TwoLevelCell is the outcome of one (σ_top, m) pair.
type TwoLevelCell struct {
	SigmaTop float64
	M        int
	Methods  [numMethods]MethodOutcome
	// Ratio is the best mean steps of two-level shuffling divided by that
	// of standard shuffling; NaN if either never converged.
	Ratio float64 `json:"-"`
}

// NotConverged marks a run that did not reach the target within the budget
// or diverged.
const NotConverged = -1

// MethodOutcome is one method's outcome in one cell.
type MethodOutcome struct {
	// Steps[k][r] is the number of gradient steps run r with learning rate
	// Steps[k] of the config needed, or NotConverged.
	Steps [][]int
	// Mean[k] is the mean of Steps[k] over the runs, +Inf if any run did
	// not converge.
	Mean []float64 `json:"-"`
	// Best is the index of the best learning rate (smallest mean; ties go
	// to the larger rate), -1 if none converged in every run.
	Best int
	// BestMean is Mean[Best], +Inf if Best is -1.
	BestMean float64 `json:"-"`
}

// RunTwoLevel runs the two-level shuffling experiment of Section 6.2: for
// each (σ_top, m), each method and each learning rate, Runs runs of
// Algorithm 1 on the two-level quadratic from the all-X0 point, counting
// gradient steps until ‖x‖₂ < Target. progress, if not nil, is called
// after each (cell, method, learning rate) unit with the units done and
// the total; it may be called from several goroutines, never at once.
//
// The result is bit-identical for any number of workers: every run draws
// its randomness from a seed derived from Seed and its place in the grid.
func RunTwoLevel(ctx context.Context, c TwoLevelConfig, progress func(done, total int)) (*TwoLevelResult, error) {
	c.fill()
	if err := c.validate(); err != nil {
		return nil, err
	}
	res := &TwoLevelResult{Config: c, Cells: make([]TwoLevelCell, len(c.SigmaTops)*len(c.Ms))}
	type unit struct{ cell, method, lr int }
	var units []unit
	for i, st := range c.SigmaTops {
		for j, m := range c.Ms {
			k := i*len(c.Ms) + j
			cell := &res.Cells[k]
			cell.SigmaTop, cell.M = st, m
			for meth := range cell.Methods {
				mo := &cell.Methods[meth]
				mo.Steps = make([][]int, len(c.Steps))
				for lr := range c.Steps {
					units = append(units, unit{k, meth, lr})
				}
			}
		}
	}

	jobs := make(chan unit)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		done     int
		firstErr error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for w := 0; w < c.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range jobs {
				cell := &res.Cells[u.cell]
				steps, work, err := runUnit(ctx, &c, cell.SigmaTop, cell.M, u.method, u.lr)
				mu.Lock()
				res.Work += work
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				cell.Methods[u.method].Steps[u.lr] = steps
				done++
				if progress != nil && err == nil {
					progress(done, len(units))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, u := range units {
		select {
		case jobs <- u:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.Summarise()
	return res, nil
}

// Summarise computes the means, the best learning rates and the ratios
// from the steps of every run. RunTwoLevel calls it; call it again after
// decoding a result from JSON, which keeps only the steps.
func (r *TwoLevelResult) Summarise() {
	for k := range r.Cells {
		cell := &r.Cells[k]
		for meth := range cell.Methods {
			cell.Methods[meth].summarise(r.Config.Steps)
		}
		two, std := cell.Methods[TwoLevelShuffling].BestMean, cell.Methods[StandardShuffling].BestMean
		cell.Ratio = two / std
		if math.IsInf(two, 1) || math.IsInf(std, 1) {
			cell.Ratio = math.NaN()
		}
	}
}

func (mo *MethodOutcome) summarise(lrs []float64) {
	mo.Mean = make([]float64, len(mo.Steps))
	mo.Best, mo.BestMean = -1, math.Inf(1)
	for k, runs := range mo.Steps {
		sum := 0.0
		for _, s := range runs {
			if s == NotConverged {
				sum = math.Inf(1)
				break
			}
			sum += float64(s)
		}
		mo.Mean[k] = sum / float64(len(runs))
		// Ties go to the larger learning rate.
		if mo.Mean[k] < mo.BestMean || (mo.Mean[k] == mo.BestMean && mo.Best >= 0 && lrs[k] > lrs[mo.Best]) {
			mo.Best, mo.BestMean = k, mo.Mean[k]
		}
	}
}

// runSeed derives the seed of one run from the base seed and the run's
// parameters (not its index in the grid, so that a sub-grid gives the same
// runs as the full grid), mixing with the splitmix64 finaliser.
func runSeed(base uint64, sigmaTop float64, m, method int, gamma float64, run int) uint64 {
	z := base
	for _, w := range []uint64{math.Float64bits(sigmaTop), uint64(m), uint64(method), math.Float64bits(gamma), uint64(run)} {
		z ^= w
		z += 0x9e3779b97f4a7c15
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
	}
	return z
}

// divergeNorm2 is the squared norm beyond which a run is declared diverged.
const divergeNorm2 = 1e16

// runUnit runs the Runs runs of one (cell, method, learning rate).
func runUnit(ctx context.Context, c *TwoLevelConfig, sigmaTop float64, m, method, lr int) (steps []int, work int64, err error) {
	p, err := problems.NewTwoLevel(problems.TwoLevelConfig{
		D: c.D, Lambda: c.Lambda, N: c.N, M: m, SigmaTop: sigmaTop, SigmaLow: c.SigmaLow,
	})
	if err != nil {
		return nil, 0, fmt.Errorf("paper: %w", err)
	}
	steps = make([]int, c.Runs)
	x := make([]float64, c.D)
	var order []int
	for run := range steps {
		if err := ctx.Err(); err != nil {
			return nil, work, err
		}
		seed := runSeed(c.Seed, sigmaTop, m, method, c.Steps[lr], run)
		var o ordering.Orderer
		if method == TwoLevelShuffling {
			o, err = ordering.NewKShuffle(c.N, m, c.K, seed)
		} else {
			o, err = ordering.NewStandardShuffle(c.N, m, seed)
		}
		if err != nil {
			return nil, work, fmt.Errorf("paper: %w", err)
		}
		for j := range x {
			x[j] = c.X0
		}
		var done int
		steps[run], done = converge(p, o, x, order, c.Steps[lr], c.Budget, c.Target*c.Target, c.PerStep)
		work += int64(done)
	}
	return steps, work, nil
}

// converge runs epochs of o on p from x until ‖x‖² < target2 and returns
// the number of gradient steps, or NotConverged, and the steps executed.
// The step loop does not allocate.
func converge(p *problems.TwoLevel, o ordering.Orderer, x []float64, order []int, gamma float64, budget int, target2 float64, perStep bool) (result, steps int) {
	for t := 0; steps < budget; t++ {
		var err error
		order, err = o.Order(order[:0], ordering.Epoch{T: t})
		if err != nil {
			// The orders of this experiment need no gradients and cannot fail
			// once constructed.
			panic(err)
		}
		if !perStep && steps+len(order) > budget {
			// The target is tested at epoch ends, and this epoch would end
			// past the budget.
			return NotConverged, steps
		}
		if perStep {
			for _, i := range order {
				p.Step(x, gamma, i)
				steps++
				if norm2(x) < target2 {
					return steps, steps
				}
				if steps == budget {
					return NotConverged, steps
				}
			}
		} else {
			p.Steps(x, gamma, order)
			steps += len(order)
		}
		n2 := norm2(x)
		if n2 < target2 {
			return steps, steps
		}
		if !(n2 < divergeNorm2) {
			return NotConverged, steps
		}
	}
	return NotConverged, steps
}

func norm2(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v * v
	}
	return s
}
