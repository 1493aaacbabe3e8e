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
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/paper/atomic"
)

// cacheKey is the full key of a cached run, stored in its entry and
// compared on read: the run's name, the hash of the code that computes it
// (the declarations reachable from its roots, see cachecode.go and
// doc.go), the builds that could round differently (the BLAS and its
// kernel, the Go release, the gonum modules), and the run's own key: every
// parameter its result depends on, seed included, and nothing else.
type cacheKey struct {
	Name    string
	Code    string
	BLAS    string
	Kernel  string `json:",omitempty"`
	Go      string
	Modules string
	Key     any
}

// cacheEntry is the content of a cache file: the full key as JSON, the
// SHA-256 of the payload in hex, and the payload, the run's result as
// JSON. An entry is used only if it decodes strictly, its key is the one
// asked for, its payload has its hash, and the payload decodes strictly
// into a result that passes the run's check.
type cacheEntry struct {
	Key     json.RawMessage
	SHA256  string
	Payload json.RawMessage
}

// numericModules returns the versions of the modules outside this one that
// compute numbers (gonum and its BLAS bindings), as linked into this
// build: a new version may round differently.
var numericModules = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	var mods []string
	for _, m := range info.Deps {
		if m.Path == "gonum.org/v1/gonum" || m.Path == "gonum.org/v1/netlib" {
			if m.Replace != nil {
				m = m.Replace
			}
			mods = append(mods, m.Path+"@"+m.Version)
		}
	}
	return strings.Join(mods, " ")
})

// cached is the one entry point of the run cache: every cached run goes
// through it (runCached for a claim's whole run, Table1Config.Run and TwoLevelConfig.Run
// for their runs and rows). It returns the result of compute for key, from
// env's cache folder if a valid entry for the same name, version and key
// is there (and env.Fresh is not set), else by calling compute and storing
// its result atomically. roots names the declarations of this package that
// do the work (a function "runTheorem1" or a method "Table1Config.Run"):
// the key holds a hash of the code reachable from them, so that an edit to
// that code recomputes the run and an edit elsewhere does not
// (TestCachedRoots checks that every call's compute is reachable from its
// roots). An entry that is not valid (see cacheEntry; check
// validates the decoded result) is reported through env.warn, naming its
// file and what is wrong, and recomputed: it is never used. It is safe for
// concurrent use with distinct keys. The key must marshal to JSON and hold
// every parameter the result depends on, seed included, and nothing else.
func cached[T any](env *Env, name string, roots []string, key any, check func(T) error, compute func() (T, error)) (T, error) {
	var zero T
	if env.CacheDir == "" {
		if env.CachedOnly {
			return zero, fmt.Errorf("paper: %s: %w (Env.CachedOnly without a CacheDir)", name, ErrNotCached)
		}
		return compute()
	}
	code, err := codeHash(roots)
	if err != nil {
		return zero, fmt.Errorf("paper: cache key of %s: %w", name, err)
	}
	kb, err := json.Marshal(cacheKey{name, code, ordering.BLAS, ordering.BLASKernel(), runtime.Version(), numericModules(), key})
	if err != nil {
		return zero, fmt.Errorf("paper: cache key of %s: %w", name, err)
	}
	sum := sha256.Sum256(kb)
	path := filepath.Join(env.CacheDir, name+"-"+hex.EncodeToString(sum[:8])+".json")
	if !env.Fresh {
		b, err := readEntry(path)
		switch {
		case err == nil:
			v, err := decodeEntry(b, kb, check)
			if err == nil {
				env.reused.Add(1)
				return v, nil
			}
			env.warn(fmt.Sprintf("paper: ignoring cache entry %s (recomputing it): %v", path, err))
		case !errors.Is(err, fs.ErrNotExist):
			// Unreadable, too large, or not a regular file (a folder,
			// a pipe, a device, a link to one): a bad entry like any
			// other.
			env.warn(fmt.Sprintf("paper: ignoring cache entry %s (recomputing it): %v", path, err))
		}
	}
	if env.CachedOnly && !env.Fresh {
		return zero, fmt.Errorf("paper: %s: %w (Env.CachedOnly)", name, ErrNotCached)
	}
	v, err := compute()
	if err != nil {
		return zero, err
	}
	pb, err := json.Marshal(v)
	if err != nil {
		return zero, fmt.Errorf("paper: caching %s: %w", name, err)
	}
	ps := sha256.Sum256(pb)
	b, err := json.Marshal(cacheEntry{Key: kb, SHA256: hex.EncodeToString(ps[:]), Payload: pb})
	if err != nil {
		return zero, fmt.Errorf("paper: caching %s: %w", name, err)
	}
	if len(b) > maxEntry {
		env.warn(fmt.Sprintf("paper: not caching %s: %d bytes, more than the %d an entry may hold", path, len(b), maxEntry))
		return v, nil
	}
	if err := os.MkdirAll(env.CacheDir, 0o755); err != nil {
		return zero, fmt.Errorf("paper: cache folder: %w", err)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		// An empty folder in the way goes; one with files in it is the
		// user's, left alone, and the run is not cached.
		if err := os.Remove(path); err != nil {
			env.warn(fmt.Sprintf("paper: not caching %s: a folder that is not empty is in the way", path))
			return v, nil
		}
	}
	if err := atomic.WriteFile(path, b, 0o644); err != nil {
		if errors.Is(err, atomic.ErrNotRegular) {
			// Something that is not ours stands there (a pipe, a
			// device, a link to one): left alone, the run not cached.
			env.warn(fmt.Sprintf("paper: not caching %s: %v", path, err))
			return v, nil
		}
		return zero, fmt.Errorf("paper: caching %s: %w", name, err)
	}
	return v, nil
}

// maxEntry is the most bytes a cache entry may hold: 1 GiB, hundreds of
// times the largest real entry (a few MB at the default scale), so that a
// read of a corrupt entry, or of a link to an endless file, stays bounded.
// A larger result is not cached (with a warning).
const maxEntry = 1 << 30

// readEntry returns the contents of the cache entry at path. It reads
// only a regular file (not a link) of at most maxEntry bytes
// (atomic.ReadFile): anything else is an error that names what it is, so
// that a named pipe never blocks the run and a device never floods it. A
// missing entry is an error wrapping fs.ErrNotExist.
func readEntry(path string) ([]byte, error) {
	return atomic.ReadFile(path, maxEntry)
}

// decodeEntry returns the result held by the cache entry b if its key is
// key, its payload has its hash, and the payload decodes strictly into a
// T that passes check; else an error saying which of these fails.
func decodeEntry[T any](b, key []byte, check func(T) error) (T, error) {
	var (
		zero T
		e    cacheEntry
	)
	if err := decodeStrict(b, &e); err != nil {
		return zero, fmt.Errorf("not an entry: %w", err)
	}
	switch {
	case len(e.Key) == 0 || len(e.Payload) == 0 || e.SHA256 == "":
		return zero, errors.New("not an entry: no key, hash or payload")
	case !bytes.Equal(e.Key, key):
		return zero, errors.New("the entry's key is not the one asked for")
	}
	sum := sha256.Sum256(e.Payload)
	if hex.EncodeToString(sum[:]) != e.SHA256 {
		return zero, errors.New("the payload does not have its SHA-256")
	}
	var v T
	if err := decodeStrict(e.Payload, &v); err != nil {
		return zero, fmt.Errorf("payload: %w", err)
	}
	if err := check(v); err != nil {
		return zero, fmt.Errorf("payload: %w", err)
	}
	return v, nil
}

// decodeStrict decodes the one JSON value of b into v, rejecting unknown
// fields and anything after the value.
func decodeStrict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// dataReader is a claim's config whose runs read data sets: dataSets
// names them as dataset.Load does ("mnist", ...), so that runCached keys
// the runs on the contents of their files (dataDigest).
type dataReader interface {
	dataSets() []string
}

// dataKey returns the digests (dataDigest) of the data sets c reads, in
// the order its dataSets method names them, or nil if c is not a
// dataReader. Hashing the files takes a moment the first time in a
// process and does not look at ctx: an interrupt returns at once.
func dataKey(ctx context.Context, c any) ([]string, error) {
	r, ok := c.(dataReader)
	if !ok {
		return nil, nil
	}
	var digests []string
	for _, name := range r.dataSets() {
		d, err := interruptible(ctx, func() (string, error) { return dataDigest(name) })
		if err != nil {
			return nil, err
		}
		digests = append(digests, name+":"+d)
	}
	return digests, nil
}
