// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"math"
	"testing"
)

// checkMisses fails the test if out has no check of that name or it
// holds.
func checkMisses(t *testing.T, out *Outcome, name string) {
	t.Helper()
	for _, c := range out.Checks {
		if c.Name == name {
			if c.OK {
				t.Errorf("%s holds, want it to miss: %s", name, c.Detail)
			}
			return
		}
	}
	t.Errorf("no check %s", name)
}

func TestPreconditionVerdict(t *testing.T) {
	for _, v := range []Verdict{Reproduced, NotReproduced, PartlyReproduced, Inconclusive} {
		if got := preconditionVerdict(v, true, true); got != v {
			t.Errorf("%v with the setup's checks met: %v", v, got)
		}
		if got := preconditionVerdict(v, true, false); got != NotTested {
			t.Errorf("%v with a setup check missed: %v, want not tested", v, got)
		}
	}
	if got := preconditionVerdict(Reproduced); got != Reproduced {
		t.Errorf("no setup check: %v", got)
	}
}

func TestBoundApproached(t *testing.T) {
	for _, tc := range []struct {
		slack float64
		want  bool
	}{{0.5, true}, {9.99, true}, {notApproachedSlack, false}, {13.6, false}, {math.Inf(1), false}, {math.NaN(), true}} {
		if got := boundApproached(tc.slack); got != tc.want {
			t.Errorf("slack %v: approached %v, want %v", tc.slack, got, tc.want)
		}
	}
}
