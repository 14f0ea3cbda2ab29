"""Re-evaluating passives from the trial log equals recomputing everything (A-ORDER-1).

Random boards with characters that are sources of no passive, and random sequences of
events on any object (creature types, keywords, zone, power, controller); after each
event the re-evaluation from the trial log (``passive_replay.replay_update``, where it
answers) and the re-evaluation the game uses (``passive_order.reorder``: the previous
derivation, the local update, the trial log, or everything again) must equal a fresh
ordering of the new state: the same order, the same objects as the view shows them,
the same objects each passive applied to.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_events import local_update
from arbiter.model.passive_replay import replay_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import (
    CREATURE_TYPES,
    KEYWORDS,
    PLAYERS,
    TERRAINS,
    _flag,
    same_ordering,
    states,
)

EVENTS = ("subtypes", "keyword", "zone", "power", "controller")


@st.composite
def boards(draw: st.DrawFn) -> GameState:
    """A random board of passives (``passive_strategies.states``) with 1–4 more characters
    that are sources of nothing."""
    state = draw(states(max_passives=6))
    objects = dict(state.objects)
    for i in range(draw(st.integers(1, 4))):
        oid = f"x{i}"
        objects[oid] = GameObject(
            oid,
            draw(st.sampled_from(PLAYERS)),
            "character",
            base={
                "power": draw(st.integers(0, 3)),
                "subtypes": draw(st.frozensets(st.sampled_from(CREATURE_TYPES), max_size=2)),
            },
            features={k: _flag(k) for k in draw(st.frozensets(st.sampled_from(KEYWORDS)))},
            region="r0",
        )
    return replace(state, objects=objects)


@st.composite
def chains(draw: st.DrawFn) -> GameState:
    """Passives that make creature types and read them ("all Elementals are Spirits",
    "all Spirits have 2 power"), each on its own source, over 1–4 characters that are
    sources of nothing: a character's types decide which dependencies exist."""
    types = sorted(CREATURE_TYPES)
    objects: dict[str, GameObject] = {
        "r0": GameObject("r0", "ana", "region", base={"subtypes": frozenset()})
    }
    for j in range(draw(st.integers(2, 5))):
        t = frozenset({draw(st.sampled_from(types))})
        u = frozenset({draw(st.sampled_from(types))})
        if draw(st.booleans()):
            action: fx.Action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=u)
            amount = None
        else:
            op = draw(st.sampled_from([fx.StatOp.SET, fx.StatOp.ADD]))
            action, amount = fx.ModifyStat("power", op), fx.Const(draw(st.integers(-1, 3)))
        p = pv.passive(f"s{j}.p", f"s{j}", action, fx.Selector(fx.Pick.ALL, subtypes=t), amount)
        objects[f"s{j}"] = GameObject(
            f"s{j}",
            "ana",
            "character",
            base={"power": 0},
            timestamp=draw(st.integers(1, 6)),
            abilities=(p,),
        )
    for i in range(draw(st.integers(1, 4))):
        objects[f"x{i}"] = GameObject(
            f"x{i}",
            "bo",
            "character",
            base={
                "power": draw(st.integers(0, 3)),
                "subtypes": draw(st.frozensets(st.sampled_from(types), max_size=2)),
            },
        )
    return GameState(RULESETS["altered"], PLAYERS, objects)


def _event(state: GameState, target: str, what: str, pick: int) -> GameState:
    obj = state.objects[target]
    if what == "subtypes":  # a region's terrain, or a character's creature type
        types = sorted(TERRAINS if obj.kind == "region" else CREATURE_TYPES)
        kept = frozenset() if pick % 4 == 0 else frozenset({types[pick % len(types)]})
        obj = replace(obj, base={**obj.base, "subtypes": kept})
    elif what == "keyword":
        name = sorted(KEYWORDS)[pick % len(KEYWORDS)]
        feats = dict(obj.features)
        if name in feats:
            del feats[name]
        else:
            feats[name] = _flag(name)
        obj = replace(obj, features=feats)
    elif what == "zone":
        obj = replace(obj, zone="reserve" if obj.zone == "play" else "play")
    elif what == "controller":
        obj = replace(obj, controller=PLAYERS[pick % 2])
    elif "power" in obj.base:
        obj = replace(obj, base={**obj.base, "power": pick % 7})
    return replace(state, objects={**state.objects, target: obj})


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "A-DEP-1", "A-DEP-3")
@settings(max_examples=300, deadline=None)
@given(
    boards() | chains(),
    st.lists(
        st.tuples(st.integers(0, 50), st.sampled_from(EVENTS), st.integers(0, 50), st.booleans()),
        min_size=1,
        max_size=6,
    ),
)
def test_reevaluating_from_the_trial_log_equals_recomputing(
    state: GameState, events: list[tuple[int, str, int, bool]]
) -> None:
    ordering = dep.order_passives(state)
    plain = sorted(o for o in state.objects if o.startswith("x"))
    for which, what, pick, on_plain in events:
        ids = plain if on_plain else sorted(state.objects)
        target = ids[which % len(ids)]
        new = _event(state, target, what, pick)
        fresh = dep.order_passives(new)
        replayed = replay_update(ordering, state, new, [target])
        if replayed is not None:
            same_ordering(replayed, fresh)
        ordering = dep.reorder(ordering, state, new)
        same_ordering(ordering, fresh)
        state = new


@pytest.mark.rule("A-ORDER-1", "A-DEP-1")
def test_an_event_that_adds_a_witness_to_an_existing_dependency_keeps_the_order() -> None:
    """x becomes an Elemental: "all Elementals are Spirits" now makes x a Spirit, which
    "all Spirits get +1 power" reads (local_update cannot tell), but e already made the
    Spirits' passive depend on the Elementals' one: the order stands, x alone changes."""
    elementals = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"}))
    spirits = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Spirit"}))
    make = pv.passive(
        "s.p",
        "s",
        fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Spirit"})),
        elementals,
    )
    plus = pv.passive("t.p", "t", fx.ModifyStat("power"), spirits, fx.Const(1))
    objects = {
        "s": GameObject("s", "ana", "character", base={"power": 0}, timestamp=2, abilities=(make,)),
        "t": GameObject("t", "ana", "character", base={"power": 0}, timestamp=1, abilities=(plus,)),
        "e": GameObject(
            "e", "bo", "character", base={"power": 1, "subtypes": frozenset({"Elemental"})}
        ),
        "x": GameObject("x", "bo", "character", base={"power": 2, "subtypes": frozenset()}),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    assert first.order == ("s.p", "t.p")  # dependency beats the timestamps
    x = objects["x"]
    new = replace(
        state,
        objects={**objects, "x": replace(x, base={**x.base, "subtypes": frozenset({"Elemental"})})},
    )
    assert local_update(first, new, ["x"]) is None
    replayed = replay_update(first, state, new, ["x"])
    assert replayed is not None and replayed.reused
    same_ordering(replayed, dep.order_passives(new))
    assert replayed.applied_to["t.p"] == frozenset({"e", "x"})
    # without e, x is the only witness: the dependency appears, the order is recomputed
    alone = {k: v for k, v in new.objects.items() if k != "e"}
    before = replace(state, objects={k: v for k, v in objects.items() if k != "e"})
    assert (
        replay_update(dep.order_passives(before), before, replace(new, objects=alone), ["x"])
        is None
    )


@pytest.mark.rule("A-DEP-1", "A-ORDER-1")
def test_a_character_that_becomes_the_one_target_in_common_makes_a_dependency() -> None:
    """c1's passive gives the Animals Gigantic if c1 is in a Forest; c0's makes every
    region a Forest. With no Animal, A-DEP-1c finds no target in common and timestamps
    decide; once x is an Animal, c1's passive depends on c0's (found by the property test
    above: the local update had missed it)."""
    forests = pv.passive(
        "c0.p",
        "c0",
        fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"})),
        fx.Selector(fx.Pick.ALL, kinds=frozenset({"region"})),
    )
    gigantic = pv.passive(
        "c1.p",
        "c1",
        fx.Give(fx.Grant.KEYWORD, "Gigantic"),
        fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Animal"})),
        condition=fx.Condition(fx.Test.REGION, name="Forest"),
    )
    objects = {
        "r0": GameObject("r0", "ana", "region", base={"subtypes": frozenset()}),
        "c0": GameObject("c0", "ana", "character", timestamp=2, abilities=(forests,), region="r0"),
        "c1": GameObject("c1", "ana", "character", timestamp=1, abilities=(gigantic,), region="r0"),
        "x": GameObject("x", "bo", "character", base={"subtypes": frozenset()}, region="r0"),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    assert first.order == ("c1.p", "c0.p")
    x = objects["x"]
    new = replace(
        state, objects={**objects, "x": replace(x, base={"subtypes": frozenset({"Animal"})})}
    )
    fresh = dep.order_passives(new)
    assert fresh.order == ("c0.p", "c1.p")
    assert local_update(first, new, ["x"]) is None
    same_ordering(dep.reorder(first, state, new), fresh)


@pytest.mark.rule("A-PASS-1", "A-DEP-1")
def test_a_region_that_stops_being_a_forest_is_followed_round_by_round() -> None:
    """c is Gigantic while its region is a Forest. The region becoming a Mountain changes
    whether the condition holds: the trial log follows c's passive (it applies to c
    alone) and c no longer gains Gigantic; a change between two terrains that are not
    Forests is followed from the log too (the condition holds in the same rounds)."""
    gigantic = pv.passive(
        "c.p",
        "c",
        fx.Give(fx.Grant.KEYWORD, "Gigantic"),
        fx.SELF,
        condition=fx.Condition(fx.Test.REGION, name="Forest"),
    )
    region = GameObject("r", "ana", "region", base={"subtypes": frozenset({"Forest"})})
    objects = {
        "r": region,
        "c": GameObject("c", "ana", "character", abilities=(gigantic,), region="r"),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    assert "Gigantic" in first.state.objects["c"].features
    mountain = replace(region, base={"subtypes": frozenset({"Mountain"})})
    new = replace(state, objects={**objects, "r": mountain})
    flipped = replay_update(first, state, new, ["r"])
    assert flipped is not None
    same_ordering(flipped, dep.order_passives(new))
    assert "Gigantic" not in flipped.state.objects["c"].features
    assert flipped.held == frozenset()
    same_ordering(dep.reorder(first, state, new), dep.order_passives(new))
    # Mountain -> Water: the condition fails in every round, before and after
    water = replace(
        new, objects={**objects, "r": replace(region, base={"subtypes": frozenset({"Water"})})}
    )
    on_mountain = dep.order_passives(new)
    replayed = replay_update(on_mountain, new, water, ["r"])
    assert replayed is not None
    same_ordering(replayed, dep.order_passives(water))


@pytest.mark.rule("A-DEP-1", "A-ORDER-1")
def test_a_region_whose_change_makes_a_condition_flip_makes_a_dependency() -> None:
    """a (timestamp 1) is Gigantic if its region is a Forest; b (timestamp 2) makes every
    region a Forest. Applying b flips a's condition only when the region is not a
    Forest already (A-DEP-1c): then a depends on b and waits for it. The trial log's
    replay makes the order again (``passive_rechoose``): a is applied after b."""
    cond = fx.Condition(fx.Test.REGION, name="Forest")
    a = pv.passive("a.p", "a", fx.Give(fx.Grant.KEYWORD, "Gigantic"), fx.SELF, condition=cond)
    b = pv.passive(
        "b.p",
        "b",
        fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"})),
        fx.Selector(fx.Pick.ALL, kinds=frozenset({"region"})),
    )
    region = GameObject("r", "ana", "region", base={"subtypes": frozenset({"Forest"})})
    objects = {
        "r": region,
        "a": GameObject("a", "ana", "character", timestamp=1, abilities=(a,), region="r"),
        "b": GameObject("b", "ana", "character", timestamp=2, abilities=(b,), region="r"),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    assert first.order == ("a.p", "b.p")
    new = replace(
        state,
        objects={**objects, "r": replace(region, base={"subtypes": frozenset({"Water"})})},
    )
    fresh = dep.order_passives(new)
    assert fresh.order == ("b.p", "a.p")
    replayed = replay_update(first, state, new, ["r"])
    assert replayed is not None and replayed.reused
    same_ordering(replayed, fresh)
    same_ordering(dep.reorder(first, state, new), fresh)


@pytest.mark.rule("A-PASS-1")
def test_many_changed_objects_are_recomputed_rather_than_followed() -> None:
    """Each changed object is followed through every round: past ``MOST_CHANGED`` of them
    only the order made again from the log (``passive_rechoose``) is tried, past
    ``MOST_CHANGED_RECHOSEN`` the log is not used, and a full ordering is as cheap."""
    from arbiter.model.passive_replay import MOST_CHANGED, MOST_CHANGED_RECHOSEN

    plus = pv.passive(
        "s.p",
        "s",
        fx.ModifyStat("power"),
        fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"})),
        fx.Const(1),
    )
    objects = {"s": GameObject("s", "ana", "character", base={"power": 0}, abilities=(plus,))}
    for i in range(MOST_CHANGED_RECHOSEN + 1):
        objects[f"x{i}"] = GameObject(f"x{i}", "bo", "character", base={"power": i})
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    first = dep.order_passives(state)
    elementals = {
        oid: replace(obj, base={**obj.base, "subtypes": frozenset({"Elemental"})})
        for oid, obj in objects.items()
        if oid != "s"
    }
    new = replace(state, objects={**objects, **elementals})
    assert replay_update(first, state, new, sorted(elementals)) is None
    some = dict(sorted(elementals.items())[: MOST_CHANGED + 1])
    more = replace(state, objects={**objects, **some})
    replayed = replay_update(first, state, more, sorted(some))
    assert replayed is not None
    same_ordering(replayed, dep.order_passives(more))
    few = replace(state, objects={**objects, "x0": elementals["x0"]})
    replayed = replay_update(first, state, few, ["x0"])
    assert replayed is not None
    same_ordering(replayed, dep.order_passives(few))
    same_ordering(dep.reorder(first, state, new), dep.order_passives(new))
