// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"strings"
	"testing"
)

// TestOrderMattersCounted checks that the minimum of points counts only
// the points of strata that have a ρ: a Fashion-MNIST setting alone in
// its strata (one point per stratum) brings the points to 10 but not the
// points the test sees.
func TestOrderMattersCounted(t *testing.T) {
	mnist := func(k int) []*Table1Result {
		var r []*Table1Result
		for i := range k {
			r = append(r, fakeSettings("mnist", [2]float64{float64(i + 1), float64(i + 2)}, [2]float64{float64(i + 1), float64(i + 2)}))
			r[len(r)-1].Config.BatchSize = 10 + i
		}
		return r
	}
	for _, test := range []struct {
		name     string
		settings []*Table1Result
		counted  int
		want     Verdict
	}{
		{"8 points in strata with a ρ, 2 alone", append(mnist(4), fakeSettings(fashionMNIST, [2]float64{1, 2}, [2]float64{1, 2})), 8, NotCheckable},
		{"10 points in strata with a ρ, 2 alone", append(mnist(5), fakeSettings(fashionMNIST, [2]float64{1, 2}, [2]float64{1, 2})), 10, GoalMet},
	} {
		r := &OrderMattersResult{Settings: test.settings}
		f, err := r.Findings()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		if f.Counted != test.counted || f.Verdict != test.want || out.Verdict != f.Verdict {
			t.Errorf("%s: %d points counted of %d, verdict %v; want %d, %v", test.name, f.Counted, len(f.Points), f.Verdict, test.counted, test.want)
		}
		for _, c := range out.Checks {
			if c.Name == "order-matters-points" && (c.OK != (f.Counted >= orderMattersMinPoints) || !strings.Contains(c.Detail, "strata of at least 3")) {
				t.Errorf("%s: check %+v does not follow the points counted", test.name, c)
			}
		}
	}
}
