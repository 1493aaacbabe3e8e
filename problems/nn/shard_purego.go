// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !openblas

package nn

// mlpMinShard is the smallest number of examples a goroutine of an MLP
// workspace works on. With gonum's pure-Go kernels a batch of 64 is worth
// two goroutines.
const mlpMinShard = 16
