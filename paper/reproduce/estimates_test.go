// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/goodorder/goodorder/paper"
)

// TestReferenceSeconds checks that every claim that runs at the smoke and
// default scales has a reference time there, so that a fresh clone's
// first estimate covers the whole run.
func TestReferenceSeconds(t *testing.T) {
	for _, s := range []paper.Scale{paper.Smoke, paper.Default} {
		for _, c := range paper.Claims() {
			if c.Skipped(s, nil) != "" {
				continue
			}
			if secs, ok := referenceSeconds[s][c.ID]; !ok || !(secs > 0) {
				t.Errorf("%s at the %s scale: reference %v, %v; want a positive time", c.ID, s, secs, ok)
			}
		}
	}
}

// TestEarlierSeconds checks the estimator's inputs: the reference times
// without a timings file, a full earlier run's time in place of its
// reference, and a cached run's ignored.
func TestEarlierSeconds(t *testing.T) {
	dir := t.TempDir()
	got := earlierSeconds(dir, paper.Default, paper.Default.String())
	for id, want := range referenceSeconds[paper.Default] {
		if got[id] != want {
			t.Errorf("no timings file: %s %v, want the reference %v", id, got[id], want)
		}
	}
	err := saveTimings(dir, &timings{Claims: []claimTiming{
		{ID: "theorem-1", Scale: "default", Seconds: 100},
		{ID: "table-1", Scale: "default", Seconds: 1, Cached: true},
		{ID: "two-level-k", Scale: "smoke", Seconds: 50},
	}})
	if err != nil {
		t.Fatal(err)
	}
	got = earlierSeconds(dir, paper.Default, paper.Default.String())
	for id, want := range map[string]float64{
		"theorem-1":   100,                                            // a full earlier run wins
		"table-1":     referenceSeconds[paper.Default]["table-1"],     // a cached one does not
		"two-level-k": referenceSeconds[paper.Default]["two-level-k"], // nor one at another scale
	} {
		if got[id] != want {
			t.Errorf("with a timings file: %s %v, want %v", id, got[id], want)
		}
	}
}

// TestFirstEstimate checks that a fresh clone's first line estimates the
// whole default run from the reference times (it said "time left unknown"
// and then, after the quick first claim, a tenth of the real time).
func TestFirstEstimate(t *testing.T) {
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	var ids []string
	want := 0.0
	for _, c := range paper.Claims() {
		if c.Skipped(paper.Default, nil) == "" {
			ids = append(ids, c.ID)
			want += referenceSeconds[paper.Default][c.ID]
		}
	}
	var b bytes.Buffer
	o := newOverall(&b, now, ids, earlierSeconds(t.TempDir(), paper.Default, (paper.Default).String()))
	o.begin(0)
	secs, ok := o.left(now())
	if !ok || math.Abs(secs-want) > 1e-9 {
		t.Errorf("first estimate %v, %v; want the reference total %v", secs, ok, want)
	}
	o.report()
	if !strings.Contains(b.String(), "about "+fmtDuration(want)+" left") {
		t.Errorf("first line %q, want about %s left", b.String(), fmtDuration(want))
	}
}
