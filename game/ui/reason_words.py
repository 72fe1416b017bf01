"""Why a move is good, in the player's words: the coach's reasons (``rules.bots.Reason``, data made by
``rules.bots.explain``) worded when shown, like the chronicle's events, and the margin over the runner-up.

    reasons, margin = hint_lines(view, suggestion, names)

``reasons`` is the first line ("Completes a forest: 2 tiles now and 2 more each time you acquire land; a knight
on Anne's farm: ..."), ``margin`` the second (how much better by the coach's reckoning, or None when no other
move was compared). A reason with a count is a plural message of the catalogs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.i18n import _, money, ngettext, number
from game.ui.move_words import moves_apart
from game.ui.pieces import CARD_NAMES, TITLE_NAMES
from rules import Building, Card, Cause, Estate, PlayerView, RegionKind, VPSource, board
from rules.bots import Explanation, Gain, Reason, Suggestion, explain, same_move

#: the margin below which two moves count as equally good (the playouts' noise is larger)
EVEN = 0.05


def hint_lines(view: PlayerView, suggestion: Suggestion, names: Sequence[str]) -> tuple[str, str | None]:
    """The hint's two lines: why its move is good, and by how much it beat the runner-up (None: nothing raced)."""
    explanation = explain(view, suggestion)
    estate = view.state.players[view.seat].estate
    return reasons_words(explanation.reasons, names), margin_words(explanation, suggestion.line, names, estate)


def reasons_words(reasons: Sequence[Reason], names: Sequence[str], *, capital: bool = True) -> str:
    """The reasons, one after another, as one sentence-like line (its first letter upper case unless it goes
    inside another sentence)."""
    text = "; ".join(reason_words(r, names) for r in reasons)
    return text[:1].upper() + text[1:] if capital else text


def margin_words(explanation: Explanation, line: Sequence, names: Sequence[str],
                 estate: Estate | None = None) -> str | None:
    """How much better the move scored than the next best raced; the runner-up named only when it is another
    move (``same_move``: not the same action, card and placements with a trade that changes nothing else) told in
    other words (where it places its tiles, as the mover's ``estate`` shows it, when that is all that differs): two
    ways of making the same move are never set against each other by name."""
    if explanation.margin is None or not explanation.runner_up:
        return None
    told, other = moves_apart(line, explanation.runner_up, estate, names)
    same = same_move(explanation.runner_up, line) or other == told
    if explanation.margin < EVEN:
        if same:
            return _("Other ways of making this move are about as good, by the coach's reckoning.")
        return _("“{other}” is about as good, by the coach's reckoning.").format(other=other)
    vp = number(explanation.margin, 1)
    if same:
        return _("About {vp} VP better than other ways of making this move (VP won plus the worth of what is "
                 "held, by the coach's reckoning).").format(vp=vp)
    n = explanation.compared
    return ngettext("About {vp} VP better than “{other}”, the next best of {n} move compared (VP won plus the worth "
                    "of what is held, by the coach's reckoning).",
                    "About {vp} VP better than “{other}”, the next best of {n} moves compared (VP won plus the worth "
                    "of what is held, by the coach's reckoning).", n).format(vp=vp, other=other, n=n)


def reason_words(r: Reason, names: Sequence[str]) -> str:
    """One reason as a phrase (lower case, to be joined with others)."""
    return _WORDS[r.gain](r, names)


def _trade(r: Reason, _names: Sequence[str]) -> str:
    """What a trade's tile is for (the move's words name the tiles given and taken; what placing it brings is told by
    the reasons after this one)."""
    if r.amount:
        return _("the tile traded for goes into your estate this turn")
    if r.region == RegionKind.FARM:
        return _("the tile traded for waits behind your screen for a farm that lacks only one field")
    if r.region == RegionKind.FOREST:
        return _("the tile traded for waits behind your screen for a forest that lacks only one grove")
    if r.region == RegionKind.GARDEN:
        return _("the tile traded for waits behind your screen for a garden that lacks only one fountain")
    return _("the tile traded for waits behind your screen for a later turn")


def _folly(r: Reason, _names: Sequence[str]) -> str:
    return ngettext("builds a folly worth {n} VP", "builds a folly worth {n} VP", r.amount).format(n=r.amount)


def _title(r: Reason, _names: Sequence[str]) -> str:
    title = TITLE_NAMES[r.title] if r.title is not None else ""
    return ngettext("{title} at the next ball: +{n} VP", "{title} at the next ball: +{n} VP", r.amount).format(
        title=title, n=r.amount)


def _hand_back(r: Reason, _names: Sequence[str]) -> str:
    title = TITLE_NAMES[r.title] if r.title is not None else ""
    if r.amount > 0:
        return ngettext("+{n} prestige: {title} at this ball, {vp} VP more than handing back nothing",
                        "+{n} prestige: {title} at this ball, {vp} VP more than handing back nothing",
                        r.prestige).format(n=r.prestige, title=title, vp=r.amount)
    return ngettext("+{n} prestige: {title} at this ball", "+{n} prestige: {title} at this ball",
                    r.prestige).format(n=r.prestige, title=title)


def _keep_for_later(r: Reason, _names: Sequence[str]) -> str:
    """Nothing handed back: what is kept (``count`` bribe markers, ``cards`` cards), for a later ball while one is to
    come (``amount``)."""
    bribes, cards, later = r.count, r.cards, r.amount > 0
    if bribes and cards:
        if later:
            return _("keeps your {bribes} and {cards} for a later ball: handing them back buys no better title "
                     "here").format(bribes=_bribe_markers(bribes), cards=_cards(cards))
        return _("keeps your {bribes} and {cards}: handing them back buys no better title here").format(
            bribes=_bribe_markers(bribes), cards=_cards(cards))
    if cards:
        if later:
            return ngettext("keeps your card for a later ball: handing it back buys no better title here",
                            "keeps your {n} cards for a later ball: handing them back buys no better title here",
                            cards).format(n=cards)
        return ngettext("keeps your card: handing it back buys no better title here",
                        "keeps your {n} cards: handing them back buys no better title here", cards).format(n=cards)
    if later:
        return ngettext("keeps your bribe marker for a later ball: handing it back buys no better title here",
                        "keeps your {n} bribe markers for a later ball: handing them back buys no better title here",
                        bribes).format(n=bribes)
    return ngettext("keeps your bribe marker: handing it back buys no better title here",
                    "keeps your {n} bribe markers: handing them back buys no better title here", bribes).format(
        n=bribes)


def _bribe_markers(n: int) -> str:
    return ngettext("{n} bribe marker", "{n} bribe markers", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _scoring(r: Reason, _names: Sequence[str]) -> str:
    n, last = r.amount, r.count <= 1
    if r.building == Building.CASTLE:
        if last:
            return ngettext("encloses your castle before the last building scoring: +{n} VP there",
                            "encloses your castle before the last building scoring: +{n} VP there", n).format(n=n)
        return ngettext("encloses your castle before the building scoring: +{n} VP at each scoring",
                        "encloses your castle before the building scoring: +{n} VP at each scoring", n).format(n=n)
    if r.building == Building.PALACE:
        if last:
            return ngettext("encloses your palace before the last building scoring: +{n} VP there",
                            "encloses your palace before the last building scoring: +{n} VP there", n).format(n=n)
        return ngettext("encloses your palace before the building scoring: +{n} VP at each scoring",
                        "encloses your palace before the building scoring: +{n} VP at each scoring", n).format(n=n)
    if last:
        return ngettext("+{n} VP at the last building scoring", "+{n} VP at the last building scoring", n).format(n=n)
    return ngettext("+{n} VP at each building scoring", "+{n} VP at each building scoring", n).format(n=n)


def _region(r: Reason, _names: Sequence[str]) -> str:
    """A region completed: what it brings now, and again at each of the ``amount`` collections or balls left."""
    n, again = r.count, r.amount > 0
    if r.region == RegionKind.FARM:
        if not again:
            return ngettext("completes a farm: {money} now", "completes {n} farms: {money} each now", n).format(
                n=n, money=money(board.FARM_MONEY))
        return ngettext("completes a farm: {money} now and {money} more at each tax collection",
                        "completes {n} farms: {money} each now and at each tax collection", n).format(
            n=n, money=money(board.FARM_MONEY))
    if r.region == RegionKind.FOREST:
        if not again:
            return ngettext("completes a forest: {tiles} tiles now", "completes {n} forests: {tiles} tiles each now",
                            n).format(n=n, tiles=board.FOREST_TILES)
        return ngettext("completes a forest: {tiles} tiles now and {tiles} more each time you acquire land",
                        "completes {n} forests: {tiles} tiles each now and each time you acquire land", n).format(
            n=n, tiles=board.FOREST_TILES)
    return ngettext("completes a garden: {prestige} prestige at every ball",
                    "completes {n} gardens: {prestige} prestige each at every ball", n).format(
        n=n, prestige=board.GARDEN_PRESTIGE)


def _queen(_r: Reason, _names: Sequence[str]) -> str:
    return _("the Queen comes to you: +{vp} VP at the end of each of your turns").format(vp=board.QUEEN_VP)


def _folly_ready(r: Reason, _names: Sequence[str]) -> str:
    return ngettext("your estate now has what a folly needs ({n} VP to the next one built)",
                    "your estate now has what a folly needs ({n} VP to the next one built)", r.amount).format(
        n=r.amount)


def _knight(r: Reason, names: Sequence[str]) -> str:
    """A knight sent: what it takes now, and again at each of the ``amount`` collections or balls left."""
    player = names[r.seat] if 0 <= r.seat < len(names) else _("another player")
    again = r.amount > 0
    if r.region == RegionKind.FARM:
        if not again:
            return _("a knight on {player}'s farm: {money} from them now").format(
                player=player, money=money(board.FARM_MONEY))
        return _("a knight on {player}'s farm: {money} from them now and at each of your tax collections").format(
            player=player, money=money(board.FARM_MONEY))
    if r.region == RegionKind.FOREST:
        if not again:
            return _("a knight on {player}'s forest: {tiles} of their tiles now").format(
                player=player, tiles=board.FOREST_TILES_GIVEN)
        return _("a knight on {player}'s forest: {tiles} of their tiles now and {tiles} at each of your land "
                 "acquisitions").format(player=player, tiles=board.FOREST_TILES_GIVEN)
    return _("a knight on {player}'s garden: {prestige} prestige at every ball").format(
        player=player, prestige=board.KNIGHT_PRESTIGE)


def _palace(r: Reason, _names: Sequence[str]) -> str:
    return _("a palace: +{prestige} prestige at every ball").format(prestige=r.amount)


def _vp(r: Reason, _names: Sequence[str]) -> str:
    n = r.amount
    if r.source == VPSource.BRIBES:
        return ngettext("+{n} VP for the bribe now", "+{n} VP for the bribes now", n).format(n=n)
    if r.source == VPSource.CHURCH:
        return ngettext("+{n} VP from the church", "+{n} VP from the church", n).format(n=n)
    if r.source == VPSource.LEISURE:
        return ngettext("+{n} VP for leisure", "+{n} VP for leisure", n).format(n=n)
    if r.card is not None:
        return ngettext("{card}: +{n} VP now", "{card}: +{n} VP now", n).format(card=CARD_NAMES[r.card], n=n)
    return ngettext("+{n} VP now", "+{n} VP now", n).format(n=n)


def _card(r: Reason, _names: Sequence[str]) -> str:
    """A card kept: said after the move that names it ("Keep Tribute — it plays for £5"), so not named again."""
    if r.card is None:
        return ngettext("the card offered, as at any pick", "all {n} cards offered instead of one", r.count).format(
            n=r.count)
    return _card_kept(r.card)


def _card_kept(card: Card) -> str:
    """What a card kept plays for (R-CARD-3..12)."""
    if card == Card.TRIBUTE:
        return _("it plays for {money}").format(money=money(board.TRIBUTE_MONEY))
    if card == Card.DOWRY:
        return ngettext("it plays for {n} tile", "it plays for {n} tiles", board.DOWRY_TILES).format(
            n=board.DOWRY_TILES)
    if card == Card.LIAISON:
        return ngettext("+{n} VP at the end of the game if still held",
                        "+{n} VP at the end of the game if still held", board.LIAISON_VP).format(n=board.LIAISON_VP)
    if card == Card.BLACKMAIL:
        return _("+{prestige} prestige when handed back at a ball").format(prestige=board.BLACKMAIL_PRESTIGE)
    if card == Card.SECRET_MARRIAGE:
        return _("it plays for {bribes} bribe markers and +{vp} VP").format(bribes=board.SECRET_MARRIAGE_BRIBES,
                                                                              vp=board.SECRET_MARRIAGE_VP)
    if card == Card.VICAR:
        return _("it plays for up to {tiles} tiles into the bag at {vp} VP each").format(tiles=board.VICAR_TILES,
                                                                                           vp=board.VICAR_VP)
    if card == Card.WHITEHALL:
        return _("it plays for the Queen")
    if card == Card.INHERITANCE:
        return _("it plays for a free castle")
    if card == Card.CUNNING_STROKE:
        return _("it plays for a second expansion in one turn")
    return _("all three cards offered at your next card pick, not one")


def _money(r: Reason, _names: Sequence[str]) -> str:
    amount = money(r.amount)
    if r.cause == Cause.TAXES:
        return _("collects {money} in taxes").format(money=amount)
    if r.cause == Cause.TRIBUTE:
        return _("{card} brings {money}").format(card=CARD_NAMES[Card.TRIBUTE], money=amount)
    return _("fields and farms bring {money}").format(money=amount)


def _tiles(r: Reason, _names: Sequence[str]) -> str:
    n = r.amount
    if r.cause == Cause.LAND:
        return ngettext("acquires {n} tile of land", "acquires {n} tiles of land", n).format(n=n)
    if r.cause == Cause.DOWRY:
        return ngettext("{card} brings {n} tile", "{card} brings {n} tiles", n).format(card=CARD_NAMES[Card.DOWRY], n=n)
    return ngettext("groves and forests bring {n} tile", "groves and forests bring {n} tiles", n).format(n=n)


def _bribes(r: Reason, _names: Sequence[str]) -> str:
    return ngettext("{n} bribe marker to hand back at a ball for prestige",
                    "{n} bribe markers to hand back at a ball for prestige", r.amount).format(n=r.amount)


def _castle(r: Reason, _names: Sequence[str]) -> str:
    """A castle built: what it scores at the building scorings it can still be enclosed for (``count``)."""
    if r.count == 1:
        return ngettext("a new castle: {n} VP at the last building scoring if it is enclosed by then",
                        "a new castle: {n} VP at the last building scoring if it is enclosed by then",
                        r.amount).format(n=r.amount)
    return ngettext("a new castle: {n} VP at each building scoring once it is enclosed",
                    "a new castle: {n} VP at each building scoring once it is enclosed", r.amount).format(n=r.amount)


def _chapel(r: Reason, _names: Sequence[str]) -> str:
    """A chapel built: its card, and the VP it adds (``amount``) at the ``count`` building scorings the castles and
    palaces beside it can still be enclosed for."""
    if not r.count:
        return _("a chapel: a scandal card now")
    if r.count == 1:
        return ngettext("a chapel: a scandal card now, and +{n} VP at the last building scoring if the buildings "
                        "beside it are enclosed by then",
                        "a chapel: a scandal card now, and +{n} VP at the last building scoring if the buildings "
                        "beside it are enclosed by then", r.amount).format(n=r.amount)
    return ngettext("a chapel: a scandal card now, and +{n} VP at each building scoring once the buildings beside "
                    "it are enclosed",
                    "a chapel: a scandal card now, and +{n} VP at each building scoring once the buildings beside "
                    "it are enclosed", r.amount).format(n=r.amount)


def _expand_again(_r: Reason, _names: Sequence[str]) -> str:
    return _("{card}: a second expansion this turn").format(card=CARD_NAMES[Card.CUNNING_STROKE])


def _square(r: Reason, _names: Sequence[str]) -> str:
    n = r.count
    if r.region == RegionKind.FARM:
        return ngettext("a farm now lacks only one field", "{n} farms now lack only one field each", n).format(n=n)
    if r.region == RegionKind.FOREST:
        return ngettext("a forest now lacks only one grove", "{n} forests now lack only one grove each", n).format(n=n)
    return ngettext("a garden now lacks only one fountain", "{n} gardens now lack only one fountain each", n).format(
        n=n)


def _enclosing(r: Reason, _names: Sequence[str]) -> str:
    n = r.amount
    if r.building == Building.PALACE:
        return ngettext("closes in your palace: {n} of its 8 neighbouring squares filled",
                        "closes in your palace: {n} of its 8 neighbouring squares filled", n).format(n=n)
    return ngettext("closes in your castle: {n} of its 8 neighbouring squares filled",
                    "closes in your castle: {n} of its 8 neighbouring squares filled", n).format(n=n)


def _give_least(r: Reason, _names: Sequence[str]) -> str:
    return ngettext("gives the tile your estate needs least", "gives the {n} tiles your estate needs least",
                    r.count).format(n=r.count)


def _start(r: Reason, _names: Sequence[str]) -> str:
    """Starting tiles (R-SETUP-5): how many are of the player's choosing (``count``), how many drawn (``amount``)."""
    if not r.amount:
        return ngettext("all {n} tile of your choosing, none left to chance",
                        "all {n} tiles of your choosing, none left to chance", r.count).format(n=r.count)
    if not r.count:
        return ngettext("all {n} tile drawn at random from the bag", "all {n} tiles drawn at random from the bag",
                        r.amount).format(n=r.amount)
    return ngettext("{n} tile drawn at random from the bag, the other {chosen} of your choosing",
                    "{n} tiles drawn at random from the bag, the other {chosen} of your choosing",
                    r.amount).format(n=r.amount, chosen=r.count)


def _position(_r: Reason, _names: Sequence[str]) -> str:
    # said of a move made as of one suggested: no verdict in it (a move that lost VP was called the strongest)
    return _("no gain to name now: valued for the position it leaves")


_WORDS: dict[Gain, Callable[[Reason, Sequence[str]], str]] = {
    Gain.TRADE: _trade, Gain.FOLLY: _folly, Gain.TITLE: _title, Gain.HAND_BACK: _hand_back,
    Gain.KEEP_FOR_LATER: _keep_for_later,
    Gain.SCORING: _scoring, Gain.REGION: _region, Gain.QUEEN: _queen, Gain.FOLLY_READY: _folly_ready,
    Gain.KNIGHT: _knight, Gain.PALACE: _palace, Gain.VP: _vp, Gain.CARD: _card, Gain.MONEY: _money,
    Gain.TILES: _tiles, Gain.BRIBES: _bribes, Gain.CASTLE: _castle, Gain.CHAPEL: _chapel,
    Gain.EXPAND_AGAIN: _expand_again, Gain.SQUARE: _square, Gain.ENCLOSING: _enclosing,
    Gain.GIVE_LEAST: _give_least, Gain.START: _start, Gain.POSITION: _position,
}
