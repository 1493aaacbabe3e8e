// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build amd64 && !purego

package vec

import "golang.org/x/sys/cpu"

// AVX2 reports whether the loops run: on amd64 with AVX2.
var AVX2 = cpu.X86.HasAVX2

//go:noescape
func DotDiffF64F64(l *[4]float64, s, a, b []float64, scale float64)

//go:noescape
func DotDiffF64F32(l *[4]float64, s, a []float64, b []float32, scale float64)

//go:noescape
func DotDiffF32F64(l *[4]float64, s []float64, a []float32, b []float64, scale float64)

//go:noescape
func MeanUpdateF64(s, centre, cur, g []float64, eps, scale float64)

//go:noescape
func MeanUpdateF32(s, centre, cur []float64, g []float32, eps, scale float64)

//go:noescape
func PairUpdateF64(s, a, b []float64, eps float64)

//go:noescape
func PairUpdateF64F32(s, a []float64, b []float32, eps float64)

//go:noescape
func CopyFiniteF64(dst, src []float64) bool

//go:noescape
func CopyFiniteF32(dst []float64, src []float32) bool

//go:noescape
func Pair32CopyF32(dst, src []float32) bool

//go:noescape
func Pair32DotF32(l *[16]float64, s, a, b []float32) bool

//go:noescape
func Pair32UpdateF32(s, a, b []float32, eps float32)

//go:noescape
func Pair32CopyF64(dst []float32, src []float64) bool

//go:noescape
func Pair32DotF64(l *[16]float64, s, a []float32, b []float64) bool

//go:noescape
func Pair32UpdateF64(s, a []float32, b []float64, eps float32)

//go:noescape
func Mean32UpdateF32(s, centre, cur, g []float32, eps float32)

//go:noescape
func Mean32UpdateF64(s, centre, cur []float32, g []float64, eps float32)
