"""The guided first game, as data: the game it is played in and its steps, in order.

This is the one place where the tutorial's words live (marked with ``N_`` so ``make i18n`` extracts them into
the catalogs; the guide translates them where it shows them). Each step says what to do and why; ``moves`` are
the engine's actions the player takes in that step, in their text form (``rules.parse_action``), one after
another; a step without moves only explains and waits for Next. ``show`` names the table's regions an
explaining step points at (the keys of :mod:`game.table.targets`); a step with moves points at the place of its
next move by itself (:mod:`game.tutorial.targets`).

The game is a real one: the seed, the seats and the computer players' level below fix its opening, and the
moves were chosen for that game (``tests/game/test_tutorial.py`` plays them all through the table and checks
each step's state). Changing the computer players or the engine may change the game: run that test, and if a
move is no longer possible, choose new moves (or a new seed) for the same lesson.
"""

from __future__ import annotations

import attrs

from game.i18n import N_
from rules import board

#: the game of the tutorial: its seed, the computer players' level, the player's seat
SEED = 24
OPPONENT_KIND = "easy"
PLAYER_SEAT = 0
SEATS = 3


@attrs.frozen
class Step:
    """One step of the guide: ``key`` names it (settings, screenshots), ``title`` and ``text`` are message ids."""

    key: str
    title: str
    text: str
    moves: tuple[str, ...] = ()
    show: tuple[str, ...] = ()

    @property
    def explains(self) -> bool:
        """Only explains: the player reads, then presses Next."""
        return not self.moves


STEPS: tuple[Step, ...] = (
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
         moves=("place field at 1,0", "place field at 2,0", "place field at 1,1", "end turn")),
    Step("trade", N_("Trading"),
         N_("You need a fourth field. During your turn you may give two tiles for one of your choice: give a grove "
            "and a meadow for a field."),
         moves=("trade grove,meadow for field",)),
    Step("farm", N_("A farm, and groves"),
         N_("The fourth field completes a farm: {money} more. Then plant two groves: each grove placed draws you "
            "a tile from the bag."),
         moves=("place field at 2,1", "place grove at 0,1", "place grove at 0,2", "end turn")),
    Step("fountains", N_("Fountains"),
         N_("Fountains bring prestige at every masked ball, and four in a square make a garden. Place three "
            "fountains."),
         moves=("place fountain at -1,0", "place fountain at -2,0", "place fountain at -1,1")),
    Step("cunning-stroke", N_("Playing a scandal card"),
         N_("You may play one scandal card in each turn, before or after your action. Play Cunning Stroke: you "
            "may expand once more."),
         moves=("play cunning-stroke",)),
    Step("garden", N_("A garden brings the Queen"),
         N_("The fourth fountain completes a garden, and the Queen comes to you. Then lay two meadows: buildings "
            "stand on meadows."),
         moves=("place fountain at -2,1", "place meadow at 3,0", "place meadow at 0,-1", "end turn")),
    Step("queen", N_("The Queen and the round track"),
         N_("Whoever holds the Queen gains 1 VP at the end of their turn and moves the round marker on. On 4 and "
            "8 a masked ball is held; on 10 the buildings score."),
         show=("track:4",)),
    Step("chapel", N_("A chapel and its card"),
         N_("Build a chapel on your meadow: drag it from the board. A chapel brings a scandal card; keep "
            "Inheritance, a free castle for later."),
         moves=("build chapel at 0,-1", "keep inheritance")),
    Step("ball", N_("The masked ball"),
         N_("End your turn: the marker reaches the ball. Prestige from fountains, gardens and palaces gives "
            "titles, and titles give VP."),
         moves=("end turn",)),
    Step("taxes", N_("Taxes and land"),
         N_("Collect taxes: money for your fields and your farm, once a decade. Acquire land works alike: tiles for "
            "groves and forests."),
         moves=("collect taxes returning 0", "end turn")),
    Step("castle", N_("A castle"),
         N_("Drag a castle onto your meadow on the right: a castle may not stand next to another castle or a "
            "palace."),
         moves=("build castle at 3,0",)),
    Step("knight", N_("Sending a knight"),
         N_("A castle sends a knight to another player's region: a farm pays you, a forest gives you tiles, a "
            "garden brings the Queen. Send it to {region}."),
         moves=("knight to 2:0", "end turn")),
    Step("leisure", N_("Leisure"),
         N_("When nothing else helps, Leisure does nothing and gains you 1 VP. This turn there is something better "
            "to do."),
         show=("action:leisure",)),
    Step("bribe", N_("Bribing the royal family"),
         N_("Bribe: each bribe costs {money} and brings 1 VP at once. Take five; at the next masked ball each one "
            "handed back is 1 prestige."),
         moves=("bribe 5", "end turn")),
    Step("titles", N_("From prestige to titles"),
         N_("At the ball your bribes became prestige, and prestige gave you a title. Its VP came at once, and a "
            "title makes buildings cheaper."),
         show=("board:player:0",)),
    Step("lock", N_("The Queen's lock"),
         N_("The marker stands on the lock: nobody can take the Queen from you now, whatever they build or play."),
         show=("track:9",)),
    Step("church", N_("The church"),
         N_("Donate tiles to the church: 1 VP for each, at most three of a kind in a decade. Give your grove, then "
            "press Done."),
         moves=("donate grove", "finish donating")),
    Step("scoring", N_("Building scoring"),
         N_("End your turn: the marker reaches 10. A castle with tiles on all eight cells around it scores 3 VP, "
            "and 1 more for each chapel beside it."),
         moves=("end turn",)),
    Step("done", N_("Your first decade"),
         N_("That was a whole decade. Two more follow, with the same moves: play on against the computer players. "
            "Good luck at court!")),
)

#: the amount of a step's ``{money}`` (the guide writes it in the player's language); ``{region}`` names the region
#: the step's knight goes to ("Mary's farm")
MONEY = {"fields": board.FIELD_MONEY, "farm": board.FARM_MONEY, "bribe": board.BRIBE_PRICE}
