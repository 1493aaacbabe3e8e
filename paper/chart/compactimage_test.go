// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package chart

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestCompactFile(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 945, 500))
	for y := 0; y < 500; y++ {
		for x := 0; x < 945; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	var in bytes.Buffer
	if err := png.Encode(&in, img); err != nil {
		t.Fatal(err)
	}
	out, err := CompactFile(in.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if r := got.Bounds(); r.Dx() != 567 || r.Dy() != 300 {
		t.Errorf("compacted to %v, want 567×300", r)
	}
	if _, ok := got.(*image.Paletted); !ok {
		t.Errorf("compacted image is a %T, want paletted", got)
	}
	again, err := CompactFile(in.Bytes())
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("compacting twice gave other bytes (%v)", err)
	}
	if _, err := CompactFile([]byte("not a png")); err == nil {
		t.Error("CompactFile of a text: no error")
	}
}
