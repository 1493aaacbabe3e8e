// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package atomic

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.csv")
	if err := WriteFile(name, []byte("first"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(name, []byte("second"), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(name)
	if err != nil || string(b) != "second" {
		t.Fatalf("content %q, %v; want second", b, err)
	}
	if st, _ := os.Stat(name); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}

	// A rename that fails (the target is a non-empty folder) leaves the
	// target as it was and no temporary file behind.
	target := filepath.Join(dir, "folder")
	if err := os.MkdirAll(filepath.Join(target, "keep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(target, []byte("x"), 0o644); err == nil {
		t.Error("writing over a folder: no error")
	}
	if st, err := os.Stat(filepath.Join(target, "keep")); err != nil || !st.IsDir() {
		t.Errorf("target folder damaged: %v", err)
	}
	// An unwritable place gives an error naming the path.
	bad := filepath.Join(dir, "missing", "f")
	if err := WriteFile(bad, nil, 0o644); err == nil {
		t.Error("writing into a missing folder: no error")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "out.csv" && e.Name() != "folder" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
