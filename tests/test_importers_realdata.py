"""``arbiter import`` on the published pools, when this machine has them
(``$ARBITER_REALDATA`` or ``../shared/realdata``); skipped with the reason otherwise.
Coverage numbers go to docs/benchmarks.md (benchmarks/coverage.py), never to asserts."""

from __future__ import annotations

import pytest

from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.importers.coverage import Status, import_pool
from arbiter.model.format.importers.emit import write_sets
from arbiter.model.format.importers.patterns import LineParser
from arbiter.model.format.importers.sources import Game, find_realdata, load_pool, pool_file
from arbiter.model.format.importers.text import squash
from arbiter.solver.check.base import Severity
from arbiter.solver.check.diagnostics import run_check
from tests.helpers import ROOT

REALDATA = find_realdata(str(ROOT))


def _pool_or_skip(game: Game) -> str:
    path = pool_file(REALDATA, game)
    if path is None:
        pytest.skip(
            f"no published {game.value} pool here (set ARBITER_REALDATA or put it in "
            "../shared/realdata/): the importer is tested on synthetic fixtures only"
        )
    return path


@pytest.mark.rule("IMP-READ", "IMP-KW")
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_every_published_card_is_read_and_every_keyword_is_mapped(game: Game) -> None:
    pool = load_pool(game, _pool_or_skip(game))
    assert pool.skipped == ()
    cards = import_pool(pool)
    assert len(cards) == len(pool.cards)
    parser = LineParser(game, {t for c in pool.cards for t in c.tags})
    from arbiter.model.format.importers.coverage import unmapped_keywords

    assert dict(unmapped_keywords(cards, parser.keywords)) == {}


@pytest.mark.rule("IMP-FULL")
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_every_modelled_published_line_renders_back_to_itself(game: Game) -> None:
    pool = load_pool(game, _pool_or_skip(game))
    for card in import_pool(pool):
        for r in card.lines:
            if r.reading.modelled and r.line.text:
                assert squash(r.reading.rendering) == squash(r.line.text.rstrip("."))


@pytest.mark.rule("CHECK-IMPORT")
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_checking_a_whole_published_pool_finds_no_false_error(game: Game, tmp_path: object) -> None:
    pool = load_pool(game, _pool_or_skip(game))
    cards = import_pool(pool)
    files = write_sets(cards, game, str(tmp_path), "en")
    result = run_check(load_cardset(f"{tmp_path}/{files[-1]}"))
    assert result.plan.cards == len(cards)
    # no error or warning; the only rulings are the questions the pool really raises
    # between the rulebook's versions (an imported "switch Expeditions" beside a Gigantic
    # character: Altered 7.4.4.m, issue 17's ruling-rulebook-version)
    found = {(d.severity, d.code) for d in result.diagnostics}
    assert found <= {(Severity.INFO, "not-modelled"), (Severity.RULING, "ruling-rulebook-version")}
    infos = [d for d in result.diagnostics if d.severity is Severity.INFO]
    opaque_lines = sum(len(c.not_modelled) for c in cards if c.status is not Status.FULL)
    assert len(infos) == opaque_lines


@pytest.mark.rule("IMP-ALGEBRA", "IMP-FULL")
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_describe_renders_every_card_of_a_whole_published_pool(
    game: Game, tmp_path: object
) -> None:
    from arbiter.solver.cli.describe import describe_cards

    pool = load_pool(game, _pool_or_skip(game))
    cards = import_pool(pool)
    files = write_sets(cards, game, str(tmp_path), "en")
    described = describe_cards(f"{tmp_path}/{files[-1]}", None)
    assert len(described) == len(cards)
    by_id = {c.raw.id: c for c in cards}
    for entry in described:
        card = by_id[str(entry["id"])]
        converted = [ab for r in card.lines if r.modelled for ab in r.abilities]
        shown = entry["abilities"]
        assert isinstance(shown, list)
        assert bool(shown) == bool(converted)  # every converted ability is described
        assert all(isinstance(x, str) and x for x in shown)
