// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// The tests of this file check what a researcher meets first: charts by
// name, the seed of a nil Env, the scale's one name, a run that must come
// from the cache, and protocol text that describes the config it ran.

func TestOutcomeChart(t *testing.T) {
	out := &Outcome{}
	if _, err := out.Chart("x"); err == nil || !strings.Contains(err.Error(), `no chart "x"`) {
		t.Errorf("Chart on an outcome without charts: %v, want an error naming x", err)
	}
	out.addChart("a", "A", nil)
	out.addChart("b", "B", nil)
	f, err := out.Chart("b")
	if err != nil || f.Base != "b" || f.Title != "B" {
		t.Errorf("Chart(b) = %+v, %v, want the chart b", f, err)
	}
	if _, err := out.Chart("c"); err == nil || !strings.Contains(err.Error(), "a, b") {
		t.Errorf("Chart(c): %v, want an error listing a, b", err)
	}
}

func TestScaleNames(t *testing.T) {
	for _, test := range []struct {
		name string
		want Scale
	}{{"smoke", Smoke}, {"default", Default}, {"paper", Paper}, {"full", Paper}} {
		s, err := ParseScale(test.name)
		if err != nil || s != test.want {
			t.Errorf("ParseScale(%q) = %v, %v, want %v", test.name, s, err, test.want)
		}
	}
	if Paper.String() != "paper" || Full != Paper {
		t.Errorf("Paper is %q and Full %v, want paper and Paper", Paper, Full)
	}
	if _, err := ParseScale("Paper"); err == nil {
		t.Error("ParseScale(Paper) succeeded, want an error: the names are lower case")
	}
}

// TestNilEnvSeed checks that a nil Env runs with DefaultSeed, the seed of
// the report and the notebooks, and that an Env of one's own keeps its
// seed (0 when not set), which gives other numbers.
func TestNilEnvSeed(t *testing.T) {
	c := MultiLevelConfig{M1: 2, M2: 2, D: 2, Trials: 20}.At(Default)
	run := func(env *Env) string {
		t.Helper()
		res, err := c.Run(context.Background(), env)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	nilEnv, one, zero := run(nil), run(&Env{Seed: DefaultSeed}), run(&Env{})
	if nilEnv != one {
		t.Error("a nil Env does not give the result of Env{Seed: DefaultSeed}")
	}
	if nilEnv == zero {
		t.Error("seeds 1 and 0 give the same result: the test cannot tell them apart")
	}
}

// TestCachedOnly checks that Env.CachedOnly computes nothing: a run not in
// the cache is an error wrapping ErrNotCached, and writes nothing; once
// cached, it is the same result.
func TestCachedOnly(t *testing.T) {
	c := MultiLevelConfig{M1: 2, M2: 2, D: 2, Trials: 20}.At(Default)
	ctx := context.Background()
	if _, err := c.Run(ctx, &Env{Seed: 1, CachedOnly: true}); !errors.Is(err, ErrNotCached) {
		t.Errorf("CachedOnly without a cache folder: %v, want ErrNotCached", err)
	}
	dir := t.TempDir()
	if _, err := c.Run(ctx, &Env{Seed: 1, CacheDir: dir, CachedOnly: true}); !errors.Is(err, ErrNotCached) {
		t.Errorf("CachedOnly on an empty cache: %v, want ErrNotCached", err)
	}
	want, err := c.Run(ctx, &Env{Seed: 1, CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	env := &Env{Seed: 1, CacheDir: dir, CachedOnly: true}
	got, err := c.Run(ctx, env)
	if err != nil {
		t.Fatalf("CachedOnly after the run was cached: %v", err)
	}
	if !env.Reused() {
		t.Error("CachedOnly did not report the cached run as reused")
	}
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if string(gb) != string(wb) {
		t.Error("CachedOnly gave another result than the run it cached")
	}
	if _, err := c.Run(ctx, &Env{Seed: 2, CacheDir: dir, CachedOnly: true}); !errors.Is(err, ErrNotCached) {
		t.Errorf("CachedOnly with a seed not cached: %v, want ErrNotCached", err)
	}
}

// TestTwoLevelKStepsText checks that the protocol text states the learning
// rates of the config, not the default grid's.
func TestTwoLevelKStepsText(t *testing.T) {
	if got := twoLevelKStepsText(twoLevelSteps(4)); !strings.Contains(got, "1.1·2^(-k/4), k = 4..80") {
		t.Errorf("default grid: %q, want its formula", got)
	}
	for _, test := range []struct {
		steps []float64
		want  string
	}{
		{[]float64{0.1, 0.01, 0.001}, "3 learning rates from 0.001 to 0.1"},
		{[]float64{0.05}, "1 learning rate, 0.05"},
		{twoLevelSteps(2), "39 learning rates from"},
	} {
		got := twoLevelKStepsText(test.steps)
		if !strings.Contains(got, test.want) || strings.Contains(got, "k = 4..80") {
			t.Errorf("steps %v: %q, want %q and no default formula", test.steps, got, test.want)
		}
	}
	out, err := smokeTwoLevelKOutcome()
	if err != nil {
		t.Fatal(err)
	}
	if p := strings.Join(out.Protocol, "\n"); strings.Contains(p, "k = 4..80") {
		t.Errorf("the smoke scale's protocol (another grid) states the default grid:\n%s", p)
	}
}

// smokeTwoLevelKOutcome runs two-level-k at the smoke scale, whose grid of
// learning rates is not the default.
func smokeTwoLevelKOutcome() (*Outcome, error) {
	res, err := TwoLevelKConfig{}.At(Smoke).Run(context.Background(), nil)
	if err != nil {
		return nil, err
	}
	return res.Outcome()
}

// TestMLPAccuracyCheck checks that the finding "an MLP on MNIST reaches
// 95%" is made for an MLP on MNIST only: table-1-fashion's CNN has none.
func TestMLPAccuracyCheck(t *testing.T) {
	rr := [2][]float64{{0.97, 0.96, 0.97}, {0.80, 0.81, 0.79}}
	g := [2][]float64{{0.97, 0.96, 0.97}, {0.90, 0.91, 0.905}}
	has := func(c Table1Config) (bool, bool) {
		t.Helper()
		r := fakeTable1([3][2][]float64{rr, g, g})
		r.Config.Dataset, r.Config.Model, r.Config.Train = c.Dataset, c.Model, c.Train
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range out.Checks {
			if ch.Name == "table-1-mlp-accuracy" {
				return true, ch.OK
			}
		}
		return false, false
	}
	if ok, holds := has(Table1Config{Dataset: "mnist", Model: "mlp"}); !ok || !holds {
		t.Errorf("MLP on MNIST at 96.67%%: check made %v, holds %v; want both", ok, holds)
	}
	if ok, _ := has(Table1Config{Dataset: fashionMNIST, Model: "cnn"}); ok {
		t.Error("a CNN on Fashion-MNIST has the MLP-on-MNIST check")
	}
	// The check is a finding (Findings decides, Outcome renders): an RR
	// at 90% fails it with all training images, passes it with fewer than
	// table1MLPTrain, where it does not apply: the outcome then makes no
	// check, whose "holds" would read as an accuracy met.
	low := [2][]float64{{0.90, 0.89, 0.91}, {0.80, 0.81, 0.79}}
	for _, test := range []struct {
		train int
		ok    bool
	}{{0, false}, {table1MLPTrain - 1, true}} {
		r := fakeTable1([3][2][]float64{low, g, g})
		r.Config.Dataset, r.Config.Model, r.Config.Train = "mnist", "mlp", test.train
		f, err := r.Findings()
		if err != nil {
			t.Fatal(err)
		}
		if f.MLP == nil || f.MLP.OK != test.ok {
			t.Errorf("RR at 90%%, %d training images: finding %+v, want OK %v", test.train, f.MLP, test.ok)
		}
		out, err := r.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != f.Verdict {
			t.Errorf("outcome's verdict %v, findings' %v", out.Verdict, f.Verdict)
		}
		made := false
		for _, ch := range out.Checks {
			if ch.Name == "table-1-mlp-accuracy" {
				made = true
				if ch.OK != test.ok {
					t.Errorf("RR at 90%%, %d training images: check %v, want %v", test.train, ch.OK, test.ok)
				}
			}
		}
		if applies := test.train == 0 || test.train >= table1MLPTrain; made != applies {
			t.Errorf("RR at 90%%, %d training images: check made %v, want %v", test.train, made, applies)
		}
	}
}
