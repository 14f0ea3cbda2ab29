"""The exceptions arbiter raises, one class per kind of failure."""

from __future__ import annotations

from dataclasses import dataclass


class ArbiterError(Exception):
    """Base class of every error arbiter raises on purpose."""


@dataclass(frozen=True)
class Location:
    """Where in an input file something is: 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class InputError(ArbiterError):
    """Bad input: printed as one line ``file:line:col: path: what was expected``; exit 2."""

    def __init__(self, message: str, *, location: Location | None = None, path: str = "") -> None:
        self.message = message
        self.location = location
        self.path = path
        super().__init__(self.one_line())

    def one_line(self) -> str:
        parts = []
        if self.location is not None:
            parts.append(str(self.location))
        if self.path:
            parts.append(self.path)
        parts.append(self.message)
        return ": ".join(parts)


class IllegalAction(ArbiterError):
    """An action the rules forbid; carries the rule id it breaks. Exit 1."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class InternalError(ArbiterError):
    """A bug or a solver failure (e.g. CP-SAT MODEL_INVALID); never bad input."""
