"""Fixtures shared by the tests: the repository, ../shared, the `uridfa`
command (the oracle), and the engines.

Under ``CI=true`` a missing oracle, corpus or engine fails the test instead
of skipping it, so a CI run cannot pass by not running a check.
"""

from __future__ import annotations

import importlib
import json
import os
import pathlib
import shutil
import subprocess
from typing import Any, Optional

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def unavailable(why: str) -> None:
    """Skips the test with ``why``, or fails it under CI."""
    if IN_CI:
        pytest.fail(f"cannot run under CI: {why}")
    pytest.skip(why)


def require(module: str) -> Any:
    """Imports ``module``, or skips (fails under CI)."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        unavailable(f"{module} is not installed ({e})")


@pytest.fixture(scope="session")
def shared() -> pathlib.Path:
    """The specifications and corpora beside the repository."""
    for d in (os.environ.get("URIDFA_SHARED"), REPO.parent / "shared", "/work/shared"):
        if d and (pathlib.Path(d) / "corpora").is_dir():
            return pathlib.Path(d)
    unavailable("../shared (the corpora) is not beside the repository")
    raise AssertionError


def find_cli() -> Optional[str]:
    """The `uridfa` command: $URIDFA_CLI, or a build in the repository."""
    env = os.environ.get("URIDFA_CLI")
    if env:
        return env
    for profile in ("release", "debug"):
        p = REPO / "target" / profile / "uridfa"
        if p.exists():
            return str(p)
    return shutil.which("uridfa")


class Cli:
    """The `uridfa` command, run on many inputs at once."""

    def __init__(self, path: str) -> None:
        self.path = path

    def run(self, args: list[str], inputs: list[str]) -> subprocess.CompletedProcess:
        data = "".join(s + "\n" for s in inputs).encode()
        return subprocess.run([self.path, *args], input=data, capture_output=True, check=False)

    def split(self, inputs: list[str], *grammar_args: str) -> list[dict]:
        """`uridfa split` of each input, one JSON object each."""
        for s in inputs:
            assert "\n" not in s and "\r" not in s, "the command reads one input per line"
        p = self.run(["split", *grammar_args], inputs)
        assert p.returncode in (0, 1), p.stderr.decode()
        lines = p.stdout.decode().splitlines()
        assert len(lines) == len(inputs), p.stderr.decode()
        return [json.loads(line) for line in lines]


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = find_cli()
    if path is None:
        unavailable("the uridfa command is not built (cargo build -p uridfa-cli, or set URIDFA_CLI)")
    return Cli(path)
