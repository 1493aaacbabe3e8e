// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package misuse runs the misuse table tests of the module's packages:
// calls with bad input must return an error naming the value, and calls
// that misuse the API must panic with their documented message.
package misuse

import (
	"fmt"
	"strings"
	"testing"
)

// Case is one misuse of an API.
type Case struct {
	// Name names the case.
	Name string
	// Call makes the call and returns its error.
	Call func() error
	// Err is text the error must contain, such as the offending value.
	// It is ignored if Panic is set.
	Err string
	// Panic, if not empty, is the exact value Call must panic with.
	Panic string
}

// Run runs every case as a subtest.
func Run(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			err, p, panicked := call(c.Call)
			switch {
			case c.Panic != "":
				if !panicked {
					t.Fatalf("returned %v, want a panic %q", err, c.Panic)
				}
				if fmt.Sprint(p) != c.Panic {
					t.Fatalf("panic %q, want %q", p, c.Panic)
				}
			case panicked:
				t.Fatalf("panic %v, want an error saying %q", p, c.Err)
			case err == nil:
				t.Fatalf("no error, want one saying %q", c.Err)
			case !strings.Contains(err.Error(), c.Err):
				t.Fatalf("error %q does not say %q", err, c.Err)
			}
		})
	}
}

// call calls f and reports its error or what it panicked with.
func call(f func() error) (err error, p any, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			p, panicked = r, true
		}
	}()
	return f(), nil, false
}
