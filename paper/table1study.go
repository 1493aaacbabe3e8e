// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"math"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
)

// # The claim

// table1StudyClaim is Table 1's mechanism at learning rates tuned on
// held-out images; its protocol, runs and findings are in
// table1studyrun.go, shared with order-matters.
var table1StudyClaim = Claim{
	ID:    table1StudyID,
	Where: "Section 6.1, Table 1: the mechanism behind it, at learning rates tuned on held-out data",
	Statement: "Same-class batching makes random reshuffling lose accuracy (73.46% against 92.72% with standard batching, " +
		"in the reading of its text), and the greedy order of Algorithm 2 wins most of that loss back (88.43%: a recovery of " +
		"(88.43 - 73.46)/(92.72 - 73.46) = 0.78); with standard batching greedy and RR are equal (92.67 and 92.72).",
	Run:  claimRun(Table1StudyConfig{}.At, Table1StudyConfig.Run, (*Table1StudyResult).Outcome),
	Skip: func(s Scale, _ *Env) string { return table1StudySkip(s) },
}

// # The outcome

// Outcome renders the findings: the verdict and its words, a row per
// setting and per sweep setting, the tuning grids and the sweep's maps.
func (r *Table1StudyResult) Outcome() (*Outcome, error) {
	f, err := r.Findings()
	if err != nil {
		return nil, err
	}
	c := r.Config
	out := &Outcome{Verdict: f.Verdict}
	var parts []string
	for i, s := range f.Settings {
		parts = append(parts, fmt.Sprintf("%s at tuned rates %g (standard) and %g (same-class): %s, %s", f.Names[i], f.Tuned[i][0], f.Tuned[i][1], s.Verdict, s.text()))
		rrT, _ := r.Settings[i].Main.cell("RR", "standard")
		rrS, _ := r.Settings[i].Main.cell("RR", "same-class")
		grS, _ := r.Settings[i].Main.cell("greedy", "same-class")
		grT, _ := r.Settings[i].Main.cell("greedy", "standard")
		fx, _ := r.Settings[i].Control.cell("RR fixed", "standard")
		out.Rows = append(out.Rows,
			Row{Quantity: f.Names[i] + ": tuned learning rate, standard; same-class", Paper: "0.1; 0.01 (not tuned)", Ours: fmt.Sprintf("%g; %g", f.Tuned[i][0], f.Tuned[i][1])},
			Row{Quantity: f.Names[i] + ": final test accuracy %, RR standard; RR same-class; greedy same-class; greedy standard; RR fixed standard", Paper: "92.72; 73.46; 88.43; 92.67; (not run)",
				Ours: fmt.Sprintf("%.2f; %.2f; %.2f; %.2f; %.2f", rrT.Mean, rrS.Mean, grS.Mean, grT.Mean, fx.Mean)},
			Row{Quantity: f.Names[i] + ": RR's loss from same-class batching, points (95% interval)", Paper: "+19.26", Ours: fmt.Sprintf("%s: %s", s.Loss, s.Hurts)},
			Row{Quantity: f.Names[i] + ": greedy − RR, same-class; recovery", Paper: fmt.Sprintf("+14.97; %.2f", table1PaperRecovery), Ours: fmt.Sprintf("%s; %.2f: %s", s.Gain, s.Recovery, s.SameClass)},
			Row{Quantity: f.Names[i] + ": greedy − RR, standard", Paper: "−0.05 (a tie)", Ours: fmt.Sprintf("%s: %s", s.Tie, s.Standard)},
			Row{Quantity: f.Names[i] + ": control, greedy − RR fixed; RR − RR fixed (standard)", Paper: "(not run)", Ours: fmt.Sprintf("%s; %s", s.OrderOnly, s.Recut)},
			Row{Quantity: f.Names[i] + ": verdict", Paper: "-", Ours: s.Verdict.String()},
		)
		out.addChart(fmt.Sprintf("%s-tuning-%d", table1StudyID, i+1), "Tuning on held-out images, "+f.Names[i], r.tuningChart(i, f.Names[i]))
	}
	var regime []string
	for _, sf := range f.Sweep {
		ours := "diverged"
		if !sf.Diverged {
			ours = fmt.Sprintf("RR loss %s, greedy gain %s, recovery %.2f; before the first decay: loss %s, gain %s, recovery %.2f",
				sf.Loss, sf.Gain, sf.Recovery, sf.LossEarly, sf.GainEarly, sf.RecoveryEarly)
		}
		out.Rows = append(out.Rows, Row{Quantity: "sweep, " + f.Names[0] + ", " + sf.name(), Paper: "(not run)", Ours: ours})
		if sf.Regime {
			w := "greedy recovers at least half"
			if !sf.Recovers {
				w = "greedy recovers less than half"
			}
			regime = append(regime, sf.name()+" ("+w+")")
		}
	}
	sweep := fmt.Sprintf("the sweep (%s, %d settings, %d seeds) finds RR losing at least %d points to same-class batching nowhere", f.Names[0], len(f.Sweep), c.SweepSeeds, table1Regime)
	if len(regime) > 0 {
		sweep = fmt.Sprintf("the sweep (%s, %d settings, %d seeds) finds RR losing at least %d points to same-class batching at %s", f.Names[0], len(f.Sweep), c.SweepSeeds, table1Regime, strings.Join(regime, "; "))
	}
	out.Summary = strings.Join(parts, ". ") + ". Beyond the paper's settings, " + sweep
	for k, m := range []struct {
		base, title, value string
		of                 func(Table1SweepFindings) float64
	}{
		{"loss", "RR's loss from same-class batching after the last epoch (points)", "points RR loses", func(sf Table1SweepFindings) float64 { return sf.Loss.Mean }},
		{"loss-early", "RR's loss from same-class batching before the first decay (points)", "points RR loses", func(sf Table1SweepFindings) float64 { return sf.LossEarly.Mean }},
		{"recovery", "Greedy's recovery of RR's same-class loss after the last epoch (n/a: under 1 point to recover)", "share greedy wins back", func(sf Table1SweepFindings) float64 {
			if sf.Loss.Mean < table1Hurt {
				return math.NaN()
			}
			return sf.Recovery
		}},
	} {
		h := r.sweepChart(f, m.title, m.of, k == 2)
		h.ValueLabel = m.value
		out.addChart(table1StudyID+"-sweep-"+m.base, m.title, h)
	}
	out.Protocol = []string{
		fmt.Sprintf("Tuning: for each setting and batching, RR's final accuracy on the last %d training images, held out (they never train), over the learning rates %s, %d run(s) each; the best rate of each batching is used by every order. The test set is read only by the runs at the tuned rates.", c.Holdout, joinFloats(c.Grid), c.TuneSeeds),
		fmt.Sprintf("At the tuned rates: RR and greedy under both batchings and RR fixed under standard batching, %d seeds, trained on the training images not held out; the rest of each setting's protocol is table-1's (momentum, schedule, epochs, batch size: see the table-1 and table-1-fashion sections, whose untuned rates 0.1 and 0.01 are the paper's).", c.Seeds),
		table1Rule(),
		fmt.Sprintf("Sweep around %s: batch sizes %s, momenta %s, %s times the tuned rates; RR and greedy under both batchings, %d seeds; accuracy after the last epoch and before the first decay of the learning rate. A setting is in the paper's regime if RR loses at least %d points (mean) at either epoch; greedy recovers if it wins back at least %g of that loss there.",
			f.Names[0], joinInts(c.BatchSizes), joinFloats(c.Momenta), joinFloats(c.Multipliers), c.SweepSeeds, table1Regime, table1Recovery),
		"A run whose training loss stops being finite ends its setting's runs, which are then reported as diverged.",
	}
	return out, nil
}

// tuningChart draws RR's validation accuracy against the learning rate,
// one line per batching, for setting i.
func (r *Table1StudyResult) tuningChart(i int, name string) chart.Chart {
	lc := &chart.LineChart{
		Title:  fmt.Sprintf("Tuning, %s: RR's final accuracy on %d held-out images", name, r.Config.Holdout),
		XLabel: "learning rate", YLabel: "validation accuracy (%)", LogX: true,
	}
	for _, b := range table1Batchings {
		var x, y []float64
		for _, cell := range r.Settings[i].Tuning {
			if cell.Batching != b {
				continue
			}
			x = append(x, cell.LR)
			// A diverged rate is +Inf: a triangle at the top of the plot.
			m := math.Inf(1)
			if !cell.Diverged {
				m, _ = meanSE(cell.ValAcc)
				m *= 100
			}
			y = append(y, m)
		}
		lc.Series = append(lc.Series, chart.Series{Name: b + " batching (tuned: " + fmt.Sprintf("%g", r.tuned(i, b)) + ")", X: x, Y: y, Markers: true})
	}
	lc.InfLabel = "diverged"
	return lc
}

// tuned returns the tuned learning rate of setting i under batching b.
func (r *Table1StudyResult) tuned(i int, b string) float64 {
	if b == "standard" {
		return r.Settings[i].LRStandard
	}
	return r.Settings[i].LRSameClass
}

// sweepChart draws one number of each sweep setting as a map: a row per
// batch size and momentum, a column per multiple of the tuned rates.
func (r *Table1StudyResult) sweepChart(f *Table1StudyFindings, title string, of func(Table1SweepFindings) float64, recovery bool) *chart.Heatmap {
	c := r.Config
	h := &chart.Heatmap{Title: title, XLabel: "multiple of the tuned learning rates", YLabel: "batch size, momentum", LinearColor: true, Format: "%.1f"}
	if recovery {
		h.Center, h.Format = table1Recovery, "%.2f"
	}
	for _, m := range c.Multipliers {
		h.XTicks = append(h.XTicks, fmt.Sprintf("%g×", m))
	}
	k := 0
	for _, bs := range c.BatchSizes {
		for _, mom := range c.Momenta {
			h.YTicks = append(h.YTicks, fmt.Sprintf("%d, %g", bs, mom))
			row := make([]float64, len(c.Multipliers))
			for j := range row {
				row[j] = math.NaN()
				if sf := f.Sweep[k]; !sf.Diverged {
					row[j] = of(sf)
				}
				k++
			}
			h.Values = append(h.Values, row)
		}
	}
	return h
}
