// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/goodorder/goodorder/paper/atomic"
	"github.com/goodorder/goodorder/paper/chart"
)

// Result is a claim's outcome with the conditions it was measured under.
// It holds nothing that depends on the machine or on the cache, so that a
// rerun with the same seed and build writes the same bytes: wall times go
// to the timings file (TimingsFile).
type Result struct {
	ID    string `json:"id"`
	Scale string `json:"scale"`
	Seed  uint64 `json:"seed"`
	// BLAS is the build's BLAS (ordering.BLAS): "openblas" or "purego".
	// The builds agree in every verdict, not in every last bit.
	BLAS string `json:"blas,omitempty"`
	// Kernel is OpenBLAS's kernel (ordering.BLASKernel), "" in the pure-Go
	// build: results are bit-identical across CPUs that run the same one.
	Kernel  string   `json:"kernel,omitempty"`
	Outcome *Outcome `json:"outcome"`
	// Parts are the quantities each part of the claim's rule judged
	// (SeedParts of the outcome's Judgement): a registration plans from
	// them where no exploratory seeds pass ran the claim (the
	// paper-scale claims).
	Parts []SeedPart `json:"parts,omitempty"`
	// Judge is the claim's judging code (JudgeCode) when the result was
	// judged, "" in a result saved before results recorded it.
	Judge string `json:"judge,omitempty"`
}

// RuleNote says, for a result judged by other code than the claim's
// current judging code (JudgeCode), that its verdict may be an earlier
// rule's; "" for a result judged by the current code.
func (r *Result) RuleNote() string {
	h, err := JudgeCode(r.ID)
	switch {
	case err != nil || r.Judge == h:
		return ""
	case supersededNote(r.ID) != "":
		return supersededNote(r.ID)
	case r.Judge == "":
		return "saved before results recorded their judging code, so perhaps judged by an earlier rule than the current one"
	}
	return "judged by an earlier rule than the current one"
}

// supersededNote returns claim id's Superseded, "" for a claim without
// one or not in the registry.
func supersededNote(id string) string {
	c, _ := Lookup(id)
	return c.Superseded
}

// resultPath is where the result of claim id is kept in the figure folder,
// so that a report can be assembled from claims run at different times.
func resultPath(figDir, id string) string {
	return filepath.Join(figDir, "results", id+".json")
}

// SaveResult writes r into figDir/results/<id>.json, with the charts its
// outcome holds (Outcome.Charts, as a claim's Run run with an Env.FigDir
// of "" returns them) into figDir: all of these files together
// (atomic.CommitAll), or none if ctx is done before they are renamed into
// place, when it returns ctx's error. So a claim stopped by an interrupt
// leaves its charts and result as they were, and a finished one never has
// new charts beside an old result.
func SaveResult(ctx context.Context, figDir string, r *Result) error {
	var staged []*atomic.File
	if r.Outcome != nil {
		var err error
		if staged, err = r.Outcome.stageFigures(figDir); err != nil {
			return fmt.Errorf("paper: charts of %s: %w", r.ID, err)
		}
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err == nil {
		err = os.MkdirAll(filepath.Dir(resultPath(figDir, r.ID)), 0o755)
	}
	var f *atomic.File
	if err == nil {
		f, err = atomic.Create(resultPath(figDir, r.ID))
	}
	if err == nil {
		staged = append(staged, f)
		_, err = f.Write(append(b, '\n'))
	}
	if err == nil {
		err = atomic.CommitAll(ctx, staged...)
	} else {
		for _, s := range staged {
			s.Abort()
		}
	}
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("paper: result of %s: %w", r.ID, err)
	}
	return err
}

// WriteFigures writes every chart of o into dir as base.png, .svg, .html
// and .csv (see chart.WriteAll), all of them together or none, and sets
// o.Figures to their base names.
func (o *Outcome) WriteFigures(dir string) error {
	return o.writeFigures(context.Background(), dir)
}

// writeFigures is WriteFigures unless ctx is done before the files are
// renamed into place, when it writes none and returns ctx's error; a dir
// of "" writes none and only sets o.Figures.
func (o *Outcome) writeFigures(ctx context.Context, dir string) error {
	if dir == "" {
		o.setFigures()
		return ctx.Err()
	}
	staged, err := o.stageFigures(dir)
	if err != nil {
		return err
	}
	return atomic.CommitAll(ctx, staged...)
}

// stageFigures sets o.Figures to the base names of o's charts and stages
// their files in dir (chart.Stage) for the caller to commit together
// (atomic.CommitAll); on error nothing stays staged.
func (o *Outcome) stageFigures(dir string) ([]*atomic.File, error) {
	o.setFigures()
	var staged []*atomic.File
	for _, f := range o.Charts {
		_, files, err := chart.Stage(dir, f.Base, f.Title, f.Chart)
		if err != nil {
			for _, s := range staged {
				s.Abort()
			}
			return nil, err
		}
		staged = append(staged, files...)
	}
	return staged, nil
}

// setFigures sets o.Figures to the base names of o's charts.
func (o *Outcome) setFigures() {
	o.Figures = o.Figures[:0]
	for _, f := range o.Charts {
		o.Figures = append(o.Figures, f.Base)
	}
}

// LoadResult reads the saved result of claim id; it returns nil and no
// error if there is none.
func LoadResult(figDir, id string) (*Result, error) {
	return loadJSON[Result](resultPath(figDir, id))
}

// MaxResultFile is the most bytes a file of the results folder may hold
// when read (LoadResult, LoadRobustness, the timings file): 64 MiB, a
// hundred times the largest real one, so that a read of a link to an
// endless device or of a corrupt file stays bounded.
const MaxResultFile = 64 << 20

// loadJSON reads the JSON file at path into a new T; it returns nil and no
// error if there is none. It reads only a regular file of at most
// MaxResultFile bytes (atomic.ReadFile): a named pipe, a device or a link
// there is an error naming it, never a hang or an unbounded read.
func loadJSON[T any](path string) (*T, error) {
	b, err := atomic.ReadFile(path, MaxResultFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("paper: %w", err)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("paper: %s: %w", path, err)
	}
	return &v, nil
}

// TimingsFile is the base name of the timings file in the results folder
// of the figure folder. It depends on the machine and is not committed
// (.gitignore lists it).
const TimingsFile = "timings.json"

// statementLabel returns the label of a claim's statement in its section
// of the report: "The paper:" for a statement of the paper, "Our goal:"
// for a goal of ours beyond it (Claim.Goal), which quotes the paper, or
// work it builds on, only as its motivation.
func statementLabel(c Claim) string {
	if c.Goal {
		return "Our goal:"
	}
	return "The paper:"
}

// WriteReport writes the Markdown report to path atomically: the front
// tables (writeFront: the paper's statements, then our goals, each with
// our answer and the number that decides it), "What we found", and one
// section per registered claim, with the paper's statement, our numbers,
// the verdict, its brief, the figures (linked relative to the report) and
// the protocol choices. Claims without a saved result in figDir are
// listed as not run.
func WriteReport(path, figDir string) error {
	rel, err := filepath.Rel(filepath.Dir(path), figDir)
	if err != nil {
		rel = figDir
	}
	rel = filepath.ToSlash(rel)
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Reproduction report\n\n")
	fmt.Fprintf(&b, "Mohtashami, Stich and Jaggi, *Characterizing & Finding Good Data Orderings for Fast Convergence of Sequential Gradient Methods*: every claim we check, the paper's statement beside our measurement.\n\n")
	results := make([]*Result, len(registry))
	for i, c := range registry {
		r, err := LoadResult(figDir, c.ID)
		if err != nil {
			return err
		}
		results[i] = r
	}
	rob, err := LoadRobustness(figDir)
	if err != nil {
		return err
	}
	conf, err := LoadConfirmation(figDir)
	if err != nil {
		return err
	}
	// The registration sits beside the report (paper/); a report written
	// elsewhere has none, and says so.
	regs, err := ReadRegistration(filepath.Join(filepath.Dir(path), filepath.Base(RegistrationFile)))
	if err != nil && !errors.Is(err, ErrNoRegistration) {
		return err
	}
	conf = conf.againPending(regs)
	writeFront(&b, results, rob, conf, regs, rel)
	fmt.Fprintf(&b, "Generated by `make reproduce` (`go run -tags openblas ./paper/reproduce`); do not edit by hand. Each section says the scale, seed and BLAS build (OpenBLAS or gonum's pure Go, which agree in every verdict, not in every last bit) it was run with. Nothing here depends on the machine: wall times, and the speed ratios some claims measure, are written with the machine and the command to %s/results/%s, which is not committed.\n\n", rel, TimingsFile)
	fmt.Fprintf(&b, "Verdicts: a statement of the paper is reproduced, partly reproduced or not reproduced; a goal of ours beyond the paper is met or not met; inconclusive means the seeds settle the statement neither way at the claim's thresholds, and not tested that its precondition does not hold in our setting. Each rule is stated in its claim's protocol list, which says when the rule last changed and what it said before where earlier results of the same claim were known. Where the robustness pass reran a claim with several base seeds, its verdict is the seeds' (\"reproduced in 5 of 5 seeds\"); a claim too costly for the pass is marked as one draw. The errors we found in the paper's text, and how we read each, are listed at the end under [Slips in the paper](#slips-in-the-paper).\n\n")
	writeFound(&b, results, rob, conf)
	for i, c := range registry {
		fmt.Fprintf(&b, "\n## %s\n\n", c.ID)
		fmt.Fprintf(&b, "**Where:** %s\n\n**%s** %s\n\n", c.Where, statementLabel(c), c.Statement)
		r := results[i]
		if r == nil || r.Outcome == nil {
			if why := c.Skipped(Default, nil); why != "" {
				fmt.Fprintf(&b, "Not run: %s.\n", why)
				continue
			}
			fmt.Fprintf(&b, "Not run yet: `go run ./paper/reproduce -only %s`.\n", c.ID)
			continue
		}
		o := r.Outcome
		fmt.Fprintf(&b, "**Verdict:** %s. %s\n\n", headline(c.ID, r, rob), o.Summary)
		if l := confirmLine(c, conf); l != "" {
			fmt.Fprintf(&b, "%s\n\n", l)
		}
		earlier := r.RuleNote() != ""
		if earlier && c.Rule != nil {
			reg := ""
			if c.Registration != "" {
				reg = " The registration on its protocol: " + c.Registration
			}
			fmt.Fprintf(&b, "**The registered rule** (it judged the confirmatory pass; the result below was judged by an earlier rule or design, and the protocol list at the end of this section is that result's): %s%s\n\n", strings.Join(c.Rule.Text(), " "), reg)
		}
		if o.Brief != "" {
			brief := o.Brief
			if earlier {
				brief = "(of the result judged by an earlier rule or design) " + brief
			}
			fmt.Fprintf(&b, "**In brief:** %s\n\n", brief)
		}
		if d := o.Decides; d != nil {
			paper := ""
			if d.Paper != "" {
				paper = fmt.Sprintf(" (%s: %s)", map[bool]string{false: "paper", true: "goal"}[c.Goal], d.Paper)
			}
			if c.Criterion != "" {
				paper += " (" + c.Criterion + ")"
			}
			of := ""
			if earlier {
				of = " (of the result judged by an earlier rule or design)"
			}
			fmt.Fprintf(&b, "%s%s %s: %s%s\n\n", frontDecidesLabel, of, d.Name, d.Ours, paper)
		}
		build := ""
		if r.BLAS != "" {
			build = fmt.Sprintf(", %s build", r.BLAS)
		}
		if r.Kernel != "" {
			build += fmt.Sprintf(" (%s kernel)", r.Kernel)
		}
		fmt.Fprintf(&b, "Scale `%s`, seed %d%s: %s.", r.Scale, r.Seed, build, o.Verdict)
		if cs := rob.find(c.ID); cs != nil {
			stale := ""
			if cs.Stale() {
				stale = ", judged by an earlier rule than the claim's current one"
			}
			fmt.Fprintf(&b, " Across seeds %s at the `%s` scale%s: %s ([stability](#stability-across-seeds)).", joinSeeds(rob.Seeds), rob.Scale, stale, cs.Text())
		}
		b.WriteString("\n\n")
		if len(o.Rows) > 0 {
			fmt.Fprintf(&b, "| quantity | paper | ours |\n|---|---|---|\n")
			for _, row := range o.Rows {
				fmt.Fprintf(&b, "| %s | %s | %s |\n", cellText(row.Quantity), cellText(row.Paper), cellText(row.Ours))
			}
			b.WriteString("\n")
		}
		for _, f := range o.Figures {
			fmt.Fprintf(&b, "![%s](%s/%s.png)\n\nData: [%s.csv](%s/%s.csv), interactive: [%s.html](%s/%s.html)\n\n", f, rel, f, f, rel, f, f, rel, f)
		}
		if o.Details != "" {
			b.WriteString(strings.TrimSpace(o.Details))
			b.WriteString("\n\n")
		}
		if len(o.Protocol) > 0 {
			if earlier {
				b.WriteString("Protocol choices where the paper is silent, as the result above was run and judged (an earlier rule or design: the registered rule is at the head of this section):\n\n")
			} else {
				b.WriteString("Protocol choices where the paper is silent:\n\n")
			}
			for _, p := range o.Protocol {
				fmt.Fprintf(&b, "- %s\n", p)
			}
			b.WriteString("\n")
		}
	}
	writeRobustness(&b, rob)
	writeTests(&b, results)
	writeSlips(&b)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("paper: %w", err)
	}
	return atomic.WriteFile(path, b.Bytes(), 0o644)
}

// joinSeeds formats seeds as "1, 2, 3".
func joinSeeds(seeds []uint64) string {
	s := make([]string, len(seeds))
	for i, x := range seeds {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// anchor is GitHub's heading anchor for an id made of lower-case letters,
// digits and hyphens.
func anchor(id string) string { return strings.ToLower(id) }

// cellText makes s safe inside a Markdown table cell.
func cellText(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// writeSlips writes the report's section on the paper's slips.
func writeSlips(b *bytes.Buffer) {
	fmt.Fprintf(b, "\n## Slips in the paper\n\n")
	fmt.Fprintf(b, "Errors in the paper's text that a reader reproducing it meets, in the paper's order, each with how we read it; where a slip touches a claim we check, the claim's section tests the reading said here.\n\n")
	fmt.Fprintf(b, "| where | what is written, and what is meant | what we did |\n|---|---|---|\n")
	for _, s := range slips {
		fmt.Fprintf(b, "| %s | %s | %s |\n", cellText(s.where), cellText(s.what), cellText(s.ours))
	}
}

// confirmLine returns the line of claim c's section on its confirmatory
// result: the verdict, the runs, the seed, the checks that failed and the
// runs per hour it went at on the machine that ran it (so that a user
// with more machines can plan more); "" if it has none.
func confirmLine(c Claim, conf *Confirmation) string {
	r := conf.find(c.ID)
	if r == nil {
		return ""
	}
	s := fmt.Sprintf("**Confirmatory pass:** %s with %d runs per cell from base seed %d at the %s scale's protocol", r.Verdict, r.Runs, r.Seed, r.Scale)
	if c.RunsNote != "" {
		s += " (" + c.RunsNote + ")"
	}
	if !r.Current() {
		s += " (registered again since, its rule, code, protocol or runs changed or its seed's runs were not new: the claim is exploratory until a pass on its new seed)"
	}
	if len(r.Earlier) > 0 {
		s += "; registered again after its rule, code or protocol changed, or because its seed's runs were not new, so its passes under the old registration are exploratory now: " + conf.PassesText(c.ID)
	}
	if ps := confirmPartsText(c, r); ps != "" {
		s += "; by part, 95% intervals unless the part's statistic sets other ends: " + ps
	}
	if len(r.Failed) > 0 {
		s += "; checks not holding: " + strings.Join(r.Failed, ", ")
	}
	if u := unsettledText(c, r); u != "" {
		s += "; " + u
	}
	if r.Seconds > 0 {
		s += fmt.Sprintf("; %.0f s, about %.3g runs per cell an hour on its machine", r.Seconds, float64(r.Runs)*3600/r.Seconds)
	}
	return s + "."
}

// confirmPartsMax is the most quantities of a part confirmPartsText
// lists; the claim's section gives the rest.
const confirmPartsMax = 6

// confirmPartsText returns each part of a confirmatory result of claim c
// with its verdict and its quantities' intervals, "table-1-study-standard
// (inconclusive): MNIST MLP -0.09 [-0.24, +0.07], ...", the first
// confirmPartsMax of each part in partQuantities' order; "" if it saved
// none.
func confirmPartsText(c Claim, r *Confirmed) string {
	var parts []string
	for _, sp := range r.Parts {
		head := sp.Name + " (" + partWord(c, sp.Verdict)
		if u := c.PartUnits[sp.Name]; u != "" {
			head += "; " + u
		}
		s := fmt.Sprintf("%s): %s", head, partQuantities(c, r, sp, confirmPartsMax))
		if m := marginOnlyText(c, sp); m != "" {
			s += "; " + m
		}
		if t := thresholdRange(c, sp); t != "" {
			s += "; " + t
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// thresholdRange returns, for part sp of claim c's confirmatory result,
// a Superiority part above its threshold over every quantity (no family)
// with a LeastSizeText, the least sizes at which its verdict would have
// read the same: it holds at a least size below the smallest lower end of
// its quantities (every one shown above it) and does not hold above the
// smallest upper end (one shown below it), between them unsettled; ""
// for any other part. The ends are those saved (Quantity.Lo, Hi), the
// ends the part was judged at, so a failing end its judging code adjusts
// over the quantities is read adjusted.
func thresholdRange(c Claim, sp SeedPart) string {
	f := c.LeastSizeText[sp.Name]
	p := rulePart(c, sp.Name)
	if f == nil || p == nil || p.Test != Superiority || p.Side != Above || p.Each != Every || p.Family != "" || len(sp.Quantities) == 0 {
		return ""
	}
	lo, hi := math.Inf(1), math.Inf(1)
	for _, q := range sp.Quantities {
		lo = min(lo, float64(q.Lo))
		hi = min(hi, float64(q.Hi))
	}
	return fmt.Sprintf("its least size, %s, was set with the earlier seeds' values known: at any least size below %s this pass would read it holding, above %s not holding, between them unsettled (the smallest lower and upper ends of its quantities)", f(p.Threshold), f(lo), f(hi))
}

// roundingAllowance is the relative distance from a reference within
// which a quantity's interval counts as equal to it: a few units in the
// last place of a float64.
const roundingAllowance = 1e-12

// partWord returns the verdict of a part of claim c in its rule's words:
// a goal's part is met or not met, never reproduced.
func partWord(c Claim, v Verdict) string {
	if c.Rule == nil {
		return v.String()
	}
	return c.Rule.word(v)
}

// marginOnly returns the quantities of part sp of claim c's result, a
// NonInferiority part that holds, that are shown on the worse side of the
// value its margin is measured from (ref: c.MarginFrom, else 0): they
// hold by the margin alone, which "holds" alone does not say.
func marginOnly(c Claim, sp SeedPart) (ref float64, qs []Quantity) {
	p := rulePart(c, sp.Name)
	if p == nil || p.Test != NonInferiority || !(sp.Verdict == Reproduced || sp.Verdict == GoalMet) {
		return 0, nil
	}
	ref = c.MarginFrom[sp.Name]
	for _, q := range sp.Quantities {
		iv := q.Interval()
		if holds, _ := p.side(iv); !holds {
			continue
		}
		// An interval within rounding of the reference is on neither
		// side (remark-4's exact cases, a few units in the last place
		// off).
		if tol := roundingAllowance * math.Max(1, math.Abs(ref)); math.Abs(iv.Lo-ref) <= tol && math.Abs(iv.Hi-ref) <= tol {
			continue
		}
		if s := iv.Against(ref); s != Spans && s != p.Side {
			qs = append(qs, q)
		}
	}
	return ref, qs
}

// marginOnlyText says which quantities of part sp hold by its margin
// alone (marginOnly), "" if none does: "within the margin 0.15 only,
// shown above 0: shard-level shuffle-once (random order) +0.031 [+0.005,
// +0.057], ...".
func marginOnlyText(c Claim, sp SeedPart) string {
	ref, qs := marginOnly(c, sp)
	if len(qs) == 0 {
		return ""
	}
	p := rulePart(c, sp.Name)
	worse := Above
	if p.Side == Above {
		worse = Below
	}
	if sel := c.Selected[sp.Name]; sel != "" {
		return fmt.Sprintf("%d of %d lie %s %s, each the largest over %s, its interval not adjusted for that selection (so expected there where the truth is an equality): within the margin %s",
			len(qs), len(sp.Quantities), strings.ToLower(worse.String()), num(ref), sel, num(p.Threshold))
	}
	var out []string
	for _, q := range qs {
		// The end nearer ref in enough digits to read apart from it.
		iv, end := q.Interval(), float64(q.Lo)
		if worse == Below {
			end = float64(q.Hi)
		}
		d := apartDigits(end, ref, 6)
		text := fmt.Sprintf("%+.*g [%+.*g, %+.*g]", d, iv.Mean, d, iv.Lo, d, iv.Hi)
		if q.Label != "" {
			text = q.Label + " " + text
		}
		out = append(out, text)
	}
	return fmt.Sprintf("%d of %d hold within the margin %s only, shown %s %s: %s", len(qs), len(sp.Quantities), num(p.Threshold), strings.ToLower(worse.String()), num(ref), strings.Join(out, ", "))
}

// rulePart returns the part named name of claim c's rule, nil if it has
// none.
func rulePart(c Claim, name string) *RulePart {
	if c.Rule == nil {
		return nil
	}
	if k := slices.IndexFunc(c.Rule.Parts, func(p RulePart) bool { return p.Name == name }); k >= 0 {
		return &c.Rule.Parts[k]
	}
	return nil
}

// partQuantities returns the intervals of part sp's quantities, at most
// max of them, in orderedQuantities' order, each as quantityText writes
// it.
func partQuantities(c Claim, r *Confirmed, sp SeedPart, max int) string {
	part := rulePart(c, sp.Name)
	var out []string
	for k, q := range orderedQuantities(part, sp) {
		if k == max {
			out = append(out, fmt.Sprintf("and %d more", len(sp.Quantities)-k))
			break
		}
		text := quantityText(r, q)
		if k == 0 && part != nil {
			text += holmEnd(part, q, len(sp.Quantities))
		}
		out = append(out, text)
	}
	return strings.Join(out, ", ")
}

// orderedQuantities returns part sp's quantities, judged by rule part
// (nil: in their order): those that fail it first, then those it leaves
// unsettled, then those that hold, so that a part that does not hold
// shows why, and among those that hold the closest call first; a "for
// some" part, which rests on its holding quantities, the other way round,
// the one that clears the threshold by most first.
func orderedQuantities(part *RulePart, sp SeedPart) []Quantity {
	qs := slices.Clone(sp.Quantities)
	if part == nil {
		return qs
	}
	rank := func(q Quantity) int {
		holds, fails := part.side(q.Interval())
		if part.Each == Some {
			holds, fails = fails, holds
		}
		switch {
		case fails:
			return 0
		case !holds:
			return 1
		}
		return 2
	}
	// margin is how far a quantity's interval clears the threshold (or
	// the nearer end of the band) on the holding side.
	margin := func(q Quantity) float64 {
		switch {
		case part.Test == Equivalence:
			return math.Min(float64(q.Lo)-part.Lo, part.Hi-float64(q.Hi))
		case part.Side == Below:
			return part.Threshold - float64(q.Hi)
		}
		return float64(q.Lo) - part.Threshold
	}
	slices.SortStableFunc(qs, func(a, b Quantity) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		// A "for some" part's clearest first; among the quantities of
		// an "every" part that hold, the closest call first, the one its
		// verdict rests on most.
		switch {
		case part.Each == Some:
			return cmp.Compare(margin(b), margin(a))
		case rank(a) == 2:
			return cmp.Compare(margin(a), margin(b))
		}
		return 0
	})
	return qs
}

// quantityText writes quantity q of a confirmatory result r: its label
// and interval, with its n where that counts other units than the runs
// per cell (points, settings).
func quantityText(r *Confirmed, q Quantity) string {
	text := q.Interval().String()
	if q.Label != "" {
		text = q.Label + " " + text
	}
	if q.N != r.Runs && q.N > 0 {
		text += fmt.Sprintf(" (n = %d, not runs)", q.N)
	}
	if q.Note != "" {
		text += " (" + q.Note + ")"
	}
	return text
}

// holmEnd returns, for the first quantity q of a "for some" part p over
// k > 1 t-based quantities, the end of its one-sided interval at the
// level Holm's first step holds it to, ruleAlpha/k (" (its lower end at
// Holm's level, 0.025/3 one-sided: -0.479)"): the 95% interval alone
// overstates the margin such a part holds by. "" for any other part or
// quantity, or one whose statistic is not a t-interval.
func holmEnd(p *RulePart, q Quantity, k int) string {
	if p.Each != Some || k < 2 || p.Test == Equivalence || q.N < 2 || !(q.SE > 0) ||
		!(strings.Contains(p.Statistic, "t-interval") || strings.Contains(p.Statistic, "t-based")) {
		return ""
	}
	h := tCrit(q.N-1, 1-2*ruleAlpha/float64(k)) * float64(q.SE)
	end, which := float64(q.Mean)-h, "lower"
	if p.Side == Below {
		end, which = float64(q.Mean)+h, "upper"
	}
	return fmt.Sprintf(" (its %s end at Holm's level, %g/%d one-sided: %+.3f)", which, ruleAlpha, k, end)
}

// settlesAs says which way more runs would settle part p at the effect
// iv observed: as holding if its mean meets the rule, as not holding if
// its mean fails it.
func settlesAs(p RulePart, iv Interval) string {
	at := Interval{Mean: iv.Mean, Lo: iv.Mean, Hi: iv.Mean, N: iv.N}
	if holds, _ := p.side(at); holds {
		return "as holding"
	}
	return "as not holding"
}

// excludesText says in words what an unsettled interval iv of part p
// already excludes: every value below its lower end and above its upper
// end, and so which of the rule's thresholds (an equivalence's two band
// ends, or the one threshold) it rules out and which it leaves in
// question.
func excludesText(p RulePart, iv Interval) string {
	type end struct {
		at   float64
		side string // the side the quantity must lie on to hold
		name string
	}
	ends := []end{{p.Threshold, "below", "the threshold"}}
	if p.Side == Above {
		ends[0].side = "above"
	}
	if p.Test == Equivalence {
		ends = []end{{p.Lo, "above", "the band's end"}, {p.Hi, "below", "the band's end"}}
	}
	w := fmt.Sprintf(": it excludes every value below %+.3g and above %+.3g", iv.Lo, iv.Hi)
	for _, e := range ends {
		if e.at < iv.Lo || e.at > iv.Hi {
			w += fmt.Sprintf("; %s %+.3g is cleared", e.name, e.at)
		}
	}
	for _, e := range ends {
		if e.at >= iv.Lo && e.at <= iv.Hi {
			w += fmt.Sprintf("; whether it lies %s %s %+.3g is still open", e.side, e.name, e.at)
		}
	}
	return w
}

// unsettledText says, for each part of a confirmatory result left
// unsettled, what its quantities' intervals exclude (the quantity lies
// within them at 95%) and the runs per cell that would settle it with
// PowerTarget's power at the effect this run observed (powerNeed), or,
// for a quantity whose n counts other units than the runs, that more runs
// do not settle it: the registered fallback where the budget could not
// reach the planned runs.
func unsettledText(c Claim, r *Confirmed) string {
	if c.Rule == nil {
		return ""
	}
	var out []string
	for _, sp := range r.Parts {
		if sp.Verdict != Inconclusive {
			continue
		}
		rp := rulePart(c, sp.Name)
		if rp == nil {
			continue
		}
		p := *rp
		var qs []string
		for _, q := range sp.Quantities {
			iv := q.Interval()
			// A quantity already settled, either way, needs no runs
			// (an equivalence's inside its band, too).
			if holds, fails := p.side(iv); holds || fails {
				continue
			}
			label := q.Label
			if label == "" {
				label = "the quantity"
			}
			w := fmt.Sprintf("%s lies in [%.3g, %.3g]%s", label, iv.Lo, iv.Hi, excludesText(p, iv))
			switch n := powerNeed(p, []Interval{iv}, ruleAlpha); {
			case iv.N != r.Runs:
				// Its n counts other units (settings, points): more
				// runs per cell do not settle it.
				w += fmt.Sprintf(" (its n, %d, counts other units than the runs per cell: more runs do not settle it, a design with more of those units would)", iv.N)
			case n.Need > 0:
				w += fmt.Sprintf(" (about %d runs per cell would settle it, %s, with at least %.0f%% power at this run's effect and spread, by the registration's power rule)", n.Need, settlesAs(p, iv), 100*PowerTarget)
			}
			qs = append(qs, w)
		}
		if len(qs) > 0 {
			out = append(out, fmt.Sprintf("%s unsettled: %s", sp.Name, strings.Join(qs, "; ")))
		}
	}
	return strings.Join(out, "; ")
}
