// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
)

// orderMattersCharts returns the charts of the gains in mean accuracy over
// the epochs and in final accuracy against the σ*² ratio: a series of
// markers per model and batching with error bars of the gaps' 95%
// t-intervals over the seeds, and in the title Spearman's ρ with its
// one-sided permutation p-value per batching and pooled over all points
// (computed here for the chart), and the mean within-batching ρ with the
// findings' stratified p-value, the verdict's test.
func orderMattersCharts(f *OrderMattersFindings) (mean, final *chart.LineChart) {
	xl := "σ*² ratio, random order / greedy (geometric mean)"
	mean = &chart.LineChart{XLabel: xl, YLabel: "gap (points, bars: 95% interval)", LogX: true}
	final = &chart.LineChart{XLabel: xl, YLabel: mean.YLabel, LogX: true}
	series := map[string]int{}
	var ratios, means, finals []float64
	var batchings []string
	for _, p := range f.Points {
		name := p.Model + ", " + p.Batching
		k, ok := series[name]
		if !ok {
			k = len(mean.Series)
			series[name] = k
			mean.Series = append(mean.Series, chart.Series{Name: name, Points: true, Lo: []float64{}, Hi: []float64{}})
			final.Series = append(final.Series, chart.Series{Name: name, Points: true, Lo: []float64{}, Hi: []float64{}})
		}
		for _, c := range []struct {
			s  *chart.Series
			iv Interval
		}{{&mean.Series[k], p.Mean}, {&final.Series[k], p.Final}} {
			c.s.X, c.s.Y = append(c.s.X, p.Ratio), append(c.s.Y, c.iv.Mean)
			c.s.Lo, c.s.Hi = append(c.s.Lo, c.iv.Lo), append(c.s.Hi, c.iv.Hi)
		}
		ratios, means, finals = append(ratios, p.Ratio), append(means, p.Mean.Mean), append(finals, p.Final.Mean)
		batchings = append(batchings, p.Batching)
	}
	mean.Title = "Greedy − RR, mean test accuracy over the epochs, against the σ*² ratio: " + rhoText(ratios, means, batchings, f.Test, true)
	final.Title = "Greedy − RR, final test accuracy, against the σ*² ratio: " + rhoText(ratios, finals, batchings, f.TestFinal, false)
	return mean, final
}

// rhoText is Spearman's ρ of y against x with its one-sided permutation
// p-value, for each batching's points, their mean with the findings'
// stratified test st (judged says whether the verdict uses it), and all of
// them pooled: "ρ (p) standard 0.40 (0.03), same-class ..., mean ...
// (judged), pooled ...".
func rhoText(x, y []float64, batchings []string, st StratifiedTest, judged bool) string {
	var parts []string
	one := func(name string, xs, ys []float64) {
		st := stratifiedSpearman(xs, ys, make([]string, len(xs)), orderMattersPerms, orderMattersPermSeed)
		if len(xs) < 3 {
			parts = append(parts, fmt.Sprintf("%s n/a (%s)", name, nOf(len(xs), "point")))
			return
		}
		parts = append(parts, fmt.Sprintf("%s %.2f (%.2g)", name, st.Rho[0], st.P))
	}
	var seen []string
	for _, b := range batchings {
		if !slices.Contains(seen, b) {
			seen = append(seen, b)
		}
	}
	for _, b := range seen {
		var xs, ys []float64
		for i := range x {
			if batchings[i] == b {
				xs, ys = append(xs, x[i]), append(ys, y[i])
			}
		}
		one(b, xs, ys)
	}
	if len(seen) > 1 {
		w := "shown"
		if judged {
			w = "judged"
		}
		if math.IsNaN(st.Stat) {
			parts = append(parts, "mean n/a")
		} else {
			parts = append(parts, fmt.Sprintf("mean %.2f (%.2g, %s)", st.Stat, st.P, w))
		}
		one("pooled", x, y)
	}
	return "ρ (p) " + strings.Join(parts, ", ")
}
