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
// (a confidence interval, say). Points with a NaN or infinite value, and
// points at or below zero on a log axis, are not drawn.
type Series struct {
	Name   string
	X, Y   []float64
	Lo, Hi []float64
	Dashed bool
	// Points draws markers instead of a line.
	Points bool
}

// LineChart is a chart of lines over a numeric x axis.
type LineChart struct {
	Title, XLabel, YLabel string
	LogX, LogY            bool
	Series                []Series
}

var _ Chart = (*LineChart)(nil)

func (c *LineChart) validate() error {
	if len(c.Series) == 0 {
		return fmt.Errorf("%w: line chart %q has no series", ErrChart, c.Title)
	}
	for _, s := range c.Series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("%w: series %q has %d x and %d y values", ErrChart, s.Name, len(s.X), len(s.Y))
		}
		if (s.Lo != nil || s.Hi != nil) && (len(s.Lo) != len(s.X) || len(s.Hi) != len(s.X)) {
			return fmt.Errorf("%w: series %q has %d points but a band of %d and %d", ErrChart, s.Name, len(s.X), len(s.Lo), len(s.Hi))
		}
	}
	return nil
}

func (c *LineChart) size() (vg.Length, vg.Length) { return 16 * vg.Centimeter, 10 * vg.Centimeter }

// drawable reports whether (x, y) can be drawn on c's axes.
func (c *LineChart) drawable(x, y float64) bool {
	ok := func(v float64, log bool) bool {
		return !math.IsNaN(v) && !math.IsInf(v, 0) && (!log || v > 0)
	}
	return ok(x, c.LogX) && ok(y, c.LogY)
}

// palette is the colour cycle of lines (Okabe-Ito, readable by colour-blind
// readers).
var lineColors = []color.Color{
	color.RGBA{0, 114, 178, 255},
	color.RGBA{213, 94, 0, 255},
	color.RGBA{0, 158, 115, 255},
	color.RGBA{204, 121, 167, 255},
	color.RGBA{230, 159, 0, 255},
	color.RGBA{86, 180, 233, 255},
	color.RGBA{0, 0, 0, 255},
	color.RGBA{240, 228, 66, 255},
}

func hexColor(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

func (c *LineChart) plot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = c.Title
	p.X.Label.Text = c.XLabel
	p.Y.Label.Text = c.YLabel
	if c.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	if c.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	for k, s := range c.Series {
		col := lineColors[k%len(lineColors)]
		var pts, lo, hi plotter.XYs
		for i := range s.X {
			if c.drawable(s.X[i], s.Y[i]) {
				pts = append(pts, plotter.XY{X: s.X[i], Y: s.Y[i]})
			}
			if s.Lo != nil && c.drawable(s.X[i], s.Lo[i]) && c.drawable(s.X[i], s.Hi[i]) {
				lo = append(lo, plotter.XY{X: s.X[i], Y: s.Lo[i]})
				hi = append(hi, plotter.XY{X: s.X[i], Y: s.Hi[i]})
			}
		}
		if len(lo) > 1 {
			band := make(plotter.XYs, 0, 2*len(lo))
			band = append(band, lo...)
			for i := len(hi) - 1; i >= 0; i-- {
				band = append(band, hi[i])
			}
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return nil, fmt.Errorf("chart: band of %q: %w", s.Name, err)
			}
			r, g, b, _ := col.RGBA()
			poly.Color = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 50}
			poly.LineStyle.Width = 0
			p.Add(poly)
		}
		if len(pts) == 0 {
			continue
		}
		if s.Points {
			sc, err := plotter.NewScatter(pts)
			if err != nil {
				return nil, fmt.Errorf("chart: series %q: %w", s.Name, err)
			}
			sc.Color = col
			sc.Shape = draw.CircleGlyph{}
			sc.Radius = vg.Points(2.5)
			p.Add(sc)
			p.Legend.Add(s.Name, sc)
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("chart: series %q: %w", s.Name, err)
		}
		l.Color = col
		l.Width = vg.Points(1.5)
		if s.Dashed {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		p.Add(l)
		p.Legend.Add(s.Name, l)
	}
	return p, nil
}

func (c *LineChart) echarts(id string) (render.Renderer, error) {
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
		charts.WithXAxisOpts(opts.XAxis{Type: axis(c.LogX), Name: c.XLabel, NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(opts.YAxis{Type: axis(c.LogY), Name: c.YLabel}),
		charts.WithDataZoomOpts(opts.DataZoom{Type: "inside"}),
	)
	for k, s := range c.Series {
		var data []opts.LineData
		for i := range s.X {
			if c.drawable(s.X[i], s.Y[i]) {
				data = append(data, opts.LineData{Value: []float64{s.X[i], s.Y[i]}})
			}
		}
		style := opts.LineStyle{Color: hexColor(lineColors[k%len(lineColors)]), Width: 2}
		if s.Dashed {
			style.Type = "dashed"
		}
		so := []charts.SeriesOpts{charts.WithLineStyleOpts(style), charts.WithItemStyleOpts(opts.ItemStyle{Color: style.Color})}
		if s.Points {
			so = append(so, charts.WithLineStyleOpts(opts.LineStyle{Color: style.Color, Width: 0, Opacity: opts.Float(0)}))
		}
		line.AddSeries(s.Name, data, so...)
	}
	return line, nil
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
