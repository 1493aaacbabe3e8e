// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import "math"

// finite reports whether v is neither NaN nor infinite.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// nonNeg reports whether v is finite and v >= 0.
func nonNeg(v float64) bool { return v >= 0 && !math.IsInf(v, 1) }

// squaresFit reports whether sums of squared gradient norms stay finite
// for n components whose gradients (at the minimiser) have squared norms
// up to g2: the measures of package ordering add up to n² of them (the
// prefix sums of an epoch), and a factor 16 is left for the rest of the
// gradient and for rounding. A NaN or infinite g2 does not fit.
func squaresFit(g2 float64, n int) bool { return g2 <= maxSquare(n) }

// maxSquare returns the largest g2 that squaresFit accepts for n
// components, for error messages.
func maxSquare(n int) float64 { return math.MaxFloat64 / 16 / float64(n) / float64(n) }

// maxValues bounds the values a constructor allocates from sizes it is
// given (N·d, N·m): 2^28 float64s, 2 GiB. Larger sizes would kill the
// process with an out-of-memory error that no recover can catch.
const maxValues = 1 << 28

// sizeFits reports whether a·b, for positive a and b, is at most
// maxValues.
func sizeFits(a, b int) bool { return a <= maxValues/b }
