// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/goodorder/goodorder/ordering"
)

func TestSGDInternallySmoke(t *testing.T) {
	out := claimSmoke(t, sgdInternallyID)
	for _, name := range []string{"trade-off", "scaling", "practice", "combination"} {
		found := false
		for _, c := range out.Checks {
			found = found || c.Name == "sgd-internally-"+name
		}
		if !found {
			t.Errorf("no check sgd-internally-%s", name)
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
	res, err := SGDInternallyConfig{M: 4, SigmaLows: []float64{5, 10}, Epochs: 20, Runs: 2, TheoremGrid: 3, FreeGrid: 4}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// SGD internally far ahead at T = 6 with free steps at σ_low = 10:
	// the practice check must see that lead, and only there.
	fr := &res.Settings[1].Free
	fr.Internal[5], fr.InternalSE[5], fr.ShufflingSE[5] = fr.Shuffling[5]/10, 0, fr.Shuffling[5]/1000
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Settings) != 2 || f.Settings[1].SigmaLow != 10 {
		t.Fatalf("settings %+v, want σ_low 5 and 10", f.Settings)
	}
	if l := f.Lead; l.At != 6 || l.SigmaLow != 10 || !(l.Z > f.Z) || !f.Practice {
		t.Errorf("largest free lead %+v, practice %v; want at T = 6, σ_low = 10, above %v", l, f.Practice, f.Z)
	}
	for i, sf := range f.Settings {
		if shows := sf.Early && sf.Inside; shows != slices.Contains(f.SigmaLows, sf.SigmaLow) {
			t.Errorf("σ_low = %g: early %v, inside %v, but listed among the trade-off's: %v", sf.SigmaLow, sf.Early, sf.Inside, f.SigmaLows)
		}
		if sf.Early != (sf.Before.Z > f.Z) || sf.Inside != (sf.Crossover <= res.Config.Epochs) {
			t.Errorf("σ_low = %g: early %v with lead %v, inside %v with crossover %d", sf.SigmaLow, sf.Early, sf.Before.Z, sf.Inside, sf.Crossover)
		}
		// Under Theorem 1's limits there is no control; with free steps
		// there is.
		if !math.IsNaN(sf.Theorem.ZControl) || math.IsNaN(sf.FreeCombination.ZControl) {
			t.Errorf("setting %d: control z %v under the limits, %v free", i, sf.Theorem.ZControl, sf.FreeCombination.ZControl)
		}
		if want := sf.FreeCombination.ZInternal > f.Z && sf.FreeCombination.ZShuffling > f.Z && sf.FreeCombination.ZControl > f.Z; sf.FreeCombination.Beats != want {
			t.Errorf("setting %d: the free combination beats %v, want %v from %+v", i, sf.FreeCombination.Beats, want, sf.FreeCombination)
		}
	}
	if f.Verdict != partsOf(f.TradeOff, f.SlopeHolds, f.Practice, f.Combination) || f.Z != sgdInternallyZ || f.PredictedSlope != -2 {
		t.Errorf("verdict %v from %v, %v, %v, %v; thresholds %v, %v", f.Verdict, f.TradeOff, f.SlopeHolds, f.Practice, f.Combination, f.Z, f.PredictedSlope)
	}
	out, err := res.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != f.Verdict {
		t.Errorf("outcome's verdict %v, findings' %v", out.Verdict, f.Verdict)
	}
	checkOK(t, out, "sgd-internally-practice")
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
// protocol states it: the trade-off holds if some σ_low shows it (a lead
// before a crossover within the horizon), and fails if none does.
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
	for _, test := range []struct {
		name  string
		set   [2]func(*SGDInternallyArms)
		trade bool
	}{
		{"no σ_low leads", [2]func(*SGDInternallyArms){behind, behind}, false},
		{"one σ_low leads", [2]func(*SGDInternallyArms){behind, early}, true},
		{"both lead", [2]func(*SGDInternallyArms){early, early}, true},
	} {
		r := cloneJSON(t, res)
		for i, f := range test.set {
			f(&r.Settings[i].Theorem)
		}
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.TradeOff != test.trade {
			t.Errorf("%s: trade-off %v, want %v (settings %+v)", test.name, f.TradeOff, test.trade, f.SigmaLows)
		}
	}
}
