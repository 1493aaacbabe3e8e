// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build amd64.v3

package ordering

// fusingBuild is set where the compiler may fuse a multiply and an add
// (GOAMD64=v3 and above): it may then fuse those of dotDiff and of
// MeanBalance's update, and the kernels of MeanBalance and PairBalance, to
// keep the bits such a build gave before Run took them (Run's plain loops,
// compiled alike) and those of dotDiff where it is called directly
// (CD-GraB), run Go's loops in place of the assembly ones, which never
// fuse.
const fusingBuild = true
