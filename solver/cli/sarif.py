"""SARIF 2.1.0 output of ``arbiter check``, so that CI annotates the card-set lines."""

from __future__ import annotations

import os
from collections.abc import Sequence

from arbiter.model.errors import Location
from arbiter.model.state import JSON
from arbiter.solver.check.base import Severity
from arbiter.solver.cli.check_output import Checked, summary
from arbiter.solver.cli.selection import fingerprint_of

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
RULES_DOC = "docs/rules.md"  # relative to the repository root (SRCROOT)
BASE_ID = "SRCROOT"
LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.RULING: "note",
    Severity.INFO: "note",
}


def _uri(path: str) -> str:
    """A path relative to the working directory (the repository root in CI), with '/',
    percent-encoded (solver/cli/escaping.py): ``#``, ``?`` or ``%20`` stay in the file name."""
    from arbiter.solver.cli.escaping import sarif_uri

    return sarif_uri(path)


def _location(loc: Location) -> dict[str, JSON]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": _uri(loc.file), "uriBaseId": BASE_ID},
            "region": {"startLine": loc.line, "startColumn": loc.column},
        }
    }


def _folder_uri(folder: str) -> str:
    from pathlib import Path

    return Path(folder).resolve().as_uri().rstrip("/") + "/"


def _full(code: str, text: str, severity: Severity, rules: tuple[str, ...]) -> str:
    return (
        f"{code} ({severity.value}): {text}. Rules: {', '.join(rules)}; "
        f"the rules reference ({RULES_DOC}) explains each."
    )


def sarif(checked: Sequence[Checked]) -> dict[str, JSON]:
    rules: dict[str, dict[str, JSON]] = {}
    results: list[JSON] = []
    for c in checked:
        for d, path in zip(c.result.diagnostics, c.witnesses, strict=True):
            if d.code not in rules:
                text = summary(d.code)
                rules[d.code] = {
                    "id": d.code,
                    "shortDescription": {"text": text},
                    "fullDescription": {"text": _full(d.code, text, d.severity, d.rules)},
                    "helpUri": f"{RULES_DOC}#diagnostic-{d.code.lower()}",
                    "help": {
                        "text": f"See {RULES_DOC}, 'Diagnostic codes', and the rules "
                        + ", ".join(d.rules)
                    },
                    "defaultConfiguration": {"level": LEVEL[d.severity]},
                    "properties": {"rules": list(d.rules)},
                }
            locations = [_location(loc) for loc in d.locations] or [
                _location(Location(c.result.cardset.source, 1, 1))
            ]
            results.append(
                {
                    "ruleId": d.code,
                    "level": LEVEL[d.severity],
                    "message": {"text": d.message},
                    "locations": locations[:1],
                    "partialFingerprints": {
                        "arbiterFinding/v1": fingerprint_of(d, c.result.cardset.source)
                    },
                    "relatedLocations": [
                        {"id": i + 1, **loc} for i, loc in enumerate(locations[1:])
                    ],
                    "properties": {
                        "severity": d.severity.value,
                        "cards": list(d.cards),
                        "abilities": list(d.abilities),
                        "rules": list(d.rules),
                        "witness": path,
                    },
                }
            )
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "arbiter",
                        "version": "0.1.0",
                        "rules": [rules[k] for k in sorted(rules)],
                    }
                },
                "results": results,
                "columnKind": "unicodeCodePoints",
                "originalUriBaseIds": {
                    BASE_ID: {
                        "uri": _folder_uri(os.getcwd()),
                        "description": {"text": "The folder arbiter check ran in."},
                    }
                },
            }
        ],
    }
