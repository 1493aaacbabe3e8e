// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build openblas

package nn

import (
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/netlib/blas/netlib"
)

// With the openblas build tag every BLAS call of the module (this
// package's float32 products, and gonum's float64 ones such as the Gram
// matrix of the greedy order) goes to OpenBLAS through cgo. Build with
//
//	CGO_LDFLAGS="-lopenblas" go test -tags openblas ...
//
// on Debian after apt-get install libopenblas-dev.
func init() {
	blas32.Use(netlib.Implementation{})
	blas64.Use(netlib.Implementation{})
}
