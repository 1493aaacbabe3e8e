// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper"
)

// TestShardFlagErrors checks that a bad -shard, or -shard or -plan beside
// a flag they cannot go with, is a usage error (status 2) naming the value
// and what is wanted, before any work.
func TestShardFlagErrors(t *testing.T) {
	for _, test := range []struct {
		args []string
		want string
	}{
		{[]string{"-shard", "3/2"}, `invalid value "3/2" for flag -shard: want a shard i with 0 <= i < N = 2, got i = 3`},
		{[]string{"-shard", "2/2"}, `invalid value "2/2" for flag -shard: want a shard i with 0 <= i < N = 2, got i = 2`},
		{[]string{"-shard", "-1/4"}, `invalid value "-1/4" for flag -shard: want a shard i with 0 <= i < N = 4, got i = -1`},
		{[]string{"-shard", "x"}, `invalid value "x" for flag -shard: want i/N`},
		{[]string{"-shard", "1/x"}, `invalid value "1/x" for flag -shard: want i/N`},
		{[]string{"-shard", "0/0"}, `invalid value "0/0" for flag -shard: want at least one shard, got N = 0`},
		{[]string{"-shard", "1/4", "-plan"}, "-shard 1/4 with -plan: -plan lists the units of every shard"},
		{[]string{"-plan", "-cache", ""}, "-plan: needs a cache folder, and -cache is empty"},
		{[]string{"-shard", "0/2", "-cache", ""}, "-shard 0/2: needs a cache folder, and -cache is empty"},
		{[]string{"-shard", "0/2", "-fresh"}, "-fresh with -shard 0/2: a shard computes what is not in the cache"},
	} {
		dir := t.TempDir()
		args := append([]string{"-figures", filepath.Join(dir, "figures"), "-report", filepath.Join(dir, "REPORT.md"), "-cache", filepath.Join(dir, "cache")}, test.args...)
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), args, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "reproduce: "+test.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", test.args, code, stderr.String(), test.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%q: wrote %s, want nothing", test.args, entries[0].Name())
		}
	}
}

// TestSplit checks the split of the units over shards: every unit in
// exactly one shard, in the order of the units; a claim that reuses
// another's runs in that claim's shard; the largest estimates spread
// first (longest processing time), so that no shard's load exceeds the
// ideal share by more than the largest unit; and the same split from the
// same units.
func TestSplit(t *testing.T) {
	o := &options{only: paper.Claims(), scale: paper.Smoke, seed: 1}
	us := units(o)
	if len(us) == 0 {
		t.Fatal("no units at the smoke scale")
	}
	for _, n := range []int{1, 2, 3, 4, 7, len(us), len(us) + 3} {
		shards := split(us, n, o.scale)
		if len(shards) != n {
			t.Fatalf("n = %d: %d shards", n, len(shards))
		}
		seen := make(map[string]int)
		total := 0.0
		// The largest group: a unit with those that reuse its runs
		// (reusesRuns), which the split keeps together.
		groups := make(map[string]float64)
		for _, u := range us {
			lead := u.claim.ID
			if r, ok := reusesRuns[lead]; ok && slices.ContainsFunc(us, func(v unit) bool { return v.claim.ID == r }) {
				lead = r
			}
			groups[lead] += u.est
		}
		largest := 0.0
		for _, g := range groups {
			largest = max(largest, g)
		}
		for j, sh := range shards {
			prev := -1
			for _, u := range sh {
				k := u.key(o.scale)
				seen[k]++
				i := slices.IndexFunc(us, func(v unit) bool { return v.key(o.scale) == k })
				if i <= prev {
					t.Errorf("n = %d: shard %d runs %s out of the units' order", n, j, k)
				}
				prev = i
				total += u.est
			}
		}
		for _, u := range us {
			if seen[u.key(o.scale)] != 1 {
				t.Errorf("n = %d: %s in %d shards, want 1", n, u.key(o.scale), seen[u.key(o.scale)])
			}
		}
		for j, sh := range shards {
			load := 0.0
			ids := make([]string, len(sh))
			for i, u := range sh {
				load += u.est
				ids[i] = u.claim.ID
			}
			// A greedy LPT shard exceeds the mean load by at most the
			// largest group.
			if bound := total/float64(n) + largest; load > bound {
				t.Errorf("n = %d: shard %d has %.1fs of %.1fs, more than %.1fs", n, j, load, total, bound)
			}
			for user, owner := range reusesRuns {
				if slices.Contains(ids, user) && !slices.Contains(ids, owner) && slices.ContainsFunc(us, func(u unit) bool { return u.claim.ID == owner }) {
					t.Errorf("n = %d: shard %d has %s without %s, whose runs it reuses", n, j, user, owner)
				}
			}
		}
		again := split(slices.Clone(us), n, o.scale)
		for j := range shards {
			if !slices.EqualFunc(shards[j], again[j], func(a, b unit) bool { return a.key(o.scale) == b.key(o.scale) }) {
				t.Errorf("n = %d: shard %d differs between two splits of the same units", n, j)
			}
		}
	}
}

// TestUnits checks which units a run has: one per claim that runs at the
// scale, at -seed, or at each of -seeds without the costly claims.
func TestUnits(t *testing.T) {
	one := func(ids ...string) []paper.Claim {
		var cs []paper.Claim
		for _, id := range ids {
			c, _ := paper.Lookup(id)
			cs = append(cs, c)
		}
		return cs
	}
	for _, test := range []struct {
		o    options
		want []string
	}{
		{options{only: one("theorem-1", "table-1"), scale: paper.Smoke, seed: 7}, []string{"smoke/theorem-1/seed-7", "smoke/table-1/seed-7"}},
		// table-1 (under 3 minutes a seed at the default scale) is rerun
		// at every seed; order-matters is costly.
		{options{only: one("theorem-1", "table-1", "order-matters"), scale: paper.Smoke, seeds: []uint64{1, 2}}, []string{"smoke/theorem-1/seed-1", "smoke/theorem-1/seed-2", "smoke/table-1/seed-1", "smoke/table-1/seed-2"}},
		// table-1-study is skipped at the default scale.
		{options{only: one("table-1-study", "omega-example"), scale: paper.Default, seed: 1}, []string{"default/omega-example/seed-1"}},
	} {
		var got []string
		for _, u := range units(&test.o) {
			got = append(got, u.key(test.o.scale))
		}
		if !slices.Equal(got, test.want) {
			t.Errorf("units of %v at %s = %q, want %q", test.o.seeds, test.o.scale, got, test.want)
		}
	}
}

// TestPlanShards checks -plan and -shard on one cache: -plan lists every
// unit on an empty cache; after one shard of two it lists the other
// shard's units only; after both, none; -shard writes no figures, results
// or report, and a second try of a shard computes nothing.
func TestPlanShards(t *testing.T) {
	dir := t.TempDir()
	figs, report, cache := filepath.Join(dir, "figures"), filepath.Join(dir, "REPORT.md"), filepath.Join(dir, "cache")
	base := []string{"-scale", "smoke", "-only", "mishchenko-lemma1,appendix-c-lower-bound,two-level-lemma", "-figures", figs, "-report", report, "-cache", cache}
	runArgs := func(extra ...string) (string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), append(slices.Clone(base), extra...), &stdout, &stderr); code != 0 {
			t.Fatalf("%q: exit %d: %s", extra, code, stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	planned := func() []string {
		t.Helper()
		out, _ := runArgs("-plan")
		var keys []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				keys = append(keys, f[0])
			}
		}
		return keys
	}
	all := []string{"smoke/mishchenko-lemma1/seed-1", "smoke/appendix-c-lower-bound/seed-1", "smoke/two-level-lemma/seed-1"}
	if got := planned(); !slices.Equal(got, all) {
		t.Fatalf("-plan on an empty cache: %q, want %q", got, all)
	}
	o, err := parse(base, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	shards := split(units(o), 2, paper.Smoke)
	var rest []string
	for _, u := range shards[1] {
		rest = append(rest, u.key(paper.Smoke))
	}
	_, log := runArgs("-shard", "0/2")
	for _, u := range shards[0] {
		if !strings.Contains(log, "computing "+u.key(paper.Smoke)) {
			t.Errorf("shard 0/2's log does not say it computes %s:\n%s", u.key(paper.Smoke), log)
		}
	}
	if got := planned(); !slices.Equal(got, rest) {
		t.Errorf("-plan after shard 0/2: %q, want shard 1/2's %q", got, rest)
	}
	if _, log := runArgs("-shard", "0/2"); strings.Contains(log, "computing") {
		t.Errorf("shard 0/2 run again computes:\n%s", log)
	}
	runArgs("-shard", "1/2")
	if got := planned(); len(got) != 0 {
		t.Errorf("-plan after both shards: %q, want none", got)
	}
	for _, p := range []string{figs, report} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("the shards wrote %s (%v), want nothing", p, err)
		}
	}
}

// TestPlanOtherSeeds checks that -plan and -shard over seeds, a scale or
// claims other than the robustness file's (a confirmatory pass) are not
// refused by the check that guards that file, which they never write.
func TestPlanOtherSeeds(t *testing.T) {
	dir := t.TempDir()
	figs := filepath.Join(dir, "figures")
	committed, err := os.ReadFile(filepath.Join("..", "..", "figures", "results", paper.RobustnessFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(figs, "results"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(figs, "results", paper.RobustnessFile), committed, 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"-scale", "smoke", "-seeds", "6,7", "-only", "mishchenko-lemma1", "-figures", figs, "-report", filepath.Join(dir, "REPORT.md"), "-cache", filepath.Join(dir, "cache")}
	for _, extra := range [][]string{{"-plan"}, {"-shard", "0/2"}} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), append(slices.Clone(base), extra...), &stdout, &stderr); code != 0 {
			t.Errorf("%q with %q: exit %d: %s", extra, base, code, stderr.String())
		}
	}
	// The pass itself, which would merge into the file, is still refused.
	var stderr bytes.Buffer
	if code := run(context.Background(), base, &bytes.Buffer{}, &stderr); code != 2 {
		t.Errorf("%q: exit %d, want 2 (the robustness file's seeds differ): %s", base, code, stderr.String())
	}
}
