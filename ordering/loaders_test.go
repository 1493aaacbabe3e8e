// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// loaderOrders returns every loader order over the shards sizes with knob
// k (nodes, block, buffer or window), named, for the property tests.
func loaderOrders(sizes []int, k int, seed uint64) (map[string]Orderer, error) {
	n := 0
	for _, s := range sizes {
		n += s
	}
	out := map[string]Orderer{}
	for a := StreamingNaive; a <= StreamingPy1e; a++ {
		o, err := NewStreamingShuffle(a, sizes, min(k, n), k+1, seed)
		if err != nil {
			return nil, err
		}
		out[a.String()] = o
	}
	q, err := NewQuasiRandom(sizes, k, seed)
	if err != nil {
		return nil, err
	}
	w, err := NewWindowShuffle(n, k, seed)
	if err != nil {
		return nil, err
	}
	c, err := NewCorgiPile(sizes, k, seed)
	if err != nil {
		return nil, err
	}
	o, err := NewShardShuffleOnce(sizes, seed)
	if err != nil {
		return nil, err
	}
	out["quasi-random"], out["window"], out["corgipile"], out["shard once"] = q, w, c, o
	return out, nil
}

// TestLoadersPermutation is the property test: over random shard sizes,
// knobs and seeds, every loader order emits a permutation of [0, n) in
// every epoch, and two orders made with the same seed emit the same
// sequences.
func TestLoadersPermutation(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		sizes := make([]int, 1+rnd.IntN(12))
		n := 0
		for i := range sizes {
			sizes[i] = 1 + rnd.IntN(9)
			n += sizes[i]
		}
		k := 1 + rnd.IntN(10)
		seed := rnd.Uint64()
		a, err := loaderOrders(sizes, k, seed)
		if err != nil {
			t.Fatalf("trial %d, sizes %v, k = %d: %v", trial, sizes, k, err)
		}
		b, _ := loaderOrders(sizes, k, seed)
		for name, o := range a {
			var ra, rb []int
			for e := range 4 {
				if ra, err = o.Order(ra, Epoch{T: e}); err != nil {
					t.Fatalf("%s, sizes %v, k = %d: %v", name, sizes, k, err)
				}
				if err := checkPerm(ra, n); err != nil {
					t.Fatalf("%s, sizes %v, k = %d, epoch %d: %v\n%v", name, sizes, k, e, err, ra)
				}
				rb, _ = b[name].Order(rb, Epoch{T: e})
				if !slices.Equal(ra, rb) {
					t.Fatalf("%s, sizes %v, k = %d, epoch %d: same seed, different orders\n%v\n%v", name, sizes, k, e, ra, rb)
				}
			}
		}
	}
}

func FuzzLoaders(f *testing.F) {
	f.Add(5, 3, 2, uint64(0))
	f.Add(1, 1, 1, uint64(1))
	f.Add(40, 7, 9, uint64(7))
	f.Add(0, 3, 1, uint64(3))
	f.Add(4, 0, 1, uint64(3))
	f.Add(4, 2, 0, uint64(3))
	f.Fuzz(func(t *testing.T, n, size, k int, seed uint64) {
		n, size, k = bound(n, 200), bound(size, 20), bound(k, 20)
		sizes, err := UniformShards(n, size)
		if (err == nil) != (n > 0 && size > 0) {
			t.Fatalf("UniformShards(%d, %d): err = %v", n, size, err)
		}
		if err != nil {
			return
		}
		perm := func(s []int) error { return checkPerm(s, n) }
		for a := StreamingNaive; a <= StreamingPy1e; a++ {
			o, err := NewStreamingShuffle(a, sizes, k, k, seed)
			valid := k >= 1 && k <= n && (k >= 2 || a == StreamingNaive || a == StreamingPy1s || a == StreamingPy2s)
			fuzzOrder(t, o, err, valid, perm)
		}
		q, err := NewQuasiRandom(sizes, k, seed)
		fuzzOrder(t, q, err, k >= 1, perm)
		w, err := NewWindowShuffle(n, k, seed)
		fuzzOrder(t, w, err, k >= 1, perm)
		c, err := NewCorgiPile(sizes, k, seed)
		fuzzOrder(t, c, err, k >= 1, perm)
		o, err := NewShardShuffleOnce(sizes, seed)
		fuzzOrder(t, o, err, true, perm)
	})
}

// frequencies runs draws epochs of o and returns how often each sequence
// (as a string) appeared.
func frequencies(t *testing.T, o Orderer, draws int) map[string]float64 {
	t.Helper()
	f := map[string]float64{}
	var r []int
	var err error
	for e := range draws {
		if r, err = o.Order(r, Epoch{T: e}); err != nil {
			t.Fatal(err)
		}
		f[fmt.Sprint(r)] += 1 / float64(draws)
	}
	return f
}

// checkFrequencies fails unless the sequences seen are exactly those of
// want, each at its probability within 5 binomial standard errors.
func checkFrequencies(t *testing.T, name string, got, want map[string]float64, draws int) {
	t.Helper()
	for s, p := range got {
		if _, ok := want[s]; !ok {
			t.Errorf("%s: sequence %s (frequency %.3f) is not one of the hand-worked ones", name, s, p)
		}
	}
	for s, p := range want {
		se := math.Sqrt(p * (1 - p) / float64(draws))
		if math.Abs(got[s]-p) > 5*se+1e-12 {
			t.Errorf("%s: sequence %s has frequency %.4f, want %.4f ± %.4f", name, s, got[s], p, 5*se)
		}
	}
}

// uniformOver returns the sequences seqs, each with probability 1/len(seqs).
func uniformOver(seqs ...string) map[string]float64 {
	m := map[string]float64{}
	for _, s := range seqs {
		m[s] = 1 / float64(len(seqs))
	}
	return m
}

// shardOrders are the 8 sequences of two shards {0, 1} and {2, 3} run one
// after the other in either order, each shard's samples in either order:
// 2 shard orders × 2 × 2 within-shard orders.
var shardOrders = uniformOver(
	"[0 1 2 3]", "[1 0 2 3]", "[0 1 3 2]", "[1 0 3 2]",
	"[2 3 0 1]", "[3 2 0 1]", "[2 3 1 0]", "[3 2 1 0]",
)

// TestLoadersHandWorked checks each loader against small cases worked by
// hand from its documentation: the sequences it can emit and how often.
func TestLoadersHandWorked(t *testing.T) {
	const draws = 20000
	two := []int{2, 2}
	mk := func(o Orderer, err error) Orderer {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return o
	}

	// naive on 3 samples (one shard, one node): a uniform permutation,
	// each of the 3! = 6 orders with probability 1/6.
	o := mk(NewStreamingShuffle(StreamingNaive, []int{3}, 1, 0, 1))
	checkFrequencies(t, "naive", frequencies(t, o, draws), uniformOver(
		"[0 1 2]", "[0 2 1]", "[1 0 2]", "[1 2 0]", "[2 0 1]", "[2 1 0]"), draws)

	// py1s and py2s, shards {0,1} {2,3}, one node: the shard order is
	// shuffled (2 ways) and each shard's samples (2·2 ways), the 8
	// shardOrders equally likely. This is two-level 2-shuffling.
	for _, a := range []StreamingAlgo{StreamingPy1s, StreamingPy2s} {
		o := mk(NewStreamingShuffle(a, two, 1, 0, 2))
		checkFrequencies(t, a.String(), frequencies(t, o, draws), shardOrders, draws)
	}

	// py1br, shards {0,1} {2,3}, one node, B = 2: the block size is drawn
	// from [⌊1.5⌋, ⌊2.5⌋) = {1} and the stagger from [0, 1) = {0}, so
	// every block holds one sample and nothing moves within the shards:
	// only the shard order is random, [0 1 2 3] or [2 3 0 1].
	o = mk(NewStreamingShuffle(StreamingPy1br, two, 1, 2, 3))
	checkFrequencies(t, "py1br B=2", frequencies(t, o, draws), uniformOver("[0 1 2 3]", "[2 3 0 1]"), draws)

	// py1br, one shard {0,1,2}, B = 4: stagger s ∈ [0, 3), blocks of
	// b ∈ [3, 5). With s = 0 the first block is [0, b) ⊇ [0, 3), all
	// three samples shuffled together, so every one of the 3! = 6 orders
	// can appear, and nothing but permutations of the three can.
	o = mk(NewStreamingShuffle(StreamingPy1br, []int{3}, 1, 4, 4))
	got := frequencies(t, o, draws)
	if len(got) != 6 {
		t.Errorf("py1br B=4 on 3 samples: %d distinct orders, want all 6: %v", len(got), got)
	}

	// py1e, shards {0} {1}, one node, B = 4: after the shard order and
	// the (trivial) within-shard shuffles, the sample at position 0 gets
	// the key 0 + u, u ∈ [max(-c, 0), min(c, 2-0-1)] = [0, 1], and the one
	// at position 1 gets 1 + u, u ∈ [max(-c, -1), min(c, 0)] = [-1, 0], c =
	// (b-1)/2 ≥ 1 for b ∈ {3, 4}: both keys are uniform on [0, 1] and
	// independent, so either sample is first with probability 1/2.
	o = mk(NewStreamingShuffle(StreamingPy1e, []int{1, 1}, 1, 4, 5))
	checkFrequencies(t, "py1e", frequencies(t, o, draws), uniformOver("[0 1]", "[1 0]"), draws)

	// py1e with B = 2 draws b = 1 < the shard size 2, so c = 0: no shifts,
	// and py1e is py1s.
	o = mk(NewStreamingShuffle(StreamingPy1e, two, 1, 2, 6))
	checkFrequencies(t, "py1e B=2", frequencies(t, o, draws), shardOrders, draws)

	// Two canonical nodes, shards {0,1} {2,3}: the run's shard order gives
	// one shard to each node for the whole run; the device takes node 0,
	// node 1, node 0, node 1. So positions 0 and 2 hold one shard's
	// samples, 1 and 3 the other's, each pair in either order: for the
	// node assignment of seed 7 the 4 sequences are equally likely.
	o = mk(NewStreamingShuffle(StreamingPy1s, two, 2, 0, 7))
	got = frequencies(t, o, draws)
	var first string
	for s := range got {
		first = s
	}
	var want map[string]float64
	if first[1] == '0' || first[1] == '1' { // node 0 holds shard {0, 1}
		want = uniformOver("[0 2 1 3]", "[1 2 0 3]", "[0 3 1 2]", "[1 3 0 2]")
	} else {
		want = uniformOver("[2 0 3 1]", "[3 0 2 1]", "[2 1 3 0]", "[3 1 2 0]")
	}
	checkFrequencies(t, "py1s, 2 nodes", got, want, draws)

	// Node cut inside a shard, shards {0,1,2} {3}, 2 nodes (cut at 2): the
	// run order [{0,1,2},{3}] gives node 0 the part {0,1} and node 1 {2}
	// and {3}; [{3},{0,1,2}] gives node 0 {3} and {0} and node 1 {1,2}. In
	// py1s the parts are contiguous, so node 0's samples (positions 0 and
	// 2) are {0,1} or {0,3} over seeds; py2s scatters the shard first, so
	// any 2 of {0,1,2}, or 3 and one of {0,1,2}, can be node 0's.
	nodeSets := func(a StreamingAlgo) map[string]bool {
		sets := map[string]bool{}
		for seed := range uint64(400) {
			o := mk(NewStreamingShuffle(a, []int{3, 1}, 2, 0, seed))
			r, _ := o.Order(nil, Epoch{})
			p := []int{r[0], r[2]}
			slices.Sort(p)
			sets[fmt.Sprint(p)] = true
		}
		return sets
	}
	if s := nodeSets(StreamingPy1s); len(s) != 2 || !s["[0 1]"] || !s["[0 3]"] {
		t.Errorf("py1s, shards {3, 1}, 2 nodes: node 0 holds %v, want {0 1} and {0 3}", s)
	}
	if s := nodeSets(StreamingPy2s); len(s) != 6 {
		t.Errorf("py2s, shards {3, 1}, 2 nodes: node 0 holds %v, want all 6 pairs", s)
	}

	// FFCV quasi-random, pages {0,1} {2,3}, buffer 1: one page at a time,
	// in a random page order, its samples shuffled: the 8 shardOrders.
	o = mk(NewQuasiRandom(two, 1, 8))
	checkFrequencies(t, "quasi-random buffer 1", frequencies(t, o, draws), shardOrders, draws)

	// Buffer 2, pages A = {0,1} and B = {2,3}: both pages are in the
	// buffer from the start and each step picks one of the pages left
	// with probability 1/2. The page of each step: AABB = 1/2·1/2 = 1/4
	// (then B alone), ABAB = ABBA = 1/2·1/2·1/2 = 1/8, and symmetrically
	// BBAA 1/4, BABA = BAAB 1/8.
	o = mk(NewQuasiRandom(two, 2, 9))
	pages := map[string]float64{}
	var r []int
	for e := range draws {
		r, _ = o.Order(r, Epoch{T: e})
		b := make([]byte, len(r))
		for i, v := range r {
			b[i] = "AB"[v/2]
		}
		pages[string(b)] += 1.0 / draws
	}
	checkFrequencies(t, "quasi-random buffer 2", pages, map[string]float64{
		"AABB": 0.25, "ABAB": 0.125, "ABBA": 0.125, "BBAA": 0.25, "BABA": 0.125, "BAAB": 0.125}, draws)

	// grain's window shuffle, n = 5, window 2: windows {0,1} {2,3} {4}
	// stay in place, each shuffled: 2·2·1 = 4 sequences.
	o = mk(NewWindowShuffle(5, 2, 10))
	checkFrequencies(t, "window", frequencies(t, o, draws),
		uniformOver("[0 1 2 3 4]", "[1 0 2 3 4]", "[0 1 3 2 4]", "[1 0 3 2 4]"), draws)

	// CorgiPile, blocks {0,1} {2,3}: buffer 1 reads one block at a time,
	// the 8 shardOrders; buffer 2 holds both blocks and shuffles all
	// four samples: the 24 permutations.
	o = mk(NewCorgiPile(two, 1, 11))
	checkFrequencies(t, "corgipile buffer 1", frequencies(t, o, draws), shardOrders, draws)
	o = mk(NewCorgiPile(two, 2, 12))
	var all []string
	for _, p := range permutations(4) {
		all = append(all, fmt.Sprint(p))
	}
	checkFrequencies(t, "corgipile buffer 2", frequencies(t, o, draws), uniformOver(all...), draws)

	// Shard-level shuffle-once, shards {0,1} {2}: [0 1 2] or [2 0 1] for
	// the run, the same every epoch; over seeds, both appear.
	seen := map[string]bool{}
	for seed := range uint64(50) {
		o := mk(NewShardShuffleOnce([]int{2, 1}, seed))
		f := frequencies(t, o, 3)
		if len(f) != 1 {
			t.Fatalf("shard once, seed %d: %d sequences over 3 epochs, want 1", seed, len(f))
		}
		for s := range f {
			seen[s] = true
		}
	}
	if len(seen) != 2 || !seen["[0 1 2]"] || !seen["[2 0 1]"] {
		t.Errorf("shard once over seeds: %v, want [0 1 2] and [2 0 1]", seen)
	}
}

// permutations returns every permutation of [0, n).
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := range n {
			q := slices.Insert(slices.Clone(p), i, n-1)
			out = append(out, q)
		}
	}
	return out
}

// TestPy1sIsKShuffle checks the claim of StreamingShuffle's comment: with
// one node and equal shards of m, py1s has the distribution of two-level
// K-shuffling with K = m, judged by the mean of φ²_{r,k} at every k on a
// random gradient matrix.
func TestPy1sIsKShuffle(t *testing.T) {
	const nShards, m, draws = 4, 3, 20000
	n := nShards * m
	sizes, _ := UniformShards(n, m)
	py, _ := NewStreamingShuffle(StreamingPy1s, sizes, 1, 0, 1)
	ks, _ := NewKShuffle(nShards, m, m, 2)
	g := randomGrads(n, 3, 4)
	mean := func(o Orderer) []float64 {
		sum := make([]float64, n)
		var r []int
		var phi []float64
		for e := range draws {
			r, _ = o.Order(r, Epoch{T: e})
			phi, _ = Phi2(phi, g, r)
			for k, v := range phi {
				sum[k] += v / draws
			}
		}
		return sum
	}
	a, b := mean(py), mean(ks)
	for k := range n - 1 {
		if math.Abs(a[k]-b[k]) > 0.05*b[k] {
			t.Errorf("k = %d: E φ² py1s %.4g, K-shuffling %.4g", k+1, a[k], b[k])
		}
	}
}

func TestLoadersErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"unknown algo", second(NewStreamingShuffle(StreamingAlgo(9), []int{2}, 1, 2, 0))},
		{"no shards", second(NewStreamingShuffle(StreamingPy1s, nil, 1, 2, 0))},
		{"zero shard", second(NewStreamingShuffle(StreamingPy1s, []int{2, 0}, 1, 2, 0))},
		{"zero nodes", second(NewStreamingShuffle(StreamingPy1s, []int{2}, 0, 2, 0))},
		{"too many nodes", second(NewStreamingShuffle(StreamingPy1s, []int{2}, 3, 2, 0))},
		{"py1br block 1", second(NewStreamingShuffle(StreamingPy1br, []int{2}, 1, 1, 0))},
		{"py1e block 0", second(NewStreamingShuffle(StreamingPy1e, []int{2}, 1, 0, 0))},
		{"quasi buffer 0", second(NewQuasiRandom([]int{2}, 0, 0))},
		{"quasi negative page", second(NewQuasiRandom([]int{-2}, 1, 0))},
		{"window 0", second(NewWindowShuffle(4, 0, 0))},
		{"window n 0", second(NewWindowShuffle(0, 1, 0))},
		{"corgi buffer 0", second(NewCorgiPile([]int{2}, 0, 0))},
		{"shard once empty", second(NewShardShuffleOnce([]int{}, 0))},
		{"uniform size 0", second(UniformShards(4, 0))},
	} {
		if !errors.Is(tc.err, ErrSetting) && !errors.Is(tc.err, ErrEmpty) {
			t.Errorf("%s: err = %v, want ErrSetting or ErrEmpty", tc.name, tc.err)
		}
	}
	// The wrong problem size is an error, not a panic.
	o, _ := NewCorgiPile([]int{2, 2}, 1, 0)
	if _, err := o.Order(nil, Epoch{Oracle: NewOracle(oneDProblem{n: 3, sigma: 1}, nil, nil)}); !errors.Is(err, ErrSetting) {
		t.Errorf("CorgiPile over 4 on a problem of 3: err = %v", err)
	}
	if got := StreamingAlgo(-1).String(); got != "StreamingAlgo(-1)" {
		t.Errorf("String of an unknown algo: %q", got)
	}
}

// TestLoadersZeroValuePanics checks that a loader order not made by its
// constructor panics with a message naming the constructor, as the
// package's other orders do.
func TestLoadersZeroValuePanics(t *testing.T) {
	for _, o := range []Orderer{new(StreamingShuffle), new(QuasiRandom), new(WindowShuffle), new(CorgiPile), new(ShardShuffleOnce)} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%T: zero value did not panic", o)
				}
			}()
			o.Order(nil, Epoch{})
		}()
	}
}

// TestWindowShuffleShortLastWindow checks the deviation from grain that
// NewWindowShuffle documents: where the window does not divide n, the
// short last window holds a permutation of its own components in every
// epoch (grain's map form can read past n-1 and wrap to the first
// components), as every other window does, and it is shuffled, not left in
// place: over the epochs every one of its r! orders appears.
func TestWindowShuffleShortLastWindow(t *testing.T) {
	const epochs = 300 // misses one of r! ≤ 6 orders with probability < 6·(5/6)^300
	for _, tc := range []struct {
		n, window int
		orders    int // r! for the short last window of r = n mod window
	}{
		{n: 5, window: 2, orders: 1}, // grain's epoch at seed 2 is [0 1 2 3 0]
		{n: 5, window: 3, orders: 2},
		{n: 10, window: 4, orders: 2},
		{n: 11, window: 4, orders: 6},
		{n: 9, window: 6, orders: 6},
		{n: 3, window: 5, orders: 6}, // one window, shorter than window
	} {
		w, err := NewWindowShuffle(tc.n, tc.window, uint64(tc.n*tc.window))
		if err != nil {
			t.Fatal(err)
		}
		last := tc.n - tc.n%tc.window
		seen := map[string]bool{}
		var seq []int
		for e := range epochs {
			if seq, err = w.Order(seq, Epoch{T: e}); err != nil {
				t.Fatal(err)
			}
			for lo := 0; lo < tc.n; lo += tc.window {
				hi := min(lo+tc.window, tc.n)
				if got := slices.Sorted(slices.Values(seq[lo:hi])); !slices.Equal(got, identity(nil, hi)[lo:]) {
					t.Fatalf("n = %d, window %d, epoch %d: window [%d, %d) holds %v, want a permutation of its components\n%v",
						tc.n, tc.window, e, lo, hi, seq[lo:hi], seq)
				}
			}
			seen[fmt.Sprint(seq[last:])] = true
		}
		if len(seen) != tc.orders {
			t.Errorf("n = %d, window %d: the short last window [%d, %d) took %d orders over %d epochs, want all %d: %v",
				tc.n, tc.window, last, tc.n, len(seen), epochs, tc.orders, seen)
		}
	}
}

// py1brReference returns the distribution of streaming's py1br sequence
// for one node holding one shard of n samples with block size B, worked
// exactly from streaming/base/shuffle/py1br.py:64-91 (mosaicml/streaming
// at 89e7bb9): the stagger s uniform on [0, ⌊0.75B⌋) (line 64), each block
// size uniform on [⌊0.75B⌋, ⌊1.25B⌋) (line 80), the block ranges of lines
// 79-87, and each range shuffled uniformly in turn (lines 89-91). With
// shuffleTail, the samples after the last range are shuffled as one more
// block, which streaming does not do; the test uses it to show that it
// tells the two apart.
func py1brReference(n, B int, shuffleTail bool) map[string]float64 {
	lo, hi := 3*B/4, 5*B/4
	type weighted struct {
		seq []int
		p   float64
	}
	out := map[string]float64{}
	var walk func(s int, sizes []int, p float64)
	walk = func(s int, sizes []int, p float64) {
		var ranges [][2]int
		end := 0
		for k := 0; end < n; k++ {
			if k == len(sizes) {
				// The loop draws another block size: branch on each value.
				for b := lo; b < hi; b++ {
					walk(s, append(slices.Clone(sizes), b), p/float64(hi-lo))
				}
				return
			}
			start, stop := max(end-s, 0), min(end+sizes[k]-s, n)
			ranges = append(ranges, [2]int{start, stop})
			end += stop - start
		}
		if last := ranges[len(ranges)-1][1]; shuffleTail && last < n {
			ranges = append(ranges, [2]int{last, n})
		}
		cur := []weighted{{identity(nil, n), p}}
		for _, r := range ranges {
			perms := permutations(r[1] - r[0])
			next := map[string]*weighted{}
			for _, w := range cur {
				for _, pm := range perms {
					q := slices.Clone(w.seq)
					for i, j := range pm {
						q[r[0]+i] = w.seq[r[0]+j]
					}
					k := fmt.Sprint(q)
					if next[k] == nil {
						next[k] = &weighted{seq: q}
					}
					next[k].p += w.p / float64(len(perms))
				}
			}
			cur = cur[:0]
			for _, w := range next {
				cur = append(cur, *w)
			}
		}
		for _, w := range cur {
			out[fmt.Sprint(w.seq)] += w.p
		}
	}
	for s := range lo {
		walk(s, nil, 1/float64(lo))
	}
	return out
}

// TestStreamingPy1brTail checks py1br against its reference distribution
// and the unshuffled tail that StreamingShuffle's comment documents, on
// one shard of 6 samples with B = 4: stagger s ∈ {0, 1, 2}, block sizes in
// {3, 4}. Worked by hand from py1br.py:79-87, s = 2 with blocks 4, 4 gives
// the ranges [0,2) [0,4) and s = 2 with blocks 3, 3, 3 gives [0,1) [0,2)
// [1,4): the last two samples are in no block, with probability
// 1/3·1/4 + 1/3·1/8 = 1/8 (no other draw leaves two). Such a tail ends the
// sequence in stored order, [... 4 5]; were it shuffled it would do so half
// the time, so the probability of ending in [4 5] is 1/8 · 1/2 = 1/16
// higher than with the tail shuffled (tails of one sample are the same
// either way).
func TestStreamingPy1brTail(t *testing.T) {
	const n, B, draws = 6, 4, 20000
	o, err := NewStreamingShuffle(StreamingPy1br, []int{n}, 1, B, 13)
	if err != nil {
		t.Fatal(err)
	}
	got := frequencies(t, o, draws)
	want := py1brReference(n, B, false)
	checkFrequencies(t, "py1br, one shard of 6, B = 4", got, want, draws)

	inOrder := func(m map[string]float64) float64 {
		var p float64
		for s, q := range m {
			if strings.HasSuffix(s, " 4 5]") {
				p += q
			}
		}
		return p
	}
	p, shuffled := inOrder(want), inOrder(py1brReference(n, B, true))
	if math.Abs(p-shuffled-1.0/16) > 1e-12 {
		t.Fatalf("reference: P(ends in [4 5]) = %.6g, %.6g with the tail shuffled, want a difference of 1/16", p, shuffled)
	}
	// 5 binomial standard errors (0.017) is well below the 1/16 between the
	// two, so the check tells a kept tail from a shuffled one.
	se := math.Sqrt(p * (1 - p) / draws)
	if g := inOrder(got); math.Abs(g-p) > 5*se {
		t.Errorf("py1br: P(ends in [4 5]) = %.4f, want %.4f ± %.4f (%.4f if the tail were shuffled)", g, p, 5*se, shuffled)
	}
}
