// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/render"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Heatmap is a grid of values coloured on a diverging blue-white-red scale
// centred at Center: cells below Center are blue, above it red, at it
// white. By default the colour follows log(v/Center), so that a ratio of
// 2 is as red as one of 1/2 is blue; this needs positive values.
// LinearColor colours v − Center instead. The scale is symmetric about
// Center and reaches its deepest colour at the cell farthest from it (at
// least a factor 2 away on the log scale); the static chart's colour bar
// shows the part of the scale from the centre to the cells' values, so
// that its ends are values a cell has. NaN cells are missing: grey,
// annotated "n/a", and absent from the interactive chart.
//
// The static chart is 16 cm wide, with a colour bar at the right.
type Heatmap struct {
	Title, XLabel, YLabel string
	// XTicks name the columns, left to right; YTicks name the rows,
	// bottom to top.
	XTicks, YTicks []string
	// Values[r][c] is the cell of row r and column c: len(YTicks) rows of
	// len(XTicks) cells.
	Values [][]float64
	// Center is the neutral value. On the log scale zero means 1.
	Center float64
	// LinearColor colours v − Center instead of log(v/Center); values
	// may then be zero or negative.
	LinearColor bool
	// Format is the fmt verb of a cell's annotation. Default "%.2f".
	Format string
	// NoAnnotate leaves the cells without annotations.
	NoAnnotate bool
	// ValueLabel says what the cells hold ("steps, two-level / standard");
	// it labels the colour bar and the interactive chart's subtitle.
	// Default "value".
	ValueLabel string
	// Hatched, if not nil, has the shape of Values and marks the cells to
	// hatch: cells whose interval spans the threshold the colour is
	// centred on, say. HatchLabel says what hatching means, beside a
	// hatched swatch under the colour bar and in the interactive chart's
	// tooltips. Default: no hatching.
	Hatched    [][]bool
	HatchLabel string
	// Notes, if not nil, has the shape of Values and adds a second line
	// under a cell's annotation ("±0.05", say); "" adds none.
	Notes [][]string
	// Runs is the number of runs each cell summarises; 0 and 1 mean one
	// run. Cells of several runs show their spread (Notes or Hatched)
	// unless NoSpread says why not; Check rejects them otherwise.
	Runs int
	// NoSpread, if not empty, says why cells of several runs are drawn
	// without their spread.
	NoSpread string
}

var _ Chart = (*Heatmap)(nil)

func (h *Heatmap) validate() error {
	if len(h.Values) == 0 || len(h.XTicks) == 0 {
		return fmt.Errorf("%w: heatmap %q has %d rows and %d column names, want at least one cell", ErrChart, h.Title, len(h.Values), len(h.XTicks))
	}
	if len(h.YTicks) != len(h.Values) {
		return fmt.Errorf("%w: heatmap %q has %d rows but %d row names", ErrChart, h.Title, len(h.Values), len(h.YTicks))
	}
	if math.IsNaN(h.Center) || math.IsInf(h.Center, 0) || !h.LinearColor && h.Center < 0 {
		return fmt.Errorf("%w: heatmap %q centre %v, want finite and, on the log scale, positive", ErrChart, h.Title, h.Center)
	}
	for r, row := range h.Values {
		if len(row) != len(h.XTicks) {
			return fmt.Errorf("%w: heatmap %q row %d has %d cells but there are %d column names", ErrChart, h.Title, r, len(row), len(h.XTicks))
		}
		for c, v := range row {
			if math.IsInf(v, 0) || !h.LinearColor && v <= 0 {
				return fmt.Errorf("%w: heatmap %q cell (row %d, column %d) = %v, want finite or NaN and, on the log scale, positive", ErrChart, h.Title, r, c, v)
			}
			if h.LinearColor && !math.IsNaN(v) && math.IsInf(v-h.center(), 0) {
				return fmt.Errorf("%w: heatmap %q cell (row %d, column %d) = %v is too far from the centre %v", ErrChart, h.Title, r, c, v, h.Center)
			}
		}
	}
	if h.Notes != nil {
		if len(h.Notes) != len(h.Values) {
			return fmt.Errorf("%w: heatmap %q has %d rows but %d rows of notes", ErrChart, h.Title, len(h.Values), len(h.Notes))
		}
		for r, row := range h.Notes {
			if len(row) != len(h.XTicks) {
				return fmt.Errorf("%w: heatmap %q row %d has %d notes but there are %d column names", ErrChart, h.Title, r, len(row), len(h.XTicks))
			}
		}
	}
	if h.Hatched != nil {
		if len(h.Hatched) != len(h.Values) {
			return fmt.Errorf("%w: heatmap %q has %d rows but %d rows of hatching", ErrChart, h.Title, len(h.Values), len(h.Hatched))
		}
		for r, row := range h.Hatched {
			if len(row) != len(h.XTicks) {
				return fmt.Errorf("%w: heatmap %q row %d has %d hatching flags but there are %d column names", ErrChart, h.Title, r, len(row), len(h.XTicks))
			}
		}
	}
	if s := fmt.Sprintf(h.format(), 1.0); strings.Contains(s, "%!") {
		return fmt.Errorf("%w: heatmap %q format %q does not format a float64: %s", ErrChart, h.Title, h.Format, s)
	}
	return nil
}

func (h *Heatmap) center() float64 {
	if h.Center == 0 && !h.LinearColor {
		return 1
	}
	return h.Center
}

func (h *Heatmap) hatchLabel() string {
	if h.HatchLabel == "" {
		return "hatched"
	}
	return h.HatchLabel
}

func (h *Heatmap) valueLabel() string {
	if h.ValueLabel == "" {
		return "value"
	}
	return h.ValueLabel
}

// scaleNote says how the colour follows the value, for readers of the
// colour bar: "log scale, white at 1, red above".
func (h *Heatmap) scaleNote() string {
	if h.LinearColor {
		return fmt.Sprintf("white at %g, red above", h.center())
	}
	return fmt.Sprintf("log scale, white at %g, red above", h.center())
}

func (h *Heatmap) format() string {
	if h.Format == "" {
		return "%.2f"
	}
	return h.Format
}

// annotation is the text of a cell of value v: "n/a" for NaN, and no
// minus sign on a value that rounds to zero ("0.0", not "-0.0").
func (h *Heatmap) annotation(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	s := fmt.Sprintf(h.format(), v)
	if strings.HasPrefix(s, "-") && strings.Trim(s, "-0.") == "" {
		s = s[1:]
	}
	return s
}

// note returns the note of cell (r, c), "" if none.
func (h *Heatmap) note(r, c int) string {
	if h.Notes == nil {
		return ""
	}
	return h.Notes[r][c]
}

// hatched reports whether cell (r, c) is hatched.
func (h *Heatmap) hatched(r, c int) bool { return h.Hatched != nil && h.Hatched[r][c] }

// hatch strokes diagonal lines across rect, clipped to it.
func hatch(c draw.Canvas, rect vg.Rectangle) {
	sty := draw.LineStyle{Color: color.RGBA{60, 60, 60, 255}, Width: vg.Points(0.6)}
	step := vg.Points(4)
	w, ht := rect.Max.X-rect.Min.X, rect.Max.Y-rect.Min.Y
	for d := -ht; d < w; d += step {
		// The line x - x0 = d + (y - y0), clipped to the rectangle.
		x0, y0 := rect.Min.X+d, rect.Min.Y
		x1, y1 := x0+ht, rect.Max.Y
		if x0 < rect.Min.X {
			y0 += rect.Min.X - x0
			x0 = rect.Min.X
		}
		if x1 > rect.Max.X {
			y1 -= x1 - rect.Max.X
			x1 = rect.Max.X
		}
		c.StrokeLine2(sty, x0, y0, x1, y1)
	}
}

// z is the coloured quantity of v: log(v/center) or v − center.
func (h *Heatmap) z(v float64) float64 {
	if h.LinearColor {
		return v - h.center()
	}
	return math.Log(v / h.center())
}

// value is the inverse of z.
func (h *Heatmap) value(z float64) float64 {
	if h.LinearColor {
		return z + h.center()
	}
	return h.center() * math.Exp(z)
}

// span returns the largest |z| over the cells, at least log 2 on the log
// scale and positive on the linear one, so that the colour scale is
// symmetric about the centre.
func (h *Heatmap) span() float64 {
	var s float64
	for _, row := range h.Values {
		for _, v := range row {
			if !math.IsNaN(v) {
				s = math.Max(s, math.Abs(h.z(v)))
			}
		}
	}
	switch {
	case !h.LinearColor:
		return math.Max(s, math.Ln2)
	case s == 0:
		return math.Max(1, math.Abs(h.center()))
	case math.IsInf(s, 0):
		return math.MaxFloat64
	}
	return s
}

// colour is the colour of v on a scale reaching its ends at ±span.
func (h *Heatmap) colour(v, span float64) color.RGBA {
	if math.IsNaN(v) {
		return nanColor
	}
	return diverging(h.z(v) / span)
}

var nanColor = color.RGBA{200, 200, 200, 255}

// Ends of the diverging scale (ColorBrewer RdBu).
var blue, red = color.RGBA{33, 102, 172, 255}, color.RGBA{178, 24, 43, 255}

// diverging maps t in [-1, 1] to blue (-1), white (0) and red (1); t
// outside is clamped.
func diverging(t float64) color.RGBA {
	t = math.Max(-1, math.Min(1, t))
	end := blue
	if t > 0 {
		end = red
	}
	a := math.Abs(t)
	mix := func(c uint8) uint8 { return uint8(math.Round(255*(1-a) + float64(c)*a)) }
	return color.RGBA{mix(end.R), mix(end.G), mix(end.B), 255}
}

// dark reports whether white text reads better than black on c.
func dark(c color.RGBA) bool {
	return 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 140
}

func (h *Heatmap) size() (vg.Length, vg.Length) {
	rows := float64(len(h.Values))
	return max(16*vg.Centimeter, h.cellsWidth()), vg.Length(math.Min(24, math.Max(7, 3+0.9*rows))) * vg.Centimeter
}

// cellsWidth is the width of an image whose cells hold the widest cell
// text at cellFontMin: the columns at that width, the row names and axis
// label on the left, and about what the colour bar and its labels take on
// the right (heatmapRight).
func (h *Heatmap) cellsWidth() vg.Length {
	sty := textStyle(cellFontMin, color.Black)
	var cell vg.Length
	for _, t := range h.texts() {
		cell = max(cell, sty.Rectangle(t).Size().X)
	}
	if cell == 0 {
		return 0
	}
	tick := newPlot(h.XLabel).Y.Tick.Label // the row names' style
	var left vg.Length
	for _, t := range h.YTicks {
		left = max(left, tick.Rectangle(t).Size().X)
	}
	// A cell is its text, the padding on both sides (cells.Plot) and a
	// point to spare.
	cell += 2*vg.Points(1.5) + 2*vg.Points(0.5) + vg.Points(1)
	return vg.Length(len(h.XTicks))*cell + left + vg.Centimeter + heatmapRight
}

// heatmapRight is about the width the colour bar, its ticks and its
// labels take right of the cells.
const heatmapRight = 4 * vg.Centimeter

// tickNames labels integer positions with names.
type tickNames []string

func (t tickNames) Ticks(float64, float64) []plot.Tick {
	ticks := make([]plot.Tick, len(t))
	for i, name := range t {
		ticks[i] = plot.Tick{Value: float64(i), Label: name}
	}
	return ticks
}

// cells draws the heatmap's cells and annotations; cell (r, c) is centred
// at (c, r).
type cells struct {
	h    *Heatmap
	span float64
}

func (g cells) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	gap := vg.Points(0.5)
	pad := vg.Points(1.5)
	cellW := trX(0.5) - trX(-0.5) - 2*gap
	cellH := trY(0.5) - trY(-0.5) - 2*gap
	sty := textStyle(cellFontSize(g.h.texts(), cellW-2*pad, cellH-2*pad), color.Black)
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
	for r, row := range g.h.Values {
		for col, v := range row {
			x0, x1 := trX(float64(col)-0.5), trX(float64(col)+0.5)
			y0, y1 := trY(float64(r)-0.5), trY(float64(r)+0.5)
			cc := g.h.colour(v, g.span)
			c.SetColor(cc)
			cell := vg.Rectangle{Min: vg.Point{X: x0 + gap, Y: y0 + gap}, Max: vg.Point{X: x1 - gap, Y: y1 - gap}}
			c.Fill(cell.Path())
			if g.h.hatched(r, col) {
				hatch(c, cell)
			}
			if g.h.NoAnnotate {
				continue
			}
			sty.Color = color.Black
			if dark(cc) {
				sty.Color = color.White
			}
			at := vg.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}
			text := g.h.cellText(r, col)
			if g.h.hatched(r, col) {
				// A box behind the text keeps it legible over the lines.
				tr := sty.Rectangle(text)
				c.SetColor(cc)
				c.Fill(vg.Rectangle{Min: vg.Point{X: at.X + tr.Min.X - pad, Y: at.Y + tr.Min.Y - pad}, Max: vg.Point{X: at.X + tr.Max.X + pad, Y: at.Y + tr.Max.Y + pad}}.Path())
			}
			c.FillText(sty, at, text)
		}
	}
}

// cellText returns the text of cell (r, c): its annotation and, on a
// second line, its note.
func (h *Heatmap) cellText(r, c int) string {
	text := h.annotation(h.Values[r][c])
	if note := h.note(r, c); note != "" {
		text += "\n" + note
	}
	return text
}

// texts returns the text of every cell, none if the cells are not
// annotated.
func (h *Heatmap) texts() []string {
	if h.NoAnnotate {
		return nil
	}
	var all []string
	for r, row := range h.Values {
		for c := range row {
			all = append(all, h.cellText(r, c))
		}
	}
	return all
}

// Cell text is set at cellFontMax, or smaller, down to cellFontMin, so
// that the widest and tallest of a heatmap's cell texts fit inside a cell:
// one size for every cell, so that none reads louder than another.
const (
	cellFontMax = vg.Length(8)
	cellFontMin = MinFontSize
)

// cellFontSize returns the largest size, from cellFontMax down to
// cellFontMin in steps of a quarter point, at which every text fits in
// w × h, or cellFontMin if none does.
func cellFontSize(texts []string, w, h vg.Length) vg.Length {
	size := cellFontMax
	for ; size > cellFontMin; size -= 0.25 {
		sty := textStyle(size, color.Black)
		fits := true
		for _, t := range texts {
			if r := sty.Rectangle(t).Size(); r.X > w || r.Y > h {
				fits = false
				break
			}
		}
		if fits {
			break
		}
	}
	return size
}

func (g cells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(len(g.h.XTicks)) - 0.5, -0.5, float64(len(g.h.Values)) - 0.5
}

// barTicks returns the colour bar's ticks as z values and labels: the
// centre, and on the log scale powers of 2 times it if the scale spans at
// most a factor 32 each way, else round values.
func (h *Heatmap) barTicks(span float64) []plot.Tick {
	ticks := []plot.Tick{{Value: 0, Label: fmt.Sprintf("%g", h.center())}}
	if !h.LinearColor && span <= math.Log(32)*(1+1e-9) {
		for k := 1; float64(k)*math.Ln2 <= span*(1+1e-9); k++ {
			for _, z := range []float64{-float64(k) * math.Ln2, float64(k) * math.Ln2} {
				ticks = append(ticks, plot.Tick{Value: z, Label: fmt.Sprintf("%.4g", h.value(z))})
			}
		}
		return ticks
	}
	lo, hi := h.value(-span), h.value(span)
	var t []plot.Tick
	if h.LinearColor {
		t = linearTicks(lo, hi)
	} else {
		t = logTicks{}.Ticks(lo, hi)
	}
	for _, tk := range t {
		z := h.z(tk.Value)
		if math.Abs(z) > span*(1+1e-9) || tk.Label != "" && math.Abs(z) < 0.1*span {
			continue // outside, or too close to the centre's label
		}
		tk.Value = z
		ticks = append(ticks, tk)
	}
	return ticks
}

func (h *Heatmap) draw(dc draw.Canvas) layout {
	dc, titleR := drawTitle(dc, h.Title)
	span := h.span()
	ticks := h.barTicks(span)
	tickSty := textStyle(vg.Points(9), color.Black)
	tickSty.YAlign = draw.YCenter
	var labelW vg.Length
	for _, t := range ticks {
		labelW = max(labelW, tickSty.Rectangle(t.Label).Size().X)
	}
	// The bar may label its ends with the data's least and largest value
	// (see below): room for those too.
	for _, row := range h.Values {
		for _, v := range row {
			if !math.IsNaN(v) {
				labelW = max(labelW, tickSty.Rectangle(fmt.Sprintf("%.3g", v)).Size().X)
			}
		}
	}
	hasNaN := false
	for _, row := range h.Values {
		for _, v := range row {
			hasNaN = hasNaN || math.IsNaN(v)
		}
	}
	if hasNaN {
		labelW = max(labelW, tickSty.Rectangle("n/a").Size().X)
	}
	hasHatch := false
	for r := range h.Values {
		for c := range h.XTicks {
			hasHatch = hasHatch || h.hatched(r, c)
		}
	}
	if hasHatch {
		labelW = max(labelW, tickSty.Rectangle("hatched").Size().X)
	}
	gap, barW, tickLen := vg.Points(14), vg.Points(12), vg.Points(4)
	// The bar's label: what the cells hold, then the scale, on two
	// lines rotated to read upwards.
	barLines := []string{h.valueLabel(), h.scaleNote()}
	if hasHatch {
		barLines = append(barLines, "hatched: "+h.hatchLabel())
	}
	barSty := textStyle(vg.Points(9), color.Black)
	barSty.XAlign, barSty.YAlign, barSty.Rotation = draw.XCenter, draw.YTop, math.Pi/2
	barLabelW := vg.Length(len(barLines)) * barSty.Height(barLines[0])
	right := gap + barW + tickLen + vg.Points(3) + labelW + vg.Points(6) + barLabelW

	p := newPlot(h.XLabel)
	p.Add(cells{h: h, span: span})
	p.X.Tick.Marker = tickNames(h.XTicks)
	p.Y.Tick.Marker = tickNames(h.YTicks)
	p.X.Padding, p.Y.Padding = 0, 0
	pc := draw.Crop(dc, 0, -right, 0, 0)
	da, axisLabels := drawPlot(pc, p, h.YLabel)

	// The colour bar spans the data area's height, less a swatch for
	// missing cells.
	x0 := pc.Max.X + gap
	y0, y1 := da.Min.Y, da.Max.Y
	if hasNaN {
		sw := barW
		nanBox := vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x0 + barW, Y: y0 + sw}}
		dc.SetColor(nanColor)
		dc.Fill(nanBox.Path())
		dc.FillText(tickSty, vg.Point{X: x0 + barW + tickLen + vg.Points(3), Y: y0 + sw/2}, "n/a")
		y0 += sw + vg.Points(10)
	}
	if hasHatch {
		// The hatched swatch's label runs under the colour bar's ticks,
		// in lines as narrow as the room to the right.
		sw := barW
		box := vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x0 + barW, Y: y0 + sw}}
		dc.SetColor(color.White)
		dc.Fill(box.Path())
		hatch(dc, box)
		dc.StrokeLines(draw.LineStyle{Color: color.Black, Width: vg.Points(0.5)}, []vg.Point{box.Min, {X: box.Max.X, Y: box.Min.Y}, box.Max, {X: box.Min.X, Y: box.Max.Y}, box.Min})
		dc.FillText(tickSty, vg.Point{X: x0 + barW + tickLen + vg.Points(3), Y: y0 + sw/2}, "hatched")
		y0 += sw + vg.Points(10)
	}
	// The bar spans the data's range and the centre, on the scale
	// symmetric about the centre, so that its ends are values a cell
	// has.
	zlo, zhi := 0.0, 0.0
	for _, row := range h.Values {
		for _, v := range row {
			if !math.IsNaN(v) {
				zlo, zhi = math.Min(zlo, h.z(v)), math.Max(zhi, h.z(v))
			}
		}
	}
	if !(zhi > zlo) || math.IsInf(zhi-zlo, 0) {
		zlo, zhi = -span, span
	}
	var kept []plot.Tick
	for _, t := range ticks {
		if t.Value >= zlo-1e-9*span && t.Value <= zhi+1e-9*span {
			kept = append(kept, t)
		}
	}
	for _, z := range []float64{zlo, zhi} {
		near := false
		for _, t := range kept {
			near = near || t.Label != "" && math.Abs(t.Value-z) < 0.15*(zhi-zlo)
		}
		if !near && z != 0 {
			kept = append(kept, plot.Tick{Value: z, Label: fmt.Sprintf("%.3g", h.value(z))})
		}
	}
	ticks = kept
	// A label nearer an earlier one than a line of text would touch it:
	// its tick stays, unlabelled (the centre's label comes first, the
	// ends' last).
	var labelled []vg.Length
	for i, t := range ticks {
		if t.Label == "" {
			continue
		}
		y := y0 + vg.Length((t.Value-zlo)/(zhi-zlo))*(y1-y0)
		near := false
		for _, o := range labelled {
			near = near || max(o-y, y-o) < tickSty.Height(t.Label)
		}
		if near {
			ticks[i].Label = ""
			continue
		}
		labelled = append(labelled, y)
	}
	const steps = 64
	dy := (y1 - y0) / steps
	for i := range steps {
		t := (zlo + (zhi-zlo)*(float64(i)+0.5)/steps) / span
		dc.SetColor(diverging(t))
		// Overlap the next step to avoid seams between anti-aliased edges.
		y := y0 + vg.Length(i)*dy
		dc.Fill(vg.Rectangle{Min: vg.Point{X: x0, Y: y}, Max: vg.Point{X: x0 + barW, Y: min(y1, y+dy+vg.Points(0.3))}}.Path())
	}
	// Each line is shrunk (down to MinFontSize) until it fits the bar's
	// height.
	for i, l := range barLines {
		sty := barSty
		for sty.Font.Size > MinFontSize && sty.Width(l) > da.Max.Y-da.Min.Y {
			sty.Font.Size -= 0.5
		}
		dc.FillText(sty, vg.Point{X: dc.Max.X - barLabelW + vg.Length(i)*barLabelW/vg.Length(len(barLines)), Y: (da.Min.Y + da.Max.Y) / 2}, l)
	}
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(0.5)}
	dc.StrokeLines(line, []vg.Point{{X: x0, Y: y0}, {X: x0 + barW, Y: y0}, {X: x0 + barW, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}})
	for _, t := range ticks {
		y := y0 + vg.Length((t.Value-zlo)/(zhi-zlo))*(y1-y0)
		l := tickLen
		if t.Label == "" {
			l /= 2
		}
		dc.StrokeLine2(line, x0+barW, y, x0+barW+l, y)
		if t.Label != "" {
			dc.FillText(tickSty, vg.Point{X: x0 + barW + tickLen + vg.Points(3), Y: y}, t.Label)
		}
	}
	return layout{plot: pc.Rectangle, data: da.Rectangle, title: titleR, axisLabels: axisLabels}
}

// sep separates a cell's annotation from its tooltip in the name of an
// interactive cell; the chart's JavaScript splits them at it.
const sep = "\x1f"

func (h *Heatmap) echarts(id string) render.Renderer {
	hm := charts.NewHeatMap()
	span := h.span()
	scale := "colour: " + h.valueLabel() + " (" + h.scaleNote() + ")"
	if h.Hatched != nil {
		scale += "; *: " + h.hatchLabel()
	}
	xname, yname := strings.ReplaceAll(h.XLabel, sep, ""), strings.ReplaceAll(h.YLabel, sep, "")
	title, titleLines := wrapTitle(h.Title)
	extra := 0 // lines of the subtitle after the first
	if h.NoSpread != "" {
		scale += "\nno spread shown: " + h.NoSpread
		extra = 1
	}
	hm.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id, Width: "900px", Height: fmt.Sprintf("%dpx", 200+40*len(h.Values)+24*(titleLines-1)+16*extra)}),
		charts.WithTitleOpts(opts.Title{Title: title, Subtitle: scale}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true),
			Formatter: opts.FuncOpts("function (p) { return p.name.split(String.fromCharCode(31))[1]; }")}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
		charts.WithGridOpts(opts.Grid{Top: strconv.Itoa(70 + 24*(titleLines-1) + 16*extra), Right: "110"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Data: h.XTicks, Name: h.XLabel, NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: h.YTicks, Name: h.YLabel}),
		charts.WithVisualMapOpts(opts.VisualMap{
			Calculable: opts.Bool(false), Min: float32(-span), Max: float32(span),
			Text:   []string{fmt.Sprintf("%.3g", h.value(span)), fmt.Sprintf("%.3g", h.value(-span))},
			Orient: "vertical", Right: "10", Top: "middle",
			InRange: &opts.VisualMapInRange{Color: []string{hexColor(blue), "#ffffff", hexColor(red)}},
		}),
	)
	var data []opts.HeatMapData
	for r, row := range h.Values {
		for c, v := range row {
			if math.IsNaN(v) {
				continue
			}
			tip := strings.ReplaceAll(htmlEscape(fmt.Sprintf("%s = %s", xname, h.XTicks[c])), sep, "") + "<br>" +
				strings.ReplaceAll(htmlEscape(fmt.Sprintf("%s = %s", yname, h.YTicks[r])), sep, "") + "<br>value = " + num(v)
			label := strings.ReplaceAll(h.annotation(v), sep, "")
			if note := h.note(r, c); note != "" {
				tip += "<br>" + strings.ReplaceAll(htmlEscape(note), sep, "")
			}
			if h.hatched(r, c) {
				// The interactive chart marks a hatched cell with a star.
				label += "*"
				tip += "<br>" + strings.ReplaceAll(htmlEscape(h.hatchLabel()), sep, "")
			}
			// Round z so that the page does not depend on the last bits of
			// the platform's logarithm.
			z := math.Round(h.z(v)*1e6) / 1e6
			data = append(data, opts.HeatMapData{Name: label + sep + tip, Value: [3]any{c, r, z}})
		}
	}
	hm.AddSeries("value", data, charts.WithLabelOpts(opts.Label{Show: opts.Bool(!h.NoAnnotate),
		Formatter: string(opts.FuncOpts("function (p) { return p.name.split(String.fromCharCode(31))[0]; }"))}))
	return hm
}

// table returns the cells, with a last column no_spread (NoSpread) if
// NoSpread is not empty.
func (h *Heatmap) table() [][]string {
	head := []string{"row", "column", "value"}
	if h.NoSpread != "" {
		head = append(head, "no_spread")
	}
	rows := [][]string{head}
	for r, row := range h.Values {
		for c, v := range row {
			cells := []string{h.YTicks[r], h.XTicks[c], num(v)}
			if h.NoSpread != "" {
				cells = append(cells, h.NoSpread)
			}
			rows = append(rows, cells)
		}
	}
	return rows
}

func (h *Heatmap) labels() []string {
	l := []string{h.Title, h.XLabel, h.YLabel, "n/a", h.valueLabel() + " (" + h.scaleNote() + ")", "hatched: " + h.hatchLabel()}
	l = append(l, h.XTicks...)
	for _, row := range h.Notes {
		l = append(l, row...)
	}
	return append(l, h.YTicks...)
}
