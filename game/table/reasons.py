"""Which of the turn's buttons are usable, and in words why not (the engine's `rules.refusals`), and what
the End button does and says at each decision.

Pure: reads the viewer's :class:`rules.PlayerView` (and the names).
"""

from __future__ import annotations

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
TITLES = {
    ActionKind.EXPAND: "Expand",
    ActionKind.BUILD: "Build",
    ActionKind.BRIBE: "Bribe",
    ActionKind.TAXES: "Taxes",
    ActionKind.LAND: "Land",
    ActionKind.CHURCH: "Church",
    ActionKind.LEISURE: "Leisure",
}
DESCRIPTIONS = {
    ActionKind.EXPAND: f"A · Expand the estate: place up to {board.EXPAND_TILES} tiles from behind your screen "
    "(drag them onto the estate).",
    ActionKind.BUILD: "B · Build one building: a castle, palace, chapel or folly.",
    ActionKind.BRIBE: f"C · Bribe the royal family: up to {board.BRIBES_PER_ACTION} bribe markers, "
    f"£{board.BRIBE_PRICE} and {board.BRIBE_VP} VP each.",
    ActionKind.TAXES: f"D · Collect taxes (once a decade): £{board.FIELD_MONEY} per field, £{board.FARM_MONEY} per "
    "free farm and per knight on a farm.",
    ActionKind.LAND: f"E · Acquire land (once a decade): {board.GROVE_TILES} tile per grove, {board.FOREST_TILES} per "
    "free forest and per knight on a forest.",
    ActionKind.CHURCH: f"F · Donate tiles to the church: {board.DONATION_VP} VP each; at most "
    f"{board.CHURCH_SLOTS_PER_TYPE} of each kind per decade.",
    ActionKind.LEISURE: f"G · Leisure: do nothing and gain {board.LEISURE_VP} VP.",
    ActionKind.CARD: "Play one scandal card this turn (before or after your action).",
    ActionKind.TRADE: f"Trade {board.TRADE_GIVE} tiles from behind your screen for 1 tile of your choice from the bag"
    " (at any step of your turn).",
    ActionKind.END: "End your turn.",
}
#: the decisions the End button finishes instead of the turn: its action, label and tooltip
FINISH = {
    Decision.EXPAND: (FinishExpanding(), "Done placing", "Finish expanding: draw and collect what you earned."),
    Decision.DONATE: (FinishDonating(), "Done donating", "Stop donating to the church."),
    Decision.VICAR: (FinishVicar(), "Done returning", "Stop returning tiles to the bag."),
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
            out[kind] = (False, " ".join(r.text(names) for r in why))
    return out


def end_action(step: Decision) -> Action:
    """What the End button (and Enter) does at ``step``."""
    return FINISH[step][0] if step in FINISH else EndTurn()


def end_label(step: Decision) -> tuple[str, str]:
    """The End button's label and tooltip at ``step``."""
    return FINISH[step][1:] if step in FINISH else ("End turn", "End your turn.")
