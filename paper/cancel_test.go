// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCancelledAtStart checks that every claim, run with a context done
// before it starts, returns the context's error without doing the work:
// no progress, no cache entry, no figure. It does so twice: with a
// cancelled context, and with one whose Done channel a select never takes
// (selectLoses), which makes a claim whose first step fails at once (the
// CIFAR-10 claim without its folder) deterministically take the path a
// loaded machine takes at random.
func TestCancelledAtStart(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, ctx := range []context.Context{cancelled, selectLoses{context.Background()}} {
		testCancelledAtStart(t, ctx)
	}
}

func testCancelledAtStart(t *testing.T, ctx context.Context) {
	for _, c := range Claims() {
		for _, s := range []Scale{Smoke, Default} {
			cache, figs := t.TempDir(), t.TempDir()
			progress := 0
			env := &Env{Seed: 1, CacheDir: cache, FigDir: figs, Progress: func(int, int) { progress++ }}
			out, err := c.Run(ctx, s, env)
			if !errors.Is(err, context.Canceled) || out != nil {
				t.Errorf("%s at the %s scale (%T): outcome %v, error %v, want %v", c.ID, s, ctx, out, err, context.Canceled)
			}
			if progress > 0 {
				t.Errorf("%s at the %s scale: %d progress calls, want none", c.ID, s, progress)
			}
			for _, dir := range []string{cache, figs} {
				if files, _ := os.ReadDir(dir); len(files) > 0 {
					t.Errorf("%s at the %s scale: wrote %d files in %s", c.ID, s, len(files), dir)
				}
			}
		}
	}
}

// selectLoses is a context that is done (Err says so) whose Done channel
// a select never takes: the case of a select that, between a done
// context and a step that fails at once, picks the step.
type selectLoses struct{ context.Context }

func (selectLoses) Done() <-chan struct{} { return nil }
func (selectLoses) Err() error            { return context.Canceled }

// TestCancelledBeforeMissingData checks that a claim on a data set that
// is not there, run with a context already done, reports the
// cancellation and not the missing data set, also when a select between
// the two (both ready at once) takes the failed step.
func TestCancelledBeforeMissingData(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-cifar10")
	out, err := table1CIFAR10Claim.Run(selectLoses{context.Background()}, Smoke, &Env{Seed: 1, CIFAR10: missing})
	if !errors.Is(err, context.Canceled) || out != nil {
		t.Errorf("cancelled: outcome %v, error %v, want %v", out, err, context.Canceled)
	}
	// Not cancelled, the same call names the missing folder.
	_, err = table1CIFAR10Claim.Run(context.Background(), Smoke, &Env{Seed: 1, CIFAR10: missing, CacheDir: t.TempDir(), FigDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("not cancelled: error %v, want one naming %s", err, missing)
	}
}
