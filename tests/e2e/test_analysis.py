"""The analysis board in the browser: the sample analysed, editing, paste and drop in the community's
formats, export, the share link, playing a position, a game's position opened from the game page, and a
phone."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from playwright.sync_api import Page, Route, expect

from .conftest import LiveServer
from .helpers import board, cell, explanation

pytestmark = pytest.mark.e2e

TILES = "MH,1V,0V,0V\n1V,1V,1V,1V\n0H,0H,1H,MH\n"  # mines at A1 and D3, the bottom row covered


def analysed(page: Page) -> None:
    expect(page.locator('[data-role="board-wrap"][data-analysed]')).to_have_count(1)


def board_rows(page: Page) -> list[str]:
    """The board on screen as rows of the text format."""
    return page.evaluate(
        """() => {
          const rows = [];
          for (const cell of document.querySelectorAll('[data-role="board"] .cell')) {
            const row = Number(cell.dataset.row);
            rows[row] = (rows[row] || "") + (cell.dataset.state === "flagged" ? "F"
              : cell.dataset.state === "revealed" ? (cell.dataset.number === "0" ? "." : cell.dataset.number) : "?");
          }
          return rows;
        }"""
    )


def test_the_sample_is_analysed_with_every_part_of_the_answer(page: Page) -> None:
    page.goto("/analysis")
    analysed(page)
    expect(explanation(page)).to_contain_text("G8")  # the flag on G8 is provably wrong
    deductions = page.locator('[data-role="deductions"] li')
    expect(deductions.first).to_be_visible()
    assert deductions.count() >= 5
    expect(page.locator('[data-role="wrong-flags"] li')).to_have_count(1)
    expect(cell(page, 7, 6)).to_have_attribute("data-wrong-flag", "true")
    deductions.first.hover()  # a deduction's own cells
    expect(page.locator('.cell[data-highlight~="clue"]').first).to_be_visible()
    page.click('[data-action="probabilities"]')
    expect(page.locator(".cell .prob").first).to_be_visible()
    assert "board=" in page.url and "mines=10" in page.url  # the address opens this position again


def test_painting_a_cell_changes_the_position_and_the_answer(page: Page) -> None:
    page.goto("/analysis")
    analysed(page)
    cell(page, 7, 6).click()  # the "?" tool is chosen: the wrong flag goes
    analysed(page)
    expect(page.locator('[data-role="wrong-flags"] li')).to_have_count(1)
    expect(page.locator('[data-role="wrong-flags"] li')).to_have_text("No flag is provably wrong.")
    page.click('label.paint-tool:has(input[value="F"])')
    cell(page, 7, 7).click()
    analysed(page)
    cell(page, 0, 0).focus()
    page.keyboard.press("1")  # keys paint too: a 1 in the corner
    analysed(page)
    assert board_rows(page)[0][0] == "1" and board_rows(page)[7][7] == "F"
    assert "board=1" in unquote(page.url)


def test_a_pasted_file_with_its_layout_can_be_played(page: Page, live_server: LiveServer) -> None:
    page.goto("/analysis")
    analysed(page)
    page.click('[data-role="io"] > summary')
    page.fill("#import-text", TILES)
    page.click('[data-role="import-form"] button[type="submit"]')
    expect(page.locator('[data-role="io-status"]')).to_have_text("Read as tiles.")
    analysed(page)
    assert board_rows(page) == ["?1..", "1111", "????"]
    expect(page.locator('[data-role="layout-note"]')).to_have_text("Layout known: 2 mines.")
    page.check('input[name="show-layout"]')
    expect(cell(page, 0, 0)).to_have_attribute("data-state", "mine")
    page.click('[data-action="play"]')
    expect(page).to_have_url(re.compile(r"/$"))
    expect(board(page)).to_have_attribute("data-game-state", "playing")
    assert board_rows(page) == ["?1..", "1111", "????"]
    game = live_server.game(board(page).get_attribute("data-game-id") or "")
    assert game.layout == 1 << 0 | 1 << 11


def test_a_dropped_binary_file_is_read(page: Page) -> None:
    page.goto("/analysis")
    analysed(page)
    page.click('[data-role="io"] > summary')
    page.set_input_files('[data-role="import-file"]', files=[{"name": "board.mbf", "mimeType": "application/octet-stream", "buffer": bytes([4, 3, 0, 2, 0, 0, 3, 2])}])
    expect(page.locator('[data-role="io-status"]')).to_have_text("Read as mbf.")
    analysed(page)
    assert board_rows(page) == ["????"] * 3
    expect(page.locator('[data-action="play"]')).to_be_enabled()


def test_a_replay_video_given_to_the_analysis_board_opens_its_review(page: Page) -> None:
    from tests.formats.videos import evf

    page.goto("/analysis")
    analysed(page)
    page.click('[data-role="io"] > summary')
    video = evf(5, 5, {(0, 3), (3, 0), (4, 4)}, [("open", (0, 0)), ("open", (4, 4))])
    page.set_input_files('[data-role="import-file"]', files=[{"name": "lost.avf.evf", "mimeType": "application/octet-stream", "buffer": video}])
    expect(page).to_have_url(re.compile(r"/games/[^/]+/review$"))
    expect(page.locator('[data-role="review-moves"] button')).to_have_count(2)


def test_a_bad_paste_says_where_in_the_language_of_the_page(page: Page) -> None:
    page.goto("/analysis?lang=de")
    analysed(page)
    page.click('[data-role="io"] > summary')
    page.fill("#import-text", "1V,1X\n")
    page.click('[data-role="import-form"] button[type="submit"]')
    expect(page.locator('[data-role="status"]')).to_contain_text("Zeile 1, Spalte 2")


def test_export_downloads_the_file_and_the_share_link_opens_the_position(page: Page) -> None:
    page.goto("/analysis")
    analysed(page)
    page.click('[data-role="io"] > summary')
    page.fill("#import-text", TILES)
    page.click('[data-role="import-form"] button[type="submit"]')
    expect(page.locator('[data-role="export-format"] option')).to_have_count(5)
    page.select_option('[data-role="export-format"]', "jsm")
    with page.expect_download() as download:
        page.click('[data-action="download"]')
    path = download.value.path()
    assert download.value.suggested_filename == "position-jsm.mine"
    assert open(path, encoding="utf-8").read() == "4x3x2\nH100\n1111\nHHHH\n"
    share = page.input_value('[data-role="share"]')
    assert "m=g08" in share
    page.goto(share)
    analysed(page)
    assert board_rows(page) == ["?1..", "1111", "????"]
    expect(page.locator('[data-role="layout-note"]')).to_have_text("Layout known: 2 mines.")


def test_the_game_page_opens_its_position_on_the_analysis_board(page: Page) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    cell(page, 4, 4).click()
    expect(board(page)).not_to_have_attribute("data-game-state", "ready")
    rows = board_rows(page)
    page.click('[data-role="analysis-link"]')
    analysed(page)
    assert board_rows(page) == rows
    expect(page.locator('[data-role="layout-note"]')).to_have_text("Layout unknown.")  # hidden while in play


def test_on_a_phone_the_answer_waits_in_its_sheet(phone: Page) -> None:
    phone.goto("/analysis")
    analysed(phone)
    panel = phone.locator(".panel")
    expect(panel).to_have_attribute("data-open", "false")
    first = cell(phone, 0, 0).bounding_box()
    assert first is not None and first["width"] >= 30
    phone.click('[data-action="panel-toggle"]')
    expect(panel).to_have_attribute("data-open", "true")
    expect(explanation(phone)).to_contain_text("G8")


def test_a_list_cut_short_says_how_many_steps_it_shows(page: Page) -> None:
    """A large position's list of deductions is cut to what one answer holds (``tests/web/test_bounds.py``
    makes the server cut it); the page says how many steps it shows of how many.  The server's reply is cut
    here in the browser, on the sample, so the page is tested on its own."""
    cut = {"total": 0}

    def cut_short(route: Route) -> None:
        response = route.fetch()
        data = response.json()
        solution = data["solution"]
        cut["total"] = len(solution["deductions"])
        solution["deductions"] = solution["deductions"][:2]
        solution["truncated"] = True
        solution["deductions_total"] = cut["total"]
        route.fulfill(response=response, json=data)

    page.route(re.compile(r"/api/positions/analysis\?"), cut_short)
    page.goto("/analysis")
    analysed(page)
    note = page.locator('[data-role="deductions-cut"]')
    expect(note).to_be_visible()
    expect(page.locator('[data-role="deductions"] li')).to_have_count(2)
    assert cut["total"] > 2
    expect(note).to_have_text(f"Steps shown: 2 of {cut['total']}. The rest did not fit in one answer.")
    page.unroute(re.compile(r"/api/positions/analysis\?"))
    wrap = page.locator('[data-role="board-wrap"]')
    before = wrap.get_attribute("data-analysed")
    cell(page, 7, 6).click()  # an edit (the "?" tool: the flag goes) asks again: the whole list, and no note
    expect(wrap).not_to_have_attribute("data-analysed", before or "")
    analysed(page)
    expect(note).to_be_hidden()
    expect(page.locator('[data-role="deductions"] li').nth(2)).to_be_attached()  # more than 2: the whole list
