// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"fmt"
	"math"
	"sort"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// textBox is a line of text drawn on a static chart and the rectangle
// its glyphs' ink covers, in points from the image's lower left corner.
type textBox struct {
	text string
	ink  vg.Rectangle
	// space is the width of a space in the text's font; upright says
	// the text runs left to right (else it is rotated, reading up or
	// down).
	space   vg.Length
	upright bool
	// size is the font's size.
	size vg.Length
}

// affine is the map (x, y) → (a·x + c·y + e, b·x + d·y + f).
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

// then returns the map that applies n first, then m: m∘n.
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// textRecorder is a canvas that draws on the canvas it wraps and records
// the ink box of every line of text drawn on it (Check's text rule). It
// follows the canvas's transforms (gonum/plot rotates the canvas to draw
// a rotated label), so that each box is where the text lands.
type textRecorder struct {
	vg.CanvasSizer
	m     affine
	stack []affine
	boxes []textBox
}

func newTextRecorder(c vg.CanvasSizer) *textRecorder {
	return &textRecorder{CanvasSizer: c, m: identity}
}

func (r *textRecorder) Push() {
	r.stack = append(r.stack, r.m)
	r.CanvasSizer.Push()
}

func (r *textRecorder) Pop() {
	if n := len(r.stack); n > 0 {
		r.m = r.stack[n-1]
		r.stack = r.stack[:n-1]
	}
	r.CanvasSizer.Pop()
}

func (r *textRecorder) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	r.m = r.m.then(affine{a: c, b: s, c: -s, d: c})
	r.CanvasSizer.Rotate(rad)
}

func (r *textRecorder) Translate(pt vg.Point) {
	r.m = r.m.then(affine{a: 1, d: 1, e: float64(pt.X), f: float64(pt.Y)})
	r.CanvasSizer.Translate(pt)
}

func (r *textRecorder) Scale(x, y float64) {
	r.m = r.m.then(affine{a: x, d: y})
	r.CanvasSizer.Scale(x, y)
}

func (r *textRecorder) FillString(f font.Face, pt vg.Point, text string) {
	r.CanvasSizer.FillString(f, pt, text)
	ink, ok := inkBox(f, text)
	if !ok || f.Font.Size == 0 {
		return // nothing visible: spaces only
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range []vg.Point{ink.Min, ink.Max, {X: ink.Min.X, Y: ink.Max.Y}, {X: ink.Max.X, Y: ink.Min.Y}} {
		x, y := r.m.apply(float64(pt.X+p.X), float64(pt.Y+p.Y))
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	r.boxes = append(r.boxes, textBox{text: text, ink: vg.Rectangle{
		Min: vg.Point{X: vg.Length(minX), Y: vg.Length(minY)},
		Max: vg.Point{X: vg.Length(maxX), Y: vg.Length(maxY)},
	}, space: f.Width(" "), upright: math.Abs(r.m.b) < 1e-9 && r.m.a > 0, size: f.Font.Size})
}

// inkBox returns the rectangle the glyphs of text cover when drawn in f
// with its baseline's left end at the origin (y up), measured as
// gonum/plot's font.Face.Width measures the advance: glyph by glyph with
// kerning, unhinted. It reports false for text without ink (spaces).
func inkBox(f font.Face, text string) (vg.Rectangle, bool) {
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(f.Face.UnitsPerEm())
	scale := float64(f.Font.Size) / float64(ppem)
	var x fixed.Int26_6
	var prev sfnt.GlyphIndex
	hasPrev, any := false, false
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, r := range text {
		idx, err := f.Face.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		if hasPrev {
			if k, err := f.Face.Kern(&buf, prev, idx, ppem, xfont.HintingNone); err == nil {
				x += k
			}
		}
		b, adv, err := f.Face.GlyphBounds(&buf, idx, ppem, xfont.HintingNone)
		if err == nil && b.Min.X < b.Max.X && b.Min.Y < b.Max.Y {
			any = true
			minX, maxX = math.Min(minX, float64(x+b.Min.X)), math.Max(maxX, float64(x+b.Max.X))
			// sfnt's y axis points down.
			minY, maxY = math.Min(minY, float64(-b.Max.Y)), math.Max(maxY, float64(-b.Min.Y))
		}
		x += adv
		prev, hasPrev = idx, true
	}
	if !any {
		return vg.Rectangle{}, false
	}
	return vg.Rectangle{
		Min: vg.Point{X: vg.Length(minX * scale), Y: vg.Length(minY * scale)},
		Max: vg.Point{X: vg.Length(maxX * scale), Y: vg.Length(maxY * scale)},
	}, true
}

// Thresholds of Check's text rule.
var (
	// textOverlap is how far two texts' ink boxes may overlap (both
	// across and up) before Check calls them overlapping: up to a pixel
	// at DPI is rounding (tick labels that touch by a hair).
	textOverlap = vg.Points(0.5)
	// edgeSlack is how far past the image's edge a text's ink may reach
	// before Check calls it clipped: none, since a reader sees a
	// descender cut by the bottom edge.
	edgeSlack = vg.Points(0)
)

// maxTextFindings is the most overlaps or clipped texts Check lists one
// by one; it counts the rest.
const maxTextFindings = 6

// checkTexts adds to bad the texts of boxes set smaller than MinFontSize,
// those that run past the edge of a w×h image and the pairs that overlap.
func checkTexts(boxes []textBox, w, h vg.Length, bad func(format string, args ...any)) {
	var small []string
	for _, b := range boxes {
		if b.size < MinFontSize {
			small = append(small, fmt.Sprintf("text %s is set at %.2g pt, want at least %g", quoteShort(b.text), b.size.Points(), MinFontSize.Points()))
		}
	}
	report(small, "texts are too small to read", bad)
	var clipped []string
	for _, b := range boxes {
		var edges []string
		for _, e := range []struct {
			name string
			by   vg.Length
		}{
			{"left", -b.ink.Min.X}, {"right", b.ink.Max.X - w},
			{"bottom", -b.ink.Min.Y}, {"top", b.ink.Max.Y - h},
		} {
			if e.by > edgeSlack {
				edges = append(edges, fmt.Sprintf("%s edge by %.1f pt", e.name, e.by.Points()))
			}
		}
		if len(edges) > 0 {
			clipped = append(clipped, fmt.Sprintf("text %s runs off the image's %s", quoteShort(b.text), joinAnd(edges)))
		}
	}
	report(clipped, "texts run off the image", bad)
	// Sweep the boxes by their left edges: only boxes whose x ranges
	// meet can overlap.
	idx := make([]int, len(boxes))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return boxes[idx[i]].ink.Min.X < boxes[idx[j]].ink.Min.X })
	var over []string
	for i, a := range idx {
		ra := boxes[a].ink
		for _, b := range idx[i+1:] {
			rb := boxes[b].ink
			if rb.Min.X-maxGap(boxes[a], boxes[b]) >= ra.Max.X {
				break
			}
			if how := collide(boxes[a], boxes[b]); how != "" {
				first, second := a, b
				if second < first {
					first, second = second, first
				}
				over = append(over, fmt.Sprintf("text %s %s text %s", quoteShort(boxes[first].text), how, quoteShort(boxes[second].text)))
			}
		}
	}
	sort.Strings(over)
	report(over, "texts overlap", bad)
}

// sideGap is the least gap between two texts side by side on one line,
// as a share of a space in the smaller font: closer, they read as one
// ("1e81e10").
const sideGap = 0.5

// maxGap bounds the gap collide asks of two texts whatever their
// places: sideGap spaces of the larger font.
func maxGap(a, b textBox) vg.Length { return sideGap * max(a.space, b.space) }

// collide says how the texts a and b collide, "" if they do not:
// "overlaps" if their ink boxes share more than textOverlap both across
// and up, "runs into" if they stand side by side on one line (sharing
// more than textOverlap of their height, both upright or both rotated)
// closer than sideGap of a space of the smaller font.
func collide(a, b textBox) string {
	ox := min(a.ink.Max.X, b.ink.Max.X) - max(a.ink.Min.X, b.ink.Min.X)
	oy := min(a.ink.Max.Y, b.ink.Max.Y) - max(a.ink.Min.Y, b.ink.Min.Y)
	if ox > textOverlap && oy > textOverlap {
		return "overlaps"
	}
	gap := sideGap * min(a.space, b.space)
	if a.upright && b.upright && oy > textOverlap && -ox < gap ||
		!a.upright && !b.upright && ox > textOverlap && -oy < gap {
		return "runs into"
	}
	return ""
}

// report adds the first maxTextFindings of found to bad, and a count of
// the rest.
func report(found []string, what string, bad func(format string, args ...any)) {
	for i, f := range found {
		if i == maxTextFindings {
			bad("%d more %s", len(found)-maxTextFindings, what)
			break
		}
		bad("%s", f)
	}
}

// quoteShort quotes s, cut to 40 characters.
func quoteShort(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return fmt.Sprintf("%q…", string(r[:40]))
	}
	return fmt.Sprintf("%q", s)
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := s[0]
	for _, x := range s[1 : len(s)-1] {
		out += ", " + x
	}
	return out + " and " + s[len(s)-1]
}
