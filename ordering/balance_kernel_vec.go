// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import "github.com/goodorder/goodorder/internal/vec"

// useAVX2 reports whether the balancing kernels run the AVX2 loops of
// package internal/vec. They do each element's arithmetic as the Go loops
// do, without fused multiply-adds, and keep dotDiff's four partial sums in
// the four lanes of one register (pair32Dot's 16 in four), so the results
// are the same bits. The loops of MeanBalance and PairBalance (float64
// state) match the plain Go loops (dotDiff, the updates Run used before)
// only where the compiler does not fuse a multiply and an add (the
// default GOAMD64=v1): in a fusingBuild their inner product and
// MeanBalance's update run in Go. A test turns useAVX2 off to check the
// two against each other.
var useAVX2 = vec.AVX2

// dotDiffVec stores in l the four partial sums of dotDiff(s, a, b, scale)
// over vectors whose length is a multiple of 4, and reports whether it
// did (false: no AVX2 loop for these types on this processor, or a
// fusingBuild).
func dotDiffVec[A, B float32 | float64](l *[4]float64, s []float64, a []A, b []B, scale float64) bool {
	if !useAVX2 || fusingBuild {
		return false
	}
	switch a := any(a).(type) {
	case []float64:
		switch b := any(b).(type) {
		case []float64:
			vec.DotDiffF64F64(l, s, a, b, scale)
			return true
		case []float32:
			vec.DotDiffF64F32(l, s, a, b, scale)
			return true
		}
	case []float32:
		if b, ok := any(b).([]float64); ok {
			vec.DotDiffF32F64(l, s, a, b, scale)
			return true
		}
	}
	return false
}

// meanUpdateVec is meanUpdate over vectors whose length is a multiple of
// 4, and reports whether it did it.
func meanUpdateVec[T float32 | float64](s, centre, cur []float64, g []T, eps, scale float64) bool {
	if !useAVX2 || fusingBuild {
		return false
	}
	switch g := any(g).(type) {
	case []float64:
		vec.MeanUpdateF64(s, centre, cur, g, eps, scale)
	case []float32:
		vec.MeanUpdateF32(s, centre, cur, g, eps, scale)
	}
	return true
}

// pairUpdateVec is pairUpdate over vectors whose length is a multiple of
// 4, and reports whether it did it.
func pairUpdateVec[A, B float32 | float64](s []float64, a []A, b []B, eps float64) bool {
	if !useAVX2 {
		return false
	}
	a64, ok := any(a).([]float64)
	if !ok {
		return false
	}
	switch b := any(b).(type) {
	case []float64:
		vec.PairUpdateF64(s, a64, b, eps)
	case []float32:
		vec.PairUpdateF64F32(s, a64, b, eps)
	}
	return true
}

// copyFiniteVec is copyFinite over vectors whose length is a multiple of
// 4: it returns whether it did it and, if so, whether src was finite.
func copyFiniteVec[T float32 | float64](dst []float64, src []T) (done, ok bool) {
	if !useAVX2 {
		return false, false
	}
	switch src := any(src).(type) {
	case []float64:
		return true, vec.CopyFiniteF64(dst, src)
	case []float32:
		return true, vec.CopyFiniteF32(dst, src)
	}
	return false, false
}

// copyRange32Vec is copyRange32 over vectors whose length is a multiple of
// 8: it returns whether it did it and, if so, whether src was in range.
func copyRange32Vec[T float32 | float64](dst []float32, src []T) (done, ok bool) {
	if !useAVX2 {
		return false, false
	}
	switch src := any(src).(type) {
	case []float32:
		return true, vec.Pair32CopyF32(dst, src)
	case []float64:
		return true, vec.Pair32CopyF64(dst, src)
	}
	return false, false
}

// pair32DotVec stores in l pair32Dot's 16 partial sums over vectors
// whose length is a multiple of 16: it returns whether it did it and, if
// so, whether b was in range.
func pair32DotVec[T float32 | float64](l *[16]float64, s, a []float32, b []T) (done, ok bool) {
	if !useAVX2 {
		return false, false
	}
	switch b := any(b).(type) {
	case []float32:
		return true, vec.Pair32DotF32(l, s, a, b)
	case []float64:
		return true, vec.Pair32DotF64(l, s, a, b)
	}
	return false, false
}

// pair32UpdateVec is pair32Update over vectors whose length is a multiple
// of 16, and reports whether it did it.
func pair32UpdateVec[T float32 | float64](s, a []float32, b []T, eps float32) bool {
	if !useAVX2 {
		return false
	}
	switch b := any(b).(type) {
	case []float32:
		vec.Pair32UpdateF32(s, a, b, eps)
	case []float64:
		vec.Pair32UpdateF64(s, a, b, eps)
	}
	return true
}

// mean32UpdateVec is mean32Update over vectors whose length is a multiple
// of 16, and reports whether it did it.
func mean32UpdateVec[T float32 | float64](s, centre, cur []float32, g []T, eps float32) bool {
	if !useAVX2 {
		return false
	}
	switch g := any(g).(type) {
	case []float32:
		vec.Mean32UpdateF32(s, centre, cur, g, eps)
	case []float64:
		vec.Mean32UpdateF64(s, centre, cur, g, eps)
	}
	return true
}
