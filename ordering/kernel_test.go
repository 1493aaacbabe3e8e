// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"os"
	"strings"
	"testing"
)

// TestBLASKernel checks that OPENBLAS_CORETYPE, which the Makefile sets to
// pin the kernel, is the kernel the OpenBLAS build runs, and that the
// pure-Go build names none.
func TestBLASKernel(t *testing.T) {
	k := BLASKernel()
	if BLAS == "purego" {
		if k != "" {
			t.Errorf("pure-Go build: BLASKernel() = %q, want \"\"", k)
		}
		return
	}
	want := os.Getenv("OPENBLAS_CORETYPE")
	if want == "" {
		t.Skipf("OPENBLAS_CORETYPE is not set; OpenBLAS chose %q", k)
	}
	if !strings.EqualFold(k, want) {
		t.Errorf("OPENBLAS_CORETYPE=%s, but OpenBLAS runs the %q kernel", want, k)
	}
}
