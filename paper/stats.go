// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"cmp"
	"math"
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
