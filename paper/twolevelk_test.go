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

	"github.com/goodorder/goodorder/ordering"
)

func TestTwoLevelKSmoke(t *testing.T) {
	// At σ_top/σ_low = 100 two-level 1-shuffling needs about half of
	// standard shuffling's steps even with m = 4 and 4 runs, far beyond
	// the noise of the smoke scale. The other parts' intervals with 4
	// runs may stay open: inconclusive is a smoke verdict too.
	out := claimSmokeHolds(t, twoLevelKID, []Verdict{Reproduced, PartlyReproduced, Inconclusive}, "two-level-k-top")
	if len(out.Figures) != 3 {
		t.Errorf("figures %q, want the steps, theory and switches heatmaps", out.Figures)
	}
}

func TestTwoLevelKDefaults(t *testing.T) {
	for _, test := range []struct {
		m    int
		want []int
	}{
		{4, []int{1, 2, 3, 4}},
		{16, []int{1, 2, 3, 4, 8, 16}},
		{36, []int{1, 2, 5, 6, 18, 36}},
		{64, []int{1, 2, 3, 8, 32, 64}},
	} {
		if got := twoLevelKDefaultKs(test.m); !slices.Equal(got, test.want) {
			t.Errorf("m = %d: Ks %v, want %v", test.m, got, test.want)
		}
	}
	for n, want := range map[int]int{0: 0, 1: 1, 3: 1, 4: 2, 15: 3, 16: 4, 17: 4, 1 << 40: 1 << 20} {
		if got := isqrt(n); got != want {
			t.Errorf("isqrt(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestTwoLevelKSwitches(t *testing.T) {
	// A K-shuffling selects N·m/K top-level blocks an epoch; the blocks of
	// one round differ, so an epoch has at most N·m/K switches and at
	// least m/K fewer (each round's first block may continue the last
	// block before it, in the previous round or epoch).
	c := TwoLevelKConfig{M: 16, Ratios: []float64{0.1, 1, 10}, Ks: []int{1, 4, 16}, Runs: 3, Steps: twoLevelSteps(1)}.At(Default)
	res, err := c.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	c = res.Config
	for _, cell := range res.Cells {
		if cell.Epochs <= 0 {
			t.Fatalf("%g, %s: %d epochs", cell.Ratio, cell.Method, cell.Epochs)
		}
		per := cell.Switches / float64(cell.Epochs)
		lo, hi := 1.0, float64(c.N*c.M)
		if cell.K > 0 {
			blocks := float64(c.N * c.M / cell.K)
			lo, hi = blocks-float64(c.M/cell.K), blocks
		}
		if per < lo-1e-9 || per > hi+1e-9 {
			t.Errorf("%g, %s: %.3g switches per epoch, want in [%g, %g]", cell.Ratio, cell.Method, per, lo, hi)
		}
	}
}

func TestTwoLevelKRejectMalformed(t *testing.T) {
	good, err := TwoLevelKConfig{M: 4, Ratios: []float64{0.1, 1, 10}, Runs: 2, Steps: twoLevelSteps(1)}.At(Default).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rejectsMalformed(t, good, (*TwoLevelKResult).Outcome, map[string]func(r *TwoLevelKResult){
		"no cells":           func(r *TwoLevelKResult) { r.Cells = nil },
		"short cells":        func(r *TwoLevelKResult) { r.Cells = r.Cells[1:] },
		"no standard":        func(r *TwoLevelKResult) { r.Methods[0] = "other" },
		"renamed K":          func(r *TwoLevelKResult) { r.Cells[2].Method = "K = 7" },
		"step too large":     func(r *TwoLevelKResult) { r.Cells[1].Step = len(r.Config.Steps) },
		"negative replicate": func(r *TwoLevelKResult) { r.Cells[1].Boot = append(r.Cells[1].Boot, -5) },
		"no ratios":          func(r *TwoLevelKResult) { r.Config.Ratios = nil },
	})
	for _, c := range []TwoLevelKConfig{
		{N: 3}, {M: 8}, {M: 9}, {SigmaFull: -1}, {Ratios: []float64{0.1, 10}}, {Ratios: []float64{1, 10}},
		{Ratios: []float64{0, 1, 2}}, {Ks: []int{1, 2, 16}}, {Ks: []int{1, 4, 16, 17}}, {Steps: []float64{0}},
		{Runs: -1}, {Target: 100}, {X0: -0.01},
	} {
		if _, err := c.At(Default).Run(context.Background(), nil); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// twoLevelKSynthetic returns a result of the smoke protocol with the
// ratios 0.01, 1, 10 and 100 whose cells take epochs(ratio, K) epochs (K = 0
// for standard shuffling), three switches in four steps for standard
// shuffling and one per block for K-shuffling, for testing the verdict.
// Each cell's bootstrap replicates are its epochs moved by -spread, 0 or
// +spread, in a pattern that differs between cells.
func twoLevelKSynthetic(spread int, epochs func(ratio float64, k int) int) *TwoLevelKResult {
	c := TwoLevelKConfig{M: 4, Ratios: []float64{0.01, 1, 10, 100}, Runs: 40, Steps: twoLevelSteps(1)}
	c.fill()
	res := &TwoLevelKResult{Config: c, Methods: []string{twoLevelKStandard}}
	for _, k := range c.Ks {
		res.Methods = append(res.Methods, twoLevelKMethod(k))
	}
	for _, q := range c.Ratios {
		for _, k := range append([]int{0}, c.Ks...) {
			name := twoLevelKStandard
			if k > 0 {
				name = twoLevelKMethod(k)
			}
			e := epochs(q, k)
			cell := TwoLevelKCell{Ratio: q, Method: name, K: k, TuneEpochs: e, Epochs: e, Step: 0}
			if e < 0 {
				cell.Step = -1
			}
			// One switch per step for standard shuffling, one per block
			// for K-shuffling: K = √m cuts them by √m.
			per := float64(c.N * c.M)
			if k > 0 {
				per = float64(c.N * c.M / k)
			}
			cell.Switches = per * float64(max(e, 0))
			if e >= 0 {
				ci := len(res.Cells)
				for i := range twoLevelKBoot {
					cell.Boot = append(cell.Boot, e+spread*((i+i/3*ci)%3-1))
				}
			}
			res.Cells = append(res.Cells, cell)
		}
	}
	return res
}

// twoLevelKPaper gives the epochs of the paper's regimes, m = 4: K = 1
// best at σ_top/σ_low = 100, K = m = 4 at 0.01, K = √m = 2 as fast as
// standard shuffling at 1. At 10, which the paper does not judge, K = 3 is
// best, which no rate picks.
func twoLevelKPaper(q float64, k int) int {
	switch {
	case q == 100 && k == 1, q == 0.01 && k == 4, q == 10 && k == 3:
		return 50
	case q == 1 && (k == 0 || k == 2):
		return 80
	}
	return 100
}

func TestTwoLevelKVerdict(t *testing.T) {
	paper := twoLevelKPaper
	for _, test := range []struct {
		name   string
		epochs func(q float64, k int) int
		want   Verdict
	}{
		{"the paper's regimes, the rates missing at 10", paper, Reproduced},
		// K = √m takes 1.2 times standard shuffling's steps: within the
		// margin 1.25 on the point ratio (the rule before held), but the
		// interval reaches past it: unsettled.
		{"K = √m at 1.2, not shown within the margin", func(q float64, k int) int {
			if q == 1 && k == 2 {
				return 96
			}
			return paper(q, k)
		}, Inconclusive},
		{"K = 1 behind standard shuffling at 100", func(q float64, k int) int {
			if q == 100 && k == 0 {
				return 40
			}
			return paper(q, k)
		}, PartlyReproduced},
		{"K = √m twice standard shuffling's steps at 1", func(q float64, k int) int {
			if q == 1 && k == 2 {
				return 160
			}
			return paper(q, k)
		}, PartlyReproduced},
		{"standard shuffling best everywhere", func(q float64, k int) int {
			if k == 0 {
				return 10
			}
			return 100
		}, NotReproduced},
		// A method not converged where no part judges: the rule before
		// made the whole claim not checkable.
		{"a method not converged at 10, not judged", func(q float64, k int) int {
			if q == 10 && k == 3 {
				return -1
			}
			return paper(q, k)
		}, Reproduced},
		// Standard shuffling never converged at 100, which favours the
		// paper: K = 1's one-sided interval lies below 1.
		{"standard shuffling not converged at 100", func(q float64, k int) int {
			if q == 100 && k == 0 {
				return -1
			}
			return paper(q, k)
		}, Reproduced},
		// K = 1 never converged at 100: its epochs are at least the
		// budget, shown slower than the others.
		{"K = 1 not converged at 100", func(q float64, k int) int {
			if q == 100 && k == 1 {
				return -1
			}
			return paper(q, k)
		}, PartlyReproduced},
		// K = 1 and standard shuffling never converged at 100: their
		// ratio, the part's one measure since 2026-11-29, measures
		// nothing: the part is not checkable, the claim inconclusive
		// (while the part also required K = 1 to be best, K = 1's steps,
		// at least the budget, shown above the other Ks' failed it).
		{"K = 1 and standard shuffling not converged at 100", func(q float64, k int) int {
			if q == 100 && (k == 1 || k == 0) {
				return -1
			}
			return paper(q, k)
		}, Inconclusive},
		// Another K twice as fast as K = 1 at 100, K = 1 still ahead of
		// standard shuffling: the sentence's comparison holds (before
		// 2026-11-29 the part also required K = 1 to be best, and failed).
		{"K = 2 faster than K = 1 at 100, K = 1 ahead of standard", func(q float64, k int) int {
			if q == 100 && k == 2 {
				return 25
			}
			return paper(q, k)
		}, Reproduced},
		// K = m behind standard shuffling at 0.01: the low part fails.
		{"K = m behind standard shuffling at 0.01", func(q float64, k int) int {
			if q == 0.01 && k == 4 {
				return 150
			}
			return paper(q, k)
		}, PartlyReproduced},
		// K = √m and standard shuffling never converged at 1: nothing
		// measured, the part not checkable.
		{"K = √m and standard shuffling not converged at 1", func(q float64, k int) int {
			if q == 1 && (k == 2 || k == 0) {
				return -1
			}
			return paper(q, k)
		}, Inconclusive},
	} {
		spread := 1
		if test.name == "K = √m at 1.2, not shown within the margin" {
			spread = 10
		}
		out, err := twoLevelKSynthetic(spread, test.epochs).Outcome()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		if out.Verdict != test.want {
			t.Errorf("%s: verdict %v, want %v: %s", test.name, out.Verdict, test.want, out.Summary)
		}
		for _, ch := range out.Checks {
			if ch.Name == "two-level-k-rates" {
				t.Errorf("%s: a check of what is not judged: %s", test.name, ch.Detail)
			}
		}
		// K = 3 is best at 10, which no rate picks: reported, short of 4.
		if test.want == Reproduced && (!strings.Contains(out.Summary, "so not judged: at this seed, Theorem 1's rate with Lemma 2's σ*² whole") || strings.Contains(out.Summary, "best method in 4 of 4")) {
			t.Errorf("%s: summary does not report the rates missing a regime (K = 3 best at 10): %s", test.name, out.Summary)
		}
	}
}

func TestTwoLevelKFindings(t *testing.T) {
	// The paper's regimes read as data: K = 1 takes 50 of standard
	// shuffling's 100 epochs at 100, K = √m = 2 the same 80 at 1, and
	// K = 3, best at 10, is picked by no rate.
	f, err := twoLevelKSynthetic(1, twoLevelKPaper).Findings()
	if err != nil {
		t.Fatal(err)
	}
	if f.Regimes[f.Top].Ratio != 100 || f.Regimes[f.Low].Ratio != 0.01 || f.Regimes[f.One].Ratio != 1 {
		t.Errorf("regimes top %d, low %d, one %d of %+v", f.Top, f.Low, f.One, f.Regimes)
	}
	if !f.TopHolds || f.TopRatio != 0.5 || !f.LowHolds || f.LowRatio != 0.5 {
		t.Errorf("K = 1 at 100: %v, ratio %v; K = m at 0.01: %v, ratio %v; want both to hold at 0.5", f.TopHolds, f.TopRatio, f.LowHolds, f.LowRatio)
	}
	if f.RootK != 2 || f.StepRatio != 1 || !(f.CommRatio < 1) || !f.RootHolds {
		t.Errorf("K = √m = %d: steps ratio %v, switches ratio %v, holds %v; want 2, 1, below 1, true", f.RootK, f.StepRatio, f.CommRatio, f.RootHolds)
	}
	if g := f.Regimes[2]; g.Ratio != 10 || !slices.Equal(g.Best, []string{twoLevelKMethod(3)}) || f.RatesAgree || f.Agree >= len(f.Regimes) {
		t.Errorf("at %g: best %q, rates agree %v (%d of %d); want K = 3 alone, picked by no rate", g.Ratio, g.Best, f.RatesAgree, f.Agree, len(f.Regimes))
	}
	if f.Tie != twoLevelKTie || f.Same != twoLevelKSame || !f.Converged || f.Verdict != Reproduced {
		t.Errorf("thresholds %v, %v, converged %v, verdict %v", f.Tie, f.Same, f.Converged, f.Verdict)
	}
	if iv := f.TopIv; iv.Mean != 0.5 || !(iv.Lo < 0.5 && iv.Hi > 0.5 && iv.Hi < 0.6) || f.TopPart != Reproduced {
		t.Errorf("K = 1's steps ratio %v, part %v; want 0.5 in a narrow interval, reproduced", iv, f.TopPart)
	}
	if iv := f.StepIv; !(iv.Lo < 1 && iv.Hi > 1) || !f.CommIv.Below(1) || f.RootPart != Reproduced {
		t.Errorf("K = √m: steps %v, switches %v, part %v", iv, f.CommIv, f.RootPart)
	}
	// Runs spread by 30 epochs: no part is settled.
	if f, err = twoLevelKSynthetic(30, twoLevelKPaper).Findings(); err != nil {
		t.Fatal(err)
	}
	if f.TopPart != Inconclusive || f.LowPart != Inconclusive || f.RootPart != Inconclusive || f.Verdict != Inconclusive {
		t.Errorf("spread 30: parts %v, %v, %v, verdict %v; want all inconclusive", f.TopPart, f.LowPart, f.RootPart, f.Verdict)
	}
}

func TestTwoLevelKBootstrap(t *testing.T) {
	// Two runs, one reaching the target at epoch 1 and one at 3: the
	// mean is below 1 from epoch 2; resamples of the fast run alone
	// cross at 1, of the slow alone at 3.
	x2 := [][]float64{{4, 0.5, 0.5, 0.5}, {4, 4, 1.4, 0.5}}
	boot := twoLevelKBootstrap(x2, 1, 999, 7)
	count := map[int]int{}
	for _, b := range boot {
		count[b]++
	}
	if len(boot) != 999 || count[1]+count[2]+count[3] != 999 || count[1] == 0 || count[2] == 0 || count[3] == 0 {
		t.Errorf("replicates %v, want 999 at epochs 1, 2 and 3", count)
	}
	if again := twoLevelKBootstrap(x2, 1, 999, 7); !slices.Equal(again, boot) {
		t.Error("the same seed gave other replicates")
	}
	// A target no resample reaches: every replicate is open.
	for _, b := range twoLevelKBootstrap(x2, 0.1, 10, 7) {
		if b != twoLevelKBootOpen {
			t.Errorf("replicate %d, want open", b)
		}
	}
	// An open replicate in the numerator makes the interval unbounded
	// above when more than 2.5% are open.
	a := &TwoLevelKCell{Epochs: 10, Boot: make([]int, 999)}
	b := &TwoLevelKCell{Epochs: 20, Boot: make([]int, 999)}
	for i := range a.Boot {
		a.Boot[i], b.Boot[i] = 10, 20
		if i%10 == 0 {
			a.Boot[i] = twoLevelKBootOpen
		}
	}
	if iv := twoLevelKRatioInterval(a, b, 40, 5000); iv.Lo != 0.5 || !math.IsInf(iv.Hi, 1) {
		t.Errorf("10%% open replicates: %v, want [0.5, +Inf]", iv)
	}
	if iv := twoLevelKRatioInterval(a, &TwoLevelKCell{Epochs: 20}, 40, 5000); iv.Bounded() {
		t.Errorf("no replicates: %v, want unbounded", iv)
	}
}

func TestTwoLevelKRerun(t *testing.T) {
	// The judged runs are fresh: had they the tuning's seeds, every
	// cell's judged epochs would be its tuning epochs. Each converged cell
	// has its replicates, within the budget.
	res, err := TwoLevelKConfig{}.At(Smoke).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for _, cell := range res.Cells {
		if cell.Step < 0 {
			if cell.Epochs >= 0 || cell.TuneEpochs >= 0 {
				t.Errorf("%g, %s: no learning rate tuned, yet %d epochs judged, %d tuning", cell.Ratio, cell.Method, cell.Epochs, cell.TuneEpochs)
			}
			continue
		}
		if cell.Epochs != cell.TuneEpochs {
			differ++
		}
		if cell.Epochs < 0 {
			continue
		}
		if len(cell.Boot) != twoLevelKBoot {
			t.Fatalf("%g, %s: %d replicates, want %d", cell.Ratio, cell.Method, len(cell.Boot), twoLevelKBoot)
		}
		if hi := slices.Max(cell.Boot); hi > res.Config.Budget {
			t.Errorf("%g, %s: a replicate at %d epochs, past the budget %d", cell.Ratio, cell.Method, hi, res.Config.Budget)
		}
	}
	if differ == 0 {
		t.Errorf("every cell's judged epochs are its tuning epochs: the judged runs are the tuning's")
	}
}

func TestTwoLevelKRateWhole(t *testing.T) {
	// With σ_top = 0 and K = m, Lemma 2's σ*² in O-form is m σ_low², N
	// times less than standard shuffling's N m σ_full², so Theorem 1's second
	// term is N^(1/3) times smaller; the split form adds a term instead.
	c := ordering.TwoLevelConstants{L: 1, F0: 1, SigmaLow2: 1, N: 8, M: 16, T: 1}
	std, err := twoLevelKRate(c, 0)
	if err != nil {
		t.Fatal(err)
	}
	km, err := twoLevelKRate(c, c.M)
	if err != nil {
		t.Fatal(err)
	}
	first := c.L * c.F0 / float64(c.T)
	if got, want := (std-first)/(km-first), math.Cbrt(float64(c.N)); math.Abs(got-want) > 1e-12*want {
		t.Errorf("second terms standard / K = m: %v, want N^(1/3) = %v", got, want)
	}
	if _, err := twoLevelKRate(c, c.M+1); err == nil {
		t.Error("K > m: no error")
	}
}

func TestTwoLevelKRatioP(t *testing.T) {
	// Ratios 0.5 in 990 replicates and 1.5 in 9: "below 1" has p =
	// 10/1000; "below 0.4" none below, p = 1.
	a := &TwoLevelKCell{Epochs: 10}
	b := &TwoLevelKCell{Epochs: 20}
	for i := range 999 {
		a.Boot, b.Boot = append(a.Boot, 10), append(b.Boot, 20)
		if i < 9 {
			a.Boot[i] = 30
		}
	}
	if below, above := twoLevelKRatioP(a, b, 1, 5000); math.Abs(below-0.01) > 1e-12 || math.Abs(above-0.991) > 1e-12 {
		t.Errorf("p below 1 %v, above %v; want 0.01 and 0.991", below, above)
	}
	if below, _ := twoLevelKRatioP(a, b, 0.4, 5000); below != 1 {
		t.Errorf("p below 0.4 %v, want 1", below)
	}
	if below, above := twoLevelKRatioP(a, &TwoLevelKCell{}, 1, 5000); below != 1 || above != 1 {
		t.Errorf("no replicates: %v, %v; want 1, 1", below, above)
	}
}

// TestTwoLevelKRootCut checks the part "K = √m yields the same bound as
// standard shuffling" through Findings: the same steps hold whatever the
// switches (the cut by √m is reported, not judged: it holds by
// construction); the bound is an O(·) upper bound, judged as
// non-inferiority, so K = √m 40% faster or taking half the steps holds
// (the two-sided band [1/1.25, 1.25] before 2026-11-29 failed both),
// 40% slower or twice the steps fails, and a ratio at the margin 1.1
// times the rates' own ratio (twoLevelKRootScale) is unsettled, just
// above it fails where the runs agree. The part judges every ratio; the
// cases move σ_top = σ_low's.
func TestTwoLevelKRootCut(t *testing.T) {
	base, _ := findingsOf[*TwoLevelKFindings](t, twoLevelKSynthetic(1, twoLevelKPaper), nil)
	std, root := base.method(twoLevelKStandard), base.method(twoLevelKMethod(base.RootK))
	by := twoLevelKRootScale(base.Regimes[base.One], root, std)
	if !(by >= 1) {
		t.Errorf("the rates' ratio at σ_top = σ_low %v, want at least 1", by)
	}
	for _, tc := range []struct {
		name     string
		switches float64 // K = √m's switches at σ_top = σ_low times this
		steps    float64 // and its epochs times this
		spread   int     // the replicates' spread (twoLevelKSynthetic)
		want     Verdict
	}{
		{"cut by √m", 1, 1, 1, Reproduced},
		{"no cut, same steps", 2, 1, 1, Reproduced},
		{"cut by 2√m, same steps", 0.5, 1, 1, Reproduced},
		{"40% faster", 1, 0.6, 1, Reproduced},
		{"half the steps", 1, 0.5, 1, Reproduced},
		{"below the old band's lower end 1/1.25", 1, 0.75, 1, Reproduced},
		{"40% slower", 1, 1.4, 1, NotReproduced},
		{"twice the steps", 1, 2, 1, NotReproduced},
		// An interval whose lower end is the margin itself is not wholly
		// above it: unsettled (Interval.Against, as every rule reads it).
		{"at the margin 1.1, the runs agreeing", 1, 1.1 * by, 0, Inconclusive},
		{"just above the margin, the runs agreeing", 1, 1.111 * by, 0, NotReproduced},
		{"at the margin 1.1, the runs spread", 1, 1.1 * by, 1, Inconclusive},
	} {
		res := twoLevelKSynthetic(tc.spread, func(q float64, k int) int {
			e := twoLevelKPaper(q, k)
			if q == 1 && k == 2 {
				e = int(math.Round(float64(e) * tc.steps))
			}
			return e
		})
		for i := range res.Cells {
			if cell := &res.Cells[i]; cell.Ratio == 1 && cell.K == 2 {
				cell.Switches *= tc.switches
			}
		}
		f, out := findingsOf[*TwoLevelKFindings](t, res, nil)
		if f.RootPart != tc.want {
			t.Errorf("%s: part %v (steps %v, switches %v), verdict %v; want %v", tc.name, f.RootPart, f.StepIv, f.CommIv, f.Verdict, tc.want)
		}
		for _, ch := range out.Checks {
			if ch.Name == "two-level-k-sqrt-m" && ch.OK != (tc.want == Reproduced) {
				t.Errorf("%s: check %v: %s", tc.name, ch.OK, ch.Detail)
			}
		}
		// The report's test of the part at σ_top = σ_low is one-sided: its
		// p-value is that of "below 1.1" times the rates' own ratio, and
		// it holds with the part.
		for _, tt := range out.Tests {
			if strings.HasPrefix(tt.Name, "two-level-k-sqrt-m:") && strings.Contains(tt.Name, "σ_top/σ_low = 1 shown") && (tt.Holds != (tc.want == Reproduced) || tt.Holds != (tt.P < 0.025)) {
				t.Errorf("%s: test %q p = %v, holds %v", tc.name, tt.Name, tt.P, tt.Holds)
			}
		}
	}
}

// TestTwoLevelKBetterParts checks the rule's K = 1 and K = m parts on
// intervals of K's steps over standard shuffling's: below 1 holds, above
// 1 fails, spanning it is unsettled; no comparison with the other Ks
// enters (the parts had one per other K before 2026-11-29).
func TestTwoLevelKBetterParts(t *testing.T) {
	for _, part := range []string{"two-level-k-top", "two-level-k-low"} {
		for _, tc := range []struct {
			lo, hi float64
			want   Verdict
		}{
			{0.15, 0.25, Reproduced},
			{0.80, 0.99, Reproduced},
			{0, 0.5, Reproduced},
			{0.80, 1.00, Inconclusive},
			{0.9, 1.2, Inconclusive},
			{0.5, math.Inf(1), Inconclusive},
			{1.01, 1.3, NotReproduced},
			{1.5, math.Inf(1), NotReproduced},
		} {
			iv := Interval{Mean: (tc.lo + tc.hi) / 2, SE: math.NaN(), Lo: tc.lo, Hi: tc.hi, N: 40}
			ok := Interval{Mean: 0.5, SE: math.NaN(), Lo: 0.4, Hi: 0.6, N: 40}
			m := Measures{"two-level-k-top": {{Iv: ok}}, "two-level-k-low": {{Iv: ok}}, "two-level-k-sqrt-m": {{Iv: ok}}}
			m[part] = []Measure{{Iv: iv}}
			j, err := twoLevelKRule.Judge(m, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := j.Part(part); got.Verdict != tc.want {
				t.Errorf("%s [%v, %v]: %v, want %v", part, tc.lo, tc.hi, got.Verdict, tc.want)
			}
		}
	}
}

// TestTwoLevelKRootPart checks the rule's non-inferiority part on
// intervals of K = √m's steps over standard shuffling's: below 1.1 holds
// however much faster, a lower end above 1.1 fails, else unsettled (an
// interval below the old margin 1.25 but across 1.1 too).
func TestTwoLevelKRootPart(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   Verdict
	}{
		{0.55, 0.65, Reproduced},
		{0.70, 1.09, Reproduced},
		{0.9, 1.2, Inconclusive},
		{0.01, 0.1, Reproduced},
		{0.9, 1.3, Inconclusive},
		{0.5, math.Inf(1), Inconclusive},
		{1.1, 1.4, Inconclusive},
		{1.11, 1.4, NotReproduced},
		{1.3, 1.5, NotReproduced},
		{1.3, math.Inf(1), NotReproduced},
	} {
		iv := Interval{Mean: (tc.lo + tc.hi) / 2, SE: math.NaN(), Lo: tc.lo, Hi: tc.hi, N: 40}
		p, _ := twoLevelKRule.Judge(Measures{"two-level-k-top": {{Iv: iv}}, "two-level-k-low": {{Iv: iv}}, "two-level-k-sqrt-m": {{Iv: iv}}}, nil)
		if got, _ := p.Part("two-level-k-sqrt-m"); got.Verdict != tc.want {
			t.Errorf("[%v, %v]: %v, want %v", tc.lo, tc.hi, got.Verdict, tc.want)
		}
	}
}

// TestTwoLevelKRootScale checks the sqrt-m part's divisor: the rates'
// own ratio of K = √m's epochs to standard shuffling's where above 1
// (1.12: a steps ratio of 1.2 is then 1.07, below the margin 1.1, and
// one of 1.3 is 1.16, above it), else 1 (a faster K = √m predicted does
// not tighten the margin).
func TestTwoLevelKRootScale(t *testing.T) {
	for _, tc := range []struct {
		root, std, want float64
	}{{112, 100, 1.12}, {100, 100, 1}, {90, 100, 1}, {math.NaN(), 100, 1}} {
		g := TwoLevelKRegime{Predicted: []float64{tc.std, tc.root}}
		if got := twoLevelKRootScale(g, 1, 0); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("predicted %v over %v: %v, want %v", tc.root, tc.std, got, tc.want)
		}
	}
	if by := twoLevelKRootScale(TwoLevelKRegime{Predicted: []float64{100, 112}}, 1, 0); !(1.2/by < twoLevelKSame) || !(1.3/by > twoLevelKSame) {
		t.Errorf("steps ratios 1.2 and 1.3 over %v: %v and %v, want below and above %v", by, 1.2/by, 1.3/by, twoLevelKSame)
	}
}

// TestTwoLevelKRootEvery checks that the sqrt-m part judges every ratio
// through Findings: K = √m twice as slow as standard shuffling at the
// smallest σ_top/σ_low alone fails the part, and the worst ratio is the
// one reported.
func TestTwoLevelKRootEvery(t *testing.T) {
	res := twoLevelKSynthetic(1, func(q float64, k int) int {
		e := twoLevelKPaper(q, k)
		if q == 0.01 && k == 2 {
			e *= 2
		}
		return e
	})
	f, _ := findingsOf[*TwoLevelKFindings](t, res, nil)
	if f.RootPart != NotReproduced || f.Regimes[f.RootWorst].Ratio != 0.01 {
		t.Errorf("K = √m twice as slow at 0.01: part %v, worst at %v (%s); want not reproduced at 0.01", f.RootPart, f.Regimes[f.RootWorst].Ratio, f.rootText())
	}
}

// TestTwoLevelKRootFailBonferroni checks the sqrt-m part's failing side,
// a "for some" over the ratios: a ratio fails the part only where the
// 2.5%/(ratios) point of its bootstrap lies above the margin, so a K = √m
// shown slower at 2.5% but not at that level leaves the part unsettled,
// and one slower in every replicate fails it; the holding side keeps its
// 97.5% point.
func TestTwoLevelKRootFailBonferroni(t *testing.T) {
	for _, tc := range []struct {
		name string
		fast int // replicates of K = √m as fast as standard shuffling at 0.01
		want Verdict
	}{
		{"slower in every replicate", 0, NotReproduced},
		{"slower but for 1% of the replicates", 10, Inconclusive},
	} {
		res := twoLevelKSynthetic(0, twoLevelKPaper)
		c := res.Config
		for i := range res.Cells {
			cell := &res.Cells[i]
			if cell.Ratio != 0.01 || cell.K != isqrt(c.M) {
				continue
			}
			cell.Epochs, cell.TuneEpochs = 140, 140
			for r := range cell.Boot {
				cell.Boot[r] = 140
				if r < tc.fast {
					cell.Boot[r] = 100
				}
			}
		}
		f, _ := findingsOf[*TwoLevelKFindings](t, res, nil)
		iv := f.RootScaled[0]
		if f.RootPart != tc.want {
			t.Errorf("%s: part %v (judged interval at 0.01 %v), want %v", tc.name, f.RootPart, iv.Plain(), tc.want)
		}
		// The 95% interval alone would have failed both.
		raw := twoLevelKRatioInterval(&res.Cells[0*len(res.Methods)+f.method(twoLevelKMethod(isqrt(c.M)))], &res.Cells[0], c.Runs, c.Budget)
		if !(raw.Lo > twoLevelKSame*1.12) {
			t.Errorf("%s: raw 95%% interval %v, want its lower end above the margin", tc.name, raw.Plain())
		}
		if !(iv.Hi*twoLevelKRootScale(f.Regimes[0], f.method(twoLevelKMethod(isqrt(c.M))), 0) >= 1.4-1e-12) {
			t.Errorf("%s: judged upper end %v, want the 97.5%% point, 1.4 before the divisor", tc.name, iv.Hi)
		}
	}
}
