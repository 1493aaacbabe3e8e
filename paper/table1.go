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
	Registration: "Registered again on 2026-11-30, before any run on its new seed, when the margin of \"similar accuracy\" became the paper's own resolution as a share of RR's test error (±7.74%, it was ±0.5 point) and the same-class part's threshold the same margin (it was +0.5 point); the rule text says what was known then.",
	Run:          claimRun(Table1Config{}.At, Table1Config.Run, (*Table1Result).Outcome),
}
