#!/usr/bin/python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Times the exact greedy order (Algorithm 2) the fastest way numpy does it
(centre, one Gram matrix G G^T through OpenBLAS, the O(N^2) selection) on
the float32 matrix goodorder's BenchmarkGreedy32 wrote, and prints the
ratios to the Go times read from the benchmark output on stdin:

    go test ./ordering -run='^$' -bench='Greedy32' -benchtime=3x -npy=/tmp/g.npy | \
      /usr/bin/python3 scripts/numpy_greedy.py /tmp/g.npy

(`make bench-greedy` runs both builds). Needs Debian's python3-numpy. The
Makefile runs both sides under the same OPENBLAS_CORETYPE (Haswell) and
without OPENBLAS_L2_SIZE; this script prints numpy's kernel, and the Go
benchmark logs its own. Also checks that
numpy's order has the same sigma*^2 as the Go order on this matrix (the
orders may differ where float32 rounding decides a near-tie).
"""
import sys
import time

import numpy as np

from gobench import go_times, openblas_kernel


def greedy(g):
    """Returns Algorithm 2's order of the rows of g and the times of its
    three parts."""
    t0 = time.perf_counter()
    u = g - g.mean(axis=0, dtype=np.float64).astype(np.float32)
    t1 = time.perf_counter()
    k = u @ u.T
    t2 = time.perf_counter()
    n = k.shape[0]
    dots = np.diag(k).astype(np.float64)
    used = np.zeros(n, dtype=bool)
    order = np.empty(n, dtype=np.int64)
    for step in range(n):
        cand = np.where(used, np.inf, dots)
        best = int(np.argmin(cand))
        used[best] = True
        order[step] = best
        dots += 2 * k[best].astype(np.float64)
    t3 = time.perf_counter()
    return order, (t1 - t0, t2 - t1, t3 - t2)


def sigma_star2(g, order):
    """max_k ||sum_{i<=k} (g_{r_i} - mean)||^2 in float64."""
    u = g.astype(np.float64)
    u -= u.mean(axis=0)
    prefix = np.cumsum(u[order], axis=0)
    return float((prefix * prefix).sum(axis=1).max())


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: go test ... -npy=FILE | numpy_greedy.py FILE")
    text = sys.stdin.read()
    sys.stdout.write(text)
    gotimes = go_times(text, "Greedy32")
    print(f"numpy {np.__version__}: OpenBLAS kernel {openblas_kernel()}")
    g = np.load(sys.argv[1])
    n, d = g.shape
    best = None
    for _ in range(3):
        start = time.perf_counter()
        order, parts = greedy(g)
        secs = time.perf_counter() - start
        if best is None or secs < best[0]:
            best = (secs, parts, order)
    secs, parts, order = best
    assert sorted(order.tolist()) == list(range(n))
    fmas = n * (n + 1) / 2 * d
    print(f"numpy {np.__version__} float32 {n} x {d}: greedy {secs:.3f} s (best of 3): "
          f"centre {parts[0]:.3f} s, G G^T {parts[1]:.3f} s ({n * n * d / parts[1] / 1e9:.0f} G FMA/s for both triangles), "
          f"selection {parts[2]:.3f} s")
    print(f"numpy sigma*^2 of its order: {sigma_star2(g, order):.6g}")
    for name, t in gotimes.items():
        print(f"go {name}: {t:.3f} s; go / numpy greedy = {t / secs:.2f}")
    if "gram" in gotimes:
        print(f"go gram: {fmas / gotimes['gram'] / 1e9:.0f} G FMA/s (N(N+1)/2 d multiply-adds)")


if __name__ == "__main__":
    main()
