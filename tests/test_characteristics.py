"""RULES.md §1: how characteristics are modified and read (E-*, B-FLOOR-1, B-MOD-1, A-CHAR)."""

from __future__ import annotations

import pytest

from arbiter.model.ruleset import Rounding
from arbiter.model.values.reading import Modification, Op, divide, read_number
from tests.helpers import run_text, view

EREDAN = """
ruleset: eredan
players: [ana, bo]
objects:
  naya: {owner: ana, kind: character, base: {defense: 2, attack: [3, 5], spirit: 4}}
  other: {owner: bo, kind: character, base: {defense: 5, attack: [6, 9]}}
steps:
"""


def add(x: int, t: int) -> Modification:
    return Modification(Op.ADD, (x,), "test", t)


def set_to(y: int, t: int) -> Modification:
    return Modification(Op.SET, (y,), "test", t)


def scalar(base: int, mods: list[Modification], limit: int | None = None) -> tuple[int, int, int]:
    r = read_number((base,), mods, limit, vector=False)
    c = r.components[0]
    return c.shown, c.raw, c.bonus


@pytest.mark.rule("E-OPS-1")
def test_four_kinds_of_modification_each_change_the_value() -> None:
    steps = """
  - modify: {target: naya, stat: spirit, op: add, value: 2}
  - expect: {naya.spirit: 6}
  - modify: {target: naya, stat: spirit, op: set, value: 3}
  - expect: {naya.spirit: 3}
  - modify: {target: naya, stat: spirit, op: multiply, value: 2}
  - expect: {naya.spirit: 6}
  - modify: {target: naya, stat: spirit, op: divide, value: 4}
  - expect: {naya.spirit: 1}
  - modify: {target: naya, stat: defense, op: copy, from: other}
  - expect: {naya.defense: 5}
"""
    result = run_text(EREDAN + steps)
    assert result.ok and result.passed == 5


@pytest.mark.rule("E-OPS-2")
def test_modifications_fold_in_timestamp_order_not_list_order() -> None:
    mods = [add(1, 2), set_to(10, 1)]  # set happened first: 10 + 1
    assert scalar(4, mods) == (11, 11, 7)
    mods = [set_to(10, 2), add(1, 1)]  # add first, then the set wipes it
    assert scalar(4, mods) == (10, 10, 6)


@pytest.mark.rule("E-FLOOR-1", "B-FLOOR-1")
def test_value_below_zero_shows_zero_but_is_remembered() -> None:
    assert scalar(2, [add(-3, 1)]) == (0, -1, -3)
    assert scalar(2, [add(-3, 1), add(1, 2)]) == (0, 0, -2)  # Naya: not 1
    assert scalar(2, [add(-3, 1), add(2, 2)]) == (1, 1, -1)


@pytest.mark.rule("E-DIV")
@pytest.mark.parametrize(
    ("value", "divisor", "rounding", "expected"),
    [
        (7, 2, Rounding.DOWN, 3),
        (-7, 2, Rounding.DOWN, -4),
        (7, 2, Rounding.UP, 4),
        (-7, 2, Rounding.UP, -3),
        (7, 2, Rounding.NEAREST, 4),
        (5, 3, Rounding.NEAREST, 2),
        (-7, 2, Rounding.NEAREST, -4),
    ],
)
def test_division_rounds_by_the_policy(
    value: int, divisor: int, rounding: Rounding, expected: int
) -> None:
    assert divide(value, divisor, rounding) == expected


@pytest.mark.rule("E-DIV")
@pytest.mark.parametrize(("policy", "expected"), [("down", 2), ("up", 3), ("nearest", 3)])
def test_division_rounding_is_a_ruleset_policy(policy: str, expected: int) -> None:
    text = f"""
ruleset: eredan
policies: {{division_rounding: {policy}}}
players: [ana]
objects:
  naya: {{owner: ana, kind: character, base: {{spirit: 5}}}}
steps:
  - modify: {{target: naya, stat: spirit, op: divide, value: 2}}
"""
    assert view(text)["objects"]["naya"]["characteristics"]["spirit"]["shown"] == expected


@pytest.mark.rule("E-DIV", "A-GOLD-3", "E-DIV-0")
def test_division_by_zero_is_not_done_and_the_rest_resolves() -> None:
    out = view(
        EREDAN
        + """
  - modify: {target: naya, stat: attack, op: divide, value: [0, 5]}
"""
    )
    assert out["objects"]["naya"]["characteristics"]["attack"]["shown"] == [3, 1]
    event = out["events"][0]
    assert event["applied"] is True
    assert "E-DIV" in event["rules"] and "A-GOLD-3" in event["rules"]


@pytest.mark.rule("E-COPY")
def test_copy_reads_the_shown_value_when_it_resolves() -> None:
    out = view(
        EREDAN
        + """
  - modify: {target: other, stat: defense, op: add, value: -9}
  - modify: {target: naya, stat: defense, op: copy, from: other}
  - modify: {target: other, stat: defense, op: add, value: 7}
"""
    )
    naya = out["objects"]["naya"]["characteristics"]["defense"]
    assert naya["shown"] == 0 and naya["raw"] == 0  # shown 0 was copied, not raw -4
    assert out["objects"]["other"]["characteristics"]["defense"]["shown"] == 3


@pytest.mark.rule("E-COPY", "E-OPS-1")
def test_swap_reads_both_values_before_writing_either() -> None:
    out = view(
        EREDAN
        + """
  - modify: {target: naya, stat: attack, op: swap, with: other}
"""
    )
    assert out["objects"]["naya"]["characteristics"]["attack"]["shown"] == [6, 9]
    assert out["objects"]["other"]["characteristics"]["attack"]["shown"] == [3, 5]


@pytest.mark.rule("E-IMM-1")
def test_cannot_be_decreased_discards_minus_x_for_good() -> None:
    text = """
ruleset: eredan
players: [ana]
objects:
  ayako:
    owner: ana
    kind: character
    base: {defense: 3}
    protections: [{stat: defense, cannot: decrease, source: ayako_ability}]
steps:
  - modify: {target: ayako, stat: defense, op: add, value: -2}
  - end: {source: ayako_ability}
  - modify: {target: ayako, stat: defense, op: add, value: 1}
"""
    out = view(text)
    assert out["objects"]["ayako"]["characteristics"]["defense"]["shown"] == 4  # -2 never returns
    assert out["events"][0]["applied"] is False
    assert "E-IMM-1" in out["events"][0]["rules"]


@pytest.mark.rule("E-IMM-1")
def test_cannot_be_decreased_does_not_block_a_lowering_set() -> None:
    text = """
ruleset: eredan
players: [ana]
objects:
  ayako: {owner: ana, kind: character, base: {defense: 3},
          protections: [{stat: defense, cannot: decrease}]}
steps:
  - modify: {target: ayako, stat: defense, op: set, value: 1}
"""
    assert view(text)["objects"]["ayako"]["characteristics"]["defense"]["shown"] == 1


@pytest.mark.rule("E-IMM-1b")
def test_cannot_be_decreased_does_not_block_divide_or_multiply() -> None:
    text = """
ruleset: eredan
players: [ana]
objects:
  ayako: {owner: ana, kind: character, base: {defense: 6},
          protections: [{stat: defense, cannot: decrease}]}
steps:
  - modify: {target: ayako, stat: defense, op: divide, value: 2}
  - modify: {target: ayako, stat: defense, op: add, value: [-1]}
"""
    out = view(text)
    assert out["objects"]["ayako"]["characteristics"]["defense"]["shown"] == 3
    assert "E-IMM-1b" in out["events"][0]["rules"]


@pytest.mark.rule("E-IMM-2")
@pytest.mark.parametrize(
    "step",
    [
        "{target: bearer, stat: attack, op: add, value: -1}",
        "{target: bearer, stat: attack, op: add, value: 3}",
        "{target: bearer, stat: attack, op: set, value: [1, 1]}",
        "{target: bearer, stat: attack, op: multiply, value: 2}",
        "{target: bearer, stat: attack, op: divide, value: 2}",
        "{target: bearer, stat: attack, op: copy, from: other}",
        "{target: bearer, stat: attack, op: swap, with: other}",
        "{target: bearer, stat: attack, op: swap-bonus, with: other}",
    ],
)
def test_cannot_be_modified_ignores_every_kind(step: str) -> None:
    text = f"""
ruleset: eredan
players: [ana, bo]
objects:
  bearer: {{owner: ana, kind: character, base: {{attack: [4, 4]}},
           protections: [{{stat: attack, cannot: modify, source: couronne_des_confins}}]}}
  other: {{owner: bo, kind: character, base: {{attack: [9, 9]}}}}
steps:
  - modify: {{target: other, stat: attack, op: add, value: 2}}
  - modify: {step}
"""
    out = view(text)
    assert out["objects"]["bearer"]["characteristics"]["attack"]["shown"] == [4, 4]
    assert any("E-IMM-2" in e["rules"] for e in out["events"])


@pytest.mark.rule("E-IMM-3", "A-GOLD-3")
def test_swap_against_an_immune_side_still_changes_the_other_side() -> None:
    text = """
ruleset: eredan
players: [ana, bo]
objects:
  bearer: {owner: ana, kind: character, base: {attack: [4, 4]},
           protections: [{stat: attack, cannot: modify}]}
  other: {owner: bo, kind: character, base: {attack: [9, 7]}}
steps:
  - modify: {target: other, stat: attack, op: swap, with: bearer}
"""
    out = view(text)
    assert out["objects"]["bearer"]["characteristics"]["attack"]["shown"] == [4, 4]
    assert out["objects"]["other"]["characteristics"]["attack"]["shown"] == [4, 4]
    assert any("E-IMM-3" in e["rules"] for e in out["events"])


@pytest.mark.rule("E-LIMIT-1")
def test_limit_clamps_the_variation_when_read() -> None:
    assert scalar(4, [add(4, 1)], limit=3) == (7, 8, 3)
    assert scalar(4, [add(-6, 1)], limit=3) == (1, -2, -3)
    assert scalar(4, [add(2, 1)], limit=3) == (6, 6, 2)


@pytest.mark.rule("E-LIMIT-2")
def test_overflow_beyond_the_limit_is_remembered() -> None:
    shown, raw, bonus = scalar(4, [add(4, 1), add(-1, 2)], limit=3)
    assert (shown, raw, bonus) == (7, 7, 3)  # +4 -> +3 shown; -1 leaves +3, not +2
    clamp_at_application = 4 + 3 - 1
    assert shown != clamp_at_application


@pytest.mark.rule("E-LIMIT-3")
def test_set_is_not_limited_and_becomes_the_reference() -> None:
    assert scalar(8, [set_to(2, 1)], limit=3) == (2, 2, -6)
    assert scalar(8, [set_to(2, 1), add(4, 2)], limit=3) == (5, 6, -3)


@pytest.mark.rule("E-LIMIT-1", "E-END-1")
def test_when_the_limit_ends_the_remembered_overflow_counts_again() -> None:
    text = """
ruleset: eredan
players: [ana]
objects:
  opponent: {owner: ana, kind: character, base: {spirit: 4},
             protections: [{stat: "*", limit: 3, source: dame_yilith}]}
steps:
  - modify: {target: opponent, stat: spirit, op: add, value: 5}
  - expect: {opponent.spirit: 7}
  - end: {source: dame_yilith}
expect:
  opponent.spirit: 9
"""
    assert run_text(text).ok


@pytest.mark.rule("E-MULT")
def test_doubling_is_a_variation_clamped_by_the_limit() -> None:
    mods = [Modification(Op.MULTIPLY, (2,), "solaris", 1)]
    assert scalar(4, mods, limit=3) == (7, 8, 3)
    assert scalar(4, mods) == (8, 8, 4)


@pytest.mark.rule("E-BONUS-1")
def test_bonus_is_current_minus_base_even_after_a_set() -> None:
    assert scalar(3, [set_to(15, 1)])[2] == 12
    assert scalar(9, [set_to(5, 1)])[2] == -4


@pytest.mark.rule("E-BONUS-2")
def test_bonus_uses_the_value_after_limits_and_before_the_floor() -> None:
    assert scalar(2, [add(-3, 1)])[2] == -3  # Naya: raw -1 gives a malus of -3, not -2
    assert scalar(4, [add(5, 1)], limit=3)[2] == 3


@pytest.mark.rule("E-BONUS-3")
def test_exchanging_bonuses_gives_each_its_base_plus_the_other_bonus() -> None:
    out = view("""
ruleset: eredan
players: [a, b]
objects:
  dimizar: {owner: a, kind: character, base: {attack: [3, 5]}}
  djamena: {owner: b, kind: character, base: {attack: [6, 9]}}
steps:
  - modify: {target: djamena, stat: attack, op: add, value: [9, 6]}
  - modify: {target: dimizar, stat: attack, op: swap, with: djamena}
  - modify: {target: dimizar, stat: attack, op: swap-bonus, with: djamena}
""")
    assert out["objects"]["dimizar"]["characteristics"]["attack"]["shown"] == [0, 1]
    assert out["objects"]["djamena"]["characteristics"]["attack"]["shown"] == [18, 19]


@pytest.mark.rule("E-VEC")
def test_vector_components_are_modified_on_their_own() -> None:
    out = view(
        EREDAN
        + """
  - modify: {target: naya, stat: attack, op: add, value: [1, null]}
  - modify: {target: naya, stat: attack, op: set, value: 9, component: 2}
  - modify: {target: naya, stat: attack, op: add, value: -1}
"""
    )
    assert out["objects"]["naya"]["characteristics"]["attack"]["shown"] == [3, 8]


@pytest.mark.rule("E-VEC", "A-GOLD-3")
def test_a_list_of_the_wrong_length_is_an_impossible_effect() -> None:
    out = view(
        EREDAN
        + """
  - modify: {target: naya, stat: attack, op: add, value: [1, 2, 3]}
"""
    )
    assert out["objects"]["naya"]["characteristics"]["attack"]["shown"] == [3, 5]
    assert out["events"][0]["applied"] is False


@pytest.mark.rule("B-MOD-1")
def test_modifiers_apply_to_any_numeric_value() -> None:
    out = view("""
ruleset: berserk
players: [ana]
objects:
  druid: {owner: ana, kind: creature, base: {regeneration: 2, movement: 1, spell_cost: 3}}
steps:
  - modify: {target: druid, stat: regeneration, op: add, value: 1}
  - modify: {target: druid, stat: movement, op: add, value: -3}
  - modify: {target: druid, stat: spell_cost, op: multiply, value: 2}
""")
    chars = out["objects"]["druid"]["characteristics"]
    assert (chars["regeneration"]["shown"], chars["movement"]["shown"]) == (3, 0)
    assert chars["spell_cost"]["shown"] == 6


@pytest.mark.rule("A-CHAR-1", "Altered 2.3.1")
def test_a_card_object_has_the_base_characteristics_printed_on_its_card() -> None:
    out = view("""
ruleset: eredan
players: [ana]
cards:
  naya_card: {kind: character, base: {defense: 2, attack: [3, 5]}}
objects:
  naya: {owner: ana, card: naya_card}
  errata: {owner: ana, card: naya_card, base: {defense: 3}}
""")
    assert out["objects"]["naya"]["characteristics"]["defense"]["base"] == 2
    assert out["objects"]["naya"]["characteristics"]["attack"]["base"] == [3, 5]
    assert out["objects"]["errata"]["characteristics"]["defense"]["base"] == 3


@pytest.mark.rule("A-CHAR-2")
def test_an_absent_characteristic_cannot_be_modified_but_can_be_gained() -> None:
    out = view("""
ruleset: altered
players: [ana]
objects:
  token: {owner: ana, kind: character, zone: expedition:hero, base: {forest: 1}}
  river: {owner: ana, kind: character, zone: expedition:hero, base: {forest: 0, water: 3}}
steps:
  - modify: {target: token, stat: water, op: add, value: 2}
  - gain: {target: token, stat: water, value: 1}
  - modify: {target: token, stat: water, op: add, value: 2}
  - gain: {target: token, stat: forest, value: 9}
""")
    chars = out["objects"]["token"]["characteristics"]
    assert chars["water"]["shown"] == 3
    assert chars["forest"]["shown"] == 1  # already had it: gaining does nothing
    assert out["events"][0]["applied"] is False
    assert "A-CHAR-2" in out["events"][0]["rules"]


@pytest.mark.rule("A-CHAR-2")
def test_an_absent_characteristic_is_left_out_of_the_view() -> None:
    result = run_text("""
ruleset: altered
players: [ana]
objects:
  token: {owner: ana, kind: character, zone: expedition:hero, base: {forest: 1}}
expect:
  token.water: null
""")
    assert result.ok
    assert "water" not in result.as_json()["objects"]["token"]["characteristics"]
