// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"strings"
	"testing"
)

func TestLemma1Rule(t *testing.T) {
	// A goal of ours, an implementation check: the cited lemma's
	// equality (not a sentence of this paper): within ±1% at
	// every k holds; shown more than 1% below fails (line 299's "≤" would
	// hold there: remark4-rr judges that one), as does the slip (n-k)/n
	// for (n-k)/(n-1) at n = 64 with the Monte Carlo's ±0.24%; across the
	// margin is unsettled.
	p := lemma1Rule.Parts[0]
	if p.Test != Equivalence || p.Tex != 0 || !lemma1Rule.Goal || !strings.Contains(p.Sentence, "Lemma 1 of Mishchenko et al. (2020)") || !strings.Contains(p.Sentence, "equals (n-k)/(k(n-1)) σ²") {
		t.Fatalf("part %+v, want the cited lemma's equality by equivalence", p)
	}
	iv := func(lo, hi float64) Measure {
		return Measure{Label: "k", Iv: Interval{Mean: (lo + hi) / 2, Lo: lo, Hi: hi, SE: (hi - lo) / 3.92, N: 1000}}
	}
	for _, tc := range []struct {
		name string
		ms   []Measure
		want Verdict
	}{
		{"every k within ±1%", []Measure{iv(-0.005, 0.005), iv(-0.0025, 0.0075)}, GoalMet},
		{"a k shown 5% below", []Measure{iv(-0.005, 0.005), iv(-0.06, -0.04)}, GoalNotMet},
		{"a k shown 5% above", []Measure{iv(0.04, 0.06)}, GoalNotMet},
		{"the slip (n-k)/n at n = 64", []Measure{iv(-0.005, 0.005), iv(-1.0/64-0.0024, -1.0/64+0.0024)}, GoalNotMet},
		{"a k across the margin", []Measure{iv(-0.005, 0.005), iv(0.005, 0.015)}, Inconclusive},
	} {
		j, err := lemma1Rule.Judge(Measures{p.Name: tc.ms}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if j.Verdict != tc.want {
			t.Errorf("%s: verdict %v, want %v", tc.name, j.Verdict, tc.want)
		}
	}
}
