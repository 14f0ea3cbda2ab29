"""Combat damage assignment: the articles of Riftbound 1.3 one by one (437.5, 460.2.c,
807, 814, 815, 826), the combat step, and `arbiter combat`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.model.damage import combat as cb
from arbiter.model.errors import IllegalAction
from arbiter.solver.cpsat import Status
from arbiter.solver.damage import combat_cpsat as cp
from arbiter.solver.damage import combat_exact as ex
from tests.helpers import ROOT, cli, run_text, view

EXAMPLES = ROOT / "examples" / "combat"
R = cb.Receiver


def problem(total: int, *units: cb.Receiver, maximise: bool = True) -> cb.AssignmentProblem:
    return cb.AssignmentProblem(
        total, tuple(sorted(units, key=lambda r: r.id)), cb.Objective.KILLS, maximise
    )


def refused(p: cb.AssignmentProblem, assignment: dict[str, int]) -> str:
    with pytest.raises(IllegalAction) as info:
        cb.check(p, assignment)
    return info.value.rule


FOUR = problem(5, R("a", 3), R("b", 3), R("c", 3), R("d", 3))


@pytest.mark.rule("CMB-FULL", "Riftbound 460.2.c.3")
def test_five_damage_among_four_3_might_units_is_3_then_2_as_the_rulebook_says() -> None:
    assert refused(FOUR, {"a": 2, "b": 1, "c": 1, "d": 1}) == cb.FULL_LETHAL
    cb.check(FOUR, {"c": 3, "a": 2})
    assert ex.count(FOUR) == 12  # 4 units to kill, then 3 to take the 2 left


@pytest.mark.rule("CMB-NO-MORE", "Riftbound 460.2.c.4")
def test_no_unit_gets_more_than_lethal_while_another_is_short_of_it() -> None:
    assert refused(FOUR, {"a": 5}) == cb.NO_MORE_THAN_LETHAL
    assert refused(FOUR, {"a": 4, "b": 1}) == cb.NO_MORE_THAN_LETHAL


@pytest.mark.rule("CMB-EXCESS", "Riftbound 460.2.c.4")
def test_once_every_unit_has_lethal_the_rest_goes_to_any_of_them() -> None:
    two = problem(8, R("a", 3), R("b", 3))
    for a in range(3, 6):
        cb.check(two, {"a": a, "b": 8 - a})
    assert ex.count(two) == 3
    assert refused(two, {"a": 6, "b": 2}) == cb.NO_MORE_THAN_LETHAL


@pytest.mark.rule("CMB-LETHAL", "Riftbound 437.5.a")
def test_a_2_might_unit_that_prevents_3_needs_5_assigned_as_the_rulebook_says() -> None:
    out = view(
        """
        ruleset: riftbound
        players: [ana, bo]
        objects:
          knight: {owner: ana, kind: unit, base: {might: 5}}
          poro: {owner: bo, kind: unit, base: {might: 2}, prevention: 3}
        steps:
          - combat: {attackers: [knight], defenders: [poro]}
        """
    )
    first = out["events"][0]
    assert first["lethal"] == {"poro": 5}
    assert first["destroyed"] == ["poro"]
    assert out["objects"]["poro"]["counters"]["damage"] == 2


@pytest.mark.rule("CMB-LETHAL", "Riftbound 460.2.c.2")
def test_damage_already_marked_lowers_the_lethal_threshold_but_never_below_one() -> None:
    out = view(
        """
        ruleset: riftbound
        players: [ana, bo]
        objects:
          knight: {owner: ana, kind: unit, base: {might: 1}}
          hurt: {owner: bo, kind: unit, base: {might: 4}, damage: 3}
          worn: {owner: bo, kind: unit, base: {might: 2}, damage: 5}
        steps:
          - combat: {attackers: [knight], defenders: [hurt, worn]}
        """
    )
    assert out["events"][0]["lethal"] == {"hurt": 1, "worn": 1}


@pytest.mark.rule("CMB-EXEMPT", "Riftbound 437.5.b", "Riftbound 460.2.c.9")
def test_prevent_all_and_cannot_be_dealt_damage_are_never_lethal_nor_mandatory() -> None:
    p = problem(
        5,
        R("ward", None, exempt=cb.PREVENT_ALL),
        R("kayn", None, first=cb.TANK, exempt=cb.CANNOT_BE_DEALT),
        R("x", 2),
        R("y", 3),
    )
    cb.check(p, {"x": 2, "y": 3})  # Kayn's Tank binds nothing
    cb.check(p, {"ward": 5})  # exempt units may take any amount
    cb.check(p, {"kayn": 1, "x": 2, "y": 2})
    assert cb.score(p, {"ward": 5}).kills == 0
    (low,) = cp.solve([problem(5, *p.receivers, maximise=False)])
    assert low.status is Status.OPTIMAL and low.objective == 0


@pytest.mark.rule("CMB-ORDER", "Riftbound 815.1.c.2", "Riftbound 460.2.c.5")
def test_a_unit_with_tank_has_lethal_before_a_unit_without_tank_gets_anything() -> None:
    p = problem(4, R("tank", 3, first=cb.TANK), R("x", 2))
    assert refused(p, {"x": 2, "tank": 2}) == cb.TANK
    cb.check(p, {"tank": 3, "x": 1})
    assert ex.count(p) == 1


@pytest.mark.rule("CMB-ORDER", "Riftbound 826.4.b", "Riftbound 460.2.c.5")
def test_a_unit_with_backline_gets_nothing_before_every_other_unit_has_lethal() -> None:
    p = problem(4, R("back", 3, last=cb.BACKLINE), R("x", 2))
    assert refused(p, {"back": 3, "x": 1}) == cb.BACKLINE
    cb.check(p, {"x": 2, "back": 2})
    assert ex.count(p) == 1


@pytest.mark.rule("CMB-ORDER", "Riftbound 460.2.c.5")
def test_tank_then_the_plain_unit_then_caitlyn_as_the_rulebook_says() -> None:
    p = problem(7, R("tank", 3, first=cb.TANK), R("caitlyn", 3, last=cb.PRIORITY), R("plain", 2))
    cb.check(p, {"tank": 3, "plain": 2, "caitlyn": 2})
    assert ex.count(p) == 1  # the only order: Tank, the plain unit, Caitlyn
    assert refused(p, {"tank": 3, "caitlyn": 3, "plain": 1}) == cb.PRIORITY
    assert refused(p, {"caitlyn": 3, "plain": 2, "tank": 2}) == cb.TANK


@pytest.mark.rule("CMB-ORDER", "Riftbound 460.2.c.6", "Riftbound 815.1.c.2")
def test_two_tanks_are_assigned_in_either_order_before_the_plain_unit() -> None:
    p = problem(4, R("t1", 3, first=cb.TANK), R("t2", 3, first=cb.TANK), R("x", 1))
    cb.check(p, {"t1": 3, "t2": 1})
    cb.check(p, {"t2": 3, "t1": 1})
    assert refused(p, {"t1": 3, "x": 1}) == cb.TANK
    assert ex.count(p) == 2


@pytest.mark.rule("CMB-EXCLUSIVE", "Riftbound 460.2.c.7")
def test_caitlyn_with_tank_goes_first_or_last_never_between_as_the_rulebook_says() -> None:
    p = problem(4, R("caitlyn", 3, first=cb.TANK, last=cb.PRIORITY), R("l", 2), R("r", 2))
    cb.check(p, {"caitlyn": 3, "l": 1})  # first: her Tank
    cb.check(p, {"l": 2, "r": 2})  # last: her printed text
    assert refused(p, {"l": 2, "caitlyn": 2}) == cb.EXCLUSIVE
    assert ex.count(p) == 3


@pytest.mark.rule("CMB-EXCLUSIVE", "Riftbound 460.2.c.8")
def test_two_caitlyns_with_tank_may_both_go_before_the_plain_unit_as_the_rulebook_says() -> None:
    both = {"first": cb.TANK, "last": cb.PRIORITY}
    p = problem(7, R("c1", 3, **both), R("c2", 3, **both), R("plain", 2))
    cb.check(p, {"c1": 3, "c2": 3, "plain": 1})  # both Tank: before the plain unit
    cb.check(p, {"c1": 3, "plain": 2, "c2": 2})  # one first, one last
    cb.check(p, {"plain": 2, "c1": 3, "c2": 2})  # both last


@pytest.mark.rule(
    "CMB-KEYWORDS", "Riftbound 814.2", "Riftbound 807.2", "Riftbound 814.1.c", "Riftbound 807.1.c"
)
def test_shield_and_assault_grants_add_up_and_count_only_on_their_side() -> None:
    out = view((EXAMPLES / "shield_assault.yaml").read_text(encoding="utf-8"))
    attackers, defenders = out["events"][0], out["events"][1]
    assert attackers["lethal"]["poro"] == 6  # 2 + Shield 1 + Shield 3 (the rulebook's Poro)
    assert defenders["lethal"]["officer"] == 6  # 2 + Assault 1 + Assault 3
    assert defenders["lethal"]["recruit"] == 1  # Shield counts only while defending
    assert attackers["total"] == 7  # the scout's Assault 5 does not count when defending


@pytest.mark.rule("CMB-SIMULTANEOUS", "Riftbound 460.2.c.1.a", "Riftbound 460.2.d")
def test_both_sides_deal_their_damage_at_once_even_the_units_that_die() -> None:
    out = view(
        """
        ruleset: riftbound
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: unit, base: {might: 3}}
          b: {owner: bo, kind: unit, base: {might: 3}}
        steps:
          - combat: {attackers: [a], defenders: [b]}
        """
    )
    kinds = [e["kind"] for e in out["events"]]
    assert kinds == ["combat_assignment"] * 2 + ["damage"] * 2 + ["lethal"] * 2
    assert out["objects"]["a"]["counters"]["damage"] == 3
    assert out["objects"]["b"]["counters"]["damage"] == 3


@pytest.mark.rule("CMB-UNASSIGNED", "Riftbound 460.2.c")
def test_the_whole_summed_might_is_assigned_among_the_other_side_only() -> None:
    p = problem(5, R("a", 3), R("b", 3))
    assert refused(p, {"a": 3, "b": 1}) == cb.ASSIGN
    assert refused(p, {"a": 3, "z": 2}) == cb.ASSIGN
    nothing = problem(0, R("a", 3))
    cb.check(nothing, {})
    assert ex.count(nothing) == 1


@pytest.mark.rule("CMB-MIGHT", "Riftbound 460.2.a")
def test_a_unit_with_might_below_zero_adds_nothing_to_its_side() -> None:
    out = view(
        """
        ruleset: riftbound
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: unit, base: {might: 4}}
          weak: {owner: ana, kind: unit, base: {might: 1}}
          b: {owner: bo, kind: unit, base: {might: 9}}
        steps:
          - modify: {target: weak, stat: might, op: add, value: -3}
          - combat: {attackers: [a, weak], defenders: [b]}
        """
    )
    assert out["events"][1]["total"] == 4


@pytest.mark.rule("CMB-VALUE", "Riftbound 460.2.c")
def test_for_a_player_their_side_maximises_and_the_other_minimises() -> None:
    text = """
        ruleset: riftbound
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: unit, base: {might: 3}}
          x: {owner: bo, kind: unit, base: {might: 2}}
          k: {owner: bo, kind: unit, base: {might: 2}, combat: {takes_damage: false}}
        steps:
          - combat: {attackers: [a], defenders: [x, k], for: bo}
        """
    out = view(text)
    assert out["events"][0]["sense"] == "minimise" and out["events"][0]["value"] == 0
    assert out["events"][1]["sense"] == "maximise"


def test_an_illegal_fixed_assignment_stops_the_run_with_its_article() -> None:
    result = run_text(
        """
        ruleset: riftbound
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: unit, base: {might: 5}}
          x: {owner: bo, kind: unit, base: {might: 3}}
          y: {owner: bo, kind: unit, base: {might: 3}}
        steps:
          - combat: {attackers: [a], defenders: [x, y], assign: {attackers: {x: 4, y: 1}}}
        """
    )
    assert result.stopped_by is not None and result.stopped_by.rule == cb.NO_MORE_THAN_LETHAL


# -- arbiter combat ------------------------------------------------------------------------


def _json(*args: str) -> dict[str, object]:
    done = cli("combat", *args, "--json")
    assert done.returncode in (0, 1), done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


@pytest.mark.rule("Riftbound 460.2.c.3")
def test_arbiter_combat_refuses_the_rulebook_split_and_counts_the_12_legal_ones() -> None:
    done = cli("combat", str(EXAMPLES / "rulebook_460_2_c_3.yaml"), "--all", "--json")
    assert done.returncode == 1
    out = json.loads(done.stdout)
    att = out["sides"]["attackers"]
    assert att["status"] == "ILLEGAL" and att["rule"] == cb.FULL_LETHAL
    assert att["all"]["count"] == 12 and len(att["all"]["listed"]) == 12
    assert att["all"]["listed"][0] == {"a": 3, "b": 2}  # largest first


@pytest.mark.rule("Riftbound 437.5.b", "Riftbound 460.2.c.9")
def test_arbiter_combat_proves_the_optimum_for_each_player() -> None:
    path = str(EXAMPLES / "prevent_all.yaml")
    ana = _json(path)["sides"]["attackers"]  # type: ignore[index]
    assert ana["status"] == "OPTIMAL" and ana["objective"] == 2 and ana["bound"] == 2
    bo = _json(path, "--for", "bo")["sides"]["attackers"]  # type: ignore[index]
    assert bo["sense"] == "minimise" and bo["objective"] == 0 and bo["destroyed"] == []


@pytest.mark.rule("Riftbound 460.2.c.7")
def test_arbiter_combat_counts_alike_by_structure_and_by_cpsat() -> None:
    path = str(EXAMPLES / "tank_and_backline.yaml")
    by_structure = _json(path, "--all")["sides"]["attackers"]["all"]  # type: ignore[index]
    by_cpsat = _json(path, "--all", "--method", "cpsat")["sides"]["attackers"]["all"]  # type: ignore[index]
    assert by_structure["count"] == by_cpsat["count"] == 3
    assert by_structure["listed"] == by_cpsat["listed"]


def test_arbiter_combat_on_a_file_without_combat_is_bad_input() -> None:
    done = cli("combat", str(ROOT / "examples" / "damage" / "volibear_open.yaml"))
    assert done.returncode == 2
    assert "expected a 'combat' step" in done.stderr


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        ("{attackers: [a], defenders: []}", "at least one of the defenders"),
        ("{attackers: [a], defenders: [spell]}", "a unit with might"),
        ("{attackers: [a], defenders: [a]}", "units that do not attack"),
        ("{attackers: [a], defenders: [x], assign: {attackers: {x: -1}}}", "expected an integer"),
        ("{attackers: [a], defenders: [x], assign: {sideways: open}}", "sideways"),
        ("{attackers: [a, x], defenders: [y]}", "attackers of one player"),
    ],
)
def test_a_malformed_combat_step_is_one_located_line(
    tmp_path: Path, step: str, expected: str
) -> None:
    text = f"""ruleset: riftbound
players: [ana, bo]
objects:
  a: {{owner: ana, kind: unit, base: {{might: 3}}}}
  x: {{owner: bo, kind: unit, base: {{might: 3}}}}
  y: {{owner: bo, kind: unit, base: {{might: 3}}}}
  spell: {{owner: bo, kind: spell}}
steps:
  - combat: {step}
"""
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    done = cli("run", str(bad))
    assert done.returncode == 2, done.stdout
    assert "Traceback" not in done.stderr
    assert expected in done.stderr
    assert done.stderr.startswith(f"{bad}:9:")


@pytest.mark.parametrize(
    "keywords", ["[Tank 2]", "[Sneaky]", "[{Tank: 1}]", "[{Shield: x}]", "[Shield two]"]
)
def test_a_malformed_keyword_is_bad_input(tmp_path: Path, keywords: str) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: riftbound\nplayers: [ana]\nobjects:\n"
        f"  a: {{owner: ana, kind: unit, base: {{might: 1}}, combat: {{keywords: {keywords}}}}}\n",
        encoding="utf-8",
    )
    done = cli("run", str(bad))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "objects.a.combat.keywords" in done.stderr


# -- arbiter check: combat keywords players get wrong -----------------------------------


def _check(text: str) -> list[tuple[str, tuple[str, ...]]]:
    import textwrap

    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import run_check

    found = run_check(load_cardset("set.yaml", textwrap.dedent(text))).diagnostics
    return [(d.code, d.cards) for d in found if d.code.startswith("combat-")]


@pytest.mark.rule("CMB-CHECK", "Riftbound 460.2.c.7")
def test_check_reports_a_backline_unit_that_a_card_gives_tank() -> None:
    found = _check(
        """
        ruleset: riftbound
        cards:
          sniper: {kind: unit, base: {might: 2}, features: {Backline: true}}
          block:
            kind: spell
            roles: {target: unit}
            effect: [{gain: {target: target, feature: Tank}}]
          plain: {kind: unit, base: {might: 2}}
        """
    )
    assert found == [("combat-exclusive-demands", ("block", "sniper"))]


@pytest.mark.rule("CMB-CHECK", "Riftbound 460.2.c.7")
def test_check_reports_a_unit_printed_with_both_demands_and_nothing_on_a_plain_set() -> None:
    both = """
        ruleset: riftbound
        cards:
          odd: {kind: unit, base: {might: 3}, features: {Tank: true}, combat: {assigned: last}}
          guard: {kind: unit, base: {might: 3}, features: {Tank: true}}
          sniper: {kind: unit, base: {might: 3}, combat: {keywords: [Backline]}}
        """
    assert _check(both) == [("combat-exclusive-demands", ("odd",))]


@pytest.mark.rule("CMB-CHECK", "Riftbound 460.2.c.9")
def test_check_reports_tank_on_a_unit_for_which_nothing_is_lethal() -> None:
    found = _check(
        """
        ruleset: riftbound
        cards:
          kayn: {kind: unit, base: {might: 4}, combat: {takes_damage: false}}
          ward: {kind: unit, base: {might: 2}, features: {Tank: true}, combat: {prevent: all}}
          taunt:
            kind: spell
            roles: {target: unit}
            effect: [{gain: {target: target, feature: Tank}}]
        """
    )
    assert found == [
        ("combat-exempt-tank", ("kayn", "taunt")),
        ("combat-exempt-tank", ("ward",)),
    ]


def test_the_benchmark_smoke_mode_cross_checks_and_prints_its_tables() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "combat.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "CP-SAT = exact on all but 0" in done.stdout
    assert "| 4 vs 4 | kills |" in done.stdout


@pytest.mark.rule("CMB-VALUE")
def test_arbiter_combat_finds_the_same_optimum_by_cpsat_and_by_the_exact_algorithm() -> None:
    for name in ("tank.yaml", "shield_assault.yaml", "prevention.yaml", "prevent_all.yaml"):
        path = str(EXAMPLES / name)
        for who in ("ana", "bo"):
            sides = [_json(path, "--for", who, "--method", m)["sides"] for m in ("cpsat", "exact")]
            for side in ("attackers", "defenders"):
                cpsat, exact = (s[side] for s in sides)  # type: ignore[index]
                assert cpsat["assignment"] == exact["assignment"], (name, who, side)
                assert cpsat["status"] == exact["status"]
