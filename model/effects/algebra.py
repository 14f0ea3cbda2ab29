"""The one card language: an effect is an action applied to a selector, with an amount,
an optional condition and a duration (docs/format.md, "The card language").

Every construct is a frozen dataclass or an enum and names the rule ids it implements
(``RULES``). Nothing here reads a game: :mod:`model.effects.evaluate` computes selectors,
amounts and conditions on a state; :mod:`model.effects.syntax` reads the YAML form;
:mod:`model.effects.describe` renders English.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from arbiter.model.effects import amounts as _amt
from arbiter.model.effects import chain_actions as _chain
from arbiter.model.effects import deck_actions as _deck
from arbiter.model.effects import game_actions as _game
from arbiter.model.effects import kinds as _kinds
from arbiter.model.effects import selectors as _sel
from arbiter.model.effects import stat_ops as _ops

RuleIds = _sel.RuleIds

# the selectors (who), defined in model.effects.selectors
ANY_NUMBER = _sel.ANY_NUMBER
IT = _sel.IT
OPPONENT = _sel.OPPONENT
SELF = _sel.SELF
YOU = _sel.YOU
Compare = _sel.Compare
Pick = _sel.Pick
Selector = _sel.Selector
Side = _sel.Side
StatTest = _sel.StatTest

# the actions of the games' own words, defined in model.effects.game_actions
Activate = _game.Activate
BecomeCopy = _game.BecomeCopy
ChangeTraits = _game.ChangeTraits
ChooseOne = _game.ChooseOne
Delayed = _game.Delayed
EndTurn = _game.EndTurn
Exchange = _game.Exchange
Play = _game.Play
Overrule = _game.Overrule
Rule = _game.Rule
PlayCost = _game.PlayCost
PlayPlace = _game.PlayPlace
RollDie = _game.RollDie
Spend = _game.Spend
MovePlace = _game.MovePlace
EventPlace = _game.EventPlace
Timing = _game.Timing
TokenPlace = _game.TokenPlace
TokenEntry = _game.TokenEntry

# actions on the top of a deck, defined in model.effects.deck_actions
LookTop = _deck.LookTop
Kept = _deck.Kept
Rest = _deck.Rest
# actions on the chain, defined in model.effects.chain_actions
Counter = _chain.Counter

# where an ability stands on a card, defined in model.effects.kinds
Kind = _kinds.Kind
KIND_RULES = _kinds.KIND_RULES


# the amounts (how much), defined in model.effects.amounts
Const = _amt.Const
Per = _amt.Per
StatOf = _amt.StatOf
CountOf = _amt.CountOf
XValue = _amt.XValue
That = _amt.That
Times = _amt.Times
Sum = _amt.Sum
Amount = _amt.Amount
ALL_OF_IT = _amt.ALL_OF_IT  # an amount of None on a prevention: "prevent all damage"


# -- conditions: if -----------------------------------------------------------------------


class Test(Enum):
    """What one Condition tests; AND / OR / NOT combine conditions."""

    AND = "and"
    OR = "or"
    NOT = "not"
    STAT = "stat"  # a characteristic of the selected object compares with a bound
    COUNT = "count"  # the number of selected objects compares with a bound
    COUNTER = "counter"  # a counter of the selected object or player compares
    HAS = "has"  # the selected object has a feature, keyword or status
    ZONE = "zone"  # the selected object is in a zone
    REGION = "region"  # the selected object's region has a type (Altered: a Forest)
    SUBTYPE = "subtype"  # the selected object has a subtype (A-PASS-1: "if I am a Beast")
    TURN = "turn"  # it is the turn of a player (name: you | opponent); first: you are the
    # first player (Altered 4.2.1.b)
    DAY = "day"  # the day number compares with a bound
    PHASE = "phase"  # the current phase is named
    EXPEDITION = "expedition"  # its expedition is ahead | behind | tied (Altered 7.5.2, 7.4.4.j)
    # the number of other cards the controller played this turn compares with the bound
    # (Riftbound 812 Legion: "if you have played another card this turn", at least 1)
    CARDS_PLAYED = "cards_played"
    # the die rolled before in the same effects compares with the bound ("on a 4+",
    # Altered 7.3.19.b); read at resolution, in order
    ROLL = "roll"
    # the last effect before this one that is not itself under "if you do" was done: "you
    # may X. If you do, Y, then Z" (A-SPELL-3, Riftbound 356.4.f.1); read in order
    DONE = "done"
    # the card's optional additional cost was paid as it was played: chosen, whatever it
    # cost (Riftbound 356.4.f.1); read where the card's play is recorded (IMP-EXTRA)
    PAID = "paid"
    # the object the event was about (``it``) was killed "with" a spell (``name``: the kind
    # of what the kill is attributed to): attributed to one the card's controller controls,
    # who is responsible for the kill (Riftbound 428.5.e, Decision RB-KILL-WITH)
    KILLED_WITH = "killed_with"
    # the points the selected player lacks to reach the Victory Score compares (480.3)
    TO_VICTORY = "to_victory"


@dataclass(frozen=True, slots=True)
class Condition:
    """One composable condition, checked when it matters (A-SPELL-4: at resolution)."""

    test: Test
    parts: tuple[Condition, ...] = ()
    selector: Selector = SELF
    stat: str = ""
    compare: Compare = Compare.AT_LEAST
    bound: int = 0
    name: str = ""  # feature / status / zone / phase / player

    RULES: ClassVar[RuleIds] = ("A-SPELL-4", "TRIG-4", "Riftbound 708", "Altered 7.5.2")


# -- durations: until ---------------------------------------------------------------------


class Lasts(Enum):
    INSTANT = "instant"  # a one-shot change (the modification itself stays: E-OPS-2)
    END_OF_TURN = "end_of_turn"
    END_OF_COMBAT = "end_of_combat"
    END_OF_DAY = "end_of_day"
    WHILE = "while"  # as long as a condition holds (a passive, A-PASS-1)
    WHILE_IN_PLAY = "while_in_play"  # as long as the card is in play (P-6, B-NAMED-3)
    END_OF_AFTERNOON = "end_of_afternoon"  # "this Afternoon" (Altered 4.2: a phase of the Day)


@dataclass(frozen=True, slots=True)
class Duration:
    lasts: Lasts = Lasts.INSTANT
    condition: Condition | None = None  # WHILE

    RULES: ClassVar[RuleIds] = ("A-PASS-1", "B-NAMED-3", "P-6")


INSTANT = Duration()


# -- actions: what ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealDamage:
    """Deal the amount to each selected object, or split it among them (``split``)."""

    split: bool = False

    RULES: ClassVar[RuleIds] = ("D-EACH-1", "D-DIST-1", "D-TIME-1", "D-TIME-3", "D-SRC-1")


# how a characteristic changes (E-OPS-1), defined in model.effects.stat_ops
StatOp = _ops.StatOp


@dataclass(frozen=True, slots=True)
class ModifyStat:
    """E-OPS-1: change a characteristic by the effect's amount (or members, for sets)."""

    stat: str
    op: StatOp = StatOp.ADD
    component: int | None = None
    members: frozenset[str] = frozenset()  # for set characteristics (subtypes, regions)
    other: Selector | None = None  # copy / swap / swap_bonus
    rounding: str | None = None  # divide: down | up | nearest (E-DIV)
    # add: never below this shown value ("to a minimum of 1 {might}", Riftbound 356.4.e
    # reads minimums the same way for costs)
    minimum: int | None = None

    RULES: ClassVar[RuleIds] = ("E-OPS-1", "E-OPS-2", "E-IMM-1", "E-IMM-2", "E-LIMIT-1", "E-DIV")


class Guard(Enum):
    CANNOT_DECREASE = "decrease"
    CANNOT_MODIFY = "modify"


@dataclass(frozen=True, slots=True)
class Protect:
    """An immunity or a limit on characteristics ("cannot be modified by more than 3")."""

    stats: frozenset[str]  # {"*"} for every characteristic
    guard: Guard | None = None
    limit: int | None = None
    scope: str | None = None

    RULES: ClassVar[RuleIds] = ("E-IMM-1", "E-IMM-2", "E-LIMIT-1", "E-LIMIT-2", "E-LIMIT-3")


@dataclass(frozen=True, slots=True)
class Prevent:
    """Prevent the amount (None: all) of the damage dealt to the selected objects, or
    the next N (a shield, P-4); ``source`` filters where the damage comes from."""

    source: Selector | None = None

    RULES: ClassVar[RuleIds] = ("P-1", "P-2", "P-3", "P-4", "P-5", "D-PREV-1", "D-PREV-2")


class Grant(Enum):
    """What Give / Take add or remove: a status, a keyword or a named feature."""

    STATUS = "status"  # Asleep, Anchored, Fleeting, Stunned, exhausted …
    KEYWORD = "keyword"  # Gigantic, Defender, Tough …
    FEATURE = "feature"  # Armor, Regeneration, Steadfast … (Berserk 517)
    ABILITIES = "abilities"  # Take only: "loses its abilities"


@dataclass(frozen=True, slots=True)
class Give:
    """Gain a status, keyword or feature (the amount is its number: Armor 3)."""

    grant: Grant
    name: str

    RULES: ClassVar[RuleIds] = ("B-NAMED-1", "B-NAMED-4", "A-CHAR-2")


@dataclass(frozen=True, slots=True)
class Take:
    """Lose a status, keyword or feature (or every ability: Grant.ABILITIES)."""

    grant: Grant
    name: str = ""

    RULES: ClassVar[RuleIds] = ("A-DEP-1",)


@dataclass(frozen=True, slots=True)
class Boost:
    """+Y to a named feature the object has (B-NAMED-2); Altered boosts are the
    feature ``boost``."""

    feature: str

    RULES: ClassVar[RuleIds] = ("B-NAMED-2", "B-NAMED-3", "A-KW-SEASONED")


class ZoneMove(Enum):
    DRAW = "draw"  # deck -> hand (a player action; the amount is the number of cards)
    DISCARD = "discard"  # hand -> discard
    RECALL = "recall"  # expedition -> reserve (Altered)
    RETURN_TO_HAND = "return_to_hand"
    DESTROY = "destroy"  # to the discard pile / trash / graveyard
    SACRIFICE = "sacrifice"  # destroy, by its controller's choice (a cost)
    TO_ZONE = "to_zone"  # any other zone, named
    # Riftbound 430: the top runes of the player's rune deck onto the board (a player
    # action, the amount is how many)
    CHANNEL = "channel"
    SWITCH = "switch"  # to the other expedition (Altered; a Gigantic object has none)
    # Altered keyword actions of a player (the amount: how many times): the top card of the
    # deck goes to the reserve (Resupply, Altered 7.3.22), then is exhausted (7.3.11)
    RESUPPLY = "resupply"
    EXHAUSTED_RESUPPLY = "exhausted_resupply"
    RECYCLE = "recycle"  # Riftbound 416: to the bottom of the corresponding deck


# the moves a player does with a number of cards ("draw 2", "resupply"), not objects
PLAYER_MOVES = (
    ZoneMove.DRAW,
    ZoneMove.DISCARD,
    ZoneMove.RESUPPLY,
    ZoneMove.EXHAUSTED_RESUPPLY,
    ZoneMove.CHANNEL,
)


@dataclass(frozen=True, slots=True)
class MoveTo:
    """A zone action on the selected objects (or, for DRAW/DISCARD, a player's cards)."""

    move: ZoneMove
    zone: str = ""  # TO_ZONE: the zone's name
    whose: Side = Side.ANY  # whose zone: the owner's (ANY, A-GOLD-6), yours, an opponent's
    exhausted: bool = False  # they arrive exhausted ("channel 1 rune exhausted", Riftbound 430.2)
    to: MovePlace = MovePlace.ZONE  # TO_ZONE: a destination other than a zone (Riftbound 442)

    RULES: ClassVar[RuleIds] = ("A-TIME-1", "A-GOLD-6", "A-GOLD-7", "A-ZONE-1")


@dataclass(frozen=True, slots=True)
class CreateToken:
    """Create the amount of tokens made from a card (A-CHAR-1: the event gives their
    characteristics).

    A token the line itself describes ("a [Brassbug 2/2/2] Robot token", Altered 7.3.4.b;
    "a 3 {might} Mech unit token", Riftbound 184) carries its description: ``name``,
    ``kind``, ``stats`` (characteristic, value) and ``subtypes``; ``card`` is then an id
    made from them. ``place``: where it is created; ``enters``: ready or exhausted when the
    line says so; ``defined_by``: the article that gives the token the characteristics the
    line does not list (Riftbound 184.5: the Gold gear token's ability)."""

    card: str
    name: str = ""
    kind: str = ""
    stats: tuple[tuple[str, int], ...] = ()
    subtypes: frozenset[str] = frozenset()
    place: TokenPlace = TokenPlace.DEFAULT
    enters: TokenEntry = TokenEntry.DEFAULT
    defined_by: str = ""

    RULES: ClassVar[RuleIds] = ("A-CHAR-1", "A-TIME-1", "Altered 7.3.4", "Riftbound 184")


@dataclass(frozen=True, slots=True)
class AddCounters:
    """Gain (amount > 0) or lose (amount < 0) counters of a name; ``most``: never more
    than this many on one object (a Riftbound buff: one, 426.1.b); 0: no limit."""

    counter: str
    most: int = 0
    only: frozenset[Spend] = frozenset()  # what the resources added may pay for (IMP-SPEND)

    RULES: ClassVar[RuleIds] = ("CTR-1",)


@dataclass(frozen=True, slots=True)
class BonusDamage:
    """An event modifier: damage dealt by these kinds of sources of the selected player
    is increased by the amount ("your spells deal 1 bonus damage", D-BONUS-1)."""

    sources: frozenset[str]  # spell, ability, combat, unit …

    RULES: ClassVar[RuleIds] = ("D-BONUS-1", "D-BONUS-2", "D-EACH-1", "D-DIST-1", "D-ATTR-1")


@dataclass(frozen=True, slots=True)
class Restrict:
    """ "Can't": the selected objects (or players) cannot do a deed (``be_targeted``,
    ``gain``, ``play``, ``attack``, ``move`` …), perhaps only by some sources
    (``by``: "by spells") or of some things (``what``: "can't gain boosts")."""

    deed: str
    by: Selector | None = None
    what: str = ""

    RULES: ClassVar[RuleIds] = ("A-GOLD-1", "A-GOLD-2")


@dataclass(frozen=True, slots=True)
class ModifyCost:
    """The selected cards cost the amount more (negative: less); ``floor``: never less
    than that ("can't cost less than {2}"); ``once``: only the next one played."""

    floor: int | None = None
    once: bool = False

    RULES: ClassVar[RuleIds] = ("A-KW-TOUGH", "A-GOLD-2")


class EventKind(Enum):
    """Events an ability waits for, or a replacement replaces."""

    PLAYED = "played"  # from hand or reserve (Altered {H} {R}); a spell cast
    ATTACKS = "attacks"
    DEFENDS = "defends"
    DIES = "dies"
    WOULD_DIE = "would_die"
    ENTERS = "enters"  # enters play (or a zone)
    LEAVES = "leaves"
    DAMAGED = "damaged"  # is dealt damage (D-PREV-2)
    WOUNDED = "wounded"  # would be dealt damage (a replacement, R-1)
    GAINS_LIVES = "gains_lives"  # would gain extra lives (Berserk)
    START_OF_TURN = "start_of_turn"
    END_OF_TURN = "end_of_turn"
    START_OF_DAY = "start_of_day"
    END_OF_DAY = "end_of_day"
    PHASE = "phase"  # the start of a named phase
    COUNTER = "counter"  # a counter changes
    MODIFIED = "modified"  # a characteristic is modified
    ACTIVATED = "activated"  # a quick action is played
    # Riftbound battlefields (added for imported cards): "when I conquer" / "when you
    # conquer" (Riftbound 383.4.c), "when I hold" (383.4.d), "when I move" (Riftbound 448)
    CONQUERS = "conquers"
    HOLDS = "holds"
    MOVES = "moves"
    # gains a status (``name``: which; Altered 7.3.13); is sacrificed (Altered 7.3.25)
    GAINS_STATUS = "gains_status"
    SACRIFICED = "sacrificed"
    # the expedition of the subject (the card's own: self) moves forward (Altered 7.3.17),
    # or fails to during Dusk (Altered 7.5.6)
    ADVANCES = "advances"
    FAILS_TO_ADVANCE = "fails_to_advance"
    # is readied (loses exhausted: Riftbound 415, Altered 7.3.18); is chosen as a target of
    # a spell or ability (A-SPELL-1); is discarded (Riftbound 434, Altered 7.3.5)
    READIED = "readied"
    CHOSEN = "chosen"
    DISCARDED = "discarded"
    EQUIPPED = "equipped"  # an Equipment is attached to it (Riftbound 434 Attach, 818 Equip)
    RECYCLED = "recycled"  # is put at the bottom of its deck (Riftbound 416 Recycle)
    # wins a combat: after it, only its side's units remain at that battlefield (the
    # cards' own reminder; Riftbound 460 does not define it: Decision IMP-WIN)
    WINS_COMBAT = "wins_combat"
    BECOMES_MIGHTY = "becomes_mighty"  # its Might rises to 5 or more (Riftbound 708)


@dataclass(frozen=True, slots=True)
class When:
    """What an ability waits for: an event about the selected objects.

    ``zone``: where from (PLAYED from hand / reserve) or to (ENTERS) or from (LEAVES);
    ``name``: the phase, counter, characteristic or quick action."""

    event: EventKind
    subject: Selector = SELF
    zone: str = ""
    name: str = ""
    change: str = "any"  # COUNTER: up | down | any
    # COUNTER: only when the counter reaches this many ("when I gain my third Trial
    # counter", Altered 7.3.12 with 6.3); 0: any change
    reaches: int = 0
    # the event happens at the card's own place ("when you conquer here": this
    # battlefield, Riftbound 135.2 with 383.4.c)
    here: bool = False
    # only the Nth time it happens in a turn ("the first time … each turn", Riftbound
    # 383.1); 0: every time
    nth: int = 0
    # who does it: "when you exhaust a card", "when you choose a unit" (YOURS); ANY: anyone
    by: Side = Side.ANY
    # ENTERS: only from this zone ("when I go to Reserve from your hand")
    origin: str = ""
    # "when you stun one or more units": once for each event, however many of the selected
    # objects it is about (Riftbound 383.2.c: the condition is evaluated after the event)
    batch: bool = False
    at: EventPlace = EventPlace.ANY  # where: "attacks a battlefield you control"

    RULES: ClassVar[RuleIds] = ("TRIG-1",)


@dataclass(frozen=True, slots=True)
class Replace:
    """ "If [event] would happen, instead [effects]" (R-1); ``once``: "the next time …
    would …" (used up after one replacement); an empty ``instead`` and a ``redirect``
    selector send the same event to other objects (the Soul Stone)."""

    event: When
    instead: tuple[Effect, ...] = ()
    redirect: Selector | None = None
    once: bool = False

    RULES: ClassVar[RuleIds] = ("R-1", "R-2", "R-3", "R-4", "R-5", "R-6")


Action = (
    DealDamage
    | ModifyStat
    | Protect
    | Prevent
    | Give
    | Take
    | Boost
    | MoveTo
    | CreateToken
    | AddCounters
    | BonusDamage
    | Restrict
    | ModifyCost
    | Replace
    | EndTurn
    | RollDie
    | Activate
    | Delayed
    | ChooseOne
    | Exchange
    | BecomeCopy
    | ChangeTraits
    | Play
    | Overrule
    | LookTop
    | Counter
)


# -- the effect and the abilities that hold it --------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """An action applied to a selector, with an amount, condition and duration."""

    action: Action
    selector: Selector = SELF
    amount: Amount | None = None
    condition: Condition | None = None
    duration: Duration = INSTANT
    optional: bool = False  # "you may" (A-SPELL-3, TRIG-2)
    costs: tuple[Effect, ...] = ()  # "pay … to": paid first, or nothing is done (A-SPELL-5)

    @property
    def rules(self) -> RuleIds:
        out = list(type(self.action).RULES)
        if self.amount is not None:
            out += [r for r in type(self.amount).RULES if r not in out]
        if self.condition is not None:
            out += [r for r in Condition.RULES if r not in out]
        if self.duration.lasts is not Lasts.INSTANT:
            out += [r for r in Duration.RULES if r not in out]
        return tuple(out)


@dataclass(frozen=True, slots=True)
class CardAbility:
    """One ability of a card: its effects, when it happens, what it costs, if what."""

    kind: Kind
    effects: tuple[Effect, ...]
    when: When | None = None
    costs: tuple[Effect, ...] = ()
    condition: Condition | None = None
    ident: str = ""
    text: str = ""
    timing: Timing = Timing.DEFAULT  # a quick action's permission (Riftbound 806, 813)

    @property
    def rules(self) -> RuleIds:
        return KIND_RULES[self.kind]
