# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
"""Reads `go test -bench` output for the scripts that compare goodorder
with numpy and PyTorch."""
import ctypes
import ctypes.util
import re


def openblas_kernel():
    """Returns the kernel OpenBLAS runs in this process (its
    openblas_get_corename), or a sentence saying why it cannot tell. numpy
    and PyTorch on Debian call the system OpenBLAS, so this is theirs."""
    for name in ("libopenblas.so.0", ctypes.util.find_library("openblas")):
        if not name:
            continue
        try:
            lib = ctypes.CDLL(name)
            lib.openblas_get_corename.restype = ctypes.c_char_p
            return lib.openblas_get_corename().decode()
        except (OSError, AttributeError):
            continue
    return "unknown (no libopenblas found)"


def go_times(text, name):
    """Returns {sub: seconds per op} of the sub-benchmarks
    Benchmark<name>/<sub> in `go test -bench` output."""
    out = {}
    for m in re.finditer(r"^Benchmark%s/(\S+?)(?:-\d+)?\s+\d+\s+([\d.e+]+) ns/op" % name, text, re.M):
        out[m.group(1)] = float(m.group(2)) / 1e9
    return out
