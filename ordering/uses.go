// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import "fmt"

// Available says what a caller of Orderer.Order gives the orderer, in the
// manner of gonum's optimize.Available: Run gives everything; a caller
// that draws orders on its own (a Monte Carlo over random orders, say)
// may give less.
type Available struct {
	// Oracle is set if every Epoch carries an Oracle and the iterate X.
	Oracle bool
	// Observe is set if the orderer, when it is an Observer, is shown the
	// gradient of every step, as Run does.
	Observe bool
}

// User is implemented by an Orderer that needs more than the epoch
// number: Uses returns an error wrapping ErrSetting that says what it
// lacks if has does not give what it needs. Orderers that do not
// implement User need nothing.
type User interface {
	Uses(has Available) error
}

// Uses returns an error, before any epoch runs, if o needs something has
// does not give (see User); Run calls it with everything available.
func Uses(o Orderer, has Available) error {
	if u, ok := o.(User); ok {
		return u.Uses(has)
	}
	return nil
}

// needs returns an error naming the orderer and what it lacks.
func needs(name string, has, want Available) error {
	switch {
	case want.Oracle && !has.Oracle:
		return fmt.Errorf("ordering: %w: %s needs an oracle (Epoch.Oracle and Epoch.X)", ErrSetting, name)
	case want.Observe && !has.Observe:
		return fmt.Errorf("ordering: %w: %s needs to observe the gradient of every step", ErrSetting, name)
	}
	return nil
}

var _ User = (*Greedy)(nil)

// Uses implements User: Greedy queries the oracle at x_t.
func (g *Greedy) Uses(has Available) error {
	return needs("greedy", has, Available{Oracle: true})
}

var _ User = (*StaleGreedy)(nil)

// Uses implements User: StaleGreedy observes the steps' gradients (and
// queries the oracle in its first epoch if it has one).
func (s *StaleGreedy) Uses(has Available) error {
	return needs("stale greedy", has, Available{Observe: true})
}

var _ User = (*SketchedGreedy)(nil)

// Uses implements User: SketchedGreedy queries the oracle; with Stale it
// observes the steps' gradients instead (and queries the oracle in its
// first epoch if it has one).
func (s *SketchedGreedy) Uses(has Available) error {
	return needs("sketched greedy", has, Available{Oracle: !s.Stale, Observe: s.Stale})
}
