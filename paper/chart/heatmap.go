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
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Heatmap is a grid of positive values (ratios, say) coloured on a
// diverging log scale centred at Center: cells below Center are blue, above
// it red, equal white. NaN cells are grey and annotated "n/a".
type Heatmap struct {
	Title, XLabel, YLabel string
	// XTicks name the columns, YTicks the rows (bottom to top).
	XTicks, YTicks []string
	// Values[r][c] is the cell of row r and column c.
	Values [][]float64
	// Center is the neutral value. Default 1.
	Center float64
	// Format formats the annotation of a cell. Default "%.2f".
	Format string
}

var _ Chart = (*Heatmap)(nil)

func (h *Heatmap) validate() error {
	if len(h.Values) == 0 || len(h.Values[0]) == 0 {
		return fmt.Errorf("%w: heatmap %q has no cells", ErrChart, h.Title)
	}
	if len(h.YTicks) != len(h.Values) {
		return fmt.Errorf("%w: heatmap %q has %d rows but %d row names", ErrChart, h.Title, len(h.Values), len(h.YTicks))
	}
	for r, row := range h.Values {
		if len(row) != len(h.XTicks) {
			return fmt.Errorf("%w: heatmap %q row %d has %d cells but there are %d column names", ErrChart, h.Title, r, len(row), len(h.XTicks))
		}
		for c, v := range row {
			if v <= 0 || math.IsInf(v, 0) {
				return fmt.Errorf("%w: heatmap %q cell (%d, %d) = %v, want positive and finite or NaN", ErrChart, h.Title, r, c, v)
			}
		}
	}
	if h.Center < 0 || math.IsNaN(h.Center) || math.IsInf(h.Center, 0) {
		return fmt.Errorf("%w: heatmap %q centre %v, want positive", ErrChart, h.Title, h.Center)
	}
	return nil
}

func (h *Heatmap) center() float64 {
	if h.Center == 0 {
		return 1
	}
	return h.Center
}

func (h *Heatmap) format() string {
	if h.Format == "" {
		return "%.2f"
	}
	return h.Format
}

// span returns the largest |log(v/center)| over the cells, at least log 2,
// so that the colour scale is symmetric about the centre.
func (h *Heatmap) span() float64 {
	s := math.Log(2)
	for _, row := range h.Values {
		for _, v := range row {
			if !math.IsNaN(v) {
				s = math.Max(s, math.Abs(math.Log(v/h.center())))
			}
		}
	}
	return s
}

func (h *Heatmap) size() (vg.Length, vg.Length) {
	return 16 * vg.Centimeter, vg.Length(3+0.9*float64(len(h.Values))) * vg.Centimeter
}

// diverging is a blue-white-red palette.
type diverging int

func (d diverging) Colors() []color.Color {
	n := int(d)
	cs := make([]color.Color, n)
	blue := [3]float64{33, 102, 172}
	red := [3]float64{178, 24, 43}
	for i := range cs {
		t := 2*float64(i)/float64(n-1) - 1 // -1 (blue) .. 1 (red)
		end := blue
		if t > 0 {
			end = red
		}
		a := math.Abs(t)
		mix := func(k int) uint8 { return uint8(math.Round(255*(1-a) + end[k]*a)) }
		cs[i] = color.RGBA{mix(0), mix(1), mix(2), 255}
	}
	return cs
}

var _ palette.Palette = diverging(0)

// grid is the heatmap's data as a plotter.GridXYZ of log(v/center).
type grid struct{ h *Heatmap }

func (g grid) Dims() (c, r int) { return len(g.h.XTicks), len(g.h.Values) }
func (g grid) Z(c, r int) float64 {
	return math.Log(g.h.Values[r][c] / g.h.center())
}
func (g grid) X(c int) float64 { return float64(c) }
func (g grid) Y(r int) float64 { return float64(r) }

// tickNames labels integer positions with names.
type tickNames []string

func (t tickNames) Ticks(min, max float64) []plot.Tick {
	ticks := make([]plot.Tick, len(t))
	for i, name := range t {
		ticks[i] = plot.Tick{Value: float64(i), Label: name}
	}
	return ticks
}

func (h *Heatmap) plot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = h.Title
	p.X.Label.Text = h.XLabel
	p.Y.Label.Text = h.YLabel
	span := h.span()
	hm := plotter.NewHeatMap(grid{h}, diverging(255))
	hm.Min, hm.Max = -span, span
	hm.NaN = color.Gray{Y: 200}
	p.Add(hm)
	p.X.Tick.Marker = tickNames(h.XTicks)
	p.Y.Tick.Marker = tickNames(h.YTicks)
	p.X.Min, p.X.Max = -0.5, float64(len(h.XTicks))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(h.YTicks))-0.5

	var xys plotter.XYs
	var labels []string
	for r, row := range h.Values {
		for c, v := range row {
			xys = append(xys, plotter.XY{X: float64(c), Y: float64(r)})
			if math.IsNaN(v) {
				labels = append(labels, "n/a")
			} else {
				labels = append(labels, fmt.Sprintf(h.format(), v))
			}
		}
	}
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
	if err != nil {
		return nil, fmt.Errorf("chart: heatmap labels: %w", err)
	}
	for i := range l.TextStyle {
		l.TextStyle[i].XAlign = draw.XCenter
		l.TextStyle[i].YAlign = draw.YCenter
		l.TextStyle[i].Font.Size = vg.Points(7)
		l.TextStyle[i].Handler = &text.Plain{Fonts: l.TextStyle[i].Handler.Cache()}
	}
	p.Add(l)
	return p, nil
}

func (h *Heatmap) echarts(id string) (render.Renderer, error) {
	hm := charts.NewHeatMap()
	span := h.span()
	hm.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id, Width: "900px", Height: fmt.Sprintf("%dpx", 160+40*len(h.Values))}),
		charts.WithTitleOpts(opts.Title{Title: h.Title, Subtitle: fmt.Sprintf("colour: log(value / %g)", h.center())}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Formatter: "{b}"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Data: h.XTicks, Name: h.XLabel, NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: h.YTicks, Name: h.YLabel}),
		charts.WithVisualMapOpts(opts.VisualMap{
			Calculable: opts.Bool(true), Min: float32(-span), Max: float32(span),
			Orient: "vertical", Right: "10",
			InRange: &opts.VisualMapInRange{Color: []string{"#2166ac", "#ffffff", "#b2182b"}},
		}),
	)
	var data []opts.HeatMapData
	for r, row := range h.Values {
		for c, v := range row {
			if math.IsNaN(v) {
				data = append(data, opts.HeatMapData{Name: "n/a", Value: [3]any{c, r, "-"}})
				continue
			}
			z := math.Log(v / h.center())
			data = append(data, opts.HeatMapData{Name: fmt.Sprintf(h.format(), v), Value: [3]any{c, r, math.Round(z*1e6) / 1e6}})
		}
	}
	hm.AddSeries("value", data, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Formatter: "{b}"}))
	return hm, nil
}

func (h *Heatmap) table() [][]string {
	rows := [][]string{{"row", "column", "value"}}
	for r, row := range h.Values {
		for c, v := range row {
			rows = append(rows, []string{h.YTicks[r], h.XTicks[c], num(v)})
		}
	}
	return rows
}
