"""Many bot games: deterministic seeds, optional worker processes, and the
statistics (win rate with a 95% Wilson interval, speed, guesses per game).

Game ``i`` of a run with seed ``S`` always gets the layout seed
``game_seed(S, i)``, and results are gathered in game order, so a run gives
identical results with any number of jobs.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import partial

from explainer.bot.moves import Settle, play_game
from explainer.bot.rollouts import Strongest, strongest_guess
from explainer.play.game import check_size
from explainer.bot.guess import DEFAULT_POLICY, GuessPolicy
from explainer.bot.interface import FirstClick, PlayerTable

__all__ = ["RunConfig", "RunSummary", "game_seed", "play_seeded", "run_games", "wilson_interval"]

#: the normal quantile for a two-sided 95% interval
Z95 = 1.959963984540054


@dataclass(frozen=True)
class RunConfig:
    height: int
    width: int
    mines: int
    first_click: FirstClick = FirstClick.OPENING
    policy: GuessPolicy = DEFAULT_POLICY
    strongest: Strongest | None = None  # the strongest setting: close calls played out (``explainer.bot.rollouts``)

    def __post_init__(self) -> None:
        check_size(self.height, self.width, self.mines)


@dataclass(frozen=True)
class GameOutcome:
    won: bool
    guesses: int


@dataclass(frozen=True)
class RunSummary:
    config: RunConfig
    seed: int
    games: int
    wins: int
    guesses: int  # summed over the games, first clicks included
    seconds: float
    jobs: int
    outcomes: tuple[bool, ...]  # won or lost, game by game

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    @property
    def guesses_per_game(self) -> float:
        return self.guesses / self.games if self.games else 0.0

    def to_json(self) -> dict[str, object]:
        low, high = self.interval
        return {
            "height": self.config.height,
            "width": self.config.width,
            "mines": self.config.mines,
            "first_click": self.config.first_click.value,
            "policy": asdict(self.config.policy),
            "strongest": asdict(self.config.strongest) if self.config.strongest is not None else None,
            "seed": self.seed,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "guesses_per_game": self.guesses_per_game,
            "seconds": self.seconds,
            "jobs": self.jobs,
            "games_per_second": self.games_per_second,
            "games_per_second_per_job": self.games_per_second / self.jobs,
        }


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def game_seed(seed: int, number: int) -> int:
    """The layout seed of game ``number`` in a run with ``seed``."""
    return seed * 2**32 + number


def play_seeded(config: RunConfig, seed: int, number: int) -> GameOutcome:
    table = PlayerTable.new(config.height, config.width, config.mines, game_seed(seed, number), config.first_click)
    strongest = config.strongest
    settle: Settle | None = None
    if strongest is not None:
        settle = partial(strongest_guess, policy=config.policy, settings=strongest)
    result = play_game(table, config.policy, settle=settle)
    return GameOutcome(result.won, result.guesses)


def _play_chunk(task: tuple[RunConfig, int, int, int]) -> list[GameOutcome]:
    config, seed, start, stop = task
    return [play_seeded(config, seed, number) for number in range(start, stop)]


def _chunks(config: RunConfig, seed: int, games: int, size: int) -> Iterator[tuple[RunConfig, int, int, int]]:
    for start in range(0, games, size):
        yield config, seed, start, min(games, start + size)


def run_games(
    config: RunConfig,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> RunSummary:
    """Play ``games`` games; ``progress(done, wins)`` is called as they finish."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    if jobs < 1:
        raise ValueError(f"the number of jobs must be at least 1, got {jobs}")
    chunk = max(1, min(50, games // (jobs * 8) or 1))
    outcomes: list[GameOutcome] = []
    wins = 0
    started = time.perf_counter()
    if jobs == 1:
        results: Iterator[list[GameOutcome]] = map(_play_chunk, _chunks(config, seed, games, chunk))
        pool = None
    else:
        pool = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None).Pool(jobs)
        results = pool.imap(_play_chunk, _chunks(config, seed, games, chunk))
    try:
        for batch in results:
            outcomes.extend(batch)
            wins += sum(outcome.won for outcome in batch)
            if progress is not None:
                progress(len(outcomes), wins)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    seconds = time.perf_counter() - started
    return RunSummary(
        config=config,
        seed=seed,
        games=games,
        wins=wins,
        guesses=sum(outcome.guesses for outcome in outcomes),
        seconds=seconds,
        jobs=jobs,
        outcomes=tuple(outcome.won for outcome in outcomes),
    )
