// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/chart"
)

// fakeCoordinated returns a result of the judged problem (MNIST) alone
// whose runs have constant curves: D-RR's herding drr(W, s), CD-GraB's
// cd(W, s), the others 1, and losses dLoss(W, s) for D-RR, cLoss(W, s)
// for CD-GraB, each with f* half its loss (so the excess-loss ratio is
// the loss ratio).
func fakeCoordinated(seeds int, drr, cd, dLoss, cLoss func(w, s int) float64) *CoordinatedResult {
	return fakeCoordinatedOn(coordMNIST, seeds, drr, cd, dLoss, cLoss)
}

// fakeCoordinatedOn is fakeCoordinated on problem p.
func fakeCoordinatedOn(p string, seeds int, drr, cd, dLoss, cLoss func(w, s int) float64) *CoordinatedResult {
	c := CoordinatedConfig{Workers: []int{4, 16}, Seeds: seeds, Epochs: 3}
	res := &CoordinatedResult{Config: c, Problems: []string{p}, Dims: []int{20}}
	for _, w := range c.Workers {
		for s := range seeds {
			for _, m := range coordinatedMethods {
				h, l := 1.0, 1.0
				switch m {
				case "D-RR":
					h, l = drr(w, s), dLoss(w, s)
				case "CD-GraB":
					h, l = cd(w, s), cLoss(w, s)
				}
				res.Runs = append(res.Runs, CoordinatedRun{
					Problem: p, Method: m, Workers: w, Seed: s,
					HerdingInf: constant(c.Epochs, h), SigmaStar2: constant(c.Epochs, h*h), Loss: constant(c.Epochs+1, l),
				})
				if p == coordMNIST {
					r := &res.Runs[len(res.Runs)-1]
					r.TestAcc, r.FStar = constant(c.Epochs+1, 90), l/2
				}
			}
		}
	}
	return res
}

// TestCoordinatedVerdict checks each branch of the goal's rule, and a
// case failing each check.
func TestCoordinatedVerdict(t *testing.T) {
	jitter := func(s int) float64 { return 1 + 0.01*float64(s%3) }
	met := func(w, s int) float64 { return float64(w) * jitter(s) } // D-RR's herding: ratio W, growing
	one := func(w, s int) float64 { return jitter(s) }
	for _, c := range []struct {
		name                 string
		seeds                int
		drr, cd, dLoss, cLos func(w, s int) float64
		want                 Verdict
		failing              string // a check that must not hold, "" if all hold
	}{
		{"met", 5, met, one, func(w, s int) float64 { return 2 * jitter(s) }, one, GoalMet, ""},
		{"one seed", 1, met, one, func(w, s int) float64 { return 2 }, one, NotCheckable, ""},
		// The same ratio at every W: growth is not shown, nor is a fall.
		{"no growth", 5, func(w, s int) float64 { return 3 * jitter(s) }, one, func(w, s int) float64 { return 2 * jitter(s) }, one, Inconclusive, "growth"},
		// The ratio falls with W: refuted.
		{"margin falls", 5, func(w, s int) float64 { return 64 / float64(w) * jitter(s) }, one, func(w, s int) float64 { return 2 * jitter(s) }, one, GoalNotMet, "growth"},
		// CD-GraB's loss above D-RR's: refuted.
		{"loss refuted", 5, met, one, one, func(w, s int) float64 { return 2 * jitter(s) }, GoalNotMet, "loss"},
		// The loss gap changes sign across seeds: neither shown.
		{"loss unclear", 5, met, one, func(w, s int) float64 { return []float64{2, 0.5, 1.5, 0.6, 1.2}[s] }, one, Inconclusive, "loss"},
		// CD-GraB's loss lower, but by less than the least size (5%
		// against Table 1's 7.74%): not met, however many seeds show it.
		{"loss below least size", 5, met, one, func(w, s int) float64 { return 1.05 * (1 + 1e-4*float64(s)) }, func(w, s int) float64 { return 1 }, GoalNotMet, "loss"},
		// Lower by 10%: above the least size, met.
		{"loss above least size", 5, met, one, func(w, s int) float64 { return 1.1 * (1 + 1e-4*float64(s)) }, func(w, s int) float64 { return 1 }, GoalMet, ""},
		// CD-GraB's herding above D-RR's.
		{"herding refuted", 5, one, met, func(w, s int) float64 { return 2 * jitter(s) }, one, GoalNotMet, "herding"},
	} {
		res := fakeCoordinated(c.seeds, c.drr, c.cd, c.dLoss, c.cLos)
		f, err := res.Findings()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if f.Verdict != c.want {
			t.Errorf("%s: verdict %v, want %v (%+v)", c.name, f.Verdict, c.want, f.Gaps)
		}
		if c.failing != "" {
			failed := false
			for _, g := range f.Gaps {
				failed = failed || g.What == c.failing && !g.Holds
			}
			if !failed {
				t.Errorf("%s: every %s check holds, want one failing", c.name, c.failing)
			}
		}
		out, err := res.Outcome()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if out.Verdict != f.Verdict || len(out.Checks) != 3 {
			t.Errorf("%s: outcome verdict %v with %d checks, findings %v; want 3 checks (herding, growth, loss)", c.name, out.Verdict, len(out.Checks), f.Verdict)
		}
		// Each gap is an interval test of the report's family, holding
		// where the gap holds.
		if c.seeds > 1 && len(out.Tests) != len(f.Gaps) {
			t.Errorf("%s: %d interval tests, want one per gap (%d)", c.name, len(out.Tests), len(f.Gaps))
		}
		for i, ts := range out.Tests {
			if i < len(f.Gaps) && (ts.Holds != f.Gaps[i].Holds || ts.P != f.Gaps[i].Interval.PAbove(coordThreshold(f.Gaps[i].What))) {
				t.Errorf("%s: test %q holds %v, p %g; gap holds %v", c.name, ts.Name, ts.Holds, ts.P, f.Gaps[i].Holds)
			}
		}
		for _, ch := range out.Checks {
			if strings.ContainsAny(ch.Name, " \t") {
				t.Errorf("%s: check name %q has a space", c.name, ch.Name)
			}
			if c.failing != "" && strings.HasSuffix(ch.Name, "-"+c.failing) && ch.OK {
				t.Errorf("%s: check %s ok, want failing", c.name, ch.Name)
			}
		}
	}
	// The tuning seed's runs are shown beside, not judged: their verdict
	// is found by the same rule, and the claim's is the held-out runs'. The
	// summary never quotes the tuning seed's verdict.
	res := fakeCoordinated(5, met, one, func(w, s int) float64 { return 2 * jitter(s) }, one)
	res.Config.FirstTwoLevelGamma, res.Config.FirstMNISTGamma = 0.02, 1
	res.First = fakeCoordinated(5, func(w, s int) float64 { return 3 * jitter(s) }, one, func(w, s int) float64 { return 2 * jitter(s) }, one)
	res.Tuning = fakeCoordinated(5, met, one, func(w, s int) float64 { return 0.5 * jitter(s) }, one)
	f0, out := findingsOf[*CoordinatedFindings](t, res, nil)
	if f0.Verdict != GoalMet || f0.First == nil || f0.First.Verdict != Inconclusive || f0.Tuning == nil || f0.Tuning.Verdict != GoalNotMet || out.Verdict != GoalMet {
		t.Errorf("tuning runs beside: verdicts %v, first %+v, tuning %+v, outcome %v; want goal met, the first inconclusive, the tuning not met", f0.Verdict, f0.First, f0.Tuning, out.Verdict)
	}
	var tuningRows int
	for _, r := range out.Rows {
		if strings.Contains(r.Quantity, "tuning seed (base seed 1)") && strings.Contains(r.Quantity, "not judged") {
			tuningRows++
		}
	}
	if !strings.Contains(out.Summary, "tuning seed") || strings.Contains(out.Summary, "inconclusive") || strings.Contains(out.Summary, "refuted") || tuningRows != 6 {
		t.Errorf("summary quotes the tuning seed's verdicts, or %d rows show them (want 6): %s", tuningRows, out.Summary)
	}
	if !strings.Contains(out.Brief, "growth from W = 4: ×4 [4, 4] holds") {
		t.Errorf("brief lacks the growth part: %s", out.Brief)
	}
	res.First.Runs = res.First.Runs[1:]
	if _, err := res.Findings(); err == nil {
		t.Error("a first run missing a run: no error")
	}
	// The growth check compares the largest W with the smallest: a ratio
	// of 4 at W = 4 and 16 at W = 16 grows by 4.
	f, err := fakeCoordinated(5, met, one, met, one).Findings()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range f.Gaps {
		if g.What == "growth" && math.Abs(math.Exp(g.Interval.Mean)-4) > 1e-9 {
			t.Errorf("growth %v, want 4", math.Exp(g.Interval.Mean))
		}
	}
}

func TestCoordinatedBadResult(t *testing.T) {
	var nilRes *CoordinatedResult
	if _, err := nilRes.Outcome(); err == nil {
		t.Error("nil result: no error")
	}
	res := fakeCoordinated(2, func(w, s int) float64 { return 2 }, func(w, s int) float64 { return 1 }, func(w, s int) float64 { return 2 }, func(w, s int) float64 { return 1 })
	res.Runs = res.Runs[1:]
	if _, err := res.Findings(); err == nil || !strings.Contains(err.Error(), coordinatedID) {
		t.Errorf("a run missing: error %v, want one naming the claim", err)
	}
	res = fakeCoordinated(2, func(w, s int) float64 { return 2 }, func(w, s int) float64 { return 1 }, func(w, s int) float64 { return 2 }, func(w, s int) float64 { return 1 })
	res.Runs[3].Loss = res.Runs[3].Loss[:1]
	if _, err := res.Findings(); err == nil {
		t.Error("a short loss curve: no error")
	}
}

func TestCoordinatedConfigValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(*CoordinatedConfig)
		want string
	}{
		{"odd W", func(c *CoordinatedConfig) { c.Workers = []int{3, 4} }, "W = 3"},
		{"W not increasing", func(c *CoordinatedConfig) { c.Workers = []int{4, 2} }, "increasing"},
		{"no W", func(c *CoordinatedConfig) { c.Workers = nil }, "no W"},
		{"MNIST not divisible", func(c *CoordinatedConfig) { c.MNISTN = 250 }, "250"},
		{"odd m", func(c *CoordinatedConfig) { c.TwoLevelM = 7 }, "m = 7"},
		{"zero step", func(c *CoordinatedConfig) { c.TwoLevelGamma = 0 }, "step sizes 0"},
		{"NaN λ", func(c *CoordinatedConfig) { c.MNISTLambda = math.NaN() }, "λ = NaN"},
		{"no epochs", func(c *CoordinatedConfig) { c.Epochs = 0 }, "0 epochs"},
		{"one first-run step size", func(c *CoordinatedConfig) { c.FirstMNISTGamma = 0 }, "first-run step sizes 0.02 (two-level) and 0 (MNIST)"},
		{"negative first-run step size", func(c *CoordinatedConfig) { c.FirstTwoLevelGamma = -1 }, "first-run step sizes -1"},
	} {
		cfg := CoordinatedConfig{}.At(Smoke)
		c.set(&cfg)
		if _, err := cfg.Run(context.Background(), nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %q", c.name, err, c.want)
		}
	}
}

// TestCoordinatedDeterministic runs the two-level part at the smoke scale
// with one and with two workers: the same bits.
func TestCoordinatedDeterministic(t *testing.T) {
	c := CoordinatedConfig{MNISTN: -1}.At(Smoke)
	a, err := c.Run(context.Background(), &Env{Seed: 3, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Run(context.Background(), &Env{Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("one and two workers give different results")
	}
	d, err := c.Run(context.Background(), &Env{Seed: 4, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(a.Runs, d.Runs) {
		t.Error("seeds 3 and 4 give the same runs")
	}
	// The first run's step sizes run beside, as a config of their own.
	if a.First == nil || a.First.Config.TwoLevelGamma != c.FirstTwoLevelGamma || a.First.Config.FirstTwoLevelGamma != 0 || a.First.First != nil {
		t.Fatalf("first run beside: %+v, want the config at γ = %v", a.First, c.FirstTwoLevelGamma)
	}
	if reflect.DeepEqual(a.First.Runs, a.Runs) {
		t.Error("the first run's step sizes give the same runs as the tuned ones")
	}
	c0 := c
	c0.FirstTwoLevelGamma, c0.FirstMNISTGamma = 0, 0
	if z, err := c0.Run(context.Background(), &Env{Seed: 3, Workers: 1}); err != nil || z.First != nil || !reflect.DeepEqual(z.Runs, a.Runs) {
		t.Errorf("without the first run: %v, first %v; want the same tuned runs and no first", err, z != nil && z.First != nil)
	}
	// Epoch 0's orders are shared by D-RR, ID-GraB and CD-GraB: the same
	// herding in epoch 0.
	for _, w := range c.Workers {
		h := a.runs(coordTwoLevel, w, "D-RR")[0].HerdingInf[0]
		for _, m := range []string{"ID-GraB", "CD-GraB"} {
			if got := a.runs(coordTwoLevel, w, m)[0].HerdingInf[0]; got != h {
				t.Errorf("W = %d: %s epoch-0 herding %v, D-RR's %v", w, m, got, h)
			}
		}
	}
}

// TestCoordinatedHeldOut runs the two-level part at the smoke scale at
// base seeds 1 to 5: at every one, the judged runs are not the tuning
// runs (base seed 1, where the step sizes were chosen), whose runs are the
// same whatever the base seed.
func TestCoordinatedHeldOut(t *testing.T) {
	c := CoordinatedConfig{MNISTN: -1}.At(Smoke)
	var tuning *CoordinatedResult
	for base := uint64(1); base <= 5; base++ {
		res, err := c.Run(context.Background(), &Env{Seed: base, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if res.Tuning == nil || res.First == nil || res.Tuning.BaseSeed != coordTuneSeed || res.First.BaseSeed != coordTuneSeed {
			t.Fatalf("base seed %d: tuning runs %v, first %v, want both at the tuning seed %d", base, res.Tuning != nil, res.First != nil, coordTuneSeed)
		}
		if tuning == nil {
			tuning = res.Tuning
		} else if !reflect.DeepEqual(res.Tuning.Runs, tuning.Runs) {
			t.Errorf("base seed %d: the tuning runs differ from base seed 1's", base)
		}
		tuned := map[uint64]bool{}
		for _, r := range res.Tuning.Runs {
			tuned[mixSeed(res.Tuning.BaseSeed, streamCoordinated, uint64(r.Workers), uint64(r.Seed))] = true
		}
		for _, r := range res.Runs {
			if tuned[mixSeed(res.BaseSeed, streamCoordinated, uint64(r.Workers), uint64(r.Seed))] {
				t.Errorf("base seed %d: judged run W = %d seed %d shares the tuning seed's", base, r.Workers, r.Seed)
			}
		}
		if reflect.DeepEqual(res.Runs, res.Tuning.Runs) {
			t.Errorf("base seed %d: the judged runs are the tuning runs", base)
		}
	}
}

// TestCoordinatedCharts draws the charts of made-up runs whose seeds
// differ and whose CD-GraB σ*² reaches rounding zero: every chart passes
// chart.Check, every series of several seeds carries their number and a
// band that holds its mean, and σ*² is drawn down to a stated floor only.
func TestCoordinatedCharts(t *testing.T) {
	jitter := func(s int) float64 { return 1 + 0.1*float64(s) }
	res := fakeCoordinatedOn(coordTwoLevel, 3, func(w, s int) float64 { return float64(w) * jitter(s) },
		func(w, s int) float64 { return 1e-15 * jitter(s) },
		func(w, s int) float64 { return 2 * jitter(s) }, func(w, s int) float64 { return jitter(s) })
	out := &Outcome{}
	res.addCoordinatedCharts(out)
	charts := checkCharts(t, out)
	if len(charts) != 4 {
		t.Fatalf("%d charts, want 4 (two-level: herding, sigma, loss-ratio, loss)", len(charts))
	}
	for base, c := range charts {
		lc := c.(*chart.LineChart)
		for _, s := range lc.Series {
			if strings.HasPrefix(s.Name, "floor") {
				continue
			}
			if s.Runs != 3 || len(s.Lo) != len(s.X) || len(s.Hi) != len(s.X) {
				t.Errorf("%s: series %q of %d runs with %d, %d band ends for %d points, want 3 runs and a band", base, s.Name, s.Runs, len(s.Lo), len(s.Hi), len(s.X))
				continue
			}
			for i, y := range s.Y {
				if !(s.Lo[i] <= y*(1+1e-12) && y <= s.Hi[i]*(1+1e-12)) {
					t.Errorf("%s: series %q point %d: %v outside its band [%v, %v]", base, s.Name, i, y, s.Lo[i], s.Hi[i])
				}
			}
		}
	}
	sigma := charts["coordinated-two-level-sigma"].(*chart.LineChart)
	floor := sigma.Series[len(sigma.Series)-1]
	if !strings.HasPrefix(floor.Name, "floor") || !strings.Contains(sigma.YLabel, "floored at") {
		t.Fatalf("sigma chart: last series %q, y label %q, want the floor named", floor.Name, sigma.YLabel)
	}
	for _, s := range sigma.Series {
		for _, v := range slices.Concat(s.Y, s.Lo, s.Hi) {
			if v < floor.Y[0] {
				t.Errorf("sigma chart: series %q has %v below the floor %v", s.Name, v, floor.Y[0])
			}
		}
	}
}

// TestCoordinatedExcessLoss checks that the loss parts judge the excess
// loss f − f*: on the quadratic f* = 0, so a run whose f* is raised moves
// its part's gap, and an f* at or above a loss after the start is refused
// with its value named.
func TestCoordinatedExcessLoss(t *testing.T) {
	res, err := CoordinatedConfig{MNISTN: -1}.At(Smoke).Run(context.Background(), &Env{Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Runs {
		if r.FStar != 0 {
			t.Fatalf("two-level quadratic: f* = %v, want 0", r.FStar)
		}
	}
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	w := res.Config.Workers[0]
	gap := func(f *CoordinatedFindings) float64 {
		for _, g := range f.Gaps {
			if g.What == "loss" && g.Workers == w {
				return g.Interval.Mean
			}
		}
		t.Fatalf("no loss gap at W = %d", w)
		return 0
	}
	before := gap(f)
	// D-RR's f* raised to half its least loss: its excess falls, and so
	// does D-RR's minus CD-GraB's gap.
	for i := range res.Runs {
		if r := &res.Runs[i]; r.Workers == w && r.Method == ordering.DRR.String() {
			r.FStar = 0.5 * slices.Min(r.Loss[1:])
		}
	}
	f, err = res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	if !(gap(f) < before) {
		t.Errorf("D-RR's f* raised: loss gap %v, before %v; want smaller", gap(f), before)
	}
	r := &res.Runs[0]
	r.FStar = r.Loss[len(r.Loss)-1]
	if _, err := res.Findings(); err == nil || !strings.Contains(err.Error(), "f* =") {
		t.Errorf("f* at the last loss: error %v, want one naming f*", err)
	}
}

// TestCoordinatedTwoLevelNotJudged checks that the two-level quadratic's
// gaps, where CD-GraB cancels by construction, are reported and not
// judged: a two-level herding gap that fails leaves MNIST's met goal met,
// and a run of the quadratic alone is not checkable.
func TestCoordinatedTwoLevelNotJudged(t *testing.T) {
	jitter := func(s int) float64 { return 1 + 0.01*float64(s%3) }
	met := func(w, s int) float64 { return float64(w) * jitter(s) }
	one := func(w, s int) float64 { return jitter(s) }
	two := func(w, s int) float64 { return 2 * jitter(s) }
	quad := fakeCoordinatedOn(coordTwoLevel, 5, one, met, two, one) // CD-GraB herds above D-RR
	f, err := quad.Findings()
	if err != nil {
		t.Fatal(err)
	}
	if f.Verdict != NotCheckable {
		t.Errorf("the quadratic alone: verdict %v, want not checkable", f.Verdict)
	}
	both := fakeCoordinated(5, met, one, two, one)
	both.Problems = append([]string{coordTwoLevel}, both.Problems...)
	both.Dims = append(both.Dims, 20)
	both.Runs = append(quad.Runs, both.Runs...)
	f, out := findingsOf[*CoordinatedFindings](t, both, nil)
	if f.Verdict != GoalMet || out.Verdict != GoalMet {
		t.Errorf("MNIST met, the quadratic failing: verdict %v (outcome %v), want goal met", f.Verdict, out.Verdict)
	}
	var shown, rows int
	for _, g := range f.Gaps {
		if g.Problem == coordTwoLevel {
			shown++
		}
	}
	for _, r := range out.Rows {
		if strings.HasPrefix(r.Quantity, coordTwoLevel+",") || strings.HasPrefix(r.Quantity, coordTwoLevel+":") {
			if !strings.HasPrefix(r.Paper, "not judged") && r.Paper != "-" {
				t.Errorf("row %q: paper column %q, want it marked not judged", r.Quantity, r.Paper)
			}
			rows++
		}
	}
	for _, c := range out.Checks {
		if strings.Contains(c.Name, "two-level") {
			t.Errorf("check %s judged, want the quadratic's gaps not judged", c.Name)
		}
	}
	if shown == 0 || rows == 0 {
		t.Errorf("the quadratic's gaps: %d found, %d rows; want them reported", shown, rows)
	}
}

// TestCoordinatedLeastSizeRange checks the confirmatory line's range of
// least sizes for the loss part, whose least size was set with its values
// known: it holds below the smallest lower end of its quantities, does not
// hold above the smallest upper end; the herding part, without a
// LeastSizeText, gets none.
func TestCoordinatedLeastSizeRange(t *testing.T) {
	c, ok := Lookup(coordinatedID)
	if !ok {
		t.Fatal("no coordinated-orders claim")
	}
	loss := SeedPart{Name: coordCheck(coordMNIST, "loss"), Verdict: GoalNotMet, Quantities: []Quantity{
		{Label: "W = 4", Mean: 2.3, Lo: 2.2, Hi: 2.4, N: 44},
		{Label: "W = 64", Mean: 0.0253, Lo: 0.0216, Hi: 0.0290, N: 44},
	}}
	got := thresholdRange(c, loss)
	for _, want := range []string{
		"its least size, 0.0806 in log (an excess loss 7.74% lower)",
		"below 0.0216 in log (an excess loss 2.14% lower) this pass would read it holding",
		"above 0.0290 in log (an excess loss 2.86% lower) not holding",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("thresholdRange(loss) = %q, lacks %q", got, want)
		}
	}
	herding := SeedPart{Name: coordCheck(coordMNIST, "herding"), Verdict: GoalMet, Quantities: loss.Quantities}
	if got := thresholdRange(c, herding); got != "" {
		t.Errorf("thresholdRange(herding) = %q, want none", got)
	}
}
