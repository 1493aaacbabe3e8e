// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ordering

import (
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// ErrState is wrapped by the errors of Sampler.UnmarshalBinary: the saved
// state is truncated or corrupt, of another version, inconsistent, or of
// another orderer or size than the sampler it is restored into.
var ErrState = errors.New("invalid saved state")

// The saved state of a Sampler, all little-endian, integers as 8 bytes,
// slices as their length plus one (0 for nil) and their elements:
//
//	samplerMagic (as a slice), the version, the payload's length L,
//	the payload (the sampler's fields, then its order's state), and the
//	CRC-32C (Castagnoli) of every byte before it, in 4 bytes.
//
// The length makes every truncation an error and the checksum every flip
// of up to 32 bits in a row (CRC-32C detects every burst error of up to
// its width), whatever the payload decodes to. Version 1 (no length and
// no checksum) is refused as an unsupported version; version 2 is the
// present one.
const (
	samplerMagic   = "goodorder.Sampler"
	samplerVersion = 2
)

// castagnoli is the table of the saved state's checksum.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// stateful is implemented by the orders of the package whose state a
// sampler saves.
type stateful interface {
	// kind names the order in the saved state.
	kind() string
	// appendState appends the order's state, or returns an error if it
	// was not made by its constructor.
	appendState(e *encoder) error
	// readState restores the state written by appendState, for a sampler
	// of n components and gradients of length d (0: none observed yet),
	// or returns an error and leaves the order as it was.
	readState(r *decoder, n, d int) error
}

var (
	_ encoding.BinaryMarshaler   = (*Sampler)(nil)
	_ encoding.BinaryUnmarshaler = (*Sampler)(nil)
)

// MarshalBinary implements encoding.BinaryMarshaler: it returns the
// sampler's state (see Sampler), or an error wrapping ErrSetting if its
// orderer cannot be saved.
func (s *Sampler) MarshalBinary() ([]byte, error) {
	var e encoder
	e.str(samplerMagic)
	e.int(samplerVersion)
	e.int(0) // the payload's length, set below
	head := len(e.b)
	e.int(s.n)
	e.int(s.t)
	e.int(s.pos)
	e.int(s.d)
	e.ints(s.seq)
	switch o := s.o.(type) {
	case stateful:
		e.str(o.kind())
		if err := o.appendState(&e); err != nil {
			return nil, err
		}
	case encoding.BinaryMarshaler:
		b, err := o.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("ordering: saving the state of %T: %w", s.o, err)
		}
		e.str("external")
		e.bytes(b)
	default:
		return nil, fmt.Errorf("ordering: %w: %T cannot save its state (it is not an encoding.BinaryMarshaler)", ErrSetting, s.o)
	}
	binary.LittleEndian.PutUint64(e.b[head-8:head], uint64(len(e.b)-head))
	return binary.LittleEndian.AppendUint32(e.b, crc32.Checksum(e.b, castagnoli)), nil
}

// openState checks the frame of a saved state (its magic, version, length
// and checksum) and returns a decoder of its payload, or an error wrapping
// ErrState.
func openState(data []byte) (*decoder, error) {
	r := &decoder{b: data}
	if m := r.str(); r.err == nil && m != samplerMagic {
		return nil, fmt.Errorf("ordering: %w: not a saved sampler (starts with %q)", ErrState, m)
	}
	if v := r.int(); r.err == nil && v != samplerVersion {
		return nil, fmt.Errorf("ordering: %w: unsupported state version %d, want %d (a sampler saved by an older release cannot be restored by this one)", ErrState, v, samplerVersion)
	}
	l := r.int()
	if r.err != nil {
		return nil, r.err
	}
	if l < 0 || l != len(r.b)-4 {
		return nil, fmt.Errorf("ordering: %w: truncated or corrupt: payload of %d bytes, %d present", ErrState, l, len(r.b)-4)
	}
	body := len(data) - 4
	if got, want := crc32.Checksum(data[:body], castagnoli), binary.LittleEndian.Uint32(data[body:]); got != want {
		return nil, fmt.Errorf("ordering: %w: corrupt: checksum %08x, saved %08x", ErrState, got, want)
	}
	r.b = r.b[:l]
	return r, nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler: it restores a
// state saved by MarshalBinary into s, which must have been made by
// NewSampler with an orderer made the same way as the saved one's. It
// returns an error wrapping ErrState, and leaves s as it was, if data is
// truncated or corrupt (its length or checksum does not match), of
// another version, inconsistent (the checks of Sampler's "Saving and
// restoring"), or of another orderer, n or settings. (An orderer from
// outside the package restores its own state, and may leave it changed
// on error.)
func (s *Sampler) UnmarshalBinary(data []byte) error {
	r, err := openState(data)
	if err != nil {
		return err
	}
	if n := r.int(); r.err == nil && n != s.n {
		return fmt.Errorf("ordering: %w: saved sampler over n = %d components, this one over %d", ErrState, n, s.n)
	}
	t := r.intIn("epoch", -1, math.MaxInt32)
	pos := r.intIn("position", 0, maxLen)
	d := r.intIn("gradient length", 0, maxLen)
	seq := r.ints("sequence", s.n)
	kind := r.str()
	if r.err != nil {
		return r.err
	}
	switch {
	case t < 0 && (seq != nil || pos != 0 || d != 0):
		return fmt.Errorf("ordering: %w: saved sampler before its first epoch with a sequence or observations", ErrState)
	case t >= 0 && len(seq) == 0:
		return fmt.Errorf("ordering: %w: saved sampler in epoch %d without a sequence", ErrState, t)
	case pos > len(seq):
		return fmt.Errorf("ordering: %w: saved position %d past the sequence's %d entries", ErrState, pos, len(seq))
	case pos > 0 && d == 0:
		return fmt.Errorf("ordering: %w: saved position %d with no gradient observed", ErrState, pos)
	}
	// The order checks its state against the sampler's.
	r.t, r.pos, r.seq = t, pos, seq
	switch o := s.o.(type) {
	case stateful:
		if kind != o.kind() {
			return fmt.Errorf("ordering: %w: saved state of %s, the sampler drives %s", ErrState, kind, o.kind())
		}
		if err := o.readState(r, s.n, d); err != nil {
			return err
		}
	case encoding.BinaryUnmarshaler:
		b := r.bytes()
		if r.err != nil {
			return r.err
		}
		if kind != "external" {
			return fmt.Errorf("ordering: %w: saved state of %s, the sampler drives %T", ErrState, kind, s.o)
		}
		if len(r.b) != 0 {
			return fmt.Errorf("ordering: %w: %d bytes after the saved state", ErrState, len(r.b))
		}
		if err := o.UnmarshalBinary(b); err != nil {
			return fmt.Errorf("ordering: %w: restoring %T: %w", ErrState, s.o, err)
		}
	default:
		return fmt.Errorf("ordering: %w: %T cannot restore a state (it is not an encoding.BinaryUnmarshaler)", ErrSetting, s.o)
	}
	if t >= 0 {
		if err := s.start(t, seq); err != nil {
			// readState validated everything; start cannot fail on a
			// sequence of indices in [0, n).
			panic(err)
		}
	} else {
		s.seq, s.t = nil, -1
	}
	s.pos, s.d = pos, d
	return nil
}

// encoder appends a saved state.
type encoder struct{ b []byte }

func (e *encoder) u64(v uint64) { e.b = binary.LittleEndian.AppendUint64(e.b, v) }
func (e *encoder) int(v int)    { e.u64(uint64(int64(v))) }
func (e *encoder) f64(v float64) {
	e.u64(math.Float64bits(v))
}
func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

// length writes the length of a slice plus one, 0 for nil.
func (e *encoder) length(n int, isNil bool) {
	if isNil {
		e.int(0)
		return
	}
	e.int(n + 1)
}
func (e *encoder) bytes(b []byte) {
	e.length(len(b), b == nil)
	e.b = append(e.b, b...)
}
func (e *encoder) str(s string) { e.bytes([]byte(s)) }
func (e *encoder) ints(s []int) {
	e.length(len(s), s == nil)
	for _, v := range s {
		e.int(v)
	}
}
func (e *encoder) f64s(s []float64) {
	e.length(len(s), s == nil)
	for _, v := range s {
		e.f64(v)
	}
}
func (e *encoder) f32s(s []float32) {
	e.length(len(s), s == nil)
	for _, v := range s {
		e.b = binary.LittleEndian.AppendUint32(e.b, math.Float32bits(v))
	}
}
func (e *encoder) bools(s []bool) {
	e.length(len(s), s == nil)
	for _, v := range s {
		e.bool(v)
	}
}
func (e *encoder) pcg(p *rand.PCG) {
	b, _ := p.MarshalBinary() // it never fails
	e.bytes(b)
}

// matrix writes m (nil allowed) row by row.
func (e *encoder) matrix(m *mat.Dense) {
	r, c := dimsOr0(m)
	e.bool(m != nil)
	e.int(r)
	e.int(c)
	if m == nil {
		return
	}
	raw := m.RawMatrix()
	for i := range r {
		for _, v := range raw.Data[i*raw.Stride : i*raw.Stride+c] {
			e.f64(v)
		}
	}
}

// decoder reads a saved state; the first error sticks, and every read
// after it returns zero values.
type decoder struct {
	b   []byte
	err error
	// The sampler's saved epoch, position in it and sequence (nil before
	// the first epoch), read before its order's state, which the order
	// checks against them.
	t, pos int
	seq    []int
}

func (r *decoder) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("ordering: %w: "+format, append([]any{ErrState}, args...)...)
	}
}

func (r *decoder) u64() uint64 {
	if r.err != nil {
		return 0
	}
	if len(r.b) < 8 {
		r.fail("truncated (%d bytes left, want 8)", len(r.b))
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *decoder) int() int { return int(int64(r.u64())) }

// intIn reads an int and fails unless it is in [lo, hi].
func (r *decoder) intIn(name string, lo, hi int) int {
	v := r.int()
	if r.err == nil && (v < lo || v > hi) {
		r.fail("%s = %d, want [%d, %d]", name, v, lo, hi)
		return 0
	}
	return v
}

func (r *decoder) f64() float64 { return math.Float64frombits(r.u64()) }

func (r *decoder) bool() bool {
	if r.err != nil {
		return false
	}
	if len(r.b) < 1 {
		r.fail("truncated (want a byte)")
		return false
	}
	v := r.b[0]
	r.b = r.b[1:]
	if v > 1 {
		r.fail("boolean byte %d, want 0 or 1", v)
	}
	return v == 1
}

// length reads a slice length written by encoder.length for elements of
// size bytes each, and reports whether the slice is nil. It fails if the
// data left cannot hold it, so that corrupt input cannot allocate more
// than its own size.
func (r *decoder) length(size int) (int, bool) {
	v := r.int()
	if r.err != nil {
		return 0, true
	}
	if v < 0 || v-1 > len(r.b)/size {
		r.fail("slice of %d entries, %d bytes left", v-1, len(r.b))
		return 0, true
	}
	return v - 1, v == 0
}

func (r *decoder) bytes() []byte {
	n, isNil := r.length(1)
	if isNil {
		return nil
	}
	b := append([]byte{}, r.b[:n]...)
	r.b = r.b[n:]
	return b
}

func (r *decoder) str() string { return string(r.bytes()) }

// ints reads a slice of ints, each in [0, lim).
func (r *decoder) ints(name string, lim int) []int {
	n, isNil := r.length(8)
	if isNil {
		return nil
	}
	s := make([]int, n)
	for k := range s {
		s[k] = r.int()
		if r.err == nil && (s[k] < 0 || s[k] >= lim) {
			r.fail("%s entry %d is %d, want [0, %d)", name, k, s[k], lim)
		}
	}
	return s
}

func (r *decoder) f64s() []float64 {
	n, isNil := r.length(8)
	if isNil {
		return nil
	}
	s := make([]float64, n)
	for k := range s {
		s[k] = r.f64()
	}
	return s
}

func (r *decoder) f32s() []float32 {
	n, isNil := r.length(4)
	if isNil {
		return nil
	}
	s := make([]float32, n)
	for k := range s {
		s[k] = math.Float32frombits(binary.LittleEndian.Uint32(r.b[4*k:]))
	}
	r.b = r.b[4*n:]
	return s
}

func (r *decoder) bools() []bool {
	n, isNil := r.length(1)
	if isNil {
		return nil
	}
	s := make([]bool, n)
	for k := range s {
		s[k] = r.bool()
	}
	return s
}

// pcg reads a PCG's state into a new PCG.
func (r *decoder) pcg() *rand.PCG {
	b := r.bytes()
	if r.err != nil {
		return nil
	}
	p := new(rand.PCG)
	if err := p.UnmarshalBinary(b); err != nil {
		r.fail("random stream: %v", err)
		return nil
	}
	return p
}

// matrix reads a matrix written by encoder.matrix.
func (r *decoder) matrix() *mat.Dense {
	ok := r.bool()
	rows, cols := r.intIn("rows", 0, maxGreedyRows), r.intIn("columns", 0, maxLen)
	if r.err != nil || !ok {
		if ok || rows != 0 || cols != 0 {
			r.fail("absent matrix of %d×%d", rows, cols)
		}
		return nil
	}
	if rows == 0 || cols == 0 || rows > len(r.b)/8/cols {
		r.fail("matrix of %d×%d, %d bytes left", rows, cols, len(r.b))
		return nil
	}
	data := make([]float64, rows*cols)
	for k := range data {
		data[k] = r.f64()
	}
	return mat.NewDense(rows, cols, data)
}

// check fails with the message if bad.
func (r *decoder) check(bad bool, format string, args ...any) {
	if bad {
		r.fail(format, args...)
	}
}

// perm fails if p is not nil and not a permutation of [0, n), naming it.
func (r *decoder) perm(name string, p []int, n int) {
	if p == nil || r.err != nil {
		return
	}
	if err := checkPerm(p, n); err != nil {
		r.fail("%s: %v", name, err)
	}
}

// seqPerm fails unless the sampler's saved sequence, if any, is a
// permutation of [0, n), the sequence of the order name.
func (r *decoder) seqPerm(name string, n int) {
	if r.seq == nil || r.err != nil {
		return
	}
	if err := checkPerm(r.seq, n); err != nil {
		r.fail("saved sequence of %s: %v", name, err)
	}
}

// seqIs fails unless the sampler's saved sequence, if any, is want, the
// sequence of the order name in every epoch.
func (r *decoder) seqIs(name string, want []int) {
	r.check(r.err == nil && r.seq != nil && !slices.Equal(r.seq, want), "saved sequence is not %s's", name)
}

// end returns the decoder's error, or one if bytes are left over.
func (r *decoder) end() error {
	if r.err == nil && len(r.b) != 0 {
		r.fail("%d bytes after the saved state", len(r.b))
	}
	return r.err
}

// readRand reads a PCG state and returns the generator and its source.
func readRand(r *decoder) (*rand.Rand, *rand.PCG) {
	p := r.pcg()
	if p == nil {
		return nil, nil
	}
	return rand.New(p), p
}

// errNotMade is the error of saving an order that its constructor did
// not make.
func errNotMade(name, maker string) error {
	return fmt.Errorf("ordering: %w: %s not made by %s cannot save its state", ErrSetting, name, maker)
}

// sizeOf reads the size an order was saved with and fails unless it is
// want.
func sizeOf(r *decoder, name string, want int) {
	got := r.int()
	r.check(r.err == nil && got != want, "saved %s of %d, this one of %d", name, got, want)
}

func (o *RR) kind() string { return "RR" }
func (o *RR) appendState(e *encoder) error {
	if o.src == nil {
		return errNotMade("RR", "NewRR")
	}
	e.int(o.n)
	e.pcg(o.src)
	return nil
}
func (o *RR) readState(r *decoder, _, _ int) error {
	sizeOf(r, "RR", o.n)
	r.seqPerm("RR", o.n)
	rnd, src := readRand(r)
	if err := r.end(); err != nil {
		return err
	}
	o.rnd, o.src = rnd, src
	return nil
}

func (o *Incremental) kind() string { return "Incremental" }
func (o *Incremental) appendState(e *encoder) error {
	e.int(o.n)
	e.ints(o.seq)
	return nil
}
func (o *Incremental) readState(r *decoder, _, _ int) error {
	sizeOf(r, "Incremental", o.n)
	seq := r.ints("Incremental sequence", o.n)
	r.check(r.err == nil && !slices.Equal(seq, o.seq), "saved Incremental of another sequence")
	r.seqIs("Incremental", o.seq)
	return r.end()
}

func (o *ShuffleOnce) kind() string { return "ShuffleOnce" }
func (o *ShuffleOnce) appendState(e *encoder) error {
	if o.perm == nil {
		return errNotMade("ShuffleOnce", "NewShuffleOnce")
	}
	e.ints(o.perm)
	return nil
}
func (o *ShuffleOnce) readState(r *decoder, _, _ int) error {
	perm := r.ints("ShuffleOnce permutation", len(o.perm))
	r.check(r.err == nil && !slices.Equal(perm, o.perm), "saved ShuffleOnce of another seed")
	r.seqIs("ShuffleOnce", o.perm)
	return r.end()
}

func (o *SGD) kind() string { return "SGD" }
func (o *SGD) appendState(e *encoder) error {
	if o.src == nil {
		return errNotMade("SGD", "NewSGD")
	}
	e.int(o.n)
	e.int(o.length)
	e.pcg(o.src)
	return nil
}
func (o *SGD) readState(r *decoder, _, _ int) error {
	sizeOf(r, "SGD", o.n)
	sizeOf(r, "SGD length", o.length)
	r.check(r.err == nil && r.seq != nil && len(r.seq) != o.length, "saved SGD sequence of %d entries, want %d", len(r.seq), o.length)
	rnd, src := readRand(r)
	if err := r.end(); err != nil {
		return err
	}
	o.rnd, o.src = rnd, src
	return nil
}

func (o *FlipFlop) kind() string { return "FlipFlop" }
func (o *FlipFlop) appendState(e *encoder) error {
	if o.src == nil {
		return errNotMade("FlipFlop", "NewFlipFlop")
	}
	e.int(o.n)
	e.pcg(o.src)
	e.ints(o.perm)
	return nil
}
func (o *FlipFlop) readState(r *decoder, _, _ int) error {
	sizeOf(r, "FlipFlop", o.n)
	rnd, src := readRand(r)
	perm := r.ints("FlipFlop permutation", o.n)
	r.check(r.err == nil && perm != nil && checkPerm(perm, o.n) != nil, "FlipFlop permutation is not one of [0, %d)", o.n)
	// Epoch 2k serves the permutation, epoch 2k+1 its reverse.
	if r.err == nil && (r.seq == nil) != (perm == nil) {
		r.fail("saved FlipFlop permutation and sequence: one is missing")
	}
	if r.err == nil && r.seq != nil {
		want := slices.Clone(perm)
		if r.t%2 == 1 {
			slices.Reverse(want)
		}
		r.seqIs("FlipFlop", want)
	}
	if err := r.end(); err != nil {
		return err
	}
	o.rnd, o.src, o.perm = rnd, src, perm
	return nil
}

func (t *twoLevel) appendTwoLevel(e *encoder, name, maker string) error {
	if t.src == nil {
		return errNotMade(name, maker)
	}
	e.int(t.n)
	e.int(t.m)
	e.pcg(t.src)
	return nil
}
func (t *twoLevel) readTwoLevel(r *decoder, name string) (*rand.Rand, *rand.PCG) {
	sizeOf(r, name+" N", t.n)
	sizeOf(r, name+" m", t.m)
	return readRand(r)
}

func (o *StandardShuffle) kind() string { return "StandardShuffle" }
func (o *StandardShuffle) appendState(e *encoder) error {
	return o.appendTwoLevel(e, "StandardShuffle", "NewStandardShuffle")
}
func (o *StandardShuffle) readState(r *decoder, _, _ int) error {
	rnd, src := o.readTwoLevel(r, "StandardShuffle")
	r.seqPerm("StandardShuffle", o.n*o.m)
	if err := r.end(); err != nil {
		return err
	}
	o.rnd, o.src = rnd, src
	return nil
}

func (o *SGDInternal) kind() string { return "SGDInternal" }
func (o *SGDInternal) appendState(e *encoder) error {
	if err := o.appendTwoLevel(e, "SGDInternal", "NewSGDInternal"); err != nil {
		return err
	}
	e.ints(o.perm)
	return nil
}
func (o *SGDInternal) readState(r *decoder, _, _ int) error {
	rnd, src := o.readTwoLevel(r, "SGDInternal")
	perm := r.ints("SGDInternal permutation", o.n)
	r.check(r.err == nil && checkPerm(perm, o.n) != nil, "SGDInternal permutation is not one of [0, %d)", o.n)
	if r.err == nil && r.seq != nil {
		checkInternalSeq(r, r.seq, perm, o.n, o.m)
	}
	if err := r.end(); err != nil {
		return err
	}
	o.rnd, o.src, o.perm = rnd, src, perm
	return nil
}

// checkInternalSeq fails unless seq is an epoch of SGDInternal over n
// top-level functions of m low-level ones whose last round's top indices
// are perm: m rounds, each a permutation of the n top indices.
func checkInternalSeq(r *decoder, seq, perm []int, n, m int) {
	if len(seq) != n*m {
		r.fail("saved SGDInternal sequence of %d entries, want %d", len(seq), n*m)
		return
	}
	top := make([]int, n)
	for k := range m {
		for j, i := range seq[k*n : (k+1)*n] {
			top[j] = i / m
		}
		if err := checkPerm(top, n); err != nil {
			r.fail("saved SGDInternal round %d: %v", k, err)
			return
		}
	}
	r.check(!slices.Equal(top, perm), "saved SGDInternal sequence does not end with its permutation")
}

func (o *MultiLevel) kind() string { return "MultiLevel" }
func (o *MultiLevel) appendState(e *encoder) error {
	if o.src == nil {
		return errNotMade("MultiLevel", "NewMultiLevel")
	}
	e.ints(o.sizes)
	e.ints(o.k)
	e.pcg(o.src)
	return nil
}
func (o *MultiLevel) readState(r *decoder, _, _ int) error {
	sizes := r.ints("MultiLevel sizes", maxLen+1)
	k := r.ints("MultiLevel K", maxLen+1)
	r.check(r.err == nil && (!slices.Equal(sizes, o.sizes) || !slices.Equal(k, o.k)), "saved MultiLevel of sizes %v and K %v, this one %v and %v", sizes, k, o.sizes, o.k)
	r.seqPerm("MultiLevel", o.components())
	rnd, src := readRand(r)
	if err := r.end(); err != nil {
		return err
	}
	o.rnd, o.src = rnd, src
	return nil
}

// appendBalancer writes what both balancing orders share.
func (b *balancer) appendBalancer(e *encoder) {
	e.int(b.n)
	e.int(int(b.set.Rule))
	e.bool(b.set.Strict)
	e.bool(b.set.FirstEpochRunningMean)
	e.pcg(b.src)
	e.f64(b.maxSC)
	e.ints(b.next)
	e.bools(b.seen)
	e.int(b.left)
	e.int(b.right)
}

// readBalancer reads a balancer written by appendBalancer into a copy of
// b, checking it against b's settings.
func (b *balancer) readBalancer(r *decoder, name string) balancer {
	c := *b
	sizeOf(r, name, b.n)
	sizeOf(r, name+" sign rule", int(b.set.Rule))
	strict := r.bool()
	r.check(r.err == nil && strict != b.set.Strict, "saved %s with Strict = %v, this one %v", name, strict, b.set.Strict)
	running := r.bool()
	r.check(r.err == nil && running != b.set.FirstEpochRunningMean, "saved %s with FirstEpochRunningMean = %v, this one %v", name, running, b.set.FirstEpochRunningMean)
	c.rnd, c.src = readRand(r)
	c.maxSC = r.f64()
	c.next = r.ints(name+" order being built", b.n)
	c.seen = r.bools()
	c.left, c.right = r.int(), r.int()
	if r.err != nil {
		return c
	}
	r.check(!(c.maxSC >= 0) || math.IsInf(c.maxSC, 1), "saved %s largest |<s, c>| = %v", name, c.maxSC)
	if c.next == nil && c.seen == nil {
		return c
	}
	r.check(len(c.next) != b.n || len(c.seen) != b.n, "saved %s buffers of %d and %d entries, want %d", name, len(c.next), len(c.seen), b.n)
	placed := 0
	for _, ok := range c.seen {
		if ok {
			placed++
		}
	}
	r.check(c.left < 0 || c.right < c.left-1 || c.right >= b.n || placed != c.left+b.n-1-c.right,
		"saved %s with %d components placed, front %d and back %d", name, placed, c.left, c.right)
	return c
}

// checkBalancing fails unless the state of the balancing order name (its
// balancer b, the order it serves, last, whether it started building the
// next, and the pending first gradient of a pair, -1 if none) is the one
// the sampler's saved sequence and position imply: last is the sequence,
// the order is being built if and only if a gradient was observed in the
// epoch, and the components placed and the pending one are distinct and
// from the positions before the saved one. It returns the number placed.
func checkBalancing(r *decoder, name string, b *balancer, last []int, started bool, pendingI int) int {
	if r.err != nil {
		return 0
	}
	switch {
	case r.seq == nil && (last != nil || started):
		r.fail("saved %s with an order before its first epoch", name)
		return 0
	case r.seq == nil:
		return 0
	case !slices.Equal(last, r.seq):
		r.fail("saved %s serving another sequence than the sampler's", name)
		return 0
	case started != (r.pos > 0):
		r.fail("saved %s building an order = %v at position %d", name, started, r.pos)
		return 0
	case !started:
		return 0
	}
	at := make([]int, b.n) // the position of each component in last
	for k, i := range last {
		at[i] = k
	}
	mark := make([]bool, b.n)
	placed := 0
	for k, i := range b.next {
		if k >= b.left && k <= b.right {
			continue
		}
		if mark[i] || !b.seen[i] || at[i] >= r.pos {
			r.fail("saved %s places component %d (position %d) twice, unmarked or before it is observed (position %d)", name, i, at[i], r.pos)
			return 0
		}
		mark[i] = true
		placed++
	}
	r.check(pendingI >= 0 && (b.seen[pendingI] || at[pendingI] >= r.pos), "saved %s with component %d (position %d) pending, placed already or not yet observed (position %d)", name, pendingI, at[max(pendingI, 0)], r.pos)
	return placed
}

// appendFloats writes v as float64s or float32s, by S.
func appendFloats[S float32 | float64](e *encoder, v []S) {
	if v, ok := any(v).([]float32); ok {
		e.f32s(v)
		return
	}
	e.f64s(any(v).([]float64))
}

// readFloats reads a vector written by appendFloats.
func readFloats[S float32 | float64](r *decoder) []S {
	if is32[S]() {
		return any(r.f32s()).([]S)
	}
	return any(r.f64s()).([]S)
}

// checkSums fails r if an entry of v is not finite, or for float32 not
// below lim32 in magnitude (the bounds the float32 orders keep their sums,
// 2^127, and means, 2^99, under).
func checkSums[S float32 | float64](r *decoder, what string, v []S, lim32 float64) {
	lim := math.Inf(1)
	if is32[S]() {
		lim = lim32
	}
	for j, x := range v {
		if !(math.Abs(float64(x)) < lim) {
			r.fail("saved %s entry %d = %v, out of range", what, j, x)
			return
		}
	}
}

func (o *meanBalance[S]) kind() string {
	if is32[S]() {
		return "MeanBalance32"
	}
	return "MeanBalance"
}
func (o *meanBalance[S]) appendState(e *encoder) error {
	if o.b.src == nil {
		return errNotMade(o.kind(), "New"+o.kind())
	}
	if o.err != nil {
		return o.err
	}
	o.b.appendBalancer(e)
	appendFloats(e, o.s)
	// Until there is a previous epoch's mean, prevMean holds zeros or (in
	// MeanBalance32 with FirstEpochRunningMean) a running mean each
	// observation recomputes: zeros are saved.
	prev := o.prevMean
	if !o.havePrev && prev != nil {
		prev = make([]S, len(prev))
	}
	appendFloats(e, prev)
	appendFloats(e, o.curMean)
	e.int(o.count)
	e.bool(o.started)
	e.bool(o.havePrev)
	e.ints(o.lastOrder)
	return nil
}
func (o *meanBalance[S]) readState(r *decoder, _, d int) error {
	name := o.kind()
	b := o.b.readBalancer(r, name)
	s, prev, cur := readFloats[S](r), readFloats[S](r), readFloats[S](r)
	count := r.intIn(name+" count", 0, math.MaxInt)
	started, havePrev := r.bool(), r.bool()
	last := r.ints(name+" order", o.b.n)
	if r.err == nil {
		r.check(len(s) != len(prev) || len(prev) != len(cur) || (s != nil && len(s) != d), "saved %s sum and means of lengths %d, %d and %d, gradients of length %d", name, len(s), len(prev), len(cur), d)
		r.check(started && (d == 0 || len(b.next) != o.b.n || len(s) != d), "saved %s started without its buffers", name)
		r.check(havePrev && prev == nil, "saved %s with a mean it does not hold", name)
		r.check(!havePrev && slices.ContainsFunc(prev, func(v S) bool { return v != 0 }), "saved %s with a mean before it has one", name)
		checkSums(r, name+" sum", s, 0x1p127)
		checkSums(r, name+" mean", prev, pair32Limit)
		checkSums(r, name+" running sum", cur, 0x1p127)
		r.perm("saved "+name+" order", last, o.b.n)
		placed := checkBalancing(r, name, &b, last, started, -1)
		r.check(r.err == nil && started && count != placed, "saved %s with %d gradients observed and %d components placed", name, count, placed)
		r.check(r.err == nil && !started && count != 0, "saved %s outside an epoch with %d gradients observed", name, count)
	}
	if err := r.end(); err != nil {
		return err
	}
	// A saved state holds no error (appendState refuses to save one).
	o.b, o.s, o.prevMean, o.curMean, o.count, o.started, o.havePrev, o.lastOrder, o.err = b, s, prev, cur, count, started, havePrev, last, nil
	return nil
}

func (o *pairBalance[S]) kind() string {
	if is32[S]() {
		return "PairBalance32"
	}
	return "PairBalance"
}
func (o *pairBalance[S]) appendState(e *encoder) error {
	if o.b.src == nil {
		return errNotMade(o.kind(), "New"+o.kind())
	}
	if o.err != nil {
		return o.err
	}
	o.b.appendBalancer(e)
	appendFloats(e, o.s)
	// If no gradient is pending, the buffer holds an old or a rejected
	// one, which is not part of the state: zeros are saved.
	pending := o.pending
	if o.pendingI < 0 && pending != nil {
		pending = make([]S, len(pending))
	}
	appendFloats(e, pending)
	e.int(o.pendingI)
	e.bool(o.started)
	e.ints(o.lastOrder)
	return nil
}
func (o *pairBalance[S]) readState(r *decoder, _, d int) error {
	name := o.kind()
	b := o.b.readBalancer(r, name)
	s, pending := readFloats[S](r), readFloats[S](r)
	pendingI := r.intIn(name+" pending component", -1, o.b.n-1)
	started := r.bool()
	last := r.ints(name+" order", o.b.n)
	if r.err == nil {
		r.check(len(s) != len(pending) || (s != nil && len(s) != d), "saved %s sum and pending gradient of lengths %d and %d, gradients of length %d", name, len(s), len(pending), d)
		r.check(started && (d == 0 || len(b.next) != o.b.n || len(s) != d), "saved %s started without its buffers", name)
		r.check(pendingI >= 0 && !started, "saved %s with a pending gradient outside an epoch", name)
		r.check(!takes[S](pending), "saved %s pending gradient with an entry out of range", name)
		checkSums(r, name+" sum", s, 0x1p127)
		r.perm("saved "+name+" order", last, o.b.n)
		checkBalancing(r, name, &b, last, started, pendingI)
		r.check(pendingI < 0 && slices.ContainsFunc(pending, func(v S) bool { return v != 0 }), "saved %s with no pending component but a pending gradient", name)
	}
	if err := r.end(); err != nil {
		return err
	}
	// A saved state holds no error (appendState refuses to save one).
	o.b, o.s, o.pending, o.pendingI, o.started, o.lastOrder, o.err = b, s, pending, pendingI, started, last, nil
	return nil
}

// appendRows writes the stored rows of a stale order.
func (s *staleRows) appendRows(e *encoder) {
	e.matrix(s.m)
	e.bools(s.fresh)
	e.bool(s.centred)
	e.f64s(s.sel.mean)
}

// readRows reads rows written by appendRows, which must be n×c if
// present.
func readRows(r *decoder, name string, n, c int) staleRows {
	var s staleRows
	s.m = r.matrix()
	s.fresh = r.bools()
	s.centred = r.bool()
	s.sel.mean = r.f64s()
	if r.err != nil {
		return s
	}
	rows, cols := dimsOr0(s.m)
	switch {
	case s.m == nil:
		r.check(s.fresh != nil || s.centred, "saved %s without rows but with their marks", name)
	case rows != n || cols != c:
		r.fail("saved %s rows of %d×%d, want %d×%d", name, rows, cols, n, c)
	case len(s.fresh) != n:
		r.fail("saved %s with %d row marks, want %d", name, len(s.fresh), n)
	case s.centred && len(s.sel.mean) != c:
		r.fail("saved %s centred on a mean of length %d, want %d", name, len(s.sel.mean), c)
	}
	return s
}

func (o *StaleGreedy) kind() string { return "StaleGreedy" }
func (o *StaleGreedy) appendState(e *encoder) error {
	e.int(o.Every)
	e.int(o.n)
	o.rows.appendRows(e)
	e.ints(o.order)
	return nil
}
func (o *StaleGreedy) readState(r *decoder, n, d int) error {
	sizeOf(r, "StaleGreedy Every", o.Every)
	sn := r.intIn("StaleGreedy N", 0, n)
	rows := readRows(r, "StaleGreedy", sn, d)
	order := r.ints("StaleGreedy order", max(sn, 1))
	r.check(r.err == nil && r.seq != nil && sn != n, "saved StaleGreedy over N = %d in epoch %d, want %d", sn, r.t, n)
	r.seqPerm("StaleGreedy", n)
	r.check(r.err == nil && order != nil && len(order) != sn, "saved StaleGreedy order of %d entries, want %d", len(order), sn)
	if err := r.end(); err != nil {
		return err
	}
	o.n, o.rows, o.order = sn, rows, order
	return nil
}

func (o *SketchedGreedy) kind() string { return "SketchedGreedy" }
func (o *SketchedGreedy) appendState(e *encoder) error {
	e.int(o.K)
	e.u64(o.Seed)
	e.bool(o.Stale)
	e.int(o.Every)
	e.int(o.n)
	e.int(o.d)
	o.rows.appendRows(e)
	e.ints(o.order)
	return nil
}
func (o *SketchedGreedy) readState(r *decoder, n, d int) error {
	sizeOf(r, "SketchedGreedy K", o.K)
	seed := r.u64()
	r.check(r.err == nil && seed != o.Seed, "saved SketchedGreedy of seed %d, this one %d", seed, o.Seed)
	stale := r.bool()
	r.check(r.err == nil && stale != o.Stale, "saved SketchedGreedy with Stale = %v, this one %v", stale, o.Stale)
	sizeOf(r, "SketchedGreedy Every", o.Every)
	sn := r.intIn("SketchedGreedy N", 0, n)
	sd := r.intIn("SketchedGreedy gradient length", 0, maxLen)
	r.check(r.err == nil && sd != 0 && sd != d, "saved SketchedGreedy of gradients of length %d, want %d", sd, d)
	rows := readRows(r, "SketchedGreedy", sn, min(max(o.K, 1), sd))
	order := r.ints("SketchedGreedy order", max(sn, 1))
	r.check(r.err == nil && r.seq != nil && sn != n, "saved SketchedGreedy over N = %d in epoch %d, want %d", sn, r.t, n)
	r.seqPerm("SketchedGreedy", n)
	r.check(r.err == nil && order != nil && len(order) != sn, "saved SketchedGreedy order of %d entries, want %d", len(order), sn)
	r.check(r.err == nil && rows.m != nil && sd == 0, "saved SketchedGreedy with rows but no sketch")
	var sk *CountSketch
	if r.err == nil && sd > 0 {
		var err error
		if sk, err = NewCountSketch(sd, min(o.K, sd), o.Seed); err != nil {
			r.fail("SketchedGreedy sketch: %v", err)
		}
	}
	if err := r.end(); err != nil {
		return err
	}
	o.n, o.d, o.sketch, o.rows, o.order, o.g = sn, sd, sk, rows, order, nil
	return nil
}
