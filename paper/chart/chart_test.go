// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var regen = flag.Bool("regen", false, "rewrite the golden files in testdata")

// testCharts are the charts of the golden files: between them they have
// a log axis, a band, a NaN point, a point at zero on a log axis, markers,
// a dashed line, and a log-coloured heatmap with a missing cell.
func testCharts() map[string]Chart {
	return map[string]Chart{
		"line": &LineChart{
			Title: "test lines", XLabel: "epoch", YLabel: "‖∇f(x)‖² (σ*²)", LogY: true,
			Series: []Series{
				{Name: "a", X: []float64{1, 2, 3, 4}, Y: []float64{10, 5, 2.5, 1.25}},
				{Name: "b", X: []float64{1, 2, 3, 4}, Y: []float64{8, math.NaN(), 4, 3}, Lo: []float64{7, 6, 3, 2}, Hi: []float64{9, 8, 5, 4}, Dashed: true},
				{Name: "c", X: []float64{1, 4}, Y: []float64{2, 0}, Points: true},
			},
		},
		"heatmap": &Heatmap{
			Title: "test heatmap", XLabel: "m", YLabel: "σ", XTicks: []string{"2", "4", "8"}, YTicks: []string{"0", "10"},
			Values: [][]float64{{1, 0.5, 2}, {math.NaN(), 0.25, 1.1}}, Center: 1,
		},
	}
}

func TestGolden(t *testing.T) {
	for name, c := range testCharts() {
		for _, out := range []struct {
			ext  string
			make func() ([]byte, error)
		}{
			{"svg", func() ([]byte, error) { return SVG(c) }},
			{"html", func() ([]byte, error) { return HTML(c, name, "test "+name) }},
			{"csv", func() ([]byte, error) { return CSV(c) }},
			{"png", func() ([]byte, error) { return PNG(c) }},
		} {
			got, err := out.make()
			if err != nil {
				t.Fatalf("%s.%s: %v", name, out.ext, err)
			}
			again, err := out.make()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, again) {
				t.Errorf("%s.%s: two renderings differ", name, out.ext)
			}
			path := filepath.Join("testdata", name+".golden."+out.ext)
			if *regen {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -regen to create the golden files)", err)
			}
			if out.ext == "png" {
				comparePNG(t, path, got, want)
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the golden file (look at the new output, then run go test -regen)", path)
			}
		}
	}
}

// comparePNG fails if the images differ in size or too many pixels (see
// pngDiffers).
func comparePNG(t *testing.T, path string, got, want []byte) {
	t.Helper()
	differs, err := pngDiffers(got, want)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if differs != "" {
		t.Errorf("%s: %s (look at the new output, then run go test -regen)", path, differs)
	}
}

// pngDiffers says how the images differ if they differ in size, or if more
// than 0.1% of the pixels differ by more than 1/16 of the range in any
// channel, else "". gonum/plot draws in pure Go with embedded fonts, so
// images differ between platforms only by floating-point rounding at the
// edges of shapes and glyphs, while a changed chart (a moved point, a
// dashed line, a changed colour or label) changes more pixels, as
// TestPNGDiffers checks.
func pngDiffers(got, want []byte) (string, error) { return pngDiffersBy(got, want, 1000) }

// pngDiffersBy is pngDiffers with more than 1/per of the pixels allowed
// to differ.
func pngDiffersBy(got, want []byte, per int) (string, error) {
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "", err
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "", err
	}
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", a.Bounds(), b.Bounds()), nil
	}
	diff, total := 0, 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			total++
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) > 0x1000 {
				diff++
			}
		}
	}
	if diff*per > total {
		return fmt.Sprintf("%d of %d pixels differ", diff, total), nil
	}
	return "", nil
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestPNGDiffers checks that the PNG comparison passes an identical image
// and notices small changes to a chart.
func TestPNGDiffers(t *testing.T) {
	base := testCharts()["line"].(*LineChart)
	want, err := PNG(base)
	if err != nil {
		t.Fatal(err)
	}
	if d, err := pngDiffers(want, want); err != nil || d != "" {
		t.Errorf("identical images: %q, %v", d, err)
	}
	for _, change := range []struct {
		name string
		edit func(c *LineChart)
	}{
		{"one point moved", func(c *LineChart) { c.Series[0].Y = []float64{10, 6, 2.5, 1.25} }},
		{"line dashed", func(c *LineChart) { c.Series[0].Dashed = true }},
		{"linear y axis", func(c *LineChart) { c.LogY = false }},
	} {
		c := *base
		c.Series = append([]Series(nil), base.Series...)
		change.edit(&c)
		got, err := PNG(&c)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := pngDiffers(got, want); err != nil || d == "" {
			t.Errorf("%s: went unnoticed (%v)", change.name, err)
		}
	}
}

func TestHTMLOffline(t *testing.T) {
	for name, c := range testCharts() {
		b, err := HTML(c, name, name)
		if err != nil {
			t.Fatal(err)
		}
		srcs := regexp.MustCompile(`<script[^>]*\ssrc="([^"]*)"`).FindAllSubmatch(b, -1)
		if len(srcs) != 1 || string(srcs[0][1]) != AssetPath {
			t.Errorf("%s: script sources %q, want only %q", name, srcs, AssetPath)
		}
		if bytes.Contains(b, []byte("http://")) || bytes.Contains(b, []byte("https://")) || bytes.Contains(b, []byte(`src="//`)) {
			t.Errorf("%s: HTML refers to a network address", name)
		}
		if !bytes.Contains(b, []byte(`id="`+name+`"`)) {
			t.Errorf("%s: no element with the chart id", name)
		}
	}
}

func TestSnippet(t *testing.T) {
	c := &LineChart{Title: "</script><b>", Series: []Series{{Name: "s</script>", X: []float64{1, 2}, Y: []float64{3, 4}}}}
	b, err := Snippet(c, "my chart-1")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`id="my_chart_1"`, "(function () {", "})();\n</script>"} {
		if !strings.Contains(s, want) {
			t.Errorf("snippet lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, " src=") {
		t.Errorf("snippet loads a script:\n%s", s)
	}
	if n := strings.Count(strings.ToLower(s), "</script"); n != 1 {
		t.Errorf("snippet has %d script end tags, want 1 (names must be escaped):\n%s", n, s)
	}
	hidden, elem, err := HiddenSnippet(c, "my chart-1")
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(s, `id="my_chart_1" style="`, `id="my_chart_1" style="display:none;`, 1); elem != "my_chart_1" || string(hidden) != want || want == s {
		t.Errorf("HiddenSnippet: element %q (want my_chart_1), snippet\n%s\nwant Snippet's with display:none\n%s", elem, hidden, want)
	}
	for _, tc := range []struct{ id, want string }{
		{"abc", "abc"}, {"a-b.c", "a_b_c"}, {"2x", "_2x"}, {"", "_"}, {"σ", "__"},
	} {
		if got := jsIdent(tc.id); got != tc.want {
			t.Errorf("jsIdent(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
}

func TestLibraryScript(t *testing.T) {
	b, err := LibraryScript([]byte("var x = 1;"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("<script")) || !bytes.Contains(b, []byte("(function (define, module, exports) {\nvar x = 1;\n})();")) {
		t.Errorf("LibraryScript: %s", b)
	}
	if _, err := LibraryScript([]byte(`s = "</SCRIPT>"`)); err == nil {
		t.Error("a library holding </script: no error")
	}
}

// echartsSHA256 is the SHA-256 of package/dist/echarts.min.js in the npm
// package echarts@5.6.0, recorded in figures/assets/README.md.
const echartsSHA256 = "bf4a223524e40b77c304bec67e1222cf551f14880cf42c69dc046558e11c07b1"

var assets = filepath.Join("..", "..", "figures", "assets")

func TestAsset(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "figures", AssetPath))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != echartsSHA256 {
		t.Errorf("figures/%s has SHA-256 %s, want %s", AssetPath, got, echartsSHA256)
	}
	readme, err := os.ReadFile(filepath.Join(assets, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(readme, []byte(echartsSHA256)) || !bytes.Contains(readme, []byte("echarts@5.6.0")) {
		t.Error("figures/assets/README.md does not record the package and SHA-256 of echarts.min.js")
	}
	lic, err := os.ReadFile(filepath.Join(assets, "ECHARTS-LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(lic, []byte("Apache License")) {
		t.Error("figures/assets/ECHARTS-LICENSE is not the Apache License")
	}
}

func TestWriteAll(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sub")
	for name, c := range testCharts() {
		f, err := WriteAll(dir, name, "title", c)
		if err != nil {
			t.Fatal(err)
		}
		first := map[string][]byte{}
		for _, p := range []string{f.PNG, f.SVG, f.HTML, f.CSV} {
			b, err := os.ReadFile(p)
			if err != nil || len(b) == 0 {
				t.Errorf("%s: %d bytes, %v", p, len(b), err)
			}
			first[p] = b
		}
		if _, err := WriteAll(dir, name, "title", c); err != nil {
			t.Fatal(err)
		}
		for p, b := range first {
			if again, _ := os.ReadFile(p); !bytes.Equal(again, b) {
				t.Errorf("%s: writing the same chart again changed the file", p)
			}
		}
		want, err := CSV(c)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first[f.CSV], want) {
			t.Errorf("%s differs from CSV(c)", f.CSV)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 8 {
		t.Errorf("%d files in the folder, want 8 (no temporary files left)", len(entries))
	}

	c := testCharts()["heatmap"]
	for _, base := range []string{"", ".", "..", "a/b", "../x"} {
		if _, err := WriteAll(dir, base, "t", c); err == nil || !strings.Contains(err.Error(), "figure name") {
			t.Errorf("figure name %q: error %v, want one naming it", base, err)
		}
	}
	file := filepath.Join(dir, "heatmap.png")
	if _, err := WriteAll(filepath.Join(file, "x"), "h", "t", c); err == nil {
		t.Error("writing below a file: no error")
	}
	if _, err := WriteAll(dir, "bad", "t", &Heatmap{}); !errors.Is(err, ErrChart) {
		t.Errorf("invalid chart: error %v, want ErrChart", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.png")); err == nil {
		t.Error("an invalid chart left a file")
	}
}

func TestInvalid(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	xs, ys := []string{"a"}, []string{"b"}
	for _, tc := range []struct {
		c    Chart
		want string // part of the error message
	}{
		{&LineChart{Title: "empty"}, `"empty" has no series`},
		{&LineChart{Series: []Series{{Name: "s", X: []float64{1}, Y: []float64{1, 2}}}}, `"s" has 1 x and 2 y values`},
		{&LineChart{Series: []Series{{Name: "s", X: []float64{1}, Y: []float64{1}, Lo: []float64{1}}}}, `"s" has 1 points but a band of 1 lo and 0 hi`},
		{&Heatmap{Title: "h"}, `"h" has 0 rows and 0 column names`},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{}}}, "row 0 has 0 cells but there are 1 column names"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{1, 2}}}, "row 0 has 2 cells"},
		{&Heatmap{XTicks: xs, YTicks: []string{"b", "c"}, Values: [][]float64{{1}, {1, 2}}}, "row 1 has 2 cells"},
		{&Heatmap{XTicks: xs, YTicks: []string{"b", "c"}, Values: [][]float64{{1}}}, "1 rows but 2 row names"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{-1}}}, "(row 0, column 0) = -1"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{0}}}, "(row 0, column 0) = 0"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{inf}}, LinearColor: true}, "= +Inf"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{-math.MaxFloat64}}, Center: math.MaxFloat64, LinearColor: true}, "too far from the centre"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{1}}, Center: -1}, "centre -1"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{1}}, Center: nan, LinearColor: true}, "centre NaN"},
		{&Heatmap{XTicks: xs, YTicks: ys, Values: [][]float64{{1}}, Format: "%d"}, `format "%d"`},
	} {
		for _, f := range []func(Chart) ([]byte, error){PNG, SVG, CSV, func(c Chart) ([]byte, error) { return Snippet(c, "x") }} {
			_, err := f(tc.c)
			if !errors.Is(err, ErrChart) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%+v: error %v, want ErrChart mentioning %q", tc.c, err, tc.want)
			}
		}
	}
}

// TestValid renders charts at the edges of what is valid.
func TestValid(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		name string
		c    Chart
		svg  []string // strings the SVG must hold
	}{
		{"no points", &LineChart{LogX: true, LogY: true, Series: []Series{{Name: "s"}}}, []string{"s (no data)"}},
		{"diverged", &LineChart{LogY: true, Series: []Series{
			{Name: "ok", X: []float64{1, 2}, Y: []float64{1, 0.5}},
			{Name: "diverged", X: []float64{1, 2}, Y: []float64{inf, nan}},
		}}, []string{"diverged (no data)", ">ok<"}},
		{"one point on log axes", &LineChart{LogX: true, LogY: true, Series: []Series{{Name: "s", X: []float64{0.5}, Y: []float64{0.5}}}}, []string{">0.5<"}},
		{"non-positive on log axes", &LineChart{LogX: true, LogY: true, Series: []Series{{Name: "s", X: []float64{-1, 0, 2}, Y: []float64{1, 1, -3}}}}, []string{"s (no data)"}},
		{"band only partly drawable", &LineChart{Series: []Series{{Name: "s", X: []float64{1, 2, 3}, Y: []float64{1, 2, 3}, Lo: []float64{0, nan, 2}, Hi: []float64{2, 3, inf}}}}, nil},
		{"huge and tiny on log axis", &LineChart{LogY: true, Series: []Series{{Name: "s", X: []float64{1, 2}, Y: []float64{1e-300, 1e300}}}}, []string{"1e-300", "1e300"}},
		{"extremes on linear axes", &LineChart{Series: []Series{{Name: "s", X: []float64{-math.MaxFloat64, math.MaxFloat64}, Y: []float64{math.MaxFloat64, math.MaxFloat64}}}}, nil},
		{"one cell", &Heatmap{XTicks: []string{"x"}, YTicks: []string{"y"}, Values: [][]float64{{3}}}, []string{">3.00<", ">1<", ">2<", ">3<"}}, // the bar spans the data: 1 to 3
		{"all missing", &Heatmap{XTicks: []string{"x"}, YTicks: []string{"y"}, Values: [][]float64{{nan}}}, []string{"n/a"}},
		{"linear around zero", &Heatmap{XTicks: []string{"x", "y"}, YTicks: []string{"y"}, Values: [][]float64{{-2, 0}}, LinearColor: true, Format: "%+.1f"}, []string{">-2.0<", ">+0.0<"}},
		{"linear all at centre", &Heatmap{XTicks: []string{"x"}, YTicks: []string{"y"}, Values: [][]float64{{5}}, Center: 5, LinearColor: true}, []string{">5.00<"}},
		{"no annotations", &Heatmap{XTicks: []string{"x"}, YTicks: []string{"y"}, Values: [][]float64{{3}}, NoAnnotate: true}, nil},
	} {
		svg, err := SVG(tc.c)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		for _, want := range tc.svg {
			if !bytes.Contains(svg, []byte(want)) {
				t.Errorf("%s: SVG lacks %q", tc.name, want)
			}
		}
		if _, err := PNG(tc.c); err != nil {
			t.Errorf("%s: PNG: %v", tc.name, err)
		}
		if _, err := Snippet(tc.c, "x"); err != nil {
			t.Errorf("%s: Snippet: %v", tc.name, err)
		}
	}
}

func TestCSV(t *testing.T) {
	c := &LineChart{Series: []Series{
		{Name: `a "quoted", name`, X: []float64{0.1, 1e-20}, Y: []float64{math.Inf(-1), math.NaN()}},
	}}
	b, err := CSV(c)
	if err != nil {
		t.Fatal(err)
	}
	want := "series,x,y,lo,hi\n\"a \"\"quoted\"\", name\",0.1,-Inf,,\n\"a \"\"quoted\"\", name\",1e-20,,,\n"
	if string(b) != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b, want)
	}
}

func TestLogTicks(t *testing.T) {
	for _, tc := range []struct {
		min, max float64
		want     string // labels, space separated
	}{
		{1, 1000, "1 10 100 1000"},
		{0.0073, 2.5, "0.01 0.1 1"},
		{2500, 800000, "5000 10000 20000 50000 100000 200000 500000"},
		{1.25, 10, "2 3 4 5 6 7 8 9 10"},
		// order-matters-mean's x axis, which 1, 2, 5 labelled only 5,
		// 10, 20.
		{3.6, 23, "4 5 6 7 8 9 10 20"},
		{1.5, 45, "2 5 10 20"},
		{1.1, 1.9, "1.2 1.5 1.8"}, // inside one digit step: linear ticks
		{2.5, 9.5, "3 4 5 6 7 8 9"},
		{1e-7, 1e-3, "1e-7 1e-6 1e-5 1e-4 1e-3"},
		{1, 1e5, "1 10 100 1000 10000 100000"},
		{1, 1e6, "1e0 1e1 1e2 1e3 1e4 1e5 1e6"},
		{1, 1e7, "1e0 1e1 1e2 1e3 1e4 1e5 1e6 1e7"},
		{1e-20, 1e20, "1e-20 1e-15 1e-10 1e-5 1e0 1e5 1e10 1e15 1e20"},
	} {
		var labels []string
		for _, tk := range (logTicks{}).Ticks(tc.min, tc.max) {
			if tk.Value < tc.min*(1-1e-9) || tk.Value > tc.max*(1+1e-9) {
				t.Errorf("[%g, %g]: tick %g outside the range", tc.min, tc.max, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("[%g, %g]: labels %q, want %q", tc.min, tc.max, got, tc.want)
		}
	}
	// With room for few labels: two powers of ten where 1, 2, 5 would
	// give seven.
	for _, tc := range []struct {
		room     int
		min, max float64
		want     string
	}{
		{2, 0.02, 5.5, "0.1 1"},
		{3, 0.02, 5.5, "0.1 1"},
		{10, 0.02, 5.5, "0.02 0.05 0.1 0.2 0.5 1 2 5"},
		{3, 1, 1e7, "1e0 1e3 1e6"},
		{4, 1.7, 70, "3 10 30"},
	} {
		var labels []string
		for _, tk := range (logTicks{room: tc.room}).Ticks(tc.min, tc.max) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("room %d, [%g, %g]: labels %q, want %q", tc.room, tc.min, tc.max, got, tc.want)
		}
	}
	for _, r := range [][2]float64{{0, 1}, {-1, 1}, {2, 1}, {1, math.Inf(1)}, {math.NaN(), 1}} {
		if ticks := (logTicks{}).Ticks(r[0], r[1]); ticks != nil {
			t.Errorf("[%g, %g]: ticks %v, want none", r[0], r[1], ticks)
		}
	}
}

func TestDiverging(t *testing.T) {
	for _, tc := range []struct {
		t    float64
		want color.RGBA
	}{
		{-1, blue}, {-5, blue}, {0, color.RGBA{255, 255, 255, 255}}, {1, red}, {7, red},
		{0.5, color.RGBA{217, 140, 149, 255}}, // halfway between white and red, rounded
	} {
		if got := diverging(tc.t); got != tc.want {
			t.Errorf("diverging(%g) = %v, want %v", tc.t, got, tc.want)
		}
	}
	// Symmetric about the centre on the log scale: a ratio r and 1/r are
	// equally deep.
	h := &Heatmap{XTicks: []string{"a", "b"}, YTicks: []string{"r"}, Values: [][]float64{{0.25, 4}}}
	lo, hi := h.colour(0.25, h.span()), h.colour(4, h.span())
	if lo != blue || hi != red {
		t.Errorf("colours of 1/4 and 4 in [1/4, 4]: %v, %v, want %v, %v", lo, hi, blue, red)
	}
}

func TestBarTicks(t *testing.T) {
	for _, tc := range []struct {
		h    *Heatmap
		want string
	}{
		{&Heatmap{Values: [][]float64{{0.25, 1.5}}}, "1 0.5 2 0.25 4"},
		{&Heatmap{Values: [][]float64{{1.2}}}, "1 0.5 2"}, // at least a factor 2
		{&Heatmap{Values: [][]float64{{1e-3}}}, "1 0.001 0.01 0.1 10 100 1000"},
		{&Heatmap{Values: [][]float64{{-1, 3}}, LinearColor: true, Center: 1}, "1 -1 3"},
		{&Heatmap{Values: [][]float64{{1e300}}, LinearColor: true, Center: 1e300}, "1e+300 0 2e+300"},
	} {
		var labels []string
		span := tc.h.span()
		for _, tk := range tc.h.barTicks(span) {
			if math.Abs(tk.Value) > span*(1+1e-9) {
				t.Errorf("%v: tick at %g outside ±%g", tc.h.Values, tk.Value, span)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("%v: colour bar labels %q, want %q", tc.h.Values, got, tc.want)
		}
	}
}

// chromium returns the path of a Chromium browser, skipping the test if
// there is none or under -short.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser")
	}
	browser, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium not found; CI must install it (Debian package chromium)")
		}
		t.Skip("chromium not installed")
	}
	return browser
}

// dumpDOM loads the page at path in headless Chromium, with networking
// disabled, lets its scripts run, and returns the DOM.
func dumpDOM(t *testing.T, browser, path string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--no-first-run", "--disable-component-update",
		"--disable-sync", "--user-data-dir="+t.TempDir(), "--virtual-time-budget=5000",
		"--dump-dom", "file://"+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.Bytes())
	}
	return string(out)
}

// copyLibrary copies figures/assets/echarts.min.js to dir/assets and
// returns its content.
func copyLibrary(t *testing.T, dir string) []byte {
	t.Helper()
	lib, err := os.ReadFile(filepath.Join("..", "..", "figures", AssetPath))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, AssetPath), lib, 0o644); err != nil {
		t.Fatal(err)
	}
	return lib
}

// drawnIn reports whether ECharts drew a chart in the element with the
// given id: it marks the element with an _echarts_instance_ attribute and
// puts a canvas inside.
func drawnIn(dom, id string) bool {
	return regexp.MustCompile(`<div[^>]*id="` + id + `"[^>]*_echarts_instance_="[^"]+"[^>]*><div[^>]*><canvas`).MatchString(dom)
}

// TestHTMLInBrowser loads the HTML charts WriteAll writes in headless
// Chromium with networking disabled and checks that ECharts drew them: a
// canvas inside the chart element, which ECharts marks with an
// _echarts_instance_ attribute.
func TestHTMLInBrowser(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()
	copyLibrary(t, dir)
	for name, c := range testCharts() {
		f, err := WriteAll(dir, name+"-chart", name, c)
		if err != nil {
			t.Fatal(err)
		}
		dom := dumpDOM(t, browser, f.HTML)
		if !drawnIn(dom, jsIdent(name+"-chart")) {
			t.Errorf("%s: ECharts drew no chart; DOM:\n%.3000s", name, dom)
		}
	}
}

// TestSnippetInBrowser builds a page as a Jupyter notebook would: a page
// with RequireJS's define, the library loaded once by LibraryScript, and
// snippets, one of them run twice as when a cell is run again. No script
// may fail, and every chart must be drawn.
func TestSnippetInBrowser(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()
	lib := copyLibrary(t, dir)
	var page bytes.Buffer
	page.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"><script>
window.onerror = function (msg) {
	var p = document.createElement("p");
	p.className = "jserror";
	p.textContent = msg;
	document.documentElement.appendChild(p);
};
// A stand-in for RequireJS: with it, ECharts would register itself as an
// AMD module instead of setting window.echarts.
function define() {}
define.amd = {};
</script></head><body>
`)
	libScript, err := LibraryScript(lib)
	if err != nil {
		t.Fatal(err)
	}
	page.Write(libScript)
	charts := testCharts()
	for _, s := range []struct{ id, chart string }{{"one", "line"}, {"two", "heatmap"}, {"one", "line"}} {
		b, err := Snippet(charts[s.chart], s.id)
		if err != nil {
			t.Fatal(err)
		}
		page.Write(b)
	}
	page.WriteString("</body></html>\n")
	path := filepath.Join(dir, "notebook.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := dumpDOM(t, browser, path)
	for _, m := range regexp.MustCompile(`<p class="jserror">([^<]*)</p>`).FindAllStringSubmatch(dom, -1) {
		t.Errorf("a script failed: %s", m[1])
	}
	for _, id := range []string{"one", "two"} {
		if !drawnIn(dom, id) {
			t.Errorf("chart %s not drawn", id)
		}
	}
}

// randSeries decodes a fuzzer's bytes into a series of awkward values.
func randSeries(data []byte) Series {
	special := []float64{0, -1, 1, math.NaN(), math.Inf(1), math.Inf(-1), 1e-300, 1e300, -1e300, math.SmallestNonzeroFloat64, 0.5, 1e6, math.MaxFloat64, -math.MaxFloat64}
	var s Series
	s.Name = "fuzz"
	for i := 0; i+1 < len(data); i += 2 {
		f := func(b byte) float64 {
			if int(b) < len(special) {
				return special[b]
			}
			return float64(b) - 128
		}
		s.X = append(s.X, f(data[i]))
		s.Y = append(s.Y, f(data[i+1]))
	}
	if len(data)%3 == 0 {
		s.Lo, s.Hi = make([]float64, len(s.Y)), make([]float64, len(s.Y))
		for i, y := range s.Y {
			s.Lo[i], s.Hi[i] = y-1, y+1
		}
	}
	s.Points = len(data)%5 == 0
	return s
}

// FuzzLineChart checks that any valid line chart renders without error.
func FuzzLineChart(f *testing.F) {
	f.Add([]byte{}, false, false)
	f.Add([]byte{1, 2, 3, 4}, true, true)
	f.Add([]byte{0, 0, 3, 4, 5, 200, 7, 9, 10, 11}, true, false)
	f.Add([]byte{8, 9, 9, 8, 200, 100}, false, true)
	f.Fuzz(func(t *testing.T, data []byte, logX, logY bool) {
		c := &LineChart{Title: "fuzz", LogX: logX, LogY: logY, Series: []Series{randSeries(data), randSeries(data[len(data)/2:])}}
		if _, err := SVG(c); err != nil {
			t.Fatal(err)
		}
		if _, err := Snippet(c, "f"); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzHeatmap checks that any valid heatmap renders without error, and
// that an invalid one gives ErrChart.
func FuzzHeatmap(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4}, uint8(2), false)
	f.Add([]byte{0, 3, 13, 14, 15, 16}, uint8(3), true)
	f.Add([]byte{9}, uint8(1), false)
	f.Fuzz(func(t *testing.T, data []byte, cols uint8, linear bool) {
		special := []float64{0, -1, 1, math.NaN(), math.Inf(1), 1e-300, 1e300, -1e300, 0.5, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64}
		h := &Heatmap{LinearColor: linear}
		n := int(cols%8) + 1
		for i := range n {
			h.XTicks = append(h.XTicks, string(rune('a'+i)))
		}
		for i := 0; i < len(data); i += n {
			var row []float64
			for _, b := range data[i:min(len(data), i+n)] {
				v := float64(b) / 16
				if int(b) < len(special) {
					v = special[b]
				}
				row = append(row, v)
			}
			h.Values = append(h.Values, row)
			h.YTicks = append(h.YTicks, "r")
		}
		_, err := SVG(h)
		if err != nil && (h.validate() == nil || !errors.Is(err, ErrChart)) {
			t.Fatal(err)
		}
	})
}

// TestPanelsHiddenSnippet checks that panels, like any chart, can be shown
// hidden until ECharts loads (notebooks' nb.Interactive): one element
// holds both panels and is the one hidden.
func TestPanelsHiddenSnippet(t *testing.T) {
	l := &LineChart{Title: "a", XLabel: "x", YLabel: "y", Series: []Series{{Name: "s", X: []float64{1, 2}, Y: []float64{1, 2}}}}
	p := &Panels{Title: "t", Panels: []*LineChart{l, l}}
	snip, id, err := HiddenSnippet(p, "chart_x")
	if err != nil {
		t.Fatal(err)
	}
	s := string(snip)
	if n := strings.Count(s, "display:none;"); n != 1 {
		t.Errorf("%d hidden elements, want 1", n)
	}
	for _, want := range []string{`id="` + id + `" style="display:none;`, `id="` + id + `_0"`, `id="` + id + `_1"`} {
		if !strings.Contains(s, want) {
			t.Errorf("snippet lacks %s", want)
		}
	}
}

// TestCellFontSize: a heatmap's cell texts keep the largest size at which
// the widest fits its cell; a text too wide at 8 points is set smaller,
// and fits; one that fits at no size gets the smallest.
func TestCellFontSize(t *testing.T) {
	short := []string{"0.35", "1.2\n0.5–2"}
	if got := cellFontSize(short, 40, 20); got != cellFontMax {
		t.Errorf("short texts in 40×20: %v, want %v", got, cellFontMax)
	}
	long := append(short, "0.27\n0.049–4.3")
	w8 := textStyle(cellFontMax, color.Black).Rectangle(long[2]).Size().X
	got := cellFontSize(long, w8-2, 20)
	if got >= cellFontMax || got <= cellFontMin {
		t.Fatalf("a text %v wide in %v: size %v, want between %v and %v", w8, w8-2, got, cellFontMin, cellFontMax)
	}
	if r := textStyle(got, color.Black).Rectangle(long[2]).Size(); r.X > w8-2 || r.Y > 20 {
		t.Errorf("at %v the text is %v×%v, wider or taller than its %v×20 cell", got, r.X, r.Y, w8-2)
	}
	if got := cellFontSize(long, 1, 1); got != cellFontMin {
		t.Errorf("nothing fits: %v, want %v", got, cellFontMin)
	}
}
