"""Riftbound Replace and Swap Back (Core Rules 1.3, 438): ``replace_card``, ``swap_back``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  hero: {owner: ana, kind: unit, base: {might: 3}, zone: battlefield, at: ridge,
         counters: {damage: 1, exhausted: 1}}
steps:
  - might: {target: hero, add: 2}
"""


def run(*steps: str) -> dict[str, Any]:
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


@pytest.mark.rule(
    "Riftbound 438.1", "Riftbound 438.3", "Riftbound 438.4", "Riftbound 438.5", "Riftbound 438.5.a"
)
def test_a_token_takes_the_place_statuses_and_effects_of_the_replaced_card() -> None:
    out = run("replace_card: {target: hero, token: {id: bird, might: 1}}")
    bird, hero = out["objects"]["bird"], out["objects"]["hero"]
    assert bird["zone"] == "battlefield" and bird["counters"]["token"] == 1
    assert bird["counters"]["damage"] == 1 and bird["counters"]["exhausted"] == 1
    assert bird["might"]["shown"] == 1 + 2  # the Might effect passed on
    assert hero["zone"] == "banishment" and hero["might"]["shown"] == 3
    event = [e for e in out["events"] if e["kind"] == "replace"][0]
    assert event["replaced"] is True and "Riftbound 438.5" in event["rules"]


@pytest.mark.rule("Riftbound 438.7", "Riftbound 438.7.a", "Riftbound 438.7.b")
def test_swapping_back_returns_the_original_with_the_tokens_current_state() -> None:
    out = run(
        "replace_card: {target: hero, token: {id: bird, might: 1}}",
        "might: {target: bird, add: 1}",
        "swap_back: {token: bird}",
    )
    assert "bird" not in out["objects"]
    hero = out["objects"]["hero"]
    assert hero["zone"] == "battlefield" and hero["counters"]["damage"] == 1
    assert hero["might"]["shown"] == 3 + 2 + 1  # every Might effect the token had


@pytest.mark.rule(
    "Riftbound 438.6", "Riftbound 438.6.a", "Riftbound 438.7.c", "Riftbound 438.3.b.1"
)
def test_a_replaced_token_stops_existing_and_its_replacement_cannot_swap_back() -> None:
    out = run(
        "replace_card: {target: hero, token: {id: bird, might: 1}}",
        "replace_card: {target: bird, token: {id: frog, might: 2}}",
    )
    assert "bird" not in out["objects"] and out["objects"]["frog"]["zone"] == "battlefield"
    out = run(
        "replace_card: {target: hero, token: {id: bird, might: 1}}",
        "replace_card: {target: bird, token: {id: frog, might: 2}}",
        "swap_back: {token: frog}",
    )
    assert out["illegal"]["rule"] == "Riftbound 438.7.c"
    assert run("swap_back: {token: hero}")["illegal"]["rule"] == "Riftbound 438.7"


@pytest.mark.rule("RB-GONE", "RB-REPLACE", "Riftbound 438.7.b")
def test_a_step_naming_a_token_that_stopped_existing_is_refused() -> None:
    out = run(
        "replace_card: {target: hero, token: {id: bird}}",
        "swap_back: {token: bird}",
        "might: {target: bird, add: 1}",
    )
    assert out["illegal"]["rule"] == "RB-GONE"


@pytest.mark.rule("RB-GONE", "Riftbound 321", "Riftbound 438.1")
def test_a_chain_item_may_name_the_token_one_of_its_own_steps_makes() -> None:
    out = run(
        "chain_item: {steps: [{replace_card: {target: hero, token: {id: bird, might: 1}}},"
        " {might: {target: bird, add: 1}}]}"
    )
    assert "illegal" not in out
    assert out["objects"]["bird"]["might"]["shown"] == 1 + 2 + 1


@pytest.mark.rule("RB-GONE", "Riftbound 321", "Riftbound 438.7.b")
def test_a_chain_item_naming_a_token_its_own_step_ended_is_refused_not_an_error() -> None:
    out = run(
        "replace_card: {target: hero, token: {id: bird}}",
        "chain_item: {steps: [{swap_back: {token: bird}}, {might: {target: bird, add: 1}}]}",
    )
    assert out["illegal"]["rule"] == "RB-GONE"


@pytest.mark.rule("Riftbound 428.5.b", "Riftbound 428.5.d", "Riftbound 428.5.a")
def test_a_kill_instruction_is_attributed_to_its_spell_or_ability_and_its_source() -> None:
    text = HEAD.replace(
        "steps:\n",
        "  zap: {owner: bo, kind: spell, zone: hand}\n"
        "  totem: {owner: bo, kind: gear, zone: base}\nsteps:\n",
    )
    out = view(text + "  - kill: {target: hero, by: zap}\n")
    move = [e for e in out["events"] if e["kind"] == "move"][-1]
    assert move["killed_by"] == ["zap"] and out["objects"]["hero"]["zone"] == "trash"
    out = view(
        text
        + "  - kill: {target: hero, by: [totem_ability, totem]}\n".replace("totem_ability, ", "")
    )
    assert [e for e in out["events"] if e["kind"] == "move"][-1]["killed_by"] == ["totem"]
    out = view(text + "  - kill: {target: hero, by: [zap, totem]}\n")
    move = [e for e in out["events"] if e["kind"] == "move"][-1]
    assert move["killed_by"] == ["zap", "totem"] and "Riftbound 428.5.d" in move["rules"]
    assert view(text + "  - kill: {target: zap}\n")["illegal"]["rule"] == "Riftbound 428.1"
