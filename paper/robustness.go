// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/goodorder/goodorder/paper/atomic"
)

// RobustnessFile is the base name of the robustness pass's results in the
// results folder of the figure folder: the verdicts and key numbers of
// the claims rerun with other base seeds. It is committed, and
// WriteReport reads it.
const RobustnessFile = "robustness.json"

// Robustness is the result of a robustness pass: each affordable claim
// rerun at one scale with several base seeds.
type Robustness struct {
	Scale string   `json:"scale"`
	Seeds []uint64 `json:"seeds"`
	// BLAS and Kernel are the build's, as in Result.
	BLAS   string `json:"blas,omitempty"`
	Kernel string `json:"kernel,omitempty"`
	// Claims holds the claims rerun, in the registry's order.
	Claims []ClaimSeeds `json:"claims"`
	// Costly lists the claims left out, each with why.
	Costly []Row `json:"costly,omitempty"`
	// Covered lists the claims the last pass reran, which may be fewer
	// than Claims: a pass over some claims (reproduce -only) is merged
	// into the file, keeping the other claims' entries. Empty in a file
	// written before passes were merged.
	Covered []string `json:"covered,omitempty"`
}

// ClaimSeeds is one claim's verdicts and key numbers, one per seed of the
// pass (Robustness.Seeds).
type ClaimSeeds struct {
	ID       string    `json:"id"`
	Verdicts []Verdict `json:"verdicts"`
	// Key names the key number (Outcome.Key), "" if the claim has none;
	// Values holds its finite values, in the seeds' order, and Undefined
	// counts the seeds where it was not finite (NaN: nothing to measure,
	// such as a slope over fewer than two points).
	Key       string    `json:"key,omitempty"`
	Values    []float64 `json:"values,omitempty"`
	Undefined int       `json:"undefined,omitempty"`
	// Failed holds, per seed, the names of the outcome's checks
	// (Outcome.Checks) that did not hold there, so that a verdict that
	// flips can name the check that failed at the seed where it flipped.
	Failed [][]string `json:"failed,omitempty"`
	// Code is the hash of the claim's judging code when the seeds were
	// judged (JudgeCode); a record whose Code is not the current one was
	// judged by an earlier rule, and the report does not head with it.
	Code string `json:"code,omitempty"`
	// Parts holds, per seed, what each part of the claim's rule found
	// (SeedParts of the outcome's Judgement; nil for a claim without a
	// rule value): the measures the power analysis plans from.
	Parts [][]SeedPart `json:"parts,omitempty"`
}

// JudgeCode returns the hash of the judging code of claim id: the source
// of the declarations reachable from its result's Findings method (see
// judgeRoots: not its Outcome, which words the findings and draws the
// charts), comments, layout and the wording of string literals aside (a
// reworded sentence judges the same), and the hash of its rule's value
// (Rule.Hash) where it declares one. The robustness pass stores it with
// the seeds' verdicts (ClaimSeeds.Code), so that a verdict judged by a
// rule since changed is not reported as the current rule's; the
// registration records it (Registration).
func JudgeCode(id string) (string, error) {
	roots, ok := judgeRoots[id]
	if !ok {
		return "", fmt.Errorf("paper: no judging code named for claim %q", id)
	}
	g, err := moduleCode()
	if err != nil {
		return "", err
	}
	h, err := g.hashText(paperPath, roots, true)
	if err != nil {
		return "", err
	}
	if c, ok := Lookup(id); ok && c.Rule != nil {
		h += " rule " + c.Rule.Hash()
	}
	return h, nil
}

// Stale reports whether the seeds of c were judged by code other than the
// claim's current judging code (JudgeCode), or by unknown code (a record
// without Code).
func (c *ClaimSeeds) Stale() bool {
	h, err := JudgeCode(c.ID)
	return err != nil || c.Code != h
}

// Add appends a seed's verdict, key number and failed checks to c.
func (c *ClaimSeeds) Add(v Verdict, key Key, failed ...string) {
	// Failed is kept aligned with Verdicts: a record made before it
	// existed has none, and gets empty entries for its earlier seeds.
	for len(c.Failed) < len(c.Verdicts) {
		c.Failed = append(c.Failed, nil)
	}
	c.Failed = append(c.Failed, failed)
	c.Verdicts = append(c.Verdicts, v)
	if key.Name == "" {
		return
	}
	c.Key = key.Name
	if math.IsNaN(key.Value) || math.IsInf(key.Value, 0) {
		c.Undefined++
		return
	}
	c.Values = append(c.Values, key.Value)
}

// Stable returns how many seeds gave the most common verdict and that
// verdict (the first of the most common, in the seeds' order).
func (c ClaimSeeds) Stable() (k int, v Verdict) {
	for _, a := range c.Verdicts {
		n := 0
		for _, b := range c.Verdicts {
			if a == b {
				n++
			}
		}
		if n > k {
			k, v = n, a
		}
	}
	return k, v
}

// Spread returns the least and the largest of the key number over the
// seeds, NaN if there is none.
func (c ClaimSeeds) Spread() (lo, hi float64) {
	lo, hi = math.NaN(), math.NaN()
	for i, x := range c.Values {
		if i == 0 || x < lo {
			lo = x
		}
		if i == 0 || x > hi {
			hi = x
		}
	}
	return lo, hi
}

// Text is the claim's line in the report: "verdict stable in 5 of 5 seeds
// (reproduced); smallest slack 8.6 to 9.1", or, if the verdict flips,
// "verdict flips: reproduced in 3 of 5 seeds, ...".
func (c ClaimSeeds) Text() string {
	k, v := c.Stable()
	var b strings.Builder
	if k == len(c.Verdicts) {
		fmt.Fprintf(&b, "verdict stable in %d of %d seeds (%s)", k, len(c.Verdicts), v)
	} else {
		parts := make([]string, len(c.Verdicts))
		for i, x := range c.Verdicts {
			parts[i] = x.String()
		}
		fmt.Fprintf(&b, "verdict flips: %s in %d of %d seeds (by seed: %s)", v, k, len(c.Verdicts), strings.Join(parts, ", "))
	}
	if c.Key != "" {
		fmt.Fprintf(&b, "; %s %s", c.Key, c.spreadText())
	}
	return b.String()
}

// Headline is the claim's verdict in the report's summary: the seeds'
// word. A stable verdict reads "reproduced in 5 of 5 seeds"; one that
// flips says so first, then each verdict other than the most common with
// its seeds, then the most common one, each with the checks that failed at
// its seeds, grouped by check: "flips: goal met at seed 1; inconclusive
// in 4 of 5 seeds (checks not holding: coordinated-mnist-growth at 2, 3, 4, 5;
// coordinated-mnist-loss at 4)". A verdict of a single seed names its
// checks without the seed: "flips: not reproduced at seed 4 (failed:
// theorem1-noise-slopes); reproduced in 4 of 5 seeds". seeds are the
// pass's base seeds (Robustness.Seeds), in the order of Verdicts.
func (c ClaimSeeds) Headline(seeds []uint64) string {
	k, v := c.Stable()
	n := len(c.Verdicts)
	if k == n {
		return fmt.Sprintf("%s in %d of %d seeds", v, k, n)
	}
	// The verdicts other than the most common, in the seeds' order, then
	// the most common, each with its seeds and their failed checks.
	var parts []string
	done := map[Verdict]bool{v: true}
	for _, w := range c.Verdicts {
		if done[w] {
			continue
		}
		done[w] = true
		at := c.seedsOf(w)
		word := "seed"
		if len(at) > 1 {
			word = "seeds"
		}
		names := make([]string, len(at))
		for j, i := range at {
			names[j] = seedName(i, seeds)
		}
		parts = append(parts, fmt.Sprintf("%s at %s %s%s", w, word, strings.Join(names, ", "), c.failedText(at, seeds)))
	}
	return fmt.Sprintf("flips: %s; %s in %d of %d seeds%s", strings.Join(parts, "; "), v, k, n, c.failedText(c.seedsOf(v), seeds))
}

// seedsOf returns the indices, in Verdicts, of the seeds whose verdict is
// w.
func (c ClaimSeeds) seedsOf(w Verdict) []int {
	var at []int
	for i, x := range c.Verdicts {
		if x == w {
			at = append(at, i)
		}
	}
	return at
}

// seedName returns the base seed of the i-th verdict, i+1 if seeds does
// not name it.
func seedName(i int, seeds []uint64) string {
	if i < len(seeds) {
		return fmt.Sprint(seeds[i])
	}
	return fmt.Sprint(i + 1)
}

// failedText returns the checks that failed at the seeds at (indices in
// Verdicts), grouped by check in the order first met, each with its
// seeds: " (checks not holding: a at 2, 3; b at 4)", or " (checks not holding: a, b)" for a
// single seed; "" if none failed or none were recorded.
func (c ClaimSeeds) failedText(at []int, seeds []uint64) string {
	var checks []string
	where := map[string][]string{}
	for _, i := range at {
		if i >= len(c.Failed) {
			continue
		}
		for _, name := range c.Failed[i] {
			if _, ok := where[name]; !ok {
				checks = append(checks, name)
			}
			where[name] = append(where[name], seedName(i, seeds))
		}
	}
	if len(checks) == 0 {
		return ""
	}
	if len(at) == 1 {
		return " (checks not holding: " + strings.Join(checks, ", ") + ")"
	}
	parts := make([]string, len(checks))
	for j, name := range checks {
		parts[j] = name + " at " + strings.Join(where[name], ", ")
	}
	return " (checks not holding: " + strings.Join(parts, "; ") + ")"
}

// spreadText formats the spread of the key number: "8.6 to 9.1", with
// the seeds where it was not defined.
func (c ClaimSeeds) spreadText() string {
	s := "undefined"
	if len(c.Values) > 0 {
		lo, hi := c.Spread()
		s = fmt.Sprintf("%.3g to %.3g", lo, hi)
	}
	if c.Undefined > 0 && len(c.Values) > 0 {
		s += fmt.Sprintf(" (undefined in %d of %d seeds)", c.Undefined, len(c.Verdicts))
	}
	return s
}

// robustnessPath is where the robustness pass's results are kept.
func robustnessPath(figDir string) string {
	return filepath.Join(figDir, "results", RobustnessFile)
}

// SaveRobustness writes r atomically into figDir/results/robustness.json.
func SaveRobustness(figDir string, r *Robustness) error {
	if err := atomic.WriteJSON(robustnessPath(figDir), r); err != nil {
		return fmt.Errorf("paper: robustness: %w", err)
	}
	return nil
}

// LoadRobustness reads the robustness pass's results of figDir; it returns
// nil and no error if there are none.
func LoadRobustness(figDir string) (*Robustness, error) {
	return loadJSON[Robustness](robustnessPath(figDir))
}

// find returns the entry of claim id, nil if r is nil or has none.
func (r *Robustness) find(id string) *ClaimSeeds {
	if r == nil {
		return nil
	}
	for i := range r.Claims {
		if r.Claims[i].ID == id {
			return &r.Claims[i]
		}
	}
	return nil
}

// current returns the record of claim id in r if it has verdicts judged
// by the claim's current judging code, else nil; stale reports a record
// with verdicts judged by other code.
func (r *Robustness) current(id string) (cs *ClaimSeeds, stale bool) {
	cs = r.find(id)
	if cs == nil || len(cs.Verdicts) == 0 {
		return nil, false
	}
	if cs.Stale() {
		return nil, true
	}
	return cs, false
}

// writeRobustness writes the report's section on the robustness pass.
func writeRobustness(b *bytes.Buffer, r *Robustness) {
	fmt.Fprintf(b, "\n## Stability across seeds\n\n")
	if r == nil {
		fmt.Fprintf(b, "No robustness pass yet: `make robustness` reruns the affordable claims with base seeds 1 to 5.\n")
		return
	}
	build := ""
	if r.BLAS != "" {
		build = ", " + r.BLAS + " build"
		if r.Kernel != "" {
			build += " (" + r.Kernel + " kernel)"
		}
	}
	flips := 0
	for _, c := range r.Claims {
		if k, _ := c.Stable(); k < len(c.Verdicts) {
			flips++
		}
	}
	fmt.Fprintf(b, "`make robustness` reran each affordable claim at the `%s` scale with base seeds %s%s: a verdict that one draw could flip is reported as flipping, not by one seed's word. %d of %d claims flip.\n\n",
		r.Scale, joinSeeds(r.Seeds), build, flips, len(r.Claims))
	if len(r.Covered) > 0 && len(r.Covered) < len(r.Claims) {
		fmt.Fprintf(b, "The last pass reran %s; the other claims are from earlier passes with the same seeds.\n\n", strings.Join(r.Covered, ", "))
	}
	fmt.Fprintf(b, "| claim | verdict across seeds | key number | spread (least to largest) |\n|---|---|---|---|\n")
	for _, c := range r.Claims {
		k, v := c.Stable()
		verdict := fmt.Sprintf("stable in %d of %d (%s)", k, len(c.Verdicts), v)
		if k < len(c.Verdicts) {
			parts := make([]string, len(c.Verdicts))
			for i, x := range c.Verdicts {
				parts[i] = x.String()
			}
			verdict = fmt.Sprintf("**flips**: %s (%s)", strings.Join(parts, ", "), strings.TrimPrefix(c.Headline(r.Seeds), "flips: "))
		}
		if c.Stale() {
			verdict += "; judged by an earlier rule than the claim's current one"
		}
		key, spread := "—", "—"
		if c.Key != "" {
			key, spread = c.Key, c.spreadText()
		}
		fmt.Fprintf(b, "| [%s](#%s) | %s | %s | %s |\n", c.ID, anchor(c.ID), verdict, cellText(key), spread)
	}
	if len(r.Costly) > 0 {
		fmt.Fprintf(b, "\nNot in the pass (too costly to rerun five times, or not run at this scale):\n\n")
		for _, c := range r.Costly {
			fmt.Fprintf(b, "- %s: %s\n", c.Quantity, c.Ours)
		}
	}
}
