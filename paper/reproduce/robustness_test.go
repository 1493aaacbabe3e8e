// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/ordering"
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
	args := []string{"-seeds", "1,2,3", "-scale", "smoke", "-only", "two-level-lemma,mishchenko-lemma1,order-matters", "-figures", figs, "-report", report, "-cache", filepath.Join(dir, "cache"), "-quiet"}
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
		if h, err := paper.JudgeCode(c.ID); err != nil || c.Code != h || c.Stale() {
			t.Errorf("%s: judging code %q recorded, want the current one %q (%v)", c.ID, c.Code, h, err)
		}
	}
	if len(rob.Costly) != 1 || rob.Costly[0].Quantity != "order-matters" {
		t.Errorf("costly %+v, want order-matters", rob.Costly)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Stability across seeds", "[two-level-lemma](#two-level-lemma) | stable in ", "- order-matters: "} {
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

// TestRobustnessPartial checks that a pass over some claims is merged
// into the robustness file, keeping the entries of the claims it did not
// rerun, and the report says which claims it covered; that a pass that
// reruns no claim, or some claims with other seeds than the file's, is
// refused before any work and leaves the file as it was, as is a pass over
// every claim that covers less than the file (which it would replace);
// and that a refused run leaves no -cpuprofile file.
func TestRobustnessPartial(t *testing.T) {
	dir := t.TempDir()
	figs, report := filepath.Join(dir, "figures"), filepath.Join(dir, "REPORT.md")
	old := &paper.Robustness{Scale: "smoke", Seeds: []uint64{1, 2}, BLAS: ordering.BLAS, Kernel: ordering.BLASKernel(),
		Claims: []paper.ClaimSeeds{
			{ID: "theorem-1", Verdicts: []paper.Verdict{paper.Reproduced, paper.NotReproduced}},
			{ID: "mishchenko-lemma1", Verdicts: []paper.Verdict{paper.NotReproduced, paper.NotReproduced}},
		},
		Costly: []paper.Row{{Quantity: "order-matters", Ours: "costly"}}}
	if err := paper.SaveRobustness(figs, old); err != nil {
		t.Fatal(err)
	}
	saved := func() []byte {
		b, err := os.ReadFile(filepath.Join(figs, "results", paper.RobustnessFile))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := saved()
	prof := filepath.Join(dir, "cpu.prof")
	pass := func(args ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		args = append([]string{"-scale", "smoke"}, args...)
		args = append(args, "-figures", figs, "-report", report, "-cache", filepath.Join(dir, "cache"), "-quiet")
		code := run(context.Background(), args, &stdout, &stderr)
		return code, stderr.String()
	}
	for _, refused := range []struct {
		args []string
		want string
	}{
		{[]string{"-seeds", "1,2", "-only", "order-matters"}, "-seeds: no claim to rerun: order-matters (left out: "},
		{[]string{"-seeds", "1,2,3", "-only", "mishchenko-lemma1"}, "holds seeds 1,2 at the smoke scale"},
		// A pass over every claim that covers less than the file would
		// replace it.
		{[]string{"-seeds", "1,3"}, "holds seeds 1,2 at the smoke scale for 2 claims, and this pass (seeds 1,3 at the smoke scale) covers less"},
		{[]string{"-seeds", "1,2,3", "-cifar10", "", "-scale", "default", "-cpuprofile", prof}, "and this pass (seeds 1,2,3 at the default scale"},
	} {
		code, stderr := pass(refused.args...)
		if code != 2 || !strings.Contains(stderr, refused.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want 2 and one line saying %q", refused.args, code, stderr, refused.want)
		}
		if !bytes.Equal(saved(), before) {
			t.Errorf("%v: the robustness file changed", refused.args)
		}
		if _, err := os.Lstat(prof); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%v: the refused run left the -cpuprofile file (%v)", refused.args, err)
		}
	}
	if code, stderr := pass("-seeds", "1,2", "-only", "mishchenko-lemma1"); code != 0 {
		t.Fatalf("partial pass: exit %d: %s", code, stderr)
	}
	rob, err := paper.LoadRobustness(figs)
	if err != nil || rob == nil {
		t.Fatal(rob, err)
	}
	var ids []string
	for _, c := range rob.Claims {
		ids = append(ids, c.ID)
	}
	if !slices.Equal(ids, []string{"theorem-1", "mishchenko-lemma1"}) || !slices.Equal(rob.Claims[0].Verdicts, old.Claims[0].Verdicts) ||
		len(rob.Claims[1].Verdicts) != 2 || rob.Claims[1].Key == "" || !slices.Equal(rob.Covered, []string{"mishchenko-lemma1"}) ||
		len(rob.Costly) != 1 || rob.Costly[0].Quantity != "order-matters" {
		t.Errorf("merged file %+v: want theorem-1 kept, mishchenko-lemma1 rerun, order-matters still left out", rob)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "The last pass reran mishchenko-lemma1; the other claims are from earlier passes") {
		t.Errorf("the report does not say which claims the pass covered")
	}
}

// TestCostlyOverThreeMinutes checks that the robustness pass leaves out
// only claims that cost 3 minutes or more a seed at the default scale or
// do not run at it: a claim with a default-scale reference time under 3
// minutes (table-1, scalable-training, scalable-orderings among them) is
// never costly, and a costly one has no such time.
func TestCostlyOverThreeMinutes(t *testing.T) {
	for _, c := range paper.Claims() {
		secs, timed := referenceSeconds[paper.Default][c.ID]
		_, left := costly[c.ID]
		if timed && secs < 180 && left {
			t.Errorf("%s: %.0f s a seed at the default scale, under 3 minutes, but left out of the seeds pass", c.ID, secs)
		}
		if !left && !timed && c.Skipped(paper.Default, &paper.Env{}) == "" {
			t.Errorf("%s: runs at the default scale with no reference time to tell whether it is costly", c.ID)
		}
	}
	for _, id := range []string{"table-1", "scalable-training", "scalable-orderings"} {
		if _, ok := costly[id]; ok {
			t.Errorf("%s is left out of the seeds pass", id)
		}
	}
}
