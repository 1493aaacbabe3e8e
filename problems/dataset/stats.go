// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dataset

import (
	"fmt"
	"math"
	"slices"
)

// ChannelStats returns the mean and the standard deviation of the pixel
// values of each channel over all images, in float64:
//
//	mean[c] = (1/n) Σ p,  std[c] = √((1/n) Σ (p - mean[c])²)
//
// over the n = N·H·W values p of channel c (the population deviation, as
// the usual normalisation constants of MNIST, 0.1307 and 0.3081, are).
// The sums run in a fixed order, so that the result depends on the pixels
// alone. Both are NaN for a set without images.
func (s *Set) ChannelStats() (mean, std []float64) {
	mean, std = make([]float64, s.C), make([]float64, s.C)
	hw := s.H * s.W
	n := float64(s.N * hw)
	// Two passes, the second about the mean, which a single pass of
	// Σp and Σp² would lose to cancellation; each image's sum is formed
	// first, which keeps the long sums' rounding small.
	for i := 0; i < s.N; i++ {
		img := s.Image(i)
		for c := range mean {
			var sum float64
			for _, p := range img[c*hw : (c+1)*hw] {
				sum += float64(p)
			}
			mean[c] += sum
		}
	}
	for c := range mean {
		mean[c] /= n
	}
	for i := 0; i < s.N; i++ {
		img := s.Image(i)
		for c, m := range mean {
			var sum float64
			for _, p := range img[c*hw : (c+1)*hw] {
				d := float64(p) - m
				sum += d * d
			}
			std[c] += sum
		}
	}
	for c := range std {
		std[c] = math.Sqrt(std[c] / n)
	}
	return mean, std
}

// Standardize maps each pixel p of channel c to (p - mean[c]) / std[c], in
// place (computed in float64, stored as float32), and records mean and
// std in s.Mean and s.Std. The usual use is with the training set's
// ChannelStats, applied to the training and the test set alike.
//
// It returns an error naming the value, and leaves s unchanged, if mean or
// std does not hold one value per channel, a mean is not finite, a
// deviation is not finite or not positive (ChannelStats gives 0 for a
// constant channel), s is already standardized, a pixel is not finite,
// or a result would overflow float32.
func (s *Set) Standardize(mean, std []float64) error {
	if s.Mean != nil || s.Std != nil {
		return fmt.Errorf("dataset: %s is already standardized (mean %v, std %v)", s.Name, s.Mean, s.Std)
	}
	if len(mean) != s.C || len(std) != s.C {
		return fmt.Errorf("dataset: %s: standardize with %d means and %d deviations, want %d (one per channel)", s.Name, len(mean), len(std), s.C)
	}
	for c := range mean {
		if math.IsNaN(mean[c]) || math.IsInf(mean[c], 0) {
			return fmt.Errorf("dataset: %s: standardize with mean[%d] = %v, want a finite value", s.Name, c, mean[c])
		}
		if !(std[c] > 0) || math.IsInf(std[c], 0) {
			return fmt.Errorf("dataset: %s: standardize with std[%d] = %v, want a finite value above 0", s.Name, c, std[c])
		}
	}
	hw := s.H * s.W
	// Check every result before changing a pixel: the extremes of each
	// channel give the extreme results.
	lo, hi := make([]float64, s.C), make([]float64, s.C)
	for c := range lo {
		lo[c], hi[c] = math.Inf(1), math.Inf(-1)
	}
	for i := 0; i < s.N; i++ {
		img := s.Image(i)
		for c := range lo {
			for j, p := range img[c*hw : (c+1)*hw] {
				v := float64(p)
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("dataset: %s: pixel value %v at %d, want a finite value", s.Name, p, i*s.Dim()+c*hw+j)
				}
				lo[c], hi[c] = min(lo[c], v), max(hi[c], v)
			}
		}
	}
	for c := range lo {
		for _, v := range []float64{lo[c], hi[c]} {
			if r := float32((v - mean[c]) / std[c]); math.IsInf(float64(r), 0) {
				return fmt.Errorf("dataset: %s: standardize with mean[%d] = %v, std[%d] = %v takes pixel value %v to %.4g, beyond float32", s.Name, c, mean[c], c, std[c], v, (v-mean[c])/std[c])
			}
		}
	}
	for i := 0; i < s.N; i++ {
		img := s.Image(i)
		for c := range mean {
			m, sd := mean[c], std[c]
			ch := img[c*hw : (c+1)*hw]
			for j, p := range ch {
				ch[j] = float32((float64(p) - m) / sd)
			}
		}
	}
	s.Mean, s.Std = slices.Clone(mean), slices.Clone(std)
	return nil
}
