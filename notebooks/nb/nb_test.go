// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"fmt"
	"html"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goodorder/goodorder/paper"
	"github.com/goodorder/goodorder/paper/chart"
)

func TestScale(t *testing.T) {
	for _, test := range []struct {
		env     string
		want    paper.Scale
		wantErr bool
	}{
		{"", paper.Default, false},
		{"smoke", paper.Smoke, false},
		{"default", paper.Default, false},
		{"paper", paper.Paper, false},
		{"full", paper.Paper, false},
		{"huge", 0, true},
	} {
		t.Setenv(ScaleEnv, test.env)
		got, err := Scale()
		if (err != nil) != test.wantErr || (err == nil && got != test.want) {
			t.Errorf("%s=%q: Scale() = %v, %v; want %v, error %v", ScaleEnv, test.env, got, err, test.want, test.wantErr)
		}
	}
}

func TestRoot(t *testing.T) {
	t.Setenv("GONB_DIR", "")
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	// The test runs in notebooks/nb, two levels below the module root.
	wd, _ := os.Getwd()
	if want := filepath.Dir(filepath.Dir(wd)); root != want {
		t.Errorf("Root() = %q, want %q", root, want)
	}
	if _, err := os.Stat(filepath.Join(root, "figures", "assets", "echarts.min.js")); err != nil {
		t.Errorf("the ECharts library is not where LoadECharts looks: %v", err)
	}
	t.Setenv("GONB_DIR", t.TempDir())
	if _, err := Root(); err == nil {
		t.Error("Root() found a module above an empty temporary folder")
	}
}

func TestCheckLine(t *testing.T) {
	for _, test := range []struct {
		ok   bool
		want string
	}{
		{true, "CHECK a-b: holds (1 < 2)"},
		{false, "CHECK a-b: does not hold (1 < 2)"},
	} {
		if got := checkLine("a-b", test.ok, "1 < 2"); got != test.want {
			t.Errorf("checkLine(ok=%v) = %q, want %q", test.ok, got, test.want)
		}
	}
}

// TestUnsettledPart checks that a check marked unsettled (a rule part the
// run left unsettled: paper's TestJudgedUnsettled) reads "unsettled" in
// its CHECK line, not "does not hold", and that a refuted part and a check
// of the claim's own keep their words.
func TestUnsettledPart(t *testing.T) {
	out := &paper.Outcome{
		Checks: []paper.Check{{Name: "p-open", Detail: "d1", Unsettled: true}, {Name: "p-fails", Detail: "d2"}, {Name: "own", Detail: "d3"},
			{Name: "beside", Detail: "a part judged beside: inconclusive", Unsettled: true}, {Name: "beside-fails", Detail: "a part judged beside: not reproduced"}},
	}
	var b strings.Builder
	old := stdout
	stdout = &b
	defer func() { stdout = old }()
	CheckOutcome("x", out)
	for _, want := range []string{"CHECK p-open: unsettled (d1)", "CHECK p-fails: does not hold (d2)", "CHECK own: does not hold (d3)",
		"CHECK beside: unsettled (a part", "CHECK beside-fails: does not hold (a part"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("CheckOutcome printed\n%s\nwant %q", b.String(), want)
		}
	}
}

func TestCell(t *testing.T) {
	if got, want := cell("a|b\nc"), `a\|b c`; got != want {
		t.Errorf("cell = %q, want %q", got, want)
	}
}

func TestInteractiveHTML(t *testing.T) {
	c := &chart.LineChart{Title: "t", Series: []chart.Series{{Name: "a", X: []float64{1, 2}, Y: []float64{1, 2}}}}
	h, err := interactiveHTML(c, "omega sigma_1-2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<p id="chart_omega_sigma_1_2_fallback" class="goodorder-fallback">`, // the fallback line, shown without JavaScript
		html.EscapeString(FallbackText),
		`id="chart_omega_sigma_1_2" style="display:none;`, // no blank space without JavaScript
		`document.getElementById("chart_omega_sigma_1_2").style.display = ""`,
		"echarts.init(document.getElementById('chart_omega_sigma_1_2')",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("interactive chart HTML lacks %q:\n%s", want, h)
		}
	}
	if i, j := strings.Index(h, "style.display"), strings.Index(h, "echarts.init"); i > j {
		t.Error("the chart is drawn before its element is shown")
	}
}

func TestExploreBatch(t *testing.T) {
	t.Setenv(BatchEnv, "1")
	sliders := []Slider{{Name: "n", Choices: []float64{4, 8, 16}, Default: 1}, {Name: "σ", Choices: []float64{0.5, 1}, Default: 0}}
	var calls [][]float64
	draw := func(v []float64) (chart.Chart, string, error) {
		calls = append(calls, append([]float64(nil), v...))
		return &chart.LineChart{Series: []chart.Series{{Name: "a", X: v, Y: v}}}, "text", nil
	}
	if err := Explore(sliders, draw); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0][0] != 8 || calls[0][1] != 0.5 {
		t.Errorf("Explore in batch mode drew %v, want once at the defaults [8 0.5]", calls)
	}
	if got, want := positions(sliders, calls[0]), "n = 8, σ = 0.5"; got != want {
		t.Errorf("positions = %q, want %q", got, want)
	}
	sliders[1].Default = 2
	if err := Explore(sliders, draw); err == nil || len(calls) != 1 {
		t.Errorf("Explore with a default out of range: error %v after %d draws, want an error before drawing", err, len(calls)-1)
	}
}

// TestLatestMoves checks that a burst of slider moves delivered in any
// order (as GoNB delivers them, each in a goroutine of its own) ends on
// the position the page sent last, which the handle shows.
func TestLatestMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 100 {
		const n = 20
		burst := make([]move, n)
		for i := range burst {
			burst[i] = move{slider: trial % 2, seq: i + 1, pos: rng.IntN(8)}
		}
		want := burst[n-1].pos
		rng.Shuffle(n, func(i, j int) { burst[i], burst[j] = burst[j], burst[i] })
		latest := newLatest(2)
		got := -1
		for _, m := range burst {
			if latest.apply(m) {
				got = m.pos
			}
		}
		if got != want {
			t.Fatalf("trial %d: the burst ends at position %d, want %d (the last one sent)", trial, got, want)
		}
	}
	// The page packs a move in one integer, at every input and change.
	js := seqScript("h", "a")
	for _, want := range []string{fmt.Sprintf("seq * %d + Number(el.value)", seqStride), `"input", send`, `"change", send`, `getElementById("h")`, `newSyncedVariable("a", -1)`} {
		if !strings.Contains(js, want) {
			t.Errorf("seqScript lacks %s:\n%s", want, js)
		}
	}
}

// TestWidgetWait checks $GOODORDER_NB_WIDGET_WAIT: unset, Explore waits
// 60 s for the page's sliders; a duration replaces it; anything else is
// an error naming the value.
func TestWidgetWait(t *testing.T) {
	for _, c := range []struct {
		v    string
		want time.Duration
		err  bool
	}{{"", widgetTimeout, false}, {"10m", 10 * time.Minute, false}, {"90s", 90 * time.Second, false}, {"soon", 0, true}, {"-5s", 0, true}, {"0", 0, true}} {
		t.Setenv(WidgetWaitEnv, c.v)
		got, err := widgetWait()
		if c.err {
			if err == nil || !strings.Contains(err.Error(), strconv.Quote(c.v)) {
				t.Errorf("$%s = %q: error %v, want one naming the value", WidgetWaitEnv, c.v, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("$%s = %q: %v, %v, want %v", WidgetWaitEnv, c.v, got, err, c.want)
		}
	}
}
