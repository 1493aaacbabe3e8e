// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
)

// # The claim

// appendixCID is the claim's id.
const appendixCID = "appendix-c-lower-bound"

var appendixCClaim = Claim{
	ID:    appendixCID,
	Where: "Appendix C, Section 4.1",
	Statement: "For every order r of n components, ‖∇f_{r_k} - ∇f‖² ≤ 2φ²_{r,k} + 2φ²_{r,k-1} ≤ 4σ*² (M* = 0), " +
		"so σ² ≤ 4σ*²: σ*² ∈ Ω(σ²).",
	Quote: "\"σ² ≤ 4σ*²\", so σ*² ∈ Ω(σ²) for every order",
	Run:   claimRun(AppendixCConfig{}.At, AppendixCConfig.Run, (*AppendixCResult).Outcome),
	Rule:  &appendixCRule,
}

// appendixCRule is the claim's rule: σ² ≤ 4σ*² for every order, a bound
// on exact arithmetic judged whatever its slack, up to rounding.
var appendixCRule = Rule{
	Claim: appendixCID,
	Parts: []RulePart{{
		Name:      "appendix-c-lower-bound",
		Sentence:  "Assumption 5 should hold for some σ² ≤ 4σ*², which in turn means σ* ∈ Ω(σ²)",
		Tex:       680,
		Statistic: "per order, the smallest 4σ*²/σ² over every n and matrix (exact: no interval; appendixCRounding below 1 allowed)",
		Test:      Bound, Side: Above, Threshold: 1 - appendixCRounding,
	}},
}

// # The config

// AppendixCConfig is the protocol of the appendix-c-lower-bound claim. Its At method sets the defaults (each is stated in its field's
// comment); Run uses every field as it is, so a field set to zero after At
// is zero, or an error from Run.
type AppendixCConfig struct {
	// Ns are the numbers of components (>= 2). Default 2, 4, ..., 512.
	Ns []int
	// D is the dimension. Default 10.
	D int
	// Trials is the number of random matrices per n. Default 200.
	Trials int
}

// At returns c with its zero fields set to the appendix-c-lower-bound protocol at scale
// s.
func (c AppendixCConfig) At(s Scale) AppendixCConfig {
	return atScale(c, s, map[Scale]AppendixCConfig{
		Smoke: {Ns: []int{4, 16, 64}, D: 5, Trials: 10},
		Full:  {Ns: []int{2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}, Trials: 500},
	})
}

// fill sets the zero fields to their defaults.
func (c *AppendixCConfig) fill() {
	fillZero(c, AppendixCConfig{Ns: []int{2, 4, 8, 16, 32, 64, 128, 256, 512}, D: 10, Trials: 200})
}

// validate returns an error naming the first field of c out of range.
func (c *AppendixCConfig) validate() error {
	switch {
	case len(c.Ns) == 0:
		return fmt.Errorf("paper: appendix-c-lower-bound with no n, want at least one")
	case c.D < 1 || c.Trials < 1:
		return fmt.Errorf("paper: appendix-c-lower-bound with d = %d and %d trials, want both >= 1", c.D, c.Trials)
	}
	return checkInts(appendixCID, "n", c.Ns, 2, math.MaxInt)
}

// # The run

// zigzagGrads returns the n×d gradients of the case where Appendix C's
// σ² ≤ 4σ*² is tight as n grows: along a random direction v, the centred
// rows are a, -2a, 2a, ..., ±2a, ∓a (times v), so that the partial sums
// alternate between a·v and -a·v and end at 0. Then σ*² = a²‖v‖² and
// σ² = (4n-6)/n a²‖v‖², and 4σ*²/σ² = 2n/(2n-3) → 1. A random mean
// offset is added to every row.
func zigzagGrads(n, d int, rnd *rand.Rand) *mat.Dense {
	g := mat.NewDense(n, d, nil)
	v := make([]float64, d)
	off := make([]float64, d)
	for j := range v {
		v[j], off[j] = rnd.NormFloat64(), rnd.NormFloat64()
	}
	prev := 0.0
	for i := 0; i < n; i++ {
		s := 1.0 // partial sum after row i, in units of a·v
		if i%2 == 1 {
			s = -1
		}
		if i == n-1 {
			s = 0
		}
		for j := 0; j < d; j++ {
			g.Set(i, j, off[j]+(s-prev)*v[j])
		}
		prev = s
	}
	return g
}

// appendixCOrders names the orders of the appendix-c-lower-bound claim, in
// the order of AppendixCRow.Ratio.
var appendixCOrders = []string{"random reshuffling", "greedy (Algorithm 2)", "sorted by first coordinate", "zig-zag as built (tight case)"}

// AppendixCRow holds, at one n, the ratio 4σ*²/σ² (M* = 0) of every order
// over the random matrices: its least, mean and largest value.
type AppendixCRow struct {
	// N is the number of components n.
	N int
	// Min, Mean and Max are indexed like AppendixCResult.Orders.
	Min, Mean, Max []float64
}

// AppendixCResult holds the appendix-c-lower-bound claim's measurements.
type AppendixCResult struct {
	Config AppendixCConfig
	// Orders names the orders, indexing the fields of every row.
	Orders []string
	// Rows holds one row per n of the config.
	Rows []AppendixCRow
}

// check returns an error if res has no rows, lacks an order, or has a row
// without a value per order.
func (res *AppendixCResult) check() error {
	if res == nil || len(res.Rows) == 0 {
		return errResult(appendixCID, "no rows")
	}
	if _, err := orderIndices(appendixCID, res.Orders, appendixCOrders...); err != nil {
		return err
	}
	for _, r := range res.Rows {
		if len(r.Min) != len(res.Orders) || len(r.Mean) != len(res.Orders) || len(r.Max) != len(res.Orders) {
			return errResult(appendixCID, "row n = %d has %d values, want one per order (%d)", r.N, len(r.Mean), len(res.Orders))
		}
	}
	return nil
}

// Run measures 4σ*²/σ² for random gradient matrices (randomGrads)
// under random reshuffling, the greedy order and the order sorted by the
// first coordinate, and for the zig-zag matrices (zigzagGrads) in the
// order they are built, or returns the rows from env's cache.
func (c AppendixCConfig) Run(ctx context.Context, env *Env) (*AppendixCResult, error) {
	return runCached(ctx, env, appendixCID, "runAppendixC", c, runAppendixC)
}

func runAppendixC(ctx context.Context, env *Env, c AppendixCConfig) (*AppendixCResult, error) {
	seed := env.Seed
	var rows []AppendixCRow
	k := len(appendixCOrders)
	for _, n := range c.Ns {
		row := AppendixCRow{N: n, Min: constant(k, math.Inf(1)), Mean: make([]float64, k), Max: make([]float64, k)}
		rnd := newRand(seed, streamAppendixCGrads, uint64(n))
		rr, err := ordering.NewRR(n, mixSeed(seed, streamAppendixCRR, uint64(n)))
		if err != nil {
			return nil, err
		}
		var perm []int
		for t := 0; t < c.Trials; t++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			g := randomGrads(n, c.D, rnd)
			perm, err = rr.Order(perm, ordering.Epoch{T: t})
			if err != nil {
				return nil, err
			}
			sorted := make([]int, n)
			for i := range sorted {
				sorted[i] = i
			}
			slices.SortStableFunc(sorted, func(a, b int) int { return cmp.Compare(g.At(a, 0), g.At(b, 0)) })
			z := zigzagGrads(n, c.D, rnd)
			built := make([]int, n)
			for i := range built {
				built[i] = i
			}
			for o, m := range []struct {
				g *mat.Dense
				r []int
			}{{g, perm}, {g, ordering.GreedyOrder(nil, g)}, {g, sorted}, {z, built}} {
				s2, _ := ordering.Heterogeneity(m.g)
				ss2, err := orderSigmaStar2(m.g, m.r)
				if err != nil {
					return nil, err
				}
				ratio := 4 * ss2 / s2
				row.Min[o] = math.Min(row.Min[o], ratio)
				row.Max[o] = math.Max(row.Max[o], ratio)
				row.Mean[o] += ratio / float64(c.Trials)
			}
		}
		rows = append(rows, row)
	}
	return &AppendixCResult{Config: c, Orders: slices.Clone(appendixCOrders), Rows: rows}, nil
}

// # The outcome

// appendixCRounding is the slack of the verdict's 4σ*²/σ² ≥ 1: the
// inequality is exact arithmetic, up to rounding.
const appendixCRounding = 1e-12

// AppendixCFindings is what the appendix-c-lower-bound claim shows: the
// smallest 4σ*²/σ² of every order against Appendix C's bound of 1.
type AppendixCFindings struct {
	// MinByOrder[o] is the smallest 4σ*²/σ² of order o (the result's
	// Orders) over every n and matrix, and Min the smallest over the
	// orders.
	MinByOrder []float64
	Min        float64
	// Rounding is the floating-point slack allowed below 1
	// (appendixCRounding); Holds is set if Min ≥ 1 - Rounding.
	Rounding float64
	Holds    bool
	// Judgement is what appendixCRule finds, and Verdict its verdict:
	// Reproduced if Holds, else NotReproduced.
	Judgement Judgement
	Verdict   Verdict
}

// Findings returns what the claim shows. It returns an error if res has no
// rows or a row without a value per order.
func (res *AppendixCResult) Findings() (*AppendixCFindings, error) {
	if err := res.check(); err != nil {
		return nil, err
	}
	f := &AppendixCFindings{MinByOrder: make([]float64, len(res.Orders)), Min: math.Inf(1), Rounding: appendixCRounding}
	for o := range res.Orders {
		f.MinByOrder[o] = math.Inf(1)
		for _, r := range res.Rows {
			f.MinByOrder[o] = math.Min(f.MinByOrder[o], r.Min[o])
		}
		f.Min = math.Min(f.Min, f.MinByOrder[o])
	}
	var ms []Measure
	for o, name := range res.Orders {
		x := f.MinByOrder[o]
		ms = append(ms, Measure{Label: name, Iv: Interval{Mean: x, Lo: x, Hi: x, N: len(res.Rows) * res.Config.Trials}, Note: fmt.Sprintf("slack %.4g×", x)})
	}
	j, err := appendixCRule.Judge(Measures{"appendix-c-lower-bound": ms}, nil)
	if err != nil {
		return nil, err
	}
	f.Judgement, f.Verdict, f.Holds = j, j.Verdict, j.Holds("appendix-c-lower-bound")
	return f, nil
}

// Outcome renders the findings: the verdict and its words, a row per
// order and the chart. It returns an error if res has no rows or a row
// without a value per order.
func (res *AppendixCResult) Outcome() (*Outcome, error) {
	f, err := res.Findings()
	if err != nil {
		return nil, err
	}
	c, rows := res.Config, res.Rows
	idx, _ := orderIndices(appendixCID, res.Orders, appendixCOrders...)
	rr, greedy, sorted, zigzag := idx[0], idx[1], idx[2], idx[3]
	var out Outcome
	out.judged(&appendixCRule, f.Judgement)
	res.appendixCChart(&out)
	overall, minOf := f.Min, f.MinByOrder
	out.Summary = fmt.Sprintf("smallest 4σ*²/σ² over %d matrices and %d orders: %.4f (must be ≥ 1); the zig-zag matrices approach 1, so the constant 4 cannot be improved",
		len(c.Ns)*c.Trials, len(res.Orders), overall)
	out.Key = Key{Name: "smallest 4σ*²/σ²", Value: overall}
	out.Decides = &Decider{Name: "smallest 4σ*²/σ² over matrices and orders", Ours: fmt.Sprintf("%.4f", overall), Paper: "≥ 1"}
	out.Brief = fmt.Sprintf("smallest 4σ*²/σ² %.4f over %d matrices and %d orders (paper: ≥ 1)", overall, len(c.Ns)*c.Trials, len(res.Orders))
	r0, rl := rows[0], rows[len(rows)-1]
	for o, name := range res.Orders {
		out.Rows = append(out.Rows, Row{
			Quantity: "min 4σ*²/σ², " + name,
			Paper:    "≥ 1",
			Ours:     fmt.Sprintf("%.4f (mean %.3g at n = %d, %.3g at n = %d)", minOf[o], r0.Mean[o], r0.N, rl.Mean[o], rl.N),
		})
	}
	out.Details = fmt.Sprintf("From n = %d to n = %d the mean 4σ*²/σ² grows from %.3g to %.3g under random reshuffling and from %.3g to %.3g when sorted by the first coordinate "+
		"(of order n: sorting by one coordinate of the smallest spread leaves the others random), but only from %.3g to %.3g under the greedy order; "+
		"all stay within the range Remark 4 and Appendix C allow, σ²/4 ≤ σ*² ≤ n²σ². "+
		"The zig-zag matrices, whose partial sums alternate ±a, reach 4σ*²/σ² = 2n/(2n-3) (%.4f at n = %d): the factor 4 is tight as n grows.",
		r0.N, rl.N, r0.Mean[rr], rl.Mean[rr], r0.Mean[sorted], rl.Mean[sorted], r0.Mean[greedy], rl.Mean[greedy], rl.Mean[zigzag], rl.N)
	out.Protocol = []string{
		fmt.Sprintf("Random matrices: n ∈ {%s}, d = %d, rows = μ + diag(1, ..., d)·z with z standard normal and a random mean μ, %d per n.", joinInts(c.Ns), c.D, c.Trials),
		"σ² is the heterogeneity at the point itself, (1/n) Σ_i ‖∇f_i - ∇f‖² (Assumption 5 with equality, M = 0); σ*² = max_k φ²_{r,k} (M* = 0).",
		"Zig-zag matrices: centred rows a, -2a, 2a, ..., ∓a along a random direction, taken in the order built (a case added by us to show tightness).",
		fmt.Sprintf("Verdict: reproduced iff the smallest 4σ*²/σ² over every matrix and order is at least 1 - %g (appendixCRounding, floating-point slack).", appendixCRounding),
	}
	return &out, nil
}

// appendixCChart adds the chart of 4σ*²/σ² per order over n to out.
func (res *AppendixCResult) appendixCChart(out *Outcome) {
	c, rows := res.Config, res.Rows
	ns := make([]float64, len(rows))
	for i, r := range rows {
		ns[i] = float64(r.N)
	}
	lc := &chart.LineChart{
		Title:  fmt.Sprintf("Appendix C: 4σ*²/σ² ≥ 1 for every order (d = %d; line: mean of %d matrices per n, band: their range)", c.D, c.Trials),
		XLabel: "n", YLabel: "4σ*²/σ²", LogX: true, LogY: true,
	}
	for o, name := range res.Orders {
		y, lo, hi := make([]float64, len(rows)), make([]float64, len(rows)), make([]float64, len(rows))
		for i, r := range rows {
			y[i], lo[i], hi[i] = r.Mean[o], r.Min[o], r.Max[o]
		}
		lc.Series = append(lc.Series, chart.Series{Name: name, X: ns, Y: y, Lo: lo, Hi: hi, Runs: c.Trials})
	}
	for o := range res.Orders {
		s := &lc.Series[o]
		same := true
		for i := range s.Y {
			same = same && s.Hi[i]-s.Lo[i] <= 1e-9*math.Abs(s.Y[i])
		}
		if same {
			// The zig-zag matrices give 2n/(2n-3) whatever their direction.
			if strings.HasSuffix(s.Name, ")") {
				s.Name = strings.TrimSuffix(s.Name, ")") + "; the same for every matrix)"
			} else {
				s.Name += " (the same for every matrix)"
			}
			s.NoSpread = "every matrix gives the same value: the range is 0"
		}
	}
	noteThinBands(lc, "range")
	lc.Series = append(lc.Series, chart.Series{Name: "Appendix C: 4σ*²/σ² ≥ 1", X: ns, Y: constant(len(ns), 1), Dashed: true})
	out.addChart("appendix-c-lower-bound", "Appendix C lower bound on σ*²", lc)
}
