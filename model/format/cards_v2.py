"""Cards of format 2: the card language (:mod:`model.effects`) in a card set.

A format 2 card says what it does with ``do:`` (one-shot), ``triggers:``,
``quick_actions:``, ``additional_costs:`` (Riftbound 356.2), ``as_enters:`` (805.6) and
``permissions:`` (Altered 2.4.5.c) and ``statics:`` (Riftbound 364; these four described,
not yet run by the engine);
the other ability keys (``passives``, ``replacements``, ``prevention``,
``damage_bonus``) keep their area syntax. The engine reads format 1 data where format 1
can say an ability exactly, so each ability is *lowered* to it where it can be
(:mod:`model.effects.lower`): a ``do:`` to ``roles`` + ``effect`` steps, a trigger of an
event the loop engine produces to its format 1 mapping. What format 1 cannot say stays
in the card language (Decision CHECK-ALGEBRA): a trigger or quick action the loop engine
can run is run as it is written (:mod:`model.effects.engine_read`); any other one-shot
ability, trigger or quick action gives its effects to the card's one-shot ``effect``,
lowered or as one ``perform`` step (:mod:`model.effects.as_perform`), which ``arbiter
check`` analyses. What even that cannot hold is kept for ``arbiter describe`` only
(``Card.described_only``).

Format 1 cards are read into the card language in memory (:mod:`model.effects.upgrade`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from arbiter.model.abilities import QuickAction, Trigger
from arbiter.model.effects import algebra as a
from arbiter.model.effects import syntax
from arbiter.model.effects.as_perform import perform_do
from arbiter.model.effects.engine_read import runnable
from arbiter.model.effects.lower import lower_do, lower_trigger
from arbiter.model.effects.upgrade import NotExpressible, card_abilities
from arbiter.model.format.document import Node
from arbiter.model.state import GameObject

V2_KEYS = {"do", "triggers", "quick_actions", "additional_costs", "as_enters", "permissions",
           "statics"}  # fmt: skip
# abilities described, not run by the engine (IMP-EXTRA, IMP-ENTER, IMP-MAY, IMP-STATICS)
_DESCRIBED = (a.Kind.ADDITIONAL_COST, a.Kind.AS_ENTERS, a.Kind.PERMISSION, a.Kind.STATIC)


@dataclass(frozen=True)
class Lowered:
    """A format 2 card's mapping with its card-language keys replaced by format 1 data
    (``raw``), its abilities, those the engine does not run (``skipped``), the selector of
    each role a ``perform`` step made, and the triggers and quick actions the engine runs
    as they are written (``direct``, Decision CHECK-ALGEBRA)."""

    raw: dict[str, object]
    abilities: tuple[a.CardAbility, ...]
    skipped: tuple[str, ...]
    selectors: dict[str, a.Selector]
    direct: tuple[a.CardAbility, ...]


def lowered(node: Node) -> Lowered:
    """A format 2 card, lowered where format 1 can say it (:class:`Lowered`)."""
    m = node.mapping()
    if "roles" in m and "do" in m:
        m["roles"].fail(
            "either 'do:' or format 1 'roles:' + 'effect:', not both", key=True, got=False
        )
    raw = dict(node.value) if isinstance(node.value, dict) else {}
    kind = str(raw.get("kind", ""))
    parsed = syntax.abilities({k: n for k, n in m.items() if k in V2_KEYS})
    out = {k: v for k, v in raw.items() if k not in V2_KEYS}
    roles: dict[str, object] = {}
    steps: list[object] = []
    lists: dict[str, list[object]] = {"triggers": [], "quick_actions": []}
    skipped: list[str] = []
    selectors: dict[str, a.Selector] = {}
    direct: list[a.CardAbility] = []

    def one_shot(ab: a.CardAbility) -> None:
        try:
            r, s = lower_do(ab, kind)
        except NotExpressible:  # kept in the card language: a perform step
            r, step, sels = perform_do(ab, {"self", *roles, *_written_roles(raw)})
            s = [step]
            selectors.update(sels)
        roles.update(r)
        steps.extend(s)

    for ab in parsed:
        try:
            if ab.kind is a.Kind.ON_PLAY:
                one_shot(ab)
            elif ab.kind in (a.Kind.TRIGGER, a.Kind.QUICK):
                key = "triggers" if ab.kind is a.Kind.TRIGGER else "quick_actions"
                try:
                    lists[key].append(lower_trigger(ab))
                except NotExpressible:
                    if runnable(ab):  # the engine runs it as it is written
                        direct.append(ab)
                    else:  # what the card does when it triggers or is activated
                        one_shot(ab)
            elif ab.kind in _DESCRIBED:
                skipped.append(ab.ident)
        except NotExpressible:
            skipped.append(ab.ident)
    if "effect" in out and steps:
        node.fail("format 1 'effect:' beside abilities of the card language", got=False)
    if steps:
        out["roles"] = roles
        out["effect"] = steps
        _alias(node, len(steps))
    for key, items in lists.items():
        if items:
            out[key] = items
    return Lowered(out, parsed, tuple(skipped), selectors, tuple(direct))


def engine_abilities(direct: tuple[a.CardAbility, ...], obj: GameObject) -> GameObject:
    """The object with the triggers and quick actions the engine runs as they are written
    (:mod:`arbiter.model.effects.engine_read`)."""
    found: list[Trigger | QuickAction] = []
    for ab in direct:
        optional = any(e.optional for e in ab.effects)
        if ab.kind is a.Kind.TRIGGER and ab.when is not None:
            found.append(
                Trigger(
                    id=ab.ident,
                    source=obj.id,
                    timestamp=obj.timestamp,
                    when=ab.when,
                    effects=ab.effects,
                    optional=optional,
                    condition=ab.condition,
                    text=ab.text,
                )
            )
        else:
            found.append(
                QuickAction(
                    id=ab.ident,
                    source=obj.id,
                    timestamp=obj.timestamp,
                    costs=ab.costs,
                    effects=ab.effects,
                    condition=ab.condition,
                    text=ab.text,
                )
            )
    return replace(obj, abilities=(*obj.abilities, *found)) if found else obj


def _written_roles(raw: Mapping[str, object]) -> set[str]:
    given = raw.get("roles")
    return {str(k) for k in given} if isinstance(given, dict) else set()


def upgraded(raw: Mapping[str, object]) -> tuple[tuple[a.CardAbility, ...], tuple[str, ...]]:
    """A format 1 card's abilities in the card language, and the keys it cannot read."""
    return card_abilities(raw)


def _alias(node: Node, count: int) -> None:
    """Errors and diagnostics about the lowered ``effect`` point at the ``do:`` lines."""
    doc, base = node.doc, node.path
    for src in ("do", "triggers", "quick_actions"):
        if (*base, src) in doc.marks:
            break
    else:
        return
    for table in (doc.marks, doc.key_marks):
        if (*base, src) in table:
            table.setdefault((*base, "effect"), table[(*base, src)])
            table.setdefault((*base, "roles"), table[(*base, src)])
        for i in range(count):
            if (*base, src, i) in table and src == "do":
                table.setdefault((*base, "effect", i), table[(*base, src, i)])
