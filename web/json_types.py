"""Named types the web's JSON replies are declared with (``TypedDict`` fields), carrying what the API's description
says of them: a count is a whole number >= 0, a ratio lies in [0, 1], a mode is one of the game's modes.  The
description's schemas are generated from the reply types (``web.api.openapi``), so what is said here is said once."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from explainer.learn.lessons import PATTERN_IDS
from explainer.play.modes import MODES
from explainer.words.i18n import LANGUAGES

__all__ = ["CellJson", "Count", "LanguageName", "ModeName", "PatternName", "Ratio", "Seconds"]

#: a number of things: a whole number, 0 or more
Count = Annotated[int, Field(ge=0)]
#: a share of something, from 0 to 1
Ratio = Annotated[float, Field(ge=0, le=1)]
#: a duration or a moment, in seconds
Seconds = Annotated[float, Field(ge=0)]
#: a game mode's name (``explainer.play.modes.Mode``)
ModeName = Annotated[str, Field(json_schema_extra={"enum": [str(mode) for mode in MODES]})]
#: a language a reply is written in (``explainer.words.i18n.LANGUAGES``)
LanguageName = Annotated[str, Field(json_schema_extra={"enum": list(LANGUAGES)})]
#: a cell: ``[row, col]``, 0-based, row 0 at the top
CellJson = Annotated[list[Annotated[int, Field(ge=0)]], Field(min_length=2, max_length=2)]
#: a lesson's pattern (``explainer.learn.lessons.PATTERNS``)
PatternName = Annotated[str, Field(json_schema_extra={"enum": list(PATTERN_IDS)})]
