// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"io"
	"math"
	"sync"
	"time"
)

// progressEvery is the longest silence of a run whose stderr is not a
// terminal (a log, CI): a line at least this often.
const progressEvery = 30 * time.Second

// overall tracks the whole run, claim i of n, and writes one-line reports
// of it: which claim, how far it is, the time elapsed and an estimate of
// the time left. Its methods may be called from several goroutines.
type overall struct {
	w   io.Writer
	now func() time.Time
	// prev are the seconds of earlier full runs of the claims at this
	// scale, from the timings file: the estimate of a claim not yet run.
	prev map[string]float64
	ids  []string // the claims in the order they run

	mu          sync.Mutex
	start       time.Time
	i           int // index in ids of the current claim
	claimStart  time.Time
	done, total int       // the current claim's progress
	marks       []mark    // the current claim's progress over time
	took        []float64 // seconds of the claims finished, in order
}

// mark is a claim's progress at a time.
type mark struct {
	at   time.Time
	done int
}

func newOverall(w io.Writer, now func() time.Time, ids []string, prev map[string]float64) *overall {
	return &overall{w: w, now: now, ids: ids, prev: prev, start: now(), i: -1}
}

// begin marks the start of claim i.
func (o *overall) begin(i int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.i, o.claimStart, o.done, o.total = i, o.now(), 0, 0
	o.marks = o.marks[:0]
}

// progress is the current claim's Env.Progress.
func (o *overall) progress(done, total int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if done != o.done {
		o.marks = append(o.marks, mark{at: o.now(), done: done})
	}
	o.done, o.total = done, total
}

// end marks the end of the current claim.
func (o *overall) end() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.took = append(o.took, o.now().Sub(o.claimStart).Seconds())
}

// report writes the line of the run's state.
func (o *overall) report() {
	fmt.Fprintln(o.w, o.line())
}

// line is the run's state: "claim 3 of 12 (table-1, 4/12), 1m5s
// elapsed, about 2m30s left".
func (o *overall) line() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	now := o.now()
	i := max(o.i, 0)
	id := o.ids[i]
	part := ""
	if o.total > 0 {
		part = fmt.Sprintf(", %d/%d", o.done, o.total)
	}
	left := "time left unknown until a claim finishes"
	if secs, ok := o.left(now); ok {
		left = "about " + fmtDuration(secs) + " left"
	}
	return fmt.Sprintf("reproduce: claim %d of %d (%s%s), %s elapsed, %s", i+1, len(o.ids), id, part, fmtDuration(now.Sub(o.start).Seconds()), left)
}

// left estimates the seconds left: the current claim's from its progress
// (its pace over the later half of its time: rate) or its earlier run, and each
// later claim's from its earlier run or, without one, the mean time of
// the claims finished in this run. ok is false if there is nothing to go
// by.
func (o *overall) left(now time.Time) (secs float64, ok bool) {
	mean := math.NaN()
	if len(o.took) > 0 {
		mean = 0
		for _, s := range o.took {
			mean += s / float64(len(o.took))
		}
	}
	guess := func(id string) float64 {
		if s, ok := o.prev[id]; ok {
			return s
		}
		return mean
	}
	i := max(o.i, 0)
	in := now.Sub(o.claimStart).Seconds()
	if o.total > 0 && o.done > 0 {
		secs = float64(o.total-o.done) / o.rate(now)
	} else {
		secs = math.Max(guess(o.ids[i])-in, 0)
	}
	for _, id := range o.ids[i+1:] {
		secs += guess(id)
	}
	return secs, !math.IsNaN(secs)
}

// rate returns the current claim's units done a second, over the later
// half of its time so far where units were done in it, else over all of
// it: the runs a cache gives back come in a burst at the start, and
// would promise the rest at their pace ("124 of 286 in 30 s, about 39 s
// left" where the 162 to train took 40 minutes).
func (o *overall) rate(now time.Time) float64 {
	in := now.Sub(o.claimStart).Seconds()
	half := o.claimStart.Add(now.Sub(o.claimStart) / 2)
	base := mark{at: o.claimStart}
	for _, m := range o.marks {
		if m.at.After(half) {
			break
		}
		base = m
	}
	if d, t := o.done-base.done, now.Sub(base.at).Seconds(); d > 0 && t > 0 {
		return float64(d) / t
	}
	return float64(o.done) / in
}

// every writes a line on each tick until stop is closed.
func (o *overall) every(tick <-chan time.Time, stop <-chan struct{}) {
	for {
		select {
		case <-tick:
			o.report()
		case <-stop:
			return
		}
	}
}

// fmtDuration formats secs as 45s, 3m5s or 1h2m.
func fmtDuration(secs float64) string {
	d := time.Duration(math.Round(secs)) * time.Second
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%dm%ds", int(d/time.Minute), int(d%time.Minute/time.Second))
	}
	return fmt.Sprintf("%dh%dm", int(d/time.Hour), int(d%time.Hour/time.Minute))
}
