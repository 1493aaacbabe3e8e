// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"errors"
	"testing"
)

func TestUses(t *testing.T) {
	mb, err := NewMeanBalance(4, BalanceSettings{})
	if err != nil {
		t.Fatal(err)
	}
	pb, err := NewPairBalance(4, BalanceSettings{})
	if err != nil {
		t.Fatal(err)
	}
	rr, err := NewRR(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	all := Available{Oracle: true, Observe: true}
	for _, test := range []struct {
		name string
		o    Orderer
		has  Available
		ok   bool
	}{
		{"RR, nothing", rr, Available{}, true},
		{"greedy, nothing", &Greedy{}, Available{}, false},
		{"greedy, oracle", &Greedy{}, Available{Oracle: true}, true},
		{"stale greedy, oracle", &StaleGreedy{}, Available{Oracle: true}, false},
		{"stale greedy, all", &StaleGreedy{}, all, true},
		{"stale greedy, observe", &StaleGreedy{}, Available{Observe: true}, true},
		{"stale sketched greedy, observe", &SketchedGreedy{K: 2, Stale: true}, Available{Observe: true}, true},
		{"sketched greedy, observe", &SketchedGreedy{K: 2}, Available{Observe: true}, false},
		{"sketched greedy, oracle", &SketchedGreedy{K: 2}, Available{Oracle: true}, true},
		{"stale sketched greedy, oracle", &SketchedGreedy{K: 2, Stale: true}, Available{Oracle: true}, false},
		{"mean balance, nothing", mb, Available{}, false},
		{"mean balance, observe", mb, Available{Observe: true}, true},
		{"pair balance, oracle", pb, Available{Oracle: true}, false},
		{"pair balance, all", pb, all, true},
	} {
		err := Uses(test.o, test.has)
		if (err == nil) != test.ok || (err != nil && !errors.Is(err, ErrSetting)) {
			t.Errorf("%s: Uses = %v, want ok = %v (ErrSetting otherwise)", test.name, err, test.ok)
		}
	}
}
