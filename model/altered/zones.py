"""Altered zones, ownership, knowledge and moves (RULES.md §3–§4: A-ZONE, A-GOLD-6/7, A-CHAR-3).

Zone names are those of the glossary (the seed): visible zones hold objects, hidden
zones hold cards. The Expedition zone is shared and split into each player's Hero and
Companion expeditions, written ``expedition:hero`` and ``expedition:companion``;
switching between them is not a zone change. A card in a personal zone is always in its
owner's zone (A-GOLD-6), so a zone name needs no player.

Moving an object makes a new object (A-GOLD-7, A-TIME-1): it gets a new timestamp and
loses the modifications, protections, granted features, granted abilities and statuses of
the old one. Boosts follow only where the complete rules 3.0 say so (2.5.j–k, Seasoned).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from arbiter.model.ruleset import ManaPayment
from arbiter.model.state import Ability, BaseValue, Event, GameObject, GameState
from arbiter.model.trace import RuleStep
from arbiter.model.values.features import Feature

VISIBLE = frozenset({"adventure", "discard", "expedition", "hero", "landmark", "limbo", "reserve"})
HIDDEN = frozenset({"deck", "hand", "mana"})
SHARED = frozenset({"adventure", "expedition", "limbo"})
PERSONAL = (VISIBLE | HIDDEN) - SHARED
ZONES = VISIBLE | HIDDEN
EXPEDITIONS = ("hero", "companion")
IN_PLAY = frozenset({"expedition", "landmark"})

# Object counters that are statuses or knowledge marks, not game counters.
FACE_DOWN = "face_down"
REVEALED = "revealed"
SEEN_BY = "seen_by."  # + player: that player may look at this card
BOOSTS = "boosts"
TOKEN = "token"  # the mark of a token (Altered 7.3.4): it never joins another zone (2.1.e)
FLEETING = "fleeting"  # the Fleeting status (a spell's printed Fleeting is a feature)
STATUSES = frozenset({"exhausted", "anchored", "asleep", FLEETING})


@dataclass(frozen=True, slots=True)
class CardFace(Ability):
    """The printed face of a card: kept while the object is face down (A-CHAR-3).

    It is the card itself, not an effect, so it follows the card through every move.
    """

    base: Mapping[str, BaseValue] = field(default_factory=dict)
    features: Mapping[str, Feature] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Prohibition(Ability):
    """ "[object] cannot [action]" from a rule or passive (A-GOLD-1).

    Actions: ``be_targeted``, ``gain_boosts``, ``leave_expedition``, ``move_forward``,
    ``be_played``, ``play_from:<zone>`` (on a player's Hero or any object it controls).
    """

    action: str = ""


@dataclass(frozen=True, slots=True)
class Permission(Ability):
    """A card's "you may [do what the rules forbid]" (A-GOLD-5), e.g. ``play_from:discard``."""

    action: str = ""


def zone_kind(zone: str) -> str:
    """``expedition:hero`` → ``expedition``."""
    return zone.split(":", 1)[0]


def expedition_of(zone: str) -> str | None:
    if zone_kind(zone) != "expedition":
        return None
    part = zone.split(":", 1)
    return part[1] if len(part) == 2 else EXPEDITIONS[0]


def is_visible(zone: str) -> bool:
    return zone_kind(zone) in VISIBLE


def is_face_down(obj: GameObject) -> bool:
    return obj.counters.get(FACE_DOWN, 0) > 0


def in_play(obj: GameObject) -> bool:
    return zone_kind(obj.zone) in IN_PLAY


def printed(obj: GameObject) -> CardFace | None:
    for a in obj.abilities:
        if isinstance(a, CardFace):
            return a
    return None


def check_zone(zone: str) -> None:
    if zone_kind(zone) not in ZONES:
        raise ValueError(f"unknown Altered zone {zone!r}")


# -- knowledge (A-ZONE-1/2, A-CHAR-3) -------------------------------------------------------


def knows(state: GameState, player: str, obj: GameObject) -> bool:
    """May ``player`` see the characteristics of ``obj``?

    A-ZONE-1: everyone sees face-up objects in visible zones. A-CHAR-3: a face-down object
    has no base characteristics, so there is nothing to see — except for its owner, who may
    look at a face-down card of their own in a hidden zone. A-ZONE-2: a player sees the
    cards of their own Hand (and Mana zone), never another player's hidden cards, unless
    revealed or an effect let them look.
    """
    if obj.counters.get(REVEALED, 0) > 0 or obj.counters.get(SEEN_BY + player, 0) > 0:
        return True
    kind = zone_kind(obj.zone)
    if kind in VISIBLE:
        return not is_face_down(obj)
    if kind == "deck":
        return False
    return obj.owner == player


def known_to(state: GameState, obj: GameObject) -> list[str]:
    return [p for p in state.players if knows(state, p, obj)]


def player_view(state: GameState, player: str) -> dict[str, dict[str, object]]:
    """What ``player`` may see of every object: all for a known one; zone and owner else.

    A-ZONE-1/2: the number of cards in every zone is known to all; the identity and
    characteristics only as :func:`knows` says.
    """
    out: dict[str, dict[str, object]] = {}
    hidden_count = 0
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        if knows(state, player, obj):
            out[oid] = {
                "zone": obj.zone,
                "owner": obj.owner,
                "kind": obj.kind,
                "base": dict(obj.base),
                "face_down": is_face_down(obj),
            }
        else:
            hidden_count += 1
            out[f"hidden#{hidden_count}"] = {"zone": obj.zone, "owner": obj.owner}
    return out


def reveal(state: GameState, target: str, why: str) -> GameState:
    """A-ZONE-2: a cost or effect that uses a hidden card's characteristics reveals it first."""
    obj = state.obj(target)
    if obj.counters.get(REVEALED, 0) > 0 or is_visible(obj.zone) and not is_face_down(obj):
        return state
    face = printed(obj)
    base = dict(face.base) if face is not None and is_face_down(obj) else dict(obj.base)
    feats = dict(face.features) if face is not None and is_face_down(obj) else dict(obj.features)
    counters = {k: v for k, v in obj.counters.items() if k != FACE_DOWN}
    counters[REVEALED] = 1
    new = replace(obj, base=base, features=feats, counters=counters)
    return state.with_object(new).with_event(
        Event(
            "reveal",
            (("target", target), ("zone", obj.zone), ("why", why)),
            ("A-ZONE-2",) if not is_visible(obj.zone) else ("A-CHAR-3",),
        )
    )


def turn_face_down(obj: GameObject) -> GameObject:
    """A-CHAR-3: a face-down object has no base characteristics; its card keeps its face."""
    face = printed(obj) or CardFace(
        id=f"{obj.id}.card", source=obj.id, base=dict(obj.base), features=dict(obj.features)
    )
    abilities = tuple(a for a in obj.abilities if not isinstance(a, CardFace)) + (face,)
    counters = {k: v for k, v in obj.counters.items() if k != REVEALED}
    counters[FACE_DOWN] = 1
    return replace(obj, base={}, mods={}, features={}, abilities=abilities, counters=counters)


# -- permissions (A-GOLD-1, A-GOLD-5) --------------------------------------------------------


def prohibited(state: GameState, obj: GameObject, action: str) -> Prohibition | None:
    """A-GOLD-1: a "cannot" on the object, or on any object of the acting player's side."""
    for a in obj.abilities:
        if isinstance(a, Prohibition) and a.action == action:
            return a
    return None


def player_prohibition(state: GameState, player: str, action: str) -> Prohibition | None:
    """A "cannot" that binds a player: carried by an object that player controls."""
    for o in state.objects.values():
        if o.controlled_by != player:
            continue
        for a in o.abilities:
            if isinstance(a, Prohibition) and a.action == action:
                return a
    return None


def player_permission(state: GameState, player: str, action: str) -> Permission | None:
    """A "can" that a player has: carried by an object they control in play or in their
    Hero zone (Altered 2.4.5.d: "you may play exhausted cards in Reserve")."""
    for o in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id)):
        if o.controlled_by == player and zone_kind(o.zone) in (*IN_PLAY, "hero"):
            found = permitted(o, action)
            if found is not None:
                return found
    return None


def permitted(obj: GameObject, action: str) -> Permission | None:
    for a in obj.abilities:
        if isinstance(a, Permission) and a.action == action:
            return a
    return None


# -- moves (A-GOLD-6, A-GOLD-7, A-TIME-1) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveResult:
    state: GameState
    done: bool
    because: tuple[RuleStep, ...]


def destination(obj: GameObject, zone: str, player: str | None) -> tuple[str, list[RuleStep]]:
    """A-GOLD-6: a card that would go to another player's personal zone goes to its owner's."""
    why: list[RuleStep] = []
    if player is not None and player != obj.owner and zone_kind(zone) in PERSONAL:
        why.append(
            RuleStep(
                "A-GOLD-6",
                f"{obj.id} would go to {player}'s {zone}; it goes to its owner "
                f"{obj.owner}'s {zone} instead",
            )
        )
    return zone, why


def _kept_counters(obj: GameObject, to: str) -> tuple[dict[str, int], list[RuleStep]]:
    """Which counters the new object keeps (complete rules 3.0 2.5.j–k; A-KW-SEASONED)."""
    src, dst = zone_kind(obj.zone), zone_kind(to)
    boosts = obj.counters.get(BOOSTS, 0)
    why: list[RuleStep] = []
    if boosts <= 0:
        return {}, why
    if src == "expedition" and dst == "reserve" and "Seasoned" in obj.features:
        why.append(RuleStep("A-KW-SEASONED", f"{obj.id} has Seasoned: it keeps {boosts} boost(s)"))
        return {BOOSTS: boosts}, why
    if src in ("reserve", "limbo") and dst in VISIBLE and dst != "discard":
        why.append(
            RuleStep("A-GOLD-7", f"{obj.id} keeps {boosts} boost(s) from {src} (rules 3.0 2.5.k)")
        )
        return {BOOSTS: boosts}, why
    why.append(RuleStep("A-GOLD-7", f"{obj.id}'s {boosts} boost(s) do not follow it to {dst}"))
    return {}, why


def new_object(obj: GameObject, to: str, timestamp: int) -> tuple[GameObject, list[RuleStep]]:
    """A-GOLD-7: the object that enters ``to`` is new; what was tied to the old one stays behind.

    Kept: the card (owner, printed base and features, printed abilities), and the counters
    that rules 2.5.k and Seasoned keep. Lost: modifications, protections, features gained
    or boosted by effects, abilities granted by other sources, statuses, knowledge marks.
    The controller becomes the owner again.
    """
    face = printed(obj)
    base = dict(face.base) if face is not None else dict(obj.base)
    feats = dict(face.features) if face is not None else _printed_features(obj)
    kept, why = _kept_counters(obj, to)
    if obj.counters.get(FACE_DOWN, 0) and zone_kind(to) not in ("mana",):
        why.append(RuleStep("A-CHAR-3", f"{obj.id} enters {to} face up"))
    abilities = tuple(a for a in obj.abilities if a.source == obj.id or isinstance(a, CardFace))
    lost = [
        label
        for label, present in (
            ("modifications", bool(obj.mods)),
            ("protections", bool(obj.protections)),
            ("granted abilities", len(abilities) != len(obj.abilities)),
        )
        if present
    ]
    if lost:
        why.append(RuleStep("A-GOLD-7", f"{', '.join(lost)} of the old {obj.id} do not follow"))
    why.append(RuleStep("A-TIME-1", f"{obj.id} enters {to}: new object, timestamp t{timestamp}"))
    new = GameObject(
        id=obj.id,
        owner=obj.owner,
        kind=obj.kind,
        zone=to,
        controller="",
        card=obj.card,
        base=base,
        features=feats,
        timestamp=timestamp,
        counters=kept,
        abilities=abilities,
    )
    return new, why


def _printed_features(obj: GameObject) -> dict[str, Feature]:
    """The features printed on the card: those not gained by an effect (B-NAMED-1 "gains")."""
    return {
        k: f
        for k, f in obj.features.items()
        if not any(s.rule == "B-NAMED-1" and s.note.startswith("gains") for s in f.because)
    }


def ensure_face(obj: GameObject) -> GameObject:
    """Record the printed face of a card the first time the Altered rules look at it."""
    if printed(obj) is not None or is_face_down(obj):
        return obj
    face = CardFace(
        id=f"{obj.id}.card", source=obj.id, base=dict(obj.base), features=_printed_features(obj)
    )
    return replace(obj, abilities=(*obj.abilities, face))


def ensure_faces(state: GameState) -> GameState:
    for obj in state.objects.values():
        if printed(obj) is None and not is_face_down(obj):
            state = state.with_object(ensure_face(obj))
    return state


def move(
    state: GameState,
    target: str,
    zone: str,
    *,
    player: str | None = None,
    cause: str = "effect",
    rules: Iterable[str] = (),
    timestamp: int | None = None,
) -> MoveResult:
    """Move one object under the Altered rules; a prohibited move is not done (A-GOLD-1/3).

    Replacements that modify the move (Fleeting: discarded instead of going to the Reserve)
    apply only to a possible move (A-GOLD-4).
    """
    check_zone(zone)
    obj = state.obj(target)
    zone, why = destination(obj, zone, player)
    src, dst = zone_kind(obj.zone), zone_kind(zone)
    if src == "expedition" and dst != "expedition":
        ban = prohibited(state, obj, "leave_expedition")
        if ban is not None:
            why.append(
                RuleStep("A-GOLD-1", f"{target} cannot leave the Expedition zone ({ban.source})")
            )
            if dst == "reserve" and obj.counters.get(FLEETING, 0):
                why.append(
                    RuleStep(
                        "A-GOLD-4",
                        "the move is impossible, so Fleeting cannot replace it by a discard",
                    )
                )
            why.append(RuleStep("A-GOLD-3", "that part of the effect is not done"))
            event = Event(
                "move",
                (
                    ("target", target),
                    ("from", obj.zone),
                    ("to", zone),
                    ("done", False),
                    ("cause", cause),
                ),
                tuple(dict.fromkeys([*rules, *(s.rule for s in why)])),
                tuple(why),
            )
            return MoveResult(state.with_event(event), False, tuple(why))
    if src == "expedition" and dst == "reserve" and obj.counters.get(FLEETING, 0):
        why.append(
            RuleStep("A-FLEET-1", f"{target} is Fleeting: it is discarded instead (rules 2.4.6.d)")
        )
        zone, dst = "discard", "discard"
    if src == "expedition" and dst != "expedition" and obj.counters.get(TOKEN, 0):
        why.append(RuleStep("Altered 2.1.e", f"{target} is a token: it ceases to exist instead"))
        event = Event(
            "move",
            (
                ("target", target),
                ("from", obj.zone),
                ("to", zone),
                ("done", True),
                ("cause", cause),
                ("ceases_to_exist", True),
            ),
            tuple(dict.fromkeys([*rules, *(s.rule for s in why)])),
            tuple(why),
        )
        gone = replace(state, objects={k: v for k, v in state.objects.items() if k != target})
        return MoveResult(gone.with_event(event), True, tuple(why))
    if timestamp is None:
        state, timestamp = state.tick()
    new, more = new_object(obj, zone, timestamp)
    why.extend(more)
    if dst == "mana" and state.ruleset.mana_payment is ManaPayment.ORBS and cause != "expand":
        new = replace(new, counters={**new.counters, "exhausted": 1})  # Altered 3.2.9.b
    event = Event(
        "move",
        (
            ("target", target),
            ("from", obj.zone),
            ("to", zone),
            ("done", True),
            ("cause", cause),
            ("old_timestamp", obj.timestamp),
            ("timestamp", timestamp),
        ),
        tuple(dict.fromkeys([*rules, *(s.rule for s in why)])),
        tuple(why),
    )
    return MoveResult(state.with_object(new).with_event(event), True, tuple(why))
