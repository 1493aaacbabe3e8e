// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"fmt"
	"io"
	"strings"

	"github.com/go-echarts/go-echarts/v2/render"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Panels is a row of line charts side by side under one title, 16 cm
// wide: each panel has its own title (a short one), axes and data, and
// no legend of its own; one legend below the panels names the series
// without a Label (see Series.Label) of every panel, each name once, in
// the style it has in the first panel that has it. Styles are given per
// panel (see Series), so panels that list the same series in the same
// order show them alike. Where the panels' y axes span different ranges,
// the title drawn says "each panel on its own y scale". The interactive
// chart shows the panels one under another, each with its legend.
type Panels struct {
	Title  string
	Panels []*LineChart
}

var _ Chart = (*Panels)(nil)

func (p *Panels) validate() error {
	if len(p.Panels) == 0 {
		return fmt.Errorf("%w: panels %q have no panel", ErrChart, p.Title)
	}
	for _, c := range p.Panels {
		if c == nil {
			return fmt.Errorf("%w: panels %q have a nil panel", ErrChart, p.Title)
		}
		if err := c.validate(); err != nil {
			return err
		}
	}
	return nil
}

// legend returns the entries of the shared legend.
func (p *Panels) legend() []legendEntry {
	var entries []legendEntry
	seen := map[string]bool{}
	for _, c := range p.Panels {
		for k, st := range styles(c.Series) {
			s := c.Series[k]
			if s.Label != "" || seen[s.Name] {
				continue
			}
			seen[s.Name] = true
			entries = append(entries, legendEntry{s.Name, thumbnails(s, st)})
		}
	}
	return entries
}

// panelW is the width of the chart, unless its legend needs more.
var panelW = 16 * vg.Centimeter

// legendMargin is the room kept beside a legend as wide as the chart.
var legendMargin = vg.Points(12)

// legendPlan lays the shared legend out below the panels in as many
// columns as fit the width w.
func (p *Panels) legendPlan(w vg.Length) (entries []legendEntry, lp legendPlan) {
	entries = p.legend()
	if len(entries) == 0 {
		return nil, legendPlan{}
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.name
	}
	colW, _ := legendSize(names)
	cols := max(1, min(len(names), int((w+columnGap)/(colW+columnGap))))
	rows := (len(names) + cols - 1) / cols
	cols = (len(names) + rows - 1) / rows
	_, h := legendSize(names[:rows])
	return entries, legendPlan{cols: cols, rows: rows, colW: colW, w: vg.Length(cols)*(colW+columnGap) - columnGap, h: h}
}

// size returns the chart's size: panelW wide, or wider where the shared
// legend's longest entry would not fit (a name that says where a hidden
// series lies can be long), so that the legend stays inside the image.
func (p *Panels) size() (vg.Length, vg.Length) {
	w, h := panelW, 11*vg.Centimeter
	if _, lp := p.legendPlan(w - vg.Points(4)); lp.colW+legendMargin > w {
		w = lp.colW + legendMargin
	}
	if _, lp := p.legendPlan(w - vg.Points(4)); lp.rows > 0 {
		h += lp.h + legendGap
	}
	return w, h
}

func (p *Panels) draw(dc draw.Canvas) layout {
	var lay layout
	dc, lay.title = drawTitle(dc, p.title())
	if entries, lp := p.legendPlan(dc.Max.X - dc.Min.X); lp.rows > 0 {
		x0 := dc.Min.X + (dc.Max.X-dc.Min.X-lp.w)/2
		for k := 0; k < lp.cols; k++ {
			es := entries[k*lp.rows : min(len(entries), (k+1)*lp.rows)]
			leg := newLegendStyle()
			for _, e := range es {
				leg.Add(e.name, e.thumbs...)
			}
			lc := dc
			lc.Min.X = x0 + vg.Length(k)*(lp.colW+columnGap)
			lc.Max.X = lc.Min.X + lp.colW
			lc.Max.Y = dc.Min.Y + lp.h
			leg.Draw(lc)
		}
		dc.Min.Y += lp.h + legendGap
	}
	n := len(p.Panels)
	gap := vg.Points(6)
	w := (dc.Max.X - dc.Min.X - vg.Length(n-1)*gap) / vg.Length(n)
	lay.plot = dc.Rectangle
	for i, c := range p.Panels {
		pc := dc
		pc.Min.X = dc.Min.X + vg.Length(i)*(w+gap)
		pc.Max.X = pc.Min.X + w
		pl := c.drawProbe(pc, probe{k: -1, noLegend: true})
		lay.axisLabels = append(lay.axisLabels, pl.axisLabels...)
		lay.axisLabels = append(lay.axisLabels, pl.title)
		if i == 0 {
			lay.data = pl.data
		}
	}
	return lay
}

// thumbnails are the legend's pictures of a series s of style st.
func thumbnails(s Series, st seriesStyle) []plot.Thumbnailer {
	var th []plot.Thumbnailer
	if !s.Points {
		l := lineOf(nil, st)
		th = append(th, l)
	}
	if st.glyph >= 0 {
		th = append(th, scatterOf(nil, st))
	}
	return th
}

func (p *Panels) echarts(id string) render.Renderer {
	var parts []render.Renderer
	for i, c := range p.Panels {
		cc := *c
		if cc.Title == "" {
			cc.Title = p.title()
		} else if i == 0 {
			cc.Title = p.title() + ": " + cc.Title
		}
		parts = append(parts, cc.echarts(fmt.Sprintf("%s_%d", id, i)))
	}
	return panelsRenderer{id: id, parts: parts}
}

// panelsRenderer shows charts one under another: their elements in turn,
// inside one element with the id id (so that a snippet shown hidden hides
// them all), and one script running each chart's script in a scope of its
// own.
type panelsRenderer struct {
	id    string
	parts []render.Renderer
}

func (r panelsRenderer) RenderSnippet() render.ChartSnippet {
	var elems, bodies []string
	open := "<script type=\"text/javascript\">"
	for _, c := range r.parts {
		s := c.RenderSnippet()
		elems = append(elems, strings.TrimSpace(s.Element))
		script := strings.TrimSpace(s.Script)
		if i := strings.Index(script, ">"); strings.HasPrefix(script, "<script") && i >= 0 && strings.HasSuffix(script, "</script>") {
			open = script[:i+1]
			script = strings.TrimSpace(script[i+1 : len(script)-len("</script>")])
		}
		bodies = append(bodies, "(function () {\n"+script+"\n})();")
	}
	elem := fmt.Sprintf("<div id=\"%s\" style=\"\">\n%s\n</div>", r.id, strings.Join(elems, "\n"))
	return render.ChartSnippet{Element: elem, Script: open + "\n" + strings.Join(bodies, "\n") + "\n</script>"}
}

func (r panelsRenderer) RenderContent() []byte { return nil }

func (r panelsRenderer) Render(w io.Writer) error {
	return fmt.Errorf("chart: panels render as snippets only")
}

// table returns the panels' data, with a last column no_spread if a
// series of any panel has a NoSpread (see LineChart.table).
func (p *Panels) table() [][]string {
	note := false
	for _, c := range p.Panels {
		note = note || len(noSpreadNotes(c.Series)) > 0
	}
	head := []string{"panel", "series", "x", "y", "lo", "hi"}
	if note {
		head = append(head, "no_spread")
	}
	rows := [][]string{head}
	for i, c := range p.Panels {
		name := c.Title
		if name == "" {
			name = fmt.Sprint(i + 1)
		}
		for _, r := range c.table()[1:] {
			row := append([]string{name}, r...)
			if len(row) < len(head) {
				row = append(row, "")
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// ownScale is what the title of panels whose y axes differ adds, unless
// it says so already: a reader who compares the panels by height would
// misread them.
const ownScale = "each panel on its own y scale"

// title returns p's title, with ownScale if its panels' y axes span
// different ranges.
func (p *Panels) title() string {
	if strings.Contains(p.Title, ownScale) {
		return p.Title
	}
	for _, c := range p.Panels[1:] {
		_, y0, _ := p.Panels[0].ranges()
		_, y, _ := c.ranges()
		if y != y0 {
			return p.Title + "; " + ownScale
		}
	}
	return p.Title
}

func (p *Panels) labels() []string {
	l := []string{p.title()}
	for _, c := range p.Panels {
		l = append(l, c.labels()...)
	}
	return l
}
