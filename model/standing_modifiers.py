"""Altered modifiers carried by objects (Complete Rules 3.0, 6.2) acting on the steps that
happen: moves (``send``), statuses (``status``) and what they turn into (draws, boosts).

An object's ``modifiers:`` are passive abilities; each is a ``Modifier`` whose patterns
may say ``self`` for the object carrying it. A step about to happen is its list of atomic
actions (``send_<zone>:<object>``, ``gain_<status>:<object>``, ``lose_<status>:<object>``,
``draw:<player>``, ``boost:<object>``); the modifiers that exist now (6.2.l) change it
(``model.modifiers.modify_step``), then each action is carried out, then each step that an
"if you don't" added (6.2.e), itself open to the modifiers. Decision AL-MOD-2: an optional
modifier is applied unless its controller's answer in the file (``choice: decline``) says
otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.altered.zones import BOOSTS, VISIBLE, move, zone_kind
from arbiter.model.modifiers import Modifier, modify_step, set_status
from arbiter.model.state import Ability, Event, GameState
from arbiter.model.steps import Step
from arbiter.model.tokens import draw

VERBS = ("send", "gain", "lose", "draw", "boost")
MAX_ADDED = 16  # steps added by "if you don't" within one step (each adds at most one)


@dataclass(frozen=True, slots=True)
class StandingModifier(Ability):
    """A modifier on an object: a passive ability (6.2.a)."""

    modifier: Modifier = Modifier("", "", kind=None, when="")  # type: ignore[arg-type]
    declined: bool = False  # the controller's answer, fixed by the file (AL-MOD-2)


def _bind(m: Modifier, source: str) -> Modifier:
    def b(text: str) -> str:
        return text.replace(":self", f":{source}")

    return replace(
        m,
        when=b(m.when),
        actions=tuple(b(a) for a in m.actions),
        otherwise=tuple(b(a) for a in m.otherwise),
    )


def standing(state: GameState) -> tuple[list[Modifier], dict[str, bool]]:
    """The modifiers that exist now, on objects in visible zones, and their answers."""
    out: list[Modifier] = []
    answers: dict[str, bool] = {}
    for obj in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id)):
        if zone_kind(obj.zone) not in VISIBLE:
            continue
        for ab in obj.abilities:
            if isinstance(ab, StandingModifier):
                m = _bind(replace(ab.modifier, timestamp=obj.timestamp), obj.id)
                out.append(m)
                answers[m.id] = not ab.declined
    return out, answers


def has_standing(state: GameState) -> bool:
    return any(isinstance(a, StandingModifier) for o in state.objects.values() for a in o.abilities)


def carry(state: GameState, action: str, player: str | None) -> GameState:
    """Carry out one atomic action."""
    verb, _, obj = action.partition(":")
    head, _, what = verb.partition("_")
    if head == "send" and obj in state.objects:
        return move(state, obj, what, player=player, cause="effect").state
    if head in ("gain", "lose") and obj in state.objects:
        return set_status(state, obj, what, head == "gain")
    if head == "draw" and obj in state.players:
        return draw(state, obj, 1)
    if head == "boost" and obj in state.objects:
        o = state.obj(obj)
        counters = {**o.counters, BOOSTS: o.counters.get(BOOSTS, 0) + 1}
        return state.with_object(replace(o, counters=counters)).with_event(
            Event("boosts", (("target", obj), ("amount", 1), ("done", True)), ("Altered 6.2.c",))
        )
    return state.with_event(
        Event("step-action", (("action", action), ("done", False)), ("A-GOLD-3",))
    )


def perform(
    state: GameState, actions: tuple[str, ...], controller: str | None, player: str | None = None
) -> GameState:
    """One step of an effect through the standing modifiers (6.2.g-m), then what it adds."""
    todo: list[tuple[str, ...]] = [actions]
    done = 0
    while todo and done <= MAX_ADDED:
        step = todo.pop(0)
        done += 1
        mods, answers = standing(state)
        out = modify_step(step, mods, controller, state.players[0], answers)
        if out.applied or out.declined:
            state = state.with_event(
                Event(
                    "step",
                    (
                        ("actions", list(step)),
                        ("became", list(out.actions)),
                        ("applied", list(out.applied)),
                        ("declined", list(out.declined)),
                        ("chooser", out.chooser),
                    ),
                    tuple(dict.fromkeys(["Altered 6.2.g", *(s.rule for s in out.because)])),
                    out.because,
                )
            )
        for action in out.actions:
            state = carry(state, action, player)
        todo.extend(out.added_steps)  # 6.2.e: right after the current step
    return state


@dataclass(frozen=True, kw_only=True)
class StatusStep(Step):
    """``status: {target, gain | lose: <status>}``."""

    target: str
    status: str
    gain: bool

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        if has_standing(state):  # 6.2: the modifiers objects carry act on statuses
            verb = "gain" if self.gain else "lose"
            return perform(state, (f"{verb}_{self.status}:{self.target}",), None)
        return set_status(state, self.target, self.status, self.gain)
