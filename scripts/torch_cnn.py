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

With --deep it times nn.DeepCNN's default network instead (stages of two
3x3 convolutions with padding 1 and ReLU, of 16, 32 and 64 filters, 2x2 max
pooling between stages, global average pooling, dense 10; He's
initialisation, no batch norm) on MNIST against BenchmarkDeepCNNEpoch, and
with --deep --cifar on 32x32x3 images against BenchmarkCIFARDeepCNNEpoch.

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


def deep_cnn(channels):
    """nn.DeepCNN with its defaults for images of the given channels."""
    layers, cin = [], channels
    for stage, width in enumerate((16, 32, 64)):
        for _ in range(2):
            conv = torch.nn.Conv2d(cin, width, 3, padding=1)
            torch.nn.init.kaiming_normal_(conv.weight, nonlinearity="relu")
            torch.nn.init.zeros_(conv.bias)
            layers += [conv, torch.nn.ReLU()]
            cin = width
        if stage < 2:
            layers.append(torch.nn.MaxPool2d(2))
    layers += [torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(cin, 10)]
    return torch.nn.Sequential(*layers)


def flag(name):
    """Reports whether the flag name was given, and removes it."""
    if name in sys.argv:
        sys.argv.remove(name)
        return True
    return False


def main():
    cifar, deep = flag("--cifar"), flag("--deep")
    args = parse_args(2)
    prefix = "Deep" if deep else ""
    if cifar:
        g = torch.Generator().manual_seed(1)
        x = torch.rand(50000, 3, 32, 32, generator=g)
        y = torch.randint(0, 10, (50000,), generator=g)
        compare("CIFAR%sCNNEpoch" % prefix, (lambda: deep_cnn(3)) if deep else cifar_cnn, x, y, args)
        return
    x, y = mnist(args.dir or mnist_dir())
    compare("%sCNNEpoch" % prefix, (lambda: deep_cnn(1)) if deep else cnn, x.reshape(-1, 1, 28, 28), y, args)


if __name__ == "__main__":
    main()
