// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// greedySizes are the N×d gradient matrices of the greedy benchmarks. The
// largest needs N(N+1)/2·d ≈ 5·10¹⁰ multiply-adds and 800 MB; run it once:
//
//	go test ./ordering -run='^$' -bench='GreedyOrder|Gram|GreedyNaive' -benchtime=1x
//
// -short skips the sizes with N·d > 10⁷.
var greedySizes = []struct{ n, d int }{{128, 1e3}, {128, 1e5}, {1024, 1e3}, {1024, 1e5}}

// BenchmarkGreedyOrder times Algorithm 2 on an N×d gradient matrix: the
// centred copy, the Gram matrix and the O(N²) selection. Compare with
// BenchmarkGram/.../tiled for the share of the rank-k update.
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

// BenchmarkGram times the Gram matrix U Uᵀ alone, three ways: gram (used
// by GreedyOrder: tiled, each inner product once, parallel), one
// blas64.Gemm (both triangles, parallel) and one blas64.Syrk (lower
// triangle, serial in gonum v0.17.0).
func BenchmarkGram(b *testing.B) {
	for _, s := range greedySizes {
		name := fmt.Sprintf("N=%d/d=%d", s.n, s.d)
		var u, g blas64.General
		setup := func(b *testing.B) {
			if testing.Short() && s.n*s.d > 1e7 {
				b.Skip("large")
			}
			if u.Data == nil {
				u = randomGrads(s.n, s.d, 1).RawMatrix()
				g = blas64.General{Rows: s.n, Cols: s.n, Stride: s.n, Data: make([]float64, s.n*s.n)}
			}
			b.ReportAllocs()
		}
		b.Run(name+"/tiled", func(b *testing.B) {
			setup(b)
			for b.Loop() {
				gram(g, u)
			}
		})
		b.Run(name+"/gemm", func(b *testing.B) {
			setup(b)
			for b.Loop() {
				blas64.Gemm(blas.NoTrans, blas.Trans, 1, u, u, 0, g)
			}
		})
		b.Run(name+"/syrk", func(b *testing.B) {
			setup(b)
			c := blas64.Symmetric{Uplo: blas.Lower, N: s.n, Stride: s.n, Data: g.Data}
			for b.Loop() {
				blas64.Syrk(blas.NoTrans, 1, u, 0, c)
			}
		})
	}
}

// BenchmarkGreedyNaive is the O(N² d) loop of separate norms, for
// comparison with BenchmarkGreedyOrder on the smallest case.
func BenchmarkGreedyNaive(b *testing.B) {
	g := randomGrads(128, 1e3, 1)
	b.ReportAllocs()
	for b.Loop() {
		naiveGreedy(g)
	}
}
