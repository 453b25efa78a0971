"""Requests from another site, in a real browser: a page on another origin that
posts forms or calls fetch against the app cannot move the player's game,
start a puzzle or replace their session, and cannot frame the app."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from .conftest import LiveServer
from .helpers import api_game, api_move

EVIL = "http://evil.test"


def _serve(page: Page, html: str) -> None:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=html)

    page.route(f"{EVIL}/**", fulfil)


def _cookies(page: Page) -> dict[str, str]:
    return {c["name"]: c["value"] for c in page.context.cookies()}


def test_forms_and_fetches_from_another_site_change_nothing(page: Page, base_url: str, live_server: LiveServer) -> None:
    page.goto("/")
    game = api_game(page, preset="beginner", seed=3)["id"]
    api_move(page, game, "open", (4, 4))
    before = live_server.game(game).to_dict()
    cookies = _cookies(page)
    assert cookies.get("session")

    targets = [f"/api/games/{game}/bot", f"/api/games/{game}/replay", f"/api/games/{game}/open",
               "/api/learn/lessons/pair/puzzles", "/api/games", "/language"]
    for path in targets:
        html = (
            f'<form id="f" method="post" enctype="text/plain" action="{base_url}{path}">'
            '<input name=\'{"row":0,"col":0,"x":"\' value=\'"}\'><input name="lang" value="de"></form>'
            '<script>document.getElementById("f").submit()</script>'
        )
        _serve(page, html)
        # the form's own POST (the site's service worker may still be fetching its files in the background)
        target = f"{base_url}{path}"
        with page.expect_response(lambda r: r.url == target and r.request.method == "POST") as answer:
            page.goto(f"{EVIL}/form")
        assert answer.value.status in (403, 415), (path, answer.value.status)
        page.unroute(f"{EVIL}/**")

    # fetch from the other site, with credentials, as a "simple" request (no preflight)
    fetches = ", ".join(
        f'fetch("{base_url}{path}", {{method: "POST", mode: "no-cors", credentials: "include", '
        f'headers: {{"Content-Type": "text/plain"}}, body: "{{}}"}})'
        for path in targets
    )
    # every fetch answered (an opaque reply) or refused: the page says so in its title
    _serve(page, f'<script>Promise.allSettled([{fetches}]).then(() => {{ document.title = "settled"; }});</script>')
    page.goto(f"{EVIL}/fetch")  # (Chromium may also block these as a public page reaching a local address)
    expect(page).to_have_title("settled")

    assert live_server.game(game).to_dict() == before
    assert _cookies(page) == cookies
    page.goto("/")
    # the page's script shows the session's game once it has loaded it: wait for that state
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-id", game)


def test_the_app_cannot_be_framed_by_another_site(page: Page, base_url: str) -> None:
    # the frame's load event fires once the browser has loaded it or refused it: the page says so in its title
    _serve(page, f'<iframe id="app" src="{base_url}/" width="800" height="600" onload="document.title = \'framed\'"></iframe>')
    page.goto(f"{EVIL}/frame")
    expect(page).to_have_title("framed")
    frames = [frame for frame in page.frames if frame != page.main_frame]
    assert frames, "the iframe was not created"
    for frame in frames:
        assert frame.locator(".cell").count() == 0  # the app's page did not load inside the frame
