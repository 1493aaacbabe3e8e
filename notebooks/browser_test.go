// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// The browser test stops Jupyter's process group with signals (Setpgid,
// Kill), which only Unix has.

//go:build unix

package notebooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// needTool skips the test with msg, or fails it under CI (see inCI).
func needTool(t *testing.T, msg string) {
	t.Helper()
	if inCI() {
		t.Fatalf("CI=%s: %s", os.Getenv("CI"), msg)
	}
	t.Skip(msg)
}

// chromium returns the path of a Chromium or Chrome executable.
func chromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium, chromium-browser or google-chrome on PATH")
}

// newBrowser starts headless Chromium and returns a context for chromedp,
// with JavaScript off if noScript.
func newBrowser(t *testing.T, ctx context.Context, exe string) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", "new"),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.WindowSize(1280, 1024),
		chromedp.UserDataDir(t.TempDir()),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	// Chromium is newer than the pinned protocol: chromedp logs events it
	// cannot decode, which do not matter here.
	bctx, cancel := chromedp.NewContext(actx, chromedp.WithErrorf(func(format string, args ...any) {
		if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "could not unmarshal event") {
			t.Logf("chromedp: %s", msg)
		}
	}))
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Run(bctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	return bctx
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startJupyter starts Jupyter Notebook on 127.0.0.1 serving dir with the
// kernels of env's JUPYTER_DATA_DIR and returns its URL. The server stops
// with the test.
func startJupyter(t *testing.T, ctx context.Context, jupyter, dir string, env []string) string {
	t.Helper()
	port := freePort(t)
	args := []string{"notebook", "--no-browser", "--ip=127.0.0.1", "--port=" + strconv.Itoa(port),
		"--port-retries=0", "--NotebookApp.token=", "--NotebookApp.password=", "--notebook-dir=" + dir,
		// make jupyter's configuration: edits saved to edits/.
		"--config=" + filepath.Join(dir, "internal", "jupyter", "jupyter_notebook_config.py")}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-root")
	}
	cmd := exec.CommandContext(ctx, jupyter, args...)
	// The sliders come however long a loaded machine's page takes to
	// show them (nb.Explore would draw the defaults only after 60 s).
	cmd.Env = append(env, "JUPYTER_CONFIG_DIR="+t.TempDir(), "JUPYTER_RUNTIME_DIR="+t.TempDir(), "GOODORDER_NB_WIDGET_WAIT=10m")
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	// Its own process group, so that the kernels it starts stop with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting jupyter notebook: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		// SIGTERM makes the server shut its kernels down and exit.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		if t.Failed() {
			t.Logf("jupyter notebook log:\n%s", logTail(log.Bytes(), 40))
		}
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	for start := time.Now(); ; time.Sleep(200 * time.Millisecond) {
		select {
		case err := <-exited:
			t.Fatalf("jupyter notebook exited: %v\n%s", err, logTail(log.Bytes(), 40))
		default:
		}
		if resp, err := http.Get(url + "/api"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url
			}
		}
		if time.Since(start) > liveness {
			t.Fatalf("jupyter notebook did not answer on %s within %v\n%s", url, liveness, logTail(log.Bytes(), 40))
		}
	}
}

// liveness bounds each wait for the server, the kernel or the page: a
// limit on a hang, not a timing assertion, so generous enough for a
// 2-core machine at a load of 10 (a kernel start took 10 minutes there
// with a cold build cache).
const liveness = 10 * time.Minute

// keepFiles fails the test, and restores the files, if the browser
// session changed any of them (the notebook page must never save).
func keepFiles(t *testing.T, files ...string) {
	t.Helper()
	saved := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		saved[f] = b
	}
	_, statErr := os.Stat(".ipynb_checkpoints")
	hadCheckpoints := statErr == nil
	t.Cleanup(func() {
		for f, b := range saved {
			if now, err := os.ReadFile(f); err != nil || !bytes.Equal(now, b) {
				t.Errorf("the browser session changed %s; restored it", f)
				os.WriteFile(f, b, 0o644)
			}
		}
		if !hadCheckpoints {
			os.RemoveAll(".ipynb_checkpoints")
		}
	})
}

// TestBrowser opens notebooks in Jupyter Notebook, driven by headless
// Chromium, as a reader would: Run All, then look at what the page shows,
// then edit a parameter cell and Run All again.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test builds the GoNB kernel and runs notebooks; skipped in -short mode")
	}
	jupyter := needJupyter(t, "notebook", "the browser test needs Jupyter Notebook", "apt-get install jupyter-notebook", "pip install notebook")
	exe, err := chromium()
	if err != nil {
		needTool(t, fmt.Sprintf("the browser test needs Chromium (%v); on Debian: apt-get install chromium", err))
	}
	ctx := testContext(t)
	env := buildKernel(t, ctx)
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// omegaSigma edits the parameter cell of the notebooks built on the
	// omega-example protocol.
	omegaSigma := paramEdit{marker: "func config() paper.OmegaConfig {", from: "nb.At(paper.OmegaConfig{})", to: "nb.At(paper.OmegaConfig{Sigma: 3})"}
	for _, test := range []struct {
		file string
		// edits are ways to change a parameter cell, tried in order: the
		// first whose marker a cell holds is made, and that cell's output
		// must change.
		edits []paramEdit
		// charts is the number of ECharts canvases to find, explore the
		// number of cells with sliders.
		charts, explore int
		// invalid, if set, makes a parameter of the edited cell invalid
		// for a third Run All, whose outputs must be one line in that
		// cell and one line in each later cell; the notebook is then
		// saved, which must leave git status clean, and opened again.
		invalid *paramEdit
		// value is the invalid value the lines must name.
		value string
		// invalidOnly skips the Run Alls with valid parameters: nothing
		// is computed, every cell after the Parameters cell waits on it.
		invalidOnly bool
	}{
		{file: "00-quickstart.ipynb", edits: []paramEdit{
			omegaSigma,
			// The quickstart before it used the omega-example protocol.
			{marker: "var scales = map[string]Params{", from: `"smoke":   {Scale: "smoke", N: 8,`, to: `"smoke":   {Scale: "smoke", N: 16,`},
		}, value: "RunN = 3",
			invalid: &paramEdit{marker: omegaSigma.marker, from: "OmegaConfig{Sigma: 3}", to: "OmegaConfig{Sigma: 3, RunN: 3}"}},
		{file: "20-omega-example.ipynb", edits: []paramEdit{omegaSigma}, charts: 2, explore: 1,
			invalid: &paramEdit{marker: omegaSigma.marker, from: "OmegaConfig{Sigma: 3}", to: "OmegaConfig{Sigma: -1}"}, value: "-1"},
		// The sliders of the other two notebooks that have them: a burst
		// must end on the handle's value there too. The kernel waits for
		// the page's sliders as long as $GOODORDER_NB_WIDGET_WAIT says
		// (startJupyter), not Explore's 60 s, which a loaded CI machine's
		// first Run All exceeded on 80 ("met 0 cells with sliders").
		{file: "10-two-level-shuffling.ipynb", explore: 1, value: "-2",
			invalid: &paramEdit{marker: "func config() paper.TwoLevelConfig {", from: "nb.At(paper.TwoLevelConfig{})", to: "nb.At(paper.TwoLevelConfig{K: -2})"}},
		{file: "80-loader-shuffles.ipynb", explore: 1, value: "-1",
			invalid: &paramEdit{marker: "func config() paper.LoaderShufflesConfig {", from: "nb.At(paper.LoaderShufflesConfig{})", to: "nb.At(paper.LoaderShufflesConfig{ShardSize: -1})"}},
		// Every other notebook: an invalid parameter gives one line, and
		// saving leaves git status clean.
		{file: "05-theorem1-rates.ipynb", invalidOnly: true, value: "-4",
			invalid: &paramEdit{marker: "func config() paper.Theorem1Config {", from: "nb.At(paper.Theorem1Config{})", to: "nb.At(paper.Theorem1Config{N: -4})"}},
		{file: "30-variance-lemmas.ipynb", invalidOnly: true, value: "-4",
			invalid: &paramEdit{marker: "func lemma1Config() paper.Lemma1Config {", from: "nb.At(paper.Lemma1Config{})", to: "nb.At(paper.Lemma1Config{N: -4})"}},
		{file: "40-table1-mnist.ipynb", invalidOnly: true, value: "-1",
			invalid: &paramEdit{marker: "func config() paper.Table1Config {", from: "nb.At(paper.Table1Config{})", to: "nb.At(paper.Table1Config{BatchSize: -1})"}},
		{file: "50-scalable-orderings.ipynb", invalidOnly: true, value: "-1",
			invalid: &paramEdit{marker: "func config() paper.ScalableConfig {", from: "nb.At(paper.ScalableConfig{})", to: "nb.At(paper.ScalableConfig{SketchDraws: -1})"}},
		{file: "60-noise-and-structure.ipynb", invalidOnly: true, value: "-3",
			invalid: &paramEdit{marker: "func noiseConfig() paper.Theorem1NoiseConfig {", from: "nb.At(paper.Theorem1NoiseConfig{})", to: "nb.At(paper.Theorem1NoiseConfig{Grid: -3})"}},
		// The test runs at the smoke scale: 70 edits that scale's line.
		{file: "70-training-loop-sampler.ipynb", invalidOnly: true, value: "Batch = 0",
			invalid: &paramEdit{marker: "func config() params {", from: "return params{Examples: 2048, Batch: 64,", to: "return params{Examples: 2048, Batch: 0,"}},
		{file: "75-coordinated-orders.ipynb", invalidOnly: true, value: "-2",
			invalid: &paramEdit{marker: "func config() paper.CoordinatedConfig {", from: "nb.At(paper.CoordinatedConfig{})", to: "nb.At(paper.CoordinatedConfig{Workers: []int{-2}})"}},
	} {
		t.Run(test.file, func(t *testing.T) {
			keepFiles(t, test.file)
			start := time.Now()
			url := startJupyter(t, ctx, jupyter, dir, env)
			bctx := newBrowser(t, ctx, exe)
			page := &notebookPage{t: t, ctx: bctx}
			page.open(url + "/notebooks/" + test.file)
			if test.invalidOnly {
				page.invalidRun(*test.invalid, test.value)
				page.saveAndReopen(url+"/notebooks/"+test.file, test.file, test.invalid.to)
				t.Logf("invalid parameter, save and reopen; %v in all", time.Since(start).Round(time.Millisecond))
				return
			}
			if n := page.runAll(); n != test.explore {
				t.Errorf("Run All met %d cells with sliders, want %d", n, test.explore)
			}
			t.Logf("Run All in %v", time.Since(start).Round(time.Millisecond))
			page.checkOutputs(test.charts)
			if test.edits != nil {
				page.editRun(test.edits, test.charts, test.explore)
			}
			if test.invalid != nil {
				page.invalidRun(*test.invalid, test.value)
				page.saveAndReopen(url+"/notebooks/"+test.file, test.file, test.invalid.to)
				t.Logf("invalid parameter, save and reopen; %v in all", time.Since(start).Round(time.Millisecond))
			}
		})
	}
}

// editRun makes the first of edits a cell holds and runs all again: that
// cell's output must change.
func (p *notebookPage) editRun(edits []paramEdit, charts, explore int) {
	p.t.Helper()
	t := p.t
	start := time.Now()
	cell := p.edit(edits)
	before := p.outputs()
	if n := p.runAll(); n != explore {
		t.Errorf("Run All after the edit met %d cells with sliders, want %d", n, explore)
	}
	t.Logf("Run All after the edit in %v", time.Since(start).Round(time.Millisecond))
	p.checkOutputs(charts)
	after := p.outputs()
	if before[cell] == after[cell] {
		t.Errorf("the output of the edited cell %d did not change:\n%s", cell, after[cell])
	}
	changed := 0
	for i := range after {
		if i < len(before) && before[i] != after[i] {
			changed++
		}
	}
	t.Logf("%d cells changed their output after the edit", changed)
}

// notebookPage drives the classic Notebook's page through its JavaScript
// API (Jupyter.notebook).
type notebookPage struct {
	t   *testing.T
	ctx context.Context
}

func (p *notebookPage) eval(js string, v any) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, chromedp.Evaluate(js, v)); err != nil {
		p.t.Fatalf("evaluating %.60q: %v", js, err)
	}
}

// wait polls cond, a JavaScript expression, until it is true.
func (p *notebookPage) wait(what, cond string, limit time.Duration) {
	p.t.Helper()
	for start := time.Now(); ; time.Sleep(250 * time.Millisecond) {
		var ok bool
		if err := chromedp.Run(p.ctx, chromedp.Evaluate(cond, &ok)); err == nil && ok {
			return
		}
		if time.Since(start) > limit {
			p.t.Fatalf("%s: not done within %v", what, limit)
		}
	}
}

func (p *notebookPage) open(url string) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("opening %s: %v", url, err)
	}
	p.wait("the kernel starts", `typeof Jupyter !== "undefined" && Jupyter.notebook !== undefined && Jupyter.notebook._fully_loaded === true && Jupyter.notebook.kernel !== null && Jupyter.notebook.kernel.is_connected()`, liveness)
	// Never save: the page shows the committed notebook.
	p.eval(`Jupyter.notebook.set_autosave_interval(0); Jupyter.notebook.writable = false; true`, nil)
}

// runAll clears the outputs, runs every cell, and waits until every code
// cell has run. A cell showing sliders (nb.Explore) waits for its Done
// button: runAll moves its first slider, checks that the chart is redrawn,
// and presses Done. It returns the number of such cells.
func (p *notebookPage) runAll() (explored int) {
	p.t.Helper()
	p.eval(`Jupyter.notebook.clear_all_output(); Jupyter.notebook.execute_all_cells(); true`, nil)
	const done = `!Jupyter.notebook.kernel_busy && Jupyter.notebook.get_cells().every(c => c.cell_type !== "code" || typeof c.input_prompt_number === "number")`
	// A Done button of GoNB's widgets (an output's <button>) not yet
	// pressed, once the first chart of its cell is drawn.
	const ready = `Array.from(document.querySelectorAll(".output_area button")).some(b => b.textContent === "Done" && !b.dataset.pressed) && document.querySelector("img.goodorder-explore") !== null`
	for start := time.Now(); ; time.Sleep(250 * time.Millisecond) {
		var state struct{ Done, Ready bool }
		if err := chromedp.Run(p.ctx, chromedp.Evaluate(fmt.Sprintf(`({Done: %s, Ready: %s})`, done, ready), &state)); err == nil {
			if state.Done {
				return explored
			}
			if state.Ready {
				p.explore()
				explored++
			}
		}
		if time.Since(start) > 10*time.Minute {
			p.t.Fatalf("Run All: not done within %v", 10*time.Minute)
		}
	}
}

// explore moves the first slider of nb.Explore's cell to its other end,
// waits for the chart to change, then makes a burst of quick moves that
// ends where the slider started and checks that the chart ends there too
// (GoNB delivers the page's values in any order: a stale one must not
// stay drawn), and presses Done.
func (p *notebookPage) explore() {
	p.t.Helper()
	// positions is the text above the chart up to its colon: the
	// sliders' values it was drawn at.
	const positions = `document.querySelector("img.goodorder-explore").previousElementSibling.textContent.split(":")[0]`
	var before, start string
	p.eval(`document.querySelector("img.goodorder-explore").src`, &before)
	p.eval(positions, &start)
	p.eval(`(() => { const s = document.querySelector(".output_area input[type=range]"); s.dataset.start = s.value; s.value = s.value === s.max ? s.min : s.max; s.dispatchEvent(new Event("change")); return true; })()`, nil)
	p.wait("the chart is redrawn after a slider moved", fmt.Sprintf(`(() => { const img = document.querySelector("img.goodorder-explore"); return img !== null && img.src !== %q && img.complete && img.naturalWidth > 0; })()`, before), liveness)
	var moved string
	p.eval(positions, &moved)
	if moved == start {
		p.t.Errorf("the chart's text %q did not change when the slider moved", moved)
	}
	// The burst: 24 input events in one go, through every position, back
	// to the start.
	p.eval(`(() => { const s = document.querySelector(".output_area input[type=range]"); const lo = Number(s.min), hi = Number(s.max); for (let i = 0; i < 24; i++) { s.value = lo + (i * 7) % (hi - lo + 1); s.dispatchEvent(new Event("input")); } s.value = s.dataset.start; s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); return true; })()`, nil)
	// The chart must end there and stay: a stale value drawn after the
	// right one would stay for good. Redraws of the burst's positions pass
	// by meanwhile, so the text must hold still for 3 s.
	var end string
	for start0 := time.Now(); ; time.Sleep(250 * time.Millisecond) {
		p.eval(positions, &end)
		if end == start {
			time.Sleep(3 * time.Second)
			p.eval(positions, &end)
			if end == start {
				break
			}
		}
		if time.Since(start0) > 2*time.Minute {
			p.t.Errorf("after a burst of slider moves ending at %q the chart shows %q", start, end)
			break
		}
	}
	p.eval(`(() => { const b = Array.from(document.querySelectorAll(".output_area button")).find(b => b.textContent === "Done" && !b.dataset.pressed); b.dataset.pressed = "1"; b.click(); return true; })()`, nil)
}

// invalidRun makes e, which sets a parameter to the invalid value named
// value, and runs all: the edited cell must print one line naming value,
// and every later code cell one line saying it waits on it, with no
// error output anywhere.
func (p *notebookPage) invalidRun(e paramEdit, value string) {
	p.t.Helper()
	cell := p.edit([]paramEdit{e})
	if n := p.runAll(); n != 0 {
		p.t.Errorf("Run All with an invalid parameter met %d cells with sliders, want 0", n)
	}
	var cells []struct {
		Code, Ready bool
		Lines       []string
		Error       bool
	}
	p.eval(`Jupyter.notebook.get_cells().map(c => ({Code: c.cell_type === "code", Ready: c.get_text().includes("nb.Ready()"), Lines: c.output_area ? c.output_area.outputs.flatMap(o => (o.text || "").split("\n").filter(l => l !== "")) : [], Error: c.output_area ? c.output_area.outputs.some(o => o.output_type === "error" || o.name === "stderr") : false}))`, &cells)
	for i, c := range cells {
		if !c.Code || i < cell {
			continue
		}
		if i > cell && !c.Ready && len(c.Lines) == 0 && !c.Error {
			// Declarations only: the cell runs nothing, so it has
			// nothing to wait for.
			continue
		}
		var want string
		switch {
		case i == cell:
			want = "invalid parameter:"
		default:
			want = "waiting on the Parameters cell:"
		}
		var gated []string
		for _, l := range c.Lines {
			if strings.HasPrefix(l, want) {
				gated = append(gated, l)
			}
		}
		switch {
		case c.Error:
			p.t.Errorf("cell %d: an error output with an invalid parameter: %q", i, c.Lines)
		case len(gated) != 1 || !strings.Contains(gated[0], value):
			p.t.Errorf("cell %d: %q, want one line beginning %q naming %s", i, c.Lines, want, value)
		case i > cell && len(c.Lines) != 1:
			p.t.Errorf("cell %d: %q, want only the line %q", i, c.Lines, gated[0])
		}
	}
}

// saveAndReopen saves the notebook file as the page shows it, as Jupyter's
// autosave does: git status must stay clean, the edit being saved to
// edits/ (make jupyter's configuration), and the page opened again must
// show the edited text want. It removes the saved copy.
func (p *notebookPage) saveAndReopen(url, file, want string) {
	p.t.Helper()
	saved := filepath.Join("edits", file)
	if _, err := os.Stat(saved); err == nil {
		p.t.Fatalf("%s exists before the test saves (a researcher's edits? make keep-notebook or make discard-notebook NB=notebooks/%s)", saved, file)
	}
	p.t.Cleanup(func() {
		os.Remove(saved)
		checkpoints := filepath.Join("edits", ".ipynb_checkpoints")
		os.Remove(filepath.Join(checkpoints, strings.TrimSuffix(file, ".ipynb")+"-checkpoint.ipynb"))
		// The folder goes too if it holds nothing else (no edits of a
		// researcher's): removing succeeds only on empty folders.
		os.Remove(checkpoints)
		if entries, err := os.ReadDir("edits"); err == nil && len(entries) == 1 && entries[0].Name() == ".gitignore" {
			os.RemoveAll("edits")
		}
	})
	p.eval(`Jupyter.notebook.writable = true; Jupyter.notebook.save_checkpoint(); true`, nil)
	for start := time.Now(); ; time.Sleep(250 * time.Millisecond) {
		if b, err := os.ReadFile(saved); err == nil && bytes.Contains(b, []byte(strings.ReplaceAll(want, `"`, `\"`))) {
			break
		}
		if time.Since(start) > time.Minute {
			p.t.Fatalf("%s does not hold %q a minute after saving", saved, want)
		}
	}
	out, err := exec.Command("git", "status", "--porcelain", "--", file, "edits").CombinedOutput()
	if err != nil {
		p.t.Fatalf("git status: %v\n%s", err, out)
	}
	if len(out) > 0 {
		p.t.Errorf("git status after saving %s from Jupyter: %s, want clean", file, out)
	}
	// Saved: leave without the page's "leave site?" question.
	p.eval(`Jupyter.notebook.set_dirty(false); window.onbeforeunload = null; true`, nil)
	p.open(url)
	var shown bool
	p.eval(fmt.Sprintf(`Jupyter.notebook.get_cells().some(c => c.get_text().includes(%q))`, want), &shown)
	if !shown {
		p.t.Errorf("%s opened again does not show the saved edit %q", file, want)
	}
}

// paramEdit changes a parameter cell: the first cell holding marker gets
// from replaced by to.
type paramEdit struct{ marker, from, to string }

// edit makes the first of edits whose marker a cell holds and returns that
// cell's index.
func (p *notebookPage) edit(edits []paramEdit) int {
	p.t.Helper()
	for _, e := range edits {
		var i int
		p.eval(fmt.Sprintf(`Jupyter.notebook.get_cells().findIndex(c => c.get_text().includes(%q))`, e.marker), &i)
		if i < 0 {
			continue
		}
		var ok bool
		p.eval(fmt.Sprintf(`(() => { const c = Jupyter.notebook.get_cell(%d); const s = c.get_text(); if (!s.includes(%q)) { return false; } c.set_text(s.replace(%q, %q)); return true; })()`, i, e.from, e.from, e.to), &ok)
		if !ok {
			p.t.Fatalf("cell %d holds %q but not %q", i, e.marker, e.from)
		}
		return i
	}
	p.t.Fatalf("no parameter cell to edit: no cell holds any of %+v", edits)
	return -1
}

// outputs returns the outputs of every cell as JSON, text and data.
func (p *notebookPage) outputs() []string {
	p.t.Helper()
	var out []string
	p.eval(`Jupyter.notebook.get_cells().map(c => c.output_area ? JSON.stringify(c.output_area.outputs.map(o => [o.text, o.data])) : "")`, &out)
	return out
}

// checkOutputs checks what the page shows: no error output, every PNG
// loaded, and charts ECharts canvases with drawn pixels and no fallback
// line left.
func (p *notebookPage) checkOutputs(charts int) {
	p.t.Helper()
	var errs []string
	p.eval(`Jupyter.notebook.get_cells().flatMap((c, i) => c.output_area ? c.output_area.outputs.filter(o => o.output_type === "error" || (o.output_type === "stream" && o.name === "stderr" && /panic|error/i.test(o.text))).map(o => "cell " + i + ": " + (o.ename || "") + " " + (o.evalue || o.text)) : [])`, &errs)
	for _, e := range errs {
		p.t.Errorf("error output: %s", e)
	}
	// Images need a moment to decode.
	p.wait("PNG images load", `Array.from(document.querySelectorAll(".output_png img")).every(img => img.complete)`, liveness)
	var imgs struct{ All, Loaded int }
	p.eval(`(() => { const all = Array.from(document.querySelectorAll(".output_png img")); return {All: all.length, Loaded: all.filter(img => img.naturalWidth > 0).length}; })()`, &imgs)
	if imgs.All == 0 || imgs.Loaded != imgs.All {
		p.t.Errorf("%d of %d PNG images loaded (naturalWidth > 0), want all and at least one", imgs.Loaded, imgs.All)
	}
	if charts == 0 {
		return
	}
	// ECharts draws with an animation: wait for ink.
	const inked = `Array.from(document.querySelectorAll(".output_html canvas")).map(cv => { const d = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data; let n = 0; for (let i = 0; i < d.length; i += 4) { if (d[i+3] > 0 && (d[i] < 240 || d[i+1] < 240 || d[i+2] < 240)) { n++; } } return n; })`
	p.wait("ECharts draws", fmt.Sprintf(`(%s).filter(n => n > 1000).length >= %d`, inked, charts), liveness)
	var ink []int
	p.eval(inked, &ink)
	var fallbacks int
	p.eval(`document.querySelectorAll(".goodorder-fallback").length`, &fallbacks)
	if fallbacks != 0 {
		p.t.Errorf("%d fallback lines still shown beside drawn charts (ink per canvas %v)", fallbacks, ink)
	}
}

// testContext returns the test's context, ending 10 s before its deadline.
func testContext(t *testing.T) context.Context {
	ctx := t.Context()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-10*time.Second))
		t.Cleanup(cancel)
	}
	return ctx
}

// staticRender checks the HTML nbconvert makes of the executed notebook
// path, loaded with JavaScript off (as GitHub shows a notebook): every
// interactive chart's output shows its fallback line and no blank box.
func staticRender(t *testing.T, ctx context.Context, jupyter, exe, path string) {
	t.Helper()
	out := t.TempDir()
	cmd := exec.CommandContext(ctx, jupyter, "nbconvert", "--to", "html", "--output-dir", out, path)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jupyter nbconvert --to html %s: %v\n%s", path, err, b)
	}
	page := filepath.Join(out, strings.TrimSuffix(filepath.Base(path), ".ipynb")+".html")
	bctx := newBrowser(t, ctx, exe)
	var res struct {
		Interactive int
		Blank       []string
	}
	// An interactive output is one whose script calls echarts.init; it
	// is blank if it shows no text, or holds a box at least 50 pixels
	// high with neither text nor image.
	const check = `(() => {
  const outs = Array.from(document.querySelectorAll(".jp-OutputArea-output, .output_subarea")).filter(o => Array.from(o.querySelectorAll("script")).some(s => s.textContent.includes("echarts.init")));
  const blank = [];
  outs.forEach((o, i) => {
    const boxes = Array.from(o.querySelectorAll("div")).filter(d => d.getBoundingClientRect().height >= 50 && d.innerText.trim() === "" && !d.querySelector("img"));
    if (o.innerText.trim() === "" || boxes.length > 0) { blank.push("output " + i + ": text " + JSON.stringify(o.innerText.trim().slice(0, 80)) + ", " + boxes.length + " empty boxes"); }
  });
  return {Interactive: outs.length, Blank: blank};
})()`
	err := chromedp.Run(bctx,
		emulation.SetScriptExecutionDisabled(true),
		chromedp.Navigate("file://"+page),
		chromedp.Evaluate(check, &res))
	if err != nil {
		t.Fatalf("loading %s without JavaScript: %v", page, err)
	}
	for _, b := range res.Blank {
		t.Errorf("%s rendered without JavaScript: interactive %s", filepath.Base(path), b)
	}
	t.Logf("%s without JavaScript: %d interactive outputs, %d blank", filepath.Base(path), res.Interactive, len(res.Blank))
}
