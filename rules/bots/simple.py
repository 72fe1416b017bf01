"""Two simple players for the simulator: uniformly random, and greedy by a one-look heuristic.

Both decide from a view and its legal actions only, like every bot. The real levels are in `rules.bots`.
"""

from __future__ import annotations

import random

from rules import actions as A
from rules.observer import PlayerView


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: list) -> A.Action:
        return legal[self._rng.randrange(len(legal))]


# How much a greedy player likes each kind of action; ties are broken at random.
_GREEDY_ORDER = {
    A.BuildFolly: 100, A.BuildPalace: 90, A.ChooseRegion: 85, A.BuildCastle: 80, A.PlaceKnight: 75,
    A.MoveKnight: 70, A.BuildChapel: 60, A.PlaceTile: 50, A.CollectTaxes: 45, A.AcquireLand: 44,
    A.Bribe: 40, A.Donate: 35, A.PlayCard: 30, A.InheritCastle: 30, A.ReturnTile: 25, A.HandBackCard: 20,
    A.HandBackBribe: 19, A.KeepCard: 15, A.KeepAllWithIntrigue: 16, A.GiveTiles: 10, A.Leisure: 5,
    A.FinishExpanding: 4, A.FinishDonating: 4, A.FinishVicar: 4, A.PlacePrestige: 3, A.EndTurn: 2,
    A.SkipKnight: 1, A.ChooseStartTiles: 0, A.Trade: -10,
}


class GreedyPlayer:
    """Takes the action kind it likes best, the most of it (bribes, bribes handed back), else at random."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def _score(self, action: A.Action) -> float:
        score: float = _GREEDY_ORDER[type(action)]
        if isinstance(action, A.Bribe):
            score += action.count * 0.1
        elif isinstance(action, A.CollectTaxes | A.AcquireLand):
            score += action.bribes_back * 0.1
        elif isinstance(action, A.ChooseStartTiles):
            score += sum(action.counts) - abs(action.counts[0] - action.counts[2])
        return score + self._rng.random() * 0.01

    def choose(self, view: PlayerView, legal: list) -> A.Action:
        return max(legal, key=self._score)



