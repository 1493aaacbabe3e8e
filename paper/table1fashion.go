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
	Registration: "Registered a fifth time on 2026-11-30 (the fourth, at 15 runs on base seed 1003, was withdrawn before any run), at 8 runs per cell on base seed 1004, after its pass on base seed 1002 (inconclusive: standard batching +27% [−99, +154] of RR's test error, unsettled; same-class +16.3% [+7.9, +24.6], holding), when an independent referee's read of the whole registration weighed table-1-fashion-same-class as weak: the section gave that part's power at 3 runs at the seed-1001 spread (about 0.35), not the runs it needs nor the half-width to expect. Its rule is unchanged. That fourth registration was withdrawn because table-1-study's pass on base seed 1003 (ba56604) had trained Fashion-MNIST CNNs from the same starting weights as this claim's runs 1 to 9 at that seed (the run seeds derive from the base seed and the run alone), its results known (same-class +22.9% [+18.3, +27.5]), so the seed was not new; base seed 1004 is one no claim sharing this claim's run seeds has used (NextSeed), and 15 runs would not finish within a working session on the slower machine (below). The plan takes the claim's reference time from its seed-1002 pass (909 s at 3 runs on the reference machine; amended on 2026-12-01, at a referee's read: that seed was not new by the later sharedRuns rule, since table-1-study's pass on base seed 1002 had trained Fashion-MNIST CNNs from the same starting weights the day before, and the time proved unrepresentative: the 8-run pass on base seed 1004 took 5,944 s, about 2.5 times the 40 minutes planned, with other work beside it for about 45 of its minutes), not from the seed-1001 pass (2,291 s, at which the budget allowed 3); table-1-study's reference time is likewise its last pass's (2,003 s at 9 runs), and its registration is unchanged. " +
		"At the two passes' spreads (same-class sd about 3.2% and 3.4% of RR's same-class error over 3 paired runs; gains 7.1 and 8.5 above the threshold 7.74) the same-class part needs 5 runs per cell for 90% power; 8 give it power above 0.99 and an expected half-width of about ±2.7%. The standard part needs about 40 runs at the exploratory run's spread; at 8 its expected half-width is ±8.6% there, ±1.9% at the seed-1001 pass's spread (sd about 2.3%, gap about +6.3%) and ±43% at the seed-1002 pass's (sd about 51%, from one pair far off: one RR run far below the others; no pair is dropped after the run). Its power at 8 is about 0.3 on its nearer side at the exploratory and the seed-1001 spreads, and 0.00 as the power lines count an equivalence (both one-sided tests, 2p − 1, conservatively). Known at this registration: the seed-1002 pass's same-class interval lay above the threshold (its lower end by 0.2), the seed-1001 pass's across it, and neither pass settled the standard part; table-1-study's pass on base seed 1003 (another protocol: 10,000 images held out, its own rates) read Fashion-MNIST's same-class gain +22.9% [+18.3, +27.5] and standard gap +3.04% [+0.84, +5.23] of RR's error. " +
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
