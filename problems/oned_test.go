// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

// phi2Direct returns φ²_{r,k}(x) for k = 1..len(r) of Assumption 4 for a
// one-dimensional problem, with plain loops.
func phi2Direct(p *OneD, r []int, x float64) []float64 {
	g := make([]float64, 1)
	p.Grad(g, []float64{x})
	mean := g[0]
	phi := make([]float64, len(r))
	var sum float64
	for k, i := range r {
		p.CompGrad(g, i, []float64{x})
		sum += g[0] - mean
		phi[k] = sum * sum
	}
	return phi
}

func TestOneDOrders(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(21, 22))
	for _, n := range []int{2, 4, 10, 64} {
		const sigma = 1.5
		p, err := NewOneD(n, sigma)
		if err != nil {
			t.Fatal(err)
		}
		alt, sorted := p.AlternatingOrder(), p.SortedOrder()
		for name, r := range map[string][]int{"alternating": alt, "sorted": sorted} {
			s := slices.Clone(r)
			slices.Sort(s)
			for i, v := range s {
				if v != i {
					t.Fatalf("N = %d: %s order %v is not a permutation", n, name, r)
				}
			}
		}
		if alt[0] != 0 || alt[1] != n/2 || alt[n-1] != n-1 {
			t.Errorf("N = %d: alternating order %v does not start 0, N/2 and end N-1", n, alt)
		}
		x := 10 * rnd.NormFloat64() // φ does not depend on x.
		// Section 4.1: partial sums alternate σ, 0 for the alternating
		// order, and climb to (N/2)σ for the sorted one.
		for k, v := range phi2Direct(p, alt, x) {
			want := 0.0
			if k%2 == 0 {
				want = sigma * sigma
			}
			if !scalar.EqualWithinAbs(v, want, 1e-9) {
				t.Errorf("N = %d: alternating φ²_%d = %v, want %v", n, k+1, v, want)
			}
		}
		phi := phi2Direct(p, sorted, x)
		top := slices.Max(phi)
		want := float64(n*n) / 4 * p.Sigma2()
		if !scalar.EqualWithinRel(top, want, 1e-9) {
			t.Errorf("N = %d: sorted max φ² = %v, want N²σ²/4 = %v", n, top, want)
		}
		if !scalar.EqualWithinAbs(phi[n/2-1], want, 1e-9*want) || !scalar.EqualWithinAbs(phi[n-1], 0, 1e-9) {
			t.Errorf("N = %d: sorted φ² peaks at %v (k = N/2) and ends at %v, want %v and 0", n, phi[n/2-1], phi[n-1], want)
		}
	}
}
