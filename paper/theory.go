// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
)

// This file registers the claims about the paper's theory: Theorem 1 with
// the rates of Section 3.4, Remark 3 (Lemma 1 of Mishchenko et al.), the
// Section 4.1 example, Appendix C and Lemma 2. Each claim is in its own
// theory_*.go file; the helpers they share are here.

func init() {
	// Registered in the order of the paper.
	register(Claim{
		ID:    "theorem-1",
		Where: "Theorem 1, Section 3.4",
		Statement: "For γ < 1/(8Ln(M* + P/n + 1)), (1/T) Σ_t ‖∇f(x_t)‖² ≤ 8F₀/(nTγ) + 16γLζ² + 32γ²L²σ*²; " +
			"with γ tuned this gives the rates (RR) O(... + (σLF₀/(√n T))^{2/3}), (IG) O(... + (σLF₀/T)^{2/3}) and, " +
			"for SGD seen as one function with a noisy oracle, O(... + σ√(LF₀/(nT))).",
		Run: runTheorem1Claim,
	})
	register(Claim{
		ID:    "mishchenko-lemma1",
		Where: "Remark 3 (Lemma 1 of Mishchenko et al.)",
		Statement: "For a uniformly random permutation r, E φ²_{r,k}(x) = k(n-k)/(n-1) σ² (σ² the heterogeneity at x), " +
			"so random reshuffling satisfies Assumption 4 in expectation with σ*² = nσ².",
		Run: runLemma1Claim,
	})
	register(Claim{
		ID:    "omega-example",
		Where: "Section 4.1",
		Statement: "On f_i = x²/2 ± σx the order f_1, f_{n/2+1}, f_2, ... achieves σ*² = σ², while a random order " +
			"has E σ*² ≥ nσ²/256 (Lemma 12 of Rajput et al.): choosing the order can beat random reshuffling by a factor of order n.",
		Run: runOmegaClaim,
	})
	register(Claim{
		ID:    "appendix-c-lower-bound",
		Where: "Appendix C, Section 4.1",
		Statement: "For every order r of n components, ‖∇f_{r_k} - ∇f‖² ≤ 2φ²_{r,k} + 2φ²_{r,k-1} ≤ 4σ*² (M* = 0), " +
			"so σ² ≤ 4σ*²: σ*² ∈ Ω(σ²).",
		Run: runAppendixCClaim,
	})
	register(Claim{
		ID:    "two-level-lemma",
		Where: "Lemma 2, Appendix B",
		Statement: "For two-level K-shuffling with random permutations at both levels, " +
			"E φ²_{r,k} ≤ 3m(1 + N(1 - (K-1)/(m-1)))σ_low² + 2NK²σ_top² for every k, " +
			"so E σ*² ∈ O(NK²σ_top² + (m + N(m-K))σ_low²).",
		Run: runTwoLevelLemmaClaim,
	})
}

// mixSeed derives a seed from a base seed and words naming one random
// choice, with the splitmix64 finaliser, so that every choice has its own
// stream whatever order the choices are made in.
func mixSeed(base uint64, words ...uint64) uint64 {
	z := base
	for _, w := range words {
		z ^= w
		z += 0x9e3779b97f4a7c15
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
	}
	return z
}

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

// SamplePhi2 draws trials orders from o (epochs 0, 1, ... without an
// oracle, so o must not need one) and returns the statistics of φ²_{r,k}
// for the component gradients in the rows of grads. It returns an error if
// trials < 2, an order is invalid, or ctx is cancelled.
func SamplePhi2(ctx context.Context, grads *mat.Dense, o ordering.Orderer, trials int) (*Phi2Stats, error) {
	if trials < 2 {
		return nil, fmt.Errorf("paper: %d Monte Carlo trials, want >= 2", trials)
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

// ints returns v as float64s.
func ints(v []int) []float64 {
	f := make([]float64, len(v))
	for i, x := range v {
		f[i] = float64(x)
	}
	return f
}

// joinInts formats v as "a, b, c".
func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// joinFloats formats v as "a, b, c" with %g.
func joinFloats(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, ", ")
}

// constant returns a slice of n copies of v.
func constant(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// verdictOf returns Reproduced if ok, else NotReproduced.
func verdictOf(ok bool) Verdict {
	if ok {
		return Reproduced
	}
	return NotReproduced
}

// writeOutcome returns a function that writes the charts of an outcome
// into env.FigDir, so that a claim reads
//
//	return writeOutcome(env)(XOutcome(c, res))
func writeOutcome(env *Env) func(*Outcome, error) (*Outcome, error) {
	return func(out *Outcome, err error) (*Outcome, error) {
		if err != nil {
			return nil, err
		}
		return out, out.WriteFigures(env.FigDir)
	}
}
