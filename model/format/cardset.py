"""Card-set files (docs/format.md, "Card sets") validated into a ``CardSet``.

A card set names its ruleset, may ``include:`` other card-set files of the same
folder (never outside it: absolute paths, ``..`` and symlinks that leave the
folder are refused, and so are include cycles), and holds ``cards:``. Card keys
of the areas (``OBJECT_KEY_PARSERS`` of ``areas.py``) are parsed by the same parsers
as scenario objects. A card's one-shot ``effect`` uses the scenario
step syntax with role names (``self`` and the card's ``roles``) as object ids.
"""

from __future__ import annotations

import os
from dataclasses import replace

from arbiter.model.cardset import SIDES, Card, CardSet, Reference, Role, performed_refs
from arbiter.model.collector import paused
from arbiter.model.errors import InputError
from arbiter.model.format.areas import OBJECT_KEY_PARSERS
from arbiter.model.format.cards_v2 import V2_KEYS, engine_abilities, lowered, upgraded
from arbiter.model.format.context import (
    ParseContext,
    _base,
    _counters,
    _features,
    parse_protection,
)
from arbiter.model.format.document import Document, Node, load
from arbiter.model.format.scenario import _ruleset, parse_step
from arbiter.model.imported_play import attach as attach_played
from arbiter.model.ruleset import Ruleset
from arbiter.model.state import GameObject, GameState
from arbiter.model.steps import BoostFeature, GainFeature, Modify, Protect, Step

TOP_KEYS = {
    "ruleset",
    "policies",
    "include",
    "cards",
    "title",
    "description",
    "include_only",
    "format",
}
CARD_KEYS = {
    "name",
    "kind",
    "text",
    "base",
    "features",
    "keywords",
    "protections",
    "roles",
    "effect",
    "counters",
    "suppress",
}
PLAYERS = ("you", "opponent")
MAX_INCLUDES = 64


def load_cardset(filename: str, text: str | None = None) -> CardSet:
    """Parse a card-set file (or ``text`` under that name) and the files it includes;
    bad input is a located InputError. (The collector is paused meanwhile: model/collector.py.)"""
    with paused():
        return read_cardset(load(filename, text))


def read_cardset(
    doc: Document, *, players: tuple[str, ...] = PLAYERS, extra_keys: frozenset[str] = frozenset()
) -> CardSet:
    """The card set of a loaded document. ``arbiter loops`` reads card sets with this same
    reader; it allows its own top-level keys (``extra_keys``) and names its players."""
    folder = os.path.realpath(doc.folder)
    cards: dict[str, Card] = {}
    files: list[str] = []
    reader = _Reader(folder, players, extra_keys)
    ruleset = reader.read(doc, cards, files, [os.path.realpath(doc.name)], None)
    return CardSet(doc.name, ruleset, cards, tuple(files), upgraded=tuple(reader.old))


def _check_include_only(node: Node) -> None:
    if node.value is True or node.value is False:
        return
    node.text("true, or the name of the file that includes this one")


class _Reader:
    """What every file of one card set is read with: its folder, players and extra keys."""

    def __init__(self, folder: str, players: tuple[str, ...], extra_keys: frozenset[str]):
        self.folder = folder
        self.players = players
        self.extra_keys = extra_keys
        self.old: list[str] = []  # files of format 1, read by upgrading them in memory

    def read(
        self,
        doc: Document,
        cards: dict[str, Card],
        files: list[str],
        stack: list[str],
        expected: tuple[str, Node] | None,
    ) -> Ruleset:
        return _read(doc, self, cards, files, stack, expected)


def _read(
    doc: Document,
    reader: _Reader,
    cards: dict[str, Card],
    files: list[str],
    stack: list[str],
    expected: tuple[str, Node] | None,
) -> Ruleset:
    files.append(doc.name)
    folder = reader.folder
    top = doc.node().mapping(
        TOP_KEYS | reader.extra_keys, required=("ruleset",), what="a card set: a mapping"
    )
    ruleset = _ruleset(top["ruleset"], top.get("policies"))
    version = top["format"].integer(1, 2) if "format" in top else 1
    if version == 1:
        reader.old.append(doc.name)
    if "include_only" in top:
        _check_include_only(top["include_only"])
    game = str(top["ruleset"].value)  # the game the file names (an included file: the same)
    if expected is not None and game != expected[0]:
        top["ruleset"].fail(f"the ruleset of the including file ({expected[0]})")
    for inc in top["include"].seq("a list of file names") if "include" in top else []:
        path, shown = _include_path(inc, folder, stack)
        if path in (os.path.realpath(f) for f in files):
            continue  # already read through another include: its cards are there
        if len(files) >= MAX_INCLUDES:
            inc.fail(f"at most {MAX_INCLUDES} files in one card set", got=False)
        included = _load_card_file(inc, path, shown)
        reader.read(included, cards, files, [*stack, path], (game, top["ruleset"]))
    if "cards" in top:
        for cid, cnode in top["cards"].mapping(what="a mapping of card ids to cards").items():
            Node(doc, cnode.path, cid).ident("a card id")
            if cid in cards:
                cnode.fail(
                    f"a new card id: '{cid}' is already a card of this set", key=True, got=False
                )
            cards[cid] = parse_card(cnode, cid, ruleset, reader.players, version)
    return ruleset


def include_only(filename: str | Document) -> str | None:
    """A part of a set, checked only through the file that includes it (Decision
    CHECK-PART): the including file named by ``include_only: <file>``, ``""`` for
    ``include_only: true``, or None. (Given the loaded document, the file is not read
    again.)"""
    doc = load(filename) if isinstance(filename, str) else filename
    top = doc.node().value
    value = top.get("include_only") if isinstance(top, dict) else None
    if value is True:
        return ""
    return value if isinstance(value, str) else None


def _load_card_file(node: Node, path: str, shown: str) -> Document:
    """An included file, read only once it is known to be a card-set file: a file with
    other hard links (it may be a file of another folder) is refused, and so is a file that
    is not a YAML mapping with ``ruleset:`` and card-set keys only; the message never
    quotes the file's content (it may be a secret that is not a card file)."""
    name = os.path.basename(shown)
    not_cards = (
        f"expected a card-set file; {name} is not a YAML mapping with ruleset: "
        "(its content is not shown)"
    )
    try:
        links = os.stat(path).st_nlink
    except OSError:
        node.fail("expected an existing file of the same folder", got=False)
    if links > 1:
        node.fail(
            f"expected a file with no other hard link; {name} has {links - 1} "
            "(it may be a file of another folder, its content is not read)",
            got=False,
        )
    try:
        doc = load(shown)
    except InputError:
        node.fail(not_cards, got=False)
    root = doc.root
    if not isinstance(root, dict) or "ruleset" not in root:
        node.fail(not_cards, got=False)
    return doc


def _include_path(node: Node, folder: str, stack: list[str]) -> tuple[str, str]:
    """The real path of an included file (and its name as shown in messages), refused
    unless it lies in the card set's own folder."""
    name = node.text("a file name of the same folder")
    if os.path.isabs(name):
        node.fail("a file of the same folder, not an absolute path")
    path = os.path.realpath(os.path.join(folder, name))
    if os.path.dirname(path) != folder:
        node.fail("a file of the card set's own folder (includes never reach outside it)")
    if path in stack:
        chain = " -> ".join(os.path.basename(p) for p in [*stack, path])
        node.fail(f"an include that is not a cycle ({chain})", got=False)
    if not os.path.isfile(path):
        node.fail("an existing file of the same folder")
    return path, os.path.join(os.path.dirname(node.doc.name), name)


def _roles(node: Node) -> tuple[Role, ...]:
    roles: list[Role] = []
    for name, rnode in node.mapping(what="a mapping of role names to roles").items():
        Node(node.doc, rnode.path, name).ident("a role name")
        if name == "self":
            rnode.fail(
                "a role name other than 'self' (self is always the card itself)",
                key=True,
                got=False,
            )
        if isinstance(rnode.value, str | list):
            roles.append(Role(name, rnode.string_set(), where=rnode.where))
            continue
        m = rnode.mapping({"kind", "side", "card"})
        kinds = m["kind"].string_set() if "kind" in m else frozenset()
        side = m["side"].choice(SIDES) if "side" in m else "any"
        card = m["card"].ident("a card id") if "card" in m else None
        roles.append(Role(name, kinds, side, card, rnode.where))
    return tuple(roles)


def _role_object(role: Role, timestamp: int) -> GameObject:
    owner = "opponent" if role.side == "enemy" else "you"
    kind = sorted(role.kinds)[0] if role.kinds else "object"
    return GameObject(id=role.name, owner=owner, kind=kind, timestamp=timestamp)


def _sourced(step: Step, card_id: str) -> Step:
    """A step of a card's effect comes from the card unless it names another source."""
    if isinstance(step, Modify | GainFeature | BoostFeature) and not step.source:
        return replace(step, source=card_id)
    if isinstance(step, Protect) and step.protection.source == "effect":
        return replace(step, protection=replace(step.protection, source=card_id))
    return step


def _step_refs(node: Node) -> list[Reference]:
    """Card ids and zones a step names (``source:``, ``zone:``), for the checker."""
    refs: list[Reference] = []
    if not isinstance(node.value, dict):
        return refs
    for kind_key, body in node.value.items():
        if not isinstance(body, dict):
            continue
        inner = node.child(kind_key, body)
        for key, ref_kind in (("source", "card"), ("zone", "zone")):
            if isinstance(body.get(key), str):
                refs.append(Reference(ref_kind, body[key], inner.child(key, body[key]).where))
    return refs


def parse_card(
    node: Node,
    cid: str,
    ruleset: Ruleset,
    players: tuple[str, ...] = PLAYERS,
    version: int = 1,
) -> Card:
    """One card; a format 2 card's card-language keys are lowered to format 1 first
    (``arbiter.model.format.cards_v2``), a format 1 card is read into the card language."""
    if version == 2:
        node.mapping(CARD_KEYS | V2_KEYS | set(OBJECT_KEY_PARSERS), required=("kind",))
        low = lowered(node)
        given = node.value if isinstance(node.value, dict) else {}
        more, missing = upgraded({k: v for k, v in given.items() if k not in V2_KEYS})
        card = parse_card(Node(node.doc, node.path, low.raw), cid, ruleset, players)
        # what the play kernel runs as written (model/imported_play.py: IMP-EXTRA, IMP-ENTER,
        # IMP-MAY, IMP-COST) is no longer described only
        template, ran = attach_played(engine_abilities(low.direct, card.template), low.abilities)
        return replace(
            card,
            template=template,
            written=tuple(ab.ident for ab in low.direct),
            roles=tuple(
                replace(r, selector=low.selectors[r.name]) if r.name in low.selectors else r
                for r in card.roles
            ),
            refs=(*card.refs, *performed_refs(card.effect)),
            abilities=(*low.abilities, *more),
            unmodelled=missing,
            described_only=tuple(i for i in low.skipped if i not in ran),
            keys=frozenset(given) if given else card.keys,
        )
    m = node.mapping(CARD_KEYS | set(OBJECT_KEY_PARSERS), required=("kind",))
    kind = m["kind"].ident("a card kind")
    features = _features(m["features"]) if "features" in m else {}
    if "keywords" in m:
        for name, feature in _features(m["keywords"]).items():
            if name in features:
                m["keywords"].fail(
                    f"keywords that are not also features ('{name}' is both)", got=False
                )
            features[name] = feature
    refs: list[Reference] = []
    protections = []
    for p in m["protections"].seq() if "protections" in m else []:
        prot = parse_protection(p, cid)
        if isinstance(p.value, dict) and "source" in p.value:
            refs.append(Reference("card", prot.source, p.child("source", prot.source).where))
        protections.append(prot)
    template = GameObject(
        id=cid,
        owner="you",
        kind=kind,
        card=cid,
        base=_base(m["base"]) if "base" in m else {},
        features=features,
        protections=tuple(protections),
        timestamp=1,
        counters=_counters(m["counters"]) if "counters" in m else {},
    )
    roles = _roles(m["roles"]) if "roles" in m else ()
    for role in roles:
        if role.card is not None:
            refs.append(Reference("card", role.card, role.where))
    state = GameState(ruleset, players, {"self": replace(template, id="self")})
    for i, role in enumerate(roles):
        state = state.with_object(_role_object(role, i + 2))
    ctx = ParseContext(node.doc, state)
    ctx.strict_stats = False  # unknown characteristics are diagnostics here, not input errors
    for key in OBJECT_KEY_PARSERS:
        if key in m:
            template = OBJECT_KEY_PARSERS[key](m[key], ctx, template)
    effect: list[Step] = []
    for snode in m["effect"].seq("a list of steps") if "effect" in m else []:
        effect.append(_sourced(parse_step(snode, ctx), cid))
        refs.extend(_step_refs(snode))
    name = m["name"].text("a card name") if "name" in m else cid
    text = m["text"].text("the card's text") if "text" in m else ""
    abilities, missing = upgraded(node.value if isinstance(node.value, dict) else {})
    return Card(
        id=cid,
        name=name,
        kind=kind,
        text=text,
        template=template,
        roles=roles,
        effect=tuple(effect),
        refs=tuple(refs),
        keys=frozenset(m),
        where=node.doc.location(node.path, key=True),
        area_keys={k: m[k].value for k in sorted(m) if k in OBJECT_KEY_PARSERS},
        abilities=abilities,
        unmodelled=missing,
        suppress=_suppress(m["suppress"]) if "suppress" in m else {},
    )


def _suppress(node: Node) -> dict[str, str]:
    """``suppress: {code: reason}``: diagnostics of these codes that name this card are
    not reported by ``arbiter check`` (counted as suppressed); every one gives its reason."""
    out: dict[str, str] = {}
    for code, reason in node.mapping(what="a mapping of diagnostic codes to reasons").items():
        Node(node.doc, reason.path, code).ident("a diagnostic code")
        out[code] = reason.text("the reason of the suppression: a non-empty string")
    return out
