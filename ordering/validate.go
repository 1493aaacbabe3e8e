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

// checkOracle returns an error wrapping ErrSetting if o or its problem is
// nil, or if the problem has no components.
func checkOracle(o *Oracle) error {
	switch {
	case o == nil:
		return fmt.Errorf("ordering: %w: oracle is nil", ErrSetting)
	case o.p == nil:
		return fmt.Errorf("ordering: %w: oracle has a nil problem", ErrSetting)
	case o.p.Len() <= 0:
		return fmt.Errorf("ordering: %w: oracle's problem has N = %d components, want N > 0", ErrSetting, o.p.Len())
	}
	return nil
}

// mustGrads panics if grads is nil, for the functions of a gradient matrix
// that return no error.
func mustGrads(grads *mat.Dense) {
	if grads == nil {
		panic("ordering: nil gradient matrix")
	}
}

// mustRows is mustGrads that also panics if grads has no rows, which only
// a zero-value mat.Dense has.
func mustRows(grads *mat.Dense) {
	mustGrads(grads)
	if grads.IsEmpty() {
		panic("ordering: empty gradient matrix")
	}
}

// mustComponents panics if a problem has n <= 0 components, for the
// functions of a problem that return no error.
func mustComponents(n int) {
	if n <= 0 {
		panic("ordering: problem with no components")
	}
}

// mustSize panics if a problem has no components or dimension d <= 0, of
// which mat cannot make a gradient matrix.
func mustSize(n, d int) {
	mustComponents(n)
	if d <= 0 {
		panic("ordering: problem of dimension 0")
	}
}

// maxGreedyRows is the largest number of components the greedy orders
// take: their N×N Gram matrix then holds 2^30 entries (4 GiB in float32,
// 8 GiB in float64). maxGreedyEntries bounds the N×d gradients they store,
// 2^31 entries (8 GiB in float32).
const (
	maxGreedyRows    = 1 << 15
	maxGreedyEntries = 1 << 31
)

// checkGreedySize returns an error wrapping ErrSetting that names n and d
// if the greedy order named name cannot hold n components of dimension d.
func checkGreedySize(name string, n, d int) error {
	switch {
	case n > maxGreedyRows:
		return fmt.Errorf("ordering: %w: %s of N = %d components, want at most 2^15 (its N×N Gram matrix)", ErrSetting, name, n)
	case d > 0 && n > maxGreedyEntries/d:
		return fmt.Errorf("ordering: %w: %s of N·d = %d·%d gradient entries, want at most 2^31", ErrSetting, name, n, d)
	}
	return nil
}
