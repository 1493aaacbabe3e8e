// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package atomic writes files so that a reader, or a process killed half way,
// never sees a truncated file: data goes to a temporary file in the same
// folder, is synced, and is renamed over the target.
package atomic

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes data to the named file atomically with permissions perm.
// On error the target is left as it was and no temporary file remains.
func WriteFile(name string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return fmt.Errorf("atomic: writing %s: %w", name, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("atomic: writing %s: %w", name, err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("atomic: writing %s: %w", name, err)
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("atomic: writing %s: %w", name, err)
	}
	return nil
}
