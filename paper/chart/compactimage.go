// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"golang.org/x/image/draw"
)

// CompactFile is a chart's PNG file (as WriteAll writes it into figures/)
// made compact as CompactPNG makes a chart: scaled to the width of a
// notebook's output area (the width CompactDPI gives a 16 cm chart) if it
// is wider, and reduced to its 256 most frequent colours. Notebooks use it
// to show a committed chart whose data they do not hold.
func CompactFile(b []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("chart: compacting a PNG file: %w", err)
	}
	const width = 567 // 16 cm at CompactDPI
	if r := img.Bounds(); r.Dx() > width {
		h := (r.Dy()*width + r.Dx()/2) / r.Dx()
		dst := image.NewRGBA(image.Rect(0, 0, width, h))
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, r, draw.Src, nil)
		img = dst
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, paletted(img)); err != nil {
		return nil, fmt.Errorf("chart: compacting a PNG file: %w", err)
	}
	return buf.Bytes(), nil
}
