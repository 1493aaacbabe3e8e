// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// chanWriter sends each write on a channel.
type chanWriter chan string

func (c chanWriter) Write(p []byte) (int, error) {
	c <- string(p)
	return len(p), nil
}

// TestOverallLines checks the overall line on a log (a writer that is not
// a terminal): one per tick, with the claim, its progress, the time elapsed
// and the estimate of the time left.
func TestOverallLines(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	lines := make(chanWriter)
	// b ran in 100 s before; a and c never did.
	o := newOverall(lines, clock.now, []string{"a", "b", "c"}, map[string]float64{"b": 100})
	tick := make(chan time.Time)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		o.every(tick, stop)
		close(done)
	}()
	for _, step := range []struct {
		do   func()
		want string
	}{
		// Nothing to go by: a has no earlier run and no progress.
		{func() { o.begin(0); clock.advance(10 * time.Second) }, "claim 1 of 3 (a), 10s elapsed, time left unknown until a claim finishes"},
		// a is a quarter done after 20 s: 60 s more, and b's 100 s; c is
		// unknown, so no estimate yet.
		{func() { clock.advance(10 * time.Second); o.progress(1, 4) }, "claim 1 of 3 (a, 1/4), 20s elapsed, time left unknown until a claim finishes"},
		// a took 40 s: b's earlier 100 s, less the 30 s in, and c as the
		// mean of the finished claims, 40 s.
		{func() {
			clock.advance(20 * time.Second)
			o.end()
			o.begin(1)
			clock.advance(30 * time.Second)
		}, "claim 2 of 3 (b), 1m10s elapsed, about 1m50s left"},
		// b half done after 60 s: 60 s more, and c's 40 s.
		{func() { clock.advance(30 * time.Second); o.progress(5, 10) }, "claim 2 of 3 (b, 5/10), 1m40s elapsed, about 1m40s left"},
		// c: 8 of 16 units come from the cache in its first second, then
		// 2 more in the next 59 s: its pace is that of the later half
		// (1 in 30 s since the unit done at 30 s), so 6 more take 180 s,
		// not the 36 s the first burst's pace would promise.
		{func() {
			clock.advance(40 * time.Second)
			o.end()
			o.begin(2)
			clock.advance(time.Second)
			o.progress(8, 16)
			clock.advance(29 * time.Second)
			o.progress(9, 16)
			clock.advance(30 * time.Second)
			o.progress(10, 16)
		}, "claim 3 of 3 (c, 10/16), 3m20s elapsed, about 3m0s left"},
	} {
		step.do()
		tick <- clock.t
		if got, want := <-lines, "reproduce: "+step.want+"\n"; got != want {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	}
	close(stop)
	<-done
}

// TestProgressOnLog checks that a run whose stderr is a log (not a
// terminal) gets the overall line at the start of every claim.
func TestProgressOnLog(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"-scale", "smoke", "-only", "omega-example,table-1", "-figures", filepath.Join(dir, "figures"), "-report", filepath.Join(dir, "REPORT.md"), "-cache", ""}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"reproduce: claim 1 of 2 (omega-example), ", "reproduce: claim 2 of 2 (table-1), "} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
}
