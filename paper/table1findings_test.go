// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import "testing"

// fakeTable1Seeds returns a Table 1 result of five seeds whose final test
// accuracies, in points, are base plus the given offsets with a seed
// noise of ±noise: rrS for RR under same-class batching, grS and grT for
// greedy under same-class and standard batching; RR standard is base.
func fakeTable1Seeds(base, rrS, grS, grT, noise float64) *Table1Result {
	jitter := []float64{-1, 0.5, 0, 1, -0.5}
	r := &Table1Result{Config: Table1Config{Seeds: len(jitter), Epochs: 1, Orders: []string{"RR", "greedy"}, Batchings: table1Batchings}, Batchings: table1Batchings}
	off := map[string][2]float64{"RR": {0, rrS}, "greedy": {grT, grS}}
	for _, order := range r.Config.Orders {
		var cells [][]Table1Run
		for b := range table1Batchings {
			var runs []Table1Run
			for s, j := range jitter {
				// Greedy's noise is another draw than RR's: its sign
				// alternates with the seed.
				if order == "greedy" && s%2 == 1 {
					j = -j
				}
				acc := (base + off[order][b] + noise*j) / 100
				runs = append(runs, Table1Run{Order: order, Batching: table1Batchings[b], TestAcc: []float64{0.1, acc}, TrainLoss: []float64{2, 1}})
			}
			cells = append(cells, runs)
		}
		r.Runs = append(r.Runs, cells)
	}
	return r
}

// TestTable1Judge checks each verdict of the Table 1 rule on a result
// made to give it, so that every branch of the rule is shown to be
// reachable: the rule can fail.
func TestTable1Judge(t *testing.T) {
	for _, test := range []struct {
		name                 string
		rrS, grS, grT, noise float64
		want                 Verdict
	}{
		{"paper's regime", -19, -4, 0, 0.1, Reproduced},
		{"small recovery", -19, -15, 0, 0.1, PartlyReproduced},
		{"no gain, no tie", -19, -19, 3, 0.1, NotReproduced},
		{"gain, standard loss", -19, -4, -3, 0.1, PartlyReproduced},
		{"no loss to recover", 0, 2, 0, 0.1, NotTested},
		{"noisy", -19, -15, 0, 6, Inconclusive},
		{"loss unsettled", -1.2, 0, 0, 1, Inconclusive},
	} {
		f := table1Judge(fakeTable1Seeds(90, test.rrS, test.grS, test.grT, test.noise), nil)
		if f.Verdict != test.want {
			t.Errorf("%s: verdict %v, want %v (%s)", test.name, f.Verdict, test.want, f.text())
		}
	}
}

// TestTable1JudgeMonotone checks that a larger same-class gain never
// gives a weaker verdict: the ranking cannot make a stronger result score
// worse.
func TestTable1JudgeMonotone(t *testing.T) {
	rank := map[Verdict]int{NotReproduced: 0, Inconclusive: 1, PartlyReproduced: 2, Reproduced: 3}
	for _, noise := range []float64{0.1, 1, 3} {
		prev := -1
		for gain := -5.0; gain <= 20; gain += 0.25 {
			f := table1Judge(fakeTable1Seeds(90, -19, -19+gain, 0, noise), nil)
			r, ok := rank[f.Verdict]
			if !ok {
				t.Fatalf("noise %g, gain %g: verdict %v outside the ranking", noise, gain, f.Verdict)
			}
			if r < prev {
				t.Errorf("noise %g: gain %g gives %v, weaker than a smaller gain's", noise, gain, f.Verdict)
			}
			prev = r
		}
	}
}
