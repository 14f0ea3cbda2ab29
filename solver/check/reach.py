"""What the cards a role can stand for have, looked up without listing them.

``model.cardset.candidates`` lists every card of the role's kinds (in file order); the set
checks that ask it for each write of each card took time in the square of the set's size.
A role that is the card itself or one named card is still answered by ``candidates``; a
role open to kinds is answered from tables built once per check run, giving the same
answer (``tests/test_check_reach.py`` compares both on random sets).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from arbiter.model.cardset import Card, FeatureWrite, candidates
from arbiter.solver.check.base import CardIndex

Covers = Callable[[Card, FeatureWrite], bool]  # the card already has what the write gives


def _open(card: Card, role_name: str) -> frozenset[str] | None:
    """The role's kinds (empty: any kind) when it is open to several cards, else None."""
    role = card.role(role_name)
    if role.is_self or role.card is not None or role.selector is not None:
        return None  # answered by ``candidates`` (a selector's filters: Decision CHECK-ALGEBRA)
    return role.kinds


class Reach:
    """Answers for one card index (build it once per check run)."""

    def __init__(self, index: CardIndex) -> None:
        self.index = index
        self._stat_kinds: dict[str, frozenset[str]] | None = None
        self._gains: dict[Hashable, Card | None] = {}

    def has_stat(self, card: Card, role_name: str, stat: str) -> bool:
        """Whether some card the role can stand for has ``stat`` in its base."""
        kinds = _open(card, role_name)
        if kinds is None:
            return any(
                stat in c.template.base for c in candidates(self.index.cardset, card, role_name)
            )
        if self._stat_kinds is None:
            found: dict[str, set[str]] = {}
            for c in self.index.cardset.cards.values():
                for s in c.template.base:
                    found.setdefault(s, set()).add(c.kind)
            self._stat_kinds = {s: frozenset(k) for s, k in found.items()}
        having = self._stat_kinds.get(stat, frozenset())
        return bool(having) if not kinds else not kinds.isdisjoint(having)

    def first_if_all(self, card: Card, fw: FeatureWrite, covers: Covers) -> Card | None:
        """The first card (file order) the role of ``fw`` can stand for, when there is one
        and ``covers`` holds for every such card; else None."""
        kinds = _open(card, fw.role)
        if kinds is None:
            return _first_if_all(candidates(self.index.cardset, card, fw.role), fw, covers)
        key = (kinds, fw.feature, fw.number, covers)
        if key not in self._gains:
            reach = tuple(
                c for c in self.index.cardset.cards.values() if not kinds or c.kind in kinds
            )
            self._gains[key] = _first_if_all(reach, fw, covers)
        return self._gains[key]


def _first_if_all(reach: tuple[Card, ...], fw: FeatureWrite, covers: Covers) -> Card | None:
    if not reach or not all(covers(c, fw) for c in reach):
        return None
    return reach[0]
