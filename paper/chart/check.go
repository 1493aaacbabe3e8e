// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"errors"
	"fmt"
	"image/color"
	"math"

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
	// MinPixels is the least number of pixels a series draws in the data
	// area at 100 dots per inch.
	MinPixels = 20
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
//   - two series of a line chart have the same colour and the same dash
//     (solid, dashed, or markers only);
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
//     less than MinVisible of its pixels there.
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
	lay := drawOn(c, vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI)))
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrLayout}, args...)...))
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
	case *Panels:
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
	type look struct {
		color          string
		dashed, points bool
	}
	seen := map[look]string{}
	for k, st := range styles(lc.Series) {
		s := lc.Series[k]
		l := look{hexColor(st.color), st.dashed, s.Points}
		if other, ok := seen[l]; ok {
			bad("series %q and %q are both %s, dashed %t, markers only %t", other, s.Name, l.color, l.dashed, l.points)
		}
		seen[l] = s.Name
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
		alone := probePixels(lc, w, h, lay.data, probe{k: k, alone: true, noLegend: noLegend})
		if alone < MinPixels {
			bad("series %q draws %d pixels in the plot, want at least %d (off the plot, or a line of one point?)", s.Name, alone, MinPixels)
			continue
		}
		all := probePixels(lc, w, h, lay.data, probe{k: k, noLegend: noLegend})
		if f := float64(all) / float64(alone); f < MinVisible {
			bad("series %q is hidden: the series drawn after it leave %.0f%% of its pixels visible, want at least %.0f%%", s.Name, 100*f, 100*MinVisible)
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

// probePixels draws c as pr says on a w×h image at probeDPI and counts the
// pixels within data (in points from the image's lower left corner) near
// probeColor.
func probePixels(c *LineChart, w, h vg.Length, data vg.Rectangle, pr probe) int {
	cv := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(probeDPI))
	dc := draw.New(cv)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	c.drawProbe(draw.Crop(dc, vg.Points(2), -vg.Points(8), vg.Points(2), -vg.Points(4)), pr)
	img := cv.Image()
	b := img.Bounds()
	px := func(l vg.Length) float64 { return float64(l) / 72 * probeDPI }
	x0, x1 := max(b.Min.X, int(math.Ceil(px(data.Min.X)))), min(b.Max.X, int(math.Floor(px(data.Max.X))))
	y0, y1 := max(b.Min.Y, b.Max.Y-int(math.Floor(px(data.Max.Y)))), min(b.Max.Y, b.Max.Y-int(math.Ceil(px(data.Min.Y))))
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
