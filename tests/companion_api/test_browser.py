"""The page in a real browser (Debian's chromium): the demo game runs live, an injected
illegal move raises the alert with its rule in both languages; saves docs/screenshot.png."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from fastapi import FastAPI

if TYPE_CHECKING:
    from playwright.sync_api import Page

from companion_api.deps import get_detector
from companion_api.main import create_app
from companion_api.settings import DEMO_TRUTH, DEMO_VIDEO, ROOT, Settings
from tests.companion_api.test_restart import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="needs Debian's chromium at /usr/bin/chromium "
                                       "(apt-get install -y chromium)")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, FastAPI]]:
    import uvicorn

    from companion_api.demo import TruthDetector

    port = free_port()
    settings = Settings(db=tmp_path / "g.sqlite", source=str(DEMO_VIDEO), loop_source=True,
                        names=["Anna", "Ben", "Cem", "Dora"], port=port)
    app = create_app(settings)
    app.dependency_overrides[get_detector] = lambda: TruthDetector(DEMO_TRUTH)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", timeout_graceful_shutdown=1))
    th = threading.Thread(target=server.run, daemon=True)
    th.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            if httpx.get(f"{base}/api/status", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield base, app
    server.should_exit = True
    th.join(10)


@pytest.fixture
def server(served: tuple[str, FastAPI]) -> str:
    return served[0]


@pytest.fixture
def browser_page() -> Iterator[tuple[Page, list[str]]]:
    """A page in Debian's chromium, and the errors its scripts raise."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            yield page, errors
        finally:
            browser.close()


def test_page_shows_the_live_game_and_alerts_an_illegal_move(
        server: str, browser_page: tuple[Page, list[str]]) -> None:
    from playwright.sync_api import expect

    page, errors = browser_page
    # the injected move leaves the live game apart from what the video shows, so the
    # tracker may ask what happened; a player with nothing to tell says so
    page.add_locator_handler(page.locator("#question-dlg[open]"),
                             lambda dlg: page.click("#question-ignore"))
    page.goto(server + "/")
    expect(page.locator("#seats .seat")).to_have_count(4)
    expect(page.locator(".seat").first).to_contain_text("Anna")
    # the live view advances: the stream shows frames, the referee reads the first move
    page.wait_for_function("document.querySelector('#video').naturalWidth > 0")
    expect(page.locator("#discard-top")).to_have_text("5", timeout=10_000)  # blue-5
    expect(page.locator('.seat[data-seat="0"] .card')).not_to_have_count(0,
                                                                         timeout=10_000)
    status: dict[str, Any] = httpx.get(f"{server}/api/status").json()
    assert status["source"]["frames_processed"] > 5
    # inject an illegal move: a seat whose turn it is not collects a card
    state = httpx.get(f"{server}/api/games/live").json()
    seat = (state["to_move"] + 2) % 4
    r = httpx.post(f"{server}/api/games/{state['id']}/observations",
                   json={"text": f"seat {seat}: collect:green-0"})
    assert r.status_code == 200 and r.json()["events"][0]["violations"]
    alert = page.locator("#alert")
    expect(alert).to_be_visible(timeout=5_000)
    expect(alert).to_contain_text("Out of turn")
    expect(alert).to_contain_text("although it was not its turn")
    expect(page.locator(f'.seat[data-seat="{seat}"]')).to_have_class("seat flagged")
    page.click("#lang")
    expect(alert).to_contain_text("Nicht am Zug")
    expect(alert).to_contain_text("nicht an der Reihe")
    page.click("#lang")
    page.wait_for_timeout(300)
    out = ROOT / "docs" / "screenshot.png"
    if os.environ.get("PASST_SCREENSHOT", "1") != "0":
        page.screenshot(path=str(out))
    # a phone: the same page in one column, nothing wider than the screen
    page.set_viewport_size({"width": 390, "height": 844})
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 392, f"page is {wide} px wide on a 390 px phone"
    assert not errors, errors


def test_a_question_is_asked_once_and_goes_when_the_tracker_takes_it_back(
        served: tuple[str, FastAPI], browser_page: tuple[Page, list[str]]) -> None:
    from playwright.sync_api import expect

    from vision.tracker import Question

    base, app = served
    page, errors = browser_page
    page.goto(base + "/")
    expect(page.locator("#discard-top")).to_have_text("5", timeout=10_000)
    game = app.state.companion.hub.live
    assert game is not None
    dialog = page.locator("#question-dlg")
    # the tracker asks (as the next state shows): the page asks the players once
    with game.lock:
        game.session.questions[901] = Question("Which card went where?", (), 0.0, None)
    expect(dialog).to_be_visible(timeout=5_000)
    expect(dialog).to_contain_text("Which card went where?")
    page.click("#question-ignore")
    expect(dialog).to_be_hidden()
    page.wait_for_timeout(2_000)  # states keep coming: an answered question stays answered
    expect(dialog).to_be_hidden()
    assert 901 not in game.session.questions
    # a question the tracker takes back itself (the table went back) closes on the page
    with game.lock:
        game.session.questions[902] = Question("Was it a misread?", (), 0.0, None)
    expect(dialog).to_contain_text("Was it a misread?", timeout=5_000)
    with game.lock:
        del game.session.questions[902]
    expect(dialog).to_be_hidden(timeout=15_000)  # with the state after the next move
    assert not errors, errors
