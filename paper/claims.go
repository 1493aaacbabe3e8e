// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/goodorder/goodorder/paper/chart"
)

// Scale is how much work a claim does.
type Scale int

const (
	// Smoke is a seconds-long run that exercises every code path (CI).
	Smoke Scale = iota
	// Default is the scale of the committed figures and report: minutes
	// on a 2-core machine.
	Default
	// Paper is the paper's protocol where this machine allows it: the
	// scale the reproduce command and $GOODORDER_SCALE call "paper".
	Paper
)

// Full is the old name of Paper.
//
// Deprecated: use Paper, the scale's name everywhere else.
const Full = Paper

// DefaultSeed is the base seed of the committed report, the reproduce
// command's default (-seed) and the notebooks; a nil *Env uses it.
const DefaultSeed = 1

var scaleNames = [...]string{"smoke", "default", "paper"}

// String returns the scale's flag name: smoke, default or paper.
func (s Scale) String() string {
	if s < 0 || int(s) >= len(scaleNames) {
		return fmt.Sprintf("Scale(%d)", int(s))
	}
	return scaleNames[s]
}

// ParseScale parses a scale name (smoke, default or paper; "full" is
// accepted for paper, the Go constant's old name).
func ParseScale(name string) (Scale, error) {
	for i, n := range scaleNames {
		if n == name {
			return Scale(i), nil
		}
	}
	if name == "full" {
		return Paper, nil
	}
	return 0, fmt.Errorf("paper: unknown scale %q, want one of %s", name, strings.Join(scaleNames[:], ", "))
}

// Verdict is the outcome of checking a claim.
type Verdict int

const (
	// Reproduced means our measurement agrees with the paper's statement.
	Reproduced Verdict = iota + 1
	// NotReproduced means our measurement contradicts it.
	NotReproduced
	// NotCheckable means the claim cannot be checked at this scale.
	NotCheckable
	// PartlyReproduced means some of the paper's statement agrees with our
	// measurement and some does not; the Summary says which part is which.
	PartlyReproduced
	// GoalMet and GoalNotMet judge our own goals beyond the paper (the
	// scalable claims), which the paper does not state and so cannot be
	// reproduced or not.
	GoalMet
	GoalNotMet
	// Inconclusive means the data settle neither way: a difference the
	// statement needs is not shown, nor is its absence (an equivalence
	// test), at the claim's fixed thresholds.
	Inconclusive
	// NotTested means the statement's precondition does not hold in our
	// setting, so the measurement says nothing about it (for example, no
	// loss to recover); the Summary says which precondition failed.
	NotTested
)

// String returns the verdict as it appears in the report.
func (v Verdict) String() string {
	switch v {
	case Reproduced:
		return "reproduced"
	case NotReproduced:
		return "not reproduced"
	case NotCheckable:
		return "not checkable"
	case PartlyReproduced:
		return "partly reproduced"
	case GoalMet:
		return "goal met"
	case GoalNotMet:
		return "goal not met"
	case Inconclusive:
		return "inconclusive"
	case NotTested:
		return "not tested"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Env is what a claim needs to run: the base seed, the workers,
// the folders of charts and cached runs, and a progress callback. A nil
// *Env passed to a claim's Run method means DefaultSeed (1, the seed of
// the report and the notebooks), GOMAXPROCS workers, no cache, no
// progress. An Env of your own uses the Seed you set: &Env{CacheDir: d}
// runs with seed 0, which is a seed like any other, not the report's.
//
// The scale is not part of it: a claim's config says it (XConfig{}.At(s)),
// and Claim.Run takes it, so that there is one place to say it.
type Env struct {
	// Seed is the base seed of every random choice.
	Seed uint64
	// Workers is the number of goroutines a claim may use; 0 means
	// GOMAXPROCS.
	Workers int
	// FigDir is the folder charts and their data are written to when a
	// claim has finished; "" writes none, leaving them to the caller (the
	// reproduce command writes them with the claim's result: SaveResult).
	FigDir string
	// CacheDir is the folder finished runs are cached in; "" disables the
	// cache.
	CacheDir string
	// Fresh ignores cached runs (they are still written).
	Fresh bool
	// CachedOnly computes nothing: a run that is not in the cache makes
	// the claim's Run return an error that wraps ErrNotCached, so that a
	// notebook can show a committed result instead of training for an
	// hour. It needs CacheDir, and is ignored with Fresh.
	CachedOnly bool
	// CIFAR10 is the folder of the binary CIFAR-10 batches
	// (data_batch_1.bin .. data_batch_5.bin, test_batch.bin) for the
	// claims that train on it; "" skips them.
	CIFAR10 string
	// Progress, if not nil, is told how much of the claim is done.
	Progress func(done, total int)
	// Warn, if not nil, is told of a problem the claim works around, such
	// as a bad cache entry that it recomputes, in one line naming the file;
	// nil prints the line on os.Stderr. It is never called twice at once.
	Warn func(msg string)
	// BadChart, if not nil, is told of each chart of the claim that
	// chart.Check rejects (the figure's base name, and Check's error,
	// which wraps chart.ErrLayout) instead of Warn, so that the caller
	// can fail on it: the reproduce command does. The charts are written
	// all the same, to be looked at. It is never called twice at once.
	BadChart func(base string, err error)
	// Runs, if positive, sets the runs per cell of the claim's protocol
	// (the unit of its intervals: runs, seeds or trials) in place of the
	// scale's: the confirmatory pass's registered runs, or more runs
	// where a user has the machines for them. A claim without such a
	// knob returns an error.
	Runs int
	// JudgedOnly, if set, leaves out the runs a claim reports beside its
	// verdict and does not judge (the study's sweep): the confirmatory
	// pass sets it, and a claim with no such runs ignores it.
	JudgedOnly bool

	reused atomic.Int64 // cached runs reused
	warnMu sync.Mutex   // serialises the calls of Warn
	// probe stops Run once its runs are read from the cache, before the
	// outcome and its charts (see Claim.InCache).
	probe bool
}

// orDefault returns e, or a new Env of the defaults if e is nil.
func (e *Env) orDefault() *Env {
	if e == nil {
		return &Env{Seed: DefaultSeed}
	}
	return e
}

// ErrNotCached is wrapped by the error of a claim's Run when Env.CachedOnly
// is set and a run it needs is not in the cache.
var ErrNotCached = errors.New("not in the cache")

// Reused reports whether the claim reused finished runs from the cache, so
// that its wall time is not that of a full run.
func (e *Env) Reused() bool { return e.reused.Load() > 0 }

// workers returns Workers, or GOMAXPROCS if it is not positive.
func (e *Env) workers() int {
	if e.Workers > 0 {
		return e.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// warn tells Warn, or os.Stderr, of msg.
func (e *Env) warn(msg string) {
	e.warnMu.Lock()
	defer e.warnMu.Unlock()
	if e.Warn != nil {
		e.Warn(msg)
		return
	}
	fmt.Fprintln(os.Stderr, msg)
}

func (e *Env) progress(done, total int) {
	if e.Progress != nil {
		e.Progress(done, total)
	}
}

// Row is one line of a claim's comparison table.
type Row struct {
	Quantity string `json:"quantity"`
	Paper    string `json:"paper"`
	Ours     string `json:"ours"`
}

// Outcome is what checking a claim found.
type Outcome struct {
	Verdict Verdict `json:"verdict"`
	// Summary is one line: our finding against the paper's.
	Summary string `json:"summary"`
	// Brief is one line of at most about 30 words: the verdict's key
	// number with its interval and the paper's number, for the front of
	// the report.
	Brief string `json:"brief,omitempty"`
	// Decides is the one number that decides the verdict, beside the
	// paper's, for the report's front table; nil where the claim names
	// none. Its value is formatted by the same expression as the Brief's or
	// the Summary's, from the same findings, so the front and the
	// section cannot disagree.
	Decides *Decider `json:"decides,omitempty"`
	// Tests are the interval tests the verdict rests on, each with the
	// p-value of its "holds", for the report to count and to control as
	// one family (Holm).
	Tests []IntervalTest `json:"tests,omitempty"`
	// Rows compare the paper's numbers with ours.
	Rows []Row `json:"rows,omitempty"`
	// Figures are base names of charts in the figure folder (each has
	// .png, .svg, .html and .csv files).
	Figures []string `json:"figures,omitempty"`
	// Protocol lists choices we made where the paper is silent.
	Protocol []string `json:"protocol,omitempty"`
	// Details is Markdown shown under the table.
	Details string `json:"details,omitempty"`

	// Timings are the measurements that depend on the machine: wall
	// times and speed ratios. They are kept out of the saved result and
	// the report, so that a rerun leaves those unchanged; the reproduce
	// command writes them to the timings file (TimingsFile).
	Timings []Row `json:"-"`

	// Charts are the charts of the outcome, in memory, for notebooks to
	// show; WriteFigures writes them and lists them in Figures.
	Charts []Figure `json:"-"`
	// Checks are named findings beside the verdict, each from a named
	// threshold of the claim, for notebooks to print as CHECK lines.
	Checks []Check `json:"-"`
	// Key is the claim's key number, the one measurement its verdict
	// turns on most, for the robustness pass to report its spread over
	// seeds; a zero Key (no Name) means the claim has none. It is kept out
	// of the saved result, which says it in its Summary.
	Key Key `json:"-"`
	// Judgement is what the claim's rule (Claim.Rule) found, part by
	// part, with the measures it judged; nil for a claim whose rule is
	// not declared as a value. The power analysis reads it.
	Judgement *Judgement `json:"-"`
}

// Key is a claim's key number: what it measures, and its value.
type Key struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Check is one named finding of an outcome: whether it holds, and what was
// measured against what.
type Check struct {
	Name   string
	OK     bool
	Detail string
	// Unsettled marks a part of a rule that the run settles neither way
	// (Inconclusive): not OK, and not refuted either.
	Unsettled bool
}

func (o *Outcome) addCheck(name string, ok bool, format string, args ...any) {
	o.Checks = append(o.Checks, Check{Name: name, OK: ok, Detail: fmt.Sprintf(format, args...)})
}

// Figure is a chart with the base name of its files.
type Figure struct {
	Base  string
	Title string
	Chart chart.Chart
}

// Chart returns the chart of o whose base name (the file name in
// figures/, without extension) is base, or an error naming the charts o
// has: notebooks find charts by name, not by their place in Charts,
// which depends on the config (one batching draws fewer charts).
func (o *Outcome) Chart(base string) (Figure, error) {
	var names []string
	for _, f := range o.Charts {
		if f.Base == base {
			return f, nil
		}
		names = append(names, f.Base)
	}
	if len(names) == 0 {
		return Figure{}, fmt.Errorf("paper: no chart %q: the outcome has no charts", base)
	}
	return Figure{}, fmt.Errorf("paper: no chart %q, the outcome has %s", base, strings.Join(names, ", "))
}

// addChart adds the chart c with the files' base name and the page's
// title. A line chart's lines that run on earlier ones are dashed or
// marked first (uncover), so that none hides another.
func (o *Outcome) addChart(base, title string, c chart.Chart) {
	switch c := c.(type) {
	case *chart.LineChart:
		uncover(c)
		noteCovered(c)
	case *chart.Panels:
		for _, p := range c.Panels {
			uncover(p)
		}
		noteCoveredPanels(c)
	}
	o.Charts = append(o.Charts, Figure{Base: base, Title: title, Chart: c})
}

// Claim is one checkable statement of the paper.
type Claim struct {
	// ID is the short name used by the reproduce command's -only flag.
	ID string
	// Where is the place in the paper: theorem, lemma, section, figure.
	Where string
	// Statement is what the paper states.
	Statement string
	// Quote is the statement short, in the paper's words where the paper
	// has them (a goal of ours: the goal, short), for the report's front
	// table; Where says where it stands.
	Quote string
	// Goal marks a goal of ours beyond the paper (judged GoalMet or
	// GoalNotMet, or not settled), not a statement of the paper: the
	// report lists it among the goals whatever its verdict.
	Goal bool
	// Rule is the claim's rule as a value (rule.go), from which its
	// verdict, its checks and the rule's text are derived, and which the
	// registration records; nil for a claim not yet declared so.
	Rule *Rule
	// Registration, if not empty, is what the registration says of the
	// claim's protocol beyond its rule and runs: a change to it, and what
	// was known when it was made.
	Registration string
	// Superseded, if not empty, says what the claim's committed
	// exploratory result is when a design or rule since superseded (one
	// before the registration, or a registration again) judged it. The
	// report and the front say it in place of "perhaps judged by an
	// earlier rule" while that result is not judged by the claim's current
	// code (Result.RuleNote), and the claim's section then gives the
	// registered rule beside that result's protocol.
	Superseded string
	// Criterion, if not empty, is our rule or setting in a few words
	// ("our rule: ...") where the deciding number's criterion
	// (Decider.Paper, the paper's) does not say it; the front and the
	// section add it in parentheses.
	Criterion string
	// RunsNote, if not empty, says what the registered runs per cell set
	// where that is not every run the claim rests on; the front and the
	// section's confirmatory line give it after the runs.
	RunsNote string
	// Known, if not empty, says what of its current confirmatory pass's
	// result was known when the claim was last registered (a part whose
	// value the earlier passes gave, or exact algebra): that pass tests
	// the part's judgement, not a close call. The front gives it beside
	// the pass's runs.
	Known string
	// MarginFrom gives, by rule part name, the value a NonInferiority
	// part's margin is measured from where it is not 0 (1 for a ratio).
	// A quantity shown on the worse side of it holds by the margin alone:
	// the front and the section name such quantities (marginOnly).
	MarginFrom map[string]float64
	// Selected gives, by rule part name, what each of a part's quantities
	// is the largest over ("its setting's points and k") where they are
	// so selected: an interval on the worse side of the reference is then
	// expected by the selection alone where the truth is an equality, and
	// the report says so rather than that the quantity is shown worse
	// (marginOnlyText).
	Selected map[string]string
	// PartUnits gives, by rule part name, what a part's quantities
	// measure where their labels do not say it ("slope − exponent; + is
	// shallower"); the section's confirmatory line gives it.
	PartUnits map[string]string
	// LeastSizeText gives, by rule part name, how a least size of the
	// part reads in its own words (the log gap 0.0806 as "an excess loss
	// 7.74% lower"), for a Superiority part over every quantity whose
	// least size was set with its values known: the section's
	// confirmatory line then says at which least sizes the pass would
	// have read the same (thresholdRange).
	LeastSizeText map[string]func(x float64) string
	// Run measures ours at scale s: it runs the claim's config At(s).
	Run func(ctx context.Context, s Scale, env *Env) (*Outcome, error)
	// Skip, if not nil, returns why the claim does not run at scale s in
	// env (such as a scale whose time budget it does not fit, or data the
	// user has not given), with what to run instead; "" means it runs. The
	// reproduce command leaves a skipped claim's saved result as it is.
	Skip func(s Scale, env *Env) string
}

// Skipped returns why c does not run at scale s in env, "" if it runs.
func (c Claim) Skipped(s Scale, env *Env) string {
	if c.Skip == nil {
		return ""
	}
	return c.Skip(s, env.orDefault())
}

// claimRun returns the Run function of a claim whose protocol at scale s
// is scale(s), whose runs are run and whose outcome is outcome: every
// claim runs the same way, and writes its charts into env.FigDir, all
// together once it has finished, or none if ctx is done by then (the Run
// then returns ctx's error) or env.FigDir is "" (the caller writes them:
// SaveResult).
func claimRun[C, R any](scale func(Scale) C, run func(C, context.Context, *Env) (R, error), outcome func(R) (*Outcome, error)) func(context.Context, Scale, *Env) (*Outcome, error) {
	return func(ctx context.Context, s Scale, env *Env) (*Outcome, error) {
		env = env.orDefault()
		cfg := scale(s)
		if isQuick(ctx) {
			quickOf(&cfg)
		}
		if env.Runs > 0 {
			if err := setRunsOf(&cfg, env.Runs); err != nil {
				return nil, err
			}
		}
		if env.JudgedOnly {
			judgedOnlyOf(&cfg)
		}
		res, err := run(cfg, ctx, env)
		if err != nil || env.probe {
			return nil, err
		}
		out, err := outcome(res)
		if err != nil {
			return nil, err
		}
		// A chart a reviewer would send back (chart.Check) goes to
		// BadChart, or is warned of: the figures are still written.
		for _, f := range out.Charts {
			if err := chart.Check(f.Chart); err != nil {
				if env.BadChart != nil {
					env.warnMu.Lock()
					env.BadChart(f.Base, err)
					env.warnMu.Unlock()
					continue
				}
				env.warn(fmt.Sprintf("figure %s: %v", f.Base, strings.ReplaceAll(err.Error(), "\n", "; ")))
			}
		}
		// The claim's charts side by side: one look, one meaning.
		var names []string
		var charts []chart.Chart
		for _, f := range out.Charts {
			names, charts = append(names, f.Base), append(charts, f.Chart)
		}
		if err := chart.CheckFamily(names, charts); err != nil {
			base := strings.Join(names, ", ")
			if env.BadChart != nil {
				env.warnMu.Lock()
				env.BadChart(base, err)
				env.warnMu.Unlock()
			} else {
				env.warn(fmt.Sprintf("figures %s: %v", base, strings.ReplaceAll(err.Error(), "\n", "; ")))
			}
		}
		if err := out.writeFigures(ctx, env.FigDir); err != nil {
			return nil, err
		}
		return out, nil
	}
}

// verdictOf returns Reproduced if ok, else NotReproduced.
func verdictOf(ok bool) Verdict {
	if ok {
		return Reproduced
	}
	return NotReproduced
}

// partsOf returns the verdict of a statement with several parts, each
// shown to hold or not (oks): combine's rule on settled parts, Reproduced
// if every part holds, NotReproduced if none does, else PartlyReproduced.
func partsOf(oks ...bool) Verdict {
	parts := make([]Verdict, len(oks))
	for i, ok := range oks {
		parts[i] = verdictOf(ok)
	}
	return combine(parts...)
}

// shownWords returns v, the finding of a question of ours reported beside
// a verdict and not judged, in words that are not a verdict's: "shown",
// "shown not to hold", "partly shown" or "unsettled" (the report keeps
// "reproduced" for the paper's statements).
func shownWords(v Verdict) string {
	switch v {
	case Reproduced:
		return "shown"
	case NotReproduced:
		return "shown not to hold"
	case PartlyReproduced:
		return "partly shown"
	case Inconclusive:
		return "unsettled"
	}
	return v.String()
}

// goalOf returns GoalMet if ok, else GoalNotMet: the verdict of a goal of
// ours beyond the paper.
func goalOf(ok bool) Verdict {
	if ok {
		return GoalMet
	}
	return GoalNotMet
}

// errResult returns the error of an Outcome function given a result it
// cannot read: nil, empty, or not of the shape of its config.
func errResult(id, format string, args ...any) error {
	return fmt.Errorf("paper: %s result: "+format, append([]any{id}, args...)...)
}

// checkInts returns an error naming claim id, the field name and the
// first of vs outside [lo, hi], or nil: the validate methods' one check of
// a list of sizes.
func checkInts(id, name string, vs []int, lo, hi int) error {
	for _, v := range vs {
		if v < lo || v > hi {
			if hi == math.MaxInt {
				return fmt.Errorf("paper: %s with %s = %d, want >= %d", id, name, v, lo)
			}
			return fmt.Errorf("paper: %s with %s = %d, want in [%d, %d]", id, name, v, lo, hi)
		}
	}
	return nil
}

// fillZero sets every zero field of *c (0, "", a nil slice) to that field
// of def: the one way the configs fill their defaults, written as a
// literal of the defaults.
func fillZero[C any](c *C, def C) {
	v, d := reflect.ValueOf(c).Elem(), reflect.ValueOf(def)
	for i := range v.NumField() {
		if f := v.Field(i); f.CanSet() && f.IsZero() {
			f.Set(d.Field(i))
		}
	}
}

// setDefault sets *v to def if it is zero.
func setDefault[T int | float64](v *T, def T) {
	if *v == 0 {
		*v = def
	}
}

// protocol is what every claim's config has: fill sets the zero fields to
// their defaults, validate names the first value out of range.
type protocol interface {
	fill()
	validate() error
}

// checker is what every claim's result has: check returns an error if the
// result is nil or not of the shape of its config, so that a cached one
// that is not is recomputed rather than used.
type checker interface {
	check() error
}

// runCached is the run section every claim shares: it validates c (it
// fills nothing: a zero field is used as zero, or rejected), and returns run's result for c and env.Seed from env's
// cache (a nil env is the zero Env), computing and storing it if it is not
// there. The key is the name, the code reachable from root, the name of
// run in this package (see cached), the config, the seed and, for a config
// that reads data sets (dataReader), the digests of their files, nothing
// else. A ctx done at the start gives its error at once, cache or not.
func runCached[C any, PC interface {
	*C
	protocol
}, R checker](ctx context.Context, env *Env, name, root string, c C, run func(context.Context, *Env, C) (R, error)) (R, error) {
	var zero R
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	env = env.orDefault()
	if err := PC(&c).validate(); err != nil {
		return zero, err
	}
	data, err := dataKey(ctx, c)
	if err != nil {
		return zero, err
	}
	return cached(env, name, []string{root}, struct {
		Config C
		Seed   uint64
		Data   []string `json:",omitempty"`
	}{c, env.Seed, data}, R.check, func() (R, error) {
		return run(ctx, env, c)
	})
}

// atScale is the At method every config shares: it returns c with its
// zero fields set to byScale[s], the fields that differ from the defaults
// at scale s (a scale not in byScale has none), and the remaining zero
// fields to the defaults. It is the only place defaults enter: Run uses
// every field as it is, so a field set to zero after At is zero.
func atScale[C any, PC interface {
	*C
	protocol
}](c C, s Scale, byScale map[Scale]C) C {
	fillZero(&c, byScale[s])
	PC(&c).fill()
	return c
}

// interruptible returns f's results, or ctx's error as soon as ctx is
// done, leaving f to finish in the background and dropping its results:
// for the steps that take seconds and do not look at a context (loading a
// data set, the exact greedy order's Gram matrix on the MNIST matrices).
// A done context wins: if ctx is done before f starts, f is not started,
// and if it is done when f returns, ctx's error is returned (a select
// would pick at random between the two).
func interruptible[T any](ctx context.Context, f func() (T, error)) (T, error) {
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		if err := ctx.Err(); err != nil {
			return zero, err
		}
		return r.v, r.err
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// checkBoundGrid returns an error naming the first order and T whose cells
// are not of the shape of the theorem claims' grids: bound[o][i][f] and
// tuned[o][i] for every order o, T = ts[i] and one of fractions step
// fractions, each bound cell holding runs (ran).
func checkBoundGrid[B, T any](id string, orders []string, ts []int, fractions int, bound [][][]B, tuned [][]T, ran func(B) bool) error {
	for o := range orders {
		if len(bound[o]) != len(ts) || len(tuned[o]) != len(ts) {
			return errResult(id, "order %q has %d bound and %d tuned values, want %d", orders[o], len(bound[o]), len(tuned[o]), len(ts))
		}
		for i := range ts {
			if len(bound[o][i]) != fractions {
				return errResult(id, "order %q at T = %d has %d step fractions, want %d", orders[o], ts[i], len(bound[o][i]), fractions)
			}
			for _, b := range bound[o][i] {
				if !ran(b) {
					return errResult(id, "order %q at T = %d has no runs", orders[o], ts[i])
				}
			}
		}
	}
	return nil
}
