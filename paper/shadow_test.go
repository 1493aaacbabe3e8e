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
// (cachecode.go) follows scopes, on a module of two small packages: a
// local or a parameter named like a top-level declaration, a struct field
// or a composite literal's key is no edge to it, and a real use is, a
// method called on a local named like an import included. A graph that
// read names instead (before issue 39) tied Shadow's key to helper and seq
// and missed ShadowImport's call of T.M.
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

// other selects M and N, so that neither is reached as a method no
// code of the module names (which code outside it may call).
func other(t T) int { return t.M() + t.N() }
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
