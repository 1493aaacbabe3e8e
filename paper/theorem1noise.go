// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/floats"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
	"github.com/goodorder/goodorder/problems"
)

// # The claim

// theorem1NoiseID is the claim's id.
const theorem1NoiseID = "theorem-1-noise"

var theorem1NoiseClaim = Claim{
	ID:    theorem1NoiseID,
	Where: "Theorem 1 with Assumptions 2 and 4 (ζ, P, M* > 0), Section 3.4",
	Statement: "Under a noisy oracle (E‖ξ‖² ≤ ζ² + P‖∇f(x)‖²) and an order with (σ*², M*), for γ < 1/(8Ln(M* + P/n + 1)), " +
		"(1/T) Σ_t ‖∇f(x_t)‖² ≤ 8F₀/(nTγ) + 16γLζ² + 32γ²L²σ*²; with γ tuned it is in O(L(M* + P/n + 1)F₀/T + (σ*LF₀/(nT))^{2/3} + ζ√(LF₀/(nT))), " +
		"read per regime as a rate at least about as fast as its slowest term: T^{-1/2} where ζ's is the largest, T^{-2/3} where σ*'s is; where the tuned step sits at the step limit, the O(·)'s first term, F₀/T, sets the rate.",
	Quote:        "with a noisy oracle and γ tuned, (1/T) Σ‖∇f‖² ∈ O(F₀/T + (σ*LF₀/(nT))^{2/3} + ζ√(LF₀/(nT))), read as log-log slopes within 0.1 of −1/2 (ζ regime) and −2/3 (σ* regime), or steeper",
	Run:          claimRun(Theorem1NoiseConfig{}.At, Theorem1NoiseConfig.Run, (*Theorem1NoiseResult).Outcome),
	Rule:         &theorem1NoiseRule,
	Registration: "Registered again on 2026-12-01, after its pass on base seed 1001 (reproduced, both parts holding), when one of two independent referee reads of the whole registration weighed theorem1-noise-slopes as weak, for two reasons. First, its failing side was not adjusted over its 6 slopes, where two-level-k's and loader-shuffles' parts adjust theirs (one rule for one kind), and the ζ slopes sat near the margin on the exploratory seeds (ζ RR −0.01 to +0.08 against 0.1: +0.07 to +0.08 at seeds 2, 3 and 5). Each slope's lower end is now at the one-sided 2.5%/k point, k the tested slopes (Bonferroni: one slope shown above fails the part), its upper end at 2.5% (the part holds only if every slope holds, an intersection). This moves only a failing slope to unsettled, towards the paper; at the seed-1001 pass every slope held (the largest upper end +0.047, ζ RR), so it moves nothing there. Second, a local slope over T = 256 to 4096 is a stronger reading than line 314's O(·); that stands, and is said where the part is stated: a slope that fails reads \"the rate over these T is slower than the exponent + 0.1\", not that the O(·) is false. Its bound part's failing ends are now Bonferroni's over its settings too, one rule within the claim (at the seed-1001 pass its slack was 13 times, so this moves nothing there). Its runs per cell go from 105 to 120: 105 was what the default scale's budget then allowed, and with the other registrations of this day the budget allows the cap, 20 times the scale's runs (the power's need is 147). The runs' design and the steps are unchanged. Its power lines pool the spread within each exploratory seed; the seeds' slopes differ between seeds more than that (σ* IG −0.03 to +0.08, ζ RR −0.01 to +0.08 over the exploratory seeds), so at a new base seed the power is lower than the 0.98 below (about 0.85, by a referee's estimate from the between-seed spread).",
	PartUnits:    map[string]string{"theorem1-noise-slopes": "slope − exponent; + is shallower than the exponent"},
	Criterion: "our rule: each slope less its exponent shown below +0.1 (non-inferiority), so a slope up to 0.1 shallower than the exponent holds: \"holds\" says the rate over these T is within 0.1 of the exponent or steeper, not at least as fast; it judges the O(·) as a whole: where the tuned step sits at the step limit, " +
		"the O(·)'s F₀/T term sets the slope (about −1) whatever the regime, so such a slope holds without testing the regime's own term (the section's lines give, beside each slope, at how many of its 3 T its tuned step sat at the limit); the σ* term's −2/3 alone is tested only by a σ* slope whose tuned step is off the limit at every T, and a pass where each sat there at one T or more (as at the passes on base seeds 1001 and 1002) judges the O(·) as a whole, not that term",
}

// Thresholds of the verdict, quoted in the protocol.
const (
	// theorem1NoiseEstimateTol is the largest relative error accepted of
	// NoiseEstimate's ζ² and P against the values set.
	theorem1NoiseEstimateTol = 0.1
	// theorem1NoiseTail is the number of T the slopes are fitted over,
	// declared before the run: the config's largest theorem1NoiseTail T
	// (at the defaults 256, 1024 and 4096), for every order in every
	// regime, as line 314's O(·) covers every order. Where the tuned step
	// sits at the step limit the F₀/(nTγ) term sets the slope (-1), a
	// term of the same O(·), so such T stay in the fit and are said
	// beside. An order is left out only if the config has fewer than
	// theorem1NoiseMinFit T.
	theorem1NoiseTail   = 3
	theorem1NoiseMinFit = 3
	// theorem1NoiseSlopeTol is the non-inferiority margin above the
	// regime's exponent. The paper's sentence (the .tex's line 314:
	// "(1/T) Σ ‖∇f(x_t)‖² ∈ O(… + (σ*LF₀/(nT))^{2/3} + ζ√(LF₀/(nT)))")
	// is an upper bound, not a rate attained, so a slope holds if its 95%
	// interval lies wholly below exponent + theorem1NoiseSlopeTol (the
	// rate decays at least about as fast as stated), fails if it lies
	// wholly above it (a slope of 0 where -1/2 is stated fails), and is
	// unsettled otherwise; a steeper slope never fails. The margin is
	// below 1/6, the gap between the two exponents -1/2 and -2/3, so that
	// the σ* regime's rule fails a slope of the ζ regime's -1/2.
	theorem1NoiseSlopeTol = 0.1
)

// theorem1NoiseGridTop is the largest step of the rate check's grid as a
// fraction of the step limit.
const theorem1NoiseGridTop = 0.99

// slopeWord is a slope's verdict in the words of the rows: a slope that
// fails says the rate over the T fitted is slower than the exponent +
// tolerance, not that the paper's O(·) is false.
func slopeWord(v Verdict) string {
	switch v {
	case Reproduced:
		return "below exponent + tolerance"
	case NotReproduced:
		return "the rate over these T slower than exponent + tolerance"
	}
	return "unsettled"
}

// fitTText returns the T of a fit in increasing order: "256, 1024, 4096".
func fitTText(ts []float64) string {
	return joinFloats(slices.Sorted(slices.Values(ts)))
}

// steepnessWord says where a slope's interval lies against its regime's
// exponent itself, reported beside the verdict: steeper (wholly below),
// shallower (wholly above, within the tolerance or not) or not settled.
func steepnessWord(iv Interval, want float64) string {
	switch iv.Against(want) {
	case Below:
		return fmt.Sprintf("steeper than %.2f", want)
	case Above:
		return fmt.Sprintf("shallower than %.2f", want)
	}
	return fmt.Sprintf("not shown steeper or shallower than %.2f", want)
}

// runSlopes returns the interval of the slope of log (1/T) Σ ‖∇f(x_t)‖²
// in log T over the T of ts: the k-th runs of every T (independent draws)
// give one fitted slope each, and the t-interval over those slopes
// (tInterval, N = the number of runs) is the slope's. cells[i] holds the
// runs at ts[i].
func runSlopes(ts []float64, cells [][]float64) Interval {
	runs := len(cells[0])
	for _, c := range cells {
		runs = min(runs, len(c))
	}
	slopes := make([]float64, runs)
	y := make([]float64, len(ts))
	for k := range slopes {
		for i, c := range cells {
			y[i] = c[k]
		}
		slopes[k] = logSlope(ts, y)
	}
	return tInterval(slopes)
}

// theorem1NoiseExponent is the exponent of T of the tuned rate in each
// regime: the ζ term (16γLζ² against 8F₀/(nTγ)) gives -1/2, the σ* term
// (32γ²L²σ*²) gives -2/3.
var theorem1NoiseExponent = map[string]float64{"ζ-dominated": -0.5, "σ*-dominated": -2.0 / 3}

// # The config

// Theorem1NoiseRegime is one setting of the heterogeneity and the oracle
// noise of the theorem-1-noise claim.
type Theorem1NoiseRegime struct {
	// Name is "ζ-dominated" or "σ*-dominated".
	Name string
	// Sigma2 is the σ² of the problem, Zeta2 the ζ² of the oracle.
	Sigma2, Zeta2 float64
}

// Theorem1NoiseConfig is the protocol of the theorem-1-noise claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type Theorem1NoiseConfig struct {
	// N, D, L, Mu and M set up problems.HeteroQuadratic (σ² per regime).
	// Defaults 8, 4, 1, 0.6 and 0.25.
	N, D     int
	L, Mu, M float64
	// P is the relative oracle noise of Assumption 2. Default 1.
	P float64
	// Regimes are the settings of σ² and ζ². Default a ζ-dominated one
	// (σ² = 0, ζ² = 100) and a σ*-dominated one (σ² = 10⁴, ζ² = 1).
	Regimes []Theorem1NoiseRegime
	// X0Shift is the start: x_0 = x* + X0Shift·1. Default 1.
	X0Shift float64
	// Ts are the numbers of epochs T. Default 16, 64, ..., 4096.
	Ts []int
	// Fractions are the steps of the bound check, as fractions of the
	// step limit. Default 0.5 and 0.99.
	Fractions []float64
	// Grid is the number of steps of the rate check: 0.99·limit·2^(-j/2),
	// j < Grid. Default 14.
	Grid int
	// Runs is the number of runs (orders and oracle noise drawn anew) per
	// setting: of the judged runs (the bound check's and those at each
	// tuned step), and of the tuning's runs per grid step. Default 6.
	Runs int
	// Points and Samples are NoiseEstimate's points and samples per
	// component. Defaults 8 and 20,000.
	Points, Samples int
}

// At returns c with its zero fields set to the theorem-1-noise protocol at scale
// s.
func (c Theorem1NoiseConfig) At(s Scale) Theorem1NoiseConfig {
	return atScale(c, s, map[Scale]Theorem1NoiseConfig{
		Smoke: {Ts: []int{16, 64, 256, 1024}, Fractions: []float64{0.99}, Grid: 12, Runs: 3},
		Full:  {N: 16, D: 8, Ts: []int{16, 64, 256, 1024, 4096, 16384}, Grid: 18, Runs: 20, Samples: 100000},
	})
}

// fill sets the zero fields to their defaults.
func (c *Theorem1NoiseConfig) fill() {
	// With n = 8, M = 0.25 and P = 1 the step limit is 1/(8·8·3.125) =
	// 0.005. ζ² = 100 puts the grid's best step below it from T ≈ 1000 in
	// the ζ regime; σ² = 10⁴ (σ*² up to n²σ²) makes 32γ²L²σ*² dominate
	// 16γLζ² for ζ² = 1 by orders of magnitude while the rates still show
	// by T = 4096 (with σ² = 10⁵ to 10⁷ IG's tuned curve is still bending
	// there, slope -0.4 to -0.6). μ = 0.6 shortens the transient.
	fillZero(c, Theorem1NoiseConfig{
		N: 8, D: 4, L: 1, Mu: 0.6, M: 0.25, P: 1,
		Regimes: []Theorem1NoiseRegime{{Name: "ζ-dominated", Sigma2: 0, Zeta2: 100}, {Name: "σ*-dominated", Sigma2: 1e4, Zeta2: 1}},
		X0Shift: 1, Ts: []int{16, 64, 256, 1024, 4096}, Fractions: []float64{0.5, 0.99}, Grid: 14, Runs: 6, Points: 8, Samples: 20000,
	})
}

// validate returns an error naming the first field of c out of range.
func (c *Theorem1NoiseConfig) validate() error {
	id := theorem1NoiseID
	switch {
	case c.N < 4 || c.N%2 != 0 || c.D < 2:
		return fmt.Errorf("paper: %s with n = %d and d = %d, want n >= 4 even and d >= 2", id, c.N, c.D)
	case !(c.Mu > 0 && c.Mu <= c.L/(1+math.Sqrt(c.M))) || math.IsInf(c.L, 0):
		return fmt.Errorf("paper: %s with L = %v and μ = %v, want 0 < μ <= L/(1+√M) finite", id, c.L, c.Mu)
	case !(c.M >= 0 && c.M < 1):
		return fmt.Errorf("paper: %s with M = %v, want in [0, 1)", id, c.M)
	case !(c.P >= 0) || math.IsInf(c.P, 0):
		return fmt.Errorf("paper: %s with P = %v, want finite and >= 0", id, c.P)
	case math.IsNaN(c.X0Shift) || math.IsInf(c.X0Shift, 0) || c.X0Shift == 0:
		return fmt.Errorf("paper: %s with x₀ shift %v, want finite and not 0", id, c.X0Shift)
	case len(c.Ts) < 2 || len(c.Fractions) == 0:
		return fmt.Errorf("paper: %s with %d T and %d step fractions, want at least 2 and 1", id, len(c.Ts), len(c.Fractions))
	case c.Grid < 1 || c.Runs < 2:
		return fmt.Errorf("paper: %s with a grid of %d steps and %d runs, want >= 1 and >= 2 (a standard error)", id, c.Grid, c.Runs)
	case len(c.Regimes) == 0:
		return fmt.Errorf("paper: %s with no regime, want at least one", id)
	case c.Points < 2 || c.Samples < 1:
		return fmt.Errorf("paper: %s with %d noise points and %d samples, want >= 2 and >= 1", id, c.Points, c.Samples)
	}
	for _, r := range c.Regimes {
		if _, ok := theorem1NoiseExponent[r.Name]; !ok {
			return fmt.Errorf("paper: %s regime %q, want ζ-dominated or σ*-dominated", id, r.Name)
		}
		if !(r.Sigma2 >= 0 && r.Zeta2 >= 0) || math.IsInf(r.Sigma2, 0) || math.IsInf(r.Zeta2, 0) {
			return fmt.Errorf("paper: %s regime %q with σ² = %v and ζ² = %v, want finite and >= 0", id, r.Name, r.Sigma2, r.Zeta2)
		}
	}
	if err := checkInts(id, "T", c.Ts, 1, math.MaxInt); err != nil {
		return err
	}
	for _, f := range c.Fractions {
		if !(f > 0 && f < 1) {
			return fmt.Errorf("paper: %s step fraction %v, want in (0, 1)", id, f)
		}
	}
	return nil
}

// theorem1NoiseOrders names the orders: random reshuffling, the identity
// order (IG) and Algorithm 2 every epoch (on the oracle's noisy
// gradients, as line 2 of the algorithm has it).
var theorem1NoiseOrders = []string{"RR", "IG", "greedy"}

// # The run

// Theorem1NoiseCell is the runs of one order at one T and step.
type Theorem1NoiseCell struct {
	// Step is the step γ of the runs.
	Step float64
	// Measured is (1/T) Σ_{t<T} ‖∇f(x_t)‖² of each run, over the epoch
	// starts t = 0..T-1, and MeasuredEnd is (1/T) Σ_{t=1}^T ‖∇f(x_t)‖²,
	// over line 310's indices.
	Measured, MeasuredEnd []float64
	// SigmaStar2 is the largest σ*² (for M* = nM) over the runs' epochs.
	SigmaStar2 float64
	// Stated and Proof are Theorem1Bound and Theorem1ProofBound with it.
	Stated, Proof float64
}

// Theorem1NoiseRegimeResult holds the runs of one regime.
type Theorem1NoiseRegimeResult struct {
	// Regime is the regime's setting and F0 is f(x₀) - f*.
	Regime Theorem1NoiseRegime
	F0     float64
	// MaxStep is the step limit 1/(8Ln(M* + P/n + 1)), the same for every
	// order since M* = nM holds for every permutation (Remark 4).
	MaxStep float64
	// Zeta2Est and PEst are what NoiseEstimate finds for the oracle.
	Zeta2Est, PEst float64
	// Bound[o][i][f] are the judged runs of order o at T = Ts[i], step
	// Fractions[f]·MaxStep, on the judged stream
	// (streamTheorem1NoiseJudged); Theorem1NoiseResult.Cell reads them by
	// name.
	Bound [][][]Theorem1NoiseCell
	// Tuned[o][i] is the tuning's runs (streamTheorem1Noise) at the grid
	// step at T = Ts[i] with the smallest mean over them of Measured:
	// shown, not judged. Theorem1NoiseResult.TunedCell reads it by name.
	Tuned [][]Theorem1NoiseCell
	// Judged[o][i] is Config.Runs fresh runs at Tuned[o][i]'s step, on
	// the judged stream, so that no seed that chose a step is judged; the
	// slopes are fitted on them. Theorem1NoiseResult.JudgedCell reads it
	// by name.
	Judged [][]Theorem1NoiseCell
}

// Theorem1NoiseResult holds the runs of the theorem-1-noise claim.
type Theorem1NoiseResult struct {
	Config Theorem1NoiseConfig
	// Orders names the orders, indexing Bound and Tuned.
	Orders []string
	// L is the smoothness constant, MStar = nM the M* of every order.
	L, MStar float64
	// Regimes are the runs of each regime, in the config's order.
	Regimes []Theorem1NoiseRegimeResult
}

// indices returns the indices of the named regime, order and T in r, or
// false if r has none of that name or T.
func (r *Theorem1NoiseResult) indices(regime, order string, T int) (g, o, i int, ok bool) {
	g = slices.IndexFunc(r.Regimes, func(rg Theorem1NoiseRegimeResult) bool { return rg.Regime.Name == regime })
	o, i = slices.Index(r.Orders, order), slices.Index(r.Config.Ts, T)
	if g < 0 || o < 0 || i < 0 {
		return 0, 0, 0, false
	}
	rg := &r.Regimes[g]
	if o >= len(rg.Bound) || o >= len(rg.Tuned) || o >= len(rg.Judged) ||
		i >= len(rg.Bound[o]) || i >= len(rg.Tuned[o]) || i >= len(rg.Judged[o]) {
		return 0, 0, 0, false
	}
	return g, o, i, true
}

// Cell returns the runs of the bound check in the named regime, of the
// named order at T epochs with step fraction·MaxStep, where T is one of
// Config.Ts and fraction one of Config.Fractions; nil if r has none.
func (r *Theorem1NoiseResult) Cell(regime, order string, T int, fraction float64) *Theorem1NoiseCell {
	g, o, i, ok := r.indices(regime, order, T)
	f := slices.Index(r.Config.Fractions, fraction)
	if !ok || f < 0 || f >= len(r.Regimes[g].Bound[o][i]) {
		return nil
	}
	return &r.Regimes[g].Bound[o][i][f]
}

// TunedCell returns the tuning's runs at the tuned step in the named
// regime, of the named order at T epochs, where T is one of Config.Ts; nil
// if r has none.
func (r *Theorem1NoiseResult) TunedCell(regime, order string, T int) *Theorem1NoiseCell {
	g, o, i, ok := r.indices(regime, order, T)
	if !ok {
		return nil
	}
	return &r.Regimes[g].Tuned[o][i]
}

// JudgedCell returns the judged runs at the tuned step in the named
// regime, of the named order at T epochs, where T is one of Config.Ts; nil
// if r has none.
func (r *Theorem1NoiseResult) JudgedCell(regime, order string, T int) *Theorem1NoiseCell {
	g, o, i, ok := r.indices(regime, order, T)
	if !ok {
		return nil
	}
	return &r.Regimes[g].Judged[o][i]
}

// gradNoise is additive Gaussian oracle noise whose size follows the
// gradient of f, ξ ~ N(0, s² I) with d s² = ζ² + P ‖∇f(x)‖², so that
// Assumption 2 holds with equality: E‖ξ‖² = ζ² + P ‖∇f(x)‖². It is not
// safe for concurrent use.
type gradNoise struct {
	f        ordering.Gradienter
	zeta2, p float64
	g        []float64
}

// Perturb implements ordering.Noise.
func (n *gradNoise) Perturb(grad []float64, _ int, x []float64, rnd *rand.Rand) {
	if len(n.g) != len(x) {
		n.g = make([]float64, len(x))
	}
	n.f.Grad(n.g, x)
	s := math.Sqrt((n.zeta2 + n.p*floats.Dot(n.g, n.g)) / float64(len(x)))
	for j := range grad {
		grad[j] += s * rnd.NormFloat64()
	}
}

var _ ordering.Noise = (*gradNoise)(nil)

// Run runs the theorem-1-noise claim, or returns it from env's
// cache. Each run's order and oracle noise are seeded from env.Seed, a
// stream, the regime, the order, T and the run's index (not the step, so
// that the grid compares steps on the same draws): the tuning's grid on
// streamTheorem1Noise, the judged runs (the bound check's and those at
// each tuned step) on streamTheorem1NoiseJudged.
func (c Theorem1NoiseConfig) Run(ctx context.Context, env *Env) (*Theorem1NoiseResult, error) {
	return runCached(ctx, env, theorem1NoiseID, "runTheorem1Noise", c, runTheorem1Noise)
}

func runTheorem1Noise(ctx context.Context, env *Env, c Theorem1NoiseConfig) (*Theorem1NoiseResult, error) {
	seed := env.Seed
	n := c.N
	res := &Theorem1NoiseResult{Config: c, Orders: slices.Clone(theorem1NoiseOrders), MStar: float64(n) * c.M}
	total := len(c.Regimes) * len(theorem1NoiseOrders) * len(c.Ts) * (len(c.Fractions) + c.Grid + 1) * c.Runs
	done := 0
	for ri, reg := range c.Regimes {
		p, err := problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{
			N: n, D: c.D, L: c.L, Mu: c.Mu, Sigma2: reg.Sigma2, M: c.M, Seed: mixSeed(seed, streamTheorem1NoiseProblem, uint64(ri)),
		})
		if err != nil {
			return nil, err
		}
		res.L = p.L()
		x0 := p.Minimizer()
		floats.AddConst(c.X0Shift, x0)
		rr := Theorem1NoiseRegimeResult{Regime: reg, F0: p.Func(x0) - p.MinValue()}
		if rr.Zeta2Est, rr.PEst, err = theorem1NoiseEstimate(p, c, reg, mixSeed(seed, streamTheorem1NoiseEstimate, uint64(ri))); err != nil {
			return nil, err
		}
		consts := func(T int, ss2 float64) ordering.Theorem1Constants {
			return ordering.Theorem1Constants{L: p.L(), F0: rr.F0, Zeta2: reg.Zeta2, P: c.P, SigmaStar2: ss2, MStar: res.MStar, N: n, T: T}
		}
		if rr.MaxStep, err = ordering.Theorem1MaxStep(consts(1, 0)); err != nil {
			return nil, err
		}
		for oi, name := range theorem1NoiseOrders {
			bound := make([][]Theorem1NoiseCell, len(c.Ts))
			tuned := make([]Theorem1NoiseCell, len(c.Ts))
			judged := make([]Theorem1NoiseCell, len(c.Ts))
			for i, T := range c.Ts {
				cell := func(stream uint64, gamma float64) (Theorem1NoiseCell, error) {
					cl := Theorem1NoiseCell{Step: gamma}
					for k := 0; k < c.Runs; k++ {
						if err := ctx.Err(); err != nil {
							return cl, err
						}
						s := theorem1NoiseSeed(seed, stream, ri, oi, T, k)
						m, end, ss2, err := theorem1NoiseRun(p, x0, name, T, gamma, res.MStar, reg.Zeta2, c.P, s)
						if err != nil {
							return cl, fmt.Errorf("paper: %s %s %s, T = %d, γ = %g: %w", theorem1NoiseID, reg.Name, name, T, gamma, err)
						}
						cl.Measured, cl.MeasuredEnd = append(cl.Measured, m), append(cl.MeasuredEnd, end)
						cl.SigmaStar2 = math.Max(cl.SigmaStar2, ss2)
						done++
						env.progress(done, total)
					}
					var err error
					if cl.Stated, err = ordering.Theorem1Bound(consts(T, cl.SigmaStar2), gamma); err != nil {
						return cl, err
					}
					cl.Proof, err = ordering.Theorem1ProofBound(consts(T, cl.SigmaStar2), gamma)
					return cl, err
				}
				// The bound check: judged runs at fixed steps.
				for _, fr := range c.Fractions {
					cl, err := cell(streamTheorem1NoiseJudged, fr*rr.MaxStep)
					if err != nil {
						return nil, err
					}
					bound[i] = append(bound[i], cl)
				}
				// The tuning: the grid on the tuning's runs.
				best := math.Inf(1)
				for j := 0; j < c.Grid; j++ {
					cl, err := cell(streamTheorem1Noise, theorem1NoiseGridTop*rr.MaxStep*math.Pow(2, -float64(j)/2))
					if err != nil {
						return nil, err
					}
					if m, _ := meanSE(cl.MeasuredEnd); m < best {
						best, tuned[i] = m, cl
					}
				}
				// The judged runs at the step the tuning chose.
				var err error
				if judged[i], err = cell(streamTheorem1NoiseJudged, tuned[i].Step); err != nil {
					return nil, err
				}
			}
			rr.Bound = append(rr.Bound, bound)
			rr.Tuned = append(rr.Tuned, tuned)
			rr.Judged = append(rr.Judged, judged)
		}
		res.Regimes = append(res.Regimes, rr)
	}
	return res, nil
}

// theorem1NoiseSeed returns the seed of run k of order oi at T epochs in
// regime ri on the named stream: streamTheorem1Noise for the tuning,
// streamTheorem1NoiseJudged for the judged runs.
func theorem1NoiseSeed(base, stream uint64, ri, oi, T, k int) uint64 {
	return mixSeed(base, stream, uint64(ri), uint64(oi), uint64(T), uint64(k))
}

// theorem1NoiseRun runs one order for T epochs with step gamma under the
// regime's oracle and returns (1/T) Σ_{t<T} ‖∇f(x_t)‖² (the epoch starts),
// (1/T) Σ_{t=1}^T ‖∇f(x_t)‖² (line 310's indices) and the run's σ*² for
// M* = mStar.
func theorem1NoiseRun(p *problems.HeteroQuadratic, x0 []float64, name string, T int, gamma, mStar, zeta2, P float64, seed uint64) (measured, measuredEnd, sigmaStar2 float64, err error) {
	o, err := newOrder(theorem1NoiseID, name, p.Len(), seed)
	if err != nil {
		return 0, 0, 0, err
	}
	h := &ordering.History{}
	tr := &ordering.SigmaTracker{Problem: p, MStar: mStar, Next: h}
	s := &ordering.Settings{
		Epochs: T, Step: ordering.Constant(gamma), Recorder: tr,
		Noise: &gradNoise{f: p, zeta2: zeta2, p: P}, Seed: mixSeed(seed, streamTheorem1NoiseOracle),
	}
	if _, err := ordering.Run(p, x0, o, s); err != nil {
		return 0, 0, 0, err
	}
	if len(h.Records) != T+1 {
		return 0, 0, 0, fmt.Errorf("paper: %s %s: %d records of a run of %d epochs, want %d", theorem1NoiseID, name, len(h.Records), T, T+1)
	}
	// The records are x_0, ..., x_T, each with ‖∇f‖² at it.
	for t, r := range h.Records {
		if t < T {
			measured += r.GradNorm2
		}
		if t > 0 {
			measuredEnd += r.GradNorm2
		}
	}
	return measured / float64(T), measuredEnd / float64(T), tr.Max, nil
}

// theorem1NoiseEstimate returns NoiseEstimate's (ζ², P) for the regime's
// oracle at Points points x* + s_p·1 whose ‖∇f‖² runs from 0 to
// 4(ζ²/P + 1), so that both terms of the line show.
func theorem1NoiseEstimate(p *problems.HeteroQuadratic, c Theorem1NoiseConfig, reg Theorem1NoiseRegime, seed uint64) (zeta2, P float64, err error) {
	a := p.Curvatures()
	top := 4.0 // with P = 0 the line is flat: any spread of ‖∇f‖² shows it
	if c.P > 0 {
		top = 4 * (reg.Zeta2/c.P + 1)
	}
	var points [][]float64
	for k := 0; k < c.Points; k++ {
		g := top * float64(k) / float64(c.Points-1) // ‖∇f‖² at the point: ‖Ā s 1‖² = s² ‖a‖²
		x := p.Minimizer()
		floats.AddConst(math.Sqrt(g/floats.Dot(a, a)), x)
		points = append(points, x)
	}
	o := ordering.NewOracle(p, &gradNoise{f: p, zeta2: reg.Zeta2, p: c.P}, rand.NewPCG(seed, 0))
	return ordering.NoiseEstimate(o, points, c.Samples)
}

// # The outcome

// theorem1NoiseRule is the claim's rule: Theorem 1's bound in every
// setting, judged whatever its slack, and the tuned rate's O(·), an upper
// bound, judged by non-inferiority on each tested slope less its regime's
// exponent; the oracle's noise as set and every step below the limit are
// our setup's preconditions.
var theorem1NoiseRule = Rule{
	Claim: theorem1NoiseID,
	Parts: []RulePart{{
		Name:      "theorem1-noise-bound",
		Sentence:  "if γ < 1/(8Ln(M* + P/n + 1)), (1/T) Σ_{t=1}^T ‖∇f(x_t)‖² ≤ 8F₀/(nTγ) + 16γLζ² + 32γ²L²σ*²",
		Tex:       310,
		Statistic: "per setting (regime, order, T, step), the mean over the judged runs (a seed stream apart from the tuning's) of (1/T) Σ_{t=1}^T ‖∇f(x_t)‖², line 310's indices, over the stated bound, t-interval over the runs, its upper end the one-sided 2.5% point (the part holds only if every setting holds) and its lower end the one-sided 2.5%/k point, k the settings (one setting shown above its bound fails the part: Bonferroni over them); t = 0..T-1 and the proof's bound said beside, not judged",
		Test:      Bound, Side: Below, Threshold: 1,
	}, {
		Name:      "theorem1-noise-slopes",
		Sentence:  "which when carefully selecting γ yields (1/T) Σ_{t=1}^T ‖∇f(x_t)‖² ∈ O(L(M* + P/n + 1)F₀/T + (σ*LF₀/(nT))^{2/3} + ζ√(LF₀/(nT)))",
		Tex:       314,
		Statistic: "every order (RR, IG, greedy) in each regime, declared before the run: γ tuned per T on the grid by the mean over the tuning's runs of (1/T) Σ_{t=1}^T ‖∇f(x_t)‖² (line 310's indices), then the log-log slope of that average over fresh judged runs at that γ (a seed stream of their own) over the config's largest 3 T (default 256, 1024, 4096) less its regime's exponent (ζ: -1/2, σ*: -2/3), t-interval over the judged runs' slopes, its upper end the one-sided 2.5% point (the part holds only if every slope holds: an intersection, unadjusted) and its lower end the one-sided 2.5%/k point, k the tested slopes (one slope shown above fails the part: a \"for some\", Bonferroni over them); the T whose tuned step is at the limit said beside; a failure reads \"the rate over these T is slower than the exponent + 0.1\", not that the O(·) is false",
		Test:      NonInferiority, Side: Below, Threshold: theorem1NoiseSlopeTol,
	}},
	Setup: []string{"NoiseEstimate within 0.1 of the ζ² and P set", "every step below the step limit"},
}

// theorem1NoiseSlopeVerdict judges a slope's interval against want, its
// regime's exponent, by the rule's rate part (theorem1NoiseRule):
// Reproduced if the interval lies wholly below want + the margin,
// NotReproduced if wholly above it (a slope of 0 where -1/2 is stated
// fails), Inconclusive otherwise. A steeper slope never reads worse.
func theorem1NoiseSlopeVerdict(iv Interval, want float64) Verdict {
	p := theorem1NoiseRule.Parts[1]
	switch holds, fails := p.side(shiftInterval(iv, -want)); {
	case holds:
		return Reproduced
	case fails:
		return NotReproduced
	}
	return Inconclusive
}

// theorem1NoiseSlopeEnds sets the rate part's failing ends and the
// tested slopes' verdicts: ms holds the tested slopes' measures, less
// their exponents, in f's order. The part holds only if every slope
// holds, an intersection that needs no adjustment, so each holding
// (upper) end stays at the one-sided 2.5% point; one slope shown above the
// exponent + the margin fails the part, a "for some", so each failing
// (lower) end moves to the one-sided 2.5%/k point, k the tested slopes
// (Bonferroni, failEnd), as two-level-k's and loader-shuffles' parts read
// their failing sides. Since 2026-12-01.
func theorem1NoiseSlopeEnds(f *Theorem1NoiseFindings, ms []Measure) {
	k := 0
	for i := range f.Regimes {
		rf := &f.Regimes[i]
		for j := range rf.Orders {
			of := &rf.Orders[j]
			if !of.Tested {
				continue
			}
			ms[k].Iv = failEnd(ms[k].Iv, len(ms), Below)
			of.FailLo = ms[k].Iv.Lo + rf.Want
			of.SlopeVerdict = theorem1NoiseSlopeVerdict(shiftInterval(ms[k].Iv, rf.Want), rf.Want)
			note := fmt.Sprintf("slope %.2f [%.2f, %.2f] (95%%), its failing end over the %d slopes %.2f", of.Slope.Mean, of.Slope.Lo, of.Slope.Hi, len(ms), of.FailLo)
			if of.SlopeVerdict == NotReproduced {
				note += fmt.Sprintf(": the rate over T = %s is slower than %.2f + %g, not the O(·) shown false", fitTText(of.FitT), rf.Want, theorem1NoiseSlopeTol)
			}
			if of.AtLimit > 0 {
				note += fmt.Sprintf("; tuned step at the limit at %d of the %d T (the F₀/(nTγ) term)", of.AtLimit, len(of.FitT))
			}
			ms[k].Note = note + fmt.Sprintf("; the tuning's runs, not judged: %.2f", of.TuneSlope.Mean)
			k++
		}
	}
}

// shiftInterval returns iv moved by d.
func shiftInterval(iv Interval, d float64) Interval {
	iv.Mean, iv.Lo, iv.Hi = iv.Mean+d, iv.Lo+d, iv.Hi+d
	return iv
}

// theorem1NoiseNone is the rate part's one quantity when no slope is
// fitted: unbounded, so the part is unsettled (not left out).
var theorem1NoiseNone = Measure{Label: "no slope fitted (fewer than 3 T in the config)", Iv: Interval{Mean: math.NaN(), SE: math.Inf(1), Lo: math.Inf(-1), Hi: math.Inf(1), N: 1}}

// Theorem1NoiseOrderFindings is what one order shows in one regime of the
// theorem-1-noise claim.
type Theorem1NoiseOrderFindings struct {
	// Name names the order.
	Name string
	// BoundMean[i] and BoundSE[i] are the mean over the runs of the
	// measured average at T = Ts[i] and the largest step fraction and its
	// standard error, and BoundStated[i] the stated bound there.
	BoundMean, BoundSE, BoundStated []float64
	// TunedMean[i], TunedSE[i] and TunedStep[i] are the mean and its
	// standard error of the tuning's runs at the tuned step, and the step:
	// shown, not judged. JudgedMean[i] and JudgedSE[i] are the same over
	// the judged runs at that step.
	TunedMean, TunedSE, TunedStep []float64
	JudgedMean, JudgedSE          []float64
	// FitT are the T the slope is fitted over, the largest first: the
	// config's largest Theorem1NoiseFindings.Tail, declared before the
	// run. AtLimit counts those at which the tuned step is the grid's top
	// (the F₀/(nTγ) term sets the slope there), said beside.
	FitT    []float64
	AtLimit int
	// Tested is set if there are at least Theorem1NoiseFindings.MinFit
	// such T; Slope is then the fitted slope of the judged runs in T
	// (log-log) with its 95% interval over the runs (runSlopes), and
	// SlopeVerdict its verdict by the rule's rate part
	// (theorem1NoiseSlopeVerdict) on Slope with its lower end at FailLo,
	// the one-sided 2.5%/k point over the k tested slopes
	// (theorem1NoiseSlopeEnds). Steepness is where the interval lies
	// against the exponent itself (steepnessWord), reported beside, and
	// TuneSlope the same slope over the tuning's runs, shown, not judged.
	Tested           bool
	Slope, TuneSlope Interval
	FailLo           float64
	SlopeVerdict     Verdict
	Steepness        string
}

// Theorem1NoiseRegimeFindings is what one regime of the theorem-1-noise
// claim shows.
type Theorem1NoiseRegimeFindings struct {
	// Regime is the regime's setting.
	Regime Theorem1NoiseRegime
	// Zeta2Err and PErr are NoiseEstimate's relative errors against the
	// ζ² and P set; Estimated is set if both are within
	// Theorem1NoiseFindings.EstimateTol.
	Zeta2Err, PErr float64
	Estimated      bool
	// Want is the regime's exponent of T.
	Want float64
	// Orders are the findings per order, in the order of the result's
	// Orders.
	Orders []Theorem1NoiseOrderFindings
}

// Theorem1NoiseFindings is what the theorem-1-noise claim shows: the mean
// over runs against Theorem 1's bounds in every setting, NoiseEstimate
// against the noise set, and the tuned slopes against each regime's
// exponent, judged by theorem1NoiseRule.
type Theorem1NoiseFindings struct {
	// Regimes are the findings per regime, in the order of the result's
	// Regimes.
	Regimes []Theorem1NoiseRegimeFindings
	// EstimateTol is the largest relative error of NoiseEstimate; Tail
	// the largest number of T a slope is fitted over and MinFit the
	// fewest for it to be tested; SlopeTol the margin of a slope above
	// its exponent.
	EstimateTol  float64
	Tail, MinFit int
	SlopeTol     float64
	// Cells is the number of settings (regime, order, T, step) of the
	// bound part, Holds is set if every setting's interval lies below its
	// stated bound (line 310's), and Bound is the part's verdict.
	// MinSlack, the smallest stated bound/(upper end of the interval), is
	// said beside; MinProofSlack is the same for the proof's displayed
	// bound, and MinStartSlack the stated bound's over t = 0..T-1,
	// reported beside and not judged.
	Cells                                  int
	Holds                                  bool
	Bound                                  Verdict
	MinSlack, MinProofSlack, MinStartSlack float64
	// Admissible is set if every step used is below the step limit (the
	// theorem's hypothesis, which our grid must meet).
	Admissible bool
	// Estimated is set if NoiseEstimate is within EstimateTol in every
	// regime; Slopes is the rate part's verdict, NotTested if no slope is
	// tested (the part is then unsettled); Untested names the regime and
	// order of each slope not tested.
	Estimated bool
	Slopes    Verdict
	Untested  []string
	// Judgement is what theorem1NoiseRule finds, and Verdict its verdict;
	// Precondition says which of our setup's preconditions missed.
	Judgement    Judgement
	Verdict      Verdict
	Precondition string
}

// Findings returns what the claim shows: the runs against Theorem 1 in
// expectation, NoiseEstimate against the noise set, and the tuned slopes
// of the two regimes against -1/2 and -2/3, judged by theorem1NoiseRule.
// It returns an error if res is not of the shape of its config.
func (res *Theorem1NoiseResult) Findings() (*Theorem1NoiseFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	c := res.Config
	if _, err := orderIndices(theorem1NoiseID, res.Orders, theorem1NoiseOrders...); err != nil {
		return nil, err
	}
	ts := ints(c.Ts)
	last := len(c.Fractions) - 1
	f := &Theorem1NoiseFindings{EstimateTol: theorem1NoiseEstimateTol, Tail: theorem1NoiseTail, MinFit: theorem1NoiseMinFit, SlopeTol: theorem1NoiseSlopeTol,
		Holds: true, Admissible: true, Estimated: true, MinSlack: math.Inf(1), MinProofSlack: math.Inf(1), MinStartSlack: math.Inf(1)}
	m := Measures{}
	for _, rg := range res.Regimes {
		reg := rg.Regime
		short := strings.TrimSuffix(reg.Name, "-dominated")
		rf := Theorem1NoiseRegimeFindings{Regime: reg, Zeta2Err: relErr(rg.Zeta2Est, reg.Zeta2), PErr: relErr(rg.PEst, c.P)}
		rf.Estimated = rf.Zeta2Err <= theorem1NoiseEstimateTol && rf.PErr <= theorem1NoiseEstimateTol
		f.Estimated = f.Estimated && rf.Estimated
		rf.Want = theorem1NoiseExponent[reg.Name]
		for o, name := range res.Orders {
			of := Theorem1NoiseOrderFindings{Name: name, BoundMean: make([]float64, len(ts)), BoundSE: make([]float64, len(ts)), BoundStated: make([]float64, len(ts))}
			for i, T := range c.Ts {
				for fr, cl := range rg.Bound[o][i] {
					f.Cells++
					// Judged: line 310's stated bound over its
					// indices t = 1..T. Beside: the proof's displayed
					// bound, and t = 0..T-1.
					b := cl.Stated
					iv := tInterval(cl.MeasuredEnd)
					iv.Mean, iv.SE, iv.Lo, iv.Hi = iv.Mean/b, iv.SE/b, iv.Lo/b, iv.Hi/b
					f.Holds = f.Holds && iv.Hi < 1
					f.MinSlack = math.Min(f.MinSlack, 1/iv.Hi)
					proof := cl.Proof / (iv.Hi * b)
					f.MinProofSlack = math.Min(f.MinProofSlack, proof)
					start := b / tInterval(cl.Measured).Hi
					f.MinStartSlack = math.Min(f.MinStartSlack, start)
					m["theorem1-noise-bound"] = append(m["theorem1-noise-bound"], Measure{Label: fmt.Sprintf("%s %s T = %d γ = %g·limit", short, name, T, c.Fractions[fr]), Iv: iv,
						Note: fmt.Sprintf("slack %.3g×; not judged: t = 0..T-1 %.3g×, the proof's bound %.3g×", 1/iv.Hi, start, proof)})
					f.Admissible = f.Admissible && cl.Step < rg.MaxStep
					if fr == last {
						of.BoundMean[i], of.BoundSE[i] = meanSE(cl.MeasuredEnd)
						of.BoundStated[i] = cl.Stated
					}
				}
			}
			var fitCells, tuneCells [][]float64
			for i, cl := range rg.Tuned[o] {
				jc := rg.Judged[o][i]
				f.Admissible = f.Admissible && cl.Step < rg.MaxStep && jc.Step < rg.MaxStep
				mean, se := meanSE(cl.MeasuredEnd)
				of.TunedMean, of.TunedSE, of.TunedStep = append(of.TunedMean, mean), append(of.TunedSE, se), append(of.TunedStep, cl.Step)
				mean, se = meanSE(jc.MeasuredEnd)
				of.JudgedMean, of.JudgedSE = append(of.JudgedMean, mean), append(of.JudgedSE, se)
			}
			// The declared T: the config's largest theorem1NoiseTail,
			// whatever the tuned step; those at the limit said beside.
			// The slope judged is the judged runs'; the tuning's is
			// shown beside.
			for i := len(ts) - 1; i >= 0 && len(of.FitT) < theorem1NoiseTail; i-- {
				of.FitT = append(of.FitT, ts[i])
				fitCells, tuneCells = append(fitCells, rg.Judged[o][i].MeasuredEnd), append(tuneCells, rg.Tuned[o][i].MeasuredEnd)
				if !(rg.Judged[o][i].Step < theorem1NoiseGridTop*rg.MaxStep) {
					of.AtLimit++
				}
			}
			if of.Tested = len(of.FitT) >= theorem1NoiseMinFit; of.Tested {
				of.Slope, of.TuneSlope = runSlopes(of.FitT, fitCells), runSlopes(of.FitT, tuneCells)
				of.Steepness = steepnessWord(of.Slope, rf.Want)
				// The measure's failing end and the note's verdict
				// words are set below, once every slope is known.
				m["theorem1-noise-slopes"] = append(m["theorem1-noise-slopes"], Measure{Label: short + " " + name, Iv: shiftInterval(of.Slope, -rf.Want)})
			} else {
				f.Untested = append(f.Untested, fmt.Sprintf("%s %s", reg.Name, name))
			}
			rf.Orders = append(rf.Orders, of)
		}
		f.Regimes = append(f.Regimes, rf)
	}
	theorem1NoiseSlopeEnds(f, m["theorem1-noise-slopes"])
	// The bound part, too, holds only if every setting holds and fails if
	// one is shown above its bound: its failing ends are Bonferroni's over
	// the settings (since 2026-12-01).
	for i, ms := 0, m["theorem1-noise-bound"]; i < len(ms); i++ {
		ms[i].Iv = failEnd(ms[i].Iv, len(ms), Below)
	}
	if len(m["theorem1-noise-slopes"]) == 0 {
		m["theorem1-noise-slopes"] = []Measure{theorem1NoiseNone}
	}
	setup := theorem1NoiseRule.Setup
	j, err := theorem1NoiseRule.Judge(m, map[string]bool{setup[0]: f.Estimated, setup[1]: f.Admissible})
	if err != nil {
		return nil, err
	}
	f.Judgement, f.Verdict = j, j.Verdict
	f.Bound, f.Slopes = j.Parts[0].Verdict, j.Parts[1].Verdict
	if len(f.Untested) == len(res.Regimes)*len(res.Orders) {
		f.Slopes = NotTested
	}
	f.Precondition = strings.Join(j.Setup, "; ")
	return f, nil
}

// Outcome renders the findings: the verdict from the rule, its words, the
// rows, and the charts of the bound per regime and of the tuned rates. It
// returns an error if res is not of the shape of its config.
func (res *Theorem1NoiseResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c := res.Config
	var out Outcome
	out.judged(&theorem1NoiseRule, f.Judgement)
	slopeText := res.theorem1NoiseCharts(&out, f)
	res.theorem1NoiseRows(&out, f)
	out.addCheck("theorem1-noise-estimate", f.Estimated, "NoiseEstimate within %g of ζ², P in every regime: %v", f.EstimateTol, f.Estimated)
	out.addCheck("theorem1-noise-steps", f.Admissible, "every step used below the step limit 1/(8Ln(M* + P/n + 1)): %v", f.Admissible)
	// Without a slope fitted on theorem1NoiseMinFit T the rate is not
	// tested: a check of its own, so that a seed where none is names it.
	untested := "none"
	if len(f.Untested) > 0 {
		untested = strings.Join(f.Untested, ", ")
	}
	all := len(res.Regimes) * len(res.Orders)
	out.addCheck("theorem1-noise-slopes-tested", f.Slopes != NotTested, "slopes fitted over the declared largest %d T: %d of %d order-regimes (not fitted, the config having fewer T: %s)", f.MinFit, all-len(f.Untested), all, untested)
	allHold, minSlack := f.Holds, f.MinSlack
	out.Summary = fmt.Sprintf("95%% t-interval (n = %d judged runs) of the mean of (1/T) Σ_{t=1}^T ‖∇f(x_t)‖² under the stated bound (line 310) in %s of %d settings (M* = nM = %g, P = %g, smallest slack %.3g; not judged: t = 0..T-1 %.3g, the proof's bound %.3g); "+
		"NoiseEstimate within %g of (ζ², P): %v; slopes of fresh judged runs at the steps tuned on runs of their own, over the declared largest %d T, every order, %s (ζ term -1/2, σ* term -2/3)",
		c.Runs, allText(allHold), f.Cells, res.MStar, c.P, minSlack, f.MinStartSlack, f.MinProofSlack, f.EstimateTol, f.Estimated, f.Tail, strings.Join(slopeText, ", "))
	out.Key = Key{Name: "smallest slack of the bounds", Value: minSlack}
	ws := theorem1NoiseSlopeWords(f)
	out.Decides = &Decider{Name: "fitted slope of tuned (1/T) Σ ‖∇f‖² in T, fresh runs at the tuned γ, n = " + fmt.Sprint(c.Runs), Ours: ws.decides, Paper: "≤ −1/2 (ζ), ≤ −2/3 (σ*)", Chart: "theorem-1-noise-rates"}
	boundWords := fmt.Sprintf("bounds hold in %s %d settings (slack ≥ %.3g)", allText(allHold), f.Cells, minSlack)
	if f.Bound != Reproduced {
		boundWords = fmt.Sprintf("bound %v (slack %.3g)", f.Bound, minSlack)
	}
	out.Brief = fmt.Sprintf("%s; slopes (n = %d): %s%s", boundWords, c.Runs, ws.brief, ws.untested)
	out.Summary += ws.summary
	if f.Precondition != "" {
		out.Summary += "; not tested: our own setup fails (" + f.Precondition + ")"
		out.Brief = "not tested, our setup fails: " + f.Precondition + "; " + out.Brief
	}
	out.Details = theorem1NoiseDetails(res, f)
	out.Protocol = theorem1NoiseProtocol(c)
	return &out, nil
}

// theorem1NoiseWords are the rate part's words for the outcome.
type theorem1NoiseWords struct {
	// decides lists the judged slopes with their intervals; brief groups
	// them by verdict (six slopes with numbers exceed a brief's words)
	// and untested names those not fitted; summary says which
	// order-regimes the rate is judged on, which dropped out and why, and
	// which have the tuned step at the limit.
	decides, brief, untested, summary string
}

// theorem1NoiseSlopeWords returns the rate part's words for f.
func theorem1NoiseSlopeWords(f *Theorem1NoiseFindings) theorem1NoiseWords {
	var slopes, atLimit, names []string
	var fitT []float64
	byVerdict := map[Verdict][]string{}
	all := 0
	for _, rf := range f.Regimes {
		for _, of := range rf.Orders {
			all++
			short := strings.TrimSuffix(rf.Regime.Name, "-dominated") + " " + of.Name
			if of.AtLimit > 0 {
				atLimit = append(atLimit, fmt.Sprintf("%s at %d of %d T", short, of.AtLimit, len(of.FitT)))
			}
			if of.Tested {
				fitT = of.FitT
				names = append(names, short)
				byVerdict[of.SlopeVerdict] = append(byVerdict[of.SlopeVerdict], short)
				slopes = append(slopes, fmt.Sprintf("%s %.2f [%.2f, %.2f]", short, of.Slope.Mean, of.Slope.Lo, of.Slope.Hi))
			}
		}
	}
	var w theorem1NoiseWords
	var groups []string
	for _, g := range []struct {
		v    Verdict
		word string
	}{{Reproduced, "hold"}, {Inconclusive, "unsettled"}, {NotReproduced, "fail over these T:"}} {
		if len(byVerdict[g.v]) > 0 {
			groups = append(groups, g.word+" "+strings.Join(byVerdict[g.v], ", "))
		}
	}
	if failed := byVerdict[NotReproduced]; len(failed) > 0 {
		// A finite run cannot show an O(·) false: what fails is the rate
		// over these T.
		w.summary = fmt.Sprintf("; the rate over T = %s fails for %s: slower there than the exponent + %g, which does not show the O(·) false", fitTText(fitT), strings.Join(failed, ", "), f.SlopeTol)
	}
	judgedOn := "none"
	if len(names) > 0 {
		judgedOn = strings.Join(names, ", ")
	} else {
		slopes, groups = []string{"none testable"}, []string{"none testable"}
	}
	w.decides, w.brief = strings.Join(slopes, ", "), strings.Join(groups, "; ")
	w.summary = fmt.Sprintf("; rate judged on %d of %d order-regimes (%s)", len(names), all, judgedOn) + w.summary
	if len(f.Untested) > 0 {
		w.untested = "; untested: " + strings.ReplaceAll(strings.Join(f.Untested, ", "), "-dominated", "")
		w.summary += fmt.Sprintf("; dropped: %s, as the config has fewer than %d T", strings.Join(f.Untested, " and "), f.MinFit)
	}
	if len(atLimit) > 0 {
		w.summary += "; judged with the tuned step at the step limit at some T (the F₀/(nTγ) term, inside the O(·), sets the slope there): " + strings.Join(atLimit, ", ")
	}
	return w
}

// theorem1NoiseCharts adds the charts of the bound per regime and of the
// tuned rates to out, and returns each slope's words.
func (res *Theorem1NoiseResult) theorem1NoiseCharts(out *Outcome, f *Theorem1NoiseFindings) []string {
	c := res.Config
	ts := ints(c.Ts)
	last := len(c.Fractions) - 1
	rateChart := &chart.LineChart{
		Title:  fmt.Sprintf("Tuned (1/T) Σₜ ‖∇f(xₜ)‖² under a noisy oracle, %d judged runs at the tuned γ, n = %d components, M* = nM = %g, P = %g", c.Runs, c.N, res.MStar, c.P),
		XLabel: "epochs T", YLabel: "(1/T) Σₜ ‖∇f(xₜ)‖², mean (95% t-band)", LogX: true, LogY: true,
	}
	// Each order has its colour of the bound charts in both regimes:
	// lines in the first regime, markers with error bars in the second
	// (uncover leaves markers alone); each reference slope has a colour
	// of no order.
	// The bands are the 95% t-intervals of the bound part (one run: none).
	tq := tCrit(c.Runs-1, conf95)
	if math.IsNaN(tq) {
		tq = 0
	}
	var slopeText []string
	for r, rf := range f.Regimes {
		reg := rf.Regime
		boundChart := &chart.LineChart{
			Title:  fmt.Sprintf("%s (σ² = %g, ζ² = %g, P = %g): mean measured (95%% t-band) and stated bound at γ = %g × limit", reg.Name, reg.Sigma2, reg.Zeta2, c.P, c.Fractions[last]),
			XLabel: "epochs T", YLabel: "(1/T) Σₜ₌₁ᵀ ‖∇f(xₜ)‖²", LogX: true, LogY: true,
		}
		var bounds []chart.Series
		for _, of := range rf.Orders {
			lo, hi := band(of.BoundMean, of.BoundSE, tq)
			boundChart.Series = append(boundChart.Series,
				chart.Series{Name: of.Name + " measured mean", X: ts, Y: of.BoundMean, Lo: lo, Hi: hi, Group: of.Name, Runs: c.Runs})
			// Markers: a measured line dashed to show one under it
			// (uncover) never takes a bound's look.
			bounds = shareBound(bounds, chart.Series{Name: of.Name + " bound", X: ts, Y: of.BoundStated, Dashed: true, Markers: true, Group: of.Name})
		}
		boundChart.Series = append(boundChart.Series, bounds...)
		noteThinBands(boundChart, "95% band")
		out.addChart("theorem-1-noise-bound-"+map[bool]string{true: "zeta", false: "sigma"}[reg.Name == "ζ-dominated"], "Theorem 1 under a noisy oracle: "+reg.Name, boundChart)
		for o, of := range rf.Orders {
			lo, hi := band(of.JudgedMean, of.JudgedSE, tq)
			s := chart.Series{Name: fmt.Sprintf("%s, %s (not fitted)", reg.Name, of.Name), X: ts, Y: of.JudgedMean, Lo: lo, Hi: hi, Colour: o + 1, Points: r > 0, Runs: c.Runs}
			if of.Tested {
				s.Name = fmt.Sprintf("%s, %s (slope %.2f)", reg.Name, of.Name, of.Slope.Mean)
				slopeText = append(slopeText, fmt.Sprintf("%s %s %s (%s; %s)", reg.Name, of.Name, of.Slope.Text(), slopeWord(of.SlopeVerdict), of.Steepness))
			} else {
				slopeText = append(slopeText, fmt.Sprintf("%s %s not tested", reg.Name, of.Name))
			}
			rateChart.Series = append(rateChart.Series, s)
		}
	}
	// Reference slopes through the first regime's judged RR curve at the
	// largest T.
	if o, err := orderIndex(theorem1NoiseID, res.Orders, "RR"); err == nil {
		at := len(ts) - 1
		y0, _ := meanSE(res.Regimes[0].Judged[o][at].Measured)
		for k, e := range []struct {
			v    float64
			name string
		}{{-0.5, "-1/2"}, {-2.0 / 3, "-2/3"}} {
			ref := make([]float64, len(ts))
			for i := range ts {
				ref[i] = y0 * math.Pow(ts[i]/ts[at], e.v)
			}
			rateChart.Series = append(rateChart.Series, chart.Series{Name: fmt.Sprintf("reference slope %s (through %s, RR's mean at T = %g)", e.name, f.Regimes[0].Regime.Name, ts[at]), X: ts, Y: ref, Dashed: true, Colour: len(res.Orders) + 4 + k})
		}
	}
	noteThinBands(rateChart, "95% band")
	out.addChart("theorem-1-noise-rates", "Theorem 1 under a noisy oracle: tuned rates", rateChart)
	return slopeText
}

// theorem1NoiseRows sets out's rows: the bound, the step limit, and per
// regime NoiseEstimate and each order's slope.
func (res *Theorem1NoiseResult) theorem1NoiseRows(out *Outcome, f *Theorem1NoiseFindings) {
	c := res.Config
	rg0 := res.Regimes[0]
	out.Rows = []Row{
		{Quantity: "every mean's 95% t-interval of (1/T) Σ_{t=1}^T ‖∇f(x_t)‖² under the stated bound (line 310)",
			Paper: "bound holds in expectation",
			Ours: fmt.Sprintf("%s of %d settings (n = %d judged runs); smallest bound/(upper end) %.3g; not judged: over t = 0..T-1 %.3g, the proof's displayed bound %.3g",
				allText(f.Holds), f.Cells, c.Runs, f.MinSlack, f.MinStartSlack, f.MinProofSlack)},
		{Quantity: "step limit 1/(8Ln(M* + P/n + 1))",
			Paper: "every step below it",
			Ours: fmt.Sprintf("%.4g with M* = nM = %g, P = %g (1/(8Ln) = %.4g without them); every step used below it: %v",
				rg0.MaxStep, res.MStar, c.P, 1/(8*res.L*float64(c.N)), f.Admissible)},
	}
	n := len(c.Ts)
	for r, rf := range f.Regimes {
		rg, reg := &res.Regimes[r], rf.Regime
		out.Rows = append(out.Rows, Row{
			Quantity: reg.Name + ": NoiseEstimate's (ζ², P)",
			Paper:    fmt.Sprintf("(%g, %g) set (Assumption 2 with equality)", reg.Zeta2, c.P),
			Ours:     fmt.Sprintf("(%.4g, %.4g): relative errors %.2g and %.2g (tolerance %g)", rg.Zeta2Est, rg.PEst, rf.Zeta2Err, rf.PErr, f.EstimateTol),
		})
		for _, of := range rf.Orders {
			row := Row{
				Quantity: fmt.Sprintf("%s, %s: slope of tuned (1/T) Σ ‖∇f(x_t)‖² in T (log-log)", reg.Name, of.Name),
				Paper:    fmt.Sprintf("%.2f or steeper (%s term; O(·), an upper bound)", rf.Want, strings.TrimSuffix(reg.Name, "-dominated")),
				Ours: fmt.Sprintf("not tested: the config has %d T, fewer than the %d declared (judged values %s; tuned steps %s)",
					n, f.MinFit, shortFloats(of.JudgedMean), shortFloats(of.TunedStep)),
			}
			if of.Tested {
				row.Ours = fmt.Sprintf("judged runs: %s over T ∈ {%s}, the tuned step at the limit at %d of them: %s (%.2f + %g); %s (values %s; tuned steps %s); the tuning's runs, which chose the steps, not judged: %s (values %s)",
					of.Slope.Text(), fitTText(of.FitT), of.AtLimit, slopeWord(of.SlopeVerdict), rf.Want, f.SlopeTol, of.Steepness, shortFloats(of.JudgedMean), shortFloats(of.TunedStep), of.TuneSlope.Text(), shortFloats(of.TunedMean))
			}
			out.Rows = append(out.Rows, row)
		}
	}
}

// theorem1NoiseDetails returns the outcome's details.
func theorem1NoiseDetails(res *Theorem1NoiseResult, f *Theorem1NoiseFindings) string {
	c := res.Config
	var b strings.Builder
	fmt.Fprintf(&b, "Problem: heterogeneous quadratic with M = %g (Assumption 5 with equality), n = %d, d = %d, L = %.3g, μ = %g; F₀ = %s per regime. ", c.M, c.N, c.D, res.L, c.Mu, joinFormatted(regimeF0(res), func(v float64) string { return fmt.Sprintf("%.4g", v) }))
	b.WriteString("M* = nM is Remark 4's constant for any permutation, so the same step limit holds for every order and the run's σ*² is measured for it. ")
	b.WriteString("The bound is a worst-case bound for smooth non-convex f and is loose here; on a strongly convex quadratic the average over the epoch starts still behaves like A/(Tγ) plus a floor in γ (γζ² from the noise, γ² from the order), which is what the tuned slopes test. The step at each T is tuned on runs of their own and the slopes are fitted on fresh runs at it, so the noise that picked a step is not in the slope judged (the minimum of the grid's noisy means would bias it steep). ")
	b.WriteString("Every order is judged over the same declared T, as line 314's O(·) covers every order. Where the tuned step is still the step limit (see the rows), the F₀/(nTγ) term, of slope -1, sets the slope whatever the regime: that term is part of the same O(·), so such a slope holds, and the rows say at how many T it sits there; orders whose σ*² is far below IG's (RR, greedy) stay at the limit longest, so their slopes say least about the ζ or σ* term. A slope that fails says the rate reading over these T fails, not that the O(·) does: a finite run cannot show an O(·) false. ")
	fmt.Fprintf(&b, "The paper's rate is an upper bound (O(·)), so each tested slope is judged by non-inferiority: its 95%% interval over the runs wholly below the exponent + %g holds (a steeper decay never fails), wholly above it fails (a slope of 0 where -1/2 is stated fails), and an interval across that edge leaves it unsettled, which makes the verdict inconclusive by the report's one combine rule; whether the slope is steeper than the exponent itself is reported beside.", f.SlopeTol)
	return b.String()
}

// theorem1NoiseProtocol returns the claim's protocol lines.
func theorem1NoiseProtocol(c Theorem1NoiseConfig) []string {
	return []string{
		fmt.Sprintf("problems.HeteroQuadratic with σ² per regime and M = %g; x₀ = x* + %g·1; T ∈ {%s}; bound-check steps {%s} × the step limit.", c.M, c.X0Shift, joinInts(c.Ts), joinFloats(c.Fractions)),
		fmt.Sprintf("Oracle noise: additive Gaussian ξ ~ N(0, s² I) with d s² = ζ² + P‖∇f(x)‖² (Assumption 2 with equality), regimes %s.", regimeText(c.Regimes, c.P)),
		fmt.Sprintf("%d judged runs per setting, each with its own order draws (RR) and oracle noise, on a seed stream apart from the tuning's; the bound holds in expectation, so the 95%% t-interval of the mean over the runs (Student's t, %d degrees of freedom) of (1/T) Σ_{t=1}^T ‖∇f(x_t)‖², line 310's indices (each run records ‖∇f(x_t)‖² at t = 0..T), is compared with line 310's stated bound, whose σ*² is the largest over the runs' epochs (SigmaTracker with M* = nM): the bound part holds if every interval's upper end (the one-sided 2.5%% point) lies below, fails only if some setting's lower end at the one-sided 2.5%%/k point, k the settings (Bonferroni), lies above it (shown above the bound), else is inconclusive; judged whatever its slack (the smallest bound over an interval's upper end, said beside). The average over the epoch starts t = 0..T-1 and the proof's displayed bound are reported beside, not judged.", c.Runs, c.Runs-1),
		"Verdict: combine over the bound part (judged whatever its slack, the report's one rule for bounds; its failing side Bonferroni's over the settings) and the rate part over the tested slopes (with none tested, the rate is an unsettled part: at best inconclusive). NoiseEstimate within its tolerance and every step below the limit check our own setup: they are preconditions, reported beside, and a miss makes the verdict not tested.",
		fmt.Sprintf("Rates: γ tuned per T on the grid 0.99·limit·2^(-j/2), j = 0..%d, by the mean over %d tuning runs (a seed stream of their own, every step seeing the same draws); then %d fresh judged runs at the chosen γ at each T, on a stream apart from the tuning's, so that no seed that chose a step is judged; the tuning's runs are shown beside, not judged. The slope, of the judged runs, is a least-squares fit of log values on log T over the config's largest %d T (theorem1NoiseTail), declared before the run, for every order in every regime; where the tuned step is the grid's top, 0.99·limit, the F₀/(nTγ) term (a term of the same O(·)) sets the slope there, and that is said beside; an order is left out only if the config has fewer than %d T. Each run index gives one slope (the runs at different T are independent draws), and the t-interval over the %d runs is the slope's 95%% interval; a tested slope holds if that interval's upper end lies below its regime's exponent (-1/2 or -2/3) + %g, fails if its lower end at the one-sided 2.5%%/k point, k the tested slopes (Bonferroni), lies above it, and is unsettled otherwise: non-inferiority, as the paper's sentence (.tex line 314, \"∈ O(…)\") is an upper bound, with a margin below the 1/6 between the two exponents. A slope that fails reads: the rate over these T is slower than the exponent + %g; a finite run cannot show the O(·) false.", c.Grid-1, c.Runs, c.Runs, theorem1NoiseTail, theorem1NoiseMinFit, c.Runs, theorem1NoiseSlopeTol, theorem1NoiseSlopeTol),
		"Changed on 2026-12-01, after the confirmatory pass on base seed 1001 (reproduced), at a referee's read: each slope's failing (lower) end is the one-sided 2.5%/k point over the k tested slopes (Bonferroni), as two-level-k and loader-shuffles read their failing sides, and each bound setting's over the settings; before, both were the 95% interval's lower ends. TestTheorem1NoiseVerdict gives a slope above the margin at 95% only as unsettled.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29): γ is tuned per T on runs of a seed stream of their own, and both parts judge fresh runs (the bound check's, and those at each tuned γ) on a stream apart from the tuning's; before, the step at each T was the grid step with the smallest mean over the very runs whose slopes were then judged (the minimum of the grid's noisy means, biased towards a steep slope), and the bound check's runs shared the tuning's seeds; the referee found the slopes unsound (issue 38's referee, theorem1-noise-slopes). The tuning's slopes are reported beside. A slope that fails now reads \"the rate over these T is slower than the exponent + 0.1\", never that the O(·) is false.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29, the third referee read): the tuning and the slopes use (1/T) Σ_{t=1}^T ‖∇f(x_t)‖² too, the indices of lines 310 and 314 and of the bound part; before, they used t = 0..T-1, whose x_0 term steepens a slope by about 0.01.",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5 (2026-11-29): the bound part judges (1/T) Σ_{t=1}^T ‖∇f(x_t)‖², line 310's indices, as theorem-1 does, and reports t = 0..T-1 beside; before, it judged t = 0..T-1 (the runs did not keep ‖∇f(x_T)‖²); the referee found the statistic averaged other indices than the sentence it quotes (issue 38's referee, theorem1-noise-bound).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5: the bound part judges line 310's stated bound and reports the proof's displayed bound beside; before, it judged the smaller of the two; the referee found that a stronger statement than line 310's (issue 38's referee, row 2).",
		"Changed before the confirmatory pass, on the exploratory seeds 1-5: the rate part judges every order (RR, IG, greedy) in both regimes over the config's largest 3 T, declared before the run, the T at the step limit said beside; before, an order was judged only where its tuned step lay below the limit at 3 T, so which orders were judged depended on the runs (2 of 6 at seed 1, IG only); the referee found that a gate the paper does not state (issue 38's referee, row 3).",
		"Fixed before the confirmatory pass (on the exploratory seeds 1-5): the rate part is non-inferiority (slope below exponent + 0.1), chosen from the paper's O(·) sentence, not from a seed's result, and the bound part is judged whatever its slack (before: left out at slack ≥ 10×, so seed 3 read not tested).",
		"Rule history: on 2026-11-26 (issue 28's referee read), after the results were known (reproduced, smallest slack 12.2), the bound part became a 95% t-interval (it was mean + 2 SE, a normal z with 6 runs, while BoundP used t) that fails only when shown above the bound, and the bound, NoiseEstimate and the step limit became separate parts of combine (before, ANDed into one part).",
		"Rule history: changed on 2026-11-26 (referee A's read, items 4 to 6), after the results were known (inconclusive at seed 1: ζ IG -0.54 [-0.60, -0.48] crossed the steep edge of the band): the slope rule became one-sided (holds if the interval lies below exponent + 0.1, fails if above), as the paper's O(·) is an upper bound; before, it was two-sided, ±0.1 around the exponent (TOST), so a steeper slope failed. NoiseEstimate and the step limit became preconditions (a miss: not tested) instead of parts of combine, and a bound not approached (slack ≥ 10×) is no longer a part.",
		"Rule history: changed on 2026-11-26 (issue 28), after the results of the rule before were known (reproduced at base seeds 1, 2, 3 and 5, not reproduced at 4): the slope rule was one-sided, asking each slope only to be nearer its regime's exponent than the other regime's (so a slope of 0 passed in the ζ regime), on a fit of the mean over runs at 2 or more T without a standard error. Before 2026-11-24 20:17 that fit took the largest 3 T whatever the tuned step, and every regime's slope was judged.",
		fmt.Sprintf("NoiseEstimate: %d points x* + s·1 with ‖∇f‖² from 0 to 4(ζ²/P + 1), %d samples per component; accepted within a relative %g of the values set.", c.Points, c.Samples, theorem1NoiseEstimateTol),
		"Greedy is Algorithm 2 every epoch on the oracle's noisy gradients; IG is the identity order.",
	}
}

// relErr returns |est - want|/want, or |est| if want is 0.
func relErr(est, want float64) float64 {
	if want == 0 {
		return math.Abs(est)
	}
	return math.Abs(est-want) / want
}

func regimeF0(res *Theorem1NoiseResult) []float64 {
	var v []float64
	for _, r := range res.Regimes {
		v = append(v, r.F0)
	}
	return v
}

func regimeText(rs []Theorem1NoiseRegime, p float64) string {
	var s []string
	for _, r := range rs {
		s = append(s, fmt.Sprintf("%s: σ² = %g, ζ² = %g, P = %g", r.Name, r.Sigma2, r.Zeta2, p))
	}
	return strings.Join(s, "; ")
}

// check returns an error if r is nil or its slices do not have the shape
// of its config.
func (r *Theorem1NoiseResult) check() error {
	id := theorem1NoiseID
	if r == nil {
		return errResult(id, "nil")
	}
	c := r.Config
	if len(c.Ts) < 2 || len(c.Fractions) == 0 || len(r.Regimes) == 0 || len(r.Regimes) != len(c.Regimes) {
		return errResult(id, "%d T, %d step fractions and %d regimes (config %d)", len(c.Ts), len(c.Fractions), len(r.Regimes), len(c.Regimes))
	}
	no := len(r.Orders)
	for _, rg := range r.Regimes {
		if _, ok := theorem1NoiseExponent[rg.Regime.Name]; !ok {
			return errResult(id, "unknown regime %q", rg.Regime.Name)
		}
		if len(rg.Bound) != no || len(rg.Tuned) != no || len(rg.Judged) != no {
			return errResult(id, "%d orders but %d bound, %d tuned and %d judged rows", no, len(rg.Bound), len(rg.Tuned), len(rg.Judged))
		}
		ran := func(cl Theorem1NoiseCell) bool {
			return len(cl.Measured) > 0 && len(cl.MeasuredEnd) == len(cl.Measured)
		}
		if err := checkBoundGrid(id, r.Orders, c.Ts, len(c.Fractions), rg.Bound, rg.Tuned, ran); err != nil {
			return err
		}
		if err := checkBoundGrid(id, r.Orders, c.Ts, len(c.Fractions), rg.Bound, rg.Judged, ran); err != nil {
			return err
		}
		for o := range r.Orders {
			for i := range c.Ts {
				if !ran(rg.Tuned[o][i]) || !ran(rg.Judged[o][i]) {
					return errResult(id, "order %q at T = %d has no runs, or not both averages of each", r.Orders[o], c.Ts[i])
				}
			}
		}
	}
	return nil
}
