"""Prevention shields (§8, P-1 … P-6, P-ORDER) and how damage meets them (D-PREV-1/2/3)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.damage import prevention as pv
from arbiter.model.ruleset import RULESETS, PreventionOrder
from arbiter.model.state import GameObject, GameState
from tests.helpers import view

BERSERK = """
ruleset: berserk
players: [ana, bo]
objects:
  attacker: {owner: ana, kind: creature, base: {health: 5}}
  ana_charm: {owner: ana, kind: artifact}
  bo_charm: {owner: bo, kind: artifact}
  creature:
    owner: bo
    kind: creature
    base: {health: 9}
    triggers:
      - {id: howl, when: {damaged: self}, do: [{counter: {target: self, name: howls, add: 1}}]}
"""


def run(steps: str, head: str = BERSERK) -> dict[str, Any]:
    return view(head + "steps:\n" + steps)


def hits(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == "damage"]


def triggers(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == "trigger"]


ATTACK = "  - damage: {{each: {n}, targets: [creature], source: {{unit: attacker}}}}\n"


@pytest.mark.rule("P-1", "P-2")
def test_prevention_lowers_the_wounds_not_the_strength_of_the_attack() -> None:
    out = run(
        "  - prevent: {target: creature, amount: 2, source: bo_charm}\n"
        "  - damage: {each: 3, targets: [creature], source: {unit: attacker},"
        " bonuses: [{source: fury, amount: 1}]}\n"
    )
    (hit,) = hits(out)
    assert (hit["base"], hit["bonus"]) == (3, 1)  # the attack is still 3 + 1 (P-1)
    assert (hit["amount"], hit["prevented"]) == (2, 2)  # prevention after the modifier (P-2)
    assert {"P-1", "P-2"} <= set(hit["rules"])


@pytest.mark.rule("P-3")
def test_the_inactive_players_shields_go_first() -> None:
    out = run(
        "  - prevent: {target: creature, amount: 2, source: ana_charm, controller: ana, id: mine}\n"
        "  - prevent: {target: creature, amount: 2, source: bo_charm, controller: bo, id: theirs}\n"
        + ATTACK.format(n=3)
    )
    (hit,) = hits(out)
    assert [(s["id"], s["used"]) for s in hit["shields"]] == [("theirs", 2), ("mine", 1)]
    remaining = {s["id"]: s["remaining"] for s in out["objects"]["creature"]["prevention"]}
    assert remaining == {"mine": 1, "theirs": 0}


@pytest.mark.rule("P-3")
def test_all_shields_may_apply_while_wounds_remain() -> None:
    out = run(
        "  - prevent: {target: creature, amount: 1, id: s1}\n"
        "  - prevent: {target: creature, amount: 1, id: s2}\n" + ATTACK.format(n=5)
    )
    (hit,) = hits(out)
    assert (hit["amount"], hit["prevented"]) == (3, 2)


@pytest.mark.rule("P-4", "Riftbound 437.2", "Riftbound 437.3")
def test_an_unused_part_is_kept_for_later() -> None:
    out = run(
        "  - prevent: {target: creature, amount: 4, id: ward}\n"
        + ATTACK.format(n=2)
        + ATTACK.format(n=3)
    )
    first, second = hits(out)
    assert (first["amount"], first["shields"][0]["remaining"]) == (0, 2)
    assert (second["amount"], second["prevented"]) == (1, 2)
    assert out["objects"]["creature"]["counters"] == {"damage": 1, "howls": 1}  # fired once


@pytest.mark.rule("P-5")
def test_a_shield_is_a_constant_feature_applied_when_it_becomes_relevant() -> None:
    out = run("  - prevent: {target: creature, amount: 3, id: ward}\n")
    assert out["events"][0]["kind"] == "prevent" and out["events"][0]["rules"] == ["P-5"]
    assert out["objects"]["creature"]["prevention"] == [
        {"id": "ward", "remaining": 3, "controller": "bo", "source": "creature", "active": True}
    ]


@pytest.mark.rule("P-6", "P-6b")
def test_a_shield_whose_source_left_play_does_not_apply() -> None:
    out = run(
        "  - prevent: {target: creature, amount: 4, source: bo_charm, id: ward}\n"
        "  - move: {target: bo_charm, zone: discard}\n" + ATTACK.format(n=3)
    )
    (hit,) = hits(out)
    assert (hit["amount"], hit["prevented"]) == (3, 0)
    assert "P-6" in hit["rules"]
    assert out["objects"]["creature"]["prevention"][0]["active"] is False
    assert out["objects"]["creature"]["prevention"][0]["remaining"] == 4
    named = run(
        "  - prevent: {target: creature, amount: 4, source: blessing, id: ward}\n"
        + ATTACK.format(n=3)
    )
    assert hits(named)[0]["prevented"] == 3  # an effect name, not an object: it applies


@pytest.mark.rule("P-6", "P-6b", "A-GOLD-7")
@pytest.mark.parametrize("back_to", ["play", "expedition:hero"])
def test_a_shield_whose_source_left_play_stays_gone_when_the_source_returns(back_to: str) -> None:
    """The charm that comes back is a new object (A-TIME-1: a new timestamp): the shield
    the old charm made never applies again."""
    out = run(
        "  - prevent: {target: creature, amount: 4, source: bo_charm, id: ward}\n"
        "  - move: {target: bo_charm, zone: discard}\n"
        f"  - move: {{target: bo_charm, zone: '{back_to}'}}\n" + ATTACK.format(n=3)
    )
    (hit,) = hits(out)
    assert (hit["amount"], hit["prevented"]) == (3, 0)
    assert "P-6" in hit["rules"]
    assert out["objects"]["creature"]["prevention"][0]["active"] is False
    assert out["objects"]["creature"]["prevention"][0]["remaining"] == 4


@pytest.mark.rule("P-6", "P-6b")
@pytest.mark.parametrize("where", ["before", "after"])
def test_a_shield_from_the_file_is_tied_to_its_source_as_the_scenario_starts(where: str) -> None:
    """A shield written on an object belongs to its source as declared, wherever the source
    stands in the file; after the source leaves and returns, it is gone."""
    charm = "  amulet: {owner: bo, kind: artifact, timestamp: 7}\n"
    holder = (
        "  creature: {owner: bo, kind: creature, base: {health: 9},"
        " prevention: {amount: 4, source: amulet}}\n"
    )
    head = "ruleset: berserk\nplayers: [ana, bo]\nobjects:\n"
    head += "  attacker: {owner: ana, kind: creature, base: {health: 5}}\n"
    head += charm + holder if where == "before" else holder + charm
    stays = run(ATTACK.format(n=3), head)
    assert hits(stays)[0]["prevented"] == 3
    gone = run(
        "  - move: {target: amulet, zone: discard}\n"
        "  - move: {target: amulet, zone: play}\n" + ATTACK.format(n=3),
        head,
    )
    assert (hits(gone)[0]["amount"], hits(gone)[0]["prevented"]) == (3, 0)


@pytest.mark.rule("P-6", "P-6b", "A-GOLD-7")
def test_a_shield_an_object_gives_itself_does_not_come_back_with_it() -> None:
    out = run(
        "  - prevent: {target: creature, amount: 4, id: ward}\n"
        "  - move: {target: creature, zone: discard}\n"
        "  - move: {target: creature, zone: play}\n" + ATTACK.format(n=3)
    )
    (hit,) = hits(out)
    assert (hit["amount"], hit["prevented"]) == (3, 0)


@pytest.mark.rule("P-6", "P-6b")
def test_a_shield_whose_source_stays_in_play_keeps_applying() -> None:
    """Only leaving play ends it: other events on the source change nothing."""
    out = run(
        "  - prevent: {target: creature, amount: 4, source: bo_charm, id: ward}\n"
        "  - effect: {counter: {target: bo_charm, name: charge, add: 1}}\n" + ATTACK.format(n=3)
    )
    assert hits(out)[0]["prevented"] == 3


@pytest.mark.rule("P-3", "P-3b")
def test_with_three_players_the_inactive_ones_go_first_in_seat_order() -> None:
    head = BERSERK.replace("players: [ana, bo]", "players: [ana, bo, cy]")
    out = run(
        "  - prevent: {target: creature, amount: 1, controller: ana, id: a1}\n"
        "  - prevent: {target: creature, amount: 1, controller: cy, id: c1}\n"
        "  - prevent: {target: creature, amount: 1, controller: bo, id: b1}\n" + ATTACK.format(n=3),
        head,
    )
    assert [s["id"] for s in hits(out)[0]["shields"]] == ["b1", "c1", "a1"]


TWO_OF_BOS = (
    "  - prevent: {target: creature, amount: 2, controller: bo, id: older}\n"
    "  - prevent: {target: creature, amount: 2, controller: bo, id: newer}\n"
)


@pytest.mark.rule("P-ORDER")
@pytest.mark.parametrize(
    ("policy", "extra", "first"),
    [
        ("oldest-first", "", "older"),
        ("newest-first", "", "newer"),
        ("chosen", ", shield_order: [newer]", "newer"),
        ("chosen", "", "older"),  # nothing chosen: the oldest first
    ],
)
def test_within_one_player_the_policy_orders_the_shields(
    policy: str, extra: str, first: str
) -> None:
    head = BERSERK.replace("players:", f"policies: {{prevention_order: {policy}}}\nplayers:")
    attack = "  - damage: {each: 2, targets: [creature], source: {unit: attacker}" + extra + "}\n"
    (hit,) = hits(run(TWO_OF_BOS + attack, head))
    assert [s["id"] for s in hit["shields"]] == [first]


RIFT = """
ruleset: riftbound
{policies}players: [ana, bo]
objects:
  annie: {{owner: ana, kind: unit, base: {{health: 3}}, damage_bonus: 1}}
  ray: {{owner: ana, kind: spell}}
  unit:
    owner: bo
    kind: unit
    base: {{health: 9}}
    prevention: {shield}
    triggers:
      - {{when: {{damaged: self}}, do: [{{counter: {{target: self, name: cards, add: 1}}}}]}}
steps:
  - damage: {{each: {amount}, targets: [unit], source: ray}}
"""


@pytest.mark.rule("D-PREV-2", "Riftbound 437.4", "Riftbound 417.1.e.1")
def test_when_all_damage_is_prevented_the_unit_was_not_damaged_and_nothing_triggers() -> None:
    out = view(RIFT.format(policies="", shield=7, amount=6))
    (hit,) = hits(out)
    assert (hit["amount"], hit["prevented"], hit["damaged"]) == (0, 7, False)
    assert "D-PREV-2" in hit["rules"]
    assert triggers(out) == []
    partly = view(RIFT.format(policies="", shield=2, amount=6))
    assert [t["object"] for t in triggers(partly)] == ["unit"]


@pytest.mark.rule("D-PREV-3", "D-PREV-1", "Riftbound 417.1.e.1")
@pytest.mark.parametrize(
    ("timing", "dealt", "used", "fires"),
    [("with-bonus", 1, 3, True), ("base-first", 0, 3, False)],
)
def test_hextech_ray_against_a_prevention_of_three(
    timing: str, dealt: int, used: int, fires: bool
) -> None:
    policies = f"policies: {{prevention_timing: {timing}}}\n"
    out = view(RIFT.format(policies=policies, shield=3, amount=3))
    (hit,) = hits(out)
    assert hit["amount"] == dealt
    assert hit["shields"][0]["used"] == used
    assert bool(triggers(out)) is fires
    if timing == "base-first":
        assert "D-PREV-3" in hit["rules"]


@pytest.mark.rule("D-PREV-3", "D-PREV-3b")
def test_a_split_share_is_prevented_the_same_way_under_both_readings() -> None:
    template = """
ruleset: riftbound
policies: {{prevention_timing: {timing}}}
players: [ana, bo]
objects:
  annie: {{owner: ana, kind: unit, base: {{health: 3}}, damage_bonus: 1}}
  vb: {{owner: ana, kind: unit, base: {{health: 5}}}}
  x: {{owner: bo, kind: unit, base: {{health: 9}}, prevention: 3}}
  y: {{owner: bo, kind: unit, base: {{health: 9}}}}
steps:
  - damage: {{split: 4, source: {{ability: f, card: vb}}, targets: [x, y],
      allocation: {{x: 4, y: 1}}}}
"""
    seen = [
        [(h["amount"], h["prevented"]) for h in hits(view(template.format(timing=t)))]
        for t in ("with-bonus", "base-first")
    ]
    assert seen[0] == seen[1] == [(1, 3), (1, 0)]


@pytest.mark.rule("D-PREV-3")
def test_the_two_readings_agree_when_the_base_gets_through() -> None:
    for timing in ("with-bonus", "base-first"):
        policies = f"policies: {{prevention_timing: {timing}}}\n"
        (hit,) = hits(view(RIFT.format(policies=policies, shield=2, amount=3)))
        assert (hit["amount"], hit["prevented"]) == (2, 2)


# -- invariants ------------------------------------------------------------------------------


def shielded(amounts: list[tuple[int, str, bool]]) -> tuple[GameObject, GameState]:
    shields = tuple(
        pv.Shield(
            id=f"s{i}", source="charm" if gone else "", controller=who, remaining=n, timestamp=i
        )
        for i, (n, who, gone) in enumerate(amounts)
    )
    obj = GameObject("creature", "bo", "creature", abilities=shields)
    charm = GameObject("charm", "bo", "artifact", zone="discard")
    state = GameState(RULESETS["berserk"], ("ana", "bo"), {"creature": obj, "charm": charm})
    return obj, state


SHIELDS = st.lists(
    st.tuples(st.integers(0, 6), st.sampled_from(["ana", "bo"]), st.booleans()), max_size=5
)


@pytest.mark.rule("P-1", "P-4", "P-6")
@given(SHIELDS, st.integers(0, 20), st.sampled_from(list(PreventionOrder)))
def test_prevention_never_increases_damage_and_a_remainder_never_grows(
    amounts: list[tuple[int, str, bool]], wounds: int, order: PreventionOrder
) -> None:
    """Whatever the shields and the order: what is dealt plus what is prevented is the
    hit, nothing is dealt beyond it, only shields that apply are used, and no shield
    keeps more than it had."""
    obj, state = shielded(amounts)
    state = GameState(
        state.ruleset.with_policies(prevention_order=order), state.players, state.objects
    )
    out = pv.prevent(obj, state, wounds)
    assert 0 <= out.dealt <= wounds
    assert out.dealt + out.prevented == wounds
    assert out.prevented <= pv.total(obj, state)
    before = {s.id: s for s in pv.shields(obj)}
    for use in out.uses:
        assert pv.applies(before[use.shield], state)
        assert 0 <= use.remaining <= before[use.shield].remaining
    after = pv.spend(obj, out.uses)
    for s in pv.shields(after):
        assert s.remaining <= before[s.id].remaining
    if out.dealt > 0:
        assert all(u.remaining == 0 for u in out.uses)  # every shield used in full first
