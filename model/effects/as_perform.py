"""A one-shot ability the lowering cannot write as format 1 steps, kept in the card
language: one ``perform`` step (:class:`~arbiter.model.effects.perform.Perform`) over
roles, so that ``arbiter check`` analyses it (Decision CHECK-ALGEBRA in docs/rules.md).

Each selector of the ability that picks objects becomes a *role* the checker reads: a
chosen selector (``choose: 1``, ``choose: any`` …) is a role named by its ``as:`` (or
``target``, ``target2`` …) and chosen by that name; an ``all`` / ``each`` selector is a
role named ``each``, ``each2`` … that nobody chooses (at resolution it picks every
object that matches, A-SPELL-4). The role keeps its selector, so the checker filters
the cards a role can stand for by what the selector says of a card (kinds, subtypes,
features, printed characteristics), and reads "any number of" as any subset of them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.effects import emit
from arbiter.model.effects.upgrade import NotExpressible

Data = object
_SIDES = {a.Side.ANY: "any", a.Side.YOURS: "ally", a.Side.ENEMY: "enemy"}


class _Naming:
    def __init__(self, taken: Collection[str]) -> None:
        self.taken = set(taken)
        self.selectors: dict[str, a.Selector] = {}
        self.chosen: dict[str, list[str]] = {}  # ``choose:`` of the perform step
        self.more: dict[str, list[str]] = {}  # the other roles of "choose N" (N > 1)

    def fresh(self, stem: str) -> str:
        n, name = 1, stem
        while name in self.taken:
            n += 1
            name = f"{stem}{n}"
        self.taken.add(name)
        return name

    def role(self, s: a.Selector, slot: str) -> a.Selector:
        """The selector with its role's name (a chosen one) after adding its role; ``slot``
        is where the perform step looks for it when its name is not written (``target``)."""
        if s.pick is a.Pick.CHOOSE:
            if s.name and s.name in self.selectors:
                if self.selectors[s.name] != s:
                    raise NotExpressible("two different targets with one name")
                named = s
            else:
                name = s.name if s.name and s.name not in self.taken else None
                name = name or self.fresh(s.name or "target")
                self.taken.add(name)
                named = replace(s, name=name)
                self.selectors[name] = named
                exact = named.count > 1 and not named.up_to  # "2 units": one role each
                self.more[name] = [self.fresh(name) for _ in range(named.count - 1 if exact else 0)]
                self.selectors.update(dict.fromkeys(self.more[name], named))
            assert named.name is not None
            # emit writes no ``as: target``: the step then finds it by its slot
            key = slot if named.name == "target" else named.name
            self.chosen[key] = [named.name, *self.more[named.name]]
            return named
        bare = s == a.Selector(a.Pick.ALL)
        if s.pick is a.Pick.ALL and not bare and s not in self.selectors.values():
            self.selectors[self.fresh("each")] = s
        return s

    def inner(self, s: a.Selector) -> None:
        """A selector inside an amount or a condition: a chosen one names a role."""
        if s.pick is a.Pick.CHOOSE and (s.name is None or s.name not in self.selectors):
            raise NotExpressible("a chosen target only inside an amount or a condition")


def _amount_selectors(x: a.Amount | None) -> list[a.Selector]:
    if isinstance(x, a.Per | a.StatOf | a.CountOf):
        return [x.selector]
    if isinstance(x, a.Times):
        return _amount_selectors(x.amount)
    if isinstance(x, a.Sum):
        return [s for p in x.parts for s in _amount_selectors(p)]
    return []


def _condition_selectors(c: a.Condition | None) -> list[a.Selector]:
    if c is None:
        return []
    return [c.selector, *(s for p in c.parts for s in _condition_selectors(p))]


def _named(e: a.Effect, naming: _Naming, slot: str) -> a.Effect:
    if any(c.selector.chosen or c.costs for c in e.costs):
        raise NotExpressible("a cost with a chosen target inside a one-shot effect")
    act = e.action
    if isinstance(act, a.Replace):
        raise NotExpressible("a replacement as a one-shot effect")
    sel = naming.role(e.selector, slot)
    if isinstance(act, a.ModifyStat) and act.other is not None:
        act = replace(act, other=naming.role(act.other, slot + ".other"))
    inner = _amount_selectors(e.amount) + _condition_selectors(e.condition)
    if e.duration.condition is not None:
        inner += _condition_selectors(e.duration.condition)
    for s in inner:
        naming.inner(s)
    return replace(e, action=act, selector=sel)


def _unnamed(e: a.Effect) -> a.Effect:
    """The effect as written: the name ``target`` is not written (the step finds it by
    its slot)."""

    def bare(s: a.Selector) -> a.Selector:
        return replace(s, name=None) if s.name == "target" else s

    act = e.action
    if isinstance(act, a.ModifyStat) and act.other is not None:
        act = replace(act, other=bare(act.other))
    return replace(e, action=act, selector=bare(e.selector))


def _read_back(data: Data) -> tuple[a.Effect, ...] | None:
    from arbiter.model.effects import syntax
    from arbiter.model.errors import InputError
    from arbiter.model.format.document import Node, load

    try:
        return syntax.effects(Node(load("perform.yaml", "x: 1"), (), data))
    except InputError:
        return None


def role_spec(s: a.Selector) -> dict[str, Data]:
    """The format 1 role a selector stands for (its kinds and side)."""
    spec: dict[str, Data] = {}
    if s.kinds:
        spec["kind"] = sorted(s.kinds)
    if s.side is not a.Side.ANY:
        spec["side"] = _SIDES[s.side]
    return spec


def perform_do(
    ab: a.CardAbility, taken: Collection[str]
) -> tuple[dict[str, Data], dict[str, Data], dict[str, a.Selector]]:
    """The roles (format 1 specs), the ``perform`` step and each role's selector for a
    one-shot ability; role names already ``taken`` by the card are not reused."""
    naming = _Naming(taken)
    effects = tuple(_named(e, naming, str(i)) for i, e in enumerate(ab.effects))
    written = emit.effects(effects)
    if _read_back(written) != tuple(_unnamed(e) for e in effects):  # read from what is written
        raise NotExpressible("an effect whose written form reads differently")
    body: dict[str, Data] = {"by": "self", "do": written}
    if naming.chosen:
        body["choose"] = naming.chosen
    specs: dict[str, Data] = {name: role_spec(s) for name, s in naming.selectors.items()}
    return specs, {"perform": body}, dict(naming.selectors)
