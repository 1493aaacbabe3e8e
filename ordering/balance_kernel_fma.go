// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build amd64.v3

package ordering

// fusingBuild is set where the compiler may fuse a multiply and an add
// (GOAMD64=v3 and above): it may then fuse those of dotDiff and of Run's
// MeanBalance update, and the Sampler's kernels, to keep Run's bits, run
// Go's loops, compiled alike, in place of the assembly ones, which never
// fuse.
const fusingBuild = true
