// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper"
)

// costly names the claims the robustness pass (-seeds) leaves out, with
// why: each costs minutes a seed at the default scale or runs only at the
// paper scale, so five seeds of it do not fit the pass.
var costly = map[string]string{
	"table-1":            "ten MLP trainings a seed (about a minute at the default scale on 2 cores)",
	"table-1-fashion":    "CNN trainings on Fashion-MNIST, run at the paper scale only (tens of minutes)",
	"table-1-cifar10":    "CNN trainings on the user's CIFAR-10",
	"scalable-orderings": "sketched greedy on the MNIST gradient matrices (about half a minute a seed at the default scale), a goal beyond the paper",
	"scalable-training":  "MLP trainings with four more orders (more than a minute a seed at the default scale), a goal beyond the paper",
	"order-matters":      "the Table 1 study's runs, at the paper scale only",
	"table-1-study":      "the Table 1 study, at the paper scale only (tens of minutes; its verdicts already rest on 5 seeds each)",
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
	*s = seeds
	return nil
}

// robustness runs the robustness pass: every claim of o.only that is not
// costly nor skipped, once per seed of o.seeds, at o.scale, with the
// figures of each run written to a temporary folder and thrown away (the
// main results and figures are not touched); it saves the verdicts and
// key numbers to the robustness file (paper.RobustnessFile) and rewrites
// the report, which reads it.
func robustness(ctx context.Context, o *options, stdout, stderr io.Writer) int {
	tmp, err := os.MkdirTemp("", "reproduce-seeds-*")
	if err != nil {
		fmt.Fprintf(stderr, "reproduce: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	rob := &paper.Robustness{Scale: o.scale.String(), Seeds: o.seeds, BLAS: ordering.BLAS, Kernel: ordering.BLASKernel()}
	start := time.Now()
	for _, c := range o.only {
		env := &paper.Env{Seed: o.seeds[0], Workers: o.workers, FigDir: tmp, CacheDir: o.cacheDir, Fresh: o.fresh, CIFAR10: o.cifar10,
			Warn: func(msg string) { fmt.Fprintf(stderr, "reproduce: warning: %s\n", msg) }}
		if why, ok := costly[c.ID]; ok {
			rob.Costly = append(rob.Costly, paper.Row{Quantity: c.ID, Ours: why})
			continue
		}
		if why := c.Skipped(o.scale, env); why != "" {
			rob.Costly = append(rob.Costly, paper.Row{Quantity: c.ID, Ours: "not run at the " + o.scale.String() + " scale: " + why})
			continue
		}
		cs := paper.ClaimSeeds{ID: c.ID}
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
			if !o.quiet {
				fmt.Fprintf(stderr, "%s, seed %d: %s (%.1fs, %s elapsed)\n", c.ID, seed, out.Verdict, time.Since(t0).Seconds(), fmtDuration(time.Since(start).Seconds()))
			}
		}
		rob.Claims = append(rob.Claims, cs)
	}
	if err := paper.SaveRobustness(o.figDir, rob); err != nil {
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
	fmt.Fprintf(stdout, "\nrobustness pass: %d claims, seeds %s, %s scale, in %s; report: %s\n", len(rob.Claims), (*seedsFlag)(&o.seeds).String(), o.scale, fmtDuration(time.Since(start).Seconds()), o.report)
	return 0
}
