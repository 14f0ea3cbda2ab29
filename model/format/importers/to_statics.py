"""Static abilities the passive engine does not run, kept in the card language as
``statics:`` (Decision IMP-STATICS), and damage bonuses, which the damage area runs.

- A discount or an increase of the card itself ("I cost {2} less", "This costs {2} less
  if you control a Mech", "I cost {1} less for each card in your trash") applies as the
  card is played (Riftbound 356.3, 356.4.a: discounts may be applied by the card being
  played): it is not a passive of a card in play (A-PASS-1), so a ``statics:`` ability,
  described and listed by ``check`` as not analysed.
- "I don't deal combat damage" (Riftbound 460.2.c: the unit assigns no damage) is the
  restriction ``cannot: deal_combat_damage`` in ``statics:``, described only.
- "Your spells and abilities deal 1 Bonus Damage" (Riftbound 712-715, D-BONUS-1) is the
  ``damage_bonus`` area of the card: a bonus on the Deal actions of its controller's
  spells and abilities, which the damage pipeline runs.

Same contract as ``to_effects``: ``None`` when a line is not one of these, ``Lost`` when
a part has no counterpart.
"""

from __future__ import annotations

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Node, NounPhrase
from arbiter.model.format.importers.to_effects import Lost, _Ctx, _icons, _int, _slot, selector

# "I cost {2} less" and the like: the sign of the change
_COST_FORMS = {"cost-less": -1, "costs-less": -1, "i-cost-less": -1, "i-cost-more": 1}
NO_COMBAT_DAMAGE = a.Restrict("deal_combat_damage")  # Riftbound 460.2.c: assigns none
_RULES = {"damage-last": a.Rule.ASSIGNED_LAST, "any-buffs": a.Rule.ANY_BUFFS}
# Riftbound 712-715: the Deal actions of your spells and abilities (D-BONUS-1's kinds)
BONUS_SOURCES = frozenset({"spell", "ability"})
WHILE_IN_PLAY = a.Duration(a.Lasts.WHILE_IN_PLAY)


def static_form(inner: Node) -> tuple[a.CardAbility, ...] | None:
    """The statement of a line of the form ``static``, or None when it is not one of these."""
    name = inner.form.name
    if name in _COST_FORMS:
        value = dict(inner.slots).get("t")
        who = selector(value, _Ctx(False)) if isinstance(value, NounPhrase) else a.SELF
        if who != a.SELF:
            raise Lost(f"the cost of '{_slot(inner, 't')}' changed by a static ability")
        amount = a.Const(_COST_FORMS[name] * _icons(inner, "i"))
        return cost_changes((a.Effect(a.ModifyCost(), a.SELF, amount),))
    if name in _RULES:  # a rule the static ability changes (described only)
        return (a.CardAbility(a.Kind.STATIC, (a.Effect(a.Overrule(_RULES[name]), a.SELF),)),)
    if name == "no-combat-damage":
        return (a.CardAbility(a.Kind.STATIC, (a.Effect(NO_COMBAT_DAMAGE, a.SELF),)),)
    if name == "bonus":
        ab = bonus(_int(inner, "n"))
        bonus_data(ab)  # raises Lost unless the damage bonus area reads it back
        return (ab,)
    return None


def is_cost_change(effects: tuple[a.Effect, ...]) -> bool:
    """Whether a static line's effects all change the cost of the card itself."""
    return bool(effects) and all(
        isinstance(e.action, a.ModifyCost) and e.selector == a.SELF for e in effects
    )


def cost_changes(effects: tuple[a.Effect, ...]) -> tuple[a.CardAbility, ...]:
    """Discounts or increases of the card itself, each applied as it is played (Riftbound
    356.3, 356.4.a): a printed number, or one for each object counted ("for each card in
    your trash"), under the line's condition when it has one (checked as it is played)."""
    out = []
    for e in effects:
        act = e.action
        if not isinstance(act, a.ModifyCost) or act.once or act.floor is not None:
            raise Lost("a cost change used once, or with a minimum, as a static ability")
        if e.duration != a.INSTANT or e.optional or e.costs:
            raise Lost("a cost change with a duration, a choice or a cost")
        per = e.amount
        counted = isinstance(per, a.Per) and per.selector.pick is a.Pick.ALL
        if not (isinstance(per, a.Const) and isinstance(per.value, int)) and not counted:
            raise Lost("a cost change by an amount that is not printed or counted")
        out.append(a.CardAbility(a.Kind.STATIC, (e,)))
    return tuple(out)


def described(e: a.Effect, lost: Lost) -> a.CardAbility:
    """A static ability's effect the passive engine does not run (``lost`` says why), kept
    in ``statics:``: described, listed by ``check`` as not analysed (IMP-STATICS). What the
    card language itself cannot say stays ``lost``."""
    if e.optional or e.costs or e.duration != a.INSTANT or e.selector.pick is a.Pick.CHOOSE:
        raise lost
    if e.selector.pick not in (a.Pick.SELF, a.Pick.ALL, a.Pick.YOU, a.Pick.OPPONENT):
        raise lost
    return a.CardAbility(a.Kind.STATIC, (e,))


def bonus(n: int) -> a.CardAbility:
    """ "Your spells and abilities deal N Bonus Damage": the card's ``damage_bonus``."""
    effect = a.Effect(a.BonusDamage(BONUS_SOURCES), a.YOU, a.Const(n), duration=WHILE_IN_PLAY)
    return a.CardAbility(a.Kind.PASSIVE, (effect,), ident="damage_bonus")


def is_bonus(ab: a.CardAbility) -> bool:
    bonuses = [isinstance(e.action, a.BonusDamage) for e in ab.effects]
    return ab.kind is a.Kind.PASSIVE and any(bonuses)


def bonus_data(ab: a.CardAbility) -> list[dict[str, object]]:
    """The ``damage_bonus`` area of the card (D-BONUS-1), read back through
    ``model.effects.upgrade`` as the same passive, else ``Lost``."""
    from arbiter.model.effects.upgrade import NotExpressible, _bonus

    out: list[dict[str, object]] = []
    for e in ab.effects:
        if not isinstance(e.action, a.BonusDamage) or not isinstance(e.amount, a.Const):
            raise Lost("a damage bonus that is not a printed number")
        out.append({"amount": e.amount.value, "to": sorted(e.action.sources)})
    try:
        back = _bonus(out)
    except NotExpressible as exc:
        raise Lost(f"the damage bonus area does not read it back ({exc})") from exc
    if back.effects != ab.effects:
        raise Lost("the damage bonus area reads it back as something else")
    return out
