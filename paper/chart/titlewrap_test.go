// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"strings"
	"testing"
)

func TestWrapTitle(t *testing.T) {
	long := "Test accuracy, same-class batching (mean of 3 runs, band: the worst to the best seed)"
	got, n := wrapTitle(long)
	if n != 2 || strings.ReplaceAll(got, "\n", " ") != long {
		t.Errorf("wrapTitle(%q) = %q in %d lines, want the words kept in 2 lines", long, got, n)
	}
	for _, line := range strings.Split(got, "\n") {
		if len([]rune(line)) > titleWidth {
			t.Errorf("line %q is longer than %d characters", line, titleWidth)
		}
	}
	if got, n := wrapTitle("short"); got != "short" || n != 1 {
		t.Errorf("wrapTitle(short) = %q, %d", got, n)
	}
	if got, n := wrapTitle(""); got != "" || n != 1 {
		t.Errorf("wrapTitle of nothing = %q, %d", got, n)
	}
}
