"""Pausing Python's cyclic garbage collector around work that builds many long-lived
objects and no cycles (reading a card set: tens of thousands of values, nodes and cards).

The collector runs after every few hundred allocations and, as the heap grows, passes
over everything allocated so far: on a 10,000-card set those passes were a third of the
parse (docs/benchmarks.md, issue 19). Nothing it would find is garbage there: the
objects are the result. It is restored as it was when the block ends, and any cyclic
garbage made meanwhile is collected by its next pass as usual.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
