// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/goodorder/goodorder/paper/chart"
)

// coverTol is how close two lines' values must be at a point for one to
// cover the other there, as a share of the y axis's span (of its
// logarithm on a log axis): about two lines' widths on a chart's data
// area, close enough that one hides much of the other.
const coverTol = 0.015

// uncover dashes each solid line of c that runs on an earlier solid line
// (within coverTol at four in five of their shared points), so that the
// earlier one shows in the dashes' gaps, or draws it as markers only if it
// has a dashed partner in its Group (dashing would give the two one look),
// and draws as markers only a solid line that runs on an earlier dashed
// line and a dashed line that runs on an earlier dashed line (dashes in
// step hide the earlier); it returns the names of the lines changed. The
// lines must share their x values point by point to be compared;
// chart.Check fails a line the later ones cover.
func uncover(c *chart.LineChart) []string {
	ss := c.Series
	f, tol := coverScale(c)
	var changed []string
	for j := range ss {
		if ss[j].Points {
			continue
		}
		for i := range j {
			if ss[i].Points || !covers(ss[j], ss[i], f, tol) {
				continue
			}
			if ss[j].Dashed {
				// Dashes on dashes in step hide the earlier line; on a
				// solid line they leave it in their gaps.
				if ss[i].Dashed {
					ss[j].Dashed, ss[j].Points = false, true
					changed = append(changed, ss[j].Name)
				}
				break
			}
			switch {
			case ss[i].Dashed, dashedPartner(ss, j):
				// Markers on a line would hide it: markers only.
				ss[j].Points = true
			default:
				ss[j].Dashed = true
			}
			changed = append(changed, ss[j].Name)
			break
		}
	}
	return changed
}

// dashedPartner reports whether a series of ss in the Group of ss[j] is
// dashed: dashing ss[j] would give the two one look.
func dashedPartner(ss []chart.Series, j int) bool {
	if ss[j].Group == "" {
		return false
	}
	for i, s := range ss {
		if i != j && s.Group == ss[j].Group && s.Dashed {
			return true
		}
	}
	return false
}

// noteCovered names each series of c that runs on an earlier one at
// every point (within onTol of the axis's span: the lines' widths
// overlap) after the line it runs on, "IG (on RR's line)"; one that runs
// on it over a stretch of at least minStretch of their points (for lines,
// and where the name stays within maxNoted), "IG (on RR's line from 2 to
// 64)"; else one that runs close to it (within coverTol at four in five
// points, as uncover finds them), "IG (drawn near RR's line)", or over such
// a stretch, "IG (drawn near RR's line from 4 to 64)", or "IG (partly on
// RR's line)" where a stretch on or near it, of two points or more, cannot
// be named ("IG (partly overlapping)" where even that does not fit, however
// long the name then is); so that a reader who
// sees one line where the legend lists two knows why, unless its name
// already names that line. Of the earlier lines it runs on or near, the
// note names the one it covers most: the strongest note (on at every
// point, then on over a stretch, near, near over a stretch, partly), and
// between notes alike, the line it runs within coverTol of over the
// longest stretch.
func noteCovered(c *chart.LineChart) {
	f, tol := coverScale(c)
	on := tol * onTol / coverTol
	visible := visibleStretch(c)
	ss := c.Series
	for j := range ss {
		best, bestRank, bestRun := "", 0, 0
		for i := range j {
			other := ss[i].Name
			if k := strings.IndexAny(other, "(;"); k > 0 {
				other = strings.TrimSpace(other[:k])
			}
			if other == "" || ss[j].Name == "" || strings.Contains(ss[j].Name, other) {
				continue
			}
			note, rank := coverNote(ss[j], ss[i], other, f, on, tol, visible)
			if note == "" {
				continue
			}
			_, _, run := coverRun(ss[j], ss[i], f, tol)
			if best == "" || rank < bestRank || rank == bestRank && run > bestRun {
				best, bestRank, bestRun = note, rank, run
			}
		}
		ss[j].Name += best
	}
}

// noteCoveredPanels gives the series of p's panels the notes noteCovered
// gives them in each panel, in the shared legend: a series that runs on
// an earlier one in some panels is named after it with the first such
// panel's title, "IG (on RR's line in "same-class")", or without a title
// where the note holds in every panel that draws both; the new name is
// the series' name in every panel, so that each name keeps one legend
// entry. A series underLines took out of a panel keeps its name.
func noteCoveredPanels(p *chart.Panels) {
	type found struct {
		note   string
		panel  int
		panels int // the panels that draw the series with the same note
		// partners are the lines its notes in every panel name ("" for
		// a note that names none), and titles those panels' titles.
		partners, titles []string
	}
	notes := map[string]*found{}
	draws := map[string]int{}
	for i, lp := range p.Panels {
		cp := *lp
		cp.Series = slices.Clone(lp.Series)
		if lp.XMin < lp.XMax {
			// A zoomed panel (ZoomFrom) shows its points in its x range
			// on the span they take: lines apart there are drawn apart.
			for k, s := range cp.Series {
				cp.Series[k] = clipX(s, lp.XMin, lp.XMax)
			}
		}
		noteCovered(&cp)
		for k, s := range cp.Series {
			name := lp.Series[k].Name
			draws[name]++
			note := strings.TrimPrefix(s.Name, name)
			if note == "" || strings.Contains(name, "(under ") {
				continue
			}
			f := notes[name]
			switch {
			case f == nil:
				f = &found{note: note, panel: i, panels: 1}
				notes[name] = f
			case f.note == note:
				f.panels++
			}
			f.partners, f.titles = append(f.partners, notePartner(note)), append(f.titles, lp.Title)
		}
	}
	for name, f := range notes {
		note := f.note
		switch title := p.Panels[f.panel].Title; {
		case len(f.partners) > f.panels && f.partners[0] != "" && !slices.ContainsFunc(f.partners, func(p string) bool { return p != f.partners[0] }):
			// Notes that differ from panel to panel (stretches of their
			// own) on one line: said of every panel that has one, not of
			// the first alone.
			where := "in every panel"
			if len(f.partners) < draws[name] {
				where = "in " + quoteJoin(f.titles)
			}
			note = fmt.Sprintf(" (on or near %s's line over stretches %s)", f.partners[0], where)
			if len([]rune(name+note)) > maxNoted {
				note = " (partly overlapping, " + where + ")"
			}
		case f.panels < draws[name] && title != "":
			// The panel's title where the note holds in some panels
			// only, unless the name would then outgrow maxNoted.
			if in := strings.TrimSuffix(note, ")") + fmt.Sprintf(" in %q)", title); len([]rune(name+in)) <= maxNoted {
				note = in
			}
		}
		for _, lp := range p.Panels {
			for k := range lp.Series {
				if lp.Series[k].Name == name {
					lp.Series[k].Name = name + note
				}
			}
		}
	}
}

// clipX returns s with only its points whose x lies in [lo, hi]: the
// points a zoomed panel shows.
func clipX(s chart.Series, lo, hi float64) chart.Series {
	out := s
	out.X, out.Y, out.Lo, out.Hi = nil, nil, nil, nil
	for k, x := range s.X {
		if x < lo || x > hi {
			continue
		}
		out.X, out.Y = append(out.X, x), append(out.Y, s.Y[k])
		if len(s.Lo) == len(s.X) && len(s.Hi) == len(s.X) {
			out.Lo, out.Hi = append(out.Lo, s.Lo[k]), append(out.Hi, s.Hi[k])
		}
	}
	return out
}

// coverNote returns the note noteCovered gives a, which may run on b,
// whose name is other, on the scale f with the tolerances on and tol: the
// first that holds and keeps a's name within maxNoted, or "", and its
// rank, 0 for the strongest (on at every point) to 4 (partly).
func coverNote(a, b chart.Series, other string, f func(float64) float64, on, tol float64, visible func(from, to float64) bool) (string, int) {
	fits := func(note string) bool { return len([]rune(a.Name+note)) <= maxNoted }
	// stretch names the longest stretch within t, for lines only
	// (markers show on a line).
	stretch := func(what string, t float64) string {
		note := fmt.Sprintf(" (%s %s's line from %%g to %%g)", what, other)
		if a.Points || b.Points || !fits(note) {
			return ""
		}
		if from, to, ok := coverStretch(a, b, f, t); ok {
			return fmt.Sprintf(note, from, to)
		}
		return ""
	}
	if near, n := nearPoints(a, b, f, on); n > 0 && near == n {
		return fmt.Sprintf(" (on %s's line)", other), 0
	}
	if note := stretch("on", on); note != "" {
		return note, 1
	}
	if note := fmt.Sprintf(" (drawn near %s's line)", other); covers(a, b, f, tol) && fits(note) {
		return note, 2
	}
	if note := stretch("drawn near", tol); note != "" {
		return note, 3
	}
	// A stretch on or near the line too short to name (at least two
	// points in a row, fewer than minStretch of them), or one whose note
	// does not fit: said briefly, so that no covering goes unsaid.
	// (A stretch within on is within tol too.)
	if a.Points || b.Points || !shortStretch(a, b, f, partlyFactor*tol, visible) {
		return "", 0
	}
	if note := fmt.Sprintf(" (partly on %s's line)", other); fits(note) {
		return note, 4
	}
	// Past maxNoted too: a long name with a short note crowds the legend
	// less than a covering left unsaid.
	return " (partly overlapping)", 4
}

// shortStretch reports whether a runs within tol of b on f's scale at two
// or more points in a row over a stretch visible says a reader sees: a
// stretch a reader may see as one line, not two lines crossing.
func shortStretch(a, b chart.Series, f func(float64) float64, tol float64, visible func(from, to float64) bool) bool {
	from, to, n := coverRun(a, b, f, tol)
	return n >= 2 && visible(from, to)
}

// minVisible is the least share of a chart's x axis a stretch of one line
// on another must span for noteCovered to say "partly": about 20 px of a
// chart's data area, longer than two lines crossing share.
const minVisible = 0.03

// visibleStretch returns whether a stretch from x = from to x = to spans
// at least minVisible of the x axis c's series span (on a log scale for
// LogX).
func visibleStretch(c *chart.LineChart) func(from, to float64) bool {
	g := func(x float64) float64 { return x }
	if c.LogX {
		g = math.Log
	}
	// The axis spans the points drawn: a y of ±Inf or NaN is not.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for i, x := range s.X {
			if v := g(x); !math.IsNaN(v) && !math.IsInf(v, 0) && !math.IsNaN(s.Y[i]) && !math.IsInf(s.Y[i], 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	// x may run either way (learning rates from the largest).
	return func(from, to float64) bool {
		return hi > lo && math.Abs(g(to)-g(from))/(hi-lo) >= minVisible
	}
}

// partlyFactor is how many times coverScale's tolerance two lines may lie
// apart over a stretch and still read as one there, for a note "partly on"
// (coverNote) or "near" (underLines): lines drawn with markers, or in a
// panel a few hundred pixels tall, merge at that distance.
const partlyFactor = 2

// onTol is how close two lines' values must be at a point, as a share of
// the y axis's span, for noteCovered to call one on the other there: about
// a line's width on a chart's data area, a third of coverTol.
const onTol = coverTol / 3

// minStretch is the least share of two lines' points that a stretch of
// one on the other must span for noteCovered to name it.
const minStretch = 0.5

// maxNoted is the longest name, in characters, noteCovered gives a
// stretch's note: a longer one would crowd the legend.
const maxNoted = 80

// coverStretch returns the x values at the ends of the longest stretch of
// consecutive shared points where f(a) runs within tol of f(b), and
// whether it spans at least minStretch of their points (and two).
func coverStretch(a, b chart.Series, f func(float64) float64, tol float64) (from, to float64, ok bool) {
	from, to, n := coverRun(a, b, f, tol)
	return from, to, n >= 2 && float64(n) >= minStretch*float64(len(a.X))
}

// coverRun returns the longest run of points in a row at which a lies
// within tol of b on f's scale: its first and last x and its length, 0 if
// there is none.
func coverRun(a, b chart.Series, f func(float64) float64, tol float64) (from, to float64, n int) {
	if len(a.X) != len(b.X) {
		return 0, 0, 0
	}
	start := -1
	for k := range a.X {
		ya, yb := f(a.Y[k]), f(b.Y[k])
		if a.X[k] == b.X[k] && !math.IsNaN(ya) && !math.IsNaN(yb) && !math.IsInf(ya, 0) && !math.IsInf(yb, 0) && math.Abs(ya-yb) <= tol {
			if start < 0 {
				start = k
			}
			if m := k - start + 1; m > n {
				n, from, to = m, a.X[start], a.X[k]
			}
			continue
		}
		start = -1
	}
	return from, to, n
}

// coverScale returns the scale on which lines of c are compared (the
// logarithm on a log y axis) and how near two lines must be on it to
// cover one another: coverTol of the data's span.
func coverScale(c *chart.LineChart) (f func(float64) float64, tol float64) {
	f = func(v float64) float64 { return v }
	if c.LogY {
		f = math.Log
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for _, v := range s.Y {
			if v := f(v); !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	return f, coverTol * (hi - lo)
}

// covers reports whether f(a) runs within tol of f(b) at four in five of
// their points.
func covers(a, b chart.Series, f func(float64) float64, tol float64) bool {
	near, n := nearPoints(a, b, f, tol)
	return n > 0 && 5*near >= 4*n
}

// nearPoints returns how many of the n points a and b share (at the same
// x, both finite) f(a) runs within tol of f(b) at.
func nearPoints(a, b chart.Series, f func(float64) float64, tol float64) (near, n int) {
	if len(a.X) != len(b.X) {
		return 0, 0
	}
	for k := range a.X {
		ya, yb := f(a.Y[k]), f(b.Y[k])
		if a.X[k] != b.X[k] || math.IsNaN(ya) || math.IsNaN(yb) || math.IsInf(ya, 0) || math.IsInf(yb, 0) {
			continue
		}
		n++
		if math.Abs(ya-yb) <= tol {
			near++
		}
	}
	return near, n
}

// shareBound adds the dashed bound line b of the order b.Group to bounds,
// or, if a line of bounds has b's values, names that line after both
// orders and gives it a colour of its own: drawn apart, the last of equal
// bounds would cover the others.
func shareBound(bounds []chart.Series, b chart.Series) []chart.Series {
	for i, o := range bounds {
		if slices.Equal(o.Y, b.Y) && slices.Equal(o.X, b.X) {
			bounds[i].Name = strings.TrimSuffix(o.Name, " bound") + ", " + b.Name
			bounds[i].Group = "bound: " + bounds[i].Name
			return bounds
		}
	}
	return append(bounds, b)
}

// accuracyPanels returns accuracy curves acc as two panels: every epoch,
// and the epochs from `from` on zoomed (ZoomFrom), where the orders end up,
// with whole-number epoch ticks. Each order is drawn as itself in both
// panels with one look (colour, dash, markers) of its own: lines that run
// on one another are dashed or drawn as markers (uncover), in every panel
// alike (samePanelStyles), and a line that a bundle of later ones still
// hides is left out of that panel and named after the line it lies
// under (underLines). paper, if not nil, maps orders of acc to the
// paper's final accuracy: the full panel draws each as a flat dashed line
// with markers at its ends, in a colour of no order (one line for orders
// within a point of each other, which would hide one another), for the
// scale of the paper's gap; the colour is its first order's place among
// acc's orders after theirs, so that charts of the same orders give one
// look one order's reference ("the paper's final (greedy 88.43)").
func accuracyPanels(acc *chart.LineChart, from int, paper map[string]float64) *chart.Panels {
	full, zoom := *acc, *acc
	full.Series, zoom.Series = slices.Clone(acc.Series), slices.Clone(acc.Series)
	full.Title, zoom.Title = "every epoch", fmt.Sprintf("epochs %d on, zoomed", from)
	full.IntegerX, zoom.IntegerX = true, true
	zoom.YLabel = ""
	// Each order keeps its colour in both panels, whatever the panels
	// draw.
	for k := range acc.Series {
		full.Series[k].Colour, zoom.Series[k].Colour = k+1, k+1
	}
	var lines []chart.Series
	for k, s := range acc.Series {
		v, ok := paper[s.Name]
		if !ok || len(s.X) == 0 {
			continue
		}
		if i := slices.IndexFunc(lines, func(l chart.Series) bool { return math.Abs(l.Y[0]-v) < 1 }); i >= 0 {
			lines[i].Name = strings.TrimSuffix(lines[i].Name, ")") + fmt.Sprintf(", %s %.2f)", s.Name, v)
			continue
		}
		x := []float64{s.X[0], s.X[len(s.X)-1]}
		// A colour after the orders': a reference line never takes an
		// order's look.
		lines = append(lines, chart.Series{Name: fmt.Sprintf("the paper's final, its CIFAR-10 ResNet-18 (%s %.2f)", s.Name, v), X: x, Y: []float64{v, v}, Dashed: true, Markers: true, Colour: len(acc.Series) + k + 1})
	}
	full.Series = append(full.Series, lines...)
	zoom.ZoomFrom(float64(from))
	p := &chart.Panels{Title: acc.Title, Panels: []*chart.LineChart{&full, &zoom}}
	samePanelStyles(p)
	underLines(p)
	if err := chart.Check(p); err != nil && strings.Contains(err.Error(), "panel 2: the data span") {
		// Accuracies that barely move after from (a model at chance,
		// say) leave the zoom's range with too little data: show
		// those epochs on the range their data span instead.
		zoom.YMin, zoom.YMax = 0, 0
	}
	return p
}

// hiddenRE finds a series chart.Check finds hidden, with its panel.
var hiddenRE = regexp.MustCompile(`panel (\d+): series ("(?:[^"\\]|\\.)*") is hidden`)

// underLines takes out of its panel each series of p that the series
// drawn after it hide even when dashed or drawn as markers (chart.Check's
// test: a bundle of three or more lines at one place), and names it in
// every panel after the line it runs on: "greedy (under stale greedy's
// line in "every epoch")", so that it keeps one look and the reader
// knows where it is. The panels keep their other series.
func underLines(p *chart.Panels) {
	for range 16 {
		err := chart.Check(p)
		if err == nil {
			return
		}
		m := hiddenRE.FindStringSubmatch(err.Error())
		if m == nil {
			return
		}
		i, _ := strconv.Atoi(m[1])
		if m[2], err = strconv.Unquote(m[2]); err != nil {
			return
		}
		if i < 1 || i > len(p.Panels) {
			return
		}
		lp := p.Panels[i-1]
		k := slices.IndexFunc(lp.Series, func(s chart.Series) bool { return s.Name == m[2] })
		if k < 0 {
			return
		}
		// The later line nearest it, in mean distance.
		on, best := "", math.Inf(1)
		for _, t := range lp.Series[k+1:] {
			if len(t.Y) != len(lp.Series[k].Y) {
				continue
			}
			d, n := 0.0, 0
			for j, y := range lp.Series[k].Y {
				if v := math.Abs(y - t.Y[j]); !math.IsNaN(v) {
					d, n = d+v, n+1
				}
			}
			if n > 0 && d/float64(n) < best {
				on, best = t.Name, d/float64(n)
			}
		}
		if on == "" {
			return
		}
		name := fmt.Sprintf("%s (under %s's line in %q, not drawn there)", m[2], on, lp.Title)
		// Where it is drawn, it may still run near that line for a
		// stretch (a zoom of the same data): said too.
		for _, q := range p.Panels {
			a := slices.IndexFunc(q.Series, func(s chart.Series) bool { return s.Name == m[2] })
			b := slices.IndexFunc(q.Series, func(s chart.Series) bool { return s.Name == on })
			if q == lp || a < 0 || b < 0 {
				continue
			}
			f, tol := coverScale(q)
			if _, _, n := coverRun(q.Series[a], q.Series[b], f, partlyFactor*tol); n >= 2 {
				name = fmt.Sprintf("%s (near %s's line; under it in %q, not drawn there)", m[2], on, lp.Title)
				break
			}
		}
		lp.Series = slices.Delete(lp.Series, k, k+1)
		for _, q := range p.Panels {
			for j, s := range q.Series {
				if s.Name == m[2] {
					q.Series[j].Name = name
				}
			}
		}
	}
}

// noteHiddenPanelBands does what noteHiddenBands does to each panel of p
// and says so in the shared legend: a series whose band is hidden under
// its line in every panel that has it is named "name (band within the
// line)" in all of them, and one whose band is hidden in some panels
// only "name (band within the line in the left panel)" (the panels'
// titles, when they have them), band naming the band ("min-to-max
// band"), so that each name keeps one legend entry. A band hidden at four
// in five of its points or more but not at all (mostlyHidden) is named
// "... within the line at most points" the same way. views says that the
// panels are views of the same data (every epoch and a zoom, say), where
// a band seen in one panel needs no note: then only a band hidden in
// every panel is noted.
func noteHiddenPanelBands(p *chart.Panels, band string, views bool) {
	had := make([]map[string]bool, len(p.Panels))
	for i, lp := range p.Panels {
		had[i] = map[string]bool{}
		for _, s := range lp.Series {
			had[i][s.Name] = s.NoSpread != ""
		}
		noteHiddenBands(lp, band, false)
	}
	var names []string
	where, most := map[string][]string{}, map[string][]string{}
	in := map[string]int{}
	for i, lp := range p.Panels {
		for _, s := range lp.Series {
			if _, ok := in[s.Name]; !ok {
				names = append(names, s.Name)
			}
			in[s.Name]++
			switch {
			case s.NoSpread != "" && !had[i][s.Name]:
				where[s.Name] = append(where[s.Name], panelName(p, i))
			case s.NoSpread == "" && mostlyHidden(lp, s):
				most[s.Name] = append(most[s.Name], panelName(p, i))
			}
		}
	}
	rename := map[string]string{}
	for _, n := range names {
		var notes []string
		w, m := where[n], most[n]
		switch {
		case len(w) == in[n]:
			notes = append(notes, band+" within the line")
		case len(w) > 0 && !views:
			notes = append(notes, fmt.Sprintf("%s within the line in %s", band, strings.Join(w, " and ")))
		}
		switch {
		case len(m) == 0, views && len(m)+len(w) < in[n]:
		case len(m) == in[n]:
			notes = append(notes, band+" within the line at most points")
		case len(w) > 0:
			notes = append(notes, fmt.Sprintf("at most points in %s", strings.Join(m, " and ")))
		default:
			notes = append(notes, fmt.Sprintf("%s within the line at most points in %s", band, strings.Join(m, " and ")))
		}
		if len(notes) > 0 {
			rename[n] = fmt.Sprintf("%s (%s)", n, strings.Join(notes, "; "))
		}
	}
	for _, lp := range p.Panels {
		for k, s := range lp.Series {
			if r, ok := rename[s.Name]; ok {
				lp.Series[k].Name = r
			}
		}
	}
}

// panelName names panel i of p for a legend: its title ("the
// \"standard batching\" panel"), or its place.
func panelName(p *chart.Panels, i int) string {
	if t := p.Panels[i].Title; t != "" {
		return fmt.Sprintf("the %q panel", t)
	}
	return fmt.Sprintf("panel %d", i+1)
}

// samePanelStyles uncovers every panel of p (uncover) and gives each
// series name one look in all of them: a line dashed, or drawn as
// markers, in one panel is so in every panel, since the panels share one
// legend. Outcome.addChart uncovers each panel again, so it repeats until
// a pass changes nothing.
func samePanelStyles(p *chart.Panels) {
	for range 4 {
		changed := false
		dashed, points := map[string]bool{}, map[string]bool{}
		for _, lp := range p.Panels {
			changed = len(uncover(lp)) > 0 || changed
			for _, s := range lp.Series {
				dashed[s.Name] = dashed[s.Name] || s.Dashed
				points[s.Name] = points[s.Name] || s.Points
			}
		}
		for _, lp := range p.Panels {
			for k, s := range lp.Series {
				lp.Series[k].Dashed, lp.Series[k].Points = dashed[s.Name], points[s.Name]
			}
		}
		if !changed {
			return
		}
	}
}

// mergeClose returns ss with each series whose f-values lie within tol of
// an earlier series' at every shared point (both defined) replaced by
// nothing, and that earlier series named after all of them, the drawn one
// first, with what ("a; b, c within 5% of its line", for what "within
// 5% of its line"); the drawn line and band are the earlier series'.
// Series of other lengths or x values are kept as they are.
func mergeClose(ss []chart.Series, f func(float64) float64, tol float64, what string) []chart.Series {
	out := make([]chart.Series, 0, len(ss))
	var members [][]string
	for _, s := range ss {
		merged := false
		for i, o := range out {
			if o.Points || s.Points || !within(o, s, f, tol) {
				continue
			}
			members[i] = append(members[i], s.Name)
			merged = true
			break
		}
		if !merged {
			out = append(out, s)
			members = append(members, []string{s.Name})
		}
	}
	for i := range out {
		if len(members[i]) > 1 {
			out[i].Name = fmt.Sprintf("%s; %s %s", members[i][0], strings.Join(members[i][1:], ", "), what)
		}
	}
	return out
}

// mergeBands returns merged, the series of ss as mergeClose(ss, f, tol,
// ...) merged them, with each line's band widened to span the bands of
// every series it stands for: the line is its first member's, the spread
// all of theirs.
func mergeBands(ss, merged []chart.Series, f func(float64) float64, tol float64) []chart.Series {
	out := slices.Clone(merged)
	for _, s := range ss {
		// s went to the first line it lies within, as in mergeClose (a
		// line's first member lies within itself).
		i := slices.IndexFunc(out, func(o chart.Series) bool { return !o.Points && !s.Points && within(o, s, f, tol) })
		if i < 0 || s.Lo == nil || out[i].Lo == nil {
			continue
		}
		lo, hi := slices.Clone(out[i].Lo), slices.Clone(out[i].Hi)
		for t := range lo {
			lo[t], hi[t] = math.Min(lo[t], s.Lo[t]), math.Max(hi[t], s.Hi[t])
		}
		out[i].Lo, out[i].Hi = lo, hi
	}
	return out
}

// within reports whether f(a) and f(b) agree within tol at every point
// where both are defined, with at least one such point.
func within(a, b chart.Series, f func(float64) float64, tol float64) bool {
	if len(a.X) != len(b.X) {
		return false
	}
	n := 0
	for k := range a.X {
		ya, yb := f(a.Y[k]), f(b.Y[k])
		if a.X[k] != b.X[k] {
			return false
		}
		if math.IsNaN(ya) || math.IsNaN(yb) || math.IsInf(ya, 0) || math.IsInf(yb, 0) {
			continue
		}
		if math.Abs(ya-yb) > tol {
			return false
		}
		n++
	}
	return n > 0
}

// hiddenBandFrac and hiddenBarFrac are the tallest band and error bar,
// as shares of the y axis's span (of its logarithm on a log axis), that
// hide under a line and a marker: about 2 and 5 points (a line's width
// and a marker's, and a pixel) of a plot 150 to 250 points tall.
const hiddenBandFrac, hiddenBarFrac = 0.015, 0.035

// noteHiddenBands says of each series of lc of several runs whose band
// (error bars, for markers) is nowhere taller than hiddenBandFrac
// (hiddenBarFrac) of the y axis that its band (what the band is: "95%
// band", "min-to-max band") is drawn but hidden under its line: in
// NoSpread, which chart.Check asks for, and, if legend, in its legend
// name ("RR (95% band within the line)"), so that a reader who sees no
// band knows it is there. Panels share one legend and must keep a name
// in every panel: pass legend false for them. The axis is lc's fixed
// range, or its data's widened by the margin of a fitted axis.
func noteHiddenBands(lc *chart.LineChart, band string, legend bool) {
	f, ok, lo, hi := bandAxis(lc)
	if !(hi > lo) {
		return
	}
	for k, s := range lc.Series {
		if s.Runs <= 1 || s.Lo == nil || s.NoSpread != "" {
			continue
		}
		tallest, n := 0.0, 0
		for i := range s.Lo {
			a, b := f(s.Lo[i]), f(s.Hi[i])
			if !ok(a) || !ok(b) || !ok(s.X[i]) {
				continue
			}
			n++
			tallest = math.Max(tallest, math.Min(hi, b)-math.Max(lo, a))
		}
		limit := hiddenBandFrac
		if s.Points {
			limit = hiddenBarFrac
		}
		if tallest >= limit*(hi-lo) && (s.Points || n >= 2) {
			continue
		}
		lc.Series[k].NoSpread = fmt.Sprintf("its %s over %d runs is drawn but no taller than its line", band, s.Runs)
		if legend {
			lc.Series[k].Name += fmt.Sprintf(" (%s within the line)", band)
		}
	}
}

// bandAxis returns the scale f of lc's y axis (the logarithm on a log
// axis), which values ok, and the axis's range in f: lc's fixed range,
// or its data's widened by the margin of a fitted axis.
func bandAxis(lc *chart.LineChart) (f func(float64) float64, ok func(float64) bool, lo, hi float64) {
	f = func(v float64) float64 { return v }
	if lc.LogY {
		f = math.Log
	}
	ok = func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range lc.Series {
		for _, vs := range [][]float64{s.Y, s.Lo, s.Hi} {
			for _, v := range vs {
				if v := f(v); ok(v) {
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
			}
		}
	}
	lo, hi = lo-0.05*(hi-lo), hi+0.05*(hi-lo)
	if lc.YMin < lc.YMax {
		lo, hi = f(lc.YMin), f(lc.YMax)
	}
	return f, ok, lo, hi
}

// mostlyHidden reports whether the band of series s of lc is no taller
// than hiddenBandFrac of the y axis (bandAxis) at four in five of its
// points or more: drawn, but hidden under its line at most of them.
func mostlyHidden(lc *chart.LineChart, s chart.Series) bool {
	f, ok, lo, hi := bandAxis(lc)
	if !(hi > lo) || s.Runs <= 1 || s.Lo == nil || s.Points {
		return false
	}
	thin, n := 0, 0
	for i := range s.Lo {
		a, b := f(s.Lo[i]), f(s.Hi[i])
		if !ok(a) || !ok(b) || !ok(s.X[i]) {
			continue
		}
		n++
		if math.Min(hi, b)-math.Max(lo, a) < hiddenBandFrac*(hi-lo) {
			thin++
		}
	}
	return n > 0 && 5*thin >= 4*n
}

// nOf writes a count with its noun, singular for one: "1 run", "3 runs".
func nOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pointsText writes a number of points of accuracy: "1 point", "0.5 points".
func pointsText(v float64) string {
	if v == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%g points", v)
}

// ceil2 rounds v > 0 up to two significant digits (15.4 to 16, 0.412
// to 0.42), so that "within ±x%" holds of every value.
func ceil2(v float64) float64 {
	if !(v > 0) || math.IsInf(v, 0) {
		return v
	}
	e := int(math.Floor(math.Log10(v))) - 1
	if e >= 0 {
		d := math.Pow10(e)
		return math.Ceil(v/d-1e-9) * d
	}
	// Divide by the power of ten, which is exact, so that 0.42 prints
	// as 0.42.
	m := math.Pow10(-e)
	return math.Ceil(v*m-1e-9) / m
}

// noteBand names series i of chart c "name (what)", what naming its band
// ("95% band", say), or, if the band is about as wide as the line or
// narrower (thinBand), "name (what within ±0.41%)" and sets its NoSpread
// to say so, so that a reader who sees no band knows it is there and how
// narrow.
func noteBand(c *chart.LineChart, i int, name, what string) {
	s := &c.Series[i]
	s.Name = fmt.Sprintf("%s (%s)", name, what)
	if rel, hidden := thinBand(c, *s); hidden {
		sayThin(s, name, what, rel)
	}
}

// sayThin names s "name (what within ±x%)", x being rel in percent
// rounded up (ceil2), and sets its NoSpread to say the band is there and
// how narrow.
func sayThin(s *chart.Series, name, what string, rel float64) {
	pct := ceil2(100 * rel)
	s.Name = fmt.Sprintf("%s (%s within ±%g%%)", name, what, pct)
	s.NoSpread = fmt.Sprintf("its %s, within ±%g%% of each value, is about as wide as the line or narrower", what, pct)
}

// noteThinBands does what noteBand does to every series of c of more
// than one run whose band is about as wide as its line or narrower, for a
// chart whose title names the bands: it adds "(what within ±0.41%)" to
// the series' name and sets its NoSpread; the other series keep their
// names.
func noteThinBands(c *chart.LineChart, what string) {
	for i := range c.Series {
		s := &c.Series[i]
		if s.Runs <= 1 || s.Lo == nil || s.NoSpread != "" {
			continue
		}
		if rel, hidden := thinBand(c, *s); hidden {
			sayThin(s, s.Name, what, rel)
		}
	}
}

// thinBand reports whether the band (Lo, Hi) of series s of chart c is no
// taller than about a line's width at every point, twice coverTol of the
// y axis's span of c's data (of its logarithm on a log axis), so that a
// reader may not see it, and rel, its
// largest half-width as a share of the value. Points at zero up to
// rounding (below 1e-9 of the series' largest |y|), or at or below zero
// on a log axis, are left out.
func thinBand(c *chart.LineChart, s chart.Series) (rel float64, hidden bool) {
	f := func(v float64) float64 { return v }
	if c.LogY {
		f = math.Log
	}
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) && (!c.LogY || v > 0) }
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, t := range c.Series {
		for _, ys := range [][]float64{t.Y, t.Lo, t.Hi} {
			for _, v := range ys {
				if ok(v) {
					lo, hi = math.Min(lo, f(v)), math.Max(hi, f(v))
				}
			}
		}
	}
	top := 0.0
	for _, y := range s.Y {
		if ok(y) {
			top = math.Max(top, math.Abs(y))
		}
	}
	height := 0.0
	for k, y := range s.Y {
		if k >= len(s.Lo) || k >= len(s.Hi) || !ok(y) || math.Abs(y) <= 1e-9*top {
			continue
		}
		if ok(s.Lo[k]) && ok(s.Hi[k]) {
			height = math.Max(height, f(s.Hi[k])-f(s.Lo[k]))
		}
		rel = math.Max(rel, math.Max(s.Hi[k]-y, y-s.Lo[k])/math.Abs(y))
	}
	return rel, hi > lo && height <= 2*coverTol*(hi-lo)
}

// seedSpreadShown is seedSpreadNote that also says it in the legend: each
// series it gives a NoSpread is named with " (band within the line)" (" (bars
// within the marker)" for series drawn with markers), so that the PNG, not
// only the CSV, tells why no band can be seen.
func seedSpreadShown(c *chart.LineChart) {
	had := make([]bool, len(c.Series))
	for k, s := range c.Series {
		had[k] = s.NoSpread != ""
	}
	seedSpreadNote(c)
	for k, s := range c.Series {
		if had[k] || s.NoSpread == "" {
			continue
		}
		if s.Points || s.Markers {
			c.Series[k].Name += " (bars within the marker)"
		} else {
			c.Series[k].Name += " (band within the line)"
		}
	}
}

// seedSpreadNote sets NoSpread on each series of c of several runs whose
// band (error bars, for markers) is nowhere taller than a line's width
// (a marker's size), taken as 1% (2.5%) of the y axis's span (of its
// logarithm on a log axis), the axis fitted to every series' values and
// bands unless c fixes it: the runs agree within what the chart can
// show, and chart.Check wants that said. The band stays drawn.
func seedSpreadNote(c *chart.LineChart) {
	f := func(v float64) float64 { return v }
	if c.LogY {
		f = math.Log
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	if c.YMin < c.YMax {
		lo, hi = f(c.YMin), f(c.YMax)
	} else {
		for _, s := range c.Series {
			for _, v := range slices.Concat(s.Y, s.Lo, s.Hi) {
				if v := f(v); !math.IsNaN(v) && !math.IsInf(v, 0) {
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
			}
		}
	}
	span := hi - lo
	if !(span > 0) {
		span = 1 // flat: any band is thin beside the axis drawn about it
	}
	for k, s := range c.Series {
		if s.Runs <= 1 || s.NoSpread != "" || s.Lo == nil {
			continue
		}
		need, what := 0.01, "a line's width"
		if s.Points {
			need, what = 0.025, "a marker"
		}
		tallest := 0.0
		for i := range s.Lo {
			// Clipped to the axis, as drawn.
			a, b := math.Max(lo, math.Min(hi, f(s.Lo[i]))), math.Max(lo, math.Min(hi, f(s.Hi[i])))
			if d := math.Abs(b - a); !math.IsNaN(d) {
				tallest = math.Max(tallest, d)
			}
		}
		if tallest < need*span {
			c.Series[k].NoSpread = fmt.Sprintf("the %d runs agree within %s", s.Runs, what)
		}
	}
}

// sigApart writes v in two significant digits, or more, up to five, where
// two would write it as the threshold t it is not: an interval's end
// just below 1 reads "0.995", not "1", so that a cell hatched for
// spanning 1 shows why.
func sigApart(v, t float64) string {
	return strconv.FormatFloat(v, 'g', apartDigits(v, t, 5), 64)
}

// apartDigits returns the fewest significant digits, from two and below
// most, in which v does not read as t (all of them where v is t), else
// most.
func apartDigits(v, t float64, most int) int {
	for digits := 2; digits < most; digits++ {
		if x, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64); err != nil || x != t || v == t {
			return digits
		}
	}
	return most
}

// notePartnerRE finds the line a note of noteCovered names.
var notePartnerRE = regexp.MustCompile(`(?:on|near) (.+)'s line`)

// notePartner returns the line a note of noteCovered names, "RR" in " (on
// RR's line from 2 to 64)", or "" if it names none.
func notePartner(note string) string {
	if m := notePartnerRE.FindStringSubmatch(note); m != nil {
		return m[1]
	}
	return ""
}

// quoteJoin joins titles quoted: "a" and "b", or "a", "b" and "c".
func quoteJoin(titles []string) string {
	q := make([]string, len(titles))
	for i, t := range titles {
		q[i] = strconv.Quote(t)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
