// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"math"
	"testing"
)

func TestPairedInterval(t *testing.T) {
	// tCrit(4, 0.95) = 2.776 (Student's t table, 4 degrees of freedom).
	if got := tCrit(4, conf95); math.Abs(got-2.7764451) > 1e-6 {
		t.Errorf("tCrit(4) = %v, want 2.7764451", got)
	}
	for _, tc := range []struct {
		name          string
		a, b          []float64
		above, within bool
	}{
		// Differences 1, 1.1, 0.9, 1, 1: mean 1, SE 0.0316, interval
		// [0.91, 1.09]: shown above 0, not within ±0.5.
		{"clear gain", []float64{2, 2.1, 1.9, 2, 2}, []float64{1, 1, 1, 1, 1}, true, false},
		// Differences ±0.05: interval inside ±0.5, not above 0.
		{"tie", []float64{1.05, 0.95, 1.05, 0.95, 1}, []float64{1, 1, 1, 1, 1}, false, true},
		// Differences spread over ±2: neither shown (inconclusive).
		{"noisy", []float64{3, -1, 2, -2, 1}, []float64{0, 0, 0, 0, 0}, false, false},
		// One pair: no spread, so neither.
		{"one pair", []float64{2}, []float64{1}, false, false},
	} {
		iv := pairedInterval(tc.a, tc.b, 1)
		if iv.Above(0) != tc.above || iv.Within(0.5) != tc.within {
			t.Errorf("%s: %v: above 0 %v, within ±0.5 %v; want %v and %v", tc.name, iv, iv.Above(0), iv.Within(0.5), tc.above, tc.within)
		}
	}
}
