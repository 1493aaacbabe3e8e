// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn_test

import (
	"fmt"
	"log"

	"github.com/goodorder/goodorder/problems/nn"
)

// ExampleNewDeepCNN compares the cost of the networks without a clock:
// their parameters and multiply-adds per image forward, on Fashion-MNIST's
// 28×28 grey images and CIFAR-10's 32×32 colour ones.
func ExampleNewDeepCNN() {
	for _, img := range []struct{ c, side int }{{1, 28}, {3, 32}} {
		deep, err := nn.NewDeepCNN(nn.DeepCNNConfig{C: img.c, H: img.side, W: img.side})
		if err != nil {
			log.Fatal(err)
		}
		cfg := nn.CNNConfig{C: img.c, H: img.side, W: img.side}
		if img.c == 3 {
			cfg = nn.CIFARConfig()
		}
		cnn, err := nn.NewCNN(cfg)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%d×%d×%d: DeepCNN %d parameters, %d multiply-adds; CNN %d, %d; ratio %.3g\n",
			img.side, img.side, img.c, deep.NumParams(), deep.MulAdds(), cnn.NumParams(), cnn.MulAdds(),
			float64(deep.MulAdds())/float64(cnn.MulAdds()))
	}
	// Output:
	// 28×28×1: DeepCNN 72442 parameters, 7338880 multiply-adds; CNN 20522, 337024; ratio 21.8
	// 32×32×3: DeepCNN 72730 parameters, 9880192 multiply-adds; CNN 52202, 642000; ratio 15.4
}
