"""Fixtures the web's tests share (the app, its client and the databases are the root conftest's)."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from web import create_app


@pytest.fixture
def tight_app(db_path: Path) -> Flask:
    """Budgets far too small for any real count: every exact analysis gives way."""
    return create_app(
        {"TESTING": True, "DATABASE_URL": str(db_path), "SECRET_KEY": "k" * 40, "ALLOW_SEEDS": True,
         "ENGINE_WORK": 20_000}
    )
