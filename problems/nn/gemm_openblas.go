// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build openblas

package nn

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// sgemmNN stores in c (m × n, leading dimension ldc) the product of a
// (m × k) and b (k × n), all row-major. With OpenBLAS it is its Sgemm.
func sgemmNN(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	blas32.Implementation().Sgemm(blas.NoTrans, blas.NoTrans, m, n, k, 1, a, lda, b, ldb, 0, c, ldc)
}

// sgemmNT stores in c (m × n), if beta is 0, or adds to c, if beta is 1,
// the product of a (m × k) and the transpose of b (n × k).
func sgemmNT(m, n, k int, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	blas32.Implementation().Sgemm(blas.NoTrans, blas.Trans, m, n, k, 1, a, lda, b, ldb, beta, c, ldc)
}
