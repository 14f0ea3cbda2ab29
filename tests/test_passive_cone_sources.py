"""Ordering the cone again after events on sources and on characters' zone and controller
(``passive_cone.cone_update``) equals recomputing everything (A-PASS-1, A-DEP-1, A-ORDER-1).

The events a game makes one after another, each re-evaluated from the previous answer
(the trial log stays the last full ordering's: the changes since it add up): a region's
terrain; a character's creature types, keywords, zone, controller or region; a source
leaving play (its passives stop) or coming back, a source changing controller (its
passives that select by side select other objects, and its place in timestamp order may
move), a source losing its abilities or taking a new timestamp. Random boards of the
other test modules; after each event the cone's answer (where it gives one) and the
game's re-evaluation (``passive_order.reorder``) must equal a fresh ordering: the order,
the objects as the view shows them, the objects each passive applied to, the passives
that held, the passives that exist and their stamps. Then cases built by hand where each
member of the cone's ``D`` and each check of the merge decides the answer.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone import cone_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import PLAYERS, same_ordering, states
from tests.test_passive_cone import region_boards
from tests.test_passive_replay import _event, boards, chains
from tests.test_passive_replay_sources import _on, _spirits_board, conditions_and_sides

EVENTS = (
    "terrain",
    "terrain",
    "leave",
    "controller",
    "subtypes",
    "keyword",
    "zone",
    "char-controller",
    "region",
    "silence",
    "restamp",
)


def _step(state: GameState, what: str, pick: int) -> GameState:
    """One event: those of ``test_passive_replay_sources._on`` (a region's terrain, a
    source leaving play or coming back or changing controller, any object's creature
    types or keywords), a character's zone, controller or region, or a source losing its
    abilities or taking a new timestamp."""
    if what == "silence":  # a source loses its abilities (its passives are gone)
        sources = sorted(o for o, obj in state.objects.items() if pv.passives_of(obj))
        if sources:
            target = sources[pick % len(sources)]
            obj = replace(state.objects[target], abilities=())
            return replace(state, objects={**state.objects, target: obj})
    if what == "restamp":  # a source takes a new timestamp (as a card entering again)
        sources = sorted(o for o, obj in state.objects.items() if pv.passives_of(obj))
        if sources:
            target = sources[pick % len(sources)]
            obj = replace(state.objects[target], timestamp=pick % 7)
            return replace(state, objects={**state.objects, target: obj})
    if what in ("zone", "char-controller", "region", "silence", "restamp"):
        chars = sorted(o for o, obj in state.objects.items() if obj.kind == "character")
        target = chars[pick % len(chars)]
        if what != "region":
            return _event(state, target, "zone" if what == "zone" else "controller", pick)
        regions = sorted(o for o, obj in state.objects.items() if obj.kind == "region")
        obj = replace(state.objects[target], region=regions[pick % len(regions)])
        return replace(state, objects={**state.objects, target: obj})
    return _on(state, what, pick)[0]


def _kinds(log_state: GameState, new: GameState) -> str:
    """What changed since the log's state: R regions, S sources, C other characters."""
    out = set()
    for oid, obj in new.objects.items():
        was = log_state.objects[oid]
        if obj != was:
            out.add("R" if obj.kind == "region" else "S" if pv.passives_of(obj) else "C")
    return "".join(sorted(out))


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-TIME-1", "A-GOLD-6")
@settings(max_examples=600, deadline=None)
@given(
    region_boards() | conditions_and_sides() | boards() | chains() | states(max_passives=6),
    st.lists(st.tuples(st.sampled_from(EVENTS), st.integers(0, 50)), min_size=1, max_size=8),
)
def test_the_cone_after_a_sequence_of_events_on_sources_characters_and_regions_equals_recomputing(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    """Two chains from the same full ordering: the cone's answers (where it refuses, the
    game's), and the game's re-evaluation; each against a fresh ordering."""
    by_cone = by_game = dep.order_passives(state)
    for what, pick in events:
        new = _step(state, what, pick)
        fresh = dep.order_passives(new)
        got = cone_update(by_cone, state, new, [])
        assert by_cone.log is not None and by_cone.log.stored is not None
        since = _kinds(by_cone.log.stored, new)
        event(f"{what}: {'answered' if got is not None else 'refused'}")
        if got is not None:
            event(f"answered with {since or 'nothing'} changed since the log")
            same_ordering(got, fresh)
            assert got.reused
        by_cone = got or dep.reorder(by_cone, state, new)
        same_ordering(by_cone, fresh)
        by_game = dep.reorder(by_game, state, new)
        same_ordering(by_game, fresh)
        state = new


def _leaves(state: GameState, oid: str) -> GameState:
    return replace(
        state, objects={**state.objects, oid: replace(state.objects[oid], zone="reserve")}
    )


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1")
def test_a_source_leaving_play_frees_the_passive_that_waited_for_it_in_the_cone() -> None:
    """t waited for s (s makes e a Spirit, t gives the Spirits +1 power); with s gone, t
    is free from the start and its timestamp puts it before u: the order changes (the
    replay gives up here), and the cone orders t again without s, which vanishes from the
    order, the passives, the targets and the explanation."""
    state = _spirits_board()
    first = dep.order_passives(state)
    new = _leaves(state, "s")
    fresh = dep.order_passives(new)
    assert fresh.order == ("t.p", "u.p")
    got = cone_update(first, state, new, ["s"])
    assert got is not None
    same_ordering(got, fresh)
    assert "s.p" not in got.applied_to and "s.p" not in got.stamps
    assert all(c.passive != "s.p" for c in got.choices)
    assert all("s.p" not in (e.dependent, e.on) for e in got.edges)
    assert "Spirit" not in pv.subtypes(got.state.objects["e"])


def _sided_board() -> GameState:
    """a (ana, timestamp 2) gives your Elementals Gigantic; b (bo, timestamp 2) gives the
    Gigantic +1 power; c (ana, timestamp 3) makes the Animals Elementals. Equal stamps:
    ana's initiative puts a before b (A-TIME-1)."""
    elementals = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"}), side=fx.Side.YOURS)
    gigantic = fx.Selector(fx.Pick.ALL, has=frozenset({"Gigantic"}))
    animals = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Animal"}))
    a = pv.passive("a.p", "a", fx.Give(fx.Grant.KEYWORD, "Gigantic"), elementals)
    b = pv.passive("b.p", "b", fx.ModifyStat("power"), gigantic, fx.Const(1))
    make = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Elemental"}))
    c = pv.passive("c.p", "c", make, animals)
    objects = {
        "a": GameObject("a", "ana", "character", base={"power": 0}, timestamp=2, abilities=(a,)),
        "b": GameObject("b", "bo", "character", base={"power": 0}, timestamp=2, abilities=(b,)),
        "c": GameObject("c", "ana", "character", base={"power": 0}, timestamp=3, abilities=(c,)),
        "x": GameObject(
            "x", "ana", "character", base={"power": 1, "subtypes": frozenset({"Elemental"})}
        ),
        "y": GameObject(
            "y", "bo", "character", base={"power": 1, "subtypes": frozenset({"Animal"})}
        ),
    }
    return GameState(RULESETS["altered"], PLAYERS, objects)


@pytest.mark.rule("A-TIME-1", "A-GOLD-6", "A-DEP-1", "A-ORDER-1")
def test_a_source_changing_controller_selects_other_objects_and_takes_another_place() -> None:
    """a passes to bo: "your Elementals" are now bo's, and its order key moves behind
    ana's passives. In the old order a came first (x, ana's Elemental) and b gave x +1.
    Now a selects y, which c makes an Elemental: a waits for c (A-DEP-1b), and b, which
    nothing Gigantic waits for yet, is free first: the order is b, c, a, and y gains
    Gigantic too late for b's +1. The cone orders a with its new key and targets."""
    state = _sided_board()
    first = dep.order_passives(state)
    assert first.order == ("a.p", "b.p", "c.p")
    a = state.objects["a"]
    new = replace(state, objects={**state.objects, "a": replace(a, controller="bo")})
    fresh = dep.order_passives(new)
    assert fresh.order == ("b.p", "c.p", "a.p")
    p = state.objects["a"].abilities[0]
    assert isinstance(p, pv.Passive)
    assert pv.order_key(p, new.objects, PLAYERS) != pv.order_key(p, state.objects, PLAYERS)
    got = cone_update(first, state, new, ["a"])
    assert got is not None
    same_ordering(got, fresh)
    assert got.applied_to["a.p"] == frozenset({"y"})
    assert got.applied_to["b.p"] == frozenset()


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1")
def test_a_character_leaving_play_and_changing_controller_is_ordered_in_the_cone() -> None:
    """x (an Elemental of ana, Gigantic from a) leaves play: b no longer gives it +1; then
    y changes controller and a now gives it Gigantic (y is ana's Elemental): both events
    since the full ordering add up, and the cone answers each."""
    state = _sided_board()
    first = dep.order_passives(state)
    gone = _leaves(state, "x")
    got = cone_update(first, state, gone, ["x"])
    assert got is not None
    same_ordering(got, dep.order_passives(gone))
    y = gone.objects["y"]
    moved = replace(gone, objects={**gone.objects, "y": replace(y, controller="ana")})
    again = cone_update(got, gone, moved, ["y"])
    fresh = dep.order_passives(moved)
    assert again is not None
    same_ordering(again, fresh)
    assert "Gigantic" in again.state.objects["y"].features


def _character(oid: str, who: str, stamp: int, *ps: pv.Passive, **kw: object) -> GameObject:
    return GameObject(
        oid,
        who,
        "character",
        base={"power": 0},
        timestamp=stamp,
        abilities=ps,
        **kw,  # type: ignore[arg-type]
    )


def _check(state: GameState, new: GameState, changed: str) -> dep.Ordering:
    """The cone answers from the full ordering of ``state``, as a fresh ordering of
    ``new`` does, where the order differs from the previous one."""
    first = dep.order_passives(state)
    fresh = dep.order_passives(new)
    assert fresh.order != first.order  # the case really reorders
    got = cone_update(first, state, new, [changed])
    assert got is not None
    same_ordering(got, fresh)
    return got


_REGIONS = fx.Selector(fx.Pick.ALL, kinds=frozenset({"region"}))
_FORESTS = fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"}))
_IN_A_FOREST = fx.Condition(fx.Test.REGION, name="Forest")


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "Altered 2.3.2.f")
def test_a_forest_that_becomes_a_water_makes_its_reader_wait_for_all_regions_are_forests() -> None:
    """r, the only region, a Forest, becomes a Water: "all regions are Forests" (b, stamp 2,
    naming nothing) now makes it a Forest, which "all Forests gain Defender" (a, stamp 1)
    reads: a waits for b (A-DEP-1b). Its writers (b) and its readers (a) both count."""
    defend = fx.Give(fx.Grant.KEYWORD, "Defender")
    forests = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Forest"}))
    objects = {
        "r": GameObject("r", "ana", "region", base={"subtypes": frozenset({"Forest"})}),
        "a": _character("a", "ana", 1, pv.passive("a.p", "a", defend, forests)),
        "b": _character("b", "ana", 2, pv.passive("b.p", "b", _FORESTS, _REGIONS)),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    water = replace(objects["r"], base={"subtypes": frozenset({"Water"})})
    got = _check(state, replace(state, objects={**objects, "r": water}), "r")
    assert got.order == ("b.p", "a.p")


@pytest.mark.rule("A-DEP-1", "A-ORDER-1")
def test_a_character_that_stops_being_the_one_target_in_common_frees_a_conditional() -> None:
    """a (stamp 1) gives the Spirits Gigantic if a is in a Forest; b (stamp 2) makes every
    region a Forest, which flips a's condition: a waits for b (A-DEP-1c) while x, the only
    Spirit, is a target in common. x becomes an Animal: a no longer waits."""
    gigantic = fx.Give(fx.Grant.KEYWORD, "Gigantic")
    spirits = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Spirit"}))
    a = pv.passive("a.p", "a", gigantic, spirits, condition=_IN_A_FOREST)
    objects = {
        "r": GameObject("r", "ana", "region", base={"subtypes": frozenset({"Water"})}),
        "a": _character("a", "ana", 1, a, region="r"),
        "b": _character("b", "ana", 2, pv.passive("b.p", "b", _FORESTS, _REGIONS), region="r"),
        "x": GameObject("x", "bo", "character", base={"subtypes": frozenset({"Spirit"})}),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    animal = replace(objects["x"], base={"subtypes": frozenset({"Animal"})})
    got = _check(state, replace(state, objects={**objects, "x": animal}), "x")
    assert got.order == ("a.p", "b.p")


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "A-GOLD-6")
def test_a_character_leaving_play_ends_a_target_in_common_of_a_selector_naming_nothing() -> None:
    """As above, but a gives +1 power to the opponent's characters (naming no subtype):
    x, bo's only character, leaves play and takes the target in common with it."""
    enemies = fx.Selector(fx.Pick.ALL, kinds=frozenset({"character"}), side=fx.Side.ENEMY)
    a = pv.passive("a.p", "a", fx.ModifyStat("power"), enemies, fx.Const(1), _IN_A_FOREST)
    objects = {
        "r": GameObject("r", "ana", "region", base={"subtypes": frozenset({"Water"})}),
        "a": _character("a", "ana", 1, a, region="r"),
        "b": _character("b", "ana", 2, pv.passive("b.p", "b", _FORESTS, _REGIONS), region="r"),
        "x": GameObject("x", "bo", "character", base={"power": 1}),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    got = _check(state, _leaves(state, "x"), "x")
    assert got.order == ("a.p", "b.p")


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "A-PASS-1")
def test_a_type_a_character_had_only_midway_counts_when_it_leaves_play() -> None:
    """u (stamp 2) makes the opponent's characters Elementals; a (stamp 1) gives the
    Elementals Defender and waits for u (x, bo's only character, is its only witness);
    d (stamp 3) makes the Defenders no longer Elementals, so x ends without the type. x
    leaves play: a no longer waits. The readers of x count what it had midway."""
    enemies = fx.Selector(fx.Pick.ALL, kinds=frozenset({"character"}), side=fx.Side.ENEMY)
    elemental = frozenset({"Elemental"})
    make = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=elemental)
    unmake = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.REMOVE, members=elemental)
    defend = fx.Give(fx.Grant.KEYWORD, "Defender")
    elementals = fx.Selector(fx.Pick.ALL, subtypes=elemental)
    defenders = fx.Selector(fx.Pick.ALL, has=frozenset({"Defender"}))
    objects = {
        "u": _character("u", "ana", 2, pv.passive("u.p", "u", make, enemies)),
        "a": _character("a", "ana", 1, pv.passive("a.p", "a", defend, elementals)),
        "d": _character("d", "ana", 3, pv.passive("d.p", "d", unmake, defenders)),
        "x": GameObject("x", "bo", "character", base={"power": 1, "subtypes": frozenset()}),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    assert "Elemental" not in pv.subtypes(first.state.objects["x"])
    got = _check(state, _leaves(state, "x"), "x")
    assert got.order[0] == "a.p"


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1")
def test_a_conditional_passive_with_no_target_holds_again_when_a_source_leaves() -> None:
    """b (stamp 1) makes every region a Mountain; a (stamp 2) gives the Spirits Gigantic if
    a is in a Forest, and there is no Spirit: b flips a's condition with no target in
    common (no A-DEP-1c), so a stays out of the cone. b leaves play: r stays a Forest and
    a holds at its turn now, as a fresh ordering says."""
    gigantic = fx.Give(fx.Grant.KEYWORD, "Gigantic")
    spirits = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Spirit"}))
    mountains = fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Mountain"}))
    a = pv.passive("a.p", "a", gigantic, spirits, condition=_IN_A_FOREST)
    objects = {
        "r": GameObject("r", "ana", "region", base={"subtypes": frozenset({"Forest"})}),
        "a": _character("a", "ana", 2, a, region="r"),
        "b": _character("b", "ana", 1, pv.passive("b.p", "b", mountains, _REGIONS)),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    assert "a.p" not in first.held
    new = _leaves(state, "b")
    got = cone_update(first, state, new, ["b"])
    assert got is not None
    same_ordering(got, dep.order_passives(new))
    assert got.held == frozenset({"a.p"})


@pytest.mark.rule("A-TIME-1", "A-ORDER-1")
def test_a_source_taking_a_new_timestamp_takes_its_place_and_stamp() -> None:
    """u (stamp 2) gives the Animals +1 power; a copy of it as it enters play again takes
    stamp 5: after s (stamp 3) and t (stamp 1, waiting for s), with its new stamp on the
    modifications it makes."""
    state = _spirits_board()
    first = dep.order_passives(state)
    assert first.order == ("u.p", "s.p", "t.p")
    u = replace(state.objects["u"], timestamp=5)
    new = replace(state, objects={**state.objects, "u": u})
    got = _check(state, new, "u")
    assert got.order == ("s.p", "t.p", "u.p")
    assert got.stamps["u.p"] == 5
