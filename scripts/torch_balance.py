#!/usr/bin/python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Times pair balancing and mean balancing in PyTorch, riding on PyTorch's
own float32 training step of the MLP 784-128-10 on MNIST at batch 64
(CPU), at both granularities, the peer of goodorder's BenchmarkSampler
(one observation per batch) and BenchmarkSamplerPerExample (one per
example, GraB's setting); with --go-bench it prints goodorder's figures
beside its own, with the CPU and the OpenBLAS kernel of each side. Not
part of make test; make bench-sampler runs it. Needs Debian's
python3-torch.

The rules are written in the gradients' float32 tensors, as GraB's and
grab-sampler's PyTorch code writes them, in PyTorch's cheapest form (in
place, no temporaries beyond one difference or centred vector):

    pair balancing   the first of a pair is copied; for the second,
                     d = a - b, ε = +1 if <s, d> <= 0 else -1, s += ε d
    mean balancing   c = g - m, ε = +1 if <s, c> <= 0 else -1, s += ε c,
                     the epoch's sum += g; at an epoch's start m = sum / n
                     (grab-sampler's StaleMeanEstimator) and s = 0

Only the balancing arithmetic is timed: the order's bookkeeping (which
grab-sampler does with a tensor element write per example), which
goodorder's figures include, is left out, so PyTorch's figures are a
lower bound of its cost.

Per batch: after each step's backward pass and SGD update the batch's
gradient is flattened into one vector (torch.cat of the parameters'
gradients, reported apart) and observed. Per example: before each step,
the 64 examples' own gradients are computed by functorch's
vmap(grad(loss)) over make_functional's model (Debian's PyTorch 1.13
ships functorch; torch.func where it does not, or else a loop of 64
backward passes of one example, and the script says which it used),
flattened into a 64 × d matrix (torch.cat, as grab-sampler's
sampler.step does) and its rows observed in turn. The step is the
forward pass, backward pass and SGD update of the batch, the same in
both granularities.

Side by side with the Go benchmarks, in one shell line (make
bench-sampler):

    OPENBLAS_CORETYPE=Haswell go test -tags openblas ./ordering -run '^$' \\
      -bench '^BenchmarkSampler(PerExample)?$/^(pair-balance-32|mean-balance-32|pair-balance|mean-balance)$/^batch=64$' \\
      -benchtime 3x -count 5 | \\
      OPENBLAS_CORETYPE=Haswell /usr/bin/python3 scripts/torch_balance.py --go-bench -
"""
import argparse
import platform
import re
import statistics
import sys
import time

import torch

from gobench import openblas_kernel
from torch_mlp import mnist, mnist_dir

B = 64
LR = 0.01


class PairBalance:
    """Pair balancing on float32 vectors of d."""

    def __init__(self, d):
        self.s, self.pending, self.have = torch.zeros(d), torch.zeros(d), False

    def start_epoch(self):
        self.s.zero_()
        self.have = False

    def observe(self, g):
        if not self.have:
            self.pending.copy_(g)
            self.have = True
            return
        self.pending.sub_(g)
        eps = 1.0 if torch.dot(self.s, self.pending).item() <= 0 else -1.0
        self.s.add_(self.pending, alpha=eps)
        self.have = False


class MeanBalance:
    """Mean balancing on float32 vectors of d, centred on the previous
    epoch's mean (zero in the first)."""

    def __init__(self, d):
        self.s, self.m, self.sum = torch.zeros(d), torch.zeros(d), torch.zeros(d)
        self.count = 0

    def start_epoch(self):
        if self.count:
            torch.div(self.sum, self.count, out=self.m)
        self.sum.zero_()
        self.s.zero_()
        self.count = 0

    def observe(self, g):
        self.sum.add_(g)
        self.count += 1
        c = g - self.m
        eps = 1.0 if torch.dot(self.s, c).item() <= 0 else -1.0
        self.s.add_(c, alpha=eps)


RULES = {"pair balancing": PairBalance, "mean balancing": MeanBalance}
# GO_RULE names goodorder's orders by the rule they share with PyTorch's.
GO_RULE = {"pair-balance-32": "pair balancing", "pair-balance": "pair balancing",
           "mean-balance-32": "mean balancing", "mean-balance": "mean balancing"}
# GO_ORDERS lists them in the order they are printed.
GO_ORDERS = ["pair-balance-32", "mean-balance-32", "pair-balance", "mean-balance"]


def sgd_step(model, params, loss_fn, xb, yb):
    """Takes one step of plain SGD on the batch and leaves its gradient in
    the parameters' .grad."""
    for p in params:
        p.grad = None
    loss_fn(model(xb), yb).backward()
    with torch.no_grad():
        for p in params:
            p.add_(p.grad, alpha=-LR)


def batch_epoch(model, x, y, rule):
    """Runs one epoch at batch 64 in a random order of the batches,
    observing each batch's gradient, and returns the seconds of the steps,
    of the flattening and of the balancing."""
    params = list(model.parameters())
    loss_fn = torch.nn.CrossEntropyLoss()
    step = flat = bal = 0.0
    rule.start_epoch()
    for k in torch.randperm(len(y) // B).tolist():
        xb, yb = x[B * k:B * k + B], y[B * k:B * k + B]
        t0 = time.perf_counter()
        sgd_step(model, params, loss_fn, xb, yb)
        t1 = time.perf_counter()
        with torch.no_grad():
            g = torch.cat([p.grad.reshape(-1) for p in params])
            t2 = time.perf_counter()
            rule.observe(g)
            t3 = time.perf_counter()
        step += t1 - t0
        flat += t2 - t1
        bal += t3 - t2
    return step, flat, bal


def example_grads_fn(model):
    """Returns a function of (params, xb, yb) giving the batch's
    per-example gradients (a tuple of B × shape tensors, one a parameter),
    and the method's name."""
    loss_fn = torch.nn.functional.cross_entropy
    try:
        from functorch import grad, make_functional, vmap
        fmodel, _ = make_functional(model)

        def loss1(ps, xi, yi):
            return loss_fn(fmodel(ps, xi.unsqueeze(0)), yi.unsqueeze(0))
        return vmap(grad(loss1), in_dims=(None, 0, 0)), "functorch.vmap(grad) (functorch %s)" % _functorch_version()
    except ImportError:
        pass
    try:
        from torch.func import functional_call, grad, vmap
        names = [n for n, _ in model.named_parameters()]

        def loss1(ps, xi, yi):
            return loss_fn(functional_call(model, dict(zip(names, ps)), (xi.unsqueeze(0),)), yi.unsqueeze(0))
        return vmap(grad(loss1), in_dims=(None, 0, 0)), "torch.func.vmap(grad)"
    except ImportError:
        pass

    def loop(ps, xb, yb):
        out = [torch.empty((len(yb),) + p.shape) for p in ps]
        for i in range(len(yb)):
            gs = torch.autograd.grad(loss_fn(model(xb[i:i + 1]), yb[i:i + 1]), list(model.parameters()))
            for o, g in zip(out, gs):
                o[i] = g
        return tuple(out)
    return loop, "a loop of %d backward passes of one example" % B


def _functorch_version():
    import functorch
    return getattr(functorch, "__version__", "?")


def example_epoch(model, x, y, rule, grads_fn):
    """Runs one epoch at batch 64 over the examples x, y in a random
    order, observing each example's own gradient before each step, and
    returns the seconds of the steps, of the per-example gradients, of
    their flattening and of the balancing."""
    params = list(model.parameters())
    loss_fn = torch.nn.CrossEntropyLoss()
    step = grads = flat = bal = 0.0
    rule.start_epoch()
    order = torch.randperm(len(y))
    for lo in range(0, len(y), B):
        idx = order[lo:lo + B]
        xb, yb = x[idx], y[idx]  # the loader's gather, on neither side's clock
        t0 = time.perf_counter()
        gs = grads_fn(tuple(p.detach() for p in params), xb, yb)
        t1 = time.perf_counter()
        with torch.no_grad():
            g = torch.cat([t.reshape(B, -1) for t in gs], dim=1)
            t2 = time.perf_counter()
            for i in range(B):
                rule.observe(g[i])
            t3 = time.perf_counter()
        sgd_step(model, params, loss_fn, xb, yb)
        t4 = time.perf_counter()
        grads += t1 - t0
        flat += t2 - t1
        bal += t3 - t2
        step += t4 - t3
    return step, grads, flat, bal


def cpu_model():
    """Returns the CPU's model name."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def go_results(text):
    """Returns ({(granularity, order): [{metric: value} of each run]},
    cpu, kernel line) from the Go benchmarks' output at batch 64."""
    out = {}
    for m in re.finditer(r"^Benchmark(Sampler|SamplerPerExample)/(\S+?)/batch=64(?:-\d+)?\s+\d+\s+(.*)$", text, re.M):
        gran = "example" if m.group(1) == "SamplerPerExample" else "batch"
        metrics = {unit: float(v) for v, unit in re.findall(r"([-\d.e+]+) (\S+)", m.group(3))}
        out.setdefault((gran, m.group(2)), []).append(metrics)
    cpu = re.search(r"^cpu: (.*)$", text, re.M)
    blas = re.search(r"BLAS (\S+), OpenBLAS kernel \"([^\"]*)\"", text)
    kernel = "%s, OpenBLAS kernel %s" % (blas.group(1), blas.group(2) or "none") if blas else "unknown"
    return out, cpu.group(1) if cpu else "unknown", kernel


def spread(v):
    """Formats the median of v with its range."""
    return "%.2f%% (%.2f to %.2f, %d run%s)" % (statistics.median(v), min(v), max(v), len(v), "" if len(v) == 1 else "s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=None, help="folder of the MNIST .gz files (default: the GoMNIST module)")
    ap.add_argument("--epochs", type=int, default=5, help="timed epochs of each rule per batch")
    ap.add_argument("--example-epochs", type=int, default=5, help="timed epochs of each rule per example")
    ap.add_argument("--example-batches", type=int, default=200,
                    help="batches of 64 examples an epoch per example (BenchmarkSamplerPerExample's 200)")
    ap.add_argument("--threads", type=int, default=1, help="PyTorch's threads (1 is its fastest on 2 cores)")
    ap.add_argument("--go-bench", help="file with the Go benchmarks' output, - for stdin")
    args = ap.parse_args()
    text = ""
    if args.go_bench:
        text = sys.stdin.read() if args.go_bench == "-" else open(args.go_bench).read()
    x, y = mnist(args.dir or mnist_dir())
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    model = torch.nn.Sequential(torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
    d = sum(p.numel() for p in model.parameters())
    grads_fn, method = example_grads_fn(model)
    n_ex = args.example_batches * B
    xe, ye = x[:n_ex], y[:n_ex]
    print(f"PyTorch {torch.__version__} on {cpu_model()}, {args.threads} thread(s), OpenBLAS kernel {openblas_kernel()}, float32, d = {d}")
    print(f"PyTorch's per-example gradients: {method}")
    torch_batch, torch_ex = {}, {}
    for name, make in RULES.items():
        rule = make(d)
        batch_epoch(model, x, y, rule)  # warm-up
        runs = []
        for _ in range(args.epochs):
            step, flat, bal = batch_epoch(model, x, y, rule)
            runs.append((100 * bal / step, 100 * (flat + bal) / step, 1e6 * step / (len(y) // B)))
        torch_batch[name] = runs
        rule = make(d)
        example_epoch(model, xe, ye, rule, grads_fn)  # warm-up
        runs = []
        for _ in range(args.example_epochs):
            step, grads, flat, bal = example_epoch(model, xe, ye, rule, grads_fn)
            runs.append((100 * bal / step, 100 * grads / step, 100 * (grads + flat) / step, 1e6 * step / args.example_batches))
        torch_ex[name] = runs

    go, go_cpu, go_kernel = go_results(text) if text else ({}, "", "")
    if text:
        print(f"goodorder on {go_cpu}, BLAS {go_kernel}, float32 loop")
    print()
    print("Per batch: 938 batches of 64, one observation a batch; % of the step (forward, backward, SGD update)")
    for name, runs in torch_batch.items():
        print(f"  PyTorch {name}: {spread([r[0] for r in runs])}; with the flattening {spread([r[1] for r in runs])}; "
              f"step {statistics.median(r[2] for r in runs):.0f} µs")
    for order in GO_ORDERS:
        runs = go.get(("batch", order))
        if runs:
            print(f"  goodorder {order} ({GO_RULE[order]}): {spread([r['overhead-%'] for r in runs])}; "
                  f"step {statistics.median(r['step-ns/example'] for r in runs) * B / 1e3:.0f} µs")
    print()
    print(f"Per example: {args.example_batches} batches of 64 examples, 64 observations a step; % of the step")
    for name, runs in torch_ex.items():
        print(f"  PyTorch {name}: balancing {spread([r[0] for r in runs])}; per-example gradients {spread([r[1] for r in runs])}, "
              f"with the flattening to 64 × d {spread([r[2] for r in runs])}; step {statistics.median(r[3] for r in runs):.0f} µs")
    for order in GO_ORDERS:
        runs = go.get(("example", order))
        if runs:
            print(f"  goodorder {order} ({GO_RULE[order]}): sampler {spread([r['overhead-%'] for r in runs])}; "
                  f"per-example gradients {spread([r['grads-%'] for r in runs])}; "
                  f"step {statistics.median(r['step-ns/example'] for r in runs) * B / 1e3:.0f} µs")
    missing = [o for o in GO_ORDERS if text and ("batch", o) not in go]
    if missing:
        print(f"(no goodorder figures for {', '.join(missing)} in the Go output)")


if __name__ == "__main__":
    main()
