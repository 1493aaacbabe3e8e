// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
)

// Gains of made-up settings (setting i's two points, standard and
// same-class, get gains g[2i] and g[2i+1] and σ*² ratios 2i+1 and 2i+2),
// eleven settings, so eleven points per stratum.
var (
	// orderMattersRising ranks as the ratio: ρ 1 in each stratum.
	orderMattersRising = []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22}
	// orderMattersNearLevel: ρ near 0.8 in each stratum.
	orderMattersNearLevel = []float64{3, 3, 1, 1, 2, 5, 6, 2, 4, 4, 9, 7, 5, 10, 11, 6, 7, 8, 8, 11, 10, 9}
	// orderMattersWeak: ρ near 0.3 in each stratum.
	orderMattersWeak = []float64{5, 4, 1, 9, 8, 2, 2, 6, 10, 3, 3, 11, 7, 1, 11, 8, 4, 5, 6, 10, 9, 7}
	// orderMattersNoRank is eleven gains of no clear rank against 1..11.
	orderMattersNoRank = []float64{6, 2, 9, 4, 11, 1, 8, 3, 10, 5, 7}
)

// reversed returns v in the opposite order.
func reversed(v []float64) []float64 {
	r := slices.Clone(v)
	slices.Reverse(r)
	return r
}

// TestOrderMattersCounted checks that a stratum of fewer than
// orderMattersStratumMin points is not a stratum: a Fashion-MNIST setting
// alone in its strata (one point per stratum) is set aside, named, and
// not tested, and MNIST strata of ten points are not strata either.
func TestOrderMattersCounted(t *testing.T) {
	mnist := func(k int) []*Table1Result {
		var r []*Table1Result
		for i := range k {
			r = append(r, fakeSettings("mnist", [2]float64{float64(i + 1), float64(i + 2)}, [2]float64{float64(i + 1), float64(i + 2)}))
			r[len(r)-1].Config.BatchSize = 10 + i
		}
		return r
	}
	fashion := fakeSettings(fashionMNIST, [2]float64{1, 2}, [2]float64{1, 2})
	for _, test := range []struct {
		name     string
		settings []*Table1Result
		counted  int
		aside    int
		want     Verdict
	}{
		{"10 points per MNIST stratum, 1 per Fashion-MNIST one", append(mnist(10), fashion), 0, 4, NotCheckable},
		{"11 points per MNIST stratum, 1 per Fashion-MNIST one", append(mnist(11), fashion), 22, 2, GoalMet},
	} {
		r := &OrderMattersResult{Settings: test.settings}
		f, err := r.Findings()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		if f.Counted != test.counted || len(f.SetAside) != test.aside || f.Verdict != test.want || out.Verdict != f.Verdict {
			t.Errorf("%s: %d points counted of %d, %d strata set aside, verdict %v; want %d, %d, %v", test.name, f.Counted, len(f.Points), len(f.SetAside), f.Verdict, test.counted, test.aside, test.want)
		}
		if test.aside > 0 && (!strings.Contains(out.Summary, "Set aside, not strata") || !strings.Contains(out.Summary, "Fashion-MNIST CNN, standard (1 point)")) {
			t.Errorf("%s: summary does not name the strata set aside: %s", test.name, out.Summary)
		}
		if len(out.Checks) != 1 || out.Checks[0].Name != "order-matters-rank" || out.Checks[0].OK != (f.Verdict == GoalMet) {
			t.Errorf("%s: checks %+v, want the rule's one part, holding where the goal is met", test.name, out.Checks)
		}
	}
}

// TestOrderMattersVerdictRule checks every branch of the rule on the
// interval of the mean within-stratum ρ against the level 0.8.
func TestOrderMattersVerdictRule(t *testing.T) {
	for _, test := range []struct {
		name    string
		counted int
		iv      Interval
		want    Verdict
	}{
		{"above the level", 22, Interval{Mean: 0.9, Lo: 0.85, Hi: 0.95}, GoalMet},
		{"spans the level", 22, Interval{Mean: 0.8, Lo: 0.6, Hi: 0.9}, Inconclusive},
		{"positive, below the level", 22, Interval{Mean: 0.3, Lo: 0.1, Hi: 0.5}, GoalNotMet},
		{"the exploratory seeds' interval", 36, Interval{Mean: 0.09, Lo: -0.30, Hi: 0.46}, GoalNotMet},
		{"negative", 22, Interval{Mean: -0.5, Lo: -0.7, Hi: -0.3}, GoalNotMet},
		{"too few points", 9, Interval{Mean: 0.9, Lo: 0.85, Hi: 0.95}, NotCheckable},
		{"no ρ", 22, Interval{Mean: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}, NotCheckable},
	} {
		test.iv.N = test.counted
		j, err := orderMattersJudge(test.counted, test.iv, 0.5, 0.5)
		if err != nil || j.Verdict != test.want || j.Holds("order-matters-rank") != (test.want == GoalMet) {
			t.Errorf("%s: %v (%v), want %v", test.name, j.Verdict, err, test.want)
		}
	}
}

// TestOrderMattersDesignN checks the points a stratum needs: the rule's
// minimum is the design's n at the exploratory ρ, and a ρ nearer the level
// needs more.
func TestOrderMattersDesignN(t *testing.T) {
	if n := orderMattersDesignN(0.09, orderMattersLevel); n != orderMattersStratumMin {
		t.Errorf("design n at ρ 0.09: %d, want orderMattersStratumMin %d", n, orderMattersStratumMin)
	}
	if a, b := orderMattersDesignN(0, 0.8), orderMattersDesignN(0.5, 0.8); !(b > a) || a != 10 {
		t.Errorf("design n at ρ 0 and 0.5: %d and %d, want 10 and more", a, b)
	}
}

// TestStratifiedBootstrap checks the interval of the mean within-stratum
// ρ: a point estimate inside it, a perfect ranking [1, 1], and strata
// resampled apart (two strata of opposite perfect rankings give 0 in every
// replicate).
func TestStratifiedBootstrap(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6}
	up := []float64{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6}
	mixed := []float64{1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1}
	strata := []string{"a", "a", "a", "a", "a", "a", "b", "b", "b", "b", "b", "b"}
	iv, p, q := stratifiedBootstrap(x, up, strata, 0.8, 999, 1)
	if iv.Mean != 1 || iv.Lo != 1 || iv.Hi != 1 || p != 1.0/1000 || q != 1 {
		t.Errorf("perfect ranking: %+v, p %v and %v; want [1, 1], p 1/1000 above and 1 below", iv, p, q)
	}
	iv, p, q = stratifiedBootstrap(x, mixed, strata, 0.8, 999, 1)
	if math.Abs(iv.Mean) > 1e-12 || math.Abs(iv.Lo) > 1e-12 || math.Abs(iv.Hi) > 1e-12 || p != 1 || q != 1.0/1000 {
		t.Errorf("opposite strata: %+v, p %v and %v; want [0, 0], p 1 above and 1/1000 below", iv, p, q)
	}
	y := []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8}
	iv, _, _ = stratifiedBootstrap(x, y, strata, 0.8, 999, 1)
	if !(iv.Lo < iv.Mean && iv.Mean < iv.Hi) || iv.N != 12 {
		t.Errorf("noisy strata: %+v, want the mean inside and 12 points", iv)
	}
}

// TestOrderMattersSweepEvery runs the smoke-scale study with a second
// setting: with SweepEvery, the sweep around the second setting adds its
// points, so that its stratum is not one point.
func TestOrderMattersSweepEvery(t *testing.T) {
	if testing.Short() {
		t.Skip("trains the smoke-scale study twice")
	}
	c := OrderMattersConfig{}.At(Smoke)
	second := c.Study.Settings[0]
	second.Epochs++
	c.Study.Settings = append(c.Study.Settings, second)
	env := &Env{Seed: 1, CacheDir: t.TempDir()}
	one, err := c.Run(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	c.SweepEvery = true
	every, err := c.Run(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	count := func(r *OrderMattersResult) (n int) {
		for _, s := range r.Settings {
			if s.Config.Epochs == second.Epochs {
				n++
			}
		}
		return n
	}
	if count(one) != 1 || count(every) < 2 || len(every.Settings)-len(one.Settings) != count(every)-1 {
		t.Errorf("settings of the second setting's epochs: %d without the sweep around it, %d with (of %d and %d); want 1 and more", count(one), count(every), len(one.Settings), len(every.Settings))
	}
}

// TestRankCeiling checks the noise ceiling reported beside
// order-matters' verdict: 1 for noiseless gaps, near 0 where the noise
// swamps their spread, high where only a few gaps are noisy (the uneven
// noise of the sweep's points), and the text's reading of its mean
// against the goal's level.
func TestRankCeiling(t *testing.T) {
	pts := func(ses []float64, gaps ...float64) []OrderMattersPoint {
		var p []OrderMattersPoint
		for i, g := range gaps {
			p = append(p, OrderMattersPoint{Mean: Interval{Mean: g, SE: ses[i%len(ses)]}})
		}
		return p
	}
	gaps := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	if got := rankCeiling(pts([]float64{0}, gaps...), 100, 1); got != 1 {
		t.Errorf("rankCeiling without noise = %v, want 1", got)
	}
	if got := rankCeiling(pts([]float64{100}, gaps...), 4000, 1); math.Abs(got) > 0.1 {
		t.Errorf("rankCeiling with noise 100 times the spacing = %v, want near 0", got)
	}
	// Two gaps of ten very noisy: the other eight still rank.
	if got := rankCeiling(pts([]float64{0.1, 0.1, 0.1, 0.1, 50, 0.1, 0.1, 0.1, 0.1, 50}, gaps...), 4000, 1); got < 0.5 || got > 0.95 {
		t.Errorf("rankCeiling with two noisy gaps of ten = %v, want between 0.5 and 0.95", got)
	}
	if got := rankCeiling(pts([]float64{0.5}, 0, 1), 100, 1); !math.IsNaN(got) {
		t.Errorf("rankCeiling of 2 points = %v, want NaN", got)
	}
	if got := rankCeiling(pts([]float64{math.Inf(1)}, 0, 1, 2), 100, 1); !math.IsNaN(got) {
		t.Errorf("rankCeiling with an infinite standard error = %v, want NaN", got)
	}
	// Two strata, one noiseless (ceiling 1) and one swamped (near 0):
	// their mean is below the goal's level, and the text says so.
	f := &OrderMattersFindings{}
	for i, p := range append(pts([]float64{0}, gaps...), pts([]float64{100}, gaps...)...) {
		p.Model, p.Batching = "M", "standard"
		if i >= len(gaps) {
			p.Batching = "same-class"
		}
		f.Points = append(f.Points, p)
	}
	f.Test = StratifiedTest{Strata: []string{"M, standard", "M, same-class"}, N: []int{10, 10}, Rho: []float64{0.5, 0.1}}
	f.Interval = Interval{Mean: 0.3, Lo: 0.1, Hi: 0.45}
	got := noiseCeilings(f, strataCeilingsOf(f))
	for _, want := range []string{"M, standard: about 1.00 (ρ 0.50)", "M, same-class: about ", "is below the goal's 0.8: on gaps measured with this noise a ranking that ordered the true gaps perfectly would be expected to fall short of a met", "the mean ρ's interval lies wholly below that mean (its upper end +0.45)"} {
		if !strings.Contains(got, want) {
			t.Errorf("noiseCeilings = %q, lacks %q", got, want)
		}
	}
	// Both noiseless: the mean clears the level.
	for i := range f.Points {
		f.Points[i].Mean.SE = 0
	}
	f.Interval.Hi = 1
	got = noiseCeilings(f, strataCeilingsOf(f))
	if !strings.Contains(got, "their mean, about 1.00, is above the goal's 0.8") {
		t.Errorf("noiseCeilings without noise = %q, lacks the mean above the goal", got)
	}
	if strings.Contains(got, "wholly below that mean") {
		t.Errorf("noiseCeilings = %q: an interval reaching the ceilings' mean is not below it", got)
	}
}
