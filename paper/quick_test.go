// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"reflect"
	"slices"
	"testing"
)

// TestQuick checks the quick scale: it runs the five costliest claims
// smaller and every other at the default scale's protocol, keeps a field
// a config sets, and leaves the data sets it does not make smaller alone.
func TestQuick(t *testing.T) {
	smaller := []string{table1ID, twoLevelID, scalableID, scalableTrainingID, coordinatedID}
	for _, c := range registry {
		if got, want := QuickDiffers(c.ID), slices.Contains(smaller, c.ID); got != want {
			t.Errorf("QuickDiffers(%s) = %v, want %v", c.ID, got, want)
		}
	}
	if c := QuickAt(Table1Config{}); c.Train != 6000 || c.Test != 0 || c.Epochs != 10 {
		t.Errorf("QuickAt(Table1Config{}): %d training, %d test images, %d epochs, want 6000, 0 (all), 10", c.Train, c.Test, c.Epochs)
	}
	if c := QuickAt(Table1Config{Train: 1000}); c.Train != 1000 {
		t.Errorf("QuickAt(Table1Config{Train: 1000}).Train = %d, want the config's 1000", c.Train)
	}
	fashion := Table1Config{Dataset: fashionMNIST}
	if q, d := QuickAt(fashion), fashion.At(Default); !reflect.DeepEqual(q, d) {
		t.Errorf("QuickAt of Fashion-MNIST's Table 1 = %+v, want the default scale's %+v", q, d)
	}
	if q, d := QuickAt(TwoLevelConfig{}), (TwoLevelConfig{}).At(Default); q.TuneRuns != 2 || d.TuneRuns != 3 || !reflect.DeepEqual(q.Steps, d.Steps) {
		t.Errorf("QuickAt(TwoLevelConfig{}): %d tuning runs (default %d), steps %v, want 2 (3) and the default's steps", q.TuneRuns, d.TuneRuns, q.Steps)
	}
	if q, d := QuickAt(OmegaConfig{}), (OmegaConfig{}).At(Default); !reflect.DeepEqual(q, d) {
		t.Errorf("QuickAt(OmegaConfig{}) = %+v, want the default scale's %+v", q, d)
	}
	r := &Result{ID: table1ID, Scale: QuickName, Seed: 1}
	if quickNote(table1ID, r) == "" {
		t.Error("quickNote of table-1 at the quick scale: empty, want the scale said")
	}
	r.Scale = Default.String()
	if n := quickNote(table1ID, r); n != "" {
		t.Errorf("quickNote of table-1 at the default scale = %q, want empty", n)
	}
	if n := quickNote(theorem1ID, &Result{ID: theorem1ID, Scale: QuickName}); n != "" {
		t.Errorf("quickNote of theorem-1, which the quick scale runs as the default, = %q, want empty", n)
	}
	if !SameProtocol(theorem1ID, QuickName, Default.String()) || SameProtocol(table1ID, QuickName, Default.String()) {
		t.Error("SameProtocol: want theorem-1's quick and default scales alike, table-1's not")
	}
}
