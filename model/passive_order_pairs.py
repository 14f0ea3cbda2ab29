"""The comparisons of pairs of unapplied passives in one round of the full ordering
(A-DEP-1, Decision A-DEP-3): ``passive_order._Orderer.evaluate``, kept apart so that
module stays small. It reads and updates the orderer's partial board, graph, edges and
trial log.

A dependence by A-DEP-1b alone found again for a pair that already has that reason is
logged without building its explanation (``TrialLog.record_b``) and the graph keeps the
one it has (it reads no value): ``tests/test_passive_order_shortcuts.py`` compares the
ordering with the one where every comparison is a trial application (``_B`` made a
reason no dependence has).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from arbiter.model import passive_trial as pt
from arbiter.model import passives as pv

if TYPE_CHECKING:
    from arbiter.model.passive_order import _Orderer

_B = "A-DEP-1b"


def evaluate(o: _Orderer, pairs: Mapping[str, set[str]]) -> None:
    """Trial-apply each B and compare each A given with it (A-DEP-1, A-DEP-3): those for
    which a clause can hold, or that depended on B (the others would find no dependence
    where there was none: nothing to record). ``_Orderer.clauses`` is inlined (one call
    per pair cost a tenth of the ordering on the dense boards)."""
    ps, edges, graph, log = o.ps, o.edges, o.graph, o.log
    unapplied, objects = o.unapplied, o.board.objects
    ability_of, sel_rd, cond_rd, index_of = o.ability_of, o.sel_rd, o.cond_rd, o.index_of
    out_get, into_get = graph.out.get, graph.into.get
    record, record_b, set_edge = log.record, log.record_b, graph.set
    keep, exists = o._record, pv.exists
    round_ = len(o.order)  # (nothing is applied meanwhile)
    for b in sorted(pairs):
        if b not in unapplied:
            continue
        changes = o.trial_apply(b).changes
        changed = o.delta(b)
        channels, meets = changed.channels, changed.meets
        hits = o._hits(changed)
        into = into_get(b)
        if into:
            hits.update(into)
        found = pairs[b] & hits
        found &= unapplied
        pb = ps[b]
        witnesses: dict[pv.Channel, frozenset[str]] = {}  # per channel moved, for B
        for a in sorted(found):
            which = "a" if ability_of[a] in channels else ""  # ``clauses``
            sel, cond = sel_rd[a], cond_rd[a]
            if sel and meets(sel):
                which += "b"
            if cond and meets(cond):
                which += "c"
            dep = None
            if which:
                o.trials += 1
                pa = ps[a]
                # one subtype or one keyword and nothing else: the objects B adds to and
                # removes from its selection are those that gain or lose that channel
                moved = None
                if pa.plan.indexed:
                    ch = index_of[a]
                    moved = channels.get(ch)
                seen = edges.get((a, b))
                if (
                    which == "b"
                    and moved is not None
                    and seen is not None
                    and _B in seen.reasons
                    and exists(pa, objects)
                ):  # found again for a reason it has: its explanation is not rebuilt
                    w = witnesses.get(ch)
                    if w is None:
                        w = witnesses[ch] = frozenset(moved[0] + moved[1])
                    # recorded as the ``Dependence(a, b, (_B,), (), w)`` it stands for;
                    # ``_record`` would keep the edge as it is (it has the reason)
                    record_b(a, b, round_, w)
                    row = out_get(a)
                    if row is None or b not in row:  # (the graph reads no value)
                        set_edge(a, b, pt.Dependence(a, b, (_B,), (), w))
                    continue
                else:
                    dep = pt.trial(pa, pb, o.board, changes, which, moved)
            if dep is None:
                row = out_get(a)
                if row is None or b not in row:
                    continue  # absent before and now: nothing to log
            record(a, b, round_, dep)
            set_edge(a, b, dep)
            if dep is not None:
                keep(dep)


# -- the prefilter: which passives read the channels another one writes ----------------------


def channel_index(
    ids: Iterable[str], chans: Mapping[str, frozenset[pv.Channel]]
) -> tuple[dict[pv.Channel, set[str]], dict[str, set[str]]]:
    exact: dict[pv.Channel, set[str]] = {}
    by_attr: dict[str, set[str]] = {}
    for pid in ids:
        for ch in chans[pid]:
            exact.setdefault(ch, set()).add(pid)
            by_attr.setdefault(ch[0], set()).add(pid)
    return exact, by_attr


def readers(
    written: Iterable[pv.Channel],
    exact: Mapping[pv.Channel, set[str]],
    by_attr: Mapping[str, set[str]],
) -> set[str]:
    out: set[str] = set()
    for attr, name in written:
        if name == "*":
            out |= by_attr.get(attr, set())
        else:
            out |= exact.get((attr, name), set())
            out |= exact.get((attr, "*"), set())
    return out
