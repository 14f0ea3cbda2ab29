"""``arbiter check --format github`` (GitHub Actions workflow commands, one annotation per
diagnostic) and ``--format junit`` (JUnit XML: one test suite per card set, one test case
per diagnostic, failed when it is an error)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from arbiter.solver.check.base import Severity
from arbiter.solver.cli.check_output import Checked

LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.RULING: "notice",
    Severity.INFO: "notice",
}


def _data(text: str) -> str:
    """A workflow command's message: %, CR and LF escaped (GitHub's encoding)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def github(checked: Sequence[Checked]) -> str:
    lines = []
    for c in checked:
        for d in c.result.diagnostics:
            loc = d.locations[0] if d.locations else None
            where = (
                f"file={_prop(loc.file)},line={loc.line},col={loc.column},"
                if loc is not None
                else f"file={_prop(c.result.cardset.source)},"
            )
            title = f"{d.code} ({' '.join(d.rules)})" if d.rules else d.code
            lines.append(f"::{LEVEL[d.severity]} {where}title={_prop(title)}::{_data(d.message)}")
    return "".join(line + "\n" for line in lines)


def junit(checked: Sequence[Checked]) -> str:
    suites = []
    total = failures = 0
    for c in checked:
        r = c.result
        cases = []
        fails = 0
        for d, path in zip(r.diagnostics, c.witnesses, strict=True):
            name = quoteattr(f"{d.code} {' '.join(d.cards)}".strip())
            body = escape(d.message + (f"\nwitness: {path}" if path else ""))
            tag = "failure" if d.severity is Severity.ERROR else "skipped"
            fails += d.severity is Severity.ERROR
            cases.append(
                f"    <testcase classname={quoteattr(r.cardset.source)} name={name}>"
                f"<{tag} message={quoteattr(d.message)} type={quoteattr(d.code)}>{body}"
                f"</{tag}></testcase>"
            )
        if not cases:
            cases.append(
                f'    <testcase classname={quoteattr(r.cardset.source)} name="no problem found"/>'
            )
        total += len(cases)
        failures += fails
        suites.append(
            f'  <testsuite name={quoteattr(r.cardset.source)} tests="{len(cases)}" '
            f'failures="{fails}" time="{r.seconds:.3f}">\n' + "\n".join(cases) + "\n  </testsuite>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<testsuites name="arbiter check" tests="{total}" failures="{failures}">\n'
        + "\n".join(suites)
        + "\n</testsuites>\n"
    )
