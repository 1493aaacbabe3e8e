// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"fmt"

	"github.com/goodorder/goodorder/ordering"
)

// OneD is the one-dimensional example of Section 4.1 (after Safran
// and Shamir), in 0-based indices:
//
//	f_i(x) = x²/2 + σ x  for i < N/2,
//	f_i(x) = x²/2 - σ x  for i ≥ N/2,
//
// so f(x) = x²/2 with minimiser x* = 0 and f* = 0, and every component is
// 1-smooth and 1-strongly convex (L = μ = 1).
//
// Since ∇f_i(x) - ∇f(x) = ±σ at every x, the set {f_i} is (σ², 0)-
// heterogeneous (Assumption 5) with equality, and the partial sums φ_{r,k}
// of Assumption 4 do not depend on x:
//
//   - the alternating order f_1, f_{N/2+1}, f_2, f_{N/2+2}, ... (see
//     AlternatingOrder) has partial sums σ, 0, σ, 0, ..., so σ*² = σ² with
//     M* = 0, the least value up to the constant of Appendix C;
//   - the sorted order f_1, ..., f_N (see SortedOrder) has partial sums
//     σ, 2σ, ..., (N/2)σ, ..., σ, 0, so σ*² = (N/2)² σ² = N² σ²/4;
//   - a uniformly random order has E σ*² ≥ N σ²/256 (Section 4.1, from
//     Lemma 12 of Rajput et al.), a factor of order N above the
//     alternating order.
//
// ordering.AlternatingSigmaStar2, ordering.SortedSigmaStar2 and
// ordering.RandomSigmaStar2Lower return these values.
type OneD struct {
	n     int
	sigma float64
}

// NewOneD returns the Section 4.1 example with n components and shift σ.
// It returns an error wrapping ordering.ErrSetting and naming the value if
// n is not even and positive, σ is negative or not finite, or σ² is above
// MaxFloat64/(16·N²), where sums of squared gradient norms would overflow.
func NewOneD(n int, sigma float64) (*OneD, error) {
	if n < 2 || n%2 != 0 {
		return nil, fmt.Errorf("problems: %w: one-dimensional example with N = %d, want an even number >= 2", ordering.ErrSetting, n)
	}
	if !nonNeg(sigma) {
		return nil, fmt.Errorf("problems: %w: one-dimensional example with σ = %v, want finite and >= 0", ordering.ErrSetting, sigma)
	}
	if !squaresFit(sigma*sigma, n) {
		return nil, fmt.Errorf("problems: %w: one-dimensional example with σ = %v and N = %d: squared gradient norms would overflow, want σ² <= %.3g", ordering.ErrSetting, sigma, n, maxSquare(n))
	}
	return &OneD{n: n, sigma: sigma}, nil
}

// Len returns N.
func (p *OneD) Len() int { return p.n }

// Dim returns 1.
func (p *OneD) Dim() int { return 1 }

// Sigma returns the shift σ.
func (p *OneD) Sigma() float64 { return p.sigma }

// Sigma2 returns the heterogeneity σ² of Assumption 5, (1/N) Σ_i (f_i'(x) -
// f'(x))² = σ² at every x (M = 0).
func (p *OneD) Sigma2() float64 { return p.sigma * p.sigma }

// L returns the smoothness constant of every component, 1.
func (p *OneD) L() float64 { return 1 }

// Mu returns the strong convexity constant of every component and of f, 1.
func (p *OneD) Mu() float64 { return 1 }

// Minimizer returns the minimiser of f, [0].
func (p *OneD) Minimizer() []float64 { return []float64{0} }

// MinValue returns f(0) = 0, the least value of f.
func (p *OneD) MinValue() float64 { return 0 }

// shift returns ±σ, the linear coefficient of f_i. It panics if i is out of
// range.
func (p *OneD) shift(i int) float64 {
	switch {
	case i < 0 || i >= p.n:
		panic("problems: component index out of range")
	case i < p.n/2:
		return p.sigma
	default:
		return -p.sigma
	}
}

// CompFunc returns f_i(x). It panics if i is out of range.
func (p *OneD) CompFunc(i int, x []float64) float64 {
	return x[0]*x[0]/2 + p.shift(i)*x[0]
}

// CompGrad stores f_i'(x) = x ± σ in grad[0]. It panics if i is out of
// range.
func (p *OneD) CompGrad(grad []float64, i int, x []float64) {
	grad[0] = x[0] + p.shift(i)
}

// Func returns f(x) = x²/2.
func (p *OneD) Func(x []float64) float64 { return x[0] * x[0] / 2 }

// Grad stores f'(x) = x in grad[0].
func (p *OneD) Grad(grad, x []float64) { grad[0] = x[0] }

// AlternatingOrder returns the good order of Section 4.1, which pairs every
// +σ component with a -σ one: 0, N/2, 1, N/2+1, ..., N/2-1, N-1.
func (p *OneD) AlternatingOrder() []int {
	h := p.n / 2
	r := make([]int, 0, p.n)
	for i := 0; i < h; i++ {
		r = append(r, i, h+i)
	}
	return r
}

// SortedOrder returns the bad order of Section 4.1, all +σ components
// before all -σ ones: 0, 1, ..., N-1.
func (p *OneD) SortedOrder() []int {
	r := make([]int, p.n)
	for i := range r {
		r[i] = i
	}
	return r
}

var (
	_ ordering.Problem    = (*OneD)(nil)
	_ ordering.Funcer     = (*OneD)(nil)
	_ ordering.Gradienter = (*OneD)(nil)
)
