"""The Altered day as a sequence (Complete Rules 3.0, 4.2): its phases in order, the daily
effects of each phase, and the Afternoon's turns. Pure functions and steps.

State, as game counters (the output's ``counters``):

- ``phase``: 1 + the index of the current phase in ``ruleset.day_phases`` (absent: the
  scenario has not said which phase it is in, and nothing here is checked: a file shows
  only the part of the day it needs, Decision AL-DAY-SKIP);
- ``afternoon.turn``: 1 + the index (in turn order) of the player whose turn it is,
  while the Afternoon's turns go on (4.2.3.b-c);
- ``afternoon.passed.<player>``: 1 once that player has passed this Afternoon.

A phase may be skipped forward (the file does not show it) but never entered again in
the same day (4.2.a): only Morning starts a new day. A daily effect belongs to its phase
(4.2.c): a later daily effect moves the day forward to its phase; an earlier one is
refused. While the Afternoon's turns go on, only the player whose turn it is plays a card
or a quick action (4.2.3.d); a card or a pass ends the turn, a quick action does not
(4.2.3.e); once every player has passed, the Afternoon ends and Dusk begins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from arbiter.model.abilities import begin_phase
from arbiter.model.emblems import EMBLEM, Duration, OngoingEmblem, cease
from arbiter.model.errors import IllegalAction
from arbiter.model.state import Event, GameState
from arbiter.model.steps import Step

PHASE = "phase"
TURN = "afternoon.turn"
PASSED = "afternoon.passed."
AFTERNOON = "afternoon"


class TurnEffect(Enum):
    """What a player does with a turn (Altered 4.2.3.d)."""

    CARD = "card"
    QUICK_ACTION = "quick_action"
    PASS = "pass"


def current(state: GameState) -> str | None:
    """The phase the day is in, when the scenario said so (``begin:`` or a daily effect)."""
    n = state.counters.get(PHASE, 0)
    phases = state.ruleset.day_phases
    return phases[n - 1] if 0 < n <= len(phases) else None


def _index(state: GameState, name: str) -> int:
    return state.ruleset.day_phases.index(name)


def _set(state: GameState, **values: int | None) -> GameState:
    counters = dict(state.counters)
    for key, value in values.items():
        name = {"phase": PHASE, "turn": TURN}[key]
        if value is None:
            counters.pop(name, None)
        else:
            counters[name] = value
    return replace(state, counters=counters)


def whose_turn(state: GameState) -> str | None:
    n = state.counters.get(TURN, 0)
    return state.players[n - 1] if 0 < n <= len(state.players) else None


def passed(state: GameState, player: str) -> bool:
    return state.counters.get(PASSED + player, 0) > 0


def _check_afternoon_over(state: GameState, why: str) -> None:
    turn = whose_turn(state)
    if turn is not None:
        raise IllegalAction(
            "Altered 4.2.3.e",
            f"{why}: the Afternoon ends only when every player has passed (it is {turn}'s turn)",
        )


def enter(state: GameState, name: str) -> GameState:
    """The day moves to phase ``name`` (its "at" reactions are the caller's: ``begin:``).

    Altered 4.2.a: the phases come in order; Morning starts a new day. A phase already
    begun this day cannot begin again. Leaving the Afternoon while its turns go on is
    refused (4.2.3.e); reaching Dusk or Night ends the "this Afternoon" emblems (2.2.14.e).
    Under a ruleset without ordered phases (``day_phases`` empty) nothing happens."""
    phases = state.ruleset.day_phases
    if name not in phases:
        return state
    now = current(state)
    target = _index(state, name)
    if now is not None and name != phases[0] and target <= _index(state, now):
        raise IllegalAction(
            "Altered 4.2.a",
            f"{name} cannot begin during {now} of the same day: the phases come in order "
            f"({', '.join(phases)}) and a new day starts with {phases[0]}",
        )
    if now == AFTERNOON and name != AFTERNOON:
        _check_afternoon_over(state, f"{name} cannot begin")
    counters = {k: v for k, v in state.counters.items() if not k.startswith(PASSED)}
    counters.pop(TURN, None)
    state = replace(state, counters={**counters, PHASE: target + 1})
    if name == AFTERNOON:  # 4.2.3.c: the first player takes the first turn
        state = _set(state, turn=1).with_event(
            Event("turn", (("player", state.players[0]),), ("Altered 4.2.3.c",))
        )
    if AFTERNOON in phases and target > _index(state, AFTERNOON):
        state = _end_emblems(state, Duration.AFTERNOON, None, "the Afternoon ended", "2.2.14.e")
    return state


def _end_emblems(
    state: GameState, duration: Duration, player: str | None, why: str, article: str
) -> GameState:
    for obj in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id)):
        if obj.kind != EMBLEM:
            continue
        if any(
            isinstance(a, OngoingEmblem)
            and a.duration is duration
            and (player is None or a.controller == player)
            for a in obj.abilities
        ):
            state = cease(state, obj.id, why, f"Altered {article}")
    return state


def daily_effect(state: GameState, phase: str, what: str) -> GameState:
    """Altered 4.2.c: ``what`` is a daily effect of ``phase``. When the day's phase is
    known, a daily effect of a later phase moves the day to that phase (the phases between
    are not shown, AL-DAY-SKIP); one of an earlier phase of the same day is refused."""
    now = current(state)
    if now is None or now == phase or phase not in state.ruleset.day_phases:
        return state
    if _index(state, phase) < _index(state, now):
        raise IllegalAction(
            "Altered 4.2.c",
            f"{what} is a daily effect of {phase}: the day is already at {now}",
        )
    return enter(state, phase)


def check_turn(state: GameState, player: str, effect: TurnEffect) -> None:
    """Altered 4.2.3.d: during the Afternoon's turns, a turn effect is the player's whose
    turn it is; a player who passed takes no more turns until every player has."""
    if current(state) != AFTERNOON:
        if effect is TurnEffect.PASS:
            raise IllegalAction("Altered 4.2.3.d", f"{player} passes outside the Afternoon")
        return
    turn = whose_turn(state)
    if turn is None:
        raise IllegalAction(
            "Altered 4.2.3.e", f"every player has passed: {player} takes no more turns"
        )
    if turn != player:
        raise IllegalAction(
            "Altered 4.2.3.d",
            f"it is {turn}'s turn: {player} cannot {_verb(effect)} now",
        )


def _verb(effect: TurnEffect) -> str:
    return {
        TurnEffect.CARD: "play a card",
        TurnEffect.QUICK_ACTION: "play a quick action",
        TurnEffect.PASS: "pass",
    }[effect]


def after_turn_effect(state: GameState, player: str, effect: TurnEffect) -> GameState:
    """Altered 4.2.3.e: a quick action keeps the turn; a card or a pass ends it, and the
    next player in turn order who has not passed takes a turn; when every player has
    passed, the Afternoon ends and Dusk begins (its "at Dusk" reactions trigger)."""
    if current(state) != AFTERNOON or whose_turn(state) != player:
        return state
    if effect is TurnEffect.QUICK_ACTION:
        return state
    if effect is TurnEffect.PASS:
        state = replace(state, counters={**state.counters, PASSED + player: 1})
        state = state.with_event(Event("pass", (("player", player),), ("Altered 4.2.3.d",)))
        state = _end_emblems(state, Duration.TURN, player, "its controller's turn ended", "4.2.3.e")
    players = state.players
    start = players.index(player)
    for step in range(1, len(players) + 1):
        nxt = players[(start + step) % len(players)]
        if not passed(state, nxt):
            state = _set(state, turn=players.index(nxt) + 1)
            return state.with_event(Event("turn", (("player", nxt),), ("Altered 4.2.3.e",)))
    state = _set(state, turn=None).with_event(
        Event("afternoon-ends", (("passed", list(players)),), ("Altered 4.2.3.e",))
    )
    state = enter(state, "dusk")
    return begin_phase(state, "dusk")


def check_emblem(state: GameState, duration: Duration) -> None:
    """Altered 2.2.14.d-e: a "this turn" emblem is made during a turn; a "this Afternoon"
    one no later than the Afternoon (when the phase is known)."""
    now = current(state)
    if now is None:
        return
    if duration is Duration.TURN and whose_turn(state) is None:
        raise IllegalAction(
            "Altered 2.2.14.d", f'a "this turn" emblem is created during a turn, not at {now}'
        )
    if duration is Duration.AFTERNOON and _index(state, now) > _index(state, AFTERNOON):
        raise IllegalAction(
            "Altered 2.2.14.e",
            f'a "this Afternoon" emblem is created no later than the Afternoon, not at {now}',
        )


# -- steps -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Pass(Step):
    """``pass: <player>``: the player passes their turn (Altered 4.2.3.d)."""

    player: str

    def resolve(self, state: GameState) -> GameState:
        check_turn(state, self.player, TurnEffect.PASS)
        return after_turn_effect(state, self.player, TurnEffect.PASS)


@dataclass(frozen=True, kw_only=True)
class InDay(Step):
    """A step of another area placed in the day: a phase beginning (``begin``), a daily
    effect (``morning``, ``dusk``, ``rest``, ``clean_up``, ``check_victory``), a turn
    effect (``play``, ``activate``) or an emblem made. Its own ``resolve`` does the rest."""

    inner: Step
    begins: str | None = None  # the phase it begins
    daily: str | None = None  # the phase whose daily effect it is
    turn_effect: TurnEffect | None = None
    player: str = ""  # the turn effect's player ("" for a quick action: its controller)
    emblem: Duration | None = None

    def target_ids(self) -> tuple[str, ...]:
        return self.inner.target_ids()

    def parts(self) -> tuple[Step, ...]:
        inner = self.inner.parts()
        if len(inner) == 1:
            return (self,)
        first = replace(self, inner=inner[0])
        return (first, *inner[1:])

    def resolve(self, state: GameState) -> GameState:
        player = self.player
        if self.turn_effect is TurnEffect.QUICK_ACTION:
            ids = self.inner.target_ids()
            found = state.objects.get(ids[0]) if ids else None
            player = found.controlled_by if found is not None else ""
        if self.begins is not None:
            state = enter(state, self.begins)
        if self.daily is not None:
            state = daily_effect(state, self.daily, type(self.inner).__name__.lower())
        if self.turn_effect is not None and player:
            check_turn(state, player, self.turn_effect)
        if self.emblem is not None:
            check_emblem(state, self.emblem)
        state = self.inner.resolve(state)
        if self.turn_effect is not None and player:
            state = after_turn_effect(state, player, self.turn_effect)
        return state
