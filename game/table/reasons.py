"""Which of the turn's buttons are usable, and in words why not (the engine's `rules.refusal`), and what
the End button does and says at each decision.

Pure: reads the viewer's :class:`rules.PlayerView` (and the names).
"""

from __future__ import annotations

from game.i18n import N_, Words, _, money
from game.ui.refusal_words import refusals_in_words
from rules import (
    Action,
    ActionKind,
    Decision,
    EndTurn,
    FinishDonating,
    FinishExpanding,
    FinishVicar,
    PlayerView,
    board,
    refusals,
)

#: the seven actions of a turn, A-G, in the rulebook's order
TURN_ACTIONS = (
    ActionKind.EXPAND, ActionKind.BUILD, ActionKind.BRIBE, ActionKind.TAXES, ActionKind.LAND, ActionKind.CHURCH,
    ActionKind.LEISURE,
)
LETTERS = dict(zip(TURN_ACTIONS, "ABCDEFG", strict=True))
TITLES = Words({
    ActionKind.EXPAND: N_("Expand"),
    ActionKind.BUILD: N_("Build"),
    ActionKind.BRIBE: N_("Bribe"),
    ActionKind.TAXES: N_("Taxes"),
    ActionKind.LAND: N_("Land"),
    ActionKind.CHURCH: N_("Church"),
    ActionKind.LEISURE: N_("Leisure"),
})
DESCRIPTIONS = Words({
    ActionKind.EXPAND: N_("A · Expand the estate: place up to {expand} tiles from behind your screen (drag them "
                          "onto the estate)."),
    ActionKind.BUILD: N_("B · Build one building: a castle, palace, chapel or folly."),
    ActionKind.BRIBE: N_("C · Bribe the royal family: up to {bribes} bribe markers, {bribe_price} and {bribe_vp} VP "
                         "each."),
    ActionKind.TAXES: N_("D · Collect taxes (once a decade): {field_money} per field, {farm_money} per free farm and "
                         "per knight on a farm."),
    ActionKind.LAND: N_("E · Acquire land (once a decade): {grove_tiles} tile per grove, {forest_tiles} per free "
                        "forest and per knight on a forest."),
    ActionKind.CHURCH: N_("F · Donate tiles to the church: {donation_vp} VP each; at most {church_slots} of each kind "
                          "per decade."),
    ActionKind.LEISURE: N_("G · Leisure: do nothing and gain {leisure_vp} VP."),
    ActionKind.CARD: N_("Play one scandal card this turn (before or after your action)."),
    ActionKind.TRADE: N_("Trade {trade} tiles from behind your screen for 1 tile of your choice from the bag (at any "
                         "step of your turn)."),
    ActionKind.END: N_("End your turn."),
}, expand=board.EXPAND_TILES, bribes=board.BRIBES_PER_ACTION, bribe_price=lambda: money(board.BRIBE_PRICE),
   bribe_vp=board.BRIBE_VP, field_money=lambda: money(board.FIELD_MONEY), farm_money=lambda: money(board.FARM_MONEY),
   grove_tiles=board.GROVE_TILES, forest_tiles=board.FOREST_TILES, donation_vp=board.DONATION_VP,
   church_slots=board.CHURCH_SLOTS_PER_TYPE, leisure_vp=board.LEISURE_VP, trade=board.TRADE_GIVE)
#: the decisions the End button finishes instead of the turn: its action, label and tooltip
FINISH = {
    Decision.EXPAND: (FinishExpanding(), N_("Done placing"), N_("Finish expanding: draw and collect what you earned.")),
    Decision.DONATE: (FinishDonating(), N_("Done donating"), N_("Stop donating to the church.")),
    Decision.VICAR: (FinishVicar(), N_("Done returning"), N_("Stop returning tiles to the bag.")),
}


def turn_status(view: PlayerView, names: list[str]) -> dict[ActionKind, tuple[bool, str]]:
    """Each turn choice: usable, and its description or, from the engine, why not."""
    refused = refusals(view)
    out: dict[ActionKind, tuple[bool, str]] = {}
    for kind in ActionKind:
        why = refused.get(kind)
        if why is None:
            out[kind] = (True, DESCRIPTIONS[kind])
        else:
            out[kind] = (False, refusals_in_words(why, names))
    return out


def end_action(step: Decision) -> Action:
    """What the End button (and Enter) does at ``step``."""
    return FINISH[step][0] if step in FINISH else EndTurn()


def end_label(step: Decision) -> tuple[str, str]:
    """The End button's label and tooltip at ``step``."""
    if step in FINISH:
        return _(FINISH[step][1]), _(FINISH[step][2])
    return _("End turn"), _("End your turn.")
