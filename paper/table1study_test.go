// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"testing"
)

func TestTable1StudySmoke(t *testing.T) {
	res, err := Table1StudyConfig{}.At(Smoke).Run(context.Background(), &Env{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.check(); err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Settings {
		t.Logf("tuned: standard %v, same-class %v; tuning %+v", s.LRStandard, s.LRSameClass, s.Tuning)
	}
	for _, c := range res.Sweep {
		t.Logf("sweep bs %d mom %v mult %v diverged %v", c.BatchSize, c.Momentum, c.Multiplier, c.Diverged)
	}
}
