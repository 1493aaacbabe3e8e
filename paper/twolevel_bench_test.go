// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"testing"
)

// BenchmarkTwoLevelProtocol runs the full default protocol of Figure 1
// (8 σ_top × 7 m × 20 learning rates × 3 runs × 2 methods, budget 10^6):
//
//	go test ./paper -run='^$' -bench=TwoLevelProtocol -benchtime=1x
func BenchmarkTwoLevelProtocol(b *testing.B) {
	if testing.Short() {
		b.Skip("the full protocol takes tens of seconds")
	}
	var work int64
	for b.Loop() {
		res, err := TwoLevelConfig{}.At(Default).Run(context.Background(), nil)
		if err != nil {
			b.Fatal(err)
		}
		work += res.Work
	}
	b.ReportMetric(float64(work)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkTwoLevelCell runs one cell (σ_top = 10, m = 16) of the protocol
// on one worker, for profiling the inner loop.
func BenchmarkTwoLevelCell(b *testing.B) {
	var work int64
	for b.Loop() {
		res, err := TwoLevelConfig{
			SigmaTops: []float64{10}, Ms: []int{16},
		}.At(Default).Run(context.Background(), &Env{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		work += res.Work
	}
	b.ReportMetric(float64(work)/b.Elapsed().Seconds(), "steps/s")
	b.ReportMetric(float64(work)/float64(b.N), "steps/op")
}
