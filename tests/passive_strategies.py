"""Hypothesis strategies for small random sets of passives, and a brute-force A-ORDER-1.

The brute force follows the rules' words and nothing else: at each step it
recomputes every direct dependency among the unapplied passives from the
definitions (``brute_dependence``, full scans), takes the transitive closure by
Floyd–Warshall, and applies the free passive with the smallest timestamp.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from arbiter.model import passives as pv
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from arbiter.model.values.features import Feature
from arbiter.model.values.reading import Op

PLAYERS = ("ana", "bo")
CREATURE_TYPES = ("Elemental", "Spirit", "Animal")
TERRAINS = ("Forest", "Mountain", "Water")
KEYWORDS = ("Gigantic", "Defender")


@st.composite
def selectors(draw: st.DrawFn) -> pv.Selector:
    shape = draw(
        st.sampled_from(["self", "self", "kind", "subtype", "keyword", "other", "region", "region"])
    )
    controller = draw(st.sampled_from([None, None, "you", "opponent"]))
    if shape == "self":
        return pv.Selector(self_only=True)
    if shape == "region":
        return pv.Selector(kinds=frozenset({"region"}))
    if shape == "kind":
        return pv.Selector(kinds=frozenset({"character"}), controller=controller)
    if shape == "subtype":
        return pv.Selector(subtype=draw(st.sampled_from(CREATURE_TYPES)), controller=controller)
    if shape == "keyword":
        return pv.Selector(keyword=draw(st.sampled_from(KEYWORDS)))
    return pv.Selector(kinds=frozenset({"character"}), other=True)


@st.composite
def conditions(draw: st.DrawFn) -> pv.Condition | None:
    shape = draw(st.sampled_from([None, "region", "region", "subtype", "keyword"]))
    if shape == "region":
        return pv.Condition(region=draw(st.sampled_from(TERRAINS)))
    if shape == "subtype":
        return pv.Condition(subtype=draw(st.sampled_from(CREATURE_TYPES)))
    if shape == "keyword":
        return pv.Condition(keyword=draw(st.sampled_from(KEYWORDS)))
    return None


@st.composite
def effects(draw: st.DrawFn) -> pv.PassiveEffect:
    k = draw(
        st.sampled_from([*pv.EffectKind, pv.EffectKind.REGION_TYPE, pv.EffectKind.ADD_SUBTYPES])
    )
    if k is pv.EffectKind.MODIFY:
        op = draw(st.sampled_from([Op.ADD, Op.SET]))
        return pv.PassiveEffect(k, stat="power", op=op, amounts=(draw(st.integers(-2, 3)),))
    if k in (pv.EffectKind.GAIN, pv.EffectKind.LOSE):
        return pv.PassiveEffect(k, feature=draw(st.sampled_from(KEYWORDS)))
    if k is pv.EffectKind.LOSE_ALL_ABILITIES:
        return pv.PassiveEffect(k)
    pool = TERRAINS if k is pv.EffectKind.REGION_TYPE else CREATURE_TYPES
    members = draw(st.frozensets(st.sampled_from(pool), min_size=1, max_size=2))
    return pv.PassiveEffect(k, members=members)


def number_passives(draw: st.DrawFn, j: int) -> tuple[pv.Selector, pv.PassiveEffect, None]:
    """A passive of the shapes where order decides numbers: a change of ``power`` to the
    characters of a creature type (``j`` = 0, or drawn), to all or to the others (``j`` = 1,
    or drawn), or a change of creature types (``j`` = 2, or drawn): the first three make the
    shape of issue x/y/z ("other Beasts have 2", "all have 4", "all are Beasts")."""
    what = ("subtype", "kind", "subtypes")[j] if j < 3 else None
    what = what or draw(st.sampled_from(["subtype", "kind", "other", "subtypes"]))
    if what == "subtypes":
        k = draw(st.sampled_from([pv.EffectKind.ADD_SUBTYPES, pv.EffectKind.REMOVE_SUBTYPES]))
        members = draw(st.frozensets(st.sampled_from(CREATURE_TYPES), min_size=1, max_size=2))
        return (
            pv.Selector(kinds=frozenset({"character"})),
            pv.PassiveEffect(k, members=members),
            None,
        )
    other = draw(st.booleans())
    if what == "subtype":
        selector = pv.Selector(subtype=draw(st.sampled_from(CREATURE_TYPES)), other=other)
    else:
        selector = pv.Selector(kinds=frozenset({"character"}), other=other)
    op = draw(st.sampled_from([Op.SET, Op.SET, Op.ADD]))
    amount = draw(st.integers(-2, 3))
    return selector, pv.PassiveEffect(pv.EffectKind.MODIFY, "power", op, (amount,)), None


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
        selector, effect, condition = (
            number_passives(draw, j)
            if numbers
            else (draw(selectors()), draw(effects()), draw(conditions()))
        )
        p = pv.Passive(
            id=f"{owner}.p{j}",
            source=owner,
            selector=selector,
            effect=effect,
            condition=condition,
        )
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
            if a != b and pv.brute_dependence(by_id[a], by_id[b], current)
        }
        clo = closure(direct, nodes)
        closures.append(clo)
        free = [a for a in nodes if all((b, a) in clo for b in nodes if b != a and (a, b) in clo)]
        chosen = min(free, key=lambda pid: pv.order_key(by_id[pid], objects, players))
        board = pv.Board(current)
        objects.update(pv.apply_passive(by_id[chosen], board).changes)
        order.append(chosen)
        unapplied.discard(chosen)


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
