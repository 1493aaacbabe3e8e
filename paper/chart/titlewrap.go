// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import "strings"

// titleWidth is the most characters of an interactive chart's title on
// one line: ECharts does not wrap a title, and at its 18 px bold font a
// longer line runs past the 900 px chart (and a notebook's output area).
const titleWidth = 70

// wrapTitle breaks title into lines of at most titleWidth characters at
// spaces, joined by "\n" (which ECharts draws as a line break), and
// returns the number of lines. A word longer than a line stays whole.
func wrapTitle(title string) (string, int) {
	var lines []string
	var line []rune
	for _, w := range strings.Fields(title) {
		r := []rune(w)
		if len(line) > 0 && len(line)+1+len(r) > titleWidth {
			lines = append(lines, string(line))
			line = nil
		}
		if len(line) > 0 {
			line = append(line, ' ')
		}
		line = append(line, r...)
	}
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, string(line))
	}
	return strings.Join(lines, "\n"), len(lines)
}
