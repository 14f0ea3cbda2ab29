"""The one card language (model.effects): its YAML form, English, upgrade of format 1,
and the JSON Schema generated from the same definitions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.effects import describe, emit, syntax
from arbiter.model.effects.rewrite import upgrade_text
from arbiter.model.errors import InputError
from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.document import Node, load
from tests.helpers import cli

ROOT = Path(__file__).resolve().parent.parent
CARDSETS = ROOT / "examples" / "cardsets"
V1 = ROOT / "tests" / "fixtures" / "v1"


def _classes(name: str) -> set[tuple[str, str]]:
    found = set()
    for top in ("model", "solver"):
        for path in sorted((ROOT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name == name:
                    found.add((path.relative_to(ROOT).as_posix(), name))
    return found


@pytest.mark.rule("A-PASS-1", "R-1", "E-OPS-1")
@pytest.mark.parametrize("name", ["Effect", "Condition", "Selector"])
def test_there_is_one_effect_condition_and_selector_class_the_card_languages(name: str) -> None:
    """Passives, replacements and scenario steps speak the card language: no area keeps a
    vocabulary of its own."""
    home = "model/effects/selectors.py" if name == "Selector" else "model/effects/algebra.py"
    assert _classes(name) == {(home, name)}
    assert getattr(a, name).__module__.endswith(home.removesuffix(".py").replace("/", "."))


def _abilities(text: str) -> dict[str, tuple[a.CardAbility, ...]]:
    doc = load("t.yaml", text)
    return {cid: syntax.abilities(n.mapping()) for cid, n in doc.node().mapping().items()}


STYLE = """
volibear_furious:
  triggers:
    - when: {attacks: self}
      do: {damage: {split: 5, among: {enemy: unit, at: here, choose: any}}}
mache_l_ame:
  do: {modify: {stat: defense, add: {per: {yours: character, subtype: Demon}, times: -1},
       target: {choose: 1, enemy: character}}}
stand_firm:
  do: {prevent: {amount: all, to: {yours: unit}, from: {kind: spell}, until: end_of_turn}}
each_here:
  triggers:
    - when: {attacks: self}
      do: {damage: {amount: 2, to: {enemy: unit, at: here}}}
"""


@pytest.mark.rule("D-DIST-1", "D-TIME-1", "B-MOD-1", "P-1", "A-SPELL-1")
def test_the_style_cards_read_like_their_text() -> None:
    got = {cid: [describe.ability(x) for x in abs_] for cid, abs_ in _abilities(STYLE).items()}
    assert got == {
        "volibear_furious": [
            "When this card attacks: deal 5 damage divided among any number of enemy units here."
        ],
        "mache_l_ame": ["An enemy character gets -1 defense per Demon character you control."],
        "stand_firm": ["Prevent all damage dealt to your units by spells this turn."],
        "each_here": ["When this card attacks: deal 2 damage to each enemy unit here."],
    }


@pytest.mark.rule("D-DIST-1")
def test_any_number_of_chosen_targets_is_one_selector_not_fixed_roles() -> None:
    (ab,) = _abilities(STYLE)["volibear_furious"]
    (e,) = ab.effects
    assert e.selector.pick is a.Pick.CHOOSE and e.selector.count == a.ANY_NUMBER
    assert e.selector.side is a.Side.ENEMY and e.selector.here
    assert e.action == a.DealDamage(split=True) and e.amount == a.Const(5)


@pytest.mark.rule("B-MOD-1")
def test_per_demon_is_an_amount_computed_from_the_game() -> None:
    (ab,) = _abilities(STYLE)["mache_l_ame"]
    amount = ab.effects[0].amount
    assert isinstance(amount, a.Per) and amount.times == -1
    assert amount.selector.subtypes == frozenset({"Demon"})


def _all_cardset_abilities() -> list[tuple[str, a.CardAbility]]:
    out = []
    for path in sorted(CARDSETS.glob("*.yaml")):
        for card in load_cardset(str(path)).cards.values():
            out += [(f"{path.name}:{card.id}", ab) for ab in card.abilities]
    return out


def test_writing_an_ability_back_reads_the_same_ability() -> None:
    for label, ab in _all_cardset_abilities():
        if ab.kind not in (a.Kind.ON_PLAY, a.Kind.TRIGGER, a.Kind.QUICK):
            continue
        data = emit.effects(ab.effects) if ab.kind is a.Kind.ON_PLAY else emit.ability(ab)
        doc = load("t.yaml", "x: 1")
        node = Node(doc, (), data)
        back = (
            syntax.effects(node)
            if ab.kind is a.Kind.ON_PLAY
            else syntax.ability(node, ab.kind, 0).effects
        )
        assert back == ab.effects, label


def test_describe_renders_every_card_of_the_example_card_sets() -> None:
    from arbiter.solver.cli.describe import describe_cards

    total = 0
    for path in sorted(CARDSETS.glob("*.yaml")):
        for card in describe_cards(str(path), None):
            total += 1
            assert card["abilities"] or card["keywords"] or not _has_abilities(path, card), card
            assert not card["not_modelled"], card
            for line in card["abilities"]:  # type: ignore[attr-defined]
                assert line.endswith(".") and "None" not in line, line
    assert total >= 50


def _has_abilities(path: Path, card: dict[str, object]) -> bool:
    import yaml

    raw = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"][card["id"]]
    # ``combat``: a unit's combat profile (assigned first/last, takes no damage), data read
    # by the combat area, not an ability of the card language
    plain = {"name", "kind", "text", "base", "features", "keywords", "combat"}
    return bool(set(raw) - plain)


def _answers(path: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    from arbiter.solver.check.diagnostics import run_check

    found = run_check(load_cardset(path)).diagnostics
    return sorted((d.code, d.cards, d.rules) for d in found)


TRUTHFUL = {"eredan.yaml", "riftbound.yaml"}  # Mâche l'âme and Volibear were made truthful


@pytest.mark.parametrize("name", sorted(p.name for p in V1.glob("*.yaml")))
def test_upgrading_a_format_1_card_set_keeps_its_answers(name: str, tmp_path: Path) -> None:
    for p in V1.glob("*.yaml"):  # includes resolve in the same folder
        (tmp_path / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    before = _answers(str(tmp_path / name))
    for p in V1.glob("*.yaml"):
        up = upgrade_text(p.name, p.read_text(encoding="utf-8"))
        (tmp_path / p.name).write_text(up.text, encoding="utf-8")
    after = load_cardset(str(tmp_path / name))
    assert not after.upgraded  # every file is format 2 now
    assert _answers(str(tmp_path / name)) == before
    if name not in TRUTHFUL:
        example = (CARDSETS / name).read_text(encoding="utf-8")
        assert upgrade_text(name, (V1 / name).read_text(encoding="utf-8")).text == example


def test_a_format_1_file_is_read_by_upgrading_it_with_a_one_line_note() -> None:
    done = cli("describe", str(V1 / "berserk.yaml"), "war_banner")
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and "format 1" in done.stderr
    assert "gets +1 to Armor." in done.stdout


def test_upgrade_keeps_comments_and_is_idempotent(tmp_path: Path) -> None:
    src = (V1 / "flawed.yaml").read_text(encoding="utf-8")
    once = upgrade_text("flawed.yaml", src)
    comments = [ln.strip() for ln in src.splitlines() if ln.strip().startswith("#")]
    assert comments == [ln.strip() for ln in once.text.splitlines() if ln.strip().startswith("#")]
    assert once.kept == ()  # every card of the set is in the card language
    assert upgrade_text("flawed.yaml", once.text).already


def test_a_bad_effect_is_one_located_line() -> None:
    text = "ruleset: riftbound\nformat: 2\ncards:\n  x:\n    kind: spell\n"
    text += "    do: {damage: {amount: 2, too: 1}}\n"
    with pytest.raises(InputError) as err:
        load_cardset("bad.yaml", text)
    assert str(err.value).startswith("bad.yaml:6:")
    assert "cards.x.do.damage.too" in str(err.value)


def test_every_key_of_the_card_language_schema_has_a_description() -> None:
    from arbiter.model.effects.keys import json_schema

    def walk(v: object, path: str) -> None:
        if isinstance(v, dict):
            props = v.get("properties")
            if isinstance(props, dict):
                for key, sub in props.items():
                    assert isinstance(sub, dict) and sub.get("description"), f"{path}.{key}"
            for key, sub in v.items():
                walk(sub, f"{path}.{key}")
        elif isinstance(v, list):
            for i, sub in enumerate(v):
                walk(sub, f"{path}[{i}]")

    walk(json_schema(), "$defs")


GROUPS = (
    "selectors",
    "amounts",
    "durations",
    "conditions",
    "statuses",
    "triggers",
    "zone_actions",
    "event_modifiers",
)


@pytest.mark.parametrize("group", GROUPS)
def test_each_construct_group_has_an_example_that_meets_its_expectations(group: str) -> None:
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.engine.runner import run

    path = ROOT / "examples" / "language" / f"{group}.yaml"
    result = run(parse_file(str(path)))
    assert result.stopped_by is None
    assert result.passed >= 3 and not [c for c in result.checks if not c.passed]


@pytest.mark.rule("EFF-UNTIL")
def test_an_effect_until_the_end_of_the_turn_is_undone_then_and_a_one_shot_one_stays() -> None:
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.engine.runner import run

    result = run(parse_file(str(ROOT / "examples" / "language" / "durations.yaml")))
    assert [c.passed for c in result.checks] == [True] * 6


@pytest.mark.rule("EFF-EVAL", "B-MOD-1", "A-SPELL-4")
def test_per_demon_is_counted_when_the_effect_resolves() -> None:
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.engine.runner import run

    scenario = parse_file(str(ROOT / "examples" / "language" / "amounts.yaml"))
    first = scenario.steps[0]
    state = run(scenario).state
    naya = state.objects["naya"]
    assert naya.mods["defense"][0].amounts == (-3,)  # three demons of Mâche's side
    assert first.target_ids() == ("naya",)


@pytest.mark.parametrize("name", sorted(p.name for p in (V1 / "loops").glob("*.yaml")))
def test_upgrading_a_format_1_loops_file_keeps_its_verdict(name: str) -> None:
    from arbiter.model.format.loop_input import load_for_loops
    from arbiter.solver.cli.output import without_timings
    from arbiter.solver.loops.report import analyse

    old = (V1 / "loops" / name).read_text(encoding="utf-8")
    new = upgrade_text(name, old).text
    assert new == (ROOT / "examples" / "loops" / name).read_text(encoding="utf-8")

    def verdict(text: str) -> object:
        data = load_for_loops(name, text)
        report = analyse(
            data,
            one_day=data.options.one_day,
            **({"budget": data.options.budget} if data.options.budget else {}),
        )
        return without_timings(report.as_json())

    assert verdict(new) == verdict(old)


def test_the_html_report_shows_each_card_beside_how_arbiter_understood_it(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    done = cli("check", str(CARDSETS / "riftbound.yaml"), "--html", str(out))
    assert done.returncode in (0, 1), done.stderr
    html = out.read_text(encoding="utf-8")
    assert "Cards, as arbiter understood them" in html
    assert "deal 5 damage divided among any number of enemy units here." in html
