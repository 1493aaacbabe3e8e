// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package notebooks holds the project's GoNB notebooks (*.ipynb), committed
// with their outputs at the quick scale, and the test that executes them.
//
// The package has no API. README.md explains how to open and rerun the
// notebooks; in short:
//
//	make jupyter          # install the kernel, start Jupyter Notebook on 127.0.0.1
//	make kernel           # build gonb and goimports into ./bin, install the kernelspec
//	make notebooks        # rerun every notebook in place at GOODORDER_SCALE=default
//	make notebooks-clean  # strip the ECharts library from notebooks saved from Jupyter
//
// # The test
//
// TestCommittedNotebooks checks the files as committed: every code cell has
// been executed, the first code cell is the standard setup cell, and the
// outputs hold a "scale: quick" line, an image/png and at least one CHECK
// line. TestExecuteNotebooks (skipped by go test -short) builds the GoNB
// kernel and goimports from the tool directives of go.mod, installs the
// kernelspec into a temporary Jupyter data directory, executes every
// notebook with jupyter nbconvert at GOODORDER_SCALE=smoke and checks the
// same outputs, then renders the executed notebooks to HTML and loads them
// in headless Chromium with JavaScript off, as GitHub shows them: no
// interactive output may be blank. TestBrowser starts Jupyter Notebook on
// 127.0.0.1 and drives headless Chromium (chromedp) through Run All, a
// slider of nb.Explore and an edited parameter cell, checking what the page
// shows. TestMarkdownCells parses every markdown cell as CommonMark. The
// tests that need Jupyter or Chromium skip when they are missing, unless the
// environment variable CI is set, in which case they fail.
//
// # Conventions for a notebook
//
// The first code cell is exactly
//
//	%noautoget
//	!*rm -f go.work && go work init && go work use . "${GONB_DIR}/.."
//
// and the others follow these rules:
//
//   - Every code cell up to the parameters cell begins with the same two
//     lines (so that each also works when run first). The parameters cell
//     reads GOODORDER_SCALE (smoke, default or paper; empty means default)
//     and prints "scale: <name>". It checks every parameter a reader can
//     edit through the gate,
//     nb.Parameters(nb.Validate(config().Run), ...), which prints one line
//     naming a value out of range; every later cell begins with nb.Ready(),
//     which then prints one line saying it waits on it (a committed
//     notebook has neither line).
//   - Every claim checked prints one line through nb.CheckOutcome:
//     "CHECK <claim>: ok (<verdict>, as in the report: ...)", "MISMATCH"
//     where its verdict differs from the committed report's (a committed
//     notebook must not have one), or "new" where nothing is committed at
//     that scale; then its findings, "CHECK <finding>: holds (...)" or
//     "fails (...)". A failed finding or an unreproduced claim is a
//     result, not a failure.
//   - Markdown explains the idea and the formula; what a claim states, its
//     rule, its verdict and every number are printed by code cells from
//     the claim (nb.Claim, nb.Rule, nb.Seeds, nb.CheckOutcome), and
//     statements_test.go fails on a markdown cell that states them.
//   - Training runs under nb.Context, so that one Kernel → Interrupt stops
//     it; nb.Ready (and helpers, with nb.SkipIfInterrupted) skip after an
//     interrupt until the parameters cell (nb.Parameters) runs again. Long
//     runs report through nb.Progress, which prints the time taken and left
//     every 15 s in Jupyter.
//   - At least one chart is shown with gonbui.DisplayPng, and a cell with a
//     large output ends with gonbui.Sync().
//   - Cells call the packages and hold no algorithm: an experiment is a
//     paper XConfig's Run method, its checks and charts the XResult's
//     Outcome method (the same
//     functions the reproduce command uses for figures/ and the report),
//     and package nb (notebooks/nb) displays them and prints CHECK lines.
//     Runs shared between cells are cached by passing
//     &paper.Env{Seed: seed, CacheDir: nb.CacheDir()} to Run (seed =
//     paper.DefaultSeed, the report's), since each cell runs as its own
//     program. Charts are found by name (paper.Outcome.Chart), never by
//     their place in Outcome.Charts.
//   - Interactive charts: a cell tagged "strip-output" calls
//     nb.LoadECharts() to send the ECharts library (1 MB) to the page, and
//     cells calling nb.Interactive draw each chart from its data alone.
//     make notebooks (or make notebooks-clean, after saving from Jupyter)
//     removes the outputs of strip-output cells before the notebook is
//     committed, and TestCommittedNotebooks fails on any output
//     above 256 KiB, so the library is never committed; at the smoke scale
//     the test checks that the library was sent and every interactive cell
//     drew its chart.
//
// Imports used only by notebooks are listed in tools.go, behind the
// "notebooks" build tag, so that go.mod keeps them.
package notebooks
