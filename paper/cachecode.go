// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/goodorder/goodorder/internal/sources"
)

// The code part of a cache key (see doc.go, section Cache) is a hash of
// the source of the top-level declarations a cached computation can run:
// those reachable from its roots, across the module's packages, whose
// sources are embedded in the build (internal/sources). A declaration is a
// function, a method, or one spec of a type, var or const declaration (a
// const spec with its iota, and the spec it repeats if it has no values). Its text
// is its tokens, so comments and layout do not count. From a declaration
// the walk goes to
//
//   - every top-level declaration of its package named by an identifier in
//     it (all of them where build tags give a name several: the
//     OpenBLAS and pure-Go files are both counted);
//   - pkg.Name for a package of the module, to that package's Name;
//   - x.Name for any other x (a method call, a method value or expression,
//     a field), to every method named Name of every reached type: a value
//     of a type can only reach the computation through code that names the
//     type, or calls code that does;
//   - from a type, to its methods called by name in reached code, and to
//     those that code outside the module may call through an interface
//     without naming them here: the methods named as a standard interface's
//     (implicitMethods) and the methods whose name is selected nowhere in
//     the module;
//   - from any declaration of a package, to its init functions and blank
//     vars (var _ = f(), but not the assertions var _ I = (*T)(nil) and
//     var _ I = T{}), which run whenever the package does, and to the cgo
//     preamble of a file that has one.
//
// The walk overshoots (a local variable named like a top-level function
// counts it) but does not miss code the computation calls through the
// module's source, which is what the key needs: an edit recomputes the
// runs it can change, and one to code that only judges or renders results
// (Findings, Outcome, charts) recomputes nothing.

// implicitMethods are the method names that the standard library and gonum
// call through their interfaces on values the module hands them.
var implicitMethods = map[string]bool{
	"Error": true, "String": true, "GoString": true, "Format": true, "Unwrap": true, "Is": true, "As": true,
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true,
	"MarshalBinary": true, "UnmarshalBinary": true,
	"Len": true, "Less": true, "Swap": true, "Push": true, "Pop": true,
	"Read": true, "Write": true, "Close": true, "Seed": true, "Uint64": true, "Int63": true, "Uint32": true,
	"Dims": true, "At": true, "T": true,
}

// codeDecl is one top-level declaration.
type codeDecl struct {
	pkg     string
	text    string   // its tokens, one per line
	refs    []string // the ids of the declarations it names
	methods []string // the names of the methods it may call (x.Name)
	typ     string   // for a type, its name
}

// codeGraph is the module's top-level declarations and what each names.
type codeGraph struct {
	decls    map[string][]*codeDecl // by id: pkg.Name, or pkg.Recv.Method
	byMethod map[string][]string    // method name -> ids
	ofType   map[string][]string    // pkg.Type -> ids of its methods
	always   map[string][]string    // pkg -> ids of its init functions and blank vars
	selected map[string]bool        // the names selected (x.Name) anywhere

	mu     sync.Mutex
	hashes map[string]string // by roots
}

// moduleCode is the graph of the build's own sources.
var moduleCode = sync.OnceValues(func() (*codeGraph, error) {
	return newCodeGraph(sources.All())
})

// newCodeGraph parses the non-test Go files of pkgs, by import path.
func newCodeGraph(pkgs map[string]fs.FS) (*codeGraph, error) {
	g := &codeGraph{
		decls:    make(map[string][]*codeDecl),
		byMethod: make(map[string][]string),
		ofType:   make(map[string][]string),
		always:   make(map[string][]string),
		selected: make(map[string]bool),
		hashes:   make(map[string]string),
	}
	type file struct {
		pkg string
		f   *ast.File
		src []byte
	}
	var files []file
	fset := token.NewFileSet()
	names := make(map[string]string) // import path -> package name
	paths := slices.Sorted(func(yield func(string) bool) {
		for p := range pkgs {
			if !yield(p) {
				return
			}
		}
	})
	for _, p := range paths {
		ents, err := fs.Glob(pkgs[p], "*.go")
		if err != nil {
			return nil, err
		}
		for _, name := range ents {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := fs.ReadFile(pkgs[p], name)
			if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(fset, p+"/"+name, src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			names[p] = f.Name.Name
			files = append(files, file{p, f, src})
		}
	}
	// The top-level names of each package.
	top := make(map[string]map[string]bool)
	for _, fl := range files {
		if top[fl.pkg] == nil {
			top[fl.pkg] = make(map[string]bool)
		}
		for _, d := range fl.f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name != "init" {
					top[fl.pkg][d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						top[fl.pkg][s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							top[fl.pkg][n.Name] = true
						}
					}
				}
			}
		}
	}
	for _, fl := range files {
		imports := make(map[string]string) // local name -> module import path; "" for others
		preamble := ""
		for _, im := range fl.f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if path == "C" {
				// The cgo preamble is C code the file runs.
				for _, d := range fl.f.Decls {
					if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && gd.Doc != nil && slices.Contains(gd.Specs, ast.Spec(im)) {
						preamble = gd.Doc.Text()
					}
				}
				continue
			}
			local := path[strings.LastIndex(path, "/")+1:]
			inModule := strings.HasPrefix(path, sources.Module+"/")
			if inModule {
				if _, ok := pkgs[path]; !ok {
					return nil, fmt.Errorf("%s imports %s, whose sources are not registered (internal/sources)", fset.File(fl.f.Pos()).Name(), path)
				}
				local = names[path]
			}
			if im.Name != nil {
				local = im.Name.Name
			}
			if local == "_" || local == "." {
				continue
			}
			if inModule {
				imports[local] = path
			} else {
				imports[local] = ""
			}
		}
		add := func(id string, n ast.Node, typ string) {
			d := &codeDecl{pkg: fl.pkg, typ: typ}
			d.text = tokens(fl.src, fset.Position(n.Pos()).Offset, fset.Position(n.End()).Offset)
			if preamble != "" {
				d.text += "\nimport \"C\" " + strconv.Quote(preamble)
			}
			g.refsOf(d, n, fl.pkg, top[fl.pkg], imports)
			g.decls[id] = append(g.decls[id], d)
		}
		for _, decl := range fl.f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				switch {
				case decl.Recv != nil:
					recv := recvName(decl.Recv.List[0].Type)
					id := fl.pkg + "." + recv + "." + decl.Name.Name
					add(id, decl, "")
					g.byMethod[decl.Name.Name] = appendNew(g.byMethod[decl.Name.Name], id)
					g.ofType[fl.pkg+"."+recv] = appendNew(g.ofType[fl.pkg+"."+recv], id)
				case decl.Name.Name == "init":
					id := fmt.Sprintf("%s.init#%d", fl.pkg, len(g.always[fl.pkg]))
					add(id, decl, "")
					g.always[fl.pkg] = append(g.always[fl.pkg], id)
				default:
					add(fl.pkg+"."+decl.Name.Name, decl, "")
				}
			case *ast.GenDecl:
				switch decl.Tok {
				case token.CONST:
					// A spec without values repeats the last one's
					// type and values with its own iota: its text is
					// its own, its iota and the repeated spec's.
					var last *ast.ValueSpec
					for i, sp := range decl.Specs {
						sp := sp.(*ast.ValueSpec)
						if len(sp.Values) > 0 {
							last = sp
						}
						for _, n := range sp.Names {
							id := fl.pkg + "." + n.Name
							add(id, sp, "")
							d := g.decls[id][len(g.decls[id])-1]
							d.text += fmt.Sprintf("iota %d\n", i)
							if last != nil && last != sp {
								r := &codeDecl{}
								g.refsOf(r, last, fl.pkg, top[fl.pkg], imports)
								d.text += tokens(fl.src, fset.Position(last.Pos()).Offset, fset.Position(last.End()).Offset)
								d.refs = slices.Compact(slices.Sorted(slices.Values(append(d.refs, r.refs...))))
								d.methods = slices.Compact(slices.Sorted(slices.Values(append(d.methods, r.methods...))))
							}
						}
					}
				case token.TYPE:
					for _, s := range decl.Specs {
						s := s.(*ast.TypeSpec)
						add(fl.pkg+"."+s.Name.Name, s, s.Name.Name)
					}
				case token.VAR:
					for _, s := range decl.Specs {
						s := s.(*ast.ValueSpec)
						for _, n := range s.Names {
							if n.Name == "_" {
								if onlyAsserts(s) {
									continue
								}
								id := fmt.Sprintf("%s.init#%d", fl.pkg, len(g.always[fl.pkg]))
								add(id, s, "")
								g.always[fl.pkg] = append(g.always[fl.pkg], id)
								continue
							}
							add(fl.pkg+"."+n.Name, s, "")
						}
					}
				}
			}
		}
	}
	return g, nil
}

// onlyAsserts reports whether the values of s, a var spec, are all
// (*T)(nil) or T{} with no elements: var _ I = (*T)(nil) asserts at
// compile time that T implements I and runs nothing.
func onlyAsserts(s *ast.ValueSpec) bool {
	if len(s.Values) == 0 {
		return false
	}
	for _, v := range s.Values {
		switch v := v.(type) {
		case *ast.CompositeLit:
			if len(v.Elts) > 0 {
				return false
			}
		case *ast.CallExpr:
			p, ok := v.Fun.(*ast.ParenExpr)
			if !ok || len(v.Args) != 1 {
				return false
			}
			if _, ok := p.X.(*ast.StarExpr); !ok {
				return false
			}
			if id, ok := v.Args[0].(*ast.Ident); !ok || id.Name != "nil" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// appendNew appends id to ids unless it is there.
func appendNew(ids []string, id string) []string {
	if slices.Contains(ids, id) {
		return ids
	}
	return append(ids, id)
}

// recvName returns the name of a receiver's type: T for T, *T, T[P], *T[P].
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// tokens returns the Go tokens of src[from:to], one per line, without
// comments: the text of a declaration that layout and comments do not
// change.
func tokens(src []byte, from, to int) string {
	var (
		s scanner.Scanner
		b strings.Builder
	)
	fs := token.NewFileSet()
	part := src[from:to]
	s.Init(fs.AddFile("", -1, len(part)), part, nil, 0)
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		switch {
		case tok == token.SEMICOLON:
			b.WriteString(";")
		case lit != "":
			b.WriteString(lit)
		default:
			b.WriteString(tok.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// refsOf sets d's references from the syntax n of a declaration of package
// pkg, whose top-level names are top, in a file whose imports are imports
// (local name -> import path of a module package, "" for another).
func (g *codeGraph) refsOf(d *codeDecl, n ast.Node, pkg string, top map[string]bool, imports map[string]string) {
	refs := make(map[string]bool)
	methods := make(map[string]bool)
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && !top[x.Name] {
				if path, ok := imports[x.Name]; ok {
					if path != "" {
						refs[path+"."+n.Sel.Name] = true
					}
					return false
				}
			}
			// A method or a field of x: walk x, not the name.
			methods[n.Sel.Name] = true
			g.selected[n.Sel.Name] = true
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			if top[n.Name] {
				refs[pkg+"."+n.Name] = true
			}
		}
		return true
	}
	ast.Inspect(n, visit)
	d.refs = slices.Sorted(mapKeys(refs))
	d.methods = slices.Sorted(mapKeys(methods))
}

// mapKeys yields the keys of m.
func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// reach returns the ids of the declarations reachable from the roots, ids
// of declarations of package pkg ("name" or "Type.Method"), or an error
// naming a root that is not declared there.
func (g *codeGraph) reach(pkg string, roots []string) (map[string]bool, error) {
	if len(roots) == 0 {
		return nil, errors.New("no root")
	}
	seen := make(map[string]bool)
	pkgSeen := make(map[string]bool)
	called := make(map[string]bool) // method names selected in reached code
	types := make(map[string]bool)  // pkg.Type of the reached types
	var stack []string
	push := func(id string) {
		if _, ok := g.decls[id]; ok && !seen[id] {
			seen[id] = true
			stack = append(stack, id)
		}
	}
	for _, r := range roots {
		id := pkg + "." + r
		if _, ok := g.decls[id]; !ok {
			return nil, fmt.Errorf("root %s is not declared in %s", r, pkg)
		}
		push(id)
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range g.decls[id] {
			if !pkgSeen[d.pkg] {
				pkgSeen[d.pkg] = true
				for _, a := range g.always[d.pkg] {
					push(a)
				}
			}
			for _, r := range d.refs {
				push(r)
			}
			for _, m := range d.methods {
				if called[m] {
					continue
				}
				called[m] = true
				for _, r := range g.byMethod[m] {
					if types[r[:strings.LastIndexByte(r, '.')]] {
						push(r)
					}
				}
			}
			if d.typ != "" && !types[d.pkg+"."+d.typ] {
				types[d.pkg+"."+d.typ] = true
				for _, r := range g.ofType[d.pkg+"."+d.typ] {
					m := r[strings.LastIndexByte(r, '.')+1:]
					if called[m] || implicitMethods[m] || !g.selected[m] {
						push(r)
					}
				}
			}
		}
	}
	return seen, nil
}

// hash returns the hex SHA-256 of the declarations reachable from roots
// in package pkg: each id with the text of its declarations, by id.
func (g *codeGraph) hash(pkg string, roots []string) (string, error) {
	k := pkg + " " + strings.Join(roots, " ")
	g.mu.Lock()
	h, ok := g.hashes[k]
	g.mu.Unlock()
	if ok {
		return h, nil
	}
	seen, err := g.reach(pkg, roots)
	if err != nil {
		return "", err
	}
	sum := sha256.New()
	for _, id := range slices.Sorted(mapKeys(seen)) {
		for _, d := range g.decls[id] {
			fmt.Fprintf(sum, "%s\n%s\x00", id, d.text)
		}
	}
	h = hex.EncodeToString(sum.Sum(nil))
	g.mu.Lock()
	g.hashes[k] = h
	g.mu.Unlock()
	return h, nil
}

// paperPath is the import path of this package, where roots are declared.
const paperPath = sources.Module + "/paper"

// codeHash returns the code part of the key of a computation whose roots
// are declarations of this package.
func codeHash(roots []string) (string, error) {
	g, err := moduleCode()
	if err != nil {
		return "", err
	}
	return g.hash(paperPath, roots)
}
