"""The player's language: ``?lang=``, then the session, then Accept-Language.

Every code goes through ``explainer.words.i18n.normalize_language`` so the page,
the API and the engine agree on one code per language.
"""

from __future__ import annotations

from babel.support import NullTranslations
from flask import request, session
from flask_babel import Domain, get_locale

from explainer.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, is_rtl, normalize_language, translations

__all__ = ["SharedCatalogs", "UnknownLanguage", "requested_language", "browser_language", "select_language", "remember", "direction"]

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
    if value != value.strip():  # (as the description's pattern says: no space around the code)
        raise UnknownLanguage(value)
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


class SharedCatalogs(Domain):
    """Flask-Babel's translations taken from the engine's loader, so the page and the
    engine's sentences always come from the same catalog (a missing or stale .mo is
    compiled from its .po in memory, as the engine does)."""

    def get_translations(self) -> NullTranslations:
        locale = get_locale()
        return translations(str(locale)) if locale is not None else NullTranslations()
