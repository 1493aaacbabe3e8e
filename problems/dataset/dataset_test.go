// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dataset

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// idx encodes data as an IDX file of unsigned bytes with the given dims.
func idx(dims []int, data []byte) []byte {
	var b bytes.Buffer
	b.Write([]byte{0, 0, 0x08, byte(len(dims))})
	for _, d := range dims {
		binary.Write(&b, binary.BigEndian, uint32(d))
	}
	b.Write(data)
	return b.Bytes()
}

func gz(b []byte) []byte {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

func TestReadIDX(t *testing.T) {
	data := []byte{0, 1, 2, 3, 4, 255}
	plain := idx([]int{2, 1, 3}, data)
	for _, in := range [][]byte{plain, gz(plain)} {
		dims, got, err := ReadIDX(bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(dims, []int{2, 1, 3}) || !bytes.Equal(got, data) {
			t.Errorf("ReadIDX = %v, %v; want [2 1 3], %v", dims, got, data)
		}
	}
	for _, test := range []struct {
		name string
		in   []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte{1, 0, 8, 1, 0, 0, 0, 1}, 0)},
		{"float data", append([]byte{0, 0, 0x0d, 1, 0, 0, 0, 1}, 0, 0, 0, 0)},
		{"rank 0", []byte{0, 0, 8, 0}},
		{"rank 5", []byte{0, 0, 8, 5}},
		{"short header", []byte{0, 0, 8, 2, 0, 0, 0, 2}},
		{"truncated data", idx([]int{4}, []byte{1, 2})},
		{"huge declared size", idx([]int{1 << 30, 1 << 30}, nil)},
		{"bad gzip", []byte{0x1f, 0x8b, 0, 0}},
	} {
		if _, _, err := ReadIDX(bytes.NewReader(test.in)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: err = %v, want ErrFormat", test.name, err)
		}
	}
}

func TestReadImages(t *testing.T) {
	img := idx([]int{2, 2, 2}, []byte{0, 255, 51, 102, 1, 2, 3, 4})
	s, err := ReadImages("tiny", bytes.NewReader(img), bytes.NewReader(idx([]int{2}, []byte{7, 9})))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if s.N != 2 || s.Dim() != 4 || s.Image(0)[1] != 1 || s.Image(0)[2] != 0.2 || !slices.Equal(s.Labels, []uint8{7, 9}) {
		t.Errorf("set %+v", s)
	}
	if _, err := ReadImages("tiny", bytes.NewReader(img), bytes.NewReader(idx([]int{3}, []byte{1, 2, 3}))); !errors.Is(err, ErrFormat) {
		t.Errorf("3 labels for 2 images: err = %v, want ErrFormat", err)
	}
	if _, err := ReadImages("tiny", bytes.NewReader(img), bytes.NewReader(idx([]int{2}, []byte{1, 10}))); !errors.Is(err, ErrFormat) {
		t.Errorf("label 10: err = %v, want ErrFormat", err)
	}
	if _, err := ReadImages("tiny", bytes.NewReader(idx([]int{8}, make([]byte, 8))), bytes.NewReader(idx([]int{8}, make([]byte, 8)))); !errors.Is(err, ErrFormat) {
		t.Errorf("rank-1 images: err = %v, want ErrFormat", err)
	}
}

func TestSubset(t *testing.T) {
	s := &Set{Name: "s", N: 3, C: 1, H: 1, W: 2, Classes: 3, Pixels: []float32{0, 0.1, 0.2, 0.3, 0.4, 0.5}, Labels: []uint8{0, 1, 2}}
	sub, err := s.Subset([]int{2, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sub.Pixels, []float32{0.4, 0.5, 0, 0.1, 0.4, 0.5}) || !slices.Equal(sub.Labels, []uint8{2, 0, 2}) || sub.N != 3 {
		t.Errorf("subset %+v", sub)
	}
	sub.Pixels[0] = 1
	if s.Pixels[4] != 0.4 {
		t.Error("Subset shares its pixels with the set")
	}
	if !slices.Equal(s.ClassCounts(), []int{1, 1, 1}) {
		t.Errorf("ClassCounts = %v", s.ClassCounts())
	}
	if _, err := s.Subset([]int{3}); err == nil {
		t.Error("Subset([3]) of 3 images: no error")
	}
}

// cifarRecords returns n CIFAR-10 records with labels i%10 and pixel bytes
// i+j.
func cifarRecords(n int) []byte {
	var b []byte
	for i := range n {
		b = append(b, byte(i%10))
		for j := range 3 * 32 * 32 {
			b = append(b, byte(i+j))
		}
	}
	return b
}

func TestCIFAR10(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 5; i++ {
		if err := os.WriteFile(filepath.Join(dir, "data_batch_"+string(rune('0'+i))+".bin"), cifarRecords(i), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "test_batch.bin"), cifarRecords(3), 0o644); err != nil {
		t.Fatal(err)
	}
	train, test, err := Load("cifar10:" + dir)
	if err != nil {
		t.Fatal(err)
	}
	if train.N != 15 || test.N != 3 || train.Dim() != 3072 {
		t.Fatalf("N = %d, %d, dim %d; want 15, 3, 3072", train.N, test.N, train.Dim())
	}
	for _, s := range []*Set{train, test} {
		if err := s.Validate(); err != nil {
			t.Error(err)
		}
	}
	// Test image 2: label 2, pixel j (red plane first) = byte(2+j)/255.
	if test.Labels[2] != 2 || test.Image(2)[1024] != float32((2+1024)%256)/255 {
		t.Errorf("test image 2: label %d, first green pixel %v", test.Labels[2], test.Image(2)[1024])
	}
	if _, err := ReadCIFAR10("cut", bytes.NewReader(cifarRecords(2)[:5000])); !errors.Is(err, ErrFormat) {
		t.Errorf("truncated record: err = %v, want ErrFormat", err)
	}
	bad := cifarRecords(1)
	bad[0] = 10
	if _, err := ReadCIFAR10("bad", bytes.NewReader(bad)); !errors.Is(err, ErrFormat) {
		t.Errorf("label 10: err = %v, want ErrFormat", err)
	}
	if _, _, err := LoadCIFAR10(t.TempDir()); err == nil {
		t.Error("empty folder: no error")
	}
	// CIFAR10Dir finds the files in dir, and in the archive's folder below
	// the parent, where LoadCIFAR10 reads them.
	if got, err := CIFAR10Dir(dir); err != nil || got != dir {
		t.Errorf("CIFAR10Dir(%s) = %q, %v; want the folder itself", dir, got, err)
	}
	parent := t.TempDir()
	if err := os.Rename(dir, filepath.Join(parent, "cifar-10-batches-bin")); err != nil {
		t.Fatal(err)
	}
	if got, err := CIFAR10Dir(parent); err != nil || got != filepath.Join(parent, "cifar-10-batches-bin") {
		t.Errorf("CIFAR10Dir(%s) = %q, %v; want its cifar-10-batches-bin", parent, got, err)
	}
	if train, _, err := LoadCIFAR10(parent); err != nil || train.N != 15 {
		t.Errorf("LoadCIFAR10 of the parent: %v", err)
	}
	// A file whose size is not a whole number of records is found before
	// any reading: the error names it and its size.
	sub := filepath.Join(parent, "cifar-10-batches-bin")
	for _, size := range []int{10, 0, cifarRecord + 1} {
		name := filepath.Join(sub, "data_batch_1.bin")
		if err := os.WriteFile(name, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := CIFAR10Dir(sub); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), name) {
			t.Errorf("data_batch_1.bin of %d bytes: err = %v, want ErrFormat naming it", size, err)
		}
	}
}

func TestLoadUnknown(t *testing.T) {
	if _, _, err := Load("imagenet"); err == nil {
		t.Error("Load(imagenet): no error")
	}
	if _, _, err := Files("imagenet"); err == nil {
		t.Error("Files(imagenet): no error")
	}
}

// TestFiles checks that Files names the folder and the files Load reads:
// the environment's MNIST and Fashion-MNIST folders and a CIFAR-10
// folder, and the error of the Dir function for a folder without them.
func TestFiles(t *testing.T) {
	mnist, fashion, cifar := t.TempDir(), t.TempDir(), t.TempDir()
	for _, f := range MNISTFiles() {
		for _, d := range []string{mnist, fashion} {
			if err := os.WriteFile(filepath.Join(d, f), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, f := range CIFAR10Files() {
		if err := os.WriteFile(filepath.Join(cifar, f), cifarRecords(1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOODORDER_MNIST_DIR", mnist)
	t.Setenv("GOODORDER_FASHION_MNIST_DIR", fashion)
	for _, test := range []struct {
		name, dir string
		files     []string
	}{
		{"mnist", mnist, MNISTFiles()},
		{"fashion-mnist", fashion, MNISTFiles()},
		{"cifar10:" + cifar, cifar, CIFAR10Files()},
	} {
		dir, files, err := Files(test.name)
		if err != nil || dir != test.dir || !slices.Equal(files, test.files) {
			t.Errorf("Files(%q) = %s, %q, %v; want %s, %q", test.name, dir, files, err, test.dir, test.files)
		}
	}
	t.Setenv("GOODORDER_MNIST_DIR", t.TempDir())
	if _, _, err := Files("mnist"); !errors.Is(err, ErrNotInstalled) {
		t.Errorf("Files(mnist) of an empty folder: %v, want ErrNotInstalled", err)
	}
}

// The class counts of MNIST, from the canonical files (LeCun, Cortes and
// Burges, http://yann.lecun.com/exdb/mnist/).
var (
	mnistTrainCounts = []int{5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949}
	mnistTestCounts  = []int{980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009}
)

func TestMNIST(t *testing.T) {
	train, test, err := MNIST()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s      *Set
		n      int
		counts []int
	}{{train, 60000, mnistTrainCounts}, {test, 10000, mnistTestCounts}} {
		if c.s.N != c.n || c.s.H != 28 || c.s.W != 28 || c.s.C != 1 {
			t.Errorf("%s: %d images of %d×%d×%d", c.s.Name, c.s.N, c.s.C, c.s.H, c.s.W)
		}
		if got := c.s.ClassCounts(); !slices.Equal(got, c.counts) {
			t.Errorf("%s: class counts %v, want %v", c.s.Name, got, c.counts)
		}
		if err := c.s.Validate(); err != nil {
			t.Error(err)
		}
	}
	// The first training digit of MNIST is a 5 and the first test digit a 7.
	if train.Labels[0] != 5 || test.Labels[0] != 7 {
		t.Errorf("first labels %d, %d; want 5, 7", train.Labels[0], test.Labels[0])
	}
}

func TestFashionMNIST(t *testing.T) {
	train, test, err := FashionMNIST()
	if errors.Is(err, ErrNotInstalled) {
		t.Skip(err)
	}
	if err != nil && strings.Count(err.Error(), "dataset:") > 1 {
		t.Errorf("error %q repeats dataset:", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s   *Set
		per int
	}{{train, 6000}, {test, 1000}} {
		for k, n := range c.s.ClassCounts() {
			if n != c.per {
				t.Errorf("%s: class %d has %d images, want %d", c.s.Name, k, n, c.per)
			}
		}
		if c.s.H != 28 || c.s.W != 28 {
			t.Errorf("%s: %d×%d images", c.s.Name, c.s.H, c.s.W)
		}
	}
}

func TestMNISTDirEnv(t *testing.T) {
	t.Setenv("GOODORDER_MNIST_DIR", t.TempDir())
	if _, err := MNISTDir(); !errors.Is(err, ErrNotInstalled) {
		t.Errorf("empty GOODORDER_MNIST_DIR: err = %v, want ErrNotInstalled", err)
	}
	t.Setenv("GOODORDER_FASHION_MNIST_DIR", t.TempDir())
	_, _, err := FashionMNIST()
	if !errors.Is(err, ErrNotInstalled) {
		t.Errorf("empty GOODORDER_FASHION_MNIST_DIR: err = %v, want ErrNotInstalled", err)
	}
	// The message TestFashionMNIST skips with names the package once.
	if err != nil && strings.Count(err.Error(), "dataset:") != 1 {
		t.Errorf("error %q does not say dataset: once", err)
	}
}

// TestReadIDXInflation checks that ReadIDX decompresses no more than its
// header declares: a gzip stream of a header declaring 10^6 bytes followed
// by up to 1 GiB of zeros (deflate packs zeros about a thousandfold, so
// the compressed stream is about 1 MB) must cost about the declared size,
// not the gigabyte. The stream is made as it is read; only what ReadIDX
// pulls is ever inflated, plus what the buffers between hold (4 KiB of
// compressed input, a few MiB of zeros).
func TestReadIDXInflation(t *testing.T) {
	pr, pw := io.Pipe()
	var made atomic.Int64
	go func() {
		zw := gzip.NewWriter(pw)
		if _, err := zw.Write(idx([]int{1000, 1000}, nil)); err != nil {
			return
		}
		zeros := make([]byte, 1<<16)
		for made.Load() < 1<<30 {
			n, err := zw.Write(zeros)
			made.Add(int64(n))
			if err != nil {
				return
			}
		}
		pw.CloseWithError(zw.Close())
	}()
	dims, data, err := ReadIDX(pr)
	pr.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(dims, []int{1000, 1000}) || len(data) != 1e6 {
		t.Fatalf("dims %v, %d bytes; want [1000 1000], 10^6", dims, len(data))
	}
	if n := made.Load(); n > 64<<20 {
		t.Errorf("ReadIDX inflated %d bytes of a stream whose header declares 10^6", n)
	}
}

func FuzzReadIDX(f *testing.F) {
	f.Add(idx([]int{2, 2, 2}, []byte{1, 2, 3, 4, 5, 6, 7, 8}))
	f.Add(gz(idx([]int{3}, []byte{1, 2, 3})))
	f.Add(idx([]int{4}, []byte{1}))
	f.Add([]byte{0, 0, 8, 3, 255, 255, 255, 255})
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, in []byte) {
		dims, data, err := ReadIDX(bytes.NewReader(in))
		if err != nil {
			return
		}
		n := 1
		for _, d := range dims {
			n *= d
		}
		if len(data) != n {
			t.Fatalf("dims %v but %d bytes", dims, len(data))
		}
		if len(in) < 1000 && len(data) > 1<<20 && !bytes.HasPrefix(in, gzipMagic) {
			t.Fatalf("%d input bytes gave %d data bytes", len(in), len(data))
		}
	})
}

func FuzzReadCIFAR10(f *testing.F) {
	f.Add(cifarRecords(1))
	f.Add(cifarRecords(2)[:4000])
	f.Add([]byte{11})
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := ReadCIFAR10("fuzz", bytes.NewReader(in))
		if err != nil {
			return
		}
		if s.N != len(in)/cifarRecord || len(in)%cifarRecord != 0 {
			t.Fatalf("%d bytes gave %d images", len(in), s.N)
		}
		if err := s.Validate(); err != nil && s.N > 0 {
			t.Fatal(err)
		}
	})
}

func BenchmarkMNIST(b *testing.B) {
	for b.Loop() {
		if _, _, err := MNIST(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestChannelStats(t *testing.T) {
	nan := math.NaN()
	for _, test := range []struct {
		name       string
		n, c, h, w int
		pix        []float32
		mean, std  []float64 // by hand
	}{
		{"one channel", 2, 1, 1, 2, []float32{0, 1, 0, 1}, []float64{0.5}, []float64{0.5}},
		{"two channels", 1, 2, 1, 2, []float32{0.25, 0.75, 1, 1}, []float64{0.5, 1}, []float64{0.25, 0}},
		{"three channels", 2, 3, 1, 1, []float32{0, 0.5, 1, 1, 0.5, 0}, []float64{0.5, 0.5, 0.5}, []float64{0.5, 0, 0.5}},
		{"no images", 0, 2, 2, 2, nil, []float64{nan, nan}, []float64{nan, nan}},
	} {
		s := &Set{Name: test.name, N: test.n, C: test.c, H: test.h, W: test.w, Classes: 1, Pixels: test.pix, Labels: make([]uint8, test.n)}
		mean, std := s.ChannelStats()
		// The values are binary fractions: the sums are exact.
		if !slices.EqualFunc(mean, test.mean, same) || !slices.EqualFunc(std, test.std, same) {
			t.Errorf("%s: ChannelStats = %v, %v; want %v, %v", test.name, mean, std, test.mean, test.std)
		}
	}
}

// same reports whether a and b are equal or both NaN.
func same(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }

func TestStandardize(t *testing.T) {
	for _, test := range []struct {
		name      string
		c         int
		pix       []float32
		mean, std []float64
		want      []float32 // by hand
	}{
		{"one channel", 1, []float32{0, 0.5, 1, 0.25}, []float64{0.5}, []float64{0.25}, []float32{-2, 0, 2, -1}},
		{"two channels", 2, []float32{0, 1, 0.5, 0.5}, []float64{0, 0.5}, []float64{1, 0.5}, []float32{0, 1, 0, 0}},
		{"identity", 1, []float32{0.3, 0.7}, []float64{0}, []float64{1}, []float32{0.3, 0.7}},
	} {
		n := len(test.pix) / (2 * test.c)
		s := &Set{Name: test.name, N: n, C: test.c, H: 1, W: 2, Classes: 1, Pixels: slices.Clone(test.pix), Labels: make([]uint8, n)}
		if err := s.Standardize(test.mean, test.std); err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		if !slices.Equal(s.Pixels, test.want) {
			t.Errorf("%s: pixels %v, want %v", test.name, s.Pixels, test.want)
		}
		if !slices.Equal(s.Mean, test.mean) || !slices.Equal(s.Std, test.std) {
			t.Errorf("%s: Mean, Std = %v, %v; want %v, %v", test.name, s.Mean, s.Std, test.mean, test.std)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%s: Validate: %v", test.name, err)
		}
		sub, _ := s.Subset([]int{0})
		if !slices.Equal(sub.Mean, s.Mean) || !slices.Equal(sub.Std, s.Std) {
			t.Errorf("%s: Subset has Mean, Std = %v, %v; want %v, %v", test.name, sub.Mean, sub.Std, s.Mean, s.Std)
		}
		if err := s.Standardize(test.mean, test.std); err == nil {
			t.Errorf("%s: second Standardize: no error", test.name)
		}
	}

	// With its own statistics a set comes out with mean 0 and deviation 1
	// per channel, up to float32 rounding of the pixels (relative 6e-8).
	s := &Set{Name: "random", N: 50, C: 3, H: 4, W: 5, Classes: 1}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range s.N * s.Dim() {
		s.Pixels = append(s.Pixels, rnd.Float32())
	}
	s.Labels = make([]uint8, s.N)
	if err := s.Standardize(s.ChannelStats()); err != nil {
		t.Fatal(err)
	}
	mean, std := s.ChannelStats()
	for c := range mean {
		if math.Abs(mean[c]) > 1e-6 || math.Abs(std[c]-1) > 1e-6 {
			t.Errorf("channel %d after Standardize: mean %v, std %v; want 0, 1", c, mean[c], std[c])
		}
	}

	// An error leaves the set as it was.
	s = &Set{Name: "inf", N: 1, C: 1, H: 1, W: 2, Classes: 1, Pixels: []float32{0, 1}, Labels: []uint8{0}}
	if err := s.Standardize([]float64{0}, []float64{1e-300}); err == nil || !slices.Equal(s.Pixels, []float32{0, 1}) || s.Mean != nil {
		t.Errorf("Standardize to beyond float32: err %v, pixels %v, Mean %v; want an error and no change", err, s.Pixels, s.Mean)
	}
}
