// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build openblas

package ordering

/*
#cgo LDFLAGS: -lopenblas
void openblas_set_num_threads(int);
int openblas_get_num_threads(void);
char* openblas_get_corename(void);
*/
import "C"

import (
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/netlib/blas/netlib"
)

// With the openblas build tag every BLAS call of the module (package nn's
// float32 products, this package's Gram matrices) goes to OpenBLAS through
// cgo; the link flag is above, so no CGO_LDFLAGS is needed:
//
//	go run -tags openblas ./paper/reproduce
//
// on Debian after apt-get install libopenblas-dev (make reproduce does
// both). OpenBLAS is pinned to one thread: its threaded kernels split work
// by its own thread count, and the module's goroutines (the Gram tiles,
// the networks' two shards) already use the cores in a fixed split, so
// results are the same bits whatever GOMAXPROCS or OPENBLAS_NUM_THREADS is.
func init() {
	C.openblas_set_num_threads(1)
	blas32.Use(netlib.Implementation{})
	blas64.Use(netlib.Implementation{})
}

// BLAS names the BLAS implementation of this build: "purego" for gonum's
// pure-Go kernels (the default), "openblas" with the openblas build tag.
// Results may differ between the two in the last bits.
const BLAS = "openblas"

// BLASKernel returns the name of the kernel OpenBLAS chose for this CPU
// (openblas_get_corename, such as "Haswell" or "Cooperlake"), "" in the
// pure-Go build. Float32 results differ between kernels in the last bits;
// OPENBLAS_CORETYPE, read when the library loads, pins it (the Makefile
// sets Haswell, which every x86-64 CPU with AVX2 runs).
func BLASKernel() string { return C.GoString(C.openblas_get_corename()) }

// The Gram tiles for OpenBLAS: large tiles of whole rows (OpenBLAS blocks
// for the cache itself), enough of them to keep both cores busy.
const (
	gramTile  = 256
	gramChunk = 1 << 30
)
