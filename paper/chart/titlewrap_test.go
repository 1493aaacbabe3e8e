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

// TestInteractiveTitleWrapped checks that a long title reaches ECharts in
// lines, for a line chart and a heatmap.
func TestInteractiveTitleWrapped(t *testing.T) {
	long := "Test accuracy, same-class batching (mean of 3 runs, band: the worst to the best seed, zoomed)"
	for _, c := range []Chart{
		&LineChart{Title: long, XLabel: "epoch", YLabel: "accuracy", Series: []Series{{Name: "RR", X: []float64{1, 2}, Y: []float64{1, 2}}}},
		&Heatmap{Title: long, XLabel: "x", YLabel: "y", XTicks: []string{"a", "b"}, YTicks: []string{"c"}, Values: [][]float64{{1, 2}}},
	} {
		snip, _, err := HiddenSnippet(c, "t")
		if err != nil {
			t.Fatal(err)
		}
		want, _ := wrapTitle(long)
		want = strings.ReplaceAll(want, "\n", `\n`)
		if !strings.Contains(string(snip), want) {
			t.Errorf("%T: the snippet does not carry the title in lines %q", c, want)
		}
	}
}
