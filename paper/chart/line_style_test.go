// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"fmt"
	"testing"
)

// TestSeriesStylesDiffer checks that every two series of a chart differ in
// colour, dash or marker, whatever their Dashed and Points flags, for up
// to len(lineColors)·len(glyphs) series; theorem-1-bound has 10, more than
// the 8 colours.
func TestSeriesStylesDiffer(t *testing.T) {
	// look is what a reader sees of a series: in the static chart the
	// glyph, in ECharts the symbol (a line without glyph shows ECharts'
	// default emptyCircle).
	type look struct {
		color  string
		dashed bool
		line   bool // a line is drawn
		marker string
	}
	n := len(lineColors) * len(glyphs)
	for flags := range 4 {
		// A pattern of Dashed and Points flags that varies with flags, so
		// that series with equal and with different flags meet.
		static, interactive := map[look]int{}, map[look]int{}
		for k := range n {
			s := Series{Dashed: (k+flags)%2 == 1, Points: (k/2+flags)%3 == 0}
			st := styleOf(k, s)
			l := look{color: hexColor(st.color), dashed: st.dashed, line: !s.Points, marker: "none"}
			e := l
			e.marker = "emptyCircle"
			if st.glyph >= 0 {
				l.marker = fmt.Sprintf("%T", glyphs[st.glyph].draw)
				e.marker = glyphs[st.glyph].echarts
			}
			for _, m := range []struct {
				seen map[look]int
				l    look
			}{{static, l}, {interactive, e}} {
				if j, ok := m.seen[m.l]; ok {
					t.Errorf("flags pattern %d: series %d and %d look alike: %+v", flags, j, k, m.l)
				}
				m.seen[m.l] = k
			}
		}
	}
	// The case of the issue: series 0 and 8 are both solid blue lines,
	// 1 and 9 both dashed orange.
	for _, pair := range [][2]Series{{{}, {}}, {{Dashed: true}, {Dashed: true}}, {{Points: true}, {Points: true}}} {
		a, b := styleOf(0, pair[0]), styleOf(len(lineColors), pair[1])
		if a == b {
			t.Errorf("series 0 and %d with flags %+v have the same style %+v", len(lineColors), pair[0], a)
		}
	}
	seenGlyph := map[string]bool{}
	for _, g := range glyphs {
		if seenGlyph[g.echarts] {
			t.Errorf("ECharts symbol %q used twice", g.echarts)
		}
		seenGlyph[g.echarts] = true
	}
}

// TestGroupsShareColour checks that series of one Group share a colour and
// that groups and ungrouped series take the colours in turn.
func TestGroupsShareColour(t *testing.T) {
	ss := []Series{{Group: "RR"}, {Group: "RR", Dashed: true}, {}, {Group: "IG"}, {Group: "IG", Dashed: true}, {}}
	st := styles(ss)
	want := []int{0, 0, 1, 2, 2, 3}
	for k := range ss {
		if st[k].color != lineColors[want[k]] {
			t.Errorf("series %d: colour %v, want lineColors[%d]", k, st[k].color, want[k])
		}
	}
	if st[0] == st[1] {
		t.Errorf("a group's solid and dashed series look alike: %+v", st[0])
	}
}
