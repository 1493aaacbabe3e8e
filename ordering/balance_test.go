// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func isPerm(p []int, n int) bool { return checkPerm(p, n) == nil }

// runOrders runs Algorithm 1 on q for epochs epochs with o and returns the
// orders it used.
func runOrders(t *testing.T, q Problem, o Orderer, epochs int) [][]int {
	t.Helper()
	h := &History{KeepOrder: true}
	x0 := make([]float64, q.Dim())
	if _, err := Run(q, x0, o, &Settings{Epochs: epochs, Step: Constant(0.01), Recorder: h, SkipEval: true}); err != nil {
		t.Fatal(err)
	}
	var orders [][]int
	for _, r := range h.Records[1:] {
		orders = append(orders, r.Order)
	}
	return orders
}

func TestBalancePermutations(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 7, 10, 33} {
		q := newQuad(n, 3, uint64(n))
		for _, set := range []BalanceSettings{{}, {Strict: true}, {Rule: Probabilistic, Seed: 5}} {
			mb, err := NewMeanBalance(n, set)
			if err != nil {
				t.Fatal(err)
			}
			pb, err := NewPairBalance(n, set)
			if err != nil {
				t.Fatal(err)
			}
			ff, _ := NewFlipFlop(n, 3)
			for _, o := range []Orderer{mb, pb, ff} {
				for e, r := range runOrders(t, q, o, 4) {
					if !isPerm(r, n) {
						t.Errorf("n = %d, %T %+v, epoch %d: %v is not a permutation", n, o, set, e, r)
					}
				}
			}
		}
	}
}

// TestMeanBalanceBuildsFromObservations checks the order an epoch builds
// against the rule worked by hand: epoch 0 centres each gradient on the
// mean of those observed before it, and the signs follow <s, c> ≤ 0.
func TestMeanBalanceBuildsFromObservations(t *testing.T) {
	q := newQuad(6, 2, 9)
	mb, _ := NewMeanBalance(6, BalanceSettings{Start: []int{5, 4, 3, 2, 1, 0}})
	first, err := mb.Order(nil, Epoch{T: 0})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(first, []int{5, 4, 3, 2, 1, 0}) {
		t.Fatalf("first epoch %v, want the start order", first)
	}
	g := make([]float64, 2)
	var grads [][]float64
	for k, i := range first {
		q.CompGrad(g, i, []float64{0, 0})
		grads = append(grads, slices.Clone(g))
		mb.Observe(0, k, i, g)
	}
	got, _ := mb.Order(nil, Epoch{T: 1})
	s := []float64{0, 0}
	sum := []float64{0, 0}
	front, back := []int{}, []int{}
	for k, i := range first {
		c := slices.Clone(grads[k])
		if k > 0 {
			for j := range c {
				c[j] -= sum[j] / float64(k)
			}
		}
		sum[0], sum[1] = sum[0]+grads[k][0], sum[1]+grads[k][1]
		if s[0]*c[0]+s[1]*c[1] <= 0 {
			s[0], s[1] = s[0]+c[0], s[1]+c[1]
			front = append(front, i)
		} else {
			s[0], s[1] = s[0]-c[0], s[1]-c[1]
			back = append([]int{i}, back...)
		}
	}
	if want := append(front, back...); !slices.Equal(got, want) {
		t.Errorf("epoch 1 order %v, want %v", got, want)
	}
}

func TestPairBalanceOdd(t *testing.T) {
	for _, n := range []int{1, 3, 5, 9} {
		grads := mat.NewDense(n, 2, nil)
		rnd := rand.New(rand.NewPCG(uint64(n), 1))
		for i := range n {
			grads.Set(i, 0, rnd.NormFloat64())
			grads.Set(i, 1, rnd.NormFloat64())
		}
		r, err := PairBalanceOrder(nil, grads, nil, BalanceSettings{})
		if err != nil {
			t.Fatal(err)
		}
		if !isPerm(r, n) {
			t.Errorf("n = %d: %v is not a permutation", n, r)
		}
	}
	// The first pair meets s = 0: a tie, which goes to +1 (a front, b
	// back) by default and to -1 with Strict.
	grads := mat.NewDense(2, 1, []float64{1, -1})
	r, _ := PairBalanceOrder(nil, grads, nil, BalanceSettings{})
	rs, _ := PairBalanceOrder(nil, grads, nil, BalanceSettings{Strict: true})
	if !slices.Equal(r, []int{0, 1}) || !slices.Equal(rs, []int{1, 0}) {
		t.Errorf("pair orders %v and %v (strict), want [0 1] and [1 0]", r, rs)
	}
}

func TestFlipFlop(t *testing.T) {
	f, _ := NewFlipFlop(5, 1)
	a, _ := f.Order(nil, Epoch{T: 0})
	b, _ := f.Order(nil, Epoch{T: 1})
	c, _ := f.Order(nil, Epoch{T: 2})
	rev := slices.Clone(a)
	slices.Reverse(rev)
	if !slices.Equal(b, rev) {
		t.Errorf("orders %v, %v: want the second the reverse of the first", a, b)
	}
	if !isPerm(c, 5) {
		t.Errorf("third order %v is not a permutation", c)
	}
}

// TestBalanceReducesSigma checks on a fixed random gradient matrix that a
// few passes of offline balancing reach a σ*² at least 4 times below the
// mean over random orders: herding bounds the prefix sums by O(max‖u_i‖²)
// up to logarithms, while random orders have E σ*² = Θ(nσ²), here n = 200.
func TestBalanceReducesSigma(t *testing.T) {
	const n, d = 200, 5
	rnd := rand.New(rand.NewPCG(2, 2))
	grads := mat.NewDense(n, d, nil)
	for i := range n {
		for j := range d {
			grads.Set(i, j, rnd.NormFloat64())
		}
	}
	sigma := func(r []int) float64 {
		phi, err := Phi2(nil, grads, r)
		if err != nil {
			t.Fatal(err)
		}
		return SigmaStar2(phi, 0, 0)
	}
	var rr float64
	for k := range 20 {
		p := rand.New(rand.NewPCG(uint64(k), 3)).Perm(n)
		rr += sigma(p) / 20
	}
	for _, name := range []string{"mean", "pair"} {
		r := identity(nil, n)
		var err error
		for range 5 {
			if name == "mean" {
				r, err = MeanBalanceOrder(r, grads, slices.Clone(r), BalanceSettings{})
			} else {
				r, err = PairBalanceOrder(r, grads, slices.Clone(r), BalanceSettings{})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if s := sigma(r); !(s < rr/4) {
			t.Errorf("%s balance σ*² %.4g, mean over random orders %.4g: want at least 4 times smaller", name, s, rr)
		}
	}
}

func TestBalanceErrors(t *testing.T) {
	if _, err := NewMeanBalance(0, BalanceSettings{}); err == nil {
		t.Error("n = 0: no error")
	}
	if _, err := NewPairBalance(3, BalanceSettings{Start: []int{0, 0, 1}}); err == nil {
		t.Error("start with a repeat: no error")
	}
	if _, err := NewMeanBalance(3, BalanceSettings{Rule: 7}); err == nil {
		t.Error("unknown rule: no error")
	}
	if _, err := NewFlipFlop(-1, 0); err == nil {
		t.Error("FlipFlop n = -1: no error")
	}
	if _, err := MeanBalanceOrder(nil, mat.NewDense(3, 1, nil), []int{0, 1}, BalanceSettings{}); err == nil {
		t.Error("short start: no error")
	}
}

func FuzzBalance(f *testing.F) {
	f.Add(uint8(5), uint64(1), uint8(0), []byte{1, 2, 3})
	f.Add(uint8(1), uint64(7), uint8(2), []byte{})
	f.Fuzz(func(t *testing.T, n8 uint8, seed uint64, rule uint8, visits []byte) {
		n := int(n8%40) + 1
		set := BalanceSettings{Seed: seed, Rule: SignRule(rule % 2), Strict: rule&4 != 0}
		mb, err := NewMeanBalance(n, set)
		if err != nil {
			t.Fatal(err)
		}
		pb, _ := NewPairBalance(n, set)
		for _, o := range []interface {
			Orderer
			Observer
		}{mb, pb} {
			// Observe an arbitrary sequence (repeats, omissions): the
			// next order must still be a permutation.
			if _, err := o.Order(nil, Epoch{T: 0}); err != nil {
				t.Fatal(err)
			}
			g := make([]float64, 2)
			for k, v := range visits {
				g[0], g[1] = float64(v)-100, math.Sin(float64(k))
				o.Observe(0, k, int(v)%n, g)
			}
			r, err := o.Order(nil, Epoch{T: 1})
			if err != nil || !isPerm(r, n) {
				t.Fatalf("%T: %v, %v is not a permutation of %d", o, err, r, n)
			}
		}
	})
}
