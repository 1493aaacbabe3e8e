// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Second words of the PCG seeds of everything in the package that draws
// ("rr", "once", ... in ASCII), so that orders, balancers, sketches and
// the oracle noise seeded with the same number draw unrelated streams.
// They are the package's only stream constants.
const (
	rrStream          = 0x7272
	shuffleOnceStream = 0x6f6e6365
	sgdStream         = 0x736764
	kShuffleStream    = 0x6b73687566666c65
	standardStream    = 0x7374616e64617264
	internalStream    = 0x696e7465726e616c
	sameClassStream   = 0x636c6173736573
	flipFlopStream    = 0x666c6970
	balanceStream     = 0x6772616220   // MeanBalance, PairBalance
	sketchStream      = 0x736b65746368 // CountSketch
	noiseStream       = 0x6e6f697365   // the oracle noise of Settings.Noise
)

var (
	_ Orderer = (*RR)(nil)
	_ Orderer = (*Incremental)(nil)
	_ Orderer = (*ShuffleOnce)(nil)
	_ Orderer = (*SGD)(nil)
	_ Orderer = (*StandardShuffle)(nil)
	_ Orderer = (*SGDInternal)(nil)
)

// RR is random reshuffling (Algorithm 1's first example): n = N and r_t is
// a fresh uniformly random permutation of [0, N) in every epoch.
type RR struct {
	n   int
	rnd *rand.Rand
	src *rand.PCG // rnd's source, for the saved state
}

// NewRR returns random reshuffling of n components, seeded by seed. It
// returns an error if n <= 0 or n > 2^28 (an order that could not be
// allocated).
func NewRR(n int, seed uint64) (*RR, error) {
	if err := checkComponents("RR", n); err != nil {
		return nil, err
	}
	rnd, src := newRand(seed, rrStream)
	return &RR{n: n, rnd: rnd, src: src}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if r was not made by NewRR.
func (r *RR) Order(dst []int, e Epoch) ([]int, error) {
	if r.rnd == nil {
		panic("ordering: RR not made by NewRR")
	}
	if err := checkLen("RR", r.n, e); err != nil {
		return dst[:0], err
	}
	dst = identity(dst, r.n)
	shuffle(r.rnd, dst)
	return dst, nil
}

// Incremental is incremental gradient (Algorithm 1's second example): the
// same sequence in every epoch, by default r_{t,i} = i.
type Incremental struct {
	n   int
	seq []int
}

// NewIncremental returns incremental gradient over n components with the
// fixed sequence seq, or the identity 0, 1, ..., n-1 if seq is nil. seq may
// repeat or omit components; it is copied. NewIncremental returns an error
// if n <= 0, n > 2^28 (an order that could not be allocated), seq is empty
// but not nil, or an entry of seq is outside [0, n). It draws no random
// numbers and so takes no seed.
func NewIncremental(n int, seq []int) (*Incremental, error) {
	if err := checkComponents("Incremental", n); err != nil {
		return nil, err
	}
	if seq == nil {
		return &Incremental{n: n, seq: identity(nil, n)}, nil
	}
	if len(seq) == 0 {
		return nil, fmt.Errorf("ordering: %w: Incremental with an empty sequence", ErrEmpty)
	}
	for k, i := range seq {
		if i < 0 || i >= n {
			return nil, fmt.Errorf("ordering: %w: Incremental sequence holds %d at position %d, want [0, %d)", ErrIndex, i, k, n)
		}
	}
	return &Incremental{n: n, seq: slices.Clone(seq)}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components.
func (o *Incremental) Order(dst []int, e Epoch) ([]int, error) {
	if err := checkLen("Incremental", o.n, e); err != nil {
		return dst[:0], err
	}
	return append(dst[:0], o.seq...), nil
}

// ShuffleOnce is shuffle-once: one uniformly random permutation of [0, N),
// drawn from the seed, used in every epoch.
type ShuffleOnce struct {
	perm []int
}

// NewShuffleOnce returns shuffle-once over n components, its permutation
// drawn from seed. It returns an error if n <= 0 or n > 2^28 (a
// permutation that could not be allocated).
func NewShuffleOnce(n int, seed uint64) (*ShuffleOnce, error) {
	if err := checkComponents("ShuffleOnce", n); err != nil {
		return nil, err
	}
	perm := identity(nil, n)
	shuffle(rand.New(rand.NewPCG(seed, shuffleOnceStream)), perm)
	return &ShuffleOnce{perm: perm}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if s was not made by
// NewShuffleOnce.
func (s *ShuffleOnce) Order(dst []int, e Epoch) ([]int, error) {
	if s.perm == nil {
		panic("ordering: ShuffleOnce not made by NewShuffleOnce")
	}
	if err := checkLen("ShuffleOnce", len(s.perm), e); err != nil {
		return dst[:0], err
	}
	return append(dst[:0], s.perm...), nil
}

// SGD is sampling with replacement (Algorithm 1's third example): every
// epoch draws its entries independently and uniformly from [0, N).
type SGD struct {
	n, length int
	rnd       *rand.Rand
	src       *rand.PCG // rnd's source, for the saved state
}

// NewSGD returns sampling with replacement from n components, length draws
// per epoch, seeded by seed. A length of 0 means n draws per epoch, the same
// number of steps as an epoch of RR; the paper's SGD is length 1. NewSGD
// returns an error if n <= 0, length < 0, or n or length is above 2^28 (an
// epoch's order could not be allocated).
func NewSGD(n, length int, seed uint64) (*SGD, error) {
	if err := checkComponents("SGD", n); err != nil {
		return nil, err
	}
	switch {
	case length < 0 || length > maxLen:
		return nil, fmt.Errorf("ordering: %w: SGD with length = %d draws per epoch, want in [0, 2^28]", ErrSetting, length)
	case length == 0:
		length = n
	}
	rnd, src := newRand(seed, sgdStream)
	return &SGD{n: n, length: length, rnd: rnd, src: src}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have n components. It panics if s was not made by
// NewSGD.
func (s *SGD) Order(dst []int, e Epoch) ([]int, error) {
	if s.rnd == nil {
		panic("ordering: SGD not made by NewSGD")
	}
	if err := checkLen("SGD", s.n, e); err != nil {
		return dst[:0], err
	}
	dst = slices.Grow(dst[:0], s.length)[:s.length]
	for k := range dst {
		dst[k] = s.rnd.IntN(s.n)
	}
	return dst, nil
}

// StandardShuffle is the standard shuffling of Section 5.1 for N top-level
// functions f_i = (1/m) Σ_j h_{i,j} with m low-level functions each. The
// flat index of h_{i,j} is i·m + j (0-based), so the order runs over N·m
// components. An epoch draws a uniformly random arrangement of the multiset
// holding m copies of each top index i, and a fresh uniformly random
// permutation r^low_i of [0, m) for each i; the k-th occurrence of i in the
// arrangement becomes i·m + r^low_{i,k}.
//
// The resulting sequence is a uniformly random permutation of all N·m flat
// indices, the same law as RR over them: a permutation π of the flat indices
// determines the arrangement (the top index of each entry of π) and the r^low_i
// (the order in which i's flat indices occur in π), and conversely, so the
// construction is a bijection between arrangements × (permutations of
// [0, m))^N and permutations of the N·m flat indices. Both sides have
// (Nm)!/(m!)^N · (m!)^N = (Nm)! elements, and the uniform law on the product
// maps to the uniform law on the permutations.
type StandardShuffle struct {
	twoLevel
	low  []int // low[i*m:(i+1)*m] is r^low_i
	next []int // next[i] is the number of occurrences of i placed so far
}

// twoLevel is what StandardShuffle and SGDInternal share: N top-level
// functions of m low-level ones each, and the source of their draws.
type twoLevel struct {
	n, m int
	rnd  *rand.Rand
	src  *rand.PCG // rnd's source, for the saved state
}

// newTwoLevel returns the twoLevel of the order name over n×m functions,
// drawing from stream of seed, or an error if n <= 0, m <= 0 or n·m >
// 2^28.
func newTwoLevel(name string, n, m int, seed, stream uint64) (twoLevel, error) {
	if err := checkTwoLevel(name, n, m); err != nil {
		return twoLevel{}, err
	}
	rnd, src := newRand(seed, stream)
	return twoLevel{n: n, m: m, rnd: rnd, src: src}, nil
}

// start is the start of the Order method of the order name: it returns
// dst emptied, with room for an epoch of N·m steps, or an error if e has
// an oracle whose problem does not have N·m components. It panics if the
// order was not made by its constructor, maker.
func (t *twoLevel) start(name, maker string, dst []int, e Epoch) ([]int, error) {
	if t.rnd == nil {
		panic("ordering: " + name + " not made by " + maker)
	}
	if err := checkLen(name, t.n*t.m, e); err != nil {
		return dst[:0], err
	}
	return slices.Grow(dst[:0], t.n*t.m), nil
}

// NewStandardShuffle returns standard shuffling of n top-level functions
// with m low-level functions each, seeded by seed. It returns an error if
// n <= 0, m <= 0 or n·m > 2^28 (an order that could not be allocated).
func NewStandardShuffle(n, m int, seed uint64) (*StandardShuffle, error) {
	t, err := newTwoLevel("StandardShuffle", n, m, seed, standardStream)
	if err != nil {
		return nil, err
	}
	return &StandardShuffle{twoLevel: t, low: make([]int, n*m), next: make([]int, n)}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have N·m components. It panics if s was not made by
// NewStandardShuffle.
func (s *StandardShuffle) Order(dst []int, e Epoch) ([]int, error) {
	dst, err := s.start("StandardShuffle", "NewStandardShuffle", dst, e)
	if err != nil {
		return dst, err
	}
	n, m := s.n, s.m
	dst = dst[:n*m]
	for k := range dst {
		dst[k] = k / m
	}
	shuffle(s.rnd, dst)
	for i := 0; i < n; i++ {
		low := s.low[i*m : (i+1)*m]
		for j := range low {
			low[j] = j
		}
		shuffle(s.rnd, low)
		s.next[i] = 0
	}
	for k, i := range dst {
		dst[k] = i*m + s.low[i*m+s.next[i]]
		s.next[i]++
	}
	return dst, nil
}

// SGDInternal is "running SGD internally" (Section 5.1) for N top-level
// functions with m low-level functions each, flat index i·m + j as in
// StandardShuffle. An epoch is m rounds; each round is a fresh uniformly
// random permutation r^top_k of the N top indices, and each visit of top
// index i takes a low index j drawn uniformly with replacement from
// [0, m). An epoch has N·m steps, like an epoch of the shuffling orders,
// and visits every top function exactly m times, but low functions may
// repeat or be missed: the low-level variance acts as oracle noise.
type SGDInternal struct {
	twoLevel
	perm []int
}

// NewSGDInternal returns running SGD internally over n top-level functions
// with m low-level functions each, seeded by seed. It returns an error if
// n <= 0, m <= 0 or n·m > 2^28 (an order that could not be allocated).
func NewSGDInternal(n, m int, seed uint64) (*SGDInternal, error) {
	t, err := newTwoLevel("SGDInternal", n, m, seed, internalStream)
	if err != nil {
		return nil, err
	}
	return &SGDInternal{twoLevel: t, perm: identity(nil, n)}, nil
}

// Order implements Orderer. It returns an error if e has an oracle whose
// problem does not have N·m components. It panics if s was not made by
// NewSGDInternal.
func (s *SGDInternal) Order(dst []int, e Epoch) ([]int, error) {
	dst, err := s.start("SGDInternal", "NewSGDInternal", dst, e)
	if err != nil {
		return dst, err
	}
	m := s.m
	for k := 0; k < m; k++ {
		// Shuffling the previous round's permutation gives a uniformly
		// random permutation independent of it.
		shuffle(s.rnd, s.perm)
		for _, i := range s.perm {
			dst = append(dst, i*m+s.rnd.IntN(m))
		}
	}
	return dst, nil
}

// checkTwoLevel validates the sizes of a two-level order named name.
func checkTwoLevel(name string, n, m int) error {
	switch {
	case n <= 0:
		return fmt.Errorf("ordering: %w: %s with N = %d top-level functions, want N > 0", ErrSetting, name, n)
	case m <= 0:
		return fmt.Errorf("ordering: %w: %s with m = %d low-level functions, want m > 0", ErrSetting, name, m)
	case m > maxLen/n:
		return fmt.Errorf("ordering: %w: %s with N·m = %d·%d components, want at most 2^28", ErrSetting, name, n, m)
	}
	return nil
}

// checkLen returns an error if e has an oracle whose problem does not have
// the n components the order named name runs over.
func checkLen(name string, n int, e Epoch) error {
	if e.Oracle == nil {
		return nil
	}
	if got := e.Oracle.Problem().Len(); got != n {
		return fmt.Errorf("ordering: %w: %s over %d components, problem has N = %d", ErrSetting, name, n, got)
	}
	return nil
}

// newRand returns a generator drawing from the PCG stream of seed, and
// its source, whose state a saved sampler holds.
func newRand(seed, stream uint64) (*rand.Rand, *rand.PCG) {
	src := rand.NewPCG(seed, stream)
	return rand.New(src), src
}

// identity returns dst[:0] extended to 0, 1, ..., n-1.
func identity(dst []int, n int) []int {
	dst = slices.Grow(dst[:0], n)[:n]
	for i := range dst {
		dst[i] = i
	}
	return dst
}

// shuffle permutes s uniformly at random (Fisher-Yates: position i takes a
// uniform pick among positions 0..i, for i from the end).
func shuffle(rnd *rand.Rand, s []int) {
	for i := len(s) - 1; i > 0; i-- {
		j := rnd.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// FlipFlop (Rajput, Lee and Papailiopoulos, 2022) draws a random
// permutation in the even epochs and uses its reverse in the odd ones: the
// prefix sums of the reversed order cancel those of the forward order's
// epoch to first order, at no cost.
type FlipFlop struct {
	n    int
	rnd  *rand.Rand
	src  *rand.PCG // rnd's source, for the saved state
	perm []int
}

var _ Orderer = (*FlipFlop)(nil)

// NewFlipFlop returns FlipFlop over n components, seeded by seed. It
// returns an error if n <= 0 or n > 2^28 (an order that could not be
// allocated).
func NewFlipFlop(n int, seed uint64) (*FlipFlop, error) {
	if err := checkMaxComponents("FlipFlop", n); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, fmt.Errorf("ordering: %w: FlipFlop over n = %d components, want n > 0", ErrSetting, n)
	}
	rnd, src := newRand(seed, flipFlopStream)
	return &FlipFlop{n: n, rnd: rnd, src: src}, nil
}

// Order implements Orderer. The epochs pair up by e.T: epoch 2k draws a
// permutation and epoch 2k+1 reverses it.
func (f *FlipFlop) Order(dst []int, e Epoch) ([]int, error) {
	if err := checkLen("FlipFlop", f.n, e); err != nil {
		return dst[:0], err
	}
	if e.T%2 == 0 || f.perm == nil {
		f.perm = identity(f.perm, f.n)
		shuffle(f.rnd, f.perm)
		return append(dst[:0], f.perm...), nil
	}
	dst = dst[:0]
	for k := f.n - 1; k >= 0; k-- {
		dst = append(dst, f.perm[k])
	}
	return dst, nil
}
