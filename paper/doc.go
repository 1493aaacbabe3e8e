// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package paper checks the claims of Mohtashami, Stich and Jaggi,
// "Characterizing & Finding Good Data Orderings for Fast Convergence of
// Sequential Gradient Methods", one config, run and outcome per claim,
// returning data.
//
// # Claims
//
// A claim is one checkable statement of the paper: a theorem, a lemma, an
// example, a table or a figure, and five experiments beyond the paper
// (scalable-orderings, scalable-training, order-matters, coordinated-orders
// and loader-shuffles) that answer its Section 7 or test what it leaves open. Claims lists them in the paper's order; Lookup
// finds one by its id (the reproduce command's -only flag). Each is a
// Claim: its id, where it is in the paper, its statement, and a Run that
// measures ours at a Scale and returns an Outcome.
//
// Every claim has one file, with the same sections in the same order:
//
//   - The claim: its id constant and its Claim value, with the paper's
//     statement and where it is.
//   - The config: XConfig, the protocol; its method At returns the
//     protocol at a Scale, setting the zero fields of its receiver to the
//     scale's values and the defaults (each default is stated in its
//     field's comment), so that the fields set in the literal win, as in
//     paper.Theorem1Config{Runs: 5}.At(paper.Paper). At is the only place
//     defaults enter: Run uses every field as it is, a zero as a zero
//     (validate rejects a zero out of range), so to run with a zero
//     where the default is not, set the field after At:
//     c := paper.Table1Config{}.At(paper.Default); c.Momentum = 0.
//     fill sets the defaults and validate returns an error naming the
//     first value out of range.
//   - The run: c.Run(ctx, env), a method of XConfig, returns an XResult
//     holding its config and the measurements. It is cached in env's cache
//     folder (see below), so an interrupted run resumes and a repeated one
//     is quick, and it stops with ctx's error when ctx is done. A nil *Env
//     means DefaultSeed (1, the seed of the report and the notebooks), no
//     cache; an Env of your own has the seed you give it (0 if you give
//     none). The rows of a result (its runs, cells or
//     points) are exported types named after the claim (Theorem1Run,
//     TwoLevelKCell, OmegaRow), documented field by field (go doc
//     paper.OmegaRow).
//   - The outcome: res.Findings(), a method of XResult, returns an
//     XFindings: the numbers the claim turns on, each check with its
//     threshold and whether it holds, and the verdict, as data that tests
//     and notebooks read without parsing prose (f.TopHolds, f.MinSlack);
//     res.Outcome() renders the findings: the rows comparing the paper's
//     numbers with ours, the charts, the verdict and prose. Both return an
//     error, never panic, for a result that is nil, empty or not of the
//     shape of its config, and find orders by name, never by their place
//     in a slice.
//
// A claim file uses the helpers below the claims and never a name another
// claim file declares (TestClaimFilesDependDownward). Where several claims
// share a protocol, it lives in a file of its own below them: Table 1's
// config, runs and outcome (table1run.go) serve table-1, table-1-fashion
// and table-1-cifar10 (Table1Config.Dataset choosing the protocol At a
// scale) and scalable-training (its own outcome,
// Table1Result.ScalableTrainingOutcome); Table 1's verdict rule is in
// table1findings.go; the Table 1 study's config, runs and findings
// (table1studyrun.go) serve table-1-study and order-matters.
//
// So a claim reads, in a notebook or a program,
//
//	res, err := paper.Theorem1Config{}.At(paper.Default).Run(ctx, env)
//	f, err := res.Findings() // f.Holds, f.MinStated, f.Verdict
//	out, err := res.Outcome()
//
// # Adding a claim
//
// Copy the file of a claim like it (theorem1.go for theory checked by
// simulation, table1.go for training runs), keep its four sections, add
// the claim to the registry in registry.go at its place in the paper, and
// name its random streams in seed.go. The reproduce command, the report and
// the tests that run every claim at the smoke scale pick it up from the
// registry. Helpers shared by several claims live in one small file each:
// seeds (seed.go), statistics such as paired gaps and intervals
// (stats.go), orders by name and the principal-direction order (orders.go),
// Monte Carlo of φ² (phi2.go), the learning-rate sweeps and step grids
// (sweep.go), result-shape checks (claims.go) and formatting (format.go).
//
// # Verdicts
//
// An Outcome's Verdict says what was tested. A statement of the paper is
// Reproduced, PartlyReproduced (the Summary says which part held) or
// NotReproduced; a goal of ours beyond the paper (a Claim whose Goal is
// set: the five experiments beyond the paper and multi-level) is GoalMet
// or GoalNotMet; Inconclusive means the seeds settle it neither
// way at the claim's thresholds (a difference the statement needs is not
// shown, nor its absence); NotTested means its precondition does not hold
// in our setting (a precondition of our own setup, never one the paper
// does not state), so the measurement says nothing about it; NotCheckable
// means the scale cannot decide (for example one seed, where no standard
// error exists). A claim tested away from the paper's setting says so in
// its Summary.
//
// The verdict comes from the claim's rule, declared as a value beside the
// Claim (Claim.Rule, rule.go): its parts, each the paper's sentence with
// its .tex line (or our question, for a goal), the statistic, the test
// (superiority, non-inferiority, equivalence or a bound), its threshold or
// band, every quantity or "for some" (Holm), and the family. The claim's
// Findings compute the measures, each quantity's 95% interval, and
// Rule.Judge derives every part's verdict and the whole's by the one
// combine rule; Outcome.judged writes the check lines and the report's
// interval tests from it, and Rule.Text the rule's words in the report,
// the notebooks (nb.Rule) and the registration. A rule change is a diff of
// that value; its hash (Rule.Hash) and the judging code's (JudgeCode)
// key the seeds' record and the registration.
//
// # Exploratory and confirmatory
//
// The rules were developed on the base seeds 1 to 5 (ExploratorySeeds):
// the robustness pass (make robustness) reruns the claims there and saves
// each part's verdict and intervals per seed, which the power analysis
// (power.go) reads to say how many runs per cell settle each part left
// unsettled. make register writes the registration (RegistrationFile):
// every rule's text and hash and the registered runs and seed; make
// confirm (and confirm-paper) runs each claim once with base seed
// ConfirmSeed, never used before, at those runs (Env.Runs), judged by the
// registered rule only, into ConfirmFile; the report puts the
// confirmatory answer beside the exploratory one, and a claim whose rule
// changed after its confirmatory run reads as exploratory.
//
// # Seeds
//
// Every random choice draws from its own stream: a seed derived by mixSeed
// from the base seed (Env.Seed), a named stream constant (seed.go) and the
// words that tell one draw from another (n, the run, the order). Results
// are bit-identical for the same seed whatever the number of workers.
//
// # Cache
//
// A finished run is stored in Env.CacheDir as JSON under a key that holds
// exactly the inputs that determine it, seed included, and nothing else:
// a table-1 run is keyed on its protocol without the list of orders or the
// number of seeds, so the scalable-training claim reuses the RR and greedy
// runs of table-1 instead of training them again; a run on a data set
// (MNIST, Fashion-MNIST, CIFAR-10) is keyed on the SHA-256 of the files it
// reads (dataset.Files), not on the data set's name or folder, which
// GOODORDER_MNIST_DIR and the like choose. All cache
// code is in cache.go (and cachecode.go, the code's hash), whose one entry
// point is cached; notebooks reach it through Env.CacheDir. Env.Fresh
// recomputes and overwrites.
//
// An entry checks itself: it holds its full key and a SHA-256 of its
// payload, and is used only if the key is the one asked for, the hash
// matches, and the payload decodes strictly (no unknown field) into a
// result that passes the result's check (not nil, of the shape of its
// config). Any other entry, such as a truncated file, one edited by hand
// or one copied from another key, is reported through Env.Warn (on stderr
// by default) with its path, and recomputed; it is never used. Only a
// regular file (not a link) of at most 1 GiB is read (atomic.ReadFile),
// so a named pipe, a device or a link in the cache is a bad entry too,
// never a hang, an endless read or a read of a file elsewhere; and an
// entry is written only where a regular file, nothing, or a link to either
// stands, replacing the link, never writing through it (paper/atomic),
// else the run is not cached, with a warning.
//
// The full key holds, besides the run's inputs, the builds that may round
// differently (ordering.BLAS, the Go release, the versions of the gonum
// modules, all read from the build) and a hash of the code that computes
// the run, fixed at build time: no version to bump by hand. Every package
// of the module that a computation can run embeds its own sources
// (sources.go, registered with internal/sources); at the first cached run
// they are parsed, and the hash covers the top-level declarations
// reachable from the computation's roots, the functions of this package
// that do the work, named at each call of cached or runCached (a function
// "runTheorem1", a method "Table1Config.Run"). Reachable means used, as
// go/types resolves the module's sources: an identifier or pkg.Name that
// denotes the declaration (a local or a parameter of the same name does
// not), a method go/types finds on a module type, or, for a call through
// an interface or a type parameter, every reached type's method of that
// name, transitively across ordering, problems, nn, dataset and this
// package, with their init functions; cachecode.go has the exact rule.
// Comments and layout do not count. So an edit recomputes exactly the
// runs whose code it touches, and one to code that only judges or
// renders (Findings, Outcome, charts, the report) recomputes nothing.
// Adding a cached computation means naming its roots; TestCachedRoots
// checks that every declaration its compute function names is reachable
// from them.
//
// # Report
//
// SaveResult and LoadResult keep each claim's Result in the figure folder;
// WriteReport assembles REPORT.md from them, one section per claim in the
// registry's order. Results, charts and report hold nothing that depends on
// the machine, so a rerun with the same seed and build writes the same
// bytes: wall times and the speed ratios a claim measures (an Outcome's
// Timings) go to the timings file (TimingsFile), which the reproduce
// command writes beside the results with the machine and the command, and
// which is not committed.
// No verdict depends on a wall time: a claim about cost checks operation
// counts or memory.
//
// A verdict from one base seed can flip on the next draw. The reproduce
// command's robustness pass (-seeds, make robustness) reruns the claims
// cheap enough for it with several base seeds and saves each one's
// verdicts and key number (Outcome.Key) as a Robustness in RobustnessFile,
// which is committed; WriteReport says per claim whether its verdict is
// stable across the seeds, with the spread of the key number. Each
// claim's record holds the hash of the code that judged it (JudgeCode:
// the declarations reachable from its result's Findings, which derives
// the verdict, string literals aside, and its rule's value; not its
// Outcome's wording and charts); a
// record judged by other code than the claim's current rule is not the
// report's headline, which gives the one draw and says the seeds pass
// predates the rule.
package paper
