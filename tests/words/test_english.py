"""English that reads well, checked over every sentence the engine writes for the player views
(and loss reports and wrong-flag reasons built from them): no "a 8%", "both" rather than "all" for two
cells, "needs 1 more" rather than "needs only 1 mine", no capital after a colon mid-sentence, and no
clause repeated in consecutive sentences."""

from __future__ import annotations

import re

import pytest

from explainer import solve
from explainer.play.losses import loss_report
from explainer.words.modes import loss_report_json
from explainer.words.render import Renderer
from explainer.words.solution_json import solution_to_json

from tests.data import view_boards


def _texts() -> list[str]:
    texts = []
    for board in view_boards():
        solution = solve(board)
        data = solution_to_json(solution, "en")
        texts += [item["text"] for item in data["deductions"]]
        # why a cell is a mine, from the numbers: the last certain mine of the chain
        mines = [cell for cell in solution.mines if cell not in {c for c in board.cellset(board.flagged_mask)}]
        if mines and len(texts) % 7 == 0:
            texts.append(loss_report_json(loss_report(board, mines[-1]), "en")["text"])
    renderer = Renderer("en")
    for probability in (0.08, 0.11, 0.18, 0.5, 0.8):
        texts.append(renderer.assist(board.cell(0), probability))
        texts.append(renderer.no_step(probability, board.cellset(1), True))
    return texts


TEXTS = _texts()

RULES = {
    "an article before a number spoken with a vowel": re.compile(r"\ba (8|11|18|8\d)\b|\ba (8|11|18)\d*%"),
    "a capital after a colon mid-sentence": re.compile(r": [A-Z][a-z]"),
    "'all' for two cells": re.compile(r"\b[A-Z]+\d+ and [A-Z]+\d+ are all\b|all 2\b|all of the 2\b"),
    "'needs only' a number of mines": re.compile(r"needs only \d+ mine"),
    "'we already know' after a colon": re.compile(r": We already know"),
}


def test_there_are_many_sentences_to_read() -> None:
    assert len(TEXTS) >= 4000


@pytest.mark.parametrize("rule", list(RULES))
def test_english_rule(rule: str) -> None:
    pattern = RULES[rule]
    offending = [text for text in TEXTS if pattern.search(text)]
    assert not offending, offending[:3]


def _sentences(text: str) -> list[str]:
    return [sentence for sentence in re.split(r"(?<=\.) (?=\S)", text) if sentence]


def test_no_clause_is_repeated_in_consecutive_sentences() -> None:
    offending = []
    for text in TEXTS:
        sentences = _sentences(text)
        for first, second in zip(sentences, sentences[1:]):
            clauses = [{c.strip() for c in s.rstrip(".").split(",") if len(c.split()) >= 3} for s in (first, second)]
            if clauses[0] & clauses[1]:
                offending.append((first, second))
    assert not offending, offending[:3]
