// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper/chart"
)

// TestBalance1D pins σ*² of the orders the online methods chose in each
// epoch on the 1-D example of Section 4.1 (σ = 1, seed 1). The values
// were measured with this code, not taken from a paper; the gradients are
// x ± 1, so every σ*² is the square of an integer prefix sum and the
// values are exact up to rounding (tolerance 1e-9 relative). What they
// show: greedy finds σ*² = σ² = 1 in every epoch; mean balance from the
// sorted start (σ*² = n²/4) needs epochs to undo it, dividing σ*² by 4 per
// epoch once under way; from a random start both balancers fall to 1-4
// within 4 epochs; RR stays of the order of n.
func TestBalance1D(t *testing.T) {
	want := map[int]map[string][]float64{
		8: {
			"RR":                          {9, 4, 9, 16},
			"greedy":                      {1, 1, 1, 1},
			"mean balance (sorted start)": {16, 16, 4, 1},
			"mean balance (random start)": {9, 9, 4, 1},
			"pair balance (random start)": {9, 4, 1, 1},
		},
		64: {
			"RR":                          {36, 36, 81, 49},
			"greedy":                      {1, 1, 1, 1},
			"mean balance (sorted start)": {1024, 1024, 256, 64},
			"mean balance (random start)": {9, 9, 4, 4},
			"pair balance (random start)": {9, 4, 4, 4},
		},
	}
	rows, err := runBalance1D(context.Background(), []int{8, 64}, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2*len(balance1DMethods) {
		t.Fatalf("%d rows, want %d", len(rows), 2*len(balance1DMethods))
	}
	for _, r := range rows {
		w := want[r.N][r.Method]
		if len(r.SigmaStar2) != len(w) {
			t.Fatalf("n = %d, %s: %d epochs, want %d", r.N, r.Method, len(r.SigmaStar2), len(w))
		}
		for e, v := range r.SigmaStar2 {
			if math.Abs(v-w[e]) > 1e-9*w[e] {
				t.Errorf("n = %d, %s: σ*² %v, pinned %v", r.N, r.Method, r.SigmaStar2, w)
				break
			}
		}
	}
}

func TestScalableSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MNIST and computes gradient matrices")
	}
	c := ScalableConfig{}.At(Smoke)
	res, err := c.Run(context.Background(), &Env{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 + len(c.Snapshots); len(res.Matrices) != want {
		t.Fatalf("%d matrices, want %d", len(res.Matrices), want)
	}
	for _, m := range res.Matrices {
		if m.Methods[0].Ratio != 1 || !strings.HasPrefix(m.Methods[0].Name, "greedy") {
			t.Errorf("%s: first method %+v, want the exact greedy with ratio 1", m.Name, m.Methods[0])
		}
		for _, meth := range m.Methods {
			if !(meth.SigmaStar2 > 0) || !(meth.Seconds >= 0) || meth.Bytes <= 0 {
				t.Errorf("%s, %s: %+v", m.Name, meth.Name, meth)
			}
		}
		// On structured gradients random orders are worse than greedy.
		if rr := m.Methods[len(m.Methods)-1]; !(rr.Ratio > 1) {
			t.Errorf("%s: random orders at %.3g × greedy's σ*²", m.Name, rr.Ratio)
		}
	}
	out, err := res.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	// One figure of a panel per snapshot, and the 1-D example's.
	if len(out.Charts) != 2 {
		t.Errorf("%d charts, want 2", len(out.Charts))
	}
}

func TestScalableTrainingConfig(t *testing.T) {
	c := scalableTrainingConfig(Default)
	if !slices.Equal(c.Orders, scalableTrainingOrders) {
		t.Errorf("orders %v", c.Orders)
	}
	bad := c
	bad.Orders = []string{"greedy", "mean balance"}
	bad.fill()
	if bad.validate() == nil {
		t.Error("orders without RR: no error")
	}
	bad.Orders = []string{"RR", "greedy", "RR"}
	if bad.validate() == nil {
		t.Error("an order twice: no error")
	}
	bad.Orders = []string{"RR", "magic"}
	if bad.validate() == nil {
		t.Error("unknown order: no error")
	}
}

func TestScalableFindings(t *testing.T) {
	// The goal at k = 1024 (scalableGoalRatio 1.1, scalableGoalCost 20)
	// on hand-made matrices: the exact greedy costs 1000 multiply-adds;
	// the sketches' σ*² ratios over the draws are given.
	matrix := func(name string, ratios []float64, mulAdds float64) ScalableMatrix {
		var mean float64
		for _, r := range ratios {
			mean += r / float64(len(ratios))
		}
		return ScalableMatrix{Name: name, Methods: []ScalableMethod{
			{Name: scalableExact, SigmaStar2: 1, Ratio: 1, MulAdds: 1000, Bytes: 800},
			{Name: "sketched greedy, k = 1024", SigmaStar2: mean, Ratio: mean, Ratios: ratios, MulAdds: mulAdds, Bytes: 100},
		}}
	}
	low := []float64{1.04, 1.05, 1.06, 1.05, 1.05}   // [1.04, 1.06]: below 1.1
	near := []float64{1.08, 1.09, 1.085, 1.09, 1.08} // just below 1.1
	high := []float64{1.19, 1.2, 1.21, 1.2, 1.2}     // above 1.1
	spans := []float64{1.05, 1.15, 1.1, 1.12, 1.08}  // mean 1.1: spans
	oneDraw := []float64{1.01}                       // no interval
	type state struct{ met, failed bool }
	for _, test := range []struct {
		name     string
		matrices []ScalableMatrix
		oneD     []float64
		want     Verdict
		states   []state
	}{
		{"both met", []ScalableMatrix{matrix("MNIST a", low, 40), matrix("quadratic", high, 1000), matrix("MNIST b", near, 45)}, []float64{1, 1}, GoalMet, []state{{true, false}, {true, false}}},
		{"σ*² shown too large", []ScalableMatrix{matrix("MNIST a", low, 40), matrix("MNIST b", high, 40)}, []float64{1, 1}, GoalNotMet, []state{{true, false}, {false, true}}},
		// The old rule judged the mean (1.1 ≤ 1.1: met); its interval spans.
		{"σ*² spans the threshold", []ScalableMatrix{matrix("MNIST a", low, 40), matrix("MNIST b", spans, 40)}, []float64{1, 1}, Inconclusive, []state{{true, false}, {false, false}}},
		{"one sketch: no interval", []ScalableMatrix{matrix("MNIST a", oneDraw, 40)}, []float64{1, 1}, Inconclusive, []state{{false, false}}},
		// Too few multiply-adds saved: not the regime the goal asks
		// about, so not tested there, whatever the ratio.
		{"too few multiply-adds saved", []ScalableMatrix{matrix("MNIST a", low, 100)}, []float64{1, 2}, NotTested, []state{{false, false}}},
		{"too few saved, σ*² too large", []ScalableMatrix{matrix("MNIST a", low, 40), matrix("MNIST b", high, 100)}, []float64{1, 2}, NotTested, []state{{true, false}, {false, false}}},
		// "At least 20 times": an exact 20× is the goal's regime.
		{"exactly 20× fewer", []ScalableMatrix{matrix("MNIST a", low, 50)}, []float64{1, 1}, GoalMet, []state{{true, false}}},
		{"no MNIST matrix", []ScalableMatrix{matrix("quadratic", low, 10)}, nil, NotCheckable, nil},
	} {
		r := &ScalableResult{Matrices: test.matrices}
		if test.oneD != nil {
			r.OneD = []ScalableOneD{{N: 8, Method: "greedy", SigmaStar2: test.oneD}}
		}
		f, err := r.Findings()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		var states []state
		for _, g := range f.Goals {
			states = append(states, state{g.Met, g.Failed})
		}
		if f.Verdict != test.want || !slices.Equal(states, test.states) || f.Met != (test.want == GoalMet) {
			t.Errorf("%s: verdict %v, goals %v, met %v; want %v, %v", test.name, f.Verdict, states, f.Met, test.want, test.states)
		}
		if len(f.Goals) > 0 {
			g, m := f.Goals[0], test.matrices[0].Methods[1]
			if g.Matrix != "MNIST a" || g.Fewer != 1000/m.MulAdds || g.LessMemory != 8 || g.Ratio.N != len(m.Ratios) || math.Abs(g.Ratio.Mean-m.Ratio) > 1e-12 {
				t.Errorf("%s: first goal %+v", test.name, g)
			}
		}
		if wantOne := test.oneD != nil && test.oneD[1] == 1; f.OneD != (test.oneD != nil) || f.GreedyOneD != wantOne {
			t.Errorf("%s: 1-D example ran %v, greedy finds σ² %v, want %v", test.name, f.OneD, f.GreedyOneD, wantOne)
		}
		if f.K != 1024 || f.GoalRatio != 1.1 || f.GoalCost != 20 {
			t.Errorf("%s: goal thresholds %d, %v, %d", test.name, f.K, f.GoalRatio, f.GoalCost)
		}
		out, err := r.Outcome()
		if err != nil || out.Verdict != f.Verdict {
			t.Errorf("%s: outcome %v, %v; want the findings' verdict %v", test.name, out, err, f.Verdict)
			continue
		}
		// One interval test per part and MNIST matrix (one per part if
		// there is none), and one check per part: the 1-D example is
		// said beside the goal, not judged.
		if want := max(len(f.Goals), 1); len(out.Tests) != want {
			t.Errorf("%s: %d interval tests, want %d", test.name, len(out.Tests), want)
		}
		ch := checksOf(out)
		_, setup := ch["setup"]
		if ch[scalableRatioPart] != f.Judgement.Holds(scalableRatioPart) || setup != (f.Verdict == NotTested) || f.OneD && !strings.Contains(out.Summary, "1-D example") {
			t.Errorf("%s: checks %v, summary %q", test.name, ch, out.Summary)
		}
		checkBrief(t, scalableID, out)
	}
	// A smaller ratio, or more multiply-adds saved, never gives a worse
	// state: fails, unsettled, met in that order.
	rank := func(met, failed bool) int {
		switch {
		case met:
			return 2
		case failed:
			return 0
		}
		return 1
	}
	for _, width := range []float64{0, 0.01, 0.05} {
		prev := 3
		for step := range 41 {
			mean := 1.0 + 0.005*float64(step) // 1 to 1.2, rising: the state may only fall
			iv := Interval{Mean: mean, Lo: mean - width, Hi: mean + width, N: 5}
			met, failed := scalableJudge(iv, 50)
			if met && failed {
				t.Fatalf("ratio %v: both met and failed", iv)
			}
			if r := rank(met, failed); r > prev {
				t.Errorf("width %v: ratio %v gives a better state (%d) than a smaller one (%d)", width, iv, r, prev)
			} else {
				prev = r
			}
		}
		if prev != 0 {
			t.Errorf("width %v: a ratio of 1.2 is not shown above 1.1", width)
		}
		if met, _ := scalableJudge(Interval{Mean: 1, Lo: 1 - width/2, Hi: 1 + width/2, N: 5}, 10); met {
			t.Errorf("width %v: 10× fewer multiply-adds meets the goal of 20×", width)
		}
	}
}

// scalableTrainingFake returns a scalable-training result of three seeds
// and one epoch with the given final accuracies per order: the mean over
// the epochs after the initialisation (meanAcc) is the final one.
func scalableTrainingFake(final map[string][]float64) *Table1Result {
	c := scalableTrainingConfig(Smoke)
	c.Seeds, c.Epochs = 3, 1
	r := &Table1Result{Config: c, Batchings: table1Batchings}
	for _, order := range c.Orders {
		r.Runs = append(r.Runs, make([][]Table1Run, len(table1Batchings)))
		for b := range table1Batchings {
			for _, v := range final[order] {
				r.Runs[len(r.Runs)-1][b] = append(r.Runs[len(r.Runs)-1][b], Table1Run{Order: order, Batching: table1Batchings[b], TestAcc: []float64{0.1, v}, TrainLoss: []float64{2, 1}})
			}
		}
	}
	return r
}

func TestScalableTrainingFindings(t *testing.T) {
	result := scalableTrainingFake
	greedy := []float64{0.90, 0.91, 0.92}
	behind := []float64{0.80, 0.82, 0.81} // 10 points behind: fails
	final := map[string][]float64{
		"RR": {0.80, 0.81, 0.79}, "greedy": greedy,
		"sketched greedy": behind,
		"stale greedy":    behind,
		"mean balance":    behind,
		"pair balance":    behind,
	}
	type state struct{ holds, fails bool }
	fail := state{false, true}
	for _, test := range []struct {
		name    string
		replace map[string][]float64
		want    Verdict
		states  map[string]state
	}{
		// "An efficient order": the goal fails only if every one is
		// shown worse by more than the margin.
		{"every order 10 points behind", nil, GoalNotMet, map[string]state{
			"sketched greedy": fail, "stale greedy": fail, "mean balance": fail, "pair balance": fail}},
		// 1.1 points behind greedy's 10, 9 and 8 points of error: -11%,
		// -12.2% and -13.75%, short of -7.74%.
		{"pair balance short of the margin, the others behind", map[string][]float64{"pair balance": {0.889, 0.899, 0.909}}, GoalNotMet, map[string]state{
			"sketched greedy": fail, "stale greedy": fail, "mean balance": fail, "pair balance": fail}},
		// One order the same as greedy: the goal is met, whatever the
		// others (before 2026-11-29 every order had to hold).
		{"one order the same as greedy", map[string][]float64{"mean balance": greedy}, GoalMet, map[string]state{
			"sketched greedy": fail, "stale greedy": fail, "mean balance": {true, false}, "pair balance": fail}},
		// Wide intervals around greedy's: unsettled, so inconclusive.
		{"wide intervals around greedy's", map[string][]float64{"stale greedy": {0.91, 0.93, 0.92}, "pair balance": {0.896, 0.906, 0.92}}, Inconclusive, map[string]state{
			"sketched greedy": fail, "stale greedy": {false, false}, "mean balance": fail, "pair balance": {false, false}}},
		// A gap wholly above +margin obtains greedy's accuracy too.
		{"a gap reaching past +margin", map[string][]float64{"mean balance": {0.95, 0.961, 0.97}}, GoalMet, map[string]state{
			"sketched greedy": fail, "stale greedy": fail, "mean balance": {true, false}, "pair balance": fail}},
		// Stale greedy takes no full gradient pass after epoch 0: it is
		// judged, and alone obtaining greedy's accuracy meets the goal
		// (beside, wrongly, from 2026-11-29 to 2026-12-01).
		{"only stale greedy the same as greedy", map[string][]float64{"stale greedy": greedy}, GoalMet, map[string]state{
			"sketched greedy": fail, "stale greedy": {true, false}, "mean balance": fail, "pair balance": fail}},
		// Sketched greedy still takes Algorithm 2's full gradient pass
		// (tex:490): reported beside and not judged since 2026-12-01,
		// so it alone obtaining greedy's accuracy does not meet the goal
		// (at base seeds 1001 and 1002 it did).
		{"only sketched greedy the same as greedy", map[string][]float64{"sketched greedy": greedy}, GoalNotMet, map[string]state{
			"sketched greedy": {true, false}, "stale greedy": fail, "mean balance": fail, "pair balance": fail}},
	} {
		acc := maps.Clone(final)
		maps.Copy(acc, test.replace)
		r := result(acc)
		f, err := r.ScalableTrainingFindings()
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Gaps) != len(test.states) {
			t.Fatalf("%s: gaps %+v, want one per efficient order", test.name, f.Gaps)
		}
		for _, g := range f.Gaps {
			if got := (state{g.Holds, g.Fails}); got != test.states[g.Order] || g.Holds && !g.Gap.Above(-f.Margin) || g.Fails != g.Gap.Below(-f.Margin) {
				t.Errorf("%s: %s: gap %v, holds and fails %v, want %v", test.name, g.Order, g.Gap, got, test.states[g.Order])
			}
		}
		if g := f.Gaps[0]; g.Final.N != 3 || g.Final.Mean != g.Mean.Mean || g.Gap.N != 3 {
			t.Errorf("%s: final gap %v, want the mean gap's %v (one epoch) over 3 seeds, judged %v", test.name, g.Final, g.Mean, g.Gap)
		}
		if !f.Checkable || f.Verdict != test.want || f.Met != (test.want == GoalMet) || f.Margin != scalableTrainingMargin {
			t.Errorf("%s: checkable %v, met %v, verdict %v, margin %v; want %v", test.name, f.Checkable, f.Met, f.Verdict, f.Margin, test.want)
		}
		out, err := r.ScalableTrainingOutcome()
		if err != nil || out.Verdict != f.Verdict || len(out.Tests) != f.judgedGaps() || f.judgedGaps() != len(f.Gaps)-1 {
			t.Fatalf("%s: outcome %v, %v; want the findings' verdict %v and a test per order", test.name, out, err, f.Verdict)
		}
		// Table 1's 0.54 and 0.16 are standard errors (its caption), not
		// standard deviations; the margin is Table 1's.
		if p := strings.Join(out.Protocol, " "); !strings.Contains(p, "derived from the standard errors Table 1 states") || strings.Contains(p, "standard deviation over seeds of Table 1") || f.Margin != table1Similar {
			t.Errorf("%s: protocol %q, margin %v: want the paper's standard errors and Table 1's margin %v", test.name, p, f.Margin, table1Similar)
		}
	}
	final["sketched greedy"] = greedy
	f, _ := result(final).ScalableTrainingFindings()
	// Greedy at 90, 91, 92%, an order 10, 9, 11 points behind: -100%,
	// -100% and -137.5% of greedy's test error, mean -112.5%.
	if math.Abs(f.Gaps[0].Gap.Mean) > 1e-9 || math.Abs(f.Gaps[2].Final.Mean+10) > 1e-9 || math.Abs(f.Gaps[2].Gap.Mean+112.5) > 1e-9 || f.Gaps[0].Gap.N != 3 {
		t.Errorf("gaps %v%% and %v%% (%v points), want 0, -112.5%% (-10 points) over 3 seeds", f.Gaps[0].Gap, f.Gaps[2].Gap, f.Gaps[2].Final)
	}
}

// TestScalableTrainingHolm checks that the goal's "for some" is judged
// with Holm over the efficient orders: a gap whose interval lies just
// above -margin holds alone but not when two other orders are judged
// beside it (Holm over three), and holds again when it is far above.
func TestScalableTrainingHolm(t *testing.T) {
	greedy := []float64{0.90, 0.91, 0.92}
	behind := []float64{0.80, 0.82, 0.81}
	for _, test := range []struct {
		name string
		pair []float64
		want Verdict
	}{
		// Gaps +0.5%, +2.8% and +8.75% of greedy's error (mean +4.0%,
		// SE 2.5, df 2): the interval lies above -7.74% (p alone below
		// 2.5%), but Holm's p·3 is above 2.5%.
		{"just above -margin", []float64{0.9005, 0.9125, 0.9270}, Inconclusive},
		{"far above -margin", []float64{0.9200, 0.9300, 0.9400}, GoalMet},
	} {
		acc := map[string][]float64{"RR": behind, "greedy": greedy, "sketched greedy": behind, "stale greedy": behind, "mean balance": behind, "pair balance": test.pair}
		f, err := scalableTrainingFake(acc).ScalableTrainingFindings()
		if err != nil {
			t.Fatal(err)
		}
		g := f.Gaps[3]
		if !g.Gap.Above(-f.Margin) || g.Holds != (test.want == GoalMet) {
			t.Errorf("%s: pair balance %v, holds %v: want its interval above -%g, held only if met", test.name, g.Gap, g.Holds, f.Margin)
		}
		if f.Verdict != test.want {
			t.Errorf("%s: pair balance %v (p alone %.4f), verdict %v, want %v", test.name, g.Gap, g.Gap.PAbove(-f.Margin), f.Verdict, test.want)
		}
	}
}

// TestScalableTrainingMonotone checks that a better gap never gives a
// worse verdict: shifting one efficient order's accuracies up, seed by
// seed, moves its state from fails through unsettled to holds and never
// back, at every width of its interval, and the claim's verdict from not
// met through inconclusive to met and never back.
func TestScalableTrainingMonotone(t *testing.T) {
	rank := map[Verdict]int{GoalNotMet: 0, Inconclusive: 1, GoalMet: 2}
	greedy := []float64{0.90, 0.91, 0.92}
	for _, spread := range []float64{0, 0.001, 0.004, 0.02} {
		prevState, prevVerdict := -1, -1
		seen := map[int]bool{}
		for step := -60; step <= 60; step++ {
			shift := float64(step) * 0.0005 // 0.05 points a step, -3 to +3 points
			acc := map[string][]float64{"RR": {0.8, 0.8, 0.8}, "greedy": greedy,
				"sketched greedy": {0.8, 0.82, 0.81}, "stale greedy": {0.8, 0.82, 0.81}, "mean balance": {0.8, 0.82, 0.81},
				"pair balance": {0.90 + shift - spread, 0.91 + shift, 0.92 + shift + spread}}
			f, err := scalableTrainingFake(acc).ScalableTrainingFindings()
			if err != nil {
				t.Fatal(err)
			}
			g := f.Gaps[3]
			state := 1
			switch {
			case g.Holds && g.Fails:
				t.Fatalf("spread %v, shift %v: gap %v both holds and fails", spread, shift, g.Gap)
			case g.Holds:
				state = 2
			case g.Fails:
				state = 0
			}
			v, ok := rank[f.Verdict]
			if !ok {
				t.Fatalf("spread %v, shift %v: verdict %v", spread, shift, f.Verdict)
			}
			if state < prevState || v < prevVerdict {
				t.Errorf("spread %v: a gap of %v gives state %d and verdict %v, worse than a smaller gap's (%d, rank %d)", spread, g.Gap, state, f.Verdict, prevState, prevVerdict)
			}
			prevState, prevVerdict = state, v
			seen[state] = true
		}
		// Every state is reached where the interval is narrow enough,
		// so the rule can fail as well as hold.
		if spread <= 0.004 && (!seen[0] || !seen[2]) {
			t.Errorf("spread %v: states reached %v, want fails and holds", spread, seen)
		}
	}
	// The rule before 2026-11-26's second change held [-0.4, +0.4] and
	// left [+0.1, +0.9] unsettled: the new rule holds both.
	for _, iv := range []Interval{{Mean: 0, Lo: -0.4, Hi: 0.4, N: 3}, {Mean: 0.5, Lo: 0.1, Hi: 0.9, N: 3}, {Mean: 1, Lo: 0.6, Hi: 1.3, N: 3}} {
		if holds, fails := scalableTrainingJudge(iv, scalableTrainingMargin); !holds || fails {
			t.Errorf("gap %v: holds %v, fails %v; want holds", iv, holds, fails)
		}
	}
}

// TestScalableTrainingCharts draws the scalable-training charts of orders
// of which some are within a point of each other: every chart passes
// chart.Check, and a line drawn for several orders has a colour no order's
// line has, so that the legend gives no style two meanings.
func TestScalableTrainingCharts(t *testing.T) {
	r := scalableTrainingFake(map[string][]float64{
		"RR": {0.80, 0.81, 0.79}, "greedy": {0.90, 0.91, 0.92}, "sketched greedy": {0.90, 0.91, 0.92},
		"stale greedy": {0.805, 0.815, 0.795}, "mean balance": {0.70, 0.72, 0.71}, "pair balance": {0.60, 0.61, 0.62},
	})
	out, err := r.ScalableTrainingOutcome()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for base, c := range checkCharts(t, out) {
		p, ok := c.(*chart.Panels)
		if !ok {
			t.Fatalf("%s: %T, want panels", base, c)
		}
		n++
		if err := oneLook(p); err != nil {
			t.Errorf("%s: %v", base, err)
		}
	}
	if n == 0 {
		t.Error("no chart drawn: the test checks nothing")
	}
}
