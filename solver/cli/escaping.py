"""Escaping data for each place it is shown: a terminal, rich markup, JSON, a SARIF URI.

Files may not hold control characters in keys and names (refused at load), but file names
given on the command line, and any text that reaches a report, still go through here:
- ``terminal``: control, bidirectional and line-separator characters become ``\\x1b``,
  ``\\u202e`` (visible, inert); a terminal never receives a sequence from data;
- ``markup``: the same, then rich's markup escaping, so ``[/b]`` or ``[link=…]`` in an id
  is printed as written and never becomes a style or a hyperlink;
- ``json_text``: ``json.dumps`` escapes U+0000 to U+001F only; DEL, the C1 controls,
  U+2028/U+2029 and the bidirectional controls are escaped too;
- ``sarif_uri``: a relative URI reference, percent-encoded (``#``, ``?``, ``%``, spaces).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from arbiter.model.format.unsafe_text import UNSAFE_IN_TEXT

_TERMINAL_UNSAFE = UNSAFE_IN_TEXT  # a line break and a tab are left to the layout


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal(text: str) -> str:
    """``text`` with every character a terminal could execute shown as an escape."""
    return _TERMINAL_UNSAFE.sub(_visible, text)


def markup(text: object) -> str:
    """Data inside a rich markup string: escaped for the terminal and for rich."""
    from rich.markup import escape

    return escape(terminal(str(text)))


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group(0)):04x}"


def json_text(data: Any, **kwargs: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, **kwargs)`` with the unsafe characters escaped.

    They can only stand inside JSON strings (outside, JSON allows nothing but whitespace),
    where ``\\uXXXX`` is their exact JSON form: the parsed value is unchanged."""
    return UNSAFE_IN_TEXT.sub(_json_escape, json.dumps(data, ensure_ascii=False, **kwargs))


def sarif_uri(path: str) -> str:
    """A path relative to the working directory as a URI reference with '/' separators,
    percent-encoded so that ``#``, ``?``, ``%`` and ``:`` stay part of the file name."""
    from urllib.parse import quote

    rel = os.path.relpath(os.path.abspath(path)).replace(os.sep, "/")
    return quote(rel, safe="/-._~")


def console(**kwargs: Any) -> Any:
    """A rich ``Console`` whose every string (markup, table cells, titles, rules) has its
    unsafe characters made visible before rich reads it: a second line of defence behind
    ``markup`` at each call site, for text that reaches a report some other way."""
    from rich.console import Console

    class _SafeConsole(Console):
        def render_str(self, text: str, **options: Any) -> Any:
            return super().render_str(terminal(text), **options)

    kwargs.setdefault("highlight", False)
    kwargs.setdefault("soft_wrap", True)
    return _SafeConsole(**kwargs)


def say_replaced(path: str) -> None:
    """One line on stderr: an existing file was replaced by a report."""
    import click

    click.echo(f"arbiter: replaced the existing file {terminal(path)}", err=True)
