"""Re-evaluating passives from the trial log after events on sources and regions equals
recomputing everything (A-PASS-1, A-DEP-1, A-ORDER-1).

The events the trial log follows besides those of ``test_passive_replay``: a source
leaving play (its passives stop: their applications are taken back and the order is
checked without them), a source changing controller when its passives select by side
(their targets are selected again), and a region's terrain changing a condition (the
rounds where it holds are followed). Random boards and event sequences; after each
event the trial log's answer (``passive_replay.replay_update``, where it answers) and the
game's re-evaluation (``passive_order.reorder``) must equal a fresh ordering.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_replay import replay_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import (
    CREATURE_TYPES,
    PLAYERS,
    TERRAINS,
    drawn_characters,
    drawn_source,
    same_ordering,
    states,
)
from tests.test_passive_replay import _event, boards, chains

SOURCE_EVENTS = ("leave", "controller", "terrain", "subtypes", "keyword")


def _on(state: GameState, what: str, pick: int) -> tuple[GameState, str]:
    """One event: a source leaves play (or comes back), a source's controller changes, a
    region's terrain changes, or an event of ``test_passive_replay`` on any object."""
    sources = sorted({p.source for o in state.objects.values() for p in pv.passives_of(o)})
    regions = sorted(o for o, obj in state.objects.items() if obj.kind == "region")
    if what == "terrain" and regions:
        target = regions[pick % len(regions)]
        obj = state.objects[target]
        terrain = frozenset() if pick % 4 == 0 else frozenset({sorted(TERRAINS)[pick % 3]})
        obj = replace(obj, base={**obj.base, "subtypes": terrain})
        return replace(state, objects={**state.objects, target: obj}), target
    if what in ("leave", "controller") and sources:
        target = sources[pick % len(sources)]
        return _event(state, target, "zone" if what == "leave" else "controller", pick), target
    ids = sorted(state.objects)
    target = ids[pick % len(ids)]
    return _event(state, target, what if what != "terrain" else "subtypes", pick), target


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-3")
@settings(max_examples=400, deadline=None)
@given(
    boards() | chains() | states(max_passives=6),
    st.lists(st.tuples(st.sampled_from(SOURCE_EVENTS), st.integers(0, 50)), min_size=1, max_size=6),
)
def test_events_on_sources_and_regions_replayed_from_the_log_equal_recomputing(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    ordering = dep.order_passives(state)
    for what, pick in events:
        new, target = _on(state, what, pick)
        fresh = dep.order_passives(new)
        replayed = replay_update(ordering, state, new, [target])
        event(f"{what}: {'replayed' if replayed is not None else 'not replayed'}")
        if replayed is not None:
            same_ordering(replayed, fresh)
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new


def _spirits_board() -> GameState:
    """s (timestamp 3) makes the Elementals Spirits; t (timestamp 1) gives the Spirits +1
    power and waits for s (A-DEP-1b); u (timestamp 2) gives the Animals +1 power."""
    elementals = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"}))
    spirits = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Spirit"}))
    animals = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Animal"}))
    make = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Spirit"}))
    plus = fx.ModifyStat("power")
    s = pv.passive("s.p", "s", make, elementals)
    t = pv.passive("t.p", "t", plus, spirits, fx.Const(1))
    u = pv.passive("u.p", "u", plus, animals, fx.Const(1))
    objects = {
        "s": GameObject("s", "ana", "character", base={"power": 0}, timestamp=3, abilities=(s,)),
        "t": GameObject("t", "ana", "character", base={"power": 0}, timestamp=1, abilities=(t,)),
        "u": GameObject("u", "bo", "character", base={"power": 0}, timestamp=2, abilities=(u,)),
        "e": GameObject(
            "e", "bo", "character", base={"power": 1, "subtypes": frozenset({"Elemental"})}
        ),
        "a": GameObject(
            "a", "bo", "character", base={"power": 1, "subtypes": frozenset({"Animal"})}
        ),
    }
    return GameState(RULESETS["altered"], PLAYERS, objects)


def _leaves(state: GameState, oid: str) -> GameState:
    return replace(
        state, objects={**state.objects, oid: replace(state.objects[oid], zone="reserve")}
    )


@pytest.mark.rule("A-PASS-1", "A-ORDER-1")
def test_a_source_whose_passive_nothing_waits_for_leaves_play_without_a_new_ordering() -> None:
    """u's passive changes power, which no passive reads: when u leaves play, the order is
    the previous one without it, and only the Animals it gave +1 are derived again."""
    state = _spirits_board()
    first = dep.order_passives(state)
    assert first.order == ("u.p", "s.p", "t.p")
    new = _leaves(state, "u")
    replayed = replay_update(first, state, new, ["u"])
    assert replayed is not None
    assert replayed.order == ("s.p", "t.p")
    same_ordering(replayed, dep.order_passives(new))
    assert replayed.state.objects["a"].mods == {}


@pytest.mark.rule("A-DEP-1", "A-ORDER-1")
def test_a_source_leaving_play_frees_the_passive_that_waited_for_it() -> None:
    """t waited for s (s makes e a Spirit); with s gone, t is free from the start and its
    timestamp puts it before u: the order changes, and the trial log sees it (checking
    every round in which a passive depended on s) and leaves it to a full ordering."""
    state = _spirits_board()
    first = dep.order_passives(state)
    new = _leaves(state, "s")
    fresh = dep.order_passives(new)
    assert fresh.order == ("t.p", "u.p")
    assert replay_update(first, state, new, ["s"]) is None
    same_ordering(dep.reorder(first, state, new), fresh)


@pytest.mark.rule("A-DEP-1", "A-ORDER-1")
def test_a_source_leaving_play_takes_back_what_its_passive_made() -> None:
    """t waits for s and for w (both make Spirits, w later than u): s leaving does not free
    t (it still waits for w), the order stands without s, and e, no longer a Spirit, loses
    t's +1."""
    state = _spirits_board()
    make = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Spirit"}))
    animals = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Animal"}))
    w = pv.passive("w.p", "w", make, animals)
    objects = {
        **state.objects,
        "w": GameObject("w", "ana", "character", base={"power": 0}, timestamp=4, abilities=(w,)),
    }
    state = replace(state, objects=objects)
    first = dep.order_passives(state)
    assert first.order.index("t.p") > first.order.index("w.p")
    new = _leaves(state, "s")
    replayed = replay_update(first, state, new, ["s"])
    fresh = dep.order_passives(new)
    assert replayed is not None
    same_ordering(replayed, fresh)
    assert "Spirit" not in pv.subtypes(replayed.state.objects["e"])
    assert replayed.applied_to["t.p"] == frozenset({"a"})


@st.composite
def conditions_and_sides(draw: st.DrawFn) -> GameState:
    """Regions, passives "I am Gigantic if I am in a Forest", "all regions are Forests"
    (or Mountains), "all your (or the opponent's) T get +N power", "all Gigantic get +1
    power" and "all T are U", each on its own source, over characters that are sources of
    nothing: the shapes where a region's terrain flips a condition in some rounds and a
    source's controller changes what its passive selects."""
    objects: dict[str, GameObject] = {}
    regions = [f"r{i}" for i in range(draw(st.integers(1, 2)))]
    for rid in regions:
        terrain = draw(st.frozensets(st.sampled_from(TERRAINS), max_size=1))
        objects[rid] = GameObject(rid, "ana", "region", base={"subtypes": terrain})
    types = sorted(CREATURE_TYPES)
    shapes = draw(
        st.lists(
            st.sampled_from(["forest", "forest", "regions", "sided", "sided", "gigantic", "add"]),
            min_size=2,
            max_size=6,
        )
    )
    for j, shape in enumerate(shapes):
        t = frozenset({draw(st.sampled_from(types))})
        cond = None
        amount: fx.Amount | None = None
        action: fx.Action
        selector = fx.Selector(fx.Pick.ALL, subtypes=t)
        if shape == "forest":
            selector, cond = fx.SELF, fx.Condition(fx.Test.REGION, name="Forest")
            action = fx.Give(fx.Grant.KEYWORD, "Gigantic")
        elif shape == "regions":
            terrain = frozenset({draw(st.sampled_from(["Forest", "Mountain"]))})
            action = fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=terrain)
            selector = fx.Selector(fx.Pick.ALL, kinds=frozenset({"region"}))
            if draw(st.booleans()):
                cond = fx.Condition(fx.Test.REGION, name="Water")
        elif shape == "sided":
            side = draw(st.sampled_from([fx.Side.YOURS, fx.Side.ENEMY]))
            selector = fx.Selector(fx.Pick.ALL, subtypes=t, side=side)
            op = draw(st.sampled_from([fx.StatOp.ADD, fx.StatOp.SET]))
            action, amount = fx.ModifyStat("power", op), fx.Const(draw(st.integers(0, 3)))
        elif shape == "gigantic":
            selector = fx.Selector(fx.Pick.ALL, has=frozenset({"Gigantic"}))
            action, amount = fx.ModifyStat("power"), fx.Const(1)
        else:
            u = frozenset({draw(st.sampled_from(types))})
            action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=u)
        p = pv.passive(f"s{j}.p", f"s{j}", action, selector, amount, cond)
        objects[f"s{j}"] = drawn_source(draw, f"s{j}", p, types, regions, latest=5)
    objects.update(drawn_characters(draw, types, regions, 4))
    return GameState(RULESETS["altered"], PLAYERS, objects)


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-GOLD-6")
@settings(max_examples=400, deadline=None)
@given(
    conditions_and_sides(),
    st.lists(
        st.tuples(
            st.sampled_from(("terrain", "terrain", "controller", "leave")), st.integers(0, 50)
        ),
        min_size=1,
        max_size=5,
    ),
)
def test_conditions_flipped_by_regions_and_sources_changing_hands_equal_recomputing(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    ordering = dep.order_passives(state)
    for what, pick in events:
        new, target = _on(state, what, pick)
        fresh = dep.order_passives(new)
        replayed = replay_update(ordering, state, new, [target])
        event(f"{what}: {'replayed' if replayed is not None else 'not replayed'}")
        if replayed is not None:
            same_ordering(replayed, fresh)
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new
