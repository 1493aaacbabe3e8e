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

func testCharts() map[string]Chart {
	return map[string]Chart{
		"line": &LineChart{
			Title: "test lines", XLabel: "epoch", YLabel: "value", LogY: true,
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
			if out.ext != "png" && !bytes.Equal(got, again) {
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
				t.Errorf("%s differs from the golden file (run go test -regen after checking the change)", path)
			}
		}
	}
}

// comparePNG fails if more than 1% of the pixels differ by more than a
// small amount in any channel: font rasterisation may differ slightly
// between platforms, a changed chart does not.
func comparePNG(t *testing.T, path string, got, want []byte) {
	t.Helper()
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != b.Bounds() {
		t.Fatalf("%s: size %v, golden %v", path, a.Bounds(), b.Bounds())
	}
	diff, total := 0, 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			total++
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2))
			if d > 0x1000 {
				diff++
			}
		}
	}
	if diff*100 > total {
		t.Errorf("%s: %d of %d pixels differ", path, diff, total)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestHTMLOffline(t *testing.T) {
	for name, c := range testCharts() {
		b, err := HTML(c, name, name)
		if err != nil {
			t.Fatal(err)
		}
		srcs := regexp.MustCompile(`<script src="([^"]*)"`).FindAllSubmatch(b, -1)
		if len(srcs) != 1 || string(srcs[0][1]) != AssetPath {
			t.Errorf("%s: script sources %q, want only %q", name, srcs, AssetPath)
		}
		if bytes.Contains(b, []byte("http://")) || bytes.Contains(b, []byte("https://")) {
			t.Errorf("%s: HTML refers to a network address", name)
		}
		if !bytes.Contains(b, []byte(`id="`+name+`"`)) {
			t.Errorf("%s: no element with the chart id", name)
		}
	}
}

// echartsSHA256 is the SHA-256 of echarts.min.js in the npm package
// echarts@5.6.0, recorded in figures/assets/README.md.
const echartsSHA256 = "bf4a223524e40b77c304bec67e1222cf551f14880cf42c69dc046558e11c07b1"

func TestAsset(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "figures", AssetPath))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != echartsSHA256 {
		t.Errorf("figures/%s has SHA-256 %s, want %s", AssetPath, got, echartsSHA256)
	}
}

func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	f, err := WriteAll(filepath.Join(dir, "sub"), "h", "title", testCharts()["heatmap"])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{f.PNG, f.SVG, f.HTML, f.CSV} {
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "sub"))
	if len(entries) != 4 {
		t.Errorf("%d files in the folder, want 4 (no temporary files left)", len(entries))
	}
	if _, err := WriteAll(filepath.Join(f.PNG, "x"), "h", "t", testCharts()["heatmap"]); err == nil {
		t.Error("writing below a file: no error")
	}
}

func TestInvalid(t *testing.T) {
	for _, c := range []Chart{
		&LineChart{},
		&LineChart{Series: []Series{{Name: "s", X: []float64{1}, Y: []float64{1, 2}}}},
		&LineChart{Series: []Series{{Name: "s", X: []float64{1}, Y: []float64{1}, Lo: []float64{1}}}},
		&Heatmap{},
		&Heatmap{XTicks: []string{"a"}, YTicks: []string{"b"}, Values: [][]float64{{1, 2}}},
		&Heatmap{XTicks: []string{"a"}, YTicks: []string{"b", "c"}, Values: [][]float64{{1}}},
		&Heatmap{XTicks: []string{"a"}, YTicks: []string{"b"}, Values: [][]float64{{-1}}},
		&Heatmap{XTicks: []string{"a"}, YTicks: []string{"b"}, Values: [][]float64{{math.Inf(1)}}},
	} {
		for _, f := range []func(Chart) ([]byte, error){PNG, SVG, CSV} {
			if _, err := f(c); !errors.Is(err, ErrChart) {
				t.Errorf("%+v: err = %v, want ErrChart", c, err)
			}
		}
	}
}

// TestHTMLInBrowser loads an HTML chart in headless Chromium with
// networking disabled and checks that ECharts drew it (a canvas inside the
// chart element). CI installs Chromium; elsewhere the test is skipped when
// it is missing.
func TestHTMLInBrowser(t *testing.T) {
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
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	lib, err := os.ReadFile(filepath.Join("..", "..", "figures", AssetPath))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, AssetPath), lib, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, c := range testCharts() {
		f, err := WriteAll(dir, name+"-chart", name, c)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
			"--disable-background-networking", "--no-first-run", "--disable-component-update",
			"--disable-sync", "--user-data-dir="+t.TempDir(), "--virtual-time-budget=5000",
			"--dump-dom", "file://"+f.HTML)
		out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Fatalf("%s: chromium: %v", name, err)
		}
		dom := string(out)
		if !strings.Contains(dom, "_echarts_instance_") || !strings.Contains(dom, "<canvas") {
			t.Errorf("%s: ECharts drew no chart; DOM:\n%.2000s", name, dom)
		}
	}
}
