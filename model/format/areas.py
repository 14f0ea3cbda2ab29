"""The parsers of every area of the file format, in one place: literal tables.

A step kind, an object (or card) key or a top-level key of a new area is one entry
here, naming the area module that parses it; nothing registers itself on import. An
area module is imported the first time one of its keys is looked up, so reading a
scenario loads only the areas it uses (``arbiter run`` starts faster; issue 19).

Each table lists its keys in the order of a dict merge of the areas' own tables in
``MERGE_ORDER`` (later areas win on a shared key: the Altered ``move`` extends the
foundation's); tests/test_area_tables.py pins that the literal tables equal that merge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from types import ModuleType
from typing import Generic, TypeVar

from arbiter.model.format.context import ObjectKeyParser, StepParser, TopKeyParser

P = TypeVar("P")


# Each area module, imported by a literal import when one of its keys is first looked up.
def _foundation() -> ModuleType:
    from arbiter.model.format import foundation

    return foundation


def _abilities() -> ModuleType:
    from arbiter.model.format import area_abilities

    return area_abilities


def _altered() -> ModuleType:
    from arbiter.model.format import area_altered

    return area_altered


def _altered_rules() -> ModuleType:
    from arbiter.model.format import area_altered_rules

    return area_altered_rules


def _altered_objects() -> ModuleType:
    from arbiter.model.format import area_altered_objects

    return area_altered_objects


def _altered_turns() -> ModuleType:
    from arbiter.model.format import area_altered_turns

    return area_altered_turns


def _combat() -> ModuleType:
    from arbiter.model.format import area_combat

    return area_combat


def _damage() -> ModuleType:
    from arbiter.model.format import area_damage

    return area_damage


def _effects() -> ModuleType:
    from arbiter.model.format import area_effects

    return area_effects


def _import() -> ModuleType:
    from arbiter.model.format import area_import

    return area_import


def _imported_play() -> ModuleType:
    from arbiter.model.format import area_imported_play

    return area_imported_play


def _loops() -> ModuleType:
    from arbiter.model.format import area_loops

    return area_loops


def _passives() -> ModuleType:
    from arbiter.model.format import area_passives

    return area_passives


def _replacement() -> ModuleType:
    from arbiter.model.format import area_replacement

    return area_replacement


def _riftbound() -> ModuleType:
    from arbiter.model.format import area_riftbound

    return area_riftbound


def _riftbound_costs() -> ModuleType:
    from arbiter.model.format import area_riftbound_costs

    return area_riftbound_costs


def _chain() -> ModuleType:
    from arbiter.model.format import area_chain

    return area_chain


def _riftbound_states() -> ModuleType:
    from arbiter.model.format import area_riftbound_states

    return area_riftbound_states


def _riftbound_traits() -> ModuleType:
    from arbiter.model.format import area_riftbound_traits

    return area_riftbound_traits


AREAS: dict[str, Callable[[], ModuleType]] = {
    "foundation": _foundation,
    "area_abilities": _abilities,
    "area_altered": _altered,
    "area_altered_rules": _altered_rules,
    "area_altered_turns": _altered_turns,
    "area_altered_objects": _altered_objects,
    "area_combat": _combat,
    "area_damage": _damage,
    "area_effects": _effects,
    "area_import": _import,
    "area_imported_play": _imported_play,
    "area_loops": _loops,
    "area_passives": _passives,
    "area_replacement": _replacement,
    "area_riftbound": _riftbound,
    "area_riftbound_costs": _riftbound_costs,
    "area_chain": _chain,
    "area_riftbound_states": _riftbound_states,
    "area_riftbound_traits": _riftbound_traits,
}


class AreaTable(MutableMapping[str, P], Generic[P]):
    """Key -> parser, read from the area module's own table ``attribute`` on lookup.

    A parser set here at run time (a test's extra key) is held beside the listed ones and
    wins over a listed one of the same key; only such entries can be deleted."""

    def __init__(self, attribute: str, homes: dict[str, str]) -> None:
        self.attribute = attribute
        self.homes = homes
        self.extra: dict[str, P] = {}

    def __getitem__(self, key: str) -> P:
        if key in self.extra:
            return self.extra[key]
        table: dict[str, P] = getattr(AREAS[self.homes[key]](), self.attribute)
        return table[key]

    def __setitem__(self, key: str, parser: P) -> None:
        self.extra[key] = parser

    def __delitem__(self, key: str) -> None:
        if key not in self.extra:
            raise TypeError(f"{key!r} is listed in model/format/areas.py; it cannot be removed")
        del self.extra[key]

    def __iter__(self) -> Iterator[str]:
        yield from self.homes
        yield from (k for k in self.extra if k not in self.homes)

    def __len__(self) -> int:
        return len(self.homes) + sum(1 for k in self.extra if k not in self.homes)

    def __contains__(self, key: object) -> bool:
        return key in self.homes or key in self.extra


# The areas' own tables, merged in this order (the literal tables below follow it).
MERGE_ORDER: dict[str, tuple[str, ...]] = {
    "STEPS": (
        "foundation",
        "area_abilities",
        "area_altered",
        "area_replacement",
        "area_damage",
        "area_effects",
        "area_combat",
        "area_riftbound",
        "area_altered_rules",
        "area_altered_turns",
        "area_altered_objects",
        "area_riftbound_costs",
        "area_chain",
        "area_riftbound_states",
        "area_riftbound_traits",
    ),
    "OBJECT_KEY_PARSERS": (
        "area_abilities",
        "area_altered",
        "area_replacement",
        "area_damage",
        "area_combat",
        "area_import",
        "area_passives",
        "area_riftbound",
        "area_altered_rules",
        "area_altered_objects",
        "area_riftbound_costs",
        "area_chain",
        "area_imported_play",
    ),
    "TOP_KEY_PARSERS": ("area_replacement", "area_loops", "area_abilities"),
}

STEP_PARSERS: AreaTable[StepParser] = AreaTable(
    "STEPS",
    {
        "expect": "foundation",
        "modify": "foundation",
        "gain": "foundation",
        "boost": "foundation",
        "lose": "foundation",
        "protect": "foundation",
        "end": "foundation",
        "move": "area_altered",
        "activate": "area_altered_turns",
        "begin": "area_altered_turns",
        "effect": "area_abilities",
        "mana": "area_altered",
        "play": "area_altered_turns",
        "send": "area_altered",
        "boosts": "area_altered",
        "cannot": "area_altered",
        "can": "area_altered",
        "switch": "area_altered",
        "face_down": "area_altered",
        "look": "area_altered",
        "use": "area_altered",
        "dusk": "area_altered_turns",
        "rest": "area_altered_turns",
        "decide": "area_altered",
        "game-action": "area_replacement",
        "damage": "area_damage",
        "declare_damage": "area_damage",
        "resolve_damage": "area_damage",
        "prevent": "area_damage",
        "perform": "area_effects",
        "end_of": "area_effects",
        "combat": "area_combat",
        "might": "area_riftbound",
        "buff": "area_riftbound",
        "spend_buff": "area_riftbound",
        "keyword_change": "area_riftbound",
        "choose_targets": "area_riftbound",
        "cleanup": "area_riftbound",
        "chain_item": "area_riftbound",
        "end_turn": "area_riftbound",
        "heal": "area_riftbound",
        "conquer": "area_riftbound",
        "standard_move": "area_riftbound",
        "play_card": "area_riftbound",
        "hide": "area_riftbound",
        "attach": "area_riftbound",
        "equip": "area_riftbound",
        "detach": "area_riftbound",
        "replace_card": "area_riftbound",
        "swap_back": "area_riftbound",
        "kill": "area_riftbound",
        "status": "area_altered_rules",
        "modified_step": "area_altered_rules",
        "gigantic": "area_altered_rules",
        "emblem": "area_altered_turns",
        "create": "area_altered_rules",
        "draw": "area_altered_rules",
        "morning": "area_altered_turns",
        "clean_up": "area_altered_turns",
        "check_victory": "area_altered_turns",
        "pass": "area_altered_turns",
        "orb": "area_altered_objects",
        "to_deck": "area_altered_objects",
        "pay": "area_riftbound_costs",
        "rune": "area_riftbound_costs",
        "chain_play": "area_chain",
        "activate_ability": "area_chain",
        "chain_trigger": "area_chain",
        "pass_priority": "area_chain",
        "resolve_chain": "area_chain",
        "showdown_pass": "area_riftbound_states",
        "begin_showdown": "area_riftbound_states",
        "change_traits": "area_riftbound_traits",
        "become_copy": "area_riftbound_traits",
        "grant_text": "area_riftbound_traits",
        "lose_text": "area_riftbound_traits",
        "facedown_occupancy": "area_riftbound_traits",
    },
)

OBJECT_KEY_PARSERS: AreaTable[ObjectKeyParser] = AreaTable(
    "OBJECT_KEY_PARSERS",
    {
        "triggers": "area_abilities",
        "quick_actions": "area_abilities",
        "spell": "area_altered",
        "cannot": "area_altered",
        "can": "area_altered",
        "boosts": "area_altered",
        "status": "area_altered",
        "face_down": "area_altered",
        "replacements": "area_replacement",
        "prevention": "area_damage",
        "damage_bonus": "area_damage",
        "damage": "area_damage",
        "combat": "area_combat",
        "source": "area_import",
        "reading": "area_import",
        "passives": "area_passives",
        "region": "area_passives",
        "death_replacements": "area_riftbound",
        "might_passives": "area_riftbound",
        "keyword_passives": "area_riftbound",
        "at": "area_riftbound",
        "effect_text": "area_riftbound",
        "modifiers": "area_altered_rules",
        "zone": "area_altered_objects",
        "costs": "area_riftbound_costs",
        "cost_modifiers": "area_riftbound_costs",
        "play_only": "area_riftbound_costs",
        "activated": "area_chain",
        "timing_grants": "area_chain",
        "additional_costs": "area_imported_play",
        "as_enters": "area_imported_play",
        "permissions": "area_imported_play",
        "statics": "area_imported_play",
    },
)

TOP_KEY_PARSERS: AreaTable[TopKeyParser] = AreaTable(
    "TOP_KEY_PARSERS",
    {
        "choices": "area_replacement",
        "expect_verdict": "area_loops",
        "loop_search": "area_loops",
        "counters": "area_abilities",
    },
)
