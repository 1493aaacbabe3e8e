// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command reproduce regenerates every figure and checked claim of the paper
// and the report that puts the paper's statements beside our measurements.
//
// Usage:
//
//	go run ./paper/reproduce [flags]
//
// With no flags it runs every claim at the default scale, writes the charts
// to figures/ and the report to paper/REPORT.md. It exits with status 2 on
// bad flags, 1 on a software error, and 0 otherwise, whether or not the
// claims reproduced.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/goodorder/goodorder/paper"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	only     []paper.Claim
	scale    paper.Scale
	figDir   string
	report   string
	cacheDir string
	fresh    bool
	workers  int
	seed     uint64
	quiet    bool
}

// usageError is a bad flag or argument: exit status 2.
type usageError struct{ error }

func parse(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("reproduce", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		only    = fs.String("only", "", "comma-separated claim ids to run (default all); -list shows them")
		scale   = fs.String("scale", "default", "scale of the runs: smoke (seconds, for CI), default (minutes) or paper (the paper's protocol where feasible)")
		figDir  = fs.String("figures", "figures", "folder for charts (PNG, SVG, HTML), their data (CSV) and per-claim results")
		report  = fs.String("report", filepath.Join("paper", "REPORT.md"), "path of the Markdown report")
		cache   = fs.String("cache", filepath.Join(".cache", "reproduce"), "folder caching finished runs; empty disables caching")
		fresh   = fs.Bool("fresh", false, "ignore cached runs and recompute everything")
		workers = fs.Int("workers", runtime.GOMAXPROCS(0), "number of goroutines used by parallel claims (results do not depend on it)")
		seed    = fs.Uint64("seed", 1, "base seed of every random choice")
		list    = fs.Bool("list", false, "list the claims and exit")
		quiet   = fs.Bool("quiet", false, "no progress output")
	)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: go run ./paper/reproduce [flags]\n\nRegenerates the paper's figures and checked claims and writes the report.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, usageError{err}
	}
	if fs.NArg() > 0 {
		return nil, usageError{fmt.Errorf("unexpected argument %q", fs.Arg(0))}
	}
	if *list {
		w := tabwriter.NewWriter(stderr, 0, 4, 2, ' ', 0)
		for _, c := range paper.Claims() {
			fmt.Fprintf(w, "%s\t%s\n", c.ID, c.Where)
		}
		w.Flush()
		return nil, flag.ErrHelp
	}
	o := &options{figDir: *figDir, report: *report, cacheDir: *cache, fresh: *fresh, workers: *workers, seed: *seed, quiet: *quiet}
	var err error
	if o.scale, err = paper.ParseScale(*scale); err != nil {
		return nil, usageError{fmt.Errorf("-scale: %w", err)}
	}
	if *workers < 1 {
		return nil, usageError{fmt.Errorf("-workers %d: want at least 1", *workers)}
	}
	if *figDir == "" {
		return nil, usageError{errors.New("-figures: empty folder name")}
	}
	if *report == "" {
		return nil, usageError{errors.New("-report: empty path")}
	}
	if *only == "" {
		o.only = paper.Claims()
	} else {
		for _, id := range strings.Split(*only, ",") {
			id = strings.TrimSpace(id)
			c, ok := paper.Lookup(id)
			if !ok {
				return nil, usageError{fmt.Errorf("-only: unknown claim %q, want one of %s", id, strings.Join(paper.IDs(), ", "))}
			}
			o.only = append(o.only, c)
		}
	}
	for _, dir := range []string{o.figDir, filepath.Dir(o.report)} {
		if err := writable(dir); err != nil {
			return nil, usageError{err}
		}
	}
	return o, nil
}

// writable checks that dir exists or can be created, and that files can
// be created in it.
func writable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("folder %s is not writable: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("folder %s is not writable: %w", dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "reproduce: %v\n", ue.error)
		return 2
	}
	isTerm := false
	if f, ok := stderr.(*os.File); ok {
		isTerm = term.IsTerminal(int(f.Fd()))
	}

	type row struct {
		id, verdict, summary string
		seconds              float64
	}
	var rows []row
	start := time.Now()
	for _, c := range o.only {
		env := &paper.Env{
			Scale: o.scale, Seed: o.seed, Workers: o.workers,
			FigDir: o.figDir, CacheDir: o.cacheDir, Fresh: o.fresh,
		}
		var bar *progressbar.ProgressBar
		if isTerm && !o.quiet {
			env.Progress = func(done, total int) {
				if bar == nil {
					bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr),
						progressbar.OptionSetDescription(c.ID), progressbar.OptionShowCount(),
						progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
				}
				bar.Set(done)
			}
		}
		t0 := time.Now()
		out, err := c.Run(ctx, env)
		if bar != nil {
			bar.Finish()
		}
		secs := time.Since(t0).Seconds()
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: %s: %v\n", c.ID, err)
			return 1
		}
		if !o.quiet {
			fmt.Fprintf(stderr, "%s: %s (%.1fs)\n", c.ID, out.Verdict, secs)
		}
		res := &paper.Result{ID: c.ID, Scale: o.scale.String(), Seed: o.seed, Seconds: secs, Cached: env.Reused(), Outcome: out}
		if err := paper.SaveResult(o.figDir, res); err != nil {
			fmt.Fprintf(stderr, "reproduce: %v\n", err)
			return 1
		}
		rows = append(rows, row{c.ID, out.Verdict.String(), out.Summary, secs})
	}
	if err := paper.WriteReport(o.report, o.figDir); err != nil {
		fmt.Fprintf(stderr, "reproduce: %v\n", err)
		return 1
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "claim\tverdict\ttime\tsummary\n")
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%.1fs\t%s\n", r.id, r.verdict, r.seconds, r.summary)
	}
	w.Flush()
	fmt.Fprintf(stdout, "\n%d claims in %.1fs; report: %s, figures: %s\n", len(rows), time.Since(start).Seconds(), o.report, o.figDir)
	return 0
}
