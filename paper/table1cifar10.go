// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"path/filepath"
	"strings"
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
	Run: func(ctx context.Context, s Scale, env *Env) (*Outcome, error) {
		env = env.orDefault()
		return claimRun(Table1Config{Dataset: cifar10Prefix + env.CIFAR10}.At, Table1Config.Run, (*Table1Result).Outcome)(ctx, s, env)
	},
	Skip: func(_ Scale, env *Env) string {
		if env.CIFAR10 == "" {
			return "needs the binary CIFAR-10 batches, which cannot be downloaded here: go run -tags openblas ./paper/reproduce -cifar10 DIR -only " + table1CIFAR10ID
		}
		return ""
	},
}

// # The config

// cifar10Prefix begins Table1Config.Dataset for CIFAR-10:
// "cifar10:<dir>" reads the binary batches in dir.
const cifar10Prefix = "cifar10:"

// table1CIFAR10Scales is the protocol of the table-1-cifar10 claim on the
// CIFAR-10 batches in dir, Table1Config{Dataset: "cifar10:<dir>"}.At(s):
// Table 1's with nn.CIFARConfig's CNN, all 50,000 training and 10,000 test
// images, standardised per channel, for 15 epochs and 3 seeds at the
// default and paper scales (table-1-fashion's protocol), 500 images for 2
// epochs at the smoke scale.
func table1CIFAR10Scales() map[Scale]Table1Config {
	s := table1FashionScales()
	s[Smoke] = Table1Config{Model: "cnn", Train: 500, Test: 200, Epochs: 2, Seeds: 1}
	return s
}

// absCIFAR10 returns dataset with the folder of a "cifar10:<dir>" made
// absolute, so that the cache key does not depend on the working folder,
// and any other dataset as it is.
func absCIFAR10(dataset string) string {
	dir, ok := strings.CutPrefix(dataset, cifar10Prefix)
	if !ok || dir == "" {
		return dataset
	}
	if abs, err := filepath.Abs(dir); err == nil {
		return cifar10Prefix + abs
	}
	return dataset
}

// # The run

// The run is Table1Config.Run.

// # The outcome

// The outcome is Table1Result.Outcome's, with the same thresholds: the verdict is
// computed for this setting alone.
