"""What a proof step's writer (``explainer.words.steps``) needs of the renderer: its ``gettext`` calls, its list
format and how it joins sentences.  ``explainer.words.render.Renderer`` is one; the writers name this protocol so
that they import nothing of the renderer, which dispatches to them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

__all__ = ["ListFormat", "Speaker"]


class ListFormat(Protocol):
    def list(self, items: Sequence[str]) -> str:
        """'A1, B2 and C3' in the language's words."""
        ...


class Speaker(Protocol):
    @property
    def formats(self) -> ListFormat: ...

    def _(self, message: str, **params: Any) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str: ...

    def join(self, sentences: Iterable[str]) -> str: ...
