// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package chart renders the charts of goodorder: static PNG and SVG images
// with gonum/plot for reading on GitHub and in papers, interactive HTML
// with go-echarts that works offline, and the data behind each chart as
// CSV. It takes data and writes files; it computes nothing.
//
// # Charts
//
// A LineChart draws Series of (x, y) points on linear or log axes, each
// optionally with a shaded band (a confidence interval, say), dashed, or
// as markers. Points that cannot be drawn (NaN, ±Inf, or at or below zero
// on a log axis) are left out of the images but kept in the CSV, so a
// diverged run does not stop a figure. Log axes are labelled at round
// values inside the range.
//
// A Heatmap colours a grid of values on a diverging blue-white-red scale
// centred at a neutral value (red above it), by default on a log scale for
// ratios, with each cell annotated, optionally with a second line (Notes)
// and hatching (Hatched: cells whose interval spans the centre, say), and
// a colour bar beside the grid spanning the cells' values. NaN marks a
// missing cell.
//
// Panels put line charts side by side under one title with one legend;
// a series with a Label is named beside its last point instead of in the
// legend. A series of markers with a band draws it as error bars.
//
// Every series of a LineChart differs from every other in colour, dash or
// marker: the colours cycle through ten (Okabe and Ito's palette without
// its faint yellow, then three of Paul Tol's), series of one Group share a
// colour (a measured line and its dashed bound), and each further pass of
// the cycle marks the points with another glyph. Axes are fitted to the
// data with a margin, or zoomed (YMin, YMax); the legend goes beside the
// plot, or below it in columns, the image growing taller, so that the plot
// keeps its size. A heatmap's colour bar is labelled with ValueLabel.
//
// Check reports what a reviewer would send back: a plot keeping less than
// 60% of the image, two series alike in colour and dash, data spanning
// too little of an axis, points on the frame, a title over an axis's
// label, a series not visibly drawn (covered by the series drawn after it,
// measured on the rendered pixels, or off the plot), a series or heatmap
// of several runs (Runs) drawn without a visible spread unless NoSpread
// says why, and a text of the image clipped by its edge or overlapping
// another text (tick labels running together, say), a series name drawn
// in two looks by the panels of Panels or two names in one look, and
// text with markup.
//
// # Text
//
// Charts show text as it is: nothing typesets TeX, so "σ_{top}" reaches
// the reader as those eight characters. Write labels, titles, names and
// ticks in plain Unicode: sub- and superscripts as Unicode's characters
// where they exist ("xₜ", "σ*²", "σ⁻¹"), otherwise in words ("σ top",
// "φ² at (r, k)"). Check rejects "_{", "^{", a backslash, "$...$", and
// "_" or "^" written between a character and a letter or digit ("σ_top",
// "x^2"); Plain turns such markup into plain text by that convention. Long titles wrap to
// two lines before shrinking below 10 points. Text is set in
// DejaVu Sans, embedded from the Go module codeberg.org/go-fonts/dejavu,
// which has every symbol the labels use (∇, ‖, σ, ², ...); PNG and SVG
// refuse a label with a character it lacks rather than draw a hole.
//
// Invalid data (mismatched lengths, an empty or ragged grid, a
// non-positive value on a log colour scale) give an error wrapping
// ErrChart that names the series or cell.
//
// # Output
//
// PNG and SVG return image bytes (gonbui.DisplayPng takes the PNG bytes in
// a notebook); CSV returns the data in long format. HTML returns a page
// that loads ECharts from AssetPath, relative to the page, and nothing
// from a network; the repository keeps the pinned library in
// figures/assets. Snippet returns the chart without the library, for
// notebooks, which load the library once with LibraryScript.
//
// WriteAll writes base.png, base.svg, base.html and base.csv into a folder,
// each atomically (package paper/atomic), so that an interrupted run never
// leaves a truncated figure.
//
// # Determinism
//
// The same chart gives the same SVG, HTML and CSV bytes; element ids are
// chosen by the caller, never generated. PNG bytes are the same on one
// platform too, but font rasterisation may differ slightly elsewhere, so
// the tests compare PNG images pixel by pixel with a tolerance.
package chart
