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
	ID:        table1FashionID,
	Where:     "Section 6.1, Table 1, on Fashion-MNIST with a CNN",
	Statement: table1Statement,
	Quote:     table1Quote,
	Rule:      &table1FashionRule,
	Registration: "Registered a fourth time on 2026-11-30, at 15 runs per cell on base seed 1003, after its pass on base seed 1002 (inconclusive: standard batching +27% [−99, +154] of RR's test error, unsettled; same-class +16.3% [+7.9, +24.6], holding), when an independent referee's read of the whole registration weighed table-1-fashion-same-class as weak: the section gave that part's power at 3 runs at the seed-1001 spread (about 0.35), not the runs it needs nor the half-width to expect. Its rule is unchanged. Its runs per cell are what the paper scale's budget allows now that the plan takes the claim's reference time from that pass (909 s at 3 runs on the reference machine, on a seed no run had used), not from the seed-1001 pass (2,291 s), at which the budget allowed only 3; table-1-study's reference time is likewise its last pass's (2,003 s at 9 runs), and its registration is unchanged. " +
		"At the two passes' spreads (same-class sd about 3.2% and 3.4% of RR's same-class error over 3 paired runs; gains 7.1 and 8.5 above the threshold 7.74) the same-class part needs 5 runs per cell for 90% power; 15 give it power above 0.99 and an expected half-width of about ±1.8%. The standard part needs about 40 runs at the exploratory run's spread (power 0.27 at 15, expected half-width ±5.7%, below); at the seed-1001 pass's spread (sd about 2.3%, gap about +6.3%) 15 runs give it about 0.6 power and a half-width of about ±1.3%; at the seed-1002 pass's (sd about 51%, one pair far off) a half-width of about ±28%, and no power. Known at this registration: the seed-1002 pass's same-class interval lay above the threshold (its lower end by 0.2), the seed-1001 pass's across it, and neither pass settled the standard part. " +
		"The earlier registration's text, kept as it was: Registered again on 2026-11-30, before any run on its new seed, when the margin of \"similar accuracy\" became the paper's own resolution as a share of RR's test error (±7.74%, it was ±0.5 point) and the same-class part's threshold the same margin (it was +0.5 point); the rule text says what was known then. The plan below rests on the committed exploratory run (base seed 1), whose paired standard gaps were +0.14, +1.07 and −1.50 points, not on the seed-1001 pass, whose spread was smaller (sd about 0.29 point over 3 paired runs, about 2.3% of RR's error): at that spread, with its gap of about +6.3%, 3 runs give a half-width of about ±5.7%, about 20 runs per cell give even odds of settling the part and about 40 give 90%. Its same-class part, planned at power 1.00 from seed 1, is less sure than that: the seed-1001 pass's gain, about +14.8% [+6.9, +22.7] of RR's same-class error, spans the threshold, and at its spread 3 runs give about 0.35 power.",
	Run:  claimRun(Table1Config{Dataset: fashionMNIST}.At, Table1Config.Run, (*Table1Result).Outcome),
	Skip: table1FashionSkip,
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
