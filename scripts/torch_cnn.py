#!/usr/bin/python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Times one epoch of goodorder's default CNN (problems/nn.CNN: conv 5x5 (8)
- ReLU - 2x2 max pool - conv 5x5 (16) - ReLU - 2x2 max pool - dense 64 -
ReLU - dense 10, no batch norm) on MNIST in PyTorch (CPU), at batch 64 with
plain SGD, trying each thread count, and prints the Go benchmarks read from
stdin over the fastest (make bench-nn):

    { go test ./problems/nn -run '^$' -bench 'CNNEpoch$' -benchtime 2x; \
      go test -tags openblas ./problems/nn -run '^$' -bench 'CNNEpoch$' -benchtime 2x; } | \
      /usr/bin/python3 scripts/torch_cnn.py --epochs 2 --threads 1,2 --go-bench -

With --cifar it times nn.CIFARConfig's CNN instead (conv 5x5 (6) - ReLU -
2x2 max pool - conv 5x5 (16) - ReLU - 2x2 max pool - dense 120 - ReLU -
dense 10) on 50,000 random images of CIFAR-10's shape (the time does not
depend on the values), against BenchmarkCIFARCNNEpoch.

Needs Debian's python3-torch. Not part of make test.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_mlp import compare, mnist, mnist_dir, parse_args  # noqa: E402


def cnn():
    return torch.nn.Sequential(
        torch.nn.Conv2d(1, 8, 5), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(8, 16, 5), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Flatten(), torch.nn.Linear(16 * 4 * 4, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))


def cifar_cnn():
    return torch.nn.Sequential(
        torch.nn.Conv2d(3, 6, 5), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(6, 16, 5), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Flatten(), torch.nn.Linear(16 * 5 * 5, 120), torch.nn.ReLU(), torch.nn.Linear(120, 10))


def main():
    cifar = "--cifar" in sys.argv
    if cifar:
        sys.argv.remove("--cifar")
    args = parse_args(2)
    if cifar:
        g = torch.Generator().manual_seed(1)
        x = torch.rand(50000, 3, 32, 32, generator=g)
        y = torch.randint(0, 10, (50000,), generator=g)
        compare("CIFARCNNEpoch", cifar_cnn, x, y, args)
        return
    x, y = mnist(args.dir or mnist_dir())
    compare("CNNEpoch", cnn, x.reshape(-1, 1, 28, 28), y, args)


if __name__ == "__main__":
    main()
