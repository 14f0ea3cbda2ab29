"""The limits of one command: a deadline for the whole command and a memory ceiling.

``--time-limit`` bounds the whole command, not one solve: a command calls ``start`` once,
every CP-SAT solve takes ``clamp(limit)`` (what is left, never more than its own limit),
and every search asks ``cut()`` as it goes (every few states). ``--max-memory`` (on the
``arbiter`` group; default ``DEFAULT_MAX_MEMORY_MB``, at most half the memory the machine
has) is a ceiling on the resident size of the process: a search that reaches it stops.
A search that stops says so (``tripped()``): the loop search answers ``undetermined``,
the outcome search ``FEASIBLE`` with the outcomes found (never ``OPTIMAL``), the check
lists what it found and that it was cut.

The limits live in a context variable set by the command line only: the Python API
(``solver/api.py``) runs without them unless a caller starts them.
"""

from __future__ import annotations

import os
import time
from contextvars import ContextVar
from dataclasses import dataclass

DEFAULT_MAX_MEMORY_MB = 1024
SEARCH_SHARE = 0.6  # a search stops at this share of the ceiling: its analysis needs the rest
BYTES_PER_STATE = 4096  # a loop-search state measured at about 3 KB (issue 21), rounded up
MIN_SOLVE_SECONDS = 0.01  # CP-SAT needs a positive limit; it then stops at once
_CHECK_EVERY = 0.05  # seconds between two reads of the resident size
OVERDUE_GRACE_S = 0.5  # after the deadline, the time a cut search has to finish its paths


@dataclass
class _Limits:
    deadline: float | None  # time.monotonic() when the command must stop
    time_limit: float | None
    max_rss: int | None  # bytes: where a search stops (SEARCH_SHARE of the ceiling)
    ceiling_mb: int = DEFAULT_MAX_MEMORY_MB
    tripped: str | None = None
    last_probe: float = 0.0


_CURRENT: ContextVar[_Limits | None] = ContextVar("arbiter_limits", default=None)
_MAX_MEMORY_MB: ContextVar[int | None] = ContextVar("arbiter_max_memory", default=None)


def machine_memory_mb() -> int | None:
    """The memory of the machine (MemTotal), or None where /proc is missing."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def default_max_memory_mb() -> int:
    total = machine_memory_mb()
    return DEFAULT_MAX_MEMORY_MB if total is None else min(DEFAULT_MAX_MEMORY_MB, total // 2)


def set_max_memory(mb: int | None) -> None:
    """``arbiter --max-memory MB`` (None: the default)."""
    _MAX_MEMORY_MB.set(mb)


def max_memory_mb() -> int:
    chosen = _MAX_MEMORY_MB.get()
    return chosen if chosen is not None else default_max_memory_mb()


def start(time_limit: float | None) -> None:
    """Start the limits of a command: ``time_limit`` seconds from now (None: no deadline)."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    mb = max_memory_mb()
    _CURRENT.set(_Limits(deadline, time_limit, int(mb * 1024 * 1024 * SEARCH_SHARE), mb))


def reset() -> None:
    _CURRENT.set(None)
    _MAX_MEMORY_MB.set(None)


def rss_bytes() -> int:
    """The resident size of this process now (``/proc/self/statm``), else its peak."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def cut() -> str | None:
    """Why the current command must stop now (the time limit, the memory ceiling), or None.
    Cheap enough to ask at every state: the memory is read at most every 50 ms."""
    limits = _CURRENT.get()
    if limits is None:
        return None
    if limits.tripped is not None:
        return limits.tripped
    now = time.monotonic()
    if limits.deadline is not None and now >= limits.deadline:
        limits.tripped = f"the time limit of {limits.time_limit:g} s"
    elif limits.max_rss is not None and now - limits.last_probe >= _CHECK_EVERY:
        limits.last_probe = now
        if rss_bytes() >= limits.max_rss:
            limits.tripped = f"the memory ceiling of {limits.ceiling_mb} MB (--max-memory)"
    return limits.tripped


def overdue(grace: float | None = None) -> bool:
    """The command's deadline passed more than ``grace`` seconds ago: work that finishes
    what a cut search found (e.g. the outcome search completing its open paths) stops
    taking on more."""
    limits = _CURRENT.get()
    if limits is None or limits.deadline is None:
        return False
    return time.monotonic() >= limits.deadline + (OVERDUE_GRACE_S if grace is None else grace)


def tripped() -> str | None:
    """What stopped a search of the current command, if anything did."""
    limits = _CURRENT.get()
    return None if limits is None else limits.tripped


def clamp(seconds: float) -> float:
    """A solve's time limit within what is left of the command's (at least 10 ms)."""
    limits = _CURRENT.get()
    if limits is None or limits.deadline is None:
        return seconds
    left = limits.deadline - time.monotonic()
    if left < seconds:
        if left <= 0 and limits.tripped is None:
            limits.tripped = f"the time limit of {limits.time_limit:g} s"
        return max(MIN_SOLVE_SECONDS, left)
    return seconds


def note_cut_solve() -> None:
    """A solve stopped by its (clamped) time limit: the command was cut."""
    limits = _CURRENT.get()
    if limits is not None and limits.tripped is None and limits.time_limit is not None:
        limits.tripped = f"the time limit of {limits.time_limit:g} s"


def state_ceiling(bytes_per_state: int = BYTES_PER_STATE) -> int:
    """The most states a search may keep within the memory ceiling: a budget above it is
    lowered (a 2 KB file may ask for 100,000,000 states, about 300 GB)."""
    return max(1, int(max_memory_mb() * 1024 * 1024 * SEARCH_SHARE) // bytes_per_state)


def workers_within(requested: int, per_worker_mb: int = 256) -> int:
    """CP-SAT workers: at most the cores, and as many as the memory ceiling allows."""
    cores = os.cpu_count() or 1
    by_memory = max(1, max_memory_mb() // per_worker_mb)
    return max(1, min(requested, cores, by_memory))
