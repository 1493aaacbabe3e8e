// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/goodorder/goodorder/problems/dataset"
)

// table1CIFAR10Claim is Table 1 on the paper's data set, CIFAR-10, which
// cannot be downloaded here: it runs on the binary batches a researcher
// already has, given by Env.CIFAR10 (the reproduce command's -cifar10
// flag), with a CNN sized for 32×32×3 images instead of ResNet-18.
var table1CIFAR10Claim = Claim{
	ID:        table1CIFAR10ID,
	Where:     "Section 6.1, Table 1, on CIFAR-10 with a small CNN",
	Statement: table1Statement,
	Run: func(ctx context.Context, s Scale, env *Env) (*Outcome, error) {
		env = env.orDefault()
		return claimRun(Table1Config{Dataset: cifar10Prefix + env.CIFAR10}.At, Table1Config.Run, (*Table1Result).Outcome)(ctx, s, env)
	},
	Skip: func(_ Scale, env *Env) string {
		if env.CIFAR10 == "" {
			return "needs the binary CIFAR-10 batches, which cannot be downloaded here: go run -tags openblas ./paper/reproduce -cifar10 DIR -only " + table1CIFAR10ID
		}
		return ""
	},
}

// cifar10Digests holds the digests cifar10Digest computed, by the folder
// and the size and modification time of each of its files.
var cifar10Digests sync.Map

// cifar10Digest returns the hex SHA-256 of the CIFAR-10 batches that
// LoadCIFAR10 reads for dir: each file's name, size and bytes, in the order
// of dataset.CIFAR10Files. A run on the folder depends on these bytes, not
// on the folder's path, so the runs are keyed on it: another folder with
// the same files reuses them, and the same folder with other files
// recomputes them. It reads the files once per process as long as their
// sizes and modification times stay the same.
func cifar10Digest(dir string) (string, error) {
	dir, err := dataset.CIFAR10Dir(dir)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	var stamp strings.Builder
	stamp.WriteString(abs)
	for _, f := range dataset.CIFAR10Files() {
		st, err := os.Stat(filepath.Join(abs, f))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&stamp, "\x00%s %d %d", f, st.Size(), st.ModTime().UnixNano())
	}
	if d, ok := cifar10Digests.Load(stamp.String()); ok {
		return d.(string), nil
	}
	h := sha256.New()
	for _, f := range dataset.CIFAR10Files() {
		fh, err := os.Open(filepath.Join(abs, f))
		if err != nil {
			return "", err
		}
		st, err := fh.Stat()
		if err == nil && !st.Mode().IsRegular() {
			err = fmt.Errorf("%s is not a regular file", fh.Name())
		}
		if err == nil {
			fmt.Fprintf(h, "%s %d\n", f, st.Size())
			_, err = io.Copy(h, io.LimitReader(fh, st.Size()))
		}
		fh.Close()
		if err != nil {
			return "", fmt.Errorf("paper: CIFAR-10: %w", err)
		}
	}
	d := hex.EncodeToString(h.Sum(nil))
	cifar10Digests.Store(stamp.String(), d)
	return d, nil
}
