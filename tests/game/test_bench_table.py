"""The table's bench figures still run (game/shell/bench_table.py; make bench prints them, nothing is timed here)."""

from __future__ import annotations

import re

from game.shell import bench_table


def test_the_game_figures_play_turns_of_the_scripted_human_and_count_the_frames():
    rows = dict(bench_table.game_figures(turns=2, kinds=("random",) * 3, speed="instant"))
    assert re.fullmatch(r"median [\d.]+ s, mean [\d.]+ s over 2 turns", rows["turn wait (3 Random, instant)"])
    assert rows["UI thread's share of the computers"].startswith("median ")
    assert rows["frames in which the turn passes"].startswith("median ")
