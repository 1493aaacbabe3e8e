// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
)

func TestSGDInternallySmoke(t *testing.T) {
	out := claimSmoke(t, sgdInternallyID)
	for _, name := range []string{"trade-off", "combination"} {
		found := false
		for _, c := range out.Checks {
			found = found || c.Name == "sgd-internally-"+name
		}
		if !found {
			t.Errorf("no check sgd-internally-%s", name)
		}
	}
	// The σ_low exponent is reported beside the verdict, not judged
	// (issue 38).
	for _, c := range out.Checks {
		if c.Name == "sgd-internally-scaling" {
			t.Errorf("check %s: the exponent is not a part of the rule", c.Name)
		}
	}
	if out.Verdict == NotCheckable {
		t.Errorf("verdict %v: %s", out.Verdict, out.Summary)
	}
}

func TestSGDInternallyCrossover(t *testing.T) {
	for _, test := range []struct {
		internal, shuffling []float64
		want                int
	}{
		// T = 1 is ‖∇f(x₀)‖² for both and never decides.
		{[]float64{3, 1, 1, 2, 2}, []float64{3, 2, 2, 1, 1}, 4},
		{[]float64{3, 1, 2, 1, 2}, []float64{3, 2, 1, 2, 1}, 5},
		{[]float64{3, 2, 2}, []float64{3, 1, 2}, 2},
		{[]float64{3, 1, 1}, []float64{3, 2, 2}, 4},
	} {
		if got := sgdInternallyCrossover(test.internal, test.shuffling); got != test.want {
			t.Errorf("crossover of %v and %v = %d, want %d", test.internal, test.shuffling, got, test.want)
		}
	}
}

func TestTunedCurve(t *testing.T) {
	curves := []sweepCurves{
		{Avg: []float64{4, 3, 2, 1}, AvgSE: []float64{0, 0.1, 0.2, 0.3}},
		{Avg: []float64{4, 1, 5}, AvgSE: []float64{0, 1, 2}, Diverged: true},
		{Avg: []float64{4, 2, 1.5, 1.5}, AvgSE: []float64{0, 0.5, 0.6, 0.7}},
	}
	best, se, at := tunedCurve(curves, 4)
	// Ties keep the first curve; the diverged curve counts until it
	// diverged.
	if want := []float64{4, 1, 1.5, 1}; !slices.Equal(best, want) {
		t.Errorf("best %v, want %v", best, want)
	}
	if want := []float64{0, 1, 0.6, 0.3}; !slices.Equal(se, want) {
		t.Errorf("standard errors %v, want %v", se, want)
	}
	if want := []int{0, 1, 2, 0}; !slices.Equal(at, want) {
		t.Errorf("indices %v, want %v", at, want)
	}
	avg, _, i := bestAtEnd(curves, 4)
	if i != 0 || !slices.Equal(avg, curves[0].Avg) {
		t.Errorf("best at the end: curve %d, %v", i, avg)
	}
	if ts := logHorizons(2000); ts[0] != 1 || ts[len(ts)-1] != 2000 || len(ts) > 70 || !slices.IsSorted(ts) {
		t.Errorf("horizons %v", ts)
	}
}

func TestSwitchOrder(t *testing.T) {
	a, err := ordering.NewSGDInternal(2, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ordering.NewIncremental(8, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &switchOrder{first: a, second: b, at: 2}
	var r []int
	for e := range 4 {
		if r, err = s.Order(r, ordering.Epoch{T: e}); err != nil {
			t.Fatal(err)
		}
		if identity := slices.Equal(r, seq(8)); identity != (e >= 2) {
			t.Errorf("epoch %d: order %v", e, r)
		}
	}
	f := twoSteps(0.5, 0.1, 2)
	if f(0) != 0.5 || f(1) != 0.5 || f(2) != 0.1 || f(9) != 0.1 {
		t.Error("twoSteps does not switch at 2")
	}
}

func TestSGDInternallyPredict(t *testing.T) {
	// The terms' crossings scale as σ_low⁻², and the rates cross later as
	// σ_low falls.
	c := SGDInternallyConfig{}.At(Default)
	p1, err := c.predict(5)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := c.predict(10)
	if err != nil {
		t.Fatal(err)
	}
	if r := p1.Terms / p2.Terms; math.Abs(r-4) > 1e-12 {
		t.Errorf("terms' crossing ratio %v, want 4", r)
	}
	if r := p1.First / p1.Terms; math.Abs(r-float64(c.N*c.N)) > 1e-12 {
		t.Errorf("first term's crossing over the last's %v, want N² = %d", r, c.N*c.N)
	}
	if !(p1.Rates > p2.Rates && p2.Rates >= 1) {
		t.Errorf("rates cross at %v and %v epochs", p1.Rates, p2.Rates)
	}
	// The crossings against the terms themselves, 1% either side:
	// σ_low √(LF₀/(NmT)) against (σ_low LF₀/(N√m T))^(2/3) and LF₀/T.
	p, err := c.problem(5)
	if err != nil {
		t.Fatal(err)
	}
	lf, s2, n, m := p.L()*p.Func(constant(p.Dim(), c.X0)), p.SigmaLow2(), float64(c.N), float64(c.M)
	internal := func(T float64) float64 { return math.Sqrt(s2 * lf / (n * m * T)) }
	last := func(T float64) float64 { return math.Pow(math.Sqrt(s2)*lf/(n*math.Sqrt(m)*T), 2.0/3) }
	first := func(T float64) float64 { return lf / T }
	for _, test := range []struct {
		name  string
		at    float64
		other func(float64) float64
	}{{"last term", p1.Terms, last}, {"first term", p1.First, first}} {
		if !(internal(0.99*test.at) < test.other(0.99*test.at)) || !(internal(1.01*test.at) > test.other(1.01*test.at)) {
			t.Errorf("%s: σ_low's term does not cross it at %v", test.name, test.at)
		}
	}
}

func TestSGDInternallyFindings(t *testing.T) {
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 3, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// SGD internally far ahead at T = 2 with free steps at σ_low = 10:
	// the practice part must see that lead.
	at := sgdInternallyLeadAt - 1
	fr := &res.Settings[1].Free
	fr.Internal[at], fr.InternalSE[at], fr.ShufflingSE[at] = fr.Shuffling[at]/10, 0, fr.Shuffling[at]/1000
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Settings) != 2 || f.Settings[1].SigmaLow != 10 || f.LeadAt != sgdInternallyLeadAt {
		t.Fatalf("settings %+v at T = %d, want σ_low 5 and 10 at %d", f.Settings, f.LeadAt, sgdInternallyLeadAt)
	}
	if f.Practice != Reproduced || !f.Settings[1].FreeLead.Above(0) {
		t.Errorf("free lead at σ_low = 10 %v: practice %v, want reproduced", f.Settings[1].FreeLead, f.Practice)
	}
	for i, sf := range f.Settings {
		if holds := sf.TradeOff == Reproduced; holds != slices.Contains(f.SigmaLows, sf.SigmaLow) {
			t.Errorf("σ_low = %g: trade-off %v, but listed among the trade-off's: %v", sf.SigmaLow, sf.TradeOff, f.SigmaLows)
		}
		if (sf.TradeOff == Reproduced) != (sf.Lead.Above(0) && sf.End.Below(0)) || sf.Lead.N != res.Config.Runs {
			t.Errorf("σ_low = %g: trade-off %v from lead %v and end %v", sf.SigmaLow, sf.TradeOff, sf.Lead, sf.End)
		}
		if !(sf.CrossLo <= sf.Crossover && sf.Crossover <= sf.CrossHi) {
			t.Errorf("σ_low = %g: crossover %d outside its bar [%d, %d]", sf.SigmaLow, sf.Crossover, sf.CrossLo, sf.CrossHi)
		}
		// Under Theorem 1's limits there is no control; with free steps
		// there is.
		if sf.Theorem.Control.N != 0 || sf.FreeCombination.Control.N == 0 {
			t.Errorf("setting %d: control %v under the limits, %v free", i, sf.Theorem.Control, sf.FreeCombination.Control)
		}
	}
	// Practice is a finding beside the verdict, not a part.
	if f.Verdict != combine(f.TradeOff, f.Combination) || f.PredictedSlope != -2 {
		t.Errorf("verdict %v from %v, %v, %v; slope %v", f.Verdict, f.TradeOff, f.SlopePart, f.Combination, f.PredictedSlope)
	}
	out, err := res.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != f.Verdict {
		t.Errorf("outcome's verdict %v, findings' %v", out.Verdict, f.Verdict)
	}
	if f.Practice != Reproduced {
		t.Errorf("ahead at T = 2 with free steps: practice %v, want reproduced", f.Practice)
	}
	// The free steps' lead is not judged: it is reported, and no check
	// names it.
	for _, c := range out.Checks {
		if c.Name == "sgd-internally-practice" {
			t.Errorf("a check of what is not judged: %s", c.Detail)
		}
	}
	if !strings.Contains(out.Brief, "free steps, not judged: lead shown") {
		t.Errorf("brief %q does not report the free steps' lead", out.Brief)
	}
	// Far behind at T = 2 with free steps at every σ_low: practice fails.
	for i := range res.Settings {
		fr := &res.Settings[i].Free
		fr.Internal[at], fr.InternalSE[at], fr.ShufflingSE[at] = 10*fr.Shuffling[at], 0, fr.Shuffling[at]/1000
	}
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	if f.Practice != NotReproduced {
		t.Errorf("behind at T = 2 with free steps: practice %v, want not reproduced", f.Practice)
	}
	// A lead of 2.5 standard errors with 3 runs: z > 1.96 called it, t
	// does not (unsettled).
	fr = &res.Settings[1].Free
	se := fr.Shuffling[at] / 100
	fr.InternalSE[at], fr.ShufflingSE[at] = se, se
	fr.Internal[at] = fr.Shuffling[at] - 2.5*math.Sqrt2*se
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	if f.Practice != Inconclusive {
		t.Errorf("2.5 SE lead with 3 runs: practice %v (lead %v), want inconclusive", f.Practice, f.Settings[1].FreeLead)
	}
}

func TestSGDInternallySlope(t *testing.T) {
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 3, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// cross makes SGD internally far ahead under Theorem 1's limits
	// before epoch x and far behind from it on, with small errors: the
	// trade-off holds and the crossover is x, its bar narrow.
	cross := func(a *SGDInternallyArms, x int) {
		for i := range a.Internal {
			a.Internal[i], a.InternalSE[i], a.ShufflingSE[i] = 10*a.Shuffling[i], 0, a.Shuffling[i]/1000
			if i >= 1 && i < x-1 {
				a.Internal[i] = a.Shuffling[i] / 10
			}
		}
	}
	for _, tc := range []struct {
		name     string
		x5, x10  int
		want     Verdict
		exponent float64
	}{
		// Crossovers 16 and 4: exponent -2, holds.
		{"exponent -2", 16, 4, Reproduced, -2},
		// 16 and 8: exponent -1, outside -2 ± 0.5: fails.
		{"exponent -1", 16, 8, NotReproduced, -1},
		// 16 and 3: exponent -2.4, inside the band: holds.
		{"exponent -2.4", 16, 3, Reproduced, math.Log2(3.0 / 16)},
	} {
		r := cloneJSON(t, res)
		cross(&r.Settings[0].Theorem, tc.x5)
		cross(&r.Settings[1].Theorem, tc.x10)
		judgeAsTuned(r)
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Crossovers) != 2 || f.SlopePart != tc.want || math.Abs(f.Slope-tc.exponent) > 1e-9 {
			t.Errorf("%s: crossovers %v, exponent %v %v, part %v; want %v, %v", tc.name, f.Crossovers, f.Slope, f.SlopeIv, f.SlopePart, tc.exponent, tc.want)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		// The exponent's reading never moves the verdict: it is reported
		// beside it.
		// The combination is judged beside the verdict, not combined.
		if out.Verdict != f.TradeOff {
			t.Errorf("%s: verdict %v, want the trade-off's and combination's %v", tc.name, out.Verdict, combine(f.TradeOff, f.Combination))
		}
	}
	lows := []float64{2.5, 5, 10}
	// Wide and open bars leave the exponent unsettled.
	for _, bars := range [][2][]float64{{{800, 390, 50}, {1990, 410, 200}}, {{1550, 390, 97}, {2001, 410, 103}}} {
		if iv := sgdInternallySlopeInterval(lows, bars[0], bars[1], 2000); iv.Lo > -2.5 && iv.Hi < -1.5 {
			t.Errorf("bars %v: slope interval %v within -2 ± 0.5", bars, iv)
		}
	}
	// The interval contains every slope over the bars' ends.
	iv := sgdInternallySlopeInterval(lows, []float64{1000, 300, 60}, []float64{1500, 500, 90}, 2000)
	for _, y := range [][]float64{{1000, 300, 60}, {1500, 500, 90}, {1000, 500, 90}, {1500, 300, 60}, {1200, 400, 75}} {
		if s := logSlope(lows, y); s < iv.Lo-1e-12 || s > iv.Hi+1e-12 {
			t.Errorf("slope %v of %v outside %v", s, y, iv)
		}
	}
}

func TestSGDInternallyRejectMalformed(t *testing.T) {
	good, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 2, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rejectsMalformed(t, good, (*SGDInternallyResult).Outcome, map[string]func(r *SGDInternallyResult){
		"no settings":   func(r *SGDInternallyResult) { r.Settings = nil },
		"short curve":   func(r *SGDInternallyResult) { r.Settings[0].Theorem.Internal = r.Settings[0].Theorem.Internal[:3] },
		"no control":    func(r *SGDInternallyResult) { r.Settings[1].Free.Control = nil },
		"bad step":      func(r *SGDInternallyResult) { r.Settings[1].Free.ShufflingStep[4] = 99 },
		"other σ_low":   func(r *SGDInternallyResult) { r.Settings[0].SigmaLow = 7 },
		"switch at end": func(r *SGDInternallyResult) { r.Settings[0].Switch = r.Config.Epochs },
	})
	for _, c := range []SGDInternallyConfig{
		{N: 3}, {M: 5}, {SigmaTop: -1}, {SigmaLows: []float64{}}, {SigmaLows: []float64{10, 5}}, {SigmaLows: []float64{0}},
		{Epochs: 2}, {Runs: -1}, {TheoremGrid: -2}, {X0: math.NaN()},
	} {
		if _, err := c.At(Default).Run(context.Background(), nil); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// TestSGDInternallyTradeOffSome checks the trade-off's rule as the
// protocol states it: the trade-off holds if some σ_low shows it (ahead at
// T = 2, behind at the last horizon, on intervals), fails if every σ_low
// fails it, and is unsettled otherwise.
func TestSGDInternallyTradeOffSome(t *testing.T) {
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 2, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// behind makes SGD internally behind shuffling at every horizon;
	// early makes it far ahead for the first 3 epochs and behind after.
	behind := func(a *SGDInternallyArms) {
		for i := range a.Internal {
			a.Internal[i], a.InternalSE[i], a.ShufflingSE[i] = 10*a.Shuffling[i], 0, a.Shuffling[i]/1000
		}
	}
	early := func(a *SGDInternallyArms) {
		behind(a)
		for i := range 3 {
			a.Internal[i] = a.Shuffling[i] / 10
		}
	}
	// unsettled: ahead early on the mean, by less than the noise.
	unsettled := func(a *SGDInternallyArms) {
		early(a)
		for i := range 3 {
			a.Internal[i], a.InternalSE[i] = 0.99*a.Shuffling[i], a.Shuffling[i]
		}
	}
	for _, test := range []struct {
		name  string
		set   [2]func(*SGDInternallyArms)
		trade Verdict
	}{
		{"no σ_low leads", [2]func(*SGDInternallyArms){behind, behind}, NotReproduced},
		{"one σ_low leads", [2]func(*SGDInternallyArms){behind, early}, Reproduced},
		{"both lead", [2]func(*SGDInternallyArms){early, early}, Reproduced},
		{"one behind, one unsettled", [2]func(*SGDInternallyArms){behind, unsettled}, Inconclusive},
	} {
		r := cloneJSON(t, res)
		for i, f := range test.set {
			f(&r.Settings[i].Theorem)
		}
		judgeAsTuned(r)
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.TradeOff != test.trade {
			t.Errorf("%s: trade-off %v, want %v (settings %+v)", test.name, f.TradeOff, test.trade, f.SigmaLows)
		}
	}
}

// TestSGDInternallyCombination checks the combination part through
// Findings: under Theorem 1's limits, ahead of SGD internally and
// shuffling at the last horizon for some σ_low holds; shown behind one of
// them at every σ_low fails; the control (free steps) is not part of it.
func TestSGDInternallyCombination(t *testing.T) {
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 3, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// set puts the combination's last value at factor times the better
	// of the two methods', with small errors.
	set := func(a *SGDInternallyArms, factor float64) {
		E := len(a.Internal)
		best := math.Min(a.Internal[E-1], a.Shuffling[E-1])
		a.Combination[E-1] = factor * best
		a.CombinationSE[E-1], a.InternalSE[E-1], a.ShufflingSE[E-1] = best/1000, best/1000, best/1000
	}
	for _, tc := range []struct {
		name     string
		f5, f10  float64
		want     Verdict
		freeBest bool
	}{
		{"ahead at one σ_low", 2, 0.5, Reproduced, false},
		{"behind at every σ_low", 2, 2, NotReproduced, true},
		{"ahead at both", 0.5, 0.5, Reproduced, false},
	} {
		r := cloneJSON(t, res)
		set(&r.Settings[0].Theorem, tc.f5)
		set(&r.Settings[1].Theorem, tc.f10)
		if tc.freeBest {
			// Far ahead of everything with free steps, the control too:
			// not part of the verdict.
			for i := range r.Settings {
				fr := &r.Settings[i].Free
				E := len(fr.Internal)
				fr.Combination[E-1], fr.CombinationSE[E-1] = 0, 0
			}
		}
		judgeAsTuned(r)
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.Combination != tc.want {
			t.Errorf("%s: combination %v, want %v (%+v)", tc.name, f.Combination, tc.want, f.Settings[0].Theorem)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		// The combination is judged beside the verdict, not combined.
		if out.Verdict != f.TradeOff {
			t.Errorf("%s: verdict %v from %v, %v, %v", tc.name, out.Verdict, f.TradeOff, f.SlopePart, f.Combination)
		}
		for _, ch := range out.Checks {
			if ch.Name == "sgd-internally-combination" && ch.OK != (tc.want == Reproduced) {
				t.Errorf("%s: combination check %v: %s", tc.name, ch.OK, ch.Detail)
			}
		}
	}
}

// TestSGDInternallyCharts checks the charts' spread and words: the
// curves of several runs say how many and carry their bands, the
// crossover chart names every σ_low it leaves out, and a band thinner
// than its line is said to be so.
func TestSGDInternallyCharts(t *testing.T) {
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 3, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// σ_low = 5 far ahead for 3 epochs and behind after (a crossover),
	// σ_low = 10 behind throughout (none).
	for i, ahead := range []int{3, 0} {
		a := &res.Settings[i].Theorem
		for k := range a.Internal {
			a.Internal[k], a.InternalSE[k], a.ShufflingSE[k] = 10*a.Shuffling[k], 0, a.Shuffling[k]/1000
			if k < ahead {
				a.Internal[k] = a.Shuffling[k] / 10
			}
		}
	}
	judgeAsTuned(res)
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	out, err := res.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := out.Chart("sgd-internally-crossover"); err != nil {
		t.Fatalf("trade-offs %v, %v: %v", f.Settings[0].TradeOff, f.Settings[1].TradeOff, err)
	}
	for _, fig := range out.Charts {
		lc, ok := fig.Chart.(*chart.LineChart)
		if !ok {
			t.Fatalf("%s: %T, want a line chart", fig.Base, fig.Chart)
		}
		for _, s := range lc.Series {
			if s.Lo != nil && s.Runs != res.Config.Runs {
				t.Errorf("%s: %q with a band of %d runs, want %d", fig.Base, s.Name, s.Runs, res.Config.Runs)
			}
		}
		if fig.Base != "sgd-internally-crossover" {
			continue
		}
		for _, sf := range f.Settings {
			named := strings.Contains(lc.Title, fmt.Sprintf("σ\u00a0low\u00a0=\u00a0%g", sf.SigmaLow))
			if named == (sf.TradeOff == Reproduced) {
				t.Errorf("σ_low = %g, trade-off %v: named in the title %q: %v", sf.SigmaLow, sf.TradeOff, lc.Title, named)
			}
		}
	}
	x := []float64{1, 2, 3}
	lc := &chart.LineChart{LogY: true, Series: []chart.Series{
		{Name: "wide", X: x, Y: []float64{1, 10, 100}, Lo: []float64{0.5, 5, 50}, Hi: []float64{2, 20, 200}},
		{Name: "thin", X: x, Y: []float64{1, 10, 100}, Lo: []float64{0.99, 9.9, 99}, Hi: []float64{1.01, 10.1, 101}},
		{Name: "none", X: x, Y: []float64{2, 20, 200}},
	}}
	for k := range lc.Series {
		lc.Series[k].Runs = 3
	}
	noteHiddenBands(lc, "95% band", true)
	if got := names(lc.Series); !slices.Equal(got, []string{"wide", "thin (95% band within the line)", "none"}) {
		t.Errorf("names %q, want only the thin band's noted", got)
	}
	if s := lc.Series; s[0].NoSpread != "" || s[1].NoSpread == "" {
		t.Errorf("NoSpread %q and %q, want only the thin band's set", s[0].NoSpread, s[1].NoSpread)
	}
}

// TestSGDInternallySomeHolm checks the multiplicity of the "for some
// σ_low" parts: each σ_low shown at its own 2.5% (a lead of 5 standard
// errors with 3 runs, p ≈ 0.019) does not make the trade-off or the
// combination hold over two σ_low, as Holm's step-down at a family-wise
// 2.5% asks p ≤ 0.0125 of the smallest; a lead of 20 standard errors at
// one σ_low does.
func TestSGDInternallySomeHolm(t *testing.T) {
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 3, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	at := sgdInternallyLeadAt - 1
	// trade puts SGD internally z standard errors ahead at T = 2 (the
	// other's error 0, so Welch's degrees of freedom are Runs-1) and far
	// behind, with small errors, at every other horizon.
	trade := func(a *SGDInternallyArms, z float64) {
		for i := range a.Internal {
			a.Internal[i], a.InternalSE[i], a.ShufflingSE[i] = 10*a.Shuffling[i], 0, a.Shuffling[i]/1000
		}
		s := a.Shuffling[at] / 100
		a.Internal[at], a.InternalSE[at], a.ShufflingSE[at] = a.Shuffling[at]-z*s, s, 0
	}
	// comb puts the combination z standard errors ahead of the better
	// method at the last horizon.
	comb := func(a *SGDInternallyArms, z float64) {
		E := len(a.Internal)
		best := math.Min(a.Internal[E-1], a.Shuffling[E-1])
		s := best / 100
		a.Combination[E-1], a.CombinationSE[E-1], a.InternalSE[E-1], a.ShufflingSE[E-1] = best-z*s, s, 0, 0
	}
	for _, tc := range []struct {
		name   string
		z      [2]float64
		want   Verdict
		raw    Verdict // each σ_low's own verdict at 2.5%
		adjLow bool    // the first σ_low's adjusted p-value at most 2.5%
	}{
		{"each at 2.5%, not the family", [2]float64{5, 5}, Inconclusive, Reproduced, false},
		{"one far ahead", [2]float64{20, 5}, Reproduced, Reproduced, true},
		{"both far ahead", [2]float64{20, 20}, Reproduced, Reproduced, true},
	} {
		r := cloneJSON(t, res)
		for i, z := range tc.z {
			trade(&r.Settings[i].Theorem, z)
			comb(&r.Settings[i].Theorem, z)
		}
		judgeAsTuned(r)
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.TradeOff != tc.want || f.Combination != tc.want {
			t.Errorf("%s: trade-off %v, combination %v, want %v", tc.name, f.TradeOff, f.Combination, tc.want)
		}
		for i, sf := range f.Settings {
			if sf.TradeOff != tc.raw || !sf.Lead.Above(0) || sf.TradeOffHolm < sf.TradeOffP {
				t.Errorf("%s: σ_low = %g: own trade-off %v (lead %v), p %v adjusted to %v; want %v", tc.name, sf.SigmaLow, sf.TradeOff, sf.Lead, sf.TradeOffP, sf.TradeOffHolm, tc.raw)
			}
			if i == 0 && (sf.TradeOffHolm <= ruleAlpha) != tc.adjLow {
				t.Errorf("%s: σ_low = %g: adjusted p %v", tc.name, sf.SigmaLow, sf.TradeOffHolm)
			}
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range out.Checks {
			if (ch.Name == "sgd-internally-trade-off" || ch.Name == "sgd-internally-combination") && ch.OK != (tc.want == Reproduced) {
				t.Errorf("%s: %s %v: %s", tc.name, ch.Name, ch.OK, ch.Detail)
			}
		}
	}
}

// TestSGDInternallyTestsHaveP checks that every interval test the outcome
// hands the report has a p-value (the exponent's interval has none) and
// that the saved outcome encodes as JSON.
func TestSGDInternallyTestsHaveP(t *testing.T) {
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 3, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := res.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	// Two σ_low, each a quantity of the trade-off and of the combination.
	if len(out.Tests) != 4 {
		t.Errorf("%d interval tests, want 4: %+v", len(out.Tests), out.Tests)
	}
	for _, it := range out.Tests {
		if math.IsNaN(it.P) {
			t.Errorf("test %s has no p-value", it.Name)
		}
	}
	if _, err := json.Marshal(out); err != nil {
		t.Errorf("outcome does not encode: %v", err)
	}
}

// judgeAsTuned makes r's judged runs the tuning runs under Theorem 1's
// limits, for tests that build the curves by hand: the findings read the
// judged runs.
func judgeAsTuned(r *SGDInternallyResult) {
	for i := range r.Settings {
		th := r.Settings[i].Theorem
		th.Control, th.ControlSE = nil, nil
		r.Settings[i].Judged = th
	}
}

// TestSGDInternallyJudgedRuns checks that the parts are judged on fresh
// runs: the judged curves take the steps the tuning runs chose, on orders
// of their own, so they differ from the tuning runs' curves.
func TestSGDInternallyJudgedRuns(t *testing.T) {
	res, err := SGDInternallyConfig{}.At(Smoke).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	E := res.Config.Epochs
	for _, set := range res.Settings {
		th, j := set.Theorem, set.Judged
		if !slices.Equal(j.InternalStep, th.InternalStep) || !slices.Equal(j.ShufflingStep, th.ShufflingStep) || j.Large != th.Large || j.Small != th.Small {
			t.Errorf("σ_low = %g: judged steps %v, %v, want the tuning's %v, %v", set.SigmaLow, j.InternalStep, j.ShufflingStep, th.InternalStep, th.ShufflingStep)
		}
		if j.Internal[E-1] == th.Internal[E-1] || j.Shuffling[E-1] == th.Shuffling[E-1] || j.Combination[E-1] == th.Combination[E-1] {
			t.Errorf("σ_low = %g: judged curves end at %v, %v, %v, the tuning runs' values: want fresh runs", set.SigmaLow, j.Internal[E-1], j.Shuffling[E-1], j.Combination[E-1])
		}
		if j.Internal[0] != th.Internal[0] {
			t.Errorf("σ_low = %g: at T = 1 both are ‖∇f(x₀)‖², judged %v, tuning %v", set.SigmaLow, j.Internal[0], th.Internal[0])
		}
	}
}
