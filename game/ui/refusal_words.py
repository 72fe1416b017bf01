"""The engine's refusals (``rules.Refusal``) in the player's language.

The engine marks its templates for the catalogs; here they are translated and filled in: the price as the
language writes money, the deciding player's name, the pending decision in words. A template that would
name a kind of tile or the regions of a folly inside a sentence has a whole sentence per kind instead, so
each language can decline its own nouns.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_, Words, _, money
from rules import Action, Decision, Folly, PlayerView, Refusal, TileType, Why, why_not

#: the pending decision, as it completes "First ..." and "It is Anne's decision (...)"
DECISION_WORDS = Words({
    Decision.CHOOSE_START_TILES: N_("choose starting tiles"),
    Decision.KEEP_CARD: N_("keep a scandal card"),
    Decision.TURN: N_("choose what to do this turn"),
    Decision.EXPAND: N_("place tiles in the estate"),
    Decision.CHOOSE_REGION: N_("choose which region forms"),
    Decision.KNIGHT: N_("place a knight"),
    Decision.GIVE_TILES: N_("give tiles to a knight"),
    Decision.DONATE: N_("donate tiles to the church"),
    Decision.VICAR: N_("return tiles to the bag"),
    Decision.INHERITANCE: N_("place the inherited castle"),
    Decision.BALL_SPEND: N_("hand back bribes and cards at the ball"),
    Decision.GAME_OVER: N_("nothing: the game is over"),
})

#: the refusals that name a kind of tile or a folly: one whole sentence for each
BY_KIND: dict[tuple[Why, TileType | Folly], str] = {
    (Why.NO_TILE_OF_KIND, TileType.FIELD): N_("You have no field behind your screen."),
    (Why.NO_TILE_OF_KIND, TileType.GROVE): N_("You have no grove behind your screen."),
    (Why.NO_TILE_OF_KIND, TileType.FOUNTAIN): N_("You have no fountain behind your screen."),
    (Why.NO_TILE_OF_KIND, TileType.MEADOW): N_("You have no meadow behind your screen."),
    (Why.CHURCH_KIND_FULL, TileType.FIELD): N_("The church already holds {limit} field tiles this decade."),
    (Why.CHURCH_KIND_FULL, TileType.GROVE): N_("The church already holds {limit} grove tiles this decade."),
    (Why.CHURCH_KIND_FULL, TileType.FOUNTAIN): N_("The church already holds {limit} fountain tiles this decade."),
    (Why.CHURCH_KIND_FULL, TileType.MEADOW): N_("The church already holds {limit} meadow tiles this decade."),
    (Why.FOLLY_NEEDS, Folly.FORESTS): N_("This folly needs 2 forests in your estate."),
    (Why.FOLLY_NEEDS, Folly.FARMS): N_("This folly needs 2 farms in your estate."),
    (Why.FOLLY_NEEDS, Folly.GARDENS): N_("This folly needs 2 gardens in your estate."),
    (Why.FOLLY_NEEDS, Folly.MIXED): N_("This folly needs a forest, a farm and a garden in your estate."),
}


def refusal_words(refusal: Refusal, names: Sequence[str]) -> str:
    """``refusal`` as a sentence in the language spoken, naming the deciding player by ``names``."""
    kind = refusal.tile if refusal.tile is not None else refusal.folly
    template = BY_KIND.get((refusal.why, kind)) if kind is not None else None
    seat = refusal.seat
    player = names[seat] if 0 <= seat < len(names) else _("another player")
    decision = DECISION_WORDS[refusal.decision] if refusal.decision is not None else ""
    return _(template or refusal.why.value).format(price=money(refusal.price), player=player, decision=decision,
                                                    limit=refusal.count)


def refusals_in_words(refusals: Sequence[Refusal], names: Sequence[str]) -> str:
    """Several refusals, one sentence after another."""
    return " ".join(refusal_words(r, names) for r in refusals)


def refused_in_words(view: PlayerView, action: Action, names: Sequence[str]) -> str:
    """Why the engine refused ``action`` of the view's seat, in words (never the engine's own English)."""
    return refusals_in_words(why_not(view, action), names) or _("That is not possible now.")
