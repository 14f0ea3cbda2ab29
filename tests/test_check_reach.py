"""The set checks look up what the cards a role can stand for have from tables built once
(solver/check/reach.py) and each kind's first card by id from a table (``first_of``); these
tests pin that both give what listing the candidates gives, on random card sets
(Decisions CHECK-SET, ORD-1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.model.cardset import candidates
from arbiter.model.format.cardset import load_cardset
from arbiter.solver.check.base import CardIndex, build_index
from arbiter.solver.check.foundation import _covers
from arbiter.solver.check.reach import Reach

KINDS = ("character", "region", "spell", "equipment")
STATS = ("attack", "defense", "spirit")
FEATURES = ("Armor", "Flying")


@st.composite
def _cardsets(draw: st.DrawFn) -> str:
    n = draw(st.integers(1, 12))
    ids = [f"c{draw(st.integers(0, 99))}x{i}" for i in range(n)]
    lines = ["ruleset: eredan", "cards:"]
    for cid in ids:
        kind = draw(st.sampled_from(KINDS))
        parts = [f"kind: {kind}"]
        stats = draw(st.lists(st.sampled_from(STATS), unique=True, max_size=2))
        if stats:
            parts.append(
                "base: {" + ", ".join(f"{s}: {draw(st.integers(0, 5))}" for s in stats) + "}"
            )
        feats = draw(st.lists(st.sampled_from(FEATURES), unique=True, max_size=2))
        if feats:
            shown = ", ".join(f"{f}: {draw(st.integers(1, 3))}" for f in feats)
            parts.append("features: {" + shown + "}")
        steps = []
        role = draw(
            st.sampled_from(["self", "t: character", "t: [character, region]", "t: {side: enemy}"])
            | st.sampled_from(ids).map(lambda other: f"t: {{card: {other}}}")
        )
        target = "self" if role == "self" else "t"
        if role != "self":
            parts.append(f"roles: {{{role}}}")
        for _ in range(draw(st.integers(1, 2))):
            if draw(st.booleans()):
                stat = draw(st.sampled_from(STATS))
                steps.append(f"{{modify: {{target: {target}, stat: {stat}, op: add, value: 1}}}}")
            else:
                feat = draw(st.sampled_from(FEATURES))
                number = draw(st.sampled_from(["", ", number: 1", ", number: 3"]))
                steps.append(f"{{gain: {{target: {target}, feature: {feat}{number}}}}}")
        parts.append("effect: [" + ", ".join(steps) + "]")
        lines.append(f"  {cid}: {{{', '.join(parts)}}}")
    return "\n".join(lines) + "\n"


def _index(tmp: Path, text: str) -> CardIndex:
    path = tmp / "set.yaml"
    path.write_text(text, encoding="utf-8")
    return build_index(load_cardset(str(path)))


def _compare(index: CardIndex) -> int:
    reach = Reach(index)
    compared = 0
    for card in index.cardset.cards.values():
        fp = index.prints[card.id]
        for sw in fp.stat_writes:
            listed = candidates(index.cardset, card, sw.role)
            for stat in (*STATS, sw.stat):
                slow = any(stat in c.template.base for c in listed)
                assert reach.has_stat(card, sw.role, stat) == slow
                compared += 1
        for fw in fp.feature_writes:
            listed = candidates(index.cardset, card, fw.role)
            first = listed[0] if listed and all(_covers(c, fw) for c in listed) else None
            assert reach.first_if_all(card, fw, _covers) == first
            compared += 1
    for kinds in ({*KINDS}, {"character"}, {"region", "spell"}, {"nothing"}, set()):
        ids = [cid for k in kinds for cid in index.by_kind.get(k, ())]
        slow_first = index.card(min(ids)) if ids else None
        assert index.first_of(frozenset(kinds)) == slow_first
    return compared


@pytest.mark.rule("CHECK-SET", "ORD-1", "A-CHAR-2", "B-NAMED-1")
@given(_cardsets())
def test_tables_answer_as_the_listed_candidates_on_random_sets(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    _compare(_index(tmp_path_factory.mktemp("reach"), text))


@pytest.mark.rule("CHECK-SET", "ORD-1")
@pytest.mark.parametrize("name", ["eredan", "flawed", "eredan_spells"])
def test_tables_answer_as_the_listed_candidates_on_the_examples(name: str) -> None:
    from tests.helpers import ROOT

    index = build_index(load_cardset(str(ROOT / "examples" / "cardsets" / f"{name}.yaml")))
    assert _compare(index) > 0
