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

// orderCase makes one strategy over n components with a seed.
type orderCase struct {
	name string
	n    int  // number of components
	perm bool // every epoch is a permutation of [0, n)
	make func(seed uint64) (Orderer, error)
}

// orderCases are the strategies of this package at small sizes.
func orderCases() []orderCase {
	return []orderCase{
		{"RR", 50, true, func(s uint64) (Orderer, error) { return NewRR(50, s) }},
		{"ShuffleOnce", 50, true, func(s uint64) (Orderer, error) { return NewShuffleOnce(50, s) }},
		{"SGD", 50, false, func(s uint64) (Orderer, error) { return NewSGD(50, 0, s) }},
		{"KShuffle", 60, true, func(s uint64) (Orderer, error) { return NewKShuffle(6, 10, 3, s) }},
		{"MultiLevel", 60, true, func(s uint64) (Orderer, error) { return NewMultiLevel([]int{3, 4, 5}, []int{2, 3}, s) }},
		{"StandardShuffle", 60, true, func(s uint64) (Orderer, error) { return NewStandardShuffle(6, 10, s) }},
		{"SGDInternal", 60, false, func(s uint64) (Orderer, error) { return NewSGDInternal(6, 10, s) }},
	}
}

// order returns the order c makes with seed; it ends the test if c's
// constructor fails.
func (c orderCase) order(t testing.TB, seed uint64) Orderer {
	t.Helper()
	o, err := c.make(seed)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return o
}

// epochs returns the sequences of the first k epochs of o.
func epochs(t testing.TB, o Orderer, k int) [][]int {
	t.Helper()
	var seqs [][]int
	var dst []int
	for e := range k {
		var err error
		dst, err = o.Order(dst, Epoch{T: e})
		if err != nil {
			t.Fatalf("epoch %d: %v", e, err)
		}
		seqs = append(seqs, slices.Clone(dst))
	}
	return seqs
}

// checkRange returns an error if seq is empty or holds an index outside
// [0, n).
func checkRange(seq []int, n int) error {
	if len(seq) == 0 {
		return errors.New("empty sequence")
	}
	for k, i := range seq {
		if i < 0 || i >= n {
			return fmt.Errorf("position %d holds %d, want [0, %d)", k, i, n)
		}
	}
	return nil
}

func TestOrdersValid(t *testing.T) {
	for _, c := range orderCases() {
		o := c.order(t, 1)
		for e, seq := range epochs(t, o, 5) {
			var err error
			if c.perm {
				err = checkPerm(seq, c.n)
			} else if len(seq) != c.n {
				err = fmt.Errorf("length %d, want %d", len(seq), c.n)
			} else {
				err = checkRange(seq, c.n)
			}
			if err != nil {
				t.Errorf("%s: epoch %d: %v", c.name, e, err)
			}
		}
	}
}

func TestOrdersDeterministic(t *testing.T) {
	for _, c := range orderCases() {
		a, b, d := c.order(t, 7), c.order(t, 7), c.order(t, 8)
		ea, eb, ed := epochs(t, a, 3), epochs(t, b, 3), epochs(t, d, 3)
		for e := range ea {
			if !slices.Equal(ea[e], eb[e]) {
				t.Errorf("%s: epoch %d differs between two orders seeded 7", c.name, e)
			}
			// Two seeds agree on a sequence of 50 or more entries with
			// probability at most 1/50!.
			if slices.Equal(ea[e], ed[e]) {
				t.Errorf("%s: epoch %d equal for seeds 7 and 8", c.name, e)
			}
		}
		// Only ShuffleOnce repeats itself.
		if again := slices.Equal(ea[0], ea[1]); again != (c.name == "ShuffleOnce") {
			t.Errorf("%s: epochs 0 and 1 equal = %t", c.name, again)
		}
	}
}

func TestOrdersNoAlloc(t *testing.T) {
	for _, c := range orderCases() {
		o := c.order(t, 1)
		dst, _ := o.Order(nil, Epoch{})
		allocs := testing.AllocsPerRun(10, func() {
			dst, _ = o.Order(dst, Epoch{T: 1})
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per Order, want 0", c.name, allocs)
		}
	}
}

func TestOrdersProblemSize(t *testing.T) {
	for _, c := range orderCases() {
		o := c.order(t, 1)
		good := Epoch{Oracle: NewOracle(newQuad(c.n, 1, 1), nil, nil)}
		if _, err := o.Order(nil, good); err != nil {
			t.Errorf("%s: problem with N = %d: %v", c.name, c.n, err)
		}
		bad := Epoch{Oracle: NewOracle(newQuad(c.n+1, 1, 1), nil, nil)}
		if _, err := o.Order(nil, bad); !errors.Is(err, ErrSetting) {
			t.Errorf("%s: problem with N = %d: err = %v, want ErrSetting", c.name, c.n+1, err)
		}
	}
	inc, err := NewIncremental(3, []int{2, 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inc.Order(nil, Epoch{Oracle: NewOracle(newQuad(4, 1, 1), nil, nil)}); !errors.Is(err, ErrSetting) {
		t.Errorf("Incremental: problem with N = 4: err = %v, want ErrSetting", err)
	}
}

func TestOrdersErrors(t *testing.T) {
	for _, test := range []struct {
		name string
		err  error
		want error
		text string // a substring the message must hold
	}{
		{"RR n=0", second(NewRR(0, 1)), ErrSetting, "n = 0"},
		{"RR n<0", second(NewRR(-3, 1)), ErrSetting, "n = -3"},
		{"Incremental n=0", second(NewIncremental(0, nil)), ErrSetting, "n = 0"},
		{"Incremental empty", second(NewIncremental(3, []int{})), ErrEmpty, "empty"},
		{"Incremental high", second(NewIncremental(3, []int{0, 3})), ErrIndex, "holds 3 at position 1"},
		{"Incremental negative", second(NewIncremental(3, []int{-1})), ErrIndex, "holds -1"},
		{"ShuffleOnce n=0", second(NewShuffleOnce(0, 1)), ErrSetting, "n = 0"},
		{"SGD n=0", second(NewSGD(0, 1, 1)), ErrSetting, "n = 0"},
		{"SGD length<0", second(NewSGD(4, -1, 1)), ErrSetting, "length = -1"},
		{"KShuffle N=0", second(NewKShuffle(0, 4, 1, 1)), ErrSetting, "N = 0"},
		{"KShuffle m=0", second(NewKShuffle(3, 0, 1, 1)), ErrSetting, "m = 0"},
		{"KShuffle K=0", second(NewKShuffle(3, 4, 0, 1)), ErrSetting, "K = 0"},
		{"KShuffle K>m", second(NewKShuffle(3, 4, 5, 1)), ErrSetting, "K = 5, want 1 <= K <= m = 4"},
		{"KShuffle overflow", second(NewKShuffle(math.MaxInt/2, 3, 1, 1)), ErrSetting, "N·m = 4611686018427387903·3 components, want at most 2^28"},
		{"MultiLevel no levels", second(NewMultiLevel(nil, nil, 1)), ErrSetting, "no levels"},
		{"MultiLevel len(K)", second(NewMultiLevel([]int{2, 3}, []int{1, 1}, 1)), ErrSetting, "len(K) = 2, want 1"},
		{"MultiLevel size", second(NewMultiLevel([]int{2, 0, 3}, []int{1, 1}, 1)), ErrSetting, "Sizes[1] = 0"},
		{"MultiLevel K high", second(NewMultiLevel([]int{2, 3, 4}, []int{13, 1}, 1)), ErrSetting, "K[0] = 13, want in [1, 12]"},
		{"MultiLevel K low", second(NewMultiLevel([]int{2, 3, 4}, []int{1, 0}, 1)), ErrSetting, "K[1] = 0"},
		{"MultiLevel overflow", second(NewMultiLevel([]int{1 << 32, 1 << 32}, []int{1}, 1)), ErrSetting, "more than 2^28 components"},
		{"StandardShuffle N=0", second(NewStandardShuffle(0, 3, 1)), ErrSetting, "N = 0"},
		{"StandardShuffle m<0", second(NewStandardShuffle(2, -1, 1)), ErrSetting, "m = -1"},
		{"SGDInternal N<0", second(NewSGDInternal(-2, 3, 1)), ErrSetting, "N = -2"},
		{"SGDInternal m=0", second(NewSGDInternal(2, 0, 1)), ErrSetting, "m = 0"},
		{"SameClassBatches empty", second(SameClassBatches(nil, 2, 1)), ErrEmpty, "no labels"},
		{"SameClassBatches size", second(SameClassBatches([]int{0, 1}, 0, 1)), ErrSetting, "batch size = 0"},
		{"SameClassBatches label", second(SameClassBatches([]int{0, -2}, 1, 1)), ErrIndex, "label -2 of example 1"},
	} {
		if !errors.Is(test.err, test.want) || !strings.Contains(test.err.Error(), test.text) {
			t.Errorf("%s: err = %v, want %v naming %q", test.name, test.err, test.want, test.text)
		}
	}
}

// second returns the error of a constructor call.
func second[T any](_ T, err error) error { return err }

func TestOrdersZeroValuePanics(t *testing.T) {
	for _, o := range []Orderer{new(RR), new(ShuffleOnce), new(SGD), new(MultiLevel), new(StandardShuffle), new(SGDInternal)} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, "ordering: ") {
					t.Errorf("%T: recovered %q, want an ordering panic", o, msg)
				}
			}()
			o.Order(nil, Epoch{})
		}()
	}
}

func TestIncremental(t *testing.T) {
	id, err := NewIncremental(4, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, seq := range epochs(t, id, 2) {
		if !slices.Equal(seq, []int{0, 1, 2, 3}) {
			t.Errorf("identity order = %v, want [0 1 2 3]", seq)
		}
	}
	in := []int{3, 0, 3}
	fix, err := NewIncremental(4, in)
	if err != nil {
		t.Fatal(err)
	}
	in[0] = 1 // The order must have copied its input.
	for _, seq := range epochs(t, fix, 2) {
		if !slices.Equal(seq, []int{3, 0, 3}) {
			t.Errorf("order = %v, want [3 0 3]", seq)
		}
	}
}

// positionStat returns the statistic
//
//	X = Σ_{i,p} (C_ip - R/n)² / (R/n)
//
// of the counts C_ip of element i at position p over R sequences drawn by
// next, and its mean and standard deviation if every sequence is an
// independent uniformly random permutation of [0, n).
//
// Derivation: C = Σ_r P_r for R independent uniform permutation matrices, so
// C_ip ~ Binomial(R, 1/n) and E X = n² Var(C_ip)/(R/n) = n(n-1). Writing
// Y_r = P_r - 1/n, X = (n/R) Σ_{r,s} <Y_r, Y_s>; <Y_r, Y_r> = n-1 exactly and,
// for r ≠ s, <Y_r, Y_s> = F_rs - 1 with F_rs the number of fixed points of
// the uniform permutation P_rᵀP_s (mean 1, variance 1 for n ≥ 2). The F_rs
// of distinct pairs are uncorrelated (given the shared P_r, two pairs are
// independent with mean 1), so
//
//	Var X = (2n/R)² · R(R-1)/2 = 2n²(R-1)/R.
//
// X is close to a χ² law with about (n-1)² degrees of freedom, whose tails
// beyond 6 standard deviations hold less than 1e-6 for the sizes used here.
func positionStat(R, n int, next func() []int) (x, mean, sd float64) {
	counts := make([]int, n*n)
	for range R {
		for p, i := range next() {
			counts[i*n+p]++
		}
	}
	fn := float64(n)
	return pearson(counts, float64(R)/fn), fn * (fn - 1), fn * math.Sqrt(2*float64(R-1)/float64(R))
}

func TestRRUniformPositions(t *testing.T) {
	if testing.Short() {
		t.Skip("statistical test")
	}
	const (
		n = 8
		R = 20000
	)
	rr, err := NewRR(n, 3)
	if err != nil {
		t.Fatal(err)
	}
	var dst []int
	// ShuffleOnce over R seeds must be uniform too.
	seed := uint64(0)
	// naive swaps position i with a uniform position in [0, n) instead of
	// [0, i]: its n^n equally likely paths cannot map evenly onto the n!
	// permutations, and the test must reject it.
	naive := rand.New(rand.NewPCG(3, 3))
	for _, test := range []struct {
		name    string
		next    func() []int
		uniform bool
	}{
		{"RR", func() []int { dst, _ = rr.Order(dst, Epoch{}); return dst }, true},
		{"ShuffleOnce seeds", func() []int {
			seed++
			o, _ := NewShuffleOnce(n, seed)
			dst, _ = o.Order(dst, Epoch{})
			return dst
		}, true},
		{"naive shuffle", func() []int {
			dst = identity(dst, n)
			for i := range dst {
				j := naive.IntN(n)
				dst[i], dst[j] = dst[j], dst[i]
			}
			return dst
		}, false},
	} {
		x, mean, sd := positionStat(R, n, test.next)
		t.Logf("%s: X = %.4g, uniform law %.4g ± %.4g", test.name, x, mean, sd)
		if pass := math.Abs(x-mean) <= 6*sd; pass != test.uniform {
			t.Errorf("%s: X = %.4g, uniform law %.4g ± 6·%.4g: pass = %t, want %t", test.name, x, mean, sd, pass, test.uniform)
		}
	}
}

func TestSGDUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("statistical test")
	}
	const (
		n = 20
		R = 2000
	)
	s, err := NewSGD(n, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	counts := make([]int, n)
	for _, seq := range epochs(t, s, R) {
		for _, i := range seq {
			counts[i]++
		}
	}
	// The counts are Multinomial(R·n, 1/n): Pearson's statistic is close
	// to χ²_{n-1}, mean n-1 and variance 2(n-1).
	x := pearson(counts, float64(R))
	t.Logf("X = %.4g", x)
	if mean, sd := float64(n-1), math.Sqrt(2*float64(n-1)); math.Abs(x-mean) > 6*sd {
		t.Errorf("X = %.4g, want %.4g ± 6·%.4g", x, mean, sd)
	}
}

func TestSGDLength(t *testing.T) {
	s, err := NewSGD(10, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, seq := range epochs(t, s, 3) {
		if len(seq) != 1 {
			t.Errorf("length %d, want 1", len(seq))
		}
	}
}

// pearson returns Σ_k (c_k - e)²/e for counts c with common expectation e.
func pearson(counts []int, e float64) float64 {
	var x float64
	for _, c := range counts {
		d := float64(c) - e
		x += d * d / e
	}
	return x
}

func TestSGDInternal(t *testing.T) {
	const (
		N = 5
		m = 4
		R = 3000
	)
	s, err := NewSGDInternal(N, m, 2)
	if err != nil {
		t.Fatal(err)
	}
	counts := make([]int, N*m)
	for e, seq := range epochs(t, s, R) {
		if err := checkSGDInternal(seq, N, m); err != nil {
			t.Fatalf("epoch %d: %v", e, err)
		}
		for _, f := range seq {
			counts[f]++
		}
	}
	if testing.Short() {
		return
	}
	// Each of the R·m visits of top i draws its low index uniformly, so
	// the counts of i's flat indices are Multinomial(R·m, 1/m): Pearson's
	// statistic over all is close to χ² with N(m-1) degrees of freedom.
	x := pearson(counts, float64(R))
	t.Logf("X = %.4g", x)
	df := float64(N * (m - 1))
	if sd := math.Sqrt(2 * df); math.Abs(x-df) > 6*sd {
		t.Errorf("X = %.4g, want %.4g ± 6·%.4g", x, df, sd)
	}
}

// checkSGDInternal returns an error if seq is not m rounds, each a
// permutation of the N top indices, over flat indices in [0, N·m).
func checkSGDInternal(seq []int, N, m int) error {
	if len(seq) != N*m {
		return fmt.Errorf("length %d, want %d", len(seq), N*m)
	}
	if err := checkRange(seq, N*m); err != nil {
		return err
	}
	tops := make([]int, N)
	for k := range m {
		for p, f := range seq[k*N : (k+1)*N] {
			tops[p] = f / m
		}
		if err := checkPerm(tops, N); err != nil {
			return fmt.Errorf("round %d: tops %v: %v", k, tops, err)
		}
	}
	return nil
}

// permIndex returns the rank of the permutation p of [0, len(p)) among all
// permutations (its Lehmer code).
func permIndex(p []int) int {
	r := 0
	for i, v := range p {
		smaller := 0
		for _, w := range p[i+1:] {
			if w < v {
				smaller++
			}
		}
		r = r*(len(p)-i) + smaller
	}
	return r
}

func TestStandardShuffleUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("statistical test")
	}
	// Whole permutations: with N·m = 4 or 6 flat indices, every one of the
	// (Nm)! permutations must be equally likely, the law of RR. Over R
	// epochs the counts are Multinomial(R, 1/(Nm)!) and Pearson's statistic
	// has mean k-1 and variance 2(k-1) (up to O(1/R)) for k = (Nm)!
	// categories.
	for _, test := range []struct {
		name    string
		N, m    int
		o       func(N, m int) (Orderer, error)
		uniform bool
	}{
		{"StandardShuffle 2x2", 2, 2, func(N, m int) (Orderer, error) { return NewStandardShuffle(N, m, 1) }, true},
		{"StandardShuffle 3x2", 3, 2, func(N, m int) (Orderer, error) { return NewStandardShuffle(N, m, 1) }, true},
		{"StandardShuffle 2x3", 2, 3, func(N, m int) (Orderer, error) { return NewStandardShuffle(N, m, 1) }, true},
		{"RR 3x2", 3, 2, func(N, m int) (Orderer, error) { return NewRR(N*m, 1) }, true},
		// K-shuffling is not uniform over flat permutations: the test must
		// tell.
		{"KShuffle 2x2 K=1", 2, 2, func(N, m int) (Orderer, error) { return NewKShuffle(N, m, 1, 1) }, false},
		{"KShuffle 3x2 K=2", 3, 2, func(N, m int) (Orderer, error) { return NewKShuffle(N, m, 2, 1) }, false},
	} {
		o, err := test.o(test.N, test.m)
		if err != nil {
			t.Fatal(err)
		}
		k := 1
		for i := 2; i <= test.N*test.m; i++ {
			k *= i
		}
		R := 50 * k
		counts := make([]int, k)
		var dst []int
		for range R {
			dst, _ = o.Order(dst, Epoch{})
			counts[permIndex(dst)]++
		}
		x := pearson(counts, float64(R)/float64(k))
		df := float64(k - 1)
		sd := math.Sqrt(2 * df)
		t.Logf("%s: X = %.4g, uniform law %.4g ± %.4g", test.name, x, df, sd)
		if pass := math.Abs(x-df) <= 6*sd; pass != test.uniform {
			t.Errorf("%s: X = %.4g, uniform law %.4g ± 6·%.4g: pass = %t, want %t", test.name, x, df, sd, pass, test.uniform)
		}
	}

	// Positions at a larger size: the statistic of positionStat has the
	// same law for StandardShuffle as for RR over the N·m flat indices.
	const (
		N = 5
		m = 4
		R = 20000
	)
	s, err := NewStandardShuffle(N, m, 9)
	if err != nil {
		t.Fatal(err)
	}
	var dst []int
	x, mean, sd := positionStat(R, N*m, func() []int { dst, _ = s.Order(dst, Epoch{}); return dst })
	t.Logf("X = %.4g, want %.4g ± %.4g", x, mean, sd)
	if math.Abs(x-mean) > 6*sd {
		t.Errorf("StandardShuffle positions: X = %.4g, want %.4g ± 6·%.4g", x, mean, sd)
	}
}

func ExampleRR() {
	rr, err := NewRR(6, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	var order []int
	for t := range 3 {
		order, _ = rr.Order(order, Epoch{T: t})
		fmt.Println(order)
	}
	// Output:
	// [5 3 2 4 0 1]
	// [3 2 0 5 4 1]
	// [1 3 2 5 0 4]
}
