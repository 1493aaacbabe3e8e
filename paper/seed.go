// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import "math/rand/v2"

// Streams name the random choices of the claims. A seed is derived from
// the base seed, the stream and the words that tell one draw of the
// stream from another (mixSeed), so that every choice has its own stream
// whatever order the choices are made in and a sub-grid gives the same
// draws as the full grid: orders of package ordering take that seed, and
// a claim that draws itself takes newRand's source of it. This is the
// package's only block of streams and mixSeed its only derivation. The
// values are fixed: changing one changes results.
const (
	streamOmegaRR         = 1              // omega-example: random orders per n
	streamOmegaRun        = 2              // omega-example: random reshuffling of the convergence run
	streamAppendixCGrads  = 8              // appendix-c: the random matrices per n
	streamAppendixCRR     = 3              // appendix-c: random reshuffling per n
	streamLemma1Grads     = 4              // mishchenko-lemma1: the gradient matrix
	streamLemma1RR        = 5              // mishchenko-lemma1: the random orders
	streamLemma2Standard  = 6              // two-level-lemma: standard shuffling per σ_top
	streamLemma2KShuffle  = 7              // two-level-lemma: K-shuffling per σ_top and K
	streamTheorem1        = 9              // theorem-1: random orders per order, T and run
	streamTable1Subset    = 0x7461626c6531 // table-1: the training subset ("table1")
	streamTable1Run       = 0x7431         // table-1: initialisation and orders of run s ("t1")
	streamTable1Batches   = 0x626174       // table-1: the standard batches greedy orders ("bat")
	streamTable1Sigma     = 0x7369676d61   // table-1: the random orders greedy's σ*² is compared with ("sigma")
	streamScalableSubset  = 0x7363616c65   // scalable-orderings: the MNIST subset ("scale")
	streamScalableBalance = 0x62616c       // scalable-orderings: the balancing start ("bal")
	streamScalableRR      = 0x7272         // scalable-orderings: random orders ("rr")

	streamTheorem1Noise         = 10 // theorem-1-noise: random orders per regime, order, T and run
	streamTheorem1NoiseOracle   = 11 // theorem-1-noise: the oracle noise of a run (mixed with the run's seed)
	streamTheorem1NoiseEstimate = 12 // theorem-1-noise: NoiseEstimate's draws per regime
	streamTheorem1NoiseProblem  = 13 // theorem-1-noise: the problem per regime
	streamSubsampling           = 14 // sub-sampling: the random sequences per sequence and run
	streamSubsamplingProblem    = 15 // sub-sampling: the two problems
	streamRemark4Problem        = 16 // remark-4: the problem per setting
	streamRemark4Direction      = 17 // remark-4: the ray of points per setting
	streamRemark4RR             = 18 // remark-4: the random permutations per setting and point

	streamTwoLevelK           = 19         // two-level-k: the runs per regime, method and run (every learning rate sees the same orders)
	streamSGDInternally       = 20         // sgd-internally: the runs per σ_low, arm and run
	streamSGDInternallyJudged = 0x7367646a // sgd-internally: the judged runs per σ_low, arm and run, apart from the tuning's ("sgdj")
	streamMultiLevel          = 21         // multi-level: three-level K-shuffling per setting and (K₀, K₁)
	streamMultiLevelTwoLevel  = 22         // multi-level: two-level K-shuffling per setting and K₀
	streamMultiLevelStandard  = 23         // multi-level: standard shuffling per setting
	streamScalableOneD        = 24         // scalable-orderings: the 1-D example's random start and RR per n
	streamScalableProblem     = 25         // scalable-orderings: the heterogeneous quadratic
	streamScalableBatches     = 26         // scalable-orderings: the same-class batches of the MNIST matrices
	streamScalableInit        = 27         // scalable-orderings: the MLP's initialisation
	streamScalableTraining    = 28         // scalable-orderings: the RR training between the MNIST snapshots
	streamScalableSketch      = 29         // scalable-orderings: the sketch per k
	streamTheorem1Problem     = 31         // theorem-1: the problem
	streamTwoLevel            = 32         // two-level-figure: the orders per σ_top, m, method, learning rate and run

	streamCoordinated       = 0x636f6f7264   // coordinated-orders: the orders and MNIST split per W and seed ("coord")
	streamCoordinatedJudged = 0x636f6f72646a // coordinated-orders: the base seed of the judged runs, apart from the tuning's ("coordj")

	// loader-shuffles ("ld" and a number, apart from the small numbers
	// above so that claims added beside it do not collide).
	streamLoaderOrders   = 0x6c640001 // loader-shuffles: the orders per data set, shuffle and knob
	streamLoaderSubset   = 0x6c640002 // loader-shuffles: the MNIST training and test subsets
	streamLoaderStorage  = 0x6c640003 // loader-shuffles: the random storage order of the batches
	streamLoaderBatches  = 0x6c640004 // loader-shuffles: the same-class batches
	streamLoaderInit     = 0x6c640005 // loader-shuffles: the MLP's initialisation (snapshot, and per training seed)
	streamLoaderSnapshot = 0x6c640006 // loader-shuffles: the RR epochs before the gradients are taken
	streamLoaderTrain    = 0x6c640007 // loader-shuffles: the trained orders per order and seed

	streamTable1Tune = 0x74756e65 // table-1-study: the base seed of the tuning's runs ("tune")

	// The judged runs of the two-level claims, apart from the runs that
	// tuned their learning rates (streamTwoLevelK, streamTwoLevel).
	streamTwoLevelKJudged = 0x746c6b6a // two-level-k: the judged runs per regime, method and run ("tlkj")
	streamTwoLevelJudged  = 0x746c6a   // two-level-figure: the judged runs per σ_top, m, method and run ("tlj")

	// The judged runs of theorem-1-noise, apart from the runs that tuned
	// its steps (streamTheorem1Noise).
	streamTheorem1NoiseJudged = 0x74316e6a // theorem-1-noise: the judged runs per regime, order, T and run ("t1nj")
)

// newRand returns the source of the random choice named by stream and
// words: a PCG seeded with mixSeed(base, stream, words...).
func newRand(base, stream uint64, words ...uint64) *rand.Rand {
	return rand.New(rand.NewPCG(mixSeed(base, append([]uint64{stream}, words...)...), 0))
}

// mixSeed derives a seed from a base seed and words naming one random
// choice, with the splitmix64 finaliser applied after each word.
func mixSeed(base uint64, words ...uint64) uint64 {
	z := base
	for _, w := range words {
		z ^= w
		z += 0x9e3779b97f4a7c15
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
	}
	return z
}
