"""Where the translation catalogs live, which languages there are, and loading
them.  No message text lives here: ``render`` owns every sentence."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.support import NullTranslations, Translations

__all__ = ["LANGUAGES", "DEFAULT_LANGUAGE", "locale_dirs", "translations", "normalize_language", "is_rtl"]

DEFAULT_LANGUAGE = "en"

#: language code -> its own name (what a language menu shows)
LANGUAGES: dict[str, str] = {
    "en": "English",
    "ko": "한국어",
    "ja": "日本語",
    "zh_Hans": "简体中文",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
    "pt": "Português",
    "ru": "Русский",
    "it": "Italiano",
    "pl": "Polski",
    "ar": "العربية",
}

_ALIASES = {"zh": "zh_Hans", "zh_cn": "zh_Hans", "zh_hans": "zh_Hans", "zh_sg": "zh_Hans", "pt_br": "pt", "pt_pt": "pt"}

_PACKAGE_LOCALES = Path(__file__).resolve().parents[1] / "locales"
_SOURCE_LOCALES = Path(__file__).resolve().parents[2] / "locales"


def locale_dirs() -> list[Path]:
    """Catalog folders: the built package's first, then the source tree's."""
    return [path for path in (_PACKAGE_LOCALES, _SOURCE_LOCALES) if path.is_dir()]


def normalize_language(code: str | None) -> str | None:
    """'de-DE' -> 'de', 'zh-CN' -> 'zh_Hans'; None if not a supported language."""
    if not code:
        return None
    key = code.strip().replace("-", "_")
    if key in LANGUAGES:
        return key
    lowered = key.lower()
    if lowered in _ALIASES:
        return _ALIASES[lowered]
    base = lowered.split("_")[0]
    if base in _ALIASES:
        return _ALIASES[base]
    return base if base in LANGUAGES else None


@lru_cache(maxsize=64)
def is_rtl(language: str) -> bool:
    """Whether ``language`` is written right to left (the locale is parsed once per language)."""
    return Locale.parse(language).character_order == "right-to-left"


@lru_cache(maxsize=32)
def translations(language: str) -> NullTranslations:
    """The compiled catalog for ``language``; English (the source) needs none.

    Loaded once per language and shared (``Renderer`` asks for it on every
    construction); a gettext catalog is read-only once loaded, so threads share it.

    A catalog whose .mo file is missing (a source checkout that was never
    built) is compiled in memory from its .po file, so no language silently
    falls back to English.
    """
    if language == DEFAULT_LANGUAGE:
        return NullTranslations()
    for folder in locale_dirs():
        mo_path = folder / language / "LC_MESSAGES" / "messages.mo"
        po_path = folder / language / "LC_MESSAGES" / "messages.po"
        if mo_path.is_file() and (not po_path.is_file() or mo_path.stat().st_mtime >= po_path.stat().st_mtime):
            with mo_path.open("rb") as handle:
                return Translations(handle, domain="messages")
        if po_path.is_file():
            return _compile_in_memory(po_path)
    return NullTranslations()


def _compile_in_memory(po_path: Path) -> Translations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer, domain="messages")
