"""The types are checked: mypy, configured in pyproject.toml ([tool.mypy]: strict
for the engine, ``explainer``, the web app, ``web``, and ``benchmarks/``), passes.

Run here so that `bash scripts/test`, and so CI, checks them; mypy's cache
(``.mypy_cache``, not tracked) keeps a run after the first one to about a second.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the configuration's packages and cache directory are relative to the root
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, f"mypy found type errors (exit status {status}):\n{report}{errors}"
