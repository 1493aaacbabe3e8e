// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build openblas

package nn

// mlpMinShard is the smallest number of examples a goroutine of an MLP
// workspace works on. OpenBLAS takes a batch of 64 through the MLP in
// about 0.3 ms, too little to pay for a second goroutine and the sum of
// two gradients: BenchmarkMLPEpoch measured 0.39 to 0.40 s per epoch with
// one shard against 0.48 to 0.49 s with two running at once (0.40 against
// 0.65 CPU seconds). Batches from 128 up are split.
const mlpMinShard = 64
