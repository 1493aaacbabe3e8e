// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"fmt"
	"reflect"
	"strings"
)

// # The quick scale
//
// make reproduce and the notebooks run the quick scale: the default
// scale's protocol for every claim, but smaller for the few costliest
// (table-1 and scalable-training, which share its runs, scalable-orderings,
// two-level-figure and coordinated-orders), so that the main job takes
// minutes on a 2-core machine. It is not a Scale of its own: a claim runs
// its default-scale config under a context made by WithQuick, which makes
// those configs smaller (QuickAt for a config of one's own). Neither a
// Scale nor a field of Env: the scales are part of the judging code's
// hash, Env of the run cache's keys, and the quick scale changes no
// registered protocol and no run. Its results are exploratory, like any
// one draw; the seeds pass, the registration and the confirmatory pass use
// the default scale's protocols.

// QuickName is the quick scale's name: the reproduce command's -scale
// value and $GOODORDER_SCALE's, and the Scale of its results.
const QuickName = "quick"

// quickKey is the context key of WithQuick.
type quickKey struct{}

// WithQuick returns ctx under which Claim.Run and Claim.InCache, at the
// default scale, run the quick scale: the claims it runs smaller take
// their quick configs.
func WithQuick(ctx context.Context) context.Context {
	return context.WithValue(ctx, quickKey{}, true)
}

// isQuick reports whether ctx was made by WithQuick.
func isQuick(ctx context.Context) bool {
	q, _ := ctx.Value(quickKey{}).(bool)
	return q
}

// quickKnob is a config the quick scale runs smaller: quick sets, on the
// config at the default scale, the fields it runs smaller.
type quickKnob interface {
	quick()
}

// quickOf makes the config c points at the quick scale's, if it has one.
func quickOf(c any) {
	if k, ok := c.(quickKnob); ok {
		k.quick()
	}
}

// QuickAt returns c's protocol at the quick scale: c.At(Default), with
// the fields the quick scale runs smaller that c leaves zero set to the
// quick scale's values (a field set in c stays as c.At(Default) has it).
// For a config the quick scale does not make smaller it is c.At(Default).
func QuickAt[C interface{ At(Scale) C }](c C) C {
	d := c.At(Default)
	q := d
	quickOf(&q)
	v, base, def := reflect.ValueOf(&q).Elem(), reflect.ValueOf(c), reflect.ValueOf(d)
	if v.Kind() != reflect.Struct {
		return q
	}
	for i := range v.NumField() {
		if f := v.Field(i); f.CanSet() && !base.Field(i).IsZero() {
			f.Set(def.Field(i))
		}
	}
	return q
}

// QuickDiffers reports whether the quick scale runs claim id smaller
// than the default scale does.
func QuickDiffers(id string) bool { return len(QuickChanges(id)) > 0 }

// QuickChanges lists the fields of claim id's config that the quick scale
// sets otherwise than the default scale does, "TuneRuns 3 → 2", in the
// config's order; none for a claim the quick scale does not run smaller.
func QuickChanges(id string) []string {
	f, ok := configAt[id]
	if !ok {
		return nil
	}
	d := f(Default)
	before := reflect.ValueOf(d).Elem()
	old := reflect.New(before.Type()).Elem()
	old.Set(before)
	quickOf(d)
	var out []string
	for i := range before.NumField() {
		if !before.Type().Field(i).IsExported() {
			continue
		}
		name := before.Type().Field(i).Name
		a, b := old.Field(i).Interface(), before.Field(i).Interface()
		if reflect.DeepEqual(a, b) {
			continue
		}
		from := fmt.Sprint(a)
		if old.Field(i).IsZero() && strings.HasSuffix(name, "Train") {
			// A training set's size of 0 is the whole set.
			from = "all"
		}
		out = append(out, fmt.Sprintf("%s %s → %v", name, from, b))
	}
	return out
}

// SameProtocol reports whether claim id runs the same protocol at the
// scales named a and b: one scale, or the default and the quick scale for
// a claim the quick scale does not run smaller.
func SameProtocol(id, a, b string) bool {
	qd := func(n string) bool { return n == QuickName || n == Default.String() }
	return a == b || qd(a) && qd(b) && !QuickDiffers(id)
}

// quickNote is "at the quick scale, seed s: " for a result r of claim id
// made at the quick scale where the quick scale runs the claim smaller,
// so that its numbers are not read as the default scale's; "" otherwise.
func quickNote(id string, r *Result) string {
	if r.Scale != QuickName || !QuickDiffers(id) {
		return ""
	}
	return fmt.Sprintf("at the quick scale (smaller than the registered protocol), seed %d: ", r.Seed)
}

// The quick scale's configs (smaller data, fewer draws, seeds or runs to
// tune; each claim's runs and charts otherwise as at the default scale)
// are the quick methods beside each config's At: Table1Config's,
// ScalableConfig's, TwoLevelConfig's and CoordinatedConfig's.
