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

func ExampleSet_Standardize() {
	train, test, err := dataset.MNIST()
	if err != nil {
		log.Fatal(err)
	}
	mean, std := train.ChannelStats()
	fmt.Printf("MNIST training pixels: mean %.4g, std %.4g\n", mean[0], std[0])
	// The test set is standardized with the training set's values.
	for _, s := range []*dataset.Set{train, test} {
		if err := s.Standardize(mean, std); err != nil {
			log.Fatal(err)
		}
	}
	m, sd := test.ChannelStats()
	fmt.Printf("test pixels after: mean %.4g, std %.4g\n", m[0], sd[0])
	// Output:
	// MNIST training pixels: mean 0.1307, std 0.3081
	// test pixels after: mean 0.006018, std 1.008
}
