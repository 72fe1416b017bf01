"""The guided first game, as data: the game it is played in and its steps, in order.

This is the one place where the tutorial's words live (marked with ``N_`` so ``make i18n`` extracts them into
the catalogs; the guide translates them where it shows them). Each step says what to do and why; ``moves`` are
the engine's actions the player takes in that step, in their text form (``rules.parse_action``), one after
another (the first ``free`` of them in any order); a step without moves only explains and waits for Next.
``show`` names the regions an explaining step points at (the keys of :mod:`game.table.targets`, at a ball those of
:mod:`game.table.ball_frame`); a step with moves points at the places of its next moves by itself
(:mod:`game.tutorial.targets`). A step is shown at the table or, ``at`` a masked ball, in the ball's own scene.

The game is a real one: the seed, the seats and the computer players' level below fix its opening, and the
moves were chosen for that game (``tests/game/test_tutorial.py`` plays them all through the table and checks
each step's state). Changing the computer players or the engine may change the game: run that test, and if a
move is no longer possible, choose new moves (or a new seed) for the same lesson.
"""

from __future__ import annotations

import enum

import attrs

from game.i18n import N_
from rules import board

#: the game of the tutorial: its seed, the computer players' level, the player's seat
SEED = 24
OPPONENT_KIND = "easy"
PLAYER_SEAT = 0
SEATS = 3


class At(enum.Enum):
    """Where a step is shown: at the table, at a masked ball, or at a ball once it gives out its titles."""

    TABLE = "table"
    BALL = "ball"
    TITLES = "titles"


@attrs.frozen
class Step:
    """One step of the guide: ``key`` names it (settings, screenshots), ``title`` and ``text`` are message ids.

    ``free``: how many of the first ``moves`` the player may take in any order (the tiles of one expansion);
    ``show``: what an explaining step rings; ``about``: what the step talks about besides its targets (the card
    keeps clear of it); ``at``: where it is shown (a ball's steps are taken in the ball's own scene).
    """

    key: str
    title: str
    text: str
    moves: tuple[str, ...] = ()
    show: tuple[str, ...] = ()
    about: tuple[str, ...] = ()
    free: int = 0
    at: At = At.TABLE

    @property
    def explains(self) -> bool:
        """Only explains: the player reads, then presses Next."""
        return not self.moves


STEPS: tuple[Step, ...] = (
    # -- the first turns: money, tiles, regions, the Queen ---------------------------------------------------
    Step("welcome", N_("Welcome to the court"),
         N_("This is a real game against two computer players. Follow the glowing places, or press Show me and "
            "watch; you may leave the guide at any time.")),
    Step("start-tiles", N_("Your starting tiles"),
         N_("Everyone chooses their first tiles in secret. Three of each kind is a sound start: confirm it."),
         moves=("start tiles field=3 fountain=3 grove=3 meadow=3",)),
    Step("keep-card", N_("A scandal card"),
         N_("You see three scandal cards and keep one. Keep Cunning Stroke: it gives you a second Expand in one "
            "turn."),
         moves=("keep cunning-stroke",)),
    Step("fields", N_("Fields bring money"),
         N_("Expand your estate: drag three fields next to your castle. Each field placed pays you {money}; then "
            "end your turn."),
         moves=("place field at 1,0", "place field at 2,0", "place field at 1,1", "end turn"), free=3),
    Step("trade", N_("Trading"),
         N_("You need a fourth field, and you have more meadows than you need now. During your turn you may give "
            "two tiles for one of your choice: give two meadows for a field."),
         moves=("trade meadow,meadow for field",)),
    Step("farm", N_("A farm, and groves"),
         N_("The fourth field completes a farm: {money} more. Plant two groves above the castle as well: each grove "
            "placed draws you a tile from the bag."),
         moves=("place field at 2,1", "place grove at 0,-1", "place grove at -1,-1", "end turn"), free=3),
    Step("fountains", N_("Fountains"),
         N_("Fountains bring prestige at every masked ball, and four in a square make a garden. Place three "
            "fountains."),
         moves=("place fountain at -1,0", "place fountain at -2,0", "place fountain at -1,1"), free=3),
    Step("cunning-stroke", N_("Playing a scandal card"),
         N_("You may play one scandal card in each turn, before or after your action. Play Cunning Stroke: you "
            "may expand once more."),
         moves=("play cunning-stroke",)),
    Step("garden", N_("A garden and a forest"),
         N_("The fourth fountain completes a garden, and the Queen comes to you. Two more groves complete a "
            "forest: two tiles more now, and two each time you acquire land."),
         moves=("place fountain at -2,1", "place grove at -1,-2", "place grove at 0,-2", "end turn"), free=3),
    Step("queen", N_("The Queen and the round track"),
         N_("Whoever holds the Queen gains 1 VP at the end of their turn and moves the round marker on. On 4 and "
            "8 a masked ball is held; on 10 the buildings score."),
         show=("track:4",)),
    Step("spare", N_("Tiles for buildings"),
         N_("Buildings stand on meadows, and you have one left. Your groves have done their work: give two of "
            "them for another meadow."),
         moves=("trade grove,grove for meadow",)),
    Step("enclose", N_("Around the castle"),
         N_("At the building scoring a castle scores only with tiles on all eight cells around it. Lay a meadow "
            "below it for a chapel, a fountain at its top right, and a meadow further right for a second castle; "
            "then end your turn: the marker reaches the ball."),
         moves=("place meadow at 0,1", "place fountain at 1,-1", "place meadow at 3,0", "end turn"), free=3),
    # -- the first masked ball: prestige, the order of placing, titles ---------------------------------------
    Step("ball1-prestige", N_("The masked ball"),
         N_("At a ball, prestige wins titles. Your estate brings {prestige}: 1 for each fountain and 2 for a "
            "garden with no knight on it (a palace would bring 2 more). Each bribe handed back adds 1, and each "
            "scandal card 1 (Blackmail 3); you have none this time."),
         show=("ball:noble:0",), at=At.BALL),
    Step("ball1-order", N_("Who places first"),
         N_("You hold the Queen, so your marker went first. The others place theirs knowing where yours stands: "
            "they may hand back just enough to pass you. On a space already taken, a marker drops to the next "
            "free one below."),
         show=("ball:track",), at=At.BALL),
    Step("ball1-titles", N_("From prestige to titles"),
         N_("Titles go by prestige, highest first: each noble takes the best title still free whose threshold "
            "they reach (Viscount {viscount}, Earl {earl}, Marquess {marquess}, Duke {duke}; one of each here). "
            "You are {title}: {title_vp} VP now. Titles are won anew at every ball."),
         show=("ball:noble:0",), about=("ball:titles",), at=At.TITLES),
    # -- the middle of the decade: a chapel, taxes, bribes ---------------------------------------------------
    Step("chapel", N_("A chapel beside the castle"),
         N_("Build a chapel on the meadow below your castle: at every building scoring it adds 1 VP to the castle "
            "beside it. A chapel brings a scandal card: keep Inheritance, a castle for free."),
         moves=("build chapel at 0,1", "keep inheritance", "end turn")),
    Step("taxes", N_("Taxes and land"),
         N_("Collect taxes: money for your fields and your farm, once a decade. Acquire land works alike: tiles for "
            "groves and forests."),
         moves=("collect taxes returning 0", "end turn")),
    Step("bribe", N_("Bribing the royal family"),
         N_("Bribe: each bribe costs {money} and brings 1 VP at once, and 1 prestige when handed back at a ball. "
            "Take three: with the {prestige} from your estate they make {marquess}, the threshold of Marquess."),
         moves=("bribe 3", "end turn")),
    # -- the second masked ball: what to hand back -------------------------------------------------------------
    Step("ball2-bribes", N_("Handing back bribes"),
         N_("Your turn at the ball. Hand back your bribes, one at a time: each is 1 more prestige. Kept, a bribe "
            "would later bring only £1 when you collect taxes or a tile when you acquire land; here it counts "
            "towards a title."),
         moves=("hand back bribe", "hand back bribe", "hand back bribe"), about=("ball:noble:0",), at=At.BALL),
    Step("ball2-keep", N_("Keeping a card"),
         N_("Your {total} prestige reach the threshold of {reached}, and one more would buy no better title. So "
            "keep Inheritance: handed back it would be worth 1 prestige, kept it is a castle. Place your marker."),
         moves=("place prestige",), about=("ball:noble:0",), at=At.BALL),
    Step("ball2-titles", N_("Your title"),
         N_("You are {title}: {title_vp} VP now, and until the next ball every building costs you {discount} "
            "less."),
         show=("ball:noble:0",), at=At.TITLES),
    # -- the end of the decade: the lock, a free castle, land, the building scoring ----------------------------
    Step("lock", N_("The Queen's lock"),
         N_("The marker stands on the lock: nobody can take the Queen from you now, whatever they build or play."),
         show=("track:9",)),
    Step("inheritance", N_("A castle for free"),
         N_("Play Inheritance and put the castle on your meadow at the right. It sends no knight: a castle you "
            "build sends one to another player's region, where a farm pays you, a forest gives you tiles and a "
            "garden brings the Queen."),
         moves=("play inheritance", "inherit castle at 3,0")),
    Step("land", N_("Acquiring land"),
         N_("Your action: acquire land, a tile for each grove and two for your forest, once a decade. These tiles "
            "are for the next decade."),
         moves=("acquire land returning 0",)),
    Step("scoring", N_("Building scoring"),
         N_("End your turn: the marker reaches 10. A castle with tiles on all eight cells around it scores 3 VP, "
            "and 1 more for each chapel beside it; your first castle has both."),
         moves=("end turn",), about=("cell:0,0",)),
    # -- the next decade: a folly ----------------------------------------------------------------------------
    Step("decade", N_("A new decade"),
         N_("A new decade: everyone gets a scandal card, and taxes and land may be taken again. Keep Cunning "
            "Stroke once more."),
         moves=("keep cunning-stroke",)),
    Step("folly-card", N_("A folly"),
         N_("The first folly built brings 12 VP at once. One of them needs a farm, a garden and a forest, all "
            "yours now, and a free meadow: play Cunning Stroke to lay one."),
         moves=("play cunning-stroke",), about=("board:folly-mixed",)),
    Step("folly-meadow", N_("A meadow for the folly"),
         N_("Lay the meadow at the top right, and two fields beside your second castle: {money} each, and two "
            "cells of the eight that castle needs."),
         moves=("place meadow at 2,-1", "place field at 3,1", "place field at 4,0"), free=3),
    Step("folly", N_("Building the folly"),
         N_("Drag the folly of a farm, a garden and a forest onto the new meadow: it costs you {folly_price} and "
            "brings {folly_vp} VP."),
         moves=("build folly-mixed at 2,-1",)),
    Step("done", N_("On your own"),
         N_("That was your first decade, and a folly. You have a title, the Queen, an estate that scores, and "
            "money and tiles for your next turn. Play on against the computer players: taxes and land are yours "
            "to take again this decade. Good luck at court!")),
)

#: the amount of a step's ``{money}`` (the guide writes it in the player's language)
MONEY = {"fields": board.FIELD_MONEY, "farm": board.FARM_MONEY, "bribe": board.BRIBE_PRICE,
         "folly-meadow": board.FIELD_MONEY}
