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

The classes, all defined here (python-chess keeps its errors with its core the same way), each named
with the module that raises it; that module re-exports it, so ``from explainer.play.game import
GameError`` works as well::

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
         ├─ VideoError                    explainer.formats.videos a replay video that cannot be read or written
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

from collections.abc import Iterable

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


class BoardParseError(EngineError):
    """A board text (or board data) that is not a valid player view.

    ``line`` is the 1-based line of the text where the problem is, when known.
    """


class GameError(EngineError):
    """A move or game setting that is not allowed; the message says why."""


class GenerationError(GameError):
    """A board that cannot be generated; the message says why and what to change."""


class HistoryFull(GameError):
    """A game whose history holds its limit of records (``explainer.play.history.history_limit``):
    it takes no more moves or help."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__("This game has reached its limit of %(limit)s moves.", limit=limit)


class SamplingError(EngineError):
    """A view that no layout fits (it cannot come from a real game)."""


class Inconsistent(EngineError):
    """The numbers seen cannot all be true (the view is impossible)."""


class BotError(EngineError):
    """The bot cannot move on this view (it is impossible, or nothing is left to open)."""


class UnknownPatternError(EngineError, LookupError):
    """A pattern id that is not in the catalog (a ``LookupError``: not found)."""

    def __init__(self, pattern_id: object, choices: Iterable[str] = ()) -> None:
        self.pattern_id = pattern_id
        super().__init__(f"unknown pattern {pattern_id!r}; choose one of: {', '.join(choices)}")


class PracticeError(EngineError):
    """No practice puzzle could be made for the request."""


class AnswerError(EngineError):
    """An answer that names cells a player cannot open or flag."""


class CliError(EngineError):
    """A problem with the command line's input, reported as ``error: ...``."""


class ReplayError(EngineError):
    """A replay file that cannot be read: the message names the field (and the move) at fault."""


class VideoError(EngineError):
    """A replay video that cannot be read (its template is translated; see ``EngineError``)."""


class FormatError(EngineError):
    """A board file that cannot be read (or a position a format cannot hold); the message says where."""

    @classmethod
    def of(cls, error: EngineError, line: int | None = None) -> FormatError:
        """The same message (template, values, line) as a board error found while reading a file."""
        return cls(error.template, error.line if error.line is not None else line, **error.params)
