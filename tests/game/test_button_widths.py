"""Buttons side by side share their row by weight, but a label too long for its share (German "Rückgängig"
for Undo) takes the room the others' shorter labels leave, never more than the row has."""

from __future__ import annotations

import random

from game.ui.draw import fair_widths


def test_a_long_label_takes_what_the_others_spare():
    assert fair_widths([60, 60], [70, 40]) == [70, 50]
    assert fair_widths([60, 60], [50, 40]) == [60, 60]  # everyone fits: the weights stand


def test_the_row_never_grows_and_a_label_that_fits_keeps_fitting():
    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randint(2, 5)
        widths = [rng.randint(20, 90) for _ in range(n)]
        needs = [rng.randint(20, 90) for _ in range(n)]
        grown = fair_widths(widths, needs)
        assert sum(grown) <= sum(widths)
        if sum(needs) <= sum(widths):
            assert all(g >= need for g, need in zip(grown, needs, strict=True)), (widths, needs, grown)
