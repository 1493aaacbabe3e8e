// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// tinyTable1 is a protocol of a few seconds on MNIST.
var tinyTable1 = Table1Config{Hidden: 8, Train: 400, Test: 200, Epochs: 2, Seeds: 2, BatchSize: 32}

func TestRunTable1Deterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("trains 12 small networks twice")
	}
	a, err := RunTable1(context.Background(), tinyTable1, 3, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := RunTable1(context.Background(), tinyTable1, 3, t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for o := range Table1Orders {
		for bi := range Table1Batchings {
			for s := range a.Runs[o][bi] {
				ra, rb := a.Runs[o][bi][s], b.Runs[o][bi][s]
				if !slices.Equal(ra.TestAcc, rb.TestAcc) || !slices.Equal(ra.TrainLoss, rb.TrainLoss) {
					t.Errorf("%s, %s, run %d: not bit-identical with the same seed", Table1Orders[o], Table1Batchings[bi], s)
				}
				if len(ra.TestAcc) != tinyTable1.Epochs+1 {
					t.Errorf("%d accuracies, want %d", len(ra.TestAcc), tinyTable1.Epochs+1)
				}
			}
		}
	}
	// The runs of one seed start from the same initialisation.
	if a.Runs[0][0][0].TestAcc[0] != a.Runs[1][1][0].TestAcc[0] {
		t.Error("runs of the same seed start from different points")
	}
	if a.Runs[0][0][0].TestAcc[0] == a.Runs[0][0][1].TestAcc[0] {
		t.Error("runs of different seeds start from the same point")
	}
	if a.Train != 400 || a.Test != 200 || a.Params != 784*8+8+8*10+10 {
		t.Errorf("Train, Test, Params = %d, %d, %d", a.Train, a.Test, a.Params)
	}
	out, err := Table1Outcome(a)
	if err != nil {
		t.Fatal(err)
	}
	// A row per cell, and one per order other than RR and batching for
	// the early gaps.
	if want := (2*len(Table1Orders) - 1) * len(Table1Batchings); len(out.Charts) != 3 || len(out.Rows) != want {
		t.Errorf("%d charts and %d rows, want 3 and %d", len(out.Charts), len(out.Rows), want)
	}
}

func TestTable1ConfigErrors(t *testing.T) {
	for _, edit := range []func(*Table1Config){
		func(c *Table1Config) { c.Model = "resnet" },
		func(c *Table1Config) { c.Epochs = -1 },
		func(c *Table1Config) { c.Train = -5 },
		func(c *Table1Config) { c.Momentum = 1 },
		func(c *Table1Config) { c.Milestones = []float64{1.5} },
		func(c *Table1Config) { c.LRStandard = -0.1 },
		func(c *Table1Config) { c.Dataset = "imagenet" },
	} {
		c := tinyTable1
		edit(&c)
		if _, err := RunTable1(context.Background(), c, 1, "", nil); err == nil {
			t.Errorf("config %+v: no error", c)
		}
	}
}

// fakeTable1 returns a result whose final accuracies are given per order
// and batching, one value per seed.
func fakeTable1(final [3][2][]float64) *Table1Result {
	r := &Table1Result{Config: Table1Config{Seeds: len(final[0][0]), Epochs: 1}}
	for o := range Table1Orders {
		r.Runs = append(r.Runs, make([][]Table1Run, len(Table1Batchings)))
		for b := range Table1Batchings {
			for _, v := range final[o][b] {
				r.Runs[o][b] = append(r.Runs[o][b], Table1Run{TestAcc: []float64{0.1, v}, TrainLoss: []float64{2, 1}})
			}
		}
	}
	return r
}

func TestTable1Verdict(t *testing.T) {
	// Table1Batchings is {standard, same-class}.
	for _, test := range []struct {
		name  string
		final [3][2][]float64
		want  Verdict
	}{
		{"the paper's claim", [3][2][]float64{
			{{0.97, 0.96, 0.97}, {0.80, 0.81, 0.79}},
			{{0.97, 0.965, 0.968}, {0.90, 0.91, 0.905}},
			{{0.96, 0.96, 0.96}, {0.85, 0.86, 0.85}},
		}, Reproduced},
		{"no gain under same-class batching", [3][2][]float64{
			{{0.97, 0.96, 0.97}, {0.80, 0.81, 0.79}},
			{{0.97, 0.965, 0.968}, {0.80, 0.80, 0.80}},
			{{0.96, 0.96, 0.96}, {0.85, 0.86, 0.85}},
		}, NotReproduced},
		{"greedy loses under standard batching", [3][2][]float64{
			{{0.97, 0.96, 0.97}, {0.80, 0.81, 0.79}},
			{{0.90, 0.90, 0.90}, {0.90, 0.91, 0.905}},
			{{0.96, 0.96, 0.96}, {0.85, 0.86, 0.85}},
		}, NotReproduced},
		{"one seed", [3][2][]float64{{{0.9}, {0.8}}, {{0.9}, {0.9}}, {{0.9}, {0.85}}}, NotCheckable},
	} {
		v, summary := Table1Verdict(fakeTable1(test.final))
		if v != test.want {
			t.Errorf("%s: verdict %v, want %v (%s)", test.name, v, test.want, summary)
		}
		if !strings.Contains(summary, "same-class batching: greedy") {
			t.Errorf("%s: summary %q", test.name, summary)
		}
	}
}
