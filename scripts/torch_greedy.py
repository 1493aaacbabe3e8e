#!/usr/bin/python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Times a straightforward PyTorch implementation of Algorithm 2 (the greedy
order chooser) as research code writes it: at each of the N steps, the norms
||u_i + c||^2 of all remaining centred gradients u_i, c the sum of those
chosen. Not part of make test. Needs Debian's python3-torch.

The ratio to goodorder's exact greedy on the same shape (942 x 101,770: the
MNIST MLP's same-class batch gradients) in one shell line, from /work/main:

    go test ./ordering -run='^$' -bench='Greedy942/(gram|exact|exact-orderer)$' -benchtime=1x | \
      /usr/bin/python3 scripts/torch_greedy.py --go-bench -

The script reads the Go benchmark's output from stdin, runs the PyTorch
greedy and prints both times and their ratios. The Go benchmark uses float64
and a structured random matrix; this script uses float32 (PyTorch's default)
and a Gaussian one; the work of either does not depend on the values. Run it
on an otherwise idle machine: both use all cores (--threads, default 2).
"""
import argparse
import sys
import time

import torch

from gobench import go_times


def greedy(g):
    """Returns Algorithm 2's order of the rows of g, the way the paper's
    and GraB's code computes it: a fresh norm of every remaining row per
    step."""
    u = g - g.mean(dim=0, keepdim=True)
    n = u.shape[0]
    remaining = list(range(n))
    c = torch.zeros(u.shape[1], dtype=u.dtype)
    order = []
    for _ in range(n):
        cand = u[remaining] + c
        j = int(torch.argmin((cand * cand).sum(dim=1)))
        i = remaining.pop(j)
        order.append(i)
        c += u[i]
    return order


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=942)
    ap.add_argument("--d", type=int, default=101770)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--go-bench", help="file with the Go benchmark's output, - for stdin")
    args = ap.parse_args()
    gotimes = {}
    if args.go_bench:
        text = sys.stdin.read() if args.go_bench == "-" else open(args.go_bench).read()
        sys.stdout.write(text)
        gotimes = go_times(text, "Greedy942")
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    g = torch.randn(args.n, args.d)
    start = time.perf_counter()
    order = greedy(g)
    secs = time.perf_counter() - start
    assert sorted(order) == list(range(args.n))
    print(f"torch {torch.__version__}, {args.threads} threads, float32: greedy order of {args.n} x {args.d} in {secs:.2f} s")
    for name, t in gotimes.items():
        print(f"go {name}: {t:.2f} s; torch / go {name} = {secs / t:.2f}")


if __name__ == "__main__":
    main()
