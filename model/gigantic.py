"""Altered Gigantic in full (Complete Rules 3.0, 7.4.4) and the position of expeditions
(7.5.2): what the glossary's A-KW-GIGANTIC leaves out. Pure functions.

- 7.4.4.m: under ``gigantic_version: "3.0"`` a Gigantic character that would switch
  expeditions has its card switch; the character neither leaves nor joins either one. The
  glossary (the seed, the default) says "the other expedition" of a Gigantic object is none,
  so the switch does nothing.
- 7.4.4.n / 7.4.4.o: gaining Gigantic joins the other expedition, losing it leaves the
  expedition the card is not in.
- 7.4.4.j with 7.5.2: a condition about "my expedition" holds for a Gigantic character
  only when it holds for both of its expeditions.
- 7.4.4.g: the expeditions facing a Gigantic character face each of its expeditions.
- 7.4.4.l: in its controller's total (tiebreakers) a Gigantic character counts twice.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.altered.day import opponent, position
from arbiter.model.altered.keywords import TERRAINS, expeditions_of, has, members, statistic
from arbiter.model.altered.zones import EXPEDITIONS, expedition_of
from arbiter.model.passive_order import after_passives
from arbiter.model.ruleset import GiganticVersion
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.values.features import Feature

POSITIONS = ("ahead", "behind", "tied")


def _other(here: str) -> str:
    return next(e for e in EXPEDITIONS if e != here)


def switch_card(state: GameState, oid: str) -> GameState | None:
    """7.4.4.m: the card of a Gigantic character switches; None when the ruleset follows
    the glossary (the caller then reports that there is no other expedition)."""
    obj = state.obj(oid)
    here = expedition_of(obj.zone)
    if state.ruleset.gigantic_version is not GiganticVersion.RULES_3_0 or here is None:
        return None
    other = _other(here)
    state = state.with_object(replace(obj, zone=f"expedition:{other}"))
    fields: tuple[tuple[str, JSON], ...] = (
        ("target", oid),
        ("done", True),
        ("to", other),
        ("card_only", True),
        ("joined", []),
        ("left", []),
    )
    return state.with_event(Event("switch", fields, ("Altered 7.4.4.m",)))


def set_gigantic(state: GameState, oid: str, gain: bool, source: str = "effect") -> GameState:
    """7.4.4.n / 7.4.4.o: gain or lose Gigantic; the character joins or leaves the
    expedition its card is not in."""
    obj = state.obj(oid)
    if has(after_passives(state).obj(oid), "Gigantic") == gain:
        return state.with_event(
            Event(
                "gain" if gain else "lose",
                (("target", oid), ("feature", "Gigantic"), ("done", False)),
                ("Altered 2.4.1.f",) if gain else ("Altered 2.4.1.h",),
            )
        )
    features = dict(obj.features)
    if gain:
        features["Gigantic"] = Feature("Gigantic")
    else:
        features.pop("Gigantic")
    state = state.with_object(replace(obj, features=features))
    here = expedition_of(obj.zone)
    if here is None or obj.kind != "character":
        return state
    rule = "Altered 7.4.4.n" if gain else "Altered 7.4.4.o"
    fields: tuple[tuple[str, JSON], ...] = (
        ("target", oid),
        ("player", obj.controlled_by),
        ("expeditions", [_other(here)]),
        ("card_in", here),
        ("source", source),
    )
    return state.with_event(Event("join" if gain else "leave", fields, (rule,)))


def facing_one(state: GameState, player: str, expedition: str) -> tuple[str, str]:
    """The expedition facing ``player``'s ``expedition``: the opponent's of the same side
    (7.5.2: a Hero expedition faces the Hero expedition)."""
    return opponent(state, player), expedition


def facing(state: GameState, oid: str) -> list[tuple[str, str]]:
    """7.4.4.g: the expeditions facing a character's expedition; for a Gigantic one, those
    facing each of its controller's expeditions. None outside the Expedition zone."""
    obj = after_passives(state).obj(oid)  # A-PASS-1: Gigantic may come from a passive
    return [facing_one(state, obj.controlled_by, e) for e in expeditions_of(obj)]


def standing(state: GameState, player: str, expedition: str) -> str:
    """7.5.2: ahead, behind or tied against the expedition facing it (Hero faces Hero)."""
    mine = position(state, player, expedition)
    theirs = position(state, *facing_one(state, player, expedition))
    return "ahead" if mine > theirs else "behind" if mine < theirs else "tied"


def my_expedition_is(state: GameState, oid: str, wanted: str) -> bool:
    """A condition about "my expedition" (7.5.2); for a Gigantic character both of its
    expeditions must satisfy it (7.4.4.j). Outside the Expedition zone it does not hold."""
    obj = after_passives(state).obj(oid)  # A-PASS-1: Gigantic may come from a passive
    where = expeditions_of(obj)
    return bool(where) and all(standing(state, obj.controlled_by, e) == wanted for e in where)


def total_statistics(state: GameState, player: str) -> dict[str, int]:
    """7.4.4.l: a player's total statistics, each expedition's members summed: a Gigantic
    character, present in both, counts twice."""
    out = dict.fromkeys(TERRAINS, 0)
    derived = after_passives(state)  # A-PASS-1
    for e in EXPEDITIONS:
        for o in members(derived, player, e):
            for t in TERRAINS:
                out[t] += statistic(o, t)
    return out
