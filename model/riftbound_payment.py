"""Paying Riftbound costs in the steps that play cards and use abilities (Core Rules 1.3:
131, 357, 381, 403-404, 805.1.a, 818.1.c, 820.1.c.1, 821.1.c). Steps ``pay`` (a cost paid
by a player: an ability's, 403-404) and ``rune`` (a rune's ability used: its Energy or
Power goes to the pool, 163.2); the hooks of ``play_card`` and ``equip`` when they say
``pay`` (without it nothing is paid, as before: Decision RB-PAY-2).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace

from arbiter.model import riftbound_costs as rc
from arbiter.model import riftbound_total_cost as tc
from arbiter.model.choicepoints import ChoicePoint, ChoosingStep, FixedChoice, Option
from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState
from arbiter.model.steps import Step

ACCELERATE_RULES = {True: "Riftbound 805.1.a.1", False: "Riftbound 805.1.a.2"}


@dataclass(frozen=True, slots=True)
class PlayOnly(Ability):
    """A passive of a card that says when it may be played ("Play me only during an
    opponent's turn"): it applies in every zone the card is played from (366.1)."""

    turn: str = "opponents"  # opponents or yours


def check_play_only(state: GameState, card: GameObject, player: str) -> None:
    """366.1: the card's own restriction on when it is played, read where it is."""
    for only in (a for a in card.abilities if isinstance(a, PlayOnly)):
        mine = state.active_player == player
        if mine == (only.turn == "opponents"):
            whose = "an opponent's turn" if only.turn == "opponents" else "its player's turn"
            raise IllegalAction("Riftbound 366.1", f"{card.id} is played only during {whose}")


def _applied_event(state: GameState, card: str, total: tc.TotalCost, rule: str) -> GameState:
    if not total.applied:
        return state
    fields: tuple[tuple[str, JSON], ...] = (
        ("card", card),
        ("applied", [a.as_json() for a in total.applied]),
        ("cost", total.cost.text()),
    )
    rules = (rule, "Riftbound 366.2", "Riftbound 356.4.e")
    return state.with_event(Event("cost_modified", fields, rules))


def printed_cost(card: GameObject) -> rc.Cost:
    """131, 131.4: the cost printed on the card, whatever was paid for it."""
    return tc.printed_cost(card)


def play_parts(card: GameObject, accelerate: bool, repeats: int) -> tuple[rc.Part, ...]:
    """356: the card's cost (131), Accelerate's when paid (805.1.a), one Repeat cost per
    Repeat paid, in the order the card prints them (820.1.c.1-3)."""
    parts = [rc.Part("play", tc.printed_cost(card), "Riftbound 131")]
    if accelerate:
        rule = ACCELERATE_RULES[len(rc.domains(card)) == 1]
        parts.append(rc.Part("accelerate", tc.accelerate_cost(card), rule))
    printed = tc.printed(card)
    costs = printed.repeat if printed is not None else ()
    if repeats > len(costs):
        raise IllegalAction(
            "Riftbound 820.1.c", f"{card.id} prints {len(costs)} Repeat costs (``costs.repeat``)"
        )
    parts += [rc.Part(f"repeat {n}", c, "Riftbound 820.1.c.1") for n, c in enumerate(costs, 1)][
        :repeats
    ]
    return tuple(parts)


def pay_to_play(
    state: GameState,
    card: GameObject,
    player: str,
    choice: rc.PayChoice,
    accelerate: bool,
    repeats: int,
) -> GameState:
    """357: the Total Cost of playing ``card`` (356) is paid; refused if it cannot be."""
    parts = play_parts(card, accelerate, repeats)
    total = tc.total_cost(state, card, player, parts, order=choice.order)
    state = _applied_event(state, card.id, total, "Riftbound 356")
    rules = ("Riftbound 357.1", "Riftbound 131.4")
    return rc.pay(
        state, player, total.parts, source=card.id, choice=choice, rules=rules, cost=total.cost
    )


def equip_parts(gear: GameObject) -> tuple[rc.Part, ...]:
    """818.1.c: the Equip cost the gear prints (resources, and [E]: 818.1.c.3)."""
    printed = tc.printed(gear)
    if printed is None or printed.equip is None:
        raise IllegalAction("Riftbound 818.1.c", f"{gear.id} prints no Equip cost (costs.equip)")
    return (rc.Part("equip", printed.equip, "Riftbound 818.1.c.2"),)


def equip_cost(state: GameState, gear: GameObject, player: str) -> tc.TotalCost:
    """818.1.c.4, 821.1.c.2: the Equip cost with the text that alters it."""
    return tc.total_cost(state, gear, player, equip_parts(gear), whole=False)


def check_equip_target(gear: GameObject, unit: GameObject) -> str:
    """818.1.c.5: Equip text may say where the chosen unit must be (``costs.equip_to``)."""
    printed = tc.printed(gear)
    where = printed.equip_to if printed is not None else ""
    if where and unit.zone != where:
        raise IllegalAction("Riftbound 818.1.c.5", f"{gear.id}'s Equip chooses a unit in {where}")
    return where


def check_equip_use(state: GameState, gear: GameObject, unit: GameObject, timing: str) -> str:
    """381, 150.2: Equip is used on its controller's turn in an Open State outside
    showdowns, unless its text says Action or Reaction (818.1.c.5, 806, 813); its text
    may restrict where the chosen unit is (818.1.c.5). The article that allows it."""
    printed = tc.printed(gear)
    allows = printed.equip_timing if printed is not None else ""
    where = check_equip_target(gear, unit)
    if timing == "closed" and allows != "reaction":
        raise IllegalAction("Riftbound 381", f"{gear.id}'s Equip is not used in a Closed State")
    if timing == "showdown" and allows not in ("action", "reaction"):
        raise IllegalAction("Riftbound 150.2", f"{gear.id}'s Equip is not used in a showdown")
    if timing == "open" and gear.controlled_by != state.active_player and allows != "reaction":
        raise IllegalAction("Riftbound 381", f"{gear.id}'s Equip is used on its controller's turn")
    return "Riftbound 818.1.c.5" if allows or where else "Riftbound 381"


def pay_equip(
    state: GameState, gear: GameObject, unit: GameObject, choice: rc.PayChoice
) -> GameState:
    """818.1.b-c: Equip's cost paid as it is used (403-404)."""
    player = gear.controlled_by
    total = equip_cost(state, gear, player)
    state = _applied_event(state, gear.id, total, "Riftbound 818.1.c.4")
    rules = ("Riftbound 404.1", "Riftbound 818.1.c.3")
    return rc.pay(
        state, player, total.parts, source=gear.id, choice=choice, rules=rules, cost=total.cost
    )


def weaponmaster_cost(state: GameState, gear: GameObject, unit: GameObject) -> tc.TotalCost:
    """821.1.c: the Equip cost as though used choosing the unit (821.1.c.2, its
    modifiers applied), reduced by [A] (an [A] of it, none when it has none: 821.1.c.3)."""
    total = equip_cost(state, gear, unit.controlled_by)
    parts = tuple(
        replace(p, cost=replace(p.cost, any_power=max(0, p.cost.any_power - 1)))
        for p in total.parts
    )
    return replace(total, parts=parts, whole=None)


def weaponmaster_pays(
    state: GameState, gear: GameObject, unit: GameObject, choice: rc.PayChoice
) -> GameState | None:
    """821.1.c: the reduced Equip cost paid, or None when it cannot be (821.1.c.5: the
    Equipment stays where it is)."""
    total = weaponmaster_cost(state, gear, unit)  # refused when no Equip cost is printed
    try:
        return rc.pay(
            state,
            unit.controlled_by,
            total.parts,
            source=gear.id,
            choice=choice,
            rules=("Riftbound 821.1.c", "Riftbound 821.1.c.2", "Riftbound 821.1.c.3"),
        )
    except IllegalAction:
        return None


# -- steps ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PayRun:
    """A ``pay`` step under way: the state, and the runes chosen (None: not yet)."""

    state: GameState
    plan: rc.PayChoice | None


@dataclass(frozen=True, kw_only=True)
class PayStep(ChoosingStep[PayRun]):
    """``pay: {player, cost, source, exhaust, recycle, any_from}``: the player pays a cost
    (an ability's, 403-404); refused when it cannot be paid. Without runes named, which
    runes pay is a choice point of the player (357.1.a): by default the plan of Decision
    RB-PAY-1, every minimal plan under ``--outcomes`` (model/riftbound_pay_plans.py)."""

    player: str
    cost: rc.Cost
    source: str | None = None
    choice: rc.PayChoice = rc.AUTO

    def target_ids(self) -> tuple[str, ...]:
        return () if self.source is None else (self.source,)

    def _parts(self, state: GameState) -> tuple[tc.TotalCost, tuple[rc.Part, ...]]:
        part = rc.Part("ability", self.cost, "Riftbound 404.1")
        if self.source is None:
            return tc.TotalCost((part,), ()), (part,)
        card = state.obj(self.source)
        total = tc.total_cost(state, card, self.player, (part,), whole=False)
        return total, total.parts

    def start(self, state: GameState) -> PayRun:
        return PayRun(state, None if self.choice.auto else self.choice)

    def point(self, run: PayRun) -> ChoicePoint | None:
        if run.plan is not None:
            return None
        from arbiter.model.riftbound_pay_plans import plans

        total, _ = self._parts(run.state)
        found = plans(run.state, self.player, replace(total.cost, exhaust=False))
        if not found:
            return None  # it cannot be paid: ``finish`` refuses it
        options = tuple(
            Option(
                f"exhaust {','.join(p.exhaust) or '-'}; recycle {','.join(p.recycle) or '-'}",
                (("exhaust", list(p.exhaust)), ("recycle", list(p.recycle))),
            )
            for p in found
        )
        return ChoicePoint(self.player, "Riftbound 357.1.a", options)

    def take(self, run: PayRun, option: Option) -> PayRun:
        data = dict(option.data)
        exhaust, recycle = data["exhaust"], data["recycle"]
        assert isinstance(exhaust, list) and isinstance(recycle, list)
        plan = rc.PayChoice(
            tuple(str(r) for r in exhaust),
            tuple(str(r) for r in recycle),
            self.choice.any_from,
            auto=False,
        )
        return PayRun(run.state, plan)

    def finish(self, run: PayRun) -> GameState:
        _, parts = self._parts(run.state)
        choice = run.plan if run.plan is not None else self.choice
        return rc.pay(run.state, self.player, parts, source=self.source, choice=choice)

    def key(self, run: PayRun) -> Hashable:
        return None if run.plan is None else (run.plan.exhaust, run.plan.recycle)

    def match(self, run: PayRun, point: ChoicePoint, choice: FixedChoice) -> Option:
        for option in point.options:
            if option.as_json() == dict(choice.data):
                return option
        raise IllegalAction("Riftbound 357.1.a", "these runes are no minimal way to pay")


@dataclass(frozen=True, kw_only=True)
class RuneStep(Step):
    """``rune: {target, use: exhaust | recycle}``: a Basic Rune's ability (163.2): its
    Energy or its domain's Power goes to its controller's Rune Pool."""

    target: str
    use: str = "exhaust"

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        player = state.obj(self.target).controlled_by
        if self.use == "recycle":
            return rc.recycle_rune(state, self.target, player)
        return rc.exhaust_rune(state, self.target, player)
