// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
)

// Logistic is L2-regularised logistic regression over a dataset of rows
// a_i ∈ R^d with labels y_i ∈ {-1, +1}:
//
//	f_i(w) = log(1 + exp(-y_i <a_i, w>)) + λ/2 ‖w‖².
//
// Its gradient is ∇f_i(w) = -y_i s(-y_i <a_i, w>) a_i + λ w with s the
// logistic sigmoid, and its Hessian s(1-s) a_i a_iᵀ + λI ⪯ ¼ a_i a_iᵀ + λI,
// so component i is L_i-smooth with
//
//	L_i = ‖a_i‖²/4 + λ,
//
// Assumption 1 holds with L = max_i L_i, and every component and f are
// λ-strongly convex. The minimiser has no closed form.
//
// Logistic is safe for concurrent use: it holds no scratch space.
type Logistic struct {
	n, d   int
	lambda float64
	a      []float64 // row i at a[i*d:(i+1)*d]
	y      []float64
	li     []float64 // L_i
	lmax   float64
}

// NewLogistic returns the logistic regression problem over the rows of a
// with labels y and regulariser λ; a and y are copied. It returns an error
// wrapping an ordering sentinel and naming the value if a is empty
// (ErrEmpty), its rows have different lengths or y has another length
// than a (ErrDim), a value is NaN or infinite (ErrNaN), a label is not ±1
// or λ is negative or not finite (ErrSetting).
func NewLogistic(a [][]float64, y []float64, lambda float64) (*Logistic, error) {
	if len(a) == 0 {
		return nil, fmt.Errorf("problems: %w: logistic regression without rows", ordering.ErrEmpty)
	}
	if len(a[0]) == 0 {
		return nil, fmt.Errorf("problems: %w: logistic regression with rows of length 0", ordering.ErrEmpty)
	}
	n, d := len(a), len(a[0])
	if len(y) != n {
		return nil, fmt.Errorf("problems: %w: logistic regression with %d rows and %d labels", ordering.ErrDim, n, len(y))
	}
	if !nonNeg(lambda) {
		return nil, fmt.Errorf("problems: %w: logistic regression with λ = %v, want finite and >= 0", ordering.ErrSetting, lambda)
	}
	if n > math.MaxInt/d {
		return nil, fmt.Errorf("problems: %w: logistic regression with N·d = %d·%d overflows int", ordering.ErrSetting, n, d)
	}
	p := &Logistic{
		n: n, d: d, lambda: lambda,
		a:  make([]float64, 0, n*d),
		y:  append([]float64(nil), y...),
		li: make([]float64, n),
	}
	for i, row := range a {
		if len(row) != d {
			return nil, fmt.Errorf("problems: %w: logistic regression row %d has length %d, want %d", ordering.ErrDim, i, len(row), d)
		}
		var ss float64
		for j, v := range row {
			if !finite(v) {
				return nil, fmt.Errorf("problems: %w: logistic regression data[%d][%d] = %v", ordering.ErrNaN, i, j, v)
			}
			ss += v * v
		}
		if y[i] != 1 && y[i] != -1 {
			return nil, fmt.Errorf("problems: %w: logistic regression label %d is %v, want -1 or +1", ordering.ErrSetting, i, y[i])
		}
		p.a = append(p.a, row...)
		p.li[i] = ss/4 + lambda
		if math.IsInf(p.li[i], 1) {
			return nil, fmt.Errorf("problems: %w: logistic regression row %d has ‖a_i‖² overflowing", ordering.ErrNaN, i)
		}
		p.lmax = math.Max(p.lmax, p.li[i])
	}
	return p, nil
}

// Len returns the number of rows N.
func (p *Logistic) Len() int { return p.n }

// Dim returns the number of features d.
func (p *Logistic) Dim() int { return p.d }

// Lambda returns the regulariser λ.
func (p *Logistic) Lambda() float64 { return p.lambda }

// L returns max_i L_i, the smoothness constant of Assumption 1.
func (p *Logistic) L() float64 { return p.lmax }

// CompL returns L_i = ‖a_i‖²/4 + λ, the smoothness constant of component i.
// It panics if i is out of range.
func (p *Logistic) CompL(i int) float64 { return p.li[i] }

// Mu returns λ, the strong convexity constant of every component and of f.
func (p *Logistic) Mu() float64 { return p.lambda }

// margin returns z_i = -y_i <a_i, w>, the argument of the loss.
func (p *Logistic) margin(i int, w []float64) float64 {
	row := p.a[i*p.d : (i+1)*p.d]
	var s float64
	for j, v := range w[:len(row)] {
		s += row[j] * v
	}
	return -p.y[i] * s
}

// reg returns λ/2 ‖w‖².
func (p *Logistic) reg(w []float64) float64 {
	var s float64
	for _, v := range w {
		s += v * v
	}
	return p.lambda * s / 2
}

// CompFunc returns f_i(w). It panics if i is out of range.
func (p *Logistic) CompFunc(i int, w []float64) float64 {
	return softplus(p.margin(i, w)) + p.reg(w)
}

// CompGrad stores ∇f_i(w) in grad, in O(d) time without allocating. It
// panics if i is out of range.
func (p *Logistic) CompGrad(grad []float64, i int, w []float64) {
	c := -p.y[i] * sigmoid(p.margin(i, w))
	row := p.a[i*p.d : (i+1)*p.d]
	for j, v := range w[:len(row)] {
		grad[j] = c*row[j] + p.lambda*v
	}
}

// errZeroLogistic is the panic of the zero Logistic's Func and Grad: its
// mean over no rows is not defined.
const errZeroLogistic = "problems: Logistic not made by NewLogistic"

// Func returns f(w), the mean of the components. It panics with
// "problems: Logistic not made by NewLogistic" for the zero Logistic.
func (p *Logistic) Func(w []float64) float64 {
	if p.n == 0 {
		panic(errZeroLogistic)
	}
	var s float64
	for i := 0; i < p.n; i++ {
		s += softplus(p.margin(i, w))
	}
	return s/float64(p.n) + p.reg(w)
}

// Grad stores ∇f(w) in grad without allocating; grad must not overlap w.
// It panics with "problems: Logistic not made by NewLogistic" for the zero
// Logistic.
func (p *Logistic) Grad(grad, w []float64) {
	if p.n == 0 {
		panic(errZeroLogistic)
	}
	grad = grad[:p.d]
	for j := range grad {
		grad[j] = 0
	}
	for i := 0; i < p.n; i++ {
		c := -p.y[i] * sigmoid(p.margin(i, w))
		for j, v := range p.a[i*p.d : (i+1)*p.d] {
			grad[j] += c * v
		}
	}
	inv := 1 / float64(p.n)
	for j, v := range w[:p.d] {
		grad[j] = grad[j]*inv + p.lambda*v
	}
}

// softplus returns log(1 + exp(z)) without overflow or loss of precision:
// max(z, 0) + log1p(exp(-|z|)).
func softplus(z float64) float64 {
	return math.Max(z, 0) + math.Log1p(math.Exp(-math.Abs(z)))
}

// sigmoid returns 1/(1 + exp(-z)), the derivative of softplus, without
// overflow.
func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// TwoBlobs returns a seeded synthetic dataset for Logistic: n rows in R^d,
// row i with label y_i = +1 for even i and -1 for odd i, drawn from
// N(y_i μ, I) with μ = sep/(2√d) 1, so the class means lie sep apart.
// The classes overlap little when sep is large compared with 1. It returns
// an error wrapping ordering.ErrSetting and naming the value if n or d is
// below 1, n·d is above 2^28 or sep is negative or not finite.
func TwoBlobs(n, d int, sep float64, seed uint64) (a [][]float64, y []float64, err error) {
	switch {
	case n < 1:
		return nil, nil, fmt.Errorf("problems: %w: two blobs with n = %d, want n >= 1", ordering.ErrSetting, n)
	case d < 1:
		return nil, nil, fmt.Errorf("problems: %w: two blobs with d = %d, want d >= 1", ordering.ErrSetting, d)
	case !nonNeg(sep):
		return nil, nil, fmt.Errorf("problems: %w: two blobs with separation %v, want finite and >= 0", ordering.ErrSetting, sep)
	case !sizeFits(n, d):
		return nil, nil, fmt.Errorf("problems: %w: two blobs with n·d = %d·%d, want at most 2^28 values", ordering.ErrSetting, n, d)
	}
	rnd := rand.New(rand.NewPCG(seed, blobsStream))
	mu := sep / (2 * math.Sqrt(float64(d)))
	data := make([]float64, n*d)
	a = make([][]float64, n)
	y = make([]float64, n)
	for i := range a {
		y[i] = 1
		if i%2 == 1 {
			y[i] = -1
		}
		row := data[i*d : (i+1)*d : (i+1)*d]
		for j := range row {
			row[j] = y[i]*mu + rnd.NormFloat64()
		}
		a[i] = row
	}
	return a, y, nil
}

var (
	_ ordering.Problem    = (*Logistic)(nil)
	_ ordering.Funcer     = (*Logistic)(nil)
	_ ordering.Gradienter = (*Logistic)(nil)
)

// Minimize returns the minimiser w* of f, found by Newton's method from
// w = 0 with a backtracking line search, and f(w*). Each step forms the
// d×d Hessian (1/n) Σ s_i(1−s_i) a_i a_iᵀ + λI, so a step costs about
// n·d² multiply-adds. It returns an error if λ = 0 (where the classes are
// separable f has no minimiser) or if the gradient's norm does not fall
// below 1e-10·max(1, ‖∇f(0)‖) within 100 steps. It panics with
// "problems: Logistic not made by NewLogistic" for the zero Logistic.
func (p *Logistic) Minimize() (w []float64, f float64, err error) {
	if p.n == 0 {
		panic(errZeroLogistic)
	}
	if !(p.lambda > 0) {
		return nil, 0, fmt.Errorf("problems: %w: logistic regression's minimiser with λ = %g, want λ > 0", ordering.ErrSetting, p.lambda)
	}
	n, d := p.n, p.d
	w = make([]float64, d)
	g, step, next := make([]float64, d), mat.NewVecDense(d, nil), make([]float64, d)
	b := mat.NewDense(n, d, nil)
	var h mat.SymDense
	var chol mat.Cholesky
	p.Grad(g, w)
	f = p.Func(w)
	tol := 1e-10 * math.Max(1, floats.Norm(g, 2))
	for it := 0; it < 100; it++ {
		if floats.Norm(g, 2) <= tol {
			return w, f, nil
		}
		// The Hessian: B = diag(√(s_i(1−s_i)/n)) A, H = BᵀB + λI.
		for i := 0; i < n; i++ {
			s := sigmoid(p.margin(i, w))
			c := math.Sqrt(s * (1 - s) / float64(n))
			row := b.RawRowView(i)
			for j, v := range p.a[i*d : (i+1)*d] {
				row[j] = c * v
			}
		}
		h.SymOuterK(1, b.T())
		for j := 0; j < d; j++ {
			h.SetSym(j, j, h.At(j, j)+p.lambda)
		}
		if !chol.Factorize(&h) {
			return w, f, fmt.Errorf("problems: logistic regression's Hessian is not positive definite at step %d (λ = %g)", it, p.lambda)
		}
		if err := chol.SolveVecTo(step, mat.NewVecDense(d, g)); err != nil {
			return w, f, fmt.Errorf("problems: logistic regression's Newton step %d: %w", it, err)
		}
		// Backtrack until f falls by a share of the Newton decrement.
		// Near w*, where the decrement is below f's rounding, the full
		// step is taken: Newton converges quadratically there.
		dec := floats.Dot(g, step.RawVector().Data)
		if dec <= 1e-12*math.Max(1, math.Abs(f)) {
			floats.Sub(w, step.RawVector().Data)
			f = p.Func(w)
			p.Grad(g, w)
			continue
		}
		t := 1.0
		for ; t > 1e-10; t /= 2 {
			floats.AddScaledTo(next, w, -t, step.RawVector().Data)
			if fn := p.Func(next); fn <= f-0.25*t*dec {
				copy(w, next)
				f = fn
				break
			}
		}
		if t <= 1e-10 {
			break
		}
		p.Grad(g, w)
	}
	if gn := floats.Norm(g, 2); gn > tol {
		return w, f, fmt.Errorf("problems: logistic regression's Newton method stopped at ‖∇f‖ = %.3g, want at most %.3g (λ = %g)", gn, tol, p.lambda)
	}
	return w, f, nil
}
