// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/render"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/goodorder/goodorder/paper/atomic"
)

// Chart is a chart this package can render: a *LineChart, a *Heatmap or
// *Panels of line charts.
type Chart interface {
	// validate reports invalid data; every other method may assume
	// valid data.
	validate() error
	// size returns the static chart's width and height.
	size() (w, h vg.Length)
	// draw draws the static chart onto c and says where its parts went.
	draw(c draw.Canvas) layout
	// echarts builds the interactive chart with the given element id.
	echarts(id string) render.Renderer
	// table returns the data behind the chart, header first.
	table() [][]string
	// labels returns every text the static chart draws but its tick
	// numbers: title, axis labels, legend entries, row and column names.
	labels() []string
}

// ErrChart is returned, wrapped, for charts with invalid data.
var ErrChart = errors.New("chart: invalid chart")

// DPI is the resolution of PNG images: a 16 cm wide chart is 945 pixels
// wide.
const DPI = 150

// PNG renders c as a PNG image at DPI dots per inch.
func PNG(c Chart) ([]byte, error) { return renderStatic(c, "png", DPI) }

// SVG renders c as an SVG image. The same chart gives the same bytes.
func SVG(c Chart) ([]byte, error) { return renderStatic(c, "svg", DPI) }

// renderStatic renders c in format at dpi dots per inch (for PNG).
func renderStatic(c Chart, format string, dpi float64) (b []byte, err error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	if err := checkGlyphs(c.labels()); err != nil {
		return nil, err
	}
	w, h := c.size()
	var cv vg.CanvasWriterTo
	switch format {
	case "png":
		cv = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(int(dpi)))}
	case "svg":
		cv = vgsvg.NewWith(vgsvg.UseWH(w, h))
	default:
		panic("chart: unknown format " + format)
	}
	// gonum/plot panics on some degenerate inputs; validate and draw
	// should prevent them, and a chart must never crash a command.
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("chart: rendering %s: %v", format, r)
		}
	}()
	drawOn(c, cv)
	var buf bytes.Buffer
	if _, err := cv.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("chart: rendering %s: %w", format, err)
	}
	return buf.Bytes(), nil
}

// drawOn draws c on a white background filling cv, and says where its
// parts went.
func drawOn(c Chart, cv vg.CanvasSizer) layout {
	dc := draw.New(cv)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	return c.draw(draw.Crop(dc, vg.Points(2), -vg.Points(8), vg.Points(2), -vg.Points(4)))
}

// CSV returns the data behind c as CSV, header first, in long format: for
// a LineChart the columns are series, x, y, lo, hi; for a Heatmap row,
// column, value; Panels put panel first. A last column no_spread says
// why a series (or the heatmap's cells) of several runs shows no spread,
// where NoSpread does. NaN is written as an empty field, infinities as +Inf and
// -Inf, numbers in their shortest exact form.
func CSV(c Chart) ([]byte, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.WriteAll(c.table()); err != nil {
		return nil, fmt.Errorf("chart: writing CSV: %w", err)
	}
	return b.Bytes(), nil
}

// AssetPath is where an HTML chart expects the ECharts library, relative
// to itself. The repository keeps the library in figures/assets.
const AssetPath = "assets/echarts.min.js"

// HTML returns a standalone page with the interactive chart, loading
// ECharts from AssetPath and nothing from a network. id names the chart's
// element (see Snippet); title is the page's title. The same chart, id
// and title give the same bytes.
func HTML(c Chart, id, title string) ([]byte, error) {
	snip, err := Snippet(c, id)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<script src=%q></script>\n</head>\n<body>\n", htmlEscape(title), AssetPath)
	b.Write(snip)
	b.WriteString("</body>\n</html>\n")
	return b.Bytes(), nil
}

// Snippet returns the chart's element and script without the ECharts
// library, for pages and notebooks that load the library once (see
// LibraryScript). id names the element: characters other than ASCII
// letters and digits become '_', and it must be unique in a page. The
// script keeps its variables to itself, so a notebook cell may be run
// again. The same chart and id give the same bytes.
func Snippet(c Chart, id string) ([]byte, error) {
	return snippet(c, jsIdent(id), false)
}

// HiddenSnippet is Snippet with the chart's element hidden (display:none)
// until a script shows it, for pages that put something in its place
// where no script runs. It also returns the element's id, the identifier
// Snippet makes of id.
func HiddenSnippet(c Chart, id string) (snip []byte, elem string, err error) {
	elem = jsIdent(id)
	snip, err = snippet(c, elem, true)
	return snip, elem, err
}

// snippet returns the element and script of c with the element id id, an
// identifier, the element hidden if hidden.
func snippet(c Chart, id string, hidden bool) ([]byte, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	// go-echarts names JavaScript variables after the id, so it must be
	// an identifier.
	s := c.echarts(id).RenderSnippet()
	script, err := scopeScript(s.Script)
	if err != nil {
		return nil, err
	}
	elem := strings.TrimSpace(s.Element)
	if hidden {
		style := fmt.Sprintf(`id="%s" style="`, id)
		if !strings.Contains(elem, style) {
			return nil, fmt.Errorf("chart: no element %s in go-echarts' snippet", style)
		}
		elem = strings.Replace(elem, style, style+"display:none;", 1)
	}
	var b bytes.Buffer
	b.WriteString(elem)
	b.WriteString("\n")
	b.WriteString(script)
	b.WriteString("\n")
	return b.Bytes(), nil
}

// scopeScript wraps the body of go-echarts' script element in a function
// so that its top-level let declarations do not clash with those of an
// earlier run of the same snippet in the same page. It also writes "</"
// as "<\/", which means the same in JavaScript's strings, so that a name
// holding "</script>" cannot end the element early.
func scopeScript(s string) (string, error) {
	s = strings.TrimSpace(s)
	open := strings.Index(s, ">")
	if !strings.HasPrefix(s, "<script") || open < 0 || !strings.HasSuffix(s, "</script>") {
		return "", fmt.Errorf("chart: unexpected go-echarts script %.80q", s)
	}
	body := strings.TrimSpace(s[open+1 : len(s)-len("</script>")])
	body = strings.ReplaceAll(body, "</", `<\/`)
	return s[:open+1] + "\n(function () {\n" + body + "\n})();\n</script>", nil
}

// LibraryScript returns a script element that defines the ECharts library
// js (the content of echarts.min.js) as the global echarts, also in pages
// such as Jupyter's that load RequireJS, where the library would otherwise
// register itself as an AMD module instead. It returns an error if js
// would end the script element early.
func LibraryScript(js []byte) ([]byte, error) {
	if bytes.Contains(bytes.ToLower(js), []byte("</script")) {
		return nil, errors.New("chart: library contains </script")
	}
	var b bytes.Buffer
	b.WriteString("<script type=\"text/javascript\">\n(function (define, module, exports) {\n")
	b.Write(js)
	b.WriteString("\n})();\n</script>\n")
	return b.Bytes(), nil
}

// Files are the paths WriteAll wrote.
type Files struct {
	PNG, SVG, HTML, CSV string
}

// WriteAll writes base.png, base.svg, base.html and base.csv into dir,
// creating dir if needed, all four together (atomic.CommitAll): a reader
// finds the new files or the old ones, never a mixture. The HTML page has
// the given title and the element id base (see Snippet). base must be a
// file name without a folder.
func WriteAll(dir, base, title string, c Chart) (Files, error) {
	f, staged, err := Stage(dir, base, title, c)
	if err != nil {
		return Files{}, err
	}
	if err := atomic.CommitAll(context.Background(), staged...); err != nil {
		return Files{}, err
	}
	return f, nil
}

// Stage renders the files WriteAll writes and stages them in dir
// (creating dir if needed), without replacing anything: the caller
// publishes them with atomic.CommitAll, with other files if it likes, or
// discards them with Abort. On error nothing stays staged.
func Stage(dir, base, title string, c Chart) (Files, []*atomic.File, error) {
	if base == "" || base != filepath.Base(base) || base == "." || base == ".." {
		return Files{}, nil, fmt.Errorf("chart: figure name %q, want a file name without a folder", base)
	}
	if err := c.validate(); err != nil {
		return Files{}, nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Files{}, nil, fmt.Errorf("chart: %w", err)
	}
	f := Files{
		PNG:  filepath.Join(dir, base+".png"),
		SVG:  filepath.Join(dir, base+".svg"),
		HTML: filepath.Join(dir, base+".html"),
		CSV:  filepath.Join(dir, base+".csv"),
	}
	var staged []*atomic.File
	fail := func(err error) (Files, []*atomic.File, error) {
		for _, s := range staged {
			s.Abort()
		}
		return Files{}, nil, err
	}
	for _, out := range []struct {
		path string
		make func() ([]byte, error)
	}{
		{f.PNG, func() ([]byte, error) { return PNG(c) }},
		{f.SVG, func() ([]byte, error) { return SVG(c) }},
		{f.HTML, func() ([]byte, error) { return HTML(c, base, title) }},
		{f.CSV, func() ([]byte, error) { return CSV(c) }},
	} {
		b, err := out.make()
		if err != nil {
			return fail(err)
		}
		w, err := atomic.Create(out.path)
		if err != nil {
			return fail(err)
		}
		staged = append(staged, w)
		if _, err := w.Write(b); err != nil {
			return fail(err)
		}
	}
	return f, staged, nil
}

// num formats a number for CSV: shortest exact form, "" for NaN.
func num(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// jsIdent maps id to a JavaScript identifier: letters and digits are kept,
// anything else becomes '_', and a leading digit gets a '_' before it.
func jsIdent(id string) string {
	b := []byte(id)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b[i] = '_'
		}
	}
	if len(b) == 0 || '0' <= b[0] && b[0] <= '9' {
		b = append([]byte{'_'}, b...)
	}
	return string(b)
}

// newPlot returns a plot with the given x-axis label and neither title
// nor y-axis label: drawTitle and drawPlot draw those.
func newPlot(xLabel string) *plot.Plot {
	p := plot.New()
	useLabelFont(p)
	p.X.Label.Text = xLabel
	return p
}

// drawPlot draws p into dc with yLabel to the left, centred on the data
// area, and returns the data area and the rectangles of the axes' labels
// (the y label's first, if any). It draws the y label itself because
// gonum/plot v0.17 reserves room for a log axis's label around the
// arithmetic mean of the axis range, which leaves a gap above the data.
// The y label's 12-point font shrinks (down to 7 points) until the label
// fits the data area's height; a label still longer is moved down or up
// to stay within dc, and only one longer than dc is tall leaves it (Check
// then finds it across the title).
func drawPlot(dc draw.Canvas, p *plot.Plot, yLabel string) (draw.Canvas, []vg.Rectangle) {
	// The x label is drawn here too, centred under the data area:
	// gonum/plot narrows the data area of a narrow plot (a panel) to fit
	// its own.
	xText, xSty := p.X.Label.Text, p.X.Label.TextStyle
	p.X.Label.Text = ""
	defer func() { p.X.Label.Text = xText }()
	var xh vg.Length
	if xText != "" {
		xSty.XAlign, xSty.YAlign = draw.XCenter, draw.YBottom
		xh = xSty.Height(xText) + vg.Points(2)
		dc = draw.Crop(dc, 0, 0, xh, 0)
	}
	xLabel := func(pc, da draw.Canvas) []vg.Rectangle {
		if xText == "" {
			return nil
		}
		r := xSty.Rectangle(xText)
		w := r.Size().X
		cx := da.Center().X
		y := pc.Min.Y - xh + xSty.FontExtents().Descent
		pc.FillText(xSty, vg.Point{X: cx, Y: y}, xText)
		return []vg.Rectangle{{Min: vg.Point{X: cx - w/2, Y: pc.Min.Y - xh}, Max: vg.Point{X: cx + w/2, Y: pc.Min.Y}}}
	}
	if yLabel == "" {
		p.Draw(dc)
		da := p.DataCanvas(dc)
		return da, xLabel(dc, da)
	}
	sty := textStyle(12, color.Black)
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
	crop := func() draw.Canvas {
		return draw.Crop(dc, sty.Height(yLabel)+sty.FontExtents().Descent+vg.Points(2), 0, 0, 0)
	}
	for sty.Font.Size > 7 && sty.Width(yLabel) > p.DataCanvas(crop()).Size().Y {
		sty.Font.Size -= 0.5
	}
	height, descent := sty.Height(yLabel), sty.FontExtents().Descent
	pc := crop()
	p.Draw(pc)
	da := p.DataCanvas(pc)
	sty.Rotation = math.Pi / 2
	w := sty.Width(yLabel)
	cy := da.Center().Y
	cy = max(min(cy, dc.Max.Y-w/2), dc.Min.Y+w/2)
	if w > dc.Max.Y-dc.Min.Y {
		cy = (dc.Min.Y + dc.Max.Y) / 2
	}
	x := dc.Min.X + height - descent
	dc.FillText(sty, vg.Point{X: x, Y: cy}, yLabel)
	yr := vg.Rectangle{Min: vg.Point{X: x - height, Y: cy - w/2}, Max: vg.Point{X: x + descent, Y: cy + w/2}}
	return da, append([]vg.Rectangle{yr}, xLabel(pc, da)...)
}

// drawTitle draws title centred at the top of dc, its 12-point font shrunk
// (down to 7 points) until it fits, and returns the canvas below it and
// the title's rectangle.
func drawTitle(dc draw.Canvas, title string) (draw.Canvas, vg.Rectangle) {
	if title == "" {
		return dc, vg.Rectangle{}
	}
	sty := textStyle(12, color.Black)
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
	room := dc.Max.X - dc.Min.X - vg.Points(4)
	for sty.Font.Size > 10 && sty.Rectangle(title).Size().X > room {
		sty.Font.Size -= 0.5
	}
	if sty.Rectangle(title).Size().X > room {
		title = splitTitle(sty, title)
	}
	for sty.Font.Size > 7 && sty.Rectangle(title).Size().X > room {
		sty.Font.Size -= 0.5
	}
	top := dc.Max.Y + sty.FontExtents().Descent
	dc.FillText(sty, vg.Point{X: dc.Center().X, Y: top}, title)
	sz := sty.Rectangle(title).Size()
	r := vg.Rectangle{Min: vg.Point{X: dc.Center().X - sz.X/2, Y: top - sz.Y}, Max: vg.Point{X: dc.Center().X + sz.X/2, Y: top}}
	dc.Max.Y -= sz.Y + vg.Points(8)
	return dc, r
}

// splitTitle breaks a title too long for one line in two, at the space
// (after a colon or comma if one is near the middle) that makes the
// longer line shortest.
func splitTitle(sty text.Style, title string) string {
	best, bestW := title, sty.Width(title)
	for i, r := range title {
		if r != ' ' || strings.Contains(title, "\n") {
			continue
		}
		a, b := title[:i], title[i+1:]
		w := max(sty.Width(a), sty.Width(b))
		if strings.HasSuffix(a, ":") || strings.HasSuffix(a, ",") {
			w *= 0.9 // prefer a break at a clause
		}
		if w < bestW {
			best, bestW = a+"\n"+b, w
		}
	}
	return best
}

// textStyle is plain text of labelFont at size points.
func textStyle(size vg.Length, col color.Color) text.Style {
	return text.Style{
		Color:   col,
		Font:    font.From(labelFont, size),
		Handler: plot.DefaultTextHandler,
	}
}

// fixRange makes an axis's data range drawable. gonum/plot gives an axis
// without data an empty range and widens an empty range to [v-1, v+1],
// which is no wider for |v| ≥ 2⁵³ and reaches zero or below on a log
// axis when v ≤ 1; both make it panic.
func fixRange(a *plot.Axis, log bool) {
	switch {
	case math.IsInf(a.Min, 0) || math.IsInf(a.Max, 0): // no data
		a.Min, a.Max = 0, 1
		if log {
			a.Min, a.Max = 1, 10
		}
	case a.Min < a.Max:
	case log:
		v := a.Min
		a.Min, a.Max = v/math.Sqrt(10), v*math.Sqrt(10)
		if a.Min == 0 {
			a.Min = v
		}
		if math.IsInf(a.Max, 0) {
			a.Max = v
		}
	default:
		v := a.Min
		d := math.Max(1, math.Abs(v)/10)
		a.Min, a.Max = v-d, v+d
		if math.IsInf(a.Min, 0) {
			a.Min = v
		}
		if math.IsInf(a.Max, 0) {
			a.Max = v
		}
	}
}

// linearTicks is plot.DefaultTicks for any range: DefaultTicks panics on
// an empty range and never returns on one wider than the largest float64
// (from -MaxFloat64 to MaxFloat64, say), which get no ticks here. Where
// DefaultTicks labels fewer than three ticks, every tick is labelled. Labels
// drop trailing zeros ("2.5" and "5", not "2.50" and "5.00"), so that
// epochs read as whole numbers, when every label lies in [0.001, 1e6) in
// magnitude or is zero.
func linearTicks(vmin, vmax float64) []plot.Tick {
	if !(vmax > vmin) || math.IsInf(vmax-vmin, 0) {
		return nil
	}
	ticks := plot.DefaultTicks{}.Ticks(vmin, vmax)
	// Two labels are too few to read a value off the axis: label the
	// minor ticks as well.
	labelled := 0
	for _, t := range ticks {
		if t.Label != "" {
			labelled++
		}
	}
	if labelled < 3 {
		for i, t := range ticks {
			ticks[i].Label = strconv.FormatFloat(t.Value, 'g', 7, 64)
		}
	}
	for _, t := range ticks {
		if a := math.Abs(t.Value); t.Label != "" && a != 0 && (a < 1e-3 || a >= 1e6) {
			return ticks
		}
	}
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = strconv.FormatFloat(t.Value, 'g', 7, 64)
		}
	}
	return ticks
}

// integerTicks is linearTicks without the ticks between whole numbers,
// for counts such as epochs; a range under two units keeps its ticks.
func integerTicks(vmin, vmax float64) []plot.Tick {
	ticks := linearTicks(vmin, vmax)
	if vmax-vmin < 2 {
		return ticks
	}
	var out []plot.Tick
	for _, t := range ticks {
		if t.Value == math.Trunc(t.Value) {
			out = append(out, t)
		}
	}
	if len(out) >= 2 {
		return out
	}
	// The labelled ticks' step is not whole (7.5, say): label whole
	// numbers at the largest step of 1, 2 or 5 times a power of ten not
	// above it, with unlabelled ticks at the whole numbers between if
	// few.
	var step float64
	var labelled []float64
	for _, t := range ticks {
		if t.Label != "" {
			labelled = append(labelled, t.Value)
		}
	}
	if len(labelled) >= 2 {
		step = labelled[1] - labelled[0]
	}
	if !(step > 0) {
		return ticks
	}
	e := math.Pow(10, math.Floor(math.Log10(step)))
	nice := e
	for _, m := range []float64{2, 5} {
		if m*e <= step {
			nice = m * e
		}
	}
	step = math.Max(1, nice)
	out = out[:0]
	for v := math.Ceil(vmin); v <= vmax; v++ {
		switch {
		case math.Mod(v, step) == 0:
			out = append(out, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
		case step <= 5:
			out = append(out, plot.Tick{Value: v})
		}
	}
	if len(out) < 2 {
		return ticks
	}
	return out
}

// tickFunc is a plot.Ticker made of a function.
type tickFunc func(vmin, vmax float64) []plot.Tick

func (f tickFunc) Ticks(vmin, vmax float64) []plot.Tick { return f(vmin, vmax) }
