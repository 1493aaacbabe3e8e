// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper"
)

// TestVerdictsSameInBothBuilds runs every claim at the smoke scale in this
// (pure-Go) build and, as a subprocess, in the OpenBLAS build, and checks
// that every verdict is the same: the builds may round differently, not
// conclude differently. It runs in the pure-Go build only (the OpenBLAS
// build would run the same comparison again), and is skipped with -short
// and where OpenBLAS does not link, except under CI (CI set), where it
// fails.
func TestVerdictsSameInBothBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("two smoke runs")
	}
	if ordering.BLAS != "purego" {
		t.Skipf("runs from the pure-Go build; this is %s", ordering.BLAS)
	}
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	dir := t.TempDir()
	bin := filepath.Join(dir, "reproduce-openblas")
	if out, err := exec.Command(gobin, "build", "-tags", "openblas", "-o", bin, ".").CombinedOutput(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("OpenBLAS build under CI: %v\n%s", err, out)
		}
		t.Skipf("no OpenBLAS build here (apt-get install libopenblas-dev): %v", err)
	}
	smoke := func(name string) []string {
		d := filepath.Join(dir, name)
		return []string{"-scale", "smoke", "-figures", filepath.Join(d, "figures"), "-report", filepath.Join(d, "REPORT.md"), "-cache", "", "-quiet"}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), smoke("purego"), &stdout, &stderr); code != 0 {
		t.Fatalf("pure Go: exit %d: %s", code, stderr.String())
	}
	if out, err := exec.Command(bin, smoke("openblas")...).CombinedOutput(); err != nil {
		t.Fatalf("OpenBLAS: %v\n%s", err, out)
	}
	for _, c := range paper.Claims() {
		if c.Skipped(paper.Smoke, nil) != "" {
			continue // table-1-cifar10 without CIFAR-10
		}
		var v [2]paper.Verdict
		for k, build := range []string{"purego", "openblas"} {
			r, err := paper.LoadResult(filepath.Join(dir, build, "figures"), c.ID)
			if err != nil || r == nil {
				t.Fatalf("%s, %s build: no result (%v)", c.ID, build, err)
			}
			v[k] = r.Outcome.Verdict
		}
		if v[0] != v[1] {
			t.Errorf("%s: verdict %v in the pure-Go build, %v with OpenBLAS", c.ID, v[0], v[1])
		}
	}
}
