// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"slices"
	"testing"
)

// fuzzEpochs is the number of epochs each fuzz input runs.
const fuzzEpochs = 3

// bound maps an arbitrary int into (-lim, lim], keeping its sign, so that
// fuzzed sizes stay small but may be zero or negative.
func bound(v, lim int) int { return v % (lim + 1) }

// fuzzOrder checks the constructor outcome against valid and, for a valid
// input, runs fuzzEpochs epochs of o reusing dst, passing each to check.
func fuzzOrder(t *testing.T, o Orderer, err error, valid bool, check func([]int) error) {
	t.Helper()
	if (err == nil) != valid {
		t.Fatalf("err = %v, want error = %t", err, !valid)
	}
	if err != nil {
		return
	}
	var dst []int
	for e := range fuzzEpochs {
		dst, err = o.Order(dst, Epoch{T: e})
		if err != nil {
			t.Fatalf("epoch %d: %v", e, err)
		}
		if err := check(dst); err != nil {
			t.Fatalf("epoch %d: %v\n%v", e, err, dst)
		}
	}
}

func FuzzRR(f *testing.F) {
	f.Add(1, uint64(0))
	f.Add(2, uint64(1))
	f.Add(300, uint64(7))
	f.Add(0, uint64(3))
	f.Add(-4, uint64(3))
	f.Fuzz(func(t *testing.T, n int, seed uint64) {
		n = bound(n, 300)
		o, err := NewRR(n, seed)
		fuzzOrder(t, o, err, n > 0, func(s []int) error { return checkPerm(s, n) })
	})
}

func FuzzShuffleOnce(f *testing.F) {
	f.Add(1, uint64(0))
	f.Add(17, uint64(1))
	f.Add(0, uint64(2))
	f.Fuzz(func(t *testing.T, n int, seed uint64) {
		n = bound(n, 300)
		o, err := NewShuffleOnce(n, seed)
		var first []int
		fuzzOrder(t, o, err, n > 0, func(s []int) error {
			if first == nil {
				first = slices.Clone(s)
			} else if !slices.Equal(s, first) {
				return fmt.Errorf("epoch differs from the first, %v", first)
			}
			return checkPerm(s, n)
		})
	})
}

func FuzzIncremental(f *testing.F) {
	f.Add(3, []byte(nil))
	f.Add(3, []byte{2, 1, 0, 2})
	f.Add(3, []byte{3})
	f.Add(3, []byte{0xff})
	f.Add(0, []byte{0})
	f.Fuzz(func(t *testing.T, n int, data []byte) {
		n = bound(n, 300)
		var seq []int // nil for no data: the identity
		valid := n > 0
		for _, b := range data {
			i := int(int8(b))
			seq = append(seq, i)
			valid = valid && 0 <= i && i < n
		}
		want := seq
		if seq == nil && n > 0 {
			want = identity(nil, n)
		}
		o, err := NewIncremental(n, seq)
		fuzzOrder(t, o, err, valid, func(s []int) error {
			if !slices.Equal(s, want) {
				return fmt.Errorf("want %v", want)
			}
			return nil
		})
	})
}

func FuzzSGD(f *testing.F) {
	f.Add(1, 0, uint64(0))
	f.Add(10, 1, uint64(1))
	f.Add(10, 25, uint64(2))
	f.Add(10, -1, uint64(3))
	f.Add(0, 3, uint64(4))
	f.Fuzz(func(t *testing.T, n, length int, seed uint64) {
		n, length = bound(n, 300), bound(length, 300)
		o, err := NewSGD(n, length, seed)
		want := length
		if length == 0 {
			want = n
		}
		fuzzOrder(t, o, err, n > 0 && length >= 0, func(s []int) error {
			if len(s) != want {
				return fmt.Errorf("length %d, want %d", len(s), want)
			}
			return checkRange(s, n)
		})
	})
}

func FuzzKShuffle(f *testing.F) {
	f.Add(3, 4, 2, uint64(0))
	f.Add(3, 4, 4, uint64(1)) // K = m
	f.Add(5, 7, 3, uint64(2)) // padding
	f.Add(1, 1, 1, uint64(3))
	f.Add(3, 4, 5, uint64(4)) // K > m
	f.Add(3, 4, 0, uint64(5))
	f.Add(0, 4, 1, uint64(6))
	f.Fuzz(func(t *testing.T, n, m, k int, seed uint64) {
		n, m, k = bound(n, 30), bound(m, 30), bound(k, 35)
		o, err := NewKShuffle(n, m, k, seed)
		fuzzOrder(t, o, err, n > 0 && m > 0 && 0 < k && k <= m, func(s []int) error {
			return checkTree(s, []int{n, m}, []int{k})
		})
	})
}

func FuzzMultiLevel(f *testing.F) {
	f.Add([]byte{2, 3, 2, 4, 3, 5}, uint64(0)) // sizes {3, 4, 5}, K {2, 3}
	f.Add([]byte{1, 5, 7, 3}, uint64(1))       // sizes {5, 3}, K {7}: K > m
	f.Add([]byte{0, 6}, uint64(2))             // one level
	f.Add([]byte{3, 2, 5, 3, 4, 2, 3, 3}, uint64(3))
	f.Add([]byte{2, 3, 0, 0, 3, 5}, uint64(4)) // a zero K
	f.Fuzz(func(t *testing.T, shape []byte, seed uint64) {
		// shape[0] gives the number of levels, then each level a size and
		// (but the last) a K, both small and possibly zero.
		if len(shape) == 0 {
			return
		}
		levels := 1 + int(shape[0]%4)
		at := func(i int) int {
			if i < len(shape) {
				return int(shape[i])
			}
			return 2
		}
		sizes := make([]int, levels)
		k := make([]int, levels-1)
		for l := range sizes {
			sizes[l] = at(1+2*l) % 7
			if l < levels-1 {
				k[l] = at(2+2*l) % 40
			}
		}
		valid := true
		width := 1
		for l := levels - 1; l >= 0; l-- {
			if l < levels-1 {
				valid = valid && 0 < k[l] && k[l] <= width
			}
			width *= sizes[l]
			valid = valid && sizes[l] > 0
		}
		o, err := NewMultiLevel(sizes, k, seed)
		fuzzOrder(t, o, err, valid, func(s []int) error { return checkTree(s, sizes, k) })
	})
}

// fuzzTwoLevel fuzzes an order of n top-level functions with m low-level
// ones each, made by newOrder, checking its epochs with check.
func fuzzTwoLevel[O Orderer](f *testing.F, newOrder func(n, m int, seed uint64) (O, error), check func(s []int, n, m int) error) {
	f.Add(3, 4, uint64(0))
	f.Add(1, 1, uint64(1))
	f.Add(0, 4, uint64(2))
	f.Add(3, -1, uint64(3))
	f.Fuzz(func(t *testing.T, n, m int, seed uint64) {
		n, m = bound(n, 30), bound(m, 30)
		o, err := newOrder(n, m, seed)
		fuzzOrder(t, o, err, n > 0 && m > 0, func(s []int) error { return check(s, n, m) })
	})
}

func FuzzStandardShuffle(f *testing.F) {
	fuzzTwoLevel(f, NewStandardShuffle, func(s []int, n, m int) error { return checkPerm(s, n*m) })
}

func FuzzSGDInternal(f *testing.F) {
	fuzzTwoLevel(f, NewSGDInternal, checkSGDInternal)
}

func FuzzSameClassBatches(f *testing.F) {
	f.Add([]byte{0, 1, 0, 2, 1, 0, 0}, 2, uint64(0))
	f.Add([]byte{5}, 3, uint64(1))
	f.Add([]byte{}, 3, uint64(2))
	f.Add([]byte{1, 0xff}, 1, uint64(3)) // a negative label
	f.Add([]byte{1, 2}, 0, uint64(4))
	f.Fuzz(func(t *testing.T, data []byte, size int, seed uint64) {
		size = bound(size, 20)
		labels := make([]int, len(data))
		valid := len(labels) > 0 && size > 0
		for i, b := range data {
			labels[i] = int(int8(b)) % 6
			valid = valid && labels[i] >= 0
		}
		in := slices.Clone(labels)
		batches, err := SameClassBatches(labels, size, seed)
		if (err == nil) != valid {
			t.Fatalf("err = %v, want error = %t", err, !valid)
		}
		if !slices.Equal(labels, in) {
			t.Fatalf("labels modified")
		}
		if err != nil {
			return
		}
		again, _ := SameClassBatches(labels, size, seed)
		if !slices.EqualFunc(batches, again, slices.Equal) {
			t.Fatalf("not deterministic: %v, then %v", batches, again)
		}
		if err := checkSameClass(batches, labels, size); err != nil {
			t.Fatalf("%v\nbatches %v\nlabels %v", err, batches, labels)
		}
	})
}

// checkSameClass returns an error if batches are not the same-class
// batches of labels with the given size.
func checkSameClass(batches [][]int, labels []int, size int) error {
	count := make(map[int]int)
	for _, c := range labels {
		count[c]++
	}
	var all []int
	perClass := make(map[int]int)
	for b, batch := range batches {
		if len(batch) == 0 || len(batch) > size {
			return fmt.Errorf("batch %d has %d elements, want 1..%d", b, len(batch), size)
		}
		c := labels[batch[0]]
		for _, i := range batch {
			if labels[i] != c {
				return fmt.Errorf("batch %d mixes classes %d and %d", b, c, labels[i])
			}
		}
		if b > 0 && labels[batches[b-1][0]] > c {
			return fmt.Errorf("batch %d of class %d after class %d", b, c, labels[batches[b-1][0]])
		}
		perClass[c] += len(batch)
		// Only the last batch of a class may be short.
		if len(batch) < size && perClass[c] != count[c] {
			return fmt.Errorf("batch %d of class %d has %d < %d elements but is not the last", b, c, len(batch), size)
		}
		all = append(all, batch...)
	}
	return checkPerm(slices.Sorted(slices.Values(all)), len(labels))
}

func FuzzStandardBatches(f *testing.F) {
	f.Add([]byte{3, 1, 4, 1, 5}, 2)
	f.Add([]byte{}, 3)
	f.Add([]byte{7}, 1)
	f.Add([]byte{1, 2}, 0)
	f.Fuzz(func(t *testing.T, data []byte, size int) {
		size = bound(size, 20)
		perm := make([]int, len(data))
		for i, b := range data {
			perm[i] = int(b)
		}
		if size <= 0 {
			defer func() {
				if recover() == nil {
					t.Fatalf("size %d: no panic", size)
				}
			}()
		}
		batches := StandardBatches([][]int{{99}}, perm, size)
		if want := (len(perm) + size - 1) / size; len(batches) != want {
			t.Fatalf("%d batches, want ⌈%d/%d⌉ = %d", len(batches), len(perm), size, want)
		}
		var cat []int
		for b, batch := range batches {
			if len(batch) == 0 || len(batch) > size || (len(batch) < size && b != len(batches)-1) {
				t.Fatalf("batch %d of %d has %d elements, size %d", b, len(batches), len(batch), size)
			}
			cat = append(cat, batch...)
		}
		if !slices.Equal(cat, perm) {
			t.Fatalf("batches %v do not concatenate to %v", batches, perm)
		}
	})
}
