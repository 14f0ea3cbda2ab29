"""A Riftbound Total Cost (Core Rules 1.3: 131.4, 356, 363-366, 403, 805.1.a, 818.1.c,
820.1.c, 821.1.c): the printed costs of a card and the passives that alter costs.

``PrintedCosts`` holds what a card prints: its cost (131; by default ``base.energy`` and
``base.power`` times [C]), its Equip cost and what its Equip text alters (818.1.c), its
Repeat costs (820.1.c). A ``CostModifier`` is a passive that alters costs (366.2): an
increase or a discount of Energy and Power symbols, perhaps "to a minimum of" some
Energy, of one part (a component: Accelerate, Repeat, Equip, the play cost) or of the
whole Total Cost. ``total_cost`` applies them in the order of 356 (Decision RB-COST-1):
base cost, then each additional part with the discounts of that part (356.4.c), then
the increases of the whole (356.3), then its discounts (356.4.d) in the order the
player chooses, by default the cheapest (356.4.e), never below 0 (356.5).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from itertools import permutations

from arbiter.model import riftbound_costs as rc
from arbiter.model.ability_zones import on_board
from arbiter.model.state import JSON, Ability, GameObject, GameState

PLAYABLE_FROM = ("hand", "facedown", "champion")  # 366.2.a: zones a card is played from
MAX_ORDERS = 6  # discounts whose every order is tried; more are applied oldest first


class CostUse(Enum):
    """Which cost a modifier alters."""

    PLAY = "play"  # the card's own cost (356.1 Base Cost)
    ACCELERATE = "accelerate"  # 805.1.a
    REPEAT = "repeat"  # 820.1.c.1
    EQUIP = "equip"  # 818.1.c.4, 821.1.c.2
    ADDITIONAL = "additional"  # every optional additional cost (Accelerate, Repeat)
    ABILITY = "ability"  # the cost of an activated ability of the card (403.3)
    TOTAL = "total"  # the whole Total Cost of a card played (356.3, 356.4.d)


class Whose(Enum):
    """Whose cards' costs a modifier alters."""

    YOURS = "yours"
    OPPONENTS = "opponents"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class PrintedCosts(Ability):
    """A card's printed costs; ``None``: not printed (the play cost then comes from
    ``base``)."""

    play: rc.Cost | None = None
    equip: rc.Cost | None = None
    equip_timing: str = ""  # "", action or reaction: when Equip may be used (818.1.c.5)
    equip_to: str = ""  # "", base or battlefield: where the chosen unit must be (818.1.c.5)
    repeat: tuple[rc.Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class CostModifier(Ability):
    """A passive altering costs (363, 366.2): ``energy`` and ``power`` symbols (a domain's
    name or ``A``) added (positive) or removed (negative) from the ``use`` part of the
    costs of the cards it selects: the card itself (``self_only``, from any zone it is
    played from, 366.2.a), else the cards of ``kinds`` (all when empty) of ``whose``
    players while its source is on the Board (365.1), at a battlefield when
    ``at_battlefield``. ``minimum``: its discount stops at that Energy (356.4.e).
    ``by_highest_might``: the Energy discount is the highest Might among the units the
    player controls, read as the cost is determined."""

    energy: int = 0
    power: tuple[tuple[str, int], ...] = ()
    minimum: int | None = None
    use: CostUse = CostUse.TOTAL
    kinds: tuple[str, ...] = ()
    whose: Whose = Whose.YOURS
    self_only: bool = False
    at_battlefield: bool = False
    by_highest_might: bool = False  # Energy less by the highest Might of your units

    @property
    def increase(self) -> bool:
        return self.energy >= 0 and all(n >= 0 for _, n in self.power)

    def text(self) -> str:
        parts = [f"{self.energy:+d} energy"] if self.energy else []
        parts += [f"{n:+d} [{s}]" for s, n in self.power]
        floor = f", to a minimum of [{self.minimum}]" if self.minimum is not None else ""
        return f"{self.use.value}: {' '.join(parts) or 'nothing'}{floor}"


def printed(card: GameObject) -> PrintedCosts | None:
    return next((a for a in card.abilities if isinstance(a, PrintedCosts)), None)


def printed_cost(card: GameObject) -> rc.Cost:
    """131: the card's cost as printed; what reads a card's cost reads this, whatever was
    paid (131.4)."""
    found = printed(card)
    if found is not None and found.play is not None:
        return found.play
    energy = card.base.get("energy", 0)
    power = card.base.get("power", 0)
    return rc.Cost.of(energy if isinstance(energy, int) else 0).plus(
        rc.own_power(card, power) if isinstance(power, int) and power > 0 else rc.FREE
    )


def accelerate_cost(card: GameObject) -> rc.Cost:
    """805.1.a: [1] and one Power of the unit's domain (805.1.a.1), or [A] when it has no
    domain or several (805.1.a.2)."""
    return rc.Cost.of(1).plus(rc.own_power(card))


# -- which modifiers apply --------------------------------------------------------------------


def _on_board(state: GameState, obj: GameObject) -> bool:
    return on_board(state, obj.zone)


def _highest_might(state: GameState, player: str) -> int:
    from arbiter.model.might_layers import might_now

    mights = [
        might_now(state, o)
        for o in state.objects.values()
        if o.kind == "unit" and _on_board(state, o) and o.controlled_by == player
    ]
    return max([0, *mights])


def standing_changes(card: GameObject) -> list[CostModifier]:
    """The cost changes an effect left on the card itself: the card language's ``cost``
    action performed on it (``ModifyCost``, kept as a ``Standing`` record by
    model/effects/perform.py), a change of Energy by a fixed amount with its floor."""
    if not card.abilities:
        return []
    from arbiter.model.effects import algebra as a
    from arbiter.model.effects.perform import Standing

    out: list[CostModifier] = []
    for rec in card.abilities:
        if not isinstance(rec, Standing) or rec.effect is None:
            continue
        act, amount = rec.effect.action, rec.effect.amount
        if isinstance(act, a.ModifyCost) and isinstance(amount, a.Const):
            value = amount.value if isinstance(amount.value, int) else 0
            out.append(
                CostModifier(
                    rec.id,
                    rec.source,
                    rec.timestamp,
                    energy=value,
                    minimum=act.floor,
                    self_only=True,
                )
            )
    return out


def modifiers(
    state: GameState, card: GameObject, player: str
) -> list[tuple[CostModifier, GameObject]]:
    """The passives altering the costs of ``card`` played (or its ability used) by
    ``player``, oldest first: the card's own from any zone it is played from or on the
    Board (366.2.a), the others' while their source is on the Board (365.1); then the
    changes effects left on the card (``standing_changes``)."""
    found: list[tuple[CostModifier, GameObject]] = []
    for obj in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id)):
        for mod in (a for a in obj.abilities if isinstance(a, CostModifier)):
            if mod.by_highest_might:
                mod = replace(mod, energy=mod.energy - _highest_might(state, player))
            if mod.self_only:
                here = obj.zone in PLAYABLE_FROM or _on_board(state, obj)
                if obj.id == card.id and here:
                    found.append((mod, obj))
                continue
            if not _on_board(state, obj) or (mod.at_battlefield and obj.zone != "battlefield"):
                continue
            mine = obj.controlled_by == player
            if mod.whose is Whose.YOURS and not mine or mod.whose is Whose.OPPONENTS and mine:
                continue
            if mod.kinds and card.kind not in mod.kinds:
                continue
            found.append((mod, obj))
    found += [(mod, card) for mod in standing_changes(card)]
    return found


# -- applying them ----------------------------------------------------------------------------


def _apply(cost: rc.Cost, mod: CostModifier) -> rc.Cost:
    """One modifier on a cost: Energy changed, stopping at its minimum for a discount
    (356.4.e) and at 0 (356.5); Power symbols added or removed, a removal taking only
    symbols of its own kind ([A] removes [A], 821.1.c.3; Decision RB-COST-2)."""
    energy = cost.energy + mod.energy
    if mod.energy < 0:
        floor = max(0, mod.minimum or 0)
        energy = max(energy, min(cost.energy, floor))
    counts = {d.value: n for d, n in cost.power}
    counts[rc.ANY] = cost.any_power
    for symbol, n in mod.power:
        counts[symbol] = max(0, counts.get(symbol, 0) + n)
    power = {d: counts.get(d.value, 0) for d in rc.Domain}
    return rc.Cost.of(max(0, energy), power, counts[rc.ANY], cost.exhaust)


@dataclass(frozen=True, slots=True)
class Applied:
    """A modifier applied: to which part, and the cost before and after."""

    id: str
    source: str
    part: str
    before: str
    after: str

    def as_json(self) -> dict[str, JSON]:
        return {"id": self.id, "source": self.source, "part": self.part}


@dataclass(frozen=True, slots=True)
class TotalCost:
    """The parts to pay, each after the modifiers of its component, and the Total Cost
    after the modifiers of the whole (356.3-356.4.d); ``applied`` in the order they were
    applied."""

    parts: tuple[rc.Part, ...]
    applied: tuple[Applied, ...]
    whole: rc.Cost | None = None  # the Total Cost after the whole's modifiers, if any

    @property
    def cost(self) -> rc.Cost:
        return self.whole if self.whole is not None else rc.total(self.parts)


def _component(use: CostUse, name: str) -> bool:
    if use is CostUse.ADDITIONAL:  # and an imported optional one (356.2.b, IMP-EXTRA)
        return name.startswith(("accelerate", "repeat", "additional"))
    return bool(name.split(" ", 1)[0] == use.value)


def total_cost(
    state: GameState,
    card: GameObject,
    player: str,
    parts: tuple[rc.Part, ...],
    *,
    order: tuple[str, ...] = (),
    whole: bool = True,
) -> TotalCost:
    """356 (and 403 for an ability): each part with the modifiers of its component,
    discounts of a component applied as it is added (356.4.c), increases before
    discounts (356.3); then, when ``whole`` (a card played), the increases of the Total
    Cost and its discounts, in ``order`` (the player's, by modifier id) or else the order
    that leaves the least Energy (356.4.d.1, 356.4.e: the player would choose it)."""
    mods = modifiers(state, card, player)
    done: list[Applied] = []
    out: list[rc.Part] = []
    for part in parts:
        cost = part.cost
        mine = [m for m, _ in mods if m.use is not CostUse.TOTAL and _component(m.use, part.name)]
        for mod in sorted(mine, key=lambda m: not m.increase):
            after = _apply(cost, mod)
            done.append(Applied(mod.id, mod.source, part.name, cost.text(), after.text()))
            cost = after
        out.append(replace(part, cost=cost))
    wide = [m for m, _ in mods if m.use is CostUse.TOTAL] if whole else []
    if not wide:
        return TotalCost(tuple(out), tuple(done))
    before = rc.total(tuple(out))
    cost = before
    for mod in (m for m in wide if m.increase):
        after = _apply(cost, mod)
        done.append(Applied(mod.id, mod.source, "total", cost.text(), after.text()))
        cost = after
    discounts = _ordered([m for m in wide if not m.increase], cost, order)
    for mod in discounts:
        after = _apply(cost, mod)
        done.append(Applied(mod.id, mod.source, "total", cost.text(), after.text()))
        cost = after
    return TotalCost(tuple(out), tuple(done), cost)


def _ordered(
    discounts: list[CostModifier], cost: rc.Cost, order: tuple[str, ...]
) -> list[CostModifier]:
    if order:
        rank = {mid: n for n, mid in enumerate(order)}
        return sorted(discounts, key=lambda m: rank.get(m.id, len(rank)))
    if len(discounts) > MAX_ORDERS:
        return discounts
    best, best_energy = discounts, None
    for perm in permutations(discounts):
        c = cost
        for mod in perm:
            c = _apply(c, mod)
        if best_energy is None or c.energy < best_energy:
            best, best_energy = list(perm), c.energy
    return best
