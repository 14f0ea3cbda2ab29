"""Replacement effects (RULES.md §9, Berserk 531) as data, and the pure pipeline.

A replacement waits for an event (a pattern: kind, affected object, source,
amount) and does something else instead: other events, or nothing ("takes no
wounds from X", "takes wounds only from X"). The pipeline sits between the
computation of an action's events (modifiers, prevention: R-2) and their
carrying-out: ``begin`` → decisions (``point`` / ``take``) → ``finish``.

- R-2: only events about to be carried out are replaced; an amount of 0 is no event.
- R-3: a replaced event is not done: it is reported as ``replaced`` and never carried out.
- R-4: a replacement applies at most once per game action, descendants included:
  the action's lineage records every application.
- R-5: the chooser is the player whose replacements could apply to the action, or
  the active player when both players' could.
- R-6: an event made by a replacement is proposed like any other (lineage grows).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace

from arbiter.model.ability_zones import in_play_in
from arbiter.model.choicepoints import ChoicePoint, Option
from arbiter.model.damage.actions import GameAction, Link, ProposedEvent, carry_out
from arbiter.model.effects import algebra as fx
from arbiter.model.passive_order import after_passives
from arbiter.model.ruleset import ReplacementChooser, ReplacementReach
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState
from arbiter.model.trace import RuleStep
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import SetReading

SIDES = tuple(s.value for s in (fx.Side.ANY, fx.Side.YOURS, fx.Side.ENEMY))

# Which objects an event is about or comes from: selectors of the card language, any one
# of which may match (one per object id named: pick SELF for the replacement's source,
# NAMED for an id; else one of pick ALL). Their filters: ``side`` relative to the
# replacement's controller ("in your squad": yours), ``kinds``, and ``has``: names every
# one of which is in a set characteristic or a feature of the object ("a dark hero-mage":
# ``has: [dark, hero-mage]``, Berserk 531).
Among = tuple[fx.Selector, ...]
ANY_OBJECT: Among = (fx.Selector(fx.Pick.ALL),)


def among(
    ids: frozenset[str] = frozenset(),
    side: fx.Side = fx.Side.ANY,
    kinds: frozenset[str] = frozenset(),
    has: frozenset[str] = frozenset(),
) -> Among:
    """The objects named by ``ids`` (``self``: the replacement's source; none: every
    object) that pass the filters."""
    if not ids:
        return (fx.Selector(fx.Pick.ALL, side=side, kinds=kinds, has=has),)
    return tuple(
        fx.Selector(
            fx.Pick.SELF if i == "self" else fx.Pick.NAMED,
            side=side,
            kinds=kinds,
            has=has,
            name=None if i == "self" else i,
        )
        for i in sorted(ids)
    )


def ids_of(sel: Among, me: str) -> frozenset[str] | None:
    """The objects ``sel`` can name by id (``me``: the source), or None when it is not
    restricted to ids."""
    if any(s.pick is fx.Pick.ALL for s in sel):
        return None
    return frozenset(me if s.pick is fx.Pick.SELF else str(s.name) for s in sel)


def filters(sel: Among) -> fx.Selector:
    """The filters of ``sel`` (``among`` gives each of its selectors the same)."""
    return sel[0]


def selects(sel: Among, obj: GameObject | None, oid: str, me: str, controller: str) -> bool:
    """Whether one of ``sel`` selects the object ``oid`` (``obj``; None for a source that
    is not an object, which only an id names) for a replacement of ``me`` controlled by
    ``controller``."""
    return any(_one(s, obj, oid, me, controller) for s in sel)


def _one(s: fx.Selector, obj: GameObject | None, oid: str, me: str, controller: str) -> bool:
    if (s.pick is fx.Pick.SELF and oid != me) or (s.pick is fx.Pick.NAMED and oid != s.name):
        return False
    if obj is None:  # a source that is not an object: only ids can name it
        return s.side is fx.Side.ANY and not s.kinds and not s.has
    if s.side is fx.Side.YOURS and obj.controlled_by != controller:
        return False
    if s.side is fx.Side.ENEMY and obj.controlled_by == controller:
        return False
    if s.kinds and obj.kind not in s.kinds:
        return False
    return not s.has or s.has <= names_of(obj)


def names_of(obj: GameObject) -> frozenset[str]:
    """The names an object has: members of its set characteristics, and its features."""
    names = set(obj.features)
    for stat in obj.base:
        r = ch.read(obj, stat)
        if isinstance(r, SetReading):
            names |= r.members
    return frozenset(names)


@dataclass(frozen=True, slots=True)
class Pattern:
    """The event a replacement waits for (R-1)."""

    kinds: frozenset[str]
    affected: Among = ANY_OBJECT
    source: Among | None = None  # "takes no wounds from X": the source must match
    source_except: Among | None = None  # "takes wounds only from X": must not match
    amount_min: int = 1
    amount_max: int | None = None


@dataclass(frozen=True, slots=True)
class Template:
    """One event made instead. ``target``: ``same`` (the replaced event's object), ``self``
    (the replacement's source), an object id, or ``choose`` (any object ``choose`` selects,
    picked by the replacement's controller). ``amount``: ``None`` for the same amount
    ("for X"), else a number; ``add`` is added. ``source``: ``same``, ``self`` or an id."""

    kind: str | None = None
    target: str = "same"
    choose: Among | None = None
    amount: int | None = None
    add: int = 0
    source: str = "same"
    # ``add`` is a pool spent over every event the replacement replaces in one action
    # (a Prevent Value, Riftbound 437.3: it goes down by what it prevented)
    pool: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Replacement(Ability):
    """``[pattern], instead [instead]`` (R-1); ``instead == ()`` means nothing happens."""

    pattern: Pattern
    instead: tuple[Template, ...] = ()
    optional: bool = False  # "may"
    controller: str = ""  # default: the controller of the source object
    text: str = ""


def replacements_in_play(state: GameState) -> tuple[Replacement, ...]:
    """Every replacement whose source is in play (like P-6), oldest first."""
    found = [
        a
        for o in state.objects.values()
        if in_play_in(state, o.zone)
        for a in o.abilities
        if isinstance(a, Replacement)
    ]
    return tuple(sorted(found, key=lambda r: (r.timestamp, r.id)))


def controller_of(r: Replacement, state: GameState) -> str:
    if r.controller:
        return r.controller
    src = state.objects.get(r.source)
    return src.controlled_by if src is not None else state.active_player


def matches(r: Replacement, e: ProposedEvent, state: GameState) -> bool:
    """Does ``r`` wait for ``e``? (R-1; whether it was used already is R-4's business.)"""
    p, me, who = r.pattern, r.source, controller_of(r, state)
    if e.kind not in p.kinds or e.amount < p.amount_min:
        return False
    if p.amount_max is not None and e.amount > p.amount_max:
        return False
    state = after_passives(state)  # A-PASS-1: names (subtypes, features) after passives
    if not selects(p.affected, state.objects.get(e.target), e.target, me, who):
        return False
    src = state.objects.get(e.source)
    if p.source is not None and not selects(p.source, src, e.source, me, who):
        return False
    return not (p.source_except is not None and selects(p.source_except, src, e.source, me, who))


def target_options(r: Replacement, e: ProposedEvent, state: GameState) -> list[tuple[str, ...]]:
    """Every legal choice of targets for ``r``'s events made instead of ``e``."""
    per_template: list[list[str]] = []
    who = controller_of(r, state)
    state = after_passives(state)  # A-PASS-1
    for t in r.instead:
        if t.target == "same":
            per_template.append([e.target])
        elif t.target == "self":
            per_template.append([r.source])
        elif t.target == "choose":
            sel = t.choose or ANY_OBJECT
            per_template.append(
                sorted(
                    oid
                    for oid, o in state.objects.items()
                    if in_play_in(state, o.zone) and selects(sel, o, oid, r.source, who)
                )
            )
        else:
            per_template.append([t.target] if t.target in state.objects else [])
    return [tuple(c) for c in itertools.product(*per_template)]


def made_instead(
    r: Replacement, e: ProposedEvent, targets: tuple[str, ...]
) -> tuple[ProposedEvent, ...]:
    """The events ``r`` makes instead of ``e`` (R-1), with their lineage (R-6)."""
    out = []
    for i, (t, target) in enumerate(zip(r.instead, targets, strict=True)):
        amount = (e.amount if t.amount is None else t.amount) + t.add
        source = e.source if t.source == "same" else r.source if t.source == "self" else t.source
        why = RuleStep("R-1", f"{r.id}: instead of '{e.describe()}'")
        chain = (*e.chain, Link(r.id, i, target if t.target == "choose" else ""))
        links = (RuleStep("R-6", f"made by {' then '.join(x.by for x in chain)}"),)
        out.append(
            ProposedEvent(t.kind or e.kind, target, amount, source, e.root, chain, (why, *links))
        )
    return tuple(out)


# -- the process of one game action ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Applied:
    """A replacement applied to an event (or declined, when ``made`` is None)."""

    by: str
    event: ProposedEvent | None
    targets: tuple[str, ...]
    made: tuple[ProposedEvent, ...] | None
    chooser: str
    declined_on: tuple[ProposedEvent, ...] = ()


@dataclass(frozen=True, slots=True)
class Candidate:
    event: ProposedEvent
    replacement: Replacement
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReplacementRun:
    """Where one action stands: events still proposed, replacements used (R-4), declines."""

    action: GameAction
    state: GameState
    active: tuple[Replacement, ...]
    pending: tuple[ProposedEvent, ...]
    used: frozenset[str] = frozenset()
    declined: frozenset[tuple[Hashable, str]] = frozenset()
    log: tuple[Applied, ...] = ()
    # memo of the pure function (replacement, event) -> target picks; shared by the runs
    # of one action (the state does not change while its events are replaced)
    cache: dict[tuple[str, str, str, int, str], list[tuple[str, ...]]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    # memo of candidates() per run key (pending events, used, declined), shared likewise
    found: dict[Hashable, list[Candidate]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def key(self) -> Hashable:
        return (tuple(e.node for e in self.pending), self.used, self.declined)


def start_run(
    action: GameAction, state: GameState, extra: tuple[Replacement, ...] = ()
) -> ReplacementRun:
    """R-2: the action's events, after modifiers and prevention; a 0 is no event.
    ``extra``: replacements that are not abilities in play (prevention shields under
    Decision D-PREV-REPL), ordered with the others by timestamp."""
    events = tuple(e for e in action.events if e.amount > 0)
    found = (*replacements_in_play(state), *extra)
    active = tuple(sorted(found, key=lambda r: (r.timestamp, r.id)))
    run = ReplacementRun(action, state, active, _sorted(events))
    return settle(run)


def _sorted(events: tuple[ProposedEvent, ...]) -> tuple[ProposedEvent, ...]:
    return tuple(sorted(events, key=lambda e: (e.root, [(x.by, x.part, x.pick) for x in e.chain])))


def candidates(run: ReplacementRun) -> list[Candidate]:
    """Every (event, replacement, targets) that could apply now, in canonical order."""
    k = run.key()
    out = run.found.get(k)
    if out is None:
        out = []
        for e in run.pending:
            for r in run.active:
                if r.id in run.used or (e.node, r.id) in run.declined:
                    continue
                out.extend(Candidate(e, r, t) for t in picks(run, r, e))
        run.found[k] = out
    return out


def picks(run: ReplacementRun, r: Replacement, e: ProposedEvent) -> list[tuple[str, ...]]:
    """The legal target picks of ``r`` on ``e`` (none when it does not wait for ``e``)."""
    k = (r.id, e.kind, e.target, e.amount, e.source)
    found = run.cache.get(k)
    if found is None:
        found = target_options(r, e, run.state) if matches(r, e, run.state) else []
        run.cache[k] = found
    return found


def chooser_of(run: ReplacementRun, cands: list[Candidate]) -> str:
    """R-5: the player whose replacements could apply, or the active player when both.
    Under ``replacement_chooser: affected-owner`` (Riftbound 372): the owner of the object
    the first event acts on; a player acted on decides for themselves (372.1); the turn
    player for an uncontrolled battlefield (372.2)."""
    if run.state.ruleset.replacement_chooser is ReplacementChooser.AFFECTED_OWNER:
        target = cands[0].event.target
        obj = run.state.objects.get(target)
        if obj is not None and obj.kind == "battlefield" and not obj.controller:
            return run.state.active_player  # 372.2: an uncontrolled battlefield
        if obj is not None:
            return obj.owner
        return target if target in run.state.players else run.state.active_player
    players = {controller_of(c.replacement, run.state) for c in cands}
    return players.pop() if len(players) == 1 else run.state.active_player


def chooser_rule(state: GameState) -> str:
    if state.ruleset.replacement_chooser is ReplacementChooser.AFFECTED_OWNER:
        return "Riftbound 372"
    return "R-5"


def one_sequence(state: GameState) -> bool:
    return state.ruleset.replacement_reach is ReplacementReach.ONE_SEQUENCE


def _chosen(r: Replacement, targets: tuple[str, ...]) -> str:
    """The targets a player picked (``choose`` templates only), as text."""
    picked = [t for tpl, t in zip(r.instead, targets, strict=True) if tpl.target == "choose"]
    return f" -> {','.join(picked)}" if picked else ""


def apply_option(run: ReplacementRun, c: Candidate) -> Option:
    """The option that applies ``c`` (its ``data`` is what a ``choices:`` entry says)."""
    label = c.event.label(run.action.id)
    data: list[tuple[str, JSON]] = [("apply", c.replacement.id), ("event", label)]
    into = _chosen(c.replacement, c.targets)
    if into:
        picked = into[4:].split(",")
        data.append(("target", picked[0] if len(picked) == 1 else picked))
    key = f"apply {c.replacement.id} to {label} ({c.event.describe()}){into}"
    return Option(key, tuple(data))


def tag(r: Replacement, root: int, targets: tuple[str, ...]) -> str:
    """What is chosen, whatever the order: ``r`` applied to a descendant of event ``root``
    of the action (with the targets picked)."""
    return f"{r.id}@{root}{_chosen(r, targets)}"


def tags(run: ReplacementRun) -> frozenset[str]:
    """Which replacement applied to which event of the action (with picked targets)."""
    by_id = {r.id: r for r in run.active}
    return frozenset(
        tag(by_id[a.by], a.event.root, a.targets) for a in run.log if a.event is not None
    )


def options_of(run: ReplacementRun, cands: list[Candidate]) -> tuple[Option, ...]:
    applies = [apply_option(run, c) for c in cands]
    optional = dict.fromkeys(c.replacement.id for c in cands if c.replacement.optional)
    declines = [Option(f"decline {rid}", (("decline", rid),)) for rid in optional]
    return (*applies, *declines)


def point(run: ReplacementRun) -> ChoicePoint | None:
    """The next decision (R-5), or None when no replacement can apply any more."""
    cands = candidates(run)
    if not cands:
        return None
    who = chooser_of(run, cands)
    owners = sorted({controller_of(c.replacement, run.state) for c in cands})
    rule = chooser_rule(run.state)
    if rule != "R-5":
        why = f"{who} owns what the event acts on: {who} orders the replacements"
    elif len(owners) > 1:
        why = "both players' replacements could apply: the active player chooses"
    else:
        why = f"only {who}'s replacements could apply: {who} chooses"
    return ChoicePoint(who, rule, options_of(run, cands), (RuleStep(rule, why),))


def take(run: ReplacementRun, option: Option) -> ReplacementRun:
    """Apply or decline as ``option`` says, then apply what is forced (pure)."""
    return settle(_take(run, option))


def _take(run: ReplacementRun, option: Option) -> ReplacementRun:
    cands = candidates(run)
    who = chooser_of(run, cands) if cands else run.state.active_player
    data = dict(option.data)
    if "decline" in data:
        rid = str(data["decline"])
        on = tuple(c.event for c in cands if c.replacement.id == rid)
        declined = run.declined | {(e.node, rid) for e in on}
        entry = Applied(rid, None, (), None, who, on)
        return replace(run, declined=declined, log=(*run.log, entry))
    wanted, label = data.get("apply"), data.get("event")
    for c in cands:  # cheap filters first; the key decides
        if c.replacement.id != wanted or c.event.label(run.action.id) != label:
            continue
        if apply_option(run, c).key == option.key:
            return _apply(run, c, who)
    raise ValueError(f"not an option here: {option.key}")


def _apply(run: ReplacementRun, c: Candidate, who: str) -> ReplacementRun:
    """Apply ``c``; under ``replacement_reach: one-sequence`` (Riftbound 373.2) the same
    replacement goes on, in the same sequence, to every other event of the action it
    waits for (not to those it made or that came from it: 370.2), then never again."""
    run = _apply_one(run, c, who)
    if not one_sequence(run.state):
        return run
    r = c.replacement
    for e in tuple(run.pending):
        if any(x.by == r.id for x in e.chain) or e.node == c.event.node:
            continue
        found = picks(run, r, e)
        if found:
            pick = c.targets if c.targets in found else found[0]
            run = _apply_one(run, Candidate(e, r, pick), who)
    return run


def _apply_one(run: ReplacementRun, c: Candidate, who: str) -> ReplacementRun:
    made = made_instead(_pooled(run, c.replacement), c.event, c.targets)
    kept = tuple(e for e in made if e.amount > 0)
    pending = _sorted((*(e for e in run.pending if e.node != c.event.node), *kept))
    entry = Applied(c.replacement.id, c.event, c.targets, made, who)
    return replace(run, pending=pending, used=run.used | {c.replacement.id}, log=(*run.log, entry))


def _pooled(run: ReplacementRun, r: Replacement) -> Replacement:
    """``r`` with each pooled reduction (``Template.pool``) lessened by what its earlier
    applications in this action already took (Riftbound 437.3)."""
    if not any(t.pool for t in r.instead):
        return r
    taken = 0
    for a in run.log:
        if a.by == r.id and a.event is not None and a.made:
            taken += a.event.amount - max(0, a.made[0].amount)
    if not taken:
        return r
    instead = tuple(replace(t, add=min(0, t.add + taken)) if t.pool else t for t in r.instead)
    return replace(r, instead=instead)


def settle(run: ReplacementRun) -> ReplacementRun:
    """Apply a replacement that is the only thing that can happen (no real choice)."""
    while True:
        cands = candidates(run)
        if len(cands) != 1 or cands[0].replacement.optional:
            return run
        run = _apply(run, cands[0], "forced")


Carry = Callable[[GameState, str, tuple[ProposedEvent, ...]], GameState]


@dataclass(frozen=True, slots=True)
class Replaced:
    """What replacement made of one game action: the events to carry out (each with its
    lineage and the rule steps that explain it), the state with the ``replaced`` and
    ``declined`` events reported (nothing carried out yet), and the log of applications."""

    carry: tuple[ProposedEvent, ...]
    reported: GameState
    log: tuple[Applied, ...]


def result(run: ReplacementRun) -> Replaced:
    """The end of a finished run, not yet carried out (R-3: replaced events are left out)."""
    state = run.state
    aid = run.action.id
    for a in run.log:
        state = state.with_event(_log_event(a, aid, run))
    final: list[ProposedEvent] = []
    for e in run.pending:
        blocked = [
            RuleStep("R-4", f"{r.id} already applied to action {aid}: not again")
            for r in run.active
            if r.id in run.used and matches(r, e, run.state)
        ]
        final.append(replace(e, because=(*e.because, *blocked)))
    return Replaced(tuple(final), state, run.log)


def apply_replacements(action: GameAction, state: GameState) -> Replaced:
    """The pure pipeline between computing an action's events (modifiers, prevention) and
    carrying them out: every replacement per R-1..R-6, each decision by its default
    (Decision R-DEFAULT). Steps with decisions left to a file or a search use
    ``start_run`` / ``point`` / ``take`` / ``result`` instead."""
    run = start_run(action, state)
    while (p := point(run)) is not None:
        run = take(run, p.options[0])
    return result(run)


def finish(run: ReplacementRun, carry: Carry = carry_out) -> GameState:
    """Report what was replaced (R-3) and declined, then carry out what is left with
    ``carry`` (wounds and lives as counters by default; the damage area passes its own)."""
    done = result(run)
    return carry(done.reported, run.action.id, done.carry)


def _log_event(a: Applied, aid: str, run: ReplacementRun) -> Event:
    r = next(x for x in run.active if x.id == a.by)
    head: list[tuple[str, JSON]] = [("action", aid), ("by", a.by), ("chooser", a.chooser)]
    if a.made is None:
        labels = [e.label(aid) for e in a.declined_on]
        note = RuleStep("R-1", f"{r.id} is optional ('may'): {a.chooser} does not use it")
        return Event("declined", (*head, ("events", labels)), ("R-1",), (note,))
    e = a.event
    assert e is not None
    rules = ["R-1", "R-3", "Riftbound 373.2" if one_sequence(run.state) else "R-4"]
    if a.chooser != "forced":
        rules.append(chooser_rule(run.state))
    if e.chain:
        rules.append("R-6")
    made = [m.label(aid) for m in a.made]
    what = ", ".join(m.describe() for m in a.made if m.amount > 0) or "nothing"
    because = (
        RuleStep("R-1", f"{r.id} replaces '{e.describe()}' with: {what}"),
        RuleStep("R-3", f"'{e.describe()}' is not done and triggers nothing"),
        RuleStep("R-4", f"{r.id} is used for action {aid}"),
    )
    fields = (
        ("replaced", e.kind),
        *e.fields(aid),
        ("by", a.by),
        ("chooser", a.chooser),
        ("instead", made),
    )
    return Event("replaced", fields, tuple(rules), because)
