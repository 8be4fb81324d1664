"""Shared helpers: the `onag` command the Python results are checked against."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli_path() -> str:
    """The `onag` binary: $ONAG_CLI, else the workspace's debug build."""
    path = os.environ.get("ONAG_CLI") or str(ROOT / "target" / "debug" / "onag")
    if not Path(path).exists():
        pytest.skip(f"the onag command is not built at {path} (cargo build -p onag-cli)")
    return path


def cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs `onag ARGS`."""
    return subprocess.run(
        [cli_path(), *args], capture_output=True, text=True, check=check, timeout=300
    )


def cli_json(*args: str):
    """Runs `onag --json ARGS` and parses its output."""
    out = cli("--json", *args).stdout
    return json.loads(out)


def cli_eval(*exprs: str) -> list:
    """`onag eval --json` of the inputs (one session): each value or error text."""
    out = cli("--json", "eval", "--", *exprs, check=False).stdout
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    return [line.get("value", line.get("error")) for line in lines]
