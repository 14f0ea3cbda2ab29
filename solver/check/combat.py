"""``arbiter check``: combat keywords that interact in ways players get wrong
(Riftbound 460.2.c.7, 460.2.c.9; Decision CMB-CHECK).

- ``combat-exclusive-demands``: a unit that must be assigned combat damage last
  (Backline, or its text) can have Tank, printed or given by a card of the set, or
  the other way round. Players expect Tank to win, or the unit to sit between the
  others; the assigner picks first or last, never between (460.2.c.7).
- ``combat-exempt-tank``: a unit with Tank (printed or given) that can't be dealt
  damage or prevents All: nothing is lethal for it, so it is exempt from the order
  (460.2.c.9) and its Tank protects no other unit.

Each diagnostic carries a witness: a ``combat`` step that ``arbiter run`` executes.
"""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.model.cardset import Card
from arbiter.model.damage.combat_state import MIGHT, keywords
from arbiter.model.errors import Location
from arbiter.model.ruleset import Ruleset
from arbiter.model.state import JSON
from arbiter.solver.check import witness as w
from arbiter.solver.check.base import CardIndex, Diagnostic, Severity, Witness

EXCLUSIVE = "Riftbound 460.2.c.7"
EXEMPT = "Riftbound 460.2.c.9"


def _givers(index: CardIndex, unit: Card, feature: str) -> list[tuple[Card, str, Location | None]]:
    """Cards of the set whose effect gives ``feature`` to a role ``unit`` can stand for."""
    out = []
    for card in index.cardset.cards.values():
        for fw in index.prints[card.id].feature_writes:
            if fw.op != "gain" or fw.feature != feature:
                continue
            role = card.role(fw.role)
            if role.is_self and card.id != unit.id:
                continue
            if role.card is not None and role.card != unit.id:
                continue
            if unit.kind in index.role_kinds(card, fw.role) or card.id == unit.id:
                out.append((card, f"{card.id}.effect[{fw.step}]", fw.where))
    return out


def _with(unit: Card, feature: str | None, owner: str) -> dict[str, JSON]:
    doc = w.card_object(unit, owner)
    if feature is not None:
        feats = dict(doc.get("features") or {})
        feats[feature] = True
        doc["features"] = feats
    return doc


def _lethal(unit: Card) -> int:
    might = unit.template.base.get(MIGHT)
    return max(1, might) if isinstance(might, int) else 1


def _exclusive_witness(unit: Card, gained: str | None, ruleset: Ruleset, why: str) -> Witness:
    lethal = _lethal(unit)
    objects: dict[str, dict[str, JSON]] = {
        "attacker": {"owner": "you", "kind": "unit", "base": {MIGHT: 3}},
        unit.id: _with(unit, gained, "opponent"),
        "left": {"owner": "opponent", "kind": "unit", "base": {MIGHT: 2}},
        "right": {"owner": "opponent", "kind": "unit", "base": {MIGHT: 2}},
    }
    steps: list[dict[str, JSON]] = []
    fight = {"attackers": ["attacker"], "defenders": [unit.id, "left", "right"]}
    if lethal >= 2:  # 1 on it after 2 on "left" puts it between: refused
        steps.append(
            {
                "combat": {**fight, "assign": {"attackers": {"left": 2, unit.id: 1}}},
                "illegal": EXCLUSIVE,
            }
        )
    steps.append({"combat": {**fight, "assign": {"attackers": {"left": 2, "right": 1}}}})
    return w.scenario(
        "combat-exclusive-demands",
        title=f"{unit.id} must be assigned combat damage first and last: one is chosen",
        description=f"{why} The assigner puts it first or last (460.2.c.7): after 2 on "
        "'left', 1 on it is refused when it is short of lethal; 'left' then 'right' with "
        "it last is legal.",
        ruleset=ruleset,
        objects=objects,
        steps=steps,
        expect={f"events.{len(steps) - 1}.kind": "combat_assignment"},
    )


def _exempt_witness(unit: Card, gained: str | None, ruleset: Ruleset, why: str) -> Witness:
    return w.scenario(
        "combat-exempt-tank",
        title=f"{unit.id}'s Tank protects nothing: no amount is lethal for it",
        description=f"{why} It is exempt from the order of assignment (460.2.c.9): the "
        "attacker puts all its damage on the other unit.",
        ruleset=ruleset,
        objects={
            "attacker": {"owner": "you", "kind": "unit", "base": {MIGHT: 2}},
            unit.id: _with(unit, gained, "opponent"),
            "other": {"owner": "opponent", "kind": "unit", "base": {MIGHT: 2}},
        },
        steps=[
            {
                "combat": {
                    "attackers": ["attacker"],
                    "defenders": [unit.id, "other"],
                    "assign": {"attackers": {"other": 2}},
                }
            }
        ],
        expect={"events.0.destroyed": ["other"], "objects.other.counters.damage": 2},
    )


def combat_keywords(index: CardIndex) -> Iterator[Diagnostic]:
    """Combat keywords that interact in ways players get wrong (460.2.c.7, 460.2.c.9)."""
    ruleset = index.cardset.ruleset
    for unit in index.cardset.cards.values():
        if MIGHT not in unit.template.base:
            continue
        kw = keywords(unit.template)
        first, last = kw.tank or kw.first, kw.backline or kw.last
        exempt = not kw.takes_damage or kw.prevent_all
        where = (unit.where,) if unit.where else ()
        if first and last:
            why = f"{unit.id} has both demands printed."
            yield _exclusive(unit, None, (unit.id,), (unit.id,), where, ruleset, why)
        elif last:
            for giver, label, at in _givers(index, unit, "Tank"):
                why = f"{unit.id} must be assigned last; {giver.id} gives it Tank."
                cards = tuple(sorted({unit.id, giver.id}))
                locs = tuple(x for x in (at, unit.where) if x is not None)
                yield _exclusive(unit, "Tank", cards, (label,), locs, ruleset, why)
        elif first:
            for giver, label, at in _givers(index, unit, "Backline"):
                why = f"{unit.id} has Tank; {giver.id} gives it Backline."
                cards = tuple(sorted({unit.id, giver.id}))
                locs = tuple(x for x in (at, unit.where) if x is not None)
                yield _exclusive(unit, "Backline", cards, (label,), locs, ruleset, why)
        if not exempt:
            continue
        reason = "can't be dealt damage" if not kw.takes_damage else "prevents All damage"
        tanks: list[tuple[tuple[str, ...], tuple[str, ...], tuple[Location, ...], str | None]] = []
        if kw.tank:
            tanks.append(((unit.id,), (unit.id,), where, None))
        else:
            for giver, label, at in _givers(index, unit, "Tank"):
                locs = tuple(x for x in (at, unit.where) if x is not None)
                tanks.append((tuple(sorted({unit.id, giver.id})), (label,), locs, "Tank"))
        for cards, abilities, locs, gained in tanks:
            why = f"{unit.id} {reason} and has Tank" + (
                "."
                if gained is None
                else f" (given by {', '.join(c for c in cards if c != unit.id)})."
            )
            yield Diagnostic(
                "combat-exempt-tank",
                Severity.WARNING,
                cards,
                abilities,
                (EXEMPT, "Riftbound 815.1.b", "CMB-EXEMPT"),
                f"{why} No amount of damage is lethal for it, so it is exempt from the order "
                "of assignment (460.2.c.9): its Tank never makes the attacker assign damage to "
                "it first, and it protects no other unit.",
                _exempt_witness(unit, gained, ruleset, why),
                locs,
            )


def _exclusive(
    unit: Card,
    gained: str | None,
    cards: tuple[str, ...],
    abilities: tuple[str, ...],
    locs: tuple[Location, ...],
    ruleset: Ruleset,
    why: str,
) -> Diagnostic:
    return Diagnostic(
        "combat-exclusive-demands",
        Severity.WARNING,
        cards,
        abilities,
        (EXCLUSIVE, "Riftbound 460.2.c.8", "CMB-EXCLUSIVE"),
        f"{why} Being assigned combat damage first (Tank) and last exclude each other: the "
        "assigning player chooses one for this unit (460.2.c.7), so it is assigned damage "
        "either before or after every other unit, never between them; neither demand wins.",
        _exclusive_witness(unit, gained, ruleset, why),
        locs,
    )
