"""Passives' number modifications made in one batch per object equal the chain (issue 19).

The ordering defers the number modifications of passives (no passive reads a number)
and makes each object's in one copy at the end
(``characteristics.modify_numbers_by_passives``). The batch must give the object the
chain of ``modify_number(..., by_passive=True)`` gives: the same modifications with the
same traces (E-FLOOR-1, E-IMM-1/2, E-DIV), under limits and immunities, after effects'
own modifications, in the same order of characteristics.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_trial as pt
from arbiter.model.passive_order import order_passives
from arbiter.model.ruleset import Rounding
from arbiter.model.state import GameObject, GameState, Guard, Protection
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import Modification, Op
from tests.passive_strategies import states as passive_states

STATS = ("power", "health", "range")
ops = st.sampled_from(list(Op))
protections = st.lists(
    st.one_of(
        st.builds(
            lambda s, x: Protection(frozenset({s}), "p", limit=x),
            st.sampled_from([*STATS, "*"]),
            st.integers(0, 4),
        ),
        st.builds(
            lambda s, g: Protection(frozenset({s}), "p", guard=g),
            st.sampled_from([*STATS, "*"]),
            st.sampled_from(list(Guard)),
        ),
    ),
    max_size=2,
)
bases = st.dictionaries(
    st.sampled_from(STATS),
    st.one_of(
        st.integers(-3, 9),
        st.tuples(st.integers(-3, 9), st.integers(-3, 9)),
        st.just(frozenset({"Elemental"})),
    ),
    max_size=3,
)
changes = st.lists(
    st.tuples(
        st.sampled_from(STATS),
        ops,
        st.lists(st.integers(-6, 6), min_size=1, max_size=3),
        st.integers(1, 9),
        st.sampled_from(list(Rounding)),
    ),
    max_size=10,
)


SHARED: dict[tuple[ch.PassiveNumber, int], Modification] = {}


@pytest.mark.rule("E-OPS-2", "E-FLOOR-1", "E-LIMIT-1", "E-IMM-1", "E-IMM-2", "A-ORDER-1")
@given(bases, protections, changes, changes)
def test_a_batch_of_passive_number_modifications_equals_the_chain(
    base: dict[str, int | tuple[int, ...] | frozenset[str]],
    guards: list[Protection],
    effects: list[tuple[str, Op, list[int], int, Rounding]],
    passives: list[tuple[str, Op, list[int], int, Rounding]],
) -> None:
    obj = GameObject("x", "ana", "character", base=base, protections=tuple(guards))
    for stat, op, amounts, ts, rounding in effects:  # effects' modifications come first
        obj = ch.modify_number(
            obj, stat, op, tuple(amounts), source="e", timestamp=ts, rounding=rounding
        ).obj
    chain = obj
    todo: list[ch.PassiveNumber] = []
    for i, (stat, op, amounts, ts, rounding) in enumerate(passives):
        label = op.value if i % 2 else ""
        chain = ch.modify_number(
            chain,
            stat,
            op,
            tuple(amounts),
            source=f"p{i}",
            timestamp=ts,
            rounding=rounding,
            label=label,
            by_passive=True,
        ).obj
        todo.append((stat, op, tuple(amounts), f"p{i}", ts, rounding, label))
        assert ch.would_modify_number(obj, stat, op, tuple(amounts)) == (
            ch.modify_number(obj, stat, op, tuple(amounts), source="q", timestamp=ts).applied
        )
    batch = ch.modify_numbers_by_passives(obj, todo, SHARED)  # shared across every example
    assert batch == chain
    assert list(batch.mods) == list(chain.mods)
    assert (batch is obj) == (chain is obj)


@pytest.mark.rule("A-PASS-2", "A-ORDER-1")
@settings(max_examples=150, deadline=None)
@given(passive_states(max_passives=6, numbers=True) | passive_states(max_passives=5))
def test_the_ordering_with_deferred_numbers_equals_applying_each_passive_in_turn(
    state: GameState,
) -> None:
    """Each passive applied at its turn, its number modifications made at once: the
    objects (their modifications, traces, and the order of their characteristics) are
    those the ordering gives, which makes them at the end, one copy per object."""
    result = order_passives(state)
    board = pt.Board(state)
    for pid in result.order:
        board.commit(pt.apply_passive(result.passives[pid], board).changes)
    assert board.objects == dict(result.state.objects)
    for oid, obj in board.objects.items():
        assert list(obj.mods) == list(result.state.objects[oid].mods)
