// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/goodorder/goodorder/paper"
)

// A unit is one unit of work of the reproduction split over a cluster's
// job array (-plan, -shard): a claim at the run's scale and one base seed.
// It is as fine as the runs can be listed without computing them: a
// claim's finer runs (table-1's trainings, two-level-figure's rows) are
// cached one by one, but which runs a claim needs can depend on earlier
// runs (the study's tuning picks the rates of its later runs), so they are
// listed by running the claim.
type unit struct {
	claim paper.Claim
	seed  uint64
	est   float64 // seconds on the reference machine (unitSeconds)
	quick bool    // the quick scale's (at the default scale)
}

// key names u at scale s: "smoke/table-1/seed-1", "quick/table-1/seed-1"
// for a unit of the quick scale.
func (u unit) key(s paper.Scale) string {
	return fmt.Sprintf("%s/%s/seed-%d", scaleName(s, u.quick), u.claim.ID, u.seed)
}

// shardFlag is the -shard flag, "i/N": shard i of N, 0 <= i < N, as
// Slurm numbers an array's tasks (SLURM_ARRAY_TASK_ID of
// SLURM_ARRAY_TASK_COUNT). Its zero value (n == 0) is no sharding.
type shardFlag struct{ i, n int }

func (s *shardFlag) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.n)
}

func (s *shardFlag) Set(v string) error {
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return errors.New("want i/N, shard i of N with 0 <= i < N (Slurm's $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)")
	case n < 1:
		return fmt.Errorf("want at least one shard, got N = %d", n)
	case i < 0 || i >= n:
		return fmt.Errorf("want a shard i with 0 <= i < N = %d, got i = %d (an array --array=0-%d numbers its tasks from 0)", n, i, n-1)
	}
	*s = shardFlag{i, n}
	return nil
}

// addPlanFlags adds -plan and -shard to fs.
func addPlanFlags(fs *flag.FlagSet, o *options) {
	fs.BoolVar(&o.plan, "plan", false, "list the units of work (a claim at a seed) of this run that are not in the cache, with their cost estimates, and exit")
	fs.Var(&o.shard, "shard", "compute only shard `i/N` of the units of work into the cache (0 <= i < N, balanced by their estimates, the same split on every node) and exit without writing figures or report; a run without -shard then writes them from the cache")
}

// checkPlanFlags returns the error of a bad use of -plan and -shard.
func checkPlanFlags(o *options) error {
	switch {
	case o.plan && o.shard.n > 0:
		return fmt.Errorf("-shard %s with -plan: -plan lists the units of every shard; leave out -shard", &o.shard)
	case (o.plan || o.shard.n > 0) && o.cacheDir == "":
		return fmt.Errorf("%s: needs a cache folder, and -cache is empty", planFlag(o))
	case (o.plan || o.shard.n > 0) && o.fresh:
		return fmt.Errorf("-fresh with %s: a shard computes what is not in the cache; to recompute, give an empty -cache folder", planFlag(o))
	}
	return nil
}

// planFlag names the flag of o's plan or shard, for errors.
func planFlag(o *options) string {
	if o.plan {
		return "-plan"
	}
	return "-shard " + o.shard.String()
}

// units returns the units of work of the run o asks for, in its order:
// each claim of o.only that runs at o.scale (and, in a robustness pass,
// is not costly) at each base seed (o.seeds, else o.seed).
func units(o *options) []unit {
	seeds := []uint64{o.seed}
	if o.seeds != nil {
		seeds = o.seeds
	}
	var us []unit
	for _, c := range o.only {
		if _, ok := costly[c.ID]; ok && o.seeds != nil {
			continue
		}
		if c.Skipped(o.scale, &paper.Env{CIFAR10: o.cifar10}) != "" {
			continue
		}
		for _, s := range seeds {
			us = append(us, unit{claim: c, seed: s, est: unitSeconds(c.ID, o.scale), quick: o.quick})
		}
	}
	return us
}

// unitSeconds is the estimate of a claim's run at scale s that the split
// goes by: its reference time (referenceSeconds), else the default
// scale's for the paper scale, else one second. It reads no timings file,
// so that every node of a cluster splits alike.
func unitSeconds(id string, s paper.Scale) float64 {
	if secs, ok := referenceSeconds[s][id]; ok {
		return secs
	}
	if secs, ok := referenceSeconds[paper.Default][id]; ok && s == paper.Paper {
		return secs
	}
	return 1
}

// reusesRuns names the claims that reuse the runs of another, which the
// split keeps in the other's shard so that no two shards compute them.
var reusesRuns = map[string]string{
	"scalable-training": "table-1",
	"order-matters":     "table-1-study",
}

// split returns the units of each of n shards: longest processing time
// first, the groups of units (a unit with those that reuse its runs,
// reusesRuns) sorted by their estimates, largest first, then by key, each
// given to the shard with the least estimated time so far (the first on a
// tie). Each shard keeps its units in the order of us. It depends only on
// us and n, never on the cache, so every task of an array, started at any
// time, splits alike.
func split(us []unit, n int, s paper.Scale) [][]unit {
	type group struct {
		key string
		est float64
		idx []int // into us
	}
	var groups []*group
	byLead := make(map[string]*group)
	lead := func(u unit) string {
		if r, ok := reusesRuns[u.claim.ID]; ok && slices.ContainsFunc(us, func(v unit) bool { return v.claim.ID == r && v.seed == u.seed }) {
			return unit{claim: paper.Claim{ID: r}, seed: u.seed, quick: u.quick}.key(s)
		}
		return u.key(s)
	}
	for i, u := range us {
		k := lead(u)
		g, ok := byLead[k]
		if !ok {
			g = &group{key: k}
			byLead[k] = g
			groups = append(groups, g)
		}
		g.est += u.est
		g.idx = append(g.idx, i)
	}
	slices.SortStableFunc(groups, func(a, b *group) int {
		if a.est != b.est {
			if a.est > b.est {
				return -1
			}
			return 1
		}
		return strings.Compare(a.key, b.key)
	})
	load := make([]float64, n)
	idx := make([][]int, n)
	for _, g := range groups {
		j := 0
		for k := range load {
			if load[k] < load[j] {
				j = k
			}
		}
		load[j] += g.est
		idx[j] = append(idx[j], g.idx...)
	}
	shards := make([][]unit, n)
	for j := range idx {
		slices.Sort(idx[j])
		for _, i := range idx[j] {
			shards[j] = append(shards[j], us[i])
		}
	}
	return shards
}

// plan writes the units of o's run that are not in the cache to stdout, one
// line each: key, claim and estimate; and to stderr (unless o.quiet) how
// many are left of how many, and the claims it leaves out.
func plan(ctx context.Context, o *options, stdout, stderr io.Writer) int {
	us := units(o)
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	left, secs := 0, 0.0
	for _, u := range us {
		in, err := u.claim.InCache(ctx, o.scale, unitEnv(o, u, stderr))
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "reproduce: interrupted: -plan stopped at %s\n", u.key(o.scale))
			return exitInterrupted
		}
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: -plan: %s: %v\n", u.key(o.scale), err)
			return 1
		}
		if !in {
			fmt.Fprintf(w, "%s\t%s\t%s\n", u.key(o.scale), u.claim.ID, fmtEstimate(u.est))
			left++
			secs += u.est
		}
	}
	w.Flush()
	if o.quiet {
		return 0
	}
	for _, c := range o.only {
		if why, ok := costly[c.ID]; ok && o.seeds != nil {
			fmt.Fprintf(stderr, "reproduce: -plan: left out of the robustness pass: %s (%s)\n", c.ID, why)
		} else if why := c.Skipped(o.scale, &paper.Env{CIFAR10: o.cifar10}); why != "" {
			fmt.Fprintf(stderr, "reproduce: -plan: skipped at the %s scale: %s (%s)\n", o.scale, c.ID, why)
		}
	}
	if left == 0 {
		fmt.Fprintf(stderr, "reproduce: -plan: all %d units of work are in the cache %s: a run without -plan writes the figures and report from it\n", len(us), o.cacheDir)
		return 0
	}
	fmt.Fprintf(stderr, "reproduce: -plan: %d of %d units of work left, about %s on the reference machine (a 2-core AMD EPYC); the cache %s holds the other %d\n", left, len(us), fmtEstimate(secs), o.cacheDir, len(us)-left)
	return 0
}

// unitEnv is the Env of unit u of o's run: its seed and o's settings, no
// figure folder (a unit's charts are written by the run that assembles),
// warnings to stderr.
func unitEnv(o *options, u unit, stderr io.Writer) *paper.Env {
	return &paper.Env{Seed: u.seed, Workers: o.workers, CacheDir: o.cacheDir, CIFAR10: o.cifar10,
		Warn: func(msg string) { fmt.Fprintf(stderr, "reproduce: warning: %s\n", msg) }}
}

// shard computes the units of shard o.shard into the cache, rendering no
// figures, and writes nothing else: the figures, results, report
// and timings are the work of a run without -shard over the filled cache.
// A unit already in the cache (computed by an earlier try of this shard)
// is not run again.
func shard(ctx context.Context, o *options, stderr io.Writer) int {
	name := "shard " + o.shard.String()
	all := units(o)
	mine := split(all, o.shard.n, o.scale)[o.shard.i]
	say := func(format string, args ...any) {
		if !o.quiet {
			fmt.Fprintf(stderr, "reproduce: "+name+": "+format+"\n", args...)
		}
	}
	if len(mine) == 0 {
		say("no units of work (%d units over %d shards)", len(all), o.shard.n)
		return 0
	}
	keys := make([]string, len(mine))
	est := make(map[string]float64)
	total := 0.0
	for i, u := range mine {
		keys[i] = u.key(o.scale)
		est[keys[i]] = u.est
		total += u.est
	}
	say("%d of %d units of work, about %s on the reference machine: %s", len(mine), len(all), fmtEstimate(total), strings.Join(keys, ", "))
	start := time.Now()
	progress := newOverall(stderr, time.Now, keys, est)
	if !o.quiet {
		ticker := time.NewTicker(progressEvery)
		stop := make(chan struct{})
		defer func() {
			ticker.Stop()
			close(stop)
		}()
		go progress.every(ticker.C, stop)
	}
	computed := 0
	for i, u := range mine {
		env := unitEnv(o, u, stderr)
		progress.begin(i)
		t0 := time.Now()
		in, err := u.claim.InCache(ctx, o.scale, env)
		if err == nil && !in {
			say("computing %s (unit %d of %d, about %s)", keys[i], i+1, len(mine), fmtEstimate(u.est))
			if !o.quiet {
				env.Progress = progress.progress
			}
			_, err = u.claim.Run(ctx, o.scale, env)
		}
		progress.end()
		secs := time.Since(t0).Seconds()
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "reproduce: interrupted: %s stopped %s after %.1fs; finished runs stay cached, rerun the shard to resume\n", name, keys[i], secs)
			return exitInterrupted
		}
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: %s: %s: %v\n", name, keys[i], err)
			return 1
		}
		if in {
			say("%s is in the cache (unit %d of %d)", keys[i], i+1, len(mine))
			continue
		}
		computed++
		say("%s computed in %.1fs", keys[i], secs)
	}
	say("done in %s: %d of its %d units computed, the others were in the cache %s; once every shard is done, a run without -shard writes the figures and report", fmtDuration(time.Since(start).Seconds()), computed, len(mine), o.cacheDir)
	return 0
}

// fmtEstimate formats an estimate of secs: 0.2s, 45.0s, 3m5s.
func fmtEstimate(secs float64) string {
	if secs < 60 {
		return fmt.Sprintf("%.1fs", secs)
	}
	return fmtDuration(secs)
}
