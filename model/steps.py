"""Steps of a scenario: each is data plus a pure ``resolve(state) -> state``.

Steps that need a decision procedure (a split left open, a choice of order)
are resolved by ``solver``; everything here is plain rules arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from arbiter.model.effects.stat_ops import StatOp
from arbiter.model.errors import IllegalAction, InputError, Location
from arbiter.model.ruleset import NumberedGain
from arbiter.model.state import JSON, BaseValue, Event, GameObject, GameState, Protection
from arbiter.model.trace import RuleStep
from arbiter.model.values import characteristics as ch
from arbiter.model.values import features as ft
from arbiter.model.values.reading import Modification, NumberReading, Op, SetOp


@dataclass(frozen=True, kw_only=True)
class Step:
    """One thing that happens in a scenario, in order."""

    where: Location | None = None
    illegal: str | None = None  # the rule id this step is expected to break

    def resolve(self, state: GameState) -> GameState:
        raise NotImplementedError

    def target_ids(self) -> tuple[str, ...]:
        return ()

    def resolve_with(self, state: GameState, resolve: Resolve) -> GameState:
        """Resolve this step, the steps it is made of (a chain item's, a spell's) through
        ``resolve``: the engine passes one that uses its solvers (an open damage split
        inside a chain item). A step made of no other steps just resolves."""
        return self.resolve(state)

    def created_ids(self) -> tuple[str, ...]:
        """The ids of the objects this step brings into the game (tokens): a later part of
        the same composite step may name them although they do not exist before it."""
        return ()

    def parts(self) -> tuple[Step, ...]:
        """The steps this one is made of, when triggered abilities are resolved between
        them (Altered 4.2.d: Reactions are checked after each daily effect of a phase)."""
        return (self,)


Resolve = Callable[[Step, GameState], GameState]  # one step of a composite step, resolved


def refuse_gone(step: Step, state: GameState) -> None:
    """Refuse a step that names an object no longer in the game, e.g. a token that stopped
    existing (Decision RB-GONE): an illegal action, never an internal error."""
    gone = [t for t in step.target_ids() if t not in state.objects and t not in state.players]
    if gone:
        raise IllegalAction("RB-GONE", f"{', '.join(gone)} no longer exists")


def resolve_part(step: Step, state: GameState) -> GameState:
    """Resolve one step of a composite step (a chain item, a spell's effects): what it
    names must still exist when its turn comes (``refuse_gone``)."""
    refuse_gone(step, state)
    return step.resolve(state)


# Computed values stay within about ±VALUE_LIMIT (docs/guarantees.md): inputs are within
# ±10^9 and a scenario has at most 1000 steps, so only ``multiply`` can leave this range;
# a solver's 64-bit domain holds sums of thousands of such values.
VALUE_LIMIT = 10**15


def check_range(obj: GameObject, stat: str, why: str) -> None:
    """Refuse (as bad input, located by the engine) a value outside ±VALUE_LIMIT."""
    r = ch.read(obj, stat)
    if isinstance(r, NumberReading) and any(abs(c.raw) > VALUE_LIMIT for c in r.components):
        raise InputError(
            f"{why} takes {obj.id}.{stat} beyond ±10^15, the range arbiter computes in"
        )


NUMBER_OPS = {"add": Op.ADD, "set": Op.SET, "multiply": Op.MULTIPLY, "divide": Op.DIVIDE}
SET_OPS = {StatOp.ADD: SetOp.ADD, StatOp.REMOVE: SetOp.REMOVE, StatOp.SET: SetOp.SET}
READING_OPS = ("copy", "swap", "swap-bonus")
# The ops of ``modify`` as the format writes them (swap-bonus), and back.
OP_WORDS = {op: op.value.replace("_", "-") for op in StatOp}
MODIFY_OPS = {word: op for op, word in OP_WORDS.items()}


@dataclass(frozen=True, kw_only=True)
class Modify(Step):
    """E-OPS-1: add, set, multiply, divide, copy, swap or swap-bonus a characteristic."""

    target: str
    stat: str
    op: StatOp
    value: int | tuple[int | None, ...] | frozenset[str] | None = None
    component: int | None = None  # 1-based component of a vector, or all
    other: str | None = None  # the other object of copy / swap / swap-bonus
    source: str = ""
    rounding: str | None = None

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,) + ((self.other,) if self.other else ())

    @property
    def word(self) -> str:
        """The op as the format writes it (``swap-bonus``), for events and labels."""
        return OP_WORDS[self.op]

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        source = self.source or "effect"
        target = state.obj(self.target)
        if self.word in READING_OPS:
            return self._resolve_reading(state, t, source)
        base = target.base.get(self.stat)
        if isinstance(base, frozenset) or isinstance(self.value, frozenset):
            members = self.value if isinstance(self.value, frozenset) else frozenset()
            out = ch.modify_set(
                target, self.stat, SET_OPS[self.op], members, source=source, timestamp=t
            )
            shown_value: JSON = sorted(members)
        else:
            amounts = self._amounts(base)
            rounding = state.ruleset.division_rounding
            if self.rounding is not None:
                rounding = type(rounding)(self.rounding)
            out = ch.modify_number(
                target,
                self.stat,
                NUMBER_OPS[self.word],
                amounts,
                source=source,
                timestamp=t,
                rounding=rounding,
                label=self.word,
            )
            shown_value = list(self.value) if isinstance(self.value, tuple) else self.value
            if out.applied and self.op is StatOp.MULTIPLY:
                check_range(out.obj, self.stat, "multiply")
        event = ch.modify_event(self.target, self.stat, self.word, shown_value, source, out)
        return ch.apply_outcome(state, out, event)

    def _amounts(self, base: BaseValue | None) -> tuple[int | None, ...]:
        width = len(base) if isinstance(base, tuple) else 1
        if isinstance(self.value, tuple):
            return self.value
        assert isinstance(self.value, int)
        if self.component is not None:
            return tuple(self.value if i == self.component - 1 else None for i in range(width))
        return (self.value,) * width

    def _resolve_reading(self, state: GameState, t: int, source: str) -> GameState:
        """Decision E-COPY: read shown values when the effect resolves, then set."""
        assert self.other is not None
        a, b = state.obj(self.target), state.obj(self.other)
        ra, rb = ch.read(a, self.stat), ch.read(b, self.stat)
        if not isinstance(ra, NumberReading) or not isinstance(rb, NumberReading):
            why = RuleStep("A-CHAR-2", f"{self.word} needs {self.stat} on both objects")
            miss = ch.Outcome(a, False, (why, RuleStep("A-GOLD-3", "the effect is not done")))
            return state.with_event(
                ch.modify_event(self.target, self.stat, self.word, self.other, source, miss)
            )
        if self.op is StatOp.COPY:
            writes = [(a, rb.shown_components(), "E-COPY")]
        elif self.op is StatOp.SWAP:
            writes = [(a, rb.shown_components(), "E-COPY"), (b, ra.shown_components(), "E-COPY")]
        else:  # swap-bonus: each becomes its own base plus the other's bonus
            base_a = tuple(r.base for r in ra.components)
            base_b = tuple(r.base for r in rb.components)
            writes = [
                (
                    a,
                    tuple(x + y for x, y in zip(base_a, rb.bonus_components(), strict=False)),
                    "E-BONUS-3",
                ),
                (
                    b,
                    tuple(x + y for x, y in zip(base_b, ra.bonus_components(), strict=False)),
                    "E-BONUS-3",
                ),
            ]
        for obj, values, rule in writes:
            out = ch.modify_number(
                obj, self.stat, Op.SET, tuple(values), source=source, timestamp=t, label=self.word
            )
            why = RuleStep(
                rule,
                f"{self.word}: {obj.id}.{self.stat} takes {'/'.join(map(str, values))}"
                " read when the effect resolved",
            )
            out = replace(out, because=(why, *out.because))
            if out.applied:
                mods = dict(out.obj.mods)
                last = mods[self.stat][-1]
                assert isinstance(last, Modification)
                mods[self.stat] = (
                    *mods[self.stat][:-1],
                    replace(last, because=(why, *last.because)),
                )
                out = replace(out, obj=replace(out.obj, mods=mods))
            elif rule != "E-IMM-3" and len(writes) == 2:
                out = replace(
                    out,
                    because=(
                        *out.because,
                        RuleStep(
                            "E-IMM-3",
                            f"{obj.id} is immune: only its side of the {self.word} is not done",
                        ),
                    ),
                )
            event = ch.modify_event(obj.id, self.stat, self.word, list(values), source, out)
            state = ch.apply_outcome(state, out, event)
        return state


@dataclass(frozen=True, kw_only=True)
class GainStat(Step):
    """A-CHAR-2: an object gains a characteristic it lacks."""

    target: str
    stat: str
    value: BaseValue

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        out = ch.gain_characteristic(state.obj(self.target), self.stat, self.value)
        shown: JSON = (
            sorted(self.value)
            if isinstance(self.value, frozenset)
            else (list(self.value) if isinstance(self.value, tuple) else self.value)
        )
        event = ch.modify_event(self.target, self.stat, "gain", shown, "effect", out)
        return ch.apply_outcome(state, out, event)


def _feature_event(
    kind: str,
    target: str,
    feature: str,
    change: ft.FeatureChange,
    extra: tuple[tuple[str, JSON], ...] = (),
) -> Event:
    return Event(
        kind,
        (("target", target), ("feature", feature), *extra, ("applied", change.applied)),
        (change.because.rule,),
        (change.because,),
    )


@dataclass(frozen=True, kw_only=True)
class GainFeature(Step):
    """B-NAMED-1: gain a named feature (a flag, or a number)."""

    target: str
    feature: str
    number: int | None = None
    source: str = ""

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        summed = state.ruleset.numbered_gain is NumberedGain.SUM and self.number is not None
        change = (
            ft.gain_summed(obj.features, self.feature, self.number)
            if summed and self.number is not None
            else ft.gain(obj.features, self.feature, self.number)
        )
        state = state.with_object(replace(obj, features=change.features))
        return state.with_event(
            _feature_event("gain", self.target, self.feature, change, (("number", self.number),))
        )


@dataclass(frozen=True, kw_only=True)
class BoostFeature(Step):
    """B-NAMED-2: ``+Y to [feature]``; ``constant`` when it comes from a constant feature."""

    target: str
    feature: str
    amount: int
    source: str = ""
    constant: bool = False

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        change = ft.boost(
            obj.features, self.feature, self.amount, self.source or "effect", self.constant
        )
        state = state.with_object(replace(obj, features=change.features))
        return state.with_event(
            _feature_event(
                "boost",
                self.target,
                self.feature,
                change,
                (("amount", self.amount), ("source", self.source)),
            )
        )


@dataclass(frozen=True, kw_only=True)
class LoseFeature(Step):
    target: str
    feature: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        change = ft.lose(obj.features, self.feature)
        state = state.with_object(replace(obj, features=change.features))
        return state.with_event(_feature_event("lose", self.target, self.feature, change))


@dataclass(frozen=True, kw_only=True)
class Protect(Step):
    """Give an object an immunity (E-IMM-1/2) or a limit (E-LIMIT-1) from a source."""

    target: str
    protection: Protection

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        state = state.with_object(replace(obj, protections=(*obj.protections, self.protection)))
        p = self.protection
        rule = (
            "E-LIMIT-1"
            if p.limit is not None
            else ("E-IMM-2" if p.guard and p.guard.value == "modify" else "E-IMM-1")
        )
        return state.with_event(
            Event("protect", (("target", self.target), ("source", p.source)), (rule,))
        )


@dataclass(frozen=True, kw_only=True)
class End(Step):
    """A constant source stops applying: its protections end, its +Y are undone (B-NAMED-3)."""

    source: str

    def resolve(self, state: GameState) -> GameState:
        rules: list[str] = []
        for obj in list(state.objects.values()):
            features, trace = ft.source_stops(obj.features, self.source)
            kept = tuple(p for p in obj.protections if p.source != self.source)
            if trace or kept != obj.protections:
                state = state.with_object(replace(obj, features=features, protections=kept))
                rules.extend(s.rule for s in trace)
        return state.with_event(
            Event("end", (("source", self.source),), tuple(dict.fromkeys(rules)))
        )


@dataclass(frozen=True, kw_only=True)
class Move(Step):
    """An object changes zone; it gets a new timestamp (A-TIME-1)."""

    target: str
    zone: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        from arbiter.model import board_leave as bl  # Riftbound's board (issue 19: lazily)

        state, t = state.tick()
        obj: GameObject = state.obj(self.target)
        bl.check_move(state, obj, self.zone)
        off = bl.leaves_board(state, obj.zone, self.zone)
        if off:
            from arbiter.model.riftbound_attach import leave_board

            state = leave_board(state, self.target)  # Riftbound 719.5
            obj = state.obj(self.target)
        moved = bl.off_board(obj) if off else obj  # Riftbound 110
        state = state.with_object(replace(moved, zone=self.zone, timestamp=t))
        return state.with_event(
            Event(
                "move",
                (("target", self.target), ("from", obj.zone), ("to", self.zone)),
                ("A-TIME-1", *bl.RULES) if off else ("A-TIME-1",),
            )
        )


@dataclass(frozen=True, kw_only=True)
class Refuse(Step):
    """A step that always breaks a rule: used by tests and examples of illegal actions."""

    rule: str
    message: str

    def resolve(self, state: GameState) -> GameState:
        raise IllegalAction(self.rule, self.message)
