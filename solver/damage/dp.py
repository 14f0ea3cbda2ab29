"""An exact dynamic programme for separable splits (Decision DMG-DP).

A ``SplitProblem`` separates: each target's score depends only on its own share,
and the targets are tied together only by the pool (used up exactly) and the
number of targets chosen (``max_targets``). The lexicographic stages of the
objective (``problem.STAGES``) add up over the targets, so they are packed into
one integer per share (mixed radix, each stage's total range a digit), and

    best[i][k][r] = the best packed total of targets i..n-1 sharing exactly r
                    with at most k of them chosen

is computed back to front. The canonical answer (the most to the first ids
among the optima, Decision DMG-CANON) is rebuilt front to back: each target
takes the largest share that still reaches the optimum.

Two ways to compute one stage, both exact: for small pools the whole
(pool x share) table at once; for large pools, per piece of the share where
the score is linear (a kill threshold, a shield), a sliding-window maximum
(doubling), so a stage costs O(pool log pool) instead of O(pool^2).

CP-SAT (``split.solve``) stays the general model and the proof of record; the
tests compare the two and the brute force. numpy is imported lazily.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from arbiter.solver.damage.problem import (
    STAGES,
    Allocation,
    SplitProblem,
    Target,
    primary,
    score,
    stage_values,
)
from arbiter.solver.status import Status

PACK_LIMIT = 2**60  # the packed range must stay far from int64's edge (sentinel below)
NEG = -(2**62)  # "no allocation reaches this state"
CELL_BUDGET = 4_000_000  # targets x rows x (pool + 1): above this, CP-SAT is used
TABLE_BUDGET = 40_000  # (pool + 1) x (cap + 1) x rows up to which a stage is one table


@dataclass(frozen=True, slots=True)
class Plan:
    """How the DP would solve a problem: the packed weights and the table shape."""

    weights: tuple[int, ...]  # one per stage (mixed radix: later stages are lower digits)
    rows: int  # 1 without a target-count limit, else limit + 1
    limited: bool  # the limit binds (row k: at most k targets chosen)


def _target_stages(problem: SplitProblem, t: Target, a: int) -> tuple[int, ...]:
    """The stage values of one target given ``a`` (as ``stage_values`` sums them)."""
    d = 0 if t.immune else max(0, a - t.shield)
    kill = t.health is not None and not t.immune and d >= max(1, t.health)
    over = d - max(1, t.health) if kill and t.health is not None else 0
    raw = {"kills": int(kill), "value": t.weight * kill, "damage": d, "-overkill": -over}
    sign = 1 if problem.maximise else -1
    return tuple(sign * raw[name] for name in STAGES[problem.objective])


def plan(problem: SplitProblem) -> Plan | None:
    """The DP's plan, or None when the problem is outside what the DP handles exactly
    (a packed range near int64's limit, or tables too large for memory)."""
    n, cap = len(problem.targets), problem.cap
    stages = len(STAGES[problem.objective])
    lo, hi = [0] * stages, [0] * stages
    for t in problem.targets:
        # every stage of one target is monotone in the share, or zero: its extremes are
        # at the ends of the share's range or at the kill threshold
        points = {0, 1, min(cap, t.shield), min(cap, t.shield + 1), cap}
        if t.need is not None and t.need <= cap:
            points |= {t.need - 1, t.need}
        values = [_target_stages(problem, t, a) for a in points if 0 <= a <= cap]
        for j in range(stages):
            lo[j] += min(v[j] for v in values)
            hi[j] += max(v[j] for v in values)
    weights = []
    w = 1
    for j in reversed(range(stages)):
        weights.append(w)
        w *= hi[j] - lo[j] + 1
    if w * (problem.pool + 1) >= PACK_LIMIT:
        return None
    limit = problem.max_targets
    limited = limit is not None and limit < n
    rows = limit + 1 if limit is not None and limited else 1
    if n * rows * (problem.pool + 1) > CELL_BUDGET:
        return None
    return Plan(tuple(reversed(weights)), rows, limited)


def separable(problem: object) -> bool:
    """Whether ``problem`` is a split the DP solves exactly (else: CP-SAT).

    A ``SplitProblem`` separates by construction (each target's score is its own);
    a problem with constraints across targets would be another type.
    """
    return isinstance(problem, SplitProblem) and plan(problem) is not None


def _scores(problem: SplitProblem, t: Target, weights: tuple[int, ...]) -> Any:
    """The packed score of every share 0..cap of one target (NEG where not allowed)."""
    import numpy as np

    cap = problem.cap
    a = np.arange(cap + 1, dtype=np.int64)
    d = np.zeros(cap + 1, dtype=np.int64) if t.immune else np.maximum(0, a - t.shield)
    kill = np.zeros(cap + 1, dtype=np.int64)
    if t.health is not None and not t.immune:
        kill = (d >= max(1, t.health)).astype(np.int64)
    over = kill * (d - max(1, t.health or 0))
    raw = {"kills": kill, "value": t.weight * kill, "damage": d, "-overkill": -over}
    sign = 1 if problem.maximise else -1
    packed = np.zeros(cap + 1, dtype=np.int64)
    for w, name in zip(weights, STAGES[problem.objective], strict=True):
        packed += (sign * w) * raw[name]
    if t.required and not problem.short:
        packed[0] = NEG  # chosen at finalization: at least 1 (D-TIME-2)
    return packed


def _shift_rows(best: Any, limited: bool) -> Any:
    """Row k of the result is row k - 1 of ``best`` (one more target chosen)."""
    import numpy as np

    if not limited:
        return best
    out = np.full_like(best, NEG)
    out[1:] = best[:-1]
    return out


def _stage_table(s: Any, best: Any, limited: bool) -> Any:
    """One stage at once: new[k][r] = max over a of s[a] + prev(a)[k][r - a]."""
    import numpy as np

    rows, width = best.shape
    cap = s.shape[0] - 1
    chosen = _shift_rows(best, limited)
    pad = np.full((rows, cap), NEG, dtype=np.int64)
    ext0 = np.concatenate([pad, best], axis=1)
    ext1 = np.concatenate([pad, chosen], axis=1)
    r = np.arange(width)[:, None]
    a = np.arange(cap + 1)[None, :]
    idx = r - a + cap  # (width, cap + 1)
    gathered = ext1[:, idx]  # (rows, width, cap + 1)
    gathered[:, :, 0] = ext0[:, idx[:, 0]]
    return (gathered + s[None, None, :]).max(axis=2)


def _trailing_max(w: Any, width: int) -> Any:
    """u[..., t] = max(w[..., t - width + 1 .. t]) (NEG beyond the start)."""
    import numpy as np

    if width <= 1:
        return w
    m = w
    span = 1
    while span * 2 <= width:
        shifted = np.full_like(m, NEG)
        shifted[..., span:] = m[..., :-span]
        m = np.maximum(m, shifted)
        span *= 2
    if span == width:
        return m
    rest = width - span
    shifted = np.full_like(m, NEG)
    shifted[..., rest:] = m[..., :-rest]
    return np.maximum(m, shifted)


def _pieces(s: Any) -> list[tuple[int, int]]:
    """Maximal runs [lo, hi] of shares >= 1 where the score is linear (share 0 apart)."""
    import numpy as np

    cap = s.shape[0] - 1
    if cap < 1:
        return []
    allowed = s[1:] > NEG // 2
    out: list[tuple[int, int]] = []
    lo = 1
    while lo <= cap:
        if not allowed[lo - 1]:
            lo += 1
            continue
        hi = lo
        if lo + 1 <= cap and allowed[lo]:
            slope = s[lo + 1] - s[lo]
            steps = np.diff(s[lo : cap + 1])
            ok = (steps == slope) & allowed[lo:cap]
            bad = np.flatnonzero(~ok)
            hi = cap if bad.size == 0 else lo + int(bad[0])
        out.append((lo, hi))
        lo = hi + 1
    return out


def _stage_pieces(s: Any, best: Any, limited: bool) -> Any:
    """One stage by linear pieces: a sliding-window maximum per piece."""
    import numpy as np

    rows, width = best.shape
    new = np.full_like(best, NEG)
    if s[0] > NEG // 2:
        new = np.maximum(new, best + s[0])
    chosen = _shift_rows(best, limited)
    j = np.arange(width, dtype=np.int64)
    for lo, hi in _pieces(s):
        slope = int(s[lo + 1] - s[lo]) if hi > lo else 0
        base = int(s[lo]) - slope * lo
        tilted = np.where(chosen > NEG // 2, chosen - slope * j, NEG)
        if hi >= width - 1:  # the window reaches back to share 0: a running maximum
            window = np.maximum.accumulate(tilted, axis=1)
        else:
            window = _trailing_max(tilted, hi - lo + 1)  # max over j in [t - (hi - lo), t]
        got = np.full_like(best, NEG)
        got[:, lo:] = window[:, : width - lo]  # at r: j in [r - hi, r - lo]
        valid = got > NEG // 2
        got = np.where(valid, got + base + slope * j, NEG)
        new = np.maximum(new, got)
    return new


def solve_dp(problem: SplitProblem, *, table: bool | None = None) -> Allocation:
    """The optimal split with its canonical tie-break, exactly (status OPTIMAL or
    INFEASIBLE). ``table`` forces one way of computing a stage (tests); default: by size.

    Raises ``ValueError`` when ``plan`` refuses the problem (the caller uses CP-SAT).
    """
    import numpy as np

    start = time.perf_counter()
    found = plan(problem)
    if found is None:
        raise ValueError("the split is outside the dynamic programme's range")
    targets = problem.targets
    cap, pool, rows = problem.cap, problem.pool, found.rows
    scores = [_scores(problem, t, found.weights) for t in targets]
    best = np.full((rows, pool + 1), NEG, dtype=np.int64)
    best[:, 0] = 0
    tables = [best]
    use_table = (pool + 1) * (cap + 1) * rows <= TABLE_BUDGET if table is None else table
    stage = _stage_table if use_table else _stage_pieces
    for s in reversed(scores):
        best = stage(s, best, found.limited)
        best[best < NEG // 2] = NEG
        tables.append(best)
    tables.reverse()  # tables[i]: targets i..n-1
    top = int(tables[0][rows - 1, pool])
    if top <= NEG // 2:
        return Allocation(
            Status.INFEASIBLE, {}, frozenset(), None, None, time.perf_counter() - start
        )
    split: dict[str, int] = {}
    r, k = pool, rows - 1
    for i, t in enumerate(targets):
        goal = int(tables[i][k, r])
        after = tables[i + 1]
        most = min(cap, r)
        shares = np.arange(most, -1, -1)  # largest first: the canonical order
        prev = after[max(k - 1, 0) if found.limited else 0, r - shares]
        if found.limited and k == 0:
            prev = np.where(shares > 0, NEG, prev)
        if found.limited:
            prev = np.where(shares == 0, after[k, r], prev)
        total = np.where(prev > NEG // 2, prev + scores[i][shares], NEG)
        hit = int(np.flatnonzero(total == goal)[0])
        a = int(shares[hit])
        split[t.id] = a
        r -= a
        if a > 0 and found.limited:
            k -= 1
    s_final = score(problem, split)
    value = primary(problem, s_final)
    return Allocation(
        Status.OPTIMAL,
        split,
        s_final.destroyed,
        value,
        value,
        time.perf_counter() - start,
        stages=stage_values(problem, s_final),
        solves=0,
        canonical=True,
    )
