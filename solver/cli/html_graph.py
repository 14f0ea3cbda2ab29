"""The dependency graph of a card set's passives in the HTML report of ``arbiter check``.

The cards with passive abilities are put in play together (Decision
CHECK-SET: every card can meet every other), ordered by solver/dependency/order.py, and
drawn with the drawing of ``arbiter graph`` (solver/dependency/draw.py) as an inline SVG:
no script, no link out, so the report stays one self-contained file.
"""

from __future__ import annotations

import html
import re

from arbiter.model import passives as pv
from arbiter.model.cardset import game_state
from arbiter.solver.check.diagnostics import CheckResult

MAX_CARDS = 24  # beyond this a drawing is unreadable: the first cards, and a note


def _inline_svg(data: dict[str, object]) -> str:
    """The drawing of ``arbiter graph --format svg``, made fit to sit inside HTML: no XML
    prolog or DOCTYPE, no metadata, no namespace URLs (HTML5 knows SVG and xlink)."""
    import matplotlib

    from arbiter.solver.dependency.draw import save

    matplotlib.rcParams["svg.hashsalt"] = "arbiter"  # stable ids: the same report twice
    svg = save(data, "svg").decode("utf-8")
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    svg = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", svg)
    return svg


def dependency_section(result: CheckResult) -> str:
    from arbiter.solver.dependency.order import order_passives
    from arbiter.solver.dependency.view import graph_json

    cs = result.cardset
    with_passives = [cid for cid, c in cs.cards.items() if pv.passives_of(c.template)]
    if not with_passives:
        return "<p>No card of this set has a passive ability: no dependency to draw.</p>"
    shown = with_passives[:MAX_CARDS]
    state = game_state(cs, dict.fromkeys(shown, "you"))
    data = graph_json(state, order_passives(state))
    parts = [
        f"<p>The passives of {len(shown)} card(s) in play together, in file order "
        "(timestamps); an arrow goes from a passive to one it depends on (A-DEP-1), red "
        "arrows are cycles, which fall back to timestamps (A-ORDER-1).</p>",
        _inline_svg(data),
    ]
    if len(with_passives) > len(shown):
        parts.append(
            f"<p>{len(with_passives) - len(shown)} more card(s) with passives are not drawn; "
            "the dependency-cycle diagnostics above cover every pair.</p>"
        )
    cycles = data["cycles"]
    assert isinstance(cycles, list)
    for cycle in cycles:
        assert isinstance(cycle, list)
        arrow = " → ".join(str(p) for p in [*cycle, cycle[0]])
        parts.append(f'<p class="where">cycle: {html.escape(arrow)}</p>')
    return "\n".join(parts)
