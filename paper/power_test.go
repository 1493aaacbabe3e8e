// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestPowerNeed checks the runs the power analysis asks for against the
// normal approximation n ≈ ((z_{0.975} + z_{PowerTarget}) sd / effect)²,
// which the t-based n exceeds by a run or two.
func TestPowerNeed(t *testing.T) {
	p := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0}
	// Five seeds of 3 runs each, mean 0.5, SE 1/√3: sd 1, effect 0.5.
	iv := Interval{Mean: 0.5, SE: 1 / math.Sqrt(3), N: 3, Lo: -1, Hi: 2}
	pn := powerNeed(p, []Interval{iv, iv, iv, iv, iv}, ruleAlpha)
	normal := math.Pow((1.959964+distuv.UnitNormal.Quantile(PowerTarget))/0.5, 2)
	if pn.Need < int(math.Ceil(normal)) || pn.Need > int(normal)+3 {
		t.Errorf("need %d runs, want just above %.1f", pn.Need, normal)
	}
	if math.Abs(float64(pn.Effect)-0.5) > 1e-12 || math.Abs(float64(pn.SD)-1) > 1e-12 {
		t.Errorf("effect %v sd %v, want 0.5 and 1", pn.Effect, pn.SD)
	}
	// A larger effect needs fewer runs; a stricter level more.
	big := iv
	big.Mean = 1
	if n := powerNeed(p, []Interval{big}, ruleAlpha).Need; n >= pn.Need {
		t.Errorf("effect 1 needs %d runs, effect 0.5 %d", n, pn.Need)
	}
	if n := powerNeed(p, []Interval{iv}, ruleAlpha/3).Need; n <= pn.Need {
		t.Errorf("level %g needs %d runs, %g %d", ruleAlpha/3, n, ruleAlpha, pn.Need)
	}
	// An equivalence needs both one-sided tests: more runs than one
	// test at the same distance from its nearer end.
	eqp := RulePart{Name: "e", Test: Equivalence, Lo: -0.5, Hi: 0.5}
	mid := iv
	mid.Mean = 0
	if n := powerNeed(eqp, []Interval{mid}, ruleAlpha).Need; n <= pn.Need {
		t.Errorf("equivalence at 0.5 from each end needs %d runs, one-sided at 0.5 %d", n, pn.Need)
	}
	// A part of Every over two such quantities needs more than one.
	two := partPower(p, []SeedPart{{Name: "a", Verdict: Inconclusive, Quantities: []Quantity{
		{Mean: 0.5, SE: Float(1 / math.Sqrt(3)), Lo: -1, Hi: 2, N: 3}, {Mean: 0.5, SE: Float(1 / math.Sqrt(3)), Lo: -1, Hi: 2, N: 3}}}}, 0, PowerTarget)
	if two.Need <= pn.Need {
		t.Errorf("every of two quantities needs %d runs, one alone %d", two.Need, pn.Need)
	}
	// An interval with no bound gives no plan, and says so.
	open := Interval{Mean: 0.5, SE: math.NaN(), N: 3, Lo: math.Inf(-1), Hi: math.Inf(1)}
	if pn := powerNeed(p, []Interval{open}, ruleAlpha); pn.Need != 0 || !strings.Contains(pn.Why, "unbounded") {
		t.Errorf("unbounded: %+v", pn)
	}
	// A ratio's interval (no SE) is planned on the log scale: 0.8 [0.6,
	// 1.07] against a margin of 1.25 is log(1.25/0.8) from it.
	ni := RulePart{Name: "b", Test: NonInferiority, Side: Below, Threshold: 1.25}
	r := powerNeed(ni, []Interval{{Mean: 0.8, SE: math.NaN(), N: 40, Lo: 0.6, Hi: 1.07}}, ruleAlpha)
	if math.Abs(float64(r.Effect)-math.Log(1.25/0.8)) > 1e-12 || r.Need < 2 {
		t.Errorf("ratio: %+v", r)
	}
}

// TestPartPower checks that a part settled the same way at every seed
// needs no plan, that one that flips gets one, and how quantities combine.
func TestPartPower(t *testing.T) {
	q := func(mean float64) Quantity {
		return Quantity{Mean: Float(mean), SE: Float(1 / math.Sqrt(3)), Lo: Float(mean - 2.5), Hi: Float(mean + 2.5), N: 3}
	}
	every := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0}
	settled := []SeedPart{{Name: "a", Verdict: Reproduced, Quantities: []Quantity{q(3)}}, {Name: "a", Verdict: Reproduced, Quantities: []Quantity{q(3)}}}
	if pp := partPower(every, settled, 0, PowerTarget); !pp.Settled {
		t.Errorf("reproduced at 2 of 2 not settled: %+v", pp)
	}
	flips := []SeedPart{{Name: "a", Verdict: Reproduced, Quantities: []Quantity{q(0.5), q(1)}}, {Name: "a", Verdict: Inconclusive, Quantities: []Quantity{q(0.5), q(1)}}}
	pp := partPower(every, flips, 0, PowerTarget)
	if pp.Settled || pp.Need != pp.Quantities[0].Need || pp.Need <= pp.Quantities[1].Need {
		t.Errorf("every: need %d, quantities %+v", pp.Need, pp.Quantities)
	}
	some := every
	some.Each = Some
	if pp := partPower(some, flips, 0, PowerTarget); pp.Need >= pp.Quantities[0].Need {
		t.Errorf("some: need %d, quantities %+v", pp.Need, pp.Quantities)
	}
	if !strings.Contains(pp.Text(), "unsettled (reproduced, inconclusive)") {
		t.Errorf("text: %s", pp.Text())
	}
}

// TestFloatJSON checks that an unbounded interval's ends survive JSON.
func TestFloatJSON(t *testing.T) {
	q := Quantity{Mean: 1, SE: Float(math.NaN()), Lo: Float(math.Inf(-1)), Hi: Float(math.Inf(1)), N: 3}
	b, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	var got Quantity
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(float64(got.SE)) || !math.IsInf(float64(got.Lo), -1) || !math.IsInf(float64(got.Hi), 1) || got.Mean != 1 {
		t.Errorf("round trip of %s: %+v", b, got)
	}
	if err := json.Unmarshal([]byte(`{"mean":"lots"}`), &got); err == nil || !strings.Contains(err.Error(), "lots") {
		t.Errorf("a word for a number: %v", err)
	}
}

// TestRunsAt checks that every claim names its runs per cell, that they
// are positive at every scale, and that Env.Runs sets them.
func TestRunsAt(t *testing.T) {
	for _, c := range Claims() {
		for _, s := range []Scale{Smoke, Default, Paper} {
			n, err := RunsAt(c.ID, s)
			if err != nil || n < 1 {
				t.Errorf("%s at %v: %d runs, %v", c.ID, s, n, err)
			}
		}
	}
	if _, err := RunsAt("no-such-claim", Default); err == nil || !strings.Contains(err.Error(), "no-such-claim") {
		t.Errorf("unknown claim: %v", err)
	}
	c := TwoLevelKConfig{}.At(Smoke)
	if err := setRunsOf(&c, 7); err != nil || c.Runs != 7 {
		t.Errorf("setRunsOf: runs %d, %v", c.Runs, err)
	}
	if err := setRunsOf(&struct{}{}, 7); err == nil {
		t.Errorf("setRunsOf a config without runs: no error")
	}
}

// TestReadRegistration checks that the registration's table reads back as
// written, and that a malformed one is refused naming the line.
func TestReadRegistration(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "PREREGISTRATION.md")
	regs := []Registered{{ID: "theorem-1", Scale: Default, Runs: 8, Seed: ConfirmSeed, Code: "abc rule 123"}, {ID: "table-1-study", Scale: Paper, Runs: 5, Seed: ConfirmSeed, Code: "def"}}
	var b bytes.Buffer
	b.WriteString("# Registration\n\nProse with | a bar.\n\n")
	if err := writeRegistrationTable(&b, regs); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRegistration(path)
	if err != nil || len(got) != 2 || got[0] != regs[0] || got[1] != regs[1] {
		t.Errorf("read back %+v, %v; want %+v", got, err, regs)
	}
	if _, err := ReadRegistration(filepath.Join(dir, "none.md")); !errors.Is(err, ErrNoRegistration) {
		t.Errorf("missing file: %v, want ErrNoRegistration", err)
	}
	for name, row := range map[string]string{
		"unknown claim": "| no-such | default | 8 | 1001 | abc |",
		"twice":         "| theorem-1 | default | 8 | 1001 | abc |\n| theorem-1 | default | 8 | 1001 | abc |",
		"runs":          "| theorem-1 | default | 0 | 1001 | abc |",
		"scale":         "| theorem-1 | huge | 8 | 1001 | abc |",
		"cells":         "| theorem-1 | default | 8 |",
	} {
		bad := registrationTable + "\n|---|---|---|---|---|\n" + row + "\n"
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadRegistration(path); err == nil || !strings.Contains(err.Error(), path+":") {
			t.Errorf("%s: error %v, want one naming %s and the line", name, err, path)
		}
	}
	// A changed hash is named with both hashes.
	changed := Changed(regs, func(r Registered) (string, error) {
		if r.ID == "theorem-1" {
			return "abc rule 124", nil
		}
		return "def", nil
	})
	if len(changed) != 1 || !strings.Contains(changed[0], "theorem-1: registered abc rule 123, now abc rule 124") {
		t.Errorf("changed: %q", changed)
	}
}

// TestRegistrationMutation checks, with a mutation, that a registered
// claim whose rule changes after its registration is caught: its judging
// hash (JudgeCode) moves with the rule's value, so Changed names it, and
// the confirmatory result it had reads as not current. The claim's rule
// (registry's theorem-1 by default) is mutated in place and restored.
func TestRegistrationMutation(t *testing.T) {
	i := slices.IndexFunc(registry, func(c Claim) bool { return c.Rule != nil })
	if i < 0 {
		// No claim declares its rule yet: give theorem-1 one for the test.
		i = slices.IndexFunc(registry, func(c Claim) bool { return c.ID == theorem1ID })
		registry[i].Rule = &Rule{Claim: theorem1ID, Parts: []RulePart{{Name: "bound", Test: Bound, Side: Below, Threshold: 1}}}
		defer func() { registry[i].Rule = nil }()
	}
	c := registry[i]
	reg := Registered{ID: c.ID, Scale: Default, Runs: 3, Seed: ConfirmSeed}
	h, err := RegisteredHash(reg)
	if err != nil {
		t.Fatal(err)
	}
	reg.Code = h
	regs := []Registered{reg}
	if ch := Changed(regs, RegisteredHash); len(ch) != 0 {
		t.Fatalf("unchanged rule reported changed: %q", ch)
	}
	// Other runs per cell are another protocol.
	if other, _ := RegisteredHash(Registered{ID: c.ID, Scale: Default, Runs: 4}); other == h {
		t.Errorf("the registered hash does not follow the runs per cell")
	}
	conf := Confirmed{ID: c.ID, Scale: "default", Runs: 3, Code: h}
	if !conf.Current() {
		t.Fatalf("a confirmatory result judged by the current rule is not current")
	}
	saved := slices.Clone(c.Rule.Parts)
	defer func() { c.Rule.Parts = saved }()
	c.Rule.Parts = slices.Clone(saved)
	if c.Rule.Parts[0].Test == Equivalence {
		c.Rule.Parts[0].Hi *= 1.01
	} else {
		c.Rule.Parts[0].Threshold = c.Rule.Parts[0].Threshold*1.01 + 0.01
	}
	if ch := Changed(regs, RegisteredHash); len(ch) != 1 || !strings.Contains(ch[0], c.ID+": registered") {
		t.Errorf("a changed threshold of %s not caught: %q", c.ID, ch)
	}
	if conf.Current() {
		t.Errorf("a confirmatory result of %s judged by the rule before the change reads as current", c.ID)
	}
}

// TestPowerAt checks the power at a given n: the target's at the n
// powerNeed plans, less with fewer runs, more with more, 1 for an exact
// quantity, NaN for none; a part of Every multiplies its quantities'
// powers, and a claim its parts'.
func TestPowerAt(t *testing.T) {
	p := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0}
	iv := Interval{Mean: 0.5, SE: 1 / math.Sqrt(3), Lo: -1, Hi: 2, N: 3}
	pn := powerNeed(p, []Interval{iv, iv}, ruleAlpha)
	if pn.Need < 3 {
		t.Fatalf("need %d, want more than the 3 runs", pn.Need)
	}
	at, below, above := pn.PowerAt(pn.Need), pn.PowerAt(pn.Need-1), pn.PowerAt(4*pn.Need)
	if !(at >= PowerTarget && below < PowerTarget && above > at && above <= 1) {
		t.Errorf("power at %d: %v, at %d: %v, at %d: %v; want the target's crossed at the need", pn.Need, at, pn.Need-1, below, 4*pn.Need, above)
	}
	// A failing effect is settled as readily as a holding one.
	fail := powerNeed(p, []Interval{{Mean: -0.5, SE: iv.SE, Lo: -2, Hi: 1, N: 3}}, ruleAlpha)
	if got, want := fail.PowerAt(10), pn.PowerAt(10); math.Abs(got-want) > 1e-12 {
		t.Errorf("power to settle a failing effect %v, a holding one %v", got, want)
	}
	if pw := (PowerNeed{Effect: 1, SD: 0, Alpha: ruleAlpha}).PowerAt(3); pw != 1 {
		t.Errorf("exact quantity: power %v, want 1", pw)
	}
	if pw := (PowerNeed{Effect: Float(math.NaN()), SD: 1}).PowerAt(3); !math.IsNaN(pw) {
		t.Errorf("no effect observed: power %v, want NaN", pw)
	}
	// An equivalence inside its band needs both tests: less power than
	// one of them.
	eq := RulePart{Name: "e", Test: Equivalence, Lo: -1, Hi: 1}
	eqn := powerNeed(eq, []Interval{iv}, ruleAlpha)
	one := eqn
	one.Equivalence = false
	if !(eqn.PowerAt(10) < one.PowerAt(10)) {
		t.Errorf("equivalence power %v, one test's %v", eqn.PowerAt(10), one.PowerAt(10))
	}
	part := partPower(p, []SeedPart{{Name: "a", Verdict: Inconclusive, Quantities: []Quantity{
		{Mean: 0.5, SE: Float(iv.SE), Lo: -1, Hi: 2, N: 3}, {Mean: 0.5, SE: Float(iv.SE), Lo: -1, Hi: 2, N: 3}}}}, 0, PowerTarget)
	q := part.Quantities[0].PowerAt(10)
	if got := part.PowerAt(10, 3); math.Abs(got-q*q) > 1e-12 {
		t.Errorf("part of Every: power %v, want the product %v", got, q*q)
	}
	cp := ClaimPower{Parts: []PartPower{part, part}}
	if got := cp.PowerAt(10, 3); math.Abs(got-q*q*q*q) > 1e-12 {
		t.Errorf("claim of two parts: power %v, want %v", got, q*q*q*q)
	}
}

// TestHalfWidth checks the expected half-width of a quantity's interval:
// t_{0.975, n-1} · SD / √n, 0 for an exact quantity, NaN without spread.
func TestHalfWidth(t *testing.T) {
	q := PowerNeed{SD: 1.3}
	if got, want := q.HalfWidth(7), tCrit(6, conf95)*1.3/math.Sqrt(7); math.Abs(got-want) > 1e-12 {
		t.Errorf("half-width at 7: %v, want %v", got, want)
	}
	if !(q.HalfWidth(20) < q.HalfWidth(7)) {
		t.Errorf("half-width does not shrink with n: %v at 20, %v at 7", q.HalfWidth(20), q.HalfWidth(7))
	}
	if got := (PowerNeed{SD: 0}).HalfWidth(3); got != 0 {
		t.Errorf("exact quantity: half-width %v, want 0", got)
	}
	if got := (PowerNeed{SD: Float(math.NaN())}).HalfWidth(3); !math.IsNaN(got) {
		t.Errorf("no spread: half-width %v, want NaN", got)
	}
	if got := q.HalfWidth(1); !math.IsNaN(got) {
		t.Errorf("one run: half-width %v, want NaN", got)
	}
}

// TestPartPowerDirection checks that a part is planned by the way it
// settles: a part of Every that one quantity fails needs only that
// quantity's runs (not all of them, as when it holds), and one of Some
// that one quantity holds needs the fewest of those holding.
func TestPartPowerDirection(t *testing.T) {
	q := func(mean float64) Quantity {
		return Quantity{Mean: Float(mean), SE: 0.5, Lo: Float(mean - 1), Hi: Float(mean + 1), N: 5}
	}
	every := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0, Each: Every}
	alone := partPower(every, []SeedPart{{Name: "a", Verdict: NotReproduced, Quantities: []Quantity{q(-2)}}}, 0, PowerTarget)
	fails := partPower(every, []SeedPart{{Name: "a", Verdict: NotReproduced, Quantities: []Quantity{q(-2), q(0.3), q(0.2)}}}, 0, PowerTarget)
	if fails.All || fails.Need != alone.Need {
		t.Errorf("every, one quantity failing: all %v, need %d; want %d, the failing quantity's alone", fails.All, fails.Need, alone.Need)
	}
	holds := partPower(every, []SeedPart{{Name: "a", Verdict: Reproduced, Quantities: []Quantity{q(2), q(2), q(2)}}}, 0, PowerTarget)
	if !holds.All || holds.Need <= alone.Need {
		t.Errorf("every, all holding: all %v, need %d; want more than one quantity's %d", holds.All, holds.Need, alone.Need)
	}
	if got := fails.PowerAt(fails.Need, 5); !(got >= PowerTarget) {
		t.Errorf("every, one failing: power %v at its need, want at least %v", got, PowerTarget)
	}
	some := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0, Each: Some}
	one := partPower(some, []SeedPart{{Name: "a", Verdict: Reproduced, Quantities: []Quantity{q(2), q(-0.1), q(0.3)}}}, 0, PowerTarget)
	if one.All || one.Need == 0 || one.Need > one.Quantities[0].Need {
		t.Errorf("some, one holding: all %v, need %d; want at most the strongest quantity's %d", one.All, one.Need, one.Quantities[0].Need)
	}
	// Points (exact counts) are settled whatever n.
	exact := partPower(every, []SeedPart{{Name: "a", Verdict: Reproduced, Quantities: []Quantity{{Mean: 30, SE: Float(math.NaN()), Lo: 30, Hi: 30, N: 1}}}}, 0, PowerTarget)
	if pw := exact.PowerAt(3, 5); pw != 1 {
		t.Errorf("exact point: power %v, want 1", pw)
	}
}

// TestPartPowerPooling checks that a part's quantities are pooled over
// the seeds by label (a setting with itself, where the settings a part
// selects differ between seeds), and that one seed far on the holding
// side does not shrink the plan: the effect is the smaller of the mean
// and the median.
func TestPartPowerPooling(t *testing.T) {
	p := RulePart{Name: "a", Test: Superiority, Side: Above, Threshold: 0, Each: Every}
	q := func(label string, mean float64) Quantity {
		return Quantity{Label: label, Mean: Float(mean), SE: 0.5, Lo: Float(mean - 1), Hi: Float(mean + 1), N: 5}
	}
	pp := partPower(p, []SeedPart{
		{Name: "a", Verdict: Reproduced, Quantities: []Quantity{q("x", 2), q("y", 2)}},
		{Name: "a", Verdict: Reproduced, Quantities: []Quantity{q("y", 2), q("z", 2)}},
	}, 0, PowerTarget)
	var got []string
	for _, pn := range pp.Quantities {
		got = append(got, fmt.Sprintf("%s:%d", pn.Label, pn.Seeds))
	}
	if strings.Join(got, " ") != "x:1 y:2 z:1" {
		t.Errorf("pooled quantities %v, want x over 1 seed, y over 2, z over 1", got)
	}
	iv := func(mean float64) Interval { return Interval{Mean: mean, SE: 0.5, Lo: mean - 1, Hi: mean + 1, N: 5} }
	typical := powerNeed(p, []Interval{iv(0.5), iv(0.5), iv(0.5)}, ruleAlpha)
	outlier := powerNeed(p, []Interval{iv(0.5), iv(0.5), iv(3)}, ruleAlpha)
	if outlier.Need != typical.Need || float64(outlier.Effect) != 0.5 {
		t.Errorf("one seed far above: need %d (effect %v), want the median's %d", outlier.Need, outlier.Effect, typical.Need)
	}
}

// TestPartPowerFrom checks that a part planned from other runs than the
// exploratory seeds (the paper's) says so, not "1 of 1 seeds".
func TestPartPowerFrom(t *testing.T) {
	pp := PartPower{Name: "p", Verdicts: []Verdict{Reproduced}, Settled: true}
	if got := pp.Text(); !strings.Contains(got, "at 1 of 1 seeds") {
		t.Errorf("from the seeds: %q", got)
	}
	pp.From = "the paper's runs"
	if got := pp.Text(); !strings.Contains(got, "reproduced in the paper's runs") || strings.Contains(got, "seeds") {
		t.Errorf("from the paper's runs: %q", got)
	}
}

// TestPowerNeedBisect checks that the least runs powerNeedAt finds by
// bisection are those a scan from 2 finds: the first n at which a
// one-sided t-test at alpha reaches the target power at the observed
// effect and spread.
func TestPowerNeedBisect(t *testing.T) {
	p := RulePart{Test: Superiority, Side: Above, Threshold: 0}
	for _, eff := range []float64{2, 0.5, 0.1, 0.03} {
		const n, sd = 10, 1.0
		se := sd / math.Sqrt(n)
		iv := Interval{Mean: eff, SE: se, N: n, Lo: eff - 2*se, Hi: eff + 2*se}
		got := powerNeedAt(p, []Interval{iv}, ruleAlpha, 0.9).Need
		want := 0
		for m := 2; want == 0; m++ {
			q := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(m - 1)}
			if eff/sd*math.Sqrt(float64(m)) >= q.Quantile(1-ruleAlpha)+q.Quantile(0.9) {
				want = m
			}
		}
		if got != want {
			t.Errorf("effect %g: need %d runs, want %d (the scan's)", eff, got, want)
		}
	}
}
