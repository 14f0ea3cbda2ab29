"""More phrase forms, by slot type: general shapes the backlog of unread lines asked for
(two objects of one verb, lists of events, what a card is, bare keyword lines): data only.

``patterns.LineParser`` adds each list after the forms of ``forms`` of the same slot
type, so a reading that already existed is never replaced by one of these (forms are
tried in order). Their conversion into the card language is ``to_more``.
"""

from __future__ import annotations

from arbiter.model.format.importers.clauses import Action as A
from arbiter.model.format.importers.clauses import Event as E
from arbiter.model.format.importers.clauses import Form
from arbiter.model.format.importers.clauses import Link as L
from arbiter.model.format.importers.clauses import Shape as S
from arbiter.model.format.importers.forms import F

LINE = [
    # a keyword line printed without brackets ("Ganking"): the keywords are the card's
    F("keywords", "{k:barekw}", S.KEYWORDS, "Riftbound 135.2"),
    # a spell's delayed trigger, each time within the turn (Riftbound 390.2)
    F("when-this-turn", "when {t:trigger} this turn, {b:body}", L.DELAYED, "Riftbound 390.2"),
]

CLAUSE = [
    # a delayed instruction: done once, at the end of the turn it was given in (Riftbound
    # 389: a delayed ability)
    F("at-end-of-turn", "{a:clause} at the end of this turn", L.DELAYED, "Riftbound 390.2"),
    # one verb, two objects: each is chosen (or selected) on its own (Riftbound 135.2)
    F("kill-two", "kill {t:sel} and {u:sel}", A.KILL, "Riftbound 428"),
    F("banish-two", "banish {t:sel} and {u:sel}", A.BANISH, "Riftbound 427"),
    F("stun-two", "stun {t:sel} and {u:sel}", A.STUN, "Riftbound 423"),
    F("ready-two", "ready {t:sel} and {u:sel}", A.READY, "Riftbound 415"),
    F("exhaust-two", "exhaust {t:sel} and {u:sel}", A.EXHAUST, "Riftbound 414"),
    F("return-two", "return {t:sel} and {u:sel} {p:place}", A.RETURN_TO_HAND, "Riftbound 135.2"),
    F("deal-two", "deal {n:number} to {t:sel} and {u:sel}", A.DAMAGE, "Riftbound 417"),
    F("buff-two", "buff {t:sel} and {u:sel}", A.BUFF, "Riftbound 426"),
    F("give-might-two", "give {t:sel} and {u:sel} {d:signed} {might} {w:dur}", A.MODIFY),
    F("give-kw-two-dur", "give {t:sel} and {u:sel} {k:kw} {w:dur}", A.GIVE_KEYWORD),
    F("give-kw-two", "give {t:sel} and {u:sel} {k:kw}", A.GIVE_KEYWORD),
    # what a card is: a tag added to its own ("I am a Mech"): a static ability
    F("am-a-tag", "I am {t:tagsel}", A.MODIFY, "Riftbound 135.2"),
    F("is-a-tag", "{s:sel} is {t:tagsel}", A.MODIFY, "Riftbound 135.2"),
    F("are-tags", "{s:sel} are {t:tagsel}", A.MODIFY, "Riftbound 135.2"),
]

TRIGGER = [
    # the card leaves the Board (Riftbound 110: the Board's zones)
    F("leaves-board", "{t:sel} leaves the board", E.LEAVES, "Riftbound 110"),
    # a list of events of one subject, any of which triggers it (Riftbound 383.1)
    F("is-events", "{t:sel} is {e:events}", L.ANY_OF, "Riftbound 383.1"),
    F("events-or", "{t:sel} {a:barevent} or {b:barevent}", L.ANY_OF, "Riftbound 383.1"),
    # Riftbound 440: a move that starts at a battlefield
    F("moves-from-battlefield", "{t:sel} moves from a battlefield", E.MOVES, "Riftbound 440"),
    # Riftbound 417: an object dealt damage (its damage marked)
    F("takes-damage", "{t:sel} takes damage", E.DAMAGED, "Riftbound 417"),
    # Riftbound 811.1.c.3: a card played from facedown, "from Hidden"
    F("play-facedown", "you play {t:sel} from face down", E.PLAY_CARD, "Riftbound 811.1.c.3"),
    F("play-hidden", "you play {t:sel} from [Hidden]", E.PLAY_CARD, "Riftbound 811.1.c.3"),
    # Riftbound 416.1.a: cards recycled to the Main Deck (runes go to the Rune Deck)
    F("recycle-to-deck", "you recycle {t:sel} to your Main Deck", E.LEAVES, "Riftbound 416.1"),
    # Riftbound 377.2: "use" an activated ability (377.2.a: when it resolves)
    F("you-use-ability", "you use an activated ability of {t:sel}", E.ACTIVATED, "Riftbound 377.2"),
    # Riftbound 702.2.b: "you spend a buff": a buff of a unit you control is removed
    F("you-spend-buff", "you spend a buff", E.SPENDS, "Riftbound 702.2.b"),
]

# the top of a deck looked at, some cards kept, the rest recycled (Riftbound 416, 424)
LOOK = [
    F("look-at-top", "look at the top {n:number} cards of your Main Deck", A.LOOK),
    F("reveal-top", "reveal the top {n:number} cards of your Main Deck", A.REVEAL),
]
LOOKBODY = [
    F("look-put", "{l:looktop}. put {k:number} into your hand and recycle the rest", A.LOOK),
    F("look-draw-other", "{l:looktop}. draw one and recycle the other", A.LOOK),
    F(
        "look-may-draw",
        "{l:looktop}. you may reveal {t:sel} from among them and draw it. then recycle the rest",
        A.LOOK,
    ),
    F("look-play", "{l:looktop}. you may play one. then recycle the rest", A.LOOK),
    F(
        "look-recycle-some",
        "{l:looktop}. you may recycle one or both of them. put those you don't back in any"
        " order",
        A.LOOK,
        "Riftbound 416",
    ),
    F(
        "look-banish-play",
        "{l:looktop}. you may banish one, then play it. recycle the rest",
        A.LOOK,
        "Riftbound 427",
    ),
    F(
        "look-banish-play-here",
        "{l:looktop}. you may banish one, then play it. if it is a unit, you may play it here."
        " recycle the rest",
        A.LOOK,
        "Riftbound 427",
    ),
    F(
        "look-banish-play-less",
        "{l:looktop}. you may banish {t:sel} from among them, then play it, reducing its cost"
        " by {i:icons}. recycle the remaining cards",
        A.LOOK,
        "Riftbound 427",
    ),
    F(
        "look-banish-play-less-draw",
        "{l:looktop}. you may banish one, then play it, reducing its cost by {i:icons}. draw"
        " any you didn't banish",
        A.LOOK,
        "Riftbound 427",
    ),
]
BODY = [
    F("look", "{x:lookbody}", A.LOOK),
    F("look-then", "{x:lookbody}. {b:body}", L.SEQUENCE),
    F("look-may", "you may {x:lookbody}", L.MAY),
    F("look-may-pay", "you may {k:costs} to {x:lookbody}", L.MAY),
]

FORMS: dict[str, list[Form]] = {
    "line": LINE,
    "clause": CLAUSE,
    "trigger": TRIGGER,
    "looktop": LOOK,
    "lookbody": LOOKBODY,
    "body": BODY,
}
