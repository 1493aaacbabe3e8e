// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestZeroIsZero checks that a numeric field set to zero after At, where
// the field's range admits zero, reaches the run as zero: the result's
// config holds the zero, and the run differs from the one with the
// default (so the zero was used, not replaced). Zeros out of range are
// errors (TestZeroOrError).
func TestZeroIsZero(t *testing.T) {
	if testing.Short() {
		t.Skip("trains the smoke protocols twice each")
	}
	ctx := context.Background()
	for _, test := range []struct {
		name  string
		field string
		// outOfRange is set where the field's range excludes zero: the
		// zero must then be an error, never a default.
		outOfRange bool
		run        func(zero bool) (result any, err error)
	}{
		{"table-1", "Momentum", false, func(zero bool) (any, error) {
			c := Table1Config{Orders: []string{"RR"}}.At(Smoke)
			if zero {
				c.Momentum = 0
			}
			r, err := c.Run(ctx, &Env{Seed: 1})
			return r, err
		}},
		{"theorem-1", "Sigma2", false, func(zero bool) (any, error) {
			c := Theorem1Config{Ts: []int{4}, Grid: 2}.At(Smoke)
			if zero {
				c.Sigma2 = 0
			}
			r, err := c.Run(ctx, &Env{Seed: 1})
			return r, err
		}},
		{"sub-sampling", "M", true, func(zero bool) (any, error) {
			c := SubsamplingConfig{}.At(Smoke)
			if zero {
				c.M = 0
			}
			r, err := c.Run(ctx, &Env{Seed: 1})
			return r, err
		}},
		{"sub-sampling", "Sigma2", true, func(zero bool) (any, error) {
			c := SubsamplingConfig{}.At(Smoke)
			if zero {
				c.Sigma2 = 0
			}
			r, err := c.Run(ctx, &Env{Seed: 1})
			return r, err
		}},
		{"theorem-1-noise", "P", false, func(zero bool) (any, error) {
			c := Theorem1NoiseConfig{}.At(Smoke)
			if zero {
				c.P = 0
			}
			r, err := c.Run(ctx, &Env{Seed: 1})
			return r, err
		}},
		{"theorem-1-noise", "M", false, func(zero bool) (any, error) {
			c := Theorem1NoiseConfig{}.At(Smoke)
			if zero {
				c.M = 0
			}
			r, err := c.Run(ctx, &Env{Seed: 1})
			return r, err
		}},
	} {
		rz, err := test.run(true)
		if test.outOfRange {
			if err == nil || !strings.Contains(err.Error(), "= 0") {
				t.Errorf("%s with %s = 0: error %v, want one naming the zero", test.name, test.field, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s with %s = 0: %v", test.name, test.field, err)
			continue
		}
		if v := configOf(rz).FieldByName(test.field); !v.IsZero() {
			t.Errorf("%s with %s = 0: the run's config has %s = %v", test.name, test.field, test.field, v)
		}
		rd, err := test.run(false)
		if err != nil {
			t.Fatalf("%s at the smoke scale: %v", test.name, err)
		}
		if v := configOf(rd).FieldByName(test.field); v.IsZero() {
			t.Fatalf("%s: the default %s is zero; the test needs another field", test.name, test.field)
		}
		if sameJSON(t, withoutConfig(rz), withoutConfig(rd)) {
			t.Errorf("%s with %s = 0 gives the same runs as with the default: the zero was not used", test.name, test.field)
		}
	}
}

// TestZeroOrError checks that a config whose fields are all zero, which
// no At made, is an error from Run naming a field, never a run at some
// scale's defaults: there is one way to say the scale.
func TestZeroOrError(t *testing.T) {
	ctx := context.Background()
	for _, c := range []interface {
		validate() error
	}{
		&Theorem1Config{}, &Theorem1NoiseConfig{}, &SubsamplingConfig{}, &Remark4Config{}, &Lemma1Config{},
		&OmegaConfig{}, &AppendixCConfig{}, &MultiLevelConfig{}, &TwoLevelLemmaConfig{}, &TwoLevelKConfig{},
		&SGDInternallyConfig{}, &Table1Config{}, &TwoLevelConfig{}, &ScalableConfig{},
	} {
		err := c.validate()
		if err == nil || !strings.HasPrefix(err.Error(), "paper: ") {
			t.Errorf("%T{}: validate() = %v, want an error naming a field", c, err)
		}
	}
	if _, err := (Table1Config{}).Run(ctx, nil); err == nil {
		t.Error("Table1Config{}.Run: no error")
	}
	if _, err := (Theorem1Config{}).Run(ctx, nil); err == nil {
		t.Error("Theorem1Config{}.Run: no error")
	}
}

// configOf returns the Config field of the result r points to.
func configOf(r any) reflect.Value {
	return reflect.ValueOf(r).Elem().FieldByName("Config")
}

// withoutConfig returns a copy of the result r points to with its Config
// zeroed: the measurements alone.
func withoutConfig(r any) any {
	v := reflect.New(reflect.TypeOf(r).Elem())
	v.Elem().Set(reflect.ValueOf(r).Elem())
	f := v.Elem().FieldByName("Config")
	f.Set(reflect.Zero(f.Type()))
	return v.Interface()
}

// sameJSON reports whether a and b, with every wall time zeroed, encode
// to the same JSON.
func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	enc := func(v any) string {
		zeroSeconds(reflect.ValueOf(v))
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(j)
	}
	return enc(a) == enc(b)
}
