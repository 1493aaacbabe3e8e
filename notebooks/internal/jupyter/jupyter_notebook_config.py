# Copyright ©2026 The goodorder Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.

"""Jupyter configuration of make jupyter: edits stay out of git.

Jupyter's autosave writes every edit of an open notebook into its file
within two minutes: an experiment (a parameter changed, a slider moved, a
cell's outputs wiped mid-run) would land in the tracked notebooks unasked.
ShadowContentsManager saves a notebook that git tracks to a copy under
edits/ in the served folder instead (git-ignored: the folder ignores
itself), and opens that copy in its place while it exists; every other
file is saved as usual. The tracked file changes only when the researcher
asks: make keep-notebook NB=notebooks/<file> copies the edits over it,
make discard-notebook NB=notebooks/<file> drops them (notebooks/README.md).

Checkpoints (File -> Save and Checkpoint, Revert to Checkpoint) are those
of the copy, so a revert never writes the tracked file either.

Run it with jupyter notebook --config=<this file> from the served folder,
which must be inside a git work tree.
"""

import os
import subprocess

try:  # the classic Notebook 6 (Debian's jupyter-notebook)
    from notebook.services.contents.filemanager import FileContentsManager
except ImportError:  # jupyter_server (Notebook 7, JupyterLab)
    from jupyter_server.services.contents.filemanager import FileContentsManager

# EDITS is the folder, relative to the served one, that holds the edited
# copies.
EDITS = "edits"


def tracked_notebooks(root):
    """The .ipynb paths git tracks under root, relative to it with /."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--", "*.ipynb"],
            cwd=root, capture_output=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return set()
    return {p for p in out.decode("utf-8").split("\0") if p}


class ShadowContentsManager(FileContentsManager):
    """A FileContentsManager that saves tracked notebooks to EDITS."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._tracked = tracked_notebooks(self.root_dir)
        self.log.info(
            "goodorder: edits of the %d tracked notebooks are saved in %s/ "
            "(make keep-notebook NB=... keeps them)",
            len(self._tracked), os.path.join(self.root_dir, EDITS))

    def _shadow(self, path):
        """The copy's path of path, or None if path is not tracked."""
        path = path.strip("/")
        if path not in self._tracked:
            return None
        return EDITS + "/" + path

    def _ensure_edits(self):
        folder = os.path.join(self.root_dir, EDITS)
        os.makedirs(folder, exist_ok=True)
        ignore = os.path.join(folder, ".gitignore")
        if not os.path.exists(ignore):
            with open(ignore, "w") as f:
                f.write("# Notebook edits saved by make jupyter (notebooks/README.md).\n*\n")

    def _as(self, model, path):
        """model with its name and path those of path."""
        if model is not None:
            path = path.strip("/")
            model["path"] = path
            model["name"] = path.rsplit("/", 1)[-1]
        return model

    def get(self, path, content=True, type=None, format=None):
        shadow = self._shadow(path)
        if shadow and super().file_exists(shadow):
            return self._as(super().get(shadow, content=content, type=type, format=format), path)
        return super().get(path, content=content, type=type, format=format)

    def save(self, model, path=""):
        shadow = self._shadow(path)
        if not shadow:
            return super().save(model, path)
        self._ensure_edits()
        sub = os.path.dirname(shadow)
        if not super().dir_exists(sub):
            os.makedirs(os.path.join(self.root_dir, sub), exist_ok=True)
        return self._as(super().save(model, shadow), path)

    def _checkpoint_path(self, path):
        shadow = self._shadow(path)
        return shadow if shadow else path

    def create_checkpoint(self, path):
        return super().create_checkpoint(self._checkpoint_path(path))

    def list_checkpoints(self, path):
        return super().list_checkpoints(self._checkpoint_path(path))

    def restore_checkpoint(self, checkpoint_id, path):
        return super().restore_checkpoint(checkpoint_id, self._checkpoint_path(path))

    def delete_checkpoint(self, checkpoint_id, path):
        return super().delete_checkpoint(checkpoint_id, self._checkpoint_path(path))


# get_config exists when Jupyter loads this file as its configuration.
if "get_config" in globals():
    c = get_config()  # noqa: F821
    c.NotebookApp.contents_manager_class = ShadowContentsManager
    c.ServerApp.contents_manager_class = ShadowContentsManager
