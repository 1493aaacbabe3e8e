// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"fmt"
	"math"
)

// This file holds the bounds of the paper as pure functions of their
// constants. Every function checks its arguments and returns an error
// wrapping ErrSetting (or ErrStep for a step size) that names the offending
// value; none of them panics.

// Theorem1Constants holds the constants of Theorem 1. It has no defaults:
// every field must be set to a valid value.
type Theorem1Constants struct {
	// L is the smoothness constant of Assumption 1; L > 0.
	L float64
	// F0 is f(x_0) - f*, the initial suboptimality; F0 >= 0.
	F0 float64
	// Zeta2 is ζ², the constant part of the oracle noise of Assumption 2;
	// Zeta2 >= 0 (0 for exact gradients).
	Zeta2 float64
	// P is the relative part of the oracle noise of Assumption 2; P >= 0.
	P float64
	// SigmaStar2 is σ*², the constant part of the sequence heterogeneity of
	// Assumption 4, the paper's measure of an order; SigmaStar2 >= 0.
	SigmaStar2 float64
	// MStar is M*, the relative part of Assumption 4; MStar >= 0.
	MStar float64
	// N is n, the number of steps in an epoch (the length of r_t); N >= 1.
	// It equals the number of components only when r_t is a permutation.
	N int
	// T is the number of epochs; T >= 1.
	T int
}

// Validate returns an error wrapping ErrSetting that names the first field
// of c that is out of range, or nil.
func (c Theorem1Constants) Validate() error {
	if err := boundPositive("L", c.L); err != nil {
		return err
	}
	if err := boundNonNeg(
		boundParam{"F0", c.F0}, boundParam{"Zeta2", c.Zeta2}, boundParam{"P", c.P},
		boundParam{"SigmaStar2", c.SigmaStar2}, boundParam{"MStar", c.MStar},
	); err != nil {
		return err
	}
	return boundCounts(boundCount{"N", c.N}, boundCount{"T", c.T})
}

// Theorem1MaxStep returns the strict upper limit on the step size of
// Theorem 1,
//
//	γ < 1 / (8 L n (M* + P/n + 1)) = 1 / (8 L (n + n M* + P)).
//
// Steps equal to the limit are not admissible. It returns an error wrapping
// ErrSetting if c is invalid, or if the limit underflows to 0 or overflows
// float64 (constants such as L = 1e300 with n = 2^40, or L = 1e-320).
func Theorem1MaxStep(c Theorem1Constants) (float64, error) {
	if err := c.Validate(); err != nil {
		return 0, err
	}
	limit := theorem1MaxStep(c)
	if !(limit > 0) || math.IsInf(limit, 1) {
		return 0, fmt.Errorf("ordering: %w: L = %v, n = %d, M* = %v and P = %v give the step limit 1/(8 L (n + n M* + P)) = %v, want a positive finite float64",
			ErrSetting, c.L, c.N, c.MStar, c.P, limit)
	}
	return limit, nil
}

func theorem1MaxStep(c Theorem1Constants) float64 {
	n := float64(c.N)
	return 1 / (8 * c.L * (n*(c.MStar+1) + c.P))
}

// Theorem1Bound returns the bound of Theorem 1 as stated,
//
//	(1/T) Σ_t ‖∇f(x_t)‖² ≤ 8 F0/(n T γ) + 16 γ L ζ² + 32 γ² L² σ*²,
//
// for a step 0 < γ < Theorem1MaxStep(c). It returns an error wrapping
// ErrStep, and no value, for any other γ: outside that range the theorem
// says nothing.
//
// The constants 8, 16 and 32 are those of the theorem's statement; they do
// not follow from the proof in Appendix A, whose last display gives
// 12, 12 and 48 instead (see Theorem1ProofBound). Neither bound is below
// the other for every γ.
func Theorem1Bound(c Theorem1Constants, gamma float64) (float64, error) {
	if err := theorem1CheckStep(c, gamma); err != nil {
		return 0, err
	}
	return theorem1Stated.value(c, gamma), nil
}

// Theorem1ProofBound returns the bound that the proof of Theorem 1
// (Appendix A) derives in its last display,
//
//	(1/(12T)) Σ_t ‖∇f(x_t)‖² ≤ F0/(γ n T) + γ L ζ² + 4 γ² L² σ*²,
//
// that is
//
//	(1/T) Σ_t ‖∇f(x_t)‖² ≤ 12 F0/(n T γ) + 12 γ L ζ² + 48 γ² L² σ*²,
//
// for 0 < γ < Theorem1MaxStep(c) (the proof uses the same condition,
// γ < 1/(8L(n + nM* + P))). It returns an error wrapping ErrStep for any
// other γ.
//
// This differs from the statement of Theorem 1 (Theorem1Bound: 8, 16 and
// 32): the proof's F0 and σ*² constants are 3/2 times the statement's, its
// ζ² constant 3/4 times. The statement is not what the proof shows; use
// this function where a check should follow the derivation.
//
// The proof's own steps have slips too, so neither set of constants is
// established with certainty: summing its bound on ‖x_t^k - x_t‖² over k
// gives 4γ²nσ*², not the 2γ²nσ*² displayed (Lemma 5, the bound on V_t);
// the step (1+M*)(2n-1)n(n-1) + 3Pn(n-1) ≤ n²(n + nM* + P) there fails for
// n >= 3 (and its P part, 3(n-1) ≤ n, for n >= 2); Assumption 3 enters the
// proof of Lemma 4 (the decrease per epoch) as ‖∇f‖²/4 where 2·‖∇f‖²/4 is
// due, which Theorem 1's step limit (γLP < 1/8) still turns into the
// lemma's -γn/8 decrease; and with oracle noise Lemmas 4 and 5 drop the
// cross-term between g_t, which depends on the earlier noise, and Σξ.
// This function implements the displayed result as written.
func Theorem1ProofBound(c Theorem1Constants, gamma float64) (float64, error) {
	if err := theorem1CheckStep(c, gamma); err != nil {
		return 0, err
	}
	return theorem1Proof.value(c, gamma), nil
}

// Theorem1TunedStep returns the step γ in (0, Theorem1MaxStep(c)) that
// minimises Theorem1Bound. The bound a/γ + bγ + eγ² is convex for γ > 0,
// so its minimiser is the unique positive root of the derivative,
//
//	64 L² σ*² γ³ + 16 L ζ² γ² - 8 F0/(n T) = 0,
//
// clipped to the admissible range. The limit on γ is strict, so when the
// root is at or beyond it (always when σ* = ζ = 0, where the bound
// decreases in γ) the result is the largest float64 below
// Theorem1MaxStep(c): Theorem1Bound accepts it and returns the infimum of
// the bound over the admissible steps, up to rounding.
//
// It returns an error wrapping ErrSetting if c is invalid or F0 = 0 (then
// x_0 is optimal, the bound decreases to its infimum as γ → 0 and no step
// minimises it), or if the constants are so extreme that Theorem1MaxStep
// fails or the step underflows to 0 or is lost to overflow in float64.
func Theorem1TunedStep(c Theorem1Constants) (float64, error) {
	return theorem1Stated.tunedStep(c)
}

// Theorem1ProofTunedStep returns the step γ in (0, Theorem1MaxStep(c))
// that minimises Theorem1ProofBound, the positive root of
//
//	96 L² σ*² γ³ + 12 L ζ² γ² - 12 F0/(n T) = 0,
//
// clipped like Theorem1TunedStep. The two steps agree when ζ = 0, since
// 8/32 = 12/48, and differ otherwise. It returns an error wrapping
// ErrSetting if c is invalid, F0 = 0, or the constants are too extreme for
// float64, as Theorem1TunedStep does.
func Theorem1ProofTunedStep(c Theorem1Constants) (float64, error) {
	return theorem1Proof.tunedStep(c)
}

// Theorem1Rate returns the rate of Theorem 1 for a tuned step,
//
//	L (M* + P/n + 1) F0 / T + (σ* L F0 / (n T))^(2/3) + ζ √(L F0 / (n T)),
//
// with the constants that the O(·) of the theorem hides dropped: it is the
// sum of the three displayed terms, not a bound. Use it to compare orders or
// settings by their trend; ratios between rates are indicative only.
func Theorem1Rate(c Theorem1Constants) (float64, error) {
	if err := c.Validate(); err != nil {
		return 0, err
	}
	return theorem1Rate(c.L, c.F0, c.Zeta2, c.P, c.SigmaStar2, c.MStar, float64(c.N), float64(c.T)), nil
}

// theorem1Rate is Theorem1Rate on unchecked arguments; n and t may be
// fractional.
func theorem1Rate(l, f0, zeta2, p, sigmaStar2, mStar, n, t float64) float64 {
	return l*(mStar+p/n+1)*f0/t +
		boundPow23(math.Sqrt(sigmaStar2)*l*f0/(n*t)) +
		math.Sqrt(zeta2)*math.Sqrt(l*f0/(n*t))
}

// theorem1Form is a bound A F0/(n T γ) + B γ L ζ² + E γ² L² σ*².
type theorem1Form struct{ a, b, e float64 }

var (
	theorem1Stated = theorem1Form{8, 16, 32}
	theorem1Proof  = theorem1Form{12, 12, 48}
)

// value returns the bound at gamma. It works with u = γL, which is below
// 1/8 for admissible steps, so that large L does not overflow.
func (f theorem1Form) value(c Theorem1Constants, gamma float64) float64 {
	nt := float64(c.N) * float64(c.T)
	u := gamma * c.L
	return f.a*c.F0/(nt*gamma) + f.b*u*c.Zeta2 + f.e*u*u*c.SigmaStar2
}

func (f theorem1Form) tunedStep(c Theorem1Constants) (float64, error) {
	limit, err := Theorem1MaxStep(c)
	if err != nil {
		return 0, err
	}
	if c.F0 == 0 {
		return 0, fmt.Errorf("ordering: %w: F0 = 0: the bound decreases to its infimum as γ → 0 and has no minimiser", ErrSetting)
	}
	// In u = γL the bound is A/u + B u + E u² with A = a F0 L/(nT),
	// B = b ζ², E = e σ*², and u < 1/(8(n + nM* + P)).
	n := float64(c.N)
	a := f.a * c.F0 * c.L / (n * float64(c.T))
	u := boundMinimiseStep(a, f.b*c.Zeta2, f.e*c.SigmaStar2, 1/(8*(n*(c.MStar+1)+c.P)))
	// A coefficient that overflows, or a step that underflows, gives 0 or
	// NaN here.
	step := math.Min(u/c.L, math.Nextafter(limit, 0))
	if !(step > 0) {
		return 0, fmt.Errorf("ordering: %w: constants %+v give the tuned step %v, want a positive float64 (they overflow or underflow)", ErrSetting, c, step)
	}
	return step, nil
}

// boundMinimiseStep returns the x in (0, limit] minimising a/x + bx + ex² for
// a > 0 and b, e >= 0 over (0, limit): the positive root of
// 2ex³ + bx² - a, or limit if the root is not below it. The cubic increases
// for x > 0, so the root is unique; it is found in closed form when b or e
// is zero and by bisection otherwise.
func boundMinimiseStep(a, b, e, limit float64) float64 {
	g := func(x float64) float64 { return (2*e*x+b)*x*x - a }
	if g(limit) <= 0 {
		return limit
	}
	var root float64
	switch {
	case e == 0:
		root = math.Sqrt(a / b)
	case b == 0:
		root = math.Cbrt(a / (2 * e))
	default:
		// The root has bx² <= a and 2ex³ <= a, and it is at least the
		// point where both terms are at most a/2.
		hi := math.Min(limit, math.Min(math.Sqrt(a/b), math.Cbrt(a/(2*e))))
		lo := math.Min(math.Sqrt(a/(2*b)), math.Cbrt(a/(4*e)))
		if !(lo < hi) {
			lo = 0
		}
		// Bisection halves the bracket until it is one ulp wide; 2100
		// halvings cover any bracket of float64 values.
		for range 2100 {
			mid := lo + (hi-lo)/2
			if mid <= lo || mid >= hi {
				break
			}
			if g(mid) > 0 {
				hi = mid
			} else {
				lo = mid
			}
		}
		root = lo
		if math.Abs(g(hi)) < math.Abs(g(lo)) {
			root = hi
		}
	}
	return math.Min(root, limit)
}

// theorem1CheckStep validates c and requires 0 < gamma < Theorem1MaxStep(c).
func theorem1CheckStep(c Theorem1Constants, gamma float64) error {
	limit, err := Theorem1MaxStep(c)
	if err != nil {
		return err
	}
	if !(gamma > 0 && gamma < limit) {
		return fmt.Errorf("ordering: %w: γ = %v, want in (0, %v) (Theorem 1)", ErrStep, gamma, limit)
	}
	return nil
}

// RateConstants holds the constants of a finite sum f = (1/n) Σ_i f_i under
// Assumptions 1, 2 and 5, the setting in which Section 3.4 compares random
// reshuffling, incremental gradient and SGD. It has no defaults.
type RateConstants struct {
	// L is the smoothness constant of Assumption 1; L > 0.
	L float64
	// F0 is f(x_0) - f*; F0 >= 0.
	F0 float64
	// Sigma2 is σ², the constant part of the dataset heterogeneity of
	// Assumption 5; Sigma2 >= 0.
	Sigma2 float64
	// M is the relative part of Assumption 5; M >= 0.
	M float64
	// Zeta2 is ζ², the oracle noise of Assumption 2; Zeta2 >= 0.
	Zeta2 float64
	// P is the relative oracle noise of Assumption 2; P >= 0.
	P float64
	// N is n, the number of components, which is also the number of steps
	// in an epoch of RR or IG; N >= 1.
	N int
}

// Validate returns an error wrapping ErrSetting that names the first field
// of s that is out of range, or nil.
func (s RateConstants) Validate() error {
	if err := boundPositive("L", s.L); err != nil {
		return err
	}
	if err := boundNonNeg(
		boundParam{"F0", s.F0}, boundParam{"Sigma2", s.Sigma2}, boundParam{"M", s.M},
		boundParam{"Zeta2", s.Zeta2}, boundParam{"P", s.P},
	); err != nil {
		return err
	}
	return boundCounts(boundCount{"N", s.N})
}

// RateRR returns the rate (RR) of Section 3.4 for random reshuffling after
// T epochs of n steps each,
//
//	L (M + P/n + 1) F0 / T + (σ L F0 / (√n T))^(2/3) + ζ √(L F0 / (n T)).
//
// It is Theorem1Rate with Remark 4's constants for a random permutation,
// σ*² = n σ² and M* = M, and like it drops the hidden constants.
func RateRR(s RateConstants, epochs int) (float64, error) {
	if err := boundRate(s, "epochs", epochs); err != nil {
		return 0, err
	}
	return boundRateRR(s, float64(epochs)), nil
}

func boundRateRR(s RateConstants, t float64) float64 {
	n := float64(s.N)
	return theorem1Rate(s.L, s.F0, s.Zeta2, s.P, n*s.Sigma2, s.M, n, t)
}

// RateIG returns the rate (IG) of Section 3.4 for incremental gradient (any
// fixed or adversarial order) after T epochs of n steps each,
//
//	L (M + P/n + 1) F0 / T + (σ L F0 / T)^(2/3) + ζ √(L F0 / (n T)),
//
// as displayed in the paper, hidden constants dropped. The middle term is
// Theorem 1's with Remark 4's general σ*² = n² σ². Remark 4's general case
// also gives M* = n M, for which Theorem 1's first term would be
// L (n M + P/n + 1) F0 / T; the paper's display keeps M, and the two agree
// when M = 0, the setting of Mishchenko et al. For the M* = n M form use
// Theorem1Rate with SigmaStarFromHeterogeneity.
func RateIG(s RateConstants, epochs int) (float64, error) {
	if err := boundRate(s, "epochs", epochs); err != nil {
		return 0, err
	}
	return boundRateIG(s, float64(epochs)), nil
}

func boundRateIG(s RateConstants, t float64) float64 {
	n := float64(s.N)
	return theorem1Rate(s.L, s.F0, s.Zeta2, s.P, n*n*s.Sigma2, s.M, n, t)
}

// RateSGD returns the rate of SGD (sampling with replacement) after the
// given number of steps, as Section 3.4 derives it from Theorem 1: one
// function f whose oracle returns the gradient of a random component, so
// n = 1, σ* = M* = 0, ζ² = σ² + ζ_oracle² and P = M + P_oracle, and T counts
// steps:
//
//	L (M + P + 1) F0 / T + √(σ² + ζ²) √(L F0 / T).
//
// The paper takes exact component gradients (ζ = P = 0), where this is
// L (M + 1) F0 / T + σ √(L F0 / T); a noisy component oracle adds its
// noise to the sampling noise since the two are independent and zero-mean.
// Hidden constants are dropped, as in Theorem1Rate. s.N is not used.
func RateSGD(s RateConstants, steps int) (float64, error) {
	if err := boundRate(s, "steps", steps); err != nil {
		return 0, err
	}
	return boundRateSGD(s, float64(steps)), nil
}

func boundRateSGD(s RateConstants, t float64) float64 {
	return theorem1Rate(s.L, s.F0, s.Sigma2+s.Zeta2, s.M+s.P, 0, 0, 1, t)
}

// StepRates holds the rates of Section 3.4 after the same number of
// gradient steps.
type StepRates struct {
	RR, IG, SGD float64
}

// RatesAtSteps returns RateRR, RateIG and RateSGD after the same number S of
// gradient steps: RR and IG run S/n epochs, which may be fractional, and
// SGD runs S steps. In terms of S the RR and IG rates read
//
//	RR:  L (M + P/n + 1) F0 n / S + (σ L F0 √n / S)^(2/3) + ζ √(L F0 / S),
//	IG:  L (M + P/n + 1) F0 n / S + (σ L F0 n / S)^(2/3)  + ζ √(L F0 / S).
//
// Hidden constants are dropped, so the comparison shows trends, not
// guarantees.
func RatesAtSteps(s RateConstants, steps int) (StepRates, error) {
	if err := boundRate(s, "steps", steps); err != nil {
		return StepRates{}, err
	}
	t := float64(steps) / float64(s.N)
	return StepRates{RR: boundRateRR(s, t), IG: boundRateIG(s, t), SGD: boundRateSGD(s, float64(steps))}, nil
}

func boundRate(s RateConstants, name string, count int) error {
	if err := s.Validate(); err != nil {
		return err
	}
	return boundCounts(boundCount{name, count})
}

// SigmaStarFromHeterogeneity returns the constants of Assumption 4 that
// Remark 4 derives from Assumption 5 with constants (σ², M) for any order r
// that is a permutation of the n components,
//
//	σ*² = n² σ²,  M* = n M,
//
// since φ²_{r,k} ≤ k Σ_{i≤k} ‖∇f_{r_i} - ∇f‖² ≤ k n (σ² + M ‖∇f‖²). This is
// the worst case over orders, the constant behind the (IG) rate.
func SigmaStarFromHeterogeneity(sigma2, m float64, n int) (sigmaStar2, mStar float64, err error) {
	if err := boundHeterogeneity(sigma2, m, n); err != nil {
		return 0, 0, err
	}
	nf := float64(n)
	return nf * nf * sigma2, nf * m, nil
}

// SigmaStarFromHeterogeneityRR returns the constants of Assumption 4 that
// Remark 4 derives, in expectation over a uniformly random permutation
// (random reshuffling), from Assumption 5 with constants (σ², M),
//
//	σ*² = n σ²,  M* = M,
//
// from Lemma 1 of Mishchenko et al. (see ScaledPhi2BoundRR):
// E φ²_{r,k} ≤ k (σ² + M ‖∇f‖²) ≤ n σ² + k² M ‖∇f‖².
func SigmaStarFromHeterogeneityRR(sigma2, m float64, n int) (sigmaStar2, mStar float64, err error) {
	if err := boundHeterogeneity(sigma2, m, n); err != nil {
		return 0, 0, err
	}
	return float64(n) * sigma2, m, nil
}

// HeterogeneityFromSigmaStar returns the constants of Assumption 5 implied
// by Assumption 4 with constants (σ*², M*) for a sequence of n steps that
// visits every component, by Appendix C:
//
//	σ² ≤ 4 σ*²,  M ≤ 4 n² M*,
//
// since ‖∇f_{r_k} - ∇f‖² = ‖Σ_{i≤k} - Σ_{i<k}‖² ≤ 2φ²_{r,k} + 2φ²_{r,k-1}.
// It holds at the points where Assumption 4 does. Read the other way, every
// order has σ*² ≥ σ²/4 when M* = 0: σ*² ∈ Ω(σ²) (the paper writes
// σ* ∈ Ω(σ²), meaning σ*²). Since Remark 4 gives σ*² ≤ n² σ² for any
// permutation, the order can change σ*², and the σ*² term of Theorem 1, by
// a factor of up to order n².
func HeterogeneityFromSigmaStar(sigmaStar2, mStar float64, n int) (sigma2, m float64, err error) {
	if err := boundNonNeg(boundParam{"σ*²", sigmaStar2}, boundParam{"M*", mStar}); err != nil {
		return 0, 0, err
	}
	if err := boundCounts(boundCount{"n", n}); err != nil {
		return 0, 0, err
	}
	nf := float64(n)
	return 4 * sigmaStar2, 4 * nf * nf * mStar, nil
}

// ExpectedPhi2RR returns the exact expectation of φ²_{r,k}(x) over a
// uniformly random permutation r of n components, Lemma 1 of Mishchenko et
// al. as used in Remark 4,
//
//	E φ²_{r,k} = k (n - k) / (n - 1) σ²,
//
// where σ² = (1/n) Σ_i ‖∇f_i(x) - ∇f(x)‖² is the heterogeneity at x
// itself (Assumption 5 with M = 0, holding with equality), and 0 ≤ k ≤ n.
// For n = 1 it returns 0: then f = f_1 and φ vanishes.
func ExpectedPhi2RR(sigma2 float64, n, k int) (float64, error) {
	if err := boundPhi2(sigma2, 0, n, k, 0); err != nil {
		return 0, err
	}
	if n == 1 {
		return 0, nil
	}
	kf, nf := float64(k), float64(n)
	return kf * (nf - kf) / (nf - 1) * sigma2, nil
}

// ScaledPhi2BoundRR returns the bound of Lemma 1 of Mishchenko et al., as
// quoted in Remark 4, on the expected scaled φ² of a uniformly random
// permutation of n components under Assumption 5 with (σ², M), at a point
// where ‖∇f‖² = gradNorm2:
//
//	E φ²_{r,k} / k² ≤ (n - k) / (k (n - 1)) (σ² + M ‖∇f‖²),  1 ≤ k ≤ n.
//
// For n = 1 it returns 0.
func ScaledPhi2BoundRR(sigma2, m, gradNorm2 float64, n, k int) (float64, error) {
	if err := boundNonNeg(boundParam{"‖∇f‖²", gradNorm2}); err != nil {
		return 0, err
	}
	if err := boundPhi2(sigma2, m, n, k, 1); err != nil {
		return 0, err
	}
	if n == 1 {
		return 0, nil
	}
	kf, nf := float64(k), float64(n)
	return (nf - kf) / (kf * (nf - 1)) * (sigma2 + m*gradNorm2), nil
}

func boundPhi2(sigma2, m float64, n, k, kMin int) error {
	if err := boundHeterogeneity(sigma2, m, n); err != nil {
		return err
	}
	if k < kMin || k > n {
		return fmt.Errorf("ordering: %w: k = %d, want in [%d, n = %d]", ErrSetting, k, kMin, n)
	}
	return nil
}

func boundHeterogeneity(sigma2, m float64, n int) error {
	if err := boundNonNeg(boundParam{"σ²", sigma2}, boundParam{"M", m}); err != nil {
		return err
	}
	return boundCounts(boundCount{"n", n})
}

// AlternatingSigmaStar2 returns σ*² of the good order of Section 4.1 for
// the example of Safran and Shamir, n = N components (n even)
//
//	f_i(x) = x²/2 + σ x  (i ≤ n/2),   f_i(x) = x²/2 - σ x  (i > n/2),
//
// for which σ² of Assumption 5 is σ² (with M = 0). The alternating order
// f_1, f_{n/2+1}, f_2, f_{n/2+2}, ... keeps each partial sum at σ or 0, so
//
//	σ*² = σ²,  M* = 0,
//
// the least possible up to the factor 4 of Appendix C
// (HeterogeneityFromSigmaStar).
func AlternatingSigmaStar2(sigma2 float64, n int) (float64, error) {
	if err := boundExample(sigma2, n); err != nil {
		return 0, err
	}
	return sigma2, nil
}

// SortedSigmaStar2 returns σ*² of the sorted order f_1, ..., f_n of the
// Section 4.1 example (see AlternatingSigmaStar2), whose partial sums grow
// to (n/2) σ:
//
//	σ*² = (n/2)² σ²,
//
// the worst case n² σ² of Remark 4 up to the factor 4.
func SortedSigmaStar2(sigma2 float64, n int) (float64, error) {
	if err := boundExample(sigma2, n); err != nil {
		return 0, err
	}
	h := float64(n) / 2
	return h * h * sigma2, nil
}

// RandomSigmaStar2Lower returns the lower bound that Section 4.1 derives
// from Lemma 12 of Rajput et al. on the expected σ*² (the largest φ²_{r,k}
// over k) of a uniformly random order of the Section 4.1 example (see
// AlternatingSigmaStar2):
//
//	E σ*² ≥ n σ² / 256.
//
// With AlternatingSigmaStar2 it shows that choosing the order can beat
// random reshuffling by a factor of order n in σ*².
func RandomSigmaStar2Lower(sigma2 float64, n int) (float64, error) {
	if err := boundExample(sigma2, n); err != nil {
		return 0, err
	}
	return float64(n) * sigma2 / 256, nil
}

func boundExample(sigma2 float64, n int) error {
	if err := boundNonNeg(boundParam{"σ²", sigma2}); err != nil {
		return err
	}
	if n < 2 || n%2 != 0 {
		return fmt.Errorf("ordering: %w: n = %d, want even and >= 2 (Section 4.1 example)", ErrSetting, n)
	}
	return nil
}

// TwoLevelSigmaStar2 returns the explicit bound that the proof of Lemma 2
// (Appendix B) gives on E σ*² of a two-level K-shuffling (Algorithm 3 with
// random permutations at both levels) of N top-level functions with m
// low-level functions each,
//
//	E σ*²(r^full) ≤ 3 m (1 + N (1 - (K-1)/(m-1))) σ_low² + 2 N K² σ_top²,
//
// for m >= 2 and 1 ≤ K ≤ m. Here σ_top² and σ_low² are the Assumption 5
// constants of {f_i} about f and of {h_{i,j}}_j about each f_i; the proof
// uses them with M = 0. For the quadratic of Section 6.2, whose components
// differ by ±c⟨1, x⟩ in d dimensions, the constant is d c²: pass d σ_top²
// and d σ_low² for the paper's coefficients σ_top and σ_low. The paper
// assumes K divides m; the formula does not need it.
func TwoLevelSigmaStar2(sigmaTop2, sigmaLow2 float64, n, m, k int) (float64, error) {
	if err := boundTwoLevel(sigmaTop2, sigmaLow2, n, m, k, 2); err != nil {
		return 0, err
	}
	nf, mf, kf := float64(n), float64(m), float64(k)
	return 3*mf*(1+nf*(1-(kf-1)/(mf-1)))*sigmaLow2 + 2*nf*kf*kf*sigmaTop2, nil
}

// TwoLevelSigmaStar2Order returns the O-form of Lemma 2, the order of
// E σ*² of a two-level K-shuffling with constants dropped,
//
//	N K² σ_top² + (m + N (m - K)) σ_low²,
//
// for m >= 1 and 1 ≤ K ≤ m (see TwoLevelSigmaStar2 for the arguments).
// For m >= 2 TwoLevelSigmaStar2 is between 1 and 6 times this, since
// (m-K) ≤ m (m-K)/(m-1) ≤ 2 (m-K).
func TwoLevelSigmaStar2Order(sigmaTop2, sigmaLow2 float64, n, m, k int) (float64, error) {
	if err := boundTwoLevel(sigmaTop2, sigmaLow2, n, m, k, 1); err != nil {
		return 0, err
	}
	nf, mf, kf := float64(n), float64(m), float64(k)
	return nf*kf*kf*sigmaTop2 + (mf+nf*(mf-kf))*sigmaLow2, nil
}

// MultiLevelSigmaStar2 returns the bound on E σ*² of a multi-level
// K-shuffling (MultiLevel with random permutations at every level) that
// Lemma 2 gives when applied recursively, as Remark 5 (after Algorithm 3)
// suggests for more than two levels. The tree has L = len(sizes) >= 2
// levels: sizes[0] top-level groups, each with sizes[1] children, and so
// on; sigma2[l] is the Assumption 5 constant (M = 0) of the children of a
// depth-l node about that node's mean, and k[l] the entries a depth-(l+1)
// node appends per visit. The nodes just above the leaves take Lemma 2's
// bound (TwoLevelSigmaStar2),
//
//	S_{L-2} = 3 n (1 + m (1 - (K-1)/(n-1))) σ²_{L-1} + 2 m K² σ²_{L-2},
//	m = sizes[L-2], n = sizes[L-1], K = k[L-2],
//
// and a node higher up interleaves sizes[l] children whose sequences have
// E φ² ≤ S_{l+1} at every k, so the proof of Lemma 2 with that bound in
// place of Lemma 1 for the low level gives
//
//	S_l = sizes[l] · S_{l+1} + 2 sizes[l] k[l]² σ²_l,
//
// since at most sizes[l] children are part-way through their sequences and
// their partial sums are independent with mean zero. The result is S_0.
// For L = 2 it is TwoLevelSigmaStar2. It returns an error wrapping
// ErrSetting if the lengths do not match, a σ² is negative or not finite,
// a size is below 1 (below 2 for the leaves), or k[l] is outside
// [1, sizes[l+1]···sizes[L-1]].
func MultiLevelSigmaStar2(sigma2 []float64, sizes, k []int) (float64, error) {
	L := len(sizes)
	if L < 2 || len(sigma2) != L || len(k) != L-1 {
		return 0, fmt.Errorf("ordering: %w: multi-level bound with %d sizes, %d σ² and %d K, want L >= 2 sizes, L σ² and L-1 K", ErrSetting, L, len(sigma2), len(k))
	}
	for l, s := range sigma2 {
		if err := boundNonNeg(boundParam{fmt.Sprintf("σ²[%d]", l), s}); err != nil {
			return 0, err
		}
	}
	for l, s := range sizes {
		if s < 1 {
			return 0, fmt.Errorf("ordering: %w: multi-level bound with sizes[%d] = %d, want >= 1", ErrSetting, l, s)
		}
	}
	bound, err := TwoLevelSigmaStar2(sigma2[L-2], sigma2[L-1], sizes[L-2], sizes[L-1], k[L-2])
	if err != nil {
		return 0, err
	}
	ell := float64(sizes[L-1]) // the length of a depth-(l+1) sequence
	for l := L - 3; l >= 0; l-- {
		ell *= float64(sizes[l+1])
		n, kl := float64(sizes[l]), float64(k[l])
		if k[l] < 1 || kl > ell {
			return 0, fmt.Errorf("ordering: %w: multi-level bound with K[%d] = %d, want in [1, %g]", ErrSetting, l, k[l], ell)
		}
		bound = n*bound + 2*n*kl*kl*sigma2[l]
	}
	return bound, nil
}

func boundTwoLevel(sigmaTop2, sigmaLow2 float64, n, m, k, mMin int) error {
	if err := boundNonNeg(boundParam{"σ_top²", sigmaTop2}, boundParam{"σ_low²", sigmaLow2}); err != nil {
		return err
	}
	if err := boundCounts(boundCount{"N", n}); err != nil {
		return err
	}
	if m < mMin {
		return fmt.Errorf("ordering: %w: m = %d, want >= %d", ErrSetting, m, mMin)
	}
	if k < 1 || k > m {
		return fmt.Errorf("ordering: %w: K = %d, want in [1, m = %d]", ErrSetting, k, m)
	}
	return nil
}

// TwoLevelConstants holds the constants of the corollary of Section 5:
// N top-level functions f_i, each the mean of m low-level functions
// h_{i,j}. T counts epochs of N·m steps, one pass over every h_{i,j} (the
// internal-SGD rate counts the same N·m·T steps). It has no defaults except
// SigmaFull2.
type TwoLevelConstants struct {
	// L is the smoothness constant of Assumption 1; L > 0.
	L float64
	// F0 is f(x_0) - f*; F0 >= 0.
	F0 float64
	// MStar is the M* of the first term of the rates; MStar >= 0.
	MStar float64
	// SigmaTop2 is σ_top², the Assumption 5 constant of {f_i} about f;
	// SigmaTop2 >= 0.
	SigmaTop2 float64
	// SigmaLow2 is σ_low², the Assumption 5 constant of {h_{i,j}}_j about
	// each f_i; SigmaLow2 >= 0.
	SigmaLow2 float64
	// SigmaFull2 is σ_full², the Assumption 5 constant of all h_{i,j}
	// about f, used by standard shuffling; SigmaFull2 >= 0. The paper only
	// bounds it, σ_full² ≤ σ_top² + σ_low². Default (zero): that bound.
	SigmaFull2 float64
	// N is the number of top-level functions; N >= 1.
	N int
	// M is m, the number of low-level functions per top-level one (not the
	// M of Assumption 5); M >= 1.
	M int
	// T is the number of epochs of N·m steps; T >= 1.
	T int
}

// Validate returns an error wrapping ErrSetting that names the first field
// of c that is out of range, or nil.
func (c TwoLevelConstants) Validate() error {
	if err := boundPositive("L", c.L); err != nil {
		return err
	}
	if err := boundNonNeg(
		boundParam{"F0", c.F0}, boundParam{"MStar", c.MStar}, boundParam{"SigmaTop2", c.SigmaTop2},
		boundParam{"SigmaLow2", c.SigmaLow2}, boundParam{"SigmaFull2", c.SigmaFull2},
	); err != nil {
		return err
	}
	return boundCounts(boundCount{"N", c.N}, boundCount{"M", c.M}, boundCount{"T", c.T})
}

// KShufflingRate returns the rate (kshuffle-bound) of the corollary of
// Section 5 for two-level K-shuffling with random permutations at both
// levels (Algorithm 3; the corollary's "Algorithm 2" is a typo),
//
//	L (M* + 1) F0 / T
//	  + ((K σ_top + √(m-K) σ_low) L F0 / (√N m T))^(2/3)
//	  + (σ_low L F0 / (N √m T))^(2/3),
//
// which is Theorem1Rate with n = N m, no oracle noise and the O-form of
// Lemma 2's σ*² (TwoLevelSigmaStar2Order), its middle term split by
// √(a+b) ≤ √a + √b and (a+b)^(2/3) ≤ a^(2/3) + b^(2/3). It is an
// O-expression with the hidden constants dropped: ratios between rates are
// indicative only. K must be in [1, m].
func KShufflingRate(c TwoLevelConstants, k int) (float64, error) {
	if err := c.Validate(); err != nil {
		return 0, err
	}
	if k < 1 || k > c.M {
		return 0, fmt.Errorf("ordering: %w: K = %d, want in [1, m = %d]", ErrSetting, k, c.M)
	}
	n, m, t, kf := float64(c.N), float64(c.M), float64(c.T), float64(k)
	st, sl := math.Sqrt(c.SigmaTop2), math.Sqrt(c.SigmaLow2)
	lf := c.L * c.F0
	return lf*(c.MStar+1)/t +
		boundPow23((kf*st+math.Sqrt(m-kf)*sl)*lf/(math.Sqrt(n)*m*t)) +
		boundPow23(sl*lf/(n*math.Sqrt(m)*t)), nil
}

// StandardShufflingRate returns the rate (normalshuffle-bound) of Section 5
// for standard shuffling, random reshuffling of all N·m low-level
// functions,
//
//	L (M* + 1) F0 / T + (σ_full L F0 / (√(N m) T))^(2/3),
//
// with σ_full² = c.SigmaFull2, or σ_top² + σ_low² when that is zero. It is
// Theorem1Rate with n = N m and σ*² = N m σ_full² (Remark 4), without oracle
// noise, and drops the hidden constants.
func StandardShufflingRate(c TwoLevelConstants) (float64, error) {
	if err := c.Validate(); err != nil {
		return 0, err
	}
	full := c.SigmaFull2
	if full == 0 {
		full = c.SigmaTop2 + c.SigmaLow2
	}
	nm := float64(c.N) * float64(c.M)
	return theorem1Rate(c.L, c.F0, 0, 0, nm*full, c.MStar, nm, float64(c.T)), nil
}

// InternalSGDRate returns the rate (shuffle-just-high-level) of Section 5
// for running SGD internally: random reshuffling of the N top-level
// functions, each answering with the gradient of a random h_{i,j}, after
// N·m·T steps,
//
//	L (M* + 1) F0 / (m T) + (σ_top L F0 / (√N m T))^(2/3) + σ_low √(L F0 / (N m T)).
//
// It is Theorem1Rate with n = N, m T epochs, σ*² = N σ_top² and the
// low-level heterogeneity as oracle noise, ζ² = σ_low² (the P/n = M/N
// that the low level adds to the first term is dropped, as in the paper).
// Hidden constants are dropped: ratios between rates are indicative only.
func InternalSGDRate(c TwoLevelConstants) (float64, error) {
	if err := c.Validate(); err != nil {
		return 0, err
	}
	n := float64(c.N)
	return theorem1Rate(c.L, c.F0, c.SigmaLow2, 0, n*c.SigmaTop2, c.MStar, n, float64(c.M)*float64(c.T)), nil
}

// boundPow23 returns x^(2/3) for x >= 0 as (∛x)², which keeps perfect
// cubes exact (8^(2/3) = 4) where math.Pow need not.
func boundPow23(x float64) float64 {
	r := math.Cbrt(x)
	return r * r
}

type boundParam struct {
	name string
	v    float64
}

type boundCount struct {
	name string
	v    int
}

// boundNonNeg returns an error naming the first parameter that is not
// finite and >= 0.
func boundNonNeg(ps ...boundParam) error {
	for _, p := range ps {
		if !(p.v >= 0) || math.IsInf(p.v, 1) {
			return fmt.Errorf("ordering: %w: %s = %v, want finite and >= 0", ErrSetting, p.name, p.v)
		}
	}
	return nil
}

// boundPositive returns an error unless v is finite and > 0.
func boundPositive(name string, v float64) error {
	if !(v > 0) || math.IsInf(v, 1) {
		return fmt.Errorf("ordering: %w: %s = %v, want finite and > 0", ErrSetting, name, v)
	}
	return nil
}

// boundCounts returns an error naming the first count below 1.
func boundCounts(cs ...boundCount) error {
	for _, c := range cs {
		if c.v < 1 {
			return fmt.Errorf("ordering: %w: %s = %d, want >= 1", ErrSetting, c.name, c.v)
		}
	}
	return nil
}
