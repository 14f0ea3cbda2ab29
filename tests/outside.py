"""Helpers of the outside-in tests: hostile ids put into real examples, the characters a
terminal would execute, and runs of the console script as a user makes them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import ROOT

# One example per file command, with an open choice where the command searches one.
EXAMPLE_OF = {
    "run": "examples/damage/volibear_open.yaml",
    "check": "examples/cardsets/flawed.yaml",
    "damage": "examples/damage/volibear_open.yaml",
    "loops": "examples/loops/three_card_loop.yaml",
    "graph": "examples/seeds/altered_dependency_cycle.yaml",
}
# The id of each example that is renamed to a hostile one.
ID_OF = {
    "examples/damage/volibear_open.yaml": "x",
    "examples/cardsets/flawed.yaml": None,  # the first card
    "examples/loops/three_card_loop.yaml": "brazier_a",
    "examples/seeds/altered_dependency_cycle.yaml": "b",
}

# Ids that are legal (no dots, no spaces) but are markup, paths or URIs somewhere.
MARKUP_IDS = (
    "x[/b]",
    "[link=file:///etc/passwd]y[/link]",
    "[bold]z",
    "a\\",
    "/etc/passwd",
    "c:%20#?",
)
# What a terminal would execute: refused in ids, escaped in file names.
CONTROL_TEXTS = ("\x1b]0;owned\x07", "\x1b[31m", "\x00", "\x7f", "\x9b2J", "\u2028", "\u202e")
# Raw in any output: every unsafe character except a line break and a tab; ESC only as
# the colour sequences of rich (CSI ... m) when colour is forced.
_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_SGR = re.compile(r"\x1b\[[0-9;]*m")


def raw_unsafe(text: str, *, colour: bool = False) -> list[str]:
    """The unsafe characters that reached ``text`` (rich's own SGR colours allowed)."""
    if colour:
        text = _SGR.sub("", text)
    return _RAW.findall(text)


def _rename(value: Any, old: str, new: str) -> Any:
    if isinstance(value, dict):
        return {_rename(k, old, new): _rename(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, old, new) for v in value]
    if isinstance(value, str):
        if value == old:
            return new
        if value.startswith(old + "."):
            return new + value[len(old) :]
        if value.startswith(f"{old}.") or f".{old}" in value:
            return value
    return value


def first_id(doc: dict[str, Any]) -> str:
    for key in ("objects", "cards"):
        if isinstance(doc.get(key), dict) and doc[key]:
            return str(next(iter(doc[key])))
    raise ValueError("no object or card")


def with_id(example: str, new: str) -> str:
    """The text of ``example`` with its chosen id renamed to ``new`` everywhere it stands
    (keys, values, and the first part of dotted paths)."""
    doc = yaml.safe_load((ROOT / example).read_text(encoding="utf-8"))
    old = ID_OF.get(example) or first_id(doc)
    doc = _rename(doc, old, new)
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


def arbiter(
    *args: str, cwd: Path | str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``arbiter ARGS`` in a fresh process (the console script as a user runs it)."""
    full = {**os.environ, **(env or {})}
    full.setdefault("PYTHONPATH", str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", "from solver.cli import main; main()", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=cwd,
        env=full,
        timeout=timeout,
    )
