// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/goodorder/goodorder/paper"
	"github.com/goodorder/goodorder/paper/atomic"
)

// The timings file holds what depends on the machine, kept out of the
// committed results: the wall time of every claim's last run and the
// timings it measured, with the machine and the command.

// timings are the machine-dependent measurements of the last runs of the
// claims: what a rerun on another machine, or from the cache, changes.
type timings struct {
	// Machine names the machine: OS, architecture, CPUs, Go release and
	// BLAS build.
	Machine string `json:"machine"`
	// Command is the command line of the run.
	Command string `json:"command"`
	// Claims holds one entry per claim, in the order they were run.
	Claims []claimTiming `json:"claims"`
}

// claimTiming is the wall time of one claim's run and the timings the claim
// measured (paper.Outcome.Timings).
type claimTiming struct {
	ID    string `json:"id"`
	Scale string `json:"scale"`
	// Seconds is the wall time of the claim's run.
	Seconds float64 `json:"seconds"`
	// Cached is set if the run reused cached work, so Seconds is not the
	// time of a full run, nor Measured of this run.
	Cached   bool        `json:"cached,omitempty"`
	Measured []paper.Row `json:"measured,omitempty"`
}

// timingsPath is where the timings are kept in the figure folder.
func timingsPath(figDir string) string {
	return filepath.Join(figDir, "results", paper.TimingsFile)
}

// loadTimings reads the timings file of figDir. It returns nil if there is
// none or it cannot be read, or is not a regular file of at most
// paper.MaxResultFile bytes (a named pipe does not block it, a device does
// not flood it): its callers go on without it.
func loadTimings(figDir string) *timings {
	b, err := atomic.ReadFile(timingsPath(figDir), paper.MaxResultFile)
	if err != nil {
		return nil
	}
	var t timings
	if json.Unmarshal(b, &t) != nil {
		return nil
	}
	return &t
}

// saveTimings writes t atomically into figDir/results/timings.json,
// keeping the entries of the claims in the file that t does not hold (an
// unreadable file is replaced).
func saveTimings(figDir string, t *timings) error {
	merged := *t
	merged.Claims = nil
	if prev := loadTimings(figDir); prev != nil {
		for _, c := range prev.Claims {
			if !slices.ContainsFunc(t.Claims, func(n claimTiming) bool { return n.ID == c.ID }) {
				merged.Claims = append(merged.Claims, c)
			}
		}
	}
	merged.Claims = append(merged.Claims, t.Claims...)
	if err := atomic.WriteJSON(timingsPath(figDir), &merged); err != nil {
		return fmt.Errorf("reproduce: timings: %w", err)
	}
	return nil
}
