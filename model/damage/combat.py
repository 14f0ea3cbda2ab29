"""Combat damage assignment as plain data (Riftbound 1.3: 437.5, 460.2.c, 815, 826).

One side assigns its summed Might (460.2.a/b) among the other side's units. This
module states such an assignment problem (``AssignmentProblem``), decides whether a
given assignment is legal (``check``, raising ``IllegalAction`` with the article it
breaks) and scores it (``score``). The CP-SAT model, the exact algorithm and the
brute-force twin live in ``solver/damage/combat_*.py``; reading the problem from a game
state lives in ``model/damage/combat_state.py``.

The rules as the checker applies them (docs/rules.md, section 11):

- an *ordinary* unit has a lethal threshold: what it must be assigned to be
  destroyed (its Might in combat minus the damage it has, at least 1, plus the
  Prevent Value on it, 437.5.a); an *exempt* unit has none: it cannot be dealt
  damage (460.2.c.9) or prevents "All" (437.5.b, Decision CMB-EXEMPT);
- 460.2.c.3: at most one ordinary unit is assigned damage short of its lethal
  threshold; 460.2.c.4: no ordinary unit gets more than lethal while another one
  is short of it; once every ordinary unit has lethal, the rest goes to any unit
  (Decision CMB-EXCESS); exempt units may be assigned any amount (460.2.c.9);
- priorities (460.2.c.5/6, 815.1.c.2, 826.4.b): a unit demanding to be first (Tank)
  has lethal before a unit without that demand is assigned anything; a unit
  demanding to be last (Backline) is assigned nothing before every unit without
  that demand has lethal; a unit demanding both is put first or last, chosen by
  the assigner unit by unit (460.2.c.7/8).

Given the lethal set F and the partial unit p, an assignment is orderable exactly
when some choice of ranks r (first 0, none 1, last 2) gives
``min r(not lethal) >= max r(assigned)``: the order is F, then p, then the rest,
ties in any order (460.2.c.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from arbiter.model.damage import scoring
from arbiter.model.errors import IllegalAction, InternalError
from arbiter.model.trace import RuleStep, Trace

ASSIGN = "Riftbound 460.2.c"  # the whole summed Might, among the other side's units
FULL_LETHAL = "Riftbound 460.2.c.3"
NO_MORE_THAN_LETHAL = "Riftbound 460.2.c.4"
PRIORITY = "Riftbound 460.2.c.5"
EXCLUSIVE = "Riftbound 460.2.c.7"
TANK = "Riftbound 815.1.c.2"
BACKLINE = "Riftbound 826.4.b"
CANNOT_BE_DEALT = "Riftbound 460.2.c.9"
PREVENT_ALL = "Riftbound 437.5.b"
PREVENT_LETHAL = "Riftbound 437.5.a"

FIRST, NONE, LAST = 0, 1, 2  # ranks: Tank first, no demand, Backline last


class Objective(Enum):
    """What an open assignment optimises (as ``arbiter damage``)."""

    KILLS = "kills"
    DAMAGE = "damage"
    VALUE = "value"


# The lexicographic criteria of each objective (``scoring.STAGES``, as a damage split's):
# a leading "-" is minimised by the assigner who maximises; then the canonical order.
STAGES: dict[Objective, tuple[str, ...]] = {o: scoring.STAGES[o.value] for o in Objective}


@dataclass(frozen=True, slots=True)
class Receiver:
    """A unit of the side that is assigned damage.

    ``lethal``: what destroys it (437.5.a), None when nothing is lethal (exempt);
    ``first`` / ``last``: the article of its demand to be assigned first (Tank:
    815.1.c.2) or last (Backline: 826.4.b), None when it has none; ``prevent``: the
    Prevent Value on it (what assigned damage loses before it is dealt);
    ``exempt``: the article that exempts it (460.2.c.9, 437.5.b); ``weight``: its value.
    """

    id: str
    lethal: int | None
    first: str | None = None
    last: str | None = None
    prevent: int = 0
    exempt: str | None = None
    weight: int = 1

    def __post_init__(self) -> None:
        if self.lethal is not None and self.lethal < self.prevent + 1:
            raise InternalError(
                f"{self.id}: a lethal threshold counts the Prevent Value (437.5.a) and "
                f"non-zero damage: at least {self.prevent + 1}, got {self.lethal}"
            )
        if (self.lethal is None) != (self.exempt is not None):
            raise InternalError(f"{self.id}: exactly the exempt units have no lethal threshold")

    @property
    def ordinary(self) -> bool:
        return self.lethal is not None

    @property
    def dual(self) -> bool:
        """460.2.c.7: two exclusive demands; the assigner picks one."""
        return self.first is not None and self.last is not None

    @property
    def rank(self) -> int | None:
        """The fixed rank, None for a unit whose rank the assigner chooses."""
        if self.dual:
            return None
        return FIRST if self.first else LAST if self.last else NONE


@dataclass(frozen=True, slots=True)
class AssignmentProblem:
    """Assign ``total`` among ``receivers`` (sorted by id: the canonical order)."""

    total: int
    receivers: tuple[Receiver, ...]
    objective: Objective = Objective.KILLS
    maximise: bool = True

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.receivers)

    @property
    def ordinary(self) -> tuple[Receiver, ...]:
        return tuple(r for r in self.receivers if r.lethal is not None)

    @property
    def exempt(self) -> tuple[Receiver, ...]:
        return tuple(r for r in self.receivers if r.lethal is None)

    def receiver(self, rid: str) -> Receiver:
        for r in self.receivers:
            if r.id == rid:
                return r
        raise KeyError(rid)


# -- legality --------------------------------------------------------------------------


def _need(r: Receiver) -> int:
    assert r.lethal is not None
    return r.lethal


def order_violation(
    units: Iterable[Receiver], lethal: frozenset[str], partial: str | None
) -> str | None:
    """The article an assignment breaks by its order, or None when it can be ordered.

    ``lethal``: the ordinary units assigned exactly lethal; ``partial``: the one assigned
    less (but some); every other unit of ``units`` (ordinary) is assigned nothing.
    Dual units among the lethal ones go first and those assigned nothing go last (both
    always possible); only a dual partial unit has a real choice (460.2.c.7/8).
    """
    pool = tuple(units)

    def rank(r: Receiver, dual_partial: int) -> int:
        if r.rank is not None:
            return r.rank
        if r.id in lethal:
            return FIRST
        return dual_partial if r.id == partial else LAST

    def breach(dual_partial: int, with_partial: bool) -> tuple[Receiver, Receiver] | None:
        """The unit short of lethal ranked lowest and the assigned unit ranked highest,
        when the first is ranked before the second (nothing can order them)."""
        given = [r for r in pool if r.id in lethal or (with_partial and r.id == partial)]
        short = [r for r in pool if r.id not in lethal and (with_partial or r.id != partial)]
        if not given or not short:
            return None
        hi = max(given, key=lambda r: rank(r, dual_partial))
        lo = min(short, key=lambda r: rank(r, dual_partial))
        return (lo, hi) if rank(lo, dual_partial) < rank(hi, dual_partial) else None

    base = breach(LAST, False)  # the lethal units against the units assigned nothing
    if base is not None:
        return _article(base)
    if partial is None:
        return None
    p = next(r for r in pool if r.id == partial)
    options = (FIRST, LAST) if p.dual else (NONE,)
    pairs = [breach(c, True) for c in options]
    if any(pair is None for pair in pairs):
        return None
    if p.dual:
        return EXCLUSIVE
    found = pairs[0]
    assert found is not None
    return _article(found)


def _article(pair: tuple[Receiver, Receiver]) -> str:
    lo, hi = pair
    if lo.first is not None and not lo.dual:
        return lo.first  # a unit demanding to be first is short of lethal
    if hi.last is not None and not hi.dual:
        return hi.last  # a unit demanding to be last is assigned too early
    return lo.first or hi.last or PRIORITY


def check(problem: AssignmentProblem, assignment: Mapping[str, int]) -> Trace:
    """Is ``assignment`` legal? Its explanation, or ``IllegalAction`` with the article."""
    ids = set(problem.ids)
    stray = sorted(k for k in assignment if k not in ids)
    if stray:
        raise IllegalAction(
            ASSIGN,
            f"{', '.join(stray)} is not a unit of the other side: damage is assigned "
            "among the other side's units",
        )
    negative = sorted(k for k, v in assignment.items() if v < 0)
    if negative:
        raise IllegalAction(ASSIGN, f"{', '.join(negative)} is assigned a negative amount")
    given = sum(assignment.values())
    if given != problem.total:
        raise IllegalAction(
            ASSIGN, f"the assignment gives {given}; the summed Might to assign is {problem.total}"
        )
    why: list[RuleStep] = [RuleStep(ASSIGN, f"{problem.total} assigned")]
    ordinary = problem.ordinary
    a = {r.id: assignment.get(r.id, 0) for r in problem.receivers}
    short = [r for r in ordinary if 0 < a[r.id] < _need(r)]
    if len(short) > 1:
        names = ", ".join(f"{r.id} ({a[r.id]} of {_need(r)})" for r in short)
        raise IllegalAction(
            FULL_LETHAL, f"{names}: a unit must be assigned lethal in full before another unit"
        )
    below = [r for r in ordinary if a[r.id] < _need(r)]
    over = [r for r in ordinary if a[r.id] > _need(r)]
    if over and below:
        raise IllegalAction(
            NO_MORE_THAN_LETHAL,
            f"{over[0].id} is assigned {a[over[0].id]}, more than its lethal {_need(over[0])}, "
            f"while {below[0].id} has not been assigned lethal",
        )
    if below:
        lethal = frozenset(r.id for r in ordinary if a[r.id] == _need(r))
        partial = short[0].id if short else None
        article = order_violation(ordinary, lethal, partial)
        if article is not None:
            raise IllegalAction(article, _order_message(article, problem, a, lethal))
        if any(r.first or r.last for r in ordinary):
            why.append(RuleStep(PRIORITY, "the order obeys every demand (Tank, Backline)"))
    else:
        why.append(RuleStep("CMB-EXCESS", "every unit has lethal: the rest goes to any unit"))
    for r in problem.exempt:
        why.append(RuleStep(r.exempt or CANNOT_BE_DEALT, f"{r.id}: no amount is lethal"))
    return tuple(why)


def _order_message(
    article: str, problem: AssignmentProblem, a: Mapping[str, int], lethal: frozenset[str]
) -> str:
    short = [r.id for r in problem.ordinary if r.id not in lethal]
    given = [r.id for r in problem.ordinary if a[r.id] > 0]
    text = {
        TANK: "a unit with Tank must be assigned lethal before any unit without Tank",
        BACKLINE: "a unit with Backline is assigned damage only after every unit without it "
        "has lethal",
        EXCLUSIVE: "a unit with two exclusive demands is assigned first or last, never between",
        PRIORITY: "demands to be assigned first or last are obeyed",
    }.get(article, "demands to be assigned first or last are obeyed")
    return f"{text} (assigned: {', '.join(given)}; short of lethal: {', '.join(short)})"


# -- scoring ---------------------------------------------------------------------------


Score = scoring.Score  # what an assignment achieves once dealt (460.2.d)


def score(problem: AssignmentProblem, assignment: Mapping[str, int]) -> Score:
    """An exempt unit is dealt nothing; an ordinary one what its Prevent Value leaves, and
    it is destroyed once assigned its lethal threshold (437.5.a)."""

    def hit(r: Receiver) -> scoring.Hit:
        a = assignment.get(r.id, 0)
        if r.lethal is None:
            return scoring.Hit(r.id, 0)
        lethal = a >= r.lethal
        return scoring.Hit(r.id, max(0, a - r.prevent), lethal, r.weight, a - r.lethal)

    return scoring.tally(hit(r) for r in problem.receivers)


def stage_values(problem: AssignmentProblem, s: Score) -> tuple[int, ...]:
    """The lexicographic key (before the canonical order): larger is better."""
    return scoring.stage_values(problem.objective.value, problem.maximise, s)


def primary(problem: AssignmentProblem, s: Score) -> int:
    """The reported objective: the first stage in its own sense."""
    return scoring.primary(problem.objective.value, s)


def canonical_key(problem: AssignmentProblem, assignment: Mapping[str, int]) -> tuple[int, ...]:
    """Among equally good assignments, the one giving most to the first ids wins."""
    return tuple(assignment.get(rid, 0) for rid in problem.ids)


def full_key(
    problem: AssignmentProblem, assignment: Mapping[str, int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return stage_values(problem, score(problem, assignment)), canonical_key(problem, assignment)
