"""The explanation attached to every computed value: which rule did what."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RuleStep:
    """One application of a rule: its id (docs/rules.md) and what it did here."""

    rule: str
    note: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.note}"


Trace = tuple[RuleStep, ...]


def step(rule: str, note: str) -> RuleStep:
    return RuleStep(rule, note)
