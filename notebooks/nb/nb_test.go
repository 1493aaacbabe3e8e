// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nb

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/goodorder/goodorder/paper"
)

func TestScale(t *testing.T) {
	for _, test := range []struct {
		env     string
		want    paper.Scale
		wantErr bool
	}{
		{"", paper.Default, false},
		{"smoke", paper.Smoke, false},
		{"default", paper.Default, false},
		{"paper", paper.Full, false},
		{"huge", 0, true},
	} {
		t.Setenv(ScaleEnv, test.env)
		got, err := Scale()
		if (err != nil) != test.wantErr || (err == nil && got != test.want) {
			t.Errorf("%s=%q: Scale() = %v, %v; want %v, error %v", ScaleEnv, test.env, got, err, test.want, test.wantErr)
		}
	}
}

func TestRoot(t *testing.T) {
	t.Setenv("GONB_DIR", "")
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	// The test runs in notebooks/nb, two levels below the module root.
	wd, _ := os.Getwd()
	if want := filepath.Dir(filepath.Dir(wd)); root != want {
		t.Errorf("Root() = %q, want %q", root, want)
	}
	if _, err := os.Stat(filepath.Join(root, "figures", "assets", "echarts.min.js")); err != nil {
		t.Errorf("the ECharts library is not where LoadECharts looks: %v", err)
	}
	t.Setenv("GONB_DIR", t.TempDir())
	if _, err := Root(); err == nil {
		t.Error("Root() found a module above an empty temporary folder")
	}
}

func TestCheckLine(t *testing.T) {
	for _, test := range []struct {
		ok   bool
		want string
	}{
		{true, "CHECK a-b: ok (1 < 2)"},
		{false, "CHECK a-b: MISMATCH (1 < 2)"},
	} {
		if got := checkLine("a-b", test.ok, "1 < 2"); got != test.want {
			t.Errorf("checkLine(ok=%v) = %q, want %q", test.ok, got, test.want)
		}
	}
}

func TestCell(t *testing.T) {
	if got, want := cell("a|b\nc"), `a\|b c`; got != want {
		t.Errorf("cell = %q, want %q", got, want)
	}
}
