// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/goodorder/goodorder/paper"
)

// TestCacheFollowsCode is issue 30's first case end to end: in a copy of
// the module, it runs mishchenko-lemma1 at the smoke scale, reruns it on
// the same cache (reused: no new entry), multiplies
// ordering.ExpectedPhi2RR's formula by 1.5, rebuilds and reruns it on the
// same cache: the run is recomputed (a new entry) and the verdict follows
// the new code.
func TestCacheFollowsCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command twice")
	}
	const id = "mishchenko-lemma1"
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum", "ordering", "problems", "paper", "internal"} {
		copyTree(t, filepath.Join(root, f), filepath.Join(mod, f))
	}
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	work := t.TempDir()
	cache := filepath.Join(work, "cache")
	build := func(name string) string {
		bin := filepath.Join(work, name)
		cmd := exec.Command(gobin, "build", "-o", bin, "./paper/reproduce")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly", "GOPROXY=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		return bin
	}
	// run runs bin and returns the claim's verdict and the number of
	// entries in the cache.
	run := func(bin, name string) (paper.Verdict, int) {
		figs := filepath.Join(work, name)
		cmd := exec.Command(bin, "-scale", "smoke", "-only", id, "-cache", cache, "-figures", figs, "-report", filepath.Join(figs, "REPORT.md"), "-quiet")
		cmd.Dir = mod
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		r, err := paper.LoadResult(figs, id)
		if err != nil || r == nil || r.Outcome == nil {
			t.Fatalf("%s: result %v, %v", name, r, err)
		}
		entries, _ := filepath.Glob(filepath.Join(cache, "*.json"))
		return r.Outcome.Verdict, len(entries)
	}
	before := build("before")
	v0, n0 := run(before, "first")
	v1, n1 := run(before, "rerun")
	if v1 != v0 || n1 != n0 || n0 == 0 {
		t.Fatalf("rerun of the same build: verdict %v then %v, %d entries then %d", v0, v1, n0, n1)
	}

	bounds := filepath.Join(mod, "ordering", "bounds.go")
	src, err := os.ReadFile(bounds)
	if err != nil {
		t.Fatal(err)
	}
	formula := []byte("return kf * (nf - kf) / (nf - 1) * sigma2, nil")
	if bytes.Count(src, formula) != 1 {
		t.Fatalf("ExpectedPhi2RR's formula %q is not once in ordering/bounds.go", formula)
	}
	src = bytes.Replace(src, formula, []byte("return 1.5 * kf * (nf - kf) / (nf - 1) * sigma2, nil"), 1)
	if err := os.WriteFile(bounds, src, 0o644); err != nil {
		t.Fatal(err)
	}
	v2, n2 := run(build("after"), "edited")
	if n2 != n0+1 {
		t.Errorf("after the edit the cache has %d entries, want %d: the run was not recomputed", n2, n0+1)
	}
	if v2 == v0 {
		t.Errorf("after the edit the verdict is still %v", v2)
	}
}

// copyTree copies the regular files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
