"""Card keys written by ``arbiter import`` (docs/format.md, "Imported card pools").

- ``source: {set, number, lang, text, not_modelled: [lines]}``: where the card comes
  from, its printed text, and the lines arbiter did not model (``arbiter check``
  reports each once, as the info diagnostic ``not-modelled``);
- ``reading: [{line, text, rules, reads}]``: arbiter's reading of each modelled line
  (its rendering, the rule articles of its forms, and the reading in the importer's
  clause vocabulary; kept as data, ``reads`` is not executed).

Both are validated for shape; neither changes the card's object.
"""

from __future__ import annotations

from arbiter.model.format.context import ObjectKeyParser, ParseContext
from arbiter.model.format.document import Node
from arbiter.model.state import GameObject

SOURCE_KEYS = {"set", "number", "lang", "text", "not_modelled", "id"}


def _source(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    m = node.mapping(SOURCE_KEYS, required=("set",), what="a card's source")
    for key in ("set", "number", "lang", "text", "id"):
        if key in m and not isinstance(m[key].value, str):
            m[key].fail(f"the card's {key} (a string)")
    for line in m["not_modelled"].seq("a list of lines") if "not_modelled" in m else []:
        if not isinstance(line.value, str):
            line.fail("a line of the card's text")
    return obj


def _reading(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    for item in node.seq("a list of readings"):
        m = item.mapping({"line", "text", "rules", "reads"}, required=("line", "text"))
        m["line"].integer(1, 1000)
        m["text"].text("the line as arbiter reads it")
    return obj


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "source": _source,
    "reading": _reading,
}
