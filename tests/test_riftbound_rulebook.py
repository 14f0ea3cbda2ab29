"""Riftbound Core Rules 1.3: Might layers, Mighty, buffs, Cleanups and death, "would die"
replacements (372, 373.2, 371), the end of a turn (model/might.py, model/death.py)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model import might as mt
from arbiter.model.state import GameObject
from tests.helpers import run_text, view

HEAD = """
ruleset: riftbound
players: [ana, bo]
"""


def run(objects: str, steps: str, policies: str = "") -> dict[str, Any]:
    return view(HEAD + policies + "objects:\n" + objects + "steps:\n" + steps)


def unit(might: int, **kw: Any) -> GameObject:
    return GameObject(id="u", owner="ana", kind="unit", base={"might": might}, **kw)


# -- Might: layers and snapshots -------------------------------------------------------


@pytest.mark.rule("RB-MIGHT")
@pytest.mark.rule(
    "Riftbound 472",
    "Riftbound 472.1.a.1",
    "Riftbound 472.3.d",
    "Riftbound 475.3",
    "Riftbound 143.2",
    "Riftbound 472.3.a",
    "Riftbound 475.1",
)
def test_a_set_comes_before_every_addition_whatever_their_order() -> None:
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 3}}\n",
        "  - might: {target: u, add: 2}\n  - might: {target: u, set: 4}\n"
        "  - might: {target: u, add: -1}\n  - might: {target: u, set: 6}\n",
    )
    m = out["objects"]["u"]["might"]
    assert m["set"] == 6  # the latest set stands (475.3)
    assert m["shown"] == 6 + 2 - 1  # then increases, then decreases (472.3.d)
    assert (m["increases"], m["decreases"]) == (2, -1)


@pytest.mark.rule("Riftbound 472.3.b", "Riftbound 472.3.d.2.b")
def test_a_change_to_a_minimum_is_fixed_when_it_is_applied() -> None:
    """The rulebook's example: -4 to a minimum of 1 on a Might of 2 makes -1, and stays -1
    when the unit's Might grows later."""
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 2}}\n",
        "  - might: {target: u, add: -4, min: 1}\n  - expect: {objects.u.might.shown: 1}\n"
        "  - might: {target: u, add: 5}\n",
    )
    assert out["events"][0]["applied"] == -1
    assert "Riftbound 472.3.b" in out["events"][0]["rules"]
    assert out["objects"]["u"]["might"]["shown"] == 2 - 1 + 5


@pytest.mark.rule("Riftbound 472.3.b", "Riftbound 472.3.d.1.b")
def test_a_change_to_a_maximum_never_turns_into_a_decrease() -> None:
    assert mt.snapshot(current=3, amount=4, minimum=None, maximum=5) == 2
    assert mt.snapshot(current=7, amount=4, minimum=None, maximum=5) == 0
    assert mt.snapshot(current=0, amount=-4, minimum=1, maximum=None) == 0
    assert mt.snapshot(current=9, amount=-4, minimum=None, maximum=None) == -4


@pytest.mark.rule("Riftbound 708", "Riftbound 709", "Riftbound 710")
def test_a_unit_becomes_mighty_when_its_might_reaches_five() -> None:
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 4}}\n",
        "  - might: {target: u, add: 1}\n  - might: {target: u, add: 1}\n",
    )
    first, second = out["events"]
    assert first["became_mighty"] is True and "Riftbound 709" in first["rules"]
    assert second["became_mighty"] is False  # already Mighty
    assert out["objects"]["u"]["might"]["mighty"] is True


@pytest.mark.rule("Riftbound 711")
def test_off_the_board_a_unit_has_its_printed_might() -> None:
    u = mt.change(unit(3), "e", "spell", 1, add=3).obj
    assert mt.read(u).mighty
    trashed = GameObject(**{**_fields(u), "zone": "trash"})
    assert mt.read(trashed).shown == 3
    assert not mt.read(trashed).mighty


def _fields(obj: GameObject) -> dict[str, Any]:
    return {f: getattr(obj, f) for f in obj.__dataclass_fields__}


@pytest.mark.rule("Riftbound 702.3.a", "Riftbound 703", "Riftbound 702.2.a")
def test_a_unit_holds_one_buff_worth_one_might() -> None:
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 2}}\n",
        "  - buff: {target: u}\n  - buff: {target: u}\n",
    )
    assert [e["placed"] for e in out["events"]] == [True, False]
    assert out["objects"]["u"]["might"]["shown"] == 3


@pytest.mark.rule("Riftbound 317.2.c", "Riftbound 710")
def test_this_turn_effects_expire_at_the_end_of_the_turn() -> None:
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 3}}\n",
        "  - might: {target: u, add: 3, this_turn: true}\n  - might: {target: u, add: 1}\n"
        "  - expect: {objects.u.might.mighty: true}\n  - end_turn: {}\n",
    )
    assert out["objects"]["u"]["might"]["shown"] == 4
    assert out["objects"]["u"]["might"]["mighty"] is False


# -- Cleanups and death ----------------------------------------------------------------

UNITS = """  a: {owner: bo, kind: unit, base: {might: 3}, counters: {damage: 3}}
  b: {owner: bo, kind: unit, base: {might: 3}, counters: {damage: 2}}
  c: {owner: bo, kind: unit, base: {might: 0}}
"""


@pytest.mark.rule("RB-DEATH")
@pytest.mark.rule(
    "Riftbound 323.5",
    "Riftbound 428.1.a.2",
    "Riftbound 428.2",
    "Riftbound 142",
    "Riftbound 108.2.b",
    "Riftbound 428.4",
)
def test_a_cleanup_kills_units_with_lethal_damage_only() -> None:
    out = run(UNITS, "  - cleanup: {}\n")
    zones = {k: v["zone"] for k, v in out["objects"].items()}
    assert zones == {"a": "trash", "b": "play", "c": "play"}  # c: Might 0, no damage
    assert out["events"][0]["rules"][0] == "Riftbound 323.5"


@pytest.mark.rule("Riftbound 323.5", "Riftbound 472.1.a.1")
def test_might_lowered_to_the_damage_kills_at_the_next_cleanup() -> None:
    out = run(UNITS, "  - might: {target: b, set: 1}\n  - cleanup: {}\n")
    assert out["objects"]["b"]["zone"] == "trash"


@pytest.mark.rule("RB-CLEANUP")
@pytest.mark.rule("Riftbound 321", "Riftbound 321.1", "Riftbound 320")
def test_no_cleanup_in_the_middle_of_a_chain_item() -> None:
    """Deal 3 then +3 Might in one resolution: the unit survives, since the Cleanup waits
    for the end of the chain item; a Cleanup asked for inside it is refused."""
    objs = "  u: {owner: bo, kind: unit, base: {might: 3}}\n  s: {owner: ana, kind: spell}\n"
    chain = (
        "  - chain_item:\n      steps:\n"
        "        - damage: {each: 3, targets: [u], source: s}\n"
        "        - might: {target: u, add: 3}\n"
    )
    out = run(objs, chain)
    assert out["objects"]["u"]["zone"] == "play"
    split = run(objs, "  - damage: {each: 3, targets: [u], source: s}\n  - cleanup: {}\n")
    assert split["objects"]["u"]["zone"] == "trash"
    refused = run_text(
        HEAD + "objects:\n" + objs + "steps:\n" + chain + "        - cleanup: {}\n"
        "    illegal: Riftbound 321\n"
    )
    assert refused.stopped_by is None and refused.passed == 1


@pytest.mark.rule("Riftbound 323.4", "Riftbound 808.1.d.2")
def test_a_deathknell_is_noted_before_the_kill_and_death_triggers_fire() -> None:
    out = run(
        "  u:\n    owner: bo\n    kind: unit\n    base: {might: 2}\n    counters: {damage: 2}\n"
        "    features: [Deathknell]\n"
        "    triggers:\n      - {id: when_i_die, when: {leaves: self},"
        " do: [{counter: {target: w, name: grief, add: 1}}]}\n"
        "  w: {owner: bo, kind: unit, base: {might: 5}}\n",
        "  - cleanup: {}\n",
    )
    kinds = [e["kind"] for e in out["events"]]
    assert kinds.index("deathknell") < kinds.index("move")
    assert out["objects"]["w"]["counters"]["grief"] == 1


# -- "would die" replacements: 372, 373.2, 371 ------------------------------------------

SORAKA = """  soraka:
    owner: ana
    kind: unit
    zone: battlefield
    base: {might: 3}
    counters: {damage: 3}
    death_replacements:
      - {id: save, protects: other_friendly, here: true, weaker: true}
  angel:
    owner: ana
    kind: gear
    zone: battlefield
    death_replacements:
      - {id: guard, ids: [soraka], instead: [kill_source, heal, exhaust, recall]}
  r1: {owner: ana, kind: unit, zone: battlefield, base: {might: 1}, counters: {damage: 1}}
  r2: {owner: ana, kind: unit, zone: battlefield, base: {might: 1}, counters: {damage: 1}}
  r3: {owner: ana, kind: unit, zone: base, base: {might: 1}, counters: {damage: 1}}
  r4: {owner: ana, kind: unit, zone: base, base: {might: 1}, counters: {damage: 1}}
"""


def zones(out: dict[str, Any]) -> dict[str, str]:
    return {k: v["zone"] for k, v in out["objects"].items()}


@pytest.mark.rule("RB-REPL-1")
@pytest.mark.rule("Riftbound 373.2", "Riftbound 373.2.a", "Riftbound 369.1")
def test_soraka_saves_the_recruits_here_in_one_sequence_first() -> None:
    """The rulebook's example, one order: Soraka's replacement first saves both Recruits
    at her battlefield at once; the Angel then saves her; the Recruits in base die."""
    out = run(SORAKA, "  - cleanup: {order: {ana: [save, guard]}}\n")
    z = zones(out)
    assert (z["r1"], z["r2"], z["r3"], z["r4"]) == ("base", "base", "trash", "trash")
    assert z["soraka"] == "base" and z["angel"] == "trash"
    first = next(e for e in out["events"] if e["kind"] == "replaced")
    assert first["saved"] == ["r1", "r2"] and "Riftbound 373.2" in first["rules"]


@pytest.mark.rule("Riftbound 373.2", "Riftbound 372")
def test_the_angel_first_recalls_soraka_who_then_saves_the_recruits_in_base() -> None:
    out = run(SORAKA, "  - cleanup: {order: {ana: [guard, save]}}\n")
    z = zones(out)
    assert (z["r1"], z["r2"], z["r3"], z["r4"]) == ("trash", "trash", "base", "base")
    assert all(
        e["chooser"] == "ana" and "Riftbound 372" in e["rules"]
        for e in out["events"]
        if e["kind"] == "replaced"
    )


@pytest.mark.rule("R-4", "Riftbound 373.2")
def test_under_the_berserk_reach_a_replacement_saves_one_death_of_the_action() -> None:
    out = run(
        SORAKA,
        "  - cleanup: {order: {ana: [save, guard]}}\n",
        "policies: {replacement_reach: once-per-action}\n",
    )
    z = zones(out)
    assert [z[r] for r in ("r1", "r2")].count("base") == 1


@pytest.mark.rule("Riftbound 372", "Riftbound 372.1", "R-5")
def test_the_owner_of_the_dying_unit_orders_the_replacements() -> None:
    """Bo's unit would die; Ana and Bo each have a replacement that applies. Under 372 Bo
    orders them (his list wins); under R-5 both players could apply: the active player."""
    objs = (
        "  v: {owner: bo, kind: unit, base: {might: 2}, counters: {damage: 2}}\n"
        "  ana_gear:\n    owner: ana\n    kind: gear\n"
        "    death_replacements: [{id: ana_save, protects: any, instead: [heal]}]\n"
        "  bo_gear:\n    owner: bo\n    kind: gear\n    timestamp: 9\n"
        "    death_replacements: [{id: bo_save, protects: any, instead: [recall]}]\n"
    )
    steps = "  - cleanup: {order: {bo: [bo_save], ana: [ana_save]}}\n"
    by_owner = run(objs, steps)
    first = next(e for e in by_owner["events"] if e["kind"] == "replaced")
    assert (first["by"], first["chooser"]) == ("bo_save", "bo")
    by_controller = run(objs, steps, "policies: {replacement_chooser: replacement-controller}\n")
    first = next(e for e in by_controller["events"] if e["kind"] == "replaced")
    assert (first["by"], first["chooser"]) == ("ana_save", "ana")


@pytest.mark.rule("Riftbound 371", "Riftbound 371.1", "Riftbound 371.2")
def test_once_each_turn_a_declined_replacement_is_still_available() -> None:
    objs = (
        "  g:\n    owner: ana\n    kind: gear\n"
        "    death_replacements: [{id: once, protects: any, may: true, once_each_turn: true,"
        " instead: [heal]}]\n"
        "  u: {owner: ana, kind: unit, base: {might: 2}, counters: {damage: 2}}\n"
        "  v: {owner: ana, kind: unit, base: {might: 2}}\n"
        "  s: {owner: bo, kind: spell}\n"
    )
    out = run(
        objs,
        "  - cleanup: {decline: [once]}\n"  # u dies; the replacement was declined
        "  - damage: {each: 2, targets: [v], source: s}\n"
        "  - cleanup: {}\n"  # still available this turn: v is saved
        "  - expect: {objects.v.zone: play}\n"
        "  - damage: {each: 2, targets: [v], source: s}\n"
        "  - cleanup: {}\n",  # used this turn: v dies
    )
    assert out["objects"]["u"]["zone"] == "trash"
    assert out["objects"]["v"]["zone"] == "trash"
    declined = next(e for e in out["events"] if e["kind"] == "declined")
    assert "Riftbound 371.2" in declined["rules"]


@pytest.mark.rule("Riftbound 371", "Riftbound 317.2.c")
def test_once_each_turn_comes_back_next_turn() -> None:
    objs = (
        "  g:\n    owner: ana\n    kind: gear\n"
        "    death_replacements: [{id: once, protects: any, once_each_turn: true,"
        " instead: [heal]}]\n"
        "  v: {owner: ana, kind: unit, base: {might: 2}}\n  s: {owner: bo, kind: spell}\n"
    )
    hit = "  - damage: {each: 2, targets: [v], source: s}\n  - cleanup: {}\n"
    out = run(objs, hit + "  - end_turn: {}\n" + hit)
    assert out["objects"]["v"]["zone"] == "play"
    assert out["counters"]["turn"] == 2


@pytest.mark.rule("RB-TURN")
@pytest.mark.rule("Riftbound 317.2.b", "Riftbound 317.3", "Riftbound 315", "Riftbound 143.3.b.1")
def test_the_end_of_a_turn_heals_units_and_passes_the_turn() -> None:
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 3}, counters: {damage: 2}}\n",
        "  - end_turn: {}\n",
    )
    assert "damage" not in out["objects"]["u"].get("counters", {})
    assert [e.get("name") for e in out["events"]] == ["end_of_turn", "start_of_turn"]
    assert out["events"][1]["player"] == "bo"


# -- the replacement pipeline under the Riftbound policies (damage, game actions) ----------

GUARD = """  bolt: {owner: bo, kind: spell}
  guardian:
    owner: ana
    kind: unit
    replacements:
      - id: absorb
        when: {event: dealt-damage, object: {side: yours, kind: unit}}
        instead: {object: self}
  a: {owner: ana, kind: unit}
  b: {owner: ana, kind: unit}
"""
BLAST = (
    "  - game-action: {id: blast, source: bolt,"
    " events: [{event: dealt-damage, object: [a, b], amount: 2}]}\n"
)


def damage_of(out: dict[str, Any]) -> dict[str, int]:
    return {k: v.get("counters", {}).get("damage", 0) for k, v in out["objects"].items()}


@pytest.mark.rule("Riftbound 373.2", "Riftbound 373.2.a", "R-4")
def test_one_replacement_replaces_every_simultaneous_event_in_one_sequence() -> None:
    out = run(GUARD, BLAST)
    assert damage_of(out) == {"bolt": 0, "guardian": 4, "a": 0, "b": 0}
    replaced = [e for e in out["events"] if e["kind"] == "replaced"]
    assert len(replaced) == 2 and all("Riftbound 373.2" in e["rules"] for e in replaced)
    berserk_reach = run(GUARD, BLAST, "policies: {replacement_reach: once-per-action}\n")
    assert damage_of(berserk_reach)["guardian"] == 2  # one event of the action


@pytest.mark.rule("Riftbound 372", "R-5")
def test_the_owner_of_the_damaged_unit_chooses_between_both_players_replacements() -> None:
    objs = (
        "  bolt: {owner: ana, kind: spell}\n"
        "  u: {owner: bo, kind: unit}\n"
        "  ana_idol:\n    owner: ana\n    kind: gear\n    replacements:\n"
        "      - {id: ana_take, when: {event: dealt-damage, object: u}, instead: {object: self}}\n"
        "  bo_idol:\n    owner: bo\n    kind: gear\n    replacements:\n"
        "      - {id: bo_take, when: {event: dealt-damage, object: u}, instead: {object: self}}\n"
    )
    act = (
        "  - game-action: {id: hit, source: bolt,"
        " events: [{event: dealt-damage, object: u, amount: 1}]}\n"
    )
    first = next(e for e in run(objs, act)["events"] if e["kind"] == "replaced")
    assert first["chooser"] == "bo" and "Riftbound 372" in first["rules"]
    r5 = run(objs, act, "policies: {replacement_chooser: replacement-controller}\n")
    first = next(e for e in r5["events"] if e["kind"] == "replaced")
    assert first["chooser"] == "ana" and "R-5" in first["rules"]  # both could: the active


# -- turns: "at the start of your turn", "once each turn" triggers, Mighty conditions -------


@pytest.mark.rule("Riftbound 315", "Riftbound 317.3")
def test_at_the_start_of_your_turn_fires_for_the_new_turn_player_only() -> None:
    trig = (
        "    triggers: [{id: dawn, when: {phase: start_of_turn, of: controller},"
        " do: [{counter: {target: self, name: dawn, add: 1}}]}]\n"
    )
    out = run(
        "  mine:\n    owner: ana\n    kind: unit\n"
        + trig
        + "  theirs:\n    owner: bo\n    kind: unit\n"
        + trig,
        "  - end_turn: {}\n",  # Bo's turn starts
    )
    assert out["objects"]["theirs"]["counters"]["dawn"] == 1
    assert "counters" not in out["objects"]["mine"]


@pytest.mark.rule("Riftbound 383.3.f", "Riftbound 317.2.c")
def test_a_once_each_turn_trigger_resolves_once_a_turn() -> None:
    out = run(
        "  s: {owner: ana, kind: spell}\n"
        "  u:\n    owner: bo\n    kind: unit\n    base: {might: 9}\n"
        "    triggers: [{id: sting, once_each_turn: true, when: {damaged: self},"
        " do: [{counter: {target: self, name: stings, add: 1}}]}]\n",
        "  - damage: {each: 1, targets: [u], source: s}\n"
        "  - damage: {each: 1, targets: [u], source: s}\n"
        "  - expect: {u.counters.stings: 1}\n"
        "  - end_turn: {}\n"
        "  - damage: {each: 1, targets: [u], source: s}\n",
    )
    assert out["objects"]["u"]["counters"]["stings"] == 2
    refused = [e for e in out["events"] if e.get("once_each_turn")]
    assert len(refused) == 1 and refused[0]["rules"] == ["Riftbound 383.3.f"]


@pytest.mark.rule("Riftbound 708", "Riftbound 710")
def test_a_condition_reads_whether_a_unit_is_mighty_now() -> None:
    out = run(
        "  u:\n    owner: bo\n    kind: unit\n    base: {might: 4}\n"
        "    triggers: [{id: roar, when: {phase: start_of_turn}, if: {mighty: self},"
        " do: [{counter: {target: self, name: roars, add: 1}}]}]\n",
        "  - end_turn: {}\n  - expect: {u.counters: null}\n"
        "  - might: {target: u, add: 1}\n  - end_turn: {}\n",
    )
    assert out["objects"]["u"]["counters"]["roars"] == 1


@pytest.mark.rule("RB-TEMP")
@pytest.mark.rule("Riftbound 816.1.b", "Riftbound 816.1.c", "Riftbound 816.2")
def test_a_temporary_permanent_dies_at_the_start_of_its_controllers_turn() -> None:
    out = run(
        "  sprout: {owner: bo, kind: unit, base: {might: 1}, features: [Temporary]}\n"
        "  mine: {owner: ana, kind: unit, base: {might: 1}, features: [Temporary]}\n",
        "  - end_turn: {}\n",  # Bo's turn starts: his Temporary unit dies, not Ana's
    )
    assert out["objects"]["sprout"]["zone"] == "trash"
    assert out["objects"]["mine"]["zone"] == "play"
    kill = [e for e in out["events"] if e["kind"] == "move"]
    assert len(kill) == 1 and "Riftbound 816.1.b" in kill[0]["rules"]


@pytest.mark.rule("Riftbound 808.1.c", "Riftbound 808.1.d", "Riftbound 808.1.d.1")
def test_a_saved_unit_notes_no_deathknell_and_fires_no_death_trigger() -> None:
    out = run(
        "  u:\n    owner: bo\n    kind: unit\n    base: {might: 2}\n    counters: {damage: 2}\n"
        "    features: [Deathknell]\n"
        "    death_replacements: [{id: save, instead: [heal, recall]}]\n"
        "    triggers:\n      - {id: when_i_die, when: {leaves: self},"
        " do: [{counter: {target: self, name: grief, add: 1}}]}\n",
        "  - cleanup: {}\n",
    )
    kinds = [e["kind"] for e in out["events"]]
    assert "deathknell" not in kinds and "move" not in kinds
    assert out["objects"]["u"]["zone"] == "base"
    assert "grief" not in out["objects"]["u"].get("counters", {})


@pytest.mark.rule("Riftbound 705", "Riftbound 110")
def test_a_killed_unit_keeps_no_buff_and_no_might_effect() -> None:
    out = run(
        "  u: {owner: bo, kind: unit, base: {might: 2}, counters: {damage: 5}}\n",
        "  - buff: {target: u}\n  - might: {target: u, add: 1}\n  - cleanup: {}\n",
    )
    u = out["objects"]["u"]
    assert u["zone"] == "trash"
    assert "buff" not in u.get("counters", {})
    assert u["might"] == {**u["might"], "shown": 2, "buff": 0, "increases": 0}


# -- dependency inside the arithmetic layer (473-475) ---------------------------------------

PASSIVES = """  proud:
    owner: ana
    kind: unit
    base: {might: 4}
    timestamp: 1
    might_passives: [{id: pride, add: 2, to: self, while_mighty: true}]
  captain:
    owner: ana
    kind: unit
    base: {might: 1}
    timestamp: 2
    might_passives: [{id: rally, add: 1, to: other_friendly}]
"""


@pytest.mark.rule("RB-MIGHT-2")
@pytest.mark.rule("Riftbound 473.1.c", "Riftbound 474.1", "Riftbound 475.3")
def test_an_effect_applies_after_the_one_it_depends_on_whatever_their_timestamps() -> None:
    """Pride ("while I'm Mighty, +2", earlier) depends on Rally ("other friendly units +1"):
    Rally makes the proud unit Mighty. Rally applies first, then Pride: 4 + 1 + 2 = 7 (in
    timestamp order alone Pride would find 4 and give nothing: 5)."""
    from arbiter.model.format.document import load
    from arbiter.model.format.scenario import parse_document
    from arbiter.model.might_layers import apply_layer

    out = run(PASSIVES, "  - expect: {objects.proud.might.shown: 7}\n")
    assert out["objects"]["proud"]["might"]["mighty"] is True
    assert out["objects"]["captain"]["might"]["shown"] == 1
    state = parse_document(load("t.yaml", HEAD + "objects:\n" + PASSIVES)).start
    layer = apply_layer(state)
    assert layer.order == ("captain.rally", "proud.pride")
    assert layer.because[0].rule == "Riftbound 474.1"


@pytest.mark.rule("Riftbound 475", "Riftbound 473.1.b")
def test_effects_without_dependency_apply_in_timestamp_order_and_the_result_counts() -> None:
    out = run(
        PASSIVES.replace("while_mighty: true", "while_mighty: false"),
        "  - damage: {each: 6, targets: [proud], source: proud}\n  - cleanup: {}\n",
    )
    # 4 + 1 + 2 = 7 Might: 6 damage is not lethal
    assert out["objects"]["proud"]["zone"] == "play"


@pytest.mark.rule("Riftbound 322", "Riftbound 322.1")
def test_a_death_that_makes_another_lethal_is_cleaned_up_right_after() -> None:
    """The captain dies; its "+1 to other friendly units" ends, so the proud unit's Might
    falls to its damage: a second Cleanup kills it (322)."""
    out = run(
        PASSIVES.replace("while_mighty: true", "while_mighty: false")
        .replace("    base: {might: 1}\n", "    base: {might: 1}\n    counters: {damage: 1}\n")
        .replace("    base: {might: 4}\n", "    base: {might: 4}\n    counters: {damage: 6}\n"),
        "  - cleanup: {}\n",
    )
    assert out["objects"]["captain"]["zone"] == "trash"
    assert out["objects"]["proud"]["zone"] == "trash"
    again = [e for e in out["events"] if e["kind"] == "cleanup"]
    assert again and again[0]["rules"] == ["Riftbound 322"]


@pytest.mark.rule("Riftbound 317.1.a", "Riftbound 317.1.b")
def test_at_the_end_of_your_turn_fires_for_the_player_whose_turn_ends() -> None:
    trig = (
        "    triggers: [{id: dusk, when: {phase: end_of_turn, of: controller},"
        " do: [{counter: {target: self, name: dusk, add: 1}}]}]\n"
    )
    out = run(
        "  mine:\n    owner: ana\n    kind: unit\n"
        + trig
        + "  theirs:\n    owner: bo\n    kind: unit\n"
        + trig,
        "  - end_turn: {}\n",
    )
    assert out["objects"]["mine"]["counters"]["dusk"] == 1
    assert "counters" not in out["objects"]["theirs"]
