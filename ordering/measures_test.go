// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// directPhi2 is φ²_{r,k} recomputed from scratch for every k, O(n² d).
func directPhi2(g *mat.Dense, r []int) []float64 {
	n, d := g.Dims()
	out := make([]float64, len(r))
	for k := 1; k <= len(r); k++ {
		for j := 0; j < d; j++ {
			mean := 0.0
			for i := 0; i < n; i++ {
				mean += g.At(i, j)
			}
			mean /= float64(n)
			s := 0.0
			for _, i := range r[:k] {
				s += g.At(i, j) - mean
			}
			out[k-1] += s * s
		}
	}
	return out
}

func TestPhi2MatchesDirect(t *testing.T) {
	g := randomGrads(9, 4, 21)
	rnd := rand.New(rand.NewPCG(2, 2))
	random := make([]int, 30)
	for k := range random {
		random[k] = rnd.IntN(9)
	}
	for _, r := range [][]int{
		nil,
		{4},
		{3, 3, 0, 8, 1, 7, 2}, // repeats and omissions
		rnd.Perm(9),
		random,
	} {
		got, err := Phi2(nil, g, r)
		if err != nil {
			t.Fatal(err)
		}
		want := directPhi2(g, r)
		if len(got) != len(want) {
			t.Fatalf("r=%v: %d values, want %d", r, len(got), len(want))
		}
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-12*(1+want[k]) {
				t.Errorf("r=%v: φ²_%d = %v, want %v", r, k+1, got[k], want[k])
			}
		}
	}
	// A permutation ends at φ²_{r,N} = 0 up to rounding.
	phi2, _ := Phi2(nil, g, rnd.Perm(9))
	if last := phi2[8]; last > 1e-24 {
		t.Errorf("permutation: φ²_N = %v, want 0", last)
	}
}

func TestPhi2BadIndex(t *testing.T) {
	g := randomGrads(9, 4, 21)
	for _, test := range []struct {
		r   []int
		msg string
	}{
		{[]int{0, 9}, "position 1 holds 9, want [0, 9)"},
		{[]int{-1}, "position 0 holds -1, want [0, 9)"},
	} {
		dst := []float64{7}
		got, err := Phi2(dst, g, test.r)
		if !errors.Is(err, ErrIndex) || err.Error() != "ordering: index out of range: sequence "+test.msg {
			t.Errorf("r=%v: err = %v", test.r, err)
		}
		if len(got) != 1 || got[0] != 7 {
			t.Errorf("r=%v: dst changed to %v", test.r, got)
		}
	}
}

func TestSigmaStar2(t *testing.T) {
	phi2 := []float64{4, 10, 9}
	for _, test := range []struct {
		mStar, gradNorm2, want float64
	}{
		// Hand values: with M*‖∇f‖² = 1 the terms are 4-1, 10-4, 9-9.
		{1, 1, 6},
		// M* = 0: the largest φ².
		{0, 5, 10},
		// ‖∇f‖² = 0 at a stationary point: the largest φ² too.
		{3, 0, 10},
		// With M*‖∇f‖² = 2: 4-2, 10-8, 9-18.
		{2, 1, 2},
		// Clipped at 0 when M* dominates.
		{100, 1, 0},
	} {
		if got := SigmaStar2(phi2, test.mStar, test.gradNorm2); got != test.want {
			t.Errorf("SigmaStar2(M* = %v, ‖∇f‖² = %v) = %v, want %v", test.mStar, test.gradNorm2, got, test.want)
		}
	}
	if got := SigmaStar2(nil, 1, 1); got != 0 {
		t.Errorf("empty curve: %v, want 0", got)
	}
}

func TestMishchenkoLemma1MonteCarlo(t *testing.T) {
	// Mishchenko et al., Lemma 1 (used in Remark 4): for a uniformly random
	// permutation, E φ²_{r,k} = k(n-k)/(n-1) σ² with σ² = (1/n)Σ‖g_i - ḡ‖².
	if testing.Short() {
		t.Skip("Monte Carlo")
	}
	const n, d, trials = 12, 3, 40000
	g := randomGrads(n, d, 31)
	sigma2, _ := Heterogeneity(g)
	rnd := rand.New(rand.NewPCG(7, 7))
	sum := make([]float64, n)
	sumSq := make([]float64, n)
	var phi2 []float64
	for range trials {
		phi2, _ = Phi2(phi2, g, rnd.Perm(n))
		for k, v := range phi2 {
			sum[k] += v
			sumSq[k] += v * v
		}
	}
	for k := 1; k <= n; k++ {
		mean := sum[k-1] / trials
		want := float64(k*(n-k)) / float64(n-1) * sigma2
		// Tolerance: 5 standard errors of the Monte Carlo mean, sd/√trials
		// with sd estimated from the sample variance (a two-sided miss has
		// probability about 6e-7 per k), plus rounding at k = n, where
		// φ² = 0 and the variance vanishes.
		se := math.Sqrt(math.Max(sumSq[k-1]/trials-mean*mean, 0) / trials)
		if math.Abs(mean-want) > 5*se+1e-9 {
			t.Errorf("k=%d: E φ² = %v ± %v, Lemma 1 gives %v", k, mean, se, want)
		}
	}
}

// bruteFitObjective solves the LP of FitSigmaM by checking every candidate
// vertex (lines through two points or the origin, flat lines, lines through
// the origin), O(P³), and returns the least total slack Σ_p (σ² + M g_p).
func bruteFitObjective(v, g []float64) float64 {
	gs := append([]float64{0}, g...)
	vs := append([]float64{0}, v...)
	var sumG float64
	for _, x := range g {
		sumG += x
	}
	best := math.Inf(1)
	try := func(s, m float64) {
		if s < 0 || m < 0 {
			return
		}
		for p := range v {
			if s+m*g[p] < v[p]-1e-9*(1+v[p]) {
				return
			}
		}
		best = math.Min(best, float64(len(v))*s+m*sumG)
	}
	for p := range gs {
		try(vs[p], 0)
		for q := range gs {
			if gs[q] > gs[p] {
				m := (vs[q] - vs[p]) / (gs[q] - gs[p])
				try(vs[p]-m*gs[p], m)
			}
		}
	}
	return best
}

func TestFitSigmaM(t *testing.T) {
	for _, test := range []struct {
		name      string
		v, g      []float64
		sigma2, m float64
	}{
		// Points on the line v = 2 + 3g and below it: the fit recovers it.
		{"line", []float64{2, 5, 8, 17, 1, 6}, []float64{0, 1, 2, 5, 0.5, 3}, 2, 3},
		{"line without g = 0", []float64{5, 17, 3, 6.5}, []float64{1, 5, 1, 1.5}, 2, 3},
		// One point at g = 0: M = 0, σ² = v.
		{"one point at 0", []float64{4}, []float64{0}, 4, 0},
		// One point at g > 0: every line through it with σ², M ≥ 0 is
		// optimal; the smallest M is taken.
		{"one point", []float64{4}, []float64{2}, 4, 0},
		// Decreasing data: the best line is flat.
		{"decreasing", []float64{5, 1}, []float64{0, 10}, 5, 0},
		// The line through (1, 1) and (2, 3) would have σ² = -1: the
		// constraint σ² ≥ 0 makes it pass through the origin and (2, 3).
		{"origin", []float64{1, 3}, []float64{1, 2}, 0, 1.5},
		// All zero.
		{"zero", []float64{0, 0}, []float64{0, 3}, 0, 0},
		// ḡ = 2 is the vertex (2, 4) of the hull (0,1), (2,4), (4,5): slopes
		// between ½ (right edge) and 3/2 (left) are optimal; the smallest.
		{"vertex", []float64{1, 4, 5, 0}, []float64{0, 2, 4, 2}, 3, 0.5},
	} {
		s, m, err := FitSigmaM(test.v, test.g)
		if err != nil {
			t.Errorf("%s: %v", test.name, err)
			continue
		}
		if math.Abs(s-test.sigma2) > 1e-12 || math.Abs(m-test.m) > 1e-12 {
			t.Errorf("%s: (σ², M) = (%v, %v), want (%v, %v)", test.name, s, m, test.sigma2, test.m)
		}
	}
}

func TestFitSigmaMRandom(t *testing.T) {
	// Against the brute-force LP on random clouds, some with an exact line
	// on top: the same least total slack, and every point below the line.
	rnd := rand.New(rand.NewPCG(5, 5))
	for trial := range 300 {
		p := 1 + rnd.IntN(12)
		v, g := make([]float64, p), make([]float64, p)
		s0, m0 := rnd.Float64()*3, rnd.Float64()*2
		for i := range v {
			g[i] = math.Round(rnd.Float64()*20) / 4 // repeated g values too
			switch {
			case trial%3 == 0:
				v[i] = s0 + m0*g[i] - rnd.Float64()*float64(i%2) // on or below a line
			default:
				v[i] = rnd.Float64() * 10
			}
			v[i] = math.Max(v[i], 0)
		}
		s, m, err := FitSigmaM(v, g)
		if err != nil {
			t.Fatal(err)
		}
		if s < 0 || m < 0 {
			t.Fatalf("v=%v g=%v: (σ², M) = (%v, %v), want >= 0", v, g, s, m)
		}
		var obj float64
		for i := range v {
			if v[i] > s+m*g[i]+1e-12*(1+v[i]) {
				t.Fatalf("v=%v g=%v: point %d above the line (%v, %v)", v, g, i, s, m)
			}
			obj += s + m*g[i]
		}
		if want := bruteFitObjective(v, g); math.Abs(obj-want) > 1e-9*(1+want) {
			t.Errorf("v=%v g=%v: total %v, brute force %v", v, g, obj, want)
		}
	}
}

// FuzzFitSigmaM checks FitSigmaM on points decoded from bytes: with raw
// set, 16 bytes give any float64 pair (NaN, negative, huge), and the fit
// must return an error or a valid line; otherwise two uint16s give a point
// on a 1/64 grid and the fit must match the brute-force LP.
func FuzzFitSigmaM(f *testing.F) {
	f.Add([]byte{0, 1, 0, 2, 3, 4, 5, 6}, false)
	f.Add([]byte{9, 0, 9, 0, 1, 0, 200, 0, 7, 7, 7, 7}, false)
	f.Add(binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, math.Float64bits(1e-300)), math.Float64bits(1e300)), true)
	f.Add(binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, math.Float64bits(math.NaN())), 0), true)
	f.Fuzz(func(t *testing.T, data []byte, raw bool) {
		var v, g []float64
		if raw {
			for ; len(data) >= 16; data = data[16:] {
				g = append(g, math.Float64frombits(binary.LittleEndian.Uint64(data)))
				v = append(v, math.Float64frombits(binary.LittleEndian.Uint64(data[8:])))
			}
		} else {
			for ; len(data) >= 4 && len(v) < 20; data = data[4:] {
				g = append(g, float64(binary.LittleEndian.Uint16(data))/64)
				v = append(v, float64(binary.LittleEndian.Uint16(data[2:]))/64)
			}
		}
		s, m, err := FitSigmaM(v, g)
		valid := checkPoints(v, g) == nil
		if err != nil {
			// Valid points fail only if M overflows, which the grid cannot
			// make happen.
			if valid && (!raw || !errors.Is(err, ErrNaN)) {
				t.Fatalf("v=%v g=%v: unexpected error %v", v, g, err)
			}
			return
		}
		if !valid {
			t.Fatalf("v=%v g=%v: invalid points accepted", v, g)
		}
		if !(s >= 0) || !(m >= 0) || math.IsInf(s, 0) || math.IsInf(m, 0) {
			t.Fatalf("v=%v g=%v: (σ², M) = (%v, %v)", v, g, s, m)
		}
		for i := range v {
			if v[i]-m*g[i] > s {
				t.Fatalf("v=%v g=%v: point %d above the line (%v, %v)", v, g, i, s, m)
			}
		}
		if !raw {
			var obj float64
			for i := range v {
				obj += s + m*g[i]
			}
			if want := bruteFitObjective(v, g); math.Abs(obj-want) > 1e-9*(1+want) {
				t.Fatalf("v=%v g=%v: total %v, brute force %v", v, g, obj, want)
			}
		}
	})
}

func TestSigmaForM(t *testing.T) {
	g := []float64{0, 1, 2, 5, 0.5, 3}
	v := []float64{2, 5, 8, 17, 1, 6}
	for _, test := range []struct {
		m, want float64
	}{
		{3, 2},   // the line v = 2 + 3g itself
		{0, 17},  // flat: the largest v
		{10, 2},  // steep: only g = 0 binds
		{100, 2}, // still the point at g = 0
	} {
		if got, err := SigmaForM(v, g, test.m); err != nil || got != test.want {
			t.Errorf("SigmaForM(M = %v) = %v, %v, want %v", test.m, got, err, test.want)
		}
	}
	if got, _ := SigmaForM([]float64{1}, []float64{1}, 5); got != 0 {
		t.Errorf("clipping: %v, want 0", got)
	}
}

func TestFitErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, test := range []struct {
		v, g []float64
		m    float64
		want error
	}{
		{nil, nil, 0, ErrEmpty},
		{[]float64{1}, []float64{1, 2}, 0, ErrDim},
		{[]float64{nan}, []float64{1}, 0, ErrNaN},
		{[]float64{1}, []float64{-1}, 0, ErrNaN},
		{[]float64{inf}, []float64{1}, 0, ErrNaN},
		{[]float64{1}, []float64{inf}, 0, ErrNaN},
	} {
		if _, _, err := FitSigmaM(test.v, test.g); !errors.Is(err, test.want) {
			t.Errorf("FitSigmaM(%v, %v): err = %v, want %v", test.v, test.g, err, test.want)
		}
		if _, err := SigmaForM(test.v, test.g, test.m); !errors.Is(err, test.want) {
			t.Errorf("SigmaForM(%v, %v): err = %v, want %v", test.v, test.g, err, test.want)
		}
	}
	for _, m := range []float64{-1, nan, inf} {
		if _, err := SigmaForM([]float64{1}, []float64{1}, m); !errors.Is(err, ErrSetting) {
			t.Errorf("SigmaForM(M = %v): err = %v, want ErrSetting", m, err)
		}
	}
	// The hull edge from the origin to (1e-300, 1e300) spans ḡ = 5e-301
	// and its slope overflows.
	if _, _, err := FitSigmaM([]float64{1e300, 0}, []float64{1e-300, 0}); !errors.Is(err, ErrNaN) {
		t.Errorf("overflowing slope: err = %v", err)
	}
}

func TestHeterogeneityAndSampleBias(t *testing.T) {
	// Gradients 1, 3, 5 (d = 1): mean 3, v = (4+0+4)/3, g = 9.
	g := mat.NewDense(3, 1, []float64{1, 3, 5})
	v, gn := Heterogeneity(g)
	if math.Abs(v-8.0/3) > 1e-15 || gn != 9 {
		t.Errorf("Heterogeneity = (%v, %v), want (8/3, 9)", v, gn)
	}
	for _, test := range []struct {
		r        []int
		lhs, rhs float64
	}{
		{[]int{2, 0, 1}, 0, 9.0 / 4},          // a permutation has no sample bias
		{[]int{2, 0, 1, 1, 0, 2}, 0, 9.0 / 4}, // nor do two
		{[]int{0, 0}, 4, 9.0 / 4},             // mean deviation -2: violates Assumption 3
		{[]int{1}, 0, 9.0 / 4},                // the component equal to the mean
		{[]int{2, 1}, 1, 9.0 / 4},             // mean deviation 1
	} {
		lhs, rhs, err := SampleBias(g, test.r)
		if err != nil || math.Abs(lhs-test.lhs) > 1e-15 || rhs != test.rhs {
			t.Errorf("SampleBias(%v) = (%v, %v, %v), want (%v, %v)", test.r, lhs, rhs, err, test.lhs, test.rhs)
		}
	}
	if _, _, err := SampleBias(g, nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty sequence: err = %v", err)
	}
	if _, _, err := SampleBias(g, []int{3}); !errors.Is(err, ErrIndex) {
		t.Errorf("index 3 of 3: err = %v", err)
	}
}

// gradNoise is Gaussian oracle noise whose variance grows with ‖∇f(x)‖²
// of a quad problem, so that Assumption 2 holds with equality:
// E‖ξ‖² = d s² = ζ² + P ‖∇f(x)‖².
type gradNoise struct {
	p        quad
	zeta2, P float64
}

func (n gradNoise) Perturb(grad []float64, _ int, x []float64, rnd *rand.Rand) {
	full := Grad(nil, n.p, x)
	s := math.Sqrt((n.zeta2 + n.P*dot(full, full)) / float64(len(grad)))
	for j := range grad {
		grad[j] += s * rnd.NormFloat64()
	}
}

func TestNoiseEstimate(t *testing.T) {
	p := newQuad(3, 4, 41)
	points := [][]float64{{0, 0, 0, 0}, {1, 2, 3, 4}, {-3, 1, 0, 2}, {0.5, 0.5, 0.5, 0.5}}
	for _, test := range []struct {
		name     string
		noise    Noise
		zeta2, P float64
	}{
		// Gaussian noise of standard deviation 0.5 in d = 4: ζ² = 4·0.25.
		{"Gaussian", Gaussian{Std: 0.5}, 1, 0},
		{"growing", gradNoise{p: p, zeta2: 0.5, P: 0.2}, 0.5, 0.2},
	} {
		// ‖ξ‖² is (E‖ξ‖²/d) χ²_d, so each estimate of E‖ξ‖² from S samples
		// has relative standard error √(2/(dS)) ≈ 0.016 for d = 4, S = 2000.
		// The maximum over 3 components and the hull fit through the
		// highest points bias the result upwards by a few of those; allow
		// 10% (about 6 standard errors) on ζ², and 0.02 on P, whose
		// estimate is a difference quotient over ‖∇f‖² spreads of about 30.
		o := NewOracle(p, test.noise, rand.NewPCG(1, 1))
		z, pp, err := NoiseEstimate(o, points, 2000)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(z-test.zeta2) > 0.1*test.zeta2 || math.Abs(pp-test.P) > 0.02 {
			t.Errorf("%s: (ζ², P) = (%v, %v), want about (%v, %v)", test.name, z, pp, test.zeta2, test.P)
		}
	}
	o := NewOracle(p, Gaussian{Std: 1}, rand.NewPCG(1, 1))
	if _, _, err := NoiseEstimate(o, [][]float64{{1}}, 10); !errors.Is(err, ErrDim) {
		t.Errorf("wrong dimension: err = %v", err)
	}
	if _, _, err := NoiseEstimate(o, points, 0); !errors.Is(err, ErrSetting) {
		t.Errorf("0 samples: err = %v", err)
	}
	if _, _, err := NoiseEstimate(o, nil, 10); !errors.Is(err, ErrEmpty) {
		t.Errorf("no points: err = %v", err)
	}
	nan := NewOracle(p, Gaussian{Std: math.NaN()}, rand.NewPCG(1, 1))
	if _, _, err := NoiseEstimate(nan, points, 10); !errors.Is(err, ErrNaN) {
		t.Errorf("NaN noise: err = %v", err)
	}
}

// scaled is the 1-D problem f_i(x) = a_i x²/2, whose heterogeneity
// depends on x: ∇f_i(x) - ∇f(x) = (a_i - ā) x.
type scaled []float64

func (s scaled) Len() int                            { return len(s) }
func (s scaled) Dim() int                            { return 1 }
func (s scaled) CompFunc(i int, x []float64) float64 { return s[i] * x[0] * x[0] / 2 }
func (s scaled) CompGrad(g []float64, i int, x []float64) {
	g[0] = s[i] * x[0]
}

func TestSigmaTracker(t *testing.T) {
	// The 1-D example as a problem: f_i = x²/2 ∓ σx, so ∇f_i = x ∓ σ.
	// The alternating order has σ*² = σ² in every epoch, at every x.
	const sigma = 2.0
	p := quad{b: [][]float64{{-sigma}, {-sigma}, {sigma}, {sigma}}}
	h := &History{}
	tr := &SigmaTracker{Problem: p, Next: h}
	_, err := Run(p, []float64{3}, fixed{0, 2, 1, 3}, &Settings{Epochs: 4, Step: Constant(0.1), Recorder: tr})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.SigmaStar2) != 4 || len(tr.MaxPhi2) != 4 || len(h.Records) != 5 {
		t.Fatalf("%d epochs tracked, %d records passed on", len(tr.SigmaStar2), len(h.Records))
	}
	for k, v := range tr.SigmaStar2 {
		if math.Abs(v-sigma*sigma) > 1e-12 || math.Abs(tr.MaxPhi2[k]-sigma*sigma) > 1e-12 {
			t.Errorf("epoch %d: σ*² = %v, max φ² = %v, want %v", k, v, tr.MaxPhi2[k], sigma*sigma)
		}
	}
	if math.Abs(tr.Max-sigma*sigma) > 1e-12 {
		t.Errorf("Max = %v", tr.Max)
	}
}

func TestSigmaTrackerStartOfEpoch(t *testing.T) {
	// With a = (1, 3), ā = 2 and the order (0, 1): φ²_1(x) = x², φ²_2 = 0,
	// ‖∇f(x)‖² = 4x². With M* = 0.1, σ*² = max(x² - 0.4x², 0 - 1.6x²) =
	// 0.6x², all at x_t, the start of the epoch, which the x_{t+1} of the
	// record (x shrinks every epoch) would get wrong.
	p := scaled{1, 3}
	h := &History{KeepX: true}
	tr := &SigmaTracker{Problem: p, MStar: 0.1, Next: h}
	if _, err := Run(p, []float64{2}, fixed{0, 1}, &Settings{Epochs: 3, Step: Constant(0.1), Recorder: tr}); err != nil {
		t.Fatal(err)
	}
	if len(tr.SigmaStar2) != 3 {
		t.Fatalf("%d epochs tracked, want 3", len(tr.SigmaStar2))
	}
	max := 0.0
	for k := range tr.SigmaStar2 {
		x := h.Records[k].X[0] // x_t for epoch t = k
		if want := 0.6 * x * x; math.Abs(tr.SigmaStar2[k]-want) > 1e-12*want {
			t.Errorf("epoch %d: σ*² = %v, want 0.6 x_t² = %v", k, tr.SigmaStar2[k], want)
		}
		if want := x * x; math.Abs(tr.MaxPhi2[k]-want) > 1e-12*want {
			t.Errorf("epoch %d: max φ² = %v, want x_t² = %v", k, tr.MaxPhi2[k], want)
		}
		max = math.Max(max, tr.SigmaStar2[k])
	}
	if tr.Max != max {
		t.Errorf("Max = %v, want %v", tr.Max, max)
	}
	// A bad order in a record is an error, not a panic.
	err := tr.Record(&Record{Epoch: 4, X: []float64{1}, Order: []int{0, 2}})
	if !errors.Is(err, ErrIndex) {
		t.Errorf("bad order: err = %v", err)
	}
	// Next's error comes back.
	tr2 := &SigmaTracker{Problem: p, Next: RecorderFunc(func(*Record) error { return Stop })}
	if err := tr2.Record(&Record{X: []float64{1}}); err != Stop {
		t.Errorf("Next's error: %v", err)
	}
}

func ExamplePhi2() {
	// Three components in d = 1 with gradients 1, 3, 5 (∇f = 3), visited
	// as 0, 2, 1: the prefix sums of the deviations are -2, 0, 0.
	g := mat.NewDense(3, 1, []float64{1, 3, 5})
	phi2, err := Phi2(nil, g, []int{0, 2, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(phi2)
	// M* = 0.5 with ‖∇f‖² = 9: max(4 - 4.5, 0 - 18, 0 - 40.5) < 0, so 0.
	fmt.Printf("σ*² = %.4g for M* = 0, %.4g for M* = 0.5\n", SigmaStar2(phi2, 0, 9), SigmaStar2(phi2, 0.5, 9))
	_, err = Phi2(nil, g, []int{0, 3})
	fmt.Println(err)
	// Output:
	// [4 0 0]
	// σ*² = 4 for M* = 0, 0 for M* = 0.5
	// ordering: index out of range: sequence position 1 holds 3, want [0, 3)
}
