// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"
	"strings"

	"github.com/goodorder/goodorder/problems/dataset"
)

// # The claim

// table1FashionID is the claim's id.
const table1FashionID = "table-1-fashion"

// table1FashionClaim is Table 1 in a setting hard enough for the order to
// matter more than on MNIST: a CNN on all of Fashion-MNIST. It shares
// table-1's config, run and outcome; only the protocol differs.
var table1FashionClaim = Claim{
	ID:        table1FashionID,
	Where:     "Section 6.1, Table 1, on Fashion-MNIST with a CNN",
	Statement: table1Claim.Statement,
	Run:       claimRun(Table1Config{Dataset: fashionMNIST}.At, Table1Config.Run, (*Table1Result).Outcome),
	Skip:      table1FashionSkip,
}

// # The config

// table1FashionMinutes is what a fresh paper-scale run of the claim takes
// on the 2-core development machine with OpenBLAS, stated where it is
// skipped.
const table1FashionMinutes = 12

// fashionMNIST is Table1Config.Dataset for Fashion-MNIST.
const fashionMNIST = "fashion-mnist"

// table1FashionScales is the protocol of the table-1-fashion claim,
// Table1Config{Dataset: fashionMNIST}.At(s): Table 1's with the CNN of
// nn.NewCNN on Fashion-MNIST, all 60,000 training and 10,000 test images,
// standardised, for 15 epochs and 3 seeds at the paper scale. It does not
// fit the default scale's budget, where the claim is skipped (Skip) and
// the protocol is the paper scale's.
func table1FashionScales() map[Scale]Table1Config {
	return map[Scale]Table1Config{
		Smoke:   {Model: "cnn", Train: 2000, Test: 1000, Epochs: 2, Seeds: 1},
		Default: {Model: "cnn", Epochs: 15},
		Full:    {Model: "cnn", Epochs: 15},
	}
}

// table1FashionSkip skips the claim at the default scale, whose time
// budget it does not fit, and wherever Fashion-MNIST is not installed.
func table1FashionSkip(s Scale, _ *Env) string {
	return fashionSkip(s, "runs at the paper scale only", table1FashionID)
}

// fashionSkip is the Skip of the claims that need the runs of
// table-1-fashion: why they do not run in env, "" if they do. They are
// skipped wherever Fashion-MNIST is not installed, and at the default
// scale, whose time budget the runs do not fit; the reason begins with why
// and ends with the command that runs ids, the claims it takes.
func fashionSkip(s Scale, why string, ids ...string) string {
	if _, err := dataset.FashionMNISTDir(); err != nil {
		return err.Error()
	}
	if s != Default {
		return ""
	}
	both := ""
	if len(ids) > 1 {
		both = " for both"
	}
	return fmt.Sprintf("%s (about %d minutes on 2 cores%s): go run -tags openblas ./paper/reproduce -scale paper -only %s",
		why, table1FashionMinutes, both, strings.Join(ids, ","))
}

// # The run

// The run is Table1Config.Run with Table1Config{Dataset: fashionMNIST}.At's config.

// # The outcome

// The outcome is Table1Result.Outcome's, with the same thresholds: the verdict is
// computed for this setting alone.
