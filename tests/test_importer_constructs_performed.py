"""Constructs of the card language that imported lines needed, performed by the engine:
Resupply, "if you do", tokens the line describes, exchanges, buffs, Nth-counter triggers,
and what the engine refuses with its article. The readings of the same constructs are
in tests/test_importer_constructs.py. Every card text here is invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.errors import IllegalAction

# -- performed -------------------------------------------------------------------------------


def _run(tmp_path: Path, text: str) -> object:
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.engine.runner import run

    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return run(parse_file(str(path)))


def _passes(result: object, checks: int) -> None:
    found = [c.passed for c in result.checks]  # type: ignore[attr-defined]
    assert found == [True] * checks


ALTERED = """
ruleset: altered
players: [ana, bo]
objects:
  sage: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1}}
  top: {owner: ana, kind: character, zone: deck}
  next: {owner: ana, kind: character, zone: deck}
  last: {owner: ana, kind: character, zone: deck}
steps:
"""


@pytest.mark.rule("IMP-PERFORM", "Altered 7.3.22", "Altered 7.3.11")
def test_resupply_puts_the_top_card_in_reserve_and_exhausted_resupply_exhausts_it(
    tmp_path: Path,
) -> None:
    result = _run(tmp_path, ALTERED + """
  - perform: {by: sage, do: {resupply: 1}}
  - expect: {top.zone: reserve, next.zone: deck}
  - perform: {by: sage, do: {exhausted_resupply: 1}}
  - expect: {next.zone: reserve, next.counters.exhausted: 1, last.zone: deck}
""")  # fmt: skip
    _passes(result, 5)


@pytest.mark.rule("IMP-PERFORM", "A-SPELL-3")
def test_if_you_do_happens_only_after_the_effect_before_was_done(tmp_path: Path) -> None:
    result = _run(tmp_path, ALTERED + """
  - perform:
      by: sage
      may: false
      do: [{draw: 1, may: true}, {resupply: 1, if: {done: true}}]
  - expect: {top.zone: deck, next.zone: deck}
  - perform:
      by: sage
      do: [{draw: 1, may: true}, {resupply: 1, if: {done: true}}, {resupply: 1, if: {done: true}}]
  - expect: {top.zone: hand, next.zone: reserve, last.zone: reserve}
""")  # fmt: skip
    _passes(result, 5)


@pytest.mark.rule("IMP-PERFORM", "Altered 7.3.4", "A-CHAR-1")
def test_a_described_token_is_created_with_its_characteristics_in_each_expedition(
    tmp_path: Path,
) -> None:
    result = _run(tmp_path, ALTERED + """
  - perform:
      by: sage
      do: {create: {token: hound, name: Hound, kind: character, at: each_expedition,
                    stats: {forest: 2, mountain: 1, water: 3}, subtypes: [Beast]}}
  - expect: {hound_1.zone: "expedition:hero", hound_2.zone: "expedition:companion",
             hound_1.kind: character, hound_2.owner: ana}
""")  # fmt: skip
    _passes(result, 4)
    state = result.state  # type: ignore[attr-defined]
    assert state.objects["hound_1"].base["forest"] == 2
    assert state.objects["hound_1"].base["subtypes"] == frozenset({"Beast"})


@pytest.mark.rule("IMP-PERFORM", "Riftbound 184", "Riftbound 182.1.d")
def test_a_token_the_line_says_enters_exhausted_is_created_exhausted() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    sage = GameObject("sage", "ana", "unit", zone="base")
    state = GameState(RULESETS["riftbound"], objects={"sage": sage}, players=("ana", "bo"))
    made = {
        entry: resolve_effects(
            state,
            (a.Effect(a.CreateToken("mech", kind="unit", stats=(("might", 3),), enters=entry),
                      a.YOU),),
            ev.Context("sage", {}, {}),
        ).objects["mech_1"]
        for entry in a.TokenEntry
    }  # fmt: skip
    assert made[a.TokenEntry.EXHAUSTED].counters.get("exhausted") == 1
    assert "exhausted" not in made[a.TokenEntry.READY].counters


@pytest.mark.rule("IMP-PERFORM", "Altered 7.3.9")
def test_an_exchange_puts_each_card_where_the_other_was(tmp_path: Path) -> None:
    result = _run(tmp_path, """
ruleset: altered
players: [ana, bo]
objects:
  sage: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1}}
  kept: {owner: ana, kind: spell, zone: hand}
  spare: {owner: ana, kind: character, zone: reserve}
steps:
  - perform:
      by: sage
      do: {exchange: {target: {choose: 1, at: reserve}, with: {choose: 1, at: hand}}}
      choose: {0: [spare], 0.other: [kept]}
  - expect: {spare.zone: hand, kept.zone: reserve}
""")  # fmt: skip
    _passes(result, 2)


@pytest.mark.rule("IMP-PERFORM", "Riftbound 426.1.b", "CTR-1")
def test_a_buff_is_never_a_second_counter(tmp_path: Path) -> None:
    result = _run(
        tmp_path,
        """
ruleset: riftbound
players: [ana, bo]
objects:
  scout: {owner: ana, kind: unit, zone: base, base: {might: 2}}
steps:
  - perform: {by: scout, do: {counters: {name: buff, add: 1, most: 1}}}
  - perform: {by: scout, do: {counters: {name: buff, add: 1, most: 1}}}
  - expect: {scout.counters.buff: 1}
""",
    )
    _passes(result, 1)


@pytest.mark.rule("IMP-PERFORM", "Altered 7.3.12", "TRIG-1")
def test_an_nth_counter_trigger_fires_when_the_counter_reaches_that_many() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import fires
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    when = a.When(a.EventKind.COUNTER, a.SELF, name="Omen", change="up", reaches=3)
    ctx = ev.Context("seer", {}, {})
    for count, fired in ((2, False), (3, True), (4, False)):
        seer = GameObject("seer", "ana", "character", counters={"Omen": count})
        state = GameState(RULESETS["altered"], objects={"seer": seer}, players=("ana", "bo"))
        assert fires(state, ctx, when, a.EventKind.COUNTER, "seer") is fired


@pytest.mark.rule("IMP-PERFORM", "Riftbound 383.2.c")
def test_a_trigger_once_for_one_or_more_objects_is_refused_as_not_modelled() -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import fires
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    when = a.When(a.EventKind.DIES, a.Selector(a.Pick.ALL), batch=True)
    seer = GameObject("seer", "ana", "unit")
    state = GameState(RULESETS["riftbound"], objects={"seer": seer}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not modelled"):
        fires(state, ev.Context("seer", {}, {}), when, a.EventKind.DIES, "seer")


@pytest.mark.rule(
    "IMP-PERFORM", "Riftbound 430", "Altered 7.3.19", "Altered 7.3.1", "Altered 7.3.2"
)
@pytest.mark.parametrize(
    "effect",
    [
        a.Effect(a.MoveTo(a.ZoneMove.CHANNEL), a.YOU, a.Const(1)),
        a.Effect(a.RollDie(), a.YOU),
        a.Effect(a.Activate(a.When(a.EventKind.PLAYED, a.SELF)), a.SELF),
        a.Effect(a.EndTurn(), a.YOU),
        a.Effect(a.ChooseOne(((a.Effect(a.RollDie(), a.YOU),), ())), a.YOU),
        a.Effect(a.Delayed(a.When(a.EventKind.PLAYED, a.SELF), ()), a.YOU),
        a.Effect(a.ModifyStat("might", minimum=1), a.SELF, a.Const(-1)),
        a.Effect(a.Play(a.PlayCost.FREE), a.SELF),
        a.Effect(a.CreateToken("gold", kind="gear", defined_by="Riftbound 184.5"), a.YOU),
    ],
    ids=lambda e: type(e.action).__name__,
)
def test_what_the_engine_cannot_do_yet_is_refused_with_its_article(effect: a.Effect) -> None:
    from arbiter.model.effects import evaluate as ev
    from arbiter.model.effects.perform import resolve_effects
    from arbiter.model.ruleset import RULESETS
    from arbiter.model.state import GameObject, GameState

    sage = GameObject("sage", "ana", "character")
    state = GameState(RULESETS["altered"], objects={"sage": sage}, players=("ana", "bo"))
    with pytest.raises(IllegalAction, match="not modelled"):
        resolve_effects(state, (effect,), ev.Context("sage", {}, {}))


# -- a whole invented pool, imported and checked ---------------------------------------------


@pytest.mark.rule("IMP-ALGEBRA", "IMP-FULL", "CHECK-IMPORT")
@pytest.mark.parametrize("game", ["altered", "riftbound"])
def test_an_invented_pool_of_the_new_constructs_imports_full_and_checks_clean(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from arbiter.solver.cli.main import main
    from tests.helpers import ROOT

    source = ROOT / "tests" / "fixtures" / "import" / f"{game}_constructs.json"
    with pytest.raises(SystemExit) as exc:
        main(["import", game, str(source), "-o", str(tmp_path)])
    assert exc.value.code in (0, None)
    report = json.loads((tmp_path / "import-report.json").read_text())
    data = json.loads(source.read_text())
    cards = len(data["cards"] if isinstance(data, dict) else data)
    assert report["full"] == report["cards"] == cards, [
        (c["name"], c["not_modelled"]) for c in report["per_card"] if c["not_modelled"]
    ]
    capsys.readouterr()
    (cardset,) = [p for p in tmp_path.glob("*.yaml") if "part" not in p.name]
    with pytest.raises(SystemExit) as exc:
        main(["check", str(cardset), "--json"])
    out = capsys.readouterr().out
    assert exc.value.code in (0, None)
    assert [d for d in json.loads(out)["diagnostics"] if d["severity"] == "error"] == []
