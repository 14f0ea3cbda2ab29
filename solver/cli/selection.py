"""Which diagnostics of ``arbiter check`` are reported: ``--select`` / ``--ignore`` by code
or prefix, the per-card ``suppress:`` of the card files, and ``--baseline FILE``.

A diagnostic is identified across runs by its fingerprint: the card set's file name, the
code, the cards and the abilities (never the message or the line, so that a reworded
message or a card moved in its file is still the same finding). SARIF's
``partialFingerprints`` carries the same value.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from arbiter.model.errors import InputError, Location
from arbiter.solver.check.base import Diagnostic
from arbiter.solver.check.diagnostics import CheckResult


def matches(code: str, patterns: Iterable[str]) -> bool:
    """A code is matched by itself or by any prefix of it (``ruling`` matches
    ``ruling-E-DIV``; ``loop-`` matches ``loop-capped`` and ``loop-mandatory``)."""
    return any(code.startswith(p) for p in patterns)


def fingerprint(
    cardset_file: str, code: str, cards: Sequence[str], abilities: Sequence[str]
) -> str:
    key = "\0".join([os.path.basename(cardset_file), code, ",".join(cards), ",".join(abilities)])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def fingerprint_of(d: Diagnostic, cardset_file: str) -> str:
    return fingerprint(cardset_file, d.code, d.cards, d.abilities)


_BASELINE = "expected the JSON answer of arbiter check --format json"


def read_baseline(path: str) -> frozenset[str]:
    """The fingerprints of a baseline: a JSON answer of ``arbiter check --format json``."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise InputError(
            f"expected a readable baseline file ({exc.strerror})", location=Location(path, 1, 1)
        ) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        where = Location(path, getattr(exc, "lineno", 1), getattr(exc, "colno", 1))
        raise InputError(_BASELINE, location=where) from None
    items = data.get("diagnostics") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise InputError(_BASELINE, location=Location(path, 1, 1), path="diagnostics")
    out = set()
    for item in items:
        if not isinstance(item, dict):
            continue
        cards = [str(c) for c in item.get("cards", [])]
        abilities = [str(a) for a in item.get("abilities", [])]
        out.add(fingerprint(str(item.get("cardset", "")), str(item.get("code")), cards, abilities))
    return frozenset(out)


@dataclass(frozen=True)
class Selection:
    """What the command line (and the configuration) keep of a check's diagnostics."""

    select: tuple[str, ...] = ()  # empty: every code
    ignore: tuple[str, ...] = ()
    baseline: frozenset[str] = frozenset()

    def keeps(self, d: Diagnostic, cardset_file: str) -> bool:
        if self.select and not matches(d.code, self.select):
            return False
        if matches(d.code, self.ignore):
            return False
        return fingerprint_of(d, cardset_file) not in self.baseline


@dataclass(frozen=True)
class Dropped:
    """How many diagnostics of one card set were not reported, and why."""

    unselected: int = 0
    suppressed: int = 0
    in_baseline: int = 0

    @property
    def total(self) -> int:
        return self.unselected + self.suppressed + self.in_baseline


def suppressed_by(d: Diagnostic, result: CheckResult) -> str | None:
    """The reason a card named by the diagnostic gives for suppressing its code."""
    for cid in d.cards:
        card = result.cardset.cards.get(cid)
        if card is not None and d.code in card.suppress:
            return card.suppress[d.code]
    return None


def apply(result: CheckResult, selection: Selection) -> tuple[CheckResult, Dropped]:
    """The result with only the diagnostics to report, and the count of the others."""
    kept: list[Diagnostic] = []
    unselected = suppressed = in_baseline = 0
    source = result.cardset.source
    for d in result.diagnostics:
        if (selection.select and not matches(d.code, selection.select)) or matches(
            d.code, selection.ignore
        ):
            unselected += 1
        elif suppressed_by(d, result) is not None:
            suppressed += 1
        elif fingerprint_of(d, source) in selection.baseline:
            in_baseline += 1
        else:
            kept.append(d)
    return replace(result, diagnostics=tuple(kept)), Dropped(unselected, suppressed, in_baseline)


def statistics(results: Iterable[CheckResult]) -> list[tuple[str, str, int]]:
    """(code, severity, count) of the reported diagnostics, most frequent first."""
    counts: dict[str, int] = {}
    severity: dict[str, str] = {}
    for r in results:
        for d in r.diagnostics:
            counts[d.code] = counts.get(d.code, 0) + 1
            severity[d.code] = d.severity.value
    return [(c, severity[c], n) for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
