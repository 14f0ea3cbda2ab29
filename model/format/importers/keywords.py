"""Every keyword of both rulebooks, mapped to what the card language does with it.

Riftbound Core Rules 1.3, 805–826 (the keyword glossary), plus the action Add (429)
and the description Mighty (706–707). Altered Complete Rules 3.0: keyword abilities
(7.4.1–7.4.7), keyword actions printed in brackets (7.3), statuses (2.4.2–2.4.6).

A keyword on a card becomes a named feature of the card (a flag, or a number such as
``Assault: 2``); one that carries a cost keeps it (``Equip``, ``Accelerate``,
``Repeat``); a dependent or triggered keyword introduces the ability after it; a
keyword action is an action of a clause; a status is a status effects give and remove.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from arbiter.model.format.importers.sources import Game


class KeywordKind(Enum):
    FLAG = "flag"  # a named feature, present or not
    NUMBER = "number"  # a named feature with a number (Assault 2, Tough 1)
    COST = "cost"  # a named feature with a cost after it (Equip {fury})
    PERMISSION = "permission"  # Action / Reaction: when the card or ability may be played
    DEPENDENT = "dependent"  # Legion: a condition for the ability after it
    TRIGGER = "trigger"  # Deathknell: introduces a triggered ability
    ACTION = "action"  # Add, Resupply, Sabotage ...: a clause's action
    DESCRIPTOR = "descriptor"  # Mighty: a property other effects check
    STATUS = "status"  # Altered statuses


@dataclass(frozen=True, slots=True)
class Keyword:
    name: str
    kind: KeywordKind
    rule: str  # the rulebook article


RIFTBOUND = (
    Keyword("Accelerate", KeywordKind.FLAG, "Riftbound 805"),
    Keyword("Action", KeywordKind.PERMISSION, "Riftbound 806"),
    Keyword("Assault", KeywordKind.NUMBER, "Riftbound 807"),
    Keyword("Deathknell", KeywordKind.TRIGGER, "Riftbound 808"),
    Keyword("Deflect", KeywordKind.NUMBER, "Riftbound 809"),
    Keyword("Ganking", KeywordKind.FLAG, "Riftbound 810"),
    Keyword("Hidden", KeywordKind.FLAG, "Riftbound 811"),
    Keyword("Legion", KeywordKind.DEPENDENT, "Riftbound 812"),
    Keyword("Reaction", KeywordKind.PERMISSION, "Riftbound 813"),
    Keyword("Shield", KeywordKind.NUMBER, "Riftbound 814"),
    Keyword("Tank", KeywordKind.FLAG, "Riftbound 815"),
    Keyword("Temporary", KeywordKind.FLAG, "Riftbound 816"),
    Keyword("Vision", KeywordKind.FLAG, "Riftbound 817"),
    Keyword("Equip", KeywordKind.COST, "Riftbound 818"),
    Keyword("Quick-Draw", KeywordKind.FLAG, "Riftbound 819"),
    Keyword("Repeat", KeywordKind.COST, "Riftbound 820"),
    Keyword("Weaponmaster", KeywordKind.FLAG, "Riftbound 821"),
    Keyword("Ambush", KeywordKind.FLAG, "Riftbound 822"),
    Keyword("Hunt", KeywordKind.NUMBER, "Riftbound 823"),
    Keyword("Level", KeywordKind.DEPENDENT, "Riftbound 824"),
    Keyword("Unique", KeywordKind.FLAG, "Riftbound 825"),
    Keyword("Backline", KeywordKind.FLAG, "Riftbound 826"),
    Keyword("Add", KeywordKind.ACTION, "Riftbound 429"),
    Keyword("Mighty", KeywordKind.DESCRIPTOR, "Riftbound 706"),
)

ALTERED = (
    Keyword("Cooldown", KeywordKind.FLAG, "Altered 7.4.1"),
    Keyword("Defender", KeywordKind.FLAG, "Altered 7.4.2"),
    Keyword("Eternal", KeywordKind.FLAG, "Altered 7.4.3"),
    Keyword("Gigantic", KeywordKind.FLAG, "Altered 7.4.4"),
    Keyword("Scout", KeywordKind.NUMBER, "Altered 7.4.5"),
    Keyword("Seasoned", KeywordKind.FLAG, "Altered 7.4.6"),
    Keyword("Tough", KeywordKind.NUMBER, "Altered 7.4.7"),
    Keyword("After You", KeywordKind.ACTION, "Altered 7.3.2"),
    Keyword("Augment", KeywordKind.ACTION, "Altered 7.3.3"),
    Keyword("Exhausted Resupply", KeywordKind.ACTION, "Altered 7.3.11"),
    Keyword("Resupply", KeywordKind.ACTION, "Altered 7.3.22"),
    Keyword("Sabotage", KeywordKind.ACTION, "Altered 7.3.24"),
    Keyword("Anchored", KeywordKind.STATUS, "Altered 2.4.2"),
    Keyword("Asleep", KeywordKind.STATUS, "Altered 2.4.3"),
    Keyword("Boosted", KeywordKind.STATUS, "Altered 2.4.4"),
    Keyword("Exhausted", KeywordKind.STATUS, "Altered 2.4.5"),
    Keyword("Fleeting", KeywordKind.STATUS, "Altered 2.4.6"),
)

TABLES = {Game.RIFTBOUND: RIFTBOUND, Game.ALTERED: ALTERED}
# printed variants of a keyword's name (plural verb forms, capitals)
ALIASES = {"resupplies": "Resupply", "add": "Add"}


def _key(name: str) -> str:
    return re.sub(r"\s+", " ", name.replace("\u00a0", " ")).strip().lower()


@dataclass(frozen=True)
class KeywordTable:
    game: Game

    @property
    def entries(self) -> tuple[Keyword, ...]:
        return TABLES[self.game]

    def split(self, printed: str) -> tuple[str, str]:
        """``Assault 2`` → (``Assault``, ``2``); ``Tough X`` → (``Tough``, ``X``)."""
        m = re.fullmatch(r"(.+?)[\s\u00a0]+(\d+|X)", printed.strip())
        if m and self._find(m.group(1)) is not None:
            return m.group(1), m.group(2)
        return printed.strip(), ""

    def _find(self, name: str) -> Keyword | None:
        key = ALIASES.get(_key(name), _key(name))
        for kw in self.entries:
            if _key(kw.name) == _key(key):
                return kw
        return None

    def lookup(self, printed: str) -> Keyword | None:
        """The keyword a bracketed name stands for (its number stripped), or None."""
        name, _ = self.split(printed)
        found = self._find(name)
        if found is None or found.kind is KeywordKind.STATUS:
            return None
        return found

    def status(self, printed: str) -> Keyword | None:
        found = self._find(printed)
        return found if found is not None and found.kind is KeywordKind.STATUS else None

    def canonical(self, printed: str) -> str:
        name, number = self.split(printed)
        kw = self._find(name)
        base = kw.name if kw is not None else name
        return f"{base} {number}" if number else base


def all_keywords() -> dict[str, list[Keyword]]:
    """Every keyword of both rulebooks, by game (for the report and the docs)."""
    return {game.value: list(table) for game, table in TABLES.items()}
