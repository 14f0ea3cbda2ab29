"""Passives feed the game, not only the output (A-PASS-1): every rule that reads a
characteristic, a feature or a keyword reads it after passives."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.altered import keywords as kw
from arbiter.model.altered.day import progress
from arbiter.model.passive_order import after_passives
from arbiter.model.state import GameState
from tests.altered_helpers import altered, events, final
from tests.altered_helpers import part as _part
from tests.helpers import scenario


def part(text: str) -> str:
    """Objects (put at 2 spaces, under ``objects:``), then ``steps:`` at the top level."""
    lines = _part(text).splitlines()
    cut = next((i for i, line in enumerate(lines) if line.startswith("steps:")), len(lines))
    objects = [line for line in lines[:cut] if line.strip()]
    shift = 2 - min(len(line) - len(line.lstrip()) for line in objects)
    moved = [(" " * shift + line) if shift >= 0 else line[-shift:] for line in objects]
    return "\n".join([*moved, *lines[cut:]]) + "\n"


def progress_event(state: GameState, expedition: str) -> dict[str, Any]:
    """Ana's ``progress`` event for one expedition."""
    (found,) = [
        e
        for e in events(state, "progress")
        if e["player"] == "ana" and e["expedition"] == expedition
    ]
    return found


GIVES = """objects:
  totem:
    owner: {owner}
    kind: character
    zone: "expedition:hero"
    base: {{forest: 0}}
    passives:
      - applies_to: {{kind: character, controller: you}}
        effect: {effect}
"""


def with_passive(effect: str, owner: str = "ana") -> str:
    """The totem, whose passive gives ``effect`` to its controller's characters; the text
    that follows adds objects (indented by 2) and steps."""
    return GIVES.format(owner=owner, effect=effect)


@pytest.mark.rule("A-PASS-1", "A-DAY-1")
def test_dusk_totals_count_forest_that_a_passive_adds() -> None:
    """ana 1 + 1 (passive +1 forest on each of her two characters) = 3 against bo's 2."""
    body = with_passive("{stat: forest, op: add, value: 1}") + part(
        """
          scout: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1}}
          guard: {owner: bo, kind: character, zone: "expedition:hero", base: {forest: 2}}
        steps:
          - dusk: {}
        """
    )
    state = final(body)
    mine = progress_event(state, "hero")
    assert mine["statistics"]["forest"] == 3
    assert mine["moved"] is True


@pytest.mark.rule("A-PASS-1", "A-KW-GIGANTIC")
def test_a_passive_that_grants_gigantic_counts_the_character_in_both_expeditions() -> None:
    body = with_passive("{gain: Gigantic}") + part(
        """
          giant: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 2}}
          other: {owner: bo, kind: character, zone: "expedition:companion", base: {forest: 1}}
        steps:
          - dusk: {}
        """
    )
    state = final(body)
    companion = progress_event(state, "companion")
    assert companion["statistics"]["forest"] == 2  # giant counts there too
    assert companion["moved"] is True


@pytest.mark.rule("A-PASS-1", "A-KW-DEFENDER")
def test_a_passive_that_grants_defender_stops_the_expedition() -> None:
    body = with_passive("{gain: Defender}") + part(
        """
          scout: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 5}}
        steps:
          - dusk: {}
        """
    )
    state = final(body)
    hero = progress_event(state, "hero")
    assert hero["moved"] is False
    assert "A-KW-DEFENDER" in hero["rules"]


@pytest.mark.rule("A-PASS-1", "A-KW-ETERNAL")
def test_a_passive_that_grants_eternal_keeps_the_character_at_rest() -> None:
    body = with_passive("{gain: Eternal}") + part(
        """
          scout: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 5}}
        steps:
          - dusk: {}
          - rest: {}
        """
    )
    state = final(body)
    assert state.obj("scout").zone == "expedition:hero"
    assert state.obj("totem").zone == "expedition:hero"


@pytest.mark.rule("A-PASS-1", "A-KW-TOUGH")
def test_a_passive_that_grants_tough_makes_targeting_cost_more() -> None:
    body = with_passive("{gain: Tough, number: 2}", owner="bo") + part(
        """
          ogre: {owner: bo, kind: character, zone: "expedition:hero"}
          zap: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 1},
                spell: {targets: {t: {kind: character}}, steps: [{boost: 1, target: t}]}}
        steps:
          - mana: {ana: 5}
          - play: {card: zap, targets: {t: ogre}}
        """
    )
    result = altered(body)
    assert result.stopped_by is None, result.stopped_by
    assert result.state.counters["mana.ana"] == 5 - 1 - 2


@pytest.mark.rule("A-PASS-1", "A-SPELL-4")
def test_a_spell_condition_reads_a_feature_that_a_passive_grants() -> None:
    body = with_passive("{gain: Defender}") + part(
        """
          scout: {owner: ana, kind: character, zone: "expedition:hero"}
          zap: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 0},
                spell: {targets: {t: {kind: character}},
                        steps: [{if: {has: Defender, of: t}, boost: 1, target: t}]}}
        steps:
          - play: {card: zap, targets: {t: scout}}
        """
    )
    state = final(body)
    assert state.obj("scout").counters.get("boosts", 0) == 1


@pytest.mark.rule("A-PASS-1")
def test_the_rules_read_after_passives_whatever_was_imported() -> None:
    """The derivation is called by the rules themselves: a state parsed without running the
    engine (nothing of the solver imported by the call) still reads the passive."""
    body = with_passive("{stat: forest, op: add, value: 3}") + part(
        """
          scout: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 0}}
        """
    )
    state = scenario("ruleset: altered\nplayers: [ana, bo]\n" + body).start
    assert progress(state, "ana", "hero").totals["forest"] == 6  # scout 0+3, totem 0+3
    derived = after_passives(state)
    assert after_passives(derived) is derived  # never derived twice
    assert kw.expedition_statistics(derived, "ana", "hero").totals["forest"] == 6
