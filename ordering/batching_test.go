// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"slices"
	"testing"
)

func TestSameClassBatches(t *testing.T) {
	labels := []int{2, 0, 2, 0, 0, 2, 7, 0, 2, 2}
	for _, size := range []int{1, 2, 3, 10} {
		batches, err := SameClassBatches(labels, size, 3)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkSameClass(batches, labels, size); err != nil {
			t.Errorf("size %d: %v: %v", size, batches, err)
		}
		// Classes 0, 2 and 7 hold 4, 5 and 1 examples.
		if want := ceilDiv(4, size) + ceilDiv(5, size) + 1; len(batches) != want {
			t.Errorf("size %d: %d batches, want %d", size, len(batches), want)
		}
		for b, batch := range batches {
			if cap(batch) != len(batch) {
				t.Errorf("size %d: batch %d has capacity %d > length %d", size, b, cap(batch), len(batch))
			}
		}
	}

	// The shuffle within a class depends on the seed: over seeds, the
	// first example of class 0 must not always be the same.
	first := make(map[int]bool)
	for seed := range uint64(20) {
		batches, err := SameClassBatches(labels, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		first[batches[0][0]] = true
	}
	// Each seed puts one of 4 examples first; all 20 agree with
	// probability 4·(1/4)^20.
	if len(first) < 2 {
		t.Errorf("class 0 starts with %v for every seed", first)
	}
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func TestStandardBatches(t *testing.T) {
	perm := []int{4, 2, 0, 3, 1}
	for _, test := range []struct {
		size int
		want [][]int
	}{
		{1, [][]int{{4}, {2}, {0}, {3}, {1}}},
		{2, [][]int{{4, 2}, {0, 3}, {1}}},
		{5, [][]int{{4, 2, 0, 3, 1}}},
		{7, [][]int{{4, 2, 0, 3, 1}}},
	} {
		got := StandardBatches(nil, perm, test.size)
		if !slices.EqualFunc(got, test.want, slices.Equal) {
			t.Errorf("size %d: %v, want %v", test.size, got, test.want)
		}
	}
	if got := StandardBatches(make([][]int, 3), nil, 2); len(got) != 0 {
		t.Errorf("no elements: %v, want no batches", got)
	}
	dst := make([][]int, 0, 8)
	if allocs := testing.AllocsPerRun(10, func() {
		dst = StandardBatches(dst, perm, 2)
	}); allocs != 0 {
		t.Errorf("%v allocations with a large enough dst, want 0", allocs)
	}
}

func ExampleSameClassBatches() {
	// Ten examples of classes 0, 1 and 3, in fixed batches of at most 2
	// examples of one class. NewBatched(p, batches) then makes each batch
	// one component, for RR or Greedy to order every epoch.
	labels := []int{1, 0, 3, 1, 0, 0, 1, 1, 3, 0}
	batches, err := SameClassBatches(labels, 2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range batches {
		fmt.Printf("class %d: %v\n", labels[b[0]], b)
	}
	// Output:
	// class 0: [5 9]
	// class 0: [1 4]
	// class 1: [6 7]
	// class 1: [3 0]
	// class 3: [8 2]
}
