"""The weight-tuning harness: a variant plays rotated, paired games against three Normal bots."""

from __future__ import annotations

from rules.arena.tune import VariantBot, play_variant, run_variant
from rules.bots.evaluate import WEIGHTS


def test_a_variant_game_reports_its_win_share_and_margin():
    share, margin = play_variant((0, 3, dict(WEIGHTS), 0.0))
    assert 0.0 <= share <= 1.0
    assert isinstance(margin, float)
    # paired: the same task gives the same game
    assert play_variant((0, 3, dict(WEIGHTS), 0.0)) == (share, margin)


def test_run_variant_in_process_with_a_relative_planner():
    win, margin = run_variant({"queen": 5.0}, games=1, seed=2, jobs=1, share=0.5)
    assert 0.0 <= win <= 1.0 and isinstance(margin, float)
    assert VariantBot(1, None, 0.5).share == 0.5
