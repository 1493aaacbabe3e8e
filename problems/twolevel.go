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
// default, the value of Section 6.2; λ = 0 and σ_low = 0 are asked for
// with ZeroLambda and ZeroSigmaLow.
type TwoLevelConfig struct {
	// D is the dimension d. Default 20.
	D int
	// Lambda is the regulariser λ. Default 0.2, or 0 if ZeroLambda is set.
	Lambda float64
	// ZeroLambda asks for λ = 0 (no regulariser: f is then only
	// convex); Lambda must be 0.
	ZeroLambda bool
	// N is the number of top-level functions; it must be even. Default 2.
	N int
	// M is the number m of low-level functions per top-level function; it
	// must be even and at least 2. It has no default.
	M int
	// SigmaTop is the coefficient σ_top of the top-level shift. Default 0.
	SigmaTop float64
	// SigmaLow is the coefficient σ_low of the low-level shift. Default
	// 10, or 0 if ZeroSigmaLow is set.
	SigmaLow float64
	// ZeroSigmaLow asks for σ_low = 0 (the low-level functions of each
	// f_i equal); SigmaLow must be 0.
	ZeroSigmaLow bool
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
// Every component has the Hessian H = A + λI, whose eigenvalues are
// 2 - 2cos(kπ/(d+1)) + λ for k = 1..d, so every component and f are
// L-smooth (Assumption 1) and μ-strongly convex with
//
//	L = 2 - 2cos(dπ/(d+1)) + λ,  μ = 2 - 2cos(π/(d+1)) + λ.
//
// The top-level functions {f_i} are (d σ_top², 0)-heterogeneous with
// respect to f and each {h_{i,j}}_j is (d σ_low², 0)-heterogeneous with
// respect to f_i (Assumption 5), with equality: see SigmaTop2 and
// SigmaLow2. Top gives {f_i} as a problem of its own.
type TwoLevel struct {
	d, n, m          int
	lambda, top, low float64
	diag             float64   // 2 + λ
	shifts           []float64 // s_i σ_top + t_j σ_low at flat index i·m + j
}

// WithDefaults returns c with every zero field that has a default set to
// it: D = 20, λ = 0.2 (unless ZeroLambda), N = 2 and σ_low = 10 (unless
// ZeroSigmaLow), the values of Section 6.2.
func (c TwoLevelConfig) WithDefaults() TwoLevelConfig {
	if c.D == 0 {
		c.D = 20
	}
	if c.Lambda == 0 && !c.ZeroLambda {
		c.Lambda = 0.2
	}
	if c.N == 0 {
		c.N = 2
	}
	if c.SigmaLow == 0 && !c.ZeroSigmaLow {
		c.SigmaLow = 10
	}
	return c
}

// NewTwoLevel returns the two-level quadratic set up by c. It returns an
// error wrapping ordering.ErrSetting and naming the value if d < 1, λ < 0,
// N or m is not even and positive, N·m is above 2^28, a σ is negative or
// not finite, or the σs are so large that sums of squared gradient norms
// would overflow (d·(σ_top+σ_low)² above MaxFloat64/(16·(N·m)²)).
func NewTwoLevel(c TwoLevelConfig) (*TwoLevel, error) {
	c = c.WithDefaults()
	switch {
	case c.D < 1:
		return nil, fmt.Errorf("problems: %w: two-level quadratic with d = %d, want d >= 1", ordering.ErrSetting, c.D)
	case c.ZeroLambda && c.Lambda != 0, c.ZeroSigmaLow && c.SigmaLow != 0:
		return nil, fmt.Errorf("problems: %w: two-level quadratic with λ = %v and σ_low = %v but ZeroLambda = %v and ZeroSigmaLow = %v", ordering.ErrSetting, c.Lambda, c.SigmaLow, c.ZeroLambda, c.ZeroSigmaLow)
	case !nonNeg(c.Lambda):
		return nil, fmt.Errorf("problems: %w: two-level quadratic with λ = %v, want finite and >= 0", ordering.ErrSetting, c.Lambda)
	case c.N < 2 || c.N%2 != 0:
		return nil, fmt.Errorf("problems: %w: two-level quadratic with N = %d, want an even number >= 2", ordering.ErrSetting, c.N)
	case c.M < 2 || c.M%2 != 0:
		return nil, fmt.Errorf("problems: %w: two-level quadratic with m = %d, want an even number >= 2", ordering.ErrSetting, c.M)
	case !nonNeg(c.SigmaTop):
		return nil, fmt.Errorf("problems: %w: two-level quadratic with σ_top = %v, want finite and >= 0", ordering.ErrSetting, c.SigmaTop)
	case !nonNeg(c.SigmaLow):
		return nil, fmt.Errorf("problems: %w: two-level quadratic with σ_low = %v, want finite and >= 0", ordering.ErrSetting, c.SigmaLow)
	case !sizeFits(c.N, c.M):
		return nil, fmt.Errorf("problems: %w: two-level quadratic with N·m = %d·%d, want at most 2^28 components", ordering.ErrSetting, c.N, c.M)
	case !squaresFit(float64(c.D)*(c.SigmaTop+c.SigmaLow)*(c.SigmaTop+c.SigmaLow), c.N*c.M):
		return nil, fmt.Errorf("problems: %w: two-level quadratic with σ_top = %v, σ_low = %v, d = %d and N·m = %d: squared gradient norms would overflow, want d·(σ_top+σ_low)² <= %.3g",
			ordering.ErrSetting, c.SigmaTop, c.SigmaLow, c.D, c.N*c.M, maxSquare(c.N*c.M))
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

// SigmaFull2 returns the heterogeneity σ² of Assumption 5 of all the
// components {h_{i,j}} with respect to f. Each ∇h_{i,j} - ∇f is
// (s_i σ_top + t_j σ_low) 1 and the cross terms cancel over the balanced
// signs, so
//
//	(1/(N m)) Σ_{i,j} ‖∇h_{i,j}(x) - ∇f(x)‖² = d (σ_top² + σ_low²)  (M = 0),
//
// the bound σ_full² ≤ σ_top² + σ_low² of Section 5.3 with equality.
func (p *TwoLevel) SigmaFull2() float64 { return p.SigmaTop2() + p.SigmaLow2() }

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

// MinValue returns f(0) = 0, the least value of f.
func (p *TwoLevel) MinValue() float64 { return 0 }

// shift returns s_i σ_top + t_j σ_low for the component at flat index k.
func (p *TwoLevel) shift(k int) float64 { return p.shifts[k] }

// topShift returns s_i σ_top for top-level function i.
func (p *TwoLevel) topShift(i int) float64 {
	if i >= p.n/2 {
		return -p.top
	}
	return p.top
}

// quad returns ½ <Hx, x> with H = A + λI, and the sum of x, in one pass.
func (p *TwoLevel) quad(x []float64) (q, sum float64) {
	for k, v := range x {
		q += v * p.hessRow(x, k)
		sum += v
	}
	return q / 2, sum
}

// hessRow returns ((A + λI)x)_k = (2 + λ) x_k - x_{k-1} - x_{k+1}, with
// the terms outside the band left out.
func (p *TwoLevel) hessRow(x []float64, k int) float64 {
	hv := p.diag * x[k]
	if k > 0 {
		hv -= x[k-1]
	}
	if k < len(x)-1 {
		hv -= x[k+1]
	}
	return hv
}

// hessShift stores (A + λI)x + c1 in dst; dst and x must not overlap. The
// end rows are done apart so the loop has no branches.
func (p *TwoLevel) hessShift(dst, x []float64, c float64) {
	d := len(x)
	if d == 1 {
		dst[0] = p.diag*x[0] + c
		return
	}
	dst = dst[:d]
	dst[0] = p.diag*x[0] - x[1] + c
	for k := 1; k < d-1; k++ {
		dst[k] = p.diag*x[k] - x[k-1] - x[k+1] + c
	}
	dst[d-1] = p.diag*x[d-1] - x[d-2] + c
}

// CompFunc returns h_k(x) = f(x) + (s_i σ_top + t_j σ_low) <1, x> at flat
// index k = i·m + j. It panics if k is out of range.
func (p *TwoLevel) CompFunc(k int, x []float64) float64 {
	q, sum := p.quad(x)
	return q + p.shift(k)*sum
}

// CompGrad stores ∇h_k(x) = (A + λI)x + (s_i σ_top + t_j σ_low) 1 in grad,
// in O(d) time without allocating. grad must not overlap x. It panics if k
// is out of range or grad is shorter than x.
func (p *TwoLevel) CompGrad(grad []float64, k int, x []float64) {
	p.hessShift(grad, x, p.shift(k))
}

// Func returns f(x) = ½ <(A + λI)x, x>.
func (p *TwoLevel) Func(x []float64) float64 {
	q, _ := p.quad(x)
	return q
}

// Grad stores ∇f(x) = (A + λI)x in grad, which must not overlap x.
func (p *TwoLevel) Grad(grad, x []float64) { p.hessShift(grad, x, 0) }

// Top returns the N top-level functions f_i = f + s_i σ_top <1, x> as a
// problem; f_i is the mean of h_{i,0}, ..., h_{i,m-1}. The result shares
// p's settings.
func (p *TwoLevel) Top() *TwoLevelTop { return &TwoLevelTop{p: p} }

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

// TwoLevelTop is the problem whose components are the N top-level
// functions f_i(x) = f(x) + s_i σ_top <1, x> of a TwoLevel. The set {f_i} is
// (σ², 0)-heterogeneous with respect to f with σ² = TwoLevel.SigmaTop2.
type TwoLevelTop struct {
	p *TwoLevel
}

// Len returns N.
func (t *TwoLevelTop) Len() int { return t.p.n }

// Dim returns d.
func (t *TwoLevelTop) Dim() int { return t.p.d }

// CompFunc returns f_i(x). It panics if i is out of range.
func (t *TwoLevelTop) CompFunc(i int, x []float64) float64 {
	if i < 0 || i >= t.p.n {
		panic("problems: top-level index out of range")
	}
	q, sum := t.p.quad(x)
	return q + t.p.topShift(i)*sum
}

// CompGrad stores ∇f_i(x) = (A + λI)x + s_i σ_top 1 in grad, which must not
// overlap x. It panics if i is out of range.
func (t *TwoLevelTop) CompGrad(grad []float64, i int, x []float64) {
	if i < 0 || i >= t.p.n {
		panic("problems: top-level index out of range")
	}
	t.p.hessShift(grad, x, t.p.topShift(i))
}

// Func returns f(x).
func (t *TwoLevelTop) Func(x []float64) float64 { return t.p.Func(x) }

// Grad stores ∇f(x) in grad.
func (t *TwoLevelTop) Grad(grad, x []float64) { t.p.Grad(grad, x) }

var (
	_ ordering.Problem    = (*TwoLevelTop)(nil)
	_ ordering.Funcer     = (*TwoLevelTop)(nil)
	_ ordering.Gradienter = (*TwoLevelTop)(nil)

	_ ordering.Problem    = (*TwoLevel)(nil)
	_ ordering.Funcer     = (*TwoLevel)(nil)
	_ ordering.Gradienter = (*TwoLevel)(nil)
)
