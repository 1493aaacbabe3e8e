// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
)

// SameClassBatches returns the same-class batches of Section 6.1: the
// example indices of each class (the distinct values of labels), shuffled
// once with seed and cut into consecutive batches of size examples; the
// last batch of a class may be smaller. The batches are ordered by class
// (ascending label) and then by position, and are meant to stay fixed for a
// whole run: NewBatched(p, batches) makes them the components that an
// Orderer (RR, Greedy, ...) then orders every epoch.
//
// The batches share one backing array, each with its capacity cut to its
// length. SameClassBatches returns an error if labels is empty, a label is
// negative, or size <= 0.
func SameClassBatches(labels []int, size int, seed uint64) ([][]int, error) {
	switch {
	case len(labels) == 0:
		return nil, fmt.Errorf("ordering: %w: no labels to batch", ErrEmpty)
	case size <= 0:
		return nil, fmt.Errorf("ordering: %w: batch size = %d, want > 0", ErrSetting, size)
	}
	for i, c := range labels {
		if c < 0 {
			return nil, fmt.Errorf("ordering: %w: label %d of example %d, want >= 0", ErrIndex, c, i)
		}
	}
	idx := identity(nil, len(labels))
	// A stable sort groups each class in ascending example order, so the
	// shuffle below depends only on labels and seed.
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(labels[a], labels[b]) })
	rnd := rand.New(rand.NewPCG(seed, sameClassStream))
	var batches [][]int
	for lo := 0; lo < len(idx); {
		hi := lo + 1
		for hi < len(idx) && labels[idx[hi]] == labels[idx[lo]] {
			hi++
		}
		class := idx[lo:hi]
		shuffle(rnd, class)
		for b := 0; b < len(class); b += size {
			e := min(b+size, len(class))
			batches = append(batches, class[b:e:e])
		}
		lo = hi
	}
	return batches, nil
}

// StandardBatches cuts perm into consecutive batches of size entries, the
// last one possibly smaller, appends them to dst[:0] and returns the
// result. With perm a fresh random permutation each epoch this is the
// standard batching of Section 6.1. The batches are subslices of perm (with
// capacity cut to their length), not copies.
//
// Run does the same on the fly: with Settings.BatchSize = size, each step of
// an epoch uses the mean gradient of the entries of r_t in one batch of
// StandardBatches(nil, r_t, size).
//
// It panics if size <= 0.
func StandardBatches(dst [][]int, perm []int, size int) [][]int {
	if size <= 0 {
		panic("ordering: non-positive batch size")
	}
	dst = dst[:0]
	for lo := 0; lo < len(perm); lo += size {
		hi := min(lo+size, len(perm))
		dst = append(dst, perm[lo:hi:hi])
	}
	return dst
}
