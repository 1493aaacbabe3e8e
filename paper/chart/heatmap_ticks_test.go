// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"math"
	"strconv"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestHeatmapBarLabelsApart draws the colour bar of table-1-study's
// recovery map, whose round tick 0.4 fell a tenth of the scale below the
// centre's 0.5 and touched it, and checks that the bar's labels stand at
// least a line of text apart.
func TestHeatmapBarLabelsApart(t *testing.T) {
	nan := math.NaN()
	h := &Heatmap{
		Title: "recovery", XLabel: "multiple", YLabel: "batch size, momentum", LinearColor: true, Center: 0.5,
		XTicks: []string{"1×", "3×", "10×"},
		YTicks: []string{"16, 0", "16, 0.9", "64, 0", "64, 0.9", "256, 0", "256, 0.9"},
		Values: [][]float64{
			{0.413, 1.446, -0.126}, {nan, nan, nan}, {0.359, 0.397, nan},
			{nan, 1.023, nan}, {0.560, 0.740, nan}, {0.843, 0.728, 0.172},
		},
		Hatched: [][]bool{{true, false, true}, {false, false, false}, {true, true, false}, {false, false, false}, {true, false, false}, {false, true, true}},
	}
	w, ht := h.size()
	rec := newTextRecorder(vgimg.NewWith(vgimg.UseWH(w, ht), vgimg.UseDPI(DPI)))
	drawOn(h, rec)
	// The bar's labels are the numbers drawn right of the plot (past 80% of
	// the width; the cells end at about 75%).
	var ys []vg.Length
	labels := map[string]bool{}
	for _, b := range rec.boxes {
		if _, err := strconv.ParseFloat(b.text, 64); err != nil || b.ink.Min.X < 0.8*w {
			continue
		}
		labels[b.text] = true
		ys = append(ys, (b.ink.Min.Y+b.ink.Max.Y)/2)
	}
	if !labels["0.5"] || len(ys) < 3 {
		t.Fatalf("bar labels %v, want the centre 0.5 and at least two more", labels)
	}
	gap := textStyle(vg.Points(9), nil).Height("0")
	for i := range ys {
		for j := range i {
			if d := max(ys[i]-ys[j], ys[j]-ys[i]); d < gap {
				t.Errorf("bar labels %v: two %.1f pt apart, want at least %.1f", labels, d.Points(), gap.Points())
			}
		}
	}
}

// TestIntegerTicks checks that an axis of whole numbers (ranks 1 to 18)
// labels whole numbers only, at least two of them, where the linear
// ticks' step is 2.5 and only 10 of theirs is whole.
func TestIntegerTicks(t *testing.T) {
	for _, r := range [][2]float64{{0.15, 18.85}, {0.5, 7.5}, {1, 40}, {-3, 3}} {
		var labels []float64
		for _, tk := range integerTicks(r[0], r[1]) {
			if tk.Label == "" {
				continue
			}
			if tk.Value != math.Trunc(tk.Value) || tk.Value < r[0] || tk.Value > r[1] {
				t.Errorf("range %v: labelled tick %v, want a whole number within the range", r, tk.Value)
			}
			labels = append(labels, tk.Value)
		}
		if len(labels) < 2 {
			t.Errorf("range %v: labelled ticks %v, want at least 2", r, labels)
		}
	}
}
