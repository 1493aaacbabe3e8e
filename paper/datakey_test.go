// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/goodorder/goodorder/problems/dataset"
)

// writeMNIST writes a small valid MNIST-like folder into dir: n training
// and n test images of 4×4 pixels, labels i mod 10, image i's pixel j
// (i·7 + j·13) mod 256, each row mirrored if mirror is set, so that the
// files keep their sizes. Their modification time is set to at, so that a
// rewrite is told apart from the first write whatever the file system's
// clock granularity.
func writeMNIST(t *testing.T, dir string, n int, mirror bool, at time.Time) {
	t.Helper()
	const side = 4
	idx := func(magic byte, dims []int, data []byte) []byte {
		var b bytes.Buffer
		b.Write([]byte{0, 0, 8, magic})
		for _, d := range dims {
			binary.Write(&b, binary.BigEndian, uint32(d))
		}
		b.Write(data)
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		w.Write(b.Bytes())
		w.Close()
		return z.Bytes()
	}
	images, labels := make([]byte, n*side*side), make([]byte, n)
	for i := range n {
		labels[i] = byte(i % 10)
		for r := range side {
			for c := range side {
				j := r*side + c
				if mirror {
					j = r*side + side - 1 - c
				}
				images[i*side*side+r*side+c] = byte(i*7 + j*13)
			}
		}
	}
	files := dataset.MNISTFiles()
	for k, b := range [][]byte{
		idx(3, []int{n, side, side}, images), idx(1, []int{n}, labels),
		idx(3, []int{n, side, side}, images), idx(1, []int{n}, labels),
	} {
		name := filepath.Join(dir, files[k])
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(name, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

// dataProbe is a config of a claim whose runs read MNIST (a dataReader):
// it checks that runCached keys the runs on the data set's files.
type dataProbe struct{ N int }

func (dataProbe) dataSets() []string { return []string{"mnist"} }
func (*dataProbe) fill()             {}
func (*dataProbe) validate() error   { return nil }

// dataProbeResult is dataProbe's result: the sum of the training pixels.
type dataProbeResult struct{ Sum float64 }

func (r *dataProbeResult) check() error { return nil }

// TestDataKey checks that every cached run on a data set is keyed on the
// contents of its files, not on the data set's name: with
// GOODORDER_MNIST_DIR's training images mirrored (the files' sizes kept),
// table-1's runs and a claim's run through runCached (as coordinated-orders,
// scalable-orderings and loader-shuffles run) are recomputed, not taken
// from the cache; unchanged, they are reused.
func TestDataKey(t *testing.T) {
	data := t.TempDir()
	t.Setenv("GOODORDER_MNIST_DIR", data)
	at := time.Now().Add(-time.Hour)
	writeMNIST(t, data, 40, false, at)
	cache := t.TempDir()

	computed := 0
	probe := func() (float64, bool) {
		t.Helper()
		env := &Env{Seed: 1, CacheDir: cache}
		r, err := runCached(context.Background(), env, "data-probe", "decodeStrict", dataProbe{N: 40}, func(context.Context, *Env, dataProbe) (*dataProbeResult, error) {
			computed++
			train, _, err := dataset.MNIST()
			if err != nil {
				return nil, err
			}
			var s float64
			for i, p := range train.Pixels {
				s += float64(p) * float64(i%5)
			}
			return &dataProbeResult{Sum: s}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return r.Sum, env.Reused()
	}
	c := Table1Config{Dataset: "mnist", Model: "mlp", Hidden: 4, Epochs: 1, BatchSize: 4, Seeds: 1,
		Orders: []string{"RR"}, Batchings: []string{"standard"}}.At(Smoke)
	table1 := func() (float64, bool) {
		t.Helper()
		env := &Env{Seed: 1, CacheDir: cache}
		r, err := c.Run(context.Background(), env)
		if err != nil {
			t.Fatal(err)
		}
		return r.Runs[0][0][0].TrainLoss[len(r.Runs[0][0][0].TrainLoss)-1], env.Reused()
	}

	sum, reused := probe()
	loss, reusedT := table1()
	if reused || reusedT || computed != 1 {
		t.Fatalf("first runs reused the cache (%v, %v) or computed %d times", reused, reusedT, computed)
	}
	if s, reused := probe(); !reused || s != sum || computed != 1 {
		t.Errorf("same data: reused %v, sum %v (was %v), %d computations; want the cached run", reused, s, sum, computed)
	}
	if l, reused := table1(); !reused || l != loss {
		t.Errorf("same data: table-1 reused %v, loss %v (was %v); want the cached run", reused, l, loss)
	}

	// The same files again (another write, the same bytes): reused.
	writeMNIST(t, data, 40, false, at.Add(time.Minute))
	if _, reused := probe(); !reused || computed != 1 {
		t.Errorf("the same bytes rewritten: reused %v, %d computations; want the cached run", reused, computed)
	}

	// Mirrored images, the same sizes: recomputed.
	writeMNIST(t, data, 40, true, at.Add(2*time.Minute))
	if s, reused := probe(); reused || s == sum || computed != 2 {
		t.Errorf("mirrored images: reused %v, sum %v (was %v), %d computations; want a new run on the new data", reused, s, sum, computed)
	}
	if _, reused := table1(); reused {
		t.Errorf("mirrored images: table-1 reused the runs on the old data")
	}
}
