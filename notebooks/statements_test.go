// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package notebooks

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// Markdown in a notebook explains a claim, its formula and what to tweak;
// a result (a measured number, a count of cases, a verdict) is printed by
// a code cell from the claim's findings, so that it cannot drift from the
// run the notebook shows. resultStatements finds the sentences of a
// markdown cell that state a result anyway. The rule, with math
// ($...$), code (`...`) and headings set aside, sentence by sentence:
//
//  1. a count of cases, "N of M" in digits or words ("six of seven",
//     "5 of 5");
//  2. a number with a unit of measured size: points, times (as in "4
//     times worse"), standard errors, "of the loss", percent; unless the
//     sentence quotes the paper ("the paper", "paper:") or states a limit
//     or a goal ("up to", "at most", "at least", "within", "goal",
//     "threshold", a "95% interval" or "95% band");
//  3. a verdict or a finding about a run: holds (as a verdict: "holds."
//     or "holds for/in/here", not "each batch holds one class"),
//     reproduced, inconclusive, not tested, agrees with, contradicts,
//     confirms, diverged, lies on/under, stalls, does worse, wins back,
//     gains most; unless the sentence states a rule or a question,
//     naming "if", "whether", "when", "where", "unless", "counts as",
//     "verdict", "rule", "check", "would", "should" or "must", or quotes
//     the paper ("the paper", or the Theorem, Lemma, Remark, Assumption
//     or Corollary by its number, as in "Theorem 1 holds for every order");
//  4. "the committed run" or "in this run": a sentence about the
//     notebook's own outputs.
//
// Numbers in formulas, parameter values ("5 seeds", "σ_top = 100") and the
// paper's own numbers pass.
func resultStatements(src string) []string {
	var bad []string
	for _, s := range sentences(plainText(src)) {
		for _, r := range resultRules {
			if r.match(s) {
				bad = append(bad, fmt.Sprintf("%s: %q", r.name, s))
				break
			}
		}
	}
	return bad
}

// plainText returns the markdown src without math, code spans, code
// blocks and headings.
func plainText(src string) string {
	src = codeBlock.ReplaceAllString(src, " ")
	src = mathSpan.ReplaceAllString(src, " MATH ")
	src = codeSpan.ReplaceAllString(src, " CODE ")
	var keep []string
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

var (
	codeBlock = regexp.MustCompile("(?s)```.*?```")
	codeSpan  = regexp.MustCompile("`[^`]*`")
	// sentenceEnd ends a sentence: a full stop, question or exclamation
	// mark, or colon before a space, or a line break before a list item
	// or a blank line.
	sentenceEnd = regexp.MustCompile(`[.?!;]\s+|\n\s*\n|\n\s*[-*] `)
)

func sentences(text string) []string {
	var out []string
	for _, s := range sentenceEnd.Split(text, -1) {
		if s = strings.Join(strings.Fields(s), " "); s != "" {
			out = append(out, s)
		}
	}
	return out
}

const numberWord = `(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`

type resultRule struct {
	name   string
	re     *regexp.Regexp
	unless *regexp.Regexp // nil: no exception
}

func (r resultRule) match(s string) bool {
	return r.re.MatchString(s) && (r.unless == nil || !r.unless.MatchString(s))
}

var (
	quotesPaper = `the paper|paper:|paper's|\(the paper`
	resultRules = []resultRule{
		{
			name: "a count of cases",
			re:   regexp.MustCompile(`(?i)\b` + numberWord + `\s+(?:out\s+)?of\s+(?:the\s+|its\s+)?` + numberWord + `\b`),
		},
		{
			name:   "a measured number",
			re:     regexp.MustCompile(`(?i)\d(?:[\d.,]*\d)?\s*(?:points?\b|times\b|standard errors?\b|of the loss\b|%)`),
			unless: regexp.MustCompile(`(?i)` + quotesPaper + `|\bup to\b|\bat most\b|\bat least\b|\bwithin\b|\bgoal\b|\bthreshold\b|\d+% (?:intervals?|bands?)\b`),
		},
		{
			name:   "a verdict or finding",
			re:     regexp.MustCompile(`(?i)\b(?:holds(?:[.,;:)]|\s+(?:for|in|here|at|on|everywhere)\b|$)|reproduced|inconclusive|not tested|agrees? with|contradicts?|confirms?|confirmed|diverged|lies (?:on|under|below|above)|stalls|does worse|wins back|gains most)\b`),
			unless: regexp.MustCompile(`(?i)\b(?:if|whether|when|where|unless|counts as|verdict|rule|check|would|should|must)\b|\b(?:Theorem|Lemma|Remark|Assumption|Corollary)\s+\d|` + quotesPaper),
		},
		{
			name: "about the notebook's own run",
			re:   regexp.MustCompile(`(?i)\bthe committed run\b|\bin this run\b`),
		},
	}
)

func TestResultStatements(t *testing.T) {
	for _, test := range []struct {
		src  string
		want int
	}{
		// What drifted in notebook 40.
		{"The sweep finds the paper's regime, and there greedy wins back at least half of the loss in six of the seven settings.", 1},
		{"At momentum 0.9 standard batching does worse than same-class batching, by 15.9 points.", 1},
		{"Same-class batching does hurt RR: 1.4 points on MNIST.", 1},
		{"Grey cells diverged.", 1},
		{"These sentences describe the committed run.", 1},
		{"Every run lies under both bounds.", 1},
		{"This agrees with the lemma.", 1},
		{"The bad fixed order is 4–6 times worse than random reshuffling.", 1},
		{"Two-level wins in 5 of 5 cells.", 1},
		// Formulas, parameters, the paper's numbers and rules pass.
		{"The recovery is $(\\text{greedy}_{sc} - \\text{RR}_{sc}) / (\\text{RR}_{std} - \\text{RR}_{sc})$ (the paper: 0.78).", 0},
		{"Its loss is RR_std − RR_sc (the paper: 92.72 − 73.46 = 19.26 points).", 0},
		{"A sweep over batch size 16, 64, 256 and 1×, 3×, 10× the tuned rates, with 3 seeds.", 0},
		{"The claim counts as reproduced when the ratio is below 0.8 in at least three quarters of the row.", 0},
		{"The CHECK line says whether the claim holds.", 0},
		{"Set `c.Seeds = 10` to narrow the intervals; `6 of 7` in code is code.", 0},
		{"Theorem 1 holds for every order with $\\sigma_\\star^2 \\le n^2\\sigma^2$, Remark 3 says.", 0},
		{"The learning rate is tuned over 20 values, up to 10 times the default.", 0},
		{"Paired 95% intervals over the seeds; the settings where RR loses at least 5 points.", 0},
		{"The ratios, with 95% bands, on both storages.", 0},
		{"The tie is not settled (+0.3 points, interval [−0.04, +0.69]).", 1},
	} {
		if got := resultStatements(test.src); len(got) != test.want {
			t.Errorf("resultStatements(%q) = %q, want %d", test.src, got, test.want)
		}
	}
}

// TestMarkdownStatesNoResult fails on a markdown cell of a notebook that
// states a result (resultStatements): print it from the findings in a
// code cell instead.
func TestMarkdownStatesNoResult(t *testing.T) {
	eachMarkdown(t, func(f string, i int, src string) {
		for _, s := range resultStatements(src) {
			t.Errorf("%s cell %d states a result in markdown (%s): print it from the claim's findings in a code cell, or rephrase it as what to look for", f, i, s)
		}
	})
}
