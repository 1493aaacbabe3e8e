// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestOfflineGolden pins the offline orders and the CountSketch whose
// code the sampler shares (MeanBalanceOrder, PairBalanceOrder over
// several epochs, CountSketch.Apply) to a hash computed before the sampler
// was added. (They call no BLAS, so the hash is the same in every build.)
func TestOfflineGolden(t *testing.T) {
	const want = 0xfe37edc596d5a174
	// A fixture made without BLAS (lowRank's differs between builds).
	rnd := rand.New(rand.NewPCG(6, 1))
	g := mat.NewDense(40, 33, nil)
	for i := range 40 {
		for j := range 33 {
			g.Set(i, j, float64(i%3)+rnd.NormFloat64())
		}
	}
	f := fnv.New64a()
	put := func(u uint64) {
		var buf [8]byte
		for k := range buf {
			buf[k] = byte(u >> (8 * k))
		}
		f.Write(buf[:])
	}
	for _, set := range []BalanceSettings{{}, {Strict: true}, {Rule: Probabilistic, Seed: 4}} {
		var mb, pb []int
		for range 4 {
			var err error
			if mb, err = MeanBalanceOrder(mb, g, mb, set); err != nil {
				t.Fatal(err)
			}
			if pb, err = PairBalanceOrder(pb, g, pb, set); err != nil {
				t.Fatal(err)
			}
			for _, i := range append(append([]int(nil), mb...), pb...) {
				put(uint64(i))
			}
		}
	}
	s, err := NewCountSketch(33, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range s.Apply(nil, g.RawRowView(3)) {
		put(math.Float64bits(v))
	}
	if got := f.Sum64(); got != want {
		t.Errorf("hash %#x, want %#x", got, uint64(want))
	}
}
