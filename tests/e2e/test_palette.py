"""Colour-blind play in the browser: the palette is chosen in the game menu, remembered and applied on every
page; every highlight role has its own shape or pattern, so that none depends on colour alone; the probability
overlay has a key on the same scale, in either palette."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import board, open_settings, started_beginner

pytestmark = pytest.mark.e2e

#: a role's look with its colours taken out: what is left is its shape or pattern
SHAPE = """(roles) => roles.map((role) => {
    const probe = document.createElement('span');
    probe.className = 'swatch';
    probe.dataset.highlight = role;
    document.body.append(probe);
    const style = getComputedStyle(probe);
    const look = [style.backgroundImage, style.boxShadow, style.outlineStyle, style.outlineWidth, style.borderRadius].join(' | ');
    probe.remove();
    return look.replace(/(rgba?|color|oklab|oklch)\\([^)]*\\)/g, 'C');
})"""
ROLES = ["clue", "safe", "mine", "common", "unique-a", "unique-b", "safest", "best-guess", "known-mine"]


def number_colour(page: Page) -> str:
    return page.evaluate("""() => { const probe = document.createElement('span'); probe.className = 'cell';
        probe.dataset.number = '2'; document.body.append(probe); const c = getComputedStyle(probe).color;
        probe.remove(); return c; }""")


def test_the_palette_is_chosen_remembered_and_applied_everywhere(page: Page) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    classic = number_colour(page)
    open_settings(page)
    page.select_option('select[name="palette"]', "colour-blind")
    expect(page.locator("html")).to_have_attribute("data-palette", "colour-blind")
    assert number_colour(page) != classic
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-palette", "colour-blind")
    expect(page.locator('select[name="palette"]')).to_have_value("colour-blind")
    page.goto("/analysis")
    expect(page.locator("html")).to_have_attribute("data-palette", "colour-blind")
    page.goto("/")
    open_settings(page)
    page.select_option('select[name="palette"]', "")
    expect(page.locator("html")).not_to_have_attribute("data-palette", re.compile("."))
    assert number_colour(page) == classic


@pytest.mark.parametrize("palette", ["", "colour-blind"])
def test_every_role_has_its_own_shape_or_pattern(page: Page, palette: str) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    if palette:
        page.evaluate(f"localStorage.setItem('palette', '{palette}')")
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-palette", palette)
    shapes = page.evaluate(SHAPE, ROLES)
    assert len(set(shapes)) == len(ROLES), dict(zip(ROLES, shapes))


@pytest.mark.parametrize("palette", ["", "colour-blind"])
def test_the_overlay_has_a_key_on_its_scale(page: Page, palette: str) -> None:
    started_beginner(page)
    if palette:
        page.evaluate(f"localStorage.setItem('palette', '{palette}')")
        page.reload()
        expect(board(page)).to_have_attribute("data-game-state", "playing")
    key = page.locator('[data-role="prob-key"]')
    expect(key).to_have_count(0)
    page.click('[data-action="probabilities"]')
    expect(key).to_be_visible()
    expect(key).to_contain_text("Mine chance:")
    swatches = key.locator(".prob-swatch")
    expect(swatches).to_have_text(["0%", "5%", "20%", "50%", "100%"])
    colours = [swatch.evaluate("element => getComputedStyle(element).backgroundColor") for swatch in swatches.all()]
    assert len(set(colours)) == 5, colours
    # a cell of the overlay with a key swatch's chance has the swatch's colour
    cell = page.locator('.cell[data-probability]').first
    risk = float(cell.get_attribute("data-probability") or 0)
    page.evaluate("""([risk]) => { const probe = document.createElement('span'); probe.className = 'prob-swatch';
        probe.style.setProperty('--hue', String(Math.round(120 - 120 * Math.sqrt(risk))));
        probe.style.setProperty('--risk', String(Math.sqrt(risk)));
        probe.id = 'probe'; document.querySelector('[data-role="prob-key"]').append(probe); }""", [risk])
    probe = page.locator("#probe").evaluate("element => getComputedStyle(element).backgroundColor")
    if risk > 0:
        assert cell.evaluate("element => getComputedStyle(element).backgroundColor") == probe
    page.click('[data-action="probabilities"]')
    expect(key).to_be_hidden()
