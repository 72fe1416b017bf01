"""The table's bench figures still run (game/shell/bench_table.py; make bench prints them, nothing is timed here)."""

from __future__ import annotations

import re

from game.shell import bench_table


def test_the_game_figures_play_turns_of_the_scripted_human_and_count_the_frames():
    # (at instant speed on a loaded machine every computer turn may pass in one frame: the turns started count)
    rows = dict(bench_table.game_figures(turns=4, kinds=("random",) * 3, speed="instant"))
    assert re.fullmatch(r"median [\d.]+ s, mean [\d.]+ s over 4 turns", rows["turn wait (3 Random, instant)"])
    assert rows["UI thread's share of the computers"].startswith("median ")
    assert rows["frames in which the turn passes"].startswith("median ")


def test_the_95th_percentile_is_a_nearest_rank_never_under_the_median():
    assert bench_table._spread([5.0, 6.0], None).startswith("median 5.5 ms, p95 6.0 ms")
    assert "p95 18.0 ms" in bench_table._spread([float(i) for i in range(20)], None)


def test_the_still_table_is_measured_at_two_sizes_and_at_two_pixels_a_point():
    rows = dict(bench_table.still_figures(frames=3))
    assert list(rows) == [f"table {size}, {case}" for size, cases in (
        ("1280x720", ("still", "pointer moving")),
        ("1920x1080", ("still", "pointer moving", "dragging a tile")),
        ("3840x2160 (1920x1080 at 2 pixels a point)", ("still", "pointer moving", "dragging a tile")))
        for case in cases]
    assert "(p95 target <= 8: " in rows["table 1920x1080, still"]  # the target is for 1920x1080 at one pixel
    assert "target" not in rows["table 3840x2160 (1920x1080 at 2 pixels a point), still"]
