"""The complete state of a game of Noblemen, including what is hidden and the seeded generator.

Engine logic lives in `rules.engine`, `rules.legal` and `rules.flow`; this module only holds the data and
knows how to copy it exactly and cheaply.
"""

from __future__ import annotations

import enum

import attrs

from rules import board
from rules.estate import Estate
from rules.model import Card, Decision, Folly, Pos, Title, VPSource
from rules.rng import Rng


class AfterCards(enum.Enum):
    """What follows when the queue of scandal-card picks is empty."""

    SETUP = "setup"
    DECADE = "decade"
    TURN = "turn"


@attrs.define(slots=True, eq=False)
class PlayerState:
    name: str
    money: int
    estate: Estate
    tiles: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])  # behind the screen, by TileType
    bribes: int = 0
    cards: list[Card] = attrs.Factory(list)
    title: Title | None = Title.BARON  # None while titles are returned at a ball
    vp: int = 0
    vp_by_source: list[int] = attrs.Factory(lambda: [0] * len(VPSource))
    tax_used: bool = False
    land_used: bool = False
    knights: list[tuple[int, int]] = attrs.Factory(list)  # (owner seat, region index) of placed knights

    @property
    def tile_count(self) -> int:
        return sum(self.tiles)

    @property
    def knights_in_supply(self) -> int:
        return board.KNIGHTS_PER_PLAYER - len(self.knights)

    def gain_vp(self, amount: int, source: VPSource) -> None:
        self.vp += amount
        self.vp_by_source[source] += amount

    def copy(self, *, shared_estate: bool = False) -> PlayerState:
        """An independent copy; ``shared_estate``: the estate a shared copy (see Estate). Made field by field
        without ``__init__`` (search copies players by the million: a fifth faster)."""
        other = _new_player(PlayerState)
        other.name = self.name
        other.money = self.money
        other.estate = self.estate.copy(shared=shared_estate)
        other.tiles = self.tiles.copy()
        other.bribes = self.bribes
        other.cards = self.cards.copy()
        other.title = self.title
        other.vp = self.vp
        other.vp_by_source = self.vp_by_source.copy()
        other.tax_used = self.tax_used
        other.land_used = self.land_used
        other.knights = self.knights.copy()
        return other


_new_player = PlayerState.__new__


@attrs.define(slots=True, eq=False)
class ExpandProgress:
    """An Expand-the-estate in progress (R-ACT-A): what has been placed and completed so far."""

    by_card: bool  # R-CARD-9: a Cunning Stroke expand is not the turn's action
    placed: int = 0
    fields: int = 0
    groves: int = 0
    farms: int = 0
    forests: int = 0
    gardens: int = 0
    region_choices: list[Pos] = attrs.Factory(list)  # R-LAND-3: squares to choose from, when several
    last: Pos | None = None  # where the last tile went (the squares to choose from go through it)

    def copy(self) -> ExpandProgress:
        return ExpandProgress(
            self.by_card, self.placed, self.fields, self.groves, self.farms, self.forests, self.gardens,
            self.region_choices.copy(), self.last,
        )


@attrs.define(slots=True, eq=False)
class BallProgress:
    """A masked ball in progress (R-BALL-2): markers placed so far and the current player's extra prestige."""

    order: list[int]
    index: int = 0
    places: list[int] = attrs.Factory(list)  # per seat; -1: not placed yet
    base: int = 0  # prestige of the deciding player before hand-backs
    extra: int = 0

    def copy(self) -> BallProgress:
        return BallProgress(self.order.copy(), self.index, self.places.copy(), self.base, self.extra)


@attrs.define(slots=True, eq=False)
class GameState:
    names: list[str]
    seed: int
    first_game: bool
    rng: Rng
    players: list[PlayerState]
    bag: list[int]  # counts by TileType; the order of draws comes from rng (R-LAND-4)
    deck: list[Card]  # index 0 is the top
    castles_board: int
    chapels_board: int
    palaces_board: int
    castles_supply: int
    chapels_supply: int
    palaces_supply: int
    follies: list[Folly]  # still on the board
    follies_built: int
    bribes_board: int
    church: list[int]  # tiles donated this decade, by TileType
    titles_supply: list[int]  # by Title; the Baron count is one per player
    queen: int
    round_pos: int = 0
    decade: int = 1
    step: Decision = Decision.CHOOSE_START_TILES
    decider: int = 0
    turn_seat: int = 0
    action_taken: bool = False
    card_played: bool = False
    expand: ExpandProgress | None = None
    knight_giver: int = -1  # GIVE_TILES: the forest owner (decider) gives to turn_seat
    vicar_returned: int = 0
    offered: list[Card] = attrs.Factory(list)
    card_queue: list[int] = attrs.Factory(list)
    after_cards: AfterCards = AfterCards.SETUP
    ball: BallProgress | None = None
    ball_titles: list[list[Title]] = attrs.Factory(list)  # titles per seat after each ball
    history: list = attrs.Factory(list)  # every applied action, for saves and replays

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.step == Decision.GAME_OVER

    @property
    def expanding(self) -> ExpandProgress:
        """The Expand-the-estate in progress (only while one is: EXPAND, CHOOSE_REGION)."""
        if self.expand is None:
            raise RuntimeError(f"no expand in progress ({self.step.value})")
        return self.expand

    @property
    def at_ball(self) -> BallProgress:
        """The masked ball in progress (only while one is: BALL_SPEND and the ball's own steps)."""
        if self.ball is None:
            raise RuntimeError(f"no ball in progress ({self.step.value})")
        return self.ball

    def copy(self, *, keep_history: bool = True, shared_estates: bool | None = None,
             only_seat: int | None = None) -> GameState:
        """An independent copy; `keep_history=False` is the fast path for search: no history, and the estates
        shared copies (changed only through their methods: see Estate) unless ``shared_estates`` is False. Made
        field by field without ``__init__``, as PlayerState.copy (a quarter faster with the players').

        ``only_seat``: only that seat's player is copied, the others' are this state's own objects: for trying
        a move of that seat's own turn (an action A-G, a trade), which changes no other player's
        (tests/rules/test_state_copy.py): the search's playouts try some five a turn."""
        shared = not keep_history if shared_estates is None else shared_estates
        other = _new_state(GameState)
        other.names = self.names.copy()
        other.seed = self.seed
        other.first_game = self.first_game
        other.rng = self.rng.copy()
        if only_seat is None:
            other.players = [p.copy(shared_estate=shared) for p in self.players]
        else:
            other.players = self.players.copy()
            other.players[only_seat] = self.players[only_seat].copy(shared_estate=shared)
        other.bag = self.bag.copy()
        other.deck = self.deck.copy()
        other.castles_board = self.castles_board
        other.chapels_board = self.chapels_board
        other.palaces_board = self.palaces_board
        other.castles_supply = self.castles_supply
        other.chapels_supply = self.chapels_supply
        other.palaces_supply = self.palaces_supply
        other.follies = self.follies.copy()
        other.follies_built = self.follies_built
        other.bribes_board = self.bribes_board
        other.church = self.church.copy()
        other.titles_supply = self.titles_supply.copy()
        other.queen = self.queen
        other.round_pos = self.round_pos
        other.decade = self.decade
        other.step = self.step
        other.decider = self.decider
        other.turn_seat = self.turn_seat
        other.action_taken = self.action_taken
        other.card_played = self.card_played
        other.expand = self.expand.copy() if self.expand else None
        other.knight_giver = self.knight_giver
        other.vicar_returned = self.vicar_returned
        other.offered = self.offered.copy()
        other.card_queue = self.card_queue.copy()
        other.after_cards = self.after_cards
        other.ball = self.ball.copy() if self.ball else None
        other.ball_titles = self.ball_titles.copy()  # a ball's titles, once written, are never changed
        other.history = self.history.copy() if keep_history else []
        return other

    # The engine's entry points, as methods for convenience.
    def legal_actions(self) -> list:
        from rules.legal import legal_actions

        return legal_actions(self)

    def apply(self, action, legal=None) -> list:
        from rules.engine import apply

        return apply(self, action, legal)

    def view(self, seat: int):
        from rules.observer import view

        return view(self, seat)

    def title_discount(self, seat: int) -> int:
        title = self.players[seat].title
        return board.TITLE_DISCOUNT[title] if title is not None else 0

    def price(self, seat: int, base: int) -> int:
        """R-ACT-B1: price minus the title's discount, never below 0."""
        return max(0, base - self.title_discount(seat))

    def castle_price(self, seat: int) -> int:
        return self.price(seat, board.cheapest_price(board.CASTLE_PRICES, self.castles_board))

    def chapel_price(self, seat: int) -> int:
        return self.price(seat, board.cheapest_price(board.CHAPEL_PRICES, self.chapels_board))

    def palace_price(self, seat: int) -> int:
        return self.price(seat, board.cheapest_price(board.PALACE_PRICES, self.palaces_board))

    def folly_price(self, seat: int) -> int:
        return self.price(seat, board.FOLLY_PRICE)

    def next_folly_vp(self) -> int:
        """R-BOARD-3: the VP the next folly built earns (0 once all four are built)."""
        return board.FOLLY_VP[self.follies_built] if self.follies_built < len(board.FOLLY_VP) else 0

    def bag_size(self) -> int:
        return sum(self.bag)


_new_state = GameState.__new__
