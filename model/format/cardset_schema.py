"""The JSON Schema of card-set files (``arbiter schema --cardset``), for editors.

Built from the scenario schema's pieces: cards are objects without an owner,
plus ``name``, ``text``, ``keywords``, ``roles`` and ``effect`` (scenario steps).
Keys other areas register in ``OBJECT_KEY_PARSERS`` are allowed as any value.
"""

from __future__ import annotations

from typing import Any

from arbiter.model.cardset import SIDES
from arbiter.model.format.schema import _ID, FEATURES, OBJECT_PROPERTIES, _step_schema
from arbiter.model.ruleset import POLICY_ENUMS, RULESETS

_NAMES = {"oneOf": [_ID, {"type": "array", "items": _ID}]}

ROLE = {
    "oneOf": [
        _NAMES,
        {
            "type": "object",
            "properties": {"kind": _NAMES, "side": {"enum": list(SIDES)}, "card": _ID},
            "additionalProperties": False,
        },
    ]
}


def build_cardset_schema(area_keys: list[str] | None = None) -> dict[str, Any]:
    card_props: dict[str, Any] = {
        k: v
        for k, v in OBJECT_PROPERTIES.items()
        if k in {"kind", "base", "features", "protections"}
    }
    card_props.update(
        {
            "name": {"type": "string"},
            "text": {"type": "string"},
            "keywords": FEATURES,
            "roles": {"type": "object", "additionalProperties": ROLE},
            "effect": {"type": "array", "items": _step_schema()},
        }
    )
    for key in area_keys or []:
        card_props.setdefault(key, {})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "arbiter card set (format v1)",
        "type": "object",
        "required": ["ruleset"],
        "additionalProperties": False,
        "properties": {
            "ruleset": {"enum": sorted(RULESETS)},
            "title": {"type": "string"},
            "description": {"type": "string"},
            "policies": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    **{k: {"enum": [m.value for m in e]} for k, e in POLICY_ENUMS.items()},
                    "quick_action_cap": {"type": "integer", "minimum": 0},
                    "reaction_cap": {"type": "integer", "minimum": 0},
                },
            },
            "include": {"type": "array", "items": {"type": "string", "pattern": "^[^/\\\\]"}},
            "include_only": {"type": "string"},
            "cards": {
                "type": "object",
                "propertyNames": {"pattern": r"^[^.\s]{1,100}$"},
                "additionalProperties": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": card_props,
                    "additionalProperties": False,
                },
            },
        },
    }
