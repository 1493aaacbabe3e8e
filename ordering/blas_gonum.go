// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !openblas

package ordering

// BLAS names the BLAS implementation of this build: "purego" for gonum's
// pure-Go kernels (the default), "openblas" with the openblas build tag.
// Results may differ between the two in the last bits.
const BLAS = "purego"

// BLASKernel returns the name of the kernel OpenBLAS chose for this CPU,
// "" in this pure-Go build, whose kernels are the same on every amd64 CPU.
func BLASKernel() string { return "" }

// The Gram tiles for gonum's pure-Go BLAS: two 64×256 float64 pieces of
// rows (256 KiB) stay in a core's L2 cache.
const (
	gramTile  = 64
	gramChunk = 256
)
