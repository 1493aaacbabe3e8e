// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/goodorder/goodorder/ordering"
)

// ExampleWorkerOrders drives the orders of four workers through a plain
// data-parallel loop on fixed 1-D gradients: each worker holds the values
// ±1, and worker w's example j is row w·n + j. After four epochs the
// herding of the combined order is measured for each method: CD-GraB's
// shared running sum pairs a +1 of one worker with a -1 of another at
// every step, which no worker balancing alone can arrange.
func ExampleWorkerOrders() {
	const w, n = 4, 8
	g := mat.NewDense(w*n, 1, nil)
	for i := range w * n {
		v := 1.0
		if i%n >= n/2 {
			v = -1
		}
		g.Set(i, 0, v)
	}
	for _, m := range []ordering.WorkerMethod{ordering.DRR, ordering.IDGraB, ordering.CDGraB} {
		o, err := ordering.NewWorkerOrders(m, w, n, 1)
		if err != nil {
			panic(err)
		}
		var orders [][]int
		step := make([][]float64, w)
		for range 4 {
			orders = o.Orders(orders)
			for t := range n {
				for k := range step {
					step[k] = g.RawRowView(k*n + orders[k][t])
				}
				if err := o.Observe(step); err != nil {
					panic(err)
				}
			}
		}
		h, err := ordering.CombinedDiscrepancy(g, o.Orders(orders))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-7v herding %.4g, %d bytes an epoch (d = 1, float64)\n", m, h.MaxInf, o.EpochBytes(1, 8))
	}
	// Output:
	// D-RR    herding 1, 0 bytes an epoch (d = 1, float64)
	// ID-GraB herding 0.5, 0 bytes an epoch (d = 1, float64)
	// CD-GraB herding 0, 144 bytes an epoch (d = 1, float64)
}
