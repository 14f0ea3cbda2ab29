"""The JSON Schemas as editors read them (``arbiter schema``, docs/format.md "Editors").

The schemas built by schema.py and cardset_schema.py are given an ``$id``, a
``description`` on every key (shown on hover and in completion), and are written in
JSON Schema draft-07, the draft yaml-language-server supports. Two more schemas cover the
other files arbiter reads or writes: ``loops`` (``arbiter loops`` files: a card set with
players, ``expect_verdict`` and ``loop_search``, or a scenario) and ``witness`` (the
witness scenarios ``arbiter check`` writes: a scenario, or a loops file for a loop).

A key with no entry in ``DESCRIPTIONS`` is described by the first line of the docstring
of the parser that reads it; a test checks that every key of every schema has one.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

DRAFT = "http://json-schema.org/draft-07/schema#"
KINDS = ("scenario", "cardset", "loops", "witness")


def schema_id(kind: str) -> str:
    return f"urn:arbiter:schema:{kind}:v1"


DESCRIPTIONS: dict[str, str] = {
    # top level
    "ruleset": "The game whose rules apply (eredan, berserk, altered, riftbound).",
    "title": "A one-line title of the file.",
    "description": "What the file shows, in prose.",
    "players": "The players' names, in seat order (the first is the active player).",
    "policies": "Choices the rules leave open, fixed for this file (docs/rules.md Decisions).",
    "cards": "The cards, by id: each the template of the objects it makes.",
    "objects": "The game objects in play as the scenario starts, by id.",
    "steps": "What happens, in order: each step one action or effect.",
    "expect": "What must hold at the end: paths into the answer and their values.",
    "include": "Card-set files of the same folder whose cards belong to this set.",
    "include_only": "True: a part of a set, included by another card set, never checked alone.",
    "choices": "The choices players make when a rule lets them choose.",
    "counters": "Counters: named amounts that can only go up or down.",
    "expect_verdict": "What arbiter loops must answer for this file (loop, terminates ...).",
    "loop_search": "Options of the loop search (budget, one day ...).",
    # policies
    "division_rounding": "How a division rounds when a card does not say (Decision E-DIV).",
    "prevention_order": "The order preventions apply in (Decision D-PREV-3).",
    "prevention_timing": "When prevention applies relative to bonuses (Decision D-PREV-3).",
    "prevention_as_replacement": "Prevention before replacements, or as one of them (Decision "
    "D-PREV-REPL, Riftbound 437.7).",
    "quick_action_cap": "How many times a quick action may be used in one day (A-GOLD-9).",
    "short_pool": "What a split does with fewer damage than targets (Decision D-TIME-4b).",
    "tough_version": "Which version of Tough applies (Riftbound).",
    # objects and cards
    "owner": "The player who owns the object.",
    "controller": "The player who controls the object (default: its owner).",
    "kind": "The kind of card or object (character, spell, equipment, unit ...).",
    "zone": "A zone of the ruleset (play, hand, reserve, expedition ...).",
    "card": "The id of the card this object is made from.",
    "name": "The name printed on the card.",
    "timestamp": "When the object entered play (orders passives, A-TIME-1).",
    "base": "Base characteristics: a number, or one number per component.",
    "features": "Named features (keywords) and their numbers, if any.",
    "keywords": "Keywords printed on the card (named features).",
    "protections": "What cannot be done to the object's characteristics (immunities, limits).",
    "text": "The card's text, as printed.",
    "roles": "The objects the card's effect acts on, by role name (its targets).",
    "effect": "The card's one-shot effect: scenario steps with role names as ids.",
    "suppress": "Diagnostic codes arbiter check does not report for this card, each with why.",
    "side": "Whose object the role is: ally, enemy or any.",
    "region": "The region of the expedition or the board the object is in.",
    "status": "The object's statuses (exhausted, anchored, asleep ...).",
    "face_down": "True when the card is face down.",
    "spell": "The spell's costs and effects when it is played.",
    "can": "What the object can do though a rule forbids it.",
    "cannot": "What cannot be done (to a characteristic, or by the object).",
    "boosts": "Boost counters on the object.",
    "damage": "Damage: marked on the object, or dealt by a step.",
    "damage_bonus": "Bonus damage the object's damage gets.",
    "prevention": "Damage prevention the object has (shields).",
    "passives": "Passive abilities: continuous effects while the object is in play.",
    "triggers": "Triggered abilities: when an event happens, do something.",
    "quick_actions": "Quick actions: costs paid to do something at any time.",
    "replacements": "Replacement effects: instead of an event, something else.",
    # steps and their keys
    "modify": "Modify a characteristic: add, set, multiply, divide, copy, swap ...",
    "gain": "The target gains a named feature or a characteristic.",
    "boost": "Put boost on a feature of the target.",
    "lose": "The target loses a named feature.",
    "protect": "Give the target a protection of its characteristics.",
    "end": "End the effects of a source.",
    "move": "Move the target to a zone.",
    "activate": "Activate a quick action of an object (pay its cost, resolve its effect).",
    "begin": "Begin a phase or a day.",
    "game-action": "A game action and the events it makes (replacement effects apply).",
    "mana": "Put a card into the mana zone (Altered).",
    "play": "Play a card from a zone (Altered 5.2.3).",
    "send": "Send a character to the expedition or the reserve (Altered).",
    "switch": "Switch an object's state (Altered).",
    "look": "Look at hidden cards.",
    "use": "Use an object's ability.",
    "dusk": "Dusk: the expeditions move (Altered).",
    "rest": "Rest: objects are readied and expire (Altered).",
    "decide": "A player's decision, fixed in the file.",
    "declare_damage": "Declare a damage instruction: its source, amount and targets (Riftbound).",
    "resolve_damage": "Resolve a declared damage instruction: its split and preventions.",
    "combat": "A combat (Riftbound 460): attackers, defenders and how each side assigns damage.",
    "attackers": "The attacking units, by id.",
    "defenders": "The defending units, by id.",
    "assign": "Each side's damage assignment: fixed in the file, or left open to the solver.",
    "assigned": "Damage assigned to each unit, by id.",
    "objective": "What an open assignment optimises: kills, damage or value.",
    "for": "The player an open assignment is optimised for.",
    "takes_damage": "Whether the object can be dealt combat damage.",
    "weights": "The value of each unit, for the objective value.",
    "resolution": "Go on with the combat's Resolution Step (Riftbound 461): cleanup, heal, recall.",
    "buff": "A buff on the unit (Riftbound): +1 might, spent by some abilities.",
    "spend_buff": "Spend a unit's buff (Riftbound 702.2.b): only its controller may.",
    "keyword_passives": "Keywords the unit has while Mighty (Riftbound 471.3), read in combat.",
    "choose_targets": "A spell or ability chooses targets: the Power Deflect adds (809.1.c).",
    "keyword_change": "Give or remove a keyword, this turn or while on the Board (801.3).",
    "might": "The unit's might (Riftbound): the damage it deals in combat.",
    "gigantic": "Gigantic (Altered): the character is in both expeditions.",
    "gigantic_version": "Which version of Gigantic applies (Altered rulebook versions).",
    "numbered_gain": "How gaining a numbered keyword the object has adds up (a Decision).",
    "reaction_cap": "How many reactions may be chained (a Decision).",
    "replacement_chooser": "Who chooses the order of competing replacements (R-5).",
    "replacement_reach": "Which events a replacement effect can reach (R-4).",
    "trigger_order": "Who orders a player's simultaneous triggers (TRIG-1, RB-TRIG-ORDER).",
    "tough_payment": "How Tough's cost is paid (Riftbound rulebook versions).",
    "this_turn": "True: only for the rest of this turn.",
    "draw": "Draw cards.",
    "mana_payment": "How an Altered mana cost is paid: the mana counter or Mana Orbs (3.2.9.f).",
    "turn_states": "Who says when a Riftbound showdown or combat happens: the scenario, or"
    " the states of the turn followed (tracked: 307, 323.8-323.14; Decision RB-STATES).",
    "showdown_pass": "The player with Focus passes in a showdown (Riftbound 347.3).",
    "begin_showdown": "The turn player chooses where a staged showdown begins (323.11).",
    "pass": "The player passes their turn in the Altered Afternoon (4.2.3.d).",
    "end_turn": "End the turn: effects until end of turn end, cleanup follows.",
    "heal": "Heal units (Riftbound 418): the damage marked on each is cleared.",
    "cleanup": "A cleanup: state-based checks (Riftbound).",
    "check_victory": "Check whether a player has won.",
    "chain_item": "An item of the chain (Riftbound): a spell or ability waiting to resolve.",
    "chain_play": "A card played onto the Chain (Riftbound 354-359): a spell waits there.",
    "activate_ability": "An activated ability of an object is activated (Riftbound 377, 398).",
    "chain_trigger": "A triggered ability goes on the Chain (Riftbound 383.3).",
    "pass_priority": "The player with priority passes (Riftbound 338.1.c, 339).",
    "resolve_chain": "Every player passes until items of the Chain resolve (Riftbound 340).",
    "activated": "Activated abilities 'cost: effect' of the object (Riftbound 145, 377, 818).",
    "timing_grants": "Action or Reaction the card has under a condition (Riftbound 806.4).",
    "modified_step": "The step as a replacement effect modified it.",
    "next": "What happens next.",
    "illegal": "This step must be refused: the rule id it breaks.",
    "note": "A comment shown with the step.",
    "target": "The id of the object the step acts on.",
    "stat": "A characteristic's name.",
    "stats": "Characteristics' names.",
    "op": "The operation: add, set, multiply, divide, copy, swap, swap-bonus, remove.",
    "value": "The operand: a number, numbers per component, or names.",
    "component": "Which component of a characteristic with several (1-based).",
    "with": "The other object of a swap.",
    "from": "The object a copy takes its value from.",
    "source": "Where it comes from: an object or effect (steps, protections); for an imported"
    " card, its set, number, language, printed text and the lines not modelled.",
    "reading": "arbiter's reading of each modelled line of an imported card (arbiter import).",
    "rounding": "How the division rounds: down, up or nearest.",
    "feature": "A named feature (keyword).",
    "number": "The feature's number (Tough 2 ...).",
    "amount": "How much.",
    "constant": "True when the boost does not wear off.",
    "limit": "The most the characteristic can change by.",
    "scope": "Which changes the protection covers.",
    "player": "A player's name.",
    "id": "An identifier, unique in its list.",
    "action": "The action taken.",
    "object": "An object's id.",
    "event": "What happened.",
    "events": "The events of the action, in order.",
    "applies_to": "Which objects the passive affects.",
    "condition": "When the passive applies.",
    "keyword": "A keyword the objects must have.",
    "subtype": "A subtype the objects must have.",
    "other": "True: every object but the passive's own.",
    "self": "True: the passive's own object.",
    "here": "True: the objects at the passive's own place (Decision IMP-HERE).",
    "count": "The objects counted (a selector, read from the passive's source: IMP-COUNT).",
    "at_least": "The count is at least this.",
    "at_most": "The count is at most this.",
}


def _parser_doc(key: str) -> str | None:
    from arbiter.model.format.areas import OBJECT_KEY_PARSERS, STEP_PARSERS, TOP_KEY_PARSERS

    parsers: dict[str, Callable[..., Any]] = {
        **TOP_KEY_PARSERS,
        **OBJECT_KEY_PARSERS,
        **STEP_PARSERS,
    }
    doc = parsers[key].__doc__ if key in parsers else None
    return doc.strip().splitlines()[0] if doc else None


def describe(key: str) -> str | None:
    return DESCRIPTIONS.get(key) or _parser_doc(key)


def _described(node: Any) -> Any:
    if isinstance(node, list):
        return [_described(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _described(v) for k, v in node.items()}
    props = out.get("properties")
    if isinstance(props, dict):
        for key, sub in props.items():
            text = describe(key)
            if isinstance(sub, dict) and "description" not in sub and text:
                props[key] = {"description": text, **sub}
    return out


def for_editors(schema: dict[str, Any], kind: str) -> dict[str, Any]:
    """The schema with its ``$id``, descriptions, and draft-07's ``$schema``."""
    out: dict[str, Any] = _described(copy.deepcopy(schema))
    body = {k: v for k, v in out.items() if k not in ("$schema", "$id")}
    return {"$schema": DRAFT, "$id": schema_id(kind), **body}


def _loops_cardset(cardset: dict[str, Any]) -> dict[str, Any]:
    from arbiter.model.format.areas import TOP_KEY_PARSERS

    props = dict(cardset["properties"])
    props["players"] = {"type": "array", "items": {"type": "string"}, "minItems": 1}
    for key in TOP_KEY_PARSERS:
        props.setdefault(key, {})
    return {
        "type": "object",
        "required": ["cards"],
        "additionalProperties": False,
        "properties": props,
    }


def build(kind: str) -> dict[str, Any]:
    """The editor schema of one kind of file (``KINDS``)."""
    from arbiter.model.format.areas import OBJECT_KEY_PARSERS
    from arbiter.model.format.cardset_schema import build_cardset_schema
    from arbiter.model.format.schema import build_schema

    scenario = build_schema()
    cardset = build_cardset_schema(sorted(OBJECT_KEY_PARSERS))
    titles = {
        "scenario": scenario["title"],
        "cardset": cardset["title"],
        "loops": "arbiter loops file (a card set with players, or a scenario)",
        "witness": "a witness arbiter check writes (a scenario, or a loops file)",
    }
    if kind == "scenario":
        body = scenario
    elif kind == "cardset":
        body = cardset
    else:
        strip = {k: v for k, v in scenario.items() if k not in ("$schema", "title")}
        body = {"anyOf": [strip, _loops_cardset(cardset)]}
        shared = {**scenario.get("$defs", {}), **cardset.get("$defs", {})}
        if shared:  # references inside either branch point at the root's definitions
            body["$defs"] = shared
    body = {k: v for k, v in body.items() if k not in ("$schema", "title")}
    return for_editors({"title": titles[kind], **body}, kind)
