// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

var _ Orderer = (*MultiLevel)(nil)

// MultiLevel is multi-level K-shuffling, Algorithm 3 of the paper applied
// recursively as its remark on more than two levels suggests.
//
// The components are the leaves of a tree of L = len(Sizes) levels: the root
// has Sizes[0] children, each node at depth l has Sizes[l] children, and the
// nodes at depth L are the leaves. A leaf's flat index is its path
// (i_0, ..., i_{L-1}) read in mixed radix,
//
//	((i_0·Sizes[1] + i_1)·Sizes[2] + i_2)··· ,
//
// so every node owns a contiguous range of flat indices. With two levels,
// Sizes = {N, m}, leaf (i, j) is h_{i,j} with flat index i·m + j.
//
// Every epoch, each node's sequence is built from its children's:
//
//   - a node at depth L-1 (whose children are leaves) takes a fresh uniformly
//     random permutation of its leaves; in the two-level case this is r^low_i;
//   - a node at depth l < L-1 runs Algorithm 3 with K = K[l] over its
//     children's sequences, each of length ℓ = Sizes[l+1]···Sizes[L-1]: for
//     k = 1, ..., ⌈ℓ/K⌉ it draws a fresh uniformly random permutation
//     r^top_k of its children, and for i = 1, ..., Sizes[l] child r^top_{k,i}
//     appends the next K entries of its sequence. The root's sequence is
//     r^full, the order of the epoch.
//
// If K does not divide ℓ, each child's sequence is first padded to ⌈ℓ/K⌉·K
// entries with no-ops at uniformly random positions (the no-op low-level
// functions of Remark 5, after Algorithm 3); when the child's sequence is a
// random permutation this makes it a uniformly random permutation of the
// padded set. No-ops are dropped from the output, so every epoch has
// exactly Sizes[0]···Sizes[L-1] steps and visits every flat index once; in a
// round, a child then appends between 1 and K entries (a child has fewer
// than K no-ops), in one contiguous block.
//
// K[l] = 1 alternates children as finely as possible; K[l] = ℓ makes each
// child run its whole sequence in one visit (one round).
type MultiLevel struct {
	sizes []int
	k     []int
	block []int // block[l] = Sizes[l]···Sizes[L-1], the leaves under a depth-l node
	rnd   *rand.Rand
	src   *rand.PCG // rnd's source, for the saved state

	buf   []int // the other half of the ping-pong buffer with dst
	perm  []int // r^top_k of the node being built
	read  []int // read[c] is the next entry of child c's sequence
	noops []int // noops[c] is the number of no-ops child c has still to emit
	slots []int // slots[c] is the number of padded entries child c has left
}

// NewKShuffle returns the two-level K-shuffling of Algorithm 3 over n
// top-level functions with m low-level functions each, seeded by seed: the
// MultiLevel with Sizes = {n, m} and K = {k}. r^top_k is a fresh random
// permutation of [0, n) in each of the ⌈m/k⌉ rounds and r^low_i a fresh
// random permutation of [0, m) for each i in each epoch; the flat index of
// h_{i,j} is i·m + j. k = m is allowed (every top-level function runs its m
// steps in a row); if k does not divide m, r^low_i is padded with no-ops as
// described for MultiLevel. NewKShuffle returns an error if n <= 0, m <= 0,
// k <= 0, k > m or n·m > 2^28 (an order that could not be allocated).
func NewKShuffle(n, m, k int, seed uint64) (*MultiLevel, error) {
	if err := checkTwoLevel("KShuffle", n, m); err != nil {
		return nil, err
	}
	if k <= 0 || k > m {
		return nil, fmt.Errorf("ordering: %w: KShuffle with K = %d, want 1 <= K <= m = %d", ErrSetting, k, m)
	}
	return NewMultiLevel([]int{n, m}, []int{k}, seed)
}

// NewMultiLevel returns multi-level K-shuffling over a tree with the given
// Sizes (Sizes[0] top-level groups, each with Sizes[1] children, ...) and
// K[l] the number of entries a depth-(l+1) node appends per visit, seeded by
// seed. The sizes and K are copied. NewMultiLevel returns an error if sizes
// is empty, a size is not positive, the product of the sizes is above 2^28
// (an order that could not be allocated), len(k) != len(sizes)-1, or K[l] is
// outside [1, Sizes[l+1]···Sizes[L-1]].
func NewMultiLevel(sizes, k []int, seed uint64) (*MultiLevel, error) {
	if len(sizes) == 0 {
		return nil, fmt.Errorf("ordering: %w: MultiLevel with no levels", ErrSetting)
	}
	if len(k) != len(sizes)-1 {
		return nil, fmt.Errorf("ordering: %w: MultiLevel with %d sizes and len(K) = %d, want %d", ErrSetting, len(sizes), len(k), len(sizes)-1)
	}
	L := len(sizes)
	block := make([]int, L+1)
	block[L] = 1
	for l := L - 1; l >= 0; l-- {
		s := sizes[l]
		if s <= 0 {
			return nil, fmt.Errorf("ordering: %w: MultiLevel with Sizes[%d] = %d, want > 0", ErrSetting, l, s)
		}
		if block[l+1] > maxLen/s {
			return nil, fmt.Errorf("ordering: %w: MultiLevel sizes %v: more than 2^28 components", ErrSetting, sizes)
		}
		block[l] = s * block[l+1]
	}
	for l, kl := range k {
		if kl <= 0 || kl > block[l+1] {
			return nil, fmt.Errorf("ordering: %w: MultiLevel with K[%d] = %d, want in [1, %d] (the length of a depth-%d sequence)", ErrSetting, l, kl, block[l+1], l+1)
		}
	}
	maxSize := slices.Max(sizes)
	rnd, src := newRand(seed, kShuffleStream)
	return &MultiLevel{
		sizes: slices.Clone(sizes),
		k:     slices.Clone(k),
		block: block,
		rnd:   rnd,
		src:   src,
		buf:   make([]int, block[0]),
		perm:  make([]int, maxSize),
		read:  make([]int, maxSize),
		noops: make([]int, maxSize),
		slots: make([]int, maxSize),
	}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have Sizes[0]···Sizes[L-1] components. It panics if ml
// was not made by NewMultiLevel or NewKShuffle.
func (ml *MultiLevel) Order(dst []int, e Epoch) ([]int, error) {
	if ml.rnd == nil {
		panic("ordering: MultiLevel not made by NewMultiLevel")
	}
	total := ml.block[0]
	if err := checkLen("MultiLevel", total, e); err != nil {
		return dst[:0], err
	}
	dst = slices.Grow(dst[:0], total)[:total]

	// The sequences of the nodes of one depth lie side by side in a buffer,
	// each node in its own range of flat indices, and the next depth up is
	// built into the other buffer. Start in the buffer that makes the root
	// land in dst.
	L := len(ml.sizes)
	cur, next := dst, ml.buf
	if (L-1)%2 == 1 {
		cur, next = next, cur
	}
	leaves := ml.sizes[L-1]
	for i := range cur {
		cur[i] = i
	}
	for lo := 0; lo < total; lo += leaves {
		shuffle(ml.rnd, cur[lo:lo+leaves])
	}
	for l := L - 2; l >= 0; l-- {
		width := ml.block[l]
		for lo := 0; lo < total; lo += width {
			ml.interleave(next[lo:lo+width], cur[lo:lo+width], ml.sizes[l], ml.block[l+1], ml.k[l])
		}
		cur, next = next, cur
	}
	return cur, nil
}

// interleave runs Algorithm 3 for one node: src holds the sequences of its
// s children, ell entries each, and dst receives the node's sequence.
func (ml *MultiLevel) interleave(dst, src []int, s, ell, k int) {
	rounds := (ell + k - 1) / k
	pad := rounds*k - ell
	perm := ml.perm[:s]
	read, noops, slots := ml.read[:s], ml.noops[:s], ml.slots[:s]
	for c := range perm {
		perm[c] = c
		read[c] = c * ell
		noops[c] = pad
		slots[c] = rounds * k
	}
	w := 0
	for range rounds {
		shuffle(ml.rnd, perm)
		for _, c := range perm {
			if pad == 0 {
				r := read[c]
				for _, v := range src[r : r+k] {
					dst[w] = v
					w++
				}
				read[c] = r + k
				continue
			}
			// Selection sampling: each of the slots left is a no-op with
			// probability noops/slots, which places the pad no-ops at a
			// uniformly random subset of the rounds·k padded positions.
			for range k {
				if noops[c] > 0 && ml.rnd.IntN(slots[c]) < noops[c] {
					noops[c]--
				} else {
					dst[w] = src[read[c]]
					w++
					read[c]++
				}
				slots[c]--
			}
		}
	}
}
