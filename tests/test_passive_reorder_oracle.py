"""An adversarial oracle for the re-evaluation of passives after events (A-PASS-1,
A-DEP-1, A-DEP-2, A-ORDER-1, A-TIME-1, A-GOLD-6).

One generator of boards using everything a passive may be (``passives.unsupported``):
selectors of every filter (all or self, kinds, side, other, here, zone, keywords,
subtypes), actions of every kind (power added or set, subtypes added, removed or set,
regions' types, keywords given or taken, every ability taken), conditions on the source
(its region's type, its subtype, its keyword, and / or / not, a count now and then),
sources that are characters or regions, equal and different timestamps, two players.
Then sequences of events of every kind (a character's subtypes, keywords, power, zone,
controller, region or timestamp; a source leaving play or coming back; a region's
terrain; several objects at once), each re-evaluated from the previous answer as a game
does. After each event ``passive_order.reorder`` and every fast layer called directly
where it answers (``local_update``, ``replay_update``, ``cone_update``) must equal a full
ordering of the new state: its order, the objects after passives, what each passive
applied to and which held.

The number of examples is ``ARBITER_ORACLE_EXAMPLES`` (300 by default: the suite stays
fast; thousands when hunting).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from arbiter.model import passive_order as dep
from arbiter.model import passives as pv
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_cone import cone_update
from arbiter.model.passive_events import local_update
from arbiter.model.passive_replay import replay_update
from arbiter.model.ruleset import RULESETS
from arbiter.model.state import GameObject, GameState
from arbiter.model.values.features import Feature
from tests.passive_strategies import comparable

EXAMPLES = int(os.environ.get("ARBITER_ORACLE_EXAMPLES", "300"))
PLAYERS = ("ana", "bo")
TYPES = ("Elemental",)  # few names: what one passive writes, another reads
TERRAINS = ("Forest", "Water")
NAMES = TYPES + TERRAINS  # a subtype a passive names: a creature type or a terrain
KEYWORDS = ("Gigantic", "Defender")
ZONES = ("play", "play", "play", "expedition", "expedition:hero", "reserve", "landmark")
CHARACTER = frozenset({"character"})
REGION = frozenset({"region"})

Layer = str
ANSWERED: list[Layer] = []  # the layers that answered in the last run (for statistics)
ACTIONS: tuple[str, ...] = ("power", "power", "add", "add", "remove", "set", "region")
ACTIONS += ("give", "give", "give", "give", "take", "lose_all")


def same(got: dep.Ordering, fresh: dep.Ordering, layer: Layer = "reorder") -> None:
    """``got`` gives what a full ordering gives, its state marked derived (A-PASS-1)."""
    assert got.order == fresh.order, layer
    assert got.state.derived and fresh.state.derived, layer
    assert comparable(got.state) == comparable(fresh.state), layer
    assert dict(got.applied_to) == dict(fresh.applied_to), layer
    assert got.held == fresh.held, layer
    assert dict(got.passives) == dict(fresh.passives), layer


def step(previous: dep.Ordering, old: GameState, new: GameState) -> dep.Ordering:
    """Re-evaluate ``new`` from ``previous`` (of ``old``) as a game does, and check every
    layer that answers against a full ordering; the game's answer is returned."""
    fresh = dep.order_passives(new)
    changed = [oid for oid, obj in new.objects.items() if obj is not old.objects[oid]]
    for layer, got in (
        ("local_update", local_update(previous, new, changed)),
        ("replay_update", replay_update(previous, old, new, changed)),
        ("cone_update", cone_update(previous, old, new, changed)),
    ):
        if got is not None:
            ANSWERED.append(layer)
            same(got, fresh, layer)
    got = dep.reorder(previous, old, new)
    same(got, fresh, "reorder")
    return got


# -- boards --------------------------------------------------------------------------------


FILTERS: tuple[str, ...] = ("kinds", "kinds", "side", "named", "subtypes", "has", "has")
FILTERS += ("other", "other", "here", "here", "here", "zone")


@st.composite
def selectors(draw: st.DrawFn, keywords: tuple[str, ...] = KEYWORDS) -> fx.Selector:
    """Self, or every object in play with zero to three filters."""
    if draw(st.integers(0, 4)) == 0:
        return fx.SELF
    filters = draw(st.lists(st.sampled_from(FILTERS), max_size=3))
    side, player = fx.Side.ANY, None
    if "side" in filters:
        side = draw(st.sampled_from([fx.Side.YOURS, fx.Side.ENEMY]))
    if "named" in filters:  # a player named ("the characters Bo controls")
        side, player = fx.Side.NAMED, draw(st.sampled_from(PLAYERS))
    return fx.Selector(
        fx.Pick.ALL,
        side=side,
        kinds=draw(st.sampled_from([CHARACTER, CHARACTER, REGION]))
        if "kinds" in filters
        else frozenset(),
        subtypes=frozenset({draw(st.sampled_from(NAMES))})
        if "subtypes" in filters
        else frozenset(),
        has=frozenset({draw(st.sampled_from(keywords))}) if "has" in filters else frozenset(),
        other="other" in filters,
        here="here" in filters,
        zone=draw(st.sampled_from(["expedition", "play"])) if "zone" in filters else None,
        name=player,
    )


@st.composite
def actions(
    draw: st.DrawFn, keywords: tuple[str, ...] = KEYWORDS
) -> tuple[fx.Action, fx.Amount | None]:
    k = draw(st.sampled_from(ACTIONS))
    if k == "power":
        op = draw(st.sampled_from([fx.StatOp.ADD, fx.StatOp.SET]))
        return fx.ModifyStat("power", op), fx.Const(draw(st.integers(-1, 3)))
    if k == "give":
        amount = fx.Const(1) if draw(st.integers(0, 4)) == 0 else None
        return fx.Give(fx.Grant.KEYWORD, draw(st.sampled_from(keywords))), amount
    if k == "take":
        return fx.Take(fx.Grant.KEYWORD, draw(st.sampled_from(keywords))), None
    if k == "lose_all":
        return fx.Take(fx.Grant.ABILITIES), None
    if k == "region":
        members = draw(st.frozensets(st.sampled_from(TERRAINS), min_size=1, max_size=2))
        return fx.ModifyStat(pv.REGION_TYPE, fx.StatOp.SET, members=members), None
    op = {"add": fx.StatOp.ADD, "remove": fx.StatOp.REMOVE, "set": fx.StatOp.SET}[k]
    members = draw(st.frozensets(st.sampled_from(NAMES), min_size=1, max_size=2))
    return fx.ModifyStat(pv.SUBTYPES, op, members=members), None


@st.composite
def simple_conditions(
    draw: st.DrawFn, counts: bool = True, keywords: tuple[str, ...] = KEYWORDS
) -> fx.Condition:
    k = draw(st.sampled_from(["region", "region", "subtype", "has", "count"]))
    if k == "region":
        return fx.Condition(fx.Test.REGION, name=draw(st.sampled_from(TERRAINS)))
    if k == "subtype":
        return fx.Condition(fx.Test.SUBTYPE, name=draw(st.sampled_from(NAMES)))
    if k == "has":
        return fx.Condition(fx.Test.HAS, name=draw(st.sampled_from(keywords)))
    if not counts or draw(st.integers(0, 2)):  # counts, rarely
        return fx.Condition(fx.Test.REGION, name=draw(st.sampled_from(TERRAINS)))
    counted = fx.Selector(
        fx.Pick.ALL,
        kinds=draw(st.sampled_from([frozenset(), CHARACTER])),
        side=draw(st.sampled_from([fx.Side.ANY, fx.Side.YOURS, fx.Side.ENEMY])),
        subtypes=draw(st.frozensets(st.sampled_from(TYPES), max_size=1)),
        has=draw(st.frozensets(st.sampled_from(keywords), max_size=1)),
        other=draw(st.booleans()),
        here=draw(st.integers(0, 3)) == 0,
    )
    return fx.Condition(
        fx.Test.COUNT,
        selector=counted,
        compare=draw(st.sampled_from([fx.Compare.AT_LEAST, fx.Compare.AT_MOST])),
        bound=draw(st.integers(1, 2)),
    )


@st.composite
def conditions(
    draw: st.DrawFn, counts: bool = True, keywords: tuple[str, ...] = KEYWORDS
) -> fx.Condition | None:
    k = draw(st.sampled_from([None, None, None, None, None, "one", "one", "and", "or", "not"]))
    if k is None:
        return None
    if k == "one":
        return draw(simple_conditions(counts, keywords))
    if k == "not":
        return fx.Condition(fx.Test.NOT, parts=(draw(simple_conditions(counts, keywords)),))
    test = fx.Test.AND if k == "and" else fx.Test.OR
    parts = (draw(simple_conditions(counts, keywords)), draw(simple_conditions(counts, keywords)))
    return fx.Condition(test, parts=parts)


def _features(names: frozenset[str]) -> dict[str, Feature]:
    return {k: Feature(k) for k in sorted(names)}


@st.composite
def boards(
    draw: st.DrawFn, most: int = 6, counts: bool = True, keywords: tuple[str, ...] = KEYWORDS
) -> GameState:
    """2–4 regions, 1–``most`` passives on characters (one each, while there are
    sources enough) or regions, 1–3 characters that are sources of nothing (with
    ``counts``, a count condition now and then; ``keywords``: those named)."""
    objects: dict[str, GameObject] = {}
    regions = [f"r{i}" for i in range(draw(st.integers(2, 4)))]
    for rid in regions:
        objects[rid] = GameObject(
            rid,
            draw(st.sampled_from(PLAYERS)),
            "region",
            zone=draw(st.sampled_from(["play", "adventure"])),
            base={"subtypes": draw(st.frozensets(st.sampled_from(TERRAINS), max_size=1))},
            timestamp=draw(st.integers(0, 3)),
        )
    n = draw(st.integers(1, most))  # passives
    sources = [f"s{i}" for i in range(draw(st.integers(1, n)))]
    characters = sources + [f"x{i}" for i in range(draw(st.integers(1, 3)))]
    for cid in characters:
        objects[cid] = GameObject(
            cid,
            draw(st.sampled_from(PLAYERS)),
            "character",
            zone=draw(st.sampled_from(ZONES)),
            base={
                "power": draw(st.integers(0, 3)),
                "subtypes": draw(st.frozensets(st.sampled_from(NAMES), max_size=2)),
            },
            features=_features(draw(st.frozensets(st.sampled_from(keywords)))),
            timestamp=draw(st.integers(1, 4)),
            region=draw(st.sampled_from(regions)),
        )
    for j in range(n):  # one source each while there are sources enough, or a region
        owner = sources[j] if j < len(sources) else draw(st.sampled_from(sources))
        if draw(st.integers(0, 5)) == 0:
            owner = draw(st.sampled_from(regions))
        action, amount = draw(actions(keywords))
        p = pv.passive(
            f"{owner}.p{j}",
            owner,
            action,
            draw(selectors(keywords)),
            amount,
            draw(conditions(counts, keywords)),
        )
        obj = objects[owner]
        objects[owner] = replace(obj, abilities=(*obj.abilities, p))
    return GameState(RULESETS["altered"], PLAYERS, objects)


# -- events --------------------------------------------------------------------------------

KINDS = (
    "subtypes",
    "keyword",
    "power",
    "zone",
    "controller",
    "region",
    "region",
    "timestamp",
    "leave",
    "terrain",
    "terrain",
)
EVENT = st.tuples(st.sampled_from(KINDS), st.integers(0, 50), st.integers(0, 50))
# one event changes one to three objects at once
EVENTS = st.lists(st.lists(EVENT, min_size=1, max_size=3), min_size=1, max_size=6)


def change(state: GameState, objects: dict[str, GameObject], what: str, pick: int, v: int) -> None:
    """One object of ``objects`` (the state's, being changed) changed in one way."""
    regions = sorted(o for o, obj in state.objects.items() if obj.kind == "region")
    if what == "terrain":
        rid = regions[pick % len(regions)]
        obj = objects[rid]
        terrain = frozenset() if v % 4 == 0 else frozenset({TERRAINS[v % 2]})
        objects[rid] = replace(obj, base={**obj.base, "subtypes": terrain})
        return
    if what == "leave":  # a source leaves play or comes back
        sources = sorted({p.source for o in state.objects.values() for p in pv.passives_of(o)})
        oid = sources[pick % len(sources)]
        obj = objects[oid]
        back = "adventure" if obj.kind == "region" else ZONES[v % 3]
        objects[oid] = replace(obj, zone="reserve" if pv.affected(obj) else back)
        return
    ids = sorted(objects)
    plain = [o for o in ids if objects[o].kind != "region" and not pv.passives_of(objects[o])]
    # half the time a character that is the source of nothing (the trial log follows it)
    oid = plain[pick % len(plain)] if plain and pick % 2 else ids[pick // 2 % len(ids)]
    obj = objects[oid]
    if what == "controller":
        objects[oid] = replace(obj, controller=PLAYERS[obj.controlled_by == PLAYERS[0]])
    elif what == "timestamp":
        objects[oid] = replace(obj, timestamp=v % 5)
    elif obj.kind == "region":  # the rest are a character's
        change(state, objects, "terrain", regions.index(oid), v)
    elif what == "subtypes":
        now = frozenset(n for i, n in enumerate(NAMES) if v >> i & 1)
        objects[oid] = replace(obj, base={**obj.base, "subtypes": now})
    elif what == "keyword":
        name = KEYWORDS[v % len(KEYWORDS)]
        feats = dict(obj.features)
        if name in feats:
            del feats[name]
        else:
            feats[name] = Feature(name)
        objects[oid] = replace(obj, features=feats)
    elif what == "power":
        objects[oid] = replace(obj, base={**obj.base, "power": v % 5})
    elif what == "zone":
        objects[oid] = replace(obj, zone=ZONES[v % len(ZONES)])
    else:  # region
        objects[oid] = replace(obj, region=regions[v % len(regions)])


def apply_event(state: GameState, changes: list[tuple[str, int, int]]) -> GameState:
    objects = dict(state.objects)
    for what, pick, v in changes:
        change(state, objects, what, pick, v)
    return replace(state, objects=objects)


def run(
    state: GameState,
    events: list[list[tuple[str, int, int]]],
    apply: Callable[[GameState, list[tuple[str, int, int]]], GameState] = apply_event,
) -> None:
    """Each event re-evaluated from the previous answer, every layer checked (``step``)."""
    previous, now = dep.order_passives(state), state
    for k, changes in enumerate(events):
        new = apply(now, changes)
        try:
            previous, now = step(previous, now, new), new
        except AssertionError as e:
            e.add_note(f"event {k} of {events}\nbefore:\n{describe(now)}\nafter:\n{describe(new)}")
            raise


def describe(state: GameState) -> str:
    """A board in short (for a failure's message)."""
    lines = []
    for oid, o in sorted(state.objects.items()):
        lines.append(
            f"  {oid} {o.kind} {o.zone} {o.controlled_by} t{o.timestamp} in {o.region}"
            f" {dict(o.base)} {sorted(o.features)}"
        )
        for p in pv.passives_of(o):
            lines.append(
                f"    {p.id}: {p.effect.selector} {p.effect.action} {p.effect.amount}"
                f" if {p.effect.condition}"
            )
    return "\n".join(lines)


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-DEP-2", "A-ORDER-1", "A-TIME-1", "A-GOLD-6")
@settings(max_examples=EXAMPLES, deadline=None)
@given(boards(), EVENTS)
def test_every_layer_re_evaluating_sequences_of_events_equals_a_full_ordering(
    state: GameState, events: list[list[tuple[str, int, int]]]
) -> None:
    ANSWERED.clear()
    run(state, events)
    for layer in sorted(set(ANSWERED)):
        event(f"{layer} answers")


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-DEP-2", "A-ORDER-1", "A-TIME-1", "EFF-EVAL")
@settings(max_examples=EXAMPLES, deadline=None)
@given(boards(8, counts=False, keywords=("Defender",)), EVENTS)
def test_with_one_keyword_and_no_count_every_layer_equals_a_full_ordering(
    state: GameState, events: list[list[tuple[str, int, int]]]
) -> None:
    """One keyword and no count (a count makes every fast layer refuse): what one passive
    gives, another reads, and the layers answer more often (this finds again the replay
    that compared objects without their region, 'here', when it is planted back)."""
    ANSWERED.clear()
    run(state, events)
    for layer in sorted(set(ANSWERED)):
        event(f"{layer} answers")


# -- the failures the oracle found, by hand ------------------------------------------------


def _board(objects: list[GameObject]) -> GameState:
    return GameState(RULESETS["altered"], PLAYERS, {o.id: o for o in objects})


def _with(state: GameState, obj: GameObject) -> GameState:
    return replace(state, objects={**state.objects, obj.id: obj})


def _region(rid: str, *terrains: str, controller: str = "ana") -> GameObject:
    return GameObject(rid, controller, "region", base={"subtypes": frozenset(terrains)})


def _character(cid: str, *ps: pv.Passive, controller: str = "ana") -> GameObject:
    return GameObject(
        cid, controller, "character", base={"power": 0}, abilities=ps, region="r0", timestamp=1
    )


def _checked(state: GameState, new: GameState, changed: list[str]) -> dep.Ordering:
    """Every layer where it answers, and ``reorder``, against a fresh ordering."""
    previous, fresh = dep.order_passives(state), dep.order_passives(new)
    for layer, got in (
        ("local_update", local_update(previous, new, changed)),
        ("replay_update", replay_update(previous, state, new, changed)),
        ("cone_update", cone_update(previous, state, new, changed)),
        ("reorder", dep.reorder(previous, state, new)),
    ):
        if got is not None:
            same(got, fresh, layer)
    return fresh


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "IMP-COUNT")
def test_a_region_turning_forest_flips_a_condition_that_also_counts_objects_here() -> None:
    """A passive "if I am in a Forest and another object is here, I get +1 power": the
    region becoming a Forest makes it hold. The trial log's replay read the condition from
    the source and its region alone, where the count found nothing, and kept it as not
    holding."""
    here_other = fx.Selector(fx.Pick.ALL, other=True, here=True)
    condition = fx.Condition(
        fx.Test.AND,
        parts=(
            fx.Condition(fx.Test.REGION, name="Forest"),
            fx.Condition(fx.Test.COUNT, selector=here_other, bound=1),
        ),
    )
    p = pv.passive("c0.p", "c0", fx.ModifyStat("power"), fx.SELF, fx.Const(1), condition)
    state = _board([_region("r0"), _character("c0", p), _character("c1")])
    fresh = _checked(state, _with(state, _region("r0", "Forest")), ["r0"])
    assert fresh.held == {"c0.p"}


@pytest.mark.rule("A-PASS-1", "A-ORDER-1", "IMP-COUNT")
def test_a_character_leaving_play_flips_a_count_of_a_region_passive() -> None:
    """A region that is an Elemental while its controller has a character in it: the
    one character leaving play makes the condition fail (the replay did not see it)."""
    yours_here = fx.Selector(fx.Pick.ALL, kinds=CHARACTER, side=fx.Side.YOURS, here=True)
    condition = fx.Condition(fx.Test.COUNT, selector=yours_here, bound=1)
    elemental = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Elemental"}))
    p = pv.passive("r0.p", "r0", elemental, fx.SELF, None, condition)
    region = replace(_region("r0", controller="bo"), abilities=(p,))
    own = pv.passive("c4.p", "c4", fx.ModifyStat("power"), fx.SELF, fx.Const(0))
    c4 = _character("c4", own, controller="bo")
    state = _board([region, c4, _character("c0")])
    fresh = _checked(state, _with(state, replace(c4, zone="reserve")), ["c4"])
    assert fresh.held == set()


def _gigantic_forests(kind: str) -> tuple[GameState, GameState]:
    """ "All objects gain Gigantic" on ``g`` (stamp 0, a character or a region), "I am a
    Forest" on ``s`` (stamp 2), "all Gigantic Forests get +1 power" on ``t`` (stamp 1); then
    ``g`` leaves play. Before, [t] waits for [s] (``s`` is Gigantic: becoming a Forest makes
    [t] select it, A-DEP-1b); after, ``s`` is not Gigantic, [t] depends on nothing and
    comes first by its stamp (A-ORDER-1)."""
    give = pv.passive("g.p", "g", fx.Give(fx.Grant.KEYWORD, "Gigantic"), pv.EVERYTHING)
    forest = fx.ModifyStat(pv.SUBTYPES, fx.StatOp.ADD, members=frozenset({"Forest"}))
    gigantic_forests = fx.Selector(
        fx.Pick.ALL, subtypes=frozenset({"Forest"}), has=frozenset({"Gigantic"})
    )
    plus = pv.passive("t.p", "t", fx.ModifyStat("power"), gigantic_forests, fx.Const(1))
    g = GameObject("g", "ana", kind, base={"power": 0}, abilities=(give,))
    if kind != "region":
        g = replace(g, region="r0")
    state = _board(
        [
            _region("r0"),
            g,
            replace(_character("s", pv.passive("s.p", "s", forest, fx.SELF)), timestamp=2),
            _character("t", plus),
        ]
    )
    return state, _with(state, replace(g, zone="reserve"))


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1")
def test_the_cone_drops_a_dependency_made_through_what_a_source_leaving_play_gave() -> None:
    """[t] reads two names, one given by the passive that stops: the cone keeps the log's
    dependency unless [t] joins it (failed before the cone's fix in c67167f)."""
    state, new = _gigantic_forests("character")
    previous, fresh = dep.order_passives(state), dep.order_passives(new)
    assert previous.order == ("g.p", "s.p", "t.p") and fresh.order == ("t.p", "s.p")
    got = cone_update(previous, state, new, ["g"])
    assert got is None or got.order == fresh.order


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1")
def test_a_character_source_leaving_play_reorders_as_a_fresh_ordering() -> None:
    state, new = _gigantic_forests("character")
    same(dep.reorder(dep.order_passives(state), state, new), dep.order_passives(new))


@pytest.mark.rule("A-PASS-1", "A-DEP-1", "A-ORDER-1", "A-PASS-4")
def test_a_region_source_leaving_play_reorders_as_a_fresh_ordering() -> None:
    """Only a region changed: ``reorder`` asks the cone first (failed before c67167f)."""
    state, new = _gigantic_forests("region")
    same(dep.reorder(dep.order_passives(state), state, new), dep.order_passives(new))
