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

import copy
import math
import threading
from decimal import ROUND_HALF_UP, Decimal
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

from explainer.core.cells import Cell, CellSet, cell_name, column_letters
from explainer.core.deduction import Deduction, ProofStep, Rule
from explainer.errors import EngineError
from explainer.words.steps import WRITERS
from explainer.words.i18n import DEFAULT_LANGUAGE, is_rtl, translations

__all__ = ["Renderer", "HintLevels", "LocaleFormats", "locale_formats", "explain", "shown", "step_depth", "LIST_LIMIT"]

_TENTH, _ONE = Decimal("0.1"), Decimal(1)


def shown(probability: float) -> Decimal:
    """The percent a chance shows on every screen (hint, overlay, review, loss report): whole from 10% up, one decimal
    below, halves rounded up (21, 9.5, 0.5), from the float's exact value (12.5% is 13%)."""
    exact = Decimal(probability) * 100
    tenth = exact.quantize(_TENTH, ROUND_HALF_UP)
    return exact.quantize(_ONE, ROUND_HALF_UP) if tenth >= 10 else tenth

#: lists longer than this are shortened to their first cells and "N more"
LIST_LIMIT = 10

#: integers 0 .. SMALL_NUMBERS - 1 are formatted once per language and remembered
SMALL_NUMBERS = 10_000


#: lists in the language's own form where CLDR's is stiff: Korean joins cell names with commas ("C5, D5, E5")
#: rather than "C5, D5 및 E5", the conjunction of official documents
LIST_PATTERNS: dict[str, dict[str, str]] = {
    "ko": {"2": "{0}, {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0}, {1}"},
}


class LocaleFormats:
    """One language's Babel number and list formatting, parsed once.

    ``number``, ``percent`` and ``list`` give exactly what ``format_decimal(value,
    locale=language)``, ``format_percent(value, locale=language,
    decimal_quantization=False)`` and ``format_list(items, locale=language)``
    give (Korean lists excepted: ``LIST_PATTERNS``), without parsing the locale or looking up its patterns again.  Small
    integers and percentages between 0 and 1 are memoised (at most
    ``SMALL_NUMBERS`` and 1,001 entries: the percentages are rounded to three
    decimals before they get here).  Thread-safe: the memo dictionaries only
    ever gain an entry whose text is a pure function of its key (two threads
    may both compute it; either write is right), and a dict store is atomic.
    """

    __slots__ = ("language", "locale", "_decimal", "_percent", "_lists", "_numbers", "_percents", "_whole", "_tenth", "_shown")

    def __init__(self, language: str) -> None:
        self.language = language
        self.locale = Locale.parse(language)
        self._decimal = self.locale.decimal_formats[None]
        self._percent = self.locale.percent_formats[None]
        # format_list's 'standard' style (every CLDR locale has it; else fall back to Babel's own resolution)
        lists = self.locale.list_patterns.get("standard")
        self._lists: dict[str, str] | None = None if lists is None else dict(lists)  # a plain dict: Babel's resolves aliases on every read
        if language in LIST_PATTERNS:
            self._lists = dict(LIST_PATTERNS[language])
        self._numbers: dict[int, str] = {}
        self._percents: dict[float, str] = {}
        self._whole = copy.copy(self._percent)
        self._whole.frac_prec = (0, 0)
        self._tenth = copy.copy(self._percent)
        self._tenth.frac_prec = (1, 1)
        self._shown: dict[tuple[Decimal, bool], str] = {}  # (at most 1,100 figures: 0.0 to 9.9 and 10 to 100)

    def number(self, value: int) -> str:
        """``format_decimal(value, locale=language)``."""
        text = self._numbers.get(value) if type(value) is int else None
        if text is None:
            text = self._decimal.apply(value, self.locale)
            if type(value) is int and 0 <= value < SMALL_NUMBERS:
                self._numbers[value] = text
        return text

    def shown_percent(self, value: Decimal, whole: bool = False) -> str:
        """A percent figure as ``shown`` rounds it (``value`` in percent): whole from 10 up (or when ``whole``), one
        decimal below, in the language's percent format ("13%", "9.5%", "6.0%", "9,5 %")."""
        whole = whole or value >= 10
        text = self._shown.get((value, whole))
        if text is None:
            text = self._shown[(value, whole)] = (self._whole if whole else self._tenth).apply(value / 100, self.locale)
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


#: Unicode's left-to-right isolate and its end (cell names and figures in right-to-left text)
LRI, PDI = "\u2066", "\u2069"


class Renderer:
    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language
        self._translations = translations(language)
        self._ngettext = self._translations.ngettext
        #: what goes between sentences: nothing in languages written without spaces
        self._separator = "" if language in ("ja", "zh_Hans") else " "
        # the language's Babel formats, if already built; else built on first use (an unknown locale fails then, as before)
        self._formats: LocaleFormats | None = _FORMATS.get(language)
        #: in a language written right to left, every cell name and figure is a left-to-right isolate (U+2066 ...
        #: U+2069), so "R8" and the "4" after it never run together into one left-to-right stretch
        self._isolate = is_rtl(language)

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
            if self._isolate and (kind is Cell or kind is CellSet and mask and not mask & (mask - 1)):
                params[key] = LRI + params[key] + PDI  # (a list of cells isolates each name: ``cells``)
        return params

    def number(self, value: int) -> str:
        return (self._formats or self.formats).number(value)

    def decimal(self, value: float) -> str:
        """A figure with two decimals in the locale's format: '1.25', '1,25'."""
        return format_decimal(value, format="#,##0.00", locale=self.language)

    def percent(self, probability: float) -> str:
        """A chance as every screen shows it (``shown``: whole from 10% up, one decimal below), in the locale's
        percent format: '13%', '9.5%', '9,5 %'."""
        formats = self._formats or self.formats
        if probability == 0.0:  # certainly no mine: "0%" (a chance that only rounds to nothing is "0.0%")
            text = formats.shown_percent(Decimal(0), whole=True)
        else:
            text = formats.shown_percent(shown(probability))
        return LRI + text + PDI if self._isolate else text

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
        if self._isolate:
            names = [LRI + name + PDI for name in names]
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
        """The full argument (what to do is the highlight and the buttons: ``action``)."""
        return self.explained(deduction)[0]

    def explained(self, deduction: Deduction) -> tuple[str, list[str]]:
        """(the full argument, the sentence of each of its proof steps).

        The argument is the proof's steps in order; a longer argument (enumeration) first recalls the cells
        proved safe before that it relies on."""
        steps = [self.proof_step(step) for step in deduction.proof]
        if deduction.rule is not Rule.ENUMERATION:  # no lead: the steps alone (most deductions: one step)
            if len(steps) == 1:
                return steps[0], steps
            return self._separator.join([sentence for sentence in steps if sentence]), steps
        body = self._lead(deduction)
        body += steps
        # no closing "Open C5." that repeats the cells: the highlight and the buttons are the action
        return self._separator.join([sentence for sentence in body if sentence]), steps

    def _lead(self, deduction: Deduction) -> list[str]:
        """The sentences before an enumeration's steps; none for any other rule (``explained`` relies on it)."""
        body: list[str] = []
        # one- and two-number steps name the safe cells they set aside where they count covered cells
        if deduction.known_safe.mask and deduction.rule is Rule.ENUMERATION:
            body.append(self._known_safe(deduction))
        # (no "No simpler step works here: it takes 3 numbers together": the numbers are highlighted, and a teacher
        # goes straight to the argument)
        return body

    def lead(self, deduction: Deduction) -> str:
        """What comes before the proof's steps: the proved-safe cells it relies on, the numbers it uses."""
        return self.join(self._lead(deduction))

    def levels(self, deduction: Deduction, shape: str | None = None) -> HintLevels:
        """The three levels; ``shape``: the named shape the step is (``explainer.learn.lessons.classify``), if any."""
        return HintLevels(self.where(deduction), self.pattern(deduction, shape), self.deduction(deduction))

    def where(self, deduction: Deduction) -> str:
        if not deduction.clues:
            # I18N: first hint level for a step that uses the total mine count only
            return self._("Look at the mine counter and the covered cells that are left.")
        n = len(deduction.clues)
        # I18N: first hint level: where to look. %(clues)s is a list of cell names like "C5 and D5"
        return self.ngettext(
            "Look at the number at %(clues)s.", "Look at the numbers at %(clues)s.", n, clues=self.cells(deduction.clues)
        )

    def pattern(self, deduction: Deduction, shape: str | None = None) -> str:
        """The second level: the pattern to use, by the name the lessons teach it under when it is a named shape."""
        named = self._shape_pattern(shape)
        if named:
            return named
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

    def _shape_pattern(self, shape: str | None) -> str:
        """The second level for a named shape: its name, as the lessons write it, and what it gives."""
        if shape == "one-one-wall":
            # I18N: second hint level: the 1-1 pattern against a wall (the lesson's name), in one sentence
            return self._("Look for a 1-1 against a wall: the mine of the 1 at the wall is in the two cells both 1s touch, so the other 1's third cell is safe.")
        if shape == "one-one-edge":
            # I18N: second hint level: numbers reduced by their flags form a 1-1 (the lesson's name), in one sentence
            return self._("Take away the flags first: the reduced numbers form a 1-1 against a wall.")
        if shape == "one-one-hole":
            # I18N: second hint level: the 1-1 at a hole (the lesson's name), in one sentence
            return self._("Look for a 1-1 at a hole: the mine of the 1 behind is beside the other 1, so the other 1's remaining cells are safe.")
        if shape == "one-two-plus":
            # I18N: second hint level: numbers reduced by their flags form a 1-2 (the lesson's name), in one sentence
            return self._("Take away the flags first: the reduced numbers form a 1-2 whose 2 has a mine on its far side.")
        if shape == "one-two":
            # I18N: second hint level: the 1-2 pattern (the lesson's name), in one sentence
            return self._("Look for a 1-2: the 2's cell away from the 1 is a mine.")
        if shape == "one-two-one":
            # I18N: second hint level: the 1-2-1 pattern (the lesson's name), in one sentence
            return self._("Look for a 1-2-1: the cells in front of the 1s are mines, the one in front of the 2 is safe.")
        if shape == "one-two-two-one":
            # I18N: second hint level: the 1-2-2-1 pattern (the lesson's name), in one sentence
            return self._("Look for a 1-2-2-1: the cells in front of the 2s are mines, those in front of the 1s are safe.")
        return ""

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

    # -- proof steps -----------------------------------------------------------------
    def proof(self, steps: Iterable[ProofStep]) -> list[str]:
        return [self.proof_step(step) for step in steps]

    def proof_lines(self, steps: Iterable[ProofStep]) -> list[tuple[int, str]]:
        """Each step's sentence with its nesting depth (the steps of a case indent), for a list view."""
        return [(step_depth(step), self.proof_step(step)) for step in steps]

    def proof_step(self, step: ProofStep) -> str:
        """The sentence of one step, from the step's data alone (``explainer.words.steps``: one writer per kind)."""
        writer = WRITERS.get(step.message)
        if writer is None:
            raise ValueError(f"unknown proof step {step.message!r}")
        return writer(self, step)

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

    def no_step_lead(self, probability: float, safest: CellSet, flagged: bool = False) -> list[str]:
        """Nothing is certain: why.  The safest cells follow, said by the guess's sentences
        (``explainer.words.guesses``: they know whether the pick is one of them, and name each cell
        once) or by ``no_step``; ``probability`` and ``safest`` are theirs, not used here.  With flags on the
        board (``flagged``) the claim is about the other cells: a right flag is a certain mine."""
        if flagged:
            # I18N: the opening of a guess: no logical step exists (the player has flags on the board, which may well be
            # certain mines, so the claim is about the other covered cells)
            return [self._("No unflagged cell is certain here.")]
        # I18N: the opening of a guess: no logical step exists, every covered cell may be a mine
        return [self._("Nothing is certain here.")]

    def no_step(self, probability: float, safest: CellSet, touches_numbers: bool = False, flagged: bool = False) -> str:
        """Nothing is certain: say why, name the safest cells and why they are the pick."""
        if not safest:
            return self._("There is nothing left to open.")
        [first] = self.no_step_lead(probability, safest, flagged)
        n = len(safest)
        # I18N: the cells with the lowest mine chance, named; %(probability)s is a percentage
        second = self.ngettext(
            "The safest cell is %(cells)s, with a mine chance of %(probability)s.",
            "The safest cells are %(cells)s, each with a mine chance of %(probability)s.",
            n,
            cells=safest,
            probability=self.percent(probability),
        )
        if touches_numbers:
            # I18N: after the safest cells: why to open one of them (it is next to revealed numbers)
            third = self.ngettext(
                "It touches the numbers, so opening it tells you more about them.",
                "Those that touch the numbers tell you the most when opened.",
                n,
            )
        else:
            # I18N: after the safest cells: why to open one of them (away from revealed numbers)
            third = self.ngettext(
                "Away from the numbers, it may open a new area.",
                "Away from the numbers, they may open a new area.",
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
            # I18N: the player opened a cell the numbers proved to be a mine; the proof follows
            return self._("%(cell)s was a mine, and the numbers prove it.", cell=cell)
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
        advised: bool = False,
    ) -> str:
        """Why did I lose: the steps that proved ``cell`` a mine, or the odds of the guess (in strict mode:
        the step that was available instead; ``advised``: the guess was the one the hint advises)."""
        if strict:
            return self.join([self.strict_lead(cell, probability), *self.chain(chain)])
        if chain:
            return self.join([self.loss_lead(cell, True), *self.chain(chain)])
        if advised:
            # I18N: the player's losing click was the guess the hint advises on that board (the best one the bot knows)
            return self._(
                "%(cell)s was the advised guess, with a mine chance of %(probability)s: this time it was a mine. That was bad luck, not a mistake.",
                cell=cell,
                probability=self.percent(probability),
            )
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
