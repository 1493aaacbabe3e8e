// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// This file holds the statistics the outcomes share.

// meanSE returns the mean of v and its standard error (0 for one value).
func meanSE(v []float64) (mean, se float64) {
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	if len(v) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(v)-1) / float64(len(v)))
}

// z95 is the number of standard errors of a normal band at the level
// conf95, 1.96 at 95%: the level lives in one place.
var z95 = distuv.UnitNormal.Quantile(1 - (1-conf95)/2)

// band returns mean ∓ z·se elementwise: the band drawn around a mean.
func band(mean, se []float64, z float64) (lo, hi []float64) {
	lo, hi = make([]float64, len(mean)), make([]float64, len(mean))
	for i, m := range mean {
		lo[i], hi[i] = m-z*se[i], m+z*se[i]
	}
	return lo, hi
}

// pairedGap returns the mean and standard error of the paired differences
// scale·(a[s] - b[s]), s = 0..len(a)-1: the gap between two treatments
// measured on the same seeds, whose shared noise cancels.
func pairedGap(a, b []float64, scale float64) (mean, se float64) {
	d := make([]float64, len(a))
	for s := range d {
		d[s] = scale * (a[s] - b[s])
	}
	return meanSE(d)
}

// logSlope returns the least-squares slope of log y against log x.
func logSlope(x, y []float64) float64 {
	var sx, sy, sxx, sxy float64
	for i := range x {
		lx, ly := math.Log(x[i]), math.Log(y[i])
		sx, sy, sxx, sxy = sx+lx, sy+ly, sxx+lx*lx, sxy+lx*ly
	}
	n := float64(len(x))
	return (n*sxy - sx*sy) / (n*sxx - sx*sx)
}

// geoMean returns the geometric mean of v, NaN if any value is NaN.
func geoMean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		if math.IsNaN(x) {
			return math.NaN()
		}
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(v)))
}

// spearman returns Spearman's rank correlation of x and y, the Pearson
// correlation of their ranks (ties get their mean rank), NaN for fewer than
// two values or a constant x or y.
func spearman(x, y []float64) float64 {
	if len(x) < 2 {
		return math.NaN()
	}
	return stat.Correlation(ranks(x), ranks(y), nil)
}

// ranks returns the 1-based ranks of v, ties given their mean rank.
func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// boundWorst returns the measure of a Bound part over several quantities,
// each interval ivs[i] against its own bound bounds[i]: the quantities
// over their bounds reduced to their largest mean, lower end and upper
// end, so that it lies below 1 exactly when every one does and wholly
// above 1 exactly when some one does; N the fewest draws. PHold is the
// intersection-union p-value of every quantity below its bound (the
// largest of their Interval.PBelow), PFail the smallest of their
// Interval.PAbove. The note, said beside, is the slack.
func boundWorst(label string, ivs []Interval, bounds []float64, note string) Measure {
	m := Measure{Label: label, Note: note, HasP: true, PFail: 1,
		Iv: Interval{Mean: math.Inf(-1), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(-1), N: math.MaxInt}}
	for i, iv := range ivs {
		b := bounds[i]
		m.Iv.Mean, m.Iv.Lo, m.Iv.Hi = math.Max(m.Iv.Mean, iv.Mean/b), math.Max(m.Iv.Lo, iv.Lo/b), math.Max(m.Iv.Hi, iv.Hi/b)
		m.Iv.N = min(m.Iv.N, iv.N)
		m.PHold, m.PFail = math.Max(m.PHold, iv.PBelow(b)), math.Min(m.PFail, iv.PAbove(b))
	}
	if len(ivs) == 0 {
		m.Iv = Interval{Mean: math.NaN(), SE: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}
		m.PHold = 1
	}
	return m
}

// logSlopeInterval returns the least-squares slope of ln y against ln x
// over the points (logSlope), with its 95% normal interval from the standard errors se of the
// y, Monte Carlo means of n draws each (the delta method: the slope is
// Σ wᵢ ln yᵢ, whose variance is Σ wᵢ² (seᵢ/yᵢ)²); the fit's residuals are
// the curve's shape, not noise, and are not counted. With fewer than 3
// points, fewer than 2 distinct x, or an x or y that is not positive, it
// measured nothing: NaN, N = 0.
//
// omegaSlope computes the same from omega-example's rows in code of its
// own, registered and confirmed before this function existed: moving it
// here would change that claim's registered hash.
func logSlopeInterval(x, y, se []float64, n int) Interval {
	none := Interval{Mean: math.NaN(), SE: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if len(x) < 3 || len(y) != len(x) || len(se) != len(x) {
		return none
	}
	var mx float64
	for i := range x {
		if !(x[i] > 0) || !(y[i] > 0) {
			return none
		}
		mx += math.Log(x[i])
	}
	mx /= float64(len(x))
	var sxx float64
	for _, v := range x {
		d := math.Log(v) - mx
		sxx += d * d
	}
	if !(sxx > 0) {
		return none
	}
	var b, v float64
	for i := range x {
		w := (math.Log(x[i]) - mx) / sxx
		r := se[i] / y[i]
		b += w * math.Log(y[i])
		v += w * w * r * r
	}
	return mcInterval(b, math.Sqrt(v), n)
}

// stratifiedBootstrap returns the mean over strata of Spearman's ρ of y
// against x within each stratum (strata names them), its 95% percentile
// interval over b bootstrap replicates that resample the points with
// replacement within each stratum, and the one-sided bootstrap p-value of
// "the mean exceeds level": (1 + #{replicates ≤ level}) / (b + 1). A
// replicate where a stratum's ρ is undefined (a constant resample) leaves
// that stratum out of its mean; one where every stratum's is undefined is
// dropped. N of the interval is the number of points. pBelow is the
// mirror p-value of "the mean is below level".
func stratifiedBootstrap(x, y []float64, strata []string, level float64, b int, seed uint64) (iv Interval, pAbove, pBelow float64) {
	var names []string
	var idx [][]int
	for i, s := range strata {
		k := slices.Index(names, s)
		if k < 0 {
			k = len(names)
			names, idx = append(names, s), append(idx, nil)
		}
		idx[k] = append(idx[k], i)
	}
	mean := func(pick func(k, j int) int) float64 {
		sum, m := 0.0, 0
		for k, is := range idx {
			xs, ys := make([]float64, len(is)), make([]float64, len(is))
			for j := range is {
				i := is[pick(k, j)]
				xs[j], ys[j] = x[i], y[i]
			}
			if r := spearman(xs, ys); !math.IsNaN(r) {
				sum, m = sum+r, m+1
			}
		}
		if m == 0 {
			return math.NaN()
		}
		return sum / float64(m)
	}
	iv = Interval{Mean: mean(func(_, j int) int { return j }), SE: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), N: len(x)}
	if math.IsNaN(iv.Mean) {
		return iv, math.NaN(), math.NaN()
	}
	rnd := rand.New(rand.NewPCG(seed, 0))
	reps := make([]float64, 0, b)
	below, above := 0, 0
	for range b {
		t := mean(func(k, _ int) int { return rnd.IntN(len(idx[k])) })
		if math.IsNaN(t) {
			continue
		}
		reps = append(reps, t)
		if t <= level {
			below++
		}
		if t >= level {
			above++
		}
	}
	if len(reps) == 0 {
		return iv, math.NaN(), math.NaN()
	}
	slices.Sort(reps)
	iv.Lo, iv.Hi = stat.Quantile(0.025, stat.Empirical, reps, nil), stat.Quantile(0.975, stat.Empirical, reps, nil)
	n := float64(len(reps) + 1)
	return iv, float64(1+below) / n, float64(1+above) / n
}

// failEnd returns iv, a t-interval over iv.N values, with its failing end
// moved to the one-sided ruleAlpha/k point (Bonferroni over a part's k
// quantities, of which one shown on the failing side fails the part): the
// lower end if the part holds Below its threshold, else the upper end. It
// returns iv itself if k < 2 or iv has no spread. loaderFailEnd is the same
// reading, kept as registered for loader-shuffles until its next
// registration.
func failEnd(iv Interval, k int, holds Side) Interval {
	if iv.N < 2 || k < 2 || !(iv.SE >= 0) {
		return iv
	}
	h := tCrit(iv.N-1, 1-2*ruleAlpha/float64(k)) * iv.SE
	if holds == Below {
		iv.Lo = iv.Mean - h
	} else {
		iv.Hi = iv.Mean + h
	}
	return iv
}
