"""``arbiter check`` diagnostics: each kind found on flawed.yaml, none on the seed sets,
every witness runs and shows its problem, and the pruning never loses a diagnostic."""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model.errors import InputError
from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.loop_input import load_for_loops
from arbiter.model.format.scenario import parse_file
from arbiter.solver.check.base import Diagnostic, build_index
from arbiter.solver.check.catalogue import TUPLE_CHECKS
from arbiter.solver.check.diagnostics import examine, plan, run_check
from arbiter.solver.check.witness import write_witnesses
from arbiter.solver.cli.check_output import implemented_codes
from arbiter.solver.engine.runner import run
from arbiter.solver.loops.report import analyse, check_expectations
from tests.helpers import ROOT

CARDSETS = ROOT / "examples" / "cardsets"
CLEAN = ["eredan", "berserk", "altered"]


def check_text(text: str, name: str = "set.yaml") -> list[Diagnostic]:
    return list(run_check(load_cardset(name, textwrap.dedent(text))).diagnostics)


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


@pytest.fixture(scope="module")
def flawed() -> list[Diagnostic]:
    return list(run_check(load_cardset(str(CARDSETS / "flawed.yaml"))).diagnostics)


@pytest.mark.rule("CHECK-REF", "A-CHAR-2", "B-NAMED-1", "E-IMM-1b", "E-DIV")
def test_flawed_yields_each_implemented_kind_once(flawed: list[Diagnostic]) -> None:
    # not-modelled (an info about imported cards, without a witness) is found on imported
    # pools: tests/test_importers.py
    assert sorted(codes(flawed)) == sorted(c for c in implemented_codes() if c != "not-modelled")


@pytest.mark.parametrize("game", CLEAN)
def test_the_seed_card_sets_are_clean(game: str) -> None:
    assert run_check(load_cardset(str(CARDSETS / f"{game}.yaml"))).diagnostics == ()


@pytest.mark.rule("D-PREV-3")
def test_the_riftbound_set_holds_exactly_the_ruling_of_decision_d_prev_3() -> None:
    """Hextech Ray (3) with Annie's +1 against the Poro's prevention of 3 is the very example
    of Decision D-PREV-3: 1 damage counting the bonus, 0 base-first. The set is otherwise
    clean: Singularity's 6 is above the prevention, Volibear's split is read alike (D-PREV-3b)."""
    found = run_check(load_cardset(str(CARDSETS / "riftbound.yaml"))).diagnostics
    assert [(d.code, d.cards) for d in found] == [
        ("ruling-D-PREV-3", ("annie_fiery", "hextech_ray", "stalwart_poro"))
    ]


def test_every_diagnostic_names_its_cards_rules_and_place(flawed: list[Diagnostic]) -> None:
    for d in flawed:
        assert d.cards and d.rules and d.locations and d.witness is not None
        assert d.locations[0].file.endswith("flawed.yaml")
        assert all(c in d.message for c in d.cards)


def test_every_witness_runs_and_shows_its_problem(flawed: list[Diagnostic], tmp_path: Path) -> None:
    for d, path in zip(flawed, write_witnesses(flawed, str(tmp_path)), strict=True):
        assert path is not None
        if d.code == "unknown-characteristic":
            # a scenario refuses a characteristic no object has: the located error is the show
            with pytest.raises(InputError) as refused:
                parse_file(path)
            assert "expected a characteristic that some object has" in refused.value.message
            continue
        if d.code.startswith("loop-"):
            # a loop is shown by the loop search on the cards' minimal state (LOOP-4)
            data = load_for_loops(path)
            report = analyse(data)
            checks = check_expectations(report, data)
            assert checks and all(ok for *_, ok in checks), (d.code, checks)
            assert report.verdict.mandatory is (d.code == "loop-mandatory")
            continue
        result = run(parse_file(path))
        assert result.ok, (d.code, [c.as_json() for c in result.checks if not c.passed])
        assert result.passed >= 1
        for suffix, _ in d.witness.variants if d.witness else ():
            other = run(parse_file(path[: -len(".yaml")] + f".{suffix}.yaml"))
            assert other.ok and other.passed >= 1, (d.code, suffix)


@pytest.mark.rule("CHECK-REF")
def test_a_misspelt_characteristic_is_unknown_not_absent() -> None:
    found = check_text(
        """\
        ruleset: eredan
        cards:
          hero: {kind: character, base: {defense: 2}}
          charm:
            kind: spell
            roles: {t: character}
            effect: [{modify: {target: t, stat: defence, op: add, value: 1}}]
        """
    )
    assert codes(found) == ["unknown-characteristic"]


@pytest.mark.rule("A-CHAR-2")
def test_a_characteristic_an_effect_gives_is_not_absent() -> None:
    found = check_text(
        """\
        ruleset: altered
        cards:
          hero: {kind: character, base: {forest: 2}}
          grove: {kind: landmark}
          awaken:
            kind: spell
            roles: {t: landmark}
            effect:
              - gain: {target: t, stat: forest, value: 1}
              - modify: {target: t, stat: forest, op: add, value: 1}
        """
    )
    assert found == []


@pytest.mark.rule("B-NAMED-1")
def test_a_gain_is_useful_when_some_card_can_lose_the_feature() -> None:
    text = """\
        ruleset: berserk
        cards:
          vet: {kind: creature, base: {health: 3}, features: {Armor: 3}}
          drill:
            kind: spell
            roles: {t: creature}
            effect: [{gain: {target: t, feature: Armor, number: 2}}]
        """
    assert codes(check_text(text)) == ["useless-named-gain"]
    acid = """\
          acid:
            kind: spell
            roles: {t: creature}
            effect: [{boost: {target: t, feature: Armor, amount: -2}}]
        """
    assert check_text(text.rstrip(" ") + acid) == []


@pytest.mark.rule("E-IMM-1b", "CHECK-SET", "CHECK-SUBJ")
def test_a_protection_granted_by_a_third_card_is_found_on_a_triple(tmp_path: Path) -> None:
    found = check_text(
        """\
        ruleset: eredan
        cards:
          knight: {kind: character, base: {defense: 5}}
          aegis:
            kind: spell
            roles: {ally: {kind: character, side: ally}}
            effect: [{protect: {target: ally, stat: defense, cannot: decrease}}]
          halve:
            kind: spell
            roles: {foe: {kind: character, side: enemy}}
            effect: [{modify: {target: foe, stat: defense, op: divide, value: 2, rounding: up}}]
        """
    )
    assert codes(found) == ["ruling-E-IMM-1b"]
    (d,) = found
    assert d.cards == ("aegis", "halve", "knight")
    (path,) = write_witnesses(found, str(tmp_path))
    assert path is not None
    result = run(parse_file(path))
    assert result.ok and result.state.objects["knight"].base["defense"] == 5
    assert result.as_json()["objects"]["knight"]["characteristics"]["defense"]["shown"] == 3


@pytest.mark.rule("E-IMM-1b", "E-IMM-2")
def test_cannot_be_modified_blocks_a_division_so_no_ruling() -> None:
    found = check_text(
        """\
        ruleset: eredan
        cards:
          statue:
            kind: character
            base: {defense: 5}
            protections: [{stat: defense, cannot: decrease}, {stat: "*", cannot: modify}]
          halve:
            kind: spell
            roles: {foe: character}
            effect: [{modify: {target: foe, stat: defense, op: divide, value: 2, rounding: up}}]
        """
    )
    assert found == []


@pytest.mark.rule("E-DIV")
def test_a_division_that_says_how_it_rounds_or_divides_evenly_is_no_ruling() -> None:
    base = """\
        ruleset: eredan
        cards:
          a: {kind: character, base: {spirit: 4}}
          b: {kind: character, base: {spirit: %s}}
          halve:
            kind: spell
            roles: {foe: character}
            effect: [{modify: {target: foe, stat: spirit, op: divide, value: 2%s}}]
        """
    assert check_text(base % (6, "")) == []
    assert check_text(base % (5, ", rounding: nearest")) == []
    (d,) = check_text(base % (5, ""))
    assert d.code == "ruling-E-DIV" and d.cards == ("b", "halve")


# -- the pruning is sound: examining every tuple finds nothing more ----------------------

STATS = ["attack", "defense", "spirit"]
KINDS = ["character", "region"]


@st.composite
def card_sets(draw: st.DrawFn) -> str:
    lines = ["ruleset: eredan", "cards:"]
    for i in range(draw(st.integers(2, 6))):
        kind = draw(st.sampled_from(KINDS))
        stats = draw(st.lists(st.sampled_from(STATS), unique=True, max_size=3))
        base = ", ".join(f"{s}: {draw(st.integers(0, 7))}" for s in stats)
        card = f"  c{i}: {{kind: {kind}, base: {{{base}}}"
        if stats and draw(st.booleans()):
            card += f", protections: [{{stat: {draw(st.sampled_from(stats))}, cannot: decrease}}]"
        lines.append(card + "}")
    for i in range(draw(st.integers(1, 4))):
        stat = draw(st.sampled_from(STATS))
        kind = draw(st.sampled_from(KINDS))
        z = draw(st.integers(1, 3))
        op = draw(
            st.sampled_from(
                [
                    f"modify: {{target: t, stat: {stat}, op: divide, value: {z}}}",
                    f"modify: {{target: t, stat: {stat}, op: divide, value: 2}}",
                    f"modify: {{target: t, stat: {stat}, op: multiply, value: 0}}",
                    f"modify: {{target: t, stat: {stat}, op: add, value: -1}}",
                    f"protect: {{target: t, stat: {stat}, cannot: decrease}}",
                ]
            )
        )
        lines.append(f"  s{i}: {{kind: spell, roles: {{t: {kind}}}, effect: [{{{op}}}]}}")
    return "\n".join(lines) + "\n"


def _examine_everything(text: str) -> set[tuple[str, tuple[str, ...]]]:
    index = build_index(load_cardset("set.yaml", text))
    units = [
        (check.name, combo)
        for check in TUPLE_CHECKS
        for combo in itertools.permutations(index.cardset.cards, len(check.roles))
    ]
    return {(d.code, d.abilities) for d in examine(index, units)}


@pytest.mark.rule("CHECK-SUBJ")
@settings(max_examples=40)
@given(card_sets())
def test_pruning_by_reads_and_writes_never_loses_a_diagnostic(text: str) -> None:
    """Examining only the tuples that share a join key (and one subject per class of
    equivalent subjects) finds every interaction of abilities that examining every ordered
    tuple of distinct cards finds."""
    index = build_index(load_cardset("set.yaml", text))
    pruned = {(d.code, d.abilities) for d in examine(index, plan(index).units)}
    assert pruned == _examine_everything(text)


@pytest.mark.rule("CHECK-REF")
def test_a_source_naming_a_role_or_the_card_itself_is_no_unknown_card() -> None:
    found = check_text(
        """\
        ruleset: eredan
        cards:
          hero: {kind: character, base: {defense: 2}}
          ward:
            kind: spell
            roles: {t: character}
            effect:
              - protect: {target: t, stat: defense, limit: 2, source: t}
              - modify: {target: t, stat: defense, op: add, value: 1, source: ward}
        """
    )
    assert found == []


@pytest.mark.rule("B-NAMED-1")
def test_a_role_naming_one_card_reaches_only_that_card() -> None:
    text = """\
        ruleset: berserk
        cards:
          vet: {kind: creature, base: {health: 3}, features: {Armor: 3}}
          recruit: {kind: creature, base: {health: 2}}
          oath:
            kind: spell
            roles: {t: {card: %s}}
            effect: [{gain: {target: t, feature: Armor, number: 2}}]
        """
    (d,) = check_text(text % "vet")
    assert d.code == "useless-named-gain" and d.cards == ("oath", "vet")
    assert check_text(text % "recruit") == []
    (missing,) = check_text(text % "veteran")
    assert missing.code == "unknown-card"


@pytest.mark.rule("E-DIV", "E-IMM-1b", "E-LIMIT-1")
def test_witnesses_hold_when_a_limit_or_a_component_changes_the_arithmetic(tmp_path: Path) -> None:
    found = check_text(
        """\
        ruleset: eredan
        cards:
          yil:
            kind: character
            base: {attack: [3, 5], spirit: 5}
            protections: [{stat: "*", limit: 1}, {stat: spirit, cannot: decrease}]
          half:
            kind: spell
            roles: {t: character}
            effect:
              - modify: {target: t, stat: spirit, op: divide, value: 2}
              - modify: {target: t, stat: attack, op: divide, value: 2, component: 2}
        """
    )
    assert sorted(codes(found)) == ["ruling-E-DIV", "ruling-E-DIV", "ruling-E-IMM-1b"]
    for path in write_witnesses(found, str(tmp_path)):
        assert path is not None
        result = run(parse_file(path))
        assert result.ok and result.passed >= 1
