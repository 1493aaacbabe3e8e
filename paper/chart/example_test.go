// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart_test

import (
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
)

func ExampleWriteAll() {
	dir, err := os.MkdirTemp("", "chart-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	c := &chart.LineChart{
		Title: "Gradient norm", XLabel: "epoch", YLabel: "‖∇f(x)‖²", LogY: true,
		Series: []chart.Series{
			{Name: "random reshuffling", X: []float64{1, 2, 3}, Y: []float64{1, 0.1, 0.01}},
			// A diverged run: its infinite point is left out of the images.
			{Name: "SGD", X: []float64{1, 2, 3}, Y: []float64{1, 0.5, math.Inf(1)}, Dashed: true},
		},
	}
	f, err := chart.WriteAll(dir, "norms", "Gradient norm", c)
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range []string{f.PNG, f.SVG, f.HTML, f.CSV} {
		fmt.Println(filepath.Base(p))
	}
	b, err := os.ReadFile(f.CSV)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(b))

	// Output:
	// norms.png
	// norms.svg
	// norms.html
	// norms.csv
	// series,x,y,lo,hi
	// random reshuffling,1,1,,
	// random reshuffling,2,0.1,,
	// random reshuffling,3,0.01,,
	// SGD,1,1,,
	// SGD,2,0.5,,
	// SGD,3,+Inf,,
}

func ExampleCSV() {
	h := &chart.Heatmap{
		Title: "steps: two-level / standard", XLabel: "m", YLabel: "σ",
		XTicks: []string{"2", "4"}, YTicks: []string{"1", "10"},
		Values: [][]float64{{1.1, 0.9}, {0.5, math.NaN()}},
		Center: 1,
	}
	b, err := chart.CSV(h)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(b))

	// Invalid data give an error naming the problem.
	h.Values[1] = []float64{0.5}
	_, err = chart.CSV(h)
	fmt.Println(err)

	// Output:
	// row,column,value
	// 1,2,1.1
	// 1,4,0.9
	// 10,2,0.5
	// 10,4,
	// chart: invalid chart: heatmap "steps: two-level / standard" row 1 has 1 cells but there are 2 column names
}

func ExampleSnippet() {
	c := &chart.LineChart{Series: []chart.Series{{Name: "s", X: []float64{0, 1}, Y: []float64{1, 2}}}}
	b, err := chart.Snippet(c, "fig-1")
	if err != nil {
		log.Fatal(err)
	}
	// A notebook shows b as HTML, after loading the library once with
	// chart.LibraryScript.
	lines := strings.Split(string(b), "\n")
	fmt.Println(lines[1])
	fmt.Println("loads a script:", strings.Contains(string(b), " src="))

	// Output:
	//     <div class="item" id="fig_1" style="width:900px;height:504px;"></div>
	// loads a script: false
}
