"""Imported card text the engine runs as a card is played (model/imported_play.py): the
card language's additional costs (Riftbound 356.2, 356.4.f.1, 357.2: Decision IMP-EXTRA),
as-enters effects (143.4.a, 805.6: IMP-ENTER), permissions (169.10, 813.3.a, Altered
2.4.5.c: IMP-MAY) and static cost changes (356.3-356.4, 365.1, 366.2.a: IMP-COST). Every
card text here is invented."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from arbiter.model import riftbound_costs as rc
from arbiter.model import riftbound_total_cost as tc
from tests.helpers import run_text, view

HEAD = """\
ruleset: riftbound
players: [ana, bo]
counters: {energy.ana: 6}
cards:
  tinker:
    kind: unit
    base: {might: 2, energy: 2}
    additional_costs:
      - id: spark
        text: "You may pay {1} as an additional cost to play me."
        cost: {counters: {name: mana, add: -1, target: you}}
        may: true
  brute:
    kind: unit
    base: {might: 5, energy: 1}
    additional_costs:
      - id: toll
        text: "As an additional cost to play me, destroy a friendly unit."
        cost: {destroy: {choose: 1, yours: unit}}
  flare:
    kind: spell
    base: {energy: 1}
    additional_costs:
      - id: kindle
        cost: [{exhaust: {choose: 1, yours: unit}}, {counters: {name: mana, add: -2, target: you}}]
        may: true
objects:
  pal: {owner: ana, kind: unit, zone: base, base: {might: 1}}
"""


def run(objects: str = "", steps: tuple[str, ...] = (), head: str = HEAD) -> dict[str, Any]:
    text = head + objects + "steps:\n" + "".join(f"  - {s}\n" for s in steps)
    return view(text)


def refused(out: dict[str, Any]) -> str:
    assert "illegal" in out, [e["kind"] for e in out["events"]]
    rule: str = out["illegal"]["rule"]
    return rule


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == kind]


def energy(out: dict[str, Any]) -> int:
    value: int = out["counters"].get("energy", {}).get("ana", 0)
    return value


SEEN = "{{counters: {{name: seen, add: 1, target: you}}, if: {{paid: true}}}}"
DRAW_IF_PAID = "perform: {{by: {0}, do: " + SEEN + "}}"


PLAIN = "  plain: {owner: ana, kind: unit, zone: hand}\n"


def seen(out: dict[str, Any]) -> int:
    value: int = out["counters"].get("seen", {}).get("ana", 0)
    return value


# -- additional costs (356.2, 357) -------------------------------------------------------------


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.2", "Riftbound 356.2.b.1", "Riftbound 356.4.f.1")
def test_an_optional_additional_cost_paid_adds_to_the_total_cost_and_reads_paid() -> None:
    obj = "  t: {owner: ana, card: tinker, zone: hand}\n"
    out = run(obj, ("play_card: {card: t, pay: true, extra: [spark]}", DRAW_IF_PAID.format("t")))
    (paid,) = events(out, "pay_cost")
    assert paid["parts"] == {"play": "[2]", "additional spark": "[1]"}
    assert energy(out) == 3 and seen(out) == 1
    declined = run(obj, ("play_card: {card: t, pay: true, extra: false}", DRAW_IF_PAID.format("t")))
    assert energy(declined) == 4 and seen(declined) == 0
    (not_done,) = events(declined, "not-done")
    assert not_done["rules"] == ["A-SPELL-4"]
    # without extra the optional cost is declined too (nothing is paid that is not said)
    quiet = run(obj, ("play_card: {card: t, pay: true}", DRAW_IF_PAID.format("t")))
    assert energy(quiet) == 4 and seen(quiet) == 0


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.4.f.1")
def test_paid_is_refused_for_an_object_whose_play_was_not_recorded() -> None:
    out = run("  t: {owner: ana, card: tinker, zone: base}\n", (DRAW_IF_PAID.format("t"),))
    assert refused(out) == "Riftbound 356.4.f.1"


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.2.a.1", "Riftbound 357.2", "Riftbound 356.6")
def test_a_mandatory_additional_cost_must_be_named_and_is_performed() -> None:
    obj = "  b: {owner: ana, card: brute, zone: hand}\n"
    assert refused(run(obj, ("play_card: {card: b}",))) == "Riftbound 356.2.a.1"
    assert refused(run(obj, ("play_card: {card: b, extra: false}",))) == "Riftbound 356.2.a.1"
    out = run(obj, ("play_card: {card: b, extra: [{id: toll, choose: [pal]}]}",))
    assert out["objects"]["pal"]["zone"] == "trash"
    assert out["objects"]["b"]["zone"] == "base"
    (cost,) = events(out, "additional_cost")
    assert cost["ability"] == "toll" and cost["rules"] == ["Riftbound 357.2"]
    # the unit chosen must be a friendly one: an enemy unit cannot pay it
    enemy = obj + "  foe: {owner: bo, kind: unit, zone: base, base: {might: 1}}\n"
    bad = run(enemy, ("play_card: {card: b, extra: [{id: toll, choose: [foe]}]}",))
    assert refused(bad) == "Riftbound 357.2"


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.2", "Riftbound 357.2")
def test_an_additional_cost_the_card_does_not_have_is_refused() -> None:
    obj = "  t: {owner: ana, card: tinker, zone: hand}\n  p: {owner: ana, kind: unit, zone: hand}\n"
    assert refused(run(obj, ("play_card: {card: t, extra: [toll]}",))) == "Riftbound 356.2"
    assert refused(run(obj, ("play_card: {card: p, extra: true}",))) == "Riftbound 356.2"


@pytest.mark.rule("IMP-EXTRA", "Riftbound 357.2", "Riftbound 356.2.b.1")
def test_a_spell_pays_both_parts_of_its_cost_and_its_instructions_read_paid() -> None:
    obj = "  f: {owner: ana, card: flare, zone: hand}\n"
    step = "play_card: {card: f, pay: true, extra: [{id: kindle, choose: [pal]}], steps: [{%s}]}"
    out = run(obj, (step % DRAW_IF_PAID.format("f"),))
    assert out["objects"]["pal"]["counters"] == {"exhausted": 1}
    assert energy(out) == 3 and seen(out) == 1
    assert out["objects"]["f"]["zone"] == "trash"
    # nothing ready to exhaust: the cost cannot be paid, the play is refused
    tired = HEAD.replace("base: {might: 1}}", "base: {might: 1}, counters: {exhausted: 1}}")
    again = run(obj, (step % DRAW_IF_PAID.format("f"),), head=tired)
    assert refused(again) == "Riftbound 357.2"


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.4.c", "Riftbound 356.4.f", "Riftbound 356.4.f.1")
def test_a_discount_of_optional_additional_costs_applies_and_paid_still_holds() -> None:
    obj = (
        "  t: {owner: ana, card: tinker, zone: hand}\n"
        "  sage: {owner: ana, kind: unit, zone: base, base: {might: 1},"
        " cost_modifiers: [{id: thrift, energy: -1, use: additional}]}\n"
    )
    out = run(obj, ("play_card: {card: t, pay: true, extra: [spark]}", DRAW_IF_PAID.format("t")))
    (paid,) = events(out, "pay_cost")
    assert paid["parts"] == {"play": "[2]", "additional spark": "[0]"}
    assert energy(out) == 4 and seen(out) == 1  # paid: the choice, whatever it cost


# -- as it enters (143.4.a, 805.6) -------------------------------------------------------------

ENTERS = """\
ruleset: riftbound
players: [ana, bo]
cards:
  sprinter:
    kind: unit
    base: {might: 2}
    as_enters:
      - text: "I enter ready."
        do: {ready: self}
  drummer:
    kind: unit
    base: {might: 1, subtypes: [Bard]}
    as_enters:
      - text: "Other friendly units enter ready if you control a Bard."
        do:
          ready: {yours: unit, other: true}
          if: {count: {yours: unit, subtype: Bard}, at_least: 1}
objects:
"""


@pytest.mark.rule("IMP-ENTER", "Riftbound 143.4", "Riftbound 143.4.a", "Riftbound 805.6")
def test_a_unit_that_enters_ready_is_never_exhausted_and_the_play_says_why() -> None:
    obj = "  s: {owner: ana, card: sprinter, zone: hand}\n" + PLAIN
    out = run(obj, ("play_card: {card: s}", "play_card: {card: plain}"), head=ENTERS)
    assert "exhausted" not in out["objects"]["s"].get("counters", {})
    assert out["objects"]["plain"]["counters"] == {"exhausted": 1}
    first, second = events(out, "play_card")
    assert first["ready"] is True and "Riftbound 143.4.a" in first["rules"]
    assert second["ready"] is False and "Riftbound 143.4.a" not in second["rules"]
    (enter,) = events(out, "as_enters")
    assert enter["source"] == "s" and enter["rules"] == ["Riftbound 143.4.a", "Riftbound 805.6"]


@pytest.mark.rule("IMP-ENTER", "Riftbound 143.4.a", "Riftbound 364.3.a")
def test_an_object_on_the_board_makes_other_friendly_units_enter_ready_under_its_condition() -> (
    None
):
    base = "  d: {owner: ana, card: drummer, zone: %s}\n  u: {owner: ana, kind: unit, zone: hand}\n"
    out = run(base % "base", ("play_card: {card: u}",), head=ENTERS)
    assert "exhausted" not in out["objects"]["u"].get("counters", {})
    # in the hand it does nothing; the unit enters exhausted (143.4)
    hand = run(base % "hand", ("play_card: {card: u}",), head=ENTERS)
    assert hand["objects"]["u"]["counters"] == {"exhausted": 1}
    # the drummer itself is not "other": it enters exhausted
    own = run(
        "  d: {owner: ana, card: drummer, zone: hand}\n", ("play_card: {card: d}",), head=ENTERS
    )
    assert own["objects"]["d"]["counters"] == {"exhausted": 1}


# -- permissions (169.10, 813.3.a) -------------------------------------------------------------

PLACES = """\
ruleset: riftbound
players: [ana, bo]
cards:
  raider:
    kind: unit
    base: {might: 3}
    permissions:
      - text: "Invented: this may enter at a battlefield an opponent holds with units."
        do: {play: {target: self, to: occupied_enemy_battlefield}}
  scout_banner:
    kind: gear
    permissions:
      - text: "Friendly units may be played to open battlefields."
        do: {play: {target: {yours: unit}, to: open_battlefield}}
objects:
  held: {owner: bo, kind: battlefield, zone: battlefield, controller: bo}
  guard: {owner: bo, kind: unit, zone: battlefield, at: held, base: {might: 2}}
  empty: {owner: bo, kind: battlefield, zone: battlefield}
"""


@pytest.mark.rule("IMP-MAY", "Riftbound 169.10.a", "Riftbound 813.3.a")
def test_a_unit_may_be_played_to_an_occupied_enemy_battlefield_only_with_its_permission() -> None:
    obj = "  r: {owner: ana, card: raider, zone: hand}\n" + PLAIN
    out = run(obj, ("play_card: {card: r, to: held}",), head=PLACES)
    assert out["objects"]["r"]["zone"] == "battlefield"
    (allowed,) = events(out, "permission")
    assert allowed["source"] == "r" and allowed["rules"] == [
        "Riftbound 169.10.a",
        "Riftbound 813.3.a",
    ]
    assert "Riftbound 169.10.a" in events(out, "play_card")[0]["rules"]
    assert (
        refused(run(obj, ("play_card: {card: plain, to: held}",), head=PLACES))
        == "Riftbound 813.3.a"
    )
    # the permission names the place: an open battlefield is still refused
    assert (
        refused(run(obj, ("play_card: {card: r, to: empty}",), head=PLACES)) == "Riftbound 813.3.a"
    )


@pytest.mark.rule("IMP-MAY", "Riftbound 169.10.c", "Riftbound 813.3.a")
def test_a_permission_on_the_board_lets_friendly_units_go_to_open_battlefields() -> None:
    units = "  u: {owner: ana, kind: unit, zone: hand}\n"
    banner = "  flag: {owner: ana, card: scout_banner, zone: %s}\n"
    out = run(units + banner % "base", ("play_card: {card: u, to: empty}",), head=PLACES)
    assert out["objects"]["u"]["zone"] == "battlefield"
    assert events(out, "permission")[0]["rules"][0] == "Riftbound 169.10.c"
    # in the hand it allows nothing; an opponent's banner allows nothing to ana
    hand = run(units + banner % "hand", ("play_card: {card: u, to: empty}",), head=PLACES)
    assert refused(hand) == "Riftbound 813.3.a"
    theirs = units + banner.replace("owner: ana", "owner: bo") % "base"
    assert refused(run(theirs, ("play_card: {card: u, to: empty}",), head=PLACES)) == (
        "Riftbound 813.3.a"
    )


@pytest.mark.rule("IMP-MAY", "Altered 2.4.5.c", "Altered 2.4.5.d")
def test_an_altered_permission_to_play_exhausted_reserve_cards_is_read_by_the_play_kernel() -> None:
    from tests.altered_helpers import final
    from tests.altered_helpers import refused as altered_refused

    text = """
objects:
  hero: {{owner: ana, kind: hero, zone: hero{perm}}}
  tired: {{owner: ana, kind: character, zone: reserve, status: [exhausted]}}
steps:
  - play: {{card: tired}}
"""
    perm = ", permissions: [{do: {play: {target: {yours: true, has: exhausted, at: reserve}}}}]"
    assert altered_refused(text.format(perm="")) == "Altered 2.4.5.c"
    assert final(text.format(perm=perm)).obj("tired").zone == "expedition:hero"
    # "exhausted Spells" only: a character stays refused, "exhausted Characters" allows it
    spells = perm.replace("yours: true", "yours: spell")
    assert altered_refused(text.format(perm=spells)) == "Altered 2.4.5.c"
    characters = perm.replace("yours: true", "yours: character")
    assert final(text.format(perm=characters)).obj("tired").zone == "expedition:hero"


# -- static cost changes (356.3-356.4, 365.1, 366.2.a) -----------------------------------------


def _total(text: str, card: str) -> rc.Cost:
    state = run_text(textwrap.dedent(text)).state
    return tc.total_cost(
        state,
        state.obj(card),
        "ana",
        (rc.Part("play", tc.printed_cost(state.obj(card)), "Riftbound 131"),),
    ).cost


STATICS = """\
ruleset: riftbound
players: [ana, bo]
objects:
  bolt: {owner: ana, kind: spell, zone: hand, base: {energy: 3}}
  axe: {owner: ana, kind: gear, zone: hand, base: {energy: 3}}
  mentor:
    owner: ana
    kind: unit
    zone: %s
    statics: [{text: "Spells you play cost {1} less.", do: {cost: {add: -1, of: {yours: spell}}}}]
  miser:
    owner: ana
    kind: unit
    zone: hand
    base: {energy: 4}
    statics: [{text: "I cost {2} less.", do: {cost: {add: -2}}}]
"""


@pytest.mark.rule("IMP-COST", "Riftbound 356.4", "Riftbound 365.1", "Riftbound 366.2.a")
def test_a_static_cost_change_is_a_cost_modifier_of_its_source() -> None:
    assert _total(STATICS % "base", "bolt") == rc.Cost.of(2)
    assert _total(STATICS % "base", "axe") == rc.Cost.of(3)  # only spells
    assert _total(STATICS % "hand", "bolt") == rc.Cost.of(3)  # its source is not on the Board
    assert _total(STATICS % "hand", "miser") == rc.Cost.of(2)  # itself, from the hand
    out = view(
        STATICS % "base"
        + "counters: {energy.ana: 2}\nsteps:\n  - play_card: {card: bolt, pay: true}\n"
    )
    assert "illegal" not in out and energy(out) == 0
    (mod,) = events(out, "cost_modified")
    assert mod["applied"] == [{"id": "mentor.static1", "source": "mentor", "part": "total"}]


@pytest.mark.rule("IMP-COST")
def test_a_static_the_cost_modifiers_cannot_say_is_refused_with_its_place() -> None:
    from arbiter.model.errors import InputError

    text = STATICS.replace("of: {yours: spell}", "of: {yours: spell, subtype: Fire}") % "base"
    with pytest.raises(InputError, match="one cost change"):
        run_text(text + "steps: []\n")


# -- a format 2 card set: what is run is no longer described only -----------------------------

CARDSET = """\
ruleset: riftbound
format: 2
cards:
  keeper:
    kind: unit
    base: {might: 2}
    additional_costs:
      - cost: {counters: {name: order, add: -1, target: you}}
        may: true
      - id: odd
        cost: {channel: 1}
    as_enters:
      - do: {ready: self}
    permissions:
      - do: {play: {target: self, to: open_battlefield}}
    statics:
      - do: {cost: {add: -1, of: {yours: spell}}}
    triggers:
      - when: {played: self}
        if: {paid: true}
        do: {draw: 1}
"""


@pytest.mark.rule("IMP-EXTRA", "IMP-ENTER", "IMP-MAY", "IMP-COST", "CHECK-ALGEBRA")
def test_a_card_sets_played_text_is_run_and_only_the_rest_is_described_only() -> None:
    from arbiter.model import imported_play as ip
    from arbiter.model.format.cardset import load_cardset
    from arbiter.solver.check.diagnostics import run_check

    cardset = load_cardset("set.yaml", CARDSET)
    card = cardset.cards["keeper"]
    assert card.described_only == ("odd",)  # channelling is not performed (Riftbound 430)
    held = card.template.abilities
    texts = sorted(t.id for t in held if isinstance(t, ip.CardText))
    assert texts == ["enters1", "extra1", "may1"]
    (mod,) = [m for m in held if isinstance(m, tc.CostModifier)]
    assert (mod.energy, mod.kinds, mod.whose) == (-1, ("spell",), tc.Whose.YOURS)
    assert card.unmodelled == ()
    errors = [d.code for d in run_check(cardset).diagnostics if d.severity.value == "error"]
    assert errors == []


@pytest.mark.rule("IMP-EXTRA", "Riftbound 356.4.f.1", "Riftbound 359.3")
def test_a_spell_waiting_on_the_chain_reads_its_additional_cost_when_it_resolves() -> None:
    obj = "  f: {owner: ana, card: flare, zone: hand}\n"
    play = "chain_play: {card: f, pay: true, extra: %s, steps: [{%s}]}"
    paid = run(
        obj,
        (play % ("[{id: kindle, choose: [pal]}]", DRAW_IF_PAID.format("f")), "resolve_chain: {}"),
    )
    assert seen(paid) == 1 and energy(paid) == 3
    declined = run(obj, (play % ("false", DRAW_IF_PAID.format("f")), "resolve_chain: {}"))
    assert seen(declined) == 0 and energy(declined) == 5


@pytest.mark.rule("IMP-MAY", "Riftbound 811.1.d.1.a")
def test_a_permission_to_play_to_a_battlefield_does_not_carry_a_gear_there() -> None:
    gear = (
        "  g: {owner: ana, kind: gear, zone: hand,"
        " permissions: [{do: {play: {target: self, to: open_battlefield}}}]}\n"
    )
    assert refused(run(gear, ("play_card: {card: g, to: empty}",), head=PLACES)) == (
        "Riftbound 811.1.d.1.a"
    )
