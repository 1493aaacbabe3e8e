// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !unix

package nn

import "time"

// cpuTime reports that the CPU time is not known on this system.
func cpuTime() (time.Duration, bool) { return 0, false }
