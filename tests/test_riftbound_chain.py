"""The Riftbound Chain (Core Rules 1.3: 108.1, 327-340, 359.3.e): ``chain_play``,
``chain_trigger``, ``pass_priority``, ``resolve_chain``; hidden cards playing units
(811.1.d.3); Weaponmaster instances on the Chain (821.1.c.7, 821.1.d)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model.errors import InputError
from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  scout: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield, at: ridge}
  grunt: {owner: ana, kind: unit, base: {might: 3}, zone: base}
  brute: {owner: bo, kind: unit, base: {might: 4}, zone: base}
  bolt: {owner: ana, kind: spell, zone: hand}
  plan: {owner: ana, kind: spell, zone: hand}
  parry: {owner: bo, kind: spell, zone: hand, features: [Reaction]}
  recall: {owner: bo, kind: spell, zone: hand, features: [Reaction]}
  master: {owner: ana, kind: unit, base: {might: 2}, zone: hand, features: {Weaponmaster: 2}}
  sword: {owner: ana, kind: gear, zone: base, base: {might_bonus: 2}, features: [Equip]}
  stick: {owner: ana, kind: gear, zone: base}
  recruit: {owner: ana, kind: unit, base: {might: 1}, zone: hand}
  ambusher: {owner: ana, kind: spell, zone: hand, features: [Hidden]}
  fae: {owner: ana, kind: unit, base: {might: 2}, zone: hand, features: [Hidden]}
steps:
"""


def run(*steps: str) -> dict[str, Any]:
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


def kinds(out: dict[str, Any], *wanted: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] in wanted]


def refused(out: dict[str, Any]) -> str:
    assert "illegal" in out, [e["kind"] for e in out["events"]]
    rule: str = out["illegal"]["rule"]
    return rule


BOLT = (
    "chain_play: {card: bolt, targets: [brute],"
    " steps: [{might: {target: brute, add: -10, min: 1}}]}"
)
PARRY = "chain_play: {card: parry, targets: [brute], steps: [{might: {target: brute, add: 5}}]}"


@pytest.mark.rule(
    "RB-CHAIN-1",
    "Riftbound 108.1",
    "Riftbound 108.1.a",
    "Riftbound 328",
    "Riftbound 330.2",
    "Riftbound 331.1",
    "Riftbound 359.3",
)
def test_a_spell_waits_on_the_chain_in_the_zone_chain_until_it_resolves() -> None:
    out = run(BOLT)
    assert out["objects"]["bolt"]["zone"] == "chain"
    assert out["objects"]["brute"]["might"]["shown"] == 4  # not resolved yet
    chain = out["chain"]
    assert [i["card"] for i in chain["items"]] == ["bolt"]
    assert chain["priority"] == "ana"  # 337.1.c.3: the controller of the newest item
    added = kinds(out, "chain_add")[0]
    assert "Riftbound 333" in added["rules"] and "Riftbound 331.1" in added["rules"]


@pytest.mark.rule(
    "RB-CHAIN-2",
    "Riftbound 108.1",
    "Riftbound 338.1.c.1",
    "Riftbound 339.1",
    "Riftbound 339.2",
    "Riftbound 340.1",
    "Riftbound 340.2",
    "Riftbound 340.4",
)
def test_players_pass_in_turn_order_and_the_newest_item_resolves_first() -> None:
    out = run(BOLT, "pass_priority: {by: ana}", PARRY, "resolve_chain: {items: 1}")
    # parry (+5) resolved first, bolt waits: 4 + 5
    assert out["objects"]["brute"]["might"]["shown"] == 9
    assert out["objects"]["parry"]["zone"] == "trash"
    assert out["objects"]["bolt"]["zone"] == "chain"
    assert out["chain"]["priority"] == "ana"  # 340.4: bolt's controller
    out = run(
        BOLT,
        "pass_priority: {by: ana}",
        PARRY,
        "resolve_chain: {items: 1}",
        "pass_priority: {by: ana}",
        "pass_priority: {by: bo}",
    )
    # LIFO: +5, then -10 to a minimum of 1 gives 1 (in the order played it would be 6)
    assert out["objects"]["brute"]["might"]["shown"] == 1
    assert "chain" not in out
    resolved = [e["source"] for e in kinds(out, "chain_resolve")]
    assert resolved == ["parry", "bolt"]
    assert kinds(out, "chain_closed")[0]["rules"] == ["Riftbound 340.2", "Riftbound 331.2"]


@pytest.mark.rule("Riftbound 338.1", "Riftbound 331.1.a", "Riftbound 338.1.a.2")
def test_only_the_player_with_priority_adds_and_only_a_reaction_to_a_closed_state() -> None:
    # ana holds priority after playing bolt: bo cannot react before she passes
    assert refused(run(BOLT, PARRY)) == "Riftbound 338.1"
    # ana's plain spell cannot go on the existing Chain (Closed State)
    assert refused(run(BOLT, "chain_play: {card: plan}")) == "Riftbound 813.1.c.1"
    out = run(BOLT, "pass_priority: {by: ana}", PARRY)
    assert [i["card"] for i in out["chain"]["items"]] == ["bolt", "parry"]


@pytest.mark.rule("Riftbound 338.1.c")
def test_passing_without_a_chain_is_refused() -> None:
    assert refused(run("pass_priority: {by: ana}")) == "Riftbound 338.1.c"
    assert refused(run("resolve_chain: {}")) == "Riftbound 340.1"


@pytest.mark.rule(
    "RB-CHAIN-3",
    "Riftbound 359.3.e.2",
    "Riftbound 359.3.e.5",
    "Riftbound 359.3.e.7",
    "Riftbound 359.3.e.3",
)
def test_a_target_that_left_the_board_is_not_affected_when_the_spell_resolves() -> None:
    recall = (
        "chain_play: {card: recall, targets: [brute], steps: [{move: {target: brute, zone: hand}}]}"
    )
    out = run(BOLT, "pass_priority: {by: ana}", recall, "resolve_chain: {}")
    assert out["objects"]["brute"]["zone"] == "hand"
    bolt = [e for e in kinds(out, "chain_resolve") if e["source"] == "bolt"][0]
    assert bolt["mistargeted"] == ["brute"]
    assert kinds(out, "not_executed")[0]["targets"] == ["brute"]
    assert out["objects"]["bolt"]["zone"] == "trash"  # still played (359.3.e.10)
    # a move between locations of the Board keeps the target legal (359.3.e.3)
    moved = recall.replace("zone: hand", "zone: battlefield")
    out = run(BOLT, "pass_priority: {by: ana}", moved, "resolve_chain: {}")
    assert out["objects"]["brute"]["might"]["shown"] == 1


@pytest.mark.rule("RB-CHAIN-1", "Riftbound 108.1", "Riftbound 321.1")
def test_without_the_chain_steps_play_card_still_resolves_at_once() -> None:
    out = run("play_card: {card: bolt, steps: [{might: {target: brute, add: -10, min: 1}}]}")
    assert out["objects"]["brute"]["might"]["shown"] == 1
    assert out["objects"]["bolt"]["zone"] == "trash"
    assert "chain" not in out and not kinds(out, "chain_add")


@pytest.mark.rule("Riftbound 337.1.c", "Riftbound 359.2", "Riftbound 337.1.c.1")
def test_a_permanent_played_onto_the_chain_enters_the_board_at_once() -> None:
    out = run("chain_play: {card: recruit}")
    assert out["objects"]["recruit"]["zone"] == "base"
    assert "chain" not in out


@pytest.mark.rule(
    "Riftbound 821.1.c.7", "Riftbound 821.1.d", "Riftbound 383.4.a.2", "Riftbound 821.1.c.4"
)
def test_each_weaponmaster_instance_triggers_and_resolves_on_its_own() -> None:
    out = run("chain_play: {card: master, weaponmaster: [sword, stick]}")
    items = out["chain"]["items"]
    assert [(i["kind"], i["ability"]) for i in items] == [("triggered", "Weaponmaster")] * 2
    out = run("chain_play: {card: master, weaponmaster: [sword, stick]}", "resolve_chain: {}")
    # stick (newest) resolves first: no Equip, not attached; then sword attaches
    assert [e["kind"] for e in kinds(out, "attach", "not_attached")] == ["not_attached", "attach"]
    assert out["objects"]["master"]["might"]["shown"] == 4
    # the same Equipment chosen by both: each resolves separately (821.1.d)
    out = run("chain_play: {card: master, weaponmaster: [sword, sword]}", "resolve_chain: {}")
    assert len(kinds(out, "chain_resolve")) == 2
    assert out["objects"]["master"]["might"]["shown"] == 4
    three = "chain_play: {card: master, weaponmaster: [sword, sword, stick]}"
    assert refused(run(three)) == "Riftbound 821.1.c.7"


@pytest.mark.rule("Riftbound 811.1.d.3")
def test_a_unit_a_hidden_spell_plays_goes_to_its_battlefield() -> None:
    hide = "hide: {card: ambusher, at: ridge}"
    wrong = (
        "play_card: {card: ambusher, to: ridge, timing: closed,"
        " steps: [{play_card: {card: recruit}}]}"
    )
    assert refused(run(hide, wrong)) == "Riftbound 811.1.d.3"
    right = (
        "play_card: {card: ambusher, to: ridge, timing: closed,"
        " steps: [{play_card: {card: recruit, to: ridge}}]}"
    )
    out = run(hide, right)
    assert out["objects"]["recruit"]["zone"] == "battlefield"
    assert out["objects"]["ambusher"]["zone"] == "trash"


@pytest.mark.rule("Riftbound 383.3", "Riftbound 383.3.c", "Riftbound 187.6.b")
def test_a_triggered_ability_goes_on_the_chain_above_what_is_there() -> None:
    trig = (
        "chain_trigger: {source: scout, ability: rally, steps: [{might: {target: grunt, add: 1}}]}"
    )
    out = run(BOLT, trig)
    assert [i["kind"] for i in out["chain"]["items"]] == ["spell", "triggered"]
    out = run(BOLT, trig, "resolve_chain: {}")
    assert [e["source"] for e in kinds(out, "chain_resolve")] == ["scout", "bolt"]
    assert out["objects"]["grunt"]["might"]["shown"] == 4


def _stack(players: list[str]) -> str:
    """Spells s0, s1, … added in turn, each by the player with priority: the first by ana
    (the turn player), then after each pass; each adds its index to the unit's Might."""
    objs = [
        "ruleset: riftbound",
        "players: [ana, bo]",
        "objects:",
        "  u: {owner: ana, kind: unit, base: {might: 1}, zone: base}",
    ]
    for i, p in enumerate(players):
        objs.append(f"  s{i}: {{owner: {p}, kind: spell, zone: hand, features: [Reaction]}}")
    steps = ["steps:"]
    holder = "ana"
    for i, p in enumerate(players):
        if p != holder:
            steps.append(f"  - pass_priority: {{by: {holder}}}")
            holder = p
        steps.append(
            f"  - chain_play: {{card: s{i}, steps: [{{might: {{target: u, add: {i + 1}}}}}]}}"
        )
    steps.append("  - resolve_chain: {}")
    return "\n".join(objs + steps) + "\n"


@pytest.mark.rule("Riftbound 340.1", "Riftbound 339.1", "RB-CHAIN-2")
@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(["ana", "bo"]), min_size=1, max_size=6).map(
        lambda ps: ["ana", *ps[1:]]
    )
)
def test_items_resolve_in_the_reverse_order_they_were_added(players: list[str]) -> None:
    """Invariant: when nobody adds during resolution, the items resolve newest first, each
    once, every spell ends in the trash and the Chain is gone."""
    out = view(_stack(players))
    assert "illegal" not in out, out.get("illegal")
    added = [e["source"] for e in kinds(out, "chain_add")]
    resolved = [e["source"] for e in kinds(out, "chain_resolve")]
    assert added == [f"s{i}" for i in range(len(players))]
    assert resolved == list(reversed(added))
    assert "chain" not in out
    assert all(out["objects"][f"s{i}"]["zone"] == "trash" for i in range(len(players)))
    n = len(players)
    assert out["objects"]["u"]["might"]["shown"] == 1 + n * (n + 1) // 2


@pytest.mark.rule("Riftbound 108.1")
def test_chain_steps_with_bad_keys_are_refused_with_their_path() -> None:
    with pytest.raises(InputError, match="weaponmaster"):
        run("chain_play: {card: master, equip: sword}")
    with pytest.raises(InputError, match="unknown key 'card'"):
        run("pass_priority: {card: bolt}")
    with pytest.raises(InputError, match="missing required key 'ability'"):
        run("activate_ability: {source: grunt}")


@pytest.mark.rule("Riftbound 383.4.b.2", "Riftbound 337.1.b")
def test_a_trigger_of_a_chosen_target_waits_above_the_spell_that_chose_it() -> None:
    chosen = (
        "chain_play: {card: bolt, targets: [brute], steps: [{might: {target: brute, add: -1}}],"
        " triggers: [{source: brute, ability: when_chosen, steps: [{buff: {target: brute}}]}]}"
    )
    out = run(chosen)
    assert [(i["source"], i["kind"]) for i in out["chain"]["items"]] == [
        ("bolt", "spell"),
        ("brute", "triggered"),
    ]
    assert out["chain"]["priority"] == "bo"  # the controller of the newest item (337.1.c.3)
    out = run(chosen, "resolve_chain: {items: 1}")
    assert out["objects"]["brute"]["counters"]["buff"] == 1
    assert out["objects"]["bolt"]["zone"] == "chain"


@pytest.mark.rule("Riftbound 811.1.d.3", "Riftbound 811.1.d.1")
def test_a_unit_a_hidden_permanents_play_effect_plays_goes_to_its_battlefield() -> None:
    hide = "hide: {card: fae, at: ridge}"
    effect = (
        "chain_play: {card: fae, to: ridge, triggers: [{source: fae, ability: when_played,"
        " steps: [{play_card: {card: recruit%s}}]}]}"
    )
    assert refused(run(hide, effect % "")) == "Riftbound 811.1.d.3"
    out = run(hide, effect % ", to: ridge", "resolve_chain: {}")
    assert out["objects"]["fae"]["zone"] == "battlefield"
    assert out["objects"]["recruit"]["zone"] == "battlefield"


@pytest.mark.rule("Riftbound 336.1", "Riftbound 340.3")
def test_a_trigger_made_while_an_item_resolves_goes_on_the_chain_after_it() -> None:
    spell = (
        "chain_play: {card: bolt, steps: [{might: {target: brute, add: -1}},"
        " {chain_trigger: {source: scout, ability: on_spell,"
        " steps: [{might: {target: grunt, add: 2}}]}}]}"
    )
    out = run(spell, "resolve_chain: {items: 1}")
    assert [i["source"] for i in out["chain"]["items"]] == ["scout"]
    assert out["objects"]["grunt"]["might"]["shown"] == 3  # not resolved yet
    out = run(spell, "resolve_chain: {}")
    assert out["objects"]["grunt"]["might"]["shown"] == 5
    assert "chain" not in out
