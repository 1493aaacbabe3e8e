// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/goodorder/goodorder/paper/chart"
)

// outcomeWithCharts returns an outcome with two charts, "a" and "b".
func outcomeWithCharts() *Outcome {
	x := []float64{1, 2, 3}
	o := &Outcome{Verdict: Reproduced, Summary: "probe"}
	for _, base := range []string{"a", "b"} {
		o.addChart(base, base, &chart.LineChart{Title: base, XLabel: "x", YLabel: "y", Series: []chart.Series{{Name: "s", X: x, Y: []float64{3, 2, 1}}}})
	}
	return o
}

// folderFiles returns the names of the files under dir, its subfolders'
// as "sub/name", sorted.
func folderFiles(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	return names
}

// TestClaimOutputsCancelled checks that a claim's charts are written
// together once it has finished, or not at all: a claim whose context is
// cancelled as its runs finish (an interrupt a moment before the charts
// are written) writes no chart and returns the context's error, where it
// used to write its charts while the reproduce command said that the
// figures were not changed; a claim that finishes writes all of them.
func TestClaimOutputsCancelled(t *testing.T) {
	for _, cancelAtEnd := range []bool{true, false} {
		figs := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		run := claimRun(func(Scale) struct{} { return struct{}{} },
			func(struct{}, context.Context, *Env) (int, error) {
				if cancelAtEnd {
					cancel()
				}
				return 1, nil
			},
			func(int) (*Outcome, error) { return outcomeWithCharts(), nil })
		out, err := run(ctx, Smoke, &Env{FigDir: figs})
		cancel()
		got := folderFiles(t, figs)
		if cancelAtEnd {
			if !errors.Is(err, context.Canceled) || len(got) > 0 {
				t.Errorf("cancelled: error %v, files %q; want context.Canceled and no file", err, got)
			}
			continue
		}
		want := []string{"a.csv", "a.html", "a.png", "a.svg", "b.csv", "b.html", "b.png", "b.svg"}
		if err != nil || !slices.Equal(got, want) || !slices.Equal(out.Figures, []string{"a", "b"}) {
			t.Errorf("finished: error %v, files %q, figures %q; want %q", err, got, out.Figures, want)
		}
	}
}

// TestSaveResultTogether checks that SaveResult writes a claim's charts
// and its result together, or, with a context cancelled first, none of
// them, leaving the earlier files as they were and no temporary file; and
// that a claim run with Env.FigDir "" writes no chart and leaves them to
// SaveResult.
func TestSaveResultTogether(t *testing.T) {
	figs := t.TempDir()
	// A claim run without a figure folder: nothing is written, the
	// figures are named.
	out, err := claimRun(func(Scale) struct{} { return struct{}{} },
		func(struct{}, context.Context, *Env) (int, error) { return 1, nil },
		func(int) (*Outcome, error) { return outcomeWithCharts(), nil })(context.Background(), Smoke, &Env{})
	if err != nil || !slices.Equal(out.Figures, []string{"a", "b"}) {
		t.Fatalf("run without FigDir: %v, figures %q", err, out.Figures)
	}
	if got := folderFiles(t, figs); len(got) > 0 {
		t.Fatalf("run without FigDir wrote %q", got)
	}
	old := []byte("old chart")
	if err := os.WriteFile(filepath.Join(figs, "a.png"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Result{ID: "probe", Scale: "smoke", Seed: 1, Outcome: out}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := SaveResult(ctx, figs, r); !errors.Is(err, context.Canceled) {
		t.Errorf("SaveResult with a cancelled context: %v, want context.Canceled", err)
	}
	if got := folderFiles(t, figs); !slices.Equal(got, []string{"a.png"}) {
		t.Errorf("SaveResult with a cancelled context left %q, want the old a.png alone", got)
	}
	if b, _ := os.ReadFile(filepath.Join(figs, "a.png")); string(b) != string(old) {
		t.Errorf("SaveResult with a cancelled context changed a.png")
	}
	if err := SaveResult(context.Background(), figs, r); err != nil {
		t.Fatal(err)
	}
	want := []string{"a.csv", "a.html", "a.png", "a.svg", "b.csv", "b.html", "b.png", "b.svg", "results/probe.json"}
	if got := folderFiles(t, figs); !slices.Equal(got, want) {
		t.Errorf("SaveResult wrote %q, want %q", got, want)
	}
	if saved, err := LoadResult(figs, "probe"); err != nil || saved == nil || !slices.Equal(saved.Outcome.Figures, []string{"a", "b"}) {
		t.Errorf("saved result %+v, %v; want figures a and b", saved, err)
	}
}
