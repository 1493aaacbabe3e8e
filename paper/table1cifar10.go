// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"path/filepath"
)

// # The claim

// table1CIFAR10ID is the claim's id.
const table1CIFAR10ID = "table-1-cifar10"

// table1CIFAR10Claim is Table 1 on the paper's data set, CIFAR-10, which
// cannot be downloaded here: it runs on the binary batches a researcher
// already has, given by Env.CIFAR10 (the reproduce command's -cifar10
// flag), with a CNN sized for 32×32×3 images instead of ResNet-18.
var table1CIFAR10Claim = Claim{
	ID:        table1CIFAR10ID,
	Where:     "Section 6.1, Table 1, on CIFAR-10 with a small CNN",
	Statement: table1Claim.Statement,
	Run: func(ctx context.Context, env *Env) (*Outcome, error) {
		env = env.orDefault()
		return claimRun(func(s Scale) Table1Config { return Table1CIFAR10Scale(s, env.CIFAR10) }, Table1Config.Run, (*Table1Result).Outcome)(ctx, env)
	},
	Skip: func(env *Env) string {
		if env.CIFAR10 == "" {
			return "needs the binary CIFAR-10 batches, which cannot be downloaded here: go run -tags openblas ./paper/reproduce -cifar10 DIR -only " + table1CIFAR10ID
		}
		return ""
	},
}

// # The config

// Table1CIFAR10Scale returns the protocol of the table-1-cifar10 claim on
// the CIFAR-10 batches in dir: Table 1's (Table1Config) with nn.CIFARConfig's
// CNN, all 50,000 training and 10,000 test images, standardised per
// channel, for 15 epochs and 3 seeds at the default and paper scales
// (Table1FashionScale's protocol), 500 images for 2 epochs at the smoke
// scale. The cache key holds dir's absolute path.
func Table1CIFAR10Scale(s Scale, dir string) Table1Config {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	c := Table1FashionScale(Full)
	if s == Smoke {
		c = Table1Config{Model: "cnn", Train: 500, Test: 200, Epochs: 2, Seeds: 1}
	}
	c.Dataset = "cifar10:" + dir
	return c
}

// # The run

// The run is Table1Config.Run with Table1CIFAR10Scale's config.

// # The outcome

// The outcome is Table1Result.Outcome's, with the same thresholds: the verdict is
// computed for this setting alone.
