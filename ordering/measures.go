// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// ComponentGrads stores the exact gradient of every component of p at x in
// the rows of dst and returns it. A nil dst is allocated; it panics if dst
// is not N×d, or if p has no components or dimension 0.
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
	mustSize(n, d)
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

// rowMean stores in dst, resized as needed, the mean of the rows of m and
// returns it.
func rowMean(dst []float64, m *mat.Dense) []float64 {
	n, d := m.Dims()
	// slices.Grow rather than append(dst[:0], make(...)...), which the
	// race detector's build allocates anew.
	dst = slices.Grow(dst[:0], d)[:d]
	clear(dst)
	raw := m.RawMatrix()
	for i := 0; i < n; i++ {
		for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
			dst[j] += v
		}
	}
	// Divide rather than multiply by 1/N: the mean is then exact whenever
	// it is representable.
	for j := range dst {
		dst[j] /= float64(n)
	}
	return dst
}

// Phi2 stores in dst, resized to len(r), the curve of Assumption 4 for
// the sequence r at the point x where the rows of grads are the component
// gradients:
//
//	φ²_{r,k}(x) = ‖Σ_{i=1}^{k} (∇f_{r_i}(x) - ∇f(x))‖²,  k = 1..n,
//
// with ∇f(x) the mean of all N rows; r may have any length n and may
// repeat or omit indices. It takes one O(n d) pass over the rows r names.
//
// The entries of r are user-shaped input (a sequence read from a run or a
// file), so an entry outside [0, N) is an error wrapping ErrIndex that
// names its position and value, not a panic; dst is then returned
// unchanged, as it is for a nil grads (an error wrapping ErrEmpty).
func Phi2(dst []float64, grads *mat.Dense, r []int) ([]float64, error) {
	if err := checkRows(grads, r); err != nil {
		return dst, err
	}
	dst = append(dst[:0], make([]float64, len(r))...)
	prefixSums(dst, nil, grads, r)
	return dst, nil
}

// checkRows returns an error wrapping ErrIndex, naming the position and
// value, if an entry of r is not a row of grads.
func checkRows(grads *mat.Dense, r []int) error {
	if err := checkGrads(grads); err != nil {
		return err
	}
	n, _ := grads.Dims()
	for k, i := range r {
		if i < 0 || i >= n {
			return fmt.Errorf("ordering: %w: sequence position %d holds %d, want [0, %d)", ErrIndex, k, i, n)
		}
	}
	return nil
}

// prefixSums is the kernel of Phi2 and Discrepancy: for the prefix sums
// S_k = Σ_{l ≤ k} (g_{r_l} - ḡ) of the centred rows of grads it stores
// ‖S_k‖² in phi2[k-1] and, if inf is not nil, ‖S_k‖_∞ in inf[k-1]. The
// entries of r must be rows of grads and phi2 and inf have length len(r).
func prefixSums(phi2, inf []float64, grads *mat.Dense, r []int) {
	_, d := grads.Dims()
	mean := rowMean(nil, grads)
	c := make([]float64, d)
	raw := grads.RawMatrix()
	for k, i := range r {
		row := raw.Data[i*raw.Stride : i*raw.Stride+d]
		var s float64
		if inf == nil {
			for j, v := range row {
				c[j] += v - mean[j]
				s += c[j] * c[j]
			}
			phi2[k] = s
			continue
		}
		// The ∞-norm in the same pass, by comparison: a NaN in c makes s
		// NaN, and then the norm too, as math.Max would.
		var m float64
		for j, v := range row {
			cj := c[j] + (v - mean[j])
			c[j] = cj
			s += cj * cj
			if a := math.Abs(cj); a > m {
				m = a
			}
		}
		if math.IsNaN(s) {
			m = math.NaN()
		}
		phi2[k], inf[k] = s, m
	}
}

// SigmaStar2 returns the smallest σ*² for which the curve phi2 (from Phi2)
// satisfies Assumption 4 at one point x with the given M*,
//
//	σ*² = max_k (φ²_{r,k}(x) - k² M* ‖∇f(x)‖²), clipped below at 0,
//
// where gradNorm2 is ‖∇f(x)‖² and k counts from 1. Assumption 4 asks this
// of the order of every epoch t at its start x_t, so a run's σ*² is the
// largest of the epochs' values; SigmaTracker keeps them.
func SigmaStar2(phi2 []float64, mStar, gradNorm2 float64) float64 {
	s := 0.0
	for k, v := range phi2 {
		kk := float64(k + 1)
		s = math.Max(s, v-kk*kk*mStar*gradNorm2)
	}
	return s
}

// SigmaTracker is a Recorder that measures, for every epoch of a run, the
// σ*² of Assumption 4 of the order r_t used in it. The φ's of Assumption 4
// are taken at x_t, where the epoch started, but a Record carries the
// iterate after the epoch; so the tracker keeps a copy of the previous
// record's X and evaluates Phi2 of the new record's Order there, from the
// exact component gradients of Problem. Records with a nil Order (the
// record of x_0) only set the starting point.
//
// It passes every record on to Next, if set, so it chains with History.
// Problem must be set: Record returns an error otherwise. Use a new
// tracker, or clear its fields, for each run.
type SigmaTracker struct {
	// Problem gives the exact component gradients.
	Problem Problem
	// MStar is the M* of Assumption 4. Default 0.
	MStar float64
	// Next receives every record after the tracker. Default nil.
	Next Recorder

	// SigmaStar2[t] is the σ*² (SigmaStar2 with MStar) of the order r_t
	// of epoch t (0-based) at its start x_t.
	SigmaStar2 []float64
	// MaxPhi2[t] is max_k φ²_{r_t,k}(x_t), the σ*² of epoch t for M* = 0.
	MaxPhi2 []float64
	// Max is the largest of SigmaStar2: the run's σ*² for MStar.
	Max float64

	prev  []float64
	grads *mat.Dense
	phi2  []float64
	full  []float64
}

var _ Recorder = (*SigmaTracker)(nil)

// Record implements Recorder. It returns an error if Problem is nil, if
// the record's order has an index outside [0, N), or if the error comes
// from Next.
func (s *SigmaTracker) Record(r *Record) error {
	if s.Problem == nil {
		return fmt.Errorf("ordering: %w: SigmaTracker has a nil Problem", ErrSetting)
	}
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
		s.MaxPhi2 = append(s.MaxPhi2, SigmaStar2(s.phi2, 0, 0))
		s.Max = math.Max(s.Max, v)
	}
	s.prev = append(s.prev[:0], r.X...)
	if s.Next != nil {
		return s.Next.Record(r)
	}
	return nil
}

// Heterogeneity returns, at a point x where the rows of grads are the
// component gradients, the two sides of Assumption 5:
//
//	v = (1/N) Σ_i ‖∇f_i(x) - ∇f(x)‖²,  g = ‖∇f(x)‖²,
//
// so that the components are (σ, M)-heterogeneous at x if v ≤ σ² + M g.
// FitSigmaM fits (σ², M) to such pairs from several points.
//
// It panics if grads is nil or has no rows (where v would be NaN). Neither
// comes from data: mat.NewDense panics on a zero size, so only a zero-value
// mat.Dense has no rows.
func Heterogeneity(grads *mat.Dense) (v, g float64) {
	mustRows(grads)
	n, d := grads.Dims()
	mean := rowMean(nil, grads)
	raw := grads.RawMatrix()
	for i := 0; i < n; i++ {
		for j, x := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
			v += (x - mean[j]) * (x - mean[j])
		}
	}
	return v / float64(n), dot(mean, mean)
}

// FitSigmaM fits the constants of a bound of the form of Assumptions 2
// and 5 to measurements (g_p, v_p) at P points: of the lines with σ², M ≥ 0
// that lie on or above every point,
//
//	v_p ≤ σ² + M g_p  for every p,
//
// it returns the one with the least total slack Σ_p (σ² + M g_p - v_p).
//
// That is a linear program in two variables. Its objective is P times the
// line's height at the mean ḡ of the g_p, and σ² ≥ 0 says the line lies
// on or above the origin, so the optimum is the line through the edge of
// the upper convex hull of the points and the origin above ḡ: M is the
// slope of that edge, or 0 if the edge slopes down (past the highest
// point a flat line is best), and σ² the smallest intercept that keeps
// every point below. When ḡ is a vertex of the hull every slope between
// its two edges is optimal, and FitSigmaM takes the smallest. The hull
// makes the fit exact up to rounding, in O(P log P) time; σ² is computed
// as SigmaForM(v, g, M), so the returned line dominates the points in
// floating point, not only in exact arithmetic.
//
// It returns an error for no points, slices of different lengths, a value
// that is negative or not finite, or points so steep that M overflows.
func FitSigmaM(v, g []float64) (sigma2, m float64, err error) {
	if err := checkPoints(v, g); err != nil {
		return 0, 0, err
	}
	// The points and the origin, by g and then v; of the points with equal
	// g only the highest can be on the upper hull.
	pts := make([][2]float64, 0, len(v)+1)
	pts = append(pts, [2]float64{0, 0})
	for p := range v {
		pts = append(pts, [2]float64{g[p], v[p]})
	}
	slices.SortFunc(pts, func(a, b [2]float64) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	// Andrew's monotone chain, upper half: drop the last hull point while
	// it is on or below the segment from the one before it to the new
	// point.
	hull := pts[:0]
	for _, q := range pts {
		if len(hull) > 0 && hull[len(hull)-1][0] == q[0] {
			hull = hull[:len(hull)-1]
		}
		for len(hull) >= 2 {
			a, b := hull[len(hull)-2], hull[len(hull)-1]
			if (b[1]-a[1])*(q[0]-a[0]) > (q[1]-a[1])*(b[0]-a[0]) {
				break
			}
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, q)
	}
	var gMean float64
	for _, x := range g {
		gMean += x / float64(len(g))
	}
	for k := 0; k+1 < len(hull); k++ {
		if a, b := hull[k], hull[k+1]; b[0] > gMean {
			m = math.Max((b[1]-a[1])/(b[0]-a[0]), 0)
			break
		}
	}
	if math.IsInf(m, 0) {
		return 0, 0, fmt.Errorf("ordering: %w: fitted M overflows; the points are too steep", ErrNaN)
	}
	sigma2, err = SigmaForM(v, g, m)
	return sigma2, m, err
}

// SigmaForM returns the smallest σ² ≥ 0 for which v_p ≤ σ² + M g_p holds
// at every point (g_p, v_p), for a given M:
//
//	σ² = max_p (v_p - M g_p), clipped below at 0.
//
// It returns an error for no points, slices of different lengths, a value
// that is negative or not finite, or an M that is negative or not finite.
func SigmaForM(v, g []float64, m float64) (float64, error) {
	if err := checkPoints(v, g); err != nil {
		return 0, err
	}
	if !(m >= 0) || math.IsInf(m, 1) {
		return 0, fmt.Errorf("ordering: %w: M = %v, want finite and >= 0", ErrSetting, m)
	}
	s := 0.0
	for p := range v {
		s = math.Max(s, v[p]-m*g[p])
	}
	return s, nil
}

// checkPoints checks the measurements given to FitSigmaM and SigmaForM.
func checkPoints(v, g []float64) error {
	if len(v) == 0 {
		return fmt.Errorf("ordering: %w: no points", ErrEmpty)
	}
	if len(v) != len(g) {
		return fmt.Errorf("ordering: %w: %d values v and %d gradient norms g, want the same number", ErrDim, len(v), len(g))
	}
	for p := range v {
		if !(v[p] >= 0) || !(g[p] >= 0) || math.IsInf(v[p], 0) || math.IsInf(g[p], 0) {
			return fmt.Errorf("ordering: %w: point %d is (g, v) = (%v, %v), want finite and >= 0", ErrNaN, p, g[p], v[p])
		}
	}
	return nil
}

// SampleBias returns the two sides of Assumption 3 for the sequence r at
// the point x where the rows of grads are the component gradients:
//
//	lhs = ‖(1/n) Σ_{i=1}^{n} (∇f_{r_i}(x) - ∇f(x))‖²,  rhs = ¼ ‖∇f(x)‖²;
//
// the assumption holds at x if lhs ≤ rhs. A permutation, or several, gives
// lhs = 0 up to rounding (the remark after Assumption 3). It returns an
// error for a nil grads, an empty r or an entry outside [0, N).
func SampleBias(grads *mat.Dense, r []int) (lhs, rhs float64, err error) {
	if err := checkGrads(grads); err != nil {
		return 0, 0, err
	}
	if len(r) == 0 {
		return 0, 0, fmt.Errorf("ordering: %w: empty sequence", ErrEmpty)
	}
	phi2, err := Phi2(nil, grads, r)
	if err != nil {
		return 0, 0, err
	}
	mean := rowMean(nil, grads)
	nf := float64(len(r))
	return phi2[len(r)-1] / (nf * nf), dot(mean, mean) / 4, nil
}

// NoiseEstimate estimates the constants (ζ², P) of Assumption 2 for an
// oracle,
//
//	E‖ξ_i‖² ≤ ζ² + P ‖∇f(x)‖²  for every i and x.
//
// At each point x_p it draws samples noisy gradients of every component i
// and estimates E‖ξ_i‖² by the mean squared distance from the exact
// gradient o.Problem().CompGrad (unbiased, since the exact gradient is
// known), takes the largest over the components, pairs it with
// ‖∇f(x_p)‖², and fits the line over the points with FitSigmaM. The
// maximum of noisy estimates is biased upwards by their sampling error,
// which shrinks as 1/√samples.
//
// It draws from the oracle's random source, so later answers of o change.
// It returns an error for a nil oracle or problem, a problem with no
// components, no points, fewer than one sample, a point of the wrong
// dimension, or a non-finite oracle answer.
func NoiseEstimate(o *Oracle, points [][]float64, samples int) (zeta2, p float64, err error) {
	if err := checkOracle(o); err != nil {
		return 0, 0, err
	}
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
				if !isFinite(noisy) {
					return 0, 0, fmt.Errorf("ordering: %w: oracle gradient of component %d at point %d", ErrNaN, i, k)
				}
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
