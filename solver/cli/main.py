"""The ``arbiter`` command.

Each subcommand lives in its own module and is imported only when invoked, so
``arbiter run`` on a stats-only scenario never pays for ortools or networkx.
Exit codes: 0 ok, 1 an expectation, check or illegal action failed, 2 bad
input or usage, 3 an internal error (a bug: please report it).
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click

from arbiter.model.errors import ArbiterError, IllegalAction, InputError, InternalError
from arbiter.solver.cli.convention import Output, output_options
from arbiter.solver.cli.options import TIME_LIMIT, TimeLimit  # noqa: F401  (TimeLimit re-exported)


class Exit(Exception):
    """Raised by commands to end with an exit code after printing."""

    def __init__(self, code: int) -> None:
        self.code = code


TIMING_KEYS = frozenset({"wall_time"})


def without_timings(data: Any) -> Any:
    """The answer without its measurements: the same input gives the same bytes."""
    if isinstance(data, dict):
        return {k: without_timings(v) for k, v in data.items() if k not in TIMING_KEYS}
    if isinstance(data, list):
        return [without_timings(v) for v in data]
    return data


def emit_json(data: Any) -> None:
    """Print JSON. Wall times are measurements, not answers: they are printed only with
    ``arbiter --timings`` so that ``--json`` is byte-identical from run to run."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx is not None else None
    timings = bool(root is not None and isinstance(root.obj, dict) and root.obj.get("timings"))
    shown = data if timings else without_timings(data)
    click.echo(json.dumps(shown, indent=2, sort_keys=False, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.option("--timings", is_flag=True, help="Include solver wall times in --json output.")
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False, exists=True, path_type=str),
    default=None,
    help="Read option defaults from this arbiter.toml or pyproject.toml.",
)
@click.option("--no-config", is_flag=True, help="Read no configuration file.")
@click.version_option("0.1.0", prog_name="arbiter")
@click.pass_context
def cli(
    ctx: click.Context, debug: bool, timings: bool, config_path: str | None, no_config: bool
) -> None:
    """arbiter: a rules checker for trading card games, built on constraint solving."""
    from arbiter.solver.cli.config import apply

    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    ctx.obj["timings"] = timings
    apply(ctx, config_path, no_config)


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=str))
@output_options(("text", "json"))
@click.option("--explain", is_flag=True, help="Show, per value, the rule ids that produced it.")
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=10.0,
    show_default=True,
    help="Seconds a solver may take for one decision.",
)
@click.option(
    "--outcomes",
    is_flag=True,
    help="Also search every legal choice sequence and list the distinct outcomes.",
)
@click.option(
    "-k", "keyword", default=None, metavar="EXPR", help="Only the files whose path matches EXPR."
)
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first scenario not passed.")
def run(
    files: tuple[str, ...],
    out: Output,
    explain: bool,
    time_limit: float,
    outcomes: bool,
    keyword: str | None,
    exitfirst: bool,
) -> None:
    """Resolve scenario FILES (files, folders, globs) and check their expect: blocks."""
    from arbiter.solver.cli import run_many

    paths = run_many.collect(files)
    if keyword is not None:
        keep = run_many.keyword_filter(keyword)
        chosen = [p for p in paths if keep(p)]
    else:
        chosen = paths
    if len(files) == 1 and paths == list(files) and chosen:
        _run_one(chosen[0], out, explain, time_limit, outcomes)
    with out.captured():
        text = out.format == "text"
        done, seconds = run_many.run_each(chosen, time_limit, outcomes, exitfirst, text)
        if text:
            click.echo(run_many.summary(done, seconds, len(paths) - len(chosen)))
        else:
            emit_json(run_many.as_json(done, seconds, len(paths) - len(chosen)))
    raise Exit(run_many.exit_code(done) if done else 2 if not paths else 0)


def _run_one(file: str, out: Output, explain: bool, time_limit: float, outcomes: bool) -> None:
    """One scenario: its whole report, as it always has been."""
    from arbiter.model.format.scenario import parse_file
    from arbiter.solver.cli import report
    from arbiter.solver.engine import runner as engine

    scenario = parse_file(file)
    options = engine.RunOptions(time_limit=time_limit, outcomes=outcomes)
    result = engine.run(scenario, options)
    if out.format == "json":
        out.json(result.as_json())
    else:
        with out.captured():
            report.print_run(result, explain=explain)
            if outcomes:
                report.print_outcomes(result.extra)
    raise Exit(0 if result.ok else 1)


@cli.command()
@click.option("--cardset", "kind", flag_value="cardset", help="The schema of card-set files.")
@click.option("--loops", "kind", flag_value="loops", help="The schema of arbiter loops files.")
@click.option(
    "--witness", "kind", flag_value="witness", help="The schema of the witnesses check writes."
)
@output_options(("json",))
def schema(kind: str | None, out: Output) -> None:
    """Print the JSON Schema (draft-07, for editors) of scenario files, or of another kind."""
    from arbiter.model.format.editor_schema import build

    out.json(build(kind or "scenario"))


COMMANDS = (
    "arbiter.solver.cli.check",
    "arbiter.solver.cli.damage",
    "arbiter.solver.cli.graph",
    "arbiter.solver.cli.importer",
    "arbiter.solver.cli.init",
    "arbiter.solver.cli.loops",
)


def _load_commands() -> None:
    """Each module of ``COMMANDS`` defines ``command``, a click command added to the group.

    Command modules import heavy libraries inside the command function only.
    """
    import importlib

    for name in COMMANDS:
        cli.add_command(importlib.import_module(name).command)


_load_commands()


def one_line(message: str) -> str:
    """The message on one line: line breaks and other control characters escaped
    (a key or a file name may hold them)."""
    return "".join(
        c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
        for c in message
    )


def _fail(message: str, code: int) -> NoReturn:
    click.echo(one_line(message), err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: every failure becomes one line and an exit code, never a traceback."""
    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    try:
        cli.main(args=argv, standalone_mode=False, prog_name="arbiter")
    except Exit as exc:
        sys.exit(exc.code)
    except click.exceptions.Abort:
        _fail("aborted", 2)
    except click.ClickException as exc:
        _fail(f"arbiter: {exc.format_message()}", 2)
    except InputError as exc:
        _fail(exc.one_line(), 2)
    except IllegalAction as exc:
        _fail(f"illegal action: {exc}", 1)
    except RecursionError:
        _fail("input nested too deeply to process", 2)
    except (InternalError, ArbiterError) as exc:
        if debug:
            raise
        _fail(f"internal error (please report): {exc}", 3)
    except KeyboardInterrupt:
        _fail("interrupted", 2)
    except BrokenPipeError:
        sys.exit(0)
    except UnicodeEncodeError as exc:  # e.g. PYTHONIOENCODING=ascii and a name with an accent
        _fail(
            f"cannot print the answer in this terminal's encoding ({exc.encoding}); "
            "set PYTHONIOENCODING=utf-8",
            2,
        )
    except Exception as exc:  # noqa: BLE001 - the last line of defence: never a traceback
        if debug:
            raise
        _fail(f"internal error (please report): {type(exc).__name__}: {exc}", 3)
    sys.exit(0)


if __name__ == "__main__":  # pragma: no cover
    main()
