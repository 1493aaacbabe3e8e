// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestInterruptiblePrefersDone checks that a done context wins over f's
// results: a context done before the call starts no f, and one that f
// itself cancels is reported though f's result is ready too. A select
// between the two picks at random, so each case runs many times.
func TestInterruptiblePrefersDone(t *testing.T) {
	const runs = 2000
	errF := errors.New("f's error")
	for _, tc := range []struct {
		name    string
		cancel  bool // cancel before the call
		inF     bool // f cancels the context before it returns
		wantRun bool // f may start
	}{
		{name: "done before", cancel: true, wantRun: false},
		{name: "done in f", inF: true, wantRun: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k := range runs {
				ctx, cancel := context.WithCancel(context.Background())
				if tc.cancel {
					cancel()
				}
				var ran atomic.Bool
				v, err := interruptible(ctx, func() (int, error) {
					ran.Store(true)
					if tc.inF {
						cancel()
					}
					return 1, errF
				})
				cancel()
				if !errors.Is(err, context.Canceled) || v != 0 {
					t.Fatalf("run %d: interruptible = %d, %v, want 0, %v", k, v, err, context.Canceled)
				}
				if !tc.wantRun && ran.Load() {
					t.Fatalf("run %d: f started with a context already done", k)
				}
			}
		})
	}
}

// TestInterruptibleResult checks that f's results come back when the
// context stays live.
func TestInterruptibleResult(t *testing.T) {
	errF := errors.New("f's error")
	v, err := interruptible(context.Background(), func() (int, error) { return 7, errF })
	if v != 7 || err != errF {
		t.Fatalf("interruptible = %d, %v, want 7, %v", v, err, errF)
	}
}
