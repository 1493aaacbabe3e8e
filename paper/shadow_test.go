// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/goodorder/goodorder/internal/sources"
)

// knownShadows are the top-level names of the module's packages that a
// local of some function (a variable, a parameter) shadows today, by
// package path within the module. The code graph of the cache keys (cachecode.go) reads names,
// not scopes, so each one adds the top-level declaration to the keys of
// whatever reaches the function: harmless but for a key that changes
// when that declaration does. Resolving scopes would change the keys of
// every cached run that reaches one of them (table-1's paper-scale runs
// among them), so it waits for the next full rerun; until then no new
// shadow may be added.
var knownShadows = map[string][]string{
	"paper":       {"holds", "seq", "sweep", "within"},
	"paper/chart": {"span"},
}

// TestNoNewShadows fails when a function of a module package declares a
// local whose name is one of its package's top-level names, beyond
// knownShadows: such a local silently ties the function's cache key to
// the top-level declaration (a new top-level func named mean changed the
// keys of many claims once). Rename the local or the new declaration.
func TestNoNewShadows(t *testing.T) {
	for path, srcs := range moduleSources(t) {
		pkg := strings.TrimPrefix(path, sources.Module+"/")
		fset := token.NewFileSet()
		files := make(map[string]*ast.File)
		top := make(map[string]bool)
		for name, f := range srcs {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(fset, name, f.Data, 0)
			if err != nil {
				t.Fatal(err)
			}
			files[name] = af
			for _, n := range topLevelNames(af) {
				top[n] = true
			}
		}
		found := make(map[string]string) // name -> a function shadowing it
		for name, af := range files {
			for _, d := range af.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				ast.Inspect(fd, func(n ast.Node) bool {
					id, ok := n.(*ast.Ident)
					// An identifier the parser resolved to an object
					// other than the file's own top-level one is a
					// local; top-level names of other files resolve to
					// nothing.
					if !ok || id.Name == "_" || !top[id.Name] || id.Obj == nil || af.Scope.Lookup(id.Name) == id.Obj {
						return true
					}
					if _, seen := found[id.Name]; !seen {
						found[id.Name] = name + ": " + fd.Name.Name
					}
					return true
				})
			}
		}
		for n, where := range found {
			if !slices.Contains(knownShadows[pkg], n) {
				t.Errorf("%s: a local of %s shadows the top-level %s: rename one (the cache keys read names, not scopes)", path, where, n)
			}
		}
		for _, n := range knownShadows[pkg] {
			if _, ok := found[n]; !ok {
				t.Errorf("%s: %s is no longer shadowed: drop it from knownShadows", path, n)
			}
		}
	}
}
