// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build unix

package paper

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCacheEntryNotAFile checks that a cache entry that is not a regular
// file of bounded size (a named pipe, a link to one, a file larger than
// maxEntry) is a bad entry: reported naming its path and recomputed, never
// a hang or an unbounded read; the pipe is left alone (the run is not
// cached), the oversize file, a regular file, is replaced by the entry.
func TestCacheEntryNotAFile(t *testing.T) {
	for _, kind := range []string{"fifo", "link to fifo", "oversize"} {
		p := newCacheProbe(t)
		entry := p.entry
		switch kind {
		case "fifo":
			if err := syscall.Mkfifo(entry, 0o644); err != nil {
				t.Fatal(err)
			}
		case "link to fifo":
			fifo := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(fifo, entry); err != nil {
				t.Fatal(err)
			}
		case "oversize":
			// Sparse: no disk is used.
			f, err := os.Create(entry)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.Truncate(maxEntry + 1); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
		type result struct {
			v   int
			err error
		}
		done := make(chan result, 1)
		go func() {
			v, err := p.run()
			done <- result{v, err}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: the run hangs", kind)
		}
		if r.err != nil || r.v != 42 || p.computed != 2 || len(p.warns) == 0 || !strings.Contains(p.warns[0], entry) {
			t.Errorf("%s: %v, %v after %d computations, warnings %q", kind, r.v, r.err, p.computed, p.warns)
		}
		st, err := os.Lstat(entry)
		if err != nil {
			t.Fatal(err)
		}
		switch kind {
		case "fifo":
			if st.Mode()&os.ModeNamedPipe == 0 {
				t.Errorf("the pipe was replaced")
			}
		case "link to fifo":
			if st.Mode()&os.ModeSymlink == 0 {
				t.Errorf("the link was replaced")
			}
		case "oversize":
			if !strings.Contains(p.warns[0], "more than the") {
				t.Errorf("oversize: warning %q does not give the size bound", p.warns[0])
			}
			p.warns = nil
			if v, err := p.run(); err != nil || v != 42 || p.computed != 2 || len(p.warns) > 0 {
				t.Errorf("after the oversize entry was replaced: %v, %v, %d computations, warnings %q", v, err, p.computed, p.warns)
			}
		}
	}
}

// TestCacheEntryLink checks that a cache entry that is a symbolic link to
// a user's file, even one holding a valid entry, is not read and not
// written through: the run warns, recomputes and replaces the link by a
// regular file, and the user's file keeps its content and its mode 0600.
func TestCacheEntryLink(t *testing.T) {
	for _, kind := range []string{"user's file", "valid entry"} {
		p := newCacheProbe(t)
		user := filepath.Join(t.TempDir(), "private")
		content := []byte("the user's own data")
		if kind == "valid entry" {
			// The entry the probe's run writes, moved aside.
			if _, err := p.run(); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(p.entry)
			if err != nil {
				t.Fatal(err)
			}
			content = b
			os.Remove(p.entry)
			p.computed = 1
		}
		if err := os.WriteFile(user, content, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(user, p.entry); err != nil {
			t.Fatal(err)
		}
		if v, err := p.run(); err != nil || v != 42 || p.computed != 2 || len(p.warns) != 1 || !strings.Contains(p.warns[0], p.entry) || !strings.Contains(p.warns[0], "symbolic link") {
			t.Errorf("%s: %v, %v after %d computations, warnings %q; want 42 recomputed with one warning naming the link", kind, v, err, p.computed, p.warns)
		}
		if st, err := os.Lstat(p.entry); err != nil || !st.Mode().IsRegular() {
			t.Errorf("%s: the entry is not a regular file now: %v (%v)", kind, st.Mode(), err)
		}
		st, err := os.Stat(user)
		if b, _ := os.ReadFile(user); err != nil || st.Mode().Perm() != 0o600 || string(b) != string(content) {
			t.Errorf("%s: the user's file was changed: mode %v (%v), content %q", kind, st.Mode(), err, b)
		}
		p.warns = nil
		if v, err := p.run(); err != nil || v != 42 || p.computed != 2 || len(p.warns) > 0 {
			t.Errorf("%s: after the link was replaced: %v, %v, %d computations, warnings %q", kind, v, err, p.computed, p.warns)
		}
	}
}

// TestLoadResultNotAFile checks that a result or robustness file that is
// a named pipe or a link to an endless device is an error naming it,
// returned at once: never a hang or an unbounded read.
func TestLoadResultNotAFile(t *testing.T) {
	for _, kind := range []string{"fifo", "link to /dev/zero"} {
		figs := t.TempDir()
		if err := os.Mkdir(filepath.Join(figs, "results"), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{resultPath(figs, "x"), robustnessPath(figs)} {
			var err error
			if kind == "fifo" {
				err = syscall.Mkfifo(path, 0o644)
			} else {
				err = os.Symlink("/dev/zero", path)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, load := range []struct {
			name string
			path string
			f    func() error
		}{
			{"LoadResult", resultPath(figs, "x"), func() error { _, err := LoadResult(figs, "x"); return err }},
			{"LoadRobustness", robustnessPath(figs), func() error { _, err := LoadRobustness(figs); return err }},
		} {
			done := make(chan error, 1)
			go func() { done <- load.f() }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), load.path) {
					t.Errorf("%s of a %s: %v, want an error naming %s", load.name, kind, err, load.path)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s of a %s hangs", load.name, kind)
			}
		}
	}
}
