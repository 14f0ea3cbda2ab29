"""Damage instructions: bonuses, each / split, timing, sources, and the event seam (§7)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.damage import instructions as dm
from arbiter.model.damage.steps import DealDamage
from arbiter.model.errors import InputError
from arbiter.model.state import Event
from tests.helpers import run_text, scenario, view

HEAD = """
ruleset: riftbound
players: [ana, bo]
objects:
  annie: {owner: ana, kind: unit, base: {health: 3},
    damage_bonus: {amount: 1, to: [spell, ability]}}
  volibear: {owner: ana, kind: unit, base: {health: 5}}
  bolt: {owner: ana, kind: spell}
  a: {owner: bo, kind: unit, base: {health: 20}}
  b: {owner: bo, kind: unit, base: {health: 20}}
  c: {owner: bo, kind: unit, base: {health: 20}}
  d: {owner: bo, kind: unit, base: {health: 20}}
  e: {owner: bo, kind: unit, base: {health: 20}}
  f: {owner: bo, kind: unit, base: {health: 20}}
"""


def run_steps(steps: str, head: str = HEAD) -> dict[str, Any]:
    return view(head + "steps:\n" + steps)


def damage_events(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == "damage"]


def refused(out: dict[str, Any]) -> list[str]:
    return [c["actual"] for c in out["expect"]["checks"] if c["path"].endswith(".illegal")]


@pytest.mark.rule(
    "D-BONUS-1", "Riftbound 714", "Riftbound 417.4", "Riftbound 417.5", "Riftbound 713"
)
def test_bonuses_add_up_once_and_never_multiply() -> None:
    out = run_steps(
        "  - damage: {each: 6, targets: [a], source: bolt, bonuses: [{source: relic, amount: 2}]}\n"
    )
    (hit,) = damage_events(out)
    assert hit["amount"] == 9  # 6 + (1 + 2), not 6 * ... nor 6 + 1 + 1
    assert hit["bonus"] == 3
    assert "D-BONUS-1" in hit["rules"]


@pytest.mark.rule("D-BONUS-2", "D-BONUS-2b", "Riftbound 714.1", "Riftbound 714.2")
def test_a_negative_bonus_total_gives_no_bonus_not_a_reduction() -> None:
    out = run_steps(
        "  - damage: {each: 4, targets: [a], source: bolt,"
        " bonuses: [{source: curse, amount: -3}]}\n"
    )
    (hit,) = damage_events(out)
    assert hit["amount"] == 4 and hit["bonus"] == 0
    assert "D-BONUS-2" in hit["rules"]
    partly = run_steps(
        "  - damage: {each: 4, targets: [a], source: bolt,"
        " bonuses: [{source: relic, amount: 2}, {source: curse, amount: -1}]}\n"
    )
    (hit,) = damage_events(partly)
    assert (hit["amount"], hit["bonus"]) == (6, 2)  # +1 (annie) +2 -1: a malus cancels a bonus


@pytest.mark.rule(
    "D-EACH-1", "Riftbound 715.2", "Riftbound 417.1.b", "Riftbound 417.1.c", "Riftbound 417.1.d"
)
def test_each_target_gets_the_bonus_separately() -> None:
    out = run_steps("  - damage: {each: 6, targets: [a, b], source: bolt}\n")
    assert [e["amount"] for e in damage_events(out)] == [7, 7]  # not a shared 7


@pytest.mark.rule("D-EACH-1", "P-4")
def test_prevention_on_one_target_takes_nothing_from_the_other() -> None:
    head = HEAD.replace(
        "a: {owner: bo, kind: unit, base: {health: 20}}",
        "a: {owner: bo, kind: unit, base: {health: 20}, prevention: 3}",
    )
    out = run_steps("  - damage: {each: 6, targets: [a, b], source: bolt}\n", head)
    first, second = damage_events(out)
    assert (first["amount"], first["prevented"]) == (4, 3)
    assert (second["amount"], second["prevented"]) == (7, 0)
    assert first["rules"][0] == "D-EACH-1" and "P-1" in first["rules"]


@pytest.mark.rule("D-DIST-1", "D-TIME-1", "Riftbound 715.3", "Riftbound 417.7")
def test_a_split_adds_the_bonus_to_the_total_and_not_to_each_target() -> None:
    out = run_steps(
        "  - damage: {split: 5, source: {ability: furious, card: volibear}, targets: [a, b, c],"
        " allocation: {a: 3, b: 2, c: 1}}\n"
    )
    split = out["events"][0]
    assert split["kind"] == "split" and split["pool"] == 6
    assert [e["amount"] for e in damage_events(out)] == [3, 2, 1]


@pytest.mark.rule("D-DIST-1")
def test_a_split_must_use_the_whole_total_and_give_each_chosen_target_one() -> None:
    steps = (
        "  - damage: {split: 5, source: {ability: f, card: volibear}, targets: [a, b, c],"
        " allocation: {a: 4, b: 2, c: 0}}\n    illegal: D-DIST-1\n"
        "  - damage: {split: 5, source: {ability: f, card: volibear}, targets: [a, b],"
        " allocation: {a: 4, b: 1}}\n    illegal: D-DIST-1\n"
    )
    out = run_steps(steps)
    assert refused(out) == ["D-DIST-1", "D-DIST-1"]
    assert out["expect"]["failed"] == 0


@pytest.mark.rule("D-TIME-3", "Riftbound 417.1.e")
def test_no_more_targets_than_damage_when_targets_are_chosen() -> None:
    six = "[a, b, c, d, e, f]"
    ok = run_steps(
        f"  - damage: {{split: 5, source: {{ability: f, card: volibear}}, targets: {six},"
        " allocation: {a: 1, b: 1, c: 1, d: 1, e: 1, f: 1}}\n"
    )
    assert len(damage_events(ok)) == 6
    without_annie = HEAD.replace("damage_bonus: {amount: 1, to: [spell, ability]}", "zone: discard")
    out = run_steps(
        f"  - damage: {{split: 5, source: {{ability: f, card: volibear}}, targets: {six},"
        " allocation: {a: 1, b: 1, c: 1, d: 1, e: 1, f: 1}}\n    illegal: D-TIME-3\n",
        without_annie,
    )
    assert refused(out) == ["D-TIME-3"]


DECLARE = (
    "  - declare_damage: {id: fury, split: 5, source: {ability: f, card: volibear},"
    " targets: [a, b, c]}\n"
    "  - move: {target: annie, zone: discard}\n"
)


@pytest.mark.rule("D-TIME-2")
def test_the_split_uses_the_total_at_resolution_among_the_targets_chosen_then() -> None:
    out = run_steps(DECLARE + "  - resolve_damage: {id: fury, allocation: {a: 3, b: 1, c: 1}}\n")
    assert out["events"][0]["pool"] == 6  # at finalization, with Annie
    split = next(e for e in out["events"] if e["kind"] == "split")
    assert split["pool"] == 5 and "D-TIME-2" in split["rules"]
    bad = run_steps(
        DECLARE
        + "  - resolve_damage: {id: fury, allocation: {a: 3, b: 2, c: 1}}\n    illegal: D-TIME-2\n"
        + "  - resolve_damage: {id: fury, allocation: {a: 2, b: 1, c: 1, d: 1}}\n"
        + "    illegal: D-TIME-2\n"
    )
    assert refused(bad) == ["D-TIME-2", "D-TIME-2"]


@pytest.mark.rule("D-TIME-4", "D-TIME-4b")
def test_a_total_below_the_number_of_targets_gives_one_to_some_and_nothing_to_the_rest() -> None:
    declare = (
        "  - declare_damage: {id: fury, split: 2, source: {ability: f, card: volibear},"
        " targets: [a, b, c]}\n  - move: {target: annie, zone: discard}\n"
    )
    out = run_steps(declare + "  - resolve_damage: {id: fury, allocation: {a: 1, c: 1}}\n")
    assert [(e["target"], e["amount"]) for e in damage_events(out)] == [
        ("a", 1),
        ("b", 0),
        ("c", 1),
    ]
    assert "D-TIME-4" in next(e for e in out["events"] if e["kind"] == "split")["rules"]
    bad = run_steps(
        declare + "  - resolve_damage: {id: fury, allocation: {a: 2}}\n    illegal: D-TIME-4\n"
    )
    assert refused(bad) == ["D-TIME-4"]
    chosen = run_steps(declare + "  - resolve_damage: {id: fury}\n")  # the solver picks which
    assert sorted(e["amount"] for e in damage_events(chosen)) == [0, 1, 1]


@pytest.mark.rule("D-ZERO-1", "Riftbound 715.4")
def test_a_bonus_creates_no_damage_when_the_instruction_deals_none() -> None:
    out = run_steps(
        "  - damage: {each: 0, targets: [a], source: bolt}\n"
        "  - damage: {split: 0, targets: [], source: {ability: f, card: volibear},"
        " allocation: {}}\n"
    )
    (hit,) = damage_events(out)
    assert (hit["amount"], hit["bonus"], hit["damaged"]) == (0, 0, False)
    assert "D-ZERO-1" in hit["rules"]
    assert out["events"][1]["pool"] == 0
    assert "counters" not in out["objects"]["a"]


@pytest.mark.rule("D-SRC-1")
def test_several_sources_do_not_add_bonuses() -> None:
    head = HEAD.replace("to: [spell, ability]", "to: [unit]")
    out = run_steps(
        "  - damage: {each: 2, targets: [a], source: {units: [annie, volibear]}}\n", head
    )
    (hit,) = damage_events(out)
    assert hit["amount"] == 3  # +1 once, not once per source
    assert hit["sources"] == ["annie", "volibear"]


@pytest.mark.rule(
    "D-ATTR-1",
    "D-SRC-1",
    "Riftbound 417.1",
    "Riftbound 417.6",
    "Riftbound 417.6.a",
    "Riftbound 417.6.b",
    "Riftbound 417.6.b.1",
    "Riftbound 417.6.b.2",
    "Riftbound 417.6.b.2.a",
)
def test_the_source_named_by_the_instruction_stays_the_source() -> None:
    out = run_steps(
        "  - damage: {each: 1, targets: [a], source: {spell: bolt, dealt_by: volibear}}\n"
        "  - damage: {each: 1, targets: [a], source: {ability: roar, card: volibear}}\n"
        "  - damage: {each: 1, targets: [a], source: bolt}\n"
    )
    first, second, third = damage_events(out)
    assert first["sources"] == ["volibear"] and "D-ATTR-1" in first["rules"]
    assert second["sources"] == ["roar", "volibear"]
    assert third["sources"] == ["bolt"] and "D-SRC-1" in third["rules"]
    assert all("annie" not in e["sources"] for e in (first, second, third))
    # Riftbound 417.6.b.3: volibear deals the first, not the spell: Annie's bonus to
    # spells and abilities does not apply to it; it applies to the ability and the spell.
    assert (first["amount"], first["bonus_from"]) == (1, [])
    assert (second["amount"], second["bonus_from"]) == (2, ["annie"])
    assert (third["amount"], third["bonus_from"]) == (2, ["annie"])


CHALLENGE = """
ruleset: riftbound
players: [ana, bo]
objects:
  annie: {owner: ana, kind: unit, base: {health: 3},
    damage_bonus: {amount: 1, to: [spell, ability]}}
  brute: {owner: bo, kind: unit, base: {health: 9}, damage_bonus: {amount: 2, to: [unit]}}
  challenge: {owner: ana, kind: spell}
  jax: {owner: ana, kind: unit, base: {might: 4, health: 9}}
  foe: {owner: bo, kind: unit, base: {might: 3, health: 9}}
steps:
  - damage: {id: jax_hits, each: 4, targets: [foe], source: {spell: challenge, dealt_by: jax}}
  - damage: {id: foe_hits, each: 3, targets: [jax], source: {spell: challenge, dealt_by: foe}}
"""


@pytest.mark.rule("D-ATTR-1", "Riftbound 417.6.b.3", "D-BONUS-1")
def test_units_a_spell_makes_deal_damage_are_the_source_for_bonuses() -> None:
    """Challenge: each chosen unit deals damage equal to its Might to the other. The units
    are the sources, so "+1 to your spells and abilities" (Annie) does not apply, and a
    bonus to units applies for the unit's controller (bo's brute, to foe's damage)."""
    out = view(CHALLENGE)
    jax_hits, foe_hits = damage_events(out)
    assert (jax_hits["sources"], jax_hits["amount"], jax_hits["bonus_from"]) == (["jax"], 4, [])
    assert (foe_hits["sources"], foe_hits["amount"], foe_hits["bonus_from"]) == (
        ["foe"],
        5,
        ["brute"],
    )
    assert "D-ATTR-1" in jax_hits["rules"]
    assert out["objects"]["foe"]["counters"]["damage"] == 4
    assert out["objects"]["jax"]["counters"]["damage"] == 5


@pytest.mark.rule("D-TIME-1")
def test_targets_are_checked_when_the_instruction_is_finalized() -> None:
    head = HEAD.replace(
        "f: {owner: bo, kind: unit, base: {health: 20}}",
        "f: {owner: bo, kind: unit, base: {health: 20}, zone: discard}",
    )
    out = run_steps(
        "  - damage: {each: 1, targets: [f], source: bolt}\n    illegal: D-TIME-1\n"
        "  - damage: {each: 1, targets: [a, b, c], max_targets: 2, source: bolt}\n"
        "    illegal: D-TIME-1\n"
        "  - damage: {each: 1, targets: [a, a], source: bolt}\n    illegal: A-SPELL-1\n",
        head,
    )
    assert refused(out) == ["D-TIME-1", "D-TIME-1", "A-SPELL-1"]


@pytest.mark.rule("D-PREV-1")
def test_prevention_counts_the_bonus() -> None:
    head = HEAD.replace(
        "a: {owner: bo, kind: unit, base: {health: 20}}",
        "a: {owner: bo, kind: unit, base: {health: 20}, prevention: 3}",
    )
    (hit,) = damage_events(run_steps("  - damage: {each: 3, targets: [a], source: bolt}\n", head))
    assert (hit["amount"], hit["prevented"]) == (1, 3)
    assert "D-PREV-1" in hit["rules"]


def test_events_are_computed_first_and_carried_out_second() -> None:
    """The seam for replacement effects (R-2): damage_events is pure; carry_out_damage acts."""
    sc = scenario(HEAD + "steps:\n  - damage: {each: 6, targets: [a, b], source: bolt}\n")
    step = sc.steps[0]
    assert isinstance(step, DealDamage) and step.targets is not None
    state = sc.start
    pending = dm.finalize(state, step.instruction, step.targets)
    events = dm.damage_events(state, pending)
    assert state.events == () and "damage" not in state.obj("a").counters
    first, second = events
    halved = Event(
        first.kind,
        tuple((k, 3 if k == "amount" else v) for k, v in first.fields),
        first.rules,
    )
    after = dm.carry_out_damage(state, [halved, second])
    assert after.obj("a").counters["damage"] == 3
    assert after.obj("b").counters["damage"] == 7


@pytest.mark.rule("DMG-LETHAL")
def test_lethal_damage_is_reported() -> None:
    out = run_steps("  - damage: {each: 3, targets: [annie], source: {unit: a}}\n")
    assert any(e["kind"] == "lethal" and e["target"] == "annie" for e in out["events"])


@pytest.mark.parametrize(
    ("step", "path"),
    [
        ("{each: 1, split: 2, targets: [a], source: bolt}", "steps[0].damage"),
        ("{each: 1, targets: [nobody], source: bolt}", "steps[0].damage.targets[0]"),
        ("{each: 1, targets: [a], source: {spell: bolt, unit: a}}", "steps[0].damage.source"),
        (
            "{split: 1, targets: open, source: bolt, allocation: {a: 1}}",
            "steps[0].damage.allocation",
        ),
        ("{each: -1, targets: [a], source: bolt}", "steps[0].damage.each"),
    ],
)
def test_bad_damage_steps_are_located_errors(step: str, path: str) -> None:
    with pytest.raises(InputError) as err:
        scenario(HEAD + f"steps:\n  - damage: {step}\n")
    assert err.value.path == path
    assert err.value.location is not None


@pytest.mark.rule("DMG-CAND")
def test_an_open_split_chooses_among_enemy_units_with_health_by_default() -> None:
    result = run_text(
        HEAD + "steps:\n  - damage: {split: 5, source: {ability: f, card: volibear},"
        " targets: open}\n"
    )
    hit = {e["target"] for e in result.as_json()["events"] if e["kind"] == "damage"}
    assert hit and hit <= {"a", "b", "c", "d", "e", "f"}  # never annie, volibear or bolt


def test_an_open_split_is_resolved_by_the_solver_in_a_run() -> None:
    result = run_text(
        HEAD + "steps:\n  - damage: {split: 5, source: {ability: f, card: volibear},"
        " targets: open, candidates: [a, b]}\n"
    )
    assert result.stopped_by is None
    events = result.as_json()["events"]
    assert events[0]["kind"] == "optimal_split" and events[0]["status"] == "OPTIMAL"
    assert sum(e["amount"] for e in events if e["kind"] == "damage") == 6
