// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package atomic_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/goodorder/goodorder/paper/atomic"
)

func ExampleCreate() {
	dir, err := os.MkdirTemp("", "atomic-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "table.csv")

	write := func(rows int, fail bool) error {
		f, err := atomic.Create(name)
		if err != nil {
			return err
		}
		defer f.Abort() // does nothing after Commit
		fmt.Fprintln(f, "i,square")
		for i := range rows {
			fmt.Fprintf(f, "%d,%d\n", i, i*i)
		}
		if fail {
			return fmt.Errorf("something went wrong after %d rows", rows)
		}
		return f.Commit()
	}
	if err := write(3, false); err != nil {
		log.Fatal(err)
	}
	fmt.Println(write(100, true))
	b, err := os.ReadFile(name)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(b))

	// Output:
	// something went wrong after 100 rows
	// i,square
	// 0,0
	// 1,1
	// 2,4
}
