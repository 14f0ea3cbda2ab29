"""``arbiter check --html report.html``: one self-contained file (inline CSS, no scripts,
no links out) with every diagnostic, its witness scenario, and the dependency graph of the
passives (solver/cli/html_graph.py).

Filters by severity and by code are checkboxes read by CSS (``:has()``), so the page
needs no script; each diagnostic links to its cards (their text and characteristics as
arbiter read them, in the "Cards" section) and to its witness (in the page, and the
file beside the report).
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Sequence

import yaml

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
.filters{position:sticky;top:0;background:#fff;padding:.4rem 0;border-bottom:1px solid #ddd}
.filters label{margin-right:.8rem;white-space:nowrap}
.card{border:1px solid #ddd;padding:.3rem .8rem;margin:.5rem 0}
:target{outline:2px solid #1a9bc0}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "x"


def card_anchor(set_index: int, cid: str) -> str:
    return f"card-{set_index}-{_slug(cid)}"


def _diagnostic(d: Diagnostic, path: str | None, set_index: int, n: int, base: str) -> str:
    cards = ", ".join(f'<a href="#{card_anchor(set_index, c)}"><b>{_e(c)}</b></a>' for c in d.cards)
    where = ", ".join(_e(str(loc)) for loc in d.locations)
    parts = [
        f'<div class="diag {d.severity.value} code-{_slug(d.code)}" id="diag-{set_index}-{n}">',
        f'<div><span class="code">{_e(d.code)}</span> &middot; {cards} '
        f'<span class="rules">{_e(" ".join(d.rules))}</span></div>',
        f"<p>{_e(d.message)}</p>",
    ]
    if where:
        parts.append(f'<div class="where">at {where}</div>')
    if d.witness is not None:
        label = _e(path) if path else "witness"
        anchor = f"witness-{set_index}-{n}"
        link = ""
        if path:
            href = os.path.relpath(os.path.abspath(path), base).replace(os.sep, "/")
            link = f' <a class="where" href="{_e(href)}">(the file)</a>'
        parts.append(
            f'<details id="{anchor}"><summary>witness scenario: {label}</summary>'
            f"<pre>{_e(d.witness.text)}</pre></details>"
            f'<div class="where"><a href="#{anchor}">witness</a>{link}</div>'
        )
    parts.append("</div>")
    return "\n".join(parts)


def _cards(result: CheckResult, set_index: int, named: set[str]) -> str:
    """The cards the diagnostics name, as arbiter read them: text and characteristics."""
    from arbiter.solver.check.witness import card_object

    parts = []
    for cid, card in result.cardset.cards.items():
        if cid not in named:
            continue
        read = yaml.safe_dump(card_object(card), sort_keys=False, allow_unicode=True)
        where = f' <span class="where">{_e(str(card.where))}</span>' if card.where else ""
        parts.append(
            f'<div class="card" id="{card_anchor(set_index, cid)}"><b>{_e(card.name)}</b> '
            f"({_e(cid)}, {_e(card.kind)}){where}"
            + (f"<p>{_e(card.text)}</p>" if card.text else "")
            + f"<pre>{_e(read)}</pre></div>"
        )
    return "\n".join(parts)


def _filters(codes: list[str]) -> tuple[str, str]:
    """The filter checkboxes and the CSS that hides what is unticked."""
    boxes = ['<div class="filters">Show: ']
    css = []
    for s in SEVERITIES:
        boxes.append(
            f'<label><input type="checkbox" id="show-{s.value}" checked> {s.value}s</label>'
        )
        css.append(f"body:has(#show-{s.value}:not(:checked)) .diag.{s.value}{{display:none}}")
    if codes:
        boxes.append(" &middot; codes: ")
    for code in codes:
        slug = _slug(code)
        boxes.append(
            f'<label><input type="checkbox" id="show-code-{slug}" checked> {_e(code)}</label>'
        )
        css.append(f"body:has(#show-code-{slug}:not(:checked)) .diag.code-{slug}{{display:none}}")
    boxes.append("</div>")
    return "".join(boxes), "\n".join(css)


def _graph(result: CheckResult) -> str:
    from arbiter.solver.cli.html_graph import dependency_section

    return dependency_section(result)


def _understood(result: CheckResult) -> str:
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


def render(checked: Sequence[Checked], report_path: str | None = None) -> str:
    """The page; witness file links are relative to ``report_path``'s folder."""
    base = os.path.dirname(os.path.abspath(report_path)) if report_path else os.getcwd()
    codes = sorted({d.code for c in checked for d in c.result.diagnostics})
    filters, filter_css = _filters(codes)
    body: list[str] = ["<h1>arbiter check</h1>", filters]
    for i, c in enumerate(checked):
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
        k = 0
        for sev in SEVERITIES:
            group = [
                (d, p) for d, p in zip(r.diagnostics, c.witnesses, strict=True) if d.severity is sev
            ]
            if group:
                body.append(f"<h3>{_e(sev.value)}s ({len(group)})</h3>")
                for d, p in group:
                    k += 1
                    body.append(_diagnostic(d, p, i, k, base))
        if not r.diagnostics:
            body.append("<p>No problem found.</p>")
        if pending_codes():
            pending = ", ".join(pending_codes())
            body.append(f'<p class="where">Not checked by this build: {_e(pending)}.</p>')
        named = {cid for d in r.diagnostics for cid in d.cards}
        if named:
            body.append("<h3>Cards</h3>")
            body.append(_cards(r, i, named))
        body.append("<h3>Dependency graph</h3>")
        body.append(_graph(r))
        body.append("<h3>Cards, as arbiter understood them</h3>")
        body.append(_understood(r))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>arbiter check</title>"
        f"<style>{CSS}\n{filter_css}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )
