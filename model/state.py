"""Game objects and the game state: frozen data, changed only by pure functions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from arbiter.model.ruleset import Ruleset
from arbiter.model.trace import Trace
from arbiter.model.values.features import Feature
from arbiter.model.values.reading import Modification, SetModification

if TYPE_CHECKING:
    from arbiter.model.riftbound_chain import Chain
    from arbiter.model.turn_state import TurnState

# A base characteristic: a number, a vector of numbers, or a set of names.
BaseValue = int | tuple[int, ...] | frozenset[str]
JSON = Any  # a JSON-compatible value, for the output contract


class Guard(Enum):
    """E-IMM-1/2: immunities applied when a modification would happen."""

    CANNOT_DECREASE = "decrease"
    CANNOT_MODIFY = "modify"


@dataclass(frozen=True, slots=True)
class Protection:
    """An immunity or a limit on some characteristics of one object.

    ``stats`` is a set of characteristic names, or ``{"*"}`` for all of them.
    Exactly one of ``guard`` (E-IMM-1/2) and ``limit`` (E-LIMIT-1) is set.
    """

    stats: frozenset[str]
    source: str
    guard: Guard | None = None
    limit: int | None = None

    def covers(self, stat: str) -> bool:
        return "*" in self.stats or stat in self.stats


@dataclass(frozen=True, slots=True)
class Ability:
    """Base class of what objects carry besides characteristics: passives, triggers,
    quick actions, prevention shields, replacement effects (each area subclasses it).

    ``source`` is the object whose card text creates it (P-6, A-GOLD-7).
    """

    id: str
    source: str
    timestamp: int = 0


@dataclass(frozen=True, slots=True)
class GameObject:
    """An object in a zone: its base characteristics and what happened to them."""

    id: str
    owner: str
    kind: str
    zone: str = "play"
    controller: str = ""
    card: str | None = None
    base: Mapping[str, BaseValue] = field(default_factory=dict)
    mods: Mapping[str, tuple[Modification | SetModification, ...]] = field(default_factory=dict)
    features: Mapping[str, Feature] = field(default_factory=dict)
    protections: tuple[Protection, ...] = ()
    timestamp: int = 0
    counters: Mapping[str, int] = field(default_factory=dict)  # damage, wounds, boosts ...
    abilities: tuple[Ability, ...] = ()
    region: str | None = None  # Altered: the id of the region object it is in (docs/format.md)

    @property
    def controlled_by(self) -> str:
        return self.controller or self.owner

    def limit_on(self, stat: str) -> int | None:
        """E-LIMIT-1: the tightest limit that applies to ``stat``, if any."""
        limits = [p.limit for p in self.protections if p.limit is not None and p.covers(stat)]
        return min(limits) if limits else None

    def guards_on(self, stat: str) -> frozenset[Guard]:
        return frozenset(p.guard for p in self.protections if p.guard and p.covers(stat))

    def with_mod(self, stat: str, mod: Modification | SetModification) -> GameObject:
        mods = dict(self.mods)
        mods[stat] = (*mods.get(stat, ()), mod)
        return replace(self, mods=mods)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the ``events`` list of the output contract.

    ``fields`` holds the kind-specific keys in a stable order.
    """

    kind: str
    fields: tuple[tuple[str, JSON], ...]
    rules: tuple[str, ...]
    because: Trace = ()

    def as_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"kind": self.kind}
        out.update(self.fields)
        out["rules"] = list(self.rules)
        return out

    def get(self, key: str) -> JSON:
        return dict(self.fields).get(key)


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules look at; every step is a pure function of it."""

    ruleset: Ruleset
    players: tuple[str, ...]
    objects: Mapping[str, GameObject]
    events: tuple[Event, ...] = ()
    clock: int = 0  # the last timestamp handed out (A-TIME-1)
    counters: Mapping[str, int] = field(default_factory=dict)  # per game: lives, activations ...
    chain: Chain | None = None  # Riftbound 108.1: the Chain, while one exists (riftbound_chain)
    # True for a state whose characteristics are already after passives (A-PASS-1,
    # ``model.passive_order.after_passives``): it is never derived again. Not compared.
    derived: bool = field(default=False, compare=False)
    # Riftbound 307: the states of the turn, followed under ``turn_states: tracked`` only
    turn: TurnState | None = None

    @property
    def active_player(self) -> str:
        """The first player is the active player and has the initiative."""
        return self.players[0]

    def obj(self, object_id: str) -> GameObject:
        return self.objects[object_id]

    def with_object(self, obj: GameObject) -> GameState:
        objects = dict(self.objects)
        objects[obj.id] = obj
        return replace(self, objects=objects)

    def with_event(self, event: Event) -> GameState:
        return replace(self, events=(*self.events, event))

    def tick(self) -> tuple[GameState, int]:
        """A new timestamp, later than every earlier one."""
        return replace(self, clock=self.clock + 1), self.clock + 1
