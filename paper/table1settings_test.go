// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/problems/dataset"
)

// writeCIFAR10 writes a CIFAR-10 folder of random images in the binary
// format: perFile records in each training file, test in the test file.
func writeCIFAR10(t *testing.T, perFile, test int) string {
	t.Helper()
	dir := t.TempDir()
	rnd := rand.New(rand.NewPCG(1, 2))
	write := func(name string, n int) {
		rec := make([]byte, 0, n*3073)
		for i := range n {
			label := byte(i % 10)
			rec = append(rec, label)
			for range 3072 {
				// Images of one class share a brightness, so there is
				// something to learn.
				rec = append(rec, byte(int(label)*20+rnd.IntN(60)))
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), rec, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range dataset.CIFAR10Files()[:5] {
		write(f, perFile)
	}
	write(dataset.CIFAR10Files()[5], test)
	return dir
}

// TestTable1CIFAR10 runs the table-1-cifar10 claim at the smoke scale on a
// small CIFAR-10 folder the test writes: the CNN sized for 32×32×3, the
// protocol of Table 1, figures named after the claim.
func TestTable1CIFAR10(t *testing.T) {
	dir := writeCIFAR10(t, 40, 50)
	figs := t.TempDir()
	env := &Env{Seed: 1, FigDir: figs, CIFAR10: dir}
	if why := table1CIFAR10Claim.Skipped(Smoke, env); why != "" {
		t.Fatalf("skipped with a folder: %s", why)
	}
	out, err := table1CIFAR10Claim.Run(context.Background(), Smoke, env)
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != NotCheckable || !strings.Contains(out.Summary, "CIFAR-10 CNN") {
		t.Errorf("verdict %v, summary %q: want not checkable (one seed) at CIFAR-10 CNN scale", out.Verdict, out.Summary)
	}
	for _, f := range out.Figures {
		if !strings.HasPrefix(f, table1CIFAR10ID+"-") {
			t.Errorf("figure %s not named after %s", f, table1CIFAR10ID)
		}
		if _, err := os.Stat(filepath.Join(figs, f+".png")); err != nil {
			t.Error(err)
		}
	}
	c := Table1Config{Dataset: cifar10Prefix + dir}.At(Smoke)
	res, err := c.Run(context.Background(), &Env{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Train != 200 || res.Test != 50 {
		t.Errorf("%d training and %d test images, want 200 and 50", res.Train, res.Test)
	}
	if !strings.Contains(strings.Join(out.Protocol, " "), "standardised per channel") {
		t.Errorf("protocol does not state the pixel scaling: %q", out.Protocol)
	}
}

// TestTable1Skips checks when the claims that need more than the default
// scale or data of the user's are skipped, and that the reason says what to
// run instead.
func TestTable1Skips(t *testing.T) {
	if why := table1CIFAR10Claim.Skipped(Default, &Env{}); !strings.Contains(why, "-cifar10 DIR") {
		t.Errorf("table-1-cifar10 without a folder: skip reason %q", why)
	}
	_, err := dataset.FashionMNISTDir()
	for _, c := range []Claim{table1FashionClaim, orderMattersClaim} {
		why := c.Skipped(Default, nil)
		switch {
		case err != nil && !strings.Contains(why, "dataset-fashion-mnist"):
			t.Errorf("%s without Fashion-MNIST: skip reason %q", c.ID, why)
		case err == nil && !strings.Contains(why, "-scale paper"):
			t.Errorf("%s at the default scale: skip reason %q", c.ID, why)
		}
		if err == nil {
			for _, s := range []Scale{Smoke, Full} {
				if why := c.Skipped(s, nil); why != "" {
					t.Errorf("%s at the %s scale: skipped: %s", c.ID, s, why)
				}
			}
		}
	}
}

// fakeSettings returns a Table 1 result of two seeds whose greedy − RR gap
// in final accuracy is gap under both batchings, and whose greedy runs
// measured a random order's σ*² ratio times greedy's.
func fakeSettings(dataset string, gap [2]float64, ratio [2]float64) *Table1Result {
	r := &Table1Result{Config: Table1Config{Dataset: dataset, Model: "cnn", Seeds: 2, Epochs: 2, Orders: []string{"RR", "greedy"}, Batchings: table1Batchings}, Batchings: table1Batchings}
	for _, order := range r.Config.Orders {
		var cells [][]Table1Run
		for b := range table1Batchings {
			var runs []Table1Run
			for s := range 2 {
				acc := 0.5 + 0.01*float64(s)
				run := Table1Run{Order: order, TestAcc: []float64{0.1, acc, acc}, TrainLoss: []float64{2, 1, 1}}
				if order == "greedy" {
					run.TestAcc = []float64{0.1, acc + gap[b]/100, acc + gap[b]/100}
					run.SigmaGreedy = []float64{1, 2}
					run.SigmaRandom = []float64{ratio[b], 2 * ratio[b]}
				}
				runs = append(runs, run)
			}
			cells = append(cells, runs)
		}
		r.Runs = append(r.Runs, cells)
	}
	return r
}

func TestOrderMattersOutcome(t *testing.T) {
	// settings returns five settings whose ten points (setting i,
	// batching b) have the σ*² ratio 2i+b+1 and the gain gaps[2i+b].
	settings := func(gaps ...float64) []*Table1Result {
		var r []*Table1Result
		for i := 0; i < len(gaps); i += 2 {
			r = append(r, fakeSettings("mnist", [2]float64{gaps[i], gaps[i+1]}, [2]float64{float64(i + 1), float64(i + 2)}))
		}
		return r
	}
	for _, test := range []struct {
		name     string
		settings []*Table1Result
		want     Verdict
	}{
		{"ratio ranks the gaps", settings(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), GoalMet},
		{"ratio against the gaps", settings(10, 9, 8, 7, 6, 5, 4, 3, 2, 1), GoalNotMet},
		// Spearman's ρ = 1 − 6·148/990 = 0.10: positive, far from shown.
		{"ratio weakly with the gaps", settings(3, 9, 1, 7, 5, 10, 2, 8, 4, 6), Inconclusive},
		{"too few settings", settings(1, 2, 3, 4), NotCheckable},
	} {
		r := &OrderMattersResult{Settings: test.settings}
		out, err := r.Outcome()
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		if out.Verdict != test.want {
			t.Errorf("%s: verdict %v, want %v (%s)", test.name, out.Verdict, test.want, out.Summary)
		}
		if want := 2 * len(test.settings); len(out.Rows) != want || len(out.Charts) != 2 {
			t.Errorf("%s: %d rows and %d charts, want %d and 2", test.name, len(out.Rows), len(out.Charts), want)
		}
	}
	// The findings are data: ρ of a perfect ranking is 1.
	if f, err := (&OrderMattersResult{Settings: settings(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)}).Findings(); err != nil || f.Rho != 1 || len(f.Points) != 10 || math.Abs(f.Points[9].Ratio-10) > 1e-9 || f.Verdict != GoalMet {
		t.Errorf("findings of a perfect ranking: %+v, %v", f, err)
	}
	// Under the null the permutation p-value is about uniform: a perfect
	// rank agreement of ten points has p near 1/10! (one in 3.6 million),
	// so at most 1/(1+perms) here.
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	if p := permutationP(x, x, orderMattersPerms, 1); p > 2.0/(1+orderMattersPerms) {
		t.Errorf("perfect agreement: p = %v", p)
	}
	if _, err := (*OrderMattersResult)(nil).Outcome(); err == nil {
		t.Error("nil result: no error")
	}
	if _, err := (&OrderMattersResult{}).Outcome(); err == nil {
		t.Error("empty result: no error")
	}
}

func TestSpearman(t *testing.T) {
	for _, test := range []struct {
		x, y []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{[]float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 0.8},
		{[]float64{1, 1, 2}, []float64{1, 2, 3}, math.Sqrt(3) / 2},
	} {
		if got := spearman(test.x, test.y); math.Abs(got-test.want) > 1e-12 {
			t.Errorf("spearman(%v, %v) = %v, want %v", test.x, test.y, got, test.want)
		}
	}
	if got := spearman([]float64{1, 1}, []float64{1, 2}); !math.IsNaN(got) {
		t.Errorf("constant x: %v, want NaN", got)
	}
}

// TestTable1CIFAR10Contents checks that CIFAR-10 runs are keyed on the
// contents of the files, not on the folder's path: the same folder with
// more records, or with other bytes of the same size, recomputes every run;
// a copy of the folder elsewhere reuses them. And that the protocol says
// when the folder holds fewer images than it asks for.
func TestTable1CIFAR10Contents(t *testing.T) {
	cache := t.TempDir()
	run := func(dir string) (*Table1Result, *Outcome, *Env) {
		t.Helper()
		env := &Env{Seed: 1, CacheDir: cache}
		res, err := Table1Config{Dataset: cifar10Prefix + dir}.At(Smoke).Run(context.Background(), env)
		if err != nil {
			t.Fatal(err)
		}
		out, err := res.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		return res, out, env
	}
	dir := writeCIFAR10(t, 3, 5)
	res, out, env := run(dir)
	runs := len(res.Config.Orders) * len(res.Batchings) * res.Config.Seeds
	protocol := strings.Join(out.Protocol, " ")
	if res.Train != 15 || res.Test != 5 || env.reused.Load() != 0 ||
		!strings.Contains(protocol, "15 training images (all: the data holds fewer than the 500 the protocol asks for)") ||
		!strings.Contains(protocol, "5 test images (all: the data holds fewer than the 200 the protocol asks for)") {
		t.Fatalf("3 records a file: %d training and %d test images, %d runs reused, protocol %q", res.Train, res.Test, env.reused.Load(), protocol)
	}

	// The same folder, 20 records a file: every run is recomputed.
	bigger := writeCIFAR10(t, 20, 5)
	for _, f := range dataset.CIFAR10Files() {
		b, err := os.ReadFile(filepath.Join(bigger, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, _, env = run(dir)
	if res.Train != 100 || env.reused.Load() != 0 {
		t.Errorf("20 records a file: %d training images, %d of %d runs reused, want 100 and 0", res.Train, env.reused.Load(), runs)
	}

	// Other bytes of the same size: recomputed.
	first := filepath.Join(dir, dataset.CIFAR10Files()[0])
	b, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	b[1] ^= 0xff
	if err := os.WriteFile(first, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, env = run(dir); env.reused.Load() != 0 {
		t.Errorf("other bytes: %d of %d runs reused, want 0", env.reused.Load(), runs)
	}

	// A copy elsewhere: every run reused.
	if _, _, env = run(copyDir(t, dir)); env.reused.Load() != int64(runs) {
		t.Errorf("a copy of the folder: %d of %d runs reused, want all", env.reused.Load(), runs)
	}
}
