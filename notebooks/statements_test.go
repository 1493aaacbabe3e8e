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

// The source is the only writer (issue 36). A notebook's markdown
// explains the idea, the formula and what the cells compute; what the
// paper states, the rule that judges it, the verdict and every number
// are printed by a code cell from the claim (nb.Claim: its Statement;
// nb.Rule: its rule text; nb.CheckOutcome: its verdict and findings),
// so that no sentence can drift from the run printed under it.
//
// sourceOnly finds what a markdown cell must leave to the code. It reads
// the cell with its code blocks, code spans (`...`), TeX ($...$,
// $$...$$) and the numbers of an ordered list set aside, headings
// included, sentence by sentence, and
// reports a sentence that has:
//
//  1. a number: a digit (0-9) or a vulgar fraction (¼, ½, ...), except
//     in the name of a part of the paper ("Theorem 1", "Section 6.2",
//     "Assumptions 1–4", "Figure 1", "Table 1") and in a name that ends
//     in a number after a hyphen ("ResNet-18", "CIFAR-10"); numbers
//     belong in a formula or in code. Number words are allowed where
//     they name an idea ("two-level", "one class per batch"), not as a
//     count ("five of seven", "four times", "twice", "half of", "one
//     line per batching": what a chart draws is the chart's to say);
//  2. a verdict word: reproduced, hold/holds (the verdict's word, also in
//     "each batch holds one class": write "is"), goal met, inconclusive,
//     (un)settled, not tested, confirms, fails, beats, wins, outperforms,
//     agrees with, contradicts, consistent with, succeeds, verifies,
//     "as good as", converged, "did not converge";
//  3. a direction, a claim about which way a measurement goes: faster,
//     slower, better, worse, fewer, smaller, larger, higher, lower (but
//     not "lower bound"), greater, more than, less than, grows, falls,
//     drops, rises, shrinks, increases, decreases, improves, hurts,
//     approaches, close to, far below, exceeds, dominates, levels off,
//     stalls, diverges, poor, "is best", "is worst", should, expect;
//  4. a rule: at least, at most, below or above a value (not "the chart
//     below", "the cells above"), within a margin ("within ±",
//     "within its", "within twice"), margin, threshold, tolerance, iff,
//     "if and only if", "counts as", "passes if", "we judge", "is judged",
//     "judged by/on/against/as", "the verdict is", "within/in/times
//     (its) standard errors" (a mean and its standard error pass),
//     non-inferiority, equivalence test, one-/two-sided, p-value,
//     significant, must;
//  5. a quote of the paper: text in quotation marks ("..." or “...”) of
//     two words or more, a blockquote ("> "), "the paper:", "the paper
//     says/states/shows/writes/reports/finds/claims", "as printed";
//  6. a statement about the notebook's own run: "this run", "the
//     committed run", "our run", "we find/found/measured/observe/see".
//
// A sentence that explains an idea passes: "The sorted order visits every
// $+\sigma$ component, then every $-\sigma$ one."
func sourceOnly(src string) []string {
	var bad []string
	for _, s := range sentences(proseOf(src)) {
		for _, r := range sourceOnlyRules {
			if m := r.re.FindString(s); m != "" {
				bad = append(bad, fmt.Sprintf("%s %q: %q", r.name, m, s))
				break
			}
		}
	}
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), ">") {
			bad = append(bad, fmt.Sprintf("a quote of the paper (a blockquote): %q", line))
		}
	}
	return bad
}

// proseOf returns the markdown src without code blocks, TeX and code
// spans, and with the words that pass whatever rule they would meet
// replaced by neutral ones: the names of parts of the paper and
// hyphenated names ending in a number, "lower bound" and "upper bound",
// and "below"/"above" that point at another cell or chart.
func proseOf(src string) string {
	src = codeBlock.ReplaceAllString(src, " ")
	src = listNumber.ReplaceAllString(src, "- ")
	src = mathSpan.ReplaceAllString(src, " MATH ")
	src = codeSpan.ReplaceAllString(src, " CODE ")
	src = paperPart.ReplaceAllString(src, "PART")
	src = numberedName.ReplaceAllString(src, "${1}NAME")
	src = boundName.ReplaceAllString(src, "BOUND")
	return pointer.ReplaceAllString(src, "POINTER")
}

var (
	codeBlock = regexp.MustCompile("(?s)```.*?```")
	codeSpan  = regexp.MustCompile("`[^`]*`")
	// listNumber is the number of an item of an ordered list.
	listNumber = regexp.MustCompile(`(?m)^\s*\d+\.\s`)
	// paperPart is the name of a part of the paper, "Theorem 1",
	// "Section 6.2", "Assumptions 1–4", "Lemma 2's".
	paperPart = regexp.MustCompile(`\b(?:Theorem|Lemma|Remark|Assumption|Corollary|Algorithm|Section|Figure|Table|Appendix|Equation|Definition|Proposition)s?\s+[A-Z]?\d+(?:\.\d+)*(?:\s*[–-]\s*\d+)?\b`)
	// numberedName is a name that ends in a number after a hyphen:
	// ResNet-18, CIFAR-10.
	numberedName = regexp.MustCompile(`(\b[A-Za-z]+)-\d+\b`)
	boundName    = regexp.MustCompile(`(?i)\b(?:lower|upper)[ -]bounds?\b`)
	// pointer is "below" or "above" pointing at another cell, chart or
	// line: "the chart below", "printed above", "below the table", and
	// either at the end of a clause.
	pointer = regexp.MustCompile(`(?i)\b(?:(?:cells?|charts?|tables?|lines?|outputs?|heatmaps?|maps?|code|text|plots?|figures?|lists?|sliders?|printed|shown|drawn|printout|rows?|columns?|values?|experiments?|checks?|verdicts?|results?|summary|summaries|ratios?|sentences?|study|notebook|runs?|gaps?)\s+(?:just\s+)?(?:below|above)|(?:below|above)\s+(?:the|this|each|it|them)\s+(?:charts?|tables?|heatmaps?|cells?|lines?|plots?|outputs?|figures?|lists?|maps?)\b|(?:below|above)\s*(?:[:.,;)]|$))`)
	// sentenceEnd ends a sentence: a full stop, question or exclamation
	// mark, or semicolon before a space, or a line break before a list
	// item or a blank line.
	sentenceEnd = regexp.MustCompile(`[.?!;]\s+|\n\s*\n|\n\s*(?:[-*]|\d+\.) `)
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

type sourceOnlyRule struct {
	name string
	re   *regexp.Regexp
}

const numberWord = `(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`

var sourceOnlyRules = []sourceOnlyRule{
	{"a number", regexp.MustCompile(`[0-9¼½¾⅓⅔⅛]+(?:[.,][0-9]+)*|(?i)\b` + numberWord + `\s+(?:out\s+)?of\s+(?:the\s+|its\s+)?` + numberWord + `\b|(?i)\b(?:` + numberWord + `\s+times|twice|thrice|half of|a quarter|three quarters)\b|(?i)\bone (?:line|curve|point|bar|band|panel|series|row|column|map)s? (?:per|for each|for every|each)\b`)},
	{"a verdict word", regexp.MustCompile(`(?i)\b(?:reproduc(?:ed|es|ing)|hold(?:s|ing)?|goal (?:is )?(?:not )?met|met|inconclusive|(?:un)?settled?|not tested|confirm(?:s|ed|ing)?|fail(?:s|ed|ing)?|beat(?:s|en)?|win(?:s|ning)?|won|outperform\w*|agree(?:s|d)? with|contradict\w*|consistent with|succeed\w*|verif(?:y|ies|ied)|as good as|converged|(?:did|does|do)(?:n't| not) converge)\b`)},
	{"a direction", regexp.MustCompile(`(?i)\b(?:faster|slower|better|worse|fewer|smaller|larger|bigger|higher|lower|greater|more than|less than|grow(?:s|ing)?|falls?|falling|drops?|rises?|shrinks?|increas(?:es|ing)|decreas(?:es|ing)|improv(?:es|ing)|hurts?|approach(?:es|ing)?|close to|far (?:below|above|from|worse|better)|exceeds?|dominat(?:es|ing)|levels? off|stall(?:s|ing)?|diverg(?:es|ed|ing)|poor(?:ly)?|(?:is|are) (?:the )?(?:best|worst)|should|expect(?:s|ed)?)\b`)},
	{"a rule", regexp.MustCompile(`(?i)\b(?:at least|at most|below|above|within (?:±|its|their|twice|a factor|the (?:tolerance|margin|bound|interval))|margins?|thresholds?|tolerances?|iff|if and only if|counts? as|pass(?:es)? if|we judge|(?:is|are|be) judged|judged (?:by|on|against|as)|the verdict is|(?:within|twice|times|in)\s+(?:its\s+|their\s+|the\s+)?standard errors?|non-inferiority|equivalence test|(?:one|two)-sided|p-values?|significant\w*|must)\b|±`)},
	{"a quote of the paper", regexp.MustCompile(`(?i)"[^"]*\s[^"]*"|“[^”]*\s[^”]*”|\bthe paper:|\bthe paper (?:says|states|shows|writes|reports|finds|claims)\b|\bas printed\b`)},
	{"a statement about this run", regexp.MustCompile(`(?i)\b(?:this run|the committed run|our run|we (?:find|found|measured?|observed?|see|saw))\b`)},
}

func TestMarkdownStatementRule(t *testing.T) {
	for _, test := range []struct {
		src  string
		fail bool
	}{
		// The examples (issue 36), each a sentence of a notebook
		// that its outputs contradicted.
		{"What to look for: both orders shrink the gradient at the same geometric rate at first.", true},
		{"The claim counts as reproduced when, at the largest σ_top, the geometric mean of the ratio over m is below 0.8.", true},
		{"Mean steps to the target against the learning rate (a missing point: some run did not converge).", true},
		{"The lemma puts the Monte Carlo curve on the parabola within its standard errors, the CHECK line whether it is within the tolerance.", true},
		{"The greedy order stays close to the bound on random matrices.", true},
		{"The claim is *not tested* where same-class batching is not shown to hurt RR.", true},
		{"The cells below read your cached runs, or else show the committed result (the first line printed says which).", false},
		{"Every order then trains at those rates and only these runs read the test set.", false},
		{"RR's final accuracy against the learning rate, one line per batching.", true},
		{"The largest deviation in standard errors.", true},
		{"Final test accuracy (mean and standard error over the seeds).", false},
		{"goal met if Spearman's ρ is positive with p < 0.05, not met if ρ ≤ 0, inconclusive otherwise.", true},
		{"The check asks whether each matches greedy's accuracy within twice its standard error.", true},
		{"Random reshuffling over at most 20,000 trials.", true},
		{"Same-class batches make the order matter: a random order of them is a poor one.", true},
		{"The first epoch of every learning order is a random order, so the orders part from epoch 2 on.", true},
		{"The goal, fixed in the code before the run: CD-GraB's herding below D-RR's at every W.", true},
		{"Raise the knob and watch every shuffle but grain's window shuffle approach RR.", true},
		{"On MNIST in a random order, every shuffle is already as good as RR at the smallest knob.", true},
		// Results, counts, rules and quotes of other kinds.
		{"Two-level wins in 5 of 5 cells.", true},
		{"Two-level shuffling wins in six of seven cells.", true},
		{"The bad fixed order is four times worse than random reshuffling.", true},
		{"These sentences describe the committed run.", true},
		{"The text says \"the Greedy algorithm is able to obtain similar accuracy to RR\".", true},
		{"> We now train a ResNet-18 on CIFAR-10.", true},
		{"The paper: 92.72 − 73.46 points.", true},
		{"Two-level shuffling needs fewer steps than standard shuffling.", true},
		{"The ratio falls as $\\sigma_{top}$ grows.", true},
		{"Each batch holds one class.", true},
		{"The tie is settled by a TOST.", true},
		{"The dashed line at the margin: a shuffle under it is as good as RR.", true},
		// Explanations of an idea or a formula, and pointers to code.
		{"The *sorted* order visits all the $+\\sigma$ components, then all the $-\\sigma$ ones.", false},
		{"Theorem 1 bounds the average $\\frac1T\\sum_t\\|\\nabla f(x_t)\\|^2$ under Assumptions 1–4 (Section 6.2, Figure 1).", false},
		{"The experiment is `paper.TwoLevelConfig.Run`; set `c.Seeds = 10` in `config`.", false},
		{"A ResNet-18 on CIFAR-10, here a small network on MNIST.", false},
		{"The cell below prints the claim's statement, the rule that judges it and the verdict, from the claim.", false},
		{"Blue cells: the ratio $r < 1$; red: $r > 1$.", false},
		{"Appendix C's lower bound $\\sigma_\\star^2 \\ge \\sigma^2/4$ and the two-level structure of one class per batch.", false},
		{"## Learning-rate curves of one cell", false},
		{"Read the table above beside the chart below.", false},
	} {
		got := sourceOnly(test.src)
		if (len(got) > 0) != test.fail {
			t.Errorf("sourceOnly(%q) = %q, want a failure: %v", test.src, got, test.fail)
		}
	}
}
