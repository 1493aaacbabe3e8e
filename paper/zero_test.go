// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
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
		&SGDInternallyConfig{}, &Table1Config{}, &TwoLevelConfig{}, &ScalableConfig{}, &LoaderShufflesConfig{},
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

// zeroCase is a claim config at the smoke scale and its Run.
type zeroCase struct {
	config any // the config, after At(Smoke)
	run    func(ctx context.Context, c any, env *Env) error
}

func zeroCaseOf[C any, R any](c C, run func(C, context.Context, *Env) (R, error)) zeroCase {
	return zeroCase{c, func(ctx context.Context, c any, env *Env) error {
		_, err := run(c.(C), ctx, env)
		return err
	}}
}

// fieldAliases are the words validate's errors use for fields whose Go
// name they do not spell out.
var fieldAliases = map[string][]string{
	"Mu": {"μ"}, "Sigma": {"σ"}, "Sigma2": {"σ²"}, "SigmaLow": {"σ_low"}, "SigmaTops": {"σ_top"}, "SigmaFull": {"σ_full"},
	"SigmaLows": {"σ_low"}, "Lambda": {"λ"}, "X0Shift": {"x₀ shift"}, "X0": {"x₀"}, "Ts": {"T"}, "Grid": {"grid", "learning rates"}, "Ms": {"m values"},
	"Fractions": {"fraction"}, "Ns": {"n"}, "Gamma": {"γn"}, "M1": {"sizes"}, "M2": {"sizes"}, "N": {"sizes"}, "K0s": {"K₀"}, "K1s": {"K₁"},
	"Ks": {"K"}, "Steps": {"learning rates"}, "Hidden": {"hidden width"}, "BatchSize": {"batch size"},
	"LRStandard": {"learning rates"}, "LRSameClass": {"learning rates"}, "SlowEvery": {"slow update"}, "SketchK": {"sketch"},
	"Settings": {"setting"}, "RandomOrders": {"random orders"}, "OneDEpochs": {"1-D epochs"}, "RRDraws": {"random draws"}, "SketchDraws": {"sketch draws"},
	"TuneSeeds": {"tuning"}, "SweepSeeds": {"sweep seeds"}, "Seeds": {"seeds"}, "Ratios": {"ratios"}, "Regimes": {"regime"},
	"Points": {"points"}, "Batchings": {"batchings"}, "Momenta": {"momenta"}, "Multipliers": {"multipliers"},
	"Holdout": {"holds out"}, "TheoremGrid": {"grids of 0"}, "FreeGrid": {"and 0 steps"},
}

// namesField reports whether msg names the field.
func namesField(msg, field string) bool {
	if len(field) <= 2 {
		// A short name as a word of its own: "N = 0", "with d = 0".
		if regexp.MustCompile(`(?i)(^|[^\pL])` + regexp.QuoteMeta(field) + `([^\pL]|$)`).MatchString(msg) {
			return true
		}
	} else if strings.Contains(strings.ToLower(msg), strings.ToLower(field)) {
		return true
	}
	for _, a := range fieldAliases[field] {
		if strings.Contains(msg, a) {
			return true
		}
	}
	return false
}

// TestZeroEachField sets each numeric field, and each slice field, of
// every claim's config to zero after At(Smoke), one at a time: Run must
// return an error naming the field before any work (validate rejects it,
// and Run reports no progress), or run, and never panic. With -short the
// zeros Run accepts are not run.
func TestZeroEachField(t *testing.T) {
	ctx := context.Background()
	for _, zc := range []zeroCase{
		zeroCaseOf(Theorem1Config{}.At(Smoke), Theorem1Config.Run),
		zeroCaseOf(Theorem1NoiseConfig{}.At(Smoke), Theorem1NoiseConfig.Run),
		zeroCaseOf(SubsamplingConfig{}.At(Smoke), SubsamplingConfig.Run),
		zeroCaseOf(Remark4Config{}.At(Smoke), Remark4Config.Run),
		zeroCaseOf(Lemma1Config{}.At(Smoke), Lemma1Config.Run),
		zeroCaseOf(OmegaConfig{}.At(Smoke), OmegaConfig.Run),
		zeroCaseOf(AppendixCConfig{}.At(Smoke), AppendixCConfig.Run),
		zeroCaseOf(MultiLevelConfig{}.At(Smoke), MultiLevelConfig.Run),
		zeroCaseOf(TwoLevelLemmaConfig{}.At(Smoke), TwoLevelLemmaConfig.Run),
		zeroCaseOf(TwoLevelKConfig{}.At(Smoke), TwoLevelKConfig.Run),
		zeroCaseOf(SGDInternallyConfig{}.At(Smoke), SGDInternallyConfig.Run),
		zeroCaseOf(Table1Config{}.At(Smoke), Table1Config.Run),
		zeroCaseOf(TwoLevelConfig{}.At(Smoke), TwoLevelConfig.Run),
		zeroCaseOf(ScalableConfig{}.At(Smoke), ScalableConfig.Run),
		zeroCaseOf(OrderMattersConfig{}.At(Smoke), OrderMattersConfig.Run),
		zeroCaseOf(Table1StudyConfig{}.At(Smoke), Table1StudyConfig.Run),
	} {
		v := reflect.ValueOf(zc.config)
		for i := range v.NumField() {
			f := v.Type().Field(i)
			k := f.Type.Kind()
			if !(k >= reflect.Int && k <= reflect.Float64) && k != reflect.Slice || v.Field(i).IsZero() {
				continue
			}
			name := fmt.Sprintf("%s.%s", v.Type().Name(), f.Name)
			p := reflect.New(v.Type())
			p.Elem().Set(v)
			p.Elem().Field(i).Set(reflect.Zero(f.Type))
			c := p.Elem().Interface()
			verr := p.Interface().(interface{ validate() error }).validate()
			if verr == nil && testing.Short() {
				continue
			}
			progressed := false
			env := &Env{Seed: 1, Progress: func(done, total int) { progressed = true }, Warn: func(string) {}}
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = fmt.Errorf("panic: %v", r)
					}
				}()
				return zc.run(ctx, c, env)
			}()
			switch {
			case err != nil && strings.HasPrefix(err.Error(), "panic: "):
				t.Errorf("%s = 0: %v", name, err)
			case verr != nil:
				if err == nil || progressed || !namesField(err.Error(), f.Name) {
					t.Errorf("%s = 0: Run gave %v after progress %t, want validate's error %q naming the field before any work", name, err, progressed, verr)
				}
			case err != nil:
				t.Errorf("%s = 0: accepted up front, refused after the work began: %v", name, err)
			}
		}
	}
}

// TestZeroRejected checks the zeros that used to slip through validate:
// two-level's D (a panic in a worker), Runs, Budget and K (runs that
// report cells that never converged), two-level-lemma's N (taken as the
// default 2) and theorem-1's Fractions (a run that failed only in
// Findings). Each is an error from Run naming the field.
func TestZeroRejected(t *testing.T) {
	ctx := context.Background()
	for _, test := range []struct {
		field string
		run   func() error
	}{
		{"D", func() error { c := TwoLevelConfig{}.At(Smoke); c.D = 0; _, err := c.Run(ctx, nil); return err }},
		{"Runs", func() error { c := TwoLevelConfig{}.At(Smoke); c.Runs = 0; _, err := c.Run(ctx, nil); return err }},
		{"Budget", func() error { c := TwoLevelConfig{}.At(Smoke); c.Budget = 0; _, err := c.Run(ctx, nil); return err }},
		{"K", func() error { c := TwoLevelConfig{}.At(Smoke); c.K = 0; _, err := c.Run(ctx, nil); return err }},
		{"N", func() error { c := TwoLevelLemmaConfig{}.At(Smoke); c.N = 0; _, err := c.Run(ctx, nil); return err }},
		{"Fractions", func() error {
			c := Theorem1Config{}.At(Smoke)
			c.Fractions = nil
			_, err := c.Run(ctx, nil)
			return err
		}},
	} {
		if err := test.run(); err == nil || !namesField(err.Error(), test.field) {
			t.Errorf("%s = 0: Run gave %v, want an error naming it", test.field, err)
		}
	}
}
