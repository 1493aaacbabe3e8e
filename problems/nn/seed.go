// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

// Second words of the PCG seeds of the networks' initialisations ("mlp",
// "cnn", "dcnn" in ASCII), so that a network and an order seeded with the
// same number draw unrelated streams. They are the package's only stream
// constants.
const (
	mlpStream  = 0x6d6c70
	cnnStream  = 0x636e6e
	deepStream = 0x64636e6e
)
