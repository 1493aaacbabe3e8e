// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Thresholds of Check.
const (
	// MinPlotFraction is the least share of a static chart's area that
	// the plot (axes and data, without title and legend) keeps.
	MinPlotFraction = 0.6
	// MinCoverage is the least share of each axis's range, on the axis's
	// scale, that a line chart's data span.
	MinCoverage = 0.8
	// MinVisible is the least share of a series' pixels in the data area
	// that the series drawn later leave visible.
	MinVisible = 0.15
	// MinMarkerVisible is the least share of each marker of a
	// marker-only series (Series.Points), a point's value drawn once,
	// that the series drawn later leave visible: two lines crossing a
	// marker leave about half of it, another marker on it much less.
	MinMarkerVisible = 0.35
	// MinPixels is the least number of pixels a series draws in the data
	// area at 100 dots per inch.
	MinPixels = 20
	// MinFontSize is the least size of a text of the static image: 7
	// points, 15 pixels of the PNG at DPI.
	MinFontSize = vg.Length(7)
)

// frameGap is how close to the data area's edge a point may come: closer,
// its marker or line end touches the frame.
var frameGap = vg.Points(1)

// ErrLayout is returned, wrapped, by Check for a chart a reviewer would
// send back.
var ErrLayout = errors.New("chart: poor layout")

// Check reports what a reader of c's static image would object to, one
// finding a line, as an error wrapping ErrLayout (or ErrChart for invalid
// data):
//
//   - the plot keeps less than MinPlotFraction of the image (a legend
//     too large);
//   - two series of a line chart look alike: the same dash (solid,
//     dashed, or markers only) and marker, and colours less than
//     NearColour apart (vermillion and orange, say);
//   - the data of a line chart span less than MinCoverage of an axis's
//     range (on a log axis, of the range of the logarithm), for data with
//     at least two distinct values on that axis;
//   - a point of a line chart lies within a point of the data area's
//     edge, on the frame (points outside a fixed range are clipped, not
//     counted);
//   - the title overlaps an axis's label;
//   - a series of a line chart that has data draws fewer than MinPixels
//     pixels in the data area (its points lie off the plot, say, or it is
//     a line of one point), or the series drawn after it cover all but
//     less than MinVisible of its pixels there; or a marker of a
//     marker-only series keeps less than MinMarkerVisible of its pixels
//     (markers that would cover one another are set side by side: see
//     dodge);
//   - a series of more than one run (Series.Runs) shows no spread and its
//     NoSpread is empty: it has no Lo and Hi, or its band is nowhere
//     taller than its line's width plus a pixel at DPI (error bars of
//     markers: nowhere longer than a marker plus a pixel), so that the
//     line hides it on the whole image (see checkSpread); a heatmap of
//     more than one run (Heatmap.Runs) without a note (Notes) or Hatched
//     and with an empty NoSpread;
//   - a text of the static image is set smaller than MinFontSize;
//   - a line of text of the static image (title, axis and tick labels,
//     legend entries, point labels, cell annotations, the colour bar's
//     labels, panel titles: every string drawn) runs past the image's
//     edge by more than half a point, overlaps another by more than
//     half a point both across and up (a pixel at DPI is rounding), or
//     stands beside another on one line closer than half a space of the
//     smaller font, so that the two read as one ("1e81e10"). The
//     boxes are the glyphs' ink, measured with the font gonum/plot draws
//     with, where the text lands (see textRecorder);
//   - a text (title, labels, names, ticks, notes) has markup: "_{",
//     "^{", a backslash, a pair of "$", or "_" or "^" between a
//     character and a letter or digit ("σ_top"); Plain writes it plain;
//   - the panels of Panels draw one series name in two looks (colour,
//     dash, markers), or give two names of the shared legend alike looks.
//
// CheckFamily checks the charts of one claim side by side.
//
// The panels of Panels are checked for the line charts' findings each as
// a chart of its own, without legend.
//
// Visibility is measured on an image at 100 dots per inch: Check draws the chart once
// with only the series in a colour no chart uses (probeColor) and its
// axes, legend and place unchanged, and once with every series and the
// probed one in that colour, without bands, and counts the data area's
// pixels within 48 of it in every channel (anti-aliased edges count the
// same in both images). The share is the second count over the first. A
// series under another of the same data reads as one line and fails (0%);
// a solid line under a dashed one of another colour keeps a fifth to a
// third of its pixels in the dashes' gaps and passes, as the alternating
// colours show both; bands, which are translucent, hide nothing.
func Check(c Chart) error {
	if err := c.validate(); err != nil {
		return err
	}
	w, h := c.size()
	cv := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))
	rec := newTextRecorder(cv)
	lay := drawOn(c, rec)
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrLayout}, args...)...))
	}
	checkTexts(rec.boxes, w, h, bad)
	checkBorder(cv.Image(), bad)
	for _, l := range c.labels() {
		if m := markup(l); m != "" {
			bad("text %s has markup %q, which the chart shows as it is: write it plain (chart.Plain gives %q)", quoteShort(l), m, Plain(l))
		}
	}
	for _, r := range lay.axisLabels {
		if lay.title.Size().X > 0 && overlaps(lay.title, r) {
			bad("the title overlaps an axis's label")
			break
		}
	}
	ps := lay.plot.Size()
	if f := float64(ps.X*ps.Y) / float64(w*h); f < MinPlotFraction {
		bad("the plot keeps %.0f%% of the image, want at least %.0f%%", 100*f, 100*MinPlotFraction)
	}
	switch c := c.(type) {
	case *LineChart:
		checkLines(c, lay, w, h, false, bad)
	case *Heatmap:
		noted := false // a cell has a note
		for _, row := range c.Notes {
			for _, n := range row {
				noted = noted || n != ""
			}
		}
		if c.Runs > 1 && !noted && c.Hatched == nil && c.NoSpread == "" {
			bad("the cells summarise %d runs each but show no spread (Notes or Hatched), and NoSpread does not say why", c.Runs)
		}
	case *Panels:
		checkPanelStyles(c, bad)
		// Each panel is checked as a chart of its own, without legend.
		for i, pc := range c.Panels {
			pw, ph := pc.size()
			cv := vgimg.NewWith(vgimg.UseWH(pw, ph), vgimg.UseDPI(DPI))
			dc := draw.New(cv)
			pl := pc.drawProbe(draw.Crop(dc, vg.Points(2), -vg.Points(8), vg.Points(2), -vg.Points(4)), probe{k: -1, noLegend: true})
			checkLines(pc, pl, pw, ph, true, func(format string, args ...any) {
				bad("panel %d: "+format, append([]any{i + 1}, args...)...)
			})
		}
	}
	return errors.Join(errs...)
}

// checkLines adds to bad the findings of Check about the lines of lc,
// drawn w×h (without legend if noLegend) as lay says.
func checkLines(lc *LineChart, lay layout, w, h vg.Length, noLegend bool, bad func(format string, args ...any)) {
	ns := looksOf(lc.Series)
	for k, s := range ns {
		for _, e := range ns[:k] {
			if e.look.alike(s.look) {
				bad("series %q and %q are both drawn as %s%s", e.name, s.name, e.look, nearText(e.look, s.look))
				break
			}
		}
	}
	for _, a := range []struct {
		name       string
		axis, data span
		log        bool
	}{{"x", lay.x, lay.dx, lay.logX}, {"y", lay.yCover, lay.dy, lay.logY}} {
		lo, hi := math.Max(a.data.lo, a.axis.lo), math.Min(a.data.hi, a.axis.hi)
		if !(a.data.lo < a.data.hi) || !(lo < hi) {
			continue
		}
		if f := frac(hi, a.axis, a.log) - frac(lo, a.axis, a.log); f < MinCoverage {
			bad("the data span %.0f%% of the %s axis ([%.4g, %.4g] of [%.4g, %.4g]), want at least %.0f%%",
				100*f, a.name, a.data.lo, a.data.hi, a.axis.lo, a.axis.hi, 100*MinCoverage)
		}
	}
	checkSpread(lc, lay, bad)
	ds := lay.data.Size()
	onFrame := 0
	var first [2]float64
	for _, p := range lay.pts {
		fx, fy := frac(p.X, lay.x, lay.logX), frac(p.Y, lay.y, lay.logY)
		if fx < 0 || fx > 1 || fy < 0 || fy > 1 {
			continue // clipped
		}
		if vg.Length(min(fx, 1-fx))*ds.X < frameGap || vg.Length(min(fy, 1-fy))*ds.Y < frameGap {
			if onFrame == 0 {
				first = [2]float64{p.X, p.Y}
			}
			onFrame++
		}
	}
	if onFrame > 0 {
		bad("%d points on the frame, the first at (%.4g, %.4g)", onFrame, first[0], first[1])
	}
	for k, s := range lc.Series {
		if line, _, _ := lc.points(s); len(line) == 0 && (lc.InfLabel == "" || len(lc.infPoints(s)) == 0) {
			continue // listed as "(no data)"
		}
		aloneImg := probeImage(lc, w, h, probe{k: k, alone: true, noLegend: noLegend})
		alone := probeCount(aloneImg, lay.data)
		if alone < MinPixels {
			bad("series %q draws %d pixels in the plot, want at least %d (off the plot, or a line of one point?)", s.Name, alone, MinPixels)
			continue
		}
		allImg := probeImage(lc, w, h, probe{k: k, noLegend: noLegend})
		all := probeCount(allImg, lay.data)
		if f := float64(all) / float64(alone); f < MinVisible {
			bad("series %q is hidden: the series drawn after it leave %.0f%% of its pixels visible, want at least %.0f%%", s.Name, 100*f, 100*MinVisible)
			continue
		}
		if s.Points && lc.ExactX == "" {
			checkMarkers(lc, k, lay, aloneImg, allImg, bad)
		}
	}
}

// checkMarkers adds to bad each marker of series k of lc (marker-only)
// that the series drawn after it cover: the pixels of the probed series
// within a marker's box in all, the probe drawn with every series, are
// fewer than MinMarkerVisible of those in alone, drawn alone.
func checkMarkers(lc *LineChart, k int, lay layout, alone, all image.Image, bad func(format string, args ...any)) {
	d := lay.data
	half := vg.Points(3) // scatterOf's radius and a half point
	s := lc.Series[k]
	for i := range s.X {
		if !lc.drawable(s.X[i], s.Y[i]) {
			continue
		}
		fx, fy := frac(s.X[i], lay.x, lay.logX), frac(s.Y[i], lay.y, lay.logY)
		if fx < 0 || fx > 1 || fy < 0 || fy > 1 {
			continue // clipped
		}
		x := d.Min.X + vg.Length(fx)*(d.Max.X-d.Min.X) + lay.dodge.placed(k, s.X[i])
		y := d.Min.Y + vg.Length(fy)*(d.Max.Y-d.Min.Y)
		if x-half < d.Min.X || x+half > d.Max.X {
			bad("series %q: its marker at (%.4g, %.4g), set aside from the markers it would cover, lies past the data area's edge", s.Name, s.X[i], s.Y[i])
			continue
		}
		box := vg.Rectangle{Min: vg.Point{X: x - half, Y: y - half}, Max: vg.Point{X: x + half, Y: y + half}}
		a, b := probeCount(alone, box), probeCount(all, box)
		if a == 0 {
			continue
		}
		if f := float64(b) / float64(a); f < MinMarkerVisible {
			bad("series %q: its marker at (%.4g, %.4g) is covered: the series drawn after it leave %.0f%% of it visible, want at least %.0f%%", s.Name, s.X[i], s.Y[i], 100*f, 100*MinMarkerVisible)
		}
	}
}

// overlaps reports whether a and b share more than a point's width.
func overlaps(a, b vg.Rectangle) bool {
	eps := vg.Points(0.5)
	return a.Min.X+eps < b.Max.X && b.Min.X+eps < a.Max.X && a.Min.Y+eps < b.Max.Y && b.Min.Y+eps < a.Max.Y
}

// probeDPI is the resolution at which Check measures visibility: lower
// than DPI, to draw each series twice in less time.
const probeDPI = 100

// probeImage draws c as pr says on a w×h image at probeDPI.
func probeImage(c *LineChart, w, h vg.Length, pr probe) image.Image {
	cv := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(probeDPI))
	dc := draw.New(cv)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	c.drawProbe(draw.Crop(dc, vg.Points(2), -vg.Points(8), vg.Points(2), -vg.Points(4)), pr)
	return cv.Image()
}

// probeCount counts the pixels of img (drawn at probeDPI) within r (in
// points from the image's lower left corner) near probeColor.
func probeCount(img image.Image, r vg.Rectangle) int {
	b := img.Bounds()
	px := func(l vg.Length) float64 { return float64(l) / 72 * probeDPI }
	x0, x1 := max(b.Min.X, int(math.Ceil(px(r.Min.X)))), min(b.Max.X, int(math.Floor(px(r.Max.X))))
	y0, y1 := max(b.Min.Y, b.Max.Y-int(math.Floor(px(r.Max.Y)))), min(b.Max.Y, b.Max.Y-int(math.Ceil(px(r.Min.Y))))
	near := func(v uint32, want uint8) bool { return math.Abs(float64(v>>8)-float64(want)) <= 48 }
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if near(r, probeColor.R) && near(g, probeColor.G) && near(bl, probeColor.B) {
				n++
			}
		}
	}
	return n
}

// frac is the position of v on an axis of range r: 0 at r.lo, 1 at r.hi.
func frac(v float64, r span, log bool) float64 {
	if log {
		return (math.Log(v) - math.Log(r.lo)) / (math.Log(r.hi) - math.Log(r.lo))
	}
	return (v - r.lo) / (r.hi - r.lo)
}

// The spread of a series of several runs must show beyond its line or
// markers somewhere: a band wider than the line by spreadSlack, or error
// bars longer than the marker by spreadSlack.
var (
	// lineWidth is the width of a series' line, markerSize the
	// diameter of its markers.
	lineWidth, markerSize = vg.Points(1.5), vg.Points(5)
	// spreadSlack is a pixel at DPI.
	spreadSlack = vg.Inch / DPI
)

// checkSpread adds to bad each series of lc of more than one run (Runs)
// whose NoSpread is empty and that shows no spread: no Lo and Hi, or a
// band (error bars, for markers) nowhere taller than the line's width
// (the marker's size) plus a pixel at DPI, so that it hides under the
// line (the marker) on the whole image. Heights are measured on the
// drawn axes, the band clipped to the y axis's range.
func checkSpread(lc *LineChart, lay layout, bad func(format string, args ...any)) {
	for _, s := range lc.Series {
		if s.Runs <= 1 || s.NoSpread != "" {
			continue
		}
		if s.Lo == nil {
			bad("series %q summarises %d runs but has no spread (Lo, Hi), and NoSpread does not say why", s.Name, s.Runs)
			continue
		}
		need, what := lineWidth+spreadSlack, "band is"
		if s.Points {
			need, what = markerSize+spreadSlack, "error bars are"
		}
		_, lo, hi := lc.points(s)
		tallest := vg.Length(0)
		for i := range lo {
			if fx := frac(lo[i].X, lay.x, lc.LogX); fx < 0 || fx > 1 {
				continue
			}
			clip := func(v float64) float64 { return math.Max(lay.y.lo, math.Min(lay.y.hi, v)) }
			f0, f1 := frac(clip(lo[i].Y), lay.y, lc.LogY), frac(clip(hi[i].Y), lay.y, lc.LogY)
			tallest = max(tallest, vg.Length(math.Abs(f1-f0))*lay.data.Size().Y)
		}
		if !s.Points && len(lo) < 2 {
			tallest = 0 // a band of one point is not drawn
		}
		if tallest < need {
			bad("series %q summarises %d runs but its %s at most %.2f pt tall, hidden under its %s (visible from %.2f pt); show the spread or say why in NoSpread",
				s.Name, s.Runs, what, tallest.Points(), map[bool]string{false: "line", true: "markers"}[s.Points], need.Points())
		}
	}
}

// look is how a reader tells series apart: colour, dash, markers.
type look struct {
	color  color.RGBA
	dashed bool
	// glyph is the marker's index in glyphs, -1 for none; points
	// draws markers without a line.
	glyph  int
	points bool
}

func (l look) String() string {
	name := hexColor(l.color)
	for i, c := range lineColors {
		if c == l.color {
			name = lineColorNames[i]
		}
	}
	switch {
	case l.points:
		name += " " + glyphs[l.glyph].echarts + " markers"
	case l.dashed:
		name += " dashed line"
	default:
		name += " line"
	}
	if !l.points && l.glyph >= 0 {
		name += " with " + glyphs[l.glyph].echarts + " markers"
	}
	return name
}

// lineColorNames name lineColors in findings.
var lineColorNames = []string{"blue", "vermillion", "bluish green", "reddish purple", "indigo", "olive", "black", "orange", "sky blue", "wine"}

// NearColour is the least colour difference (CIE76 ΔE*ab, on sRGB with
// the D65 white) at which a reader tells two lines of one dash and one
// marker apart by colour alone, beside each other or in a legend: the
// palette's nearest pairs, sky blue and blue (26), wine and reddish
// purple (31), orange and vermillion (33), are the same hue a shade apart
// and read as one colour on a thin line; every other pair of lineColors
// is at least 38 apart.
const NearColour = 35

// alike reports whether a reader could take a series of look l for one of
// look m: the same dash, markers and marker, and colours nearer than
// NearColour.
func (l look) alike(m look) bool {
	if l.dashed != m.dashed || l.glyph != m.glyph || l.points != m.points {
		return false
	}
	return l.color == m.color || deltaE(l.color, m.color) < NearColour
}

// nearText is what Check adds when looks l and m differ only in near
// colours.
func nearText(l, m look) string {
	if l.color == m.color {
		return ""
	}
	return fmt.Sprintf(" and %s, colours %.0f apart (ΔE), want at least %d or another dash or marker", m, deltaE(l.color, m.color), NearColour)
}

// deltaE returns the CIE76 difference of a and b: the distance of their
// CIELAB coordinates (sRGB, D65 white).
func deltaE(a, b color.RGBA) float64 {
	la, lb := cieLab(a), cieLab(b)
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}

// cieLab returns c's CIELAB coordinates L*, a*, b* (sRGB, D65 white).
func cieLab(c color.RGBA) [3]float64 {
	lin := func(v uint8) float64 {
		u := float64(v) / 255
		if u <= 0.04045 {
			return u / 12.92
		}
		return math.Pow((u+0.055)/1.055, 2.4)
	}
	r, g, b := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return t*24389/27/116 + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// checkPanelStyles adds to bad each series name that p's panels draw in
// two looks (a reader matches series across panels by look, and the
// shared legend shows one), and each look that panels give two names
// of the shared legend (series without a Label), or alike looks (see
// look.alike). Two names alike within one panel are checkLines' finding.
func checkPanelStyles(p *Panels, bad func(format string, args ...any)) {
	var groups []lookGroup
	for i, pc := range p.Panels {
		groups = append(groups, lookGroup{fmt.Sprintf("panel %d", i+1), looksOf(pc.Series)})
	}
	checkLooks(groups, false, bad)
}

// named is a series' name and look; labelled if it has a Label, which
// names it beside its line.
type named struct {
	name     string
	look     look
	labelled bool
}

// looksOf returns the name and look of each series of ss.
func looksOf(ss []Series) []named {
	out := make([]named, len(ss))
	for k, st := range styles(ss) {
		out[k] = named{ss[k].Name, look{st.color, st.dashed, st.glyph, ss[k].Points}, ss[k].Label != ""}
	}
	return out
}

// lookGroup is the series of a chart or panel, named where for findings.
type lookGroup struct {
	where  string
	series []named
}

// checkLooks adds to bad each series name that groups draw in two looks
// (unless family), and each pair of names (of series without a Label)
// that two groups draw in alike looks; if family, only between groups
// that share a series name (charts of the same orders, read side by
// side).
func checkLooks(groups []lookGroup, family bool, bad func(format string, args ...any)) {
	type where struct {
		named
		group int
	}
	byName := map[string]where{}
	var looks []where
	said := map[[2]string]bool{}
	// In a family, a name's note ("RR (band within the line)", "RR; IG
	// within 5% of its line") does not make it another series.
	key := func(name string) string {
		if i := strings.IndexAny(name, "(;"); family && i > 0 {
			return strings.TrimSpace(name[:i])
		}
		return name
	}
	names := make([]map[string]bool, len(groups))
	for i, g := range groups {
		names[i] = map[string]bool{}
		for _, s := range g.series {
			names[i][key(s.name)] = true
		}
	}
	share := func(i, j int) bool {
		for n := range names[i] {
			if names[j][n] {
				return true
			}
		}
		return false
	}
	for i, g := range groups {
		for _, s := range g.series {
			here := where{s, i}
			if w, ok := byName[s.name]; !ok {
				byName[s.name] = here
			} else if !family && w.look != s.look && !said[[2]string{s.name, ""}] {
				said[[2]string{s.name, ""}] = true
				bad("series %q is drawn as %s in %s but as %s in %s: give a name one look everywhere (Series.Colour, Dashed, Points, Markers)", s.name, w.look, groups[w.group].where, s.look, g.where)
			}
			if s.labelled {
				continue
			}
			for _, w := range looks {
				if key(w.name) == key(s.name) || w.group == i || !w.look.alike(s.look) || said[[2]string{w.name, s.name}] || family && !share(w.group, i) {
					continue
				}
				said[[2]string{w.name, s.name}] = true
				bad("series %q (%s) and %q (%s) are both drawn as %s%s: a reader cannot tell them apart", w.name, groups[w.group].where, s.name, g.where, w.look, nearText(w.look, s.look))
				break
			}
			looks = append(looks, here)
		}
	}
}

// CheckFamily reports what a reader comparing charts side by side (the
// charts of one claim: names[i] is charts[i]'s) would object to, as an
// error wrapping ErrLayout: two names drawn alike (see look.alike) in two
// charts that share a series name (names are compared without a note in
// parentheses or after a semicolon: "RR (band within the line)" and "RR;
// IG within 5% of its line" are RR), so that the same look means one thing
// in one and another in its sibling. A name may change its dash between
// charts (to show a line under another, say): a reader who matched it by
// look would find no other name in its old look. Each chart's own
// findings are Check's. Heatmaps have no series and are skipped.
func CheckFamily(names []string, charts []Chart) error {
	var groups []lookGroup
	for i, c := range charts {
		var ns []named
		switch c := c.(type) {
		case *LineChart:
			ns = looksOf(c.Series)
		case *Panels:
			// A name has one look across the panels (Check), so the
			// first series of each name stands for it.
			seen := map[string]bool{}
			for _, pc := range c.Panels {
				for _, n := range looksOf(pc.Series) {
					if !seen[n.name] {
						seen[n.name] = true
						ns = append(ns, n)
					}
				}
			}
		default:
			continue
		}
		groups = append(groups, lookGroup{"figure " + names[i], ns})
	}
	var errs []error
	checkLooks(groups, true, func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrLayout}, args...)...))
	})
	return errors.Join(errs...)
}

// checkBorder adds to bad each edge of img that has ink on it: a legend's
// line or marker, a band or a glyph cut by the image's edge, which the
// text boxes alone miss (a legend wider than the image clips its
// entries' swatches first).
func checkBorder(img image.Image, bad func(format string, args ...any)) {
	b := img.Bounds()
	inked := func(x, y int) bool {
		r, g, bl, _ := img.At(x, y).RGBA()
		// Lighter than a light grey in every channel is paper.
		return r < 0xd000 || g < 0xd000 || bl < 0xd000
	}
	for _, e := range []struct {
		name           string
		x0, y0, dx, dy int
		n              int
	}{
		{"left", b.Min.X, b.Min.Y, 0, 1, b.Dy()},
		{"right", b.Max.X - 1, b.Min.Y, 0, 1, b.Dy()},
		{"top", b.Min.X, b.Min.Y, 1, 0, b.Dx()},
		{"bottom", b.Min.X, b.Max.Y - 1, 1, 0, b.Dx()},
	} {
		for i := range e.n {
			if x, y := e.x0+i*e.dx, e.y0+i*e.dy; inked(x, y) {
				bad("the drawing runs off the image's %s edge (ink at its border, pixel (%d, %d))", e.name, x-b.Min.X, y-b.Min.Y)
				break
			}
		}
	}
}
