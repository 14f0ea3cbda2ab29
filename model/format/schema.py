"""The JSON Schema of scenario files (``arbiter schema``), for editors.

The areas give the schema of their step kinds and keys in ``model/format/schema_areas.py``.
"""

from __future__ import annotations

from typing import Any

from arbiter.model.format import areas, schema_areas
from arbiter.model.ruleset import POLICY_ENUMS, RULESETS

_ID = {"type": "string", "pattern": r"^[^.\s]{1,100}$"}
_INT = {"type": "integer", "minimum": -(10**9), "maximum": 10**9}
_NUMBER = {
    "oneOf": [
        _INT,
        {
            "type": "array",
            "items": {"oneOf": [_INT, {"type": "null"}]},
            "minItems": 1,
            "maxItems": 16,
        },
    ]
}
_NAMES = {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
_VALUE = {"oneOf": [_NUMBER, _NAMES]}


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


PROTECTION = _obj(
    {
        "stat": _NAMES,
        "stats": _NAMES,
        "cannot": {"enum": ["decrease", "modify"]},
        "limit": {"type": "integer", "minimum": 0},
        "source": _ID,
        "scope": {"type": "string"},
    },
    [],
)

_FEATURE_MAP = {"type": "object", "additionalProperties": {"oneOf": [{"const": True}, _INT]}}
FEATURES = {
    "oneOf": [
        _FEATURE_MAP,
        {
            "type": "array",
            "items": {"oneOf": [_ID, {**_FEATURE_MAP, "minProperties": 1, "maxProperties": 1}]},
        },
    ]
}

_FOUNDATION_STEPS: dict[str, dict[str, Any]] = {
    "modify": _obj(
        {
            "target": _ID,
            "stat": _ID,
            "op": {
                "enum": ["add", "set", "multiply", "divide", "copy", "swap", "swap-bonus", "remove"]
            },
            "value": _VALUE,
            "component": {"type": "integer", "minimum": 1},
            "with": _ID,
            "from": _ID,
            "source": {"type": "string"},
            "rounding": {"enum": ["down", "up", "nearest"]},
        },
        ["target", "stat", "op"],
    ),
    "gain": _obj(
        {
            "target": _ID,
            "feature": _ID,
            "number": _INT,
            "stat": _ID,
            "value": _VALUE,
            "source": {"type": "string"},
        },
        ["target"],
    ),
    "boost": _obj(
        {
            "target": _ID,
            "feature": _ID,
            "amount": _INT,
            "source": _ID,
            "constant": {"type": "boolean"},
        },
        ["target", "feature", "amount"],
    ),
    "lose": _obj({"target": _ID, "feature": _ID}, ["target", "feature"]),
    "protect": _obj({"target": _ID, **PROTECTION["properties"]}, ["target"]),
    "end": _obj({"source": _ID}, ["source"]),
    "move": _obj({"target": _ID, "zone": _ID, "player": _ID}, ["target", "zone"]),
    "expect": {"type": "object"},
}

_FOUNDATION_OBJECT_PROPERTIES: dict[str, Any] = {
    "owner": _ID,
    "controller": _ID,
    "kind": _ID,
    "zone": _ID,
    "card": _ID,
    "name": {"type": "string"},
    "timestamp": {"type": "integer", "minimum": 0},
    "counters": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
    "base": {"type": "object", "additionalProperties": _VALUE},
    "features": FEATURES,
    "protections": {"type": "array", "items": PROTECTION},
}

# The foundation's, then each area's (model/format/schema_areas.py).
STEP_SCHEMAS: dict[str, dict[str, Any]] = _FOUNDATION_STEPS | schema_areas.SCHEMA_STEPS
OBJECT_PROPERTIES: dict[str, Any] = (
    _FOUNDATION_OBJECT_PROPERTIES | schema_areas.SCHEMA_OBJECT_PROPERTIES
)


def _step_schema() -> dict[str, Any]:
    variants = []
    kinds = {kind: STEP_SCHEMAS.get(kind, {}) for kind in areas.STEP_PARSERS} | STEP_SCHEMAS
    for kind, schema in sorted(kinds.items()):
        variants.append(
            {
                "type": "object",
                "properties": {
                    kind: schema,
                    "illegal": {"type": "string"},
                    "note": {"type": "string"},
                },
                "required": [kind],
                "additionalProperties": False,
            }
        )
    return {"oneOf": variants}


def build_schema() -> dict[str, Any]:
    """The schema of every step kind and key of the format.

    Areas that give no detailed schema for a key or step kind get an open one.
    """
    object_properties = {k: {} for k in areas.OBJECT_KEY_PARSERS} | OBJECT_PROPERTIES
    top_extra: dict[str, Any] = {k: {} for k in areas.TOP_KEY_PARSERS}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "arbiter scenario (format v1)",
        "type": "object",
        "required": ["ruleset", "players", "objects"],
        "additionalProperties": False,
        "properties": {
            "ruleset": {"enum": sorted(RULESETS)},
            "title": {"type": "string"},
            "description": {"type": "string"},
            "players": {"type": "array", "items": _ID, "minItems": 1, "uniqueItems": True},
            "policies": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    **{k: {"enum": [m.value for m in e]} for k, e in POLICY_ENUMS.items()},
                    "quick_action_cap": {"type": "integer", "minimum": 0},
                    "reaction_cap": {"type": "integer", "minimum": 0},
                },
            },
            "cards": {"type": "object", "additionalProperties": {"type": "object"}},
            "objects": {
                "type": "object",
                "additionalProperties": _obj(object_properties, ["owner"]),
            },
            "steps": {"type": "array", "items": _step_schema()},
            "expect": {"type": "object"},
            "choices": {"type": "object"},
            **top_extra,
        },
    }
