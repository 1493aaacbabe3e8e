// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"strings"
	"testing"

	"github.com/goodorder/goodorder/paper"
)

// TestValidate checks that Validate names a value out of range of the
// notebooks' configs, at once and without a cache, and accepts the
// defaults.
func TestValidate(t *testing.T) {
	twoLevel := func(edit func(*paper.TwoLevelConfig)) error {
		c := paper.TwoLevelConfig{}.At(paper.Default)
		edit(&c)
		return Validate(c.Run)
	}
	loader := func(edit func(*paper.LoaderShufflesConfig)) error {
		c := paper.LoaderShufflesConfig{}.At(paper.Default)
		edit(&c)
		return Validate(c.Run)
	}
	for _, test := range []struct {
		name string
		err  error
		want string // "" for valid
	}{
		{"two-level defaults", twoLevel(func(*paper.TwoLevelConfig) {}), ""},
		{"two-level m = -4", twoLevel(func(c *paper.TwoLevelConfig) { c.Ms = []int{-4} }), "-4"},
		{"loader defaults", loader(func(*paper.LoaderShufflesConfig) {}), ""},
		{"loader shard size -1", loader(func(c *paper.LoaderShufflesConfig) { c.ShardSize = -1 }), "-1"},
	} {
		err := test.err
		switch {
		case test.want == "" && err != nil:
			t.Errorf("%s: %v, want valid", test.name, err)
		case test.want != "" && (err == nil || !strings.Contains(err.Error(), test.want)):
			t.Errorf("%s: %v, want an error naming %s", test.name, err, test.want)
		}
	}
}

// TestGate checks the Parameters cell's one line for an invalid
// parameter, and the one line and quiet end of every later cell.
func TestGate(t *testing.T) {
	t.Setenv("GONB_TMP_DIR", t.TempDir())
	t.Setenv(EditsEnv, "")
	out, codes := capture(t)
	Ready()
	if got := out.String(); got != NotSetUpLine+"\n" || len(*codes) != 1 || (*codes)[0] != 0 {
		t.Errorf("Ready before Parameters: %q, exit codes %v; want %q and exit 0", got, *codes, NotSetUpLine)
	}

	out.Reset()
	*codes = nil
	c := paper.TwoLevelConfig{}.At(paper.Default)
	c.Ms = []int{-4}
	bad := Validate(c.Run)
	if Parameters(nil, bad) {
		t.Errorf("Parameters(%v) reported valid", bad)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], InvalidLine) || !strings.Contains(lines[0], "-4") {
		t.Errorf("Parameters with m = -4 printed %q, want one line beginning %q naming -4", out.String(), InvalidLine)
	}
	out.Reset()
	Ready()
	lines = strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], WaitLine) || !strings.Contains(lines[0], "-4") || len(*codes) != 1 || (*codes)[0] != 0 {
		t.Errorf("Ready after an invalid parameter: %q, exit codes %v; want one line beginning %q and exit 0", out.String(), *codes, WaitLine)
	}

	out.Reset()
	*codes = nil
	if !Parameters(nil) {
		t.Errorf("Parameters(nil) reported invalid")
	}
	Ready()
	if out.Len() != 0 || len(*codes) != 0 {
		t.Errorf("Ready after valid parameters: %q, exit codes %v; want nothing", out.String(), *codes)
	}
}
