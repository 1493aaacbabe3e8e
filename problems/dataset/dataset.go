// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dataset

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Set is a labelled image set held in memory.
type Set struct {
	// Name names the set, such as "mnist-train".
	Name string
	// N is the number of images, each of C channels of H×W pixels.
	N, C, H, W int
	// Classes is the number of labels.
	Classes int
	// Pixels holds N·C·H·W values, in [0, 1] as loaded (the stored
	// byte / 255); Standardize maps them to about zero mean and unit
	// variance per channel. Image i is Pixels[i·D : (i+1)·D] with
	// D = C·H·W, channel-major (channel, row, column).
	Pixels []float32
	// Labels holds N labels in [0, Classes).
	Labels []uint8
	// Mean and Std are nil as loaded. Standardize sets them to the C
	// values per channel it subtracted and divided by.
	Mean, Std []float64
}

// ErrFormat is returned, wrapped, for data that is not in the expected
// format: a bad magic number, inconsistent sizes, a truncated file or a
// label out of range.
var ErrFormat = errors.New("dataset: bad format")

// ErrNotInstalled is returned, wrapped, when a data set is not on this
// machine.
var ErrNotInstalled = errors.New("dataset: not installed")

// Dim returns C·H·W, the number of values of an image.
func (s *Set) Dim() int { return s.C * s.H * s.W }

// Image returns the pixels of image i, a view into Pixels.
func (s *Set) Image(i int) []float32 {
	d := s.Dim()
	return s.Pixels[i*d : (i+1)*d : (i+1)*d]
}

// Subset returns a copy of the images listed in idx, in that order, named
// after s. It returns an error if an index is outside [0, N).
func (s *Set) Subset(idx []int) (*Set, error) {
	d := s.Dim()
	sub := &Set{Name: fmt.Sprintf("%s[%d]", s.Name, len(idx)), N: len(idx), C: s.C, H: s.H, W: s.W, Classes: s.Classes,
		Pixels: make([]float32, 0, len(idx)*d), Labels: make([]uint8, 0, len(idx)),
		Mean: slices.Clone(s.Mean), Std: slices.Clone(s.Std)}
	for k, i := range idx {
		if i < 0 || i >= s.N {
			return nil, fmt.Errorf("dataset: subset entry %d is image %d, want [0, %d)", k, i, s.N)
		}
		sub.Pixels = append(sub.Pixels, s.Image(i)...)
		sub.Labels = append(sub.Labels, s.Labels[i])
	}
	return sub, nil
}

// ClassCounts returns the number of images of each class.
func (s *Set) ClassCounts() []int {
	c := make([]int, s.Classes)
	for _, l := range s.Labels {
		if int(l) < len(c) {
			c[l]++
		}
	}
	return c
}

// Validate returns an error if the sizes of s disagree or their product
// N·C·H·W overflows int, a label is out of range, or a pixel is outside
// [0, 1] (not finite, for a set that Standardize changed, whose Mean and
// Std must hold C values).
func (s *Set) Validate() error {
	switch {
	case s.N < 0 || s.C < 1 || s.H < 1 || s.W < 1:
		return fmt.Errorf("%w: %s has N, C, H, W = %d, %d, %d, %d", ErrFormat, s.Name, s.N, s.C, s.H, s.W)
	case !productFits(s.N, s.C, s.H, s.W):
		return fmt.Errorf("%w: %s has N·C·H·W = %d·%d·%d·%d, which overflows int", ErrFormat, s.Name, s.N, s.C, s.H, s.W)
	case s.Classes < 1 || s.Classes > 256:
		return fmt.Errorf("%w: %s has %d classes, want 1 to 256", ErrFormat, s.Name, s.Classes)
	case len(s.Pixels) != s.N*s.Dim():
		return fmt.Errorf("%w: %s has %d pixel values, want N·C·H·W = %d", ErrFormat, s.Name, len(s.Pixels), s.N*s.Dim())
	case len(s.Labels) != s.N:
		return fmt.Errorf("%w: %s has %d labels for %d images", ErrFormat, s.Name, len(s.Labels), s.N)
	}
	for i, l := range s.Labels {
		if int(l) >= s.Classes {
			return fmt.Errorf("%w: %s: label %d of image %d, want < %d", ErrFormat, s.Name, l, i, s.Classes)
		}
	}
	if s.Mean != nil || s.Std != nil {
		if len(s.Mean) != s.C || len(s.Std) != s.C {
			return fmt.Errorf("%w: %s has %d means and %d deviations of its standardization, want %d (one per channel)", ErrFormat, s.Name, len(s.Mean), len(s.Std), s.C)
		}
		for i, v := range s.Pixels {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return fmt.Errorf("%w: %s: standardized pixel value %v at %d, want a finite value", ErrFormat, s.Name, v, i)
			}
		}
		return nil
	}
	for i, v := range s.Pixels {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("%w: %s: pixel value %v at %d, want [0, 1]", ErrFormat, s.Name, v, i)
		}
	}
	return nil
}

// productFits reports whether the product of the non-negative v fits in an
// int.
func productFits(v ...int) bool {
	p := 1
	for _, x := range v {
		if x != 0 && p > math.MaxInt/x {
			return false
		}
		p *= x
	}
	return true
}

// maxValues caps the number of values an IDX header may declare and the
// bytes of a CIFAR-10 stream, so that a corrupt header or a gzip stream
// that inflates a thousandfold cannot make a reader allocate gigabytes:
// 2^28 values (256 MiB of bytes, 1 GiB as float32 pixels), above the
// largest file this package knows (CIFAR-10's 50,000 training images in
// five files, MNIST's 47 million training pixels in one).
const maxValues = 1 << 28

// errNilReader is the panic of a reader given a nil io.Reader.
const errNilReader = "dataset: nil reader"

// gzipMagic starts every gzip stream.
var gzipMagic = []byte{0x1f, 0x8b}

// maybeGunzip returns r, decompressed if it starts with the gzip magic.
func maybeGunzip(r io.Reader) (io.Reader, func() error, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(2)
	if err == nil && head[0] == gzipMagic[0] && head[1] == gzipMagic[1] {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: gzip header: %v", ErrFormat, err)
		}
		return zr, zr.Close, nil
	}
	return br, func() error { return nil }, nil
}

// ReadIDX reads an IDX file of unsigned bytes (data type 0x08) of rank 1
// to 4, as MNIST and Fashion-MNIST are distributed, gzip-compressed or
// not. It returns the dimensions and the data, row-major. The data is read
// in chunks as it arrives, so a header that declares more than the stream
// holds costs no more memory than the stream, and no more than the
// declared size is ever decompressed, so a gzip stream that inflates far
// beyond it costs no more memory than the declared data. A header that
// declares more than 2^28 values is an error.
//
// It panics with "dataset: nil reader" if r is nil.
func ReadIDX(r io.Reader) (dims []int, data []byte, err error) {
	if r == nil {
		panic(errNilReader)
	}
	r, closeFn, err := maybeGunzip(r)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if cerr := closeFn(); err == nil && cerr != nil {
			err = fmt.Errorf("%w: %v", ErrFormat, cerr)
		}
	}()
	var magic [4]byte
	if _, err := io.ReadFull(r, magic[:]); err != nil {
		return nil, nil, fmt.Errorf("%w: IDX header: %v", ErrFormat, err)
	}
	if magic[0] != 0 || magic[1] != 0 {
		return nil, nil, fmt.Errorf("%w: IDX magic %#02x%02x%02x%02x, want 0x0000 then type and rank", ErrFormat, magic[0], magic[1], magic[2], magic[3])
	}
	if magic[2] != 0x08 {
		return nil, nil, fmt.Errorf("%w: IDX data type %#02x, want 0x08 (unsigned byte)", ErrFormat, magic[2])
	}
	rank := int(magic[3])
	if rank < 1 || rank > 4 {
		return nil, nil, fmt.Errorf("%w: IDX rank %d, want 1 to 4", ErrFormat, rank)
	}
	dims = make([]int, rank)
	total := 1
	for k := range dims {
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, nil, fmt.Errorf("%w: IDX dimension %d: %v", ErrFormat, k, err)
		}
		v := binary.BigEndian.Uint32(b[:])
		if v > maxValues || (v > 0 && total > maxValues/int(v)) {
			return nil, nil, fmt.Errorf("%w: IDX dimensions %v... declare more than %d values", ErrFormat, append(dims[:k], int(v)), maxValues)
		}
		dims[k] = int(v)
		total *= int(v)
	}
	data, err = readN(r, total)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: IDX data of dimensions %v: %v", ErrFormat, dims, err)
	}
	return dims, data, nil
}

// readN reads exactly n bytes. io.ReadAll grows its buffer as bytes
// arrive, so a header that declares more than the stream holds costs no
// more memory than the stream.
func readN(r io.Reader, n int) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(n)))
	if err != nil {
		return nil, err
	}
	if len(b) < n {
		return nil, fmt.Errorf("truncated at byte %d of %d", len(b), n)
	}
	return b, nil
}

// ReadImages reads a set from IDX images (rank 3: N×H×W) and labels (rank
// 1: N), with 10 classes. It returns an error naming the problem if there
// are no images, the counts differ or a label is 10 or more.
//
// It panics with "dataset: nil reader" if images or labels is nil.
func ReadImages(name string, images, labels io.Reader) (*Set, error) {
	if images == nil || labels == nil {
		panic(errNilReader)
	}
	dims, pix, err := ReadIDX(images)
	if err != nil {
		return nil, fmt.Errorf("dataset: %s images: %w", name, err)
	}
	if len(dims) != 3 || dims[1] == 0 || dims[2] == 0 {
		return nil, fmt.Errorf("%w: %s images: dimensions %v, want N×H×W", ErrFormat, name, dims)
	}
	if dims[0] == 0 {
		return nil, fmt.Errorf("%w: %s images: dimensions %v, want at least one image", ErrFormat, name, dims)
	}
	ldims, lab, err := ReadIDX(labels)
	if err != nil {
		return nil, fmt.Errorf("dataset: %s labels: %w", name, err)
	}
	if len(ldims) != 1 || ldims[0] != dims[0] {
		return nil, fmt.Errorf("%w: %s: label dimensions %v for %d images", ErrFormat, name, ldims, dims[0])
	}
	s := &Set{Name: name, N: dims[0], C: 1, H: dims[1], W: dims[2], Classes: 10, Pixels: toUnit(pix), Labels: lab}
	for i, l := range lab {
		if l >= 10 {
			return nil, fmt.Errorf("%w: %s: label %d of image %d, want < 10", ErrFormat, name, l, i)
		}
	}
	return s, nil
}

// toUnit scales bytes to [0, 1].
func toUnit(b []byte) []float32 {
	var table [256]float32
	for i := range table {
		table[i] = float32(i) / 255
	}
	p := make([]float32, len(b))
	for i, v := range b {
		p[i] = table[v]
	}
	return p
}

// LoadIDX reads a set from an IDX images file and an IDX labels file,
// each gzip-compressed or not.
func LoadIDX(name, imagesPath, labelsPath string) (*Set, error) {
	img, err := os.Open(imagesPath)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	defer img.Close()
	lab, err := os.Open(labelsPath)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	defer lab.Close()
	s, err := ReadImages(name, img, lab)
	if err != nil {
		return nil, fmt.Errorf("%w (files %s, %s)", err, imagesPath, labelsPath)
	}
	return s, nil
}

// CIFAR-10 binary records: one label byte and 32×32 pixels of each of the
// red, green and blue planes.
const (
	cifarSide   = 32
	cifarRecord = 1 + 3*cifarSide*cifarSide
)

// ReadCIFAR10 reads the CIFAR-10 binary format (data_batch_*.bin,
// test_batch.bin): records of one label byte followed by the 3072 pixel
// bytes of the red, green and blue planes of a 32×32 image. A stream that
// holds no record or ends inside one, a label of 10 or more, or more than
// 2^28 bytes is an error wrapping ErrFormat; an error reading r is
// returned wrapped.
//
// It panics with "dataset: nil reader" if r is nil.
func ReadCIFAR10(name string, r io.Reader) (*Set, error) {
	if r == nil {
		panic(errNilReader)
	}
	s := &Set{Name: name, C: 3, H: cifarSide, W: cifarSide, Classes: 10}
	rec := make([]byte, cifarRecord)
	for {
		n, err := io.ReadFull(r, rec)
		if err == io.EOF {
			break
		}
		if err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("%w: %s: record %d truncated at byte %d of %d", ErrFormat, name, s.N, n, cifarRecord)
		}
		if err != nil {
			return nil, fmt.Errorf("dataset: %s: reading record %d: %w", name, s.N, err)
		}
		if rec[0] >= 10 {
			return nil, fmt.Errorf("%w: %s: label %d of record %d, want < 10", ErrFormat, name, rec[0], s.N)
		}
		if (s.N+1)*cifarRecord > maxValues {
			return nil, fmt.Errorf("%w: %s: more than %d bytes", ErrFormat, name, maxValues)
		}
		s.Labels = append(s.Labels, rec[0])
		s.Pixels = append(s.Pixels, toUnit(rec[1:])...)
		s.N++
	}
	if s.N == 0 {
		return nil, fmt.Errorf("%w: %s: no records", ErrFormat, name)
	}
	return s, nil
}

// cifar10Files are the files of CIFAR-10's binary version: the five
// training batches, then the test batch.
var cifar10Files = [...]string{"data_batch_1.bin", "data_batch_2.bin", "data_batch_3.bin", "data_batch_4.bin", "data_batch_5.bin", "test_batch.bin"}

// CIFAR10Files returns the names of the six files of CIFAR-10's binary
// version: data_batch_1.bin to data_batch_5.bin, then test_batch.bin.
func CIFAR10Files() []string { return cifar10Files[:] }

// cifar10Dir returns the folder LoadCIFAR10 reads for dir: dir itself, or
// dir/cifar-10-batches-bin, the folder the archive unpacks to, if that
// holds test_batch.bin.
func cifar10Dir(dir string) string {
	sub := filepath.Join(dir, "cifar-10-batches-bin")
	if _, err := os.Stat(filepath.Join(sub, cifar10Files[5])); err == nil {
		return sub
	}
	return dir
}

// CIFAR10Dir returns the folder LoadCIFAR10 reads for dir (dir, or
// dir/cifar-10-batches-bin if that holds test_batch.bin) after checking,
// without reading them, that it holds every file of CIFAR10Files and that
// each one's size is a whole, positive number of records (3,073 bytes:
// a label and 32×32×3 pixels). The error wraps ErrNotInstalled and names
// the folder and the first file it lacks, or says that dir is not a
// folder; for a file of the wrong size it wraps ErrFormat and names the
// file and its size.
func CIFAR10Dir(dir string) (string, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%w: CIFAR-10: %s is not a folder", ErrNotInstalled, dir)
	}
	dir = cifar10Dir(dir)
	for _, f := range cifar10Files {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil || st.IsDir() {
			return "", fmt.Errorf("%w: CIFAR-10 folder %s has no file %s (want %s)", ErrNotInstalled, dir, f, strings.Join(cifar10Files[:], ", "))
		}
		if st.Size() == 0 || st.Size()%cifarRecord != 0 {
			return "", fmt.Errorf("%w: %s: %d bytes, want a positive multiple of %d (one record: a label and 32×32×3 pixels)", ErrFormat, filepath.Join(dir, f), st.Size(), cifarRecord)
		}
	}
	return dir, nil
}

// LoadCIFAR10 reads the CIFAR-10 binary version from dir, or from
// dir/cifar-10-batches-bin: data_batch_1.bin to data_batch_5.bin for
// training and test_batch.bin for testing (CIFAR10Files). An error names
// the file: one that is missing, a folder, empty or not in the format.
func LoadCIFAR10(dir string) (train, test *Set, err error) {
	dir = cifar10Dir(dir)
	read := func(name string, files ...string) (*Set, error) {
		var all *Set
		for _, f := range files {
			path := filepath.Join(dir, f)
			s, err := readCIFAR10File(name, path)
			if err != nil {
				return nil, err
			}
			if all == nil {
				all = s
				continue
			}
			all.N += s.N
			all.Pixels = append(all.Pixels, s.Pixels...)
			all.Labels = append(all.Labels, s.Labels...)
		}
		return all, nil
	}
	if train, err = read("cifar10-train", cifar10Files[:5]...); err != nil {
		return nil, nil, err
	}
	if test, err = read("cifar10-test", cifar10Files[5]); err != nil {
		return nil, nil, err
	}
	return train, test, nil
}

// readCIFAR10File reads one CIFAR-10 file; the error names it.
func readCIFAR10File(name, path string) (*Set, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: CIFAR-10: %w", err)
	}
	defer fh.Close()
	if st, err := fh.Stat(); err == nil {
		switch {
		case st.IsDir():
			return nil, fmt.Errorf("dataset: CIFAR-10: %s is a folder, want a file", path)
		case st.Size()%cifarRecord != 0:
			return nil, fmt.Errorf("%w: CIFAR-10: %s holds %d bytes, want a multiple of the %d-byte record (the original batches hold 10000 records, %d bytes)",
				ErrFormat, path, st.Size(), cifarRecord, 10000*cifarRecord)
		}
	}
	s, err := ReadCIFAR10(name, bufio.NewReaderSize(fh, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("%w (file %s)", err, path)
	}
	return s, nil
}

// Names lists the names Load accepts; "cifar10:" takes a folder after the
// colon.
var Names = []string{"mnist", "fashion-mnist", "cifar10:<dir>"}

// Files returns the folder and the names of the files in it that Load
// reads for the named data set, in the order it reads them, without
// reading them: MNISTDir or FashionMNISTDir with MNISTFiles, or
// CIFAR10Dir with CIFAR10Files. A program that keeps what it computes from
// a data set keys it on these files' contents, since GOODORDER_MNIST_DIR,
// GOODORDER_FASHION_MNIST_DIR and the CIFAR-10 folder choose them. The
// error is that of the Dir function, or names an unknown data set.
func Files(name string) (dir string, files []string, err error) {
	switch {
	case name == "mnist":
		dir, err = MNISTDir()
		files = MNISTFiles()
	case name == "fashion-mnist":
		dir, err = FashionMNISTDir()
		files = MNISTFiles()
	case strings.HasPrefix(name, "cifar10:"):
		dir, err = CIFAR10Dir(strings.TrimPrefix(name, "cifar10:"))
		files = CIFAR10Files()
	default:
		err = fmt.Errorf("dataset: unknown data set %q, want one of %s", name, strings.Join(Names, ", "))
	}
	if err != nil {
		return "", nil, err
	}
	return dir, files, nil
}

// Load returns the training and test sets of a named data set: "mnist",
// "fashion-mnist" or "cifar10:<dir>".
func Load(name string) (train, test *Set, err error) {
	switch {
	case name == "mnist":
		return MNIST()
	case name == "fashion-mnist":
		return FashionMNIST()
	case strings.HasPrefix(name, "cifar10:"):
		return LoadCIFAR10(strings.TrimPrefix(name, "cifar10:"))
	}
	return nil, nil, fmt.Errorf("dataset: unknown data set %q, want one of %s", name, strings.Join(Names, ", "))
}
