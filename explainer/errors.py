"""The engine's errors: one base class, so callers can catch everything the
engine refuses with a single ``except EngineError``.

The design (python-chess is the model): a few precise ``ValueError``
subclasses under one base, ``EngineError``, whose message is the whole story
in plain English, quoting the bad input.  ``EngineError`` is a ``ValueError``
(existing ``except ValueError`` handlers keep working).  What kind of refusal
an error is shows in its class, nothing else:

* **not found** — the class is also a ``LookupError`` (``UnknownPatternError``:
  an id that names nothing);
* **over budget** — ``BudgetExceeded``: nothing is wrong with the input, the
  work did not fit the time or work limit in force (``explainer.engine.budget``);
  its message says which limit was hit;
* **invalid** — every other ``EngineError``: the input, setting or move is not
  allowed, and the message says why.

The classes, each defined by the module that raises it (importing one from
here loads that module; inside ``explainer`` import it from its home)::

    ValueError
     └─ EngineError                       explainer.errors
         ├─ BudgetExceeded                explainer.errors         over the time or work limit
         ├─ BoardParseError               explainer.core.board     not a valid board text or view
         ├─ GameError                     explainer.play.game      a game setting or move not allowed
         │   ├─ GenerationError           explainer.play.generate  a no-guess board that cannot be made
         │   └─ HistoryFull               explainer.play.history   a game whose history holds its limit of records
         ├─ SamplingError                 explainer.play.sampling  a view no layout fits
         ├─ Inconsistent                  explainer.bot.certainty  the bot's numbers contradict each other
         ├─ BotError                      explainer.bot.moves      the bot has no move on this view
         ├─ UnknownPatternError (+ LookupError)
         │                                explainer.learn.lessons  a lesson / pattern id not in the catalog
         ├─ PracticeError                 explainer.learn.practice no practice puzzle for the request
         ├─ AnswerError                   explainer.learn.practice an answer naming cells one cannot play
         ├─ CliError                      explainer.cli.args       bad command-line input (a file, an argument)
         ├─ ReplayError                   explainer.play.replay_file a replay file that cannot be read
         ├─ VideoError                    explainer.play.videos    a replay video that cannot be read or written
         └─ FormatError                   explainer.formats.position a board file in a community format that cannot be read

``Inconsistent`` and ``SamplingError`` never reach a caller of the public
functions when the engine works (the bot turns ``Inconsistent`` into a
``BotError``; ``SamplingError`` is raised only for a view no real game can
show).  Plain ``ValueError``/``TypeError`` remain for a caller's programming
mistakes (a negative column, an unknown ``GuessPolicy.first_cell``, a budget
of 0 seconds): they are not input a user typed.

How a caller maps them (an HTTP API, say), most specific first::

    isinstance(error, BudgetExceeded)  -> 503 (try a smaller request; nothing changed)
    isinstance(error, LookupError)     -> 404
    isinstance(error, EngineError)     -> 400 (or 409 for BotError: the game's state, not the request)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__all__ = [
    "EngineError",
    "BudgetExceeded",
    "BoardParseError",
    "GameError",
    "GenerationError",
    "HistoryFull",
    "SamplingError",
    "Inconsistent",
    "BotError",
    "UnknownPatternError",
    "PracticeError",
    "AnswerError",
    "CliError",
    "ReplayError",
    "VideoError",
    "FormatError",
]


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose.

    ``template`` is the English message with named placeholders (``%(name)s``), a message id the words
    package translates (``Renderer.error``), ``params`` its values (data, never words of a language)
    and ``line`` the input line it is about, when known.  ``str(error)`` is the English sentence.  An error raised with a finished sentence (no
    params) keeps it as its template; it is shown in English where no catalog knows it."""

    def __init__(self, template: str = "", line: int | None = None, **params: object) -> None:
        self.template = template
        self.params = params
        self.line = line  # the 1-based line of the input where the problem is, when known
        message = template % params if params else template
        super().__init__(f"line {line}: {message}" if line is not None else message)


class BudgetExceeded(EngineError):
    """The work did not fit the budget in force.

    ``kind`` is ``"time"`` or ``"work"``; ``limit`` the limit that was hit
    (seconds, or work units); ``spent`` how much had been used.
    """

    def __init__(self, kind: str, limit: float, spent: float) -> None:
        self.kind = kind
        self.limit = limit
        self.spent = spent
        if kind == "time":
            message = (
                f"this board needs more than the time limit of {limit:g} seconds to analyse "
                "(raise the time limit to try harder)"
            )
        else:
            message = (
                f"this board needs more than the work limit of {int(limit):,} steps to analyse, "
                "a bound on time and memory (raise the work limit to try harder)"
            )
        super().__init__(message)

    def __reduce__(self) -> tuple[type[BudgetExceeded], tuple[str, float, float]]:  # picklable across processes (the bot's worker pool)
        return (type(self), (self.kind, self.limit, self.spent))


#: where each error re-exported here is defined (its module imports this one, so they are loaded on first use)
HOMES: dict[str, str] = {
    "BoardParseError": "explainer.core.board",
    "GameError": "explainer.play.game",
    "GenerationError": "explainer.play.generate",
    "HistoryFull": "explainer.play.history",
    "SamplingError": "explainer.play.sampling",
    "Inconsistent": "explainer.bot.certainty",
    "BotError": "explainer.bot.moves",
    "UnknownPatternError": "explainer.learn.lessons",
    "PracticeError": "explainer.learn.practice",
    "AnswerError": "explainer.learn.practice",
    "CliError": "explainer.cli.args",
    "ReplayError": "explainer.play.replay_file",
    "VideoError": "explainer.play.videos",
    "FormatError": "explainer.formats.position",
}


def __getattr__(name: str) -> type[BaseException]:
    """``from explainer.errors import GameError``: the class, from the module that defines it."""
    home = HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    error: type[BaseException] = getattr(importlib.import_module(home), name)
    globals()[name] = error
    return error


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(HOMES))


if TYPE_CHECKING:  # for type checkers; at run time __getattr__ imports them on first use
    from explainer.bot.certainty import Inconsistent
    from explainer.bot.moves import BotError
    from explainer.cli.args import CliError
    from explainer.core.board import BoardParseError
    from explainer.learn.lessons import UnknownPatternError
    from explainer.learn.practice import AnswerError, PracticeError
    from explainer.play.game import GameError
    from explainer.play.generate import GenerationError
    from explainer.play.history import HistoryFull
    from explainer.formats.position import FormatError
    from explainer.play.replay_file import ReplayError
    from explainer.play.videos import VideoError
    from explainer.play.sampling import SamplingError
