// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
)

// # The claim

// subsamplingID is the claim's id.
const subsamplingID = "sub-sampling"

var subsamplingClaim = Claim{
	ID:    subsamplingID,
	Where: "Assumption 3 (Section 3.2) and the Discussion of Theorem 1 (Section 3.5): sub-sampling",
	Statement: "Theorem 1 also holds for sequences r_t that are not permutations (sub-sampling, repeated components) as long as " +
		"‖(1/n) Σ_i (∇f_{r_i}(x_t) - ∇f(x_t))‖² ≤ ¼‖∇f(x_t)‖² along the run (Assumption 3). " +
		"(Beyond the paper, our prediction: a sequence whose bias does not vanish where ∇f does can only reach a stationary point of its own mean, not of f.)",
	Quote: "Theorem 1 holds for sequences that are not permutations (sub-sampling) as long as Assumption 3 holds",
	Run:   claimRun(SubsamplingConfig{}.At, SubsamplingConfig.Run, (*SubsamplingResult).Outcome),
	Rule:  &subsamplingRule,
}

// subsamplingRule is the claim's rule: Assumption 3 is a sufficient
// condition, so every sequence measured within it stays under Theorem 1's
// bound in every run (a bound, judged whatever its slack); one sequence
// above the bound refutes it. The sequences measured outside Assumption 3
// are outside the sentence, not measured (subsamplingJudge).
var subsamplingRule = Rule{Claim: subsamplingID, Parts: []RulePart{{
	Name: "subsampling-bound", Tex: 339,
	Sentence:  "given Theorem 1, Assumption 3 provides a sufficient condition when a subset of dataset can be used with guaranteed convergence",
	Statistic: "per sequence measured within Assumption 3, the smallest over the runs of Theorem 1's bound over the measured (1/T) Σ ‖∇f(x_t)‖² (each run exact: no sampling interval)",
	Test:      Bound, Side: Above, Threshold: 1, Each: Every,
}}}

// subsamplingCheck is the name of sequence name's part and check.
func subsamplingCheck(name string) string { return "subsampling-" + strings.ReplaceAll(name, " ", "-") }

// Thresholds of the verdict, quoted in the protocol.
const (
	// subsamplingConverged is the largest ‖∇f(x_T)‖²/‖∇f(x_0)‖² of a
	// sequence that satisfies Assumption 3 counted as converged.
	subsamplingConverged = 1e-6
	// subsamplingStallTol is the largest relative distance between the
	// biased sequence's ‖∇f(x_T)‖² and ‖∇f‖² at the minimiser of its own
	// mean for it to count as stalled there.
	subsamplingStallTol = 0.05
	// subsamplingBelowStall is the largest ratio of RR's ‖∇f(x_T)‖² on the
	// problem with σ² > 0 (where a constant step leaves a floor of order
	// γ²σ*²) to the biased sequence's stall for RR to count as past it.
	subsamplingBelowStall = 0.01
)

// # The config

// SubsamplingConfig is the protocol of the sub-sampling claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type SubsamplingConfig struct {
	// N, D, L, Mu and M set up the two problems.HeteroQuadratic: one with
	// σ² = 0 (every sequence satisfies Assumption 3 when M ≤ 1/4, see
	// below) and one with σ² = Sigma2. Defaults 16, 4, 1, 0.5, 0.2 and 1.
	N, D             int
	L, Mu, M, Sigma2 float64
	// X0Shift is the start: x_0 = x* + X0Shift·1. Default 1.
	X0Shift float64
	// Epochs is T. Default 400.
	Epochs int
	// Fraction is the step as a fraction of Theorem 1's limit for the
	// sequence's length n and M* = M. Default 0.5.
	Fraction float64
	// Runs is the number of runs of each random sequence. Default 5.
	Runs int
}

// At returns c with its zero fields set to the sub-sampling protocol at scale
// s.
func (c SubsamplingConfig) At(s Scale) SubsamplingConfig {
	return atScale(c, s, map[Scale]SubsamplingConfig{
		Smoke: {N: 8, Runs: 2},
		Full:  {N: 64, D: 16, Epochs: 1000, Runs: 20},
	})
}

// fill sets the zero fields to their defaults.
func (c *SubsamplingConfig) fill() {
	// M = 0.2 keeps the sub-sampled sequences' bias ratio at most
	// M/(1/4) = 0.8, away from the assumption's edge; with n/2 steps of
	// half the limit and μ = 0.5 an epoch contracts ‖∇f‖² by about
	// e^{-0.05}, so 400 epochs reach 1e-8 of the start.
	fillZero(c, SubsamplingConfig{N: 16, D: 4, L: 1, Mu: 0.5, M: 0.2, Sigma2: 1, X0Shift: 1, Epochs: 400, Fraction: 0.5, Runs: 5})
}

// validate returns an error naming the first field of c out of range.
func (c *SubsamplingConfig) validate() error {
	id := subsamplingID
	switch {
	case c.N < 8 || c.N%4 != 0 || c.D < 2 || c.D%2 != 0:
		return fmt.Errorf("paper: %s with n = %d and d = %d, want n >= 8 a multiple of 4 and d >= 2 even (the tilted problem's 2×2 blocks)", id, c.N, c.D)
	case !(c.M > 0 && c.M <= 0.25):
		return fmt.Errorf("paper: %s with M = %v, want in (0, 1/4] (Assumption 3 for every sequence when σ² = 0)", id, c.M)
	case !(c.Mu > 0 && c.Mu <= c.L/(1+math.Sqrt(c.M))) || math.IsInf(c.L, 0):
		return fmt.Errorf("paper: %s with L = %v and μ = %v, want 0 < μ <= L/(1+√M) finite", id, c.L, c.Mu)
	case !(c.Sigma2 > 0) || math.IsInf(c.Sigma2, 0):
		return fmt.Errorf("paper: %s with σ² = %v, want finite and > 0", id, c.Sigma2)
	case math.IsNaN(c.X0Shift) || math.IsInf(c.X0Shift, 0) || c.X0Shift == 0:
		return fmt.Errorf("paper: %s with x₀ shift %v, want finite and not 0", id, c.X0Shift)
	case c.Epochs < 1 || c.Runs < 1:
		return fmt.Errorf("paper: %s with %d epochs and %d runs, want both >= 1", id, c.Epochs, c.Runs)
	case !(c.Fraction > 0 && c.Fraction < 1):
		return fmt.Errorf("paper: %s step fraction %v, want in (0, 1)", id, c.Fraction)
	}
	return nil
}

// subsamplingOrders names the sequences: on the problem with σ² = 0, a
// uniformly random half of the components each epoch ("random half") and
// n draws with replacement ("multiset"); on the problem with σ² > 0,
// random reshuffling (a permutation, for reference), random reshuffling
// of all but one class of components ("drop a class": the quarter of the
// components whose gradients at x* lie furthest along their leading
// principal direction, dropped in every epoch), and a uniformly random
// order of the multiset holding every component twice ("each twice": 2n
// steps, not a permutation, bias 0 at every x, but with components that
// are not multiples of ∇f, so that its convergence is a real test of the
// sufficient condition).
//
// The tilted half runs on a third problem (tiltedQuadratic, σ² = 0):
// a fresh permutation each epoch of the same half of the components,
// whose mean's bias is E Ā⁻¹∇f, with a ratio against Assumption 3's
// ¼‖∇f‖² of 0.9 along the run (at most that at every x) and an angle
// of about 130° with ∇f: the one sequence near the assumption's edge
// with a bias that is not a multiple of ∇f.
var subsamplingOrders = []string{"random half", "multiset", "RR", "drop a class", "each twice", "tilted half"}

// subsamplingBuilt tells which sequences are built to satisfy Assumption
// 3. Whether one does is measured (SubsamplingSequenceFindings.Satisfies):
// the bias ratio against the ¼ of Assumption 3 at every epoch of every
// run. With σ² = 0 the heterogeneous quadratic has ∇f_i - ∇f =
// ε_i ∇f with |ε_i| = √M, so any sequence has bias ε̄²‖∇f‖² ≤ M‖∇f‖² ≤
// ¼‖∇f‖²; a permutation has bias 0.
// "Each twice" has bias 0 at every x: each epoch visits every component
// twice. The tilted half has bias ratio 4‖EĀ⁻¹∇f‖²/‖∇f‖² ≤ 0.9 at every x
// (tiltedQuadratic).
var subsamplingBuilt = map[string]bool{"random half": true, "multiset": true, "RR": true, "drop a class": false, "each twice": true, "tilted half": true}

// subsamplingOnHetero tells which sequences run on the problem with σ² > 0.
var subsamplingOnHetero = map[string]bool{"RR": true, "drop a class": true, "each twice": true}

// # The run

// SubsamplingRun is one run of a sequence.
type SubsamplingRun struct {
	// GradNorm2[t] is ‖∇f(x_t)‖², t = 0..T.
	GradNorm2 []float64
	// BiasRatio[t] is lhs/rhs of Assumption 3 (SampleBias) for the
	// sequence of epoch t at its start x_t, t = 0..T-1, and BiasCos[t]
	// the cosine of the angle between that sequence's bias
	// (1/n) Σ_i (∇f_{r_i}(x_t) - ∇f(x_t)) and ∇f(x_t) (0 for a bias of 0).
	BiasRatio, BiasCos []float64
	// SigmaStar2 is the run's σ*² for M* = M (SigmaTracker).
	SigmaStar2 float64
	// Measured is (1/T) Σ_{t<T} ‖∇f(x_t)‖² and Stated Theorem1Bound for
	// the run's constants.
	Measured, Stated float64
}

// SubsamplingOrder holds the runs of one sequence.
type SubsamplingOrder struct {
	// Name names the sequence.
	Name string
	// Len is n, the length of the sequence; Step its step.
	Len  int
	Step float64
	// Stall is ‖∇f‖² at the minimiser of the mean of the components the
	// sequence visits (0 when that is x*).
	Stall float64
	// Runs are the runs of the sequence.
	Runs []SubsamplingRun
}

// SubsamplingResult holds the runs of the sub-sampling claim.
type SubsamplingResult struct {
	Config SubsamplingConfig
	Orders []SubsamplingOrder
}

// subsequence is an Orderer that takes the order of o, drops the
// components marked in drop and keeps the first k entries (k = 0: all).
// The first k of a uniformly random permutation are a uniformly random
// k-subset in random order.
type subsequence struct {
	o    ordering.Orderer
	drop []bool
	k    int
}

// Order implements ordering.Orderer.
func (s *subsequence) Order(dst []int, e ordering.Epoch) ([]int, error) {
	r, err := s.o.Order(dst, e)
	if err != nil {
		return r, err
	}
	if s.drop != nil {
		r = slices.DeleteFunc(r, func(i int) bool { return s.drop[i] })
	}
	if s.k > 0 {
		r = r[:s.k]
	}
	return r, nil
}

var _ ordering.Orderer = (*subsequence)(nil)

// modOrder is an Orderer that takes the order of o, whose entries are
// in [0, k·n), modulo n: on a uniformly random permutation of [0, k·n) a
// uniformly random order of the multiset holding every component k times.
type modOrder struct {
	o ordering.Orderer
	n int
}

// Order implements ordering.Orderer. o sees only the epoch's index: it
// runs over k·n indices, not over the problem's n components, and must
// not query the oracle.
func (m *modOrder) Order(dst []int, e ordering.Epoch) ([]int, error) {
	r, err := m.o.Order(dst, ordering.Epoch{T: e.T})
	for i := range r {
		r[i] %= m.n
	}
	return r, err
}

var _ ordering.Orderer = (*modOrder)(nil)

// biasTracker is a Recorder that measures Assumption 3 for every epoch's
// sequence at the epoch's start, as SigmaTracker does for Assumption 4.
type biasTracker struct {
	p     ordering.Problem
	next  ordering.Recorder
	prev  []float64
	ratio []float64
	cos   []float64
	grads *mat.Dense // the component gradients at prev, reused every epoch
}

// Record implements ordering.Recorder.
func (b *biasTracker) Record(r *ordering.Record) error {
	if r.Order != nil {
		b.grads = ordering.ComponentGrads(b.grads, b.p, b.prev)
		lhs, rhs, err := ordering.SampleBias(b.grads, r.Order)
		if err != nil {
			return err
		}
		b.ratio = append(b.ratio, lhs/rhs)
		b.cos = append(b.cos, biasCos(b.grads, r.Order))
	}
	b.prev = append(b.prev[:0], r.X...)
	return b.next.Record(r)
}

// biasCos returns the cosine of the angle between the bias of sequence r,
// (1/n) Σ_i g_{r_i} - ḡ, and the mean ḡ of the rows of grads; 0 if either
// is 0.
func biasCos(grads *mat.Dense, r []int) float64 {
	n, d := grads.Dims()
	mean, bias := make([]float64, d), make([]float64, d)
	for i := range n {
		floats.AddScaled(mean, 1/float64(n), grads.RawRowView(i))
	}
	for _, i := range r {
		floats.AddScaled(bias, 1/float64(len(r)), grads.RawRowView(i))
	}
	floats.Sub(bias, mean)
	nb, ng := floats.Norm(bias, 2), floats.Norm(mean, 2)
	if nb == 0 || ng == 0 {
		return 0
	}
	return floats.Dot(bias, mean) / (nb * ng)
}

// Run runs the sub-sampling claim, or returns it from env's
// cache. Run k of a sequence is seeded from env.Seed, the sequence and k.
func (c SubsamplingConfig) Run(ctx context.Context, env *Env) (*SubsamplingResult, error) {
	return runCached(ctx, env, subsamplingID, "runSubsampling", c, runSubsampling)
}

func runSubsampling(ctx context.Context, env *Env, c SubsamplingConfig) (*SubsamplingResult, error) {
	seed := env.Seed
	n := c.N
	prob := func(sigma2 float64, k uint64) (*problems.HeteroQuadratic, error) {
		return problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{N: n, D: c.D, L: c.L, Mu: c.Mu, Sigma2: sigma2, M: c.M, Seed: mixSeed(seed, streamSubsamplingProblem, k)})
	}
	exact, err := prob(0, 0)
	if err != nil {
		return nil, err
	}
	hetero, err := prob(c.Sigma2, 1)
	if err != nil {
		return nil, err
	}
	class, err := principalOrder(ordering.ComponentGrads(nil, hetero, hetero.Minimizer()))
	if err != nil {
		return nil, err
	}
	drop := make([]bool, n)
	for _, i := range class[n-n/4:] {
		drop[i] = true
	}
	tilted, err := newTiltedQuadratic(n, c.D, c.L, c.M, mixSeed(seed, streamSubsamplingProblem, 2))
	if err != nil {
		return nil, err
	}
	second := make([]bool, n) // the class the tilted half drops
	for i := n / 2; i < n; i++ {
		second[i] = true
	}
	res := &SubsamplingResult{Config: c}
	total, done := len(subsamplingOrders)*c.Runs, 0
	for oi, name := range subsamplingOrders {
		var p subsamplingProblem = exact
		mstar := c.M
		switch {
		case subsamplingOnHetero[name]:
			p = hetero
		case name == "tilted half":
			p, mstar = tilted, tilted.M()
		}
		x0 := p.Minimizer()
		floats.AddConst(c.X0Shift, x0)
		length := map[string]int{"random half": n / 2, "multiset": n, "RR": n, "drop a class": n - n/4, "each twice": 2 * n, "tilted half": n / 2}[name]
		cs := ordering.Theorem1Constants{L: p.L(), F0: p.Func(x0) - p.MinValue(), MStar: mstar, N: length, T: c.Epochs}
		max, err := ordering.Theorem1MaxStep(cs)
		if err != nil {
			return nil, err
		}
		so := SubsamplingOrder{Name: name, Len: length, Step: c.Fraction * max}
		if name == "drop a class" {
			so.Stall = stallGradNorm2(hetero, drop)
		}
		for k := 0; k < c.Runs; k++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			s := mixSeed(seed, streamSubsampling, uint64(oi), uint64(k))
			var o ordering.Orderer
			switch name {
			case "random half", "RR", "drop a class", "tilted half":
				rr, err := ordering.NewRR(n, s)
				if err != nil {
					return nil, err
				}
				o = rr
				switch name {
				case "random half":
					o = &subsequence{o: rr, k: n / 2}
				case "drop a class":
					o = &subsequence{o: rr, drop: drop}
				case "tilted half":
					o = &subsequence{o: rr, drop: second}
				}
			case "multiset":
				if o, err = ordering.NewSGD(n, n, s); err != nil {
					return nil, err
				}
			case "each twice":
				rr, err := ordering.NewRR(2*n, s)
				if err != nil {
					return nil, err
				}
				o = &modOrder{o: rr, n: n}
			}
			h := &ordering.History{}
			bt := &biasTracker{p: p, next: h}
			tr := &ordering.SigmaTracker{Problem: p, MStar: mstar, Next: bt}
			if _, err := ordering.Run(p, x0, o, &ordering.Settings{Epochs: c.Epochs, Step: ordering.Constant(so.Step), Recorder: tr}); err != nil {
				return nil, fmt.Errorf("paper: %s %s run %d: %w", subsamplingID, name, k, err)
			}
			run := SubsamplingRun{BiasRatio: bt.ratio, BiasCos: bt.cos, SigmaStar2: tr.Max}
			for t, r := range h.Records {
				run.GradNorm2 = append(run.GradNorm2, r.GradNorm2)
				if t < c.Epochs {
					run.Measured += r.GradNorm2 / float64(c.Epochs)
				}
			}
			cs.SigmaStar2 = tr.Max
			if run.Stated, err = ordering.Theorem1Bound(cs, so.Step); err != nil {
				return nil, err
			}
			so.Runs = append(so.Runs, run)
			done++
			env.progress(done, total)
		}
		res.Orders = append(res.Orders, so)
	}
	return res, nil
}

// subsamplingProblem is what the claim needs of its problems.
type subsamplingProblem interface {
	ordering.Problem
	L() float64
	Func(x []float64) float64
	MinValue() float64
	Minimizer() []float64
}

// stallGradNorm2 returns ‖∇f‖² at the minimiser of the mean of the
// components not dropped. The components are quadratics with diagonal
// Hessians, so that mean has gradient c + h∘x with c its gradient at 0 and
// h_j read off from its gradient at the unit vector e_j.
func stallGradNorm2(p *problems.HeteroQuadratic, drop []bool) float64 {
	d := p.Dim()
	mean := func(x []float64) []float64 {
		g, gi, k := make([]float64, d), make([]float64, d), 0
		for i := range drop {
			if !drop[i] {
				p.CompGrad(gi, i, x)
				floats.Add(g, gi)
				k++
			}
		}
		floats.Scale(1/float64(k), g)
		return g
	}
	c := mean(make([]float64, d))
	x := make([]float64, d)
	for j := range x {
		e := make([]float64, d)
		e[j] = 1
		x[j] = -c[j] / (mean(e)[j] - c[j])
	}
	g := make([]float64, d)
	p.Grad(g, x)
	return floats.Dot(g, g)
}

// SubsamplingSequenceFindings is what one sequence of the sub-sampling
// claim shows.
type SubsamplingSequenceFindings struct {
	// Name names the sequence. Built is set for the sequences built to
	// satisfy Assumption 3, Satisfies for those measured to: a bias ratio
	// (lhs over the ¼‖∇f‖² of Assumption 3) of at most 1 at every epoch of
	// every run (MaxRatio ≤ 1). The verdict is over the sequences that
	// satisfy it. Hetero is set for those run with σ² > 0.
	Name                     string
	Built, Satisfies, Hetero bool
	// Len is the sequence's length and Step its step.
	Len  int
	Step float64
	// Mean[t] is the mean over the runs of ‖∇f(x_t)‖², t = 0..T.
	Mean []float64
	// MaxRatio is the largest bias ratio (lhs/rhs of Assumption 3) over
	// the runs and epochs, FirstRatio and EndRatio its mean over the runs
	// at the first and the last epoch, and From the earliest epoch from
	// which it is above 1 in some run (T if none).
	MaxRatio, FirstRatio, EndRatio float64
	From                           int
	// MinRatio is the least bias ratio over the runs and epochs, and
	// MeanCos the mean over them of the cosine of the angle between the
	// bias and ∇f(x_t) (SubsamplingRun.BiasCos).
	MinRatio, MeanCos float64
	// Final is the mean of ‖∇f(x_T)‖²/‖∇f(x_0)‖² and End that of
	// ‖∇f(x_T)‖² over the runs; Stall is ‖∇f‖² at the minimiser of the
	// mean of the components the sequence visits (0 when that is x*).
	Final, End, Stall float64
	// Under is set if (1/T) Σ ‖∇f(x_t)‖² is under Theorem 1's bound in
	// every run, and Slack is the smallest bound/measured over the runs.
	Under bool
	Slack float64
	// Holds is the sequence's check: for a sequence that satisfies
	// Assumption 3, Under (Theorem 1's bound, the paper's sufficient
	// condition's conclusion); for a sequence built to satisfy it that
	// does not, false (it is left out of the verdict); for the biased
	// sequence, EndRatio > 1 and End within a relative StallTol of Stall
	// (our prediction).
	Holds bool
	// Converges, for a sequence that satisfies Assumption 3, is reported
	// beside the verdict and does not enter it: with σ² = 0, Final ≤
	// Converged; with σ² > 0, End ≤ BelowStall times the biased stall.
	Converges bool
}

// SubsamplingFindings is what the sub-sampling claim shows: the sequences
// that satisfy Assumption 3 converge under Theorem 1's bound, which the
// verdict judges, and the biased one stalls where its own mean is
// stationary, which is our prediction and reported only.
type SubsamplingFindings struct {
	// Sequences are the findings per sequence: random half, multiset, RR,
	// drop a class, each twice and tilted half.
	Sequences []SubsamplingSequenceFindings
	// BiasedStall is the stall of the biased sequence (drop a class), the
	// level the sequences with σ² > 0 must get below.
	BiasedStall float64
	// Converged, BelowStall and StallTol are the thresholds of the checks
	// (subsamplingConverged, subsamplingBelowStall, subsamplingStallTol).
	Converged, BelowStall, StallTol float64
	// Sufficient is set if every sequence that satisfies Assumption 3
	// holds, and StallPredicted if the biased sequence does.
	Sufficient, StallPredicted bool
	// Left names the sequences built to satisfy Assumption 3 whose
	// measured bias ratio is above 1: left out of the verdict.
	Left []string
	// MinSlack is the smallest Slack of the sequences that satisfy
	// Assumption 3, said beside the verdict. Theorem 1's bound is what the
	// claim judges, so it is judged whatever its slack: a looser bound
	// never reads worse. (From 2026-11-26 07:45 to 08:55 a bound not
	// approached made the verdict NotTested: referee C.)
	MinSlack float64
	// Verdict is the rule's (subsamplingRule): Reproduced if Sufficient,
	// else NotReproduced; NotCheckable if no sequence satisfies
	// Assumption 3.
	Verdict Verdict

	// judgement is what subsamplingRule found.
	judgement Judgement
}

// Sequence returns the findings of the named sequence, nil if there is
// none.
func (f *SubsamplingFindings) Sequence(name string) *SubsamplingSequenceFindings {
	for i := range f.Sequences {
		if f.Sequences[i].Name == name {
			return &f.Sequences[i]
		}
	}
	return nil
}

// Findings returns what the claim shows: the sequences that satisfy
// Assumption 3 along the run against convergence and Theorem 1's bound,
// and the biased one against the assumption and its stall. It returns an
// error if res is not of the shape of its config.
func (res *SubsamplingResult) Findings() (*SubsamplingFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	names := make([]string, len(res.Orders))
	for i, o := range res.Orders {
		names[i] = o.Name
	}
	di, err := orderIndex(subsamplingID, names, "drop a class")
	if err != nil {
		return nil, err
	}
	f := &SubsamplingFindings{BiasedStall: res.Orders[di].Stall, Converged: subsamplingConverged, BelowStall: subsamplingBelowStall, StallTol: subsamplingStallTol,
		StallPredicted: true, MinSlack: math.Inf(1)}
	stall := f.BiasedStall
	for _, name := range subsamplingOrders {
		oi, err := orderIndex(subsamplingID, names, name)
		if err != nil {
			return nil, err
		}
		o := res.Orders[oi]
		sf := SubsamplingSequenceFindings{Name: name, Built: subsamplingBuilt[name], Hetero: subsamplingOnHetero[name], Len: o.Len, Step: o.Step,
			Mean: make([]float64, c.Epochs+1), Stall: o.Stall, Under: true, From: c.Epochs, Slack: math.Inf(1), MinRatio: math.Inf(1)}
		for _, r := range o.Runs {
			for t, g := range r.GradNorm2 {
				sf.Mean[t] += g / float64(len(o.Runs))
			}
			sf.MaxRatio = math.Max(sf.MaxRatio, floats.Max(r.BiasRatio))
			sf.MinRatio = math.Min(sf.MinRatio, floats.Min(r.BiasRatio))
			sf.MeanCos += floats.Sum(r.BiasCos) / float64(len(r.BiasCos)*len(o.Runs))
			sf.EndRatio += r.BiasRatio[c.Epochs-1] / float64(len(o.Runs))
			sf.Final += r.GradNorm2[c.Epochs] / r.GradNorm2[0] / float64(len(o.Runs))
			sf.Under = sf.Under && r.Measured <= r.Stated
			sf.Slack = math.Min(sf.Slack, r.Stated/r.Measured)
			sf.FirstRatio += r.BiasRatio[0] / float64(len(o.Runs))
			if t := slices.IndexFunc(r.BiasRatio, func(v float64) bool { return v > 1 }); t >= 0 {
				sf.From = min(sf.From, t)
			}
		}
		sf.End, _ = meanSE(lastGrads(o.Runs, c.Epochs))
		// Assumption 3 is the ¼ bound: a bias ratio of at most 1.
		sf.Satisfies = sf.MaxRatio <= 1
		switch {
		case sf.Hetero && sf.Satisfies:
			sf.Holds, sf.Converges = sf.Under, sf.End <= subsamplingBelowStall*stall
		case sf.Satisfies:
			sf.Holds, sf.Converges = sf.Under, sf.Final <= subsamplingConverged
		case sf.Built:
			f.Left = append(f.Left, name)
		default:
			rel := math.Abs(sf.End-o.Stall) / o.Stall
			sf.Holds = sf.EndRatio > 1 && o.Stall > 0 && rel <= subsamplingStallTol
		}
		if sf.Satisfies {
			f.MinSlack = math.Min(f.MinSlack, sf.Slack)
		}
		if !sf.Built {
			f.StallPredicted = f.StallPredicted && !sf.Satisfies && sf.Holds
		}
		f.Sequences = append(f.Sequences, sf)
	}
	// The verdict is the paper's: Assumption 3 suffices. The stall is our
	// prediction, reported beside it.
	if err := f.judge(len(res.Orders[0].Runs)); err != nil {
		return nil, err
	}
	return f, nil
}

// judge judges by subsamplingRule each sequence measured within
// Assumption 3 on its smallest slack over its runs (Theorem 1's bound
// over the measured average, exact per run: a degenerate interval), and
// sets the verdict and Sufficient; with no sequence within it, nothing is
// measured (NotCheckable).
func (f *SubsamplingFindings) judge(runs int) error {
	var ms []Measure
	for _, sf := range f.Sequences {
		if sf.Satisfies {
			iv := Interval{Mean: sf.Slack, Lo: sf.Slack, Hi: sf.Slack, N: runs}
			ms = append(ms, Measure{Label: sf.Name, Iv: iv, Note: fmt.Sprintf("slack %.3g×", sf.Slack)})
		}
	}
	if len(ms) == 0 {
		ms = []Measure{{Label: "no sequence within Assumption 3"}}
	}
	j, err := subsamplingRule.Judge(Measures{"subsampling-bound": ms}, nil)
	if err != nil {
		return err
	}
	f.judgement = j
	f.Verdict, f.Sufficient = j.Verdict, j.Verdict == Reproduced
	return nil
}

// # The outcome

// Outcome renders the findings: a check and a row per sequence, the
// verdict and its words, and the chart of ‖∇f(x_t)‖² of every sequence. It

// subsamplingMerge is how close, relatively, two sequences' mean ‖∇f(x_t)‖²
// must be at every epoch to be drawn as one line (mergeClose on the
// logarithm: about 10%).
const subsamplingMerge = 0.1

// returns an error if res is not of the shape of its config.
func (res *SubsamplingResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	out := Outcome{}
	out.judged(&subsamplingRule, f.judgement)
	ch := &chart.LineChart{
		Title:  fmt.Sprintf("Sequences that are not permutations, n = %d components, M = %g: ‖∇f(xₜ)‖² (%s); σ² > 0 marks the sequences on a noisy problem, the tilted half has one of its own", c.N, c.M, runsBandText(c.Runs)),
		XLabel: "epoch t", YLabel: "‖∇f(xₜ)‖²", LogY: true,
	}
	ts := ints(seq(c.Epochs + 1))
	var summary []string
	for _, sf := range f.Sequences {
		lo, hi := res.gradRange(sf.Name)
		name := sf.Name
		if sf.Hetero {
			name += " (σ² > 0)"
		}
		ch.Series = append(ch.Series, chart.Series{Name: name, X: ts, Y: sf.Mean, Lo: lo, Hi: hi, Runs: res.runsOf(sf.Name)})
		if !sf.Satisfies && !sf.Built {
			ch.Series = append(ch.Series, chart.Series{Name: subsamplingStallName(sf, ts), X: ts, Y: constant(len(ts), sf.Stall), Dashed: true})
		}
		ours, sum := subsamplingWords(f, sf)
		summary = append(summary, sum)
		if sf.Hetero && sf.Satisfies && sf.Name != "RR" {
			out.Key = Key{Name: "each twice: ‖∇f(x_T)‖² over the biased stall", Value: sf.End / f.BiasedStall}
		}
		if !sf.Satisfies {
			// Outside Assumption 3, not judged: a sequence built to
			// satisfy it fails its check, the biased one's is our stall
			// prediction, beside the rule's.
			out.addCheck(subsamplingCheck(sf.Name), sf.Holds, "%s", ours)
		}
		out.Rows = append(out.Rows, Row{Quantity: fmt.Sprintf("%s (n = %d steps per epoch, γ = %.3g)", sf.Name, sf.Len, sf.Step), Paper: subsamplingPaper(sf), Ours: ours})
	}
	// Sequences that converge alike (the random half and the multiset
	// run on one line) are drawn as one line named after both, so that
	// neither hides under the other.
	ch.Series = mergeBands(ch.Series, mergeClose(ch.Series, math.Log, subsamplingMerge, fmt.Sprintf("within %g%% of its line at every epoch", 100*subsamplingMerge)), math.Log, subsamplingMerge)
	noteHiddenBands(ch, "min-to-max band", true)
	out.addChart("sub-sampling", "Sub-sampling: Assumption 3 satisfied and violated", ch)
	out.Summary = strings.Join(summary, "; ")
	subsamplingSummary(&out, f)
	out.Details = subsamplingDetails
	out.Protocol = subsamplingProtocol(c)
	return &out, nil
}

// subsamplingPaper says what the paper says of sequence sf.
func subsamplingPaper(sf SubsamplingSequenceFindings) string {
	switch {
	case !sf.Satisfies && sf.Built:
		return "violates Assumption 3 (measured): no guarantee"
	case !sf.Satisfies:
		return "violates Assumption 3: no guarantee (the stall where its own mean is stationary is our prediction, not the paper's)"
	}
	return "satisfies Assumption 3 (measured): Theorem 1's bound holds"
}

// subsamplingWords returns what sequence sf shows, for its row and check,
// and its part of the summary.
func subsamplingWords(f *SubsamplingFindings, sf SubsamplingSequenceFindings) (ours, summary string) {
	name, stall := sf.Name, f.BiasedStall
	maxRatio, endRatio, final, under, fin := sf.MaxRatio, sf.EndRatio, sf.Final, sf.Under, sf.End
	switch {
	case sf.Hetero && sf.Satisfies:
		what := "a permutation"
		if name != "RR" {
			what = "every component twice"
		}
		ours = fmt.Sprintf("largest bias ratio %.3g (%s: 0 up to rounding), (1/T) Σ ‖∇f(x_t)‖² under Theorem 1's bound in every run: %v (judged; smallest bound/measured %.3g); beside it, ‖∇f(x_T)‖² = %.3g, %.3g times the biased sequence's stall (below %g: %v; the constant step leaves a floor)",
			maxRatio, what, under, sf.Slack, fin, fin/stall, f.BelowStall, sf.Converges)
		summary = fmt.Sprintf("%s (σ² > 0): under Theorem 1's bound: %v; ‖∇f(x_T)‖² %.2g of the biased stall", name, under, fin/stall)
	case sf.Satisfies:
		ours = fmt.Sprintf("largest bias ratio %.3g (≤ 1: Assumption 3 holds), (1/T) Σ ‖∇f(x_t)‖² under Theorem 1's bound in every run: %v (judged; smallest bound/measured %.3g); beside it, ‖∇f(x_T)‖²/‖∇f(x_0)‖² = %.3g (converged below %g: %v)",
			maxRatio, under, sf.Slack, final, f.Converged, sf.Converges)
		summary = fmt.Sprintf("%s: bias ratio ≤ %.2g, under Theorem 1's bound: %v, ‖∇f‖² down to %.2g of the start", name, maxRatio, under, final)
		if name == "tilted half" {
			ours += fmt.Sprintf("; near the assumption's edge: least bias ratio %.3g, and the bias not parallel to ∇f (mean cosine of their angle %.2g)", sf.MinRatio, sf.MeanCos)
			summary = fmt.Sprintf("%s: bias ratio %.2g to %.2g, not parallel to ∇f (cosine %.2g), under Theorem 1's bound: %v (bound/measured %.3g), ‖∇f‖² down to %.2g of the start", name, sf.MinRatio, maxRatio, sf.MeanCos, under, sf.Slack, final)
		}
	case sf.Built:
		ours = fmt.Sprintf("built to satisfy Assumption 3, but its largest measured bias ratio is %.3g > 1 (above from epoch %d in the earliest run): it does not, and is left out of the verdict; ‖∇f(x_T)‖² = %.3g",
			maxRatio, sf.From, fin)
		summary = fmt.Sprintf("%s: built to satisfy Assumption 3 but measured above it (bias ratio up to %.2g), left out of the verdict", name, maxRatio)
	default:
		rel := math.Abs(fin-sf.Stall) / sf.Stall
		ours = fmt.Sprintf("bias ratio %.3g at the first epoch, above 1 from epoch %d on in the earliest run, %.3g at the last (> 1: Assumption 3 fails); ‖∇f(x_T)‖² = %.4g against %.4g at the minimiser of its mean (relative distance %.2g, tolerance %g)",
			sf.FirstRatio, sf.From, endRatio, fin, sf.Stall, rel, f.StallTol)
		summary = fmt.Sprintf("%s: bias ratio %.2g at the end, stalls at ‖∇f‖² = %.3g (our prediction, not the paper's: %.3g; %s)", name, endRatio, fin, sf.Stall, holds(sf.Holds))
	}
	return ours, summary
}

// subsamplingSummary completes the summary, and sets the brief and the
// decider.
func subsamplingSummary(out *Outcome, f *SubsamplingFindings) {
	within, converge := 0, 0
	for _, sf := range f.Sequences {
		if sf.Satisfies {
			within++
			if sf.Converges {
				converge++
			}
		}
	}
	if f.Verdict == NotCheckable {
		out.Summary += " (no sequence measured within Assumption 3: nothing to judge)"
	} else {
		out.Summary += fmt.Sprintf("; smallest bound/measured of the sequences within Assumption 3 %.3g", f.MinSlack)
		out.Decides = &Decider{Name: "smallest bound/measured of the sequences within Assumption 3", Ours: fmt.Sprintf("%.3g", f.MinSlack), Paper: "≥ 1"}
	}
	out.Brief = fmt.Sprintf("the %d sequences within Assumption 3 stay under Theorem 1's bound: %v (paper: sufficient); %d converge within T (not judged); the biased one stalls as predicted: %v (ours)", within, f.Sufficient, converge, f.StallPredicted)
	if !f.StallPredicted {
		out.Summary += " (our stall prediction fails; it is not the paper's and does not enter the verdict)"
	}
}

// subsamplingDetails explains which sequences satisfy Assumption 3 and
// why.
const subsamplingDetails = "With σ² = 0 the heterogeneous quadratic has ∇f_i - ∇f = ε_i ∇f, |ε_i| = √M, so every sequence's bias is ε̄²‖∇f‖² ≤ M‖∇f‖², within Assumption 3 for M ≤ 1/4, and vanishes where ∇f does: sub-sampled and repeated sequences converge to x*. " +
	"With σ² > 0 the components also differ by δ_i, so that a sequence's bias vanishes at every x only if it holds every component equally often: each twice does. Which sequences satisfy Assumption 3 is measured: a sequence does if its bias ratio against the assumption's ¼‖∇f‖² is at most 1 at every epoch of every run (one built to satisfy it that goes above is left out of the verdict and fails its check); random half and multiset have components that are multiples of ∇f (bias ratio at most M/¼ = 4M, and x* stationary for their mean), and each twice has bias 0 at every x, so its convergence under Theorem 1's bound tests the theorem for a sequence that is not a permutation, not the ¼ allowance itself. The tilted half is the one that probes the allowance: on a third problem (σ² = 0, components f_i = ½(x-x*)ᵀ((1+ε_i)Ā ± E)(x-x*), + for the half it keeps) its bias is EĀ⁻¹∇f, with a ratio against ¼‖∇f‖² of 0.9 along the run (and at most that at every x, so Assumption 3 holds as the paper states it, for all x) at an angle of about 130° to ∇f: a part against ∇f, which slows the descent Theorem 1's proof bounds, and a part across it. (No sequence on the problem with σ² > 0 can do this at every epoch: a bias that does not vanish with ∇f is above the ¼ once the run nears the minimiser of its mean.) A sequence that always leaves out a class of components minimises the mean of the others, whose minimiser is not x*: there ∇f ≠ 0 and the bias equals -∇f, four times the assumption's allowance. " +
	"Far from x* the same sequence meets the assumption (its bias is small against ‖∇f‖²), as the Discussion's curriculum-learning remark expects of a subset used while the gradient is large; it fails only as the run nears the stall."

// subsamplingProtocol returns the protocol's lines.
func subsamplingProtocol(c SubsamplingConfig) []string {
	return []string{
		fmt.Sprintf("problems.HeteroQuadratic, n = %d, d = %d, L = %g, μ = %g, M = %g: σ² = 0 for random half and multiset, σ² = %g for RR, drop a class and each twice; the tilted half on the tilted quadratic (n = %d, d = %d, L = %g, ε_i = ±√%g, σ² = 0; 2×2 blocks of Ā with curvatures in the ratio %g : 1 and E built so that the kept half's bias ratio is %g along the run and at most that at every x); x₀ = x* + %g·1; T = %d epochs.", c.N, c.D, c.L, c.Mu, c.M, c.Sigma2, c.N, c.D, c.L, c.M, tiltedA, tiltedRatio, c.X0Shift, c.Epochs),
		"Random half: the first n/2 entries of a fresh uniform permutation each epoch; multiset: n draws with replacement each epoch; drop a class: a fresh permutation of the other components each epoch, the dropped class being the quarter of the components with the largest projection of ∇f_i(x*) on their leading principal direction; each twice: a fresh uniform permutation of [0, 2n) taken modulo n each epoch; tilted half: a fresh permutation of the first n/2 components (the class with +E) each epoch; the cosine of the angle between each epoch's bias and ∇f(x_t) is measured beside the ratio.",
		fmt.Sprintf("Step: %g × Theorem 1's limit 1/(8Ln(M* + 1)) with n the sequence's length and M* = M (for the tilted half, its problem's M = M + 0.9/4; valid for any sequence when σ² = 0, since |Σ_{i≤k} ε_{r_i}| ≤ k√M); σ*² measured along the run (SigmaTracker) enters the bound.", c.Fraction),
		fmt.Sprintf("Assumption 3 measured by SampleBias at every epoch's start; %d runs per sequence; thresholds: converged if the mean ‖∇f(x_T)‖²/‖∇f(x_0)‖² ≤ %g (σ² = 0), RR and each twice (σ² > 0) past the stall if their ‖∇f(x_T)‖² ≤ %g times it, stalled if the mean ‖∇f(x_T)‖² is within a relative %g of ‖∇f‖² at the minimiser of the kept components' mean (computed exactly). The verdict is over the sequences measured to satisfy Assumption 3 (bias ratio, lhs over ¼‖∇f(x_t)‖², at most 1 at every epoch of every run: the paper's sufficient condition), each judged on Theorem 1's bound alone ((1/T) Σ ‖∇f(x_t)‖² under it in every run; convergence reported beside), judged whatever its slack (the smallest bound/measured is said beside the verdict: the bound is what the claim judges, so a looser one never reads worse); a sequence built to satisfy it whose ratio goes above 1 is left out and fails its check; with none left, not checkable. The stall is our prediction and is reported, not judged.", c.Runs, subsamplingConverged, subsamplingBelowStall, subsamplingStallTol),
		"Rule history: on 2026-11-24 20:18, after results were known, each twice (σ² > 0) joined the sequences the verdict is over; before, they were random half, multiset and RR. On 2026-11-26 (issue 28) the words that each twice tests the condition \"where it could fail\" were withdrawn (its bias is 0 at every x); the rule did not change. On 2026-11-26, after the referee read the verdicts (issue 28), which sequences satisfy Assumption 3 became measured (the bias ratio against ¼ at every epoch of every run) instead of set by construction with the ratio checked inside each sequence's check: a sequence measured above the ¼ is now left out of the verdict (before, it made it not reproduced), and the biased sequence would enter the verdict if measured within it.",
		"Rule history: changed on 2026-11-26 (referee A's item 10), after the results were known (reproduced at seed 1, every sequence within Assumption 3 under the bound and converged): a sequence within Assumption 3 is judged on Theorem 1's bound alone; before, it also had to converge (‖∇f(x_T)‖²/‖∇f(x_0)‖² ≤ 1e-6 with σ² = 0, ‖∇f(x_T)‖² ≤ 0.01 times the biased stall with σ² > 0), gates the paper does not state; convergence is now reported beside, and the bound follows the report's one rule for bounds (at seed 1 its smallest slack is 7.55: approached, judged).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29): the tilted half joined the sequences (a fixed half of a third problem whose bias ratio is 0.9 at every epoch, not parallel to ∇f), after a referee found that no sequence probed Assumption 3's ¼ allowance: random half and multiset have a bias parallel to ∇f, each twice and RR a bias of 0, so the bound held for inputs that satisfy it whether or not the assumption suffices. It is judged like the others (built to satisfy Assumption 3, measured, left out if its ratio goes above 1); the rule did not change.",
	}
}

// lastGrads returns the runs' ‖∇f(x_t)‖².
func lastGrads(runs []SubsamplingRun, t int) []float64 {
	v := make([]float64, len(runs))
	for i, r := range runs {
		v[i] = r.GradNorm2[t]
	}
	return v
}

// gradRange returns the least and largest ‖∇f(x_t)‖² over the runs of
// the named sequence at each epoch t = 0..T, nil if it has fewer than two
// runs.
func (r *SubsamplingResult) gradRange(name string) (lo, hi []float64) {
	for _, o := range r.Orders {
		if o.Name != name || len(o.Runs) < 2 {
			continue
		}
		for k, run := range o.Runs {
			if k == 0 {
				lo, hi = slices.Clone(run.GradNorm2), slices.Clone(run.GradNorm2)
				continue
			}
			for t, g := range run.GradNorm2 {
				lo[t], hi[t] = math.Min(lo[t], g), math.Max(hi[t], g)
			}
		}
	}
	return lo, hi
}

// runsOf returns the number of runs of the named sequence.
func (r *SubsamplingResult) runsOf(name string) int {
	for _, o := range r.Orders {
		if o.Name == name {
			return len(o.Runs)
		}
	}
	return 0
}

// check returns an error if r is nil or its slices do not have the shape
// of its config.
func (r *SubsamplingResult) check() error {
	id := subsamplingID
	if r == nil {
		return errResult(id, "nil")
	}
	if len(r.Orders) == 0 || r.Config.Epochs < 1 {
		return errResult(id, "%d sequences and %d epochs", len(r.Orders), r.Config.Epochs)
	}
	for _, o := range r.Orders {
		if len(o.Runs) == 0 {
			return errResult(id, "sequence %q has no runs", o.Name)
		}
		for _, run := range o.Runs {
			if len(run.GradNorm2) != r.Config.Epochs+1 || len(run.BiasRatio) != r.Config.Epochs || len(run.BiasCos) != r.Config.Epochs {
				return errResult(id, "sequence %q has a run of %d gradient norms, %d bias ratios and %d bias cosines, want %d, %d and %d", o.Name, len(run.GradNorm2), len(run.BiasRatio), len(run.BiasCos), r.Config.Epochs+1, r.Config.Epochs, r.Config.Epochs)
			}
		}
	}
	return nil
}

// subsamplingLineTol is how near, relatively, a sequence's mean ‖∇f‖²
// must stay to its stall level for the chart to say its line runs on the
// level's: about a line's width on the chart's log axis.
const subsamplingLineTol = 0.05

// subsamplingStallName names the dashed level where sf's mean is
// stationary, and says from which epoch of ts sf's own line runs on it
// (within subsamplingLineTol to the last epoch), if it does: the line's
// name names sf, so the chart's notes of lines drawn on others leave this
// one to it.
func subsamplingStallName(sf SubsamplingSequenceFindings, ts []float64) string {
	name := sf.Name + "'s stall, ‖∇f‖² where its mean is stationary"
	from := -1
	for k := len(sf.Mean) - 1; k >= 0 && k < len(ts); k-- {
		if !(math.Abs(math.Log(sf.Mean[k]/sf.Stall)) <= math.Log1p(subsamplingLineTol)) {
			break
		}
		from = k
	}
	if from < 0 || from == len(sf.Mean)-1 {
		return name
	}
	return fmt.Sprintf("%s's stall (its line on it from epoch %g)", sf.Name, ts[from])
}
