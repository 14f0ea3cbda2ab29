"""The states of a Riftbound turn followed step by step (Core Rules 1.3, 307-313, 323.2,
323.8-323.14, 341-348, 454-461), under the policy ``turn_states: tracked`` (Decision
RB-STATES); ``model.turn_state`` holds the data.

Each step of a scenario is resolved through ``resolve``: it is first checked against the
state of the turn (a Standard Move only in a Neutral Open State, 144.1.b-c; a card in a
Showdown only by the player with Focus, 313.1, with the permissions of a Showdown, 308.1.a;
a `combat` step only when a Combat Showdown has closed, 348.1, between the designated
units, 459.2.b), then resolved (a `chain_item` or `play_card` in a Closed State, 309.1,
354.1), then the Cleanup's tasks of the states follow (319): Contested applied by units
arriving at a battlefield their player does not control (445), designations (323.2),
showdowns and combats Staged (323.8-323.10) and begun (323.11-323.14). Pure functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from arbiter.model import death as dt
from arbiter.model import riftbound_score as rs
from arbiter.model import riftbound_turn as rt
from arbiter.model.damage import combat_resolution as cr
from arbiter.model.damage import combat_state as cs
from arbiter.model.errors import IllegalAction
from arbiter.model.riftbound_chain import ItemKind
from arbiter.model.riftbound_chain_steps import ActivateAbility, ChainPlay
from arbiter.model.riftbound_play import PlayCard
from arbiter.model.riftbound_steps import ChainItem, EndTurn
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.steps import Step
from arbiter.model.trace import RuleStep, Trace
from arbiter.model.turn_state import Designation, Showdown, TurnState

Inner = Callable[[Step, GameState], GameState]


def current(state: GameState) -> TurnState:
    return state.turn if state.turn is not None else TurnState()


def _with(state: GameState, turn: TurnState) -> GameState:
    return replace(state, turn=turn)


def _event(
    state: GameState, kind: str, rules: tuple[str, ...], why: Trace = (), /, **fields: JSON
) -> GameState:
    return state.with_event(Event(kind, tuple(fields.items()), rules, why))


def _next_player(state: GameState, player: str) -> str:
    """The next player in Turn Order (the players' order, the turn player first)."""
    players = state.players
    return players[(players.index(player) + 1) % len(players)]


def _where(state: GameState) -> dict[str, str]:
    """Each unit at a battlefield -> that battlefield."""
    return {
        o.id: o.region
        for o in state.objects.values()
        if o.kind == "unit" and o.zone == rs.BATTLEFIELD and o.region
    }


def _players_at(state: GameState, battlefield: str) -> list[str]:
    found = {u.controlled_by for u in rs.units_at(state, battlefield)}
    return [p for p in state.players if p in found]


# -- before a step: what the state of the turn allows -------------------------------------


def _check(step: Step, state: GameState) -> Step:
    """The step as it is resolved in this state, or refused with the article."""
    turn = current(state)
    show = turn.showdown
    if isinstance(step, BeginShowdown):
        return step
    if show is None and len(_candidates(state, turn)) > 1:
        raise IllegalAction(
            "Riftbound 323.11",
            "showdowns are staged at several battlefields: the turn player first chooses one "
            "(begin_showdown)",
        )
    if show is not None and show.damage_due and not isinstance(step, cs.Combat):
        raise IllegalAction(
            "Riftbound 348.1", "the Combat Showdown closed: the Combat Damage Step comes next"
        )
    if isinstance(step, cs.Combat):
        return _check_combat(step, state, show)
    elif isinstance(step, PlayCard):
        return _play_timing(step, state, show)
    elif isinstance(step, ChainPlay) and state.chain is None:  # it opens a Chain
        return replace(step, play=_play_timing(step.play, state, show))
    elif isinstance(step, ActivateAbility) and state.chain is None:
        player = step.by or state.obj(step.source).controlled_by
        return replace(step, timing=_timing(step.timing, player, show))
    elif isinstance(step, EndTurn) and show is not None:
        raise IllegalAction(
            "Riftbound 316.6", f"a showdown is in progress at {show.battlefield}: the turn goes on"
        )
    return step


def _play_timing(step: PlayCard, state: GameState, show: Showdown | None) -> PlayCard:
    """307: the state of the turn says which permission a card needs (``timing``)."""
    player = step.by or state.obj(step.card).controlled_by
    return replace(step, timing=_timing(step.timing, player, show))


def _timing(timing: str, player: str, show: Showdown | None) -> str:
    """The ``timing`` a card or an ability is played at in this state of the turn."""
    if show is None:
        if timing == "showdown":
            raise IllegalAction(
                "Riftbound 308.2", "no showdown or combat is in progress: a Neutral State"
            )
        return timing
    if timing == "closed":  # a Reaction while a chain the scenario opened exists
        return timing
    if player != show.focus:
        raise IllegalAction(
            "Riftbound 313.1", f"{show.focus} has Focus in the showdown at {show.battlefield}"
        )
    return "showdown"  # 308.1.a: Action or Reaction (806, 813)


def _check_combat(step: cs.Combat, state: GameState, show: Showdown | None) -> cs.Combat:
    """The combat in progress, after its showdown closed, between its designated units:
    a step that names none fights those (Decision RB-STATES)."""
    if show is None or not show.combat:
        raise IllegalAction("Riftbound 455", "no combat is in progress: a combat is staged first")
    if not show.damage_due:
        raise IllegalAction(
            "Riftbound 348.1", "the Combat Showdown has not closed: a player still has Focus"
        )
    if not step.resolution:
        raise IllegalAction(
            "Riftbound 461", "a combat goes on to its Resolution Step: write resolution: true"
        )
    turn = current(state)
    here = {u.id for u in rs.units_at(state, show.battlefield)}
    named = {
        side: tuple(sorted(u for u, d in turn.designations.items() if d is side and u in here))
        for side in Designation
    }
    if not step.attackers and not step.defenders:
        return replace(
            step, attackers=named[Designation.ATTACKER], defenders=named[Designation.DEFENDER]
        )
    for side, units in (
        (Designation.ATTACKER, step.attackers),
        (Designation.DEFENDER, step.defenders),
    ):
        if set(units) != set(named[side]):
            raise IllegalAction(
                "Riftbound 459.2.b",
                f"the {side.value}s at {show.battlefield} are {', '.join(named[side]) or 'none'}",
            )
    return step


# -- the step, in its state -----------------------------------------------------------------


def as_resolved(step: Step, state: GameState) -> Step:
    """``step`` as it would be resolved in ``state``: under ``turn_states: tracked``,
    checked against the state of the turn and a combat's units filled in from their
    designations (what ``arbiter combat`` examines); otherwise the step itself."""
    from arbiter.model.ruleset import TurnStates

    if state.ruleset.turn_states is not TurnStates.TRACKED:
        return step
    if state.turn is None:
        state = _with(state, TurnState(seen=_where(state)))
    return _check(step, state)


def resolve(step: Step, state: GameState, inner: Inner) -> GameState:
    """``step`` checked against the state of the turn, resolved, then the Cleanup's tasks
    of the states (``settle``)."""
    if state.turn is None:  # the units the scenario puts at battlefields arrive nowhere
        state = _with(state, TurnState(seen=_where(state)))
    before = state
    step = _check(step, state)
    closes = isinstance(step, (ChainItem, PlayCard))  # 354.1: the card goes on the Chain
    if closes:
        state = _with(state, replace(current(state), chain=current(state).chain + 1))
    state = inner(step, state)
    if closes:
        state = _with(state, replace(current(state), chain=current(state).chain - 1))
    show = current(state).showdown
    if isinstance(step, PlayCard) and step.timing == "showdown" and show is not None:
        state = _pass_focus(state, show, ("Riftbound 346", "Riftbound 337.1.c.1.a"), played=True)
    elif show is not None and _chain_ended(before, state, step):
        state = _pass_focus(state, show, ("Riftbound 346", "Riftbound 340.2.a"), played=True)
    if isinstance(step, cs.Combat) and show is not None:
        state = _end_combat(state, show)
    return settle(state)


def _chain_ended(before: GameState, after: GameState, step: Step) -> bool:
    """346, 337.1.c.1.a: a Chain this step opened or resolved is gone (the turn is Open
    again); 346.1: not when it was opened by a triggered ability."""
    if after.chain is not None or before.turn is None or before.turn.chain:
        return False
    if before.chain is not None:
        return before.chain.items[0].kind is not ItemKind.TRIGGERED
    return isinstance(step, (ChainPlay, ActivateAbility))


def _pass_focus(
    state: GameState, show: Showdown, rules: tuple[str, ...], *, played: bool
) -> GameState:
    focus = _next_player(state, show.focus)
    passed = () if played else show.passed
    turn = replace(current(state), showdown=replace(show, focus=focus, passed=passed))
    return _event(_with(state, turn), "focus", rules, player=focus, at=show.battlefield)


def settle(state: GameState) -> GameState:
    """The tasks of a Cleanup about the states (319, 323): Contested (445), designations
    (323.2), staging (323.8-323.10) and the showdown or combat that begins (323.11-323.14).
    Nothing is staged or begun while a Chain exists (455)."""
    if current(state).chain or state.chain is not None:  # a Closed State (309.1, 455)
        return state
    state = _contest(state)
    state = _designate(state)
    show = current(state).showdown
    if show is not None and show.damage_due and _one_sided(state):
        state = _no_damage(state, show)  # its units left after the showdown closed
    state = _stage(state)
    return _begin(state, None)


def _contest(state: GameState) -> GameState:
    """445: a battlefield becomes Contested when units arrive there (since the last
    Cleanup) that its controller does not control; the first player to apply it keeps it."""
    turn = current(state)
    was = turn.seen
    contested = dict(turn.contested)
    for uid, bf in sorted(_where(state).items()):
        if was.get(uid) == bf or bf in contested:
            continue
        player = state.obj(uid).controlled_by
        if state.obj(bf).controller == player:
            continue
        contested[bf] = player
        why = (RuleStep("Riftbound 445", f"{uid} of {player} arrived at {bf}, not theirs"),)
        state = _event(state, "contested", ("Riftbound 445",), why, battlefield=bf, by=player)
    for bf, player in list(contested.items()):  # 323.8.a: their units left before it began
        show = turn.showdown
        if (show is None or show.battlefield != bf) and player not in _players_at(state, bf):
            del contested[bf]
    return _with(state, replace(turn, contested=contested, seen=_where(state)))


def _designate(state: GameState) -> GameState:
    """323.2: while a combat is in progress, units at its battlefield have their
    controller's designation (323.2.a-b); units elsewhere have none (323.2.c)."""
    turn = current(state)
    show = turn.showdown
    if show is None or not show.combat:
        return state
    sides = {show.attacker: Designation.ATTACKER, show.defender: Designation.DEFENDER}
    now: dict[str, Designation] = {}
    for unit in rs.units_at(state, show.battlefield):
        side = sides.get(unit.controlled_by)
        if side is not None:
            now[unit.id] = side
    changed = {u: d for u, d in now.items() if turn.designations.get(u) is not d}
    lost = sorted(u for u in turn.designations if u not in now)
    if changed or lost:
        rules = []
        if any(u not in turn.designations for u in changed):
            rules.append("Riftbound 323.2.a")
        if any(u in turn.designations for u in changed):
            rules.append("Riftbound 323.2.b")
        if lost:
            rules.append("Riftbound 323.2.c")
        state = _event(
            state,
            "designation",
            tuple(rules),
            gained={u: d.value for u, d in sorted(changed.items())},
            lost=lost,
        )
    return _with(state, replace(turn, designations=now))


def _stage(state: GameState) -> GameState:
    """323.8-323.10: a Showdown stays Staged at a Contested battlefield while its contester
    has units there; a Combat while units of two opposing players are there."""
    turn = current(state)
    going = turn.showdown.battlefield if turn.showdown is not None else None
    showdowns: list[str] = []
    combats: list[str] = []
    for bf in (b.id for b in rs.battlefields(state)):
        who = turn.contested.get(bf)
        there = _players_at(state, bf)
        if who is None or who not in there:
            continue
        if bf != going:
            showdowns.append(bf)
        in_combat = turn.showdown is not None and turn.showdown.combat and bf == going
        if len(there) >= 2 and not in_combat:
            combats.append(bf)
    rules = []
    if [b for b in showdowns if b not in turn.showdowns]:
        rules.append("Riftbound 323.8")
    if [b for b in combats if b not in turn.combats]:
        rules.append("Riftbound 323.9")
    if [b for b in turn.combats if b not in combats and b != going]:
        rules.append("Riftbound 323.10")
    if rules:
        state = _event(state, "staged", tuple(rules), showdowns=showdowns, combats=combats)
    return _with(state, replace(turn, showdowns=tuple(showdowns), combats=tuple(combats)))


def _candidates(state: GameState, turn: TurnState) -> list[str]:
    """The battlefields where a showdown or a combat may begin (323.11, 323.13)."""
    if turn.showdown is not None or turn.chain or state.chain is not None:
        return []
    return [b for b in (x.id for x in rs.battlefields(state)) if b in turn.showdowns + turn.combats]


def _defender(state: GameState, battlefield: str, attacker: str) -> str | None:
    others = [p for p in _players_at(state, battlefield) if p != attacker]
    return others[0] if others else None


def _begin(state: GameState, chosen: str | None) -> GameState:
    """323.11-323.14: in a Neutral Open State the showdown begins where one is staged (the
    turn player's choice among several); a Combat staged where a Non-Combat Showdown is
    going on makes it a Combat Showdown."""
    turn = current(state)
    show = turn.showdown
    if show is not None:
        if not show.combat and show.battlefield in turn.combats:  # 323.14
            return _combat_opens(state, show, ("Riftbound 323.14", "Riftbound 316.5.b.1.a"))
        return state
    found = _candidates(state, turn)
    if chosen is not None:
        if chosen not in found:
            raise IllegalAction("Riftbound 323.11", f"no showdown or combat is staged at {chosen}")
        found = [chosen]
    if len(found) != 1:
        return state
    bf = found[0]
    who = turn.contested[bf]
    combat = bf in turn.combats
    show = Showdown(battlefield=bf, focus=who, contested_by=who)
    turn = replace(
        turn,
        showdown=show,
        showdowns=tuple(b for b in turn.showdowns if b != bf),
        combats=tuple(b for b in turn.combats if b != bf),
    )
    state = _with(state, turn)
    if combat:  # 323.12 (staged together), 323.13 (a Combat begins with its showdown)
        opens = ("Riftbound 323.12", "Riftbound 323.13", "Riftbound 316.4.f", "Riftbound 459.1")
        return _combat_opens(state, show, opens)
    rules: tuple[str, ...] = ("Riftbound 323.11", "Riftbound 316.5.b.1", "Riftbound 345")
    if not state.obj(bf).controller:
        rules = (*rules, "Riftbound 344.2")
    why = (
        RuleStep("Riftbound 316.5.b.1", f"only {who}'s units are at {bf}: no combat"),
        RuleStep("Riftbound 345", f"{who} applied Contested: {who} gains Focus"),
    )
    return _event(state, "showdown", rules, why, battlefield=bf, combat=False, focus=who)


def _combat_opens(state: GameState, show: Showdown, rules: tuple[str, ...]) -> GameState:
    """459.2: the player who applied Contested attacks and gains Focus; the other player
    defends; their units there gain their designations (459.2.b.3-4)."""
    attacker = show.contested_by
    defender = _defender(state, show.battlefield, attacker)
    show = replace(
        show, combat=True, attacker=attacker, defender=defender, focus=attacker, passed=()
    )
    state = _with(state, replace(current(state), showdown=show))
    state = _designate(state)
    designated = {u: d.value for u, d in sorted(current(state).designations.items())}
    more = ("Riftbound 459.2.b.1", "Riftbound 459.2.b.2", "Riftbound 459.2.b.3")
    why = (
        RuleStep("Riftbound 459.2.b.1", f"{attacker} applied Contested at {show.battlefield}"),
        RuleStep("Riftbound 459.2.b.2", f"{defender} defends"),
        RuleStep("Riftbound 459.2.c", f"the attacker, {attacker}, gains Focus"),
    )
    return _event(
        state,
        "showdown",
        (*rules, *more, "Riftbound 459.2.b.4", "Riftbound 459.2.c"),
        why,
        battlefield=show.battlefield,
        combat=True,
        focus=attacker,
        attacker=attacker,
        defender=defender,
        designations=designated,
    )


# -- the end of a showdown and of a combat ----------------------------------------------------


def _establish(state: GameState, battlefield: str, rules: tuple[str, ...], empty: str) -> GameState:
    """348.2.a, 461.5: the only player with units there establishes control (a Conquer,
    464.1, when they did not control it); with no units there it becomes uncontrolled
    (``empty``: the article that says so)."""
    there = _players_at(state, battlefield)
    bf = state.obj(battlefield)
    if len(there) == 1 and bf.controller != there[0]:
        why = (RuleStep(rules[0], f"only {there[0]} has units at {battlefield}"),)
        state = _event(state, "control", rules, why, battlefield=battlefield, player=there[0])
        return rt.conquer(state, battlefield, there[0])
    if not there and bf.controller:
        state = state.with_object(replace(bf, controller=""))
        return _event(state, "uncontrolled", (empty,), battlefield=battlefield)
    return state


def _clear(state: GameState, battlefield: str, *, contested: bool = True) -> GameState:
    turn = current(state)
    left: Mapping[str, str] = turn.contested
    if contested:
        left = {b: p for b, p in turn.contested.items() if b != battlefield}
    return _with(state, replace(turn, showdown=None, designations={}, contested=left))


def close_showdown(state: GameState, show: Showdown) -> GameState:
    """347.3.a, 348: every player passed in sequence: a Combat Showdown goes on to the
    Combat Damage Step (348.1); a Non-Combat Showdown ends, and the only player with units
    there establishes control (348.2.a)."""
    if show.combat and _one_sided(state):
        closed = ("Riftbound 347.3.a", "Riftbound 348.1")
        state = _event(state, "showdown_closed", closed, battlefield=show.battlefield)
        return _no_damage(state, show)
    if show.combat:
        turn = replace(current(state), showdown=replace(show, damage_due=True))
        rules = ("Riftbound 347.3.a", "Riftbound 348.1", "Riftbound 460")
        return _event(_with(state, turn), "showdown_closed", rules, battlefield=show.battlefield)
    state = _event(
        state,
        "showdown_closed",
        ("Riftbound 347.3.a", "Riftbound 348", "Riftbound 347.3.a.1"),
        battlefield=show.battlefield,
    )
    state = _clear(state, show.battlefield)
    control = ("Riftbound 348.2.a", "Riftbound 348.2.a.1")
    return _establish(state, show.battlefield, control, "Riftbound 323.6")


def _one_sided(state: GameState) -> bool:
    """A combat in progress with no unit left on one side (460.1)."""
    return len(set(current(state).designations.values())) < 2


def _no_damage(state: GameState, show: Showdown) -> GameState:
    """460.1: one side has no units left at the battlefield: no combat damage; the
    Resolution Step (461) follows at once: its Combat Cleanup (the kills of a Cleanup, then
    every unit healed, 461.1.a.1; no attacker to recall beside no defender), the result
    (461.3) and the end of the combat (461.5-461.7)."""
    bf = show.battlefield
    left = {d: [u for u, x in current(state).designations.items() if x is d] for d in Designation}
    side = "attacking" if not left[Designation.ATTACKER] else "defending"
    why = (RuleStep("Riftbound 460.1", f"no {side} unit is left at {bf}"),)
    state = _event(state, "no_combat_damage", ("Riftbound 460.1", "Riftbound 461"), why, at=bf)
    state = cr.heal_all(dt.cleanup(state))
    there = _players_at(state, bf)
    won = there[0] if len(there) == 1 and there[0] in (show.attacker, show.defender) else None
    lost = None if won is None else (show.defender if won == show.attacker else show.attacker)
    state = _event(
        state,
        "combat_result",
        ("Riftbound 461.3.a", "Riftbound 461.3.b") if won else ("Riftbound 461.3.d",),
        attacker=show.attacker,
        defender=show.defender,
        won=won,
        lost=lost,
        remaining=sorted(u.id for u in rs.units_at(state, bf)),
    )
    return _end_combat(state, show)


def _end_combat(state: GameState, show: Showdown) -> GameState:
    """461.5-461.7 after the `combat` step's Resolution Step: control (none staged there
    now), Contested cleared, designations removed, the combat over. With units of both
    players still there (461.3.d.1) Contested stays, so a Combat is staged again."""
    both = len(_players_at(state, show.battlefield)) >= 2
    state = _clear(state, show.battlefield, contested=not both)
    if not both:
        control = ("Riftbound 461.5", "Riftbound 461.5.d")
        state = _establish(state, show.battlefield, control, "Riftbound 461.5.b")
    ends = ("Riftbound 461.7", "Riftbound 461.7.a") + (("Riftbound 461.3.d.1",) if both else ())
    return _event(state, "combat_end", ends, battlefield=show.battlefield)


# -- the steps of the states --------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ShowdownPass(Step):
    """``showdown_pass: {by}``: the player with Focus passes (347.3); when every player
    has passed in sequence the showdown closes (347.3.a), else Focus passes (347.4)."""

    by: str

    def resolve(self, state: GameState) -> GameState:
        show = current(state).showdown
        if show is None:
            raise IllegalAction("Riftbound 347", "no showdown is in progress: nothing to pass")
        if show.damage_due:
            raise IllegalAction("Riftbound 348.1", "the Combat Showdown closed already")
        if self.by != show.focus:
            raise IllegalAction("Riftbound 313.4", f"{show.focus} has Focus, not {self.by}")
        passed = (*show.passed, self.by)
        state = _event(state, "pass", ("Riftbound 347.3",), player=self.by, at=show.battlefield)
        show = replace(show, passed=passed)
        if set(passed) >= set(state.players):
            return close_showdown(_with(state, replace(current(state), showdown=show)), show)
        return _pass_focus(state, show, ("Riftbound 347.4",), played=False)


@dataclass(frozen=True, kw_only=True)
class BeginShowdown(Step):
    """``begin_showdown: {battlefield}``: the turn player chooses where a showdown or a
    combat begins among several staged (323.11, 323.13, 456.1)."""

    battlefield: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.battlefield,)

    def resolve(self, state: GameState) -> GameState:
        if len(_candidates(state, current(state))) < 2:
            raise IllegalAction(
                "Riftbound 323.11", "no choice to make: showdowns are staged at one place at most"
            )
        state = _event(
            state,
            "choice",
            ("Riftbound 323.11", "Riftbound 456.1"),
            player=state.active_player,
            battlefield=self.battlefield,
        )
        return _begin(state, self.battlefield)
