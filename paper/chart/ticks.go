// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
)

// logTicks marks a log axis with labelled ticks at "round" values inside
// the axis range only: powers of ten when at least three of them fall in
// the range, else 1, 2 and 5 times powers of ten when at least four of
// them do, else every digit times a power of ten, as long as that labels
// at least two ticks; narrower ranges get linear ticks. So an axis from 4
// to 25 is labelled 4, 5, ..., 9, 10, 20 rather than only 5, 10, 20. Labels are plain numbers ("0.002", "20000") unless
// one of them would be too long, then all are in short scientific notation
// ("2e-5", "1e6").
type logTicks struct {
	// room is the most labels the axis has room for side by side, 0 if
	// not known: a narrow panel's x axis labels fewer.
	room int
}

var _ plot.Ticker = logTicks{}

// maxLogLabels is the most powers of ten logTicks labels on an axis.
const maxLogLabels = 8

func (lt logTicks) Ticks(vmin, vmax float64) []plot.Tick {
	if !(vmin > 0) || !(vmax >= vmin) || math.IsInf(vmax, 0) {
		return nil
	}
	lo := int(math.Floor(math.Log10(vmin)))
	hi := int(math.Ceil(math.Log10(vmax)))
	in := func(v float64) bool {
		// Allow rounding in Pow10 and in the axis range.
		return v >= vmin*(1-1e-9) && v <= vmax*(1+1e-9)
	}
	type labelSet struct {
		labelled []int
		least    int
		// fromFirst labels every step-th power of ten from the first in
		// range, the step as large as at most most labels allow.
		fromFirst bool
	}
	sets := []labelSet{
		{labelled: []int{1}, least: 3},
		{labelled: []int{1, 2, 5}, least: 4},
		{labelled: []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, least: 2},
	}
	most := maxLogLabels
	if lt.room > 0 {
		// Where the denser sets do not fit, 1 and 3 of each decade may,
		// else two powers of ten.
		sets = append(sets, labelSet{labelled: []int{1, 3}, least: 2}, labelSet{[]int{1}, 2, true})
		most = min(most, max(lt.room, 2))
	}
	for _, set := range sets {
		// With powers of ten only, label every step-th one so that at
		// most most are labelled.
		// base is the exponent the labelled powers of ten count from.
		step, base := 1, 0
		if len(set.labelled) == 1 {
			step = max(1, (hi-lo+most-1)/most)
		}
		if set.fromFirst {
			first := lo
			for first <= hi && !in(math.Pow10(first)) {
				first++
			}
			last := hi
			for last >= first && !in(math.Pow10(last)) {
				last--
			}
			step, base = max(1, (last-first+most-2)/(most-1)), first
		}
		var ticks []plot.Tick
		var exps []int // exponents of the labelled ticks
		sci := false
		for e := lo; e <= hi; e++ {
			for m := 1; m <= 9; m++ {
				v := float64(m) * math.Pow10(e)
				if !in(v) {
					continue
				}
				t := plot.Tick{Value: v}
				if slices.Contains(set.labelled, m) && (m != 1 || euclidMod(e-base, step) == 0) {
					t.Label = strconv.Itoa(m) // completed below
					exps = append(exps, e)
					sci = sci || e < -4 || e > 5
				} else if step > 1 && m != 1 {
					continue // no minor ticks between many decades
				}
				ticks = append(ticks, t)
			}
		}
		if len(exps) < set.least || lt.room > 0 && len(exps) > max(lt.room, 2) {
			continue
		}
		k := 0
		for i, t := range ticks {
			if t.Label == "" {
				continue
			}
			m, _ := strconv.Atoi(t.Label)
			ticks[i].Label = logLabel(m, exps[k], sci)
			k++
		}
		return ticks
	}
	return linearTicks(vmin, vmax)
}

func euclidMod(a, b int) int {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// logLabel formats m×10^e, plainly ("0.002", "20000") or in short
// scientific notation ("2e-5", "1e6").
func logLabel(m, e int, sci bool) string {
	if !sci {
		return strconv.FormatFloat(float64(m)*math.Pow10(e), 'f', max(0, -e), 64)
	}
	return strconv.Itoa(m) + "e" + strconv.Itoa(e)
}

// maxDataTicks is the most distinct x values a log x axis labels at the
// data (dataTicks).
const maxDataTicks = 8

// dataTicks labels a log axis at its data's few distinct values, sorted:
// a chart of W = 4, 16 and 64 reads at its points, not between ticks at 5,
// 10, 20 and 50.
type dataTicks []float64

var _ plot.Ticker = dataTicks(nil)

func (d dataTicks) Ticks(vmin, vmax float64) []plot.Tick {
	var ticks []plot.Tick
	for _, v := range d {
		if v >= vmin*(1-1e-9) && v <= vmax*(1+1e-9) {
			ticks = append(ticks, plot.Tick{Value: v, Label: dataLabel(v)})
		}
	}
	return ticks
}

// dataLabel formats a tick at a data value: an integer plainly below a
// million, else three significant digits ("0.05", "1.5e+06").
func dataLabel(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e6 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// minDataTickRatio is the least ratio of neighbouring values that
// dataTicks labels.
const minDataTickRatio = 1.5

// dataTicks returns the ticks of c's log x axis at its data's distinct x
// values when there is one, or 2 to maxDataTicks of them, each at least
// minDataTickRatio times the one before, and logTicks would label fewer
// than half of them, else nil (logTicks marks the axis).
func (c *LineChart) dataTicks() dataTicks {
	var xs []float64
	for _, s := range c.Series {
		for _, x := range s.X {
			if x > 0 && !math.IsInf(x, 0) && !slices.Contains(xs, x) {
				xs = append(xs, x)
				if len(xs) > maxDataTicks {
					return nil
				}
			}
		}
	}
	switch len(xs) {
	case 0:
		return nil
	case 1:
		// One value: the axis spans its padding, labelled at it.
		return xs
	}
	slices.Sort(xs)
	// Values less than half a step of 1-2-5 apart are measurements, not a
	// design's levels: their labels would run together.
	for i := 1; i < len(xs); i++ {
		if xs[i] < minDataTickRatio*xs[i-1] {
			return nil
		}
	}
	labelled := 0
	for _, t := range (logTicks{}).Ticks(xs[0], xs[len(xs)-1]) {
		if t.Label != "" && slices.ContainsFunc(xs, func(x float64) bool { return math.Abs(x-t.Value) <= 1e-9*x }) {
			labelled++
		}
	}
	if 2*labelled >= len(xs) {
		return nil
	}
	return xs
}
