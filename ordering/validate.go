// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// maxLen is the largest number of components, or of entries in an epoch's
// order, that a constructor accepts: 2^28, so that an order (2 GiB of int)
// and the buffers kept with it can be allocated. A larger size, which would
// kill the process with an out-of-memory error no recover can catch, is an
// error instead. The problems package bounds its sizes by the same number.
const maxLen = 1 << 28

// checkComponents returns an error wrapping ErrSetting that names n unless
// 0 < n <= maxLen; name names the order.
func checkComponents(name string, n int) error {
	if n <= 0 {
		return fmt.Errorf("ordering: %w: %s over n = %d components, want n > 0", ErrSetting, name, n)
	}
	return checkMaxComponents(name, n)
}

// checkMaxComponents returns an error wrapping ErrSetting that names n if
// n > maxLen.
func checkMaxComponents(name string, n int) error {
	if n > maxLen {
		return fmt.Errorf("ordering: %w: %s over n = %d components, want at most 2^28", ErrSetting, name, n)
	}
	return nil
}

// checkGrads returns an error wrapping ErrEmpty if grads is nil, for the
// functions of a gradient matrix that return an error.
func checkGrads(grads *mat.Dense) error {
	if grads == nil {
		return fmt.Errorf("ordering: %w: gradient matrix is nil", ErrEmpty)
	}
	return nil
}
