"""Input of ``arbiter loops``: a scenario, or a card set (``cards:`` without ``objects:``).

A card set is read by the card-set reader of ``arbiter check`` (the same card keys)
and becomes a state (Decision LOOP-4): one object per card, with the card id as
object id, controlled by the first player, in play; players default to
``[ana, bo]`` and the ruleset to ``altered``. The search itself keeps only the cards
with abilities and what they name (``solver/loops/report.py``). The file's
``expect_verdict:`` and ``loop_search:`` are read by ``area_loops.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.cardset import game_state
from arbiter.model.format.area_loops import SearchOptions
from arbiter.model.format.areas import TOP_KEY_PARSERS
from arbiter.model.format.cardset import read_cardset
from arbiter.model.format.context import ParseContext
from arbiter.model.format.document import Document, load
from arbiter.model.format.scenario import parse_document
from arbiter.model.scenario import Expectation, Scenario

CARDSET_DEFAULT_PLAYERS = ["ana", "bo"]
CARDSET_DEFAULT_RULESET = "altered"


@dataclass(frozen=True)
class LoopInput:
    """What ``arbiter loops`` works on: the parsed scenario and what the file expects."""

    kind: str  # "scenario" | "cardset"
    scenario: Scenario
    expect: tuple[Expectation, ...]
    options: SearchOptions


def _cardset_scenario(doc: Document) -> Scenario:
    """A card set as the loop search's start: read by the card-set reader of
    ``arbiter check`` (``keywords``, ``roles``, ``effect``, ``include`` ... are the same
    keys), then one object per card, in play, owned by the first player (LOOP-4)."""
    root = doc.node().mapping(what="a mapping with cards (a card set) or objects (a scenario)")
    if "cards" not in root:
        doc.node()._missing("cards")
    players: tuple[str, ...] = tuple(CARDSET_DEFAULT_PLAYERS)
    if "players" in root:
        players = tuple(
            n.ident("a player name") for n in root["players"].seq("a list of player names")
        )
        if not players or len(set(players)) != len(players):
            root["players"].fail("a list of distinct player names")
    data = {k: n.value for k, n in root.items()}
    data.setdefault("ruleset", CARDSET_DEFAULT_RULESET)
    doc = Document(doc.name, data, doc.marks, doc.key_marks)
    extra = frozenset({"players"} | set(TOP_KEY_PARSERS))
    cardset = read_cardset(doc, players=players, extra_keys=extra)
    state = game_state(cardset, dict.fromkeys(cardset.cards, players[0]), players)
    ctx = ParseContext(doc, state)
    top = doc.node().mapping()
    extras: dict[str, object] = {}
    for key in TOP_KEY_PARSERS:
        if key in top:
            extras[key] = TOP_KEY_PARSERS[key](top[key], ctx)
    return Scenario(doc.name, ctx.state, (), (), {cid: {} for cid in cardset.cards}, extras)


def load_for_loops(filename: str, text: str | None = None) -> LoopInput:
    """Parse a scenario or a card set for the loop search; InputError on bad input."""
    doc = load(filename, text)
    root = doc.node().mapping(what="a mapping with cards (a card set) or objects (a scenario)")
    kind = "scenario" if "objects" in root else "cardset"
    scenario = _cardset_scenario(doc) if kind == "cardset" else parse_document(doc)
    expect = scenario.extras.get("expect_verdict", ())
    options = scenario.extras.get("loop_search", SearchOptions())
    assert isinstance(expect, tuple) and isinstance(options, SearchOptions)
    return LoopInput(kind, scenario, expect, options)
