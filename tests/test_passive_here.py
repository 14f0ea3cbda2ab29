"""Passives that select "here" (at their source's place, ``passives.at_place``) after a
character moves from one region to another: every fast re-evaluation equals a fresh
ordering (A-PASS-1, A-DEP-1, A-ORDER-1; Decision EFF-EVAL / IMP-HERE).

A selector "here" reads an object's region, so moving a character that is the source of
nothing changes which passives select it, and with it which passive depends on which.
The trial log's replay once compared a followed object without its region and kept an
order a fresh ordering no longer gives.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone import cone_update
from arbiter.model.passive_replay import replay_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import CREATURE_TYPES, KEYWORDS, PLAYERS, same_ordering

REGIONS = ("r0", "r1", "r2")
CHARACTER = frozenset({"character"})


def _moved(state: GameState, oid: str, region: str) -> GameState:
    return replace(
        state, objects={**state.objects, oid: replace(state.objects[oid], region=region)}
    )


def _board() -> tuple[GameState, GameState]:
    """A board where "other characters here gain Defender" (a later source) and "all
    Defenders get +1 power" (an earlier one): a character moving to the first one's region
    makes the second wait for it."""
    here = fx.Selector(fx.Pick.ALL, kinds=CHARACTER, other=True, here=True)
    give = pv.passive("s.b", "s", fx.Give(fx.Grant.KEYWORD, "Defender"), here)
    plus = pv.passive(
        "t.a",
        "t",
        fx.ModifyStat("power"),
        fx.Selector(fx.Pick.ALL, has=frozenset({"Defender"})),
        fx.Const(1),
    )
    objects = {
        "r1": GameObject("r1", "ana", "region", base={"subtypes": frozenset({"Forest"})}),
        "r2": GameObject("r2", "ana", "region", base={"subtypes": frozenset({"Water"})}),
        "t": GameObject(
            "t", "ana", "character", base={"power": 0}, abilities=(plus,), region="r2", timestamp=1
        ),
        "s": GameObject(
            "s", "ana", "character", base={"power": 0}, abilities=(give,), region="r1", timestamp=2
        ),
        "x": GameObject("x", "bo", "character", base={"power": 0}, region="r2", timestamp=3),
    }
    state = GameState(RULESETS["altered"], PLAYERS, objects)
    return state, _moved(state, "x", "r1")


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "EFF-EVAL")
def test_a_character_moving_where_a_passive_selects_here_reorders_as_a_fresh_ordering() -> None:
    state, new = _board()
    first = dep.order_passives(state)
    fresh = dep.order_passives(new)
    assert first.order == ("t.a", "s.b") and fresh.order == ("s.b", "t.a")
    assert fresh.state.objects["x"].features.keys() >= {"Defender"}
    same_ordering(dep.reorder(first, state, new), fresh)
    for fast in (replay_update(first, state, new, ["x"]), cone_update(first, state, new, ["x"])):
        if fast is not None:
            same_ordering(fast, fresh)


@st.composite
def here_boards(draw: st.DrawFn) -> GameState:
    """Sources in regions whose passives select characters here (giving a keyword or a
    creature type, or power), or by a keyword or type anywhere; characters that are
    sources of nothing, in regions."""
    objects: dict[str, GameObject] = {
        r: GameObject(r, "ana", "region", base={"subtypes": frozenset()}) for r in REGIONS
    }
    for j in range(draw(st.integers(2, 5))):
        here = draw(st.booleans())
        names = frozenset() if here else frozenset({draw(st.sampled_from(KEYWORDS))})
        selector = fx.Selector(fx.Pick.ALL, kinds=CHARACTER, other=True, here=here, has=names)
        what = draw(st.sampled_from(("keyword", "type", "power")))
        amount: fx.Amount | None = None
        if what == "keyword":
            action: fx.Action = fx.Give(fx.Grant.KEYWORD, draw(st.sampled_from(KEYWORDS)))
        elif what == "type":
            kind = frozenset({draw(st.sampled_from(CREATURE_TYPES))})
            action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=kind)
        else:
            action, amount = fx.ModifyStat("power"), fx.Const(draw(st.integers(1, 2)))
        p = pv.passive(f"s{j}.p", f"s{j}", action, selector, amount)
        objects[f"s{j}"] = GameObject(
            f"s{j}",
            draw(st.sampled_from(PLAYERS)),
            "character",
            base={"power": 0},
            timestamp=draw(st.integers(1, 6)),
            abilities=(p,),
            region=draw(st.sampled_from(REGIONS)),
        )
    for i in range(draw(st.integers(1, 4))):
        objects[f"x{i}"] = GameObject(
            f"x{i}",
            "bo",
            "character",
            base={"power": 0},
            region=draw(st.sampled_from(REGIONS)),
        )
    return GameState(RULESETS["altered"], PLAYERS, objects)


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1", "EFF-EVAL")
@settings(max_examples=400, deadline=None)
@given(
    here_boards(),
    st.lists(st.tuples(st.integers(0, 50), st.integers(0, 2)), min_size=1, max_size=6),
)
def test_characters_moving_between_regions_re_evaluated_in_sequence_equal_recomputing(
    state: GameState, moves: list[tuple[int, int]]
) -> None:
    """Each move re-evaluated from the previous answer (``reorder``), and the trial log's
    replay and the cone where they answer, equal a fresh ordering."""
    ids = sorted(state.objects)
    previous, now = dep.order_passives(state), state
    for pick, region in moves:
        oid = ids[pick % len(ids)]
        if state.objects[oid].kind == "region":
            continue
        new = _moved(now, oid, REGIONS[region])
        fresh = dep.order_passives(new)
        for fast in (
            replay_update(previous, now, new, [oid]),
            cone_update(previous, now, new, [oid]),
        ):
            if fast is not None:
                same_ordering(fast, fresh)
        got = dep.reorder(previous, now, new)
        same_ordering(got, fresh)
        previous, now = got, new
