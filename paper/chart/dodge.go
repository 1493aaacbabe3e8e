package chart

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// markerStep is the distance, across the x axis, between the centres of
// two markers that dodge sets side by side: a marker's width (scatterOf's
// radius twice) and its error bar's caps (errorBars' capW twice) plus a
// point between them.
var markerStep = vg.Points(7)

// dodge sets side by side the markers of the marker-only series
// (Series.Points) that would cover one another: markers, with their error
// bars, that lie closer than markerStep across the x axis and whose
// vertical extents meet are moved apart across the x axis, in the order
// of their x and then of their series, markerStep apart, around the
// middle of where they were, and moved back inside the data area as a
// whole where that pushes one past its edge. A marker thus moves by a
// few points at most for a few markers at one place; the data (the CSV,
// the interactive chart) keep their x.
//
// The shifts are found on the canvas the data are drawn on, when the
// first of the plotters that use them draws, from the markers of every
// series, drawn or not, so that Check's probes, which draw one series
// alone, place it where the whole chart does.
type dodge struct {
	marks  []mark
	shifts map[markKey]vg.Length
}

// mark is one marker: its series, its data coordinates and the ends of
// its error bar (its y where it has none).
type mark struct {
	k            int
	x, y, lo, hi float64
}

type markKey struct {
	k int
	x float64
}

// newDodge returns the dodge of the markers of c's marker-only series.
func (c *LineChart) newDodge() *dodge {
	d := &dodge{}
	for k, s := range c.Series {
		if !s.Points {
			continue
		}
		for i := range s.X {
			if !c.drawable(s.X[i], s.Y[i]) {
				continue
			}
			m := mark{k: k, x: s.X[i], y: s.Y[i], lo: s.Y[i], hi: s.Y[i]}
			if s.Lo != nil && c.drawable(s.X[i], s.Lo[i]) && c.drawable(s.X[i], s.Hi[i]) {
				m.lo, m.hi = math.Min(m.lo, s.Lo[i]), math.Max(m.hi, s.Hi[i])
			}
			d.marks = append(d.marks, m)
		}
	}
	return d
}

// shift returns how far the marker of series k at x moves across the x
// axis, on the canvas c whose transforms are trX and trY.
func (d *dodge) shift(k int, x float64, c draw.Canvas, trX, trY func(float64) vg.Length) vg.Length {
	if d == nil {
		return 0
	}
	if d.shifts == nil {
		d.place(trX, trY, c.Min.X, c.Max.X)
	}
	return d.shifts[markKey{k, x}]
}

// placed returns the shift of the marker of series k at x once the plot
// has drawn (0 before, or for a marker that stays).
func (d *dodge) placed(k int, x float64) vg.Length {
	if d == nil {
		return 0
	}
	return d.shifts[markKey{k, x}]
}

// place finds the shifts: it gathers markers that meet into groups and
// spreads each group, until no two markers of different groups meet
// (a spread group may reach another), at most len(d.marks) rounds. A
// group keeps its markers and their caps between left and right, the
// data area's edges, where it fits there.
func (d *dodge) place(trX, trY func(float64) vg.Length, left, right vg.Length) {
	d.shifts = map[markKey]vg.Length{}
	n := len(d.marks)
	if n < 2 {
		return
	}
	r := vg.Points(2.5) // scatterOf's radius
	x := make([]vg.Length, n)
	x0 := make([]vg.Length, n)
	lo := make([]vg.Length, n)
	hi := make([]vg.Length, n)
	for i, m := range d.marks {
		x[i] = trX(m.x)
		x0[i] = x[i]
		a, b := trY(m.lo), trY(m.hi)
		lo[i], hi[i] = min(a, b, trY(m.y)-r), max(a, b, trY(m.y)+r)
	}
	meet := func(i, j int) bool {
		return vg.Length(math.Abs(float64(x[i]-x[j]))) < markerStep-vg.Points(0.01) && lo[i] < hi[j] && lo[j] < hi[i]
	}
	for range n {
		// Groups: the connected parts of the "meet" relation.
		group := make([]int, n)
		for i := range group {
			group[i] = i
		}
		var find func(int) int
		find = func(i int) int {
			for group[i] != i {
				i = group[i]
			}
			return i
		}
		met := false
		for i := range n {
			for j := range i {
				if meet(i, j) {
					met = true
					group[find(i)] = find(j)
				}
			}
		}
		if !met {
			break
		}
		members := map[int][]int{}
		for i := range n {
			members[find(i)] = append(members[find(i)], i)
		}
		for _, g := range members {
			if len(g) < 2 {
				continue
			}
			slices.SortFunc(g, func(a, b int) int {
				if c := cmp.Compare(x0[a], x0[b]); c != 0 {
					return c
				}
				return cmp.Compare(d.marks[a].k, d.marks[b].k)
			})
			var mid vg.Length
			for _, i := range g {
				mid += x[i]
			}
			mid /= vg.Length(len(g))
			// Left to right, markerStep apart at least, then the
			// group centred where it was.
			pos := make([]vg.Length, len(g))
			for p, i := range g {
				pos[p] = x[i]
				if p > 0 {
					pos[p] = max(pos[p], pos[p-1]+markerStep)
				}
			}
			var got vg.Length
			for _, v := range pos {
				got += v
			}
			off := mid - got/vg.Length(len(g))
			// Back inside: half a step from each edge.
			if lo := left + markerStep/2; pos[0]+off < lo {
				off = lo - pos[0]
			} else if hi := right - markerStep/2; pos[len(pos)-1]+off > hi && pos[0]+off-(pos[len(pos)-1]+off-hi) >= lo {
				off = hi - pos[len(pos)-1]
			}
			for p, i := range g {
				x[i] = pos[p] + off
			}
		}
	}
	for i, m := range d.marks {
		if s := x[i] - x0[i]; s != 0 {
			d.shifts[markKey{m.k, m.x}] = s
		}
	}
}

// dodgedScatter draws the markers of series k as sc does, each moved
// across the x axis by its dodge shift.
type dodgedScatter struct {
	sc    *plotter.Scatter
	k     int
	dodge *dodge
}

// Plot implements plot.Plotter.
func (s dodgedScatter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, pt := range s.sc.XYs {
		at := vg.Point{X: trX(pt.X) + s.dodge.shift(s.k, pt.X, c, trX, trY), Y: trY(pt.Y)}
		c.DrawGlyph(s.sc.GlyphStyle, at)
	}
}
