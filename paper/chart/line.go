// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/render"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series is one line of a LineChart, optionally with a band from Lo to Hi
// (a confidence interval, say). Points with a NaN or infinite coordinate,
// and points at or below zero on a log axis, are not drawn (the CSV keeps
// them); a series with no point left is listed in the legend as
// "(no data)".
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
}

// LineChart is a chart of lines over a numeric x axis, 16 cm by 10 cm,
// with the legend to the right of the plot (below it for long names).
type LineChart struct {
	Title, XLabel, YLabel string
	// LogX and LogY make the axes logarithmic.
	LogX, LogY bool
	Series     []Series
}

var _ Chart = (*LineChart)(nil)

func (c *LineChart) validate() error {
	if len(c.Series) == 0 {
		return fmt.Errorf("%w: line chart %q has no series", ErrChart, c.Title)
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

func (c *LineChart) size() (vg.Length, vg.Length) { return 16 * vg.Centimeter, 10 * vg.Centimeter }

// drawable reports whether (x, y) can be drawn on c's axes.
func (c *LineChart) drawable(x, y float64) bool {
	return drawable(x, c.LogX) && drawable(y, c.LogY)
}

func drawable(v float64, log bool) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && (!log || v > 0)
}

// lineColors is the colour cycle of lines: Okabe and Ito's palette, which
// colour-blind readers can tell apart.
var lineColors = []color.RGBA{
	{0, 114, 178, 255},
	{213, 94, 0, 255},
	{0, 158, 115, 255},
	{204, 121, 167, 255},
	{230, 159, 0, 255},
	{86, 180, 233, 255},
	{0, 0, 0, 255},
	{240, 228, 66, 255},
}

// seriesStyle is how the k-th series of a chart looks. The colour cycles
// through lineColors; each further pass of the cycle marks the points with
// another glyph (lines of the first pass have none), so that every series
// of a chart differs from every other in colour, dash or marker, whatever
// their Dashed and Points flags, up to len(lineColors)·len(glyphs) series.
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

func styleOf(k int, s Series) seriesStyle {
	pass := k / len(lineColors)
	st := seriesStyle{color: lineColors[k%len(lineColors)], dashed: s.Dashed && !s.Points, glyph: -1}
	switch {
	case s.Points:
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

func (c *LineChart) draw(dc draw.Canvas) {
	dc = drawTitle(dc, c.Title)
	p := newPlot(c.XLabel)
	p.X.Tick.Marker, p.Y.Tick.Marker = tickFunc(linearTicks), tickFunc(linearTicks)
	if c.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if c.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	p.Add(plotter.NewGrid())
	leg := newLegend(vg.Points(9))
	leg.Left, leg.Top = true, true
	leg.Padding = vg.Points(2)
	var entries int
	for k, s := range c.Series {
		st := styleOf(k, s)
		col := st.color
		pts, lo, hi := c.points(s)
		if len(lo) > 1 {
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
			l := &plotter.Line{XYs: pts, LineStyle: plotter.DefaultLineStyle}
			l.Color = col
			l.Width = vg.Points(1.5)
			if st.dashed {
				l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			}
			if len(pts) > 0 {
				p.Add(l)
			}
			thumbs = append(thumbs, l)
		}
		if st.glyph >= 0 {
			sc := &plotter.Scatter{XYs: pts, GlyphStyle: plotter.DefaultGlyphStyle}
			sc.Color = col
			sc.Shape = glyphs[st.glyph].draw
			sc.Radius = vg.Points(2.5)
			if len(pts) > 0 {
				p.Add(sc)
			}
			thumbs = append(thumbs, sc)
		}
		leg.Add(name, thumbs...)
		entries++
	}
	fixRange(&p.X, c.LogX)
	fixRange(&p.Y, c.LogY)
	drawWithLegend(dc, p, c.YLabel, leg, entries)
}

// drawWithLegend draws p and its y-axis label with leg beside it: at the
// right of the data area when the legend takes at most a quarter of the
// width, else below.
func drawWithLegend(dc draw.Canvas, p *plot.Plot, yLabel string, leg plot.Legend, entries int) {
	if entries == 0 {
		drawPlot(dc, p, yLabel)
		return
	}
	pad := vg.Points(8)
	r := leg.Rectangle(dc)
	lw, lh := r.Size().X, r.Size().Y
	lc := dc
	if lw <= (dc.Max.X-dc.Min.X)/4 {
		pc := draw.Crop(dc, 0, -(lw + 2*pad), 0, 0)
		da := drawPlot(pc, p, yLabel)
		lc.Min.X = pc.Max.X + pad
		lc.Min.Y, lc.Max.Y = da.Min.Y, da.Max.Y
	} else {
		pc := draw.Crop(dc, 0, 0, lh+pad, 0)
		da := drawPlot(pc, p, yLabel)
		lc.Min.X = da.Min.X
		lc.Max.Y = pc.Min.Y
	}
	leg.Draw(lc)
}

func (c *LineChart) echarts(id string) render.Renderer {
	line := charts.NewLine()
	axis := func(log bool) string {
		if log {
			return "log"
		}
		return "value"
	}
	line.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id, Width: "900px", Height: "560px"}),
		charts.WithTitleOpts(opts.Title{Title: c.Title}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "30"}),
		charts.WithGridOpts(opts.Grid{Top: "80"}),
		charts.WithXAxisOpts(opts.XAxis{Type: axis(c.LogX), Name: c.XLabel, NameLocation: "middle", NameGap: 30, Scale: opts.Bool(true)}),
		charts.WithYAxisOpts(opts.YAxis{Type: axis(c.LogY), Name: c.YLabel, Scale: opts.Bool(true)}),
		charts.WithDataZoomOpts(opts.DataZoom{Type: "inside"}),
	)
	for k, s := range c.Series {
		st := styleOf(k, s)
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
	}
	return line
}

func lineData(pts plotter.XYs) []opts.LineData {
	data := make([]opts.LineData, len(pts))
	for i, p := range pts {
		data[i] = opts.LineData{Value: []float64{p.X, p.Y}}
	}
	return data
}

func (c *LineChart) table() [][]string {
	rows := [][]string{{"series", "x", "y", "lo", "hi"}}
	for _, s := range c.Series {
		for i := range s.X {
			lo, hi := "", ""
			if s.Lo != nil {
				lo, hi = num(s.Lo[i]), num(s.Hi[i])
			}
			rows = append(rows, []string{s.Name, num(s.X[i]), num(s.Y[i]), lo, hi})
		}
	}
	return rows
}

func (c *LineChart) labels() []string {
	l := []string{c.Title, c.XLabel, c.YLabel, " (no data)"}
	for _, s := range c.Series {
		l = append(l, s.Name)
	}
	return l
}
