// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
)

// InCache reports whether every run of c at scale s for env.Seed is in
// env.CacheDir, computing nothing: it runs c with Env.CachedOnly and stops
// before the outcome, so no chart is drawn or written. It is false with no
// cache folder. A bad entry is warned of (env.Warn) and counts as missing.
// Its error is one of Run's other than ErrNotCached, or ctx's.
//
// It is what splits the reproduction into units of work (a claim at a
// scale and a seed) that a cluster's job array computes into one shared
// cache: the reproduce command's -plan lists those not InCache.
func (c Claim) InCache(ctx context.Context, s Scale, env *Env) (bool, error) {
	env = env.orDefault()
	if env.CacheDir == "" {
		return false, nil
	}
	probe := &Env{Seed: env.Seed, Workers: env.Workers, CacheDir: env.CacheDir, CachedOnly: true,
		CIFAR10: env.CIFAR10, Warn: env.Warn, probe: true}
	_, err := c.Run(ctx, s, probe)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, ErrNotCached) && ctx.Err() == nil:
		return false, nil
	}
	return false, err
}
