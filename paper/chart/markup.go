// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Charts show text as it is: neither the static images nor ECharts
// typeset TeX, so "σ_{top}" reaches the reader as those eight
// characters. Check rejects text with markup (see markup); Plain writes
// markup as plain text.

// subscripts and superscripts are the Unicode sub- and superscript forms
// of the characters that have one (DejaVu Sans draws them all).
var subscripts = map[rune]rune{
	'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
	'+': '₊', '-': '₋', '=': '₌', '(': '₍', ')': '₎', '*': '*',
	'a': 'ₐ', 'e': 'ₑ', 'o': 'ₒ', 'x': 'ₓ', 'h': 'ₕ', 'k': 'ₖ', 'l': 'ₗ', 'm': 'ₘ', 'n': 'ₙ',
	'p': 'ₚ', 's': 'ₛ', 't': 'ₜ', 'i': 'ᵢ', 'r': 'ᵣ', 'u': 'ᵤ', 'v': 'ᵥ', 'j': 'ⱼ',
}

var superscripts = map[rune]rune{
	'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
	'+': '⁺', '-': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', '*': '*',
	'a': 'ᵃ', 'b': 'ᵇ', 'c': 'ᶜ', 'd': 'ᵈ', 'e': 'ᵉ', 'f': 'ᶠ', 'g': 'ᵍ', 'h': 'ʰ', 'i': 'ⁱ', 'j': 'ʲ',
	'k': 'ᵏ', 'l': 'ˡ', 'm': 'ᵐ', 'n': 'ⁿ', 'o': 'ᵒ', 'p': 'ᵖ', 'r': 'ʳ', 's': 'ˢ', 't': 'ᵗ', 'u': 'ᵘ',
	'v': 'ᵛ', 'w': 'ʷ', 'x': 'ˣ', 'y': 'ʸ', 'z': 'ᶻ', 'T': 'ᵀ',
}

// texCommands are the TeX commands Plain writes as a character.
var texCommands = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "eta": "η",
	"theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "pi": "π", "rho": "ρ", "sigma": "σ",
	"tau": "τ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "xi": "ξ", "zeta": "ζ",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Pi": "Π", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"nabla": "∇", "sum": "Σ", "prod": "Π", "infty": "∞", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥",
	"ne": "≠", "neq": "≠", "approx": "≈", "sim": "~", "times": "×", "cdot": "·", "pm": "±", "to": "→",
	"rightarrow": "→", "leftarrow": "←", "in": "∈", "sqrt": "√", "ell": "ℓ", "partial": "∂",
	"|": "‖", "lVert": "‖", "rVert": "‖", "Vert": "‖", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋",
	"langle": "⟨", "rangle": "⟩", "star": "*", "ast": "*", ",": " ", ";": " ", ":": " ", " ": " ", "!": "",
	"quad": " ", "qquad": " ", "left": "", "right": "", "big": "", "Big": "", "bigl": "", "bigr": "",
	"%": "%", "_": "_", "{": "{", "}": "}", "&": "&", "#": "#",
}

// texWrappers are the TeX commands whose argument Plain keeps as it is.
var texWrappers = map[string]bool{
	"mathbb": true, "mathrm": true, "mathbf": true, "mathit": true, "mathcal": true, "text": true,
	"textrm": true, "textit": true, "textbf": true, "operatorname": true, "mathsf": true, "boldsymbol": true,
}

// Plain returns s, text that may hold TeX-like markup, as the plain text a
// chart shows (see Check): a pair of "$" dropped; a TeX command as its character
// ("\sigma" σ, "\nabla" ∇, "\|" ‖, "\le" ≤), its argument for
// "\mathbb{E}", "\text{...}" and the like, "a/b" for "\frac{a}{b}";
// a subscript ("_t", "_{t+1}") or superscript ("^2", "^{-1}", "^T") in
// Unicode's sub- and superscript characters where each character has one
// and the script is short (one letter, with digits and signs: "xₜ₊₁",
// "σ⁻¹"); otherwise in words: a subscript of one word after a space
// ("σ_{top}" "σ top"), one of several indices as "at (r, k)"
// ("φ²_{r,k}" "φ² at (r, k)"), a superscript as "to the power" and its
// text. Text without markup is returned as it is.
func Plain(s string) string {
	math := strings.Count(s, "$") >= 2
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '$':
			if !math {
				b.WriteRune(r)
			}
			i += n
		case '\\':
			name, rest := texName(s[i+1:])
			i = len(s) - len(rest)
			if name == "frac" {
				num, rest := texGroup(rest)
				den, rest := texGroup(rest)
				b.WriteString(Plain(num) + "/" + Plain(den))
				i = len(s) - len(rest)
				continue
			}
			if texWrappers[name] {
				arg, rest := texGroup(rest)
				b.WriteString(Plain(arg))
				i = len(s) - len(rest)
				continue
			}
			if c, ok := texCommands[name]; ok {
				b.WriteString(c)
			} else {
				b.WriteString(name)
			}
			// A command's name ends at a space, which TeX drops.
			if strings.HasPrefix(rest, " ") && unicode.IsLetter(rune(name[len(name)-1])) {
				i++
			}
		case '_', '^':
			arg, rest := scriptArg(s[i+1:], r == '^')
			if arg == "" {
				b.WriteRune(r)
				i += n
				continue
			}
			i = len(s) - len(rest)
			b.WriteString(script(Plain(arg), r == '^'))
		default:
			b.WriteRune(r)
			i += n
		}
	}
	return b.String()
}

// texName splits a TeX command's name (letters, or one other character)
// off s, the text after its backslash.
func texName(s string) (name, rest string) {
	end := 0
	for end < len(s) && ('a' <= s[end] && s[end] <= 'z' || 'A' <= s[end] && s[end] <= 'Z') {
		end++
	}
	if end == 0 && len(s) > 0 {
		_, end = utf8.DecodeRuneInString(s)
	}
	return s[:end], s[end:]
}

// texGroup splits the argument of a command or script off s: the text
// of a braced group, or a single character (after spaces).
func texGroup(s string) (arg, rest string) {
	s = strings.TrimLeft(s, " ")
	if s == "" {
		return "", s
	}
	if s[0] != '{' {
		_, n := utf8.DecodeRuneInString(s)
		return s[:n], s[n:]
	}
	depth := 0
	for i, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:]
			}
		}
	}
	return s[1:], ""
}

// scriptArg splits the argument of a sub- or superscript (sup) off s: a
// braced group, or else the word that follows (letters and digits, after
// a minus sign for a superscript), as authors write "σ_top" or "x^-1".
func scriptArg(s string, sup bool) (arg, rest string) {
	if strings.HasPrefix(s, "{") {
		return texGroup(s)
	}
	end := 0
	for i, r := range s {
		// A decimal point between digits belongs to the number.
		point := r == '.' && i > 0 && unicode.IsDigit(rune(s[i-1])) && i+1 < len(s) && unicode.IsDigit(rune(s[i+1]))
		if unicode.IsLetter(r) || unicode.IsDigit(r) || point || i == 0 && (sup && r == '-' || r == '*') {
			end = i + utf8.RuneLen(r)
			if r == '*' {
				break
			}
			continue
		}
		break
	}
	return s[:end], s[end:]
}

// script writes arg, the text of a subscript (or of a superscript if
// sup), as Plain says.
func script(arg string, sup bool) string {
	table := subscripts
	if sup {
		table = superscripts
	}
	letters := 0
	short := true
	for _, r := range arg {
		if unicode.IsLetter(r) {
			letters++
		}
		if _, ok := table[r]; !ok {
			short = false
		}
	}
	if short && letters <= 1 {
		var b strings.Builder
		for _, r := range arg {
			b.WriteRune(table[r])
		}
		return b.String()
	}
	if sup {
		return " to the power " + arg
	}
	if strings.Contains(arg, ",") {
		parts := strings.Split(arg, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return " at (" + strings.Join(parts, ", ") + ")"
	}
	return " " + arg
}

// markup returns the first piece of markup in s, "" if none: "_{" or
// "^{"; a backslash (a TeX command); "_" or "^" between a character that
// is not a space and a letter or digit ("σ_top", "x_t", "x^2"); or a
// pair of "$".
func markup(s string) string {
	if strings.Count(s, "$") >= 2 {
		return "$"
	}
	rs := []rune(s)
	for i, r := range rs {
		switch r {
		case '\\':
			end := min(len(rs), i+2)
			for end < len(rs) && unicode.IsLetter(rs[end-1]) && unicode.IsLetter(rs[end]) {
				end++
			}
			return string(rs[i:end])
		case '_', '^':
			if i+1 >= len(rs) {
				continue
			}
			next := rs[i+1]
			if next == '{' {
				return string(rs[i : i+2])
			}
			if i > 0 && !unicode.IsSpace(rs[i-1]) && (unicode.IsLetter(next) || unicode.IsDigit(next) || r == '^' && next == '-') {
				// From the start of the word before, "max_k" rather
				// than "x_k".
				start := i - 1
				for start > 0 && unicode.IsLetter(rs[start-1]) && unicode.IsLetter(rs[start]) {
					start--
				}
				return string(rs[start : i+2])
			}
		}
	}
	return ""
}
