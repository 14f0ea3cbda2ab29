"""Riftbound Core Rules 1.3, keywords (800-826): numbered keywords granted again add
their values, redundant instances of keywords without a value, and whether a unit has a
keyword as a condition."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """
ruleset: riftbound
players: [ana, bo]
"""


def run(objects: str, steps: str, policies: str = "") -> dict[str, Any]:
    return view(HEAD + policies + "objects:\n" + objects + "steps:\n" + steps)


# -- keywords: summed values, redundant instances, keywords referenced -----------------------


@pytest.mark.rule(
    "Riftbound 807.2", "Riftbound 809.2", "Riftbound 814.2", "Riftbound 823.2", "B-NAMED-1"
)
def test_a_numbered_keyword_granted_again_adds_its_value() -> None:
    steps = (
        "  - gain: {target: u, feature: Assault, number: 1}\n"
        "  - gain: {target: u, feature: Shield, number: 2}\n"
    )
    objs = "  u: {owner: ana, kind: unit, base: {might: 3}, features: {Assault: 2, Shield: 1}}\n"
    out = run(objs, steps)
    assert out["objects"]["u"]["features"]["Assault"]["shown"] == 3
    assert out["objects"]["u"]["features"]["Shield"]["shown"] == 3
    berserk = run(objs, steps, "policies: {numbered_gain: keep-larger}\n")
    assert berserk["objects"]["u"]["features"]["Assault"]["shown"] == 2  # B-NAMED-1
    assert berserk["objects"]["u"]["features"]["Shield"]["shown"] == 2


REDUNDANT = (
    "Accelerate",
    "Ganking",
    "Tank",
    "Temporary",
    "Ambush",
    "Backline",
    "Hidden",
    "Quick-Draw",
)


@pytest.mark.rule(
    "Riftbound 805.4",
    "Riftbound 810.2",
    "Riftbound 815.2",
    "Riftbound 816.2",
    "Riftbound 822.2",
    "Riftbound 826.5",
    "Riftbound 811.4",
    "Riftbound 819.2",
    "Riftbound 802",
)
def test_a_keyword_without_value_granted_again_is_redundant() -> None:
    steps = "".join(f"  - gain: {{target: u, feature: {k}}}\n" * 2 for k in REDUNDANT)
    out = run("  u: {owner: ana, kind: unit, base: {might: 3}}\n", steps)
    features = out["objects"]["u"]["features"]
    assert sorted(features) == sorted(REDUNDANT)  # one instance each, any number of keywords
    gains = [e for e in out["events"] if e["kind"] == "gain"]
    assert [e["applied"] for e in gains] == [True, False] * len(REDUNDANT)


REFERENCED = {
    "Accelerate": "805.5",
    "Action": "806.5",
    "Assault": "807.3",
    "Deathknell": "808.3",
    "Deflect": "809.3",
    "Ganking": "810.3",
    "Hidden": "811.5",
    "Legion": "812.3",
    "Reaction": "813.5",
    "Shield": "814.3",
    "Tank": "815.3",
    "Temporary": "816.3",
    "Vision": "817.3",
    "Equip": "818.5",
    "Quick-Draw": "819.3",
    "Repeat": "820.4",
    "Weaponmaster": "821.3",
    "Ambush": "822.4",
    "Hunt": "823.3",
    "Level": "824.2",
    "Unique": "825.4",
    "Backline": "826.6",
}


@pytest.mark.rule(
    "Riftbound 801.3",
    "Riftbound 805.5",
    "Riftbound 806.5",
    "Riftbound 807.3",
    "Riftbound 808.3",
    "Riftbound 809.3",
    "Riftbound 810.3",
    "Riftbound 811.5",
    "Riftbound 812.3",
    "Riftbound 813.5",
    "Riftbound 814.3",
    "Riftbound 815.3",
    "Riftbound 816.3",
    "Riftbound 817.3",
    "Riftbound 818.5",
    "Riftbound 819.3",
    "Riftbound 820.4",
    "Riftbound 821.3",
    "Riftbound 822.4",
    "Riftbound 823.3",
    "Riftbound 824.2",
    "Riftbound 825.4",
    "Riftbound 826.6",
)
@pytest.mark.parametrize("keyword", sorted(REFERENCED))
def test_whether_a_unit_has_a_keyword_can_be_checked(keyword: str) -> None:
    """Each keyword's article says whether a unit has it may be checked: REFERENCED maps
    each to its article, every one marked above."""
    objs = (
        f"  u: {{owner: ana, kind: unit, base: {{might: 3}}, features: [{keyword}]}}\n"
        "  w: {owner: ana, kind: unit, base: {might: 3}}\n"
        "  bell:\n    owner: ana\n    kind: gear\n"
        "    triggers:\n"
        f"      - {{id: a, when: {{phase: start_of_turn}}, if: {{has: {keyword}, of: u}},"
        " do: [{counter: {target: bell, name: hit, add: 1}}]}\n"
        f"      - {{id: b, when: {{phase: start_of_turn}}, if: {{has: {keyword}, of: w}},"
        " do: [{counter: {target: bell, name: miss, add: 1}}]}\n"
    )
    out = run(objs, "  - end_turn: {}\n")
    assert out["objects"]["bell"]["counters"] == {"hit": 1}
