// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package sources holds the Go sources of the module's packages, embedded
// in the build, so that the paper's run cache can key a run on the code
// that computed it (see paper's doc.go, section Cache). Every package of
// the module whose code can run inside a cached computation registers
// its own non-test files (it embeds *.go, and *.s where it has assembly;
// the _test.go files are dropped by the reader) from an init function.
package sources

import (
	"embed"
	"io/fs"
	"sync"
)

// Module is the module path: an import path with this prefix and a slash
// names a package of the module, whose sources must be registered.
const Module = "github.com/goodorder/goodorder"

var (
	mu   sync.Mutex
	pkgs = make(map[string]fs.FS)
)

// Register records the files of the package with import path path. It is
// called once per package, from its init function.
func Register(path string, files fs.FS) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := pkgs[path]; dup {
		panic("sources: package registered twice: " + path)
	}
	pkgs[path] = files
}

// All returns the registered packages by import path.
func All() map[string]fs.FS {
	mu.Lock()
	defer mu.Unlock()
	m := make(map[string]fs.FS, len(pkgs))
	for k, v := range pkgs {
		m[k] = v
	}
	return m
}

// own are this package's files: it is imported by the registered packages,
// so it is one of them.
//
//go:embed *.go
var own embed.FS

func init() { Register(Module+"/internal/sources", own) }
