// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot/vg"
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
//     counted).
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
	ps := lay.plot.Size()
	if f := float64(ps.X*ps.Y) / float64(w*h); f < MinPlotFraction {
		bad("the plot keeps %.0f%% of the image, want at least %.0f%%", 100*f, 100*MinPlotFraction)
	}
	lc, ok := c.(*LineChart)
	if !ok {
		return errors.Join(errs...)
	}
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
	}{{"x", lay.x, lay.dx, lay.logX}, {"y", lay.y, lay.dy, lay.logY}} {
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
	return errors.Join(errs...)
}

// frac is the position of v on an axis of range r: 0 at r.lo, 1 at r.hi.
func frac(v float64, r span, log bool) float64 {
	if log {
		return (math.Log(v) - math.Log(r.lo)) / (math.Log(r.hi) - math.Log(r.lo))
	}
	return (v - r.lo) / (r.hi - r.lo)
}
