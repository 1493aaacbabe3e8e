// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

// madeFor is implemented by the orders of the package made for a number of
// components: NewSampler refuses to drive one over another number. An
// order not made by its constructor returns 0 (unknown).
type madeFor interface {
	// components returns the number of components the order was made
	// for.
	components() int
}

var (
	_ madeFor = (*RR)(nil)
	_ madeFor = (*Incremental)(nil)
	_ madeFor = (*ShuffleOnce)(nil)
	_ madeFor = (*SGD)(nil)
	_ madeFor = (*FlipFlop)(nil)
	_ madeFor = (*StandardShuffle)(nil)
	_ madeFor = (*SGDInternal)(nil)
	_ madeFor = (*MultiLevel)(nil)
	_ madeFor = (*MeanBalance)(nil)
	_ madeFor = (*MeanBalance32)(nil)
	_ madeFor = (*PairBalance)(nil)
	_ madeFor = (*PairBalance32)(nil)
	_ madeFor = (*StreamingShuffle)(nil)
	_ madeFor = (*QuasiRandom)(nil)
	_ madeFor = (*WindowShuffle)(nil)
	_ madeFor = (*CorgiPile)(nil)
	_ madeFor = (*ShardShuffleOnce)(nil)
)

func (r *RR) components() int          { return r.n }
func (o *Incremental) components() int { return o.n }
func (s *ShuffleOnce) components() int { return len(s.perm) }
func (s *SGD) components() int         { return s.n }
func (f *FlipFlop) components() int    { return f.n }
func (t *twoLevel) components() int    { return t.n * t.m }
func (ml *MultiLevel) components() int {
	if len(ml.block) == 0 {
		return 0 // not made by NewMultiLevel: its Order panics
	}
	return ml.block[0]
}
func (m *meanBalance[S]) components() int   { return m.b.n }
func (p *pairBalance[S]) components() int   { return p.b.n }
func (s *StreamingShuffle) components() int { return s.n }
func (q *QuasiRandom) components() int      { return q.n }
func (w *WindowShuffle) components() int    { return w.n }
func (c *CorgiPile) components() int        { return c.n }
func (s *ShardShuffleOnce) components() int { return len(s.seq) }
