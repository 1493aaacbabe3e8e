// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper"
	"github.com/goodorder/goodorder/problems/dataset"
)

// TestSmoke runs every claim at the smoke scale, as CI does, and checks
// that each produced its result and its figures, and that the report links
// them.
func TestSmoke(t *testing.T) {
	dir := t.TempDir()
	figs := filepath.Join(dir, "figures")
	report := filepath.Join(dir, "paper", "REPORT.md")
	var stdout, stderr bytes.Buffer
	cifar := writeCIFAR10(t)
	code := run(context.Background(), []string{"-scale", "smoke", "-figures", figs, "-report", report, "-cache", filepath.Join(dir, "cache"), "-quiet", "-cifar10", cifar}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	rep, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range paper.Claims() {
		r, err := paper.LoadResult(figs, c.ID)
		if err != nil || r == nil {
			t.Fatalf("%s: no result (%v)", c.ID, err)
		}
		if r.Outcome.Verdict == 0 || r.Outcome.Summary == "" {
			t.Errorf("%s: empty outcome %+v", c.ID, r.Outcome)
		}
		if !strings.Contains(stdout.String(), c.ID) {
			t.Errorf("summary table lacks %s", c.ID)
		}
		if !bytes.Contains(rep, []byte("## "+c.ID)) {
			t.Errorf("report lacks a section for %s", c.ID)
		}
		for _, f := range r.Outcome.Figures {
			for _, ext := range []string{".png", ".svg", ".html", ".csv"} {
				if st, err := os.Stat(filepath.Join(figs, f+ext)); err != nil || st.Size() == 0 {
					t.Errorf("%s: figure %s%s missing or empty", c.ID, f, ext)
				}
			}
			if !bytes.Contains(rep, []byte("../figures/"+f+".png")) {
				t.Errorf("report does not embed %s.png", f)
			}
		}
	}
}

// writeCIFAR10 writes a folder of the six CIFAR-10 binary files, each of
// 30 records of random pixels, for the table-1-cifar10 claim.
func writeCIFAR10(t *testing.T) string {
	dir := t.TempDir()
	rnd := rand.New(rand.NewPCG(1, 1))
	for _, f := range dataset.CIFAR10Files() {
		b := make([]byte, 30*3073)
		for i := range b {
			b[i] = byte(rnd.IntN(256))
		}
		for r := range 30 {
			b[r*3073] = byte(r % 10)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestSameBytes checks that the committed outputs (figures, results and
// report) of two fresh smoke runs into two folders are byte-identical, and
// stay so after a rerun from the cache: a rerun on the same seed leaves the
// repository clean. Only the timings file, not committed, may differ.
func TestSameBytes(t *testing.T) {
	runInto := func(dir, cache string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args := []string{"-scale", "smoke", "-figures", filepath.Join(dir, "figures"), "-report", filepath.Join(dir, "paper", "REPORT.md"), "-cache", cache, "-quiet"}
		if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
	files := func(dir string) map[string][]byte {
		t.Helper()
		return outputFiles(t, dir)
	}
	a, b := t.TempDir(), t.TempDir()
	runInto(a, filepath.Join(a, "cache"))
	runInto(b, "")
	if _, err := os.Stat(filepath.Join(a, "figures", "results", paper.TimingsFile)); err != nil {
		t.Errorf("no timings file: %v", err)
	}
	want := files(b)
	if len(want) == 0 || want[filepath.Join("paper", "REPORT.md")] == nil {
		t.Fatalf("second run wrote no report: %d files", len(want))
	}
	for _, pass := range []string{"fresh", "cached rerun"} {
		if pass == "cached rerun" {
			runInto(a, filepath.Join(a, "cache"))
		}
		got := files(a)
		for name, w := range want {
			if g, ok := got[name]; !ok {
				t.Errorf("%s: %s missing", pass, name)
			} else if !bytes.Equal(g, w) {
				t.Errorf("%s: %s differs between two runs", pass, name)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok && !strings.HasPrefix(name, "cache"+string(filepath.Separator)) {
				t.Errorf("%s: %s written by one run only", pass, name)
			}
		}
	}
}

// TestBadFlags checks that every bad flag line fails at once, before any
// work, with exit status 2 and two lines on stderr: one naming the flag and
// its value, then a hint to -h.
func TestBadFlags(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A link to a figure folder.
	if err := errors.Join(os.Mkdir(filepath.Join(dir, "figs"), 0o755), os.Symlink("figs", filepath.Join(dir, "figs-link"))); err != nil {
		t.Fatal(err)
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	type test struct {
		args []string
		want string
	}
	tests := []test{
		{[]string{"-only", "no-such-claim"}, `-only: unknown claim "no-such-claim"`},
		{[]string{"-only", ""}, "-only: empty list of claims"},
		{[]string{"-only", " , "}, "-only: empty list of claims"},
		{[]string{"-scale", "huge"}, `invalid value "huge" for flag -scale: unknown scale, want one of smoke, quick, default, paper`},
		{[]string{"-scale", "quick", "-seeds", "1,2"}, "-scale quick with -seeds, -register or -confirm: the seeds pass, the registration and the confirmatory pass run the registered protocols"},
		{[]string{"-confirm", "-scale", "quick"}, "-scale quick with -seeds, -register or -confirm"},
		{[]string{"-workers", "0"}, `invalid value "0" for flag -workers: want an integer >= 1`},
		{[]string{"-workers", "abc"}, `invalid value "abc" for flag -workers: want an integer >= 1`},
		{[]string{"-seed", "-1"}, `invalid value "-1" for flag -seed: want an integer from 0 to`},
		{[]string{"-seeds", "1"}, `invalid value "1" for flag -seeds: want at least two seeds`},
		{[]string{"-seeds", "1,2,1"}, `invalid value "1,2,1" for flag -seeds: seed 1 given twice, want distinct seeds`},
		{[]string{"-only", "theorem-1,theorem-1"}, `-only: claim "theorem-1" named twice`},
		{[]string{"-list", "-only", "nosuch"}, `-only: unknown claim "nosuch"`},
		{[]string{"-seed", "3", "-seeds", "1,2"}, "-seed and -seeds: give one"},
		{[]string{"-register", "-confirm"}, "-register, -confirm and a robustness pass, -plan or -shard: give at most one"},
		{[]string{"-confirm", "-seeds", "1,2"}, "give at most one"},
		{[]string{"-confirm", "-scale", "smoke"}, "-confirm -scale smoke: the confirmatory pass runs at the default or the paper scale"},
		{[]string{"-registration", ""}, "-registration: empty path"},
		// Outputs that name each other.
		{[]string{"-report", filepath.Join(dir, "figures", "results", "robustness.json")}, "-report " + filepath.Join(dir, "figures", "results", "robustness.json") + ": a file in the results folder " + filepath.Join(realDir, "figures", "results")},
		{[]string{"-report", filepath.Join(dir, "figures", "theorem-1.SVG")}, "a chart's file in the figure folder " + filepath.Join(realDir, "figures")},
		{[]string{"-report", filepath.Join(dir, "cache", "x.json")}, "-report " + filepath.Join(dir, "cache", "x.json") + ": a file in the cache folder " + filepath.Join(realDir, "cache")},
		{[]string{"-report", filepath.Join(dir, "figs-link", "results", "table-1.json"), "-figures", filepath.Join(dir, "figs")}, "a file in the results folder " + filepath.Join(realDir, "figs", "results")},
		{[]string{"-cpuprofile", filepath.Join(dir, "figures", "results", "p")}, "-cpuprofile " + filepath.Join(dir, "figures", "results", "p") + ": a file in the results folder"},
		{[]string{"-cpuprofile", filepath.Join(dir, "R.md")}, "-cpuprofile " + filepath.Join(dir, "R.md") + ": the path of the report"},
		{[]string{"-seeds", "1,x"}, `invalid value "1,x" for flag -seeds: want comma-separated integers from 0 to 2^64-1, got "x"`},
		{[]string{"-seed", "abc"}, `invalid value "abc" for flag -seed`},
		{[]string{"-nosuchflag"}, "flag provided but not defined: -nosuchflag"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-figures", ""}, "-figures: empty folder name"},
		{[]string{"-report", ""}, "-report: empty path"},
		// Paths: a file where a folder is wanted, a folder where a file is.
		{[]string{"-figures", file}, "-figures " + file + ": " + file + " is not a folder"},
		{[]string{"-figures", filepath.Join(file, "sub")}, "-figures " + filepath.Join(file, "sub") + ": " + file + " is not a folder"},
		{[]string{"-report", filepath.Join(file, "REPORT.md")}, "-report " + filepath.Join(file, "REPORT.md") + ": " + file + " is not a folder"},
		{[]string{"-report", dir}, "-report " + dir + ": " + dir + " is a folder, not a regular file"},
		{[]string{"-cache", file}, "-cache " + file + ": " + file + " is not a folder"},
		// CIFAR-10: not a folder, a folder without the batches.
		{[]string{"-cifar10", file}, "-cifar10 " + file + ": dataset: not installed: CIFAR-10: " + file + " is not a folder"},
		{[]string{"-cifar10", dir}, "-cifar10 " + dir + ": dataset: not installed: CIFAR-10 folder " + dir + " has no file data_batch_1.bin (want data_batch_1.bin"},
	}
	if st, err := os.Stat("/proc"); err == nil && st.IsDir() {
		// No file can be created in /proc, even by root.
		tests = append(tests, test{[]string{"-cache", "/proc/x"}, "-cache /proc/x: cannot write in /proc"},
			test{[]string{"-cache", "/proc"}, "-cache /proc: cannot write in /proc: the file system there does not let files be created"})
	}
	if os.Geteuid() != 0 {
		// A read-only folder (root writes anyway, so only as another user).
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"-cache", "-figures"} {
			tests = append(tests, test{[]string{f, filepath.Join(ro, "x")}, f + " " + filepath.Join(ro, "x") + ": cannot write in " + ro})
		}
		tests = append(tests, test{[]string{"-report", filepath.Join(ro, "R.md")}, "-report " + filepath.Join(ro, "R.md") + ": cannot write in " + ro})
	}
	figs := filepath.Join(dir, "figures")
	for _, test := range tests {
		var stdout, stderr bytes.Buffer
		// Valid paths unless the test sets them: the run would start.
		args := append([]string{"-figures", figs, "-report", filepath.Join(dir, "R.md"), "-cache", filepath.Join(dir, "cache"), "-scale", "smoke", "-quiet"}, test.args...)
		code := run(context.Background(), args, &stdout, &stderr)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", test.args, code)
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "reproduce: ") || !strings.Contains(lines[0], test.want) || lines[1] != hint {
			t.Errorf("%v: stderr\n%s\nwant one line saying %q, then %q", test.args, stderr.String(), test.want, hint)
		}
		if stdout.Len() > 0 {
			t.Errorf("%v: stdout %q, want nothing", test.args, stdout.String())
		}
	}
	// No work was done and nothing was created.
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); !slices.Equal(m, []string{filepath.Join(dir, "figs"), filepath.Join(dir, "figs-link"), file}) {
		t.Errorf("bad flag lines left %v", m)
	}
}

// TestHelp checks that -h prints the usage, not an error, and exits 0.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &stdout, &stderr); code != 0 {
		t.Errorf("-h: exit %d, want 0", code)
	}
	if s := stderr.String(); !strings.HasPrefix(s, "Usage:") || !strings.Contains(s, "-seed seed") || strings.Contains(s, "reproduce: ") {
		t.Errorf("-h printed\n%s", s)
	}
}

// TestResume interrupts a run part way and checks that nothing partial was
// written, that the rerun reuses the finished work, and that its results
// equal those of an uninterrupted run.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	figs := filepath.Join(dir, "figures")
	cache := filepath.Join(dir, "cache")
	report := filepath.Join(dir, "REPORT.md")
	args := []string{"-only", "two-level-figure", "-scale", "smoke", "-figures", figs, "-report", report, "-cache", cache, "-quiet"}

	// Cancel as soon as the first cached run exists.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			if m, _ := filepath.Glob(filepath.Join(cache, "*.json")); len(m) > 0 {
				cancel()
				return
			}
		}
	}()
	var stdout, stderr bytes.Buffer
	code := run(ctx, args, &stdout, &stderr)
	cancel()
	<-done
	if code == 0 {
		t.Skip("the run finished before it could be interrupted")
	}
	if code != exitInterrupted {
		t.Fatalf("interrupted run: exit %d, want %d", code, exitInterrupted)
	}
	if !strings.Contains(stderr.String(), "stopping two-level-figure") {
		t.Errorf("interrupted run's stderr %q does not say what it stops", stderr.String())
	}
	// No figure, result or report, and no temporary file, was left behind.
	if m, _ := filepath.Glob(filepath.Join(figs, "*")); len(m) > 0 {
		t.Errorf("interrupted run left %v", m)
	}
	if _, err := os.Stat(report); err == nil {
		t.Error("interrupted run wrote a report")
	}
	first, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	if len(first) == 0 {
		t.Fatal("no cached run")
	}
	stats := make(map[string]os.FileInfo)
	for _, f := range first {
		stats[f], _ = os.Stat(f)
	}

	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("resumed run: exit %d: %s", code, stderr.String())
	}
	for f, st := range stats {
		now, err := os.Stat(f)
		if err != nil || !now.ModTime().Equal(st.ModTime()) || !os.SameFile(st, now) {
			t.Errorf("cached run %s was recomputed", f)
		}
	}
	all, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	if len(all) <= len(first) {
		t.Errorf("resumed run cached %d runs, want more than %d", len(all), len(first))
	}
	resumed, err := os.ReadFile(filepath.Join(figs, "two-level-ratio.csv"))
	if err != nil {
		t.Fatal(err)
	}

	// A fresh, uninterrupted run gives the same data.
	freshFigs := filepath.Join(dir, "fresh")
	if code := run(context.Background(), []string{"-only", "two-level-figure", "-scale", "smoke", "-figures", freshFigs, "-report", filepath.Join(dir, "R2.md"), "-cache", "", "-quiet"}, &stdout, &stderr); code != 0 {
		t.Fatalf("fresh run: exit %d: %s", code, stderr.String())
	}
	fresh, err := os.ReadFile(filepath.Join(freshFigs, "two-level-ratio.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(resumed, fresh) {
		t.Errorf("resumed run's data differ from a fresh run's:\n%s\n%s", resumed, fresh)
	}
}

// TestBadCacheEntry checks that the command warns on stderr about a bad
// cache entry, naming its file, recomputes it, and exits 0 with the
// results of a clean run.
func TestBadCacheEntry(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	args := func(figs string) []string {
		return []string{"-only", "mishchenko-lemma1", "-scale", "smoke", "-figures", filepath.Join(dir, figs), "-report", filepath.Join(dir, figs+".md"), "-cache", cache, "-quiet"}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), args("clean"), &stdout, &stderr); code != 0 {
		t.Fatalf("clean run: exit %d: %s", code, stderr.String())
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	if len(entries) != 1 {
		t.Fatalf("cache holds %v, want one entry", entries)
	}
	if err := os.WriteFile(entries[0], []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(context.Background(), args("rerun"), &stdout, &stderr); code != 0 {
		t.Fatalf("run on the bad entry: exit %d: %s", code, stderr.String())
	}
	if s := stderr.String(); !strings.Contains(s, "reproduce: warning: ") || !strings.Contains(s, entries[0]) {
		t.Errorf("stderr %q, want a warning naming %s", s, entries[0])
	}
	clean, err := os.ReadFile(filepath.Join(dir, "clean", "mishchenko-lemma1.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rerun, err := os.ReadFile(filepath.Join(dir, "rerun", "mishchenko-lemma1.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(clean, rerun) {
		t.Error("the recomputed run's data differ from the clean run's")
	}
}

// outputFiles returns the contents of the files under dir by their path
// relative to dir, but for the timings file (the machine's wall times).
func outputFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := make(map[string][]byte)
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == paper.TimingsFile {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
