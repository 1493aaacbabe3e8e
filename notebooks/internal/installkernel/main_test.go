// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestWithPath(t *testing.T) {
	// spec is what gonb v0.11.4 --install writes (argv shortened).
	const spec = `{"argv":["/x/bin/gonb","--kernel","{connection_file}","-raw_error=true"],"display_name":"Go (gonb)","language":"go","interrupt_mode":"message","env":{}}`
	for _, test := range []struct {
		name    string
		spec    string
		want    map[string]any // env
		wantErr string
	}{
		{name: "gonb", spec: spec, want: map[string]any{"PATH": "/x/bin:${PATH}"}},
		{
			name: "no env",
			spec: strings.Replace(spec, `,"env":{}`, "", 1),
			want: map[string]any{"PATH": "/x/bin:${PATH}"},
		},
		{
			name: "null env",
			spec: strings.Replace(spec, `"env":{}`, `"env":null`, 1),
			want: map[string]any{"PATH": "/x/bin:${PATH}"},
		},
		{
			name: "other env kept",
			spec: strings.Replace(spec, `"env":{}`, `"env":{"GOFLAGS":"-v","PATH":"/opt/go/bin:${PATH}"}`, 1),
			want: map[string]any{"GOFLAGS": "-v", "PATH": "/x/bin:/opt/go/bin:${PATH}"},
		},
		{
			name: "already installed",
			spec: strings.Replace(spec, `"env":{}`, `"env":{"PATH":"/x/bin:${PATH}"}`, 1),
			want: map[string]any{"PATH": "/x/bin:${PATH}"},
		},
		{name: "not JSON", spec: "argv", wantErr: "not JSON"},
		{name: "no argv", spec: `{"env":{}}`, wantErr: "no argv"},
		{name: "bad env", spec: strings.Replace(spec, `"env":{}`, `"env":["PATH"]`, 1), wantErr: "want an object"},
	} {
		got, err := withPath([]byte(test.spec), "/x/bin")
		if test.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), test.wantErr) {
				t.Errorf("%s: error %v, want one containing %q", test.name, err, test.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: unexpected error %v", test.name, err)
			continue
		}
		var ks, orig map[string]any
		if err := json.Unmarshal(got, &ks); err != nil {
			t.Fatalf("%s: output is not JSON: %v\n%s", test.name, err, got)
		}
		if !reflect.DeepEqual(ks["env"], test.want) {
			t.Errorf("%s: env %v, want %v", test.name, ks["env"], test.want)
		}
		if err := json.Unmarshal([]byte(test.spec), &orig); err != nil {
			t.Fatal(err)
		}
		delete(ks, "env")
		delete(orig, "env")
		if !reflect.DeepEqual(ks, orig) {
			t.Errorf("%s: other fields changed:\n got %v\nwant %v", test.name, ks, orig)
		}
		again, err := withPath(got, "/x/bin")
		if err != nil || string(again) != string(got) {
			t.Errorf("%s: installing twice changed the spec:\n%s\n%s", test.name, got, again)
		}
	}
}
