"""The screen's purse: the sum of money and the bribes stay clear of the scandal cards at every text size."""

from __future__ import annotations

import pytest

from game.i18n import money
from game.ui import assets
from tests.game import fit_matrix


@pytest.mark.parametrize("text_scale", [100, 150, 200])
def test_the_sum_of_money_stays_clear_of_the_scandal_cards(text_scale):
    case = fit_matrix.Case("table-turn", (1280, 720), text_scale, "de")
    with fit_matrix.opened(case) as app:
        pc, lay = app.stack.top.ensure_frame().panels["screen"]
        me = pc.view.me
        assert me.cards and me.money >= 10  # (the scene's hand: two cards, a two-digit sum)
        width = assets.font("heading", round(26 * pc.scale)).size(money(me.money))[0]
        assert lay.purse_x + round(38 * pc.scale) + width <= lay.base_cards[0].left
