// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/goodorder/goodorder/paper/atomic"
)

// Result is a claim's outcome with the conditions it was measured under.
// It holds nothing that depends on the machine or on the cache, so that a
// rerun with the same seed and build writes the same bytes: wall times go
// to the Timings file.
type Result struct {
	ID    string `json:"id"`
	Scale string `json:"scale"`
	Seed  uint64 `json:"seed"`
	// BLAS is the build's BLAS (ordering.BLAS): "openblas" or "purego".
	// The builds agree in every verdict, not in every last bit.
	BLAS    string   `json:"blas,omitempty"`
	Outcome *Outcome `json:"outcome"`
}

// resultPath is where the result of claim id is kept in the figure folder,
// so that a report can be assembled from claims run at different times.
func resultPath(figDir, id string) string {
	return filepath.Join(figDir, "results", id+".json")
}

// SaveResult writes r atomically into figDir/results/<id>.json.
func SaveResult(figDir string, r *Result) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("paper: result of %s: %w", r.ID, err)
	}
	path := resultPath(figDir, r.ID)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("paper: %w", err)
	}
	return atomic.WriteFile(path, append(b, '\n'), 0o644)
}

// LoadResult reads the saved result of claim id; it returns nil and no
// error if there is none.
func LoadResult(figDir, id string) (*Result, error) {
	return loadJSON[Result](resultPath(figDir, id))
}

// loadJSON reads the JSON file at path into a new T; it returns nil and no
// error if there is none.
func loadJSON[T any](path string) (*T, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("paper: %w", err)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("paper: %s: %w", path, err)
	}
	return &v, nil
}

// TimingsFile is the base name of the timings file in the results folder
// of the figure folder. It depends on the machine and is not committed
// (.gitignore lists it).
const TimingsFile = "timings.json"

// Timings are the machine-dependent measurements of the last runs of the
// claims: what a rerun on another machine, or from the cache, changes.
type Timings struct {
	// Machine names the machine: OS, architecture, CPUs, Go release and
	// BLAS build.
	Machine string `json:"machine"`
	// Command is the command line of the run.
	Command string `json:"command"`
	// Claims holds one entry per claim, in the order they were run.
	Claims []ClaimTiming `json:"claims"`
}

// ClaimTiming is the wall time of one claim's run and the timings the claim
// measured (Outcome.Timings).
type ClaimTiming struct {
	ID    string `json:"id"`
	Scale string `json:"scale"`
	// Seconds is the wall time of the claim's run.
	Seconds float64 `json:"seconds"`
	// Cached is set if the run reused cached work, so Seconds is not the
	// time of a full run, nor Measured of this run.
	Cached   bool  `json:"cached,omitempty"`
	Measured []Row `json:"measured,omitempty"`
}

// timingsPath is where the timings are kept in the figure folder.
func timingsPath(figDir string) string {
	return filepath.Join(figDir, "results", TimingsFile)
}

// LoadTimings reads the timings file of figDir; it returns nil and no error
// if there is none.
func LoadTimings(figDir string) (*Timings, error) {
	return loadJSON[Timings](timingsPath(figDir))
}

// SaveTimings writes t atomically into figDir/results/timings.json,
// keeping the entries of the claims in the file that t does not hold (an
// unreadable file is replaced).
func SaveTimings(figDir string, t *Timings) error {
	merged := *t
	merged.Claims = nil
	if prev, err := LoadTimings(figDir); err == nil && prev != nil {
		for _, c := range prev.Claims {
			if !slices.ContainsFunc(t.Claims, func(n ClaimTiming) bool { return n.ID == c.ID }) {
				merged.Claims = append(merged.Claims, c)
			}
		}
	}
	merged.Claims = append(merged.Claims, t.Claims...)
	b, err := json.MarshalIndent(&merged, "", "  ")
	if err != nil {
		return fmt.Errorf("paper: timings: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(timingsPath(figDir)), 0o755); err != nil {
		return fmt.Errorf("paper: %w", err)
	}
	return atomic.WriteFile(timingsPath(figDir), append(b, '\n'), 0o644)
}

// WriteReport writes the Markdown report to path atomically: a summary
// table and one section per registered claim, with the paper's statement,
// our numbers, the verdict, the figures (linked relative to the report)
// and the protocol choices. Claims without a saved result in figDir are
// listed as not run.
func WriteReport(path, figDir string) error {
	rel, err := filepath.Rel(filepath.Dir(path), figDir)
	if err != nil {
		rel = figDir
	}
	rel = filepath.ToSlash(rel)
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Reproduction report\n\n")
	fmt.Fprintf(&b, "Mohtashami, Stich and Jaggi, *Characterizing & Finding Good Data Orderings for Fast Convergence of Sequential Gradient Methods*: every claim we check, the paper's statement beside our measurement.\n\n")
	fmt.Fprintf(&b, "Generated by `make reproduce` (`go run -tags openblas ./paper/reproduce`); do not edit by hand. Each section says the scale, seed and BLAS build (OpenBLAS or gonum's pure Go, which agree in every verdict, not in every last bit) it was run with. Nothing here depends on the machine: wall times, and the speed ratios some claims measure, are written with the machine and the command to %s/results/%s, which is not committed.\n\n", rel, TimingsFile)
	results := make([]*Result, len(registry))
	for i, c := range registry {
		r, err := LoadResult(figDir, c.ID)
		if err != nil {
			return err
		}
		results[i] = r
	}
	fmt.Fprintf(&b, "Verdicts: a statement of the paper is reproduced, partly reproduced or not reproduced; a goal of ours beyond the paper is met or not met. The errors we found in the paper's text, and how we read each, are listed at the end under [Slips in the paper](#slips-in-the-paper).\n\n")
	fmt.Fprintf(&b, "| claim | where | verdict | summary |\n|---|---|---|---|\n")
	for i, c := range registry {
		verdict, summary := "not run", ""
		if r := results[i]; r != nil && r.Outcome != nil {
			verdict, summary = r.Outcome.Verdict.String(), r.Outcome.Summary
		}
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s |\n", c.ID, anchor(c.ID), cellText(c.Where), verdict, cellText(summary))
	}
	for i, c := range registry {
		fmt.Fprintf(&b, "\n## %s\n\n", c.ID)
		fmt.Fprintf(&b, "**Where:** %s\n\n**The paper:** %s\n\n", c.Where, c.Statement)
		r := results[i]
		if r == nil || r.Outcome == nil {
			if why := c.Skipped(&Env{Scale: Default}); why != "" {
				fmt.Fprintf(&b, "Not run: %s.\n", why)
				continue
			}
			fmt.Fprintf(&b, "Not run yet: `go run ./paper/reproduce -only %s`.\n", c.ID)
			continue
		}
		o := r.Outcome
		fmt.Fprintf(&b, "**Verdict:** %s. %s\n\n", o.Verdict, o.Summary)
		build := ""
		if r.BLAS != "" {
			build = fmt.Sprintf(", %s build", r.BLAS)
		}
		fmt.Fprintf(&b, "Scale `%s`, seed %d%s.\n\n", r.Scale, r.Seed, build)
		if len(o.Rows) > 0 {
			fmt.Fprintf(&b, "| quantity | paper | ours |\n|---|---|---|\n")
			for _, row := range o.Rows {
				fmt.Fprintf(&b, "| %s | %s | %s |\n", cellText(row.Quantity), cellText(row.Paper), cellText(row.Ours))
			}
			b.WriteString("\n")
		}
		for _, f := range o.Figures {
			fmt.Fprintf(&b, "![%s](%s/%s.png)\n\nData: [%s.csv](%s/%s.csv), interactive: [%s.html](%s/%s.html)\n\n", f, rel, f, f, rel, f, f, rel, f)
		}
		if o.Details != "" {
			b.WriteString(strings.TrimSpace(o.Details))
			b.WriteString("\n\n")
		}
		if len(o.Protocol) > 0 {
			b.WriteString("Protocol choices where the paper is silent:\n\n")
			for _, p := range o.Protocol {
				fmt.Fprintf(&b, "- %s\n", p)
			}
			b.WriteString("\n")
		}
	}
	writeSlips(&b)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("paper: %w", err)
	}
	return atomic.WriteFile(path, b.Bytes(), 0o644)
}

// anchor is GitHub's heading anchor for an id made of lower-case letters,
// digits and hyphens.
func anchor(id string) string { return strings.ToLower(id) }

// cellText makes s safe inside a Markdown table cell.
func cellText(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// writeSlips writes the report's section on the paper's slips.
func writeSlips(b *bytes.Buffer) {
	fmt.Fprintf(b, "\n## Slips in the paper\n\n")
	fmt.Fprintf(b, "Errors in the paper's text that a reader reproducing it meets, in the paper's order, each with how we read it; where a slip touches a claim we check, the claim's section tests the reading said here.\n\n")
	fmt.Fprintf(b, "| where | what is written, and what is meant | what we did |\n|---|---|---|\n")
	for _, s := range slips {
		fmt.Fprintf(b, "| %s | %s | %s |\n", cellText(s.where), cellText(s.what), cellText(s.ours))
	}
}
