"""``arbiter check`` analyses what the card language says and format 1 steps cannot: an
amount computed from the game, "any number of" targets, selectors with filters, durations
and conditions. Such an ability is one ``perform`` step of the card's effect over roles
that keep their selector (Decision CHECK-ALGEBRA); no ability of the example card sets is
left for ``arbiter describe`` only."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from arbiter.model.cardset import candidates, footprint
from arbiter.model.effects import algebra as a
from arbiter.model.effects.perform import Perform
from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.scenario import parse_file
from arbiter.solver.check.base import Diagnostic
from arbiter.solver.check.diagnostics import run_check
from arbiter.solver.check.witness import write_witnesses
from arbiter.solver.engine.runner import run
from tests.helpers import ROOT

CARDSETS = ROOT / "examples" / "cardsets"


def check_text(text: str) -> list[Diagnostic]:
    return list(run_check(load_cardset("set.yaml", textwrap.dedent(text))).diagnostics)


def witnesses_pass(found: list[Diagnostic], tmp_path: Path) -> None:
    for d, path in zip(found, write_witnesses(found, str(tmp_path)), strict=True):
        assert path is not None, d.code
        result = run(parse_file(path))
        assert result.ok and result.passed >= 1, (d.code, [c.as_json() for c in result.checks])


@pytest.mark.rule("CHECK-ALGEBRA")
@pytest.mark.parametrize("path", sorted(CARDSETS.glob("*.yaml")), ids=lambda p: p.name)
def test_no_ability_of_the_example_card_sets_is_left_to_describe_only(path: Path) -> None:
    cardset = load_cardset(str(path))
    assert {c.id: c.described_only for c in cardset.cards.values() if c.described_only} == {}
    assert {c.id: c.unmodelled for c in cardset.cards.values() if c.unmodelled} == {}


@pytest.mark.rule("CHECK-ALGEBRA", "B-MOD-1", "A-SPELL-4", "E-OPS-1")
def test_mache_l_ame_writes_defense_by_an_amount_computed_at_resolution() -> None:
    """ "-1 defense per Demon you control" reaches the checker: a write of the opposing
    character's defense whose value is computed when it resolves (not known before)."""
    cardset = load_cardset(str(CARDSETS / "eredan.yaml"))
    mache = cardset.cards["mache_l_ame"]
    (step,) = mache.effect
    assert isinstance(step, Perform)
    assert isinstance(step.effects[0].amount, a.Per)
    (write,) = footprint(mache).stat_writes
    assert (write.role, write.stat, write.op, write.value) == ("opponent", "defense", "add", None)
    reach = {c.id for c in candidates(cardset, mache, "opponent")}
    assert reach == {c.id for c in cardset.cards.values() if c.kind == "character"}


MACHE = """
    ruleset: eredan
    format: 2
    cards:
      mache_l_ame:
        name: Mâche l'âme
        kind: character
        base: {attack: [4, 6], defense: 3, spirit: 2, subtypes: [Demon]}
        text: "The opposing character gets -1 defense for each demon of his side."
        do: {modify: {stat: %s, add: {per: {yours: character, subtype: Demon}, times: -1},
             target: {choose: 1, enemy: character, as: opponent}}}
      naya:
        name: Naya
        kind: character
        base: {attack: [2, 4], defense: 2, spirit: 3, subtypes: [Human]}
"""


@pytest.mark.rule("CHECK-ALGEBRA", "CHECK-REF", "A-CHAR-2", "B-MOD-1")
def test_a_computed_amount_on_a_misspelt_characteristic_is_found(tmp_path: Path) -> None:
    assert check_text(MACHE % "defense") == []
    found = check_text(MACHE % "defence")
    assert [(d.code, d.cards, d.abilities) for d in found] == [
        ("unknown-characteristic", ("mache_l_ame",), ("mache_l_ame.effect[0]",))
    ]
    witnesses_pass(found, tmp_path)
    text = found[0].witness.text if found[0].witness else ""
    assert "per:" in text and "perform:" in text  # the witness plays the card's own effect


@pytest.mark.rule("CHECK-ALGEBRA", "D-DIST-1", "D-PREV-3b", "A-SPELL-1")
def test_volibear_splits_among_any_subset_of_the_enemy_units_here() -> None:
    """Volibear's "distribute 5 among any number of enemy units here" reaches the checker:
    its role stands for any subset of the units of the set; a split is read alike under
    both readings of Decision D-PREV-3 (D-PREV-3b), so the set holds no ruling about it."""
    cardset = load_cardset(str(CARDSETS / "riftbound.yaml"))
    voli = cardset.cards["volibear_furious"]
    assert voli.described_only == ()
    (step,) = voli.effect
    assert isinstance(step, Perform)
    (role,) = voli.roles
    assert role.selector is not None and role.selector.count == a.ANY_NUMBER
    assert role.selector.here and role.side == "enemy"
    units = {c.id for c in cardset.cards.values() if c.kind == "unit"}
    assert {c.id for c in candidates(cardset, voli, role.name)} == units
    found = run_check(cardset).diagnostics
    assert all("volibear_furious" not in d.cards for d in found)


ANNIE_AND_PORO = """
    ruleset: riftbound
    format: 2
    cards:
      annie_fiery:
        name: Annie, Fiery
        kind: unit
        base: {might: 4}
        damage_bonus: {amount: 1, to: [spell, ability]}
      stalwart_poro:
        name: Stalwart Poro
        kind: unit
        base: {might: 2}
        prevention: 3
      volibear_roaring:
        name: Volibear, Roaring
        kind: unit
        base: {might: 5}
        text: "When I attack, deal 3 to each enemy unit here."
        triggers:
          - id: roar
            when: {attacks: self}
            do: {damage: {amount: 3, to: {each: unit, enemy: true, at: here%s}}}
"""


@pytest.mark.rule("CHECK-ALGEBRA", "D-PREV-3", "D-EACH-1", "D-BONUS-1")
def test_damage_to_each_enemy_unit_here_meets_decision_d_prev_3(tmp_path: Path) -> None:
    """An "each enemy unit here" selector (filters the format 1 steps cannot say) is
    analysed like a chosen target: 3 with Annie's +1 against the Poro's 3 is the ruling."""
    found = check_text(ANNIE_AND_PORO % "")
    assert [(d.code, d.cards) for d in found] == [
        ("ruling-D-PREV-3", ("annie_fiery", "stalwart_poro", "volibear_roaring"))
    ]
    assert found[0].abilities[0] == "volibear_roaring.effect[0]"
    witnesses_pass(found, tmp_path)
    # the selector's filters decide which cards it can reach: Might 3 or more leaves the Poro
    assert check_text(ANNIE_AND_PORO % ", with: {might: {at_least: 3}}") == []


DIVIDERS = """
    ruleset: eredan
    format: 2
    cards:
      ayako:
        name: Ayako
        kind: character
        base: {attack: [3, 4], defense: 3, spirit: 3, subtypes: [Human]}
        protections: [{stat: defense, cannot: decrease}]
      vex:
        name: Vex
        kind: character
        base: {attack: [3, 4], defense: 3, spirit: 3, subtypes: [Demon]}
        protections: [{stat: defense, cannot: decrease}]
      halver:
        name: Halver
        kind: spell
        text: "%s"
        do: {modify: {stat: defense, divide: 2, rounding: down, target: %s}}
"""


@pytest.mark.rule("CHECK-ALGEBRA", "E-IMM-1b", "A-SPELL-1")
def test_any_number_of_targets_stands_for_any_subset_of_the_candidates(tmp_path: Path) -> None:
    """A division of "any number of characters" meets each character that cannot have its
    defense decreased: the witness chooses the smallest subset that shows it."""
    found = check_text(
        DIVIDERS
        % ("Divide the defense of any number of characters by 2.", "{choose: any, kind: character}")
    )
    assert [(d.code, d.cards) for d in found] == [("ruling-E-IMM-1b", ("ayako", "halver"))]
    witnesses_pass(found, tmp_path)
    text = found[0].witness.text if found[0].witness else ""
    assert "choose: any" in text and "[ayako]" in text


@pytest.mark.rule("CHECK-ALGEBRA", "E-IMM-1b", "CHECK-SUBJ")
def test_a_selector_filter_decides_which_subjects_a_ruling_meets(tmp_path: Path) -> None:
    """ "Each enemy Demon": Ayako (Human) and Vex (Demon) are alike but for their subtypes,
    which the selector reads, so they are no longer one class of subjects (CHECK-SUBJ)."""
    found = check_text(
        DIVIDERS
        % (
            "Divide the defense of each enemy Demon by 2.",
            "{each: character, enemy: true, subtype: Demon}",
        )
    )
    assert [(d.code, d.cards) for d in found] == [("ruling-E-IMM-1b", ("halver", "vex"))]
    witnesses_pass(found, tmp_path)


TWINS = """
    ruleset: riftbound
    format: 2
    cards:
      ember_twin:
        name: Ember twin
        kind: unit
        base: {might: 3}
        text: "When I'm dealt damage, deal 1 to each other unit."
        triggers:
          - id: flare
            when: {damaged: self}
            do: {damage: {amount: 1, to: {each: unit, other: true}}}
      cinder_twin:
        name: Cinder twin
        kind: unit
        base: {might: 3}
        text: "When I'm dealt damage, deal 1 for each other unit to each other unit%s."
        triggers:
          - id: blaze
            when: {damaged: self}
            do: {damage: {amount: {per: {each: unit, other: true}},
                          to: {each: unit, other: true}%s}}
"""


@pytest.mark.rule("CHECK-ALGEBRA", "LOOP-2", "LOOP-4", "B-MOD-1", "TRIG-4")
def test_a_loop_of_triggers_written_only_in_the_card_language_is_found(tmp_path: Path) -> None:
    """Triggers on events the loop engine produces, with "each other unit" and an amount
    per unit, run as they are written: the loop search finds the mandatory loop, and its
    witness (a format 2 card set) gives the same verdict under ``arbiter loops``."""
    from arbiter.model.format.loop_input import load_for_loops
    from arbiter.solver.loops.report import analyse, check_expectations

    cardset = load_cardset("set.yaml", textwrap.dedent(TWINS % ("", "")))
    assert {c.id: c.written for c in cardset.cards.values()} == {
        "ember_twin": ("flare",),
        "cinder_twin": ("blaze",),
    }
    found = list(run_check(cardset).diagnostics)
    assert [(d.code, d.cards) for d in found] == [("loop-mandatory", ("cinder_twin", "ember_twin"))]
    (path,) = write_witnesses(found, str(tmp_path))
    assert path is not None and "format: 2" in Path(path).read_text(encoding="utf-8")
    data = load_for_loops(path)
    checks = check_expectations(analyse(data), data)
    assert checks and all(ok for *_, ok in checks), checks
    # a condition read when it resolves: "while I have Might 5 or more" never holds
    quiet = TWINS % (" if I am mighty", ", if: {stat: might, at_least: 5}")
    assert check_text(quiet) == []


SCENARIO = """
    title: switch and a protection bound to a card, in the card language
    ruleset: altered
    players: [ana, bo]
    objects:
      winds: {owner: ana, kind: spell, zone: hand}
      scout: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1}}
      yilith: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 3}}
    steps:
      - perform: {by: winds, do: {switch: {choose: 1, kind: character}}, choose: [scout]}
      - expect: {scout.zone: "expedition:companion"}
      - perform:
          by: winds
          do: {protect: {stat: forest, limit: 1, target: {choose: 1, kind: character},
                         until: {while: {in: play, of: yilith}}}}
          choose: [scout]
      - modify: {target: scout, stat: forest, op: add, value: 3}
      - expect: {scout.forest: 2}
      - end: {source: winds}
      - expect: {scout.forest: 2}
      - end: {source: yilith}
      - expect: {scout.forest: 4}
"""


@pytest.mark.rule("CHECK-ALGEBRA", "Altered 7.4.4.m", "E-LIMIT-1", "B-NAMED-3")
def test_switch_and_a_protection_bound_to_a_card_perform(tmp_path: Path) -> None:
    """shifting_winds' "switches expeditions" and yilith_s_ward's "while Dame Yilith is in
    play" in the card language: the character changes expedition (not zone), and the
    protection's source is the card it lasts with (it ends when that source stops)."""
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(SCENARIO), encoding="utf-8")
    result = run(parse_file(str(path)))
    assert result.ok and result.passed == 4, [c.as_json() for c in result.checks]


MISC = """
    ruleset: berserk
    format: 2
    cards:
      warrior:
        name: Warrior
        kind: creature
        base: {power: 3, lives: 4}
        features: {Armor: 2}
      banner:
        name: Banner
        kind: spell
        text: "If you have 2 mana, each other creature gets +1 Armour until end of turn."
        do: {boost: {feature: Armour, amount: 1, to: {each: creature, other: true}},
             until: end_of_turn, if: {counter: mana, of: you, at_least: 2}}
      oath:
        name: Oath
        kind: spell
        text: "Each creature with Armor gains Armor 1 if you have 2 mana or more."
        do: {give: {feature: Armor, number: 1, to: {each: creature, has: Armor}},
             if: {counter: mana, of: you, at_least: 2}}
      exile:
        name: Exile
        kind: spell
        text: "Put up to two creatures with power 2 or more into the void."
        do: {move: {zone: void, target: {choose: {up_to: 2}, kind: creature,
                                         with: {power: {at_least: 2}}}}}
      sap:
        name: Sap
        kind: spell
        text: "Each spell loses 1 speed per creature."
        do: {modify: {stat: speed, add: {per: {each: creature}, times: -1}, target: {each: spell}}}
"""


@pytest.mark.rule("CHECK-ALGEBRA", "CHECK-REF", "B-NAMED-1", "B-NAMED-2", "A-SPELL-4")
def test_every_witness_of_a_perform_step_runs_and_shows_its_problem(tmp_path: Path) -> None:
    found = check_text(MISC)
    assert sorted((d.code, d.cards) for d in found) == [
        ("unknown-characteristic", ("sap",)),
        ("unknown-feature", ("banner",)),
        ("unknown-zone", ("exile",)),
    ]  # Oath's gain has a condition: left out of useless-named-gain
    for d, path in zip(found, write_witnesses(found, str(tmp_path)), strict=True):
        assert path is not None, d.code
        result = run(parse_file(path))
        assert result.ok and result.passed >= 1, (d.code, [c.as_json() for c in result.checks])


GIANT = """
    ruleset: altered
    format: 2
    cards:
      colossus:
        name: Stone colossus
        kind: character
        base: {forest: 4, mountain: 4, water: 2}
        keywords: [Gigantic]
      winds:
        name: Great winds
        kind: spell
        text: "Each character with forest %d or more switches expeditions."
        do: {switch: {each: character, with: {forest: {at_least: %d}}}}
"""


@pytest.mark.rule("CHECK-ALGEBRA", "A-KW-GIGANTIC", "Altered 7.4.4.m")
def test_a_switch_of_each_character_meets_a_gigantic_one_it_admits(tmp_path: Path) -> None:
    found = check_text(GIANT % (3, 3))
    assert [(d.code, d.cards) for d in found] == [
        ("ruling-rulebook-version", ("colossus", "winds"))
    ]
    witnesses_pass(found, tmp_path)
    assert check_text(GIANT % (5, 5)) == []  # forest 4: the selector does not admit it
