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
// Only a regular file, or nothing: a folder, a device, a named pipe or a
// socket at the target is refused with an error naming it (wrapping
// ErrNotRegular), so that, run as root, a write to /dev/null cannot
// replace the device with a file. A symbolic link is followed on purpose:
// the write replaces the regular file its chain of links ends at, in that
// file's folder, and the link stays a link; a link to anything else, or to
// nothing, is refused. Target says where a write would go, so that a
// program can check its outputs before any work.
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
