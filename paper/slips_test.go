// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"strings"
	"testing"
)

// TestSlipLemma4Quarter checks the arithmetic of the ¼ slip of Lemma 4:
// with Assumption 3's ½, the coefficient (1/2)(1/2 − γLP) of −γn‖∇f(x_t)‖²
// stays above 1/8 under the lemma's step limit γ < 1/(2L(n + P)) while
// P ≤ n, and falls below it for some step under the limit once P > n.
func TestSlipLemma4Quarter(t *testing.T) {
	coef := func(n, P, L float64) float64 {
		// The supremum of γLP under the limit is P/(2(n + P)).
		gamma := (1 - 1e-12) / (2 * L * (n + P))
		return 0.5 * (0.5 - gamma*L*P)
	}
	for _, c := range []struct {
		n, P  float64
		above bool
	}{
		{n: 8, P: 0, above: true},
		{n: 8, P: 1, above: true},
		{n: 8, P: 8, above: true},
		{n: 8, P: 9, above: false},
		{n: 8, P: 80, above: false},
	} {
		got := coef(c.n, c.P, 3) >= 1.0/8
		if got != c.above {
			t.Errorf("n=%v P=%v: coefficient %v, above 1/8 %t, want %t", c.n, c.P, coef(c.n, c.P, 3), got, c.above)
		}
	}
	var found bool
	for _, s := range slips {
		if strings.Contains(s.what, "once P > n") {
			found = true
		}
		if strings.Contains(s.what, "once P > 0") {
			t.Errorf("slip %q still says the coefficient falls below 1/8 once P > 0", s.where)
		}
	}
	if !found {
		t.Error("no slip states the ¼ coefficient's limit P > n")
	}
}
