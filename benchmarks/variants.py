"""A guessing policy from the command line: ``floor=false pair_cell=lookahead`` is the default policy with
those fields changed (``explainer.bot.guess.GuessPolicy``; the benchmarks compare it with the default)."""

from __future__ import annotations

import sys
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explainer.bot.guess import DEFAULT_POLICY, GuessPolicy  # noqa: E402

_TRUE = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def variant(settings: list[str]) -> GuessPolicy:
    """The default policy with each ``name=value`` of ``settings`` set (ValueError names a bad one)."""
    types = {field.name: type(getattr(DEFAULT_POLICY, field.name)) for field in fields(GuessPolicy)}
    changes: dict[str, object] = {}
    for setting in settings:
        name, sep, text = setting.partition("=")
        if not sep or name not in types:
            raise ValueError(f"{setting!r}: expected name=value with a name among {', '.join(sorted(types))}")
        kind = types[name]
        try:
            if kind is bool:
                changes[name] = _TRUE[text.lower()]
            else:
                changes[name] = kind(text)
        except (KeyError, ValueError):
            raise ValueError(f"{setting!r}: {name} takes a {kind.__name__}") from None
    return replace(DEFAULT_POLICY, **changes)  # type: ignore[arg-type]
