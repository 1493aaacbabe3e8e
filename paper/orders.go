// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/goodorder/goodorder/ordering"
	"gonum.org/v1/gonum/mat"
)

// This file holds the lookups of orders by name. Results keep the names of
// the orders they hold, in the order of their slices; outcomes find an
// order by its name, never by its place.

// orderIndex returns the index of name in names, or an error naming the
// claim id and the names there are.
func orderIndex(id string, names []string, name string) (int, error) {
	for i, n := range names {
		if n == name {
			return i, nil
		}
	}
	return -1, errResult(id, "no order %q among %q", name, names)
}

// orderIndices returns the index of each of want in names (see orderIndex).
func orderIndices(id string, names []string, want ...string) ([]int, error) {
	idx := make([]int, len(want))
	for i, name := range want {
		var err error
		if idx[i], err = orderIndex(id, names, name); err != nil {
			return nil, err
		}
	}
	return idx, nil
}

// orderIndexMap returns the index in names of each of want, by name (see
// orderIndex).
func orderIndexMap(id string, names, want []string) (map[string]int, error) {
	idx := make(map[string]int, len(want))
	for _, name := range want {
		i, err := orderIndex(id, names, name)
		if err != nil {
			return nil, err
		}
		idx[name] = i
	}
	return idx, nil
}

// newOrder returns the order of the theory claims named name over n
// components: "RR" (random reshuffling seeded by seed), "IG" (the identity
// order) or "greedy" (Algorithm 2 every epoch). Any other name is an error
// naming the claim id.
func newOrder(id, name string, n int, seed uint64) (ordering.Orderer, error) {
	switch name {
	case "RR":
		return ordering.NewRR(n, seed)
	case "IG":
		return ordering.NewIncremental(n, nil)
	case "greedy":
		return &ordering.Greedy{}, nil
	}
	return nil, fmt.Errorf("paper: %s: unknown order %q, want RR, IG or greedy", id, name)
}

// checkNames returns an error if a name of names is not among known.
func checkNames(id, what string, names, known []string) error {
	for _, n := range names {
		if _, err := orderIndex(id, known, n); err != nil {
			return fmt.Errorf("paper: %s: unknown %s %q, want one of %q", id, what, n, known)
		}
	}
	return nil
}

// principalOrder returns the rows of g sorted by their projection on the
// leading right singular vector of g with its column means removed (ties
// by index).
func principalOrder(g *mat.Dense) ([]int, error) {
	n, d := g.Dims()
	u := mat.DenseCopyOf(g)
	for j := 0; j < d; j++ {
		var m float64
		for i := 0; i < n; i++ {
			m += u.At(i, j)
		}
		m /= float64(n)
		for i := 0; i < n; i++ {
			u.Set(i, j, u.At(i, j)-m)
		}
	}
	var svd mat.SVD
	if !svd.Factorize(u, mat.SVDThin) {
		return nil, errors.New("paper: SVD of the component gradients did not converge")
	}
	var v mat.Dense
	svd.VTo(&v)
	proj := make([]float64, n)
	for i := range proj {
		proj[i] = mat.Dot(u.RowView(i), v.ColView(0))
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(proj[a], proj[b]) })
	return order, nil
}
