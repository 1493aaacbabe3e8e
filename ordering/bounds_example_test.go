// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering_test

import (
	"fmt"
	"log"
	"math"

	"github.com/goodorder/goodorder/ordering"
)

// Theorem 1 for a good and a bad order of the same data: σ*² is the only
// constant that changes.
func ExampleTheorem1TunedStep() {
	for _, order := range []struct {
		name       string
		sigmaStar2 float64
	}{
		{"alternating", 100},        // σ*² = σ² = 100 (Section 4.1)
		{"sorted", 100 * 100 * 100}, // σ*² = (n/2)² σ² for n = 200
	} {
		c := ordering.Theorem1Constants{
			L: 1, F0: 10, SigmaStar2: order.sigmaStar2, N: 200, T: 1000,
		}
		max, err := ordering.Theorem1MaxStep(c)
		if err != nil {
			log.Fatal(err)
		}
		gamma, err := ordering.Theorem1TunedStep(c)
		if err != nil {
			log.Fatal(err)
		}
		bound, err := ordering.Theorem1Bound(c, gamma)
		if err != nil {
			log.Fatal(err)
		}
		proofGamma, _ := ordering.Theorem1ProofTunedStep(c)
		proof, _ := ordering.Theorem1ProofBound(c, proofGamma)
		fmt.Printf("%-11s max γ %.4g, tuned γ %.4g, bound %.4g (proof's constants: %.4g)\n",
			order.name, max, gamma, bound, proof)
	}
	// Output:
	// alternating max γ 0.000625, tuned γ 0.000625, bound 0.6413 (proof's constants: 0.9619)
	// sorted      max γ 0.000625, tuned γ 0.0001842, bound 3.257 (proof's constants: 4.886)
}

// RR, IG and SGD after the same number of gradient steps (Section 3.4).
func ExampleRatesAtSteps() {
	s := ordering.RateConstants{L: 1, F0: 1, Sigma2: 1, N: 100}
	for _, steps := range []int{100, 10_000, 1_000_000} {
		r, err := ordering.RatesAtSteps(s, steps)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%d steps: RR %.4g, IG %.4g, SGD %.4g\n", steps, r.RR, r.IG, r.SGD)
	}
	// Output:
	// 100 steps: RR 1.215, IG 2, SGD 0.11
	// 10000 steps: RR 0.02, IG 0.05642, SGD 0.0101
	// 1000000 steps: RR 0.0005642, IG 0.002254, SGD 0.001001
}

// Lemma 2 and the corollary of Section 5: two-level K-shuffling against
// standard shuffling, for heterogeneous top-level functions.
func ExampleKShufflingRate() {
	c := ordering.TwoLevelConstants{
		L: 1, F0: 1, SigmaTop2: 100, SigmaLow2: 1, N: 10, M: 16, T: 100,
	}
	for _, k := range []int{1, 4, 16} {
		s2, err := ordering.TwoLevelSigmaStar2(c.SigmaTop2, c.SigmaLow2, c.N, c.M, k)
		if err != nil {
			log.Fatal(err)
		}
		r, err := ordering.KShufflingRate(c, k)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("K = %2d: E σ*² ≤ %.4g, rate %.4g\n", k, s2, r)
	}
	std, _ := ordering.StandardShufflingRate(c)
	sgd, _ := ordering.InternalSGDRate(c)
	fmt.Printf("standard shuffling rate %.4g, internal SGD rate %.4g\n", std, sgd)
	// Output:
	// K =  1: E σ*² ≤ 2528, rate 0.03356
	// K =  4: E σ*² ≤ 3.243e+04, rate 0.05591
	// K = 16: E σ*² ≤ 5.12e+05, rate 0.114
	// standard shuffling rate 0.04982, internal SGD rate 0.02428
}

// Remark 4 and Appendix C bracket σ*² for any permutation between σ²/4 and
// n² σ²; the example of Section 4.1 reaches both ends up to constants.
func ExampleSigmaStarFromHeterogeneity() {
	const sigma2, n = 1.0, 100
	worst, _, _ := ordering.SigmaStarFromHeterogeneity(sigma2, 0, n)
	rr, _, _ := ordering.SigmaStarFromHeterogeneityRR(sigma2, 0, n)
	alt, _ := ordering.AlternatingSigmaStar2(sigma2, n)
	sorted, _ := ordering.SortedSigmaStar2(sigma2, n)
	random, _ := ordering.RandomSigmaStar2Lower(sigma2, n)
	// Appendix C: σ² ≤ 4σ*², so σ*² ≥ σ²/4 for any order.
	limit, _, _ := ordering.HeterogeneityFromSigmaStar(alt, 0, n)
	fmt.Printf("any order σ*² ≤ %.4g, random order E σ*² ≤ %.4g\n", worst, rr)
	fmt.Printf("example: alternating %.4g, sorted %.4g, random E σ*² ≥ %.4g\n", alt, sorted, random)
	fmt.Printf("alternating order implies σ² ≤ %.4g; ratio sorted/alternating %.4g\n", limit, math.Round(sorted/alt))
	// Output:
	// any order σ*² ≤ 1e+04, random order E σ*² ≤ 100
	// example: alternating 1, sorted 2500, random E σ*² ≥ 0.3906
	// alternating order implies σ² ≤ 4; ratio sorted/alternating 2500
}
