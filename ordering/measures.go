// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// ComponentGrads stores the exact gradient of every component of p at x in
// the rows of dst and returns it. A nil dst is allocated; it panics if dst
// is not N×d.
func ComponentGrads(dst *mat.Dense, p Problem, x []float64) *mat.Dense {
	return fillGrads(dst, p.Len(), p.Dim(), func(g []float64, i int) { p.CompGrad(g, i, x) })
}

// OracleGrads is like ComponentGrads but queries the oracle, so the rows
// carry the oracle's noise, as in line 2 of Algorithm 2.
func OracleGrads(dst *mat.Dense, o *Oracle, x []float64) *mat.Dense {
	p := o.Problem()
	return fillGrads(dst, p.Len(), p.Dim(), func(g []float64, i int) { o.Grad(g, i, x) })
}

func fillGrads(dst *mat.Dense, n, d int, grad func(g []float64, i int)) *mat.Dense {
	if dst == nil {
		dst = mat.NewDense(n, d, nil)
	}
	if r, c := dst.Dims(); r != n || c != d {
		panic("ordering: gradient matrix has the wrong shape")
	}
	raw := dst.RawMatrix()
	for i := 0; i < n; i++ {
		grad(raw.Data[i*raw.Stride:i*raw.Stride+d], i)
	}
	return dst
}

// rowMean returns the mean of the rows of m.
func rowMean(m *mat.Dense) []float64 {
	n, d := m.Dims()
	mean := make([]float64, d)
	raw := m.RawMatrix()
	for i := 0; i < n; i++ {
		for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
			mean[j] += v
		}
	}
	for j := range mean {
		mean[j] /= float64(n)
	}
	return mean
}

// Phi2 stores in dst, resized to len(r), the curve of Assumption 4 for
// the sequence r at the point where the rows of grads are the component
// gradients:
//
//	φ²_{r,k}(x) = ‖Σ_{i=1}^{k} (∇f_{r_i}(x) - ∇f(x))‖²,  k = 1..n,
//
// with ∇f(x) the mean of all N rows; r may have any length and repeat
// indices. It takes one O(n d) pass. It returns an error naming the first
// entry of r outside [0, N).
func Phi2(dst []float64, grads *mat.Dense, r []int) ([]float64, error) {
	n, d := grads.Dims()
	for k, i := range r {
		if i < 0 || i >= n {
			return dst, fmt.Errorf("ordering: %w: sequence position %d holds %d, want [0, %d)", ErrIndex, k, i, n)
		}
	}
	mean := rowMean(grads)
	c := make([]float64, d)
	raw := grads.RawMatrix()
	dst = append(dst[:0], make([]float64, len(r))...)
	for k, i := range r {
		var s float64
		for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
			c[j] += v - mean[j]
			s += c[j] * c[j]
		}
		dst[k] = s
	}
	return dst, nil
}

// SigmaStar2 returns the smallest σ*² for which the curve phi2 (from Phi2)
// satisfies Assumption 4 with the given M*,
//
//	σ*² = max_k (φ²_{r,k}(x) - k² M* ‖∇f(x)‖²), clipped at 0,
//
// where gradNorm2 is ‖∇f(x)‖². Over a run, σ*² is the largest of the
// epochs' values (SigmaTracker keeps it).
func SigmaStar2(phi2 []float64, mStar, gradNorm2 float64) float64 {
	s := 0.0
	for k, v := range phi2 {
		kk := float64(k + 1)
		s = math.Max(s, v-kk*kk*mStar*gradNorm2)
	}
	return s
}

// SigmaTracker is a Recorder that measures, for every epoch of a run, the
// σ*² of Assumption 4 of the order used in it, at the point x_t where the
// epoch started, from the exact component gradients of Problem. It passes
// every record on to Next, if set.
type SigmaTracker struct {
	Problem Problem
	// MStar is the M* of Assumption 4. Default 0.
	MStar float64
	Next  Recorder

	// SigmaStar2[t] is σ*² of the order of epoch t+1 at its start x_t.
	SigmaStar2 []float64
	// Max is the largest of SigmaStar2: the run's σ*².
	Max float64

	prev  []float64
	grads *mat.Dense
	phi2  []float64
	full  []float64
}

// Record implements Recorder.
func (s *SigmaTracker) Record(r *Record) error {
	if r.Order != nil && s.prev != nil {
		s.grads = ComponentGrads(s.grads, s.Problem, s.prev)
		var err error
		s.phi2, err = Phi2(s.phi2, s.grads, r.Order)
		if err != nil {
			return err
		}
		s.full = Grad(s.full, s.Problem, s.prev)
		v := SigmaStar2(s.phi2, s.MStar, dot(s.full, s.full))
		s.SigmaStar2 = append(s.SigmaStar2, v)
		s.Max = math.Max(s.Max, v)
	}
	s.prev = append(s.prev[:0], r.X...)
	if s.Next != nil {
		return s.Next.Record(r)
	}
	return nil
}

// Heterogeneity returns, at a point where the rows of grads are the
// component gradients, the two sides of Assumption 5:
//
//	v = (1/N) Σ_i ‖∇f_i(x) - ∇f(x)‖²,  g = ‖∇f(x)‖².
func Heterogeneity(grads *mat.Dense) (v, g float64) {
	n, d := grads.Dims()
	mean := rowMean(grads)
	raw := grads.RawMatrix()
	for i := 0; i < n; i++ {
		for j, x := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
			v += (x - mean[j]) * (x - mean[j])
		}
	}
	return v / float64(n), dot(mean, mean)
}

// FitSigmaM fits the constants of a bound of the form of Assumptions 2
// and 5 to measurements (g_p, v_p) at several points: the line with
// σ², M ≥ 0 that lies on or above every point,
//
//	v_p ≤ σ² + M g_p  for every p,
//
// and has the least total slack Σ_p (σ² + M g_p - v_p). That is a linear
// program in two variables; its optimum is a vertex, a line through one or
// two of the points or an axis, and FitSigmaM checks every candidate
// exactly (O(P³) for P points). It returns an error for no points,
// different lengths, or a value that is negative or not finite.
func FitSigmaM(v, g []float64) (sigma2, m float64, err error) {
	if len(v) == 0 || len(v) != len(g) {
		return 0, 0, fmt.Errorf("ordering: %w: %d values and %d gradient norms", ErrEmpty, len(v), len(g))
	}
	for p := range v {
		if !(v[p] >= 0) || !(g[p] >= 0) || math.IsInf(v[p], 0) || math.IsInf(g[p], 0) {
			return 0, 0, fmt.Errorf("ordering: %w: point %d is (g, v) = (%v, %v), want finite and >= 0", ErrNaN, p, g[p], v[p])
		}
	}
	var sumG float64
	for _, x := range g {
		sumG += x
	}
	n := float64(len(v))
	bestS, bestM, bestObj := 0.0, 0.0, math.Inf(1)
	try := func(s, m float64) {
		if s < 0 || m < 0 {
			return
		}
		for p := range v {
			// Allow rounding in the line through two points.
			if s+m*g[p] < v[p]*(1-1e-12) {
				return
			}
		}
		if obj := n*s + m*sumG; obj < bestObj {
			bestS, bestM, bestObj = s, m, obj
		}
	}
	maxV := 0.0
	for p := range v {
		maxV = math.Max(maxV, v[p])
		if g[p] > 0 {
			try(0, v[p]/g[p])
		}
		for q := p + 1; q < len(v); q++ {
			if g[q] != g[p] {
				m := (v[q] - v[p]) / (g[q] - g[p])
				try(v[p]-m*g[p], m)
			}
		}
	}
	try(maxV, 0)
	return bestS, bestM, nil
}

// SigmaForM returns the smallest σ² for which v_p ≤ σ² + M g_p holds at
// every point: max_p (v_p - M g_p), clipped at 0.
func SigmaForM(v, g []float64, m float64) float64 {
	s := 0.0
	for p := range v {
		s = math.Max(s, v[p]-m*g[p])
	}
	return s
}

// SampleBias returns the two sides of Assumption 3 for the sequence r at
// the point where the rows of grads are the component gradients:
//
//	lhs = ‖(1/n) Σ_i (∇f_{r_i}(x) - ∇f(x))‖²,  rhs = ¼ ‖∇f(x)‖²;
//
// the assumption holds at x if lhs ≤ rhs. A permutation, or several, gives
// lhs = 0 up to rounding. It returns an error for an empty r or an entry
// outside [0, N).
func SampleBias(grads *mat.Dense, r []int) (lhs, rhs float64, err error) {
	if len(r) == 0 {
		return 0, 0, fmt.Errorf("ordering: %w: empty sequence", ErrEmpty)
	}
	phi2, err := Phi2(nil, grads, r)
	if err != nil {
		return 0, 0, err
	}
	mean := rowMean(grads)
	nf := float64(len(r))
	return phi2[len(r)-1] / (nf * nf), dot(mean, mean) / 4, nil
}

// NoiseEstimate estimates the constants (ζ², P) of Assumption 2 of an
// oracle: at each point x_p it draws samples noisy gradients of every
// component, estimates E‖ξ_i‖² by the mean squared distance from the exact
// gradient, takes the largest over the components, and fits
//
//	max_i E‖ξ_i‖² ≤ ζ² + P ‖∇f(x_p)‖²
//
// over the points with FitSigmaM. It returns an error for no points, fewer
// than one sample, or a point of the wrong dimension.
func NoiseEstimate(o *Oracle, points [][]float64, samples int) (zeta2, p float64, err error) {
	if len(points) == 0 {
		return 0, 0, fmt.Errorf("ordering: %w: no points", ErrEmpty)
	}
	if samples < 1 {
		return 0, 0, fmt.Errorf("ordering: %w: %d samples, want >= 1", ErrSetting, samples)
	}
	prob := o.Problem()
	n, d := prob.Len(), prob.Dim()
	v := make([]float64, len(points))
	g := make([]float64, len(points))
	exact := make([]float64, d)
	noisy := make([]float64, d)
	full := make([]float64, d)
	for k, x := range points {
		if len(x) != d {
			return 0, 0, fmt.Errorf("ordering: %w: point %d has dimension %d, want %d", ErrDim, k, len(x), d)
		}
		for i := 0; i < n; i++ {
			prob.CompGrad(exact, i, x)
			var sum float64
			for range samples {
				o.Grad(noisy, i, x)
				for j := range noisy {
					e := noisy[j] - exact[j]
					sum += e * e
				}
			}
			v[k] = math.Max(v[k], sum/float64(samples))
		}
		Grad(full, prob, x)
		g[k] = dot(full, full)
	}
	return FitSigmaM(v, g)
}
