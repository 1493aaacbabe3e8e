// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

// table1Claim is Table 1 scaled down to an MLP on MNIST; its protocol,
// runs and outcome are in table1run.go, shared with the other Table 1
// claims.
var table1Claim = Claim{
	ID:           table1ID,
	Where:        "Section 6.1, Table 1 and the test-accuracy figure of the appendix",
	Criterion:    "judged on MNIST with an MLP (the default scale's 20,000 training images, 10 epochs), not the paper's ResNet-18 on CIFAR-10",
	Statement:    table1Statement,
	Quote:        table1Quote,
	Rule:         &table1ClaimRule,
	Registration: "Registered again on 2026-12-01 with nothing hashed changed (its rule, judging code, protocol and 32 runs per cell as registered on base seed 1002), on base seed 1006, which no run of an MNIST claim has used, when an independent referee's whole read weighed both its parts weak for the reason the amendment below gives: base seed 1002 was not new. Its pass on base seed 1002 (reproduced) is reported beside, as exploratory. Known at this registration: that pass's values below, the exploratory seeds' (inconclusive at 3 runs per cell), table-1-study's MNIST gaps at its passes, and scalable-training's passes on base seeds 1004 and 1005 (7 and 6 runs per cell), which train RR and greedy in this claim's setting, the runs this claim would train at those seeds (hence 1006). The earlier registration's text, kept as it was: Registered again on 2026-11-30, before any run on its new seed, when the margin of \"similar accuracy\" became the paper's own resolution as a share of RR's test error (±7.74%, it was ±0.5 point) and the same-class part's threshold the same margin (it was +0.5 point); the rule text says what was known then. Amended on 2026-12-01, text only, when a referee's whole read found it unsaid: by the rule the project adopted later (NextSeed's sharedRuns, which withdrew two registrations on base seed 1003 on this ground), base seed 1002 was not new for this claim: table-1-study's pass on base seed 1002 (f30dc9c, 2026-11-29), committed before this registration (d339760, 2026-11-30), had trained MNIST MLPs at the default scale from the same starting weights as this claim's runs at that seed (the run seeds derive from the base seed and the run alone; the study holds out 10,000 images and trains at its own fixed rates, so no run is shared outright), its results known. The pass stands as registered (standard batching +1.87 [−0.04, +3.78]% against the band ±7.74%, same-class +19.82 [+18.36, +21.27]% against 7.74%, both far from their thresholds); a pass on a seed no MNIST claim has used would settle it afresh.",
	Run:          claimRun(Table1Config{}.At, Table1Config.Run, (*Table1Result).Outcome),
}
