// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper/chart"
)

// chartDir is where the chart tests write their charts' files: a
// temporary folder, or $GOODORDER_CHART_DIR to look at them.
func chartDir(t *testing.T) string {
	if d := os.Getenv("GOODORDER_CHART_DIR"); d != "" {
		return d
	}
	return t.TempDir()
}

// checkCharts runs chart.Check on every chart of out, writes their files
// into chartDir, and returns them by base name.
func checkCharts(t *testing.T, out *Outcome) map[string]chart.Chart {
	t.Helper()
	byBase := map[string]chart.Chart{}
	for _, f := range out.Charts {
		if err := chart.Check(f.Chart); err != nil {
			t.Errorf("%s: %v", f.Base, err)
		}
		byBase[f.Base] = f.Chart
	}
	if err := out.WriteFigures(chartDir(t)); err != nil {
		t.Fatal(err)
	}
	return byBase
}

// TestTable1StudySweepCharts draws the study's sweep maps from made-up
// runs: every map passes chart.Check, is coloured about the rule's
// threshold, names the data set and the seeds, and hatches exactly the
// cells whose interval spans the threshold.
func TestTable1StudySweepCharts(t *testing.T) {
	paper := fakeTable1Seeds(90, -19, -4, 0, 0.1) // loss 19, recovery 0.79: both settled
	edge := fakeTable1Seeds(90, -5, -3, 0, 0.1)   // loss 5 ± noise: spans 5
	for s, run := range edge.Runs[0][1] {         // RR, same-class
		run.TestAcc = []float64{0.1, run.TestAcc[1] + 0.03*float64(s%2*2-1)}
		edge.Runs[0][1][s] = run
	}
	none := fakeTable1Seeds(90, 0, 0, 0, 0.1) // no loss: recovery unbounded
	r := &Table1StudyResult{Config: Table1StudyConfig{Grid: []float64{0.1}, BatchSizes: []int{64, 128}, Momenta: []float64{0}, Multipliers: []float64{0.5, 1}, SweepSeeds: 5}}
	r.Config.Settings = []Table1Config{{Dataset: "mnist", Model: "mlp", Epochs: 1, Milestones: []float64{0.5}}}
	r.Settings = []Table1StudySetting{fakeStudySetting(paper)}
	for i, m := range []*Table1Result{paper, edge, none, paper} {
		sw := *m
		sw.Config.Milestones = []float64{0.5}
		cell := Table1SweepCell{BatchSize: r.Config.BatchSizes[i/2], Multiplier: r.Config.Multipliers[i%2], Result: &sw}
		if i == 3 {
			cell.Result, cell.Diverged = nil, true
		}
		r.Sweep = append(r.Sweep, cell)
	}
	out, err := r.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	charts := checkCharts(t, out)
	loss, ok := charts[table1StudyID+"-sweep-loss"].(*chart.Heatmap)
	if !ok {
		t.Fatalf("no loss map among %v", out.Charts)
	}
	if loss.Center != table1Regime || loss.Hatched == nil {
		t.Fatalf("loss map centred at %g, hatching %v; want %d and hatching", loss.Center, loss.Hatched, table1Regime)
	}
	// Rows are batch sizes 64 and 128, columns the multipliers 0.5, 1.
	if want := [][]bool{{false, true}, {false, false}}; !equalBools(loss.Hatched, want) {
		t.Errorf("loss map hatching %v, want %v (only the cell of loss 5 ± noise)", loss.Hatched, want)
	}
	for _, base := range []string{"loss", "loss-early", "recovery", "recovery-early"} {
		h, ok := charts[table1StudyID+"-sweep-"+base].(*chart.Heatmap)
		if !ok {
			t.Errorf("no %s map", base)
			continue
		}
		if !containsAll(h.Title, "MNIST", "5 seeds") {
			t.Errorf("%s map title %q, want the data set and the seeds", base, h.Title)
		}
	}
	rec := charts[table1StudyID+"-sweep-recovery"].(*chart.Heatmap)
	if rec.Center != table1Recovery {
		t.Errorf("recovery map centred at %g, want %g", rec.Center, table1Recovery)
	}
}

func equalBools(a, b [][]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// TestOrderMattersCharts draws order-matters' charts from made-up runs
// whose gain rises with the ratio: each passes chart.Check and
// CheckFamily (one look per name in both charts and every panel), has a
// panel per stratum tested with its ρ, whose settings' ranks by the ratio
// and by the gap are those of the data (here the same, on the line of
// ρ = 1), and gives the mean ρ over the strata in the title.
func TestOrderMattersCharts(t *testing.T) {
	var settings []*Table1Result
	gaps := orderMattersRising // eleven points per stratum: strata tested
	for i := 0; i < len(gaps); i += 2 {
		settings = append(settings, fakeSettings("mnist", [2]float64{gaps[i], gaps[i+1]}, [2]float64{float64(i + 1), float64(i + 2)}))
		settings[len(settings)-1].Config.BatchSize = 10 + i // distinct runs
	}
	out, err := (&OrderMattersResult{Settings: settings}).Outcome()
	if err != nil {
		t.Fatal(err)
	}
	charts := checkCharts(t, out)
	if err := chart.CheckFamily([]string{"order-matters-mean", "order-matters-final"}, []chart.Chart{charts["order-matters-mean"], charts["order-matters-final"]}); err != nil {
		t.Errorf("the two charts side by side: %v", err)
	}
	for _, base := range []string{"order-matters-mean", "order-matters-final"} {
		p, ok := charts[base].(*chart.Panels)
		if !ok {
			t.Fatalf("no %s panels", base)
		}
		if !containsAll(p.Title, "mean ρ", "ranked within each stratum") || strings.Contains(p.Title, "pooled") || strings.Contains(p.Title, "NaN") || strings.Contains(p.Title, "n/a") {
			t.Errorf("%s: title %q, want the mean ρ alone", base, p.Title)
		}
		var titles []string
		for _, lc := range p.Panels {
			titles = append(titles, lc.Title)
			if len(lc.Series) != 2 {
				t.Fatalf("%s, %s: %d series, want the settings and the line of the same order", base, lc.Title, len(lc.Series))
			}
			s := lc.Series[0]
			if s.Runs < 2 || s.NoSpread == "" || !s.Points {
				t.Errorf("%s, %s: settings drawn with %d runs, no-spread note %q, markers %v; want markers of several runs saying why no bars", base, lc.Title, s.Runs, s.NoSpread, s.Points)
			}
			n := len(s.X)
			if n != len(gaps)/2 {
				t.Errorf("%s, %s: %d settings, want %d", base, lc.Title, n, len(gaps)/2)
			}
			for i := range s.X {
				if s.X[i] != s.Y[i] || s.X[i] < 1 || s.X[i] > float64(n) {
					t.Errorf("%s, %s: setting %d at ranks (%v, %v), want equal ranks in [1, %d]", base, lc.Title, i, s.X[i], s.Y[i], n)
				}
			}
			if d := lc.Series[1]; !slices.Equal(d.X, []float64{1, float64(n)}) || !slices.Equal(d.Y, d.X) {
				t.Errorf("%s, %s: the same order's line at %v, %v, want from (1, 1) to (%d, %d)", base, lc.Title, d.X, d.Y, n, n)
			}
		}
		if strings.Join(titles, ", ") != "MNIST CNN, standard batching: ρ 1.00, MNIST CNN, same-class batching: ρ 1.00" {
			t.Errorf("%s: panels %q, want one per stratum with its ρ", base, titles)
		}
	}
}

// TestUncover checks that a line running on an earlier one is dashed, one
// running on a dashed line or with a dashed partner marked, a line apart
// left alone, and that equal bounds share one line.
func TestUncover(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	c := &chart.LineChart{Series: []chart.Series{
		{Name: "greedy", X: x, Y: []float64{5, 4, 3, 2, 1}},
		{Name: "alternating", X: x, Y: []float64{5, 4, 3, 2, 1.01}},
		{Name: "apart", X: x, Y: []float64{1, 2, 3, 4, 5}},
		{Name: "bound", X: x, Y: []float64{9, 9, 9, 9, 9}, Dashed: true, Group: "b"},
		{Name: "measured", X: x, Y: []float64{1, 2, 3, 4, 5.02}, Group: "b"}, // on "apart", its partner dashed
	}}
	if got := uncover(c); strings.Join(got, ",") != "alternating,measured" {
		t.Errorf("changed %v, want alternating and measured", got)
	}
	if s := c.Series; !s[1].Dashed || s[2].Dashed || s[2].Points || !s[4].Points || s[4].Dashed {
		t.Errorf("styles %+v", s)
	}
	if err := chart.Check(c); err != nil {
		t.Errorf("uncovered chart: %v", err)
	}
	b := shareBound(nil, chart.Series{Name: "RR bound", X: x, Y: x, Group: "RR"})
	b = shareBound(b, chart.Series{Name: "IG bound", X: x, Y: x, Group: "IG"})
	b = shareBound(b, chart.Series{Name: "SGD bound", X: x, Y: []float64{2, 3, 4, 5, 6}, Group: "SGD"})
	if len(b) != 2 || b[0].Name != "RR, IG bound" || b[0].Group == "RR" {
		t.Errorf("shared bounds %+v", b)
	}
	for _, tc := range [][2]string{
		{nOf(1, "run"), "1 run"}, {nOf(3, "run"), "3 runs"},
		{epochsPlural("gradients after 1 epochs of RR, N = 9"), "gradients after 1 epoch of RR, N = 9"},
		{scalablePanelTitle("MNIST MLP after 0 epochs of RR, N = 9"), "at initialisation"},
		{scalablePanelTitle("MNIST MLP after 5 epochs of RR, N = 9"), "after 5 epochs of RR"},
		{scalableMatrixKind("MNIST MLP after 5 epochs of RR, N = 9"), "MNIST MLP, N = 9"},
	} {
		if tc[0] != tc[1] {
			t.Errorf("got %q, want %q", tc[0], tc[1])
		}
	}
}

// TestUncoverDashes checks that a dashed line on an earlier dashed line
// becomes markers, and one on a solid line stays dashed.
func TestUncoverDashes(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	y := []float64{5, 4, 3, 2, 1}
	c := &chart.LineChart{Series: []chart.Series{
		{Name: "RR bound", X: x, Y: y, Dashed: true},
		{Name: "IG bound", X: x, Y: y, Dashed: true},
		{Name: "measured", X: x, Y: []float64{1, 2, 3, 4, 5}},
		{Name: "fit", X: x, Y: []float64{1, 2, 3, 4, 5}, Dashed: true},
	}}
	uncover(c)
	if s := c.Series; !s[1].Points || s[1].Dashed || !s[3].Dashed || s[3].Points {
		t.Errorf("styles %+v", s)
	}
	if err := chart.Check(c); err != nil {
		t.Errorf("uncovered chart: %v", err)
	}
}

// TestAccuracyPanels checks the accuracy curves' two panels: every epoch
// with the paper's final accuracies (one line for orders within a point),
// the zoom without them, one look per name in both and none shared, no
// reference line in an order's colour, whole-number epochs, and
// chart.Check passing.
func TestAccuracyPanels(t *testing.T) {
	x := []float64{0, 1, 2, 3, 4}
	acc := &chart.LineChart{Title: "acc", XLabel: "epoch", YLabel: "test accuracy (%)", Series: []chart.Series{
		{Name: "RR", X: x, Y: []float64{10, 80, 90, 92, 92.5}},
		{Name: "greedy", X: x, Y: []float64{10, 85, 91, 93, 93.2}},
		{Name: "slow update", X: x, Y: []float64{10, 70, 85, 89, 90}},
	}}
	p := accuracyPanels(acc, 2, map[string]float64{"RR": 92.72, "greedy": 92.67, "slow update": 89.51})
	if len(p.Panels) != 2 {
		t.Fatalf("%d panels, want 2", len(p.Panels))
	}
	full, zoom := p.Panels[0], p.Panels[1]
	if len(full.Series) != 5 || len(zoom.Series) != 3 || !full.IntegerX || !zoom.IntegerX || zoom.XMin >= 2 || zoom.XMin < 1 {
		t.Errorf("full %d series, zoom %d; integer x %v %v; zoom from %g", len(full.Series), len(zoom.Series), full.IntegerX, zoom.IntegerX, zoom.XMin)
	}
	if got := full.Series[3].Name; got != "the paper's final, its CIFAR-10 ResNet-18 (RR 92.72, greedy 92.67)" {
		t.Errorf("paper's line %q", got)
	}
	for k := range zoom.Series {
		if f, z := full.Series[k], zoom.Series[k]; f.Dashed != z.Dashed || f.Points != z.Points || f.Markers != z.Markers {
			t.Errorf("%s styled apart in the panels", f.Name)
		}
	}
	if err := chart.Check(p); err != nil {
		t.Errorf("accuracy panels: %v", err)
	}
	if err := oneLook(p); err != nil {
		t.Errorf("accuracy panels: %v", err)
	}
	if acc.Series[0].Group != "" || acc.XMin != 0 {
		t.Error("accuracyPanels changed its argument")
	}
}

// panelLook is how a series looks: its palette colour (Colour), dash
// and markers.
type panelLook struct {
	colour                  int
	dashed, points, markers bool
}

// oneLook returns an error if a series name of p has two looks in its
// panels, two names share a look, a series has no fixed colour (Colour),
// or a reference line ("the paper's ...") has the colour of an order.
func oneLook(p *chart.Panels) error {
	looks := map[string]panelLook{}
	owner := map[panelLook]string{}
	orders, refs := map[int]string{}, map[int]string{}
	for i, lp := range p.Panels {
		for _, s := range lp.Series {
			l := panelLook{s.Colour, s.Dashed, s.Points, s.Markers}
			if s.Colour <= 0 {
				return fmt.Errorf("panel %d: %q has no fixed colour", i+1, s.Name)
			}
			if o, ok := looks[s.Name]; ok && o != l {
				return fmt.Errorf("panel %d: %q looks %+v, elsewhere %+v", i+1, s.Name, l, o)
			}
			looks[s.Name] = l
			if o, ok := owner[l]; ok && o != s.Name {
				return fmt.Errorf("panel %d: %q and %q share the look %+v", i+1, s.Name, o, l)
			}
			owner[l] = s.Name
			if strings.HasPrefix(s.Name, "the paper's") {
				refs[s.Colour] = s.Name
			} else {
				orders[s.Colour] = s.Name
			}
		}
	}
	for c, r := range refs {
		if o, ok := orders[c]; ok {
			return fmt.Errorf("reference line %q has the colour of %q", r, o)
		}
	}
	return nil
}

// TestOneLook checks that oneLook finds a name with two looks, two names
// with one, and a reference line in an order's colour.
func TestOneLook(t *testing.T) {
	x, y := []float64{0, 1}, []float64{1, 2}
	panels := func(a, b []chart.Series) *chart.Panels {
		return &chart.Panels{Panels: []*chart.LineChart{{Series: a}, {Series: b}}}
	}
	for _, test := range []struct {
		name string
		p    *chart.Panels
		ok   bool
	}{
		{"one look", panels([]chart.Series{{Name: "RR", X: x, Y: y, Colour: 1}, {Name: "the paper's final: RR 1", X: x, Y: y, Colour: 2, Dashed: true}}, []chart.Series{{Name: "RR", X: x, Y: y, Colour: 1}}), true},
		{"two colours", panels([]chart.Series{{Name: "RR", X: x, Y: y, Colour: 1}}, []chart.Series{{Name: "RR", X: x, Y: y, Colour: 2}}), false},
		{"two dashes", panels([]chart.Series{{Name: "RR", X: x, Y: y, Colour: 1}}, []chart.Series{{Name: "RR", X: x, Y: y, Colour: 1, Dashed: true}}), false},
		{"shared look", panels([]chart.Series{{Name: "RR", X: x, Y: y, Colour: 1}}, []chart.Series{{Name: "greedy", X: x, Y: y, Colour: 1}}), false},
		{"reference in an order's colour", panels([]chart.Series{{Name: "RR", X: x, Y: y, Colour: 1}, {Name: "the paper's final: RR 1", X: x, Y: y, Colour: 1, Dashed: true, Markers: true}}, nil), false},
	} {
		if err := oneLook(test.p); (err == nil) != test.ok {
			t.Errorf("%s: oneLook = %v, want ok %v", test.name, err, test.ok)
		}
	}
}

// TestMergeClose checks that curves within the tolerance at every point
// become one line named after all of them, and that one point beyond it
// keeps a curve apart.
func TestMergeClose(t *testing.T) {
	x := []float64{1, 2, 3}
	id := func(v float64) float64 { return v }
	ss := []chart.Series{
		{Name: "a", X: x, Y: []float64{1, 2, 3}},
		{Name: "b", X: x, Y: []float64{1.2, 2.1, 2.9}},
		{Name: "c", X: x, Y: []float64{1, 2, 3.6}},
	}
	got := mergeClose(ss, id, 0.5, "within 0.5 of its line")
	if len(got) != 2 || got[0].Name != "a; b within 0.5 of its line" || got[1].Name != "c" {
		t.Errorf("merged %v, want a with b, c apart", names(got))
	}
	if ss[0].Name != "a" {
		t.Error("mergeClose changed its argument")
	}
}

func names(ss []chart.Series) []string {
	var n []string
	for _, s := range ss {
		n = append(n, s.Name)
	}
	return n
}

// TestBadChartReported checks that a claim's chart that chart.Check
// rejects goes to Env.BadChart, named, with Check's findings (the
// reproduce command fails on it), and is still written; without
// BadChart it is warned of.
func TestBadChartReported(t *testing.T) {
	x := []float64{1, 2, 3}
	run := claimRun(func(Scale) int { return 0 },
		func(int, context.Context, *Env) (int, error) { return 0, nil },
		func(int) (*Outcome, error) {
			out := &Outcome{}
			out.addChart("good", "good", &chart.LineChart{Title: "loss", Series: []chart.Series{{Name: "RR", X: x, Y: []float64{3, 2, 1}}}})
			out.addChart("bad", "bad", &chart.LineChart{Title: "σ_{top}", Series: []chart.Series{{Name: "RR", X: x, Y: []float64{3, 2, 1}, Runs: 5}}})
			return out, nil
		})
	var bad []string
	dir := t.TempDir()
	env := &Env{FigDir: dir, BadChart: func(base string, err error) {
		if !errors.Is(err, chart.ErrLayout) || !strings.Contains(err.Error(), "markup") || !strings.Contains(err.Error(), "no spread") {
			t.Errorf("%s: %v, want ErrLayout with the markup and the missing spread", base, err)
		}
		bad = append(bad, base)
	}}
	if _, err := run(context.Background(), Smoke, env); err != nil {
		t.Fatal(err)
	}
	if strings.Join(bad, ",") != "bad" {
		t.Errorf("BadChart told of %v, want only bad", bad)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.png")); err != nil {
		t.Errorf("the rejected chart is not written: %v", err)
	}
	var warned []string
	env = &Env{Warn: func(msg string) { warned = append(warned, msg) }}
	if _, err := run(context.Background(), Smoke, env); err != nil {
		t.Fatal(err)
	}
	if len(warned) != 1 || !strings.HasPrefix(warned[0], "figure bad: ") {
		t.Errorf("warnings %q, want one of figure bad", warned)
	}
}

// TestNoteHiddenPanelBands checks that a band hidden under its line is
// named in the shared legend, in every panel alike: in all panels, in
// some (named), or, for views of the same data, only if in all.
func TestNoteHiddenPanelBands(t *testing.T) {
	x := []float64{0, 1, 2, 3, 4}
	series := func(name string, half float64) chart.Series {
		y := []float64{0, 2, 4, 6, 8}
		lo, hi := make([]float64, len(y)), make([]float64, len(y))
		for i, v := range y {
			lo[i], hi[i] = v-half, v+half
		}
		return chart.Series{Name: name, X: x, Y: y, Lo: lo, Hi: hi, Runs: 3}
	}
	for _, test := range []struct {
		name        string
		left, right float64 // a's band's half-height in each panel
		views       bool
		want        string
	}{
		{"visible", 1, 1, false, "a"},
		{"hidden in both", 0.001, 0.001, false, "a (band within the line)"},
		{"hidden in one", 0.001, 1, false, `a (band within the line in the "L" panel)`},
		{"hidden in one view", 0.001, 1, true, "a"},
		{"hidden in both views", 0.001, 0.001, true, "a (band within the line)"},
	} {
		p := &chart.Panels{Panels: []*chart.LineChart{
			{Title: "L", Series: []chart.Series{series("a", test.left), series("b", 1)}},
			{Title: "R", Series: []chart.Series{series("a", test.right), series("b", 1)}},
		}}
		noteHiddenPanelBands(p, "band", test.views)
		for i, lp := range p.Panels {
			if got := lp.Series[0].Name; got != test.want {
				t.Errorf("%s: panel %d names a %q, want %q", test.name, i+1, got, test.want)
			}
			if got := lp.Series[1].Name; got != "b" {
				t.Errorf("%s: panel %d names b %q, want b", test.name, i+1, got)
			}
		}
	}
}

// TestNoteCovered checks that a line on an earlier one says so, on the
// whole or over a stretch, and that lines apart, or a stretch too short,
// keep their names.
// TestNoteCoveredPanels checks the notes of a figure of panels: a series
// on another in one panel is named after it with that panel's title, one
// on it in every panel without a title, one apart everywhere keeps its
// name, and each name is the same in every panel.
func TestNoteCoveredPanels(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6}
	down := []float64{6, 5, 4, 3, 2, 1}
	p := &chart.Panels{Panels: []*chart.LineChart{
		{Title: "standard", Series: []chart.Series{
			{Name: "RR", X: x, Y: down},
			{Name: "greedy", X: x, Y: down},
			{Name: "sorted", X: x, Y: down},
			{Name: "apart", X: x, Y: []float64{9, 9, 9, 9, 9, 9}},
		}},
		{Title: "same-class", Series: []chart.Series{
			{Name: "RR", X: x, Y: down},
			{Name: "greedy", X: x, Y: []float64{1, 2, 3, 4, 5, 6}},
			{Name: "sorted", X: x, Y: down},
			{Name: "apart", X: x, Y: []float64{9, 9, 9, 9, 9, 9}},
		}},
	}}
	// A zoom of the first panel (x from 4) where greedy parts from RR:
	// the first panel's note names it.
	zoom := *p.Panels[0]
	zoom.Title, zoom.Series = "zoomed", slices.Clone(zoom.Series)
	zoom.Series[1].Y = []float64{6, 5, 4, 3.3, 2.3, 1.3}
	zoom.XMin, zoom.XMax = 4, 6
	p.Panels = append(p.Panels, &zoom)
	noteCoveredPanels(p)
	want := []string{"RR", `greedy (on RR's line in "standard")`, "sorted (on RR's line)", "apart"}
	for i, lp := range p.Panels {
		for k, s := range lp.Series {
			if s.Name != want[k] {
				t.Errorf("panel %d, series %d named %q, want %q", i+1, k, s.Name, want[k])
			}
		}
	}
}

// TestNoteCoveredPanelsStretches checks a series that runs on one line
// over a stretch in each panel, a different stretch in each: the note
// says so of every panel, not of the first alone (table-1-fashion-loss's
// slow update, on greedy's line in both batchings).
func TestNoteCoveredPanelsStretches(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	down := []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	p := &chart.Panels{Panels: []*chart.LineChart{
		{Title: "standard", Series: []chart.Series{
			{Name: "greedy", X: x, Y: down},
			{Name: "slow", X: x, Y: []float64{14, 13, 12, 11, 6, 5, 4, 3, 2, 1}},
		}},
		{Title: "same-class", Series: []chart.Series{
			{Name: "greedy", X: x, Y: down},
			{Name: "slow", X: x, Y: []float64{14, 13, 12, 11, 10, 9, 4, 3, 2, 1}},
		}},
	}}
	noteCoveredPanels(p)
	for i, lp := range p.Panels {
		if got, want := lp.Series[1].Name, "slow (on or near greedy's line over stretches in every panel)"; got != want {
			t.Errorf("panel %d: %q, want %q", i+1, got, want)
		}
	}
}

func TestNoteCovered(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	c := &chart.LineChart{Series: []chart.Series{
		{Name: "RR (band within the line)", X: x, Y: []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}},
		{Name: "greedy", X: x, Y: []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1.02}},
		{Name: "sorted", X: x, Y: []float64{10, 9, 8, 7, 6, 9, 9, 9, 9, 9}},
		{Name: "apart", X: x, Y: []float64{20, 20, 20, 20, 20, 20, 20, 20, 20, 20}},
		{Name: "brief", X: x, Y: []float64{10, 15, 15, 15, 15, 15, 15, 15, 15, 15}},
		// Off RR's line at one point of ten: not "on" it.
		{Name: "mostly", X: x, Y: []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 4}},
		// A name too long for the stretch's note gets the short one.
		{Name: "a sorted order with a rather long legend name, say so here", X: x, Y: []float64{10, 9, 8, 7, 6, 12, 12, 12, 12, 12}},
		// Near RR's line everywhere, but beyond a line's width: close, not on.
		{Name: "beside", X: x, Y: []float64{10.2, 9.2, 8.2, 7.2, 6.2, 5.2, 4.2, 3.2, 2.2, 1.2}},
		// On beside's line over half the points, and near RR's there:
		// the note names the line it covers most, beside's.
		{Name: "near", X: x, Y: []float64{10.2, 9.2, 8.2, 7.2, 6.2, 12, 12, 12, 12, 12}},
	}}
	noteCovered(c)
	want := []string{"RR (band within the line)", "greedy (on RR's line)", "sorted (on RR's line from 1 to 5)", "apart", "brief",
		"mostly (on RR's line from 1 to 9)", "a sorted order with a rather long legend name, say so here (partly on RR's line)", "beside (drawn near RR's line)", "near (on beside's line from 1 to 5)"}
	for k, s := range c.Series {
		if s.Name != want[k] {
			t.Errorf("series %d named %q, want %q", k, s.Name, want[k])
		}
	}
}

// TestSigApart checks that an interval's end written in a heatmap cell
// never reads as the threshold it is not: 0.9952 is "0.995", not "1".
func TestSigApart(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0.9952, "0.995"}, {1.004, "1.004"}, {1, "1"}, {0.65, "0.65"}, {1.26, "1.3"}, {0.99999, "0.99999"}, {49, "49"},
	} {
		if got := sigApart(tc.v, 1); got != tc.want {
			t.Errorf("sigApart(%v, 1) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// TestNoteCoveredShort checks that a line on another over a stretch too
// short to name (two points of ten) is still noted, briefly, and that a
// name too long for that note gets the shortest one: no covering goes
// unsaid. A single shared point is not a stretch.
func TestNoteCoveredShort(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	rr := []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	c := &chart.LineChart{Series: []chart.Series{
		{Name: "random reshuffling, the baseline", X: x, Y: rr},
		{Name: "two", X: x, Y: []float64{10, 9, 12, 12, 12, 12, 12, 12, 12, 12}},
		{Name: "a name so long that the stretch's own note cannot fit", X: x, Y: []float64{0, 0, 0, 0, 0, 0, 0, 0, 2, 1}},
		{Name: "one", X: x, Y: []float64{11, 11, 11, 11, 11, 11, 11, 11, 11, 1}},
	}}
	noteCovered(c)
	want := []string{"random reshuffling, the baseline", "two (partly on random reshuffling, the baseline's line)",
		"a name so long that the stretch's own note cannot fit (partly overlapping)", "one"}
	for k, s := range c.Series {
		if s.Name != want[k] {
			t.Errorf("series %d named %q, want %q", k, s.Name, want[k])
		}
	}
}

// TestCeil2 checks that ceil2 rounds up to two significant digits, so
// that "within ±x%" bounds every value it summarises.
func TestCeil2(t *testing.T) {
	for _, tc := range []struct{ v, want float64 }{
		{15.4, 16}, {15, 15}, {0.412, 0.42}, {0.41, 0.41}, {123, 130}, {9.99, 10}, {0.0051, 0.0051},
	} {
		if got := ceil2(tc.v); got != tc.want || fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("ceil2(%g) = %v, want %v", tc.v, got, tc.want)
		}
	}
}
