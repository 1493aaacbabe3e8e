// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/render"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series is one line of a LineChart, optionally with a band from Lo to Hi
// (a confidence interval, say), drawn as error bars for a series of
// markers (Points). Points with a NaN or infinite coordinate,
// and points at or below zero on a log axis, are not drawn (the CSV keeps
// them; see LineChart.InfLabel for +Inf); a series with no point left is
// listed in the legend as "(no data)".
type Series struct {
	Name string
	// X and Y are the points' coordinates; they have equal lengths.
	X, Y []float64
	// Lo and Hi, if not nil, bound a shaded band around the line; they
	// have the length of X. A point of the band is drawn where both are.
	Lo, Hi []float64
	// Dashed draws a dashed line.
	Dashed bool
	// Points draws markers instead of a line.
	Points bool
	// Markers draws a marker at every point of the line as well.
	Markers bool
	// Label, if not empty, is written beside the series' last drawable
	// point, so that a reader needs no legend to name it (a chart of a
	// few points, say).
	Label string
	// Group, if not empty, gives the series the colour of the chart's
	// first series with the same Group, so that a measured line and its
	// bound read as a pair; such series should differ in Dashed or
	// Points. Default "": a colour of its own.
	Group string
	// Colour, if > 0, gives the series the Colour-th colour of the
	// palette (counting from 1) whatever its place and Group, so that
	// charts drawn side by side with different series keep one colour per
	// name. Default 0: the colour its place or Group gives.
	Colour int
	// Runs is the number of runs (seeds, repetitions) each point of the
	// series summarises: 5 for a mean of 5 seeds. 0 and 1 mean one run.
	// A series of more than one run is drawn with its spread (Lo and Hi:
	// a band around a line, error bars on markers) unless NoSpread says
	// why not; Check rejects it otherwise.
	Runs int
	// NoSpread, if not empty, says why a series of several runs is drawn
	// without its spread ("the runs agree to 1e-12", say); the chart's
	// CSV and interactive chart carry it.
	NoSpread string
}

// LineChart is a chart of lines over a numeric x axis, 16 cm wide, with
// the legend to the right of the plot, or below it in columns for long
// names (the chart is then taller, so that the plot keeps its size).
// Each axis is fitted to the data with a margin of padFrac of its range on
// either side, so that no point sits on the frame.
type LineChart struct {
	Title, XLabel, YLabel string
	// LogX and LogY make the axes logarithmic.
	LogX, LogY bool
	Series     []Series
	// XMin and XMax, if XMin < XMax, fix the x axis's range, and YMin
	// and YMax, if YMin < YMax, the y axis's, to zoom on where the lines
	// differ (see ZoomFrom); what lies outside is clipped (the CSV keeps
	// it), and a label should say so. Default: fitted to the data.
	XMin, XMax, YMin, YMax float64
	// IntegerX puts the x axis's ticks at whole numbers only (epochs,
	// say) on a linear axis.
	IntegerX bool
	// IntegerY puts the y axis's ticks at whole numbers only (ranks,
	// say) on a linear axis.
	IntegerY bool
	// InfLabel, if not empty, marks each point whose y is +Inf (a run
	// that diverged, say) with a triangle at the top of the plot in the
	// series' colour, and names the triangle in the legend with InfLabel.
	// Default "": such points are left out.
	InfLabel string
	// ExactX, if not empty, draws the markers of the marker-only series
	// (Series.Points) at their exact x, where they would otherwise be set
	// side by side where they meet (see dodge), and says so: its text
	// goes under the x axis's label. For a chart read by its x (a rank),
	// markers may then cover one another, which Check allows.
	ExactX string
}

var _ Chart = (*LineChart)(nil)

func (c *LineChart) validate() error {
	if len(c.Series) == 0 {
		return fmt.Errorf("%w: line chart %q has no series", ErrChart, c.Title)
	}
	for _, r := range []struct {
		name     string
		min, max float64
		log      bool
	}{{"x", c.XMin, c.XMax, c.LogX}, {"y", c.YMin, c.YMax, c.LogY}} {
		if r.min < r.max && (math.IsInf(r.min, 0) || math.IsInf(r.max, 0) || r.log && r.min <= 0) {
			return fmt.Errorf("%w: line chart %q %s range [%v, %v], want finite and, on a log axis, positive", ErrChart, c.Title, r.name, r.min, r.max)
		}
	}
	for _, s := range c.Series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("%w: series %q has %d x and %d y values, want equal numbers", ErrChart, s.Name, len(s.X), len(s.Y))
		}
		if (s.Lo != nil || s.Hi != nil) && (len(s.Lo) != len(s.X) || len(s.Hi) != len(s.X)) {
			return fmt.Errorf("%w: series %q has %d points but a band of %d lo and %d hi values", ErrChart, s.Name, len(s.X), len(s.Lo), len(s.Hi))
		}
	}
	return nil
}

// drawable reports whether (x, y) can be drawn on c's axes.
func (c *LineChart) drawable(x, y float64) bool {
	return drawable(x, c.LogX) && drawable(y, c.LogY)
}

func drawable(v float64, log bool) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && (!log || v > 0)
}

// lineColors is the colour cycle of lines: Okabe and Ito's palette, which
// colour-blind readers can tell apart, without its yellow, which is faint
// on white, and three darker colours of Paul Tol's "muted" scheme (wine,
// indigo, olive), so that a chart of up to ten series needs no colour
// twice. The first seven are at least NearColour apart, so that a chart
// of up to seven series of one dash needs no dash to tell them apart;
// the last three are each a shade of an earlier one (orange of
// vermillion, sky blue of blue, wine of reddish purple), and Check asks
// for another dash or marker where they meet.
var lineColors = []color.RGBA{
	{0, 114, 178, 255},   // blue
	{213, 94, 0, 255},    // vermillion
	{0, 158, 115, 255},   // bluish green
	{204, 121, 167, 255}, // reddish purple
	{51, 34, 136, 255},   // indigo
	{153, 153, 51, 255},  // olive
	{0, 0, 0, 255},       // black
	{230, 159, 0, 255},   // orange
	{86, 180, 233, 255},  // sky blue
	{136, 34, 85, 255},   // wine
}

// seriesStyle is how a series of a chart looks. Colours go through
// lineColors, one per Group (see Series.Group); each further pass of the
// cycle marks the points with another glyph (lines of the first pass have
// none), so that every series of a chart differs from every other in
// colour, dash or marker, whatever their Dashed and Points flags, up to
// len(lineColors)·len(glyphs) groups.
type seriesStyle struct {
	color  color.RGBA
	dashed bool
	// glyph is the index in glyphs of the points' marker, or -1 for a
	// line without markers.
	glyph int
}

// glyphs are the markers of points, one per pass of lineColors, with
// their names in ECharts.
var glyphs = []struct {
	draw    draw.GlyphDrawer
	echarts string
}{
	{draw.CircleGlyph{}, "circle"},
	{draw.TriangleGlyph{}, "triangle"},
	{draw.SquareGlyph{}, "rect"},
	{draw.RingGlyph{}, "roundRect"},
	{draw.PyramidGlyph{}, "diamond"},
	{draw.BoxGlyph{}, "emptyRect"},
	{draw.CrossGlyph{}, "pin"},
	{draw.PlusGlyph{}, "arrow"},
}

// styles returns the style of each series of ss.
func styles(ss []Series) []seriesStyle {
	st := make([]seriesStyle, len(ss))
	group := map[string]int{}
	n := 0 // colours handed out
	for k, s := range ss {
		if s.Colour > 0 {
			st[k] = styleOf(s.Colour-1, s)
			continue
		}
		c, ok := group[s.Group]
		if !ok || s.Group == "" {
			c = n
			n++
			if s.Group != "" {
				group[s.Group] = c
			}
		}
		st[k] = styleOf(c, s)
	}
	return st
}

// styleOf is the style of a series s with the k-th colour of the chart.
func styleOf(k int, s Series) seriesStyle {
	pass := k / len(lineColors)
	st := seriesStyle{color: lineColors[k%len(lineColors)], dashed: s.Dashed && !s.Points, glyph: -1}
	switch {
	case s.Points || s.Markers:
		st.glyph = pass % len(glyphs)
	case pass > 0:
		st.glyph = (pass - 1) % len(glyphs)
	}
	return st
}

func hexColor(c color.RGBA) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// points returns the drawable points of s, and those of its band.
func (c *LineChart) points(s Series) (line, lo, hi plotter.XYs) {
	for i := range s.X {
		if c.drawable(s.X[i], s.Y[i]) {
			line = append(line, plotter.XY{X: s.X[i], Y: s.Y[i]})
		}
		if s.Lo != nil && c.drawable(s.X[i], s.Lo[i]) && c.drawable(s.X[i], s.Hi[i]) {
			lo = append(lo, plotter.XY{X: s.X[i], Y: s.Lo[i]})
			hi = append(hi, plotter.XY{X: s.X[i], Y: s.Hi[i]})
		}
	}
	return line, lo, hi
}

// padFrac is the margin on either side of a fitted axis, as a fraction of
// the data's range (of its logarithm on a log axis).
const padFrac = 0.05

// span is a range of values on an axis; lo > hi means empty.
type span struct{ lo, hi float64 }

func emptySpan() span { return span{math.Inf(1), math.Inf(-1)} }

func (s *span) add(v float64) { s.lo, s.hi = math.Min(s.lo, v), math.Max(s.hi, v) }

// extents returns the ranges of the drawable data of c on each axis, and
// whether any point has y = +Inf with a drawable x (see InfLabel).
func (c *LineChart) extents() (x, y span, inf bool) {
	x, y = emptySpan(), emptySpan()
	for _, s := range c.Series {
		line, lo, hi := c.points(s)
		for _, pts := range []plotter.XYs{line, lo, hi} {
			for _, p := range pts {
				x.add(p.X)
				y.add(p.Y)
			}
		}
		if c.InfLabel != "" {
			for _, p := range c.infPoints(s) {
				x.add(p.X)
				inf = true
			}
		}
	}
	return x, y, inf
}

// infPoints returns the points of s with y = +Inf and a drawable x, their
// Y left zero.
func (c *LineChart) infPoints(s Series) plotter.XYs {
	var pts plotter.XYs
	for i, y := range s.Y {
		if math.IsInf(y, 1) && drawable(s.X[i], c.LogX) {
			pts = append(pts, plotter.XY{X: s.X[i]})
		}
	}
	return pts
}

// fitted returns the axis range for data spanning d: d widened by padFrac
// of its width on either side, on the log scale if log. Degenerate ranges
// (no data, one value) are widened as fixRange does first.
func fitted(d span, log bool) (lo, hi float64) {
	a := plot.Axis{Min: d.lo, Max: d.hi}
	fixRange(&a, log)
	lo, hi = a.Min, a.Max
	f, inv := func(v float64) float64 { return v }, func(v float64) float64 { return v }
	if log {
		f, inv = math.Log10, func(v float64) float64 { return math.Pow(10, v) }
	}
	w := f(hi) - f(lo)
	if !(w > 0) || math.IsInf(w, 0) {
		return lo, hi
	}
	plo, phi := inv(f(lo)-padFrac*w), inv(f(hi)+padFrac*w)
	if math.IsInf(plo, 0) || math.IsInf(phi, 0) || log && !(plo > 0) {
		return lo, hi
	}
	return plo, phi
}

// ranges returns the x and y ranges of c's axes, and whether +Inf points
// are marked. A fitted y axis with +Inf points has room above the data for
// a row of triangles per series that has them (see infY).
func (c *LineChart) ranges() (x, y span, inf bool) {
	dx, dy, inf := c.extents()
	x.lo, x.hi = fitted(dx, c.LogX)
	if c.XMin < c.XMax {
		x = span{c.XMin, c.XMax}
	}
	if c.YMin < c.YMax {
		y = span{c.YMin, c.YMax}
	} else {
		if inf && dy.lo > dy.hi { // only +Inf points: draw them mid-height
			dy = span{1, 1}
		}
		y.lo, y.hi = fitted(dy, c.LogY)
		if n := c.infSeries(); n > 0 {
			f, inv := scaleFuncs(c.LogY)
			y.hi = inv(f(y.hi) + (f(y.hi)-f(y.lo))*(infGap+infRow*float64(n)))
		}
	}
	return x, y, inf
}

// infGap and infRow are the room above a fitted y axis's data for +Inf
// points, as shares of the fitted range: a gap, then a row per series.
const infGap, infRow = 0.04, 0.08

// scaleFuncs returns the map to an axis's linear scale and its inverse.
func scaleFuncs(log bool) (f, inv func(float64) float64) {
	if log {
		return math.Log10, func(v float64) float64 { return math.Pow(10, v) }
	}
	return func(v float64) float64 { return v }, func(v float64) float64 { return v }
}

// infSeries returns the number of series with +Inf points to mark.
func (c *LineChart) infSeries() int {
	n := 0
	for _, s := range c.Series {
		if c.InfLabel != "" && len(c.infPoints(s)) > 0 {
			n++
		}
	}
	return n
}

// infY is where the +Inf markers of the j-th series that has them go: in
// the j-th row above the data on a fitted axis, so that no series' markers
// hide another's, or halfway through the top margin of a fixed one.
func (c *LineChart) infY(y span, j int) float64 {
	f, inv := scaleFuncs(c.LogY)
	if c.YMin < c.YMax {
		return inv(f(y.hi) - padFrac/(1+2*padFrac)/2*(f(y.hi)-f(y.lo)))
	}
	n := float64(c.infSeries())
	w := (f(y.hi) - f(y.lo)) / (1 + infGap + infRow*n)
	return inv(f(y.lo) + w*(1+infGap+infRow*(float64(j)+0.5)))
}

// layout is where the parts of a static chart were drawn, for Check.
type layout struct {
	// plot is the part of the image with the axes and the data (less
	// title and legend), data the data area within it.
	plot, data vg.Rectangle
	// x and y are the axes' ranges, dx and dy those of the data.
	x, y, dx, dy span
	logX, logY   bool
	// yCover is the y range the data should cover: y less the rows of
	// +Inf markers.
	yCover span
	// pts are the drawable points, in data coordinates.
	pts plotter.XYs
	// title is the title's rectangle (empty without one), axisLabels
	// those of the axes' labels.
	title      vg.Rectangle
	axisLabels []vg.Rectangle
	// dodge moves the markers of marker-only series that would cover
	// one another apart (its shifts are found when the plot draws).
	dodge *dodge
}

// legendEntry is one line of a legend.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// legendNames returns the names in c's legend, in order.
func (c *LineChart) legendNames() []string {
	var names []string
	inf := false
	for _, s := range c.Series {
		name := s.Name
		if line, _, _ := c.points(s); len(line) == 0 {
			name += " (no data)"
		}
		names = append(names, name)
		inf = inf || c.InfLabel != "" && len(c.infPoints(s)) > 0
	}
	if inf {
		names = append(names, c.InfLabel)
	}
	return names
}

func (c *LineChart) size() (vg.Length, vg.Length) {
	w, h := 16*vg.Centimeter, 10*vg.Centimeter
	if lp := planLegend(c.legendNames(), w-vg.Points(10)); !lp.beside {
		h += lp.h + legendGap
	}
	return w, h
}

// legendGap separates the legend from the plot.
var legendGap = vg.Points(8)

// legendPlan says where a legend goes: beside the plot, at its right, if
// its width is at most a quarter of the chart's, else below it in cols
// columns of at most rows entries, as many columns as fit.
type legendPlan struct {
	beside     bool
	cols, rows int
	colW, w, h vg.Length
}

// columnGap separates the columns of a legend.
var columnGap = vg.Points(14)

func newLegendStyle() plot.Legend {
	leg := newLegend(vg.Points(9))
	leg.Left, leg.Top = true, true
	leg.Padding = vg.Points(2)
	return leg
}

// legendSize returns the size of a one-column legend of names.
func legendSize(names []string) (w, h vg.Length) {
	leg := newLegendStyle()
	for _, n := range names {
		leg.Add(n)
	}
	r := leg.Rectangle(draw.Canvas{})
	// The last row's descenders reach below the rectangle gonum
	// measures: keep room for them, so that a legend under the plot
	// stays inside the image.
	return r.Size().X, r.Size().Y + legendDescent
}

// legendDescent is the room kept under a legend's last row for its
// descenders ("g", "p", "y").
var legendDescent = vg.Points(4)

func planLegend(names []string, width vg.Length) legendPlan {
	if len(names) == 0 {
		return legendPlan{beside: true}
	}
	colW, h := legendSize(names)
	if colW <= width/4 {
		return legendPlan{beside: true, cols: 1, rows: len(names), colW: colW, w: colW, h: h}
	}
	cols := max(1, min(len(names), int((width+columnGap)/(colW+columnGap))))
	rows := (len(names) + cols - 1) / cols
	cols = (len(names) + rows - 1) / rows
	_, h = legendSize(names[:rows])
	return legendPlan{cols: cols, rows: rows, colW: colW, w: vg.Length(cols)*(colW+columnGap) - columnGap, h: h}
}

func (c *LineChart) draw(dc draw.Canvas) layout { return c.drawProbe(dc, probe{k: -1}) }

// probe says how Check draws a chart to see one series: the k-th series
// in probeColor, no bands, and, if alone, no other series. k < 0 draws
// the chart as it is.
type probe struct {
	k     int
	alone bool
	// noLegend leaves the legend out (a panel of Panels draws none).
	noLegend bool
}

// probeColor is a colour no chart uses: the probed series' pixels are
// those near it.
var probeColor = color.RGBA{255, 0, 255, 255}

// drawProbe draws c as pr says.
func (c *LineChart) drawProbe(dc draw.Canvas, pr probe) layout {
	lay := layout{logX: c.LogX, logY: c.LogY}
	dc, lay.title = drawTitle(dc, c.Title)
	xl := c.XLabel
	if c.ExactX != "" {
		xl += "\n" + c.ExactX
	}
	p := newPlot(xl)
	p.X.Tick.Marker, p.Y.Tick.Marker = tickFunc(linearTicks), tickFunc(linearTicks)
	if c.IntegerX {
		p.X.Tick.Marker = tickFunc(integerTicks)
	}
	if c.IntegerY {
		p.Y.Tick.Marker = tickFunc(integerTicks)
	}
	if c.LogX {
		p.X.Scale = plot.LogScale{}
		// About 36 points a label ("0.05" and the gap to the next)
		// across the canvas less the y axis's labels.
		p.X.Tick.Marker = logTicks{room: int((dc.Max.X - dc.Min.X - vg.Points(50)) / vg.Points(36))}
		if d := c.dataTicks(); d != nil {
			p.X.Tick.Marker = d
		}
	}
	if c.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	p.Add(plotter.NewGrid())
	xr, yr, hasInf := c.ranges()
	lay.x, lay.y = xr, yr
	lay.yCover = yr
	if n := c.infSeries(); n > 0 && !(c.YMin < c.YMax) {
		// The rows of +Inf markers above the data are not the data's.
		f, inv := scaleFuncs(c.LogY)
		lay.yCover.hi = inv(f(yr.lo) + (f(yr.hi)-f(yr.lo))/(1+infGap+infRow*float64(n)))
	}
	lay.dx, lay.dy, _ = c.extents()
	if c.ExactX == "" {
		lay.dodge = c.newDodge()
	}
	var entries []legendEntry
	var infThumb plot.Thumbnailer
	infRowK := 0 // row of the next series' +Inf markers
	for k, st := range styles(c.Series) {
		s := c.Series[k]
		col := st.color
		pts, lo, hi := c.points(s)
		lay.pts = append(lay.pts, pts...)
		if pr.k == k {
			col = probeColor
		}
		if pr.k >= 0 && pr.alone && pr.k != k {
			// Draw nothing of it; the legend stays, so that the plot
			// keeps its place.
			name := s.Name
			if len(pts) == 0 {
				name += " (no data)"
			}
			entries = append(entries, legendEntry{name, nil})
			if hasInf && len(c.infPoints(s)) > 0 {
				infRowK++
				if infThumb == nil {
					infThumb = &plotter.Scatter{GlyphStyle: plotter.DefaultGlyphStyle}
				}
			}
			continue
		}
		if s.Points && len(lo) > 0 && pr.k < 0 {
			p.Add(errorBars{lo: lo, hi: hi, color: col, k: k, dodge: lay.dodge})
		} else if len(lo) > 1 && pr.k < 0 {
			band := make(plotter.XYs, 0, 2*len(lo))
			band = append(band, lo...)
			for i := len(hi) - 1; i >= 0; i-- {
				band = append(band, hi[i])
			}
			poly := &plotter.Polygon{XYs: []plotter.XYs{band}}
			poly.Color = color.NRGBA{col.R, col.G, col.B, 50}
			poly.LineStyle.Width = 0
			p.Add(poly)
		}
		name := s.Name
		if len(pts) == 0 {
			name += " (no data)"
		}
		var thumbs []plot.Thumbnailer
		if !s.Points {
			l := lineOf(pts, st)
			l.Color = col
			if len(pts) > 0 {
				p.Add(l)
			}
			// A line through one point draws nothing: its key is its
			// marker alone, as the plot shows it.
			if len(pts) != 1 || st.glyph < 0 {
				thumbs = append(thumbs, l)
			}
		}
		if st.glyph >= 0 {
			sc := scatterOf(pts, st)
			sc.Color = col
			switch {
			case len(pts) > 0 && s.Points:
				p.Add(dodgedScatter{sc: sc, k: k, dodge: lay.dodge})
			case len(pts) > 0:
				p.Add(sc)
			}
			thumbs = append(thumbs, sc)
		}
		if hasInf {
			if ip := c.infPoints(s); len(ip) > 0 {
				for i := range ip {
					ip[i].Y = c.infY(yr, infRowK)
				}
				infRowK++
				sc := &plotter.Scatter{XYs: ip, GlyphStyle: plotter.DefaultGlyphStyle}
				sc.Color = col
				sc.Shape = draw.PyramidGlyph{}
				sc.Radius = vg.Points(3.5)
				p.Add(sc)
				if infThumb == nil {
					// Grey, the colour of no series: the triangles
					// take their series' colours.
					t := *sc
					t.Color = color.RGBA{128, 128, 128, 255}
					infThumb = &t
				}
			}
		}
		entries = append(entries, legendEntry{name, thumbs})
	}
	if infThumb != nil {
		entries = append(entries, legendEntry{c.InfLabel, []plot.Thumbnailer{infThumb}})
	}
	p.X.Min, p.X.Max = xr.lo, xr.hi
	p.Y.Min, p.Y.Max = yr.lo, yr.hi
	if pr.noLegend {
		entries = nil
	}
	lay.plot, lay.data, lay.axisLabels = drawWithLegend(dc, p, c.YLabel, entries)
	if pr.k < 0 {
		c.drawLabels(dc, lay)
	}
	return lay
}

// drawLabels writes each series' Label beside its last drawable point in
// the data area of lay: to the right of it, or to the left where the
// label would leave the data area, moved up or down so that no two labels
// overlap.
func (c *LineChart) drawLabels(dc draw.Canvas, lay layout) {
	sty := textStyle(8, color.Black)
	sty.YAlign = draw.YCenter
	type lab struct {
		text string
		x, y vg.Length
		left bool
	}
	var labs []lab
	d := lay.data
	pos := func(v float64, r span, log bool, lo, hi vg.Length) vg.Length {
		return lo + vg.Length(frac(v, r, log))*(hi-lo)
	}
	for k, s := range c.Series {
		if s.Label == "" {
			continue
		}
		line, _, _ := c.points(s)
		if len(line) == 0 {
			continue
		}
		pt := line[len(line)-1]
		x, y := pos(pt.X, lay.x, c.LogX, d.Min.X, d.Max.X)+lay.dodge.placed(k, pt.X), pos(pt.Y, lay.y, c.LogY, d.Min.Y, d.Max.Y)
		if x < d.Min.X || x > d.Max.X || y < d.Min.Y || y > d.Max.Y {
			continue
		}
		l := lab{text: s.Label, x: x + vg.Points(5), y: y}
		if l.x+sty.Width(s.Label) > d.Max.X {
			l.x, l.left = x-vg.Points(5), true
		}
		labs = append(labs, l)
	}
	// Push overlapping labels apart, bottom up, then back inside.
	h := sty.Height("Ag")
	slices.SortFunc(labs, func(a, b lab) int { return cmp.Compare(a.y, b.y) })
	overlap := func(a, b lab) bool {
		ax0, ax1 := a.x, a.x+sty.Width(a.text)
		if a.left {
			ax0, ax1 = a.x-sty.Width(a.text), a.x
		}
		bx0, bx1 := b.x, b.x+sty.Width(b.text)
		if b.left {
			bx0, bx1 = b.x-sty.Width(b.text), b.x
		}
		return ax0 < bx1 && bx0 < ax1
	}
	for i := range labs {
		for j := range i {
			if overlap(labs[i], labs[j]) && labs[i].y-labs[j].y < h {
				labs[i].y = labs[j].y + h
			}
		}
	}
	if n := len(labs); n > 0 && labs[n-1].y+h/2 > d.Max.Y {
		shift := labs[n-1].y + h/2 - d.Max.Y
		for i := range labs {
			labs[i].y -= shift
		}
	}
	for _, l := range labs {
		st := sty
		if l.left {
			st.XAlign = draw.XRight
		}
		dc.FillText(st, vg.Point{X: l.x, Y: l.y}, l.text)
	}
}

// lineOf is the line through pts in style st.
func lineOf(pts plotter.XYs, st seriesStyle) *plotter.Line {
	l := &plotter.Line{XYs: pts, LineStyle: plotter.DefaultLineStyle}
	l.Color = st.color
	l.Width = vg.Points(1.5)
	if st.dashed {
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	return l
}

// scatterOf is the markers of pts in style st (st.glyph ≥ 0).
func scatterOf(pts plotter.XYs, st seriesStyle) *plotter.Scatter {
	sc := &plotter.Scatter{XYs: pts, GlyphStyle: plotter.DefaultGlyphStyle}
	sc.Color = st.color
	sc.Shape = glyphs[st.glyph].draw
	sc.Radius = vg.Points(2.5)
	return sc
}

// errorBars draws a vertical bar with caps from lo[i] to hi[i] at each
// point: the band of a series of markers.
type errorBars struct {
	lo, hi plotter.XYs
	color  color.Color
	// k is the series' index in its chart, whose dodge moves its
	// markers and bars alike.
	k     int
	dodge *dodge
}

func (e errorBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := draw.LineStyle{Color: e.color, Width: vg.Points(1)}
	capW := vg.Points(3)
	for i := range e.lo {
		x, y0, y1 := trX(e.lo[i].X)+e.dodge.shift(e.k, e.lo[i].X, c, trX, trY), trY(e.lo[i].Y), trY(e.hi[i].Y)
		for _, l := range [][]vg.Point{{{X: x, Y: y0}, {X: x, Y: y1}}, {{X: x - capW, Y: y0}, {X: x + capW, Y: y0}}, {{X: x - capW, Y: y1}, {X: x + capW, Y: y1}}} {
			c.StrokeLines(sty, c.ClipLinesXY(l)...)
		}
	}
}

// drawWithLegend draws p and its y-axis label with a legend of entries
// beside it or below it (see planLegend), and returns the rectangles of
// the plot (axes and data) and of its data area.
func drawWithLegend(dc draw.Canvas, p *plot.Plot, yLabel string, entries []legendEntry) (plotR, dataR vg.Rectangle, labels []vg.Rectangle) {
	if len(entries) == 0 {
		da, labels := drawPlot(dc, p, yLabel)
		return dc.Rectangle, da.Rectangle, labels
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.name
	}
	lp := planLegend(names, dc.Max.X-dc.Min.X)
	legend := func(es []legendEntry) *plot.Legend {
		leg := newLegendStyle()
		for _, e := range es {
			leg.Add(e.name, e.thumbs...)
		}
		return &leg
	}
	if lp.beside {
		pc := draw.Crop(dc, 0, -(lp.w + 2*legendGap), 0, 0)
		da, labels := drawPlot(pc, p, yLabel)
		lc := dc
		lc.Min.X = pc.Max.X + legendGap
		lc.Min.Y, lc.Max.Y = da.Min.Y, da.Max.Y
		legend(entries).Draw(lc)
		return pc.Rectangle, da.Rectangle, labels
	}
	pc := draw.Crop(dc, 0, 0, lp.h+legendGap, 0)
	da, labels := drawPlot(pc, p, yLabel)
	x0 := min(da.Min.X, dc.Max.X-lp.w)
	for k := 0; k < lp.cols; k++ {
		es := entries[k*lp.rows : min(len(entries), (k+1)*lp.rows)]
		lc := dc
		lc.Min.X = x0 + vg.Length(k)*(lp.colW+columnGap)
		lc.Max.X = lc.Min.X + lp.colW
		lc.Max.Y = pc.Min.Y
		legend(es).Draw(lc)
	}
	return pc.Rectangle, da.Rectangle, labels
}

func (c *LineChart) echarts(id string) render.Renderer {
	line := charts.NewLine()
	axis := func(log bool) string {
		if log {
			return "log"
		}
		return "value"
	}
	// The legend goes below the x axis's name, in as many rows as it
	// takes (about 7 px a character and 40 px a symbol, in 860 px), so
	// that it overlaps neither the axes' names nor the data.
	names := c.legendNames()
	var width int
	for _, n := range names {
		width += 7*len([]rune(n)) + 40
	}
	rows := (width + 859) / 860
	bottom := 60 + 24*rows
	title, titleLines := wrapTitle(c.Title)
	// The subtitle names the y axis and says why a series of several
	// runs shows no spread, a line each.
	subtitle := yName(c.YLabel)
	for _, n := range noSpreadNotes(c.Series) {
		if subtitle != "" {
			subtitle += "\n"
		}
		subtitle += n
	}
	subLines := max(1, strings.Count(subtitle, "\n")+1)
	xr, yr, hasInf := c.ranges()
	// The axes' ends are not round: ECharts should not label them.
	endless := &opts.AxisLabel{Show: opts.Bool(true), ShowMinLabel: opts.Bool(false), ShowMaxLabel: opts.Bool(false)}
	line.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id, Width: "900px", Height: fmt.Sprintf("%dpx", 480+24*(rows+titleLines-1)+16*(subLines-1))}),
		// The y axis's name goes in the subtitle: ECharts centres it on
		// the axis, where a long one runs off the left edge.
		charts.WithTitleOpts(opts.Title{Title: title, Subtitle: subtitle}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Bottom: "5", Left: "center", Width: "860"}),
		charts.WithGridOpts(opts.Grid{Top: strconv.Itoa(75 + 24*(titleLines-1) + 16*(subLines-1)), Left: "90", Right: "40", Bottom: strconv.Itoa(bottom)}),
		charts.WithXAxisOpts(opts.XAxis{Type: axis(c.LogX), Name: c.XLabel, NameLocation: "middle", NameGap: 30,
			Min: roundAxis(xr.lo), Max: roundAxis(xr.hi), AxisLabel: endless}),
		charts.WithYAxisOpts(opts.YAxis{Type: axis(c.LogY),
			Min: roundAxis(yr.lo), Max: roundAxis(yr.hi), AxisLabel: endless}),
		charts.WithDataZoomOpts(opts.DataZoom{Type: "inside"}),
	)
	infRowK := 0
	for k, st := range styles(c.Series) {
		s := c.Series[k]
		col := hexColor(st.color)
		pts, lo, hi := c.points(s)
		style := opts.LineStyle{Color: col, Width: 2}
		if st.dashed {
			style.Type = "dashed"
		}
		if s.Points {
			style = opts.LineStyle{Color: col, Width: 0, Opacity: opts.Float(0)}
		}
		marker := opts.LineChart{Symbol: "emptyCircle"} // ECharts' default
		if st.glyph >= 0 {
			marker = opts.LineChart{Symbol: glyphs[st.glyph].echarts, SymbolSize: 7}
		}
		line.AddSeries(s.Name, lineData(pts),
			charts.WithLineStyleOpts(style), charts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
			charts.WithLineChartOpts(marker))
		// The band's edges share the series' name, so that the legend
		// shows and hides them with it.
		for _, edge := range []plotter.XYs{lo, hi} {
			if len(edge) == 0 {
				continue
			}
			line.AddSeries(s.Name, lineData(edge),
				charts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 1, Opacity: opts.Float(0.5)}),
				charts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
				charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}))
		}
		// Triangles at the top mark +Inf points, one series per colour,
		// all named InfLabel so that the legend lists them once.
		if ip := c.infPoints(s); hasInf && len(ip) > 0 {
			for i := range ip {
				ip[i].Y = roundAxis(c.infY(yr, infRowK))
			}
			infRowK++
			line.AddSeries(c.InfLabel, lineData(ip),
				charts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 0, Opacity: opts.Float(0)}),
				charts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
				charts.WithLineChartOpts(opts.LineChart{Symbol: "triangle", SymbolSize: 10}))
		}
	}
	return line
}

// yName is the subtitle naming the y axis of an interactive chart.
func yName(label string) string {
	if label == "" {
		return ""
	}
	return "y: " + label
}

// roundAxis rounds v to 4 significant digits, so that the page does not
// show last bits in ECharts' labels and tooltips.
func roundAxis(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return r
}

// lineData returns the points for ECharts, rounded to 4 significant
// digits (roundAxis): the tooltips show no more, and a notebook carries a
// third of the bytes; the CSV keeps every digit.
func lineData(pts plotter.XYs) []opts.LineData {
	data := make([]opts.LineData, len(pts))
	for i, p := range pts {
		data[i] = opts.LineData{Value: []float64{roundAxis(p.X), roundAxis(p.Y)}}
	}
	return data
}

// noSpreadNotes returns, for each series of ss of several runs drawn
// without their spread, "no spread shown for <name>: <NoSpread>".
func noSpreadNotes(ss []Series) []string {
	var notes []string
	for _, s := range ss {
		if s.NoSpread != "" {
			notes = append(notes, fmt.Sprintf("no spread shown for %s: %s", s.Name, s.NoSpread))
		}
	}
	return notes
}

// table returns the data, with a last column no_spread (each series'
// NoSpread) if any series has a NoSpread.
func (c *LineChart) table() [][]string {
	note := len(noSpreadNotes(c.Series)) > 0
	head := []string{"series", "x", "y", "lo", "hi"}
	if note {
		head = append(head, "no_spread")
	}
	rows := [][]string{head}
	for _, s := range c.Series {
		for i := range s.X {
			lo, hi := "", ""
			if s.Lo != nil {
				lo, hi = num(s.Lo[i]), num(s.Hi[i])
			}
			row := []string{s.Name, num(s.X[i]), num(s.Y[i]), lo, hi}
			if note {
				row = append(row, s.NoSpread)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

func (c *LineChart) labels() []string {
	l := []string{c.Title, c.XLabel, c.YLabel, " (no data)", c.InfLabel}
	for _, s := range c.Series {
		l = append(l, s.Name, s.Label)
	}
	return l
}

// ZoomFrom fixes c's axes (XMin, XMax, YMin, YMax) to the range of the
// drawable data, bands included, at x ≥ x0, with the margin of a fitted
// axis, so that the chart shows where the lines end up (the last epochs of
// an accuracy curve, say); earlier points are clipped. It leaves c
// unchanged if no point lies at x ≥ x0.
func (c *LineChart) ZoomFrom(x0 float64) {
	d, dx := emptySpan(), emptySpan()
	for _, s := range c.Series {
		line, lo, hi := c.points(s)
		for _, pts := range []plotter.XYs{line, lo, hi} {
			for _, p := range pts {
				if p.X >= x0 {
					d.add(p.Y)
					dx.add(p.X)
				}
			}
		}
	}
	if d.lo > d.hi {
		return
	}
	c.XMin, c.XMax = fitted(dx, c.LogX)
	c.YMin, c.YMax = fitted(d, c.LogY)
}
