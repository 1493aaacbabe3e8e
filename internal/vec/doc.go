// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package vec holds the AVX2 loops of ordering's balancing kernels, in Go
// assembly (which a package using cgo, as ordering does with the openblas
// build tag, cannot hold). Each function runs over slices whose length is
// a multiple of its step (4, 8 or 16 elements) and does each element's
// arithmetic as ordering's Go loops do (no fused multiply-adds; the
// partial sums of an inner product in fixed lanes), so the two give the
// same bits; ordering checks that they do. Call them only if AVX2 is true.
package vec
