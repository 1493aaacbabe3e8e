// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
)

// This file holds what the theory claims share: Monte Carlo statistics of
// φ²_{r,k} over random orders, σ*² of one order, and random gradient
// matrices.

// Phi2Stats are Monte Carlo statistics of φ²_{r,k}(x) over orders drawn
// independently by an Orderer, at a fixed point x.
type Phi2Stats struct {
	// Trials is the number of orders drawn.
	Trials int
	// Mean[k-1] estimates E φ²_{r,k} and SE[k-1] is its standard error.
	Mean, SE []float64
	// MaxMean estimates E max_k φ²_{r,k}, the expected σ*² (M* = 0) of a
	// drawn order, and MaxSE is its standard error.
	MaxMean, MaxSE float64
}

// MaxOfMean returns max_k E φ²_{r,k}, the smallest σ*² for which
// Assumption 4 (M* = 0) holds in expectation for every k (the sense of the
// proof of Lemma 2), and the k (1-based) where it is attained.
func (s *Phi2Stats) MaxOfMean() (float64, int) {
	best, at := 0.0, 0
	for k, v := range s.Mean {
		if v > best {
			best, at = v, k+1
		}
	}
	return best, at
}

// samplePhi2 draws trials orders from o (epochs 0, 1, ... without an
// oracle) and returns the statistics of φ²_{r,k} for the component
// gradients in the rows of grads. It returns an error if trials < 2, o
// needs an oracle or observed steps (ordering.Uses), an order is invalid,
// or ctx is cancelled.
func samplePhi2(ctx context.Context, grads *mat.Dense, o ordering.Orderer, trials int) (*Phi2Stats, error) {
	if trials < 2 {
		return nil, fmt.Errorf("paper: %d Monte Carlo trials, want >= 2", trials)
	}
	// The orders are drawn without an oracle and without steps to observe.
	if err := ordering.Uses(o, ordering.Available{}); err != nil {
		return nil, err
	}
	var (
		r        []int
		phi2     []float64
		mean, m2 []float64
		maxMean  float64
		maxM2    float64
		err      error
	)
	// Welford's updates keep the variance accurate when the spread is
	// small against the mean (a sum of squares would cancel).
	welford := func(mean, m2 *float64, v float64, t int) {
		d := v - *mean
		*mean += d / float64(t+1)
		*m2 += d * (v - *mean)
	}
	for t := 0; t < trials; t++ {
		if t%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		r, err = o.Order(r, ordering.Epoch{T: t})
		if err != nil {
			return nil, err
		}
		phi2, err = ordering.Phi2(phi2, grads, r)
		if err != nil {
			return nil, err
		}
		if mean == nil {
			mean, m2 = make([]float64, len(phi2)), make([]float64, len(phi2))
		}
		if len(phi2) != len(mean) {
			return nil, fmt.Errorf("paper: order %d has length %d, want %d", t, len(phi2), len(mean))
		}
		mx := 0.0
		for k, v := range phi2 {
			welford(&mean[k], &m2[k], v, t)
			mx = math.Max(mx, v)
		}
		welford(&maxMean, &maxM2, mx, t)
	}
	n := float64(trials)
	se := func(m2 float64) float64 { return math.Sqrt(m2 / (n - 1) / n) }
	s := &Phi2Stats{Trials: trials, Mean: mean, SE: make([]float64, len(mean)), MaxMean: maxMean, MaxSE: se(maxM2)}
	for k := range m2 {
		s.SE[k] = se(m2[k])
	}
	return s, nil
}

// orderSigmaStar2 returns σ*² (M* = 0) of the order r for the component
// gradients in the rows of grads: max_k φ²_{r,k}.
func orderSigmaStar2(grads *mat.Dense, r []int) (float64, error) {
	phi2, err := ordering.Phi2(nil, grads, r)
	if err != nil {
		return 0, err
	}
	return ordering.SigmaStar2(phi2, 0, 0), nil
}

// randomGrads returns an n×d matrix of independent normal entries whose
// column j has standard deviation 1+j, so that the gradients are not
// isotropic, and a random mean offset.
func randomGrads(n, d int, rnd *rand.Rand) *mat.Dense {
	g := mat.NewDense(n, d, nil)
	off := make([]float64, d)
	for j := range off {
		off[j] = rnd.NormFloat64()
	}
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			g.Set(i, j, off[j]+rnd.NormFloat64()*float64(1+j))
		}
	}
	return g
}
