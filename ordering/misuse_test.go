// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"testing"

	"github.com/goodorder/goodorder/internal/misuse"
)

// TestMisuse checks the edges of the package's API: sizes that could not
// be allocated return an error naming the value, and misuse panics with
// its documented message. TestOrdersErrors covers the plain range checks.
func TestMisuse(t *testing.T) {
	const huge = 1 << 40

	misuse.Run(t, []misuse.Case{
		// Sizes that could not be allocated.
		{Name: "RR n=2^40", Call: func() error { _, err := NewRR(huge, 1); return err }, Err: "RR over n = 1099511627776 components, want at most 2^28"},
		{Name: "Incremental n=2^40", Call: func() error { _, err := NewIncremental(huge, nil); return err }, Err: "Incremental over n = 1099511627776 components, want at most 2^28"},
		{Name: "ShuffleOnce n=2^40", Call: func() error { _, err := NewShuffleOnce(huge, 1); return err }, Err: "ShuffleOnce over n = 1099511627776 components, want at most 2^28"},
		{Name: "SGD n=2^40", Call: func() error { _, err := NewSGD(huge, 1, 1); return err }, Err: "SGD over n = 1099511627776 components, want at most 2^28"},
		{Name: "SGD length=2^40", Call: func() error { _, err := NewSGD(2, huge, 1); return err }, Err: "SGD with length = 1099511627776 draws per epoch, want in [0, 2^28]"},
		{Name: "StandardShuffle N·m=2^40", Call: func() error { _, err := NewStandardShuffle(1<<20, 1<<20, 1); return err }, Err: "StandardShuffle with N·m = 1048576·1048576 components, want at most 2^28"},
		{Name: "SGDInternal N·m=2^40", Call: func() error { _, err := NewSGDInternal(1<<20, 1<<20, 1); return err }, Err: "SGDInternal with N·m = 1048576·1048576 components, want at most 2^28"},
		{Name: "KShuffle N·m=2^40", Call: func() error { _, err := NewKShuffle(1<<20, 1<<20, 1, 1); return err }, Err: "KShuffle with N·m = 1048576·1048576 components, want at most 2^28"},
		{Name: "MultiLevel 2^10·2^10·2^10", Call: func() error { _, err := NewMultiLevel([]int{1 << 10, 1 << 10, 1 << 10}, []int{1, 1}, 1); return err }, Err: "MultiLevel sizes [1024 1024 1024]: more than 2^28 components"},
		{Name: "MeanBalance n=2^40", Call: func() error { _, err := NewMeanBalance(huge, BalanceSettings{}); return err }, Err: "mean balance over n = 1099511627776 components, want at most 2^28"},
		{Name: "PairBalance n=2^40", Call: func() error { _, err := NewPairBalance(huge, BalanceSettings{}); return err }, Err: "pair balance over n = 1099511627776 components, want at most 2^28"},
		{Name: "FlipFlop n=2^40", Call: func() error { _, err := NewFlipFlop(huge, 1); return err }, Err: "FlipFlop over n = 1099511627776 components, want at most 2^28"},
		{Name: "CountSketch d=2^40", Call: func() error { _, err := NewCountSketch(huge, 4, 1); return err }, Err: "CountSketch from dimension 1099511627776 to 4, want both at most 2^28"},
		{Name: "CountSketch k=2^40", Call: func() error { _, err := NewCountSketch(4, huge, 1); return err }, Err: "CountSketch from dimension 4 to 1099511627776, want both at most 2^28"},
	})
}
