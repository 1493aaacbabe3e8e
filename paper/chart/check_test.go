// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// TestCheck checks that Check passes charts a reviewer would accept, the
// golden ones and the kinds of the issue fixed (a 10-series chart of
// measured lines and their bounds, an accuracy curve zoomed on its last
// epochs, a +Inf point), and fails a deliberately bad chart for each of
// its findings.
func TestCheck(t *testing.T) {
	ts := []float64{4, 16, 64, 256, 1024, 4096}
	var bound []Series
	for i, o := range []string{"RR", "IG", "greedy", "SGD", "IG sorted"} {
		f := math.Pow(2, float64(i))
		bound = append(bound,
			Series{Name: o + " measured", X: ts, Y: []float64{2 * f, 1 * f, 0.3 * f, 0.1 * f, 0.03 * f, 0.01 * f}, Group: o},
			Series{Name: o + " bound", X: ts, Y: []float64{200 * f, 150 * f, 120 * f, 110 * f, 105 * f, 100 * f}, Group: o, Dashed: true})
	}
	epochs := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	acc := []float64{10, 60, 80, 85, 86, 87, 87.5, 88}
	long := make([]Series, 30)
	for i := range long {
		long[i] = Series{Name: fmt.Sprintf("a series with a name far too long for a legend beside the plot, number %d", i), X: epochs, Y: acc, Points: true}
	}
	for _, tc := range []struct {
		name string
		c    Chart
		want string // in the error; "" for none
	}{
		{"golden line", testCharts()["line"], ""},
		// A legend entry wider than the image: its swatch is cut by the
		// left edge, where its text may still fit.
		{"legend wider than the image", &LineChart{Title: "wide", XLabel: "T", YLabel: "y", Series: []Series{
			{Name: "SGD internally", X: epochs, Y: acc},
			{Name: "a combination (steps chosen for T = 2000): internal, then shuffling from epoch 1306 (partly overlapping), with more words", X: epochs, Y: []float64{5, 50, 70, 80, 81, 82, 83, 84}},
		}}, "edge (ink at its border"},
		{"golden heatmap", testCharts()["heatmap"], ""},
		{"theorem-1-bound like", &LineChart{Title: "bound", XLabel: "T", YLabel: "y", LogX: true, LogY: true, Series: bound}, ""},
		{"zoomed accuracy", &LineChart{Title: "acc", YMin: 84, YMax: 89, Series: []Series{{Name: "RR", X: epochs, Y: acc}}}, ""},
		{"ZoomFrom", func() Chart {
			c := &LineChart{Series: []Series{{Name: "RR", X: epochs, Y: acc, Lo: acc, Hi: acc}, {Name: "greedy", X: epochs, Y: []float64{60, 81, 84.5, 85.5, 86.5, 87.2, 87.8}}}}
			c.Series[1].X = epochs[1:]
			c.ZoomFrom(4)
			if c.XMin >= 4 || c.XMax <= 8 || c.YMin >= 85 || c.YMax <= 88 || c.YMin < 80 {
				t.Errorf("ZoomFrom(4): x [%g, %g], y [%g, %g], want just around [4, 8] and [85, 88]", c.XMin, c.XMax, c.YMin, c.YMax)
			}
			return c
		}(), ""},
		{"solid under dashed", &LineChart{Series: []Series{
			{Name: "measured", X: epochs, Y: acc},
			{Name: "bound", X: epochs, Y: acc, Dashed: true}}}, ""},
		{"crossing lines", &LineChart{Series: []Series{
			{Name: "up", X: epochs, Y: acc},
			{Name: "down", X: epochs, Y: []float64{88, 87.5, 87, 86, 85, 80, 60, 10}}}}, ""},
		{"long y label", &LineChart{Title: "a title", YLabel: "(1/T) Σₜ ‖∇f(xₜ)‖² (mean over runs, band ±2 SE) of a long label",
			Series: []Series{{Name: "RR", X: epochs, Y: acc}}}, ""},
		{"+Inf point", &LineChart{LogY: true, InfLabel: "did not converge", Series: []Series{{Name: "a", X: []float64{1, 2, 3}, Y: []float64{10, 5, math.Inf(1)}, Markers: true}}}, ""},
		// The failing cases.
		{"legend of 30 long names", &LineChart{Series: long}, "the plot keeps"},
		{"two solid lines in one colour", &LineChart{Series: []Series{
			{Name: "RR measured", X: epochs, Y: acc, Group: "RR"},
			{Name: "RR bound", X: epochs, Y: acc, Group: "RR"}}}, `series "RR measured" and "RR bound" are both`},
		{"eleven solid lines", &LineChart{Series: func() []Series {
			ss := make([]Series, len(lineColors)+1)
			for i := range ss {
				ss[i] = Series{Name: fmt.Sprint(i), X: epochs, Y: acc}
			}
			return ss
		}()}, `series "1" and "7" are both drawn as vermillion line and orange line`},
		{"accuracy on 0-100", &LineChart{YMin: 0, YMax: 100, Series: []Series{{Name: "RR", X: epochs[3:], Y: acc[3:]}}}, "of the y axis"},
		{"a series under another of the same data", &LineChart{Series: []Series{
			{Name: "alternating", X: epochs, Y: acc},
			{Name: "greedy", X: epochs, Y: acc}}}, `series "alternating" is hidden`},
		// Markers of the same values are set side by side (dodge).
		{"markers on markers", &LineChart{Series: []Series{
			{Name: "measured", X: epochs, Y: acc, Points: true},
			{Name: "again", X: epochs, Y: acc, Points: true}}}, ""},
		{"markers with bars on markers", &LineChart{LogX: true, LogY: true, Series: []Series{
			{Name: "sketch", X: []float64{1}, Y: []float64{1.29}, Lo: []float64{1.23}, Hi: []float64{1.354}, Points: true, Runs: 10},
			{Name: "mean balance", X: []float64{1.01}, Y: []float64{1.285}, Points: true},
			{Name: "pair balance", X: []float64{0.99}, Y: []float64{1.354}, Points: true},
			{Name: "far", X: []float64{100}, Y: []float64{10}, Points: true}}}, ""},
		{"markers crowded at the left edge", &LineChart{Series: func() []Series {
			ss := make([]Series, 6)
			for i := range ss {
				ss[i] = Series{Name: fmt.Sprint("at the edge ", i), X: []float64{1, 50}, Y: []float64{10, float64(10 + 5*i)}, Points: true}
			}
			return ss
		}()}, ""},
		{"markers on markers at their exact x", &LineChart{ExactX: "markers at exact x, may overlap", Series: []Series{
			{Name: "measured", X: epochs, Y: acc, Points: true},
			{Name: "again", X: []float64{1, 2.05, 3}, Y: acc[:3], Points: true}}}, ""},
		{"markers under markers", &LineChart{Series: []Series{
			{Name: "measured", X: epochs, Y: acc, Points: true},
			{Name: "again", X: epochs, Y: acc, Markers: true}}}, `series "measured" is hidden`},
		{"a marker under a line's marker", &LineChart{Series: []Series{
			{Name: "measured", X: epochs, Y: acc, Points: true},
			{Name: "line", X: epochs, Y: []float64{acc[0], 95, 96, 97, 98, 99, 99.5, 99.7}, Markers: true}}}, `series "measured": its marker at (1, 10) is covered`},
		{"a series off the plot", &LineChart{YMin: 0, YMax: 100, Series: []Series{
			{Name: "RR", X: epochs, Y: []float64{5, 20, 40, 60, 70, 80, 90, 95}},
			{Name: "far", X: epochs, Y: []float64{200, 210, 220, 230, 240, 250, 260, 270}}}}, `series "far" draws 0 pixels`},
		{"a line of one point", &LineChart{Series: []Series{
			{Name: "RR", X: epochs, Y: acc},
			{Name: "one", X: epochs[:1], Y: []float64{50}}}}, `series "one" draws`},
		{"title over the y label", &LineChart{Title: strings.Repeat("a title across the chart ", 16), YLabel: strings.Repeat("a y label far too long for the chart's height ", 8),
			Series: []Series{{Name: "RR", X: epochs, Y: acc}}}, "the title overlaps an axis's label"},
		{"title over a heatmap's y label", &Heatmap{Title: strings.Repeat("a title across the chart ", 16), YLabel: strings.Repeat("a y label far too long for the chart's height ", 8),
			XTicks: []string{"1"}, YTicks: []string{"1"}, Values: [][]float64{{1}}, Center: 1}, "the title overlaps an axis's label"},
		{"points on the frame", &LineChart{YMin: 10, YMax: 88, Series: []Series{{Name: "RR", X: epochs, Y: acc}}}, "points on the frame"},
	} {
		err := Check(tc.c)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrLayout)):
			t.Errorf("%s: error %v, want one with %q wrapping ErrLayout", tc.name, err, tc.want)
		}
	}
	if err := Check(&LineChart{}); !errors.Is(err, ErrChart) {
		t.Errorf("empty chart: %v, want ErrChart", err)
	}
}

// TestCompactPNG checks that CompactPNG is much smaller than PNG and looks
// the same as the full-colour image of its resolution by pngDiffers'
// measure, relaxed to 0.5% of the pixels off by more than 1/16: at 105
// DPI anti-aliased edges are a larger share of the image.
func TestCompactPNG(t *testing.T) {
	for name, c := range testCharts() {
		big, err := PNG(c)
		if err != nil {
			t.Fatal(err)
		}
		full, err := renderStatic(c, "png", CompactDPI)
		if err != nil {
			t.Fatal(err)
		}
		small, err := CompactPNG(c)
		if err != nil {
			t.Fatal(err)
		}
		if len(small) > len(big)/3 {
			t.Errorf("%s: compact PNG %d bytes, PNG %d: want at most a third", name, len(small), len(big))
		}
		if d, err := pngDiffersBy(small, full, 200); err != nil || d != "" {
			t.Errorf("%s: compact PNG differs from the full one: %s %v", name, d, err)
		}
	}
}

// TestLinearTickLabels checks that linear ticks drop trailing zeros
// ("5", not "5.00") unless a label would then need an exponent.
func TestLinearTickLabels(t *testing.T) {
	for _, tc := range []struct {
		min, max float64
		want     string
	}{
		{-0.25, 5.25, "0 2.5 5"},
		{95.7, 96.7, "95.8 96.2 96.6"},
		{0, 0.0004, "0 0.0002 0.0004"}, // as gonum/plot formats them
		// DefaultTicks labels two: every tick gets a label.
		{-3, 28, "0 25 5 10 15 20"},
	} {
		var labels []string
		for _, tk := range linearTicks(tc.min, tc.max) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("[%g, %g]: labels %q, want %q", tc.min, tc.max, got, tc.want)
		}
	}
}

// TestHeatmapHatching checks that a heatmap's annotation drops the minus
// of a value that rounds to zero, that hatching of the wrong shape is
// invalid, and that a hatched heatmap renders, names its hatching and
// passes Check.
func TestHeatmapHatching(t *testing.T) {
	h := &Heatmap{Title: "loss", XTicks: []string{"a", "b"}, YTicks: []string{"r"}, Values: [][]float64{{-0.04, 7}}, LinearColor: true, Center: 5, Format: "%.1f",
		Hatched: [][]bool{{false, true}}, HatchLabel: "the interval spans 5"}
	if got := h.annotation(-0.04); got != "0.0" {
		t.Errorf("annotation of -0.04: %q, want 0.0", got)
	}
	if got := h.annotation(-0.4); got != "-0.4" {
		t.Errorf("annotation of -0.4: %q, want -0.4", got)
	}
	if err := Check(h); err != nil {
		t.Errorf("hatched heatmap: %v", err)
	}
	svg, err := SVG(h)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "hatched") {
		t.Error("the SVG does not say what hatching means")
	}
	bad := *h
	bad.Hatched = [][]bool{{true}}
	if err := Check(&bad); !errors.Is(err, ErrChart) {
		t.Errorf("hatching of one cell for two: %v, want ErrChart", err)
	}
}

// TestPanels checks that Panels render in every format, that Check passes
// panels of labelled points and fails a panel with a hidden series, and
// that the legend lists only the series without a label.
func TestPanels(t *testing.T) {
	panel := func(title string, y2 float64) *LineChart {
		return &LineChart{Title: title, XLabel: "multiply-adds", YLabel: "σ*² ratio", LogX: true, LogY: true, Series: []Series{
			{Name: "greedy (exact)", Label: "greedy", X: []float64{1e8}, Y: []float64{1}, Points: true},
			{Name: "sketched greedy, k = 64", Label: "k = 64", X: []float64{1e6}, Y: []float64{y2}, Points: true},
			{Name: "random reshuffling", X: []float64{50}, Y: []float64{7}, Points: true},
		}}
	}
	good := &Panels{Title: "σ*² against multiply-adds", Panels: []*LineChart{panel("at initialisation", 1.3), panel("after 1 epoch", 1.1)}}
	if err := Check(good); err != nil {
		t.Errorf("good panels: %v", err)
	}
	if es := good.legend(); len(es) != 1 || es[0].name != "random reshuffling" {
		t.Errorf("legend %v, want the one series without a label", es)
	}
	for _, f := range []func(Chart) ([]byte, error){PNG, SVG, CSV, func(c Chart) ([]byte, error) { return HTML(c, "p", "panels") }} {
		if b, err := f(good); err != nil || len(b) == 0 {
			t.Errorf("rendering panels: %d bytes, %v", len(b), err)
		}
	}
	hidden := panel("after 1 epoch", 1.1)
	hidden.Series = append(hidden.Series, Series{Name: "again", X: []float64{50}, Y: []float64{7}, Markers: true})
	bad := &Panels{Title: "t", Panels: []*LineChart{panel("a", 1.3), hidden}}
	if err := Check(bad); err == nil || !strings.Contains(err.Error(), `panel 2: series "random reshuffling" is hidden`) {
		t.Errorf("a panel with a hidden series: %v", err)
	}
	if err := Check(&Panels{}); !errors.Is(err, ErrChart) {
		t.Errorf("no panels: %v, want ErrChart", err)
	}
}

// TestCheckRules checks each rule of Check on a chart that breaks it, which
// fails with the finding, and on the same chart fixed, which passes.
func TestCheckRules(t *testing.T) {
	epochs := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	acc := []float64{10, 60, 80, 85, 86, 87, 87.5, 88}
	shift := func(v []float64, d float64) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = x + d
		}
		return out
	}
	line := func(s Series) *LineChart {
		return &LineChart{Title: "accuracy", XLabel: "epoch", YLabel: "test accuracy (%)", Series: []Series{s}}
	}
	noSpread := Series{Name: "RR", X: epochs, Y: acc, Runs: 5}
	withBand := noSpread
	withBand.Lo, withBand.Hi = shift(acc, -3), shift(acc, 3)
	thin := noSpread
	thin.Lo, thin.Hi = shift(acc, -1e-3), shift(acc, 1e-3)
	thinSaid := thin
	thinSaid.NoSpread = "band thinner than the line: the runs agree to 1e-3"
	barsHidden := withBand
	barsHidden.Points, barsHidden.Lo, barsHidden.Hi = true, shift(acc, -0.1), shift(acc, 0.1)
	barsShown := barsHidden
	barsShown.Lo, barsShown.Hi = shift(acc, -4), shift(acc, 4)

	grid := func(runs int, notes bool) *Heatmap {
		h := &Heatmap{Title: "loss", XLabel: "batch size", YLabel: "momentum", XTicks: []string{"32", "64"}, YTicks: []string{"0", "0.9"},
			Values: [][]float64{{1, 2}, {0.5, 1.5}}, Center: 1, Runs: runs}
		if notes {
			h.Notes = [][]string{{"±0.1", "±0.2"}, {"±0.1", "±0.3"}}
		}
		return h
	}
	wide := func(names []string) *Heatmap {
		h := &Heatmap{Title: "loss", XLabel: "setting", YLabel: "order", XTicks: names, YTicks: []string{"RR"}, Center: 1}
		h.Values = [][]float64{make([]float64, len(names))}
		for i := range names {
			h.Values[0][i] = 1 + float64(i)/10
		}
		return h
	}
	var long, short []string
	for i := range 8 {
		long = append(long, fmt.Sprintf("learning rate 0.%d, batch 64", i+1))
		short = append(short, fmt.Sprintf("0.%d", i+1))
	}
	legend := func(name string) *LineChart {
		return &LineChart{Title: "accuracy", Series: []Series{{Name: name, X: epochs, Y: acc}}}
	}

	titled := func(title string) *LineChart {
		return &LineChart{Title: title, XLabel: "epoch", Series: []Series{{Name: "RR", X: epochs, Y: acc}}}
	}
	panels := func(dashed bool) *Panels {
		second := []Series{{Name: "greedy", X: epochs, Y: shift(acc, -5)}, {Name: "RR", X: epochs, Y: acc}}
		if dashed {
			// Two names, each in its own colour in every panel.
			second[0].Colour, second[1].Colour = 2, 1
		}
		return &Panels{Title: "accuracy", Panels: []*LineChart{
			{Title: "MNIST", XLabel: "epoch", Series: []Series{{Name: "RR", X: epochs, Y: acc}, {Name: "greedy", X: epochs, Y: shift(acc, -5)}}},
			{Title: "CIFAR-10", XLabel: "epoch", Series: second},
		}}
	}

	costs := func(n int) *Panels {
		p := &Panels{Title: "σ*² against multiply-adds"}
		for i := range n {
			p.Panels = append(p.Panels, &LineChart{Title: fmt.Sprintf("after %d epochs", i), XLabel: "multiply-adds", YLabel: "σ*² ratio", LogX: true, LogY: true, Series: []Series{
				{Name: "RR", Label: "RR", X: []float64{50}, Y: []float64{90}, Points: true},
				{Name: "greedy", Label: "greedy", X: []float64{1e10}, Y: []float64{1}, Points: true},
			}})
		}
		return p
	}

	near := func(markers bool) *LineChart {
		return &LineChart{Title: "accuracy", XLabel: "epoch", Series: []Series{
			{Name: "RR", X: epochs, Y: acc, Colour: 2},
			{Name: "greedy", X: epochs, Y: shift(acc, -20), Colour: 8, Markers: markers},
		}}
	}

	for _, tc := range []struct {
		name       string
		bad, fixed Chart
		want       string
	}{
		{"near colours, one dash", near(false), near(true), `series "RR" and "greedy" are both drawn as vermillion line and orange line, colours 33 apart`},
		// Three panels now label fewer powers of ten (logTicks.room);
		// five leave no room for even two.
		{"log tick labels running together", costs(5), costs(2), `text "1e2" overlaps text "1e10"`},
		{"a title with markup", titled("σ_{top} over epochs"), titled(Plain("σ_{top} over epochs")), `has markup "_{"`},
		{"a subscript after a symbol", titled("φ²_{r,k} and σ_top"), titled("φ² at (r, k) and σ top"), `has markup "_{"`},
		{"one name in two styles across panels", panels(false), panels(true), `series "RR" is drawn as blue line in panel 1 but as vermillion line in panel 2`},
		{"one style for two names across panels", panels(false), panels(true), `series "RR" (panel 1) and "greedy" (panel 2) are both drawn as blue line`},
		{"5 runs without spread", line(noSpread), line(withBand), `series "RR" summarises 5 runs but has no spread`},
		{"5 runs without spread, said why", line(noSpread), func() Chart { s := noSpread; s.NoSpread = "one run shown"; return line(s) }(), `series "RR" summarises 5 runs but has no spread`},
		{"a band thinner than the line", line(thin), line(thinSaid), `series "RR" summarises 5 runs but its band is at most`},
		{"error bars inside the markers", line(barsHidden), line(barsShown), `its error bars are at most`},
		{"a heatmap of 40 runs without spread", grid(40, false), grid(40, true), "the cells summarise 40 runs each but show no spread"},
		{"a heatmap of 40 runs with empty notes", func() Chart { h := grid(40, false); h.Notes = [][]string{{"", ""}, {"", ""}}; return h }(),
			func() Chart {
				h := grid(40, false)
				h.NoSpread = "every cell is one run's median, the spread is in the CSV"
				return h
			}(), "the cells summarise 40 runs each"},
		{"a legend running off the image", legend(strings.Repeat("a name far too long for any legend ", 8)), legend("RR"), "runs off the image's"},
		{"overlapping x tick labels", wide(long), wide(short), `text "learning rate 0.1, batch 64" overlaps text "learning rate 0.2, batch 64"`},
	} {
		err := Check(tc.bad)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrLayout) {
			t.Errorf("%s: error %v, want one with %q wrapping ErrLayout", tc.name, err, tc.want)
		}
		if err := Check(tc.fixed); err != nil {
			t.Errorf("%s, fixed: %v", tc.name, err)
		}
	}
}

// TestNoSpreadShown checks that a NoSpread reaches the CSV (a no_spread
// column) and the interactive chart (its subtitle), and that charts
// without one keep their columns.
func TestNoSpreadShown(t *testing.T) {
	why := "the runs agree to 1e-12"
	x := []float64{1, 2, 3}
	lc := &LineChart{Title: "t", YLabel: "loss", Series: []Series{{Name: "RR", X: x, Y: x, Runs: 5, NoSpread: why}, {Name: "IG", X: x, Y: x}}}
	h := &Heatmap{XTicks: []string{"a"}, YTicks: []string{"b"}, Values: [][]float64{{1}}, Center: 1, Runs: 3, NoSpread: why}
	for _, tc := range []struct {
		name     string
		c        Chart
		csv      string
		subtitle string
	}{
		{"line chart", lc, "series,x,y,lo,hi,no_spread\nRR,1,1,,," + why + "\n", "no spread shown for RR: " + why},
		{"panels", &Panels{Title: "p", Panels: []*LineChart{lc, {Series: []Series{{Name: "SGD", X: x, Y: x}}}}}, "panel,series,x,y,lo,hi,no_spread\nt,RR,1,1,,," + why + "\n", "no spread shown for RR: " + why},
		{"heatmap", h, "row,column,value,no_spread\nb,a,1," + why + "\n", "no spread shown: " + why},
		{"without", &LineChart{Series: []Series{{Name: "RR", X: x, Y: x}}}, "series,x,y,lo,hi\nRR,1,1,,\n", ""},
	} {
		b, err := CSV(tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), tc.csv) {
			t.Errorf("%s: CSV %q, want it to begin %q", tc.name, b, tc.csv)
		}
		if n := strings.Count(string(b), "\n"); tc.name == "panels" && strings.Count(string(b), ",")%n != 0 {
			t.Errorf("%s: ragged CSV %q", tc.name, b)
		}
		html, err := HTML(tc.c, "c", "c")
		if err != nil {
			t.Fatal(err)
		}
		if tc.subtitle != "" && !strings.Contains(string(html), tc.subtitle) {
			t.Errorf("%s: the page does not say %q", tc.name, tc.subtitle)
		}
	}
}

// TestBottomLegendDescenders checks that a legend placed under the plot
// keeps its last row's descenders inside the image (they were cut by the
// bottom edge before legendDescent), so that Check, which allows no ink
// past the edge, accepts it.
func TestBottomLegendDescenders(t *testing.T) {
	var ss []Series
	for i, name := range []string{"streaming py1e, grain window shuffle", "greedy, the paper's final: greedy 88.43", "pair balance, sketched greedy (typography)", "streaming py1br, guppy by gypsy"} {
		ss = append(ss, Series{Name: name, X: []float64{0, 1, 2}, Y: []float64{float64(i), float64(i) + 1, float64(i) + 3}, Colour: i + 1})
	}
	for _, c := range []Chart{
		&LineChart{Title: "Legend below the plot", XLabel: "x", YLabel: "y", Series: ss},
		&Panels{Title: "Panels, their legend below", Panels: []*LineChart{
			{Title: "one", XLabel: "x", YLabel: "y", Series: ss[:2]},
			{Title: "two", XLabel: "x", YLabel: "y", Series: ss[2:]},
		}},
	} {
		if err := Check(c); err != nil {
			t.Errorf("a chart whose legend goes under the plot: %v", err)
		}
	}
}

// TestPanelsLongLegend checks that panels whose shared legend has an
// entry longer than the chart's usual width (a hidden series' note, as in
// scalable-training's seeds pass on 2026-12-01) are drawn wider, the legend
// inside the image, where before it ran off both edges.
func TestPanelsLongLegend(t *testing.T) {
	x := []float64{0, 1, 2}
	long := "pair balance (near sketched greedy's line; under it in \"every epoch\", not drawn there, and a note as long again as that)"
	p := &Panels{Title: "Panels with a long legend entry", Panels: []*LineChart{
		{Title: "one", XLabel: "x", YLabel: "y", Series: []Series{{Name: "RR", X: x, Y: []float64{0, 1, 3}}}},
		{Title: "two", XLabel: "x", YLabel: "y", Series: []Series{{Name: long, X: x, Y: []float64{1, 2, 4}, Colour: 2}}},
	}}
	if err := Check(p); err != nil {
		t.Errorf("panels with a long legend entry: %v", err)
	}
	if w, _ := p.size(); w <= panelW {
		t.Errorf("panels with a long legend entry: width %v, want more than %v", w, panelW)
	}
	short := &Panels{Title: "p", Panels: []*LineChart{{Title: "one", XLabel: "x", YLabel: "y", Series: []Series{{Name: "RR", X: x, Y: x}}}}}
	if w, _ := short.size(); w != panelW {
		t.Errorf("panels with a short legend: width %v, want %v", w, panelW)
	}
}

// TestCheckFamily checks that CheckFamily fails two charts of the same
// orders that give one look two meanings (the paper's greedy in one, its
// slow update in the other), passes them with one meaning per look, and
// takes a name with a note for the name.
func TestCheckFamily(t *testing.T) {
	x := []float64{1, 2, 3, 4}
	chartOf := func(ref string, colour int) *LineChart {
		return &LineChart{Title: "accuracy", XLabel: "epoch", Series: []Series{
			{Name: "RR", X: x, Y: []float64{10, 50, 70, 80}},
			{Name: "greedy (band within the line)", X: x, Y: []float64{20, 60, 75, 85}},
			{Name: "the paper's final: " + ref, X: x, Y: []float64{88, 88, 88, 88}, Dashed: true, Markers: true, Colour: colour},
		}}
	}
	names := []string{"standard", "same-class"}
	err := CheckFamily(names, []Chart{chartOf("slow update 89.51", 4), chartOf("greedy 88.43", 4)})
	if err == nil || !errors.Is(err, ErrLayout) || !strings.Contains(err.Error(), `"the paper's final: slow update 89.51" (figure standard) and "the paper's final: greedy 88.43" (figure same-class) are both drawn as reddish purple dashed line with circle markers`) {
		t.Errorf("one look, two meanings: %v", err)
	}
	if err := CheckFamily(names, []Chart{chartOf("slow update 89.51", 4), chartOf("greedy 88.43", 5)}); err != nil {
		t.Errorf("one meaning per look: %v", err)
	}
	// Charts that share no name are not read side by side.
	other := &LineChart{Series: []Series{{Name: "bound", X: x, Y: x, Dashed: true, Markers: true, Colour: 4}}}
	if err := CheckFamily([]string{"standard", "bound"}, []Chart{chartOf("slow update 89.51", 4), other}); err != nil {
		t.Errorf("charts of other series: %v", err)
	}
	// "greedy (band within the line)" is greedy: one name, its look
	// shared across charts.
	plain := chartOf("slow update 89.51", 4)
	plain.Series[1].Name = "greedy"
	if err := CheckFamily(names, []Chart{chartOf("slow update 89.51", 4), plain}); err != nil {
		t.Errorf("a name with a note: %v", err)
	}
}

// TestPanelsOwnScale checks that panels whose y axes differ say so in
// their title, once, and panels of one y range do not.
func TestPanelsOwnScale(t *testing.T) {
	x := []float64{1, 2, 3}
	panel := func(y ...float64) *LineChart {
		return &LineChart{Title: "p", Series: []Series{{Name: "RR", X: x, Y: y}}}
	}
	for _, tc := range []struct {
		p    *Panels
		want bool
	}{
		{&Panels{Title: "loss", Panels: []*LineChart{panel(1, 2, 3), panel(1, 2, 3)}}, false},
		{&Panels{Title: "loss", Panels: []*LineChart{panel(1, 2, 3), panel(1, 5, 9)}}, true},
		{&Panels{Title: "loss; " + ownScale, Panels: []*LineChart{panel(1, 2, 3), panel(1, 5, 9)}}, true},
	} {
		got := tc.p.title()
		if n := strings.Count(got, ownScale); n != map[bool]int{false: 0, true: 1}[tc.want] {
			t.Errorf("title %q of panels %q: says its own scale %d times, want it %t", got, tc.p.Title, n, tc.want)
		}
	}
}

func TestSmallText(t *testing.T) {
	var found []string
	bad := func(format string, args ...any) { found = append(found, fmt.Sprintf(format, args...)) }
	box := func(size vg.Length) textBox {
		return textBox{text: "0.44–1", ink: vg.Rectangle{Min: vg.Point{X: 10, Y: 10}, Max: vg.Point{X: 30, Y: 16}}, space: 2, upright: true, size: size}
	}
	checkTexts([]textBox{box(MinFontSize)}, 100, 100, bad)
	if len(found) != 0 {
		t.Errorf("a text at %v: %q, want no finding", MinFontSize, found)
	}
	checkTexts([]textBox{box(6.5)}, 100, 100, bad)
	if len(found) != 1 || !strings.Contains(found[0], "6.5 pt") {
		t.Errorf("a text at 6.5 pt: %q, want one finding naming its size", found)
	}

	// A heatmap of many columns of long cell texts widens until they fit
	// at MinFontSize, and passes Check.
	h := &Heatmap{Title: "steps ratio", XLabel: "m", YLabel: "σ ratio", YTicks: []string{"0.01", "1", "100"}, Center: 1, Runs: 3,
		Notes: make([][]string, 3)}
	for c := range 14 {
		h.XTicks = append(h.XTicks, fmt.Sprint(1<<c))
	}
	for r := range h.YTicks {
		h.Values = append(h.Values, make([]float64, len(h.XTicks)))
		h.Notes[r] = make([]string, len(h.XTicks))
		for c := range h.XTicks {
			h.Values[r][c] = 0.5 + float64(r*c)/20
			h.Notes[r][c] = "0.44–1.61"
		}
	}
	if w, _ := h.size(); w <= 16*vg.Centimeter {
		t.Errorf("width %v of 14 columns of long notes, want wider than 16 cm", w)
	}
	if err := Check(h); err != nil {
		t.Errorf("Check of the widened heatmap: %v", err)
	}
}

// TestDodgeInside checks that dodge keeps a crowded group inside the data
// area: nine markers at its left edge, and nine at its right, would reach
// past it if spread around where they are.
func TestDodgeInside(t *testing.T) {
	for _, at := range []float64{0, 100} {
		d := &dodge{}
		for k := range 9 {
			d.marks = append(d.marks, mark{k: k, x: at, y: 1, lo: 1, hi: 1})
		}
		left, right := vg.Points(0), vg.Points(100)
		tr := func(v float64) vg.Length { return vg.Points(v) }
		d.place(tr, tr, left, right)
		for _, m := range d.marks {
			x := tr(m.x) + d.placed(m.k, m.x)
			if x-markerStep/2 < left-vg.Points(1e-9) || x+markerStep/2 > right+vg.Points(1e-9) {
				t.Errorf("markers at %g: series %d set at %v, past the data area [%v, %v]", at, m.k, x, left, right)
			}
		}
		if len(d.shifts) == 0 {
			t.Errorf("markers at %g: none set aside", at)
		}
	}
}
