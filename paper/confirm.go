// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/goodorder/goodorder/paper/atomic"
)

// ConfirmFile is the base name of the confirmatory pass's results in the
// results folder of the figure folder: each registered claim's verdict
// and parts at its registered runs and seed, with the hash of the
// registration it was judged by. It is committed, and WriteReport reads
// it.
const ConfirmFile = "confirm.json"

// Confirmation is the confirmatory pass's results.
type Confirmation struct {
	// BLAS and Kernel are the build's, as in Result.
	BLAS   string `json:"blas,omitempty"`
	Kernel string `json:"kernel,omitempty"`
	// Claims holds the claims judged, in the registry's order.
	Claims []Confirmed `json:"claims"`
}

// Confirmed is one claim's confirmatory result.
type Confirmed struct {
	ID    string `json:"id"`
	Scale string `json:"scale"`
	Runs  int    `json:"runs"`
	Seed  uint64 `json:"seed"`
	// Code is the registered hash of the claim's judging code, rule and
	// protocol the run was judged by (Registered.Code); a claim whose
	// current hash differs is reported as exploratory (Confirmed.Current).
	Code    string     `json:"code"`
	Verdict Verdict    `json:"verdict"`
	Parts   []SeedPart `json:"parts,omitempty"`
	// Failed names the checks that did not hold.
	Failed []string `json:"failed,omitempty"`
	// Seconds is the claim's wall time (with what the cache held), for
	// the runs per hour the report states.
	Seconds float64 `json:"seconds"`
	// Earlier are the claim's earlier confirmatory results, on other
	// base seeds, each judged by a rule since changed (Merge keeps them),
	// oldest first: the report says what they read.
	Earlier []Confirmed `json:"earlier,omitempty"`
}

// Current reports whether c was judged by the claim's current judging
// code, rule and protocol (RegisteredHash at its scale and runs).
func (c *Confirmed) Current() bool {
	s, err := ParseScale(c.Scale)
	if err != nil {
		return false
	}
	h, err := RegisteredHash(Registered{ID: c.ID, Scale: s, Runs: c.Runs})
	return err == nil && h == c.Code
}

// confirmPath returns the path of the confirmatory results of figDir.
func confirmPath(figDir string) string { return filepath.Join(figDir, "results", ConfirmFile) }

// SaveConfirmation writes the confirmatory results of figDir.
func SaveConfirmation(figDir string, c *Confirmation) error {
	if err := atomic.WriteJSON(confirmPath(figDir), c); err != nil {
		return fmt.Errorf("paper: confirmation: %w", err)
	}
	return nil
}

// LoadConfirmation reads the confirmatory results of figDir; it returns
// nil and no error if there are none.
func LoadConfirmation(figDir string) (*Confirmation, error) {
	return loadJSON[Confirmation](confirmPath(figDir))
}

// find returns the result of claim id, nil if c is nil or has none.
func (c *Confirmation) find(id string) *Confirmed {
	if c == nil {
		return nil
	}
	for i := range c.Claims {
		if c.Claims[i].ID == id {
			return &c.Claims[i]
		}
	}
	return nil
}

// Superseded returns claim id's confirmatory result at scale s that a
// change (its rule, code or protocol, or a seed whose runs were not new) made exploratory: its latest result
// if that is not Current, else, once the new registration's pass has run,
// the last of its earlier passes; nil if there is none. A new
// registration plans its runs from it where no seeds pass measured the
// claim, and writes the same plan before and after its own pass.
func (c *Confirmation) Superseded(id string, s Scale) *Confirmed {
	r := c.find(id)
	switch {
	case r == nil:
		return nil
	case !r.Current():
		if r.Scale != s.String() {
			return nil
		}
		return r
	}
	for i := len(r.Earlier) - 1; i >= 0; i-- {
		if e := r.Earlier[i]; e.Scale == s.String() {
			return &e
		}
	}
	return nil
}

// Merge returns c with r in place of its claim's earlier result, the
// claims in the registry's order. An earlier result on another base seed
// (a pass before the claim was registered again) is kept in r.Earlier; one
// on the same seed is replaced, keeping the larger Seconds if the two were
// judged by the same code at the same runs: a pass resumed from the cache
// reruns a claim it judged in seconds, and the claim's time is what its
// runs took.
func (c *Confirmation) Merge(r Confirmed) *Confirmation {
	out := &Confirmation{}
	if c != nil {
		out.BLAS, out.Kernel = c.BLAS, c.Kernel
	}
	if old := c.find(r.ID); old != nil {
		r.Earlier = slices.Clone(old.Earlier)
		if old.Seed != r.Seed {
			prev := *old
			prev.Earlier = nil
			r.Earlier = append(r.Earlier, prev)
		} else if old.Code == r.Code && old.Runs == r.Runs {
			r.Seconds = max(r.Seconds, old.Seconds)
		}
	}
	for _, id := range IDs() {
		switch {
		case id == r.ID:
			out.Claims = append(out.Claims, r)
		case c.find(id) != nil:
			out.Claims = append(out.Claims, *c.find(id))
		}
	}
	return out
}

// NextSeed returns the base seed a registration of claim id at runs per
// cell gives it: the seed of its confirmatory result if that was judged by
// the claim's current rule (Current) at those runs, ConfirmSeed if it has
// none, and otherwise (the rule, or the runs, changed after its pass) the
// seed after every one its passes, and those of the claims it shares runs
// with (sharedRuns), used, so that its new pass draws runs no pass has
// judged or shown and never replaces a pass on the same seed.
func (c *Confirmation) NextSeed(id string, runs int) uint64 {
	r := c.find(id)
	if r == nil {
		return ConfirmSeed
	}
	if r.Current() && r.Runs == runs {
		return r.Seed
	}
	next := r.Seed + 1
	for _, e := range r.Earlier {
		next = max(next, e.Seed+1)
	}
	// Nor a seed whose runs another claim's pass has shown.
	for _, g := range sharedRuns {
		if !slices.Contains(g, id) {
			continue
		}
		for _, other := range g {
			if o := c.find(other); o != nil && other != id {
				next = max(next, o.Seed+1)
				for _, e := range o.Earlier {
					next = max(next, e.Seed+1)
				}
			}
		}
	}
	return next
}

// sharedRuns are groups of claims whose runs at one base seed share their
// draws: the seed of run s of a cell derives from the base seed and s
// alone (mixSeed with no claim id), so claims that train on one data set
// start run s of a network from the same weights, and may share runs
// outright. A group is a data set: MNIST's (table-1 and scalable-training
// train its MLP, the study and order-matters' sweep too), Fashion-MNIST's
// (table-1-fashion, the study, the sweep) and CIFAR-10's. A claim may sit
// in several. A claim registered again takes a base seed that no pass of
// any of its groups has used (NextSeed), so that none of its runs was seen
// before its registration; a pass on another data set shows no run of it.
var sharedRuns = [][]string{
	{"table-1", "table-1-study", "scalable-training", "order-matters"},
	{"table-1-fashion", "table-1-study", "order-matters"},
	{"table-1-cifar10"},
}

// againPending returns c, or a copy of it in which each claim's result
// that regs registers again at other runs per cell or on another base
// seed, and that is not yet replaced by a pass on that seed, no longer
// reads as Current: registered again (a change of runs keeps its hash at
// its own runs), it is exploratory until its new pass, as a result
// judged by a rule since changed is.
func (c *Confirmation) againPending(regs []Registered) *Confirmation {
	if c == nil {
		return nil
	}
	var out *Confirmation
	for i, r := range c.Claims {
		k := slices.IndexFunc(regs, func(g Registered) bool { return g.ID == r.ID })
		if k < 0 || regs[k].Runs == r.Runs && regs[k].Seed == r.Seed || !r.Current() {
			continue
		}
		if out == nil {
			out = &Confirmation{BLAS: c.BLAS, Kernel: c.Kernel, Claims: slices.Clone(c.Claims)}
		}
		out.Claims[i].Code += fmt.Sprintf(" (registered again at %d runs per cell on base seed %d)", regs[k].Runs, regs[k].Seed)
	}
	if out == nil {
		return c
	}
	return out
}

// RunsChanged returns claim id's latest confirmatory result if it was
// judged by the claim's current rule (Current) at other runs per cell
// than runs, nil otherwise: a registration at runs is then a change of
// its runs alone, after that pass.
func (c *Confirmation) RunsChanged(id string, runs int) *Confirmed {
	r := c.find(id)
	if r == nil || !r.Current() || r.Runs == runs {
		return nil
	}
	return r
}

// PassesText says what the confirmatory passes of claim id judged by a
// rule since changed read ("base seed 1001, 54 runs per cell: goal not
// met"), oldest first; "" if none.
func (c *Confirmation) PassesText(id string) string {
	r := c.find(id)
	if r == nil {
		return ""
	}
	var all []Confirmed
	all = append(all, r.Earlier...)
	if !r.Current() {
		all = append(all, *r)
	}
	words := make([]string, len(all))
	for i, e := range all {
		words[i] = fmt.Sprintf("base seed %d, %d runs per cell: %v", e.Seed, e.Runs, e.Verdict)
	}
	return strings.Join(words, "; ")
}

// ChangeText says what differs between the registered hash code (a
// RegisteredHash: "<judging code> rule <rule> config <protocol>", then
// " text <n>" for a claim registered again with nothing hashed changed,
// textRevisions) and
// the hash claim id's latest confirmatory result was judged by: "its
// rule's value", "its judging code (its rule's tests and thresholds
// unchanged)" (a change to the code that judges or words the result,
// which may change what is measured: Rule.Hash leaves out the statistic's
// wording), "its protocol", "its seed
// (its runs were not new ...)" (textRevisions), or several;
// "" if there is no result or nothing differs. Where the latest result is
// current and an earlier pass was judged by an old rule, that pass is the
// one compared: what changed between them.
func (c *Confirmation) ChangeText(id, code string) string {
	r := c.find(id)
	if r == nil {
		return ""
	}
	if n := len(r.Earlier); n > 0 && r.Current() {
		r = &r.Earlier[n-1]
	}
	split := func(h string) (judge, rule, config, text string) {
		judge, rest, _ := strings.Cut(h, " rule ")
		rule, rest, _ = strings.Cut(rest, " config ")
		config, text, _ = strings.Cut(rest, " text ")
		return judge, rule, config, text
	}
	oj, or, oc, ot := split(r.Code)
	nj, nr, nc, nt := split(code)
	var what []string
	switch {
	case or != nr:
		what = append(what, "its rule's value")
	case oj != nj:
		what = append(what, "its judging code (what a part measures and at which levels, which the rule's hash does not cover; its section says what changed)")
	}
	if oc != nc {
		what = append(what, "its protocol")
	}
	if ot != nt && len(what) == 0 {
		what = append(what, "its seed (the starting weights of its last pass's runs were not new when that pass was registered; its rule, code and protocol are that pass's)")
	}
	return strings.Join(what, " and ")
}
