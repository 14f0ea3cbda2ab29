"""Card-set files: cards, roles and one-shot effects, includes kept inside the folder."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.model.effects.algebra import StatOp
from arbiter.model.errors import InputError
from arbiter.model.format.cardset import load_cardset
from arbiter.model.state import Guard
from arbiter.model.steps import Modify, Protect
from tests.helpers import ROOT

CARDSETS = ROOT / "examples" / "cardsets"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_card_has_its_characteristics_features_keywords_and_protections() -> None:
    cs = load_cardset(str(CARDSETS / "eredan.yaml"))
    ayako = cs.cards["ayako"]
    assert ayako.name == "Ayako" and ayako.kind == "character"
    assert ayako.template.base["attack"] == (3, 4)
    assert ayako.template.base["subtypes"] == frozenset({"Human"})
    assert ayako.template.guards_on("defense") == frozenset({Guard.CANNOT_DECREASE})
    oak = load_cardset(str(CARDSETS / "altered.yaml")).cards["ancient_oak"]
    assert set(oak.template.features) == {"Gigantic", "Eternal", "Seasoned"}
    colossus = load_cardset(str(CARDSETS / "altered.yaml")).cards["forest_colossus"]
    assert colossus.template.features["Tough"].number == 1


def test_effects_use_the_step_syntax_with_roles_and_come_from_the_card() -> None:
    cs = load_cardset(str(CARDSETS / "eredan.yaml"))
    order = cs.cards["prince_metchaf_order"]
    (step,) = order.effect
    assert isinstance(step, Modify)
    expected = ("opponent", StatOp.DIVIDE, 2, "down")
    assert (step.target, step.op, step.value, step.rounding) == expected
    assert step.source == "prince_metchaf_order"
    assert order.role("opponent").side == "enemy"
    yilith = cs.cards["dame_yilith"]
    assert all(
        isinstance(s, Protect) and s.protection.source == "dame_yilith" for s in yilith.effect
    )


def test_includes_bring_the_cards_of_the_same_folder() -> None:
    cs = load_cardset(str(CARDSETS / "eredan.yaml"))
    assert "voyage" in cs.cards and "naya" in cs.cards
    assert [os.path.basename(f) for f in cs.files] == ["eredan.yaml", "eredan_spells.yaml"]


def test_every_example_card_set_parses() -> None:
    for path in sorted(CARDSETS.glob("*.yaml")):
        assert load_cardset(str(path)).cards


SEEDED = {
    "eredan": [
        "Naya", "Mâche l'âme", "Voyage", "Ayako", "Couronne des confins", "L'intouchable",
        "Fragment de l'Onyrim", "Dame Yilith", "Échapper à la mort", "Pierre cristal",
        "Coup de barre", "Parchemin petitbras", "Assassinat", "Dimizar", "Djamena",
        "Colère de Solar", "La part du démon", "Portail démoniaque", "Éblouissement",
        "Maître d'arme", "Solaris", "Prince Metchaf's order",
    ],
    "berserk": ["Razgal", "Dark Druid", "Soul Stone"],
    "riftbound": ["Annie, Fiery", "Singularity", "Volibear, Furious"],
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(SEEDED))
def test_the_seed_sets_hold_every_card_the_sources_name(game: str) -> None:
    names = {c.name for c in load_cardset(str(CARDSETS / f"{game}.yaml")).cards.values()}
    assert set(SEEDED[game]) <= names


def test_the_berserk_set_has_a_dark_hero_mage() -> None:
    cs = load_cardset(str(CARDSETS / "berserk.yaml"))
    assert any("Hero-mage" in c.template.base.get("subtypes", ()) for c in cs.cards.values())


def _error(path: Path) -> InputError:
    with pytest.raises(InputError) as info:
        load_cardset(str(path))
    return info.value


def test_an_include_reaching_outside_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    write(tmp_path, "outside.yaml", "ruleset: eredan\ncards: {}\n")
    main = write(tmp_path / "sets", "main.yaml", "ruleset: eredan\ninclude: [../outside.yaml]\n")
    err = _error(main)
    assert "own folder" in err.message and err.location is not None and err.location.line == 2
    assert err.path == "include[0]"


def test_an_absolute_include_is_refused(tmp_path: Path) -> None:
    other = write(tmp_path, "other.yaml", "ruleset: eredan\ncards: {}\n")
    main = write(tmp_path, "main.yaml", f"ruleset: eredan\ninclude: ['{other}']\n")
    assert "not an absolute path" in _error(main).message


def test_a_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    write(tmp_path, "secret.yaml", "ruleset: eredan\ncards: {}\n")
    os.symlink(tmp_path / "secret.yaml", tmp_path / "sets" / "link.yaml")
    main = write(tmp_path / "sets", "main.yaml", "ruleset: eredan\ninclude: [link.yaml]\n")
    assert "own folder" in _error(main).message


def test_an_include_cycle_is_refused_with_its_chain(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "ruleset: eredan\ninclude: [b.yaml]\n")
    write(tmp_path, "b.yaml", "ruleset: eredan\ninclude: [a.yaml]\n")
    err = _error(tmp_path / "a.yaml")
    assert "a.yaml -> b.yaml -> a.yaml" in err.message
    assert err.location is not None and err.location.file.endswith("b.yaml")


def test_an_included_file_of_another_ruleset_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "b.yaml", "ruleset: berserk\ncards: {}\n")
    main = write(tmp_path, "a.yaml", "ruleset: eredan\ninclude: [b.yaml]\n")
    assert "ruleset of the including file" in _error(main).message


def test_a_card_id_defined_twice_across_files_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "b.yaml", "ruleset: eredan\ncards: {x: {kind: spell}}\n")
    main = write(
        tmp_path, "a.yaml", "ruleset: eredan\ninclude: [b.yaml]\ncards:\n  x: {kind: spell}\n"
    )
    err = _error(main)
    assert "already a card" in err.message and err.location is not None and err.location.line == 4


def test_a_step_naming_an_undeclared_role_is_a_located_error(tmp_path: Path) -> None:
    main = write(
        tmp_path,
        "a.yaml",
        """\
        ruleset: eredan
        cards:
          bolt:
            kind: spell
            effect:
              - modify: {target: foe, stat: defense, op: add, value: -1}
        """,
    )
    err = _error(main)
    assert err.path == "cards.bolt.effect[0].modify.target" and "self" in err.message


def test_the_cli_reports_bad_card_sets_on_one_line_with_exit_2(tmp_path: Path) -> None:
    from tests.helpers import cli

    main = write(tmp_path, "a.yaml", "ruleset: eredan\ncards:\n  x: {kind: spell, colour: red}\n")
    done = cli("check", str(main))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and ":3:" in done.stderr and "colour" in done.stderr


def test_keys_other_areas_register_are_parsed_through_the_same_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dataclasses import replace

    from arbiter.model.format import scenario as fmt
    from arbiter.model.format.document import Node
    from arbiter.model.state import GameObject
    from arbiter.solver.check.witness import card_object

    def shields(node: Node, ctx: fmt.ParseContext, obj: GameObject) -> GameObject:
        return replace(obj, counters={**obj.counters, "shield": node.integer(0, 9)})

    monkeypatch.setitem(fmt.OBJECT_KEY_PARSERS, "shield", shields)
    text = "ruleset: riftbound\ncards:\n  poro: {kind: unit, base: {might: 2}, shield: 3}\n"
    poro = load_cardset("set.yaml", text).cards["poro"]
    assert poro.template.counters["shield"] == 3
    assert card_object(poro)["shield"] == 3  # witnesses carry the area's keys as written
    with pytest.raises(InputError) as info:
        load_cardset("set.yaml", text.replace("shield: 3", "shield: 12"))
    assert info.value.path == "cards.poro.shield"


def test_a_game_state_places_cards_in_play_in_the_order_given() -> None:
    from arbiter.model.cardset import game_state

    cs = load_cardset(str(CARDSETS / "eredan.yaml"))
    state = game_state(cs, {"dimizar": "you", "djamena": "opponent"})
    assert [o.timestamp for o in state.objects.values()] == [1, 2] and state.clock == 2
    assert state.obj("djamena").owner == "opponent" and state.obj("dimizar").zone == "play"


def test_every_example_card_set_meets_the_published_schema() -> None:
    import json

    import jsonschema
    import yaml

    from tests.helpers import cli

    done = cli("schema", "--cardset")
    assert done.returncode == 0
    schema = json.loads(done.stdout)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted(CARDSETS.glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert not list(validator.iter_errors(document)), path
    assert list(validator.iter_errors({"ruleset": "eredan", "cards": {"x": {"colour": 1}}}))


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.sampled_from(["x", "self", "t", "defense", "*"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(
                ["kind", "base", "features", "keywords", "protections", "roles", "effect",
                 "modify", "target", "stat", "op", "value", "side", "card", "limit", "cannot"]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)  # fmt: skip


@settings(max_examples=60)
@given(st.dictionaries(st.sampled_from(["a", "b", "self"]), _VALUES, max_size=3))
def test_any_card_set_either_loads_or_is_refused_with_a_located_input_error(
    cards: dict[str, object],
) -> None:
    """Whatever a card set holds, reading it gives cards or one InputError with a place,
    never another exception; and a set that reads is checked without an exception."""
    import yaml

    from arbiter.solver.check.diagnostics import run_check

    text = yaml.safe_dump({"ruleset": "eredan", "cards": cards})
    try:
        cardset = load_cardset("fuzz.yaml", text)
    except InputError as err:
        assert err.location is not None and err.location.file == "fuzz.yaml"
        return
    for d in run_check(cardset).diagnostics:
        assert d.code and d.message
