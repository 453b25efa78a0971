"""The player's language: ``?lang=``, then the session, then Accept-Language.

Every code goes through ``explainer.i18n.normalize_language`` so the page,
the API and the engine agree on one code per language.
"""

from __future__ import annotations

from flask import request, session

from explainer.i18n import DEFAULT_LANGUAGE, LANGUAGES, is_rtl, normalize_language

__all__ = ["UnknownLanguage", "requested_language", "browser_language", "select_language", "remember", "direction"]

SESSION_KEY = "lang"


class UnknownLanguage(ValueError):
    """A ``lang`` value that is not one of the catalog languages."""

    def __init__(self, value: str) -> None:
        self.value = value
        super().__init__(f"unknown language {value!r}; choose one of: {', '.join(LANGUAGES)}")


def parse_language(value: str) -> str:
    """The supported code for ``value`` or ``UnknownLanguage``."""
    language = normalize_language(value)
    if language is None:
        raise UnknownLanguage(value)
    return language


def requested_language() -> str | None:
    """The ``lang`` query parameter, checked (None when absent)."""
    value = request.args.get("lang")
    if value is None:
        return None
    return parse_language(value)


def browser_language() -> str | None:
    """The first supported language in Accept-Language, by preference."""
    for value, _quality in request.accept_languages:
        language = normalize_language(value)
        if language is not None:
            return language
    return None


def select_language() -> str:
    """Flask-Babel's locale selector (a bad ``?lang=`` is ignored here; the API rejects it)."""
    try:
        asked = requested_language()
    except UnknownLanguage:
        asked = None
    remembered = normalize_language(session.get(SESSION_KEY))
    return asked or remembered or browser_language() or DEFAULT_LANGUAGE


def remember(language: str) -> None:
    session[SESSION_KEY] = language


def direction(language: str) -> str:
    return "rtl" if is_rtl(language) else "ltr"
