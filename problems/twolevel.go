// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"fmt"
	"math"

	"github.com/goodorder/goodorder/ordering"
)

// TwoLevelConfig sets up the two-level quadratic. A zero field means its
// default, the value of Section 6.2.
type TwoLevelConfig struct {
	// D is the dimension d. Default 20.
	D int
	// Lambda is the regulariser λ. Default 0.2.
	Lambda float64
	// N is the number of top-level functions; it must be even. Default 2.
	N int
	// M is the number m of low-level functions per top-level function; it
	// must be even and at least 2. It has no default.
	M int
	// SigmaTop is the coefficient σ_top of the top-level shift. Default 0.
	SigmaTop float64
	// SigmaLow is the coefficient σ_low of the low-level shift. Default 10.
	SigmaLow float64
}

// TwoLevel is the two-level quadratic of Section 6.2:
//
//	f(x)      = ½ <Ax, x> + λ/2 ‖x‖²,  A = tridiag(-1, 2, -1) ∈ R^{d×d},
//	f_i(x)    = f(x) + s_i σ_top <1, x>,   s_i = +1 for i < N/2, -1 otherwise,
//	h_{i,j}(x) = f_i(x) + t_j σ_low <1, x>, t_j = +1 for j < m/2, -1 otherwise.
//
// Its components are the N·m low-level functions h_{i,j} at the flat index
// i·m + j, so that orders from ordering.NewKShuffle(N, m, K, seed) and
// ordering.NewStandardShuffle(N, m, seed) apply directly. The shifts cancel
// in the mean, so f is the mean of the components and its minimiser is 0.
//
// Every component has the Hessian H = A + λI, so L = λ_max(H) =
// 2 - 2cos(dπ/(d+1)) + λ and μ = λ_min(H) = 2 - 2cos(π/(d+1)) + λ.
type TwoLevel struct {
	d, n, m          int
	lambda, top, low float64
	diag             float64   // 2 + λ
	shifts           []float64 // s_i σ_top + t_j σ_low at flat index i·m + j
}

// NewTwoLevel returns the two-level quadratic set up by c. It returns an
// error naming the value if d < 1, λ < 0, N or m is not even and positive,
// or a σ is negative or not finite.
func NewTwoLevel(c TwoLevelConfig) (*TwoLevel, error) {
	if c.D == 0 {
		c.D = 20
	}
	if c.Lambda == 0 {
		c.Lambda = 0.2
	}
	if c.N == 0 {
		c.N = 2
	}
	if c.SigmaLow == 0 {
		c.SigmaLow = 10
	}
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case c.D < 1:
		return nil, fmt.Errorf("problems: two-level quadratic with d = %d, want d >= 1", c.D)
	case !(c.Lambda >= 0) || !finite(c.Lambda):
		return nil, fmt.Errorf("problems: two-level quadratic with λ = %v, want finite and >= 0", c.Lambda)
	case c.N < 2 || c.N%2 != 0:
		return nil, fmt.Errorf("problems: two-level quadratic with N = %d, want an even number >= 2", c.N)
	case c.M < 2 || c.M%2 != 0:
		return nil, fmt.Errorf("problems: two-level quadratic with m = %d, want an even number >= 2", c.M)
	case !(c.SigmaTop >= 0) || !finite(c.SigmaTop):
		return nil, fmt.Errorf("problems: two-level quadratic with σ_top = %v, want finite and >= 0", c.SigmaTop)
	case !(c.SigmaLow >= 0) || !finite(c.SigmaLow):
		return nil, fmt.Errorf("problems: two-level quadratic with σ_low = %v, want finite and >= 0", c.SigmaLow)
	case c.M > math.MaxInt/c.N:
		return nil, fmt.Errorf("problems: two-level quadratic with N·m = %d·%d overflows int", c.N, c.M)
	}
	p := &TwoLevel{d: c.D, n: c.N, m: c.M, lambda: c.Lambda, top: c.SigmaTop, low: c.SigmaLow, diag: 2 + c.Lambda}
	// A table of the shifts keeps integer division out of the step loop.
	p.shifts = make([]float64, c.N*c.M)
	for i := 0; i < c.N; i++ {
		s := c.SigmaTop
		if i >= c.N/2 {
			s = -c.SigmaTop
		}
		for j := 0; j < c.M; j++ {
			t := c.SigmaLow
			if j >= c.M/2 {
				t = -c.SigmaLow
			}
			p.shifts[i*c.M+j] = t + s
		}
	}
	return p, nil
}

// Len returns N·m, the number of low-level functions.
func (p *TwoLevel) Len() int { return p.n * p.m }

// Dim returns d.
func (p *TwoLevel) Dim() int { return p.d }

// N returns the number of top-level functions.
func (p *TwoLevel) N() int { return p.n }

// M returns the number of low-level functions per top-level function.
func (p *TwoLevel) M() int { return p.m }

// Lambda returns λ.
func (p *TwoLevel) Lambda() float64 { return p.lambda }

// SigmaTop returns the coefficient σ_top.
func (p *TwoLevel) SigmaTop() float64 { return p.top }

// SigmaLow returns the coefficient σ_low.
func (p *TwoLevel) SigmaLow() float64 { return p.low }

// SigmaTop2 returns the heterogeneity σ² of Assumption 5 of the top-level
// functions {f_i} with respect to f: ∇f_i - ∇f = ±σ_top 1, so
//
//	(1/N) Σ_i ‖∇f_i(x) - ∇f(x)‖² = d σ_top²  (M = 0).
func (p *TwoLevel) SigmaTop2() float64 { return float64(p.d) * p.top * p.top }

// SigmaLow2 returns the heterogeneity σ² of Assumption 5 of the low-level
// functions {h_{i,j}} with respect to f_i: d σ_low² (M = 0).
func (p *TwoLevel) SigmaLow2() float64 { return float64(p.d) * p.low * p.low }

// L returns the smoothness constant of every component, λ_max(A) + λ.
func (p *TwoLevel) L() float64 {
	return 2 - 2*math.Cos(float64(p.d)*math.Pi/float64(p.d+1)) + p.lambda
}

// Mu returns the strong convexity constant of every component,
// λ_min(A) + λ.
func (p *TwoLevel) Mu() float64 {
	return 2 - 2*math.Cos(math.Pi/float64(p.d+1)) + p.lambda
}

// Minimizer returns the minimiser of f, the zero vector.
func (p *TwoLevel) Minimizer() []float64 { return make([]float64, p.d) }

// shift returns s_i σ_top + t_j σ_low for the component at flat index k.
func (p *TwoLevel) shift(k int) float64 { return p.shifts[k] }

// quad returns ½ <Hx, x> with H = A + λI and the sum of x.
func (p *TwoLevel) quad(x []float64) (q, sum float64) {
	d := len(x)
	for k, v := range x {
		hv := p.diag * v
		if k > 0 {
			hv -= x[k-1]
		}
		if k < d-1 {
			hv -= x[k+1]
		}
		q += v * hv
		sum += v
	}
	return q / 2, sum
}

// CompFunc returns h_k(x) at flat index k = i·m + j.
func (p *TwoLevel) CompFunc(k int, x []float64) float64 {
	q, sum := p.quad(x)
	return q + p.shift(k)*sum
}

// CompGrad stores ∇h_k(x) = (A + λI)x + (s_i σ_top + t_j σ_low) 1 in grad.
func (p *TwoLevel) CompGrad(grad []float64, k int, x []float64) {
	p.hess(grad, x)
	c := p.shift(k)
	for j := range grad {
		grad[j] += c
	}
}

// Func returns f(x) = ½ <(A + λI)x, x>.
func (p *TwoLevel) Func(x []float64) float64 {
	q, _ := p.quad(x)
	return q
}

// Grad stores ∇f(x) = (A + λI)x in grad.
func (p *TwoLevel) Grad(grad, x []float64) { p.hess(grad, x) }

// hess stores (A + λI)x in dst; dst and x must not overlap.
func (p *TwoLevel) hess(dst, x []float64) {
	d := len(x)
	for k, v := range x {
		hv := p.diag * v
		if k > 0 {
			hv -= x[k-1]
		}
		if k < d-1 {
			hv -= x[k+1]
		}
		dst[k] = hv
	}
}

// Step does one gradient step on component k in place,
//
//	x ← x - γ ∇h_k(x),
//
// in O(d) time without allocating. It gives the same result as CompGrad
// followed by the update, up to rounding.
func (p *TwoLevel) Step(x []float64, gamma float64, k int) {
	p.step(x, 1-gamma*p.diag, gamma, gamma*p.shift(k))
}

// Steps does one gradient step for each component of seq in turn, the
// inner loop of an epoch of Algorithm 1, without allocating.
func (p *TwoLevel) Steps(x []float64, gamma float64, seq []int) {
	a := 1 - gamma*p.diag
	for _, k := range seq {
		p.step(x, a, gamma, gamma*p.shift(k))
	}
}

// step computes, for every coordinate j with the old values of x,
//
//	x_j ← a x_j + γ (x_{j-1} + x_{j+1}) - γc,  a = 1 - γ(2 + λ),
//
// which is x - γ((A + λI)x + c1) since A is tridiag(-1, 2, -1).
func (p *TwoLevel) step(x []float64, a, gamma, gc float64) {
	d := len(x)
	if d == 1 {
		x[0] = a*x[0] - gc
		return
	}
	prev := 0.0 // the old x[j-1]
	next := x[0]
	for j := 0; j < d-1; j++ {
		v := next
		next = x[j+1]
		x[j] = a*v + gamma*(prev+next) - gc
		prev = v
	}
	x[d-1] = a*next + gamma*prev - gc
}

var (
	_ ordering.Problem    = (*TwoLevel)(nil)
	_ ordering.Funcer     = (*TwoLevel)(nil)
	_ ordering.Gradienter = (*TwoLevel)(nil)
)
