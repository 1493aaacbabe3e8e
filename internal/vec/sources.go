// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package vec

import (
	"embed"

	"github.com/goodorder/goodorder/internal/sources"
)

// sourceFiles are the package's own Go and assembly files, embedded so
// that the paper's run cache keys a run on the code that computed it
// (internal/sources; a kernel's Go declaration is keyed on the package's
// assembly).
//
//go:embed *.go *.s
var sourceFiles embed.FS

func init() { sources.Register("github.com/goodorder/goodorder/internal/vec", sourceFiles) }
