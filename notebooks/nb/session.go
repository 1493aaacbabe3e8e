// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"time"

	"github.com/janpfeifer/gonb/gonbui"

	"github.com/goodorder/goodorder/paper"
	"github.com/goodorder/goodorder/paper/chart"
)

// This file holds what a Jupyter session needs beyond a chart: training
// that one Kernel → Interrupt stops for the rest of a Run All, progress
// lines, and the committed results of the claims a notebook does not
// train unless asked.

// # Interrupts
//
// GoNB runs each cell as its own program and sends it SIGINT on Kernel →
// Interrupt, then runs the cells still queued (a Run All goes on). So an
// interrupt is recorded in a file of the kernel's temporary folder, where
// the later cells of the same kernel find it.

// interruptFile is the file that records an interrupt: in the kernel's
// temporary folder ($GONB_TMP_DIR), so that it lasts as long as the
// kernel.
func interruptFile() string {
	dir := os.Getenv("GONB_TMP_DIR")
	if dir == "" {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "goodorder-interrupted")
}

// stdout is where the lines of this file go (a test replaces it).
var stdout io.Writer = os.Stdout

// exit ends the cell's program (a test replaces it).
var exit = os.Exit

// Context returns the context a cell's training runs under: it is done
// when the kernel is interrupted (Kernel → Interrupt). The interrupt is
// recorded, so that the later cells of a Run All skip their work
// (SkipIfInterrupted, Must) until ClearInterrupt; a line says so. A
// second interrupt ends the cell at once.
//
// Every call in a cell's program returns the same context.
func Context() context.Context { return interruptContext() }

var interruptContext = sync.OnceValue(func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	go func() {
		<-ch
		// Recorded first: GoNB kills the program 5 s after the signal.
		if err := markInterrupted(); err != nil {
			fmt.Fprintf(stdout, "nb: recording the interrupt: %v\n", err)
		}
		fmt.Fprintln(stdout, InterruptedLine)
		cancel()
		<-ch
		exit(1)
	}()
	return ctx
})

// InterruptedLine is printed when a cell's training is interrupted.
const InterruptedLine = "interrupted: training stopped; the cells below skip their work until the Parameters cell runs again (Run All runs it first)"

// SkippedLine begins the line of a cell that skips its work after an
// interrupt.
const SkippedLine = "skipped: an earlier cell was interrupted"

func markInterrupted() error {
	return os.WriteFile(interruptFile(), []byte(time.Now().Format(time.RFC3339)+"\n"), 0o644)
}

// Interrupted reports whether a cell of this kernel was interrupted
// since the last ClearInterrupt.
func Interrupted() bool {
	_, err := os.Stat(interruptFile())
	return err == nil
}

// ClearInterrupt forgets an interrupt, so that the cells run again: the
// Parameters cell of a notebook calls it.
func ClearInterrupt() {
	if err := os.Remove(interruptFile()); err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stdout, "nb: %v\n", err)
	}
}

// SkipIfInterrupted ends the cell quietly, with one line and no error,
// if an earlier cell was interrupted (see Context).
func SkipIfInterrupted() {
	if Interrupted() {
		fmt.Fprintf(stdout, "%s (Kernel → Interrupt): run the Parameters cell, or Run All, to go on\n", SkippedLine)
		exit(0)
	}
}

// # Progress

// progressEvery is how often Progress prints at most.
var progressEvery = 15 * time.Second

// Progress returns an Env.Progress that prints how much of what is done,
// the time taken and a rough estimate of the time left: at its first call,
// then at most every 15 seconds, and when all is done. Between calls a
// clock prints the same line every 15 seconds from the moment Progress
// is called, so that a step longer than that (the first training run, a
// data set loading) still shows the cell working. It may be called from
// several goroutines. With $GOODORDER_NB_BATCH set (make notebooks) it
// prints nothing, so that the committed outputs hold no wall times.
func Progress(what string) func(done, total int) {
	if os.Getenv(BatchEnv) != "" {
		return func(int, int) {}
	}
	p := &progress{what: what, start: time.Now(), stop: make(chan struct{})}
	go p.clock(progressEvery)
	return p.report
}

// progress is the state of a Progress line.
type progress struct {
	what        string
	start, last time.Time
	stop        chan struct{} // closed when all is done

	mu          sync.Mutex
	done, total int
	called      bool
}

// report is the Env.Progress of Progress.
func (p *progress) report(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	first := !p.called
	p.called, p.done, p.total = true, done, total
	now := time.Now()
	if done >= total && total > 0 {
		if p.stop != nil {
			close(p.stop)
			p.stop = nil
		}
	} else if !first && now.Sub(p.last) < progressEvery {
		return
	}
	p.print(now)
}

// clock prints the line every interval without a report in between,
// until all is done.
func (p *progress) clock(every time.Duration) {
	p.mu.Lock()
	stop := p.stop
	p.mu.Unlock()
	if stop == nil {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			p.mu.Lock()
			if p.stop != nil && now.Sub(p.last) >= every {
				p.print(now)
			}
			p.mu.Unlock()
		}
	}
}

// print prints the line at now; p.mu is held.
func (p *progress) print(now time.Time) {
	p.last = now
	took := now.Sub(p.start)
	if !p.called {
		fmt.Fprintf(stdout, "%s: started, %s so far\n", p.what, took.Round(time.Second))
		return
	}
	line := fmt.Sprintf("%s: %d of %d done, %s", p.what, p.done, p.total, took.Round(time.Second))
	if p.done > 0 && p.done < p.total {
		left := time.Duration(float64(took) * float64(p.total-p.done) / float64(p.done))
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	fmt.Fprintln(stdout, line)
}

// # Committed results

// Saved returns the committed result of claim id, the one the report
// shows (figures/results/<id>.json), or an error if there is none.
func Saved(id string) (*paper.Result, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	r, err := paper.LoadResult(filepath.Join(root, "figures"), id)
	if err != nil {
		return nil, err
	}
	if r == nil || r.Outcome == nil {
		return nil, fmt.Errorf("nb: no committed result of %s in figures/results", id)
	}
	return r, nil
}

// SavedLine describes where a committed result comes from.
func SavedLine(r *paper.Result) string {
	build := r.BLAS
	if r.Kernel != "" {
		build += " (" + r.Kernel + ")"
	}
	line := fmt.Sprintf("committed result of %s (figures/results/%s.json, the report's): %s scale, seed %d, %s build", r.ID, r.ID, r.Scale, r.Seed, build)
	if n := r.RuleNote(); n != "" {
		// Its CHECK lines may then be an earlier rule's than the RULE
		// lines print.
		line += "; " + n + " (the RULE lines print the current one)"
	}
	return line
}

// ShowSavedChart displays the committed PNG of the chart base of r
// (figures/<base>.png), compacted as Show compacts a chart.
func ShowSavedChart(r *paper.Result, base string) error {
	found := false
	for _, f := range r.Outcome.Figures {
		found = found || f == base
	}
	if !found {
		return fmt.Errorf("nb: the committed result of %s has no chart %q (it has %v)", r.ID, base, r.Outcome.Figures)
	}
	root, err := Root()
	if err != nil {
		return err
	}
	b, err := os.ReadFile(filepath.Join(root, "figures", base+".png"))
	if err != nil {
		return fmt.Errorf("nb: %w", err)
	}
	png, err := chart.CompactFile(b)
	if err != nil {
		return err
	}
	gonbui.DisplayPng(png)
	gonbui.Sync()
	return nil
}

// Protocol prints the protocol list of out: the choices the paper leaves
// open that the run made, and the claim's verdict rule.
func Protocol(out *paper.Outcome) {
	fmt.Fprintln(stdout, "Protocol (our choices where the paper is silent, and the verdict rule):")
	for _, p := range out.Protocol {
		fmt.Fprintf(stdout, "- %s\n", p)
	}
}
