"""Diagnostics of the full rulebooks: cards whose result differs between the seed's reading
(the default of their ruleset) and the rulebook's (a policy), reported as rulings
(docs/rules.md, *Rulebook policies*). Each witness runs both readings.

- Gigantic (A-KW-GIGANTIC against Altered 7.4.4.m): an effect that switches a character's
  expedition meets a Gigantic character: under the glossary nothing moves; under the
  complete rules 3.0 its card switches.
- Tough (A-KW-TOUGH against Altered 7.4.7): an effect that targets an opponent's object
  meets a card with Tough X: played for free, it pays nothing under the glossary and X
  under the complete rules 3.0.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from arbiter.model.altered.keywords import keyword_number
from arbiter.model.altered.steps import Switch
from arbiter.model.cardset import Card, performed_role
from arbiter.model.effects.algebra import MoveTo, ZoneMove
from arbiter.model.effects.perform import Perform
from arbiter.solver.check import witness as w
from arbiter.solver.check.base import CardIndex, Diagnostic, Severity, Witness

CODE = "ruling-rulebook-version"


def _switch_roles(card: Card) -> list[tuple[int, str]]:
    """The steps of the card's effect that switch an object's expedition, with the role
    switched (a ``perform`` step's ``switch``: Decision CHECK-ALGEBRA)."""
    out: list[tuple[int, str]] = []
    for i, s in enumerate(card.effect):
        if isinstance(s, Switch):
            out.append((i, s.target))
        elif isinstance(s, Perform):
            for j, e in enumerate(s.effects):
                if isinstance(e.action, MoveTo) and e.action.move is ZoneMove.SWITCH:
                    role = performed_role(card, s, e.selector, str(j))
                    out += [(i, role)] if role is not None else []
    return out


def switcher_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    return frozenset(
        ("switch", kind)
        for _, role in _switch_roles(card)
        for kind in index.role_kinds(card, role)
    )


def giant_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if "Gigantic" not in card.template.features:
        return frozenset()
    return frozenset({("switch", card.kind)})


def gigantic_switch(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    """an expedition switch meets a Gigantic character (A-KW-GIGANTIC vs Altered 7.4.4.m)"""
    switcher, giant = index.card(combo[0]), index.card(combo[1])
    if "Gigantic" not in giant.template.features:
        return
    for i, role in _switch_roles(switcher):
        if not index.reaches(switcher, role, giant):
            continue
        yield _gigantic_diagnostic(index, switcher, giant, i)
        return


def _gigantic_diagnostic(index: CardIndex, switcher: Card, giant: Card, i: int) -> Diagnostic:
    obj = w.card_object(giant)
    obj["zone"] = "expedition:hero"

    def run(version: str, zone: str) -> Witness:
        return w.scenario(
            f"{CODE}.gigantic.{version}",
            title=f"{switcher.id} switches {giant.id} (gigantic_version {version})",
            description=f"A-KW-GIGANTIC / Altered 7.4.4.m, gigantic_version {version}: "
            f"{giant.id} ends in {zone}.",
            ruleset=index.cardset.ruleset,
            policies={"gigantic_version": version},
            objects={giant.id: obj},
            steps=[{"switch": {"target": giant.id}}],
            expect={f"{giant.id}.zone": zone},
        )

    main = run("glossary", "expedition:hero")
    other = run("3.0", "expedition:companion")
    return Diagnostic(
        CODE,
        Severity.RULING,
        tuple(sorted({switcher.id, giant.id})),
        (f"{switcher.id}.effect[{i}]", f"{giant.id}.keywords"),
        ("A-KW-GIGANTIC", "Altered 7.4.4.m"),
        f"{switcher.id} switches a character's expedition and {giant.id} is Gigantic. Under "
        "the glossary (the seed, the default) a Gigantic character has no other expedition, "
        f"so nothing moves; under the complete rules 3.0 (7.4.4.m) the card of {giant.id} "
        "switches, the character joining and leaving nothing. A judge confirms which reading "
        "the set plays by (the witness runs both).",
        w.with_variant(main, "3.0", other),
        tuple(x for x in (switcher.where, giant.where) if x is not None),
    )


# -- Tough: "for free" under the glossary and under the rules 3.0 -------------------------


def targeter_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    spell = card.area_keys.get("spell")
    if card.kind != "spell" or not isinstance(spell, dict):
        return frozenset()
    targets = spell.get("targets")
    if not isinstance(targets, dict):
        return frozenset()
    return frozenset(
        ("target", str(t.get("kind", "character")))
        for t in targets.values()
        if isinstance(t, dict) and t.get("controller") != "you"
    )


def tough_keys(index: CardIndex, card: Card) -> frozenset[Hashable]:
    if keyword_number(card.template, "Tough") <= 0:
        return frozenset()
    return frozenset({("target", card.kind)})


def tough_for_free(index: CardIndex, combo: tuple[str, ...]) -> Iterator[Diagnostic]:
    """a spell that may target an opponent's object with Tough (A-KW-TOUGH vs Altered 7.4.7)"""
    spell, tough = index.card(combo[0]), index.card(combo[1])
    doc = spell.area_keys.get("spell")
    targets = doc.get("targets") if isinstance(doc, dict) else None
    if spell.kind != "spell" or not isinstance(targets, dict) or not tough_keys(index, tough):
        return
    slot = next(
        (
            name
            for name, t in targets.items()
            if isinstance(t, dict)
            and str(t.get("kind", "character")) == tough.kind
            and t.get("controller") != "you"
        ),
        None,
    )
    if slot is None:
        return
    x = keyword_number(tough.template, "Tough")
    card = w.card_object(spell)
    card["zone"] = "hand"
    foe = w.card_object(tough, "opponent")
    foe["zone"] = "expedition:hero"

    def run(version: str, paid: int) -> Witness:
        return w.scenario(
            f"{CODE}.tough.{version}",
            title=f"{spell.id} played for free at {tough.id} (tough_version {version})",
            description=f"A-KW-TOUGH / Altered 7.4.7, tough_version {version}: the Tough "
            f"cost paid is {paid}.",
            ruleset=index.cardset.ruleset,
            policies={"tough_version": version},
            objects={spell.id: card, tough.id: foe},
            steps=[
                {"mana": {"you": x}},
                {"play": {"card": spell.id, "targets": {str(slot): tough.id}, "for_free": True}},
            ],
            expect={"counters.mana.you": x - paid},
        )

    main = run("glossary", 0)
    other = run("3.0", x)
    yield Diagnostic(
        CODE,
        Severity.RULING,
        tuple(sorted({spell.id, tough.id})),
        (f"{spell.id}.spell.targets.{slot}", f"{tough.id}.keywords"),
        ("A-KW-TOUGH", "Altered 7.4.7"),
        f"{spell.id} may target {tough.id}, which has Tough {x}. Played for free, it pays "
        f"nothing for Tough under the glossary (the seed, the default) and {x} under the "
        "complete rules 3.0 (7.4.7: 'for free' no longer waives Tough). A judge confirms "
        "which reading the set plays by (the witness runs both).",
        w.with_variant(main, "3.0", other),
        tuple(x for x in (spell.where, tough.where) if x is not None),
    )
