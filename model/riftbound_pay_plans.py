"""The ways a player may use their runes to pay a Riftbound cost (Core Rules 1.3: 357.1.a,
163.2): each minimal plan of runes exhausted and recycled that, with the Rune Pool, pays
the cost. Runes of one kind (the same domains, exhausted or not) are told apart only by
age: a plan uses the oldest of a kind first, so two plans differ in what is used, never
in which of two alike runes. ``arbiter run --outcomes`` searches these plans at a ``pay``
step that does not name its runes (model/riftbound_payment.py)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from arbiter.model import riftbound_costs as rc
from arbiter.model.state import GameObject, GameState

LIMIT = 20_000  # combinations of uses looked at; beyond it only the default plan is offered

Kind = tuple[tuple[rc.Domain, ...], bool]  # a rune's domains, and whether it is exhausted


@dataclass(frozen=True, slots=True)
class Use:
    """How many runes of one kind are exhausted only, recycled only, and both."""

    exhaust: int = 0
    recycle: int = 0
    both: int = 0


def _uses(count: int, tired: bool) -> list[Use]:
    if tired:  # an exhausted rune can only be recycled (414.4)
        return [Use(recycle=r) for r in range(count + 1)]
    return [
        Use(e, r, b)
        for b in range(count + 1)
        for e in range(count + 1 - b)
        for r in range(count + 1 - b - e)
    ]


def _pays(
    have: rc.Pool, kinds: list[tuple[Kind, GameObject]], uses: tuple[Use, ...], cost: rc.Cost
) -> bool:
    gained = rc.FREE
    for (_, sample), use in zip(kinds, uses, strict=True):
        gained = gained.plus(rc.Cost.of(use.exhaust + use.both))
        for _ in range(use.recycle + use.both):
            gained = gained.plus(rc.own_power(sample))
    counts = dict(have.power)
    for d, n in gained.power:
        counts[d] = counts.get(d, 0) + n
    power = tuple((d, counts[d]) for d in rc.Domain if counts.get(d))
    after = rc.Pool(have.energy + gained.energy, power, have.universal + gained.any_power)
    return rc.settle(after, cost) is not None


def _smaller(use: Use) -> list[Use]:
    """The uses with one ability fewer."""
    out = []
    if use.exhaust:
        out.append(Use(use.exhaust - 1, use.recycle, use.both))
    if use.recycle:
        out.append(Use(use.exhaust, use.recycle - 1, use.both))
    if use.both:
        out.append(Use(use.exhaust + 1, use.recycle, use.both - 1))
        out.append(Use(use.exhaust, use.recycle + 1, use.both - 1))
    return out


def _choice(groups: list[list[GameObject]], uses: tuple[Use, ...]) -> rc.PayChoice:
    exhaust: list[str] = []
    recycle: list[str] = []
    for runes, use in zip(groups, uses, strict=True):
        ids = [r.id for r in runes]
        both = ids[: use.both]
        exhaust += both + ids[use.both : use.both + use.exhaust]
        recycle += both + ids[use.both + use.exhaust : use.both + use.exhaust + use.recycle]
    return rc.PayChoice(tuple(exhaust), tuple(recycle), auto=False)


def plans(state: GameState, player: str, cost: rc.Cost) -> list[rc.PayChoice]:
    """Every minimal plan that pays ``cost`` (none: it cannot be paid); the plan of
    Decision RB-PAY-1 first, then the others by the runes they name."""
    default = rc.default_runes(state, player, cost)
    found: dict[Kind, list[GameObject]] = {}
    for rune in rc.runes(state, player):
        found.setdefault((rc.domains(rune), rc.is_exhausted(rune)), []).append(rune)
    kinds = sorted(found, key=lambda k: ([d.value for d in k[0]], k[1]))
    groups = [found[k] for k in kinds]
    options = [_uses(len(g), k[1]) for k, g in zip(kinds, groups, strict=True)]
    total = 1
    for o in options:
        total *= len(o)
    have = rc.pool(state, player)
    samples = [(k, g[0]) for k, g in zip(kinds, groups, strict=True)]
    if total > LIMIT:
        return [default] if rc.can_pay(state, player, (rc.Part("x", cost, ""),)) else []
    out: list[rc.PayChoice] = []
    for uses in product(*options):
        if not _pays(have, samples, uses, cost):
            continue
        smaller = (
            (*uses[:i], less, *uses[i + 1 :]) for i, u in enumerate(uses) for less in _smaller(u)
        )
        if any(_pays(have, samples, s, cost) for s in smaller):
            continue
        out.append(_choice(groups, uses))
    if not out:
        return []
    rest = sorted((p for p in out if p != default), key=lambda p: (p.exhaust, p.recycle))
    return [default, *rest]
