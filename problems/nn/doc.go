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
// would bias its statistics). CNN is a small convolutional network, also
// without batch norm, sized for MNIST by default and for CIFAR-10 by
// CIFARConfig. DeepCNN is a deeper one closer to the paper's ResNet-18
// without batch norm: stages of 3×3 convolutions (16, 32 and 64 filters,
// two per stage by default) with max pooling between them, global average
// pooling, optional identity skips; it takes 22 times the CNN's
// multiply-adds per image (MulAdds). Workspaces compute in float32 and split a batch between
// two goroutines in a fixed way, summing their gradients in a fixed
// order, so that results are bit-identical whatever GOMAXPROCS is.
// NewMLPWorkspace32 gives an MLPWorkspace32, the MLP in float32 end to
// end for a loop that keeps float32 weights (no conversion of the weights
// or the gradient), whose ExampleGrads gives each example's own gradient
// in turn, for an order of examples that observes them.
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
// CPU at its best thread count, measured in one run of make bench-nn on
// the quiet 2-core machine:
//
//	                          MLP 784-128-10       CNN
//	pure Go (gonum blas32)    1.30 s  1.99 ×       4.47 s  1.23 ×
//	OpenBLAS (-tags openblas) 0.41 s  0.63 ×       1.31 s  0.36 ×
//	PyTorch, 1 thread         0.65 s               3.63 s
//	PyTorch, 2 threads        1.63 s               7.40 s
//
// An epoch of CIFARConfig's CNN over CIFAR-10's 50,000 training images
// took 6.24 s in pure Go (1.22 ×) and 1.72 s with OpenBLAS (0.34 ×)
// against PyTorch's 5.11 s on one thread (BenchmarkCIFARCNNEpoch and
// scripts/torch_cnn.py --cifar, one run, quiet). The epoch benchmarks also
// report the CPU seconds of an epoch: the Go networks use both cores,
// PyTorch is fastest on one.
//
// In pure Go 80% of an MLP epoch is gonum's SSE float32 kernels; with
// OpenBLAS an MLP batch below 128 runs on one goroutine (two shards cost
// more than they save). A CNN goroutine runs its half batch through each
// layer at once, forming the im2col matrix in blocks that stay in the
// cache; with OpenBLAS about 40% of its CPU time is in BLAS and the rest
// in pooling, im2col, col2im and transposes, in pure Go 80% is in gonum's
// assembly axpy and dot products.
//
// DeepCNN's epochs (BenchmarkDeepCNNEpoch, BenchmarkCIFARDeepCNNEpoch)
// are compared with PyTorch by scripts/torch_cnn.py --deep [--cifar] in
// make bench-nn; they are not measured yet.
//
// The openblas build tag (cgo, Debian libopenblas-dev) routes every BLAS
// call of the module to OpenBLAS (see package ordering); the default is
// pure Go.
package nn
