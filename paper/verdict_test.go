// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestTInterval(t *testing.T) {
	// tCrit(4, 0.95) = 2.776 (Student's t table, 4 degrees of freedom).
	if got := tCrit(4, conf95); math.Abs(got-2.7764451) > 1e-6 {
		t.Errorf("tCrit(4) = %v, want 2.7764451", got)
	}
	for _, tc := range []struct {
		name          string
		a, b          []float64
		side          Side
		within        bool
		lo, hi, scale float64
	}{
		// Differences 1, 1.1, 0.9, 1, 1: mean 1, SE 0.0316, interval
		// 1 ∓ 2.776·0.0316 = [0.912, 1.088]: above 0, not within ±0.5.
		{"clear gain", []float64{2, 2.1, 1.9, 2, 2}, []float64{1, 1, 1, 1, 1}, Above, false, 0.9122, 1.0878, 1},
		// Differences ±0.05: inside ±0.5, spans 0.
		{"tie", []float64{1.05, 0.95, 1.05, 0.95, 1}, []float64{1, 1, 1, 1, 1}, Spans, true, 0.9378 - 1, 1.0622 - 1, 1},
		// The same loss in points (scale 100): below 0.
		{"clear loss", []float64{0.1, 0.11, 0.09, 0.1, 0.1}, []float64{0.2, 0.2, 0.2, 0.2, 0.2}, Below, false, -10.878, -9.122, 100},
		// Differences spread over ±2: spans 0, not within (not
		// different is not equal).
		{"noisy", []float64{3, -1, 2, -2, 1}, []float64{0, 0, 0, 0, 0}, Spans, false, math.NaN(), math.NaN(), 1},
		// One pair: no spread, unbounded.
		{"one pair", []float64{2}, []float64{1}, Spans, false, math.Inf(-1), math.Inf(1), 1},
	} {
		iv := pairedInterval(tc.a, tc.b, tc.scale)
		if iv.N != len(tc.a) {
			t.Errorf("%s: n = %d, want %d", tc.name, iv.N, len(tc.a))
		}
		if got := iv.Against(0); got != tc.side || iv.Within(0.5) != tc.within {
			t.Errorf("%s: %v: %v 0, within ±0.5 %v; want %v and %v", tc.name, iv, got, iv.Within(0.5), tc.side, tc.within)
		}
		if !math.IsNaN(tc.lo) && (math.Abs(iv.Lo-tc.lo) > 1e-3 || math.Abs(iv.Hi-tc.hi) > 1e-3) && !(math.IsInf(tc.lo, -1) && math.IsInf(iv.Lo, -1)) {
			t.Errorf("%s: interval [%v, %v], want [%v, %v]", tc.name, iv.Lo, iv.Hi, tc.lo, tc.hi)
		}
	}
}

// TestIntervalP checks that the one-sided and the equivalence p-values
// agree with the interval: p < 2.5% exactly when the interval lies beyond
// the threshold, on random samples of every kind.
func TestIntervalP(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		n := 2 + i%6
		d := make([]float64, n)
		shift := 3 * (rnd.Float64() - 0.5)
		for s := range d {
			d[s] = shift + rnd.NormFloat64()*0.5
		}
		iv := tInterval(d)
		for _, x := range []float64{-0.5, 0, 0.5} {
			if (iv.PAbove(x) < 0.025) != iv.Above(x) || (iv.PBelow(x) < 0.025) != iv.Below(x) {
				t.Fatalf("%v against %g: PAbove %v, PBelow %v, side %v", iv, x, iv.PAbove(x), iv.PBelow(x), iv.Against(x))
			}
		}
		if (iv.PWithin(0.5) < 0.025) != iv.Within(0.5) {
			t.Fatalf("%v: PWithin(0.5) %v, Within %v", iv, iv.PWithin(0.5), iv.Within(0.5))
		}
	}
	if p := tInterval([]float64{1}).PAbove(0); p != 1 {
		t.Errorf("one seed: PAbove = %v, want 1", p)
	}
}

// TestRatioInterval checks Fieller's interval against its definition, a
// case above and one below a threshold, and the unbounded case.
func TestRatioInterval(t *testing.T) {
	for _, tc := range []struct {
		name    string
		g, l    []float64
		side    Side // against 0.5
		bounded bool
	}{
		// Gains of about 15 over losses of about 19: 0.78, well above 0.5.
		{"paper's recovery", []float64{15, 14, 16, 15.5, 14.5}, []float64{19, 19.5, 18.5, 19.2, 18.8}, Above, true},
		// Gains of about 2 over losses of about 19: below 0.5.
		{"small recovery", []float64{2, 1, 3, 2.5, 1.5}, []float64{19, 19.5, 18.5, 19.2, 18.8}, Below, true},
		// Losses spread across 0: the ratio is not measured.
		{"no loss shown", []float64{1, 2, 1, 2, 1}, []float64{3, -2, 1, -1, 0.5}, Spans, false},
		{"one seed", []float64{15}, []float64{19}, Spans, false},
	} {
		iv := ratioInterval(tc.g, tc.l)
		if got := iv.Against(0.5); got != tc.side || iv.Bounded() != tc.bounded {
			t.Errorf("%s: %v: %v 0.5, bounded %v; want %v, %v", tc.name, iv, got, iv.Bounded(), tc.side, tc.bounded)
		}
		if want := sampleMean(tc.g) / sampleMean(tc.l); iv.Mean != want {
			t.Errorf("%s: ratio %v, want %v", tc.name, iv.Mean, want)
		}
		if !iv.Bounded() || len(tc.g) < 2 {
			continue
		}
		// The definition: θ is inside if the t statistic of ḡ - θ l̄
		// does not exceed the critical value.
		tstat := func(th float64) float64 {
			d := make([]float64, len(tc.g))
			for s := range d {
				d[s] = tc.g[s] - th*tc.l[s]
			}
			m, se := meanSE(d)
			return math.Abs(m) / se
		}
		crit := tCrit(len(tc.g)-1, conf95)
		for _, th := range []float64{iv.Lo, iv.Hi} {
			if math.Abs(tstat(th)-crit) > 1e-6 {
				t.Errorf("%s: t at the end %v is %v, want %v", tc.name, th, tstat(th), crit)
			}
		}
		if tstat(iv.Mean) > crit || tstat(iv.Lo-0.01) <= crit || tstat(iv.Hi+0.01) <= crit {
			t.Errorf("%s: %v is not the set where t <= %v", tc.name, iv, crit)
		}
	}
}

// TestRatioIntervalCoverage checks that Fieller's interval covers the
// true ratio of bivariate normal paired data in 95% of draws, unbounded
// draws included (for such data it is exact). With 4000 draws the
// coverage's standard error is √(0.95·0.05/4000) = 0.0034; the tolerance
// is 4 of them.
func TestRatioIntervalCoverage(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	const draws, ratio = 4000, 0.78
	covered := 0
	for range draws {
		g, l := make([]float64, 5), make([]float64, 5)
		for s := range g {
			shared := rnd.NormFloat64() // RR's same-class run, in both
			l[s] = 3 + shared + rnd.NormFloat64()
			g[s] = ratio*3 - shared + rnd.NormFloat64()
		}
		iv := ratioInterval(g, l)
		if iv.Lo <= ratio && ratio <= iv.Hi {
			covered++
		}
	}
	if c := float64(covered) / draws; math.Abs(c-conf95) > 4*0.0034 {
		t.Errorf("coverage %v, want %v ± %v", c, conf95, 4*0.0034)
	}
}

// TestStratifiedSpearman checks the test on Simpson's paradox (a pooled
// correlation made by the strata alone: the test fails it) and on a
// correlation within each stratum (the test passes it), and that the same
// seed gives the same p-value.
func TestStratifiedSpearman(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	var x, yNone, yWithin []float64
	var strata []string
	for k, name := range []string{"standard", "same-class"} {
		for range 12 {
			u := rnd.Float64()
			x = append(x, u+2*float64(k))
			// The level of y follows the stratum, not x within it.
			yNone = append(yNone, 5*float64(k)+rnd.NormFloat64())
			yWithin = append(yWithin, 5*float64(k)+3*u+0.2*rnd.NormFloat64())
			strata = append(strata, name)
		}
	}
	none := stratifiedSpearman(x, yNone, strata, 999, 7)
	if !(none.Pooled > 0.5) || !(none.P > 0.05) {
		t.Errorf("Simpson's paradox: pooled ρ %v (want > 0.5), stratified p %v (want > 0.05), ρ per stratum %v", none.Pooled, none.P, none.Rho)
	}
	if pooled := stratifiedSpearman(x, yNone, make([]string, len(x)), 999, 7); !(pooled.P < 0.01) {
		t.Errorf("one stratum: p %v, want < 0.01 (the pooled test is fooled)", pooled.P)
	}
	within := stratifiedSpearman(x, yWithin, strata, 999, 7)
	if !(within.P < 0.01) || !slices.Equal(within.Strata, []string{"standard", "same-class"}) || !slices.Equal(within.N, []int{12, 12}) {
		t.Errorf("within: p %v (want < 0.01), strata %v, n %v", within.P, within.Strata, within.N)
	}
	for _, r := range within.Rho {
		if !(r > 0.8) {
			t.Errorf("within: ρ per stratum %v, want > 0.8", within.Rho)
		}
	}
	neg := make([]float64, len(yWithin))
	for i, v := range yWithin {
		neg[i] = -v
	}
	if against := stratifiedSpearman(x, neg, strata, 999, 7); !(against.PLow < 0.01) || !(against.P > 0.9) {
		t.Errorf("against: p %v (want > 0.9), opposite p %v (want < 0.01)", against.P, against.PLow)
	}
	if again := stratifiedSpearman(x, yNone, strata, 999, 7); again.P != none.P || again.Stat != none.Stat {
		t.Errorf("same seed: p %v then %v", none.P, again.P)
	}
	// x against itself: no permutation beats the observed ρ of 1
	// (p = 1/(1+perms), at most twice that with ties).
	if p := stratifiedSpearman(x, x, make([]string, len(x)), 999, 1).P; p > 2.0/1000 {
		t.Errorf("ρ(x, x): p %v, want about 1/1000", p)
	}
	// Strata too small for a ρ give no statistic and no p-value.
	if s := stratifiedSpearman([]float64{1, 2, 3, 4}, []float64{1, 2, 3, 4}, []string{"a", "a", "b", "b"}, 99, 1); !math.IsNaN(s.P) || !math.IsNaN(s.Rho[0]) {
		t.Errorf("strata of 2: p %v, ρ %v; want NaN", s.P, s.Rho)
	}
}

func TestHolm(t *testing.T) {
	// Four tests: sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06,
	// then 0.04·1 = 0.04 raised to the running maximum 0.06.
	p := []float64{0.01, 0.04, 0.03, 0.005}
	adj, rej := holm(p, 0.05)
	want := []float64{0.03, 0.06, 0.06, 0.02}
	for i := range p {
		if math.Abs(adj[i]-want[i]) > 1e-12 {
			t.Errorf("adjusted p %v, want %v", adj, want)
			break
		}
	}
	// 0.04 alone would pass at 5%; in the family it does not.
	if !slices.Equal(rej, []bool{true, false, false, true}) {
		t.Errorf("rejected %v, want [true false false true]", rej)
	}
	if p[3] != 0.005 {
		t.Errorf("holm modified its input: %v", p)
	}
	adj, rej = holm([]float64{math.NaN(), 0.001}, 0.05)
	if adj[0] != 1 || rej[0] || !rej[1] {
		t.Errorf("NaN p: adjusted %v, rejected %v", adj, rej)
	}
}

// verdictRank orders the settled verdicts.
var verdictRank = map[Verdict]int{NotReproduced: 0, PartlyReproduced: 1, Reproduced: 2}

// combineByResolution is combine's rule computed the long way: every
// way of settling the unsettled parts into NotReproduced,
// PartlyReproduced or Reproduced, each combined by counting; the common
// verdict if all ways agree, else Inconclusive.
func combineByResolution(parts []Verdict) Verdict {
	judged := slices.ContainsFunc(parts, func(v Verdict) bool { return v != NotTested && v != NotCheckable })
	if !judged {
		if slices.Contains(parts, NotTested) {
			return NotTested
		}
		return NotCheckable
	}
	outcomes := map[Verdict]bool{}
	var walk func(i int, cur []Verdict)
	walk = func(i int, cur []Verdict) {
		if i == len(parts) {
			holds, fails := 0, 0
			for _, v := range cur {
				holds += b2i(v == Reproduced)
				fails += b2i(v == NotReproduced)
			}
			switch {
			case holds == len(cur):
				outcomes[Reproduced] = true
			case fails == len(cur):
				outcomes[NotReproduced] = true
			default:
				outcomes[PartlyReproduced] = true
			}
			return
		}
		if _, ok := verdictRank[parts[i]]; ok {
			walk(i+1, append(cur, parts[i]))
			return
		}
		for _, v := range []Verdict{NotReproduced, PartlyReproduced, Reproduced} {
			walk(i+1, append(slices.Clone(cur), v))
		}
	}
	walk(0, nil)
	if len(outcomes) == 1 {
		for v := range outcomes {
			return v
		}
	}
	return Inconclusive
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// partVerdicts are the verdicts a part can have.
var partVerdicts = []Verdict{Reproduced, NotReproduced, PartlyReproduced, Inconclusive, NotCheckable, NotTested}

// allCombinations returns every sequence of n part verdicts.
func allCombinations(n int) [][]Verdict {
	if n == 0 {
		return [][]Verdict{nil}
	}
	var out [][]Verdict
	for _, c := range allCombinations(n - 1) {
		for _, v := range partVerdicts {
			out = append(out, append(slices.Clone(c), v))
		}
	}
	return out
}

// TestCombine checks the combine rule on every combination of one to four
// part verdicts against the rule computed the long way, and the cases its
// documentation names.
func TestCombine(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for _, parts := range allCombinations(n) {
			if got, want := combine(parts...), combineByResolution(parts); got != want {
				t.Errorf("combine%v = %v, want %v", parts, got, want)
			}
		}
	}
	for _, tc := range []struct {
		parts []Verdict
		want  Verdict
	}{
		{[]Verdict{Reproduced, Reproduced}, Reproduced},
		{[]Verdict{NotReproduced, NotReproduced}, NotReproduced},
		{[]Verdict{Reproduced, NotReproduced}, PartlyReproduced},
		{[]Verdict{Reproduced, Inconclusive}, Inconclusive},
		{[]Verdict{NotReproduced, Inconclusive}, Inconclusive},
		{[]Verdict{PartlyReproduced, Inconclusive}, PartlyReproduced},
		{[]Verdict{Reproduced, NotReproduced, Inconclusive}, PartlyReproduced},
		{[]Verdict{Reproduced, NotCheckable}, Inconclusive},
		{[]Verdict{NotCheckable, NotTested}, NotTested},
		{[]Verdict{NotCheckable}, NotCheckable},
		{nil, NotCheckable},
	} {
		if got := combine(tc.parts...); got != tc.want {
			t.Errorf("combine%v = %v, want %v", tc.parts, got, tc.want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("combine of a goal verdict did not panic")
		}
	}()
	combine(GoalMet, Reproduced)
}

// TestCombineMonotone checks on every combination of one to four part
// verdicts that a part's verdict moving up never moves the whole's best or
// worst verdict down. A part moves up from NotReproduced to
// PartlyReproduced or to unsettled, and from either to Reproduced.
func TestCombineMonotone(t *testing.T) {
	up := map[Verdict][]Verdict{
		NotReproduced:    {PartlyReproduced, Inconclusive, NotCheckable, NotTested},
		PartlyReproduced: {Reproduced},
		Inconclusive:     {Reproduced},
		NotCheckable:     {Reproduced},
		NotTested:        {Reproduced},
	}
	for n := 1; n <= 4; n++ {
		for _, parts := range allCombinations(n) {
			w0, b0 := combineRange(parts...)
			if _, ok := verdictRank[w0]; !ok {
				continue // nothing judged
			}
			for i, v := range parts {
				for _, u := range up[v] {
					better := slices.Clone(parts)
					better[i] = u
					w1, b1 := combineRange(better...)
					if _, ok := verdictRank[w1]; !ok {
						continue // nothing judged left
					}
					if verdictRank[w1] < verdictRank[w0] || verdictRank[b1] < verdictRank[b0] {
						t.Errorf("%v → %v: worst %v → %v, best %v → %v", parts, better, w0, w1, b0, b1)
					}
				}
			}
		}
	}
}

func TestPartsOf(t *testing.T) {
	for _, tc := range []struct {
		oks  []bool
		want Verdict
	}{
		{[]bool{true, true}, Reproduced},
		{[]bool{false, false}, NotReproduced},
		{[]bool{true, false, true}, PartlyReproduced},
	} {
		if got := partsOf(tc.oks...); got != tc.want {
			t.Errorf("partsOf%v = %v, want %v", tc.oks, got, tc.want)
		}
	}
}

func TestMaxInterval(t *testing.T) {
	// Two quantities, family 2: z = Φ⁻¹(1 - 0.0125) = 2.2414.
	z := 2.241403
	iv := maxInterval([]float64{1, 3}, []float64{1, 0.5}, 100, 2)
	if iv.Mean != 3 || math.Abs(iv.Lo-(3-0.5*z)) > 1e-6 || math.Abs(iv.Hi-(3+0.5*z)) > 1e-6 || iv.N != 100 {
		t.Errorf("max of 1 ± 1 and 3 ± 0.5: %+v, want 3 [%v, %v]", iv, 3-0.5*z, 3+0.5*z)
	}
	// The smaller quantity's upper end can set the upper end of the max.
	iv = maxInterval([]float64{1, 3}, []float64{2, 0}, 100, 2)
	if iv.Lo != 3 || math.Abs(iv.Hi-(1+2*z)) > 1e-6 {
		t.Errorf("max of 1 ± 2 and 3 ± 0: %+v, want [3, %v]", iv, 1+2*z)
	}
	// A larger family widens the intervals; a family below K counts as K.
	if w, k := maxInterval([]float64{1}, []float64{1}, 10, 4), maxInterval([]float64{1}, []float64{1}, 10, 0); !(w.Hi > k.Hi) || math.Abs(k.Hi-(1+1.959964)) > 1e-5 {
		t.Errorf("family 4 %v, family 0 (one quantity) %v", w, k)
	}
	if iv := maxInterval(nil, nil, 0, 0); iv.Bounded() {
		t.Errorf("no quantity: %v, want unbounded", iv)
	}
	// Differences: shown below, above, or spanning 0.
	a := Interval{Mean: 1, Lo: 0.9, Hi: 1.1, N: 10, SE: math.NaN()}
	for _, tc := range []struct {
		b    Interval
		want Side
	}{
		{Interval{Mean: 2, Lo: 1.9, Hi: 2.1, N: 5}, Below},
		{Interval{Mean: 0.5, Lo: 0.4, Hi: 0.6, N: 5}, Above},
		{Interval{Mean: 1.05, Lo: 0.95, Hi: 1.15, N: 5}, Spans},
	} {
		d := diffOfIntervals(a, tc.b)
		if got := d.Against(0); got != tc.want || d.N != 5 || d.Mean != 1-tc.b.Mean {
			t.Errorf("%v - %v = %+v: %v, want %v", a, tc.b, d, got, tc.want)
		}
	}
}

func TestWelchInterval(t *testing.T) {
	// Equal SEs: ν = 2(n-1), here 22 with t_22 = 2.0739.
	iv := welchInterval(1, 0.1, 2, 0.1, 12)
	h := 2.073873 * math.Sqrt(0.02)
	if iv.Mean != 1 || math.Abs(iv.Lo-(1-h)) > 1e-5 || math.Abs(iv.Hi-(1+h)) > 1e-5 || !iv.Above(0) {
		t.Errorf("2 - 1 with SEs 0.1, 12 runs: %+v, want 1 ± %v, above 0", iv, h)
	}
	// One SE dominant: ν → n-1 = 11, t_11 = 2.2010.
	iv = welchInterval(1, 1e-9, 2, 0.1, 12)
	if h := 2.200985 * 0.1; math.Abs(iv.Hi-(1+h)) > 1e-5 {
		t.Errorf("one SE 0: %+v, want 1 ± %v", iv, h)
	}
	// z would call a lead of 2.1 SE with 3 runs; t with 2 to 4 df does not.
	if iv := welchInterval(0, 1, 2.1*math.Sqrt2, 1, 3); iv.Above(0) {
		t.Errorf("2.1 SE lead with 3 runs: %v, want spanning 0", iv)
	}
	if iv := welchInterval(0, 1, 5, 1, 1); iv.Bounded() {
		t.Errorf("one run: %v, want unbounded", iv)
	}
	if iv := welchInterval(0, 0, 5, 0, 3); iv.Lo != 5 || iv.Hi != 5 {
		t.Errorf("no spread: %v, want the point 5", iv)
	}
}

func TestRatioIntervalIndependent(t *testing.T) {
	g := []float64{1, 1.1, 0.9}
	l := []float64{10, 11, 9}
	iv := ratioIntervalIndependent(g, l)
	if math.Abs(iv.Mean-0.1) > 1e-12 || !iv.Bounded() || !(iv.Lo < 0.1 && iv.Hi > 0.1) || !iv.Below(1) || iv.N != 3 {
		t.Errorf("ratio of 1 ± 0.1 over 10 ± 1: %+v, want 0.1 within a bounded interval below 1", iv)
	}
	// It is not narrower than the paired Fieller interval with perfectly
	// correlated samples, whose ratio is exactly 0.1.
	if p := ratioInterval(g, l); !(p.Hi-p.Lo < iv.Hi-iv.Lo) {
		t.Errorf("paired %v not narrower than independent %v", p, iv)
	}
	// A denominator not shown to differ from 0: unbounded.
	if iv := ratioIntervalIndependent(g, []float64{-1, 1, 0.5}); iv.Bounded() {
		t.Errorf("denominator spanning 0: %v, want unbounded", iv)
	}
	// Near 1 with noise: spans 1, neither below nor above.
	if iv := ratioIntervalIndependent([]float64{9, 10, 11}, []float64{10, 11, 9}); iv.Below(1) || iv.Above(1) {
		t.Errorf("ratio near 1: %v, want spanning 1", iv)
	}
}

func TestIntervalFormats(t *testing.T) {
	iv := Interval{Mean: 0.0123, Lo: 0.0101, Hi: 0.0145}
	if got, want := iv.Sig(), "0.0123 [0.0101, 0.0145]"; got != want {
		t.Errorf("Sig %q, want %q", got, want)
	}
	if got, want := iv.Plain(), "0.01 [0.01, 0.01]"; got != want {
		t.Errorf("Plain %q, want %q", got, want)
	}
	open := Interval{Mean: 0.41, Lo: 0, Hi: math.Inf(1)}
	if got, want := open.Plain(), "0.41 [unbounded]"; got != want {
		t.Errorf("Plain %q, want %q", got, want)
	}
	if got, want := open.Sig(), "0.41 [unbounded]"; got != want {
		t.Errorf("Sig %q, want %q", got, want)
	}
}

// TestBoundPart checks "every quantity at most its bound" (boundPart) and
// its one-interval form (belowPart): one interval above fails it, all
// below hold it, anything else (or nothing) is inconclusive.
func TestBoundPart(t *testing.T) {
	for _, tc := range []struct {
		sides []Side
		want  Verdict
	}{
		{[]Side{Below, Below}, Reproduced},
		{[]Side{Below, Above}, NotReproduced},
		{[]Side{Spans, Above}, NotReproduced},
		{[]Side{Below, Spans}, Inconclusive},
		{nil, Inconclusive},
	} {
		if got := boundPart(tc.sides); got != tc.want {
			t.Errorf("boundPart(%v) = %v, want %v", tc.sides, got, tc.want)
		}
	}
	iv := func(lo, hi float64) Interval { return Interval{Mean: (lo + hi) / 2, Lo: lo, Hi: hi, N: 3} }
	for _, tc := range []struct {
		iv   Interval
		want Verdict
	}{
		{iv(0.2, 0.7), Reproduced},
		{iv(0.9, 1.2), NotReproduced},
		{iv(0.6, 0.9), Inconclusive},
	} {
		if got := belowPart(tc.iv, 0.8); got != tc.want {
			t.Errorf("belowPart([%g, %g], 0.8) = %v, want %v", tc.iv.Lo, tc.iv.Hi, got, tc.want)
		}
	}
}
