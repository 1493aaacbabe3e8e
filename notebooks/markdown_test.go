// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package notebooks

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// mathSpan matches the TeX of a markdown cell, $$...$$ and $...$, which
// Jupyter and GitHub set aside before they parse the Markdown.
var mathSpan = regexp.MustCompile(`(?s)\$\$.+?\$\$|\$[^$\n]+?\$`)

// accidentalEmphasis returns the emphasis that CommonMark finds in the
// Markdown src (math set aside) and that starts or ends inside a word, as
// in "σ*² ... σ*²", which turns the text between into italics. Emphasis
// meant as such (*word*, **Claim.**) starts after a space or punctuation
// and ends before one.
func accidentalEmphasis(src string) []string {
	// Replace the math by as many x's, keeping the offsets of the rest.
	b := []byte(mathSpan.ReplaceAllStringFunc(src, func(m string) string { return strings.Repeat("x", len(m)) }))
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	doc := md.Parser().Parse(text.NewReader(b))
	var bad []string
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		em, ok := n.(*ast.Emphasis)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		first, last := firstText(em), lastText(em)
		if first == nil || last == nil {
			return ast.WalkContinue, nil
		}
		open, end := first.Segment.Start-em.Level, last.Segment.Stop+em.Level
		if open < 0 || end > len(b) {
			return ast.WalkContinue, nil
		}
		before, _ := utf8.DecodeLastRune(b[:open])
		after, _ := utf8.DecodeRune(b[end:])
		if inWord(before) || inWord(after) {
			bad = append(bad, fmt.Sprintf("%q", strings.ToValidUTF8(src[max(0, open-10):min(len(src), open+50)], "")))
		}
		return ast.WalkSkipChildren, nil
	})
	return bad
}

// inWord reports whether r is part of a word: not a space, not
// punctuation, not the edge of the text.
func inWord(r rune) bool {
	return r != utf8.RuneError && !unicode.IsSpace(r) && !unicode.IsPunct(r)
}

func firstText(n ast.Node) *ast.Text {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return t
		}
		if t := firstText(c); t != nil {
			return t
		}
	}
	return nil
}

func lastText(n ast.Node) *ast.Text {
	for c := n.LastChild(); c != nil; c = c.PreviousSibling() {
		if t, ok := c.(*ast.Text); ok {
			return t
		}
		if t := lastText(c); t != nil {
			return t
		}
	}
	return nil
}

func TestAccidentalEmphasis(t *testing.T) {
	for _, test := range []struct {
		src  string
		want int
	}{
		{"σ*² is small, and σ*² grows", 1},
		{`σ\*² is small, and σ\*² grows`, 0},
		{"the *sorted* order and **The claim.** and _this_", 0},
		{"math $\\sigma_\\star^2 = a*b*c$ and $x_1$ then $y_2$", 0},
		{"`σ*²` in code and `σ*²` again", 0},
		{"a*b*c", 1},
	} {
		if got := accidentalEmphasis(test.src); len(got) != test.want {
			t.Errorf("accidentalEmphasis(%q) = %q, want %d", test.src, got, test.want)
		}
	}
}

// TestMarkdownCells parses every markdown cell of every notebook as
// CommonMark (with GitHub's extensions) and fails on accidental emphasis.
func TestMarkdownCells(t *testing.T) {
	eachMarkdown(t, func(f string, i int, src string) {
		for _, e := range accidentalEmphasis(src) {
			t.Errorf("%s cell %d: emphasis inside a word around %s turns text italic: escape the * or _ (\\*) or write it as math", f, i, e)
		}
	})
}

// TestMarkdownSourceOnly fails on a markdown cell of a notebook that
// states what only the claim's code may state (sourceOnly): print it
// from the claim (nb.Claim, nb.Rule, nb.CheckOutcome, the findings) in a
// code cell, or explain the idea without it.
func TestMarkdownSourceOnly(t *testing.T) {
	eachMarkdown(t, func(f string, i int, src string) {
		for _, s := range sourceOnly(src) {
			t.Errorf("%s cell %d: %s", f, i, s)
		}
	})
}

// eachMarkdown calls fn with the source of every markdown cell of every
// notebook, with the notebook's file and the cell's index.
func eachMarkdown(t *testing.T, fn func(f string, i int, src string)) {
	t.Helper()
	for _, f := range notebookFiles(t) {
		nb, err := loadNotebook(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range nb.Cells {
			if c.CellType == "markdown" {
				fn(f, i, string(c.Source))
			}
		}
	}
}
