"""A condition about a keyword (``if: {has: K, of: X}``) sees the keywords that keyword
passives give (Riftbound 471, 808.3, 815.3): a unit Mighty now has its "while Mighty"
keyword for the condition; a unit not Mighty has not."""

from __future__ import annotations

import pytest

from tests.helpers import view

HEAD = "ruleset: riftbound\nplayers: [ana, bo]\nobjects:\n"


def bell(might: int) -> dict[str, int]:
    out = view(
        HEAD + f"  u:\n    owner: ana\n    kind: unit\n    base: {{might: {might}}}\n"
        "    keyword_passives: [{keyword: Tank, while_mighty: true}]\n"
        "  bell:\n    owner: ana\n    kind: gear\n"
        "    triggers:\n"
        "      - {id: a, when: {phase: start_of_turn}, if: {has: Tank, of: u},"
        " do: [{counter: {target: bell, name: hit, add: 1}}]}\n"
        "steps:\n  - end_turn: {}\n"
    )
    assert "illegal" not in out, out["illegal"]
    counters: dict[str, int] = out["objects"]["bell"].get("counters", {})
    return counters


@pytest.mark.rule("Riftbound 471", "Riftbound 815.3", "Riftbound 708")
def test_a_condition_sees_the_keyword_a_mighty_passive_gives() -> None:
    assert bell(5) == {"hit": 1}  # Mighty: has Tank
    assert bell(4) == {}  # not Mighty: no Tank
