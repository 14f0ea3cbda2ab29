"""``arbiter import``: readers, lines, the pattern library, the report, and ``check`` on
an imported pool. Every card here is invented (tests/fixtures/import/); the published
pools are read only by tests/test_importers_realdata.py, which skips without them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.effects.algebra import ChooseOne
from arbiter.model.format.importers.clauses import describe
from arbiter.model.format.importers.coverage import Status, import_pool
from arbiter.model.format.importers.keywords import ALTERED, RIFTBOUND, KeywordKind, KeywordTable
from arbiter.model.format.importers.patterns import LineParser
from arbiter.model.format.importers.sources import Game, read_pool
from arbiter.model.format.importers.text import squash
from arbiter.solver.cli.main import main
from tests.helpers import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "import"
RB = FIXTURES / "riftbound_cards.json"
AL = FIXTURES / "altered_cards.json"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(args)
    out, err = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 0), out, err


def pool(game: Game, path: Path) -> dict[str, Any]:
    return {c.raw.id: c for c in import_pool(read_pool(game, json.loads(path.read_text())))}


def rb_parser(*tags: str) -> LineParser:
    return LineParser(Game.RIFTBOUND, set(tags) or {"Dragon", "Seer"})


# -- reading the sources ----------------------------------------------------------------


@pytest.mark.rule("IMP-READ")
def test_riftbound_fields_become_stats_tags_domains_and_kind() -> None:
    card = pool(Game.RIFTBOUND, RB)["tst-003-010"].raw
    assert card.kind == "unit"
    assert dict(card.stats) == {"might": 3, "energy": 4, "power": 1}
    assert card.tags == ("Dragon", "Seer") and card.factions == ("Mind",)
    assert "Champion" in card.types and card.set_code == "TST" and card.number == "003"


@pytest.mark.rule("IMP-READ")
def test_altered_stats_are_strings_and_a_rare_mark_is_read_as_its_number() -> None:
    card = pool(Game.ALTERED, AL)["alt_test_b_mu_02_r1"].raw
    assert dict(card.stats) == {
        "hand_cost": 3,  # printed "#3#": the rare's own cost
        "reserve_cost": 2,
        "forest": 3,
        "mountain": 1,
        "water": 1,
    }
    assert card.kind == "character" and card.tags == ("Druid",) and card.factions == ("Muna",)


@pytest.mark.rule("IMP-READ")
def test_a_malformed_card_is_skipped_with_its_reason_not_a_crash() -> None:
    data = json.loads(RB.read_text())
    result = read_pool(Game.RIFTBOUND, data)
    assert [(s.index, s.reason) for s in result.skipped] == [
        (6, "cardTypes: expected a list of strings")
    ]
    assert len(result.cards) == len(data["cards"]) - 1


@pytest.mark.rule("IMP-READ")
def test_a_file_that_is_not_json_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text("{not json")
    code, _, err = run(["import", "riftbound", str(bad), "-o", str(tmp_path / "out")], capsys)
    assert code == 2
    assert err.startswith(f"{bad}:1:2: expected a JSON file of cards")
    assert "Traceback" not in err


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _card_like(game: Game) -> st.SearchStrategy[dict[str, Any]]:
    """Cards with the sources' field names and any JSON in them (often wrong)."""
    keys = (
        ["id", "name", "publicCode", "setId", "set", "cardTypes", "superTypes", "tags",
         "domains", "might", "energy", "power", "abilityText", "rarity"]
        if game is Game.RIFTBOUND
        else ["id", "reference", "name", "collectorNumber", "cardType", "cardSubTypes", "cardSet",
              "rarity", "mainFaction", "elements"]
    )  # fmt: skip
    return st.dictionaries(
        st.sampled_from(keys), JSONISH | st.just([]) | st.just("When you play me, draw 3.")
    )


@pytest.mark.rule("IMP-READ")
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
@given(data=st.data())
def test_no_card_shape_crashes_the_import(game: Game, data: st.DataObject) -> None:
    """Whatever JSON a card holds, it is imported or skipped with a reason; never a crash."""
    cards = data.draw(st.lists(_card_like(game) | JSONISH, max_size=5))
    payload: Any = {"cards": cards} if game is Game.RIFTBOUND else cards
    result = read_pool(game, payload)
    assert len(result.cards) + len(result.skipped) == len(cards)
    for card in import_pool(result):
        assert card.status in Status


# -- lines and the pattern library ------------------------------------------------------


@pytest.mark.rule("IMP-LINE")
def test_reminder_text_is_set_apart_and_icons_are_normalised() -> None:
    card = pool(Game.RIFTBOUND, RB)["tst-001-010"]
    first = card.lines[0].line
    assert first.text == "[Assault 2]"
    assert first.reminders == ("Stronger by 2 on the attack.",)


@pytest.mark.rule("IMP-LINE")
def test_an_altered_choose_one_keeps_its_bullets_in_one_line() -> None:
    card = pool(Game.ALTERED, AL)["alt_test_b_ly_03_c"]
    texts = [r.line.text for r in card.lines]
    assert texts == [
        "[[Fleeting]].",
        "Choose one: \u2022 Draw a card. \u2022 Target Character gains 2 boosts.",
    ]
    # the grammar reads the whole modal line, and the card language holds it as one
    # effect with its two options (choose_one, IMP-ALGEBRA): the card is full
    modal = card.lines[1]
    assert modal.reading.modelled and modal.modelled
    (ab,) = modal.abilities
    (choice,) = ab.effects
    assert isinstance(choice.action, ChooseOne) and len(choice.action.options) == 2
    assert card.status is Status.FULL


@pytest.mark.rule("IMP-FULL", "Riftbound 436")
def test_a_modelled_line_renders_back_to_itself() -> None:
    reading = rb_parser().read("When I attack, deal 2 to an enemy unit here.")
    assert reading.modelled and reading.node is not None
    assert reading.rendering == "When I attack, deal 2 to an enemy unit here"
    data = reading.node
    assert data.form.name == "when"


@pytest.mark.rule("IMP-FULL")
@pytest.mark.parametrize(
    "line",
    [
        "Deal 2 to a unit, then gaze at the stars.",  # an unknown clause after a known one
        "Give a unit +2 {might} until the sun rises.",  # an unknown duration
        "Kill a purple unit.",  # an unknown modifier: no word is skipped
        "Draw 1 and then some.",
    ],
)
def test_a_line_with_any_unread_word_is_not_modelled(line: str) -> None:
    assert not rb_parser().read(line).modelled


@pytest.mark.rule("IMP-FULL")
def test_tags_of_the_pool_are_known_to_selectors_others_are_not() -> None:
    line = "Your Seers have [Tank]."
    assert rb_parser("Seer").read(line).modelled
    assert not rb_parser("Dragon").read(line).modelled


@pytest.mark.rule("IMP-FULL", "Riftbound 437")
def test_the_reading_says_who_how_much_and_how_long() -> None:
    from arbiter.model.format.importers.clauses import to_data

    reading = rb_parser().read("Give each other friendly Dragon here +1 {might} this turn.")
    assert reading.modelled and reading.node is not None
    data = to_data(reading.node)
    assert isinstance(data, dict) and data["shape"] == "effect"
    assert data["b"] == {
        "action": "modify",
        "form": "give-might-dur",
        "t": {
            "select": "tag:Dragon",
            "det": "each",
            "where": [{"other": "other"}, {"side": "friendly"}, {"place": "here"}],
        },
        "d": {"number": 1},
        "w": {"duration": "turn"},
    }
    from arbiter.model.format.importers.clauses import rules_of

    assert rules_of(reading.node) == ["Riftbound 437"]


SENTENCES = st.lists(
    st.sampled_from(
        [
            "Draw 1",
            "Deal 3 to a unit",
            "Kill an enemy unit here",
            "Give me +2 {might} this turn",
            "Stun a unit at a battlefield",
            "the moon hums",
            "Ready 2 runes",
            "Buff a friendly unit",
            "whistle loudly",
        ]
    ),
    min_size=1,
    max_size=4,
)


@pytest.mark.rule("IMP-FULL")
@given(parts=SENTENCES)
def test_a_line_is_modelled_exactly_when_each_sentence_is(parts: list[str]) -> None:
    """Invariant: a reading renders to the line it read, and a sentence outside the
    grammar makes the whole line unmodelled."""
    parser = rb_parser()
    line = ". ".join(parts) + "."
    reading = parser.read(line)
    assert reading.modelled == all(parser.read(p).modelled for p in parts)
    if reading.modelled and reading.node is not None:
        assert squash(describe(reading.node)) == squash(line)


# -- keywords ---------------------------------------------------------------------------


@pytest.mark.rule("IMP-KW", "Riftbound 805", "Altered 7.4.1")
def test_every_keyword_article_of_both_glossaries_is_mapped_once() -> None:
    rb = sorted(int(k.rule.split()[1]) for k in RIFTBOUND if k.rule.split()[1].startswith("8"))
    assert rb == list(range(805, 827))
    al = {k.rule for k in ALTERED}
    assert {f"Altered 7.4.{i}" for i in range(1, 8)} <= al
    assert {f"Altered 2.4.{i}" for i in range(2, 7)} <= al
    names = [k.name for k in (*RIFTBOUND, *ALTERED)]
    assert len(names) == len(set(names))


@pytest.mark.rule("IMP-KW")
def test_keywords_become_named_features_with_their_numbers() -> None:
    card = pool(Game.RIFTBOUND, RB)["tst-001-010"]
    assert dict(card.keywords) == {"Assault": 2, "Tank": True}
    table = KeywordTable(Game.ALTERED)
    assert table.split("Tough\u00a02") == ("Tough", "2")
    assert table.lookup("Tough X") is not None
    assert table.status("Asleep") is not None and table.lookup("Asleep") is None
    assert (
        table.lookup("Resupply") is not None and table.lookup("Resupply").kind is KeywordKind.ACTION
    )  # type: ignore[union-attr]


@pytest.mark.rule("IMP-KW", "IMP-OPAQUE")
def test_an_unknown_keyword_is_reported_and_its_line_stays_opaque(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["import", "riftbound", str(RB), "-o", str(tmp_path)], capsys)
    assert code == 0
    report = json.loads((tmp_path / "import-report.json").read_text())
    assert report["unmapped_keywords"] == {"Glimmer": 1}
    assert "keywords not mapped: Glimmer" in out
    totem = next(c for c in report["per_card"] if c["id"] == "tst-006-010")
    assert totem["status"] == "opaque"
    assert totem["not_modelled"] == ["[Glimmer] (An invented keyword.)"]


# -- the command, its files and its report ----------------------------------------------


@pytest.mark.rule("IMP-FULL", "IMP-OPAQUE")
def test_import_writes_one_card_set_per_set_and_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["import", "riftbound", str(RB), "-o", str(tmp_path)], capsys)
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "import-report.json",
        "oth.yaml",
        "pool.yaml",
        "tst.yaml",
    ]
    report = json.loads((tmp_path / "import-report.json").read_text())
    assert {k: report[k] for k in ("cards", "full", "partial", "opaque", "blank")} == {
        "cards": 8,
        "full": 3,
        "partial": 2,
        "opaque": 2,
        "blank": 1,
    }
    assert report["per_set"]["OTH"]["full_pct"] == 50.0
    assert report["pattern_hits"]["keywords"] >= 3
    harp = next(c for c in report["per_card"] if c["id"] == "tst-004-010")
    assert harp["status"] == "partial"
    assert harp["lines"][0] == {
        "text": "[Equip] {calm} (Pay it to fasten this onto one of your units.)",
        "reading": "[Equip] {calm}",
        "describe": "",
        "modelled": True,
    }
    volley = next(c for c in report["per_card"] if c["id"] == "tst-002-010")
    assert volley["lines"][1]["modelled"] is False  # read, but "at another battlefield" is lost
    assert volley["lines"][1]["lost"] == "'at another battlefield'"
    assert re.search(r"all\s.*\b8\b.*\b3\b", out)  # the table's last row
    tst = yaml.safe_load((tmp_path / "tst.yaml").read_text())
    oracle = tst["cards"]["tst-003-010"]
    assert oracle["source"] == {
        "set": "TST",
        "number": "003",
        "lang": "en",
        "text": "When you play me, draw 3.\n"
        ":rb_exhaust:: Give a friendly unit +4 :rb_might: this turn.",
        "not_modelled": [],
    }
    assert "reading" not in oracle  # the card language, not the grammar's tree
    assert oracle["triggers"] == [
        {
            "text": "When you play me, draw 3.",
            "when": {"played": "self"},
            "do": {"draw": {"amount": 3, "player": "you"}},
        }
    ]
    assert oracle["quick_actions"][0]["cost"] == [{"exhaust": "self"}]
    assert oracle["quick_actions"][0]["do"] == {
        "modify": {
            "stat": "might",
            "add": 4,
            "target": {"choose": 1, "yours": "unit"},
            "until": "end_of_turn",
        }
    }


@pytest.mark.rule("IMP-FULL")
def test_fail_under_fails_a_pool_below_the_threshold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        run(["import", "altered", str(AL), "-o", str(tmp_path), "--fail-under", "75"], capsys)[0]
        == 0
    )  # 3 of the 4 cards with text are full
    assert (
        run(["import", "altered", str(AL), "-o", str(tmp_path), "--fail-under", "76"], capsys)[0]
        == 1
    )


def test_an_unknown_set_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        ["import", "riftbound", str(RB), "-o", str(tmp_path), "--set", "NOPE"], capsys
    )
    assert code == 2 and "no card of set NOPE" in err


@pytest.mark.rule("IMP-FULL")
def test_html_shows_the_chart_the_backlog_and_each_line_beside_its_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "import.html"
    run(["import", "altered", str(AL), "-o", str(tmp_path), "--html", str(page)], capsys)
    html = page.read_text()
    assert "<svg" in html and "Backlog" in html and "<script" not in html
    assert "Each ledger hums a tune only bureaucrats can hear." in html
    # the printed line beside arbiter describe's rendering of its card-language ability
    assert (
        "<td>{J} I gain 1 boost.</td><td class='yes'>When this card is played: "
        "put 1 boosts counter on it.</td>"
    ) in html
    assert "no counterpart: the instruction &#x27;Each player sacrifices a Permanent&#x27;" in html


# -- check on an imported pool ----------------------------------------------------------


@pytest.mark.rule("CHECK-IMPORT", "IMP-OPAQUE")
def test_check_reports_each_unmodelled_line_once_as_info_and_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["import", "riftbound", str(RB), "-o", str(tmp_path)], capsys)
    code, out, _ = run(
        ["check", str(tmp_path / "pool.yaml"), "--json", "--fail-on", "ruling"], capsys
    )
    assert code == 0
    found = json.loads(out)["diagnostics"]
    assert {d["severity"] for d in found} == {"info"}
    assert sorted((d["cards"][0], d["code"]) for d in found) == [
        ("oth-002-005", "not-modelled"),
        ("tst-002-010", "not-modelled"),
        ("tst-004-010", "not-modelled"),
        ("tst-006-010", "not-modelled"),
    ]


@pytest.mark.rule("IMP-PARTS")
def test_a_large_set_is_split_into_include_only_parts_checked_through_their_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbiter.model.format.importers import emit

    monkeypatch.setattr(emit, "PART_SIZE", 4)
    run(["import", "riftbound", str(RB), "-o", str(tmp_path), "--set", "TST"], capsys)
    assert sorted(p.name for p in tmp_path.glob("*.yaml")) == [
        "tst-part1.yaml",
        "tst-part2.yaml",
        "tst.yaml",
    ]
    part = yaml.safe_load((tmp_path / "tst-part1.yaml").read_text())
    assert part["include_only"] == "tst.yaml" and len(part["cards"]) == 4
    code, out, err = run(["check", str(tmp_path / "tst-part2.yaml"), "--json"], capsys)
    assert code == 0 and json.loads(out)["cardsets"] == []  # an empty answer, still JSON
    assert "include-only (a part of tst.yaml)" in err
    code, out, _ = run(["check", str(tmp_path / "tst.yaml"), "--json"], capsys)
    assert code == 0
    assert json.loads(out)["cardsets"][0]["stats"]["cards"] == 6


@pytest.mark.rule("CHECK-STD", "CHECK-REF")
def test_a_partial_set_naming_a_standard_characteristic_is_not_an_error() -> None:
    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import run_check

    spells_only = """
ruleset: riftbound
cards:
  quick_wit:
    kind: spell
    roles: {ally: unit}
    effect: [{modify: {target: ally, stat: might, op: add, value: 2}}]
  odd_chant:
    kind: spell
    roles: {ally: unit}
    effect: [{modify: {target: ally, stat: mojo, op: add, value: 1}}]
"""
    found = run_check(load_cardset("spells.yaml", spells_only)).diagnostics
    assert [(d.code, d.cards) for d in found] == [("unknown-characteristic", ("odd_chant",))]


def test_imported_card_sets_are_valid_under_the_card_set_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import jsonschema

    from arbiter.model.format.areas import OBJECT_KEY_PARSERS
    from arbiter.model.format.cardset_schema import build_cardset_schema
    from arbiter.model.format.importers import emit

    monkeypatch.setattr(emit, "PART_SIZE", 4)
    run(["import", "riftbound", str(RB), "-o", str(tmp_path)], capsys)
    schema = build_cardset_schema(sorted(OBJECT_KEY_PARSERS))
    for path in sorted(tmp_path.glob("*.yaml")):
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)


@pytest.mark.rule("IMP-LINE")
def test_a_very_long_line_is_left_opaque_quickly() -> None:
    import time

    line = ", then ".join(["Deal 1 to a unit"] * 400) + "."
    start = time.perf_counter()
    reading = rb_parser().read(line)
    assert not reading.modelled and reading.node is None
    assert time.perf_counter() - start < 1.0


WORDS = st.sampled_from(
    ["deal", "2", "to", "a", "unit", "here", "{might}", "+1", "give", "me", "this", "turn",
     "when", "I", "attack,", "[Tank]", "[[Asleep]]", "gains", "boost", "{J}", "{exhaust}:",
     "—", "•", "if", "you", "do,", "(", ")", "[", "]", "{", "}", ".", "X", "or", "and", "then"]
)  # fmt: skip


@pytest.mark.rule("IMP-FULL", "IMP-LINE")
@given(words=st.lists(WORDS, max_size=14), noise=st.text(max_size=20))
def test_any_text_is_read_or_left_opaque_never_a_crash(words: list[str], noise: str) -> None:
    """Invariant: reading never raises, and a modelled line renders back to itself."""
    for game in Game:
        parser = LineParser(game, {"Dragon"})
        for line in (" ".join(words), noise, " ".join(words) + noise):
            reading = parser.read(line)
            if reading.modelled and reading.node is not None:
                assert squash(reading.rendering) == squash(line.strip().rstrip("."))


@pytest.mark.rule("IMP-FULL", "Altered 7.3.26")
def test_a_total_bound_is_read_as_a_sum_not_as_a_bound_on_each_target() -> None:
    from arbiter.model.format.importers.clauses import to_data

    parser = LineParser(Game.ALTERED, set())

    def where(line: str) -> object:
        reading = parser.read(line)
        assert reading.modelled and reading.node is not None
        data = to_data(reading.node)
        assert isinstance(data, dict) and isinstance(data["b"], dict)
        target = data["b"]["t"]
        assert isinstance(target, dict)
        return target["where"]

    assert where(
        "Send to Reserve up to two target Characters with a total Hand Cost {5} or less."
    ) == [
        {"target": "target"},
        {"compare": "total_hand_cost<=5"},
    ]
    assert where("Send to Reserve up to two target Characters with Hand Cost {5} or less.") == [
        {"target": "target"},
        {"compare": "hand_cost<=5"},
    ]


@pytest.mark.rule("IMP-LINE", "IMP-FULL")
def test_riftbound_options_after_choose_one_are_a_choice_not_a_sequence() -> None:
    """The gallery prints a modal's options on the next line, run together ("Draw 1.Kill
    a gear."): they are read as options of the "Choose one -" line, never as steps."""
    from arbiter.model.format.importers.clauses import Link, Node, Shape
    from arbiter.model.format.importers.sources import Section
    from arbiter.model.format.importers.text import lines_of

    raw = pool(Game.RIFTBOUND, RB)["tst-002-010"].raw
    card = type(raw)(**{
        **{name: getattr(raw, name) for name in type(raw).__slots__},
        "text": {Section.MAIN: "Choose one -\n\nDraw 1.Kill a gear."},
    })  # fmt: skip
    lines = lines_of(card)
    assert [line.text for line in lines] == ["Choose one - Draw 1.Kill a gear."]
    reading = rb_parser().read(lines[0].text)
    assert reading.modelled and isinstance(reading.node, Node)
    assert Shape.MODAL in reading.node.meanings()
    assert Link.CHOICE in reading.node.meanings()
    assert not rb_parser().read("Draw 1.Kill a gear.").modelled  # never a sequence


@pytest.mark.rule("IMP-FULL")
def test_number_agreement_and_subjects_are_read_by_the_same_forms() -> None:
    parser = LineParser(Game.ALTERED, set())
    one = parser.read("Target exhausted Character gains 1 boost.")
    two = parser.read("Up to two target Characters gain 2 boosts.")
    assert one.modelled and two.modelled and one.node is not None and two.node is not None
    assert [f for f in one.node.forms() if "boost" in f] == ["gains-boost"]
    assert [f for f in two.node.forms() if "boost" in f] == ["gains-boost"]
    by = rb_parser().read("Its owner banishes it.")
    assert by.modelled and by.node is not None and "banish-by" in by.node.forms()


@pytest.mark.rule("IMP-READ")
def test_a_pool_of_the_other_game_is_an_input_error_not_an_empty_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["import", "altered", str(RB), "-o", str(tmp_path)], capsys)
    assert code == 2
    assert err.startswith(f"{RB}:1:1: expected altered cards: none of the ")
