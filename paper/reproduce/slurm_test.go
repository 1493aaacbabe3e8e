// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goodorder/goodorder/ordering"
	"github.com/goodorder/goodorder/problems/dataset"
)

// slurmClaims are the claims of the Slurm tests: three that take a fraction
// of a second at the smoke scale and table-1, whose ten or so trainings
// (cached one by one) give the second test a task to cancel mid-run.
const slurmClaims = "sub-sampling,omega-example,multi-level,table-1"

// TestSlurm runs the reproduction as a Slurm job array on a real one-node
// cluster (scripts/slurm/one-node.sh: Debian's slurm-wlm and munge), with
// scripts/slurm's job scripts: a 4-task array of shards over one cache,
// then the assembling job dependent on it; the figures, results and report
// must be byte-identical to a serial run's on an empty cache. Then, on a
// new cache, a task is cancelled (scancel) mid-run and resubmitted: the
// result is still identical, and no temporary file is left. It is skipped
// with -short, and where Slurm is missing or cannot start, but not under
// CI (CI=true) on a Debian machine, whose .ci/run installs it.
func TestSlurm(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster and trains at the smoke scale; skipped with -short")
	}
	if ordering.BLAS == "openblas" {
		t.Skipf("runs once, in the pure-Go build that make unit tests first (this is the %s build); its command is built without tags either way", ordering.BLAS)
	}
	ci := os.Getenv("CI") == "true"
	_, aptErr := exec.LookPath("apt-get")
	mustRun := ci && aptErr == nil && runtime.GOOS == "linux"
	skip := func(format string, args ...any) {
		t.Helper()
		if mustRun {
			t.Fatalf(format+" (CI=true on a machine with apt-get: .ci/run installs slurm-wlm and munge, so this test must run)", args...)
		}
		t.Skipf(format, args...)
	}
	for _, c := range []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel", "scontrol", "bash"} {
		if _, err := exec.LookPath(c); err != nil {
			skip("no %s: install Debian's slurm-wlm and munge (apt-get install slurm-wlm munge) to run the Slurm tests", c)
		}
	}
	if os.Geteuid() != 0 {
		skip("the one-node Slurm cluster runs slurmd, which runs jobs as their users, as root; this test runs as uid %d", os.Geteuid())
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	scripts := filepath.Join(root, "scripts", "slurm")

	// A short folder: munged's socket path must fit a sockaddr_un.
	work, err := os.MkdirTemp("", "slurm-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	bin := filepath.Join(work, "reproduce")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// Each task would otherwise ask the go command for the MNIST folder.
	mnist, err := dataset.MNISTDir()
	if err != nil {
		t.Fatalf("MNIST: %v", err)
	}

	cluster := filepath.Join(work, "cluster")
	start := exec.Command(filepath.Join(scripts, "one-node.sh"), "start", cluster)
	start.Env = append(os.Environ(), "SLURMCTLD_PORT="+freePort(t), "SLURMD_PORT="+freePort(t))
	out, err := start.CombinedOutput()
	t.Cleanup(func() {
		if out, err := exec.Command(filepath.Join(scripts, "one-node.sh"), "stop", cluster).CombinedOutput(); err != nil {
			t.Errorf("one-node.sh stop: %v\n%s", err, out)
		}
	})
	if err != nil {
		logs, _ := exec.Command("sh", "-c", "tail -n 20 "+cluster+"/*.log").CombinedOutput()
		skip("one-node.sh start: %v\n%s\n%s", err, out, logs)
	}
	conf := filepath.Join(cluster, "slurm.conf")

	// The serial run on an empty cache, the reference of both tests.
	serial := filepath.Join(work, "serial")
	t0 := time.Now()
	cmd := exec.Command(bin, "-quiet", "-scale", "smoke", "-only", slurmClaims, "-cache", filepath.Join(serial, "cache"),
		"-figures", filepath.Join(serial, "out", "figures"), "-report", filepath.Join(serial, "out", "REPORT.md"))
	cmd.Env = append(os.Environ(), "GOODORDER_MNIST_DIR="+mnist)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("serial run: %v\n%s", err, out)
	}
	t.Logf("serial run of %s at the smoke scale: %.1fs", slurmClaims, time.Since(t0).Seconds())
	want := outputFiles(t, filepath.Join(serial, "out"))

	// job submits the array (tasks, e.g. "0-3") and the assembling job
	// dependent on it, for the outputs and cache in dir; it returns the
	// array's job id and the assembling job's.
	job := func(dir, tasks string) (array, assemble string) {
		t.Helper()
		// Slurm writes the logs there, and fails a job whose folder is
		// missing.
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		env := append(os.Environ(), "SLURM_CONF="+conf, "GOODORDER_MNIST_DIR="+mnist,
			"CACHE="+filepath.Join(dir, "cache"), "SCALE=smoke", "CLAIMS="+slurmClaims, "SHARDS=4", "REPRODUCE="+bin,
			"FIGURES="+filepath.Join(dir, "out", "figures"), "REPORT="+filepath.Join(dir, "out", "REPORT.md"))
		sbatch := func(args ...string) string {
			t.Helper()
			c := exec.Command("sbatch", append([]string{"--parsable", "--chdir", dir, "--cpus-per-task=1"}, args...)...)
			c.Env = env
			out, err := c.CombinedOutput()
			if err != nil {
				t.Fatalf("sbatch %q: %v\n%s", args, err, out)
			}
			id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
			return id
		}
		array = sbatch("--array="+tasks, "--output="+filepath.Join(dir, "shard-%a.log"), filepath.Join(scripts, "reproduce.sbatch"))
		assemble = sbatch("--dependency=afterok:"+array, "--output="+filepath.Join(dir, "assemble.log"), filepath.Join(scripts, "assemble.sbatch"))
		return array, assemble
	}

	t.Run("array", func(t *testing.T) {
		dir := filepath.Join(work, "array")
		t0 := time.Now()
		array, assemble := job(dir, "0-3")
		if err := waitGone(t, conf, array); err != nil {
			t.Fatal(err)
		}
		t1 := time.Now()
		waitJob(t, conf, assemble, dir)
		t.Logf("4-task array at the smoke scale: %.1fs from submission to its last task's end, then %.1fs to the assembling job's end (%.1fs in all)",
			t1.Sub(t0).Seconds(), time.Since(t1).Seconds(), time.Since(t0).Seconds())
		for i := range 4 {
			b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("shard-%d.log", i)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), fmt.Sprintf("shard %d/4: computing smoke/", i)) {
				t.Errorf("shard %d/4's log does not say what it computes:\n%s", i, b)
			}
		}
		sameOutputs(t, want, outputFiles(t, filepath.Join(dir, "out")))
		noTemp(t, dir)
	})

	t.Run("cancelled task", func(t *testing.T) {
		dir := filepath.Join(work, "cancel")
		// table-1 is the largest unit: the first shard's.
		array, assemble := job(dir, "0-3")
		cache := filepath.Join(dir, "cache")
		deadline := time.Now().Add(5 * time.Minute)
		for {
			if m, _ := filepath.Glob(filepath.Join(cache, "table1-run-*.json")); len(m) > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no table-1 run in the cache after 5 minutes; shard 0's log:\n%s", readLog(dir, "shard-0.log"))
			}
			time.Sleep(50 * time.Millisecond)
		}
		if out, err := slurmCmd(conf, "scancel", array+"_0").CombinedOutput(); err != nil {
			t.Fatalf("scancel %s_0: %v\n%s", array, err, out)
		}
		// The assembling job never runs: its dependency failed.
		if err := waitGone(t, conf, array); err != nil {
			t.Fatal(err)
		}
		if out, err := slurmCmd(conf, "scancel", assemble).CombinedOutput(); err != nil {
			t.Fatalf("scancel %s: %v\n%s", assemble, err, out)
		}
		log := readLog(dir, "shard-0.log")
		if !strings.Contains(log, "reproduce: interrupted: shard 0/4 stopped smoke/table-1/seed-1") {
			t.Fatalf("shard 0/4 does not say scancel stopped it mid-run (killed without stopping, or finished before the signal); its log:\n%s", log)
		}
		noTemp(t, dir)
		plan := exec.Command(bin, "-plan", "-scale", "smoke", "-only", slurmClaims, "-cache", cache,
			"-figures", filepath.Join(dir, "out", "figures"), "-report", filepath.Join(dir, "out", "REPORT.md"))
		plan.Env = append(os.Environ(), "GOODORDER_MNIST_DIR="+mnist)
		left, err := plan.Output()
		if err != nil || strings.TrimSpace(string(left)) == "" || !strings.HasPrefix(string(left), "smoke/table-1/seed-1 ") {
			t.Fatalf("-plan after the cancel: %v, %q; want table-1 left", err, left)
		}
		_, assemble = job(dir, "0")
		waitJob(t, conf, assemble, dir)
		if log := readLog(dir, "shard-0.log"); !strings.Contains(log, "computing smoke/table-1/seed-1") {
			t.Errorf("the resubmitted shard 0/4 did not compute table-1:\n%s", log)
		}
		sameOutputs(t, want, outputFiles(t, filepath.Join(dir, "out")))
		noTemp(t, dir)
	})
}

// freePort returns a TCP port that was free a moment ago.
func freePort(t *testing.T) string {
	l, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// slurmCmd returns the Slurm command name with args on the cluster of conf.
func slurmCmd(conf, name string, args ...string) *exec.Cmd {
	c := exec.Command(name, args...)
	c.Env = append(os.Environ(), "SLURM_CONF="+conf)
	return c
}

// jobState returns the state of job id ("COMPLETED", "RUNNING", ...).
func jobState(t *testing.T, conf, id string) string {
	t.Helper()
	out, err := slurmCmd(conf, "scontrol", "-o", "show", "job", id).CombinedOutput()
	if err != nil {
		t.Fatalf("scontrol show job %s: %v\n%s", id, err, out)
	}
	for _, f := range strings.Fields(string(out)) {
		if s, ok := strings.CutPrefix(f, "JobState="); ok {
			return s
		}
	}
	t.Fatalf("scontrol show job %s: no JobState in %q", id, out)
	return ""
}

// waitGone waits until no task of job id is pending or running. It
// returns an error for a job that waits for a dependency that failed, and
// half a minute before the test's deadline, so that the cluster is still
// stopped.
func waitGone(t *testing.T, conf, id string) error {
	t.Helper()
	deadline := time.Now().Add(10 * time.Minute)
	if d, ok := t.Deadline(); ok && d.Add(-30*time.Second).Before(deadline) {
		deadline = d.Add(-30 * time.Second)
	}
	for time.Now().Before(deadline) {
		out, err := slurmCmd(conf, "squeue", "-h", "-j", id, "-o", "%i %T %r").CombinedOutput()
		if err != nil {
			t.Fatalf("squeue -j %s: %v\n%s", id, err, out)
		}
		if strings.TrimSpace(string(out)) == "" {
			return nil
		}
		if strings.Contains(string(out), "DependencyNeverSatisfied") {
			return fmt.Errorf("job %s waits for a job that failed: %s", id, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("job %s still queued at %s", id, time.Now().Format(time.TimeOnly))
}

// waitJob waits for job id to end and checks that it completed; else it
// fails with the logs of dir.
func waitJob(t *testing.T, conf, id, dir string) {
	t.Helper()
	logs := func() string {
		b, _ := exec.Command("sh", "-c", "tail -n 30 "+dir+"/*.log").CombinedOutput()
		return string(b)
	}
	if err := waitGone(t, conf, id); err != nil {
		t.Fatalf("%v; logs:\n%s", err, logs())
	}
	if s := jobState(t, conf, id); s != "COMPLETED" {
		t.Fatalf("job %s: %s, want COMPLETED; logs:\n%s", id, s, logs())
	}
}

// readLog returns the log file name of dir, or why it cannot.
func readLog(dir, name string) string {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// sameOutputs checks that got has the files of want, byte for byte.
func sameOutputs(t *testing.T, want, got map[string][]byte) {
	t.Helper()
	if len(want) < 2 || want["REPORT.md"] == nil {
		t.Fatalf("the serial run wrote %d files, want the report and figures", len(want))
	}
	for name, b := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: missing", name)
		} else if !bytes.Equal(g, b) {
			t.Errorf("%s: differs from the serial run's", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: not written by the serial run", name)
		}
	}
}

// noTemp checks that no temporary file (atomic's ".name.tmp-*") is left
// under dir.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
}
