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
	"testing"

	"gonum.org/v1/gonum/floats"

	"github.com/goodorder/goodorder/problems"
)

func TestTheorem1NoiseSmoke(t *testing.T) {
	// The bound is a theorem and the estimate has 20,000 samples; the
	// slopes at the smoke scale's T ≤ 1024 and 3 runs are too noisy to
	// assert (the default scale's verdict checks them), so any verdict
	// goes.
	claimSmokeHolds(t, theorem1NoiseID, nil, "theorem1-noise-bound", "theorem1-noise-estimate")
}

func TestGradNoiseVariance(t *testing.T) {
	// E‖ξ‖² = ζ² + P‖∇f(x)‖² (Assumption 2 with equality): the mean of
	// k draws of ‖ξ‖², a scaled χ² with d degrees of freedom, has relative
	// standard deviation √(2/d)/√k = 0.5/√20000 ≈ 0.0035; 5 of them is the
	// tolerance.
	p, err := problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{N: 4, D: 8, Sigma2: 1, M: 0.25, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	const zeta2, P, k = 3.0, 2.0, 20000
	x := make([]float64, p.Dim())
	for i := range x {
		x[i] = float64(i)
	}
	g := make([]float64, p.Dim())
	p.Grad(g, x)
	want := zeta2 + P*floats.Dot(g, g)
	nz := &gradNoise{f: p, zeta2: zeta2, p: P}
	rnd := rand.New(rand.NewPCG(1, 2))
	var mean float64
	xi := make([]float64, p.Dim())
	for range k {
		clear(xi)
		nz.Perturb(xi, 0, x, rnd)
		mean += floats.Dot(xi, xi) / k
	}
	if math.Abs(mean/want-1) > 5*0.5/math.Sqrt(k) {
		t.Errorf("E‖ξ‖² = %g, want %g", mean, want)
	}
}

func TestTheorem1NoiseConfigErrors(t *testing.T) {
	for _, c := range []Theorem1NoiseConfig{
		{N: 3},
		{M: 1},
		{P: -1},
		{Ts: []int{4}},
		{Ts: []int{4, 0}},
		{Fractions: []float64{1}},
		{Runs: 1},
		{Regimes: []Theorem1NoiseRegime{}},
		{Regimes: []Theorem1NoiseRegime{{Name: "other"}}},
		{Regimes: []Theorem1NoiseRegime{{Name: "ζ-dominated", Zeta2: -1}}},
	} {
		if _, err := c.Run(context.Background(), nil); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestTheorem1NoiseRejectMalformed(t *testing.T) {
	good, err := Theorem1NoiseConfig{Ts: []int{4, 8}, Fractions: []float64{0.5}, Grid: 2, Runs: 2, Samples: 10}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rejectsMalformed(t, good, (*Theorem1NoiseResult).Outcome, map[string]func(r *Theorem1NoiseResult){
		"no regimes":   func(r *Theorem1NoiseResult) { r.Regimes = nil },
		"short bound":  func(r *Theorem1NoiseResult) { r.Regimes[0].Bound[0] = r.Regimes[0].Bound[0][:1] },
		"no runs":      func(r *Theorem1NoiseResult) { r.Regimes[1].Tuned[2][1].Measured = nil },
		"no judged":    func(r *Theorem1NoiseResult) { r.Regimes[0].Judged = r.Regimes[0].Judged[:2] },
		"judged short": func(r *Theorem1NoiseResult) { r.Regimes[1].Judged[0] = r.Regimes[1].Judged[0][:1] },
		"no t = 1..T":  func(r *Theorem1NoiseResult) { r.Regimes[0].Bound[1][0][0].MeasuredEnd = nil },
		"no greedy":    func(r *Theorem1NoiseResult) { r.Orders[2] = "SGD" },
		"unknown name": func(r *Theorem1NoiseResult) { r.Regimes[0].Regime.Name = "x" },
	})
}

func TestTheorem1NoiseVerdict(t *testing.T) {
	// A small run gives the shape; its cells are then set by hand: every
	// bound met with room, the noise estimated exactly, and tuned curves
	// c·T^slope with the tuned step below the limit or at the grid's top.
	good, err := Theorem1NoiseConfig{Ts: []int{16, 64, 256, 1024}, Fractions: []float64{0.5}, Grid: 2, Runs: 2, Samples: 10}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	type curve struct {
		slope   float64
		atLimit int     // the tuned step is the grid's top at the atLimit largest T
		second  float64 // the second run's slope, if not 0 (else the first's)
	}
	set := func(curves map[string]curve) *Theorem1NoiseResult {
		r := cloneJSON(t, good)
		for ri := range r.Regimes {
			rg := &r.Regimes[ri]
			rg.Zeta2Est, rg.PEst = rg.Regime.Zeta2, r.Config.P
			for o, name := range r.Orders {
				for i := range r.Config.Ts {
					for f := range rg.Bound[o][i] {
						cl := &rg.Bound[o][i][f]
						cl.Measured = []float64{cl.Stated / 100, cl.Stated / 100}
						cl.MeasuredEnd = slices.Clone(cl.Measured)
						cl.Proof = math.Max(cl.Proof, cl.Stated)
					}
				}
				cv, ok := curves[rg.Regime.Name+" "+name]
				if !ok {
					cv = curve{slope: theorem1NoiseExponent[rg.Regime.Name]}
				}
				for i, T := range r.Config.Ts {
					// The judged runs carry the curve; the tuning's
					// runs, not judged, are flat, so that a verdict
					// read from them would differ.
					cl, tc := &rg.Judged[o][i], &rg.Tuned[o][i]
					s2 := cv.slope
					if cv.second != 0 {
						s2 = cv.second
					}
					cl.Measured = []float64{math.Pow(float64(T), cv.slope), math.Pow(float64(T), s2)}
					cl.MeasuredEnd = slices.Clone(cl.Measured)
					tc.Measured, tc.MeasuredEnd = []float64{1, 1.01}, []float64{1, 1.01}
					cl.Step = 0.25 * rg.MaxStep
					if i >= len(r.Config.Ts)-cv.atLimit {
						cl.Step = theorem1NoiseGridTop * rg.MaxStep
					}
					tc.Step = cl.Step
				}
			}
		}
		return r
	}
	for _, test := range []struct {
		name     string
		curves   map[string]curve
		want     Verdict
		untested bool
	}{
		{"every slope its regime's", nil, Reproduced, false},
		{"every slope flat", map[string]curve{"ζ-dominated RR": {slope: 0}, "ζ-dominated IG": {slope: 0}, "ζ-dominated greedy": {slope: 0},
			"σ*-dominated RR": {slope: 0}, "σ*-dominated IG": {slope: 0}, "σ*-dominated greedy": {slope: 0}}, PartlyReproduced, false},
		{"σ*-dominated RR at -1/2 below the limit", map[string]curve{"σ*-dominated RR": {slope: -0.5}}, PartlyReproduced, false},
		// One-sided (the paper's O(·) is an upper bound): a steeper
		// slope holds, however steep.
		{"ζ-dominated IG at -2/3 below the limit", map[string]curve{"ζ-dominated IG": {slope: -2.0 / 3}}, Reproduced, false},
		{"ζ-dominated greedy at -1", map[string]curve{"ζ-dominated greedy": {slope: -1}}, Reproduced, false},
		// One part failing among parts that hold is partly reproduced
		// (combine): a flat curve where -1/2 is stated fails, and so does
		// one just above the exponent + tolerance.
		{"ζ-dominated RR flat", map[string]curve{"ζ-dominated RR": {slope: 0}}, PartlyReproduced, false},
		{"ζ-dominated RR at -0.35", map[string]curve{"ζ-dominated RR": {slope: -0.35}}, PartlyReproduced, false},
		// Shallower than the exponent but within the tolerance, and
		// steeper.
		{"ζ-dominated IG at -0.45", map[string]curve{"ζ-dominated IG": {slope: -0.45}}, Reproduced, false},
		{"σ*-dominated IG at -0.74", map[string]curve{"σ*-dominated IG": {slope: -0.74}}, Reproduced, false},
		// Two runs that disagree: the interval (t with 1 degree of
		// freedom) spans the exponent + tolerance, so nothing is settled.
		{"ζ-dominated RR's runs at -0.45 and -0.6", map[string]curve{"ζ-dominated RR": {slope: -0.45, second: -0.6}}, Inconclusive, false},
		// Every order is judged over the declared largest 3 T, whatever
		// its tuned step: slope -1 at the limit (the F₀/(nTγ) term, inside
		// the O(·)) holds; a flat curve at the limit fails; at the limit
		// at some T, the slope over the same T is judged.
		{"σ*-dominated greedy at -1 at the limit", map[string]curve{"σ*-dominated greedy": {slope: -1, atLimit: 3}}, Reproduced, false},
		{"σ*-dominated greedy flat at the limit", map[string]curve{"σ*-dominated greedy": {slope: 0, atLimit: 3}}, PartlyReproduced, false},
		{"σ*-dominated RR at -1/2, at the limit at 2 T", map[string]curve{"σ*-dominated RR": {slope: -0.5, atLimit: 2}}, PartlyReproduced, false},
		{"σ*-dominated RR at -1/2, at the limit at 1 T", map[string]curve{"σ*-dominated RR": {slope: -0.5, atLimit: 1}}, PartlyReproduced, false},
		{"ζ-dominated RR's runs at -0.45 and -0.6, at the limit at 3 T", map[string]curve{"ζ-dominated RR": {slope: -0.45, second: -0.6, atLimit: 3}}, Inconclusive, false},
	} {
		out, err := set(test.curves).Outcome()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		if out.Verdict != test.want {
			t.Errorf("%s: verdict %v, want %v: %s", test.name, out.Verdict, test.want, out.Summary)
		}
		if got := strings.Contains(out.Summary, "not tested"); got != test.untested {
			t.Errorf("%s: summary says not tested: %v, want %v: %s", test.name, got, test.untested, out.Summary)
		}
		f, err := set(test.curves).Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.Verdict != test.want || (len(f.Untested) > 0) != test.untested || !f.Holds || !f.Estimated || !f.Admissible {
			t.Errorf("%s: findings' verdict %v, untested %q, bound %v, estimate %v, steps %v", test.name, f.Verdict, f.Untested, f.Holds, f.Estimated, f.Admissible)
		}
	}
	// At the limit at every T, every order is still judged: at its
	// exponent it holds, and the summary names the orders judged and
	// those at the limit.
	all := map[string]curve{}
	for _, reg := range []string{"ζ-dominated", "σ*-dominated"} {
		for _, o := range []string{"RR", "IG", "greedy"} {
			all[reg+" "+o] = curve{slope: theorem1NoiseExponent[reg], atLimit: 4}
		}
	}
	if out, err := set(all).Outcome(); err != nil || out.Verdict != Reproduced {
		t.Errorf("every tuned step at the limit: %v, %v", out, err)
	} else {
		checkOK(t, out, "theorem1-noise-slopes")
		checkOK(t, out, "theorem1-noise-bound")
		if !strings.Contains(out.Summary, "rate judged on 6 of 6 order-regimes (ζ RR, ζ IG, ζ greedy, σ* RR, σ* IG, σ* greedy)") || !strings.Contains(out.Summary, "σ* greedy at 3 of 3 T") {
			t.Errorf("every tuned step at the limit: summary without the orders judged or at the limit: %s", out.Summary)
		}
	}
	// With fewer T than declared no slope is fitted: the bound is still
	// judged, and holds; the rate is an unsettled part, inconclusive,
	// and the summary says which orders dropped out and why.
	two, err := Theorem1NoiseConfig{Ts: []int{16, 64}, Fractions: []float64{0.5}, Grid: 2, Runs: 2, Samples: 10}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for ri := range two.Regimes {
		rg := &two.Regimes[ri]
		rg.Zeta2Est, rg.PEst = rg.Regime.Zeta2, two.Config.P
		for o := range rg.Bound {
			for i := range rg.Bound[o] {
				for f := range rg.Bound[o][i] {
					cl := &rg.Bound[o][i][f]
					cl.Measured = []float64{cl.Stated / 100, cl.Stated / 100}
					cl.MeasuredEnd = slices.Clone(cl.Measured)
				}
			}
		}
	}
	if out, err := two.Outcome(); err != nil || out.Verdict != Inconclusive {
		t.Errorf("no slope fitted: %v, %v", out, err)
	} else {
		checkMisses(t, out, "theorem1-noise-slopes")
		checkOK(t, out, "theorem1-noise-bound")
		checkMisses(t, out, "theorem1-noise-slopes-tested")
		if !strings.Contains(out.Summary, "rate judged on 0 of 6 order-regimes (none)") || !strings.Contains(out.Summary, "dropped: ζ-dominated RR") || !strings.Contains(out.Summary, "fewer than 3 T") {
			t.Errorf("no slope fitted: summary without what dropped out and why: %s", out.Summary)
		}
	}
	// Read as data: at the limit at the largest T, σ*-dominated RR's
	// slope is fitted over the declared T = 1024, 256 and 64 and fails
	// -2/3 + 0.1.
	f, err := set(map[string]curve{"σ*-dominated RR": {slope: -0.5, atLimit: 1}}).Findings()
	if err != nil {
		t.Fatal(err)
	}
	for _, rf := range f.Regimes {
		for _, of := range rf.Orders {
			if rf.Regime.Name != "σ*-dominated" || of.Name != "RR" {
				continue
			}
			if !of.Tested || !slices.Equal(of.FitT, []float64{1024, 256, 64}) || of.AtLimit != 1 || math.Abs(of.Slope.Mean+0.5) > 1e-12 || of.Slope.N != 2 || of.SlopeVerdict != NotReproduced || rf.Want != -2.0/3 {
				t.Errorf("σ*-dominated RR: tested %v over %v, slope %v, verdict %v against %v", of.Tested, of.FitT, of.Slope, of.SlopeVerdict, rf.Want)
			}
		}
	}
	if f.Slopes != NotReproduced || f.Tail != theorem1NoiseTail || f.MinFit != theorem1NoiseMinFit || f.SlopeTol != theorem1NoiseSlopeTol {
		t.Errorf("slopes %v; thresholds %d, %d, %g", f.Slopes, f.Tail, f.MinFit, f.SlopeTol)
	}
	// The failing side is Bonferroni's over the 6 tested slopes: runs'
	// slopes -0.5 and -0.49 lie above -2/3 + 0.1 at 95% (lower end
	// -0.5585 with t at 1 degree of freedom) but not at 2.5%/6 (-0.877),
	// so the slope is unsettled and the part with it; with runs' slopes
	// -0.5 and -0.499 it fails at 2.5%/6 too (lower end -0.538), and
	// without the spread the same mean fails it.
	for _, tc := range []struct {
		second float64
		want   Verdict
	}{{-0.49, Inconclusive}, {-0.499, NotReproduced}, {0, NotReproduced}} {
		f, err := set(map[string]curve{"σ*-dominated RR": {slope: -0.5, second: tc.second}}).Findings()
		if err != nil {
			t.Fatal(err)
		}
		for _, rf := range f.Regimes {
			for _, of := range rf.Orders {
				if rf.Regime.Name == "σ*-dominated" && of.Name == "RR" && (of.SlopeVerdict != tc.want || tc.second != 0 && !(of.Slope.Lo > rf.Want+theorem1NoiseSlopeTol && (of.FailLo < rf.Want+theorem1NoiseSlopeTol) == (tc.want == Inconclusive))) {
					t.Errorf("second slope %g: verdict %v, slope %v, failing end %g; want %v", tc.second, of.SlopeVerdict, of.Slope, of.FailLo, tc.want)
				}
			}
		}
		if f.Slopes != tc.want {
			t.Errorf("second slope %g: rate part %v, want %v", tc.second, f.Slopes, tc.want)
		}
	}

	// The bound part on the t-interval of each setting's mean: far below
	// the bound it holds, judged whatever its slack; an interval across the
	// bound leaves it open (inconclusive), where mean + 2 SE above the
	// bound failed it before; only an interval wholly above fails it,
	// and then the whole is partly reproduced (combine), not "not
	// reproduced".
	cellAt := func(r *Theorem1NoiseResult) *Theorem1NoiseCell {
		cl := &r.Regimes[0].Bound[0][0][0]
		cl.Proof = cl.Stated
		return cl
	}
	for _, tc := range []struct {
		name         string
		a, b         float64 // the two runs as fractions of the bound
		bound, whole Verdict
	}{
		// Slack 100 everywhere: a part all the same, and it holds.
		{"both runs at 1/100", 0.01, 0.01, Reproduced, Reproduced},
		{"both runs at 1/5", 0.2, 0.2, Reproduced, Reproduced},
		{"runs at 0.6 and 1.2 (mean + 2 SE above, t-interval across)", 0.6, 1.2, Inconclusive, Inconclusive},
		{"runs at 1.5 and 1.501", 1.5, 1.501, NotReproduced, PartlyReproduced},
		// Above the bound at 95% (lower end 1.38) but not at 2.5% over
		// the 24 settings (Bonferroni, lower end -1.5): unsettled, where
		// it failed before 2026-12-01.
		{"runs at 1.5 and 1.52 (above at 95% only)", 1.5, 1.52, Inconclusive, Inconclusive},
		// Line 310's stated bound is judged, not the proof's display:
		// above the proof's bound only, the part holds.
		{"runs at 1/5, the proof's bound at 1/10", 0.2, 0.2, Reproduced, Reproduced},
	} {
		r := set(nil)
		cl := cellAt(r)
		// The judged average is t = 1..T; t = 0..T-1, set far above the
		// bound, is said beside and never judged.
		cl.MeasuredEnd = []float64{tc.a * cl.Stated, tc.b * cl.Stated}
		cl.Measured = []float64{10 * cl.Stated, 11 * cl.Stated}
		if strings.Contains(tc.name, "proof") {
			cl.Proof = cl.Stated / 10
		}
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.Bound != tc.bound || f.Verdict != tc.whole {
			t.Errorf("%s: bound part %v, verdict %v (slack %v); want %v, %v", tc.name, f.Bound, f.Verdict, f.MinSlack, tc.bound, tc.whole)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		// The slack is said beside whatever its size; the bound's test is
		// in the report's family.
		if slack := fmt.Sprintf("%.3g", f.MinSlack); !strings.Contains(out.Brief, slack) || strings.Contains(out.Brief, "not approached") ||
			!slices.ContainsFunc(out.Tests, func(x IntervalTest) bool { return strings.HasPrefix(x.Name, "theorem1-noise-bound:") }) {
			t.Errorf("%s: brief without the slack %s, or saying not approached, or no bound test: %s; %+v", tc.name, slack, out.Brief, out.Tests)
		}
	}
	// A slope that fails says the rate over the T fitted fails, not
	// that the paper's O(·) is false.
	if out, err := set(map[string]curve{"ζ-dominated RR": {slope: 0}}).Outcome(); err != nil {
		t.Fatal(err)
	} else if !strings.Contains(out.Summary, "the rate over T = 64, 256, 1024 fails for ζ RR") || !strings.Contains(out.Summary, "does not show the O(·) false") ||
		!strings.Contains(out.Brief, "fail over these T: ζ RR") || strings.Contains(out.Summary, "O(·) is false") {
		t.Errorf("a failing slope: the summary or brief does not say the rate over these T fails: %s; %s", out.Summary, out.Brief)
	}
	// The brief names the slopes judged, the one at the limit too.
	out, err := set(map[string]curve{"σ*-dominated greedy": {slope: -1, atLimit: 3}}).Outcome()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.Brief, "untested") || !strings.Contains(out.Brief, "σ* greedy") || !strings.Contains(out.Brief, "ζ RR") || !strings.Contains(out.Brief, "σ* IG") {
		t.Errorf("brief without the slopes judged: %s", out.Brief)
	}
}

func TestTheorem1NoiseSlopeVerdict(t *testing.T) {
	// The paper's rate is an upper bound (∈ O(·)): non-inferiority with
	// the margin 0.1 above the exponent. A steeper slope never fails; a
	// slope shown above exponent + 0.1 fails (on either regime); an
	// interval across the edge is unsettled.
	iv := func(lo, hi float64) Interval { return Interval{Mean: (lo + hi) / 2, Lo: lo, Hi: hi, N: 6} }
	for _, tc := range []struct {
		name string
		iv   Interval
		want float64
		v    Verdict
	}{
		{"ζ at -1/2", iv(-0.55, -0.45), -0.5, Reproduced},
		{"ζ far steeper, -1.5", iv(-1.6, -1.4), -0.5, Reproduced},
		{"ζ flat", iv(-0.05, 0.05), -0.5, NotReproduced},
		{"ζ just above the margin", iv(-0.39, -0.35), -0.5, NotReproduced},
		{"ζ across the margin", iv(-0.45, -0.35), -0.5, Inconclusive},
		{"σ* at -2/3", iv(-0.7, -0.63), -2.0 / 3, Reproduced},
		{"σ* at ζ's -1/2", iv(-0.53, -0.47), -2.0 / 3, NotReproduced},
		{"σ* unbounded", Interval{Mean: -0.7, Lo: math.Inf(-1), Hi: math.Inf(1), N: 1}, -2.0 / 3, Inconclusive},
	} {
		if got := theorem1NoiseSlopeVerdict(tc.iv, tc.want); got != tc.v {
			t.Errorf("%s: slope %v against %.3g + %g: %v, want %v", tc.name, tc.iv, tc.want, theorem1NoiseSlopeTol, got, tc.v)
		}
	}
}

func TestTheorem1NoiseCell(t *testing.T) {
	res, err := Theorem1NoiseConfig{Ts: []int{16, 64}, Fractions: []float64{0.5}, Grid: 2, Runs: 2, Samples: 10}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	o := slices.Index(res.Orders, "IG")
	reg := res.Regimes[1].Regime.Name
	if got := res.Cell(reg, "IG", 64, 0.5); got != &res.Regimes[1].Bound[o][1][0] {
		t.Errorf("Cell(%q, IG, 64, 0.5) = %p, want Bound[%d][1][0] of regime 1", reg, got, o)
	}
	if got := res.TunedCell(reg, "IG", 16); got != &res.Regimes[1].Tuned[o][0] {
		t.Errorf("TunedCell(%q, IG, 16) = %p, want Tuned[%d][0] of regime 1", reg, got, o)
	}
	for _, c := range []*Theorem1NoiseCell{res.Cell("none", "IG", 16, 0.5), res.Cell(reg, "none", 16, 0.5), res.Cell(reg, "IG", 17, 0.5), res.Cell(reg, "IG", 16, 0.25), res.TunedCell(reg, "IG", 17)} {
		if c != nil {
			t.Errorf("a cell of a regime, order, T or fraction not in the result: %+v", c)
		}
	}
}

func TestTheorem1NoiseSlopeRule(t *testing.T) {
	// One-sided against want + tol, monotone: moving an interval down
	// (a steeper slope) never worsens the verdict.
	iv := func(lo, hi float64) Interval { return Interval{Mean: (lo + hi) / 2, Lo: lo, Hi: hi, N: 6} }
	for _, tc := range []struct {
		name  string
		iv    Interval
		want  Verdict
		steep string
	}{
		{"steeper, [-1.1, -0.9]", iv(-1.1, -0.9), Reproduced, "steeper"},
		{"at the exponent, [-0.55, -0.45]", iv(-0.55, -0.45), Reproduced, "not shown"},
		{"seed 1's ζ IG, [-0.60, -0.48]", iv(-0.60, -0.48), Reproduced, "not shown"},
		{"shallower within the tolerance, [-0.48, -0.42]", iv(-0.48, -0.42), Reproduced, "shallower"},
		{"spanning -0.4, [-0.5, -0.3]", iv(-0.5, -0.3), Inconclusive, "not shown"},
		{"flat, [-0.05, 0.05]", iv(-0.05, 0.05), NotReproduced, "shallower"},
	} {
		if got := theorem1NoiseSlopeVerdict(tc.iv, -0.5); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if got := steepnessWord(tc.iv, -0.5); !strings.HasPrefix(got, tc.steep) {
			t.Errorf("%s: steepness %q, want %q…", tc.name, got, tc.steep)
		}
	}
	rank := map[Verdict]int{NotReproduced: 0, Inconclusive: 1, Reproduced: 2}
	for lo := -1.2; lo < 0.2; lo += 0.01 {
		a, b := theorem1NoiseSlopeVerdict(iv(lo, lo+0.15), -0.5), theorem1NoiseSlopeVerdict(iv(lo+0.01, lo+0.16), -0.5)
		if rank[a] < rank[b] {
			t.Errorf("[%.2f, %.2f] gives %v but the shallower [%.2f, %.2f] %v", lo, lo+0.15, a, lo+0.01, lo+0.16, b)
		}
	}
}

func TestTheorem1NoisePreconditions(t *testing.T) {
	// Our own setup's checks are preconditions: a NoiseEstimate off the
	// noise set, or a step at the limit, makes the verdict not tested
	// (never partly or not reproduced), with the named check missing.
	good, err := Theorem1NoiseConfig{Ts: []int{16, 64, 256, 1024}, Fractions: []float64{0.5}, Grid: 2, Runs: 2, Samples: 10}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		spoil func(r *Theorem1NoiseResult)
		check string
	}{
		{"ζ² estimated 30% off", func(r *Theorem1NoiseResult) {
			for i := range r.Regimes {
				r.Regimes[i].Zeta2Est, r.Regimes[i].PEst = 1.3*r.Regimes[i].Regime.Zeta2+1, r.Config.P
			}
		}, "theorem1-noise-estimate"},
		{"a step at the limit", func(r *Theorem1NoiseResult) {
			for i := range r.Regimes {
				r.Regimes[i].Zeta2Est, r.Regimes[i].PEst = r.Regimes[i].Regime.Zeta2, r.Config.P
			}
			r.Regimes[0].Tuned[0][0].Step = r.Regimes[0].MaxStep
		}, "theorem1-noise-steps"},
	} {
		r := cloneJSON(t, good)
		tc.spoil(r)
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.Verdict != NotTested || f.Precondition == "" {
			t.Errorf("%s: verdict %v, precondition %q; want not tested with a reason", tc.name, f.Verdict, f.Precondition)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		checkMisses(t, out, tc.check)
		if !strings.Contains(out.Brief, "not tested, our setup fails") {
			t.Errorf("%s: brief without the reason: %s", tc.name, out.Brief)
		}
	}
}

// TestTheorem1NoiseJudgedRuns checks that no judged run reuses a tuning
// seed: at every regime, order and T the judged runs take the tuning's
// step on draws of their own, so their values differ from the tuning's
// at the same step, and the bound check's runs are judged runs (at the
// grid's top step, 0.99·limit, they are the judged runs there).
func TestTheorem1NoiseJudgedRuns(t *testing.T) {
	res, err := Theorem1NoiseConfig{Ts: []int{4, 8, 16}, Fractions: []float64{0.5, theorem1NoiseGridTop}, Grid: 3, Runs: 2, Samples: 10}.At(Default).Run(context.Background(), &Env{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	top := 0
	for _, rg := range res.Regimes {
		for o, name := range res.Orders {
			for i, T := range res.Config.Ts {
				tc, jc := rg.Tuned[o][i], rg.Judged[o][i]
				if jc.Step != tc.Step || len(jc.Measured) != res.Config.Runs {
					t.Errorf("%s %s T = %d: judged step %g with %d runs, want the tuning's %g with %d", rg.Regime.Name, name, T, jc.Step, len(jc.Measured), tc.Step, res.Config.Runs)
				}
				for k := range jc.Measured {
					if jc.Measured[k] == tc.Measured[k] {
						t.Errorf("%s %s T = %d: judged run %d is the tuning's run %d (%g): a tuning seed judged", rg.Regime.Name, name, T, k, k, jc.Measured[k])
					}
				}
				if b := rg.Bound[o][i][1]; tc.Step == b.Step {
					top++
					if !slices.Equal(b.Measured, jc.Measured) {
						t.Errorf("%s %s T = %d: the bound check's runs at the top step %v, the judged runs %v: want the same judged stream", rg.Regime.Name, name, T, b.Measured, jc.Measured)
					}
				}
			}
		}
	}
	if top == 0 {
		t.Errorf("no tuned step at the grid's top: the bound check's stream is not compared")
	}
	// The streams are apart at every base seed the passes use.
	tuning := map[uint64]bool{}
	for base := uint64(1); base <= 5; base++ {
		for k := range 3 {
			tuning[theorem1NoiseSeed(base, streamTheorem1Noise, 0, 0, 64, k)] = true
		}
	}
	for base := uint64(1); base <= 5; base++ {
		for k := range 3 {
			if tuning[theorem1NoiseSeed(base, streamTheorem1NoiseJudged, 0, 0, 64, k)] {
				t.Errorf("base seed %d run %d: a judged seed is a tuning seed", base, k)
			}
		}
	}
}

// TestTheorem1NoiseRunIndices checks the two averages of a run: Measured
// over the epoch starts t = 0..T-1, MeasuredEnd over line 310's t = 1..T.
// A run of 2 epochs repeats the first epoch of a run of 1 (the same seed),
// so with g_t = ‖∇f(x_t)‖²: at T = 1 Measured is g_0 and MeasuredEnd g_1,
// and at T = 2 Measured is (g_0 + g_1)/2.
func TestTheorem1NoiseRunIndices(t *testing.T) {
	p, err := problems.NewHeteroQuadratic(problems.HeteroQuadraticConfig{N: 4, D: 2, L: 1, Mu: 0.6, Sigma2: 1, M: 0.25, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	x0 := p.Minimizer()
	floats.AddConst(1, x0)
	g := make([]float64, len(x0))
	p.Grad(g, x0)
	g0 := floats.Dot(g, g)
	for _, name := range []string{"RR", "IG"} {
		m1, e1, _, err := theorem1NoiseRun(p, x0, name, 1, 0.01, 1, 1, 1, 7)
		if err != nil {
			t.Fatal(err)
		}
		m2, e2, _, err := theorem1NoiseRun(p, x0, name, 2, 0.01, 1, 1, 1, 7)
		if err != nil {
			t.Fatal(err)
		}
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }
		if !near(m1, g0) || near(e1, g0) || !near(m2, (g0+e1)/2) || near(e2, m2) {
			t.Errorf("%s: T = 1 averages %g (want g_0 = %g) and %g (want g_1 ≠ g_0); T = 2 averages %g (want %g) and %g", name, m1, g0, e1, m2, (g0+e1)/2, e2)
		}
	}
}
