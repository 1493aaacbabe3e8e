// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command nbclean removes from notebooks, in place, the outputs that GoNB's
// widgets leave in a notebook saved from Jupyter after a slider moved: the
// transient divs (ids "dom.transient_div_..."), the explore cell's
// emptied chart and slider rows, and display outputs whose every value is
// empty. Everything else is left as it was (make notebooks-clean then
// lets nbconvert write the file in its usual form).
//
// Usage:
//
//	go run ./notebooks/internal/nbclean notebook.ipynb...
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: nbclean notebook.ipynb...")
		os.Exit(2)
	}
	for _, path := range os.Args[1:] {
		n, err := clean(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "nbclean:", err)
			os.Exit(1)
		}
		if n > 0 {
			fmt.Printf("%s: removed %d widget outputs\n", path, n)
		}
	}
}

// clean removes the widget outputs of the notebook at path, rewriting it
// only if there were any, and returns how many it removed.
func clean(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var nb map[string]any
	if err := json.Unmarshal(b, &nb); err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	cells, _ := nb["cells"].([]any)
	removed := 0
	for _, c := range cells {
		cell, _ := c.(map[string]any)
		outs, ok := cell["outputs"].([]any)
		if !ok {
			continue
		}
		kept := outs[:0]
		for _, o := range outs {
			if IsWidgetStub(o) {
				removed++
				continue
			}
			kept = append(kept, o)
		}
		cell["outputs"] = kept
	}
	if removed == 0 {
		return 0, nil
	}
	out, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		return 0, err
	}
	return removed, os.WriteFile(path, append(out, '\n'), 0o644)
}

// stubMarks are in the HTML of the outputs widgets leave behind.
var stubMarks = []string{"dom.transient_div_", "goodorder_explore_", "goodorder_slider_"}

// IsWidgetStub reports whether the nbformat output o (decoded JSON) is one
// that a widget left: a display output whose HTML holds a stubMarks id,
// or whose every value is empty.
func IsWidgetStub(o any) bool {
	out, _ := o.(map[string]any)
	if t := out["output_type"]; t != "display_data" && t != "update_display_data" {
		return false
	}
	data, _ := out["data"].(map[string]any)
	empty := true
	for _, v := range data {
		s := text(v)
		for _, m := range stubMarks {
			if strings.Contains(s, m) {
				return true
			}
		}
		empty = empty && strings.TrimSpace(s) == ""
	}
	return empty
}

// text joins an nbformat multi-line string.
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		var b strings.Builder
		for _, l := range v {
			s, _ := l.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}
