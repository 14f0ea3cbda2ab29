"""The pieces both engines of the outcome search share: a leaf (one distinct end of a
step), the canonical key of an outcome, the objective, and the best sequence found."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbiter.model.choicepoints import ChoosingStep, Decision
from arbiter.model.state import JSON, GameState
from arbiter.model.view import object_json
from arbiter.solver.status import Status


def objects_of(state: GameState) -> dict[str, JSON]:
    """The ``objects`` of the output contract (DESIGN.md) for ``state``."""
    return {oid: object_json(state.objects[oid], state) for oid in sorted(state.objects)}


def fingerprint(objects: Mapping[str, JSON]) -> str:
    """Canonical text of the objects: two outcomes are the same when these are equal."""
    return json.dumps(objects, sort_keys=True, separators=(",", ":"))


def outcome_of(step: ChoosingStep[Any], run: Any) -> str:
    """The canonical key of a finished run: the step's cheap key when it has one (equal
    exactly when the objects are equal), else the objects' fingerprint."""
    key = step.outcome_key(run)
    if key is not None:
        return "changes " + json.dumps(key)
    return fingerprint(objects_of(step.finish(run)))


@dataclass(frozen=True)
class Leaf:
    """One distinct end of one step: its key (``outcome_of``), a witness, and the tag
    sets reaching it."""

    fingerprint: str
    decisions: tuple[Decision, ...]
    tagsets: frozenset[frozenset[str]]
    dependent: bool | None = None  # decided by the engine itself (CP-SAT), else from tagsets


def objective_value(objects: Mapping[str, JSON], objective: Mapping[str, int]) -> int:
    """``{"enemy.damage": 1, "r1.lives": -1}``: the weighted sum of those counters."""
    total = 0
    for path, weight in objective.items():
        oid, _, counter = path.partition(".")
        obj = objects.get(oid)
        counters = obj.get("counters", {}) if isinstance(obj, dict) else {}
        total += weight * int(counters.get(counter, 0))
    return total


@dataclass(frozen=True)
class Best:
    """(c) The best sequence found: status, value, proven bound, witness, wall time."""

    status: Status
    value: int
    bound: int
    choices: tuple[Decision, ...]
    objects: Mapping[str, JSON]
    wall_time: float
