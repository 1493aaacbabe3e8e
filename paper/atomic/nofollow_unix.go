// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build unix

package atomic

import "syscall"

// noFollow makes an open fail on a symbolic link.
const noFollow = syscall.O_NOFOLLOW
