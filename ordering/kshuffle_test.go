// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// checkRounds returns an error if labels, the sequence of child indices
// (in [0, s)) of one node's sequence, each child appearing ell times, is not
// the output of Algorithm 3 with K = k.
//
// If k divides ell the check is exact: the sequence is ell/k rounds, each
// of s blocks of k entries, the blocks of a round holding distinct
// children. Otherwise rounds are not visible in the output, since no-ops
// are dropped; then it checks that the sequence splits into at most
// ⌈ell/k⌉ rounds in each of which every child appears in one contiguous
// block of at most k entries (the fewest such rounds are found greedily,
// as the property is kept by sub-segments), and that with s ≥ 2 no run of
// one child is longer than 2k (a run spans at most two rounds, as every
// child appears in every round: there are fewer than k no-ops per child).
func checkRounds(labels []int, s, ell, k int) error {
	if len(labels) != s*ell {
		return fmt.Errorf("length %d, want %d·%d", len(labels), s, ell)
	}
	rounds := (ell + k - 1) / k
	if ell%k == 0 {
		for p, c := range labels {
			if c != labels[p-p%k] {
				return fmt.Errorf("position %d: child %d inside the block of child %d at %d", p, c, labels[p-p%k], p-p%k)
			}
		}
		for r := range rounds {
			blocks := make([]int, 0, s)
			for p := r * s * k; p < (r+1)*s*k; p += k {
				blocks = append(blocks, labels[p])
			}
			if err := checkPerm(blocks, s); err != nil {
				return fmt.Errorf("round %d: children %v: %v", r, blocks, err)
			}
		}
		return nil
	}
	// stamp[c] is the 1-based greedy round in which c last appeared.
	stamp := make([]int, s)
	got, cur, blen, run := 1, -1, 0, 0
	for p, c := range labels {
		if c == cur {
			run++
		} else {
			run = 1
		}
		if s >= 2 && run > 2*k {
			return fmt.Errorf("position %d: child %d runs %d > 2K = %d times", p, c, run, 2*k)
		}
		switch {
		case c == cur && blen < k:
			blen++
		case c != cur && stamp[c] != got:
			stamp[c], cur, blen = got, c, 1
		default:
			got++
			stamp[c], cur, blen = got, c, 1
		}
	}
	if got > rounds {
		return fmt.Errorf("needs %d rounds, want at most ⌈%d/%d⌉ = %d", got, ell, k, rounds)
	}
	return nil
}

// checkTree returns an error if seq is not a valid epoch of the MultiLevel
// with these sizes and K: a permutation of the flat indices whose
// restriction to every node passes checkRounds.
func checkTree(seq, sizes, k []int) error {
	total := 1
	for _, s := range sizes {
		total *= s
	}
	if err := checkPerm(seq, total); err != nil {
		return err
	}
	return checkNode(seq, sizes, k, total)
}

// checkNode checks the sequence seq of one node whose subtree has width
// leaves and the given sizes below it.
func checkNode(seq, sizes, k []int, width int) error {
	if len(k) == 0 {
		return nil // A permutation of the leaves, already checked.
	}
	s, ell := sizes[0], width/sizes[0]
	labels := make([]int, len(seq))
	parts := make([][]int, s)
	for p, f := range seq {
		c := f % width / ell
		labels[p] = c
		parts[c] = append(parts[c], f)
	}
	if err := checkRounds(labels, s, ell, k[0]); err != nil {
		return fmt.Errorf("level with %d children, K = %d: %v", s, k[0], err)
	}
	for _, part := range parts {
		if err := checkNode(part, sizes[1:], k[1:], ell); err != nil {
			return err
		}
	}
	return nil
}

func TestKShuffleStructure(t *testing.T) {
	for _, test := range []struct {
		sizes, k []int
	}{
		{[]int{1, 1}, []int{1}},
		{[]int{4, 6}, []int{1}},
		{[]int{4, 6}, []int{2}},
		{[]int{4, 6}, []int{3}},
		{[]int{4, 6}, []int{4}}, // padding: 2 no-ops per top function
		{[]int{4, 6}, []int{5}},
		{[]int{4, 6}, []int{6}}, // K = m: one round
		{[]int{1, 7}, []int{3}},
		{[]int{7, 1}, []int{1}},
		{[]int{10}, nil}, // one level: RR
		{[]int{3, 4, 5}, []int{2, 3}},
		{[]int{3, 4, 5}, []int{20, 5}},
		{[]int{2, 3, 2, 3}, []int{4, 5, 3}},
	} {
		o, err := NewMultiLevel(test.sizes, test.k, 1)
		if err != nil {
			t.Fatal(err)
		}
		for e, seq := range epochs(t, o, 4) {
			if err := checkTree(seq, test.sizes, test.k); err != nil {
				t.Errorf("sizes %v, K %v, epoch %d: %v\n%v", test.sizes, test.k, e, err, seq)
			}
		}
	}
}

// TestCheckRounds makes sure the structure check rejects orders that are
// not K-shuffles.
func TestCheckRounds(t *testing.T) {
	for _, test := range []struct {
		labels     []int
		s, ell, k  int
		wantToPass bool
	}{
		{[]int{0, 0, 1, 1, 1, 1, 0, 0}, 2, 4, 2, true},
		{[]int{0, 1, 0, 1, 1, 0, 1, 0}, 2, 4, 2, false},       // blocks of 1, not 2
		{[]int{0, 0, 1, 1, 0, 0, 1, 1}, 2, 4, 4, false},       // K = 4: one block each
		{[]int{0, 0, 0, 1, 1, 1}, 2, 3, 2, false},             // child 1 must run in round 1
		{[]int{0, 1, 1, 0, 0, 1}, 2, 3, 2, true},              // 0 11 | 00 1
		{[]int{0, 1, 0, 1, 0, 1}, 2, 3, 2, false},             // three rounds needed
		{[]int{0, 0, 0, 0, 0, 1, 1, 1, 1, 1}, 2, 5, 2, false}, // a run of 5 > 2K
	} {
		err := checkRounds(test.labels, test.s, test.ell, test.k)
		if (err == nil) != test.wantToPass {
			t.Errorf("%v with K = %d: err = %v, want pass = %t", test.labels, test.k, err, test.wantToPass)
		}
	}
}

func TestKShuffleIsTwoLevel(t *testing.T) {
	a, err := NewKShuffle(5, 7, 3, 11)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewMultiLevel([]int{5, 7}, []int{3}, 11)
	if err != nil {
		t.Fatal(err)
	}
	ea, eb := epochs(t, a, 3), epochs(t, b, 3)
	for e := range ea {
		if !slices.Equal(ea[e], eb[e]) {
			t.Errorf("epoch %d: NewKShuffle and NewMultiLevel differ", e)
		}
	}
}

func TestKShuffleLowUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("statistical test")
	}
	// With K = m each top function runs r^low_i in one block, so the
	// flat indices of top 0 in order of appearance are r^low_0, which must
	// be a uniform permutation of [0, m): positionStat applies.
	const (
		N = 3
		m = 6
		R = 20000
	)
	o, err := NewKShuffle(N, m, m, 4)
	if err != nil {
		t.Fatal(err)
	}
	var dst []int
	low := make([]int, 0, m)
	x, mean, sd := positionStat(R, m, func() []int {
		dst, _ = o.Order(dst, Epoch{})
		low = low[:0]
		for _, f := range dst {
			if f/m == 0 {
				low = append(low, f%m)
			}
		}
		return low
	})
	t.Logf("X = %.4g, want %.4g ± %.4g", x, mean, sd)
	if math.Abs(x-mean) > 6*sd {
		t.Errorf("r^low_0 positions: X = %.4g, want %.4g ± 6·%.4g", x, mean, sd)
	}
}

func TestKShufflePadding(t *testing.T) {
	if testing.Short() {
		t.Skip("statistical test")
	}
	// N = 2, m = 7, K = 3: r^low_i is padded to 9 entries with 2 no-ops at
	// a uniformly random pair of the 9 positions, and the first round takes
	// the first 3. The first top function of an epoch thus runs c = 3 - (no-ops
	// among the first 3 positions) steps before the other one starts, with
	//
	//	P(c=1) = C(3,2)/C(9,2) = 3/36,
	//	P(c=2) = 3·6/36 = 18/36,
	//	P(c=3) = C(6,2)/36 = 15/36
	//
	// (hypergeometric). Padding always at the end would give c = 3 only.
	// Pearson's statistic over the 3 outcomes is close to χ²_2: mean 2,
	// variance 4.
	const (
		N = 2
		m = 7
		K = 3
		R = 20000
	)
	o, err := NewKShuffle(N, m, K, 8)
	if err != nil {
		t.Fatal(err)
	}
	var counts [4]int
	var dst []int
	for range R {
		dst, _ = o.Order(dst, Epoch{})
		c := 1
		for c < len(dst) && dst[c]/m == dst[0]/m {
			c++
		}
		if c > K {
			t.Fatalf("first block of %d > K = %d steps: %v", c, K, dst)
		}
		counts[c]++
	}
	var x float64
	for c, p := range []float64{1: 3.0 / 36, 2: 18.0 / 36, 3: 15.0 / 36} {
		if c == 0 {
			continue
		}
		e := R * p
		d := float64(counts[c]) - e
		x += d * d / e
	}
	t.Logf("first-block lengths %v: X = %.4g", counts[1:], x)
	if x > 2+6*2 {
		t.Errorf("first-block lengths %v over %d epochs: X = %.4g, want 2 ± 6·2", counts[1:], R, x)
	}
}

func ExampleNewKShuffle() {
	// N = 3 top-level functions with m = 4 low-level ones each, K = 2
	// steps per visit: two rounds, each a random permutation of the top
	// functions, each visit two steps of its r^low_i.
	const N, m = 3, 4
	ks, err := NewKShuffle(N, m, 2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	order, _ := ks.Order(nil, Epoch{})
	fmt.Println("flat:", order)
	fmt.Print("(i,j):")
	for _, f := range order {
		fmt.Printf(" (%d,%d)", f/m, f%m)
	}
	fmt.Println()
	// Output:
	// flat: [3 0 11 10 7 4 2 1 5 6 8 9]
	// (i,j): (0,3) (0,0) (2,3) (2,2) (1,3) (1,0) (0,2) (0,1) (1,1) (1,2) (2,0) (2,1)
}
