// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"testing"

	"gonum.org/v1/gonum/blas/blas32"
)

var npyOut = flag.String("npy", "", "BenchmarkGreedy32 writes its float32 matrix to this .npy file, for scripts/numpy_greedy.py")

// BenchmarkGreedy32 times the exact greedy order (Algorithm 2) on the
// 942 × 101,770 float32 matrix of BenchmarkGreedy942 (the shape of the
// MNIST MLP's same-class batch gradients): offline (exact: GreedyOrder32,
// the centred copy, the Gram matrix and the selection), the Gram matrix
// alone (gram), and as an Orderer (orderer: Greedy, which queries the
// gradients from an oracle, stores them in float32 and centres them in
// place). It reports the multiply-adds per second of the Gram matrix,
// N(N+1)/2·d over the time. With -npy FILE it writes the matrix for
// numpy's Gram-path greedy, which times the same work and prints the
// ratios (make bench-greedy):
//
//	go test ./ordering -run='^$' -bench='Greedy32' -benchtime=3x -npy=/tmp/g.npy | \
//	  /usr/bin/python3 scripts/numpy_greedy.py /tmp/g.npy
//
// -short skips it.
func BenchmarkGreedy32(b *testing.B) {
	if testing.Short() {
		b.Skip("383 MB matrix")
	}
	g := to32(lowRank(scalableN, scalableD, 20, 0.3, 1))
	if *npyOut != "" {
		if err := writeNpy32(*npyOut, g); err != nil {
			b.Fatal(err)
		}
	}
	// A benchmark's log is always printed: the kernel beside the times.
	b.Logf("BLAS %s, OpenBLAS kernel %q", BLAS, BLASKernel())
	fmas := float64(scalableN) * float64(scalableN+1) / 2 * scalableD
	b.Run("exact", func(b *testing.B) {
		var r []int
		for b.Loop() {
			r = GreedyOrder32(r, g)
		}
	})
	b.Run("gram", func(b *testing.B) {
		u := blas32.General{Rows: scalableN, Cols: scalableD, Stride: scalableD, Data: g.Data}
		gm := blas32.General{Rows: scalableN, Cols: scalableN, Stride: scalableN, Data: make([]float32, scalableN*scalableN)}
		for b.Loop() {
			gram32(gm, u)
		}
		b.ReportMetric(fmas*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFMA/s")
	})
	b.Run("orderer", func(b *testing.B) {
		oracle := NewOracle(rows32{g}, nil, nil)
		x := make([]float64, scalableD)
		var r []int
		o := &Greedy{}
		for b.Loop() {
			var err error
			if r, err = o.Order(r, Epoch{X: x, Oracle: oracle}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// rows32 is a problem whose component gradients are the rows of a float32
// matrix, whatever x.
type rows32 struct{ g blas32.General }

func (p rows32) Len() int                        { return p.g.Rows }
func (p rows32) Dim() int                        { return p.g.Cols }
func (p rows32) CompFunc(int, []float64) float64 { return 0 }
func (p rows32) CompGrad(g []float64, i int, _ []float64) {
	for j, v := range p.g.Data[i*p.g.Stride : i*p.g.Stride+p.g.Cols] {
		g[j] = float64(v)
	}
}

// writeNpy32 writes m as a little-endian float32 C-order .npy file
// (format version 1.0).
func writeNpy32(path string, m blas32.General) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	header := fmt.Sprintf("{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }", m.Rows, m.Cols)
	// Magic (6) + version (2) + length (2) + header + '\n', padded to 64.
	pad := 64 - (10+len(header)+1)%64
	header += fmt.Sprintf("%*s\n", pad, "")
	w.WriteString("\x93NUMPY\x01\x00")
	binary.Write(w, binary.LittleEndian, uint16(len(header)))
	w.WriteString(header)
	buf := make([]byte, 4*m.Cols)
	for i := range m.Rows {
		for j, v := range m.Data[i*m.Stride : i*m.Stride+m.Cols] {
			binary.LittleEndian.PutUint32(buf[4*j:], math.Float32bits(v))
		}
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
