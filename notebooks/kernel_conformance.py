#!/usr/bin/env python3
# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.

"""Runs the jupyter_kernel_test conformance suite against the GoNB kernel.

Usage (from the repository root, not part of make test):

    make kernel-conformance            # builds the tools, temporary kernelspec
    python3 notebooks/kernel_conformance.py -v   # uses the installed "gonb" kernelspec

It needs jupyter_kernel_test (Debian: python3-jupyter-kernel-test, pip:
jupyter_kernel_test) and a "gonb" kernelspec installed by
notebooks/internal/installkernel (make kernel). The kernel starts in this
folder and runs the notebooks' setup cell first, like a notebook would.

Checks GoNB v0.11.4 is known not to pass are marked expectedFailure, with the
reason; an "unexpected success" makes the run fail, so that a GoNB upgrade
that fixes one shows up here. is_complete is skipped because GoNB never
answers is_complete_request and the suite waits for the reply forever.
"""

import os
import shutil
import unittest

import jupyter_kernel_test
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import start_new_kernel

HERE = os.path.dirname(os.path.abspath(__file__))

# The first code cell of every notebook (notebooks/README.md).
SETUP_CELL = '%noautoget\n!*rm -f go.work && go work init && go work use . "${GONB_DIR}/.."'

GONBUI = 'import "github.com/janpfeifer/gonb/gonbui"\n'


def kernel_has_gopls():
    """Reports whether gopls is on the PATH the gonb kernelspec gives the kernel."""
    spec = KernelSpecManager().get_kernel_spec("gonb")
    path = spec.env.get("PATH", "${PATH}").replace("${PATH}", os.environ.get("PATH", ""))
    return shutil.which("gopls", path=path) is not None


HAS_GOPLS = kernel_has_gopls()


def run_cell(kc, code, timeout=300):
    """Executes code, failing on an error reply."""
    reply = kc.execute_interactive(code, timeout=timeout, output_hook=lambda msg: None)
    if reply["content"]["status"] != "ok":
        raise RuntimeError("cell failed: %r\n%s" % (code, reply["content"]))


class GoNBKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "gonb"
    language_name = "go"
    file_extension = ".go"

    code_hello_world = '%%\nfmt.Println("hello, world")'
    code_stderr = '%%\nfmt.Fprintln(os.Stderr, "to stderr")'
    code_generate_error = "%%\nundefinedName()"
    code_display_data = [
        {"code": GONBUI + '%%\ngonbui.DisplayHtml("<b>hello</b>")', "mime": "text/html"},
        {"code": GONBUI + '%%\ngonbui.DisplayMarkdown("**hello**")', "mime": "text/markdown"},
    ]
    # GoNB has no expression values: every rich output is display_data.
    code_execute_result = [{"code": "%%\nfmt.Println(1 + 1)", "result": "2"}]
    supported_history_operations = ("tail",)
    code_page_something = "%help"
    completion_samples = [{"text": "fmt.Pri"}]
    code_inspect_sample = "fmt.Println"

    @classmethod
    def setUpClass(cls):
        # Start in this folder, as Jupyter does for a notebook here, so that
        # the setup cell finds the module at ${GONB_DIR}/.. .
        cls.km, cls.kc = start_new_kernel(kernel_name=cls.kernel_name, cwd=HERE)
        run_cell(cls.kc, SETUP_CELL)
        # Compile once with a long timeout: the suite allows 15 s per cell.
        run_cell(cls.kc, GONBUI + '%%\nfmt.Println("warm-up")\ngonbui.DisplayHtml("<i>warm-up</i>")')

    @unittest.expectedFailure
    def test_execute_result(self):
        # GoNB v0.11.4 publishes display_data, never execute_result
        # (internal/kernel/messages.go, PublishData); Go has no bare
        # expression statements, so the value is printed to stdout.
        super().test_execute_result()

    @unittest.expectedFailure
    def test_history(self):
        # GoNB does not answer history_request: its dispatcher logs it as
        # unhandled and the suite times out. It also needs execute_result.
        super().test_history()

    @unittest.expectedFailure
    def test_pager(self):
        # GoNB shows %help as display data, not as a "page" payload.
        super().test_pager()

    def test_is_complete(self):
        raise unittest.SkipTest(
            "GoNB ignores is_complete_request (not a console kernel) and the suite waits for the reply without a timeout"
        )

    def test_clear_output(self):
        raise unittest.SkipTest("gonbui has no call that sends clear_output")

    def test_inspect(self):
        if not HAS_GOPLS:
            raise unittest.SkipTest("inspect needs gopls on the kernel's PATH (optional; not built by make kernel)")
        super().test_inspect()


if __name__ == "__main__":
    unittest.main()
