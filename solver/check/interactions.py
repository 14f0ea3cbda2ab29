"""The diagnostic kinds of ``arbiter check`` that rest on the merged areas: dependency
cycles among passives (A-ORDER-1), loops of triggers and quick actions (LOOP-2,
A-GOLD-9), and the ruling on Decision D-PREV-3 (a bonus against a prevention).

Each kind is one registered function; each reuses its area's solver
(solver/dependency/order.py, solver/loops/graph.py + solver/loops/decide.py,
model/damage/instructions.py)
on a game built from the cards (``arbiter.model.cardset.game_state``) and writes a witness.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbiter.model import abilities as ab
from arbiter.model import passives as pv
from arbiter.model.cardset import Card, game_state, performed_role
from arbiter.model.damage import instructions as dm
from arbiter.model.damage import prevention as prev
from arbiter.model.damage.steps import DealDamage
from arbiter.model.effects import algebra as fx
from arbiter.model.effects.perform import Perform
from arbiter.model.errors import Location
from arbiter.model.ruleset import PreventionTiming
from arbiter.model.state import JSON, GameState
from arbiter.solver.check import classes as cls
from arbiter.solver.check import witness as w
from arbiter.solver.check.base import (
    CardIndex,
    Diagnostic,
    Severity,
    Witness,
)

if TYPE_CHECKING:
    from arbiter.solver.loops.decide import Verdict


def _locs(*where: Location | None) -> tuple[Location, ...]:
    return tuple(x for x in where if x is not None)


# -- dependency-cycle: A-ORDER-1 falls back to timestamps ---------------------------------


def _passive_channels(card: Card, which: str) -> frozenset[Hashable]:
    """The attributes (stat, feature, subtype, abilities) a card's passives write or read:
    a cycle between two cards needs each to write something the other reads."""
    out: set[Hashable] = set()
    for p in pv.passives_of(card.template):
        channels = pv.writes(p) if which == "writes" else pv.reads(p)
        out.update(attr for attr, _ in channels)
    return frozenset(out)


def _passive_class(index: CardIndex, card: Card) -> Hashable | None:
    """What a dependency between two cards' passives reads of a card: its kind, subtypes
    and keywords (what selectors and conditions read) and its passives (ids aside)."""
    passives = pv.passives_of(card.template)
    if not passives:
        return None
    return (
        card.kind,
        pv.subtypes(card.template),
        frozenset(card.template.features),
        tuple(p.effect for p in passives),
    )


def writes_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if not cls.offers_keys(index, "passives", _passive_class, card):
        return frozenset()
    return _passive_channels(card, "writes")


def reads_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if not cls.offers_keys(index, "passives", _passive_class, card):
        return frozenset()
    return _passive_channels(card, "reads")


def _after(state: GameState, cid: str) -> list[JSON]:
    return [p.id for p in pv.passives_of(state.objects[cid])]


def dependency_cycle(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    """passives of cards that can be in play together depend on each other (A-ORDER-1)"""
    first, second = combo
    if first > second:
        return  # a two-card cycle is met from both sides: examined once, in id order
        # (never file order: where a card is written must not change the answer)
    for card, other in ((first, second), (second, first)):
        if not cls.stands_for_class(index, "passives", _passive_class, index.card(card), [other]):
            return  # another card of the same class stands for it (Decision CHECK-SUBJ)
    from arbiter.solver.dependency.order import order_passives

    for owners in (("you", "you"), ("you", "opponent")):
        placed = dict(zip(combo, owners, strict=True))
        state = game_state(index.cardset, placed)
        ordering = order_passives(state)
        for cycle in ordering.cycles:
            sources = {ordering.passives[pid].source for pid in cycle[:-1]}
            if sources != set(combo):
                continue  # a card's passives among themselves: not a pair's problem
            yield _cycle_diagnostic(index, placed, state, cycle, ordering.order)
            return


def _cycle_diagnostic(
    index: CardIndex,
    placed: dict[str, str],
    state: GameState,
    cycle: tuple[str, ...],
    order: tuple[str, ...],
) -> Diagnostic:
    from arbiter.solver.dependency.order import order_passives

    cards = [index.card(cid) for cid in placed]
    arrow = " → ".join(cycle)
    texts = "; ".join(
        f"{c.id}: '{p.label()}'" for c in cards for p in pv.passives_of(c.template) if p.id in cycle
    )
    swapped = dict(reversed(list(placed.items())))
    other_order = order_passives(game_state(index.cardset, swapped)).order
    outcome = (
        f"with {cards[0].id} in play first the passives apply as {', '.join(order) or 'none'}; "
        f"with {cards[1].id} first, as {', '.join(other_order) or 'none'}"
    )
    objects: dict[str, dict[str, JSON]] = {}
    for stamp, (cid, owner) in enumerate(placed.items(), start=1):
        objects[cid] = w.card_object(index.card(cid), owner) | {"timestamp": stamp}
    after = order_passives(state).state
    expect: dict[str, JSON] = {f"{cid}.passives": _after(after, cid) for cid in placed}
    return Diagnostic(
        "dependency-cycle",
        Severity.WARNING,
        tuple(sorted(placed)),
        tuple(cycle[:-1]),
        ("A-DEP-1", "A-DEP-2", "A-ORDER-1"),
        f"The passives of {' and '.join(c.id for c in cards)} depend on each other ({arrow}; "
        f"{texts}): neither can wait for the other, so A-ORDER-1 falls back to timestamps and "
        f"the card that came into play first decides: {outcome}. Players will ask a judge; "
        "the card texts could say which applies.",
        w.scenario(
            "dependency-cycle",
            title=f"{' and '.join(placed)}: a dependency cycle ({arrow})",
            description=f"Each passive depends on the other (A-DEP-1, A-DEP-2); A-ORDER-1 "
            f"applies the one with the smaller timestamp first: {', '.join(order)}.",
            ruleset=index.cardset.ruleset,
            objects=objects,
            steps=[],
            expect=expect,
        ),
        _locs(*(c.where for c in cards)),
    )


# -- loop-mandatory / loop-capped: the loop search on the cards' minimal states -----------


def loops(index: CardIndex) -> Iterator[Diagnostic]:
    """loops of triggers and quick actions (LOOP-2; A-GOLD-9 caps quick actions)"""
    with_abilities = [
        cid for cid, c in index.cardset.cards.items() if any(ab.abilities(c.template))
    ]
    if not with_abilities:
        return
    from arbiter.solver.loops import decide as search
    from arbiter.solver.loops import graph as loop_graph

    # the static pass prunes by what each ability produces and waits for (LOOP-4)
    state = game_state(index.cardset, dict.fromkeys(index.cardset.cards, "you"))
    for cand in loop_graph.candidates(loop_graph.ability_graph(state)):
        sub = loop_graph.sub_state(state, cand.objects)
        verdict = search.decide(sub, seeded=frozenset(cand.abilities))
        if verdict.verdict is search.LoopVerdict.LOOP:
            yield _loop_diagnostic(index, sub, cand.abilities, cand.arrows(), verdict)


def _loop_diagnostic(
    index: CardIndex,
    sub: GameState,
    abilities: tuple[str, ...],
    arrows: str,
    verdict: Verdict,
) -> Diagnostic:
    cards = tuple(sorted({sub.objects[o].card or o for o in sub.objects}))
    mandatory = bool(verdict.mandatory)
    expect: dict[str, JSON] = {
        "verdict": "loop",
        "mandatory": mandatory,
        "per_iteration": dict(verdict.per_iteration),
    }
    if verdict.cap is not None:
        expect["cap.iterations_per_day"] = verdict.cap["iterations_per_day"]
    if mandatory:
        code, severity = "loop-mandatory", Severity.ERROR
        said = (
            "no trigger of it says 'may', so once it starts play can never leave it: the game "
            "cannot go on (an error in the cards)"
        )
    else:
        code, severity = "loop-capped", Severity.WARNING
        said = "it is optional (a quick action or a 'may'), so a player can repeat it at will" + (
            f"; A-GOLD-9 caps it at {verdict.cap['iterations_per_day']} iteration(s) a day"
            if verdict.cap is not None
            else ""
        )
    rules = tuple(dict.fromkeys([*verdict.rules, *(("A-GOLD-9",) if not mandatory else ())]))
    return Diagnostic(
        code,
        severity,
        cards,
        abilities,
        rules,
        f"{', '.join(cards)} make a loop ({arrows}): {verdict.reason}. {said[0].upper()}"
        f"{said[1:]}.",
        w.loops_file(
            code,
            title=f"{' and '.join(cards)}: a {'mandatory' if mandatory else 'optional'} loop",
            description=f"{arrows}. {verdict.reason}. Run it with `arbiter loops`.",
            ruleset=index.cardset.ruleset.name,
            cards={cid: index.card(cid) for cid in cards},
            expect_verdict=expect,
        ),
        _locs(*(index.card(c).where for c in cards)),
    )


# -- ruling-D-PREV-3: a damage bonus against a prevention ---------------------------------


@dataclass(frozen=True, slots=True)
class _Hit:
    """A damage step of a card's effect that deals an amount to each target (D-EACH-1),
    from the damage area's step or the card language's (a ``perform`` step)."""

    step: int
    kind: str  # spell | ability ... (the damage source's kind)
    ability: str | None
    amount: int
    roles: tuple[str, ...]
    where: Location | None


def _hits(card: Card) -> list[_Hit]:
    """The card's damage steps that deal an amount to each target (D-EACH-1): a split's
    shares are prevented alike under both readings (Decision D-PREV-3b); an amount
    computed from the game is not known before the game (Decision CHECK-ALGEBRA)."""
    out: list[_Hit] = []
    for i, s in enumerate(card.effect):
        if isinstance(s, DealDamage) and s.instruction.mode is dm.Mode.EACH:
            src = s.instruction.source
            roles = tuple(s.targets or ())
            out.append(_Hit(i, src.kind, src.ability, s.instruction.amount, roles, s.where))
        elif isinstance(s, Perform):
            kind = "spell" if card.kind == "spell" else "ability"
            for j, e in enumerate(s.effects):
                act, x = e.action, e.amount
                if not isinstance(act, fx.DealDamage) or act.split or not isinstance(x, fx.Const):
                    continue
                role = performed_role(card, s, e.selector, str(j))
                undone = e.condition is not None or bool(e.costs)  # it may not be done
                if role is not None and isinstance(x.value, int) and not undone:
                    ability = None if kind == "spell" else "ability"
                    out.append(_Hit(i, kind, ability, x.value, (role,), s.where))
    return out


def _bonuses(card: Card) -> list[dm.DamageBonus]:
    return [a for a in card.template.abilities if isinstance(a, dm.DamageBonus) and a.amount > 0]


def dealer_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    out: set[Hashable] = set()
    for hit in _hits(card):
        for role in hit.roles:
            for kind in index.role_kinds(card, role):
                out.add((hit.kind, kind))
    return frozenset(out)


def _bonus_class(card: Card) -> tuple[tuple[str, int], ...]:
    """What the ruling reads of a bonus giver: the bonus to each kind of source."""
    return tuple(
        (k, sum(b.amount for b in _bonuses(card) if k in b.to)) for k in sorted(dm.ACTION_KINDS)
    )


def _shield_class(card: Card) -> tuple[str, int]:
    """What the ruling reads of a shielded card: its kind and the prevention it has."""
    return card.kind, sum(s.remaining for s in prev.shields(card.template))


def _giver_class(index: CardIndex, card: Card) -> Hashable | None:
    return _bonus_class(card) if _bonuses(card) else None


def _shielded_class(index: CardIndex, card: Card) -> Hashable | None:
    return (*_shield_class(card), index.traits(card)) if prev.shields(card.template) else None


def bonus_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if not cls.offers_keys(index, "prev3-giver", _giver_class, card):
        return frozenset()
    return frozenset((k, kind) for b in _bonuses(card) for k in b.to for kind in index.kinds)


def shielded_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if not cls.offers_keys(index, "prev3-shielded", _shielded_class, card):
        return frozenset()
    return frozenset((k, card.kind) for k in dm.ACTION_KINDS)


def _source_doc(hit: _Hit, dealer: str) -> dict[str, JSON]:
    if hit.kind == "ability":
        return {"ability": hit.ability, "card": dealer}
    return {hit.kind: dealer}


def bonus_against_prevention(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    """a damage bonus and a prevention where Decision D-PREV-3's readings differ"""
    dealer, giver, shielded = (index.card(c) for c in combo)
    if not cls.stands_for_class(
        index, "prev3-giver", _giver_class, giver, (dealer.id, shielded.id)
    ) or not cls.stands_for_class(
        index, "prev3-shielded", _shielded_class, shielded, (dealer.id, giver.id)
    ):
        return  # another card of the same class stands for this one (Decision CHECK-SUBJ)
    shield = sum(s.remaining for s in prev.shields(shielded.template))
    for hit in _hits(dealer):
        if not any(index.reaches(dealer, r, shielded) for r in hit.roles):
            continue
        bonus = sum(b.amount for b in _bonuses(giver) if hit.kind in b.to)
        base = hit.amount
        if bonus <= 0 or base <= 0 or not base <= shield < base + bonus:
            continue
        yield _prev_diagnostic(index, dealer, giver, shielded, hit, base, bonus, shield)
        return


def _prev_diagnostic(
    index: CardIndex,
    dealer: Card,
    giver: Card,
    shielded: Card,
    hit: _Hit,
    base: int,
    bonus: int,
    shield: int,
) -> Diagnostic:
    with_bonus = base + bonus - shield
    objects = {
        dealer.id: w.card_object(dealer),
        giver.id: w.card_object(giver),
        shielded.id: w.card_object(shielded, "opponent"),
    }
    damage: dict[str, JSON] = {
        "id": dealer.id,
        "each": base,
        "targets": [shielded.id],
        "source": _source_doc(hit, dealer.id),
    }
    ruleset = index.cardset.ruleset

    def run(policy: PreventionTiming, amount: int) -> Witness:
        return w.scenario(
            f"ruling-D-PREV-3.{policy.value}",
            title=f"{dealer.id} with {giver.id}'s bonus against {shielded.id} ({policy.value})",
            description=f"Decision D-PREV-3, prevention_timing: {policy.value}: {base} "
            f"{bonus:+d} against a prevention of {shield} deals {amount}.",
            ruleset=ruleset,
            policies={"prevention_timing": policy.value},
            objects=objects,
            steps=[{"damage": damage}],
            expect={
                "events.0.amount": amount,
                "events.0.damaged": amount > 0,
                "events.0.bonus": bonus,
            },
        )

    main = run(PreventionTiming.WITH_BONUS, with_bonus)
    other = run(PreventionTiming.BASE_FIRST, 0)
    names = f"{dealer.id}, {giver.id} and {shielded.id}"
    return Diagnostic(
        "ruling-D-PREV-3",
        Severity.RULING,
        tuple(sorted({dealer.id, giver.id, shielded.id})),
        (
            f"{dealer.id}.effect[{hit.step}]",
            f"{giver.id}.damage_bonus",
            f"{shielded.id}.prevention",
        ),
        ("D-PREV-3", "D-PREV-1", "D-BONUS-1"),
        f"{names}: {dealer.id} deals {base} with {giver.id}'s bonus {bonus:+d} to "
        f"{shielded.id}, which prevents {shield}. Counting the bonus before prevention (the "
        f"source, Decision D-PREV-3's default) deals {with_bonus}; preventing the base damage "
        f"first (Riftbound core rules 1.3, 417.1.e.1) deals 0, so {shielded.id} is not damaged. A "
        "judge confirms which reading the set plays by (the witness runs both).",
        w.with_variant(main, PreventionTiming.BASE_FIRST.value, other),
        _locs(hit.where, giver.where, shielded.where),
    )
