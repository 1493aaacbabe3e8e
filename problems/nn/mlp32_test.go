// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"
	"math"
	"testing"
)

// TestMLPWorkspace32 checks the float32 workspace against the float64 one
// (itself checked against finite differences by TestMLPGradient) on the
// same weights, rounded to float32: LossGrad's loss and gradient, and
// each gradient of ExampleGrads against LossGrad of that example alone,
// and their mean against the batch's gradient. The float32 arithmetic is
// the same but for the order of some sums (the shards' parts added in
// float32, not float64; the examples' parts of a weight gradient summed
// by the batch's product, not one at a time), so the tolerance is 1e-5 of
// the largest entry: float32's unit roundoff 6e-8 times sums of at most
// 64 terms, with room.
func TestMLPWorkspace32(t *testing.T) {
	for _, c := range []struct {
		sizes []int
		batch int
	}{
		{[]int{5, 3}, 7},
		{[]int{6, 4, 3}, 40},
		{[]int{7, 5, 4, 3}, 33},
		{[]int{12, 8, 10}, 150}, // two shards in either build
	} {
		name := fmt.Sprint(c.sizes, c.batch)
		m, err := NewMLP(c.sizes...)
		if err != nil {
			t.Fatal(err)
		}
		x, y := synthetic(c.batch, c.sizes[0], c.sizes[len(c.sizes)-1], 4)
		w := make([]float64, m.NumParams())
		m.Init(w, 5)
		w32 := make([]float32, len(w))
		for i, v := range w {
			w32[i] = float32(v)
			w[i] = float64(w32[i]) // the same weights on both sides
		}
		g64 := make([]float64, len(w))
		loss64 := m.NewWorkspace(c.batch).LossGrad(g64, w, x, y)

		ws := NewMLPWorkspace32(m, c.batch)
		g := make([]float32, len(w))
		if loss := ws.LossGrad(g, w32, x, y); math.Abs(loss-loss64) > 1e-6*loss64 {
			t.Errorf("%s: LossGrad's loss %v, Workspace's %v", name, loss, loss64)
		}
		checkClose(t, name+" LossGrad", g, g64)

		one := m.NewWorkspace(1)
		gi := make([]float64, len(w))
		mean := make([]float64, len(w))
		seen := 0
		loss := ws.ExampleGrads(w32, x, y, func(i int, g []float32) {
			if i != seen {
				t.Fatalf("%s: ExampleGrads called f with example %d, want %d", name, i, seen)
			}
			seen++
			d := c.sizes[0]
			one.LossGrad(gi, w, x[i*d:(i+1)*d], y[i:i+1])
			checkClose(t, fmt.Sprintf("%s example %d", name, i), g, gi)
			for j, v := range g {
				mean[j] += float64(v) / float64(c.batch)
			}
		})
		if seen != c.batch {
			t.Errorf("%s: ExampleGrads called f %d times, want %d", name, seen, c.batch)
		}
		if math.Abs(loss-loss64) > 1e-6*loss64 {
			t.Errorf("%s: ExampleGrads' loss %v, Workspace's %v", name, loss, loss64)
		}
		mean32 := make([]float32, len(mean))
		for j, v := range mean {
			mean32[j] = float32(v)
		}
		checkClose(t, name+" mean of ExampleGrads", mean32, g64)
	}
}

// checkClose reports the entries of g farther from want than 1e-5 of
// want's largest entry (see TestMLPWorkspace32).
func checkClose(t *testing.T, name string, g []float32, want []float64) {
	t.Helper()
	scale := 0.0
	for _, v := range want {
		scale = math.Max(scale, math.Abs(v))
	}
	bad := 0
	for j, v := range want {
		if math.Abs(float64(g[j])-v) > 1e-5*scale {
			if bad < 3 {
				t.Errorf("%s: entry %d is %v, want %v", name, j, g[j], v)
			}
			bad++
		}
	}
	if bad > 3 {
		t.Errorf("%s: %d entries off in all", name, bad)
	}
}
