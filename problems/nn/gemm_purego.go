// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !openblas

package nn

import "gonum.org/v1/gonum/blas/gonum"

// The CNN's products in pure Go. gonum's Sgemm cuts a product into
// 64×64×64 blocks, each a goroutine, and its vector kernels into runs of
// 64; the CNN's products have a few short rows and long columns (a block
// of positions of a whole batch), which gonum's assembly axpy and dot
// products take whole. This took 17% off a CNN epoch: BenchmarkCNNEpoch
// 8.4 against 10.2 CPU seconds (4.3 against 5.3 s), BenchmarkCIFARCNNEpoch
// 11.0 against 13.3 (5.7 against 6.8 s).

// sgemmNN stores in c (m × n, leading dimension ldc) the product of a
// (m × k) and b (k × n), all row-major: each row of c is a sum of axpys
// of rows of b.
func sgemmNN(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	g := gonum.Implementation{}
	for i := 0; i < m; i++ {
		row := c[i*ldc : i*ldc+n]
		clear(row)
		for l, v := range a[i*lda : i*lda+k] {
			g.Saxpy(n, v, b[l*ldb:], 1, row, 1)
		}
	}
}

// sgemmNT stores in c (m × n), if beta is 0, or adds to c, if beta is 1,
// the product of a (m × k) and the transpose of b (n × k): dot products
// of rows.
func sgemmNT(m, n, k int, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	g := gonum.Implementation{}
	for i := 0; i < m; i++ {
		row, ai := c[i*ldc:i*ldc+n], a[i*lda:i*lda+k]
		for j := range row {
			d := g.Sdot(k, ai, 1, b[j*ldb:], 1)
			if beta == 0 {
				row[j] = d
			} else {
				row[j] += d
			}
		}
	}
}
