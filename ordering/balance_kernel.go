// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

// The loops of MeanBalance's and PairBalance's observations (meanObserve,
// pairObserve: Run's and a Sampler's alike). They are bound by the bytes they
// move (the running sum alone is 8d bytes, about 800 KB on the MNIST MLP,
// read twice and written once per gradient) and by their arithmetic, so
// the gain is in reading each vector as few times as the rule allows and
// in vector instructions: the finiteness of the gradient is read off the
// sign's inner product, the first gradient of a pair is checked while it
// is copied, and on amd64 with AVX2 the loops run in assembly
// (package internal/vec), four elements a step, elsewhere in Go,
// unrolled by four. Each element's arithmetic is the same as in the plain
// loops Run used before it took these (dotDiff, and the updates of
// balance_kernel_test.go), and the inner product keeps dotDiff's four
// partial sums, so the results are the same bits on every path.

// dotDiffFinite returns dotDiff(s, a, b, scale), the same bits, and
// whether every element of a is finite (finite's verdict). The check
// costs nothing per element: a NaN or infinite a_j makes the term
// s_j (a_j - scale·b_j) NaN or infinite, and so the sum, which is then
// checked by finite; a finite sum is the common case.
func dotDiffFinite[A, B float32 | float64](s []float64, a []A, b []B, scale float64) (float64, bool) {
	sc := dotDiffFused(s, a, b, scale)
	return sc, sc-sc == 0 || finite(a)
}

// diffDotFinite returns dotDiff(s, a, b, 1), the same bits, and whether
// every element of b is finite, as dotDiffFinite does for a.
func diffDotFinite[A, B float32 | float64](s []float64, a []A, b []B) (float64, bool) {
	sc := dotDiffFused(s, a, b, 1)
	return sc, sc-sc == 0 || finite(b)
}

// dotDiffFused returns dotDiff(s, a, b, scale), the same bits: its four
// partial sums over the first multiple of 4 elements from dotDiffVec where
// there is a vector loop, the rest as dotDiff adds it.
func dotDiffFused[A, B float32 | float64](s []float64, a []A, b []B, scale float64) float64 {
	n := len(a)
	m := n &^ 3
	var l [4]float64
	if !dotDiffVec(&l, s[:m], a[:m], b[:m], scale) {
		return dotDiff(s, a, b, scale)
	}
	s, b = s[:n], b[:n]
	for j := m; j < n; j++ {
		l[0] += s[j] * (float64(a[j]) - scale*float64(b[j]))
	}
	return (l[0] + l[1]) + (l[2] + l[3])
}

// meanUpdate does MeanBalance's second pass: s += eps (g - scale·centre)
// and cur += g, element by element.
func meanUpdate[T float32 | float64](s, centre, cur []float64, g []T, eps, scale float64) {
	n := len(g)
	if m := n &^ 3; meanUpdateVec(s[:m], centre[:m], cur[:m], g[:m], eps, scale) {
		s, centre, cur, g, n = s[m:n], centre[m:n], cur[m:n], g[m:], n-m
	}
	s, centre, cur = s[:n], centre[:n], cur[:n]
	j := 0
	for ; j+4 <= n; j += 4 {
		s, c, u, g := s[j:j+4:j+4], centre[j:j+4:j+4], cur[j:j+4:j+4], g[j:j+4:j+4]
		v0, v1, v2, v3 := float64(g[0]), float64(g[1]), float64(g[2]), float64(g[3])
		s[0] += eps * (v0 - scale*c[0])
		s[1] += eps * (v1 - scale*c[1])
		s[2] += eps * (v2 - scale*c[2])
		s[3] += eps * (v3 - scale*c[3])
		u[0] += v0
		u[1] += v1
		u[2] += v2
		u[3] += v3
	}
	for ; j < n; j++ {
		v := float64(g[j])
		s[j] += eps * (v - scale*centre[j])
		cur[j] += v
	}
}

// pairUpdate does PairBalance's second pass: s += eps (a - b), element by
// element.
func pairUpdate[A, B float32 | float64](s []float64, a []A, b []B, eps float64) {
	n := len(b)
	if m := n &^ 3; pairUpdateVec(s[:m], a[:m], b[:m], eps) {
		s, a, b, n = s[m:n], a[m:n], b[m:], n-m
	}
	s, a = s[:n], a[:n]
	j := 0
	for ; j+4 <= n; j += 4 {
		s, a, b := s[j:j+4:j+4], a[j:j+4:j+4], b[j:j+4:j+4]
		s[0] += eps * (float64(a[0]) - float64(b[0]))
		s[1] += eps * (float64(a[1]) - float64(b[1]))
		s[2] += eps * (float64(a[2]) - float64(b[2]))
		s[3] += eps * (float64(a[3]) - float64(b[3]))
	}
	for ; j < n; j++ {
		s[j] += eps * (float64(a[j]) - float64(b[j]))
	}
}

// copyFinite copies src into dst, which must be as long, converting
// float32 to float64, and reports whether every element is finite, in one
// pass.
func copyFinite[T float32 | float64](dst []float64, src []T) bool {
	n := len(src)
	if m := n &^ 3; m > 0 {
		if done, ok := copyFiniteVec(dst[:m], src[:m]); done {
			return copyFiniteGo(dst[m:n], src[m:]) && ok
		}
	}
	return copyFiniteGo(dst, src)
}

// copyFiniteGo is copyFinite's Go loop.
func copyFiniteGo[T float32 | float64](dst []float64, src []T) bool {
	var f0, f1, f2, f3 T
	n := len(src)
	dst = dst[:n]
	j := 0
	for ; j+4 <= n; j += 4 {
		d, v := dst[j:j+4:j+4], src[j:j+4:j+4]
		d[0], d[1], d[2], d[3] = float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])
		f0 += v[0] - v[0]
		f1 += v[1] - v[1]
		f2 += v[2] - v[2]
		f3 += v[3] - v[3]
	}
	for ; j < n; j++ {
		dst[j] = float64(src[j])
		f0 += src[j] - src[j]
	}
	return (f0+f1)+(f2+f3) == 0
}
