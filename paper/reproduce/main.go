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
// to figures/ and the report to paper/REPORT.md. These depend only on the
// seed and the build, so a rerun leaves them byte-identical; the wall times,
// which depend on the machine, go with the machine and the command line to
// figures/results/timings.json, which is not committed. Before any work it checks
// the flags, that every output folder can be written and that no output
// names another (a report over a result, say); a bad flag line gets one
// line naming the flag and its value, then a hint to -h. Outputs replace
// a symbolic link that stands where they go, never write through it.
//
// Progress goes to stderr (-quiet silences it): at the start of every claim
// a line saying claim i of n, the time elapsed and an estimate of the time
// left (from the claims' earlier runs at the same scale in the timings
// file, else from the claims finished so far); then a bar in a terminal,
// or, when stderr is a log, the same line at least every 30 seconds.
//
// With -seeds 1,2,3,4,5 (make robustness) it runs the robustness pass
// instead: each claim that is not too costly for it reruns with each base
// seed, writing no figures; the verdicts and key numbers go to
// figures/results/robustness.json (committed), and the report, rewritten,
// says per claim whether its verdict is stable across the seeds and the
// spread of its key number. A pass that would replace that file by one
// covering less (another scale, fewer seeds or claims) is refused.
//
// Some claims do not run everywhere, and are skipped with the reason and
// what to run instead, leaving their saved results as they were:
// table-1-fashion and order-matters run at the smoke and paper scales
// only (the default scale's budget is too small for a CNN on all of
// Fashion-MNIST) and need Debian's dataset-fashion-mnist;
// table-1-cifar10 needs the binary CIFAR-10 batches, given by -cifar10 DIR
// or $GOODORDER_CIFAR10 (the folder holding data_batch_1.bin ..
// data_batch_5.bin and test_batch.bin, or its parent).
//
// An interrupt (Ctrl-C) stops the claim being run within about a second:
// the command prints which claim it is stopping, keeps the runs already
// finished in the cache (a rerun resumes from them) and leaves the figures,
// results and report as they were (a claim's charts and result are written
// together once it has finished, or not at all). A second interrupt kills
// the process at once. SIGTERM, which Slurm sends a cancelled job, stops it
// the same way.
//
// On a cluster, the work is split into units, a claim at a base seed (at
// the scale and seeds of the run, -seeds included): -plan lists those not
// yet in the cache, one line each (key, claim, estimated time on the
// reference machine); -shard i/N computes only shard i of N into the cache
// (a split balanced by the estimates, the same on every node that sees the
// same data sets: a claim skipped for want of its data changes it) and exits
// without writing figures or report; a run without -shard over the filled
// cache then writes them, in seconds. scripts/slurm runs the shards as a
// Slurm job array on a shared cache folder.
//
// It exits with status 2 on bad flags, 1 on a software error, 130 (128 +
// SIGINT, as a shell reports a process killed by Ctrl-C) when interrupted,
// and 0 otherwise, whether or not the claims reproduced. These are the
// statuses of the built command (go build ./paper/reproduce): go run, and
// so make reproduce, prints "exit status N" for the command's status N and
// itself exits with status 1 for any N other than 0.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper"
	"github.com/goodorder/goodorder/paper/atomic"
	"github.com/goodorder/goodorder/problems/dataset"
)

func main() {
	// SIGTERM is what Slurm sends a cancelled or timed-out job first.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first interrupt, the second gets the default action: it
	// kills the process.
	context.AfterFunc(ctx, stop)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// exitInterrupted is the exit status of a run stopped by an interrupt.
const exitInterrupted = 130

type options struct {
	only     []paper.Claim
	onlySet  bool // -only named the claims
	scale    paper.Scale
	quick    bool // the quick scale: scale is Default, with the quick configs
	figDir   string
	report   string
	cacheDir string
	fresh    bool
	workers  int
	seed     uint64
	quiet    bool
	cpuprof  string   // CPU profile file, "" for none
	cifar10  string   // folder of the CIFAR-10 batches, "" for none
	seeds    []uint64 // the robustness pass's seeds, nil for none

	register     bool   // write the registration (confirm.go)
	confirm      bool   // run the confirmatory pass (confirm.go)
	registration string // the registration's path

	plan  bool      // list the units of work not in the cache (plan.go)
	shard shardFlag // compute one shard of the units (plan.go)
}

// usageError is a bad flag or argument: exit status 2.
type usageError struct{ error }

// hint follows the one line of a usage error.
const hint = "run 'go run ./paper/reproduce -h' for the flags"

func parse(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("reproduce", flag.ContinueOnError)
	o := &options{seed: paper.DefaultSeed, workers: runtime.GOMAXPROCS(0), scale: paper.Default, quick: true}
	var (
		only = fs.String("only", "", "comma-separated claim ids to run (default all); -list shows them")
		list = fs.Bool("list", false, "list the claims (those of -only if given) and exit")
	)
	fs.Var(&scaleFlag{scale: &o.scale, quick: &o.quick}, "scale", "`scale` of the runs: smoke (seconds, for CI), quick (minutes: the default scale's protocols, the costliest claims run smaller), default (the registered protocols) or paper (the paper's protocol where feasible); without the flag quick, or default with -seeds, -register or -confirm")
	fs.StringVar(&o.figDir, "figures", "figures", "folder for charts (PNG, SVG, HTML), their data (CSV) and per-claim results")
	fs.StringVar(&o.report, "report", filepath.Join("paper", "REPORT.md"), "path of the Markdown report")
	fs.StringVar(&o.cacheDir, "cache", filepath.Join(".cache", "reproduce"), "folder caching finished runs; empty disables caching")
	fs.BoolVar(&o.fresh, "fresh", false, "ignore cached runs and recompute everything")
	fs.Var((*workersFlag)(&o.workers), "workers", "`number` of goroutines used by parallel claims (results do not depend on it)")
	fs.Var((*seedFlag)(&o.seed), "seed", "base `seed` of every random choice")
	fs.Var((*seedsFlag)(&o.seeds), "seeds", "comma-separated base `seeds` of a robustness pass: rerun each affordable claim with each seed, save the verdicts and key numbers to figures/results/"+paper.RobustnessFile+" and rewrite the report, leaving the results and figures as they are")
	fs.BoolVar(&o.register, "register", false, "write the registration of the confirmatory pass (-registration) from the claims' rules and the exploratory seeds' record, then exit")
	fs.BoolVar(&o.confirm, "confirm", false, "run the confirmatory pass: each claim registered at -scale (default or paper), at its registered runs and seed, judged by its registered rule; saves figures/results/"+paper.ConfirmFile+" and rewrites the report")
	fs.StringVar(&o.registration, "registration", paper.RegistrationFile, "`path` of the registration (-register writes it, -confirm reads it)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress output")
	fs.StringVar(&o.cpuprof, "cpuprofile", "", "write a CPU profile of the claims to `file` (go tool pprof)")
	fs.StringVar(&o.cifar10, "cifar10", os.Getenv("GOODORDER_CIFAR10"), "`folder` of the binary CIFAR-10 batches for table-1-cifar10 (default $GOODORDER_CIFAR10; without it the claim is skipped)")
	addPlanFlags(fs, o)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: go run ./paper/reproduce [flags]\n\nRegenerates the paper's figures and checked claims and writes the report.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseQuietly(fs, args, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, usageError{err}
	}
	if fs.NArg() > 0 {
		return nil, usageError{fmt.Errorf("unexpected argument %q", fs.Arg(0))}
	}
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["seed"] && set["seeds"] {
		return nil, usageError{errors.New("-seed and -seeds: give one; the robustness pass runs each base seed of -seeds, a run without it the one base seed of -seed")}
	}
	if n := countTrue(o.register, o.confirm, set["seeds"] || o.plan || set["shard"]); n > 1 {
		return nil, usageError{errors.New("-register, -confirm and a robustness pass, -plan or -shard: give at most one")}
	}
	// The seeds pass, the registration and the confirmatory pass run the
	// registered protocols, the default scale's.
	registered := o.confirm || o.register || set["seeds"]
	if !set["scale"] && registered {
		o.quick = false
	}
	if o.quick && registered {
		return nil, usageError{errors.New("-scale quick with -seeds, -register or -confirm: the seeds pass, the registration and the confirmatory pass run the registered protocols (-scale default or paper)")}
	}
	if o.confirm && o.scale != paper.Default && o.scale != paper.Paper {
		return nil, usageError{fmt.Errorf("-confirm -scale %s: the confirmatory pass runs at the default or the paper scale", o.scale)}
	}
	if set["only"] && strings.Trim(*only, " \t,") == "" {
		return nil, usageError{errors.New("-only: empty list of claims; leave the flag out to run them all, or name some (-list shows them)")}
	}
	o.onlySet = *only != ""
	if *only == "" {
		o.only = paper.Claims()
	} else {
		for _, id := range strings.Split(*only, ",") {
			id = strings.TrimSpace(id)
			c, ok := paper.Lookup(id)
			if !ok {
				return nil, usageError{fmt.Errorf("-only: unknown claim %q, want one of %s", id, strings.Join(paper.IDs(), ", "))}
			}
			if slices.ContainsFunc(o.only, func(d paper.Claim) bool { return d.ID == id }) {
				return nil, usageError{fmt.Errorf("-only: claim %q named twice", id)}
			}
			o.only = append(o.only, c)
		}
	}
	if *list {
		// The claims of -only, all without it.
		w := tabwriter.NewWriter(stderr, 0, 4, 2, ' ', 0)
		for _, c := range o.only {
			fmt.Fprintf(w, "%s\t%s\n", c.ID, c.Where)
		}
		w.Flush()
		return nil, flag.ErrHelp
	}
	if o.figDir == "" {
		return nil, usageError{errors.New("-figures: empty folder name")}
	}
	if o.report == "" {
		return nil, usageError{errors.New("-report: empty path")}
	}
	if o.registration == "" {
		return nil, usageError{errors.New("-registration: empty path")}
	}
	if err := checkPlanFlags(o); err != nil {
		return nil, usageError{err}
	}
	if err := checkPaths(o); err != nil {
		return nil, usageError{err}
	}
	return o, nil
}

// parseQuietly parses args into fs. On a bad flag the flag package would
// print the error and the whole usage; parseQuietly prints nothing and
// returns the error (run prints it on one line with a hint to -h). -h and
// -help print the usage to stderr and return flag.ErrHelp.
func parseQuietly(fs *flag.FlagSet, args []string, stderr io.Writer) error {
	usage := fs.Usage
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	fs.Usage = usage
	if errors.Is(err, flag.ErrHelp) {
		fs.Usage()
	}
	return err
}

// scaleFlag is the -scale flag: a paper.Scale, or quick (the default
// scale with the quick scale's configs, quick set); its error lists the
// scales.
type scaleFlag struct {
	scale *paper.Scale
	quick *bool
}

func (s *scaleFlag) String() string {
	if s.scale == nil {
		return ""
	}
	return scaleName(*s.scale, *s.quick)
}

func (s *scaleFlag) Set(name string) error {
	if name == paper.QuickName {
		*s.scale, *s.quick = paper.Default, true
		return nil
	}
	v, err := paper.ParseScale(name)
	if err != nil {
		var names []string
		for s := paper.Scale(0); ; s++ {
			if _, err := paper.ParseScale(s.String()); err != nil {
				break
			}
			names = append(names, s.String())
			if s == paper.Smoke {
				names = append(names, paper.QuickName)
			}
		}
		return fmt.Errorf("unknown scale, want one of %s", strings.Join(names, ", "))
	}
	*s.scale, *s.quick = v, false
	return nil
}

// scaleName is the name of the run's scale: o.scale's, or quick.
func (o *options) scaleName() string { return scaleName(o.scale, o.quick) }

// scaleName names scale s, or the quick scale if quick (s is then the
// default scale, whose configs the quick scale makes smaller).
func scaleName(s paper.Scale, quick bool) string {
	if quick {
		return paper.QuickName
	}
	return s.String()
}

// seedFlag is the -seed flag, an unsigned 64-bit integer.
type seedFlag uint64

func (s *seedFlag) String() string { return strconv.FormatUint(uint64(*s), 10) }

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 0, 64)
	if err != nil {
		return fmt.Errorf("want an integer from 0 to %d", uint64(math.MaxUint64))
	}
	*s = seedFlag(n)
	return nil
}

// workersFlag is the -workers flag, a positive integer.
type workersFlag int

func (w *workersFlag) String() string { return strconv.Itoa(int(*w)) }

func (w *workersFlag) Set(v string) error {
	n, err := strconv.ParseInt(v, 0, 0)
	if err != nil || n < 1 {
		return errors.New("want an integer >= 1")
	}
	*w = workersFlag(n)
	return nil
}

// checkPaths checks, before any work, that every output can be written:
// the figure folder and its results subfolder (where paper.SaveResult
// writes), the report's folder, and the cache folder if caching is on,
// and that the report is a regular file, a link to one or to nothing, or
// missing. Its error names the flag and the path. It creates nothing.
func checkPaths(o *options) error {
	if err := checkDir("-figures", o.figDir, o.figDir); err != nil {
		return err
	}
	if err := checkDir("-figures", o.figDir, filepath.Join(o.figDir, "results")); err != nil {
		return err
	}
	// The report replaces only a regular file, nothing, or a link to
	// either, never written through (atomic.Target).
	report, err := atomic.Target(o.report)
	if err != nil {
		return fmt.Errorf("-report %s: %v", o.report, strings.TrimPrefix(err.Error(), "atomic: "))
	}
	if err := checkDir("-report", o.report, filepath.Dir(report)); err != nil {
		return err
	}
	if err := notAnOutput("-report", o.report, o); err != nil {
		return err
	}
	if o.cpuprof != "" {
		if err := notAnOutput("-cpuprofile", o.cpuprof, o); err != nil {
			return err
		}
		if resolved(o.cpuprof) == resolved(o.report) {
			return fmt.Errorf("-cpuprofile %s: the path of the report (-report %s); give another", o.cpuprof, o.report)
		}
	}
	if o.cacheDir != "" {
		if err := checkDir("-cache", o.cacheDir, o.cacheDir); err != nil {
			return err
		}
	}
	return checkCIFAR10(o.cifar10)
}

// chartExts are the extensions of the charts' files in the figure folder
// (chart.WriteAll).
var chartExts = []string{".png", ".svg", ".html", ".csv"}

// notAnOutput returns an error naming the flag name and its path p if p is
// where the run writes another of its outputs: a file in the results
// folder (the claims' results, the robustness and timings files), a
// chart's file in the figure folder, or a file in the cache folder; so
// that one output never overwrites another (a report written over a
// result would break every later run).
func notAnOutput(name, p string, o *options) error {
	file, figs := resolved(p), resolvedDir(o.figDir)
	results := filepath.Join(figs, "results")
	switch {
	case within(file, results):
		return fmt.Errorf("%s %s: a file in the results folder %s, where the claims' results are written; give a path outside it", name, p, results)
	case filepath.Dir(file) == figs && slices.Contains(chartExts, strings.ToLower(filepath.Ext(file))):
		return fmt.Errorf("%s %s: a chart's file in the figure folder %s (its %s files are the charts); give another name or folder", name, p, figs, strings.Join(chartExts, ", "))
	case o.cacheDir != "" && within(file, resolvedDir(o.cacheDir)):
		return fmt.Errorf("%s %s: a file in the cache folder %s; give a path outside it", name, p, resolvedDir(o.cacheDir))
	}
	return nil
}

// resolvedDir returns the absolute path of the folder dir with the links
// of its existing part resolved, so that two paths to one place compare
// equal.
func resolvedDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	rest := ""
	for d := abs; ; d = filepath.Dir(d) {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(d) == d {
			return abs
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
}

// resolved returns the absolute path of the file p with the links of its
// folder resolved; a link at p itself is not followed, as a write
// replaces it (atomic.Target).
func resolved(p string) string {
	return filepath.Join(resolvedDir(filepath.Dir(p)), filepath.Base(p))
}

// within reports whether path p lies inside the folder dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// checkCIFAR10 checks that dir, if not "", holds the CIFAR-10 batches as
// dataset.LoadCIFAR10 reads them (dataset.CIFAR10Dir).
func checkCIFAR10(dir string) error {
	if dir == "" {
		return nil
	}
	if _, err := dataset.CIFAR10Dir(dir); err != nil {
		return fmt.Errorf("-cifar10 %s: %v", dir, err)
	}
	return nil
}

// checkDir checks that dir is a folder files can be created in, or can be
// made one: its nearest existing ancestor must be a folder in which a
// probe file can be created and removed. The error names the flag and its
// value, arg.
func checkDir(name, arg, dir string) error {
	d := filepath.Clean(dir)
	for {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s %s: %s is not a folder", name, arg, d)
			}
			break
		}
		// A missing folder, or a file in the path (ENOTDIR): look higher.
		if !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return fmt.Errorf("%s %s: %v", name, arg, err)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return fmt.Errorf("%s %s: %v", name, arg, err)
		}
		d = parent
	}
	f, err := os.CreateTemp(d, ".reproduce-probe-*")
	if errors.Is(err, os.ErrNotExist) {
		// The folder is there, yet a file in it does not exist once
		// created: a file system that makes no files, such as /proc.
		return fmt.Errorf("%s %s: cannot write in %s: the file system there does not let files be created (%v)", name, arg, d, errors.Unwrap(err))
	}
	if err != nil {
		return fmt.Errorf("%s %s: cannot write in %s: %v", name, arg, d, errors.Unwrap(err))
	}
	f.Close()
	if err := os.Remove(f.Name()); err != nil {
		return fmt.Errorf("%s %s: %v", name, arg, err)
	}
	return nil
}

// machine names this machine for the timings file: OS, architecture, CPU
// model (from /proc/cpuinfo where there is one), CPUs, Go release and BLAS.
func machine() string {
	cpu := ""
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "model name" {
				cpu = strings.TrimSpace(value) + ", "
				break
			}
		}
	}
	return fmt.Sprintf("%s/%s, %s%d CPUs, GOMAXPROCS %d, %s, %s build%s", runtime.GOOS, runtime.GOARCH, cpu, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), ordering.BLAS, kernelText())
}

// kernelText returns " (K kernel)" for OpenBLAS's kernel K, "" in the
// pure-Go build.
func kernelText() string {
	if k := ordering.BLASKernel(); k != "" {
		return " (" + k + " kernel)"
	}
	return ""
}

// command is the command line of this run, for the timings file.
func command(args []string) string {
	tags := ""
	if ordering.BLAS == "openblas" {
		tags = " -tags openblas"
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if a == "" || strings.ContainsAny(a, " \t\"'\\") {
			quoted[i] = strconv.Quote(a)
		}
	}
	return strings.TrimSpace(fmt.Sprintf("go run%s ./paper/reproduce %s", tags, strings.Join(quoted, " ")))
}

// lockedWriter serialises the writes to w: the warnings of a claim's
// goroutines, its progress and the interrupt message share stderr.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "reproduce: %v\n%s\n", ue.error, hint)
		return 2
	}
	var old *paper.Robustness
	// Only a robustness pass that writes the robustness file checks it:
	// -plan and -shard write no results (a confirmatory pass on other
	// seeds, scale or claims is planned and sharded like any other).
	if o.seeds != nil && !o.plan && o.shard.n == 0 {
		if old, err = planRobustness(o); err != nil {
			fmt.Fprintf(stderr, "reproduce: -seeds: %v\n", err)
			return 2
		}
	}
	// The profile is created once the run is sure to start, and written
	// whole at its end (never through a link).
	if o.cpuprof != "" {
		f, err := atomic.Create(o.cpuprof)
		if err == nil {
			if err = pprof.StartCPUProfile(f); err != nil {
				f.Abort()
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: -cpuprofile: %v\n", err)
			return 2
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := f.Commit(); err != nil {
				fmt.Fprintf(stderr, "reproduce: -cpuprofile: %v\n", err)
			}
		}()
	}
	if o.quick {
		// The claims run at the default scale under it take the quick
		// scale's configs (paper.WithQuick).
		ctx = paper.WithQuick(ctx)
	}
	switch {
	case o.plan:
		return plan(ctx, o, stdout, &lockedWriter{w: stderr})
	case o.shard.n > 0:
		return shard(ctx, o, &lockedWriter{w: stderr})
	}
	switch {
	case o.seeds != nil:
		return robustness(ctx, o, old, stdout, &lockedWriter{w: stderr})
	case o.register:
		return register(o, stdout, stderr)
	case o.confirm:
		return confirm(ctx, o, stdout, &lockedWriter{w: stderr})
	}
	isTerm := false
	if f, ok := stderr.(*os.File); ok {
		isTerm = term.IsTerminal(int(f.Fd()))
	}
	stderr = &lockedWriter{w: stderr}

	type row struct {
		id, verdict, summary string
		seconds              float64
	}
	var rows []row
	skipped := 0
	start := time.Now()
	ids := make([]string, len(o.only))
	for i, c := range o.only {
		ids[i] = c.ID
	}
	all := newOverall(stderr, time.Now, ids, earlierSeconds(o.figDir, o.scale, o.scaleName()))
	if !o.quiet && !isTerm {
		// A log gets a line at least every progressEvery.
		ticker := time.NewTicker(progressEvery)
		stop := make(chan struct{})
		defer func() {
			ticker.Stop()
			close(stop)
		}()
		go all.every(ticker.C, stop)
	}
	// The timings file names the machine and the command of the run.
	mach, cmd := machine(), command(args)
	// Charts chart.Check rejects: the run goes on, writing them for a
	// look, and fails at the end.
	var badCharts []string
	for i, c := range o.only {
		// No FigDir: the charts are written with the result (SaveResult).
		env := &paper.Env{
			Seed: o.seed, Workers: o.workers,
			CacheDir: o.cacheDir, Fresh: o.fresh, CIFAR10: o.cifar10,
			Warn: func(msg string) { fmt.Fprintf(stderr, "reproduce: warning: %s\n", msg) },
			BadChart: func(base string, err error) {
				line := fmt.Sprintf("%s: figure %s: %s", c.ID, base, strings.ReplaceAll(err.Error(), "\n", "; "))
				badCharts = append(badCharts, line)
				fmt.Fprintf(stderr, "reproduce: error: %s\n", line)
			},
		}
		all.begin(i)
		if why := c.Skipped(o.scale, env); why != "" {
			all.end()
			if !o.quiet {
				fmt.Fprintf(stderr, "%s: skipped: %s\n", c.ID, why)
			}
			rows = append(rows, row{c.ID, "skipped", why, 0})
			skipped++
			continue
		}
		var bar *progressbar.ProgressBar
		if !o.quiet {
			all.report()
			env.Progress = func(done, total int) {
				all.progress(done, total)
				if !isTerm {
					return
				}
				if bar == nil {
					bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr),
						progressbar.OptionSetDescription(fmt.Sprintf("[%d/%d] %s", i+1, len(o.only), c.ID)), progressbar.OptionShowCount(),
						progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
				}
				bar.Set(done)
			}
		}
		t0 := time.Now()
		// Say at once what an interrupt stops.
		sayStopping := func() {
			fmt.Fprintf(stderr, "\nreproduce: interrupted: stopping %s (%s scale, %.0fs in); finished runs stay cached, figures and report are not changed\n", c.ID, o.scaleName(), time.Since(t0).Seconds())
		}
		said := make(chan struct{})
		stopping := context.AfterFunc(ctx, func() {
			sayStopping()
			close(said)
		})
		out, err := c.Run(ctx, o.scale, env)
		interrupted := !stopping()
		if interrupted {
			<-said
		} else if ctx.Err() != nil {
			// The run ended on the interrupt before the AfterFunc could
			// say so: say it here, so that the line is never missing.
			sayStopping()
		}
		if bar != nil {
			bar.Finish()
		}
		all.end()
		secs := time.Since(t0).Seconds()
		if interrupted || ctx.Err() != nil {
			fmt.Fprintf(stderr, "reproduce: %s stopped after %.1fs; rerun to resume\n", c.ID, secs)
			return exitInterrupted
		}
		if err != nil {
			fmt.Fprintf(stderr, "reproduce: %s: %v\n", c.ID, err)
			return 1
		}
		if !o.quiet {
			fmt.Fprintf(stderr, "%s: %s (%.1fs)\n", c.ID, out.Verdict, secs)
		}
		res := &paper.Result{ID: c.ID, Scale: o.scaleName(), Seed: o.seed, BLAS: ordering.BLAS, Kernel: ordering.BLASKernel(), Outcome: out, Parts: paper.SeedParts(out.Judgement)}
		if res.Judge, err = paper.JudgeCode(c.ID); err != nil {
			fmt.Fprintf(stderr, "reproduce: %s: %v\n", c.ID, err)
			return 1
		}
		// The charts and the result, together or not at all.
		if err := paper.SaveResult(ctx, o.figDir, res); err != nil {
			if ctx.Err() != nil {
				sayStopping()
				fmt.Fprintf(stderr, "reproduce: %s stopped after %.1fs; rerun to resume\n", c.ID, secs)
				return exitInterrupted
			}
			fmt.Fprintf(stderr, "reproduce: %v\n", err)
			return 1
		}
		timing := claimTiming{ID: c.ID, Scale: o.scaleName(), Seconds: secs, Cached: env.Reused(), Measured: out.Timings}
		if err := saveTimings(o.figDir, &timings{Machine: mach, Command: cmd, Claims: []claimTiming{timing}}); err != nil {
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
	fmt.Fprintf(stdout, "\n%d claims in %.1fs (%d skipped); report: %s, figures: %s\n", len(rows)-skipped, time.Since(start).Seconds(), skipped, o.report, o.figDir)
	if len(badCharts) > 0 {
		fmt.Fprintf(stderr, "reproduce: %d charts fail chart.Check (a reviewer would send them back); they are written, fix them:\n", len(badCharts))
		for _, l := range badCharts {
			fmt.Fprintf(stderr, "  %s\n", l)
		}
		return 1
	}
	return 0
}

// countTrue returns how many of b are true.
func countTrue(b ...bool) int {
	n := 0
	for _, x := range b {
		if x {
			n++
		}
	}
	return n
}
