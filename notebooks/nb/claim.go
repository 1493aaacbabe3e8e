// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/goodorder/goodorder/paper"
)

// A notebook's markdown explains the idea and the formula; what a claim
// states, the rule that judges it and the verdict come from the claim
// itself, printed by Claim, Rule and CheckOutcome, so that no sentence
// of a notebook can drift from the code that judges.

// Claim prints the claim id as the registry holds it (paper.Lookup):
// where the paper states it and its Statement, or that it is a goal of
// ours beyond the paper,
//
//	CLAIM id (where; the paper's): statement
//	CLAIM id (where; a goal of ours, not the paper's): statement
//
// and, in a notebook at the quick scale that runs the claim smaller,
// how (quickLine).
func Claim(id string) {
	c, ok := paper.Lookup(id)
	if !ok {
		Must(fmt.Errorf("nb: no claim %q (paper.IDs lists them)", id))
		return
	}
	fmt.Fprintln(stdout, claimLine(c))
	if Quick() {
		if l := quickLine(id, paper.QuickChanges(id)); l != "" {
			fmt.Fprintln(stdout, l)
		}
	}
}

// quickLine says how the quick scale changes claim id's protocol, the
// statement above states the default scale's: "QUICK id: this notebook
// runs the quick scale, which differs from the protocol above in TuneRuns
// 3 → 2"; "" if it does not.
func quickLine(id string, changes []string) string {
	if len(changes) == 0 {
		return ""
	}
	return fmt.Sprintf("QUICK %s: this notebook runs the quick scale, which differs from the protocol above in %s (the default scale's, which the report's seeds and confirmatory passes run)", id, strings.Join(changes, ", "))
}

func claimLine(c paper.Claim) string {
	whose := "the paper's"
	if c.Goal {
		whose = "a goal of ours, not the paper's"
	}
	return fmt.Sprintf("CLAIM %s (%s; %s): %s", c.ID, c.Where, whose, c.Statement)
}

// Rule prints the rule that judges claim id's outcome out: the claim's
// rule as a value (paper.Claim.Rule, its text a line a part) where it
// declares one, else the entries of out.Protocol that state the verdict or
// the goal; then the entries that say how the rule changed and when (its
// history), each on its own line,
//
//	RULE id: <part>: "<sentence>" (...). Statistic: ... Test: ...
//	RULE HISTORY id: Rule history: ...
//
// or one line saying that the protocol states no rule.
func Rule(id string, out *paper.Outcome) {
	rule, history := ruleLines(out.Protocol)
	if c, ok := paper.Lookup(id); ok && c.Rule != nil {
		rule = c.Rule.Text()
	}
	if len(rule) == 0 {
		fmt.Fprintf(stdout, "RULE %s: the protocol states no rule\n", id)
	}
	for _, r := range rule {
		fmt.Fprintf(stdout, "RULE %s: %s\n", id, r)
	}
	for _, h := range history {
		fmt.Fprintf(stdout, "RULE HISTORY %s: %s\n", id, h)
	}
}

// ruleLines returns the entries of protocol that state a verdict or a
// goal's rule (they start with "Verdict" or "Goal", or name the verdict)
// and, apart, those that tell the rule's history ("Rule history", the
// entries of a change after a confirmatory pass (changedAfterMark), and
// changedMark's entries and tails of rule entries), in the protocol's
// order, the latest change first.
func ruleLines(protocol []string) (rule, history []string) {
	for _, p := range protocol {
		switch {
		case strings.HasPrefix(p, "Rule history"), strings.HasPrefix(p, changedMark), strings.HasPrefix(p, changedAfterMark):
			history = append(history, p)
		case strings.HasPrefix(p, "Verdict"), strings.HasPrefix(p, "Goal"),
			strings.Contains(strings.ToLower(p), "verdict"):
			rule = append(rule, p)
			// A rule entry that ends by saying how it changed gives
			// that to the history too.
			for _, m := range []string{changedMark, ruleChangedMark} {
				if k := strings.Index(p, m); k > 0 {
					history = append(history, p[k:])
					break
				}
			}
		}
	}
	return rule, history
}

// changedMark begins the protocol's word of a rule changed on the
// exploratory seeds before the confirmatory pass, and changedAfterMark
// that of a rule changed after a confirmatory pass (the claim then
// registered again on new seeds).
const (
	changedMark      = "Changed before the confirmatory pass"
	changedAfterMark = "Changed after the confirmatory pass"
	// ruleChangedMark begins the history a rule entry written before the
	// registration tells at its end (table-1's).
	ruleChangedMark = "This rule was changed"
)

// Seeds prints the verdicts of claim id over the seeds of the report's
// robustness pass (figures/results/robustness.json), so that a notebook,
// which runs one seed, shows the others beside it:
//
//	SEEDS id: <verdict> at seed s1, <verdict> at seed s2, ... (the report's robustness pass, <scale> scale)
//
// It says so when the pass has no record of id, when its record was
// judged by an earlier version of the claim's judging code (paper.JudgeCode),
// or when the notebook runs the quick scale, which runs id smaller than
// the pass's default scale does (paper.QuickDiffers).
func Seeds(id string) {
	root, err := Root()
	if err != nil {
		fmt.Fprintf(stdout, "SEEDS %s: no robustness pass to read (%v)\n", id, err)
		return
	}
	r, err := paper.LoadRobustness(filepath.Join(root, "figures"))
	if err != nil {
		fmt.Fprintf(stdout, "SEEDS %s: no robustness pass to read (%v)\n", id, err)
		return
	}
	fmt.Fprintln(stdout, seedsLine(id, r, Quick()))
}

// seedsLine is Seeds' line for claim id from the pass r, for a notebook
// at the quick scale if quick.
func seedsLine(id string, r *paper.Robustness, quick bool) string {
	if r == nil {
		return fmt.Sprintf("SEEDS %s: the report has no robustness pass", id)
	}
	for _, c := range r.Claims {
		if c.ID != id || len(c.Verdicts) == 0 {
			continue
		}
		parts := make([]string, len(c.Verdicts))
		for i, v := range c.Verdicts {
			parts[i] = v.String()
			if i < len(r.Seeds) {
				parts[i] = fmt.Sprintf("%s at seed %d", v, r.Seeds[i])
			}
		}
		note := ""
		if c.Stale() {
			note = "; judged by an earlier version of the claim's judging code (paper.JudgeCode differs)"
		}
		if quick && r.Scale == paper.Default.String() && paper.QuickDiffers(id) {
			note += "; this notebook runs the quick scale, smaller than the pass's protocol for this claim, so its own verdict above is not one of these draws"
		}
		return fmt.Sprintf("SEEDS %s: %s (the report's robustness pass, %s scale%s)", id, strings.Join(parts, ", "), r.Scale, note)
	}
	for _, c := range r.Costly {
		if c.Quantity == id {
			return fmt.Sprintf("SEEDS %s: one seed only; the robustness pass leaves it out (%s)", id, c.Ours)
		}
	}
	return fmt.Sprintf("SEEDS %s: one seed only; the robustness pass has no record of it", id)
}
