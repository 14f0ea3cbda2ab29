"""Altered Complete Rules 3.0, 4.2: the phases of a day in order, the daily effects of each
phase, Reactions checked after each daily effect, and the Afternoon's turns (4.2.3)."""

from __future__ import annotations

import pytest

from arbiter.model.ruleset import RULESETS
from tests.altered_helpers import events, final, refused

BOARD = """
objects:
  hero: {owner: ana, kind: hero, zone: hero}
  scout:
    owner: ana
    kind: character
    zone: expedition:hero
    base: {forest: 1}
    triggers:
      - id: dawn
        when: {phase: noon}
        do: [{counter: {target: self, name: boosts, add: 1}}]
      - id: dusky
        when: {phase: dusk}
        do: [{counter: {target: self, name: dusks, add: 1}}]
    quick_actions:
      - id: call
        cost: [{exhaust: self}]
        do: [{counter: {target: self, name: calls, add: 1}}]
  spark: {owner: ana, kind: spell, zone: hand, base: {hand_cost: 0}, spell: {steps: []}}
  flare: {owner: bo, kind: spell, zone: hand, base: {hand_cost: 0}, spell: {steps: []}}
  flash: {owner: bo, kind: spell, zone: hand, base: {hand_cost: 0}, spell: {steps: []}}
steps:
"""


def phase(state: object) -> str:
    from arbiter.model.altered_turns import current

    found = current(state)  # type: ignore[arg-type]
    assert found is not None
    return found


@pytest.mark.rule("Altered 4.2.a", "AL-DAY-SKIP")
def test_the_phases_come_in_order_and_only_morning_starts_a_new_day() -> None:
    assert RULESETS["altered"].day_phases == ("morning", "noon", "afternoon", "dusk", "night")
    assert all(not r.day_phases for n, r in RULESETS.items() if n != "altered")
    assert refused(BOARD + "  - begin: dusk\n  - begin: noon\n") == "Altered 4.2.a"
    assert refused(BOARD + "  - begin: noon\n  - begin: noon\n") == "Altered 4.2.a"
    state = final(BOARD + "  - begin: noon\n  - begin: night\n  - begin: morning\n")
    assert phase(state) == "morning"  # a skipped phase is not shown (AL-DAY-SKIP)


@pytest.mark.rule("Altered 4.2.b", "Altered 4.2.2.a")
def test_at_noon_reactions_trigger_as_noon_begins_and_noon_has_no_daily_effect() -> None:
    state = final(BOARD + "  - begin: noon\n")
    assert state.obj("scout").counters.get("boosts") == 1
    assert [e.kind for e in state.events][-3:] == ["phase", "trigger", "counter"]


@pytest.mark.rule("Altered 4.2.c")
def test_a_daily_effect_belongs_to_its_phase() -> None:
    assert refused(BOARD + "  - begin: night\n  - dusk: {}\n") == "Altered 4.2.c"
    state = final(BOARD + "  - begin: noon\n  - dusk: {}\n")
    assert phase(state) == "dusk"  # the day moved forward to Dusk
    assert refused(BOARD + "  - begin: noon\n  - rest: {}\n  - begin: dusk\n") == "Altered 4.2.a"


MORNING = """
objects:
  watcher:
    owner: ana
    kind: character
    zone: expedition:hero
    triggers:
      - id: seen
        when: {enters: any, zone: hand}
        do: [{counter: {target: self, name: seen, add: 1}}]
      - id: dawn
        when: {phase: morning}
        do: [{counter: {target: self, name: dawn, add: 1}}]
  d1: {owner: ana, kind: character, zone: deck}
  d2: {owner: ana, kind: character, zone: deck}
  h1: {owner: ana, kind: character, zone: hand}
steps:
  - morning: {expand: {ana: h1}}
"""


@pytest.mark.rule("Altered 4.2.d", "Altered 4.2.e", "Altered 4.2.b")
def test_reactions_are_checked_after_each_daily_effect_of_the_morning() -> None:
    state = final(MORNING)
    kinds = [e.kind for e in state.events]
    assert state.obj("watcher").counters.get("seen") == 2
    drawn = max(i for i, k in enumerate(kinds) if k == "counter")
    assert drawn < kinds.index("expand")  # the Reactions of Draw resolve before Expand
    assert kinds.index("succeed") < kinds.index("prepare") < kinds.index("expand")
    # 4.2.b: the "at Morning" Reaction resolves as the phase begins, before Succeed
    assert kinds.index("counter") < kinds.index("succeed")
    assert state.obj("watcher").counters.get("dawn") == 1


@pytest.mark.rule("Altered 4.2.3.a", "Altered 4.2.3.b", "Altered 4.2.3.c", "Altered 4.2.f")
def test_in_the_afternoon_the_first_player_takes_the_first_turn_and_players_alternate() -> None:
    state = final(
        BOARD + "  - begin: afternoon\n  - play: {card: spark}\n  - play: {card: flare}\n"
    )
    turns = [e.get("player") for e in state.events if e.kind == "turn"]
    assert turns == ["ana", "bo", "ana"]
    assert refused(BOARD + "  - begin: afternoon\n  - play: {card: flare}\n") == "Altered 4.2.3.d"


@pytest.mark.rule("Altered 4.2.3.d", "Altered 4.2.3.e", "Altered 4.2.g")
def test_a_quick_action_keeps_the_turn_a_card_or_a_pass_ends_it() -> None:
    state = final(
        BOARD
        + "  - begin: afternoon\n"
        + "  - activate: {object: scout, action: call}\n"
        + "  - play: {card: spark}\n"
        + "  - pass: bo\n"
        + "  - pass: ana\n"
    )
    assert state.obj("scout").counters.get("calls") == 1
    assert [e.get("player") for e in state.events if e.kind == "turn"] == ["ana", "bo", "ana"]
    assert events(state, "afternoon-ends") == [
        {"kind": "afternoon-ends", "passed": ["ana", "bo"], "rules": ["Altered 4.2.3.e"]}
    ]
    assert phase(state) == "dusk"  # every player passed: Dusk starts, its Reactions trigger
    assert state.obj("scout").counters.get("dusks") == 1
    assert refused(BOARD + "  - begin: afternoon\n  - pass: bo\n") == "Altered 4.2.3.d"


@pytest.mark.rule("Altered 4.2.3.e")
def test_a_player_alone_takes_turns_in_a_row_and_the_afternoon_ends_when_all_passed() -> None:
    state = final(
        BOARD
        + "  - begin: afternoon\n  - pass: ana\n"
        + "  - play: {card: flare}\n  - play: {card: flash}\n  - pass: bo\n"
    )
    assert [e.get("player") for e in state.events if e.kind == "turn"] == ["ana", "bo", "bo", "bo"]
    assert phase(state) == "dusk"
    assert refused(BOARD + "  - begin: afternoon\n  - begin: dusk\n") == "Altered 4.2.3.e"
    assert refused(BOARD + "  - begin: afternoon\n  - dusk: {}\n") == "Altered 4.2.3.e"


@pytest.mark.rule("Altered 2.2.14.d", "Altered 2.2.14.e")
def test_emblems_are_made_when_their_duration_can_start_and_this_afternoon_ends_at_dusk() -> None:
    turn = "  - emblem: {id: e1, player: ana, duration: turn, cost: -1}\n"
    afternoon = "  - emblem: {id: e2, player: ana, duration: afternoon, cost: -1}\n"
    assert refused(BOARD + "  - begin: noon\n" + turn) == "Altered 2.2.14.d"
    assert refused(BOARD + "  - begin: dusk\n" + afternoon) == "Altered 2.2.14.e"
    state = final(BOARD + "  - begin: noon\n" + afternoon + "  - begin: afternoon\n")
    assert "e2" in state.objects
    state = final(
        BOARD + "  - begin: noon\n" + afternoon + "  - begin: afternoon\n"
        "  - pass: ana\n  - pass: bo\n"
    )
    assert "e2" not in state.objects
    assert [e["why"] for e in events(state, "emblem-ends")] == ["the Afternoon ended"]


@pytest.mark.rule("Altered 2.2.14.c", "Altered 4.2.3.e")
def test_a_this_turn_emblem_ends_when_its_controller_passes() -> None:
    turn = "  - emblem: {id: e1, player: ana, duration: turn, cost: -1}\n"
    state = final(BOARD + "  - begin: afternoon\n" + turn + "  - pass: ana\n")
    assert "e1" not in state.objects
