// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"
	"strings"
)

// pair32Limit is the magnitude below which PairBalance32 and
// MeanBalance32 take gradient entries. PairBalance32: a pair's difference
// is below 2^100, and the running sum, over at most 2^27 pairs (2^28
// components) and the odd last gradient, below 2^127 < math.MaxFloat32.
// MeanBalance32 (n <= 2^27): this epoch's sum is below 2^126, a mean at
// most 2^99, a centred gradient at most 2^100 and the running sum at most
// 2^127.
const pair32Limit = 0x1p99

// is32 reports whether S is float32.
func is32[S float32 | float64]() bool {
	var z S
	_, ok := any(z).(float32)
	return ok
}

// takes reports whether an order whose vectors are of type S takes the
// gradient g: if every entry is finite, and for S float32 below
// pair32Limit in magnitude once rounded (inRange32).
func takes[S, T float32 | float64](g []T) bool {
	if is32[S]() {
		return inRange32(g)
	}
	return finite(g)
}

// gradCheck returns nil if an order whose vectors are of type S, named
// name, takes grad (takes), the gradient of component i at epoch t,
// position pos, or its error, naming the first entry it does not take.
func gradCheck[S, T float32 | float64](name string, i, t, pos int, grad []T) error {
	for j, v := range grad {
		if takes[S](grad[j : j+1 : j+1]) {
			continue
		}
		if !is32[S]() || math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return fmt.Errorf("ordering: %w: gradient of component %d at epoch %d, position %d: entry %d is %g, not finite", ErrNaN, i, t, pos, j, float64(v))
		}
		return fmt.Errorf("ordering: %w: gradient of component %d at epoch %d, position %d: entry %d is %g, of magnitude 2^99 (6.3e29) or more once rounded to float32, beyond %s's float32 range", ErrRange, i, t, pos, j, float64(v), strings.TrimSuffix(name, " (float32)"))
	}
	return nil
}

// The passes of pair and mean balancing, by the type S of their vectors:
// balance_kernel.go's for float64 (the same bits as Run's plain loops of
// before) and those below for float32.

// pairCopy copies src into dst, converting, and reports whether the
// order takes src (takes), in one pass.
func pairCopy[S, T float32 | float64](dst []S, src []T) bool {
	if d, ok := any(dst).([]float32); ok {
		return copyRange32(d, src)
	}
	return copyFinite(any(dst).([]float64), src)
}

// pairDot returns <s, a - b> (diffDotFinite, pair32Dot) and whether the
// order takes b.
func pairDot[S, T float32 | float64](s, a []S, b []T) (float64, bool) {
	if s, ok := any(s).([]float32); ok {
		return pair32Dot(s, any(a).([]float32), b)
	}
	return diffDotFinite(any(s).([]float64), any(a).([]float64), b)
}

// pairUpdateS does s += eps (a - b) (pairUpdate, pair32Update).
func pairUpdateS[S, T float32 | float64](s, a []S, b []T, eps float64) {
	if s, ok := any(s).([]float32); ok {
		pair32Update(s, any(a).([]float32), b, eps)
		return
	}
	pairUpdate(any(s).([]float64), any(a).([]float64), b, eps)
}

// meanDot returns <s, g - scale·centre> and whether the order takes g.
// For float32 vectors scale must be 1: the sum is -pair32Dot(s, centre,
// g), term for term the negation of that of <s, g - centre>, so the same
// up to its sign.
func meanDot[S, T float32 | float64](s, centre []S, g []T, scale float64) (float64, bool) {
	if s, ok := any(s).([]float32); ok {
		sc, ok := pair32Dot(s, any(centre).([]float32), g)
		return -sc, ok
	}
	return dotDiffFinite(any(s).([]float64), g, any(centre).([]float64), scale)
}

// meanUpdateS does s += eps (g - scale·centre) and cur += g (meanUpdate,
// mean32Update; for float32 vectors scale must be 1).
func meanUpdateS[S, T float32 | float64](s, centre, cur []S, g []T, eps, scale float64) {
	if s, ok := any(s).([]float32); ok {
		mean32Update(s, any(centre).([]float32), any(cur).([]float32), g, eps)
		return
	}
	meanUpdate(any(s).([]float64), any(centre).([]float64), any(cur).([]float64), g, eps, scale)
}

// scaleInto stores scale·src in dst, rounded to S.
func scaleInto[S float32 | float64](dst, src []S, scale float64) {
	for j, v := range src {
		dst[j] = S(float64(v) * scale)
	}
}

// inRange32 reports whether every entry of g, rounded to float32, is
// finite and below pair32Limit in magnitude.
func inRange32[T float32 | float64](g []T) bool {
	for _, v := range g {
		if !(math.Abs(float64(float32(v))) < pair32Limit) {
			return false
		}
	}
	return true
}

// The kernels of PairBalance32. On amd64 with AVX2, the gradients'
// leading multiple of 16 entries (8 for the copy) go through
// the assembly loops of internal/vec, which do each element's arithmetic
// as the Go loops here do and keep the 16 partial sums of pair32Dot in
// the lanes of four registers, so the results are the same bits on every
// path.

// copyRange32 copies src into dst, rounding float64 to float32, and
// reports whether every entry of src was in range (inRange32).
func copyRange32[T float32 | float64](dst []float32, src []T) bool {
	n := len(src)
	dst = dst[:n]
	ok := true
	if m := n &^ 7; m > 0 {
		if done, okv := copyRange32Vec(dst[:m], src[:m]); done {
			dst, src, ok = dst[m:], src[m:], okv
		}
	}
	for j, v := range src {
		dst[j] = float32(v)
	}
	return inRange32(src) && ok
}

// pair32Dot returns <s, a - b>, each term float64(s_j)·float64(a_j -
// b_j), the difference in float32 (b rounded to float32 first), the
// product and the sum in float64: term j added to partial sum j mod 16
// over the leading multiple of 16 terms, the sums k, k+4, k+8 and k+12
// then added as (k + (k+8)) + ((k+4) + (k+12)), the rest of the terms
// added to the first of the four, and the four summed as (0+1)+(2+3). It
// also returns whether every entry of b is in range (inRange32).
func pair32Dot[T float32 | float64](s, a []float32, b []T) (float64, bool) {
	n := len(b)
	s, a = s[:n], a[:n]
	m := n &^ 15
	var l [16]float64
	ok := true
	if done, okv := pair32DotVec(&l, s[:m], a[:m], b[:m]); done {
		ok = okv
	} else {
		for j := 0; j < m; j += 16 {
			s, a, b := s[j:j+16:j+16], a[j:j+16:j+16], b[j:j+16:j+16]
			for k := range l {
				l[k] += float64(float64(s[k]) * float64(a[k]-float32(b[k])))
			}
		}
		ok = inRange32(b[:m])
	}
	var q [4]float64
	for k := range q {
		q[k] = (l[k] + l[k+8]) + (l[k+4] + l[k+12])
	}
	for j := m; j < n; j++ {
		q[0] += float64(float64(s[j]) * float64(a[j]-float32(b[j])))
	}
	return (q[0] + q[1]) + (q[2] + q[3]), ok && inRange32(b[m:])
}

// pair32Update does s_j += eps (a_j - b_j), element by element, in
// float32 (b rounded to float32 first; eps is ±1, so the product is
// exact). The conversions of products here and in pair32Dot keep the
// compiler from fusing a multiply and an add, which the assembly loops do
// not do either.
func pair32Update[T float32 | float64](s, a []float32, b []T, eps float64) {
	n := len(b)
	s, a = s[:n], a[:n]
	e := float32(eps)
	if m := n &^ 15; pair32UpdateVec(s[:m], a[:m], b[:m], e) {
		s, a, b = s[m:], a[m:], b[m:]
	}
	for j, v := range b {
		s[j] += float32(e * (a[j] - float32(v)))
	}
}

// mean32Update does MeanBalance32's second pass: s_j += eps (g_j - c_j)
// and cur_j += g_j, element by element in float32 (g rounded to float32
// first). eps (g_j - c_j) is -eps (c_j - g_j), pair32Update's term with
// a = c, b = g, bit for bit.
func mean32Update[T float32 | float64](s, centre, cur []float32, g []T, eps float64) {
	n := len(g)
	s, centre, cur = s[:n], centre[:n], cur[:n]
	e := float32(eps)
	if m := n &^ 15; mean32UpdateVec(s[:m], centre[:m], cur[:m], g[:m], e) {
		s, centre, cur, g = s[m:], centre[m:], cur[m:], g[m:]
	}
	for j, v := range g {
		x := float32(v)
		s[j] += float32(e * (x - centre[j]))
		cur[j] += x
	}
}
