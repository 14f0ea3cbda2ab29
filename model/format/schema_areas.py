"""The JSON Schema of the areas' object keys and step kinds (``arbiter schema``).

Apart from ``areas.py`` so that reading a scenario loads only the areas it uses; the
schema needs every area, so it imports them all here.
"""

from __future__ import annotations

from typing import Any

from arbiter.model.format import (
    area_abilities,
    area_combat,
    area_damage,
    area_effects,
    area_passives,
    area_replacement,
)

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
