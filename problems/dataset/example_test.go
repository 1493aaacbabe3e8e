// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dataset_test

import (
	"fmt"
	"log"

	"github.com/goodorder/goodorder/problems/dataset"
)

func ExampleMNIST() {
	train, test, err := dataset.MNIST()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(train.N, test.N, train.C, train.H, train.W, train.Classes)
	fmt.Println("first training label:", train.Labels[0])
	// Output:
	// 60000 10000 1 28 28 10
	// first training label: 5
}
