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
)

// # The claim

// orderMattersID is the claim's id.
const orderMattersID = "order-matters"

// orderMattersClaim asks, across the settings of Table 1 we run, whether
// the quantity Theorem 1 says drives convergence, the σ*² of the order,
// predicts where the greedy order's gain over random reshuffling is large.
// It shares the runs of table-1, table-1-fashion and table-1-cifar10.
var orderMattersClaim = Claim{
	ID:    orderMattersID,
	Where: "Beyond the paper: Theorem 1 (Section 3.4) across the settings of Table 1",
	Statement: "Theorem 1 bounds convergence through σ*², so where greedy's order has a much smaller σ*² than a random one, " +
		"greedy should gain more over random reshuffling: across settings (data set × model × batching × batch size × momentum × " +
		"learning rate), the measured σ*² ratio (random over greedy) should rank the settings as the greedy − RR accuracy gap does.",
	Run: claimRun(OrderMattersConfig{}.At, OrderMattersConfig.Run, (*OrderMattersResult).Outcome),
	Skip: func(s Scale, env *Env) string {
		if why := table1StudySkip(s); why != "" {
			return "needs table-1-study's runs: " + why
		}
		return ""
	},
}

// # The config

// OrderMattersConfig is the protocol of the order-matters claim: the
// runs of the table-1-study claim, its settings at the tuned rates and
// every setting of its sweep, each under both batchings.
type OrderMattersConfig struct {
	// Study is the study whose runs are compared. Default the study's
	// protocol at the scale.
	Study Table1StudyConfig
}

// At returns c with its zero fields set to the order-matters protocol at
// scale s: the table-1-study protocol at s.
func (c OrderMattersConfig) At(s Scale) OrderMattersConfig {
	if len(c.Study.Settings) == 0 {
		c.Study = c.Study.At(s)
	}
	return c
}

// fill sets the defaults of the zero fields.
func (c *OrderMattersConfig) fill() { c.Study.fill() }

// validate returns an error naming the first field out of range.
func (c *OrderMattersConfig) validate() error { return c.Study.validate() }

// # The run

// OrderMattersResult holds the Table 1 results of every setting.
type OrderMattersResult struct {
	Config OrderMattersConfig
	// Settings are Table1Config.Run's results: the study's settings at
	// the tuned rates, then the sweep's settings that did not diverge.
	Settings []*Table1Result
}

// Run runs the study of c (its runs are cached as the study's, so a
// study already run is reused) and collects its results.
func (c OrderMattersConfig) Run(ctx context.Context, env *Env) (*OrderMattersResult, error) {
	sr, err := c.Study.Run(ctx, env)
	if err != nil {
		return nil, err
	}
	res := &OrderMattersResult{Config: c}
	for _, s := range sr.Settings {
		res.Settings = append(res.Settings, s.Main)
	}
	for _, cell := range sr.Sweep {
		if !cell.Diverged {
			res.Settings = append(res.Settings, cell.Result)
		}
	}
	return res, nil
}

// check returns an error if r is nil or a setting's result is missing or
// not of the shape of its config.
func (r *OrderMattersResult) check() error {
	if r == nil {
		return errResult(orderMattersID, "nil")
	}
	if len(r.Settings) == 0 {
		return errResult(orderMattersID, "no settings")
	}
	for _, s := range r.Settings {
		if err := s.check(orderMattersID); err != nil {
			return err
		}
		if !slices.Contains(s.Config.Orders, "greedy") || !slices.Contains(s.Config.Orders, "RR") {
			return errResult(orderMattersID, "orders %q, want RR and greedy", s.Config.Orders)
		}
	}
	return nil
}

// # The outcome

// The thresholds of the verdict, fixed before the runs: with at least
// orderMattersMinPoints settings × batchings, the goal is met if
// Spearman's rank correlation between the σ*² ratio and the greedy − RR
// gap in mean test accuracy over the epochs is positive with a one-sided
// permutation p-value below orderMattersAlpha, not met if it is at most 0,
// and inconclusive otherwise. The p-value counts the orderMattersPerms
// random pairings of the gaps with the ratios (from a fixed seed) whose ρ
// reaches the observed one.
const (
	orderMattersMinPoints = 10
	orderMattersAlpha     = 0.05
	orderMattersPerms     = 9999
	orderMattersPermSeed  = 0x6f6d // "om"
)

// permutationP returns the one-sided permutation p-value of Spearman's ρ
// of x and y: (1 + #{ρ(x, π(y)) ≥ ρ(x, y)}) / (1 + perms), over perms
// random permutations π from a source seeded with seed.
func permutationP(x, y []float64, perms int, seed uint64) float64 {
	obs := spearman(x, y)
	rnd := rand.New(rand.NewPCG(seed, 0))
	py := slices.Clone(y)
	hits := 0
	for range perms {
		rnd.Shuffle(len(py), func(i, j int) { py[i], py[j] = py[j], py[i] })
		if spearman(x, py) >= obs-1e-12 {
			hits++
		}
	}
	return float64(1+hits) / float64(1+perms)
}

// orderMattersVerdict judges ρ and its p-value over n points.
func orderMattersVerdict(n int, rho, p float64) Verdict {
	switch {
	case n < orderMattersMinPoints || math.IsNaN(rho):
		return NotCheckable
	case rho > 0 && p < orderMattersAlpha:
		return GoalMet
	case rho <= 0:
		return GoalNotMet
	}
	return Inconclusive
}

// OrderMattersPoint is one setting under one batching: the σ*² ratio of
// a random order to greedy's and greedy's paired gain over RR.
type OrderMattersPoint struct {
	// Setting names the data set, model, batch size, momentum and rate;
	// Model the data set and model alone; Batching the batching.
	Setting, Model, Batching string
	// Ratio is the σ*² of a random order over greedy's, geometric mean
	// over epochs and seeds.
	Ratio float64
	// Final and Mean are greedy − RR in final test accuracy and in the
	// mean over the epochs, points, with their standard errors.
	Final, FinalSE, Mean, MeanSE float64
}

// OrderMattersFindings is what the order-matters claim shows: the points,
// Spearman's ρ of the ratio against each gain with its one-sided
// permutation p-value, and the verdict by the thresholds
// orderMattersMinPoints and orderMattersAlpha.
type OrderMattersFindings struct {
	Points        []OrderMattersPoint
	Rho, RhoFinal float64
	P, PFinal     float64
	Verdict       Verdict
}

// Findings returns what r shows. It returns an error if r is not of the
// shape of its config.
func (r *OrderMattersResult) Findings() (*OrderMattersFindings, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	f := &OrderMattersFindings{P: math.NaN(), PFinal: math.NaN()}
	for _, s := range r.Settings {
		for _, b := range s.Batchings {
			ratio, _, _, ok := s.sigmaRatio(b)
			if !ok {
				continue
			}
			lr := s.Config.LRStandard
			if b == "same-class" {
				lr = s.Config.LRSameClass
			}
			model := table1DataName(s.Config.Dataset) + " " + table1Model(s.Config)
			p := OrderMattersPoint{Setting: fmt.Sprintf("%s, %s, batch %d, momentum %g, rate %.3g", model, b, s.Config.BatchSize, s.Config.Momentum, lr), Model: model, Batching: b, Ratio: ratio}
			p.Final, p.FinalSE = s.pairedGap("greedy", "RR", b, finalAcc)
			p.Mean, p.MeanSE = s.pairedGap("greedy", "RR", b, meanAcc)
			f.Points = append(f.Points, p)
		}
	}
	ratios, means, finals := f.columns()
	f.Rho, f.RhoFinal = spearman(ratios, means), spearman(ratios, finals)
	if len(f.Points) >= 2 {
		f.P, f.PFinal = permutationP(ratios, means, orderMattersPerms, orderMattersPermSeed), permutationP(ratios, finals, orderMattersPerms, orderMattersPermSeed)
	}
	f.Verdict = orderMattersVerdict(len(f.Points), f.Rho, f.P)
	return f, nil
}

// columns returns the ratios, mean gains and final gains of f's points.
func (f *OrderMattersFindings) columns() (ratios, means, finals []float64) {
	for _, p := range f.Points {
		ratios, means, finals = append(ratios, p.Ratio), append(means, p.Mean), append(finals, p.Final)
	}
	return ratios, means, finals
}

// Outcome renders the findings: a row per point, the two charts (a series
// per model and batching) and the verdict with ρ and its p-value. It
// returns an error if r is not of the shape of its config.
func (r *OrderMattersResult) Outcome() (*Outcome, error) {
	f, err := r.Findings()
	if err != nil {
		return nil, err
	}
	out := Outcome{Verdict: f.Verdict}
	meanChart, finalChart := orderMattersCharts(f)
	for _, p := range f.Points {
		out.Rows = append(out.Rows, Row{
			Quantity: p.Setting + ": σ*² ratio (random / greedy); greedy − RR final; mean over epochs",
			Paper:    "(not in the paper)",
			Ours:     fmt.Sprintf("%.3g; %+.2f ± %.2f; %+.2f ± %.2f points", p.Ratio, p.Final, p.FinalSE, p.Mean, p.MeanSE),
		})
	}
	out.addChart("order-matters-mean", "Greedy's gain over RR (mean accuracy over epochs) against the σ*² ratio", meanChart)
	out.addChart("order-matters-final", "Greedy's gain over RR (final accuracy) against the σ*² ratio", finalChart)
	out.Summary = fmt.Sprintf("over %d settings × batchings, Spearman's ρ between the σ*² ratio (random / greedy) and greedy's gain over RR: %.2f in mean accuracy over the epochs (one-sided permutation p = %.3g), %.2f in final accuracy (p = %.3g)", len(f.Points), f.Rho, f.P, f.RhoFinal, f.PFinal)
	if out.Verdict == NotCheckable {
		out.Summary += fmt.Sprintf(" (needs %d points with a spread)", orderMattersMinPoints)
	}
	var b strings.Builder
	if len(f.Points) > 0 {
		ratios, means, _ := f.columns()
		lo, hi, best := floats.MinIdx(ratios), floats.MaxIdx(ratios), floats.MaxIdx(means)
		pts := f.Points
		fmt.Fprintf(&b, "The σ*² ratio ranges from %.3g (%s) to %.3g (%s); greedy's largest gain in mean accuracy over the epochs is %+.2f ± %.2f points (%s). ",
			pts[lo].Ratio, pts[lo].Setting, pts[hi].Ratio, pts[hi].Setting, pts[best].Mean, pts[best].MeanSE, pts[best].Setting)
		if best == hi {
			b.WriteString("The setting where greedy's order shrinks σ*² most is the one where it gains most.")
		} else {
			b.WriteString("The setting where greedy's order shrinks σ*² most is not the one where it gains most.")
		}
	}
	out.Details = b.String()
	out.Protocol = []string{
		"Settings: the runs of table-1-study, its settings at the tuned rates and every setting of its sweep that did not diverge: " + strings.Join(orderMattersSettingNames(r), "; ") + ".",
		"σ*² ratio: in every epoch of every greedy run, max_k φ²_{r,k} of a fresh random permutation of the batches over that of greedy's order, on the same batch gradients (see the table-1 protocol); geometric mean over epochs and seeds.",
		"Gaps: greedy minus RR, paired by seed, in final test accuracy and in the mean test accuracy over the epochs (the area under the curve); mean ± standard error over the seeds.",
		fmt.Sprintf("Verdict (fixed before the runs): with at least %d settings × batchings, goal met if Spearman's ρ between the ratio and the mean-accuracy gap is positive with a one-sided permutation p-value below %g (%d random pairings, fixed seed), not met if ρ ≤ 0, inconclusive otherwise; the paper does not run this comparison, so this is our question about Theorem 1's implication, not a number of the paper.", orderMattersMinPoints, orderMattersAlpha, orderMattersPerms),
	}
	return &out, nil
}

// orderMattersSettingNames names the settings of r.
func orderMattersSettingNames(r *OrderMattersResult) []string {
	var names []string
	for _, s := range r.Settings {
		names = append(names, fmt.Sprintf("%s %s, %d training images, %d epochs, batch %d, momentum %g, rates %g and %g, %d seeds",
			table1DataName(s.Config.Dataset), table1Model(s.Config), s.Train, s.Config.Epochs, s.Config.BatchSize, s.Config.Momentum, s.Config.LRStandard, s.Config.LRSameClass, s.Config.Seeds))
	}
	return names
}
