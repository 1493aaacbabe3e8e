// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/goodorder/goodorder/paper"
)

// # The parameters gate
//
// A notebook's Parameters cell checks every parameter a researcher can
// edit (Parameters) and records the answer in the kernel's temporary
// folder; every later cell asks it first (Ready). A value out of range
// then gives one line in the Parameters cell's output, naming the value,
// and one short line in each later cell, instead of the same Go panic
// with its stack trace in every cell.

// paramsFile records the Parameters cell's answer, in the kernel's
// temporary folder like the interrupt: empty when the parameters are
// valid, the first error's message otherwise.
func paramsFile() string { return filepath.Join(filepath.Dir(interruptFile()), "goodorder-parameters") }

// InvalidLine begins the line the Parameters cell prints for a parameter
// out of range.
const InvalidLine = "invalid parameter:"

// WaitLine begins the line a later cell prints while the Parameters cell
// has not accepted the parameters.
const WaitLine = "waiting on the Parameters cell:"

// NotSetUpLine is the line a cell prints when the Parameters cell has not
// run in this kernel.
const NotSetUpLine = "run the Setup and Parameters cells first (Cell → Run All runs every cell in order)"

// EditsEnv is the environment variable make jupyter sets to the folder
// its Jupyter configuration saves the notebooks' edits in.
const EditsEnv = "GOODORDER_NB_EDITS"

// EditsLine begins the line Parameters prints under make jupyter.
const EditsLine = "your edits are saved in"

// Parameters is the gate of a notebook's Parameters cell: it forgets an
// earlier interrupt (ClearInterrupt) and records whether the parameters
// are valid, errs being the errors of checking them (Validate; nil ones
// are skipped). It prints one line for the first error, naming the value,
// and reports whether there was none. The later cells ask Ready.
//
// Under make jupyter ($GOODORDER_NB_EDITS set) it first prints where
// Jupyter saves the notebook's edits and how to keep them.
func Parameters(errs ...error) bool {
	ClearInterrupt()
	if dir := os.Getenv(EditsEnv); dir != "" {
		fmt.Fprintf(stdout, "%s %s/, not in the tracked notebook: make keep-notebook NB=notebooks/<this file> keeps them, make discard-notebook drops them\n", EditsLine, dir)
	}
	msg := ""
	for _, err := range errs {
		if err != nil {
			msg = oneLine(err.Error())
			break
		}
	}
	if err := os.WriteFile(paramsFile(), []byte(msg), 0o644); err != nil {
		fmt.Fprintf(stdout, "nb: recording the parameters: %v\n", err)
	}
	if msg != "" {
		fmt.Fprintf(stdout, "%s %s: edit it above and run this cell again\n", InvalidLine, msg)
		return false
	}
	return true
}

// oneLine joins the lines of an error's message.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Ready ends the cell quietly, with one line and no error, unless the
// Parameters cell of this kernel accepted the parameters and no cell was
// interrupted since (SkipIfInterrupted). Every cell after the Parameters
// cell calls it first.
func Ready() {
	b, err := os.ReadFile(paramsFile())
	switch {
	case err != nil:
		fmt.Fprintln(stdout, NotSetUpLine)
		exit(0)
		return
	case len(b) > 0:
		fmt.Fprintf(stdout, "%s %s\n", WaitLine, b)
		exit(0)
		return
	}
	SkipIfInterrupted()
}

// Validate returns the error run gives for a parameter out of range,
// without running anything: run (a claim config's Run, as in
// nb.Validate(config().Run)) is called with a paper.Env that may only read
// its cache and has none (Env.CachedOnly), so it checks its config and
// stops at its first run with paper.ErrNotCached, which Validate takes
// for valid parameters.
func Validate[R any](run func(context.Context, *paper.Env) (R, error)) error {
	_, err := run(context.Background(), &paper.Env{CachedOnly: true})
	if err == nil || errors.Is(err, paper.ErrNotCached) {
		return nil
	}
	return err
}
