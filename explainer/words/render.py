"""Deductions to sentences, in the player's language.

This is the only module that calls gettext.  Message ids are English with
named placeholders; counts go through ``ngettext`` (CLDR plural rules per
language), lists of cells through Babel's ``format_list``, numbers and
percentages through Babel's locale formatting.  Cell names (``C5``) are the
same in every language.

Babel's ``format_decimal``, ``format_percent`` and ``format_list`` parse the
locale and look up its patterns on every call, which used to be most of the
time spent writing a sentence.  ``LocaleFormats`` does that once per language
(the parsed ``Locale``, its decimal, percent and list patterns) and memoises
the small integers and the rounded percentages sentences use; the texts are
exactly those of the Babel functions.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from babel import Locale
from babel.lists import format_list

from explainer.core.cells import Cell, CellSet, cell_name, column_letters
from explainer.core.deduction import Deduction, ProofStep, Rule
from explainer.errors import EngineError
from explainer.words.i18n import DEFAULT_LANGUAGE, translations

__all__ = ["Renderer", "HintLevels", "LocaleFormats", "locale_formats", "explain", "step_depth", "LIST_LIMIT"]

#: lists longer than this are shortened to their first cells and "N more"
LIST_LIMIT = 10

#: integers 0 .. SMALL_NUMBERS - 1 are formatted once per language and remembered
SMALL_NUMBERS = 10_000


class LocaleFormats:
    """One language's Babel number and list formatting, parsed once.

    ``number``, ``percent`` and ``list`` give exactly what ``format_decimal(value,
    locale=language)``, ``format_percent(value, locale=language,
    decimal_quantization=False)`` and ``format_list(items, locale=language)``
    give, without parsing the locale or looking up its patterns again.  Small
    integers and percentages between 0 and 1 are memoised (at most
    ``SMALL_NUMBERS`` and 1,001 entries: the percentages are rounded to three
    decimals before they get here).  Thread-safe: the memo dictionaries only
    ever gain an entry whose text is a pure function of its key (two threads
    may both compute it; either write is right), and a dict store is atomic.
    """

    __slots__ = ("language", "locale", "_decimal", "_percent", "_lists", "_numbers", "_percents")

    def __init__(self, language: str) -> None:
        self.language = language
        self.locale = Locale.parse(language)
        self._decimal = self.locale.decimal_formats[None]
        self._percent = self.locale.percent_formats[None]
        # format_list's 'standard' style (every CLDR locale has it; else fall back to Babel's own resolution)
        lists = self.locale.list_patterns.get("standard")
        self._lists: dict[str, str] | None = None if lists is None else dict(lists)  # a plain dict: Babel's resolves aliases on every read
        self._numbers: dict[int, str] = {}
        self._percents: dict[float, str] = {}

    def number(self, value: int) -> str:
        """``format_decimal(value, locale=language)``."""
        text = self._numbers.get(value) if type(value) is int else None
        if text is None:
            text = self._decimal.apply(value, self.locale)
            if type(value) is int and 0 <= value < SMALL_NUMBERS:
                self._numbers[value] = text
        return text

    def percent(self, value: float) -> str:
        """``format_percent(value, locale=language, decimal_quantization=False)``."""
        # only floats in [0, 1] are memoised, and never -0.0 (equal to 0.0 as a key, but written "-0%")
        memo = type(value) is float and 0.0 <= value <= 1.0 and math.copysign(1.0, value) > 0
        text = self._percents.get(value) if memo else None
        if text is None:
            text = self._percent.apply(value, self.locale, decimal_quantization=False)
            if memo:
                self._percents[value] = text
        return text

    def list(self, items: Sequence[str]) -> str:
        """``format_list(items, locale=language)``: 'A1, B2 and C3' in the language's words."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        patterns = self._lists
        if patterns is None:
            return format_list(items, locale=self.locale)
        if len(items) == 2 and "2" in patterns:
            return patterns["2"].format(*items)
        result = patterns["start"].format(items[0], items[1])
        for item in items[2:-1]:
            result = patterns["middle"].format(result, item)
        return patterns["end"].format(result, items[-1])


#: cell names by parts, for ``_name``: 'AD' + '16' is ``cell_name(15, 29)``, without working out the letters each time
_COLUMN_NAMES = tuple(column_letters(col) for col in range(256))
_ROW_NAMES = tuple(str(row + 1) for row in range(1000))


def _name(row: int, col: int) -> str:
    """``cell_name(row, col)``, from the tables above when they cover the cell."""
    if 0 <= col < 256 and 0 <= row < 1000:
        return _COLUMN_NAMES[col] + _ROW_NAMES[row]
    return cell_name(row, col)


class _CellNames(dict[int, str]):
    """Cell index -> name on a board of one width, filled on first use of each index."""

    __slots__ = ("width",)

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def __missing__(self, index: int) -> str:
        name = self[index] = _name(*divmod(index, self.width))
        return name


_CELL_NAMES: dict[int, _CellNames] = {}


def _cell_names(width: int) -> _CellNames:
    """The name table of a board width (a dict store is atomic: two threads may both build one; either is right)."""
    table = _CELL_NAMES.get(width)
    if table is None:
        table = _CELL_NAMES[width] = _CellNames(width)
    return table


def _lowest_bits(mask: int, count: int) -> int:
    """The ``count`` lowest set bits of ``mask``."""
    kept = 0
    while count and mask:
        low = mask & -mask
        kept |= low
        mask ^= low
        count -= 1
    return kept


_FORMATS: dict[str, LocaleFormats] = {}
_FORMATS_LOCK = threading.Lock()


def locale_formats(language: str) -> LocaleFormats:
    """The one ``LocaleFormats`` of ``language``, built on first use (under a lock, so once)."""
    formats = _FORMATS.get(language)
    if formats is None:
        with _FORMATS_LOCK:
            formats = _FORMATS.get(language)
            if formats is None:
                formats = _FORMATS[language] = LocaleFormats(language)
    return formats


#: the method that writes each kind of proof step
_STEP_METHODS = {
    "simple.all_safe": "_simple_step",
    "simple.all_mines": "_simple_step",
    "pair.safe": "_pair_step",
    "pair.mines": "_pair_step",
    "pair.safe_and_mines": "_pair_step",
    "global.all_found": "_global_step",
    "global.all_mines": "_global_step",
    "count.rest_safe": "_count_rest",
    "count.rest_mines": "_count_rest",
    "count.split": "_count_split",
    "clash": "_clash",
    "suppose": "_suppose",
    "case": "_case",
    "therefore": "_therefore",
    "cases": "_cases",
}


def step_depth(step: ProofStep) -> int:
    """How deep a step sits in a proof's cases: 0 outright and under the first supposition, one more
    inside each case (a case's own line sits at the depth of the step that splits)."""
    depth = len(step.assume) - 1
    if step.message == "case":
        depth -= 1
    return max(depth, 0)


@dataclass(frozen=True)
class HintLevels:
    """The same deduction at three levels: where to look, which pattern, the full argument."""

    where: str
    pattern: str
    full: str


class Renderer:
    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language
        self._translations = translations(language)
        self._ngettext = self._translations.ngettext
        #: what goes between sentences: nothing in languages written without spaces
        self._separator = "" if language in ("ja", "zh_Hans") else " "
        # the language's Babel formats, if already built; else built on first use (an unknown locale fails then, as before)
        self._formats: LocaleFormats | None = _FORMATS.get(language)

    @property
    def formats(self) -> LocaleFormats:
        formats = self._formats
        if formats is None:
            formats = self._formats = locale_formats(self.language)
        return formats

    # -- gettext -------------------------------------------------------------
    def _(self, message: str, **params: Any) -> str:
        text = self._translations.gettext(message)
        return text % self._format(params) if params else text

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        params.setdefault("count", n)
        text = self._ngettext(singular, plural, n)
        return text % self._format(params)

    def error(self, error: EngineError) -> str:
        """An engine error in this language: its template translated and filled in, after its line."""
        text = self._(error.template, **error.params) if error.params else self.translate(error.template)
        if error.line is None:
            return text
        # I18N: where a problem in a file or text is; %(problem)s is the problem, in words
        return self._("line %(line)s: %(problem)s", line=error.line, problem=text)

    def translate(self, message: str) -> str:
        """A message id marked elsewhere for extraction (``N_``: mode descriptions,
        lesson texts), translated here so that this stays the one module calling gettext."""
        return self._translations.gettext(message)

    # -- formatting ------------------------------------------------------------
    def _format(self, params: dict[str, Any]) -> dict[str, Any]:
        """Each parameter as text, in place: ``params`` is always the fresh keyword dict of ``_`` or ``ngettext``."""
        formats = self._formats or self.formats
        numbers = formats._numbers
        for key, value in params.items():
            kind = type(value)  # the common exact types first; subclasses and the rest below
            if kind is int:
                text = numbers.get(value)
                params[key] = formats.number(value) if text is None else text
            elif kind is Cell:
                params[key] = _name(value.row, value.col)
            elif kind is CellSet:
                mask = value.mask
                if mask and not mask & (mask - 1):  # one cell (most lists): its name, as ``cells`` gives it
                    table = _CELL_NAMES.get(value.width)
                    if table is None:
                        table = _cell_names(value.width)
                    params[key] = table[mask.bit_length() - 1]
                else:
                    params[key] = self.cells(value)
            elif kind is str:
                pass
            elif isinstance(value, bool):
                params[key] = str(value)
            elif isinstance(value, int):
                params[key] = self.number(value)
            elif isinstance(value, Cell):
                params[key] = value.name
            elif isinstance(value, CellSet):
                params[key] = self.cells(value)
            else:
                params[key] = str(value)
        return params

    def number(self, value: int) -> str:
        return (self._formats or self.formats).number(value)

    def percent(self, probability: float) -> str:
        """The locale's percent format with at most one decimal: '12.5%', '12,5 %'."""
        return (self._formats or self.formats).percent(round(probability, 3))

    def cells(self, cells: Iterable[Cell] | CellSet) -> str:
        if type(cells) is CellSet:  # name only the cells shown, lowest index (reading order) first
            mask = cells.mask
            total = mask.bit_count()
            width = cells.width
            table = _CELL_NAMES.get(width)
            if table is None:
                table = _cell_names(width)
            if total > LIST_LIMIT:
                mask = _lowest_bits(mask, LIST_LIMIT - 2)
            names = []
            while mask:
                low = mask & -mask
                names.append(table[low.bit_length() - 1])
                mask ^= low
        else:
            names = [cell.name for cell in cells]
            total = len(names)
        if total > LIST_LIMIT:
            shown = LIST_LIMIT - 2
            rest = total - shown
            # I18N: the end of a shortened list of cells, e.g. "A1, A2, ... and 12 more"
            names = names[:shown] + [self.ngettext("%(count)s more cell", "%(count)s more cells", rest)]
        return (self._formats or self.formats).list(names)

    def join(self, sentences: Iterable[str]) -> str:
        return self._separator.join([sentence for sentence in sentences if sentence])

    # -- whole deductions ---------------------------------------------------------
    def deduction(self, deduction: Deduction) -> str:
        """The full argument, ending with what to do."""
        return self.explained(deduction)[0]

    def explained(self, deduction: Deduction) -> tuple[str, list[str]]:
        """(the full argument ending with what to do, the sentence of each of its proof steps).

        The argument is the proof's steps in order, after a reminder of the cells proved safe before
        it relies on (and, for a longer argument, which numbers it uses)."""
        steps = [self.proof_step(step) for step in deduction.proof]
        body = self._lead(deduction)
        body += steps
        body.append(self.action(deduction))
        return self._separator.join([sentence for sentence in body if sentence]), steps

    def _lead(self, deduction: Deduction) -> list[str]:
        body: list[str] = []
        if deduction.known_safe.mask and deduction.rule is not Rule.GLOBAL:  # else ``_known_safe`` says nothing
            body.append(self._known_safe(deduction))
        if deduction.rule is Rule.ENUMERATION:
            body.append(self._enumeration_intro(deduction))
        return body

    def lead(self, deduction: Deduction) -> str:
        """What comes before the proof's steps: the proved-safe cells it relies on, the numbers it uses."""
        return self.join(self._lead(deduction))

    def levels(self, deduction: Deduction) -> HintLevels:
        return HintLevels(self.where(deduction), self.pattern(deduction), self.deduction(deduction))

    def where(self, deduction: Deduction) -> str:
        if not deduction.clues:
            # I18N: first hint level for a step that uses the total mine count only
            return self._("Look at the mine counter and the covered cells that are left.")
        n = len(deduction.clues)
        # I18N: first hint level: where to look. %(clues)s is a list of cell names like "C5 and D5"
        return self.ngettext(
            "Look at the number at %(clues)s.", "Look at the numbers at %(clues)s.", n, clues=self.cells(deduction.clues)
        )

    def pattern(self, deduction: Deduction) -> str:
        if deduction.rule is Rule.GLOBAL:
            # I18N: second hint level: the pattern to use (the mine count)
            return self._("Use the mine count: it alone decides the covered cells that are left.")
        if deduction.rule is Rule.SIMPLE:
            # I18N: second hint level: the pattern to use (one number)
            return self._("One number is enough: compare the mines it still needs with its covered neighbours.")
        if deduction.rule is Rule.PAIR:
            # I18N: second hint level: the pattern to use (two numbers, common and unique areas)
            return self._("Compare two numbers: the cells they share, and the cells each one has alone.")
        if deduction.uses_mine_count:
            # I18N: second hint level: the pattern to use (endgame mine counting)
            return self._("Count the mines that are left against the mines the numbers need.")
        # I18N: second hint level: the pattern to use (proof by contradiction)
        return self._("Try a cell both ways: one of them breaks a number.")

    def action(self, deduction: Deduction) -> str:
        parts = []
        safe = deduction.safe
        mines = deduction.mines
        if safe.mask:
            n = safe.mask.bit_count()
            # I18N: what to do: open the safe cells
            opened = self.ngettext("Open %(cells)s.", "Open these %(count)s cells: %(cells)s.", n, cells=safe)
            if not mines.mask:
                return opened  # one part (most steps): ``join`` of it alone is itself
            parts.append(opened)
        if mines.mask:
            n = mines.mask.bit_count()
            # I18N: what to do: flag the mines
            flagged = self.ngettext("Flag %(cells)s.", "Flag these %(count)s cells: %(cells)s.", n, cells=mines)
            if not parts:
                return flagged
            parts.append(flagged)
        return self.join(parts)

    def _known_safe(self, deduction: Deduction) -> str:
        if not deduction.known_safe or deduction.rule is Rule.GLOBAL:
            return ""
        n = len(deduction.known_safe)
        # I18N: a reminder that an earlier step proved these covered cells safe
        return self.ngettext(
            "We already know that %(cells)s is safe.",
            "We already know that %(cells)s are safe.",
            n,
            cells=deduction.known_safe,
        )

    def _enumeration_intro(self, d: Deduction) -> str:
        n = len(d.clues)
        if not n:
            return ""
        # I18N: introduces a longer argument over several numbers; %(clues)s lists their cells
        return self.ngettext(
            "No simpler step works here, but the number at %(clues)s decides it.",
            "No simpler step works here, but the %(count)s numbers at %(clues)s decide it together.",
            n,
            clues=self.cells(d.clues),
        )

    # -- proof steps -----------------------------------------------------------------
    def proof(self, steps: Iterable[ProofStep]) -> list[str]:
        return [self.proof_step(step) for step in steps]

    def proof_lines(self, steps: Iterable[ProofStep]) -> list[tuple[int, str]]:
        """Each step's sentence with its nesting depth (the steps of a case indent), for a list view."""
        return [(step_depth(step), self.proof_step(step)) for step in steps]

    def proof_step(self, step: ProofStep) -> str:
        """The sentence of one step, from the step's data alone."""
        method = _STEP_METHODS.get(step.message)
        if method is None:
            raise ValueError(f"unknown proof step {step.message!r}")
        text: str = getattr(self, method)(step)
        return text

    # -- one number -------------------------------------------------------------------
    def _already_has(self, number: int, clue: Cell, found: int, mines: CellSet) -> str:
        if found == number:
            if number == 2:
                # I18N: a 2 whose two mines are both found; %(mines)s names them
                return self._("The 2 at %(clue)s already has both of its mines: %(mines)s.", clue=clue, mines=mines)
            # I18N: %(number)s is a revealed number (like 3), %(clue)s its cell, %(mines)s the mines next to it
            return self.ngettext(
                "The %(number)s at %(clue)s already has its mine at %(mines)s.",
                "The %(number)s at %(clue)s already has all %(number)s of its mines: %(mines)s.",
                number,
                number=number,
                clue=clue,
                mines=mines,
            )
        return self.ngettext(
            "The %(number)s at %(clue)s already has %(found)s mine next to it: %(mines)s.",
            "The %(number)s at %(clue)s already has %(found)s mines next to it: %(mines)s.",
            found,
            number=number,
            clue=clue,
            found=found,
            mines=mines,
        )

    def _simple_step(self, step: ProofStep) -> str:
        p = step.params
        number, clue, found, n = p["number"], p["clue"], p["found"], p["count"]
        if step.message == "simple.all_safe":
            cells = step.safe
            if step.assume:
                # I18N: inside a proof, under a supposition: a number has all its mines, so its other cells are safe
                return self.ngettext(
                    "Then the %(number)s at %(clue)s has all its mines, so %(cells)s is safe.",
                    "Then the %(number)s at %(clue)s has all its mines, so %(cells)s are safe.",
                    n,
                    number=number,
                    clue=clue,
                    cells=cells,
                )
            if number == 0:
                return self.ngettext(
                    "The 0 at %(clue)s has no mine around it, so its covered neighbour %(cells)s is safe.",
                    "The 0 at %(clue)s has no mine around it, so its %(count)s covered neighbours are safe: %(cells)s.",
                    n,
                    clue=clue,
                    cells=cells,
                )
            return self.join(
                [
                    self._already_has(number, clue, found, p["found_at"]),
                    self.ngettext(
                        "So its other covered neighbour, %(cells)s, is safe.",
                        "So its other %(count)s covered neighbours are safe: %(cells)s.",
                        n,
                        cells=cells,
                    ),
                ]
            )
        cells = step.mines
        if step.assume:
            if n == 2:
                # I18N: inside a proof, under a supposition: a number needs both of its last two covered cells
                return self._(
                    "Then the %(number)s at %(clue)s needs both covered cells it has left, so %(cells)s are both mines.",
                    number=number,
                    clue=clue,
                    cells=cells,
                )
            return self.ngettext(
                "Then the %(number)s at %(clue)s needs every covered cell it has left, so %(cells)s is a mine.",
                "Then the %(number)s at %(clue)s needs every covered cell it has left, so %(cells)s are mines.",
                n,
                number=number,
                clue=clue,
                cells=cells,
            )
        if found == 0:
            if n == 2:
                # I18N: a number that touches exactly two covered cells, and needs two mines
                return self._(
                    "The %(number)s at %(clue)s touches exactly 2 covered cells, %(cells)s, so both are mines.",
                    number=number,
                    clue=clue,
                    cells=cells,
                )
            return self.ngettext(
                "The %(number)s at %(clue)s touches exactly %(count)s covered cell, %(cells)s, so it is a mine.",
                "The %(number)s at %(clue)s touches exactly %(count)s covered cells, %(cells)s, so all of them are mines.",
                n,
                number=number,
                clue=clue,
                cells=cells,
            )
        if n == 2:
            # I18N: a number that needs 2 more mines and has exactly 2 other covered cells
            last = self._(
                "It needs 2 more, and exactly 2 other covered cells are left, so %(cells)s are both mines.", cells=cells
            )
        else:
            last = self.ngettext(
                "It needs %(count)s more, and exactly %(count)s other covered cell is left, so %(cells)s is a mine.",
                "It needs %(count)s more, and exactly %(count)s other covered cells are left, so %(cells)s are all mines.",
                n,
                cells=cells,
            )
        return self.join([self._already_has(number, clue, found, p["found_at"]), last])

    # -- two numbers --------------------------------------------------------------------
    def _pair_step(self, step: ProofStep) -> str:
        p = step.params
        if step.assume:
            if step.safe and step.mines:
                # I18N: inside a proof: two numbers compared through their shared cells decide cells both ways
                return self.ngettext(
                    "Then the %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s, compared through their shared cells, make %(safe)s safe and %(cells)s a mine.",
                    "Then the %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s, compared through their shared cells, make %(safe)s safe and %(cells)s mines.",
                    len(step.mines),
                    a=p["a"],
                    a_clue=p["a_clue"],
                    b=p["b"],
                    b_clue=p["b_clue"],
                    safe=step.safe,
                    cells=step.mines,
                )
            parts = []
            if step.safe:
                # I18N: inside a proof: two numbers compared through their shared cells
                parts.append(
                    self.ngettext(
                        "Then the %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s, compared through their shared cells, make %(cells)s safe.",
                        "Then the %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s, compared through their shared cells, make %(cells)s safe.",
                        len(step.safe),
                        a=p["a"],
                        a_clue=p["a_clue"],
                        b=p["b"],
                        b_clue=p["b_clue"],
                        cells=step.safe,
                    )
                )
            if step.mines:
                parts.append(
                    self.ngettext(
                        "Then the %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s, compared through their shared cells, make %(cells)s a mine.",
                        "Then the %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s, compared through their shared cells, make %(cells)s mines.",
                        len(step.mines),
                        a=p["a"],
                        a_clue=p["a_clue"],
                        b=p["b"],
                        b_clue=p["b_clue"],
                        cells=step.mines,
                    )
                )
            return self.join(parts)
        clue_a, clue_b = p["a_clue"], p["b_clue"]
        common = p["common"]
        unique = {"a": p["unique_a"], "b": p["unique_b"]}
        number = {"a": p["a"], "b": p["b"]}
        missing = {"a": p["a_missing"], "b": p["b_missing"]}
        clue = {"a": clue_a, "b": clue_b}
        low, high = p["common_min"], p["common_max"]
        safe = step.safe or CellSet(0, common.width)
        mines = step.mines or CellSet(0, common.width)
        sentences = [
            # I18N: two numbers (like "the 1 at C4 and the 2 at D4") and the covered cells next to both
            self.ngettext(
                "The %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s share %(count)s covered cell: %(cells)s.",
                "The %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s share %(count)s covered cells: %(cells)s.",
                len(common),
                a=number["a"],
                a_clue=clue_a,
                b=number["b"],
                b_clue=clue_b,
                cells=common,
            )
        ]
        # a number whose remaining need bounds the shared cells says it there ("needs 1 more mine, so ..."),
        # not in a sentence of its own just before
        bounds = {
            other
            for side, other in (("a", "b"), ("b", "a"))
            if unique[side] and unique[side] <= mines and high == missing[other]
        }
        reduced = [side for side in ("a", "b") if missing[side] != number[side] and side not in bounds]
        for i, side in enumerate(reduced):
            if i == 0:
                # I18N: a number that already has some mines found next to it
                sentences.append(
                    self.ngettext(
                        "Not counting the mines already found, the %(number)s at %(clue)s needs %(count)s more mine.",
                        "Not counting the mines already found, the %(number)s at %(clue)s needs %(count)s more mines.",
                        missing[side],
                        number=number[side],
                        clue=clue[side],
                    )
                )
            else:
                # I18N: the second of two numbers that already have some mines found next to them
                sentences.append(
                    self.ngettext(
                        "The %(number)s at %(clue)s needs %(count)s more mine.",
                        "The %(number)s at %(clue)s needs %(count)s more mines.",
                        missing[side],
                        number=number[side],
                        clue=clue[side],
                    )
                )
        for side, other in (("a", "b"), ("b", "a")):
            cells = unique[side]
            if not cells:
                continue
            if cells <= safe:
                sentences += self._pair_lower_bound(number[other], clue[other], unique[other], low)
                sentences.append(
                    # I18N: the shared cells hold all the mines this number needs, so its own cells are safe
                    self.ngettext(
                        "That is all the %(number)s at %(clue)s needs, so its other covered cell, %(cells)s, is safe.",
                        "That is all the %(number)s at %(clue)s needs, so its %(count)s other covered cells are safe: %(cells)s.",
                        len(cells),
                        number=number[side],
                        clue=clue[side],
                        cells=cells,
                    )
                )
            elif cells <= mines:
                sentences.append(
                    self._pair_upper_bound(number[other], clue[other], missing[other], len(common), high)
                )
                if len(cells) == 2:
                    # I18N: a number needs 2 mines outside the shared cells, where exactly 2 covered cells are left
                    last = self._(
                        "So the %(number)s at %(clue)s needs 2 mines outside the shared cells, where exactly 2 covered cells are left: %(cells)s are both mines.",
                        number=number[side],
                        clue=clue[side],
                        cells=cells,
                    )
                else:
                    # I18N: the number still needs as many mines as it has covered cells outside the shared area
                    last = self.ngettext(
                        "So the %(number)s at %(clue)s needs %(count)s mine outside the shared cells, where exactly %(count)s covered cell is left: %(cells)s is a mine.",
                        "So the %(number)s at %(clue)s needs %(count)s mines outside the shared cells, where exactly %(count)s covered cells are left: %(cells)s are all mines.",
                        len(cells),
                        number=number[side],
                        clue=clue[side],
                        cells=cells,
                    )
                sentences.append(last)
        return self.join(sentences)

    def _pair_lower_bound(self, number: int, clue: Cell, alone: CellSet, low: int) -> list[str]:
        if alone:
            first = self.ngettext(
                "Outside the shared cells, the %(number)s at %(clue)s has only %(count)s covered cell.",
                "Outside the shared cells, the %(number)s at %(clue)s has only %(count)s covered cells.",
                len(alone),
                number=number,
                clue=clue,
            )
        else:
            first = self._(
                "The %(number)s at %(clue)s has no covered cell outside the shared cells.", number=number, clue=clue
            )
        # I18N: a lower bound on the mines in the shared cells
        second = self.ngettext(
            "So at least %(count)s of its mines must be in the shared cells.",
            "So at least %(count)s of its mines must be in the shared cells.",
            low,
        )
        return [first, second]

    def _pair_upper_bound(self, number: int, clue: Cell, missing: int, common: int, high: int) -> str:
        if high == missing:
            if missing != number:
                # I18N: an upper bound on the mines in the shared cells, from the mines the other number still needs
                return self.ngettext(
                    "The %(number)s at %(clue)s needs %(count)s more mine, so the shared cells hold at most %(count)s.",
                    "The %(number)s at %(clue)s needs %(count)s more mines, so the shared cells hold at most %(count)s.",
                    high,
                    number=number,
                    clue=clue,
                )
            # I18N: an upper bound on the mines in the shared cells, from the other number
            return self.ngettext(
                "The %(number)s at %(clue)s needs %(count)s mine, so the shared cells hold at most %(count)s.",
                "The %(number)s at %(clue)s needs %(count)s mines, so the shared cells hold at most %(count)s.",
                high,
                number=number,
                clue=clue,
            )
        # I18N: an upper bound on the mines in the shared cells, from their size
        return self.ngettext(
            "The shared cells are only %(count)s cell, so they hold at most %(count)s mine.",
            "The shared cells are only %(count)s cells, so they hold at most %(count)s mines.",
            common,
        )

    # -- the mine count --------------------------------------------------------------
    def _global_step(self, step: ProofStep) -> str:
        p = step.params
        total, count = p["total"], p["count"]
        if step.message == "global.all_found":
            cells = step.safe
            if total == 0:
                # I18N: a board that has no mines at all
                first = self._("This board has no mines at all.")
            else:
                # I18N: %(total)s is the number of mines on the whole board
                first = self.ngettext(
                    "The only mine is already located.", "All %(total)s mines are already located.", total, total=total
                )
            # I18N: %(count)s covered cells are left after all mines are located
            second = self.ngettext(
                "So the last covered cell, %(cells)s, is safe.",
                "So the %(count)s covered cells left are safe: %(cells)s.",
                count,
                cells=cells,
            )
            return self.join([first, second])
        cells = step.mines
        first = self.ngettext(
            "%(count)s mine is still missing, and exactly %(count)s covered cell is left.",
            "%(count)s mines are still missing, and exactly %(count)s covered cells are left.",
            count,
        )
        if count == 2:
            second = self._("So both are mines: %(cells)s.", cells=cells)
        else:
            second = self.ngettext("So it is a mine: %(cells)s.", "So all of them are mines: %(cells)s.", count, cells=cells)
        return self.join([first, second])

    def _count_rest(self, step: ProofStep) -> str:
        p = step.params
        if step.message == "count.rest_safe":
            return self.ngettext(
                "Then every remaining mine is placed, so %(cells)s is safe.",
                "Then every remaining mine is placed, so the other %(count)s covered cells are safe: %(cells)s.",
                p["count"],
                cells=step.safe,
            )
        if p["count"] == 2:
            return self._(
                "Then the mine count can only be reached if both covered cells left are mines: %(cells)s.", cells=step.mines
            )
        return self.ngettext(
            "Then the mine count can only be reached if %(cells)s is a mine.",
            "Then the mine count can only be reached if all %(count)s covered cells left are mines: %(cells)s.",
            p["count"],
            cells=step.mines,
        )

    def _count_split(self, step: ProofStep) -> str:
        p = step.params
        numbers, held = p["numbers"], p["held"]
        sentences = [
            # I18N: mines not yet found on the whole board (during an endgame counting argument)
            self.ngettext("%(count)s mine is left on the board.", "%(count)s mines are left on the board.", p["left"])
        ]
        if len(numbers) == 1:
            sentences.append(
                self.ngettext(
                    "The number at %(clues)s needs exactly %(count)s more mine among its covered cells.",
                    "The number at %(clues)s needs exactly %(count)s more mines among its covered cells.",
                    held,
                    clues=self.cells(numbers),
                )
            )
        elif numbers:
            sentences.append(
                # I18N: several numbers whose covered cells do not overlap, so their needs add up
                self.ngettext(
                    "The numbers at %(clues)s share no covered cell, so together they need exactly %(count)s more mine.",
                    "The numbers at %(clues)s share no covered cell, so together they need exactly %(count)s more mines.",
                    held,
                    clues=self.cells(numbers),
                )
            )
        if step.clash is not None:
            sentences.append(self._clash(step))
        elif step.safe:
            sentences.append(
                self.ngettext(
                    "That uses up every mine that is left, so %(cells)s is safe.",
                    "That uses up every mine that is left, so the other %(count)s covered cells are safe: %(cells)s.",
                    p["count"],
                    cells=step.safe,
                )
            )
        elif step.mines:
            sentences.append(
                self.ngettext(
                    "The rest of the mines must be in the only other covered cell, %(cells)s.",
                    "The rest of the mines fill the other %(count)s covered cells: %(cells)s are mines.",
                    p["count"],
                    cells=step.mines,
                )
            )
        return self.join(sentences)

    # -- suppositions -------------------------------------------------------------------
    def _clash(self, step: ProofStep) -> str:
        clash = step.clash
        assert clash is not None
        if clash.number is not None:
            if clash.too_many:
                # I18N: a contradiction: under the suppositions a number would touch %(count)s mines, more than it shows
                return self.ngettext(
                    "But then the %(number)s at %(clue)s would touch %(count)s mine, more than it shows.",
                    "But then the %(number)s at %(clue)s would touch %(count)s mines, more than it shows.",
                    clash.mines,
                    number=clash.value,
                    clue=clash.number,
                )
            if clash.room == 0:
                if clash.mines == 0:
                    # I18N: a contradiction: a number would have no mine and no covered cell left next to it
                    return self._(
                        "But then the %(number)s at %(clue)s would have no mine next to it and no covered cell left.",
                        number=clash.value,
                        clue=clash.number,
                    )
                # I18N: a contradiction: a number would touch fewer mines than it shows, with no covered cell left
                return self.ngettext(
                    "But then the %(number)s at %(clue)s would touch only %(count)s mine, with no covered cell left for more.",
                    "But then the %(number)s at %(clue)s would touch only %(count)s mines, with no covered cell left for more.",
                    clash.mines,
                    number=clash.value,
                    clue=clash.number,
                )
            # I18N: a contradiction: a number would have %(mines)s mines and %(count)s covered cells left, too few to reach it
            return self.ngettext(
                "But then the %(number)s at %(clue)s would have %(mines)s of its mines and only %(count)s covered cell left, too few to reach %(number)s.",
                "But then the %(number)s at %(clue)s would have %(mines)s of its mines and only %(count)s covered cells left, too few to reach %(number)s.",
                clash.room,
                number=clash.value,
                clue=clash.number,
                mines=clash.mines,
            )
        if clash.too_many:
            # I18N: a contradiction: under the suppositions the board would hold more mines than it has
            return self.ngettext(
                "But then there would be %(count)s mine on the board, more than its %(total)s.",
                "But then there would be %(count)s mines on the board, more than its %(total)s.",
                clash.mines,
                total=clash.value,
            )
        if clash.room == 0:
            # I18N: a contradiction: the board would hold fewer mines than it has, with no covered cell left for the rest
            return self.ngettext(
                "But then the board would have only %(mines)s of its %(count)s mine, with no covered cell left for the rest.",
                "But then the board would have only %(mines)s of its %(count)s mines, with no covered cell left for the rest.",
                clash.value,
                mines=clash.mines,
            )
        # I18N: a contradiction: the board's mines could not all be placed
        return self.ngettext(
            "But then the board would have %(mines)s of its %(total)s mines and only %(count)s covered cell left, too few for the rest.",
            "But then the board would have %(mines)s of its %(total)s mines and only %(count)s covered cells left, too few for the rest.",
            clash.room,
            mines=clash.mines,
            total=clash.value,
        )

    def _suppose(self, step: ProofStep) -> str:
        cell, is_mine = step.assume[-1]
        if is_mine:
            return self._("Suppose %(cell)s were a mine.", cell=cell)
        return self._("Suppose %(cell)s were safe.", cell=cell)

    def _case(self, step: ProofStep) -> str:
        cell, is_mine = step.assume[-1]
        if is_mine:
            # I18N: the first case of a split on one cell (the next sentences assume it)
            return self._("First case: %(cell)s is a mine.", cell=cell)
        # I18N: the second case of a split on one cell (the next sentences assume it)
        return self._("Second case: %(cell)s is safe.", cell=cell)

    def _therefore(self, step: ProofStep) -> str:
        cell = step.params["cell"]
        if step.mines:
            return self._("That is impossible, so %(cell)s is a mine.", cell=cell)
        return self._("That is impossible, so %(cell)s is safe.", cell=cell)

    def _cases(self, step: ProofStep) -> str:
        sentences = []
        if step.safe:
            if step.uses_mine_count:
                # I18N: every placement of mines that fits the numbers and the mine count has these cells safe
                sentences.append(
                    self.ngettext(
                        "In every placement of mines that fits these numbers and the mine count, %(cells)s is safe.",
                        "In every placement of mines that fits these numbers and the mine count, %(cells)s are safe.",
                        len(step.safe),
                        cells=step.safe,
                    )
                )
            else:
                sentences.append(
                    self.ngettext(
                        "In every placement of mines that fits these numbers, %(cells)s is safe.",
                        "In every placement of mines that fits these numbers, %(cells)s are safe.",
                        len(step.safe),
                        cells=step.safe,
                    )
                )
        if step.mines:
            if step.uses_mine_count:
                sentences.append(
                    self.ngettext(
                        "In every placement of mines that fits these numbers and the mine count, %(cells)s is a mine.",
                        "In every placement of mines that fits these numbers and the mine count, %(cells)s are mines.",
                        len(step.mines),
                        cells=step.mines,
                    )
                )
            else:
                sentences.append(
                    self.ngettext(
                        "In every placement of mines that fits these numbers, %(cells)s is a mine.",
                        "In every placement of mines that fits these numbers, %(cells)s are mines.",
                        len(step.mines),
                        cells=step.mines,
                    )
                )
        return self.join(sentences)

    # -- other situations ----------------------------------------------------------
    def chain(self, deductions: Sequence[Deduction]) -> list[str]:
        """Each step of a chain as its own sentence, numbered when there are several ("1. ...")."""
        if len(deductions) == 1:
            return [self.deduction(deductions[0])]
        # I18N: one numbered step of a chain of reasoning: "2. The 1 at C3 ..."
        return [self._("%(number)s. %(step)s", number=i, step=self.deduction(d)) for i, d in enumerate(deductions, 1)]

    def wrong_flag_lead(self, cell: Cell) -> str:
        # I18N: a flag the player placed on a cell that is provably safe
        return self._("The flag on %(cell)s can't be right: that cell is safe.", cell=cell)

    def wrong_flag(self, cell: Cell, chain: Sequence[Deduction]) -> str:
        """Why a flag is wrong: the steps, from the numbers on the board, that prove its cell safe."""
        return self.join([self.wrong_flag_lead(cell), *self.chain(chain)])

    def no_step_lead(self, probability: float, safest: CellSet) -> list[str]:
        """Nothing is certain: why, and the safest cells with their mine chance."""
        # I18N: no logical step exists; the reason
        first = self._(
            "No cell is certain right now: every covered cell is a mine in some placement that fits the numbers, and safe in another."
        )
        n = len(safest)
        second = self.ngettext(
            "The safest cell is %(cells)s, with a mine chance of %(probability)s.",
            "The safest cells are %(cells)s, each with a mine chance of %(probability)s.",
            n,
            cells=safest,
            probability=self.percent(probability),
        )
        return [first, second]

    def no_step(self, probability: float, safest: CellSet, touches_numbers: bool = False) -> str:
        """Nothing is certain: say why, name the safest cells and why they are the pick."""
        if not safest:
            return self._("There is nothing left to open.")
        first, second = self.no_step_lead(probability, safest)
        n = len(safest)
        if touches_numbers:
            # I18N: why the suggested guess is a good one (it is next to revealed numbers)
            third = self.ngettext(
                "It is the lowest risk on the board, and it touches the numbers, so opening it tells you more about them.",
                "They are the lowest risk on the board; those that touch the numbers tell you the most when opened.",
                n,
            )
        else:
            # I18N: why the suggested guess is a good one (it is away from revealed numbers)
            third = self.ngettext(
                "It is the lowest risk on the board; away from the numbers, it may open a new area.",
                "They are the lowest risk on the board; away from the numbers, they may open a new area.",
                n,
            )
        return self.join([first, second, third])

    def no_exact(self) -> str:
        """Nothing certain that the simple rules find, and the exact count was over budget: no probabilities to offer."""
        # I18N: the board is too big or too tangled to compute exact mine probabilities within the time allowed
        return self._(
            "No simple step is left, and exact probabilities are unavailable for this board: it is too large or too tangled to count every placement in the time allowed."
        )

    def assist(self, cell: Cell, probability: float) -> str:
        """Assist mode opened ``cell`` because no logical step was left."""
        # I18N: assist mode opened a cell for the player; %(probability)s is its mine chance as far as the player knew
        return self._(
            "No logical step was left, so the game opened %(cell)s for you. As far as you could tell, its mine chance was %(probability)s.",
            cell=cell,
            probability=self.percent(probability),
        )

    def loss_lead(self, cell: Cell, proved: bool) -> str:
        """The first sentence of a loss report; for a proved mine the chain follows it."""
        if proved:
            # I18N: the player opened a cell that could be proved to be a mine; the numbered steps of the proof follow
            return self._("%(cell)s was a mine, and you could have known it from the numbers.", cell=cell)
        return ""

    def strict_lead(self, cell: Cell, probability: float) -> str:
        """A strict game lost: the move was not certain while a step was available (the step follows)."""
        # I18N: strict mode: the player opened a cell that was not certain while a logical step was available
        return self._(
            "Strict mode: %(cell)s was not certain (its mine chance was %(probability)s) while a logical step was available, so the game is lost. The step:",
            cell=cell,
            probability=self.percent(probability),
        )

    def loss(
        self,
        cell: Cell,
        chain: Sequence[Deduction],
        probability: float,
        safe: CellSet | None = None,
        safest: CellSet | None = None,
        safest_probability: float | None = None,
        strict: bool = False,
    ) -> str:
        """Why did I lose: the steps that proved ``cell`` a mine, or the odds of the guess (in strict mode:
        the step that was available instead)."""
        if strict:
            return self.join([self.strict_lead(cell, probability), *self.chain(chain)])
        if chain:
            return self.join([self.loss_lead(cell, True), *self.chain(chain)])
        # I18N: the player's losing click was a guess
        first = self._(
            "%(cell)s was a guess: as far as you could tell, its mine chance was %(probability)s.",
            cell=cell,
            probability=self.percent(probability),
        )
        if safe:
            second = self.ngettext(
                "But one cell was certainly safe: %(cells)s.",
                "But %(count)s cells were certainly safe: %(cells)s.",
                len(safe),
                cells=safe,
            )
        elif safest and safest_probability is not None:
            second = self.ngettext(
                "A safer cell existed: %(cells)s, with a mine chance of %(probability)s.",
                "Safer cells existed: %(cells)s, each with a mine chance of %(probability)s.",
                len(safest),
                cells=safest,
                probability=self.percent(safest_probability),
            )
        else:
            second = self._("No cell was safer: that was bad luck, not a mistake.")
        return self.join([first, second])

    def inconsistent(self, clues: tuple[Cell, ...], uses_mine_count: bool) -> str:
        if not clues:
            return self._("This board cannot happen: the mine count does not fit the covered cells.")
        if uses_mine_count:
            return self.ngettext(
                "This board cannot happen: no placement of mines fits the number at %(clues)s together with the mine count.",
                "This board cannot happen: no placement of mines fits the numbers at %(clues)s together with the mine count.",
                len(clues),
                clues=self.cells(clues),
            )
        # I18N: an impossible board; %(clues)s lists the numbers that contradict each other
        return self.ngettext(
            "This board cannot happen: no placement of mines fits the number at %(clues)s.",
            "This board cannot happen: no placement of mines fits the numbers at %(clues)s together.",
            len(clues),
            clues=self.cells(clues),
        )


def explain(deduction: Deduction, language: str = DEFAULT_LANGUAGE) -> str:
    """The full explanation of a deduction in ``language``."""
    return Renderer(language).deduction(deduction)
