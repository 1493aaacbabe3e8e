// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dataset

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/goodorder/goodorder/internal/misuse"
)

// TestMisuse checks the edges of the package's API: bad data returns an
// error naming the value (or the file), a nil reader panics with its
// documented message.
func TestMisuse(t *testing.T) {
	dir := t.TempDir()
	// A CIFAR-10 folder whose first training file is a folder.
	withFolder := filepath.Join(dir, "folder")
	if err := os.MkdirAll(filepath.Join(withFolder, "data_batch_1.bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A CIFAR-10 folder of six empty files.
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"data_batch_1.bin", "data_batch_2.bin", "data_batch_3.bin", "data_batch_4.bin", "data_batch_5.bin", "test_batch.bin"} {
		if err := os.WriteFile(filepath.Join(empty, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A CIFAR-10 folder whose first training file is cut short.
	short := filepath.Join(dir, "short")
	if err := os.Mkdir(short, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(short, "data_batch_1.bin"), make([]byte, 3073+100), 0o644); err != nil {
		t.Fatal(err)
	}
	readIDX := func(in []byte) func() error {
		return func() error { _, _, err := ReadIDX(bytes.NewReader(in)); return err }
	}
	readImages := func(img, lab []byte) func() error {
		return func() error { _, err := ReadImages("tiny", bytes.NewReader(img), bytes.NewReader(lab)); return err }
	}
	loadCIFAR := func(dir string) func() error {
		return func() error { _, _, err := LoadCIFAR10(dir); return err }
	}
	validate := func(s *Set) func() error { return s.Validate }
	ok := &Set{Name: "ok", N: 1, C: 1, H: 1, W: 2, Classes: 2, Pixels: []float32{0, 1}, Labels: []uint8{1}}
	with := func(f func(s *Set)) *Set { s := *ok; s.Pixels = slices.Clone(ok.Pixels); f(&s); return &s }
	standardize := func(s *Set, mean, std []float64) func() error {
		return func() error { c := *s; c.Pixels = slices.Clone(s.Pixels); return c.Standardize(mean, std) }
	}
	nan := math.NaN()

	misuse.Run(t, []misuse.Case{
		// Nil readers are programmer misuse.
		{Name: "ReadIDX nil", Call: func() error { _, _, err := ReadIDX(nil); return err }, Panic: "dataset: nil reader"},
		{Name: "ReadImages nil", Call: func() error { _, err := ReadImages("x", nil, nil); return err }, Panic: "dataset: nil reader"},
		{Name: "ReadCIFAR10 nil", Call: func() error { _, err := ReadCIFAR10("x", nil); return err }, Panic: "dataset: nil reader"},

		// IDX.
		{Name: "ReadIDX 2^28+1 values", Call: readIDX(idx([]int{1<<28 + 1}, nil)), Err: "declare more than 268435456 values"},
		{Name: "ReadIDX gzip 2^14×2^14+", Call: readIDX(gz(idx([]int{1 << 14, 1<<14 + 1}, nil))), Err: "declare more than 268435456 values"},
		{Name: "ReadIDX rank 5", Call: readIDX([]byte{0, 0, 8, 5}), Err: "rank 5"},
		{Name: "ReadIDX type", Call: readIDX([]byte{0, 0, 0x0d, 1}), Err: "IDX data type 0x0d"},
		{Name: "ReadIDX truncated", Call: readIDX(idx([]int{4}, []byte{1, 2})), Err: "truncated at byte 2 of 4"},
		{Name: "ReadImages no images", Call: readImages(idx([]int{0, 2, 2}, nil), idx([]int{0}, nil)), Err: "dimensions [0 2 2], want at least one image"},
		{Name: "ReadImages label", Call: readImages(idx([]int{1, 1, 1}, []byte{0}), idx([]int{1}, []byte{10})), Err: "label 10 of image 0"},
		{Name: "LoadIDX missing", Call: func() error {
			_, err := LoadIDX("x", filepath.Join(dir, "nope"), filepath.Join(dir, "nope"))
			return err
		}, Err: filepath.Join(dir, "nope")},

		// CIFAR-10.
		{Name: "LoadCIFAR10 folder", Call: loadCIFAR(withFolder), Err: filepath.Join(withFolder, "data_batch_1.bin") + " is a folder"},
		{Name: "LoadCIFAR10 empty files", Call: loadCIFAR(empty), Err: "no records (file " + filepath.Join(empty, "data_batch_1.bin") + ")"},
		{Name: "LoadCIFAR10 wrong size", Call: loadCIFAR(short), Err: filepath.Join(short, "data_batch_1.bin") + " holds 3173 bytes, want a multiple of the 3073-byte record"},
		{Name: "CIFAR10Dir file", Call: func() error { _, err := CIFAR10Dir(filepath.Join(short, "data_batch_1.bin")); return err }, Err: filepath.Join(short, "data_batch_1.bin") + " is not a folder"},
		{Name: "CIFAR10Dir wrong size", Call: func() error { _, err := CIFAR10Dir(short); return err }, Err: filepath.Join(short, "data_batch_1.bin") + ": 3173 bytes, want a positive multiple of 3073"},
		{Name: "CIFAR10Dir missing file", Call: func() error { _, err := CIFAR10Dir(dir); return err }, Err: "CIFAR-10 folder " + dir + " has no file data_batch_1.bin"},
		{Name: "CIFAR10Dir folder as file", Call: func() error { _, err := CIFAR10Dir(withFolder); return err }, Err: "CIFAR-10 folder " + withFolder + " has no file data_batch_1.bin"},
		{Name: "LoadCIFAR10 missing", Call: loadCIFAR(filepath.Join(dir, "nope")), Err: filepath.Join(dir, "nope", "data_batch_1.bin")},
		{Name: "ReadCIFAR10 empty", Call: func() error { _, err := ReadCIFAR10("x", bytes.NewReader(nil)); return err }, Err: "x: no records"},
		{Name: "ReadCIFAR10 truncated", Call: func() error { _, err := ReadCIFAR10("x", bytes.NewReader(make([]byte, 100))); return err }, Err: "record 0 truncated at byte 100 of 3073"},
		{Name: "Load unknown", Call: func() error { _, _, err := Load("imagenet"); return err }, Err: `unknown data set "imagenet"`},

		// Sets.
		{Name: "Validate overflow", Call: validate(with(func(s *Set) { s.N, s.H, s.W = 1<<40, 1<<20, 1<<20 })), Err: "N·C·H·W = 1099511627776·1·1048576·1048576, which overflows int"},
		{Name: "Validate N<0", Call: validate(with(func(s *Set) { s.N = -1 })), Err: "N, C, H, W = -1, 1, 1, 2"},
		{Name: "Validate pixels", Call: validate(with(func(s *Set) { s.Pixels = s.Pixels[:1] })), Err: "1 pixel values, want N·C·H·W = 2"},
		{Name: "Validate classes", Call: validate(with(func(s *Set) { s.Classes = 300 })), Err: "300 classes"},
		{Name: "Validate label", Call: validate(with(func(s *Set) { s.Labels = []uint8{2} })), Err: "label 2 of image 0"},
		{Name: "Validate pixel NaN", Call: validate(with(func(s *Set) { s.Pixels = []float32{0, float32(math.NaN())} })), Err: "pixel value NaN at 1"},
		{Name: "Subset index", Call: func() error { _, err := ok.Subset([]int{0, 1}); return err }, Err: "subset entry 1 is image 1, want [0, 1)"},
		{Name: "Validate Mean length", Call: validate(with(func(s *Set) { s.Mean, s.Std = []float64{0, 0}, []float64{1} })), Err: "2 means and 1 deviations of its standardization, want 1"},
		{Name: "Validate standardized Inf", Call: validate(with(func(s *Set) {
			s.Mean, s.Std, s.Pixels = []float64{0}, []float64{1}, []float32{-2, float32(math.Inf(1))}
		})), Err: "standardized pixel value +Inf at 1"},

		// Standardize.
		{Name: "Standardize lengths", Call: standardize(ok, []float64{0, 0}, []float64{1}), Err: "2 means and 1 deviations, want 1 (one per channel)"},
		{Name: "Standardize mean NaN", Call: standardize(ok, []float64{nan}, []float64{1}), Err: "mean[0] = NaN, want a finite value"},
		{Name: "Standardize mean Inf", Call: standardize(ok, []float64{math.Inf(-1)}, []float64{1}), Err: "mean[0] = -Inf"},
		{Name: "Standardize std 0", Call: standardize(ok, []float64{0}, []float64{0}), Err: "std[0] = 0, want a finite value above 0"},
		{Name: "Standardize std -1", Call: standardize(ok, []float64{0}, []float64{-1}), Err: "std[0] = -1"},
		{Name: "Standardize std NaN", Call: standardize(ok, []float64{0}, []float64{nan}), Err: "std[0] = NaN"},
		{Name: "Standardize std Inf", Call: standardize(ok, []float64{0}, []float64{math.Inf(1)}), Err: "std[0] = +Inf"},
		{Name: "Standardize overflow", Call: standardize(ok, []float64{0}, []float64{1e-300}), Err: "takes pixel value 1 to 1e+300, beyond float32"},
		{Name: "Standardize pixel NaN", Call: standardize(with(func(s *Set) { s.Pixels = []float32{0, float32(nan)} }), []float64{0}, []float64{1}), Err: "pixel value NaN at 1"},
		{Name: "Standardize twice", Call: standardize(with(func(s *Set) { s.Mean, s.Std = []float64{0.5}, []float64{2} }), []float64{0}, []float64{1}),
			Err: "already standardized (mean [0.5], std [2])"},
	})
}
