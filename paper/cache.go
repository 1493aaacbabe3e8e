// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/atomic"
)

// cacheVersion is part of every cache key; bump it when a change to the
// code changes results, so that stale runs are not reused. The build's
// BLAS (ordering.BLAS) is part of every key too: the pure-Go and the
// OpenBLAS builds round differently, so neither serves the other's runs.
const cacheVersion = 3

// cached is the one entry point of the run cache: every cached run goes
// through it (runCached for a claim's whole run, RunTable1 and RunTwoLevel
// for their runs and rows). It returns the result of compute for key, from
// env's cache folder if a finished run with the same name and key is there
// (and env.Fresh is not set), else by calling compute and storing its
// result atomically. It is safe for concurrent use with distinct keys. The key must marshal to JSON and hold every parameter
// the result depends on, seed included, and nothing else.
func cached[T any](env *Env, name string, key any, compute func() (T, error)) (T, error) {
	var zero T
	if env.CacheDir == "" {
		return compute()
	}
	kb, err := json.Marshal(struct {
		Version int
		BLAS    string
		Name    string
		Key     any
	}{cacheVersion, ordering.BLAS, name, key})
	if err != nil {
		return zero, fmt.Errorf("paper: cache key of %s: %w", name, err)
	}
	sum := sha256.Sum256(kb)
	path := filepath.Join(env.CacheDir, name+"-"+hex.EncodeToString(sum[:8])+".json")
	if !env.Fresh {
		b, err := os.ReadFile(path)
		switch {
		case err == nil:
			var v T
			if json.Unmarshal(b, &v) == nil {
				env.reused.Add(1)
				return v, nil
			}
			// A corrupt entry is recomputed and overwritten.
		case !errors.Is(err, fs.ErrNotExist):
			return zero, fmt.Errorf("paper: reading cache: %w", err)
		}
	}
	v, err := compute()
	if err != nil {
		return zero, err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return zero, fmt.Errorf("paper: caching %s: %w", name, err)
	}
	if err := os.MkdirAll(env.CacheDir, 0o755); err != nil {
		return zero, fmt.Errorf("paper: cache folder: %w", err)
	}
	if err := atomic.WriteFile(path, b, 0o644); err != nil {
		return zero, fmt.Errorf("paper: caching %s: %w", name, err)
	}
	return v, nil
}
