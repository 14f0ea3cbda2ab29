"""``arbiter check``: replacement effects of two cards that compete for one event (R-5: who
chooses) or chain on it, where the choice changes what happens (``replacement-competition``).
A "may" alone, or the choice of a target, is not a competition; the pruning by event kind
and object kind never loses one; the witness runs and finds the outcomes it states."""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.scenario import parse_file
from arbiter.solver.check.base import build_index
from arbiter.solver.check.catalogue import TUPLE_CHECKS
from arbiter.solver.check.diagnostics import examine, plan, run_check
from arbiter.solver.check.witness import write_witnesses
from arbiter.solver.choices.outcomes import enumerate_outcomes
from tests.helpers import ROOT

CARDSETS = ROOT / "examples" / "cardsets"
CODE = "replacement-competition"


def _found(text: str) -> list[tuple[str, tuple[str, ...], str]]:
    result = run_check(load_cardset("set.yaml", textwrap.dedent(text)))
    return [(d.code, d.cards, d.message) for d in result.diagnostics if d.code == CODE]


def _card(cid: str, kind: str, when: str, instead: str, may: bool = False) -> str:
    extra = ", may: true" if may else ""
    return (
        f"  {cid}: {{kind: {kind}, base: {{health: 3}}, replacements: "
        f"[{{id: r, when: {when}, instead: {instead}{extra}}}]}}\n"
    )


YOURS = "{event: wounded, object: {side: yours, kind: creature}}"


@pytest.mark.rule("R-5", "R-4", "R-6", "CHECK-REPL")
def test_flawed_set_seeds_one_competition_with_a_runnable_witness(tmp_path: Path) -> None:
    """The Bone warden ("your character is wounded: the warden is wounded instead") and the
    Mirror idol ("... instead it gains that many extra lives") both wait for a wound to a
    character of yours: applied warden first, the idol then turns the warden's wounds into
    its lives; idol first, the character gains them. Two outcomes, and one player chooses."""
    result = run_check(load_cardset(str(CARDSETS / "flawed.yaml")))
    found = [d for d in result.diagnostics if d.code == CODE]
    assert [d.cards for d in found] == [("bone_warden", "mirror_idol")]
    d = found[0]
    assert d.severity.value == "warning" and d.rules[:2] == ("R-5", "R-4")
    assert "(you) chooses" in d.message and "2 distinct outcomes" in d.message
    assert "bone_warden +2 lives" in d.message and "ayako +2 lives" in d.message
    (path,) = write_witnesses([d], str(tmp_path))
    assert path is not None
    doc = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    assert doc["expect"] == {"outcomes.count": 2}
    assert [next(iter(s)) for s in doc["steps"]] == ["game-action"]
    outcomes = enumerate_outcomes(parse_file(path))
    assert len(outcomes.outcomes) == 2


@pytest.mark.rule("R-5")
def test_replacements_of_both_players_let_the_active_player_choose() -> None:
    """Mine waits for wounds to my creatures, yours for wounds to your enemies' creatures:
    they compete only when the cards are on opposite sides, and then the active player
    chooses (R-5)."""
    text = "ruleset: berserk\ncards:\n"
    text += _card("ward", "creature", YOURS, "{event: gains-lives}")
    text += _card(
        "spite", "artifact", "{event: wounded, object: {side: enemy, kind: creature}}", "{add: 1}"
    )
    found = _found(text)
    assert [(c, cards) for c, cards, _ in found] == [(CODE, ("spite", "ward"))]
    assert "the active player (you) chooses" in found[0][2]


@pytest.mark.rule("R-5", "R-4", "CHECK-REPL")
def test_competitors_with_the_same_result_are_not_reported() -> None:
    """Two cards that both say "your creature takes no wounds instead": whichever applies,
    nothing happens, so the choice changes nothing."""
    text = "ruleset: berserk\ncards:\n"
    text += _card("a", "creature", YOURS, "nothing")
    text += _card("b", "artifact", YOURS, "nothing")
    assert _found(text) == []


@pytest.mark.rule("R-1", "R-6", "CHECK-REPL")
def test_a_may_or_a_target_choice_alone_is_no_competition() -> None:
    """The Dark Druid ("you may wound any enemy creature instead") and the Soul Stone chain
    (R-6): the Stone takes the wounds meant for a dark hero-mage. The outcomes differ only
    by the Druid's "may" and its target, which no second replacement changes: no diagnostic
    (the Berserk set is clean), though the pair is examined."""
    cardset = load_cardset(str(CARDSETS / "berserk.yaml"))
    index = build_index(cardset)
    units = [u for u in plan(index).units if u[0] == CODE]
    assert (CODE, ("dark_druid", "soul_stone")) in units
    assert [d for d in run_check(cardset).diagnostics if d.code == CODE] == []
    # the chain happens in the game the pair is examined in
    from arbiter.solver.check import replacement as cr

    placed = {"dark_druid": "you", "soul_stone": "opponent"}
    others = cr._sides(index, ("dark_druid", "soul_stone"), placed)
    assert others.get("dark_hero_mage") == "opponent"
    state = cr._mandatory(cr._state(index, placed, others, frozenset(placed)))
    (event,) = [e for e in cr._events(state, tuple(placed)) if e.target == "dark_druid"]
    outcomes, dependent, chooser = cr._outcomes(state, event)
    assert chooser == "" and not dependent  # everything is forced: no decision at all
    assert list(outcomes.values()) == [
        "dark_druid_gift then soul_stone_shield: soul_stone +2 damage"
    ]


POOL = [
    ("creature", YOURS, "{event: gains-lives}"),
    ("creature", YOURS, "{object: self}"),
    ("artifact", YOURS, "nothing"),
    ("artifact", "{event: wounded, object: {side: enemy, kind: creature}}", "{add: 1}"),
    ("creature", "{event: gains-lives, object: {side: yours}}", "{event: wounded, object: self}"),
    ("artifact", "{event: wounded, object: {kind: artifact}}", "{amount: 1}"),
]


@st.composite
def replacement_sets(draw: st.DrawFn) -> str:
    lines = "ruleset: berserk\ncards:\n"
    picks = draw(st.lists(st.sampled_from(range(len(POOL))), min_size=2, max_size=4))
    for i, p in enumerate(picks):
        kind, when, instead = POOL[p]
        lines += _card(f"c{i}", kind, when, instead, may=draw(st.booleans()))
    for i in range(draw(st.integers(0, 2))):
        lines += f"  plain{i}: {{kind: {draw(st.sampled_from(['creature', 'artifact']))}}}\n"
    return lines


@pytest.mark.rule("R-5", "CHECK-SUBJ")
@settings(max_examples=25, deadline=None)
@given(replacement_sets())
def test_pruning_never_loses_a_competition(text: str) -> None:
    """Examining only the pairs where one card's replacements wait for (or make) an event
    of a kind, on an object kind, that the other's wait for finds every competition that
    examining every ordered pair of cards finds."""
    index = build_index(load_cardset("set.yaml", text))
    (check,) = [c for c in TUPLE_CHECKS if c.name == CODE]
    every = [(CODE, combo) for combo in itertools.permutations(index.cardset.cards, 2)]
    pruned = [u for u in plan(index).units if u[0] == CODE]
    assert {(d.code, d.cards) for d in examine(index, pruned)} == {
        (d.code, d.cards) for d in examine(index, every)
    }
    assert check.codes == (CODE,)
