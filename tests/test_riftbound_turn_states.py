"""The states of a Riftbound turn (Core Rules 1.3, 307-313), showdowns and combats staged
at Cleanups (323.2, 323.8-323.14, 341-348, 454-461) under ``turn_states: tracked``
(Decision RB-STATES); the default (``scenario``) keeps the `combat` step and the
`timing` of `play_card` as the scenario writes them."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.errors import InputError
from arbiter.model.ruleset import RULESETS, TurnStates
from tests.helpers import view

OBJECTS = """players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: bo}
  bay: {owner: bo, kind: battlefield, zone: battlefield}
  cove: {owner: bo, kind: battlefield, zone: battlefield}
  scout: {owner: ana, kind: unit, base: {might: 4}, zone: base}
  runner: {owner: ana, kind: unit, base: {might: 1}, zone: base}
  foe: {owner: bo, kind: unit, base: {might: 2}, zone: battlefield, at: ridge}
  bolt: {owner: ana, kind: spell, zone: hand}
  quick: {owner: bo, kind: spell, zone: hand, features: [Action]}
  haste: {owner: ana, kind: spell, zone: hand, features: [Action]}
  guard: {owner: bo, kind: unit, base: {might: 3}, zone: hand, features: [Action]}
steps:
"""
TRACKED = "ruleset: riftbound\npolicies: {turn_states: tracked}\n" + OBJECTS
SCENARIO = "ruleset: riftbound\n" + OBJECTS
FIGHT = (
    "combat: {attackers: [scout], defenders: [foe], "
    "assign: {attackers: {foe: 4}, defenders: {scout: 2}}, resolution: true}"
)


def run(*steps: str, head: str = TRACKED) -> dict[str, Any]:
    return view(head + "".join(f"  - {s}\n" for s in steps))


def refused(*steps: str, head: str = TRACKED) -> str:
    out = run(*steps, head=head)
    assert "illegal" in out, out["events"]
    rule: str = out["illegal"]["rule"]
    return rule


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == kind]


@pytest.mark.rule("RB-STATES")
def test_the_seeds_reading_stays_the_default_and_follows_no_state() -> None:
    assert RULESETS["riftbound"].turn_states is TurnStates.SCENARIO
    out = run("standard_move: {units: [scout], to: ridge}", head=SCENARIO)
    assert "turn" not in out and not events(out, "showdown")
    # the scenario says when a combat happens, and the state a card is played in
    out = run("play_card: {card: quick, by: bo, timing: showdown}", head=SCENARIO)
    assert "illegal" not in out


@pytest.mark.rule(
    "Riftbound 307",
    "Riftbound 308",
    "Riftbound 308.2",
    "Riftbound 309",
    "Riftbound 309.2",
    "Riftbound 310",
    "Riftbound 310.1",
    "Riftbound 316.2.b",
)
def test_a_turn_begins_neutral_open_and_only_its_player_plays_there() -> None:
    out = run("expect: {turn.state: neutral-open}")
    assert out["turn"]["state"] == "neutral-open" and out["turn"]["showdown"] is None
    assert refused("play_card: {card: quick, by: bo}") == "Riftbound 316.2.b"
    # a card cannot claim a showdown that is not in progress
    assert refused("play_card: {card: quick, by: bo, timing: showdown}") == "Riftbound 308.2"


@pytest.mark.rule(
    "Riftbound 316.4",
    "Riftbound 316.4.a",
    "Riftbound 316.4.b",
    "Riftbound 316.4.f",
    "Riftbound 316.5.a",
    "Riftbound 316.5.a.1",
    "Riftbound 323.8",
    "Riftbound 323.9",
    "Riftbound 323.12",
    "Riftbound 323.13",
    "Riftbound 445",
    "Riftbound 459.2.b",
    "Riftbound 310.3",
)
def test_a_move_onto_enemy_units_stages_a_combat_that_opens_with_its_showdown() -> None:
    out = run("standard_move: {units: [scout], to: ridge}")
    assert events(out, "contested")[0] == {
        "kind": "contested",
        "battlefield": "ridge",
        "by": "ana",
        "rules": ["Riftbound 445"],
    }
    staged = events(out, "staged")[0]
    assert staged["showdowns"] == ["ridge"] and staged["combats"] == ["ridge"]
    assert "Riftbound 323.12" in events(out, "showdown")[0]["rules"]
    turn = out["turn"]
    assert turn["state"] == "showdown-open"
    assert turn["showdown"]["kind"] == "combat" and turn["showdown"]["focus"] == "ana"
    assert (turn["showdown"]["attacker"], turn["showdown"]["defender"]) == ("ana", "bo")
    assert turn["designations"] == {"foe": "defender", "scout": "attacker"}
    assert turn["staged"] == {"showdowns": [], "combats": []}  # begun, no longer staged


@pytest.mark.rule("Riftbound 144.1.c", "Riftbound 144.1.b", "Riftbound 144.1")
def test_no_standard_move_during_a_showdown_or_while_a_chain_item_resolves() -> None:
    assert (
        refused(
            "standard_move: {units: [scout], to: ridge}",
            "standard_move: {units: [runner], to: bay}",
        )
        == "Riftbound 144.1.c"
    )
    assert (
        refused("chain_item: {steps: [{standard_move: {units: [runner], to: bay}}]}")
        == "Riftbound 144.1.b"
    )
    spell = "play_card: {card: bolt, steps: [{standard_move: {units: [runner], to: bay}}]}"
    assert refused(spell) == "Riftbound 144.1.b"  # a spell's instructions: on the Chain
    # the seed's reading does not refuse either
    out = run("chain_item: {steps: [{standard_move: {units: [runner], to: bay}}]}", head=SCENARIO)
    assert "illegal" not in out


@pytest.mark.rule(
    "Riftbound 308.1",
    "Riftbound 308.1.a",
    "Riftbound 313.1",
    "Riftbound 313.4",
    "Riftbound 346",
    "Riftbound 347.3",
    "Riftbound 347.4",
    "Riftbound 345",
    "Riftbound 316.2.b",
)
def test_in_a_showdown_only_the_player_with_focus_plays_and_focus_then_passes() -> None:
    move = "standard_move: {units: [scout], to: ridge}"
    assert refused(move, "play_card: {card: bolt}") == "Riftbound 806.1.b"  # 308.1.a
    assert refused(move, "play_card: {card: quick, by: bo}") == "Riftbound 313.1"
    assert refused(move, "showdown_pass: {by: bo}") == "Riftbound 313.4"
    out = run(move, "play_card: {card: haste}")
    assert out["turn"]["showdown"]["focus"] == "bo"
    assert events(out, "play_card")[0]["timing"] == "showdown"
    out = run(move, "showdown_pass: {by: ana}", "play_card: {card: quick, by: bo}")
    assert out["turn"]["showdown"]["focus"] == "ana" and out["turn"]["showdown"]["passed"] == []


@pytest.mark.rule(
    "Riftbound 347.3.a",
    "Riftbound 348",
    "Riftbound 348.1",
    "Riftbound 455",
    "Riftbound 461.5",
    "Riftbound 461.5.d",
    "Riftbound 461.7",
    "Riftbound 461.7.a",
)
def test_the_combat_damage_step_follows_when_every_player_passed_in_sequence() -> None:
    move = "standard_move: {units: [scout], to: ridge}"
    assert refused(FIGHT) == "Riftbound 455"  # no combat staged
    assert refused(move, FIGHT) == "Riftbound 348.1"  # ana still has Focus
    passes = ("showdown_pass: {by: ana}", "showdown_pass: {by: bo}")
    assert refused(move, *passes, "play_card: {card: haste}") == "Riftbound 348.1"
    out = run(move, *passes)
    assert out["turn"]["showdown"]["damage_due"] is True
    out = run(move, *passes, FIGHT)
    assert out["objects"]["foe"]["zone"] == "trash"
    assert out["objects"]["ridge"]["controller"] == "ana"  # 461.5: conquered
    assert out["counters"]["points"]["ana"] == 1
    assert out["turn"] == {
        "state": "neutral-open",
        "contested": {},
        "staged": {"showdowns": [], "combats": []},
        "showdown": None,
        "designations": {},
    }


@pytest.mark.rule("Riftbound 459.2.b", "Riftbound 459.2.b.3", "Riftbound 461")
def test_a_staged_combat_is_fought_between_the_designated_units_to_its_resolution() -> None:
    setup = (
        "standard_move: {units: [scout], to: ridge}",
        "showdown_pass: {by: ana}",
        "showdown_pass: {by: bo}",
    )
    wrong = FIGHT.replace("attackers: [scout]", "attackers: [runner]")
    wrong = wrong.replace("defenders: {scout: 2}", "defenders: {runner: 2}")
    assert refused(*setup, wrong) == "Riftbound 459.2.b"
    no_resolution = FIGHT.replace(", resolution: true", "")
    assert refused(*setup, no_resolution) == "Riftbound 461"


@pytest.mark.rule(
    "Riftbound 316.5.b",
    "Riftbound 316.5.b.1",
    "Riftbound 323.11",
    "Riftbound 344.2",
    "Riftbound 348.2.a",
    "Riftbound 348.2.a.1",
    "Riftbound 316.5.c",
)
def test_a_move_to_an_empty_battlefield_stages_a_showdown_that_ends_in_a_conquer() -> None:
    out = run("standard_move: {units: [runner], to: bay}")
    assert out["turn"]["showdown"]["kind"] == "non-combat"
    assert out["turn"]["showdown"]["focus"] == "ana"
    out = run(
        "standard_move: {units: [runner], to: bay}",
        "showdown_pass: {by: ana}",
        "showdown_pass: {by: bo}",
    )
    assert out["turn"]["state"] == "neutral-open"
    assert out["objects"]["bay"]["controller"] == "ana"
    assert events(out, "score")[0]["how"] == "conquer"


@pytest.mark.rule(
    "Riftbound 323.14",
    "Riftbound 316.5.b.1.a",
    "Riftbound 323.2",
    "Riftbound 323.2.a",
    "Riftbound 459.2.b.4",
)
def test_a_unit_joining_a_non_combat_showdown_makes_it_a_combat_showdown() -> None:
    head = TRACKED.replace(
        "cove: {owner: bo, kind: battlefield, zone: battlefield}",
        "cove: {owner: bo, kind: battlefield, zone: battlefield, controller: bo}",
    )
    steps = (
        "standard_move: {units: [runner], to: cove}",
        "showdown_pass: {by: ana}",
        "play_card: {card: guard, by: bo, to: cove}",
    )
    out = run(*steps[:2], head=head)
    assert out["turn"]["showdown"]["kind"] == "non-combat"
    out = run(*steps, head=head)
    show = out["turn"]["showdown"]
    assert show["kind"] == "combat" and show["attacker"] == "ana" and show["focus"] == "ana"
    assert out["turn"]["designations"] == {"guard": "defender", "runner": "attacker"}
    assert "Riftbound 323.14" in events(out, "showdown")[-1]["rules"]


@pytest.mark.rule("Riftbound 323.2.c", "Riftbound 323.2")
def test_a_unit_that_leaves_the_combats_battlefield_loses_its_designation() -> None:
    out = run(
        "standard_move: {units: [scout], to: ridge}",
        "play_card: {card: haste, steps: [{move: {target: scout, zone: base}}]}",
    )
    assert out["turn"]["designations"] == {"foe": "defender"}
    lost = events(out, "designation")[-1]
    assert lost["lost"] == ["scout"] and "Riftbound 323.2.c" in lost["rules"]


AMBUSH = TRACKED.replace(
    "steps:\n",
    """  dune: {owner: ana, kind: battlefield, zone: battlefield}
  sentry: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield, at: bay}
  picket: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield, at: cove}
  lurk1: {owner: ana, kind: unit, base: {might: 2}, zone: hand, features: [Ambush]}
  lurk2: {owner: ana, kind: unit, base: {might: 2}, zone: hand, features: [Ambush]}
  lurk3: {owner: ana, kind: unit, base: {might: 2}, zone: hand, features: [Ambush]}
  sentinel: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield, at: ridge}
steps:
""",
)
# a non-combat showdown at the dune; ana plays Ambush units where she has units but no
# control while it goes on: what they stage waits for the Neutral Open State
DUNE = ("standard_move: {units: [runner], to: dune}",)


@pytest.mark.rule("Riftbound 323.10", "Riftbound 323.8.a", "Riftbound 323.9.a", "Riftbound 456.2")
def test_a_staged_combat_whose_enemy_units_are_gone_before_it_opens_is_no_longer_staged() -> None:
    out = run(*DUNE, head=AMBUSH)  # the sentinel and the foe were at the ridge from the start
    assert out["turn"]["staged"] == {"showdowns": [], "combats": []}
    out = run(*DUNE, "play_card: {card: lurk3, to: ridge}", head=AMBUSH)
    assert out["turn"]["showdown"]["battlefield"] == "dune"
    assert out["turn"]["staged"] == {"showdowns": ["ridge"], "combats": ["ridge"]}
    out = run(
        *DUNE,
        "play_card: {card: lurk3, to: ridge}",
        "showdown_pass: {by: bo}",
        "play_card: {card: haste, steps: [{kill: {target: foe}}]}",
        head=AMBUSH,
    )
    assert out["turn"]["staged"] == {"showdowns": ["ridge"], "combats": []}
    assert "Riftbound 323.10" in events(out, "staged")[-1]["rules"]


@pytest.mark.rule("Riftbound 323.11", "Riftbound 323.13", "Riftbound 456.1", "Riftbound 310.1.a")
def test_the_turn_player_chooses_where_among_several_staged_showdowns() -> None:
    steps = (
        *DUNE,
        "play_card: {card: lurk1, to: bay}",
        "showdown_pass: {by: bo}",
        "play_card: {card: lurk2, to: cove}",
        "showdown_pass: {by: bo}",
        "showdown_pass: {by: ana}",
    )
    out = run(*steps, head=AMBUSH)
    assert out["objects"]["dune"]["controller"] == "ana"  # the dune's showdown ended
    assert out["turn"]["state"] == "neutral-open"
    assert out["turn"]["staged"]["showdowns"] == ["bay", "cove"]
    assert refused(*steps, "standard_move: {units: [scout], to: ridge}", head=AMBUSH) == (
        "Riftbound 323.11"
    )
    out = run(*steps, "begin_showdown: {battlefield: cove}", head=AMBUSH)
    assert out["turn"]["showdown"]["battlefield"] == "cove"
    assert out["turn"]["staged"]["showdowns"] == ["bay"]
    assert refused(*DUNE, "begin_showdown: {battlefield: dune}", head=AMBUSH) == (
        "Riftbound 323.11"
    )


def test_the_steps_of_the_states_need_the_tracked_policy() -> None:
    with pytest.raises(InputError, match="turn_states: tracked"):
        run("showdown_pass: {by: ana}", head=SCENARIO)


@pytest.mark.rule("Riftbound 323.2.b", "Riftbound 323.2")
def test_a_unit_whose_controller_changes_in_combat_takes_its_new_controllers_side() -> None:
    from dataclasses import replace

    from arbiter.model import riftbound_states as rst
    from tests.helpers import run_text

    done = run_text(TRACKED + "  - standard_move: {units: [scout], to: ridge}\n")
    state = done.state
    assert state.turn is not None and state.turn.designations["foe"].value == "defender"
    # no step changes control yet: the Cleanup's task is checked on the state itself
    state = state.with_object(replace(state.obj("foe"), controller="ana"))
    after = rst.settle(state)
    assert after.turn is not None and after.turn.designations["foe"].value == "attacker"
    changed = [e for e in after.events if e.kind == "designation"][-1]
    assert "Riftbound 323.2.b" in changed.rules


@pytest.mark.rule("Riftbound 460.1", "Riftbound 461.3.a", "Riftbound 461.5", "Riftbound 323.2.c")
def test_a_combat_whose_defenders_are_gone_skips_its_damage_and_is_won() -> None:
    out = run(
        "standard_move: {units: [scout], to: ridge}",
        "play_card: {card: haste, steps: [{kill: {target: foe}}]}",
        "showdown_pass: {by: bo}",
        "showdown_pass: {by: ana}",
    )
    skipped = events(out, "no_combat_damage")[-1]
    assert skipped["at"] == "ridge" and "Riftbound 460.1" in skipped["rules"]
    assert not events(out, "combat_assignment")
    assert events(out, "combat_result")[-1]["won"] == "ana"
    assert out["objects"]["ridge"]["controller"] == "ana" and out["turn"]["showdown"] is None


@pytest.mark.rule("Riftbound 459.2.b", "Riftbound 460.2", "RB-STATES")
def test_a_combat_step_without_units_fights_the_designated_ones() -> None:
    setup = (
        "standard_move: {units: [scout], to: ridge}",
        "showdown_pass: {by: ana}",
        "showdown_pass: {by: bo}",
    )
    fixed = run(
        *setup, "combat: {assign: {attackers: {foe: 4}, defenders: {scout: 2}}, resolution: true}"
    )
    assert [e["player"] for e in events(fixed, "combat_assignment")] == ["ana", "bo"]
    assert fixed["objects"]["foe"]["zone"] == "trash"
    chosen = run(*setup, "combat: {resolution: true}")  # both sides open: the solver's
    assert events(chosen, "combat_assignment")[0]["assignment"] == {"foe": 4}
    assert chosen["objects"]["ridge"]["controller"] == "ana"
    with pytest.raises(InputError, match="attackers"):  # the seed's reading names them
        run("combat: {resolution: true}", head=SCENARIO)


@pytest.mark.rule("Riftbound 460.1", "Riftbound 461")
def test_a_combat_whose_defender_leaves_after_its_showdown_closed_ends_without_damage() -> None:
    from dataclasses import replace

    from arbiter.model import riftbound_states as rst
    from tests.helpers import run_text

    steps = (
        "standard_move: {units: [scout], to: ridge}",
        "showdown_pass: {by: ana}",
        "showdown_pass: {by: bo}",
    )
    done = run_text(TRACKED + "".join(f"  - {s}\n" for s in steps))
    state = done.state
    assert state.turn is not None and state.turn.showdown is not None
    assert state.turn.showdown.damage_due
    # a triggered ability (resolved after the step) kills the foe: no step is left stuck
    state = state.with_object(replace(state.obj("foe"), zone="trash", region=None))
    after = rst.settle(state)
    assert after.turn is not None and after.turn.showdown is None
    kinds = [e.kind for e in after.events[len(state.events) :]]
    assert kinds[0] == "designation" and "no_combat_damage" in kinds and "combat_end" in kinds
    assert after.obj("ridge").controller == "ana"


@pytest.mark.rule("Riftbound 348", "Riftbound 323.6")
def test_a_showdown_its_units_left_ends_with_the_battlefield_uncontrolled() -> None:
    head = TRACKED.replace(
        "cove: {owner: bo, kind: battlefield, zone: battlefield}",
        "cove: {owner: bo, kind: battlefield, zone: battlefield, controller: bo}",
    )
    out = run(
        "standard_move: {units: [runner], to: cove}",
        "play_card: {card: haste, steps: [{move: {target: runner, zone: base}}]}",
        "showdown_pass: {by: bo}",
        "showdown_pass: {by: ana}",
        head=head,
    )
    # not while the spell resolves (a Closed State) nor while the showdown goes on there
    gone = events(out, "uncontrolled")
    assert len(gone) == 1 and gone[0]["rules"] == ["Riftbound 323.6"]
    kinds = [e["kind"] for e in out["events"]]
    assert kinds.index("uncontrolled") > kinds.index("showdown_closed")
    assert out["turn"]["showdown"] is None and not events(out, "score")


@pytest.mark.rule(
    "Riftbound 309.1",
    "Riftbound 310.4",
    "Riftbound 144.1.b",
    "Riftbound 340.2.a",
    "Riftbound 346",
)
def test_a_chain_opened_in_a_showdown_closes_the_state_and_focus_passes_when_it_is_gone() -> None:
    move = "standard_move: {units: [scout], to: ridge}"
    spell = "chain_play: {card: haste, steps: [{might: {target: scout, add: 1}}]}"
    out = run(move, spell)
    assert out["turn"]["state"] == "showdown-closed" and "chain" in out
    assert out["turn"]["showdown"]["focus"] == "ana"  # not before the Chain is gone
    assert refused(move, spell, "standard_move: {units: [runner], to: bay}") == (
        "Riftbound 144.1.b"
    )
    out = run(move, spell, "resolve_chain: {}")
    assert out["turn"]["state"] == "showdown-open" and "chain" not in out
    assert out["turn"]["showdown"]["focus"] == "bo"
    assert "Riftbound 340.2.a" in events(out, "focus")[-1]["rules"]
    # only the player with Focus opens a Chain in a showdown
    assert refused(move, "chain_play: {card: quick, by: bo}") == "Riftbound 313.1"


@pytest.mark.rule("Riftbound 313.1", "Riftbound 316.2.b", "Riftbound 308.1.a")
def test_an_ability_is_activated_in_a_showdown_by_the_player_with_focus_only() -> None:
    head = TRACKED.replace(
        "steps:\n",
        "  totem:\n"
        "    owner: bo\n"
        "    kind: gear\n"
        "    zone: base\n"
        "    activated: [{id: drill, cost: {energy: 2}, keyword: Action}]\n"
        "steps:\n",
    )
    move = "standard_move: {units: [scout], to: ridge}"
    drill = "activate_ability: {source: totem, ability: drill}"
    assert refused(move, drill, head=head) == "Riftbound 313.1"  # ana has Focus
    out = run(move, "showdown_pass: {by: ana}", drill, head=head)
    assert "illegal" not in out and out["turn"]["state"] == "showdown-closed"
    out = run(move, "showdown_pass: {by: ana}", drill, "resolve_chain: {}", head=head)
    assert out["turn"]["showdown"]["focus"] == "ana"  # back to ana when the Chain is gone
    # in the Neutral Open State only the turn player activates it (316.2.b; the Chain's
    # activation cites 381, when an ability may be activated)
    assert refused(drill, head=head) == "Riftbound 381"
