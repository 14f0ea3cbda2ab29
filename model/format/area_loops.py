"""The two top-level keys of the loops area, in scenarios and card sets alike:
``expect_verdict:`` (paths of the ``--json`` output of ``arbiter loops`` and their
expected values) and ``loop_search:`` (``budget``, ``one_day``: the defaults of the
command's options). The input of ``arbiter loops`` is read by ``loop_input.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.format.context import ParseContext, TopKeyParser
from arbiter.model.format.document import Node
from arbiter.model.scenario import Expectation


@dataclass(frozen=True)
class SearchOptions:
    budget: int | None = None
    one_day: bool = False


def _expect_verdict(node: Node, ctx: ParseContext) -> tuple[Expectation, ...]:
    return tuple(
        Expectation(path, n.value, node.doc.location(n.path, key=True))
        for path, n in node.mapping(what="a mapping of paths of the loops output").items()
    )


def _loop_search(node: Node, ctx: ParseContext) -> SearchOptions:
    m = node.mapping({"budget", "one_day"})
    return SearchOptions(
        budget=m["budget"].integer(1, 10**8) if "budget" in m else None,
        one_day=m["one_day"].boolean() if "one_day" in m else False,
    )




TOP_KEY_PARSERS: dict[str, TopKeyParser] = {
    "expect_verdict": _expect_verdict,
    "loop_search": _loop_search,
}
