// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package atomic writes files so that a reader, or a process killed half
// way, never sees a truncated file.
//
// # How
//
// The data go to a temporary file in the target's folder (so that the final
// rename stays on one file system), named "." + base + ".tmp-" + a random
// suffix. The temporary file is synced to disk, closed and renamed over the
// target; then the folder is synced so that the rename survives a power
// loss. A rename within a folder is atomic on POSIX systems: a reader sees
// either the old file or the new one, never a mixture.
//
// # What a write replaces
//
// Only a regular file, nothing, or a symbolic link to either: a folder, a
// device, a named pipe or a socket at the target, or a link to one, is
// refused with an error naming it (wrapping ErrNotRegular), so that, run as
// root, a write to /dev/null or /dev/stdout cannot replace the device with
// a file. A link is never followed: the rename replaces the link itself by
// the new file, and the file it led to keeps its content and mode, so that
// a link cannot lead a write out of the folder it was asked to write in.
// The new file's mode is the one asked for, narrowed to the mode of the
// file it replaces (or the link led to): a write never widens a mode.
// Target says whether a write would be refused, so that a program can
// check its outputs before any work. CommitAll publishes several files
// together, or none if its context is done before the renames.
//
// # What a read accepts
//
// ReadFile reads only a regular file, not a link, of bounded size: a named
// pipe there never blocks it, a link to a device never floods it.
//
// # Failures
//
// Any error before the rename removes the temporary file and leaves the
// target as it was. A process killed before Commit leaves the target as it
// was too, but may leave its temporary file behind; such files match
// ".*.tmp-*" and may be deleted when no writer runs.
//
// # Use
//
// WriteFile replaces os.WriteFile for data held in memory. For data
// produced by a writer, Create returns a File; write to it, then Commit to
// publish or Abort to discard:
//
//	f, err := atomic.Create(name)
//	if err != nil {
//		return err
//	}
//	defer f.Abort() // does nothing after a successful Commit
//	if err := encode(f, v); err != nil {
//		return err
//	}
//	return f.Commit()
package atomic
