"""Which witnesses ``arbiter check`` writes: ``--witnesses none|errors|all``,
``--max-witnesses N``, and one witness per class of equivalent findings.

Two findings are equivalent when they have the same code and their witness scenarios are
the same once the cards' ids and names are put aside (the same interaction between other
cards): the first one's witness is written, the others point to it. A large card set
thus writes one file per kind of problem, not one per pair of cards.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbiter.solver.check.base import Diagnostic


class WitnessPolicy(enum.Enum):
    NONE = "none"
    ERRORS = "errors"
    ALL = "all"


DEFAULT_MAX = 200


def _class_key(d: Diagnostic) -> tuple[str, str]:
    assert d.witness is not None
    text = d.witness.text
    # longest first (an id inside a longer one is replaced after it), then by id: the
    # numbering never depends on the order of a set (Decision ORD-1)
    for i, cid in enumerate(sorted(set(d.cards), key=lambda c: (-len(c), c))):
        text = re.sub(rf"\b{re.escape(cid)}\b", f"<card{i}>", text)
    return d.code, text


def write_chosen(
    diagnostics: Sequence[Diagnostic],
    folder: str,
    policy: WitnessPolicy = WitnessPolicy.ALL,
    limit: int = DEFAULT_MAX,
) -> tuple[list[str | None], int]:
    """Write the witnesses the policy keeps; the path of each diagnostic's witness (its
    class's representative), and how many witnesses the limit left unwritten."""
    from arbiter.solver.check.base import Severity
    from arbiter.solver.check.witness import write_witnesses

    if policy is WitnessPolicy.NONE:
        return [None] * len(diagnostics), 0
    representative: dict[tuple[str, str], int] = {}
    chosen: list[int] = []
    of: list[int | None] = []
    cut = 0
    for i, d in enumerate(diagnostics):
        wanted = d.witness is not None and (
            policy is WitnessPolicy.ALL or d.severity is Severity.ERROR
        )
        if not wanted:
            of.append(None)
            continue
        key = _class_key(d)
        if key not in representative:
            if limit and len(chosen) >= limit:
                cut += 1
                of.append(None)
                continue
            representative[key] = i
            chosen.append(i)
        of.append(representative[key])
    written = write_witnesses([diagnostics[i] for i in chosen], folder)
    path_of = dict(zip(chosen, written, strict=True))
    return [None if r is None else path_of[r] for r in of], cut
