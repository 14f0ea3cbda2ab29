"""Altered Complete Rules 3.0, 2.2.11: the kinds of abilities and where each works: in
play, a Hero's in its Hero zone, a support ability in the Reserve and not while exhausted
there (2.4.5.e)."""

from __future__ import annotations

import pytest

from tests.altered_helpers import final, refused

BOARD = """
objects:
  hero:
    owner: ana
    kind: hero
    zone: hero
    triggers:
      - {id: dawn, when: {phase: noon}, do: [{counter: {target: self, name: seen, add: 1}}]}
  trainee:
    owner: ana
    kind: character
    zone: {zone}
    status: {status}
    triggers:
      - {id: play, when: {phase: noon}, do: [{counter: {target: self, name: inplay, add: 1}}]}
      - id: help
        support: true
        when: {phase: noon}
        do: [{counter: {target: self, name: supported, add: 1}}]
    quick_actions:
      - {id: act, do: [{counter: {target: self, name: acted, add: 1}}]}
      - {id: aid, support: true, do: [{counter: {target: self, name: aided, add: 1}}]}
steps:
  - begin: noon
"""


def board(zone: str, status: str = "[]") -> str:
    return BOARD.replace("{zone}", zone).replace("{status}", status)


def counters(body: str) -> dict[str, int]:
    return dict(final(body).obj("trainee").counters)


@pytest.mark.rule("Altered 2.2.11.a", "Altered 2.2.11.g", "Altered 2.2.11.h")
def test_abilities_work_in_play_and_a_heros_in_its_hero_zone() -> None:
    state = final(board("expedition:hero") + "  - activate: {object: trainee, action: act}\n")
    assert state.obj("hero").counters.get("seen") == 1
    trainee = state.obj("trainee").counters
    assert trainee.get("inplay") == 1 and trainee.get("acted") == 1
    assert "supported" not in trainee  # a support ability does not work in play
    assert refused(board("expedition:hero") + "  - activate: {object: trainee, action: aid}\n")


@pytest.mark.rule("Altered 2.2.11.d", "Altered 2.2.11.i")
def test_support_abilities_work_in_the_reserve_only() -> None:
    state = final(board("reserve") + "  - activate: {object: trainee, action: aid}\n")
    trainee = state.obj("trainee").counters
    assert trainee.get("supported") == 1 and trainee.get("aided") == 1
    assert "inplay" not in trainee
    assert refused(board("reserve") + "  - activate: {object: trainee, action: act}\n") == "QA-1"


@pytest.mark.rule("Altered 2.2.11.j", "Altered 2.4.5.e")
def test_an_exhausted_card_in_the_reserve_has_no_support_abilities() -> None:
    body = board("reserve", "[exhausted]")
    assert "supported" not in counters(body)
    assert refused(body + "  - activate: {object: trainee, action: aid}\n") == "QA-1"


@pytest.mark.rule("Altered 2.2.11.f")
def test_a_token_has_the_abilities_the_effect_that_creates_it_gives() -> None:
    state = final("""
        objects: {}
        steps:
          - create:
              ids: [maw]
              player: ana
              name: Maw
              in: companion
              triggers:
                - id: grow
                  when: {phase: noon}
                  do: [{counter: {target: self, name: boosts, add: 2}}]
              quick_actions:
                - {id: bite, do: [{counter: {target: self, name: bites, add: 1}}]}
          - begin: noon
        """)
    maw = state.obj("maw")
    assert maw.counters.get("boosts") == 2  # its own Reaction, from its creation
    assert [a.id for a in maw.abilities] == ["grow", "bite"]
    assert {a.source for a in maw.abilities} == {"maw"}
