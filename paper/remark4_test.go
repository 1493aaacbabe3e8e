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
	"testing"

	"github.com/goodorder/goodorder/ordering"
)

func TestRemark4Smoke(t *testing.T) {
	// The worst-case bound is exact algebra and holds; Lemma 1 is an
	// equality on this problem, which the smoke scale's 2,000 draws
	// cannot show within 2%: reproduced or inconclusive.
	claimSmokeHolds(t, remark4ID, []Verdict{Reproduced, Inconclusive}, "remark4-worst-case")
}

func TestRemark4WorstCaseTight(t *testing.T) {
	// With σ² = 0 every ∇f_i - ∇f is ±√M ∇f: the sorted order puts one
	// sign first, so φ²_{r,n/2} = (n/2)² M‖∇f‖² and the ratio to Remark 4's
	// k n M‖∇f‖² is exactly 1/2 (k = n/2), the largest any order reaches.
	res, err := Remark4Config{N: 8, Settings: []Remark4Setting{{Sigma2: 0, M: 0.2}}, Points: 2, RandomOrders: 10, Trials: 100}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, pt := range res.Settings[0].Points {
		for o, w := range pt.Worst {
			if name := res.Orders[o]; name == "sorted" || name == "sorted reversed" {
				if d := w - 0.5; d > 1e-12 || d < -1e-12 {
					t.Errorf("%s: ratio %v, want 1/2", name, w)
				}
			} else if w > 0.5+1e-12 {
				t.Errorf("%s: ratio %v above 1/2", name, w)
			}
		}
	}
}

func TestRemark4Findings(t *testing.T) {
	// The tight case of TestRemark4WorstCaseTight read as data: the sorted
	// orders reach 1/2 of Remark 4's bound; then an order pushed above it
	// fails the worst case and nothing else.
	res, err := Remark4Config{N: 8, Settings: []Remark4Setting{{Sigma2: 0, M: 0.2}}, Points: 2, RandomOrders: 10, Trials: 100}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// 100 draws cannot show a mean within 2% of its bound: the Monte
	// Carlo parts are unsettled.
	if f, err := res.Findings(); err != nil || f.RRPart != Inconclusive || f.Verdict != Inconclusive {
		t.Errorf("100 draws: RR part %v, verdict %v (%v); want inconclusive", f.RRPart, f.Verdict, err)
	}
	remark4Settle(res)
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	// σ*² = nσ², M* = M follows from Lemma 1's bound, and is reported
	// beside, not judged: no part of that name, the algebra exact at
	// σ² = 0, k = 1 (0), and a Monte Carlo mean 5% above the stated bound
	// there fails remark4-rr, which judges the same means.
	if _, ok := f.Judgement.Part("remark4-rr-constants"); ok || len(f.Judgement.Parts) != 2 || f.Algebra != 0 {
		t.Errorf("parts %d, algebra %v: want 2 parts, none remark4-rr-constants, algebra 0", len(f.Judgement.Parts), f.Algebra)
	}
	pt1 := &res.Settings[0].Points[1]
	m0, se0 := pt1.Mean[0], pt1.SE[0]
	pt1.Mean[0], pt1.SE[0] = 1.05*pt1.Bound[0], 1e-3*pt1.Bound[0]
	if f, err := res.Findings(); err != nil || f.RRPart != NotReproduced || f.Verdict != PartlyReproduced || math.Abs(f.Constants-0.05) > 1e-12 {
		t.Errorf("a mean 5%% above nσ² + k²M‖∇f‖² = Lemma 1's bound: RR part %v, verdict %v, excess %v (%v)", f.RRPart, f.Verdict, f.Constants, err)
	}
	pt1.Mean[0], pt1.SE[0] = m0, se0
	// The points reach 1/2; the one-outlier input (n − 1)/n, which each
	// order that puts the outlier first (the identity does) reaches.
	sorted, identity := slices.Index(res.Orders, "sorted"), slices.Index(res.Orders, "identity")
	tight := float64(res.Config.N-1) / float64(res.Config.N)
	if math.Abs(f.WorstByOrder[identity]-tight) > 1e-12 || math.Abs(f.Worst-tight) > 1e-12 || f.Outlier != f.Worst || !f.WorstHolds {
		t.Errorf("identity %v, largest %v, outlier %v, holds %v; want %v for each, and true", f.WorstByOrder[identity], f.Worst, f.Outlier, f.WorstHolds, tight)
	}
	for o, w := range res.Outlier {
		if w > tight+1e-12 {
			t.Errorf("one-outlier input, %s: %v above (n−1)/n = %v", res.Orders[o], w, tight)
		}
	}
	// A slip that inflates φ² by 15% (more than n/(n−1) = 8/7) shows only
	// on the one-outlier input: the points, at 1/2, would hold.
	outlier := slices.Clone(res.Outlier)
	for o := range res.Outlier {
		res.Outlier[o] *= 1.15
	}
	if f, err := res.Findings(); err != nil || f.WorstHolds || f.Verdict != PartlyReproduced {
		t.Errorf("the one-outlier input 15%% over: holds %v, verdict %v (%v); want the worst case failing, partly reproduced", f.WorstHolds, f.Verdict, err)
	}
	copy(res.Outlier, outlier)
	if f.SigmaStar != 0 || !f.SigmaStarHolds || !f.Exact || f.Tolerance != res.Config.Tolerance || f.Rounding != remark4Rounding {
		t.Errorf("σ² = 0: σ*² ratio %v (holds %v), exact %v, thresholds %v, %v", f.SigmaStar, f.SigmaStarHolds, f.Exact, f.Tolerance, f.Rounding)
	}
	res.Settings[0].Points[1].Worst[sorted] = 1.5
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	// One failing part of two is partly reproduced (combine), not
	// "not reproduced".
	if f.WorstHolds || f.Worst != 1.5 || f.Verdict != PartlyReproduced || !f.SigmaStarHolds {
		t.Errorf("an order at 1.5: holds %v, largest %v, verdict %v, σ*² holds %v", f.WorstHolds, f.Worst, f.Verdict, f.SigmaStarHolds)
	}
	res.Settings[0].Points[1].Worst[sorted] = 0.5

	// The remark's "≤" by non-inferiority within 2%, monotone: a Monte
	// Carlo mean far below Lemma 1's bound holds; one shown more than 2%
	// above it fails the RR part; one whose interval spans bound + 2%
	// leaves it unsettled.
	pt := &res.Settings[0].Points[1]
	k := len(pt.Mean) / 2
	mean, se := pt.Mean[k], pt.SE[k]
	for _, tc := range []struct {
		name     string
		mean, se float64 // relative to the bound
		want     Verdict
	}{
		{"far below", 0.5, 1e-3, Reproduced},
		{"at the bound", 1, 1e-3, Reproduced},
		{"1% above, SE 0.1%", 1.01, 1e-3, Reproduced},
		{"2% above, SE 1%", 1.02, 1e-2, Inconclusive},
		{"5% above, SE 0.1%", 1.05, 1e-3, NotReproduced},
	} {
		pt.Mean[k], pt.SE[k] = tc.mean*pt.Bound[k], tc.se*pt.Bound[k]
		if f, err = res.Findings(); err != nil {
			t.Fatal(err)
		}
		if f.RRPart != tc.want {
			t.Errorf("a mean %s: RR part %v (z %v), verdict %v; want %v", tc.name, f.RRPart, f.Z, f.Verdict, tc.want)
		}
	}
	pt.Mean[k], pt.SE[k] = mean, se
}

func TestRemark4RejectMalformed(t *testing.T) {
	good, err := Remark4Config{N: 4, D: 2, Points: 2, RandomOrders: 2, Trials: 10}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rejectsMalformed(t, good, (*Remark4Result).Outcome, map[string]func(r *Remark4Result){
		"no settings": func(r *Remark4Result) { r.Settings = nil },
		"no points":   func(r *Remark4Result) { r.Settings[1].Points = nil },
		"short worst": func(r *Remark4Result) { r.Settings[0].Points[0].Worst = nil },
		"short mean":  func(r *Remark4Result) { r.Settings[2].Points[1].Mean = r.Settings[2].Points[1].Mean[:1] },
		"no greedy":   func(r *Remark4Result) { r.Orders[3] = "other" },
		"no outlier":  func(r *Remark4Result) { r.Outlier = nil },
	})
	for _, c := range []Remark4Config{{N: 5}, {Settings: []Remark4Setting{}}, {Settings: []Remark4Setting{{0, 0}}}, {Settings: []Remark4Setting{{1, 1}}}, {Trials: 1}, {Tolerance: -1}} {
		if _, err := c.At(Default).Run(context.Background(), nil); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestRemark4BoundAndPrecondition(t *testing.T) {
	// σ*² ≤ n²σ² is reported beside with its slack, not judged (it
	// follows from the worst case, which is): at half the bound and at
	// 1/20 it holds, at 1.5 it does not, and no verdict moves.
	// Assumption 5 missed at a point (our problem) makes the verdict not
	// tested, never partly reproduced.
	res, err := Remark4Config{N: 8, Settings: []Remark4Setting{{Sigma2: 1, M: 0.2}}, Points: 2, RandomOrders: 4, Trials: 100}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	remark4Settle(res)
	setSS := func(ratio float64) *Remark4Result {
		r := cloneJSON(t, res)
		for pi := range r.Settings[0].Points {
			for o := range r.Settings[0].Points[pi].SigmaStar2 {
				r.Settings[0].Points[pi].SigmaStar2[o] = ratio * 64
			}
		}
		return r
	}
	for _, tc := range []struct {
		ratio float64
		holds bool
		want  Verdict
	}{{0.5, true, Reproduced}, {1.5, false, Reproduced}, {0.05, true, Reproduced}} {
		f, err := setSS(tc.ratio).Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.SigmaStarHolds != tc.holds || f.Verdict != tc.want || math.Abs(f.SigmaStarSlack-1/tc.ratio) > 1e-9 {
			t.Errorf("σ*² at %g n²σ²: holds %v (slack %v), verdict %v; want %v, %v", tc.ratio, f.SigmaStarHolds, f.SigmaStarSlack, f.Verdict, tc.holds, tc.want)
		}
		out, err := setSS(tc.ratio).Outcome()
		if err != nil {
			t.Fatal(err)
		}
		if slack := fmt.Sprintf("(slack %.3g×, implied)", 1/tc.ratio); !strings.Contains(out.Brief, slack) || strings.Contains(out.Brief, "not approached") {
			t.Errorf("σ*² at %g n²σ²: brief without %s, or saying not approached: %s", tc.ratio, slack, out.Brief)
		}
	}
	// The claim's one test for Holm: the Monte Carlo means at Lemma 1's
	// bound (attained with equality) with tight SEs are shown not above
	// it by 2% (p small); a mean 5% above it gives p near 1.
	r := setSS(0.5)
	for pi := range r.Settings[0].Points {
		pt := &r.Settings[0].Points[pi]
		for k := range pt.Mean {
			pt.Mean[k], pt.SE[k] = pt.Bound[k], 1e-4*pt.Bound[k]
		}
	}
	if f, err := r.Findings(); err != nil || !(f.P < 0.025) || f.HolmMargin != equalityMargin {
		t.Errorf("RR at Lemma 1's bound: p %v, margin %v, %v", f.P, f.HolmMargin, err)
	}
	k := len(r.Settings[0].Points[1].Mean) / 2
	r.Settings[0].Points[1].Mean[k] *= 1.05
	if f, err := r.Findings(); err != nil || !(f.P > 0.9) {
		t.Errorf("RR 5%% above Lemma 1's bound at one k: p %v, %v", f.P, err)
	}
	// The precondition is Assumption 5, the inequality the remark
	// assumes: missed at a point, not tested; met strictly (not with
	// equality), the parts are judged, and equality is said beside.
	for _, tc := range []struct {
		name        string
		scale       float64 // the point's heterogeneity, times σ² + M‖∇f‖²
		settle      bool    // every Monte Carlo mean at its bound (else 5% above at one k)
		a5, exact   bool
		want        Verdict
		missesCheck string
	}{
		{"Assumption 5 missed", 1.01, true, false, false, NotTested, "remark4-assumption5"},
		{"Assumption 5 strictly, the parts holding", 0.9, true, true, false, Reproduced, "remark4-exact"},
		{"Assumption 5 strictly, the RR parts failing", 0.9, false, true, false, PartlyReproduced, "remark4-exact"},
		// At one k a mean exactly at the 2% margin, with an SE of 1e-3
		// of the bound: its interval spans the margin, unsettled, and
		// the claim inconclusive.
		{"Assumption 5 strictly, an RR part unsettled", 0.9, true, true, false, Inconclusive, "remark4-exact"},
	} {
		r = setSS(0.5)
		pt := &r.Settings[0].Points[0]
		st := r.Settings[0].Setting
		pt.Hetero = tc.scale * (st.Sigma2 + st.M*pt.GradNorm2)
		k := len(r.Settings[0].Points[1].Mean) / 2
		switch {
		case !tc.settle:
			r.Settings[0].Points[1].Mean[k] *= 1.05
		case strings.Contains(tc.name, "unsettled"):
			b := r.Settings[0].Points[1].Bound[k]
			r.Settings[0].Points[1].Mean[k], r.Settings[0].Points[1].SE[k] = b*(1+equalityMargin), 1e-3*b
		}
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.Assumption5 != tc.a5 || f.Exact != tc.exact || f.Verdict != tc.want {
			t.Errorf("%s: Assumption 5 %v, equality %v, verdict %v; want %v, %v, %v", tc.name, f.Assumption5, f.Exact, f.Verdict, tc.a5, tc.exact, tc.want)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		checkMisses(t, out, tc.missesCheck)
		checkOK(t, out, "remark4-worst-case")
	}
}

// remark4Settle sets every Monte Carlo mean of r to its Lemma 1 bound,
// attained, with a standard error of 1e-4 of it: what many draws give,
// so that the Monte Carlo parts hold and a test can move one cell.
func remark4Settle(r *Remark4Result) {
	for si := range r.Settings {
		for pi := range r.Settings[si].Points {
			pt := &r.Settings[si].Points[pi]
			for k := range pt.Mean {
				pt.Mean[k], pt.SE[k] = pt.Bound[k], 1e-4*pt.Bound[k]
			}
		}
	}
}

func TestRemark4Worst(t *testing.T) {
	// The measures that stand for a group hold exactly when every
	// interval lies below the margin and fail exactly when one lies
	// wholly above it, even when that one is not the widest.
	part := remark4Rule.Parts[1]
	iv := func(lo, hi float64) Interval { return Interval{Mean: (lo + hi) / 2, Lo: lo, Hi: hi, N: 100} }
	for _, tc := range []struct {
		name string
		ivs  []Interval
		want Verdict
	}{
		{"every one below", []Interval{iv(-0.01, 0.01), iv(-0.02, 0.015)}, Reproduced},
		{"a wide one across", []Interval{iv(-0.01, 0.01), iv(-0.1, 0.1)}, Inconclusive},
		{"a narrow one above, a wide one across", []Interval{iv(0.03, 0.04), iv(-0.1, 0.1)}, NotReproduced},
		{"one above", []Interval{iv(0.03, 0.04)}, NotReproduced},
	} {
		labels, ps := make([]string, len(tc.ivs)), make([]float64, len(tc.ivs))
		for i := range tc.ivs {
			labels[i] = fmt.Sprint(i)
		}
		r := Rule{Claim: "c", Parts: []RulePart{part}}
		j, err := r.Judge(Measures{part.Name: remark4Worst("s", tc.ivs, labels, ps)}, nil)
		if err != nil || j.Parts[0].Verdict != tc.want {
			t.Errorf("%s: %v, %v; want %v", tc.name, j.Parts[0].Verdict, err, tc.want)
		}
	}
}

// TestRemark4Outliers checks each one-outlier input on its own: Assumption
// 5 with equality, and the identity order, which puts the outlier first,
// at (n−1)/n of the worst-case bound, with σ² alone and with the M term
// alone.
func TestRemark4Outliers(t *testing.T) {
	c := Remark4Config{}.At(Default)
	for _, mterm := range []bool{false, true} {
		grads, st := remark4Outlier(c.N, c.D, mterm)
		v, g := ordering.Heterogeneity(grads)
		if h := st.Sigma2 + st.M*g; math.Abs(v-h) > 1e-12 || (mterm != (st.M > 0 && g > 0)) {
			t.Errorf("M term %v: heterogeneity %v, Assumption 5's side %v (σ² %v, M %v, ‖∇f‖² %v)", mterm, v, h, st.Sigma2, st.M, g)
		}
		worst, _, err := remark4Measure(grads, st, c, 1)
		if err != nil {
			t.Fatal(err)
		}
		tight := float64(c.N-1) / float64(c.N)
		if id := slices.Index(remark4Orders, "identity"); math.Abs(worst[id]-tight) > 1e-12 {
			t.Errorf("M term %v: identity at %v of the bound, want (n−1)/n = %v", mterm, worst[id], tight)
		}
		for o, w := range worst {
			if w > tight+1e-12 {
				t.Errorf("M term %v, %s: %v above (n−1)/n", mterm, remark4Orders[o], w)
			}
		}
	}
}
