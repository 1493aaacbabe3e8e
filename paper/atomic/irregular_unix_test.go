// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build unix

package atomic

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteOnlyRegular checks that a write replaces only a regular file or
// nothing: a named pipe, a folder, a socket, a link to a pipe and a link to
// nothing are refused with an error naming the path, and left as they
// were; a link to a regular file is followed: the file gets the data and
// the link stays a link.
func TestWriteOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	toFIFO := filepath.Join(dir, "to-fifo")
	if err := os.Symlink(fifo, toFIFO); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "missing"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{fifo, folder, sock, toFIFO, dangling} {
		before, _ := os.Lstat(name)
		for _, write := range []func() error{
			func() error { return WriteFile(name, []byte("x"), 0o644) },
			func() error { return WriteJSON(name, 1) },
			func() error { _, err := Create(name); return err },
		} {
			err := write()
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), name) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s: error %v, want one line naming it and wrapping ErrNotRegular", name, err)
			}
		}
		after, err := os.Lstat(name)
		if err != nil || after.Mode() != before.Mode() {
			t.Errorf("%s: mode %v, was %v (%v)", name, after.Mode(), before.Mode(), err)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "missing")); err == nil {
		t.Errorf("the write through a dangling link created its target")
	}

	// A link to a regular file, through another link: followed.
	real := filepath.Join(dir, "sub", "real")
	os.Mkdir(filepath.Dir(real), 0o755)
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	mid := filepath.Join(dir, "mid")
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, mid); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("mid", link); err != nil {
		t.Fatal(err)
	}
	if got, err := Target(link); err != nil || got != real {
		t.Errorf("Target(%s) = %q, %v, want %s", link, got, err, real)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(real); err != nil || string(b) != "new" {
		t.Errorf("the link's target holds %q (%v), want new", b, err)
	}
	for _, l := range []string{link, mid} {
		if st, err := os.Lstat(l); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v", l, err)
		}
	}
	// A pipe put in place of a file between Create and Commit.
	late := filepath.Join(dir, "late")
	f, err := Create(late)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("x"))
	if err := syscall.Mkfifo(late, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Commit over a pipe made after Create: %v", err)
	}
	if st, _ := os.Lstat(late); st == nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe made after Create was replaced")
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}
