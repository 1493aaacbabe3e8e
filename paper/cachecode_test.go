// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/goodorder/goodorder/internal/sources"
)

// moduleSources returns an in-memory copy of the registered sources, by
// import path.
func moduleSources(t *testing.T) map[string]fstest.MapFS {
	t.Helper()
	out := make(map[string]fstest.MapFS)
	for p, fsys := range sources.All() {
		m := make(fstest.MapFS)
		names, err := fs.Glob(fsys, "*.go")
		if err != nil {
			t.Fatal(err)
		}
		asm, err := fs.Glob(fsys, "*.s")
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range slices.Concat(names, asm) {
			b, err := fs.ReadFile(fsys, n)
			if err != nil {
				t.Fatal(err)
			}
			m[n] = &fstest.MapFile{Data: b}
		}
		out[p] = m
	}
	return out
}

// graphOf returns the code graph of srcs.
func graphOf(t *testing.T, srcs map[string]fstest.MapFS) *codeGraph {
	t.Helper()
	m := make(map[string]fs.FS)
	for p, f := range srcs {
		m[p] = f
	}
	g, err := newCodeGraph(m)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// editDecl returns a copy of srcs in which the body of the function or
// method decl ("Name" or "Recv.Name") of package pkg starts with stmt.
func editDecl(t *testing.T, srcs map[string]fstest.MapFS, pkg, decl, stmt string) map[string]fstest.MapFS {
	t.Helper()
	out := make(map[string]fstest.MapFS)
	for p, m := range srcs {
		out[p] = m
	}
	path := sources.Module + "/" + pkg
	m := make(fstest.MapFS)
	found := false
	for n, f := range srcs[path] {
		m[n] = f
		if found || strings.HasSuffix(n, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, n, f.Data, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil {
				name = recvName(fd.Recv.List[0].Type) + "." + name
			}
			if name != decl {
				continue
			}
			off := fset.Position(fd.Body.Lbrace).Offset + 1
			b := slices.Concat(f.Data[:off], []byte("\n\t"+stmt+"\n"), f.Data[off:])
			m[n] = &fstest.MapFile{Data: b}
			found = true
			break
		}
	}
	if !found {
		t.Fatalf("no %s in %s", decl, path)
	}
	out[path] = m
	return out
}

// TestCodeKeyFollowsEdits checks that the code part of a cache key changes
// with an edit to code its computation reaches (in paper or in the packages
// it calls), and not with an edit to code that only judges or renders, to
// another claim's code, or to comments.
func TestCodeKeyFollowsEdits(t *testing.T) {
	srcs := moduleSources(t)
	base := graphOf(t, srcs)
	roots := map[string][]string{
		lemma1ID:     {"runLemma1"},
		theorem1ID:   {"runTheorem1"},
		table1ID:     {"trainTable1", "loadTable1Data", "interruptible", "streamTable1Run"},
		twoLevelID:   {"runTwoLevelGrid", "numMethods"},
		omegaID:      {"runOmega"},
		remark4ID:    {"runRemark4"},
		multiLevelID: {"runMultiLevel"},
	}
	hashes := func(g *codeGraph) map[string]string {
		h := make(map[string]string)
		for id, r := range roots {
			var err error
			if h[id], err = g.hash(paperPath, r); err != nil {
				t.Fatal(err)
			}
		}
		return h
	}
	h0 := hashes(base)
	for _, e := range []struct {
		pkg, decl string
		stmt      string
		changes   []string // the claims whose key changes; the others keep theirs
	}{
		// The formula Lemma 1 is checked against (issue 30's first case).
		{"ordering", "ExpectedPhi2RR", "sigma2 *= 1.5", []string{lemma1ID}},
		// Theorem 1's stated bound.
		{"ordering", "Theorem1Bound", "gamma *= 0.5", []string{theorem1ID}},
		{"paper", "runTheorem1", "_ = 0", []string{theorem1ID}},
		{"paper", "trainTable1", "_ = 0", []string{table1ID}},
		{"paper", "loadTable1Data", "_ = 0", []string{table1ID}},
		// The network every table-1 run trains.
		{"problems/nn", "NewMLP", "_ = 0", []string{table1ID}},
		// Verdicts and outcomes change no key.
		{"paper", "Theorem1Result.Findings", "_ = 0", nil},
		{"paper", "Theorem1Result.Outcome", "_ = 0", nil},
		{"paper", "Lemma1Result.Findings", "_ = 0", nil},
		{"paper", "Table1Result.Findings", "_ = 0", nil},
		{"paper", "Table1Result.Outcome", "_ = 0", nil},
		{"paper", "TwoLevelResult.Outcome", "_ = 0", nil},
		// Neither do comments.
		{"paper", "runTheorem1", "// a comment", nil},
		{"ordering", "ExpectedPhi2RR", "/* a comment */", nil},
	} {
		h := hashes(graphOf(t, editDecl(t, srcs, e.pkg, e.decl, e.stmt)))
		for id := range roots {
			if changed := h[id] != h0[id]; changed != slices.Contains(e.changes, id) {
				t.Errorf("%s in %s.%s: the key of %s changed %t, want %t", strconv.Quote(e.stmt), e.pkg, e.decl, id, changed, !changed)
			}
		}
	}
}

// TestCodeKeyFollowsAssembly checks that the key of code reaching a kernel
// written in assembly (internal/vec, through pair balancing) changes with
// an edit to the assembly, and the key of code that reaches no kernel
// does not.
func TestCodeKeyFollowsAssembly(t *testing.T) {
	srcs := moduleSources(t)
	vec := sources.Module + "/internal/vec"
	ord := sources.Module + "/ordering"
	var asm string
	for n := range srcs[vec] {
		if strings.HasSuffix(n, ".s") {
			asm = n
		}
	}
	if asm == "" {
		t.Fatalf("no assembly among %s's registered sources", vec)
	}
	hashes := func(g *codeGraph) (kernel, plain string) {
		var err error
		if kernel, err = g.hash(ord, []string{"PairBalanceOrder"}); err != nil {
			t.Fatal(err)
		}
		if plain, err = g.hash(ord, []string{"ExpectedPhi2RR"}); err != nil {
			t.Fatal(err)
		}
		return kernel, plain
	}
	k0, p0 := hashes(graphOf(t, srcs))
	edited := make(map[string]fstest.MapFS)
	for p, m := range srcs {
		edited[p] = m
	}
	m := make(fstest.MapFS)
	for n, f := range srcs[vec] {
		m[n] = f
	}
	m[asm] = &fstest.MapFile{Data: slices.Concat(srcs[vec][asm].Data, []byte("\n\tNOP\n"))}
	edited[vec] = m
	k1, p1 := hashes(graphOf(t, edited))
	if k1 == k0 {
		t.Errorf("an edit to %s left the key of PairBalanceOrder, which runs its kernels, unchanged", asm)
	}
	if p1 != p0 {
		t.Errorf("an edit to %s changed the key of ExpectedPhi2RR, which runs no kernel", asm)
	}
}

// TestCachedRoots checks every call of cached and runCached in the
// package's sources: its roots are declared, and every declaration its
// compute function names is reachable from them, directly or through the
// values its enclosing function assigns to the locals it uses (a
// closure, a seed), so that the key covers the code the computation runs;
// and they reach no Findings or Outcome method, chart or report.
func TestCachedRoots(t *testing.T) {
	g, err := moduleCode()
	if err != nil {
		t.Fatal(err)
	}
	c, err := checkCode(sources.All())
	if err != nil {
		t.Fatal(err)
	}
	fset := c.fset
	calls := 0
	for i := range c.files {
		fl := &c.files[i]
		f := fl.f
		if fl.pkg != paperPath {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			// What fd assigns to each of its locals (a closure, a
			// seed): the values compute may use.
			defs := make(map[types.Object][]ast.Node)
			local := func(id *ast.Ident) types.Object {
				if o := fl.info.Defs[id]; o != nil {
					return o
				}
				return fl.info.Uses[id]
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						id, ok := l.(*ast.Ident)
						if !ok {
							continue
						}
						o := local(id)
						if len(n.Lhs) == len(n.Rhs) {
							defs[o] = append(defs[o], n.Rhs[i])
						} else {
							for _, r := range n.Rhs {
								defs[o] = append(defs[o], r)
							}
						}
					}
				case *ast.ValueSpec:
					for _, id := range n.Names {
						o := local(id)
						for _, v := range n.Values {
							defs[o] = append(defs[o], v)
						}
					}
				}
				return true
			})
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fun := call.Fun
				if ix, ok := fun.(*ast.IndexExpr); ok {
					fun = ix.X
				}
				id, ok := fun.(*ast.Ident)
				if !ok || (id.Name != "cached" && id.Name != "runCached") {
					return true
				}
				if fd.Name.Name == "runCached" {
					return true // the generic helper, whose callers name the root
				}
				calls++
				where := fset.Position(call.Pos()).String()
				var roots []string
				var compute ast.Expr
				switch id.Name {
				case "runCached":
					lit, ok := call.Args[3].(*ast.BasicLit)
					if !ok {
						t.Errorf("%s: the root of runCached is not a string literal", where)
						return true
					}
					r, _ := strconv.Unquote(lit.Value)
					roots, compute = []string{r}, call.Args[5]
				case "cached":
					cl, ok := call.Args[2].(*ast.CompositeLit)
					if !ok {
						t.Errorf("%s: the roots of cached are not a []string literal", where)
						return true
					}
					for _, e := range cl.Elts {
						lit, ok := e.(*ast.BasicLit)
						if !ok {
							t.Errorf("%s: a root of cached is not a string literal", where)
							return true
						}
						r, _ := strconv.Unquote(lit.Value)
						roots = append(roots, r)
					}
					compute = call.Args[5]
				}
				seen, err := g.reach(paperPath, roots)
				if err != nil {
					t.Errorf("%s: %v", where, err)
					return true
				}
				// Code that only judges or renders is not part of a key.
				for id := range seen {
					rest := strings.TrimPrefix(id, sources.Module+"/")
					if strings.HasSuffix(rest, ".Findings") || strings.HasSuffix(rest, "Outcome") || strings.HasPrefix(rest, "paper/chart.") || strings.HasPrefix(rest, "paper.WriteReport") {
						t.Errorf("%s: the roots %q reach %s, which only judges or renders", where, roots, rest)
					}
				}
				// What compute names, through fd's closures it calls.
				var refs []string
				done := make(map[ast.Node]bool)
				var walk func(n ast.Node)
				walk = func(n ast.Node) {
					if done[n] || (n.Pos() <= call.Pos() && call.End() <= n.End()) {
						return // seen, or the call's own result
					}
					done[n] = true
					d := &codeDecl{}
					g.refsOf(d, n, c, fl)
					refs = append(refs, d.refs...)
					ast.Inspect(n, func(m ast.Node) bool {
						if id, ok := m.(*ast.Ident); ok {
							if o := fl.info.Uses[id]; o != nil {
								for _, v := range defs[o] {
									walk(v)
								}
							}
						}
						return true
					})
				}
				walk(compute)
				for _, r := range refs {
					if strings.HasPrefix(r, paperPath+".Env.") {
						// The run's environment, not its computation:
						// the seed orDefault gives is in the key, and
						// progress, warn and workers change no result.
						continue
					}
					if _, ok := g.decls[r]; ok && !seen[r] {
						t.Errorf("%s: the computation names %s, not reachable from its roots %q", where, strings.TrimPrefix(r, sources.Module+"/"), roots)
					}
				}
				return true
			})
		}
	}
	if calls < 10 {
		t.Errorf("found %d calls of cached and runCached, want one per cached computation", calls)
	}
}

// TestJudgeHashIgnoresWording checks that the judging code's hash (the
// registration's and the seeds pass's) moves with a change to what the
// judging code computes and not with a reworded string literal or a
// change to the Outcome, while the cache key's hash moves with a reworded
// literal.
func TestJudgeHashIgnoresWording(t *testing.T) {
	srcs := moduleSources(t)
	roots := judgeRoots[lemma1ID]
	hash := func(g *codeGraph, noWords bool) string {
		h, err := g.hashText(paperPath, roots, noWords)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	base := graphOf(t, srcs)
	worded := graphOf(t, editDecl(t, srcs, "paper", "Lemma1Result.Findings", `_ = "a reworded sentence"`))
	reworded := graphOf(t, editDecl(t, srcs, "paper", "Lemma1Result.Findings", `_ = "another wording"`))
	computed := graphOf(t, editDecl(t, srcs, "paper", "Lemma1Result.Findings", `_ = 1.5`))
	if hash(worded, true) != hash(reworded, true) {
		t.Errorf("rewording a string literal moved the judging hash")
	}
	if hash(worded, false) == hash(reworded, false) {
		t.Errorf("rewording a string literal left the full hash as it was")
	}
	if hash(computed, true) == hash(base, true) {
		t.Errorf("a computing change left the judging hash as it was")
	}
	// A one-word literal can select data ("standard" for "same-class"):
	// it counts.
	std := graphOf(t, editDecl(t, srcs, "paper", "Lemma1Result.Findings", `_ = "standard"`))
	same := graphOf(t, editDecl(t, srcs, "paper", "Lemma1Result.Findings", `_ = "same-class"`))
	if hash(std, true) == hash(same, true) {
		t.Errorf("swapping a data-selecting literal left the judging hash as it was")
	}
	// The Outcome words the findings and draws the charts: a change to it
	// (a computed value, not only a literal) judges the same.
	outcome := graphOf(t, editDecl(t, srcs, "paper", "Lemma1Result.Outcome", `_ = 2.5`))
	if hash(outcome, true) != hash(base, true) {
		t.Errorf("a change to the Outcome moved the judging hash")
	}
}
