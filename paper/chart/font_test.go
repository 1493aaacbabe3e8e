// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestMissingGlyphs(t *testing.T) {
	for _, test := range []struct {
		label string
		want  string
	}{
		// The symbols of the paper's labels; Liberation Serif lacks ∇.
		{"‖∇f(x_t)‖² σ*² ≤ ≥ ≈ × · − ± √ Ω Θ η ⌈n/2⌉ ∞ ∑ μ ε → ⁻¹ ₖ", ""},
		{"plain ASCII 0-9 a-z A-Z ()[]{}<>/\\|+-*=%.,;:!?'\"_^~#&@$", ""},
		{"tab\tand newline\n", ""},
		{"a 漢 b ア 漢", "漢ア"},
	} {
		if got := string(missingGlyphs(test.label)); got != test.want {
			t.Errorf("missingGlyphs(%q) = %q, want %q", test.label, got, test.want)
		}
	}
	c := &LineChart{Title: "σ 漢", Series: []Series{{Name: "a", X: []float64{1}, Y: []float64{1}}}}
	for _, render := range []func(Chart) ([]byte, error){PNG, SVG} {
		if _, err := render(c); !errors.Is(err, ErrChart) || !strings.Contains(err.Error(), "漢") {
			t.Errorf("rendering a title with a rune the font lacks: error %v, want ErrChart naming 漢", err)
		}
	}
}

// TestLabelGlyphs checks that the chart font has a glyph for every rune of
// every string literal in the non-test Go files of package paper and the
// packages below it: the titles, axis labels, series names and tick names
// of every chart the module draws are built from those literals and
// formatted numbers. (renderStatic refuses a label with a missing glyph
// too, so a chart built elsewhere cannot be drawn with a hole.)
func TestLabelGlyphs(t *testing.T) {
	root := filepath.Join("..")
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
				return true
			}
			if m := missingGlyphs(s); len(m) > 0 {
				t.Errorf("%s: the chart font has no glyph for %q in %q", fset.Position(lit.Pos()), string(m), s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("found %d Go files under %s, want the paper package's", files, root)
	}
}
