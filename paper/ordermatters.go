// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
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
	Goal:  true,
	Statement: "Theorem 1 bounds convergence through σ*², so where greedy's order has a much smaller σ*² than a random one, " +
		"greedy should gain more over random reshuffling: across settings (data set × model × batching × batch size × momentum × " +
		"learning rate), within each data set and model under each batching (same-class batching raises both, and so may a data set, so pooling them would mix groups), the measured σ*² ratio (random over greedy) should rank the settings as the greedy − RR accuracy gap does.",
	Quote:        "the σ*² ratio (random over greedy) ranks the settings as greedy's gain over RR does",
	Run:          claimRun(OrderMattersConfig{}.At, OrderMattersConfig.Run, (*OrderMattersResult).Outcome),
	Rule:         &orderMattersRule,
	Criterion:    "our rule, on the gaps as measured; from its next run the section gives each stratum's noise ceiling, the ρ a ranking that ordered the true gaps perfectly would be expected to show against gaps measured with this noise (about 0.67 and 0.91 in the exploratory run's two strata, computed from its rows: their mean is below 0.8, so such a ranking would mostly read inconclusive)",
	RunsNote:     "the runs per cell set the seeds of the study's settings; its sweep's settings keep their own seeds (Table1StudyConfig.SweepSeeds), so most points rest on fewer runs",
	Registration: "Amended on 2026-11-30, after its confirmatory pass on base seed 1001 (goal not met: 0.15 [−0.25, +0.50], wholly below 0.8), when two independent referee reads of the whole registration weighed order-matters-rank as weak because its section gave no power: the power lines below are added, computed from its committed exploratory run (base seed 1) alone, as judged by the registered rule, which judged that run on 2026-11-30 (commit ec2a483), after the pass: the run's numbers were committed on 2026-11-26, before the pass, and the run retrained then gave them again exactly; its judgement by this rule came after. The pass's numbers are not used. Its rule, runs, seed and judging code are unchanged, so its pass stands as registered, and this amendment is not a new registration: a power stated after a pass cannot have shaped the design. The interval counts the strata's points (36), not the runs per cell. The power is the chance that the interval of the mean within-stratum ρ lies wholly on one side of 0.8 at the exploratory run's estimate (ρ 0.09) and width: there that side is below, a \"not met\". A \"met\" needs the interval wholly above 0.8, which the exploratory width (half-width about 0.38) would allow only above ρ = 1; Spearman's ρ spreads less as it nears 1, so a near-perfect ranking in every stratum could still show it, and nothing less. The design can show the goal not met with high power and met only for a near-perfect ranking; the claim's protocol text said before the pass (commit 28e8d93) that the goal can fail, and the registration gave no power. The gaps it ranks are noisy (most sweep points rest on 3 runs, and the standard-batching gaps lie within about ±0.2 point; corrected at a seventh read: that is the final-accuracy gaps, 16 of 18 within ±0.2 point, while the mean-over-epochs gaps the rule ranks spread from −1.6 to +2.1 points), which pulls ρ towards 0: a low ρ says the σ*² ratio does not rank the gaps as measured, not that no ranking exists beneath that noise. Also not said in this section before: the two strata judged are both MNIST's (its MLP under each batching; the Fashion-MNIST strata have too few points and are set aside); the rule last changed on 2026-11-29, when the exploratory run's ρ of 0.09 was known; the points sit at learning rates tuned for RR, so greedy runs at RR's rate; and its seed-1001 pass may have reused table-1-study's seed-1001 runs, shown about three hours before it (the study's settings at their rates, 2 of the 36 points; the run cache, which would tell, did not outlive that session). Amended again on 2026-12-01, text and reporting only, its rule, runs, seed and judging code unchanged, after a seventh whole read weighed order-matters-rank weak (a met is out of reach in practice, the gaps' noise pulling ρ towards 0): from its next run the claim reports beside its verdict each stratum's noise ceiling, the Spearman ρ that a ranking ordering the true gaps perfectly would be expected to show against gaps measured with this noise (the measured gaps standing in for the true ones, each drawn again with its own noise: normal, its standard error; 4,000 draws; OrderMattersResult.Outcome, not its Findings); the true gaps' spread is smaller than the measured ones', so the true ceiling is if anything lower. Computed the same way from the committed exploratory run's rows (base seed 1, the standard errors read back from their printed t-intervals; by a referee and again by us), the ceilings are about 0.67 in MNIST's standard-batching stratum (two very noisy points of its 18 carry most of its noise) and about 0.91 in its same-class stratum, against ρ of 0.03 and 0.16: both far below what their noise allows, so the not met says that the σ*² ratio does not rank the gaps as measured, in either stratum. But the ceilings' mean, about 0.79, is below the goal's 0.8: on gaps measured with this noise a ranking that ordered the true gaps perfectly would be expected to fall short of a met (mostly reading inconclusive), so this design could hardly have shown the goal met; its not met, which such a ranking would rarely give, says that the σ*² ratio ranks the gaps far worse than their noise allows. The seed-1001 pass's ceilings were not computed (its record in confirm.json keeps only the judged ρ and its interval, not the points' rows, and its runs are not cached). A design that could decide would put more runs on the noisiest sweep points until the ceilings' mean clears the goal's level with room, or judge ρ against a level below the ceilings; that is a new registration and a pass on a new seed at the paper scale (order-matters' last pass took 3,217 s, beside the study's runs), not made here.",
	Skip: func(s Scale, env *Env) string {
		if why := table1StudySkip(s, orderMattersID, table1StudyMinutes); why != "" {
			return "needs a tuned study's runs: " + why
		}
		return ""
	},
}

// # The config

// OrderMattersConfig is the protocol of the order-matters claim: the
// runs of the table-1-study claim, its settings at RR's tuned rates and
// every setting of its sweep, each under both batchings.
type OrderMattersConfig struct {
	// Study is the study whose runs are compared. Default the study's
	// protocol at the scale.
	Study Table1StudyConfig
	// SweepEvery also sweeps around every setting of Study after the
	// first (each as a study of its own: its tuning, and the sweep of
	// Study's batch sizes, momenta and multipliers around its tuned
	// rates), so that each data set and model has a stratum of
	// orderMattersStratumMin points or more under each batching, not the
	// tuned setting's one point. Default off: around table-1-fashion's
	// Fashion-MNIST CNN at the paper scale it is 216 more runs of that
	// CNN, hours on 2 cores.
	SweepEvery bool
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
	// RR's tuned rates (Main: both orders at the same rates), then the
	// sweep's settings that did not diverge.
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
	sweeps := []*Table1StudyResult{sr}
	if c.SweepEvery {
		for _, s := range c.Study.Settings[1:] {
			one := c.Study
			one.Settings = []Table1Config{s}
			r, err := one.Run(ctx, env)
			if err != nil {
				return nil, err
			}
			sweeps = append(sweeps, r)
		}
	}
	for _, sr := range sweeps {
		for _, cell := range sr.Sweep {
			if !cell.Diverged {
				res.Settings = append(res.Settings, cell.Result)
			}
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

// The rule of the goal. "Ranks the settings as the gain does" asks for a
// strong agreement of the two rankings: the claim's first rule, before any
// result, was ρ ≥ orderMattersLevel (0.8). Within each stratum (a data set
// and model under a batching) of at least orderMattersStratumMin points,
// Spearman's ρ between the σ*² ratio and the greedy − RR gap in mean test
// accuracy over the epochs; the statistic is their mean over the strata,
// and its 95% interval the percentile interval of orderMattersBoot
// bootstrap replicates, each resampling the points with replacement within
// every stratum (never across), from the fixed seed orderMattersBootSeed.
// With at least orderMattersMinPoints points in those strata, the goal is
// met if the interval lies above orderMattersLevel, not met if it lies
// below, and inconclusive otherwise. A stratum of fewer points is not a
// stratum: it is set aside, named, and not tested. The stratified
// permutation test of a positive ρ (stratifiedSpearman, orderMattersPerms
// permutations from orderMattersPermSeed) is shown beside, not judged.
const (
	orderMattersMinPoints = 10
	orderMattersPerms     = 9999
	orderMattersPermSeed  = 0x6f6d // "om"
	orderMattersBoot      = 9999
	orderMattersBootSeed  = 0x6f6d62 // "omb"
)

// orderMattersDesignN returns the points a stratum needs for 80% power
// that its 95% interval of Spearman's ρ excludes level when the true ρ is
// rho: with Fisher's z and Bonett and Wright's variance (1 + ρ²/2)/(n − 3)
// of Spearman's,
//
//	n = 3 + (1 + ρ²/2) · ((z_{0.975} + z_{0.8}) / (atanh(level) − atanh(ρ)))²,
//
// rounded up. orderMattersStratumMin is its value at the exploratory
// seeds' mean within-stratum ρ of 0.09 against orderMattersLevel.
func orderMattersDesignN(rho, level float64) int {
	const z = 1.959963984540054 + 0.8416212335729143
	d := math.Atanh(level) - math.Atanh(rho)
	return 3 + int(math.Ceil((1+rho*rho/2)*(z/d)*(z/d)))
}

// orderMattersRule is the goal's rule (see the constants above).
var orderMattersRule = Rule{Claim: orderMattersID, Goal: true, Parts: []RulePart{{
	Name:     "order-matters-rank",
	Sentence: "on average over the strata (each data set and model under each batching), the σ*² ratio (random over greedy) ranks the settings as greedy's gain over RR in mean test accuracy does: a strong agreement, ρ ≥ 0.8",
	Statistic: "mean over the strata of at least 11 points of Spearman's ρ between the σ*² ratio and the greedy − RR gap in mean test accuracy over the epochs; " +
		"95% percentile interval of 9999 bootstrap replicates resampling the points within each stratum; a stratum of fewer than 11 points is set aside, and nothing is measured where the strata kept hold fewer than 10 points in all",
	Test: Superiority, Side: Above, Threshold: orderMattersLevel, Each: Every,
}}}

// orderMattersJudge judges the mean within-stratum ρ's interval iv, with
// counted points in the strata tested and the bootstrap p-values pAbove
// and pBelow of its lying above and below the level, by orderMattersRule:
// with fewer than orderMattersMinPoints points, or no ρ, it measured
// nothing (NotCheckable).
func orderMattersJudge(counted int, iv Interval, pAbove, pBelow float64) (Judgement, error) {
	if counted < orderMattersMinPoints || math.IsNaN(iv.Mean) || math.IsNaN(iv.Lo) || math.IsNaN(iv.Hi) {
		iv.N, pAbove, pBelow = 0, 1, 1
	}
	return orderMattersRule.Judge(Measures{"order-matters-rank": {{Iv: iv, HasP: true, PHold: pAbove, PFail: pBelow}}}, nil)
}

// OrderMattersPoint is one setting under one batching: the σ*² ratio of
// a random order to greedy's and greedy's paired gain over RR.
type OrderMattersPoint struct {
	// Setting names the data set, model, batch size, momentum and rate;
	// Model the data set and model alone; Batching the batching, the
	// stratum of the test.
	Setting, Model, Batching string
	// Ratio is the σ*² of a random order over greedy's, geometric mean
	// over epochs and seeds.
	Ratio float64
	// Final and Mean are greedy − RR in final test accuracy and in the
	// mean over the epochs, points, paired over seeds with t-based 95%
	// intervals.
	Final, Mean Interval
}

// OrderMattersFindings is what the order-matters claim shows: the points,
// each run counted once, the mean within-stratum ρ of the ratio against
// the mean-accuracy gain with its bootstrap interval (strata: each data
// set and model under each batching, of at least orderMattersStratumMin
// points), judged against orderMattersLevel, and the stratified
// permutation tests shown beside.
type OrderMattersFindings struct {
	Points []OrderMattersPoint
	// Duplicates is the number of settings left out because their runs
	// are those of an earlier setting (the sweep's cell at the tuned
	// setting's batch size, momentum and rates).
	Duplicates int
	// SetAside names the strata of fewer than orderMattersStratumMin
	// points, with their numbers of points: not strata, not tested.
	SetAside []string
	// Test and TestFinal are stratifiedSpearman of the ratio against the
	// mean-accuracy and the final-accuracy gain over the points of the
	// strata tested: ρ per stratum, their mean (judged through Interval),
	// ρ pooled over those points and the permutation p-values (shown).
	Test, TestFinal StratifiedTest
	// Interval is the mean within-stratum ρ of Test (its Mean) with its
	// 95% stratified bootstrap percentile interval (stratifiedBootstrap),
	// and PAbove and PBelow the bootstrap p-values of "above" and "below
	// orderMattersLevel".
	Interval       Interval
	PAbove, PBelow float64
	// Counted is the number of points in the strata that have a ρ
	// (stratumPoints of Test): the points the test sees, compared with
	// orderMattersMinPoints.
	Counted int
	// Verdict is orderMattersRule's (judgement).
	Verdict   Verdict
	judgement Judgement

	// settings are the settings counted, for the protocol.
	settings []*Table1Result
}

// sameRuns reports whether the results of a and b are the same training
// runs (the first seeds of the one with more): their cache keys agree
// apart from the orders and the number of seeds.
func sameRuns(a, b Table1Config) bool {
	return reflect.DeepEqual(a.runKey("RR", "standard", "", 0, 0), b.runKey("RR", "standard", "", 0, 0))
}

// distinctSettings returns the settings of r whose runs no earlier
// setting has, and how many it left out.
func (r *OrderMattersResult) distinctSettings() (kept []*Table1Result, dropped int) {
	for _, s := range r.Settings {
		if slices.ContainsFunc(kept, func(k *Table1Result) bool { return sameRuns(k.Config, s.Config) }) {
			dropped++
			continue
		}
		kept = append(kept, s)
	}
	return kept, dropped
}

// Findings returns what r shows. It returns an error if r is not of the
// shape of its config.
func (r *OrderMattersResult) Findings() (*OrderMattersFindings, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	f := &OrderMattersFindings{}
	settings, dropped := r.distinctSettings()
	f.Duplicates, f.settings = dropped, settings
	for _, s := range settings {
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
			gap := func(at func([]float64) float64) Interval {
				return pairedInterval(s.accs("greedy", b, at), s.accs("RR", b, at), 100)
			}
			p.Final, p.Mean = gap(finalAcc), gap(meanAcc)
			f.Points = append(f.Points, p)
		}
	}
	ratios, means, finals, strata := f.tested()
	f.Test = stratifiedSpearman(ratios, means, strata, orderMattersPerms, orderMattersPermSeed)
	f.TestFinal = stratifiedSpearman(ratios, finals, strata, orderMattersPerms, orderMattersPermSeed)
	f.Counted = stratumPoints(f.Test)
	f.Interval, f.PAbove, f.PBelow = stratifiedBootstrap(ratios, means, strata, orderMattersLevel, orderMattersBoot, orderMattersBootSeed)
	var err error
	if f.judgement, err = orderMattersJudge(f.Counted, f.Interval, f.PAbove, f.PBelow); err != nil {
		return nil, err
	}
	f.Verdict = f.judgement.Verdict
	return f, nil
}

// tested returns columns of the points of the strata of at least
// orderMattersStratumMin points, and sets f.SetAside to the others.
func (f *OrderMattersFindings) tested() (ratios, means, finals []float64, strata []string) {
	n := map[string]int{}
	var order []string
	for _, p := range f.Points {
		if n[p.stratum()] == 0 {
			order = append(order, p.stratum())
		}
		n[p.stratum()]++
	}
	f.SetAside = nil
	for _, s := range order {
		if n[s] < orderMattersStratumMin {
			f.SetAside = append(f.SetAside, fmt.Sprintf("%s (%s)", s, nOf(n[s], "point")))
		}
	}
	r, m, fi, st := f.columns()
	for i := range r {
		if n[st[i]] >= orderMattersStratumMin {
			ratios, means, finals, strata = append(ratios, r[i]), append(means, m[i]), append(finals, fi[i]), append(strata, st[i])
		}
	}
	return ratios, means, finals, strata
}

// columns returns the ratios, mean gains, final gains and strata (data
// set, model and batching) of f's points.
func (f *OrderMattersFindings) columns() (ratios, means, finals []float64, strata []string) {
	for _, p := range f.Points {
		ratios, means, finals = append(ratios, p.Ratio), append(means, p.Mean.Mean), append(finals, p.Final.Mean)
		strata = append(strata, p.stratum())
	}
	return ratios, means, finals, strata
}

// stratumPoints returns the number of points of t's strata that have a
// ρ: those the stratified test sees. A stratum of fewer than 3 points, or
// with a constant x or y, drops out and is not counted.
func stratumPoints(t StratifiedTest) int {
	n := 0
	for k, r := range t.Rho {
		if !math.IsNaN(r) {
			n += t.N[k]
		}
	}
	return n
}

// stratum is the stratum of p in the test: its data set and model under
// its batching, so that neither the batching nor the data set alone can
// make the correlation (Simpson's paradox).
func (p OrderMattersPoint) stratum() string { return p.Model + ", " + p.Batching }

// testText says what a stratified test shows: ρ per stratum, their mean
// with its p-values, and ρ pooled.
func testText(t StratifiedTest) string {
	var per []string
	for k, name := range t.Strata {
		per = append(per, fmt.Sprintf("%s %.2f (%d points)", name, t.Rho[k], t.N[k]))
	}
	return fmt.Sprintf("ρ within each data set, model and batching %s, mean %.2f over the strata tested (stratified permutation test, one-sided p = %.3g for a positive and %.3g for a negative correlation); pooled over their points %.2f (not tested)",
		strings.Join(per, ", "), t.Stat, t.P, t.PLow, t.Pooled)
}

// Outcome renders the findings: a row per point, the two charts (a series
// per model and batching) and the verdict with ρ and its p-value. It
// returns an error if r is not of the shape of its config.
func (r *OrderMattersResult) Outcome() (*Outcome, error) {
	f, err := r.Findings()
	if err != nil {
		return nil, err
	}
	out := Outcome{}
	out.judged(&orderMattersRule, f.judgement)
	meanChart, finalChart := orderMattersCharts(f)
	out.Rows = orderMattersRows(f)
	out.addChart("order-matters-mean", "The settings ranked by greedy's gain over RR (mean accuracy over epochs) against their rank by the σ*² ratio, within each stratum", meanChart)
	out.addChart("order-matters-final", "The settings ranked by greedy's gain over RR (final accuracy) against their rank by the σ*² ratio, within each stratum", finalChart)
	out.Summary = fmt.Sprintf("over %d settings × batchings (each run counted once), Spearman's ρ between the σ*² ratio (random / greedy) and greedy's gain over RR in mean accuracy over the epochs: mean within-stratum ρ %s, judged against the goal's %g; %s. In final accuracy (shown): %s",
		len(f.Points), orderMattersIvText(f), orderMattersLevel, testText(f.Test), testText(f.TestFinal))
	if len(f.SetAside) > 0 {
		out.Summary += fmt.Sprintf(". Set aside, not strata (fewer than %d points): %s", orderMattersStratumMin, strings.Join(f.SetAside, ", "))
	}
	ceil := strataCeilingsOf(f)
	out.Summary += ". " + noiseCeilings(f, ceil)
	out.Brief = fmt.Sprintf("mean within-stratum ρ(σ*² ratio, greedy's gain) %s (goal: above %g); permutation p = %.2g for ρ > 0; not in the paper", orderMattersIvText(f), orderMattersLevel, f.Test.P)
	out.Decides = &Decider{Name: "mean within-stratum Spearman ρ(σ*² ratio, greedy's gain), 95% stratified bootstrap interval", Ours: orderMattersIvText(f) + "; " + noiseCeilingsShort(ceil), Paper: fmt.Sprintf("above %g", orderMattersLevel)}
	if out.Verdict == NotCheckable {
		out.Summary += fmt.Sprintf(" (needs %d points in strata of at least %d with a spread; %d of the %d are)", orderMattersMinPoints, orderMattersStratumMin, f.Counted, len(f.Points))
	}
	out.Details = orderMattersDetails(f)
	out.Protocol = orderMattersProtocol(f)
	return &out, nil
}

// Noise ceiling draws: replicates of rankCeiling, from a fixed seed.
const (
	orderMattersCeilingDraws = 4000
	orderMattersCeilingSeed  = 41
)

// rankCeiling returns the noise ceiling of Spearman's ρ over points: the
// mean, over draws replicates from seed, of ρ between the points' gaps
// (in mean accuracy over the epochs) and the same gaps measured once more,
// each with normal noise of its own standard error. It is the ρ a ranking
// that ordered the true gaps perfectly would be expected to show against
// gaps measured with this noise. The measured gaps stand in for the true ones,
// whose spread is smaller by the noise, so it overstates the ceiling: the
// true one is about this or lower. NaN for fewer than 3 points or a gap
// without a finite standard error.
func rankCeiling(points []OrderMattersPoint, draws int, seed uint64) float64 {
	if len(points) < 3 {
		return math.NaN()
	}
	gaps := make([]float64, len(points))
	for i, p := range points {
		if math.IsNaN(p.Mean.SE) || math.IsInf(p.Mean.SE, 0) {
			return math.NaN()
		}
		gaps[i] = p.Mean.Mean
	}
	rnd := rand.New(rand.NewPCG(seed, 0))
	again := make([]float64, len(points))
	var sum float64
	for range draws {
		for i, p := range points {
			again[i] = gaps[i] + p.Mean.SE*rnd.NormFloat64()
		}
		sum += spearman(gaps, again)
	}
	return sum / float64(draws)
}

// strataCeilings are the noise ceilings of the strata f tested (those
// with a ρ): their names, ρ and rankCeiling.
type strataCeilings struct {
	names     []string
	rho, ceil []float64
}

// strataCeilingsOf simulates the noise ceiling of each stratum f tested.
func strataCeilingsOf(f *OrderMattersFindings) strataCeilings {
	var c strataCeilings
	for k, name := range f.Test.Strata {
		if math.IsNaN(f.Test.Rho[k]) {
			continue
		}
		c.names, c.rho = append(c.names, name), append(c.rho, f.Test.Rho[k])
		c.ceil = append(c.ceil, rankCeiling(f.pointsIn(name), orderMattersCeilingDraws, orderMattersCeilingSeed))
	}
	return c
}

// noiseCeilings says, per stratum tested, the noise ceiling of its ρ
// (c, from strataCeilingsOf(f)) beside its ρ, and their mean against the
// goal's level:
// where that mean is below the level, a ranking that ordered the true
// gaps perfectly would be expected to fall short of a met on gaps
// measured so; and whether the judged interval lies wholly below that
// mean, which such a ranking would rarely give.
func noiseCeilings(f *OrderMattersFindings, c strataCeilings) string {
	names, rho, ceil := c.names, c.rho, c.ceil
	if len(names) == 0 {
		return "Noise ceiling: no stratum tested"
	}
	var per []string
	for k, name := range names {
		if math.IsNaN(ceil[k]) {
			per = append(per, fmt.Sprintf("%s: not measured (its gaps lack standard errors)", name))
			continue
		}
		per = append(per, fmt.Sprintf("%s: about %.2f (ρ %.2f)", name, ceil[k], rho[k]))
	}
	s := fmt.Sprintf("Noise ceiling (reported, not judged; the verdict is on the gaps as measured): the ρ a ranking that ordered the true gaps perfectly would be expected to show against gaps measured with this noise: the mean Spearman ρ, over %d draws, between the measured gaps, standing in for the true ones, and the same gaps drawn again with each one's noise (normal, its standard error); the true gaps spread less than the measured, so it is if anything lower: %s", orderMattersCeilingDraws, strings.Join(per, "; "))
	if m := floats.Sum(ceil) / float64(len(ceil)); !math.IsNaN(m) {
		if m < orderMattersLevel {
			s += fmt.Sprintf("; their mean, about %.2f, is below the goal's %g: on gaps measured with this noise a ranking that ordered the true gaps perfectly would be expected to fall short of a met, mostly reading inconclusive", m, orderMattersLevel)
		} else {
			s += fmt.Sprintf("; their mean, about %.2f, is above the goal's %g", m, orderMattersLevel)
		}
		if f.Interval.Hi < m {
			s += fmt.Sprintf("; the mean ρ's interval lies wholly below that mean (its upper end %+.2f), which such a ranking would rarely give: the σ*² ratio ranks the gaps worse than their noise alone allows", f.Interval.Hi)
		}
	}
	return s
}

// noiseCeilingsShort gives the strata's noise ceilings c in a few words,
// for the front table.
func noiseCeilingsShort(c strataCeilings) string {
	var per []string
	for k, name := range c.names {
		if !math.IsNaN(c.ceil[k]) {
			per = append(per, fmt.Sprintf("%s %.2f", name, c.ceil[k]))
		}
	}
	if len(per) == 0 {
		return "noise ceiling not measured"
	}
	return "the ρ a ranking of the true gaps would be expected to show on gaps this noisy (noise ceiling, reported): about " + strings.Join(per, ", ")
}

// pointsIn returns f's points in stratum name.
func (f *OrderMattersFindings) pointsIn(name string) []OrderMattersPoint {
	var pts []OrderMattersPoint
	for _, p := range f.Points {
		if p.stratum() == name {
			pts = append(pts, p)
		}
	}
	return pts
}

// orderMattersDetails says where the σ*² ratio is largest and where
// greedy gains most.
func orderMattersDetails(f *OrderMattersFindings) string {
	var b strings.Builder
	if len(f.Points) > 0 {
		ratios, means, _, _ := f.columns()
		lo, hi, best := floats.MinIdx(ratios), floats.MaxIdx(ratios), floats.MaxIdx(means)
		pts := f.Points
		fmt.Fprintf(&b, "The σ*² ratio ranges from %.3g (%s) to %.3g (%s); greedy's largest gain in mean accuracy over the epochs is %s points (%s). ",
			pts[lo].Ratio, pts[lo].Setting, pts[hi].Ratio, pts[hi].Setting, pts[best].Mean.Text(), pts[best].Setting)
		if best == hi {
			b.WriteString("The setting where greedy's order shrinks σ*² most is the one where it gains most.")
		} else {
			b.WriteString("The setting where greedy's order shrinks σ*² most is not the one where it gains most.")
		}
	}
	return b.String()
}

// orderMattersProtocol returns the protocol's lines.
func orderMattersProtocol(f *OrderMattersFindings) []string {
	return []string{
		fmt.Sprintf("Settings: the runs of table-1-study, its settings at RR's tuned rates (RR and greedy at the same rates, so a gap is the order's alone, not a rate's; the study's runs of greedy at greedy's own tuned rates are not used here) and every setting of its sweep that did not diverge, each run counted once (%d sweep setting(s) whose runs are those of a tuned setting left out): %s.", f.Duplicates, strings.Join(orderMattersSettingNames(f.settings), "; ")),
		"σ*² ratio: in every epoch of every greedy run, max_k φ²_{r,k} of a fresh random permutation of the batches over that of greedy's order, on the same batch gradients (see the table-1 protocol); geometric mean over epochs and seeds.",
		"Gaps: greedy minus RR, paired by seed, in final test accuracy and in the mean test accuracy over the epochs (the area under the curve); mean and t-based 95% interval over the seeds.",
		fmt.Sprintf("Verdict: \"ranks the settings as the gain does\" is a strong agreement of the rankings, ρ ≥ %g (the claim's first rule, set before any result). The statistic is the mean over the strata (each data set and model under each batching) of Spearman's ρ within the stratum, between the ratio and the mean-accuracy gap; its 95%% interval is the percentile interval of %d bootstrap replicates that resample the points with replacement within each stratum, never across (a fixed seed). With at least %d points in the strata tested, goal met if the interval lies above %g, not met if it lies below, inconclusive otherwise. A stratum needs at least %d points, the points for 80%% power to exclude %g at the exploratory mean ρ of 0.09 (Fisher's z, Bonett and Wright's variance); a smaller one is not a stratum, is set aside and named, and is not tested (the Fashion-MNIST CNN has one point per batching unless its sweep runs: OrderMattersConfig.SweepEvery, 216 paper-scale CNN runs). Points per stratum tested: %s. The stratified permutation test of a positive ρ (the gaps permuted within each stratum; %d permutations from a fixed seed) and ρ pooled over the points are shown, not judged. The paper does not run this comparison: this is our question about Theorem 1's implication, not a number of the paper. Changed before the confirmatory pass: the goal can fail (before, \"not met\" needed a ρ shown negative), strata need %d points (before 3).", orderMattersLevel, orderMattersBoot, orderMattersMinPoints, orderMattersLevel, orderMattersStratumMin, orderMattersLevel, strataCounts(f.Test), orderMattersPerms, orderMattersStratumMin),
		"Rule history: until 2026-11-24 the goal was met if the pooled ρ was at least 0.8; from 2026-11-24 to 2026-11-26, if the pooled ρ was positive with a pooled one-sided permutation p below 0.05 (not met if ρ ≤ 0). It changed on 2026-11-26 (issue 28), after the results were known, because pooling the batchings made the correlation: same-class batching gives both larger σ*² ratios and larger gains, so the batching alone correlates with the gain, while within each batching ρ was small (Simpson's paradox); and the tuned MNIST setting and the sweep's cell at its batch size, momentum and rates are the same runs, which were counted twice. On 2026-11-26, after the referee read the verdicts (issue 28), the strata became each data set and model under each batching instead of each batching: both batching strata held the Fashion-MNIST tuned points beside the MNIST sweep's, so a difference between the data sets could still make the correlation (Simpson's paradox again). Later on 2026-11-26, after a second referee's read and with the paper-scale results known, the minimum of 10 points counts only the points of strata that have a ρ; before, it counted every point, including those of strata that drop out (the Fashion-MNIST tuned setting's one point per stratum).",
	}
}

// orderMattersRows returns a row per point: its σ*² ratio and gaps.
func orderMattersRows(f *OrderMattersFindings) []Row {
	var rows []Row
	for _, p := range f.Points {
		rows = append(rows, Row{
			Quantity: p.Setting + ": σ*² ratio (random / greedy); greedy − RR final; mean over epochs (points, 95% t-intervals)",
			Paper:    "(not in the paper)",
			Ours:     fmt.Sprintf("%.3g; %s; %s", p.Ratio, p.Final.Text(), p.Mean.Text()),
		})
	}
	return rows
}

// orderMattersIvText formats the judged statistic: "0.09 [-0.30, +0.46]
// (stratified bootstrap, 36 points)".
func orderMattersIvText(f *OrderMattersFindings) string {
	if math.IsNaN(f.Interval.Mean) {
		return fmt.Sprintf("n/a (no stratum of at least %d points with a spread)", orderMattersStratumMin)
	}
	return fmt.Sprintf("%.2f [%+.2f, %+.2f] (stratified bootstrap, %s)", f.Interval.Mean, f.Interval.Lo, f.Interval.Hi, nOf(f.Counted, "point"))
}

// orderMattersSettingNames names settings.
func orderMattersSettingNames(settings []*Table1Result) []string {
	var names []string
	for _, s := range settings {
		names = append(names, fmt.Sprintf("%s %s, %d training images, %d epochs, batch %d, momentum %g, rates %g and %g, %d seeds",
			table1DataName(s.Config.Dataset), table1Model(s.Config), s.Train, s.Config.Epochs, s.Config.BatchSize, s.Config.Momentum, s.Config.LRStandard, s.Config.LRSameClass, s.Config.Seeds))
	}
	return names
}

// orderMattersCharts returns the charts of what the ρ judges: within each
// stratum tested (a data set and model under a batching), the settings'
// rank by their σ*² ratio against their rank by greedy's gain over RR in
// mean accuracy over the epochs or in final accuracy, a panel per stratum
// with the line of the same order (ρ = 1). In the title, the mean
// within-stratum ρ with the verdict's interval (mean accuracy) or the
// stratified permutation p-value (final accuracy, shown). Ranks, not
// values: a few settings' gains of 10-30 points beside most within one
// point leave the values' ranking unreadable on a linear axis; each
// setting's ratio and gaps with their 95% intervals are the report's rows.
func orderMattersCharts(f *OrderMattersFindings) (mean, final *chart.Panels) {
	mean, final = &chart.Panels{}, &chart.Panels{}
	const same = "the same order (ρ = 1)"
	aside := ""
	if len(f.SetAside) > 0 {
		aside = "; set aside, not strata: " + strings.Join(f.SetAside, ", ")
	}
	// The strata tested; with none (a scale too small), every stratum the
	// points have, so that the chart still shows them.
	drawn := f.Test.Strata
	if len(drawn) == 0 {
		for _, p := range f.Points {
			if !slices.Contains(drawn, p.stratum()) {
				drawn = append(drawn, p.stratum())
			}
		}
	}
	rhoOf := func(t StratifiedTest, st string, n int) string {
		if k := slices.Index(t.Strata, st); k >= 0 && !math.IsNaN(t.Rho[k]) {
			return fmt.Sprintf("ρ %.2f", t.Rho[k])
		}
		return fmt.Sprintf("ρ n/a (%s)", nOf(n, "point"))
	}
	var ratios, means, finals []float64
	var strata []string
	for _, st := range drawn {
		var x, ym, yf []float64
		runs := 0
		for _, p := range f.Points {
			if p.stratum() == st {
				x, ym, yf = append(x, p.Ratio), append(ym, p.Mean.Mean), append(yf, p.Final.Mean)
				runs = max(runs, p.Mean.N)
			}
		}
		ratios, means, finals = append(ratios, x...), append(means, ym...), append(finals, yf...)
		for range x {
			strata = append(strata, st)
		}
		n := float64(len(x))
		for _, c := range []struct {
			p   *chart.Panels
			y   []float64
			rho string
		}{{mean, ym, rhoOf(f.Test, st, len(x))}, {final, yf, rhoOf(f.TestFinal, st, len(x))}} {
			lc := &chart.LineChart{
				Title:    st + " batching: " + c.rho,
				XLabel:   "rank of σ*², random / greedy",
				YLabel:   "rank of the gap (1 = smallest)",
				IntegerX: true,
				IntegerY: true,
				ExactX:   "ties: mean rank",
				Series: []chart.Series{
					{Name: "a setting", X: ranks(x), Y: ranks(c.y), Points: true, Runs: runs,
						NoSpread: fmt.Sprintf("ranks of means of up to %d runs: each setting's gaps with their 95%% intervals are the report's rows", runs)},
					{Name: same, X: []float64{1, n}, Y: []float64{1, n}, Dashed: true, Colour: 7},
				},
			}
			c.p.Panels = append(c.p.Panels, lc)
		}
	}
	for _, c := range []struct {
		p      *chart.Panels
		y      []float64
		st     StratifiedTest
		what   string
		judged *Interval
	}{{mean, means, f.Test, "mean accuracy over the epochs", &f.Interval}, {final, finals, f.TestFinal, "final accuracy", nil}} {
		c.p.Title = "Greedy − RR, " + c.what + ", ranked within each stratum: " + rhoText(ratios, c.y, strata, c.st, c.judged) + aside
	}
	return mean, final
}

// rhoText is the mean over the strata (strata names each point's) of
// Spearman's ρ of y against x, with the findings' stratified test st, or
// the verdict's interval judged of it if not nil: "mean ρ 0.10 (p 0.3,
// shown)" or "mean ρ 0.10 [-0.30, +0.46] (judged, goal above 0.8)"; with
// one stratum, that stratum's ρ with its one-sided permutation p-value,
// "ρ 0.40 (p 0.03)" or "ρ n/a (2 points)". Each stratum's ρ and the
// pooled one are in the report's rows and summary.
func rhoText(x, y []float64, strata []string, st StratifiedTest, judged *Interval) string {
	if !slices.ContainsFunc(strata, func(b string) bool { return b != strata[0] }) {
		if len(x) < 3 {
			return fmt.Sprintf("ρ n/a (%s)", nOf(len(x), "point"))
		}
		one := stratifiedSpearman(x, y, make([]string, len(x)), orderMattersPerms, orderMattersPermSeed)
		return fmt.Sprintf("ρ %.2f (p %.2g)", one.Rho[0], one.P)
	}
	switch {
	case math.IsNaN(st.Stat):
		return "mean ρ n/a"
	case judged != nil:
		return fmt.Sprintf("mean ρ %.2f [%+.2f, %+.2f] (judged, goal above %g)", st.Stat, judged.Lo, judged.Hi, orderMattersLevel)
	}
	return fmt.Sprintf("mean ρ %.2f (p %.2g, shown)", st.Stat, st.P)
}
