"""Installable, in a real browser: the service worker registers from every page, takes over the site, keeps
the static files and the offline page; without a network a page shows the offline page, in the page's
language, with its styles; pages and API replies are never served from the cache."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from explainer.words.i18n import translations
from web.pages.pwa import compute_version, precached_files

from .conftest import LiveServer

pytestmark = pytest.mark.e2e

READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return {scope: registration.scope, state: registration.active.state, script: registration.active.scriptURL};
}"""

KEPT = """async () => {
  const names = await caches.keys();
  const urls = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
  }
  return {names, urls};
}"""

# Whether the offline page the worker keeps is in ``language``, waiting (up to 10 s) for it to become so.
# (wait_for_function would not wait: an async predicate's promise counts as true at once.)
OFFLINE_LANGUAGE = """async (language) => {
  const deadline = performance.now() + 10000;
  while (performance.now() < deadline) {
    const kept = await caches.match("/offline");
    if (kept !== undefined && kept.headers.get("Content-Language") === language) return true;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return false;
}"""


def worker_in_control(page: Page) -> dict[str, Any]:
    """Wait until the page's service worker has activated and controls the page; its registration."""
    page.wait_for_function("() => navigator.serviceWorker.controller?.state === 'activated'")
    registration: dict[str, Any] = page.evaluate(READY)
    return registration


def test_the_worker_registers_takes_the_site_and_keeps_the_static_files(page: Page, base_url: str) -> None:
    page.goto("/")
    registration = worker_in_control(page)
    assert registration == {"scope": f"{base_url}/", "state": "activated", "script": f"{base_url}/sw.js"}
    config = page.request.get("/sw.js").text()
    version = config.split('"version": "')[1].split('"')[0]
    kept = page.evaluate(KEPT)
    assert kept["names"] == [f"minesweeper-{version}"]
    assert {"/offline", "/static/css/app.css", "/static/js/page.js", "/static/js/main.js", "/static/img/icon-512.png"} <= set(kept["urls"])
    assert [url for url in kept["urls"] if not url.startswith("/static/")] == ["/offline"]


def test_offline_a_page_is_the_offline_page_in_the_pages_language(page: Page) -> None:
    german = translations("de")
    page.goto("/stats?lang=de")
    worker_in_control(page)
    assert page.evaluate(OFFLINE_LANGUAGE, "de")  # the page told the worker its language

    page.context.set_offline(True)
    page.goto("/stats?lang=de")
    offline = page.locator('[data-role="offline"]')
    expect(offline.locator("h2")).to_have_text(german.gettext("The server cannot be reached"))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_title(f"{german.gettext('Offline')} · {german.gettext('Explainable Minesweeper')}")
    assert page.url.endswith("/stats?lang=de")  # shown in place of the page asked, which "Try again" loads
    # the stylesheet came from the worker's cache: the header has its padding, the retry link looks like a button
    assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).display") == "flex"
    assert page.evaluate("getComputedStyle(document.querySelector('[data-action=retry]')).borderTopStyle") == "solid"

    page.context.set_offline(False)
    page.click('[data-action="retry"]')
    expect(page.locator('[data-nav="stats"]')).to_have_attribute("aria-current", "page")
    expect(page.locator('[data-role="offline"]')).to_have_count(0)


def test_pages_and_api_replies_never_come_from_the_cache(page: Page) -> None:
    """The game page, with the player's game, and an API reply, both fetched through the worker online: neither
    is kept, so offline the page is the offline page (in English here) and the API call fails."""
    page.goto("/?lang=en")
    worker_in_control(page)
    page.goto("/?lang=en")  # through the worker this time
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "ready")
    assert page.evaluate("fetch('/api/account').then((reply) => reply.ok)")
    assert page.evaluate(OFFLINE_LANGUAGE, "en")
    reply = page.goto("/api/account")  # a link to JSON (the stats page has one): through the worker, not kept
    assert reply is not None and reply.ok and reply.headers["content-type"].startswith("application/json")
    page.go_back()
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "ready")
    kept = page.evaluate(KEPT)["urls"]
    assert "/static/js/board.js" in kept and not [url for url in kept if url.startswith("/api/") or not url.startswith(("/static/", "/offline"))]

    page.context.set_offline(True)
    page.reload()
    expect(page.locator('[data-role="offline"] h2')).to_have_text("The server cannot be reached")
    expect(page.locator('[data-role="board"]')).to_have_count(0)
    assert page.evaluate("fetch('/api/account').then(() => 'answered', () => 'failed')") == "failed"
    page.context.set_offline(False)


# The worker's cache names, waiting (up to 10 s) until they are exactly ``names``.
CACHE_NAMES = """async (names) => {
  const deadline = performance.now() + 10000;
  while (performance.now() < deadline) {
    if (JSON.stringify(await caches.keys()) === JSON.stringify(names)) return true;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return false;
}"""


def test_static_files_come_from_the_cache_and_a_deploy_replaces_them(page: Page, live_server: LiveServer, tmp_path: Path) -> None:
    """Controlled, a page's static files come from the cache: the worker asks the network for none.  After a
    deploy (here: the server's static folder swapped for a copy with a changed stylesheet) the first page
    already has the new stylesheet (its HTML says another version: the old worker lets it load its static files
    from the network), and the new worker replaces the cache."""
    page.goto("/")
    worker_in_control(page)
    worker_fetched: list[str] = []
    page.context.on("request", lambda request: worker_fetched.append(request.url) if request.service_worker else None)
    page.reload()
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "ready")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert not [url for url in worker_fetched if "/static/" in url]

    app = live_server.app
    before = (app.static_folder, dict(app.extensions["pwa"]))
    static = tmp_path / "static"
    shutil.copytree(str(app.static_folder), static)
    with (static / "css" / "app.css").open("a") as css:
        css.write("\n:root { --deployed: yes; }\n")
    app.static_folder = str(static)
    app.extensions["pwa"] = {"version": compute_version(app), "files": precached_files(app)}
    try:
        assert app.extensions["pwa"]["version"] != before[1]["version"]
        page.reload()
        expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "ready")
        assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--deployed').trim()") == "yes"
        assert page.evaluate(CACHE_NAMES, [f"minesweeper-{app.extensions['pwa']['version']}"])  # the new worker's
        page.wait_for_function("() => navigator.serviceWorker.controller?.state === 'activated'")
    finally:
        app.static_folder, app.extensions["pwa"] = before


def test_the_browser_bar_follows_the_theme_the_player_chooses(page: Page) -> None:
    """The theme-color follows the Dark mode toggle, not only the system's scheme."""
    page.emulate_media(color_scheme="light")
    page.goto("/")

    def colors() -> list[list[str]]:
        return page.eval_on_selector_all('meta[name="theme-color"]', "metas => metas.map(m => [m.content, m.media])")

    page.click('[data-action="theme"]')  # dark, chosen
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert {content for content, media in colors()} == {"#1a2029"} and all(not media for _c, media in colors())
    page.click('[data-action="theme"]')  # light, chosen
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert {content for content, media in colors()} == {"#ffffff"}
