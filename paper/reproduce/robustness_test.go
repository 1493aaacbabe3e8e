// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper"
)

// TestRobustnessSmoke runs the robustness pass at the smoke scale on two
// cheap claims and a costly one: the robustness file holds a verdict and
// a key number per seed for each cheap claim, names the costly one, the
// report says per claim whether its verdict is stable, and no result or
// figure of the main run is written.
func TestRobustnessSmoke(t *testing.T) {
	dir := t.TempDir()
	figs, report := filepath.Join(dir, "figures"), filepath.Join(dir, "REPORT.md")
	var stdout, stderr bytes.Buffer
	args := []string{"-seeds", "1,2,3", "-scale", "smoke", "-only", "two-level-lemma,mishchenko-lemma1,table-1", "-figures", figs, "-report", report, "-cache", filepath.Join(dir, "cache"), "-quiet"}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	rob, err := paper.LoadRobustness(figs)
	if err != nil || rob == nil {
		t.Fatalf("robustness file: %v, %v", rob, err)
	}
	if !slices.Equal(rob.Seeds, []uint64{1, 2, 3}) || rob.Scale != "smoke" || len(rob.Claims) != 2 {
		t.Fatalf("robustness %+v, want seeds 1, 2, 3 at the smoke scale for two claims", rob)
	}
	for _, c := range rob.Claims {
		if len(c.Verdicts) != 3 || c.Key == "" || len(c.Values)+c.Undefined != 3 {
			t.Errorf("%s: %d verdicts, key %q with %d values and %d undefined; want 3 of each", c.ID, len(c.Verdicts), c.Key, len(c.Values), c.Undefined)
		}
	}
	if len(rob.Costly) != 1 || rob.Costly[0].Quantity != "table-1" {
		t.Errorf("costly %+v, want table-1", rob.Costly)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Stability across seeds", "[two-level-lemma](#two-level-lemma) | stable in ", "- table-1: "} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	for _, id := range []string{"two-level-lemma", "mishchenko-lemma1"} {
		if r, err := paper.LoadResult(figs, id); err != nil || r != nil {
			t.Errorf("%s: main result written by the robustness pass: %v, %v", id, r, err)
		}
	}
	if pngs, _ := filepath.Glob(filepath.Join(figs, "*.png")); len(pngs) > 0 {
		t.Errorf("figures written by the robustness pass: %v", pngs)
	}
}
