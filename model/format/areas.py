"""The parsers of every area of the file format, in one place: literal tables.

A step kind, an object (or card) key or a top-level key of a new area is one entry
here; nothing registers itself on import. Later tables win on a shared key (the Altered
``move`` extends the foundation's), as a dict merge does.
"""

from __future__ import annotations

from typing import Any

from arbiter.model.format import (
    area_abilities,
    area_altered,
    area_altered_rules,
    area_combat,
    area_damage,
    area_effects,
    area_import,
    area_loops,
    area_passives,
    area_replacement,
    area_riftbound,
    foundation,
)
from arbiter.model.format.context import ObjectKeyParser, StepParser, TopKeyParser

STEP_PARSERS: dict[str, StepParser] = {
    **foundation.STEPS,
    **area_abilities.STEPS,
    **area_altered.STEPS,
    **area_replacement.STEPS,
    **area_damage.STEPS,
    **area_effects.STEPS,
    **area_combat.STEPS,
    **area_riftbound.STEPS,
    **area_altered_rules.STEPS,
}

OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    **area_abilities.OBJECT_KEY_PARSERS,
    **area_altered.OBJECT_KEY_PARSERS,
    **area_replacement.OBJECT_KEY_PARSERS,
    **area_damage.OBJECT_KEY_PARSERS,
    **area_combat.OBJECT_KEY_PARSERS,
    **area_import.OBJECT_KEY_PARSERS,
    **area_passives.OBJECT_KEY_PARSERS,
    **area_riftbound.OBJECT_KEY_PARSERS,
    **area_altered_rules.OBJECT_KEY_PARSERS,
}

TOP_KEY_PARSERS: dict[str, TopKeyParser] = {
    **area_replacement.TOP_KEY_PARSERS,
    **area_loops.TOP_KEY_PARSERS,
    **area_abilities.TOP_KEY_PARSERS,
}

# The JSON Schema of the areas' object keys and step kinds (``arbiter schema``).
SCHEMA_OBJECT_PROPERTIES: dict[str, Any] = {
    **area_abilities.SCHEMA_OBJECT_PROPERTIES,
    **area_replacement.SCHEMA_OBJECT_PROPERTIES,
    **area_damage.SCHEMA_OBJECT_PROPERTIES,
    **area_combat.SCHEMA_OBJECT_PROPERTIES,
    **area_passives.SCHEMA_OBJECT_PROPERTIES,
}
SCHEMA_STEPS: dict[str, Any] = {
    **area_abilities.SCHEMA_STEPS,
    **area_replacement.SCHEMA_STEPS,
    **area_damage.SCHEMA_STEPS,
    **area_effects.SCHEMA_STEPS,
    **area_combat.SCHEMA_STEPS,
}
