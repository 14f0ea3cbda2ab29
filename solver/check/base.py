"""What a diagnostic of ``arbiter check`` is, and what a check is.

- a **set check** looks at the whole card set once;
- a **tuple check** looks at pairs or triples of cards that can be in play
  together. Each role of a tuple check says, for every card, the *join keys* it
  offers: what the card's abilities write (``defense`` of a character, by
  division) or read (a ``defense`` it has, or protects). Only the tuples whose
  cards share a join key in every role are examined: that is the pruning by what
  each ability reads and writes.

Every check of arbiter is listed in ``solver/check/catalogue.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from enum import Enum

from arbiter.model.cardset import Card, CardSet, Footprint, admits, footprint
from arbiter.model.effects.algebra import Selector
from arbiter.model.errors import Location
from arbiter.model.state import JSON, Guard


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"
    RULING = "ruling"  # rests on a Decision of docs/rules.md: a human confirms
    INFO = "info"  # what arbiter could not examine (a line of an imported card not modelled)

    @property
    def rank(self) -> int:
        return {"error": 3, "warning": 2, "ruling": 1, "info": 0}[self.value]


@dataclass(frozen=True, slots=True)
class Witness:
    """A minimal scenario (YAML text) that ``arbiter run`` executes to show the problem;
    its ``expect:`` block states what happens. A ruling's witness may come with
    ``variants``: the same scenario under the other reading of the Decision, written
    beside it as ``<file>.<suffix>.yaml``."""

    name: str  # a stable file stem
    text: str
    variants: tuple[tuple[str, str], ...] = ()  # (suffix, text)
    # what ``text`` and each variant hold as data (JSON, keys sorted), when the builder had
    # the data it dumped (solver/check/witness.py): the file names are digests of it
    canonical: tuple[bytes, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    cards: tuple[str, ...]
    abilities: tuple[str, ...]  # "card.effect[0]", "card.protections[0]" ...
    rules: tuple[str, ...]
    message: str
    witness: Witness | None = None
    locations: tuple[Location, ...] = ()

    def sort_key(self) -> tuple[int, str, tuple[str, ...], tuple[str, ...], str]:
        return (-self.severity.rank, self.code, self.cards, self.abilities, self.message)

    def as_json(self, witness_path: str | None) -> dict[str, JSON]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "cards": list(self.cards),
            "abilities": list(self.abilities),
            "rules": list(self.rules),
            "message": self.message,
            "witness": witness_path,
            "locations": [
                {"file": loc.file, "line": loc.line, "column": loc.column} for loc in self.locations
            ],
        }


@dataclass(frozen=True)
class CardIndex:
    """A card set with what the checks look up: footprints, kinds, who has what."""

    cardset: CardSet
    prints: dict[str, Footprint]
    kinds: frozenset[str]
    stat_holders: dict[str, tuple[str, ...]]  # stat -> cards that have it in base
    feature_holders: dict[str, tuple[str, ...]]  # feature -> cards that have it
    by_kind: dict[str, tuple[str, ...]]  # kind -> its cards, in file order
    representatives: dict[tuple[str, str, Hashable], str]  # (stat, kind, traits) -> the
    # first card that has it as a number and can be modified: one subject per class of
    # equivalent subjects
    order: dict[str, int]  # card -> its position in the set
    filters: tuple[Selector, ...] = ()  # the selectors of the roles of the card language

    @property
    def cards(self) -> dict[str, Card]:
        return dict(self.cardset.cards)

    def card(self, cid: str) -> Card:
        return self.cardset.cards[cid]

    def role_kinds(self, card: Card, role: str) -> frozenset[str]:
        """The kinds of the objects a role of ``card`` can stand for."""
        r = card.role(role)
        if r.card is not None:
            other = self.cardset.cards.get(r.card)
            return frozenset({other.kind}) if other is not None else frozenset()
        return r.kinds or self.kinds

    def reaches(self, card: Card, role: str, other: Card) -> bool:
        """The role of ``card`` can stand for ``other``: its kinds, and what the selector of
        a role of the card language says of a card (Decision CHECK-ALGEBRA)."""
        if other.kind not in self.role_kinds(card, role):
            return False
        sel = card.role(role).selector
        return sel is None or admits(sel, card, other)

    def traits(self, card: Card) -> Hashable:
        """What the selectors of the set's card-language roles read of a card beyond its
        kind (subtypes, features, printed characteristics): cards equal in these traits
        are equal subjects (Decision CHECK-SUBJ); () when no selector reads any."""
        t = card.template
        out: list[Hashable] = []
        if any(s.subtypes for s in self.filters):
            out.append(repr(t.base.get("subtypes")))
        if any(s.has or s.lacks for s in self.filters):
            out.append(tuple(sorted({*t.features, *t.counters})))
        for stat in sorted({x.stat for s in self.filters for x in s.stats}):
            out.append(repr(t.base.get(stat)))
        return tuple(out)

    def first_of(self, kinds: frozenset[str]) -> Card | None:
        """The card of one of ``kinds`` with the smallest id (never file order: where a card
        is written must not change which card a diagnostic names, Decision ORD-1)."""
        firsts = [self._first_by_kind[k] for k in kinds if k in self._first_by_kind]
        return self.card(min(firsts)) if firsts else None

    @functools.cached_property
    def _first_by_kind(self) -> dict[str, str]:
        """Each kind's card with the smallest id (computed once: ``first_of`` is asked for
        every diagnostic's witness)."""
        return {k: min(ids) for k, ids in self.by_kind.items() if ids}


def build_index(cardset: CardSet) -> CardIndex:
    prints = {cid: footprint(card) for cid, card in cardset.cards.items()}
    stats: dict[str, list[str]] = {}
    feats: dict[str, list[str]] = {}
    for cid, fp in prints.items():
        for s in sorted(fp.has_stats):
            stats.setdefault(s, []).append(cid)
        for f in sorted(fp.features):
            feats.setdefault(f, []).append(cid)
    kinds: dict[str, list[str]] = {}
    filters = tuple(
        dict.fromkeys(
            r.selector
            for card in cardset.cards.values()
            for r in card.roles
            if r.selector is not None
        )
    )
    bare = CardIndex(cardset, prints, frozenset(), {}, {}, {}, {}, {}, filters)
    reps: dict[tuple[str, str, Hashable], str] = {}
    for card in cardset.cards.values():
        kinds.setdefault(card.kind, []).append(card.id)
        traits = bare.traits(card)
        for stat, value in card.template.base.items():
            immune = Guard.CANNOT_MODIFY in card.template.guards_on(stat)
            if not isinstance(value, frozenset) and not immune:
                reps.setdefault((stat, card.kind, traits), card.id)
    return CardIndex(
        cardset,
        prints,
        frozenset(kinds),
        {k: tuple(v) for k, v in stats.items()},
        {k: tuple(v) for k, v in feats.items()},
        {k: tuple(v) for k, v in kinds.items()},
        reps,
        {cid: i for i, cid in enumerate(cardset.cards)},
        filters,
    )


# -- the registry ------------------------------------------------------------------------

SetCheckFn = Callable[[CardIndex], Iterable[Diagnostic]]
JoinKeys = Callable[[CardIndex, Card], frozenset[Hashable]]
ExamineFn = Callable[[CardIndex, tuple[str, ...]], Iterable[Diagnostic]]


@dataclass(frozen=True)
class SetCheck:
    name: str
    codes: tuple[str, ...]
    run: SetCheckFn


@dataclass(frozen=True)
class TupleCheck:
    """Examines tuples of distinct cards, one per role, sharing a join key in every role."""

    name: str
    codes: tuple[str, ...]
    roles: tuple[JoinKeys, ...]
    examine: ExamineFn


@dataclass(frozen=True)
class Planned:
    """A diagnostic kind whose check plugs in when its area is merged (see its text)."""

    code: str
    severity: Severity
    rules: tuple[str, ...]
    plugs_in: str
