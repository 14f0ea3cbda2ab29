"""Riftbound costs and their payment (Core Rules 1.3): a card's Energy and Power cost (131),
Power of any domain and [C] (135.2.e.5-6), the Rune Pool and runes (159-167), paying
(357), Accelerate's Power (805.1.a.1-2), Repeat costs (820.1.c.1), Equip costs
(818.1.c.3-5) and Weaponmaster's reduced Equip cost (821.1.c.2-5), and passives altering
costs (356, 363-366)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  fury1: {owner: ana, kind: rune, zone: base, base: {domains: [fury]}}
  fury2: {owner: ana, kind: rune, zone: base, base: {domains: [fury]}}
  calm1: {owner: ana, kind: rune, zone: base, base: {domains: [calm]}}
  imp: {owner: ana, kind: unit, zone: hand, base: {might: 2, energy: 2, power: 1, domains: [fury]}}
"""


def run(objects: str = "", steps: tuple[str, ...] = (), counters: str = "") -> dict[str, Any]:
    text = HEAD + objects + (f"counters: {{{counters}}}\n" if counters else "") + "steps:\n"
    return view(text + "".join(f"  - {s}\n" for s in steps))


def refused(out: dict[str, Any]) -> str:
    assert "illegal" in out, [e["kind"] for e in out["events"]]
    rule: str = out["illegal"]["rule"]
    return rule


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == kind]


def pool(out: dict[str, Any], player: str = "ana") -> dict[str, Any]:
    counters = out["counters"]
    power = {k[6:]: v[player] for k, v in counters.items() if k.startswith("power_")}
    any_power = counters.get("power", {}).get(player, 0)
    return {"energy": counters.get("energy", {}).get(player, 0), "power": power, "any": any_power}


# -- 131: a card's cost; 357: paying it ---------------------------------------------------------


@pytest.mark.rule(
    "Riftbound 131",
    "Riftbound 131.1",
    "Riftbound 131.2",
    "Riftbound 131.3",
    "Riftbound 357.1",
    "Riftbound 357.1.a",
)
def test_playing_a_card_pays_its_energy_and_power_from_the_pool_then_from_runes() -> None:
    out = run(steps=("play_card: {card: imp, pay: true}",), counters="energy.ana: 1")
    paid = events(out, "pay_cost")[0]
    assert paid["cost"] == "[2][fury]"
    assert paid["pool_before"]["energy"] == 1  # the pool pays first (Decision RB-PAY-1)
    assert paid["exhausted"] == ["fury1"] and paid["recycled"] == ["fury1"]
    assert out["objects"]["fury1"]["zone"] == "rune_deck"  # 416.1.b
    assert out["objects"]["fury2"].get("counters", {}) == {}  # still ready
    assert pool(out) == {"energy": 0, "power": {}, "any": 0}
    assert out["objects"]["imp"]["zone"] == "base"


@pytest.mark.rule("Riftbound 131.2", "Riftbound 131.3", "Riftbound 357.1")
def test_a_cost_the_player_cannot_pay_refuses_the_play_and_changes_nothing() -> None:
    objects = "  gem: {owner: ana, kind: unit, zone: hand, base: {might: 1, energy: 4}}\n"
    assert refused(run(objects, ("play_card: {card: gem, pay: true}",))) == "Riftbound 131"
    calm = "  sage: {owner: ana, kind: unit, zone: hand, base: {power: 2, domains: [mind]}}\n"
    out = run(calm, ("play_card: {card: sage, pay: true}",))
    assert refused(out) == "Riftbound 131"
    assert out["objects"]["fury1"]["zone"] == "base"  # nothing was paid


@pytest.mark.rule("Riftbound 131.4", "Riftbound 356.4.b")
def test_what_reads_a_cards_cost_reads_the_printed_cost_not_what_was_paid() -> None:
    objects = (
        "  splitter: {owner: ana, kind: spell, zone: hand, base: {energy: 8},\n"
        "             cost_modifiers: [{id: own, self: true, energy: -7}]}\n"
    )
    out = run(objects, ("play_card: {card: splitter, pay: true}",))
    assert events(out, "pay_cost")[0]["cost"] == "[1]"
    assert events(out, "play_card")[0]["printed_cost"] == "[8]"


@pytest.mark.rule("Riftbound 357.1", "Riftbound 163.2.a", "Riftbound 163.2.b", "Riftbound 414.4")
def test_the_player_may_name_the_runes_that_pay_and_a_rune_exhausted_cannot_pay_energy() -> None:
    chosen = "play_card: {card: imp, pay: {exhaust: [fury2, calm1], recycle: [fury1]}}"
    out = run(steps=(chosen,))
    assert out["objects"]["fury2"]["counters"]["exhausted"] == 1
    assert out["objects"]["calm1"]["counters"]["exhausted"] == 1
    assert out["objects"]["fury1"]["zone"] == "rune_deck"
    twice = "play_card: {card: imp, pay: {exhaust: [fury2, fury2], recycle: [fury1]}}"
    assert refused(run(steps=(twice,))) == "Riftbound 414.4"
    short = "play_card: {card: imp, pay: {exhaust: [fury2], recycle: [fury1]}}"
    assert refused(run(steps=(short,))) == "Riftbound 131"


@pytest.mark.rule("Riftbound 357.1.a", "Riftbound 163.2.b.1", "Riftbound 416.1.b")
def test_a_rune_used_adds_to_the_pool_and_a_recycled_rune_goes_under_the_rune_deck() -> None:
    objects = "  old: {owner: ana, kind: rune, zone: rune_deck, base: {domains: [body]}}\n"
    out = run(objects, ("rune: {target: calm1, use: recycle}", "rune: {target: fury1}"))
    assert pool(out) == {"energy": 1, "power": {"calm": 1}, "any": 0}
    assert out["objects"]["calm1"]["timestamp"] > out["objects"]["old"]["timestamp"]  # bottom


@pytest.mark.rule("RB-PAY-2", "Riftbound 131")
def test_without_pay_a_card_is_played_as_before_and_nothing_is_paid() -> None:
    out = run(steps=("play_card: {card: imp}",), counters="energy.ana: 1")
    assert not events(out, "pay_cost")
    assert pool(out)["energy"] == 1
    assert "printed_cost" not in events(out, "play_card")[0]


# -- 135.2.e.5-6: [A] and [C] -----------------------------------------------------------------


@pytest.mark.rule("Riftbound 135.2.e.5.a", "Riftbound 135.2.e.5.b", "Riftbound 135.2.e.5")
def test_power_of_any_domain_pays_any_domain_and_a_cost_of_any_domain_takes_any_power() -> None:
    objects = (
        "  orb: {owner: ana, kind: gear, zone: hand, costs: {play: {power: [A]}}}\n"
        "  bolt: {owner: ana, kind: spell, zone: hand, base: {power: 1, domains: [mind]}}\n"
    )
    any_pays = run(objects, ("play_card: {card: orb, pay: {auto: false}}",), "power_calm.ana: 1")
    assert pool(any_pays)["power"] == {}  # calm Power paid [A] (135.2.e.5.a)
    universal = run(objects, ("play_card: {card: bolt, pay: {auto: false}}",), "power.ana: 1")
    assert pool(universal)["any"] == 0  # [A] added pays a mind cost (135.2.e.5.b)
    wrong = run(objects, ("play_card: {card: bolt, pay: {auto: false}}",), "power_calm.ana: 1")
    assert refused(wrong) == "Riftbound 131"


@pytest.mark.rule("Riftbound 135.2.e.6", "Riftbound 135.2.e.6.a", "Riftbound 135.2.e.6.b")
def test_c_is_power_of_the_cards_one_domain_and_any_power_on_a_card_of_none_or_several() -> None:
    objects = (
        "  keeper: {owner: ana, kind: unit, zone: hand, base: {domains: [order]},\n"
        "           costs: {play: {energy: 0, power: [C]}}}\n"
        "  twin: {owner: ana, kind: unit, zone: hand, base: {domains: [order, chaos]},\n"
        "         costs: {play: {power: [C]}}}\n"
        "  plain: {owner: ana, kind: unit, zone: hand, costs: {play: {power: [C]}}}\n"
    )
    calm = "power_calm.ana: 1"
    keeper = run(objects, ("play_card: {card: keeper, pay: {auto: false}}",), calm)
    assert refused(keeper) == "Riftbound 131"  # [C] of an Order card is Order Power
    paid = run(objects, ("play_card: {card: keeper, pay: {auto: false}}",), "power_order.ana: 1")
    assert events(paid, "pay_cost")[0]["cost"] == "[order]"
    for card in ("twin", "plain"):
        out = run(objects, (f"play_card: {{card: {card}, pay: {{auto: false}}}}",), calm)
        assert events(out, "pay_cost")[0]["cost"] == "[A]"


# -- 805.1.a: Accelerate's Power ----------------------------------------------------------------


@pytest.mark.rule(
    "Riftbound 805.1.a.1", "Riftbound 805.1.a.2", "Riftbound 805.1.a", "Riftbound 805.2"
)
def test_accelerate_is_paid_with_power_of_the_units_domain_or_any_when_it_has_none() -> None:
    objects = (
        "  racer: {owner: ana, kind: unit, zone: hand, base: {might: 2, energy: 1,"
        " domains: [fury]}, features: [Accelerate]}\n"
        "  drone: {owner: ana, kind: unit, zone: hand, base: {might: 1, energy: 1},"
        " features: [Accelerate]}\n"
    )
    pool_ = "energy.ana: 2, power_calm.ana: 1"
    racer = run(objects, ("play_card: {card: racer, accelerate: true, pay: {auto: false}}",), pool_)
    assert refused(racer) == "Riftbound 805.1.a.1"
    drone = run(objects, ("play_card: {card: drone, accelerate: true, pay: {auto: false}}",), pool_)
    assert events(drone, "pay_cost")[0]["parts"] == {"play": "[1]", "accelerate": "[1][A]"}
    assert drone["objects"]["drone"].get("counters", {}) == {}  # entered ready
    runes = run(
        objects, ("play_card: {card: racer, accelerate: true, pay: true}",), "energy.ana: 1"
    )
    assert events(runes, "pay_cost")[0]["recycled"] == ["fury1"]  # a fury rune pays its Power


# -- 820.1.c.1: Repeat costs --------------------------------------------------------------------


@pytest.mark.rule("Riftbound 820.1.c.1", "Riftbound 820.1.c.2", "Riftbound 820.1.c.3")
def test_each_repeat_paid_adds_its_own_cost_to_the_spells_total_cost() -> None:
    objects = (
        "  barrage: {owner: ana, kind: spell, zone: hand, base: {energy: 1},"
        " features: {Repeat: 2}, costs: {repeat: [{energy: 1}, {energy: 1, power: [C]}]}}\n"
        "  foe: {owner: bo, kind: unit, zone: base, base: {might: 5}}\n"
    )
    hit = "{might: {target: foe, add: -1}}"
    once = f"play_card: {{card: barrage, steps: [{hit}], repeats: [[{hit}]], pay: true}}"
    out = run(objects, (once,), "energy.ana: 2")
    assert events(out, "pay_cost")[0]["parts"] == {"play": "[1]", "repeat 1": "[1]"}
    assert events(out, "play_card")[0]["executions"] == 2
    twice = (
        f"play_card: {{card: barrage, steps: [{hit}], repeats: [[{hit}], [{hit}]],"
        " pay: {auto: false}}"
    )
    assert refused(run(objects, (twice,), "energy.ana: 3")) == "Riftbound 820.1.c.1"
    assert "illegal" not in run(objects, (twice,), "energy.ana: 3, power.ana: 1")


# -- 356, 363-366: passives altering costs --------------------------------------------------------


@pytest.mark.rule(
    "Riftbound 356.4.e",
    "Riftbound 356.4.d.1",
    "Riftbound 356.5",
    "Riftbound 366.2",
    "Riftbound 366.2.a",
    "RB-COST-1",
)
def test_a_discount_to_a_minimum_counts_only_for_itself_and_the_cheapest_order_is_taken() -> None:
    objects = (
        "  field: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}\n"
        "  apprentice: {owner: ana, kind: unit, zone: battlefield, at: field, base: {might: 1},\n"
        "    cost_modifiers: [{id: eager, energy: -1, minimum: 1, kinds: [spell],"
        " at_battlefield: true}]}\n"
        "  giant: {owner: ana, kind: unit, zone: base, base: {might: 7}}\n"
        "  splitter: {owner: ana, kind: spell, zone: hand, base: {energy: 8},\n"
        "    cost_modifiers: [{id: sky, self: true, highest_might: true}]}\n"
    )
    best = run(objects, ("play_card: {card: splitter, pay: true}",))
    assert events(best, "pay_cost")[0]["cost"] == "[0]"  # eager first: 8 -> 7 -> 0
    order = [a["id"] for a in events(best, "cost_modified")[0]["applied"]]
    assert order == ["eager", "sky"]
    chosen = "play_card: {card: splitter, pay: {order: [sky, eager]}}"
    other = run(objects, (chosen,), "energy.ana: 1")
    assert events(other, "pay_cost")[0]["cost"] == "[1]"  # sky first: 8 -> 1, eager stops at 1


@pytest.mark.rule("Riftbound 365.1", "Riftbound 366", "Riftbound 366.1", "Riftbound 356.3")
def test_a_passive_of_another_card_alters_costs_only_from_the_board_and_increases_add() -> None:
    objects = (
        "  taxer: {owner: bo, kind: unit, zone: base, base: {might: 1},\n"
        "    cost_modifiers: [{id: tax, energy: 1, whose: opponents}]}\n"
        "  sleeper: {owner: ana, kind: unit, zone: hand, base: {might: 1},\n"
        "    cost_modifiers: [{id: cheap, energy: -2}]}\n"
    )
    out = run(objects, ("play_card: {card: imp, pay: true}",), "energy.ana: 3, power_fury.ana: 1")
    assert events(out, "pay_cost")[0]["cost"] == "[3][fury]"  # bo's tax; not the sleeper's
    assert [a["id"] for a in events(out, "cost_modified")[0]["applied"]] == ["tax"]


@pytest.mark.rule("Riftbound 366.1", "Riftbound 366")
def test_a_cards_own_passive_on_when_it_is_played_applies_from_the_hand() -> None:
    objects = (
        "  ambush: {owner: ana, kind: spell, zone: hand, features: [Reaction],"
        " play_only: opponents_turn}\n"
        "  counter: {owner: bo, kind: spell, zone: hand, features: [Reaction],"
        " play_only: opponents_turn}\n"
    )
    assert refused(run(objects, ("play_card: {card: ambush}",))) == "Riftbound 366.1"
    out = run(objects, ("play_card: {card: counter, timing: closed}",))
    assert events(out, "play_card")[0]["player"] == "bo"


@pytest.mark.rule("Riftbound 356.4.c", "Riftbound 356.4.f", "RB-COST-2")
def test_a_discount_of_a_component_applies_to_it_and_a_removed_any_power_takes_only_any() -> None:
    objects = (
        "  ezreal: {owner: ana, kind: unit, zone: base, base: {might: 2},\n"
        "    cost_modifiers: [{id: cheap, use: additional, power: {A: -1}}]}\n"
        "  drone: {owner: ana, kind: unit, zone: hand, base: {might: 1, energy: 1},"
        " features: [Accelerate]}\n"
    )
    step = "play_card: {card: drone, accelerate: true, pay: true}"
    out = run(objects, (step,), "energy.ana: 2")
    assert events(out, "pay_cost")[0]["parts"] == {"play": "[1]", "accelerate": "[1]"}
    fury = run(objects, ("play_card: {card: imp, pay: true}",), "energy.ana: 2, power_fury.ana: 1")
    assert not events(fury, "cost_modified")  # no additional cost: nothing to discount


# -- 818.1.c: Equip costs; 821.1.c: Weaponmaster ------------------------------------------------

GEAR = (
    "  knight: {owner: ana, kind: unit, zone: base, base: {might: 3}}\n"
    "  blade: {owner: ana, kind: gear, zone: base, features: [Equip], base: {might_bonus: 2},\n"
    "    costs: {equip: {energy: 1, power: [A], exhaust: true}}}\n"
)


@pytest.mark.rule("Riftbound 818.1.c.3", "Riftbound 818.1.c.2", "Riftbound 404.1")
def test_an_equip_cost_of_resources_and_exhausting_the_gear_is_paid_as_it_is_used() -> None:
    out = run(GEAR, ("equip: {gear: blade, to: knight, pay: true}",), "energy.ana: 1")
    assert events(out, "pay_cost")[0]["cost"] == "[1][A][E]"
    assert out["objects"]["blade"]["counters"]["exhausted"] == 1
    assert out["objects"]["knight"]["might"]["shown"] == 5
    tired = GEAR.replace("features: [Equip],", "features: [Equip], counters: {exhausted: 1},")
    again = run(tired, ("equip: {gear: blade, to: knight, pay: true}",), "energy.ana: 1")
    assert refused(again) == "Riftbound 414.4"
    poor = run(GEAR, ("equip: {gear: blade, to: knight, pay: {auto: false}}",), "energy.ana: 1")
    assert refused(poor) == "Riftbound 818.1.c.2"


@pytest.mark.rule("Riftbound 818.1.c.4", "Riftbound 818.1.c.5")
def test_equip_text_alters_its_cost_its_timing_and_where_its_unit_is() -> None:
    gear = GEAR.replace(
        "exhaust: true}}}",
        "exhaust: true}, equip_timing: reaction, equip_to: base},\n"
        "    cost_modifiers: [{id: light, self: true, use: equip, energy: -1}]}",
    )
    out = run(gear, ("equip: {gear: blade, to: knight, pay: true, timing: closed}",))
    assert events(out, "pay_cost")[0]["cost"] == "[A][E]"
    assert events(out, "cost_modified")[0]["applied"][0]["part"] == "equip"
    plain = run(GEAR, ("equip: {gear: blade, to: knight, timing: showdown}",))
    assert refused(plain) == "Riftbound 150.2"
    away = (
        "  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}\n"
        "  scout: {owner: ana, kind: unit, zone: battlefield, at: ridge, base: {might: 1}}\n"
    )
    far = run(gear + away, ("equip: {gear: blade, to: scout}",))
    assert refused(far) == "Riftbound 818.1.c.5"


WEAPONMASTER = (
    "  duelist: {owner: ana, kind: unit, zone: hand, base: {might: 2}, features: [Weaponmaster]}\n"
)


@pytest.mark.rule("Riftbound 821.1.c.2", "Riftbound 821.1.c.3", "Riftbound 821.1.c")
def test_weaponmaster_pays_the_equip_cost_with_its_modifiers_reduced_by_any_power() -> None:
    gear = GEAR.replace(
        "exhaust: true}}}",
        "exhaust: true}},\n    cost_modifiers: [{id: light, self: true, use: equip, energy: -1}]}",
    )
    out = run(gear + WEAPONMASTER, ("play_card: {card: duelist, equip: blade, pay: true}",))
    paid = events(out, "pay_cost")
    assert [p["cost"] for p in paid] == ["[0]", "[E]"]  # the unit, then Equip: 1-1 energy, no [A]
    assert out["objects"]["duelist"]["might"]["shown"] == 4
    fury = GEAR.replace("power: [A]", "power: [fury]")
    kept = run(fury + WEAPONMASTER, ("play_card: {card: duelist, equip: blade, pay: true}",))
    assert events(kept, "pay_cost")[1]["cost"] == "[1][fury][E]"  # no [A]: not reduced


@pytest.mark.rule("Riftbound 821.1.c.5")
def test_an_equipment_whose_cost_weaponmaster_cannot_pay_stays_where_it_is() -> None:
    dear = GEAR.replace("energy: 1, power: [A]", "energy: 9, power: [A]")
    out = run(dear + WEAPONMASTER, ("play_card: {card: duelist, equip: blade, pay: true}",))
    assert "illegal" not in out
    assert events(out, "not_attached")[0]["rules"] == ["Riftbound 821.1.c.5"]
    assert out["objects"]["blade"].get("counters", {}) == {}  # nothing paid, not exhausted
    assert out["objects"]["duelist"]["might"]["shown"] == 2


# -- an ability's cost (403-404) -------------------------------------------------------------


@pytest.mark.rule("Riftbound 404.1", "Riftbound 403.3", "RB-PAY-1")
def test_an_abilitys_cost_is_paid_by_the_pay_step_with_the_passives_that_alter_it() -> None:
    objects = (
        "  totem: {owner: ana, kind: gear, zone: base,\n"
        "    cost_modifiers: [{id: thrift, self: true, use: ability, energy: -1, minimum: 1}]}\n"
    )
    out = run(objects, ("pay: {player: ana, source: totem, cost: {energy: 3, exhaust: true}}",))
    paid = events(out, "pay_cost")[0]
    assert paid["cost"] == "[2][E]"
    assert paid["exhausted"] == ["fury1", "fury2"]  # the oldest ready runes (RB-PAY-1)
    assert out["objects"]["totem"]["counters"]["exhausted"] == 1
    assert refused(run(objects, ("pay: {player: ana, cost: 4}",))) == "Riftbound 404.1"


@pytest.mark.rule("Riftbound 356.4.b", "Riftbound 356.4.e", "RB-COST-1")
def test_a_cost_change_the_card_language_leaves_on_a_card_is_paid_with_its_floor() -> None:
    objects = (
        "  mentor: {owner: ana, kind: unit, zone: base, base: {might: 1}}\n"
        "  bolt: {owner: ana, kind: spell, zone: hand, base: {energy: 4}}\n"
        "  spark: {owner: ana, kind: spell, zone: hand, base: {energy: 2}}\n"
    )
    cheaper = (
        "perform: {by: mentor, do: {cost: {add: -2, floor: 1, of: {choose: 1, kind: spell}}},"
        " choose: [%s]}"
    )
    out = run(
        objects, (cheaper % "bolt", "play_card: {card: bolt, pay: {auto: false}}"), "energy.ana: 2"
    )
    assert events(out, "pay_cost")[0]["cost"] == "[2]"
    assert events(out, "cost_modified")[0]["applied"][0]["source"] == "mentor"
    floor = run(objects, (cheaper % "spark", "play_card: {card: spark, pay: true}"))
    assert events(floor, "pay_cost")[0]["cost"] == "[1]"  # 2 - 2 stops at its floor, 1


@pytest.mark.rule("Riftbound 166", "Riftbound 166.1")
def test_power_of_every_domain_left_in_the_pool_is_lost_when_the_turn_ends() -> None:
    out = run(
        steps=("rune: {target: fury1, use: recycle}", "end_turn: {phases: true}"),
        counters="energy.ana: 1, power.ana: 1",
    )
    lost = [e for e in out["events"] if e["kind"] == "pools_empty"][0]["lost"]
    assert lost == {"energy.ana": 1, "power.ana": 1, "power_fury.ana": 1}
    assert pool(out) == {"energy": 0, "power": {}, "any": 0}
