// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// claimData runs a claim at the smoke scale and returns its result with every wall time
// (a field named Seconds) set to zero, and the outcome of that result:
// what a run gives apart from timing, which no two runs share.
type claimData func(ctx context.Context, env *Env) (any, *Outcome, error)

func dataOf[C, R any](scale func(Scale) C, run func(C, context.Context, *Env) (R, error), outcome func(R) (*Outcome, error)) claimData {
	return func(ctx context.Context, env *Env) (any, *Outcome, error) {
		res, err := run(scale(Smoke), ctx, env)
		if err != nil {
			return nil, nil, err
		}
		zeroSeconds(reflect.ValueOf(res))
		out, err := outcome(res)
		return res, out, err
	}
}

// zeroSeconds sets every float64 field named Seconds reachable from v to 0.
func zeroSeconds(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			zeroSeconds(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			zeroSeconds(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			if v.Type().Field(i).Name == "Seconds" && f.Kind() == reflect.Float64 && f.CanSet() {
				f.SetFloat(0)
				continue
			}
			zeroSeconds(f)
		}
	}
}

// claimsData is every claim of the registry, run through its typed
// functions.
var claimsData = map[string]claimData{
	theorem1ID:         dataOf(Theorem1Config{}.At, Theorem1Config.Run, (*Theorem1Result).Outcome),
	theorem1NoiseID:    dataOf(Theorem1NoiseConfig{}.At, Theorem1NoiseConfig.Run, (*Theorem1NoiseResult).Outcome),
	subsamplingID:      dataOf(SubsamplingConfig{}.At, SubsamplingConfig.Run, (*SubsamplingResult).Outcome),
	remark4ID:          dataOf(Remark4Config{}.At, Remark4Config.Run, (*Remark4Result).Outcome),
	lemma1ID:           dataOf(Lemma1Config{}.At, Lemma1Config.Run, (*Lemma1Result).Outcome),
	omegaID:            dataOf(OmegaConfig{}.At, OmegaConfig.Run, (*OmegaResult).Outcome),
	appendixCID:        dataOf(AppendixCConfig{}.At, AppendixCConfig.Run, (*AppendixCResult).Outcome),
	multiLevelID:       dataOf(MultiLevelConfig{}.At, MultiLevelConfig.Run, (*MultiLevelResult).Outcome),
	twoLevelLemmaID:    dataOf(TwoLevelLemmaConfig{}.At, TwoLevelLemmaConfig.Run, (*TwoLevelLemmaResult).Outcome),
	twoLevelKID:        dataOf(TwoLevelKConfig{}.At, TwoLevelKConfig.Run, (*TwoLevelKResult).Outcome),
	sgdInternallyID:    dataOf(SGDInternallyConfig{}.At, SGDInternallyConfig.Run, (*SGDInternallyResult).Outcome),
	table1ID:           dataOf(Table1Config{}.At, Table1Config.Run, (*Table1Result).Outcome),
	twoLevelID:         dataOf(TwoLevelConfig{}.At, TwoLevelConfig.Run, (*TwoLevelResult).Outcome),
	scalableID:         dataOf(ScalableConfig{}.At, ScalableConfig.Run, (*ScalableResult).Outcome),
	scalableTrainingID: dataOf(scalableTrainingConfig, Table1Config.Run, (*Table1Result).ScalableTrainingOutcome),
	table1FashionID:    dataOf(Table1Config{Dataset: fashionMNIST}.At, Table1Config.Run, (*Table1Result).Outcome),
	orderMattersID:     dataOf(OrderMattersConfig{}.At, OrderMattersConfig.Run, (*OrderMattersResult).Outcome),
	coordinatedID:      dataOf(CoordinatedConfig{}.At, CoordinatedConfig.Run, (*CoordinatedResult).Outcome),
	table1StudyID:      dataOf(table1StudyConfig, Table1StudyFixedConfig.Run, (*Table1StudyResult).Outcome),
	loaderShufflesID:   dataOf(LoaderShufflesConfig{}.At, LoaderShufflesConfig.Run, (*LoaderShufflesResult).Outcome),
	// table-1-cifar10 needs a CIFAR-10 folder and is skipped without one;
	// its runs are table-1's (TestTable1CIFAR10 runs it).
}

// corruptions are the ways a cache entry goes bad, each a function of the
// entry and of the entry of another key.
var corruptions = []struct {
	name    string
	corrupt func(t *testing.T, entry, other []byte) []byte
}{
	{"null", func(*testing.T, []byte, []byte) []byte { return []byte("null") }},
	{"{}", func(*testing.T, []byte, []byte) []byte { return []byte("{}") }},
	{"one digit", func(t *testing.T, entry, _ []byte) []byte {
		// The last digit of the payload, the end of a number, 0 <-> 1.
		b := bytes.Clone(entry)
		p := bytes.Index(b, []byte(`"Payload":`))
		i := bytes.LastIndexAny(b[p:], "0123456789")
		if p < 0 || i < 0 {
			t.Fatalf("no digit in the payload of %s", entry)
		}
		b[p+i] ^= 1
		return b
	}},
	{"another key", func(_ *testing.T, _, other []byte) []byte { return other }},
	{"truncated", func(_ *testing.T, entry, _ []byte) []byte { return entry[:len(entry)/2] }},
	// Entries with a valid key and hash whose payload is not a result:
	// the schema check's.
	{"payload null", func(t *testing.T, entry, _ []byte) []byte { return withPayload(t, entry, []byte("null")) }},
	{"payload {}", func(t *testing.T, entry, _ []byte) []byte { return withPayload(t, entry, []byte("{}")) }},
	{"payload unknown field", func(t *testing.T, entry, _ []byte) []byte {
		var e cacheEntry
		if err := json.Unmarshal(entry, &e); err != nil {
			t.Fatal(err)
		}
		p := e.Payload
		if p[0] == '[' { // not an object: wrap it in one
			return withPayload(t, entry, []byte(`{"Unknown":1}`))
		}
		return withPayload(t, entry, append([]byte(`{"Unknown":1,`), p[1:]...))
	}},
}

// withPayload returns entry with payload p and p's hash.
func withPayload(t *testing.T, entry, p []byte) []byte {
	var e cacheEntry
	if err := json.Unmarshal(entry, &e); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(p)
	e.Payload, e.SHA256 = p, hex.EncodeToString(sum[:])
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runCollecting runs claim id with the cache in dir and returns its data,
// the warnings, and an error for a panic.
func runCollecting(id, dir, figs string) (res any, out *Outcome, warns []string, err error) {
	env := &Env{Seed: 1, CacheDir: dir, FigDir: figs, Warn: func(msg string) { warns = append(warns, msg) }}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	res, out, err = claimsData[id](context.Background(), env)
	return res, out, warns, err
}

// sameData reports whether two runs gave the same result and outcome.
func sameData(res0, res1 any, out0, out1 *Outcome) bool {
	j0, err0 := json.Marshal(res0)
	j1, err1 := json.Marshal(res1)
	o0, _ := json.Marshal(out0)
	o1, _ := json.Marshal(out1)
	return err0 == nil && err1 == nil && bytes.Equal(j0, j1) && bytes.Equal(o0, o1) && reflect.DeepEqual(out0.Checks, out1.Checks)
}

// copyDir copies the files of src into a new folder and returns it.
func copyDir(t *testing.T, src string) string {
	dst := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(src, "*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// TestCacheFaults corrupts a cache entry of every claim at the smoke scale
// in each of the ways of corruptions and checks that the run does not
// panic, warns naming the file, recomputes it, and gives the result and
// outcome of a clean run; that a clean rerun reuses every entry without a
// warning; and that the recomputed entry is valid again. With -short each
// claim gets one corruption, in turn.
func TestCacheFaults(t *testing.T) {
	var ids []string
	for _, c := range Claims() {
		if why := c.Skipped(Smoke, nil); why != "" {
			t.Logf("%s skipped: %s", c.ID, why)
			continue
		}
		ids = append(ids, c.ID)
		if claimsData[c.ID] == nil {
			t.Fatalf("claim %s has no entry in claimsData", c.ID)
		}
	}
	// A clean run of every claim, each with its own cache, and the pool of
	// every entry (for "another key").
	type clean struct {
		dir     string
		entries []string
		res     any
		out     *Outcome
	}
	cleans := make(map[string]clean)
	var pool []string
	for _, id := range ids {
		dir := t.TempDir()
		res, out, warns, err := runCollecting(id, dir, t.TempDir())
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: clean run: %v, warnings %q", id, err, warns)
		}
		entries, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		if len(entries) == 0 {
			t.Fatalf("%s: no cache entry", id)
		}
		slices.Sort(entries)
		cleans[id] = clean{dir, entries, res, out}
		pool = append(pool, entries...)

		// A rerun reuses every entry, silently, and gives the same data.
		res1, out1, warns, err := runCollecting(id, dir, t.TempDir())
		if err != nil || len(warns) > 0 || !sameData(res, res1, out, out1) {
			t.Errorf("%s: rerun from a clean cache: %v, warnings %q, same data %t", id, err, warns, sameData(res, res1, out, out1))
		}
	}
	for k, id := range ids {
		c := cleans[id]
		for i, co := range corruptions {
			if testing.Short() && i != k%len(corruptions) {
				continue
			}
			t.Run(id+"/"+co.name, func(t *testing.T) {
				dir := copyDir(t, c.dir)
				victim := filepath.Join(dir, filepath.Base(c.entries[0]))
				entry, err := os.ReadFile(victim)
				if err != nil {
					t.Fatal(err)
				}
				// Another key's entry: of another claim, or of this one.
				other := pool[(slices.Index(pool, c.entries[0])+1)%len(pool)]
				ob, err := os.ReadFile(other)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(victim, co.corrupt(t, entry, ob), 0o644); err != nil {
					t.Fatal(err)
				}
				res, out, warns, err := runCollecting(id, dir, t.TempDir())
				if err != nil {
					t.Fatalf("run: %v", err)
				}
				if len(warns) != 1 || !strings.Contains(warns[0], victim) {
					t.Errorf("warnings %q, want one naming %s", warns, victim)
				}
				if !sameData(c.res, res, c.out, out) {
					t.Errorf("result or outcome differ from a clean run's")
				}
				// The entry was recomputed and is valid again.
				_, _, warns, err = runCollecting(id, dir, t.TempDir())
				if err != nil || len(warns) > 0 {
					t.Errorf("run after the repair: %v, warnings %q", err, warns)
				}
			})
		}
	}
}

// TestCacheFolderInTheWay checks that a folder where a cache entry should
// be is reported and recomputed like any bad entry, never a stopped run:
// an empty one is replaced by the entry, one with files is left alone.
func TestCacheFolderInTheWay(t *testing.T) {
	for _, full := range []bool{false, true} {
		p := newCacheProbe(t)
		entry := p.entry
		if err := os.Mkdir(entry, 0o755); err != nil {
			t.Fatal(err)
		}
		if full {
			os.WriteFile(filepath.Join(entry, "f"), nil, 0o644)
		}
		v, err := p.run()
		if err != nil || v != 42 || p.computed != 2 || len(p.warns) == 0 || !strings.Contains(p.warns[0], entry) {
			t.Errorf("full %v: %v, %v after %d computations, warnings %q", full, v, err, p.computed, p.warns)
		}
		fi, err := os.Stat(entry)
		if err != nil || fi.IsDir() != full {
			t.Errorf("full %v: after the run the path is a folder: %v (%v)", full, err == nil && fi.IsDir(), err)
		}
	}
}

// cacheProbe is a cache folder whose one entry, of the run x, was made
// and then removed, for a test to put something else in its place.
type cacheProbe struct {
	env      *Env
	entry    string   // the entry's path
	warns    []string // what the cache reported
	computed int      // how often the run was computed
}

func newCacheProbe(t *testing.T) *cacheProbe {
	t.Helper()
	dir := t.TempDir()
	p := &cacheProbe{}
	p.env = &Env{CacheDir: dir, Warn: func(msg string) { p.warns = append(p.warns, msg) }}
	if _, err := p.run(); err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "x-*.json"))
	if len(entries) != 1 {
		t.Fatalf("%d entries, want 1", len(entries))
	}
	p.entry = entries[0]
	os.Remove(p.entry)
	return p
}

// run runs x through the cache: it computes 42.
func (p *cacheProbe) run() (int, error) {
	return cached(p.env, "x", []string{"decodeStrict"}, "k", func(int) error { return nil }, func() (int, error) { p.computed++; return 42, nil })
}
