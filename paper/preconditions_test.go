// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
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

func TestZ95(t *testing.T) {
	// z95 is conf95's normal quantile: 1.96 at 95%, the level's one place.
	if want := distuv.UnitNormal.Quantile(1 - (1-conf95)/2); z95 != want || math.Abs(z95-1.959964) > 1e-6 {
		t.Errorf("z95 = %v, want %v (1.96 at conf95 = %v)", z95, want, conf95)
	}
	// A normal band of z95 standard errors covers conf95.
	if got := distuv.UnitNormal.CDF(z95) - distuv.UnitNormal.CDF(-z95); math.Abs(got-conf95) > 1e-12 {
		t.Errorf("band of ±z95 covers %v, want %v", got, conf95)
	}
}
