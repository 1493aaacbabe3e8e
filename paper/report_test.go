// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
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
		if !strings.Contains(rep, "| ["+c.ID+"](#"+anchor(c.ID)+") | "+cellText(c.Where)+" | not run |") {
			t.Errorf("summary row of %s missing or not marked not run", c.ID)
		}
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
