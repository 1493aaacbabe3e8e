// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"go/ast"
	"go/token"
	"testing"
)

// maxOutcomeLines is the most lines a claim's Outcome method may take:
// the rule is data (rule.go), and an Outcome words the findings and draws
// the charts.
const maxOutcomeLines = 60

// TestOutcomeLength checks that no claim's Outcome method is over
// maxOutcomeLines lines, and that it finds the claims' Outcome methods
// at all.
func TestOutcomeLength(t *testing.T) {
	fset := token.NewFileSet()
	found := 0
	for _, pf := range parsePackage(t, fset) {
		f := pf.file
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "Outcome" || fn.Body == nil {
				continue
			}
			found++
			lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if lines > maxOutcomeLines {
				t.Errorf("%s: %s's Outcome is %d lines, over %d: declare its rule as data (rule.go)", fset.Position(fn.Pos()), recvName(fn.Recv.List[0].Type), lines, maxOutcomeLines)
			}
		}
	}
	// Some claims share one (table-1's), so fewer than the claims.
	if found < len(Claims())/2 {
		t.Errorf("found %d Outcome methods for %d claims", found, len(Claims()))
	}
}
