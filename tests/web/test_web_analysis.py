"""The per-worker caches of engine answers: same answers as without them, bounded, per language."""

from __future__ import annotations

from pathlib import Path

from explainer.core.board import Board
from explainer.engine.hint import make_hint
from explainer.engine.solve import solve
from explainer.words.hints import hint_text
from web import create_app
from web.replies.analysis import Analyses, hint_reply

BOARD = Board.parse("mines 3\n??1..\n??2..\n??2..\n??1..\n")


def test_cached_answers_equal_fresh_ones_per_language() -> None:
    analyses = Analyses(8)
    built: list[int] = []

    def board() -> Board:
        built.append(1)
        return BOARD

    english = analyses.hint("rev-1", board, "en")
    german = analyses.hint("rev-1", board, "de")
    assert english == hint_reply(solve(BOARD), "en") and english["text"] == hint_text(make_hint(BOARD), "en")
    assert german == hint_reply(solve(BOARD), "de")
    assert analyses.hint("rev-1", board, "en") is english
    assert len(built) == 2 and analyses.solutions.cache.misses == 1  # one solve shared by both languages


def test_api_answers_are_the_same_with_the_cache_off(tmp_path: Path) -> None:
    replies = []
    for size in (512, 0):
        config = {"DATABASE_URL": str(tmp_path / f"{size}.db"), "ALLOW_SEEDS": True, "SOLUTION_CACHE_SIZE": size}
        app = create_app({"TESTING": True, **config})
        client = app.test_client()
        game_id = client.post("/api/games", json={"preset": "expert", "seed": 21}).json["game"]["id"]
        client.post(f"/api/games/{game_id}/open", json={"row": 8, "col": 15})
        first = client.get(f"/api/games/{game_id}/hint?lang=ja").json["hint"]
        again = client.get(f"/api/games/{game_id}/hint?lang=ja").json["hint"]
        assert first == again
        replies.append(first)
    assert replies[0] == replies[1]
