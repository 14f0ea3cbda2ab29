"""The JSON view of a state (DESIGN.md, output contract) and expectations on it.

Keys may be added, never renamed: tools and tests read them. What is shown and checked is
the state after passive abilities (A-PASS-1, ``model.passive_order.after_passives``,
called explicitly here). The sections of an object are a literal list
(``OBJECT_SECTIONS``): nothing registers itself on import, so the view never depends on
which modules were imported.

Passives and prevention shields are abilities: for an object (or a state) without
abilities there is nothing to derive and no shield to show, and their modules (with the
effects algebra) are imported only when some object has abilities (issue 19: a stats-only
run starts without them; tests/test_cold_start.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from arbiter.model.altered import view as altered_view
from arbiter.model.ruleset import TurnStates
from arbiter.model.scenario import Expectation
from arbiter.model.state import JSON, GameObject, GameState
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import NumberReading
from arbiter.model.wording import nearest

# The per-object sections after the characteristics, features and counters, in order:
# each takes the object and the state and returns (key, value) or None.
ObjectSection = Callable[[GameObject, GameState], "tuple[str, JSON] | None"]


def region_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """``"region"``: the region object an object is in, when it has one."""
    return ("region", obj.region) if obj.region is not None else None


def prevention_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """``"prevention"``: the object's shields (P-1), which are among its abilities."""
    if not obj.abilities:
        return None
    from arbiter.model.damage.prevention import prevention_json

    return prevention_json(obj, state)


# The characteristic a unit's Might is (model.might.MIGHT; tests/test_cold_start.py pins it).
MIGHT = "might"


def might_section(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """``"might"``: a unit's Might with its layers (Riftbound), for an object that has it."""
    if MIGHT not in obj.base:
        return None
    from arbiter.model.might_layers import might_json

    return might_json(obj, state)


OBJECT_SECTIONS: tuple[ObjectSection, ...] = (
    region_section,
    *altered_view.SECTIONS,
    prevention_section,
    might_section,
)


def has_abilities(state: GameState) -> bool:
    """Whether some object has abilities: without any, there is no passive, trigger or
    shield to look at, and their modules need not be imported."""
    return any(obj.abilities for obj in state.objects.values())


def derived(state: GameState) -> GameState:
    """The state as it is shown and checked: characteristics after passives (A-PASS-1);
    the state itself when no object has abilities (so none has passives)."""
    if not has_abilities(state):
        return state
    from arbiter.model.passive_order import after_passives

    return after_passives(state)


def passive_ids(obj: GameObject) -> list[str]:
    """The ids of the object's passive abilities (A-PASS-1), in order."""
    if not obj.abilities:
        return []
    from arbiter.model import passives as pv

    return [p.id for p in pv.passives_of(obj)]


def characteristic_json(obj: GameObject, stat: str) -> dict[str, JSON] | None:
    r = ch.read(obj, stat)
    if r is None:
        return None  # absent characteristics are left out
    if isinstance(r, NumberReading):
        return {
            "shown": r.shown,
            "raw": r.raw,
            "base": r.base,
            "bonus": r.bonus,
            "reference": r.reference,
            "variation": r.variation,
        }
    return {"shown": r.shown, "base": sorted(r.base)}


def object_json(
    obj: GameObject, state: GameState, before: GameState | None = None
) -> dict[str, JSON]:
    """The object as the output contract shows it; ``before``: the state before passive
    abilities applied (``"passives"`` lists those of an object that had some)."""
    chars = {}
    for stat in sorted(obj.base):
        value = characteristic_json(obj, stat)
        if value is not None:
            chars[stat] = value
    features: dict[str, JSON] = {}
    for name in sorted(obj.features):
        f = obj.features[name]
        features[name] = True if f.number is None else {"shown": f.shown, "raw": f.number}
    out: dict[str, JSON] = {
        "kind": obj.kind,
        "owner": obj.owner,
        "controller": obj.controlled_by,
        "zone": obj.zone,
        "timestamp": obj.timestamp,
        "characteristics": chars,
        "features": features,
    }
    if obj.card is not None:
        out["card"] = obj.card
    if obj.counters:  # damage, wounds, lives, boosts ... (left out when there are none)
        out["counters"] = dict(sorted(obj.counters.items()))
    had = before.objects.get(obj.id) if before is not None else obj
    if had is not None and passive_ids(had):
        out["passives"] = passive_ids(obj)
    for section in OBJECT_SECTIONS:
        item = section(obj, state)
        if item is not None:
            out[item[0]] = item[1]
    return out


def state_json(state: GameState) -> dict[str, JSON]:
    """The output contract of ``state``: its objects after passive abilities."""
    before, state = state, derived(state)
    out: dict[str, JSON] = {
        "ruleset": state.ruleset.name,
        "players": list(state.players),
        "objects": {
            oid: object_json(state.objects[oid], state, before) for oid in sorted(state.objects)
        },
        "events": [e.as_json() for e in state.events],
        "counters": counters_json(state.counters),  # game counters: mana.<player> ...
    }
    if state.chain is not None:  # Riftbound 108.1: the items, oldest first (while one exists)
        out["chain"] = {
            "items": [item.as_json() for item in state.chain.items],
            "priority": state.chain.priority,
        }
    if state.turn is not None or state.ruleset.turn_states is TurnStates.TRACKED:
        from arbiter.model.turn_state import TurnState  # Riftbound 307 (RB-STATES)

        out["turn"] = (state.turn or TurnState()).as_json(state.chain is not None)
    return out


def counters_json(counters: Mapping[str, int]) -> dict[str, JSON]:
    """Game counters, nested on dots (``mana.ana`` → ``{"mana": {"ana": …}}``) for paths."""
    out: dict[str, JSON] = {}
    for key in sorted(counters):
        node = out
        *parents, last = key.split(".")
        for p in parents:
            child = node.setdefault(p, {})
            if not isinstance(child, dict):
                break
            node = child
        else:
            node[last] = counters[key]
    return out


# -- expectations ------------------------------------------------------------------------

_MISSING = object()
_INDEX = re.compile(r"-?[0-9]{1,18}")
OBJECT_FIELDS = {"zone", "owner", "kind", "controller", "timestamp", "card"}
READING_FIELDS = {"shown", "raw", "base", "bonus", "reference", "variation"}


@dataclass(frozen=True, slots=True)
class Check:
    """One expectation checked: expected vs actual, with the resolved path."""

    expectation: Expectation
    actual: JSON
    passed: bool
    resolved: str
    step: int | None  # index of the step after which it was checked; None = at the end
    suggestion: str | None = None  # the nearest path that exists, when this one does not

    def as_json(self) -> dict[str, JSON]:
        where = self.expectation.where
        out: dict[str, JSON] = {
            "path": self.expectation.path,
            "resolved": self.resolved,
            "expected": self.expectation.expected,
            "actual": None if self.actual is _MISSING else self.actual,
            "passed": self.passed,
            "step": self.step,
            "line": where.line if where else None,
        }
        if self.suggestion is not None:
            out["suggestion"] = self.suggestion
        return out


def resolve_path(view: dict[str, JSON], path: str) -> tuple[list[str], JSON]:
    """Expand shorthands (``naya.defense`` → ``objects.naya.characteristics.defense.shown``)."""
    parts = [p for p in path.replace("[", ".").replace("]", "").split(".") if p]
    if not parts:
        return parts, _MISSING
    if parts[0] not in view and parts[0] in view.get("objects", {}):
        obj = view["objects"][parts[0]]
        rest = parts[1:]
        if not rest:
            parts = ["objects", parts[0]]
        elif (
            rest[0] in obj
            and rest[0] not in READING_FIELDS
            # ``unit.might``: the characteristic, as for every other one; the section of the
            # same name (``objects.unit.might``) is named in full
            and not (len(rest) == 1 and rest[0] in obj.get("characteristics", {}))
        ):
            parts = ["objects", parts[0], *rest]
            node = _walk(view, parts)
            if rest[0] == "features" and len(rest) == 2 and isinstance(node, dict):
                parts.append("shown")
        elif rest[0] in obj.get("features", {}) or (
            rest[0][:1].isupper() and rest[0] not in obj.get("characteristics", {})
        ):
            parts = ["objects", parts[0], "features", *rest]
            if len(rest) == 1 and isinstance(_walk(view, parts), dict):
                parts.append("shown")
        else:
            parts = ["objects", parts[0], "characteristics", *rest]
            if len(rest) == 1:
                parts.append("shown")
    return parts, _walk(view, parts)


def _walk(node: JSON, parts: list[str]) -> JSON:
    for p in parts:
        if isinstance(node, list) and p == "count":  # ``outcomes.count``: a list's length
            node = len(node)
            continue
        if isinstance(node, dict):
            if p not in node:
                return _MISSING
            node = node[p]
        elif isinstance(node, list):
            # ASCII digits only: str.isdigit() accepts '²', and '--1' passes lstrip("-")
            if not _INDEX.fullmatch(p) or not -len(node) <= int(p) < len(node):
                return _MISSING
            node = node[int(p)]
        else:
            return _MISSING
    return node


def same(expected: JSON, actual: JSON) -> bool:
    if actual is _MISSING:
        return expected is None
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(
            same(e, a) for e, a in zip(expected, actual, strict=True)
        )
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(k in actual and same(v, actual[k]) for k, v in expected.items())
    return bool(expected == actual)


def check(view: dict[str, JSON], expectation: Expectation, step: int | None) -> Check:
    parts, actual = resolve_path(view, expectation.path)
    passed = same(expectation.expected, actual)
    hint = None
    if actual is _MISSING and not passed:
        hint = nearest(expectation.path, known_paths(view, expectation.path))
    return Check(expectation, actual, passed, ".".join(parts), step, hint)


MAX_PATHS = 20_000  # paths offered as suggestions, at most (a large view is cut, not slow)


def known_paths(view: dict[str, JSON], path: str) -> list[str]:
    """Paths that exist in ``view``, written as a user would (``ogre.counters.damage``,
    ``ogre.defense``), to suggest for an expectation whose path reads nothing."""
    head = path.replace("[", ".").split(".", 1)[0]
    objects = view.get("objects", {})
    out: list[str] = []
    if isinstance(objects, dict) and head in objects:  # the user meant this object
        _leaves(objects[head], head, out)
        chars = objects[head].get("characteristics", {}) if isinstance(objects[head], dict) else {}
        for stat in chars if isinstance(chars, dict) else ():
            out.append(f"{head}.{stat}")
            out += [f"{head}.{stat}.{f}" for f in sorted(READING_FIELDS)]
        return out
    for key, value in view.items():
        if key == "objects" and isinstance(value, dict):
            out += [str(k) for k in value]
            continue
        _leaves(value, key, out)
    return out


def _leaves(node: JSON, prefix: str, out: list[str]) -> None:
    if len(out) >= MAX_PATHS:
        return
    out.append(prefix)
    if isinstance(node, dict):
        for k, v in node.items():
            _leaves(v, f"{prefix}.{k}", out)
    elif isinstance(node, list):
        for i, v in enumerate(node[:50]):
            _leaves(v, f"{prefix}.{i}", out)


def shown(value: JSON) -> str:
    return "absent" if value is _MISSING else repr(value)
