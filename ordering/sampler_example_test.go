// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering_test

import (
	"fmt"
	"log"
	"math/rand/v2"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems/nn"
)

// sortedBlobs returns n examples of dim values in classes classes, sorted
// by class (so that fixed batches of consecutive examples hold one class,
// the paper's same-class batches): class c lifts the values j ≡ c mod
// classes.
func sortedBlobs(n, dim, classes int, seed uint64) ([]float32, []uint8) {
	rnd := rand.New(rand.NewPCG(seed, 1))
	x, y := make([]float32, n*dim), make([]uint8, n)
	for i := range y {
		c := i * classes / n
		y[i] = uint8(c)
		for j := range dim {
			v := rnd.Float64()
			if j%classes == c {
				v += 0.25
			}
			x[i*dim+j] = float32(v)
		}
	}
	return x, y
}

// ExampleSampler trains the nn package's MLP in a plain Go loop, its own
// network, gradients and steps, with no ordering.Run: the sampler orders
// 32 fixed batches of 8 examples (one class each) from the batch
// gradients the loop computes anyway. Halfway through, the loop saves the
// sampler and the weights (a checkpoint) and resumes from them in a new
// sampler, which continues with the same orders bit for bit.
func ExampleSampler() {
	const examples, features, classes, batch, epochs = 256, 16, 4, 8, 6
	x, y := sortedBlobs(examples, features, classes, 1)
	net, err := nn.NewMLP(features, 32, classes)
	if err != nil {
		log.Fatal(err)
	}
	n := examples / batch // the sampler's components: batch b holds examples 8b..8b+7
	for _, o := range []struct {
		name string
		make func() (ordering.Orderer, error)
	}{
		{"RR", func() (ordering.Orderer, error) { return ordering.NewRR(n, 1) }},
		{"mean balance", func() (ordering.Orderer, error) { return ordering.NewMeanBalance(n, ordering.BalanceSettings{Seed: 1}) }},
		{"pair balance", func() (ordering.Orderer, error) { return ordering.NewPairBalance(n, ordering.BalanceSettings{Seed: 1}) }},
		{"stale greedy", func() (ordering.Orderer, error) { return &ordering.StaleGreedy{}, nil }},
	} {
		newSampler := func() *ordering.Sampler {
			ord, err := o.make()
			if err != nil {
				log.Fatal(err)
			}
			s, err := ordering.NewSampler(ord, n)
			if err != nil {
				log.Fatal(err)
			}
			return s
		}
		s := newSampler()
		w := make([]float64, net.NumParams())
		net.Init(w, 1)
		ws := net.NewWorkspace(batch)
		g := make([]float64, len(w))
		var seq []int
		for epoch := range epochs {
			if epoch == epochs/2 {
				// A checkpoint: save the sampler (and the weights), then
				// resume from it in a new sampler of a new orderer.
				state, err := s.MarshalBinary()
				if err != nil {
					log.Fatal(err)
				}
				s = newSampler()
				if err := s.UnmarshalBinary(state); err != nil {
					log.Fatal(err)
				}
			}
			if seq, err = s.Next(seq); err != nil {
				log.Fatal(err)
			}
			for k, b := range seq {
				lo, hi := b*batch, (b+1)*batch
				ws.LossGrad(g, w, x[lo*features:hi*features], y[lo:hi])
				if err := s.ObserveAt(k, g); err != nil { // the gradient at position k, of batch b
					log.Fatal(err)
				}
				for j, v := range g {
					w[j] -= 0.1 * v
				}
			}
		}
		acc, loss, err := nn.Evaluate(net, w, x, y)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-12s last order starts %v: loss %.4g, accuracy %.3g\n", o.name, seq[:4], loss, acc)
	}
	// Output:
	// RR           last order starts [11 21 30 26]: loss 1.034, accuracy 0.555
	// mean balance last order starts [19 13 27 7]: loss 0.9262, accuracy 0.605
	// pair balance last order starts [19 15 0 27]: loss 0.8805, accuracy 0.695
	// stale greedy last order starts [1 27 8 17]: loss 0.8924, accuracy 0.715
}
