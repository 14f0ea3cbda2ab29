"""Builders shared by the Altered tests: a small board and a run that returns the state."""

from __future__ import annotations

import textwrap
from typing import Any

from arbiter.model.state import GameState
from arbiter.solver.engine.runner import RunResult
from tests.helpers import run_text

HEAD = """
ruleset: altered
players: [ana, bo]
"""


def altered(body: str, policies: str = "") -> RunResult:
    """Run an Altered scenario given its ``objects:``/``steps:`` part (parts joined by
    ``+`` are dedented one by one)."""
    return run_text(HEAD + (f"policies: {policies}\n" if policies else "") + body)


def part(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def final(body: str, policies: str = "") -> GameState:
    result = altered(part(body), policies)
    assert result.stopped_by is None, result.stopped_by
    return result.state


def refused(body: str) -> str:
    """The rule id of the first refused step of a scenario that must stop."""
    result = altered(part(body))
    assert result.stopped_by is not None, "the action was expected to be refused"
    return result.stopped_by.rule


def events(state: GameState, kind: str) -> list[dict[str, Any]]:
    return [e.as_json() for e in state.events if e.kind == kind]
