// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"hash/fnv"
	"math"
	"testing"
)

// goldenRunOrderers returns fresh orderers whose results under Run feed
// committed claims: the ones the sampler (sampler.go) drives and whose
// code it shares.
func goldenRunOrderers(t *testing.T, n int) []struct {
	name string
	o    Orderer
} {
	t.Helper()
	must := func(o Orderer, err error) Orderer {
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	return []struct {
		name string
		o    Orderer
	}{
		{"rr", must(NewRR(n, 3))},
		{"incremental", must(NewIncremental(n, nil))},
		{"shuffle-once", must(NewShuffleOnce(n, 3))},
		{"sgd", must(NewSGD(n, 0, 3))},
		{"flipflop", must(NewFlipFlop(n, 3))},
		{"standard-shuffle", must(NewStandardShuffle(n/4, 4, 3))},
		{"sgd-internal", must(NewSGDInternal(n/4, 4, 3))},
		{"kshuffle", must(NewKShuffle(n/4, 4, 2, 3))},
		{"mean-balance", must(NewMeanBalance(n, BalanceSettings{Seed: 3, FirstEpochRunningMean: true}))},
		{"mean-balance-prob", must(NewMeanBalance(n, BalanceSettings{Seed: 3, Rule: Probabilistic, FirstEpochRunningMean: true}))},
		{"pair-balance", must(NewPairBalance(n, BalanceSettings{Seed: 3}))},
		{"pair-balance-strict", must(NewPairBalance(n, BalanceSettings{Seed: 3, Strict: true}))},
		{"greedy", &Greedy{}},
		{"stale-greedy", &StaleGreedy{}},
		{"stale-greedy-every2", &StaleGreedy{Every: 2}},
		{"sketched-greedy", &SketchedGreedy{K: 3, Seed: 3}},
		{"stale-sketched-greedy", &SketchedGreedy{K: 3, Seed: 3, Stale: true}},
	}
}

// TestRunGolden pins the orders and final iterate of Run for every order
// the sampler drives, with and without batching and noise, to hashes
// computed before the sampler was added: Run's results of these orders
// must stay bit-identical.
func TestRunGolden(t *testing.T) {
	want := map[string]uint64{
		"batch3-noise/flipflop":              0xf43f773885051387,
		"batch3-noise/greedy":                0x7fe84c844efe28d0,
		"batch3-noise/incremental":           0x2bf2afed718b051f,
		"batch3-noise/kshuffle":              0xdde764986f490873,
		"batch3-noise/mean-balance-prob":     0xeea4747614aaf43b,
		"batch3-noise/mean-balance":          0x84a0cafee89a5c0c,
		"batch3-noise/pair-balance-strict":   0x77a39ae4f0f637b4,
		"batch3-noise/pair-balance":          0xc0f3157107c49889,
		"batch3-noise/rr":                    0xa47c9e8706575590,
		"batch3-noise/sgd-internal":          0x28742dc009b4c020,
		"batch3-noise/sgd":                   0x78e1d8a57eb95abd,
		"batch3-noise/shuffle-once":          0x723928a1763d3bf3,
		"batch3-noise/sketched-greedy":       0xa971dec5012f83d3,
		"batch3-noise/stale-greedy-every2":   0x36a66f7b9596408,
		"batch3-noise/stale-greedy":          0xad5736d0404cea49,
		"batch3-noise/stale-sketched-greedy": 0x1a183a0df1a22f38,
		"batch3-noise/standard-shuffle":      0x106ef9988d9b86c,
		"plain/flipflop":                     0xafc4564c20a4b9b5,
		"plain/greedy":                       0xe65730158d6ff2f4,
		"plain/incremental":                  0x12bf63d4b501d030,
		"plain/kshuffle":                     0xb0e04638e0cab394,
		"plain/mean-balance-prob":            0x202cd4f2249b2d88,
		"plain/mean-balance":                 0xf6ca839742d4f43e,
		"plain/pair-balance-strict":          0xe5c53fef19cc97d9,
		"plain/pair-balance":                 0x897d4882877d84b2,
		"plain/rr":                           0x76137df8df8431a5,
		"plain/sgd-internal":                 0xe5ab7f31bb42757a,
		"plain/sgd":                          0xf6a45cf09bdee5b8,
		"plain/shuffle-once":                 0xfeb3564264ae907e,
		"plain/sketched-greedy":              0x17ff13ba6c91dd72,
		"plain/stale-greedy-every2":          0x29c4e59982378275,
		"plain/stale-greedy":                 0x1fbbc35b77c94de1,
		"plain/stale-sketched-greedy":        0xc0c0252c96d66134,
		"plain/standard-shuffle":             0x25c89da8e7aa5e2d,
	}
	const n, d = 12, 5
	q := newQuad(n, d, 7)
	got := map[string]uint64{}
	for _, set := range []struct {
		name string
		s    Settings
	}{
		{"plain", Settings{Epochs: 5, Step: Constant(0.05)}},
		{"batch3-noise", Settings{Epochs: 5, Step: Constant(0.05), BatchSize: 3, Noise: Gaussian{Std: 0.3}, Seed: 9}},
	} {
		for _, o := range goldenRunOrderers(t, n) {
			h := &History{KeepOrder: true}
			s := set.s
			s.Recorder = h
			x0 := make([]float64, d)
			for j := range x0 {
				x0[j] = 1
			}
			res, err := Run(q, x0, o.o, &s)
			if err != nil {
				t.Fatalf("%s %s: %v", set.name, o.name, err)
			}
			f := fnv.New64a()
			var buf [8]byte
			put := func(u uint64) {
				for k := range buf {
					buf[k] = byte(u >> (8 * k))
				}
				f.Write(buf[:])
			}
			for _, r := range h.Records {
				for _, i := range r.Order {
					put(uint64(i))
				}
				put(math.Float64bits(r.F))
			}
			for _, v := range res.X {
				put(math.Float64bits(v))
			}
			got[set.name+"/"+o.name] = f.Sum64()
		}
	}
	for k, h := range got {
		if w, ok := want[k]; !ok || w != h {
			t.Errorf("%s: hash %#x, want %#x", k, h, w)
		}
	}
}
