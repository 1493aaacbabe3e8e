// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/goodorder/goodorder/ordering"
)

// HeteroQuadraticConfig sets up a HeteroQuadratic. A zero N, D, L or Mu
// means its default; zero Sigma2 and M are values (no heterogeneity of that
// kind), as is a zero Seed.
type HeteroQuadraticConfig struct {
	// N is the number of components. It must be even if M > 0, and at
	// least 4 if both M and Sigma2 are positive (at least 2 otherwise).
	// Default 16.
	N int
	// D is the dimension, at least 2, with N·D at most 2^28. Default 8.
	D int
	// L is the smoothness constant of the components (Assumption 1).
	// Default 1.
	L float64
	// Mu is the strong convexity constant of f; it must satisfy
	// 0 < Mu ≤ L/(1+√M). Default L/100.
	Mu float64
	// Sigma2 is the σ² of Assumption 5, >= 0 and at most
	// MaxFloat64/(16·N³), so that the components' squared gradient norms
	// (up to N·σ²) and sums of N² of them stay finite.
	Sigma2 float64
	// M is the M of Assumption 5, in [0, 1) so that every component is
	// convex.
	M float64
	// Seed seeds the random parts: the linear term b̄ and the deviations δ_i.
	Seed uint64
}

// HeteroQuadratic is a random finite sum of convex quadratics whose
// heterogeneity constants of Assumption 5 are known exactly. With a
// diagonal Ā = diag(a), a_k log-spaced from μ to L̄ = L/(1+√M), and a random
// b̄ ∈ R^d,
//
//	f_i(x) = (1+ε_i)/2 xᵀĀx - b_iᵀx,  b_i = (1+ε_i) b̄ + δ_i,
//
// where ε_i = +√M for even i and -√M for odd i, and the deviations δ_i
// satisfy Σ_i δ_i = 0, Σ_i ε_i δ_i = 0 and (1/N) Σ_i ‖δ_i‖² = σ². Since
// Σ_i ε_i = 0 the mean is
//
//	f(x) = ½ xᵀĀx - b̄ᵀx,  x* = Ā⁻¹b̄,  f* = -½ b̄ᵀĀ⁻¹b̄,
//
// and ∇f_i(x) - ∇f(x) = ε_i ∇f(x) - δ_i, so the two constraints on δ make
// the cross terms vanish and
//
//	(1/N) Σ_i ‖∇f_i(x) - ∇f(x)‖² = σ² + M ‖∇f(x)‖²  for every x:
//
// Assumption 5 holds with equality for (σ², M). Each component is
// (1+√M)L̄ = L smooth and (1-√M)μ strongly convex; f is L̄-smooth and
// μ-strongly convex.
type HeteroQuadratic struct {
	n, d      int
	sigma2, m float64
	a         []float64 // diagonal of Ā
	bbar      []float64 // b̄
	b         []float64 // b_i at b[i*d:(i+1)*d]
	eps       []float64 // ε_i
}

// NewHeteroQuadratic returns a HeteroQuadratic set up by c. It returns an
// error wrapping ordering.ErrSetting and naming the value if a setting is
// out of the range its field's comment states.
func NewHeteroQuadratic(c HeteroQuadraticConfig) (*HeteroQuadratic, error) {
	if c.N == 0 {
		c.N = 16
	}
	if c.D == 0 {
		c.D = 8
	}
	if c.L == 0 {
		c.L = 1
	}
	if c.Mu == 0 {
		c.Mu = c.L / 100
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	n, d := c.N, c.D
	rm := math.Sqrt(c.M)
	lbar := c.L / (1 + rm)
	p := &HeteroQuadratic{
		n: n, d: d, sigma2: c.Sigma2, m: c.M,
		a:    make([]float64, d),
		bbar: make([]float64, d),
		b:    make([]float64, n*d),
		eps:  make([]float64, n),
	}
	// Log-spaced curvatures with the ends set exactly.
	for k := range p.a {
		p.a[k] = c.Mu * math.Pow(lbar/c.Mu, float64(k)/float64(d-1))
	}
	p.a[0], p.a[d-1] = c.Mu, lbar
	for i := range p.eps {
		p.eps[i] = rm
		if i%2 == 1 {
			p.eps[i] = -rm
		}
	}
	rnd := rand.New(rand.NewPCG(c.Seed, heteroStream))
	for k := range p.bbar {
		p.bbar[k] = rnd.NormFloat64()
	}
	delta := p.b // δ_i is built in place, then b̄ scaled by 1+ε_i is added.
	if c.Sigma2 > 0 {
		for j := range delta {
			delta[j] = rnd.NormFloat64()
		}
		p.project(delta)
		var ss float64
		for _, v := range delta {
			ss += v * v
		}
		// ss > 0 with probability one: the constraints leave N-1 or N-2 ≥ 1
		// free directions per coordinate.
		scale := math.Sqrt(c.Sigma2 * float64(n) / ss)
		for j := range delta {
			delta[j] *= scale
		}
	}
	for i := 0; i < n; i++ {
		for k, v := range p.bbar {
			p.b[i*d+k] += (1 + p.eps[i]) * v
		}
	}
	return p, nil
}

func (c HeteroQuadraticConfig) check() error {
	rm := math.Sqrt(c.M)
	switch {
	case c.D < 2:
		return fmt.Errorf("problems: %w: heterogeneous quadratic with d = %d, want d >= 2", ordering.ErrSetting, c.D)
	case !nonNeg(c.M) || c.M >= 1:
		return fmt.Errorf("problems: %w: heterogeneous quadratic with M = %v, want 0 <= M < 1", ordering.ErrSetting, c.M)
	case !nonNeg(c.Sigma2):
		return fmt.Errorf("problems: %w: heterogeneous quadratic with σ² = %v, want finite and >= 0", ordering.ErrSetting, c.Sigma2)
	case c.N < 2:
		return fmt.Errorf("problems: %w: heterogeneous quadratic with N = %d, want N >= 2", ordering.ErrSetting, c.N)
	case c.M > 0 && c.N%2 != 0:
		return fmt.Errorf("problems: %w: heterogeneous quadratic with N = %d and M = %v, want an even N when M > 0", ordering.ErrSetting, c.N, c.M)
	case c.M > 0 && c.Sigma2 > 0 && c.N < 4:
		return fmt.Errorf("problems: %w: heterogeneous quadratic with N = %d, want N >= 4 when σ² > 0 and M > 0", ordering.ErrSetting, c.N)
	case !squaresFit(c.Sigma2*float64(c.N), c.N):
		return fmt.Errorf("problems: %w: heterogeneous quadratic with σ² = %v and N = %d: squared gradient norms would overflow, want σ² <= %.3g", ordering.ErrSetting, c.Sigma2, c.N, maxSquare(c.N)/float64(c.N))
	case !sizeFits(c.N, c.D):
		return fmt.Errorf("problems: %w: heterogeneous quadratic with N·d = %d·%d, want at most 2^28 values", ordering.ErrSetting, c.N, c.D)
	case !(c.L > 0) || !finite(c.L):
		return fmt.Errorf("problems: %w: heterogeneous quadratic with L = %v, want finite and > 0", ordering.ErrSetting, c.L)
	case !(c.Mu > 0) || c.Mu > c.L/(1+rm):
		return fmt.Errorf("problems: %w: heterogeneous quadratic with μ = %v, want 0 < μ <= L/(1+√M) = %v", ordering.ErrSetting, c.Mu, c.L/(1+rm))
	}
	return nil
}

// project makes every column of the N×d row-major matrix g orthogonal to
// 1 and to ε, so that Σ_i g_i = 0 and Σ_i ε_i g_i = 0. The two directions
// are orthogonal (Σ_i ε_i = 0), so one pass removes each in turn.
func (p *HeteroQuadratic) project(g []float64) {
	n, d := p.n, p.d
	var ee float64
	for _, e := range p.eps {
		ee += e * e
	}
	for k := 0; k < d; k++ {
		var sum, se float64
		for i := 0; i < n; i++ {
			sum += g[i*d+k]
			se += p.eps[i] * g[i*d+k]
		}
		mean := sum / float64(n)
		coef := 0.0
		if ee > 0 {
			coef = se / ee
		}
		for i := 0; i < n; i++ {
			g[i*d+k] -= mean + coef*p.eps[i]
		}
	}
}

// Len returns N.
func (p *HeteroQuadratic) Len() int { return p.n }

// Dim returns d.
func (p *HeteroQuadratic) Dim() int { return p.d }

// Sigma2 returns the σ² of Assumption 5, which holds with equality.
func (p *HeteroQuadratic) Sigma2() float64 { return p.sigma2 }

// M returns the M of Assumption 5, which holds with equality.
func (p *HeteroQuadratic) M() float64 { return p.m }

// L returns the smoothness constant of the components, (1+√M) max_k a_k.
func (p *HeteroQuadratic) L() float64 { return (1 + math.Sqrt(p.m)) * p.a[p.d-1] }

// Mu returns the strong convexity constant of f, min_k a_k.
func (p *HeteroQuadratic) Mu() float64 { return p.a[0] }

// CompMu returns the strong convexity constant of the components,
// (1-√M) min_k a_k.
func (p *HeteroQuadratic) CompMu() float64 { return (1 - math.Sqrt(p.m)) * p.a[0] }

// Curvatures returns the diagonal a of Ā, in increasing order.
func (p *HeteroQuadratic) Curvatures() []float64 { return append([]float64(nil), p.a...) }

// Minimizer returns the minimiser x* = Ā⁻¹b̄ of f.
func (p *HeteroQuadratic) Minimizer() []float64 {
	x := make([]float64, p.d)
	for k, v := range p.bbar {
		x[k] = v / p.a[k]
	}
	return x
}

// MinValue returns f* = -½ b̄ᵀĀ⁻¹b̄, the least value of f.
func (p *HeteroQuadratic) MinValue() float64 {
	var s float64
	for k, v := range p.bbar {
		s += v * v / p.a[k]
	}
	return -s / 2
}

// CompFunc returns f_i(x). It panics if i is out of range.
func (p *HeteroQuadratic) CompFunc(i int, x []float64) float64 {
	return quadDiag(p.a, p.b[i*p.d:(i+1)*p.d], 1+p.eps[i], x)
}

// CompGrad stores ∇f_i(x) = (1+ε_i)Āx - b_i in grad. It panics if i is out
// of range.
func (p *HeteroQuadratic) CompGrad(grad []float64, i int, x []float64) {
	gradDiag(grad, p.a, p.b[i*p.d:(i+1)*p.d], 1+p.eps[i], x)
}

// Func returns f(x) = ½ xᵀĀx - b̄ᵀx.
func (p *HeteroQuadratic) Func(x []float64) float64 { return quadDiag(p.a, p.bbar, 1, x) }

// Grad stores ∇f(x) = Āx - b̄ in grad.
func (p *HeteroQuadratic) Grad(grad, x []float64) { gradDiag(grad, p.a, p.bbar, 1, x) }

// quadDiag returns s/2 xᵀdiag(a)x - bᵀx.
func quadDiag(a, b []float64, s float64, x []float64) float64 {
	var q, l float64
	for k, v := range x[:len(a)] {
		q += a[k] * v * v
		l += b[k] * v
	}
	return s*q/2 - l
}

// gradDiag stores s diag(a)x - b in grad.
func gradDiag(grad, a, b []float64, s float64, x []float64) {
	for k, v := range x[:len(a)] {
		grad[k] = s*a[k]*v - b[k]
	}
}

var (
	_ ordering.Problem    = (*HeteroQuadratic)(nil)
	_ ordering.Funcer     = (*HeteroQuadratic)(nil)
	_ ordering.Gradienter = (*HeteroQuadratic)(nil)
)
