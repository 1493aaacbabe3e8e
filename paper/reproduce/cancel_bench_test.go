// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/goodorder/goodorder/paper"
)

// cancelAfter are the times BenchmarkCancel lets a claim run before it
// cancels it: past loading data, and into each claim's long loops.
var cancelAfter = []time.Duration{3 * time.Second, 20 * time.Second, 45 * time.Second}

// BenchmarkCancel measures the latency of Ctrl-C for each claim at the
// default scale: it starts the command on the claim with an empty cache,
// cancels its context after each of cancelAfter, and reports the time from
// the cancel to the command's return (ms/cancel). A claim that finishes
// before the cancel reports finished=1 and no latency, and is not run with
// the longer times. Run it once, on an idle machine:
//
//	go test -tags openblas -run '^$' -bench Cancel -benchtime 1x ./paper/reproduce
func BenchmarkCancel(b *testing.B) {
	for _, c := range paper.Claims() {
		for _, after := range cancelAfter {
			finishedAll := false
			b.Run(c.ID+"/after="+after.String(), func(b *testing.B) {
				var latency time.Duration
				finished := 0
				for b.Loop() {
					dir := b.TempDir()
					args := []string{"-only", c.ID, "-scale", "default", "-figures", filepath.Join(dir, "figures"),
						"-report", filepath.Join(dir, "REPORT.md"), "-cache", filepath.Join(dir, "cache"), "-quiet"}
					ctx, cancel := context.WithCancel(context.Background())
					cancelled := make(chan time.Time, 1)
					timer := time.AfterFunc(after, func() {
						cancelled <- time.Now()
						cancel()
					})
					var stdout, stderr bytes.Buffer
					code := run(ctx, args, &stdout, &stderr)
					returned := time.Now()
					if timer.Stop() {
						// The claim finished before the cancel.
						finished++
						cancel()
						if code != 0 {
							b.Fatalf("exit %d: %s", code, stderr.String())
						}
						continue
					}
					if code != exitInterrupted {
						b.Fatalf("exit %d after the cancel, want %d: %s", code, exitInterrupted, stderr.String())
					}
					latency += returned.Sub(<-cancelled)
				}
				if n := b.N - finished; n > 0 {
					b.ReportMetric(float64(latency.Milliseconds())/float64(n), "ms/cancel")
				}
				b.ReportMetric(float64(finished), "finished")
				finishedAll = finished == b.N
			})
			if finishedAll {
				break
			}
		}
	}
}
