"""Small defects a new user hits first (issue 13): what ``run --explain`` cites, files
refused with a located line rather than guessed, "did you mean" for unknown names, the
``run`` table, and the wording of counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.model.errors import InputError
from tests.helpers import ROOT, cli, run_text, scenario

NAYA = ROOT / "examples" / "seeds" / "eredan_naya.yaml"


@pytest.mark.rule("E-FLOOR-1")
def test_explain_cites_the_floor_where_it_applies_on_the_naya_example() -> None:
    out = cli("run", str(NAYA), "--explain").stdout
    events = out[out.index("events") :]
    first, second = events.split("\n  1. ")
    assert "[E-FLOOR-1] naya.defense shows 0; -1 is remembered" in first
    assert "[E-FLOOR-1] naya.defense starts from the remembered -1" in second
    explanation = out[out.index("explanation") : out.index("events")]
    assert "E-FLOOR-1" in explanation


@pytest.mark.rule("E-FLOOR-1")
def test_the_floor_is_not_cited_when_no_value_goes_below_zero() -> None:
    result = run_text(
        """
        ruleset: eredan
        players: [ana]
        objects:
          naya: {owner: ana, kind: character, base: {defense: 2}}
        steps:
          - modify: {target: naya, stat: defense, op: add, value: -2}
          - modify: {target: naya, stat: defense, op: set, value: 1}
        """
    )
    rules = [r for e in result.as_json()["events"] for r in e["rules"]]
    assert "E-FLOOR-1" not in rules


# -- "did you mean": unknown paths, keys and ids --------------------------------------

OGRE = """
ruleset: riftbound
players: [ana, bo]
objects:
  ogre: {owner: bo, kind: unit, base: {health: 6}, counters: {damage: 5}}
"""


def test_an_expectation_path_that_reads_nothing_suggests_the_nearest_path() -> None:
    result = run_text(OGRE + "expect: {ogre.damage: 5, ogre.helth: 6}\n")
    suggestions = [c.suggestion for c in result.checks]
    assert suggestions == ["ogre.counters.damage", "ogre.health"]
    assert result.as_json()["expect"]["checks"][0]["suggestion"] == "ogre.counters.damage"


def test_the_run_report_says_did_you_mean_on_a_failed_expectation(tmp_path: Path) -> None:
    path = tmp_path / "ogre.yaml"
    path.write_text(OGRE + "expect: {ogre.damage: 5}\n", encoding="utf-8")
    out = cli("run", str(path)).stdout
    assert "got absent; did you mean ogre.counters.damage?" in out


def test_an_expected_absence_passes_without_a_suggestion() -> None:
    result = run_text(OGRE + "expect: {ogre.damage: null}\n")
    assert result.ok and result.checks[0].suggestion is None


@pytest.mark.parametrize(
    ("change", "broken", "path", "meant"),
    [
        ("counters: {damage: 5}", "counter: {damage: 5}", "objects.ogre.counter", "counters"),
        ("owner: bo", "owner: anna", "objects.ogre.owner", "ana"),
        ("kind: unit", "kind: unit, card: ogr", "objects.ogre.card", None),
    ],
)
def test_unknown_keys_and_ids_of_objects_say_did_you_mean(
    change: str, broken: str, path: str, meant: str | None
) -> None:
    with pytest.raises(InputError) as err:
        scenario(OGRE.replace(change, broken))
    assert err.value.path == path
    if meant is None:  # no card at all: nothing near enough to suggest
        assert "did you mean" not in err.value.message
    else:
        assert f"(did you mean '{meant}'?)" in err.value.message


@pytest.mark.parametrize(
    ("step", "path", "meant"),
    [
        ("modfy: {target: ogre, stat: health, op: add, value: 1}", "steps[0].modfy", "modify"),
        (
            "modify: {target: orge, stat: health, op: add, value: 1}",
            "steps[0].modify.target",
            "ogre",
        ),
        (
            "modify: {target: ogre, stat: helth, op: add, value: 1}",
            "steps[0].modify.stat",
            "health",
        ),
        ("modify: {target: ogre, stat: health, op: ad, value: 1}", "steps[0].modify.op", "add"),
    ],
)
def test_unknown_step_kinds_ids_and_choices_say_did_you_mean(
    step: str, path: str, meant: str
) -> None:
    with pytest.raises(InputError) as err:
        scenario(OGRE + f"steps:\n  - {step}\n")
    assert err.value.path == path
    assert f"did you mean '{meant}'?" in err.value.message
    assert "\n" not in err.value.one_line()


def test_an_unknown_card_key_says_did_you_mean(tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    path.write_text("ruleset: altered\ncards:\n  oak: {kind: character, keyword: [Gigantic]}\n")
    done = cli("check", str(path))
    assert done.returncode == 2
    assert "cards.oak.keyword: unknown key 'keyword' (did you mean 'keywords'?)" in done.stderr


@pytest.mark.rule("A-KW-TOUGH", "A-KW-GIGANTIC")
def test_keywords_accept_the_list_form_and_the_mapping_form(tmp_path: Path) -> None:
    from arbiter.model.format.cardset import load_cardset

    both = {}
    for form in ("[Gigantic, {Tough: 1}]", "{Gigantic: true, Tough: 1}"):
        path = tmp_path / "set.yaml"
        path.write_text(f"ruleset: altered\ncards:\n  oak: {{kind: character, keywords: {form}}}\n")
        feats = load_cardset(str(path)).cards["oak"].template.features
        both[form] = {n: f.number for n, f in feats.items()}
    assert list(both.values()) == [{"Gigantic": None, "Tough": 1}] * 2


def test_a_feature_named_twice_in_the_list_form_is_refused() -> None:
    with pytest.raises(InputError) as err:
        scenario(OGRE.replace("counters: {damage: 5}", "features: [Tough, {Tough: 2}]"))
    assert err.value.path == "objects.ogre.features[1]"


# -- damage: an open split is said, never assumed ------------------------------------


@pytest.mark.rule("DMG-CAND")
def test_a_split_without_targets_is_refused_with_its_path() -> None:
    with pytest.raises(InputError) as err:
        scenario(OGRE + "steps:\n  - damage: {split: 3, source: {unit: ogre}}\n")
    assert err.value.path == "steps[0].damage"
    assert "targets: open" in err.value.message
    assert err.value.location is not None and err.value.location.line == 7


@pytest.mark.rule("DMG-CAND")
def test_format_md_says_what_targets_open_without_candidates_means() -> None:
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `damage` | `each: N`"))
    assert "`open` without `candidates`" in row and "DMG-CAND" in row


# -- the run report: counters, the split in words, counts worded for their number --------

SPLIT = """
ruleset: riftbound
players: [ana, bo]
objects:
  vb: {owner: ana, kind: unit, base: {health: 5}}
  ogre: {owner: bo, kind: unit, base: {health: 6}}
  squire: {owner: bo, kind: unit, base: {health: 1}, counters: {damage: 0}}
steps:
  - damage:
      {split: 6, source: {unit: vb}, targets: [ogre, squire], allocation: {ogre: 5, squire: 1}}
"""


@pytest.mark.rule("D-DIST-1")
def test_the_run_table_shows_damage_counters_and_the_split_in_words(tmp_path: Path) -> None:
    path = tmp_path / "split.yaml"
    path.write_text(SPLIT, encoding="utf-8")
    out = cli("run", str(path)).stdout
    assert "counter damage" in out
    rows = [line for line in out.splitlines() if "counter damage" in line]
    assert [r.split("│")[4].strip() for r in rows] == ["5", "1"]  # ogre 5, squire 1
    assert "split " in out and "ogre 5, squire 1" in out
    assert "{'ogre'" not in out and "{'ogre'" not in cli("run", str(path), "--explain").stdout


def test_counts_are_worded_for_their_number(tmp_path: Path) -> None:
    from arbiter.model.wording import plural

    assert plural(1, "error") == "1 error" and plural(5, "error") == "5 errors"
    assert plural(1, "unit destroyed", "units destroyed") == "1 unit destroyed"
    path = tmp_path / "one.yaml"
    fixed = "targets: [ogre, squire], allocation: {ogre: 5, squire: 1}"
    path.write_text(SPLIT.replace(fixed, "targets: open"), encoding="utf-8")
    out = cli("damage", str(path)).stdout
    assert "OPTIMAL: 1 unit destroyed;" in out and "1 units" not in out
    run = cli("run", str(NAYA)).stdout
    assert "passed: 5 expectations met" in run


def test_the_html_badges_count_in_words(tmp_path: Path) -> None:
    flawed = ROOT / "examples" / "cardsets" / "flawed.yaml"
    html = tmp_path / "report.html"
    cli("check", str(flawed), "--html", str(html), "--witness-dir", str(tmp_path / "w"))
    text = html.read_text(encoding="utf-8")
    import re

    badges = re.findall(r'<span class="(error|warning|ruling)">(\d+) (\w+)</span>', text)
    assert badges, text[:500]
    for _, n, word in badges:
        assert word.endswith("s") == (n != "1"), (n, word)
