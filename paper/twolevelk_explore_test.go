package paper

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat"
)

// twoLevelKExplore800 is the record of the exploratory check that two-level-k's
// registration on base seed 1004 quotes.
const twoLevelKExplore800 = "two-level-k-800.txt"

// TestTwoLevelKExplore800 reruns two-level-k at its registered 800 runs on
// the exploratory base seeds 1-5 and writes, for each σ_top/σ_low, the K =
// √m part's divided ratios and judged intervals per seed, the spread of
// their logs between the seeds and the bootstrap's, to
// testdata/two-level-k-800.txt: the check the registration on base seed
// 1004 quotes. About 6 minutes on 2 cores from an empty cache; run with
//
//	GOODORDER_EXPLORE=1 go test -tags openblas ./paper -run TwoLevelKExplore800 -timeout 30m
func TestTwoLevelKExplore800(t *testing.T) {
	if os.Getenv("GOODORDER_EXPLORE") == "" {
		t.Skip("an exploratory run of about 6 minutes: set GOODORDER_EXPLORE=1")
	}
	c := TwoLevelKConfig{Runs: 800}.At(Default)
	var b strings.Builder
	fmt.Fprintf(&b, "# two-level-k at %d runs per cell on the exploratory base seeds 1-5 (default scale otherwise): K = √m's steps over standard shuffling's, divided by the rates' own ratio (twoLevelKRootScale), with the judged interval (0.5%% and 97.5%% bootstrap points) and the log sd of the 999 bootstrap ratios. Written by TestTwoLevelKExplore800.\n", c.Runs)
	logs := make(map[float64][]float64)
	boot := make(map[float64][]float64)
	for seed := uint64(1); seed <= 5; seed++ {
		res, err := c.Run(context.Background(), &Env{Seed: seed, CacheDir: filepath.Join("..", ".cache", "reproduce")})
		if err != nil {
			t.Fatal(err)
		}
		f, err := res.Findings()
		if err != nil {
			t.Fatal(err)
		}
		kRoot, std := f.method(twoLevelKMethod(f.RootK)), f.method(twoLevelKStandard)
		for i, g := range f.Regimes {
			by := twoLevelKRootScale(g, kRoot, std)
			raw := g.OverStandard[kRoot]
			r, _, _ := twoLevelKReplicates(&res.Cells[i*len(res.Methods)+kRoot], &res.Cells[i*len(res.Methods)+std], c.Budget)
			lr := make([]float64, len(r))
			for k, v := range r {
				lr[k] = math.Log(v)
			}
			sd := stat.PopStdDev(lr, nil)
			logs[g.Ratio] = append(logs[g.Ratio], math.Log(raw.Mean/by))
			boot[g.Ratio] = append(boot[g.Ratio], sd)
			fmt.Fprintf(&b, "seed %d  σ_top/σ_low %-5g raw %.4f  divisor %.3f  divided %.4f  judged [%.4f, %.4f]  bootstrap log sd %.4f  part %v\n",
				seed, g.Ratio, raw.Mean, by, raw.Mean/by, f.RootScaled[i].Lo, f.RootScaled[i].Hi, sd, f.RootPart)
		}
	}
	for _, q := range c.Ratios {
		fmt.Fprintf(&b, "σ_top/σ_low %-5g  log sd of the divided ratios between the seeds %.3f, mean bootstrap log sd %.3f\n", q, stat.StdDev(logs[q], nil), stat.Mean(boot[q], nil))
	}
	if err := os.WriteFile(filepath.Join("testdata", twoLevelKExplore800), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
