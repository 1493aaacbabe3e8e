// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package nb is the glue between the goodorder notebooks and the GoNB
// kernel: the scale a notebook runs at, a cache shared by its cells, and
// the display of charts as static PNG images (which GitHub renders) and
// as interactive ECharts charts (which JupyterLab runs).
//
// It holds no algorithm: the experiments are in package paper, the charts
// in package paper/chart. Outside a notebook the display functions do
// nothing.
//
// # Interactive charts
//
// The ECharts library (figures/assets/echarts.min.js, about 1 MB) is sent
// to the page once, by the cell that calls LoadECharts; Interactive then
// sends only each chart's element and script. The notebooks tag that cell
// "strip-output" and make notebooks removes its output before the
// notebooks are committed, so the files stay small; JupyterLab does not
// run the scripts of a notebook it did not execute itself anyway, so an
// interactive chart comes alive when its cells are rerun.
package nb

import (
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"

	"github.com/goodorder/goodorder/paper"
	"github.com/goodorder/goodorder/paper/chart"
)

// ScaleEnv is the environment variable that sets the scale of a notebook.
const ScaleEnv = "GOODORDER_SCALE"

// Scale returns the scale named by $GOODORDER_SCALE: smoke, quick,
// default or paper; empty means quick, make reproduce's. The quick scale
// is the default scale with the quick configs of the claims it runs
// smaller (paper.QuickAt): Scale returns paper.Default for it, and At
// makes the configs.
func Scale() (paper.Scale, error) {
	if Quick() {
		return paper.Default, nil
	}
	name := os.Getenv(ScaleEnv)
	s, err := paper.ParseScale(name)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: %w, or %s", ScaleEnv, name, err, paper.QuickName)
	}
	return s, nil
}

// Quick reports whether the notebook runs at the quick scale: whether
// $GOODORDER_SCALE is quick or empty.
func Quick() bool {
	name := os.Getenv(ScaleEnv)
	return name == "" || name == paper.QuickName
}

// ScaleName returns the name of the notebook's scale, quick included, or
// panics with the error of an unknown one (MustScale).
func ScaleName() string {
	if Quick() {
		return paper.QuickName
	}
	return MustScale().String()
}

// At returns c's protocol at the notebook's scale: c.At(MustScale()), or
// paper.QuickAt(c) at the quick scale.
func At[C interface{ At(paper.Scale) C }](c C) C {
	if Quick() {
		return paper.QuickAt(c)
	}
	return c.At(MustScale())
}

// MustScale is Scale for notebook cells: it panics with the error, which
// the notebook shows.
func MustScale() paper.Scale {
	s, err := Scale()
	if err != nil {
		panic(err)
	}
	return s
}

// CacheDir is the folder the cells of a notebook share finished runs in
// (paper.Env.CacheDir): $GOODORDER_NB_CACHE if set, else goodorder-notebooks
// in the system's temporary folder.
func CacheDir() string {
	if d := os.Getenv("GOODORDER_NB_CACHE"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "goodorder-notebooks")
}

// Root returns the root folder of the goodorder module: the first folder
// holding a go.mod that declares it, going up from $GONB_DIR (the
// notebook's folder, set by GoNB) or else from the working folder.
func Root() (string, error) {
	start := os.Getenv("GONB_DIR")
	if start == "" {
		var err error
		if start, err = os.Getwd(); err != nil {
			return "", err
		}
	}
	for dir := start; ; {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && moduleLine.Match(b) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("nb: no go.mod of github.com/goodorder/goodorder above %s", start)
		}
		dir = parent
	}
}

var moduleLine = regexp.MustCompile(`(?m)^module\s+github\.com/goodorder/goodorder\s*$`)

// Show displays c as a PNG image, compacted (chart.CompactPNG) so that a
// notebook of a dozen charts stays under 500 KB.
func Show(c chart.Chart) error {
	b, err := chart.CompactPNG(c)
	if err != nil {
		return err
	}
	gonbui.DisplayPng(b)
	gonbui.Sync()
	return nil
}

// ShowOutcome displays every chart of out as a PNG image.
func ShowOutcome(out *paper.Outcome) error {
	for _, f := range out.Charts {
		if err := Show(f.Chart); err != nil {
			return fmt.Errorf("nb: chart %s: %w", f.Base, err)
		}
	}
	return nil
}

// LoadECharts sends the ECharts library of the repository's
// figures/assets to the page, so that Interactive charts can draw. Call it
// in a cell of its own, tagged strip-output.
func LoadECharts() error {
	root, err := Root()
	if err != nil {
		return err
	}
	js, err := os.ReadFile(filepath.Join(root, "figures", filepath.FromSlash(chart.AssetPath)))
	if err != nil {
		return fmt.Errorf("nb: the ECharts library: %w", err)
	}
	s, err := chart.LibraryScript(js)
	if err != nil {
		return err
	}
	gonbui.DisplayHTML(string(s))
	gonbui.Sync()
	return nil
}

// displays numbers the interactive charts of a cell's program, so that
// two charts a cell shows with the same id get distinct elements.
var displays atomic.Int64

// Interactive displays c as an interactive chart, drawn by the library
// that LoadECharts sent. The chart's element stays hidden until the
// library draws it; until then, and wherever the output's script does not
// run (GitHub, nbconvert's HTML without JavaScript, a notebook opened
// without rerunning), a line of text takes its place that says where the
// static chart and the standalone interactive page are. A text/plain
// version of that line goes in the same output bundle.
func Interactive(c chart.Chart, id string) error {
	// The element id is the caller's id and the display's number in the
	// cell, not anything of the process, so that rerunning a notebook
	// gives the same bytes; a rerun cell replaces its old output, and
	// distinct cells pass distinct ids.
	h, err := interactiveHTML(c, fmt.Sprintf("%s_%d", id, displays.Add(1)))
	if err != nil {
		return err
	}
	if !gonbui.IsNotebook {
		return nil
	}
	gonbui.SendData(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
		protocol.MIMETextHTML:  h,
		protocol.MIMETextPlain: FallbackText,
	}})
	gonbui.Sync()
	return nil
}

// FallbackText stands in for an interactive chart where it cannot draw.
const FallbackText = "Interactive chart (ECharts): it draws in Jupyter once the cell calling nb.LoadECharts has run, then this one. " +
	"Its static PNG is in this notebook, and figures/ has every chart of the paper as PNG and as a standalone interactive page (figures/*.html)."

// interactiveHTML returns the output of Interactive for c with the element
// id id (made an identifier).
func interactiveHTML(c chart.Chart, id string) (string, error) {
	snip, id, err := chart.HiddenSnippet(c, "chart_"+id)
	if err != nil {
		return "", err
	}
	// The classic Notebook runs an output's scripts with jQuery, where
	// document.currentScript is not the script in the output: find the
	// elements by id.
	return fmt.Sprintf(`<p id="%[1]s_fallback" class="goodorder-fallback"><i>%[2]s</i></p>
<script>(function () { if (typeof echarts === "undefined") { return; } document.getElementById("%[1]s").style.display = ""; var f = document.getElementById("%[1]s_fallback"); if (f) { f.remove(); } })();</script>
%[3]s`, id, html.EscapeString(FallbackText), snip), nil
}

// Must panics if err is not nil: notebook cells show the panic. A run
// stopped by Kernel → Interrupt (its context's error, once Context has
// recorded the interrupt) ends the cell quietly instead.
func Must(err error) {
	if err == nil {
		return
	}
	if errors.Is(err, context.Canceled) && Interrupted() {
		fmt.Fprintln(stdout, "stopped by the interrupt")
		exit(0)
		return
	}
	panic(err)
}

// Check prints the line the notebook test reads for one finding of a
// notebook's own,
//
//	CHECK name: holds (detail)   or   CHECK name: does not hold (detail)
//
// A finding that does not hold (refuted, or not settled by the run: the
// detail says which) is a result, not a failure of the notebook.
func Check(name string, ok bool, detail string) {
	fmt.Fprintln(stdout, checkLine(name, ok, detail))
}

func checkLine(name string, ok bool, detail string) string {
	status := "does not hold"
	if ok {
		status = "holds"
	}
	return statusLine(name, status, detail)
}

// StatusUnsettled is the status of a CHECK line of a rule's part that the
// run settles neither way (CheckOutcome).
const StatusUnsettled = "unsettled"

func statusLine(name, status, detail string) string {
	return fmt.Sprintf("CHECK %s: %s (%s)", name, status, detail)
}

// The statuses of a claim's CHECK line (CheckOutcome).
const (
	// StatusSame: the verdict is the committed report's.
	StatusSame = "ok"
	// StatusMismatch: the verdict differs from the committed report's,
	// because the config, the seed or the code changed; the notebook
	// test rejects a committed notebook with it.
	StatusMismatch = "MISMATCH"
	// StatusNew: there is no committed verdict at this scale to compare
	// with (the smoke scale, or a claim the report does not hold).
	StatusNew = "new"
)

// CheckOutcome prints the CHECK line of claim id's outcome out: its
// verdict and summary, and whether the verdict is the one the committed
// report gives (figures/results/<id>.json, when it was made at the
// notebook's scale; the paper scale's stands for the default scale's of
// the claims the report runs at the paper scale only):
//
//	CHECK id: ok (<verdict>, as in the report: <summary>)
//	CHECK id: MISMATCH (<verdict> here, <verdict> in the report: <summary>)
//	CHECK id: new (<verdict>, nothing committed to compare with: <summary>)
//
// Then one line per named finding of the outcome (out.Checks), as Check
// prints it, or "CHECK name: unsettled (detail)" for a part of the
// claim's rule the run settles neither way. Whatever the verdict, it is a result: ok does not mean that
// the paper was reproduced, only that the report says the same.
func CheckOutcome(id string, out *paper.Outcome) {
	_, err := Scale()
	var saved *paper.Result
	name := ""
	if err == nil {
		saved, _ = Saved(id)
		name = ScaleName()
	}
	fmt.Fprintln(stdout, outcomeLine(id, out, saved, name))
	for _, c := range out.Checks {
		if c.Unsettled {
			fmt.Fprintln(stdout, statusLine(c.Name, StatusUnsettled, c.Detail))
			continue
		}
		Check(c.Name, c.OK, c.Detail)
	}
}

// outcomeLine is the CHECK line of claim id's outcome out at the scale
// named s, compared with the committed result saved (nil if none).
func outcomeLine(id string, out *paper.Outcome, saved *paper.Result, s string) string {
	v := out.Verdict.String()
	if !comparable(saved, s) {
		return fmt.Sprintf("CHECK %s: %s (%s, nothing committed at the %s scale to compare with: %s)", id, StatusNew, v, s, out.Summary)
	}
	if saved.Outcome.Verdict == out.Verdict {
		return fmt.Sprintf("CHECK %s: %s (%s, as in the report: %s)", id, StatusSame, v, out.Summary)
	}
	return fmt.Sprintf("CHECK %s: %s (%s here, %s in the report: %s)", id, StatusMismatch, v, saved.Outcome.Verdict, out.Summary)
}

// comparable reports whether the committed result saved was made at the
// scale named s of a notebook: the same scale; or the paper scale for a
// notebook at the quick or default scale (the claims skipped there run
// their paper-scale protocol); or the other of quick and default for a
// claim the quick scale does not run smaller (paper.QuickDiffers). The
// smoke scale compares with nothing.
func comparable(saved *paper.Result, s string) bool {
	if saved == nil || saved.Outcome == nil || s == paper.Smoke.String() {
		return false
	}
	if paper.SameProtocol(saved.ID, s, saved.Scale) {
		return true
	}
	return (s == paper.QuickName || s == paper.Default.String()) && saved.Scale == paper.Paper.String()
}

// ShowSaved shows the committed result r of a claim in place of a run:
// where it comes from, its table and its details, then its CHECK line
// (CheckOutcome). Its charts are shown by ShowSavedChart.
func ShowSaved(r *paper.Result) {
	fmt.Fprintln(stdout, SavedLine(r))
	Table(r.Outcome)
	if r.Outcome.Details != "" {
		fmt.Fprintln(stdout, r.Outcome.Details)
	}
}

// Table displays the rows of out, the paper's numbers beside ours, as a
// Markdown table, and prints them as text outside a notebook.
func Table(out *paper.Outcome) {
	var b strings.Builder
	b.WriteString("| quantity | paper | ours |\n|---|---|---|\n")
	for _, r := range out.Rows {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", cell(r.Quantity), cell(r.Paper), cell(r.Ours))
	}
	if !gonbui.IsNotebook {
		fmt.Fprint(stdout, b.String())
		return
	}
	gonbui.DisplayMarkdown(b.String())
	// Without Sync the table can be lost when the cell's program ends
	// before the kernel has read it.
	gonbui.Sync()
}

func cell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
}
