"""Every key of the card language, once, with what it means: the parser
(:mod:`model.effects.syntax`) accepts exactly these keys and the JSON Schema
(:func:`json_schema`) is generated from them, a description on every key."""

from __future__ import annotations

from collections.abc import Mapping

from arbiter.model.effects import algebra as a

JSON = dict[str, object]

SELECTOR_DOC: dict[str, str] = {
    "choose": "chosen targets: a number (exactly N), `any` (any number of), or {up_to: N}",
    "all": 'every object of these kinds ("all units")',
    "each": 'every object of these kinds, one at a time ("each enemy unit")',
    "kind": "kinds of objects (a name or a list)",
    "yours": "objects the card's controller controls; the value is their kind (or true)",
    "enemy": "objects the opponent controls; the value is their kind (or true)",
    "subtype": 'a subtype (or a list) the object must have ("your Warriors")',
    "has": "a feature, keyword or status (or a list) the object must have",
    "lacks": "a feature, keyword, status, kind or subtype (or a list) the object must not have",
    "other": 'true: not the card itself ("other Beasts")',
    "at": "`here` (the card's battlefield, expedition or combat) or a zone",
    "with": "characteristics compared with bounds: {might: {at_most: 3}}",
    "region": "a region type the region it stands in has (Altered 7.5.7: Forest)",
    "as": "a name for the chosen object, so that other effects of the ability name it",
}
SELECTOR_KEYS = frozenset(SELECTOR_DOC)

AMOUNT_DOC: dict[str, str] = {
    "per": "a selector: the amount is the number of objects it selects, times `times`",
    "times": 'the multiplier of `per` (default 1; -1 for "-1 per demon")',
    "stat": "a characteristic: the amount is its shown value on `of`",
    "counter": "a counter: the amount is how many `of` has",
    "of": "the object (a selector) whose characteristic or counter is read; default self",
    "twice": 'an amount, doubled ("twice that much")',
    "multiply": "an amount, multiplied by `by`",
    "by": "the factor of `multiply`",
    "sum": "a list of amounts, added together",
}
AMOUNT_KEYS = frozenset(AMOUNT_DOC)

CONDITION_DOC: dict[str, str] = {
    "and": "a list of conditions that all hold",
    "or": "a list of conditions, one of which holds",
    "not": "a condition that does not hold",
    "stat": "a characteristic of `of` compared with at_least / at_most / equal",
    "count": "a selector: the number of objects it selects compared with a bound",
    "counter": "a counter of `of` compared with a bound",
    "has": "a feature, keyword or status `of` has",
    "in": "a zone `of` is in",
    "region": "a region type of the region `of` stands in (Altered: Forest)",
    "turn": "whose turn it is: you | opponent; first: you are the first player",
    "day": "the day number compared with a bound",
    "phase": "the phase it is",
    "expedition": "ahead | behind | tied: the standing of the expedition `of` is in "
    "(Altered 7.5.2; a Gigantic character's two expeditions both, 7.4.4.j)",
    "done": 'true: the optional effect before this one was done ("if you do")',
    "roll": "true: the die rolled before (roll_die) compared with at_least / at_most / equal",
    "paid": "true: the card's optional additional cost was paid as it was played "
    "(Riftbound 356.4.f.1)",
    "cards_played": "true: the number of other cards you played this turn compared with a "
    "bound (Riftbound 812 Legion: at_least 1)",
    "subtype": "a subtype, or a Riftbound tag (133.8), `of` has",
    "killed_with": "spell | ability | a kind: the object the event was about was killed "
    "with one, controlled by you, you being responsible (Riftbound 428.5.e)",
    "to_victory": "true: the points `of` (a player) still needs to reach the Victory Score, "
    "compared with a bound (Riftbound 480.3: 8; \"within 3 points\": at_most 3)",
    "of": "the object or player the test reads (a selector); default self",
    "at_least": "the bound: the value is at least this",
    "at_most": "the bound: the value is at most this",
    "equal": "the bound: the value is exactly this",
}
CONDITION_KEYS = frozenset(CONDITION_DOC)

EFFECT_DOC: dict[str, str] = {
    "if": "a condition checked at resolution; the effect is not done when it fails",
    "until": "how long the effect lasts: end_of_turn, end_of_day, end_of_combat, "
    "while_in_play, or {while: condition}",
    "may": 'true: optional, answered at resolution ("you may")',
    "pay": 'effects paid first ("you may pay {2} to"); unpaid, nothing is done (A-SPELL-5)',
}
EFFECT_KEYS = frozenset(EFFECT_DOC)

TARGET_DOC = "the objects (a selector) the action applies to; default self"

ACTIONS: dict[str, tuple[str, dict[str, str]]] = {
    "damage": (
        "deal damage to each target (`amount`) or divided among them (`split`)",
        {
            "amount": "damage dealt to each target",
            "split": "a total divided among the targets",
            "to": TARGET_DOC,
            "among": "the targets a split is divided among",
            "target": TARGET_DOC,
        },
    ),
    "modify": (
        "modify a characteristic (E-OPS-1)",
        {
            "stat": "the characteristic",
            "add": "an amount added (negative: removed), or names added to a set",
            "set": "the value it becomes",
            "multiply": "a factor",
            "divide": "a divisor",
            "copy": "the object (a selector) whose value is taken",
            "swap": "the object whose value is exchanged",
            "swap_bonus": "the object whose bonus is exchanged (E-BONUS-3)",
            "remove": "names removed from a set",
            "component": "the 1-based component of a vector",
            "rounding": "down | up | nearest",
            "minimum": "add: the value never goes below this (to a minimum of N)",
            "target": TARGET_DOC,
        },
    ),
    "protect": (
        "make characteristics immune or limit their variation",
        {
            "stat": 'a characteristic, a list, or "*"',
            "cannot": "decrease | modify",
            "limit": "the largest variation shown (E-LIMIT-1)",
            "scope": "free text: when it applies",
            "target": TARGET_DOC,
        },
    ),
    "prevent": (
        "prevent damage (a number: the next N, used in part, P-4; or all)",
        {
            "amount": "a number or `all`",
            "to": TARGET_DOC,
            "from": "where the damage comes from (a selector: {kind: spell})",
            "target": TARGET_DOC,
        },
    ),
    "give": (
        "give a status, keyword or named feature",
        {
            "status": "a status (Asleep, Anchored, Stunned, exhausted …)",
            "keyword": "a keyword",
            "feature": "a named feature",
            "number": "its number (Armor 3)",
            "to": TARGET_DOC,
            "target": TARGET_DOC,
        },
    ),
    "take": (
        "remove a status, keyword, named feature, or every ability",
        {
            "status": "a status",
            "keyword": "a keyword",
            "feature": "a named feature",
            "abilities": "`all`: the objects lose their abilities",
            "from": TARGET_DOC,
            "target": TARGET_DOC,
            "number": "unused",
        },
    ),
    "boost": (
        "+Y to a named feature the target has (B-NAMED-2)",
        {
            "feature": "the feature",
            "amount": "Y (negative: -Y)",
            "to": TARGET_DOC,
            "target": TARGET_DOC,
        },
    ),
    "draw": (
        "the player draws cards: a number, or {amount, player}",
        {"amount": "how many", "player": "you | opponent", "target": TARGET_DOC, "zone": "unused"},
    ),
    "discard": (
        "discard cards: a number, a selector, or {amount, player}",
        {"amount": "how many", "player": "you | opponent", "target": TARGET_DOC, "zone": "unused"},
    ),
    "recall": (
        "send the selected objects back to their owner's Reserve (Altered)",
        {"target": TARGET_DOC, "amount": "unused", "player": "unused", "zone": "unused"},
    ),
    "return_to_hand": (
        "return the selected objects to their owner's hand",
        {"target": TARGET_DOC, "amount": "unused", "player": "unused", "zone": "unused"},
    ),
    "destroy": (
        "destroy the selected objects",
        {"target": TARGET_DOC, "amount": "unused", "player": "unused", "zone": "unused"},
    ),
    "sacrifice": (
        "its controller destroys the selected objects",
        {"target": TARGET_DOC, "amount": "unused", "player": "unused", "zone": "unused"},
    ),
    "overrule": (
        "a static ability changes a rule for the targets: assigned_last (\"I must be assigned "
        "combat damage last\", Riftbound 460.2.c.5), any_buffs (\"I can have any number of "
        "buffs\", against 426.1.b)",
        {"rule": "assigned_last | any_buffs", "target": TARGET_DOC},
    ),
    "recycle": (
        "the selected cards go to the bottom of the corresponding deck (Riftbound 416: a rune "
        "to its rune deck)",
        {"target": TARGET_DOC, "amount": "unused", "player": "unused", "zone": "unused"},
    ),
    "switch": (
        "the selected objects switch expeditions (Altered 7.3.28, 7.4.4.m; a Gigantic object "
        "has no other expedition, A-KW-GIGANTIC)",
        {"target": TARGET_DOC, "amount": "unused", "player": "unused", "zone": "unused"},
    ),
    "move": (
        "move the selected objects to a zone",
        {"target": TARGET_DOC, "zone": "the zone", "amount": "unused", "player": "unused",
         "exhausted": "true: they arrive exhausted",
         "to": "instead of zone, a Riftbound destination (442.2): battlefield | "
         "open_battlefield | here | base_or_battlefield | any"},
    ),
    "create": (
        "create tokens",
        {
            "token": "the card id the tokens are made from (or an id for a described token)",
            "amount": "how many (default 1)",
            "for": "the player who gets them (default you)",
            "name": "a described token's name (Altered 7.3.4.b)",
            "kind": "a described token's kind (character, unit …)",
            "stats": "a described token's characteristics: {forest: 1, might: 3 …}",
            "subtypes": "a described token's subtypes (or tags)",
            "at": "where: chosen_expedition | my_expedition | each_expedition | "
            "hero_expedition | companion_expedition | base | here",
            "enters": "ready | exhausted, when the line says (default: its type's rule)",
            "defined_by": "the article giving a described token's other characteristics "
            "(Riftbound 184.5)",
        },
    ),
    "counters": (
        "gain (or, negative, lose) counters",
        {"name": "the counter", "add": "how many", "target": TARGET_DOC,
         "most": "never more than this many on one object (a Riftbound buff: 1)",
         "only": "resources added that may only pay for: play_spells | play_gear | "
         "gear_abilities (\"use only to play spells\", Decision IMP-SPEND)"},
    ),
    "resupply": (
        "the player puts the top card of their deck into their reserve, `amount` times "
        "(Altered 7.3.22): a number, or {amount, player}",
        {"amount": "how many times", "player": "you | opponent", "target": TARGET_DOC,
         "zone": "unused"},
    ),
    "exhausted_resupply": (
        "resupply, then exhaust the resupplied card (Altered 7.3.11)",
        {"amount": "how many times", "player": "you | opponent", "target": TARGET_DOC,
         "zone": "unused"},
    ),
    "channel": (
        "the player puts the top runes of their rune deck onto the board (Riftbound 430): "
        "a number, or {amount, player, exhausted}",
        {"amount": "how many runes", "player": "you | opponent", "target": TARGET_DOC,
         "zone": "unused", "exhausted": "true: they enter exhausted (430.2)"},
    ),
    "roll_die": ("the player (you | opponent) rolls a six-sided die (Altered 7.3.19)", {}),
    "activate": (
        "the targets' abilities waiting for `when` happen as if it occurred (Altered 7.3.1.b)",
        {"when": "the event whose abilities are activated", "target": TARGET_DOC},
    ),
    "next": (
        "a delayed trigger: the next time `when` happens (within `until`), `do` happens, "
        '"it" being the event\'s object',
        {"when": "the event waited for, once", "do": "the effects then"},
    ),
    "each_time": (
        "a delayed trigger: each time `when` happens within `until` (\"when a unit is "
        'played this turn\"), `do` happens, "it" being the event\'s object (Riftbound 390.2)',
        {"when": "the event waited for, every time", "do": "the effects then"},
    ),
    "play": (
        "the controller plays the targets now: `cost: free | no_energy | paid` (default), "
        "`amount` changes a paid cost (for {1} less: -1)",
        {"target": TARGET_DOC, "cost": "free | no_energy | paid", "amount": "the change of cost",
         "to": "open_battlefield | occupied_enemy_battlefield: where (Riftbound 169.10)"},
    ),
    "exchange": (
        "the target and `with` exchange their places (Altered 7.3.9)",
        {"target": TARGET_DOC, "with": "the other object (a selector)"},
    ),
    "counter_spell": (
        "counter the selected spells on the chain: they do nothing and leave it, no cost "
        "refunded (Riftbound 425)",
        {},
    ),
    "look_top": (
        "the player looks at (or reveals) the top `amount` cards of their Main Deck, puts "
        "`keep` of them into their hand and recycles the rest (Riftbound 416, 424)",
        {
            "amount": "how many cards from the top",
            "keep": "how many go to the hand (default 1)",
            "up_to": "true: any number up to `keep`, none included (\"you may\")",
            "kinds": "only cards of these types may be kept (a list)",
            "reveal": "true: the cards are revealed to every player",
            "to": "hand (default) | play | banish_then_play | top: where the kept cards go",
            "discount": "play: their cost is reduced by this much",
            "rest": "recycle (default) | hand: where the others go",
            "here": "true: a unit played this way may be played to this card's battlefield",
            "player": "whose deck (default you)",
        },
    ),
    "change_traits": (
        "a trait-altering effect (Riftbound 472.1.a): the target's name, kind, controller, "
        "tags or cost change; `until: end_of_turn` for this turn",
        {
            "target": TARGET_DOC,
            "name": "its new name",
            "kind": "its new kind (type)",
            "controller": 'the player who gains control of it: you | opponent',
            "tags": "{set: [tags]} or {add: [tags], remove: [tags]}",
            "cost": "its new cost",
        },
    ),
    "become_copy": (
        "the target becomes a copy of `of` (Riftbound 472.1.b): all its copyable traits, "
        "or those `only` names; `until: end_of_turn` for this turn",
        {
            "target": TARGET_DOC,
            "of": "the object copied (a selector)",
            "only": "the traits copied: name, kind, tags, cost, might, keywords, text",
        },
    ),
    "choose_one": (
        "the controller chooses one of the options when it resolves (\"choose one\")",
        {"options": "a list of options, each one effect or a list of effects"},
    ),
    "end_turn": (
        "the player (you | opponent) ends the turn once no reaction waits, without passing "
        "(Altered 7.3.2 After You)",
        {},
    ),
    "ready": ("ready the selected objects (remove the status exhausted)", {}),
    "exhaust": ("exhaust the selected objects (give the status exhausted)", {}),
    "bonus_damage": (
        "damage the selected player's sources deal is increased (D-BONUS-1)",
        {
            "amount": "the bonus",
            "from": "the kinds of sources: spell, ability, combat …",
            "target": "whose sources (default you)",
        },
    ),
    "cannot": (
        'a restriction ("can\'t", A-GOLD-1): the targets cannot do a deed',
        {
            "deed": "be_targeted, gain, play, attack, move …",
            "by": "only by these sources (a selector: {kind: spell})",
            "what": 'of what ("can\'t gain boosts": boost)',
            "target": TARGET_DOC,
        },
    ),
    "cost": (
        "the selected cards cost more (negative: less)",
        {
            "add": "the change of cost",
            "floor": "never less than this",
            "once": "true: only the next one",
            "of": "the cards (a selector)",
        },
    ),
    "replace": (
        "a replacement effect: if the event would happen, instead … (R-1)",
        {
            "when": "the event replaced",
            "instead": "the effects that happen instead",
            "redirect": "the same event happens to these objects instead",
            "once": 'true: only the next time ("the next time … would …")',
        },
    ),
}

WHEN_DOC: dict[str, str] = {
    **{
        e.value: f"the event {e.value.replace('_', ' ')}; the value is who it is about"
        for e in a.EventKind
    },
    "from": "played from this zone (hand, reserve) / leaves this zone",
    "zone": "enters this zone (default play)",
    "of": "counter events: whose counter",
    "stat": "modified events: which characteristic",
    "action": "activated events: which quick action",
    "change": "counter events: up | down | any",
    "reaches": "counter events: only when the counter reaches this many (its Nth counter)",
    "here": "true: the event happens at the card's own place (a battlefield: conquer here)",
    "status": "gains_status events: which status",
    "nth": "only the Nth time it happens in a turn (the first time … each turn)",
    "by": "who does it: you | opponent (\"when you exhaust a card\"); default anyone",
    "origin": "enters events: only from this zone (\"from your hand\")",
    "batch": "true: once for each event, however many objects it is about (\"one or more\")",
    "at": "where it happens: battlefield | your_battlefield | open_battlefield | combat "
    "(\"attacks a battlefield you control\", \"dies in combat\")",
}
WHEN_KEYS = frozenset(k for k in WHEN_DOC if k not in {e.value for e in a.EventKind})

ABILITY_LISTS: dict[str, a.Kind] = {
    "triggers": a.Kind.TRIGGER,
    "quick_actions": a.Kind.QUICK,
    "passives": a.Kind.PASSIVE,
    "replacements": a.Kind.REPLACEMENT,
    "additional_costs": a.Kind.ADDITIONAL_COST,
    "as_enters": a.Kind.AS_ENTERS,
    "permissions": a.Kind.PERMISSION,
    "statics": a.Kind.STATIC,
}

ABILITY_DOC: dict[str, str] = {
    "id": "the ability's name, unique on the card",
    "text": "the printed text of the ability",
    "when": "the event it waits for",
    "do": "the effects (one, or a list); as_enters: done to each object its selector "
    "picks as that object enters the Board (take exhausted: it enters ready); permissions: "
    "what the controller may do although the rules forbid it (play: the cards it may play); "
    "statics: what a static ability does that the engine does not run (Decision IMP-STATICS)",
    "cost": "effects paid first (exhaust: self, counters …); unpayable: not played (A-GOLD-2); "
    "additional_costs: paid as the card is played (Riftbound 356.2), `may: true` if optional",
    "if": "a condition checked at resolution",
    "may": "true: optional",
    "instead": "replacements: the effects that happen instead",
    "redirect": "replacements: who the event happens to instead",
    "once": 'replacements: true for "the next time"',
    "timing": "quick actions: action | reaction, when it may also be used (Riftbound 806, 813)",
}


# -- JSON Schema -------------------------------------------------------------------------------


def _obj(props: dict[str, str], refs: Mapping[str, Mapping[str, object]] | None = None) -> JSON:
    refs = refs or {}
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            key: {"description": doc, **refs.get(key, {})} for key, doc in props.items()
        },
    }


def json_schema() -> JSON:
    """The ``$defs`` of the card language: selector, amount, condition, effect, when,
    ability. Card-set schemas reference them as ``#/$defs/effect`` …"""
    sel: JSON = {"$ref": "#/$defs/selector"}
    amt: JSON = {"$ref": "#/$defs/amount"}
    cond: JSON = {"$ref": "#/$defs/condition"}
    effs: JSON = {"$ref": "#/$defs/effects"}
    selector_refs: dict[str, JSON] = {"other": {"type": "boolean"}}
    amount_refs: dict[str, JSON] = {
        "per": sel,
        "of": sel,
        "twice": amt,
        "multiply": amt,
        "sum": {"type": "array", "items": amt},
    }
    cond_refs: dict[str, JSON] = {
        "and": {"type": "array", "items": cond},
        "or": {"type": "array", "items": cond},
        "not": cond,
        "count": sel,
        "of": sel,
    }
    action_schemas: JSON = {}
    for verb, (doc, props) in ACTIONS.items():
        refs = {
            key: sel
            for key in (
                "to",
                "among",
                "target",
                "from",
                "redirect",
                "copy",
                "swap",
                "swap_bonus",
                "for",
                "with",
            )
        }
        refs.update({"instead": effs, "when": {"$ref": "#/$defs/when"}})
        if verb in ("move", "play"):  # there `to` names a place (Riftbound 169.10, 442.2)
            del refs["to"]
        body = _obj({**props, **EFFECT_DOC}, refs)
        action_schemas[verb] = {"description": doc, "anyOf": [body, sel, {"type": "integer"}]}
    effect: JSON = {
        "description": "one action key (damage, modify …) and optional if / until / may",
        "type": "object",
        "additionalProperties": False,
        "minProperties": 1,
        "properties": {
            **action_schemas,
            **{k2: {"description": d} for k2, d in EFFECT_DOC.items()},
        },
    }
    return {
        "selector": {
            "description": "who: self | it | you | opponent | an object id | filters",
            "anyOf": [{"type": "string"}, _obj(SELECTOR_DOC, selector_refs)],
        },
        "amount": {
            "description": "how much: an integer, a vector, X, that, or a computed amount",
            "anyOf": [
                {"type": "integer"},
                {"type": "array", "items": {"type": "integer"}},
                {"type": "string"},
                _obj(AMOUNT_DOC, amount_refs),
            ],
        },
        "condition": {
            "description": "if: one composable condition",
            **_obj(CONDITION_DOC, cond_refs),
        },
        "effect": effect,
        "effects": {
            "description": "one effect or a list of effects",
            "anyOf": [
                {"$ref": "#/$defs/effect"},
                {"type": "array", "items": {"$ref": "#/$defs/effect"}},
            ],
        },
        "when": {"description": "the event an ability waits for", **_obj(WHEN_DOC)},
        "ability": {
            "description": "a trigger, quick action, passive or replacement",
            "type": "object",
        },
    }
