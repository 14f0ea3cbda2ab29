"""Hypothesis strategies for small random sets of passives, and a brute-force A-ORDER-1.

The brute force follows the rules' words and nothing else: at each step it
recomputes every direct dependency among the unapplied passives from the
definitions (``brute_dependence``, full scans), takes the transitive closure by
Floyd–Warshall, and applies the free passive with the smallest timestamp.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from hypothesis import strategies as st

from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as a
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from arbiter.model.values.features import Feature

if TYPE_CHECKING:
    from arbiter.model.passive_order import Ordering

PLAYERS = ("ana", "bo")
CREATURE_TYPES = ("Elemental", "Spirit", "Animal")
TERRAINS = ("Forest", "Mountain", "Water")
KEYWORDS = ("Gigantic", "Defender")


ALL = a.Pick.ALL
SIDES = {None: a.Side.ANY, "you": a.Side.YOURS, "opponent": a.Side.ENEMY}
CHARACTERS = frozenset({"character"})
Does = tuple[a.Action, a.Amount | None]  # what a passive does: an action and its amount


@st.composite
def selectors(draw: st.DrawFn) -> a.Selector:
    shape = draw(
        st.sampled_from(["self", "self", "kind", "subtype", "keyword", "other", "region", "region"])
    )
    side = SIDES[draw(st.sampled_from([None, None, "you", "opponent"]))]
    if shape == "self":
        return a.SELF
    if shape == "region":
        return a.Selector(ALL, kinds=frozenset({"region"}))
    if shape == "kind":
        return a.Selector(ALL, kinds=CHARACTERS, side=side)
    if shape == "subtype":
        return a.Selector(
            ALL, subtypes=frozenset({draw(st.sampled_from(CREATURE_TYPES))}), side=side
        )
    if shape == "keyword":
        return a.Selector(ALL, has=frozenset({draw(st.sampled_from(KEYWORDS))}))
    return a.Selector(ALL, kinds=CHARACTERS, other=True)


@st.composite
def conditions(draw: st.DrawFn) -> a.Condition | None:
    shape = draw(st.sampled_from([None, "region", "region", "subtype", "keyword"]))
    if shape == "region":
        return a.Condition(a.Test.REGION, name=draw(st.sampled_from(TERRAINS)))
    if shape == "subtype":
        return a.Condition(a.Test.SUBTYPE, name=draw(st.sampled_from(CREATURE_TYPES)))
    if shape == "keyword":
        return a.Condition(a.Test.HAS, name=draw(st.sampled_from(KEYWORDS)))
    return None


SHAPES = ("modify", "gain", "lose", "add", "remove", "set", "lose_all", "region_type")


@st.composite
def effects(draw: st.DrawFn) -> Does:
    k = draw(st.sampled_from([*SHAPES, "region_type", "add"]))
    if k == "modify":
        op = draw(st.sampled_from([a.StatOp.ADD, a.StatOp.SET]))
        return a.ModifyStat("power", op), a.Const(draw(st.integers(-2, 3)))
    if k == "gain":
        return a.Give(a.Grant.KEYWORD, draw(st.sampled_from(KEYWORDS))), None
    if k == "lose":
        return a.Take(a.Grant.KEYWORD, draw(st.sampled_from(KEYWORDS))), None
    if k == "lose_all":
        return a.Take(a.Grant.ABILITIES), None
    pool = TERRAINS if k == "region_type" else CREATURE_TYPES
    members = draw(st.frozensets(st.sampled_from(pool), min_size=1, max_size=2))
    return _set_change(k, members), None


def _set_change(k: str, members: frozenset[str]) -> a.ModifyStat:
    if k == "region_type":
        return a.ModifyStat(pv.REGION_TYPE, a.StatOp.SET, members=members)
    op = {"add": a.StatOp.ADD, "remove": a.StatOp.REMOVE, "set": a.StatOp.SET}[k]
    return a.ModifyStat(pv.SUBTYPES, op, members=members)


def number_passives(draw: st.DrawFn, j: int) -> tuple[a.Selector, Does, None]:
    """A passive of the shapes where order decides numbers: a change of ``power`` to the
    characters of a creature type (``j`` = 0, or drawn), to all or to the others (``j`` = 1,
    or drawn), or a change of creature types (``j`` = 2, or drawn): the first three make the
    shape of issue x/y/z ("other Beasts have 2", "all have 4", "all are Beasts")."""
    what = ("subtype", "kind", "subtypes")[j] if j < 3 else None
    what = what or draw(st.sampled_from(["subtype", "kind", "other", "subtypes"]))
    if what == "subtypes":
        k = draw(st.sampled_from(["add", "remove"]))
        members = draw(st.frozensets(st.sampled_from(CREATURE_TYPES), min_size=1, max_size=2))
        return a.Selector(ALL, kinds=CHARACTERS), (_set_change(k, members), None), None
    other = draw(st.booleans())
    if what == "subtype":
        subtype = frozenset({draw(st.sampled_from(CREATURE_TYPES))})
        selector = a.Selector(ALL, subtypes=subtype, other=other)
    else:
        selector = a.Selector(ALL, kinds=CHARACTERS, other=other)
    op = draw(st.sampled_from([a.StatOp.SET, a.StatOp.SET, a.StatOp.ADD]))
    amount = draw(st.integers(-2, 3))
    return selector, (a.ModifyStat("power", op), a.Const(amount)), None


@st.composite
def states(draw: st.DrawFn, max_passives: int = 4, numbers: bool = False) -> GameState:
    """1–2 regions, 2–4 characters (some out of play), 1–``max_passives`` passives.

    With ``numbers``, 3–5 characters in play, 3–``max_passives`` passives that change
    ``power`` and creature types only, on distinct sources with timestamps spread wider,
    so that dependency often reorders changes of numbers."""
    objects: dict[str, GameObject] = {}
    n_regions = draw(st.integers(1, 2))
    for i in range(n_regions):
        rid = f"r{i}"
        subtypes = draw(st.frozensets(st.sampled_from(TERRAINS), max_size=1))
        objects[rid] = GameObject(rid, "ana", "region", base={"subtypes": subtypes})
    n_chars = draw(st.integers(3, 5) if numbers else st.integers(2, 4))
    for i in range(n_chars):
        cid = f"c{i}"
        objects[cid] = GameObject(
            cid,
            draw(st.sampled_from(PLAYERS)),
            "character",
            zone="play" if numbers else draw(st.sampled_from(["play", "play", "play", "reserve"])),
            base={
                "power": draw(st.integers(0, 3)),
                "subtypes": draw(st.frozensets(st.sampled_from(CREATURE_TYPES), max_size=2)),
            },
            features={k: _flag(k) for k in draw(st.frozensets(st.sampled_from(KEYWORDS)))},
            timestamp=draw(st.integers(1, 8 if numbers else 4)),
            region=f"r{draw(st.integers(0, n_regions - 1))}",
        )
    n_passives = draw(st.integers(3 if numbers else 1, max_passives))
    for j in range(n_passives):
        # with ``numbers``, one source per passive while there are characters enough
        owner = f"c{j if numbers and j < n_chars else draw(st.integers(0, n_chars - 1))}"
        selector, (action, amount), condition = (
            number_passives(draw, j)
            if numbers
            else (draw(selectors()), draw(effects()), draw(conditions()))
        )
        p = pv.passive(f"{owner}.p{j}", owner, action, selector, amount, condition)
        obj = objects[owner]
        objects[owner] = replace(obj, abilities=(*obj.abilities, p))
    return GameState(RULESETS["altered"], PLAYERS, objects)


def _flag(name: str) -> Feature:
    return Feature(name)


def closure(pairs: set[tuple[str, str]], nodes: list[str]) -> set[tuple[str, str]]:
    reach = set(pairs)
    for k in nodes:
        for i in nodes:
            for j in nodes:
                if (i, k) in reach and (k, j) in reach:
                    reach.add((i, j))
    return reach


def brute_order(state: GameState) -> tuple[list[str], GameState, list[set[tuple[str, str]]]]:
    """A-ORDER-1 from its words: the order, the final state, and the closure at each step."""
    players = state.players
    objects = dict(state.objects)
    by_id = {p.id: p for p in pv.active_passives(objects)}
    unapplied = set(by_id)
    order: list[str] = []
    closures: list[set[tuple[str, str]]] = []
    while True:
        unapplied = {pid for pid in unapplied if pv.exists(by_id[pid], objects)}
        if not unapplied:
            return order, replace(state, objects=objects), closures
        current = replace(state, objects=objects)
        nodes = sorted(unapplied)
        direct = {
            (a, b)
            for a in nodes
            for b in nodes
            if a != b and pt.brute_dependence(by_id[a], by_id[b], current)
        }
        clo = closure(direct, nodes)
        closures.append(clo)
        free = [a for a in nodes if all((b, a) in clo for b in nodes if b != a and (a, b) in clo)]
        chosen = min(free, key=lambda pid: pv.order_key(by_id[pid], objects, players))
        board = pt.Board(current)
        objects.update(pt.apply_passive(by_id[chosen], board).changes)
        order.append(chosen)
        unapplied.discard(chosen)


def drawn_source(
    draw: st.DrawFn,
    oid: str,
    passive: pv.Passive,
    types: Sequence[str],
    regions: Sequence[str],
    *,
    most_types: int = 1,
    latest: int = 6,
) -> GameObject:
    """A character of either player in one of ``regions``, of at most ``most_types`` of
    ``types``, timestamp 1 to ``latest``, with ``passive``: the sources of the passive
    boards."""
    return GameObject(
        oid,
        draw(st.sampled_from(PLAYERS)),
        "character",
        base={
            "power": 0,
            "subtypes": draw(st.frozensets(st.sampled_from(types), max_size=most_types)),
        },
        timestamp=draw(st.integers(1, latest)),
        abilities=(passive,),
        region=draw(st.sampled_from(regions)),
    )


def drawn_characters(
    draw: st.DrawFn,
    types: Sequence[str],
    regions: Sequence[str],
    most: int,
    *,
    least: int = 1,
    gigantic: bool = False,
) -> dict[str, GameObject]:
    """``least`` to ``most`` characters ``x0``, ``x1``... that are sources of nothing, of
    either player, power 0-3, at most two of ``types``, Gigantic or not (``gigantic``),
    in one of ``regions``."""
    out = {}
    for i in range(draw(st.integers(least, most))):
        out[f"x{i}"] = GameObject(  # (drawn in this order: player, power, types, keyword, region)
            f"x{i}",
            draw(st.sampled_from(PLAYERS)),
            "character",
            base={
                "power": draw(st.integers(0, 3)),
                "subtypes": draw(st.frozensets(st.sampled_from(types), max_size=2)),
            },
            features=(
                {k: _flag(k) for k in draw(st.frozensets(st.sampled_from(("Gigantic",))))}
                if gigantic
                else {}
            ),
            region=draw(st.sampled_from(regions)),
        )
    return out


def same_ordering(got: Ordering, fresh: Ordering) -> None:
    """A re-evaluated ordering equals a fresh one: its order, what the view shows of
    every object, the targets and conditions held, the passives and their timestamps;
    and its state is marked derived, as a fresh one is (never derived again, A-PASS-1)."""
    assert got.order == fresh.order
    assert got.state.derived and fresh.state.derived
    assert comparable(got.state) == comparable(fresh.state)
    assert dict(got.applied_to) == dict(fresh.applied_to)
    assert got.held == fresh.held
    assert dict(got.passives) == dict(fresh.passives)
    assert dict(got.stamps) == dict(fresh.stamps)


def comparable(state: GameState) -> dict[str, object]:
    """What the view shows of every object, without explanations."""
    from arbiter.model.view import object_json

    out: dict[str, object] = {}
    for oid in sorted(state.objects):
        view = object_json(state.objects[oid], state)
        view.pop("passives", None)
        view["abilities"] = sorted(a.id for a in state.objects[oid].abilities)
        out[oid] = _strip(view)
    return out


def _strip(value: object) -> object:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k != "because"}
    return value
