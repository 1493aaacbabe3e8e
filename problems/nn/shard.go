// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"runtime"
	"sync"
)

// sharded is what the workspaces share: the weights in float32, and a
// batch split between shards (goroutines) in a fixed way whose results are
// summed in a fixed order, so that results do not depend on GOMAXPROCS.
type sharded struct {
	n        int // parameters
	in       int // input values per example
	classes  int
	max      int // largest batch
	minShard int // smallest part worth a goroutine
	shards   int
	w32      []float32
	loss     []float64
	correct  []int
}

func newSharded(net Net, maxBatch, minShard int) sharded {
	if maxBatch < 1 {
		panic("nn: workspace for an empty batch")
	}
	shards := 1
	if maxBatch >= 2*minShard {
		shards = 2
	}
	return sharded{n: net.NumParams(), in: net.InDim(), classes: net.Classes(), max: maxBatch, minShard: minShard,
		shards: shards, w32: make([]float32, net.NumParams()), loss: make([]float64, shards), correct: make([]int, shards)}
}

// capacity returns the number of examples shard k must hold: batches
// below 2·minShard run on the first shard alone.
func (s *sharded) capacity(k int) int {
	per := (s.max + s.shards - 1) / s.shards
	if k == 0 {
		return max(per, min(s.max, 2*s.minShard-1))
	}
	return per
}

// begin checks the arguments of an evaluation, converts w to float32 and
// returns the batch size. It panics on sizes that disagree or a label out
// of range.
func (s *sharded) begin(grad, w []float64, x []float32, y []uint8) int {
	if len(w) != s.n || len(x)%s.in != 0 || (grad != nil && len(grad) != s.n) {
		panic("nn: wrong parameter, gradient or input length")
	}
	b := len(x) / s.in
	if b > s.max || b == 0 || (y != nil && len(y) != b) {
		panic("nn: batch size does not match the labels or exceeds the workspace")
	}
	for _, l := range y {
		if int(l) >= s.classes {
			panic("nn: label out of range")
		}
	}
	for i, v := range w {
		s.w32[i] = float32(v)
	}
	return b
}

// split returns the examples [lo, hi) of shard k of a batch of b.
func (s *sharded) split(k, b int) (lo, hi int) {
	parts := s.shards
	if b < 2*s.minShard {
		parts = 1
	}
	if k >= parts {
		return 0, 0
	}
	per := (b + parts - 1) / parts
	return min(k*per, b), min((k+1)*per, b)
}

// run evaluates a batch of b examples: f(k, lo, hi) returns the summed
// loss and the number of correct predictions of the examples [lo, hi) on
// shard k. Shard 0 runs on this goroutine, the others concurrently. run
// returns the mean loss and the number correct.
func (s *sharded) run(b int, f func(k, lo, hi int) (float64, int)) (float64, int) {
	var wg sync.WaitGroup
	// The other shards start first, so that they run while shard 0 does.
	for k := s.shards - 1; k >= 0; k-- {
		s.loss[k], s.correct[k] = 0, 0
		lo, hi := s.split(k, b)
		if lo == hi {
			continue
		}
		if k == 0 || runtime.GOMAXPROCS(0) == 1 {
			s.loss[k], s.correct[k] = f(k, lo, hi)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.loss[k], s.correct[k] = f(k, lo, hi)
		}()
	}
	wg.Wait()
	var loss float64
	correct := 0
	for k := range s.shards {
		loss += s.loss[k]
		correct += s.correct[k]
	}
	return loss / float64(b), correct
}

// sumGrads stores in grad the sum, in shard order, of the float32
// gradients g32(k) of the shards that had examples of a batch of b.
func (s *sharded) sumGrads(grad []float64, b int, g32 func(k int) []float32) {
	first := true
	for k := range s.shards {
		if lo, hi := s.split(k, b); lo == hi {
			continue
		}
		for i, v := range g32(k) {
			if first {
				grad[i] = float64(v)
			} else {
				grad[i] += float64(v)
			}
		}
		first = false
	}
}
