// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper"
)

// costly names the claims the robustness pass (-seeds) leaves out, with
// why: each costs 3 minutes or more a seed at the default scale or runs
// only at the paper scale. Every claim under 3 minutes a seed at the
// default scale joins the pass: table-1 (55 s a seed on the reference
// machine, referenceSeconds; 105 s on the slower Intel Xeon of issue 38),
// scalable-training (84 s; 128 s, its RR and greedy runs shared with
// table-1's) and scalable-orderings (36 s; 76 s) among them.
var costly = map[string]string{
	"table-1-fashion": "CNN trainings on Fashion-MNIST, run at the paper scale only (tens of minutes)",
	"table-1-cifar10": "CNN trainings on the user's CIFAR-10",
	"order-matters":   "the Table 1 study's runs, at the paper scale only",
	"table-1-study":   "the Table 1 study, at the paper scale only (tens of minutes; its verdicts already rest on 5 seeds each)",
}

// seedsFlag is the -seeds flag: a comma-separated list of base seeds.
type seedsFlag []uint64

func (s *seedsFlag) String() string {
	v := make([]string, len(*s))
	for i, x := range *s {
		v[i] = strconv.FormatUint(x, 10)
	}
	return strings.Join(v, ",")
}

func (s *seedsFlag) Set(v string) error {
	var seeds []uint64
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 0, 64)
		if err != nil {
			return fmt.Errorf("want comma-separated integers from 0 to 2^64-1, got %q", f)
		}
		seeds = append(seeds, n)
	}
	if len(seeds) < 2 {
		return errors.New("want at least two seeds")
	}
	for i, x := range seeds {
		if slices.Contains(seeds[:i], x) {
			return fmt.Errorf("seed %d given twice, want distinct seeds", x)
		}
	}
	*s = seeds
	return nil
}

// robustness runs the robustness pass: every claim of o.only that is not
// costly nor skipped, once per seed of o.seeds, at o.scale, writing no
// figures (the main results and figures are not touched); it saves the
// verdicts and key numbers to the robustness file (paper.RobustnessFile)
// and rewrites the report, which reads it.
//
// A pass over some claims only (-only) is merged into the robustness file
// old (planRobustness, which the caller runs before any work): the claims
// it reruns replace their entries, the others keep theirs.
func robustness(ctx context.Context, o *options, old *paper.Robustness, stdout, stderr io.Writer) int {
	rob := &paper.Robustness{Scale: o.scale.String(), Seeds: o.seeds, BLAS: ordering.BLAS, Kernel: ordering.BLASKernel()}
	start := time.Now()
	for _, c := range o.only {
		// No FigDir: the figures are not written.
		env := &paper.Env{Seed: o.seeds[0], Workers: o.workers, CacheDir: o.cacheDir, Fresh: o.fresh, CIFAR10: o.cifar10,
			Warn: func(msg string) { fmt.Fprintf(stderr, "reproduce: warning: %s\n", msg) }}
		if why, ok := costly[c.ID]; ok {
			rob.Costly = append(rob.Costly, paper.Row{Quantity: c.ID, Ours: why})
			continue
		}
		if why := c.Skipped(o.scale, env); why != "" {
			rob.Costly = append(rob.Costly, paper.Row{Quantity: c.ID, Ours: "not run at the " + o.scale.String() + " scale: " + why})
			continue
		}
		code, err := paper.JudgeCode(c.ID)
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: %v\n", err)
			return 1
		}
		cs := paper.ClaimSeeds{ID: c.ID, Code: code}
		for _, seed := range o.seeds {
			env.Seed = seed
			t0 := time.Now()
			out, err := c.Run(ctx, o.scale, env)
			if ctx.Err() != nil {
				fmt.Fprintf(stderr, "reproduce: interrupted: %s, seed %d; finished runs stay cached, the robustness file is not changed\n", c.ID, seed)
				return exitInterrupted
			}
			if err != nil {
				fmt.Fprintf(stderr, "reproduce: %s, seed %d: %v\n", c.ID, seed, err)
				return 1
			}
			var failed []string
			for _, ch := range out.Checks {
				if !ch.OK {
					failed = append(failed, ch.Name)
				}
			}
			cs.Add(out.Verdict, out.Key, failed...)
			cs.Parts = append(cs.Parts, paper.SeedParts(out.Judgement))
			if !o.quiet {
				fmt.Fprintf(stderr, "%s, seed %d: %s (%.1fs, %s elapsed)\n", c.ID, seed, out.Verdict, time.Since(t0).Seconds(), fmtDuration(time.Since(start).Seconds()))
			}
		}
		rob.Claims = append(rob.Claims, cs)
	}
	ran := make([]string, len(rob.Claims))
	for i, c := range rob.Claims {
		ran[i] = c.ID
	}
	rob.Covered = ran
	merged := mergeRobustness(old, rob)
	if err := paper.SaveRobustness(o.figDir, merged); err != nil {
		fmt.Fprintf(stderr, "reproduce: %v\n", err)
		return 1
	}
	if err := paper.WriteReport(o.report, o.figDir); err != nil {
		fmt.Fprintf(stderr, "reproduce: %v\n", err)
		return 1
	}
	for _, c := range rob.Claims {
		fmt.Fprintf(stdout, "%s: %s\n", c.ID, c.Text())
	}
	for _, c := range rob.Costly {
		fmt.Fprintf(stdout, "%s: left out: %s\n", c.Quantity, c.Ours)
	}
	kept := ""
	if n := len(merged.Claims) - len(rob.Claims); n > 0 {
		kept = fmt.Sprintf(" (the file keeps the %d other claims of earlier passes)", n)
	}
	fmt.Fprintf(stdout, "\nrobustness pass: %d claims (%s), seeds %s, %s scale, in %s%s; report: %s\n", len(rob.Claims), strings.Join(ran, ", "), (*seedsFlag)(&o.seeds).String(), o.scale, fmtDuration(time.Since(start).Seconds()), kept, o.report)
	return 0
}

// planRobustness checks, before any work, that the pass o asks for can be
// saved, and returns the robustness file it will be merged into (nil for
// none, or for a pass over every claim, which replaces it). It refuses a
// pass that reruns no claim (every claim named is costly or skipped); a
// pass over some claims only whose seeds, scale or build differ from
// the file's: merged, the file would mix passes it cannot tell apart; and
// a pass over every claim that covers less than the file (another scale,
// not all of its seeds, or not all of its claims): it would replace the
// file, which is committed, by a smaller pass without a word.
func planRobustness(o *options) (*paper.Robustness, error) {
	var runs []string
	var out []string
	for _, c := range o.only {
		env := &paper.Env{CIFAR10: o.cifar10}
		if why, ok := costly[c.ID]; ok {
			out = append(out, c.ID+" (left out: "+why+")")
			continue
		}
		if why := c.Skipped(o.scale, env); why != "" {
			out = append(out, c.ID+" (not run at the "+o.scale.String()+" scale)")
			continue
		}
		runs = append(runs, c.ID)
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("no claim to rerun: %s; the robustness file is left as it is", strings.Join(out, "; "))
	}
	old, err := paper.LoadRobustness(o.figDir)
	if err != nil || old == nil {
		return nil, err
	}
	if len(o.only) == len(paper.Claims()) {
		var missing []string
		for _, c := range old.Claims {
			if !slices.Contains(runs, c.ID) {
				missing = append(missing, c.ID)
			}
		}
		lessSeeds := slices.ContainsFunc(old.Seeds, func(s uint64) bool { return !slices.Contains(o.seeds, s) })
		if old.Scale != o.scale.String() || lessSeeds || len(missing) > 0 {
			what := fmt.Sprintf("seeds %s at the %s scale", (*seedsFlag)(&o.seeds).String(), o.scale)
			if len(missing) > 0 {
				what += ", without " + strings.Join(missing, ", ")
			}
			return nil, fmt.Errorf("the robustness file %s holds seeds %s at the %s scale for %d claims, and this pass (%s) covers less: it would replace the file; rerun with at least the file's seeds, scale and claims, write elsewhere (-figures), or remove the file first",
				robustnessFile(o.figDir), (*seedsFlag)(&old.Seeds).String(), old.Scale, len(old.Claims), what)
		}
		return nil, nil
	}
	if old.Scale != o.scale.String() || !slices.Equal(old.Seeds, o.seeds) || old.BLAS != ordering.BLAS || old.Kernel != ordering.BLASKernel() {
		return nil, fmt.Errorf("the robustness file %s holds seeds %s at the %s scale (%s build); a pass over some claims only (-only) is merged into it, so it must use the same seeds, scale and build; rerun every claim (leave out -only) or write elsewhere (-figures)",
			robustnessFile(o.figDir), (*seedsFlag)(&old.Seeds).String(), old.Scale, old.BLAS)
	}
	return old, nil
}

// robustnessFile is the path of the robustness file in the figure folder
// figDir.
func robustnessFile(figDir string) string {
	return filepath.Join(figDir, "results", paper.RobustnessFile)
}

// mergeRobustness returns the pass rob merged into the file old (nil: rob
// itself): the claims rob reran or left out replace their entries, the
// others keep theirs, in the registry's order.
func mergeRobustness(old, rob *paper.Robustness) *paper.Robustness {
	if old == nil {
		return rob
	}
	m := *rob
	m.Claims, m.Costly = nil, nil
	inPass := make(map[string]bool)
	for _, c := range rob.Claims {
		inPass[c.ID] = true
	}
	for _, c := range rob.Costly {
		inPass[c.Quantity] = true
	}
	for _, id := range paper.IDs() {
		for _, c := range rob.Claims {
			if c.ID == id {
				m.Claims = append(m.Claims, c)
			}
		}
		for _, c := range rob.Costly {
			if c.Quantity == id {
				m.Costly = append(m.Costly, c)
			}
		}
		if inPass[id] {
			continue
		}
		for _, c := range old.Claims {
			if c.ID == id {
				m.Claims = append(m.Claims, c)
			}
		}
		for _, c := range old.Costly {
			if c.Quantity == id {
				m.Costly = append(m.Costly, c)
			}
		}
	}
	return &m
}
