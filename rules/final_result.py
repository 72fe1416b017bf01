"""The final result of a game as a value (R-END)."""

from __future__ import annotations

import attrs

from rules.flow import winning_seats
from rules.model import Title, VPSource
from rules.state import GameState


@attrs.frozen
class PlayerResult:
    seat: int
    name: str
    score: int
    money: int
    breakdown: dict[VPSource, int]  # every VP and where it came from; sums to score
    titles: tuple[Title, ...]  # the title taken at each ball

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "name": self.name,
            "score": self.score,
            "money": self.money,
            "breakdown": {source.label: vp for source, vp in self.breakdown.items()},
            "titles": [t.label for t in self.titles],
        }


@attrs.frozen
class Results:
    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(p.score for p in self.players)

    def ranking(self) -> list[tuple[int, int]]:
        """R-END-2: (place, seat) best first, by VP, then money; equal VP and money share a place."""
        order = sorted(self.players, key=lambda p: (-p.score, -p.money, p.seat))
        out: list[tuple[int, int]] = []
        for i, p in enumerate(order):
            if i and (p.score, p.money) == (order[i - 1].score, order[i - 1].money):
                out.append((out[-1][0], p.seat))
            else:
                out.append((i + 1, p.seat))
        return out

    def to_dict(self) -> dict:
        return {"players": [p.to_dict() for p in self.players], "winners": list(self.winners)}


def results(state: GameState) -> Results:
    """Scores, winners and breakdown; also meaningful mid-game (the standings so far)."""
    players = tuple(
        PlayerResult(
            seat, p.name, p.vp, p.money, {source: p.vp_by_source[source] for source in VPSource},
            tuple(titles[seat] for titles in state.ball_titles),
        )
        for seat, p in enumerate(state.players)
    )
    return Results(players, tuple(winning_seats(state)))
