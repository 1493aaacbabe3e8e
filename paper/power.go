// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// This file holds the power analysis: from the measures the rules judged
// on the exploratory seeds (saved by the robustness pass, SeedPart), the
// runs each part needs to settle with the claim's power (PowerTarget) at
// the effect those seeds observed.

// PowerTarget is the power a registered design aims at for a claim as a
// whole, every part settling (each part planned at its share): 90%, above
// the 80% a single part is usually planned at, since each claim's
// confirmatory verdict is one draw and the default scale's budget allows
// it.
const PowerTarget = 0.9

// Float is a float64 that JSON carries whole: ±Inf and NaN as the strings
// "+Inf", "-Inf" and "NaN" (an unbounded interval's ends).
type Float float64

// MarshalJSON encodes f as a number, or as a string if it is not finite.
func (f Float) MarshalJSON() ([]byte, error) {
	x := float64(f)
	switch {
	case math.IsNaN(x):
		return []byte(`"NaN"`), nil
	case math.IsInf(x, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(x, -1):
		return []byte(`"-Inf"`), nil
	}
	return []byte(strconv.FormatFloat(x, 'g', -1, 64)), nil
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (f *Float) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		switch s {
		case "NaN":
			*f = Float(math.NaN())
		case "+Inf":
			*f = Float(math.Inf(1))
		case "-Inf":
			*f = Float(math.Inf(-1))
		default:
			return fmt.Errorf("paper: %q is not a number", s)
		}
		return nil
	}
	var x float64
	if err := json.Unmarshal(b, &x); err != nil {
		return fmt.Errorf("paper: %s is not a number", b)
	}
	*f = Float(x)
	return nil
}

// Quantity is a measure as saved: its label and its interval.
type Quantity struct {
	Label string `json:"label,omitempty"`
	Mean  Float  `json:"mean"`
	SE    Float  `json:"se"`
	Lo    Float  `json:"lo"`
	Hi    Float  `json:"hi"`
	N     int    `json:"n"`
	// Note is what the claim says beside the quantity (Measure.Note),
	// such as the T at which a tuned step sat at its limit.
	Note string `json:"note,omitempty"`
	// P is the one-sided p-value of the quantity's "holds" as its part
	// judged it (PartJudgement.P), where one was derivable; results saved
	// before 2026-11-30 have none.
	P *Float `json:"p,omitempty"`
}

// Interval returns the quantity's interval.
func (q Quantity) Interval() Interval {
	return Interval{Mean: float64(q.Mean), SE: float64(q.SE), Lo: float64(q.Lo), Hi: float64(q.Hi), N: q.N}
}

// SeedPart is what a part of a claim's rule found at one seed: its
// verdict and the quantities it judged.
type SeedPart struct {
	Name       string     `json:"name"`
	Verdict    Verdict    `json:"verdict"`
	Quantities []Quantity `json:"quantities"`
}

// SeedParts returns the parts of a judgement as the robustness pass
// saves them (ClaimSeeds.Parts); nil for nil.
func SeedParts(j *Judgement) []SeedPart {
	if j == nil {
		return nil
	}
	var out []SeedPart
	for _, pj := range j.Parts {
		sp := SeedPart{Name: pj.Part.Name, Verdict: pj.Verdict}
		for k, m := range pj.Measures {
			iv := m.Iv
			q := Quantity{Label: m.Label, Mean: Float(iv.Mean), SE: Float(iv.SE), Lo: Float(iv.Lo), Hi: Float(iv.Hi), N: iv.N, Note: m.Note}
			if k < len(pj.P) && !math.IsNaN(pj.P[k]) {
				p := Float(pj.P[k])
				q.P = &p
			}
			sp.Quantities = append(sp.Quantities, q)
		}
		out = append(out, sp)
	}
	return out
}

// PowerNeed is what the power analysis finds for one quantity of a part
// over the exploratory seeds.
type PowerNeed struct {
	Label string `json:"label,omitempty"`
	// N is the interval's number of runs (or seeds) at each exploratory
	// seed, Seeds the seeds pooled.
	N     int `json:"n"`
	Seeds int `json:"seeds"`
	// Effect is the mean distance of the quantity from the threshold (or
	// the nearer end of an equivalence band) on the test's scale (the log
	// of a ratio), positive on the holding side; SD the pooled standard
	// deviation of one run on that scale (SE·√N).
	Effect Float `json:"effect"`
	SD     Float `json:"sd"`
	// Need is the number of runs that settles the quantity with its power
	// at the observed effect (0 if it cannot be computed: Why says why).
	Need int    `json:"need,omitempty"`
	Why  string `json:"why,omitempty"`
	// Alpha is the one-sided level the quantity is tested at (Holm's
	// first step for a family or a part of Some).
	Alpha float64 `json:"alpha"`
	// Equivalence says the quantity is tested by two one-sided tests.
	Equivalence bool `json:"equivalence,omitempty"`
}

// PowerAt returns the power to settle the quantity's test with n runs at
// the observed effect, in its observed direction (the normal
// approximation powerNeed inverts), NaN if no effect and spread were
// observed. An equivalence inside its band holds only if both of its tests
// do: its power is taken as the nearer end's less the other's miss, at
// least 0.
func (q PowerNeed) PowerAt(n int) float64 {
	eff, sd := float64(q.Effect), float64(q.SD)
	switch {
	case math.IsNaN(eff) || math.IsNaN(sd):
		return math.NaN()
	case sd == 0:
		return 1 // exact: settled whatever n
	case n < 2:
		return math.NaN()
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}
	pw := t.CDF(math.Abs(eff)*math.Sqrt(float64(n))/sd - t.Quantile(1-q.Alpha))
	if q.Equivalence && eff > 0 {
		pw = math.Max(0, 2*pw-1)
	}
	return pw
}

// OtherUnits reports whether the quantity's intervals count other units
// than the runs per cell of a scale with runs (settings, points): more
// runs do not settle it, nor change its interval's width.
func (q PowerNeed) OtherUnits(runs int) bool { return q.N != runs }

// HalfWidth returns the half-width of the quantity's 95% interval
// expected at n runs, t_{0.975, n-1} · SD / √n on the test's scale (the
// log of a ratio), from the spread the exploratory seeds observed: what an
// interval that cannot settle at n will still exclude. It is 0 for an
// exact quantity and NaN where no spread was observed or n < 2.
func (q PowerNeed) HalfWidth(n int) float64 {
	sd := float64(q.SD)
	switch {
	case math.IsNaN(sd) || n < 2:
		return math.NaN()
	case sd == 0:
		return 0
	}
	return tCrit(n-1, conf95) * sd / math.Sqrt(float64(n))
}

// powerNeed returns the runs quantity k of part p needs, from its
// intervals at the exploratory seeds (ivs), at the one-sided level alpha:
// the smallest n with
//
//	|effect| · √n / sd ≥ t_{1-α, n-1} + t_{0.8, n-1},
//
// the normal approximation of a one-sided t-test's power, effect and sd
// pooled over the seeds (sd² the mean of the seeds' SE²·N). An interval
// without a standard error (Fieller, bootstrap) gives one from its width,
// SE = (Hi - Lo) / (2 t_{N-1}), on the log scale if it is of a ratio (Lo >
// 0); an unbounded interval gives none. Runs beyond maxRuns count as
// beyond reach.
func powerNeed(p RulePart, ivs []Interval, alpha float64) PowerNeed {
	return powerNeedAt(p, ivs, alpha, PowerTarget)
}

// powerNeedAt is powerNeed at the power target: the runs for that power
// on one quantity. An equivalence needs both of its one-sided tests, so it
// is planned at the power (1+target)/2 on the nearer end.
func powerNeedAt(p RulePart, ivs []Interval, alpha, target float64) PowerNeed {
	if p.Test == Equivalence {
		target = (1 + target) / 2
	}
	const maxRuns = 100000
	pn := PowerNeed{Seeds: len(ivs), Effect: Float(math.NaN()), SD: Float(math.NaN()), Alpha: alpha, Equivalence: p.Test == Equivalence}
	if len(ivs) == 0 {
		pn.Why = "no exploratory seeds"
		return pn
	}
	pn.N = ivs[0].N
	var eff, v float64
	var ds []float64
	for _, iv := range ivs {
		if exact := iv.Lo == iv.Hi && !math.IsInf(iv.Lo, 0) && !math.IsNaN(iv.Lo); exact {
			// A point (an exact count, a closed form): no spread.
			iv.SE, iv.N = 0, max(iv.N, 2)
		}
		if !iv.Bounded() || iv.N < 2 {
			pn.Why = fmt.Sprintf("an interval unbounded at n = %d: these runs give no standard error to plan from", iv.N)
			return pn
		}
		ratio := math.IsNaN(iv.SE) && iv.Lo > 0 && (p.Test == Equivalence && p.Lo > 0 || p.Test != Equivalence && p.Threshold > 0)
		mean, se := iv.Mean, iv.SE
		tr := func(x float64) float64 { return x }
		if ratio {
			tr = math.Log
		}
		if math.IsNaN(se) {
			se = (tr(iv.Hi) - tr(iv.Lo)) / (2 * tCrit(iv.N-1, conf95))
		}
		mean = tr(mean)
		var d float64
		switch {
		case p.Test == Equivalence:
			d = math.Min(mean-tr(p.Lo), tr(p.Hi)-mean)
		case p.Side == Below:
			d = tr(p.Threshold) - mean
		default:
			d = mean - tr(p.Threshold)
		}
		eff += d
		ds = append(ds, d)
		v += se * se * float64(iv.N)
	}
	eff /= float64(len(ivs))
	// The smaller of the mean and the median effect, so that one seed far
	// on the holding side does not shrink the plan.
	if med := median(ds); math.Abs(med) < math.Abs(eff) {
		eff = math.Copysign(math.Abs(med), eff)
	}
	sd := math.Sqrt(v / float64(len(ivs)))
	pn.Effect, pn.SD = Float(eff), Float(sd)
	switch {
	case math.IsNaN(eff) || math.IsNaN(sd):
		pn.Why = "effect or spread not a number"
		return pn
	case sd == 0:
		pn.Need = 2
		return pn
	case eff == 0:
		pn.Why = "no observed effect: no n settles it"
		return pn
	}
	z := math.Abs(eff) / sd
	// enough reports whether n runs reach the target power; it is
	// monotone in n (z√n grows, the t quantiles shrink), so the least n
	// is found by bisection: a part planned near its margin needs tens
	// of thousands of runs, each step two t quantiles.
	enough := func(n int) bool {
		t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}
		return z*math.Sqrt(float64(n)) >= t.Quantile(1-alpha)+t.Quantile(target)
	}
	if !enough(maxRuns) {
		pn.Why = fmt.Sprintf("more than %d runs at the observed effect", maxRuns)
		return pn
	}
	lo, hi := 2, maxRuns
	for lo < hi {
		if mid := (lo + hi) / 2; enough(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	pn.Need = lo
	return pn
}

// PartPower is the power analysis of one part of a claim's rule.
type PartPower struct {
	Name string `json:"name"`
	// Each is the part's Every or Some; All says whether, at the observed
	// effects, the part settles only when every quantity does (Every
	// holding, Some failing) or by any one of them on its side.
	Each Each `json:"each"`
	All  bool `json:"all"`
	// Verdicts are the part's verdicts at the exploratory seeds; Settled
	// says whether they agree on one settled verdict (then it needs no
	// more runs and Need is the runs it had).
	Verdicts []Verdict `json:"verdicts"`
	Settled  bool      `json:"settled"`
	// Quantities are the quantities' needs; Need the part's: the most of
	// them for a part of Every, the fewest for one of Some (0 if none is
	// computable).
	Quantities []PowerNeed `json:"quantities"`
	Need       int         `json:"need,omitempty"`
	// From names what the verdicts were found in where that is not the
	// exploratory seeds ("the paper's runs"); "" for the seeds.
	From string `json:"from,omitempty"`
}

// partPower returns the power analysis of part p of a rule from its
// findings at the exploratory seeds (one SeedPart a seed), planned at the
// power target. Holm's level for m quantities of a Some part, or of a
// family, is taken as Bonferroni's alpha/m, which Holm's first step is;
// where the part settles only when all its m quantities do (All), each is
// planned at the power target^(1/m), and where one quantity on its side
// settles it, at the target (see below).
func partPower(p RulePart, seeds []SeedPart, familySize int, target float64) PartPower {
	pp := PartPower{Name: p.Name, Each: p.Each}
	for _, s := range seeds {
		pp.Verdicts = append(pp.Verdicts, s.Verdict)
	}
	first := Inconclusive
	if len(pp.Verdicts) > 0 {
		first = pp.Verdicts[0]
	}
	pp.Settled = len(seeds) > 0 && (first == Reproduced || first == NotReproduced) &&
		!slices.ContainsFunc(pp.Verdicts, func(v Verdict) bool { return v != first })
	// Quantities are matched over the seeds by label (a part whose
	// quantities differ between seeds, as the settings a flag selects,
	// pools each setting with itself), by position where unlabelled.
	key := func(q Quantity, k int) string {
		if q.Label == "" {
			return fmt.Sprintf("#%d", k)
		}
		return q.Label
	}
	var labels []string
	for _, s := range seeds {
		for k, q := range s.Quantities {
			if l := key(q, k); !slices.Contains(labels, l) {
				labels = append(labels, l)
			}
		}
	}
	nq := len(labels)
	// Holm's first step over a family (its parts' quantities, taken as
	// familySize parts of nq each) or a part of Some's quantities.
	alpha := ruleAlpha
	switch {
	case p.Family != "":
		alpha /= float64(max(1, familySize*nq))
	case p.Each == Some && nq > 1:
		alpha /= float64(nq)
	}
	ivsOf := func(k int) ([]Interval, string) {
		var ivs []Interval
		for _, s := range seeds {
			for j, q := range s.Quantities {
				if key(q, j) == labels[k] {
					ivs = append(ivs, q.Interval())
				}
			}
		}
		label := labels[k]
		if strings.HasPrefix(label, "#") {
			label = ""
		}
		return ivs, label
	}
	for k := range nq {
		ivs, label := ivsOf(k)
		pn := powerNeedAt(p, ivs, alpha, target)
		pn.Label = label
		pp.Quantities = append(pp.Quantities, pn)
	}
	// Which way the part settles at the observed effects decides what it
	// needs: a part of Every holds only if every quantity does, and fails
	// if one does; one of Some the other way round. Where all must settle,
	// each is planned at the power whose nq-th power is the target (as if
	// independent), and the part needs the most of them; where one
	// suffices, the part needs the fewest of those on its side.
	holding := 0
	for _, q := range pp.Quantities {
		if q.Effect > 0 {
			holding++
		}
	}
	pp.All = p.Each == Every && holding == nq || p.Each == Some && holding == 0
	if pp.All && nq > 1 {
		each := math.Pow(target, 1/float64(nq))
		for k := range pp.Quantities {
			ivs, label := ivsOf(k)
			pp.Quantities[k] = powerNeedAt(p, ivs, alpha, each)
			pp.Quantities[k].Label = label
		}
	}
	for _, q := range pp.Quantities {
		switch {
		case pp.All && q.Need == 0:
			pp.Need = 0
			return pp
		case pp.All:
			pp.Need = max(pp.Need, q.Need)
		case !pp.decides(q) || q.Need == 0:
		case pp.Need == 0:
			pp.Need = q.Need
		default:
			pp.Need = min(pp.Need, q.Need)
		}
	}
	return pp
}

// decides reports whether quantity q settles the part alone (the part is
// not All): a quantity on the side the part settles by one.
func (pp PartPower) decides(q PowerNeed) bool {
	if pp.Each == Every {
		return q.Effect < 0
	}
	return q.Effect > 0
}

// PowerAt returns the power to settle the part with n runs per cell at
// the observed effects (PowerNeed.PowerAt), whose scale has runs per cell:
// a quantity whose intervals count other units (N not runs) keeps its N.
// A part that needs all its quantities settled (All) has their powers'
// product; one that one quantity settles, the likeliest of those on its
// side; NaN if none is computable.
func (pp PartPower) PowerAt(n, runs int) float64 {
	pw := math.NaN()
	for _, q := range pp.Quantities {
		if !pp.All && !pp.decides(q) {
			continue
		}
		k := n
		if q.OtherUnits(runs) {
			k = q.N
		}
		x := q.PowerAt(k)
		switch {
		case math.IsNaN(x) && pp.All:
			return math.NaN()
		case math.IsNaN(x):
		case math.IsNaN(pw):
			pw = x
		case pp.All:
			pw *= x
		default:
			pw = math.Max(pw, x)
		}
	}
	return pw
}

// PowerAt returns the power to settle every part of the claim with n
// runs per cell (the product of PartPower.PowerAt, as if independent),
// NaN if a part's is not computable.
func (cp ClaimPower) PowerAt(n, runs int) float64 {
	pw := 1.0
	for _, pp := range cp.Parts {
		pw *= pp.PowerAt(n, runs)
	}
	return pw
}

// ClaimPower is the power analysis of a claim's rule over the
// exploratory seeds.
type ClaimPower struct {
	ID    string      `json:"id"`
	Parts []PartPower `json:"parts"`
}

// Power returns the power analysis of claim c's rule from its record in
// the robustness pass (cs.Parts), or an error if c declares no rule or the
// record holds no measures.
func Power(c Claim, cs *ClaimSeeds) (ClaimPower, error) {
	cp := ClaimPower{ID: c.ID}
	if c.Rule == nil {
		return cp, fmt.Errorf("paper: claim %s declares no rule", c.ID)
	}
	if cs == nil || len(cs.Parts) == 0 {
		return cp, fmt.Errorf("paper: claim %s: the robustness pass saved no measures (rerun make robustness)", c.ID)
	}
	families := map[string]int{}
	for _, p := range c.Rule.Parts {
		if p.Family != "" {
			families[p.Family]++
		}
	}
	// The claim's verdict needs every part settled: each is planned at
	// the power whose P-th power is the target.
	target := math.Pow(PowerTarget, 1/float64(len(c.Rule.Parts)))
	for _, p := range c.Rule.Parts {
		var seeds []SeedPart
		for _, parts := range cs.Parts {
			for _, sp := range parts {
				if sp.Name == p.Name {
					seeds = append(seeds, sp)
				}
			}
		}
		cp.Parts = append(cp.Parts, partPower(p, seeds, families[p.Family], target))
	}
	return cp, nil
}

// Text returns the part's power analysis in a line: "settled (reproduced
// at 5 of 5)" or "needs 14 runs (has 3): σ_low = 10 14, ...".
func (pp PartPower) Text() string { return pp.TextAt(0) }

// OtherUnits reports whether some quantity of the part counts other
// units than runs per cell (PowerNeed.OtherUnits): more runs do not
// settle it.
func (pp PartPower) OtherUnits(runs int) bool {
	return slices.ContainsFunc(pp.Quantities, func(q PowerNeed) bool { return q.OtherUnits(runs) })
}

// TextAt is Text for a claim of runs runs per cell: a part whose
// intervals count other units (PowerNeed.OtherUnits: points, settings)
// has its need said in those units, not in runs. runs 0 says every need
// in runs, as Text does.
func (pp PartPower) TextAt(runs int) string {
	unit := func(n int) string { return fmt.Sprintf("%d runs", n) }
	if runs > 0 && pp.OtherUnits(runs) {
		has := 0
		for _, q := range pp.Quantities {
			has = max(has, q.N)
		}
		unit = func(n int) string {
			return fmt.Sprintf("%d of the units its interval counts (it has %d; not runs per cell)", n, has)
		}
	}
	if pp.Settled {
		s := fmt.Sprintf("settled: %v at %d of %d seeds", pp.Verdicts[0], len(pp.Verdicts), len(pp.Verdicts))
		if pp.From != "" {
			s = fmt.Sprintf("settled: %v in %s", pp.Verdicts[0], pp.From)
		}
		exact := len(pp.Quantities) > 0 && !slices.ContainsFunc(pp.Quantities, func(q PowerNeed) bool { return q.SD != 0 })
		switch {
		case pp.Need > 0 && exact && runs > 0:
			s += "; exact (no spread to plan from)"
		case pp.Need > 0:
			s += fmt.Sprintf("; %s for its share of the claim's %.0f%% power", unit(pp.Need), 100*PowerTarget)
		}
		return s
	}
	var qs []string
	has := 0
	for _, q := range pp.Quantities {
		has = max(has, q.N)
		s := q.Label
		if s != "" {
			s += ": "
		}
		if q.Need > 0 {
			s += fmt.Sprintf("%d (effect %.3g, sd %.3g)", q.Need, float64(q.Effect), float64(q.SD))
		} else {
			s += q.Why
		}
		qs = append(qs, s)
	}
	need := "no n computable"
	if pp.Need > 0 {
		need = fmt.Sprintf("needs %s for its share of the claim's %.0f%% power", unit(pp.Need), 100*PowerTarget)
	}
	return fmt.Sprintf("unsettled (%s); %s (has %d): %s", verdictList(pp.Verdicts), need, has, strings.Join(qs, "; "))
}

// verdictList writes verdicts as "reproduced, inconclusive, ...".
func verdictList(vs []Verdict) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.String()
	}
	return strings.Join(s, ", ")
}

// median returns the median of xs (NaN for none), leaving xs as it is.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
