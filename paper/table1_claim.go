// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
)

// table1Claim is registered with the claims of Section 6 (see
// twolevel_claim.go), after the theory and before the two-level figure.
var table1Claim = Claim{
	ID:    "table-1",
	Where: "Section 6.1, Table 1 and the test-accuracy figure of the appendix",
	Statement: "ResNet-18 without batch norm on CIFAR-10, 200 epochs, 3 seeds: with same-class batching the greedy order " +
		"of Algorithm 2 beats random reshuffling by about 15 points of test accuracy (88.43 against 73.46), " +
		"the slow update (every 10 epochs) in between (83.62); with standard batching greedy and RR are equal (92.67 and 92.72).",
	Run: runTable1Claim,
}

// table1Paper are Table 1's numbers as printed: [order][column] with the
// columns headed "Same-Class" and "Standard", mean and standard error.
// The text says greedy matches RR with standard batching and wins with
// same-class batching, which fits the columns the other way round.
var table1Paper = [3][2][2]float64{
	{{92.72, 0.16}, {73.46, 0.34}}, // RR
	{{92.67, 0.54}, {88.43, 0.07}}, // greedy
	{{89.51, 0.72}, {83.62, 0.52}}, // slow update
}

// table1PaperText returns the paper's number for order o under batching b
// (index into Table1Batchings) in the reading that agrees with its text:
// the printed "Standard" column is same-class batching and vice versa.
func table1PaperText(o, b int) string {
	col := 0 // printed "Same-Class": standard batching by the text
	if Table1Batchings[b] == "same-class" {
		col = 1
	}
	v := table1Paper[o][col]
	return fmt.Sprintf("%.2f (%.2f)", v[0], v[1])
}

// Table1Cell is the summary of one cell of Table 1.
type Table1Cell struct {
	// Mean and SE are the mean and the standard error of the final test
	// accuracy over the seeds, in percent.
	Mean, SE float64
	// Seconds is the mean wall time of a run.
	Seconds float64
}

// Cell returns the summary of order o and batching b.
func (r *Table1Result) Cell(o, b int) Table1Cell {
	runs := r.Runs[o][b]
	var c Table1Cell
	final := make([]float64, len(runs))
	for s, run := range runs {
		final[s] = 100 * run.TestAcc[len(run.TestAcc)-1]
		c.Seconds += run.Seconds / float64(len(runs))
	}
	c.Mean, c.SE = meanSE(final)
	return c
}

// PairedGap returns the mean and standard error of the paired difference
// of final test accuracy (percent) between order o and RR under batching
// b, run by run (the runs of one seed share their initialisation).
func (r *Table1Result) PairedGap(o, b int) (mean, se float64) {
	return r.pairedGapAt(o, b, func(acc []float64) float64 { return acc[len(acc)-1] })
}

// meanAcc is the mean test accuracy over epochs 1..T, the area under the
// accuracy curve.
func meanAcc(acc []float64) float64 {
	var s float64
	for _, v := range acc[1:] {
		s += v
	}
	return s / float64(len(acc)-1)
}

// pairedGapAt is PairedGap for a summary of the accuracy curve.
func (r *Table1Result) pairedGapAt(o, b int, of func(acc []float64) float64) (mean, se float64) {
	rr, other := r.Runs[0][b], r.Runs[o][b]
	d := make([]float64, len(rr))
	for s := range rr {
		d[s] = 100 * (of(other[s].TestAcc) - of(rr[s].TestAcc))
	}
	return meanSE(d)
}

// meanSE returns the mean of v and its standard error (0 for one value).
func meanSE(v []float64) (mean, se float64) {
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	if len(v) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(v)-1) / float64(len(v)))
}

// table1Tie is the largest gap, in points of accuracy, that counts as a
// tie whatever its standard error.
const table1Tie = 0.5

// Table1Verdict judges the claim: greedy beats RR under same-class
// batching if the paired gap exceeds twice its standard error and
// table1Tie; the two tie under standard batching if the gap is within
// table1Tie or within twice its standard error.
func Table1Verdict(r *Table1Result) (Verdict, string) {
	same, std := -1, -1
	for b, name := range Table1Batchings {
		switch name {
		case "same-class":
			same = b
		case "standard":
			std = b
		}
	}
	gs, ses := r.PairedGap(1, same)
	gt, set := r.PairedGap(1, std)
	wins := gs > table1Tie && gs > 2*ses
	ties := math.Abs(gt) <= table1Tie || math.Abs(gt) <= 2*set
	rrS, grS := r.Cell(0, same), r.Cell(1, same)
	rrT, grT := r.Cell(0, std), r.Cell(1, std)
	ms, mse := r.pairedGapAt(1, same, meanAcc)
	summary := fmt.Sprintf("final test accuracy, same-class batching: greedy %.2f%% vs RR %.2f%% (gap %+.2f ± %.2f points, paper +15); standard batching: greedy %.2f%% vs RR %.2f%% (gap %+.2f ± %.2f, paper -0.05); mean accuracy over the epochs, same-class: %+.2f ± %.2f",
		grS.Mean, rrS.Mean, gs, ses, grT.Mean, rrT.Mean, gt, set, ms, mse)
	if r.Config.Seeds < 2 {
		return NotCheckable, summary + "; one seed gives no standard error"
	}
	return verdictOf(wins && ties), summary
}

// Table1Outcome checks the runs of RunTable1 against Table 1 and builds
// the accuracy and loss charts.
func Table1Outcome(r *Table1Result) (*Outcome, error) {
	c := r.Config
	var out Outcome
	out.Verdict, out.Summary = Table1Verdict(r)
	epochs := ints(seq(c.Epochs + 1))
	loss := &chart.LineChart{
		Title:  fmt.Sprintf("Training loss, %s %s, mean of %d runs", c.Dataset, table1Model(c), c.Seeds),
		XLabel: "epoch", YLabel: "mean training loss", LogY: true,
	}
	for b, batching := range Table1Batchings {
		acc := &chart.LineChart{
			Title:  fmt.Sprintf("Test accuracy with %s batching, %s %s (mean of %d runs, band: min to max)", batching, c.Dataset, table1Model(c), c.Seeds),
			XLabel: "epoch", YLabel: "test accuracy (%)",
		}
		for o, order := range Table1Orders {
			mean, lo, hi := table1Curve(r.Runs[o][b], func(run Table1Run) []float64 { return run.TestAcc }, 100)
			acc.Series = append(acc.Series, chart.Series{Name: order, X: epochs, Y: mean, Lo: lo, Hi: hi})
			lm, _, _ := table1Curve(r.Runs[o][b], func(run Table1Run) []float64 { return run.TrainLoss }, 1)
			loss.Series = append(loss.Series, chart.Series{Name: order + ", " + batching, X: epochs, Y: lm, Dashed: batching == "standard"})

			cell := r.Cell(o, b)
			ours := fmt.Sprintf("%.2f (%.2f)", cell.Mean, cell.SE)
			if o > 0 {
				g, se := r.PairedGap(o, b)
				ours += fmt.Sprintf("; vs RR %+.2f ± %.2f", g, se)
			}
			out.Rows = append(out.Rows, Row{
				Quantity: fmt.Sprintf("%s, %s batching: final test accuracy %%", order, batching),
				Paper:    table1PaperText(o, b),
				Ours:     ours,
			})
		}
		out.addChart("table-1-accuracy-"+batching, "Test accuracy, "+batching+" batching", acc)
	}
	out.addChart("table-1-loss", "Training loss", loss)
	// How fast, not only where: the paired gap after the first epoch and
	// in the mean accuracy over all epochs (the area under the curve).
	for b, batching := range Table1Batchings {
		for o := 1; o < len(Table1Orders); o++ {
			g1, se1 := r.pairedGapAt(o, b, func(acc []float64) float64 { return acc[1] })
			ga, sea := r.pairedGapAt(o, b, meanAcc)
			out.Rows = append(out.Rows, Row{
				Quantity: fmt.Sprintf("%s vs RR, %s batching: accuracy gap after epoch 1; in the mean accuracy over epochs 1..%d", Table1Orders[o], batching, c.Epochs),
				Paper:    "(not reported)",
				Ours:     fmt.Sprintf("%+.2f ± %.2f points; %+.2f ± %.2f points", g1, se1, ga, sea),
			})
		}
	}

	var b strings.Builder
	b.WriteString("| | " + strings.Join(Table1Batchings, " | ") + " |\n|---|---|---|\n")
	for o, order := range Table1Orders {
		b.WriteString("| " + order)
		for bi := range Table1Batchings {
			cell := r.Cell(o, bi)
			fmt.Fprintf(&b, " | %.2f (%.2f), %.0f s/run", cell.Mean, cell.SE, cell.Seconds)
		}
		b.WriteString(" |\n")
	}
	b.WriteString("\nOur Table 1: final test accuracy in percent, mean (standard error) over the seeds, and the mean wall time of a run.\n\n")
	b.WriteString("The paper's table heads its columns \"Same-Class\" and \"Standard\", but its text says greedy matches RR with standard batching and wins with same-class batching, which fits the columns the other way round; the Paper column above uses the text's reading. ")
	same := slices.Index(Table1Batchings, "same-class")
	std := slices.Index(Table1Batchings, "standard")
	gs, _ := r.PairedGap(1, same)
	gt, _ := r.PairedGap(1, std)
	// The reading: under which batching does the order matter more, at
	// the end and over the whole run?
	as, ass := r.pairedGapAt(1, same, meanAcc)
	at, ast := r.pairedGapAt(1, std, meanAcc)
	switch {
	case gs > table1Tie && math.Abs(gt) < gs:
		b.WriteString("Our final accuracies support the text's reading: the order matters more under same-class batching. ")
	case gt > table1Tie && math.Abs(gs) < gt:
		b.WriteString("Our final accuracies support the printed headers: the order matters more under standard batching. ")
	default:
		b.WriteString("Our final accuracies support neither reading: greedy does not clearly beat RR under either batching. ")
	}
	fmt.Fprintf(&b, "Over the whole run (the mean test accuracy over the epochs, paired by seed) greedy gains %+.2f ± %.2f points on RR under same-class batching and %+.2f ± %.2f under standard batching", as, ass, at, ast)
	if as > 2*ass && as > at {
		b.WriteString(", so during training the order matters more under same-class batching, the text's reading.\n")
	} else {
		b.WriteString(".\n")
	}
	out.Details = b.String()

	ms := c.milestones()
	out.Protocol = []string{
		fmt.Sprintf("Scaled down: %s on %s (%d parameters, no batch norm) instead of ResNet-18 on CIFAR-10; %d training images%s and %d test images; %d epochs instead of 200; %d seeds.",
			table1Model(c), c.Dataset, r.Params, r.Train, table1Subset(c.Train), r.Test, c.Epochs, c.Seeds),
		fmt.Sprintf("SGD with momentum %g (PyTorch's convention), weight decay %g, batch size %d; learning rate %g (standard) and %g (same-class), multiplied by %g after epochs %v (the paper's 80/120/160 of 200, scaled).",
			c.Momentum, c.WeightDecay, c.BatchSize, c.LRStandard, c.LRSameClass, c.Decay, ms),
		fmt.Sprintf("Same-class batching: each class's examples shuffled once and cut into batches of %d (the last of a class smaller), %d batches fixed for the run; RR and greedy order these batches.", c.BatchSize, r.Batches),
		"Standard batching: RR takes consecutive examples of a fresh random permutation every epoch (the paper's definition). Greedy needs batches that persist to be ordered, so under standard batching it orders batches cut once from one random permutation (the paper does not say what it did).",
		fmt.Sprintf("Greedy: Algorithm 2 on the batch gradients at x_t, an extra pass over the data each epoch; slow update: recomputed every %d epochs (the paper: 10 of 200).", c.SlowEvery),
		"Run s of every cell starts from the same initialisation, so gaps are paired differences; the verdict asks for a same-class gap above 0.5 points and twice its standard error, and a standard-batching gap within 0.5 points or twice its standard error.",
		"Test accuracy on the test images and the mean training loss over the training images are measured after every epoch.",
	}
	return &out, nil
}

func table1Model(c Table1Config) string {
	if c.Model == "mlp" {
		return fmt.Sprintf("MLP 784-%d-10", c.Hidden)
	}
	return "CNN"
}

func table1Subset(n int) string {
	if n == 0 {
		return " (all)"
	}
	return " (a random subset drawn with the base seed, the same for every run)"
}

// table1Curve returns the mean, least and largest of a per-epoch quantity
// over runs, scaled by scale.
func table1Curve(runs []Table1Run, get func(Table1Run) []float64, scale float64) (mean, lo, hi []float64) {
	n := len(get(runs[0]))
	mean, lo, hi = make([]float64, n), make([]float64, n), make([]float64, n)
	for t := range n {
		lo[t], hi[t] = math.Inf(1), math.Inf(-1)
		for _, run := range runs {
			v := scale * get(run)[t]
			mean[t] += v / float64(len(runs))
			lo[t], hi[t] = math.Min(lo[t], v), math.Max(hi[t], v)
		}
	}
	return mean, lo, hi
}

func runTable1Claim(ctx context.Context, env *Env) (*Outcome, error) {
	res, err := runTable1(ctx, env, Table1Scale(env.Scale))
	if err != nil {
		return nil, err
	}
	return writeOutcome(env)(Table1Outcome(res))
}
