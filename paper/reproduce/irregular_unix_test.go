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
