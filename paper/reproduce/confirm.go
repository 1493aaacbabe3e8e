// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper"
	"github.com/goodorder/goodorder/paper/atomic"
)

// confirmBudget is the wall time the confirmatory pass may take per
// scale on the reference machine (referenceSeconds): 45 minutes at the
// default scale less a tenth for the estimates' error, and 2 hours less
// a tenth for the paper-scale part (Table 1 on Fashion-MNIST and the
// study).
var confirmBudget = map[paper.Scale]float64{paper.Default: 40 * 60, paper.Paper: 110 * 60}

// confirmScale is the scale whose protocol a claim's confirmatory run
// takes: the default scale's, except for the claims that run at the paper
// scale only.
func confirmScale(id string) paper.Scale {
	switch id {
	case "table-1-fashion", "table-1-study", "order-matters", "table-1-cifar10":
		return paper.Paper
	}
	return paper.Default
}

// outOfPass are the registered claims a confirmatory pass leaves out
// unless -only names them, each with why: registered, so that a user with
// the time runs them under the registration, and left out of the budget.
var outOfPass = map[string]string{
	"order-matters": "its points are a tuned study's settings and sweep (the study with its tuning, and 216 MNIST runs about its rates: about 110 minutes on the reference machine), which table-1-study's confirmatory run, at fixed rates and without its unjudged sweep (Env.JudgedOnly), does not train, and the paper-scale budget has no room for them; it is our own question, not a statement of the paper: make confirm-paper ARGS='-only order-matters' runs it",
}

// sessionCap gives, by claim id, the most runs per cell a claim is
// registered at whatever the budget allows, and why: a pass that must
// finish within one working session on the slowest machine the project
// runs on, since the run cache does not outlive the session.
var sessionCap = map[string]struct {
	runs int
	why  string
}{
	"table-1-fashion": {8, "the most whose pass finishes within one 3-hour working session on the slower of the machines the project runs on, the tests after it included (an Intel Xeon, 2 cores, which trained table-1's seed-1002 pass in 1,430 s against the reference machine's 610 s, with tests running beside it part of that time, so the ratio is on the high side: at that ratio 8 runs take about 95 minutes, 15 about 3 hours, and the run cache does not outlive a session), and at least the same-class part's need"},
}

// spreadFloor gives, by claim id, the fewest runs per cell a claim is
// registered at whatever its power plan needs, and why: the plan pools
// the exploratory seeds' spread, and where one seed's spread is much
// larger the pooled need can leave the claim underpowered there.
var spreadFloor = map[string]struct {
	runs int
	why  string
}{
	"scalable-training": {6, "the fewest that give stale greedy's holding side (Holm over the three efficient orders) 0.99 at the largest exploratory seed's spread, sd 2.6% of greedy's test error against the pooled 2.1 (4 runs give about 0.76 there, 5 about 0.95; a simulation of the t-test, 40,000 draws, at a gap of 0)"},
}

// judgedOnlySeconds are the reference seconds of the claims whose
// confirmatory run leaves out unjudged runs (Env.JudgedOnly), in place of
// referenceSeconds: the study without its sweep of 216 MNIST MLP runs,
// estimated at 10 s each.
var judgedOnlySeconds = map[string]float64{
	"table-1-study": referenceSeconds[paper.Paper]["table-1-study"] - 216*10,
}

// maxRunsFactor is the most a claim's runs per cell are multiplied by in
// the confirmatory design.
const maxRunsFactor = 20

// plannedClaim is one claim's design before the budget.
type plannedClaim struct {
	id           string
	scale        paper.Scale
	runs, need   int     // the scale's runs per cell, the power analysis's
	perRun       float64 // seconds a run per cell, on the reference machine
	why          string
	registeredAt int
}

// register writes the registration (paper.RegistrationFile under the
// report's folder's parent, o.registration) from the claims' rules and the
// exploratory seeds' record: every claim that declares its rule as a
// value, its confirmatory scale, and the runs per cell the power analysis
// asks for within confirmBudget.
func register(o *options, stdout, stderr io.Writer) int {
	rob, err := paper.LoadRobustness(o.figDir)
	if err != nil || rob == nil {
		fmt.Fprintf(stderr, "reproduce: -register: no exploratory record to plan from (%v); run make robustness first\n", err)
		return 1
	}
	// A claim whose rule changed after its confirmatory pass is
	// registered on the next seed (Confirmation.NextSeed).
	conf, err := paper.LoadConfirmation(o.figDir)
	if err != nil {
		fmt.Fprintf(stderr, "reproduce: -register: %v\n", err)
		return 1
	}
	pw := make(map[string]paper.ClaimPower)
	var plans []*plannedClaim
	for _, c := range paper.Claims() {
		if c.Rule == nil {
			fmt.Fprintf(stderr, "reproduce: -register: %s declares no rule as a value: not registered\n", c.ID)
			continue
		}
		s := confirmScale(c.ID)
		runs, err := paper.RunsAt(c.ID, s)
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: -register: %v\n", err)
			return 1
		}
		p := &plannedClaim{id: c.ID, scale: s, runs: runs, need: runs}
		p.perRun = referenceSeconds[s][c.ID] / float64(runs)
		if secs, ok := judgedOnlySeconds[c.ID]; ok {
			p.perRun = secs / float64(runs)
		}
		if why := c.Skipped(s, &paper.Env{CIFAR10: o.cifar10}); why != "" {
			// Registered, so that a user with what it needs runs it under
			// this registration, and left out of this machine's budget.
			p.perRun, p.registeredAt = 0, runs
			p.why = fmt.Sprintf("Not run on this machine (%s); a user who has what it needs runs it with make confirm-paper, at the runs per cell registered here.", why)
			planned := false
			if parts, ok := paper.PaperParts(c.ID); ok {
				// No run of ours measured it: its power at the
				// paper's own effects and spread.
				cp, err := paper.Power(c, &paper.ClaimSeeds{ID: c.ID, Parts: [][]paper.SeedPart{parts}})
				if err == nil {
					for i := range cp.Parts {
						cp.Parts[i].From = "the paper's runs"
					}
					pw[c.ID] = cp
					need, plan := planRuns(cp, runs)
					// Registered at the need, capped as a run claim's
					// is: left out of this machine's budget, it costs a
					// user's machines, not ours.
					p.registeredAt = min(need, runs*maxRunsFactor)
					planned = true
					p.why += " At the paper's own effects and spread (its Table 1: its ResNet-18 runs, not a run of ours, whose network is smaller; the paired spread taken as two independent means'): " + strings.ReplaceAll(plan, "on the exploratory seeds", "in the paper's runs")
					if p.registeredAt < need {
						p.why += fmt.Sprintf(" Capped at %d times the scale's runs: registered %d.", maxRunsFactor, p.registeredAt)
					} else {
						p.why += fmt.Sprintf(" Registered at that need, %d runs per cell (the paper's protocol has %d), so that the pass can settle what the paper's own spread asks; not in this machine's budget.", p.registeredAt, runs)
					}
				}
			}
			if !planned {
				p.why += fmt.Sprintf(" No effects to plan from: the scale's %d runs.", runs)
			}
			if c.Registration != "" {
				p.why = c.Registration + " " + p.why
			}
			plans = append(plans, p)
			continue
		}
		if why, ok := outOfPass[c.ID]; ok {
			p.perRun, p.registeredAt = 0, runs
			p.why = fmt.Sprintf("Not in the confirmatory pass unless named (%s): the scale's %d runs.", why, runs)
			// Its power at those runs, from its committed exploratory
			// run, as a paper-scale claim's plan is.
			if res := exploratoryResult(o.figDir, c.ID, s); res != nil {
				if cp, err := paper.Power(c, &paper.ClaimSeeds{ID: c.ID, Parts: [][]paper.SeedPart{res.Parts}}); err == nil {
					pw[c.ID] = cp
					_, plan := planRuns(cp, runs)
					p.why += fmt.Sprintf(" Its power is planned from one exploratory run at this scale (base seed %d, the committed result), not a seeds pass, so the plan is rough: ", res.Seed) + plan
				}
			}
			if c.Registration != "" {
				p.why = c.Registration + " " + p.why
			}
			plans = append(plans, p)
			continue
		}
		cs := findSeeds(rob, c.ID)
		from := ""
		if cs == nil || len(cs.Parts) == 0 {
			// A claim no seeds pass ran (the paper-scale ones) plans
			// from its committed result, if it was run at this scale
			// on an exploratory seed and saved its measures.
			if res := exploratoryResult(o.figDir, c.ID, s); res != nil {
				cs = &paper.ClaimSeeds{ID: c.ID, Parts: [][]paper.SeedPart{res.Parts}}
				from = fmt.Sprintf("Planned from one exploratory run at this scale (base seed %d, the committed result), not a seeds pass: its spread rests on that run's runs per cell alone, so the plan is rough. ", res.Seed)
			} else if old := conf.Superseded(c.ID, s); old != nil && len(old.Parts) > 0 {
				// Or from its confirmatory pass under the protocol
				// before, which the change made exploratory.
				cs = &paper.ClaimSeeds{ID: c.ID, Parts: [][]paper.SeedPart{old.Parts}}
				from = fmt.Sprintf("Planned from its earlier confirmatory pass at this scale (base seed %d, %d runs per cell, under the protocol before the change; reported beside, as exploratory), not a seeds pass: its spread rests on that pass's runs per cell alone, so the plan is rough. ", old.Seed, old.Runs)
			}
		}
		cp, err := paper.Power(c, cs)
		switch {
		case err != nil && s == paper.Paper:
			p.why = fmt.Sprintf("No exploratory measures to plan from: no seeds pass runs the paper-scale claims, and this claim's committed result predates the saved measures (a run at an exploratory seed, make reproduce-paper, saves them): the scale's %d runs, its power unknown.", runs)
		case err != nil:
			p.why = fmt.Sprintf("No exploratory measures to plan from (%v): the scale's %d runs.", err, runs)
		default:
			pw[c.ID] = cp
			p.need, p.why = planRuns(cp, runs)
			p.why = from + p.why
		}
		if c.Registration != "" {
			p.why = c.Registration + " " + p.why
		}
		plans = append(plans, p)
	}
	budgetText := fitBudget(plans)
	var regs []paper.Registered
	for _, p := range plans {
		if cp, ok := pw[p.id]; ok {
			p.why += " " + powerWords(cp, p.registeredAt, p.runs)
		}
		r := paper.Registered{ID: p.id, Scale: p.scale, Runs: p.registeredAt, Seed: conf.NextSeed(p.id, p.registeredAt), Why: p.why}
		if r.Code, err = paper.RegisteredHash(r); err != nil {
			fmt.Fprintf(stderr, "reproduce: -register: %v\n", err)
			return 1
		}
		if r.Seed != paper.ConfirmSeed {
			what, passes := conf.ChangeText(p.id, r.Code), conf.PassesText(p.id)
			if last := conf.RunsChanged(p.id, r.Runs); last != nil {
				// Its last pass was judged by its current rule, at
				// other runs: the change is of its runs.
				what = fmt.Sprintf("its runs per cell (%d at that pass)", last.Runs)
				this := fmt.Sprintf("base seed %d, %d runs per cell: %v", last.Seed, last.Runs, last.Verdict)
				if passes == "" {
					passes = this
				} else {
					passes += "; " + this
				}
			}
			if what == "" {
				what = "its runs per cell"
			}
			r.Why = fmt.Sprintf("Registered again on base seed %d: %s changed after its confirmatory pass (%s), which is reported beside, as exploratory. ", r.Seed, what, passes) + r.Why
		}
		regs = append(regs, r)
	}
	var b bytes.Buffer
	if err := paper.WriteRegistration(&b, regs, pw, budgetText); err != nil {
		fmt.Fprintf(stderr, "reproduce: -register: %v\n", err)
		return 1
	}
	if err := atomic.WriteFile(o.registration, b.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "reproduce: -register: %v\n", err)
		return 1
	}
	for _, r := range regs {
		fmt.Fprintf(stdout, "%s: %d runs per cell at the %s scale, seed %d\n", r.ID, r.Runs, r.Scale, r.Seed)
	}
	fmt.Fprintf(stdout, "registration: %s (%s)\n", o.registration, budgetText)
	return 0
}

// findSeeds returns rob's record of claim id, nil if none.
func findSeeds(rob *paper.Robustness, id string) *paper.ClaimSeeds {
	for i := range rob.Claims {
		if rob.Claims[i].ID == id {
			return &rob.Claims[i]
		}
	}
	return nil
}

// planRuns returns the runs per cell the power analysis cp asks for, at
// least the scale's runs, and why in words: enough that every part
// settles together with paper.PowerTarget's power at the effects the exploratory seeds
// observed (each part planned at its share, Power), settled parts
// included, since a part settled at five seeds may still miss at one.
func planRuns(cp paper.ClaimPower, runs int) (int, string) {
	need := runs
	var open, unplanned, otherUnit, drives []string
	allOther := len(cp.Parts) > 0
	for _, pp := range cp.Parts {
		allOther = allOther && pp.OtherUnits(runs)
		if !pp.Settled {
			open = append(open, pp.Name)
		}
		// A part whose intervals count something else than the runs
		// per cell (points, settings) is not settled by more runs.
		if pp.OtherUnits(runs) {
			if !pp.Settled {
				otherUnit = append(otherUnit, pp.Name)
			}
			continue
		}
		switch {
		case pp.Need == 0 && !pp.Settled:
			unplanned = append(unplanned, pp.Name)
		case pp.Need > need:
			need, drives = pp.Need, []string{pp.Name}
		case pp.Need == need && need > runs:
			drives = append(drives, pp.Name)
		}
	}
	var b strings.Builder
	if len(open) > 0 {
		fmt.Fprintf(&b, "Unsettled or flipping on the exploratory seeds: %s. ", strings.Join(open, ", "))
	} else {
		b.WriteString("Every part settled the same way at every exploratory seed. ")
	}
	if len(otherUnit) > 0 {
		fmt.Fprintf(&b, "The intervals of %s count other units than the %d runs per cell (see the power lines: their n is of those units), so more runs do not settle them: they need a design with more of those units. ", strings.Join(otherUnit, ", "), runs)
	}
	if len(unplanned) > 0 {
		need = max(need, runs*maxRunsFactor)
		fmt.Fprintf(&b, "No run count computable for %s (see the power lines): planned at %d times the scale's %d runs.", strings.Join(unplanned, ", "), maxRunsFactor, runs)
		return need, b.String()
	}
	switch {
	case allOther && len(otherUnit) == 0:
		fmt.Fprintf(&b, "Its intervals count other units than the %d runs per cell (see the power lines: their n is of those units), so the runs per cell do not set its power.", runs)
	case need > runs:
		fmt.Fprintf(&b, "For every part to settle together with %.0f%% power at the observed effects, %d runs per cell (the scale has %d), set by %s.", 100*paper.PowerTarget, need, runs, strings.Join(drives, ", "))
	default:
		fmt.Fprintf(&b, "The scale's %d runs give every part its share of %.0f%% power at the observed effects.", runs, 100*paper.PowerTarget)
	}
	return need, b.String()
}

// powerWords states the power at n runs per cell (the scale has runs)
// of cp's claim and of each part, at the exploratory effects.
func powerWords(cp paper.ClaimPower, n, runs int) string {
	f := func(x float64) string {
		if math.IsNaN(x) {
			return "not computable"
		}
		return fmt.Sprintf("%.2f", x)
	}
	parts := make([]string, len(cp.Parts))
	for i, pp := range cp.Parts {
		parts[i] = pp.Name + " " + f(pp.PowerAt(n, runs))
	}
	at := fmt.Sprintf("at the registered %d runs", n)
	if !slices.ContainsFunc(cp.Parts, func(pp paper.PartPower) bool { return !pp.OtherUnits(runs) }) {
		at = "at the units its intervals count (the registered runs per cell do not change them)"
	}
	s := fmt.Sprintf("Power to settle %s, at the observed effects: the claim (every part) %s; %s.", at, f(cp.PowerAt(n, runs)), strings.Join(parts, ", "))
	// A part these runs are unlikely to settle says now what its
	// interval will still exclude: its expected half-width.
	var widths []string
	for _, pp := range cp.Parts {
		if pw := pp.PowerAt(n, runs); !(pw < 0.5) {
			continue
		}
		for _, q := range pp.Quantities {
			if h := q.HalfWidth(n); !q.OtherUnits(runs) && h > 0 {
				label := pp.Name
				if q.Label != "" {
					label += " (" + q.Label + ")"
				}
				widths = append(widths, fmt.Sprintf("%s ±%.2g", label, h))
			}
		}
	}
	if len(widths) > 0 {
		s += fmt.Sprintf(" Below even odds of settling at %d runs, so what their 95%% intervals will exclude is said now: expected half-width at the observed spread, in the units of the part's statistic (the log for a ratio): %s; each interval will exclude values further than that from its estimate.", n, strings.Join(widths, "; "))
	}
	return s
}

// exploratoryResult returns claim id's committed result in figDir if it
// was run at scale s on an exploratory seed and saved its measures, the
// plan of a claim no seeds pass runs; nil otherwise.
func exploratoryResult(figDir, id string, s paper.Scale) *paper.Result {
	res, err := paper.LoadResult(figDir, id)
	if err != nil || res == nil || res.Scale != s.String() || !slices.Contains(paper.ExploratorySeeds, res.Seed) || len(res.Parts) == 0 {
		return nil
	}
	return res
}

// fitBudget sets each plan's registered runs: its need, capped at
// maxRunsFactor times the scale's runs, and, where a scale's plans cost
// more than its confirmBudget, first the whole need of the claims it fits
// beside every other at the scale's runs (the cheapest extra first: the
// runs that can settle a part), then the others' needs above the scale's
// runs scaled down by one factor until they fit. (Until 2026-11-30 every
// need was scaled by the one factor, which spread the paper scale's
// budget over a need it could never meet.) It returns the budget in words.
func fitBudget(plans []*plannedClaim) string {
	var words []string
	for _, s := range []paper.Scale{paper.Default, paper.Paper} {
		// full are the claims given their whole need; the others' needs
		// above the scale's runs are scaled by f.
		full := map[*plannedClaim]bool{}
		runsAt := func(p *plannedClaim, f float64) int {
			if full[p] {
				return p.at(1)
			}
			return p.at(f)
		}
		cost := func(f float64) float64 {
			t := 0.0
			for _, p := range plans {
				if p.scale != s {
					continue
				}
				t += p.perRun * float64(runsAt(p, f))
			}
			return t
		}
		f := 1.0
		if cost(1) > confirmBudget[s] {
			// Settle first: the claims whose whole need fits beside
			// every other claim at the scale's runs get it, the
			// cheapest extra first, so that the budget goes to the runs
			// that can settle a part; the others share what is left.
			var extra []*plannedClaim
			for _, p := range plans {
				if p.scale == s && p.perRun > 0 && p.at(1) > p.runs {
					extra = append(extra, p)
				}
			}
			slices.SortStableFunc(extra, func(a, b *plannedClaim) int {
				return cmp.Compare(a.perRun*float64(a.at(1)-a.runs), b.perRun*float64(b.at(1)-b.runs))
			})
			for _, p := range extra {
				full[p] = true
				if cost(0) > confirmBudget[s] {
					delete(full, p)
				}
			}
			lo, hi := 0.0, 1.0
			for range 60 {
				mid := (lo + hi) / 2
				if cost(mid) > confirmBudget[s] {
					hi = mid
				} else {
					lo = mid
				}
			}
			f = lo
		}
		// Over its budget even at f = 0: the scale's own runs cost more.
		planned := cost(f)
		over := planned > confirmBudget[s]
		for _, p := range plans {
			if p.scale != s || p.perRun == 0 && p.registeredAt > 0 {
				continue
			}
			p.registeredAt = runsAt(p, f)
			allowed := p.registeredAt
			sc, isCapped := sessionCap[p.id]
			if isCapped && sc.runs < p.registeredAt {
				p.registeredAt = sc.runs
			} else {
				isCapped = false
			}
			if fl, ok := spreadFloor[p.id]; ok && fl.runs > p.registeredAt {
				p.why += fmt.Sprintf(" The power plan needs %d; registered %d, %s.", p.need, fl.runs, fl.why)
				p.registeredAt = fl.runs
			}
			capped := min(p.need, p.runs*maxRunsFactor)
			overCap := p.need > p.runs*maxRunsFactor
			switch {
			case isCapped:
				p.why += fmt.Sprintf(" The %s scale's budget allows %d: registered %d, %s; after the run the report says what the interval excludes and the n it would take.", s, allowed, p.registeredAt, sc.why)
			case p.registeredAt < capped:
				if over {
					p.why += fmt.Sprintf(" The %s scale's plan is over its budget with every claim at the scale's own runs, so no claim gets more: registered %d; after the run the report says what the interval excludes and the n it would take.", s, p.registeredAt)
				} else {
					p.why += fmt.Sprintf(" The %s scale's budget allows %d: registered %d; after the run the report says what the interval excludes and the n it would take.", s, p.registeredAt, p.registeredAt)
				}
				if overCap {
					p.why += fmt.Sprintf(" (The need was capped at %d times the scale's runs, %d, before the budget.)", maxRunsFactor, capped)
				}
			case overCap:
				p.why += fmt.Sprintf(" Capped at %d times the scale's runs: registered %d.", maxRunsFactor, p.registeredAt)
			}
		}
		w := fmt.Sprintf("budget at the %s scale %s on the reference machine (a 2-core AMD EPYC), planned %s", s, fmtDuration(confirmBudget[s]), fmtDuration(planned))
		if over {
			w += " (over it: the scale's own runs cost more, so every claim runs the scale's runs and no more)"
		}
		words = append(words, w)
	}
	return "Budget: " + strings.Join(words, "; ") + "."
}

// at returns the plan's runs with the needs above the scale's runs
// scaled by f.
func (p *plannedClaim) at(f float64) int {
	need := min(p.need, p.runs*maxRunsFactor)
	if need <= p.runs {
		return p.runs
	}
	return max(p.runs, int(math.Floor(float64(p.runs)+f*float64(need-p.runs))))
}

// confirm runs the confirmatory pass: each registered claim of o.only
// whose registered scale is o.scale, at its registered runs and seed,
// judged by its registered rule. It refuses to start if a claim's judging
// code or rule has changed since the registration (a verdict by another
// rule is not confirmatory), and saves each claim's result into the
// confirmatory results (paper.ConfirmFile) as soon as it finishes, so
// that an interrupted pass resumes from the cache and the claims saved.
func confirm(ctx context.Context, o *options, stdout, stderr io.Writer) int {
	regs, err := paper.ReadRegistration(o.registration)
	if err != nil {
		fmt.Fprintf(stderr, "reproduce: -confirm: %v (make register writes it, committed before any confirmatory run)\n", err)
		return 1
	}
	var todo []paper.Registered
	for _, r := range regs {
		if r.Scale != o.scale || !slices.ContainsFunc(o.only, func(c paper.Claim) bool { return c.ID == r.ID }) {
			continue
		}
		if why, ok := outOfPass[r.ID]; ok && !o.onlySet {
			fmt.Fprintf(stdout, "%s: not run: %s\n", r.ID, why)
			continue
		}
		todo = append(todo, r)
	}
	if len(todo) == 0 {
		fmt.Fprintf(stderr, "reproduce: -confirm: no claim of -only is registered at the %s scale\n", o.scale)
		return 2
	}
	if changed := paper.Changed(todo, paper.RegisteredHash); len(changed) > 0 {
		fmt.Fprintf(stderr, "reproduce: -confirm: the judging code, rule or protocol changed since the registration, so these verdicts would not be confirmatory: %s; register again before any confirmatory run, or, after one, on new seeds\n", strings.Join(changed, "; "))
		return 1
	}
	start := time.Now()
	for _, r := range todo {
		c, _ := paper.Lookup(r.ID)
		env := &paper.Env{Seed: r.Seed, Runs: r.Runs, JudgedOnly: true, Workers: o.workers, CacheDir: o.cacheDir, Fresh: o.fresh, CIFAR10: o.cifar10,
			Warn: func(msg string) { fmt.Fprintf(stderr, "reproduce: warning: %s\n", msg) }}
		if why := c.Skipped(r.Scale, env); why != "" {
			fmt.Fprintf(stdout, "%s: not run: %s\n", r.ID, why)
			continue
		}
		t0 := time.Now()
		out, err := c.Run(ctx, r.Scale, env)
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "reproduce: interrupted: %s; finished runs stay cached and the claims done are saved: rerun to resume\n", r.ID)
			return exitInterrupted
		}
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: -confirm: %s: %v\n", r.ID, err)
			return 1
		}
		res := paper.Confirmed{ID: r.ID, Scale: r.Scale.String(), Runs: r.Runs, Seed: r.Seed, Code: r.Code, Verdict: out.Verdict,
			Parts: paper.SeedParts(out.Judgement), Seconds: math.Round(time.Since(t0).Seconds()*10) / 10}
		for _, ch := range out.Checks {
			if !ch.OK {
				res.Failed = append(res.Failed, ch.Name)
			}
		}
		old, err := paper.LoadConfirmation(o.figDir)
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: -confirm: %v\n", err)
			return 1
		}
		merged := old.Merge(res)
		merged.BLAS, merged.Kernel = ordering.BLAS, ordering.BLASKernel()
		if err := paper.SaveConfirmation(o.figDir, merged); err != nil {
			fmt.Fprintf(stderr, "reproduce: -confirm: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %s (%d runs per cell, seed %d, %.0fs, %s elapsed)\n", r.ID, out.Verdict, r.Runs, r.Seed, time.Since(t0).Seconds(), fmtDuration(time.Since(start).Seconds()))
	}
	if err := paper.WriteReport(o.report, o.figDir); err != nil {
		fmt.Fprintf(stderr, "reproduce: -confirm: %v\n", err)
		return 1
	}
	return 0
}
