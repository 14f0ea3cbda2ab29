"""Altered Complete Rules 3.0, 2.5.a-b: objects in the Discard pile, Deck or Hand cannot
gain counters; those in the other zones can (Decision AL-COUNTER-ZONE)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.ruleset import RULESETS
from tests.helpers import view

HEAD = """
ruleset: altered
players: [ana, bo]
objects:
  hero: {owner: ana, kind: hero, zone: hero}
  mark: {owner: ana, kind: character, zone: expedition:hero}
  kept: {owner: ana, kind: character, zone: reserve}
  held: {owner: ana, kind: character, zone: hand}
  gone: {owner: ana, kind: character, zone: discard}
  drawn: {owner: ana, kind: character, zone: deck}
steps:
"""

ALL = ("mark", "kept", "held", "gone", "drawn")


def counters(out: dict[str, Any]) -> dict[str, int]:
    assert "illegal" not in out, out["illegal"]
    return {o: out["objects"][o].get("counters", {}).get("charge", 0) for o in ALL}


@pytest.mark.rule("Altered 2.5.a", "Altered 2.5.b", "AL-COUNTER-ZONE")
def test_a_counter_effect_puts_none_in_hand_deck_or_discard() -> None:
    step = "  - effect: {{counter: {{target: {}, name: charge, add: 2}}}}\n"
    steps = "".join(step.format(o) for o in ALL)
    out = view(HEAD + steps)
    assert counters(out) == {"mark": 2, "kept": 2, "held": 0, "gone": 0, "drawn": 0}
    refused = [e for e in out["events"] if e["kind"] == "counter_refused"]
    assert [(e["target"], e["zone"]) for e in refused] == [
        ("held", "hand"),
        ("gone", "discard"),
        ("drawn", "deck"),
    ]
    assert all("Altered 2.5.b" in e["rules"] for e in refused)


@pytest.mark.rule("Altered 2.5.b", "AL-COUNTER-ZONE")
def test_the_card_language_puts_no_counter_on_a_card_in_hand() -> None:
    steps = (
        "  - perform: {by: hero, do: {counters: {name: charge, add: 1, target: held}}}\n"
        "  - perform: {by: hero, do: {counters: {name: charge, add: 1, target: mark}}}\n"
    )
    out = view(HEAD + steps)
    assert counters(out) == {"mark": 1, "kept": 0, "held": 0, "gone": 0, "drawn": 0}


@pytest.mark.rule("AL-COUNTER-ZONE")
def test_only_altered_has_zones_without_counters() -> None:
    assert RULESETS["altered"].counterless_zones == {"discard", "deck", "hand"}
    assert all(not r.counterless_zones for n, r in RULESETS.items() if n != "altered")
