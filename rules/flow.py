"""Game flow: setup, scandal-card picks, turn changes, the round track, balls, scoring, decades, the end.

Every function takes the state and the list of events to append to; none of them checks legality (that is
`rules.engine`'s job before it calls in here).
"""

from __future__ import annotations

import enum

from rules import board
from rules.estate import Estate
from rules.events import Cause, Event, EventKind
from rules.model import TILE_TYPES, Building, Card, Decision, Folly, RegionKind, TileType, Title, VPSource
from rules.names import check_name
from rules.rng import Rng
from rules.state import AfterCards, BallProgress, GameState, PlayerState

E = EventKind


def new_game(names: list[str], seed: int, *, first_game: bool = False) -> GameState:
    """R-SETUP: a new game for 3-5 players in seat order (the first name is the start player)."""
    n = len(names)
    if n not in board.PLAYER_COUNTS:
        raise ValueError(f"Noblemen is played by 3, 4 or 5 players, not {n}")
    for name in names:
        check_name(name)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be an integer from 0 to 2**63-1, not {seed!r}")
    rng = Rng(seed)
    deck = [card for card, count in board.CARD_COUNTS.items() for _ in range(count)]
    rng.shuffle(deck)
    castles, chapels, palaces = board.board_buildings(n)
    duke, marquess, earl, viscount = board.TITLE_SUPPLY[n]
    players = [
        PlayerState(name, board.START_MONEY + i, Estate.starting())  # R-SETUP-1, R-SETUP-4
        for i, name in enumerate(names)
    ]
    state = GameState(
        names=list(names), seed=seed, first_game=first_game, rng=rng, players=players,
        bag=[board.TILE_COUNTS[t] for t in TILE_TYPES], deck=deck,
        castles_board=castles, chapels_board=chapels, palaces_board=palaces,  # R-SETUP-2
        castles_supply=board.CASTLES - castles - n, chapels_supply=board.CHAPELS - chapels,
        palaces_supply=board.PALACES - palaces, follies=list(Folly), follies_built=0,
        bribes_board=board.BRIBES, church=[0, 0, 0, 0],
        titles_supply=[n, viscount, earl, marquess, duke],  # by Title (R-COMP-6)
        queen=n - 1,  # R-SETUP-3
    )
    state.bag[TileType.MEADOW] -= n  # R-SETUP-4: the starting meadows come from the tiles
    if first_game:  # R-SETUP-5: everyone takes 3 of each type; nobody draws
        for p in players:
            for t in TILE_TYPES:
                p.tiles[t] = board.FIRST_GAME_TILES_PER_TYPE
                state.bag[t] -= board.FIRST_GAME_TILES_PER_TYPE
        start_card_picks(state, list(range(n)), AfterCards.SETUP, [])
    else:
        state.step, state.decider = Decision.CHOOSE_START_TILES, 0
    return state


def take_start_tiles(state: GameState, seat: int, counts: tuple[int, ...], events: list[Event]) -> None:
    """R-SETUP-5: the private choice; once everyone chose, each draws up to 12 tiles."""
    p = state.players[seat]
    for t, count in zip(TILE_TYPES, counts, strict=True):
        p.tiles[t] += count
        state.bag[t] -= count
    events.append(Event(E.START_TILES_CHOSEN, seat))
    if seat + 1 < state.n:
        state.decider = seat + 1
        return
    for s, other in enumerate(state.players):
        draw_tiles(state, s, board.START_TILES_TOTAL - other.tile_count, events, Cause.START)
    start_card_picks(state, list(range(state.n)), AfterCards.SETUP, events)


def draw_tiles(state: GameState, seat: int, count: int, events: list[Event], why: Cause) -> int:
    """R-LAND-4: random tiles from the bag; if it runs out the rest is lost. Returns how many were drawn."""
    bag, tiles, rng = state.bag, state.players[seat].tiles, state.rng
    drawn = 0
    kinds = [0, 0, 0, 0]
    for _ in range(count):
        total = bag[0] + bag[1] + bag[2] + bag[3]
        if not total:
            break
        r = rng.below(total)
        t = 0
        while r >= bag[t]:
            r -= bag[t]
            t += 1
        bag[t] -= 1
        tiles[t] += 1
        kinds[t] += 1
        drawn += 1
    if count > 0:
        events.append(Event(E.TILES_DRAWN, seat, drawn, cause=why, tiles=_kinds(kinds)))
    return drawn


def _kinds(counts: list[int]) -> tuple[TileType, ...]:
    """The tiles of ``counts`` (by TileType), sorted by kind."""
    return tuple(t for t in TILE_TYPES for _ in range(counts[t]))


# -- scandal cards (R-CARD-1) --------------------------------------------------------------------------------
def start_card_picks(state: GameState, seats: list[int], after: AfterCards, events: list[Event]) -> None:
    state.card_queue = seats
    state.after_cards = after
    offer_next_card(state, events)


def offer_next_card(state: GameState, events: list[Event]) -> None:
    """Offer the top 3 cards to the next seat in the queue; when the queue is empty, carry on."""
    while state.card_queue:
        seat = state.card_queue.pop(0)
        if state.deck:
            count = min(board.CARDS_OFFERED, len(state.deck))
            state.offered = state.deck[:count]
            del state.deck[:count]
            state.step, state.decider = Decision.KEEP_CARD, seat
            return
    state.offered = []
    after = state.after_cards
    if after == AfterCards.TURN:
        state.step, state.decider = Decision.TURN, state.turn_seat
    elif after == AfterCards.SETUP:
        events.append(Event(E.SETUP_DONE))
        start_turn(state, 0, events)
    else:
        start_turn(state, (state.queen + 1) % state.n, events)  # R-DEC-4


def keep_cards(state: GameState, seat: int, kept: list[Card], events: list[Event]) -> None:
    p = state.players[seat]
    p.cards.extend(kept)
    for card in kept:
        state.offered.remove(card)
    state.deck.extend(state.offered)  # the others go under the deck
    state.offered = []
    events.append(Event(E.CARD_KEPT, seat, len(kept), cards=tuple(kept)))
    offer_next_card(state, events)


# -- turns and the round track ---------------------------------------------------------------------------------
def start_turn(state: GameState, seat: int, events: list[Event]) -> None:
    state.turn_seat = state.decider = seat
    state.step = Decision.TURN
    state.action_taken = state.card_played = False
    state.expand = None
    events.append(Event(E.TURN_STARTED, seat))


def queen_locked(state: GameState) -> bool:
    """R-ROUND-3: the round marker stands on the queen-lock space, and nobody can take the Queen."""
    return state.round_pos == board.QUEEN_LOCK_SPACE


def balls_left(state: GameState) -> int:
    """The masked balls still to come, the one under way counted: this decade's the round marker has not passed
    (R-ROUND-2) and two in each decade after it (R-BOARD-1); none once the game is over."""
    if state.step == Decision.GAME_OVER:
        return 0
    here = sum(1 for space in board.BALL_SPACES
               if state.round_pos < space or (state.round_pos == space and state.ball is not None))
    return here + len(board.BALL_SPACES) * (board.DECADES - state.decade)


def give_queen(state: GameState, seat: int, events: list[Event]) -> None:
    """Hand the Queen to `seat`, unless the round marker stands on the queen-lock space (R-ROUND-3)."""
    if state.queen == seat:
        return
    if queen_locked(state):
        events.append(Event(E.QUEEN_LOCKED, seat, other=state.queen))
        return
    events.append(Event(E.QUEEN_MOVED, seat, other=state.queen))
    state.queen = seat


def end_turn(state: GameState, events: list[Event]) -> None:
    """R-TURN-4: the Queen holder gains 1 VP and advances the round marker."""
    seat = state.turn_seat
    if state.queen == seat:
        state.players[seat].gain_vp(board.QUEEN_VP, VPSource.QUEEN)
        events.append(Event(E.VP_GAINED, seat, board.QUEEN_VP, cause=Cause.QUEEN))
        advance_round(state, events)
    else:
        start_turn(state, (seat + 1) % state.n, events)


def advance_round(state: GameState, events: list[Event]) -> None:
    """R-ROUND-2, R-ROUND-4: reaching a ball or the scoring space triggers it at once."""
    state.round_pos += 1
    events.append(Event(E.ROUND_ADVANCED, amount=state.round_pos))
    if state.round_pos in board.BALL_SPACES:
        start_ball(state, events)
    elif state.round_pos == board.SCORING_SPACE:
        score_buildings(state, events)
        end_decade(state, events)
    else:
        start_turn(state, (state.queen + 1) % state.n, events)


# -- the masked ball (R-BALL) ----------------------------------------------------------------------------------
class PrestigeSource(enum.Enum):
    """R-BALL-2: where a player's prestige at a ball comes from before anything is handed back."""

    FOUNTAINS = "fountains"
    FREE_GARDENS = "free gardens"
    KNIGHTS_ON_GARDENS = "knights on gardens"
    PALACES = "palaces"


def _knights_on_gardens(state: GameState, seat: int) -> int:
    return sum(
        1 for owner, region in state.players[seat].knights
        if state.players[owner].estate.regions[region][0] == RegionKind.GARDEN
    )


def prestige_sources(state: GameState, seat: int) -> list[tuple[PrestigeSource, int, int]]:
    """(source, count, prestige) for each R-BALL-2 source of ``seat``, in the rulebook's order."""
    estate = state.players[seat].estate
    knights_on_gardens = _knights_on_gardens(state, seat)
    fountains = estate.count_tiles(TileType.FOUNTAIN)
    gardens = estate.count_regions(RegionKind.GARDEN, free_only=True)
    palaces = estate.count_buildings(Building.PALACE)
    return [
        (PrestigeSource.FOUNTAINS, fountains, fountains),
        (PrestigeSource.FREE_GARDENS, gardens, board.GARDEN_PRESTIGE * gardens),
        (PrestigeSource.KNIGHTS_ON_GARDENS, knights_on_gardens, board.KNIGHT_PRESTIGE * knights_on_gardens),
        (PrestigeSource.PALACES, palaces, board.PALACE_PRESTIGE * palaces),
    ]


def _estate_prestige(estate: Estate) -> int:
    return (
        estate.count_tiles(TileType.FOUNTAIN)
        + board.GARDEN_PRESTIGE * estate.count_regions(RegionKind.GARDEN, free_only=True)
        + board.PALACE_PRESTIGE * estate.count_buildings(Building.PALACE)
    )


def base_prestige(state: GameState, seat: int) -> int:
    """R-BALL-2: fountains, free gardens, knights on others' gardens, palaces (the sum of prestige_sources)."""
    p = state.players[seat]
    prestige = p.estate.memo("prestige", _estate_prestige)  # the estate's part, read many times by search
    if p.knights:
        prestige += board.KNIGHT_PRESTIGE * _knights_on_gardens(state, seat)
    return prestige


def card_prestige(card: Card) -> int:
    """R-BALL-2, R-CARD-5: a Blackmail handed back at a ball is worth 3 prestige, any other card 1."""
    return board.BLACKMAIL_PRESTIGE if card == Card.BLACKMAIL else board.CARD_PRESTIGE


def card_handed_back(seat: int, card: Card, prestige: int) -> Event:
    """R-BALL-2: a card handed back at a ball, with the prestige it gave; only a Blackmail (+3) is shown to
    everyone, any other stays private ("a scandal card" to the others)."""
    if card == Card.BLACKMAIL:
        return Event(E.CARD_HANDED_BACK, seat, prestige, card=card, cause=Cause.PRESTIGE)
    return Event(E.CARD_HANDED_BACK, seat, prestige, cause=Cause.PRESTIGE, cards=(card,))


def title_for(prestige: int, supply: list[int]) -> Title:
    """R-BALL-3: the highest title left in ``supply`` (counts by Title) that ``prestige`` reaches (Baron always)."""
    for title, needed in _TITLES_BEST_FIRST:
        if supply[title] > 0 and prestige >= needed:
            return title
    raise ValueError(f"no title left for {prestige} prestige in {supply}")


#: (title, prestige it needs), the highest first (made once, and looked at in a plain loop: every ball of a search's
#: playouts hands out titles)
_TITLES_BEST_FIRST = tuple((t, board.TITLE_PRESTIGE[t]) for t in reversed(Title))


def ball_order(state: GameState) -> list[int]:
    """R-BALL-2: the order players place their prestige at a ball (the one under way, or the next): the Queen
    holder first, then clockwise."""
    if state.ball is not None:
        return list(state.ball.order)
    return [(state.queen + i) % state.n for i in range(state.n)]


def start_ball(state: GameState, events: list[Event]) -> None:
    events.append(Event(E.BALL_STARTED))
    for p in state.players:  # R-BALL-1
        p.title = None
    state.ball = BallProgress(ball_order(state), 0, [-1] * state.n)
    next_ball_player(state, events)


def next_ball_player(state: GameState, events: list[Event]) -> None:
    """Each player in turn decides what to hand back; with nothing to hand back, the marker goes at once."""
    ball = state.at_ball
    while ball.index < len(ball.order):
        seat = ball.order[ball.index]
        ball.base, ball.extra = base_prestige(state, seat), 0
        p = state.players[seat]
        if p.bribes or p.cards:
            state.step, state.decider = Decision.BALL_SPEND, seat
            return
        place_prestige(state, events)
    award_titles(state, events)


def prestige_space(places: list[int], total: int) -> int:
    """R-BALL-2: the next LOWER free space on a collision; space 0 holds any number of markers."""
    while total > 0 and total in places:
        total -= 1
    return total


def place_prestige(state: GameState, events: list[Event]) -> None:
    ball = state.at_ball
    seat = ball.order[ball.index]
    space = prestige_space(ball.places, ball.base + ball.extra)
    ball.places[seat] = space
    events.append(Event(E.PRESTIGE_PLACED, seat, space))
    ball.index += 1


def award_titles(state: GameState, events: list[Event]) -> None:
    """R-BALL-3..6: titles by prestige, VP, markers back to 0, the round marker advances."""
    ball = state.at_ball
    supply = state.titles_supply.copy()
    ranking = sorted(ball.order, key=lambda s: -ball.places[s])  # stable: ties (only at 0) keep ball order
    for seat in ranking:
        title = title_for(ball.places[seat], supply)
        supply[title] -= 1
        p = state.players[seat]
        p.title = title
        vp = board.TITLE_VP[title]
        p.gain_vp(vp, VPSource.BALLS)
        events.append(Event(E.TITLE_AWARDED, seat, vp, title=title))
    state.ball_titles.append([p.title or Title.BARON for p in state.players])  # every seat has just got one
    state.ball = None
    state.round_pos += 1
    events.append(Event(E.ROUND_ADVANCED, amount=state.round_pos))
    start_turn(state, (state.queen + 1) % state.n, events)


# -- building scoring, decades and the end ---------------------------------------------------------------------
def score_buildings(state: GameState, events: list[Event]) -> None:
    """R-SCORE: enclosed castles and palaces with their chapels."""
    for seat, p in enumerate(state.players):
        for pos, building, vp in p.estate.building_score():
            p.gain_vp(vp, VPSource.BUILDING_SCORING)
            events.append(Event(E.BUILDING_SCORED, seat, vp, building=building, pos=pos))


def end_decade(state: GameState, events: list[Event]) -> None:
    if state.decade == board.DECADES:
        end_game(state, events)
        return
    castles, chapels, palaces = board.board_buildings(state.n)  # R-DEC-1
    add = min(max(0, castles - state.castles_board), state.castles_supply)
    state.castles_board += add
    state.castles_supply -= add
    add = min(max(0, chapels - state.chapels_board), state.chapels_supply)
    state.chapels_board += add
    state.chapels_supply -= add
    add = min(max(0, palaces - state.palaces_board), state.palaces_supply)
    state.palaces_board += add
    state.palaces_supply -= add
    for t in TILE_TYPES:  # R-DEC-2
        state.bag[t] += state.church[t]
        state.church[t] = 0
    for p in state.players:
        p.tax_used = p.land_used = False
    state.decade += 1  # R-DEC-4
    state.round_pos = 0
    events.append(Event(E.DECADE_STARTED, amount=state.decade))
    seats = [(state.queen + i) % state.n for i in range(state.n)]  # R-DEC-3
    start_card_picks(state, seats, AfterCards.DECADE, events)


def end_game(state: GameState, events: list[Event]) -> None:
    """R-END: Liaisons, then the winners by VP and money."""
    for seat, p in enumerate(state.players):
        liaisons = p.cards.count(Card.LIAISON)
        if liaisons:
            vp = board.LIAISON_VP * liaisons
            p.gain_vp(vp, VPSource.LIAISONS)
            events.append(Event(E.VP_GAINED, seat, vp, cause=Cause.LIAISONS))
    state.step, state.decider = Decision.GAME_OVER, -1
    winners = winning_seats(state)
    events.append(Event(E.GAME_ENDED, winners[0], seats=tuple(winners)))


def winning_seats(state: GameState) -> list[int]:
    """R-END-2: most VP; among the tied, most money; still tied, a shared win."""
    best = max((p.vp, p.money) for p in state.players)
    return [s for s, p in enumerate(state.players) if (p.vp, p.money) == best]
