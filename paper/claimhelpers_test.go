// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// This file holds the helpers the claims' tests share.

// claimSmoke runs a registered claim at the smoke scale with seed 1 into a
// temporary folder, checks that its outcome is complete and its figure
// files are written, and returns it.
func claimSmoke(t *testing.T, id string) *Outcome {
	t.Helper()
	c, ok := Lookup(id)
	if !ok {
		t.Fatalf("claim %s not registered", id)
	}
	dir := t.TempDir()
	out, err := c.Run(context.Background(), Smoke, &Env{Seed: 1, FigDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if out.Summary == "" || len(out.Rows) == 0 || len(out.Protocol) == 0 || len(out.Figures) == 0 {
		t.Fatalf("incomplete outcome: %+v", out)
	}
	for _, f := range out.Figures {
		for _, ext := range []string{".png", ".svg", ".html", ".csv"} {
			if st, err := os.Stat(filepath.Join(dir, f+ext)); err != nil || st.Size() == 0 {
				t.Errorf("figure file %s%s: %v", f, ext, err)
			}
		}
	}
	return out
}

// claimSmokeHolds runs a registered claim as claimSmoke does, checks that
// each of the named checks holds and, unless verdicts is empty, that the
// verdict is one of verdicts, and returns the outcome.
func claimSmokeHolds(t *testing.T, id string, verdicts []Verdict, checks ...string) *Outcome {
	t.Helper()
	out := claimSmoke(t, id)
	for _, name := range checks {
		checkOK(t, out, name)
	}
	if len(verdicts) != 0 && !slices.Contains(verdicts, out.Verdict) {
		t.Errorf("verdict %v: %s", out.Verdict, out.Summary)
	}
	return out
}

// checkOK fails the test if out has no check of that name or it does not
// hold.
func checkOK(t *testing.T, out *Outcome, name string) {
	t.Helper()
	for _, c := range out.Checks {
		if c.Name == name {
			if !c.OK {
				t.Errorf("%s: %s", name, c.Detail)
			}
			return
		}
	}
	t.Errorf("no check %s", name)
}

// rejectsMalformed checks that outcome accepts good and returns an error,
// not a panic, for good nil and for each of the mutations applied to a
// copy of good (made through JSON, the way a result comes back from the
// cache or the figure folder).
func rejectsMalformed[R any](t *testing.T, good *R, outcome func(*R) (*Outcome, error), mutations map[string]func(r *R)) {
	t.Helper()
	if _, err := outcome(good); err != nil {
		t.Fatalf("well-formed result: %v", err)
	}
	if out, err := outcome(nil); err == nil || out != nil {
		t.Errorf("nil: got %v, %v; want an error", out, err)
	}
	for name, f := range mutations {
		r := cloneJSON(t, good)
		f(r)
		if out, err := outcome(r); err == nil || out != nil {
			t.Errorf("%s: got %v, %v; want an error", name, out, err)
		}
	}
}

// cloneJSON returns a deep copy of v made through JSON, the way a result
// comes back from the cache or the figure folder.
func cloneJSON[R any](t *testing.T, v *R) *R {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var r R
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// TestAt checks that a config's At keeps the fields set in the literal,
// sets the zero ones to the protocol at the scale, and that Table 1's
// follows the data set.
func TestAt(t *testing.T) {
	c := Theorem1Config{Runs: 5}.At(Full)
	if c.Runs != 5 || c.N != 64 || c.L != 1 {
		t.Errorf("Theorem1Config{Runs: 5}.At(Full): runs %d, n %d, L %v; want 5, 64 (paper scale), 1 (default)", c.Runs, c.N, c.L)
	}
	if got, want := (Theorem1Config{}).At(Default), func() Theorem1Config { var d Theorem1Config; d.fill(); return d }(); !reflect.DeepEqual(got, want) {
		t.Errorf("At(Default) = %+v, want the defaults %+v", got, want)
	}
	for _, test := range []struct {
		dataset string
		s       Scale
		model   string
		epochs  int
	}{
		{"", Smoke, "mlp", 3},
		{"", Default, "mlp", 10},
		{fashionMNIST, Smoke, "cnn", 2},
		{fashionMNIST, Default, "cnn", 15},
		{cifar10Prefix + "/data/cifar", Full, "cnn", 15},
	} {
		c := Table1Config{Dataset: test.dataset}.At(test.s)
		if c.Model != test.model || c.Epochs != test.epochs {
			t.Errorf("Table1Config{Dataset: %q}.At(%v): model %s, %d epochs; want %s, %d", test.dataset, test.s, c.Model, c.Epochs, test.model, test.epochs)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := (Table1Config{Dataset: cifar10Prefix + "cifar"}).At(Smoke).Dataset, cifar10Prefix+filepath.Join(wd, "cifar"); got != want {
		t.Errorf("relative CIFAR-10 folder: dataset %q, want %q (absolute, as the cache key needs)", got, want)
	}
}

// TestCheckInts checks the validate methods' check of a list of sizes: nil
// within the range, else an error naming the claim, the field and the
// first value outside it.
func TestCheckInts(t *testing.T) {
	for _, test := range []struct {
		vs     []int
		lo, hi int
		want   string
	}{
		{nil, 1, 4, ""},
		{[]int{2, 3}, 2, math.MaxInt, ""},
		{[]int{2, 1, 0}, 2, math.MaxInt, "paper: x with n = 1, want >= 2"},
		{[]int{1, 4, 5}, 1, 4, "paper: x with n = 5, want in [1, 4]"},
	} {
		err := checkInts("x", "n", test.vs, test.lo, test.hi)
		if got := fmt.Sprint(err); (err == nil) != (test.want == "") || err != nil && got != test.want {
			t.Errorf("checkInts(%v, %d, %d) = %v, want %q", test.vs, test.lo, test.hi, err, test.want)
		}
	}
}
