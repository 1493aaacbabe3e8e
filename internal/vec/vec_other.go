// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64 || purego

package vec

// AVX2 is false: there are no assembly loops in this build, and the
// functions panic.
var AVX2 = false

const noLoops = "vec: no AVX2 loops in this build"

func DotDiffF64F64(l *[4]float64, s, a, b []float64, scale float64) { panic(noLoops) }

func DotDiffF64F32(l *[4]float64, s, a []float64, b []float32, scale float64) { panic(noLoops) }

func DotDiffF32F64(l *[4]float64, s []float64, a []float32, b []float64, scale float64) {
	panic(noLoops)
}

func MeanUpdateF64(s, centre, cur, g []float64, eps, scale float64) { panic(noLoops) }

func MeanUpdateF32(s, centre, cur []float64, g []float32, eps, scale float64) { panic(noLoops) }

func PairUpdateF64(s, a, b []float64, eps float64) { panic(noLoops) }

func PairUpdateF64F32(s, a []float64, b []float32, eps float64) { panic(noLoops) }

func CopyFiniteF64(dst, src []float64) bool { panic(noLoops) }

func CopyFiniteF32(dst []float64, src []float32) bool { panic(noLoops) }

func Pair32CopyF32(dst, src []float32) bool { panic(noLoops) }

func Pair32DotF32(l *[16]float64, s, a, b []float32) bool { panic(noLoops) }

func Pair32UpdateF32(s, a, b []float32, eps float32) { panic(noLoops) }

func Pair32CopyF64(dst []float32, src []float64) bool { panic(noLoops) }

func Pair32DotF64(l *[16]float64, s, a []float32, b []float64) bool { panic(noLoops) }

func Pair32UpdateF64(s, a []float32, b []float64, eps float32) { panic(noLoops) }

func Mean32UpdateF32(s, centre, cur, g []float32, eps float32) { panic(noLoops) }

func Mean32UpdateF64(s, centre, cur []float32, g []float64, eps float32) { panic(noLoops) }
