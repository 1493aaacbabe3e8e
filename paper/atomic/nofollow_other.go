// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !unix

package atomic

// noFollow is 0 where an open cannot refuse a symbolic link: ReadFile's
// Lstat is then its only check.
const noFollow = 0
