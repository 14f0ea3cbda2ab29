"""Input of ``arbiter loops``: a scenario, or a card set (``cards:`` without ``objects:``).

A card set becomes a *minimal state* (Decision LOOP-4): one object per card, with
the card id as object id, controlled by the first player, in play; players
default to ``[ana, bo]`` and the ruleset to ``altered``. Two top-level keys are
added to both kinds of file: ``expect_verdict:`` (paths of the ``--json`` output of
``arbiter loops`` and their expected values) and ``loop_search:`` (``budget``,
``one_day``: the defaults of the command's options).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.format.document import Document, Node, load
from arbiter.model.format.scenario import TOP_KEY_PARSERS, TOP_KEYS, ParseContext, parse_document
from arbiter.model.scenario import Expectation, Scenario

CARDSET_DEFAULT_PLAYERS = ["ana", "bo"]
CARDSET_DEFAULT_RULESET = "altered"


@dataclass(frozen=True)
class SearchOptions:
    budget: int | None = None
    one_day: bool = False


@dataclass(frozen=True)
class LoopInput:
    """What ``arbiter loops`` works on: the parsed scenario and what the file expects."""

    kind: str  # "scenario" | "cardset"
    scenario: Scenario
    expect: tuple[Expectation, ...]
    options: SearchOptions


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


TOP_KEY_PARSERS["expect_verdict"] = _expect_verdict
TOP_KEY_PARSERS["loop_search"] = _loop_search


def _as_scenario(doc: Document) -> Document:
    """A card set as a scenario document: one object per card (LOOP-4)."""
    root = doc.node().mapping(what="a mapping with cards (a card set) or objects (a scenario)")
    if "cards" not in root:
        doc.node()._missing("cards")
    players = root["players"].value if "players" in root else CARDSET_DEFAULT_PLAYERS
    owner = players[0] if isinstance(players, list) and players else "ana"
    cards = root["cards"].mapping(what="a mapping of card ids to cards")
    for cid, cnode in cards.items():  # a card's id becomes an object id: check it where it stands
        Node(doc, cnode.path, cid).ident("a card id")
    data = {k: n.value for k, n in root.items()}
    if "format" in root and root["format"].integer(1, 2) == 2:  # the card language, lowered
        data["cards"] = {cid: _lowered_for_loops(cnode) for cid, cnode in cards.items()}
    data.pop("format", None)
    data.setdefault("ruleset", CARDSET_DEFAULT_RULESET)
    data.setdefault("players", list(CARDSET_DEFAULT_PLAYERS))
    data["objects"] = {cid: {"owner": owner, "card": cid} for cid in cards}
    return Document(doc.name, data, doc.marks, doc.key_marks)


def _lowered_for_loops(node: Node) -> dict[str, object]:
    """A format 2 card as the loop search reads it: its triggers and quick actions lowered;
    a one-shot ``do:`` is refused where it stands, as format 1's ``roles``/``effect`` are."""
    from arbiter.model.format.cards_v2 import lowered

    card = lowered(node)[0]
    if isinstance(node.value, dict) and "do" in node.value:
        card = {k: v for k, v in card.items() if k not in ("roles", "effect")}
        card["do"] = node.value["do"]
    return card


def load_for_loops(filename: str, text: str | None = None) -> LoopInput:
    """Parse a scenario or a card set for the loop search; InputError on bad input."""
    from arbiter.model.format.scenario import load_areas

    load_areas()
    doc = load(filename, text)
    root = doc.node().mapping(what="a mapping with cards (a card set) or objects (a scenario)")
    kind = "scenario" if "objects" in root else "cardset"
    if kind == "cardset":
        allowed = TOP_KEYS | set(TOP_KEY_PARSERS) | {"format"}
        root_node = doc.node()
        root_node.mapping(allowed)
        doc = _as_scenario(doc)
    scenario = parse_document(doc)
    expect = scenario.extras.get("expect_verdict", ())
    options = scenario.extras.get("loop_search", SearchOptions())
    assert isinstance(expect, tuple) and isinstance(options, SearchOptions)
    return LoopInput(kind, scenario, expect, options)
