"""Riftbound categories, tags, trait-altering and copy effects, rules text granted or
removed (Core Rules 1.3: 133.3, 133.7.c, 133.8, 143.1, 472.1, 472.2, 473.1.a, 135.4.b;
model/riftbound_traits.py)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.effects import algebra as a
from arbiter.model.effects import describe, emit
from arbiter.model.effects.syntax_values import condition, selector
from arbiter.model.format.document import Node, load
from tests.helpers import run_text, view

HEAD = """
ruleset: riftbound
players: [ana, bo]
"""


def run(objects: str, steps: str) -> dict[str, Any]:
    return view(HEAD + "objects:\n" + objects + "steps:\n" + steps)


def tags(out: dict[str, Any], oid: str) -> list[str]:
    found = out["objects"][oid]["characteristics"].get("subtypes")
    return sorted(found["shown"]) if found else []


def _node(text: str) -> Node:
    doc = load("t.yaml", text)
    return Node(doc, (), doc.root)


# -- 133.3: categories named inclusively or exclusively ----------------------------------


@pytest.mark.rule("Riftbound 133.3")
def test_an_effect_names_a_non_unit_card_and_a_unit_whatever_else_it_is() -> None:
    """ "A non-unit card" is any card but a unit; "a unit" is a unit whatever other
    categories it has (a unit token is a unit, 133.7.c)."""
    objects = (
        "  sp: {owner: ana, kind: spell, zone: hand}\n"
        "  blade: {owner: ana, kind: gear, zone: hand}\n"
        "  grunt: {owner: ana, kind: unit, zone: hand, base: {might: 1}}\n"
    )
    out = run(
        objects,
        "  - perform: {by: sp, do: {counters: {name: mark, add: 1, "
        "target: {choose: 1, lacks: unit, at: hand}}}, choose: [blade]}\n"
        "  - expect: {objects.blade.counters.mark: 1}\n"
        "  - perform: {by: sp, do: {counters: {name: mark, add: 1, "
        "target: {choose: 1, lacks: unit, at: hand}}}, choose: [grunt]}\n"
        "    illegal: A-SPELL-1\n",
    )
    assert out["expect"]["failed"] == 0 and out["expect"]["passed"] == 2
    non_unit = selector(_node("{choose: 1, lacks: unit, at: hand}"))
    assert describe.selector(non_unit) == "a non-unit card in any hand"  # a card, in a hand
    # a keyword the object lacks still reads "without"
    assert describe.selector(selector(_node("{all: unit, lacks: [token, Tank]}"))) == (
        "each non-token unit without Tank"
    )


@pytest.mark.rule("Riftbound 133.7.c", "Riftbound 133.3")
def test_a_created_token_is_a_unit_with_the_token_supertype() -> None:
    """The card language's ``create`` makes a unit token in its player's base: a unit (it
    gets "your units" effects) and a token ("non-token" effects skip it)."""
    out = run(
        "  maker: {owner: ana, kind: unit, zone: base, base: {might: 2}}\n",
        "  - perform: {by: maker, do: {create: {token: mech, kind: unit, stats: {might: 3}, "
        "at: base}}}\n"
        "  - perform: {by: maker, do: {counters: {name: mark, add: 1, "
        "target: {yours: unit, at: base}}}}\n"
        "  - perform: {by: maker, do: {counters: {name: shine, add: 1, "
        "target: {yours: unit, lacks: token, at: base}}}}\n",
    )
    token = out["objects"]["mech_1"]
    assert token["kind"] == "unit" and token["zone"] == "base" and token["owner"] == "ana"
    assert token["counters"]["token"] == 1 and token["counters"]["mark"] == 1
    assert "shine" not in token["counters"]
    assert out["objects"]["maker"]["counters"] == {"mark": 1, "shine": 1}


# -- tags (133.8, 143.1) -----------------------------------------------------------------

YORDLES = (
    "  teemo: {owner: ana, kind: unit, base: {might: 2, subtypes: [Yordle]}}\n"
    "  poppy: {owner: ana, kind: unit, base: {might: 3, subtypes: [Yordle, Mech]}}\n"
    "  garen: {owner: ana, kind: unit, base: {might: 4}}\n"
    "  foe: {owner: bo, kind: unit, base: {might: 2, subtypes: [Yordle]}}\n"
)


@pytest.mark.rule("Riftbound 133.8", "Riftbound 133.8.a", "Riftbound 143", "Riftbound 143.1")
@pytest.mark.rule("Riftbound 143.1.b", "RB-TAGS")
def test_tags_are_read_by_selectors_and_conditions() -> None:
    """ "Your Yordles get +1 Might", "each non-Yordle unit": the tags (the set
    characteristic ``subtypes``) are what effects read; they do nothing by themselves."""
    out = run(
        YORDLES,
        "  - perform: {by: teemo, do: {modify: {stat: might, add: 1, "
        "target: {yours: unit, subtype: Yordle}}}}\n"
        "  - perform: {by: teemo, do: {counters: {name: mark, add: 1, "
        "target: {all: unit, lacks: Yordle}}}}\n"
        "  - perform: {by: teemo, do: {counters: {name: yordle, add: 1, "
        "if: {subtype: Yordle, of: poppy}}}}\n"
        "  - perform: {by: teemo, do: {counters: {name: mech, add: 1, "
        "if: {subtype: Mech, of: garen}}}}\n",
    )
    chars = {o: out["objects"][o]["characteristics"]["might"]["shown"] for o in YORDLE_IDS}
    assert chars == {"teemo": 3, "poppy": 4, "garen": 4, "foe": 2}
    assert out["objects"]["garen"]["counters"] == {"mark": 1}
    assert out["objects"]["teemo"]["counters"] == {"yordle": 1}
    assert tags(out, "poppy") == ["Mech", "Yordle"]
    # the condition's written form and its English
    c = condition(_node("{subtype: Yordle, of: poppy}"))
    assert emit.condition(c) == {"subtype": "Yordle", "of": "poppy"}
    assert describe.condition(c) == "the poppy is a Yordle"


YORDLE_IDS = ("teemo", "poppy", "garen", "foe")


# -- 472.1.a: trait-altering effects ---------------------------------------------------


@pytest.mark.rule("Riftbound 472.1", "Riftbound 472.1.a", "Riftbound 143.1.b", "RB-TRAITS")
def test_a_trait_effect_changes_name_type_tags_controller_and_cost_this_turn() -> None:
    text = (
        HEAD + "objects:\n" + YORDLES + "steps:\n"
        "  - change_traits: {target: garen, name: Garen the Yordle, tags: {add: [Yordle]}, "
        "cost: 2, this_turn: true}\n"
        "  - change_traits: {target: foe, controller: ana}\n"
        "  - change_traits: {target: poppy, tags: {remove: [Mech]}, kind: gear, this_turn: true}\n"
        "  - perform: {by: teemo, do: {counters: {name: mark, add: 1, "
        "target: {yours: unit, subtype: Yordle}}}}\n"
        "  - end_turn: {}\n"
    )
    result = run_text(text)
    out = result.as_json()
    assert "illegal" not in out
    # while the effects applied: garen a Yordle, foe controlled by ana, poppy a gear
    assert out["objects"]["garen"]["counters"]["mark"] == 1
    assert out["objects"]["foe"]["counters"]["mark"] == 1
    assert "mark" not in out["objects"]["poppy"].get("counters", {})
    traits = [e for e in out["events"] if e["kind"] == "traits"]
    assert traits[0]["name"] == "Garen the Yordle" and traits[0]["tags"] == ["Yordle"]
    assert traits[1]["controller"] == "ana"
    assert traits[2]["type"] == "gear" and traits[2]["tags"] == ["Yordle"]
    # the turn ended: "this turn" traits are the printed ones again; control stays
    state = result.state
    garen, poppy, foe = state.obj("garen"), state.obj("poppy"), state.obj("foe")
    assert garen.card is None and "subtypes" not in garen.base and "energy" not in garen.base
    assert poppy.kind == "unit" and poppy.base["subtypes"] == frozenset({"Yordle", "Mech"})
    assert foe.controlled_by == "ana"


@pytest.mark.rule("Riftbound 472.1.a", "Riftbound 475", "Riftbound 110", "RB-TRAITS")
def test_trait_effects_apply_in_timestamp_order_and_end_when_the_unit_leaves_the_board() -> None:
    """The later of two settings of the tags wins (475); a killed unit has its printed
    traits in the trash (110)."""
    result = run_text(
        HEAD + "objects:\n" + YORDLES + "steps:\n"
        "  - change_traits: {target: teemo, tags: {set: [Mech]}}\n"
        "  - change_traits: {target: teemo, tags: {add: [Poro]}, this_turn: true}\n"
        "  - change_traits: {target: teemo, tags: {set: [Dragon]}}\n"
        "  - expect: {objects.teemo.characteristics.subtypes.shown: [Dragon]}\n"
        "  - end_turn: {}\n"
        "  - expect: {objects.teemo.characteristics.subtypes.shown: [Dragon]}\n"
        "  - kill: {target: teemo}\n"
    )
    out = result.as_json()
    assert "illegal" not in out, out.get("illegal")
    assert out["expect"]["failed"] == 0, out["expect"]
    teemo = result.state.obj("teemo")
    assert teemo.zone == "trash" and teemo.base["subtypes"] == frozenset({"Yordle"})
    assert not [x for x in teemo.abilities if type(x).__name__ == "TraitEffect"]


# -- 472.1.b: copy effects ----------------------------------------------------------------

COPIES = (
    "  broker: {owner: bo, kind: unit, base: {might: 4, energy: 3, subtypes: [Noxus]}, "
    "features: [Tank], might_passives: [{id: rally, add: 1, to: other_friendly}]}\n"
    "  reflection: {owner: ana, kind: unit, base: {might: 1}, features: [Temporary]}\n"
    "  mirror: {owner: ana, kind: unit, base: {might: 2, subtypes: [Yordle]}}\n"
    "  pal: {owner: ana, kind: unit, base: {might: 1}}\n"
)


@pytest.mark.rule("Riftbound 472.1.b", "Riftbound 472.1.b.1", "Riftbound 472.1.b.3", "RB-COPY")
def test_a_copy_takes_every_copyable_trait_and_a_copy_of_a_copy_copies_the_copy() -> None:
    """The Reflection becomes a copy of the broker: its Might, cost, tags, keywords and
    rules text (its Rally now helps ana's units). The mirror then copies the Reflection:
    the broker's traits, which are the Reflection's copyable traits now (472.1.b.3)."""
    result = run_text(
        HEAD + "objects:\n" + COPIES + "steps:\n"
        "  - become_copy: {target: reflection, of: broker}\n"
        "  - become_copy: {target: mirror, of: reflection}\n"
    )
    out = result.as_json()
    ref, mirror = out["objects"]["reflection"], out["objects"]["mirror"]
    for copy in (ref, mirror):
        assert copy["characteristics"]["might"]["base"] == 4
        assert copy["characteristics"]["energy"]["base"] == 3
        assert copy["characteristics"]["subtypes"]["shown"] == ["Noxus"]
        assert copy["features"] == {"Tank": True}  # the broker's keywords, not Temporary
    # two Rallies on ana's side: pal 1 + 2; each copy gets the other's +1
    assert out["objects"]["pal"]["might"]["shown"] == 3
    assert ref["might"]["shown"] == 5 and mirror["might"]["shown"] == 5
    assert out["objects"]["broker"]["might"]["shown"] == 4
    rally = [x for x in result.state.obj("mirror").abilities if x.id == "rally"]
    assert rally and rally[0].source == "mirror"


@pytest.mark.rule("Riftbound 472.1.b.2", "Riftbound 472.1.b", "RB-COPY")
def test_a_copy_of_some_traits_takes_only_those_and_ends_with_the_turn() -> None:
    result = run_text(
        HEAD + "objects:\n" + COPIES + "steps:\n"
        "  - become_copy: {target: mirror, of: broker, only: [might, tags], this_turn: true}\n"
        "  - expect: {objects.mirror.might.shown: 4, "
        "objects.mirror.characteristics.subtypes.shown: [Noxus]}\n"
        "  - end_turn: {}\n"
        "  - expect: {objects.mirror.might.shown: 2, "
        "objects.mirror.characteristics.subtypes.shown: [Yordle]}\n"
    )
    out = result.as_json()
    assert "illegal" not in out, out.get("illegal")
    assert out["expect"]["failed"] == 0, out["expect"]
    assert out["objects"]["mirror"]["features"] == {}  # no keyword copied
    assert out["objects"]["pal"]["might"]["shown"] == 1  # nor the Rally


# -- rules text granted (135.4.b) or removed (473.1.a) ------------------------------------


@pytest.mark.rule("Riftbound 135.4.b", "Riftbound 135.4", "Riftbound 472.2", "RB-TEXT")
def test_rules_text_granted_to_a_gear_stays_active_while_it_is_attached() -> None:
    """The gear's printed "friendly units +1" is inactive while it is attached (135.4);
    the "+2" an effect granted it is still active (135.4.b)."""
    out = run(
        "  blade: {owner: ana, kind: gear, zone: base, "
        "might_passives: [{id: printed, add: 1, to: friendly}]}\n"
        "  hero: {owner: ana, kind: unit, zone: base, base: {might: 3}}\n"
        "  pal: {owner: ana, kind: unit, zone: base, base: {might: 1}}\n",
        "  - grant_text: {target: blade, might_passives: [{id: gift, add: 2, to: friendly}]}\n"
        "  - expect: {objects.pal.might.shown: 4}\n"
        "  - attach: {card: blade, to: hero}\n"
        "  - expect: {objects.pal.might.shown: 3, objects.hero.might.shown: 5}\n"
        "  - detach: {card: blade}\n"
        "  - expect: {objects.pal.might.shown: 4}\n",
    )
    assert out["expect"]["failed"] == 0, out["expect"]
    assert "illegal" not in out


PASSIVES = (
    "  captain: {owner: ana, kind: unit, base: {might: 1}, "
    "might_passives: [{id: rally, add: 1, to: other_friendly}]}\n"
    "  proud: {owner: ana, kind: unit, base: {might: 4}, "
    "might_passives: [{id: pride, add: 2, while_mighty: true}]}\n"
)


@pytest.mark.rule("Riftbound 473.1.a", "Riftbound 472.2", "RB-EXIST", "RB-TEXT")
def test_a_might_effect_exists_only_while_the_effect_it_depends_on_applies() -> None:
    """Pride ("while I'm Mighty, +2") exists only once Rally has made the proud unit
    Mighty (473.1.a): Rally applies first, 7. When the captain loses its rules text this
    turn, Rally stops existing and so does Pride: 4. At the end of the turn both are back."""
    out = run(
        PASSIVES,
        "  - expect: {objects.proud.might.shown: 7}\n"
        "  - lose_text: {target: captain, this_turn: true}\n"
        "  - expect: {objects.proud.might.shown: 4, objects.proud.might.mighty: false}\n"
        "  - end_turn: {}\n"
        "  - expect: {objects.proud.might.shown: 7}\n"
        "  - lose_text: {target: proud}\n"
        "  - expect: {objects.proud.might.shown: 5}\n",
    )
    assert "illegal" not in out, out.get("illegal")
    assert out["expect"]["failed"] == 0, out["expect"]
    lost = [e for e in out["events"] if e["kind"] == "lose_text"]
    assert lost[0]["lost"] == ["rally"] and lost[1]["lost"] == ["pride"]


@pytest.mark.rule("RB-TRAITS", "RB-COPY")
def test_bad_trait_steps_are_refused_with_their_path() -> None:
    from arbiter.model.errors import InputError

    with pytest.raises(InputError, match="a trait to change"):
        run_text(HEAD + "objects:\n" + YORDLES + "steps:\n  - change_traits: {target: teemo}\n")
    with pytest.raises(InputError, match="expected one of"):
        run_text(
            HEAD + "objects:\n" + YORDLES + "steps:\n"
            "  - become_copy: {target: teemo, of: poppy, only: [color]}\n"
        )


@pytest.mark.rule("RB-KILL-WITH")
def test_the_condition_killed_with_has_a_written_form_and_english() -> None:
    c = a.Condition(a.Test.KILLED_WITH, name="spell")
    assert emit.condition(c) == {"killed_with": "spell"}
    assert condition(_node("{killed_with: spell}")) == c
    assert describe.condition(c) == "you killed that object with a spell"


@pytest.mark.rule("Riftbound 472.1.a", "RB-TRAITS")
def test_the_end_of_a_trait_effect_keeps_what_other_rules_changed_since() -> None:
    """A "this turn" trait effect ends; a keyword granted and a Facedown Zone's maximum
    changed while it applied stay (only what trait effects set is read again)."""
    result = run_text(
        HEAD + "objects:\n" + YORDLES + "  ridge: {owner: ana, kind: battlefield, "
        "zone: battlefield, controller: ana}\n"
        "steps:\n"
        "  - change_traits: {target: teemo, tags: {add: [Mech]}, this_turn: true}\n"
        "  - change_traits: {target: ridge, name: Haunted Ridge, this_turn: true}\n"
        "  - keyword_change: {target: teemo, gain: Tank}\n"
        "  - facedown_occupancy: {at: ridge, add: 1}\n"
        "  - end_turn: {}\n"
    )
    teemo, ridge = result.state.obj("teemo"), result.state.obj("ridge")
    assert teemo.base["subtypes"] == frozenset({"Yordle"}) and "Tank" in teemo.features
    assert ridge.card is None and ridge.base["facedown"] == 2 and ridge.controller == "ana"


@pytest.mark.rule("Riftbound 472.1.b", "Riftbound 472.1.b.2", "RB-COPY")
def test_the_card_language_says_becomes_a_copy_this_turn() -> None:
    """ "I become a copy of a chosen unit this turn" in the card language: the same copy
    as the step's, written, read back and described."""
    out = run(
        COPIES,
        "  - perform: {by: mirror, do: {become_copy: {of: {choose: 1, kind: unit, as: model}, "
        "only: [might, tags], until: end_of_turn}}, choose: {model: [broker]}}\n"
        "  - expect: {objects.mirror.might.shown: 4, "
        "objects.mirror.characteristics.subtypes.shown: [Noxus]}\n"
        "  - end_turn: {}\n"
        "  - expect: {objects.mirror.might.shown: 2}\n",
    )
    assert "illegal" not in out, out.get("illegal")
    assert out["expect"]["failed"] == 0 and out["expect"]["passed"] == 3, out["expect"]
    plain = run(  # a plain list of chosen ids chooses the original too
        COPIES,
        "  - perform: {by: mirror, do: {become_copy: {of: {choose: 1, kind: unit}}}, "
        "choose: [broker]}\n",
    )
    assert "illegal" not in plain, plain.get("illegal")
    assert plain["objects"]["mirror"]["might"]["printed"] == 4
    from arbiter.model.effects import syntax

    node = _node("{become_copy: {of: {choose: 1, kind: unit}, only: [might], until: end_of_turn}}")
    e = syntax.effect(node)
    assert isinstance(e.action, a.BecomeCopy) and e.action.only == ("might",)
    assert syntax.effect(_node(str(emit.effect(e)).replace("'", '"'))) == e
    assert describe.effect(e) == "This card becomes a copy of a unit (its might only) this turn."


@pytest.mark.rule("Riftbound 472.1.a", "Riftbound 472.1", "RB-TRAITS")
def test_the_card_language_gives_control_and_tags_this_turn() -> None:
    """ "Gain control of an enemy unit this turn. It is a Mech.": written, read back,
    described, and undone at the end of the turn."""
    from arbiter.model.effects import syntax

    text = (
        "{change_traits: {target: {choose: 1, enemy: unit}, controller: you, "
        "tags: {add: [Mech]}, until: end_of_turn}}"
    )
    result = run_text(
        HEAD + "objects:\n" + YORDLES + "steps:\n"
        f"  - perform: {{by: teemo, do: {text}, choose: [foe]}}\n"
        "  - perform: {by: teemo, do: {counters: {name: mark, add: 1, "
        "target: {yours: unit, subtype: Mech}}}}\n"
        "  - end_turn: {}\n"
    )
    out = result.as_json()
    assert "illegal" not in out, out.get("illegal")
    assert out["objects"]["foe"]["counters"]["mark"] == 1  # ana's Mech for the turn
    foe = result.state.obj("foe")
    assert foe.controlled_by == "bo" and foe.base["subtypes"] == frozenset({"Yordle"})
    e = syntax.effect(_node(text))
    assert syntax.effect(_node(str(emit.effect(e)).replace("'", '"'))) == e
    assert describe.effect(e) == ("You gain control of an enemy unit, which is a Mech this turn.")
