// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/goodorder/goodorder/ordering"
)

// The tilted half of the sub-sampling claim: a sub-sample whose bias sits
// near Assumption 3's edge and is not parallel to ∇f.

// Shape of the tilted problem's 2×2 blocks, in the eigenbasis of the
// block of Ā = ∇²f: curvatures tiltedA and 1, the direction u at
// tiltedTheta from the first eigenvector along which the kept class's
// bias ratio is tiltedRatio, and tiltedT the free part of E (on w ⊥ u),
// chosen so that tiltedRatio is also the largest ratio over every x
// (Assumption 3 holds everywhere) with every component convex.
const (
	tiltedA     = 0.3
	tiltedTheta = 16 * math.Pi / 180
	tiltedT     = -0.26
	// tiltedRatio is the bias ratio (lhs over ¼‖∇f‖² of Assumption 3)
	// of the tilted half along u: near the assumption's edge.
	tiltedRatio = 0.9
)

// tiltedQuadratic is a finite sum of N convex quadratics with a common
// minimiser x* and σ² = 0, built so that a fixed half of its components
// has a mean whose bias is near Assumption 3's edge and not parallel to
// ∇f. With Ā = ∇²f and a symmetric E, both block diagonal in 2×2 blocks,
//
//	f_i(x) = ½ (x-x*)ᵀ H_i (x-x*),  H_i = (1+ε_i) Ā ± E,
//
// with + for the first N/2 components (the kept class) and - for the
// others, and ε_i = ±√M alternating within each class (so that each
// class's ε sum to 0). The kept class's mean has bias
// E(x-x*) = EĀ⁻¹∇f(x), which vanishes only with ∇f; its ratio against
// ¼‖∇f‖² is at most about tiltedRatio at every x (0.9002 with these
// constants) and equals it along u, the
// slowest eigenvector of Ā+E, where the bias makes an angle of about 130°
// with ∇f (cosine about -0.63): a part against ∇f, slowing the descent,
// and a part across it. Each block is rotated so that u is (1, 1)/√2,
// so that a start x* + s·1 lies on u and the run stays there.
type tiltedQuadratic struct {
	n, d  int
	m     float64   // M of the ε_i
	xstar []float64 // x*
	abar  [4]float64
	e     [4]float64 // the 2×2 blocks of Ā and E, row-major
	l     float64    // the components' smoothness
}

// newTiltedQuadratic returns the tilted problem with n components
// (a multiple of 4), an even dimension d, ε_i = ±√m, the components'
// smoothness l and x* drawn from seed.
func newTiltedQuadratic(n, d int, l, m float64, seed uint64) (*tiltedQuadratic, error) {
	if n < 4 || n%4 != 0 || d < 2 || d%2 != 0 || !(m >= 0 && m < 1) || !(l > 0) || math.IsInf(l, 0) {
		return nil, fmt.Errorf("paper: tilted quadratic with n = %d, d = %d, L = %v and M = %v, want n a multiple of 4, d even, 0 <= M < 1 and L > 0 finite", n, d, l, m)
	}
	// In the eigenbasis: Ā = diag(a, 1), u at θ, ∇f = Āu, and the bias
	// β = λu - Āu with ‖β‖² = (ratio/4)‖Āu‖² and λ the smaller root,
	// so that Ā + E has u as an eigenvector of eigenvalue λ.
	a := tiltedA
	u := [2]float64{math.Cos(tiltedTheta), math.Sin(tiltedTheta)}
	w := [2]float64{-u[1], u[0]}
	g := [2]float64{a * u[0], u[1]}
	uAu := u[0]*g[0] + u[1]*g[1]
	gg := g[0]*g[0] + g[1]*g[1]
	lambda := uAu - math.Sqrt(uAu*uAu-(1-tiltedRatio/4)*gg)
	beta := [2]float64{lambda*u[0] - g[0], lambda*u[1] - g[1]}
	ub := u[0]*beta[0] + u[1]*beta[1]
	var e, abar [4]float64
	for i := range 2 {
		for j := range 2 {
			e[2*i+j] = beta[i]*u[j] + u[i]*beta[j] - ub*u[i]*u[j] + tiltedT*w[i]*w[j]
		}
	}
	abar[0], abar[3] = a, 1
	// Rotate so that u becomes (1, 1)/√2.
	phi := math.Pi/4 - tiltedTheta
	c, s := math.Cos(phi), math.Sin(phi)
	rot := [4]float64{c, -s, s, c}
	abar, e = conj2(rot, abar), conj2(rot, e)
	// Scale so that the stiffest component is l-smooth.
	sm := math.Sqrt(m)
	var top float64
	for _, sgn := range []float64{1, -1} {
		for _, eps := range []float64{sm, -sm} {
			var h [4]float64
			for k := range h {
				h[k] = (1+eps)*abar[k] + sgn*e[k]
			}
			lo, hi := eig2(h)
			if !(lo > 0) {
				return nil, fmt.Errorf("paper: tilted quadratic with M = %v: a component is not strongly convex (least curvature %v)", m, lo)
			}
			top = math.Max(top, hi)
		}
	}
	for k := range abar {
		abar[k] *= l / top
		e[k] *= l / top
	}
	rnd := rand.New(rand.NewPCG(seed, 0x74696c74)) // "tilt"
	xs := make([]float64, d)
	for k := range xs {
		xs[k] = rnd.NormFloat64()
	}
	return &tiltedQuadratic{n: n, d: d, m: m, xstar: xs, abar: abar, e: e, l: l}, nil
}

// conj2 returns R H Rᵀ for 2×2 row-major matrices.
func conj2(r, h [4]float64) [4]float64 {
	mul := func(x, y [4]float64) [4]float64 {
		return [4]float64{x[0]*y[0] + x[1]*y[2], x[0]*y[1] + x[1]*y[3], x[2]*y[0] + x[3]*y[2], x[2]*y[1] + x[3]*y[3]}
	}
	return mul(mul(r, h), [4]float64{r[0], r[2], r[1], r[3]})
}

// eig2 returns the eigenvalues of the symmetric 2×2 matrix h, least first.
func eig2(h [4]float64) (lo, hi float64) {
	mid, rad := (h[0]+h[3])/2, math.Hypot((h[0]-h[3])/2, h[1])
	return mid - rad, mid + rad
}

// hess stores H y in dst for the 2×2 blocks of (1+eps)Ā + sgn·E.
func (p *tiltedQuadratic) hess(dst []float64, eps, sgn float64, y []float64) {
	var h [4]float64
	for k := range h {
		h[k] = (1+eps)*p.abar[k] + sgn*p.e[k]
	}
	for j := 0; j < p.d; j += 2 {
		dst[j], dst[j+1] = h[0]*y[j]+h[1]*y[j+1], h[2]*y[j]+h[3]*y[j+1]
	}
}

// comp returns component i's ε_i and the sign of its E.
func (p *tiltedQuadratic) comp(i int) (eps, sgn float64) {
	eps, sgn = math.Sqrt(p.m), 1
	if i%2 == 1 {
		eps = -eps
	}
	if i >= p.n/2 {
		sgn = -1
	}
	return eps, sgn
}

// Len returns N.
func (p *tiltedQuadratic) Len() int { return p.n }

// Dim returns d.
func (p *tiltedQuadratic) Dim() int { return p.d }

// CompGrad stores ∇f_i(x) = H_i (x-x*) in grad.
func (p *tiltedQuadratic) CompGrad(grad []float64, i int, x []float64) {
	y := make([]float64, p.d)
	for k := range y {
		y[k] = x[k] - p.xstar[k]
	}
	eps, sgn := p.comp(i)
	p.hess(grad, eps, sgn, y)
}

// CompFunc returns f_i(x) = ½ (x-x*)ᵀ H_i (x-x*).
func (p *tiltedQuadratic) CompFunc(i int, x []float64) float64 {
	y := make([]float64, p.d)
	for k := range y {
		y[k] = x[k] - p.xstar[k]
	}
	eps, sgn := p.comp(i)
	hy := make([]float64, p.d)
	p.hess(hy, eps, sgn, y)
	var s float64
	for k := range y {
		s += y[k] * hy[k] / 2
	}
	return s
}

// Grad stores ∇f(x) = Ā(x-x*) in grad.
func (p *tiltedQuadratic) Grad(grad, x []float64) {
	y := make([]float64, p.d)
	for k := range y {
		y[k] = x[k] - p.xstar[k]
	}
	p.hess(grad, 0, 0, y)
}

// Func returns f(x) = ½ (x-x*)ᵀ Ā (x-x*).
func (p *tiltedQuadratic) Func(x []float64) float64 {
	g := make([]float64, p.d)
	p.Grad(g, x)
	var s float64
	for k := range g {
		s += (x[k] - p.xstar[k]) * g[k] / 2
	}
	return s
}

// L returns the components' smoothness.
func (p *tiltedQuadratic) L() float64 { return p.l }

// M returns the M of Assumption 5 (σ² = 0), up to rounding of the
// largest ratio: the ε_i's M plus ‖EĀ⁻¹‖² = tiltedRatio/4 (the cross terms
// vanish, since each class's ε sum to 0).
func (p *tiltedQuadratic) M() float64 { return p.m + tiltedRatio/4 }

// MinValue returns f* = 0.
func (p *tiltedQuadratic) MinValue() float64 { return 0 }

// Minimizer returns x*.
func (p *tiltedQuadratic) Minimizer() []float64 { return append([]float64(nil), p.xstar...) }

var (
	_ ordering.Problem    = (*tiltedQuadratic)(nil)
	_ ordering.Gradienter = (*tiltedQuadratic)(nil)
	_ ordering.Funcer     = (*tiltedQuadratic)(nil)
)
