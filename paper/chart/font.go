// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"fmt"
	"unicode"

	"codeberg.org/go-fonts/dejavu/dejavusans"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// labelFont is the typeface of every text of the static charts: DejaVu
// Sans, embedded from the Go module codeberg.org/go-fonts/dejavu. The
// labels use mathematical symbols (∇, ‖, σ, ², ⌈ ⌉, ...) that gonum/plot's
// default, Liberation Serif, lacks: it draws ‖∇f‖² as "‖f‖²".
var labelFont = font.Font{Typeface: "goodorder-DejaVu", Variant: "Sans"}

// labelFace is the parsed labelFont, for glyph look-ups.
var labelFace *sfnt.Font

func init() {
	f, err := sfnt.Parse(dejavusans.TTF)
	if err != nil {
		panic("chart: parsing the embedded DejaVu Sans: " + err.Error())
	}
	labelFace = f
	// A typeface name of our own, so that no other user of gonum/plot's
	// font cache is affected.
	font.DefaultCache.Add(font.Collection{{Font: labelFont, Face: f}})
}

// missingGlyphs returns the runes of s, in order and without repeats, for
// which labelFont has no glyph. Control characters are not drawn and are
// not reported.
func missingGlyphs(s string) []rune {
	var buf sfnt.Buffer
	var missing []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if unicode.IsControl(r) || seen[r] {
			continue
		}
		seen[r] = true
		if i, err := labelFace.GlyphIndex(&buf, r); err != nil || i == 0 {
			missing = append(missing, r)
		}
	}
	return missing
}

// checkGlyphs returns an error wrapping ErrChart for the first label that
// has a rune labelFont cannot draw.
func checkGlyphs(labels []string) error {
	for _, l := range labels {
		if m := missingGlyphs(l); len(m) > 0 {
			return fmt.Errorf("%w: label %q has characters %q that the chart font (DejaVu Sans) cannot draw", ErrChart, l, string(m))
		}
	}
	return nil
}

// useLabelFont sets every text of p, its axes and ticks to labelFont at
// the sizes gonum/plot chose.
func useLabelFont(p *plot.Plot) {
	for _, f := range []*font.Font{
		&p.Title.TextStyle.Font,
		&p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font,
	} {
		*f = font.From(labelFont, f.Size)
	}
}

// newLegend returns a legend in labelFont at size.
func newLegend(size vg.Length) plot.Legend {
	leg := plot.NewLegend()
	leg.TextStyle.Font = font.From(labelFont, size)
	return leg
}
