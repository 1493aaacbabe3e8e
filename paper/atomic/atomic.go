// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package atomic

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
)

// ErrClosed is returned by a File used after Commit or Abort.
var ErrClosed = errors.New("atomic: file already committed or aborted")

// ErrNotRegular is wrapped by the error of Target, Create, Commit and
// WriteFile for a target that is neither a regular file nor missing.
var ErrNotRegular = errors.New("not a regular file")

// Target returns the path a write to name replaces: name itself if nothing
// or a regular file stands there, and, if name is a symbolic link, the
// file its chain of links ends at, if that is a regular file. Anything else
// (a folder, a device, a named pipe, a socket, a link to one of these or
// to nothing) is refused with an error that names it and wraps
// ErrNotRegular: a write never replaces what it does not own, and never
// replaces a link by a file.
func Target(name string) (string, error) {
	st, err := os.Lstat(name)
	switch {
	case errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		// Nothing there (a file in the path fails when writing).
		return name, nil
	case err != nil:
		return "", fmt.Errorf("atomic: %w", err)
	case st.Mode().IsRegular():
		return name, nil
	case st.Mode()&os.ModeSymlink == 0:
		return "", fmt.Errorf("atomic: %s is %s, %w: refusing to write over it", name, kindOf(st.Mode()), ErrNotRegular)
	}
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return "", fmt.Errorf("atomic: %s is a symbolic link to nothing (%v), %w: refusing to write there", name, errors.Unwrap(err), ErrNotRegular)
	}
	if st, err = os.Stat(target); err != nil {
		return "", fmt.Errorf("atomic: %w", err)
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("atomic: %s is a symbolic link to %s, which is %s, %w: refusing to write over it", name, target, kindOf(st.Mode()), ErrNotRegular)
	}
	return target, nil
}

// kindOf names the kind of file of mode m, with an article.
func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// File is a file being written that replaces its target only when
// committed. A File is not safe for concurrent use.
type File struct {
	name   string   // as given to Create
	target string   // Target(name) at Create
	f      *os.File // temporary file; nil once committed or aborted
	perm   os.FileMode
	err    error // first write error
}

var _ io.Writer = (*File)(nil)

// Create starts writing the named file, or the regular file a symbolic
// link name ends at (see Target, whose error it returns for anything
// else). The target is not touched until Commit, which gives it mode 0644
// unless Chmod sets another.
func Create(name string) (*File, error) {
	target, err := Target(name)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("atomic: writing %s: %w", name, err)
	}
	return &File{name: name, target: target, f: f, perm: 0o644}, nil
}

// Name returns the name of the target file, as given to Create.
func (f *File) Name() string { return f.name }

// Chmod sets the mode the target gets on Commit. The umask is not applied.
func (f *File) Chmod(perm os.FileMode) { f.perm = perm }

// Write writes p to the temporary file. After a failed Write, Commit
// fails too.
func (f *File) Write(p []byte) (int, error) {
	if f.f == nil {
		return 0, ErrClosed
	}
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.f.Write(p)
	if err != nil {
		f.err = fmt.Errorf("atomic: writing %s: %w", f.name, err)
		return n, f.err
	}
	return n, nil
}

// Commit syncs the data written so far and renames them over the target,
// after checking again that it is a regular file or missing (Target).
// If a Write failed, or syncing or renaming fails, Commit removes the
// temporary file, leaves the target as it was and returns the error.
func (f *File) Commit() error {
	if f.f == nil {
		return ErrClosed
	}
	tmp := f.f
	f.f = nil
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		if f.err != nil {
			return f.err
		}
		return fmt.Errorf("atomic: writing %s: %w", f.name, err)
	}
	if f.err != nil {
		return fail(nil)
	}
	if err := tmp.Chmod(f.perm); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	// What stands at the target may have changed since Create.
	if target, err := Target(f.name); err != nil || target != f.target {
		os.Remove(tmp.Name())
		if err != nil {
			return err
		}
		return fmt.Errorf("atomic: writing %s: it now leads to %s, not %s", f.name, target, f.target)
	}
	if err := os.Rename(tmp.Name(), f.target); err != nil {
		return fail(err)
	}
	syncDir(filepath.Dir(f.target))
	return nil
}

// Abort discards the data written and leaves the target as it was. It
// does nothing after Commit or Abort, so it may be deferred.
func (f *File) Abort() error {
	if f.f == nil {
		return nil
	}
	tmp := f.f
	f.f = nil
	cerr := tmp.Close()
	if err := os.Remove(tmp.Name()); err != nil {
		return fmt.Errorf("atomic: discarding %s: %w", f.name, err)
	}
	if cerr != nil && !errors.Is(cerr, os.ErrClosed) {
		return fmt.Errorf("atomic: discarding %s: %w", f.name, cerr)
	}
	return nil
}

// WriteFile writes data to the named file atomically with mode perm; the
// umask is not applied. On error the target is left as it was and no
// temporary file remains.
func WriteFile(name string, data []byte, perm os.FileMode) error {
	f, err := Create(name)
	if err != nil {
		return err
	}
	f.Chmod(perm)
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// WriteJSON writes v as indented JSON, with a final newline, to the named
// file atomically with mode 0644, creating its folder if it is missing.
func WriteJSON(name string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("atomic: %s: %w", name, err)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return WriteFile(name, append(b, '\n'), 0o644)
}

// syncDir makes a rename in dir durable. It is best effort: Windows cannot
// open a folder for syncing and some file systems refuse to sync one; the
// rename itself has happened either way.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}
