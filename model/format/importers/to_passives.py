"""Static lines as passives: "Your Mechs have +1 {might}", "I have [Tank]".

A static ability of a permanent (Riftbound 135.2, Altered 2.2.11) whose every effect is
a characteristic modified by a printed number or a keyword given, on the card itself or
on every object matching kind, subtype, keyword, controller and "other", becomes a
card-language passive (``Kind.PASSIVE``, lasting while the card is in play, A-PASS-1).
A format 2 card writes passives in the area syntax (docs/format.md, "Passive
abilities"), so each passive is written in it (``data``) and must read back, through
``model.effects.upgrade``, as the same value; anything else (a place such as "here", a
condition, a duration, a state) is ``Lost`` (IMP-ALGEBRA).
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.format.importers.clauses import Node
from arbiter.model.format.importers.to_effects import Lost

WHILE_IN_PLAY = a.Duration(a.Lasts.WHILE_IN_PLAY)


def passives(effects: tuple[a.Effect, ...]) -> tuple[a.CardAbility, ...]:
    """One passive per effect of a static line, each checked to survive its area syntax."""
    out = []
    for e in effects:
        if e.condition is not None or e.optional or e.costs or e.duration != a.INSTANT:
            raise Lost("a static ability with a condition, a choice, a cost or a duration")
        ab = a.CardAbility(a.Kind.PASSIVE, (replace(e, duration=WHILE_IN_PLAY),))
        _round_trip(ab)
        out.append(ab)
    return tuple(out)


def data(ab: a.CardAbility) -> dict[str, object]:
    """The passive in the area syntax of ``passives:`` (format 1 and 2 alike)."""
    (e,) = ab.effects
    out: dict[str, object] = {"applies_to": _applies(e.selector)}
    act = e.action
    if isinstance(act, a.ModifyStat) and act.op is a.StatOp.ADD and not act.members:
        if not isinstance(e.amount, a.Const) or not isinstance(e.amount.value, int):
            raise Lost("a static modification by an amount that is not a printed number")
        out["effect"] = {"stat": act.stat, "op": "add", "value": e.amount.value}
    elif isinstance(act, a.Give) and act.grant is a.Grant.KEYWORD:
        gain: dict[str, object] = {"gain": act.name}
        if e.amount is not None:
            if not isinstance(e.amount, a.Const) or not isinstance(e.amount.value, int):
                raise Lost("a keyword's number that is not printed")
            gain["number"] = e.amount.value
        out["effect"] = gain
    else:
        raise Lost("a static ability other than a modification or a keyword given")
    return out


def _applies(s: a.Selector) -> dict[str, object]:
    if s == a.SELF:
        return {"self": True}
    plain = a.Selector(
        a.Pick.ALL, side=s.side, kinds=s.kinds, subtypes=s.subtypes, has=s.has, other=s.other
    )
    if s != plain:
        raise Lost("a static ability on objects chosen, placed, in a zone or in a state")
    out: dict[str, object] = {}
    for key, names in (("kind", s.kinds), ("subtype", s.subtypes), ("keyword", s.has)):
        if len(names) > 1:
            raise Lost(f"a static ability on several {key}s")
        if names:
            out[key] = next(iter(names))
    if s.side is not a.Side.ANY:
        out["controller"] = "you" if s.side is a.Side.YOURS else "opponent"
    if s.other:
        out["other"] = True
    return out


def _round_trip(ab: a.CardAbility) -> None:
    from arbiter.model.effects.upgrade import NotExpressible, _passive

    try:
        back = _passive(data(ab), 0)
    except NotExpressible as exc:
        raise Lost(f"the area syntax of passives does not read it back ({exc})") from exc
    if back.effects != ab.effects:
        raise Lost("the area syntax of passives reads it back as something else")


def is_static(node: Node) -> bool:
    return node.form.name == "static-effect"
