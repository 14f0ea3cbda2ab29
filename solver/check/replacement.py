"""The diagnostic kind ``replacement-competition``: replacement effects of two cards that
can compete for one event (R-5: a player chooses which applies) or chain on it (R-6),
where that choice or its order changes what happens.

The pair is put in play (``arbiter.model.cardset.game_state``) with stand-ins for the objects the
patterns name, one minimal game action proposes an event one of them waits for, and the
exhaustive choice search (solver/choices/outcomes.py) lists the distinct outcomes. A "may" is a
choice of its own, not a competition: the comparison is made with every replacement
mandatory, and the pair is reported when together they have more distinct outcomes than
either card's replacements alone. The witness is that game action with the cards' own
texts (a "may" kept) and the number of outcomes ``arbiter run`` finds.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import replace

from arbiter.model.cardset import Card, game_state
from arbiter.model.damage import replacement as rp
from arbiter.model.damage.action_step import GameActionStep
from arbiter.model.damage.actions import GameAction, ProposedEvent, counter_changes
from arbiter.model.effects.algebra import Selector, Side
from arbiter.model.state import JSON, GameObject, GameState
from arbiter.solver.check import witness as w
from arbiter.solver.check.base import CardIndex, Diagnostic, Severity, Witness

OWNERS = (("you", "you"), ("you", "opponent"))


def _replacements(card: Card) -> list[rp.Replacement]:
    return [a for a in card.template.abilities if isinstance(a, rp.Replacement)]


def _kinds_of(index: CardIndex, card: Card, sel: rp.Among | None) -> frozenset[str]:
    """The object kinds a selector of ``card`` can stand for (``self``: the card's kind)."""
    if sel is None:
        return index.kinds
    ids = rp.ids_of(sel, "self")
    if ids is not None and ids <= {"self"}:
        return frozenset({card.kind})
    return rp.filters(sel).kinds or index.kinds


def waits(index: CardIndex, card: Card) -> frozenset[Hashable]:
    """(event kind, object kind) for every event a replacement of the card waits for."""
    return frozenset(
        (kind, ok)
        for r in _replacements(card)
        for kind in r.pattern.kinds
        for ok in _kinds_of(index, card, r.pattern.affected)
    )


def waits_or_makes(index: CardIndex, card: Card) -> frozenset[Hashable]:
    """What the card waits for, and the events its replacements make instead (a chain)."""
    made: set[Hashable] = set()
    for r in _replacements(card):
        for t in r.instead:
            kinds = r.pattern.kinds if t.kind is None else frozenset({t.kind})
            if t.target == "choose":
                objs = _kinds_of(index, card, t.choose)
            elif t.target == "self":
                objs = frozenset({card.kind})
            elif t.target == "same":
                objs = _kinds_of(index, card, r.pattern.affected)
            else:
                objs = index.kinds
            made.update((k, ok) for k in kinds for ok in objs)
    return waits(index, card) | made


# -- the game the pair is examined in -------------------------------------------------------


def _bare(obj: GameObject) -> GameObject:
    return replace(
        obj, abilities=tuple(a for a in obj.abilities if not isinstance(a, rp.Replacement))
    )


def _state(
    index: CardIndex, placed: dict[str, str], others: dict[str, str], keep: frozenset[str]
) -> GameState:
    """The pair (replacements of the cards in ``keep`` only) and the stand-ins (bare)."""
    state = game_state(index.cardset, placed | others)
    for cid in placed | others:
        if cid not in keep:
            state = state.with_object(_bare(state.objects[cid]))
    return state


def _mandatory(state: GameState) -> GameState:
    """Every replacement mandatory: a "may" is a choice of its own, not a competition."""
    for o in list(state.objects.values()):
        abilities = tuple(
            replace(a, optional=False) if isinstance(a, rp.Replacement) else a for a in o.abilities
        )
        state = state.with_object(replace(o, abilities=abilities))
    return state


def _events(state: GameState, combo: tuple[str, ...]) -> Iterator[ProposedEvent]:
    """One event per (replacement of the pair, event kind, object it can affect)."""
    seen: set[tuple[str, str, int, str]] = set()
    for r in rp.replacements_in_play(state):
        if r.source not in combo:
            continue
        p = r.pattern
        amount = (
            max(2, p.amount_min)
            if p.amount_max is None
            else min(max(2, p.amount_min), p.amount_max)
        )
        sources = ["effect"] + [oid for oid in state.objects if oid not in combo]
        for kind in sorted(p.kinds):
            for oid in sorted(state.objects):
                for src in sources:
                    e = ProposedEvent(kind, oid, amount, src, 0)
                    if (kind, oid, amount, src) in seen or not rp.matches(r, e, state):
                        continue
                    seen.add((kind, oid, amount, src))
                    yield e
                    break


def _outcomes(state: GameState, e: ProposedEvent) -> tuple[dict[Hashable, str], bool, str]:
    """The distinct outcomes of one game action proposing ``e`` (each described), whether
    one depends on the order of the choices, and who chooses first (R-5)."""
    from arbiter.solver.choices.outcomes import exhaustive_leaves, order_dependent, replay

    step = GameActionStep(action=GameAction("action", e.source, (e,)))
    run = step.begin(state)
    first = step.point(run)
    leaves = exhaustive_leaves(step, 0, run)
    described: dict[Hashable, str] = {}
    for fp, leaf in leaves.items():
        end = replay(step, run, leaf.decisions)
        changes = counter_changes(end.pending)
        text = ", ".join(f"{t} +{n} {c}" for t, c, n in changes) or "nothing happens"
        order = " then ".join(a.by for a in end.log if a.made is not None) or "no replacement"
        described[fp] = f"{order}: {text}"
    dependent = bool(order_dependent(leaves))
    return described, dependent, first.chooser if first is not None else ""


def _describe(e: ProposedEvent) -> str:
    return f"{e.target} would be {e.kind.replace('-', ' ')} {e.amount} (from {e.source})"


def replacement_competition(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    """replacements of two cards competing for (or chaining on) one event (R-5, R-4)"""
    first, second = combo
    a, b = index.card(first), index.card(second)
    if not _replacements(a) or not _replacements(b):
        return
    reverse = waits_or_makes(index, b) & waits(index, a)
    if first > second and reverse:
        return  # met from both sides: examined once, in id order
    for owners in OWNERS:
        placed = dict(zip(combo, owners, strict=True))
        others = _sides(index, combo, placed)
        both = _mandatory(_state(index, placed, others, frozenset(combo)))
        for e in _events(both, combo):
            together, dependent, chooser = _outcomes(both, e)
            if len(together) < 2:
                continue
            alone = [
                len(_outcomes(_mandatory(_state(index, placed, others, frozenset({c}))), e)[0])
                for c in combo
            ]
            if len(together) > max(alone):
                yield _diagnostic(index, placed, others, e, together, dependent, chooser)
                return


def _sides(index: CardIndex, combo: tuple[str, ...], placed: dict[str, str]) -> dict[str, str]:
    """The stand-ins, each owned by the player a selector of the pair wants it on."""
    out: dict[str, str] = {}
    for cid in combo:
        who = placed[cid]
        enemy = "opponent" if who == "you" else "you"
        for r in _replacements(index.card(cid)):
            sels = [r.pattern.affected, *(t.choose for t in r.instead if t.choose is not None)]
            for among in sels:
                if among is None or rp.ids_of(among, "self") is not None:
                    continue
                sel = rp.filters(among)
                side = enemy if sel.side is Side.ENEMY else who
                if any(_fits(index, sel, c) and o == side for c, o in out.items()):
                    continue  # one stand-in serves every selector it fits
                found = _stand_ins_for(index, combo, sel, out)
                if found is not None:
                    out[found] = enemy if sel.side is Side.ENEMY else who
    return out


def _stand_ins_for(
    index: CardIndex, combo: tuple[str, ...], sel: Selector, taken: dict[str, str]
) -> str | None:
    for cid in sorted(index.cardset.cards):  # by id: where a card is written never matters
        if cid not in combo and cid not in taken and _fits(index, sel, cid):
            return cid
    return None


def _fits(index: CardIndex, sel: Selector, cid: str) -> bool:
    card = index.card(cid)
    if sel.kinds and card.kind not in sel.kinds:
        return False
    return not sel.has or sel.has <= rp.names_of(card.template)


# -- the diagnostic and its witness ---------------------------------------------------------


def _witness_doc(
    index: CardIndex, placed: dict[str, str], others: dict[str, str], e: ProposedEvent
) -> tuple[dict[str, dict[str, JSON]], dict[str, JSON]]:
    objects: dict[str, dict[str, JSON]] = {}
    for cid, owner in placed.items():
        objects[cid] = w.card_object(index.card(cid), owner)
        written = objects[cid].get("replacements")
        if isinstance(written, list):  # a card's ids are its object's: card id + "_" + id
            objects[cid]["replacements"] = [
                {**r, "id": f"{cid}_{r['id']}"} if isinstance(r, dict) and "id" in r else r
                for r in written
            ]
    for cid, owner in others.items():
        objects[cid] = w.object_doc(_bare(index.card(cid).template), owner)
    event: dict[str, JSON] = {"event": e.kind, "object": e.target, "amount": e.amount}
    step: dict[str, JSON] = {"id": "action", "source": e.source, "events": [event]}
    return objects, {"game-action": step}


def _count(text: str) -> tuple[int, bool]:
    """What ``arbiter run`` finds on the witness: the number of distinct outcomes (the
    cards' texts as written, a "may" kept) and whether one depends on the order."""
    from arbiter.model.format.document import load
    from arbiter.model.format.scenario import parse_document
    from arbiter.solver.choices.outcomes import enumerate_outcomes

    found = enumerate_outcomes(parse_document(load("witness.yaml", text)), method="exhaustive")
    return len(found.outcomes), found.order_dependent


def _diagnostic(
    index: CardIndex,
    placed: dict[str, str],
    others: dict[str, str],
    e: ProposedEvent,
    together: dict[Hashable, str],
    dependent: bool,
    chooser: str,
) -> Diagnostic:
    cards = [index.card(cid) for cid in placed]
    names = " and ".join(c.id for c in cards)
    owners = sorted(set(placed.values()))
    who = (
        f"both players' replacements can apply, so the active player ({chooser}) chooses"
        if len(owners) > 1
        else f"both are the same player's, so that player ({chooser}) chooses"
    )
    outcomes = "; ".join(f"({n}) {t}" for n, t in enumerate(sorted(together.values()), 1))
    order = (
        " Some outcome depends only on the order the replacements apply in." if dependent else ""
    )
    objects, step = _witness_doc(index, placed, others, e)
    ruleset = index.cardset.ruleset
    title = f"{names}: replacements competing for one event"
    description = (
        f"When {_describe(e)}, the replacements of {names} can both apply (R-5): {who}; "
        f"each applies at most once to the action (R-4). With every 'may' taken there are "
        f"{len(together)} distinct outcomes: {outcomes}."
    )

    def make(count: int, flag: bool) -> Witness:
        expect: dict[str, JSON] = {"outcomes.count": count}
        if flag:
            expect["outcome_search.order_dependent"] = True
        return w.scenario(
            "replacement-competition",
            title=title,
            description=description,
            ruleset=ruleset,
            objects=objects,
            steps=[step],
            expect=expect,
        )

    count, flag = _count(make(0, False).text)
    texts = "; ".join(f"{c.id}: '{r.text or r.id}'" for c in cards for r in _replacements(c))
    abilities = tuple(r.id for c in cards for r in _replacements(c))
    return Diagnostic(
        "replacement-competition",
        Severity.WARNING,
        tuple(sorted(placed)),
        abilities,
        ("R-5", "R-4", *(("R-6",) if " then " in outcomes else ())),
        f"{texts}. When {_describe(e)}, the replacements of {names} can both apply to that one "
        f"event: {who} (R-5), and each applies at most once to the game action (R-4). The "
        f"choice gives {len(together)} distinct outcomes where either card alone gives fewer: "
        f"{outcomes}.{order} Players will ask a judge; the texts could say which applies first.",
        make(count, flag),
        tuple(x for x in (c.where for c in cards) if x is not None),
    )
