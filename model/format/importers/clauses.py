"""The clause vocabulary an imported line is read into, and its rendering.

A reading is a tree: a ``Node`` is one *form* (a phrase template such as
``deal {amount} to {target}``) whose ``meaning`` is an enum member (an ``Action``, an
``Event``, a ``Cond``, a ``Shape`` of ability, a ``Link`` between clauses), with its
slots filled by other nodes, ``NounPhrase``s (who: determiner, modifiers, noun, place)
and ``Word``s (a number, a keyword, a stat, an icon: a closed vocabulary each).

``describe`` renders a reading back as English from the same forms. A line counts as
modelled only when its reading renders to the line itself (``text.squash`` ignores
case, spacing and the final full stop): no word of the line is left unread.

This tree is the parser's internal intermediate: what a card says is written in the
card language (``model/effects``), into which ``to_abilities`` converts the tree (a line
whose tree does not convert completely is not modelled). ``to_data`` gives the tree as
plain data, for tests and debugging; imported card sets do not carry it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Union

_SLOT = re.compile(r"\{([a-z_]+)\}")


class Action(Enum):
    DAMAGE = "damage"
    MODIFY = "modify"
    GIVE_KEYWORD = "give-keyword"
    DRAW = "draw"
    DISCARD = "discard"
    KILL = "kill"
    STUN = "stun"
    READY = "ready"
    EXHAUST = "exhaust"
    BUFF = "buff"
    SPEND_BUFF = "spend-buff"
    BANISH = "banish"
    RECALL = "recall"
    HEAL = "heal"
    RETURN_TO_HAND = "return-to-hand"
    MOVE = "move"
    CREATE_TOKEN = "create-token"
    CHANNEL = "channel"
    ADD_RESOURCE = "add-resource"
    SCORE = "score"
    RECYCLE = "recycle"
    COUNTERS = "counters"
    BOOST = "boost"
    GAIN_STATUS = "gain-status"
    LOSE_STATUS = "lose-status"
    SACRIFICE = "sacrifice"
    SEND_TO_RESERVE = "send-to-reserve"
    SWITCH_EXPEDITION = "switch-expedition"
    KEYWORD_ACTION = "keyword-action"  # Resupply, Sabotage, After You, Exhausted Resupply
    COST_CHANGE = "cost-change"
    ENTER_READY = "enter-ready"
    PLAY_FROM = "play-from"
    COUNTER_SPELL = "counter"
    PAY = "pay"
    LOOK = "look"
    WIN = "win"
    MOVE_EXPEDITION = "move-expedition"
    ROLL = "roll-a-die"
    ACTIVATE = "activate"
    ATTACH = "attach"
    EXCHANGE = "exchange"
    CHOOSE = "choose"
    REVEAL = "reveal"
    PLAY = "play"
    RESTRICT = "restrict"  # a "can't" rule
    FIGHT = "fight"  # two units deal damage equal to their Might to each other
    DAMAGE_BONUS = "damage-bonus"  # Riftbound Bonus Damage (D-BONUS)
    COMBAT_RULE = "combat-rule"  # a unit's own rule of combat (damage order, none dealt, buffs)


class Event(Enum):
    PLAYED = "played"
    PLAYED_FROM_HAND = "played-from-hand"
    PLAYED_FROM_RESERVE = "played-from-reserve"
    ATTACKS = "attacks"
    DEFENDS = "defends"
    ATTACKS_OR_DEFENDS = "attacks-or-defends"
    CONQUERS = "conquers"
    HOLDS = "holds"
    DIES = "dies"
    MOVES = "moves"
    PLAY_CARD = "play-card"
    PHASE = "phase"  # at the start/end of a phase, at Noon, at Dusk ...
    BUFFED = "buffed"
    READIED = "readied"
    CHOSEN = "chosen"
    JOINS = "joins"
    LEAVES = "leaves"
    GAINS = "gains"
    STUNNED = "stunned"
    DAMAGED = "damaged"
    DRAWS = "draws"
    KEYWORD = "keyword"  # Deathknell (Riftbound 808), Vision ...
    EXHAUSTED = "exhausted"
    WINS_COMBAT = "wins-combat"
    DISCARDS = "discards"
    WOULD = "would"  # a replacement's event (Riftbound 470s; Altered 1.4)
    ATTACHES = "attaches"
    BECOMES = "becomes"
    MOVES_FORWARD = "moves-forward"
    FAILS_TO_MOVE = "fails-to-move"
    SPENDS = "spends"  # a buff is spent (Riftbound 702.2.b)
    ACTIVATED = "activated"  # an activated ability is used (Riftbound 377.2)


class Cond(Enum):
    PAID_EXTRA = "paid-additional-cost"
    YOU_DID = "if-you-do"
    CONTROLS = "controls"
    AT_PLACE = "at-place"
    STAT = "stat"
    STATUS = "status"
    EXPEDITION = "expedition-position"  # Altered 7.5.2 ahead / behind / tied
    TURN = "turn"
    COUNT = "count"
    MIGHTY = "mighty"  # Riftbound [Mighty]
    LEGION = "legion"  # Riftbound 812
    OTHER = "other"


class Shape(Enum):
    """What kind of ability a line is (Riftbound 135.2, Altered 2.2.11)."""

    KEYWORDS = "keywords"
    SPELL = "effect"  # instructions (a spell's text, or the effect of an ability)
    TRIGGERED = "triggered"
    ACTIVATED = "activated"
    STATIC = "static"
    MODAL = "modal"


class Link(Enum):
    """How clauses of one line hang together."""

    SEQUENCE = "sequence"  # ". " / ", then " / " and "
    MAY = "may"  # optional (you may)
    IF = "if"  # conditional
    INSTEAD = "instead"  # a replacement
    FOR_EACH = "for-each"
    DURATION = "duration"
    LIMIT = "limit"  # a restriction on when an ability can be used
    UNLESS = "unless"  # conditional on a condition being false
    CHOICE = "choice"  # one of two instructions, chosen on resolution
    ANY_OF = "any-of"  # a trigger on any of its events
    DELAYED = "delayed"  # done later ("after Rest")
    IGNORING_COST = "ignoring-cost"  # played without paying (part of) its cost


Meaning = Action | Event | Cond | Shape | Link


class WordKind(Enum):
    NUMBER = "number"
    KEYWORD = "keyword"
    STATUS = "status"
    STAT = "stat"
    ICONS = "icons"
    DURATION = "duration"
    PLACE = "place"
    TOKEN = "token"
    NAME = "name"
    COUNTER = "counter"


@dataclass(frozen=True, slots=True)
class Word:
    """A closed-vocabulary word: ``value`` is what it means, ``text`` how it is printed."""

    kind: WordKind
    value: str | int
    text: str

    def render(self) -> str:
        return self.text


class Det(Enum):
    A = "a"
    ONE = "one"
    ANOTHER = "another"
    EACH = "each"
    ALL = "all"
    ANY_NUMBER = "any-number"
    UP_TO = "up-to"
    COUNT = "count"  # "two units"
    THE = "the"
    NEXT = "next"  # the next one that matches
    FIRST = "first"  # the first one that matches, in a period
    FEWER = "fewer"  # "less than eight", "fewer than two"
    AT_LEAST = "at-least"  # "one or more", "two or more"
    BARE = "bare"  # "units", "your Mechs"
    PRONOUN = "pronoun"  # me, I, it, them, this


class ModKind(Enum):
    """A word before or after the noun that narrows a selector."""

    SIDE = "side"  # friendly, enemy, your, an opponent's
    OTHER = "other"
    STATE = "state"  # ready, exhausted, buffed, damaged, stunned, attacking, token ...
    TAG = "tag"  # a tag / subtype of the pool
    KEYWORD = "keyword"  # [Mighty], [Hidden] ...
    TARGET = "target"  # Altered "target" (A-SPELL-1)
    PLACE = "place"  # here, at a battlefield, in your base, in my Expedition ...
    CONTROL = "control"  # you control, an opponent controls, you own
    COMPARE = "compare"  # with 3 {might} or less, with Hand Cost {2} or more
    ZONE = "zone"  # in your Reserve, from your hand


@dataclass(frozen=True, slots=True)
class Mod:
    kind: ModKind
    value: str
    text: str


@dataclass(frozen=True, slots=True)
class NounPhrase:
    """The reading of a noun phrase (who or what): a determiner, modifiers, a noun (a card
    type, a tag, a player, or a pronoun such as me / it / them), then places and
    restrictions. It is the text's shape, kept to be converted into the card language's
    selector (``model/effects``); it selects nothing by itself."""

    det: Det
    det_text: str
    count: int | None
    pre: tuple[Mod, ...]
    noun: str  # unit, gear, character, card, player, self, it ...
    noun_text: str
    post: tuple[Mod, ...]

    def render(self) -> str:
        parts = [self.det_text] if self.det_text else []
        parts += [m.text for m in self.pre]
        parts.append(self.noun_text)
        parts += [m.text for m in self.post]
        return " ".join(p for p in parts if p)


Value = Union["Node", NounPhrase, Word]  # noqa: UP007 (a forward reference)


@dataclass(frozen=True, slots=True)
class Form:
    """A phrase template: literal words and ``{slot}`` names, and what it means."""

    name: str
    template: str
    meaning: Meaning
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Node:
    form: Form
    slots: tuple[tuple[str, Value], ...]

    def render(self) -> str:
        values = {name: value.render() for name, value in self.slots}
        return _SLOT.sub(lambda m: values.get(m.group(1), m.group(0)), self.form.template)

    def meanings(self) -> list[Meaning]:
        """What every form of this reading means, outermost first."""
        found: list[Meaning] = [self.form.meaning]
        for _, value in self.slots:
            if isinstance(value, Node):
                found.extend(value.meanings())
        return found

    def forms(self) -> list[str]:
        """The names of every form in this reading (for pattern hit counts)."""
        found = [self.form.name]
        for _, value in self.slots:
            if isinstance(value, Node):
                found.extend(value.forms())
        return found


def describe(node: Node) -> str:
    """The reading as English: the sentence arbiter understood."""
    text = node.render().strip()
    text = re.sub(r"(^|[.:] |\u2022 | - )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
    return text


def to_data(value: Value) -> object:
    """The YAML form of a reading: meanings and slots, as plain data."""
    if isinstance(value, Word):
        return {value.kind.value: value.value}
    if isinstance(value, NounPhrase):
        data: dict[str, object] = {"select": value.noun, "det": value.det.value}
        if value.count is not None:
            data["count"] = value.count
        mods = [{m.kind.value: m.value} for m in (*value.pre, *value.post)]
        if mods:
            data["where"] = mods
        return data
    meaning = value.form.meaning
    if meaning is Link.SEQUENCE and len(value.slots) == 1:
        return to_data(value.slots[0][1])  # a sequence of one: the thing itself
    out: dict[str, object] = {
        type(meaning).__name__.lower(): meaning.value,
        "form": value.form.name,
    }
    for name, slot in value.slots:
        out[name] = to_data(slot)
    return out


def rules_of(node: Node) -> list[str]:
    """The rule articles of every form of a reading, once each, in reading order."""
    found = list(node.form.rules)
    for _, value in node.slots:
        if isinstance(value, Node):
            found.extend(rules_of(value))
    return list(dict.fromkeys(found))
