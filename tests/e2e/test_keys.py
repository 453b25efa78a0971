"""Keyboard shortcuts go by the physical key (``event.code``), so they work on any layout:
on a Russian, Arabic or Korean keyboard the F and H keys type other letters, and still flag and hint."""

from __future__ import annotations

import pytest
from playwright.sync_api import CDPSession, Page, expect

from explainer.core.cells import iter_bits
from explainer.engine.hint import make_hint
from explainer.words.hints import hint_json

from .conftest import LiveServer
from .helpers import api_game, api_move, cell, explanation, load

pytestmark = pytest.mark.e2e

#: what the F and H keys type on each layout (the page in that layout's language)
LAYOUTS = {
    "ru": {"KeyF": "а", "KeyH": "р"},  # ЙЦУКЕН
    "ar": {"KeyF": "ب", "KeyH": "ا"},
    "ko": {"KeyF": "ㄹ", "KeyH": "ㅗ"},  # two-set Hangul
}
#: Windows virtual key codes of the physical keys (what Chromium reports as keyCode)
KEY_CODES = {"KeyF": 70, "KeyH": 72}


def press(session: CDPSession, code: str, text: str) -> None:
    """A real (trusted) key press as the browser gets it from a keyboard with another
    layout: the physical key ``code`` typing ``text`` (``key`` is ``text``, not a Latin letter)."""
    key = {"key": text, "code": code, "windowsVirtualKeyCode": KEY_CODES[code], "nativeVirtualKeyCode": KEY_CODES[code]}
    session.send("Input.dispatchKeyEvent", {"type": "keyDown", "text": text, "unmodifiedText": text, **key})
    session.send("Input.dispatchKeyEvent", {"type": "keyUp", **key})


def started(page: Page, language: str, seed: int = 1) -> str:
    game = api_game(page, preset="beginner", seed=seed)
    api_move(page, game["id"], "open", (4, 4))
    load(page, 81, f"/?lang={language}")
    return game["id"]


@pytest.mark.parametrize("language", list(LAYOUTS))
def test_h_key_shows_the_hint_on_another_layout(page: Page, live_server: LiveServer, language: str) -> None:
    game = started(page, language)
    expected = hint_json(make_hint(live_server.game(game).view()), language)
    assert expected["kind"] == "deduction"
    session = page.context.new_cdp_session(page)
    press(session, "KeyH", LAYOUTS[language]["KeyH"])
    expect(explanation(page)).to_have_text(expected["levels"]["where"])


@pytest.mark.parametrize("language", list(LAYOUTS))
def test_f_key_flags_the_focused_cell_on_another_layout(page: Page, live_server: LiveServer, language: str) -> None:
    game = started(page, language)
    view = live_server.game(game).view()
    row, col = divmod(next(iter_bits(view.covered_mask)), view.width)
    target = cell(page, row, col)
    target.focus()
    expect(target).to_have_attribute("data-cursor", "true")
    session = page.context.new_cdp_session(page)
    press(session, "KeyF", LAYOUTS[language]["KeyF"])
    expect(target).to_have_attribute("data-state", "flagged")
    press(session, "KeyF", LAYOUTS[language]["KeyF"])  # the same key takes the flag off
    expect(target).to_have_attribute("data-state", "covered")


def test_no_shortcut_with_a_modifier_or_while_typing(page: Page, live_server: LiveServer) -> None:
    game = started(page, "ru")
    view = live_server.game(game).view()
    row, col = divmod(next(iter_bits(view.covered_mask)), view.width)
    target = cell(page, row, col)
    target.focus()
    # Ctrl (or Alt, Meta) + the F key is a browser or system shortcut, not a flag
    target.dispatch_event("keydown", {"key": "а", "code": "KeyF", "ctrlKey": True})
    target.dispatch_event("keydown", {"key": "р", "code": "KeyH", "altKey": True})
    # the H key typed into a text field is a letter, not a hint
    page.evaluate(
        """() => {
          const field = document.createElement("input");
          field.dataset.test = "typing";
          document.body.append(field);
        }"""
    )
    field = page.locator('input[data-test="typing"]')
    field.focus()
    press(page.context.new_cdp_session(page), "KeyH", "р")
    expect(field).to_have_value("р")
    # a hint or flag asked for would be queued as the key is pressed: nothing is, or it has landed
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-busy", "false")
    expect(target).to_have_attribute("data-state", "covered")
    assert explanation(page).get_attribute("data-kind") != "deduction"
    expect(explanation(page)).not_to_have_text(hint_json(make_hint(view), "ru")["levels"]["where"])
