// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package nn holds small neural networks written on gonum's BLAS, for the
// real-data experiments of goodorder (the paper's Table 1): classifiers
// whose parameters are one flat float64 vector, as package ordering
// works with, and whose batch gradients the greedy order chooser can ask
// for at any point.
//
// # Networks
//
// A Net describes an architecture and its parameter layout; a Workspace
// evaluates it: LossGrad gives the mean cross-entropy of a batch and its
// gradient, Score the loss and the number of correct predictions, Predict
// the classes. MLP is a multilayer perceptron with ReLU and no batch
// normalisation (the paper drops batch norm because same-class batches
// would bias its statistics). Workspaces compute in float32 and split a
// batch between two goroutines in a fixed way, summing their gradients in
// a fixed order, so that results are bit-identical whatever GOMAXPROCS is.
//
// # Limits
//
// A network too large to allocate would kill the process at its first use
// with an out-of-memory error no recover can catch, so the constructors
// refuse it up front, with an error naming the sizes: at most 2^27
// parameters (a 1 GiB parameter vector) and, per goroutine, workspace
// buffers of at most 2^28 values (1 GiB of float32). Data from outside is
// checked with CheckExamples (NewBatchProblem and Evaluate do it, and return
// its error); the workspaces panic on data that fails it.
//
// # Problems
//
// BatchProblem turns fixed minibatches of a data set into an
// ordering.Problem whose components are the batches, the setting of
// same-class batching: ordering.Run then trains the network with any
// orderer (RR, Greedy, ...), with Settings.Momentum for SGD with momentum.
//
// # Speed
//
// One epoch of the MLP 784-128-10 at batch 64 (938 steps), against Debian's
// PyTorch 1.13 on the CPU with 2 threads, measured one after the other on
// the 2-core machine:
//
//	go test ./problems/nn -run '^$' -bench 'MLPEpoch$' -benchtime 3x && \
//	  /usr/bin/python3 scripts/torch_mlp.py --epochs 5 && \
//	  go test -tags openblas ./problems/nn -run '^$' -bench 'MLPEpoch$' -benchtime 3x
//
//	pure Go (gonum blas32)   1.58 s/epoch   0.89 × PyTorch's time
//	PyTorch 1.13, 2 threads  1.79 s/epoch
//	OpenBLAS (-tags openblas) 0.48 s/epoch  0.27 × PyTorch's time
//
// The openblas build tag (cgo, Debian libopenblas-dev) routes every BLAS
// call of the module to OpenBLAS; the default is pure Go.
package nn
