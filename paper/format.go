// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds the small formatting and slice helpers the outcomes
// share.

// ints returns v as float64s.
func ints(v []int) []float64 {
	f := make([]float64, len(v))
	for i, x := range v {
		f[i] = float64(x)
	}
	return f
}

// seq returns 0, 1, ..., n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// oneTo returns 1, 2, ..., n as float64s: the k axis of the φ² charts.
func oneTo(n int) []float64 {
	f := make([]float64, n)
	for i := range f {
		f[i] = float64(i + 1)
	}
	return f
}

// holds returns "holds" if ok, else "fails".
func holds(ok bool) string {
	if ok {
		return "holds"
	}
	return "fails"
}

// allText returns "all" if ok, else "not all".
func allText(ok bool) string {
	if ok {
		return "all"
	}
	return "not all"
}

// constant returns a slice of n copies of v.
func constant(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// joinInts formats v as "a, b, c".
func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// joinFloats formats v as "a, b, c" with %g.
func joinFloats(v []float64) string {
	return joinFormatted(v, func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) })
}

// shortFloats formats v with 3 significant digits.
func shortFloats(v []float64) string {
	return joinFormatted(v, func(x float64) string { return fmt.Sprintf("%.3g", x) })
}

// joinRatios formats v with two decimals.
func joinRatios(v []float64) string {
	return joinFormatted(v, func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) })
}

func joinFormatted(v []float64, format func(float64) string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = format(x)
	}
	return strings.Join(s, ", ")
}

// fmtBytes formats a byte count.
func fmtBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.2f GB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}

// countText formats a number of images, 0 meaning all of the set's n.
func countText(n int, all string) string {
	if n == 0 {
		return all
	}
	return fmt.Sprint(n)
}
