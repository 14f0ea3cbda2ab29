"""The HTML report of ``arbiter check``, loaded in a real browser (the system's Chromium,
driven by Playwright): no console or page errors, no request leaves the page, the
dependency graph is visible, a screenshot is not blank, and the filters and links work.

Skipped, with the reason, where Chromium or Playwright is missing (``.ci/run`` installs
the browser). ``ARBITER_CHROMIUM`` names another Chromium binary.
"""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT, cli

FLAWED = str(ROOT / "examples" / "cardsets" / "flawed.yaml")
CHROMIUM = os.environ.get("ARBITER_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is missing (pip install -e '.[dev]')")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    page = folder / "report.html"
    done = cli("check", FLAWED, "--format", "html", "-o", str(page))
    assert done.returncode == 1, done.stderr
    return page


def _open(browser: Any, report: Path) -> tuple[Any, list[str], list[str]]:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "request",
        lambda r: None if r.url.startswith(("file:", "data:", "about:")) else outside.append(r.url),
    )
    page.goto(report.as_uri(), wait_until="load")
    return page, errors, outside


def test_the_report_loads_clean_and_draws_the_graph(browser: Any, report: Path) -> None:
    page, errors, outside = _open(browser, report)
    assert errors == [] and outside == []
    graph = page.locator("svg").first
    assert graph.is_visible()
    box = graph.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100
    shot = page.screenshot(full_page=True)
    import matplotlib.image

    pixels = matplotlib.image.imread(io.BytesIO(shot), format="png")
    assert pixels.shape[0] > 900 and pixels.shape[1] == 1200
    assert float(pixels[..., :3].std()) > 0.05, "the screenshot is blank"
    colours = {tuple(p) for p in (pixels[::7, ::7, :3] * 255).astype(int).reshape(-1, 3)}
    assert len(colours) > 20
    page.close()


def test_filters_hide_by_severity_and_by_code(browser: Any, report: Path) -> None:
    page, errors, _ = _open(browser, report)
    diags = page.locator(".diag")
    total = diags.count()
    errors_n = page.locator(".diag.error").count()
    cycles = page.locator(".diag.code-dependency-cycle").count()
    assert total >= 13 and 0 < errors_n < total and cycles == 1

    def shown() -> int:
        return sum(1 for i in range(diags.count()) if diags.nth(i).is_visible())

    assert shown() == total
    page.uncheck("#show-error")
    assert shown() == total - errors_n and not page.locator(".diag.error").first.is_visible()
    page.check("#show-error")
    page.uncheck("#show-code-dependency-cycle")
    assert (
        shown() == total - cycles and not page.locator(".diag.code-dependency-cycle").is_visible()
    )
    assert errors == []
    page.close()


def test_each_diagnostic_links_to_its_card_and_its_witness(browser: Any, report: Path) -> None:
    page, errors, _ = _open(browser, report)
    first = page.locator(".diag").first
    card_link = first.locator('a[href^="#card-"]').first
    target = card_link.get_attribute("href")
    card_link.click()
    card = page.locator(target)
    assert card.is_visible() and page.url.endswith(target)
    assert "base" in card.inner_text() or "kind" in card.inner_text()
    witness_link = first.locator('a[href^="#witness-"]')
    anchor = witness_link.get_attribute("href")
    witness_link.click()
    assert page.locator(anchor).is_visible()
    file_link = first.locator("a", has_text="(the file)").get_attribute("href")
    assert (report.parent / file_link).is_file()
    assert errors == []
    page.close()
