"""The output convention every ``arbiter`` command follows (docs/architecture.md, "Output").

A command adopts it with one decorator line::

    @output_options(("text", "json", "sarif"))
    def command(..., out: Output) -> None:
        ...
        out.json(data)            # or out.text(...), out.write(bytes_or_str)

``--format F`` picks one of the command's formats (the first is the default), ``-o FILE``
sends the answer to a file instead of standard output (and says where it wrote, on
standard error), and ``--json`` stays as a shorthand of ``--format json``. Binary
formats (png) need ``-o``. Text reports are never cut at 80 columns when piped.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

BINARY = frozenset({"png"})
FORMAT_HELP = {
    "text": "a report for people",
    "json": "the JSON output contract",
    "sarif": "SARIF 2.1.0 for code-scanning tools",
    "github": "GitHub Actions annotations",
    "junit": "JUnit XML for CI test reports",
    "html": "one self-contained HTML page",
    "png": "a drawing (needs -o)",
    "svg": "a drawing",
    "dot": "Graphviz source",
}


def write_file(path: str, data: str | bytes, inputs: Iterable[str] = ()) -> None:
    """Write ``data`` to ``path`` atomically, never through a link and never over one of
    ``inputs`` (``solver.safe_output``); a path that cannot be written is one line, exit 2.
    Replacing an existing file is said on standard error."""
    from arbiter.solver.cli.escaping import say_replaced
    from arbiter.solver.safe_output import write_report

    if write_report(path, data, inputs):
        say_replaced(path)


def say_wrote(path: str, what: str = "") -> None:
    """One line on standard error: where a file was written."""
    from arbiter.solver.cli.escaping import terminal

    click.echo(f"arbiter: wrote {what + ' ' if what else ''}{terminal(path)}", err=True)


@dataclass(frozen=True)
class Output:
    """Where and how a command writes its answer."""

    format: str
    path: str | None = None
    inputs: tuple[str, ...] = ()  # files the command read: never written over

    def write(self, data: str | bytes, what: str = "") -> None:
        """The answer: to ``-o FILE`` (saying so), else to standard output."""
        if self.path is not None:
            write_file(self.path, data, self.inputs)
            say_wrote(self.path, what)
        elif isinstance(data, bytes):
            raise click.UsageError(f"--format {self.format} needs -o FILE")
        else:
            click.echo(data, nl=False)

    def json(self, data: Any) -> None:
        """JSON, without wall times unless ``arbiter --timings`` (as ``emit_json``)."""
        with self.captured():
            from arbiter.solver.cli.output import emit_json

            emit_json(data)

    @contextlib.contextmanager
    def captured(self) -> Iterator[None]:
        """Everything the block prints to standard output goes to ``-o FILE`` instead."""
        if self.path is None:
            yield
            return
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            yield
        self.write(buffer.getvalue())

    def file_for(self, fmt: str) -> str:
        """The path a drawing is saved to by a library that writes files itself."""
        if self.path is None:
            raise click.UsageError(f"--format {fmt} needs -o FILE")
        return self.path


def output_options(
    formats: tuple[str, ...], default: str | None = None, *, dir_okay: bool = False
) -> Callable[[F], F]:
    """``--format``, ``-o/--output`` and (when json is a format) ``--json``; the command
    receives them as one ``out: Output`` argument. ``dir_okay``: ``-o`` may name a folder
    (``arbiter import``'s older ``-o DIR``; the command then decides)."""
    default = default or formats[0]
    listed = ", ".join(f"{f} ({FORMAT_HELP.get(f, f)})" for f in formats)

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            fmt = kwargs.pop("fmt")
            path = kwargs.pop("output_path")
            as_json = kwargs.pop("as_json", False)
            if as_json and fmt not in (None, "json"):
                raise click.UsageError(f"--json and --format {fmt} cannot be combined")
            chosen = "json" if as_json else (fmt or default)
            if chosen in BINARY and path is None:
                raise click.UsageError(f"--format {chosen} needs -o FILE")
            return fn(*args, out=Output(chosen, path), **kwargs)

        decorated: Any = wrapper
        if "json" in formats:
            decorated = click.option(
                "--json", "as_json", is_flag=True, help="Shorthand of --format json."
            )(decorated)
        decorated = click.option(
            "-o",
            "--output",
            "output_path",
            type=click.Path(dir_okay=dir_okay, path_type=str),
            default=None,
            metavar="FILE",
            help="Write the answer to FILE instead of standard output (and say where).",
        )(decorated)
        decorated = click.option(
            "--format",
            "fmt",
            type=click.Choice(formats),
            default=None,
            help=f"Output format: {listed}. Default: {default}.",
        )(decorated)
        result: F = decorated
        return result

    return decorate


def terminal_width() -> int | None:
    """The width of text reports: the terminal's, or (piped) wide enough never to cut a
    line at 80 columns (``COLUMNS`` still wins)."""
    if os.environ.get("COLUMNS", "").isdigit():
        return int(os.environ["COLUMNS"])
    return None if sys.stdout.isatty() else 200
