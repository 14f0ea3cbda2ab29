"""The cone and a passive whose selector reads two names (A-DEP-1b, A-DEP-2, A-ORDER-1).

"All Gigantic Elementals have power 5" never depends on "if I am in a Forest, all
characters gain Gigantic": when the latter applies, nothing is an Elemental yet. But
whether it applied decides whether "I am an Elemental" changes what the former selects.
A region turning to Mountain therefore changes a dependency between two passives that
depended on nothing the region changed; the cone (``passive_cone``) takes every passive
reading two names or more, one of them written by a passive of the cone.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone import cone_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from tests.passive_strategies import PLAYERS, comparable

FOREST = fx.Condition(fx.Test.REGION, name="Forest")


def _board() -> GameState:
    gigantic = pv.passive(
        "g.p",
        "g",
        fx.Give(fx.Grant.KEYWORD, "Gigantic"),
        fx.Selector(fx.Pick.ALL, kinds=frozenset({"character"})),
        None,
        FOREST,
    )
    elemental = pv.passive(
        "s.p",
        "s",
        fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Elemental"})),
        fx.SELF,
    )
    five = pv.passive(
        "t.p",
        "t",
        fx.ModifyStat("power", fx.StatOp.SET),
        fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"}), has=frozenset({"Gigantic"})),
        fx.Const(5),
    )
    objects = {
        "r0": GameObject("r0", "ana", "region", base={"subtypes": frozenset({"Forest"})}),
        "r1": GameObject("r1", "ana", "region", base={"subtypes": frozenset()}),
        "g": GameObject(
            "g", "ana", "character", base={"power": 0}, abilities=(gigantic,), region="r0"
        ),
        "t": GameObject(
            "t", "ana", "character", base={"power": 0}, abilities=(five,), region="r1", timestamp=1
        ),
        "s": GameObject(
            "s",
            "ana",
            "character",
            base={"power": 0},
            abilities=(elemental,),
            region="r1",
            timestamp=2,
        ),
    }
    return GameState(RULESETS["altered"], PLAYERS, objects)


@pytest.mark.rule("A-DEP-1", "A-DEP-2", "A-ORDER-1", "Altered 2.3.2.f")
def test_a_passive_reading_two_names_one_given_by_the_cone_is_ordered_again() -> None:
    state = _board()
    first = dep.order_passives(state)
    assert first.order == ("g.p", "s.p", "t.p")  # t.p waits: s becomes a Gigantic Elemental
    mountain = replace(state.objects["r0"], base={"subtypes": frozenset({"Mountain"})})
    new = replace(state, objects={**state.objects, "r0": mountain})
    fresh = dep.order_passives(new)
    assert fresh.order == ("g.p", "t.p", "s.p")  # nothing is Gigantic: t.p by its timestamp
    for got in (cone_update(first, state, new, ["r0"]), dep.reorder(first, state, new)):
        assert got is not None
        assert got.order == fresh.order
        assert comparable(got.state) == comparable(fresh.state)
        assert dict(got.applied_to) == dict(fresh.applied_to)
        assert got.held == fresh.held
