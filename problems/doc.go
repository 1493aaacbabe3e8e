// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package problems provides test problems for the ordering package: finite
// sums f(x) = (1/N) Σ_i f_i(x) that implement ordering.Problem, in the
// manner of gonum's optimize/functions. Each documents the constants the
// paper's bounds need: the smoothness L of every component (Assumption 1),
// the strong convexity μ where there is one, the minimiser and least value
// where they are known, and the heterogeneity (σ², M) of Assumption 5 where
// it is known exactly.
//
// # The paper's functions
//
// TwoLevel is the quadratic of Section 6.2 behind Figure 1: N top-level
// functions f_i, each the mean of m low-level functions h_{i,j}, with
// shifts σ_top and σ_low that set the heterogeneity of either level. Its
// components are the h_{i,j} at the flat index i·m + j, the layout of
// ordering's two-level orders; Top gives the f_i. Step and Steps take
// gradient steps in place in O(d) time for fast experiments.
//
// OneD is the one-dimensional example of Section 4.1, for which the
// alternating order reaches σ*² = σ² while the sorted order has
// σ*² = N² σ²/4.
//
// # Problems with known constants
//
// HeteroQuadratic is a random sum of convex quadratics for which Assumption
// 5 holds with equality for any chosen (σ², M), for checking rates and
// bounds against measurements.
//
// Logistic is L2-regularised logistic regression over a dataset, with
// TwoBlobs to make a seeded synthetic one.
//
// # Errors
//
// Constructors return errors that wrap ordering's sentinel errors
// (ordering.ErrSetting for a bad setting, ordering.ErrEmpty, ordering.ErrDim
// and ordering.ErrNaN for bad data) and name the offending value. Methods
// that take a component index panic if it is out of range, like a slice
// index; x and grad must have length Dim.
//
// No type in this package holds scratch space, so all are safe for
// concurrent use.
package problems
