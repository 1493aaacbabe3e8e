// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"fmt"

	"github.com/goodorder/goodorder/problems/dataset"
)

// table1FashionClaim is Table 1 in a setting hard enough for the order to
// matter more than on MNIST: a CNN on all of Fashion-MNIST. It shares
// table-1's config, run and outcome; only the protocol differs.
var table1FashionClaim = Claim{
	ID:           table1FashionID,
	Where:        "Section 6.1, Table 1, on Fashion-MNIST with a CNN",
	Statement:    table1Statement,
	Quote:        table1Quote,
	Rule:         &table1FashionRule,
	Registration: "Registered again on 2026-11-30, before any run on its new seed, when the margin of \"similar accuracy\" became the paper's own resolution as a share of RR's test error (±7.74%, it was ±0.5 point) and the same-class part's threshold the same margin (it was +0.5 point); the rule text says what was known then. The plan below rests on the committed exploratory run (base seed 1), whose paired standard gaps were +0.14, +1.07 and −1.50 points, not on the seed-1001 pass, whose spread was smaller (sd about 0.29 point over 3 paired runs, about 2.3% of RR's error): at that spread, with its gap of about +6.3%, 3 runs give a half-width of about ±5.7%, about 20 runs per cell give even odds of settling the part and about 40 give 90%. Its same-class part, planned at power 1.00 from seed 1, is less sure than that: the seed-1001 pass's gain, about +14.8% [+6.9, +22.7] of RR's same-class error, spans the threshold, and at its spread 3 runs give about 0.35 power.",
	Run:          claimRun(Table1Config{Dataset: fashionMNIST}.At, Table1Config.Run, (*Table1Result).Outcome),
	Skip:         table1FashionSkip,
}

// table1FashionMinutes is about what a fresh paper-scale run of the claim
// takes on the 2-core development machine with OpenBLAS, stated where it
// is skipped: its confirmatory pass, at the paper scale's 3 runs per cell,
// took 2,291 s (2026-11-28; 850 s were measured for an earlier, shorter
// protocol).
const table1FashionMinutes = 38

// table1FashionSkip skips the claim at the default scale, whose time
// budget it does not fit, and wherever Fashion-MNIST is not installed; the
// reason ends with the command that runs it.
func table1FashionSkip(s Scale, _ *Env) string {
	if _, err := dataset.FashionMNISTDir(); err != nil {
		return err.Error()
	}
	if s != Default {
		return ""
	}
	return fmt.Sprintf("runs at the paper scale only (about %d minutes on 2 cores): go run -tags openblas ./paper/reproduce -scale paper -only %s",
		table1FashionMinutes, table1FashionID)
}
