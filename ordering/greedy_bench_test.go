// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

var greedySizes = []struct{ n, d int }{{128, 1e3}, {128, 1e5}, {1024, 1e3}, {1024, 1e5}}

// BenchmarkGreedyOrder times Algorithm 2 on an N×d gradient matrix; the
// largest case is heavy (‖U Uᵀ‖ costs N² d):
//
//	go test ./ordering -run='^$' -bench='Greedy|Gram' -benchtime=1x
func BenchmarkGreedyOrder(b *testing.B) {
	for _, s := range greedySizes {
		b.Run(fmt.Sprintf("N=%d/d=%d", s.n, s.d), func(b *testing.B) {
			if testing.Short() && s.n*s.d > 1e7 {
				b.Skip("large")
			}
			g := randomGrads(s.n, s.d, 1)
			var sel greedySelector
			var dst []int
			b.ReportAllocs()
			for b.Loop() {
				dst = sel.order(dst, g, false)
			}
		})
	}
}

// BenchmarkGram times the Gram matrix product alone, for the ratio of the
// whole chooser to its BLAS part.
func BenchmarkGram(b *testing.B) {
	for _, s := range greedySizes {
		b.Run(fmt.Sprintf("N=%d/d=%d", s.n, s.d), func(b *testing.B) {
			if testing.Short() && s.n*s.d > 1e7 {
				b.Skip("large")
			}
			u := randomGrads(s.n, s.d, 1).RawMatrix()
			gram := mat.NewDense(s.n, s.n, nil).RawMatrix()
			for b.Loop() {
				blas64.Gemm(blas.NoTrans, blas.Trans, 1, u, u, 0, gram)
			}
		})
	}
}

// BenchmarkGreedyNaive is the O(N² d) loop of separate norms, for
// comparison on the smallest case.
func BenchmarkGreedyNaive(b *testing.B) {
	g := randomGrads(128, 1e3, 1)
	for b.Loop() {
		naiveGreedy(g)
	}
}
