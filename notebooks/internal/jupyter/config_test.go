// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package jupyter holds the Jupyter configuration make jupyter serves the
// notebooks with (jupyter_notebook_config.py) and its test.
package jupyter

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// python is Debian's Python, which has the classic Notebook (make deps).
const python = "/usr/bin/python3"

// TestShadowContentsManager saves an edited tracked notebook through the
// configuration's contents manager, as Jupyter's autosave does, and checks
// that git status stays clean, that the edit is read back, that a
// checkpoint and its revert leave the tracked file alone, and that an
// untracked notebook is saved in place.
func TestShadowContentsManager(t *testing.T) {
	if err := exec.Command(python, "-c", "import nbformat\ntry:\n import notebook.services.contents.filemanager\nexcept ImportError:\n import jupyter_server").Run(); err != nil {
		t.Skipf("%s has no Jupyter Notebook or jupyter_server (make deps installs jupyter-notebook): %v", python, err)
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	conf, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	run := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %q: %v\n%s", name, args, err, out)
		}
		return string(out)
	}
	const nb = `{"cells": [{"cell_type": "code", "execution_count": null, "id": "c01", "metadata": {}, "outputs": [], "source": ["x := 1"]}],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
`
	if err := os.WriteFile(filepath.Join(root, "a.ipynb"), []byte(nb), 0o644); err != nil {
		t.Fatal(err)
	}
	run("git", "init", "-q")
	run("git", "add", "a.ipynb")
	run("git", "commit", "-qm", "a")
	if err := os.WriteFile(filepath.Join(root, "b.ipynb"), []byte(nb), 0o644); err != nil {
		t.Fatal(err)
	}

	out := run(python, "-c", `
import sys
sys.path.insert(0, sys.argv[1])
from jupyter_notebook_config import ShadowContentsManager
m = ShadowContentsManager(root_dir=sys.argv[2])
for path in ("a.ipynb", "b.ipynb"):
    model = m.get(path)
    model["content"].cells[0].source = "x := -4"
    saved = m.save(model, path)
    assert saved["path"] == path, saved["path"]
    cp = m.create_checkpoint(path)
    model["content"].cells[0].source = "x := -8"
    m.save(model, path)
    m.restore_checkpoint(cp["id"], path)
    print(path, m.get(path)["content"].cells[0].source)
`, conf, root)
	for _, want := range []string{"a.ipynb x := -4", "b.ipynb x := -4"} {
		if !strings.Contains(out, want) {
			t.Errorf("read back after save, checkpoint and revert: %q, want a line %q", out, want)
		}
	}
	if st := run("git", "status", "--porcelain", "--", "a.ipynb", "edits"); st != "" {
		t.Errorf("git status after saving the tracked notebook: %q, want clean", st)
	}
	b, err := os.ReadFile(filepath.Join(root, "b.ipynb"))
	if err != nil || !strings.Contains(string(b), "x := -4") {
		t.Errorf("the untracked notebook was not saved in place (%v):\n%s", err, b)
	}
	if b, err := os.ReadFile(filepath.Join(root, "edits", "a.ipynb")); err != nil || !strings.Contains(string(b), "x := -4") {
		t.Errorf("edits/a.ipynb does not hold the edit (%v)", err)
	}
}
