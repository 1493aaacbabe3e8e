// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package ordering implements the algorithms, measures and bounds of
// Mohtashami, Stich and Jaggi, "Characterizing & Finding Good Data Orderings
// for Fast Convergence of Sequential Gradient Methods": epoch-based gradient
// descent over a sequence of component functions, the strategies that choose
// the sequence, the measures that say how good a sequence is, and the
// convergence bounds that follow.
//
// # Problems and the engine
//
// A Problem is a finite sum f(x) = (1/N) Σ_i f_i(x). Run is Algorithm 1
// (epoch-based gradient descent): in epoch t an Orderer chooses the update
// sequence r_t, and the iterate takes one step per entry,
//
//	x_t^{i+1} = x_t^i - γ ∇F_{r_{t,i}}(x_t^i, ξ),
//
// through an Oracle that may add zero-mean noise ξ (Assumption 2). A
// component may be one example or one fixed minibatch (Batched); a
// Settings.BatchSize averages consecutive entries of r_t instead, which
// with random reshuffling is standard batching. A Recorder sees x_t,
// f(x_t), ‖∇f(x_t)‖² and r_t after every epoch; a Settings.Context stops a
// long run part way through an epoch.
//
// # Orders
//
// The strategies of the paper: random reshuffling, incremental gradient (a
// fixed order), shuffle-once, SGD with replacement, the greedy order chooser
// of Algorithm 2 (also updated only every k epochs), two-level and
// multi-level K-shuffling (Algorithm 3), standard shuffling and running SGD
// internally (Section 5). Every strategy is seeded: the same seed gives the
// same sequences.
//
// # Orders that scale (beyond the paper)
//
// Algorithm 2 needs an extra pass over the data and O(N d) memory. The
// package also has the cheaper orders later work proposed, so that all can
// be compared on the same problems: SketchedGreedy (Algorithm 2 on a
// CountSketch of the gradients, O(N k) memory; with Stale it sketches the
// steps' gradients and needs no extra pass either), StaleGreedy (on the
// gradients of the previous epoch's steps, no extra pass, one N×d
// matrix), MeanBalance and PairBalance (GraB's online balancing, O(d)
// memory, no extra pass; PairBalance32 and MeanBalance32 keep their
// state in float32, for half the memory) and FlipFlop. Orders that learn from the steps' gradients implement
// Observer, which Run feeds; offline versions (GreedyOrder,
// SketchedGreedyOrder, MeanBalanceOrder, PairBalanceOrder) order a fixed
// gradient matrix, and Discrepancy returns a DiscrepancyReport: the
// herding (prefix-sum) curve of any order in the 2- and ∞-norms.
//
// # In a training loop of one's own (beyond the paper)
//
// A Sampler drives any Orderer without Run, from a loop that keeps its
// own network, optimiser and checkpoints: Next gives each epoch's
// sequence, ObserveAt, ObserveAt32, ObserveBatchAt and ObserveBatchAt32
// show it the gradients by their position in it (Observe, Observe32,
// ObserveBatch and ObserveBatch32 by their component; float64 or float32,
// one or a row-major batch at a time) as the loop computes them, and
// MarshalBinary and UnmarshalBinary save and restore its state, so that
// a resumed run continues with the same orders bit for bit. StaleGreedy
// and stale SketchedGreedy run there without an oracle (Epoch.N gives
// them N). BenchmarkSampler measures its cost against the MNIST MLP's
// training step.
//
// # Reproducing GraB, grab-sampler and CD-GraB (beyond the paper)
//
// The balancing orders build the orders of the published code of GraB
// (github.com/EugeneLYC/GraB), grab-sampler
// (github.com/garywei944/grab-sampler) and CD-GraB
// (github.com/GarlGuo/CD-GraB) from the same first order and gradients,
// with these constructors and options, where X{...} stands for
// NewX(n, BalanceSettings{...}) and the first order is given as Start:
//
//	their code                               ours
//	GraB OrderedSampler, pair_balance        PairBalance{}
//	GraB OrderedSampler, mean_balance        MeanBalance{}, but for its next mean (below)
//	GraB paper code (neurips22 dmsort)       MeanBalance{}
//	grab-sampler, "pair"                     PairBalance{Strict: true}
//	grab-sampler, "mean"                     MeanBalance{Strict: true}
//	CD-GraB PairBalance_Sorter               PairBalance{}
//	CD-GraB GraB                             MeanBalance{}
//	CD-GraB CD_GraB_SingleGrad               WorkerOrders, CDGraB
//	CD-GraB CD_GraB (microbatch pairs)       WorkerOrders, CDGraB, observing each
//	                                         microbatch's examples in turn
//	CD-GraB Independent_PairBalance          WorkerOrders, IDGraB
//	their float32 state                      PairBalance32 for PairBalance,
//	                                         MeanBalance32 for MeanBalance
//
// The golden tests (reference_golden_test.go) check every row against
// the orders their code builds, transcribed as data, on cases with ties
// (the first vector's, s = 0, among them) and odd n, through a Sampler,
// Run and PairBalanceOrder or MeanBalanceOrder. What to know when porting
// a run:
//
//   - The tie rule. GraB writes ε = +1 if ‖s + c‖ ≤ ‖s - c‖, CD-GraB if
//     <s, c> ≤ 0: ties to +1, our default. grab-sampler's is <s, c> < 0:
//     ties to -1, Strict. The two forms agree in exact arithmetic; in
//     floating point, a near tie can round differently.
//   - Precision. Their running sums are in the gradients' type, float32 by
//     default. PairBalance32 and MeanBalance32 keep their sums (and
//     MeanBalance32 its means) in float32 too, but add the sign's inner
//     product in float64 where PyTorch adds it in float32, in an order of
//     its own; PairBalance and MeanBalance are float64
//     throughout. The orders are theirs bit for bit where the arithmetic
//     is exact (as in the golden tests), and otherwise but for a sign
//     whose inner product lies within rounding of 0.
//   - Granularity. Their per-example modes (GraB's order_level 1,
//     grab-sampler, CD-GraB) observe every example's gradient: Observe or
//     ObserveBatch32 with per-example rows. GraB's per_batch_order orders
//     fixed batches by their mean gradients: a Sampler over the batches
//     (Batched with Run). GraB's order_level between 1 and the batch size
//     (means of groups of examples, each group moved as one) has no
//     counterpart.
//   - Odd n in pair balancing. GraB signs the unpaired last gradient
//     alone against the sum, as PairBalance does; grab-sampler's and
//     CD-GraB's pair balancing refuse odd n; WorkerOrders puts the last,
//     unpaired step's examples in the middle.
//   - The first order. GraB and grab-sampler draw it from PyTorch's
//     generator (or take index order), CD-GraB takes index order
//     (CD_GraB_SingleGrad a random one); give it as Start. WorkerOrders
//     has no Start: it draws the workers' first orders from its seed, so
//     its orders are CD-GraB's from the same first orders (the golden
//     tests set them inside the package), not from CD-GraB's own.
//   - The microbatch variant. CD-GraB's CD_GraB pairs the examples
//     (2i, 2i+1) of each worker's microbatch and signs the W workers' pair
//     differences in turn, pair by pair. WorkerOrders does that when a
//     loop observes the examples of a microbatch one after another, in
//     microbatch order (an even microbatch keeps the pairs inside it). It
//     signs g_{2i} - g_{2i+1} where CD_GraB signs g_{2i+1} - g_{2i} and
//     puts the first of the pair in front on +1: the same signs with the
//     running sum negated, so the same orders.
//
// Our deviations, each on purpose:
//
//   - The probabilistic rule. GraB takes ε = +1 with probability
//     ½ - <s, c>/60, grab-sampler ½ - <s, c>/(2c) with c = 30 by default
//     (prob_balance_c): both C = 30, fixed; CD-GraB has no such rule. Ours
//     takes C as the largest |<s, c>| seen so far in the epoch: a fixed C
//     is tied to the gradients' scale (with C = 30 the walk is a fair coin
//     for gradients of norm 0.01 and deterministic for large ones), ours
//     is scale-free. Its random draws are ours too (math/rand/v2), so no
//     probabilistic run is theirs.
//   - MeanBalance's first epoch. All three centre it on zero, no mean
//     being known yet, and so does BalanceSettings' default. Centring it
//     on the running mean of the gradients seen so far in the epoch is an
//     option of ours (BalanceSettings.FirstEpochRunningMean): it balances the gradients'
//     deviations from their mean, which the herding bound is about,
//     rather than the gradients themselves, which differ when the mean is
//     large.
//   - GraB's OrderedSampler MeanBalance adds the centred gradient, not the
//     gradient, into the next epoch's mean (src/orderedsampler/sorter/
//     meanbalance.py:89-93), so from its third epoch it centres on the
//     difference of two epochs' means. Its paper code (neurips22 dmsort
//     algo.py:134-135), grab-sampler and CD-GraB add the gradient, as
//     MeanBalance does: a bug we do not copy.
//   - Components an epoch did not visit go to the middle of the next order
//     (grab-sampler asserts a full pass).
//   - WorkerOrders' ID-GraB is pair balancing on every worker (CD-GraB's
//     Independent_PairBalance); its mean-balancing Independent_Balance is
//     W MeanBalance orders, one per worker.
//
// # Data loaders' orders (beyond the paper)
//
// Loaders read data in shards and shuffle at two levels, the structure of
// Section 5. StreamingShuffle (mosaicml streaming's naive, py1s, py2s,
// py1br and py1e, with canonical nodes), QuasiRandom (FFCV's
// QUASI_RANDOM), WindowShuffle and NewIndexShuffle (grain), CorgiPile and
// ShardShuffleOnce reproduce the index sequences of those loaders'
// shuffles over shards of given sizes (UniformShards), so that Phi2,
// SigmaStar2 and TwoLevelSigmaStar2 judge them; each type says which
// reading of its loader it implements.
//
// # Batching (Section 6.1)
//
// Each layer has one place for each batching. Standard batching (fresh
// consecutive batches of a new permutation each epoch) is Settings.BatchSize
// in the engine; a problem that evaluates a batch at once implements
// BatchGradienter (nn.ExampleProblem for the networks). Fixed batches
// (same-class batching, or batches cut once by StandardBatches so that an
// order can be kept) are the components of a batched problem: Batched for
// any Problem, nn.BatchProblem for the networks, and SameClassBatches cuts
// them.
//
// # The greedy family
//
// Greedy (Algorithm 2 at x_t), StaleGreedy (on the previous epoch's step
// gradients) and SketchedGreedy (on CountSketches, stale or not) share the
// selection (GreedyOrder's) and the storage of stale rows, but stay
// separate types: they differ in what they need (Uses: an oracle every
// epoch, or observed steps) and in memory (N×d, N×d, N×k), and a single
// type with options would make each Order check combinations that cannot
// occur. The speed-critical code they share lives once, in the selection
// and the row storage.
//
// # Making an orderer
//
// One rule: an orderer whose state depends on the number of components n
// before its first epoch (RR, Incremental, ShuffleOnce, SGD, MultiLevel,
// SGDInternal, MeanBalance, MeanBalance32, PairBalance, PairBalance32,
// FlipFlop) is made
// by its NewX function, which takes n and the seed first and returns an
// error naming any value out of range; an orderer that learns n from the problem at its
// first epoch (the greedy family, whose buffers are sized from the oracle
// or the observed steps) is a struct literal whose zero value is ready to
// use, with its options as fields. Pass the problem's Len() as n: Run
// checks every entry of every order against it and returns an error
// wrapping ErrIndex naming the first one out of range.
//
// # What an orderer needs
//
// An Orderer that needs more than the epoch number implements User: Greedy
// queries the oracle at x_t; StaleGreedy, stale SketchedGreedy, MeanBalance,
// MeanBalance32, PairBalance and PairBalance32 learn from the gradients of the steps (Observer), the
// greedy ones querying the oracle in their first epoch if there is one.
// Run gives everything and checks Uses before the first epoch; a Sampler
// gives the observations but no oracle; a caller that draws orders
// without running them checks Uses(o, Available{}) first.
//
// # Measures
//
// Phi2 is the curve φ²_{r,k}(x) = ‖Σ_{i≤k} (∇f_{r_i}(x) - ∇f(x))‖² of
// Assumption 4, and SigmaStar2 the σ*² it implies (Phi2 and Discrepancy
// are two views of one prefix-sum kernel); the package also fits the
// (σ², M) of Assumption 5 and the (ζ², P) of Assumption 2, and checks the
// sample bias of Assumption 3.
//
// # Bounds
//
// Pure functions for Theorem 1 (its bound, the largest admissible step and
// the step minimising the bound), the RR, IG and SGD rates of Section 3.4,
// Remark 4, Appendix C's lower bound, the two-level lemma with the explicit
// constant of Appendix B, and the corollary's rates for K-shuffling,
// standard shuffling and running SGD internally.
//
// # Errors and panics
//
// Bad input returns an error that names the value and wraps one of
// ErrEmpty, ErrIndex, ErrDim, ErrNaN, ErrRange, ErrStep, ErrSetting,
// ErrState (a saved Sampler state that is corrupt or does not fit) and
// ErrNoEpoch (a Sampler shown a gradient before its first epoch): a
// setting out of range, an index outside [0, N), a gradient that is not
// finite or (ErrRange) beyond an order's float32 arithmetic, a nil
// gradient matrix given to a function that returns an error, a size above
// 2^28 components (an order or buffer that could not be allocated, which
// would kill the process with an out-of-memory error no recover can catch),
// or constants for which float64 cannot hold a bound. Programmer misuse of
// a function that returns no error, such as a nil gradient matrix given to
// GreedyOrder or a zero-value order, panics with a constant message
// beginning "ordering: ", documented on the function.
package ordering
