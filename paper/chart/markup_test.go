// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import "testing"

// TestPlain checks that Plain writes markup as plain text, Unicode scripts
// where they exist, words otherwise, that its results have no markup, and
// that markup finds the markup of the examples and none in plain
// text.
func TestPlain(t *testing.T) {
	for _, tc := range []struct{ in, want, markup string }{
		{"σ_{top}", "σ top", "_{"},
		{"σ_top", "σ top", "σ_t"},
		{"(σ_top, σ_low)", "(σ top, σ low)", "σ_t"},
		{"φ²_{r,k}", "φ² at (r, k)", "_{"},
		{"x_t", "xₜ", "x_t"},
		{"x_{t+1}", "xₜ₊₁", "_{"},
		{"(1/T) Σ_t ‖∇f(x_t)‖²", "(1/T) Σₜ ‖∇f(xₜ)‖²", "Σ_t"},
		{"f_i = x²/2", "fᵢ = x²/2", "f_i"},
		{"$\\|\\nabla f(x)\\|^2$", "‖∇f(x)‖²", "$"},
		{"\\sigma^{-1}", "σ⁻¹", "\\sigma"},
		{"x^2 and y^-1", "x² and y⁻¹", "x^2"},
		{"\\mathbb{E} \\sigma_*^2", "E σ*²", "\\mathbb"},
		{"A^T A", "Aᵀ A", "A^T"},
		{"\\frac{n}{b} epochs", "n/b epochs", "\\frac"},
		{"e^{top}", "e to the power top", "^{"},
		{"T^-0.50 (reference)", "T to the power -0.50 (reference)", "T^-"},
		{"T^-1, x^2.", "T⁻¹, x².", "T^-"},
		{"max_k φ²_{r,k}", "maxₖ φ² at (r, k)", "max_k"},
		// Plain text stays.
		{"σ*² ratio, k = 64 (±2 SE)", "σ*² ratio, k = 64 (±2 SE)", ""},
		{"loss _ gap", "loss _ gap", ""},
		{"a price in $", "a price in $", ""},
	} {
		if got := Plain(tc.in); got != tc.want {
			t.Errorf("Plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := markup(tc.in); got != tc.markup {
			t.Errorf("markup(%q) = %q, want %q", tc.in, got, tc.markup)
		}
		if m := markup(Plain(tc.in)); m != "" {
			t.Errorf("Plain(%q) = %q has markup %q", tc.in, Plain(tc.in), m)
		}
		if m := missingGlyphs(Plain(tc.in)); len(m) > 0 {
			t.Errorf("Plain(%q) = %q has characters %q the font lacks", tc.in, Plain(tc.in), string(m))
		}
	}
}
