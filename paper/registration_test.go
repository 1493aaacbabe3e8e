// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRegistrationCurrent checks the committed registration against the
// code: every claim that declares a rule is registered, and none has had
// its judging code or rule changed since (JudgeCode against the registered
// hash). A change fails here until the registration is written again
// (make register); after a confirmatory run that claim then reads as
// exploratory in the report until a pass on new seeds.
// TestRegistrationMutation shows the check catching a changed rule.
func TestRegistrationCurrent(t *testing.T) {
	regs, err := ReadRegistration(filepath.Join("..", RegistrationFile))
	if err != nil {
		t.Fatal(err)
	}
	if changed := Changed(regs, RegisteredHash); len(changed) > 0 {
		t.Errorf("judging code, rule or protocol changed since the registration (make register writes it again; after a confirmatory run, the claim is exploratory until a pass on new seeds):\n%s", strings.Join(changed, "\n"))
	}
	for _, c := range registry {
		registered := false
		for _, r := range regs {
			registered = registered || r.ID == c.ID
		}
		if c.Rule != nil && !registered {
			t.Errorf("%s declares a rule and is not registered", c.ID)
		}
	}
}
