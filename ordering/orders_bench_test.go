// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"testing"
)

// BenchmarkOrder measures one Order call of each strategy over n
// components, reusing dst: it must not allocate. Two-level orders use
// m = 10 low-level functions per top-level one.
func BenchmarkOrder(b *testing.B) {
	for _, n := range []int{1e3, 1e5} {
		const m = 10
		for _, c := range []struct {
			name string
			make func() (Orderer, error)
		}{
			{"RR", func() (Orderer, error) { return NewRR(n, 1) }},
			{"Incremental", func() (Orderer, error) { return NewIncremental(n, nil) }},
			{"ShuffleOnce", func() (Orderer, error) { return NewShuffleOnce(n, 1) }},
			{"SGD", func() (Orderer, error) { return NewSGD(n, 0, 1) }},
			{"KShuffle/K=1", func() (Orderer, error) { return NewKShuffle(n/m, m, 1, 1) }},
			{"KShuffle/K=3", func() (Orderer, error) { return NewKShuffle(n/m, m, 3, 1) }}, // padded
			{"KShuffle/K=5", func() (Orderer, error) { return NewKShuffle(n/m, m, 5, 1) }},
			{"MultiLevel", func() (Orderer, error) { return NewMultiLevel([]int{n / 100, 10, 10}, []int{3, 2}, 1) }},
			{"StandardShuffle", func() (Orderer, error) { return NewStandardShuffle(n/m, m, 1) }},
			{"SGDInternal", func() (Orderer, error) { return NewSGDInternal(n/m, m, 1) }},
		} {
			b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
				o, err := c.make()
				if err != nil {
					b.Fatal(err)
				}
				dst := make([]int, 0, n)
				b.ReportAllocs()
				for b.Loop() {
					dst, err = o.Order(dst, Epoch{})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
			})
		}
	}
}
