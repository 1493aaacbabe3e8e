// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package chart renders the charts of goodorder: static PNG and SVG with
// gonum/plot for GitHub, interactive HTML with go-echarts that works
// offline, and the data behind each chart as CSV. It takes data and writes
// files; it computes nothing.
//
// # Files
//
// WriteAll writes base.png, base.svg, base.html and base.csv into a folder,
// each atomically. The HTML loads ECharts from assets/echarts.min.js
// relative to itself (figures/assets holds the pinned copy), never from a
// network. SVG, HTML and CSV are byte-identical for identical charts.
package chart

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/render"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/goodorder/goodorder/paper/atomic"
)

// Chart is a chart this package can render: a LineChart or a Heatmap.
type Chart interface {
	// plot builds the static chart.
	plot() (*plot.Plot, error)
	// echarts builds the interactive chart with the given element id.
	echarts(id string) (render.Renderer, error)
	// table returns the data behind the chart, header first.
	table() [][]string
	// size returns the static chart's width and height.
	size() (w, h vg.Length)
	validate() error
}

// ErrChart is returned for charts with invalid data.
var ErrChart = errors.New("chart: invalid chart")

// PNG renders c as a PNG image at 150 dpi.
func PNG(c Chart) ([]byte, error) { return renderStatic(c, "png") }

// SVG renders c as an SVG image.
func SVG(c Chart) ([]byte, error) { return renderStatic(c, "svg") }

func renderStatic(c Chart, format string) ([]byte, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	p, err := c.plot()
	if err != nil {
		return nil, err
	}
	w, h := c.size()
	var wt io.WriterTo
	if format == "png" {
		img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(150))
		p.Draw(draw.New(img))
		wt = vgimg.PngCanvas{Canvas: img}
	} else {
		wt, err = p.WriterTo(w, h, format)
		if err != nil {
			return nil, fmt.Errorf("chart: rendering %s: %w", format, err)
		}
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("chart: rendering %s: %w", format, err)
	}
	return b.Bytes(), nil
}

// CSV returns the data behind c as CSV, header first.
func CSV(c Chart) ([]byte, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.WriteAll(c.table()); err != nil {
		return nil, fmt.Errorf("chart: %w", err)
	}
	return b.Bytes(), nil
}

// AssetPath is where an HTML chart in a folder expects the ECharts library,
// relative to itself.
const AssetPath = "assets/echarts.min.js"

// HTML returns a standalone page with the interactive chart; it loads
// ECharts from AssetPath. id names the chart's element (characters other
// than ASCII letters and digits become '_') and must be unique in a page;
// the same chart and id give the same bytes.
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

// Snippet returns the chart's element and script without the library, for
// pages and notebooks that load ECharts once.
func Snippet(c Chart, id string) ([]byte, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	// go-echarts names JavaScript variables after the id, so it must be an
	// identifier.
	r, err := c.echarts(jsIdent(id))
	if err != nil {
		return nil, err
	}
	s := r.RenderSnippet()
	var b bytes.Buffer
	b.WriteString(s.Element)
	b.WriteString("\n")
	b.WriteString(s.Script)
	b.WriteString("\n")
	return b.Bytes(), nil
}

// Files are the paths WriteAll wrote.
type Files struct {
	PNG, SVG, HTML, CSV string
}

// WriteAll writes base.png, base.svg, base.html and base.csv into dir,
// creating dir if needed, each file atomically.
func WriteAll(dir, base, title string, c Chart) (Files, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Files{}, fmt.Errorf("chart: %w", err)
	}
	f := Files{
		PNG:  filepath.Join(dir, base+".png"),
		SVG:  filepath.Join(dir, base+".svg"),
		HTML: filepath.Join(dir, base+".html"),
		CSV:  filepath.Join(dir, base+".csv"),
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
			return Files{}, err
		}
		if err := atomic.WriteFile(out.path, b, 0o644); err != nil {
			return Files{}, err
		}
	}
	return f, nil
}

// num formats a number for CSV: shortest round-trip form, "" for NaN.
func num(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func htmlEscape(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
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
