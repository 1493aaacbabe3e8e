// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering_test

import (
	"fmt"
	"log"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

// ExampleRun is the README's tour of the API: Algorithm 1 with two-level
// 1-shuffling (Algorithm 3) on the two-level quadratic of Section 6.2, with
// a noisy oracle, recording f(x_t), ‖∇f(x_t)‖² and σ*² of every epoch.
func ExampleRun() {
	p, err := problems.NewTwoLevel(problems.TwoLevelConfig{M: 16, SigmaTop: 20})
	if err != nil {
		log.Fatal(err)
	}
	two, err := ordering.NewKShuffle(p.N(), p.M(), 1, 1) // two-level 1-shuffling, seed 1
	if err != nil {
		log.Fatal(err)
	}
	hist := &ordering.History{}                             // f(x_t), ‖∇f(x_t)‖², r_t after every epoch
	sigma := &ordering.SigmaTracker{Problem: p, Next: hist} // σ*² of every epoch's order
	x0 := make([]float64, p.Dim())
	for i := range x0 {
		x0[i] = 1
	}
	res, err := ordering.Run(p, x0, two, &ordering.Settings{
		Epochs:   100,
		Step:     ordering.Constant(0.01),
		Noise:    ordering.Gaussian{Std: 0.1}, // optional oracle noise (Assumption 2)
		Seed:     2,                           // seeds the noise
		Recorder: sigma,
	})
	if err != nil {
		log.Fatal(err)
	}
	last := hist.Records[len(hist.Records)-1]
	fmt.Printf("after %d epochs: f(x) = %.4g, ‖∇f(x)‖² = %.4g, largest σ*² = %.4g\n", len(hist.Records)-1, last.F, last.GradNorm2, sigma.Max)
	fmt.Printf("%d gradient steps\n", res.Steps)
	// Output:
	// after 100 epochs: f(x) = 0.003287, ‖∇f(x)‖² = 0.009082, largest σ*² = 1.62e+05
	// 3200 gradient steps
}
