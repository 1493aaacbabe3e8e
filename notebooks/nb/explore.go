// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/comms"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"

	"github.com/goodorder/goodorder/paper/chart"
)

// BatchEnv is the environment variable that, when not empty, makes Explore
// draw its default chart and return at once, as a notebook executed
// without a browser needs (make notebooks and the notebook test set it):
// GoNB's widgets wait for a browser to answer.
const BatchEnv = "GOODORDER_NB_BATCH"

// MovedLine starts the line Explore prints above its last chart when the
// sliders ended away from their defaults: a notebook saved then must be
// rerun (make notebooks) before it is committed, or its output is not
// the defaults' one.
const MovedLine = "sliders moved from the defaults"

// Slider is a control of Explore: a slider over Choices.
type Slider struct {
	// Name is shown before the value, as in "σ_top = 20".
	Name string
	// Choices are the values the slider steps through, in order.
	Choices []float64
	// Default is the index in Choices of the starting value.
	Default int
}

// ExploreFunc draws the chart for one value of every slider of Explore,
// in order, and returns it with a line of text about it (a ratio, a
// time).
type ExploreFunc func(values []float64) (c chart.Chart, text string, err error)

// Explore timings: how long Explore waits for the browser to show the
// sliders, and for the next change of a slider before it stops. The
// first wait covers a page still loading GoNB's widgets while the kernel
// compiles the notebook's first cells, on a busy machine: 20 s was once
// too short for the browser test under CI's parallel packages.
var (
	widgetTimeout = 60 * time.Second
	idleTimeout   = 15 * time.Minute
)

// WidgetWaitEnv is the environment variable that, when set to a duration
// ("5m"), replaces the 60 s Explore waits for the page to show the
// sliders: on a machine so loaded that the page answers later, the
// sliders still come, where the default would draw the defaults only. The
// browser test sets it, so that its slider bursts do not depend on load.
const WidgetWaitEnv = "GOODORDER_NB_WIDGET_WAIT"

// widgetWait returns how long Explore waits for the sliders: the
// duration in $GOODORDER_NB_WIDGET_WAIT if set, else widgetTimeout. A
// value that is not a positive duration is an error naming it.
func widgetWait() (time.Duration, error) {
	v := os.Getenv(WidgetWaitEnv)
	if v == "" {
		return widgetTimeout, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("nb: $%s is %q, want a positive duration such as 5m", WidgetWaitEnv, v)
	}
	return d, nil
}

// Explore draws the chart of draw at the sliders' defaults as a PNG with
// its text line. In a notebook open in a browser it also shows the
// sliders and a Done button, and redraws the chart at every change of a
// slider, until Done is pressed, the kernel is interrupted, or no slider
// has moved for 15 minutes; the cell is busy meanwhile. Then the last
// chart stays as the cell's output. Outside a notebook, or with
// $GOODORDER_NB_BATCH set, it only draws the defaults.
//
// An error of draw for the defaults is returned; for other positions it
// is shown in place of the chart.
func Explore(sliders []Slider, draw ExploreFunc) error {
	values := make([]float64, len(sliders))
	for i, s := range sliders {
		if len(s.Choices) == 0 || s.Default < 0 || s.Default >= len(s.Choices) {
			return fmt.Errorf("nb: slider %q has default %d and %d choices", s.Name, s.Default, len(s.Choices))
		}
		values[i] = s.Choices[s.Default]
	}
	c, text, err := draw(values)
	if err != nil {
		return err
	}
	if !gonbui.IsNotebook || os.Getenv(BatchEnv) != "" {
		return showFinal(sliders, values, c, text)
	}
	wait, err := widgetWait()
	if err != nil {
		return err
	}
	return explore(sliders, values, draw, c, text, wait)
}

// positions formats the sliders' values: "σ_top = 20, m = 16".
func positions(sliders []Slider, values []float64) string {
	var b strings.Builder
	for i, s := range sliders {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s = %s", s.Name, strconv.FormatFloat(values[i], 'g', -1, 64))
	}
	return b.String()
}

func showFinal(sliders []Slider, values []float64, c chart.Chart, text string) error {
	fmt.Printf("%s: %s\n", positions(sliders, values), text)
	return Show(c)
}

// move is a slider's position pos, the seq-th the page sent for it.
type move struct{ slider, seq, pos int }

// seqStride packs a move's sequence number and position into the one
// integer the page sends: seq*seqStride + pos (positions are below it).
const seqStride = 1 << 16

// seqScript is the page's side of a slider with the element id id: at
// every input or change it sends the position with its sequence number to
// addr.
func seqScript(id, addr string) string {
	return fmt.Sprintf(`(() => {
	const gc = globalThis?.gonb_comm;
	const el = document.getElementById(%[1]q);
	if (!gc || !el) { return; }
	let seq = 0;
	const v = gc.newSyncedVariable(%[2]q, -1);
	const send = () => { seq++; v.set(seq * %[3]d + Number(el.value)); };
	el.addEventListener("input", send);
	el.addEventListener("change", send);
})();`, id, addr, seqStride)
}

// latestMoves keeps the highest sequence number applied per slider.
type latestMoves []int

func newLatest(n int) latestMoves { return make(latestMoves, n) }

// apply reports whether m is newer than every move of its slider applied
// so far, and records it if so: a move that arrives after a newer one is
// stale.
func (l latestMoves) apply(m move) bool {
	if m.seq <= l[m.slider] {
		return false
	}
	l[m.slider] = m.seq
	return true
}

// errNoWidgets is printed when the page does not answer GoNB's widgets.
var errNoWidgets = errors.New("nb: the page did not show the sliders")

func explore(sliders []Slider, values []float64, draw ExploreFunc, c chart.Chart, text string, wait time.Duration) error {
	div := dom.CreateTransientDiv()
	built := make(chan []*widgets.SliderBuilder, 1)
	var rows []string // the sliders' rows, whose "_value" spans show their values
	var done *widgets.ButtonBuilder
	go func() {
		// Done waits for the page's first answer, forever if the page
		// has no GoNB widgets.
		var ws []*widgets.SliderBuilder
		for _, s := range sliders {
			row := "goodorder_slider_" + gonbui.UniqueID()
			dom.Append(div, fmt.Sprintf(`<div id="%s" style="margin:2px 0"><span style="display:inline-block;min-width:5em;font-family:sans-serif">%s</span><span id="%s_value" style="display:inline-block;min-width:4em;font-family:monospace">= %s</span></div>`,
				row, html.EscapeString(s.Name), row, html.EscapeString(strconv.FormatFloat(s.Choices[s.Default], 'g', -1, 64))))
			rows = append(rows, row)
			ws = append(ws, widgets.Slider(0, len(s.Choices)-1, s.Default).AppendTo(row).Done())
		}
		done = widgets.Button("Done").AppendTo(div).Done()
		built <- ws
	}()
	var ws []*widgets.SliderBuilder
	select {
	case ws = <-built:
	case <-time.After(wait):
		fmt.Printf("(%v within %v: the defaults only; $%s sets the wait)\n", errNoWidgets, wait, WidgetWaitEnv)
		return showFinal(sliders, values, c, text)
	}
	// Listen before the first chart shows, so that no move is missed, and
	// before the page's script sends its first value: GoNB delivers each
	// value from the page in a goroutine of its own, so they arrive in any
	// order, and the page numbers them (seqScript) for the latest to win.
	moves := make(chan move, 64)
	for i, w := range ws {
		addr := "goodorder_seq_" + gonbui.UniqueID()
		ch := comms.Listen[int](addr)
		go func() {
			for v := range ch.C {
				if v >= 0 {
					moves <- move{slider: i, seq: v / seqStride, pos: v % seqStride}
				}
			}
		}()
		dom.TransientJavascript(seqScript(w.HtmlId(), addr))
	}
	clicks := done.Listen()
	out := "goodorder_explore_" + gonbui.UniqueID()
	update := func(c chart.Chart, text string, err error, took time.Duration) (chart.Chart, string) {
		msg := positions(sliders, values) + ": " + text
		if took > 0 {
			// Live only: the committed output (showFinal) has no times.
			msg += fmt.Sprintf(" (redrawn in %.1f s)", took.Seconds())
		}
		var png []byte
		if err == nil {
			png, err = chart.CompactPNG(c)
		}
		if err != nil {
			gonbui.UpdateHTML(out, "<pre>"+html.EscapeString(positions(sliders, values)+": "+err.Error())+"</pre>")
			return nil, ""
		}
		gonbui.UpdateHTML(out, fmt.Sprintf(`<p style="font-family:monospace">%s</p><img class="goodorder-explore" src="data:image/png;base64,%s">`,
			html.EscapeString(msg), base64.StdEncoding.EncodeToString(png)))
		return c, text
	}
	last, lastText := update(c, text, nil, 0)
	if last == nil {
		return fmt.Errorf("nb: drawing the chart at %s failed", positions(sliders, values))
	}
	lastValues := append([]float64(nil), values...)
	defaults := append([]float64(nil), values...)
	latest := newLatest(len(sliders))
	idle := time.NewTimer(idleTimeout)
loop:
	for {
		select {
		case <-clicks.C:
			break loop
		case <-idle.C:
			break loop
		case m := <-moves:
			idle.Reset(idleTimeout)
			// Draw only the latest position of every slider: the moves
			// that came during the last drawing, newest first or not.
			changed := false
			for pending := true; pending; {
				if latest.apply(m) {
					s := sliders[m.slider]
					v := s.Choices[min(max(m.pos, 0), len(s.Choices)-1)]
					changed = changed || v != values[m.slider]
					values[m.slider] = v
					dom.SetInnerHtml(rows[m.slider]+"_value", "= "+html.EscapeString(strconv.FormatFloat(v, 'g', -1, 64)))
				}
				select {
				case m = <-moves:
				default:
					pending = false
				}
			}
			if !changed {
				continue
			}
			start := time.Now()
			c, text, err := draw(values)
			if c2, t2 := update(c, text, err, time.Since(start)); c2 != nil {
				last, lastText = c2, t2
				copy(lastValues, values)
			}
		}
	}
	gonbui.UpdateHTML(out, "")
	dom.SetInnerHtml(div, "")
	if !slices.Equal(lastValues, defaults) {
		// The notebook test rejects a committed notebook with this line.
		fmt.Printf("%s: %s\n", MovedLine, positions(sliders, defaults))
	}
	return showFinal(sliders, lastValues, last, lastText)
}
