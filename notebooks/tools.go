// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build notebooks

package notebooks

// The notebooks import these packages, which no other package of the module
// does. Importing them here, behind a build tag no build uses, keeps their
// modules in go.mod and go.sum (go mod tidy considers every build tag), so
// that the notebooks compile offline from the module cache.
import (
	_ "github.com/janpfeifer/gonb/gonbui"
	_ "gonum.org/v1/plot"
	_ "gonum.org/v1/plot/plotter"
	_ "gonum.org/v1/plot/plotutil"
	_ "gonum.org/v1/plot/vg"
)
