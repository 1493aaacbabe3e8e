// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
)

// This file holds the orders that data loaders produce. Large training
// runs read their data in shards (files, pages, blocks of records) and
// shuffle at two levels, the structure of Section 5 of the paper. Each
// order below reproduces the index sequence of one loader's shuffle, as
// its documentation and code describe it, over components 0, ..., n-1
// stored in that order: shard s holds the next Shards[s] components. The
// sequences are drawn from this package's generator, not the loaders'
// (numpy's, numba's, Feistel networks), so they have the loaders'
// distribution, not their bits. Where a loader's algorithm leaves a choice
// open, the type's comment says which reading is implemented.

// Streams of the loader orders (see orders.go).
const (
	streamingStream   = 0x6d6f73616963 // "mosaic"
	quasiRandomStream = 0x66666376     // "ffcv"
	windowStream      = 0x6772616e     // "gran"
	corgiPileStream   = 0x636f726769   // "corgi"
	shardOnceStream   = 0x7368617264   // "shard"
)

var (
	_ Orderer = (*StreamingShuffle)(nil)
	_ Orderer = (*QuasiRandom)(nil)
	_ Orderer = (*WindowShuffle)(nil)
	_ Orderer = (*CorgiPile)(nil)
	_ Orderer = (*ShardShuffleOnce)(nil)
)

// UniformShards returns the sizes of the shards of n components written
// size at a time: ⌈n/size⌉ shards of size components, the last holding
// the rest. It returns an error if n or size is not positive or n is above
// 2^28.
func UniformShards(n, size int) ([]int, error) {
	if err := checkComponents("UniformShards", n); err != nil {
		return nil, err
	}
	if size <= 0 {
		return nil, fmt.Errorf("ordering: %w: UniformShards with shard size %d, want > 0", ErrSetting, size)
	}
	var s []int
	for lo := 0; lo < n; lo += size {
		s = append(s, min(size, n-lo))
	}
	return s, nil
}

// checkShards returns the total of sizes, or an error naming the first
// size that is not positive, for no shards, or a total above 2^28.
func checkShards(name string, sizes []int) (int, error) {
	if len(sizes) == 0 {
		return 0, fmt.Errorf("ordering: %w: %s with no shards", ErrEmpty, name)
	}
	n := 0
	for s, v := range sizes {
		if v <= 0 {
			return 0, fmt.Errorf("ordering: %w: %s with shard %d of size %d, want > 0", ErrSetting, name, s, v)
		}
		if v > maxLen-n {
			return 0, fmt.Errorf("ordering: %w: %s with more than 2^28 components", ErrSetting, name)
		}
		n += v
	}
	return n, nil
}

// starts returns the first component of every shard.
func starts(sizes []int) []int {
	st := make([]int, len(sizes))
	for s := 1; s < len(sizes); s++ {
		st[s] = st[s-1] + sizes[s-1]
	}
	return st
}

// StreamingAlgo names a shuffle algorithm of mosaicml streaming
// (streaming/base/shuffle).
type StreamingAlgo int

const (
	// StreamingNaive is streaming's naive: one uniformly random permutation
	// of all components per epoch (random reshuffling).
	StreamingNaive StreamingAlgo = iota
	// StreamingPy1s is py1s: the shard order of each canonical node shuffled
	// every epoch, and the samples within each shard (or the part of a shard
	// a node holds).
	StreamingPy1s
	// StreamingPy2s is py2s: as py1s, but the samples of every shard are
	// also scattered once for the run before the shards are split at the
	// node boundaries, so a node's part of a split shard is a random subset.
	StreamingPy2s
	// StreamingPy1br is py1br: the shard order of each node shuffled, then
	// the node's samples shuffled within blocks of random size in
	// [0.75·Block, 1.25·Block), staggered per node.
	StreamingPy1br
	// StreamingPy1e is py1e: the shard order of each node and the samples
	// within each shard shuffled, then every sample moved by a uniform
	// random shift that keeps a shard's samples within a range of random
	// size in [0.75·Block, 1.25·Block).
	StreamingPy1e
)

var streamingNames = [...]string{"naive", "py1s", "py2s", "py1br", "py1e"}

// String returns the algorithm's name in streaming ("py1s", ...).
func (a StreamingAlgo) String() string {
	if a < 0 || int(a) >= len(streamingNames) {
		return fmt.Sprintf("StreamingAlgo(%d)", int(a))
	}
	return streamingNames[a]
}

// StreamingShuffle is the order in which mosaicml streaming's
// StreamingDataset serves samples on one device: its shuffle algorithms
// (streaming/base/shuffle: naive, py1s, py2s, py1br, py1e) followed by its
// partition (streaming/base/partition, orig) with one physical node, one
// rank, one worker and batch size 1.
//
// The shuffle, as streaming does it:
//
//  1. Once for the run, the shards are put in a random order (py2s also
//     shuffles the samples within every shard once) and the sequence is
//     cut into Nodes canonical nodes of equal sample counts, node c
//     ending at sample ⌊n(c+1)/Nodes⌋; a shard that crosses a cut is split
//     in two parts. Which shards a node holds is then fixed for the run.
//  2. Every epoch, each node's shard parts are put in a fresh random
//     order, and
//     - py1s, py2s: the samples within each part are shuffled;
//     - py1br: the node's samples, parts in that order, are shuffled
//     within consecutive blocks of random size b ∈ [⌊0.75B⌋, ⌊1.25B⌋)
//     (B = Block), the first block shortened by a stagger drawn from
//     [0, ⌊0.75B⌋) and the block boundaries placed as streaming places
//     them: the second block starts a stagger before the first ends, so
//     the two overlap and their common samples are shuffled twice. From
//     the second block on, streaming's running end lies up to a stagger
//     past the last block's stop, and its loop ends once that running end
//     reaches the node's end (streaming/base/shuffle/py1br.py:75-91,
//     mosaicml/streaming at 89e7bb9), so the node's last samples, at most
//     a stagger of them, can be in no block: they are not shuffled and
//     stay in stored order (the order of the node's parts, each part's
//     samples as stored). This order keeps that tail, as it keeps the
//     overlap;
//     - py1e: the samples within each part are shuffled, then the sample
//     at position p of the node, in a part of size z starting at o, gets
//     the key p + u with u uniform on [max(-c, -o), min(c, L-o-z)], c =
//     max(0, (b-z)/2), b drawn as for py1br per part and L the node's
//     length, and the node's samples are sorted by key;
//     - naive draws one permutation of all n samples and cuts it at the
//     node boundaries.
//
// The partition then serves the nodes round-robin, one sample each: the
// device's sequence is node 0's first sample, node 1's first, ..., node
// 0's second, and so on. Where n is not a multiple of Nodes streaming pads
// the shorter nodes by repeating a sample; here a node that has run out is
// skipped, so that every epoch is a permutation of [0, n).
//
// With one node and equal shards of m samples, py1s and py2s are the
// two-level K-shuffling of Algorithm 3 with K = m (every shard runs all its
// samples in a row, in a random shard order): Lemma 2 applies with the
// shards as the top-level functions. Streaming seeds its epoch generator
// with seed + epoch; this order draws from one stream, epoch after epoch.
type StreamingShuffle struct {
	algo         StreamingAlgo
	n, nodes     int
	block        int
	base         []int    // the samples in the run's order (py2s: scattered within shards)
	parts        [][2]int // the shard parts: ranges of base
	nodeParts    []int    // node c holds parts nodeParts[c]..nodeParts[c+1]-1
	nodeStart    []int    // node c holds positions nodeStart[c]..nodeStart[c+1]-1
	rnd          *rand.Rand
	seq          []int
	order, idx   []int     // py1e's scratch
	shift        []float64 // py1e's keys
	partOrderBuf [][2]int
}

// NewStreamingShuffle returns streaming's shuffle algo over shards of the
// given sizes (shard s holds the next shards[s] components), served by
// nodes canonical nodes, with shuffle block size block (used by py1br and
// py1e, in samples; ignored by the others, and may then be 0), seeded by
// seed. The sizes are copied. It returns an error for an unknown algo, no
// shards, a size that is not positive, more than 2^28 components, nodes
// outside [1, n], or, for py1br and py1e, block < 2 (streaming draws the
// block size from [⌊0.75B⌋, ⌊1.25B⌋), empty below 2).
func NewStreamingShuffle(algo StreamingAlgo, shards []int, nodes, block int, seed uint64) (*StreamingShuffle, error) {
	name := "StreamingShuffle " + algo.String()
	if algo < StreamingNaive || algo > StreamingPy1e {
		return nil, fmt.Errorf("ordering: %w: %s, want one of naive, py1s, py2s, py1br, py1e", ErrSetting, algo)
	}
	n, err := checkShards(name, shards)
	if err != nil {
		return nil, err
	}
	if nodes < 1 || nodes > n {
		return nil, fmt.Errorf("ordering: %w: %s with %d canonical nodes, want in [1, n = %d]", ErrSetting, name, nodes, n)
	}
	if (algo == StreamingPy1br || algo == StreamingPy1e) && (block < 2 || block > maxLen) {
		return nil, fmt.Errorf("ordering: %w: %s with block size %d, want in [2, 2^28]", ErrSetting, name, block)
	}
	rnd := rand.New(rand.NewPCG(seed, streamingStream))
	// The run's shard order (and py2s's scatter), then the cut into nodes.
	st := starts(shards)
	perm := identity(nil, len(shards))
	shuffle(rnd, perm)
	base := make([]int, 0, n)
	for _, s := range perm {
		lo := len(base)
		for i := range shards[s] {
			base = append(base, st[s]+i)
		}
		if algo == StreamingPy2s {
			shuffle(rnd, base[lo:])
		}
	}
	ss := &StreamingShuffle{algo: algo, n: n, nodes: nodes, block: block, base: base, rnd: rnd}
	ss.nodeStart = make([]int, nodes+1)
	for c := range nodes + 1 {
		ss.nodeStart[c] = n * c / nodes
	}
	// Shard parts: cut every shard at the node boundaries it crosses.
	c, lo := 0, 0
	for _, s := range perm {
		hi := lo + shards[s]
		for lo < hi {
			for ss.nodeStart[c+1] <= lo {
				c++
			}
			end := min(hi, ss.nodeStart[c+1])
			ss.parts = append(ss.parts, [2]int{lo, end})
			lo = end
		}
	}
	ss.nodeParts = make([]int, nodes+1)
	p := 0
	for c := range nodes {
		ss.nodeParts[c] = p
		for p < len(ss.parts) && ss.parts[p][0] < ss.nodeStart[c+1] {
			p++
		}
	}
	ss.nodeParts[nodes] = len(ss.parts)
	return ss, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if s was not made by
// NewStreamingShuffle.
func (s *StreamingShuffle) Order(dst []int, e Epoch) ([]int, error) {
	if s.rnd == nil {
		panic("ordering: StreamingShuffle not made by NewStreamingShuffle")
	}
	if err := checkLen("StreamingShuffle", s.n, e); err != nil {
		return dst[:0], err
	}
	s.seq = slices.Grow(s.seq[:0], s.n)[:s.n]
	if s.algo == StreamingNaive {
		identity(s.seq, s.n)
		shuffle(s.rnd, s.seq)
	} else {
		for c := range s.nodes {
			s.node(c)
		}
	}
	// Round-robin over the nodes, skipping a node that has run out.
	dst = slices.Grow(dst[:0], s.n)
	longest := s.nodeStart[1] - s.nodeStart[0]
	for c := range s.nodes {
		longest = max(longest, s.nodeStart[c+1]-s.nodeStart[c])
	}
	for t := range longest {
		for c := range s.nodes {
			if p := s.nodeStart[c] + t; p < s.nodeStart[c+1] {
				dst = append(dst, s.seq[p])
			}
		}
	}
	return dst, nil
}

// node fills node c's positions of s.seq with its sequence of the epoch.
func (s *StreamingShuffle) node(c int) {
	parts := s.parts[s.nodeParts[c]:s.nodeParts[c+1]]
	// Shuffle the order of the node's parts (a copy: the run's order stays).
	s.partOrderBuf = append(s.partOrderBuf[:0], parts...)
	order := s.partOrderBuf
	for i := len(order) - 1; i > 0; i-- {
		j := s.rnd.IntN(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	lo, hi := s.nodeStart[c], s.nodeStart[c+1]
	w := lo
	for _, p := range order {
		z := p[1] - p[0]
		copy(s.seq[w:w+z], s.base[p[0]:p[1]])
		if s.algo != StreamingPy1br {
			shuffle(s.rnd, s.seq[w:w+z])
		}
		w += z
	}
	switch s.algo {
	case StreamingPy1br:
		s.blocks(lo, hi)
	case StreamingPy1e:
		s.spread(lo, hi, order)
	}
}

// blockSize draws streaming's random block size from [⌊0.75B⌋, ⌊1.25B⌋).
func (s *StreamingShuffle) blockSize() int {
	a, b := 3*s.block/4, 5*s.block/4
	return a + s.rnd.IntN(b-a)
}

// blocks shuffles s.seq[lo:hi] within py1br's staggered blocks.
func (s *StreamingShuffle) blocks(lo, hi int) {
	stagger := s.rnd.IntN(3 * s.block / 4)
	end := lo
	for end < hi {
		b := s.blockSize()
		start := max(end-stagger, lo)
		stop := min(end+b-stagger, hi)
		shuffle(s.rnd, s.seq[start:stop])
		end += stop - start
	}
}

// spread applies py1e's shifts to s.seq[lo:hi], whose parts are order.
func (s *StreamingShuffle) spread(lo, hi int, order [][2]int) {
	L := hi - lo
	s.shift = slices.Grow(s.shift[:0], L)[:L]
	off := 0
	for _, p := range order {
		z := p[1] - p[0]
		cut := max(0, float64(s.blockSize()-z)/2)
		a, b := max(-cut, -float64(off)), min(cut, float64(L-off-z))
		for i := range z {
			s.shift[off+i] = float64(off+i) + a + (b-a)*s.rnd.Float64()
		}
		off += z
	}
	s.idx = identity(s.idx, L)
	sort.SliceStable(s.idx, func(i, j int) bool { return s.shift[s.idx[i]] < s.shift[s.idx[j]] })
	s.order = append(s.order[:0], s.seq[lo:hi]...)
	for i, k := range s.idx {
		s.seq[lo+i] = s.order[k]
	}
}

// QuasiRandom is FFCV's QUASI_RANDOM traversal order
// (ffcv/traversal_order/quasi_random.py), which reads a dataset in pages
// and keeps only a few in memory. Every epoch it shuffles the samples
// within every page and the order of the pages; it keeps a buffer of up
// to Buffer pages, filled from the page order; each step picks a page of
// the buffer uniformly at random and takes that page's next sample, and a
// page that has run out leaves the buffer and the next page enters. FFCV
// sets the buffer to 2·batch size pages; here it is a parameter. FFCV has
// no distributed form of it; this is the one-process order.
type QuasiRandom struct {
	pages  []int
	start  []int
	buffer int
	n      int
	rnd    *rand.Rand
	within []int // the samples, page after page, shuffled within pages
	order  []int
	used   []int
	cur    []int
}

// NewQuasiRandom returns FFCV's quasi-random order over pages of the given
// sizes (page p holds the next pages[p] components) with a buffer of
// buffer pages, seeded by seed. The sizes are copied. It returns an error
// for no pages, a size that is not positive, more than 2^28 components,
// or buffer < 1.
func NewQuasiRandom(pages []int, buffer int, seed uint64) (*QuasiRandom, error) {
	n, err := checkShards("QuasiRandom", pages)
	if err != nil {
		return nil, err
	}
	if buffer < 1 {
		return nil, fmt.Errorf("ordering: %w: QuasiRandom with a buffer of %d pages, want >= 1", ErrSetting, buffer)
	}
	return &QuasiRandom{pages: slices.Clone(pages), start: starts(pages), buffer: buffer, n: n,
		rnd: rand.New(rand.NewPCG(seed, quasiRandomStream))}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if q was not made by
// NewQuasiRandom.
func (q *QuasiRandom) Order(dst []int, e Epoch) ([]int, error) {
	if q.rnd == nil {
		panic("ordering: QuasiRandom not made by NewQuasiRandom")
	}
	if err := checkLen("QuasiRandom", q.n, e); err != nil {
		return dst[:0], err
	}
	q.within = identity(q.within, q.n)
	for p, z := range q.pages {
		shuffle(q.rnd, q.within[q.start[p]:q.start[p]+z])
	}
	q.order = identity(q.order, len(q.pages))
	shuffle(q.rnd, q.order)
	q.used = append(q.used[:0], make([]int, len(q.pages))...)
	q.cur = q.cur[:0]
	next := 0
	dst = slices.Grow(dst[:0], q.n)
	for range q.n {
		for next < len(q.order) && len(q.cur) < q.buffer {
			q.cur = append(q.cur, q.order[next])
			next++
		}
		k := q.rnd.IntN(len(q.cur))
		p := q.cur[k]
		dst = append(dst, q.within[q.start[p]+q.used[p]])
		q.used[p]++
		if q.used[p] == q.pages[p] {
			// Remove keeping the others' order, as FFCV's list.remove does.
			q.cur = slices.Delete(q.cur, k, k+1)
		}
	}
	return dst, nil
}

// WindowShuffle is grain's window shuffle (WindowShuffleMapDataset,
// grain.experimental): the components are cut into consecutive windows
// of Window components, the last one shorter if Window does not divide n;
// the windows stay in their stored order and every epoch the components
// within each window are permuted afresh. Grain permutes a window with
// its index_shuffle (a keyed bijection) seeded by seed + window number,
// counting windows across epochs; this order draws a uniformly random
// permutation of each window instead, and a short last window is shuffled
// within itself.
type WindowShuffle struct {
	n, window int
	rnd       *rand.Rand
}

// NewWindowShuffle returns grain's window shuffle of n components with
// windows of window components, seeded by seed. It returns an error if n
// is not in [1, 2^28] or window < 1.
//
// Where window does not divide n, this order deviates from grain on
// purpose. Grain's WindowShuffleMapDataset._shuffled_index
// (grain/_src/python/dataset/transformations/shuffle.py:112-121, google/grain
// at f5dd0d8) maps an index of the short last window through index_shuffle
// with max_index = window_size-1, a bijection of [0, window-1]
// (index_shuffle.h:25-31), so it can land past n-1, and grain's sources read
// index i as i mod n (source.py:64-71, 198-205): the read wraps to the first
// components. With n = 5, window 2 and seed 2 grain's first epoch is
// [0 1 2 3 0], component 0 twice and 4 never (its index_shuffle.cc compiled
// and run). Grain also numbers windows by the index counted across epochs,
// so such windows straddle two epochs. Here every epoch starts a window at
// component 0 and the short last window is permuted within itself, so that
// every epoch is a permutation of [0, n), the paper's setting: a
// permutation has no sample bias (Assumption 3), a sequence that repeats a
// component and skips another has. Grain's iterator form
// (WindowShuffleIterDataset, _reshuffle_window, shuffle.py:171-179)
// permutes its short last window within itself too.
func NewWindowShuffle(n, window int, seed uint64) (*WindowShuffle, error) {
	if err := checkComponents("WindowShuffle", n); err != nil {
		return nil, err
	}
	if window < 1 {
		return nil, fmt.Errorf("ordering: %w: WindowShuffle with window %d, want >= 1", ErrSetting, window)
	}
	return &WindowShuffle{n: n, window: window, rnd: rand.New(rand.NewPCG(seed, windowStream))}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if w was not made by
// NewWindowShuffle.
func (w *WindowShuffle) Order(dst []int, e Epoch) ([]int, error) {
	if w.rnd == nil {
		panic("ordering: WindowShuffle not made by NewWindowShuffle")
	}
	if err := checkLen("WindowShuffle", w.n, e); err != nil {
		return dst[:0], err
	}
	dst = identity(dst, w.n)
	for lo := 0; lo < w.n; lo += w.window {
		shuffle(w.rnd, dst[lo:min(lo+w.window, w.n)])
	}
	return dst, nil
}

// NewIndexShuffle returns grain's global shuffle (ShuffleMapDataset, or
// the sampler's shuffle): every epoch a fresh permutation of all n
// components, which grain computes index by index with its index_shuffle
// bijection seeded by seed + epoch. This order draws a uniformly random
// permutation, so it is random reshuffling, NewRR(n, seed).
func NewIndexShuffle(n int, seed uint64) (*RR, error) {
	return NewRR(n, seed)
}

// CorgiPile is the block-then-buffer shuffle of CorgiPile (Xu et al.,
// "In-Database Machine Learning with CorgiPile", SIGMOD 2022). Every
// epoch it shuffles the order of the blocks; it reads them Buffer blocks at
// a time into a buffer, shuffles the components in the buffer and emits
// them, then reads the next Buffer blocks. Buffer = 1 runs each block's
// components in a random order, one block after another (shard-level
// random reshuffling); Buffer = the number of blocks is random reshuffling.
type CorgiPile struct {
	blocks []int
	start  []int
	buffer int
	n      int
	rnd    *rand.Rand
	order  []int
}

// NewCorgiPile returns CorgiPile's shuffle over blocks of the given sizes
// (block b holds the next blocks[b] components) with a buffer of buffer
// blocks, seeded by seed. The sizes are copied. It returns an error for no
// blocks, a size that is not positive, more than 2^28 components, or
// buffer < 1.
//
// The buffer counts blocks; CorgiPile's PyTorch code counts records.
// Its CorgiPileTFRecordDataset sets buffer_size = int(num_records ·
// buffer_size_ratio) records (shuffleformat/corgipile/dataset.py:77 and
// 83, JerryLead/CorgiPile-PyTorch at b25447c), and its shuffle_iterator
// (shuffleformat/corgipile/block_iterator_utils.py:15-33) fills the buffer
// with that many records of the stream of shuffled blocks, so a fill can
// end inside a block, whose rest starts the next fill. Its blocks hold
// m = int(num_records/block_num) records each, the last one the rest
// (dataset.py:108-126), which is UniformShards(n, m). To convert, a buffer
// of B records is B/m blocks here: the two orders have the same
// distribution when every block holds m records and m divides B; otherwise
// no block count reproduces the record-counted cuts (⌈B/m⌉ blocks holds at
// least B records). CorgiPile's code also reseeds Python's random with the
// epoch before shuffling the block list in place (dataset.py:90-93) and
// from the operating system before each buffer pass
// (block_iterator_utils.py:17), so its orders cannot be reproduced bit for
// bit in any case.
func NewCorgiPile(blocks []int, buffer int, seed uint64) (*CorgiPile, error) {
	n, err := checkShards("CorgiPile", blocks)
	if err != nil {
		return nil, err
	}
	if buffer < 1 {
		return nil, fmt.Errorf("ordering: %w: CorgiPile with a buffer of %d blocks, want >= 1", ErrSetting, buffer)
	}
	return &CorgiPile{blocks: slices.Clone(blocks), start: starts(blocks), buffer: buffer, n: n,
		rnd: rand.New(rand.NewPCG(seed, corgiPileStream))}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if c was not made by
// NewCorgiPile.
func (c *CorgiPile) Order(dst []int, e Epoch) ([]int, error) {
	if c.rnd == nil {
		panic("ordering: CorgiPile not made by NewCorgiPile")
	}
	if err := checkLen("CorgiPile", c.n, e); err != nil {
		return dst[:0], err
	}
	c.order = identity(c.order, len(c.blocks))
	shuffle(c.rnd, c.order)
	dst = slices.Grow(dst[:0], c.n)
	for lo := 0; lo < len(c.order); lo += c.buffer {
		w := len(dst)
		for _, b := range c.order[lo:min(lo+c.buffer, len(c.order))] {
			for i := range c.blocks[b] {
				dst = append(dst, c.start[b]+i)
			}
		}
		shuffle(c.rnd, dst[w:])
	}
	return dst, nil
}

// ShardShuffleOnce is what a loader does that shuffles its shard list once
// and never again (a file list shuffled at start-up, read in that order
// every epoch): the shards in one random order drawn from the seed, the
// components of each shard in their stored order, the same sequence in
// every epoch.
type ShardShuffleOnce struct {
	seq []int
}

// NewShardShuffleOnce returns shard-level shuffle-once over shards of the
// given sizes, its shard order drawn from seed. It returns an error for
// no shards, a size that is not positive or more than 2^28 components.
func NewShardShuffleOnce(shards []int, seed uint64) (*ShardShuffleOnce, error) {
	n, err := checkShards("ShardShuffleOnce", shards)
	if err != nil {
		return nil, err
	}
	st := starts(shards)
	perm := identity(nil, len(shards))
	shuffle(rand.New(rand.NewPCG(seed, shardOnceStream)), perm)
	seq := make([]int, 0, n)
	for _, s := range perm {
		for i := range shards[s] {
			seq = append(seq, st[s]+i)
		}
	}
	return &ShardShuffleOnce{seq: seq}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if s was not made by
// NewShardShuffleOnce.
func (s *ShardShuffleOnce) Order(dst []int, e Epoch) ([]int, error) {
	if s.seq == nil {
		panic("ordering: ShardShuffleOnce not made by NewShardShuffleOnce")
	}
	if err := checkLen("ShardShuffleOnce", len(s.seq), e); err != nil {
		return dst[:0], err
	}
	return append(dst[:0], s.seq...), nil
}
