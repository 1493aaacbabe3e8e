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
	"go/types"
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
// is its tokens, so comments and layout do not count. The identifiers are
// resolved by go/types over the module's packages (checkCode), with every
// package outside the module imported as an empty one, so that the graph
// depends on the module's sources alone. From a declaration the walk goes
// to
//
//   - every top-level declaration of a module package that an identifier
//     in it denotes, pkg.Name included (all the declarations of that name
//     where build tags give it several: the OpenBLAS and pure-Go files are
//     both counted); a local or a parameter denotes none, whatever its
//     name;
//   - x.Name where go/types finds a method of a module type (a call, a
//     method value, a method expression T.Name), to that method;
//   - x.Name where it finds an interface's method, or cannot type x (a
//     value of a type from outside the module), to every method named Name
//     of every reached type: a value of a type can only reach the
//     computation through code that names the type, or calls code that
//     does;
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
// An identifier go/types leaves unresolved (a key of a composite literal
// of a type from outside the module) counts by name, as a top-level name
// of its package. The walk overshoots (an interface call reaches every
// reached type's method of that name) but does not miss code the
// computation calls through the module's source, which is what the key
// needs: an edit recomputes the runs it can change, and one to code that
// only judges or renders results (Findings, Outcome, charts) recomputes
// nothing.

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

// codeFile is one type-checked Go file of a module package.
type codeFile struct {
	pkg      string // its import path
	f        *ast.File
	src      []byte
	preamble string      // its cgo preamble, "" if none
	asm      string      // its package's assembly (.s files), "" if none
	info     *types.Info // its package's
}

// codeCheck is the module's non-test files, type-checked.
type codeCheck struct {
	fset  *token.FileSet
	files []codeFile                 // by import path, then file name
	top   map[string]map[string]bool // import path -> its top-level names
}

// checkCode parses the non-test Go files of pkgs, by import path, and
// type-checks them, importing every package outside pkgs as an empty one
// and tolerating the errors that follow (an undefined name, the same
// function in two files of different build tags): what it records is
// which object each identifier denotes, wherever go/types can tell.
func checkCode(pkgs map[string]fs.FS) (*codeCheck, error) {
	c := &codeCheck{
		fset: token.NewFileSet(),
		top:  make(map[string]map[string]bool),
	}
	byPkg := make(map[string][]*ast.File)
	infos := make(map[string]*types.Info)
	paths := slices.Sorted(mapKeys(pkgs))
	for _, p := range paths {
		ents, err := fs.Glob(pkgs[p], "*.go")
		if err != nil {
			return nil, err
		}
		c.top[p] = make(map[string]bool)
		// The package's assembly is the body of its Go declarations
		// without one (internal/vec's kernels): each such declaration
		// is keyed on all of it, with the files' names.
		asms, err := fs.Glob(pkgs[p], "*.s")
		if err != nil {
			return nil, err
		}
		var asm strings.Builder
		for _, name := range asms {
			src, err := fs.ReadFile(pkgs[p], name)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&asm, "%s\n%s\n", name, src)
		}
		first := len(c.files)
		size := 0
		for _, name := range ents {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := fs.ReadFile(pkgs[p], name)
			if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(c.fset, p+"/"+name, src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			byPkg[p] = append(byPkg[p], f)
			c.files = append(c.files, codeFile{pkg: p, f: f, src: src})
			size += len(src)
			for _, n := range declNames(f) {
				c.top[p][n] = true
			}
		}
		// Sized from the package's bytes (the module's sources hold
		// about one use of an identifier per 20 bytes, a definition
		// or a selection per 100), so that the maps do not grow while
		// go/types fills them.
		info := &types.Info{
			Defs:       make(map[*ast.Ident]types.Object, size/64),
			Uses:       make(map[*ast.Ident]types.Object, size/16),
			Selections: make(map[*ast.SelectorExpr]*types.Selection, size/64),
		}
		infos[p] = info
		for i := first; i < len(c.files); i++ {
			c.files[i].info = info
			c.files[i].asm = asm.String()
		}
	}
	for i := range c.files {
		fl := &c.files[i]
		for _, im := range fl.f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if path == "C" {
				// The cgo preamble is C code the file runs.
				for _, d := range fl.f.Decls {
					if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && gd.Doc != nil && slices.Contains(gd.Specs, ast.Spec(im)) {
						fl.preamble = gd.Doc.Text()
					}
				}
				continue
			}
			if _, ok := pkgs[path]; !ok && strings.HasPrefix(path, sources.Module+"/") {
				return nil, fmt.Errorf("%s imports %s, whose sources are not registered (internal/sources)", c.fset.File(fl.f.Pos()).Name(), path)
			}
		}
	}
	// Type-check each module package after those it imports.
	checked := make(map[string]*types.Package)
	var imp importerFunc
	imp = func(path string) (*types.Package, error) {
		if p, ok := checked[path]; ok {
			if p == nil {
				return nil, fmt.Errorf("import cycle through %s", path)
			}
			return p, nil
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		if _, ok := pkgs[path]; !ok {
			// A package outside the module: empty, and complete so
			// that its names are undefined rather than looked up.
			p := types.NewPackage(path, importName(path))
			p.MarkComplete()
			checked[path] = p
			return p, nil
		}
		checked[path] = nil
		conf := types.Config{
			Importer:    imp,
			FakeImportC: true,
			Error:       func(error) {},
		}
		p, _ := conf.Check(path, c.fset, byPkg[path], infos[path])
		checked[path] = p
		return p, nil
	}
	for _, p := range paths {
		if _, err := imp(p); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// importerFunc is a types.Importer.
type importerFunc func(path string) (*types.Package, error)

// Import returns the package of path.
func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// importName returns the name a package of import path path is known by
// when imported without one: its last element, or the one before a major
// version suffix (math/rand/v2) or without a gopkg.in one (yaml.v3).
func importName(path string) string {
	elems := strings.Split(path, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	if i := strings.Index(last, ".v"); i > 0 {
		last = last[:i]
	}
	return last
}

// declNames returns the names f declares at the top level, but init and
// methods.
func declNames(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name != "init" {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}

// newCodeGraph builds the graph of the non-test Go files of pkgs, by
// import path.
func newCodeGraph(pkgs map[string]fs.FS) (*codeGraph, error) {
	c, err := checkCode(pkgs)
	if err != nil {
		return nil, err
	}
	g := &codeGraph{
		decls:    make(map[string][]*codeDecl),
		byMethod: make(map[string][]string),
		ofType:   make(map[string][]string),
		always:   make(map[string][]string),
		selected: make(map[string]bool),
		hashes:   make(map[string]string),
	}
	fset := c.fset
	for i := range c.files {
		fl := &c.files[i]
		add := func(id string, n ast.Node, typ string) {
			d := &codeDecl{pkg: fl.pkg, typ: typ}
			d.text = tokens(fl.src, fset.Position(n.Pos()).Offset, fset.Position(n.End()).Offset)
			if fl.preamble != "" {
				d.text += "\nimport \"C\" " + strconv.Quote(fl.preamble)
			}
			if fd, ok := n.(*ast.FuncDecl); ok && fd.Body == nil && fl.asm != "" {
				d.text += "\nasm " + strconv.Quote(fl.asm)
			}
			g.refsOf(d, n, c, fl)
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
								g.refsOf(r, last, c, fl)
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

// refsOf sets d's references from the syntax n of a declaration in file
// fl of c.
func (g *codeGraph) refsOf(d *codeDecl, n ast.Node, c *codeCheck, fl *codeFile) {
	refs := make(map[string]bool)
	methods := make(map[string]bool)
	ref := func(obj types.Object) {
		if id := c.declID(obj); id != "" {
			refs[id] = true
		}
	}
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if sel, ok := fl.info.Selections[n]; ok {
				// A field or a method of x, which go/types typed.
				g.selected[n.Sel.Name] = true
				if f, ok := sel.Obj().(*types.Func); ok {
					if id := c.methodID(f); id != "" {
						refs[id] = true
					} else {
						methods[n.Sel.Name] = true // an interface's
					}
				}
				ast.Inspect(n.X, visit)
				return false
			}
			if obj, ok := fl.info.Uses[n.Sel]; ok {
				ref(obj) // pkg.Name
				return false
			}
			if x, ok := n.X.(*ast.Ident); ok {
				if _, ok := fl.info.Uses[x].(*types.PkgName); ok {
					return false // a name of a package outside the module
				}
			}
			// A method or a field of an x go/types could not type: walk
			// x, not the name.
			methods[n.Sel.Name] = true
			g.selected[n.Sel.Name] = true
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			if obj, ok := fl.info.Uses[n]; ok {
				ref(obj)
				return true
			}
			if c.top[fl.pkg][n.Name] {
				if _, ok := fl.info.Defs[n]; !ok {
					refs[fl.pkg+"."+n.Name] = true // unresolved: by name
				}
			}
		}
		return true
	}
	ast.Inspect(n, visit)
	d.refs = slices.Sorted(mapKeys(refs))
	d.methods = slices.Sorted(mapKeys(methods))
}

// declID returns the id of the top-level declaration of a module package
// that obj is, or "" if it is none (a local, a parameter, a field, a
// name of the universe or of a package outside the module).
func (c *codeCheck) declID(obj types.Object) string {
	switch o := obj.(type) {
	case *types.Func:
		if o.Signature().Recv() != nil {
			return c.methodID(o)
		}
		obj = o.Origin()
	case *types.Var:
		obj = o.Origin()
	}
	p := obj.Pkg()
	if p == nil || c.top[p.Path()] == nil || obj.Parent() != p.Scope() {
		return ""
	}
	return p.Path() + "." + obj.Name()
}

// methodID returns the id of method f if its receiver is a type of a
// module package other than an interface, or "" (a call through an
// interface, whose method the walk finds by name).
func (c *codeCheck) methodID(f *types.Func) string {
	f = f.Origin()
	recv := f.Signature().Recv()
	if recv == nil {
		return ""
	}
	t := types.Unalias(recv.Type())
	if ptr, ok := t.(*types.Pointer); ok {
		t = types.Unalias(ptr.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok || types.IsInterface(named) {
		return ""
	}
	obj := named.Origin().Obj()
	if obj.Pkg() == nil || c.top[obj.Pkg().Path()] == nil {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name() + "." + f.Name()
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
	return g.hashText(pkg, roots, false)
}

// hashText returns the hash of the declarations reachable from roots in
// pkg, with every string literal of words counted as one and the same
// token if noWords (blankStrings): the judging code's hash (JudgeCode),
// which a reworded sentence leaves as it was.
func (g *codeGraph) hashText(pkg string, roots []string, noWords bool) (string, error) {
	k := fmt.Sprintf("%s %t %s", pkg, noWords, strings.Join(roots, " "))
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
			text := d.text
			if noWords {
				text = blankStrings(text)
			}
			fmt.Fprintf(sum, "%s\n%s\x00", id, text)
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

// blankStrings returns the tokens of a declaration's text (one a line,
// see tokens) with every string literal of words (one with a space in it:
// a sentence, a format) written as one token, "…". A literal without a
// space ("standard", "same-class", "RR") can select data, and counts.
func blankStrings(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if (strings.HasPrefix(l, `"`) || strings.HasPrefix(l, "`")) && strings.ContainsAny(l, " \t") {
			lines[i] = `"…"`
		}
	}
	return strings.Join(lines, "\n")
}
