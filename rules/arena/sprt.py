"""A sequential probability ratio test on paired results, the way chess engines accept or drop a change.

Two bots sit at the same table in every game (seats rotated); each game gives one paired result between
them: a win (1) for the one with more VP (money breaking a tie, R-END-2), 1/2 for a tie. The test asks
whether the candidate is better than the baseline by ``elo1`` (H1) or by only ``elo0`` (H0), and stops as
soon as the evidence decides, with error rates ``alpha`` (H1 accepted though H0 holds) and ``beta``.

The log-likelihood ratio uses the normal approximation to the trinomial (win/draw/loss) model, as in the
generalised SPRT that chess-engine testing frameworks use:

    LLR = N (s1 - s0) (2 x - s0 - s1) / (2 var)

with ``x`` the candidate's mean score, ``var`` its variance per game and ``s0``, ``s1`` the expected scores
of the two Elo hypotheses.
"""

from __future__ import annotations

import enum
import math

import attrs

#: the test never decides on fewer games than this
MIN_GAMES = 10
PRIOR = 0.5


def elo_to_score(elo: float) -> float:
    """The expected score of a bot ``elo`` points stronger than its opponent."""
    return 1 / (1 + 10 ** (-elo / 400))


def score_to_elo(score: float) -> float:
    """The Elo difference an expected score stands for (clamped away from 0 and 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


class Verdict(enum.Enum):
    H0 = "H0"  # not better by elo1: drop the change
    H1 = "H1"  # better: accept the change
    CONTINUE = "continue"


@attrs.define
class Sprt:
    """The running test: ``add`` each paired result (1, 0.5 or 0), read ``llr`` and ``verdict``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: every paired result in the order added, so that runs on other seeds can be summed into one test
    results: list[float] = attrs.Factory(list)

    def __attrs_post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ValueError(f"the SPRT needs ELO1 > ELO0, not {self.elo0:g},{self.elo1:g}")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("alpha and beta must lie between 0 and 0.5")

    def add(self, result: float) -> None:
        self.results.append(result)
        if result > 0.5:
            self.wins += 1
        elif result < 0.5:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper): H0 is accepted below the lower bound, H1 above the upper."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def _mean_and_variance(self) -> tuple[float, float, float]:
        """(games, mean score, variance per game), with half a virtual win and half a virtual loss as a prior
        so that a short run of one result cannot look certain."""
        won, drawn, lost = self.wins + PRIOR, self.draws, self.losses + PRIOR
        n = won + drawn + lost
        x = (won + 0.5 * drawn) / n
        return n, x, (won * (1 - x) ** 2 + drawn * (0.5 - x) ** 2 + lost * x**2) / n

    @property
    def llr(self) -> float:
        if self.games < MIN_GAMES:
            return 0.0
        n, x, var = self._mean_and_variance()
        s0, s1 = elo_to_score(self.elo0), elo_to_score(self.elo1)
        return n * (s1 - s0) * (2 * x - s0 - s1) / (2 * var)

    @property
    def verdict(self) -> Verdict:
        lower, upper = self.bounds
        llr = self.llr
        if llr >= upper:
            return Verdict.H1
        if llr <= lower:
            return Verdict.H0
        return Verdict.CONTINUE

    def elo_interval(self, z: float = 1.959963984540054) -> tuple[float, float, float]:
        """(elo, low, high): the Elo difference the games show so far, with a 95% interval."""
        if self.games == 0:
            return 0.0, -math.inf, math.inf
        n, x, var = self._mean_and_variance()
        half = z * math.sqrt(var / n)
        return score_to_elo(x), score_to_elo(x - half), score_to_elo(x + half)

    def to_dict(self) -> dict:
        """The test's standing for a JSON report, with the paired results in the order played."""
        elo, lo, hi = self.elo_interval()
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "llr": round(self.llr, 3), "verdict": self.verdict.value,
                "elo": [round(elo, 1), round(lo, 1), round(hi, 1)], "results": list(self.results)}

    def note(self) -> str:
        """The standing in a few words, for a progress bar."""
        return f"  W/D/L {self.wins}/{self.draws}/{self.losses} LLR {self.llr:+.2f}"

    def summary(self) -> str:
        elo, lo, hi = self.elo_interval()
        lower, upper = self.bounds
        return (
            f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g}: "
            f"{self.games} games, W/D/L {self.wins}/{self.draws}/{self.losses}, "
            f"score {self.score:.3f}, Elo {elo:+.1f} [{lo:+.1f}, {hi:+.1f}], "
            f"LLR {self.llr:.2f} ({lower:.2f}, {upper:.2f}) -> {self.verdict.value}"
        )


def paired_result(scores: list[tuple[int, int]], a: int, b: int) -> float:
    """Seat ``a``'s result against seat ``b`` in one game: (VP, money) compared (R-END-2)."""
    if scores[a] > scores[b]:
        return 1.0
    if scores[a] < scores[b]:
        return 0.0
    return 0.5
