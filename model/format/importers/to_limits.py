"""Limits printed after an activated ability's effect: "Use only if X", "Use this ability
only while X" (Riftbound 377.2.b: a condition on using the ability, checked as it is
activated) and "Use only to play spells" (what the resources it adds may pay for,
Riftbound 429 with Decision IMP-SPEND).

Same contract as ``to_effects``: every part has a counterpart in the card language or
``Lost`` is raised. ``to_abilities`` gives the functions that read sentences and
conditions, so this module never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Node, WordKind
from arbiter.model.format.importers.to_effects import Lost, _Ctx, _node, _word

# reads one sentence / one condition of a line (``to_abilities._sentence``, ``_condition``)
SentenceReader = Callable[[Node, _Ctx], tuple[a.Effect, ...]]
ConditionReader = Callable[[Node, _Ctx], a.Condition]

# the limits that are a condition on using the ability (Riftbound 377.2.b)
_USE_IF = {"use-only-if"}
# the limit on what the resources added pay for (Riftbound 429: Add puts resources into
# the rune pool; the card says what they may be spent on, its word the uses)
_SPEND = "use-only-to"
LIMITS = _USE_IF | {_SPEND}
# the resources of a rune pool: energy (``mana``), power of a domain, power of any domain
_RESOURCES = frozenset({"mana", "fury", "calm", "mind", "body", "chaos", "order", "any-domain"})


def _sentences(b: Node) -> list[Node]:
    """The sentences of a body, in order (each the node ``_sentence`` reads)."""
    if b.form.name == "sentences":
        return [_node(b, "a"), *_sentences(_node(b, "b"))]
    if b.form.name == "sentence":
        return [_node(b, "a")]
    raise Lost(f"the body '{b.form.name}'")


def has_limit(b: Node) -> bool:
    """Whether the body's last sentence is a limit on using the ability."""
    try:
        return _sentences(b)[-1].form.name in LIMITS
    except Lost:
        return False


def limited(
    ab: a.CardAbility, b: Node, sentence: SentenceReader, condition: ConditionReader
) -> a.CardAbility:
    """The activated ability ``ab`` (its costs and timing read), its effects read from
    body ``b`` whose last sentences are limits, each applied to the ability."""
    ctx = _Ctx(False)
    parts = _sentences(b)
    head = [p for p in parts if p.form.name not in LIMITS]
    limits = parts[len(head) :]
    if not head or any(p.form.name in LIMITS for p in head):
        raise Lost("a limit on using an ability before its effect")
    effects = tuple(e for p in head for e in sentence(p, ctx))
    first = effects[0].condition if effects else None
    if first is not None and a.Condition(a.Test.DONE) in (first, *first.parts):
        raise Lost("'if you do' without an effect before it")
    out = replace(ab, effects=effects)
    for limit in limits:
        name = limit.form.name
        if name in _USE_IF:  # 377.2.b: the condition must hold to activate the ability
            cond = condition(_node(limit, "k"), ctx)
            both = cond if out.condition is None else a.Condition(a.Test.AND, (out.condition, cond))
            out = replace(out, condition=both)
            continue
        uses = str(_word(limit, "s", WordKind.NAME).value).split(",")
        out = replace(out, effects=_spend_only(out.effects, frozenset(map(a.Spend, uses))))
    return out


def _spend_only(effects: tuple[a.Effect, ...], only: frozenset[a.Spend]) -> tuple[a.Effect, ...]:
    """ "[Add] {rune}. Use only to play spells": every effect adds resources to you, each
    of which may pay only for ``only`` (Decision IMP-SPEND)."""
    out = []
    for e in effects:
        act = e.action
        adds = isinstance(act, a.AddCounters) and act.counter in _RESOURCES and not act.only
        if not adds or e.selector != a.YOU or e.condition is not None or e.optional:
            raise Lost("'use only to play …' after an effect that adds no resource")
        assert isinstance(act, a.AddCounters)
        out.append(replace(e, action=replace(act, only=only)))
    return tuple(out)
