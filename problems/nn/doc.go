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
// One epoch at batch 64 (938 steps) against Debian's PyTorch 1.13 on the
// CPU at its best thread count, measured in one run on the quiet 2-core
// machine (make bench-nn):
//
//	                          MLP 784-128-10       CNN
//	pure Go (gonum blas32)    1.80 s  2.63 ×       16.3 s  3.89 ×
//	OpenBLAS (-tags openblas) 0.49 s  0.72 ×        6.2 s  1.47 ×
//	PyTorch, 1 thread         0.68 s                4.2 s
//	PyTorch, 2 threads        3.46 s                7.1 s
//
// In pure Go 80% of an MLP epoch is gonum's SSE float32 kernels; with
// OpenBLAS an MLP batch below 128 runs on one goroutine (two shards cost
// more than they save). The CNN's per-example im2col, col2im and pooling
// take more of its time than its BLAS calls.
//
// The openblas build tag (cgo, Debian libopenblas-dev) routes every BLAS
// call of the module to OpenBLAS (see package ordering); the default is
// pure Go.
package nn
