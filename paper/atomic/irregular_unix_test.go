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
	"time"
)

// TestWriteOnlyRegular checks that a write replaces only a regular file,
// nothing, or a link to either: a named pipe, a folder, a socket and a
// link to a pipe are refused with an error naming the path, and left as
// they were; a link to a regular file or to nothing is replaced by the
// file, never written through: the file it led to keeps its content and
// mode, and nothing is created where a dangling link led.
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
	for _, name := range []string{fifo, folder, sock, toFIFO} {
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

	// A link to a user's 0600 file, through another link, and a link to
	// nothing: each replaced by the new file.
	real := filepath.Join(dir, "sub", "real")
	os.Mkdir(filepath.Dir(real), 0o755)
	if err := os.WriteFile(real, []byte("secret"), 0o600); err != nil {
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
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "missing"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		name string
		mode os.FileMode // of the new file: 0644, narrowed to the file the link led to
	}{
		{link, 0o600},
		{dangling, 0o644},
	} {
		if got, err := Target(test.name); err != nil || got != test.name {
			t.Errorf("Target(%s) = %q, %v, want %s", test.name, got, err, test.name)
		}
		if err := WriteFile(test.name, []byte("new"), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := os.Lstat(test.name)
		if err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != test.mode {
			t.Errorf("%s after the write: %v (%v), want a regular file of mode %v", test.name, st.Mode(), err, test.mode)
		}
		if b, err := os.ReadFile(test.name); err != nil || string(b) != "new" {
			t.Errorf("%s holds %q (%v), want new", test.name, b, err)
		}
	}
	if st, err := os.Lstat(real); err != nil || st.Mode() != 0o600 {
		t.Errorf("the file the link led to: %v (%v), want mode 0600", st.Mode(), err)
	}
	if b, err := os.ReadFile(real); err != nil || string(b) != "secret" {
		t.Errorf("the file the link led to holds %q (%v), want secret", b, err)
	}
	if st, err := os.Lstat(mid); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s, a link the write did not name, is no longer a link: %v", mid, err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "missing")); err == nil {
		t.Errorf("the write through a dangling link created its target")
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

// TestReadFile checks that ReadFile reads only a regular file of bounded
// size: a named pipe (which would block), a link to an endless device
// (which would flood memory), a link to a regular file, a folder and a
// file over the bound are errors naming the path, returned at once.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	regular := filepath.Join(dir, "regular")
	if err := os.WriteFile(regular, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	toZero := filepath.Join(dir, "to-zero")
	toRegular := filepath.Join(dir, "to-regular")
	if err := errors.Join(os.Symlink("/dev/zero", toZero), os.Symlink(regular, toRegular)); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(regular, 4); err != nil || string(b) != "data" {
		t.Errorf("ReadFile(%s, 4) = %q, %v, want data", regular, b, err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 4); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want ErrNotExist", err)
	}
	for _, test := range []struct {
		name string
		max  int64
		want error
	}{
		{fifo, 4, ErrNotRegular},
		{toZero, 4, ErrNotRegular},
		{toRegular, 4, ErrNotRegular},
		{dir, 4, ErrNotRegular},
		{regular, 3, ErrTooLarge},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := ReadFile(test.name, test.max)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, test.want) || !strings.Contains(err.Error(), test.name) {
				t.Errorf("ReadFile(%s, %d): %v, want an error naming it wrapping %v", test.name, test.max, err, test.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("ReadFile(%s) hangs", test.name)
		}
	}
}
