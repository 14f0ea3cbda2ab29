"""File format of the Altered day as a sequence (docs/format.md, "Altered: the day"): the
step ``pass`` and, under a ruleset whose day has ordered phases (``day_phases``), the steps
of other areas placed in the day: ``begin`` (a phase begins, Altered 4.2.a), the daily
effects ``morning``, ``dusk``, ``rest``, ``clean_up``, ``check_victory`` (4.2.c), the turn
effects ``play`` and ``activate`` (4.2.3.d) and ``emblem`` (2.2.14.d-e). Each is parsed by
its own area; under other rulesets it is that area's step unchanged."""

from __future__ import annotations

from collections.abc import Callable

from arbiter.model.altered_turns import InDay, Pass, TurnEffect
from arbiter.model.emblems import EmblemStep
from arbiter.model.format.context import ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.steps import Step


def _pass(node: Node, ctx: ParseContext) -> Step:
    """The player passes their turn in the Altered Afternoon (4.2.3.d)."""
    return Pass(player=ctx.player(node))


def _placed(
    area: Callable[[], dict[str, StepParser]], key: str, doc: str, **how: object
) -> StepParser:
    def parse(node: Node, ctx: ParseContext) -> Step:
        inner = area()[key](node, ctx)
        if not ctx.state.ruleset.day_phases:
            return inner
        extra = dict(how)
        if key == "begin":
            extra["begins"] = node.value
        if key == "play":
            extra["player"] = getattr(getattr(inner, "choices", None), "player", "")
        if isinstance(inner, EmblemStep):
            extra["emblem"] = inner.ability.duration
        return InDay(inner=inner, **extra)  # type: ignore[arg-type]

    parse.__doc__ = doc
    return parse


def _abilities() -> dict[str, StepParser]:
    from arbiter.model.format import area_abilities

    return area_abilities.STEPS


def _altered() -> dict[str, StepParser]:
    from arbiter.model.format import area_altered

    return area_altered.STEPS


def _rules() -> dict[str, StepParser]:
    from arbiter.model.format import area_altered_rules

    return area_altered_rules.STEPS


STEPS: dict[str, StepParser] = {
    "activate": _placed(
        _abilities,
        "activate",
        "Play a quick action (in the Altered Afternoon, a turn effect: 4.2.3.d).",
        turn_effect=TurnEffect.QUICK_ACTION,
    ),
    "begin": _placed(
        _abilities, "begin", 'A phase begins: its "at" triggers trigger (Altered 4.2.a-b).'
    ),
    "play": _placed(
        _altered,
        "play",
        "Play a card (in the Altered Afternoon, a turn effect: 4.2.3.d).",
        turn_effect=TurnEffect.CARD,
    ),
    "dusk": _placed(
        _altered, "dusk", "Dusk's daily effect, Progress (Altered 4.2.4).", daily="dusk"
    ),
    "rest": _placed(
        _altered, "rest", "Night's daily effect Rest (Altered 4.2.5.b).", daily="night"
    ),
    "emblem": _placed(_rules, "emblem", "An Ongoing Emblem in Limbo (Altered 2.2.14)."),
    "morning": _placed(
        _rules,
        "morning",
        "Morning: Succeed, Prepare, Draw, Expand (Altered 4.2.1).",
        begins="morning",
    ),
    "clean_up": _placed(
        _rules, "clean_up", "Night's daily effect Clean-up (Altered 4.2.5.c).", daily="night"
    ),
    "check_victory": _placed(
        _rules,
        "check_victory",
        "Night's daily effect Check Victory (Altered 4.2.5.d).",
        daily="night",
    ),
    "pass": _pass,
}
