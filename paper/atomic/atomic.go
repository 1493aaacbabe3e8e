// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package atomic

import (
	"context"
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

// Target returns the path a write to name replaces, which is name itself,
// or an error if the write is refused. A write replaces only what stands
// at name: nothing, a regular file, or a symbolic link whose chain of
// links ends at a regular file or at nothing. A link is never followed: the
// write replaces the link itself by a regular file, and the file it led to
// is left as it was. Anything else (a folder, a device, a named pipe, a
// socket, or a link to one of these, such as /dev/stdout) is refused with
// an error that names it and wraps ErrNotRegular: a write never replaces
// what it does not own.
func Target(name string) (string, error) {
	if _, err := replaced(name); err != nil {
		return "", err
	}
	return name, nil
}

// replaced checks that a write may replace what stands at name (see
// Target) and returns the permission bits the new file may have at most:
// those of the regular file that stands there or that a link there leads
// to, so that a write never widens the mode of what it replaces, and all
// of them if there is none.
func replaced(name string) (os.FileMode, error) {
	st, err := os.Lstat(name)
	switch {
	case errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		// Nothing there (a file in the path fails when writing).
		return os.ModePerm, nil
	case err != nil:
		return 0, fmt.Errorf("atomic: %w", err)
	case st.Mode().IsRegular():
		return st.Mode().Perm(), nil
	case st.Mode()&os.ModeSymlink == 0:
		return 0, fmt.Errorf("atomic: %s is %s, %w: refusing to write over it", name, kindOf(st.Mode()), ErrNotRegular)
	}
	st, err = os.Stat(name)
	switch {
	case err != nil:
		// A link to nothing (or to a loop): the link is replaced.
		return os.ModePerm, nil
	case !st.Mode().IsRegular():
		to, _ := filepath.EvalSymlinks(name)
		return 0, fmt.Errorf("atomic: %s is a symbolic link to %s, which is %s, %w: refusing to replace it", name, to, kindOf(st.Mode()), ErrNotRegular)
	}
	return st.Mode().Perm(), nil
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
	name string   // as given to Create
	f    *os.File // temporary file; nil once committed or aborted
	perm os.FileMode
	err  error // first write error
}

var _ io.Writer = (*File)(nil)

// Create starts writing the named file, which replaces what stands there
// on Commit if Target allows it (Create returns Target's error
// otherwise). Nothing at name is touched until Commit, which gives the
// file mode 0644, or the one Chmod sets, narrowed to the mode of the file
// it replaces.
func Create(name string) (*File, error) {
	if _, err := Target(name); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("atomic: writing %s: %w", name, err)
	}
	return &File{name: name, f: f, perm: 0o644}, nil
}

// Name returns the name of the target file, as given to Create.
func (f *File) Name() string { return f.name }

// Chmod sets the mode the file gets on Commit, narrowed to the mode of the
// file it replaces (a write never widens a mode). The umask is not
// applied.
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

// Commit syncs the data written so far and renames them over what stands
// at the file's name, after checking again that Target allows it.
// If a Write failed, or syncing or renaming fails, Commit removes the
// temporary file, leaves the target as it was and returns the error.
func (f *File) Commit() error {
	if err := f.sync(); err != nil {
		return err
	}
	return f.rename()
}

// sync syncs the data written so far to disk. If a Write failed or the
// sync fails, it discards the temporary file and returns the error.
func (f *File) sync() error {
	if f.f == nil {
		return ErrClosed
	}
	if f.err == nil {
		if err := f.f.Sync(); err != nil {
			f.err = fmt.Errorf("atomic: writing %s: %w", f.name, err)
		}
	}
	if f.err != nil {
		f.Abort()
		return f.err
	}
	return nil
}

// rename renames the synced temporary file over what stands at the
// file's name, after checking again that Target allows it; on error it
// removes the temporary file.
func (f *File) rename() error {
	tmp := f.f
	f.f = nil
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("atomic: writing %s: %w", f.name, err)
	}
	// What stands at the name may have changed since Create.
	limit, err := replaced(f.name)
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Chmod(f.perm & limit); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	// A rename replaces a link at f.name by the file, never the file the
	// link leads to.
	if err := os.Rename(tmp.Name(), f.name); err != nil {
		return fail(err)
	}
	syncDir(filepath.Dir(f.name))
	return nil
}

// CommitAll commits files together, so that a reader finds all of them
// written or none: it syncs them all and, unless ctx is done by then,
// renames each over its name, one right after the other. If a Write or a
// sync failed, or ctx is done before the renames, it discards them all,
// leaves every name as it was and returns the error (ctx's if ctx is
// done). Once the renames have begun they all happen, whatever ctx; one
// that fails (something that is not a regular file put at its name
// meanwhile) is reported, the others committed. Files already committed or
// aborted give ErrClosed, and nothing is written.
func CommitAll(ctx context.Context, files ...*File) error {
	abort := func() {
		for _, f := range files {
			f.Abort()
		}
	}
	for _, f := range files {
		if f.f == nil {
			abort()
			return ErrClosed
		}
	}
	for _, f := range files {
		if err := f.sync(); err != nil {
			abort()
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		abort()
		return err
	}
	var errs []error
	for _, f := range files {
		if err := f.rename(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
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

// WriteFile writes data to the named file atomically with mode perm,
// narrowed to the mode of the file it replaces; the umask is not applied. On error the target is left as it was and no
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

// ErrTooLarge is wrapped by the error of ReadFile for a file larger than
// its bound.
var ErrTooLarge = errors.New("file too large")

// ReadFile returns the contents of the named file if it is a regular file
// of at most max bytes. Anything else is an error that names the file and
// what it is: a symbolic link (not followed, as a write does not follow
// one) or a folder, device, named pipe or socket (wrapping ErrNotRegular),
// or a larger file (wrapping ErrTooLarge), so that a named pipe never
// blocks the reader and a device never floods it. A missing file is an
// error wrapping fs.ErrNotExist.
func ReadFile(name string, max int64) ([]byte, error) {
	st, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("atomic: %s is %s, %w", name, kindOf(st.Mode()), ErrNotRegular)
	}
	// Something put there since the Lstat: a link is not followed
	// (noFollow), a pipe opens at once (O_NONBLOCK), and either is
	// refused below.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|noFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fst, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !fst.Mode().IsRegular():
		return nil, fmt.Errorf("atomic: %s is %s, %w", name, kindOf(fst.Mode()), ErrNotRegular)
	case fst.Size() > max:
		return nil, fmt.Errorf("atomic: %s holds %d bytes, more than the %d it may, %w", name, fst.Size(), max, ErrTooLarge)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("atomic: %s holds more than the %d bytes it may, %w", name, max, ErrTooLarge)
	}
	return b, nil
}
