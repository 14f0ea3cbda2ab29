"""Diagnostics for a card set: running the checks of ``solver/check/catalogue.py``.

The set checks run once; the tuple checks examine the tuples of cards that share a
join key in every role (``plan``): a card set of 500 cards has 124,750 pairs; a check
examines the few that touch the same characteristic.

The examination of tuples is a list of independent units, so it fans out over a
Dask cluster (``--dask``); results are sorted canonically, so the output does not
depend on the backend. (A local process pool, ``--jobs``, was removed: on two
cores it was slower than one process, docs/benchmarks.md.)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbiter.model.cardset import CardSet
from arbiter.model.errors import InputError
from arbiter.model.state import JSON
from arbiter.solver.check.base import (
    CardIndex,
    Diagnostic,
    Severity,
    build_index,
)
from arbiter.solver.check.catalogue import SET_CHECKS, TUPLE_CHECKS
from arbiter.solver.check.dask_form import DASK_FORM
from arbiter.solver.limits import cut, tripped

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
    checks = {c.name: c for c in TUPLE_CHECKS}
    out: list[Diagnostic] = []
    for name, combo in units:
        out.extend(checks[name].examine(index, combo))
    return out


# -- running a check ---------------------------------------------------------------------

Progress = Callable[[int, int], None]  # (units done, units in all)


@dataclass(frozen=True)
class Backend:
    """Where tuples are examined: in this process, or a Dask cluster."""

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
            **({"cut": self.extra["cut"]} if "cut" in self.extra else {}),
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
    for chunk in chunks:
        if cut() is not None:  # the command's time limit or memory ceiling: stop here
            break
        out.extend(examine(index, chunk))
        done += len(chunk)
        if progress:
            progress(done, total)
    return out


def dask_endpoint(address: str) -> tuple[str, str, int | None]:
    """(scheme, host, port) of an address ``DaskAddress`` accepted."""
    m = DASK_FORM.match(address)
    if m is None:  # another transport (inproc:// ...): its library checks it
        return (address.partition("://")[0], "", None)
    host = m["host"].strip("[]")
    return (m["scheme"] or "tcp", host, int(m["port"]) if m["port"] else None)


def _reachable(address: str, seconds: float = 5.0) -> None:
    """Fail fast (one line) when a TCP scheduler does not answer: a Client that cannot
    connect waits, then prints a traceback from its finaliser."""
    import socket

    scheme, host, port = dask_endpoint(address)
    if scheme != "tcp":
        return
    try:
        socket.create_connection((host, port or 8786), timeout=seconds).close()
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise InputError(f"cannot reach the Dask scheduler at {address}: {why}") from None


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
    _reachable(address)
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
            if cut() is not None:
                client.cancel(futures)
                break
            out.extend(fut.result())
            done += len(chunk)
            if progress:
                progress(done, total)
    return out


def run_check(
    cardset: CardSet, backend: Backend | None = None, progress: Progress | None = None
) -> CheckResult:
    """Every registered diagnostic on ``cardset``, sorted canonically."""
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
    where = "dask" if backend.dask else "serial"
    stopped = tripped()
    extra: dict[str, JSON] = {} if stopped is None else {"cut": f"stopped early by {stopped}"}
    return CheckResult(cardset, diagnostics, the_plan, time.perf_counter() - start, where, extra)


def failing(diagnostics: Iterable[Diagnostic], fail_on: Severity) -> bool:
    """True when a diagnostic is at least as severe as ``fail_on`` (exit 1)."""
    return any(d.severity.rank >= fail_on.rank for d in diagnostics)
