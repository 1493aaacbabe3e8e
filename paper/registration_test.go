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

// TestTextRevision checks that a claim registered again with nothing
// hashed changed (textRevisions) gets a new hash, so that its pass judged before
// is no longer current and its next registration takes a new seed, and
// that a claim without a text revision keeps its hash.
func TestTextRevision(t *testing.T) {
	r := Registered{ID: theorem1ID, Scale: Default, Runs: 3}
	before, err := RegisteredHash(r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(before, " text ") {
		t.Fatalf("theorem-1 has no text revision, its hash %q names one", before)
	}
	conf := (&Confirmation{}).Merge(Confirmed{ID: theorem1ID, Scale: "default", Runs: 3, Seed: ConfirmSeed, Code: before, Verdict: Reproduced})
	if got := conf.NextSeed(theorem1ID, 3); got != ConfirmSeed {
		t.Fatalf("current pass: next seed %d, want %d", got, ConfirmSeed)
	}
	old := textRevisions[theorem1ID]
	textRevisions[theorem1ID] = 1
	defer func() {
		if old == 0 {
			delete(textRevisions, theorem1ID)
		} else {
			textRevisions[theorem1ID] = old
		}
	}()
	after, err := RegisteredHash(r)
	if err != nil {
		t.Fatal(err)
	}
	if after != before+" text 1" {
		t.Errorf("hash after a text revision %q, want %q", after, before+" text 1")
	}
	if conf.find(theorem1ID).Current() {
		t.Error("the pass judged before the text revision still reads as current")
	}
	if got := conf.NextSeed(theorem1ID, 3); got != ConfirmSeed+1 {
		t.Errorf("after a text revision: next seed %d, want %d", got, ConfirmSeed+1)
	}
	if got, want := conf.ChangeText(theorem1ID, after), "its seed (the starting weights of its last pass's runs were not new when that pass was registered; its rule, code and protocol are that pass's)"; got != want {
		t.Errorf("change %q, want %q", got, want)
	}
}

// TestNextSeedSharedRuns checks that a claim registered again takes a
// seed after every one the passes of the claims it shares runs with have
// used, and that a claim outside the group does not.
func TestNextSeedSharedRuns(t *testing.T) {
	conf := &Confirmation{Claims: []Confirmed{
		{ID: "table-1-fashion", Scale: "paper", Runs: 3, Seed: ConfirmSeed + 1, Code: "an older rule"},
		{ID: "table-1-study", Scale: "paper", Runs: 9, Seed: ConfirmSeed + 2, Code: "an older rule", Earlier: []Confirmed{{ID: "table-1-study", Seed: ConfirmSeed + 4}}},
		{ID: remark4ID, Scale: "default", Runs: 3, Seed: ConfirmSeed, Code: "an older rule"},
		{ID: "scalable-training", Scale: "default", Runs: 7, Seed: ConfirmSeed + 9, Code: "an older rule"},
	}}
	if got := conf.NextSeed("table-1-fashion", 15); got != ConfirmSeed+5 {
		t.Errorf("table-1-fashion: next seed %d, want %d (after the study's)", got, ConfirmSeed+5)
	}
	// scalable-training trains MNIST's MLP only: its seed shows no
	// Fashion-MNIST run, but every one of the study's MNIST runs.
	if got := conf.NextSeed("table-1-study", 9); got != ConfirmSeed+10 {
		t.Errorf("table-1-study: next seed %d, want %d (after scalable-training's)", got, ConfirmSeed+10)
	}
	conf.Claims[0].Seed = ConfirmSeed + 7
	if got := conf.NextSeed("scalable-training", 7); got != ConfirmSeed+10 {
		t.Errorf("scalable-training: next seed %d, want %d (its own next, table-1-fashion's seed %d being another data set's)", got, ConfirmSeed+10, ConfirmSeed+7)
	}
	conf.Claims[3].Seed = ConfirmSeed + 3
	if got := conf.NextSeed("scalable-training", 7); got != ConfirmSeed+5 {
		t.Errorf("scalable-training: next seed %d, want %d (after the study's MNIST runs, not table-1-fashion's seed %d)", got, ConfirmSeed+5, ConfirmSeed+7)
	}
	if got := conf.NextSeed(remark4ID, 3); got != ConfirmSeed+1 {
		t.Errorf("remark-4, sharing no runs: next seed %d, want %d", got, ConfirmSeed+1)
	}
}
