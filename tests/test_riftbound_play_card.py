"""Playing and hiding Riftbound cards (Core Rules 1.3): ``play_card`` and ``hide`` — when a
card may be played (316.2.b, Action 806, Reaction 813), where a permanent enters (813.3.a,
Ambush 822, Hidden 811), entering exhausted (143.4) or ready (Accelerate 805), Legion
(812), Repeat (820), and hidden cards at the Cleanup (107.3)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  bay: {owner: bo, kind: battlefield, zone: battlefield, controller: bo}
  post: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield, at: bay}
  target: {owner: bo, kind: unit, base: {might: 9}, zone: base}
  grunt: {owner: ana, kind: unit, base: {might: 2}, zone: hand}
  racer: {owner: ana, kind: unit, base: {might: 2}, zone: hand, features: [Accelerate]}
  lurker: {owner: ana, kind: unit, base: {might: 3}, zone: hand, features: [Ambush]}
  axe: {owner: ana, kind: gear, zone: hand}
  bolt: {owner: ana, kind: spell, zone: hand, features: [Action]}
  parry: {owner: bo, kind: spell, zone: hand, features: [Reaction]}
  plan: {owner: bo, kind: spell, zone: hand}
  trap: {owner: ana, kind: spell, zone: hand, features: [Hidden]}
  barrage: {owner: ana, kind: spell, zone: hand, features: {Repeat: 2}}
steps:
"""


def run(*steps: str) -> dict[str, Any]:
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


def rule_of(*steps: str) -> str:
    out = run(*steps)
    assert "illegal" in out, [e["kind"] for e in out["events"]]
    rule: str = out["illegal"]["rule"]
    return rule


def played(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == "play_card"]


@pytest.mark.rule(
    "Riftbound 143.4",
    "Riftbound 143.4.a",
    "Riftbound 805.1.a",
    "Riftbound 805.6",
    "Riftbound 805.6.a",
    "Riftbound 805.2",
)
def test_a_unit_enters_exhausted_unless_its_accelerate_is_paid() -> None:
    out = run("play_card: {card: grunt}", "play_card: {card: racer, accelerate: true}")
    assert out["objects"]["grunt"]["counters"]["exhausted"] == 1
    assert "counters" not in out["objects"]["racer"] or not out["objects"]["racer"]["counters"]
    assert [e["ready"] for e in played(out)] == [False, True]
    assert not [e for e in out["events"] if e["kind"] in ("ready", "awaken")]  # 805.6.a
    assert rule_of("play_card: {card: grunt, accelerate: true}") == "Riftbound 805.1.a"


@pytest.mark.rule(
    "RB-PLAY", "Riftbound 316.2.b", "Riftbound 806.1.b", "Riftbound 806.1.c.1", "Riftbound 806.2"
)
def test_action_lets_a_card_be_played_in_showdowns_and_keeps_the_usual_timing() -> None:
    assert "illegal" not in run("play_card: {card: bolt, timing: showdown}")
    assert "illegal" not in run("play_card: {card: bolt}")  # 806.2: still in the Main Phase
    assert rule_of("play_card: {card: grunt, timing: showdown}") == "Riftbound 806.1.b"
    assert rule_of("play_card: {card: plan}") == "Riftbound 316.2.b"  # not bo's turn


@pytest.mark.rule(
    "Riftbound 813.1.b", "Riftbound 813.1.c", "Riftbound 813.1.c.1", "Riftbound 813.2"
)
def test_reaction_lets_a_card_be_played_in_closed_states_and_showdowns_on_any_turn() -> None:
    for timing in ("closed", "showdown"):
        assert "illegal" not in run(f"play_card: {{card: parry, timing: {timing}}}")
    assert rule_of("play_card: {card: bolt, timing: closed}") == "Riftbound 813.1.c.1"
    assert rule_of("play_card: {card: parry}") == "Riftbound 316.2.b"  # bo's, on ana's turn


@pytest.mark.rule(
    "Riftbound 813.3", "Riftbound 813.3.a", "Riftbound 806.3", "Riftbound 811.1.d.1.a"
)
def test_a_unit_enters_its_base_or_a_battlefield_its_player_controls() -> None:
    out = run("play_card: {card: grunt, to: ridge}")
    assert out["objects"]["grunt"]["zone"] == "battlefield"
    assert rule_of("play_card: {card: grunt, to: bay}") == "Riftbound 813.3.a"
    assert rule_of("play_card: {card: axe, to: ridge}") == "Riftbound 811.1.d.1.a"
    # 806.3: Action gives a time to play, not a place
    action_unit = HEAD.replace(
        "zone: hand, features: [Accelerate]}", "zone: hand, features: [Action]}"
    )
    out = view(action_unit + "  - play_card: {card: racer, timing: showdown, to: bay}\n")
    assert out["illegal"]["rule"] == "Riftbound 813.3.a"


@pytest.mark.rule("Riftbound 822.1.b", "Riftbound 822.1.c", "Riftbound 822.3", "Riftbound 822.3.a")
def test_ambush_plays_a_unit_where_its_player_has_units_with_reaction() -> None:
    out = run("play_card: {card: lurker, to: bay, timing: closed}")
    assert out["objects"]["lurker"]["zone"] == "battlefield"
    assert played(out)[0]["rules"] == ["Riftbound 822.1.b", "Riftbound 822.1.b", "Riftbound 143.4"]
    # 822.3.a: at a battlefield its player controls it may enter without Ambush's permission
    assert "illegal" not in run("play_card: {card: lurker, to: ridge}")
    # without units of its player there, Ambush gives neither the place nor Reaction
    no_post = HEAD.replace("zone: battlefield, at: bay}", "zone: base}")
    out = view(no_post + "  - play_card: {card: lurker, to: bay}\n")
    assert out["illegal"]["rule"] == "Riftbound 813.3.a"


@pytest.mark.rule("Riftbound 812.1.b.1", "Riftbound 812.1.c", "Riftbound 812.2")
def test_legion_is_satisfied_by_another_card_played_this_turn() -> None:
    out = run("play_card: {card: grunt}", "play_card: {card: racer}", "end_turn: {}")
    assert [e["legion"] for e in played(out)] == [False, True]
    out = run(
        "play_card: {card: grunt}", "end_turn: {}", "end_turn: {}", "play_card: {card: racer}"
    )
    assert [e["legion"] for e in played(out)] == [False, False]  # a new turn


@pytest.mark.rule(
    "Riftbound 820.1.b",
    "Riftbound 820.1.c.2",
    "Riftbound 820.1.c.3",
    "Riftbound 820.1.d",
    "Riftbound 820.1.d.1",
    "Riftbound 820.2",
    "Riftbound 820.2.a",
    "Riftbound 820.3",
    "Riftbound 820.3.a",
)
def test_each_repeat_paid_executes_the_spell_again_with_its_own_choices_played_once() -> None:
    out = run(
        "play_card: {card: barrage, steps: [{might: {target: target, add: -1}}],"
        " repeats: [[{might: {target: target, add: -2}}],"
        " [{might: {target: target, add: -1}}]]}"
    )
    assert "illegal" not in out, out.get("illegal")
    assert out["objects"]["target"]["might"]["shown"] == 9 - 4
    assert len(played(out)) == 1 and played(out)[0]["executions"] == 3
    assert out["objects"]["barrage"]["zone"] == "trash"
    three = "[{might: {target: target, add: -1}}]"
    assert rule_of(f"play_card: {{card: barrage, repeats: [{three}, {three}, {three}]}}") == (
        "Riftbound 820.1.c.3"
    )


@pytest.mark.rule(
    "Riftbound 811.1",
    "Riftbound 811.1.b",
    "Riftbound 811.1.c",
    "Riftbound 811.1.c.2",
    "Riftbound 811.1.c.3",
    "Riftbound 811.6",
    "Riftbound 811.1.c.1",
    "Riftbound 811.3",
    "Riftbound 107.3",
    "Riftbound 107.3.a",
)
def test_a_hidden_card_goes_facedown_then_is_played_with_reaction_at_its_battlefield() -> None:
    out = run("hide: {card: trap, at: ridge}", "play_card: {card: trap, timing: closed, to: ridge}")
    assert "illegal" not in out, out.get("illegal")
    assert out["objects"]["trap"]["zone"] == "trash"
    assert played(out)[0]["rules"][0] == "Riftbound 811.6"
    assert played(out)[0]["legion"] is False  # 811.1.c.1: hiding is not playing
    assert rule_of("hide: {card: grunt, at: ridge}") == "Riftbound 811.1"
    # 811.3: a card with Hidden may also be played as usual
    assert "illegal" not in run("play_card: {card: trap}")
    assert rule_of("hide: {card: trap, at: bay}") == "Riftbound 107.3.c"


@pytest.mark.rule("Riftbound 107.3.b", "Riftbound 107.3.c", "Riftbound 811.1.d.1")
def test_a_battlefield_holds_one_facedown_card_and_a_hidden_unit_enters_there() -> None:
    text = HEAD.replace(
        "steps:\n",
        "  sneak: {owner: ana, kind: unit, base: {might: 1}, zone: hand,"
        " features: [Hidden]}\nsteps:\n",
    )
    out = view(text + "  - hide: {card: sneak, at: ridge}\n  - hide: {card: trap, at: ridge}\n")
    assert out["illegal"]["rule"] == "Riftbound 107.3.b"
    out = view(
        text + "  - hide: {card: sneak, at: ridge}\n  - play_card: {card: sneak, to: base}\n"
    )
    assert out["illegal"]["rule"] == "Riftbound 811.1.d.1"


@pytest.mark.rule("Riftbound 107.3.d", "Riftbound 323.6", "Riftbound 323.7")
def test_a_hidden_card_is_removed_at_the_cleanup_after_its_battlefield_is_lost() -> None:
    out = run(
        "hide: {card: trap, at: ridge}", "conquer: {battlefield: ridge, player: bo}", "cleanup: {}"
    )
    assert out["objects"]["trap"]["zone"] == "trash"
    guarded = HEAD.replace(
        "steps:\n",
        "  guard: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield,"
        " at: ridge}\nsteps:\n",
    )
    kept = view(guarded + "  - hide: {card: trap, at: ridge}\n  - cleanup: {}\n")
    assert kept["objects"]["trap"]["zone"] == "facedown"
    # 323.6 then 323.7: a battlefield without units becomes uncontrolled, and its hidden
    # card is removed
    gone = run("hide: {card: trap, at: ridge}", "cleanup: {}")
    assert gone["objects"]["trap"]["zone"] == "trash"
    assert kept["objects"]["ridge"].get("controller") in (None, "", "ana")


@pytest.mark.rule("Riftbound 811.1.d", "Riftbound 811.1.d.2")
def test_a_spell_played_from_hidden_chooses_among_objects_at_its_battlefield() -> None:
    text = HEAD.replace(
        "steps:\n",
        "  guest: {owner: bo, kind: unit, base: {might: 4}, zone: battlefield,"
        " at: ridge}\nsteps:\n",
    )
    hidden = "  - hide: {card: trap, at: ridge}\n"
    out = view(
        text + hidden + "  - play_card: {card: trap, timing: closed, to: ridge,"
        " steps: [{might: {target: target, add: -1}}]}\n"
    )
    assert out["illegal"]["rule"] == "Riftbound 811.1.d.2"
    out = view(
        text + hidden + "  - play_card: {card: trap, timing: closed, to: ridge,"
        " steps: [{might: {target: guest, add: -1}}]}\n"
    )
    assert "illegal" not in out and out["objects"]["guest"]["might"]["shown"] == 3
    # played as usual (811.3), the same spell may choose anywhere
    out = view(text + "  - play_card: {card: trap, steps: [{might: {target: target, add: -1}}]}\n")
    assert "illegal" not in out
