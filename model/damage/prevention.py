"""Prevention shields (RULES §8, P-1 … P-6, Decision P-ORDER, D-PREV-1/3, D-LETHAL-1).

A shield is an ``Ability`` on the protected object: "prevent the next N
damage/wounds", with the part not used yet (``remaining``, P-4). Everything
here is a pure function of the object and the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbiter.model.ability_zones import in_play_in
from arbiter.model.ruleset import PreventionOrder
from arbiter.model.state import JSON, Ability, GameObject, GameState
from arbiter.model.trace import RuleStep, Trace


@dataclass(frozen=True, slots=True)
class Shield(Ability):
    """P-5: a constant prevention effect with an amount, kept on the protected object."""

    controller: str = ""
    remaining: int = 0
    # Riftbound 437: "Prevent all" (437.1.b.1.b, 437.3.c), "the next damage" (one hit,
    # all of it), damage from some kinds of source only (437.1.b), "this turn" (317.2.c)
    all_damage: bool = False
    next_hit: bool = False
    from_kinds: frozenset[str] = frozenset()
    this_turn: bool = False
    # P-6b: the timestamp its source object had when the shield was created (which
    # object, A-TIME-1); None when the source is not an object (an effect name).
    source_stamp: int | None = None

    def as_json(self, active: bool) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "id": self.id,
            "remaining": "all" if self.all_damage and self.remaining > 0 else self.remaining,
            "controller": self.controller,
            "source": self.source,
            "active": active,
        }
        if self.from_kinds:
            out["from"] = sorted(self.from_kinds)
        if self.next_hit:
            out["next"] = True
        if self.this_turn:
            out["this_turn"] = True
        return out

    def covers(self, kinds: frozenset[str]) -> bool:
        """437.1.b: a shield restricted to some sources ignores damage from others."""
        return not self.from_kinds or bool(self.from_kinds & kinds)


@dataclass(frozen=True, slots=True)
class ShieldUse:
    """How much one shield prevented from one hit, and what it keeps (P-4)."""

    shield: str
    used: int
    remaining: int

    def as_json(self) -> dict[str, JSON]:
        return {"id": self.shield, "used": self.used, "remaining": self.remaining}


@dataclass(frozen=True, slots=True)
class Prevented:
    """The outcome of prevention on one hit: what is still dealt, and why."""

    dealt: int
    prevented: int
    uses: tuple[ShieldUse, ...]
    because: Trace

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.rule for s in self.because))


def shields(obj: GameObject) -> tuple[Shield, ...]:
    return tuple(a for a in obj.abilities if isinstance(a, Shield))


def created_by(shield: Shield, state: GameState) -> Shield:
    """The shield tied to its source as the source is now (P-6b): a shield records the
    timestamp of the object that created it, so that a new object with the same id (one
    that left play and came back, A-GOLD-7, A-TIME-1) is not its source."""
    source = state.objects.get(shield.source)
    return replace(shield, source_stamp=None if source is None else source.timestamp)


def bound_to_sources(state: GameState) -> GameState:
    """Every shield tied to its source as it is now (``created_by``): for a state put
    together from card templates, whose objects are all new."""
    objects = dict(state.objects)
    for oid, obj in state.objects.items():
        if any(isinstance(a, Shield) for a in obj.abilities):
            abilities = tuple(
                created_by(a, state) if isinstance(a, Shield) else a for a in obj.abilities
            )
            objects[oid] = replace(obj, abilities=abilities)
    return replace(state, objects=objects)


def source_left(shield: Shield, state: GameState) -> bool:
    """P-6, Decision P-6b: the object that created the shield has left play, for good.

    It has left when the object with the source's id is out of play, or is a new object
    (another timestamp: it left and came back). A source that is not an object of the
    scenario (an effect name) never leaves.
    """
    source = state.objects.get(shield.source)
    if source is None:
        return False
    if not in_play_in(state, source.zone):  # Riftbound 107: a base is in play
        return True
    return shield.source_stamp is not None and source.timestamp != shield.source_stamp


def applies(shield: Shield, state: GameState) -> bool:
    """P-6: a shield whose source object has left play no longer applies (Decision P-6b:
    even when that object comes back: it is a new object)."""
    return not source_left(shield, state)


def ordered(
    obj: GameObject, state: GameState, chosen: Sequence[str] = ()
) -> tuple[tuple[Shield, ...], Trace]:
    """P-3 and P-ORDER: the shields that apply, in the order they are used.

    Inactive players' shields first (in seat order), then the active player's;
    within one player, by the ruleset's ``prevention_order`` (oldest first by
    default). Under ``chosen``, the ids in ``chosen`` come first in that order.
    """
    why: list[RuleStep] = []
    live: list[tuple[int, Shield]] = []
    for n, s in enumerate(shields(obj)):
        if applies(s, state):
            live.append((n, s))
        else:
            why.append(RuleStep("P-6", f"{s.id} does not apply: its source {s.source} left play"))
            src = state.objects.get(s.source)
            if src is not None and in_play_in(state, src.zone):
                why.append(
                    RuleStep(
                        "P-6b",
                        f"{s.source} came back as a new object (t{src.timestamp}): "
                        "the shield stays gone",
                    )
                )
    seats = {p: i for i, p in enumerate(state.players)}
    active = state.active_player
    policy = state.ruleset.prevention_order
    rank = {sid: i for i, sid in enumerate(chosen)}

    def key(item: tuple[int, Shield]) -> tuple[int, int, int, int]:
        n, s = item
        owner = s.controller or obj.controlled_by
        side = 1 if owner == active else 0
        seat = seats.get(owner, len(seats))
        if policy is PreventionOrder.NEWEST_FIRST:
            age = -s.timestamp
        elif policy is PreventionOrder.CHOSEN and s.id in rank:
            age = rank[s.id] - len(rank) - 10**9
        else:
            age = s.timestamp
        return (side, seat, age, n)

    out = tuple(s for _, s in sorted(live, key=key))
    if len(out) > 1:
        why.append(
            RuleStep(
                "P-3",
                "shields used in turn, inactive player's first: " + ", ".join(s.id for s in out),
            )
        )
        why.append(RuleStep("P-ORDER", f"within one player: {policy.value}"))
    return out, tuple(why)


ALL = 10**9  # D-LETHAL-1 with "Prevent all": no amount is lethal (Riftbound 437.5.b)


def total(obj: GameObject, state: GameState) -> int:
    """D-LETHAL-1: the prevention a hit must get through (shields that apply)."""
    live = [s for s in shields(obj) if applies(s, state) and s.remaining > 0]
    if any(s.all_damage for s in live):
        return ALL
    return sum(s.remaining for s in live)


def prevent(
    obj: GameObject,
    state: GameState,
    amount: int,
    chosen: Sequence[str] = (),
    kinds: frozenset[str] = frozenset(),
) -> Prevented:
    """P-1 … P-4: reduce the damage of one hit (already with every modifier, P-2);
    ``kinds`` are the kinds of its source (spell, ability, unit: Riftbound 437.1.b)."""
    order, why = ordered(obj, state, chosen)
    left = amount
    uses: list[ShieldUse] = []
    steps = list(why)
    for s in order:
        if left <= 0:
            break
        if s.remaining <= 0:
            continue
        if not s.covers(kinds):
            steps.append(
                RuleStep(
                    "Riftbound 437.1.b", f"{s.id} prevents damage from {sorted(s.from_kinds)} only"
                )
            )
            continue
        if s.all_damage:
            left_after = 0
            keep = 0 if s.next_hit else s.remaining
            uses.append(ShieldUse(s.id, left, keep))
            rule = "Riftbound 437.1.b.2" if s.next_hit else "Riftbound 437.3.c"
            what = "the next damage: all of this hit, then it is spent" if s.next_hit else "all"
            steps.append(RuleStep(rule, f"{s.id} prevents {what} ({left})"))
            left = left_after
            break
        used = min(s.remaining, left)
        left -= used
        uses.append(ShieldUse(s.id, used, s.remaining - used))
        if used < s.remaining:
            steps.append(
                RuleStep(
                    "P-4", f"{s.id} prevents {used} of {s.remaining}; keeps {s.remaining - used}"
                )
            )
        else:
            steps.append(RuleStep("P-1", f"{s.id} prevents {used}: the wounds dealt go down"))
    if not uses:
        steps = [st for st in steps if st.rule not in ("P-3", "P-ORDER")]
    return Prevented(left, amount - left, tuple(uses), tuple(steps))


def spend(obj: GameObject, uses: Sequence[ShieldUse]) -> GameObject:
    """Write back what each shield keeps (P-4); a shield's remainder never grows."""
    left = {u.shield: u.remaining for u in uses}
    abilities = tuple(
        replace(a, remaining=min(a.remaining, left[a.id]))
        if isinstance(a, Shield) and a.id in left
        else a
        for a in obj.abilities
    )
    return replace(obj, abilities=abilities)


def add_shield(obj: GameObject, shield: Shield) -> GameObject:
    return replace(obj, abilities=(*obj.abilities, shield))


def prevention_json(obj: GameObject, state: GameState) -> tuple[str, JSON] | None:
    """The ``prevention`` section of an object in the JSON view (DESIGN.md)."""
    found = shields(obj)
    if not found:
        return None
    return "prevention", [s.as_json(applies(s, state)) for s in found]
