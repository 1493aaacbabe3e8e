// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"os"
	"testing"
)

// TestCancelledAtStart checks that every claim, run with a context done
// before it starts, returns the context's error without doing the work:
// no progress, no cache entry, no figure.
func TestCancelledAtStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range Claims() {
		for _, s := range []Scale{Smoke, Default} {
			cache, figs := t.TempDir(), t.TempDir()
			progress := 0
			env := &Env{Seed: 1, CacheDir: cache, FigDir: figs, Progress: func(int, int) { progress++ }}
			out, err := c.Run(ctx, s, env)
			if !errors.Is(err, context.Canceled) || out != nil {
				t.Errorf("%s at the %s scale: outcome %v, error %v, want %v", c.ID, s, out, err, context.Canceled)
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
