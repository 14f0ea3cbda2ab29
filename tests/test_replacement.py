"""Replacement effects (RULES.md §9, Berserk 531): R-1..R-6, fixed choices, lineage."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from arbiter.model.choicepoints import FixedChoice
from arbiter.model.damage.action_step import GameActionStep
from arbiter.model.damage.actions import GameAction, ProposedEvent
from arbiter.model.damage.replacement import Pattern, Replacement
from arbiter.model.errors import IllegalAction, InputError
from arbiter.model.state import GameState
from arbiter.solver.choices.outcomes import exhaustive_leaves, replay
from tests.helpers import run_text, scenario, view
from tests.replacement_cases import make_state, replacement_sets

PLAYERS = """
ruleset: berserk
players: [ana, bo]
"""

DRUID = """
  druid:
    owner: ana
    kind: creature
    replacements:
      - id: druid_gift
        when: {event: gains-lives, object: {side: yours, kind: creature}}
        instead: {event: wounded, object: {side: enemy, kind: creature}}
        may: true
"""

RAZGAL = (
    PLAYERS
    + "objects:\n"
    + DRUID
    + """
  r1: {owner: ana, kind: creature, features: [Regeneration]}
  r2: {owner: ana, kind: creature, features: [Regeneration]}
  r3: {owner: ana, kind: creature, features: [Regeneration]}
  enemy: {owner: bo, kind: creature}
steps:
  - game-action:
      id: combat
      source: druid
      events: [{event: gains-lives, object: [r1, r2, r3], amount: 2}]
"""
)


def counters(out: dict[str, Any], oid: str) -> dict[str, int]:
    c: dict[str, int] = out["objects"][oid].get("counters", {})
    return c


def kinds(out: dict[str, Any]) -> list[str]:
    return [e["kind"] for e in out["events"]]


# -- R-1 --------------------------------------------------------------------------------------


WARD = (
    PLAYERS
    + """
objects:
  knight:
    owner: ana
    kind: creature
    replacements:
      - {id: ward, no_wounds_from: {kind: spell}}
  golem:
    owner: ana
    kind: creature
    replacements:
      - {id: only_fire, wounds_only_from: fire}
  fire: {owner: bo, kind: spell}
  axe: {owner: bo, kind: creature}
steps:
  - game-action:
      source: fire
      events:
        - {event: wounded, object: [knight, golem], amount: 3}
  - game-action:
      source: axe
      events:
        - {event: wounded, object: [knight, golem], amount: 2}
"""
)


@pytest.mark.rule("R-1", "Riftbound 369", "Riftbound 370.1")
def test_takes_no_wounds_from_x_replaces_those_wounds_with_nothing() -> None:
    out = view(WARD)
    assert counters(out, "knight") == {"damage": 2}  # the spell's 3 replaced, the axe's 2 not
    replaced = [e for e in out["events"] if e["kind"] == "replaced" and e["by"] == "ward"]
    assert [(e["source"], e["amount"], e["instead"]) for e in replaced] == [("fire", 3, [])]
    assert "R-1" in replaced[0]["rules"]


@pytest.mark.rule("R-1")
def test_takes_wounds_only_from_x_replaces_every_other_source() -> None:
    out = view(WARD)
    assert counters(out, "golem") == {"damage": 3}  # fire's 3 taken, the axe's 2 replaced
    replaced = [e for e in out["events"] if e["kind"] == "replaced" and e["by"] == "only_fire"]
    assert [e["source"] for e in replaced] == ["axe"]


@pytest.mark.rule("R-1")
def test_a_replacement_waits_for_its_own_kind_of_event_only() -> None:
    text = RAZGAL.replace("event: gains-lives, object: [r1", "event: wounded, object: [r1")
    out = view(text)
    assert [counters(out, r) for r in ("r1", "r2", "r3")] == [{"damage": 2}] * 3
    assert "replaced" not in kinds(out)


@pytest.mark.rule("R-1", "Riftbound 370.1.a")
def test_a_replacement_can_make_part_of_the_event_happen_with_another_amount() -> None:
    text = (
        PLAYERS
        + """
objects:
  shield:
    owner: ana
    kind: creature
    replacements:
      - when: {event: wounded, object: self, amount: {min: 3}}
        instead: {add: -2}
steps:
  - game-action: {events: [{event: wounded, object: shield, amount: 5}]}
"""
    )
    out = view(text)
    assert counters(out, "shield") == {"damage": 3}
    assert out["events"][-1]["lineage"] == ["shield_1"]


# -- R-2 --------------------------------------------------------------------------------------


STONE = (
    PLAYERS
    + """
objects:
  hero_mage: {owner: bo, kind: creature, base: {classes: [dark, hero-mage]}}
  soul_stone:
    owner: bo
    kind: artifact
    zone: hand
    replacements:
      - id: stone
        when: {event: wounded, object: {side: yours, has: [dark, hero-mage]}}
        instead: {object: self}
steps:
  - game-action: {id: before, events: [{event: wounded, object: hero_mage, amount: 2}]}
  - move: {target: soul_stone, zone: play}
  - game-action: {id: prevented, events: [{event: wounded, object: hero_mage, amount: 0}]}
  - game-action: {id: after, events: [{event: wounded, object: hero_mage, amount: 1}]}
"""
)


@pytest.mark.rule("R-2", "R-ZONE")
def test_replacement_never_changes_what_was_already_done() -> None:
    out = view(STONE)
    assert counters(out, "hero_mage") == {"damage": 2}  # wounded before the stone came
    assert counters(out, "soul_stone") == {"damage": 1}  # only the later wound moved


@pytest.mark.rule("R-2", "R-ZERO")
def test_wounds_all_prevented_are_no_event_to_replace() -> None:
    out = view(STONE)
    assert not [e for e in out["events"] if e.get("action") == "prevented"]


@pytest.mark.rule("R-2")
def test_the_pipeline_replaces_the_amount_left_after_prevention() -> None:
    # the damage area hands over already-prevented events: a 4 prevented to 1 is a 1
    r = Replacement(
        "big",
        "x",
        pattern=Pattern(frozenset({"wounded"}), amount_min=2),
        instead=(),
    )
    state = make_state({"x": "ana", "y": "bo"}, {"x": (r,)})
    step = GameActionStep(action=GameAction("a", "y", (ProposedEvent("wounded", "x", 1, "y"),)))
    assert step.resolve(state).obj("x").counters == {"damage": 1}


# -- R-3 --------------------------------------------------------------------------------------


@pytest.mark.rule("R-3")
def test_a_replaced_event_is_not_done_and_is_reported_as_replaced() -> None:
    out = view(RAZGAL)
    done = [e for e in out["events"] if e["kind"] == "gains-lives"]
    assert [e["target"] for e in done] == ["r2", "r3"]
    replaced = [e for e in out["events"] if e["kind"] == "replaced"]
    assert [(e["target"], e["replaced"]) for e in replaced] == [("r1", "gains-lives")]
    assert "R-3" in replaced[0]["rules"]
    assert counters(out, "r1") == {}  # r1 gained nothing


# -- R-4 --------------------------------------------------------------------------------------


@pytest.mark.rule("R-4")
def test_druid_replaces_only_one_of_razgals_gains() -> None:
    out = view(RAZGAL)
    lives = [counters(out, r).get("lives", 0) for r in ("r1", "r2", "r3")]
    assert sorted(lives) == [0, 2, 2]
    assert counters(out, "enemy") == {"damage": 2}
    blocked = [e for e in out["events"] if e["kind"] == "gains-lives"]
    assert all("R-4" in e["rules"] for e in blocked)  # druid_gift could not apply again


@pytest.mark.rule("R-4", "R-LINEAGE", "Riftbound 370.2")
def test_a_replacement_whose_result_matches_its_own_pattern_ends() -> None:
    text = (
        PLAYERS
        + """
objects:
  troll:
    owner: ana
    kind: creature
    replacements:
      - {id: rage, when: {event: wounded, object: self}, instead: {add: 1}}
steps:
  - game-action: {events: [{event: wounded, object: troll, amount: 1}]}
"""
    )
    out = view(text)
    assert counters(out, "troll") == {"damage": 2}
    assert kinds(out).count("replaced") == 1


@pytest.mark.rule("R-4")
def test_a_new_action_may_use_the_replacement_again() -> None:
    text = RAZGAL + "  - game-action: {events: [{event: gains-lives, object: r2, amount: 1}]}\n"
    out = view(text)
    assert counters(out, "enemy") == {"damage": 3}


# -- R-5 --------------------------------------------------------------------------------------


DUEL = (
    PLAYERS
    + """
objects:
  a_guard:
    owner: ana
    kind: creature
    replacements:
      - {id: ana_guard, when: {event: wounded, object: target}, instead: {object: a_guard}}
  b_guard:
    owner: bo
    kind: creature
    replacements:
      - {id: bo_guard, when: {event: wounded, object: target}, instead: {object: b_guard}}
  target: {owner: ana, kind: creature}
steps:
  - game-action: {id: hit, events: [{event: wounded, object: target, amount: 2}]}
"""
)


@pytest.mark.rule("R-5")
def test_when_both_players_could_replace_the_active_player_chooses() -> None:
    sc = scenario(DUEL)
    step = sc.steps[0]
    assert isinstance(step, GameActionStep)
    point = step.point(step.begin(sc.start))
    assert point is not None and point.chooser == "ana" and point.rule == "R-5"
    assert "active player" in point.because[0].note


@pytest.mark.rule("R-5", "Riftbound 374")
def test_when_only_one_player_could_replace_that_player_chooses() -> None:
    text = (
        PLAYERS
        + """
objects:
  thief:
    owner: bo
    kind: creature
    replacements:
      - id: steal
        when: {event: gains-lives, object: {side: enemy}}
        instead: {object: thief}
        may: true
  r1: {owner: ana, kind: creature}
  r2: {owner: ana, kind: creature}
steps:
  - game-action: {events: [{event: gains-lives, object: [r1, r2], amount: 1}]}
"""
    )
    sc = scenario(text)
    step = sc.steps[0]
    assert isinstance(step, GameActionStep)
    point = step.point(step.begin(sc.start))
    assert point is not None and point.chooser == "bo"  # bo is not the active player
    assert [dict(o.data) for o in point.options][-1] == {"decline": "steal"}


@pytest.mark.rule("R-5")
def test_a_fixed_choice_by_the_wrong_player_is_refused() -> None:
    text = DUEL + "choices:\n  hit: [{apply: bo_guard, event: target, by: bo}]\n"
    result = run_text(text)
    assert result.stopped_by is not None and result.stopped_by.rule == "R-5"


@pytest.mark.rule("R-5", "R-6")
def test_the_active_players_choice_decides_which_guard_takes_the_wounds() -> None:
    out = view(DUEL + "choices:\n  hit: [{apply: bo_guard, event: target}]\n")
    # bo_guard first: b_guard is wounded; ana_guard waits for wounds to 'target' only
    assert counters(out, "b_guard") == {"damage": 2}
    assert counters(out, "target") == {}


@pytest.mark.rule("R-5")
def test_the_chooser_is_decided_per_game_action_not_per_event() -> None:
    """Source 531.4.2: both players' replacements apply to the same game action (each to a
    different event): the active player chooses."""
    text = DUEL.replace(
        "object: target}, instead: {object: b_guard}", "object: other}, instead: {object: b_guard}"
    )
    text = text.replace(
        "  target: {owner: ana, kind: creature}",
        "  target: {owner: ana, kind: creature}\n  other: {owner: bo, kind: creature}",
    )
    text = text.replace(
        "events: [{event: wounded, object: target, amount: 2}]",
        "events: [{event: wounded, object: [target, other], amount: 2}]",
    )
    sc = scenario(text)
    step = sc.steps[0]
    assert isinstance(step, GameActionStep)
    point = step.point(step.begin(sc.start))
    assert point is not None and point.chooser == "ana"


@pytest.mark.rule("R-DEFAULT")
def test_by_default_an_optional_replacement_is_used_on_the_earliest_event() -> None:
    out = view(RAZGAL)
    assert [counters(out, r).get("lives", 0) for r in ("r1", "r2", "r3")] == [0, 2, 2]


@pytest.mark.rule("R-MAY", "R-6")
def test_a_declined_replacement_may_still_replace_an_event_made_later() -> None:
    text = (
        PLAYERS
        + "objects:\n"
        + DRUID
        + """
  totem:
    owner: ana
    kind: artifact
    replacements:
      - id: totem
        when: {event: wounded, object: {side: yours, kind: creature}}
        instead: {event: gains-lives}
  r1: {owner: ana, kind: creature}
  r2: {owner: ana, kind: creature}
  enemy: {owner: bo, kind: creature}
steps:
  - game-action:
      id: act
      events:
        - {event: gains-lives, object: r2, amount: 2}
        - {event: wounded, object: r1, amount: 1}
choices:
  act: [{decline: druid_gift}]
"""
    )
    out = view(text)
    assert counters(out, "r2") == {"lives": 2}  # declined on r2's gain
    assert counters(out, "r1") == {}  # the totem made r1's wound a gain, the druid took it
    assert counters(out, "enemy") == {"damage": 1}


# -- R-6 --------------------------------------------------------------------------------------


@pytest.mark.rule("R-6", "Riftbound 370")
def test_the_soul_stone_replaces_the_druids_replacement() -> None:
    out = view(open_seed("berserk_soul_stone.yaml"))
    final = [e for e in out["events"] if e["kind"] == "wounded"]
    assert [(e["target"], e["amount"], e["lineage"]) for e in final] == [
        ("soul_stone", 2, ["druid_gift", "soul_stone_shield"])
    ]
    assert "R-6" in final[0]["rules"]
    assert counters(out, "hero_mage") == {"damage": 0}


def open_seed(name: str) -> str:
    from tests.helpers import ROOT

    return (ROOT / "examples" / "seeds" / name).read_text(encoding="utf-8")


# -- fixed choices ----------------------------------------------------------------------------


@pytest.mark.rule("R-4", "R-5")
def test_a_fixed_choice_is_honoured() -> None:
    out = view(RAZGAL + "choices:\n  combat: [{apply: druid_gift, event: r2}]\n")
    assert [counters(out, r).get("lives", 0) for r in ("r1", "r2", "r3")] == [2, 0, 2]
    out = view(RAZGAL + "choices:\n  combat: [{decline: druid_gift}]\n")
    assert [counters(out, r).get("lives", 0) for r in ("r1", "r2", "r3")] == [2, 2, 2]
    assert "declined" in kinds(out)


@pytest.mark.rule("R-4")
def test_a_fixed_choice_applying_a_replacement_twice_is_refused_with_r4() -> None:
    text = RAZGAL + (
        "choices:\n  combat:\n    - {apply: druid_gift, event: r1}\n"
        "    - {apply: druid_gift, event: r2}\n"
    )
    result = run_text(text)
    assert result.stopped_by is not None and result.stopped_by.rule == "R-4"


@pytest.mark.rule("R-1")
def test_declining_a_mandatory_replacement_is_refused_with_r1() -> None:
    text = DUEL + "choices:\n  hit: [{decline: ana_guard}]\n"
    result = run_text(text)
    assert result.stopped_by is not None and result.stopped_by.rule == "R-1"


@pytest.mark.rule("R-3")
def test_a_fixed_choice_on_an_event_already_replaced_is_refused_with_r3() -> None:
    text = DUEL.replace("instead: {object: b_guard}", "instead: {object: b_guard}, may: true")
    text += "choices:\n  hit:\n    - {apply: ana_guard, event: hit.0}\n"
    text += "    - {apply: bo_guard, event: hit.0}\n"
    result = run_text(text)
    assert result.stopped_by is not None and result.stopped_by.rule == "R-3"


@pytest.mark.rule("R-4")
def test_a_step_may_expect_the_refusal_of_its_fixed_choice() -> None:
    text = RAZGAL.replace("      id: combat\n", "      id: combat\n").replace(
        "  - game-action:\n", "  - illegal: R-4\n    game-action:\n"
    ) + ("choices:\n  combat: [{apply: druid_gift, event: r1}, {apply: druid_gift, event: r3}]\n")
    result = run_text(text)
    assert result.stopped_by is None and result.ok


def test_choices_naming_an_unknown_action_or_replacement_are_input_errors() -> None:
    with pytest.raises(InputError, match=r"choices\.nowhere"):
        scenario(RAZGAL + "choices:\n  nowhere: []\n")
    with pytest.raises(InputError, match="a replacement id declared"):
        scenario(RAZGAL + "choices:\n  combat: [{apply: ghost}]\n")
    with pytest.raises(InputError, match="exactly one of"):
        scenario(RAZGAL + "choices:\n  combat: [{event: r1}]\n")


def test_a_replacement_without_when_or_instead_is_an_input_error() -> None:
    with pytest.raises(InputError, match="objects.x.replacements"):
        scenario(
            PLAYERS
            + "objects:\n  x: {owner: ana, kind: c, replacements: [{when: {event: wounded}}]}\n"
        )


# -- properties -------------------------------------------------------------------------------


def _all_runs(step: GameActionStep, run: Any) -> list[Any]:
    point = step.point(run)
    if point is None:
        return [run]
    return [end for o in point.options for end in _all_runs(step, step.take(run, o))]


@pytest.mark.rule("R-4")
@given(replacement_sets())
def test_a_replacement_never_applies_twice_within_one_action(
    case: tuple[GameState, GameActionStep],
) -> None:
    """Whatever the replacements and the choices, each applies at most once per action,
    and every sequence of choices ends."""
    state, step = case
    for end in _all_runs(step, step.begin(state))[:500]:
        used = [a.by for a in end.log if a.made is not None]
        assert len(used) == len(set(used))


@pytest.mark.rule("R-3", "R-6")
@given(replacement_sets())
def test_every_event_carried_out_comes_from_the_action_through_its_lineage(
    case: tuple[GameState, GameActionStep],
) -> None:
    """An event carried out is an event of the action or was made by the last replacement
    of its lineage from an event that was replaced (and so not done)."""
    state, step = case
    for leaf in exhaustive_leaves(step, 0, step.begin(state)).values():
        end = replay(step, step.begin(state), leaf.decisions)
        replaced = {a.event.node for a in end.log if a.event is not None}
        for e in end.pending:
            assert e.node not in replaced
            if e.chain:
                assert (e.root, e.chain[:-1]) in replaced


@pytest.mark.rule("R-5")
def test_a_fixed_choice_must_name_an_option() -> None:
    sc = scenario(RAZGAL)
    step = sc.steps[0]
    assert isinstance(step, GameActionStep)
    bad = GameActionStep(
        action=step.action, fixed=(FixedChoice({"apply": "druid_gift", "event": "r9"}),)
    )
    with pytest.raises(IllegalAction) as info:
        bad.resolve(sc.start)
    assert info.value.rule == "R-2"


@pytest.mark.rule("R-1", "Riftbound 368.1")
def test_a_card_gives_each_of_its_objects_its_own_replacement() -> None:
    text = (
        PLAYERS
        + """
cards:
  ward_card:
    kind: creature
    replacements: [{id: ward, no_wounds_from: fire}]
objects:
  k1: {owner: ana, card: ward_card}
  k2: {owner: ana, card: ward_card}
  fire: {owner: bo, kind: spell}
steps:
  - game-action: {source: fire, events: [{event: wounded, object: [k1, k2], amount: 2}]}
"""
    )
    out = view(text)
    assert counters(out, "k1") == {} and counters(out, "k2") == {}
    assert sorted(e["by"] for e in out["events"] if e["kind"] == "replaced") == [
        "k1_ward",
        "k2_ward",
    ]


@pytest.mark.rule("R-2", "R-3", "R-6")
def test_the_pipeline_returns_the_events_to_carry_out_with_their_lineage() -> None:
    """The pure function the damage area calls between prevention and carrying out: it
    carries nothing out itself."""
    from arbiter.model.damage.replacement import apply_replacements

    sc = scenario(open_seed("berserk_soul_stone.yaml"))
    step = sc.steps[0]
    assert isinstance(step, GameActionStep)
    done = apply_replacements(step.action, sc.start)
    assert [(e.kind, e.target, e.amount, [x.by for x in e.chain]) for e in done.carry] == [
        ("wounded", "soul_stone", 2, ["druid_gift", "soul_stone_shield"])
    ]
    assert [a.by for a in done.log] == ["druid_gift", "soul_stone_shield"]
    assert done.reported.objects == sc.start.objects  # nothing carried out yet
    assert [e.kind for e in done.reported.events] == ["replaced", "replaced"]


def test_a_selector_naming_an_undeclared_object_is_an_input_error() -> None:
    bad = PLAYERS + (
        "objects:\n  x: {owner: ana, kind: c, replacements: "
        "[{when: {event: wounded, object: [x, y]}, instead: nothing}]}\n"
    )
    with pytest.raises(InputError, match=r"objects\.x\.replacements\[0\]\.when\.object\[1\]"):
        scenario(bad)
    # a source may be a name that is no object
    ok = (
        PLAYERS + "objects:\n  x: {owner: ana, kind: c, replacements: [{no_wounds_from: poison}]}\n"
    )
    assert scenario(ok).start.obj("x").abilities
