// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package atomic

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// onlyFiles fails unless dir holds exactly the named entries: no
// temporary file may be left behind.
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("folder holds %q, want %q", got, names)
	}
}

func content(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.csv")
	for _, tc := range []struct {
		data       string
		perm, want os.FileMode // want: perm narrowed to the mode of the file replaced
	}{
		{"first", 0o644, 0o644},
		{"second, longer than the first", 0o600, 0o600},
		{"", 0o640, 0o600},
	} {
		if err := WriteFile(name, []byte(tc.data), tc.perm); err != nil {
			t.Fatal(err)
		}
		if got := content(t, name); got != tc.data {
			t.Errorf("content %q, want %q", got, tc.data)
		}
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS != "windows" && st.Mode().Perm() != tc.want {
			t.Errorf("write with mode %v: mode %v, want %v", tc.perm, st.Mode().Perm(), tc.want)
		}
	}
	onlyFiles(t, dir, "out.csv")
}

func TestWriteFileErrors(t *testing.T) {
	dir := t.TempDir()

	// A rename that fails (the target is a non-empty folder) leaves the
	// target as it was and no temporary file behind.
	target := filepath.Join(dir, "folder")
	if err := os.MkdirAll(filepath.Join(target, "keep"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(target, []byte("x"), 0o644)
	if err == nil || !strings.Contains(err.Error(), target) {
		t.Errorf("writing over a folder: error %v, want one naming %s", err, target)
	}
	if st, err := os.Stat(filepath.Join(target, "keep")); err != nil || !st.IsDir() {
		t.Errorf("target folder damaged: %v", err)
	}
	onlyFiles(t, dir, "folder")

	// A missing folder gives an error naming the path.
	bad := filepath.Join(dir, "missing", "f")
	err = WriteFile(bad, nil, 0o644)
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), bad) {
		t.Errorf("writing into a missing folder: error %v, want ErrNotExist naming %s", err, bad)
	}

	// So does a folder without write permission (root ignores it).
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		return
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	bad = filepath.Join(ro, "f")
	err = WriteFile(bad, nil, 0o644)
	if !errors.Is(err, os.ErrPermission) || !strings.Contains(err.Error(), bad) {
		t.Errorf("writing into a read-only folder: error %v, want ErrPermission naming %s", err, bad)
	}
}

// failingReader returns some data, then an error, as a failing encoder or
// download would.
type failingReader struct{ n int }

var errRead = errors.New("read failed")

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, errRead
	}
	n := min(len(p), r.n)
	for i := range p[:n] {
		p[i] = 'x'
	}
	r.n -= n
	return n, nil
}

// old is the content withOld writes.
const old = "previous content"

// withOld returns a temporary folder and the path of a file in it that
// holds old.
func withOld(t *testing.T) (dir, name string) {
	t.Helper()
	dir = t.TempDir()
	name = filepath.Join(dir, "data")
	if err := WriteFile(name, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, name
}

func TestCreate(t *testing.T) {
	dir, name := withOld(t)

	// A writer that fails half way, then Abort: the previous content stays.
	f, err := Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name() != name {
		t.Errorf("Name() = %q, want %q", f.Name(), name)
	}
	if _, err := io.Copy(f, &failingReader{n: 100000}); !errors.Is(err, errRead) {
		t.Fatalf("copy: %v, want the reader's error", err)
	}
	if got := content(t, name); got != old {
		t.Errorf("during the write the target holds %q, want %q", got, old)
	}
	if err := f.Abort(); err != nil {
		t.Fatal(err)
	}
	if got := content(t, name); got != old {
		t.Errorf("after Abort the target holds %q, want %q", got, old)
	}
	onlyFiles(t, dir, "data")
	if _, err := f.Write([]byte("late")); !errors.Is(err, ErrClosed) {
		t.Errorf("Write after Abort: %v, want ErrClosed", err)
	}
	if err := f.Commit(); !errors.Is(err, ErrClosed) {
		t.Errorf("Commit after Abort: %v, want ErrClosed", err)
	}

	// Commit publishes; a deferred Abort afterwards does nothing.
	f, err = Create(name)
	if err != nil {
		t.Fatal(err)
	}
	f.Chmod(0o600)
	for _, s := range []string{"new ", "content"} {
		if _, err := io.WriteString(f, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := f.Abort(); err != nil {
		t.Errorf("Abort after Commit: %v, want nil", err)
	}
	if err := f.Commit(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Commit: %v, want ErrClosed", err)
	}
	if got := content(t, name); got != "new content" {
		t.Errorf("after Commit the target holds %q", got)
	}
	if st, _ := os.Stat(name); runtime.GOOS != "windows" && st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
	onlyFiles(t, dir, "data")
}

func TestCommitAfterFailedWrite(t *testing.T) {
	dir, name := withOld(t)
	f, err := Create(name)
	if err != nil {
		t.Fatal(err)
	}
	// Make the next write fail by closing the temporary file under it.
	f.f.Close()
	if _, err := f.Write([]byte("data")); err == nil {
		t.Fatal("write to a closed file: no error")
	}
	err = f.Commit()
	if err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("Commit after a failed write: %v, want an error naming %s", err, name)
	}
	if got := content(t, name); got != old {
		t.Errorf("target holds %q, want %q", got, old)
	}
	onlyFiles(t, dir, "data")
}

// TestKilled kills a process in the middle of writing and checks that the
// target still holds its previous content, complete.
func TestKilled(t *testing.T) {
	if os.Getenv("ATOMIC_HELPER_TARGET") != "" {
		return // this is the helper process, run by name below
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no executable to run as a helper:", err)
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "data")
	prev := strings.Repeat("previous content\n", 1000)
	if err := WriteFile(name, []byte(prev), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestHelperWriter$")
	cmd.Env = append(os.Environ(), "ATOMIC_HELPER_TARGET="+name)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || line != "written\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper said %q, %v; want written", line, err)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if got := content(t, name); got != prev {
		t.Errorf("after the writer was killed the target holds %d bytes starting %.40q, want the previous %d bytes", len(got), got, len(prev))
	}
}

// TestHelperWriter is the process TestKilled kills: it writes half a file,
// says so, and waits for its standard input to close.
func TestHelperWriter(t *testing.T) {
	name := os.Getenv("ATOMIC_HELPER_TARGET")
	if name == "" {
		t.Skip("helper process for TestKilled")
	}
	f, err := Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(bytes.Repeat([]byte("new\n"), 1<<16)); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("written\n")
	io.Copy(io.Discard, os.Stdin)
	f.Abort()
}

func FuzzWriteFile(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte("a,b\n1,2\n"))
	f.Add(bytes.Repeat([]byte{0, 255}, 5000))
	dir := f.TempDir()
	name := filepath.Join(dir, "f")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("read back %d bytes, wrote %d", len(got), len(data))
		}
	})
}

// TestWriteJSON checks that WriteJSON creates the missing folder and writes
// indented JSON with a final newline, and that a value JSON cannot encode
// leaves no file.
func TestWriteJSON(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a", "b.json")
	if err := WriteJSON(name, map[string]int{"x": 1}); err != nil {
		t.Fatal(err)
	}
	if got, want := content(t, name), "{\n  \"x\": 1\n}\n"; got != want {
		t.Errorf("content %q, want %q", got, want)
	}
	bad := filepath.Join(dir, "c.json")
	if err := WriteJSON(bad, func() {}); err == nil {
		t.Error("a func: no error")
	}
	if _, err := os.Stat(bad); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a func: %s exists after the error (%v)", bad, err)
	}
}

// TestCommitAll checks that CommitAll writes every file, or, with a
// context done before the renames, none, leaving every target as it was
// and no temporary file behind.
func TestCommitAll(t *testing.T) {
	dir, name := withOld(t)
	second := filepath.Join(dir, "second")
	stage := func() []*File {
		var files []*File
		for _, n := range []string{name, second} {
			f, err := Create(n)
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(f, "new")
			files = append(files, f)
		}
		return files
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := CommitAll(ctx, stage()...); !errors.Is(err, context.Canceled) {
		t.Errorf("CommitAll with a cancelled context: %v, want context.Canceled", err)
	}
	if got := content(t, name); got != old {
		t.Errorf("after a cancelled CommitAll the target holds %q, want %q", got, old)
	}
	onlyFiles(t, dir, "data")

	files := stage()
	if err := CommitAll(context.Background(), files...); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{name, second} {
		if got := content(t, n); got != "new" {
			t.Errorf("after CommitAll %s holds %q, want new", n, got)
		}
	}
	onlyFiles(t, dir, "data", "second")
	if err := CommitAll(context.Background(), files...); !errors.Is(err, ErrClosed) {
		t.Errorf("CommitAll of committed files: %v, want ErrClosed", err)
	}
}
