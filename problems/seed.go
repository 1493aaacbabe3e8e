// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package problems

// Second words of the PCG seeds of the problems that draw ("heter",
// "blobs" in ASCII), so that a problem and an order seeded with the same
// number draw unrelated streams. They are the package's only stream
// constants.
const (
	heteroStream = 0x6865746572 // NewHeteroQuadratic's b̄
	blobsStream  = 0x626c6f6273 // TwoBlobs's points
)
