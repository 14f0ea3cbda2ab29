"""Riftbound costs and their payment (Core Rules 1.3: 131, 135.2.e.5-6, 159-167, 357, 414.4,
416.1.b, 429). Pure functions of the game state.

A cost is a typed value: Energy, Power of named domains, Power of any domain ([A]) and,
as its one non-resource part, exhausting the object whose cost it is ([E], 135.2.e.2).
A player's resources are their Rune Pool (game counters ``energy.<player>``,
``power.<player>`` for Power of any domain, 135.2.e.5.b, and ``power_<domain>.<player>``)
and their runes on the Board: ``[E]: Add [1]`` and ``Recycle this: Add [C]`` (163.2).
Paying adds what the chosen runes make to the pool (357.1.a, 429.3), then takes the
whole cost out of the pool (357.1); a cost the pool cannot cover is refused with the
article of the part that could not be paid, and nothing is paid. Which runes pay is the
player's choice (``PayChoice``); without one, Decision RB-PAY-1 picks them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Event, GameObject, GameState

RUNE_DECK = "rune_deck"


class Domain(Enum):
    """The six domains (163.1); a Basic Rune has the one of its name."""

    FURY = "fury"
    CALM = "calm"
    MIND = "mind"
    BODY = "body"
    CHAOS = "chaos"
    ORDER = "order"


ANY = "A"  # [A]: Power of any domain (135.2.e.5)
OWN = "C"  # [C]: Power of the card's own domain (135.2.e.6)
SYMBOLS = (*(d.value for d in Domain), ANY, OWN)


@dataclass(frozen=True, slots=True)
class Cost:
    """Energy, Power by domain, Power of any domain ([A]) and "[E]" (exhaust this)."""

    energy: int = 0
    power: tuple[tuple[Domain, int], ...] = ()  # sorted by domain, counts positive
    any_power: int = 0
    exhaust: bool = False

    @staticmethod
    def of(
        energy: int = 0,
        power: Mapping[Domain, int] | None = None,
        any_power: int = 0,
        exhaust: bool = False,
    ) -> Cost:
        counts = {d: n for d, n in (power or {}).items() if n > 0}
        ordered = tuple((d, counts[d]) for d in Domain if d in counts)
        return Cost(max(0, energy), ordered, max(0, any_power), exhaust)

    def power_of(self, domain: Domain) -> int:
        return dict(self.power).get(domain, 0)

    @property
    def total_power(self) -> int:
        return sum(n for _, n in self.power) + self.any_power

    def plus(self, other: Cost) -> Cost:
        counts = dict(self.power)
        for d, n in other.power:
            counts[d] = counts.get(d, 0) + n
        return Cost.of(
            self.energy + other.energy,
            counts,
            self.any_power + other.any_power,
            self.exhaust or other.exhaust,
        )

    def is_free(self) -> bool:
        return not (self.energy or self.power or self.any_power or self.exhaust)

    def text(self) -> str:
        """As printed: ``[2][fury][A][E]``; ``[0]`` for nothing."""
        parts = [f"[{self.energy}]"] if self.energy else []
        parts += [f"[{d.value}]" for d, n in self.power for _ in range(n)]
        parts += [f"[{ANY}]"] * self.any_power
        parts += ["[E]"] if self.exhaust else []
        return "".join(parts) or "[0]"

    def as_json(self) -> dict[str, JSON]:
        return {
            "energy": self.energy,
            "power": {d.value: n for d, n in self.power},
            "any": self.any_power,
            "exhaust": self.exhaust,
        }


FREE = Cost()


def domains(card: GameObject) -> tuple[Domain, ...]:
    """A card's domains (134): ``base.domains``; unknown names are not domains."""
    raw = card.base.get("domains")
    names = raw if isinstance(raw, frozenset) else frozenset()
    return tuple(d for d in Domain if d.value in names)


def own_power(card: GameObject, count: int = 1) -> Cost:
    """``count`` times [C] on ``card``: Power of its domain, or [A] when it has none or
    several (135.2.e.6.a-b)."""
    own = domains(card)
    if len(own) == 1:
        return Cost.of(power={own[0]: count})
    return Cost.of(any_power=count)


def symbols_cost(card: GameObject, energy: int, symbols: tuple[str, ...]) -> Cost:
    """A cost written as Energy and Power symbols (``fury``, ``A``, ``C``) on ``card``."""
    cost = Cost.of(energy)
    for s in symbols:
        if s == ANY:
            cost = cost.plus(Cost.of(any_power=1))
        elif s == OWN:
            cost = cost.plus(own_power(card))
        else:
            cost = cost.plus(Cost.of(power={Domain(s): 1}))
    return cost


# -- the Rune Pool (164-167) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pool:
    """What a player's Rune Pool holds: Energy, Power by domain, Power of any domain."""

    energy: int = 0
    power: tuple[tuple[Domain, int], ...] = ()
    universal: int = 0

    def power_of(self, domain: Domain) -> int:
        return dict(self.power).get(domain, 0)

    def as_json(self) -> dict[str, JSON]:
        return {
            "energy": self.energy,
            "power": {d.value: n for d, n in self.power},
            "any": self.universal,
        }


def _energy_key(player: str) -> str:
    return f"energy.{player}"


def _power_key(player: str, domain: Domain | None) -> str:
    return f"power.{player}" if domain is None else f"power_{domain.value}.{player}"


def pool(state: GameState, player: str) -> Pool:
    c = state.counters
    power = tuple(
        (d, c.get(_power_key(player, d), 0)) for d in Domain if c.get(_power_key(player, d), 0)
    )
    return Pool(c.get(_energy_key(player), 0), power, c.get(_power_key(player, None), 0))


def _with_pool(state: GameState, player: str, new: Pool) -> GameState:
    counters = dict(state.counters)
    keys = [_energy_key(player), _power_key(player, None), *(_power_key(player, d) for d in Domain)]
    for key in keys:
        counters.pop(key, None)
    values = {_energy_key(player): new.energy, _power_key(player, None): new.universal}
    values.update({_power_key(player, d): n for d, n in new.power})
    counters.update({k: v for k, v in values.items() if v})
    return replace(state, counters=counters)


def add(state: GameState, player: str, cost: Cost, rules: tuple[str, ...]) -> GameState:
    """429: resources go into the player's Rune Pool (165.1); [A] stays Power of any
    domain there (135.2.e.5.b)."""
    now = pool(state, player)
    counts = dict(now.power)
    for d, n in cost.power:
        counts[d] = counts.get(d, 0) + n
    power = tuple((d, counts[d]) for d in Domain if counts.get(d))
    new = Pool(now.energy + cost.energy, power, now.universal + cost.any_power)
    added = {k: v for k, v in cost.as_json().items() if k != "exhaust"}
    fields: tuple[tuple[str, JSON], ...] = (("player", player), ("added", added))
    return _with_pool(state, player, new).with_event(Event("add", fields, rules))


# -- runes (159-163) --------------------------------------------------------------------------


def is_exhausted(obj: GameObject) -> bool:
    return bool(obj.counters.get("exhausted", 0))


def runes(state: GameState, player: str) -> list[GameObject]:
    """The runes ``player`` controls on the Board (160.1.a), oldest first."""
    board = state.ruleset.board_zones
    found = (
        o
        for o in state.objects.values()
        if o.kind == "rune" and o.zone.split(":", 1)[0] in board and o.controlled_by == player
    )
    return sorted(found, key=lambda o: (o.timestamp, o.id))


def _rune(state: GameState, rune_id: str, player: str) -> GameObject:
    if rune_id not in state.objects:
        raise IllegalAction("Riftbound 161", f"{rune_id} is not an object")
    if all(r.id != rune_id for r in runes(state, player)):
        raise IllegalAction("Riftbound 163.2", f"{rune_id} is not a rune {player} controls")
    return state.obj(rune_id)


def exhaust_rune(state: GameState, rune_id: str, player: str) -> GameState:
    """163.2.a ``[E]: Add [1]``: the rune must be ready (414.4)."""
    rune = _rune(state, rune_id, player)
    if is_exhausted(rune):
        raise IllegalAction("Riftbound 414.4", f"{rune_id} is exhausted already")
    state = state.with_object(replace(rune, counters={**rune.counters, "exhausted": 1}))
    return add(state, player, Cost.of(1), ("Riftbound 163.2.a", "Riftbound 429.3"))


def recycle_rune(state: GameState, rune_id: str, player: str) -> GameState:
    """163.2.b ``Recycle this: Add [C]``: the rune goes to the bottom of its owner's Rune
    Deck (416.1.b) and adds Power of its domain (163.2.b.1)."""
    from arbiter.model import riftbound_score as rs

    rune = _rune(state, rune_id, player)
    state = rs.move(state, rune_id, RUNE_DECK)
    moved = state.obj(rune_id)
    counters = {k: v for k, v in moved.counters.items() if k != "exhausted"}
    state = state.with_object(replace(moved, counters=counters))
    rules = ("Riftbound 163.2.b", "Riftbound 163.2.b.1", "Riftbound 416.1.b")
    return add(state, player, own_power(rune), rules)


# -- paying (357) -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PayChoice:
    """The player's choices while paying: runes exhausted for Energy and recycled for
    Power (their abilities used in this order: every exhaust, then every recycle), and
    the domains whose Power in the pool pays [A], in order. ``auto``: the runes the
    pool lacks are picked by Decision RB-PAY-1. ``order``: the ids of the discounts of a
    Total Cost in the order the player applies them (356.4.d.1)."""

    exhaust: tuple[str, ...] = ()
    recycle: tuple[str, ...] = ()
    any_from: tuple[Domain, ...] = ()
    auto: bool = True
    order: tuple[str, ...] = ()


AUTO = PayChoice()


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a Total Cost and the article that makes the player pay it."""

    name: str  # play, accelerate, repeat 1, equip, ...
    cost: Cost
    rule: str


def settle(have: Pool, cost: Cost, any_from: tuple[Domain, ...] = ()) -> Pool | None:
    """The pool after taking ``cost`` out of it, or None when it cannot: Energy pays
    Energy (162.1); a domain's Power, then Power of any domain, pays that domain
    (162.2, 135.2.e.5.b); [A] takes any domain's Power (``any_from`` first, then the
    domain with most), then Power of any domain (135.2.e.5.a)."""
    if have.energy < cost.energy:
        return None
    counts = dict(have.power)
    universal = have.universal
    for d, n in cost.power:
        own = min(counts.get(d, 0), n)
        counts[d] = counts.get(d, 0) - own
        universal -= n - own
        if universal < 0:
            return None
    need = cost.any_power
    order = [*any_from, *sorted(Domain, key=lambda d: (-counts.get(d, 0), list(Domain).index(d)))]
    for d in order:
        take = min(counts.get(d, 0), need)
        counts[d] = counts.get(d, 0) - take
        need -= take
    universal -= need
    if universal < 0:
        return None
    power = tuple((d, counts[d]) for d in Domain if counts.get(d))
    return Pool(have.energy - cost.energy, power, universal)


def default_runes(state: GameState, player: str, cost: Cost) -> PayChoice:
    """Decision RB-PAY-1: the pool pays first; the Power still missing is paid by
    recycling runes of its domain (any domain for [A]), ready runes first while Energy is
    missing (each is exhausted for Energy before it goes), else exhausted runes first;
    the Energy still missing by exhausting ready runes, those recycled first, then the
    oldest."""
    have = pool(state, player)
    energy_short = max(0, cost.energy - have.energy)
    counts = dict(have.power)
    left = list(runes(state, player))
    short: dict[Domain, int] = {}
    for d, n in cost.power:
        short[d] = max(0, n - counts.get(d, 0))
        counts[d] = max(0, counts.get(d, 0) - n)
    universal = have.universal
    # Power of any domain goes first where too few runes of the domain are left, then
    # where the pool is spent before runes
    for beyond_runes in (True, False):
        for d in short:
            own = sum(1 for r in left if domains(r) == (d,)) if beyond_runes else 0
            used = min(universal, max(0, short[d] - own))
            universal -= used
            short[d] -= used
    any_short = max(0, cost.any_power - sum(counts.values()) - universal)
    recycled: list[GameObject] = []

    def pick(candidates: list[GameObject]) -> GameObject | None:
        ready_first = energy_short > sum(1 for r in recycled if not is_exhausted(r))
        ranked = sorted(candidates, key=lambda r: is_exhausted(r) == ready_first)
        return ranked[0] if ranked else None

    for d, n in short.items():
        for _ in range(n):
            found = pick([r for r in left if domains(r) == (d,)])
            found = found or pick([r for r in left if len(domains(r)) != 1])  # [A]: 135.2.e.6.b
            if found is None:
                break
            recycled.append(found)
            left.remove(found)
    for _ in range(any_short):
        found = pick(left)
        if found is None:
            break
        recycled.append(found)
        left.remove(found)
    ready = [r for r in recycled if not is_exhausted(r)] + [r for r in left if not is_exhausted(r)]
    exhausted = ready[:energy_short]
    return PayChoice(tuple(r.id for r in exhausted), tuple(r.id for r in recycled), auto=False)


def _use_runes(state: GameState, player: str, choice: PayChoice) -> GameState:
    for rune in choice.exhaust:
        state = exhaust_rune(state, rune, player)
    for rune in choice.recycle:
        state = recycle_rune(state, rune, player)
    return state


def _exhaust_self(state: GameState, source: str | None) -> GameState:
    """[E] (135.2.e.2): the object is exhausted; it must be ready (414.4)."""
    if source is None:
        raise IllegalAction("Riftbound 414.5", "an [E] cost has no object to exhaust")
    obj = state.obj(source)
    if is_exhausted(obj):
        raise IllegalAction("Riftbound 414.4", f"{source} is exhausted and cannot pay [E]")
    return state.with_object(replace(obj, counters={**obj.counters, "exhausted": 1}))


def total(parts: tuple[Part, ...]) -> Cost:
    out = FREE
    for p in parts:
        out = out.plus(p.cost)
    return out


def _unpaid_rule(have: Pool, parts: tuple[Part, ...], any_from: tuple[Domain, ...]) -> str:
    """The article of the first part that the pool can no longer cover with the parts
    before it (357.1 when the parts cannot be told apart)."""
    so_far = FREE
    for p in parts:
        so_far = so_far.plus(replace(p.cost, exhaust=False))
        if settle(have, so_far, any_from) is None:
            return p.rule
    return "Riftbound 357.1"


def can_pay(
    state: GameState,
    player: str,
    parts: tuple[Part, ...],
    *,
    source: str | None = None,
    cost: Cost | None = None,
) -> bool:
    """Whether ``pay`` with Decision RB-PAY-1 would succeed (nothing is changed)."""
    try:
        pay(state, player, parts, source=source, cost=cost)
    except IllegalAction:
        return False
    return True


def pay(
    state: GameState,
    player: str,
    parts: tuple[Part, ...],
    *,
    source: str | None = None,
    choice: PayChoice = AUTO,
    rules: tuple[str, ...] = ("Riftbound 357.1",),
    cost: Cost | None = None,
) -> GameState:
    """357: the player pays every part at once: the chosen runes' abilities add to the pool
    (357.1.a), then the Energy and Power come out of it (357.1) and ``source`` is exhausted
    for an [E] (357.2, 414.4). Refused, with the article of the part that cannot be paid,
    when the pool falls short; the event ``pay_cost`` says what paid what. ``cost``: the
    Total Cost when modifiers of the whole changed it (else the sum of the parts)."""
    cost = total(parts) if cost is None else cost
    if choice.auto:
        choice = replace(default_runes(state, player, cost), any_from=choice.any_from)
    before = pool(state, player)
    paid = _use_runes(state, player, choice)
    have = pool(paid, player)
    after = settle(have, replace(cost, exhaust=False), choice.any_from)
    if after is None:
        text = f"{player} cannot pay {cost.text()} (pool {have.as_json()}"
        raise IllegalAction(_unpaid_rule(have, parts, choice.any_from), f"{text} after runes)")
    paid = _with_pool(paid, player, after)
    if cost.exhaust:
        paid = _exhaust_self(paid, source)
    fields: tuple[tuple[str, JSON], ...] = (
        ("player", player),
        ("source", source),
        ("cost", cost.text()),
        ("parts", {p.name: p.cost.text() for p in parts}),
        ("exhausted", list(choice.exhaust)),
        ("recycled", list(choice.recycle)),
        ("pool_before", before.as_json()),
        ("pool_after", after.as_json()),
    )
    rule_ids = tuple(dict.fromkeys((*rules, *(p.rule for p in parts))))
    return paid.with_event(Event("pay_cost", fields, rule_ids))
