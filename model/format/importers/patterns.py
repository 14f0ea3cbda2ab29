"""The pattern library: phrase forms of both games, from a whole line down to a clause.

Forms are data (``Form(name, template, meaning, rules)``), tried in order; the first
whose every slot parses completely wins. A line is *modelled* when the chosen reading
renders back to the line itself (see ``clauses.describe``); otherwise it stays opaque.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from model.format.importers.clauses import (
    Action as A,
)
from model.format.importers.clauses import (
    Cond as C,
)
from model.format.importers.clauses import (
    Event as E,
)
from model.format.importers.clauses import (
    Form,
    Node,
    Word,
    WordKind,
)
from model.format.importers.clauses import (
    Link as L,
)
from model.format.importers.clauses import (
    Shape as S,
)
from model.format.importers.grammar import Grammar
from model.format.importers.keywords import KeywordKind, KeywordTable
from model.format.importers.phrases import Phrases
from model.format.importers.sources import Game


def F(name: str, template: str, meaning: A | E | C | S | L, *rules: str) -> Form:
    return Form(name, template, meaning, rules)


LINE = [
    F("keywords", "{k:kwline}", S.KEYWORDS),
    F("activated-permission", "{c:costs}: {k:permission} - {b:body}", S.ACTIVATED, "Riftbound 806"),
    F("activated", "{c:costs}: {b:body}", S.ACTIVATED, "Riftbound 135.2", "Altered 2.2.11"),
    F("keyword-trigger", "{k:trigkw} - {b:body}", S.TRIGGERED, "Riftbound 808"),
    F("dependent", "{k:depkw} - {l:line}", S.STATIC, "Riftbound 727"),
    F("permission", "{k:permission} - {b:body}", S.SPELL, "Riftbound 806"),
    F("when", "when {t:trigger}, {b:body}", S.TRIGGERED, "Riftbound 135.2"),
    F("first-time", "the first time {t:trigger} each turn, {b:body}", S.TRIGGERED),
    F("nth-time", "the {o:ordinal} time {t:trigger} in a turn, {b:body}", S.TRIGGERED),
    F("nth-time-each", "the {o:ordinal} time {t:trigger} each turn, {b:body}", S.TRIGGERED),
    F("when-dash", "when {t:trigger} - {b:body}", S.TRIGGERED, "Altered 2.2.11"),
    F("when-if-dash", "when {t:trigger}, if {k:cond} - {b:body}", S.TRIGGERED, "Altered 2.2.11"),
    F("at-if-dash", "at {t:phase}, if {k:cond} - {b:body}", S.TRIGGERED, "Altered 2.2.11"),
    F("if-would", "if {e:would}, {c:sentence} instead", S.STATIC, "Riftbound 470", "Altered 1.4"),
    F("when-would", "when {e:would}, {c:sentence} instead", S.STATIC, "Riftbound 470"),
    F(
        "extra-cost",
        "you may {k:costs} as an additional cost to play me",
        S.STATIC,
        "Riftbound 356",
    ),
    F("at", "at {t:phase}, {b:body}", S.TRIGGERED),
    F("at-dash", "at {t:phase} - {b:body}", S.TRIGGERED, "Altered 2.2.11"),
    F("on-played", "{J} {b:body}", S.TRIGGERED, "Altered 7.5.1"),
    F("on-played-hand", "{H} {b:body}", S.TRIGGERED, "Altered 7.5.1"),
    F("on-played-reserve", "{R} {b:body}", S.TRIGGERED, "Altered 7.5.1"),
    F("static", "{s:static}", S.STATIC),
    F("modal", "choose one: {m:modes}", S.MODAL, "Altered 2.2.11"),
    F("modal-dash", "choose one - {m:modes}", S.MODAL),
    F("effect", "{b:body}", S.SPELL),
]

MODES = [
    F("mode-stop", "\u2022 {b:body}. {m:modes}", L.SEQUENCE),
    F("mode", "\u2022 {b:body} {m:modes}", L.SEQUENCE),
    F("mode-last", "\u2022 {b:body}", L.SEQUENCE),
]

BODY = [
    F("sentences", "{a:sentence}. {b:body}", L.SEQUENCE),
    F("sentences-nospace", "{a:sentence}.{b:body}", L.SEQUENCE),
    F("sentence", "{a:sentence}", L.SEQUENCE),
]

SENTENCE = [
    F("if-you-do", "if you do, {c:clauses}", L.IF),
    F("then", "then {c:clauses}", L.SEQUENCE),
    F("then-comma", "then, {c:clauses}", L.SEQUENCE),
    F("otherwise", "otherwise, {c:clauses}", L.UNLESS),
    F("if-you-cant", "if you can't, {c:clauses}", L.UNLESS),
    F("only-if", "you can only activate this if {k:cond}", L.LIMIT),
    F("if", "if {k:cond}, {c:clauses}", L.IF),
    F("unless", "unless {k:cond}, {c:clauses}", L.UNLESS),
    F("use-only-while", "use my abilities only while {k:cond}", L.LIMIT),
    F("use-this-only-while", "use this ability only while {k:cond}", L.LIMIT),
    F("if-after", "{c:clauses} if {k:cond}", L.IF),
    F("may-pay-to", "you may {k:costs} to {c:clauses}", L.MAY, "Riftbound 135.2"),
    F("may", "you may {c:clauses}", L.MAY, "Riftbound 135.2"),
    F("on-roll-up", "on a {n:number}+, {c:clauses}", L.IF, "Altered 7.3.19"),
    F("on-roll-range", "on a {n:number}-{m:number}, {c:clauses}", L.IF, "Altered 7.3.19"),
    F("roll", "roll a die", A.ROLL, "Altered 7.3.19"),
    F("for-each", "for each {s:sel}, {c:clauses}", L.FOR_EACH),
    F("use-only-once", "use only once per turn", L.LIMIT),
    F("use-only-if", "use only if {k:cond}", L.LIMIT),
    F("use-only-spells", "use only to play spells", L.LIMIT),
    F("clauses", "{c:clauses}", L.SEQUENCE),
]

CLAUSES = [
    F("then", "{a:clause}, then {b:clauses}", L.SEQUENCE),
    F("then-nocomma", "{a:clause} then {b:clauses}", L.SEQUENCE),
    F("and", "{a:clause} and {b:clauses}", L.SEQUENCE),
    F("comma-and", "{a:clause}, and {b:clauses}", L.SEQUENCE),
    F("comma", "{a:clause}, {b:clauses}", L.SEQUENCE),
    F("for-each-after", "{a:clause} for each {s:sel}", L.FOR_EACH),
    F("per-after", "{a:clause} per {s:sel}", L.FOR_EACH),
    F("clause", "{a:clause}", L.SEQUENCE),
]

_MIN = ", to a minimum of {m:number} {might}"
CLAUSE = [
    # damage (Riftbound 436 deal; Altered has no damage)
    F("deal", "deal {n:number} to {t:sel}", A.DAMAGE, "Riftbound 436"),
    F("deal-equal", "deal damage equal to {s:statref} to {t:sel}", A.DAMAGE, "Riftbound 436"),
    F("deal-split", "deal {n:number} to {t:sel} and {m:number} to {u:sel}", A.DAMAGE),
    # might
    F("give-might-dur", "give {t:sel} {d:signed} {might} {w:dur}", A.MODIFY, "Riftbound 437"),
    F("give-might-min", "give {t:sel} {d:signed} {might} {w:dur}" + _MIN, A.MODIFY),
    F("give-might", "give {t:sel} {d:signed} {might}", A.MODIFY),
    F("gets-might-dur", "{t:sel} gets {d:signed} {might} {w:dur}", A.MODIFY),
    F("get-might-dur", "{t:sel} get {d:signed} {might} {w:dur}", A.MODIFY),
    F("has-might-place", "{t:sel} has {d:signed} {might} {p:place}", A.MODIFY),
    F("have-might-place", "{t:sel} have {d:signed} {might} {p:place}", A.MODIFY),
    F("has-might", "{t:sel} has {d:signed} {might}", A.MODIFY),
    F("have-might", "{t:sel} have {d:signed} {might}", A.MODIFY),
    F("gets-might", "{t:sel} gets {d:signed} {might}", A.MODIFY),
    F("get-might", "{t:sel} get {d:signed} {might}", A.MODIFY),
    F("double-might", "double {s:statref} {w:dur}", A.MODIFY),
    # keywords given
    F("give-kw-dur", "give {t:sel} {k:kw} {w:dur}", A.GIVE_KEYWORD, "Riftbound 472.2"),
    F("give-kw", "give {t:sel} {k:kw}", A.GIVE_KEYWORD, "Riftbound 472.2"),
    F("have-kw", "{t:sel} have {k:kw}", A.GIVE_KEYWORD, "Riftbound 472.2"),
    F("has-kw", "{t:sel} has {k:kw}", A.GIVE_KEYWORD, "Riftbound 472.2"),
    F("each-have-kw", "{t:sel} each have {k:kw}", A.GIVE_KEYWORD),
    F("gains-kw-dur", "{t:sel} gains {k:kw} {w:dur}", A.GIVE_KEYWORD),
    F("gains-kw", "{t:sel} gains {k:kw}", A.GIVE_KEYWORD),
    F("gain-kw", "{t:sel} gain {k:kw}", A.GIVE_KEYWORD),
    # cards
    F("draw-card", "draw a card", A.DRAW, "Altered 7.3.7"),
    F("draw-cards", "draw {n:number} cards", A.DRAW, "Altered 7.3.7"),
    F("draw", "draw {n:number}", A.DRAW, "Riftbound 433"),
    F("sel-draws", "{p:sel} draws {n:number}", A.DRAW),
    F("sel-draw", "{p:sel} draw {n:number}", A.DRAW),
    F("discard-n", "discard {n:number}", A.DISCARD, "Riftbound 434"),
    F("discard", "discard {t:sel}", A.DISCARD, "Altered 7.3.5"),
    F("sel-discards", "{p:sel} discards {t:sel}", A.DISCARD),
    # simple verbs on objects
    F("kill", "kill {t:sel}", A.KILL, "Riftbound 438"),
    F("sel-sacrifices", "{p:sel} sacrifices {t:sel}", A.SACRIFICE, "Altered 7.3.25"),
    F("sel-draws-card", "{p:sel} draws a card", A.DRAW, "Altered 7.3.7"),
    F("sel-draws-cards", "{p:sel} draws {n:number} cards", A.DRAW, "Altered 7.3.7"),
    F("put", "put {t:sel} {p:place}", A.MOVE, "Altered 7.3.21"),
    F("look-top", "look at the top {n:number} cards of your Main Deck", A.LOOK, "Riftbound 435"),
    F("reveal-top", "reveal the top {n:number} cards of your Main Deck", A.REVEAL),
    F("reveal-top-deck", "reveal the top {n:number} cards of your Deck", A.REVEAL),
    F("recycle-rest", "recycle the rest", A.RECYCLE, "Riftbound 432"),
    F("recycle-remaining", "recycle the remaining cards", A.RECYCLE, "Riftbound 432"),
    F("discard-others", "discard the other cards", A.DISCARD),
    F("move-sel", "move {t:sel}", A.MOVE, "Riftbound 448"),
    F("give-each-might", "give {t:sel} each {d:signed} {might} {w:dur}", A.MODIFY),
    F("sel-score", "{p:sel} score {n:number} point", A.SCORE, "Riftbound 449"),
    F("sel-scores", "{p:sel} scores {n:number} point", A.SCORE, "Riftbound 449"),
    F("reveal-hand", "{p:sel} reveal their hand", A.REVEAL),
    F("play-free", "play {t:sel} for free", A.PLAY, "Altered 7.3.20"),
    F("play-sel", "play {t:sel}", A.PLAY),
    F("attach", "attach {t:sel} to {u:sel}", A.ATTACH, "Riftbound 725"),
    F("exchange", "exchange {t:sel} with {u:sel}", A.EXCHANGE, "Altered 7.3.9"),
    F("chooses", "{p:sel} chooses {t:sel}", A.CHOOSE),
    F("choose", "choose {t:sel}", A.CHOOSE),
    F("each-gain-boost", "{t:sel} each gain {n:number} boost", A.BOOST, "Altered 7.3.12"),
    F("each-gain-boosts", "{t:sel} each gain {n:number} boosts", A.BOOST, "Altered 7.3.12"),
    F("am-kw", "{t:sel} am {k:kw}", A.GIVE_KEYWORD),
    F("have-might-min", "{t:sel} have {d:signed} {might}" + _MIN, A.MODIFY),
    F("activate-j", "activate the {j} abilities of {t:sel}", A.ACTIVATE, "Altered 7.3.1"),
    F("activates-j", "{t:sel} activates its {j} abilities", A.ACTIVATE, "Altered 7.3.1"),
    F("activates-r", "{t:sel} activates its {r} abilities", A.ACTIVATE, "Altered 7.3.1"),
    F("forward", "{t:sel} moves forward one region", A.MOVE_EXPEDITION, "Altered 7.3.17"),
    F("backward", "{t:sel} moves backwards one region", A.MOVE_EXPEDITION, "Altered 7.3.16"),
    F("backward-2", "{t:sel} moves backward one region", A.MOVE_EXPEDITION, "Altered 7.3.16"),
    F("cost-less-c", "{t:sel} costs {i:icons} less", A.COST_CHANGE),
    F("cost-less-cp", "{t:sel} cost {i:icons} less", A.COST_CHANGE),
    F("cost-more-c", "{t:sel} costs {i:icons} more", A.COST_CHANGE),
    F("is-kw", "{t:sel} is {k:kw}", A.GIVE_KEYWORD),
    F("are-kw", "{t:sel} are {k:kw}", A.GIVE_KEYWORD),
    F("have-status", "{t:sel} have {s:status}", A.GAIN_STATUS, "Altered 2.4"),
    F("has-status", "{t:sel} has {s:status}", A.GAIN_STATUS, "Altered 2.4"),
    F("stun", "stun {t:sel}", A.STUN, "Riftbound 441"),
    F("ready", "ready {t:sel}", A.READY, "Riftbound 440", "Altered 7.3.18"),
    F("exhaust", "exhaust {t:sel}", A.EXHAUST, "Riftbound 439", "Altered 7.3.10"),
    F("buff", "buff {t:sel}", A.BUFF, "Riftbound 442"),
    F("spend-buff", "spend {t:possessive} buff", A.SPEND_BUFF, "Riftbound 442"),
    F("banish", "banish {t:sel}", A.BANISH, "Riftbound 443"),
    F("recall", "recall {t:sel}", A.RECALL, "Riftbound 444"),
    F("recall-exhausted", "recall {t:sel} exhausted", A.RECALL, "Riftbound 444"),
    F("heal", "heal {t:sel}", A.HEAL, "Riftbound 445"),
    F("sacrifice", "sacrifice {t:sel}", A.SACRIFICE, "Altered 7.3.25"),
    F("counter", "counter {t:sel}", A.COUNTER_SPELL, "Riftbound 447"),
    # movement
    F("return", "return {t:sel} {p:place}", A.RETURN_TO_HAND, "Riftbound 446", "Altered 7.3.23"),
    F("move", "move {t:sel} {p:place}", A.MOVE, "Riftbound 448"),
    F("move-from", "move {t:sel} from a battlefield {p:place}", A.MOVE, "Riftbound 448"),
    F("send-reserve", "send {t:sel} to Reserve", A.SEND_TO_RESERVE, "Altered 7.3.26"),
    F("send-reserve-2", "send to Reserve {t:sel}", A.SEND_TO_RESERVE, "Altered 7.3.26"),
    F("switch", "{t:sel} switches Expeditions", A.SWITCH_EXPEDITION, "Altered 7.3.28"),
    # tokens
    F(
        "play-token-place-ex",
        "play {k:rbtoken} {p:place} exhausted",
        A.CREATE_TOKEN,
        "Riftbound 184",
    ),
    F("play-token-ex", "play {k:rbtoken} exhausted", A.CREATE_TOKEN, "Riftbound 184"),
    F("play-token-place", "play {k:rbtoken} {p:place}", A.CREATE_TOKEN, "Riftbound 184"),
    F("play-token", "play {k:rbtoken}", A.CREATE_TOKEN, "Riftbound 184"),
    F("create-token", "create {k:altoken} {p:place}", A.CREATE_TOKEN, "Altered 7.3.4"),
    # resources and score
    F("channel-ex", "channel {n:number} rune exhausted", A.CHANNEL, "Riftbound 430"),
    F("channel-ex-pl", "channel {n:number} runes exhausted", A.CHANNEL, "Riftbound 430"),
    F("channel", "channel {n:number} rune", A.CHANNEL, "Riftbound 430"),
    F("channel-pl", "channel {n:number} runes", A.CHANNEL, "Riftbound 430"),
    F("add", "[Add] {i:icons}", A.ADD_RESOURCE, "Riftbound 429"),
    F("score", "score {n:number} point", A.SCORE, "Riftbound 449"),
    F("score-pl", "score {n:number} points", A.SCORE, "Riftbound 449"),
    F("you-score", "you score {n:number} point", A.SCORE, "Riftbound 449"),
    F("you-score-pl", "you score {n:number} points", A.SCORE, "Riftbound 449"),
    F("recycle", "recycle {t:sel}", A.RECYCLE, "Riftbound 432"),
    F("pay", "pay {i:icons}", A.PAY),
    # Altered boosts, statuses, counters, keyword actions
    F("gains-boost", "{t:sel} gains {n:number} boost", A.BOOST, "Altered 7.3.12"),
    F("gains-boosts", "{t:sel} gains {n:number} boosts", A.BOOST, "Altered 7.3.12"),
    F("gain-boost", "{t:sel} gain {n:number} boost", A.BOOST, "Altered 7.3.12"),
    F("gain-boosts", "{t:sel} gain {n:number} boosts", A.BOOST, "Altered 7.3.12"),
    F("give-boost", "give {n:number} boost to {t:sel}", A.BOOST, "Altered 7.3.12"),
    F("give-boosts", "give {n:number} boosts to {t:sel}", A.BOOST, "Altered 7.3.12"),
    F("give-sel-boost", "give {t:sel} {n:number} boost", A.BOOST, "Altered 7.3.12"),
    F("give-sel-boosts", "give {t:sel} {n:number} boosts", A.BOOST, "Altered 7.3.12"),
    F("gains-status", "{t:sel} gains {s:status}", A.GAIN_STATUS, "Altered 7.3.13"),
    F("gain-status", "{t:sel} gain {s:status}", A.GAIN_STATUS, "Altered 7.3.13"),
    F("loses-status", "{t:sel} loses {s:status}", A.LOSE_STATUS, "Altered 7.3.15"),
    F("lose-status", "{t:sel} lose {s:status}", A.LOSE_STATUS, "Altered 7.3.15"),
    F("gains-counters", "{t:sel} gain {n:number} {c:name} counters", A.COUNTERS, "Altered 7.3.12"),
    F("gains-counter", "{t:sel} gain {n:number} {c:name} counter", A.COUNTERS, "Altered 7.3.12"),
    F("gains-counters-s", "{t:sel} gains {n:number} {c:name} counters", A.COUNTERS),
    F("gains-counter-s", "{t:sel} gains {n:number} {c:name} counter", A.COUNTERS),
    F("keyword-action", "{k:actkw}", A.KEYWORD_ACTION, "Altered 7.3"),
    F("keyword-action-again", "{k:actkw} again", A.KEYWORD_ACTION, "Altered 7.3"),
    F("enter-ready", "{t:sel} enter ready", A.ENTER_READY),
    F("enters-ready", "{t:sel} enters ready", A.ENTER_READY),
    F("win", "you win the game", A.WIN),
]

TRIGGER = [
    F("you-play-me", "you play me", E.PLAYED, "Riftbound 135.2"),
    F("played", "{t:sel} is played", E.PLAYED),
    F("im-played", "I'm played", E.PLAYED),
    F("you-play", "you play {t:sel}", E.PLAY_CARD),
    F("or-when", "{a:trigger} or when {b:trigger}", L.SEQUENCE),
    F("and-when", "{a:trigger} and when {b:trigger}", L.SEQUENCE),
    F("choose-or-ready", "you choose or ready {t:sel}", E.CHOSEN),
    F("play-nth", "you play your {o:ordinal} card in a turn", E.PLAY_CARD),
    F("you-attach", "you attach {t:sel} to {u:sel}", E.ATTACHES),
    F("becomes-kw", "{t:sel} becomes {k:kw}", E.BECOMES),
    F("recycle", "you recycle {t:sel}", E.LEAVES),
    F("leave", "{t:sel} leave {p:place}", E.LEAVES, "Altered 7.5.9"),
    F("leaves", "{t:sel} leaves {p:place}", E.LEAVES, "Altered 7.5.9"),
    F("moves-forward", "{t:sel} moves forward", E.MOVES_FORWARD, "Altered 7.3.17"),
    F("fails-dusk", "{t:sel} fails to move forward during Dusk", E.FAILS_TO_MOVE, "Altered 7.5.6"),
    F("you-sacrifice", "you sacrifice {t:sel}", E.DIES),
    F("choose", "you choose {t:sel}", E.CHOSEN),
    F("attacks-at", "{t:sel} attacks {b:sel}", E.ATTACKS),
    F("gains-status", "{t:sel} gains {s:status}", E.GAINS),
    F("gain-nth-counter", "{t:sel} gain my {o:ordinal} {c:name} counter", E.GAINS),
    F("you-exhaust", "you exhaust {t:sel}", E.EXHAUSTED),
    F("go-to", "{t:sel} go {p:place}", E.LEAVES),
    F("goes-to", "{t:sel} goes {p:place}", E.LEAVES),
    F("sacrificed", "I'm sacrificed", E.DIES),
    F("im-sacrificed", "{t:sel} is sacrificed", E.DIES),
    F("create-token", "you create {t:sel}", E.PLAY_CARD),
    F("win-combat", "{t:sel} win a combat", E.WINS_COMBAT),
    F("wins-combat", "{t:sel} wins a combat", E.WINS_COMBAT),
    F("you-discard", "you discard {t:sel}", E.DISCARDS),
    F("draws", "{t:sel} draws {n:number}", E.DRAWS),
    F("attack-or-defend", "{t:sel} attack or defend", E.ATTACKS_OR_DEFENDS),
    F("attacks-or-defends", "{t:sel} attacks or defends", E.ATTACKS_OR_DEFENDS),
    F("attack", "{t:sel} attack", E.ATTACKS),
    F("attacks", "{t:sel} attacks", E.ATTACKS),
    F("defend", "{t:sel} defend", E.DEFENDS),
    F("defends", "{t:sel} defends", E.DEFENDS),
    F("conquer", "{t:sel} conquer", E.CONQUERS),
    F("conquer-sel", "{t:sel} conquer {b:sel}", E.CONQUERS),
    F("conquers", "{t:sel} conquers", E.CONQUERS),
    F("hold", "{t:sel} hold", E.HOLDS),
    F("holds", "{t:sel} holds", E.HOLDS),
    F("die", "{t:sel} die", E.DIES),
    F("dies", "{t:sel} dies", E.DIES),
    F("move", "{t:sel} move", E.MOVES),
    F("moves", "{t:sel} moves", E.MOVES),
    F("buff-me", "you buff {t:sel}", E.BUFFED),
    F("stun", "you stun {t:sel}", E.STUNNED),
    F("joins", "{t:sel} joins {p:place}", E.JOINS, "Altered 7.5.8"),
    F("join", "{t:sel} join {p:place}", E.JOINS, "Altered 7.5.8"),
    F("gains-boost", "{t:sel} gains {n:number} boost", E.GAINS),
    F("gain-boost", "{t:sel} gain {n:number} boost", E.GAINS),
    F("gains-boosts", "{t:sel} gains {n:number} or more boosts", E.GAINS),
    F("gain-boosts", "{t:sel} gain {n:number} or more boosts", E.GAINS),
    F("or", "{a:trigger} or {b:trigger}", L.SEQUENCE),
]

PHASE = [
    F("noon", "Noon", E.PHASE, "Altered 4.2"),
    F("dusk", "Dusk", E.PHASE, "Altered 4.2"),
    F("night", "Night", E.PHASE, "Altered 4.2"),
    F("start-beginning", "the start of your Beginning Phase", E.PHASE, "Riftbound 315"),
    F("start-beginning-2", "start of your Beginning Phase", E.PHASE, "Riftbound 315"),
    F("start-turn", "the start of your turn", E.PHASE),
    F("end-turn", "the end of your turn", E.PHASE),
    F("start-each-turn", "the start of each player's turn", E.PHASE),
    F("end-each-turn", "the end of each turn", E.PHASE),
]

COND = [
    F("paid-extra", "you paid the additional cost", C.PAID_EXTRA),
    F("you-control", "you control {t:sel}", C.CONTROLS),
    F("opp-controls", "an opponent controls {t:sel}", C.CONTROLS),
    F("behind", "my Expedition is behind", C.EXPEDITION, "Altered 7.5.2"),
    F("ahead", "my Expedition is ahead", C.EXPEDITION, "Altered 7.5.2"),
    F("im-at", "I'm {p:place}", C.AT_PLACE),
    F("your-turn", "it's your turn", C.TURN),
    F("it-has-status", "it has {s:status}", C.STATUS),
    F("i-have-status", "I have {s:status}", C.STATUS),
    F("i-am-boosted", "I am boosted", C.STATUS),
    F("mighty", "I'm [Mighty]", C.MIGHTY, "Riftbound 706"),
    F("it-mighty", "it's [Mighty]", C.MIGHTY, "Riftbound 706"),
    F("have-n-or-fewer", "you have {n:number} or fewer cards in your hand", C.COUNT),
    F("have-n-or-more", "you have {n:number} or more cards in your hand", C.COUNT),
    F("in-terrain", "it's in {i:icons}", C.AT_PLACE, "Altered 7.5.7"),
    F("its-behind", "its Expedition is behind", C.EXPEDITION, "Altered 7.5.2"),
    F("first-player", "you are the first player", C.TURN),
    F("first-player-2", "you're the first player", C.TURN),
    F("played-this-turn", "you've played {t:sel} this turn", C.COUNT),
    F("sel-is-status", "{t:sel} is {s:status}", C.STATUS),
    F("have-status-cond", "{t:sel} has {s:status}", C.STATUS),
    F("was-status", "{t:sel} was {s:status}", C.STATUS),
    F("was-not-status", "{t:sel} was not {s:status}", C.STATUS),
    F("im-state", "I'm {x:state}", C.STATUS),
    F("you-have", "you have {t:sel}", C.COUNT),
    F("sel-have", "{t:sel} have {u:sel}", C.COUNT),
    F("sel-has", "{t:sel} has {u:sel}", C.COUNT),
]

COST_ITEMS = [
    F("icons", "{i:icons}", A.PAY, "Riftbound 135.2"),
    F("spend-buff", "spend {t:possessive} buff", A.SPEND_BUFF, "Riftbound 442"),
    F("discard-n", "discard {n:number}", A.DISCARD),
    F("kill-this", "kill this", A.KILL),
    F("exhaust", "exhaust {t:sel}", A.EXHAUST),
    F("recycle-this", "recycle this", A.RECYCLE),
    F("pay", "pay {i:icons}", A.PAY),
    F("discard-sel", "discard {t:sel}", A.DISCARD),
    F("sacrifice-sel", "sacrifice {t:sel}", A.SACRIFICE),
    F("kill-sel", "kill {t:sel}", A.KILL),
    F("spend-counters", "spend {n:number} of my {c:name} counters", A.COUNTERS),
    F("put-cost", "put {t:sel} {p:place}", A.MOVE),
]
COSTS = [
    F("costs", "{a:cost}, {b:costs}", L.SEQUENCE),
    F("costs-and", "{a:cost} and {b:costs}", L.SEQUENCE),
    F("cost", "{a:cost}", L.SEQUENCE),
]

WOULD = [
    F("would-die", "{t:sel} would die", E.WOULD, "Riftbound 470"),
    F("would-gain-status", "{t:sel} would gain {s:status}", E.WOULD, "Altered 1.4"),
    F("would-leave", "{t:sel} would leave {p:place}", E.WOULD, "Altered 1.4"),
    F("would-leave-while", "{t:sel} would leave {p:place} while {k:cond}", E.WOULD, "Altered 1.4"),
    F("would-move-dusk", "{t:sel} would move forward during Dusk", E.WOULD, "Altered 1.4"),
    F("would-be-dealt", "{t:sel} would be dealt damage", E.WOULD, "Riftbound 470"),
]

STATIC = [
    F("may-play", "you may play {t:sel}", A.PLAY_FROM),
    F("damage-last", "I must be assigned combat damage last", A.COMBAT_RULE, "Riftbound 460"),
    F("no-combat-damage", "I don't deal combat damage", A.COMBAT_RULE, "Riftbound 460"),
    F("any-buffs", "I can have any number of buffs", A.COMBAT_RULE, "Riftbound 442"),
    F("cost-less", "{t:sel} cost {i:icons} less", A.COST_CHANGE),
    F("costs-less", "{t:sel} costs {i:icons} less", A.COST_CHANGE),
    F("i-cost-less", "I cost {i:icons} less", A.COST_CHANGE),
    F("i-cost-more", "I cost {i:icons} more", A.COST_CHANGE),
    F("enter-ready", "{t:sel} enter ready", A.ENTER_READY),
    F("i-enter-ready", "I enter ready", A.ENTER_READY),
    F("play-to-open", "you may play me to an open battlefield", A.PLAY_FROM),
    F("while", "while {k:cond}, {c:clauses}", L.IF),
]


@dataclass(frozen=True, slots=True)
class Reading:
    """What a line was read as; ``modelled`` when its rendering is the line."""

    node: Node | None
    rendering: str
    modelled: bool


class LineParser:
    """The grammar of one import (it knows the pool's tags and the game's keywords)."""

    def __init__(self, game: Game, tags: Collection[str]) -> None:
        self.game = game
        self.keywords = KeywordTable(game)
        self.phrases = ph = Phrases(self.keywords, tags)
        g = self.grammar = Grammar()
        for kind, forms in (
            ("line", LINE),
            ("modes", MODES),
            ("body", BODY),
            ("sentence", SENTENCE),
            ("clauses", CLAUSES),
            ("clause", CLAUSE),
            ("trigger", TRIGGER),
            ("phase", PHASE),
            ("cond", COND),
            ("cost", COST_ITEMS),
            ("costs", COSTS),
            ("static", STATIC),
            ("would", WOULD),
        ):
            g.add(kind, forms)
        g.add_base("sel", ph.selector)
        g.add_base("number", ph.number)
        g.add_base("ordinal", ph.ordinal)
        g.add_base("state", ph.state)
        g.add_base("signed", ph.signed)
        g.add_base("icons", ph.icons)
        g.add_base("kw", ph.keyword)
        g.add_base("status", ph.status)
        g.add_base("dur", ph.duration)
        g.add_base("place", ph.place)
        g.add_base("name", ph.name)
        g.add_base("kwline", self._kwline)
        g.add_base("permission", self._kind_kw(KeywordKind.PERMISSION, KeywordKind.DEPENDENT))
        g.add_base("trigkw", self._kind_kw(KeywordKind.TRIGGER))
        g.add_base("depkw", self._kind_kw(KeywordKind.DEPENDENT))
        g.add_base("actkw", self._kind_kw(KeywordKind.ACTION))
        g.add_base("statref", self._statref)
        g.add_base("possessive", self._possessive)
        g.add_base("rbtoken", self._rbtoken)
        g.add_base("altoken", self._altoken)

    # -- base phrases that need the keyword table --------------------------------------

    def _kwline(self, text: str) -> Word | None:
        """A line of keywords: ``[Tank]``, ``[Assault 2]``, ``[Equip] {fury}``,
        ``[[Fleeting]]``, ``[Gigantic]``, separated by spaces or commas."""
        items = re.findall(r"(\[\[[^\]]+\]\]|\[[^\]]+\])((?:\s*\{[^}]+\})*)", text)
        rebuilt = ", ".join(a + b for a, b in items)
        if not items or _loose(rebuilt) != _loose(text):
            return None
        names: list[str] = []
        for printed, cost in items:
            if printed.startswith("[["):
                if self.keywords.status(printed[2:-2]) is None:
                    return None
                names.append(printed[2:-2])
                continue
            kw = self.keywords.lookup(printed[1:-1])
            if kw is None or kw.kind in (KeywordKind.ACTION, KeywordKind.DESCRIPTOR):
                return None
            if kw.kind is KeywordKind.TRIGGER or kw.kind is KeywordKind.DEPENDENT:
                return None
            if cost.strip() and kw.kind is not KeywordKind.COST:
                return None
            names.append(self.keywords.canonical(printed[1:-1]) + (cost and f" {cost.strip()}"))
        return Word(WordKind.KEYWORD, ",".join(names), text)

    def _kind_kw(self, *kinds: KeywordKind) -> Callable[[str], Word | None]:
        def parse(text: str) -> Word | None:
            parts = [p.strip() for p in text.split(",")]
            names = []
            for part in parts:
                m = re.fullmatch(r"\[([^\[\]]+)\]", part)
                kw = self.keywords.lookup(m.group(1)) if m else None
                if kw is None or kw.kind not in kinds or m is None:
                    return None
                names.append(self.keywords.canonical(m.group(1)))
            return Word(WordKind.KEYWORD, ",".join(names), text)

        return parse

    def _statref(self, text: str) -> Word | None:
        m = re.fullmatch(r"(my|its|their|his|her) Might", text)
        if m:
            return Word(WordKind.STAT, f"{m.group(1)}:might", text)
        m = re.fullmatch(r"(my|its) \[(Assault|Shield|Deflect)\]", text)
        return Word(WordKind.STAT, f"{m.group(1)}:{m.group(2)}", text) if m else None

    def _possessive(self, text: str) -> Word | None:
        owner = {"my": "self", "its": "it", "their": "them", "a": "any"}.get(text.lower())
        return None if owner is None else Word(WordKind.NAME, owner, text)

    def _rbtoken(self, text: str) -> Word | None:
        m = re.fullmatch(
            r"(a|an|one|two|three|four|\d+) (\d+) \{might\} ([A-Z][A-Za-z' ]*?) unit tokens?", text
        )
        if m:
            n = _count(m.group(1))
            return Word(WordKind.TOKEN, f"{n} x {m.group(3)} unit, might {m.group(2)}", text)
        m = re.fullmatch(r"(a|an|one|two|three) ([A-Z][A-Za-z']*) gear tokens?", text)
        if m:
            return Word(WordKind.TOKEN, f"{_count(m.group(1))} x {m.group(2)} gear", text)
        return None

    def _altoken(self, text: str) -> Word | None:
        m = re.fullmatch(r"(a|an|one|two|three) (\[[^\]]+\]) ([A-Z][A-Za-z]*) tokens?", text)
        if not m:
            return None
        spec = self.phrases.altered_token(m.group(2))
        if spec is None or self.phrases.tag(m.group(3)) is None:
            return None
        return Word(WordKind.TOKEN, f"{_count(m.group(1))} x {spec.value} {m.group(3)}", text)

    # -- lines -------------------------------------------------------------------------

    def read(self, text: str) -> Reading:
        from model.format.importers.clauses import describe
        from model.format.importers.text import squash

        body = text.strip().rstrip(".").strip()
        body = body.replace(" \u2014 ", " - ").replace("\u2014", " - ")
        node = self.grammar.parse("line", body) if body else None
        if not isinstance(node, Node):
            return Reading(None, "", False)
        rendering = describe(node)
        return Reading(node, rendering, squash(rendering) == squash(body))


def _count(word: str) -> int:
    from model.format.importers.phrases import NUMBERS

    return int(word) if word.isdigit() else NUMBERS[word.lower()]


def _loose(text: str) -> str:
    return re.sub(r"[\s,]+", " ", text).strip().lower()
