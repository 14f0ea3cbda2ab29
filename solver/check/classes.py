"""Classes of equivalent cards for the tuple checks (Decision CHECK-SUBJ).

Where a diagnostic depends on a card of one role only through a few of its traits
(its kind and the prevention it has, the bonus it gives ...), the cards with equal
traits form a class and only the first three of each (smallest ids: never file
order, Decision ORD-1) offer join keys; the examination keeps the first of them
that is not already another card of the tuple. The tuples examined then grow with
the number of classes instead of the number of cards, and the diagnostic names the
class's first card as the example. Three, so that a tuple of distinct cards is found
whichever other roles a card of the class already plays.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from arbiter.model.cardset import Card
from arbiter.solver.check.base import CardIndex

Classify = Callable[[CardIndex, Card], Hashable | None]  # None: the card is not of the role
KEEP = 3

Table = tuple[dict[Hashable, tuple[str, ...]], dict[str, Hashable | None]]
_CACHE: dict[tuple[int, str], tuple[CardIndex, Table]] = {}


def _table(index: CardIndex, role: str, classify: Classify) -> Table:
    """For each class of ``role``, its first ``KEEP`` cards by id; and each card's class
    (computed once per index: the examination asks for them once per tuple)."""
    seen = _CACHE.get((id(index), role))
    if seen is not None and seen[0] is index:
        return seen[1]
    found: dict[Hashable, tuple[str, ...]] = {}
    keys: dict[str, Hashable | None] = {}
    for cid in sorted(index.cardset.cards):
        key = keys[cid] = classify(index, index.card(cid))
        if key is not None and len(found.get(key, ())) < KEEP:
            found[key] = (*found.get(key, ()), cid)
    for k in [k for k, v in _CACHE.items() if v[0] is not index]:
        del _CACHE[k]  # one card set at a time
    _CACHE[(id(index), role)] = (index, (found, keys))
    return found, keys


def members(index: CardIndex, role: str, classify: Classify) -> dict[Hashable, tuple[str, ...]]:
    """For each class of ``role``, its first ``KEEP`` cards by id (computed once per index)."""
    return _table(index, role, classify)[0]


def _key(index: CardIndex, role: str, classify: Classify, card: Card) -> Hashable | None:
    keys = _table(index, role, classify)[1]
    return keys[card.id] if card.id in keys else classify(index, card)


def offers_keys(index: CardIndex, role: str, classify: Classify, card: Card) -> bool:
    """Whether ``card`` is one of the first cards of its class (it takes part in joins)."""
    key = _key(index, role, classify, card)
    return key is not None and card.id in members(index, role, classify).get(key, ())


def stands_for_class(
    index: CardIndex, role: str, classify: Classify, card: Card, others: Iterable[str]
) -> bool:
    """``card`` is its class's first card among those not already in the tuple."""
    key = _key(index, role, classify, card)
    taken = set(others)
    found = members(index, role, classify).get(key, ()) if key is not None else ()
    return next((c for c in found if c not in taken), None) == card.id
