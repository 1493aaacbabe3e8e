// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package notebooks

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	nbpkg "github.com/goodorder/goodorder/notebooks/nb"
)

// setupCell is the first code cell of every notebook (see doc.go).
const setupCell = `%noautoget
!*rm -f go.work && go work init && go work use . "${GONB_DIR}/.."`

var (
	// checkLine matches a CHECK line: a claim's verdict as the committed
	// report's (ok), not (MISMATCH) or with nothing to compare (new), and a
	// finding that holds or fails (see package nb).
	checkLine = regexp.MustCompile(`^CHECK (\S+): (ok|MISMATCH|new|holds|does not hold|unsettled) `)
	scaleLine = regexp.MustCompile(`^scale: (\S+)`)
	// scratchCopy matches the name Jupyter gives a copy of a notebook.
	scratchCopy = regexp.MustCompile(`-Copy\d*\.ipynb$`)
	// klogInfo matches the kernel's log lines at the info level.
	klogInfo = regexp.MustCompile(`^I\d{4} \d\d:\d\d:\d\d\.\d+ `)
)

// notebook is the part of an nbformat 4 notebook the tests look at.
type notebook struct {
	Metadata struct {
		Kernelspec struct {
			Name string `json:"name"`
		} `json:"kernelspec"`
	} `json:"metadata"`
	Cells []struct {
		CellType string `json:"cell_type"`
		Metadata struct {
			Tags []string `json:"tags"`
		} `json:"metadata"`
		Source         multiline `json:"source"`
		ExecutionCount *int      `json:"execution_count"`
		Outputs        []struct {
			OutputType string                     `json:"output_type"`
			Name       string                     `json:"name"`
			Text       multiline                  `json:"text"`
			Data       map[string]json.RawMessage `json:"data"`
			Ename      string                     `json:"ename"`
			Evalue     string                     `json:"evalue"`
		} `json:"outputs"`
	} `json:"cells"`
}

// multiline is an nbformat multi-line string: a string or a list of lines.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = multiline(s)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(b, &lines); err != nil {
		return fmt.Errorf("multi-line string: %w", err)
	}
	*m = multiline(strings.Join(lines, ""))
	return nil
}

// summary is what a notebook's outputs show.
type summary struct {
	kernel     string
	setup      bool  // the first code cell is setupCell
	unexecuted []int // indices of code cells without an execution count
	// unexecutedSrc are the first lines of those cells' sources.
	unexecutedSrc []string
	mismatches    []string // CHECK lines that read MISMATCH
	errors        []string // error outputs, as "ename: evalue"
	scales        []string // from "scale: <name>" lines
	checks        []string // "CHECK ..." lines
	pngs          int      // image/png outputs
	// stripped counts the cells tagged stripOutput and strippedOutputs
	// their outputs; charts counts the interactive charts (text/html
	// outputs that draw with ECharts) and library the outputs that send
	// the ECharts library.
	stripped, strippedOutputs int
	charts, library           int
	// fallbacks counts the interactive charts whose output bundle also
	// has the text that stands in for them where no script runs.
	fallbacks int
	// interactive counts the code cells that call nb.Interactive.
	interactive int
	// tables counts the calls of nb.Table in code cells and markdown
	// the text/markdown outputs, which they show.
	tables, markdown int
	// largest is the size in bytes of the largest output.
	largest int
	// stubs counts the outputs GoNB's widgets leave in a notebook saved
	// after a slider moved (transient divs, emptied HTML), and moved the
	// nbpkg.MovedLine lines of an Explore cell saved away from its defaults.
	stubs, moved int
	// gated holds the lines of the parameters gate (nbpkg.InvalidLine,
	// WaitLine, NotSetUpLine): a notebook saved with a parameter out of
	// range, or run out of order.
	gated []string
}

// stubMarks are in the HTML of the outputs widgets leave behind (as in
// notebooks/internal/nbclean).
var stubMarks = [][]byte{[]byte("dom.transient_div_"), []byte("goodorder_explore_"), []byte("goodorder_slider_")}

// isStub reports whether display data is a widget's leftover: HTML with a
// stubMarks id, or nothing but empty values.
func isStub(data map[string]json.RawMessage) bool {
	empty := true
	for _, raw := range data {
		var v multiline
		if json.Unmarshal(raw, &v) != nil {
			return false
		}
		for _, m := range stubMarks {
			if bytes.Contains([]byte(v), m) {
				return true
			}
		}
		empty = empty && strings.TrimSpace(string(v)) == ""
	}
	return empty
}

// stripOutput tags the cells whose outputs make notebooks removes before
// the notebooks are committed (the cell that sends the ECharts library).
const stripOutput = "strip-output"

// cleanCommand removes the outputs of the stripOutput cells from notebooks
// saved from Jupyter, without executing them.
const cleanCommand = "make notebooks-clean"

// maxOutput is the largest output a committed notebook may carry; the
// ECharts library (1 MB) must not be among them.
const maxOutput = 256 << 10

// maxNotebook is the largest committed notebook: GitHub and Jupyter open a
// notebook of a dozen compact PNGs well under it.
const maxNotebook = 500 << 10

// checkFileSize returns an error if the file at path is larger than
// maxNotebook.
func checkFileSize(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Size() > maxNotebook {
		return fmt.Errorf("%s is %d KB, more than %d KB: show fewer charts, or compact ones (nb.Show), then make notebooks NOTEBOOKS=%s", path, fi.Size()>>10, maxNotebook>>10, path)
	}
	return nil
}

// loadNotebook reads the notebook at path.
func loadNotebook(path string) (*notebook, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var nb notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &nb, nil
}

func readNotebook(path string) (*summary, error) {
	nb, err := loadNotebook(path)
	if err != nil {
		return nil, err
	}
	s := &summary{kernel: nb.Metadata.Kernelspec.Name}
	first := true
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		if first {
			s.setup = strings.TrimSpace(string(c.Source)) == setupCell
			first = false
		}
		strip := slices.Contains(c.Metadata.Tags, stripOutput)
		if strip {
			s.stripped++
			s.strippedOutputs += len(c.Outputs)
		} else if c.ExecutionCount == nil {
			s.unexecuted = append(s.unexecuted, i)
			first, _, _ := strings.Cut(strings.TrimSpace(string(c.Source)), "\n")
			s.unexecutedSrc = append(s.unexecutedSrc, first)
		}
		if strings.Contains(string(c.Source), "nb.Interactive(") {
			s.interactive++
		}
		s.tables += strings.Count(string(c.Source), "nb.Table(")
		for _, o := range c.Outputs {
			size := len(o.Text)
			for _, v := range o.Data {
				size += len(v)
			}
			s.largest = max(s.largest, size)
			switch o.OutputType {
			case "error":
				s.errors = append(s.errors, o.Ename+": "+o.Evalue)
			case "stream":
				if o.Name != "stdout" {
					continue
				}
				for _, line := range strings.Split(string(o.Text), "\n") {
					if strings.HasPrefix(line, nbpkg.MovedLine) {
						s.moved++
					}
					for _, g := range []string{nbpkg.InvalidLine, nbpkg.WaitLine, nbpkg.NotSetUpLine} {
						if strings.HasPrefix(line, g) {
							s.gated = append(s.gated, line)
						}
					}
					if m := scaleLine.FindStringSubmatch(line); m != nil {
						s.scales = append(s.scales, m[1])
					}
					if m := checkLine.FindStringSubmatch(line); m != nil {
						s.checks = append(s.checks, line)
						if m[2] == "MISMATCH" {
							s.mismatches = append(s.mismatches, line)
						}
					}
				}
			case "display_data", "execute_result":
				if isStub(o.Data) {
					s.stubs++
				}
				if _, ok := o.Data["image/png"]; ok {
					s.pngs++
				}
				if _, ok := o.Data["text/markdown"]; ok {
					s.markdown++
				}
				if h, ok := o.Data["text/html"]; ok {
					switch {
					case bytes.Contains(h, []byte("(function (define, module, exports)")):
						s.library++
					case bytes.Contains(h, []byte("echarts.init")):
						s.charts++
						if _, ok := o.Data["text/plain"]; ok && bytes.Contains(h, []byte("goodorder-fallback")) {
							s.fallbacks++
						}
					}
				}
			}
		}
	}
	if first {
		return nil, fmt.Errorf("%s: no code cell", path)
	}
	return s, nil
}

// problems returns what is wrong with a notebook executed at scale, as
// committed (the outputs of stripOutput cells removed) or as executed.
func (s *summary) problems(scale string, committed bool) []string {
	var p []string
	if s.interactive > 0 && s.stripped == 0 {
		p = append(p, "interactive charts but no cell tagged "+stripOutput+" that loads ECharts")
	}
	if committed {
		if s.strippedOutputs > 0 || s.library > 0 {
			p = append(p, fmt.Sprintf("the %s cells keep %d outputs and %d copies of the ECharts library (saved from Jupyter? %s removes them)", stripOutput, s.strippedOutputs, s.library, cleanCommand))
		}
		if s.stubs > 0 {
			p = append(p, fmt.Sprintf("%d outputs left by GoNB's widgets (saved after moving a slider? %s removes them)", s.stubs, cleanCommand))
		}
		for _, g := range s.gated {
			p = append(p, fmt.Sprintf("%q: saved with a parameter out of range or run out of order (fix the Parameters cell, then make notebooks NOTEBOOKS=<this notebook>)", g))
		}
		if s.moved > 0 {
			p = append(p, fmt.Sprintf("an Explore cell saved with its sliders away from the defaults (%q; make notebooks NOTEBOOKS=<this notebook> reruns it at the defaults)", nbpkg.MovedLine))
		}
		for _, m := range s.mismatches {
			p = append(p, fmt.Sprintf("%.200s...: a CHECK line whose verdict differs from the committed report's, as after an edited config saved by Jupyter's autosave (git checkout -- the notebook, or make notebooks NOTEBOOKS=<this notebook> after make reproduce)", m))
		}
		if s.largest > maxOutput {
			p = append(p, fmt.Sprintf("an output of %d bytes, more than %d (%s removes the ECharts library's)", s.largest, maxOutput, cleanCommand))
		}
	} else {
		if s.stripped > 0 && s.library == 0 {
			p = append(p, "the "+stripOutput+" cell did not send the ECharts library")
		}
		// The committed outputs gain their fallbacks when make notebooks
		// reruns them.
		if s.fallbacks < s.charts {
			p = append(p, fmt.Sprintf("%d of %d interactive charts have no text/plain and goodorder-fallback text for renderers without JavaScript", s.charts-s.fallbacks, s.charts))
		}
	}
	if s.markdown < s.tables {
		p = append(p, fmt.Sprintf("%d text/markdown outputs for %d calls of nb.Table (an output lost before the cell ended?)", s.markdown, s.tables))
	}
	if s.charts < s.interactive {
		p = append(p, fmt.Sprintf("%d interactive charts drawn by %d cells calling nb.Interactive", s.charts, s.interactive))
	}
	if s.kernel != "gonb" {
		p = append(p, fmt.Sprintf("kernelspec is %q, want gonb", s.kernel))
	}
	if !s.setup {
		p = append(p, fmt.Sprintf("the first code cell is not the setup cell\n%s", setupCell))
	}
	if len(s.unexecuted) > 0 {
		var which []string
		for i, c := range s.unexecuted {
			which = append(which, fmt.Sprintf("cell %d (%q)", c, s.unexecutedSrc[i]))
		}
		p = append(p, fmt.Sprintf("cells %v have not been executed: %s have no output, as in a notebook saved before Run All finished, or cleaned (make notebooks-clean) after a slider session; rerun it with make notebooks NOTEBOOKS=<this notebook>", s.unexecuted, strings.Join(which, ", ")))
	}
	for _, e := range s.errors {
		p = append(p, "error output: "+e)
	}
	if len(s.scales) != 1 || s.scales[0] != scale {
		p = append(p, fmt.Sprintf(`"scale: " lines show %q, want exactly one, %q`, s.scales, scale))
	}
	if s.pngs == 0 {
		p = append(p, "no image/png output")
	}
	if len(s.checks) == 0 {
		p = append(p, "no line matches "+checkLine.String())
	}
	return p
}

// checkNames returns the sorted names of the CHECK lines.
func (s *summary) checkNames() []string {
	var names []string
	for _, c := range s.checks {
		names = append(names, checkLine.FindStringSubmatch(c)[1])
	}
	slices.Sort(names)
	return names
}

// shownNames returns the CHECK names of got (an execution at the smoke
// scale) without the parts of a claim whose committed outputs show only
// its own line: a claim that runs at the paper scale only shows its saved
// result (figures/results), which keeps no parts, when the cache lacks
// its paper-scale runs, and runs with all its parts at the smoke scale.
func shownNames(got, committed []string) []string {
	var shown []string
	for _, g := range got {
		if !slices.Contains(committed, g) && slices.ContainsFunc(committed, func(w string) bool {
			return strings.HasPrefix(g, w+"-") && !slices.ContainsFunc(committed, func(v string) bool { return strings.HasPrefix(v, w+"-") })
		}) {
			continue
		}
		shown = append(shown, g)
	}
	return shown
}

// notebookFiles returns the committed notebooks: every *.ipynb but the
// copies Jupyter's File → Make a Copy names *-Copy<n>.ipynb, which git
// ignores (a researcher's scratch, see README.md).
func notebookFiles(t *testing.T) []string {
	t.Helper()
	all, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range all {
		if !scratchCopy.MatchString(f) {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Fatal("no notebooks/*.ipynb")
	}
	return files
}

// TestCommittedNotebooks checks that the committed notebooks carry their
// outputs at the default scale.
func TestCommittedNotebooks(t *testing.T) {
	for _, f := range notebookFiles(t) {
		t.Run(f, func(t *testing.T) {
			s, err := readNotebook(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range s.problems("quick", true) {
				t.Errorf("%s as committed: %s (rerun it with make notebooks)", f, p)
			}
			if err := checkFileSize(f); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestSummary(t *testing.T) {
	const good = `{"metadata": {"kernelspec": {"name": "gonb"}}, "cells": [
	 {"cell_type": "markdown", "source": "# title"},
	 {"cell_type": "code", "execution_count": 1, "outputs": [],
	  "source": ["%noautoget\n", "!*rm -f go.work && go work init && go work use . \"${GONB_DIR}/..\""]},
	 {"cell_type": "code", "execution_count": 2, "source": "%%",
	  "outputs": [{"output_type": "stream", "name": "stdout", "text": ["scale: smoke\n", "CHECK a-b: ok (1 < 2)\n"]}]},
	 {"cell_type": "code", "execution_count": 3, "source": "%%",
	  "outputs": [{"output_type": "display_data", "data": {"image/png": "iVBO"}, "metadata": {}},
	              {"output_type": "stream", "name": "stdout", "text": "CHECK c: does not hold (2 > 1)"}]}]}`
	// withCharts adds a cell tagged strip-output with the given outputs
	// and a cell calling nb.Interactive with the given outputs.
	withCharts := func(strip, chart string) func(string) string {
		return func(s string) string {
			return strings.TrimSuffix(s, "]}") + `,
	 {"cell_type": "code", "execution_count": null, "metadata": {"tags": ["strip-output"]}, "source": "nb.LoadECharts()", "outputs": [` + strip + `]},
	 {"cell_type": "code", "execution_count": 5, "source": "nb.Interactive(c, \"x\")", "outputs": [` + chart + `]}]}`
		}
	}
	const (
		library = `{"output_type": "display_data", "data": {"text/html": "<script>(function (define, module, exports) {})()</script>"}}`
		drawn   = `{"output_type": "display_data", "data": {"text/html": "<p class=\"goodorder-fallback\">see PNG</p><div></div><script>echarts.init(x)</script>", "text/plain": "see PNG"}}`
		bare    = `{"output_type": "display_data", "data": {"text/html": "<div></div><script>echarts.init(x)</script>"}}`
	)
	for _, test := range []struct {
		name      string
		edit      func(string) string
		scale     string
		committed bool
		want      []string // substrings of the problems, in order
	}{
		{name: "good", edit: func(s string) string { return s }, scale: "smoke"},
		{name: "charts as executed", edit: withCharts(library, drawn), scale: "smoke"},
		{name: "charts as committed", edit: withCharts("", drawn), scale: "smoke", committed: true},
		{name: "charts without fallback as committed", edit: withCharts("", bare), scale: "smoke", committed: true},
		{
			name: "charts without fallback", edit: withCharts(library, bare), scale: "smoke",
			want: []string{"1 of 1 interactive charts have no text/plain"},
		},
		{
			name: "library committed", edit: withCharts(library, drawn), scale: "smoke", committed: true,
			want: []string{"keep 1 outputs and 1 copies of the ECharts library (saved from Jupyter? make notebooks-clean removes them)"},
		},
		{
			name: "library not sent", edit: withCharts("", drawn), scale: "smoke",
			want: []string{"did not send the ECharts library"},
		},
		{
			name: "chart not drawn", edit: withCharts(library, ""), scale: "smoke",
			want: []string{"0 interactive charts drawn by 1 cells"},
		},
		{
			name:  "wrong scale",
			edit:  func(s string) string { return s },
			scale: "quick",
			want:  []string{`want exactly one, "quick"`},
		},
		{
			name:  "cleared",
			edit:  func(s string) string { return strings.ReplaceAll(s, `"execution_count": 3`, `"execution_count": null`) },
			scale: "smoke",
			want:  []string{`cells [3] have not been executed: cell 3 ("%%") have no output`},
		},
		{
			name:  "mismatch as executed",
			edit:  func(s string) string { return strings.Replace(s, "CHECK c: does not hold", "CHECK c: MISMATCH", 1) },
			scale: "smoke",
		},
		{
			name: "mismatch as committed", committed: true,
			edit:  func(s string) string { return strings.Replace(s, "CHECK c: does not hold", "CHECK c: MISMATCH", 1) },
			scale: "smoke",
			want:  []string{"CHECK c: MISMATCH (2 > 1)...: a CHECK line whose verdict differs from the committed report's"},
		},
		{
			name: "untested as committed", committed: true,
			edit: func(s string) string {
				return strings.Replace(s, "CHECK c: does not hold (2 > 1)", "CHECK c: ok (not tested, as in the report: no loss)", 1)
			},
			scale: "smoke",
		},
		{
			name: "no png, no check, other kernel, no setup",
			edit: func(s string) string {
				s = strings.ReplaceAll(s, "image/png", "text/plain")
				s = strings.ReplaceAll(s, "CHECK", "check")
				s = strings.ReplaceAll(s, `"gonb"`, `"python3"`)
				return strings.ReplaceAll(s, "%noautoget", "%autoget")
			},
			scale: "smoke",
			want:  []string{"python3", "setup cell", "no image/png", "no line matches"},
		},
		{
			name: "table shown",
			edit: func(s string) string {
				return strings.Replace(s, `"source": "%%",
	  "outputs": [{"output_type": "display_data", "data": {"image/png": "iVBO"}, "metadata": {}},`, `"source": "%%\nnb.Table(out)",
	  "outputs": [{"output_type": "display_data", "data": {"image/png": "iVBO", "text/markdown": "| a |"}, "metadata": {}},`, 1)
			},
			scale: "smoke",
		},
		{
			name:  "table lost",
			edit:  func(s string) string { return strings.Replace(s, `"source": "%%",`, `"source": "nb.Table(out)",`, 1) },
			scale: "smoke",
			want:  []string{"0 text/markdown outputs for 1 calls of nb.Table"},
		},
		{
			name: "error output",
			edit: func(s string) string {
				return strings.Replace(s, `"outputs": []`, `"outputs": [{"output_type": "error", "ename": "ERROR", "evalue": "failed", "traceback": []}]`, 1)
			},
			scale: "smoke",
			want:  []string{"error output: ERROR: failed"},
		},
	} {
		path := filepath.Join(t.TempDir(), "nb.ipynb")
		if err := os.WriteFile(path, []byte(test.edit(good)), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := readNotebook(path)
		if err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		got := s.problems(test.scale, test.committed)
		if len(got) != len(test.want) {
			t.Errorf("%s: problems %q, want %d matching %q", test.name, got, len(test.want), test.want)
			continue
		}
		for i, w := range test.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%s: problem %d is %q, want it to contain %q", test.name, i, got[i], w)
			}
		}
		if test.name == "good" {
			if want := []string{"a-b", "c"}; !slices.Equal(s.checkNames(), want) {
				t.Errorf("check names %q, want %q", s.checkNames(), want)
			}
		}
	}
}

// inCI reports whether the environment variable CI asks for CI behaviour.
func inCI() bool {
	v := os.Getenv("CI")
	return v != "" && v != "0" && v != "false"
}

// TestExecuteNotebooks executes every notebook at the smoke scale with the
// GoNB kernel built from go.mod's tool directives.
func TestExecuteNotebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("executing the notebooks builds the GoNB kernel and takes about a minute; skipped in -short mode")
	}
	jupyter := needJupyter(t, "nbconvert", "jupyter nbconvert is needed to execute the notebooks", "apt-get install jupyter-nbconvert jupyter-client", "pip install nbconvert jupyter_client")
	files := notebookFiles(t)
	ctx := testContext(t)
	env := buildKernel(t, ctx)
	env = append(env, "GOODORDER_NB_BATCH=1")

	outDir := t.TempDir()
	t.Run("execute", func(t *testing.T) {
		for _, f := range files {
			t.Run(f, func(t *testing.T) {
				t.Parallel()
				committed, err := readNotebook(f)
				if err != nil {
					t.Fatal(err)
				}
				abs, err := filepath.Abs(f)
				if err != nil {
					t.Fatal(err)
				}
				// The kernel starts in the notebook's folder, so GONB_DIR/..
				// is the root of this module.
				cmd := exec.CommandContext(ctx, jupyter, "nbconvert", "--to", "notebook", "--execute", abs,
					"--output-dir", outDir,
					"--ExecutePreprocessor.timeout=600",
					"--ExecutePreprocessor.record_timing=False")
				cmd.Env = env
				start := time.Now()
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("jupyter nbconvert --execute %s: %v\n%s", f, err, logTail(out, 60))
				}
				t.Logf("executed at the smoke scale in %v", time.Since(start).Round(time.Millisecond))
				s, err := readNotebook(filepath.Join(outDir, f))
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range s.problems("smoke", false) {
					t.Errorf("%s at the smoke scale: %s", f, p)
				}
				for _, c := range s.checks {
					t.Log(c)
				}
				if got, want := shownNames(s.checkNames(), committed.checkNames()), committed.checkNames(); !slices.Equal(got, want) {
					t.Errorf("%s: CHECK lines at the smoke scale name %q, the committed outputs %q (rerun make notebooks)", f, got, want)
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	// As GitHub shows them: nbconvert's HTML of the executed notebooks,
	// loaded without JavaScript.
	t.Run("static render", func(t *testing.T) {
		exe, err := chromium()
		if err != nil {
			needTool(t, fmt.Sprintf("checking the static render needs Chromium (%v); on Debian: apt-get install chromium", err))
		}
		for _, f := range files {
			staticRender(t, ctx, jupyter, exe, filepath.Join(outDir, f))
		}
	})
}

// buildKernel builds gonb, goimports and the kernelspec installer into a
// temporary folder and installs the kernelspec into a temporary Jupyter
// data directory. It returns the folder and the environment for Jupyter:
// that data directory, the smoke scale and a fresh notebook cache, so that
// every run is computed.
func buildKernel(t *testing.T, ctx context.Context) (env []string) {
	t.Helper()
	bin := t.TempDir()
	build := exec.CommandContext(ctx, "go", "build", "-o", bin+string(filepath.Separator),
		"github.com/janpfeifer/gonb", "golang.org/x/tools/cmd/goimports", "./internal/installkernel")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the notebook tools: %v\n%s", err, out)
	}
	env = append(os.Environ(), "JUPYTER_DATA_DIR="+t.TempDir(), "GOODORDER_SCALE=smoke", "GOODORDER_NB_CACHE="+t.TempDir())
	install := exec.CommandContext(ctx, filepath.Join(bin, "installkernel"), "-bin", bin)
	install.Env = env
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("installing the kernelspec: %v\n%s", err, out)
	}
	return env
}

// needJupyter returns the path of jupyter if "jupyter sub --version" runs,
// else reports the missing tool through needTool with why and the commands
// that install it.
func needJupyter(t *testing.T, sub, why, debian, pip string) string {
	t.Helper()
	jupyter, err := exec.LookPath("jupyter")
	if err == nil {
		err = exec.Command(jupyter, sub, "--version").Run()
	}
	if err != nil {
		needTool(t, fmt.Sprintf("%s (%v); on Debian: %s, elsewhere: %s", why, err, debian, pip))
	}
	return jupyter
}

// logTail returns the last n lines of out that are not the kernel's klog
// info lines.
func logTail(out []byte, n int) string {
	var keep []string
	for _, line := range strings.Split(string(bytes.TrimSpace(out)), "\n") {
		if !klogInfo.MatchString(line) {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep[max(0, len(keep)-n):], "\n")
}

// TestSavedAfterSliders checks that a notebook saved after moving a slider
// is rejected, naming the command that cleans it, and that a notebook over
// maxNotebook is too.
func TestSavedAfterSliders(t *testing.T) {
	const saved = `{"metadata": {"kernelspec": {"name": "gonb"}}, "cells": [
	 {"cell_type": "code", "execution_count": 1, "outputs": [],
	  "source": ["%noautoget\n", "!*rm -f go.work && go work init && go work use . \"${GONB_DIR}/..\""]},
	 {"cell_type": "code", "execution_count": 2, "source": "%%",
	  "outputs": [{"output_type": "stream", "name": "stdout", "text": ["scale: default\n", "CHECK a-b: ok (1 < 2)\n"]},
	   {"output_type": "display_data", "data": {"text/html": ["<div id=\"dom.transient_div_3\"></div>"]}, "metadata": {}},
	   {"output_type": "display_data", "data": {"text/html": ""}, "metadata": {}},
	   {"output_type": "stream", "name": "stdout", "text": "` + nbpkg.MovedLine + `: m = 16\n"},
	   {"output_type": "stream", "name": "stdout", "text": "` + nbpkg.WaitLine + ` paper: two-level with m = -4\n"},
	   {"output_type": "display_data", "data": {"image/png": "iVBOR"}, "metadata": {}}]}]}`
	dir := t.TempDir()
	path := filepath.Join(dir, "x.ipynb")
	if err := os.WriteFile(path, []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := readNotebook(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.stubs != 2 || s.moved != 1 || len(s.gated) != 1 {
		t.Errorf("%d stubs, %d moved lines and %d gate lines, want 2, 1 and 1", s.stubs, s.moved, len(s.gated))
	}
	got := strings.Join(s.problems("default", true), "\n")
	for _, want := range []string{"2 outputs left by GoNB's widgets", cleanCommand, nbpkg.MovedLine, "make notebooks NOTEBOOKS=", "m = -4"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems do not mention %q:\n%s", want, got)
		}
	}
	if err := checkFileSize(path); err != nil {
		t.Errorf("small notebook: %v", err)
	}
	big := filepath.Join(dir, "big.ipynb")
	if err := os.WriteFile(big, make([]byte, maxNotebook+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkFileSize(big); err == nil || !strings.Contains(err.Error(), "more than 500 KB") {
		t.Errorf("notebook of %d bytes: %v, want an error", maxNotebook+1, err)
	}
}

func TestScratchCopy(t *testing.T) {
	for name, want := range map[string]bool{
		"40-table1-mnist-Copy1.ipynb": true,
		"10-two-level-Copy.ipynb":     true,
		"40-table1-mnist.ipynb":       false,
		"Copy-notes.ipynb":            false,
	} {
		if got := scratchCopy.MatchString(name); got != want {
			t.Errorf("%s: scratch copy %v, want %v", name, got, want)
		}
	}
}

// TestShownNames checks that only the parts of a claim whose committed
// outputs show no part are set aside.
func TestShownNames(t *testing.T) {
	committed := []string{"order-matters", "table-1", "table-1-fashion", "table-1-same-class"}
	got := []string{"order-matters", "order-matters-rank", "table-1", "table-1-fashion", "table-1-fashion-standard", "table-1-same-class", "table-1-standard"}
	want := []string{"order-matters", "table-1", "table-1-fashion", "table-1-same-class", "table-1-standard"}
	if s := shownNames(got, committed); !slices.Equal(s, want) {
		t.Errorf("shownNames = %q, want %q", s, want)
	}
}
