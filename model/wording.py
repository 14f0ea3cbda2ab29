"""How messages word counts and unknown names: "1 error", "2 errors"; "did you mean …"."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

# How close a known name must be to an unknown one to be suggested (difflib's ratio).
CUTOFF = 0.6


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``plural(1, "unit destroyed", "units destroyed")`` → "1 unit destroyed"."""
    many = nouns if nouns is not None else noun + "s"
    return f"{count} {noun if count == 1 else many}"


def nearest(word: str, options: Iterable[str]) -> str | None:
    """The known name closest to ``word`` (None when none is close enough)."""
    known = sorted({o for o in options if o != word})
    found = difflib.get_close_matches(word, known, n=1, cutoff=CUTOFF)
    if not found:  # a name written in another case: Tough for tough
        found = [o for o in known if o.lower() == word.lower()][:1]
    return found[0] if found else None


def did_you_mean(word: object, options: Iterable[str]) -> str:
    """`` (did you mean 'keywords'?)`` or ``""``, to end a message about ``word``."""
    if not isinstance(word, str | int) or isinstance(word, bool):
        return ""
    best = nearest(str(word), options)
    return f" (did you mean '{best}'?)" if best is not None else ""
