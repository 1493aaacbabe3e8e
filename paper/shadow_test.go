// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/goodorder/goodorder/internal/sources"
)

// TestCodeGraphScopes checks that the code graph of the cache keys
// (cachecode.go) follows scopes and types, on a module of two small
// packages: a local or a parameter named like a top-level declaration, a
// struct field or a composite literal's key is no edge to it, and a real
// use is, a method called on a local named like an import included; a
// method called on a value of a module type is an edge to that type's
// method alone. A graph that read names instead (before issue 39) tied
// Shadow's key to helper and seq, missed ShadowImport's call of T.M and
// gave Precise U.M.
func TestCodeGraphScopes(t *testing.T) {
	const (
		a = sources.Module + "/a"
		b = sources.Module + "/b"
	)
	pkgs := map[string]fs.FS{
		b: fstest.MapFS{"b.go": {Data: []byte(`package b

type T struct{}

func (T) M() int { return 1 }

func (T) N() int { return 2 }

func NewT() T { return T{} }

func F() int { return 3 }

type G[E any] struct{ e E }

func (g G[E]) Get() E { return g.e }

func (g *G[E]) Set(e E) { g.e = e }

type Outer struct{ T }

type U struct{}

func (U) M() int { return 6 }

func NewU() U { return U{} }

// other selects M and N, so that neither is reached as a method no
// code of the module names (which code outside it may call).
func other(t T) int { return t.M() + t.N() }

func gs(g *G[int]) int { g.Set(1); return g.Get() }

func um(u U) int { return u.M() }
`)}},
		a: fstest.MapFS{
			"a.go": {Data: []byte(`package a

import "github.com/goodorder/goodorder/b"

func helper() int { return 0 }

var seq = 1

type S struct{ helper int }

func Shadow(helper int) int {
	seq := helper
	return seq
}

func Field(s S) int { return s.helper + S{helper: 1}.helper }

func Use() int { return helper() + seq }

func ShadowImport() int {
	b := b.NewT()
	return b.M()
}

func Qualified() int { return b.F() }

func MethodExpr() int { return b.T.N(b.T{}) }

func Iface() int {
	var s interface{ M() int } = b.NewT()
	return s.M()
}

func Kernel() int { return kernel() }

func Generic() int {
	var g b.G[int]
	return g.Get()
}

func Precise() int {
	t, u := b.NewT(), b.NewU()
	_ = u
	return t.M()
}

func Promoted(o b.Outer) int { return o.M() }

func Value(t b.T) int {
	f := t.N
	return f()
}

type mer interface{ M() int }

func call[X mer](x X) int { return x.M() }

func Constrained() int { return call(b.NewT()) }
`)},
			// One function in two files of different build tags: both
			// bodies count, each with its own scopes.
			"kernel_blas.go": {Data: []byte(`//go:build openblas

package a

func kernel() int {
	helper := 2
	return helper + blas()
}

func blas() int { return 4 }
`)},
			"kernel_go.go": {Data: []byte(`//go:build !openblas

package a

func kernel() int {
	seq := 2
	return seq + pure()
}

func pure() int { return 5 }
`)},
		},
	}
	g, err := newCodeGraph(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		root string
		// reach are the declarations the root must reach, miss those it
		// must not, by id relative to the module.
		reach, miss []string
	}{
		{"Shadow", nil, []string{"a.helper", "a.seq"}},
		{"Field", []string{"a.S"}, []string{"a.helper"}},
		{"Use", []string{"a.helper", "a.seq"}, nil},
		{"ShadowImport", []string{"b.NewT", "b.T", "b.T.M"}, []string{"b.T.N", "b.F"}},
		{"Qualified", []string{"b.F"}, []string{"b.T"}},
		{"MethodExpr", []string{"b.T", "b.T.N"}, []string{"b.T.M"}},
		{"Iface", []string{"b.NewT", "b.T.M"}, []string{"b.T.N"}},
		{"Kernel", []string{"a.kernel", "a.blas", "a.pure"}, []string{"a.helper", "a.seq"}},
		{"Generic", []string{"b.G", "b.G.Get"}, []string{"b.G.Set"}},
		// T.M is called, U.M is not, though U is reached.
		{"Precise", []string{"b.T.M", "b.U"}, []string{"b.U.M"}},
		{"Promoted", []string{"b.Outer", "b.T", "b.T.M"}, []string{"b.T.N"}},
		{"Value", []string{"b.T", "b.T.N"}, []string{"b.T.M"}},
		// A method called through a type parameter is found by name.
		{"Constrained", []string{"a.call", "a.mer", "b.T.M"}, []string{"b.T.N"}},
	} {
		seen, err := g.reach(a, []string{c.root})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range c.reach {
			if !seen[sources.Module+"/"+id] {
				t.Errorf("%s does not reach %s", c.root, id)
			}
		}
		for _, id := range c.miss {
			if seen[sources.Module+"/"+id] {
				t.Errorf("%s reaches %s", c.root, id)
			}
		}
	}
}
