// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/goodorder/goodorder/paper"
)

// capture replaces stdout and exit for the test and returns the output
// and the exit codes.
func capture(t *testing.T) (*bytes.Buffer, *[]int) {
	t.Helper()
	var out bytes.Buffer
	var codes []int
	oldOut, oldExit := stdout, exit
	stdout = &out
	exit = func(code int) { codes = append(codes, code) }
	t.Cleanup(func() { stdout, exit = oldOut, oldExit })
	return &out, &codes
}

func TestOutcomeLine(t *testing.T) {
	out := &paper.Outcome{Verdict: paper.NotTested, Summary: "no loss to win back"}
	saved := func(scale string, v paper.Verdict) *paper.Result {
		return &paper.Result{ID: "x", Scale: scale, Outcome: &paper.Outcome{Verdict: v}}
	}
	for _, test := range []struct {
		name  string
		saved *paper.Result
		scale string
		want  string
	}{
		{"same", saved("default", paper.NotTested), "default", "CHECK x: ok (not tested, as in the report: no loss to win back)"},
		{"same quick", saved("quick", paper.NotTested), "quick", "CHECK x: ok (not tested, as in the report: no loss to win back)"},
		{"paper scale stands for default", saved("paper", paper.NotTested), "default", "CHECK x: ok (not tested, as in the report"},
		{"paper scale stands for quick", saved("paper", paper.NotTested), "quick", "CHECK x: ok (not tested, as in the report"},
		{"quick for default, same protocol", saved("quick", paper.NotTested), "default", "CHECK x: ok (not tested, as in the report"},
		{"other verdict", saved("default", paper.Reproduced), "default", "CHECK x: MISMATCH (not tested here, reproduced in the report: no loss"},
		{"smoke", saved("default", paper.Reproduced), "smoke", "CHECK x: new (not tested, nothing committed at the smoke scale"},
		{"nothing saved", nil, "quick", "CHECK x: new (not tested, nothing committed at the quick scale"},
		{"default for paper", saved("default", paper.Reproduced), "paper", "CHECK x: new"},
	} {
		if got := outcomeLine("x", out, test.saved, test.scale); !strings.HasPrefix(got, test.want) {
			t.Errorf("%s: %q, want it to begin %q", test.name, got, test.want)
		}
	}
	// An untested or inconclusive claim is never a MISMATCH by itself.
	for _, v := range []paper.Verdict{paper.NotTested, paper.Inconclusive, paper.NotReproduced, paper.PartlyReproduced} {
		o := &paper.Outcome{Verdict: v}
		if got := outcomeLine("x", o, saved("default", v), "default"); strings.Contains(got, "MISMATCH") {
			t.Errorf("verdict %v as in the report: %q", v, got)
		}
	}
}

// TestCheckOutcomeCommitted checks CheckOutcome against a committed result
// of the repository: its own verdict is ok, another a MISMATCH.
func TestCheckOutcomeCommitted(t *testing.T) {
	t.Setenv("GONB_DIR", "")
	t.Setenv(ScaleEnv, paper.QuickName)
	r, err := Saved("table-1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(SavedLine(r), "figures/results/table-1.json") || strings.Contains(SavedLine(r), "earlier rule") {
		t.Errorf("SavedLine = %q, want the file named and no earlier rule", SavedLine(r))
	}
	old := *r
	old.Judge = "an older hash"
	if !strings.Contains(SavedLine(&old), "judged by an earlier rule") {
		t.Errorf("SavedLine of a result judged by other code = %q, want it said", SavedLine(&old))
	}
	out, _ := capture(t)
	CheckOutcome("table-1", r.Outcome)
	other := *r.Outcome
	other.Verdict = paper.Verdict(int(r.Outcome.Verdict)%int(paper.NotTested) + 1)
	CheckOutcome("table-1", &other)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "CHECK table-1: ok (") || !strings.HasPrefix(lines[1], "CHECK table-1: MISMATCH (") {
		t.Errorf("CHECK lines:\n%s\nwant ok then MISMATCH", out)
	}
	// At the default scale, table-1's committed result, made at the quick
	// scale that runs it smaller, compares with nothing.
	t.Setenv(ScaleEnv, "default")
	out.Reset()
	CheckOutcome("table-1", r.Outcome)
	if !strings.HasPrefix(out.String(), "CHECK table-1: new (") {
		t.Errorf("CHECK line at the default scale of a result made at the quick scale: %q, want new", out)
	}
	if _, err := Saved("no-such-claim"); err == nil {
		t.Error("Saved(no-such-claim): no error")
	}
}

func TestInterrupt(t *testing.T) {
	t.Setenv("GONB_TMP_DIR", t.TempDir())
	out, codes := capture(t)
	if Interrupted() {
		t.Fatal("interrupted in a new folder")
	}
	SkipIfInterrupted()
	Must(nil)
	if len(*codes) != 0 || out.Len() != 0 {
		t.Fatalf("without an interrupt: exits %v, output %q", *codes, out)
	}
	if err := markInterrupted(); err != nil {
		t.Fatal(err)
	}
	if !Interrupted() {
		t.Fatal("not interrupted after markInterrupted")
	}
	SkipIfInterrupted()
	if len(*codes) != 1 || (*codes)[0] != 0 || !strings.HasPrefix(out.String(), SkippedLine) {
		t.Errorf("SkipIfInterrupted after an interrupt: exits %v, output %q; want exit 0 and %q", *codes, out, SkippedLine)
	}
	// The run's context error ends the cell quietly; another error panics.
	Must(fmt.Errorf("table-1: %w", context.Canceled))
	if len(*codes) != 2 || (*codes)[1] != 0 {
		t.Errorf("Must(canceled) after an interrupt: exits %v, want a second exit 0", *codes)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Must(another error) did not panic")
			}
		}()
		Must(errors.New("bad config"))
	}()
	ClearInterrupt()
	if Interrupted() {
		t.Error("interrupted after ClearInterrupt")
	}
	ClearInterrupt() // nothing to clear: no error printed
	if strings.Contains(out.String(), "nb:") {
		t.Errorf("ClearInterrupt printed %q", out)
	}
	// Without the recorded interrupt, a cancelled run is an error.
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Must(canceled) without an interrupt did not panic")
			}
		}()
		Must(context.Canceled)
	}()
}

func TestProgress(t *testing.T) {
	t.Setenv(BatchEnv, "1")
	out, _ := capture(t)
	Progress("batch")(1, 1)
	if out.Len() > 0 {
		t.Errorf("progress under %s: %q, want nothing (no wall times in committed outputs)", BatchEnv, out)
	}
	t.Setenv(BatchEnv, "")
	old := progressEvery
	progressEvery = time.Hour
	t.Cleanup(func() { progressEvery = old })
	p := Progress("study")
	p(1, 4) // the first call prints
	p(2, 4) // within the hour: quiet
	p(4, 4) // the end always prints
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "study: 1 of 4 done") || !strings.Contains(lines[0], "left") || !strings.HasPrefix(lines[1], "study: 4 of 4 done") {
		t.Errorf("progress lines:\n%s", out)
	}

	// A step longer than the interval: the clock prints without a call.
	out.Reset()
	progressEvery = 20 * time.Millisecond
	p = Progress("slow")
	time.Sleep(200 * time.Millisecond)
	p(1, 1)
	got := out.String()
	if !strings.HasPrefix(got, "slow: started") || !strings.HasSuffix(got, "slow: 1 of 1 done, 0s\n") {
		t.Errorf("progress of a step longer than the interval:\n%s\nwant clock lines, then the end", got)
	}
	out.Reset()
	time.Sleep(100 * time.Millisecond)
	if out.Len() > 0 {
		t.Errorf("the clock went on after the end: %q", out)
	}
}

func TestProtocol(t *testing.T) {
	out, _ := capture(t)
	Protocol(&paper.Outcome{Protocol: []string{"a", "b"}})
	if got, want := out.String(), "- a\n- b\n"; !strings.HasSuffix(got, want) || !strings.HasPrefix(got, "Protocol") {
		t.Errorf("Protocol printed %q, want a heading and %q", got, want)
	}
}

// TestContextInterrupt sends the test's own process SIGINT, as GoNB sends
// a cell's program on Kernel → Interrupt: the context is done, the
// interrupt recorded and a line printed.
func TestContextInterrupt(t *testing.T) {
	t.Setenv("GONB_TMP_DIR", t.TempDir())
	out, _ := capture(t)
	ctx := Context()
	if Context() != ctx {
		t.Error("two calls of Context gave two contexts")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Skip("cannot send SIGINT:", err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the context is not done 10 s after SIGINT")
	}
	if !Interrupted() {
		t.Error("the interrupt was not recorded")
	}
	// The line is printed before the context is cancelled.
	if !strings.Contains(out.String(), InterruptedLine) {
		t.Errorf("output %q, want %q", out, InterruptedLine)
	}
}
