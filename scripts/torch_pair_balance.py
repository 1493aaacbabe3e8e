#!/usr/bin/python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Times pair balancing (CD-GraB's online order, the rule of goodorder's
PairBalance32) riding on PyTorch's own training step of the MLP 784-128-10
on MNIST at batch 64 (CPU), the peer of goodorder's BenchmarkSampler. Not
part of make test. Needs Debian's python3-torch.

The balancing is written the way GraB's and grab-sampler's PyTorch code
writes it, in the gradients' float32: after each step's backward pass the
batch's gradient is flattened into one vector (torch.cat of the
parameters' gradients), the first of a pair is copied, and the second is
signed against the running sum s: d = a - b, ε = +1 if <s, d> <= 0 else
-1, s += ε d. The script reports the balancing's time over the step's
(forward, backward, SGD update), with the flattening counted apart.

Side by side with the Go benchmark, in one shell line:

    OPENBLAS_CORETYPE=Haswell go test -tags openblas ./ordering -run '^$' \\
      -bench 'Sampler/pair-balance(-32)?/batch=64$' -benchtime 3x -count 5 | \\
      OPENBLAS_CORETYPE=Haswell /usr/bin/python3 scripts/torch_pair_balance.py --go-bench -
"""
import argparse
import re
import statistics
import sys
import time

import torch

from gobench import openblas_kernel
from torch_mlp import mnist, mnist_dir


def epoch(model, x, y, balance):
    """Runs one epoch of plain SGD at batch 64 in a random order and
    returns the seconds of the steps, of the flattening and of the
    balancing."""
    params = list(model.parameters())
    loss_fn = torch.nn.CrossEntropyLoss()
    d = sum(p.numel() for p in params)
    s, pending = torch.zeros(d), torch.zeros(d)
    have = False
    step = flat = bal = 0.0
    order = torch.randperm(len(y) // 64)
    for k in order.tolist():
        xb, yb = x[64 * k:64 * k + 64], y[64 * k:64 * k + 64]
        t0 = time.perf_counter()
        for p in params:
            p.grad = None
        loss = loss_fn(model(xb), yb)
        loss.backward()
        with torch.no_grad():
            for p in params:
                p.add_(p.grad, alpha=-0.01)
        t1 = time.perf_counter()
        step += t1 - t0
        if not balance:
            continue
        with torch.no_grad():
            g = torch.cat([p.grad.reshape(-1) for p in params])
            t2 = time.perf_counter()
            if not have:
                pending.copy_(g)
                have = True
            else:
                diff = pending - g
                eps = 1.0 if torch.dot(s, diff).item() <= 0 else -1.0
                s.add_(diff, alpha=eps)
                have = False
            t3 = time.perf_counter()
        flat += t2 - t1
        bal += t3 - t2
    return step, flat, bal


def go_overheads(text):
    """Returns {order: [overhead-% of each run]} from BenchmarkSampler's
    output at batch 64."""
    out = {}
    for m in re.finditer(r"^BenchmarkSampler/(\S+?)/batch=64(?:-\d+)?\s.*?([\d.]+) overhead-%", text, re.M):
        out.setdefault(m.group(1), []).append(float(m.group(2)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=None, help="folder of the MNIST .gz files (default: the GoMNIST module)")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1, help="PyTorch's threads (1 is its fastest on 2 cores)")
    ap.add_argument("--go-bench", help="file with BenchmarkSampler's output, - for stdin")
    args = ap.parse_args()
    text = ""
    if args.go_bench:
        text = sys.stdin.read() if args.go_bench == "-" else open(args.go_bench).read()
    x, y = mnist(args.dir or mnist_dir())
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    model = torch.nn.Sequential(torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
    print(f"PyTorch {torch.__version__}, {args.threads} thread(s), OpenBLAS kernel {openblas_kernel()}, d = {sum(p.numel() for p in model.parameters())}")
    epoch(model, x, y, True)  # warm-up
    runs = []
    for e in range(args.epochs):
        step, flat, bal = epoch(model, x, y, True)
        runs.append((100 * bal / step, 100 * (flat + bal) / step))
        print(f"epoch {e}: step {1e6 * step / (len(y) // 64):.0f} µs/batch, balancing {100 * bal / step:.2f}% of the step, with the flattening {100 * (flat + bal) / step:.2f}%")
    print(f"PyTorch pair balancing (float32): median {statistics.median(r[0] for r in runs):.2f}% of the step "
          f"({min(r[0] for r in runs):.2f} to {max(r[0] for r in runs):.2f}); with the flattening {statistics.median(r[1] for r in runs):.2f}%")
    for order, ov in go_overheads(text).items():
        print(f"goodorder {order} (Sampler, float32 gradients): median {statistics.median(ov):.2f}% of the step ({min(ov):.2f} to {max(ov):.2f}, {len(ov)} runs)")


if __name__ == "__main__":
    main()
