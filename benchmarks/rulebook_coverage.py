"""Coverage of the full rulebooks: every numbered article of the chapters arbiter
answers for, with its status (docs/rulebooks.md).

    python benchmarks/rulebook_coverage.py            # counts per status
    python benchmarks/rulebook_coverage.py --write    # regenerate docs/rulebooks.md
    python benchmarks/rulebook_coverage.py --smoke    # the counts (the test run's mode)

The article list is read from the rulebooks themselves (Riftbound Core Rules 1.3,
Altered Complete Rules 3.0), which the project does not ship: they are looked for
under ``$ARBITER_RULEBOOKS``, then ``../shared/rulebooks`` beside the checkout (and one
level higher). Without them the script says so and exits 0. The statuses are data, in
``docs/rulebook-coverage.yaml``: an entry per article prefix; an article takes the
entry of its longest prefix. No rule text is copied: a row shows article numbers, the
short heading of its top article, and the project's own words.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
STATUS_FILE = ROOT / "docs" / "rulebook-coverage.yaml"
DOC = ROOT / "docs" / "rulebooks.md"
STATUSES = ("implemented", "not applicable", "not yet")


@dataclass(frozen=True)
class Article:
    id: str  # "417.6.b", "7.4.4.m"
    heading: str  # a short title when the rulebook gives one ("" otherwise)


@dataclass(frozen=True)
class Entry:
    prefix: str
    status: str
    tests: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class Book:
    key: str  # "riftbound"
    title: str
    file: str
    mark: str  # the prefix of test marks: "Riftbound 417.6.b"
    chapters: tuple[tuple[str, tuple[str, ...]], ...]  # (chapter name, article prefixes)


def rulebook_dir() -> Path | None:
    candidates = [os.environ.get("ARBITER_RULEBOOKS", "")]
    candidates += [str(ROOT.parent / "shared" / "rulebooks")]
    candidates += [str(ROOT.parent.parent / "shared" / "rulebooks")]
    for c in candidates:
        if c and Path(c).is_dir():
            return Path(c)
    return None


class _Strict(yaml.SafeLoader):
    """YAML whose mappings refuse a key given twice (the second would silently win)."""


def _no_duplicates(loader: _Strict, node: yaml.MappingNode, deep: bool = False) -> object:
    seen: set[object] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            mark = key_node.start_mark
            raise ValueError(f"line {mark.line + 1}: the key {key!r} is given twice")
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _no_duplicates)


def strict_load(text: str) -> object:
    """``text`` as YAML, a key given twice in one mapping refused (ValueError)."""
    return yaml.load(text, Loader=_Strict)  # noqa: S506 - a SafeLoader subclass


def load_books() -> tuple[list[Book], dict[str, list[Entry]]]:
    data = strict_load(STATUS_FILE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    books: list[Book] = []
    entries: dict[str, list[Entry]] = {}
    for key, spec in data.items():
        chapters = tuple(
            (str(c["name"]), tuple(str(p) for p in c["articles"])) for c in spec["chapters"]
        )
        books.append(Book(key, spec["title"], spec["file"], spec["mark"], chapters))
        entries[key] = [
            Entry(
                str(prefix),
                str(e["status"]),
                tuple(str(t) for t in e.get("tests", ())),
                str(e.get("note", "")).strip(),
            )
            for prefix, e in spec["status"].items()
        ]
    return books, entries


# -- reading the article numbers of each rulebook -----------------------------------------

RIFT_ROW = re.compile(
    r'<div class="rule-row rule-(\w+) level-\d"><div class="rule-id">([^<]*)</div>'
    r'<div class="rule-text">(.*?)</div></div>'
)
TOC_LINE = re.compile(r"^(\d+(?:\.\d+)*) (.+?)(?: \.)+$")
ALT_ID = re.compile(r"^(\d+(?:\.\d+)+(?:\.[a-z](?:\.\d+)?)?)\.?(?:\s+(.*))?$")


def riftbound_articles(text: str) -> Iterator[Article]:
    for kind, rid, body in RIFT_ROW.findall(text):
        rid = rid.strip().rstrip(".")
        if not rid:
            continue
        heading = html.unescape(re.sub(r"<[^>]+>", "", body)).strip()
        yield Article(rid, heading if kind in ("chapter", "heading") else "")


def altered_articles(text: str) -> Iterator[Article]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "1.1.1.a")
    titles: dict[str, str] = {}
    for line in lines[:start]:  # the table of contents: "2.2.1 Type . . . ."
        found = TOC_LINE.match(line.strip())
        if found:
            titles[found.group(1)] = found.group(2).strip()
    for line in lines[start - 3 :]:
        found = ALT_ID.match(line.strip())
        if found:
            yield Article(found.group(1), titles.get(found.group(1), ""))


def _key(article: str) -> tuple[tuple[int, str], ...]:
    return tuple((int(c), "") if c.isdigit() else (-1, c) for c in article.split("."))


def in_prefix(article: str, prefix: str) -> bool:
    """``prefix`` is an article ("417.6": it and its sub-articles) or a range of articles
    of one depth ("105-110", "7.4.4.b-7.4.4.e": each of them and their sub-articles), or
    "=X": the article X alone (a heading whose sub-articles have entries of their own)."""
    if prefix.startswith("="):
        return article == prefix[1:]
    if "-" in prefix:
        low, high = prefix.split("-")
        depth = low.count(".") + 1
        parts = article.split(".")
        if len(parts) < depth:
            return False
        head = _key(".".join(parts[:depth]))
        return _key(low) <= head <= _key(high)
    return article == prefix or article.startswith(prefix + ".")


def specificity(prefix: str) -> tuple[int, int, int]:
    """The deeper entry wins; at one depth an article beats a range, a narrower range a
    wider one."""
    if prefix.startswith("="):
        return (prefix.count(".") + 1, 2, 0)
    low, _, high = prefix.partition("-")
    depth = low.count(".") + 1
    if not high:
        return (depth, 1, 0)
    a, b = _key(low)[-1], _key(high)[-1]
    span = b[0] - a[0] if a[0] >= 0 else ord(b[1][:1] or "a") - ord(a[1][:1] or "a")
    return (depth, 0, -span)


def scoped(book: Book, text: str) -> list[tuple[str, Article]]:
    """Every article of the book's chapters, in the rulebook's order, with its chapter."""
    reader = riftbound_articles if book.key == "riftbound" else altered_articles
    out: list[tuple[str, Article]] = []
    seen: set[str] = set()
    for art in reader(text):
        if art.id in seen:
            continue
        for name, prefixes in book.chapters:
            if any(in_prefix(art.id, p) for p in prefixes):
                out.append((name, art))
                seen.add(art.id)
                break
    return out


def entry_of(article: str, entries: list[Entry]) -> Entry | None:
    found = [e for e in entries if in_prefix(article, e.prefix)]
    return max(found, key=lambda e: specificity(e.prefix)) if found else None


# -- the document ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    chapter: str
    entry: Entry
    first: str
    last: str
    count: int
    heading: str


def rows_of(book: Book, text: str, entries: list[Entry]) -> list[Row]:
    rows: list[Row] = []
    headings: dict[str, str] = {}
    for chapter, art in scoped(book, text):
        if art.heading:
            headings[art.id] = art.heading
        entry = entry_of(art.id, entries)
        if entry is None:
            raise SystemExit(f"{book.key}: no status for article {art.id}")
        top = art.id.split(".")[0]
        heading = headings.get(entry.prefix) or headings.get(top, "")
        last = rows[-1] if rows else None
        if last and last.entry is entry and last.chapter == chapter:
            rows[-1] = Row(chapter, entry, last.first, art.id, last.count + 1, last.heading)
        else:
            rows.append(Row(chapter, entry, art.id, art.id, 1, heading))
    unused = [e.prefix for e in entries if not any(r.entry is e for r in rows)]
    if unused:
        raise SystemExit(f"{book.key}: status entries that match no article: {unused}")
    return rows


def counts(rows: list[Row]) -> Counter[str]:
    c: Counter[str] = Counter()
    for r in rows:
        c[r.entry.status] += r.count
    return c


def short(heading: str) -> str:
    words = heading.replace("|", "/").split()
    return " ".join(words[:6]) + (" …" if len(words) > 6 else "")


def render(books: list[tuple[Book, list[Row]]]) -> str:
    out = [
        "# Coverage of the full rulebooks",
        "",
        "<!-- generated by benchmarks/rulebook_coverage.py --write from"
        " docs/rulebook-coverage.yaml; do not edit by hand -->",
        "",
        "Every numbered article of the chapters that arbiter answers for, in the",
        "rulebooks' order: **implemented** (with the tests that check it, each marked",
        '`@pytest.mark.rule("<Game> <article>")`), **not applicable** to a checker (and',
        "why), or **not yet** (and why). A row covers the articles from its first to its",
        "last number that share one status (the count says how many). Headings are the",
        "rulebooks' own short titles; no rule text is reproduced. The policies that",
        "select a rulebook's reading are in docs/rules.md, *Rulebook policies*.",
        "",
    ]
    for book, rows in books:
        c = counts(rows)
        total = sum(c.values())
        out += [f"## {book.title}", ""]
        out.append(f"{total} articles: " + ", ".join(f"{c[s]} {s}" for s in STATUSES) + ".")
        out.append("")
        chapter = ""
        for r in rows:
            if r.chapter != chapter:
                chapter = r.chapter
                out += ["", f"### {chapter}", ""]
                out.append("| articles | n | heading | status | tests / why |")
                out.append("| --- | --- | --- | --- | --- |")
            span = r.first if r.first == r.last else f"{r.first} … {r.last}"
            detail = r.entry.note.replace("\n", " ").replace("|", "/")
            if r.entry.tests:
                detail = " ".join(f"`{t}`" for t in r.entry.tests) + (
                    f" — {detail}" if detail else ""
                )
            out.append(
                f"| {span} (`{r.entry.prefix}`) | {r.count} | {short(r.heading)} |"
                f" {r.entry.status} | {detail} |"
            )
        out.append("")
    return "\n".join(out) + "\n"


def build() -> tuple[str, list[tuple[Book, list[Row]]]] | None:
    where = rulebook_dir()
    if where is None:
        return None
    books, entries = load_books()
    done: list[tuple[Book, list[Row]]] = []
    for book in books:
        path = where / book.file
        if not path.is_file():
            return None
        text = path.read_text(encoding="utf-8")
        for e in entries[book.key]:
            if e.status not in STATUSES:
                raise SystemExit(f"{book.key} {e.prefix}: unknown status {e.status!r}")
        done.append((book, rows_of(book, text, entries[book.key])))
    return render(done), done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="regenerate docs/rulebooks.md")
    parser.add_argument(
        "--smoke", action="store_true", help="the same counts (they are cheap): for the test run"
    )
    args = parser.parse_args(argv)
    built = build()
    if built is None:
        print("rulebook coverage skipped: the rulebooks are not here (set ARBITER_RULEBOOKS)")
        return 0
    doc, books = built
    for book, rows in books:
        c = counts(rows)
        print(f"{book.title}: " + ", ".join(f"{c[s]} {s}" for s in STATUSES))
    if args.write:
        DOC.write_text(doc, encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    elif DOC.is_file() and DOC.read_text(encoding="utf-8") != doc:
        print("docs/rulebooks.md is out of date: run with --write")
    return 0


if __name__ == "__main__":
    sys.exit(main())
