"""Which of the turn's buttons are usable, and in words why not (the engine's `rules.refusals`).

Pure: takes the viewer's :class:`rules.PlayerView` (and the names), returns ``{key: (enabled, text)}``
for the keys ``expand build bribe taxes land church leisure card trade end``.
"""

from __future__ import annotations

from rules import ActionKind, PlayerView, refusals

ACTION_KEYS = ("expand", "build", "bribe", "taxes", "land", "church", "leisure")
LETTERS = dict(zip(ACTION_KEYS, "ABCDEFG", strict=True))
TITLES = {
    "expand": "Expand",
    "build": "Build",
    "bribe": "Bribe",
    "taxes": "Taxes",
    "land": "Land",
    "church": "Church",
    "leisure": "Leisure",
}
DESCRIPTIONS = {
    "expand": "A · Expand the estate: place up to 3 tiles from behind your screen (drag them onto the estate).",
    "build": "B · Build one building: a castle, palace, chapel or folly.",
    "bribe": "C · Bribe the royal family: up to 5 bribe markers, £2 and 1 VP each.",
    "taxes": "D · Collect taxes (once a decade): £1 per field, £2 per free farm and per knight on a farm.",
    "land": "E · Acquire land (once a decade): 1 tile per grove, 2 per free forest and per knight on a forest.",
    "church": "F · Donate tiles to the church: 1 VP each; at most 3 of each kind per decade.",
    "leisure": "G · Leisure: do nothing and gain 1 VP.",
    "card": "Play one scandal card this turn (before or after your action).",
    "trade": "Trade 2 tiles from behind your screen for 1 tile of your choice from the bag.",
    "end": "End your turn.",
}
def turn_status(view: PlayerView, names: list[str]) -> dict[str, tuple[bool, str]]:
    """Each turn choice (by key): usable, and its description or, from the engine, why not."""
    refused = refusals(view)
    out: dict[str, tuple[bool, str]] = {}
    for kind in ActionKind:
        why = refused.get(kind)
        if why is None:
            out[kind.value] = (True, DESCRIPTIONS[kind.value])
        else:
            out[kind.value] = (False, " ".join(r.text(names) for r in why))
    return out
