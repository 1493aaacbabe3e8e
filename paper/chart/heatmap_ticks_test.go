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
