// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestClaimFilesDependDownward checks the package's layout (doc.go): a
// claim file, one that declares a Claim, uses the shared helpers below
// the claims and never a name another claim file declares; only the
// registry names the claims.
func TestClaimFilesDependDownward(t *testing.T) {
	fset := token.NewFileSet()
	parsed := map[string]*ast.File{}
	declared := map[string]string{} // a claim file's top-level name → its file
	for _, pf := range parsePackage(t, fset) {
		name, f := pf.name, pf.file
		parsed[name] = f
		if !declaresClaim(f) {
			continue
		}
		for _, n := range declNames(f) {
			declared[n] = name
		}
	}
	if len(declared) == 0 {
		t.Fatal("no claim file found")
	}
	var bad []string
	for name, f := range parsed {
		if name == "registry.go" {
			continue
		}
		seen := map[string]bool{"_": true}
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				// pkg.Name and x.Field name no package-level name of
				// this package: look only at x.
				ast.Inspect(sel.X, visit)
				return false
			}
			return inspectIdent(n, name, declared, seen, &bad)
		}
		ast.Inspect(f, visit)
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// inspectIdent records in bad a use in file of a name another claim file
// declares, once per name.
func inspectIdent(n ast.Node, file string, declared map[string]string, seen map[string]bool, bad *[]string) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	if owner, ok := declared[id.Name]; ok && owner != file && !seen[id.Name] {
		seen[id.Name] = true
		*bad = append(*bad, file+" uses "+id.Name+" of "+owner)
	}
	return true
}

// declaresClaim reports whether f declares a package variable whose value
// is a Claim literal.
func declaresClaim(f *ast.File) bool {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			for _, v := range s.(*ast.ValueSpec).Values {
				if c, ok := v.(*ast.CompositeLit); ok {
					if id, ok := c.Type.(*ast.Ident); ok && id.Name == "Claim" {
						return true
					}
				}
			}
		}
	}
	return false
}

// parsedFile is one of the package's files, parsed.
type parsedFile struct {
	name string
	file *ast.File
}

// parsePackage parses the package's Go files, not its tests, in fset, in
// the order of their names, failing t on an error.
func parsePackage(t *testing.T, fset *token.FileSet) []parsedFile {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []parsedFile
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, parsedFile{name, f})
	}
	return out
}
