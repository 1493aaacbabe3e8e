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

	"github.com/goodorder/goodorder/paper/chart"
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
		"greedy should gain more over random reshuffling: across settings (data set × model × batching), the measured σ*² ratio " +
		"(random over greedy) should rank the settings as the greedy − RR accuracy gap does.",
	Run: func(ctx context.Context, s Scale, env *Env) (*Outcome, error) {
		env = env.orDefault()
		c := OrderMattersConfig{}.At(s)
		if env.CIFAR10 != "" {
			c.Settings = append(c.Settings, Table1Config{Dataset: cifar10Prefix + env.CIFAR10}.At(s))
		}
		return claimRun(func(Scale) OrderMattersConfig { return c }, OrderMattersConfig.Run, (*OrderMattersResult).Outcome)(ctx, s, env)
	},
	Skip: func(s Scale, env *Env) string {
		return fashionSkip(s, "needs table-1-fashion's runs, at the paper scale only", table1FashionID, orderMattersID)
	},
}

// # The config

// OrderMattersConfig is the protocol of the order-matters claim.
type OrderMattersConfig struct {
	// Settings are the Table 1 protocols compared, each with RR and
	// greedy among its orders. Default: table-1's at the default scale
	// (MNIST, MLP) and table-1-fashion's at the paper scale (Fashion-MNIST,
	// CNN); the claim adds table-1-cifar10's when Env.CIFAR10 is set.
	Settings []Table1Config
}

// At returns c with its zero fields set to the order-matters protocol at
// scale s: the settings of the committed report (table-1 at the default
// scale, table-1-fashion at the paper scale) at the default and paper
// scales, their smoke versions at the smoke scale.
func (c OrderMattersConfig) At(s Scale) OrderMattersConfig {
	return atScale(c, s, map[Scale]OrderMattersConfig{
		Smoke: {Settings: []Table1Config{Table1Config{}.At(Smoke), Table1Config{Dataset: fashionMNIST}.At(Smoke)}},
	})
}

// fill sets the defaults of the zero fields.
func (c *OrderMattersConfig) fill() {
	if len(c.Settings) == 0 {
		c.Settings = []Table1Config{Table1Config{}.At(Default), Table1Config{Dataset: fashionMNIST}.At(Full)}
	}
	for i := range c.Settings {
		c.Settings[i].fill()
	}
}

// validate returns an error naming the first setting out of range.
func (c *OrderMattersConfig) validate() error {
	for i, s := range c.Settings {
		if err := s.validate(); err != nil {
			return fmt.Errorf("paper: order-matters setting %d: %w", i, err)
		}
		if !slices.Contains(s.Orders, "greedy") {
			return fmt.Errorf("paper: order-matters setting %d has orders %q, want greedy among them", i, s.Orders)
		}
	}
	return nil
}

// # The run

// OrderMattersResult holds the Table 1 results of every setting.
type OrderMattersResult struct {
	Config OrderMattersConfig
	// Settings[i] is Table1Config.Run's result for Config.Settings[i].
	Settings []*Table1Result
}

// Run runs Table1Config.Run for every setting of c; their runs are
// cached as theirs, so the runs of table-1 and table-1-fashion are reused.
func (c OrderMattersConfig) Run(ctx context.Context, env *Env) (*OrderMattersResult, error) {
	env = env.orDefault()
	if err := c.validate(); err != nil {
		return nil, err
	}
	res := &OrderMattersResult{Config: c}
	for _, s := range c.Settings {
		r, err := s.Run(ctx, env)
		if err != nil {
			return nil, err
		}
		res.Settings = append(res.Settings, r)
	}
	return res, nil
}

// check returns an error if r is nil or a setting's result is missing or
// not of the shape of its config.
func (r *OrderMattersResult) check() error {
	if r == nil {
		return errResult(orderMattersID, "nil")
	}
	if len(r.Settings) != len(r.Config.Settings) || len(r.Settings) == 0 {
		return errResult(orderMattersID, "%d results for %d settings", len(r.Settings), len(r.Config.Settings))
	}
	for _, s := range r.Settings {
		if err := s.check(orderMattersID); err != nil {
			return err
		}
	}
	return nil
}

// # The outcome

// The thresholds of the verdict: with at least orderMattersMinPoints
// settings × batchings, the claim holds if Spearman's rank correlation
// between the σ*² ratio and the greedy − RR gap in mean test accuracy over
// the epochs is at least orderMattersRho.
const (
	orderMattersMinPoints = 4
	orderMattersRho       = 0.8
)

// orderMattersPoint is one setting under one batching.
type orderMattersPoint struct {
	name                      string
	ratio                     float64 // σ*² of a random order over greedy's, geometric mean
	final, finalSE, mean, mSE float64 // greedy − RR gaps, points
}

// Outcome puts, for every setting and batching, the σ*² ratio
// of a random order to greedy's beside greedy's paired accuracy gain over
// RR, final and averaged over the epochs, and judges whether the ratio
// ranks the gains. It returns an error if r is not of the shape of its
// config.
func (r *OrderMattersResult) Outcome() (*Outcome, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	var pts []orderMattersPoint
	for _, s := range r.Settings {
		for _, b := range s.Batchings {
			ratio, _, _, ok := s.sigmaRatio(b)
			if !ok {
				continue
			}
			p := orderMattersPoint{name: fmt.Sprintf("%s %s, %s", table1DataName(s.Config.Dataset), table1Model(s.Config), b), ratio: ratio}
			p.final, p.finalSE = s.pairedGap("greedy", "RR", b, finalAcc)
			p.mean, p.mSE = s.pairedGap("greedy", "RR", b, meanAcc)
			pts = append(pts, p)
		}
	}
	var out Outcome
	meanChart := &chart.LineChart{Title: "Greedy − RR, mean test accuracy over the epochs, against the σ*² ratio", XLabel: "σ*² ratio, random order / greedy (geometric mean)", YLabel: "gap (points)", LogX: true}
	finalChart := &chart.LineChart{Title: "Greedy − RR, final test accuracy, against the σ*² ratio", XLabel: meanChart.XLabel, YLabel: "gap (points)", LogX: true}
	ratios, means, finals := make([]float64, len(pts)), make([]float64, len(pts)), make([]float64, len(pts))
	for i, p := range pts {
		ratios[i], means[i], finals[i] = p.ratio, p.mean, p.final
		meanChart.Series = append(meanChart.Series, chart.Series{Name: p.name, X: []float64{p.ratio}, Y: []float64{p.mean}, Points: true})
		finalChart.Series = append(finalChart.Series, chart.Series{Name: p.name, X: []float64{p.ratio}, Y: []float64{p.final}, Points: true})
		out.Rows = append(out.Rows, Row{
			Quantity: p.name + ": σ*² ratio (random / greedy); greedy − RR final; mean over epochs",
			Paper:    "(not in the paper)",
			Ours:     fmt.Sprintf("%.3g; %+.2f ± %.2f; %+.2f ± %.2f points", p.ratio, p.final, p.finalSE, p.mean, p.mSE),
		})
	}
	out.addChart("order-matters-mean", "Greedy's gain over RR (mean accuracy over epochs) against the σ*² ratio", meanChart)
	out.addChart("order-matters-final", "Greedy's gain over RR (final accuracy) against the σ*² ratio", finalChart)

	rho, rhoFinal := spearman(ratios, means), spearman(ratios, finals)
	out.Summary = fmt.Sprintf("over %d settings × batchings, Spearman's ρ between the σ*² ratio (random / greedy) and greedy's gain over RR: %.2f in mean accuracy over the epochs, %.2f in final accuracy", len(pts), rho, rhoFinal)
	switch {
	case len(pts) < orderMattersMinPoints || math.IsNaN(rho):
		out.Verdict = NotCheckable
		out.Summary += fmt.Sprintf(" (needs %d points with a spread)", orderMattersMinPoints)
	default:
		out.Verdict = verdictOf(rho >= orderMattersRho)
	}
	var b strings.Builder
	if len(pts) > 0 {
		lo, hi, best := floats.MinIdx(ratios), floats.MaxIdx(ratios), floats.MaxIdx(means)
		fmt.Fprintf(&b, "The σ*² ratio ranges from %.3g (%s) to %.3g (%s); greedy's largest gain in mean accuracy over the epochs is %+.2f ± %.2f points (%s). ",
			pts[lo].ratio, pts[lo].name, pts[hi].ratio, pts[hi].name, pts[best].mean, pts[best].mSE, pts[best].name)
		if best == hi {
			b.WriteString("The setting where greedy's order shrinks σ*² most is the one where it gains most.")
		} else {
			b.WriteString("The setting where greedy's order shrinks σ*² most is not the one where it gains most.")
		}
	}
	out.Details = b.String()
	out.Protocol = []string{
		"Settings: " + strings.Join(orderMattersSettingNames(r), "; ") + ".",
		"σ*² ratio: in every epoch of every greedy run, max_k φ²_{r,k} of a fresh random permutation of the batches over that of greedy's order, on the same batch gradients (see the table-1 protocol); geometric mean over epochs and seeds.",
		"Gaps: greedy minus RR, paired by seed, in final test accuracy and in the mean test accuracy over the epochs (the area under the curve); mean ± standard error over the seeds.",
		fmt.Sprintf("Verdict: with at least %d settings × batchings, reproduced if Spearman's ρ between the ratio and the mean-accuracy gap is at least %g; the paper does not run this comparison, so it tests Theorem 1's implication, not a number of the paper.", orderMattersMinPoints, orderMattersRho),
	}
	return &out, nil
}

// orderMattersSettingNames names the settings of r with their scale.
func orderMattersSettingNames(r *OrderMattersResult) []string {
	var names []string
	for _, s := range r.Settings {
		names = append(names, fmt.Sprintf("%s %s, %d training images, %d epochs, %d seeds (%s)",
			table1DataName(s.Config.Dataset), table1Model(s.Config), s.Train, s.Config.Epochs, s.Config.Seeds, table1IDOf(s.Config.Dataset)))
	}
	return names
}
