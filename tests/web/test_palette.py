"""The colour-blind palette (``web/static/css/app.css``): the eight numbers' colours stay apart in simulations of
deuteranopia, protanopia and tritanopia (Brettel's method, ``coloraide``) as in normal vision, every pair at least
``LEAST`` apart in CIEDE2000, and each number at least 3:1 against an open cell (WCAG's contrast for what must be
seen), in the light and the dark theme; the classic palette, measured the same way, does not hold (its 2/3/5 and
2/6 pairs merge), so the measure tells the two apart.  The safe and mine rings stay apart too."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from coloraide import Color

CSS = (Path(__file__).resolve().parents[2] / "web" / "static" / "css" / "app.css").read_text(encoding="utf-8")
VISIONS = (None, "deutan", "protan", "tritan")
#: the least CIEDE2000 difference between two numbers' colours, in every vision (2.3 is a just-noticeable
#: difference; the classic palette's worst pair is 2.5, in tritanopia)
LEAST = 15.0


def block(selector: str) -> dict[str, str]:
    """The custom properties the first rule with exactly ``selector`` sets."""
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert match, f"no rule {selector!r} in app.css"
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", match.group(1)))


def numbers(properties: dict[str, str]) -> list[Color]:
    return [Color(properties[f"--n{n}"].strip()) for n in range(1, 9)]


def seen(color: Color, vision: str | None) -> Color:
    return color if vision is None else color.clone().filter(vision).convert("srgb")


def worst_pair(colors: list[Color]) -> tuple[float, str | None, int, int]:
    """The closest pair of numbers in any vision: its difference, the vision and the two numbers."""
    return min(
        (seen(colors[i], vision).delta_e(seen(colors[j], vision), method="2000"), vision, i + 1, j + 1)
        for vision in VISIONS
        for i, j in itertools.combinations(range(len(colors)), 2)
    )


LIGHT, DARK = block(":root"), block(':root[data-theme="dark"]')
PALETTES = {
    "light": (block(':root[data-palette="colour-blind"]'), LIGHT),
    "dark": (block(':root[data-palette="colour-blind"][data-theme="dark"]'), DARK),
}


@pytest.mark.parametrize("theme", PALETTES)
def test_the_colour_blind_numbers_stay_apart_in_every_vision(theme: str) -> None:
    palette, base = PALETTES[theme]
    colors = numbers(palette)
    difference, vision, first, second = worst_pair(colors)
    assert difference >= LEAST, f"{theme}: {first} and {second} are {difference:.1f} apart in {vision or 'normal'} vision"
    background = Color(base["--revealed"].strip())
    for number, color in enumerate(colors, 1):
        assert color.contrast(background) >= 3.0, f"{theme}: {number} has contrast {color.contrast(background):.2f}"


@pytest.mark.parametrize("theme", PALETTES)
def test_safe_and_mine_stay_apart_in_every_vision(theme: str) -> None:
    palette, _base = PALETTES[theme]
    safe, mine = Color(palette["--role-safe"].strip()), Color(palette["--role-mine"].strip())
    for vision in VISIONS:
        assert seen(safe, vision).delta_e(seen(mine, vision), method="2000") >= 30, vision


def test_the_classic_palette_fails_the_same_measure() -> None:
    for base in (LIGHT, DARK):
        difference, _vision, _first, _second = worst_pair(numbers(base))
        assert difference < LEAST


def test_the_system_dark_scheme_uses_the_same_colour_blind_colours() -> None:
    match = re.search(r'@media \(prefers-color-scheme: dark\)\s*\{\s*:root\[data-palette="colour-blind"\]:not\(\[data-theme="light"\]\)\s*\{([^}]*)\}', CSS)
    assert match
    assert dict(re.findall(r"(--[\w-]+):\s*([^;]+);", match.group(1))) == PALETTES["dark"][0]
