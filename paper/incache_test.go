// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"os"
	"testing"
)

// TestInCache checks that Claim.InCache is false before a claim's run is
// cached and true after, for this seed only, and that it computes and
// writes nothing.
func TestInCache(t *testing.T) {
	c, ok := Lookup(lemma1ID)
	if !ok {
		t.Fatalf("no claim %s", lemma1ID)
	}
	ctx := context.Background()
	cache := t.TempDir()
	// A chart written to the Env's empty FigDir would land here.
	wd := t.TempDir()
	t.Chdir(wd)
	in := func(seed uint64) bool {
		t.Helper()
		ok, err := c.InCache(ctx, Smoke, &Env{Seed: seed, CacheDir: cache})
		if err != nil {
			t.Fatalf("InCache, seed %d: %v", seed, err)
		}
		return ok
	}
	if in(1) {
		t.Fatal("InCache on an empty cache: true, want false")
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Fatalf("InCache wrote %d files into the cache, want none", len(entries))
	}
	if _, err := c.Run(ctx, Smoke, &Env{Seed: 1, CacheDir: cache, FigDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if !in(1) {
		t.Error("InCache after a run: false, want true")
	}
	if in(2) {
		t.Error("InCache for another seed: true, want false")
	}
	if ok, err := c.InCache(ctx, Smoke, &Env{Seed: 1}); ok || err != nil {
		t.Errorf("InCache without a cache folder = %v, %v, want false, nil", ok, err)
	}
	if entries, _ := os.ReadDir(wd); len(entries) != 0 {
		t.Errorf("InCache wrote %s and more into the working folder, want nothing", entries[0].Name())
	}
}
