"""Characters that a terminal, a viewer or a JSON consumer may execute or misread.

A file may not hold them in keys, ids or names (refused at load, exit 2), and every output
escapes them (``solver/cli/escaping.py``): C0 controls (ESC starts terminal sequences, NUL ends
C strings), DEL, C1 controls (U+009B is a one-character CSI), the line and paragraph
separators U+2028 and U+2029 (line breaks in JavaScript and some viewers), and the
bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069:
"Trojan source" text that reads otherwise than it is).
"""

from __future__ import annotations

import re

# In free text (descriptions) a tab and a line break are ordinary; everywhere else they are not.
_CLASS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
UNSAFE_IN_TEXT = re.compile(f"[{_CLASS}]")
UNSAFE_IN_NAME = re.compile(f"[\t\n{_CLASS}]")


def first_unsafe(text: str, *, name: bool) -> str | None:
    """The first character of ``text`` that is refused (in a name, or in free text)."""
    found = (UNSAFE_IN_NAME if name else UNSAFE_IN_TEXT).search(text)
    return found.group(0) if found else None


def shown(char: str) -> str:
    """How a refused character is named in a message: ``U+001B``."""
    return f"U+{ord(char):04X}"
