"""``arbiter check --html report.html``: one self-contained file (inline CSS, no scripts,
no links out) with every diagnostic, its witness scenario, and the dependency graph of the
passives (solver/cli/html_graph.py).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from arbiter.model.wording import plural
from arbiter.solver.check.base import Diagnostic
from arbiter.solver.check.diagnostics import CheckResult
from arbiter.solver.cli.check_output import SEVERITIES, Checked, counts, pending_codes

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:60rem;
color:#1d1d1f;line-height:1.45}
h1{font-size:1.5rem}h2{border-bottom:1px solid #ddd;padding-bottom:.2rem}
.summary span{display:inline-block;margin-right:1rem;padding:.1rem .6rem;border-radius:1rem}
.error{background:#fde2e1}.warning{background:#fff3cd}.ruling{background:#dff3f8}
.diag{border-left:4px solid #999;padding:.4rem .8rem;margin:.8rem 0;background:#fafafa}
.diag.error{border-color:#d33}.diag.warning{border-color:#d9a400}.diag.ruling{border-color:#1a9bc0}
.code{font-family:ui-monospace,monospace;font-weight:600}.rules{color:#666;font-size:.9em}
pre{background:#f3f3f3;padding:.6rem;overflow-x:auto;font-size:.85em}
.where{color:#666;font-size:.9em}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _diagnostic(d: Diagnostic, path: str | None) -> str:
    cards = ", ".join(f"<b>{_e(c)}</b>" for c in d.cards)
    where = ", ".join(_e(str(loc)) for loc in d.locations)
    parts = [
        f'<div class="diag {d.severity.value}">',
        f'<div><span class="code">{_e(d.code)}</span> &middot; {cards} '
        f'<span class="rules">{_e(" ".join(d.rules))}</span></div>',
        f"<p>{_e(d.message)}</p>",
    ]
    if where:
        parts.append(f'<div class="where">at {where}</div>')
    if d.witness is not None:
        label = _e(path) if path else "witness"
        parts.append(
            f"<details><summary>witness scenario: {label}</summary>"
            f"<pre>{_e(d.witness.text)}</pre></details>"
        )
    parts.append("</div>")
    return "\n".join(parts)


def _graph(result: CheckResult) -> str:
    from arbiter.solver.cli.html_graph import dependency_section

    return dependency_section(result)


def _cards(result: CheckResult) -> str:
    """Each card's printed text beside its abilities rendered from the card language
    (``arbiter describe``), so a reader sees how arbiter understood it."""
    from arbiter.model.effects.describe import ability

    rows = []
    for card in result.cardset.cards.values():
        lines = [ability(a) for a in card.abilities]
        lines += [f"[{k}: not in the card language yet]" for k in card.unmodelled]
        lines += [f"[{i}: not analysed by the checker yet]" for i in card.described_only]
        shown = "<br>".join(_e(x) for x in lines) or "&mdash;"
        rows.append(
            f"<tr><td><b>{_e(card.name)}</b></td><td>{_e(card.text)}</td><td>{shown}</td></tr>"
        )
    return (
        '<table class="cards"><tr><th>card</th><th>text</th><th>understood as</th></tr>'
        + "".join(rows)
        + "</table>"
    )


def render(checked: Sequence[Checked]) -> str:
    body: list[str] = ["<h1>arbiter check</h1>"]
    for c in checked:
        r = c.result
        n = counts(r.diagnostics)
        body.append(f"<h2>{_e(r.cardset.source)}</h2>")
        body.append(
            f"<p>ruleset <b>{_e(r.cardset.ruleset.name)}</b>, {plural(r.plan.cards, 'card')} in "
            f"{plural(len(r.cardset.files), 'file')}; "
            f"examined {r.plan.pairs} of {r.all_pairs} pairs "
            f"and {r.plan.triples} of {r.all_triples} triples.</p>"
        )
        body.append(
            '<p class="summary">'
            + "".join(
                f'<span class="{s.value}">{plural(n[s.value], s.value)}</span>' for s in SEVERITIES
            )
            + "</p>"
        )
        for sev in SEVERITIES:
            group = [
                (d, p) for d, p in zip(r.diagnostics, c.witnesses, strict=True) if d.severity is sev
            ]
            if group:
                body.append(f"<h3>{_e(sev.value)}s ({len(group)})</h3>")
                body.extend(_diagnostic(d, p) for d, p in group)
        if not r.diagnostics:
            body.append("<p>No problem found.</p>")
        if pending_codes():
            pending = ", ".join(pending_codes())
            body.append(f'<p class="where">Not checked by this build: {_e(pending)}.</p>')
        body.append("<h3>Dependency graph</h3>")
        body.append(_graph(r))
        body.append("<h3>Cards, as arbiter understood them</h3>")
        body.append(_cards(r))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>arbiter check</title>"
        f"<style>{CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
