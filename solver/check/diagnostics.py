"""Diagnostics for a card set: the framework of ``arbiter check``.

Each diagnostic kind is one function in a registry:

- a **set check** looks at the whole card set once (``SET_CHECKS``);
- a **tuple check** looks at pairs or triples of cards that can be in play
  together (``TUPLE_CHECKS``). Each role of a tuple check says, for every card,
  the *join keys* it offers: what the card's abilities write (``defense`` of a
  character, by division) or read (a ``defense`` it has, or protects). Only the
  tuples whose cards share a join key in every role are examined: that is the
  pruning by what each ability reads and writes. A card set of 500 cards has
  124,750 pairs; a check examines the few that touch the same characteristic.

The examination of tuples is a list of independent units, so it fans out over
processes (``--jobs``) or a Dask cluster (``--dask``); results are sorted
canonically, so the output does not depend on the backend.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from arbiter.model.cardset import Card, CardSet, Footprint, footprint
from arbiter.model.errors import InputError, Location
from arbiter.model.state import JSON, Guard


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"
    RULING = "ruling"  # rests on a Decision of docs/rules.md: a human confirms

    @property
    def rank(self) -> int:
        return {"error": 3, "warning": 2, "ruling": 1}[self.value]


@dataclass(frozen=True, slots=True)
class Witness:
    """A minimal scenario (YAML text) that ``arbiter run`` executes to show the problem;
    its ``expect:`` block states what happens. A ruling's witness may come with
    ``variants``: the same scenario under the other reading of the Decision, written
    beside it as ``<file>.<suffix>.yaml``."""

    name: str  # a stable file stem
    text: str
    variants: tuple[tuple[str, str], ...] = ()  # (suffix, text)


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
    representatives: dict[tuple[str, str], str]  # (stat, kind) -> the first card that has
    # it as a number and can be modified: one subject per class of equivalent subjects
    order: dict[str, int]  # card -> its position in the set

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

    def first_of(self, kinds: frozenset[str]) -> Card | None:
        """The card of one of ``kinds`` with the smallest id (never file order: where a card
        is written must not change which card a diagnostic names, Decision ORD-1)."""
        ids = [cid for k in kinds for cid in self.by_kind.get(k, ())]
        return self.card(min(ids)) if ids else None


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
    reps: dict[tuple[str, str], str] = {}
    for card in cardset.cards.values():
        kinds.setdefault(card.kind, []).append(card.id)
        for stat, value in card.template.base.items():
            immune = Guard.CANNOT_MODIFY in card.template.guards_on(stat)
            if not isinstance(value, frozenset) and not immune:
                reps.setdefault((stat, card.kind), card.id)
    return CardIndex(
        cardset,
        prints,
        frozenset(kinds),
        {k: tuple(v) for k, v in stats.items()},
        {k: tuple(v) for k, v in feats.items()},
        {k: tuple(v) for k, v in kinds.items()},
        reps,
        {cid: i for i, cid in enumerate(cardset.cards)},
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


SET_CHECKS: list[SetCheck] = []
TUPLE_CHECKS: list[TupleCheck] = []


def set_check(name: str, *codes: str) -> Callable[[SetCheckFn], SetCheckFn]:
    def register(fn: SetCheckFn) -> SetCheckFn:
        SET_CHECKS.append(SetCheck(name, codes, fn))
        return fn

    return register


def tuple_check(
    name: str, codes: Sequence[str], roles: Sequence[JoinKeys]
) -> Callable[[ExamineFn], ExamineFn]:
    def register(fn: ExamineFn) -> ExamineFn:
        TUPLE_CHECKS.append(TupleCheck(name, tuple(codes), tuple(roles), fn))
        return fn

    return register


@dataclass(frozen=True)
class Planned:
    """A diagnostic kind whose check plugs in when its area is merged (see its text)."""

    code: str
    severity: Severity
    rules: tuple[str, ...]
    plugs_in: str


# Registration points for the areas built in parallel. Each becomes ONE function
# registered with ``@set_check`` or ``@tuple_check`` in solver/check/foundation.py;
# until then it is listed (``arbiter check --list-checks``), never faked.
PLANNED: tuple[Planned, ...] = ()  # every kind of issue 8 is registered


# -- planning and examining tuples -------------------------------------------------------

Unit = tuple[str, tuple[str, ...]]  # (check name, card ids in role order)


@dataclass(frozen=True)
class Plan:
    units: tuple[Unit, ...]
    cards: int
    pairs: int  # distinct unordered pairs examined by some check
    triples: int


def plan(index: CardIndex) -> Plan:
    """Every tuple a check will examine: a hash join of its roles on their join keys."""
    units: set[Unit] = set()
    cards = list(index.cardset.cards.values())
    for check in TUPLE_CHECKS:
        tables: list[dict[Hashable, list[str]]] = []
        for role in check.roles:
            table: dict[Hashable, list[str]] = {}
            for card in cards:
                for key in role(index, card):
                    table.setdefault(key, []).append(card.id)
            tables.append(table)
        shared = set(tables[0]).intersection(*tables[1:]) if tables else set()
        for key in shared:
            for combo in itertools.product(*(t[key] for t in tables)):
                if len(set(combo)) == len(combo):
                    units.add((check.name, combo))
    ordered = tuple(sorted(units))
    groups = {frozenset(c) for _, c in ordered}
    return Plan(
        ordered,
        len(cards),
        sum(1 for g in groups if len(g) == 2),
        sum(1 for g in groups if len(g) == 3),
    )


def examine(index: CardIndex, units: Sequence[Unit]) -> list[Diagnostic]:
    load_checks()  # in a fresh worker process too
    checks = {c.name: c for c in TUPLE_CHECKS}
    out: list[Diagnostic] = []
    for name, combo in units:
        out.extend(checks[name].examine(index, combo))
    return out


_WORKER_INDEX: list[CardIndex] = []


def _init_worker(index: CardIndex) -> None:
    _WORKER_INDEX[:] = [index]


def _examine_in_worker(units: Sequence[Unit]) -> list[Diagnostic]:
    return examine(_WORKER_INDEX[0], units)


# -- running a check ---------------------------------------------------------------------

Progress = Callable[[int, int], None]  # (units done, units in all)


@dataclass(frozen=True)
class Backend:
    """Where tuples are examined: in this process, a process pool, or a Dask cluster."""

    jobs: int = 1
    dask: str | None = None  # a scheduler address
    chunk: int = 200


@dataclass(frozen=True)
class CheckResult:
    cardset: CardSet
    diagnostics: tuple[Diagnostic, ...]
    plan: Plan
    seconds: float
    backend: str
    extra: dict[str, JSON] = field(default_factory=dict)

    @property
    def all_pairs(self) -> int:
        return self.plan.cards * (self.plan.cards - 1) // 2

    @property
    def all_triples(self) -> int:
        n = self.plan.cards
        return n * (n - 1) * (n - 2) // 6

    def stats_json(self) -> dict[str, JSON]:
        return {
            "cards": self.plan.cards,
            "tuples_examined": len(self.plan.units),
            "pairs_examined": self.plan.pairs,
            "all_pairs": self.all_pairs,
            "triples_examined": self.plan.triples,
            "all_triples": self.all_triples,
        }


def _chunks(units: Sequence[Unit], size: int) -> list[list[Unit]]:
    return [list(units[i : i + size]) for i in range(0, len(units), size)]


def _run_units(
    index: CardIndex, units: Sequence[Unit], backend: Backend, progress: Progress | None
) -> list[Diagnostic]:
    chunks = _chunks(units, max(1, backend.chunk))
    total = len(units)
    done = 0
    out: list[Diagnostic] = []
    if backend.dask is not None:
        return _run_dask(index, chunks, backend.dask, total, progress)
    if backend.jobs <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            out.extend(examine(index, chunk))
            done += len(chunk)
            if progress:
                progress(done, total)
        return out
    with ProcessPoolExecutor(
        max_workers=backend.jobs, initializer=_init_worker, initargs=(index,)
    ) as pool:
        futures = {pool.submit(_examine_in_worker, chunk): len(chunk) for chunk in chunks}
        for fut in as_completed(futures):
            out.extend(fut.result())
            done += futures[fut]
            if progress:
                progress(done, total)
    return out


def _run_dask(
    index: CardIndex,
    chunks: list[list[Unit]],
    address: str,
    total: int,
    progress: Progress | None,
) -> list[Diagnostic]:
    try:
        from dask.distributed import Client
    except ImportError:
        raise InputError("--dask needs dask[distributed]: pip install 'arbiter[dask]'") from None
    try:
        client: Any = Client(address, set_as_default=False, timeout="15s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    out: list[Diagnostic] = []
    done = 0
    with client:
        shared = client.scatter(index, broadcast=True)
        futures: list[Any] = [client.submit(examine, shared, chunk, pure=False) for chunk in chunks]
        for fut, chunk in zip(futures, chunks, strict=True):  # in order: progress as they land
            out.extend(fut.result())
            done += len(chunk)
            if progress:
                progress(done, total)
    return out


def run_check(
    cardset: CardSet, backend: Backend | None = None, progress: Progress | None = None
) -> CheckResult:
    """Every registered diagnostic on ``cardset``, sorted canonically."""
    load_checks()
    backend = backend or Backend()
    start = time.perf_counter()
    index = build_index(cardset)
    found: list[Diagnostic] = []
    for check in SET_CHECKS:
        found.extend(check.run(index))
    the_plan = plan(index)
    found.extend(_run_units(index, the_plan.units, backend, progress))
    unique = {(d.sort_key(), d.witness): d for d in found}
    diagnostics = tuple(sorted(unique.values(), key=Diagnostic.sort_key))
    where = (
        "dask" if backend.dask else (f"{backend.jobs} processes" if backend.jobs > 1 else "serial")
    )
    return CheckResult(cardset, diagnostics, the_plan, time.perf_counter() - start, where)


_LOADED: list[bool] = []
CHECK_MODULES = (
    "arbiter.solver.check.foundation",
    "arbiter.solver.check.interactions",
    "arbiter.solver.check.replacement",
    "arbiter.solver.check.rulings",
)


def load_checks() -> None:
    """Import every module of ``CHECK_MODULES`` (in order): each registers its kinds."""
    if _LOADED:
        return
    _LOADED.append(True)
    import importlib

    for name in CHECK_MODULES:
        importlib.import_module(name)


def failing(diagnostics: Iterable[Diagnostic], fail_on: Severity) -> bool:
    """True when a diagnostic is at least as severe as ``fail_on`` (exit 1)."""
    return any(d.severity.rank >= fail_on.rank for d in diagnostics)
