"""The HTML page of ``arbiter import --html``: one self-contained file (no scripts, no
links out) with coverage per set as a stacked bar chart (inline SVG), the backlog of
unparsed phrases, and every card's printed lines beside arbiter's reading."""

from __future__ import annotations

from html import escape as _e
from typing import Any

COLOURS = {"full": "#2e7d32", "partial": "#f9a825", "opaque": "#c62828", "blank": "#9e9e9e"}
STATUSES = ("full", "partial", "opaque", "blank")

CSS = """
body{font-family:sans-serif;margin:2em;max-width:70em}
table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}
.full{color:#2e7d32}.partial{color:#b07c00}.opaque{color:#c62828}.blank{color:#777}
.no{background:#fde8e8}.yes{background:#e8f5e9}
"""


def chart(per_set: dict[str, dict[str, Any]]) -> str:
    """Stacked horizontal bars, one per set: full, partial, opaque, blank."""
    width, bar, gap, left = 560, 22, 10, 70
    rows = list(per_set.items())
    height = len(rows) * (bar + gap) + 30
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 20}" height="{height}">'
    ]
    for i, (code, row) in enumerate(rows):
        y = i * (bar + gap)
        x = float(left)
        total = max(1, int(row["cards"]))
        parts.append(f'<text x="0" y="{y + 16}" font-size="13">{_e(code)}</text>')
        for status in STATUSES:
            w = width * int(row[status]) / total
            if w > 0:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}" '
                    f'fill="{COLOURS[status]}">'
                    f"<title>{status}: {row[status]}</title></rect>"
                )
            x += w
    y = len(rows) * (bar + gap) + 14
    for j, status in enumerate(STATUSES):
        parts.append(
            f'<rect x="{left + j * 110}" y="{y}" width="12" height="12" fill="{COLOURS[status]}"/>'
        )
        parts.append(f'<text x="{left + j * 110 + 16}" y="{y + 11}" font-size="12">{status}</text>')
    parts.append("</svg>")
    return "".join(parts)


def render(report: dict[str, Any]) -> str:
    per_set = report["per_set"]
    out = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>arbiter import {_e(report['game'])}</title><style>{CSS}</style></head><body>",
        f"<h1>arbiter import: {_e(report['game'])}</h1>",
        f"<p>{report['cards']} cards: <b class='full'>{report['full']} full</b> "
        f"({report['full_pct']} % of the cards with text), "
        f"<span class='partial'>{report['partial']} partial</span>, "
        f"<span class='opaque'>{report['opaque']} opaque</span>, "
        f"<span class='blank'>{report['blank']} blank</span>.</p>",
        "<h2>Coverage per set</h2>",
        chart(per_set),
        "<table><tr><th>set</th><th>cards</th>"
        + "".join(f"<th>{s}</th>" for s in STATUSES)
        + "<th>full %</th></tr>",
    ]
    for code, row in per_set.items():
        out.append(
            f"<tr><td>{_e(code)} {_e(str(row['name']))}</td>"
            + "".join(f"<td>{row[k]}</td>" for k in ("cards", *STATUSES, "full_pct"))
            + "</tr>"
        )
    out.append(
        "</table><h2>Backlog: phrases arbiter does not read yet</h2>"
        "<table><tr><th>cards</th><th>phrase</th></tr>"
    )
    for item in report["backlog"]:
        out.append(f"<tr><td>{item['cards']}</td><td>{_e(item['phrase'])}</td></tr>")
    out.append("</table>")
    out.append(
        "<h2>Backlog: read, but not in the card language yet</h2>"
        "<table><tr><th>lines</th><th>what has no counterpart</th></tr>"
    )
    for item in report.get("algebra_backlog", []):
        out.append(f"<tr><td>{item['lines']}</td><td>{_e(item['missing'])}</td></tr>")
    out.append("</table>")
    if report["unmapped_keywords"]:
        out.append("<p>Keywords not mapped: " + _e(", ".join(report["unmapped_keywords"])) + "</p>")
    out.append(
        "<h2>Cards</h2><table><tr><th>card</th><th>printed line</th>"
        "<th>arbiter describe (the card language)</th></tr>"
    )
    for card in report["per_card"]:
        lines = card["lines"] or [{"text": "", "reading": "", "describe": "", "modelled": True}]
        for i, line in enumerate(lines):
            head = (
                f"<td rowspan='{len(lines)}'><b>{_e(card['name'])}</b><br>{_e(card['id'])}<br>"
                f"<span class='{card['status']}'>{card['status']}</span></td>"
                if i == 0
                else ""
            )
            cls = "yes" if line["modelled"] else "no"
            reading = _rendering(line)
            out.append(
                f"<tr>{head}<td>{_e(line['text'])}</td><td class='{cls}'>{reading}</td></tr>"
            )
    out.append("</table></body></html>")
    return "\n".join(out)


def _rendering(line: dict[str, Any]) -> str:
    """What ``arbiter describe`` says of a modelled line (a keyword line: its keywords, the
    card's features); a line not modelled says why when the grammar read it."""
    if not line["modelled"]:
        lost = line.get("lost")
        return "<i>not modelled</i>" + (f" (no counterpart: {_e(lost)})" if lost else "")
    if line.get("describe"):
        return _e(line["describe"])
    return f"keywords: {_e(line['reading'])}" if line["reading"] else "<i>reminder text only</i>"
