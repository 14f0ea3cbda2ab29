"""Activated abilities and conditional timing permissions of Riftbound (Core Rules 1.3:
145, 376-381, 398-406, Action 806, Reaction 813, Equip 818).

An activated ability is typed data on its object: an id, a cost and an effect
(``cost: effect``, 377.1, 145.1). ``equip: true`` makes it an Equip ability, short for
"cost: attach this gear to a unit you control" (818.1.c.2): several of them on one gear
are separate abilities with their own costs (818.4). ``add: true`` makes it an ability
that Adds resources: it resolves at once instead of becoming a chain item (400.2).
What the effect does is given by the step that activates it (as a spell's instructions
are given by ``play_card``). Its cost is a Riftbound cost (model.riftbound_costs): with
``pay`` it is paid from the Rune Pool after the modifiers of abilities' costs (403.3);
without, only exhausting the source is (Decision RB-ACT-COST).

A timing grant is a passive that gives a card or ability Action or Reaction only under a
condition (806.4, 813.4): it may be played or activated when the keyword would allow it;
if the condition is not met at the check of legality the whole play is undone (806.4.b,
813.4.b).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from arbiter.model import riftbound_costs as rc
from arbiter.model.errors import IllegalAction
from arbiter.model.riftbound_play import PLAYED
from arbiter.model.state import Ability, GameObject, GameState


class Permission(Enum):
    """The permissive keywords (806.1, 813.1)."""

    ACTION = "Action"
    REACTION = "Reaction"


class GrantWhen(Enum):
    """Conditions of a timing grant, checked at the check of legality (806.4.b)."""

    CHOOSES_FRIENDLY = "chooses_friendly"  # one of its chosen targets is the player's
    CHOOSES_ENEMY = "chooses_enemy"  # one of its chosen targets is an opponent's
    PLAYED_ANOTHER = "played_another"  # the player played another card this turn


@dataclass(frozen=True, slots=True)
class TimingGrant(Ability):
    """A passive of a card giving it (or its ability ``ability``) a permissive keyword
    while ``when`` holds (806.4, 813.4)."""

    keyword: Permission = Permission.REACTION
    when: GrantWhen = GrantWhen.CHOOSES_FRIENDLY
    ability: str | None = None  # the activated ability it applies to; the card itself if None


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Ability):
    """``cost: effect`` of a unit, gear, rune, legend or battlefield (145, 377)."""

    cost: rc.Cost = rc.FREE
    keyword: Permission | None = None  # [Action][>] or [Reaction][>] (806.1.d, 813.1.d)
    equip: bool = False  # 818.1.c.2
    add: bool = False  # 400.2
    text: str = ""


def activated(obj: GameObject, ability: str) -> ActivatedAbility:
    for a in obj.abilities:
        if isinstance(a, ActivatedAbility) and a.id == ability:
            return a
    raise IllegalAction("Riftbound 377.1", f"{obj.id} has no activated ability {ability}")


def grants(obj: GameObject, ability: str | None) -> list[TimingGrant]:
    return [a for a in obj.abilities if isinstance(a, TimingGrant) and a.ability == ability]


def needed(state: GameState, player: str, timing: str) -> Permission | None:
    """The keyword an ability needs to be activated now (381, 806.1.c.2, 813.1.c.2):
    Reaction in a Closed State, Action (or Reaction) in a showdown, none on its
    controller's turn in a Neutral Open State; on another player's turn in a Neutral Open
    State no keyword allows it (381)."""
    if timing == "closed":
        return Permission.REACTION
    if timing == "showdown":
        return Permission.ACTION
    if player != state.active_player:
        raise IllegalAction("Riftbound 381", f"{player} activates abilities on their own turn")
    return None


def allows(have: Permission | None, need: Permission | None) -> bool:
    """813.1.b: Reaction grants everything Action does."""
    return need is None or have is Permission.REACTION or have is need


def grant_holds(
    state: GameState, grant: TimingGrant, player: str, targets: tuple[str, ...], *, counted: int
) -> bool:
    """Whether the grant's condition holds now (806.4.b: at the check of legality);
    ``counted``: the cards of this play already in the player's count (the card itself)."""
    if grant.when is GrantWhen.PLAYED_ANOTHER:
        return state.counters.get(f"{PLAYED}{player}", 0) > counted
    owners = [state.obj(t).controlled_by for t in targets if t in state.objects]
    if grant.when is GrantWhen.CHOOSES_FRIENDLY:
        return any(o == player for o in owners)
    return any(o != player for o in owners)


def article(need: Permission | None, closed: bool) -> str:
    """The article that refuses an ability activated without the permission it needs."""
    if need is Permission.REACTION:
        return "Riftbound 813.1.c.2"
    if need is Permission.ACTION:
        return "Riftbound 806.1.c.2"
    return "Riftbound 381" if not closed else "Riftbound 813.1.c.2"
