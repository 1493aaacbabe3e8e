// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClean checks that clean removes the outputs a slider move leaves
// (a transient div, an emptied chart, empty HTML) and keeps the rest.
func TestClean(t *testing.T) {
	const saved = `{"cells": [{"cell_type": "code", "outputs": [
  {"output_type": "display_data", "data": {"text/html": ["<div id=\"dom.transient_div_1\"></div>"]}, "metadata": {}},
  {"output_type": "display_data", "data": {"text/html": ""}, "metadata": {}},
  {"output_type": "display_data", "data": {"text/html": "<p id=\"goodorder_explore_2\"></p>"}, "metadata": {}},
  {"output_type": "stream", "name": "stdout", "text": "σ_top = 20: ratio 0.5\n"},
  {"output_type": "display_data", "data": {"image/png": "iVBOR"}, "metadata": {}}
 ]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	path := filepath.Join(t.TempDir(), "x.ipynb")
	if err := os.WriteFile(path, []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := clean(path)
	if err != nil || n != 3 {
		t.Fatalf("clean: removed %d, %v; want 3", n, err)
	}
	b, _ := os.ReadFile(path)
	for _, want := range []string{"σ_top = 20", "iVBOR"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("cleaned notebook lost %q:\n%s", want, b)
		}
	}
	for _, gone := range []string{"transient_div", "goodorder_explore_"} {
		if strings.Contains(string(b), gone) {
			t.Errorf("cleaned notebook keeps %q", gone)
		}
	}
	if n, err := clean(path); n != 0 || err != nil {
		t.Errorf("second clean: removed %d, %v; want 0", n, err)
	}
}
