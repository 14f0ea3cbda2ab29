"""Additional costs printed as the first sentence of a line (Riftbound 356.2): "As an
additional cost to play me, kill a friendly unit" (mandatory, 356.2.a.1); "As an
additional cost to play this, you may exhaust a friendly unit. If you do, draw 2.
Otherwise, draw 1." and "As you play me, you may discard 1 as an additional cost. If you
do, reduce my cost by {2}." (optional, 356.2.b.1).

The cost is an ``additional_costs:`` ability (Decision IMP-EXTRA); "if you do" after it is
the condition ``paid`` (356.4.f.1: paid if the player chose to pay it) and "otherwise" its
negation. What follows is what the card does: a spell's effects, done once; on a
permanent, a discount of itself (``statics:``, applied as it is played, IMP-STATICS) or,
for any other effect, a trigger when it is played. ``to_abilities`` gives the function
that reads one sentence and the one that reads costs, so this module never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Node, NounPhrase
from arbiter.model.format.importers.to_effects import Lost, _Ctx, _node, selector

SentenceReader = Callable[[Node, _Ctx], tuple[a.Effect, ...]]
CostReader = Callable[[Node], tuple[a.Effect, ...]]

# the first sentence: the additional cost, and whether the player may decline it (356.2)
_FORMS = {"extra-cost-must": False, "extra-cost-to-play": True, "as-you-play-extra": True}
PAID = a.Condition(a.Test.PAID)
_UNPAID = a.Condition(a.Test.NOT, (PAID,))
_THEN = {"if-you-do": PAID, "otherwise": _UNPAID}


def _parts(b: Node) -> list[Node]:
    if b.form.name == "sentences":
        return [_node(b, "a"), *_parts(_node(b, "b"))]
    return [_node(b, "a")] if b.form.name == "sentence" else [b]


def is_extra(b: Node) -> bool:
    """Whether the body opens with an additional cost (a form of ``_FORMS``)."""
    return b.form.name in ("sentence", "sentences") and _node(b, "a").form.name in _FORMS


def extra(
    b: Node, spell: bool, sentence: SentenceReader, costs: CostReader
) -> tuple[a.CardAbility, ...]:
    """The abilities of body ``b`` (``is_extra``): the additional cost, then the rest."""
    first, *rest = _parts(b)
    who = dict(first.slots).get("t")
    if not isinstance(who, NounPhrase) or selector(who, _Ctx(False)) != a.SELF:
        raise Lost("an additional cost to play another card")
    optional = _FORMS[first.form.name]
    paid = tuple(replace(c, optional=optional) for c in costs(_node(first, "k")))
    out = [a.CardAbility(a.Kind.ADDITIONAL_COST, (), costs=paid)]
    ctx = _Ctx(False)
    effects: list[a.Effect] = []
    for part in rest:
        cond = _THEN.get(part.form.name)
        said = sentence(_node(part, "c"), ctx) if cond is not None else sentence(part, ctx)
        if any(e.condition is not None for e in said):
            raise Lost("a condition inside a sentence after an additional cost")
        if cond is not None and not optional:
            raise Lost("'if you do' after an additional cost that must be paid")
        effects += [replace(e, condition=cond) for e in said]
    if spell:
        return (*out, a.CardAbility(a.Kind.ON_PLAY, tuple(effects))) if effects else tuple(out)
    done = []
    for e in effects:
        if isinstance(e.action, a.ModifyCost) and e.selector == a.SELF:  # 356.4: a discount
            out.append(a.CardAbility(a.Kind.STATIC, (replace(e, condition=None),),
                                     condition=e.condition))  # fmt: skip
        else:
            done.append(e)
    if done:  # done once it is played (a trigger, TRIG-1)
        out.append(a.CardAbility(a.Kind.TRIGGER, tuple(done), when=a.When(a.EventKind.PLAYED)))
    return tuple(out)
