// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper_test

import (
	"context"
	"fmt"
	"log"

	"github.com/goodorder/goodorder/paper"
)

// A claim's protocol at a scale is its config's At; a field set after At
// is used as it is. Run measures, Outcome judges.
func ExampleOmegaConfig() {
	c := paper.OmegaConfig{}.At(paper.Smoke)
	c.Sigma = 3 // the example functions' shift σ, instead of the default
	res, err := c.Run(context.Background(), &paper.Env{Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	out, err := res.Outcome()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("σ =", res.Config.Sigma, "verdict:", out.Verdict)
	// Output:
	// σ = 3 verdict: reproduced
}
