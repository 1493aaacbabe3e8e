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

// The two experiments beyond the paper answer its Section 7 ("Future
// Work"), registered after the paper's claims.
var (
	scalableClaim = Claim{
		ID:    "scalable-orderings",
		Where: "Beyond the paper: Section 7 (Future Work)",
		Statement: "\"Running this algorithm at every epoch is costly ... Finding efficient algorithms for finding good orders " +
			"obtaining the same accuracy is therefore grounds for future work.\" We check whether the sketched greedy order " +
			"(CountSketch to k = 1024) reaches the σ*² of Algorithm 2 within 10% on the MNIST MLP's batch gradients at least 20 times faster, " +
			"and how online balancing (GraB) and random orders compare.",
		Run: runScalableClaim,
	}
	scalableTrainingClaim = Claim{
		ID:    "scalable-training",
		Where: "Beyond the paper: Section 7 and the setting of Table 1",
		Statement: "Training with an efficient order should obtain the accuracy of Algorithm 2's (the paper's future work): " +
			"the setting of Table 1 (MNIST MLP) with RR, greedy, sketched greedy, stale greedy, mean balance and pair balance.",
		Run: runScalableTrainingClaim,
	}
)

// scalableGoal is the sketch dimension whose σ*² and speed the verdict
// checks, with the goals of the issue: within 10% of greedy's σ*², 20
// times faster.
const (
	scalableGoalK     = 1024
	scalableGoalRatio = 1.1
	scalableGoalSpeed = 20
)

// ScalableOutcome builds the table and charts of the scalable-orderings
// experiment. The verdict is reproduced if, on every MNIST matrix, the
// sketched greedy order at k = 1024 has σ*² within 10% of the exact
// greedy's and takes at most a twentieth of its time.
func ScalableOutcome(r *ScalableResult) (*Outcome, error) {
	var out Outcome
	ok, checked := true, 0
	var goal []string
	for mi, m := range r.Matrices {
		exact := m.Methods[0]
		sc := &chart.LineChart{
			Title:  fmt.Sprintf("σ*² against time to order: %s", m.Name),
			XLabel: "seconds to choose the order", YLabel: "σ*² / σ*² of exact greedy", LogX: true, LogY: true,
		}
		for _, meth := range m.Methods {
			secs := math.Max(meth.Seconds, 1e-6)
			sc.Series = append(sc.Series, chart.Series{Name: meth.Name, X: []float64{secs}, Y: []float64{meth.Ratio}, Points: true})
			out.Rows = append(out.Rows, Row{
				Quantity: fmt.Sprintf("%s: %s", m.Name, meth.Name),
				Paper:    "-",
				Ours:     fmt.Sprintf("σ*² %.4g (%.3g × greedy's), %.3g s, %s", meth.SigmaStar2, meth.Ratio, meth.Seconds, fmtBytes(meth.Bytes)),
			})
			if strings.HasPrefix(m.Name, "MNIST") && meth.Name == fmt.Sprintf("sketched greedy, k = %d", scalableGoalK) {
				checked++
				speed := exact.Seconds / meth.Seconds
				ok = ok && meth.Ratio <= scalableGoalRatio && speed >= scalableGoalSpeed
				goal = append(goal, fmt.Sprintf("%.3g× σ*² at %.0f× speed", meth.Ratio, speed))
			}
		}
		if strings.HasPrefix(m.Name, "MNIST") {
			out.addChart(fmt.Sprintf("scalable-orderings-%d", mi), "Orders on a gradient matrix: σ*² and time", sc)
		}
	}
	if len(r.OneD) > 0 {
		last := r.OneD[len(r.OneD)-1].N
		lc := &chart.LineChart{
			Title:  fmt.Sprintf("Online orders on the 1-D example of Section 4.1, n = %d: σ*² of each epoch's order (σ = 1)", last),
			XLabel: "epoch", YLabel: "σ*²", LogY: true,
		}
		for _, o := range r.OneD {
			if o.N == last {
				lc.Series = append(lc.Series, chart.Series{Name: o.Method, X: ints(seq(len(o.SigmaStar2))), Y: o.SigmaStar2})
			}
			out.Rows = append(out.Rows, Row{
				Quantity: fmt.Sprintf("1-D example, n = %d, %s: σ*² per epoch", o.N, o.Method),
				Paper:    "alternating order: σ² = 1; random: ≥ n/256",
				Ours:     shortFloats(o.SigmaStar2),
			})
		}
		out.addChart("scalable-oned", "Online orders on the 1-D example", lc)
	}
	out.Verdict = verdictOf(ok && checked > 0)
	if checked == 0 {
		out.Verdict = NotCheckable
	}
	out.Summary = fmt.Sprintf("sketched greedy at k = %d on the MNIST batch-gradient matrices: %s (goal: ≤ %.1f× σ*², ≥ %d× speed)",
		scalableGoalK, strings.Join(goal, "; "), scalableGoalRatio, scalableGoalSpeed)
	c := r.Config
	out.Protocol = []string{
		fmt.Sprintf("Matrices: component gradients of a heterogeneous quadratic (n = 1024, d = 100) at x* + 1, of the two-level quadratic (σ_top = σ_low = 10) at 1, and the same-class batch gradients of the MNIST MLP 784-128-10 (%s training images, batches of 64) after %v epochs of RR with momentum 0.9 and learning rate 0.01.", table1CountText(c.MNISTTrain), c.Snapshots),
		fmt.Sprintf("σ*² is max_k ‖Σ_{l≤k} (g_{r_l} - ḡ)‖² (M* = 0, ordering.Discrepancy). Balancing: %d offline passes from one random order, each pass starting from the last (the epochs of GraB on a fixed matrix, with the exact mean).", c.Passes),
		"Times are wall-clock seconds on this machine (all cores for the Gram matrices and sketches), one run each; memory is the extra state the method keeps beyond the gradient matrix (the exact greedy: a centred copy and the N×N Gram matrix).",
		fmt.Sprintf("1-D example: Algorithm 1 online (σ = 1, x₀ = 1, γ = 0.1/n, %d epochs); the balancing orders see the stale gradients of the steps, greedy queries them at x_t.", c.OneDEpochs),
	}
	out.Details = "The exact greedy order is the reference (ratio 1); random orders sit far above it on structured gradients. Read the sketch rows for the cost–quality trade-off and the balancing rows for what O(d) memory buys."
	return &out, nil
}

func table1CountText(n int) string {
	if n == 0 {
		return "all 60,000"
	}
	return fmt.Sprint(n)
}

func runScalableClaim(ctx context.Context, env *Env) (*Outcome, error) {
	c := ScalableScale(env.Scale)
	res, err := cached(env, "scalable-orderings", struct {
		C    ScalableConfig
		Seed uint64
	}{c, env.Seed}, func() (*ScalableResult, error) {
		return RunScalable(ctx, c, env.Seed)
	})
	if err != nil {
		return nil, err
	}
	return writeOutcome(env)(ScalableOutcome(res))
}

// ScalableTrainingOrders are the orders of the scalable-training claim.
var ScalableTrainingOrders = []string{"RR", "greedy", "sketched greedy", "stale greedy", "mean balance", "pair balance"}

// ScalableTrainingScale returns the scalable-training protocol: Table 1's
// at the same scale with ScalableTrainingOrders.
func ScalableTrainingScale(s Scale) Table1Config {
	c := Table1Scale(s)
	c.Orders = ScalableTrainingOrders
	return c
}

// ScalableTrainingOutcome builds the table and charts of a RunTable1
// result with the scalable orders. The verdict is reproduced if, under
// same-class batching, every efficient order's mean accuracy over the
// epochs is within twice its standard error of greedy's or above it.
func ScalableTrainingOutcome(r *Table1Result) (*Outcome, error) {
	c := r.Config
	orders := c.orders()
	var out Outcome
	epochs := ints(seq(c.Epochs + 1))
	greedy := slices.Index(orders, "greedy")
	ok := greedy >= 0 && c.Seeds > 1
	var summary []string
	for b, batching := range Table1Batchings {
		acc := &chart.LineChart{
			Title:  fmt.Sprintf("Test accuracy with %s batching, %s %s (mean of %d runs)", batching, c.Dataset, table1Model(c), c.Seeds),
			XLabel: "epoch", YLabel: "test accuracy (%)",
		}
		for o, order := range orders {
			mean, _, _ := table1Curve(r.Runs[o][b], func(run Table1Run) []float64 { return run.TestAcc }, 100)
			acc.Series = append(acc.Series, chart.Series{Name: order, X: epochs, Y: mean})
			cell := r.Cell(o, b)
			ours := fmt.Sprintf("final %.2f (%.2f), %.0f s/run", cell.Mean, cell.SE, cell.Seconds)
			if o > 0 {
				g, se := r.pairedGapAt(o, b, meanAcc)
				ours += fmt.Sprintf("; mean accuracy over epochs vs RR %+.2f ± %.2f", g, se)
			}
			if greedy >= 0 && o != greedy && o > 0 && batching == "same-class" {
				d := make([]float64, c.Seeds)
				for s := range d {
					d[s] = 100 * (meanAcc(r.Runs[o][b][s].TestAcc) - meanAcc(r.Runs[greedy][b][s].TestAcc))
				}
				m, se := meanSE(d)
				ok = ok && m >= -2*se
				summary = append(summary, fmt.Sprintf("%s %+.2f ± %.2f", order, m, se))
			}
			out.Rows = append(out.Rows, Row{Quantity: fmt.Sprintf("%s, %s batching", order, batching), Paper: "-", Ours: ours})
		}
		out.addChart("scalable-training-"+batching, "Test accuracy, scalable orders, "+batching+" batching", acc)
	}
	out.Verdict = verdictOf(ok)
	if c.Seeds < 2 {
		out.Verdict = NotCheckable
	}
	out.Summary = "same-class batching, mean test accuracy over the epochs against greedy's (points, paired by seed): " + strings.Join(summary, ", ")
	out.Protocol = []string{
		"The protocol of table-1 (see there), with these orders. Sketched greedy: CountSketch to k = 1024 of the batch gradients at x_t (an extra pass, O(N k) memory); stale greedy: Algorithm 2 on the gradients the previous epoch's steps computed (no extra pass after the first, O(N d) memory); mean and pair balance: GraB's online orders from the steps' gradients (O(d) memory).",
		"Under standard batching every order but RR orders batches cut once from a random permutation.",
	}
	return &out, nil
}

func runScalableTrainingClaim(ctx context.Context, env *Env) (*Outcome, error) {
	res, err := runTable1(ctx, env, ScalableTrainingScale(env.Scale))
	if err != nil {
		return nil, err
	}
	return writeOutcome(env)(ScalableTrainingOutcome(res))
}
