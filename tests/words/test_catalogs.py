"""Every catalog language is complete, hand-translated and safe to format.

Fails on a missing, empty or fuzzy entry, an English copy, a placeholder
that does not match the message id, or a plural form that is used for more
than one count but leaves out the count.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from explainer.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, locale_dirs, translations

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def source_messages() -> dict[str, str | None]:
    """msgid -> msgid_plural (or None), extracted from the source like ``scripts/i18n extract``."""
    method_map = [("explainer/**.py", "python"), ("web/**.py", "python"), ("web/templates/**.html", "jinja2")]
    found: dict[str, str | None] = {}
    for _filename, _lineno, message, _comments, _context in extract_from_dir(str(ROOT), method_map):
        if isinstance(message, tuple):
            found[message[0]] = message[1]
        else:
            found.setdefault(message, None)
    return found


SOURCE = source_messages()


def load(code: str):
    with (LOCALES / code / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=code)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))




def _form_usage(catalog) -> dict[int, int]:
    """How many of the counts 0..1000 each plural form index serves."""
    choose = gettext.c2py(catalog.plural_expr)
    usage: dict[int, int] = {}
    for n in range(0, 1001):
        index = choose(n)
        usage[index] = usage.get(index, 0) + 1
    return usage


def test_the_source_has_messages() -> None:
    assert len(SOURCE) > 50


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalog_is_complete_and_placeholders_match(code: str) -> None:
    catalog = load(code)
    usage = _form_usage(catalog)
    assert len(usage) == catalog.num_plurals, f"{code}: the plural expression does not fit nplurals"
    many = {index for index, uses in usage.items() if uses > 1}
    problems = []
    for msgid, plural in SOURCE.items():
        key = msgid
        message = catalog.get(key)
        if message is None:
            problems.append(f"missing: {msgid!r}")
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {msgid!r}")
        if plural is None:
            text = message.string if isinstance(message.string, str) else message.string[0]
            if not text:
                problems.append(f"empty: {msgid!r}")
            elif placeholders(text) != placeholders(msgid):
                problems.append(f"placeholders {placeholders(text)} != {placeholders(msgid)}: {msgid!r}")
            elif text == msgid and re.search("[A-Za-z]{3}", PLACEHOLDER.sub("", msgid)):
                problems.append(f"English copy: {msgid!r}")
            continue
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if len(forms) != catalog.num_plurals or not all(forms):
            problems.append(f"plural forms missing ({len([f for f in forms if f])}/{catalog.num_plurals}): {msgid!r}")
            continue
        allowed = placeholders(msgid) | placeholders(plural)
        required_everywhere = placeholders(msgid) & placeholders(plural)
        for index, form in enumerate(forms):
            got = placeholders(form)
            if not got <= allowed:
                problems.append(f"form {index} has unknown placeholders {got - allowed}: {msgid!r}")
            if not required_everywhere <= got:
                problems.append(f"form {index} lacks {required_everywhere - got}: {msgid!r}")
            if index in many and not placeholders(plural) <= got:
                problems.append(f"form {index} is used for many counts but lacks {placeholders(plural) - got}: {msgid!r}")
        if forms[-1] == plural:
            problems.append(f"English copy: {plural!r}")
    assert not problems, f"{code}: " + "\n".join(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiled_catalog_is_built_and_translates(code: str) -> None:
    """The package build compiles .mo files; without them pages fall back to English."""
    mo_files = [folder / code / "LC_MESSAGES" / "messages.mo" for folder in locale_dirs()]
    assert any(path.is_file() for path in mo_files), f"no compiled catalog for {code}: was the package built?"
    msgid = "Suppose %(cell)s were a mine."
    translated = translations(code).gettext(msgid)
    assert translated != msgid and "%(cell)s" in translated
