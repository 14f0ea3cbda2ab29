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
        [sys.executable, "-c", "from arbiter.solver.cli.main import main; main()", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=cwd,
        env=full,
        timeout=timeout,
    )


# The peak of the child's own memory (VmHWM; ru_maxrss where /proc is missing): see
# tests/test_hostile.py for why ru_maxrss alone would report the parent's size.
_MEASURE = """
import resource, sys
from arbiter.solver.cli.main import main
def peak_kb():
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    main(sys.argv[1:])
finally:
    print(f"PEAK-KB {peak_kb()}", file=sys.stderr)
"""


def measured(
    *args: str, cwd: Path | str, timeout: float = 300
) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """``arbiter ARGS`` in a fresh process: (result, seconds, peak memory in MB); the
    stderr returned leaves out the measurement line."""
    import time

    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=timeout,
    )
    seconds = time.perf_counter() - start
    lines = done.stderr.splitlines(keepends=True)
    peak = [ln for ln in lines if ln.startswith("PEAK-KB ")]
    assert peak, done.stderr
    done.stderr = "".join(ln for ln in lines if not ln.startswith("PEAK-KB "))
    return done, seconds, int(peak[-1].split()[1]) / 1024


def game_actions(steps: int) -> str:
    """A scenario of ``steps`` game actions, each with an open choice of a "may"
    replacement over three events: the outcome search is long, each step is quick."""
    head = """\
ruleset: berserk
players: [ana, bo]
objects:
  razgal: {owner: ana, kind: creature}
  druid:
    owner: ana
    kind: creature
    replacements:
      - id: druid_gift
        when: {event: gains-lives, object: {side: yours, kind: creature}}
        instead: {event: wounded, object: {side: enemy, kind: creature}}
        may: true
  r1: {owner: ana, kind: creature, counters: {lives: 0}}
  r2: {owner: ana, kind: creature, counters: {lives: 0}}
  r3: {owner: ana, kind: creature, counters: {lives: 0}}
  enemy: {owner: bo, kind: creature, counters: {damage: 0}}
steps:
"""
    step = (
        "  - game-action: {{id: g{i}, source: razgal, "
        "events: [{{event: gains-lives, object: [r1, r2, r3], amount: 1}}]}}\n"
    )
    return head + "".join(step.format(i=i) for i in range(steps))


# A one-card loop file (a few hundred bytes) whose search grows without end: two "may"
# triggers feeding each other, and a file that asks for 100,000,000 states.
BRANCHING_LOOP = """\
ruleset: berserk
players: [ana, bo]
cards:
  a:
    kind: artifact
    triggers:
      - when: {counter: x, of: self, change: up}
        may: true
        do:
          - {counter: {target: self, name: y, add: 1}}
          - {counter: {target: self, name: x, add: 1}}
      - when: {counter: y, of: self, change: up}
        may: true
        do:
          - {counter: {target: self, name: x, add: 1}}
          - {counter: {target: self, name: z, add: -1}}
loop_search: {budget: 100000000}
"""


def passive_crowd(characters: int) -> str:
    """``characters`` Altered characters with two passives each (a big dependency graph)."""
    lines = [
        "ruleset: altered",
        "players: [ana, bo]",
        "objects:",
        "  region: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Water]},"
        " timestamp: 0}",
    ]
    for i in range(characters):
        lines += [
            f"  c{i}:",
            "    owner: ana",
            "    kind: character",
            "    zone: expedition:hero",
            "    region: region",
            f"    timestamp: {i + 1}",
            "    passives:",
            "      - text: Other characters gain Gigantic",
            "        applies_to: {kind: character, other: true}",
            "        effect: {gain: Gigantic}",
            "      - text: Other characters are Elementals",
            "        applies_to: {kind: character, other: true}",
            "        effect: {add_subtypes: [Elemental]}",
        ]
    return "\n".join(lines) + "\n"


def replicated_cardset(example: str, cards: int) -> str:
    """A card set of ``cards`` cards made of copies of an example's cards (ids suffixed,
    references renamed along), without the keys a card set cannot hold."""
    doc = yaml.safe_load((ROOT / example).read_text(encoding="utf-8"))
    originals = doc["cards"]
    ids = list(originals)
    made: dict[str, Any] = {}
    copy = 0
    while len(made) < cards:
        for cid in ids:
            if len(made) >= cards:
                break
            text = yaml.safe_dump(originals[cid])
            if copy:
                for other in ids:
                    text = re.sub(rf"\b{re.escape(other)}\b", f"{other}_{copy}", text)
            made[f"{cid}_{copy}" if copy else cid] = yaml.safe_load(text)
        copy += 1
    out = {k: doc[k] for k in ("format", "ruleset", "policies", "title") if k in doc}
    out["cards"] = made
    return yaml.safe_dump(out, sort_keys=False)
