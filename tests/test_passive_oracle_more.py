"""The adversarial oracle of ``test_passive_reorder_oracle`` on what it did not exercise:
immunities gained and lost, passives gained and lost in mid-sequence, and the memo path a
game takes (``passive_order.after_passives``, which re-evaluates each state from the
last one it derived) (A-PASS-1, A-PASS-2, A-DEP-1, A-ORDER-1, E-IMM-1).

Every answer is compared with a full ordering of the same state: each layer that
answers (``step``), and the derived state a game reads, which must also be marked
derived and never be derived again. The memo is a pure cache: every earlier state of a
sequence derives again to the answer it had.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState, Guard, Protection
from tests.passive_strategies import comparable
from tests.test_passive_reorder_oracle import (
    EXAMPLES,
    KINDS,
    boards,
    change,
    describe,
    run,
    step,
)

# an immunity that stops a passive from changing what selectors read, or a number
SHIELDS = (
    Protection(frozenset({"subtypes"}), "shield", guard=Guard.CANNOT_MODIFY),
    Protection(frozenset({"*"}), "shield", guard=Guard.CANNOT_MODIFY),
    Protection(frozenset({"power"}), "shield", guard=Guard.CANNOT_DECREASE),
)
MORE = ("protect", "protect", "gain", "gain", "lose")
EVENT = st.tuples(st.sampled_from(KINDS + MORE), st.integers(0, 50), st.integers(0, 50))
EVENTS = st.lists(st.lists(EVENT, min_size=1, max_size=3), min_size=1, max_size=6)


def gained(oid: str, v: int) -> pv.Passive:
    """One of a few passives an object can gain (a new ability, its own timestamp)."""
    pick = v % 4
    if pick == 0:  # "all Elementals gain Gigantic"
        sel = fx.Selector(fx.Pick.ALL, subtypes=frozenset({"Elemental"}))
        return pv.passive(f"{oid}.g0", oid, fx.Give(fx.Grant.KEYWORD, "Gigantic"), sel)
    if pick == 1:  # "other characters here become Elementals"
        sel = fx.Selector(fx.Pick.ALL, kinds=frozenset({"character"}), other=True, here=True)
        action = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Elemental"}))
        return pv.passive(f"{oid}.g1", oid, action, sel)
    if pick == 2:  # "Gigantic characters get +1 power"
        sel = fx.Selector(fx.Pick.ALL, has=frozenset({"Gigantic"}))
        return pv.passive(f"{oid}.g2", oid, fx.ModifyStat("power"), sel, fx.Const(1))
    # "if I am in a Forest, I gain Defender"
    forest = fx.Condition(fx.Test.REGION, name="Forest")
    return pv.passive(
        f"{oid}.g3", oid, fx.Give(fx.Grant.KEYWORD, "Defender"), fx.SELF, None, forest
    )


def change_more(
    state: GameState, objects: dict[str, GameObject], what: str, pick: int, v: int
) -> None:
    """``change`` of the oracle, and an immunity toggled, a passive gained or every
    passive lost by one character."""
    if what not in MORE:
        if what != "leave" or any(pv.passives_of(o) for o in state.objects.values()):
            change(state, objects, what, pick, v)  # (a source leaves: while there is one)
        return
    characters = sorted(o for o, obj in objects.items() if obj.kind != pv.REGION)
    oid = characters[pick % len(characters)]
    obj = objects[oid]
    if what == "protect":
        shield = replace(SHIELDS[v % len(SHIELDS)], source=oid)
        kept = tuple(p for p in obj.protections if p != shield)
        objects[oid] = replace(
            obj, protections=kept if len(kept) < len(obj.protections) else (*kept, shield)
        )
    elif what == "gain":
        p = gained(oid, v)
        others = tuple(a for a in obj.abilities if a.id != p.id)
        objects[oid] = replace(
            obj, abilities=others if len(others) < len(obj.abilities) else (*others, p)
        )
    else:
        objects[oid] = replace(obj, abilities=())


def apply_event(state: GameState, changes: list[tuple[str, int, int]]) -> GameState:
    objects = dict(state.objects)
    for what, pick, v in changes:
        change_more(state, objects, what, pick, v)
    return replace(state, objects=objects)


def _character(cid: str, timestamp: int, *ps: pv.Passive) -> GameObject:
    base = {"power": 0, "subtypes": frozenset[str]()}
    return GameObject(
        cid, "ana", "character", base=base, abilities=ps, timestamp=timestamp, region="r0"
    )


def _note(e: AssertionError, k: int, events: object, now: GameState, new: GameState) -> None:
    e.add_note(f"event {k} of {events}\nbefore:\n{describe(now)}\nafter:\n{describe(new)}")


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1", "E-IMM-1", "A-GOLD-6")
@settings(max_examples=EXAMPLES, deadline=None)
@given(boards(), EVENTS)
def test_every_layer_equals_a_full_ordering_with_immunities_and_passives_gained_or_lost(
    state: GameState, events: list[list[tuple[str, int, int]]]
) -> None:
    run(state, events, apply_event)


@pytest.mark.rule("A-PASS-1", "A-PASS-2", "A-ORDER-1", "E-IMM-1")
@settings(max_examples=EXAMPLES, deadline=None)
@given(boards(), EVENTS)
def test_the_states_a_game_derives_through_the_memo_equal_full_orderings(
    state: GameState, events: list[list[tuple[str, int, int]]]
) -> None:
    seen: list[tuple[GameState, GameState]] = [(state, dep.after_passives(state))]
    now = state
    for k, changes in enumerate(events):
        new = apply_event(now, changes)
        try:
            got = dep.after_passives(new)  # from the last state derived (``reorder``)
            assert got.derived or not dep.has_passives(new)  # (none: the state itself)
            assert dep.after_passives(got) is got  # never derived twice
            with dep.memo_disabled():
                fresh = dep.after_passives(new)
            assert comparable(got) == comparable(fresh)
        except AssertionError as e:
            _note(e, k, events, now, new)
            raise
        seen.append((new, got))
        now = new
    for earlier, answer in seen:  # a pure cache: the same answers, in any order asked
        assert comparable(dep.after_passives(earlier)) == comparable(answer)


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "E-IMM-1")
def test_an_immunity_gained_stops_what_another_passive_reads_from_applying() -> None:
    """ "Other characters here become Elementals" and "all Elementals gain Gigantic": a
    character that becomes immune to changes of its subtypes stays no Elemental, and so
    gains no Gigantic, whatever was derived before the event."""
    here = gained("s", 1)
    giant = gained("t", 0)
    region = GameObject("r0", "ana", "region", base={"subtypes": frozenset()})
    state = GameState(
        RULESETS["altered"],
        ("ana", "bo"),
        {
            "r0": region,
            "s": _character("s", 1, here),
            "t": _character("t", 2, giant),
            "x": _character("x", 3),
        },
    )
    shield = replace(SHIELDS[0], source="x")
    new = replace(
        state, objects={**state.objects, "x": replace(state.objects["x"], protections=(shield,))}
    )
    before = dep.order_passives(state)
    assert "Gigantic" in before.state.objects["x"].features
    fresh = dep.order_passives(new)
    assert "Gigantic" not in fresh.state.objects["x"].features
    step(before, state, new)  # every layer that answers, and ``reorder``, equal ``fresh``
    dep.after_passives(state)
    assert comparable(dep.after_passives(new)) == comparable(fresh.state)


@pytest.mark.rule("A-DEP-1", "A-ORDER-1", "E-IMM-1")
def test_a_source_made_immune_is_no_longer_a_witness_of_its_own_passive() -> None:
    """ "I become an Elemental" and "all Elementals gain Gigantic" on one character: the
    second depends on the first (A-DEP-1b, the character the witness). Once the character
    is immune to changes of its subtypes it does not, and the order goes back to the
    order keys. The trial log's replay once compared the character before and after
    without its immunities and kept the dependent order."""
    become = pv.passive(
        "s.b",
        "s",
        fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Elemental"})),
        fx.SELF,
    )
    giant = replace(gained("s", 0), id="s.a")
    region = GameObject("r0", "ana", "region", base={"subtypes": frozenset()})
    state = GameState(
        RULESETS["altered"],
        ("ana", "bo"),
        {"r0": region, "s": _character("s", 1, giant, become), "x": _character("x", 2)},
    )
    shield = replace(SHIELDS[0], source="s")
    new = replace(
        state, objects={**state.objects, "s": replace(state.objects["s"], protections=(shield,))}
    )
    before = dep.order_passives(state)
    assert before.order == ("s.b", "s.a")  # the giant waits for the character to become one
    fresh = dep.order_passives(new)
    assert fresh.order == ("s.a", "s.b")
    step(before, state, new)  # every layer that answers, and ``reorder``, equal ``fresh``
