// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64.v3

package ordering

// fusingBuild is false where the compiler does not fuse a multiply and an
// add (any architecture but amd64 at GOAMD64=v3 and above): see
// balance_kernel_fma.go.
const fusingBuild = false
