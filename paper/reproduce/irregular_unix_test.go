// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestIrregularReport checks that -report replaces only a regular file,
// nothing or a link to either: a named pipe and a link to one are refused
// before any work with one line naming the path, and left as they were.
func TestIrregularReport(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	toFIFO := filepath.Join(dir, "to-fifo")
	if err := os.Symlink(fifo, toFIFO); err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct{ report, want string }{
		{fifo, "-report " + fifo + ": " + fifo + " is a named pipe (FIFO), not a regular file: refusing to write over it"},
		{toFIFO, "-report " + toFIFO + ": " + toFIFO + " is a symbolic link to " + fifo + ", which is a named pipe (FIFO), not a regular file"},
	} {
		var stdout, stderr bytes.Buffer
		args := []string{"-figures", filepath.Join(dir, "figures"), "-report", test.report, "-cache", filepath.Join(dir, "cache"), "-scale", "smoke", "-quiet"}
		if code := run(context.Background(), args, &stdout, &stderr); code != 2 {
			t.Errorf("-report %s: exit %d, want 2", test.report, code)
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "reproduce: ") || !strings.Contains(lines[0], test.want) {
			t.Errorf("-report %s: stderr\n%s\nwant one line saying %q", test.report, stderr.String(), test.want)
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe is gone: %v", err)
	}
	if st, err := os.Lstat(toFIFO); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link: %v", toFIFO, err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "figures")); len(m) > 0 {
		t.Errorf("work was done: %v", m)
	}
}

// TestLoadTimingsNotAFile checks that a timings file that is a named pipe
// or a link to an endless device is ignored at once (the run goes on
// without it), never a hang or an unbounded read.
func TestLoadTimingsNotAFile(t *testing.T) {
	for _, kind := range []string{"fifo", "link to /dev/zero"} {
		figs := t.TempDir()
		if err := os.Mkdir(filepath.Join(figs, "results"), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		if kind == "fifo" {
			err = syscall.Mkfifo(timingsPath(figs), 0o644)
		} else {
			err = os.Symlink("/dev/zero", timingsPath(figs))
		}
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan *timings, 1)
		go func() { done <- loadTimings(figs) }()
		select {
		case tm := <-done:
			if tm != nil {
				t.Errorf("a %s: loadTimings = %v, want nil", kind, tm)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("loadTimings of a %s hangs", kind)
		}
	}
}

// TestOutputLinks checks that a report, a chart file and a result file
// that are symbolic links to a user's 0600 files are replaced by regular
// files, never written through: the user's files keep their content and
// mode.
func TestOutputLinks(t *testing.T) {
	dir := t.TempDir()
	figs, report := filepath.Join(dir, "figures"), filepath.Join(dir, "REPORT.md")
	if err := os.MkdirAll(filepath.Join(figs, "results"), 0o755); err != nil {
		t.Fatal(err)
	}
	private := t.TempDir()
	links := []string{report, filepath.Join(figs, "mishchenko-lemma1.png"), filepath.Join(figs, "results", "mishchenko-lemma1.json")}
	for i, l := range links {
		user := filepath.Join(private, string(rune('a'+i)))
		if err := os.WriteFile(user, []byte("the user's own data"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(user, l); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	args := []string{"-only", "mishchenko-lemma1", "-scale", "smoke", "-figures", figs, "-report", report, "-cache", filepath.Join(dir, "cache"), "-quiet"}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for i, l := range links {
		if st, err := os.Lstat(l); err != nil || !st.Mode().IsRegular() || st.Size() == 0 {
			t.Errorf("%s is not a regular file with the output now: %v (%v)", l, st.Mode(), err)
		}
		user := filepath.Join(private, string(rune('a'+i)))
		st, err := os.Stat(user)
		if b, _ := os.ReadFile(user); err != nil || st.Mode().Perm() != 0o600 || string(b) != "the user's own data" {
			t.Errorf("the user's file %s behind %s changed: mode %v (%v), content %.40q", user, l, st.Mode(), err, b)
		}
	}
}
