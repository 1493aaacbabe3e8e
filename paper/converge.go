// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems"
)

// This file holds the convergence loop two claims share (two-level-figure
// and sub-sampling): a claim file depends on shared files, never on
// another claim's (TestClaimFilesDependDownward).

// notConverged marks a run that did not reach the target within the budget
// or diverged.
const notConverged = -1

// converge runs epochs of o on p from x until ‖x‖² < target2 and returns
// the number of gradient steps, or notConverged, and the steps executed.
// The step loop does not allocate.
func converge(p *problems.TwoLevel, o ordering.Orderer, x []float64, order []int, gamma float64, budget int, target2 float64, perStep bool) (result, steps int) {
	for t := 0; steps < budget; t++ {
		var err error
		order, err = o.Order(order[:0], ordering.Epoch{T: t})
		if err != nil {
			// The orders of this experiment need no gradients and cannot fail
			// once constructed.
			panic(err)
		}
		if !perStep && steps+len(order) > budget {
			// The target is tested at epoch ends, and this epoch would end
			// past the budget.
			return notConverged, steps
		}
		if perStep {
			for _, i := range order {
				p.Step(x, gamma, i)
				steps++
				if norm2(x) < target2 {
					return steps, steps
				}
				if steps == budget {
					return notConverged, steps
				}
			}
		} else {
			p.Steps(x, gamma, order)
			steps += len(order)
		}
		n2 := norm2(x)
		if n2 < target2 {
			return steps, steps
		}
		if !(n2 < divergeNorm2) {
			return notConverged, steps
		}
	}
	return notConverged, steps
}
