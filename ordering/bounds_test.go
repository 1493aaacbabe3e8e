// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// boundClose reports whether got is within tol relative of want.
func boundClose(got, want, tol float64) bool {
	if got == want {
		return true
	}
	return math.Abs(got-want) <= tol*math.Max(math.Abs(got), math.Abs(want))
}

// boundC1 and boundC2 are the constants of the hand computations below.
var (
	boundC1 = Theorem1Constants{L: 1, F0: 2, Zeta2: 4, SigmaStar2: 16, N: 2, T: 4}
	boundC2 = Theorem1Constants{L: 2, F0: 3, P: 4, MStar: 1, N: 4, T: 3}
)

func TestTheorem1Values(t *testing.T) {
	for _, test := range []struct {
		name string
		c    Theorem1Constants
		// gamma is the step at which the bounds are evaluated.
		gamma                   float64
		max, bound, proof, rate float64
	}{
		{
			// max   = 1/(8·1·2·(0 + 0/2 + 1)) = 1/16.
			// bound = 8·2/(2·4·γ) + 16γ·1·4 + 32γ²·1·16 at γ = 1/32
			//       = 64 + 2 + 0.5 = 66.5.
			// proof = 12·2/(8γ) + 12γ·4 + 48γ²·16 = 96 + 1.5 + 0.75 = 98.25.
			// rate  = 1·1·2/4 + (4·1·2/8)^(2/3) + 2·√(2/8) = 0.5 + 1 + 1 = 2.5.
			name: "c1", c: boundC1, gamma: 1.0 / 32,
			max: 1.0 / 16, bound: 66.5, proof: 98.25, rate: 2.5,
		},
		{
			// max   = 1/(8·2·(4·(1+1) + 4)) = 1/192.
			// bound = 8·3/(4·3·γ) at γ = 1/384 = 768 (ζ = σ* = 0).
			// proof = 12·3/(12γ) = 1152.
			// rate  = 2·(1 + 4/4 + 1)·3/3 = 6.
			name: "c2", c: boundC2, gamma: 1.0 / 384,
			max: 1.0 / 192, bound: 768, proof: 1152, rate: 6,
		},
	} {
		max, err := Theorem1MaxStep(test.c)
		if err != nil || !boundClose(max, test.max, 1e-15) {
			t.Errorf("%s: Theorem1MaxStep = %v, %v; want %v", test.name, max, err, test.max)
		}
		b, err := Theorem1Bound(test.c, test.gamma)
		if err != nil || !boundClose(b, test.bound, 1e-14) {
			t.Errorf("%s: Theorem1Bound = %v, %v; want %v", test.name, b, err, test.bound)
		}
		p, err := Theorem1ProofBound(test.c, test.gamma)
		if err != nil || !boundClose(p, test.proof, 1e-14) {
			t.Errorf("%s: Theorem1ProofBound = %v, %v; want %v", test.name, p, err, test.proof)
		}
		r, err := Theorem1Rate(test.c)
		if err != nil || !boundClose(r, test.rate, 1e-14) {
			t.Errorf("%s: Theorem1Rate = %v, %v; want %v", test.name, r, err, test.rate)
		}
	}
}

func TestTheorem1TunedStepValues(t *testing.T) {
	tuned := func(c Theorem1Constants) (float64, error) { return Theorem1TunedStep(c) }
	proof := func(c Theorem1Constants) (float64, error) { return Theorem1ProofTunedStep(c) }
	below := func(c Theorem1Constants) float64 {
		m, _ := Theorem1MaxStep(c)
		return math.Nextafter(m, 0)
	}
	one := Theorem1Constants{L: 1, F0: 1, N: 1, T: 1} // max step 1/8
	with := func(zeta2, sigmaStar2 float64) Theorem1Constants {
		c := one
		c.Zeta2, c.SigmaStar2 = zeta2, sigmaStar2
		return c
	}
	for _, test := range []struct {
		name string
		f    func(Theorem1Constants) (float64, error)
		c    Theorem1Constants
		want float64
	}{
		// 64·256γ³ + 16·64γ² - 8 at γ = 1/16: 4 + 4 - 8 = 0 (bisection).
		{"stated mixed", tuned, with(64, 256), 1.0 / 16},
		// 96·256γ³ + 12·128γ² - 12 at γ = 1/16: 6 + 6 - 12 = 0.
		{"proof mixed", proof, with(128, 256), 1.0 / 16},
		// σ* = 0: γ = √(8/(16·128)) = 1/16.
		{"stated ζ only", tuned, with(128, 0), 1.0 / 16},
		// ζ = 0: γ = ∛(8/(64·512)) = 1/16.
		{"stated σ* only", tuned, with(0, 512), 1.0 / 16},
		// σ* = 0, proof: 12·256γ² = 12 gives γ = √(1/256) = 1/16.
		{"proof ζ only", proof, with(256, 0), 1.0 / 16},
		// ζ = 0, proof: 96·512γ³ = 12 gives γ = ∛(1/4096) = 1/16.
		{"proof σ* only", proof, with(0, 512), 1.0 / 16},
		// σ* = ζ = 0: the bound decreases in γ; clipped below 1/8.
		{"clip zero noise", tuned, one, below(one)},
		{"clip zero noise proof", proof, one, below(one)},
		// boundC1: 1024γ³ + 64γ² - 2 < 0 at the limit 1/16 (0.25 + 0.25 - 2), so
		// the root is beyond it.
		{"clip c1", tuned, boundC1, below(boundC1)},
	} {
		got, err := test.f(test.c)
		if err != nil {
			t.Errorf("%s: unexpected error %v", test.name, err)
			continue
		}
		if !boundClose(got, test.want, 4e-16) {
			t.Errorf("%s: step = %v, want %v", test.name, got, test.want)
		}
		max, _ := Theorem1MaxStep(test.c)
		if !(got > 0 && got < max) {
			t.Errorf("%s: step %v not in (0, %v)", test.name, got, max)
		}
	}
}

// boundRandomConstants returns valid constants with entries spread over several
// orders of magnitude; some noise constants are zero.
func boundRandomConstants(rnd *rand.Rand) Theorem1Constants {
	mag := func(lo, hi float64) float64 { return math.Pow(10, lo+(hi-lo)*rnd.Float64()) }
	c := Theorem1Constants{
		L: mag(-2, 3), F0: mag(-3, 3), Zeta2: mag(-4, 4), P: mag(-2, 2),
		SigmaStar2: mag(-4, 6), MStar: mag(-2, 2), N: 1 + rnd.IntN(1000), T: 1 + rnd.IntN(1000),
	}
	switch rnd.IntN(6) {
	case 0:
		c.Zeta2 = 0
	case 1:
		c.SigmaStar2 = 0
	case 2:
		c.P, c.MStar = 0, 0
	}
	return c
}

func TestTheorem1TunedStepMinimises(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	const grid = 20000
	trials := 200
	if testing.Short() {
		trials = 20
	}
	interior := 0
	for trial := range trials {
		c := boundRandomConstants(rnd)
		max, _ := Theorem1MaxStep(c)
		for _, form := range []struct {
			name  string
			tuned func(Theorem1Constants) (float64, error)
			bound func(Theorem1Constants, float64) (float64, error)
		}{
			{"stated", Theorem1TunedStep, Theorem1Bound},
			{"proof", Theorem1ProofTunedStep, Theorem1ProofBound},
		} {
			g, err := form.tuned(c)
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, form.name, err)
			}
			best, err := form.bound(c, g)
			if err != nil {
				t.Fatalf("trial %d %s: bound at tuned step %v: %v", trial, form.name, g, err)
			}
			if g < max*(1-1e-9) {
				interior++
			}
			// A log-spaced grid over (max·1e-12, max) and a linear one
			// over (0, max): no point may beat the tuned step beyond
			// rounding.
			for i := 1; i < grid; i++ {
				for _, x := range []float64{
					max * math.Pow(10, -12*float64(grid-i)/grid),
					max * float64(i) / grid,
				} {
					v, err := form.bound(c, x)
					if err != nil {
						t.Fatalf("trial %d %s: bound at %v: %v", trial, form.name, x, err)
					}
					if v < best*(1-1e-12) {
						t.Fatalf("trial %d %s (%+v): bound(%v) = %v < bound(tuned %v) = %v",
							trial, form.name, c, x, v, g, best)
					}
				}
			}
		}
	}
	// The random constants must exercise the interior root, not only the
	// clip.
	if interior < trials/4 {
		t.Errorf("only %d of %d tuned steps were interior", interior, 2*trials)
	}
}

// FuzzTheorem1TunedStep checks that the tuned step is admissible and no
// worse than nearby steps, and that invalid constants give errors.
func FuzzTheorem1TunedStep(f *testing.F) {
	f.Add(1.0, 1.0, 64.0, 0.0, 256.0, 0.0, 1, 1)
	f.Add(1.0, 2.0, 4.0, 0.0, 16.0, 0.0, 2, 4)
	f.Add(2.0, 3.0, 0.0, 4.0, 0.0, 1.0, 4, 3)
	f.Add(-1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1, 1)
	f.Add(1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1, 1)
	f.Add(1e3, 1e-3, 1e4, 1e-2, 1e6, 0.0, 1000, 7)
	f.Fuzz(func(t *testing.T, l, f0, zeta2, p, s2, ms float64, n, tt int) {
		c := Theorem1Constants{L: l, F0: f0, Zeta2: zeta2, P: p, SigmaStar2: s2, MStar: ms, N: n, T: tt}
		extreme := false // far outside any use: float64 may not hold the step
		for _, v := range []float64{l, f0, zeta2, p, s2, ms} {
			if v != 0 && (v < 1e-50 || v > 1e50) {
				extreme = true
			}
		}
		for _, tuned := range []func(Theorem1Constants) (float64, error){Theorem1TunedStep, Theorem1ProofTunedStep} {
			g, err := tuned(c)
			if c.Validate() != nil || f0 == 0 {
				if !errors.Is(err, ErrSetting) {
					t.Fatalf("%+v: err = %v, want ErrSetting", c, err)
				}
				continue
			}
			if err != nil {
				if extreme && errors.Is(err, ErrSetting) {
					continue // an error, never a step of 0
				}
				t.Fatalf("%+v: %v", c, err)
			}
			max, err := Theorem1MaxStep(c)
			if err != nil || !(g > 0 && g < max) {
				t.Fatalf("%+v: step %v not in (0, %v) (%v)", c, g, max, err)
			}
		}
		if extreme || c.Validate() != nil || f0 == 0 {
			return // only the steps are checked
		}
		g, _ := Theorem1TunedStep(c)
		max, _ := Theorem1MaxStep(c)
		best, err := Theorem1Bound(c, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []float64{g / 2, g * 0.999, math.Min(g*1.001, math.Nextafter(max, 0)), (g + max) / 2} {
			if !(x > 0 && x < max) {
				continue
			}
			v, err := Theorem1Bound(c, x)
			if err != nil {
				t.Fatal(err)
			}
			if v < best*(1-1e-12) {
				t.Fatalf("%+v: bound(%v) = %v < bound(tuned %v) = %v", c, x, v, g, best)
			}
		}
	})
}

func TestTheorem1Monotone(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		c := boundRandomConstants(rnd)
		max, _ := Theorem1MaxStep(c)
		gamma := max * rnd.Float64()
		base, _ := Theorem1Bound(c, gamma)
		baseRate, _ := Theorem1Rate(c)
		// Larger F0, ζ², σ*² raise the bound at a fixed γ by their terms
		// (8 F0/(nTγ), 16 γLζ², 32 (γL)²σ*²); doubling T halves the F0 term.
		// The rate moves the same way.
		u, nt := gamma*c.L, float64(c.N)*float64(c.T)
		for _, test := range []struct {
			name  string
			mod   func(*Theorem1Constants)
			delta float64
		}{
			{"F0", func(c *Theorem1Constants) { c.F0 *= 2 }, 8 * c.F0 / (nt * gamma)},
			{"Zeta2", func(c *Theorem1Constants) { c.Zeta2 += 1 }, 16 * u},
			{"SigmaStar2", func(c *Theorem1Constants) { c.SigmaStar2 += 1 }, 32 * u * u},
			{"T", func(c *Theorem1Constants) { c.T *= 2 }, -4 * c.F0 / (nt * gamma)},
		} {
			d := c
			test.mod(&d)
			v, err := Theorem1Bound(d, gamma)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(v-base-test.delta) > 1e-12*math.Max(v, base) {
				t.Errorf("%s: bound %v -> %v, want change %v", test.name, base, v, test.delta)
			}
			r, _ := Theorem1Rate(d)
			if test.delta > 0 && r < baseRate || test.delta < 0 && !(r < baseRate) {
				t.Errorf("%s: rate %v -> %v", test.name, baseRate, r)
			}
		}
		// Larger L, n, M*, P shrink the admissible range.
		for _, mod := range []func(*Theorem1Constants){
			func(c *Theorem1Constants) { c.L *= 2 },
			func(c *Theorem1Constants) { c.N++ },
			func(c *Theorem1Constants) { c.MStar += 1 },
			func(c *Theorem1Constants) { c.P += 1 },
		} {
			d := c
			mod(&d)
			if m, _ := Theorem1MaxStep(d); !(m < max) {
				t.Errorf("%+v: max step %v, not below %v", d, m, max)
			}
		}
		// The tuned bound falls with more epochs.
		g, _ := Theorem1TunedStep(c)
		b, _ := Theorem1Bound(c, g)
		d := c
		d.T *= 2
		g2, _ := Theorem1TunedStep(d)
		b2, _ := Theorem1Bound(d, g2)
		if !(b2 < b) {
			t.Errorf("%+v: tuned bound %v with 2T, not below %v", c, b2, b)
		}
	}
}

func TestSection34Rates(t *testing.T) {
	// L = 1, F0 = 4, σ² = 1, M = 0, ζ² = 64, P = 64, n = 64:
	// first term L(M + P/n + 1)F0/T = 2·4/4 = 2 at T = 4,
	// ζ term 8·√(4/(64·4)) = 1,
	// RR middle (1·1·4/(8·4))^(2/3) = (1/8)^(2/3) = 1/4,
	// IG middle (1·1·4/4)^(2/3) = 1.
	s := RateConstants{L: 1, F0: 4, Sigma2: 1, Zeta2: 64, P: 64, N: 64}
	rr, err := RateRR(s, 4)
	if err != nil || !boundClose(rr, 3.25, 1e-15) {
		t.Errorf("RateRR = %v, %v; want 3.25", rr, err)
	}
	ig, err := RateIG(s, 4)
	if err != nil || !boundClose(ig, 4, 1e-15) {
		t.Errorf("RateIG = %v, %v; want 4", ig, err)
	}
	// SGD after 256 steps: L(M + P + 1)F0/S + √(σ² + ζ²)√(L F0/S)
	// = 65·4/256 + √65·√(4/256) = 1.015625 + √65/8.
	wantSGD := 1.015625 + math.Sqrt(65)/8
	sgd, err := RateSGD(s, 256)
	if err != nil || !boundClose(sgd, wantSGD, 1e-15) {
		t.Errorf("RateSGD = %v, %v; want %v", sgd, err, wantSGD)
	}
	// 256 steps are 4 epochs of RR and IG.
	all, err := RatesAtSteps(s, 256)
	if err != nil || all != (StepRates{RR: rr, IG: ig, SGD: sgd}) {
		t.Errorf("RatesAtSteps = %+v, %v; want {%v %v %v}", all, err, rr, ig, sgd)
	}
	// The paper's SGD setting, exact component gradients: L = 1, F0 = 2,
	// σ² = 4, M = 1, 8 steps: 1·2·2/8 + 2·√(2/8) = 0.5 + 1.
	sgd, err = RateSGD(RateConstants{L: 1, F0: 2, Sigma2: 4, M: 1, N: 3}, 8)
	if err != nil || !boundClose(sgd, 1.5, 1e-15) {
		t.Errorf("RateSGD exact = %v, %v; want 1.5", sgd, err)
	}
	// RR is Theorem 1 with Remark 4's random-permutation constants.
	s2, m2, _ := SigmaStarFromHeterogeneityRR(s.Sigma2, s.M, s.N)
	th, _ := Theorem1Rate(Theorem1Constants{L: s.L, F0: s.F0, Zeta2: s.Zeta2, P: s.P, SigmaStar2: s2, MStar: m2, N: s.N, T: 4})
	if !boundClose(th, rr, 1e-15) {
		t.Errorf("Theorem1Rate with RR constants = %v, RateRR = %v", th, rr)
	}
}

func TestSection34Monotone(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		c := boundRandomConstants(rnd)
		s := RateConstants{L: c.L, F0: c.F0, Sigma2: c.SigmaStar2, M: c.MStar, Zeta2: c.Zeta2, P: c.P, N: c.N}
		rr, _ := RateRR(s, c.T)
		ig, _ := RateIG(s, c.T)
		// √n ≥ 1, so RR is never worse than IG, equal only for n = 1 or σ = 0.
		if rr > ig || (s.N > 1 && s.Sigma2 > 0 && !(rr < ig)) {
			t.Errorf("%+v: RR %v, IG %v", s, rr, ig)
		}
		rr2, _ := RateRR(s, 2*c.T)
		sgd, _ := RateSGD(s, c.T)
		sgd2, _ := RateSGD(s, 2*c.T)
		if !(rr2 < rr) || !(sgd2 < sgd) {
			t.Errorf("%+v: rates do not fall with T: RR %v -> %v, SGD %v -> %v", s, rr, rr2, sgd, sgd2)
		}
	}
	// Equal steps, no oracle noise, σ > 0 and M = 0: the SGD rate decays as
	// 1/√S, RR as S^(-2/3), so RR wins for many steps.
	s := RateConstants{L: 1, F0: 1, Sigma2: 1, N: 10}
	early, _ := RatesAtSteps(s, 10)
	late, _ := RatesAtSteps(s, 10_000_000)
	if !(late.RR < late.SGD) || !(late.RR < late.IG) {
		t.Errorf("after 1e7 steps: %+v, want RR best", late)
	}
	if !(early.SGD < early.RR) {
		t.Errorf("after 10 steps: %+v, want SGD below RR", early)
	}
}

// boundPhi2Curve returns σ*² = max_k φ²_{r,k} of the sequence r over the
// deviations dev[i] = ∇f_i - ∇f, and adds each φ²_{r,k} into sums[k-1]
// if sums is not nil.
func boundPhi2Curve(dev [][]float64, r []int, sums []float64) float64 {
	s := make([]float64, len(dev[0]))
	var max float64
	for k, i := range r {
		for j, v := range dev[i] {
			s[j] += v
		}
		p := dot(s, s)
		if sums != nil {
			sums[k] += p
		}
		max = math.Max(max, p)
	}
	return max
}

// boundCentred returns n random vectors in R^d minus their mean, and their σ²
// of Assumption 5, (1/n) Σ‖a_i‖².
func boundCentred(rnd *rand.Rand, n, d int) ([][]float64, float64) {
	a := make([][]float64, n)
	mean := make([]float64, d)
	for i := range a {
		a[i] = make([]float64, d)
		for j := range a[i] {
			a[i][j] = rnd.NormFloat64() * float64(j+1)
			mean[j] += a[i][j] / float64(n)
		}
	}
	var s2 float64
	for i := range a {
		for j := range a[i] {
			a[i][j] -= mean[j]
		}
		s2 += dot(a[i], a[i]) / float64(n)
	}
	return a, s2
}

// boundPermutations calls fn with every permutation of [0, n).
func boundPermutations(n int, fn func([]int)) {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			fn(p)
			return
		}
		for i := k; i < n; i++ {
			p[k], p[i] = p[i], p[k]
			rec(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	rec(0)
}

func TestRemark4(t *testing.T) {
	// Hand values: σ² = 2, M = 0.5, n = 4: general (16·2, 4·0.5) = (32, 2),
	// RR (4·2, 0.5) = (8, 0.5).
	if s, m, err := SigmaStarFromHeterogeneity(2, 0.5, 4); err != nil || s != 32 || m != 2 {
		t.Errorf("SigmaStarFromHeterogeneity = %v, %v, %v; want 32, 2", s, m, err)
	}
	if s, m, err := SigmaStarFromHeterogeneityRR(2, 0.5, 4); err != nil || s != 8 || m != 0.5 {
		t.Errorf("SigmaStarFromHeterogeneityRR = %v, %v, %v; want 8, 0.5", s, m, err)
	}
	// ExpectedPhi2RR(3, 4, 2) = 2·2/3·3 = 4; ScaledPhi2BoundRR(3, 1, 3, 4, 2)
	// = 2/(2·3)·(3 + 3) = 2.
	if v, err := ExpectedPhi2RR(3, 4, 2); err != nil || !boundClose(v, 4, 1e-15) {
		t.Errorf("ExpectedPhi2RR = %v, %v; want 4", v, err)
	}
	if v, err := ScaledPhi2BoundRR(3, 1, 3, 4, 2); err != nil || !boundClose(v, 2, 1e-15) {
		t.Errorf("ScaledPhi2BoundRR = %v, %v; want 2", v, err)
	}
	for _, f := range []func() (float64, error){
		func() (float64, error) { return ExpectedPhi2RR(3, 1, 1) },
		func() (float64, error) { return ScaledPhi2BoundRR(3, 1, 1, 1, 1) },
		func() (float64, error) { return ExpectedPhi2RR(3, 5, 0) },
		func() (float64, error) { return ExpectedPhi2RR(3, 5, 5) },
	} {
		if v, err := f(); err != nil || v != 0 {
			t.Errorf("φ² of an empty or full sum = %v, %v; want 0", v, err)
		}
	}

	// Exhaustive check of Lemma 1 of Mishchenko et al. and of Remark 4 on
	// random vectors: the mean of φ²_{r,k} over all n! boundPermutations is
	// k(n-k)/(n-1)·σ², and every permutation has σ*² ≤ n²σ².
	rnd := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{2, 3, 5, 6} {
		dev, s2 := boundCentred(rnd, n, 3)
		sums := make([]float64, n)
		count := 0
		general, _, _ := SigmaStarFromHeterogeneity(s2, 0, n)
		rr, _, _ := SigmaStarFromHeterogeneityRR(s2, 0, n)
		boundPermutations(n, func(p []int) {
			count++
			if m := boundPhi2Curve(dev, p, sums); m > general*(1+1e-12) {
				t.Errorf("n = %d, order %v: σ*² = %v > n²σ² = %v", n, p, m, general)
			}
		})
		for k := 1; k <= n; k++ {
			mean := sums[k-1] / float64(count)
			want, _ := ExpectedPhi2RR(s2, n, k)
			if !boundClose(mean, want, 1e-12) && math.Abs(mean-want) > 1e-12*s2 {
				t.Errorf("n = %d, k = %d: E φ² = %v, ExpectedPhi2RR = %v", n, k, mean, want)
			}
			if mean > rr*(1+1e-12) {
				t.Errorf("n = %d, k = %d: E φ² = %v > nσ² = %v", n, k, mean, rr)
			}
			// With M = 0 and σ² exact the bound is the expectation.
			scaled, _ := ScaledPhi2BoundRR(s2, 0, 5, n, k)
			if !boundClose(scaled, want/float64(k*k), 1e-14) {
				t.Errorf("n = %d, k = %d: ScaledPhi2BoundRR = %v, want %v", n, k, scaled, want/float64(k*k))
			}
		}
	}
}

func TestAppendixC(t *testing.T) {
	// σ*² = 3, M* = 0.25, n = 2: (4·3, 4·4·0.25) = (12, 4).
	if s, m, err := HeterogeneityFromSigmaStar(3, 0.25, 2); err != nil || s != 12 || m != 4 {
		t.Errorf("HeterogeneityFromSigmaStar = %v, %v, %v; want 12, 4", s, m, err)
	}
	// For random data and random orders, σ² ≤ 4 σ*² with M = M* = 0.
	rnd := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		n := 1 + rnd.IntN(20)
		dev, s2 := boundCentred(rnd, n, 1+rnd.IntN(4))
		sigmaStar2 := boundPhi2Curve(dev, rnd.Perm(n), nil)
		limit, _, _ := HeterogeneityFromSigmaStar(sigmaStar2, 0, n)
		if s2 > limit*(1+1e-12) {
			t.Errorf("n = %d: σ² = %v > 4σ*² = %v", n, s2, limit)
		}
	}
}

// boundExampleDev returns the deviations ∇f_i - ∇f = ±σ of the Section 4.1
// example with n components.
func boundExampleDev(n int, sigma float64) [][]float64 {
	dev := make([][]float64, n)
	for i := range dev {
		dev[i] = []float64{sigma}
		if i >= n/2 {
			dev[i][0] = -sigma
		}
	}
	return dev
}

func TestSection41(t *testing.T) {
	// σ² = 5, n = 8: alternating 5, sorted (8/2)²·5 = 80, random
	// 8·5/256 = 0.15625.
	if v, err := AlternatingSigmaStar2(5, 8); err != nil || v != 5 {
		t.Errorf("AlternatingSigmaStar2 = %v, %v; want 5", v, err)
	}
	if v, err := SortedSigmaStar2(5, 8); err != nil || v != 80 {
		t.Errorf("SortedSigmaStar2 = %v, %v; want 80", v, err)
	}
	if v, err := RandomSigmaStar2Lower(5, 8); err != nil || v != 0.15625 {
		t.Errorf("RandomSigmaStar2Lower = %v, %v; want 0.15625", v, err)
	}
	// The orders themselves, on the example's gradients.
	for _, n := range []int{2, 4, 10, 64} {
		const sigma = 1.5
		dev := boundExampleDev(n, sigma)
		sorted := make([]int, n)
		alt := make([]int, 0, n)
		for i := range sorted {
			sorted[i] = i
		}
		for i := 0; i < n/2; i++ {
			alt = append(alt, i, n/2+i)
		}
		if got, want := boundPhi2Curve(dev, alt, nil), boundMust(AlternatingSigmaStar2(sigma*sigma, n)); !boundClose(got, want, 1e-14) {
			t.Errorf("n = %d: alternating σ*² = %v, want %v", n, got, want)
		}
		if got, want := boundPhi2Curve(dev, sorted, nil), boundMust(SortedSigmaStar2(sigma*sigma, n)); !boundClose(got, want, 1e-14) {
			t.Errorf("n = %d: sorted σ*² = %v, want %v", n, got, want)
		}
	}
}

func TestSection41RandomOrder(t *testing.T) {
	// Monte Carlo estimate of E σ*² = E max_k φ²_k over random orders of
	// the example, n = 16, σ = 1. Each sample lies in [0, (n/2)²] = [0, 64];
	// E σ*² is about (π²/12)·n ≈ 13 (the squared maximum of a Brownian
	// bridge). With 400 samples Hoeffding's inequality puts the mean within
	// 64·√(ln(1e9)/800) ≈ 10.3 of E σ*² except with probability 1e-9, so
	// the mean exceeds the paper's n/256 = 0.0625 unless the claim, or the
	// function, is far off. The mean must also stay below SortedSigmaStar2,
	// the largest σ*² of any order.
	const n, samples = 16, 400
	rnd := rand.New(rand.NewPCG(11, 12))
	dev := boundExampleDev(n, 1)
	var mean float64
	for range samples {
		mean += boundPhi2Curve(dev, rnd.Perm(n), nil) / samples
	}
	lower := boundMust(RandomSigmaStar2Lower(1, n))
	if !(mean >= lower) || mean > boundMust(SortedSigmaStar2(1, n)) {
		t.Errorf("mean σ*² of random orders = %v, want >= %v and <= 64", mean, lower)
	}
}

func boundMust(v float64, err error) float64 {
	if err != nil {
		panic(err)
	}
	return v
}

func TestTwoLevelSigmaStar2(t *testing.T) {
	// σ_top² = 1, σ_low² = 2, N = 3, m = 5, K = 2:
	// explicit 3·5·(1 + 3·(1 - 1/4))·2 + 2·3·4·1 = 97.5 + 24 = 121.5,
	// order 3·4·1 + (5 + 3·3)·2 = 12 + 28 = 40.
	if v, err := TwoLevelSigmaStar2(1, 2, 3, 5, 2); err != nil || !boundClose(v, 121.5, 1e-15) {
		t.Errorf("TwoLevelSigmaStar2 = %v, %v; want 121.5", v, err)
	}
	if v, err := TwoLevelSigmaStar2Order(1, 2, 3, 5, 2); err != nil || v != 40 {
		t.Errorf("TwoLevelSigmaStar2Order = %v, %v; want 40", v, err)
	}
	// The explicit constant is within [1, 6] times the O-form.
	rnd := rand.New(rand.NewPCG(13, 14))
	for range 500 {
		n, m := 1+rnd.IntN(50), 2+rnd.IntN(50)
		k := 1 + rnd.IntN(m)
		st, sl := rnd.ExpFloat64(), rnd.ExpFloat64()
		e, _ := TwoLevelSigmaStar2(st, sl, n, m, k)
		o, _ := TwoLevelSigmaStar2Order(st, sl, n, m, k)
		if !(o <= e*(1+1e-14) && e <= 6*o*(1+1e-14)) {
			t.Errorf("N=%d m=%d K=%d: explicit %v, O-form %v", n, m, k, e, o)
		}
	}
}

func TestMultiLevelSigmaStar2(t *testing.T) {
	// Two levels: Lemma 2 itself.
	two, err := MultiLevelSigmaStar2([]float64{1, 2}, []int{3, 5}, []int{2})
	if err != nil || two != boundMust(TwoLevelSigmaStar2(1, 2, 3, 5, 2)) {
		t.Errorf("two levels = %v, %v; want TwoLevelSigmaStar2's 121.5", two, err)
	}
	// Three levels, sizes {2, 3, 5}, σ² = {4, 1, 2}, K = {6, 2}: the
	// children's bound is the two-level 121.5 above, then
	// 2·121.5 + 2·2·36·4 = 243 + 576 = 819.
	if v, err := MultiLevelSigmaStar2([]float64{4, 1, 2}, []int{2, 3, 5}, []int{6, 2}); err != nil || !boundClose(v, 819, 1e-15) {
		t.Errorf("three levels = %v, %v; want 819", v, err)
	}
	for _, test := range []struct {
		name   string
		sigma2 []float64
		sizes  []int
		k      []int
		want   string
	}{
		{"one level", []float64{1}, []int{4}, nil, "1 sizes"},
		{"short K", []float64{1, 1, 1}, []int{2, 3, 4}, []int{1}, "1 K"},
		{"σ²", []float64{1, -1, 1}, []int{2, 3, 4}, []int{1, 1}, "σ²[1] = -1"},
		{"size", []float64{1, 1, 1}, []int{0, 3, 4}, []int{1, 1}, "sizes[0] = 0"},
		{"leaves", []float64{1, 1, 1}, []int{2, 3, 1}, []int{1, 1}, "m = 1"},
		{"K high", []float64{1, 1, 1}, []int{2, 3, 4}, []int{13, 1}, "K[0] = 13"},
		{"K low", []float64{1, 1, 1}, []int{2, 3, 4}, []int{1, 0}, "K = 0"},
	} {
		_, err := MultiLevelSigmaStar2(test.sigma2, test.sizes, test.k)
		if !errors.Is(err, ErrSetting) || !strings.Contains(err.Error(), test.want) {
			t.Errorf("%s: err = %v, want ErrSetting naming %q", test.name, err, test.want)
		}
	}
}

func TestCorollaryRates(t *testing.T) {
	// L = 1, F0 = 1, M* = 0, N = 1, m = 4, T = 1, σ_top² = 100, σ_low² = 4:
	// K = 3: 1 + ((3·10 + 1·2)/(1·4·1))^(2/3) + (2/(1·2·1))^(2/3)
	//      = 1 + 8^(2/3) + 1 = 6.
	c := TwoLevelConstants{L: 1, F0: 1, SigmaTop2: 100, SigmaLow2: 4, N: 1, M: 4, T: 1}
	if v, err := KShufflingRate(c, 3); err != nil || !boundClose(v, 6, 1e-15) {
		t.Errorf("KShufflingRate = %v, %v; want 6", v, err)
	}
	// Standard shuffling with σ_full² = 256: 1 + (16/(√4·1))^(2/3) = 1 + 4.
	d := c
	d.SigmaFull2 = 256
	if v, err := StandardShufflingRate(d); err != nil || !boundClose(v, 5, 1e-15) {
		t.Errorf("StandardShufflingRate = %v, %v; want 5", v, err)
	}
	// Default σ_full² = 104: 1 + (√104/2)^(2/3) = 1 + ∛26.
	if v, err := StandardShufflingRate(c); err != nil || !boundClose(v, 1+math.Cbrt(26), 1e-15) {
		t.Errorf("StandardShufflingRate default = %v, %v; want %v", v, err, 1+math.Cbrt(26))
	}
	// Internal SGD with σ_top² = 1024: 1/(4·1) + (32/(1·4·1))^(2/3)
	// + 2·√(1/(1·4·1)) = 0.25 + 4 + 1.
	d = c
	d.SigmaTop2 = 1024
	if v, err := InternalSGDRate(d); err != nil || !boundClose(v, 5.25, 1e-15) {
		t.Errorf("InternalSGDRate = %v, %v; want 5.25", v, err)
	}

	// Section 5's discussion: when σ_top ≫ σ_low, K = 1 is the best K; when
	// σ_top ≪ σ_low, K = m is.
	c = TwoLevelConstants{L: 1, F0: 1, N: 16, M: 64, T: 10}
	best := func(c TwoLevelConstants) int {
		arg, min := 0, math.Inf(1)
		for k := 1; k <= c.M; k++ {
			if v := boundMust(KShufflingRate(c, k)); v < min {
				arg, min = k, v
			}
		}
		return arg
	}
	c.SigmaTop2, c.SigmaLow2 = 1e4, 1
	if k := best(c); k != 1 {
		t.Errorf("σ_top ≫ σ_low: best K = %d, want 1", k)
	}
	c.SigmaTop2, c.SigmaLow2 = 1, 1e4
	if k := best(c); k != c.M {
		t.Errorf("σ_top ≪ σ_low: best K = %d, want m = %d", k, c.M)
	}
	// The split middle term of K-shuffling is at least Theorem 1's middle
	// term with Lemma 2's O-form σ*², by concavity of x^(2/3).
	rnd := rand.New(rand.NewPCG(15, 16))
	for range 300 {
		c := TwoLevelConstants{
			L: rnd.ExpFloat64(), F0: rnd.ExpFloat64(), MStar: rnd.ExpFloat64(),
			SigmaTop2: rnd.ExpFloat64(), SigmaLow2: rnd.ExpFloat64(),
			N: 1 + rnd.IntN(30), M: 1 + rnd.IntN(30), T: 1 + rnd.IntN(30),
		}
		k := 1 + rnd.IntN(c.M)
		s2 := boundMust(TwoLevelSigmaStar2Order(c.SigmaTop2, c.SigmaLow2, c.N, c.M, k))
		th := boundMust(Theorem1Rate(Theorem1Constants{L: c.L, F0: c.F0, SigmaStar2: s2, MStar: c.MStar, N: c.N * c.M, T: c.T}))
		if ks := boundMust(KShufflingRate(c, k)); ks < th*(1-1e-12) {
			t.Errorf("%+v K=%d: KShufflingRate %v < Theorem1Rate with Lemma 2 %v", c, k, ks, th)
		}
	}
}

func TestBoundErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	mod := func(f func(*Theorem1Constants)) Theorem1Constants {
		c := boundC1
		f(&c)
		return c
	}
	th := func(c Theorem1Constants) func() error {
		return func() error {
			// Every Theorem 1 function must reject invalid constants.
			var errs []error
			_, err := Theorem1MaxStep(c)
			errs = append(errs, err)
			_, err = Theorem1Bound(c, 1e-3)
			errs = append(errs, err)
			_, err = Theorem1ProofBound(c, 1e-3)
			errs = append(errs, err)
			_, err = Theorem1TunedStep(c)
			errs = append(errs, err)
			_, err = Theorem1ProofTunedStep(c)
			errs = append(errs, err)
			_, err = Theorem1Rate(c)
			errs = append(errs, err)
			errs = append(errs, c.Validate())
			for _, e := range errs[1:] {
				if e == nil || e.Error() != errs[0].Error() {
					return errors.New("inconsistent: " + errors.Join(errs...).Error())
				}
			}
			return errs[0]
		}
	}
	zeroF0 := mod(func(c *Theorem1Constants) { c.F0 = 0 })
	rate := RateConstants{L: 1, F0: 1, Sigma2: 1, N: 4}
	two := TwoLevelConstants{L: 1, F0: 1, SigmaTop2: 1, SigmaLow2: 1, N: 2, M: 4, T: 1}
	for _, test := range []struct {
		name string
		f    func() error
		want error
		// text must appear in the message: the offending value.
		text string
	}{
		{"L zero", th(mod(func(c *Theorem1Constants) { c.L = 0 })), ErrSetting, "L = 0"},
		{"L negative", th(mod(func(c *Theorem1Constants) { c.L = -1 })), ErrSetting, "L = -1"},
		{"L NaN", th(mod(func(c *Theorem1Constants) { c.L = nan })), ErrSetting, "L = NaN"},
		{"L Inf", th(mod(func(c *Theorem1Constants) { c.L = inf })), ErrSetting, "L = +Inf"},
		{"F0 negative", th(mod(func(c *Theorem1Constants) { c.F0 = -2 })), ErrSetting, "F0 = -2"},
		{"Zeta2 NaN", th(mod(func(c *Theorem1Constants) { c.Zeta2 = nan })), ErrSetting, "Zeta2 = NaN"},
		{"P negative", th(mod(func(c *Theorem1Constants) { c.P = -0.5 })), ErrSetting, "P = -0.5"},
		{"SigmaStar2 Inf", th(mod(func(c *Theorem1Constants) { c.SigmaStar2 = inf })), ErrSetting, "SigmaStar2 = +Inf"},
		{"MStar negative", th(mod(func(c *Theorem1Constants) { c.MStar = -0.1 })), ErrSetting, "MStar = -0.1"},
		{"N zero", th(mod(func(c *Theorem1Constants) { c.N = 0 })), ErrSetting, "N = 0"},
		{"T negative", th(mod(func(c *Theorem1Constants) { c.T = -3 })), ErrSetting, "T = -3"},
		{"gamma zero", func() error { _, err := Theorem1Bound(boundC1, 0); return err }, ErrStep, "γ = 0"},
		{"gamma negative", func() error { _, err := Theorem1ProofBound(boundC1, -1); return err }, ErrStep, "γ = -1"},
		{"gamma NaN", func() error { _, err := Theorem1Bound(boundC1, nan); return err }, ErrStep, "γ = NaN"},
		{"gamma at limit", func() error { _, err := Theorem1Bound(boundC1, 1.0/16); return err }, ErrStep, "γ = 0.0625"},
		{"gamma beyond", func() error { _, err := Theorem1ProofBound(boundC1, 1); return err }, ErrStep, "γ = 1"},
		{"F0 zero tuned", func() error { _, err := Theorem1TunedStep(zeroF0); return err }, ErrSetting, "F0 = 0"},
		{"F0 zero proof tuned", func() error { _, err := Theorem1ProofTunedStep(zeroF0); return err }, ErrSetting, "F0 = 0"},
		{"RR sigma", func() error { r := rate; r.Sigma2 = -1; _, err := RateRR(r, 1); return err }, ErrSetting, "Sigma2 = -1"},
		{"RR epochs", func() error { _, err := RateRR(rate, 0); return err }, ErrSetting, "epochs = 0"},
		{"IG M", func() error { r := rate; r.M = nan; _, err := RateIG(r, 1); return err }, ErrSetting, "M = NaN"},
		{"IG N", func() error { r := rate; r.N = 0; _, err := RateIG(r, 1); return err }, ErrSetting, "N = 0"},
		{"SGD steps", func() error { _, err := RateSGD(rate, -1); return err }, ErrSetting, "steps = -1"},
		{"SGD L", func() error { r := rate; r.L = 0; _, err := RateSGD(r, 1); return err }, ErrSetting, "L = 0"},
		{"at steps", func() error { _, err := RatesAtSteps(rate, 0); return err }, ErrSetting, "steps = 0"},
		{"at steps P", func() error { r := rate; r.P = -1; _, err := RatesAtSteps(r, 1); return err }, ErrSetting, "P = -1"},
		{"remark4 sigma", func() error { _, _, err := SigmaStarFromHeterogeneity(-1, 0, 2); return err }, ErrSetting, "σ² = -1"},
		{"remark4 n", func() error { _, _, err := SigmaStarFromHeterogeneityRR(1, 0, 0); return err }, ErrSetting, "n = 0"},
		{"remark4 M", func() error { _, _, err := SigmaStarFromHeterogeneityRR(1, inf, 2); return err }, ErrSetting, "M = +Inf"},
		{"appendix C", func() error { _, _, err := HeterogeneityFromSigmaStar(nan, 0, 2); return err }, ErrSetting, "σ*² = NaN"},
		{"appendix C M*", func() error { _, _, err := HeterogeneityFromSigmaStar(1, -2, 2); return err }, ErrSetting, "M* = -2"},
		{"appendix C n", func() error { _, _, err := HeterogeneityFromSigmaStar(1, 0, -1); return err }, ErrSetting, "n = -1"},
		{"phi2 k high", func() error { _, err := ExpectedPhi2RR(1, 4, 5); return err }, ErrSetting, "k = 5"},
		{"phi2 k negative", func() error { _, err := ExpectedPhi2RR(1, 4, -1); return err }, ErrSetting, "k = -1"},
		{"scaled k zero", func() error { _, err := ScaledPhi2BoundRR(1, 0, 1, 4, 0); return err }, ErrSetting, "k = 0"},
		{"scaled grad", func() error { _, err := ScaledPhi2BoundRR(1, 0, -1, 4, 1); return err }, ErrSetting, "‖∇f‖² = -1"},
		{"example odd n", func() error { _, err := AlternatingSigmaStar2(1, 5); return err }, ErrSetting, "n = 5"},
		{"example n zero", func() error { _, err := SortedSigmaStar2(1, 0); return err }, ErrSetting, "n = 0"},
		{"example sigma", func() error { _, err := RandomSigmaStar2Lower(-1, 4); return err }, ErrSetting, "σ² = -1"},
		{"lemma K > m", func() error { _, err := TwoLevelSigmaStar2(1, 1, 2, 4, 5); return err }, ErrSetting, "K = 5"},
		{"lemma K zero", func() error { _, err := TwoLevelSigmaStar2Order(1, 1, 2, 4, 0); return err }, ErrSetting, "K = 0"},
		{"lemma m one", func() error { _, err := TwoLevelSigmaStar2(1, 1, 2, 1, 1); return err }, ErrSetting, "m = 1"},
		{"lemma N", func() error { _, err := TwoLevelSigmaStar2Order(1, 1, 0, 4, 1); return err }, ErrSetting, "N = 0"},
		{"lemma sigma", func() error { _, err := TwoLevelSigmaStar2(1, nan, 2, 4, 1); return err }, ErrSetting, "σ_low² = NaN"},
		{"kshuffle K > m", func() error { _, err := KShufflingRate(two, 5); return err }, ErrSetting, "K = 5"},
		{"kshuffle K zero", func() error { _, err := KShufflingRate(two, 0); return err }, ErrSetting, "K = 0"},
		{"kshuffle L", func() error { c := two; c.L = -1; _, err := KShufflingRate(c, 1); return err }, ErrSetting, "L = -1"},
		{"standard full", func() error { c := two; c.SigmaFull2 = -1; _, err := StandardShufflingRate(c); return err }, ErrSetting, "SigmaFull2 = -1"},
		{"standard M", func() error { c := two; c.M = 0; _, err := StandardShufflingRate(c); return err }, ErrSetting, "M = 0"},
		{"internal T", func() error { c := two; c.T = 0; _, err := InternalSGDRate(c); return err }, ErrSetting, "T = 0"},
		{"internal top", func() error { c := two; c.SigmaTop2 = inf; _, err := InternalSGDRate(c); return err }, ErrSetting, "SigmaTop2 = +Inf"},
	} {
		err := test.f()
		if !errors.Is(err, test.want) {
			t.Errorf("%s: err = %v, want %v", test.name, err, test.want)
			continue
		}
		if !strings.Contains(err.Error(), test.text) {
			t.Errorf("%s: error %q does not name %q", test.name, err, test.text)
		}
	}
	// Valid constants give no error.
	for name, err := range map[string]error{
		"Theorem1Constants": boundC1.Validate(), "RateConstants": rate.Validate(), "TwoLevelConstants": two.Validate(),
	} {
		if err != nil {
			t.Errorf("%s: unexpected error %v", name, err)
		}
	}
}

func BenchmarkTheorem1TunedStep(b *testing.B) {
	// Bisection runs when both ζ and σ* are positive and the root is
	// interior.
	c := Theorem1Constants{L: 1, F0: 1, Zeta2: 64, SigmaStar2: 256, N: 1, T: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Theorem1TunedStep(c); err != nil {
			b.Fatal(err)
		}
	}
}
