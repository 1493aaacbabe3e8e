// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import "math"

// finite reports whether v is neither NaN nor infinite.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// nonNeg reports whether v is finite and v >= 0.
func nonNeg(v float64) bool { return v >= 0 && !math.IsInf(v, 1) }
