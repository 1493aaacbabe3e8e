# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Reads `go test -bench` output for the scripts that compare goodorder
with numpy and PyTorch."""
import re


def go_times(text, name):
    """Returns {sub: seconds per op} of the sub-benchmarks
    Benchmark<name>/<sub> in `go test -bench` output."""
    out = {}
    for m in re.finditer(r"^Benchmark%s/(\S+?)(?:-\d+)?\s+\d+\s+([\d.e+]+) ns/op" % name, text, re.M):
        out[m.group(1)] = float(m.group(2)) / 1e9
    return out
