// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportWithoutResults checks that a report over a figure folder with
// no results lists every claim as not run and still carries the section on
// the paper's slips, each slip in one table row.
func TestReportWithoutResults(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "paper", "REPORT.md")
	if err := WriteReport(path, filepath.Join(dir, "figures")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep := string(b)
	for _, c := range registry {
		if !strings.Contains(rep, "| ["+c.ID+"](#"+anchor(c.ID)+"): "+cellText(c.Quote)+" | "+cellText(c.Where)+" | not registered | not run |") {
			t.Errorf("front row of %s missing or not marked not run", c.ID)
		}
	}
	// A goal of ours is not presented as the paper's statement.
	goals := 0
	for _, c := range registry {
		label, other := "**The paper:** ", "**Our goal:** "
		if c.Goal {
			label, other = other, label
			goals++
		}
		_, sec, _ := strings.Cut(rep, "\n## "+c.ID+"\n")
		sec, _, _ = strings.Cut(sec, "\n## ")
		if !strings.Contains(sec, label+c.Statement) || strings.Contains(sec, other) {
			t.Errorf("section of %s (goal %v) does not label its statement %q", c.ID, c.Goal, label)
		}
	}
	if goals == 0 {
		t.Error("no goal claim in the registry: the label of goals is untested")
	}
	_, after, ok := strings.Cut(rep, "\n## Slips in the paper\n")
	if !ok {
		t.Fatal("no section on the paper's slips")
	}
	for _, s := range slips {
		if s.where == "" || s.what == "" || s.ours == "" {
			t.Errorf("slip %+v has an empty part", s)
		}
		row := "| " + cellText(s.where) + " | " + cellText(s.what) + " | " + cellText(s.ours) + " |"
		if !strings.Contains(after, row) {
			t.Errorf("slips section lacks the row of %q", s.where)
		}
	}
}

// TestRobustnessText checks the robustness pass's words: a stable verdict
// with the spread of its key number, a flipping one named as flipping,
// and a key number undefined in some seeds.
func TestRobustnessText(t *testing.T) {
	stable := ClaimSeeds{ID: "a"}
	for _, x := range []float64{2, 1, 3} {
		stable.Add(Reproduced, Key{Name: "slack", Value: x})
	}
	if got, want := stable.Text(), "verdict stable in 3 of 3 seeds (reproduced); slack 1 to 3"; got != want {
		t.Errorf("stable: %q, want %q", got, want)
	}
	flips := ClaimSeeds{ID: "b"}
	flips.Add(Reproduced, Key{Name: "slope", Value: -2})
	flips.Add(PartlyReproduced, Key{Name: "slope", Value: math.NaN()})
	flips.Add(Reproduced, Key{Name: "slope", Value: -1.5})
	if got, want := flips.Text(), "verdict flips: reproduced in 2 of 3 seeds (by seed: reproduced, partly reproduced, reproduced); slope -2 to -1.5 (undefined in 1 of 3 seeds)"; got != want {
		t.Errorf("flips: %q, want %q", got, want)
	}
	var b bytes.Buffer
	writeRobustness(&b, &Robustness{Scale: "smoke", Seeds: []uint64{1, 2, 3}, Claims: []ClaimSeeds{stable, flips}})
	if !strings.Contains(b.String(), "1 of 2 claims flip") || !strings.Contains(b.String(), "**flips**") {
		t.Errorf("section %q, want one of two claims flipping", b.String())
	}
}
