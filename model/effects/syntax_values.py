"""The values of the card language's YAML (format 2): selectors (who), amounts (how
much), conditions (if) and durations (until), read into the algebra with located errors.
:mod:`model.effects.syntax` reads effects and abilities with them; the keys are listed
once in :mod:`model.effects.keys`.
"""

from __future__ import annotations

from arbiter.model.effects import algebra as a
from arbiter.model.effects import keys as k
from arbiter.model.format.document import Node

SCALAR_SELECTORS = {"self": a.SELF, "it": a.IT, "you": a.YOU, "opponent": a.OPPONENT}


def names(node: Node) -> frozenset[str]:
    return node.string_set()


# -- selectors ------------------------------------------------------------------------------


def selector(node: Node) -> a.Selector:
    """``self`` | ``it`` | ``you`` | ``opponent`` | an object id | a mapping of filters."""
    if isinstance(node.value, str | int) and not isinstance(node.value, bool):
        name = node.ident("a selector: self, it, you, opponent, an object id or a mapping")
        return SCALAR_SELECTORS.get(name, a.Selector(a.Pick.NAMED, name=name))
    m = node.mapping(k.SELECTOR_KEYS, what="a selector: self, it, you, opponent or a mapping")
    pick, count, up_to = a.Pick.ALL, 1, False
    if "choose" in m:
        pick = a.Pick.CHOOSE
        c = m["choose"]
        if c.value == "any":
            count = a.ANY_NUMBER
        elif isinstance(c.value, dict):
            count, up_to = c.mapping({"up_to"}, required=("up_to",))["up_to"].integer(1, 1000), True
        else:
            count = c.integer(1, 1000)
    side, kinds = a.Side.ANY, frozenset[str]()
    for key, s in (("yours", a.Side.YOURS), ("enemy", a.Side.ENEMY)):
        if key in m:
            if side is not a.Side.ANY:
                m[key].fail("either 'yours' or 'enemy', not both", key=True, got=False)
            side = s
            if m[key].value is not True:
                kinds = names(m[key])
    for key in ("all", "each", "kind"):
        if key in m:
            kinds = kinds | names(m[key])
    here, zone = False, None
    if "at" in m:
        at = m["at"].ident("here, or a zone")
        here, zone = (True, None) if at == "here" else (False, at)
    stats = (
        tuple(a.StatTest(stat, *_bound(bnode)) for stat, bnode in m["with"].entries())
        if "with" in m
        else ()
    )
    return a.Selector(
        pick,
        count=count,
        up_to=up_to,
        side=side,
        kinds=kinds,
        subtypes=names(m["subtype"]) if "subtype" in m else frozenset(),
        has=names(m["has"]) if "has" in m else frozenset(),
        lacks=names(m["lacks"]) if "lacks" in m else frozenset(),
        other=m["other"].boolean() if "other" in m else False,
        here=here,
        zone=zone,
        stats=stats,
        name=m["as"].ident("a name") if "as" in m else None,
        region=m["region"].text("a region type") if "region" in m else None,
    )


def _bound(node: Node) -> tuple[a.Compare, int]:
    """``{at_most: 3}`` | ``{at_least: 5}`` | ``{equal: 2}`` | an integer (equal)."""
    if isinstance(node.value, int) and not isinstance(node.value, bool):
        return a.Compare.EQUAL, node.integer()
    m = node.mapping({c.value for c in a.Compare}, what="a bound: {at_least|at_most|equal: N}")
    if len(m) != 1:
        node.fail("exactly one of at_least, at_most, equal", got=False)
    ((key, n),) = m.items()
    return a.Compare(key), n.integer()


# -- amounts --------------------------------------------------------------------------------


def amount(node: Node) -> a.Amount:
    """An integer, a list of integers, ``X``, ``that``, or {per | stat | counter | times |
    sum}."""
    v = node.value
    if isinstance(v, int) and not isinstance(v, bool):
        return a.Const(node.integer())
    if isinstance(v, list):
        value = node.number_or_vector()
        return a.Const(value)
    if v == "that":
        return a.That()
    if isinstance(v, str):
        return a.XValue(node.ident("an amount: an integer, X, that, or a mapping"))
    m = node.mapping(k.AMOUNT_KEYS, what="an amount: an integer, X, that, or a mapping")
    if "per" in m:
        return a.Per(selector(m["per"]), m["times"].integer() if "times" in m else 1)
    if "stat" in m:
        return a.StatOf(selector(m["of"]) if "of" in m else a.SELF, m["stat"].ident("a stat"))
    if "counter" in m:
        of = selector(m["of"]) if "of" in m else a.SELF
        return a.CountOf(of, m["counter"].ident("a counter name"))
    if "twice" in m:
        return a.Times(amount(m["twice"]), 2)
    if "multiply" in m:
        return a.Times(amount(m["multiply"]), m["by"].integer() if "by" in m else 1)
    if "sum" in m:
        return a.Sum(tuple(amount(p) for p in m["sum"].seq("a list of amounts")))
    node.fail("an amount with one of: per, stat, counter, twice, multiply, sum", got=False)


# -- conditions and durations -----------------------------------------------------------------


def condition(node: Node) -> a.Condition:
    m = node.mapping(k.CONDITION_KEYS, what="a condition (a mapping)")
    of = selector(m["of"]) if "of" in m else a.SELF
    cmp, bound = a.Compare.AT_LEAST, 0
    for c in a.Compare:
        if c.value in m:
            cmp, bound = c, m[c.value].integer()
    if "and" in m or "or" in m:
        key = "and" if "and" in m else "or"
        parts = tuple(condition(p) for p in m[key].seq("a list of conditions"))
        return a.Condition(a.Test(key), parts)
    if "not" in m:
        return a.Condition(a.Test.NOT, (condition(m["not"]),))
    if "stat" in m:
        return a.Condition(
            a.Test.STAT, selector=of, stat=m["stat"].ident(), compare=cmp, bound=bound
        )
    if "count" in m:
        return a.Condition(a.Test.COUNT, selector=selector(m["count"]), compare=cmp, bound=bound)
    if "counter" in m:
        name = m["counter"].ident("a counter name")
        return a.Condition(a.Test.COUNTER, selector=of, name=name, compare=cmp, bound=bound)
    if "has" in m:
        return a.Condition(a.Test.HAS, selector=of, name=m["has"].text("a name"))
    if "subtype" in m:
        return a.Condition(a.Test.SUBTYPE, selector=of, name=m["subtype"].text("a name"))
    if "killed_with" in m:
        return a.Condition(a.Test.KILLED_WITH, name=m["killed_with"].ident("a kind"))
    if "in" in m:
        return a.Condition(a.Test.ZONE, selector=of, name=m["in"].ident("a zone"))
    if "region" in m:
        return a.Condition(a.Test.REGION, selector=of, name=m["region"].text("a region type"))
    if "turn" in m:
        return a.Condition(a.Test.TURN, name=m["turn"].choice(("you", "opponent", "first")))
    if "day" in m:
        return a.Condition(a.Test.DAY, compare=cmp, bound=bound)
    if "phase" in m:
        return a.Condition(a.Test.PHASE, name=m["phase"].ident("a phase name"))
    if "roll" in m:
        return a.Condition(a.Test.ROLL, compare=cmp, bound=bound)
    if "cards_played" in m:
        return a.Condition(a.Test.CARDS_PLAYED, compare=cmp, bound=bound)
    if "to_victory" in m:  # Riftbound 463.1, 480.3: points a player lacks to win
        if m["to_victory"].boolean() is not True:
            m["to_victory"].fail("true", got=False)
        return a.Condition(a.Test.TO_VICTORY, selector=of, compare=cmp, bound=bound)
    for key, test in (("done", a.Test.DONE), ("paid", a.Test.PAID)):
        if key in m:
            if m[key].boolean() is not True:
                m[key].fail("true", got=False)
            return a.Condition(test)
    if "expedition" in m:
        standing = m["expedition"].choice(("ahead", "behind", "tied"))
        return a.Condition(a.Test.EXPEDITION, selector=of, name=standing)
    node.fail(
        "a condition with one of: and, or, not, stat, count, counter, has, subtype, in, "
        "region, turn, day, phase, expedition, killed_with",
        got=False,
    )


def duration(node: Node) -> a.Duration:
    if isinstance(node.value, dict):
        m = node.mapping({"while"}, required=("while",))
        return a.Duration(a.Lasts.WHILE, condition(m["while"]))
    lasts = node.choice([x.value for x in a.Lasts if x not in (a.Lasts.WHILE,)])
    return a.Duration(a.Lasts(lasts))
