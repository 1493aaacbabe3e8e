// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

var theoryIDs = []string{"theorem-1", "mishchenko-lemma1", "omega-example", "appendix-c-lower-bound", "two-level-lemma"}

func TestTheoryClaimsSmoke(t *testing.T) {
	for _, id := range theoryIDs {
		t.Run(id, func(t *testing.T) {
			// The statements are theorems (or exact identities); at the
			// smoke scale with seed 1 every one holds, except that
			// mishchenko-lemma1's 2000 draws give intervals too wide to
			// show equivalence within ±2% (equalityMargin): inconclusive,
			// never not reproduced; and theorem-1's small smoke problem
			// leaves its bound more than 10 times above every run (not
			// approached: not tested, never not reproduced).
			want := []Verdict{Reproduced}
			switch id {
			case lemma1ID:
				want = append(want, Inconclusive)
			case theorem1ID:
				want = append(want, NotTested)
			}
			claimSmokeHolds(t, id, want)
		})
	}
}

func TestTheoryClaimsOrder(t *testing.T) {
	// Registered in the paper's order, before the two-level figure.
	ids := IDs()
	pos := map[string]int{}
	for i, id := range ids {
		pos[id] = i
	}
	for i := 1; i < len(theoryIDs); i++ {
		if pos[theoryIDs[i-1]] >= pos[theoryIDs[i]] {
			t.Errorf("%s registered after %s", theoryIDs[i-1], theoryIDs[i])
		}
	}
}

func TestRunOmega(t *testing.T) {
	const sigma = 1.5
	res, err := OmegaConfig{Ns: []int{2, 6, 32}, Sigma: sigma, Trials: 500, RunN: -1}.At(Default).Run(context.Background(), &Env{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Convergence != nil {
		t.Error("RunN < 0: convergence runs")
	}
	rows := res.Rows
	s2 := sigma * sigma
	for _, r := range rows {
		n := float64(r.N)
		// Section 4.1: alternating σ*² = σ², sorted (n/2)²σ²; greedy
		// finds an order as good as the alternating one.
		if !omegaEqual(r.Alternating, s2) || !omegaEqual(r.Greedy, s2) {
			t.Errorf("n = %d: alternating %v, greedy %v, want σ² = %v", r.N, r.Alternating, r.Greedy, s2)
		}
		if !omegaEqual(r.Sorted, n*n/4*s2) {
			t.Errorf("n = %d: sorted %v, want %v", r.N, r.Sorted, n*n/4*s2)
		}
		// Any permutation has σ*² between σ² (its first step) and the
		// sorted order's.
		if r.RRMean < s2*(1-1e-9) || r.RRMean > n*n/4*s2*(1+1e-9) {
			t.Errorf("n = %d: RR mean %v outside [σ², n²σ²/4]", r.N, r.RRMean)
		}
		if r.Lower != n*s2/256 {
			t.Errorf("n = %d: lower bound %v, want %v", r.N, r.Lower, n*s2/256)
		}
	}
	// n = 2: both permutations have σ*² = σ² exactly, so the Monte Carlo
	// mean is σ² with zero spread.
	if !omegaEqual(rows[0].RRMean, s2) || rows[0].RRSE > 1e-9 {
		t.Errorf("n = 2: RR mean %v ± %v, want %v ± 0", rows[0].RRMean, rows[0].RRSE, s2)
	}
}

func TestZigzagGradsTight(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 3, 8, 101} {
		g := zigzagGrads(n, 4, rnd)
		r := make([]int, n)
		for i := range r {
			r[i] = i
		}
		s2, _ := ordering.Heterogeneity(g)
		ss2, err := orderSigmaStar2(g, r)
		if err != nil {
			t.Fatal(err)
		}
		// Closed form from the construction: 4σ*²/σ² = 2n/(2n-3).
		got, want := 4*ss2/s2, 2*float64(n)/(2*float64(n)-3)
		if math.Abs(got-want) > 1e-9*want {
			t.Errorf("n = %d: 4σ*²/σ² = %v, want %v", n, got, want)
		}
	}
}

func TestRunAppendixC(t *testing.T) {
	res, err := AppendixCConfig{Ns: []int{2, 5, 40}, D: 3, Trials: 20}.At(Default).Run(context.Background(), &Env{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rows {
		for o := range res.Orders {
			// Appendix C: σ² ≤ 4σ*² for every order.
			if r.Min[o] < 1-1e-12 || r.Min[o] > r.Mean[o]*(1+1e-12) || r.Mean[o] > r.Max[o]*(1+1e-12) {
				t.Errorf("n = %d, %s: min %v, mean %v, max %v", r.N, res.Orders[o], r.Min[o], r.Mean[o], r.Max[o])
			}
		}
	}
}

func TestSamplePhi2Deterministic(t *testing.T) {
	// A fixed order has no spread: the mean is its φ² and the standard
	// errors are zero.
	rnd := rand.New(rand.NewPCG(4, 5))
	g := randomGrads(9, 3, rnd)
	seq := []int{3, 1, 4, 0, 5, 8, 2, 6, 7}
	o, err := ordering.NewIncremental(9, seq)
	if err != nil {
		t.Fatal(err)
	}
	st, err := samplePhi2(context.Background(), g, o, 10)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ordering.Phi2(nil, g, seq)
	if err != nil {
		t.Fatal(err)
	}
	for k := range want {
		if math.Abs(st.Mean[k]-want[k]) > 1e-12*(1+want[k]) || st.SE[k] > 1e-9*(1+want[k]) {
			t.Errorf("k = %d: mean %v ± %v, want %v ± 0", k+1, st.Mean[k], st.SE[k], want[k])
		}
	}
	if s := ordering.SigmaStar2(want, 0, 0); math.Abs(st.MaxMean-s) > 1e-12*s {
		t.Errorf("E max φ² = %v, want %v", st.MaxMean, s)
	}
	if _, err := samplePhi2(context.Background(), g, o, 1); err == nil {
		t.Error("no error for 1 trial")
	}
	if _, err := samplePhi2(context.Background(), g, &ordering.Greedy{}, 10); err == nil {
		t.Error("no error for an orderer that needs an oracle")
	}
}

func TestRunLemma1(t *testing.T) {
	c := Lemma1Config{N: 12, D: 4, Trials: 4000, Tolerance: 5}.At(Default)
	res, err := c.Run(context.Background(), &Env{Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	// Tolerance: see Lemma1Config.At.
	if res.Worst > c.Tolerance {
		t.Errorf("largest deviation %.2f standard errors at k = %d", res.Worst, res.WorstK)
	}
	// φ²_{r,n} = 0 for any permutation (the deviations sum to zero).
	if m := res.Stats.Mean[c.N-1]; m > 1e-9*res.Sigma2 {
		t.Errorf("E φ²_n = %v, want 0", m)
	}
	// φ²_{r,1} = ‖∇f_{r_1} - ∇f‖² has mean σ² exactly = ExpectedPhi2RR(k=1).
	if w := res.Want[0]; math.Abs(w-res.Sigma2) > 1e-12*w {
		t.Errorf("formula at k = 1: %v, want σ² = %v", w, res.Sigma2)
	}
}

func TestRunTwoLevelLemma(t *testing.T) {
	c := TwoLevelLemmaConfig{N: 2, M: 4, SigmaLow: 10, Ks: []int{1, 4}, SigmaTops: []float64{0, 30}, Trials: 3000}.At(Default)
	res, err := c.Run(context.Background(), &Env{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rows := res.Rows
	if len(rows) != len(c.Ks)*len(c.SigmaTops) {
		t.Fatalf("%d rows, want %d", len(rows), len(c.Ks)*len(c.SigmaTops))
	}
	for _, r := range rows {
		m, _ := r.TwoLevel.MaxOfMean()
		if !(m <= r.Bound) {
			t.Errorf("K = %d, σ_top = %g: max_k E φ² = %v above the bound %v", r.K, r.SigmaTop, m, r.Bound)
		}
		// Standard shuffling is a uniformly random permutation of all
		// N·m components, so Lemma 1 of Mishchenko et al. gives its E φ²_k
		// exactly; σ² of the quadratic is d(σ_top² + σ_low²). Tolerance:
		// 5 standard errors (see Lemma1Config.At) plus rounding.
		n := len(r.Standard.Mean)
		s2 := float64(problems.TwoLevelConfig{}.WithDefaults().D) * (r.SigmaTop*r.SigmaTop + c.SigmaLow*c.SigmaLow)
		for k := 1; k < n; k++ {
			w, err := ordering.ExpectedPhi2RR(s2, n, k)
			if err != nil {
				t.Fatal(err)
			}
			if d := math.Abs(r.Standard.Mean[k-1] - w); d > 5*r.Standard.SE[k-1]+1e-9*s2 {
				t.Errorf("σ_top = %g, k = %d: standard E φ² = %v ± %v, want %v", r.SigmaTop, k, r.Standard.Mean[k-1], r.Standard.SE[k-1], w)
			}
		}
	}
	// With σ_top large, 1-shuffling cancels the top-level shifts that
	// standard shuffling accumulates (Section 5).
	last := rows[len(c.Ks)] // K = 1, σ_top = 30
	m1, _ := last.TwoLevel.MaxOfMean()
	ms, _ := last.Standard.MaxOfMean()
	if last.K != 1 || !(m1 < ms) {
		t.Errorf("K = %d, σ_top = %g: two-level %v not below standard %v", last.K, last.SigmaTop, m1, ms)
	}
}

func TestRunTheorem1(t *testing.T) {
	c := Theorem1Config{}.At(Smoke)
	c.Ts, c.Grid = []int{3, 12}, 3
	res, err := c.Run(context.Background(), &Env{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for o, name := range res.Orders {
		for i, T := range c.Ts {
			for _, fr := range c.Fractions {
				rs := res.Runs(name, T, fr)
				if len(rs) != c.runsOf(name) {
					t.Fatalf("%s: %d runs, want %d", name, len(rs), c.runsOf(name))
				}
				for _, r := range rs {
					// Theorem 1, stated and proof constants.
					if !(r.Measured > 0 && r.Measured <= r.Stated && r.Measured <= r.Proof) {
						t.Errorf("%s, T = %d, γ = %g·max: measured %v, bounds %v, %v", name, T, fr, r.Measured, r.Stated, r.Proof)
					}
					if (name == "SGD") != (r.SigmaStar2 == 0) {
						t.Errorf("%s: σ*² = %v", name, r.SigmaStar2)
					}
				}
			}
			if !(res.TunedStep[o][i] > 0 && res.TunedStep[o][i] < res.MaxStep[o]) {
				t.Errorf("%s, T = %d: tuned step %v not admissible (limit %v)", name, T, res.TunedStep[o][i], res.MaxStep[o])
			}
		}
	}
	// Same seed, same result.
	again, err := c.Run(context.Background(), &Env{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res, again) {
		t.Error("two runs with the same seed differ")
	}
	if res.Runs("RR", 5, c.Fractions[0]) != nil || res.Runs("none", c.Ts[0], c.Fractions[0]) != nil {
		t.Error("Runs of a T or an order not in the result is not nil")
	}
	// The runs are saved as Bound[o][i][f], the layout of the cached
	// results, and read back.
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var layout struct{ Bound [][][][]Theorem1Run }
	if err := json.Unmarshal(b, &layout); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(layout.Bound, res.bound) {
		t.Error("the saved Bound is not the runs of part (a)")
	}
	var back Theorem1Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, res) {
		t.Error("the result read back differs")
	}
	if err := json.Unmarshal([]byte(`{"Bounds": []}`), &back); err == nil {
		t.Error("an unknown field is read without an error")
	}
}

func TestTheorem1Findings(t *testing.T) {
	c := Theorem1Config{}.At(Smoke)
	c.Ts, c.Grid = []int{3, 12}, 3
	res, err := c.Run(context.Background(), &Env{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	for _, name := range res.Orders {
		runs += len(c.Ts) * len(c.Fractions) * c.runsOf(name)
		if of := f.Order(name); of == nil || !(of.Slack >= 1) || len(of.Measured) != len(c.Ts) || len(of.SigmaStar2) != len(c.Ts) {
			t.Errorf("%s: findings %+v, want a slack of at least 1 and a value per T", name, of)
		}
	}
	// This small problem leaves the bound more than 10 times above
	// every run: judged whatever its slack, a verdict that stays
	// reproduced (the default scale's slack is about 8.6).
	if !f.Holds || f.Runs != runs || f.Verdict != Reproduced || !(f.MinStated >= 10 && f.MinProof >= 10) || f.TailTs != 2 {
		t.Errorf("holds %v in %d runs (want %d), verdict %v, slacks %v and %v, tail over %d T", f.Holds, f.Runs, runs, f.Verdict, f.MinStated, f.MinProof, f.TailTs)
	}
	if f.Order("none") != nil {
		t.Error("an order not in the result has findings")
	}
	// One run above its stated bound over t = 1..T fails the claim.
	rs := res.Runs("IG", c.Ts[1], c.Fractions[0])
	rs[0].MeasuredEnd = 2 * rs[0].Stated
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	if f.Holds || f.Verdict != NotReproduced || !(f.MinStated < 1) || !(f.Order("IG").Slack < 1) {
		t.Errorf("a run above its bound: holds %v, verdict %v, smallest slack %v, IG's %v", f.Holds, f.Verdict, f.MinStated, f.Order("IG").Slack)
	}
	// The rule's part names the failure: its check misses, and the
	// outcome's verdict is the rule's.
	if out, err := res.Outcome(); err != nil || out.Verdict != NotReproduced {
		t.Errorf("a run above its bound: outcome %v, %v", out, err)
	} else {
		checkMisses(t, out, "theorem1-bound")
	}
	// A run exactly at its stated bound: its point lies on the
	// threshold, unsettled, and the claim inconclusive.
	rs[0].MeasuredEnd = rs[0].Stated
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	if f.Verdict != Inconclusive {
		t.Errorf("a run at its stated bound: verdict %v, want inconclusive", f.Verdict)
	}
	// Line 310 is judged, not the proof's display nor its indices: a run
	// above both bounds over t = 0..T-1 only is reported beside, and the
	// claim stays reproduced.
	rs[0].MeasuredEnd = rs[0].Stated / 2
	rs[0].Measured = 2 * math.Max(rs[0].Stated, rs[0].Proof)
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	if !f.Holds || f.HoldsStart || f.HoldsProof || f.Verdict != Reproduced || !(f.MinProof < 1) {
		t.Errorf("a run above its bounds with t = 0..T-1 only: holds %v, beside %v and %v (proof slack %v), verdict %v, want reproduced", f.Holds, f.HoldsStart, f.HoldsProof, f.MinProof, f.Verdict)
	}
	// Every run at a twentieth of its bounds: judged, and reproduced.
	for o := range res.bound {
		for i := range res.bound[o] {
			for fr := range res.bound[o][i] {
				for k := range res.bound[o][i][fr] {
					r := &res.bound[o][i][fr][k]
					r.Measured, r.MeasuredEnd = math.Min(r.Stated, r.Proof)/20, math.Min(r.Stated, r.Proof)/20
				}
			}
		}
	}
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	// A looser bound never reads worse: reproduced, its slack said.
	if !f.Holds || !f.HoldsStart || !f.HoldsProof || f.Verdict != Reproduced || math.Abs(math.Min(f.MinStated, f.MinProof)-20) > 1e-9 {
		t.Errorf("every run at 1/20 of its bounds: holds %v, %v, %v, slacks %v and %v, verdict %v, want reproduced", f.Holds, f.HoldsStart, f.HoldsProof, f.MinStated, f.MinProof, f.Verdict)
	}
	if out, err := res.Outcome(); err != nil || out.Verdict != Reproduced {
		t.Errorf("every run at 1/20 of its bounds: outcome %v, %v", out, err)
	} else {
		checkOK(t, out, "theorem1-bound")
	}
}

func TestOmegaFindings(t *testing.T) {
	c := OmegaConfig{Ns: []int{4, 8, 512}, Trials: 20, RunN: 16, Gamma: 0.5, Epochs: 12}.At(Default)
	res, err := c.Run(context.Background(), &Env{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	f, err := res.Findings()
	if err != nil {
		t.Fatal(err)
	}
	// Random reshuffling's E σ*² is judged by its exponent in n, over
	// every n; the bound's slack is read at n = 512 only (omegaTrivialN).
	if got := f.Judgement.Parts[2].Measures; len(got) != 1 || !(got[0].Iv.Lo > 1-omegaSlopeTol) || !strings.Contains(got[0].Note, "at n > 256") {
		t.Errorf("the exponent judged as %+v, want one interval above %g with the slack at n > 256 beside", got, 1-omegaSlopeTol)
	}
	if !f.GreedyHolds || !f.SortedHolds || !f.RRHolds || f.Verdict != Reproduced || !(f.LeastOverLower >= 1) || !(f.MinRatio <= f.MaxRatio) {
		t.Errorf("greedy %v, sorted %v, RR %v, verdict %v, RR over the bound %v, ratios %v to %v", f.GreedyHolds, f.SortedHolds, f.RRHolds, f.Verdict, f.LeastOverLower, f.MinRatio, f.MaxRatio)
	}
	if !f.Convergence || !f.Alternating || !(f.AlternatingFinal < f.SortedFinal) || f.RelTol != omegaRelTol {
		t.Errorf("convergence %v, alternating %v: final %v against sorted %v", f.Convergence, f.Alternating, f.AlternatingFinal, f.SortedFinal)
	}
	res.Rows[1].Greedy *= 2
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	// One failing part of two is partly reproduced (combine).
	if f.GreedyHolds || !f.AlternatingHolds || f.Verdict != PartlyReproduced || math.Abs(f.WorstGreedy-1) > 1e-9 || !f.RRHolds {
		t.Errorf("greedy at 2σ²: holds %v, alternating %v, verdict %v, deviation %v, RR %v", f.GreedyHolds, f.AlternatingHolds, f.Verdict, f.WorstGreedy, f.RRHolds)
	}
	// The rule's parts name it: greedy's check misses, the others hold.
	if out, err := res.Outcome(); err != nil || out.Verdict != PartlyReproduced {
		t.Errorf("greedy at 2σ²: outcome %v, %v", out, err)
	} else {
		checkMisses(t, out, "omega-greedy")
		checkOK(t, out, "omega-alternating")
		checkOK(t, out, "omega-rr-order-n")
	}
	// Both exact parts failing, random reshuffling's bound holding:
	// partly reproduced; all three failing: not reproduced.
	res.Rows[1].Alternating *= 2
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	if f.AlternatingHolds || f.RRPart != Reproduced || f.Verdict != PartlyReproduced {
		t.Errorf("greedy and alternating at 2σ²: alternating %v, RR %v, verdict %v", f.AlternatingHolds, f.RRPart, f.Verdict)
	}
	// E σ*² of random reshuffling flat in n (σ² at every n, the least
	// any order has here) fails the exponent: all three parts fail.
	rows := slices.Clone(res.Rows)
	for i := range res.Rows {
		res.Rows[i].RRMean, res.Rows[i].RRSE = 1, 0.001
	}
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	}
	if f.RRPart != NotReproduced || f.Verdict != NotReproduced {
		t.Errorf("greedy, alternating and RR failing: RR %v, verdict %v", f.RRPart, f.Verdict)
	}
	copy(res.Rows, rows)
	// The exponent against order n: E σ*² of order √n fails it (partly
	// reproduced), one whose interval spans 0.9 leaves it unsettled, and
	// one of order n holds, with the bound's slack said beside.
	res.Rows[1].Greedy /= 2
	res.Rows[1].Alternating /= 2
	for _, tc := range []struct {
		name       string
		exp, relSE float64 // E σ*² = 0.6·n^exp, its relative SE at every n
		part, want Verdict
		words      string
	}{
		{"of order √n", 0.5, 0.01, NotReproduced, PartlyReproduced, "exponent in n +0.50 [+0.49, +0.51] (order n: above 0.9): not reproduced; the bound nσ²/256 not approached, least slack 6.79× at n > 256 (true by construction below), not judged"},
		{"across 0.9", 0.92, 0.05, Inconclusive, Inconclusive, "exponent in n +0.92 [+0.89, +0.95] (order n: above 0.9): inconclusive; the bound nσ²/256 not approached, least slack 93.3× at n > 256 (true by construction below), not judged"},
		{"of order n", 1, 0.01, Reproduced, Reproduced, "exponent in n +1.00 [+0.99, +1.01] (order n: above 0.9): reproduced; the bound nσ²/256 not approached, least slack 154× at n > 256 (true by construction below), not judged"},
	} {
		for i := range res.Rows {
			n := float64(res.Rows[i].N)
			res.Rows[i].RRMean = 0.6 * math.Pow(n, tc.exp)
			res.Rows[i].RRSE = tc.relSE * res.Rows[i].RRMean
		}
		if f, err = res.Findings(); err != nil {
			t.Fatal(err)
		}
		if f.RRPart != tc.part || f.Verdict != tc.want || omegaRRWords(f) != tc.words {
			t.Errorf("RR %s: part %v, verdict %v, words %q; want %v, %v, %q", tc.name, f.RRPart, f.Verdict, omegaRRWords(f), tc.part, tc.want, tc.words)
		}
	}
	// With fewer than 3 n the exponent measures nothing: not checkable;
	// without an n above 256 the bound is not read.
	res.Rows = res.Rows[:2]
	if f, err = res.Findings(); err != nil {
		t.Fatal(err)
	} else if f.RRPart != NotCheckable || !strings.Contains(omegaRRWords(f), "no n above 256") {
		t.Errorf("two n: part %v, words %q", f.RRPart, omegaRRWords(f))
	}
}

func TestSmallTheoryFindings(t *testing.T) {
	// Appendix C: every order's smallest 4σ*²/σ² is at least 1; a matrix
	// of the zig-zag order below it fails the claim.
	ac, err := AppendixCConfig{Ns: []int{2, 5}, D: 3, Trials: 10}.At(Default).Run(context.Background(), &Env{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	fc, err := ac.Findings()
	if err != nil {
		t.Fatal(err)
	}
	if !fc.Holds || fc.Verdict != Reproduced || fc.Min != slices.Min(fc.MinByOrder) || !(fc.Min >= 1-fc.Rounding) {
		t.Errorf("appendix C: holds %v, verdict %v, smallest %v of %v", fc.Holds, fc.Verdict, fc.Min, fc.MinByOrder)
	}
	ac.Rows[1].Min[3] = 0.9
	if fc, err = ac.Findings(); err != nil {
		t.Fatal(err)
	}
	if fc.Holds || fc.Min != 0.9 || fc.MinByOrder[3] != 0.9 || fc.Verdict != NotReproduced {
		t.Errorf("appendix C at 0.9: holds %v, smallest %v, zig-zag's %v, verdict %v", fc.Holds, fc.Min, fc.MinByOrder[3], fc.Verdict)
	}

	// Lemma 1: the findings carry the result's largest z and the
	// tolerance it is judged by.
	l1, err := Lemma1Config{N: 8, D: 3, Trials: 2000, Tolerance: 5}.At(Default).Run(context.Background(), &Env{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	fl, err := l1.Findings()
	if err != nil {
		t.Fatal(err)
	}
	if fl.Z != l1.Worst || fl.K != l1.WorstK || fl.Tolerance != 5 || len(fl.Rel) != 7 || !(fl.MaxRel >= 0 && fl.MaxRel < 0.1) {
		t.Errorf("lemma 1: z %v at k = %d, tolerance %v, %d intervals, relative %v", fl.Z, fl.K, fl.Tolerance, len(fl.Rel), fl.MaxRel)
	}
	// The equivalence test (TOST within ±1%): a tight interval at the
	// formula meets the goal (an implementation check of ours since
	// 2026-11-29), one wholly 5% above does not, and one wider than the
	// margin is inconclusive, though "not different" (|z| < 5).
	for _, tc := range []struct {
		shift, se float64
		want      Verdict
	}{
		{0, 0.001, GoalMet},
		{0.05, 0.001, GoalNotMet},
		{-0.05, 0.001, GoalNotMet},
		{0.009, 0.001, Inconclusive},
		{0, 0.05, Inconclusive},
	} {
		for k := range l1.Want[:7] {
			l1.Stats.Mean[k] = l1.Want[k] * (1 + tc.shift)
			l1.Stats.SE[k] = l1.Want[k] * tc.se
		}
		if fl, err = l1.Findings(); err != nil {
			t.Fatal(err)
		}
		if fl.Verdict != tc.want {
			t.Errorf("lemma 1 at shift %v, relative SE %v: verdict %v, want %v", tc.shift, tc.se, fl.Verdict, tc.want)
		}
		// The claim's one test for Holm: the intersection-union p is
		// below 0.025 exactly when every interval is within the margin.
		if (fl.P < 0.025) != fl.Holds || !(fl.P >= 0 && fl.P <= 1) {
			t.Errorf("lemma 1 at shift %v, relative SE %v: p %v, holds %v", tc.shift, tc.se, fl.P, fl.Holds)
		}
	}

	// Lemma 2: the figure's row is K = 1 at the largest σ_top; a bound
	// below the measured max fails it.
	tl, err := TwoLevelLemmaConfig{N: 2, M: 4, SigmaLow: 10, Ks: []int{1, 4}, SigmaTops: []float64{0, 30}, Trials: 500}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ft, err := tl.Findings()
	if err != nil {
		t.Fatal(err)
	}
	if r := tl.Rows[ft.Figure]; r.K != 1 || r.SigmaTop != 30 || !ft.Holds || ft.Verdict != Reproduced || len(ft.Max) != len(tl.Rows) {
		t.Errorf("lemma 2: figure row K = %d, σ_top = %g; holds %v, verdict %v", r.K, r.SigmaTop, ft.Holds, ft.Verdict)
	}
	// Reproduced, every interval below the bound: the intersection-union
	// p of the part (its one test for Holm) is below 0.025, and recorded.
	if out, err := tl.Outcome(); err != nil || !(ft.P < 0.025) || len(out.Tests) != 1 || out.Tests[0].P != ft.P || !out.Tests[0].Holds {
		t.Errorf("lemma 2: p %v, tests %+v, %v", ft.P, out, err)
	}
	// Every bound 20 times above what it bounds: judged whatever its
	// slack, a verdict that stays reproduced (a looser bound never reads
	// worse).
	far := cloneJSON(t, tl)
	for i := range far.Rows {
		far.Rows[i].Bound = 20 * far.Rows[i].TwoLevel.MaxMean
	}
	if ff, err := far.Findings(); err != nil || ff.Verdict != Reproduced || !(ff.MaxSlack >= 20-1e-9) {
		t.Errorf("lemma 2 with every bound 20 times E max: %+v, %v", ff, err)
	}
	// A bound between the proof's max_k E φ² and the statement's
	// E max_k φ²: E max over the bound is reported, not judged.
	r0 := &tl.Rows[0]
	if !(r0.TwoLevel.MaxMean > ft.Max[0]) {
		t.Fatalf("lemma 2: E max %v not above max E %v", r0.TwoLevel.MaxMean, ft.Max[0])
	}
	bound := r0.Bound
	r0.Bound = (ft.Max[0] + r0.TwoLevel.MaxMean) / 2
	if ft, err := tl.Findings(); err != nil || !ft.Holds || ft.MaxHolds || ft.MaxPart != Reproduced || ft.Verdict != Reproduced {
		t.Errorf("lemma 2, bound between max E and E max: %+v, %v", ft, err)
	}
	r0.Bound = bound
	// The statement's O(·) on E max is reported, not judged: E max
	// growing as the expression to the power 1.3 reads 1.3 and leaves the
	// verdict as the proof's line gives it.
	rows := cloneJSON(t, tl).Rows
	for i := range tl.Rows {
		r := &tl.Rows[i]
		r.TwoLevel.MaxMean = 0.5 * math.Pow(r.Order, 1.3)
		r.TwoLevel.MaxSE = 1e-3 * r.TwoLevel.MaxMean
	}
	if ft, err := tl.Findings(); err != nil || ft.Verdict != Reproduced || math.Abs(ft.Rate.Mean-1.3) > 1e-9 {
		t.Errorf("lemma 2, E max at the power 1.3: verdict %v, exponent %v, %v", ft.Verdict, ft.Rate, err)
	}
	// A bound at half the max fails the proof's line.
	tl.Rows[0].Bound = ft.Max[0] / 2
	if ft, err = tl.Findings(); err != nil {
		t.Fatal(err)
	}
	if ft.Holds || ft.MinSlack != 0.5 || ft.MaxPart != NotReproduced || ft.Verdict != NotReproduced {
		t.Errorf("lemma 2, bound at half the max: holds %v, slack %v, verdict %v", ft.Holds, ft.MinSlack, ft.Verdict)
	}
	for i := range tl.Rows {
		tl.Rows[i].TwoLevel.MaxMean, tl.Rows[i].TwoLevel.MaxSE = rows[i].TwoLevel.MaxMean, rows[i].TwoLevel.MaxSE
	}
	// The sweep of N: one ratio per (N, σ_top, K), E max_k φ² at least
	// max_k E φ².
	c := tl.Config
	if len(ft.SlipEMax) != len(c.SlipNs)*len(c.SlipKs)*len(c.SlipTops) || len(c.SlipNs) == 0 || len(ft.SlipSlack) != len(c.SlipNs) {
		t.Fatalf("lemma 2: %d sweep ratios and %d slacks for N %v, K %v, σ_top %v", len(ft.SlipEMax), len(ft.SlipSlack), c.SlipNs, c.SlipKs, c.SlipTops)
	}
	for i, r := range tl.Slip {
		if !(ft.SlipEMax[i] >= ft.SlipMaxE[i]) || !(ft.SlipMaxE[i] > 0) {
			t.Errorf("lemma 2, sweep N = %d, K = %d, σ_top = %g: E max %v below max E %v", r.N, r.K, r.SigmaTop, ft.SlipEMax[i], ft.SlipMaxE[i])
		}
	}
	// The sweep judges the line's dependence on N: a bound that kept its
	// smallest N's value at every N fails, and where K < m its slack
	// falls as N grows, the measured max_k E φ² growing with N.
	flat := cloneJSON(t, tl)
	at := map[[2]float64]float64{}
	for _, r := range flat.Slip {
		if r.N == c.SlipNs[0] {
			at[[2]float64{float64(r.K), r.SigmaTop}] = r.Bound
		}
	}
	for i := range flat.Slip {
		r := &flat.Slip[i]
		r.Bound = at[[2]float64{float64(r.K), r.SigmaTop}]
	}
	if ff, err := flat.Findings(); err != nil || ff.Verdict != NotReproduced || !(ff.SlipSlack[len(ff.SlipSlack)-1] < ff.SlipSlack[0]/2) {
		t.Errorf("lemma 2 with the sweep's bounds flat in N: verdict %v, slack by N %v, %v", ff.Verdict, ff.SlipSlack, err)
	}
}

func TestLogSlope(t *testing.T) {
	x := []float64{1, 4, 16, 64}
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = 3 * math.Pow(v, -2.0/3)
	}
	if s := logSlope(x, y); math.Abs(s+2.0/3) > 1e-12 {
		t.Errorf("slope %v, want -2/3", s)
	}
}

func TestMixSeed(t *testing.T) {
	if mixSeed(1, 2, 3) != mixSeed(1, 2, 3) {
		t.Error("mixSeed is not deterministic")
	}
	seen := map[uint64]bool{}
	for _, s := range []uint64{mixSeed(1), mixSeed(1, 0), mixSeed(1, 2, 3), mixSeed(1, 3, 2), mixSeed(2, 2, 3)} {
		if seen[s] {
			t.Errorf("collision at %x", s)
		}
		seen[s] = true
	}
}

func TestRunOmegaConvergence(t *testing.T) {
	c := OmegaConfig{Ns: []int{4}, Trials: 2, RunN: 16, Gamma: 0.5, Epochs: 12}.At(Default)
	res, err := c.Run(context.Background(), &Env{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	conv := res.Convergence
	if len(conv.GradNorm2) != len(conv.Orders) || len(conv.Orders) != len(omegaOrders) {
		t.Fatalf("%d trajectories for %q, want %d", len(conv.GradNorm2), conv.Orders, len(omegaOrders))
	}
	for o, g := range conv.GradNorm2 {
		if len(g) != c.Epochs+1 {
			t.Errorf("%s: %d records, want %d", conv.Orders[o], len(g), c.Epochs+1)
		}
		// f = x²/2, so ‖∇f(x_0)‖² = 1 at x_0 = 1 (closed form).
		if g[0] != 1 {
			t.Errorf("%s: ‖∇f(x_0)‖² = %v, want 1", conv.Orders[o], g[0])
		}
	}
	// The sorted order drifts by γnσ/2 within an epoch; the alternating
	// order by at most γσ, so it must end and average lower.
	alt, srt := slices.Index(conv.Orders, "alternating"), slices.Index(conv.Orders, "sorted")
	if !(conv.Average(alt) < conv.Average(srt)) {
		t.Errorf("average ‖∇f‖²: alternating %v, sorted %v; want alternating smaller", conv.Average(alt), conv.Average(srt))
	}
	again, err := c.Run(context.Background(), &Env{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for o := range conv.GradNorm2 {
		if !slices.Equal(conv.GradNorm2[o], again.Convergence.GradNorm2[o]) {
			t.Errorf("%s: not reproducible with the same seed", conv.Orders[o])
		}
	}
	if _, err := (OmegaConfig{Ns: []int{4}, RunN: 4, Gamma: -0.5}).At(Default).Run(context.Background(), nil); err == nil {
		t.Error("γn < 0: no error")
	}
}

// TestOutcomesRejectMalformed checks that every Outcome function returns
// an error, not a panic, for nil, empty and malformed results.
func TestOutcomesRejectMalformed(t *testing.T) {
	for _, test := range []struct {
		name string
		f    func() (*Outcome, error)
	}{
		{"theorem-1 nil", func() (*Outcome, error) { return (*Theorem1Result)(nil).Outcome() }},
		{"theorem-1 empty", func() (*Outcome, error) { return (&Theorem1Result{Config: Theorem1Config{}.At(Smoke)}).Outcome() }},
		{"lemma1 nil", func() (*Outcome, error) { return (*Lemma1Result)(nil).Outcome() }},
		{"lemma1 short", func() (*Outcome, error) {
			return (&Lemma1Result{Config: Lemma1Config{N: 4}, Stats: &Phi2Stats{Mean: []float64{1}}}).Outcome()
		}},
		{"omega nil", func() (*Outcome, error) { return (*OmegaResult)(nil).Outcome() }},
		{"omega empty", func() (*Outcome, error) { return (&OmegaResult{}).Outcome() }},
		{"omega no sorted", func() (*Outcome, error) {
			return (&OmegaResult{Rows: []OmegaRow{{N: 4}}, Convergence: &OmegaConvergence{Orders: []string{"greedy"}}}).Outcome()
		}},
		{"appendix-c empty", func() (*Outcome, error) { return (&AppendixCResult{}).Outcome() }},
		{"appendix-c short row", func() (*Outcome, error) {
			return (&AppendixCResult{Orders: slices.Clone(appendixCOrders), Rows: []AppendixCRow{{N: 2}}}).Outcome()
		}},
		{"two-level-lemma empty", func() (*Outcome, error) { return (&TwoLevelLemmaResult{}).Outcome() }},
		{"table-1 nil", func() (*Outcome, error) { return (*Table1Result)(nil).Outcome() }},
		{"table-1 empty", func() (*Outcome, error) { return (&Table1Result{Config: Table1Config{}.At(Smoke)}).Outcome() }},
		{"scalable-training empty", func() (*Outcome, error) { return (&Table1Result{}).ScalableTrainingOutcome() }},
		{"two-level nil", func() (*Outcome, error) { return (*TwoLevelResult)(nil).Outcome() }},
		{"two-level empty", func() (*Outcome, error) { return (&TwoLevelResult{Config: TwoLevelConfig{}.At(Smoke)}).Outcome() }},
		{"scalable empty", func() (*Outcome, error) { return (&ScalableResult{}).Outcome() }},
		{"scalable no exact", func() (*Outcome, error) {
			return (&ScalableResult{Matrices: []ScalableMatrix{{Name: "m", Methods: []ScalableMethod{{Name: "pair balance"}}}}}).Outcome()
		}},
	} {
		out, err := test.f()
		if err == nil || out != nil {
			t.Errorf("%s: got %v, %v; want an error", test.name, out, err)
		}
	}
}
