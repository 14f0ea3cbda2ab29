"""Ordering the cone again where most of it are *sinks* (``passive_cone.cone_update``)
equals recomputing everything (A-PASS-1, A-DEP-1, A-ORDER-1).

A sink is a passive no passive can depend on: what it writes no passive reads (its
candidates in the trial log are none), as "all Gigantic get +1 power", "all your Spirits
have power 2" or "all Animals gain Scout" when no passive reads Scout. On a real board
most of a region's cone are such passives; their place still decides the numbers of the
objects they apply to ("have power 2" against "+1"), the objects they applied to and
whether their condition held at their turn. Random boards where sinks are the majority,
over characters whose creature types and keywords other passives change midway (so that
a sink's selection differs from round to round), and random sequences of events (those
of ``test_passive_cone_sources``), each re-evaluated from the previous answer: the cone's
answer (where it gives one) and the game's re-evaluation (``passive_order.reorder``) must
equal a fresh ordering: the order, the objects as the view shows them, the objects each
passive applied to, the passives that held, the passives that exist and their stamps.
"""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone import cone_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import (
    PLAYERS,
    TERRAINS,
    _flag,
    comparable,
    drawn_characters,
    same_ordering,
)
from tests.test_passive_cone_sources import EVENTS, _kinds, _step

TYPES = ("Elemental", "Spirit", "Animal")
ALL = fx.Pick.ALL
SINKS = ("gigantic", "power", "sided", "forest-power", "scout", "set-power")
OTHERS = ("forest", "adder", "gain", "regions", "remover", "spirits", "lose-all")


def _sink(draw: st.DrawFn, shape: str) -> tuple[fx.Selector, fx.Action, fx.Amount | None, bool]:
    """A passive no passive reads: its selector, action, amount, and whether it has the
    condition "if I am in a Forest"."""
    t = frozenset({draw(st.sampled_from(TYPES))})
    power = fx.ModifyStat("power", draw(st.sampled_from([fx.StatOp.ADD, fx.StatOp.SET])))
    amount = fx.Const(draw(st.integers(0, 3)))
    if shape == "gigantic":  # "all Gigantic get +N power" / "have power N"
        return fx.Selector(ALL, has=frozenset({"Gigantic"})), power, amount, False
    if shape == "sided":  # "all your T get +N power"
        return fx.Selector(ALL, subtypes=t, side=fx.Side.YOURS), power, amount, False
    if shape == "forest-power":  # "if I am in a Forest, all T get +N power"
        return fx.Selector(ALL, subtypes=t), power, amount, True
    if shape == "scout":  # a keyword no selector or condition reads
        return fx.Selector(ALL, subtypes=t), fx.Give(fx.Grant.KEYWORD, "Scout"), None, False
    if shape == "set-power":
        return fx.Selector(ALL, subtypes=t), fx.ModifyStat("power", fx.StatOp.SET), amount, False
    return fx.Selector(ALL, subtypes=t), power, amount, False


def _other(draw: st.DrawFn, shape: str) -> tuple[fx.Selector, fx.Action, fx.Amount | None, bool]:
    """A passive others may read (what the sinks select changes midway)."""
    t = frozenset({draw(st.sampled_from(TYPES))})
    u = frozenset({draw(st.sampled_from(TYPES))})
    gigantic = fx.Give(fx.Grant.KEYWORD, "Gigantic")
    if shape == "forest":  # "if I am in a Forest, I gain Gigantic"
        return fx.SELF, gigantic, None, True
    if shape == "adder":
        return fx.Selector(ALL, subtypes=t), fx.ModifyStat(pv.SUBTYPES, members=u), None, False
    if shape == "remover":
        op = fx.StatOp.REMOVE
        return fx.Selector(ALL, subtypes=t), fx.ModifyStat(pv.SUBTYPES, op, members=u), None, False
    if shape == "regions":  # "all regions are Forests"
        act = fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=frozenset({"Forest"}))
        return fx.Selector(ALL, kinds=frozenset({"region"})), act, None, False
    if shape == "spirits":
        return fx.Selector(ALL, subtypes=frozenset({"Spirit"})), gigantic, None, False
    if shape == "lose-all":
        return fx.Selector(ALL, subtypes=t), fx.Take(fx.Grant.ABILITIES), None, False
    return fx.Selector(ALL, subtypes=t), gigantic, None, False


@st.composite
def sink_boards(draw: st.DrawFn) -> GameState:
    """2–3 regions; 4–10 passives on their own sources, at least half of them sinks, the
    others changing creature types, Gigantic, regions' terrain or abilities; 2–5
    characters that are sources of nothing, some Gigantic from the start."""
    regions = [f"r{i}" for i in range(draw(st.integers(2, 3)))]
    objects: dict[str, GameObject] = {}
    for rid in regions:
        terrain = frozenset({draw(st.sampled_from(TERRAINS))})
        objects[rid] = GameObject(rid, "ana", "region", base={"subtypes": terrain})
    n = draw(st.integers(4, 10))
    n_sinks = draw(st.integers((n + 1) // 2, n))
    for j in range(n):
        if j < n_sinks:
            selector, action, amount, forest = _sink(draw, draw(st.sampled_from(SINKS)))
        else:
            selector, action, amount, forest = _other(draw, draw(st.sampled_from(OTHERS)))
        cond = fx.Condition(fx.Test.REGION, name="Forest") if forest else None
        p = pv.passive(f"s{j}.p", f"s{j}", action, selector, amount, cond)
        objects[f"s{j}"] = GameObject(
            f"s{j}",
            draw(st.sampled_from(PLAYERS)),
            "character",
            base={"power": 0, "subtypes": draw(st.frozensets(st.sampled_from(TYPES), max_size=2))},
            features={k: _flag(k) for k in draw(st.frozensets(st.sampled_from(("Gigantic",))))},
            timestamp=draw(st.integers(1, 8)),
            abilities=(p,),
            region=draw(st.sampled_from(regions)),
        )
    objects.update(drawn_characters(draw, TYPES, regions, 5, least=2, gigantic=True))
    return GameState(RULESETS["altered"], PLAYERS, objects)


def _same_order_of_mods(got: dep.Ordering, fresh: dep.Ordering) -> None:
    """The characteristics of each object in the order each was first modified, as the
    view lists them (``same_ordering`` compares them as mappings)."""
    for oid, obj in fresh.state.objects.items():
        assert list(got.state.objects[oid].mods) == list(obj.mods), oid


def _sinks(ordering: dep.Ordering) -> set[str]:
    log = ordering.log
    assert log is not None
    return {pid for pid, readers in log.candidates.items() if not readers}


@pytest.mark.rule("A-PASS-1", "A-PASS-2", "A-ORDER-1", "A-DEP-1", "A-DEP-2", "A-TIME-1")
@settings(max_examples=500, deadline=None)
@given(
    sink_boards(),
    st.lists(st.tuples(st.sampled_from(EVENTS), st.integers(0, 50)), min_size=1, max_size=8),
)
def test_a_cone_made_mostly_of_sinks_after_a_sequence_of_events_equals_recomputing(
    state: GameState, events: list[tuple[str, int]]
) -> None:
    """Two chains from the same full ordering: the cone's answers (where it refuses, the
    game's), and the game's re-evaluation; each against a fresh ordering."""
    by_cone = by_game = dep.order_passives(state)
    sinks = _sinks(by_cone)
    assert 2 * len(sinks) >= len(by_cone.passives) - 1  # (a "scout" may be read: no)
    for what, pick in events:
        new = _step(state, what, pick)
        fresh = dep.order_passives(new)
        got = cone_update(by_cone, state, new, [])
        assert by_cone.log is not None and by_cone.log.stored is not None
        if got is not None:
            event(f"answered with {_kinds(by_cone.log.stored, new) or 'nothing'} changed")
            moved = [p for p in sinks if p in got.order and p in by_cone.order]
            if [p for p in got.order if p in moved] != [p for p in by_cone.order if p in moved]:
                event("the sinks' order changed")
            same_ordering(got, fresh)
            _same_order_of_mods(got, fresh)
            assert got.reused
        else:
            event("refused")
        by_cone = got or dep.reorder(by_cone, state, new)
        same_ordering(by_cone, fresh)
        by_game = dep.reorder(by_game, state, new)
        same_ordering(by_game, fresh)
        _same_order_of_mods(by_game, fresh)
        state = new


def _character(oid: str, stamp: int, *ps: pv.Passive, **kw: object) -> GameObject:
    return GameObject(
        oid,
        "ana",
        "character",
        base={"power": 0, "subtypes": kw.pop("types", frozenset())},  # type: ignore[dict-item]
        timestamp=stamp,
        abilities=ps,
        region="r0",
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.rule("A-ORDER-1", "A-DEP-1", "A-PASS-2", "Altered 2.3.2.f")
def test_a_sink_freed_by_a_terrain_moves_before_another_sink_and_changes_the_number() -> None:
    """The sink "all Gigantic have power 5" (stamp 2) waits for "if I am in a Forest, I gain
    Gigantic" (stamp 4) while the region is a Forest, so "all Elementals get +1 power"
    (stamp 3) comes before it: x (Gigantic, an Elemental) has 5. When the region becomes a
    Mountain the condition changes nothing: the sink no longer waits, takes the first
    round, before the conditional passive and the other sink, and x has 6 (A-PASS-2),
    the same as recomputing; the conditional passive no longer holds."""
    gigantic = fx.Selector(ALL, has=frozenset({"Gigantic"}))
    setter = pv.passive("a.p", "a", fx.ModifyStat("power", fx.StatOp.SET), gigantic, fx.Const(5))
    forest = pv.passive(
        "b.p",
        "b",
        fx.Give(fx.Grant.KEYWORD, "Gigantic"),
        fx.SELF,
        None,
        fx.Condition(fx.Test.REGION, name="Forest"),
    )
    elementals = fx.Selector(ALL, subtypes=frozenset({"Elemental"}))
    plus = pv.passive("c.p", "c", fx.ModifyStat("power"), elementals, fx.Const(1))
    objects = {
        "r0": GameObject("r0", "ana", "region", base={"subtypes": frozenset({"Forest"})}),
        "a": _character("a", 2, setter),
        "b": _character("b", 4, forest),
        "c": _character("c", 3, plus),
        "x": _character(
            "x", 1, types=frozenset({"Elemental"}), features={"Gigantic": _flag("Gigantic")}
        ),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    before = dep.order_passives(state)
    assert before.order == ("c.p", "b.p", "a.p")
    assert _sinks(before) == {"a.p", "c.p"}
    mountain = GameObject("r0", "ana", "region", base={"subtypes": frozenset({"Mountain"})})
    new = GameState(RULESETS["altered"], PLAYERS, {**objects, "r0": mountain})
    got = cone_update(before, state, new, ["r0"])
    fresh = dep.order_passives(new)
    assert got is not None
    same_ordering(got, fresh)
    assert got.order == ("a.p", "c.p", "b.p")
    assert comparable(got.state)["x"] != comparable(before.state)["x"]
    assert "b.p" not in got.held and "b.p" in before.held
