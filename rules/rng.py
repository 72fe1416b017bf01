"""A small seeded generator (SplitMix64) that lives inside the game state.

Its whole state is one integer, so copying a game, saving it and replaying it are exact and cheap.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n); the modulo bias is below 2**-58 for any n this game needs."""
        return self.next64() % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        other = _new_rng(Rng)  # (without __init__: every copy of a game copies its generator)
        other.state = self.state
        return other


_new_rng = Rng.__new__
